// tmu_blend: the texture blend chain and the Gouraud modulation on 10.8 colours (issue 12;
// docs/spec-decisions.md "Texture units", blend chain, and "Colour arithmetic"). C mirror:
// tmu_promote(), tmu_blend(), tmu_modulate() in sw/model/tmu_blend.c, in the order of
// tmu_fragment() (sw/model/tmu.c).
//
// Input: the texel slots of the fragments, one slot per enabled unit in unit order, the slots
// of one fragment consecutive (first_i on the first, last_i on the last, both on a fragment
// with one enabled unit). Per slot, per channel (R, G, B, A):
//   cur = c108_from8(texel channel)                              (tmu_promote)
//   acc = first ? cur : op(acc, cur)                             (tmu_blend)
//     op by func_i: 0 MULTIPLY c108_mul(acc, cur), 1 ADD c108_add(acc, cur),
//                   2 SUBTRACT c108_sub(acc, cur), 3 INVERSE_SUBTRACT c108_sub(cur, acc)
// and after the last slot of a fragment one result:
//   color = gouraud ? c108_mul(acc, vcolor) : acc                (tmu_modulate)
// func_i of a first slot is ignored; gouraud_i and vcolor_i are read with the last slot only.
//
// Multipliers: one 18x18 product per channel (4 MULT18X18D), t_q = acc_q * y_q, both operands
// flip-flops and the product registered: the product and its rounding in one cycle would be
// 14 ns (measured, 71 MHz). The same four serve the MULTIPLY blends and the modulation; y_q
// holds the texel of a MULTIPLY slot, or for the modulation the vertex colour (gouraud) or
// 1023.0 (no gouraud: c108_mul(x, 1023.0) = x exactly, so every colour leaves through one
// rounding). The rounding c108_round(t_q) is one sum in the next cycle; the blend of an ADD,
// SUBTRACT or INVERSE_SUBTRACT slot behind a MULTIPLY is folded into that sum (a constant K
// holding its texel), so it goes to the running colour in that same cycle.
//
// Throughput: a slot occupies s1 for one cycle, except
//   + 1 a MULTIPLY (not first) transferred in the cycle in which its predecessor, also a
//       MULTIPLY, made its product: it waits while that product is rounded into acc_q, its
//       operand (no wait when a gap came between them: the gap rounds it),
//   + 1 a MULTIPLY last slot with gouraud: its rounded product goes to acc_q before the
//       modulation multiplies it.
// slot_ready_o is low while a slot occupies s1 before its last cycle (and while the output
// holds a colour and s1 cannot move, below). Every other slot takes one cycle, the modulation
// included: the product for a fragment's colour falls in the cycle after its last slot, when
// s1 holds the next fragment's first slot, which needs none.
//
// Latency: the colour is offered on frag_valid_o 3 cycles after the last cycle its fragment's
// last slot occupies s1, i.e. 4 cycles after that slot's transfer (5 or 6 with the waits
// above), plus any output back-pressure. Stages:
//   s1  the slot (flags, texel, vertex colour), y_q: it blends into acc_q, or into t_q
//   sM  the fragment is complete: acc_q * (vcolor or 1023.0) into t_q (a pending MULTIPLY
//       blend without gouraud is its colour already: t_q holds)
//   sO  the colour c108_round(t_q) into the output register
//   out prim_spill_reg (frag_valid_o, color_o from flops)
// Stall: every register advances together unless sO holds a colour the output register
// cannot take (its ready is a flop). slot_ready_o and frag_valid_o depend on flip-flops only,
// never on frag_ready_i or slot_valid_i; the colour holds while valid waits (docs/interfaces.md).
// Colours leave in fragment order (one pipeline).
// Illegal input: slots not bracketed by first/last are not checked (a first slot starts a new
// colour; slots after a last one without a first blend into whatever acc_q holds, and a
// MULTIPLY among them may take the multiplier from sM: that colour is then wrong).
// Reset: s1, sM, sO and the output register empty (data registers are not reset).
module tmu_blend (
  input  logic               clk_i,
  input  logic               rst_ni,
  // slot input, valid/ready
  input  logic               slot_valid_i,
  output logic               slot_ready_o,
  input  logic               first_i,      // first enabled unit of its fragment (starts the accumulator)
  input  logic               last_i,       // last enabled unit of its fragment
  input  logic [1:0]         func_i,       // TEXn_BLEND.FUNC of this unit (ignored when first_i)
  input  logic [31:0]        texel_i,      // RGBA8 after swizzle (A[31:24] B G R[7:0]); 0 for a zeroed sample
  input  logic               gouraud_i,    // modulate by vcolor after the last slot
  input  gpu_pkg::color108_t vcolor_i,     // the fragment's vertex colour (valid with last_i)
  // one result per fragment (after its last slot), valid/ready
  output logic               frag_valid_o,
  input  logic               frag_ready_i,
  output gpu_pkg::color108_t color_o,
  output logic               busy_o        // a slot or colour in a stage or the output register
);
  // TEXn_BLEND.FUNC (C: TEX_BLEND_* in sw/model/tmu.h)
  localparam logic [1:0] FuncMultiply = 2'd0;
  localparam logic [1:0] FuncSubtract = 2'd2;
  localparam logic [1:0] FuncInvSub   = 2'd3;
  // (1 ADD: none of mul1_q, sub1_q, inv1_q)

  localparam logic [17:0] C108Max = 18'h3FFFF;
  localparam logic [39:0] KRound  = 40'h20000;   // 2^17: K of a plain rounding

  // Colours are [3:0][17:0] arrays of channels, index 0 R, 1 G, 2 B, 3 A (the order of
  // color108_t from its LSB). Not a typedef: Yosys reads a typedef'd 2-D packed array as a flat
  // vector, so [c] would select one bit.

  logic advance;                       // every register loads (no colour waits in sO)
  logic out_ready;                     // the output register takes a colour (a flop of u_out)
  logic [1:0] out_count;

  // ---- s1: the slot ----
  logic             v1_q, v1_d;        // s1 holds a slot
  logic             first1_q, last1_q, gour1_q;
  logic             mul1_q, sub1_q, inv1_q;   // MULTIPLY, SUBTRACT, INV_SUBTRACT and not first
  logic             ph1_q, ph1_d;      // its product is in t_q (the second cycle of a MULTIPLY
                                       // last slot with gouraud)
  logic [3:0][17:0] cur_in;            // the incoming texel, promoted
  logic [3:0][17:0] cy1_q, cy_in;      // the texel, inverted for SUBTRACT (the adder operand)
  logic [3:0][17:0] vcol1_q;
  logic             wait1, dsp1, done1, s1_free;

  // ---- the running colour and the shared multipliers ----
  logic [3:0][17:0] acc_q, acc_d;      // the running colour (first multiplier operand)
  logic [3:0][17:0] y_q, y_d;          // second operand: a MULTIPLY's texel, vcolor or 1023.0
  logic [3:0][35:0] t_q, t_d;          // the product acc_q * y_q of the cycle before
  logic             pend_q, pend_d;    // t_q holds a MULTIPLY blend: its rounding is the
                                       // running colour (not acc_q)
  logic             mod_d;             // t_q will hold sM's colour, unrounded
  logic             t_en;              // t_q loads

  // ---- sM: a complete fragment; sO: its colour ----
  logic             vm_q, gourm_q, vo_q;
  logic [3:0][17:0] color;             // the colour into the output register

  // ---- the slot in s1 ----
  // A MULTIPLY (not first) needs the running colour in acc_q as its operand: it waits while the
  // running colour is still a product (pend_q); a last one with gouraud stays a second cycle
  // so that its rounded product reaches acc_q for the modulation.
  assign wait1   = v1_q && mul1_q && !ph1_q && pend_q;
  assign dsp1    = v1_q && mul1_q && !ph1_q && !pend_q;
  assign done1   = v1_q && !wait1 && !(dsp1 && last1_q && gour1_q);
  assign s1_free = advance && (!v1_q || done1);
  assign slot_ready_o = s1_free;

  // The rounding of t_q and the blend of the slot in s1 with it share one sum per channel:
  //   S = t + (t >> 10) + (t >> 20) + K,   D = S >>> 18   (signed)
  // with K = 2^17 (c108_round: D = z) or K holding the texel cur of the slot in s1 (k_q):
  //   ADD      K = 2^17 + cur<<18          D = z + cur       -> D >= 2^18 ? MAX : D
  //   SUBTRACT K = 2^17 - cur<<18          D = z - cur       -> D < 0 ? 0 : D
  //   INV_SUB  K = 2^17 - cur<<18 - 2^18   D = z - cur - 1   -> D < 0 ? ~D (= cur - z) : 0
  // exact, because cur<<18 has no bits below 2^18. z of a MULTIPLY blend never saturates
  // (cur <= 1023.0, and c108_mul(x, 1023.0) = x for every x): only a modulation saturates,
  // which K = 2^17 decodes like ADD. k_q and its decode (dsub_q, dinv_q) are 2^17 / plain
  // whenever t_q holds sM's colour or s1 holds no blend of this kind.
  // A blend with acc_q (no product pending) has its own 20-bit adder, p = px + py + ci:
  //   first 0 + cur, ADD acc + cur, SUBTRACT acc + ~cur + 1, INV_SUB ~acc + cur + 1.
  logic [3:0][39:0] k_q, k_d, k_in;
  logic             dsub_q, dinv_q, dsub_d, dinv_d;
  logic             sel_dec;           // acc_q takes D (a pending product, s1 not a first slot)
  logic             ld_acc;            // acc_q loads

  for (genvar c = 0; c < 4; c++) begin : g_ch
    logic [9:0]  c10;                  // the texel channel in 10 bits (c108_from8's integer part)
    logic [11:0] kh;                   // K >> 26 of the incoming slot (signed)
    logic [39:0] sum;
    logic [21:0] d;
    logic [19:0] px, py, p;
    logic [17:0] zr;                   // t_q rounded (c108_round)
    logic [39:0] ki;                   // k_in[c]
    assign cur_in[c] = gpu_pkg::c108_from8(texel_i[8*c +: 8]);
    assign c10       = cur_in[c][17:8];
    assign cy_in[c]  = (!first_i && func_i == FuncSubtract) ? ~cur_in[c] : cur_in[c];
    assign t_d[c]    = 36'(acc_q[c]) * 36'(y_q[c]);

    // K of the incoming slot: 2^17 + kh * 2^26 (INV_SUB: kh = ~c10 = -c10 - 1, and the
    // 2^26 - 2^18 that makes up for the 1 in bits 25:18)
    always_comb begin
      unique case (func_i)
        FuncMultiply: kh = 12'd0;
        FuncSubtract: kh = -{2'b00, c10};
        FuncInvSub:   kh = ~{2'b00, c10};
        default:      kh = {2'b00, c10};          // ADD
      endcase
      if (first_i) kh = 12'd0;
      ki = {{2{kh[11]}}, kh, 26'h0020000};
      if (!first_i && func_i == FuncInvSub) ki[25:18] = 8'hFF;
    end
    assign k_in[c] = ki;

    // the sum: K has no bits below 2^17, so t >> 20 (16 bits) and K are one operand, x; two
    // carry chains, t + (t >> 10) and then + x (keep: Yosys would merge the three operands into
    // one carry-save tree, 60 LUT4 more per channel for 0.2 ns)
    (* keep *) logic [36:0] s_hi;
    logic [39:0] x;
    assign s_hi = 37'(t_q[c]) + 37'(t_q[c][35:10]);
    assign x    = {k_q[c][39:16], t_q[c][35:20]};
    assign sum  = 40'(s_hi) + x;
    assign d    = sum[39:18];
    // D decoded, as three per-channel conditions and one bit each (a wide decode per bit
    // would be mapped as 7-input functions, 8 LUT4 a bit):
    //   plain, ADD (D >= 0): D >= 2^18 ? MAX : D     SUBTRACT: D < 0 ? 0 : D (< 2^18)
    //   INV_SUB: D < 0 ? ~D : 0
    logic dsat, dzero;
    assign dsat  = d[18] && !d[21];
    assign dzero = d[21] ? dsub_q : dinv_q;
    // the rounding alone (t_q holds sM's colour, or s1 blends nothing with it): saturated z
    assign zr = d[18] ? C108Max : d[17:0];

    // the blend with acc_q (a first slot: 0 + cur)
    logic psat, pzero;
    assign px    = first1_q ? 20'h0 : {{2{inv1_q}}, acc_q[c] ^ {18{inv1_q}}};
    assign py    = {{2{sub1_q}}, cy1_q[c]};
    assign p     = px + py + 20'(sub1_q || inv1_q);
    // (a SUBTRACT / INV_SUB >= 0 stays below 2^18, so psat = p[18] would do, but then ABC
    // maps the decode into 7-input functions: 150 LUT4 more)
    assign psat  = p[18] && !(sub1_q || inv1_q);
    assign pzero = p[19] && (sub1_q || inv1_q);

    // acc_q loads (ld_acc) a pending product's rounding, blended with a non-MULTIPLY slot in
    // s1 or alone (a waiting MULTIPLY, the second cycle of one, an empty s1: plain K), or the
    // blend of a first or non-MULTIPLY slot with acc_q; a MULTIPLY with acc_q goes to the
    // multiplier instead
    logic asat, azero;
    assign asat     = sel_dec ? dsat : psat;
    assign azero    = sel_dec ? dzero : pzero;
    assign acc_d[c] = azero ? 18'h0 : asat ? C108Max : (sel_dec ? d[17:0] ^ {18{dinv_q}} : p[17:0]);
    // the colour of sO: t_q rounded
    assign color[c] = zr;

    logic unused_sum;   // the sum's bits below 2^-8 (only their carry counts) and D's bits
    assign unused_sum = ^{sum[17:0], d[20:19]};   // between the value and the sign
  end
  assign sel_dec = pend_q && !(v1_q && first1_q);
  assign ld_acc  = advance && (pend_q || (v1_q && !mul1_q));

  always_comb begin
    // the product register: a MULTIPLY of s1 (acc_q * texel), or the colour of the fragment
    // in sM; never both in one cycle (the slot in s1 behind a complete fragment is a first
    // slot)
    pend_d = dsp1;
    mod_d  = !dsp1 && vm_q;
    // sM's colour into t_q: acc_q * vcolor with gouraud, acc_q * 1023.0 (exact) without;
    // a pending MULTIPLY blend without gouraud is its colour already: t_q holds
    t_en   = !(vm_q && pend_q && !gourm_q);
    // y_q: vcolor or 1023.0 when the slot leaving s1 is a last one (sM is next, and a slot
    // entering s1 now is a first one), else the entering slot's texel
    y_d = y_q;
    if (done1 && last1_q) y_d = gour1_q ? vcol1_q : {4{gpu_pkg::C108_ONE}};
    else if (s1_free)     y_d = cur_in;
    // K: the entering slot's; a plain rounding while s1 is empty and when t_q will hold sM's
    // colour (the slot in s1 then blends with acc_q, or is a MULTIPLY, with a plain K)
    k_d    = k_q;
    dsub_d = dsub_q;
    dinv_d = dinv_q;
    if (s1_free) begin
      k_d    = slot_valid_i ? k_in : {4{KRound}};
      dsub_d = slot_valid_i && !first_i && func_i == FuncSubtract;
      dinv_d = slot_valid_i && !first_i && func_i == FuncInvSub;
    end
    if (mod_d) begin
      k_d    = {4{KRound}};
      dsub_d = 1'b0;
      dinv_d = 1'b0;
    end
    ph1_d = s1_free ? 1'b0 : (ph1_q || dsp1);
    v1_d  = s1_free ? slot_valid_i : v1_q;
  end

  // everything advances unless a colour in sO waits for the output register
  assign advance = !vo_q || out_ready;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      v1_q <= 1'b0;
      vm_q <= 1'b0;
      vo_q <= 1'b0;
    end else if (advance) begin
      v1_q <= v1_d;
      vm_q <= done1 && last1_q;
      vo_q <= vm_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (advance) begin
      if (s1_free) begin   // also the payload of an idle cycle: v1_q tells
        first1_q <= first_i;
        last1_q  <= last_i;
        gour1_q  <= gouraud_i;
        mul1_q   <= !first_i && func_i == FuncMultiply;
        sub1_q   <= !first_i && func_i == FuncSubtract;
        inv1_q   <= !first_i && func_i == FuncInvSub;
        cy1_q    <= cy_in;
        vcol1_q  <= vcolor_i;
      end
      ph1_q   <= ph1_d;
      y_q     <= y_d;
      if (t_en) t_q <= t_d;
      pend_q  <= pend_d;
      k_q     <= k_d;
      dsub_q  <= dsub_d;
      dinv_q  <= dinv_d;
      gourm_q <= gour1_q;
    end
    if (ld_acc) begin
      acc_q   <= acc_d;
    end
  end

  prim_spill_reg #(.Width(72)) u_out (
    .clk_i,
    .rst_ni,
    .valid_i (vo_q),
    .ready_o (out_ready),
    .data_i  (color),
    .valid_o (frag_valid_o),
    .ready_i (frag_ready_i),
    .data_o  (color_o),
    .count_o (out_count)
  );

  assign busy_o = v1_q || vm_q || vo_q || (out_count != 2'd0);
endmodule
