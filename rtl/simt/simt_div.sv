// simt_div - iterative unsigned 8-bit divider of one SIMT thread (seed 002 DIV).
//
// What: restoring division a_i / b_i, StepBits quotient bits per cycle, replacing the
//   combinational divider that used to sit in the execute stage (it was the critical path of
//   the whole GPU). Division by zero returns simt_pkg::DIV0_RESULT (0xFF) for any dividend.
// Interface: load_i is high at the edge where the core's read stage hands an instruction to
//   the execute stage, with a_i/b_i that instruction's operands (the values the execute
//   stage's operand registers take at the same edge); the unit loads them into its own
//   registers when it is idle (or being returned to idle by commit_i). start_i is high for
//   as long as the execute stage holds a DIV for this thread and has not committed it (like
//   the core's LSU wait). Every cycle with start_i computes the next StepBits steps from the
//   registers, the first one included, until all 8 quotient bits are in the registers. Then
//   done_o is high and q_o is the quotient, both straight from registers (q_o = DIV0_RESULT
//   when the divisor register is 0), held until commit_i returns the unit to idle.
// Latency: 8 / StepBits + 1 cycles from the first start_i cycle to done_o inclusive (5 with
//   the default StepBits = 2: the DIV spends 5 cycles in E). Fixed, data independent.
// Throughput: one division at a time; a new one can start in the cycle after commit_i.
// Timing: each cycle has at most StepBits 9-bit compare/subtract steps in series, from
//   registers to registers, the first cycle too (the operands are loaded a cycle ahead, so
//   no operand multiplexer sits in front of the steps: 100 MHz on the whole chip); the result
//   goes to the register-file write port and the core's bypass from registers (100 MHz on
//   the ECP5: docs/simt.md "Timing"; the result used to be combinational from the last two
//   steps, which made this the critical path at 72 MHz).
// Illegal input: StepBits other than 1, 2, 4, 8 stops elaboration. commit_i before done_o
//   is a core bug; the unit returns to idle anyway. done_o held without commit_i keeps the
//   result (the registers hold).
// Reset: idle.
module simt_div #(
  parameter int unsigned StepBits = 2   // quotient bits per cycle: 1, 2, 4 or 8
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       start_i,
  input  logic       commit_i,
  input  logic       load_i,
  input  logic [7:0] a_i,
  input  logic [7:0] b_i,
  output logic       done_o,
  output logic [7:0] q_o
);

  localparam int unsigned Iters = 8 / StepBits;   // cycles per division
  localparam int unsigned Cw    = (Iters > 1) ? $clog2(Iters) : 1;

  if (StepBits != 1 && StepBits != 2 && StepBits != 4 && StepBits != 8) begin : g_bad_step
    $error("simt_div: StepBits must be 1, 2, 4 or 8");
  end

  typedef enum logic [1:0] {
    DvIdle = 2'd0,  // no division; the registers hold the operands loaded with load_i
    DvBusy = 2'd1,  // steps running from the registers
    DvDone = 2'd2   // all quotient bits registered: done_o, until commit_i
  } dv_state_e;

  dv_state_e      state_q, state_d;
  logic [7:0]     rem_q, rem_d;     // partial remainder (< divisor unless divisor = 0)
  logic [7:0]     quo_q, quo_d;     // dividend bits still to shift out | quotient bits in
  logic [7:0]     dvs_q, dvs_d;     // divisor
  logic [Cw-1:0]  cnt_q, cnt_d;     // iterations done

  // StepBits restoring steps from (rem_in, quo_in, dvs_in)
  logic [7:0] rem_s, quo_s;
  logic [8:0] sh;     // shifted partial remainder, < 2 * divisor
  logic [8:0] d9;     // {borrow, sh[7:0] - divisor}
  logic       ge;     // sh >= divisor: quotient bit
  logic       first, last;   // this cycle's steps are the first / the last ones

  always_comb begin
    first  = (state_q == DvIdle);
    last   = first ? (Iters == 1) : (32'(cnt_q) == Iters - 1);
    rem_s  = rem_q;       // 0 after a load
    quo_s  = quo_q;
    sh     = 9'd0;
    d9     = 9'd0;
    ge     = 1'b0;
    for (int s = 0; s < int'(StepBits); s++) begin
      sh    = {rem_s, quo_s[7]};
      d9    = {1'b0, sh[7:0]} - {1'b0, dvs_q};
      ge    = sh[8] || !d9[8];              // 9-bit sh >= 8-bit divisor
      quo_s = {quo_s[6:0], ge};
      rem_s = ge ? d9[7:0] : sh[7:0];       // sh - divisor < 256 when ge (divisor != 0)
    end
    done_o = (state_q == DvDone);
    q_o    = (dvs_q == 8'd0) ? simt_pkg::DIV0_RESULT : quo_q;
  end

  always_comb begin
    state_d = state_q;
    rem_d   = rem_q;
    quo_d   = quo_q;
    dvs_d   = dvs_q;
    cnt_d   = cnt_q;
    unique case (state_q)
      DvIdle: begin
        if (start_i) begin
          state_d = last ? DvDone : DvBusy;
          rem_d   = rem_s;
          quo_d   = quo_s;
          cnt_d   = Cw'(1);
        end
      end
      DvBusy: begin
        state_d = last ? DvDone : DvBusy;
        rem_d   = rem_s;
        quo_d   = quo_s;
        cnt_d   = cnt_q + 1'b1;
      end
      DvDone:  state_d = DvDone;
      default: state_d = DvIdle;
    endcase
    if (commit_i) begin
      state_d = DvIdle;
    end
    // the next instruction's operands, while idle or returning to idle
    if (load_i && (state_q == DvIdle || commit_i)) begin
      rem_d = 8'd0;
      quo_d = a_i;
      dvs_d = b_i;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= DvIdle;
      rem_q   <= 8'd0;
      quo_q   <= 8'd0;
      dvs_q   <= 8'd0;
      cnt_q   <= '0;
    end else begin
      state_q <= state_d;
      rem_q   <= rem_d;
      quo_q   <= quo_d;
      dvs_q   <= dvs_d;
      cnt_q   <= cnt_d;
    end
  end

endmodule
