// tmu_lod: the mip level of one pixel of one texture slot (issue 12; docs/spec-decisions.md
// "Texture units", LOD). C mirror: tmu_lod() and tmu_flog2_16() in sw/model/tmu_lod.c.
//
//   N_ux = k0ux + k1u*Y   N_uy = k0uy - k1u*X   N_vx = k0vx + k1v*Y   N_vy = k0vy - k1v*X
//   D    = max(max(|N_ux|, |N_uy|) << wl, max(|N_vx|, |N_vy|) << hl)
//   lod  = flog2(D) + 16*(s + 16) - 2*flog2(qc) + 4*bias                (1/16 units)
//   level = (clamp(lod, 0, 16*(levels-1)) + 8) >> 4;  0 if levels <= 1 or D = 0
// flog2(x) = {e, the 4 bits below the leading one at bit e} = 16*e + frac.
//
// Input ranges (those of tex_unit_planes_t, tex_state_t and tex_persp_t): |k0| < 2^22 (23-bit
// two's complement ports), |k1| < 2^12 (13 bits), X, Y 0..1023, s 0..63, wl, hl 0..10 (the
// state's 3..10, and below), levels 0..15, bias -128..127 (2 fraction bits), qc 1..2^31-1.
// Then |N| < 2^23, D < 2^33 and lod stays within -862..2299 (13-bit arithmetic). Outside
// them (k0 = -2^22, wl > 10, qc = 0) the result is not specified.
//
// Ports are flat vectors named after the C fields (the planes' and the state's fields this
// stage reads); no package, as tmu_persp.
//
// Pipeline (Latency = 11 register stages, one input per cycle; each stage one carry chain, one
// small multiplier, one leading-one detector or one shifter):
//    1 inputs registered (multiplier operands)
//    2 k1*X, k1*Y (four 13 x 11-bit signed products); e of qc; 16*(s+16) + 4*bias; 16*(levels-1)
//    3 the four N (24-bit adds); flog2(qc) (shift by e)
//    4 |N| (negations); c = 16*(s+16) + 4*bias - 2*flog2(qc)
//    5 max(|N_ux|, |N_uy|), max(|N_vx|, |N_vy|) (23-bit compares)
//    6 the shifts by wl and hl
//    7 D = the larger (33-bit compare)
//    8 e of D (33-bit leading-one detector), D = 0
//    9 flog2(D) (shift by e)
//   10 lod = flog2(D) + c
//   11 clamp, +8, >> 4, the zero cases
// Stall: every pipeline register loads only when en_i = 1; valid_o and level_o then hold.
// Reset: valid_o low (data registers are not reset).
module tmu_lod (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        en_i,       // advance: every pipeline register loads only when high
  input  logic        valid_i,
  // tex_unit_planes_t
  input  logic [22:0] k0ux_i,     // two's complement
  input  logic [22:0] k0uy_i,
  input  logic [22:0] k0vx_i,
  input  logic [22:0] k0vy_i,
  input  logic [12:0] k1u_i,      // two's complement
  input  logic [12:0] k1v_i,
  input  logic [5:0]  lod_shift_i,
  // tex_state_t
  input  logic [3:0]  wl_i,
  input  logic [3:0]  hl_i,
  input  logic [3:0]  levels_i,
  input  logic [7:0]  bias_i,     // two's complement, 2 fraction bits
  // the pixel
  input  logic [9:0]  x_i,        // X, Y from the bbox origin
  input  logic [9:0]  y_i,
  input  logic [30:0] qc_i,       // tmu_persp's qc
  output logic        valid_o,
  output logic [3:0]  level_o
);
  localparam int unsigned Latency = 11;  // en_i cycles from an input to its output

  logic [Latency-1:0] v_q;               // v_q[i]: stage i+1 holds a valid slot

  // the 4 bits below the leading one of x, at bit e (from a leading-one detector one stage
  // earlier): (x << 4 >> e)[3:0]; flog2(x) = {e, these 4 bits} = 16*e + frac
  function automatic logic [3:0] frac4_33(input logic [32:0] x, input logic [5:0] e);
    frac4_33 = 4'({x, 4'd0} >> e);
  endfunction

  // ---- stage 1: inputs ----
  logic [22:0] k0ux1_q, k0uy1_q, k0vx1_q, k0vy1_q;
  logic [12:0] k1u1_q, k1v1_q;
  logic [5:0]  s1_q;
  logic [3:0]  wl1_q, hl1_q, levels1_q;
  logic [7:0]  bias1_q;
  logic [9:0]  x1_q, y1_q;
  logic [30:0] qc1_q;

  // ---- stage 2: products, e of qc, constants ----
  logic [22:0] puy_d, pux_d, pvy_d, pvx_d;        // k1*Y, k1*X: |p| < 2^22
  logic [4:0]  eq_d;
  logic [12:0] c1_d;                              // 16*(s+16) + 4*bias: 128..1772
  logic [22:0] puy2_q, pux2_q, pvy2_q, pvx2_q;
  logic [22:0] k0ux2_q, k0uy2_q, k0vx2_q, k0vy2_q;
  logic [4:0]  eq2_q;
  logic [30:0] qc2_q;
  logic [12:0] c12_q;
  logic [7:0]  hi_d, hi2_q;                       // 16*(levels-1)
  logic        le1_d, le12_q;                     // levels <= 1
  logic [3:0]  wl2_q, hl2_q;

  assign puy_d = 23'($signed(k1u1_q) * $signed({1'b0, y1_q}));
  assign pux_d = 23'($signed(k1u1_q) * $signed({1'b0, x1_q}));
  assign pvy_d = 23'($signed(k1v1_q) * $signed({1'b0, y1_q}));
  assign pvx_d = 23'($signed(k1v1_q) * $signed({1'b0, x1_q}));
  assign c1_d  = {2'd0, 7'(s1_q) + 7'd16, 4'd0} + {{3{bias1_q[7]}}, bias1_q, 2'd0};
  assign hi_d  = {levels1_q - 4'd1, 4'd0};
  assign le1_d = levels1_q <= 4'd1;

  always_comb begin
    eq_d = 5'd0;
    for (int i = 1; i < 31; i++) begin
      if (qc1_q[i]) eq_d = 5'(i);
    end
  end

  // ---- stage 3: N, flog2(qc) ----
  logic [23:0] nux_d, nuy_d, nvx_d, nvy_d;
  logic [23:0] nux3_q, nuy3_q, nvx3_q, nvy3_q;
  logic [8:0]  fq_d, fq3_q;                       // flog2(qc) = {e, frac}
  logic [12:0] c13_q;
  logic [7:0]  hi3_q;
  logic        le13_q;
  logic [3:0]  wl3_q, hl3_q;

  assign nux_d = {k0ux2_q[22], k0ux2_q} + {puy2_q[22], puy2_q};
  assign nuy_d = {k0uy2_q[22], k0uy2_q} - {pux2_q[22], pux2_q};
  assign nvx_d = {k0vx2_q[22], k0vx2_q} + {pvy2_q[22], pvy2_q};
  assign nvy_d = {k0vy2_q[22], k0vy2_q} - {pvx2_q[22], pvx2_q};
  assign fq_d  = {eq2_q, frac4_33({2'd0, qc2_q}, {1'b0, eq2_q})};

  // ---- stage 4: |N|, c ----
  logic [22:0] aux_d, auy_d, avx_d, avy_d;
  logic [22:0] aux4_q, auy4_q, avx4_q, avy4_q;    // |N| < 2^23
  logic [12:0] c_d, c4_q;
  logic [7:0]  hi4_q;
  logic        le14_q;
  logic [3:0]  wl4_q, hl4_q;

  function automatic logic [22:0] abs24(input logic [23:0] n);
    abs24 = n[23] ? 23'(24'd0 - n) : n[22:0];  // n = -2^23 is outside the range
  endfunction

  assign aux_d = abs24(nux3_q);
  assign auy_d = abs24(nuy3_q);
  assign avx_d = abs24(nvx3_q);
  assign avy_d = abs24(nvy3_q);
  assign c_d   = c13_q - {3'd0, fq3_q, 1'b0};

  // ---- stage 5: per-axis maxima ----
  logic [22:0] mu_d, mv_d, mu5_q, mv5_q;
  logic [12:0] c5_q;
  logic [7:0]  hi5_q;
  logic        le15_q;
  logic [3:0]  wl5_q, hl5_q;

  assign mu_d = (aux4_q > auy4_q) ? aux4_q : auy4_q;
  assign mv_d = (avx4_q > avy4_q) ? avx4_q : avy4_q;

  // ---- stage 6: shifts ----
  logic [32:0] du_d, dv_d, du6_q, dv6_q;
  logic [12:0] c6_q;
  logic [7:0]  hi6_q;
  logic        le16_q;

  assign du_d = {10'd0, mu5_q} << wl5_q;
  assign dv_d = {10'd0, mv5_q} << hl5_q;

  // ---- stage 7: D ----
  logic [32:0] d_d, d7_q;
  logic [12:0] c7_q;
  logic [7:0]  hi7_q;
  logic        le17_q;

  assign d_d = (du6_q > dv6_q) ? du6_q : dv6_q;

  // ---- stage 8: e of D ----
  logic [5:0]  ed_d, ed8_q;
  logic [32:0] d8_q;
  logic        dz_d, dz8_q;
  logic [12:0] c8_q;
  logic [7:0]  hi8_q;
  logic        le18_q;

  always_comb begin
    ed_d = 6'd0;
    for (int i = 1; i < 33; i++) begin
      if (d7_q[i]) ed_d = 6'(i);
    end
  end
  assign dz_d = d7_q == 33'd0;

  // ---- stage 9: flog2(D) ----
  logic [9:0]  fd_d, fd9_q;
  logic        z_d, z9_q;                         // level 0: D = 0 or levels <= 1
  logic [12:0] c9_q;
  logic [7:0]  hi9_q;

  assign fd_d = {ed8_q, frac4_33(d8_q, ed8_q)};
  assign z_d  = dz8_q || le18_q;

  // ---- stage 10: lod ----
  logic [12:0] lod_d, lod10_q;
  logic        z10_q;
  logic [7:0]  hi10_q;

  assign lod_d = {3'd0, fd9_q} + c9_q;

  // ---- stage 11: clamp and round ----
  logic [7:0]  lc;                                // <= 224
  logic [3:0]  lvl;
  logic [3:0]  level_d, level11_q;

  always_comb begin
    if (lod10_q[12]) begin
      lc = 8'd0;
    end else if (lod10_q > {5'd0, hi10_q}) begin
      lc = hi10_q;
    end else begin
      lc = lod10_q[7:0];
    end
    lvl = 4'((lc + 8'd8) >> 4);
    level_d = z10_q ? 4'd0 : lvl;
  end

  // ---- registers ----
  always_ff @(posedge clk_i) begin
    if (en_i) begin
      // 1
      k0ux1_q <= k0ux_i;  k0uy1_q <= k0uy_i;  k0vx1_q <= k0vx_i;  k0vy1_q <= k0vy_i;
      k1u1_q  <= k1u_i;   k1v1_q  <= k1v_i;   s1_q    <= lod_shift_i;
      wl1_q   <= wl_i;    hl1_q   <= hl_i;    levels1_q <= levels_i;  bias1_q <= bias_i;
      x1_q    <= x_i;     y1_q    <= y_i;     qc1_q   <= qc_i;
      // 2
      puy2_q  <= puy_d;   pux2_q  <= pux_d;   pvy2_q  <= pvy_d;   pvx2_q  <= pvx_d;
      k0ux2_q <= k0ux1_q; k0uy2_q <= k0uy1_q; k0vx2_q <= k0vx1_q; k0vy2_q <= k0vy1_q;
      eq2_q   <= eq_d;    qc2_q   <= qc1_q;   c12_q   <= c1_d;
      hi2_q   <= hi_d;      le12_q  <= le1_d;
      wl2_q   <= wl1_q;   hl2_q   <= hl1_q;
      // 3
      nux3_q  <= nux_d;   nuy3_q  <= nuy_d;   nvx3_q  <= nvx_d;   nvy3_q  <= nvy_d;
      fq3_q   <= fq_d;
      c13_q   <= c12_q;   hi3_q   <= hi2_q;   le13_q  <= le12_q;
      wl3_q   <= wl2_q;   hl3_q   <= hl2_q;
      // 4
      aux4_q  <= aux_d;   auy4_q  <= auy_d;   avx4_q  <= avx_d;   avy4_q  <= avy_d;
      c4_q    <= c_d;
      hi4_q   <= hi3_q;   le14_q  <= le13_q;  wl4_q   <= wl3_q;   hl4_q   <= hl3_q;
      // 5
      mu5_q   <= mu_d;    mv5_q   <= mv_d;
      c5_q    <= c4_q;    hi5_q   <= hi4_q;   le15_q  <= le14_q;  wl5_q   <= wl4_q;   hl5_q <= hl4_q;
      // 6
      du6_q   <= du_d;    dv6_q   <= dv_d;
      c6_q    <= c5_q;    hi6_q   <= hi5_q;   le16_q  <= le15_q;
      // 7
      d7_q    <= d_d;
      c7_q    <= c6_q;    hi7_q   <= hi6_q;   le17_q  <= le16_q;
      // 8
      ed8_q   <= ed_d;    d8_q    <= d7_q;    dz8_q   <= dz_d;
      c8_q    <= c7_q;    hi8_q   <= hi7_q;   le18_q  <= le17_q;
      // 9
      fd9_q   <= fd_d;    z9_q    <= z_d;
      c9_q    <= c8_q;    hi9_q   <= hi8_q;
      // 10
      lod10_q <= lod_d;
      z10_q   <= z9_q;    hi10_q  <= hi9_q;
      // 11
      level11_q <= level_d;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      v_q <= '0;
    end else if (en_i) begin
      v_q <= {v_q[Latency-2:0], valid_i};
    end
  end

  assign valid_o = v_q[Latency-1];
  assign level_o = level11_q;
endmodule
