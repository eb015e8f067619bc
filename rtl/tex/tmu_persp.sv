// tmu_persp: the per-pixel perspective divide of one texture slot (issue 12;
// docs/spec-decisions.md "Texture units", perspective divide). C mirror: tmu_persp() in
// sw/model/tmu_persp.c, field for field (tex_persp_t).
//
//   qc = max(Q, 1)                       1..2^31-1   (Q <= 0 samples as the smallest Q)
//   k  = floor(log2 qc)                  0..30       (leading-one detector)
//   m  = qc normalised to 17 bits        2^16..2^17-1: (qc << 16) >> k, truncated
//   r  = tmu_recip(m) ~ 2^33 / m         2^16 < r <= 2^17 (18 bits; rtl/tex/tmu_recip.sv)
//   pu = UQ * r, pv = VQ * r             signed 32 x unsigned 18: -2^48 <= pu < 2^48 (49 bits)
// so that U = pu / 2^(k+17). Every 32-bit UQ, VQ, Q is legal (no illegal input).
//
// Ports are flat vectors named after the C fields (no package: the stage has one input and one
// output record, each used once, and the chain that connects the stages will pick its own
// stream structs; flat ports map one to one onto tex_persp_t for the unit test).
//
// Pipeline (Latency = 6 register stages, one input per cycle):
//   1 qc and k (compare, 31-bit leading-one detector)
//   2 m (barrel shift); its fraction addresses tmu_recip's ROM (see "stall" below)
//   3 r arrives from tmu_recip (its second register)
//   4 product operands registered (DSP input registers)
//   5 four unsigned 16 x 18-bit partial products registered (4 MULT18X18: UQ and VQ split in
//     halves; the upper half is taken unsigned and corrected at stage 6)
//   6 pu, pv = hi*r*2^16 + lo*r - sign*r*2^32: one 3:2 carry-save row and one 33-bit add
// Stall: every pipeline register loads only when en_i = 1; valid_o and all outputs then hold.
// tmu_recip has no enable (its two registers load every cycle), so it is fed with the value
// stage 2 holds after the edge (en_i ? the new m : the held m): its ROM register always holds
// the entry of stage 2's m, its result register the reciprocal of what stage 2 held one cycle
// before; stage 3 takes that result on the cycle after an advance and keeps it in r_hold_q
// while stalled. This relies on tmu_recip's structure (latency 2: the ROM register, then the
// result register); a change there needs the stall handling here to follow (the unit test's
// random stalls catch it). Outputs are meaningful only while valid_o is high.
// Resources (yosys synth_ecp5): 4 MULT18X18 here + 1 in tmu_recip, one 18-kbit EBR. Timing
// (nextpnr-ecp5 out of context, LFE5U-25F-6): 118.8 MHz for this module's own paths (m ->
// ROM address); tmu_recip's second stage (EBR read -> 12 x 8 DSP product -> subtract and
// round) is slower (57 MHz), see rtl/tex/README.md.
// Reset: valid_o low (data registers are not reset).
module tmu_persp #(
  parameter RecipFile = "data/tex_recip.hex"  // tmu_recip's ROM image (run directory)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        en_i,      // advance: every pipeline register loads only when high
  input  logic        valid_i,
  input  logic [31:0] uq_i,      // plane values of UQ, VQ, Q (two's complement, 2^-27 units)
  input  logic [31:0] vq_i,
  input  logic [31:0] q_i,
  output logic        valid_o,
  output logic [30:0] qc_o,      // max(Q, 1)
  output logic [4:0]  k_o,       // floor(log2 qc)
  output logic [16:0] m_o,       // normalised qc
  output logic [17:0] r_o,       // reciprocal of m
  output logic [48:0] pu_o,      // UQ * r (two's complement)
  output logic [48:0] pv_o       // VQ * r
);
  localparam int unsigned Latency = 6;  // en_i cycles from an input to its output

  logic [Latency-1:0] v_q;               // v_q[i]: stage i+1 holds a valid slot

  // ---- stage 1: qc, k ----
  logic [30:0] qc_d, qc1_q;
  logic [4:0]  k_d, k1_q;
  logic [31:0] uq1_q, vq1_q;

  always_comb begin
    qc_d = (q_i[31] || q_i == 32'd0) ? 31'd1 : q_i[30:0];
    k_d  = 5'd0;
    for (int i = 1; i < 31; i++) begin
      if (qc_d[i]) k_d = 5'(i);
    end
  end

  // ---- stage 2: m, and the reciprocal's ROM address ----
  logic [16:0] m_d, m2_q;
  logic [30:0] qc2_q;
  logic [4:0]  k2_q;
  logic [31:0] uq2_q, vq2_q;
  logic [15:0] rcp_f;            // the fraction stage 2 holds after this edge
  logic        rcp_v;

  assign m_d    = 17'({qc1_q, 16'd0} >> k1_q);
  assign rcp_f  = en_i ? m_d[15:0] : m2_q[15:0];
  assign rcp_v  = en_i ? v_q[0] : v_q[1];

  logic        rcp_valid;
  logic [17:0] rcp_r;

  tmu_recip #(.RecipFile(RecipFile)) u_recip (
    .clk_i,
    .rst_ni,
    .valid_i (rcp_v),
    .f_i     (rcp_f),
    .valid_o (rcp_valid),
    .r_o     (rcp_r)
  );

  // ---- stage 3: r ----
  logic [16:0] m3_q;
  logic [30:0] qc3_q;
  logic [4:0]  k3_q;
  logic [31:0] uq3_q, vq3_q;
  logic        adv_q;            // the last edge was an advance: rcp_r belongs to stage 3
  logic [17:0] r3_d, r_hold_q;

  // rcp_valid is stage 3's own valid on the cycle after an advance; the reciprocal of an
  // invalid slot is not kept
  assign r3_d = (adv_q && rcp_valid) ? rcp_r : r_hold_q;

  // ---- stage 4: product operands ----
  logic [16:0] m4_q;
  logic [30:0] qc4_q;
  logic [4:0]  k4_q;
  logic [31:0] uq4_q, vq4_q;
  logic [17:0] r4_q;

  // ---- stage 5: partial products ----
  logic [32:0] phu_d, phv_d, phu5_q, phv5_q;   // < 2^33: r <= 2^17
  logic [33:0] plu_d, plv_d, plu5_q, plv5_q;
  logic        su5_q, sv5_q;     // UQ, VQ negative
  logic [16:0] m5_q;
  logic [30:0] qc5_q;
  logic [4:0]  k5_q;
  logic [17:0] r5_q;

  assign phu_d = 33'({18'd0, uq4_q[31:16]} * {16'd0, r4_q});
  assign plu_d = {18'd0, uq4_q[15:0]}  * {16'd0, r4_q};
  assign phv_d = 33'({18'd0, vq4_q[31:16]} * {16'd0, r4_q});
  assign plv_d = {18'd0, vq4_q[15:0]}  * {16'd0, r4_q};

  // ---- stage 6: pu, pv ----
  // x*r = hi_u*r*2^16 + lo*r - s*r*2^32 (hi_u: the upper half read unsigned, s: the sign), so
  // bits [48:16] are hi_u*r + (lo*r >> 16) - s*(r << 16) modulo 2^33 and bits [15:0] are
  // (lo*r)[15:0]. The three terms go through one carry-save row; -c = ~c + 1, the +1 enters
  // at the free bit 0 of the shifted carry word.
  function automatic logic [32:0] upper(input logic [32:0] ph, input logic [17:0] pl_hi,
                                        input logic s, input logic [16:0] r);
    logic [32:0] a, b, c, sum;
    logic [31:0] cry;
    a   = ph;
    b   = {15'd0, pl_hi};
    c   = ~(s ? {r, 16'd0} : 33'd0);
    sum = a ^ b ^ c;
    cry = (a[31:0] & b[31:0]) | (a[31:0] & c[31:0]) | (b[31:0] & c[31:0]);
    upper = sum + {cry, 1'b1};
  endfunction

  logic [48:0] pu_d, pv_d, pu6_q, pv6_q;
  logic [16:0] m6_q;
  logic [30:0] qc6_q;
  logic [4:0]  k6_q;
  logic [17:0] r6_q;

  assign pu_d = {upper(phu5_q, plu5_q[33:16], su5_q, r5_q[16:0]), plu5_q[15:0]};
  assign pv_d = {upper(phv5_q, plv5_q[33:16], sv5_q, r5_q[16:0]), plv5_q[15:0]};

  // ---- registers ----
  always_ff @(posedge clk_i) begin
    r_hold_q <= r3_d;
    if (en_i) begin
      qc1_q <= qc_d;     k1_q <= k_d;     uq1_q <= uq_i;   vq1_q <= vq_i;
      m2_q  <= m_d;      qc2_q <= qc1_q;  k2_q <= k1_q;    uq2_q <= uq1_q;  vq2_q <= vq1_q;
      m3_q  <= m2_q;     qc3_q <= qc2_q;  k3_q <= k2_q;    uq3_q <= uq2_q;  vq3_q <= vq2_q;
      m4_q  <= m3_q;     qc4_q <= qc3_q;  k4_q <= k3_q;    uq4_q <= uq3_q;  vq4_q <= vq3_q;
      r4_q  <= r3_d;
      phu5_q <= phu_d;   plu5_q <= plu_d; phv5_q <= phv_d; plv5_q <= plv_d;
      su5_q <= uq4_q[31]; sv5_q <= vq4_q[31];
      m5_q  <= m4_q;     qc5_q <= qc4_q;  k5_q <= k4_q;    r5_q <= r4_q;
      pu6_q <= pu_d;     pv6_q <= pv_d;
      m6_q  <= m5_q;     qc6_q <= qc5_q;  k6_q <= k5_q;    r6_q <= r5_q;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      v_q   <= '0;
      adv_q <= 1'b0;
    end else begin
      adv_q <= en_i;
      if (en_i) begin
        v_q <= {v_q[Latency-2:0], valid_i};
      end
    end
  end

  assign valid_o = v_q[Latency-1];
  assign qc_o    = qc6_q;
  assign k_o     = k6_q;
  assign m_o     = m6_q;
  assign r_o     = r6_q;
  assign pu_o    = pu6_q;
  assign pv_o    = pv6_q;
endmodule
