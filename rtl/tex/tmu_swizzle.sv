// tmu_swizzle: TEXn_FMT.SWIZZLE on a decoded RGBA8 texel (issue 12; seed 001 swizzle table;
// docs/spec-decisions.md "Texture units", swizzle). C mirror: sw/model/tmu_swizzle.c.
// A pattern names the source of output R, G, B, A in that order ("1" = 255, "0" = 0):
// 0 RGBA, 1 BGRA, 2 ARGB, 3 ABGR, 4 GBRA, 5 R000, 6 000A, 7 RRR1, 8 GGG1, 9 BBB1, A AAA1,
// B 1110, C 111A; the reserved codes D-F act as 0 (RGBA).
// Combinational, no state; every input is legal.
module tmu_swizzle (
  input  logic [31:0] rgba_i,    // A[31:24] B[23:16] G[15:8] R[7:0]
  input  logic [3:0]  code_i,
  output logic [31:0] rgba_o
);
  // per output channel, a source: 0-3 = input channel R, G, B, A; 4 = 0; 5 = 255
  localparam logic [2:0] SR = 3'd0, SG = 3'd1, SB = 3'd2, SA = 3'd3, S0 = 3'd4, S1 = 3'd5;
  logic [3:0][2:0] sel;          // sel[c]: source of output channel c (0 R .. 3 A)

  always_comb begin
    unique case (code_i)
      4'h1:    sel = {SA, SR, SG, SB};  // BGRA   (sel[3] first: A, B, G, R sources)
      4'h2:    sel = {SB, SG, SR, SA};  // ARGB
      4'h3:    sel = {SR, SG, SB, SA};  // ABGR
      4'h4:    sel = {SA, SR, SB, SG};  // GBRA
      4'h5:    sel = {S0, S0, S0, SR};  // R000
      4'h6:    sel = {SA, S0, S0, S0};  // 000A
      4'h7:    sel = {S1, SR, SR, SR};  // RRR1
      4'h8:    sel = {S1, SG, SG, SG};  // GGG1
      4'h9:    sel = {S1, SB, SB, SB};  // BBB1
      4'hA:    sel = {S1, SA, SA, SA};  // AAA1
      4'hB:    sel = {S0, S1, S1, S1};  // 1110
      4'hC:    sel = {SA, S1, S1, S1};  // 111A
      default: sel = {SA, SB, SG, SR};  // RGBA (0x0 and the reserved 0xD-0xF)
    endcase
  end

  for (genvar c = 0; c < 4; c++) begin : g_out
    always_comb begin
      unique case (sel[c])
        SR:      rgba_o[8*c +: 8] = rgba_i[7:0];
        SG:      rgba_o[8*c +: 8] = rgba_i[15:8];
        SB:      rgba_o[8*c +: 8] = rgba_i[23:16];
        SA:      rgba_o[8*c +: 8] = rgba_i[31:24];
        S1:      rgba_o[8*c +: 8] = 8'hFF;
        default: rgba_o[8*c +: 8] = 8'h00;
      endcase
    end
  end
endmodule
