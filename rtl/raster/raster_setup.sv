// raster_setup: triangle setup (UNIT-004; ADDENDUM 5; docs/spec-decisions.md "Rasterization").
// C mirror: sw/model/raster_setup.c, operation for operation.
//
// In:  triangle record (three vertices, render state, prim id), valid/ready.
// Out: the setup record gpu_pkg::setup_t: edge part (area, edge equations at the bbox origin,
//      edge steps, clipped bbox) and, for each attribute gpu_pkg::ATTR_*, the plane (c, gx, gy)
//      of docs/spec-decisions.md "Attribute interpolation": c = (a0 << 12) + 2^11 + rdiv(n0),
//      gx = rdiv(nx), gy = rdiv(ny) modulo 2^37, rdiv(n) = round(n * 2^12 / area) (halves up),
//      and the texture planes; both plane parts come from tmu_setup (below).
//      Zero-area and fully off-screen triangles are dropped here (drop_o pulses).
// Datapath: one 18x18-bit signed multiplier (one MULT18X18D, see "multiplier" below) for the
// area and the edges,
// sequenced by the FSM below; at most one carry chain follows a register anywhere (timing:
// rtl/raster/README.md "Timing").
// Planes: once the edges are final every triangle starts tmu_setup (u_tex, its own serial
// Booth multiplier and divider, rtl/tex/tmu_setup.sv): the attribute planes (Z when
// Z_TEST|Z_WRITE, R, G, B, A when GOURAUD), then the texture planes of the enabled units. It
// reads the vertices' Z, colour and UVn words from tri_i (not swapped: tmu_setup exchanges
// vertices 1 and 2 itself when swap_i = sw_q, instead of swap multiplexers); the record waits
// in StPlaneWait until the planes are ready (tmu_setup's output registers, held until the
// walker takes the record).
// Latency: about 20 cycles for area, bbox and edges, then tmu_setup: 317 cycles per interpolated
// attribute, 1 per other, and about 1,150 per enabled texture unit.
// Throughput: one triangle at a time; the result register is held until the walker takes it,
// while the next triangle waits at the input.
// Handshakes: the triangle is read from tri_i (held by the register file) for the whole setup
// and taken at the end: tri_ready_o is high in the cycle of a drop (StSwap) or of the record's
// handshake (StOut && set_ready_i), never in the cycle the triangle arrives (the record,
// flat colour, sid and prim included, is read from tri_i until the walker takes it);
// set_valid_o is high in StOut only (a flip-flop of its own); the set_o record is registered
// and does not change until set_ready_i takes it (valid never depends on ready).
// Reset: StIdle, outputs invalid.
module raster_setup (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic               tri_valid_i,
  output logic               tri_ready_o,
  input  gpu_pkg::triangle_t tri_i,

  output logic               set_valid_o,
  input  logic               set_ready_i,
  output gpu_pkg::setup_t    set_o,            // setup record

  input  logic [gpu_pkg::DS_N-1:0][gpu_pkg::DRAW_STATE_W-1:0] ds_table_i,   // draw states (by tri_i.sid)

  // LOD table (in tmu_pixel): tmu_setup writes the rows of a textured triangle at lod_idx_q,
  // a ring index that advances per textured triangle; a triangle whose index is still in use
  // by the texture stage (lod_busy_i: fragments or slots of triangles from lod_oldest_i on) is
  // not started until it is free (docs/architecture.md "LOD table")
  output logic               lod_we_o,
  output logic [gpu_pkg::LOD_ADDR_W-1:0] lod_waddr_o,
  output gpu_pkg::tex_lod_row_t lod_wdata_o,
  input  logic               lod_busy_i,
  input  gpu_pkg::lod_idx_t  lod_oldest_i,

  output logic               drop_o,           // one pulse per dropped triangle
  output gpu_pkg::ds_id_t    drop_sid_o,       // its draw state (a release of the entry)
  output logic               busy_o
);
  // The multiplier takes a product every cycle and returns products in order, each with a
  // one-cycle prod_vld two cycles later. Each pair of products is issued in two states (X0,
  // X1); X2 waits for the first product (prod_vld) and X3 for the second.
  typedef enum logic [4:0] {
    StIdle,     // waiting for a triangle
    StArea0,    // operands (x1-x0)(y2-y0); bbox min/max
    StArea1,    // operands (x2-x0)(y1-y0)
    StArea2,    // wait for the first product, t = first product
    StArea3,    // area = t - second product
    StOrient,   // clip bbox; register the drop (zero area, off screen) and swap decisions
    StSwap,     // drop, or swap v1/v2 for negative area (from the registered decisions)
    StEdge0,    // operands dx_k (sy - ya_k)
    StEdge1,    // operands dy_k (sx - xa_k)
    StEdge2,    // wait for the first product, t = first product
    StEdge3,    // wraw_k = t - second product, steps
    StEdge4,    // w0_k = wraw_k - top-left bias
    StPlaneWait,// wait for tmu_setup's attribute and texture planes (started after the edges)
    StOut       // result valid for the walker
  } st_e;
  (* fsm_encoding = "one-hot" *) st_e st_q;
  st_e st_d;

  localparam int unsigned AttrN  = gpu_pkg::ATTR_N;
  // set_valid_o as its own flip-flop (== (st_q == StOut)): it drives the walker's load select
  // on ~1,000 flip-flops, so no state decode sits in front of that fanout
  logic out_valid_q;

  // The triangle is not copied: the register file holds tri_i from the handshake's valid
  // until tri_ready_o, which this unit raises only when it is done with the triangle (dropped,
  // or its record taken by the walker), so the vertices are read from tri_i throughout (840
  // flip-flops less). After StSwap, sw_q says vertices 1 and 2 are read exchanged (negative
  // area): vtx_x/vtx_y/vtx_z/vtx_c below index the vertices as submitted, and every reader
  // maps its index through the swap.
  logic        sw_q, sw_d;
  logic        need_z_q, need_z_d, need_c_q, need_c_d;   // mode flags of the draw state
  // texture units: the enabled units (the UVn words are read from tri_i)
  logic [gpu_pkg::TEX_UNITS-1:0] tex_en_q, tex_en_d;
  logic        tex_go_q, tex_go_d;          // tmu_setup's input handshake is due (every triangle)
  gpu_pkg::lod_idx_t lod_idx_q;             // the next textured triangle's LOD table rows
  logic        lod_free;                    // lod_idx_q is not in use by the texture stage
  logic        tex_in_ready, tex_out_valid;
  // tmu_setup's outputs, one variable per port (Yosys: no output ports on struct fields or
  // array elements; docs/synth.md "Yosys traps")
  logic [gpu_pkg::TEX_UNITS-1:0][31:0] tp_uq_c, tp_uq_gx, tp_uq_gy, tp_vq_c, tp_vq_gx, tp_vq_gy,
                                       tp_q_c, tp_q_gx, tp_q_gy;

  logic signed [62:0] t_q, t_d;             // product / partial sum
  logic signed [62:0] prod_q;               // the multiplier's product (valid with prod_vld)
  logic signed [15:0] xmin_q, xmin_d, xmax_q, xmax_d, ymin_q, ymin_d, ymax_q, ymax_d;
  logic               tl_q [3], tl_d [3];   // edge k is top or left
  logic signed [36:0] area_q, area_d;
  logic signed [35:0] wraw_q [3], wraw_d [3];
  logic [39:0] w0_q [3], w0_d [3];
  logic [23:0] wx_q [3], wx_d [3], wy_q [3], wy_d [3];
  logic [9:0]  bx0_q, bx0_d, bx1_q, bx1_d;
  logic [8:0]  by0_q, by0_d, by1_q, by1_d;
  logic [1:0]  k_q, k_d;                    // edge index
  logic        drop;
  logic        or_drop_q, or_drop_d;     // StOrient's decisions, acted on in StSwap
  logic        or_neg_q, or_neg_d;

  // ---- multiplier (area and edges) ----
  // Every product here fits one MULT18X18D: a is an x or y difference or an edge delta (17-bit
  // signed: 12.4 coordinates), b a y difference (17 bits) or a sample offset s - xa (18-bit
  // signed). (Until the attribute planes moved to tmu_setup, a Z difference and the edge
  // values needed a 26 x 35 product in four partial products.) One register stage on each side
  // of the DSP: operands taken in cycle c (mul_issue) -> prod_q and prod_vld in cycle c + 2; a
  // product can be issued every cycle and they come back in order.
  logic signed [17:0] mul_a, mul_a_q;
  logic signed [17:0] mul_b, mul_b_q;
  logic               mul_issue;            // this state's operands are a wanted product
  logic               mul_v_q, pp_v_q;
  logic signed [35:0] pp_q;
  logic               prod_vld;

  assign prod_vld = pp_v_q;
  assign prod_q   = 63'(pp_q);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mul_a_q <= '0; mul_b_q <= '0; mul_v_q <= 1'b0; pp_q <= '0; pp_v_q <= 1'b0;
    end else begin
      if (mul_issue) begin
        mul_a_q <= mul_a; mul_b_q <= mul_b;
      end
      mul_v_q <= mul_issue;
      pp_q    <= mul_a_q * mul_b_q;
      pp_v_q  <= mul_v_q;
    end
  end

  // the submitted vertices' positions by index (0..2), as tri_i holds them (tmu_setup reads
  // their Z, colour and UVn)
  logic signed [15:0] vtx_x [3], vtx_y [3];
  always_comb begin
    vtx_x[0] = tri_i.v0.x; vtx_y[0] = tri_i.v0.y;
    vtx_x[1] = tri_i.v1.x; vtx_y[1] = tri_i.v1.y;
    vtx_x[2] = tri_i.v2.x; vtx_y[2] = tri_i.v2.y;
  end

  // edge k goes from vertex a = (k+1)%3 to b = (k+2)%3 of the oriented triangle; ea/eb are
  // those vertices' submitted indices (1 and 2 exchanged when sw_q)
  logic [1:0] ea, eb;
  always_comb begin
    unique case (k_q)
      2'd0:    begin ea = 2'd1; eb = 2'd2; end
      2'd1:    begin ea = 2'd2; eb = 2'd0; end
      default: begin ea = 2'd0; eb = 2'd1; end
    endcase
    if (sw_q) begin
      if (ea != 2'd0) ea = 2'd3 - ea;
      if (eb != 2'd0) eb = 2'd3 - eb;
    end
  end

  // xb-xa, yb-ya of edge k_q; registered copies (free-running, valid from StEdge1 on, since
  // k_q and the vertices are stable from StEdge0) keep a second carry chain out of StEdge3
  logic signed [16:0] edx, edy, edx_q, edy_q;
  logic signed [17:0] ssx, ssy;             // sample minus vertex a
  assign edx = 17'(vtx_x[eb]) - 17'(vtx_x[ea]);
  assign edy = 17'(vtx_y[eb]) - 17'(vtx_y[ea]);
  assign ssx = $signed({4'h0, bx0_q, 4'h8}) - 18'(vtx_x[ea]);
  assign ssy = $signed({5'h0, by0_q, 4'h8}) - 18'(vtx_y[ea]);


  // the incoming triangle's draw state (a local copy: Yosys cannot select a field of a
  // variably indexed packed struct array)
  gpu_pkg::draw_state_t ds_tri;
  assign ds_tri = gpu_pkg::draw_state_t'(ds_table_i[tri_i.sid]);
  logic unused_ds;   // the state setup does not read (the pixel stages do)
  assign unused_ds = ^{ds_tri.dither_en, ds_tri.z_compare, ds_tri.fb_base, ds_tri.z_base, ds_tri.alpha_blend,
                       ds_tri.tex_format, ds_tri.tex_swizzle, ds_tri.tex_wl, ds_tri.tex_hl, ds_tri.tex_levels,
                       ds_tri.tex_blend, ds_tri.tex_wrap_u, ds_tri.tex_wrap_v, ds_tri.tex_bias, ds_tri.tex_base};


  // bbox of the latched vertices: the three pairwise comparisons run in parallel and select
  // min and max (one carry chain, then a 3:1 mux; a chain compare -> mux -> compare was two)
  function automatic logic [31:0] minmax3(input logic signed [15:0] v0, input logic signed [15:0] v1,
                                          input logic signed [15:0] v2);
    logic lt01, lt02, lt12;
    logic signed [15:0] mn, mx;
    lt01 = v0 < v1;
    lt02 = v0 < v2;
    lt12 = v1 < v2;
    if (lt01) begin
      mn = lt02 ? v0 : v2;
      mx = lt12 ? v2 : v1;
    end else begin
      mn = lt12 ? v1 : v2;
      mx = lt02 ? v2 : v0;
    end
    minmax3 = {mn, mx};
  endfunction

  logic signed [15:0] xmin, xmax, ymin, ymax;
  logic signed [11:0] bx0s, bx1s, by0s, by1s;
  always_comb begin
    {xmin, xmax} = minmax3(vtx_x[0], vtx_x[1], vtx_x[2]);
    {ymin, ymax} = minmax3(vtx_y[0], vtx_y[1], vtx_y[2]);
    bx0s = 12'(xmin_q >>> 4);
    bx1s = 12'(xmax_q >>> 4);
    by0s = 12'(ymin_q >>> 4);
    by1s = 12'(ymax_q >>> 4);
  end

  function automatic logic [9:0] clampx(input logic signed [11:0] v);
    if (v < 0) clampx = '0;
    else if (v > 12'(gpu_pkg::FB_W - 1)) clampx = 10'(gpu_pkg::FB_W - 1);
    else clampx = v[9:0];
  endfunction
  function automatic logic [8:0] clampy(input logic signed [11:0] v);
    if (v < 0) clampy = '0;
    else if (v > 12'(gpu_pkg::FB_H - 1)) clampy = 9'(gpu_pkg::FB_H - 1);
    else clampy = v[8:0];
  endfunction

  // multiplier operands per state (kept apart from the FSM so there is no combinational loop)
  always_comb begin
    mul_a = mul_a_q;
    mul_b = mul_b_q;
    mul_issue = 1'b0;   // set below in an issuing state (the multiplier takes one every cycle)
    unique case (st_q)
      StArea0: begin mul_a = 18'(vtx_x[1]) - 18'(vtx_x[0]); mul_b = 18'(vtx_y[2]) - 18'(vtx_y[0]); mul_issue = 1'b1; end
      StArea1: begin mul_a = 18'(vtx_x[2]) - 18'(vtx_x[0]); mul_b = 18'(vtx_y[1]) - 18'(vtx_y[0]); mul_issue = 1'b1; end
      StEdge0: begin mul_a = 18'(edx); mul_b = ssy; mul_issue = 1'b1; end
      StEdge1: begin mul_a = 18'(edy_q); mul_b = ssx; mul_issue = 1'b1; end
      default: ;
    endcase
  end


  always_comb begin
    st_d = st_q;
    for (int i = 0; i < 3; i++) begin
      wraw_d[i] = wraw_q[i]; w0_d[i] = w0_q[i]; wx_d[i] = wx_q[i]; wy_d[i] = wy_q[i];
    end
    sw_d = sw_q; need_z_d = need_z_q; need_c_d = need_c_q;
    tex_en_d = tex_en_q;
    tex_go_d = tex_go_q && !tex_in_ready;
    t_d = t_q; area_d = area_q;
    xmin_d = xmin_q; xmax_d = xmax_q; ymin_d = ymin_q; ymax_d = ymax_q;
    for (int i = 0; i < 3; i++) tl_d[i] = tl_q[i];
    bx0_d = bx0_q; bx1_d = bx1_q; by0_d = by0_q; by1_d = by1_q;
    k_d = k_q;
    drop = 1'b0;
    or_drop_d = or_drop_q; or_neg_d = or_neg_q;
    tri_ready_o = 1'b0;

    unique case (st_q)
      StIdle: begin
        // the triangle is taken (tri_ready_o) when setup is done with it, not here
        if (tri_valid_i) begin
          tex_en_d = ds_tri.tex_enable;
          need_z_d = ds_tri.z_test | ds_tri.z_write;
          need_c_d = ds_tri.gouraud;
          sw_d = 1'b0;
          st_d = StArea0;
        end
      end
      StArea0: begin
        xmin_d = xmin; xmax_d = xmax; ymin_d = ymin; ymax_d = ymax;
        st_d = StArea1;
      end
      StArea1: st_d = StArea2;
      StArea2: begin
        if (prod_vld) begin
          t_d = prod_q;
          st_d = StArea3;
        end
      end
      StArea3: begin
        if (prod_vld) begin
          area_d = 37'(t_q - prod_q);
          st_d = StOrient;
        end
      end
      StOrient: begin
        bx0_d = clampx(bx0s); bx1_d = clampx(bx1s);
        by0_d = clampy(by0s); by1_d = clampy(by1s);
        // decisions only: the zero test (37 bits) and the bbox compares stay out of the
        // enables of the vertex registers, which StSwap drives from these two flip-flops
        or_drop_d = (area_q == '0 || bx1s < 0 || by1s < 0 || bx0s > 12'sd639 || by0s > 12'sd479);
        or_neg_d  = area_q < 0;
        st_d = StSwap;
      end
      StSwap: begin
        if (or_drop_q) begin
          drop = 1'b1;
          tri_ready_o = 1'b1;
          st_d = StIdle;
        end else begin
          if (or_neg_q) begin
            area_d = -area_q;
            sw_d = 1'b1;   // vertices 1 and 2 read exchanged from now on
          end
          k_d = 2'd0;
          st_d = StEdge0;
        end
      end
      StEdge0: st_d = StEdge1;
      StEdge1: st_d = StEdge2;
      StEdge2: begin
        if (prod_vld) begin
          t_d = prod_q;
          st_d = StEdge3;
        end
      end
      StEdge3: if (prod_vld) begin
        wraw_d[k_q] = 36'(t_q - prod_q);
        wx_d[k_q] = -(24'(edy_q) <<< 4);
        wy_d[k_q] = 24'(edx_q) <<< 4;
        // top-left edges keep w >= 0; the others need w >= 1
        tl_d[k_q] = (edy_q < 0) || (edy_q == 0 && edx_q > 0);
        st_d = StEdge4;
      end
      StEdge4: begin
        w0_d[k_q] = 40'($signed(wraw_q[k_q])) - (tl_q[k_q] ? 40'd0 : 40'd1);
        if (k_q == 2'd2) begin
          // area, wraw, wx, wy are final: tmu_setup computes the attribute and texture planes
          // (a textured triangle first waits for its LOD table rows to be free; this state
          // then repeats, recomputing the same w0)
          if (tex_en_q == '0 || lod_free) begin
            tex_go_d = 1'b1;
            st_d = StPlaneWait;
          end
        end else begin
          k_d = k_q + 2'd1;
          st_d = StEdge0;
        end
      end
      StPlaneWait: begin
        if (!tex_go_q && tex_out_valid) st_d = StOut;
      end
      StOut: begin
        if (set_ready_i) begin
          tri_ready_o = 1'b1;   // the record is taken: the triangle is no longer read
          st_d = StIdle;
        end
      end
      default: st_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q <= StIdle;
      out_valid_q <= 1'b0;
      for (int i = 0; i < 3; i++) begin
        wraw_q[i] <= '0; w0_q[i] <= '0; wx_q[i] <= '0; wy_q[i] <= '0;
      end
      sw_q <= 1'b0; need_z_q <= 1'b0; need_c_q <= 1'b0;
      tex_en_q <= '0; tex_go_q <= 1'b0;
      t_q <= '0; area_q <= '0; edx_q <= '0; edy_q <= '0;
      xmin_q <= '0; xmax_q <= '0; ymin_q <= '0; ymax_q <= '0;
      for (int i = 0; i < 3; i++) tl_q[i] <= 1'b0;
      bx0_q <= '0; bx1_q <= '0; by0_q <= '0; by1_q <= '0;
      k_q <= '0;
      or_drop_q <= 1'b0; or_neg_q <= 1'b0;
    end else begin
      st_q <= st_d;
      out_valid_q <= (st_d == StOut);
      for (int i = 0; i < 3; i++) begin
        wraw_q[i] <= wraw_d[i]; w0_q[i] <= w0_d[i]; wx_q[i] <= wx_d[i]; wy_q[i] <= wy_d[i];
      end
      sw_q <= sw_d; need_z_q <= need_z_d; need_c_q <= need_c_d;
      tex_en_q <= tex_en_d; tex_go_q <= tex_go_d;
      t_q <= t_d; area_q <= area_d; edx_q <= edx; edy_q <= edy;
      xmin_q <= xmin_d; xmax_q <= xmax_d; ymin_q <= ymin_d; ymax_q <= ymax_d;
      for (int i = 0; i < 3; i++) tl_q[i] <= tl_d[i];
      bx0_q <= bx0_d; bx1_q <= bx1_d; by0_q <= by0_d; by1_q <= by1_d;
      k_q <= k_d;
      or_drop_q <= or_drop_d; or_neg_q <= or_neg_d;
    end
  end

  // ---- LOD table ring ----
  // The texture stage reads rows of triangles lod_oldest_i .. lod_idx_q - 1 (ring order) while
  // lod_busy_i; lod_idx_q is free unless it would wrap onto lod_oldest_i (at most LOD_RING - 1
  // textured triangles between the texture stage and this one). Not busy: nothing reads.
  gpu_pkg::lod_idx_t lod_used;
  assign lod_used = lod_idx_q - lod_oldest_i;
  assign lod_free = !lod_busy_i || (lod_used != gpu_pkg::lod_idx_t'(gpu_pkg::LOD_RING - 1));
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lod_idx_q <= '0;
    end else if (out_valid_q && set_ready_i && tex_en_q != '0) begin
      lod_idx_q <= lod_idx_q + 1'b1;
    end
  end

  // ---- attribute and texture planes (tmu_setup: a serial multiplier and divider, no DSP) ----
  // started once the edges are final (tex_go_q); the record waits for it in StPlaneWait; its
  // output registers hold until the walker takes the record
  logic [gpu_pkg::TEX_UNITS-1:0] unused_tex_en;
  logic [AttrN-1:0][gpu_pkg::ATTR_PLANE_W-1:0] at_c, at_gx, at_gy;
  logic [123:0] lod_wdata;
  tmu_setup #(.IdxW(gpu_pkg::LOD_IDX_W)) u_tex (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .in_valid_i (tex_go_q), .in_ready_o (tex_in_ready),
    .need_z_i (need_z_q), .need_c_i (need_c_q),
    .z0_i (tri_i.v0.z), .z1_i (tri_i.v1.z), .z2_i (tri_i.v2.z),
    .col0_i (tri_i.v0.color), .col1_i (tri_i.v1.color), .col2_i (tri_i.v2.color),
    .en_mask_i (tex_en_q),
    .uv0_i (tri_i.v0.uv), .uv1_i (tri_i.v1.uv), .uv2_i (tri_i.v2.uv), .swap_i (sw_q),
    .area_i (area_q[35:0]), .wraw1_i (wraw_q[1][34:0]), .wraw2_i (wraw_q[2][34:0]),
    .wx1_i (wx_q[1]), .wx2_i (wx_q[2]), .wy1_i (wy_q[1]), .wy2_i (wy_q[2]),
    .out_valid_o (tex_out_valid), .out_ready_i (out_valid_q && set_ready_i),
    .en_mask_o (unused_tex_en),
    .at_c_o (at_c), .at_gx_o (at_gx), .at_gy_o (at_gy),
    .uq_c_o (tp_uq_c), .uq_gx_o (tp_uq_gx), .uq_gy_o (tp_uq_gy),
    .vq_c_o (tp_vq_c), .vq_gx_o (tp_vq_gx), .vq_gy_o (tp_vq_gy),
    .q_c_o  (tp_q_c),  .q_gx_o  (tp_q_gx),  .q_gy_o  (tp_q_gy),
    .lod_idx_i (lod_idx_q), .lod_we_o (lod_we_o), .lod_waddr_o (lod_waddr_o), .lod_wdata_o (lod_wdata)
  );
  assign lod_wdata_o = gpu_pkg::tex_lod_row_t'(lod_wdata);

  // ---- outputs ----
  always_comb begin
    set_o.tex.en_mask = tex_en_q;
    for (int n = 0; n < gpu_pkg::TEX_UNITS; n++) begin
      set_o.tex.c[n]  = {tp_q_c[n],  tp_vq_c[n],  tp_uq_c[n]};    // [0] UQ, [1] VQ, [2] Q
      set_o.tex.gx[n] = {tp_q_gx[n], tp_vq_gx[n], tp_uq_gx[n]};
      set_o.tex.gy[n] = {tp_q_gy[n], tp_vq_gy[n], tp_uq_gy[n]};
    end
    set_o.tex.lod_idx = lod_idx_q;
    set_o.edges.area  = area_q[35:0];
    set_o.edges.bb_x0 = bx0_q;
    set_o.edges.bb_x1 = bx1_q;
    set_o.edges.bb_y0 = by0_q;
    set_o.edges.bb_y1 = by1_q;
    for (int i = 0; i < 3; i++) begin
      set_o.edges.w0[i] = w0_q[i];
      set_o.edges.wx[i] = wx_q[i];
      set_o.edges.wy[i] = wy_q[i];
    end
    set_o.attr.c     = at_c;
    set_o.attr.gx    = at_gx;
    set_o.attr.gy    = at_gy;
    set_o.interp_c   = need_c_q;
    set_o.flat_color = tri_i.v0.color;   // held with the triangle until the record is taken
    set_o.sid        = tri_i.sid;
    set_o.prim       = tri_i.prim;
  end
  assign set_valid_o      = out_valid_q;
  assign drop_o           = drop;
  assign drop_sid_o       = tri_i.sid;
  assign busy_o           = (st_q != StIdle);
endmodule
