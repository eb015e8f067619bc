// tmu_decode_rgba4444: one RGBA4444 texel to RGBA8 (issue 12; ADDENDUM 3;
// docs/spec-decisions.md "Texture units", decoding). C mirror: tmu_decode_rgba4444() in
// sw/model/tmu_decode.c.
// R = texel[15:12], G = [11:8], B = [7:4], A = [3:0]; each 4-bit channel c4 becomes
// c8 = {c4, c4} (= c4 * 17). Output A[31:24] B[23:16] G[15:8] R[7:0] (the COLOR layout).
// Combinational, no state; every input is legal.
module tmu_decode_rgba4444 (
  input  logic [15:0] texel_i,
  output logic [31:0] rgba_o
);
  assign rgba_o = {texel_i[3:0], texel_i[3:0], texel_i[7:4], texel_i[7:4],
                   texel_i[11:8], texel_i[11:8], texel_i[15:12], texel_i[15:12]};
endmodule
