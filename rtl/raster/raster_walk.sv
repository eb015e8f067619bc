// raster_walk: the triangle walk (UNIT-005). C mirror: sw/model/raster_walk.c (which visits the
// whole bbox: the same fragments in the same order, see "Walk order").
//
// Walks the clipped bbox row by row (top to bottom) and emits the covered pixels of each row left
// to right, one pixel per cycle. A pixel is covered when all three biased edge values are >= 0
// (top-left rule folded into the bias by setup). The attribute planes step in raster_interp
// (u_interp) and raster_texstep, driven by the same load, enable, select and direction
// flip-flops as the position, so their values are always those of the current pixel.
// Out: fragments {x, y, z, color, draw-state id, prim} through a spill register (prim_spill_reg,
// two entries, valid/ready, every output and ready_o from flip-flops), so the walk keeps
// stepping over uncovered pixels while the pixel pipe waits.
// Walk order (rtl/raster/README.md "Walk order"): an edge whose value grows with x (wx > 0) bounds
// a row's covered span on the left, the others (wx <= 0) on the right. A row is entered at the
// x where the previous row's span began (the row-start registers follow the walk until the
// first covered pixel); from there the walk steps left, without emitting, while every left
// edge is >= 0 (the span may begin further left), then right, emitting the covered pixels, and
// the row ends at x == bx1 or at the first pixel where a right edge is < 0 (nothing to its right
// can be covered). Cost per row: the span, plus the drift of its left end, plus about two
// pixels; the fragments and their order are those of a full bbox walk.
// Timing: every datapath register is clocked by a flip-flop enable and its update is selected
// by flip-flops: en_q (step or load this cycle), enrow_q (the row start moves), load_q,
// sel_row_q and left_q. They are computed a cycle ahead from the next-cycle values (the sign
// bits of w_d, the output room, the end-of-row and start-of-row flags), so no logic sits
// between a register and the ~1,000 enables and mux selects it drives; see rtl/raster/README.md
// "Timing".
// Throughput: 1 pixel per cycle when the output has room (or the pixel is not emitted); two
// idle cycles per triangle (the registered load decision, then the load).
// Handshakes: set_ready_o = load_q (a register, raised the cycle after set_valid_i is seen
// while idle); the setup record is copied in the cycle it is taken. frag_valid_o/frag_o come
// from the spill register (flip-flops, payload held until taken); the pop (frag_ready_i) only
// joins the room decision at its last level. Reset: idle, output empty.
module raster_walk #(
  parameter int unsigned HdrDepth = 8   // texture header FIFO depth: > the 2 output entries + the
                                        // fragment registers between them and the texture stage
) (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic               set_valid_i,
  output logic               set_ready_o,
  input  gpu_pkg::setup_t    set_i,            // setup record, taken when set_ready_o

  output logic               frag_valid_o,
  input  logic               frag_ready_i,
  output gpu_pkg::frag_t     frag_o,
  output gpu_pkg::tex_vals_t frag_tex_o,       // texture sideband of frag_o (same handshake)
  // texture header of each triangle with fragments, pushed with its first fragment (whose
  // frag_tex_o.first is set); the texture stage takes it with that fragment
  output logic               hdr_valid_o,
  input  logic               hdr_ready_i,
  output gpu_pkg::tex_hdr_t  hdr_o,
  output logic               hdr_full_o,       // (checkers: a push into a full FIFO is a bug)

  output logic               busy_o,
  // draw-state references: a fragment pushed (acquire), the triangle finished (release)
  output logic               frag_push_o,
  output logic               tri_done_o,
  output gpu_pkg::ds_id_t    sid_o           // the draw state of both
);
  // latched triangle (the attribute planes live in u_interp)
  logic [2:0][23:0] wx_q, wx_d, wy_q, wy_d;
  logic [2:0]  lft_q, lft_d;              // edge k bounds the span on the left (wx_k > 0)
  logic [9:0]  bx0p1_q, bx0p1_d;          // bx0 + 1 (x_first of the pixel after a left step)
  logic [9:0]  bx1m1_q, bx1m1_d;          // bx1 - 1 (x_last of the pixel after a right step)
  logic [8:0]  by1m1_q, by1m1_d;          // by1 - 1 (y_last of the next row)
  logic        interp_c_q, interp_c_d;
  gpu_pkg::rgba8_t flat_q, flat_d;
  gpu_pkg::ds_id_t sid_q, sid_d;
  logic [gpu_pkg::PRIM_W-1:0] prim_q, prim_d;
  // walk position and running values: the current pixel, and the row start (the entry of the
  // next row, one row up)
  logic        active_q, active_d;
  logic [9:0]  x_q, x_d, xrow_q, xrow_d;
  logic [8:0]  y_q, y_d;
  // Edge values in WW = 35 bits: every value the walk computes is an edge function at a
  // sample inside the screen or one pixel beyond (the next row or pixel after the last),
  // |w| <= 2 * 65535 * 43,000 + 1 < 2^33 (raster_setup's bound for wraw), so 35-bit signed
  // holds it exactly; the setup record's 40 bits are truncated at the load (shorter carry
  // chains into the coverage decision).
  localparam int unsigned WW = 35;
  logic [2:0][WW-1:0] w_q, w_d, wrow_q, wrow_d;
  logic        row_hit_q, row_hit_d;      // a pixel of the current row was emitted
  logic        seek_q, seek_d;            // no right step yet in this row (the entry, or left steps)
  // end-of-row / start-of-row flags of the pixel and of the row start, kept one step ahead so
  // the step control reads registers only (no 10-bit compare between the registers and the
  // ~1,000 enables it drives)
  logic        x_last_q, x_last_d, xrow_last_q, xrow_last_d;      // x == bx1
  logic        x_first_q, x_first_d, xrow_first_q, xrow_first_d;  // x == bx0
  logic        y_last_q, y_last_d;        // y_q == by1
  logic [18:0] pix_q, pix_d, pixrow_q, pixrow_d;   // y*640 + x of the pixel and of the row start
  // texture: the triangle's header (loaded with it) and "no fragment pushed yet"
  gpu_pkg::tex_hdr_t hdr_q;
  logic        first_q;
  gpu_pkg::tex_vals_t cur_tex;
  logic [gpu_pkg::TEX_UNITS-1:0][2:0][gpu_pkg::TEX_PLANE_W-1:0] tex_p;

  // output register (two entries): lets the walk run ahead of the pixel pipe while it waits for memory
  localparam int unsigned OutDepth = 2;   // prim_spill_reg's capacity
  localparam int unsigned CntW = $clog2(OutDepth+1);
  logic            ofifo_wvalid;
  logic            unused_ofifo_wready;   // always high when ofifo_wvalid is (see advance_q)
  logic [CntW-1:0] ofifo_count;
  // Step control. advance_q: "walking, and the output has room for this pixel's fragment",
  // computed a cycle ahead from the output count and this cycle's push and pop. The pixel steps
  // when advance_q is set or it is not emitted (needs no room). That decision, its kind and
  // direction are taken a cycle ahead as well (from w_d and the _d flags) and kept in
  // flip-flops, so they drive the enables and selects directly:
  //   en_q       this cycle updates the walk registers (a pixel step, a row step or the load)
  //   enrow_q    this cycle updates the row-start registers (a row step, the load, or a pixel
  //              step before the row's first emitted pixel: the row start follows the walk)
  //   load_q     the update is the load
  //   sel_row_q  the update is a row step (otherwise a pixel step)
  //   left_q     the pixel step goes left (a seek step: nothing is emitted)
  logic advance_q, advance_d;
  logic en_q, en_d, enrow_q, enrow_d, sel_row_q, sel_row_d, left_q, left_d;
  logic lok_n, rbad_n, covered_n, step_n, row_done_n;   // next cycle's pixel and decisions
  logic covered, ofifo_pop;
  gpu_pkg::frag_t cur;
  gpu_pkg::z25_t   interp_z;             // attribute values of the current pixel (u_interp)
  gpu_pkg::rgba8_t interp_color;

  // the load decision is registered (load_q): setup's set_valid register stays out of the
  // clock-enable cone of the ~1,000 walker registers (docs/synth.md "Closing the core
  // clock"); set_valid_i and the setup payload are held until set_ready_o, so they are still
  // there when load_q is high
  logic load_q, load_d;
  assign load_d   = !active_q && set_valid_i && !load_q;
  assign covered  = !w_q[0][WW-1] && !w_q[1][WW-1] && !w_q[2][WW-1];
  assign ofifo_wvalid = advance_q && covered && !left_q;
  assign ofifo_pop    = frag_valid_o && frag_ready_i;

  always_comb begin
    cur.x  = x_q;
    cur.y  = y_q;
    cur.pix = pix_q;
    cur.z  = interp_z;
    cur.sid = sid_q;
    cur.prim = prim_q;
    if (interp_c_q) begin
      cur.color = interp_color;
    end else begin
      cur.color = flat_q;
    end
  end

  // one adder per edge value and for the pixel index: a row step (sel_row_q) adds the row step
  // to the row start, a pixel step the pixel step (negated for a left step: the inverted step
  // and a carry into an extra low bit) to the pixel; both registers take the sum under their
  // own enables (raster_planes, the same scheme)
  // The edge adders, the pixel index and the walk registers' branch below read their own
  // copies of the two selects (sel_row_nq, left_nq), stored inverted so that synthesis keeps
  // them apart from sel_row_q and left_q, which fan out to the hundreds of plane adders of
  // raster_interp and raster_texstep: the copies sit by the edge adders, whose sums feed the
  // next step decision (timing).
  logic sel_row_nq, left_nq, sel_row_w, left_w;
  assign sel_row_w = !sel_row_nq;
  assign left_w    = !left_nq;
  logic [2:0][WW-1:0] w_step;
  logic [2:0][WW:0]   w_sum;
  logic [18:0] pix_step;
  always_comb begin
    for (int k = 0; k < 3; k++) begin
      w_sum[k] = {sel_row_w ? wrow_q[k] : w_q[k], 1'b1} +
                 {sel_row_w ? WW'($signed(wy_q[k])) : (WW'($signed(wx_q[k])) ^ {WW{left_w}}), left_w};
      w_step[k] = w_sum[k][WW:1];
    end
    pix_step = (sel_row_w ? pixrow_q : pix_q) +
               (sel_row_w ? 19'(gpu_pkg::FB_W) : (left_w ? '1 : 19'd1));
  end
  logic unused_w_sum;
  assign unused_w_sum = w_sum[0][0] ^ w_sum[1][0] ^ w_sum[2][0];

  always_comb begin
    wx_d = wx_q; wy_d = wy_q; lft_d = lft_q;
    bx0p1_d = bx0p1_q; bx1m1_d = bx1m1_q; by1m1_d = by1m1_q;
    x_last_d = x_last_q; x_first_d = x_first_q; y_last_d = y_last_q;
    xrow_last_d = xrow_last_q; xrow_first_d = xrow_first_q;
    interp_c_d = interp_c_q; flat_d = flat_q; sid_d = sid_q; prim_d = prim_q;
    active_d = active_q;
    x_d = x_q; y_d = y_q; xrow_d = xrow_q;
    w_d = w_q; wrow_d = wrow_q;
    row_hit_d = row_hit_q; seek_d = seek_q;
    pix_d = pix_q;
    pixrow_d = pixrow_q;
    set_ready_o = load_q;

    // per-triangle registers: written by the load only
    if (load_q) begin
      wx_d = set_i.edges.wx; wy_d = set_i.edges.wy;
      for (int k = 0; k < 3; k++) lft_d[k] = !set_i.edges.wx[k][23] && (set_i.edges.wx[k] != '0);
      bx0p1_d = set_i.edges.bb_x0 + 10'd1;
      bx1m1_d = set_i.edges.bb_x1 - 10'd1;
      by1m1_d = set_i.edges.bb_y1 - 9'd1;
      interp_c_d = set_i.interp_c; flat_d = set_i.flat_color; sid_d = set_i.sid; prim_d = set_i.prim;
    end

    // walk registers: enable en_q (enrow_q for the row start), update picked by the selects;
    // every branch writes every register of its group, so the enables stay plain flip-flops
    // (a row step on the last row writes values that are never used: the next load overwrites them)
    if (load_q) begin
      active_d = 1'b1;
      x_last_d = (set_i.edges.bb_x0 == set_i.edges.bb_x1);
      x_first_d = 1'b1;
      y_last_d = (set_i.edges.bb_y0 == set_i.edges.bb_y1);
      x_d = set_i.edges.bb_x0;
      y_d = set_i.edges.bb_y0;
      for (int k = 0; k < 3; k++) w_d[k] = set_i.edges.w0[k][WW-1:0];
      row_hit_d = 1'b0;
      seek_d = 1'b0;
      pix_d = gpu_pkg::pix_index(set_i.edges.bb_x0, set_i.edges.bb_y0);
    end else if (sel_row_w) begin
      // x == bx1, or a right edge < 0: the next row, entered at the row start, or done
      if (y_last_q) active_d = 1'b0;
      row_hit_d = 1'b0;
      seek_d = 1'b1;
      y_d = y_q + 9'd1;
      x_d = xrow_q;
      x_last_d = xrow_last_q;
      x_first_d = xrow_first_q;
      y_last_d = (y_q == by1m1_q);
      pix_d = pix_step;
      w_d = w_step;
    end else if (left_w) begin
      // a seek step: every left edge was >= 0, so the span may begin further left
      x_d = x_q - 10'd1;
      x_last_d = 1'b0;                      // x_q > bx0, so x_q - 1 < bx1
      x_first_d = (x_q == bx0p1_q);
      pix_d = pix_step;
      w_d = w_step;
    end else begin
      row_hit_d = row_hit_q | covered;
      seek_d = 1'b0;
      x_d = x_q + 10'd1;
      x_last_d = (x_q == bx1m1_q);
      x_first_d = 1'b0;
      pix_d = pix_step;
      w_d = w_step;
    end
    // the row start takes the pixel's next values (under its own enable): the load's pixel, the
    // next row's entry at a row step (the row start one row down), or the pixel a step moves to
    xrow_d = x_d; xrow_last_d = x_last_d; xrow_first_d = x_first_d;
    pixrow_d = pix_d; wrow_d = w_d;
    if (!en_q) begin
      active_d = active_q;
      x_d = x_q; w_d = w_q; pix_d = pix_q;
      x_last_d = x_last_q; x_first_d = x_first_q; row_hit_d = row_hit_q; seek_d = seek_q;
      y_d = y_q; y_last_d = y_last_q;
    end
    if (!enrow_q) begin
      xrow_d = xrow_q; wrow_d = wrow_q; pixrow_d = pixrow_q;
      xrow_last_d = xrow_last_q; xrow_first_d = xrow_first_q;
    end

    // FIFO occupancy next cycle (this cycle's push and pop): room for one more? A pop always
    // leaves room (count + push <= OutDepth, since a push only happens with room), so the pop,
    // which comes from the pixel pipe's ready, joins at the last level instead of the adder
    advance_d = active_d &&
                ((({1'b0, ofifo_count} + (CntW+1)'(ofifo_wvalid)) < (CntW+1)'(OutDepth)) ||
                 ofifo_pop);
    // next cycle's decisions from the next-cycle values (lok: every left edge >= 0; rbad: a
    // right edge < 0, so no pixel from here to bx1 is covered):
    //   left step   still seeking, every left edge >= 0, x > bx0 (nothing emitted)
    //   row step    not a left step, and x == bx1 or a right edge < 0
    //   step        a left step, an uncovered pixel, or room for the covered pixel's fragment
    //   row start   moves with a left step, and with a right step over an uncovered pixel before
    //               the row's first emitted one (it ends on the span's first pixel)
    lok_n = 1'b1;
    rbad_n = 1'b0;
    for (int k = 0; k < 3; k++) begin
      if (lft_d[k]) lok_n = lok_n && !w_d[k][WW-1];
      else          rbad_n = rbad_n || w_d[k][WW-1];
    end
    covered_n  = lok_n && !rbad_n;
    left_d     = active_d && seek_d && lok_n && !x_first_d;
    row_done_n = !left_d && (x_last_d || rbad_n);
    step_n     = active_d && (advance_d || left_d || !covered_n);
    en_d       = load_d || step_n;
    enrow_d    = load_d || (step_n && (row_done_n || left_d || (!row_hit_d && !covered_n)));
    sel_row_d  = row_done_n;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wx_q <= '0; wy_q <= '0; lft_q <= '0;
      bx0p1_q <= '0; bx1m1_q <= '0; by1m1_q <= '0;
      x_last_q <= 1'b0; x_first_q <= 1'b0; y_last_q <= 1'b0;
      xrow_last_q <= 1'b0; xrow_first_q <= 1'b0;
      interp_c_q <= 1'b0; flat_q <= '0; sid_q <= '0; prim_q <= '0;
      active_q <= 1'b0; advance_q <= 1'b0; load_q <= 1'b0;
      en_q <= 1'b0; enrow_q <= 1'b0; sel_row_q <= 1'b0; left_q <= 1'b0;
      sel_row_nq <= 1'b1; left_nq <= 1'b1;
      x_q <= '0; y_q <= '0; xrow_q <= '0;
      w_q <= '0; wrow_q <= '0;
      row_hit_q <= 1'b0; seek_q <= 1'b0;
      pix_q <= '0; pixrow_q <= '0;
    end else begin
      wx_q <= wx_d; wy_q <= wy_d; lft_q <= lft_d;
      bx0p1_q <= bx0p1_d; bx1m1_q <= bx1m1_d; by1m1_q <= by1m1_d;
      x_last_q <= x_last_d; x_first_q <= x_first_d; y_last_q <= y_last_d;
      xrow_last_q <= xrow_last_d; xrow_first_q <= xrow_first_d;
      interp_c_q <= interp_c_d; flat_q <= flat_d; sid_q <= sid_d; prim_q <= prim_d;
      active_q <= active_d; advance_q <= advance_d; load_q <= load_d;
      en_q <= en_d; enrow_q <= enrow_d; sel_row_q <= sel_row_d; left_q <= left_d;
      sel_row_nq <= !sel_row_d; left_nq <= !left_d;
      x_q <= x_d; y_q <= y_d; xrow_q <= xrow_d;
      w_q <= w_d; wrow_q <= wrow_d;
      row_hit_q <= row_hit_d; seek_q <= seek_d;
      pix_q <= pix_d; pixrow_q <= pixrow_d;
    end
  end

  // the plane start values are staged while the walker is idle (raster_planes: two-step load,
  // so setup's registers never reach the plane adders in one cycle); the record waiting at
  // set_i is held until its load, so what was staged the cycle before load_q is the record
  logic stage;
  assign stage = !active_q && !load_q;

  // attribute planes: stepped with the position, by the same enable and select flip-flops
  raster_interp u_interp (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .stage_i   (stage),
    .load_i    (load_q),
    .en_i      (en_q),
    .enrow_i   (enrow_q),
    .sel_row_i (sel_row_q),
    .left_i    (left_q),
    .attr_i    (set_i.attr),
    .z_o       (interp_z),
    .color_o   (interp_color)
  );

  // texture-coordinate planes, stepped by the same flip-flops
  raster_texstep u_texstep (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .stage_i   (stage),
    .load_i    (load_q),
    .en_i      (en_q),
    .enrow_i   (enrow_q),
    .sel_row_i (sel_row_q),
    .left_i    (left_q),
    .planes_i  (set_i.tex),
    .p_o       (tex_p)
  );
  assign cur_tex.first = first_q;
  assign cur_tex.p     = tex_p;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hdr_q   <= '0;
      first_q <= 1'b0;
    end else if (load_q) begin
      hdr_q.en_mask <= set_i.tex.en_mask;
      hdr_q.bb_x0   <= set_i.edges.bb_x0;
      hdr_q.bb_y0   <= set_i.edges.bb_y0;
      hdr_q.lod_idx <= set_i.tex.lod_idx;
      first_q       <= 1'b1;
    end else if (ofifo_wvalid) begin
      first_q <= 1'b0;
    end
  end

  prim_spill_reg #(.Width($bits(cur_tex) + $bits(cur))) u_out_reg (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (ofifo_wvalid),
    .ready_o (unused_ofifo_wready),
    .data_i  ({cur_tex, cur}),
    .valid_o (frag_valid_o),
    .ready_i (frag_ready_i),
    .data_o  ({frag_tex_o, frag_o}),
    .count_o (ofifo_count)
  );

  // one header per triangle with fragments; never full when pushed (HdrDepth exceeds the
  // fragments that can sit between this walker's push and the texture stage's take)
  logic hdr_wready;
  logic [$clog2(HdrDepth+1)-1:0] unused_hdr_count;
  prim_fifo_bram #(.Width($bits(hdr_q)), .Depth(HdrDepth)) u_hdr_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (ofifo_wvalid && first_q),
    .wready_o (hdr_wready),
    .wdata_i  (hdr_q),
    .rvalid_o (hdr_valid_o),
    .rready_i (hdr_ready_i),
    .rdata_o  (hdr_o),
    .count_o  (unused_hdr_count)
  );
  assign hdr_full_o = !hdr_wready;

  assign busy_o = active_q || (ofifo_count != '0) || hdr_valid_o;
  assign frag_push_o = ofifo_wvalid;
  assign tri_done_o  = active_q && !active_d;
  assign sid_o       = sid_q;
`ifndef SYNTHESIS
  // the setup record's edge values fit WW bits (the bound above)
`ifdef TGPU_BEFORE_SIM_SPEED
  // (make bench's before build: the concurrent form, as written before the
  // simulation-speed rewrite, mk/core.mk)
  for (genvar k = 0; k < 3; k++) begin : g_w_bound
    a_w0_fits: assert property (@(posedge clk_i) disable iff (!rst_ni)
      load_q |-> (set_i.edges.w0[k][39:WW-1] == '0 || set_i.edges.w0[k][39:WW-1] == '1));
  end
`else
  // (immediate checks at the edge: as a concurrent assertion, Verilator kept a sampled copy of
  // the whole 2,106-bit setup record at every evaluation)
  for (genvar k = 0; k < 3; k++) begin : g_w_bound
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
      end else if (load_q) begin
        a_w0_fits: assert (set_i.edges.w0[k][39:WW-1] == '0 || set_i.edges.w0[k][39:WW-1] == '1)
          else $error("a_w0_fits: edge %0d's value at the bbox origin exceeds %0d bits", k, WW);
      end
    end
  end
`endif
`endif
endmodule
