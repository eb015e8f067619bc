// c108_wrap: the colour functions of gpu_pkg (c108_mul, c108_round, c108_add, c108_sub,
// c108_inv, c108_from8) as a combinational module, for tests/core/test_c108.cpp, which compares
// them with sw/model/color108.h. Test-only (not in rtl/).
module c108_wrap (
  input  logic [17:0] x_i,
  input  logic [17:0] y_i,
  input  logic [35:0] t_i,
  input  logic [7:0]  c8_i,
  output logic [17:0] mul_o,
  output logic [17:0] round_o,
  output logic [17:0] add_o,
  output logic [17:0] sub_o,
  output logic [17:0] inv_o,
  output logic [17:0] from8_o
);
  assign mul_o   = gpu_pkg::c108_mul(x_i, y_i);
  assign round_o = gpu_pkg::c108_round(t_i);
  assign add_o   = gpu_pkg::c108_add(x_i, y_i);
  assign sub_o   = gpu_pkg::c108_sub(x_i, y_i);
  assign inv_o   = gpu_pkg::c108_inv(x_i);
  assign from8_o = gpu_pkg::c108_from8(c8_i);
endmodule
