// tb_tmu_datapath: the texture datapath stages of rtl/tex/ (tmu_persp, tmu_lod, tmu_addr),
// each with its own advance enable and valid, driven by tb_tmu_datapath.cpp, which compares
// every output with the C function of sw/model/tmu_*.c that specifies it. Ports are prefixed
// by stage: p_ tmu_persp, l_ tmu_lod, a_ tmu_addr; *_latency_o report each module's Latency.
module tb_tmu_datapath (
  input  logic        clk_i,
  input  logic        rst_ni,
  // tmu_persp
  input  logic        p_en_i,
  input  logic        p_valid_i,
  input  logic [31:0] p_uq_i,
  input  logic [31:0] p_vq_i,
  input  logic [31:0] p_q_i,
  output logic        p_valid_o,
  output logic [30:0] p_qc_o,
  output logic [4:0]  p_k_o,
  output logic [16:0] p_m_o,
  output logic [17:0] p_r_o,
  output logic [48:0] p_pu_o,
  output logic [48:0] p_pv_o,
  output logic [7:0]  p_latency_o,
  // tmu_lod
  input  logic        l_en_i,
  input  logic        l_valid_i,
  input  logic [22:0] l_k0ux_i,
  input  logic [22:0] l_k0uy_i,
  input  logic [22:0] l_k0vx_i,
  input  logic [22:0] l_k0vy_i,
  input  logic [12:0] l_k1u_i,
  input  logic [12:0] l_k1v_i,
  input  logic [5:0]  l_lod_shift_i,
  input  logic [3:0]  l_wl_i,
  input  logic [3:0]  l_hl_i,
  input  logic [3:0]  l_levels_i,
  input  logic [7:0]  l_bias_i,
  input  logic [9:0]  l_x_i,
  input  logic [9:0]  l_y_i,
  input  logic [30:0] l_qc_i,
  output logic        l_valid_o,
  output logic [3:0]  l_level_o,
  output logic [7:0]  l_latency_o,
  // tmu_addr
  input  logic        a_en_i,
  input  logic        a_valid_i,
  input  logic [1:0]  a_format_i,
  input  logic [3:0]  a_wl_i,
  input  logic [3:0]  a_hl_i,
  input  logic [1:0]  a_wrap_u_i,
  input  logic [1:0]  a_wrap_v_i,
  input  logic [gpu_pkg::MEM_AW-1:0] a_base_i,
  input  logic [48:0] a_pu_i,
  input  logic [48:0] a_pv_i,
  input  logic [4:0]  a_k_i,
  input  logic [3:0]  a_level_i,
  output logic        a_valid_o,
  output logic        a_zero_o,
  output logic [gpu_pkg::MEM_AW-1:0] a_block_addr_o,
  output logic [3:0]  a_texel_o,
  output logic [4:0]  a_set_o,
  output logic [7:0]  a_latency_o
);
  tmu_persp u_persp (
    .clk_i, .rst_ni, .en_i(p_en_i), .valid_i(p_valid_i), .uq_i(p_uq_i), .vq_i(p_vq_i), .q_i(p_q_i),
    .valid_o(p_valid_o), .qc_o(p_qc_o), .k_o(p_k_o), .m_o(p_m_o), .r_o(p_r_o), .pu_o(p_pu_o),
    .pv_o(p_pv_o)
  );
  assign p_latency_o = 8'(u_persp.Latency);

  tmu_lod u_lod (
    .clk_i, .rst_ni, .en_i(l_en_i), .valid_i(l_valid_i), .k0ux_i(l_k0ux_i), .k0uy_i(l_k0uy_i),
    .k0vx_i(l_k0vx_i), .k0vy_i(l_k0vy_i), .k1u_i(l_k1u_i), .k1v_i(l_k1v_i),
    .lod_shift_i(l_lod_shift_i), .wl_i(l_wl_i), .hl_i(l_hl_i), .levels_i(l_levels_i),
    .bias_i(l_bias_i), .x_i(l_x_i), .y_i(l_y_i), .qc_i(l_qc_i), .valid_o(l_valid_o),
    .level_o(l_level_o)
  );
  assign l_latency_o = 8'(u_lod.Latency);

  tmu_addr #(.AddrW(gpu_pkg::MEM_AW)) u_addr (
    .clk_i, .rst_ni, .en_i(a_en_i), .valid_i(a_valid_i), .format_i(a_format_i), .wl_i(a_wl_i),
    .hl_i(a_hl_i), .wrap_u_i(a_wrap_u_i), .wrap_v_i(a_wrap_v_i), .base_i(a_base_i), .pu_i(a_pu_i),
    .pv_i(a_pv_i), .k_i(a_k_i), .level_i(a_level_i), .valid_o(a_valid_o), .zero_o(a_zero_o),
    .block_addr_o(a_block_addr_o), .texel_o(a_texel_o), .set_o(a_set_o)
  );
  assign a_latency_o = 8'(u_addr.Latency);
endmodule
