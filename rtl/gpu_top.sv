// gpu_top: the GPU core with the pins of INT-010 (seed 001) and one external memory port.
//
//   SPI (spi_sck_i domain) -> host_spi_slave -> prim_async_fifo (32 x {addr, data})
//     -> prim_spill_reg (command register) -> host_reg_file (core) -> raster_setup (+ tmu_setup)
//     -> raster_walk -> pixel_color -> tmu_pixel (texture units) -> pixel_ztest -> pixel_blend
//     -> pixel_fbwrite -> mem_arbiter -> mem
//   draw_state_table holds the draw states the triangles and fragments refer to by id.
//   host_reg_file is also a memory client (MEM_ADDR / MEM_DATA). cp_top (the command processor,
//   docs/command.md) sits between the command register and host_reg_file and is a memory client.
//   display_top scans FB_DISPLAY out through the colour-grading LUT to three TMDS symbol
//   streams in the clk_pix_i domain (memory client 6, the highest priority class).
//   shader_tile (seed 000, docs/shader.md "GPU integration"; ShaderCores > 0) runs the kernels
//   of SHD_LAUNCH (sequenced by host_reg_file) and is memory client 8, whose atomics lock the
//   arbiter's grant (c_lock_i, D17).
// Pins: CMD_FULL (FIFO depth >= 30 = MAX-2), CMD_EMPTY (FIFO and command register empty), IRQ,
// VSYNC (2 core cycles at each frame boundary: docs/spec-decisions.md "Display path"),
// gpu_busy_o (STATUS.BUSY as a pin, for LEDs and harnesses), the DVI symbols (pixel clock
// domain, for a serialiser) and two display debug outputs for harnesses (pixel domain).
// Memory: docs/interfaces.md. mem_req_id_o / mem_req_prim_o are debug sideband (client index,
// triangle sequence number); memory devices ignore them.
// Reset: rst_ni asynchronous, released synchronously per domain (prim_rst_sync in the core
// domain; the SPI side only holds toggles and FIFO pointers, reset asynchronously while SCK is
// idle). RstSync = 0 leaves the core domain's synchroniser out: the caller's rst_ni is then
// already released synchronously to clk_i, and drives the core flops directly (the board routes
// it on a global clock network: a reset with about 7,300 loads no longer uses fabric routing).
module gpu_top #(
  parameter int unsigned DsEntries = gpu_pkg::DS_N,  // draw-state entries in use (tests: fewer)
  parameter bit          RstSync   = 1'b1,           // synchronise rst_ni's release to clk_i here
  parameter int unsigned ShaderCores = 0,            // cores of the shader tile; 0: no tile (SHD_LAUNCH
                                                     // then does nothing and SHD_STATUS.NCORES reads 0)
  parameter bit          SimtCluster = 1'b1,         // the SIMT cluster; 0: none (the ICEpi Zero build:
                                                     // SIMT_LAUNCH does nothing, SIMT_STATUS.ABSENT reads 1,
                                                     // DISPATCH of a SIMT kernel fails UNSUPPORTED)
  parameter bit          CmdProc     = 1'b1,         // the command processor; 0: none (the ICEpi Zero build:
                                                     // its registers do nothing, CP_STATUS.ABSENT reads 1)
  parameter bit          ClockGate   = 1'b1          // gate the clocks of the SIMT cluster, the command processor,
                                                     // the shader tile and the texel pipeline (tmu_pixel) while
                                                     // they are idle (prim_clock_gate); 0: free-running
                                                     // (the ECP5 builds; docs/architecture.md "Clock gating")
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic clk_gate_bypass_i,  // 1: the gated units' clocks run every cycle (tie to 0)
  input  logic clk_pix_i,     // pixel clock (25.175 MHz); may be stopped (no scanout then)

  input  logic spi_sck_i,
  input  logic spi_cs_ni,
  input  logic spi_mosi_i,
  output logic spi_miso_o,

  output logic cmd_full_o,
  output logic cmd_empty_o,
  output logic vsync_o,
  output logic gpu_busy_o,
  output logic irq_o,         // command processor interrupt (level): CP_IRQ_STATUS & CP_IRQ_MASK

  // DVI: one 10-bit TMDS symbol per channel per pixel clock (channel 0 blue + syncs, 1 green,
  // 2 red), and the display's underflow count and lowest FIFO level (harness debug)
  output logic [9:0]  dvi_tmds0_o,
  output logic [9:0]  dvi_tmds1_o,
  output logic [9:0]  dvi_tmds2_o,
  output logic [15:0] disp_underflow_o,
  output logic [9:0]  disp_level_min_o,

  // the memory port as pins (one signal per field of gpu_pkg::mem_req_t; docs/interfaces.md)
  output logic                          mem_req_valid_o,
  input  logic                          mem_req_ready_i,
  output logic [gpu_pkg::MEM_AW-1:0]    mem_req_addr_o,
  output logic                          mem_req_we_o,
  output logic [31:0]                   mem_req_wdata_o,
  output logic [3:0]                    mem_req_be_o,
  output logic [gpu_pkg::MEM_LEN_W-1:0] mem_req_len_o,
  output logic [gpu_pkg::MEM_TAG_W-1:0] mem_req_id_o,
  output logic [gpu_pkg::PRIM_W-1:0]    mem_req_prim_o,
  input  logic                       mem_rsp_valid_i,
  input  logic [31:0]                mem_rsp_rdata_i
);
  localparam int unsigned FifoDepth = gpu_pkg::CMD_FIFO_DEPTH;

  logic rst_core_n;
  if (RstSync) begin : g_rst_sync
    prim_rst_sync u_rst_core (.clk_i(clk_i), .rst_ni(rst_ni), .rst_no(rst_core_n));
  end else begin : g_rst_ext
    assign rst_core_n = rst_ni;
  end

  // ---- host link ----
  logic        fifo_wvalid, fifo_wfull, fifo_rvalid, fifo_rready;
  logic [gpu_pkg::CMD_W-1:0] fifo_wdata, fifo_rdata;
  logic [$clog2(FifoDepth):0] fifo_depth, fifo_wdepth;
  logic        ovf_tgl, rd_req_tgl, rd_done_tgl, ovf_p, rd_req_p, rd_done_p;
  logic [6:0]  rd_addr;
  logic [63:0] rd_data;

  host_spi_slave u_spi (
    .spi_sck_i     (spi_sck_i),
    .spi_cs_ni     (spi_cs_ni),
    .spi_mosi_i    (spi_mosi_i),
    .spi_miso_o    (spi_miso_o),
    .rst_ni        (rst_ni),
    .fifo_wvalid_o (fifo_wvalid),
    .fifo_wdata_o  (fifo_wdata),
    .fifo_wfull_i  (fifo_wfull),
    .ovf_tgl_o     (ovf_tgl),
    .rd_req_tgl_o  (rd_req_tgl),
    .rd_done_tgl_o (rd_done_tgl),
    .rd_addr_o     (rd_addr),
    .rd_data_i     (rd_data)
  );

  // in block RAM (Bram): its 71 x 32 bits were 36 TRELLIS_DPR16X4, 216 LUT4 sites (docs/synth.md)
  prim_async_fifo #(.Width(gpu_pkg::CMD_W), .Depth(FifoDepth), .Bram(1'b1)) u_cmd_fifo (
    .wclk_i   (spi_sck_i),
    .wrst_ni  (rst_ni),
    .wvalid_i (fifo_wvalid),
    .wdata_i  (fifo_wdata),
    .wfull_o  (fifo_wfull),
    .wdepth_o (fifo_wdepth),
    .rclk_i   (clk_i),
    .rrst_ni  (rst_core_n),
    .rvalid_o (fifo_rvalid),
    .rdata_o  (fifo_rdata),
    .rready_i (fifo_rready),
    .rdepth_o (fifo_depth)
  );

  // command register between the FIFO's head register and the register file's decode:
  // all of the register file's inputs from the FIFO come from flops (100 MHz, docs/synth.md)
  // and the kind of the command (gpu_pkg::cmd_kind_t) is decoded before the register
  logic        cmd_valid, cmd_ready;
  logic [gpu_pkg::CMD_W-1:0] cmd_data;
  gpu_pkg::cmd_kind_t fifo_kind, cmd_kind;
  logic [1:0]  cmd_stage_count;
  logic [1:0]  cp_pass_count;   // host writes on their way through the command processor
  logic [5:0]  cmd_depth;
  logic        clk_cmd;         // the command register's clock: the command processor's (gated)
  always_comb begin
    fifo_kind             = '0;
    fifo_kind.vertex      = (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_VERTEX);
    fifo_kind.mem_data    = (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_MEM_DATA);
    // MEM_ADDR and the VRAM window: MEM_DATA's prefetch is redone after either
    fifo_kind.mem_addr    = (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_MEM_ADDR) ||
                            (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_CP_WIN_BASE) ||
                            (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_CP_WIN_LIMIT);
    fifo_kind.simt_launch = (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_SIMT_LAUNCH);
    fifo_kind.shd_launch  = (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_SHD_LAUNCH);
    fifo_kind.cp          = (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_CP_CMD) ||
                            (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_CP_CTRL) ||
                            (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_CP_IRQ_MASK) ||
                            (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_CP_IRQ_CLEAR) ||
                            (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_CP_SLOT_ADDR) ||
                            (fifo_rdata[70:64] == gpu_regs_pkg::ADDR_CP_ABORT);
  end
  prim_spill_reg #(.Width(gpu_pkg::CMD_KIND_W + gpu_pkg::CMD_W)) u_cmd_reg (
    .clk_i   (clk_cmd),
    .rst_ni  (rst_core_n),
    .valid_i (fifo_rvalid),
    .ready_o (fifo_rready),
    .data_i  ({fifo_kind, fifo_rdata}),
    .valid_o (cmd_valid),
    .ready_i (cmd_ready),
    .data_o  ({cmd_kind, cmd_data}),
    .count_o (cmd_stage_count)
  );
  // STATUS.FIFO_DEPTH and CMD_EMPTY count the commands in the stage too; registered (timing:
  // the FIFO's depth is a synchronised Gray pointer decoded and subtracted, and STATUS reads
  // are answered from a register behind it), so both lag the FIFO by one more core cycle,
  // well inside the synchroniser's own latency that a host already waits out
  always_ff @(posedge clk_i or negedge rst_core_n) begin
    if (!rst_core_n) cmd_depth <= '0;
    else             cmd_depth <= 6'(fifo_depth) + 6'(cmd_stage_count) + 6'(cp_pass_count);
  end

  prim_toggle_rx u_ovf_rx  (.clk_i(clk_i), .rst_ni(rst_core_n), .toggle_i(ovf_tgl),     .pulse_o(ovf_p));
  prim_toggle_rx u_req_rx  (.clk_i(clk_i), .rst_ni(rst_core_n), .toggle_i(rd_req_tgl),  .pulse_o(rd_req_p));
  prim_toggle_rx u_done_rx (.clk_i(clk_i), .rst_ni(rst_core_n), .toggle_i(rd_done_tgl), .pulse_o(rd_done_p));

  // ---- register file ----
  logic tri_valid, tri_ready, pipe_busy, rf_busy;
  gpu_pkg::triangle_t tri_rec;
  // memory clients: 0 register file (MEM_*), 1 pixel_ztest, 2 pixel_fbwrite, 3 SIMT cluster,
  // 4 pixel_blend (destination reads), 5 tmu_pixel (texture cache fills), 6 display_top (scanout),
  // 7 cp_top (command processor), 8 shader_tile (no requests without a tile)
  localparam int unsigned NumClients = 9;
  logic [NumClients-1:0]              c_req_valid, c_req_ready, c_rsp_valid;
  logic [NumClients-1:0]              c_acc;     // accepted at the arbiter's grant (behind its input registers)
  logic [NumClients-1:0][gpu_pkg::MEM_REQ_W-1:0] c_req;   // mem_req_t per client, flat
  // one variable per client, packed into c_req below (Yosys leaves an output port connected to
  // an element of a packed struct array without a driver; docs/synth.md "Yosys traps")
  gpu_pkg::mem_req_t                  regs_req, ztest_req, fbw_req, simt_req, blend_req, tex_req, disp_req, cp_req, shd_req;
  assign c_req = {shd_req, cp_req, disp_req, tex_req, blend_req, simt_req, fbw_req, ztest_req, regs_req};
  logic                               shd_lock;  // the shader tile's atomic holds the grant (D17)
  gpu_pkg::mem_rsp_t                  c_rsp;     // shared by the clients, c_rsp_valid says whose
  gpu_pkg::mem_rsp_t                  c_rsp_raw; // the same a cycle earlier, for client 5 (RspRaw)
  logic        simt_launch_valid, simt_launch_ready, simt_busy, simt_done;
  logic [gpu_pkg::TEX_UNITS-1:0] tex_inv;   // texture caches to invalidate (TEXn_BASE / FMT)
  logic [7:0]  simt_threads;
  logic [13:0] simt_prog;
  logic [14:0] simt_data;
  logic        shd_launch_valid, shd_launch_ready, shd_busy, shd_watchdog, shd_aborted;
  logic [31:0] shd_entry, shd_arg_base, shd_tile_offset;
  logic [63:0] shd_status;
  logic        shd_fault;                     // SHD_STATUS.FAULT (the command processor reads it)
  logic [12:0] disp_fb;
  logic        disp_enable, disp_ctrl_we, disp_addr_we, disp_data_we, disp_vblank;
  logic [14:0] disp_wdata;
  logic [7:0]  disp_lut_ptr;

  // ---- command processor (seed 004, docs/command.md): between the command register and the
  // register file; its packets hold the head while they run ----
  logic                      rf_cmd_valid, rf_cmd_ready, rf_cmd_own, cp_rd_ok, cp_busy;
  logic [gpu_pkg::CMD_W-1:0] rf_cmd_data;
  gpu_pkg::cmd_kind_t        rf_cmd_kind;
  logic [63:0]               cp_rd_data;
  logic [31:0]               cp_win_base, cp_win_limit, cp_watchdog;
  logic [63:0]               cp_ktab;
  logic                      simt_abort, simt_stop;   // DISPATCH's (cp_top), SIMT_LAUNCH's (host_reg_file)
  if (CmdProc) begin : g_cp
    // Clock gate (docs/architecture.md "Clock gating"): the command processor's state, and that
    // of the command register in front of it (on the same clock), moves only when the command
    // register takes a word from the FIFO, and when cp_top's wake_o says so: busy (a packet in
    // its checks or carried out, the mailbox clear after reset, the read pipe refilling its
    // head), a transfer on one of its links (the head taken, a write taken by the register
    // file, a request by the arbiter), a response or a completed register read (CP_SLOT_DATA,
    // CP_PIPE advance) to register. A write waiting for the register file's ready moves
    // nothing. The linger cycles cover the mailbox read register and the read pipe's head
    // catching up with CP_SLOT_ADDR and a pop. Every term comes from flip-flops through little
    // logic (the readies are the register file's and the arbiter's combinational ones).
    logic clk_cp, cp_wake, cp_idle, cp_wake_in;
    assign cp_wake = (fifo_rvalid && fifo_rready) || cp_wake_in;
    assign clk_cmd = clk_cp;
    prim_clock_gate #(.Enable(ClockGate)) u_cg_cp (
      .clk_i (clk_i), .rst_ni (rst_core_n), .wake_i (cp_wake), .bypass_i (clk_gate_bypass_i),
      .clk_o (clk_cp), .idle_o (cp_idle)
    );
    cp_top u_cp (
      .clk_i (clk_cp), .rst_ni (rst_core_n),
      .cmd_valid_i (cmd_valid), .cmd_data_i (cmd_data), .cmd_kind_i (cmd_kind), .cmd_ready_o (cmd_ready),
      .rf_valid_o (rf_cmd_valid), .rf_data_o (rf_cmd_data), .rf_kind_o (rf_cmd_kind), .rf_own_o (rf_cmd_own),
      .rf_ready_i (rf_cmd_ready),
      .rf_busy_i (rf_busy),
      .win_base_i (cp_win_base), .win_limit_i (cp_win_limit),
      .ktab_i (cp_ktab), .watchdog_i (cp_watchdog),
      .shd_present_i (ShaderCores != 0), .simt_present_i (SimtCluster), .shd_fault_i (shd_fault), .shd_watchdog_i (shd_watchdog),
      .shd_aborted_i (shd_aborted),
      .simt_abort_o (simt_abort),
      .rd_addr_i (rd_addr), .rd_done_i (rd_done_p), .rd_data_o (cp_rd_data), .rd_ok_o (cp_rd_ok),
      .mem_req_valid_o (c_req_valid[7]), .mem_req_ready_i (c_req_ready[7]), .mem_req_o (cp_req),
      .mem_rsp_valid_i (c_rsp_valid[7]), .mem_rsp_i (c_rsp),
      .irq_o (irq_o), .busy_o (cp_busy), .wake_o (cp_wake_in), .pass_count_o (cp_pass_count)
    );
