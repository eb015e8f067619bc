// tmu_bc1_palette: the four RGBA8 palette entries of one BC1 block from its two colours
// (issue 12; ADDENDUM 3; docs/spec-decisions.md "Texture units", decoding). C mirror:
// tmu_decode_bc1() in sw/model/tmu_decode.c, entry i = tmu_decode_bc1(c0, c1, i).
// c0, c1 are RGB565; each channel expands by replication (r8 = {r5, r5[4:2]},
// g8 = {g6, g6[5:4]}); with a = channel of c0, b = channel of c1:
//   c0 >  c1 (unsigned): p2 = (2a + b + 1) / 3, p3 = (a + 2b + 1) / 3, alpha 255
//   c0 <= c1:            p2 = (a + b + 1) >> 1, alpha 255; p3 = RGBA 0 (transparent black)
// Division by 3 without a multiplier: q = floor(s * 683 / 2048), exact for every s <= 766
// (s / 6144 < 1/3), with s * 683 = 3s + 8 * (5s + 16 * 5s) (683 = 3 + 8 * 5 * 17): four
// additions of shifted copies, which Yosys maps to LUT/carry logic (no MULT18X18D). The "+ 1"
// of 2a + b + 1 rides in the operand's free low bit ({a, 1} + b).
// Output pal_o[i] = entry i, A[31:24] B[23:16] G[15:8] R[7:0]. Combinational (a user
// registers it once per block, e.g. tmu_cache's fill), no state; every input is legal.
module tmu_bc1_palette (
  input  logic [15:0]      c0_i,
  input  logic [15:0]      c1_i,
  output logic [3:0][31:0] pal_o
);
  logic            four;         // four-colour mode
  logic [2:0][7:0] ea, eb;       // channel 0 R, 1 G, 2 B: endpoint a (c0), b (c1)
  logic [2:0][7:0] p2, p3;       // the two interpolated entries per channel

  assign four  = c0_i > c1_i;
  assign ea[0] = {c0_i[15:11], c0_i[15:13]};
  assign ea[1] = {c0_i[10:5], c0_i[10:9]};
  assign ea[2] = {c0_i[4:0], c0_i[4:2]};
  assign eb[0] = {c1_i[15:11], c1_i[15:13]};
  assign eb[1] = {c1_i[10:5], c1_i[10:9]};
  assign eb[2] = {c1_i[4:0], c1_i[4:2]};

  for (genvar c = 0; c < 3; c++) begin : g_ch
    logic [19:0] s;              // [9:0] 2a + b + 1, [19:10] a + 2b + 1 (each <= 766)
    logic [15:0] q;              // [7:0], [15:8]: the two sums / 3
    assign s[9:0]   = {1'b0, ea[c], 1'b1} + {2'b0, eb[c]};
    assign s[19:10] = {2'b0, ea[c]} + {1'b0, eb[c], 1'b1};
    for (genvar k = 0; k < 2; k++) begin : g_div3
      logic [9:0]  sk;
      logic [11:0] t3;           // 3s
      logic [12:0] t5;           // 5s
      logic [16:0] t85;          // 85s = 5s + 16 * 5s
      assign sk  = s[10*k +: 10];
      assign t3  = {1'b0, sk, 1'b0} + {2'b0, sk};
      assign t5  = {1'b0, sk, 2'b0} + {3'b0, sk};
      assign t85 = {t5, 4'b0} + {4'b0, t5};
      assign q[8*k +: 8] = 8'(({t85, 3'b0} + {8'b0, t3}) >> 11);   // 683s / 2048 (683s < 2^20)
    end
    assign p2[c] = four ? q[7:0] : 8'(({1'b0, ea[c]} + {1'b0, eb[c]} + 9'd1) >> 1);
    assign p3[c] = four ? q[15:8] : 8'd0;
  end

  assign pal_o[0] = {8'hFF, ea[2], ea[1], ea[0]};
  assign pal_o[1] = {8'hFF, eb[2], eb[1], eb[0]};
  assign pal_o[2] = {8'hFF, p2[2], p2[1], p2[0]};
  assign pal_o[3] = {four ? 8'hFF : 8'h00, p3[2], p3[1], p3[0]};
endmodule
