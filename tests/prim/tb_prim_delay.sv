// tb_prim_delay: prim_delay at the delays the GPU uses (2, 7, 11, 24; 7 as flip-flops; 7 and 24 in block RAM), one input
// (tests/prim/tb_prim_delay.cpp drives random data and checks every output every cycle).
module tb_prim_delay (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [15:0] d_i,
  output logic [15:0] q2_o,
  output logic [15:0] q7_o,
  output logic [15:0] q11_o,
  output logic [15:0] q24_o,
  output logic [15:0] q7f_o,
  output logic [15:0] q7b_o,
  output logic [15:0] q24b_o
);
  prim_delay #(.Width(16), .Delay(2))  u_d2  (.clk_i, .rst_ni, .d_i, .q_o (q2_o));
  prim_delay #(.Width(16), .Delay(7))  u_d7  (.clk_i, .rst_ni, .d_i, .q_o (q7_o));
  prim_delay #(.Width(16), .Delay(11)) u_d11 (.clk_i, .rst_ni, .d_i, .q_o (q11_o));
  prim_delay #(.Width(16), .Delay(24)) u_d24 (.clk_i, .rst_ni, .d_i, .q_o (q24_o));
  prim_delay #(.Width(16), .Delay(7), .Flops(1'b1)) u_d7f (.clk_i, .rst_ni, .d_i, .q_o (q7f_o));
  prim_delay #(.Width(16), .Delay(7), .Bram(1'b1))  u_d7b (.clk_i, .rst_ni, .d_i, .q_o (q7b_o));
  prim_delay #(.Width(16), .Delay(24), .Bram(1'b1)) u_d24b (.clk_i, .rst_ni, .d_i, .q_o (q24b_o));
endmodule
