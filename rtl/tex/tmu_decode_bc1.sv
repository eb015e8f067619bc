// tmu_decode_bc1: the BC1 palette entry of one texel (issue 12; ADDENDUM 3;
// docs/spec-decisions.md "Texture units", decoding). C mirror: tmu_decode_bc1() in
// sw/model/tmu_decode.c.
// The palette of (c0, c1) from tmu_bc1_palette (both modes, transparent black; divisions by 3
// as shift-adds, no multiplier), then the entry named by the 2-bit index. A user that decodes
// many texels of one block (tmu_cache) registers tmu_bc1_palette's output once per block and
// selects from the register instead.
// Output A[31:24] B[23:16] G[15:8] R[7:0]. Combinational, no state; every input is legal.
module tmu_decode_bc1 (
  input  logic [15:0] c0_i,
  input  logic [15:0] c1_i,
  input  logic [1:0]  idx_i,     // the texel's 2-bit index from the block's index word
  output logic [31:0] rgba_o
);
  logic [3:0][31:0] pal;

  tmu_bc1_palette u_pal (.c0_i, .c1_i, .pal_o(pal));

  assign rgba_o = pal[idx_i];
endmodule
