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
// Pipeline (Latency = 7 register stages, one input per advance):
//   1   qc and k (compare, 31-bit leading-one detector)
//   2-5 tmu_recip (Latency 4), fed with m = qc normalised (barrel shift) straight from stage 1;
//       m, qc, k, UQ, VQ travel beside it
//   6   four unsigned 16 x 18-bit partial products registered (4 MULT18X18, from tmu_recip's
//       result register and stage 5's UQ/VQ: flip-flop to flip-flop; UQ and VQ split in
//       halves, the upper half taken unsigned and corrected at stage 7)
//   7   pu, pv = hi*r*2^16 + lo*r - sign*r*2^32: one 3:2 carry-save row and one 33-bit add
// Stall: every pipeline register loads only when en_i = 1 (tmu_recip's too, through its
// en_i); valid_o and all outputs then hold. Outputs are meaningful only while valid_o is high.
// Resources (yosys synth_ecp5): 4 MULT18X18 here + 1 in tmu_recip, one 18-kbit EBR.
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
  localparam int unsigned Latency = 7;  // en_i cycles from an input to its output

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

  // ---- stages 2-5: m into tmu_recip; the slot's other fields beside it ----
  localparam int unsigned RcpLat = 4;    // tmu_recip's Latency
  logic [16:0] m_d;
  logic        rcp_valid;
  logic [17:0] rcp_r;

  assign m_d = 17'({qc1_q, 16'd0} >> k1_q);

  tmu_recip #(.RecipFile(RecipFile)) u_recip (
    .clk_i,
    .rst_ni,
    .en_i,
    .valid_i (v_q[0]),
    .f_i     (m_d[15:0]),
    .valid_o (rcp_valid),
    .r_o     (rcp_r)
  );

  logic [RcpLat-1:0][16:0] m_dl_q;       // delay lines, index i = stage i+2
  logic [RcpLat-1:0][30:0] qc_dl_q;
  logic [RcpLat-1:0][4:0]  k_dl_q;
  logic [RcpLat-1:0][31:0] uq_dl_q, vq_dl_q;
  logic [16:0] m5;
  logic [30:0] qc5;
  logic [4:0]  k5;
  logic [31:0] uq5, vq5;
  assign m5  = m_dl_q[RcpLat-1];
  assign qc5 = qc_dl_q[RcpLat-1];
  assign k5  = k_dl_q[RcpLat-1];
  assign uq5 = uq_dl_q[RcpLat-1];
  assign vq5 = vq_dl_q[RcpLat-1];

  // ---- stage 6: partial products ----
  logic [32:0] phu_d, phv_d, phu6_q, phv6_q;   // < 2^33: r <= 2^17
  logic [33:0] plu_d, plv_d, plu6_q, plv6_q;
  logic        su6_q, sv6_q;     // UQ, VQ negative
  logic [16:0] m6_q;
  logic [30:0] qc6_q;
  logic [4:0]  k6_q;
  logic [17:0] r6_q;

  assign phu_d = 33'({18'd0, uq5[31:16]} * {16'd0, rcp_r});
  assign plu_d = {18'd0, uq5[15:0]}  * {16'd0, rcp_r};
  assign phv_d = 33'({18'd0, vq5[31:16]} * {16'd0, rcp_r});
  assign plv_d = {18'd0, vq5[15:0]}  * {16'd0, rcp_r};

  // ---- stage 7: pu, pv ----
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

  logic [48:0] pu_d, pv_d, pu7_q, pv7_q;
  logic [16:0] m7_q;
  logic [30:0] qc7_q;
  logic [4:0]  k7_q;
  logic [17:0] r7_q;

  assign pu_d = {upper(phu6_q, plu6_q[33:16], su6_q, r6_q[16:0]), plu6_q[15:0]};
  assign pv_d = {upper(phv6_q, plv6_q[33:16], sv6_q, r6_q[16:0]), plv6_q[15:0]};

  // ---- registers ----
  always_ff @(posedge clk_i) begin
    if (en_i) begin
      qc1_q <= qc_d;     k1_q <= k_d;     uq1_q <= uq_i;   vq1_q <= vq_i;
      m_dl_q  <= {m_dl_q[RcpLat-2:0], m_d};
      qc_dl_q <= {qc_dl_q[RcpLat-2:0], qc1_q};
      k_dl_q  <= {k_dl_q[RcpLat-2:0], k1_q};
      uq_dl_q <= {uq_dl_q[RcpLat-2:0], uq1_q};
      vq_dl_q <= {vq_dl_q[RcpLat-2:0], vq1_q};
      phu6_q <= phu_d;   plu6_q <= plu_d; phv6_q <= phv_d; plv6_q <= plv_d;
      su6_q <= uq5[31];  sv6_q <= vq5[31];
      m6_q  <= m5;       qc6_q <= qc5;    k6_q <= k5;      r6_q <= rcp_r;
      pu7_q <= pu_d;     pv7_q <= pv_d;
      m7_q  <= m6_q;     qc7_q <= qc6_q;  k7_q <= k6_q;    r7_q <= r6_q;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      v_q <= '0;
    end else if (en_i) begin
      v_q <= {v_q[Latency-2:0], valid_i};
    end
  end

  // tmu_recip's valid is stage 5's own valid (checked by the unit test through valid_o)
  logic unused_rcp_valid;
  assign unused_rcp_valid = rcp_valid;

  assign valid_o = v_q[Latency-1];
  assign qc_o    = qc7_q;
  assign k_o     = k7_q;
  assign m_o     = m7_q;
  assign r_o     = r7_q;
  assign pu_o    = pu7_q;
  assign pv_o    = pv7_q;
endmodule
