// raster_planes: N plane values stepped with the bbox walk, the one mechanism behind
// raster_interp (the attribute planes) and raster_texstep (the texture-coordinate planes).
// C mirrors: sw/model/raster_interp.c (stepping), tmu_plane_eval() in sw/model/tmu_persp.c.
//
// Per plane: a row-start value and a pixel value, modulo 2^W, driven by raster_walk's load,
// enable and select flip-flops exactly as its edge values:
//   load                 row = c,       pix = c
//   row step (sel_row)   row = row + gy, pix = row + gy     (enables enrow_i and en_i)
//   pixel step           pix = pix + gx                     (enable en_i)
// P = c + gx*X + gy*Y at every pixel (any walk order gives the same bits), so the walker's
// early row exit changes nothing. Cost per plane: 4 x W flip-flops, two W-bit adders.
// Out: p_o, the pixel values, straight from the registers. Reset: all zero.
module raster_planes #(
  parameter int unsigned N = 1,   // planes
  parameter int unsigned W = 32   // bits per value (modulo 2^W)
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic load_i,            // take c, gx, gy (the walker's load_q)
  input  logic en_i,              // step or load this cycle (en_q)
  input  logic enrow_i,           // row step or load (enrow_q)
  input  logic sel_row_i,         // the step is a row step (sel_row_q)
  input  logic [N-1:0][W-1:0] c_i,
  input  logic [N-1:0][W-1:0] gx_i,
  input  logic [N-1:0][W-1:0] gy_i,
  output logic [N-1:0][W-1:0] p_o
);
  logic [N-1:0][W-1:0] gx_q, gy_q, row_q, pix_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      gx_q <= '0; gy_q <= '0; row_q <= '0; pix_q <= '0;
    end else begin
      for (int j = 0; j < int'(N); j++) begin
        if (load_i) begin
          gx_q[j]  <= gx_i[j];
          gy_q[j]  <= gy_i[j];
          row_q[j] <= c_i[j];
          pix_q[j] <= c_i[j];
        end else begin
          if (enrow_i) row_q[j] <= row_q[j] + gy_q[j];
          if (en_i)    pix_q[j] <= sel_row_i ? row_q[j] + gy_q[j] : pix_q[j] + gx_q[j];
        end
      end
    end
  end

  assign p_o = pix_q;
endmodule
