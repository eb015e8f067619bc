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
  output logic [7:0]  a_latency_o,
  // the chain tmu_persp -> tmu_lod -> tmu_addr under one enable: each stage's other inputs
  // travel along in en-gated delay lines as long as the stages before it
  input  logic        c_en_i,
  input  logic        c_valid_i,
  input  logic [31:0] c_uq_i,
  input  logic [31:0] c_vq_i,
  input  logic [31:0] c_q_i,
  input  logic [22:0] c_k0ux_i,
  input  logic [22:0] c_k0uy_i,
  input  logic [22:0] c_k0vx_i,
  input  logic [22:0] c_k0vy_i,
  input  logic [12:0] c_k1u_i,
  input  logic [12:0] c_k1v_i,
  input  logic [5:0]  c_lod_shift_i,
  input  logic [9:0]  c_x_i,
  input  logic [9:0]  c_y_i,
  input  logic [3:0]  c_wl_i,
  input  logic [3:0]  c_hl_i,
  input  logic [3:0]  c_levels_i,
  input  logic [7:0]  c_bias_i,
  input  logic [1:0]  c_format_i,
  input  logic [1:0]  c_wrap_u_i,
  input  logic [1:0]  c_wrap_v_i,
  input  logic [gpu_pkg::MEM_AW-1:0] c_base_i,
  output logic        c_valid_o,
  output logic [3:0]  c_level_o,
  output logic        c_zero_o,
  output logic [gpu_pkg::MEM_AW-1:0] c_block_addr_o,
  output logic [3:0]  c_texel_o,
  output logic [4:0]  c_set_o,
  output logic [7:0]  c_latency_o
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

  // ---- the chain ----
  // the stages' Latency (a constant cannot name another module's parameter here); the C++
  // side checks that c_latency_o equals the sum the three separate instances report
  localparam int unsigned PL = 7, LL = 11, AL = 6;
  localparam int unsigned LodW = 4*23 + 2*13 + 6 + 10 + 10 + 4 + 4 + 4 + 8;  // tmu_lod's inputs but qc
  localparam int unsigned StW = 2 + 4 + 4 + 2 + 2 + gpu_pkg::MEM_AW;      // tmu_addr's state
  localparam int unsigned AddrW = StW + 49 + 49 + 5;                        // + tmu_persp's part

  logic [LodW-1:0] c_lod_in, c_lod_dl_q [PL];    // tmu_lod's inputs, PL stages
  logic [StW-1:0]  c_st_in, c_st_dl_q [PL];      // tmu_addr's state, PL stages
  logic [AddrW-1:0] c_addr_dl_q [LL];            // tmu_addr's inputs but level, LL more stages
  logic            c_pv, c_lv;
  logic [30:0]     c_qc;
  logic [4:0]      c_k;
  logic [16:0]     c_m;
  logic [17:0]     c_r;
  logic [48:0]     c_pu, c_pvv;
  logic [3:0]      c_lvl;

  assign c_lod_in = {c_k0ux_i, c_k0uy_i, c_k0vx_i, c_k0vy_i, c_k1u_i, c_k1v_i, c_lod_shift_i, c_x_i,
                     c_y_i, c_wl_i, c_hl_i, c_levels_i, c_bias_i};
  assign c_st_in  = {c_format_i, c_wl_i, c_hl_i, c_wrap_u_i, c_wrap_v_i, c_base_i};

  always_ff @(posedge clk_i) begin
    if (c_en_i) begin
      c_lod_dl_q[0] <= c_lod_in;
      c_st_dl_q[0]  <= c_st_in;
      for (int i = 1; i < PL; i++) begin
        c_lod_dl_q[i] <= c_lod_dl_q[i-1];
        c_st_dl_q[i]  <= c_st_dl_q[i-1];
      end
      c_addr_dl_q[0] <= {c_st_dl_q[PL-1], c_pu, c_pvv, c_k};
      for (int i = 1; i < LL; i++) begin
        c_addr_dl_q[i] <= c_addr_dl_q[i-1];
      end
    end
  end

  tmu_persp u_c_persp (
    .clk_i, .rst_ni, .en_i(c_en_i), .valid_i(c_valid_i), .uq_i(c_uq_i), .vq_i(c_vq_i), .q_i(c_q_i),
    .valid_o(c_pv), .qc_o(c_qc), .k_o(c_k), .m_o(c_m), .r_o(c_r), .pu_o(c_pu), .pv_o(c_pvv)
  );

  logic [22:0] c_l_k0ux, c_l_k0uy, c_l_k0vx, c_l_k0vy;
  logic [12:0] c_l_k1u, c_l_k1v;
  logic [5:0]  c_l_s;
  logic [9:0]  c_l_x, c_l_y;
  logic [3:0]  c_l_wl, c_l_hl, c_l_levels;
  logic [7:0]  c_l_bias;
  assign {c_l_k0ux, c_l_k0uy, c_l_k0vx, c_l_k0vy, c_l_k1u, c_l_k1v, c_l_s, c_l_x, c_l_y, c_l_wl, c_l_hl,
          c_l_levels, c_l_bias} = c_lod_dl_q[PL-1];

  tmu_lod u_c_lod (
    .clk_i, .rst_ni, .en_i(c_en_i), .valid_i(c_pv), .k0ux_i(c_l_k0ux), .k0uy_i(c_l_k0uy),
    .k0vx_i(c_l_k0vx), .k0vy_i(c_l_k0vy), .k1u_i(c_l_k1u), .k1v_i(c_l_k1v), .lod_shift_i(c_l_s),
    .wl_i(c_l_wl), .hl_i(c_l_hl), .levels_i(c_l_levels), .bias_i(c_l_bias), .x_i(c_l_x),
    .y_i(c_l_y), .qc_i(c_qc), .valid_o(c_lv), .level_o(c_lvl)
  );

  logic [1:0]  c_a_fmt, c_a_wru, c_a_wrv;
  logic [3:0]  c_a_wl, c_a_hl;
  logic [gpu_pkg::MEM_AW-1:0] c_a_base;
  logic [48:0] c_a_pu, c_a_pv;
  logic [4:0]  c_a_k;
  assign {c_a_fmt, c_a_wl, c_a_hl, c_a_wru, c_a_wrv, c_a_base, c_a_pu, c_a_pv, c_a_k} = c_addr_dl_q[LL-1];

  tmu_addr #(.AddrW(gpu_pkg::MEM_AW)) u_c_addr (
    .clk_i, .rst_ni, .en_i(c_en_i), .valid_i(c_lv), .format_i(c_a_fmt), .wl_i(c_a_wl),
    .hl_i(c_a_hl), .wrap_u_i(c_a_wru), .wrap_v_i(c_a_wrv), .base_i(c_a_base), .pu_i(c_a_pu),
    .pv_i(c_a_pv), .k_i(c_a_k), .level_i(c_lvl), .valid_o(c_valid_o), .zero_o(c_zero_o),
    .block_addr_o(c_block_addr_o), .texel_o(c_texel_o), .set_o(c_set_o)
  );

  // the level alongside tmu_addr
  logic [3:0] c_lvl_dl_q [AL];
  always_ff @(posedge clk_i) begin
    if (c_en_i) begin
      c_lvl_dl_q[0] <= c_lvl;
      for (int i = 1; i < AL; i++) begin
        c_lvl_dl_q[i] <= c_lvl_dl_q[i-1];
      end
    end
  end
  assign c_level_o   = c_lvl_dl_q[AL-1];
  assign c_latency_o = 8'(PL + LL + AL);
endmodule
