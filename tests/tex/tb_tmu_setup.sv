// tb_tmu_setup: rtl/tex/tmu_setup.sv driven by tb_tmu_setup.cpp, which compares every output
// field with the C model's raster_setup() (its attribute planes, and tmu_setup() in
// sw/model/tmu_setup.c for the texture planes).
// A thin wrapper: the same ports, plus a free-running cycle counter for the latency report.
module tb_tmu_setup (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        in_valid_i,
  output logic        in_ready_o,
  input  logic        need_z_i,
  input  logic        need_c_i,
  input  logic [24:0] z0_i,
  input  logic [24:0] z1_i,
  input  logic [24:0] z2_i,
  input  logic [31:0] col0_i,
  input  logic [31:0] col1_i,
  input  logic [31:0] col2_i,
  input  logic [3:0]  en_mask_i,
  input  logic [3:0][47:0] uv0_i,
  input  logic [3:0][47:0] uv1_i,
  input  logic [3:0][47:0] uv2_i,
  input  logic        swap_i,
  input  logic [35:0] area_i,
  input  logic [34:0] wraw1_i,
  input  logic [34:0] wraw2_i,
  input  logic [23:0] wx1_i,
  input  logic [23:0] wx2_i,
  input  logic [23:0] wy1_i,
  input  logic [23:0] wy2_i,
  output logic        out_valid_o,
  input  logic        out_ready_i,
  output logic [3:0]  en_mask_o,
  output logic [4:0][36:0] at_c_o,
  output logic [4:0][36:0] at_gx_o,
  output logic [4:0][36:0] at_gy_o,
  output logic [3:0][31:0] uq_c_o, uq_gx_o, uq_gy_o,
  output logic [3:0][31:0] vq_c_o, vq_gx_o, vq_gy_o,
  output logic [3:0][31:0] q_c_o,  q_gx_o,  q_gy_o,
  input  logic [6:0]  lod_idx_i,
  output logic        lod_we_o,
  output logic [8:0]  lod_waddr_o,
  output logic [123:0] lod_wdata_o,
  output logic [31:0] cycle_o
);
  tmu_setup #(.IdxW(7)) u_dut (.*);

  logic [31:0] cycle_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) cycle_q <= '0;
    else         cycle_q <= cycle_q + 32'd1;
  end
  assign cycle_o = cycle_q;
endmodule
