// sdram_ctrl: SDR SDRAM controller for a 16-bit, 4-bank, 8192-row, 512-column part
// (Winbond W9825G6KH class, 32 MiB) behind the project's memory port (docs/interfaces.md).
//
// What:       serves 32-bit word reads (single or wrapping bursts of up to 8 words) and writes
//             with byte enables (be -> DQM) in request order. Each word is one READ/WRITE command
//             with SDRAM burst length 2 (two 16-bit beats).
//             Open-page policy: a row stays open until a request to another row of the same
//             bank (PRECHARGE + ACTIVE) or the next refresh (PRECHARGE ALL + AUTO REFRESH).
//             Power-up: TInitPs of NOP with DQM high, PRECHARGE ALL, InitRefreshes auto
//             refreshes, MODE REGISTER SET (BL 2, sequential, CL = CasLatency, burst writes).
//             Theory of operation and measured numbers: docs/sdram.md.
// Address:    byte address -> row = a[24:12], column = {a[9:2], 1'b0},
//             bank = a[11:10] ^ a[15:14] (BankXor = 1, default) or a[11:10] (BankXor = 0);
//             a[1:0] is ignored (word access). One SDRAM row holds 256 words (1 KiB). The XOR
//             puts the same offset of two buffers whose distance is a multiple of 16 KiB but
//             not of 64 KiB (framebuffers, Z-buffer, textures of the default layout) in
//             different banks (docs/sdram.md).
// Latency:    request accepted at edge A (valid & ready) into an empty queue: response
//             visible CasLatency+4 cycles later on a row hit (6 at CL2), +2 when the bank is
//             idle (ACTIVE first),
//             +4 or more on a row conflict (PRECHARGE, ACTIVE), plus up to one refresh
//             (about 10 cycles) when the refresh timer expires. docs/sdram.md gives the bound.
// Throughput: one word every 2 cycles on row hits (the data bus peak: 2 beats per word);
//             a read following a write needs 2 cycles, a write following a read CL+3 cycles.
// Bursts:     mem_req_len_i = n-1 on a READ asks for n words (n = 1..8): beat i reads byte
//             address {a[24:5], (a[4:2] + i) mod 8, 2'b00} (wrapping inside the aligned
//             32-byte block, so one row). The beats are n back-to-back column READs of the
//             head, one response each, in order; the request leaves the queue with its last
//             READ. On a WRITE len is only the arbiter's grouping hint (each beat of a write
//             burst is its own request) and is ignored.
// Lookahead:  with Lookahead (default) two requests are held, head and next. READ/WRITE are
//             only ever issued for the head (strict order); in a cycle where the head issues
//             nothing, the next request's bank may be precharged/activated if it is not the
//             head's bank. Lookahead = 0 holds one request (lower worst-case latency behind
//             the arbiter, less random-access bandwidth).
// Ordering:   READ/WRITE commands in request order, so a read after a write to the same
//             address always sees the written data; responses in order.
// Ready:      mem_req_ready_o is a register output: high when a request slot is free,
//             low during reset.
// Illegal:    none at the port; address bits above MemAw do not exist, bits [1:0] are ignored.
// Reset:      rst_ni (asynchronous, released synchronously by prim_rst_sync outside) returns
//             every control register to its reset value: command INHIBIT, no request held,
//             then the full power-up sequence runs again. Memory contents are not touched by
//             the controller, but a reset in the middle of a write may leave that word partial.
// Pins:       all SDRAM outputs are registered (IOB flops on the board). sdram_dq_i is
//             registered once here; the board top adds a falling-edge capture flop in front
//             (docs/sdram.md "IO timing"), the simulation drives it straight from the model.
module sdram_ctrl #(
  parameter int unsigned MemAw         = 25,          // byte address width (32 MiB)
  parameter int unsigned ClkPeriodPs   = 10_000,      // core clock period (100 MHz)
  parameter int unsigned CasLatency    = 2,           // 2 or 3
  parameter int unsigned TInitPs       = 200_000_000, // power-up pause (200 us)
  parameter int unsigned TRcdPs        = 15_000,      // ACTIVE to READ/WRITE
  parameter int unsigned TRpPs         = 15_000,      // PRECHARGE to ACTIVE/REFRESH
  parameter int unsigned TRasPs        = 42_000,      // ACTIVE to PRECHARGE (min)
  parameter int unsigned TRcPs         = 60_000,      // ACTIVE to ACTIVE/REFRESH, same bank
  parameter int unsigned TRfcPs        = 60_000,      // REFRESH to any command (= tRC on SDR)
  parameter int unsigned TRefiPs       = 7_812_500,   // 64 ms / 8192 rows
  parameter int unsigned TWrCk         = 2,           // write recovery, cycles after last beat
  parameter int unsigned TRrdCk        = 2,           // ACTIVE to ACTIVE, different banks
  parameter int unsigned TMrdCk        = 2,           // MODE REGISTER SET to any command (tRSC)
  parameter int unsigned InitRefreshes = 8,           // auto refreshes during power-up
  parameter int unsigned RefSlack      = 24,          // refresh timer margin, cycles
  parameter bit          Lookahead     = 1'b1,        // 2-entry queue: open the next
                                                      // request's bank early
  parameter bit          BankXor       = 1'b1         // bank = a[11:10] ^ a[15:14]
) (
  input  logic              clk_i,
  input  logic              rst_ni,

  // Memory port (docs/interfaces.md), client side is the arbiter.
  input  logic              mem_req_valid_i,
  output logic              mem_req_ready_o,
  input  logic [MemAw-1:0]  mem_req_addr_i,
  input  logic              mem_req_we_i,
  input  logic [31:0]       mem_req_wdata_i,
  input  logic [3:0]        mem_req_be_i,
  input  logic [2:0]        mem_req_len_i,    // reads: further words of a burst (0 = single)
  output logic              mem_rsp_valid_o,
  output logic [31:0]       mem_rsp_rdata_o,

  output logic              init_done_o,      // power-up sequence finished (status only)

  // SDRAM pins (registered).
  output logic              sdram_cke_o,
  output logic              sdram_cs_no,
  output logic              sdram_ras_no,
  output logic              sdram_cas_no,
  output logic              sdram_we_no,
  output logic [1:0]        sdram_ba_o,
  output logic [12:0]       sdram_a_o,
  output logic [1:0]        sdram_dqm_o,
  output logic [15:0]       sdram_dq_o,
  output logic              sdram_dq_oe_o,
  input  logic [15:0]       sdram_dq_i
);

  // ---------------------------------------------------------------------------------------
  // Derived timing in clock cycles (rounded up).
  // ---------------------------------------------------------------------------------------
  localparam int unsigned NumBanks = 4;
  localparam int unsigned RowW     = 13;
  localparam int unsigned Bl       = 2;  // burst length programmed in the mode register
  localparam int unsigned Tw       = 5;  // width of the small spacing timers

  localparam int unsigned RcdCyc    = (TRcdPs + ClkPeriodPs - 1) / ClkPeriodPs;
  localparam int unsigned RpCyc     = (TRpPs  + ClkPeriodPs - 1) / ClkPeriodPs;
  localparam int unsigned RasCyc    = (TRasPs + ClkPeriodPs - 1) / ClkPeriodPs;
  localparam int unsigned RcCyc     = (TRcPs  + ClkPeriodPs - 1) / ClkPeriodPs;
  localparam int unsigned RfcCyc    = (TRfcPs + ClkPeriodPs - 1) / ClkPeriodPs;
  localparam int unsigned InitCyc   = (TInitPs + ClkPeriodPs - 1) / ClkPeriodPs + 1;
  localparam int unsigned RefiCyc   = TRefiPs / ClkPeriodPs;  // rounded down
  localparam int unsigned RefPeriod = RefiCyc - RefSlack;     // REFRESH to REFRESH target
  // Command spacings (minimum cycles between the two commands).
  localparam int unsigned Rd2Rd  = Bl;                  // data bus busy for BL beats
  localparam int unsigned Wr2Wr  = Bl;
  localparam int unsigned Wr2Rd  = Bl;                  // write data done before read issue
  localparam int unsigned Rd2Wr  = CasLatency + Bl + 1; // read data off the bus + 1 idle
  localparam int unsigned Rd2Pre = Bl;                  // do not truncate the read burst
  localparam int unsigned Wr2Pre = Bl - 1 + TWrCk;      // tWR after the last data beat

  localparam int unsigned InitW = $clog2(InitCyc + 1);
  localparam int unsigned RefW  = $clog2(RefiCyc + 1);
  localparam int unsigned IrefW = $clog2(InitRefreshes + 1);
  localparam int unsigned RshW  = CasLatency + 3;  // read return shift register

  // Mode register: A12..A10 = 0, A9 = 0 burst write, A8..A7 = 00, A6..A4 = CL,
  // A3 = 0 sequential, A2..A0 = 001 burst length 2.
  localparam logic [12:0] ModeReg = {3'b000, 1'b0, 2'b00, 3'(CasLatency), 1'b0, 3'b001};

  // Elaboration checks.
  if (CasLatency != 2 && CasLatency != 3) begin : g_bad_cl
    $error("sdram_ctrl: CasLatency must be 2 or 3");
  end
  if (MemAw != 25) begin : g_bad_aw
    $error("sdram_ctrl: MemAw must be 25 (row 13 + bank 2 + column 9 + byte 1)");
  end
  if (RcdCyc < 1 || RpCyc < 1 || RasCyc < 1 || RcCyc < 1 || RfcCyc < 1) begin : g_bad_t
    $error("sdram_ctrl: every ns timing must be at least one cycle");
  end
  if (RcCyc >= (1 << Tw) || RfcCyc >= (1 << Tw) || RasCyc >= (1 << Tw) ||
      TWrCk + Bl >= (1 << Tw) || TRrdCk >= (1 << Tw) || TMrdCk >= (1 << Tw))
  begin : g_bad_tw
    $error("sdram_ctrl: a timing does not fit the Tw-bit spacing timers");
  end
  if (TRrdCk < 1 || TMrdCk < 1 || TWrCk < 1 || InitRefreshes < 2) begin : g_bad_ck
    $error("sdram_ctrl: tRRD, tMRD, tWR must be >= 1 cycle and InitRefreshes >= 2");
  end
  if (RefiCyc <= RefSlack + 32) begin : g_bad_refi
    $error("sdram_ctrl: TRefiPs too short for RefSlack");
  end

  // SDRAM commands {cs_n, ras_n, cas_n, we_n}.
  localparam logic [3:0] CmdInhibit = 4'b1111;
  localparam logic [3:0] CmdNop     = 4'b0111;
  localparam logic [3:0] CmdActive  = 4'b0011;
  localparam logic [3:0] CmdRead    = 4'b0101;
  localparam logic [3:0] CmdWrite   = 4'b0100;
  localparam logic [3:0] CmdPre     = 4'b0010;
  localparam logic [3:0] CmdRefresh = 4'b0001;
  localparam logic [3:0] CmdMrs     = 4'b0000;

  typedef enum logic [2:0] {
    StInitWait,  // power-up pause: NOP, DQM high, until init_cnt_q runs out
    StInitRef,   // InitRefreshes auto refreshes after the initial PRECHARGE ALL, then MRS
    StRun,       // normal operation: serve the held request, one command per cycle
    StRefresh    // refresh due: PRECHARGE ALL (when allowed), then AUTO REFRESH
  } state_e;

  // Saturating helpers.
  function automatic logic [Tw-1:0] tdec(input logic [Tw-1:0] t);
    tdec = (t != '0) ? t - 1'b1 : t;
  endfunction

  // Timer loads (spacing - 1), as Tw-bit constants. Every timer is loaded with a plain
  // assignment, never a max(): each one is either loaded only when it is already zero, or
  // always with its largest value (t_rp, t_rd, t_wr), or its loads are ordered so that the
  // later one never shortens the earlier requirement (t_rwp: WRITE 2 then READ 1 two cycles
  // later). The device model checks the resulting command stream.
  localparam logic [Tw-1:0] LdRcd   = Tw'(RcdCyc - 1);
  localparam logic [Tw-1:0] LdRp    = Tw'(RpCyc - 1);
  localparam logic [Tw-1:0] LdRas   = Tw'(RasCyc - 1);
  localparam logic [Tw-1:0] LdRc    = Tw'(RcCyc - 1);
  localparam logic [Tw-1:0] LdRfc   = Tw'(RfcCyc - 1);
  localparam logic [Tw-1:0] LdRrd   = Tw'(TRrdCk - 1);
  localparam logic [Tw-1:0] LdMrd   = Tw'(TMrdCk - 1);
  localparam logic [Tw-1:0] LdRd2Rd = Tw'(Rd2Rd - 1);
  localparam logic [Tw-1:0] LdWr2Wr = Tw'(Wr2Wr - 1);
  localparam logic [Tw-1:0] LdWr2Rd = Tw'(Wr2Rd - 1);
  localparam logic [Tw-1:0] LdRd2Wr = Tw'(Rd2Wr - 1);
  localparam logic [Tw-1:0] LdRd2Pr = Tw'(Rd2Pre - 1);
  localparam logic [Tw-1:0] LdWr2Pr = Tw'(Wr2Pre - 1);

  // ---------------------------------------------------------------------------------------
  // State.
  // ---------------------------------------------------------------------------------------
  state_e           state_d, state_q;
  logic [InitW-1:0] init_cnt_d, init_cnt_q;     // power-up pause counter
  logic             init_end_d, init_end_q;     // init_cnt_q has reached 0
  logic [IrefW-1:0] init_ref_d, init_ref_q;     // init refreshes still to issue
  logic [RefW-1:0]  ref_timer_d, ref_timer_q;   // cycles until the next refresh is due
  logic             ref_due_d, ref_due_q;       // ref_timer_q is 0
  logic             init_done_d, init_done_q;

  // Spacing timers (cycles until the command is allowed) and, registered beside each, the flag
  // "timer is zero" so that the command decision does not wait for a compare.
  logic [Tw-1:0]                wait_d, wait_q;     // no command at all (tRFC, tMRD)
  logic [NumBanks-1:0][Tw-1:0]  t_rp_d, t_rp_q;     // ACTIVE / REFRESH after PRECHARGE (tRP)
  logic [NumBanks-1:0][Tw-1:0]  t_rc_d, t_rc_q;     // ACTIVE / REFRESH after ACTIVE (tRC)
  logic [NumBanks-1:0][Tw-1:0]  t_ras_d, t_ras_q;   // PRECHARGE after ACTIVE (tRAS)
  logic [NumBanks-1:0][Tw-1:0]  t_rwp_d, t_rwp_q;   // PRECHARGE after READ/WRITE (burst, tWR)
  logic [NumBanks-1:0][Tw-1:0]  t_rw_d, t_rw_q;     // READ/WRITE (tRCD)
  logic [Tw-1:0]                t_rrd_d, t_rrd_q;   // ACTIVE on any bank (tRRD)
  logic [Tw-1:0]                t_rd_d, t_rd_q;     // READ (data bus)
  logic [Tw-1:0]                t_wr_d, t_wr_q;     // WRITE (data bus, turnaround)
  logic                         wait_ok_d, wait_ok_q;
  logic [NumBanks-1:0]          act_ok_d, act_ok_q, pre_ok_d, pre_ok_q;
  logic                         rrd_ok_d, rrd_ok_q, rd_ok_d, rd_ok_q, wr_ok_d, wr_ok_q;

  // Bank state.
  logic [NumBanks-1:0]            open_d, open_q;   // bank has an open row
  logic [NumBanks-1:0][RowW-1:0]  row_d, row_q;     // open row per bank

  // Request queue. The request data (address, write data, byte enables, burst length) sit in
  // two slots used as a ring: slots never move, so the wide registers load only on accept;
  // rd_ptr_q points at the head's slot, wr_ptr_q at the slot the next accepted request goes to.
  // A read burst keeps its slot while its beats issue: each READ that is not the last steps
  // the slot's word index (address bits [4:2], +1 mod 8) and counts q_len down.
  logic [1:0][MemAw-1:2] q_addr_d, q_addr_q;
  logic [1:0][31:0]      q_wdata_d, q_wdata_q;
  logic [1:0][3:0]       q_be_d, q_be_q;
  logic [1:0][2:0]       q_len_d, q_len_q;    // further beats of a read burst (0 for writes)
  logic                  rd_ptr_d, rd_ptr_q, wr_ptr_d, wr_ptr_q;
  logic                  ready_d, ready_q;    // a slot is free (low during reset)

  // What the command decision needs about the head (h_) and the next request (n_) is kept in
  // flag registers that move with the queue (next -> head when the head retires), each one
  // already resolved for the request's own bank: the bank has a row open (open) and it is the
  // request's row (hit), and the bank's spacing flags allow READ/WRITE (rwok), PRECHARGE
  // (preok) and ACTIVE (actok). They are computed a cycle ahead from the per-bank state and
  // the command issued in this cycle (flag_upd), so the decision is a few gates on flops.
  logic                  h_valid_d, h_valid_q, n_valid_d, n_valid_q;
  logic                  h_we_d, h_we_q, n_we_d, n_we_q;
  logic                  h_last_d, h_last_q, n_last_d, n_last_q;  // next READ/WRITE is the last
  logic [1:0]            h_bank_d, h_bank_q, n_bank_d, n_bank_q;
  logic [NumBanks-1:0]   h_boh_d, h_boh_q, n_boh_d, n_boh_q;      // one-hot bank
  logic                  h_open_d, h_open_q, n_open_d, n_open_q;
  logic                  h_hit_d, h_hit_q, n_hit_d, n_hit_q;
  logic                  h_rwok_d, h_rwok_q;
  logic                  h_preok_d, h_preok_q, n_preok_d, n_preok_q;
  logic                  h_actok_d, h_actok_q, n_actok_d, n_actok_q;
  logic                  same_bank_d, same_bank_q;  // head and next in the same bank
  logic                  same_row_d, same_row_q;    // head and next in the same row
  logic                  run_d, run_q;              // StRun, no wait, no refresh due

  // Write second beat.
  logic              wr_hi_d, wr_hi_q;
  logic [15:0]       wdata_hi_d, wdata_hi_q;
  logic [1:0]        be_hi_d, be_hi_q;

  // Read return.
  logic [RshW-1:0]   rd_shift_d, rd_shift_q;    // bit k: a READ left the pins k cycles ago
  logic [15:0]       dq_in_d, dq_in_q;
  logic [15:0]       rd_lo_d, rd_lo_q;
  logic              rsp_valid_d, rsp_valid_q;
  logic [31:0]       rsp_data_d, rsp_data_q;

  // Pin registers.
  logic [3:0]        cmd_d, cmd_q;
  logic [1:0]        ba_d, ba_q;
  logic [12:0]       a_d, a_q;
  logic [1:0]        dqm_d, dqm_q;
  logic [15:0]       dq_o_d, dq_o_q;
  logic              dq_oe_d, dq_oe_q;

  // Request data of the head (h), the next (n) and the incoming (i) request.
  logic [2:0]        h_len;
  logic [MemAw-1:2]  h_addr;
  logic [RowW-1:0]   n_row_q;                      // row of the slot after the head
  logic [31:0]       h_wdata;
  logic [3:0]        h_be;
  logic [RowW-1:0]   h_row, i_row;
  logic [7:0]        h_col;
  always_comb begin
    h_len   = rd_ptr_q ? q_len_q[1]   : q_len_q[0];
    h_addr  = rd_ptr_q ? q_addr_q[1]  : q_addr_q[0];
    h_wdata = rd_ptr_q ? q_wdata_q[1] : q_wdata_q[0];
    h_be    = rd_ptr_q ? q_be_q[1]    : q_be_q[0];
    n_row_q = rd_ptr_q ? q_addr_q[0][24:12] : q_addr_q[1][24:12];
  end
  // Bank of a byte address from its bits [11:10] and [15:14].
  function automatic logic [1:0] bank_of(input logic [1:0] a11_10, input logic [1:0] a15_14);
    bank_of = a11_10 ^ (BankXor ? a15_14 : 2'b00);
  endfunction

  // Flags of a request after this cycle's command: {open, hit, rwok, preok, actok} from its
  // current open/hit, its bank's "timer <= 1" flags (tz*), and what this cycle does to its
  // bank: a PRECHARGE (pre), an ACTIVE (act, of row_eq = the request's row or not), a
  // READ/WRITE that loads the burst-end/tWR timer (rwl). One command per cycle: an ACTIVE only
  // goes to a bank with no open row, so an ACTIVE never meets a hit.
  function automatic logic [4:0] flag_upd(input logic open, input logic hit, input logic tzrw,
                                          input logic tzpre, input logic tzact, input logic pre,
                                          input logic act, input logic row_eq, input logic rwl);
    logic o, h, rw, pr, ac;
    o  = act || (open && !pre);
    h  = act ? row_eq : (hit && !pre);
    rw = tzrw && !(act && (LdRcd != '0));
    pr = tzpre && !(act && (LdRas != '0)) && !rwl;
    ac = tzact && !(pre && (LdRp != '0)) && !(act && (LdRc != '0));
    flag_upd = {o, h, rw, pr, ac};
  endfunction

  logic [1:0]          i_bank;
  logic [NumBanks-1:0] i_boh;
  assign h_row  = h_addr[24:12];
  assign h_col  = h_addr[9:2];
  assign i_bank = bank_of(mem_req_addr_i[11:10], mem_req_addr_i[15:14]);
  assign i_row  = mem_req_addr_i[24:12];
  always_comb begin
    for (int b = 0; b < NumBanks; b++) begin
      i_boh[b] = (i_bank == 2'(b));
    end
  end

  logic              unused_addr;
  assign unused_addr = ^{mem_req_addr_i[1:0], h_addr[11:10]};  // bank: h_bank_q

  // ---------------------------------------------------------------------------------------
  // Next state.
  // ---------------------------------------------------------------------------------------
  logic all_act_ok, open_pre_ok, serve, serve_n, h_any, retire, accept, pre_all;
  logic issue_rd, issue_wr, issue_pre, issue_act, issue_pre_n, issue_act_n;
  // per bank: timer <= 1 (zero next cycle unless loaded now), for READ/WRITE, PRECHARGE, ACTIVE
  logic [NumBanks-1:0] tz_rw, tz_pre, tz_act;
  logic [4:0]          h_upd, n_upd, i_upd;     // flag_upd of head, next, incoming
  logic                rwl, i_same_h, i_open, i_hit;
  logic [NumBanks-1:0] act_oh;       // bank receiving an ACTIVE this cycle
  // "timer loaded with a non-zero value this cycle": the zero flags of the next cycle are
  // (not loaded) && (timer <= 1), which keeps the arithmetic out of the decision path.
  logic                lnz_wait, lnz_rrd, lnz_rd, lnz_wr, ref_ld;
  logic [NumBanks-1:0] lnz_rp, lnz_rc, lnz_ras, lnz_rwp;
  logic [RowW-1:0]     act_row;

  always_comb begin
    // Defaults: timers count down, pins idle.
    state_d     = state_q;
    init_cnt_d  = (init_cnt_q != '0) ? init_cnt_q - 1'b1 : init_cnt_q;
    init_ref_d  = init_ref_q;
    wait_d      = tdec(wait_q);
    ref_timer_d = (ref_timer_q != '0) ? ref_timer_q - 1'b1 : ref_timer_q;
    init_done_d = init_done_q;
    open_d      = open_q;
    row_d       = row_q;
    for (int b = 0; b < NumBanks; b++) begin
      t_rp_d[b]  = tdec(t_rp_q[b]);
      t_rc_d[b]  = tdec(t_rc_q[b]);
      t_ras_d[b] = tdec(t_ras_q[b]);
      t_rwp_d[b] = tdec(t_rwp_q[b]);
      t_rw_d[b]  = tdec(t_rw_q[b]);
    end
    t_rrd_d     = tdec(t_rrd_q);
    t_rd_d      = tdec(t_rd_q);
    t_wr_d      = tdec(t_wr_q);
    lnz_wait    = 1'b0;
    lnz_rrd     = 1'b0;
    lnz_rd      = 1'b0;
    lnz_wr      = 1'b0;
    lnz_rp      = '0;
    lnz_rc      = '0;
    lnz_ras     = '0;
    lnz_rwp     = '0;
    ref_ld      = 1'b0;

    q_addr_d    = q_addr_q;
    q_wdata_d   = q_wdata_q;
    q_be_d      = q_be_q;
    q_len_d     = q_len_q;
    rd_ptr_d    = rd_ptr_q;
    wr_ptr_d    = wr_ptr_q;

    // Write data pins: DQ is only looked at while dq_oe is high (the WRITE cycle and the next),
    // so the data and the second beat's holding registers follow the head every cycle and
    // only the output enable and DQM depend on the WRITE decision.
    wr_hi_d     = 1'b0;
    wdata_hi_d  = h_wdata[31:16];
    be_hi_d     = h_be[3:2];

    cmd_d       = CmdNop;
    ba_d        = '0;
    a_d         = '0;
    dqm_d       = init_done_q ? 2'b00 : 2'b11;
    dq_o_d      = wr_hi_q ? wdata_hi_q : h_wdata[15:0];
    dq_oe_d     = 1'b0;

    all_act_ok  = &act_ok_q;
    open_pre_ok = &(pre_ok_q | ~open_q);
    // PRECHARGE ALL of the power-up sequence or of a refresh (issued by the case statement
    // below)
    pre_all     = ((state_q == StInitWait) && init_end_q) ||
                  ((state_q == StRefresh) && wait_ok_q && (open_q != '0) && open_pre_ok);

    // Head: one of READ, WRITE, PRECHARGE, ACTIVE (StRun only, no refresh pending).
    serve     = run_q && h_valid_q;
    issue_wr  = serve && h_hit_q && h_we_q && h_rwok_q && wr_ok_q;
    issue_rd  = serve && h_hit_q && !h_we_q && h_rwok_q && rd_ok_q;
    issue_pre = serve && h_open_q && !h_hit_q && h_preok_q;      // row conflict: close the bank
    issue_act = serve && !h_open_q && h_actok_q && rrd_ok_q;     // bank idle: open the row
    h_any     = issue_wr || issue_rd || issue_pre || issue_act;

    // Next: PRECHARGE / ACTIVE only, only on another bank, only when the head is idle.
    serve_n     = Lookahead && serve && n_valid_q && !h_any;
    issue_pre_n = serve_n && !same_bank_q && n_open_q && !n_hit_q && n_preok_q;
    issue_act_n = serve_n && !same_bank_q && !n_open_q && n_actok_q && rrd_ok_q;

    if (issue_wr) begin
      cmd_d       = CmdWrite;
      ba_d        = h_bank_q;
      a_d         = {4'b0000, h_col, 1'b0};
      dqm_d       = ~h_be[1:0];
      dq_oe_d     = 1'b1;
      wr_hi_d     = 1'b1;
      t_wr_d = LdWr2Wr;
      lnz_wr = lnz_wr || (LdWr2Wr != '0);
      t_rd_d = LdWr2Rd;
      lnz_rd = lnz_rd || (LdWr2Rd != '0);
    end
    if (issue_rd) begin
      cmd_d       = CmdRead;
      ba_d        = h_bank_q;
      a_d         = {4'b0000, h_col, 1'b0};
      t_rd_d = LdRd2Rd;
      lnz_rd = lnz_rd || (LdRd2Rd != '0);
      t_wr_d = LdRd2Wr;
      lnz_wr = lnz_wr || (LdRd2Wr != '0);
    end
    if (issue_pre) begin
      cmd_d       = CmdPre;
      ba_d        = h_bank_q;
    end
    if (issue_act) begin
      cmd_d       = CmdActive;
      ba_d        = h_bank_q;
      a_d         = h_row;
    end
    if (issue_pre_n) begin
      cmd_d       = CmdPre;
      ba_d        = n_bank_q;
    end
    if (issue_act_n) begin
      cmd_d       = CmdActive;
      ba_d        = n_bank_q;
      a_d         = n_row_q;
    end
    if (issue_act || issue_act_n) begin
      t_rrd_d = LdRrd;
      lnz_rrd = lnz_rrd || (LdRrd != '0);
    end

    act_oh  = (issue_act ? h_boh_q : '0) | (issue_act_n ? n_boh_q : '0);
    act_row = issue_act ? h_row : n_row_q;
    for (int b = 0; b < NumBanks; b++) begin
      if (h_boh_q[b]) begin
        if (issue_wr) begin
          t_rwp_d[b] = LdWr2Pr;
          lnz_rwp[b] = lnz_rwp[b] || (LdWr2Pr != '0);
        end
        if (issue_rd) begin
          t_rwp_d[b] = LdRd2Pr;
          lnz_rwp[b] = lnz_rwp[b] || (LdRd2Pr != '0);
        end
      end
      if ((issue_pre && h_boh_q[b]) || (issue_pre_n && n_boh_q[b])) begin
        open_d[b]  = 1'b0;
        t_rp_d[b] = LdRp;
        lnz_rp[b] = lnz_rp[b] || (LdRp != '0);
      end
      if (act_oh[b]) begin
        open_d[b]  = 1'b1;
        row_d[b]   = act_row;
        t_rw_d[b] = LdRcd;
        t_ras_d[b] = LdRas;
        lnz_ras[b] = lnz_ras[b] || (LdRas != '0);
        t_rc_d[b] = LdRc;
        lnz_rc[b] = lnz_rc[b] || (LdRc != '0);
      end
    end

    // Queue. Flags of the head, the next and the incoming request after this cycle's command
    // (one command per cycle; the next request's commands never touch the head's bank; a
    // request is only accepted when the queue was not full, so never in a cycle where the
    // next request issues a command).
    for (int b = 0; b < NumBanks; b++) begin
      tz_rw[b]  = (t_rw_q[b][Tw-1:1] == '0);
      tz_pre[b] = (t_ras_q[b][Tw-1:1] == '0) && (t_rwp_q[b][Tw-1:1] == '0);
      tz_act[b] = (t_rp_q[b][Tw-1:1] == '0) && (t_rc_q[b][Tw-1:1] == '0);
    end
    rwl      = (issue_rd && (LdRd2Pr != '0)) || (issue_wr && (LdWr2Pr != '0));
    h_upd    = flag_upd(h_open_q, h_hit_q, |(h_boh_q & tz_rw), |(h_boh_q & tz_pre),
                        |(h_boh_q & tz_act), issue_pre || pre_all, issue_act, 1'b1, rwl);
    n_upd    = flag_upd(n_open_q, n_hit_q, |(n_boh_q & tz_rw), |(n_boh_q & tz_pre),
                        |(n_boh_q & tz_act),
                        issue_pre_n || (issue_pre && same_bank_q) || pre_all,
                        issue_act_n || (issue_act && same_bank_q),
                        issue_act_n || same_row_q, rwl && same_bank_q);
    i_same_h = (i_bank == h_bank_q);
    i_open   = |(i_boh & open_q);
    i_hit    = 1'b0;
    for (int b = 0; b < NumBanks; b++) begin
      i_hit = i_hit || (i_boh[b] && open_q[b] && (row_q[b] == i_row));
    end
    i_upd    = flag_upd(i_open, i_hit, |(i_boh & tz_rw), |(i_boh & tz_pre), |(i_boh & tz_act),
                        (issue_pre && i_same_h) || pre_all, issue_act && i_same_h,
                        i_row == h_row, rwl && i_same_h);

    // A READ that is not the last beat of its burst steps the head to its next word (the
    // word index wraps inside the 32-byte block); the last READ/WRITE retires the head.
    accept = mem_req_valid_i && ready_q;
    retire = issue_wr || (issue_rd && h_last_q);
    if (issue_rd && !h_last_q) begin
      q_addr_d[rd_ptr_q][4:2] = h_addr[4:2] + 3'd1;
      q_len_d[rd_ptr_q]       = h_len - 3'd1;
    end
    if (retire) begin
      rd_ptr_d = !rd_ptr_q;
    end
    // Accept into slot wr_ptr_q (free whenever ready_q is high).
    if (accept) begin
      q_addr_d[wr_ptr_q]  = mem_req_addr_i[MemAw-1:2];
      q_wdata_d[wr_ptr_q] = mem_req_wdata_i;
      q_be_d[wr_ptr_q]    = mem_req_be_i;
      q_len_d[wr_ptr_q]   = mem_req_we_i ? 3'd0 : mem_req_len_i;
      wr_ptr_d            = !wr_ptr_q;
    end

    // Head flags: the next request moves up when the head retires (or the incoming one, if
    // there is no next); else the head stays and only its bank's flags (and, after a READ
    // that is not the last beat, its last flag) change.
    if (retire ? n_valid_q : h_valid_q) begin
      h_we_d   = retire ? n_we_q   : h_we_q;
      h_last_d = retire ? n_last_q : (issue_rd ? (h_len == 3'd1) : h_last_q);
      h_bank_d = retire ? n_bank_q : h_bank_q;
      h_boh_d  = retire ? n_boh_q  : h_boh_q;
      {h_open_d, h_hit_d, h_rwok_d, h_preok_d, h_actok_d} = retire ? n_upd : h_upd;
    end else begin
      h_we_d   = mem_req_we_i;
      h_last_d = mem_req_we_i || (mem_req_len_i == 3'd0);
      h_bank_d = i_bank;
      h_boh_d  = i_boh;
      {h_open_d, h_hit_d, h_rwok_d, h_preok_d, h_actok_d} = i_upd;
    end
    h_valid_d = retire ? (n_valid_q || accept) : (h_valid_q || accept);
    // Next flags: the next request stays while the head does; an accepted request becomes the
    // next one when the head stays.
    if (n_valid_q) begin
      n_we_d   = n_we_q;
      n_last_d = n_last_q;
      n_bank_d = n_bank_q;
      n_boh_d  = n_boh_q;
      {n_open_d, n_hit_d, n_preok_d, n_actok_d} = {n_upd[4:3], n_upd[1:0]};
      same_bank_d = same_bank_q;
      same_row_d  = same_row_q;
    end else begin
      n_we_d   = mem_req_we_i;
      n_last_d = mem_req_we_i || (mem_req_len_i == 3'd0);
      n_bank_d = i_bank;
      n_boh_d  = i_boh;
      {n_open_d, n_hit_d, n_preok_d, n_actok_d} = {i_upd[4:3], i_upd[1:0]};
      same_bank_d = i_same_h;
      same_row_d  = (i_row == h_row);
    end
    n_valid_d = !retire && (n_valid_q || (h_valid_q && accept));

    // Second beat of a write issued last cycle.
    if (wr_hi_q) begin
      dq_o_d  = wdata_hi_q;
      dqm_d   = ~be_hi_q;
      dq_oe_d = 1'b1;
    end

    // Sequencing: power-up and refresh.
    unique case (state_q)
      StInitWait: begin
        if (pre_all) begin
          cmd_d      = CmdPre;
          a_d[10]    = 1'b1;                       // all banks
          for (int b = 0; b < NumBanks; b++) begin
            t_rp_d[b] = LdRp;
            lnz_rp[b] = lnz_rp[b] || (LdRp != '0);
          end
          init_ref_d = IrefW'(InitRefreshes);
          state_d    = StInitRef;
        end
      end

      StInitRef: begin
        if (wait_ok_q && all_act_ok) begin
          if (init_ref_q != '0) begin
            cmd_d       = CmdRefresh;
            wait_d = LdRfc;
            lnz_wait = lnz_wait || (LdRfc != '0);
            ref_timer_d = RefW'(RefPeriod);
            ref_ld = 1'b1;
            init_ref_d  = init_ref_q - 1'b1;
          end else begin
            cmd_d       = CmdMrs;
            a_d         = ModeReg;
            wait_d = LdMrd;
            lnz_wait = lnz_wait || (LdMrd != '0);
            init_done_d = 1'b1;
            state_d     = StRun;
          end
        end
      end

      StRun: begin
        if (ref_due_q) begin
          state_d = StRefresh;
        end
      end

      StRefresh: begin
        if (wait_ok_q) begin
          if (open_q != '0) begin
            if (pre_all) begin
              cmd_d   = CmdPre;
              a_d[10] = 1'b1;
              open_d  = '0;
              for (int b = 0; b < NumBanks; b++) begin
                t_rp_d[b] = LdRp;
                lnz_rp[b] = lnz_rp[b] || (LdRp != '0);
              end
            end
          end else if (all_act_ok) begin
            cmd_d       = CmdRefresh;
            wait_d = LdRfc;
            lnz_wait = lnz_wait || (LdRfc != '0);
            ref_timer_d = RefW'(RefPeriod);
            ref_ld = 1'b1;
            state_d     = StRun;
          end
        end
      end

      default: begin
        state_d = StInitWait;
      end
    endcase

    // Zero flags of the next timer values: a timer that is not loaded reaches zero when it is
    // 1 now (or stays 0). A load with the value 0 reports "not zero" for one cycle (only a
    // 1-cycle spacing parameter does that; conservative).
    init_end_d = (init_cnt_q[InitW-1:1] == '0);
    ref_due_d  = !ref_ld && (ref_timer_q[RefW-1:1] == '0);
    wait_ok_d  = !lnz_wait && (wait_q[Tw-1:1] == '0);
    for (int b = 0; b < NumBanks; b++) begin
      act_ok_d[b] = !lnz_rp[b] && !lnz_rc[b] && tz_act[b];
      pre_ok_d[b] = !lnz_ras[b] && !lnz_rwp[b] && tz_pre[b];
    end
    rrd_ok_d = !lnz_rrd && (t_rrd_q[Tw-1:1] == '0);
    rd_ok_d  = !lnz_rd && (t_rd_q[Tw-1:1] == '0);
    wr_ok_d  = !lnz_wr && (t_wr_q[Tw-1:1] == '0);

    ready_d = Lookahead ? !(h_valid_d && n_valid_d) : !(h_valid_d || n_valid_d);
    // The head may issue in the next cycle: running, nothing waiting, no refresh due.
    run_d   = (state_d == StRun) && wait_ok_d && !ref_due_d;

    // Read return: beat 0 reaches dq_in_q CL+1 cycles after the READ left the pins, beat 1
    // one cycle later; the response register is loaded with both the cycle after that.
    rd_shift_d  = {rd_shift_q[RshW-2:0], issue_rd};
    dq_in_d     = sdram_dq_i;
    rd_lo_d     = rd_shift_q[CasLatency+1] ? dq_in_q : rd_lo_q;
    rsp_valid_d = rd_shift_q[CasLatency+2];
    rsp_data_d  = rd_shift_q[CasLatency+2] ? {dq_in_q, rd_lo_q} : rsp_data_q;
  end

  // ---------------------------------------------------------------------------------------
  // Registers.
  // ---------------------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= StInitWait;
      init_cnt_q  <= InitW'(InitCyc);
      init_end_q  <= 1'b0;
      init_ref_q  <= '0;
      ref_timer_q <= RefW'(RefPeriod);
      ref_due_q   <= 1'b0;
      init_done_q <= 1'b0;
      wait_q      <= '0;
      t_rp_q      <= '0;
      t_rc_q      <= '0;
      t_ras_q     <= '0;
      t_rwp_q     <= '0;
      t_rw_q      <= '0;
      t_rrd_q     <= '0;
      t_rd_q      <= '0;
      t_wr_q      <= '0;
      wait_ok_q   <= 1'b1;
      act_ok_q    <= '1;
      pre_ok_q    <= '1;
      rrd_ok_q    <= 1'b1;
      rd_ok_q     <= 1'b1;
      wr_ok_q     <= 1'b1;
      open_q      <= '0;
      row_q       <= '0;
      h_valid_q   <= 1'b0;
      n_valid_q   <= 1'b0;
      run_q       <= 1'b0;
      ready_q     <= 1'b0;
      rd_ptr_q    <= 1'b0;
      wr_ptr_q    <= 1'b0;
      wr_hi_q     <= 1'b0;
      rd_shift_q  <= '0;
      rsp_valid_q <= 1'b0;
      cmd_q       <= CmdInhibit;
      ba_q        <= '0;
      a_q         <= '0;
      dqm_q       <= 2'b11;
      dq_oe_q     <= 1'b0;
    end else begin
      state_q     <= state_d;
      init_cnt_q  <= init_cnt_d;
      init_end_q  <= init_end_d;
      init_ref_q  <= init_ref_d;
      ref_timer_q <= ref_timer_d;
      ref_due_q   <= ref_due_d;
      init_done_q <= init_done_d;
      wait_q      <= wait_d;
      t_rp_q      <= t_rp_d;
      t_rc_q      <= t_rc_d;
      t_ras_q     <= t_ras_d;
      t_rwp_q     <= t_rwp_d;
      t_rw_q      <= t_rw_d;
      t_rrd_q     <= t_rrd_d;
      t_rd_q      <= t_rd_d;
      t_wr_q      <= t_wr_d;
      wait_ok_q   <= wait_ok_d;
      act_ok_q    <= act_ok_d;
      pre_ok_q    <= pre_ok_d;
      rrd_ok_q    <= rrd_ok_d;
      rd_ok_q     <= rd_ok_d;
      wr_ok_q     <= wr_ok_d;
      open_q      <= open_d;
      row_q       <= row_d;
      h_valid_q   <= h_valid_d;
      n_valid_q   <= n_valid_d;
      run_q       <= run_d;
      ready_q     <= ready_d;
      rd_ptr_q    <= rd_ptr_d;
      wr_ptr_q    <= wr_ptr_d;
      wr_hi_q     <= wr_hi_d;
      rd_shift_q  <= rd_shift_d;
      rsp_valid_q <= rsp_valid_d;
      cmd_q       <= cmd_d;
      ba_q        <= ba_d;
      a_q         <= a_d;
      dqm_q       <= dqm_d;
      dq_oe_q     <= dq_oe_d;
    end
  end

  // Data registers: no reset needed (qualified by the valid bits above).
  always_ff @(posedge clk_i) begin
    q_addr_q    <= q_addr_d;
    q_wdata_q   <= q_wdata_d;
    q_be_q      <= q_be_d;
    q_len_q     <= q_len_d;
    h_we_q      <= h_we_d;
    h_last_q    <= h_last_d;
    h_bank_q    <= h_bank_d;
    h_boh_q     <= h_boh_d;
    h_open_q    <= h_open_d;
    h_hit_q     <= h_hit_d;
    h_rwok_q    <= h_rwok_d;
    h_preok_q   <= h_preok_d;
    h_actok_q   <= h_actok_d;
    n_we_q      <= n_we_d;
    n_last_q    <= n_last_d;
    n_bank_q    <= n_bank_d;
    n_boh_q     <= n_boh_d;
    n_open_q    <= n_open_d;
    n_hit_q     <= n_hit_d;
    n_preok_q   <= n_preok_d;
    n_actok_q   <= n_actok_d;
    same_bank_q <= same_bank_d;
    same_row_q  <= same_row_d;
    wdata_hi_q  <= wdata_hi_d;
    be_hi_q     <= be_hi_d;
    dq_in_q     <= dq_in_d;
    rd_lo_q     <= rd_lo_d;
    rsp_data_q  <= rsp_data_d;
    dq_o_q      <= dq_o_d;
  end

  // ---------------------------------------------------------------------------------------
  // Outputs.
  // ---------------------------------------------------------------------------------------
  assign mem_req_ready_o = ready_q;
  assign mem_rsp_valid_o = rsp_valid_q;
  assign mem_rsp_rdata_o = rsp_data_q;
  assign init_done_o     = init_done_q;

  assign sdram_cke_o   = 1'b1;
  assign sdram_cs_no   = cmd_q[3];
  assign sdram_ras_no  = cmd_q[2];
  assign sdram_cas_no  = cmd_q[1];
  assign sdram_we_no   = cmd_q[0];
  assign sdram_ba_o    = ba_q;
  assign sdram_a_o     = a_q;
  assign sdram_dqm_o   = dqm_q;
  assign sdram_dq_o    = dq_o_q;
  assign sdram_dq_oe_o = dq_oe_q;

endmodule
