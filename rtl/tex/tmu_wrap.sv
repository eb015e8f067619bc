// tmu_wrap: the wrap mode of one texture axis on an integer texel index (issue 12;
// docs/spec-decisions.md "Texture units", texel coordinates and wrap). C mirror: tmu_wrap()
// in sw/model/tmu_addr.c.
// In:  the integer texel index t = floor(U * 2^w) (pu >> (k + 17 - w), any width) as three
//      facts, which are all the wrap modes need: its low 11 bits, its sign (t < 0) and whether
//      t >= 2^w (the caller computes both from pu and k without forming t: tmu_addr); the
//      level's size 2^w (w 0..10), the axis' mode.
// Out: the texel coordinate 0..2^w-1, and zero_o for a CLAMP_TO_ZERO sample outside the level
//      (the sample is RGBA 0; o_o is then t's low bits and meaningless).
//   REPEAT t mod 2^w; CLAMP_TO_EDGE clamp(t, 0, 2^w - 1); CLAMP_TO_ZERO t inside [0, 2^w) or
//   zero; MIRROR t2 = t mod 2^(w+1), t2 < 2^w ? t2 : 2^(w+1) - 1 - t2.
// w > 10 acts as 10 (big_i must then mean t >= 2^10).
// Combinational, no state.
module tmu_wrap (
  input  logic [10:0] lo_i,       // t mod 2^11
  input  logic        neg_i,      // t < 0
  input  logic        big_i,      // t >= 2^w (never together with neg_i)
  input  logic [3:0]  w_i,
  input  logic [1:0]  mode_i,     // 0 REPEAT, 1 CLAMP_TO_EDGE, 2 CLAMP_TO_ZERO, 3 MIRROR
  output logic [9:0]  o_o,
  output logic        zero_o
);
  logic [3:0]  w;
  logic [9:0]  lo_mask;           // 2^w - 1
  logic        half;              // bit w of t (second half of the mirror period)
  logic [9:0]  low;

  always_comb begin
    w       = (w_i > 4'd10) ? 4'd10 : w_i;
    lo_mask = 10'((11'd1 << w) - 11'd1);
    half    = lo_i[w];
    low     = lo_i[9:0] & lo_mask;
    zero_o  = 1'b0;
    unique case (mode_i)
      2'd0:    o_o = low;
      2'd1:    o_o = neg_i ? 10'd0 : (big_i ? lo_mask : low);
      2'd2: begin
        o_o    = low;
        zero_o = neg_i || big_i;
      end
      default: o_o = half ? (~low & lo_mask) : low;
    endcase
  end
endmodule