`ifndef SYNTHESIS
    // the gate's contract where it can fail (clk_gate_bypass_i = 1), as for the SIMT cluster;
    // the read outputs follow the read address combinationally and are left out
    prim_chk_stable #(.Name("a_cp_gate_idle"), .W($bits({cp_busy, irq_o, simt_abort, c_req_valid[7], cp_req, cmd_ready,
                rf_cmd_valid, rf_cmd_data, rf_cmd_kind, rf_cmd_own, cp_pass_count}))) a_cp_gate_idle (
      .clk_i (clk_i), .rst_ni (rst_core_n), .cond_i (cp_idle),
      .value_i ({cp_busy, irq_o, simt_abort, c_req_valid[7], cp_req, cmd_ready,
                rf_cmd_valid, rf_cmd_data, rf_cmd_kind, rf_cmd_own, cp_pass_count})
    );
`endif
  end else begin : g_no_cp
    // no command processor: its registers' writes (cmd_kind.cp) are taken and dropped (CP_ABORT
    // still reaches host_reg_file's kernel stop through head_abort_i), every other write goes
    // to the register file; its read-only registers read 0 but CP_STATUS.ABSENT
    gpu_regs_pkg::reg_cp_status_t cp_st;
    always_comb begin
      cp_st        = '0;
      cp_st.absent = 1'b1;
    end
    assign clk_cmd        = clk_i;
    assign cp_pass_count  = '0;
    assign rf_cmd_valid   = cmd_valid && !cmd_kind.cp;
    assign rf_cmd_data    = cmd_data;
    assign rf_cmd_kind    = cmd_kind;
    assign rf_cmd_own     = 1'b0;
    assign cmd_ready      = cmd_kind.cp || rf_cmd_ready;
    assign cp_rd_data     = (rd_addr == gpu_regs_pkg::ADDR_CP_STATUS) ? 64'(cp_st) : '0;
    assign cp_rd_ok       = 1'b1;
    assign cp_busy        = 1'b0;
    assign irq_o          = 1'b0;
    assign simt_abort     = 1'b0;
    assign c_req_valid[7] = 1'b0;
    assign cp_req         = '0;
    logic unused_cp;
    assign unused_cp = rf_busy ^ (^cp_win_base) ^ (^cp_win_limit) ^ (^cp_ktab) ^ (^cp_watchdog) ^
                       shd_fault ^ shd_watchdog ^ shd_aborted ^ rd_done_p ^ c_req_ready[7] ^ c_rsp_valid[7];
  end

  host_reg_file u_regs (
    .clk_i           (clk_i),
    .rst_ni          (rst_core_n),
    .cmd_valid_i     (rf_cmd_valid),
    .cmd_data_i      (rf_cmd_data),
    .cmd_kind_i      (rf_cmd_kind),
    .cmd_from_cp_i   (rf_cmd_own),
    .cmd_ready_o     (rf_cmd_ready),
    .cmd_depth_i     (cmd_depth),
    .rd_req_i        (rd_req_p),
    .rd_done_i       (rd_done_p),
    .rd_addr_i       (rd_addr),
    .rd_data_o       (rd_data),
    .cp_rd_data_i    (cp_rd_data),
    .cp_rd_ok_i      (cp_rd_ok),
    .cp_busy_i       (cp_busy),
    .cp_win_base_o   (cp_win_base),
    .cp_win_limit_o  (cp_win_limit),
    .cp_ktab_o       (cp_ktab),
    .cp_watchdog_o   (cp_watchdog),
    .ovf_i           (ovf_p),
    .tri_valid_o     (tri_valid),
    .tri_ready_i     (tri_ready),
    .tri_o           (tri_rec),
    .pipe_busy_i     (pipe_busy),
    .ds_alloc_valid_o (ds_alloc_valid),
    .ds_alloc_ready_i (ds_alloc_ready),
    .ds_alloc_state_o (ds_alloc_state),
    .ds_alloc_id_i   (ds_alloc_id),
    .ds_cur_id_i     (ds_cur_id),
    .ds_acq_o        (ds_acq[0]),
    .ds_acq_id_o     (ds_acq_id[0]),
    .simt_launch_valid_o (simt_launch_valid),
    .simt_launch_ready_i (simt_launch_ready),
    .simt_threads_o  (simt_threads),
    .simt_prog_o     (simt_prog),
    .simt_data_o     (simt_data),
    .simt_busy_i     (simt_busy),
    .simt_present_i  (SimtCluster),
    .simt_stop_o     (simt_stop),
    .shd_launch_valid_o (shd_launch_valid),
    .shd_launch_ready_i (shd_launch_ready),
    .shd_entry_o     (shd_entry),
    .shd_arg_base_o  (shd_arg_base),
    .shd_tile_offset_o (shd_tile_offset),
    .shd_status_i    (shd_status),
    .shd_busy_i      (shd_busy),
    .head_abort_i    (cmd_valid && cmd_kind.cp && (cmd_data[70:64] == gpu_regs_pkg::ADDR_CP_ABORT) && cmd_data[0]),
    .head_take_i     (cmd_valid && cmd_ready),
    .shd_watchdog_o  (shd_watchdog),
    .shd_aborted_o   (shd_aborted),
    .tex_inv_o       (tex_inv),
    .disp_fb_o       (disp_fb),
    .disp_enable_o   (disp_enable),
    .disp_ctrl_we_o  (disp_ctrl_we),
    .disp_addr_we_o  (disp_addr_we),
    .disp_data_we_o  (disp_data_we),
    .disp_wdata_o    (disp_wdata),
    .disp_lut_ptr_i  (disp_lut_ptr),
    .disp_vblank_i   (disp_vblank),
    .mem_req_valid_o (c_req_valid[0]),
    .mem_req_ready_i (c_req_ready[0]),
    .mem_req_o       (regs_req),
    .mem_rsp_valid_i (c_rsp_valid[0]),
    .mem_rsp_i       (c_rsp),
    .busy_o          (rf_busy)
  );

  // ---- draw states, by reference (docs/architecture.md) ----
  // acquire: 0 triangle latched by the register file, 1 fragment pushed by the walker
  // release: 0 triangle dropped by setup, 1 triangle finished by the walker, 2 fragment failed
  //          the depth test, 3 fragment taken by pixel_fbwrite (the last stage reading state)
  logic                 ds_alloc_valid, ds_alloc_ready, ds_busy;
  gpu_pkg::draw_state_t ds_alloc_state;
  gpu_pkg::ds_id_t      ds_alloc_id, ds_cur_id;
  logic [1:0]           ds_acq;
  gpu_pkg::ds_id_t [1:0] ds_acq_id;
  logic [3:0]           ds_rel;
  gpu_pkg::ds_id_t [3:0] ds_rel_id;
  logic [gpu_pkg::DS_N-1:0][gpu_pkg::DRAW_STATE_W-1:0] ds_table;       // draw_state_t per entry, flat
  logic [gpu_pkg::DS_N-1:0][gpu_pkg::DRAW_STATE_W-1:0] ds_table_fwd;   // (with the entry written now)

  // RefW 7: up to ~50 fragments hold an entry at once (the walker's FIFO, the texture stage's
  // fragment FIFO, the pixel stages), plus the triangles
  draw_state_table #(.Entries(DsEntries), .NumAcq(2), .NumRel(4), .RefW(7)) u_ds (
    .clk_i (clk_i), .rst_ni (rst_core_n),
    .alloc_valid_i (ds_alloc_valid), .alloc_ready_o (ds_alloc_ready),
    .alloc_state_i (ds_alloc_state), .alloc_id_o (ds_alloc_id), .cur_id_o (ds_cur_id),
    .acq_i (ds_acq), .acq_id_i (ds_acq_id), .rel_i (ds_rel), .rel_id_i (ds_rel_id),
    .table_o (ds_table), .table_fwd_o (ds_table_fwd), .busy_o (ds_busy)
  );

  // ---- raster ----
  logic set_valid, set_ready, setup_busy, walk_busy, pix_busy, arb_busy, drop;
  gpu_pkg::setup_t set_rec;   // setup record (edges, attribute planes, colour, state, prim)

  // LOD table (written by setup, read by the texture stage; docs/architecture.md "LOD table")
  logic                  lod_we, lod_busy;
  logic [gpu_pkg::LOD_ADDR_W-1:0] lod_waddr;
  gpu_pkg::tex_lod_row_t lod_wdata;
  gpu_pkg::lod_idx_t     lod_oldest;

  raster_setup u_setup (
    .clk_i (clk_i), .rst_ni (rst_core_n),
    .tri_valid_i (tri_valid), .tri_ready_o (tri_ready), .tri_i (tri_rec),
    .set_valid_o (set_valid), .set_ready_i (set_ready), .set_o (set_rec),
    .lod_we_o (lod_we), .lod_waddr_o (lod_waddr), .lod_wdata_o (lod_wdata),
    .lod_busy_i (lod_busy), .lod_oldest_i (lod_oldest),
    .ds_table_i (ds_table_fwd), .drop_o (drop), .drop_sid_o (ds_rel_id[0]), .busy_o (setup_busy)
  );

  logic frag_valid, frag_ready;
  gpu_pkg::frag_t frag;
  gpu_pkg::tex_vals_t frag_tex;      // the fragment's texture sideband (plane values)
  logic hdr_valid, hdr_ready, hdr_full;
  gpu_pkg::tex_hdr_t tex_hdr;        // per triangle: enabled units, bbox origin, LOD table index
  gpu_pkg::ds_id_t walk_sid;
  assign ds_rel[0]    = drop;
  assign ds_acq_id[1] = walk_sid;
  assign ds_rel_id[1] = walk_sid;

  raster_walk u_walk (
    .clk_i (clk_i), .rst_ni (rst_core_n),
    .set_valid_i (set_valid), .set_ready_o (set_ready), .set_i (set_rec),
    .frag_valid_o (frag_valid), .frag_ready_i (frag_ready), .frag_o (frag), .frag_tex_o (frag_tex),
    .hdr_valid_o (hdr_valid), .hdr_ready_i (hdr_ready), .hdr_o (tex_hdr), .hdr_full_o (hdr_full),
    .busy_o (walk_busy),
    .frag_push_o (ds_acq[1]), .tri_done_o (ds_rel[1]), .sid_o (walk_sid)
  );

  // ---- pixel path: a chain of stages with identical frag_* valid/ready ports ----
  //   pixel_color -> tmu_pixel (texture units) -> pixel_ztest -> pixel_blend -> pixel_fbwrite
  logic col_valid, col_ready, zt_valid, zt_ready, bl_valid, bl_ready, ztest_busy, blend_busy, fbw_busy;
  logic tx_valid, tx_ready, tex_busy;
  gpu_pkg::pfrag_t col_frag, tx_frag, zt_frag, bl_frag;
  logic [gpu_pkg::TEX_UNITS-1:0][31:0] tex_hits, tex_misses;   // (harness counters, hierarchy)

  pixel_color u_color (
    .frag_valid_i (frag_valid), .frag_ready_o (frag_ready), .frag_i (frag),
    .frag_valid_o (col_valid), .frag_ready_i (col_ready), .frag_o (col_frag)
  );

  // the texture units: one shared datapath, the four units' cache on memory client 5; the
  // texture sideband (frag_tex) travels with the fragment through the combinational pixel_color
  tmu_pixel #(.ClockGate(ClockGate)) u_tex (
    .clk_i (clk_i), .rst_ni (rst_core_n), .clk_gate_bypass_i (clk_gate_bypass_i),
    .frag_valid_i (col_valid), .frag_ready_o (col_ready), .frag_i (col_frag), .tex_i (frag_tex),
    .hdr_valid_i (hdr_valid), .hdr_ready_o (hdr_ready), .hdr_i (tex_hdr),
    .frag_valid_o (tx_valid), .frag_ready_i (tx_ready), .frag_o (tx_frag),
    .ds_table_i (ds_table), .inv_i (tex_inv),
    .lod_we_i (lod_we), .lod_waddr_i (lod_waddr), .lod_wdata_i (lod_wdata),
    .lod_busy_o (lod_busy), .lod_oldest_o (lod_oldest),
    .mem_req_valid_o (c_req_valid[5]), .mem_req_ready_i (c_req_ready[5]), .mem_req_o (tex_req),
    .mem_rsp_valid_i (c_rsp_valid[5]), .mem_rsp_i (c_rsp_raw),   // registered in tmu_pixel (RspRaw)
    .hit_count_o (tex_hits), .miss_count_o (tex_misses), .busy_o (tex_busy)
  );

  pixel_ztest u_ztest (
    .clk_i (clk_i), .rst_ni (rst_core_n),
    .frag_valid_i (tx_valid), .frag_ready_o (tx_ready), .frag_i (tx_frag),
    .frag_valid_o (zt_valid), .frag_ready_i (zt_ready), .frag_o (zt_frag),
    .ds_table_i (ds_table), .rel_o (ds_rel[2]), .rel_sid_o (ds_rel_id[2]),
    .mem_req_valid_o (c_req_valid[1]), .mem_req_ready_i (c_req_ready[1]), .mem_req_o (ztest_req),
    .mem_rsp_valid_i (c_rsp_valid[1]), .mem_rsp_i (c_rsp),
    .busy_o (ztest_busy)
  );

  // a pipeline register between depth test and blend: the ready chain from the arbiter through
  // pixel_fbwrite and pixel_blend's pass-through ends here instead of running on through
  // pixel_ztest and pixel_color to the walker (timing, docs/synth.md; +1 cycle of latency)
  logic zb_valid, zb_ready;
  logic [1:0] zb_count;
  gpu_pkg::pfrag_t zb_frag;
  prim_spill_reg #(.Width($bits(zt_frag))) u_zb_reg (
    .clk_i (clk_i), .rst_ni (rst_core_n),
    .valid_i (zt_valid), .ready_o (zt_ready), .data_i (zt_frag),
    .valid_o (zb_valid), .ready_i (zb_ready), .data_o (zb_frag),
    .count_o (zb_count)
  );

  // the blend stage's destination read waits until every colour write of an earlier fragment
  // has been accepted by the arbiter's grant (wr_done: c_acc of pixel_fbwrite's client, not its
  // request handshake, which only reaches the arbiter's input register; docs/interfaces.md)
  pixel_blend u_blend (
    .clk_i (clk_i), .rst_ni (rst_core_n),
    .frag_valid_i (zb_valid), .frag_ready_o (zb_ready), .frag_i (zb_frag),
    .frag_valid_o (bl_valid), .frag_ready_i (bl_ready), .frag_o (bl_frag),
    .ds_table_i (ds_table), .wr_done_i (c_acc[2]),
    .mem_req_valid_o (c_req_valid[4]), .mem_req_ready_i (c_req_ready[4]), .mem_req_o (blend_req),
    .mem_rsp_valid_i (c_rsp_valid[4]), .mem_rsp_i (c_rsp),
    .busy_o (blend_busy)
  );

  // and one between pixel_blend and pixel_fbwrite: the arbiter's grant (pixel_fbwrite's ready)
  // ends here instead of running on through pixel_blend's pass-through to u_zb_reg (timing)
  logic bf_valid, bf_ready;
  logic [1:0] bf_count;
  gpu_pkg::pfrag_t bf_frag;
  prim_spill_reg #(.Width($bits(bl_frag))) u_bf_reg (
    .clk_i (clk_i), .rst_ni (rst_core_n),
    .valid_i (bl_valid), .ready_o (bl_ready), .data_i (bl_frag),
    .valid_o (bf_valid), .ready_i (bf_ready), .data_o (bf_frag),
    .count_o (bf_count)
  );

  pixel_fbwrite u_fbwrite (
    .clk_i (clk_i), .rst_ni (rst_core_n),
    .frag_valid_i (bf_valid), .frag_ready_o (bf_ready), .frag_i (bf_frag),
    .ds_table_i (ds_table), .rel_o (ds_rel[3]), .rel_sid_o (ds_rel_id[3]),
    .mem_req_valid_o (c_req_valid[2]), .mem_req_ready_i (c_req_ready[2]), .mem_req_o (fbw_req),
    .busy_o (fbw_busy)
  );
  assign pix_busy = tex_busy || ztest_busy || (zb_count != 2'd0) || blend_busy || (bf_count != 2'd0) || fbw_busy;
  logic unused_fbw_rsp;
  assign unused_fbw_rsp = c_rsp_valid[2];   // colour writes get no responses

  // ---- SIMT compute cluster (seed 002), program/data windows at the top of memory ----
  // simt_mem_top keeps its own flat memory port (the cluster is also built and tested without
  // gpu_pkg); it becomes a mem_req_t here. Single-word requests, no triangle.
  logic                       simt_req_we;
  logic [gpu_pkg::MEM_AW-1:0] simt_req_addr;
  logic [31:0]                simt_req_wdata;
  logic [3:0]                 simt_req_be;
  always_comb begin
    simt_req       = '0;
    simt_req.addr  = simt_req_addr;
    simt_req.we    = simt_req_we;
    simt_req.wdata = simt_req_wdata;
    simt_req.be    = simt_req_be;
  end

  if (SimtCluster) begin : g_simt
    // Clock gate (docs/architecture.md "Clock gating"): the cluster's state moves only while a
    // kernel runs (busy: dispatcher in Run until every block has ended and every store has
    // been accepted), when a launch is offered, while an abort is held, while its memory
    // request waits and when a read response arrives; the linger cycles cover what settles
    // after busy falls (done flag, channel acknowledges). Every term is a flip-flop's output.
    logic clk_simt, simt_wake, simt_idle;
    assign simt_wake = simt_busy || simt_launch_valid || simt_abort || simt_stop ||
                       c_req_valid[3] || c_rsp_valid[3];
    prim_clock_gate #(.Enable(ClockGate)) u_cg_simt (
      .clk_i (clk_i), .rst_ni (rst_core_n), .wake_i (simt_wake), .bypass_i (clk_gate_bypass_i),
      .clk_o (clk_simt), .idle_o (simt_idle)
    );
    // Input registers on the gated clock (prim_gated_in; docs/architecture.md "Clock gating":
    // what the gate saves in simulation): the cluster's launch, stop and read response come
    // from the free-running domain, and read directly they made the idle cluster cost about 7 %
    // of an untextured scene. Each is one cycle later than before; the launch is taken on both
    // sides in the same cycle. The wake terms above cover each register's input, the linger
    // cycles its return to 0. (The request side keeps the arbiter's combinational ready: a few
    // gates, measured no cost.)
    logic        lv_q, lv_ready, ab_q, rv_q;
    logic [7:0]  lt_q;
    logic [13:0] lp_q;
    logic [14:0] ld_q;
    logic [31:0] rd_q;
    prim_gated_in #(.LaunchW(8 + 14 + 15), .RspW(32)) u_simt_in (
      .clk_i (clk_simt), .rst_ni (rst_core_n),
      .launch_valid_i (simt_launch_valid), .launch_ready_o (simt_launch_ready),
      .launch_data_i ({simt_threads, simt_prog, simt_data}),
      .launch_valid_o (lv_q), .launch_ready_i (lv_ready), .launch_data_o ({lt_q, lp_q, ld_q}),
      .stop_i (simt_abort || simt_stop), .stop_o (ab_q),
      .rsp_valid_i (c_rsp_valid[3]), .rsp_data_i (c_rsp.rdata), .rsp_valid_o (rv_q), .rsp_data_o (rd_q)
    );
    simt_mem_top #(.ProgWin(gpu_pkg::SIMT_PROG_WIN), .DataWin(gpu_pkg::SIMT_DATA_WIN)) u_simt (
      .clk_i (clk_simt), .rst_ni (rst_core_n), .abort_i (ab_q),
      .launch_valid_i (lv_q), .launch_ready_o (lv_ready),
      .launch_threads_i (lt_q), .launch_prog_base_i (lp_q), .launch_data_base_i (ld_q),
      .busy_o (simt_busy), .done_o (simt_done),
      .mem_req_valid_o (c_req_valid[3]), .mem_req_ready_i (c_req_ready[3]),
      .mem_req_addr_o (simt_req_addr), .mem_req_we_o (simt_req_we),
      .mem_req_wdata_o (simt_req_wdata), .mem_req_be_o (simt_req_be),
      .mem_rsp_valid_i (rv_q), .mem_rsp_rdata_i (rd_q)
    );
