// tmu_addr: texel coordinates, wrap, mip-level offset and the 4x4-block request of one texture
// slot (issue 12; docs/spec-decisions.md "Texture units", texel coordinates and wrap, memory
// layout, texture cache). C mirror: tmu_addr() and tmu_level_offset() in sw/model/tmu_addr.c
// (the request is tex_req_t field for field).
//
//   w = max(wl - level, 0), h = max(hl - level, 0)
//   tu = pu >> (k + 17 - w), tv = pv >> (k + 17 - h)        (arithmetic; shift 7..47)
//   tx, ty = the axes' wrap modes on tu, tv (rtl/tex/tmu_wrap.sv)
// The wrap modes need only tu's low 11 bits, its sign and whether tu >= 2^w, so tu is never
// formed: the shifter produces the low 11 bits alone (largest shift first, each stage only as
// wide as the stages after it need: 42 + 26 + 18 + 14 + 12 + 11 multiplexers, not 6 x 44), the
// sign is pu's, and tu >= 2^w  <=>  pu >= 2^(k+17) (the shift and w cancel: s + w = k + 17), an
// OR of pu's bits 17..47 under a mask decoded from k alone.
//   block_addr = base + level_offset + ((by << max(w-2, 0)) + bx) * B   mod 2^AddrW
//   texel = (ty & 3) * 4 + (tx & 3), set = {by[1:0], bx[2:0]} ^ level
// with bx = tx >> 2, by = ty >> 2, B = 8 (BC1) or 32 (RGBA4444) bytes per block. zero_o: a
// CLAMP_TO_ZERO axis outside its level, or a reserved format; the sample is RGBA 0 and the
// request fields are 0 (as the C function returns them).
// Level offset: the sum of the sizes of levels 0..level-1, each B << (a_i + b_i) with
// a_i = max(wl-2-i, 0), b_i = max(hl-2-i, 0). The exponent e_i = a_i + b_i falls strictly while
// i < M = max(wl-2, hl-2, 0) and is 0 from there on, so the sum over i < level is
//   B * (OR of 1 << e_i for i < min(level, M)  +  max(level - M, 0))
// (distinct powers of two add without carries): one OR of at most 8 decoded exponents and one
// 18-bit add per slot, no table.
//
// Input ranges (tex_state_t, tex_persp_t and tmu_lod's level): wl, hl 0..10 (the state's
// 3..10, and below), k 0..30, level 0..15, any format, wrap modes, base (only its low AddrW
// bits matter, as in the C function's modulo), any 49-bit pu, pv. Outside them (wl > 10) the
// result is not specified.
//
// Ports are flat vectors named after the C fields; no package, as tmu_persp. The address width
// is a parameter (the parent passes gpu_pkg::MEM_AW; importing the package here would make a
// lone lint of this module report the package's other constants as unused).
//
// Pipeline (Latency = 6 register stages, one input per cycle):
//   1 w, h, the shift amounts; tu >= 2^w, tv >= 2^h; per level i < 8 the exponent e_i and
//     whether it is summed
//   2 the low 11 bits of tu, tv (pruned arithmetic shifters); the OR of the decoded exponents
//   3 the wrap modes (tmu_wrap, combinational); the level offset in blocks (18-bit add)
//   4 the block index (shift and OR), both in bytes; texel, set, zero
//   5 base + level offset (AddrW-bit add)
//   6 + block offset (AddrW-bit add); the fields forced to 0 when zero_o
// Stall: every pipeline register loads only when en_i = 1; valid_o and the outputs then hold.
// Reset: valid_o low (data registers are not reset).
module tmu_addr #(
  parameter int unsigned AddrW = 25  // byte address bits: gpu_pkg::MEM_AW (32 MiB), 21..32
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          en_i,          // advance: registers load only when high
  input  logic          valid_i,
  // tex_state_t
  input  logic [1:0]    format_i,      // 0 RGBA4444, 1 BC1, 2-3 reserved
  input  logic [3:0]    wl_i,
  input  logic [3:0]    hl_i,
  input  logic [1:0]    wrap_u_i,
  input  logic [1:0]    wrap_v_i,
  input  logic [AddrW-1:0] base_i,
  // tex_persp_t (tmu_persp)
  input  logic [48:0]   pu_i,          // two's complement
  input  logic [48:0]   pv_i,
  input  logic [4:0]    k_i,
  // tmu_lod
  input  logic [3:0]    level_i,
  // tex_req_t
  output logic          valid_o,
  output logic          zero_o,
  output logic [AddrW-1:0] block_addr_o,
  output logic [3:0]    texel_o,
  output logic [4:0]    set_o
);
  localparam int unsigned Latency = 6;   // en_i cycles from an input to its output
  localparam int unsigned AW = AddrW;

  if (AddrW < 21 || AddrW > 32) begin : g_bad_addrw
    $error("tmu_addr: AddrW must be 21..32 (a level's blocks take up to 2^21 bytes)");
  end

  logic [Latency-1:0] v_q;               // v_q[i]: stage i+1 holds a valid slot

  function automatic logic [3:0] sub0(input logic [3:0] a, input logic [3:0] b);
    sub0 = (a > b) ? a - b : 4'd0;
  endfunction

  // ---- stage 1 ----
  logic [3:0]       w_d, h_d, ea, eb, em;   // em = M
  logic [5:0]       shu_d, shv_d;
  logic [7:0][4:0]  e_d;
  logic [7:0]       on_d;
  logic [3:0]       cnt_d;
  logic             bigu_d, bigv_d;
  logic [30:0]      kmask;                  // kmask[j]: pu bit 17 + j is >= 2^(k+17)

  // tu >= 2^w for a non-negative pu (a negative one is never big)
  always_comb begin
    // kmask[j] = (j >= k): one word-level shift instead of 31 one-bit compares (one operation
    // for Verilator; the same thermometer decode of k for Yosys)
    kmask  = {31{1'b1}} << k_i;
    bigu_d = !pu_i[48] && |(pu_i[47:17] & kmask);
    bigv_d = !pv_i[48] && |(pv_i[47:17] & kmask);
  end

  always_comb begin
    w_d   = sub0(wl_i, level_i);
    h_d   = sub0(hl_i, level_i);
    shu_d = {1'b0, k_i} + 6'd17 - {2'd0, w_d};
    shv_d = {1'b0, k_i} + 6'd17 - {2'd0, h_d};
    ea    = sub0(wl_i, 4'd2);
    eb    = sub0(hl_i, 4'd2);
    em    = (ea > eb) ? ea : eb;
    cnt_d = sub0(level_i, em);
    for (int i = 0; i < 8; i++) begin
      e_d[i]  = {1'b0, sub0(ea, 4'(i))} + {1'b0, sub0(eb, 4'(i))};
      on_d[i] = (4'(i) < level_i) && (4'(i) < em);
    end
  end

  logic [1:0]       fmt1_q, wru1_q, wrv1_q;
  logic [AW-1:0]    base1_q;
  logic [48:0]      pu1_q, pv1_q;
  logic [3:0]       w1_q, h1_q, level1_q, cnt1_q;
  logic [5:0]       shu1_q, shv1_q;
  logic [7:0][4:0]  e1_q;
  logic [7:0]       on1_q;
  logic             bigu1_q, bigv1_q;

  // ---- stage 2 ----
  logic [16:0]      mask_d;
  logic [10:0]      tu_d, tv_d;

  // bits 10:0 of x >>> s (s <= 63): shift by 32, 16, ..., 1 in turn, each stage keeping only the
  // bits the remaining stages can still move into 10:0. Each stage is one word-level 2:1 select
  // of two part-selects (one operation for Verilator, where a bit-by-bit loop cost one statement
  // per bit, about 250 per call); the same 42 + 26 + 18 + 14 + 12 + 11 multiplexers for Yosys.
  function automatic logic [10:0] asr_lo11(input logic [48:0] x, input logic [5:0] sh);
    logic [41:0] a;
    logic [25:0] b;
    logic [17:0] c;
    logic [13:0] d;
    logic [11:0] e;
    a        = sh[5] ? {{25{x[48]}}, x[48:32]} : x[41:0];   // x sign-extended, bits 73:32 / 41:0
    b        = sh[4] ? a[41:16] : a[25:0];
    c        = sh[3] ? b[25:8]  : b[17:0];
    d        = sh[2] ? c[17:4]  : c[13:0];
    e        = sh[1] ? d[13:2]  : d[11:0];
    asr_lo11 = sh[0] ? e[11:1]  : e[10:0];
  endfunction

  always_comb begin
    mask_d = '0;
    for (int i = 0; i < 8; i++) begin
      if (on1_q[i]) mask_d = mask_d | (17'd1 << e1_q[i]);
    end
  end
  assign tu_d = asr_lo11(pu1_q, shu1_q);
  assign tv_d = asr_lo11(pv1_q, shv1_q);

  logic [1:0]       fmt2_q, wru2_q, wrv2_q;
  logic [AW-1:0]    base2_q;
  logic [10:0]      tu2_q, tv2_q;               // the low 11 bits
  logic             negu2_q, negv2_q, bigu2_q, bigv2_q;
  logic [3:0]       w2_q, h2_q, level2_q, cnt2_q;
  logic [16:0]      mask2_q;

  // ---- stage 3 ----
  logic [9:0]       tx_d, ty_d;
  logic             zu_d, zv_d, z_d;
  logic [17:0]      offu_d;

  tmu_wrap u_wrap_u (.lo_i(tu2_q), .neg_i(negu2_q), .big_i(bigu2_q), .w_i(w2_q), .mode_i(wru2_q),
                     .o_o(tx_d), .zero_o(zu_d));
  tmu_wrap u_wrap_v (.lo_i(tv2_q), .neg_i(negv2_q), .big_i(bigv2_q), .w_i(h2_q), .mode_i(wrv2_q),
                     .o_o(ty_d), .zero_o(zv_d));

  assign z_d    = zu_d || zv_d || fmt2_q[1];
  assign offu_d = {1'b0, mask2_q} + {14'd0, cnt2_q};

  logic             bc13_q;                  // BC1 (a reserved format is zero already)
  logic [AW-1:0]    base3_q;
  logic [9:0]       tx3_q, ty3_q;
  logic             z3_q;
  logic [3:0]       w3_q, level3_q;
  logic [17:0]      offu3_q;                 // level offset in blocks

  // ---- stage 4 ----
  logic [7:0]       bx, by;
  logic [15:0]      bidx;
  logic [AW-1:0]    bbytes_d, offb_d;
  logic [3:0]       texel_d;
  logic [4:0]       set_d;

  always_comb begin
    bx   = tx3_q[9:2];
    by   = ty3_q[9:2];
    // bx < 2^max(w-2,0): the row offset and bx do not overlap
    bidx = ({8'd0, by} << sub0(w3_q, 4'd2)) | {8'd0, bx};
    texel_d = {ty3_q[1:0], tx3_q[1:0]};
    set_d   = {by[1:0], bx[2:0]} ^ {1'b0, level3_q};
    if (bc13_q) begin                     // BC1: 8 bytes per block
      bbytes_d = AW'({bidx, 3'd0});
      offb_d   = AW'({offu3_q, 3'd0});
    end else begin                           // RGBA4444: 32
      bbytes_d = AW'({bidx, 5'd0});
      offb_d   = AW'({offu3_q, 5'd0});
    end
  end

  logic [AW-1:0]    base4_q, offb4_q, bbytes4_q, bbytes5_q, sum5_q, addr6_q;
  logic [3:0]       texel4_q, texel5_q, texel6_q;
  logic [4:0]       set4_q, set5_q, set6_q;
  logic             zero4_q, zero5_q, zero6_q;
  logic [AW-1:0]    sum_d, addr_d;
  logic [3:0]       texel6_d;
  logic [4:0]       set6_d;

  // ---- stages 5 and 6 ----
  assign sum_d    = base4_q + offb4_q;
  assign addr_d   = zero5_q ? '0 : sum5_q + bbytes5_q;
  assign texel6_d = zero5_q ? '0 : texel5_q;
  assign set6_d   = zero5_q ? '0 : set5_q;

  always_ff @(posedge clk_i) begin
    if (en_i) begin
      // 1
      fmt1_q  <= format_i;  wru1_q <= wrap_u_i;  wrv1_q <= wrap_v_i;  base1_q <= base_i;
      pu1_q   <= pu_i;      pv1_q  <= pv_i;      w1_q   <= w_d;       h1_q    <= h_d;
      level1_q <= level_i;  cnt1_q <= cnt_d;     shu1_q <= shu_d;     shv1_q  <= shv_d;
      e1_q    <= e_d;       on1_q  <= on_d;      bigu1_q <= bigu_d;   bigv1_q <= bigv_d;
      // 2
      fmt2_q  <= fmt1_q;    wru2_q <= wru1_q;    wrv2_q <= wrv1_q;    base2_q <= base1_q;
      tu2_q   <= tu_d;      tv2_q  <= tv_d;      w2_q   <= w1_q;      h2_q    <= h1_q;
      negu2_q <= pu1_q[48]; negv2_q <= pv1_q[48]; bigu2_q <= bigu1_q;  bigv2_q <= bigv1_q;
      level2_q <= level1_q; cnt2_q <= cnt1_q;    mask2_q <= mask_d;
      // 3
      bc13_q  <= fmt2_q[0];    base3_q <= base2_q;  tx3_q  <= tx_d;      ty3_q   <= ty_d;
      z3_q    <= z_d;
      w3_q    <= w2_q;      level3_q <= level2_q;
      offu3_q <= offu_d;
      // 4
      base4_q <= base3_q;   offb4_q <= offb_d;   bbytes4_q <= bbytes_d;
      texel4_q <= texel_d;  set4_q  <= set_d;
      zero4_q <= z3_q;
      // 5
      sum5_q  <= sum_d;     bbytes5_q <= bbytes4_q;
      texel5_q <= texel4_q; set5_q <= set4_q;    zero5_q <= zero4_q;
      // 6
      addr6_q <= addr_d;    texel6_q <= texel6_d; set6_q <= set6_d;
      zero6_q <= zero5_q;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      v_q <= '0;
    end else if (en_i) begin
      v_q <= {v_q[Latency-2:0], valid_i};
    end
  end

  assign valid_o      = v_q[Latency-1];
  assign zero_o       = zero6_q;
  assign block_addr_o = addr6_q;
  assign texel_o      = texel6_q;
  assign set_o        = set6_q;
endmodule
