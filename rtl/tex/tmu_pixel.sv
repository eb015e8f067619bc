// tmu_pixel: the texture units as one stage of the pixel path (issue 12; docs/spec-decisions.md
// "Texture units"; docs/architecture.md). C mirror: tmu_pfrag() / tmu_fragment() in
// sw/model/tmu.c, fragment for fragment and texel for texel.
//
//   pixel_color -> tmu_pixel -> pixel_ztest
//
// One datapath serves the four units: a fragment with N enabled units takes N texel slots, in
// unit order 0..3; a fragment with none passes with its colour unchanged (in order with the
// rest). Per slot:
//   issue     the lowest unit still to do; its plane values, its LOD table row address
//             (header's lod_idx, unit) and the unit's draw state (by the fragment's sid) into
//             the slot register; the row (the LOD constants) is read on the way to tmu_lod
//   tmu_persp -> tmu_lod -> tmu_addr   (7 + 11 + 6 stages, never stalled: credits below; each
//             stage's other inputs travel in delay lines as long as the stages before it)
//   slot FIFO (SlotDepth entries): a CLAMP_TO_ZERO-outside or reserved-format sample skips the
//             cache; every other slot is one tmu_cache request (one controller for the four
//             units, in order, one hit per clock)
//   return FIFO (in slot order): the texel (0 for a zero sample, else the cache's response)
//             -> tmu_swizzle -> blend slot register (a spill register, with the vertex
//             colour) -> tmu_blend (chain 0 -> 1 -> 2 -> 3, then the GOURAUD modulation by the
//             vertex colour)
//   merge     the fragment FIFO's head (every fragment, in order) with its blended colour
//   out       a spill register (pixel_ztest's ready stops there)
// Credits: a slot is issued only while fewer than SlotDepth slots are between the slot register
// and the slot FIFO's output, so the three pipelined stages run without an enable and tmu_addr's
// output always has room. The fragment FIFO (FragDepth) and the vertex-colour FIFO beside it take
// a fragment when it leaves the issue stage (its last slot issued, or at once when untextured).
// Header: the walker sends each triangle's texture header (enabled units, bbox origin, LOD
// table index) once, with its first fragment (tex_i.first); it is taken in the same handshake and
// held for the fragments that follow. A first fragment is not taken before its header is there
// (frag_ready_o low: the header FIFO's latency is one cycle longer than the fragment's path).
// Throughput: one slot per clock (a fragment with one enabled unit per clock, every access a
// hit); an untextured fragment one per clock. Latency of a hit slot: 1 (issue) + 1 (slot
// register) + 24 + FIFO and cache stages + tmu_blend, about 40 cycles: the fragment FIFO must
// hold that many fragments for one per clock (at FragDepth = 32 a long span ran at about 0.8 per
// clock: make bench's bench_tex1_hit took 1.10x the untextured bench_flat; at 48 or 64, 1.007x,
// the rest being the triangles' setup and UVn writes).
// Invalidate: inv_i[n] (the register file's pulse after a TEXn_BASE/FMT write, with the
// pipeline drained) goes to tmu_cache, which applies it before its next request.
// Handshakes: valid/ready (docs/interfaces.md); frag_ready_o from one flip-flop (rdy_q, a
// conservative prediction of the issue stage's take, made a cycle ahead), the
// header FIFO's valid and the input's first flag (ready may depend on valid and payload).
// Reset: empty; the cache clears its valid bits (a 32-cycle sweep).
module tmu_pixel #(
  parameter bit          ClockGate = 1'b0, // gate the texel pipeline's clock while it carries no
                                           // slot (prim_clock_gate; docs/architecture.md "Clock gating")
  parameter int unsigned SlotDepth = 32,   // slots in flight between issue and the cache
  parameter int unsigned FragDepth = 48,   // fragments between issue and the merge (>= a hit's latency)
  parameter int unsigned RetDepth  = 16    // slots between the cache request and tmu_blend
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic clk_gate_bypass_i,             // 1: the texel pipeline's clock runs every cycle

  input  logic               frag_valid_i,
  output logic               frag_ready_o,
  input  gpu_pkg::pfrag_t    frag_i,
  input  gpu_pkg::tex_vals_t tex_i,           // the fragment's texture sideband

  input  logic               hdr_valid_i,     // the walker's header FIFO
  output logic               hdr_ready_o,
  input  gpu_pkg::tex_hdr_t  hdr_i,

  output logic               frag_valid_o,
  input  logic               frag_ready_i,
  output gpu_pkg::pfrag_t    frag_o,

  input  logic [gpu_pkg::DS_N-1:0][gpu_pkg::DRAW_STATE_W-1:0] ds_table_i,   // by frag sid
  input  logic [gpu_pkg::TEX_UNITS-1:0] inv_i,

  // LOD table: written by setup (tmu_setup), read here; the triangles whose rows may still be
  // read (fragments waiting or issuing, slots before the read) are lod_oldest_o onwards while
  // lod_busy_o (raster_setup does not reuse their rows)
  input  logic                  lod_we_i,
  input  logic [gpu_pkg::LOD_ADDR_W-1:0] lod_waddr_i,
  input  gpu_pkg::tex_lod_row_t lod_wdata_i,
  output logic                  lod_busy_o,
  output gpu_pkg::lod_idx_t     lod_oldest_o,

  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output gpu_pkg::mem_req_t mem_req_o,
  input  logic              mem_rsp_valid_i,
  input  gpu_pkg::mem_rsp_t mem_rsp_i,

  output logic [gpu_pkg::TEX_UNITS-1:0][31:0] hit_count_o,
  output logic [gpu_pkg::TEX_UNITS-1:0][31:0] miss_count_o,
  output logic               busy_o
);
  localparam int unsigned U  = gpu_pkg::TEX_UNITS;
  localparam int unsigned AW = gpu_pkg::MEM_AW;
  localparam int unsigned PL = 7, LL = 11, AL = 6;   // tmu_persp, tmu_lod, tmu_addr Latency
  localparam int unsigned CredW = $clog2(SlotDepth + 1);

  // The colour entering this stage is pixel_color's expansion of an RGBA8 colour
  // (gpu_pkg::c108_from8: integer part {c8, c8[7:6]}, fraction 0), so it holds 32 bits of
  // information: the vertex-colour and fragment FIFOs keep those (c8_of) and expand them again
  // (c108_of), 40 bits per entry less (3 block RAMs). Asserted below (a_color_rgba8).
  // (flat vectors, not the record types: Yosys reads functions of plain vectors; color108_t
  // is {a, b, g, r}, 18 bits each)
  function automatic logic [31:0] c8_of(input logic [71:0] c);
    logic unused_c;   // the replicated bits and the fraction
    unused_c = ^{c[63:54], c[45:36], c[27:18], c[9:0]};
    c8_of = {c[71:64], c[53:46], c[35:28], c[17:10]};
  endfunction
  function automatic logic [71:0] c108_of(input logic [31:0] c);
    c108_of = {gpu_pkg::c108_from8(c[31:24]), gpu_pkg::c108_from8(c[23:16]),
               gpu_pkg::c108_from8(c[15:8]), gpu_pkg::c108_from8(c[7:0])};
  endfunction

  // ---- issue stage: one fragment, its remaining units ----
  logic               is_valid_q;
  gpu_pkg::pfrag_t    is_frag_q;
  logic [U-1:0][2:0][gpu_pkg::TEX_PLANE_W-1:0] is_p_q;   // sign-extended when issued
  logic [U-1:0]       is_rem_q;      // enabled units not issued yet
  logic               is_first_q;    // no slot of this fragment issued yet
  gpu_pkg::tex_hdr_t  hdr_q;         // the header of the fragment's triangle
  logic [CredW-1:0]   cred_q;        // slots issued and not yet out of the slot FIFO
  logic               fifo_a_room, fifo_b_room;

  // the unit to issue: the lowest remaining one
  logic [1:0]   is_unit;
  logic [U-1:0] is_rem_next;
  always_comb begin
    is_unit = 2'd0;
    for (int n = U - 1; n >= 0; n--) begin
      if (is_rem_q[n]) is_unit = 2'(n);
    end
    is_rem_next = is_rem_q & ~(U'(1) << is_unit);
  end

  logic is_tex, is_issue, is_leave, take;
  assign is_tex   = (is_rem_q != '0);   // at its leave a textured fragment still holds its last unit
  // a slot leaves the issue stage when the credits allow; the last one also needs room in the
  // fragment FIFOs; an untextured fragment needs room in the fragment FIFO only
  assign is_issue = is_valid_q && (is_rem_q != '0) && (cred_q != CredW'(SlotDepth)) &&
                    ((is_rem_next != '0) || (fifo_a_room && fifo_b_room));
  assign is_leave = is_valid_q && (((is_rem_q == '0) && fifo_a_room) || (is_issue && (is_rem_next == '0)));
  // The issue stage takes a fragment when it is empty or its fragment leaves in the same cycle.
  // That decision (FIFO rooms, credits, the remaining units) is predicted a cycle ahead into a
  // flip-flop, rdy_q, conservatively: rdy_q implies "empty or leaving" (below), so frag_ready_o
  // is one flip-flop and the header condition, and the walker's output register, whose clock
  // enable it drives across the die, no longer waits for this stage's counters (timing,
  // docs/synth.md). The prediction counts the FIFOs and credits as if nothing left them this
  // cycle, so it is exact except within one entry of full.
  // A first fragment also waits for its header (the walker pushes both in one cycle; the header
  // FIFO is a block RAM, two cycles from push to valid, the fragment's path can be one).
  logic         rdy_q, rdy_d, valid_n;
  logic [U-1:0] rem_n;            // is_rem_q next cycle
  logic         room_n;           // FIFO rooms and a credit next cycle, whatever this cycle does
  logic [$clog2(FragDepth+1)-1:0] fa_count, vb_count;
  localparam int unsigned VbW = $clog2(FragDepth + 1) + 1;
  logic [VbW-1:0] vb_used;        // vertex colour FIFO entries and its push in flight
  always_comb begin
    valid_n = take || (is_valid_q && !is_leave);
    if (take)          rem_n = tex_i.first ? hdr_i.en_mask : hdr_q.en_mask;
    else if (is_issue) rem_n = is_rem_next;
    else               rem_n = is_rem_q;
    // next cycle's count <= this cycle's + 1 (at most one push per cycle)
    room_n = (32'(fa_count) + 2 <= FragDepth) && (32'(vb_used) + 2 <= FragDepth) &&
             (32'(cred_q) + 2 <= SlotDepth);
    // leaving next cycle: untextured (needs fragment FIFO room) or on its last unit (a credit
    // and both rooms); room_n covers both
    rdy_d = !valid_n || (((rem_n & (rem_n - 1'b1)) == '0) && room_n);
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) rdy_q <= 1'b1;
    else         rdy_q <= rdy_d;
  end
  assign frag_ready_o = rdy_q && (!tex_i.first || hdr_valid_i);
  assign take         = frag_valid_i && frag_ready_o;
  assign hdr_ready_o  = take && tex_i.first;
`ifndef SYNTHESIS
  // the prediction is safe: a take never meets a fragment that stays
  a_take_safe: assert property (@(posedge clk_i) disable iff (!rst_ni)
                                take |-> (!is_valid_q || is_leave));
`endif

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      is_valid_q <= 1'b0;
      is_rem_q   <= '0;
      is_first_q <= 1'b0;
      hdr_q      <= '0;
    end else begin
      if (take) begin
        is_valid_q <= 1'b1;
        is_rem_q   <= tex_i.first ? hdr_i.en_mask : hdr_q.en_mask;
        is_first_q <= 1'b1;
        if (tex_i.first) hdr_q <= hdr_i;
      end else if (is_leave) begin
        is_valid_q <= 1'b0;
      end else if (is_issue) begin
        is_rem_q   <= is_rem_next;
        is_first_q <= 1'b0;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (take) begin
      is_frag_q <= frag_i;
      is_p_q    <= tex_i.p;
    end
  end

  // LOD table rows in use: those of the current header's triangle and of the fragments behind
  // it (ring order), and for PL cycles after a new header those of the previous one too (its
  // last slot issued at the latest in the cycle of the take reads its row PL - 2 cycles after
  // the slot register); old_q keeps the oldest such triangle over back-to-back switches
  localparam int unsigned HoldW = $clog2(PL + 1);
  logic [HoldW-1:0]  lod_hold_q;
  gpu_pkg::lod_idx_t lod_old_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lod_hold_q <= '0;
      lod_old_q  <= '0;
    end else if (take && tex_i.first) begin
      if (lod_hold_q == '0) lod_old_q <= hdr_q.lod_idx;
      lod_hold_q <= HoldW'(PL);
    end else if (lod_hold_q != '0) begin
      lod_hold_q <= lod_hold_q - 1'b1;
    end
  end
  assign lod_oldest_o = (lod_hold_q != '0) ? lod_old_q : hdr_q.lod_idx;

  // ---- clock gate of the texel pipeline ----
  // The slot register, tmu_persp -> tmu_lod -> tmu_addr and their delay lines (through tmu_addr's
  // output, the slot FIFO's input) run on clk_tp, which stops while no slot is in them: an
  // untextured scene never clocks them. Unlike the units gated in gpu_top, their state does move
  // at rest on a free-running clock (the delay lines' pointers, the stages' data registers
  // taking whatever is at their inputs), but only where no valid bit points: every valid bit of
  // the pipeline is 0 when the gate closes, each slot crosses it on consecutive edges, and every
  // output is qualified by a valid bit (a_tp_gate_idle below). Wake: the issue stage holds a
  // fragment with units to issue (a superset of is_issue, from flip-flops); the gate then keeps
  // the clock for TpLinger edges after the last slot issued, enough for it to reach the slot
  // FIFO and for every valid bit behind it to clear. The LOD table's RAM stays on clk_i (its
  // write port is setup's); its read register reads row_dl, which the gate holds.
  localparam int unsigned TpLinger = PL + LL + AL + 4;
  logic clk_tp, tp_wake, tp_idle;
  logic clk_tb, tb_idle;   // the back end's clock (below)
  assign tp_wake = is_valid_q && (is_rem_q != '0);
  prim_clock_gate #(.Enable(ClockGate), .Linger(TpLinger)) u_cg_tp (
    .clk_i (clk_i), .rst_ni (rst_ni), .wake_i (tp_wake), .bypass_i (clk_gate_bypass_i),
    .clk_o (clk_tp), .idle_o (tp_idle)
  );

  // ---- slot register: the issued slot with everything the stages need ----
  gpu_pkg::draw_state_t is_ds;
  assign is_ds = gpu_pkg::draw_state_t'(ds_table_i[is_frag_q.sid]);

  typedef struct packed {
    logic [1:0]  unit;
    logic        first;
    logic        last;
    logic [1:0]  func;       // TEXn_BLEND
    logic [3:0]  swizzle;
    logic        bc1;        // TEXn_FMT.FORMAT bit 0: BC1 (1) or RGBA4444 (0) for the cache
                             // (reserved formats never reach it: tmu_addr zeroes them)
  } side_t;                  // to tmu_blend, along the whole chain
  typedef struct packed {
    logic            gouraud;
    gpu_pkg::rgba8_t vcolor;
  } vcol_t;                  // to the vertex colour FIFO, with a fragment's last slot
  typedef struct packed {
    logic [9:0]  x, y;       // from the bbox origin
    logic [3:0]  wl, hl, levels;
    logic [7:0]  bias;
  } lod_in_t;                // tmu_lod's inputs but qc and the LOD table row
  typedef struct packed {
    logic [1:0]  format;
    logic [3:0]  wl, hl;
    logic [1:0]  wrap_u, wrap_v;
    logic [AW-1:0] base;
  } st_t;                    // tmu_addr's state inputs
  typedef struct packed {
    st_t         st;
    logic [48:0] pu, pv;
    logic [4:0]  k;
  } addr_in_t;               // tmu_addr's inputs but level

  logic        sl_valid_q;
  logic [gpu_pkg::LOD_ADDR_W-1:0] sl_row_q;   // the slot's LOD table row {lod_idx, unit}
  logic [31:0] sl_uq_q, sl_vq_q, sl_q_q;
  side_t       sl_side_q;
  lod_in_t     sl_lod_q;
  st_t         sl_st_q;

  // the vertex colour FIFO's push: a fragment's last slot, registered here beside it (the FIFO
  // is on the back end's clock and reads only flip-flops of the gated domains; its room is
  // counted with this register, vb_used below)
  logic  sl_vb_push_q;
  vcol_t sl_vb_q;
  always_ff @(posedge clk_tp or negedge rst_ni) begin
    if (!rst_ni) begin
      sl_valid_q   <= 1'b0;
      sl_vb_push_q <= 1'b0;
    end else begin
      sl_valid_q   <= is_issue;
      sl_vb_push_q <= is_issue && (is_rem_next == '0);
    end
  end
  // the issued unit's fields, selected with constant indices only (a variable index into a
  // packed array of non-power-of-two elements makes Yosys multiply the index by the stride:
  // one MULT18X18D for nothing)
  logic [31:0] sl_uq_d, sl_vq_d, sl_q_d;
  side_t       sl_side_d;
  lod_in_t     sl_lod_d;
  st_t         sl_st_d;
  always_comb begin
    sl_uq_d = '0; sl_vq_d = '0; sl_q_d = '0;
    sl_side_d = '0; sl_lod_d = '0; sl_st_d = '0;
    for (int u = 0; u < int'(U); u++) begin
      if (is_unit == 2'(u)) begin
        sl_uq_d = 32'($signed(is_p_q[u][0]));
        sl_vq_d = 32'($signed(is_p_q[u][1]));
        sl_q_d  = 32'($signed(is_p_q[u][2]));
        sl_side_d.func    = is_ds.tex_blend[u];
        sl_side_d.swizzle = is_ds.tex_swizzle[u];
        sl_side_d.bc1     = is_ds.tex_format[u][0];
        sl_lod_d.wl   = is_ds.tex_wl[u];
        sl_lod_d.hl   = is_ds.tex_hl[u];
        sl_lod_d.levels = is_ds.tex_levels[u];
        sl_lod_d.bias = is_ds.tex_bias[u];
        sl_st_d.format = is_ds.tex_format[u];
        sl_st_d.wl     = is_ds.tex_wl[u];
        sl_st_d.hl     = is_ds.tex_hl[u];
        sl_st_d.wrap_u = is_ds.tex_wrap_u[u];
        sl_st_d.wrap_v = is_ds.tex_wrap_v[u];
        sl_st_d.base   = {is_ds.tex_base[u], 12'h000};
      end
    end
    sl_side_d.unit  = is_unit;
    sl_side_d.first = is_first_q;
    sl_side_d.last  = (is_rem_next == '0);
    sl_lod_d.x      = is_frag_q.x - hdr_q.bb_x0;
    sl_lod_d.y      = 10'(is_frag_q.y - hdr_q.bb_y0);
  end
  always_ff @(posedge clk_tp) begin
    if (is_issue) begin
      sl_uq_q   <= sl_uq_d;
      sl_vq_q   <= sl_vq_d;
      sl_q_q    <= sl_q_d;
      sl_side_q <= sl_side_d;
      sl_lod_q  <= sl_lod_d;
      sl_st_q   <= sl_st_d;
      sl_row_q  <= {hdr_q.lod_idx, is_unit};
      if (is_rem_next == '0) sl_vb_q <= {is_ds.gouraud, c8_of(is_frag_q.color)};
    end
  end

  // ---- tmu_persp -> tmu_lod -> tmu_addr, always advancing, with their delay lines ----
  // delay lines (prim_delay: always advancing, like the stages), as flat vectors of
  // the records' bits (Yosys 0.70 misreads unpacked arrays of structs, docs/synth.md "Yosys traps")
  localparam int unsigned LodW = $bits(sl_lod_q), StW = $bits(sl_st_q), SideW = $bits(sl_side_q);
  localparam int unsigned AddrInW = StW + 49 + 49 + 5;
  logic [LodW-1:0]    lod_dl;      // sl_lod_q, PL cycles later (tmu_lod's inputs)
  logic [StW-1:0]     st_dl;       // sl_st_q, PL cycles later
  logic [AddrInW-1:0] addr_dl;     // {st, pu, pv, k}, LL cycles later (tmu_addr's inputs)
  logic [SideW-1:0]   side_dl;     // sl_side_q, PL + LL + AL cycles later (the slot FIFO)
  side_t       sf_side;
  logic        p_valid, l_valid, a_valid;
  logic [30:0] p_qc;
  logic [4:0]  p_k;
  logic [16:0] unused_p_m;
  logic [17:0] unused_p_r;
  logic [48:0] p_pu, p_pv;
  logic [3:0]  l_level;
  addr_in_t    a_in;
  logic        a_zero;
  logic [AW-1:0] a_block;
  logic [3:0]  a_texel;
  logic [4:0]  a_set;

  // the three lines in block RAM (prim_delay Bram: 3 + 4 + 1 DP16KD, output from flip-flops):
  // the LOD table freed the header FIFO's block RAMs, and LUT4 and flip-flops are what the
  // board runs out of (they were flip-flops, 553 + 264, and LUT RAM, 36 TRELLIS_DPR16X4 for the
  // address line; docs/synth.md)
  prim_delay #(.Width(LodW + StW), .Delay(PL), .Bram(1'b1)) u_lod_st_dl (
    .clk_i (clk_tp), .rst_ni (rst_ni), .d_i ({sl_lod_q, sl_st_q}), .q_o ({lod_dl, st_dl}));
  prim_delay #(.Width(AddrInW), .Delay(LL), .Bram(1'b1)) u_addr_dl (
    .clk_i (clk_tp), .rst_ni (rst_ni), .d_i ({st_dl, p_pu, p_pv, p_k}), .q_o (addr_dl));
  prim_delay #(.Width(SideW), .Delay(PL + LL + AL), .Bram(1'b1)) u_side_dl (
    .clk_i (clk_tp), .rst_ni (rst_ni), .d_i (sl_side_q), .q_o (side_dl));

  // the slot's LOD table row: its address PL - 2 cycles after the slot register, the block
  // RAM's read register a cycle later, a flip-flop copy (timing: no block RAM clock-to-out in
  // front of tmu_lod's first stage) at PL, beside lod_dl. The row is never written while a slot
  // can read it (lod_busy_o, raster_setup), so no read meets a write of the same row.
  logic [gpu_pkg::LOD_ADDR_W-1:0] row_dl;
  gpu_pkg::tex_lod_row_t lod_row_q;
  logic [$bits(lod_row_q)-1:0] lod_rd;   // (a plain vector on the output port: Yosys)
  prim_delay #(.Width(gpu_pkg::LOD_ADDR_W), .Delay(PL - 2), .Flops(1'b1)) u_row_dl (
    .clk_i (clk_tp), .rst_ni (rst_ni), .d_i (sl_row_q), .q_o (row_dl));
  prim_ram_1r1w #(.Width($bits(lod_row_q)), .Depth(4 * gpu_pkg::LOD_RING)) u_lod_ram (
    .clk_i (clk_i), .we_i (lod_we_i), .waddr_i (lod_waddr_i), .wdata_i (lod_wdata_i),
    .re_i (1'b1), .raddr_i (row_dl), .rdata_o (lod_rd));
  always_ff @(posedge clk_tp) lod_row_q <= gpu_pkg::tex_lod_row_t'(lod_rd);

  tmu_persp u_persp (
    .clk_i (clk_tp), .rst_ni (rst_ni), .en_i (1'b1), .valid_i (sl_valid_q),
    .uq_i (sl_uq_q), .vq_i (sl_vq_q), .q_i (sl_q_q),
    .valid_o (p_valid), .qc_o (p_qc), .k_o (p_k), .m_o (unused_p_m), .r_o (unused_p_r),
    .pu_o (p_pu), .pv_o (p_pv)
  );

  lod_in_t l_in;
  assign l_in = lod_in_t'(lod_dl);
  tmu_lod u_lod (
    .clk_i (clk_tp), .rst_ni (rst_ni), .en_i (1'b1), .valid_i (p_valid),
    .k0ux_i (lod_row_q.k0ux), .k0uy_i (lod_row_q.k0uy), .k0vx_i (lod_row_q.k0vx), .k0vy_i (lod_row_q.k0vy),
    .k1u_i (lod_row_q.k1u), .k1v_i (lod_row_q.k1v), .lod_shift_i (lod_row_q.lod_shift),
    .wl_i (l_in.wl), .hl_i (l_in.hl), .levels_i (l_in.levels), .bias_i (l_in.bias),
    .x_i (l_in.x), .y_i (l_in.y), .qc_i (p_qc), .valid_o (l_valid), .level_o (l_level)
  );

  assign a_in = addr_in_t'(addr_dl);
  if (AddrInW != $bits(a_in)) begin : g_bad_addr_w
    $error("tmu_pixel: AddrInW must be the width of addr_in_t");
  end
  tmu_addr #(.AddrW(AW)) u_addr (
    .clk_i (clk_tp), .rst_ni (rst_ni), .en_i (1'b1), .valid_i (l_valid),
    .format_i (a_in.st.format), .wl_i (a_in.st.wl), .hl_i (a_in.st.hl),
    .wrap_u_i (a_in.st.wrap_u), .wrap_v_i (a_in.st.wrap_v), .base_i (a_in.st.base),
    .pu_i (a_in.pu), .pv_i (a_in.pv), .k_i (a_in.k), .level_i (l_level),
    .valid_o (a_valid), .zero_o (a_zero), .block_addr_o (a_block), .texel_o (a_texel), .set_o (a_set)
  );

  // ---- slot FIFO: the addressed slots, in order ----
  typedef struct packed {
    side_t       side;
    logic        zero;
    logic [AW-1:0] block;
    logic [3:0]  texel;
    logic [4:0]  cset;       // cache set
  } slot_t;
  slot_t sf_in, sf_out;
  logic  sf_valid, sf_pop, unused_sf_wready;
  logic [$clog2(SlotDepth+1)-1:0] sf_count;
  assign sf_side = side_t'(side_dl);
  assign sf_in = {sf_side, a_zero, a_block, a_texel, a_set};

  prim_fifo_bram #(.Width($bits(sf_in)), .Depth(SlotDepth)) u_slot_fifo (
    .clk_i (clk_tb), .rst_ni (rst_ni),
    .wvalid_i (a_valid), .wready_o (unused_sf_wready), .wdata_i (sf_in),
    .rvalid_o (sf_valid), .rready_i (sf_pop), .rdata_o (sf_out), .count_o (sf_count)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) cred_q <= '0;
    else         cred_q <= cred_q + CredW'(is_issue) - CredW'(sf_pop);
  end

  // ---- the back end's inputs from the free-running domain ----
  // The back end (slot FIFO, tmu_cache, return FIFO, tmu_swizzle, vertex colour FIFO, blend
  // slot register, tmu_blend) runs on clk_tb (gate below). What it reads from the free-running
  // domain it reads through flip-flops on clk_tb, so that Verilator evaluates its logic only on
  // its own edges (docs/architecture.md "Clock gating", "Inputs from the free-running domain"):
  // - the invalidate pulses: held on clk_i until the back end's next edge (inv_hold_q, which
  //   wakes it), then a one-edge pulse inv_q into the cache: two cycles after the register
  //   file's pulse, which it sends only with the pipeline drained and before the next triangle
  //   starts, dozens of cycles before any request can follow (docs/spec-decisions.md);
  // - the memory response, a cycle late (rsp_v_q, rsp_q; the cache waits for it in its fill
  //   states, which keep the clock running). It is the arbiter's response register of this
  //   client (gpu_top sets client 5's RspRaw bit: mem_rsp_i is the response before RspReg's
  //   register), so a fill takes no cycle more than before;
  // - the memory request leaves through a spill register on clk_tb (u_mreq_reg), whose handshake
  //   with the arbiter keeps the clock running while it holds the request; the cache sees its
  //   ready from a flip-flop. It is the arbiter's input register of this client (gpu_top
  //   clears client 5's InReg bit), so the request costs no cycle more than before;
  // - tmu_blend's output ready goes into its own output register only (a flip-flop's valid and
  //   colour out), which keeps the clock running while it holds a colour (bl_busy).
  logic [U-1:0]      inv_hold_q, inv_q;
  logic              rsp_v_q;
  gpu_pkg::mem_rsp_t rsp_q;
  logic [1:0]        mreq_count;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) inv_hold_q <= '0;
    else         inv_hold_q <= (tb_idle ? inv_hold_q : '0) | inv_i;
  end
  always_ff @(posedge clk_tb or negedge rst_ni) begin
    if (!rst_ni) begin
      inv_q   <= '0;
      rsp_v_q <= 1'b0;
    end else begin
      inv_q   <= inv_hold_q;
      rsp_v_q <= mem_rsp_valid_i;
    end
  end
  always_ff @(posedge clk_tb) begin
    if (mem_rsp_valid_i) rsp_q <= mem_rsp_i;
  end
  prim_spill_reg #(.Width(gpu_pkg::MEM_REQ_W)) u_mreq_reg (
    .clk_i (clk_tb), .rst_ni (rst_ni),
    .valid_i (cm_req_valid), .ready_o (cm_req_ready), .data_i (cm_req),
    .valid_o (mem_req_valid_o), .ready_i (mem_req_ready_i), .data_o (mem_req_o),
    .count_o (mreq_count)
  );

  // ---- cache requests and the return FIFO ----
  typedef struct packed {
    side_t side;
    logic  zero;
  } ret_t;
  ret_t  rf_in, rf_out;
  logic  rf_wready, rf_valid, rf_pop;
  logic [$clog2(RetDepth+1)-1:0] rf_count;
  logic  c_req_valid, c_req_ready, c_rsp_valid, c_rsp_ready, c_busy, c_active;
  logic  cm_req_valid, cm_req_ready;   // the cache's memory request, into u_mreq_reg
  gpu_pkg::mem_req_t cm_req;
  gpu_pkg::rgba8_t c_rsp_texel;

  assign c_req_valid = sf_valid && !sf_out.zero && rf_wready;
  assign sf_pop      = sf_valid && rf_wready && (sf_out.zero || c_req_ready);
  assign rf_in       = {sf_out.side, sf_out.zero};

  tmu_cache #(.Units(U)) u_cache (
    .clk_i (clk_tb), .rst_ni (rst_ni),
    .inv_i (inv_q),
    .req_valid_i (c_req_valid), .req_ready_o (c_req_ready),
    .req_unit_i (sf_out.side.unit), .req_format_i (sf_out.side.bc1), .req_block_addr_i (sf_out.block),
    .req_texel_i (sf_out.texel), .req_set_i (sf_out.cset),
    .rsp_valid_o (c_rsp_valid), .rsp_ready_i (c_rsp_ready), .rsp_texel_o (c_rsp_texel),
    .mem_req_valid_o (cm_req_valid), .mem_req_ready_i (cm_req_ready), .mem_req_o (cm_req),
    .mem_rsp_valid_i (rsp_v_q), .mem_rsp_i (rsp_q),
    .hit_count_o (hit_count_o), .miss_count_o (miss_count_o), .busy_o (c_busy), .active_o (c_active)
  );

  prim_fifo #(.Width($bits(rf_in)), .Depth(RetDepth)) u_ret_fifo (
    .clk_i (clk_tb), .rst_ni (rst_ni),
    .wvalid_i (sf_pop), .wready_o (rf_wready), .wdata_i (rf_in),
    .rvalid_o (rf_valid), .rready_i (rf_pop), .rdata_o (rf_out), .count_o (rf_count)
  );

  // ---- texel -> swizzle -> blend slot register -> tmu_blend ----
  // The slot enters tmu_blend from a spill register (u_bslot_reg): the return FIFO's and the
  // cache's response FIFO's LUT-RAM reads, the swizzle and tmu_blend's operand decode (the
  // negation of a SUBTRACT texel) were one path of 11 ns (docs/synth.md, the twenty-ninth
  // session). One cycle more per textured fragment's colour, the same rate.
  typedef struct packed {
    logic            first, last;
    logic [1:0]      func;
    logic [31:0]     texel;
    vcol_t           vcol;
  } bslot_t;
  bslot_t      bs_in, bs_out;
  logic        bs_valid_in, bs_ready_in;
  logic [1:0]  bs_count;
  logic        bl_slot_valid, bl_slot_ready, bl_frag_valid, bl_frag_ready, bl_busy;
  logic [31:0] swz_texel, texel;
  gpu_pkg::color108_t bl_color;

  tmu_swizzle u_swizzle (.rgba_i (c_rsp_texel), .code_i (rf_out.side.swizzle), .rgba_o (swz_texel));
  assign texel         = rf_out.zero ? 32'h0 : swz_texel;
  assign bs_valid_in   = rf_valid && (rf_out.zero || c_rsp_valid);
  assign rf_pop        = bs_valid_in && bs_ready_in;
  assign c_rsp_ready   = rf_valid && !rf_out.zero && bs_ready_in;

  // vertex colour and GOURAUD of the textured fragments, in order, for the last slot, pushed
  // from the slot register (sl_vb_q, a cycle after the issue); the colour as its RGBA8 (see
  // c8_of). Its room for the issue stage counts that register's push too (vb_used).
  vcol_t vb_out;
  logic  vb_wready, vb_valid, vb_pop;
  assign vb_pop  = rf_pop && rf_out.side.last;
  prim_fifo_bram #(.Width($bits(sl_vb_q)), .Depth(FragDepth)) u_vcol_fifo (
    .clk_i (clk_tb), .rst_ni (rst_ni),
    .wvalid_i (sl_vb_push_q), .wready_o (vb_wready), .wdata_i (sl_vb_q),
    .rvalid_o (vb_valid), .rready_i (vb_pop), .rdata_o (vb_out), .count_o (vb_count)
  );
  assign vb_used     = VbW'(vb_count) + VbW'(sl_vb_push_q);
  assign fifo_b_room = (32'(vb_used) < FragDepth);

  // the vertex colour is read with a fragment's last slot (the FIFO's head is that fragment's)
  assign bs_in.first = rf_out.side.first;
  assign bs_in.last  = rf_out.side.last;
  assign bs_in.func  = rf_out.side.func;
  assign bs_in.texel = texel;
  assign bs_in.vcol  = vb_out;
  prim_spill_reg #(.Width($bits(bs_in))) u_bslot_reg (
    .clk_i (clk_tb), .rst_ni (rst_ni),
    .valid_i (bs_valid_in), .ready_o (bs_ready_in), .data_i (bs_in),
    .valid_o (bl_slot_valid), .ready_i (bl_slot_ready), .data_o (bs_out),
    .count_o (bs_count)
  );

  tmu_blend u_blend (
    .clk_i (clk_tb), .rst_ni (rst_ni),
    .slot_valid_i (bl_slot_valid), .slot_ready_o (bl_slot_ready),
    .first_i (bs_out.first), .last_i (bs_out.last), .func_i (bs_out.func),
    .texel_i (bs_out.texel), .gouraud_i (bs_out.vcol.gouraud),
    .vcolor_i (gpu_pkg::color108_t'(c108_of(bs_out.vcol.vcolor))),
    .frag_valid_o (bl_frag_valid), .frag_ready_i (bl_frag_ready), .color_o (bl_color),
    .busy_o (bl_busy)
  );

  // ---- fragment FIFO and merge ----
  // the fragment with its colour as RGBA8 (see c8_of): 40 bits and one block RAM less; without
  // its pixel index (y * FB_W + x, recomputed at the output): 19 bits and another block RAM less
  typedef struct packed {
    logic              tex;    // its colour comes from tmu_blend
    logic [9:0]        x;
    logic [8:0]        y;
    gpu_pkg::z25_t     z;
    gpu_pkg::rgba8_t   color;
    gpu_pkg::ds_id_t   sid;
    logic [gpu_pkg::PRIM_W-1:0] prim;
  } fa_t;
  fa_t   fa_in, fa_out;
  logic  fa_wready, fa_valid, fa_pop;
  assign fa_in = {is_tex, is_frag_q.x, is_frag_q.y, is_frag_q.z, c8_of(is_frag_q.color),
                  is_frag_q.sid, is_frag_q.prim};
  assign fifo_a_room = fa_wready;
  prim_fifo_bram #(.Width($bits(fa_in)), .Depth(FragDepth)) u_frag_fifo (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .wvalid_i (is_leave), .wready_o (fa_wready), .wdata_i (fa_in),
    .rvalid_o (fa_valid), .rready_i (fa_pop), .rdata_o (fa_out), .count_o (fa_count)
  );

  logic            m_valid, m_ready;
  gpu_pkg::pfrag_t m_frag;
  always_comb begin
    m_frag.x     = fa_out.x;
    m_frag.y     = fa_out.y;
    m_frag.pix   = gpu_pkg::pix_index(fa_out.x, fa_out.y);
    m_frag.z     = fa_out.z;
    m_frag.color = fa_out.tex ? bl_color : gpu_pkg::color108_t'(c108_of(fa_out.color));
    m_frag.sid   = fa_out.sid;
    m_frag.prim  = fa_out.prim;
  end
  assign m_valid       = fa_valid && (!fa_out.tex || bl_frag_valid);
  assign fa_pop        = m_valid && m_ready;
  assign bl_frag_ready = fa_valid && fa_out.tex && m_ready;

  logic [1:0] out_count;
  prim_spill_reg #(.Width($bits(m_frag))) u_out_reg (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (m_valid), .ready_o (m_ready), .data_i (m_frag),
    .valid_o (frag_valid_o), .ready_i (frag_ready_i), .data_o (frag_o),
    .count_o (out_count)
  );

  // ---- clock gate of the back end ----
  // clk_tb runs while the texel pipeline may run (tp_wake, with a linger longer than clk_tp's:
  // every edge of clk_tp is one of clk_tb, so the slot FIFO sees each slot tmu_addr makes and
  // the vertex colour FIFO each push of the slot register), while any part of the back end
  // holds a slot, a request, a response or a colour, and while an invalidate waits; then
  // TbLinger edges more, for the data registers that follow their inputs (the FIFOs' and the
  // tag RAM's read registers, tmu_blend's stage data, the palette) to settle. An invalidate
  // the cache keeps pending for the next request is at rest (c_active, not c_busy): that
  // request wakes it. Every term is a flip-flop's output (counts compared with 0).
  localparam int unsigned TbLinger = TpLinger + 4;
  logic tb_wake, tb_active;
  assign tb_active = (sf_count != '0) || c_active || (rf_count != '0) || (vb_count != '0) ||
                     (bs_count != 2'd0) || bl_busy || (mreq_count != 2'd0) || rsp_v_q ||
                     (inv_q != '0) || sl_vb_push_q;
  assign tb_wake   = tp_wake || (inv_hold_q != '0) || tb_active;
  prim_clock_gate #(.Enable(ClockGate), .Linger(TbLinger)) u_cg_tb (
    .clk_i (clk_i), .rst_ni (rst_ni), .wake_i (tb_wake), .bypass_i (clk_gate_bypass_i),
    .clk_o (clk_tb), .idle_o (tb_idle)
  );

  // busy: a fragment or slot anywhere here. Every cache request stays in the return FIFO until
  // its texel is taken, so rf_valid covers the cache's work; the cache's own busy_o also stays
  // high while an invalidate waits for the next request, which must not hold the pipeline busy
  // (the register file waits for idle before the next invalidate: that would never come)
  assign lod_busy_o = frag_valid_i || is_valid_q || sl_valid_q || (cred_q != '0) || (lod_hold_q != '0);
  assign busy_o = is_valid_q || sl_valid_q || (cred_q != '0) || rf_valid || fa_valid ||
                  (out_count != 2'd0) || (inv_hold_q != '0) || (inv_q != '0);

`ifndef SYNTHESIS
  // the texel pipeline's gate holds back an edge only when no slot is issued at it and no valid
  // bit of the pipeline is set before or after it (checked where it can fail: clk_gate_bypass_i
  // = 1, every edge clocked; a linger too short for the pipeline fires here as a slot emerges)
  a_tp_gate_idle: assert property (@(posedge clk_i) disable iff (!rst_ni)
    tp_idle |-> !(is_issue || sl_valid_q || sl_vb_push_q || p_valid || l_valid || a_valid));
  a_tp_gate_idle_after: assert property (@(posedge clk_i) disable iff (!rst_ni)
    tp_idle |=> !(sl_valid_q || sl_vb_push_q || p_valid || l_valid || a_valid));
  // the back end's gate: an edge it holds back finds no work anywhere in the back end and none
  // arriving (a slot from tmu_addr, a vertex colour push, an invalidate, a memory response),
  // before and after it; clk_tp's edges are all clk_tb's
  a_tb_gate_idle: assert property (@(posedge clk_i) disable iff (!rst_ni)
    tb_idle |-> !(tb_active || a_valid || (inv_hold_q != '0) || mem_rsp_valid_i || !tp_idle));
  a_tb_gate_idle_after: assert property (@(posedge clk_i) disable iff (!rst_ni)
    tb_idle |=> !tb_active);
  // the vertex colour FIFO's room is counted before the push (vb_used): it never overflows
  a_vb_room: assert property (@(posedge clk_i) disable iff (!rst_ni) sl_vb_push_q |-> vb_wready);
  // the fragment FIFO drops the pixel index and recomputes it from x and y (gpu_pkg::pix_index)
`ifdef TGPU_BEFORE_SIM_SPEED
  // (make bench's before build: the concurrent form, as written before the
  // simulation-speed rewrite, mk/core.mk)
  a_pix_is_xy: assert property (@(posedge clk_i) disable iff (!rst_ni)
                                frag_valid_i |-> (32'(frag_i.pix) == 32'(frag_i.y) * gpu_pkg::FB_W + 32'(frag_i.x)));
  a_color_rgba8: assert property (@(posedge clk_i) disable iff (!rst_ni)
                                  frag_valid_i |-> (c108_of(c8_of(frag_i.color)) == frag_i.color));
`else
  // (immediate checks at the edge: as concurrent assertions, Verilator kept a sampled copy of
  // the 152-bit fragment at every evaluation)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
    end else if (frag_valid_i) begin
      a_pix_is_xy: assert (32'(frag_i.pix) == 32'(frag_i.y) * gpu_pkg::FB_W + 32'(frag_i.x))
        else $error("a_pix_is_xy: the fragment's pixel index is not y * FB_W + x");
      a_color_rgba8: assert (c108_of(c8_of(frag_i.color)) == frag_i.color)
        else $error("a_color_rgba8: the fragment's colour is not an expanded RGBA8");
    end
  end
`endif
`endif

  logic unused_bits;
  assign unused_bits = ^{unused_sf_wready,
                         unused_p_m, unused_p_r, vb_valid, is_ds.z_write, is_ds.z_test,
                         is_ds.dither_en, is_ds.z_compare, is_ds.fb_base, is_ds.z_base, is_ds.alpha_blend,
                         is_ds.tex_enable, is_frag_q.pix,
                         c_busy};
endmodule
