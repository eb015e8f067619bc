// host_reg_file: INT-010 v5.0 register file (UNIT-003).
//
// Applies register writes from the command FIFO in order, answers SPI reads, latches vertices
// and submits a triangle record (three vertices + the id of its draw state) on the third VERTEX
// write, and runs MEM_ADDR / MEM_DATA upload and readback through its own memory
// client port. Storage, write masks, read masks and reset values come from the generated
// gpu_regs_pkg (scripts/regmap.py); only the registers with side effects are written out here.
//
// Ordering: a MEM_DATA write, and the prefetch that serves MEM_DATA reads, wait until every
// earlier triangle has left the pixel pipeline (pipe_busy_i low, no triangle pending), so memory
// accesses through MEM_* observe FIFO order exactly as the C model does. A MEM_DATA write is
// taken from the FIFO at once and waits in MemDrain (later register writes go on; a later third
// VERTEX, MEM_* or SIMT_LAUNCH waits for it): cmd_ready_o is a function of this module's flops,
// the head command and the draw-state table's free flag only, never of pipe_busy_i, so the
// command register's enable stays short (100 MHz, docs/synth.md).
// Reads: answered from the register state when rd_req_i pulses (rd_addr_i is quasi-static);
// MEM_DATA answers from the prefetch buffer (the word at MEM_ADDR). Side effects of a read
// (MEM_ADDR += 4, STATUS error flags clear) happen on rd_done_i, i.e. only for completed reads.
// Illegal input: reserved addresses and read-only registers ignore writes; reserved bits are
// masked; MEM_ADDR >= 32 MiB drops the access (reads 0) and sets STATUS.MEM_RANGE_ERR.
// SIMT_LAUNCH (project extension, docs/simt.md) hands {threads, program offset, data offset} to
// the cluster's valid/ready launch port; a second launch waits until the cluster takes the first.
// A kernel launched by the host's SIMT_LAUNCH (not by cp_top's DISPATCH, cmd_from_cp_i, which
// has its own watchdog) is stopped (simt_stop_o, SIMT_STATUS; docs/simt.md "Stopping a kernel")
// when CP_WATCHDOG.CYCLES > 0 cycles have passed since the cluster took the launch, or when a
// CP_ABORT write with STOP set is the first command after the SIMT_LAUNCH to reach the head of
// the command stream (before the cluster takes the launch: it is stopped as soon as it starts).
// SHD_LAUNCH (project extension, docs/shader.md "GPU integration") runs one kernel on the shader
// tile: taken when no memory operation is in flight, it waits until every earlier triangle and
// kernel has left the pipeline (drained), hands {SHD_KERNEL, TILE_OFFSET} to the tile's launch
// port, and waits until the tile is done and its writes have passed the arbiter (drained again).
// No command is taken meanwhile, so the kernel sits between the commands before and after it
// exactly as in the C model, which runs it to completion at the write. Register reads go on.
// A running kernel is stopped (shd_watchdog_o or shd_aborted_o, the tile's abort_i; docs/shader.md
// "Stopping a kernel") when CP_WATCHDOG.CYCLES > 0 cycles have passed since the tile took the
// launch, or when a CP_ABORT write with STOP set is the first command after SHD_LAUNCH to reach
// the head of the command stream (cp_top's input, which takes CP_* writes itself); any other
// command taken there first leaves the kernel running for good, as in the model. cp_top may
// take the CP_ABORT while the launch still waits for the drain: the kernel is then stopped as
// soon as it starts. The first cause is kept for SHD_STATUS until the next SHD_LAUNCH.
// Texture caches: a write of TEXn_BASE or TEXn_FMT sets unit n's pending invalidate; it pulses
// tex_inv_o[n] once every earlier triangle has left the pipeline (as a MEM_DATA write waits),
// and a later third VERTEX waits for that, so the cache clears exactly between the triangles
// before and after the write in command order (docs/spec-decisions.md "Texture cache").
// Draw state: the third VERTEX after a write to a draw-state register (TRI_MODE, ALPHA_BLEND, DITHER_MODE,
// FB_DRAW, FB_ZBUFFER, TEXn_*: gpu_regs_pkg::DRAW_STATE_REGS) allocates the next draw_state_table entry with the current state (waiting while that entry is
// still referenced); otherwise the triangle refers to the entry allocated last.
// Throughput: one command per cycle, a register write one per two (its storage write is
// applied a cycle later and nothing reads the storage meanwhile), except a third VERTEX while
// the triangle slot is full (or
// no draw-state entry is free) and
// MEM_* commands waiting for the pipeline to drain.
module host_reg_file (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        cmd_valid_i,
  input  logic [70:0] cmd_data_i,         // {addr[6:0], data[63:0]}
  input  gpu_pkg::cmd_kind_t cmd_kind_i,  // the side-effect registers, decoded from addr
  input  logic        cmd_from_cp_i,      // the command is cp_top's own (a packet's), not the host's
  output logic        cmd_ready_o,
  input  logic [5:0]  cmd_depth_i,

  input  logic        rd_req_i,
  input  logic        rd_done_i,
  input  logic [6:0]  rd_addr_i,
  output logic [63:0] rd_data_o,
  // the command processor (rtl/cp/cp_top.sv) answers reads of the CP_* registers it keeps
  input  logic [63:0] cp_rd_data_i,
  input  logic        cp_rd_ok_i,
  input  logic        cp_busy_i,          // STATUS.BUSY includes it
  output logic [31:0] cp_win_base_o,      // the VRAM window (CP_WIN_BASE, CP_WIN_LIMIT) as stored
  output logic [31:0] cp_win_limit_o,
  output logic [63:0] cp_ktab_o,          // CP_KTAB, CP_WATCHDOG as stored
  output logic [31:0] cp_watchdog_o,
  input  logic        ovf_i,              // a write was dropped at the full FIFO

  output logic        tri_valid_o,
  input  logic        tri_ready_i,
  output gpu_pkg::triangle_t tri_o,
  input  logic        pipe_busy_i,

  // draw-state table (rtl/draw/draw_state_table.sv): a triangle submitted after a write to a
  // draw-state register allocates a new entry holding the current state
  output logic                 ds_alloc_valid_o,
  input  logic                 ds_alloc_ready_i,
  output gpu_pkg::draw_state_t ds_alloc_state_o,
  input  gpu_pkg::ds_id_t      ds_alloc_id_i,
  input  gpu_pkg::ds_id_t      ds_cur_id_i,
  output logic                 ds_acq_o,          // a triangle was latched: it refers to ...
  output gpu_pkg::ds_id_t      ds_acq_id_o,       // ... this entry

  // SIMT cluster launch (SIMT_LAUNCH register, docs/simt.md)
  output logic        simt_launch_valid_o,
  input  logic        simt_launch_ready_i,
  output logic [7:0]  simt_threads_o,
  output logic [13:0] simt_prog_o,
  output logic [14:0] simt_data_o,
  input  logic        simt_busy_i,
  input  logic        simt_present_i,     // the build has a SIMT cluster (SIMT_STATUS.ABSENT when not)
  output logic        simt_stop_o,        // stop the host-launched kernel (watchdog or CP_ABORT; level)

  // shader tile launch (SHD_KERNEL, SHD_LAUNCH; rtl/shader/shader_tile.sv) and its report
  // (SHD_STATUS, composed by gpu_top; BUSY is set here)
  output logic        shd_launch_valid_o,
  input  logic        shd_launch_ready_i,
  output logic [31:0] shd_entry_o,
  output logic [31:0] shd_arg_base_o,
  output logic [31:0] shd_tile_offset_o,
  input  logic [63:0] shd_status_i,
  input  logic        shd_busy_i,         // the tile runs a kernel
  input  logic        head_abort_i,       // CP_ABORT with STOP at the head of the command stream
  input  logic        head_take_i,        // the head of the command stream is taken this cycle
  output logic        shd_watchdog_o,     // the kernel was stopped: CP_WATCHDOG expired ...
  output logic        shd_aborted_o,      // ... or CP_ABORT (held until the next launch)

  // texture caches: a write of TEXn_BASE or TEXn_FMT invalidates unit n's cache, in command
  // order: the pulse waits until every earlier triangle has left the pipeline (drained), and a
  // later third VERTEX waits for the pulse
  output logic [gpu_pkg::TEX_UNITS-1:0] tex_inv_o,

  // display controller (rtl/display/display_top.sv): FB_DISPLAY and COLOR_GRADE_CTRL.ENABLE as
  // stored, the applied writes of COLOR_GRADE_CTRL / _LUT_ADDR / _LUT_DATA (from the pending-write
  // register: one at most per cycle, data bits 14:0), the LUT pointer that COLOR_GRADE_LUT_ADDR
  // reads, and STATUS.VBLANK
  output logic [12:0] disp_fb_o,
  output logic        disp_enable_o,
  output logic        disp_ctrl_we_o,
  output logic        disp_addr_we_o,
  output logic        disp_data_we_o,
  output logic [14:0] disp_wdata_o,
  input  logic [7:0]  disp_lut_ptr_i,
  input  logic        disp_vblank_i,

  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output gpu_pkg::mem_req_t mem_req_o,
  input  logic              mem_rsp_valid_i,
  input  gpu_pkg::mem_rsp_t mem_rsp_i,

  output logic        busy_o
);
  // ---- state ----
  // Register storage: one 64-bit word per address, each with its own enable, reset value and
  // constant write mask (generate block g_reg below), so synthesis keeps only the written bits
  // and simulation never copies the whole map. reg_en/reg_wdata: this cycle's write decision.
  // The decision is registered (pend_en_q/pend_data_q) and applied to the storage a cycle later,
  // so the storage enables come from flops (100 MHz: the decode spans the chip otherwise).
  // Everything reads the storage itself (regs_q): while a write is pending (pend_any_q), no
  // command, read answer, read side effect or prefetch start is processed, so none of them can
  // see the storage before the write. That costs a cycle after each register write (the SPI
  // link delivers a write every 72 SCK cycles at best) and saves a 2:1 bypass multiplexer per
  // stored bit (about 700 LUT4).
  logic [63:0]  regs_q [128];
  logic [127:0] reg_en, pend_en_q;
  logic         pend_any_q;                // a register write is pending (pend_en_q != 0)
  logic [63:0]  reg_wdata, pend_data_q;
  gpu_pkg::vertex_t v0_q, v0_d, v1_q, v1_d;
  logic [1:0]  vcnt_q, vcnt_d;
  gpu_pkg::triangle_t tri_q, tri_d;
  logic        tri_valid_q, tri_valid_d;
  logic [gpu_pkg::PRIM_W-1:0] prim_q, prim_d;
  logic [63:0] rd_data_q, rd_data_d;
  logic        rd_pend_q, rd_pend_d;      // a read request waits for its answer
  logic        done_pend_q, done_pend_d;  // a read completion waits to be committed
  logic [1:0]  reported_q, reported_d;    // {mem_range, fifo_ovf} flags a STATUS read showed
  logic        err_ovf_q, err_ovf_d, err_range_q, err_range_d;
  logic [31:0] pf_data_q, pf_data_d;
  logic        pf_valid_q, pf_valid_d, pf_want_q, pf_want_d;
  logic        launch_q, launch_d;          // a SIMT launch waits for the cluster
  logic        launch_host_q, launch_host_d;  // ... and came from the host (SIMT_LAUNCH, not DISPATCH)
  logic        simt_run_q, simt_run_d;      // the cluster runs the kernel of a host SIMT_LAUNCH
  logic [31:0] simt_cyc_q, simt_cyc_d;      // cycles since the cluster took it (saturating)
  logic        simt_stop_q, simt_stop_d;    // that kernel is being stopped (until the cluster is idle)
  logic        simt_wdog_q, simt_wdog_d, simt_abrt_q, simt_abrt_d;   // SIMT_STATUS report
  logic        simt_first_q, simt_first_d;  // no command taken since the host's SIMT_LAUNCH
  logic        simt_abreq_q, simt_abreq_d;  // CP_ABORT seen before the cluster took the launch
  logic        simt_abort_seen;             // CP_ABORT with STOP at the head, first after it
  logic [gpu_pkg::TEX_UNITS-1:0] inv_pend_q, inv_pend_d, inv_q, inv_d;   // texture-cache invalidates
  logic [46:0] launch_arg_q, launch_arg_d;
  typedef enum logic [1:0] {
    ShdIdle,     // no shader kernel
    ShdDrain,    // SHD_LAUNCH taken, waiting for earlier work to drain
    ShdLaunch,   // launch valid, waiting for the tile's ready
    ShdRun       // the kernel runs (pipe_busy_i covers the tile) until drained
  } shd_st_e;
  shd_st_e     shd_st_q, shd_st_d;
  logic        shd_active;                  // STATUS.SHADER_BUSY, SHD_STATUS.BUSY: a launch is not done
  logic [31:0] shd_toff_q, shd_toff_d;
  logic [31:0] shd_cyc_q, shd_cyc_d;        // cycles since the tile took the launch (saturating)
  logic        shd_wdog_q, shd_wdog_d, shd_abrt_q, shd_abrt_d;
  logic        shd_first_q, shd_first_d;    // no command taken since SHD_LAUNCH (CP_ABORT may stop it)
  logic [31:0] wd_cycles;                   // CP_WATCHDOG.CYCLES

  typedef enum logic [2:0] {
    MemIdle,     // no memory operation in flight
    MemDrain,    // MEM_DATA write taken from the FIFO, waiting for the pipeline to drain
    MemWrite,    // MEM_DATA write request waiting for acceptance
    MemPfReq,    // prefetch read request waiting for acceptance
    MemPfWait    // prefetch read waiting for its response
  } mem_st_e;
  mem_st_e mem_st_q, mem_st_d;
  logic [31:0] mem_wdata_q, mem_wdata_d;
  logic [31:0] mem_addr_q, mem_addr_d;    // address of the operation in flight

  // ---- decode of the head command ----
  logic [6:0]  c_addr;
  logic [63:0] c_data;
  logic        drained, any_tex, reg_we;
  // MEM_ADDR inside the VRAM window [CP_WIN_BASE, min(CP_WIN_LIMIT, 32 MiB)), registered from
  // the storage; not current (mem_ok_stale_q) in the cycle after MEM_ADDR or the window was
  // applied, when nothing may use it (a write is applied a cycle after it is taken, pend_any_q)
  logic        mem_addr_ok_q, mem_addr_ok_d, mem_ok_stale_q;
  gpu_pkg::vertex_t c_vtx;
  gpu_pkg::draw_state_t cur_rs;
  gpu_regs_pkg::reg_tex0_base_t     t_base;    // one texture unit's registers (decode loop)
  gpu_regs_pkg::reg_tex0_fmt_t      t_fmt;
  gpu_regs_pkg::reg_tex0_blend_t    t_blend;
  gpu_regs_pkg::reg_tex0_mip_bias_t t_bias;
  gpu_regs_pkg::reg_tex0_wrap_t     t_wrap;
  logic [3:0]  t_wl, t_hl, t_maxlv;
  logic        ds_dirty_q, ds_dirty_d;    // a draw-state register was written since the last
                                          // allocation (set at reset: no state allocated yet)

  assign c_addr = cmd_data_i[70:64];
  assign c_data = cmd_data_i[63:0];
  assign drained = !pipe_busy_i && !tri_valid_q;
  assign shd_active = (shd_st_q != ShdIdle);
  assign simt_abort_seen = simt_first_q && head_abort_i;
  gpu_regs_pkg::reg_tex0_fmt_t r_tex0_fmt, r_tex1_fmt, r_tex2_fmt, r_tex3_fmt;  // (no arrays of structs: Yosys)
  assign r_tex0_fmt = regs_q[gpu_regs_pkg::ADDR_TEX0_FMT];
  assign r_tex1_fmt = regs_q[gpu_regs_pkg::ADDR_TEX1_FMT];
  assign r_tex2_fmt = regs_q[gpu_regs_pkg::ADDR_TEX2_FMT];
  assign r_tex3_fmt = regs_q[gpu_regs_pkg::ADDR_TEX3_FMT];
  assign any_tex = r_tex0_fmt.enable | r_tex1_fmt.enable | r_tex2_fmt.enable | r_tex3_fmt.enable;

  // registers by field (the generated structs of gpu_regs_pkg)
  gpu_regs_pkg::reg_vertex_t      r_vertex;
  gpu_regs_pkg::reg_color_t       r_color;
  gpu_regs_pkg::reg_tri_mode_t    r_tri_mode;
  gpu_regs_pkg::reg_dither_mode_t r_dither;
  gpu_regs_pkg::reg_alpha_blend_t r_alpha_blend;
  gpu_regs_pkg::reg_fb_draw_t     r_fb_draw;
  gpu_regs_pkg::reg_fb_zbuffer_t  r_fb_zbuffer;
  gpu_regs_pkg::reg_simt_launch_t r_launch;
  gpu_regs_pkg::reg_status_t      r_status;
  assign r_vertex     = c_data;
  assign r_color      = regs_q[gpu_regs_pkg::ADDR_COLOR];
  assign r_tri_mode   = regs_q[gpu_regs_pkg::ADDR_TRI_MODE];
  assign r_dither     = regs_q[gpu_regs_pkg::ADDR_DITHER_MODE];
  assign r_alpha_blend = regs_q[gpu_regs_pkg::ADDR_ALPHA_BLEND];
  assign r_fb_draw    = regs_q[gpu_regs_pkg::ADDR_FB_DRAW];
  assign r_fb_zbuffer = regs_q[gpu_regs_pkg::ADDR_FB_ZBUFFER];
  assign r_launch     = {17'h0, launch_arg_q};
  // a CP_ABORT before or at the cluster's take of the host's launch stops the kernel as it starts
  logic simt_abort_at_take;
  assign simt_abort_at_take = (simt_abreq_q || simt_abort_seen) && (r_launch.threads != '0) && simt_present_i;

  always_comb begin
    c_vtx.x     = r_vertex.x;
    c_vtx.y     = r_vertex.y;
    c_vtx.z     = r_vertex.z;
    c_vtx.color = {r_color.alpha, r_color.blue, r_color.green, r_color.red};
    for (int n = 0; n < gpu_pkg::TEX_UNITS; n++) begin
      c_vtx.uv[n] = regs_q[gpu_regs_pkg::ADDR_UV0 + 7'(n)][47:0];
    end
    cur_rs.z_write   = r_tri_mode.z_write;
    cur_rs.z_test    = r_tri_mode.z_test;
    cur_rs.gouraud   = r_tri_mode.gouraud;
    cur_rs.dither_en = r_dither.enable;
    cur_rs.z_compare = gpu_pkg::zcmp_e'(r_fb_zbuffer.z_compare);
    cur_rs.fb_base   = r_fb_draw.addr[12:0];      // FB_DRAW[24:12]: the 32 MiB address space
    cur_rs.z_base    = r_fb_zbuffer.addr[12:0];
    cur_rs.alpha_blend = gpu_pkg::blend_e'(r_alpha_blend.mode);
    // texture units: the effective values (C: tex_state_decode in sw/model/tmu.c); the five
    // registers of unit n are at ADDR_TEX0_* + 8n and share unit 0's field layout
    for (int n = 0; n < gpu_pkg::TEX_UNITS; n++) begin
      t_base  = regs_q[gpu_regs_pkg::ADDR_TEX0_BASE + 7'(8 * n)];
      t_fmt   = regs_q[gpu_regs_pkg::ADDR_TEX0_FMT + 7'(8 * n)];
      t_blend = regs_q[gpu_regs_pkg::ADDR_TEX0_BLEND + 7'(8 * n)];
      t_bias  = regs_q[gpu_regs_pkg::ADDR_TEX0_MIP_BIAS + 7'(8 * n)];
      t_wrap  = regs_q[gpu_regs_pkg::ADDR_TEX0_WRAP + 7'(8 * n)];
      t_wl = (t_fmt.width_log2 < 4'd3) ? 4'd3 : ((t_fmt.width_log2 > 4'd10) ? 4'd10 : t_fmt.width_log2);
      t_hl = (t_fmt.height_log2 < 8'd3) ? 4'd3 :
             ((t_fmt.height_log2 > 8'd10) ? 4'd10 : t_fmt.height_log2[3:0]);
      t_maxlv = 4'd1 + ((t_wl > t_hl) ? t_wl : t_hl);
      cur_rs.tex_enable[n]  = t_fmt.enable;
      cur_rs.tex_format[n]  = t_fmt.format;
      cur_rs.tex_swizzle[n] = (t_fmt.swizzle > 4'hC) ? 4'h0 : t_fmt.swizzle;
      cur_rs.tex_wl[n]      = t_wl;
      cur_rs.tex_hl[n]      = t_hl;
      cur_rs.tex_levels[n]  = (t_fmt.mip_levels < 4'd1) ? 4'd1 :
                              ((t_fmt.mip_levels > t_maxlv) ? t_maxlv : t_fmt.mip_levels);
      cur_rs.tex_blend[n]   = t_blend.func;
      cur_rs.tex_wrap_u[n]  = t_wrap.u_wrap;
      cur_rs.tex_wrap_v[n]  = t_wrap.v_wrap;
      cur_rs.tex_bias[n]    = t_bias.bias;
      cur_rs.tex_base[n]    = t_base.addr[12:0];   // TEXn_BASE[24:12]
    end
  end

  // ---- storage and read view ----
  // Read and write masks are applied per register with a constant index, so they fold into
  // the storage: indexing the mask functions with an address would build a mask ROM, which
  // Yosys maps to an EBR whose 5.6 ns clock-to-output sits in the write path (docs/synth.md).
  logic [63:0] regs_rd [128];
  for (genvar g = 0; g < 128; g++) begin : g_reg
    localparam logic [63:0] WMask = gpu_regs_pkg::reg_wmask(7'(g));
    localparam logic [63:0] RMask = gpu_regs_pkg::reg_rmask(7'(g));
    localparam logic [63:0] Reset = gpu_regs_pkg::reg_reset(7'(g));
    if (WMask != '0) begin : g_store
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          regs_q[g] <= Reset;
        end else if (pend_en_q[g]) begin
          regs_q[g] <= pend_data_q & WMask;
        end
      end
      assign regs_rd[g] = regs_q[g] & RMask;
    end else begin : g_const
      // reserved address or read-only register: nothing to store (regs_q[g] unused)
      logic unused_en;
      assign unused_en = pend_en_q[g];
      assign regs_rd[g] = Reset & RMask;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pend_en_q  <= '0;
      pend_any_q <= 1'b0;
    end else begin
      pend_en_q  <= reg_en;
      pend_any_q <= (reg_en != '0);
    end
  end
  always_ff @(posedge clk_i) begin
    pend_data_q <= reg_wdata;
  end

  logic [63:0] rd_value;
  logic        rd_can_answer;
  logic        busy;

  assign busy = cmd_valid_i || pipe_busy_i || tri_valid_q || (mem_st_q != MemIdle) || (inv_pend_q != '0) ||
                (pf_want_q && !pf_valid_q) || launch_q || shd_active;

  // TRI_MODE reads its stored fields and ANY_TEXTURED, computed from the four ENABLE bits
  gpu_regs_pkg::reg_tri_mode_t tri_mode_rd;
  always_comb begin
    tri_mode_rd = regs_rd[gpu_regs_pkg::ADDR_TRI_MODE];
    tri_mode_rd.any_textured = any_tex;
  end

  gpu_regs_pkg::reg_simt_status_t r_simt_status;
  always_comb begin
    r_simt_status          = '0;
    r_simt_status.busy     = simt_busy_i | launch_q;
    r_simt_status.watchdog = simt_wdog_q;
    r_simt_status.aborted  = simt_abrt_q;
    r_simt_status.absent   = !simt_present_i;
  end

  always_comb begin
    r_status = '0;
    r_status.simt_busy     = simt_busy_i | launch_q;
    r_status.shader_busy   = shd_active;
    r_status.mem_range_err = err_range_q;
    r_status.fifo_ovf      = err_ovf_q;
    r_status.vblank        = disp_vblank_i;
    r_status.busy          = busy || cp_busy_i;
    r_status.fifo_depth    = {2'b00, cmd_depth_i};
  end

  always_comb begin
    rd_can_answer = 1'b1;
    unique case (rd_addr_i)
      gpu_regs_pkg::ADDR_STATUS:
        rd_value = r_status;
      gpu_regs_pkg::ADDR_ID:
        rd_value = gpu_regs_pkg::reg_reset(gpu_regs_pkg::ADDR_ID);
      gpu_regs_pkg::ADDR_TRI_MODE:
        rd_value = tri_mode_rd;
      gpu_regs_pkg::ADDR_SHD_STATUS:
        rd_value = shd_status_i | {63'h0, shd_active};
      gpu_regs_pkg::ADDR_SIMT_STATUS:
        rd_value = r_simt_status;
      gpu_regs_pkg::ADDR_COLOR_GRADE_LUT_ADDR:
        rd_value = {56'h0, disp_lut_ptr_i};   // the pointer lives in display_lut (auto-increment)
      gpu_regs_pkg::ADDR_MEM_DATA: begin
        rd_value = {32'h0, mem_addr_ok_q ? pf_data_q : 32'h0};
        rd_can_answer = (pf_valid_q || !mem_addr_ok_q) && !mem_ok_stale_q;
      end
      gpu_regs_pkg::ADDR_CP_STATUS, gpu_regs_pkg::ADDR_CP_FENCE, gpu_regs_pkg::ADDR_CP_ERROR,
      gpu_regs_pkg::ADDR_CP_IRQ_STATUS, gpu_regs_pkg::ADDR_CP_IRQ_MASK, gpu_regs_pkg::ADDR_CP_SLOT_ADDR,
      gpu_regs_pkg::ADDR_CP_SLOT_DATA, gpu_regs_pkg::ADDR_CP_PIPE: begin
        rd_value = cp_rd_data_i;
        rd_can_answer = cp_rd_ok_i;
      end
      default:
        rd_value = regs_rd[rd_addr_i];
    endcase
  end

  // ---- main process ----
  always_comb begin
    reg_en = '0;
    reg_wdata = c_data;
    v0_d = v0_q;
    v1_d = v1_q;
    vcnt_d = vcnt_q;
    tri_d = tri_q;
    tri_valid_d = tri_valid_q;
    prim_d = prim_q;
    rd_data_d = rd_data_q;
    rd_pend_d = rd_pend_q | rd_req_i;
    done_pend_d = done_pend_q | rd_done_i;
    reported_d = reported_q;
    err_ovf_d = err_ovf_q | ovf_i;
    err_range_d = err_range_q;
    pf_data_d = pf_data_q;
    pf_valid_d = pf_valid_q;
    pf_want_d = pf_want_q;
    mem_st_d = mem_st_q;
    mem_wdata_d = mem_wdata_q;
    mem_addr_d = mem_addr_q;
    launch_d = launch_q;
    launch_arg_d = launch_arg_q;
    launch_host_d = launch_host_q;
    simt_run_d   = simt_run_q;
    simt_cyc_d   = simt_cyc_q;
    simt_stop_d  = simt_stop_q;
    simt_wdog_d  = simt_wdog_q;
    simt_abrt_d  = simt_abrt_q;
    simt_first_d = simt_first_q;
    simt_abreq_d = simt_abreq_q;
    shd_st_d = shd_st_q;
    shd_toff_d = shd_toff_q;
    shd_cyc_d  = shd_cyc_q;
    shd_wdog_d = shd_wdog_q;
    shd_abrt_d = shd_abrt_q;
    shd_first_d = shd_first_q;
    cmd_ready_o = 1'b0;
    reg_we = 1'b0;
    ds_dirty_d = ds_dirty_q;
    ds_alloc_valid_o = 1'b0;
    ds_acq_o = 1'b0;
    ds_acq_id_o = ds_cur_id_i;
    inv_pend_d = inv_pend_q;
    inv_d = '0;
    if (inv_pend_q != '0 && drained) begin
      inv_d      = inv_pend_q;
      inv_pend_d = '0;
    end

    if (tri_valid_q && tri_ready_i) tri_valid_d = 1'b0;
    if (launch_q && simt_launch_ready_i) launch_d = 1'b0;
    // the host's SIMT kernel: its run from the cluster's take until the cluster is idle (busy
    // from the cycle after the take); the report is the run's; the watchdog counts during it
    if (simt_run_q) begin
      if (simt_cyc_q != '1) simt_cyc_d = simt_cyc_q + 32'd1;
      if (!simt_busy_i) begin
        simt_run_d  = 1'b0;
        simt_stop_d = 1'b0;
      end else if (!simt_stop_q && wd_cycles != '0 && simt_cyc_q >= wd_cycles) begin
        simt_stop_d = 1'b1;
        simt_wdog_d = 1'b1;
      end
    end
    // CP_ABORT as the first command after the host's SIMT_LAUNCH: stops its kernel now, or as
    // soon as the cluster takes the launch
    if (simt_abort_seen) begin
      if (launch_q && launch_host_q) begin
        simt_abreq_d = 1'b1;
      end else if (simt_run_q && simt_busy_i && !simt_stop_q) begin
        simt_stop_d = 1'b1;
        simt_abrt_d = 1'b1;
      end
    end
    if (head_take_i) simt_first_d = 1'b0;   // (the SIMT_LAUNCH's own take sets it below)
    if (launch_q && simt_launch_ready_i) begin
      simt_run_d   = launch_host_q;
      simt_cyc_d   = '0;
      simt_abreq_d = 1'b0;
      if (launch_host_q) begin              // a new run, a new report; a kernel of 0 threads ends at once,
                                            // and so does any launch in a build without the cluster
        simt_stop_d = simt_abort_at_take;
        simt_abrt_d = simt_abort_at_take;
        simt_wdog_d = 1'b0;
      end
    end
    unique case (shd_st_q)
      ShdDrain:  if (drained) shd_st_d = ShdLaunch;
      ShdLaunch: if (shd_launch_ready_i) begin
        shd_st_d   = ShdRun;
        shd_cyc_d  = '0;
      end
      ShdRun: begin
        if (drained) shd_st_d = ShdIdle;   // the tile is busy from the cycle after the launch
        if (shd_cyc_q != '1) shd_cyc_d = shd_cyc_q + 32'd1;
        if (shd_busy_i && !shd_wdog_q && !shd_abrt_q && wd_cycles != '0 && shd_cyc_q >= wd_cycles) begin
          shd_wdog_d = 1'b1;
        end
      end
      default: ;
    endcase
    // CP_ABORT as the first command after SHD_LAUNCH, from the launch's take until the kernel
    // ends (cp_top takes it at once, possibly while the launch still waits for the drain: the
    // flag then stops the kernel as soon as it starts); the first cause is kept
    if (shd_active && shd_first_q && head_abort_i && !shd_wdog_q && !shd_abrt_q && !shd_wdog_d &&
        !(shd_st_q == ShdRun && !shd_busy_i)) begin
      shd_abrt_d = 1'b1;
    end
    if (head_take_i) shd_first_d = 1'b0;   // (the SHD_LAUNCH's own take sets it below)

    // memory operations
    unique case (mem_st_q)
      MemDrain:  if (drained) mem_st_d = MemWrite;
      MemWrite:  if (mem_req_ready_i) mem_st_d = MemIdle;
      MemPfReq:  if (mem_req_ready_i) mem_st_d = MemPfWait;
      MemPfWait: if (mem_rsp_valid_i) begin
        mem_st_d   = MemIdle;
        pf_data_d  = mem_rsp_i.rdata;
        pf_valid_d = 1'b1;
      end
      default: begin
        if (pf_want_q && drained && !pend_any_q && !mem_ok_stale_q) begin
          pf_want_d = 1'b0;
          if (mem_addr_ok_q) begin
            mem_st_d   = MemPfReq;
            mem_addr_d = regs_q[gpu_regs_pkg::ADDR_MEM_ADDR][31:0];
          end else begin
            pf_data_d  = 32'h0;
            pf_valid_d = 1'b1;
          end
        end
      end
    endcase

    if (pend_any_q) begin
      // a register write is being applied to the storage: nothing reads it this cycle
    end else if (rd_pend_q && rd_can_answer) begin
      // answer a read
      rd_pend_d  = rd_req_i;
      rd_data_d  = rd_value;
      reported_d = (rd_addr_i == gpu_regs_pkg::ADDR_STATUS) ? {err_range_q, err_ovf_q} : 2'b00;
    end else if (done_pend_q && !rd_pend_q && mem_st_q == MemIdle && !pf_want_q) begin
      // commit the side effects of a completed read
      done_pend_d = rd_done_i;
      if (rd_addr_i == gpu_regs_pkg::ADDR_STATUS) begin
        err_ovf_d   = (err_ovf_q & ~reported_q[0]) | ovf_i;
        err_range_d = err_range_q & ~reported_q[1];
      end
      if (rd_addr_i == gpu_regs_pkg::ADDR_MEM_DATA) begin
        if (!mem_addr_ok_q) err_range_d = 1'b1;
        reg_en[gpu_regs_pkg::ADDR_MEM_ADDR] = 1'b1;
        reg_wdata = {32'h0, regs_q[gpu_regs_pkg::ADDR_MEM_ADDR][31:0] + 32'd4};
        pf_valid_d = 1'b0;
        pf_want_d  = 1'b1;
      end
      reported_d = 2'b00;
    end else if (cmd_valid_i && !done_pend_q && !shd_active) begin
      // apply one register write from the command FIFO
      // the side-effect registers by their pre-decoded kind (gpu_top, before u_cmd_reg)
      if (cmd_kind_i.vertex) begin
        // the third vertex waits for the triangle slot, for an earlier MEM_DATA write that
        // waits for the pipeline to drain (FIFO order), and for a free draw-state entry when
        // the state changed
        if (vcnt_q == 2'd2 && !tri_valid_q && mem_st_q != MemDrain && inv_pend_q == '0) begin
          ds_alloc_valid_o = ds_dirty_q;
        end
        if (vcnt_q != 2'd2 ||
            (!tri_valid_q && mem_st_q != MemDrain && inv_pend_q == '0 && (!ds_dirty_q || ds_alloc_ready_i))) begin
          cmd_ready_o = 1'b1;
          unique case (vcnt_q)
            2'd0: begin v0_d = c_vtx; vcnt_d = 2'd1; end
            2'd1: begin v1_d = c_vtx; vcnt_d = 2'd2; end
            default: begin
              vcnt_d      = 2'd0;
              prim_d      = prim_q + 1'b1;
              tri_d.v0    = v0_q;
              tri_d.v1    = v1_q;
              tri_d.v2    = c_vtx;
              tri_d.sid   = ds_dirty_q ? ds_alloc_id_i : ds_cur_id_i;
              tri_d.prim  = prim_q + 1'b1;
              ds_dirty_d  = 1'b0;
              ds_acq_o    = 1'b1;
              ds_acq_id_o = tri_d.sid;
              tri_valid_d = 1'b1;
            end
          endcase
        end
      end else if (cmd_kind_i.mem_data) begin
        // taken at once; the write itself waits in MemDrain until the pipeline has drained
        // (the FIFO side never looks at pipe_busy_i: 100 MHz, docs/synth.md)
        if (mem_st_q == MemIdle && !pf_want_q) begin
          cmd_ready_o = 1'b1;
          if (mem_addr_ok_q) begin
            mem_st_d    = drained ? MemWrite : MemDrain;
            mem_addr_d  = regs_q[gpu_regs_pkg::ADDR_MEM_ADDR][31:0];
            mem_wdata_d = c_data[31:0];
          end else begin
            err_range_d = 1'b1;
          end
          reg_en[gpu_regs_pkg::ADDR_MEM_ADDR] = 1'b1;
          reg_wdata = {32'h0, regs_q[gpu_regs_pkg::ADDR_MEM_ADDR][31:0] + 32'd4};
          pf_valid_d = 1'b0;
          pf_want_d  = 1'b1;
        end
      end else if (cmd_kind_i.shd_launch) begin
        // earlier MEM_DATA writes and triangles complete before the kernel starts (ShdDrain)
        if (mem_st_q == MemIdle) begin
          cmd_ready_o = 1'b1;
          shd_st_d    = ShdDrain;
          shd_toff_d  = c_data[31:0];
          shd_wdog_d  = 1'b0;               // a new report
          shd_abrt_d  = 1'b0;
          shd_first_d = 1'b1;
        end
      end else if (cmd_kind_i.simt_launch) begin
        // earlier MEM_DATA writes must have reached memory before the kernel starts
        if (!launch_q && mem_st_q == MemIdle) begin
          cmd_ready_o  = 1'b1;
          launch_d     = 1'b1;
          launch_arg_d = c_data[46:0];
          launch_host_d = !cmd_from_cp_i;
          if (!cmd_from_cp_i) simt_first_d = 1'b1;
        end
      end else if (cmd_kind_i.mem_addr) begin
        if (mem_st_q == MemIdle) begin
          cmd_ready_o = 1'b1;
          reg_we = 1'b1;
          pf_valid_d = 1'b0;
          pf_want_d  = 1'b1;
        end
      end else begin
        cmd_ready_o = 1'b1;
        reg_we = 1'b1;
      end
    end

    // the register write of the head command (masked in g_reg with the register's constant mask)
    if (reg_we) reg_en[c_addr] = 1'b1;
    // MEM_ADDR's window check (docs/command.md "Stream and windows"): BASE <= MEM_ADDR <
    // min(LIMIT, 2^MEM_AW), written as three tests side by side (x < min(a, b) is x < a and
    // x < b), so no compare feeds another through the minimum's select (timing)
    mem_addr_ok_d = (regs_q[gpu_regs_pkg::ADDR_MEM_ADDR][31:0] >= regs_q[gpu_regs_pkg::ADDR_CP_WIN_BASE][31:0]) &&
                    (regs_q[gpu_regs_pkg::ADDR_MEM_ADDR][31:0] <  regs_q[gpu_regs_pkg::ADDR_CP_WIN_LIMIT][31:0]) &&
                    (regs_q[gpu_regs_pkg::ADDR_MEM_ADDR][31:gpu_pkg::MEM_AW] == '0);
    // a write to a register the draw state is made of (scripts/regmap.py DRAW_STATE_REGS)
    if (|(reg_en & gpu_regs_pkg::DRAW_STATE_REGS)) ds_dirty_d = 1'b1;
    // TEXn_BASE / TEXn_FMT written: unit n's cache is invalidated once the pipeline drains
    for (int n = 0; n < gpu_pkg::TEX_UNITS; n++) begin
      if (reg_en[gpu_regs_pkg::ADDR_TEX0_BASE + 7'(8 * n)] || reg_en[gpu_regs_pkg::ADDR_TEX0_FMT + 7'(8 * n)]) begin
        inv_pend_d[n] = 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      v0_q        <= '0;
      v1_q        <= '0;
      vcnt_q      <= '0;
      tri_q       <= '0;
      tri_valid_q <= 1'b0;
      prim_q      <= '0;
      ds_dirty_q  <= 1'b1;
      rd_data_q   <= '0;
      rd_pend_q   <= 1'b0;
      done_pend_q <= 1'b0;
      reported_q  <= '0;
      err_ovf_q   <= 1'b0;
      err_range_q <= 1'b0;
      pf_data_q   <= '0;
      pf_valid_q  <= 1'b0;
      pf_want_q   <= 1'b1;
      mem_st_q    <= MemIdle;
      mem_wdata_q <= '0;
      mem_addr_q  <= '0;
      mem_addr_ok_q <= 1'b1;             // MEM_ADDR 0 in the reset window
      mem_ok_stale_q <= 1'b0;
      launch_q    <= 1'b0;
      launch_arg_q <= '0;
      launch_host_q <= 1'b0;
      simt_run_q   <= 1'b0;
      simt_cyc_q   <= '0;
      simt_stop_q  <= 1'b0;
      simt_wdog_q  <= 1'b0;
      simt_abrt_q  <= 1'b0;
      simt_first_q <= 1'b0;
      simt_abreq_q <= 1'b0;
      shd_st_q    <= ShdIdle;
      shd_toff_q  <= '0;
      shd_cyc_q   <= '0;
      shd_wdog_q  <= 1'b0;
      shd_abrt_q  <= 1'b0;
      shd_first_q <= 1'b0;
      inv_pend_q  <= '0;
      inv_q       <= '0;
    end else begin
      v0_q        <= v0_d;
      v1_q        <= v1_d;
      vcnt_q      <= vcnt_d;
      tri_q       <= tri_d;
      tri_valid_q <= tri_valid_d;
      prim_q      <= prim_d;
      ds_dirty_q  <= ds_dirty_d;
      rd_data_q   <= rd_data_d;
      rd_pend_q   <= rd_pend_d;
      done_pend_q <= done_pend_d;
      reported_q  <= reported_d;
      err_ovf_q   <= err_ovf_d;
      err_range_q <= err_range_d;
      pf_data_q   <= pf_data_d;
      pf_valid_q  <= pf_valid_d;
      pf_want_q   <= pf_want_d;
      mem_st_q    <= mem_st_d;
      mem_wdata_q <= mem_wdata_d;
      mem_addr_q  <= mem_addr_d;
      mem_addr_ok_q <= mem_addr_ok_d;
      mem_ok_stale_q <= pend_en_q[gpu_regs_pkg::ADDR_MEM_ADDR] || pend_en_q[gpu_regs_pkg::ADDR_CP_WIN_BASE] ||
                        pend_en_q[gpu_regs_pkg::ADDR_CP_WIN_LIMIT];
      launch_q    <= launch_d;
      launch_arg_q <= launch_arg_d;
      launch_host_q <= launch_host_d;
      simt_run_q   <= simt_run_d;
      simt_cyc_q   <= simt_cyc_d;
      simt_stop_q  <= simt_stop_d;
      simt_wdog_q  <= simt_wdog_d;
      simt_abrt_q  <= simt_abrt_d;
      simt_first_q <= simt_first_d;
      simt_abreq_q <= simt_abreq_d;
      shd_st_q    <= shd_st_d;
      shd_toff_q  <= shd_toff_d;
      shd_cyc_q   <= shd_cyc_d;
      shd_wdog_q  <= shd_wdog_d;
      shd_abrt_q  <= shd_abrt_d;
      shd_first_q <= shd_first_d;
      inv_pend_q  <= inv_pend_d;
      inv_q       <= inv_d;
    end
  end

  assign rd_data_o       = rd_data_q;
  assign tri_valid_o     = tri_valid_q;
  assign tri_o           = tri_q;
  assign ds_alloc_state_o = cur_rs;
  assign mem_req_valid_o = (mem_st_q == MemWrite) || (mem_st_q == MemPfReq);
  always_comb begin
    mem_req_o       = '0;
    mem_req_o.we    = (mem_st_q == MemWrite);
    mem_req_o.addr  = {mem_addr_q[gpu_pkg::MEM_AW-1:2], 2'b00};
    mem_req_o.wdata = mem_wdata_q;
    mem_req_o.be    = 4'hF;
  end
  assign busy_o          = busy;
  assign cp_win_base_o   = regs_q[gpu_regs_pkg::ADDR_CP_WIN_BASE][31:0];
  assign cp_win_limit_o  = regs_q[gpu_regs_pkg::ADDR_CP_WIN_LIMIT][31:0];
  assign cp_ktab_o       = regs_q[gpu_regs_pkg::ADDR_CP_KTAB];
  assign wd_cycles       = regs_q[gpu_regs_pkg::ADDR_CP_WATCHDOG][31:0];
  assign cp_watchdog_o   = wd_cycles;
  gpu_regs_pkg::reg_fb_display_t       r_fb_display;
  gpu_regs_pkg::reg_color_grade_ctrl_t r_cg_ctrl;
  assign r_fb_display   = regs_q[gpu_regs_pkg::ADDR_FB_DISPLAY];
  assign r_cg_ctrl      = regs_q[gpu_regs_pkg::ADDR_COLOR_GRADE_CTRL];
  assign disp_fb_o      = r_fb_display.addr[12:0];   // FB_DISPLAY[24:12]: the 32 MiB address space
  assign disp_enable_o  = r_cg_ctrl.enable;
  assign disp_ctrl_we_o = pend_en_q[gpu_regs_pkg::ADDR_COLOR_GRADE_CTRL];
  assign disp_addr_we_o = pend_en_q[gpu_regs_pkg::ADDR_COLOR_GRADE_LUT_ADDR];
  assign disp_data_we_o = pend_en_q[gpu_regs_pkg::ADDR_COLOR_GRADE_LUT_DATA];
  assign disp_wdata_o   = pend_data_q[14:0];
  assign tex_inv_o       = inv_q;
  assign simt_launch_valid_o = launch_q;
  assign simt_stop_o     = simt_stop_q;
  assign simt_threads_o  = r_launch.threads;
  assign simt_prog_o     = r_launch.prog_offset;
  assign simt_data_o     = r_launch.data_offset;
  gpu_regs_pkg::reg_shd_kernel_t r_shd_kernel;
  assign r_shd_kernel      = regs_q[gpu_regs_pkg::ADDR_SHD_KERNEL];
  assign shd_launch_valid_o = (shd_st_q == ShdLaunch);
  assign shd_entry_o       = {r_shd_kernel.entry, 2'b00};
  assign shd_arg_base_o    = r_shd_kernel.arg_base;
  assign shd_tile_offset_o = shd_toff_q;
  assign shd_watchdog_o    = shd_wdog_q;
  assign shd_aborted_o     = shd_abrt_q;

  // fields and reserved bits the register file stores but does not look at
  logic unused_bits;
  assign unused_bits = ^{cmd_kind_i.cp, r_shd_kernel.rsvd_1_0, mem_rsp_i.last, r_launch.rsvd_63_47, r_launch.rsvd_31_22, r_vertex.rsvd_63_57, r_color,
                         r_tri_mode.rsvd_63_5, r_tri_mode.any_textured, r_tri_mode.rsvd_1_1, r_dither.rsvd_63_4,
                         r_dither.pattern, r_dither.rsvd_1_1, r_alpha_blend.rsvd_63_2, r_fb_draw.rsvd_63_32, r_fb_draw.addr[19:13],
                         r_fb_draw.rsvd_11_0, r_fb_zbuffer.rsvd_63_35, r_fb_zbuffer.addr[19:13],
                         r_fb_zbuffer.rsvd_11_0, r_tex0_fmt[63:1], r_tex1_fmt[63:1], r_tex2_fmt[63:1],
                         r_tex3_fmt[63:1], t_base.rsvd_63_32, t_base.addr[19:13], t_base.rsvd_11_0,
                         t_fmt.rsvd_63_24, t_fmt.rsvd_3_3, t_blend.rsvd_63_2, t_bias.rsvd_63_8, t_wrap.rsvd_63_4,
                         r_fb_display.rsvd_63_32, r_fb_display.addr[19:13], r_fb_display.rsvd_11_0,
                         r_cg_ctrl[63:1]};
endmodule