`ifndef SYNTHESIS
    // the gate's contract, checked where it can fail (clk_gate_bypass_i = 1: the cluster is
    // clocked at every edge): an edge the gate would hold back leaves every output as it was
    prim_chk_stable #(.Name("a_simt_gate_idle"), .W($bits({simt_launch_ready, simt_busy, simt_done, c_req_valid[3], simt_req_addr,
                simt_req_we, simt_req_wdata, simt_req_be}))) a_simt_gate_idle (
      .clk_i (clk_i), .rst_ni (rst_core_n), .cond_i (simt_idle),
      .value_i ({simt_launch_ready, simt_busy, simt_done, c_req_valid[3], simt_req_addr,
                simt_req_we, simt_req_wdata, simt_req_be})
    );
`endif
  end else begin : g_no_simt
    // no cluster: a launch is taken at once and runs nothing (host_reg_file reports ABSENT)
    assign simt_launch_ready = 1'b1;
    assign simt_busy         = 1'b0;
    assign simt_done         = 1'b0;
    assign c_req_valid[3]    = 1'b0;
    assign simt_req_addr     = '0;
    assign simt_req_we       = 1'b0;
    assign simt_req_wdata    = '0;
    assign simt_req_be       = '0;
    logic unused_simt;
    assign unused_simt = simt_launch_valid ^ (^simt_threads) ^ (^simt_prog) ^ (^simt_data) ^
                         simt_abort ^ simt_stop ^ c_req_ready[3] ^ c_rsp_valid[3] ^ clk_gate_bypass_i;
  end

  // ---- shader tile (seed 000, docs/shader.md "GPU integration"), memory client 8 ----
  if (ShaderCores > 0) begin : g_shader
    localparam int unsigned N = ShaderCores;
    logic        done, done_fault;
    logic [31:0] done_status, fault_pc, fault_insn, fault_addr;
    logic [2:0]  fault_cause;
    logic [3:0]  fault_core;
    // per-core report and the monitor ports of sim/shader's testbenches: unused in the GPU
    // (flat vectors of the ports' widths: Yosys misreads packed 2-D arrays declared in a
    // generate block, docs/synth.md "Yosys traps")
    logic [N*32-1:0] core_status, rv_pc, rv_insn, rv_next_pc, rv_rd_val, rv_mem_addr, rv_mem_rdata,
                     rv_mem_wdata, rv_csr_val, rv_trap_addr;
    logic [N*64-1:0] rv_order;
    logic [N*12-1:0] rv_csr;
    logic [N*5-1:0]  rv_rd;
    logic [N*4-1:0]  rv_mem_wmask;
    logic [N*3-1:0]  rv_mem_size, rv_trap;
    logic [N*2-1:0]  rv_mem;
    logic [N-1:0]    core_halted, core_fault, mon_dm_acc, rv_valid, rv_rd_wr, rv_csr_wr;
    // Clock gate (docs/architecture.md "Clock gating"): the tile's state moves only from a
    // launch until its done cycle (busy; a stop from outside is ignored while no kernel runs),
    // while its memory request waits or its atomic holds the grant, and when a response arrives;
    // the linger cycles cover what settles after done. Every term is a flip-flop's output.
    logic clk_shd, shd_wake, shd_idle;
    assign shd_wake = shd_busy || shd_launch_valid || c_req_valid[8] || c_rsp_valid[8] || shd_lock;
    prim_clock_gate #(.Enable(ClockGate)) u_cg_shd (
      .clk_i (clk_i), .rst_ni (rst_core_n), .wake_i (shd_wake), .bypass_i (clk_gate_bypass_i),
      .clk_o (clk_shd), .idle_o (shd_idle)
    );
    // input registers on the gated clock, as for the SIMT cluster (prim_gated_in); a stale stop
    // level while no kernel runs is ignored by the tile, and the first edge of a launch's wake
    // refreshes it before the launch is taken
    logic        lv_q, lv_ready, ab_q, rv_q;
    logic [31:0] le_q, la_q, lo_q;
    logic [gpu_pkg::MEM_RSP_W-1:0] rs_q;
    prim_gated_in #(.LaunchW(3 * 32), .RspW(gpu_pkg::MEM_RSP_W)) u_shd_in (
      .clk_i (clk_shd), .rst_ni (rst_core_n),
      .launch_valid_i (shd_launch_valid), .launch_ready_o (shd_launch_ready),
      .launch_data_i ({shd_entry, shd_arg_base, shd_tile_offset}),
      .launch_valid_o (lv_q), .launch_ready_i (lv_ready), .launch_data_o ({le_q, la_q, lo_q}),
      .stop_i (shd_watchdog || shd_aborted), .stop_o (ab_q),
      .rsp_valid_i (c_rsp_valid[8]), .rsp_data_i (c_rsp), .rsp_valid_o (rv_q), .rsp_data_o (rs_q)
    );
    shader_tile #(.NumCores(N), .MemAw(gpu_pkg::MEM_AW)) u_tile (
      .clk_i (clk_shd), .rst_ni (rst_core_n),
      .launch_valid_i (lv_q), .launch_ready_o (lv_ready),
      .launch_entry_i (le_q), .launch_arg_base_i (la_q), .launch_tile_offset_i (lo_q),
      .abort_i (ab_q),
      .busy_o (shd_busy), .done_o (done), .done_fault_o (done_fault), .done_status_o (done_status),
      .core_status_o (core_status), .core_halted_o (core_halted), .core_fault_o (core_fault),
      .fault_cause_o (fault_cause), .fault_core_o (fault_core), .fault_pc_o (fault_pc),
      .fault_insn_o (fault_insn), .fault_addr_o (fault_addr),
      .mem_req_valid_o (c_req_valid[8]), .mem_req_ready_i (c_req_ready[8]), .mem_req_o (shd_req),
      .mem_lock_o (shd_lock),
      .mem_rsp_valid_i (rv_q), .mem_rsp_i (gpu_pkg::mem_rsp_t'(rs_q)),
      .mon_dm_acc_o (mon_dm_acc), .rv_valid_o (rv_valid), .rv_order_o (rv_order), .rv_pc_o (rv_pc),
      .rv_insn_o (rv_insn), .rv_next_pc_o (rv_next_pc), .rv_rd_wr_o (rv_rd_wr), .rv_rd_o (rv_rd),
      .rv_rd_val_o (rv_rd_val), .rv_mem_o (rv_mem), .rv_mem_addr_o (rv_mem_addr), .rv_mem_size_o (rv_mem_size),
      .rv_mem_rdata_o (rv_mem_rdata), .rv_mem_wdata_o (rv_mem_wdata), .rv_mem_wmask_o (rv_mem_wmask),
      .rv_csr_wr_o (rv_csr_wr), .rv_csr_o (rv_csr), .rv_csr_val_o (rv_csr_val), .rv_trap_o (rv_trap),
      .rv_trap_addr_o (rv_trap_addr)
    );
    // SHD_STATUS by its generated fields (BUSY is or-ed in by host_reg_file)
    gpu_regs_pkg::reg_shd_status_t st;
    always_comb begin
      st            = '0;
      st.fault_pc   = fault_pc;
      st.ncores     = 5'(ShaderCores);
      st.fault_core = fault_core;
      st.cause      = fault_cause;
      st.misaligned = done_status[0];   // STATUS.MISALIGNED of a core (D14)
      st.watchdog   = shd_watchdog;     // stopped by host_reg_file (docs/shader.md "Stopping a kernel")
      st.aborted    = shd_aborted;
      st.fault      = done_fault;
    end
    assign shd_status = st;
    assign shd_fault  = done_fault;
