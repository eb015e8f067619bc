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
  output logic [7:0]  p_latency_o
);
  tmu_persp u_persp (
    .clk_i, .rst_ni, .en_i(p_en_i), .valid_i(p_valid_i), .uq_i(p_uq_i), .vq_i(p_vq_i), .q_i(p_q_i),
    .valid_o(p_valid_o), .qc_o(p_qc_o), .k_o(p_k_o), .m_o(p_m_o), .r_o(p_r_o), .pu_o(p_pu_o),
    .pv_o(p_pv_o)
  );
  assign p_latency_o = 8'(u_persp.Latency);
endmodule
