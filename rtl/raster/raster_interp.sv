// raster_interp: per-pixel attribute planes for the bbox walk (UNIT-005; docs/spec-decisions.md
// "Attribute interpolation"). C mirror: sw/model/raster_interp.c.
//
// Holds, for every attribute plane gpu_pkg::ATTR_* of the setup record, the plane value P of the
// current pixel and of its row start, modulo 2^ATTR_PLANE_W, stepped as the walker moves
// (raster_planes, shared with raster_texstep). The attribute is P >> 12: Z is P[36:12], a colour channel
// P[19:12] (the colour planes' upper bits feed nothing; synthesis drops them).
// Control: raster_walk's step flip-flops, used as they are (no logic in front of the enables):
//   load_i     take the planes from attr_i
//   en_i       update the pixel values this cycle (a pixel step, a row step or the load)
//   enrow_i    update the row-start values this cycle (a row step or the load)
//   sel_row_i  the update is a row step (else a pixel step); ignored during a load
// One adder per plane (raster_planes). Out: z_o and color_o of the current pixel, straight from the
// registers (no logic), valid whenever the walker's position is. Reset: all zero.
module raster_interp (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic                 load_i,
  input  logic                 en_i,
  input  logic                 enrow_i,
  input  logic                 sel_row_i,
  input  gpu_pkg::setup_attr_t attr_i,     // planes of the setup record, sampled at load_i

  output gpu_pkg::z25_t        z_o,        // P[36:12] of ATTR_Z
  output gpu_pkg::rgba8_t      color_o     // P[19:12] of ATTR_R, ATTR_G, ATTR_B, ATTR_A
);
  localparam int unsigned AttrN = gpu_pkg::ATTR_N;
  localparam int unsigned W     = gpu_pkg::ATTR_PLANE_W;

  logic [AttrN-1:0][W-1:0] p;
  raster_planes #(.N(AttrN), .W(W)) u_planes (
    .clk_i (clk_i), .rst_ni (rst_ni), .load_i (load_i), .en_i (en_i), .enrow_i (enrow_i),
    .sel_row_i (sel_row_i), .c_i (attr_i.c), .gx_i (attr_i.gx), .gy_i (attr_i.gy), .p_o (p)
  );

  assign z_o     = p[gpu_pkg::ATTR_Z][36:12];
  assign color_o = {p[gpu_pkg::ATTR_A][19:12], p[gpu_pkg::ATTR_B][19:12],
                    p[gpu_pkg::ATTR_G][19:12], p[gpu_pkg::ATTR_R][19:12]};

  logic unused_p;   // the fraction bits, and the colour planes' bits above 19
  always_comb begin
    unused_p = ^p[gpu_pkg::ATTR_Z][11:0];
    for (int j = 1; j < int'(AttrN); j++) unused_p ^= ^{p[j][W-1:20], p[j][11:0]};
  end
endmodule