`ifndef SYNTHESIS
    // the gate's contract where it can fail (clk_gate_bypass_i = 1), as for the SIMT cluster
    prim_chk_stable #(.Name("a_shd_gate_idle"), .W($bits({shd_launch_ready, shd_busy, done, done_fault, done_status,
                c_req_valid[8], shd_req, shd_lock, core_halted, core_fault, fault_pc,
                fault_core, fault_cause}))) a_shd_gate_idle (
      .clk_i (clk_i), .rst_ni (rst_core_n), .cond_i (shd_idle),
      .value_i ({shd_launch_ready, shd_busy, done, done_fault, done_status,
                c_req_valid[8], shd_req, shd_lock, core_halted, core_fault, fault_pc,
                fault_core, fault_cause})
    );
`endif
    logic unused_shd;
    assign unused_shd = ^{done, done_status[31:1], fault_insn, fault_addr, core_status, core_halted, core_fault,
                          mon_dm_acc, rv_valid, rv_order, rv_pc, rv_insn, rv_next_pc, rv_rd_wr, rv_rd, rv_rd_val,
                          rv_mem, rv_mem_addr, rv_mem_size, rv_mem_rdata, rv_mem_wdata, rv_mem_wmask,
                          rv_csr_wr, rv_csr, rv_csr_val, rv_trap, rv_trap_addr};
  end else begin : g_no_shader
    assign shd_launch_ready = 1'b1;
    assign shd_busy         = 1'b0;
    assign shd_status       = '0;
    assign shd_fault        = 1'b0;
    assign shd_req          = '0;
    assign shd_lock         = 1'b0;
    assign c_req_valid[8]   = 1'b0;
    logic unused_shd;
    assign unused_shd = shd_launch_valid ^ (^shd_entry) ^ (^shd_arg_base) ^ (^shd_tile_offset) ^ c_req_ready[8] ^ c_rsp_valid[8] ^
                        shd_watchdog ^ shd_aborted;
  end

  // ---- display controller (docs/spec-decisions.md "Display path") ----
  display_top u_disp (
    .clk_i (clk_i), .rst_ni (rst_core_n), .clk_pix_i (clk_pix_i),
    .fb_display_i (disp_fb), .enable_i (disp_enable), .ctrl_we_i (disp_ctrl_we),
    .lut_addr_we_i (disp_addr_we), .lut_data_we_i (disp_data_we), .wdata_i (disp_wdata),
    .lut_ptr_o (disp_lut_ptr), .vblank_o (disp_vblank), .vsync_o (vsync_o),
    .mem_req_valid_o (c_req_valid[6]), .mem_req_ready_i (c_req_ready[6]), .mem_req_o (disp_req),
    .mem_rsp_valid_i (c_rsp_valid[6]), .mem_rsp_i (c_rsp),
    .tmds0_o (dvi_tmds0_o), .tmds1_o (dvi_tmds1_o), .tmds2_o (dvi_tmds2_o),
    .underflow_o (disp_underflow_o), .level_min_o (disp_level_min_o)
  );

  // priority classes: 2 for scanout (real time: the display's FIFO must never run dry), 1 for
  // the reads a fragment waits for (depth, destination colour, texel blocks), 0 for
  // the rest. A destination read never overtakes a colour write it depends on: pixel_blend
  // requests it only when no colour write is waiting here (docs/interfaces.md).
  // Every client reaches the grant through an input register (InReg): no path runs from a
  // client's logic through the grant into another client's in one cycle (docs/synth.md "ULX3S").
  // The texture cache's (client 5) is in tmu_pixel (u_mreq_reg, the same prim_spill_reg on the
  // texture back end's gated clock), so its bit here is 0: one register, not two. Likewise its
  // response register (RspRaw bit 5: tmu_pixel's rsp_q takes the place of RspReg's).
  gpu_pkg::mem_req_t mem_req;
  mem_arbiter #(.N(NumClients), .Classes(3), .ClassOf({2'd0, 2'd0, 2'd2, 2'd1, 2'd1, 2'd0, 2'd0, 2'd1, 2'd0}),  // clients 8..0
                .InReg(9'b1_1101_1111), .RspReg(1'b1), .RspRaw(9'b0_0010_0000)) u_arb (
    .clk_i (clk_i), .rst_ni (rst_core_n),
    .c_req_valid_i (c_req_valid), .c_req_ready_o (c_req_ready), .c_req_i (c_req),
    .c_lock_i ({shd_lock, 8'h00}),   // the shader tile's atomics (docs/shader.md D17)
    .c_acc_o (c_acc),
    .c_rsp_valid_o (c_rsp_valid), .c_rsp_o (c_rsp), .c_rsp_raw_o (c_rsp_raw),
    .mem_req_valid_o (mem_req_valid_o), .mem_req_ready_i (mem_req_ready_i), .mem_req_o (mem_req),
    .mem_rsp_valid_i (mem_rsp_valid_i), .mem_rsp_rdata_i (mem_rsp_rdata_i),
    .busy_o (arb_busy)
  );
  assign mem_req_addr_o  = mem_req.addr;
  assign mem_req_we_o    = mem_req.we;
  assign mem_req_wdata_o = mem_req.wdata;
  assign mem_req_be_o    = mem_req.be;
  assign mem_req_len_o   = mem_req.len;
  assign mem_req_id_o    = mem_req.tag;
  assign mem_req_prim_o  = mem_req.prim;

  // the pixel side is busy while setup, walker, pixel pipe or the arbiter hold pixel work
  // MEM_* accesses wait while this is high: rendering or a SIMT kernel still owns memory
  assign pipe_busy = setup_busy || set_valid || walk_busy ||
                     pix_busy || arb_busy || simt_busy || shd_busy;

  // drop_o is a debug event (counted by harness monitors through hierarchy), not a pin;
  // done is implied by busy falling
  logic unused_drop;
  assign unused_drop = drop ^ (^c_acc[NumClients-1:3]) ^ (^c_acc[1:0]) ^ simt_done ^ ds_busy ^ hdr_full ^ (^tex_hits) ^ (^tex_misses) ^ (^fifo_wdepth);

  assign cmd_full_o  = (fifo_depth >= ($clog2(FifoDepth)+1)'(FifoDepth - 2));
  assign cmd_empty_o = (cmd_depth == '0);
  assign gpu_busy_o  = rf_busy || cp_busy;
endmodule
