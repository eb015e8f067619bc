// raster_interp: per-pixel attribute planes for the bbox walk (UNIT-005; docs/spec-decisions.md
// "Attribute interpolation"). C mirror: sw/model/raster_interp.c.
//
// Holds, for every attribute plane gpu_pkg::ATTR_* of the setup record, the plane value P of the
// current pixel and of its row start, modulo 2^ATTR_PLANE_W, stepped as the walker moves
// (raster_planes, shared with raster_texstep). The attribute is P >> 12: Z is P[36:12], a colour channel
// P[19:12], so the colour planes are stepped modulo 2^20 (their upper bits feed only
// themselves: the flattened board build removed them already, a per-module synthesis does not;
// the width now says so in either flow).
// Control: raster_walk's step flip-flops, used as they are (no logic in front of the enables):
//   stage_i    copy the start values of attr_i (the walker is idle; raster_planes' two-step load)
//   load_i     take the planes (the start values as staged the cycle before)
//   en_i       update the pixel values this cycle (a pixel step, a row step or the load)
//   enrow_i    update the row-start values this cycle (a row step, the load, or a pixel
//              step taking the row entry along)
//   sel_row_i  the update is a row step (else a pixel step); ignored during a load
//   left_i     the pixel step goes left (x - 1)
// One adder per plane (raster_planes). Out: z_o and color_o of the current pixel, straight from the
// registers (no logic), valid whenever the walker's position is. Reset: all zero.
module raster_interp (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic                 stage_i,
  input  logic                 load_i,
  input  logic                 en_i,
  input  logic                 enrow_i,
  input  logic                 sel_row_i,
  input  logic                 left_i,
  input  gpu_pkg::setup_attr_t attr_i,     // planes of the setup record, held from stage_i to load_i

  output gpu_pkg::z25_t        z_o,        // P[36:12] of ATTR_Z
  output gpu_pkg::rgba8_t      color_o     // P[19:12] of ATTR_R, ATTR_G, ATTR_B, ATTR_A
);
  localparam int unsigned AttrN = gpu_pkg::ATTR_N;
  localparam int unsigned W     = gpu_pkg::ATTR_PLANE_W;
  localparam int unsigned CW    = 20;   // colour planes: P[19:12] needs P mod 2^20 only

  // Z at full width; R, G, B, A modulo 2^20 (the low bits of a sum depend on the low bits of
  // its terms only, so these are the same bits as the 37-bit values')
  logic [W-1:0] pz;
  logic [AttrN-2:0][CW-1:0] pc, cc, cgx, cgy;
  always_comb begin
    for (int j = 1; j < int'(AttrN); j++) begin
      cc[j-1]  = attr_i.c[j][CW-1:0];
      cgx[j-1] = attr_i.gx[j][CW-1:0];
      cgy[j-1] = attr_i.gy[j][CW-1:0];
    end
  end
  raster_planes #(.N(1), .W(W)) u_planes_z (
    .clk_i (clk_i), .rst_ni (rst_ni), .stage_i (stage_i), .load_i (load_i), .en_i (en_i), .enrow_i (enrow_i),
    .sel_row_i (sel_row_i), .left_i (left_i), .c_i (attr_i.c[gpu_pkg::ATTR_Z]), .gx_i (attr_i.gx[gpu_pkg::ATTR_Z]),
    .gy_i (attr_i.gy[gpu_pkg::ATTR_Z]), .p_o (pz)
  );
  raster_planes #(.N(AttrN - 1), .W(CW)) u_planes_c (
    .clk_i (clk_i), .rst_ni (rst_ni), .stage_i (stage_i), .load_i (load_i), .en_i (en_i), .enrow_i (enrow_i),
    .sel_row_i (sel_row_i), .left_i (left_i), .c_i (cc), .gx_i (cgx), .gy_i (cgy), .p_o (pc)
  );

  assign z_o     = pz[36:12];
  assign color_o = {pc[gpu_pkg::ATTR_A-1][19:12], pc[gpu_pkg::ATTR_B-1][19:12],
                    pc[gpu_pkg::ATTR_G-1][19:12], pc[gpu_pkg::ATTR_R-1][19:12]};

  logic unused_p;   // the fraction bits, and the colour planes' bits above 19
  always_comb begin
    unused_p = ^pz[11:0];
    for (int j = 0; j < int'(AttrN) - 1; j++) unused_p ^= ^pc[j][11:0];
    for (int j = 1; j < int'(AttrN); j++) begin
      unused_p ^= ^{attr_i.c[j][W-1:CW], attr_i.gx[j][W-1:CW], attr_i.gy[j][W-1:CW]};
    end
  end
endmodule
