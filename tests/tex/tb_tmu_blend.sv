// tb_tmu_blend: rtl/tex/tmu_blend.sv driven by tb_tmu_blend.cpp, which checks every fragment's
// colour against the C model's tmu_promote(), tmu_blend() and tmu_modulate()
// (sw/model/tmu_blend.c). A thin wrapper: the same ports with the colours as flat vectors, and
// sim/common/stream_checker.sv on the output link (valid held until the transfer, colour
// stable while it waits).
module tb_tmu_blend (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        slot_valid_i,
  output logic        slot_ready_o,
  input  logic        first_i,
  input  logic        last_i,
  input  logic [1:0]  func_i,
  input  logic [31:0] texel_i,
  input  logic        gouraud_i,
  input  logic [71:0] vcolor_i,     // {A, B, G, R}, 18 bits each (gpu_pkg::color108_t)
  output logic        frag_valid_o,
  input  logic        frag_ready_i,
  output logic [71:0] color_o,
  output logic        busy_o
);
  gpu_pkg::color108_t vcolor, color;
  assign vcolor  = vcolor_i;
  assign color_o = color;

  tmu_blend u_dut (
    .clk_i,
    .rst_ni,
    .slot_valid_i,
    .slot_ready_o,
    .first_i,
    .last_i,
    .func_i,
    .texel_i,
    .gouraud_i,
    .vcolor_i (vcolor),
    .frag_valid_o,
    .frag_ready_i,
    .color_o  (color),
    .busy_o
  );

  stream_checker #(.Name("tmu_blend -> fragment"), .Pw(72)) u_chk (
    .clk_i,
    .rst_ni,
    .valid_i   (frag_valid_o),
    .ready_i   (frag_ready_i),
    .payload_i (color_o)
  );
endmodule
