// shader_fetch - instruction fetch of one shader core: the F stage and the queue that feeds D.
//
// What: fetches sequentially from pc_q (predict pc + 4) through a fixed-latency instruction
//   port and queues the words (with their pc) in a 3-entry queue whose head is the D stage
//   (a shifting queue: the head is entry 0, read straight from flip-flops; a word is written
//   whenever it arrives, also in a flush, which only resets the count).
//   A request is made only while the queue has room for every word in flight (count +
//   pending < 3), so nothing is ever dropped and the queue sustains one word per clock.
//   Static prediction (backward taken, forward not taken): when a JAL, or a conditional branch
//   with a negative offset, is the queue head for the first time, the words behind it and the
//   response in flight are dropped and fetching goes on at its target (head pc + offset, from
//   flip-flops); d_pred_o tells X that the head was predicted taken. X checks every prediction
//   and redirect_i (a mispredicted branch, or JALR) flushes the queue, discards the response
//   still in flight and fetches from target_i; halt_i (fault, WFI or tile stop) flushes and stops.
//   A pc with bit 0 or 1 set, or at or above 32 MiB, is not fetched: a fault token
//   (insn 0, trap FETCH_MISALIGNED / FETCH_RANGE, D12) is queued instead and fetching stops
//   until a redirect or a prediction drops the token (it is younger than their branch).
// Instruction port: if_req_o/if_addr_o (from flops) and if_gnt_i; the word of a granted
//   request is on if_rdata_i in the next cycle (fixed latency 1, e.g. an instruction cache
//   that grants only hits).
// Latency: a word reaches D one cycle after its grant; a predicted-taken branch costs 1
//   cycle before its target reaches D, a redirect from X 2 cycles after redirect_i.
// Reset: stopped, queue empty.
module shader_fetch (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,     // launch: fetch from entry_i
  input  logic [31:0] entry_i,
  input  logic        redirect_i,
  input  logic [31:0] target_i,
  input  logic        halt_i,
  // instruction port
  output logic        if_req_o,
  output logic [31:0] if_addr_o,
  input  logic        if_gnt_i,
  input  logic [31:0] if_rdata_i,
  // D stage (queue head)
  output logic        d_valid_o,
  output logic [31:0] d_insn_o,
  output logic [31:0] d_pc_o,
  output shader_pkg::trap_e d_trap_o,
  output logic        d_pred_o,    // the head is a JAL or a backward branch: predicted taken
  input  logic        d_pop_i
);

  localparam int unsigned Depth = 3;

  logic [31:0]       pc_q, pc_d;
  logic              on_q, on_d;
  logic              pend_q, pend_d, kill_q, kill_d;
  logic [31:0]       q_insn_q [Depth];
  logic [31:0]       q_pc_q [Depth];
  shader_pkg::trap_e q_trap_q [Depth];
  logic [1:0]        cnt_q, cnt_d, widx;
  logic              bad, room, push, pop, flush, q_we;
  logic [31:0]       push_insn, push_pc;
  logic              h_br, h_jal, h_pred_q, pred_now;
  logic [31:0]       h_off, pred_tgt;
  shader_pkg::trap_e bad_trap, push_trap;

  assign bad      = (pc_q[1:0] != 2'd0) || (pc_q[31:25] != 7'd0);
  assign bad_trap = (pc_q[1:0] != 2'd0) ? shader_pkg::TrapFetchMisaligned
                                        : shader_pkg::TrapFetchRange;
  assign room     = (2'(cnt_q) + 2'(pend_q)) < 2'(Depth);
  assign flush    = redirect_i || halt_i;

  assign if_req_o  = on_q && !bad && room;
  assign if_addr_o = pc_q;

  assign d_valid_o = cnt_q != 2'd0;
  assign d_insn_o  = q_insn_q[0];
  assign d_pc_o    = q_pc_q[0];
  assign d_trap_o  = q_trap_q[0];
  assign pop       = d_valid_o && d_pop_i;

  // the head's static prediction: JAL, or a conditional branch (the BRANCH opcode's other
  // rows but JALR) whose offset's sign, bit 31, is set
  assign h_jal    = q_insn_q[0][14:12] == shader_ctl_pkg::F3Jal;
  assign h_br     = d_valid_o && q_trap_q[0] == shader_pkg::TrapNone &&
                    q_insn_q[0][6:0] == shader_pkg::OpcBranch &&
                    q_insn_q[0][14:12] != shader_ctl_pkg::F3Jalr && (h_jal || q_insn_q[0][31]);
  assign d_pred_o = h_br;
  assign pred_now = h_br && !h_pred_q;     // not yet redirected for this head
  assign h_off    = shader_ctl_pkg::imm(h_jal ? shader_ctl_pkg::ImmJ : shader_ctl_pkg::ImmB,
                                        q_insn_q[0][31:7]);
  assign pred_tgt = q_pc_q[0] + h_off;

  always_comb begin
    pc_d      = pc_q;
    on_d      = on_q;
    pend_d    = if_req_o && if_gnt_i;
    kill_d    = 1'b0;
    push      = 1'b0;
    push_insn = if_rdata_i;
    push_pc   = pc_q - 32'd4;
    push_trap = shader_pkg::TrapNone;
    // (the core's redirect comes late in the cycle: it is the last choice of the pc, which is
  // correct because it never coincides with start_i (the core is idle then) or halt_i)
  // the response of last cycle's grant (the pc it was fetched from is pc_q - 4: pc_q moved on
    // at the grant and nothing else changed it unless a redirect killed the response)
    if (pend_q && !kill_q) begin
      push = 1'b1;
    end else if (on_q && bad && !pend_q && room) begin
      push      = 1'b1; // fault token: fetching stops here
      push_insn = 32'd0;
      push_pc   = pc_q;
      push_trap = bad_trap;
      on_d      = 1'b0;
    end
    q_we = push; // before redirect and halt: a flush resets the pointers, so the slot written is dead
    if (if_req_o && if_gnt_i) begin
      pc_d = pc_q + 32'd4;
    end
    if (pred_now) begin
      kill_d = if_req_o && if_gnt_i; // the words behind the head are from the fall-through path
      push   = 1'b0;
      on_d   = 1'b1;                 // a fault token behind the head is dropped with them
      pc_d   = pred_tgt;
    end
    if (redirect_i) begin
      kill_d = if_req_o && if_gnt_i; // the word granted now is from the old path
      push   = 1'b0;
      on_d   = 1'b1;                 // a fault token queued behind it is dropped with the rest
    end
    if (halt_i) begin
      on_d   = 1'b0;
      kill_d = if_req_o && if_gnt_i;
      push   = 1'b0;
    end
    if (start_i) begin
      pc_d   = entry_i;
      on_d   = 1'b1;
      kill_d = 1'b0;
    end
    if (redirect_i) begin
      pc_d = target_i;
    end
  end

  always_comb begin
    cnt_d = cnt_q;
    if (flush || start_i) begin
      cnt_d = 2'd0;
    end else if (pred_now) begin
      cnt_d = pop ? 2'd0 : 2'd1;   // only the head stays
    end else begin
      cnt_d = cnt_q + 2'(push) - 2'(pop);
    end
  end

  // the queue shifts towards its head (entry 0, the D stage, read straight from flip-flops);
  // a pushed word goes behind the last entry that stays
  assign widx = cnt_q - 2'(pop);
  always_ff @(posedge clk_i) begin
    for (int i = 0; i < Depth; i++) begin
      if (q_we && widx == 2'(i)) begin
        q_insn_q[i] <= push_insn;
        q_pc_q[i]   <= push_pc;
        q_trap_q[i] <= push_trap;
      end else if (pop && i < Depth - 1) begin
        q_insn_q[i] <= q_insn_q[i + 1];
        q_pc_q[i]   <= q_pc_q[i + 1];
        q_trap_q[i] <= q_trap_q[i + 1];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pc_q     <= 32'd0;
      on_q     <= 1'b0;
      pend_q   <= 1'b0;
      kill_q   <= 1'b0;
      cnt_q    <= 2'd0;
      h_pred_q <= 1'b0;
    end else begin
      pc_q     <= pc_d;
      on_q     <= on_d;
      pend_q   <= pend_d;
      kill_q   <= kill_d;
      cnt_q    <= cnt_d;
      h_pred_q <= (pred_now || h_pred_q) && !pop && !flush && !start_i;
    end
  end

endmodule
