// raster_interp: per-pixel attribute planes for the bbox walk (UNIT-005; docs/spec-decisions.md
// "Attribute interpolation"). C mirror: sw/model/raster_interp.c.
//
// Holds, for every attribute plane gpu_pkg::ATTR_* of the setup record, the plane value P of the
// current pixel and of its row start, modulo 2^ATTR_PLANE_W, stepped as the walker moves:
//   load                 row = c,       pix = c
//   row step (sel_row)   row = row + gy, pix = row + gy     (enables enrow_i and en_i)
//   pixel step           pix = pix + gx                     (enable en_i)
// P is c + gx*X + gy*Y at every pixel (any walk order gives the same bits), so the walker's
// early row exit changes nothing. The attribute is P >> 12: Z is P[36:12], a colour channel
// P[19:12] (the colour planes' upper bits feed nothing; synthesis drops them).
// Control: raster_walk's step flip-flops, used as they are (no logic in front of the enables):
//   load_i     take the planes from attr_i
//   en_i       update the pixel values this cycle (a pixel step, a row step or the load)
//   enrow_i    update the row-start values this cycle (a row step or the load)
//   sel_row_i  the update is a row step (else a pixel step); ignored during a load
// One adder per value and step. Out: z_o and color_o of the current pixel, straight from the
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

  logic [AttrN-1:0][W-1:0] gx_q, gy_q, row_q, pix_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      gx_q <= '0; gy_q <= '0; row_q <= '0; pix_q <= '0;
    end else begin
      for (int j = 0; j < int'(AttrN); j++) begin
        if (load_i) begin
          gx_q[j]  <= attr_i.gx[j];
          gy_q[j]  <= attr_i.gy[j];
          row_q[j] <= attr_i.c[j];
          pix_q[j] <= attr_i.c[j];
        end else begin
          if (enrow_i) row_q[j] <= row_q[j] + gy_q[j];
          if (en_i)    pix_q[j] <= sel_row_i ? row_q[j] + gy_q[j] : pix_q[j] + gx_q[j];
        end
      end
    end
  end

  assign z_o     = pix_q[gpu_pkg::ATTR_Z][36:12];
  assign color_o = {pix_q[gpu_pkg::ATTR_A][19:12], pix_q[gpu_pkg::ATTR_B][19:12],
                    pix_q[gpu_pkg::ATTR_G][19:12], pix_q[gpu_pkg::ATTR_R][19:12]};


endmodule
