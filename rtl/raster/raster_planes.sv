// raster_planes: N plane values stepped with the bbox walk, the one mechanism behind
// raster_interp (the attribute planes) and raster_texstep (the texture-coordinate planes).
// C mirrors: sw/model/raster_interp.c (stepping), tmu_plane_eval() in sw/model/tmu_persp.c.
//
// Per plane: a row-start value and a pixel value, modulo 2^W, driven by raster_walk's load,
// enable and select flip-flops exactly as its edge values:
//   load                 row = c,        pix = c
//   row step (sel_row)   row = row + gy, pix = row + gy     (enables enrow_i and en_i)
//   pixel step right     pix = pix + gx                     (enable en_i)
//   pixel step left      pix = pix - gx                     (enable en_i, left_i)
// and a pixel step with enrow_i also moves the row start to the new pixel (row = pix +- gx:
// the walker's row entry follows the covered span, rtl/raster/README.md "Walk order").
// P = c + gx*X + gy*Y at every pixel (any walk order gives the same bits modulo 2^W), so where
// the walker goes changes nothing in the values.
// One adder per plane: a row step and a pixel step never happen in the same cycle, so both
// registers take the same next value under their own enables,
//   load ? c : (sel_row ? row : pix) + (sel_row ? gy : (left ? ~gx : gx)) + left
// (the left step's two's complement: the inverted step and a carry into the adder's extra low
// bit). Cost per plane: 5 x W flip-flops (with the staged start value below), one (W+1)-bit
// adder, and W-bit selects (two adder inputs, the load), the inversion folded into the
// step select's LUT.
// Load in two steps (timing): the start values c_i are copied into c_q in every cycle the
// walker is idle (stage_i: its own flip-flops, never a signal of the producer), and the load
// takes c_q; the setup record is held from set_valid until its load, so c_q holds it in the
// load cycle. The producer's registers (tmu_setup, across the die on the board) then reach only
// c_q, gx_q and gy_q, plain copies, and never the adder's carry chain (docs/synth.md).
// Out: p_o, the pixel values, straight from the registers. Reset: all zero.
module raster_planes #(
  parameter int unsigned N = 1,   // planes
  parameter int unsigned W = 32   // bits per value (modulo 2^W)
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic stage_i,           // copy c_i into c_q (the walker is idle, not loading)
  input  logic load_i,            // take c (copied the cycle before), gx, gy (the walker's load_q)
  input  logic en_i,              // step or load this cycle (en_q)
  input  logic enrow_i,           // row step or load (enrow_q); outside a load only with
                                  // sel_row_i and en_i
  input  logic sel_row_i,         // the step is a row step (sel_row_q)
  input  logic left_i,            // the pixel step goes left (never with sel_row_i)
  input  logic [N-1:0][W-1:0] c_i,
  input  logic [N-1:0][W-1:0] gx_i,
  input  logic [N-1:0][W-1:0] gy_i,
  output logic [N-1:0][W-1:0] p_o
);
  logic [N-1:0][W-1:0] c_q, gx_q, gy_q, row_q, pix_q, nxt;
  logic [N-1:0][W:0] sum;   // the extra low bit carries the left step's +1

  always_comb begin
    for (int j = 0; j < int'(N); j++) begin
      sum[j] = {sel_row_i ? row_q[j] : pix_q[j], 1'b1} +
               {sel_row_i ? gy_q[j] : (gx_q[j] ^ {W{left_i}}), left_i};
      if (load_i) nxt[j] = c_q[j];
      else        nxt[j] = sum[j][W:1];
    end
  end
  logic unused_sum;   // the extra bit itself
  always_comb begin
    unused_sum = 1'b0;
    for (int j = 0; j < int'(N); j++) unused_sum ^= sum[j][0];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      c_q <= '0; gx_q <= '0; gy_q <= '0; row_q <= '0; pix_q <= '0;
    end else begin
      if (stage_i) c_q <= c_i;
      if (load_i) begin
        gx_q <= gx_i;
        gy_q <= gy_i;
      end
      if (load_i || enrow_i) row_q <= nxt;
      if (load_i || en_i)    pix_q <= nxt;
    end
  end

  assign p_o = pix_q;
`ifndef SYNTHESIS
  // the shared adder relies on it: outside a load, the row start moves only with a step of the
  // pixel (a row step, or a pixel step that takes the row entry along), and left steps are
  // pixel steps
  a_enrow_with_step: assert property (@(posedge clk_i) disable iff (!rst_ni)
    (enrow_i && !load_i) |-> en_i);
  a_left_is_pixel_step: assert property (@(posedge clk_i) disable iff (!rst_ni)
    (left_i && en_i && !load_i) |-> !sel_row_i);
`ifdef TGPU_BEFORE_SIM_SPEED
  // (make bench's before build: the concurrent form, as written before the
  // simulation-speed rewrite, mk/core.mk)
  // the load takes what was staged the cycle before, and the producer still holds it
  a_load_after_stage: assert property (@(posedge clk_i) disable iff (!rst_ni)
    load_i |-> ($past(stage_i) && c_q == c_i));
`else
  // the load takes what was staged the cycle before, and the producer still holds it (an
  // immediate check at the edge: as a concurrent assertion, Verilator kept sampled copies of
  // the wide c_i and c_q at every evaluation)
  logic chk_stage_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      chk_stage_q <= 1'b0;
    end else begin
      chk_stage_q <= stage_i;
      if (load_i) begin
        a_load_after_stage: assert (chk_stage_q && c_q == c_i)
          else $error("a_load_after_stage: a load without the stage the cycle before, or its values moved");
      end
    end
  end
`endif
`endif
endmodule
