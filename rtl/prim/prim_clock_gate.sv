// prim_clock_gate: clock gate with hysteresis for a unit that is idle most of the time.
//
// What:       clk_o is clk_i while the unit may change state, and stays low otherwise. The
//             unit may change state when wake_i is high (it is busy, or one of its inputs asks
//             for it: the caller's OR of those) and for Linger cycles after wake_i was last
//             high, so that pipelines, acknowledge registers and done flags that settle a few
//             cycles after the unit's own busy flag falls still see their edges. bypass_i = 1
//             runs clk_o every cycle (bring-up, debug, the equivalence test of gated against
//             free-running clocks). Enable = 0 builds no gate at all: clk_o = clk_i.
// Contract:   the gated unit's flip-flops, clocked every cycle, would keep their values in
//             every cycle in which the gate holds clk_o low (its state at rest is a fixed
//             point of its logic while wake_i is low). Then gating is invisible: the unit does
//             exactly what it does on a free-running clock, cycle for cycle. The caller states
//             why its wake_i covers every input that moves the unit, and tests both ways.
// Latency:    the gate decides edge k from wake_i as it stands in the cycle before edge k
//             (sampled at the falling edge in between): a unit woken by an input that rises
//             after edge k-1 gets edge k, as with a clock enable on each of its flip-flops.
// Structure:  the enable is registered on the falling edge of clk_i (the integrated clock
//             gate cell's latch, as a flip-flop: no latch in rtl/), so it changes only while
//             clk_i is low and clk_o = clk_i & en_q has no glitch. wake_i must settle within
//             half a clock period: drive it from flip-flops through little logic.
// Reset:      rst_ni low (asynchronous) enables the clock (a unit in reset sees its edges) and
//             clears the linger count.
// FPGA:       a clock through fabric logic is poor FPGA practice; the ECP5 builds set
//             Enable = 0 (board_top), which the equivalence test shows behaves the same.
module prim_clock_gate #(
  parameter bit          Enable = 1'b1,  // 0: no gate, clk_o = clk_i
  parameter int unsigned Linger = 8      // cycles the clock keeps running after wake_i falls, >= 1
) (
  input  logic clk_i,
  input  logic rst_ni,     // asynchronous reset, active low
  input  logic wake_i,     // the unit is busy or an input asks for it
  input  logic bypass_i,   // 1: clk_o runs every cycle
  output logic clk_o,
  output logic idle_o      // the coming edge is one the gate holds back (or, bypassed, would):
                           // for the caller's check that its unit does not move on such edges
);

  if (Linger < 1 || Linger > 255) begin : g_bad_linger
    $error("prim_clock_gate: Linger must be 1..255");
  end

  if (Enable) begin : g_gate
    logic [7:0] left_q, left_d;   // linger cycles left after wake_i fell
    logic       act_q, byp_q;     // the coming edge: the unit may move; bypassed

    always_comb begin
      left_d = wake_i ? 8'(Linger) : (left_q != '0) ? left_q - 8'd1 : '0;
    end

    // All on the falling edge: they change only while clk_i is low, where the AND below holds
    // clk_o low whatever they do; the count steps once per cycle, like the unit's edges.
    always_ff @(negedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        act_q  <= 1'b1;
        byp_q  <= 1'b0;
        left_q <= '0;
      end else begin
        act_q  <= wake_i || (left_q != '0);
        byp_q  <= bypass_i;
        left_q <= left_d;
      end
    end

    assign clk_o  = clk_i & (act_q | byp_q);
    assign idle_o = !act_q;
  end else begin : g_no_gate
    assign clk_o  = clk_i;
    assign idle_o = 1'b0;
    logic unused_gate;
    assign unused_gate = rst_ni ^ wake_i ^ bypass_i;
  end

endmodule
