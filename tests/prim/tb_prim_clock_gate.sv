// tb_prim_clock_gate: prim_clock_gate with Linger 1 and 8 and without a gate (Enable = 0), one
// wake and one bypass input; each gated clock counts its own rising edges
// (tests/prim/tb_prim_clock_gate.cpp checks the counts and idle_o against a reference every cycle).
module tb_prim_clock_gate (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       wake_i,
  input  logic       bypass_i,
  output logic [7:0] n1_o,     // edges of the Linger = 1 clock
  output logic [7:0] n8_o,     // edges of the Linger = 8 clock
  output logic [7:0] n0_o,     // edges of the ungated (Enable = 0) clock
  output logic       idle1_o,
  output logic       idle8_o,
  output logic       idle0_o
);
  logic clk1, clk8, clk0;
  prim_clock_gate #(.Linger(1)) u_g1 (.clk_i, .rst_ni, .wake_i, .bypass_i, .clk_o (clk1), .idle_o (idle1_o));
  prim_clock_gate #(.Linger(8)) u_g8 (.clk_i, .rst_ni, .wake_i, .bypass_i, .clk_o (clk8), .idle_o (idle8_o));
  prim_clock_gate #(.Enable(1'b0)) u_g0 (.clk_i, .rst_ni, .wake_i, .bypass_i, .clk_o (clk0), .idle_o (idle0_o));

  always_ff @(posedge clk1 or negedge rst_ni) if (!rst_ni) n1_o <= '0; else n1_o <= n1_o + 8'd1;
  always_ff @(posedge clk8 or negedge rst_ni) if (!rst_ni) n8_o <= '0; else n8_o <= n8_o + 8'd1;
  always_ff @(posedge clk0 or negedge rst_ni) if (!rst_ni) n0_o <= '0; else n0_o <= n0_o + 8'd1;
endmodule
