// tmu_decode_bc1: the BC1 palette and index select of one texel (issue 12; ADDENDUM 3;
// docs/spec-decisions.md "Texture units", decoding). C mirror: tmu_decode_bc1() in
// sw/model/tmu_decode.c.
// c0, c1 are RGB565; each channel expands by replication (r8 = {r5, r5[4:2]},
// g8 = {g6, g6[5:4]}); with a = channel of c0, b = channel of c1:
//   c0 >  c1 (unsigned): p2 = (2a + b + 1) / 3, p3 = (a + 2b + 1) / 3, alpha 255
//   c0 <= c1:            p2 = (a + b + 1) >> 1, alpha 255; p3 = RGBA 0 (transparent black)
// The divisions by 3 are floor(s * 683 / 2048), exact for every s <= 766 (s / 6144 < 1/3).
// Output A[31:24] B[23:16] G[15:8] R[7:0]. Combinational, no state; every input is legal.
module tmu_decode_bc1 (
  input  logic [15:0] c0_i,
  input  logic [15:0] c1_i,
  input  logic [1:0]  idx_i,     // the texel's 2-bit index from the block's index word
  output logic [31:0] rgba_o
);
  logic            four;         // four-colour mode
  logic [2:0][7:0] ea, eb, pc;   // channel 0 R, 1 G, 2 B: endpoint a (c0), b (c1), result

  assign four  = c0_i > c1_i;
  assign ea[0] = {c0_i[15:11], c0_i[15:13]};
  assign ea[1] = {c0_i[10:5], c0_i[10:9]};
  assign ea[2] = {c0_i[4:0], c0_i[4:2]};
  assign eb[0] = {c1_i[15:11], c1_i[15:13]};
  assign eb[1] = {c1_i[10:5], c1_i[10:9]};
  assign eb[2] = {c1_i[4:0], c1_i[4:2]};

  for (genvar c = 0; c < 3; c++) begin : g_ch
    logic [9:0] s2, s3;          // 2a + b + 1, a + 2b + 1 (<= 766)
    always_comb begin
      s2 = {1'b0, ea[c], 1'b0} + {2'b0, eb[c]} + 10'd1;
      s3 = {2'b0, ea[c]} + {1'b0, eb[c], 1'b0} + 10'd1;
      unique case (idx_i)
        2'd0:    pc[c] = ea[c];
        2'd1:    pc[c] = eb[c];
        2'd2:    pc[c] = four ? 8'(({10'd0, s2} * 20'd683) >> 11)
                              : 8'(({1'b0, ea[c]} + {1'b0, eb[c]} + 9'd1) >> 1);
        default: pc[c] = four ? 8'(({10'd0, s3} * 20'd683) >> 11) : 8'd0;
      endcase
    end
  end

  assign rgba_o = {(!four && idx_i == 2'd3) ? 8'h00 : 8'hFF, pc[2], pc[1], pc[0]};
endmodule
