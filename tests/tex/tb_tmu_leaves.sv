// tb_tmu_leaves: the leaf modules of rtl/tex/ side by side, driven by tb_tmu_leaves.cpp, which
// compares each against the C function of sw/model/tmu_*.c that specifies it.
module tb_tmu_leaves (
  input  logic        clk_i,
  input  logic        rst_ni,
  // tmu_decode_rgba4444
  input  logic [15:0] t4444_i,
  output logic [31:0] t4444_o,
  // tmu_decode_bc1
  input  logic [15:0] c0_i,
  input  logic [15:0] c1_i,
  input  logic [1:0]  idx_i,
  output logic [31:0] bc1_o,
  // tmu_bc1_palette
  input  logic [15:0] pal_c0_i,
  input  logic [15:0] pal_c1_i,
  output logic [127:0] pal_o,
  // tmu_swizzle
  input  logic [31:0] swz_i,
  input  logic [3:0]  swz_code_i,
  output logic [31:0] swz_o,
  // tmu_recip
  input  logic        rcp_valid_i,
  input  logic [15:0] rcp_f_i,
  output logic        rcp_valid_o,
  output logic [17:0] rcp_r_o,
  // tmu_wrap
  input  logic [10:0] wrap_lo_i,
  input  logic        wrap_neg_i,
  input  logic        wrap_big_i,
  input  logic [3:0]  wrap_w_i,
  input  logic [1:0]  wrap_mode_i,
  output logic [9:0]  wrap_o,
  output logic        wrap_zero_o
);
  tmu_decode_rgba4444 u_4444 (.texel_i(t4444_i), .rgba_o(t4444_o));
  tmu_decode_bc1 u_bc1 (.c0_i, .c1_i, .idx_i, .rgba_o(bc1_o));
  tmu_bc1_palette u_bc1pal (.c0_i(pal_c0_i), .c1_i(pal_c1_i), .pal_o);
  tmu_swizzle u_swz (.rgba_i(swz_i), .code_i(swz_code_i), .rgba_o(swz_o));
  tmu_recip u_rcp (.clk_i, .rst_ni, .en_i(1'b1), .valid_i(rcp_valid_i), .f_i(rcp_f_i), .valid_o(rcp_valid_o), .r_o(rcp_r_o));
  tmu_wrap u_wrap (.lo_i(wrap_lo_i), .neg_i(wrap_neg_i), .big_i(wrap_big_i), .w_i(wrap_w_i), .mode_i(wrap_mode_i), .o_o(wrap_o), .zero_o(wrap_zero_o));
endmodule
