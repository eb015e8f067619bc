// raster_texstep: the texture-coordinate planes of the current pixel, stepped with the walk
// (docs/spec-decisions.md "Texture-coordinate planes"). C mirror: tmu_plane_eval() in
// sw/model/tmu_persp.c, P(X, Y) = c + gx*X + gy*Y mod 2^32, which stepping reproduces exactly
// (the sum is taken modulo 2^32 either way, so any walk order gives the same bits).
//
// Per unit n and coordinate j (UQ, VQ, Q): a row-start value and a pixel value, stepped by
// raster_planes (shared with raster_interp) with raster_walk's load, enable and select
// flip-flops exactly as its edge values.
// The walker's early row exit only skips pixels: the next row starts from the row register, so
// the values stay those of the current pixel. Every unit is stepped; the texture stage uses the
// enabled ones (a disabled unit's planes are whatever tmu_setup's registers hold).
// Width: gpu_pkg::TEX_PLANE_W (29) bits, modulo 2^29: the planes' low bits, which are the whole
// value at every covered pixel (|P| < 2^27 + 560 there; read as signed by the texture stage).
// Cost: 12 x (2 x 29) flip-flops of values and 12 x (2 x 29) of steps, 12 29-bit adders (one per plane, raster_planes).
module raster_texstep (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic stage_i,       // stage the start values (the walker is idle: raster_planes)
  input  logic load_i,        // take the planes (the walker's load_q)
  input  logic en_i,          // step or load this cycle (en_q)
  input  logic enrow_i,       // the row start moves (enrow_q)
  input  logic sel_row_i,     // the step is a row step (sel_row_q)
  input  logic left_i,        // the pixel step goes left (left_q)
  input  gpu_pkg::tex_planes_t planes_i,   // held from stage_i to load_i
  output logic [gpu_pkg::TEX_UNITS-1:0][2:0][gpu_pkg::TEX_PLANE_W-1:0] p_o  // values at the current pixel
);
  localparam int unsigned U = gpu_pkg::TEX_UNITS;
  localparam int unsigned W = gpu_pkg::TEX_PLANE_W;
  logic [3*U-1:0][W-1:0] c, gx, gy, p;   // plane 3n + j: unit n, coordinate j

  always_comb begin
    for (int n = 0; n < int'(U); n++) begin
      for (int j = 0; j < 3; j++) begin
        c[3*n + j]  = planes_i.c[n][j][W-1:0];
        gx[3*n + j] = planes_i.gx[n][j][W-1:0];
        gy[3*n + j] = planes_i.gy[n][j][W-1:0];
      end
    end
  end

  raster_planes #(.N(3 * U), .W(W)) u_planes (
    .clk_i (clk_i), .rst_ni (rst_ni), .stage_i (stage_i), .load_i (load_i), .en_i (en_i), .enrow_i (enrow_i),
    .sel_row_i (sel_row_i), .left_i (left_i), .c_i (c), .gx_i (gx), .gy_i (gy), .p_o (p)
  );
  assign p_o = p;

  logic unused_planes;   // the planes' bits above W (modulo 2^W is enough, see above)
  always_comb begin
    unused_planes = ^{planes_i.en_mask, planes_i.lod_idx};
    for (int n = 0; n < int'(U); n++) begin
      for (int j = 0; j < 3; j++) begin
        unused_planes ^= ^{planes_i.c[n][j][31:W], planes_i.gx[n][j][31:W], planes_i.gy[n][j][31:W]};
      end
    end
  end
endmodule
