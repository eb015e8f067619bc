// tmu_bc1_palette: the four RGBA8 palette entries of one BC1 block from its two colours
// (issue 12; ADDENDUM 3; docs/spec-decisions.md "Texture units", decoding). C mirror:
// tmu_decode_bc1() in sw/model/tmu_decode.c, entry i = tmu_decode_bc1(c0, c1, i).
// c0, c1 are RGB565; each channel expands by replication (r8 = {r5, r5[4:2]},
// g8 = {g6, g6[5:4]}); with a = channel of c0, b = channel of c1:
//   c0 >  c1 (unsigned): p2 = (2a + b + 1) / 3, p3 = (a + 2b + 1) / 3, alpha 255
//   c0 <= c1:            p2 = (a + b + 1) >> 1, alpha 255; p3 = RGBA 0 (transparent black)
// Divisions by 3 without a multiplier or a divider: each endpoint channel is one of 32 (R, B)
// or 64 (G) values, so a small constant table (Div3Tab5 / Div3Tab6, computed at elaboration)
// gives qa = a / 3 and ra = a % 3 (a LUT5 / LUT6 per bit). Then 2a = 3 * q2a + r2a with
// q2a = 2qa + (ra == 2), r2a = 2ra mod 3, and
//   p2 = (2a + b + 1) / 3 = q2a + qb + ((r2a + rb + 1) >= 3)
//   p3 = (a + 2b + 1) / 3 = qa + q2b + ((ra + r2b + 1) >= 3)
// one carry chain each (the 0/1 term rides in the low bit: ({x, 1} + {y, c}) >> 1 = x + y + c).
// Output pal_o[i] = entry i, A[31:24] B[23:16] G[15:8] R[7:0]. Combinational (a user that
// decodes a whole block registers it once per block, as tmu_cache's fill does), no state;
// every input is legal.
module tmu_bc1_palette (
  input  logic [15:0]      c0_i,
  input  logic [15:0]      c1_i,
  output logic [3:0][31:0] pal_o
);
  // entry v of the table for a W-bit channel (W = 5 or 6): {x / 3 (7 bits), x % 3 (2 bits)}
  // of its 8-bit expansion x
  function automatic logic [64*9-1:0] div3_table(input int w);
    logic [64*9-1:0] t;
    int x;
    t = '0;
    for (int v = 0; v < (1 << w); v++) begin
      x = (w == 5) ? (v << 3 | v >> 2) : (v << 2 | v >> 4);
      t[9*v +: 9] = {7'(x / 3), 2'(x % 3)};
    end
    div3_table = t;
  endfunction
  localparam logic [64*9-1:0] Div3Tab5 = div3_table(5);
  localparam logic [64*9-1:0] Div3Tab6 = div3_table(6);

  logic            four;         // four-colour mode
  logic [2:0][7:0] ea, eb;       // channel 0 R, 1 G, 2 B: endpoint a (c0), b (c1)
  logic [2:0][5:0] va, vb;       // the channels' RGB565 fields (R, B zero-extended)
  logic [2:0][7:0] p2, p3;       // the two interpolated entries per channel

  assign four  = c0_i > c1_i;
  assign ea[0] = {c0_i[15:11], c0_i[15:13]};
  assign ea[1] = {c0_i[10:5], c0_i[10:9]};
  assign ea[2] = {c0_i[4:0], c0_i[4:2]};
  assign eb[0] = {c1_i[15:11], c1_i[15:13]};
  assign eb[1] = {c1_i[10:5], c1_i[10:9]};
  assign eb[2] = {c1_i[4:0], c1_i[4:2]};
  assign va    = {{1'b0, c0_i[4:0]}, c0_i[10:5], {1'b0, c0_i[15:11]}};
  assign vb    = {{1'b0, c1_i[4:0]}, c1_i[10:5], {1'b0, c1_i[15:11]}};

  for (genvar c = 0; c < 3; c++) begin : g_ch
    localparam logic [64*9-1:0] Tab = (c == 1) ? Div3Tab6 : Div3Tab5;
    logic [6:0] qa, qb;          // a / 3, b / 3
    logic [1:0] ra, rb;          // a % 3, b % 3
    logic [7:0] q2a, q2b;        // 2a / 3, 2b / 3
    logic [1:0] r2a, r2b;        // 2a % 3, 2b % 3
    logic       c2, c3;          // the remainders' carry into p2, p3
    assign {qa, ra} = Tab[9 * va[c] +: 9];
    assign {qb, rb} = Tab[9 * vb[c] +: 9];
    assign q2a = {qa, ra == 2'd2};
    assign q2b = {qb, rb == 2'd2};
    assign r2a = (ra == 2'd1) ? 2'd2 : (ra == 2'd2) ? 2'd1 : 2'd0;
    assign r2b = (rb == 2'd1) ? 2'd2 : (rb == 2'd2) ? 2'd1 : 2'd0;
    assign c2  = ({1'b0, r2a} + {1'b0, rb}) >= 3'd2;
    assign c3  = ({1'b0, ra} + {1'b0, r2b}) >= 3'd2;
    assign p2[c] = four ? 8'(({1'b0, q2a, 1'b1} + {2'b0, qb, c2}) >> 1)
                        : 8'(({1'b0, ea[c]} + {1'b0, eb[c]} + 9'd1) >> 1);
    assign p3[c] = four ? 8'(({1'b0, q2b, 1'b1} + {2'b0, qa, c3}) >> 1) : 8'd0;
  end

  assign pal_o[0] = {8'hFF, ea[2], ea[1], ea[0]};
  assign pal_o[1] = {8'hFF, eb[2], eb[1], eb[0]};
  assign pal_o[2] = {8'hFF, p2[2], p2[1], p2[0]};
  assign pal_o[3] = {four ? 8'hFF : 8'h00, p3[2], p3[1], p3[0]};
endmodule
