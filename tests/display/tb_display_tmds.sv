// tb_display_tmds: three display_tmds_enc channels as display_top uses them (0 blue, 1 green,
// 2 red: one DE, a data byte and {C1, C0} each), one clock and reset.
// tests/display/tb_display_tmds.cpp drives them and checks every symbol against
// sim/display/tmds.c.
module tb_display_tmds (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       de_i,
  input  logic [7:0] data0_i,
  input  logic [7:0] data1_i,
  input  logic [7:0] data2_i,
  input  logic [1:0] ctrl0_i,
  input  logic [1:0] ctrl1_i,
  input  logic [1:0] ctrl2_i,
  output logic [9:0] sym0_o,
  output logic [9:0] sym1_o,
  output logic [9:0] sym2_o
);
  display_tmds_enc u_ch0 (
    .clk_i, .rst_ni, .de_i, .data_i (data0_i), .ctrl_i (ctrl0_i), .sym_o (sym0_o)
  );
  display_tmds_enc u_ch1 (
    .clk_i, .rst_ni, .de_i, .data_i (data1_i), .ctrl_i (ctrl1_i), .sym_o (sym1_o)
  );
  display_tmds_enc u_ch2 (
    .clk_i, .rst_ni, .de_i, .data_i (data2_i), .ctrl_i (ctrl2_i), .sym_o (sym2_o)
  );
endmodule
