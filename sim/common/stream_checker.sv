// stream_checker: the valid/ready contract of docs/interfaces.md, checked on one link in
// simulation. Bound from sim/ (never instantiated in rtl/); every Verilated run checks it.
//   1. once valid is high, it stays high until the transfer (valid && ready at a rising edge);
//   2. the payload does not change while valid is high and ready low.
// Rule 1 also catches a producer whose valid waits for ready against a consumer whose ready
// waits for valid (the memory model's "jitter" mode): such a pair never transfers, and the
// harness's bounded waits end the run as HANG.
// A violation is reported with $error (link name, rule, edge since reset); the harness counts
// errors (VerilatedContext::errorCount) and fails the run at the first one's cycle.
module stream_checker #(
  parameter string       Name = "link",
  parameter int unsigned Pw   = 1      // payload bits
) (
  input logic          clk_i,
  input logic          rst_ni,
  input logic          valid_i,
  input logic          ready_i,
  input logic [Pw-1:0] payload_i
);
  logic          wait_q;    // valid was high and ready low at the last edge
  logic          told_q;    // a violation was reported: one report per link
  logic [Pw-1:0] held_q;    // the payload at that edge
  longint unsigned cycle_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wait_q  <= 1'b0;
      told_q  <= 1'b0;
      held_q  <= '0;
      cycle_q <= '0;
    end else begin
      wait_q  <= valid_i && !ready_i;
      if (valid_i && !ready_i) held_q <= payload_i;  // copied only while waiting: cheap to simulate
      cycle_q <= cycle_q + 1;
      // nested, so that the payload compare runs only in a cycle that waits (the simulator
      // computes every operand of a flat condition: for the setup record's link, 66 words at
      // every edge)
      if (wait_q && !told_q) begin
        if (!valid_i) begin
          told_q <= 1'b1;
          $error("STREAM CONTRACT: link %s: valid dropped before the transfer (edge %0d after reset)", Name,
                 cycle_q);
        end else if (payload_i != held_q) begin
          told_q <= 1'b1;
          $error("STREAM CONTRACT: link %s: payload changed while waiting for ready (edge %0d after reset)",
                 Name, cycle_q);
        end
      end
    end
  end
endmodule
