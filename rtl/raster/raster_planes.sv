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
// early row exit changes nothing.
// One adder per plane: a row step and a pixel step never happen in the same cycle, and the row
// start only changes at a row step or the load (the walker's contract, asserted below), so both
// registers take the same next value, load ? c : (sel_row ? row : pix) + (sel_row ? gy : gx),
// under their own enables. Cost per plane: 5 x W flip-flops (with the staged start value
// below), one W-bit adder and three W-bit
// 2:1 selects (two adder inputs, the load), against two adders and 3:1 + 2:1 selects before.
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
  input  logic [N-1:0][W-1:0] c_i,
  input  logic [N-1:0][W-1:0] gx_i,
  input  logic [N-1:0][W-1:0] gy_i,
  output logic [N-1:0][W-1:0] p_o
);
  logic [N-1:0][W-1:0] c_q, gx_q, gy_q, row_q, pix_q, nxt;

  always_comb begin
    for (int j = 0; j < int'(N); j++) begin
      if (load_i) nxt[j] = c_q[j];
      else        nxt[j] = (sel_row_i ? row_q[j] : pix_q[j]) + (sel_row_i ? gy_q[j] : gx_q[j]);
    end
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
  // the shared adder relies on it: outside a load, the row start moves only with a row step
  a_enrow_is_row_step: assert property (@(posedge clk_i) disable iff (!rst_ni)
    (enrow_i && !load_i) |-> (sel_row_i && en_i));
  // the load takes what was staged the cycle before, and the producer still holds it
  a_load_after_stage: assert property (@(posedge clk_i) disable iff (!rst_ni)
    load_i |-> ($past(stage_i) && c_q == c_i));
`endif
endmodule
