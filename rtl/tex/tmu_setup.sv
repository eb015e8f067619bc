// tmu_setup: the plane part of triangle setup: the attribute planes (docs/spec-decisions.md
// "Attribute interpolation") and the texture units' coordinate and LOD planes ("Texture
// units"), on one serial multiplier and one divider. C mirror: the attribute loop of
// sw/model/raster_setup.c (plane_rdiv()) and sw/model/tmu_setup.c (tmu_setup(),
// tmu_setup_rdiv(), tmu_setup_lod()), bit for bit.
//
// In (one triangle, valid/ready): need_z_i, need_c_i (which attribute planes are interpolated:
// Z; R, G, B, A), the Z and colour of the three vertices (z0_i..z2_i, col0_i..col2_i, RGBA8 with
// R in [7:0]), en_mask_i (bit n: unit n enabled), the UVn words of the three
// vertices as submitted (UQ [15:0], VQ [31:16], Q [47:32], 1.15 signed) and swap_i, raster_setup's
// winding swap (vertices 1 and 2 exchanged: this unit reads uv2_i as vertex 1 and uv1_i as 2),
// and the edge data of raster_setup with its widths: area (> 0, 36 bits), the unbiased edge
// values at the bbox origin wraw1, wraw2 (35-bit signed, as raster_setup's multiplier operand:
// |wraw| < 2^33), the steps wx1, wx2, wy1, wy2 (24-bit signed, |w| <= 16 * 65535).
// Out (valid/ready, registered): the attribute planes {c, gx, gy} of Z, R, G, B, A (37 bits,
// gpu_pkg::ATTR_* order; zero when not interpolated), and for each unit n the planes uq, vq, q {c, gx, gy} (32 bits,
// units of 2^-27; disabled units all zero). The LOD planes of an enabled unit n, k0ux, k0uy,
// k0vx, k0vy (|k0| < 2^22: 23-bit signed), k1u, k1v (|k1| < 2^12: 13-bit signed), lod_shift
// (0..36: 6 bits), go to the LOD table instead (gpu_pkg::tex_lod_row_t, in tmu_pixel): one
// write (lod_we_o) of row {lod_idx_i, n} as soon as the unit's six values are known, before
// out_valid_o; disabled units write nothing (their rows are never read).
//
// Per plane coefficient (rdiv): with d1 = a1 - a0, d2 = a2 - a0 (26-bit signed: Z is 25 bits
// unsigned, a colour channel 8, a UV field 16 signed),
//   n = d1*w1 + d2*w2                 |n| < 2^59 (w 35 bits): 63-bit signed accumulator
//   M = n*2^13 + area                 76-bit signed (the low 13 bits are area[12:0])
//   rdiv = floor(M / (2 area)) mod 2^37   (= round(n*2^12/area), halves up; plane_rdiv())
// Floor for M < 0 without a negation: floor(M/D) = ~floor(~M/D) (D > 0), so the divider runs
// on the 75-bit magnitude M ^ sign and the low 37 quotient bits are XORed with the sign.
// c adds a0 * 2^12 + 2^11 for an attribute (mod 2^37) and a0 * 2^12 for a texture
// coordinate (mod 2^32: the low 32 bits of the same sum).
// LOD: the nine planes >> 8 (bits 31:8, 24-bit signed); K = A*B - C*D, 24 x 24 bits,
// |K| < 2^47 (48-bit signed); m0 = max |K0|, m1 = max |K1| (48 bits), bound = m0 + 1024 m1
// (58 bits); s = least with bound >> s < 2^22 (searched one bit per cycle, s <= 36); outputs
// K >>> s, each K shifted in a register by 4 or 1 bits per cycle (no barrel shifter).
//
// Datapath (no DSP): one radix-4 Booth shift-add multiplier evaluated MSB first (Horner), two
// products per accumulator, interleaved: acc = 4*acc + digitA*MA, then acc += digitB*MB (one
// 63-bit add per cycle); one restoring divider, one quotient bit per cycle (39-bit subtract).
// (raster_setup had its own divider and plane sequence for the attribute planes until issue
// 12's board budget: the same formula, now computed here.)
// Cycles: per attribute coefficient 1 + 26 + 1 + 1 + 75 + 1 = 105, 318 per interpolated
// attribute (1 + 2 + 3 x 105: StAttr, StCoord and StDiff, the coefficients) and 1 per other, + 1;
// a texture coordinate's coefficient needs 9 Booth digits and 65 divider steps (|d| < 2^16,
// |n| < 2^50): 87, per enabled unit 3 x (2 + 3 x 87) + 1 + 6 x (1 + 24 + 2) + 1 + (s + 1) +
// 6 (s/4 + s%4 + 1) (s <= 36: measured mean 995, max 1,061 in tb_tmu_setup); a disabled unit
// costs 1 cycle; plus 1 to accept and 1 to hand over.
// Inputs held: z0_i..z2_i, col0_i..col2_i, uv0_i..uv2_i and swap_i are read throughout the computation, not latched (the
// register file's triangle record holds them from the input handshake until after the output
// handshake: raster_setup takes that record only when the walker takes this one's planes;
// 576 flip-flops saved);
// the other inputs are latched at the input handshake.
// Throughput: one triangle at a time; in_ready_o is high only in StIdle, which follows the
// output handshake. out_valid_o is a flip-flop (valid never depends on ready); the output
// registers hold while out_valid_o && !out_ready_i.
// Illegal input: area_i == 0 (raster_setup drops those) gives a meaningless quotient, no hang.
// Reset: StIdle, out_valid_o low (the data registers are not reset).
module tmu_setup #(
  parameter int unsigned IdxW = 7     // LOD table index bits (gpu_pkg::LOD_IDX_W)
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        in_valid_i,
  output logic        in_ready_o,
  input  logic        need_z_i,     // Z plane interpolated (Z_TEST | Z_WRITE)
  input  logic        need_c_i,     // R, G, B, A planes interpolated (GOURAUD)
  input  logic [24:0] z0_i,         // vertex Z, as submitted (swap_i applies)
  input  logic [24:0] z1_i,
  input  logic [24:0] z2_i,
  input  logic [31:0] col0_i,       // vertex colour RGBA8 (R [7:0] .. A [31:24])
  input  logic [31:0] col1_i,
  input  logic [31:0] col2_i,
  input  logic [3:0]  en_mask_i,
  input  logic [3:0][47:0] uv0_i,   // UVn of vertex 0 (after the winding swap), n = 0..3
  input  logic [3:0][47:0] uv1_i,
  input  logic [3:0][47:0] uv2_i,
  input  logic        swap_i,       // read uv1_i and uv2_i the other way round
  input  logic [35:0] area_i,       // > 0
  input  logic [34:0] wraw1_i,      // signed, edge 1 at the bbox origin sample, unbiased
  input  logic [34:0] wraw2_i,
  input  logic [23:0] wx1_i,        // signed edge steps
  input  logic [23:0] wx2_i,
  input  logic [23:0] wy1_i,
  input  logic [23:0] wy2_i,
  input  logic [IdxW-1:0] lod_idx_i,   // the triangle's rows in the LOD table (latched)

  output logic        out_valid_o,
  input  logic        out_ready_i,
  output logic [3:0]  en_mask_o,
  output logic [4:0][36:0] at_c_o,      // attribute planes [Z, R, G, B, A]
  output logic [4:0][36:0] at_gx_o,
  output logic [4:0][36:0] at_gy_o,
  output logic [3:0][31:0] uq_c_o, uq_gx_o, uq_gy_o,
  output logic [3:0][31:0] vq_c_o, vq_gx_o, vq_gy_o,
  output logic [3:0][31:0] q_c_o,  q_gx_o,  q_gy_o,
  // LOD table write port: row {idx, unit} = {k0ux, k0uy, k0vx, k0vy, k1u, k1v, lod_shift}
  output logic              lod_we_o,
  output logic [IdxW+1:0]   lod_waddr_o,
  output logic [123:0]      lod_wdata_o
);
  typedef enum logic [4:0] {
    StIdle,    // waiting for a triangle (in_ready_o)
    StAttr,    // attribute a: clear its planes when not interpolated (a++), or start it
    StUnit,    // unit n: clear it when disabled (n++), or start its first coordinate
    StCoord,   // coordinate j of unit n (or attribute a) of the three vertices into fa*_q
    StDiff,    // d1, d2, a0 of it into registers (from fa*_q: the wide select and the
               // subtracters are a cycle apart; timing, docs/synth.md)
    StMulLd,   // accumulator cleared, serial operands loaded (9 digits, or 12 for LOD)
    StMul,     // Booth step: phase 0 acc = 4 acc + tA, phase 1 acc += tB
    StAddA,    // acc += area >> 13 (M = n*2^13 + area)
    StDivLd,   // divider: magnitude M ^ sign, remainder 0
    StDiv,     // 65 quotient bits, one per cycle
    StDivEnd,  // result (+ a0 << 12 for c) into the plane register, next field
    StKEnd,    // K into the chain, |K| registered
    StKMax,    // m0 / m1 update, next K
    StBound,   // bound = m0 + 1024 m1, s = 0
    StSearch,  // while bound >= 2^22: bound >>= 1, s++
    StKOut,    // K >>> s (4 or 1 bit per cycle), then into its output register; the next K
    StOut      // planes valid, waiting for out_ready_i
  } st_e;
  st_e st_q, st_d;

  localparam int unsigned AccW = 63;   // numerator / K accumulator, signed
  localparam int unsigned DvW  = AccW + 12;   // dividend magnitude bits (M is AccW + 13 signed)
  localparam int unsigned PW   = 37;   // attribute plane coefficients, modulo 2^PW
  localparam int unsigned SaW  = 27;   // serial operands: 26-bit d and b[-1], Booth triple on top
  localparam int unsigned KW   = 48;   // K, signed
  localparam int unsigned BndW = 58;   // bound

  // latched triangle (not the UV words: the producer holds them, see the header)
  logic [3:0]       en_q;
  logic             nz_q, nc_q;          // need_z_i, need_c_i
  logic [35:0]      area_q;
  logic signed [34:0] wraw1_q, wraw2_q;
  logic signed [23:0] wx1_q, wx2_q, wy1_q, wy2_q;

  // sequencing
  logic       att_q, att_d;        // the attribute phase (a_q), before the units
  logic [2:0] a_q, a_d;            // attribute 0..4 (Z, R, G, B, A), 5 = done
  logic [2:0] n_q, n_d;            // unit 0..3, 4 = done
  logic [1:0] j_q, j_d;            // coordinate 0 uq, 1 vq, 2 q
  logic [1:0] f_q, f_d;            // field 0 c, 1 gx, 2 gy
  logic [2:0] kk_q, kk_d;          // LOD product 0 k1u, 1 k1v, 2 k0ux, 3 k0uy, 4 k0vx, 5 k0vy
  logic       lod_q, lod_d;        // the multiplier works on a K
  logic       ph_q, ph_d;          // Booth phase (lane A / lane B)
  logic [6:0] cnt_q, cnt_d;        // digits / divider bits left - 1

  // coordinate operands
  logic signed [25:0] d1_q, d1_d, d2_q, d2_d;
  logic signed [24:0] a0_q, a0_d;     // Z zero-extended, a UV field sign-extended

  // multiplier
  logic signed [AccW-1:0] acc_q, acc_d;
  logic [SaW-1:0] sa_q, sa_d, sb_q, sb_d;  // serial operands, Booth triple at the top
  logic signed [34:0] ma_q, ma_d, mb_q, mb_d; // multiplicands of lanes A and B (area >> 13 in ma_q for StAddA)

  // divider
  logic [DvW-1:0] dv_q, dv_d;     // dividend magnitude, shifted out MSB first; quotient in
  logic [36:0]    rem_q, rem_d;   // partial remainder < 2 area
  logic           neg_q, neg_d;

  // planes of all units, and the reduced (>> 8) planes of the current unit
  logic [3:0][2:0][2:0][31:0] pl_q, pl_d;     // [unit][coord][field]
  logic [4:0][2:0][PW-1:0]    ap_q, ap_d;     // attribute planes [attr][field]
  logic [2:0][2:0][23:0]      red_q, red_d;   // [coord][field]

  // LOD
  logic [5:0][KW-1:0] kc_q, kc_d;             // K chain, kc_q[0] is the oldest
  logic [KW-1:0]      kabs_q, kabs_d;
  logic [KW-1:0]      kmax_q, kmax_d;             // the maximum |K| of this K's kind so far
  logic [KW-1:0]      m0_q, m0_d, m1_q, m1_d;
  logic [BndW-1:0]    bnd_q, bnd_d;
  logic [5:0]         s_q, s_d;
  logic [KW-1:0]      ksr_q, ksr_d;               // the K being shifted
  logic [5:0]         rs_q, rs_d;                 // its shift still to do
  logic [5:0][22:0]   ko_q, ko_d;          // the current unit's [0 k1u, 1 k1v, 2 k0ux, 3 k0uy, 4 k0vx, 5 k0vy]
  logic [5:0]         sh_q, sh_d;
  logic [IdxW-1:0]    idx_q;               // lod_idx_i of the triangle
  logic               lod_we_q;            // the unit's row is complete: write it
  logic [1:0]         lod_unit_q;
  logic               out_valid_q;

  // ---- coordinate j of unit n, three vertices ----
  // (constant indices only: a variable index into a packed array of 48-bit words makes Yosys
  // multiply the index by the stride, on a DSP)
  // the value of attribute a of a vertex: Z (25 bits) or a colour channel, zero-extended
  function automatic logic [24:0] attr_of(input logic [2:0] a, input logic [24:0] z, input logic [31:0] c);
    unique case (a)
      3'd0:    attr_of = z;
      3'd1:    attr_of = {17'h0, c[7:0]};
      3'd2:    attr_of = {17'h0, c[15:8]};
      3'd3:    attr_of = {17'h0, c[23:16]};
      default: attr_of = {17'h0, c[31:24]};
    endcase
  endfunction

  logic signed [25:0] fa0, fa1, fa2;   // the current coordinate of the three vertices
  logic signed [25:0] fa0_q, fa1_q, fa2_q;   // registered in StCoord, read in StDiff
  logic signed [15:0] fu0, fu1, fu2;
  logic [47:0] cu0, cu1, cu2;      // unit n's words
  always_comb begin
    cu0 = uv0_i[0]; cu1 = uv1_i[0]; cu2 = uv2_i[0];
    for (int u = 1; u < 4; u++) begin
      if (n_q[1:0] == 2'(u)) begin
        cu0 = uv0_i[u]; cu1 = uv1_i[u]; cu2 = uv2_i[u];
      end
    end
    unique case (j_q)
      2'd0:    begin fu0 = cu0[15:0];  fu1 = cu1[15:0];  fu2 = cu2[15:0];  end
      2'd1:    begin fu0 = cu0[31:16]; fu1 = cu1[31:16]; fu2 = cu2[31:16]; end
      default: begin fu0 = cu0[47:32]; fu1 = cu1[47:32]; fu2 = cu2[47:32]; end
    endcase
    if (att_q) begin
      fa0 = {1'b0, attr_of(a_q, z0_i, col0_i)};
      fa1 = {1'b0, attr_of(a_q, z1_i, col1_i)};
      fa2 = {1'b0, attr_of(a_q, z2_i, col2_i)};
    end else begin
      fa0 = 26'(fu0); fa1 = 26'(fu1); fa2 = 26'(fu2);
    end
    if (swap_i) begin
      {fa1, fa2} = {fa2, fa1};
    end
  end

  // ---- multiplier operands ----
  logic signed [34:0] ma, mb;     // multiplicands of lanes A and B
  logic [23:0] lsa, lsb;          // LOD serial operands (q planes)
  always_comb begin
    if (lod_q) begin
      unique case (kk_q)
        3'd0:    begin ma = 35'(signed'(red_q[0][1])); mb = 35'(signed'(red_q[0][2])); end
        3'd1:    begin ma = 35'(signed'(red_q[1][1])); mb = 35'(signed'(red_q[1][2])); end
        3'd2:    begin ma = 35'(signed'(red_q[0][1])); mb = 35'(signed'(red_q[0][0])); end
        3'd3:    begin ma = 35'(signed'(red_q[0][2])); mb = 35'(signed'(red_q[0][0])); end
        3'd4:    begin ma = 35'(signed'(red_q[1][1])); mb = 35'(signed'(red_q[1][0])); end
        default: begin ma = 35'(signed'(red_q[1][2])); mb = 35'(signed'(red_q[1][0])); end
      endcase
    end else begin
      unique case (f_q)
        2'd0:    begin ma = wraw1_q;        mb = wraw2_q; end
        2'd1:    begin ma = 35'(wx1_q);     mb = 35'(wx2_q); end
        default: begin ma = 35'(wy1_q);     mb = 35'(wy2_q); end
      endcase
    end
    lsa = (kk_q < 3'd2) ? red_q[2][2] : red_q[2][0];                       // gyq : cq
    lsb = (kk_q == 3'd3 || kk_q == 3'd5) ? red_q[2][2] : red_q[2][1];      // gyq : gxq
  end

  // ---- the adder: acc_d = (shift ? 4 acc : acc) + (+-) mag * m ----
  logic               add_shift;
  logic signed [34:0] add_m;
  logic [2:0]         add_trip;   // Booth triple
  logic               add_flip;   // negate (lane B of a K)
  logic               b_neg, b_one, b_two;
  logic signed [35:0] tmag;
  logic [AccW-1:0]    term, accs, sum;
  always_comb begin
    b_one = add_trip[0] ^ add_trip[1];
    b_two = (add_trip == 3'b011) || (add_trip == 3'b100);
    b_neg = add_trip[2] ^ add_flip;
    if (b_two)      tmag = 36'(add_m) <<< 1;
    else if (b_one) tmag = 36'(add_m);
    else            tmag = '0;
    term = b_neg ? ~(AccW'(tmag)) : AccW'(tmag);
    accs = add_shift ? {acc_q[AccW-3:0], 2'b00} : acc_q;
    sum  = accs + term + AccW'(b_neg);
  end

  // ---- divider step ----
  logic [38:0] trial;
  logic        tfit;            // {rem, bit} >= 2 area (bit 37 of a fitting difference is 0)
  assign tfit = !trial[38] && !trial[37];
  assign trial = {1'b0, rem_q, dv_q[DvW-1]} - {2'b00, area_q, 1'b0};

  // ---- result of a plane coefficient ----
  // c: + a0 * 2^12 (+ 2^11 for an attribute: the rounding half of its value P >> 12)
  logic [PW-1:0] quo, res;
  always_comb begin
    quo = dv_q[PW-1:0] ^ {PW{neg_q}};
    res = quo;
    if (f_q == 2'd0) res = quo + {a0_q, att_q, 11'h000};
  end

  // ---- K helpers ----
  logic [KW-1:0] kacc, kabs;
  logic          kgt;
  always_comb begin
    kacc = acc_q[KW-1:0];
    kabs = kacc[KW-1] ? KW'(-kacc) : kacc;
    kgt  = kabs_q > kmax_q;
  end

  // ---- write buses of the output registers: zero while a disabled unit is cleared ----
  logic [31:0] pl_wr;
  logic [PW-1:0] ap_wr;
  logic [22:0] ko_wr;
  logic [5:0]  sh_wr;
  always_comb begin
    pl_wr = (st_q == StDivEnd) ? res[31:0] : '0;
    ap_wr = (st_q == StDivEnd) ? res : '0;
    ko_wr = (st_q == StKOut) ? ksr_q[22:0] : '0;   // |K >>> s| < 2^22
    sh_wr = (st_q == StKOut) ? s_q : '0;
  end

  // ---- FSM and datapath ----
  always_comb begin
    st_d = st_q;
    att_d = att_q; a_d = a_q;
    n_d = n_q; j_d = j_q; f_d = f_q; kk_d = kk_q; lod_d = lod_q; ph_d = ph_q; cnt_d = cnt_q;
    d1_d = d1_q; d2_d = d2_q; a0_d = a0_q;
    acc_d = acc_q; sa_d = sa_q; sb_d = sb_q; ma_d = ma_q; mb_d = mb_q;
    dv_d = dv_q; rem_d = rem_q; neg_d = neg_q;
    pl_d = pl_q; ap_d = ap_q; red_d = red_q;
    kc_d = kc_q; kabs_d = kabs_q; kmax_d = kmax_q; ksr_d = ksr_q; rs_d = rs_q; m0_d = m0_q; m1_d = m1_q; bnd_d = bnd_q; s_d = s_q;
    ko_d = ko_q; sh_d = sh_q;
    add_shift = 1'b0; add_m = ph_q ? mb_q : ma_q; add_trip = 3'b000; add_flip = 1'b0;

    unique case (st_q)
      StIdle: begin
        if (in_valid_i) begin
          att_d = 1'b1;
          a_d   = '0;
          n_d   = '0;
          st_d  = StAttr;
        end
      end
      StAttr: begin
        if (a_q == 3'd5) begin
          att_d = 1'b0;
          st_d  = StUnit;
        end else if (!((a_q == 3'd0) ? nz_q : nc_q)) begin
          // not interpolated: its planes from the write bus, zero in this state
          for (int a = 0; a < 5; a++) begin
            if (a_q == 3'(a)) begin
              for (int e = 0; e < 3; e++) ap_d[a][e] = ap_wr;
            end
          end
          a_d = a_q + 3'd1;
        end else begin
          f_d = 2'd0; lod_d = 1'b0;
          st_d = StCoord;
        end
      end
      StUnit: begin
        if (n_q[2]) begin
          st_d = StOut;
        end else if (!en_q[n_q[1:0]]) begin
          // the unit's plane registers from the write bus, which is zero in this state (one
          // data source per register, so the write is a clock enable, not a multiplexer)
          for (int u = 0; u < 4; u++) begin
            if (n_q[1:0] == 2'(u)) begin
              for (int c = 0; c < 3; c++) begin
                for (int e = 0; e < 3; e++) pl_d[u][c][e] = pl_wr;
              end
            end
          end
          n_d = n_q + 3'd1;
        end else begin
          j_d = 2'd0; f_d = 2'd0; lod_d = 1'b0;
          st_d = StCoord;
        end
      end
      StCoord: begin
        st_d = StDiff;
      end
      StDiff: begin
        d1_d = fa1_q - fa0_q;
        d2_d = fa2_q - fa0_q;
        a0_d = fa0_q[24:0];
        st_d = StMulLd;
      end
      StMulLd: begin
        acc_d = '0;
        ph_d  = 1'b0;
        ma_d  = ma;
        mb_d  = mb;
        if (lod_q) begin
          sa_d = {lsa, 1'b0, 2'b00};   // 12 digits of the 24-bit operand
          sb_d = {lsb, 1'b0, 2'b00};
          cnt_d = 7'd11;
        end else begin
          // an attribute: 13 digits of the 26-bit difference; a texture coordinate: 9 digits of
          // the 17-bit one (the 4 digits above are 0 for a sign-extended 17-bit value)
          if (att_q) begin
            sa_d = {d1_q, 1'b0};
            sb_d = {d2_q, 1'b0};
            cnt_d = 7'd12;
          end else begin
            sa_d = {d1_q[17:0], 9'b0};
            sb_d = {d2_q[17:0], 9'b0};
            cnt_d = 7'd8;
          end
        end
        st_d = StMul;
      end
      StMul: begin
        if (!ph_q) begin
          add_shift = 1'b1; add_trip = sa_q[SaW-1:SaW-3];
        end else begin
          add_trip = sb_q[SaW-1:SaW-3]; add_flip = lod_q;
        end
        acc_d = sum;
        ph_d  = !ph_q;
        if (ph_q) begin
          sa_d  = {sa_q[SaW-3:0], 2'b00};
          sb_d  = {sb_q[SaW-3:0], 2'b00};
          cnt_d = cnt_q - 7'd1;
          if (cnt_q == '0) begin
            ma_d = 35'({1'b0, area_q[35:13]});  // for StAddA (ph_q is 0 there)
            st_d = lod_q ? StKEnd : StAddA;
          end
        end
      end
      StAddA: begin
        add_trip = 3'b001;
        acc_d = sum;
        st_d  = StDivLd;
      end
      StDivLd: begin
        neg_d = acc_q[AccW-1];
        // the magnitude M ^ sign; a texture coordinate's is below 2^64 (|n| < 2^50), so its
        // top 10 bits are 0: shifted out in advance, 65 quotient steps instead of 75 (the
        // quotient's low bits, the ones kept, are the same)
        dv_d  = DvW'({acc_q, area_q[12:0]} ^ {(AccW + 13){acc_q[AccW-1]}});
        if (!att_q) dv_d = {dv_d[DvW-11:0], 10'b0};
        rem_d = '0;
        cnt_d = att_q ? 7'(DvW - 1) : 7'(DvW - 11);
        st_d  = StDiv;
      end
      StDiv: begin
        if (tfit) begin
          rem_d = trial[36:0];
          dv_d  = {dv_q[DvW-2:0], 1'b1};
        end else begin
          rem_d = {rem_q[35:0], dv_q[DvW-1]};
          dv_d  = {dv_q[DvW-2:0], 1'b0};
        end
        cnt_d = cnt_q - 7'd1;
        if (cnt_q == '0) st_d = StDivEnd;
      end
      StDivEnd: begin
        for (int a = 0; a < 5; a++) begin
          for (int e = 0; e < 3; e++) begin
            if (att_q && a_q == 3'(a) && f_q == 2'(e)) ap_d[a][e] = ap_wr;
          end
        end
        for (int u = 0; u < 4; u++) begin
          for (int c = 0; c < 3; c++) begin
            for (int e = 0; e < 3; e++) begin
              if (!att_q && n_q[1:0] == 2'(u) && j_q == 2'(c) && f_q == 2'(e)) pl_d[u][c][e] = pl_wr;
            end
          end
        end
        for (int c = 0; c < 3; c++) begin
          for (int e = 0; e < 3; e++) begin
            if (j_q == 2'(c) && f_q == 2'(e)) red_d[c][e] = res[31:8];
          end
        end
        if (f_q != 2'd2) begin
          f_d  = f_q + 2'd1;
          st_d = StMulLd;
        end else if (att_q) begin
          a_d  = a_q + 3'd1;
          st_d = StAttr;
        end else if (j_q != 2'd2) begin
          f_d  = 2'd0;
          j_d  = j_q + 2'd1;
          st_d = StCoord;
        end else begin
          lod_d = 1'b1;
          kk_d  = '0;
          m0_d  = '0;
          m1_d  = '0;
          st_d  = StMulLd;
        end
      end
      StKEnd: begin
        kc_d   = {kacc, kc_q[5:1]};
        kabs_d = kabs;
        kmax_d = (kk_q < 3'd2) ? m1_q : m0_q;
        st_d   = StKMax;
      end
      StKMax: begin
        if (kgt) begin
          if (kk_q < 3'd2) m1_d = kabs_q;
          else             m0_d = kabs_q;
        end
        if (kk_q == 3'd5) begin
          st_d = StBound;
        end else begin
          kk_d = kk_q + 3'd1;
          st_d = StMulLd;
        end
      end
      StBound: begin
        bnd_d = BndW'(m0_q) + {m1_q, 10'b0};
        s_d   = '0;
        st_d  = StSearch;
      end
      StSearch: begin
        if (|bnd_q[BndW-1:22]) begin
          bnd_d = bnd_q >> 1;
          s_d   = s_q + 6'd1;
        end else begin
          kk_d  = '0;
          ksr_d = kc_q[0];
          rs_d  = s_q;
          kc_d  = {kacc, kc_q[5:1]};      // the next K at the head (the tail is not read again)
          st_d  = StKOut;
        end
      end
      StKOut: begin
        if (rs_q >= 6'd4) begin
          ksr_d = KW'($signed(ksr_q) >>> 4);
          rs_d  = rs_q - 6'd4;
        end else if (rs_q != '0) begin
          ksr_d = KW'($signed(ksr_q) >>> 1);
          rs_d  = rs_q - 6'd1;
        end else begin
          sh_d = sh_wr;
          for (int k = 0; k < 6; k++) begin
            if (kk_q == 3'(k)) ko_d[k] = ko_wr;
          end
          ksr_d = kc_q[0];
          rs_d  = s_q;
          kc_d  = {kacc, kc_q[5:1]};
          kk_d  = kk_q + 3'd1;
          if (kk_q == 3'd5) begin
            n_d  = n_q + 3'd1;
            st_d = StUnit;
          end
        end
      end
      StOut: begin
        if (out_ready_i) st_d = StIdle;
      end
      default: st_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q        <= StIdle;
      out_valid_q <= 1'b0;
      lod_we_q    <= 1'b0;
    end else begin
      st_q        <= st_d;
      out_valid_q <= (st_d == StOut);
      // the cycle after the unit's last K went into ko_q (StKOut, K 5, shift done): its row
      lod_we_q    <= (st_q == StKOut) && (rs_q == '0) && (kk_q == 3'd5);
    end
  end
  always_ff @(posedge clk_i) begin
    if (st_q == StKOut) lod_unit_q <= n_q[1:0];
  end
  assign lod_we_o    = lod_we_q;
  assign lod_waddr_o = {idx_q, lod_unit_q};
  assign lod_wdata_o = {ko_q[2], ko_q[3], ko_q[4], ko_q[5], ko_q[0][12:0], ko_q[1][12:0], sh_q};

  // data registers (no reset: every one is written before StOut reads it)
  always_ff @(posedge clk_i) begin
    if (st_q == StIdle && in_valid_i) begin
      en_q <= en_mask_i; nz_q <= need_z_i; nc_q <= need_c_i; area_q <= area_i; idx_q <= lod_idx_i;
      wraw1_q <= wraw1_i; wraw2_q <= wraw2_i; wx1_q <= wx1_i; wx2_q <= wx2_i;
      wy1_q <= wy1_i; wy2_q <= wy2_i;
    end
    att_q <= att_d; a_q <= a_d;
    n_q <= n_d; j_q <= j_d; f_q <= f_d; kk_q <= kk_d; lod_q <= lod_d; ph_q <= ph_d; cnt_q <= cnt_d;
    d1_q <= d1_d; d2_q <= d2_d; a0_q <= a0_d;
    if (st_q == StCoord) begin
      fa0_q <= fa0; fa1_q <= fa1; fa2_q <= fa2;
    end
    acc_q <= acc_d; sa_q <= sa_d; sb_q <= sb_d; ma_q <= ma_d; mb_q <= mb_d;
    dv_q <= dv_d; rem_q <= rem_d; neg_q <= neg_d;
    pl_q <= pl_d; ap_q <= ap_d; red_q <= red_d;
    kc_q <= kc_d; kabs_q <= kabs_d; kmax_q <= kmax_d; ksr_q <= ksr_d; rs_q <= rs_d; m0_q <= m0_d; m1_q <= m1_d; bnd_q <= bnd_d; s_q <= s_d;
    ko_q <= ko_d; sh_q <= sh_d;
  end

  assign in_ready_o  = (st_q == StIdle);
  assign out_valid_o = out_valid_q;
  assign en_mask_o   = en_q;
  for (genvar g = 0; g < 5; g++) begin : g_attr
    assign at_c_o[g]  = ap_q[g][0];
    assign at_gx_o[g] = ap_q[g][1];
    assign at_gy_o[g] = ap_q[g][2];
  end
  for (genvar g = 0; g < 4; g++) begin : g_unit
    assign uq_c_o[g]  = pl_q[g][0][0];
    assign uq_gx_o[g] = pl_q[g][0][1];
    assign uq_gy_o[g] = pl_q[g][0][2];
    assign vq_c_o[g]  = pl_q[g][1][0];
    assign vq_gx_o[g] = pl_q[g][1][1];
    assign vq_gy_o[g] = pl_q[g][1][2];
    assign q_c_o[g]   = pl_q[g][2][0];
    assign q_gx_o[g]  = pl_q[g][2][1];
    assign q_gy_o[g]  = pl_q[g][2][2];
  end

`ifndef SYNTHESIS
  // valid/ready contract of the output: the record holds while valid and not ready (out_valid_o
  // is in the value: it was high at the edge before, so it stays high)
  prim_chk_stable #(.Name("a_out_hold"), .W(1 + $bits(pl_q) + $bits(ap_q))) a_out_hold (
    .clk_i (clk_i), .rst_ni (rst_ni), .cond_i (out_valid_o && !out_ready_i),
    .value_i ({out_valid_o, pl_q, ap_q})
  );
`endif
endmodule
