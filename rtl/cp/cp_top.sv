// cp_top: the command processor of seed 004 (docs/command.md; C model sw/model/cp.c).
//
// Sits between the command register (gpu_top's u_cmd_reg) and host_reg_file. Register writes
// that are not the command processor's pass through to the register file (through a spill
// register: one cycle) while the command processor waits for a stream word; the command processor's own registers (CP_CMD, CP_CTRL,
// CP_IRQ_MASK, CP_IRQ_CLEAR, CP_SLOT_ADDR: cmd_kind_t.cp) are taken here. While a packet is
// checked or carried out the head is held, so packets and register writes take effect in FIFO
// order (docs/command.md "Execution order").
//
//   stream:  Hdr0 --word 0--> Hdr1 --word 1--> Body (payload writes counted by pay_left_q)
//   packet:  Idle -> Chk0 (waits until the register file and everything behind it is idle)
//            -> Chk1 (range and overlap checks into flops) -> Chk2 (status, in the order of
//            docs/command.md) -> one of WmPay/WmLo/WmHi (WRITE_MEM payload), Drain (a refused
//            packet's payload), Read (READ_MEM), Fill (FILL_RECT, CLEAR_LAYER), Copy (BLIT,
//            COPY_BUFFER), RegWr0/RegWr1 (SWAP_FB, SET_FB: register writes through the
//            register file's command port) -> Done (completion) -> Idle.
//   Clear:   the mailbox cleared one slot per cycle (after reset and for CP_CTRL.CLEAR), the
//            read pipe emptied.
// Memory: its own client port; single-word requests. Writes of a packet are all accepted
// before it completes, reads all answered; a later command is taken only after that.
// BLIT / COPY_BUFFER read ahead of their writes through an 8-word data FIFO (source and
// destination never overlap: refused by the checks).
// Mailbox: 256 x 32 block RAM, read port shared by the WAIT check (Chk0 -> Chk1) and
// CP_SLOT_DATA (rd_ok_o low until the RAM's read register holds slot CP_SLOT_ADDR).
// Read pipe: 256 x 32 block-RAM FIFO (prim_fifo_bram); a completed read of CP_PIPE pops.
// Reads: rd_data_o is combinational from rd_addr_i (quasi-static) for the CP_* registers the
// register file does not store; side effects on rd_done_i.
// Reset: rst_ni asynchronous active low; the mailbox is cleared in the 256 cycles after reset
// (busy_o high).
module cp_top (
  input  logic clk_i,
  input  logic rst_ni,

  // the command register's head, and the register file's command port behind this unit
  input  logic                      cmd_valid_i,
  input  logic [gpu_pkg::CMD_W-1:0] cmd_data_i,    // {addr[6:0], data[63:0]}
  input  gpu_pkg::cmd_kind_t        cmd_kind_i,
  output logic                      cmd_ready_o,
  output logic                      rf_valid_o,
  output logic [gpu_pkg::CMD_W-1:0] rf_data_o,
  output gpu_pkg::cmd_kind_t        rf_kind_o,
  output logic                      rf_own_o,    // the write is this unit's own, not a passing host write
  input  logic                      rf_ready_i,
  input  logic                      rf_busy_i,     // register file, pipeline, SIMT or memory busy

  input  logic [31:0] win_base_i,                 // CP_WIN_BASE, CP_WIN_LIMIT as stored
  input  logic [31:0] win_limit_i,
  input  logic [63:0] ktab_i,                     // CP_KTAB as stored (COUNT, BASE)
  input  logic [31:0] watchdog_i,                 // CP_WATCHDOG.CYCLES
  // the shader tile (DISPATCH of a shader kernel: SHD_KERNEL / SHD_LAUNCH through the register
  // file, one launch per tile; docs/command.md "Compute"): present in this build, and the last
  // launch's report as SHD_STATUS holds it (valid once the register file is idle)
  input  logic        shd_present_i,
  input  logic        simt_present_i,             // the build has a SIMT cluster (DISPATCH of a SIMT kernel)
  input  logic        shd_fault_i,
  input  logic        shd_watchdog_i,
  input  logic        shd_aborted_i,

  output logic        simt_abort_o,               // stop the running SIMT kernel (level)

  input  logic [6:0]  rd_addr_i,
  input  logic        rd_done_i,
  output logic [63:0] rd_data_o,
  output logic        rd_ok_o,                    // rd_data_o is valid for rd_addr_i

  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output gpu_pkg::mem_req_t mem_req_o,
  input  logic              mem_rsp_valid_i,
  input  gpu_pkg::mem_rsp_t mem_rsp_i,

  output logic irq_o,
  output logic busy_o,
  // for the clock gate in front of this unit (gpu_top, docs/architecture.md "Clock gating"):
  // an input differs from its registered copy below, or a pulse or response is at an input
  output logic wake_o,
  output logic [1:0] pass_count_o   // host writes in the register-file spill register (FIFO depth)
);
  localparam logic [32:0] MemTop   = 33'h2000000;      // 32 MiB
  localparam logic [33:0] FbBytes  = 34'd1228800;      // 640 x 480 words
  localparam logic [31:0] RowBytes = 32'd2560;         // row pitch of rectangles
  // GDRAW arg2: bit 0 CU_ASSIST, bit 1 STRIP, 5:4 GSTATE, 9:8 GPARAM, 13:12 RSTATE slot
  localparam logic [31:0] GdArg2Used = 32'h0000_3333;

  // ---- the boundary to the free-running domain ----
  // This unit may run on a gated clock (gpu_top). Verilator evaluates a combinational process
  // at every edge of any clock that drives one of its inputs, so the main process below reads
  // no input of the free-running domain directly: the command register in front of it is on
  // this unit's clock (gpu_top), and here
  //   - the register file's busy, the registers CP_WIN_*, CP_KTAB, CP_WATCHDOG and the shader
  //     tile's flags are registered copies; wake_o is high while one differs from its input,
  //     so a copy is never stale (and a gated run is cycle for cycle the free-running one).
  //     The busy copy lags by a cycle, so the cycle after a write leaves for the register file
  //     counts as busy too (hand_q), and so does a write still in the spill register: the view
  //     is never "idle" where the direct signal would be busy.
  //   - a completed register read (CP_SLOT_DATA, CP_PIPE side effects) and the memory response
  //     are registered, a cycle later;
  //   - the register-file writes (passing host writes and this unit's own) and the memory
  //     requests leave through spill registers, whose ready is a flip-flop; a packet completes
  //     only once its memory requests have left the spill register (StDone), as before it did
  //     once the arbiter had taken them.
  logic        busy_q, hand_q, rf_busy_v, rd_done_q;
  logic [6:0]  rd_addr_q;
  logic [31:0] win_base_q, win_limit_q, watchdog_q;
  logic [63:0] ktab_q;
  logic        shd_fault_q, shd_watchdog_q, shd_aborted_q;
  logic        rsp_v_q;
  gpu_pkg::mem_rsp_t rsp_q;
  logic        rf_valid_c, rf_own_c, rf_ready;
  logic [gpu_pkg::CMD_W-1:0] rf_data_c;
  gpu_pkg::cmd_kind_t        rf_kind_c;
  logic [1:0]  rf_count, m_count;
  logic        m_valid, m_ready;
  gpu_pkg::mem_req_t m_req;

  typedef enum logic [1:0] { AsmHdr0, AsmHdr1, AsmBody } asm_e;
  typedef enum logic [5:0] {
    StIdle, StPay, StChk0, StChk1, StChk2, StWmPay, StWmLo, StWmHi, StDrain, StRead, StFill,
    StCopy, StLb, StRegWr0, StRegWr1,
    StFetchReq, StFetchWait, StDChk, StKChk, StLaunch, StKWait, StShdKern, StShdLaunch, StShdWait,
    StRsReq, StRsWait, StRsChk, StRdChk, StRrChk, StRdSChk, StRdVReq, StRdVWait, StRdVChk, StDr, StDrFReq,
    StDrFWait, StGdCnt, StGdDesc, StGdDChk, StGdNext, StGdV1, StGdIReq, StGdIWait, StGdV2, StGdMul,
    StGdV3, StDone, StClear
  } st_e;

  // ---- state ----
  asm_e        asm_q, asm_d;
  (* fsm_encoding = "one-hot" *) st_e st_q;   // (timing: compares of st_q are single bits)
  st_e         st_d;
  logic [7:0]  op_q, op_d, flags_q, flags_d, rdst_q, rdst_d, len_q, len_d;
  logic [31:0] arg0_q, arg0_d, arg1_q, arg1_d, arg2_q, arg2_d;
  // payload and descriptors: [0] SPRITE_DRAW key / LAYER_BLEND region; DISPATCH descriptor
  // {kernel_id, grid, block, arg_ptr, reserved} in [0..4], kernel-table entry in [5..6];
  // RDRAW's descriptor in [0..3], RRECT's in [0..7]
  logic [7:0][31:0] pbuf_q, pbuf_d;
  logic [1:0]  pay_idx_q, pay_idx_d;        // payload writes buffered so far
  logic [3:0]  f_idx_q, f_idx_d, f_end_q, f_end_d;   // fetch into pbuf[f_idx_q .. f_end_q - 1]
  logic [24:0] f_addr_q, f_addr_d;
  logic [7:0]  k_thr_q, k_thr_d;            // DISPATCH: threads
  logic [31:0] wd_q, wd_d;                  // DISPATCH: cycles the kernel has run
  logic        abort_q, abort_d;            // DISPATCH: the kernel is being stopped
  logic [15:0] sh_tx_q, sh_tx_d, sh_ty_q, sh_ty_d;   // DISPATCH of a shader kernel: the next tile
  // LAYER_BLEND (StLb): reads of source and destination alternate ahead of the blend; their
  // bits 15:0 go into the copy FIFO as pairs {s, d}; the blend takes a pair, computes one
  // channel per cycle on the shared multiplier, and hands the word to the write register
  logic [15:0] lb_s_q, lb_s_d, lb_d_q, lb_d_d, lb_o_q, lb_o_d;   // the pair being blended, the result
  logic [15:0] lb_hs_q, lb_hs_d;            // a source half waiting for its destination half
  logic        lb_hold_q, lb_hold_d;        // ... is there
  logic        lb_par_q, lb_par_d;          // the next read: 0 source, 1 destination
  logic        lb_busy_q, lb_busy_d;        // a pair is being blended (channel lb_ch_q)
  logic [15:0] lb_w_q, lb_w_d;              // the blended word to write
  logic        lb_wv_q, lb_wv_d;            // ... is there
  // render states (LOAD_RSTATE): four slots of what RDRAW uses, checked at load
  typedef struct packed {
    logic        valid;
    logic [19:0] fb;          // FB_BASE[31:12]
    logic        depth;       // ENABLE_DEPTH (with DEPTH_FORMAT 2)
    logic [19:0] zb;          // DEPTH_BASE[31:12]
    logic [1:0]  blend;       // BLEND_MODE 0..2
    logic        tex;         // ENABLE_TEXTURE
    logic [31:0] sampler;     // SAMPLER_HANDLE
    logic [31:0] color;       // CONST_COLOR (RRECT)
  } rstate_t;
  rstate_t     rs0_q, rs1_q, rs2_q, rs3_q; // one variable per slot: Yosys mishandles arrays of structs
  rstate_t     rs_new_q, rs_new_d;        // the state being loaded
  logic [7:0]  rs_err_q, rs_err_d;        // its first failing check (words arrive in the
                                          // documented order of the checks)
  logic        rs_zb_bad_q, rs_zb_bad_d, rs_zs_bad_q, rs_zs_bad_d;   // DEPTH_BASE, _STRIDE
  logic [3:0]  rs_idx_q, rs_idx_d;        // descriptor word being read
  logic [1:0]  rs_dfmt_q, rs_dfmt_d;      // DEPTH_FORMAT: 0 none, 2 D24, 1 other
  // geometry states (LOAD_GSTATE) and per-draw parameters (LOAD_GPARAM): four slots each
  typedef struct packed {
    logic        valid;
    logic [31:0] vbo;         // VBO_BASE
    logic [13:0] stride;      // VBO_STRIDE_BYTES / 4 (7..16383)
    logic [31:0] ibo;         // IBO_BASE (0: none)
    logic        ibo32;       // IBO_FORMAT 1 (U32)
  } gstate_t;
  typedef struct packed {
    logic        valid;
    logic [31:0] bv;          // BASE_VERTEX (signed)
    logic [31:0] color;       // MATERIAL_COLOR
  } gparam_t;
  gstate_t     gs0_q, gs1_q, gs2_q, gs3_q, gs_new_q, gs_new_d, gd_gs;
  gparam_t     gp0_q, gp1_q, gp2_q, gp3_q, gp_new_q, gp_new_d, gd_gp;
  // GDRAW: pbuf_q [0] FIRST, [1] COUNT, [2] TOPOLOGY, [3] FLAGS, [4] RSTATE_PTR, [5] RESERVED,
  // [6] the indirect count as read
  logic        gd_pass_q, gd_pass_d;      // 0 check pass, 1 draw pass
  logic [20:0] gd_cnt_q, gd_cnt_d;        // blocks (1, or the indirect count < 2^21)
  logic [20:0] gd_left_q, gd_left_d;      // blocks still to walk in this pass
  logic [24:0] gd_desc_q, gd_desc_d;      // the block being walked
  logic        gd_strip_q, gd_strip_d;
  logic [33:0] gd_p_q, gd_p_d;            // position of the triangle's first vertex
  logic [33:0] gd_e_q, gd_e_d;            // element of the vertex: FIRST + position
  logic        gd_half_q, gd_half_d;      // U16 index: the upper half of its word
  logic [33:0] gd_idx_q, gd_idx_d;        // the index (non-indexed: the element)
  logic [34:0] gd_acc_q, gd_acc_d;        // vertex * stride words (sequential multiply)
  logic [34:0] gd_mv_q, gd_mv_d;          // multiplicand (vertex < 2^21), shifted left per step
  logic [13:0] gd_ms_q, gd_ms_d;          // stride words, shifted right per step
  logic [31:0] gd_nv_q, gd_nv_d;          // vertices fetched in this pass (budget CP_WATCHDOG)
  // RDRAW
  rstate_t     dr_st;                     // the state drawn with (slot descriptor STATE_ID)
  logic [31:0] dr_vb_q, dr_vb_d;          // vertex block
  logic [31:0] last_vb_q, last_vb_d;      // the block of the last RDRAW that drew
  logic        last_vb_ok_q, last_vb_ok_d;
  logic [3:0]  dr_flags_q, dr_flags_d;    // draw flags: TEXTURE, BLEND, DEPTH, GOURAUD
  logic        dr_bad_q, dr_bad_d;        // a vertex field out of range (check pass)
  logic [5:0]  dr_ws_q, dr_ws_d;          // write sequence step (RDRAW 0..23, RRECT 0..35)
  logic [2:0]  dr_wi_q, dr_wi_d;          // word of a vertex / sampler being read (answered)
  logic [2:0]  dr_ri_q, dr_ri_d;          // words of the vertex requested
  logic [1:0]  dr_v_q, dr_v_d;            // vertex
  logic [31:0] dr_x_q, dr_x_d, dr_y_q, dr_y_d, dr_z_q, dr_z_d, dr_u_q, dr_u_d, dr_vv_q, dr_vv_d, dr_c_q, dr_c_d;
  logic        dr_have_q, dr_have_d;      // the sampler word of this step has been read
  logic [7:0]  pay_left_q, pay_left_d;      // payload writes still to come
  logic [7:0]  wm_words_q, wm_words_d;      // WRITE_MEM payload words still to write
  logic [7:0]  status_q, status_d;
  logic        clr_pend_q, clr_pend_d;      // CP_CTRL.CLEAR after the completion in progress
  logic [1:0]  clr_ret_q, clr_ret_d;        // where Clear returns to: Idle, Pay, WmPay, Drain
  logic [8:0]  clr_idx_q, clr_idx_d;
  logic [23:0] fence_q, fence_d;
  logic [31:0] packets_q, packets_d;
  logic [7:0]  err_code_q, err_code_d, err_op_q, err_op_d, err_rdst_q, err_rdst_d;
  logic [31:0] err_count_q, err_count_d;
  logic [1:0]  irq_st_q, irq_st_d, irq_mask_q, irq_mask_d;   // {ERROR, DONE}
  logic [7:0]  slot_addr_q, slot_addr_d;
  // checks (Chk1 -> Chk2)
  logic [33:0] end_d_q, end_s_q;
  logic        in_d_q, in_s_q, slot_set_q, pipe_ok_q;
  // the extents of the header, registered every cycle: from Chk0's second cycle to Chk2 they
  // are this header's (it does not change before Chk2 ends); the overlap check reads them
  logic [33:0] n_d_q, n_s_q;
  // walkers: d = destination (writes), s = source (reads)
  logic [15:0] w_q, w_d, h_d;
  logic [24:0] d_addr_q, d_addr_d, d_row_q, d_row_d, s_addr_q, s_addr_d, s_row_q, s_row_d;
  logic [9:0]  d_col_q, d_col_d, s_col_q, s_col_d;
  logic [15:0] d_rows_q, d_rows_d, s_rows_q, s_rows_d;   // rows still to do
  logic [3:0]  outst_q, outst_d;            // reads issued, not answered

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q    <= 1'b0;
      hand_q    <= 1'b0;
      rd_done_q <= 1'b0;
      rsp_v_q   <= 1'b0;
    end else begin
      busy_q    <= rf_busy_i;
      hand_q    <= rf_valid_o && rf_ready_i;
      rd_done_q <= rd_done_i;
      rsp_v_q   <= mem_rsp_valid_i;
    end
  end
  always_ff @(posedge clk_i) begin
    win_base_q     <= win_base_i;
    win_limit_q    <= win_limit_i;
    ktab_q         <= ktab_i;
    watchdog_q     <= watchdog_i;
    shd_fault_q    <= shd_fault_i;
    shd_watchdog_q <= shd_watchdog_i;
    shd_aborted_q  <= shd_aborted_i;
    if (rd_done_i)       rd_addr_q <= rd_addr_i;
    if (mem_rsp_valid_i) rsp_q     <= mem_rsp_i;
  end
  assign rf_busy_v = busy_q || hand_q || (rf_count != 2'd0);
  // wake: this unit's state can move at the coming edge. It is busy (a packet, the mailbox
  // clear, the read pipe refilling), a registered pulse or response is to be taken in, a
  // registered copy differs from its input, or a transfer happens on one of its links: the
  // head taken (a passing write into u_rf_reg), a write taken by the register file, a request
  // taken by the arbiter. A write or request that waits for the other side's ready changes
  // nothing and does not wake it: a stream of host writes backed up behind a drawing pipeline
  // (most of a scene's time) costs no edges here. (The copies' terms are needed: StWmPay takes
  // the head, so it is not busy, and waits for the register file's busy to fall.)
  assign wake_o = !accepting || (pipe_count != '0 && !pipe_rvalid) ||
                  hand_q || rd_done_i || rd_done_q || mem_rsp_valid_i || rsp_v_q ||
                  (cmd_valid_i && cmd_ready_o) || (rf_valid_o && rf_ready_i) ||
                  (mem_req_valid_o && mem_req_ready_i) ||
                  (rf_busy_i != busy_q) || (win_base_i != win_base_q) || (win_limit_i != win_limit_q) ||
                  (ktab_i != ktab_q) || (watchdog_i != watchdog_q) || (shd_fault_i != shd_fault_q) ||
                  (shd_watchdog_i != shd_watchdog_q) || (shd_aborted_i != shd_aborted_q);

  // the register-file writes and the memory requests, each through a spill register
  prim_spill_reg #(.Width(1 + gpu_pkg::CMD_KIND_W + gpu_pkg::CMD_W)) u_rf_reg (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (rf_valid_c), .ready_o (rf_ready), .data_i ({rf_own_c, rf_kind_c, rf_data_c}),
    .valid_o (rf_valid_o), .ready_i (rf_ready_i), .data_o ({rf_own_o, rf_kind_o, rf_data_o}),
    .count_o (rf_count)
  );
  prim_spill_reg #(.Width(gpu_pkg::MEM_REQ_W)) u_mem_reg (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (m_valid), .ready_o (m_ready), .data_i (m_req),
    .valid_o (mem_req_valid_o), .ready_i (mem_req_ready_i), .data_o (mem_req_o),
    .count_o (m_count)
  );
  // host writes among those in u_rf_reg (STATUS.FIFO_DEPTH, CMD_EMPTY count them as commands)
  logic [1:0] pass_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) pass_q <= '0;
    else pass_q <= pass_q + 2'((rf_valid_c && rf_ready && !rf_own_c) ? 1 : 0)
                          - 2'((rf_valid_o && rf_ready_i && !rf_own_o) ? 1 : 0);
  end
  assign pass_count_o = pass_q;

  // ---- decode of the head ----
  logic [6:0]  c_addr;
  logic [63:0] c_data;
  logic        head_cmd, head_ctrl, head_other, head_pass;
  assign c_addr    = cmd_data_i[70:64];
  assign c_data    = cmd_data_i[63:0];
  assign head_cmd  = cmd_valid_i && cmd_kind_i.cp && (c_addr == gpu_regs_pkg::ADDR_CP_CMD);
  assign head_ctrl = cmd_valid_i && cmd_kind_i.cp && (c_addr == gpu_regs_pkg::ADDR_CP_CTRL);
  assign head_other = cmd_valid_i && cmd_kind_i.cp && !head_cmd && !head_ctrl;
  logic  head_abort;
  assign head_abort = cmd_valid_i && cmd_kind_i.cp && (c_addr == gpu_regs_pkg::ADDR_CP_ABORT);
  assign head_pass = cmd_valid_i && !cmd_kind_i.cp;

  // the states in which the head may be a stream word or a register write
  logic accepting;
  assign accepting = (st_q == StIdle) || (st_q == StPay) || (st_q == StWmPay) || (st_q == StDrain);

  // ---- mailbox (256 x {status, fence}) ----
  logic        mb_we, mb_re;
  logic [7:0]  mb_waddr, mb_raddr;
  logic [31:0] mb_wdata, mb_rdata;
  logic [7:0]  mb_rd_slot_q;                // the slot in the read register, for CP_SLOT_DATA
  logic        mb_rd_fresh_q;               // ... and it is current (not written since)
  prim_ram_1r1w #(.Width(32), .Depth(cp_pkg::SLOTS)) u_mailbox (
    .clk_i (clk_i), .we_i (mb_we), .waddr_i (mb_waddr), .wdata_i (mb_wdata),
    .re_i (mb_re), .raddr_i (mb_raddr), .rdata_o (mb_rdata)
  );
  assign mb_re    = 1'b1;
  assign mb_raddr = (st_q == StChk0) ? rdst_q : slot_addr_q;

  // ---- read pipe ----
  logic        pipe_push, pipe_pop, pipe_rvalid, pipe_wready;
  logic [31:0] pipe_rdata;
  logic [8:0]  pipe_count;
  prim_fifo_bram #(.Width(32), .Depth(cp_pkg::PIPE_WORDS)) u_pipe (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .wvalid_i (pipe_push), .wready_o (pipe_wready), .wdata_i (rsp_q.rdata),
    .rvalid_o (pipe_rvalid), .rready_i (pipe_pop), .rdata_o (pipe_rdata), .count_o (pipe_count)
  );

  // ---- copy data FIFO (BLIT, COPY_BUFFER) ----
  logic        cf_push, cf_pop, cf_rvalid, cf_wready;
  logic [31:0] cf_wdata;   // the memory's answer; LAYER_BLEND: {source, destination} bits 15:0
  logic        cf_wkey, cf_rkey;  // SPRITE_DRAW: the word is keyed (tested as it arrives: timing)
  logic [31:0] cf_rdata;
  logic [3:0]  cf_count;
  prim_fifo #(.Width(33), .Depth(8)) u_copy_fifo (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .wvalid_i (cf_push), .wready_o (cf_wready), .wdata_i ({cf_wkey, cf_wdata}),
    .rvalid_o (cf_rvalid), .rready_i (cf_pop), .rdata_o ({cf_rkey, cf_rdata}), .count_o (cf_count)
  );

  // ---- opcode classes ----
  logic op_sprite, op_layer, op_disp, op_bufpay, has_pay, pay_len_ok;
  assign op_sprite = (op_q == cp_pkg::OP_SPRITE_DRAW);
  assign op_layer  = (op_q == cp_pkg::OP_LAYER_BLEND);
  assign op_disp   = (op_q == cp_pkg::OP_DISPATCH_1D) || (op_q == cp_pkg::OP_DISPATCH_2D);
  assign has_pay   = flags_q[cp_pkg::FLAG_PAYLOAD] && (len_q != '0);
  // the payload lengths an opcode takes (docs/command.md "Validation" step 4)
  always_comb begin
    if (op_q == cp_pkg::OP_WRITE_MEM)      pay_len_ok = flags_q[cp_pkg::FLAG_PAYLOAD];
    else if (op_sprite || op_layer)        pay_len_ok = !flags_q[cp_pkg::FLAG_PAYLOAD] || (len_q <= 8'd1);
    else if (op_disp)                      pay_len_ok = !flags_q[cp_pkg::FLAG_PAYLOAD] || (len_q == 8'd5);
    else                                   pay_len_ok = !flags_q[cp_pkg::FLAG_PAYLOAD];
  end
  // payloads received into pbuf before the packet runs
  assign op_bufpay = (op_sprite || op_layer || op_disp) && has_pay && pay_len_ok;

  // ---- Chk0: extents from the header (registered into Chk1) ----
  logic [33:0] n_d, n_s;
  logic [15:0] rect_w, rect_h;

  // bytes a w x h rectangle of words covers at a 2560-byte row pitch (0 when empty)
  function automatic logic [33:0] rect_bytes(input logic [15:0] w, input logic [15:0] h);
    logic [33:0] rows;
    rows = 34'(h) - 34'd1;
    if (w == 16'd0 || h == 16'd0) rect_bytes = 34'd0;
    else rect_bytes = (rows << 11) + (rows << 9) + (34'(w) << 2);   // (h-1) * 2560 + w * 4
  endfunction

  always_comb begin
    if (op_layer) begin
      rect_w = has_pay ? pbuf_q[0][15:0] : 16'd640;
      rect_h = has_pay ? pbuf_q[0][31:16] : 16'd480;
    end else if (op_q == cp_pkg::OP_BLIT || op_sprite) begin
      rect_w = arg2_q[15:0];
      rect_h = arg2_q[31:16];
    end else begin
      rect_w = arg1_q[15:0];
      rect_h = arg1_q[31:16];
    end
    unique case (op_q)
      cp_pkg::OP_WRITE_MEM, cp_pkg::OP_READ_MEM, cp_pkg::OP_COPY_BUFFER: begin
        n_d = 34'(len_q) << 2;
        n_s = 34'(len_q) << 2;
      end
      cp_pkg::OP_FILL_RECT, cp_pkg::OP_CLEAR_LAYER, cp_pkg::OP_BLIT, cp_pkg::OP_SPRITE_DRAW,
      cp_pkg::OP_LAYER_BLEND: begin
        n_d = rect_bytes(rect_w, rect_h);
        n_s = n_d;
      end
      cp_pkg::OP_DISPATCH_1D, cp_pkg::OP_DISPATCH_2D: begin   // the indirect descriptor
        n_d = 34'd20;
        n_s = 34'd20;
      end
      cp_pkg::OP_LOAD_RSTATE, cp_pkg::OP_RDRAW, cp_pkg::OP_LOAD_GSTATE: begin
        n_d = 34'd16;                                  // RDRAW's descriptor
        n_s = 34'd64;                                  // the RSTATE, the GSTATE
      end
      cp_pkg::OP_LOAD_GPARAM: begin
        n_d = 34'd32;
        n_s = 34'd32;                                  // the GPARAM
      end
      cp_pkg::OP_GDRAW: begin
        n_d = 34'd24;                                  // one GDRAW block (direct form)
        n_s = 34'd4;                                   // the indirect count
      end
      cp_pkg::OP_RRECT: begin                          // RRECT's descriptor
        n_d = 34'd32;
        n_s = 34'd32;
      end
      default: begin   // SET_FB, SWAP_FB
        n_d = FbBytes;
        n_s = FbBytes;
      end
    endcase
  end

  // ---- Chk1: window, overlap, fence, pipe space (from flops) ----
  logic [33:0] lim;
  logic [35:0] ru_a;                     // the range unit (below)
  logic [33:0] ru_end;
  logic [37:0] cs_x, cs_y, cs_z;         // operands of the carry-save level
  logic [36:0] cs_v, cs_m, cs_t;         // its sum and carry bits, and t[37:1]
  logic [33:0] ru_n;
  logic        ru_in;
  // the range unit is pipelined (timing): its operands are registered (ru_a_q, ru_n_q), the
  // result too (ru_in_q); a state that uses it waits until it has lasted three cycles
  // (ru_rdy), its operands being fixed from its entry on
  logic [35:0] ru_a_q;
  logic [33:0] ru_n_q;
  logic        ru_in_q, ru_rdy;
  // ru_rdy from flags per state (in_X: st_q was X one / two cycles ago), so that st_q is only
  // compared with constants and Yosys's fsm pass can recode it one-hot (timing)
  typedef enum logic [3:0] {
    WChk0, WChk1, WChk2, WDChk, WGdCnt, WGdV1, WGdV3, WRdVChk, WRdSChk, WNum
  } wst_e;
  logic [WNum-1:0] w_now, w_p1_q, w_p2_q;
  always_comb begin
    w_now = '0;
    w_now[WChk0]   = (st_q == StChk0);
    w_now[WChk1]   = (st_q == StChk1);
    w_now[WChk2]   = (st_q == StChk2);
    w_now[WDChk]   = (st_q == StDChk);
    w_now[WGdCnt]  = (st_q == StGdCnt);
    w_now[WGdV1]   = (st_q == StGdV1);
    w_now[WGdV3]   = (st_q == StGdV3);
    w_now[WRdVChk] = (st_q == StRdVChk);
    w_now[WRdSChk] = (st_q == StRdSChk);
  end
  assign ru_rdy = |(w_now & w_p1_q & w_p2_q);
  logic        ovl, slot_set, pipe_ok;
  // the window's end, registered: CP_WIN_LIMIT reaches a check at least four cycles after its
  // register write (the write, two header words, Chk0), so one cycle here changes nothing
  logic [33:0] lim_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) lim_q <= '0;
    else         lim_q <= ({2'b0, win_limit_q} > {1'b0, MemTop}) ? {1'b0, MemTop} : {2'b0, win_limit_q};
  end
  assign lim = lim_q;
  always_comb begin
    // (Chk2) the two byte ranges intersect; ends from the range unit (Chk0, Chk1)
    ovl      = (n_d_q != '0) && (n_s_q != '0) && ({2'b0, arg0_q} < end_s_q) && ({2'b0, arg1_q} < end_d_q);
    slot_set = (mb_rdata[23:0] != '0);
    pipe_ok  = (10'(pipe_count) + 10'(len_q)) <= 10'(cp_pkg::PIPE_WORDS);
  end

  // ---- Chk2: the status, in the order of docs/command.md "Validation" ----
  logic [7:0] chk_status, chk_status_q;
  always_ff @(posedge clk_i) chk_status_q <= chk_status;   // (timing)
  logic       al_d, al_s, al_d4k, al_s4k, wide;
  always_comb begin
    al_d   = (arg0_q[1:0] != '0);
    al_s   = (arg1_q[1:0] != '0);
    al_d4k = (arg0_q[11:0] != '0);
    al_s4k = (arg1_q[11:0] != '0);
    wide   = (rect_w > 16'(cp_pkg::ROW_WORDS));
    chk_status = cp_pkg::ERR_OK;
    if (flags_q[cp_pkg::FLAG_WAIT] && !slot_set_q)             chk_status = cp_pkg::ERR_FENCE_UNSET;
    else if (!cp_pkg::op_known(op_q))                          chk_status = cp_pkg::ERR_BAD_OPCODE;
    else if (!cp_pkg::op_done(op_q))                           chk_status = cp_pkg::ERR_UNSUPPORTED;
    else if (flags_q[7:4] != '0)                       chk_status = cp_pkg::ERR_BAD_FLAGS;
    else if (!pay_len_ok)                              chk_status = cp_pkg::ERR_BAD_PAYLOAD;
    else begin
      unique case (op_q)
        cp_pkg::OP_WRITE_MEM: begin
          if (al_d)       chk_status = cp_pkg::ERR_ALIGN;
          else if (!in_d_q) chk_status = cp_pkg::ERR_RANGE;
        end
        cp_pkg::OP_READ_MEM: begin
          if (al_d)       chk_status = cp_pkg::ERR_ALIGN;
          else if (!in_d_q) chk_status = cp_pkg::ERR_RANGE;
          else if (!pipe_ok_q) chk_status = cp_pkg::ERR_PIPE_FULL;
        end
        cp_pkg::OP_FILL_RECT, cp_pkg::OP_CLEAR_LAYER: begin
          if (al_d)       chk_status = cp_pkg::ERR_ALIGN;
          else if (wide)  chk_status = cp_pkg::ERR_BAD_ARG;
          else if (!in_d_q) chk_status = cp_pkg::ERR_RANGE;
        end
        cp_pkg::OP_BLIT: begin
          if (al_d || al_s) chk_status = cp_pkg::ERR_ALIGN;
          else if (wide)  chk_status = cp_pkg::ERR_BAD_ARG;
          else if (!in_d_q || !in_s_q) chk_status = cp_pkg::ERR_RANGE;
          else if (ovl) chk_status = cp_pkg::ERR_OVERLAP;
        end
        cp_pkg::OP_COPY_BUFFER: begin
          if (al_d || al_s) chk_status = cp_pkg::ERR_ALIGN;
          else if (!in_d_q || !in_s_q) chk_status = cp_pkg::ERR_RANGE;
          else if (ovl) chk_status = cp_pkg::ERR_OVERLAP;
        end
        cp_pkg::OP_SET_FB: begin
          if (!(arg1_q == '0 || arg1_q == RowBytes) || arg2_q != 32'd1) chk_status = cp_pkg::ERR_UNSUPPORTED;
          else if (al_d4k) chk_status = cp_pkg::ERR_ALIGN;
          else if (!in_d_q) chk_status = cp_pkg::ERR_RANGE;
        end
        cp_pkg::OP_SWAP_FB: begin
          if (al_d4k || al_s4k) chk_status = cp_pkg::ERR_ALIGN;
          else if (!in_d_q || !in_s_q) chk_status = cp_pkg::ERR_RANGE;
        end
        cp_pkg::OP_SPRITE_DRAW: begin
          if (al_d || al_s) chk_status = cp_pkg::ERR_ALIGN;
          else if (wide || (has_pay && pbuf_q[0][31:17] != '0)) chk_status = cp_pkg::ERR_BAD_ARG;
          else if (!in_d_q || !in_s_q) chk_status = cp_pkg::ERR_RANGE;
          else if (ovl) chk_status = cp_pkg::ERR_OVERLAP;
        end
        cp_pkg::OP_LAYER_BLEND: begin
          if (al_d || al_s) chk_status = cp_pkg::ERR_ALIGN;
          else if (wide || arg2_q > 32'h100) chk_status = cp_pkg::ERR_BAD_ARG;
          else if (!in_d_q || !in_s_q) chk_status = cp_pkg::ERR_RANGE;
          else if (ovl) chk_status = cp_pkg::ERR_OVERLAP;
        end
        cp_pkg::OP_DISPATCH_1D, cp_pkg::OP_DISPATCH_2D: begin   // indirect form: the descriptor
          if (!flags_q[cp_pkg::FLAG_PAYLOAD] && arg2_q[31]) begin
            if (al_d)         chk_status = cp_pkg::ERR_ALIGN;
            else if (!in_d_q) chk_status = cp_pkg::ERR_RANGE;
          end
        end
        cp_pkg::OP_LOAD_RSTATE, cp_pkg::OP_LOAD_GPARAM: begin   // slot id, a 32-byte aligned descriptor
          if (arg0_q > 32'd3)          chk_status = cp_pkg::ERR_BAD_ARG;
          else if (arg1_q[4:0] != '0)  chk_status = cp_pkg::ERR_ALIGN;
          else if (!in_s_q)            chk_status = cp_pkg::ERR_RANGE;
        end
        cp_pkg::OP_RDRAW, cp_pkg::OP_RRECT: begin
          if (arg0_q[3:0] != '0)       chk_status = cp_pkg::ERR_ALIGN;
          else if (!in_d_q)            chk_status = cp_pkg::ERR_RANGE;
        end
        cp_pkg::OP_LOAD_GSTATE: begin
          if (arg0_q > 32'd3 || arg2_q[31:1] != '0) chk_status = cp_pkg::ERR_BAD_ARG;
          else if (arg1_q[5:0] != '0)  chk_status = cp_pkg::ERR_ALIGN;
          else if (!in_s_q)            chk_status = cp_pkg::ERR_RANGE;
        end
        cp_pkg::OP_GDRAW: begin
          if ((arg2_q & ~GdArg2Used) != '0 || !gd_gs.valid || !gd_gp.valid || !dr_st.valid)
                                       chk_status = cp_pkg::ERR_BAD_ARG;
          else if (arg0_q[3:0] != '0)  chk_status = cp_pkg::ERR_ALIGN;
          else if (arg1_q == '0) begin
            if (!in_d_q)               chk_status = cp_pkg::ERR_RANGE;
          end
          else if (arg1_q[1:0] != '0)  chk_status = cp_pkg::ERR_ALIGN;
          else if (!in_s_q)            chk_status = cp_pkg::ERR_RANGE;
        end
        default: chk_status = cp_pkg::ERR_OK;   // BARRIER
      endcase
    end
  end

  // ---- DISPATCH: the descriptor's checks (DChk) and the kernel-table entry's (KChk) ----
  // pbuf_q: [0] kernel_id, [1] grid, [2] block, [3] arg_ptr, [4] reserved, [5..6] the entry
  localparam logic [31:0] SimtDataWin = 32'(gpu_pkg::SIMT_DATA_WIN);
  logic [7:0]  dk_status, dk_thr;
  logic        dk_block_ok, dk_thr_ok;
  logic [15:0] dk_prod;
  // one multiplier, shared: StDChk x * y of DISPATCH_2D, StLb (s - d) * a of one channel;
  // operands and product registered (timing), so a channel's result comes two steps after
  // its issue: stage 1 the operands (mul_x_q, with the channel and its destination value),
  // stage 2 the product (mul_p_q), then the rounding sum into the result. The stages move
  // together (lb_adv), held only while the blue channel's word waits for the write register
  logic signed [9:0]  mul_x, mul_y, mul_x_q, mul_y_q;
  logic signed [19:0] mul_p_q;
  logic [1:0]  lb_ch_q, lb_ch_d;            // LAYER_BLEND: the channel being issued
  logic signed [6:0] lb_diff;
  logic [5:0]  lb_sc, lb_dc, lb_oc;
  logic        lb_adv;                      // the blend's stages advance
  logic        lb_b1_v_q, lb_b2_v_q;        // a channel in stage 1 / 2
  logic [1:0]  lb_b1_ch_q, lb_b2_ch_q;      // ... which
  logic [5:0]  lb_b1_dc_q, lb_b2_dc_q;      // ... its destination value
  always_comb begin
    unique case (lb_ch_q)
      2'd0:    begin lb_sc = {1'b0, lb_s_q[15:11]}; lb_dc = {1'b0, lb_d_q[15:11]}; end
      2'd1:    begin lb_sc = lb_s_q[10:5];          lb_dc = lb_d_q[10:5];          end
      default: begin lb_sc = {1'b0, lb_s_q[4:0]};   lb_dc = {1'b0, lb_d_q[4:0]};   end
    endcase
    lb_diff = $signed({1'b0, lb_sc}) - $signed({1'b0, lb_dc});
    if (st_q == StLb) begin
      mul_x = 10'(lb_diff);                   // sign-extended
      mul_y = $signed({1'b0, arg2_q[8:0]});
    end else begin
      mul_x = $signed({2'b0, pbuf_q[1][7:0]});
      mul_y = $signed({2'b0, pbuf_q[1][23:16]});
    end
    // o = (s * a + d * (256 - a) + 128) >> 8 = d + (((s - d) * a + 128) >>> 8) (floor)
    lb_oc = 6'($signed({1'b0, lb_b2_dc_q}) + 8'((mul_p_q + 20'sd128) >>> 8));
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lb_b1_v_q <= 1'b0;
      lb_b2_v_q <= 1'b0;
    end else if (lb_adv) begin
      lb_b1_v_q <= (st_q == StLb) && lb_busy_q;
      lb_b2_v_q <= lb_b1_v_q;
    end
  end
  always_ff @(posedge clk_i) begin
    if (lb_adv) begin
      mul_x_q    <= mul_x;
      mul_y_q    <= mul_y;
      lb_b1_ch_q <= lb_ch_q;
      lb_b1_dc_q <= lb_dc;
      mul_p_q    <= mul_x_q * mul_y_q;
      lb_b2_ch_q <= lb_b1_ch_q;
      lb_b2_dc_q <= lb_b1_dc_q;
    end
  end
  // StDChk lasts three cycles (ru_rdy) and is never entered from StLb (the stages advance
  // outside StLb), so in its third cycle the product is x * y of this packet's pbuf_q[1]
  logic [15:0] dk_prod_q;
  assign dk_prod_q = mul_p_q[15:0];
  logic [35:0] dk_entry;         // BASE + 8 * kernel_id, 36 bits (no wrap)
  logic        dk_entry_in;
  always_comb begin
    if (op_q == cp_pkg::OP_DISPATCH_2D) begin
      dk_block_ok = (pbuf_q[2] == 32'h0) || (pbuf_q[2] == 32'h0000_0004) || (pbuf_q[2] == 32'h0001_0004);
      dk_prod     = dk_prod_q;     // x * y on the shared multiplier, registered (StDChk)
      // x * y <= 255 (a zero side is 0 threads, whatever the other)
      dk_thr_ok   = (pbuf_q[1][15:0] == '0) || (pbuf_q[1][31:16] == '0) ||
                    ((pbuf_q[1][15:8] == '0) && (pbuf_q[1][31:24] == '0) && (dk_prod <= 16'd255));
      dk_thr      = ((pbuf_q[1][15:0] == '0) || (pbuf_q[1][31:16] == '0)) ? 8'd0 : dk_prod[7:0];
    end else begin
      dk_block_ok = (pbuf_q[2] == 32'h0) || (pbuf_q[2] == 32'h4);
      dk_prod     = '0;
      dk_thr_ok   = (pbuf_q[1] <= 32'd255);
      dk_thr      = pbuf_q[1][7:0];
    end
    dk_entry    = {4'h0, ktab_q[31:3], 3'b000} + {pbuf_q[0], 3'b000};
    dk_entry_in = ru_in_q; // the range unit on (dk_entry, 8) in StDChk
    dk_status = cp_pkg::ERR_OK;
    if (!dk_block_ok)                           dk_status = cp_pkg::ERR_UNSUPPORTED;
    else if (!dk_thr_ok)                        dk_status = cp_pkg::ERR_BAD_ARG;
    else if (pbuf_q[4] != '0)                   dk_status = cp_pkg::ERR_BAD_ARG;
    else if (pbuf_q[3] != '0 && (pbuf_q[3] < SimtDataWin || pbuf_q[3] >= SimtDataWin + 32'h8000))
                                                dk_status = cp_pkg::ERR_BAD_ARG;
    else if (pbuf_q[0] >= {16'h0, ktab_q[47:32]}) dk_status = cp_pkg::ERR_BAD_ARG;
    else if (!dk_entry_in)                      dk_status = cp_pkg::ERR_RANGE;
  end
  logic        ke_ok, ke_shd;
  logic [63:0] launch_word;      // SIMT_LAUNCH: DATA_OFFSET[46:32], PROG_OFFSET[21:8], THREADS[7:0]
  logic [14:0] k_data_off;
  // entry word 1 bit 31: a shader kernel, word 0 its entry pc (< 32 MiB, 4-byte aligned), word 1
  // bits 24:0 its ARG_BASE when arg_ptr is 0; else a SIMT kernel {program, data offset}
  assign ke_shd = pbuf_q[6][31];
  assign ke_ok  = ke_shd ? ((pbuf_q[5][31:25] == '0) && (pbuf_q[5][1:0] == '0) && (pbuf_q[6][30:25] == '0))
                         : ((pbuf_q[5][31:14] == '0) && (pbuf_q[6][31:15] == '0));
  assign k_data_off = (pbuf_q[3] != '0) ? 15'(pbuf_q[3] - SimtDataWin) : pbuf_q[6][14:0];
  assign launch_word = {17'h0, k_data_off, 10'h0, pbuf_q[5][13:0], k_thr_q};

  // ---- draws: a range checker for the vertex block and the sampler, the on-features ----
  logic [31:0] rc_addr;
  logic [33:0] rc_len;
  logic        rc_in;
  logic        dr_depth, dr_blend, dr_tex;
  logic [1:0]  dr_sid;                    // the descriptor's STATE_ID (a plain vector for Yosys)
  logic op_rrect, op_gdraw;
  assign op_rrect = (op_q == cp_pkg::OP_RRECT);
  assign op_gdraw = (op_q == cp_pkg::OP_GDRAW);
  assign dr_sid = op_rrect ? arg1_q[1:0] : op_gdraw ? arg2_q[13:12] : pbuf_q[0][1:0];
  // GDRAW's geometry state and parameters (slots named in arg2), registered (timing): a slot is
  // written by an earlier packet, arg2 is the header's, both at least three cycles before Chk2
  always_ff @(posedge clk_i) begin
    unique case (arg2_q[5:4])
      2'd0:    gd_gs <= gs0_q;
      2'd1:    gd_gs <= gs1_q;
      2'd2:    gd_gs <= gs2_q;
      default: gd_gs <= gs3_q;
    endcase
    unique case (arg2_q[9:8])
      2'd0:    gd_gp <= gp0_q;
      2'd1:    gd_gp <= gp1_q;
      2'd2:    gd_gp <= gp2_q;
      default: gd_gp <= gp3_q;
    endcase
  end
  // GDRAW's walk (docs/command.md "Geometry"): the position of vertex j of the triangle at
  // gd_p_q (strip, odd triangle: j 0 and 1 swapped), the index address, the vertex number,
  // the vertex address
  logic [1:0]  gd_j, gd_qoff;
  logic [33:0] gd_e, gd_p_next;
  logic [35:0] gd_ia, gd_va, gd_v;        // gd_v signed
  logic        gd_tri_more, gd_desc_bad, gd_rsptr, gd_v_bad;
  logic [33:0] gd_cnt24;
  always_comb begin
    gd_j     = dw_k[3:2];
    gd_qoff  = gd_j;
    if (gd_strip_q && gd_p_q[0] && gd_j != 2'd2) gd_qoff = {1'b0, ~gd_j[0]};
    gd_e     = 34'(pbuf_q[0]) + gd_p_q + 34'(gd_qoff);
    // the index's bytes (e < 2^24: anything larger is past 32 MiB, refused in StGdV1)
    gd_ia    = {4'h0, gd_gs.ibo} + (gd_gs.ibo32 ? {10'h0, gd_e_q[23:0], 2'b00} : {11'h0, gd_e_q[23:0], 1'b0});
    gd_v     = {2'b00, gd_idx_q} + {{4{gd_gp.bv[31]}}, gd_gp.bv};
    gd_v_bad = gd_v[35] || (gd_v[34:21] != '0);   // < 0, or past 32 MiB whatever the stride (>= 28)
    // the vertex's bytes (product < 2^23 words, else past 32 MiB: refused in StGdV3)
    gd_va    = {4'h0, gd_gs.vbo} + {11'h0, gd_acc_q[22:0], 2'b00};
    gd_desc_bad = (pbuf_q[2] > 32'd1) || (pbuf_q[3][31:3] != '0);
    gd_rsptr    = (pbuf_q[4] != '0);
    gd_cnt24    = (34'(pbuf_q[6][20:0]) << 4) + (34'(pbuf_q[6][20:0]) << 3);
  end
  // the next triangle's position and whether it is inside COUNT, registered in two steps
  // (timing: three carry chains in a row): gd_p_q, gd_strip_q and COUNT change at least
  // twelve cycles before the triangle's last step (StDr, dr_ws_q 23) reads them
  always_ff @(posedge clk_i) begin
    gd_p_next   <= gd_p_q + (gd_strip_q ? 34'd1 : 34'd3);
    gd_tri_more <= (gd_p_next + 34'd3) <= 34'(pbuf_q[1]);
  end
  // draw pass: a read waits until no triangle is in the pixel pipeline. From a flop: rf_busy_v
  // depends on the memory arbiter, which depends on this unit's request. The flop lags by a
  // cycle; busy rises only through this unit's own third VERTEX write, which is itself busy
  // (the register file's cmd_valid_i), so no read slips in before it.
  // Only a read that can alias a pixel write waits: one inside the framebuffer or (depth on)
  // the Z-buffer, 640 x 480 words from their bases, modulo 32 MiB as the pixel path wraps.
  // The alias test is registered (timing: its two subtracts and compares sat in front of the
  // request's valid and the unit's state): gd_alias_q is the test of gd_alias_a_q, and a read
  // whose address changed since (f_addr_q != gd_alias_a_q, the first cycle of a new address)
  // counts as aliasing, so it waits a cycle more only while the pipeline is busy. The render
  // state it tests (dr_st, dr_depth) is fixed from the header on, long before the draw pass.
  logic        gd_busy_q, gd_hold, gd_alias, gd_alias_q;
  logic [24:0] gd_fb_off, gd_zb_off, gd_alias_a_q;
  always_comb begin
    gd_fb_off = f_addr_q - {dr_st.fb[12:0], 12'h000};
    gd_zb_off = f_addr_q - {dr_st.zb[12:0], 12'h000};
    gd_alias  = (gd_fb_off < 25'(FbBytes)) || (dr_depth && gd_zb_off < 25'(FbBytes));
  end
  assign gd_hold = op_gdraw && gd_pass_q && gd_busy_q && (gd_alias_q || (f_addr_q != gd_alias_a_q));
  // the render state drawn with, registered (timing): its slot is written by an earlier packet,
  // dr_sid comes from the header (RRECT, GDRAW) or RDRAW's descriptor word 0, read at least
  // three cycles before StRdChk
  always_ff @(posedge clk_i) begin
    unique case (dr_sid)
      2'd0:    dr_st <= rs0_q;
      2'd1:    dr_st <= rs1_q;
      2'd2:    dr_st <= rs2_q;
      default: dr_st <= rs3_q;
    endcase
  end
  assign dr_depth = dr_flags_q[1] && dr_st.depth;
  assign dr_blend = dr_flags_q[2] && (dr_st.blend != 2'd0);
  assign dr_tex   = dr_flags_q[3] && (dr_st.tex || op_rrect);   // RRECT: its FLAGS.TEXTURED
  // RRECT: pbuf_q {X0, Y0, X1, Y1, COLOR, FLAGS, SAMPLER_HANDLE, RESERVED}
  logic [31:0] dr_sampler, rr_color;
  assign dr_sampler = (op_rrect && !pbuf_q[5][2] && pbuf_q[6] != '0) ? pbuf_q[6] : dr_st.sampler;
  assign rr_color   = (pbuf_q[5][1] || pbuf_q[4] == '0) ? dr_st.color : pbuf_q[4];
  logic rr_bad;   // a corner out of -2048..2047
  always_comb begin
    rr_bad = 1'b0;
    for (int i = 0; i < 4; i++) begin
      if ($signed(pbuf_q[i]) < -32'sd2048 || $signed(pbuf_q[i]) > 32'sd2047) rr_bad = 1'b1;
    end
  end
  // the corners of vertex k of RRECT's two triangles (X0,Y0) (X1,Y0) (X0,Y1) (X1,Y0) (X1,Y1) (X0,Y1)
  logic        rr_right, rr_bottom;
  always_comb begin
    unique case (dw_k[4:2])
      3'd1, 3'd3: begin rr_right = 1'b1; rr_bottom = 1'b0; end
      3'd4:       begin rr_right = 1'b1; rr_bottom = 1'b1; end
      3'd2, 3'd5: begin rr_right = 1'b0; rr_bottom = 1'b1; end
      default:    begin rr_right = 1'b0; rr_bottom = 1'b0; end
    endcase
  end
  always_comb begin
    rc_addr = (st_q == StRdSChk) ? dr_sampler : dr_vb_q;
    rc_len  = (st_q == StRdSChk) ? 34'd20 : 34'd96;
    rc_in   = ru_in_q;     // the range unit on (rc_addr, rc_len) in StRdVChk / StRdSChk
  end

  // ---- the range unit: [a, a + n) inside the window, one per cycle, shared by the check
  // states (Chk0 destination, Chk1 source, DChk kernel-table entry, RdVChk vertex block,
  // RdSChk sampler); sums in 36 bits, no wrap ----
  always_comb begin
    unique case (st_q)
      StChk0:  begin ru_a = {4'h0, arg0_q}; ru_n = n_d; end
      StChk1:  begin ru_a = {4'h0, arg1_q}; ru_n = n_s; end
      StDChk:  begin ru_a = dk_entry;        ru_n = 34'd8; end
      StGdCnt: begin ru_a = {4'h0, arg0_q}; ru_n = gd_cnt24; end
      StGdV1:  begin ru_a = gd_ia;           ru_n = gd_gs.ibo32 ? 34'd4 : 34'd2; end
      StGdV3:  begin ru_a = gd_va;           ru_n = 34'd28; end
      default: begin ru_a = {4'h0, rc_addr}; ru_n = rc_len; end
    endcase
  end
  always_ff @(posedge clk_i) begin
    ru_a_q <= ru_a;
    ru_n_q <= ru_n;
  end
  always_comb begin
    ru_end = ru_a_q[33:0] + ru_n_q;  // (for the overlap check, into flip-flops only)
    // a + n <= lim without an adder in front of a compare (timing): t = lim + ~a + ~n in 38
    // bits is lim - a - n - 2, which is >= -2 exactly when a + n <= lim; the three operands
    // go through one carry-save level and one carry chain
    // bit 0 of t is s[0] (the carries enter at bit 1), so only t[37:1] is formed
    cs_x   = {4'b0, lim};
    cs_y   = ~{2'b0, ru_a_q};
    cs_z   = ~{4'b0, ru_n_q};
    cs_v   = cs_x[37:1] ^ cs_y[37:1] ^ cs_z[37:1];                           // sum bits 37:1
    cs_m   = (cs_x[36:0] & cs_y[36:0]) | (cs_x[36:0] & cs_z[36:0]) | (cs_y[36:0] & cs_z[36:0]);  // carries into 37:1
    cs_t   = cs_v + cs_m;                                                    // t[37:1]
    ru_in  = (ru_a_q >= 36'(win_base_q)) && (!cs_t[36] || (&cs_t));
  end
  // the write of step dr_ws_q (docs/command.md "RDRAW's register writes"): address, data,
  // skipped, needs a word read first (sampler), is the vertex read
  logic [6:0]  dw_addr;
  logic [63:0] dw_data;
  logic        dw_skip, dw_fetch, dw_vtx;
  logic [4:0]  dw_k;                      // step from the first vertex step: dr_ws_q - 12
  always_comb begin
    dw_addr  = gpu_regs_pkg::ADDR_FB_DRAW;
    dw_data  = {32'h0, dr_st.fb, 12'h0};
    dw_skip  = 1'b0;
    dw_fetch = 1'b0;
    dw_vtx   = 1'b0;
    dw_k     = 5'(dr_ws_q - 6'd12);
    if (dr_ws_q == 6'd0) begin
      // FB_DRAW (the defaults above)
    end else if (dr_ws_q == 6'd1) begin
      dw_addr = gpu_regs_pkg::ADDR_FB_ZBUFFER;
      dw_data = {32'h0, dr_st.zb, 12'h0};           // Z_COMPARE 0 (LESS)
      dw_skip = !dr_depth;
    end else if (dr_ws_q == 6'd2) begin
      dw_addr = gpu_regs_pkg::ADDR_TRI_MODE;
      dw_data = {60'h0, dr_depth, dr_depth, 1'b0, dr_flags_q[0]};
    end else if (dr_ws_q == 6'd3) begin
      dw_addr = gpu_regs_pkg::ADDR_ALPHA_BLEND;
      dw_data = {62'h0, !dr_blend ? 2'd0 : (dr_st.blend == 2'd1) ? 2'd3 : 2'd1};
    end else if (dr_ws_q >= 6'd4 && dr_ws_q <= 6'd8) begin
      dw_addr  = gpu_regs_pkg::ADDR_TEX0_BASE + 7'(3'(dr_ws_q - 6'd4));
      dw_data  = {32'h0, dr_c_q};                  // the sampler word read for this step
      dw_fetch = dr_tex;
      if (!dr_tex) begin                           // texture off: TEX0_FMT = 0 only
        dw_data = '0;
        dw_skip = (dr_ws_q != 6'd5);
      end
    end else if (dr_ws_q >= 6'd9 && dr_ws_q <= 6'd11) begin
      dw_addr = gpu_regs_pkg::ADDR_TEX1_FMT + {2'b00, 2'(dr_ws_q - 6'd9), 3'b000};
      dw_data = '0;
    end else begin
      unique case (dw_k[1:0])
        2'd0: dw_vtx = 1'b1;
        2'd1: begin
          dw_addr = gpu_regs_pkg::ADDR_COLOR;
          dw_data = {32'h0, dr_c_q[31:24], dr_c_q[7:0], dr_c_q[15:8], dr_c_q[23:16]};
        end
        2'd2: begin
          dw_addr = gpu_regs_pkg::ADDR_UV0;
          dw_data = {16'h0, 16'h7FFF, dr_vv_q[15:0], dr_u_q[15:0]};
          dw_skip = !dr_tex;
        end
        default: begin
          dw_addr = gpu_regs_pkg::ADDR_VERTEX;
          dw_data = {7'h0, dr_z_q[24:0], dr_y_q[11:0], 4'h0, dr_x_q[11:0], 4'h0};
        end
      endcase
    end
  end
  // a vertex word out of range (check pass): X, Y in -2048..2047, Z <= 0x1FFFFFF, U, V in
  // -32768..32767 with texture on
  logic vw_bad;
  always_comb begin
    unique case (dr_wi_q)
      3'd0, 3'd1: vw_bad = ($signed(rsp_q.rdata) < -32'sd2048) || ($signed(rsp_q.rdata) > 32'sd2047);
      3'd2:       vw_bad = (rsp_q.rdata > 32'h1FF_FFFF);
      3'd4, 3'd5: vw_bad = dr_tex && (($signed(rsp_q.rdata) < -32'sd32768) || ($signed(rsp_q.rdata) > 32'sd32767));
      default:    vw_bad = 1'b0;
    endcase
  end
  // LOAD_RSTATE: the check of descriptor word rs_idx_q as it arrives (DEPTH_BASE and
  // DEPTH_STRIDE count only with DEPTH_FORMAT 2, word 6: settled in the state machine)
  logic [7:0]  rw_err;
  logic [31:0] rw;
  assign rw = rsp_q.rdata;
  always_comb begin
    rw_err  = cp_pkg::ERR_OK;
   
    unique case (rs_idx_q)
      4'd0: if (rw[11:0] != '0) begin rw_err = cp_pkg::ERR_BAD_ARG; end
      4'd1: if (rw != '0 && rw != RowBytes) begin rw_err = cp_pkg::ERR_UNSUPPORTED; end
      4'd2: if (rw != 32'd1) begin rw_err = cp_pkg::ERR_UNSUPPORTED; end
      4'd3: if (rw != '0 && rw != 32'h01E0_0280) begin rw_err = cp_pkg::ERR_UNSUPPORTED; end
      // DEPTH_BASE / DEPTH_STRIDE: failures only with DEPTH_FORMAT 2, settled at word 6
      4'd6: begin
        if (rw != '0 && rw != 32'd2) rw_err = cp_pkg::ERR_UNSUPPORTED;
        else if (rw == 32'd2 && rs_zb_bad_q) rw_err = cp_pkg::ERR_BAD_ARG;
        else if (rw == 32'd2 && rs_zs_bad_q) rw_err = cp_pkg::ERR_UNSUPPORTED;
      end
      4'd7: if (rw > 32'd2) begin rw_err = cp_pkg::ERR_UNSUPPORTED; end
      4'd12: begin
        if (rw[31:3] != '0)  begin rw_err = cp_pkg::ERR_BAD_ARG; end
        else if (rw[0])      begin rw_err = cp_pkg::ERR_UNSUPPORTED; end
        else if (rw[2] && rs_dfmt_q != 2'd2) begin rw_err = cp_pkg::ERR_BAD_ARG; end
      end
      4'd13, 4'd14, 4'd15: if (rw != '0) begin rw_err = cp_pkg::ERR_BAD_ARG; end
      default: ;
    endcase
  end

  // LOAD_GSTATE / LOAD_GPARAM: the check of descriptor word rs_idx_q as it arrives (IBO_BASE,
  // word 2, is settled at IBO_FORMAT, word 3)
  logic [7:0] gw_err, pw_err, ld_err;
  always_comb begin
    gw_err = cp_pkg::ERR_OK;
    unique case (rs_idx_q)
      4'd0: if (rw[1:0] != '0) gw_err = cp_pkg::ERR_BAD_ARG;
      4'd1: if (rw[1:0] != '0 || rw < 32'd28 || rw > 32'd65532) gw_err = cp_pkg::ERR_BAD_ARG;
      4'd3: if (rw > 32'd1 || (rw[0] ? (gs_new_q.ibo[1:0] != '0) : gs_new_q.ibo[0])) gw_err = cp_pkg::ERR_BAD_ARG;
      4'd4, 4'd5: if (rw != '0) gw_err = cp_pkg::ERR_UNSUPPORTED;
      4'd6: begin
        if (rw[31:2] != '0)      gw_err = cp_pkg::ERR_BAD_ARG;
        else if (rw[1:0] != '0)  gw_err = cp_pkg::ERR_UNSUPPORTED;
      end
      4'd2: ;
      default: if (rw != '0) gw_err = cp_pkg::ERR_BAD_ARG;   // words 7..15 reserved
    endcase
    pw_err = cp_pkg::ERR_OK;
    if (rs_idx_q != 4'd0 && rs_idx_q != 4'd2 && rw != '0) pw_err = cp_pkg::ERR_BAD_ARG;
    unique case (op_q)
      cp_pkg::OP_LOAD_GSTATE: ld_err = gw_err;
      cp_pkg::OP_LOAD_GPARAM: ld_err = pw_err;
      default:                ld_err = rw_err;
    endcase
  end

  // ---- SPRITE_DRAW: a keyed source word is not written ----
  logic cf_skip;
  assign cf_wkey  = op_sprite && has_pay && pbuf_q[0][16] && (rsp_q.rdata[15:0] == pbuf_q[0][15:0]);
  assign cf_skip  = cf_rkey;

  // ---- walkers: one step along a rectangle of w_q words per row (row pitch 2560 bytes) ----
  logic d_done, s_done, d_last_col, s_last_col;
  assign d_done = (d_rows_q == '0);
  assign s_done = (s_rows_q == '0);
  assign d_last_col = (16'(d_col_q) + 16'd1 >= w_q);
  assign s_last_col = (16'(s_col_q) + 16'd1 >= w_q);

  logic        req_valid, req_we;
  logic [24:0] req_addr;
  logic [31:0] req_wdata;
  logic [3:0]  req_be;

  // ---- the memory request of the state (from flops and the head only) ----
  always_comb begin
    req_valid = 1'b0;
    req_we    = 1'b0;
    req_addr  = d_addr_q;
    req_wdata = '0;
    req_be    = 4'hF;
    unique case (st_q)
      StWmLo: begin
        req_valid = 1'b1;
        req_we    = 1'b1;
        req_wdata = c_data[31:0];
      end
      StWmHi: begin
        req_valid = 1'b1;
        req_we    = 1'b1;
        req_wdata = c_data[63:32];
      end
      StRead: begin
        req_valid = !s_done && (outst_q < 4'd8);
        req_addr  = s_addr_q;
      end
      StFill: begin
        req_valid = !d_done;
        req_we    = 1'b1;
        if (op_q == cp_pkg::OP_CLEAR_LAYER) begin
          req_wdata = {16'h0, arg2_q[23:19], arg2_q[15:10], arg2_q[7:3]};
          req_be    = 4'b0011;
        end else begin
          req_wdata = arg2_q;
        end
      end
      StCopy: begin
        if (cf_rvalid) begin   // a word in hand: write it (SPRITE_DRAW: bits 15:0, unless keyed)
          req_valid = !cf_skip;
          req_we    = 1'b1;
          req_wdata = op_sprite ? {16'h0, cf_rdata[15:0]} : cf_rdata;
          req_be    = op_sprite ? 4'b0011 : 4'hF;
        end else if (!s_done && (5'(cf_count) + 5'(outst_q)) < 5'd8) begin
          req_valid = 1'b1;
          req_addr  = s_addr_q;
        end
      end
      StLb: begin   // the write first; reads while pairs in flight fit the copy FIFO
        if (lb_wv_q) begin
          req_valid = 1'b1;
          req_we    = 1'b1;
          req_wdata = {16'h0, lb_w_q};
          req_be    = 4'b0011;
        end else if (!s_done && outst_q < 4'd6 && cf_count < 4'd5) begin
          req_valid = 1'b1;
          req_addr  = lb_par_q ? (s_addr_q + lb_delta) : s_addr_q;
        end
      end
      StFetchReq, StRsReq, StRdVReq, StGdIReq: begin
        req_valid = !gd_hold;
        req_addr  = f_addr_q;
      end
      StDrFReq: begin   // a vertex: seven requests; a sampler word: one
        req_valid = !gd_hold && (!dw_vtx || dr_ri_q != 3'd7);
        req_addr  = f_addr_q;
      end
      default: ;
    endcase
  end

  // the watchdog compares, registered (timing: 32-bit compares in front of the state's
  // enables). In StKWait wd_q counts one a cycle from 0, so (wd_q + 1 >= budget) registered is
  // this cycle's wd_q >= budget (false in its first cycle: the budget is at least 1); gd_nv_q
  // changes at a vertex step or a pass's start, several cycles before the next vertex step
  logic wd_over_q, gd_nv_over_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wd_over_q    <= 1'b0;
      gd_nv_over_q <= 1'b0;
    end else begin
      wd_over_q    <= (st_q == StKWait) && (watchdog_q != '0) && (33'(wd_q) + 33'd1 >= 33'(watchdog_q));
      gd_nv_over_q <= (watchdog_q != '0) && (gd_nv_q >= watchdog_q);
    end
  end

  // ---- main process ----
  logic        d_step, s_step;
  logic        rsp_to_pipe, rsp_to_copy;
  logic        rf_valid;
  gpu_pkg::cmd_kind_t rf_kind;   // the kind of a write of this unit's own (SIMT_LAUNCH)
  logic [6:0]  rf_addr;
  logic [63:0] rf_wdata;
  logic        resync, clear; // CP_CTRL bits of the head
  logic        wm_hi;         // the WRITE_MEM payload write in hand has a second word to write
  logic        dr_adv;        // StDr: the write sequence moves to its next step
  logic        lb_push, lb_wacc;  // StLb: a pair into the copy FIFO; the write taken this cycle
  logic [24:0] lb_delta;      // StLb: destination - source (the same rectangle shape)
  assign lb_delta = arg0_q[24:0] - arg1_q[24:0];

  assign resync = c_data[0];
  assign clear  = c_data[1];
  assign wm_hi  = (wm_words_q >= 8'd2);

  always_comb begin
    asm_d = asm_q;
    st_d = st_q;
    op_d = op_q; flags_d = flags_q; rdst_d = rdst_q; len_d = len_q;
    arg0_d = arg0_q; arg1_d = arg1_q; arg2_d = arg2_q;
    pay_left_d = pay_left_q;
    pbuf_d = pbuf_q;
    pay_idx_d = pay_idx_q;
    f_idx_d = f_idx_q; f_end_d = f_end_q; f_addr_d = f_addr_q;
    k_thr_d = k_thr_q;
    wd_d = wd_q;
    abort_d = abort_q;
    sh_tx_d = sh_tx_q;
    sh_ty_d = sh_ty_q;
    lb_s_d = lb_s_q; lb_d_d = lb_d_q; lb_o_d = lb_o_q; lb_ch_d = lb_ch_q;
    lb_hs_d = lb_hs_q; lb_hold_d = lb_hold_q; lb_par_d = lb_par_q; lb_busy_d = lb_busy_q;
    lb_w_d = lb_w_q; lb_wv_d = lb_wv_q; lb_push = 1'b0; lb_wacc = 1'b0; lb_adv = 1'b1;
    rs_new_d = rs_new_q; rs_err_d = rs_err_q; rs_zb_bad_d = rs_zb_bad_q; rs_zs_bad_d = rs_zs_bad_q;
    rs_idx_d = rs_idx_q; rs_dfmt_d = rs_dfmt_q;
    dr_vb_d = dr_vb_q; last_vb_d = last_vb_q; last_vb_ok_d = last_vb_ok_q; dr_flags_d = dr_flags_q;
    dr_bad_d = dr_bad_q; dr_ws_d = dr_ws_q; dr_wi_d = dr_wi_q; dr_ri_d = dr_ri_q; dr_v_d = dr_v_q; dr_have_d = dr_have_q;
    dr_x_d = dr_x_q; dr_y_d = dr_y_q; dr_z_d = dr_z_q; dr_u_d = dr_u_q; dr_vv_d = dr_vv_q; dr_c_d = dr_c_q;
    dr_adv = 1'b0;
    gs_new_d = gs_new_q; gp_new_d = gp_new_q;
    gd_pass_d = gd_pass_q; gd_cnt_d = gd_cnt_q; gd_left_d = gd_left_q; gd_desc_d = gd_desc_q;
    gd_strip_d = gd_strip_q; gd_p_d = gd_p_q; gd_e_d = gd_e_q; gd_half_d = gd_half_q; gd_idx_d = gd_idx_q;
    gd_acc_d = gd_acc_q; gd_mv_d = gd_mv_q; gd_ms_d = gd_ms_q; gd_nv_d = gd_nv_q;
    rf_kind = '0;
    wm_words_d = wm_words_q;
    status_d = status_q;
    clr_pend_d = clr_pend_q;
    clr_ret_d = clr_ret_q;
    clr_idx_d = clr_idx_q;
    fence_d = fence_q;
    packets_d = packets_q;
    err_code_d = err_code_q; err_op_d = err_op_q; err_rdst_d = err_rdst_q; err_count_d = err_count_q;
    irq_st_d = irq_st_q;
    irq_mask_d = irq_mask_q;
    slot_addr_d = slot_addr_q;
    w_d = w_q; h_d = '0;
    d_addr_d = d_addr_q; d_row_d = d_row_q; d_col_d = d_col_q; d_rows_d = d_rows_q;
    s_addr_d = s_addr_q; s_row_d = s_row_q; s_col_d = s_col_q; s_rows_d = s_rows_q;
    outst_d = outst_q;
    cmd_ready_o = 1'b0;
    rf_valid = 1'b0;
    rf_addr = c_addr;
    rf_wdata = c_data;
    d_step = 1'b0;
    s_step = 1'b0;
    mb_we = 1'b0;
    mb_waddr = rdst_q;
    mb_wdata = '0;
    pipe_pop = 1'b0;
    cf_pop = 1'b0;
    rsp_to_pipe = 1'b0;
    rsp_to_copy = 1'b0;

    // the register writes of the head, in the states that take the head
    if (accepting && head_pass) begin
      rf_valid = 1'b1;
      cmd_ready_o = rf_ready;
    end
    if (accepting && head_other) begin
      cmd_ready_o = 1'b1;
      unique case (c_addr)
        gpu_regs_pkg::ADDR_CP_IRQ_MASK:  irq_mask_d = c_data[1:0];
        gpu_regs_pkg::ADDR_CP_IRQ_CLEAR: irq_st_d   = irq_st_q & ~c_data[1:0];
        gpu_regs_pkg::ADDR_CP_SLOT_ADDR: slot_addr_d = c_data[7:0];
        default: ;
      endcase
    end
    if (accepting && head_ctrl) begin
      cmd_ready_o = 1'b1;
      if (resync && asm_q != AsmHdr0) begin
        status_d   = cp_pkg::ERR_TRUNCATED;
        st_d       = StDone;
        clr_pend_d = clear;
      end else if (clear) begin
        clr_ret_d = (st_q == StPay) ? 2'd1 : (st_q == StWmPay) ? 2'd2 : (st_q == StDrain) ? 2'd3 : 2'd0;
        clr_idx_d = '0;
        st_d      = StClear;
      end
    end

    unique case (st_q)
      StIdle: begin
        if (head_cmd) begin
          cmd_ready_o = 1'b1;
          if (asm_q == AsmHdr0) begin
            op_d    = c_data[7:0];
            flags_d = c_data[15:8];
            rdst_d  = c_data[23:16];
            len_d   = c_data[31:24];
            arg0_d  = c_data[63:32];
            pay_left_d = c_data[8 + cp_pkg::FLAG_PAYLOAD] ? 8'((9'(c_data[31:24]) + 9'd1) >> 1) : 8'd0;
            asm_d   = AsmHdr1;
          end else begin
            arg1_d = c_data[31:0];
            arg2_d = c_data[63:32];
            asm_d  = AsmBody;
            pay_idx_d = '0;
            // SPRITE_DRAW, LAYER_BLEND, DISPATCH: a payload they take is received first
            st_d   = op_bufpay ? StPay : StChk0;
          end
        end
      end
      StPay: begin
        if (head_cmd) begin
          cmd_ready_o = 1'b1;
          for (int i = 0; i < 3; i++) begin   // constant indices (docs/synth.md "Yosys traps")
            if (pay_idx_q == 2'(i)) begin
              pbuf_d[2 * i] = c_data[31:0];
              if (i != 2) pbuf_d[2 * i + 1] = c_data[63:32];
            end
          end
          pay_idx_d  = pay_idx_q + 2'd1;
          pay_left_d = pay_left_q - 8'd1;
          if (pay_left_q == 8'd1) st_d = StChk0;
        end
      end
      // everything sent earlier is finished; the second cycle (n_d_q is this header's)
      StChk0: if (!rf_busy_v && ru_rdy) st_d = StChk1;
      StChk1: if (ru_rdy) st_d = StChk2;
      // (two cycles: the status of the checks is registered, chk_status_q, and read in the second)
      StChk2: if (w_p1_q[WChk2]) begin
        status_d = chk_status_q;
        // walkers: d over the destination, s over the source
        if (op_q == cp_pkg::OP_FILL_RECT || op_q == cp_pkg::OP_CLEAR_LAYER || op_q == cp_pkg::OP_BLIT ||
            op_sprite || op_layer) begin
          w_d = rect_w;
          h_d = rect_h;
        end else begin
          w_d = 16'(len_q);
          h_d = 16'(len_q != '0);
        end
        d_addr_d = arg0_q[24:0];
        d_row_d  = arg0_q[24:0];
        s_addr_d = (op_q == cp_pkg::OP_READ_MEM) ? arg0_q[24:0] : arg1_q[24:0];
        s_row_d  = s_addr_d;
        d_col_d  = '0;
        s_col_d  = '0;
        d_rows_d = (w_d == '0) ? 16'd0 : h_d;
        s_rows_d = d_rows_d;
        wm_words_d = len_q;
        outst_d  = '0;
        if (chk_status_q != cp_pkg::ERR_OK) begin
          st_d = (pay_left_q != '0) ? StDrain : StDone;
        end else begin
          unique case (op_q)
            cp_pkg::OP_WRITE_MEM:  st_d = (pay_left_q != '0) ? StWmPay : StDone;
            cp_pkg::OP_READ_MEM:   st_d = StRead;
            cp_pkg::OP_FILL_RECT, cp_pkg::OP_CLEAR_LAYER: st_d = StFill;
            cp_pkg::OP_BLIT, cp_pkg::OP_COPY_BUFFER, cp_pkg::OP_SPRITE_DRAW: st_d = StCopy;
            cp_pkg::OP_LAYER_BLEND: begin
              st_d      = StLb;
              lb_hold_d = 1'b0;
              lb_par_d  = 1'b0;
              lb_busy_d = 1'b0;
              lb_wv_d   = 1'b0;
              lb_ch_d   = '0;
            end
            cp_pkg::OP_LOAD_RSTATE, cp_pkg::OP_LOAD_GSTATE, cp_pkg::OP_LOAD_GPARAM: begin
              st_d        = StRsReq;
              f_addr_d    = arg1_q[24:0];
              rs_idx_d    = '0;
              rs_err_d    = cp_pkg::ERR_OK;
              rs_new_d    = '0;
              rs_new_d.valid = 1'b1;
              gs_new_d    = '0;
              gs_new_d.valid = 1'b1;
              gp_new_d    = '0;
              gp_new_d.valid = 1'b1;
              rs_zb_bad_d = 1'b0;
              rs_zs_bad_d = 1'b0;
              rs_dfmt_d   = '0;
            end
            cp_pkg::OP_GDRAW: begin
              gd_pass_d = 1'b0;
              gd_nv_d   = '0;
              if (arg1_q != '0) begin
                st_d     = StFetchReq;               // indirect: the count into pbuf[6]
                f_addr_d = arg1_q[24:0];
                f_idx_d  = 4'd6;
                f_end_d  = 4'd7;
              end else begin
                gd_cnt_d  = 21'd1;
                gd_left_d = 21'd1;
                gd_desc_d = arg0_q[24:0];
                st_d      = StGdDesc;
              end
            end
            cp_pkg::OP_RDRAW, cp_pkg::OP_RRECT: begin
              st_d     = StFetchReq;                 // the descriptor into pbuf[0..3] / [0..7]
              f_addr_d = arg0_q[24:0];
              f_idx_d  = 4'd0;
              f_end_d  = op_rrect ? 4'd8 : 4'd4;
            end
            cp_pkg::OP_DISPATCH_1D, cp_pkg::OP_DISPATCH_2D: begin
              if (flags_q[cp_pkg::FLAG_PAYLOAD]) begin
                st_d = StDChk;                       // payload form: the descriptor is in pbuf
              end else if (arg2_q[31]) begin
                st_d     = StFetchReq;               // indirect form: read the five words
                f_addr_d = arg0_q[24:0];
                f_idx_d  = 4'd0;
                f_end_d  = 4'd5;
              end else begin
                pbuf_d[0] = arg2_q;                  // direct form
                pbuf_d[1] = arg0_q;
                pbuf_d[2] = arg1_q;
                pbuf_d[3] = '0;
                pbuf_d[4] = '0;
                st_d = StDChk;
              end
            end
            cp_pkg::OP_SWAP_FB:    st_d = StRegWr0;
            cp_pkg::OP_SET_FB:     st_d = StRegWr1;
            default:       st_d = StDone;   // BARRIER
          endcase
        end
      end
      StWmPay: begin
        // the next payload write; it waits until a triangle that passed meanwhile is drawn
        if (head_cmd && !rf_busy_v) st_d = StWmLo;
      end
      StWmLo: begin
        if (m_ready) begin
          d_addr_d   = d_addr_q + 25'd4;
          wm_words_d = wm_words_q - 8'd1;
          if (wm_hi) begin
            st_d = StWmHi;
          end else begin
            cmd_ready_o = 1'b1;
            pay_left_d  = pay_left_q - 8'd1;
            st_d = (pay_left_q == 8'd1) ? StDone : StWmPay;
          end
        end
      end
      StWmHi: begin
        if (m_ready) begin
          d_addr_d    = d_addr_q + 25'd4;
          wm_words_d  = wm_words_q - 8'd1;
          cmd_ready_o = 1'b1;
          pay_left_d  = pay_left_q - 8'd1;
          st_d = (pay_left_q == 8'd1) ? StDone : StWmPay;
        end
      end
      StDrain: begin
        if (head_cmd) begin
          cmd_ready_o = 1'b1;
          pay_left_d  = pay_left_q - 8'd1;
          if (pay_left_q == 8'd1) st_d = StDone;
        end
      end
      StRead: begin
        rsp_to_pipe = 1'b1;
        if (req_valid && m_ready) s_step = 1'b1;
        outst_d = outst_q + 4'(s_step) - 4'(rsp_v_q);
        if (s_done && outst_q == '0) st_d = StDone;
      end
      StFill: begin
        if (req_valid && m_ready) d_step = 1'b1;
        if (d_done) st_d = StDone;
      end
      StCopy: begin
        rsp_to_copy = 1'b1;
        if (cf_rvalid && cf_skip) begin
          d_step = 1'b1;                 // SPRITE_DRAW: a keyed word, the destination stays
          cf_pop = 1'b1;
        end else if (req_valid && m_ready) begin
          if (req_we) begin
            d_step = 1'b1;
            cf_pop = 1'b1;
          end else begin
            s_step = 1'b1;
          end
        end
        outst_d = outst_q + 4'(s_step) - 4'(rsp_v_q);
        if (d_done) st_d = StDone;
      end
      // LAYER_BLEND: reads (source, destination, ...) ahead, pairs into the copy FIFO, the
      // blend (one channel per cycle), the write; 3 memory requests and 3 blend cycles a word
      StLb: begin
        if (req_valid && m_ready) begin
          if (req_we) begin                  // the write of the blended word
            d_step  = 1'b1;
            lb_wv_d = 1'b0;
            lb_wacc = 1'b1;
          end else begin                     // a read; after the destination's the next word
            s_step   = lb_par_q;
            lb_par_d = !lb_par_q;
          end
        end
        outst_d = outst_q + 4'(req_valid && m_ready && !req_we) - 4'(rsp_v_q);
        if (rsp_v_q) begin           // answers in order: source half, destination half
          if (!lb_hold_q) begin
            lb_hs_d   = rsp_q.rdata[15:0];
            lb_hold_d = 1'b1;
          end else begin
            lb_push   = 1'b1;
            lb_hold_d = 1'b0;
          end
        end
        // a channel's result, two steps after its issue: R, G into the result, B with them to
        // the write register (which must be free: else every stage waits)
        lb_adv = !(lb_b2_v_q && lb_b2_ch_q == 2'd2 && lb_wv_q && !lb_wacc);
        if (lb_b2_v_q) begin
          unique case (lb_b2_ch_q)
            2'd0: lb_o_d[15:11] = lb_oc[4:0];
            2'd1: lb_o_d[10:5]  = lb_oc;
            default: if (lb_adv) begin
              lb_w_d  = {lb_o_q[15:5], lb_oc[4:0]};
              lb_wv_d = 1'b1;
            end
          endcase
        end
        // issue: one channel per cycle (R, G, B), then the next pair at once: 3 cycles a word
        if (lb_adv) begin
          if (!lb_busy_q || lb_ch_q == 2'd2) begin
            lb_busy_d = 1'b0;
            lb_ch_d   = '0;
            if (cf_rvalid) begin
              cf_pop    = 1'b1;
              lb_s_d    = cf_rdata[31:16];
              lb_d_d    = cf_rdata[15:0];
              lb_busy_d = 1'b1;
            end
          end else begin
            lb_ch_d = lb_ch_q + 2'd1;
          end
        end
        if (d_done) st_d = StDone;
      end
      // DISPATCH: descriptor words / kernel-table entry into pbuf[f_idx_q ..]
      StFetchReq: if (req_valid && m_ready) st_d = StFetchWait;
      StFetchWait: if (rsp_v_q) begin
        for (int i = 0; i < 8; i++) begin
          if (f_idx_q == 4'(i)) pbuf_d[i] = rsp_q.rdata;
        end
        f_idx_d  = f_idx_q + 4'd1;
        f_addr_d = f_addr_q + 25'd4;
        if (f_idx_q + 4'd1 == f_end_q && op_gdraw) begin
          st_d = (f_end_q == 4'd7) ? StGdCnt : StGdDChk;   // the count, a block
        end else if (f_idx_q + 4'd1 == f_end_q) begin
          unique case (f_end_q)
            4'd5:    st_d = StDChk;     // DISPATCH descriptor
            4'd7:    st_d = StKChk;     // kernel-table entry
            4'd8:    st_d = StRrChk;    // RRECT descriptor
            default: st_d = StRdChk;    // RDRAW descriptor
          endcase
        end
        else                           st_d = StFetchReq;
      end
      StDChk: if (ru_rdy) begin   // its third cycle: the range unit's answer, dk_prod_q this packet's x * y
        k_thr_d = dk_thr;
        if (dk_status != cp_pkg::ERR_OK) begin
          status_d = dk_status;
          st_d     = StDone;
        end else begin
          f_addr_d = dk_entry[24:0];
          f_idx_d  = 4'd5;
          f_end_d  = 4'd7;
          st_d     = StFetchReq;
        end
      end
      StKChk: begin
        sh_tx_d = '0;
        sh_ty_d = '0;
        if (!ke_ok) begin
          status_d = cp_pkg::ERR_BAD_ARG;
          st_d     = StDone;
        end else if (ke_shd && !shd_present_i) begin
          status_d = cp_pkg::ERR_UNSUPPORTED;   // no shader tile in this build
          st_d     = StDone;
        end else if (!ke_shd && !simt_present_i) begin
          status_d = cp_pkg::ERR_UNSUPPORTED;   // no SIMT cluster in this build
          st_d     = StDone;
        end else begin
          st_d = ke_shd ? StShdKern : StLaunch;
        end
      end
      // a shader kernel: SHD_KERNEL once, then one SHD_LAUNCH per tile (k_thr_q of them, TILE_OFFSET
      // the tile's number, or {y, x} row by row for DISPATCH_2D), each waited for; a tile that
      // faults or is stopped (its report) ends the packet with that status
      StShdKern: begin
        rf_valid = 1'b1;
        rf_addr  = gpu_regs_pkg::ADDR_SHD_KERNEL;
        rf_wdata = {(pbuf_q[3] != '0) ? pbuf_q[3] : {7'h0, pbuf_q[6][24:0]}, pbuf_q[5]};
        if (rf_ready) st_d = StShdLaunch;
      end
      StShdLaunch: begin
        if (k_thr_q == '0) begin
          st_d = StDone;                       // OK
        end else begin
          rf_valid = 1'b1;
          rf_addr  = gpu_regs_pkg::ADDR_SHD_LAUNCH;
          rf_wdata = {32'h0, sh_ty_q, sh_tx_q};
          rf_kind.shd_launch = 1'b1;
          if (rf_ready) begin
            k_thr_d = k_thr_q - 8'd1;
            if (op_q == cp_pkg::OP_DISPATCH_2D && sh_tx_q + 16'd1 == pbuf_q[1][15:0]) begin
              sh_tx_d = '0;
              sh_ty_d = sh_ty_q + 16'd1;
            end else begin
              sh_tx_d = sh_tx_q + 16'd1;
            end
            st_d = StShdWait;
          end
        end
      end
      StShdWait: begin  // the register file runs the tile until it is done (CP_WATCHDOG, CP_ABORT there)
        if (head_abort && c_data[0]) cmd_ready_o = 1'b1;   // taken; the register file stops the tile
        if (!rf_busy_v) begin
          if (shd_fault_q) begin
            status_d = cp_pkg::ERR_FAULT;
            st_d     = StDone;
          end else if (shd_watchdog_q) begin
            status_d = cp_pkg::ERR_WATCHDOG;
            st_d     = StDone;
          end else if (shd_aborted_q) begin
            status_d = cp_pkg::ERR_ABORTED;
            st_d     = StDone;
          end else begin
            st_d = StShdLaunch;
          end
        end
      end
      StLaunch: begin   // SIMT_LAUNCH through the register file
        rf_valid = 1'b1;
        rf_addr  = gpu_regs_pkg::ADDR_SIMT_LAUNCH;
        rf_wdata = launch_word;
        rf_kind.simt_launch = 1'b1;
        wd_d     = '0;
        if (rf_ready) st_d = StKWait;
      end
      StKWait: begin    // the kernel runs; the watchdog counts; an ABORT at the head stops it
        wd_d = wd_q + 32'd1;
        if (!abort_q && wd_over_q) begin
          abort_d  = 1'b1;
          status_d = cp_pkg::ERR_WATCHDOG;
        end
        // only CP_ABORT with bit 0 set is taken: any other write waits behind the kernel
        if (head_abort && c_data[0]) begin
          cmd_ready_o = 1'b1;
          if (!abort_q) begin
            abort_d  = 1'b1;
            status_d = cp_pkg::ERR_ABORTED;
          end
        end
        if (!rf_busy_v) begin
          abort_d = 1'b0;
          st_d    = StDone;
        end
      end
      // LOAD_RSTATE: the 16 descriptor words, checked as they arrive
      StRsReq: if (m_ready) st_d = StRsWait;
      StRsWait: if (rsp_v_q) begin
        if (rs_err_q == cp_pkg::ERR_OK) rs_err_d = ld_err;
        unique case (rs_idx_q)   // LOAD_GSTATE / LOAD_GPARAM fields (stored for their opcode only)
          4'd0:  begin gs_new_d.vbo = rw; gp_new_d.bv = rw; end
          4'd1:  gs_new_d.stride = rw[15:2];
          4'd2:  begin gs_new_d.ibo = rw; gp_new_d.color = rw; end
          4'd3:  gs_new_d.ibo32 = rw[0];
          default: ;
        endcase
        unique case (rs_idx_q)
          4'd0:  rs_new_d.fb = rw[31:12];
          4'd4:  begin rs_new_d.zb = rw[31:12]; rs_zb_bad_d = (rw[11:0] != '0); end
          4'd5:  rs_zs_bad_d = (rw != '0 && rw != RowBytes);
          4'd6:  rs_dfmt_d = (rw == 32'd2) ? 2'd2 : (rw == '0) ? 2'd0 : 2'd1;
          4'd7:  rs_new_d.blend = rw[1:0];
          4'd8:  rs_new_d.color = rw;
          4'd9:  rs_new_d.sampler = rw;
          4'd12: begin rs_new_d.depth = rw[2]; rs_new_d.tex = rw[1]; end
          default: ;
        endcase
        f_addr_d = f_addr_q + 25'd4;
        rs_idx_d = rs_idx_q + 4'd1;
        if (rs_idx_q == ((op_q == cp_pkg::OP_LOAD_GPARAM) ? 4'd7 : 4'd15)) st_d = StRsChk;
        else                                                            st_d = StRsReq;
      end
      StRsChk: begin   // the slot is written in the flop process
        status_d = rs_err_q;
        st_d     = StDone;
      end
      // RDRAW: descriptor fields, then the vertex block, then the sampler, then every vertex
      StRdChk: begin
        dr_flags_d = pbuf_q[2][3:0] | arg2_q[3:0];
        dr_vb_d    = (arg1_q != '0) ? arg1_q : (pbuf_q[1] != '0) ? pbuf_q[1] : last_vb_q;
        if (pbuf_q[0] > 32'd3 || !dr_st.valid || pbuf_q[3] != '0 || ((pbuf_q[2] | arg2_q) >> 4) != '0 ||
            (arg1_q == '0 && pbuf_q[1] == '0 && !last_vb_ok_q)) begin
          status_d = cp_pkg::ERR_BAD_ARG;
          st_d     = StDone;
        end else begin
          st_d = StRdVChk;
        end
      end
      // RRECT: the descriptor's fields (pbuf_q: X0, Y0, X1, Y1, COLOR, FLAGS, SAMPLER, RESERVED)
      StRrChk: begin
        dr_flags_d = {pbuf_q[5][0], arg2_q[2], arg2_q[1], 1'b0};
        if (arg1_q > 32'd3 || !dr_st.valid || (arg2_q & ~32'h6) != '0 || pbuf_q[5][31:3] != '0 ||
            pbuf_q[7] != '0 || rr_bad) begin
          status_d = cp_pkg::ERR_BAD_ARG;
          st_d     = StDone;
        end else if ($signed(pbuf_q[2]) <= $signed(pbuf_q[0]) || $signed(pbuf_q[3]) <= $signed(pbuf_q[1])) begin
          st_d = StDone;                     // empty: nothing drawn, no register written
        end else begin
          st_d = StRdSChk;
        end
      end
      StRdVChk: if (ru_rdy) begin   // (the range unit: three cycles)
        if (dr_vb_q[4:0] != '0)  begin status_d = cp_pkg::ERR_ALIGN; st_d = StDone; end
        else if (!rc_in)         begin status_d = cp_pkg::ERR_RANGE; st_d = StDone; end
        else                     st_d = StRdSChk;
      end
      StRdSChk: if (ru_rdy) begin
        if (dr_tex && dr_sampler[1:0] != '0) begin status_d = cp_pkg::ERR_ALIGN; st_d = StDone; end
        else if (dr_tex && !rc_in)           begin status_d = cp_pkg::ERR_RANGE; st_d = StDone; end
        else if (op_rrect) begin             // RRECT: the vertices come from the rectangle
          st_d      = StDr;
          dr_ws_d   = '0;
          dr_have_d = 1'b0;
        end else if (op_gdraw) begin         // GDRAW: a block with a triangle; the check pass
          dr_have_d = 1'b0;                  // starts at the first vertex (no state writes)
          dr_ws_d   = gd_pass_q ? 6'd0 : 6'd12;
          st_d      = (34'd3 <= 34'(pbuf_q[1])) ? StDr : StGdNext;
        end else begin
          st_d     = StRdVReq;
          f_addr_d = dr_vb_q[24:0];
          dr_v_d   = '0;
          dr_wi_d  = '0;
          dr_bad_d = 1'b0;
        end
      end
      StRdVReq: if (m_ready) st_d = StRdVWait;
      StRdVWait: if (rsp_v_q) begin
        dr_bad_d = dr_bad_q || vw_bad;
        if (dr_wi_q == 3'd6) begin                 // X, Y, Z, W, U, V, COLOR read: next vertex
          dr_wi_d  = '0;
          dr_v_d   = dr_v_q + 2'd1;
          f_addr_d = f_addr_q + 25'd8;
          if (dr_v_q == 2'd2) begin
            if (dr_bad_q || vw_bad) begin
              status_d = cp_pkg::ERR_BAD_ARG;
              st_d     = StDone;
            end else begin
              st_d      = StDr;
              dr_ws_d   = '0;
              dr_have_d = 1'b0;
            end
          end else begin
            st_d = StRdVReq;
          end
        end else begin
          dr_wi_d  = dr_wi_q + 3'd1;
          f_addr_d = f_addr_q + 25'd4;
          st_d     = StRdVReq;
        end
      end
      // the register writes, one step at a time
      StDr: begin
        if (dw_skip || (op_gdraw && !gd_pass_q && !dw_vtx)) begin   // (GDRAW's check pass: no write)
          dr_adv = 1'b1;
        end else if (dw_vtx && op_rrect) begin     // RRECT: the corner, its colour and UV
          dr_x_d  = rr_right ? pbuf_q[2] : pbuf_q[0];
          dr_y_d  = rr_bottom ? pbuf_q[3] : pbuf_q[1];
          dr_z_d  = '0;
          dr_u_d  = rr_right ? 32'h7FFF : 32'h0;
          dr_vv_d = rr_bottom ? 32'h7FFF : 32'h0;
          dr_c_d  = rr_color;
          dr_adv  = 1'b1;
        end else if (dw_vtx && op_gdraw) begin     // GDRAW: the vertex's element, then its index
          if (gd_nv_over_q) begin   // over the pass's budget
            status_d = cp_pkg::ERR_WATCHDOG;
            st_d     = StDone;
          end else begin
            gd_nv_d = gd_nv_q + 32'd1;
            gd_e_d  = gd_e;
            st_d    = StGdV1;
          end
        end else if (dw_vtx) begin                 // read the vertex (X .. COLOR)
          f_addr_d = 25'(dr_vb_q) + 25'({dw_k[3:2], 5'b00000});
          dr_wi_d  = '0;
          dr_ri_d  = '0;
          st_d     = StDrFReq;
        end else if (dw_fetch && !dr_have_q) begin // read the sampler word of this step
          f_addr_d = 25'(dr_sampler) + 25'({dr_ws_q - 6'd4, 2'b00});
          st_d     = StDrFReq;
        end else begin
          rf_valid = 1'b1;
          rf_addr  = dw_addr;
          rf_wdata = dw_data;
          rf_kind.vertex = (dw_addr == gpu_regs_pkg::ADDR_VERTEX);
          if (rf_ready) begin
            dr_have_d = 1'b0;
            dr_adv    = 1'b1;
            if (dr_ws_q == 6'd23 && !op_rrect && !op_gdraw) begin   // the third VERTEX taken: drawn
              last_vb_d    = dr_vb_q;
              last_vb_ok_d = 1'b1;
              st_d         = StDone;
            end
            if (dr_ws_q == 6'd35) st_d = StDone;       // RRECT: the sixth VERTEX taken
          end
        end
        if (dr_adv) begin
          dr_ws_d = dr_ws_q + 6'd1;
          if (op_gdraw && dr_ws_q == 6'd23) begin   // GDRAW: the triangle's last step
            if (gd_tri_more) begin
              gd_p_d  = gd_p_next;
              dr_ws_d = 6'd12;
            end else begin
              st_d = StGdNext;
            end
          end
        end
      end
      // a vertex: its seven words requested back to back (dr_ri_q), answered in order (dr_wi_q);
      // a sampler word: one request, then StDrFWait
      StDrFReq: begin
        if (!dw_vtx) begin
          if (req_valid && m_ready) st_d = StDrFWait;
        end else begin
          if (req_valid && m_ready) begin
            dr_ri_d  = dr_ri_q + 3'd1;
            f_addr_d = f_addr_q + 25'd4;
          end
          if (rsp_v_q) begin
            unique case (dr_wi_q)
              3'd0: dr_x_d  = rsp_q.rdata;
              3'd1: dr_y_d  = rsp_q.rdata;
              3'd2: dr_z_d  = rsp_q.rdata;
              3'd4: dr_u_d  = rsp_q.rdata;
              3'd5: dr_vv_d = rsp_q.rdata;
              3'd6: dr_c_d  = (op_gdraw && rsp_q.rdata == '0) ? gd_gp.color : rsp_q.rdata;
              default: ;
            endcase
            dr_bad_d = dr_bad_q || vw_bad;           // (GDRAW: the vertex is checked here)
            dr_wi_d  = dr_wi_q + 3'd1;
            if (dr_wi_q == 3'd6 && op_gdraw && (dr_bad_q || vw_bad)) begin
              status_d = cp_pkg::ERR_BAD_ARG;
              st_d     = StDone;
            end else if (dr_wi_q == 3'd6) begin
              dr_ws_d = dr_ws_q + 6'd1;
              st_d    = StDr;
            end
          end
        end
      end
      StDrFWait: if (rsp_v_q) begin   // the sampler word of this step
        dr_c_d    = rsp_q.rdata;
        dr_have_d = 1'b1;
        st_d      = StDr;
      end
      // GDRAW: the count (indirect form), then block by block, pass by pass
      StGdCnt: if (ru_rdy) begin
        if (pbuf_q[6] == '0) begin
          st_d = StDone;                           // no block: nothing drawn
        end else if (pbuf_q[6][31:21] != '0 || !ru_in_q) begin   // 24 * count past 32 MiB, or out
          status_d = cp_pkg::ERR_RANGE;
          st_d     = StDone;
        end else begin
          gd_cnt_d  = pbuf_q[6][20:0];
          gd_left_d = pbuf_q[6][20:0];
          gd_desc_d = arg0_q[24:0];
          st_d      = StGdDesc;
        end
      end
      StGdDesc: begin                              // the block's six words into pbuf[0..5]
        f_addr_d = gd_desc_q;
        f_idx_d  = 4'd0;
        f_end_d  = 4'd6;
        st_d     = StFetchReq;
      end
      StGdDChk: begin
        if (gd_desc_bad)                              begin status_d = cp_pkg::ERR_BAD_ARG; st_d = StDone; end
        else if (gd_rsptr)                            begin status_d = cp_pkg::ERR_UNSUPPORTED; st_d = StDone; end
        else if (pbuf_q[5] != '0)                     begin status_d = cp_pkg::ERR_BAD_ARG; st_d = StDone; end
        else if (pbuf_q[3][0] && gd_gs.ibo == '0)     begin status_d = cp_pkg::ERR_BAD_ARG; st_d = StDone; end
        else begin
          // TEXTURE, BLEND, DEPTH, GOURAUD: depth and blend as the state has them
          dr_flags_d = {pbuf_q[3][2], 1'b1, 1'b1, !pbuf_q[3][1]};
          gd_strip_d = pbuf_q[2][0] || arg2_q[1];
          gd_p_d     = '0;
          st_d       = StRdSChk;                   // the sampler, then the triangles
        end
      end
      StGdNext: begin                              // the next block, the next pass, or done
        gd_left_d = gd_left_q - 21'd1;
        gd_desc_d = gd_desc_q + 25'd24;
        if (gd_left_q != 21'd1) begin
          st_d = StGdDesc;
        end else if (!gd_pass_q) begin
          gd_pass_d = 1'b1;
          gd_nv_d   = '0;
          gd_left_d = gd_cnt_q;
          gd_desc_d = arg0_q[24:0];
          st_d      = StGdDesc;
        end else begin
          st_d = StDone;
        end
      end
      StGdV1: if (ru_rdy) begin                               // the index (indexed) or the element
        if (pbuf_q[3][0]) begin
          if (gd_e_q[33:24] != '0 || !ru_in_q) begin
            status_d = cp_pkg::ERR_RANGE;
            st_d     = StDone;
          end else begin
            f_addr_d  = {gd_ia[24:2], 2'b00};
            gd_half_d = gd_ia[1];
            st_d      = StGdIReq;
          end
        end else begin
          gd_idx_d = gd_e_q;
          st_d     = StGdV2;
        end
      end
      StGdIReq: if (req_valid && m_ready) st_d = StGdIWait;
      StGdIWait: if (rsp_v_q) begin
        if (gd_gs.ibo32)    gd_idx_d = {2'b00, rsp_q.rdata};
        else if (gd_half_q) gd_idx_d = {18'h0, rsp_q.rdata[31:16]};
        else                gd_idx_d = {18'h0, rsp_q.rdata[15:0]};
        st_d = StGdV2;
      end
      StGdV2: begin                                // the vertex number, then vertex * stride
        if (gd_v_bad) begin
          status_d = cp_pkg::ERR_RANGE;
          st_d     = StDone;
        end else begin
          gd_mv_d  = {14'h0, gd_v[20:0]};
          gd_ms_d  = gd_gs.stride;
          gd_acc_d = '0;
          st_d     = StGdMul;
        end
      end
      StGdMul: begin                               // one stride bit per cycle
        if (gd_ms_q == '0) begin
          st_d = StGdV3;
        end else begin
          if (gd_ms_q[0]) gd_acc_d = gd_acc_q + gd_mv_q;
          gd_mv_d = gd_mv_q << 1;
          gd_ms_d = gd_ms_q >> 1;
        end
      end
      StGdV3: if (ru_rdy) begin                               // the vertex's 28 bytes, then its words
        if (gd_acc_q[34:23] != '0 || !ru_in_q) begin
          status_d = cp_pkg::ERR_RANGE;
          st_d     = StDone;
        end else begin
          f_addr_d = gd_va[24:0];
          dr_wi_d  = '0;
          dr_ri_d  = '0;
          dr_bad_d = 1'b0;
          st_d     = StDrFReq;
        end
      end
      StRegWr0: begin   // SWAP_FB: FB_DISPLAY = arg0
        rf_valid = 1'b1;
        rf_addr  = gpu_regs_pkg::ADDR_FB_DISPLAY;
        rf_wdata = {32'h0, arg0_q};
        if (rf_ready) st_d = StRegWr1;
      end
      StRegWr1: begin   // FB_DRAW = arg0 (SET_FB) or arg1 (SWAP_FB)
        rf_valid = 1'b1;
        rf_addr  = gpu_regs_pkg::ADDR_FB_DRAW;
        rf_wdata = {32'h0, (op_q == cp_pkg::OP_SWAP_FB) ? arg1_q : arg0_q};
        if (rf_ready) st_d = StDone;
      end
      StDone: if (m_count == 2'd0) begin   // its memory requests have left (see the boundary)
        if (flags_q[cp_pkg::FLAG_EMIT]) begin
          fence_d  = (fence_q == 24'hFFFFFF) ? 24'd1 : fence_q + 24'd1;
          mb_we    = 1'b1;
          mb_waddr = rdst_q;
          mb_wdata = {status_q, fence_d};
        end
        if (flags_q[cp_pkg::FLAG_IRQ]) irq_st_d[0] = 1'b1;
        if (status_q != cp_pkg::ERR_OK) begin
          irq_st_d[1] = 1'b1;
          err_code_d  = status_q;
          err_op_d    = op_q;
          err_rdst_d  = rdst_q;
          if (err_count_q != '1) err_count_d = err_count_q + 32'd1;
        end
        packets_d = packets_q + 32'd1;
        asm_d     = AsmHdr0;
        pay_left_d = '0;
        if (clr_pend_q) begin
          clr_pend_d = 1'b0;
          clr_ret_d  = 2'd0;
          clr_idx_d  = '0;
          st_d       = StClear;
        end else begin
          st_d = StIdle;
        end
      end
      StClear: begin
        mb_we    = !clr_idx_q[8];
        mb_waddr = clr_idx_q[7:0];
        mb_wdata = '0;
        pipe_pop = pipe_rvalid;
        if (!clr_idx_q[8]) clr_idx_d = clr_idx_q + 9'd1;
        fence_d     = '0;
        err_code_d  = '0;
        err_op_d    = '0;
        err_rdst_d  = '0;
        err_count_d = '0;
        if (clr_idx_q[8] && pipe_count == '0) begin
          unique case (clr_ret_q)
            2'd1:    st_d = StPay;
            2'd2:    st_d = StWmPay;
            2'd3:    st_d = StDrain;
            default: st_d = StIdle;
          endcase
        end
      end
      default: st_d = StIdle;
    endcase

    // walker steps
    if (d_step) begin
      if (d_last_col) begin
        d_col_d  = '0;
        d_rows_d = d_rows_q - 16'd1;
        d_row_d  = d_row_q + 25'(RowBytes);
        d_addr_d = d_row_q + 25'(RowBytes);
      end else begin
        d_col_d  = d_col_q + 10'd1;
        d_addr_d = d_addr_q + 25'd4;
      end
    end
    if (s_step) begin
      if (s_last_col) begin
        s_col_d  = '0;
        s_rows_d = s_rows_q - 16'd1;
        s_row_d  = s_row_q + 25'(RowBytes);
        s_addr_d = s_row_q + 25'(RowBytes);
      end else begin
        s_col_d  = s_col_q + 10'd1;
        s_addr_d = s_addr_q + 25'd4;
      end
    end

    // reads of CP_SLOT_DATA and CP_PIPE completed by the host
    if (rd_done_q && rd_addr_q == gpu_regs_pkg::ADDR_CP_SLOT_DATA) slot_addr_d = slot_addr_d + 8'd1;
    if (rd_done_q && rd_addr_q == gpu_regs_pkg::ADDR_CP_PIPE && pipe_rvalid && st_q != StClear) pipe_pop = 1'b1;
  end

  assign pipe_push = rsp_to_pipe && rsp_v_q;
  assign cf_push   = (rsp_to_copy && rsp_v_q) || lb_push;
  assign cf_wdata  = (st_q == StLb) ? {lb_hs_q, rsp_q.rdata[15:0]} : rsp_q.rdata;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asm_q <= AsmHdr0;
      st_q <= StClear;           // the mailbox is cleared after reset
      op_q <= '0; flags_q <= '0; rdst_q <= '0; len_q <= '0;
      arg0_q <= '0; arg1_q <= '0; arg2_q <= '0;
      pay_left_q <= '0;
      wm_words_q <= '0;
      status_q <= '0;
      clr_pend_q <= 1'b0;
      clr_ret_q <= 2'd0;
      clr_idx_q <= '0;
      fence_q <= '0;
      packets_q <= '0;
      err_code_q <= '0; err_op_q <= '0; err_rdst_q <= '0; err_count_q <= '0;
      irq_st_q <= '0;
      irq_mask_q <= '0;
      slot_addr_q <= '0;
      n_d_q <= '0; n_s_q <= '0; end_d_q <= '0; end_s_q <= '0;
      w_p1_q <= '0; w_p2_q <= '0; ru_in_q <= 1'b0;
      in_d_q <= 1'b0; in_s_q <= 1'b0; slot_set_q <= 1'b0; pipe_ok_q <= 1'b0;
      w_q <= '0;
      d_addr_q <= '0; d_row_q <= '0; d_col_q <= '0; d_rows_q <= '0;
      s_addr_q <= '0; s_row_q <= '0; s_col_q <= '0; s_rows_q <= '0;
      outst_q <= '0;
      pbuf_q <= '0;
      pay_idx_q <= '0;
      f_idx_q <= '0; f_end_q <= '0; f_addr_q <= '0;
      k_thr_q <= '0;
      wd_q <= '0;
      abort_q <= 1'b0;
      sh_tx_q <= '0;
      sh_ty_q <= '0;
      lb_s_q <= '0; lb_d_q <= '0; lb_o_q <= '0; lb_ch_q <= '0;
      lb_hs_q <= '0; lb_hold_q <= 1'b0; lb_par_q <= 1'b0; lb_busy_q <= 1'b0; lb_w_q <= '0; lb_wv_q <= 1'b0;
      rs_new_q <= '0; rs_err_q <= '0; rs_zb_bad_q <= 1'b0; rs_zs_bad_q <= 1'b0; rs_idx_q <= '0; rs_dfmt_q <= '0;
      dr_vb_q <= '0; last_vb_q <= '0; last_vb_ok_q <= 1'b0; dr_flags_q <= '0; dr_bad_q <= 1'b0;
      dr_ws_q <= '0; dr_wi_q <= '0; dr_ri_q <= '0; dr_v_q <= '0; dr_have_q <= 1'b0;
      dr_x_q <= '0; dr_y_q <= '0; dr_z_q <= '0; dr_u_q <= '0; dr_vv_q <= '0; dr_c_q <= '0;
      rs0_q <= '0; rs1_q <= '0; rs2_q <= '0; rs3_q <= '0;
      gs0_q <= '0; gs1_q <= '0; gs2_q <= '0; gs3_q <= '0; gs_new_q <= '0;
      gp0_q <= '0; gp1_q <= '0; gp2_q <= '0; gp3_q <= '0; gp_new_q <= '0;
      gd_pass_q <= 1'b0; gd_cnt_q <= '0; gd_left_q <= '0; gd_desc_q <= '0; gd_strip_q <= 1'b0;
      gd_p_q <= '0; gd_e_q <= '0; gd_half_q <= 1'b0; gd_idx_q <= '0;
      gd_acc_q <= '0; gd_mv_q <= '0; gd_ms_q <= '0; gd_nv_q <= '0;
      gd_busy_q <= 1'b0;
      gd_alias_q <= 1'b1;
      gd_alias_a_q <= '0;
      mb_rd_slot_q <= '0;
      mb_rd_fresh_q <= 1'b0;
    end else begin
      asm_q <= asm_d;
      st_q <= st_d;
      op_q <= op_d; flags_q <= flags_d; rdst_q <= rdst_d; len_q <= len_d;
      arg0_q <= arg0_d; arg1_q <= arg1_d; arg2_q <= arg2_d;
      pay_left_q <= pay_left_d;
      wm_words_q <= wm_words_d;
      status_q <= status_d;
      clr_pend_q <= clr_pend_d;
      clr_ret_q <= clr_ret_d;
      clr_idx_q <= clr_idx_d;
      fence_q <= fence_d;
      packets_q <= packets_d;
      err_code_q <= err_code_d; err_op_q <= err_op_d; err_rdst_q <= err_rdst_d; err_count_q <= err_count_d;
      irq_st_q <= irq_st_d;
      irq_mask_q <= irq_mask_d;
      slot_addr_q <= slot_addr_d;
      n_d_q <= n_d;
      n_s_q <= n_s;
      w_p1_q <= w_now;
      w_p2_q <= w_p1_q;
      ru_in_q <= ru_in;
      // (the last cycle of Chk0 / Chk1 is a ru_rdy one: the range unit's answer is this header's)
      if (st_q == StChk0) begin
        end_d_q <= ru_end;
        in_d_q  <= ru_in_q;
      end
      if (st_q == StChk1) begin
        end_s_q <= ru_end;
        in_s_q  <= ru_in_q;
      end
      if (st_q == StChk1 && w_p1_q[WChk0]) begin   // Chk1's first cycle: slot rdst is read
        slot_set_q <= slot_set;
        pipe_ok_q  <= pipe_ok;
      end
      w_q <= w_d;
      d_addr_q <= d_addr_d; d_row_q <= d_row_d; d_col_q <= d_col_d; d_rows_q <= d_rows_d;
      s_addr_q <= s_addr_d; s_row_q <= s_row_d; s_col_q <= s_col_d; s_rows_q <= s_rows_d;
      outst_q <= outst_d;
      pbuf_q <= pbuf_d;
      pay_idx_q <= pay_idx_d;
      f_idx_q <= f_idx_d; f_end_q <= f_end_d; f_addr_q <= f_addr_d;
      k_thr_q <= k_thr_d;
      wd_q <= wd_d;
      abort_q <= abort_d;
      sh_tx_q <= sh_tx_d;
      sh_ty_q <= sh_ty_d;
      lb_s_q <= lb_s_d; lb_d_q <= lb_d_d; lb_o_q <= lb_o_d; lb_ch_q <= lb_ch_d;
      lb_hs_q <= lb_hs_d; lb_hold_q <= lb_hold_d; lb_par_q <= lb_par_d; lb_busy_q <= lb_busy_d;
      lb_w_q <= lb_w_d; lb_wv_q <= lb_wv_d;
      rs_new_q <= rs_new_d; rs_err_q <= rs_err_d; rs_zb_bad_q <= rs_zb_bad_d; rs_zs_bad_q <= rs_zs_bad_d;
      rs_idx_q <= rs_idx_d; rs_dfmt_q <= rs_dfmt_d;
      dr_vb_q <= dr_vb_d; last_vb_q <= last_vb_d; last_vb_ok_q <= last_vb_ok_d; dr_flags_q <= dr_flags_d;
      dr_bad_q <= dr_bad_d; dr_ws_q <= dr_ws_d; dr_wi_q <= dr_wi_d; dr_ri_q <= dr_ri_d; dr_v_q <= dr_v_d; dr_have_q <= dr_have_d;
      dr_x_q <= dr_x_d; dr_y_q <= dr_y_d; dr_z_q <= dr_z_d; dr_u_q <= dr_u_d; dr_vv_q <= dr_vv_d; dr_c_q <= dr_c_d;
      gs_new_q <= gs_new_d; gp_new_q <= gp_new_d;
      gd_busy_q <= rf_busy_v || rf_valid_c;   // (this unit's own write of this cycle counts: see above)
      gd_alias_q   <= gd_alias;
      gd_alias_a_q <= f_addr_q;
      gd_pass_q <= gd_pass_d; gd_cnt_q <= gd_cnt_d; gd_left_q <= gd_left_d; gd_desc_q <= gd_desc_d;
      gd_strip_q <= gd_strip_d; gd_p_q <= gd_p_d; gd_e_q <= gd_e_d; gd_half_q <= gd_half_d; gd_idx_q <= gd_idx_d;
      gd_acc_q <= gd_acc_d; gd_mv_q <= gd_mv_d; gd_ms_q <= gd_ms_d; gd_nv_q <= gd_nv_d;
      // a checked render state, geometry state or parameter block into its slot (constant
      // indices: docs/synth.md "Yosys traps")
      if (st_q == StRsChk && rs_err_q == cp_pkg::ERR_OK) begin
        unique case (arg0_q[1:0])
          2'd0: begin
            if (op_q == cp_pkg::OP_LOAD_RSTATE) rs0_q <= rs_new_q;
            if (op_q == cp_pkg::OP_LOAD_GSTATE) gs0_q <= gs_new_q;
            if (op_q == cp_pkg::OP_LOAD_GPARAM) gp0_q <= gp_new_q;
          end
          2'd1: begin
            if (op_q == cp_pkg::OP_LOAD_RSTATE) rs1_q <= rs_new_q;
            if (op_q == cp_pkg::OP_LOAD_GSTATE) gs1_q <= gs_new_q;
            if (op_q == cp_pkg::OP_LOAD_GPARAM) gp1_q <= gp_new_q;
          end
          2'd2: begin
            if (op_q == cp_pkg::OP_LOAD_RSTATE) rs2_q <= rs_new_q;
            if (op_q == cp_pkg::OP_LOAD_GSTATE) gs2_q <= gs_new_q;
            if (op_q == cp_pkg::OP_LOAD_GPARAM) gp2_q <= gp_new_q;
          end
          default: begin
            if (op_q == cp_pkg::OP_LOAD_RSTATE) rs3_q <= rs_new_q;
            if (op_q == cp_pkg::OP_LOAD_GSTATE) gs3_q <= gs_new_q;
            if (op_q == cp_pkg::OP_LOAD_GPARAM) gp3_q <= gp_new_q;
          end
        endcase
      end
      // the read register holds slot mb_raddr from the next cycle, unless that slot is written now
      mb_rd_slot_q  <= mb_raddr;
      mb_rd_fresh_q <= (st_q != StChk0) && !(mb_we && mb_waddr == mb_raddr);
    end
  end

  // ---- outputs ----
  assign rf_valid_c = rf_valid;
  assign rf_data_c  = {rf_addr, rf_wdata};
  always_comb begin
    // a passing write keeps its kind; this unit's own: FB_DRAW / FB_DISPLAY plain, SIMT_LAUNCH
    rf_kind_c = accepting ? cmd_kind_i : rf_kind;
  end
  assign rf_own_c = !accepting;

  always_comb begin
    m_req       = '0;
    m_req.addr  = req_addr;   // aligned: the checks refuse unaligned addresses
    m_req.we    = req_we;
    m_req.wdata = req_wdata;
    m_req.be    = req_be;
  end
  assign m_valid = req_valid;

  always_comb begin
    rd_data_o = '0;
    rd_ok_o   = 1'b1;
    unique case (rd_addr_i)
      gpu_regs_pkg::ADDR_CP_STATUS:
        rd_data_o = {packets_q, 15'h0, (asm_q != AsmHdr0), 7'h0, pipe_count};
      gpu_regs_pkg::ADDR_CP_FENCE:     rd_data_o = {40'h0, fence_q};
      gpu_regs_pkg::ADDR_CP_ERROR:     rd_data_o = {err_count_q, 8'h0, err_rdst_q, err_op_q, err_code_q};
      gpu_regs_pkg::ADDR_CP_IRQ_STATUS: rd_data_o = {62'h0, irq_st_q};
      gpu_regs_pkg::ADDR_CP_IRQ_MASK:  rd_data_o = {62'h0, irq_mask_q};
      gpu_regs_pkg::ADDR_CP_SLOT_ADDR: rd_data_o = {56'h0, slot_addr_q};
      gpu_regs_pkg::ADDR_CP_SLOT_DATA: begin
        rd_data_o = {32'h0, mb_rdata};
        rd_ok_o   = mb_rd_fresh_q && (mb_rd_slot_q == slot_addr_q);
      end
      gpu_regs_pkg::ADDR_CP_PIPE: begin
        rd_data_o = pipe_rvalid ? {31'h0, 1'b1, pipe_rdata} : 64'h0;
        rd_ok_o   = pipe_rvalid || (pipe_count == '0);
      end
      default: ;
    endcase
  end

  assign irq_o  = (irq_st_q & irq_mask_q) != '0;
  assign simt_abort_o = abort_q;
  // not busy while waiting for a stream word (a truncated packet waits for the host)
  assign busy_o = !accepting || (pipe_count != '0 && !pipe_rvalid) || (rf_count != 2'd0) || (m_count != 2'd0);

  logic unused;
  assign unused = ^{pipe_wready, cf_wready, rsp_q.last, ktab_q[63:48], ktab_q[2:0], mul_p_q[19:16]};
endmodule
