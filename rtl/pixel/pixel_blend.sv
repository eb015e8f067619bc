// pixel_blend: the framebuffer blend stage of the pixel path (UNIT-006; seed 001 ALPHA_BLEND,
// "Texture Blend Operation Order" step 6; ADDENDUM 4; docs/spec-decisions.md "Alpha
// blending"). C mirror: sw/model/pixel_blend.c. Memory client: destination colour reads.
//
// Per fragment whose draw state has ALPHA_BLEND.MODE != DISABLED:
//   1. read its framebuffer word (FB_DRAW + (y*640 + x)*4) once no older fragment's colour
//      write to that word is still on its way (hazard rule below),
//   2. promote the RGB565 destination to 10.8 by bit replication (R5/B5 -> {c5, c5}, G6 ->
//      {g6, g6[5:2]}, fraction 0) with destination alpha 1.0 (the framebuffer has none),
//   3. per channel c in R, G, B, with A = the fragment's alpha:
//        ADD       c = c108_add(src, dst)                       (saturating)
//        SUBTRACT  c = c108_sub(src, dst)                       (src - dst, clamped at 0)
//        ALPHA     c = c108_add(c108_mul(src, A), c108_mul(dst, c108_inv(A)))
//      computed as c108_round(src*fs) (+|-) c108_round(dst*fd) with fs = A, fd = 1 - A for
//      ALPHA and fs = fd = 1.0 otherwise (c108_mul(x, 1.0) = x exactly for every x), on two
//      shared 18x18 multipliers, one channel per cycle; alpha out (seed: A_src + A_dst*(1 -
//      A_src), A_dst = 1.0): ADD c108_add(A, 1.0), SUBTRACT c108_sub(A, 1.0), ALPHA
//      c108_add(A, c108_inv(A)); carried in the fragment's alpha channel, stored nowhere,
//   4. offer the blended fragment to pixel_fbwrite (dither and RGB565 after the blend).
// Fragments without blending pass unchanged, in order with the blended ones.
//
// Many fragments in flight (issue 14): destination reads are issued ahead and the arithmetic
// is a pipeline, one blended fragment every 3 cycles (the two multipliers, one channel a cycle).
//   issue (a_*)     the incoming fragment and its word address; it leaves into the FIFO when
//                   there is room (a blended one when its read is also queued in u_req)
//   in flight       u_fifo (Depth fragments, in order) with the destination words in u_rsp
//   channel issue   the FIFO head: a blended one needs its word; its red channel goes into the
//                   multiplier pipe at once, green and blue from op_q in the next two cycles;
//                   the fragment itself moves into the result queue (p0/p1) in that first cycle
//   multiplier pipe x (operands) -> t (raw products) -> r (rounding) -> sum into the result
//                   queue entry of the same tag (entries alternate tags)
//   result queue    two entries, oldest first (p0 is the output): an entry is complete when
//                   its three sums have arrived (the third may be arriving this cycle)
// Hazard rule (docs/interfaces.md "Read-after-write hazards"): every fragment that leaves the
// issue register becomes one colour write of pixel_fbwrite, accepted in order; its word address
// waits in a queue (aq_*) until that write is accepted (wr_done_i). A blended fragment's read
// is requested only when its word is not in the queue; the port is in order, so the read sees
// every earlier write to its word, of this triangle or an earlier one.
// Timing: requests, frag_valid_o and frag_o come from flip-flops (frag_o's blended channel
// selected with the sum of the pipe's last register); frag_ready_o from flip-flops and the
// address compares.
// Reset: everything empty.
module pixel_blend #(
  parameter int unsigned Depth  = 4,    // fragments between issue and the channel issue
  parameter int unsigned AqDepth = 12   // colour writes tracked: > Depth + 2 (result queue)
                                        // + 2 (gpu_top's spill register) + 2 (pixel_fbwrite)
) (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic            frag_valid_i,
  output logic            frag_ready_o,
  input  gpu_pkg::pfrag_t frag_i,

  output logic            frag_valid_o,
  input  logic            frag_ready_i,
  output gpu_pkg::pfrag_t frag_o,

  input  logic [gpu_pkg::DS_N-1:0][gpu_pkg::DRAW_STATE_W-1:0] ds_table_i,   // draw states (by frag sid)
  input  logic            wr_done_i,    // a colour write of pixel_fbwrite was accepted by the arbiter

  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output gpu_pkg::mem_req_t mem_req_o,
  input  logic              mem_rsp_valid_i,
  input  gpu_pkg::mem_rsp_t mem_rsp_i,

  output logic        busy_o
);
  localparam int unsigned AW  = gpu_pkg::MEM_AW;
  localparam int unsigned Cw  = $clog2(Depth + 1);
  localparam int unsigned AqW = (AqDepth > 1) ? $clog2(AqDepth) : 1;

  typedef struct packed {
    gpu_pkg::pfrag_t frag;
    logic [1:0]      mode;    // ALPHA_BLEND.MODE (0: none)
  } entry_t;

  // ---- issue ----
  logic   a_valid_q, a_push, a_read, a_hit, aq_full;
  entry_t a_q, a_d;
  logic [AW-1:0] a_addr_q, a_addr_d;
  gpu_pkg::draw_state_t ds_in;
  assign ds_in = gpu_pkg::draw_state_t'(ds_table_i[frag_i.sid]);
  always_comb begin
    a_d.frag = frag_i;
    a_d.mode = ds_in.alpha_blend;
    a_addr_d = {ds_in.fb_base, 12'h0} + {4'h0, frag_i.pix, 2'b00};
  end

  // colour writes on their way: word addresses in order, from the issue to wr_done_i
  logic [AqDepth-1:0]          aq_v_q;
  logic [AqDepth-1:0][AW-3:0]  aq_addr_q;
  logic [AqW-1:0]              aq_wp_q, aq_rp_q;
  // a_m_q[i]: queue entry i holds the issue register's word, compared as the fragment comes in
  // (against the entries and the word the leaving fragment pushes in that cycle). While the
  // fragment waits nothing else is pushed (only the issue register pushes), so the match stays
  // true; a pop clears aq_v_q. So a_hit is an AND-OR of flip-flops, not eight 23-bit compares
  // (the compares were on the path into frag_ready_o; docs/synth.md "pixel_blend").
  logic [AqDepth-1:0] a_m_q, a_m_d;
  always_comb begin
    for (int i = 0; i < int'(AqDepth); i++) begin
      if (a_push && aq_wp_q == AqW'(i)) a_m_d[i] = (a_addr_q[AW-1:2] == a_addr_d[AW-1:2]);
      else                              a_m_d[i] = (aq_addr_q[i] == a_addr_d[AW-1:2]);
    end
  end
  assign a_hit = |(aq_v_q & a_m_q);
  assign aq_full = aq_v_q[aq_wp_q];

  // ---- in flight ----
  // A FIFO entry also carries the fragment's destination factor, worked out from the issue
  // register on the way in, so no subtract sits between the FIFO's read and the operand
  // registers.
  typedef struct packed {
    entry_t      e;
    logic [17:0] fd;      // 1 - A (c108_inv) for ALPHA, else 1.0
  } fentry_t;
  fentry_t f_in, f_head;
  always_comb begin
    f_in.e  = a_q;
    f_in.fd = (a_q.mode == gpu_pkg::BlendAlpha) ? gpu_pkg::c108_inv(a_q.frag.color.a) : gpu_pkg::C108_ONE;
  end
  logic   f_ready, f_valid, f_pop;
  logic [Cw-1:0] unused_f_count;
  prim_fifo #(.Width($bits(f_in)), .Depth(Depth)) u_fifo (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .wvalid_i (a_push), .wready_o (f_ready), .wdata_i (f_in),
    .rvalid_o (f_valid), .rready_i (f_pop), .rdata_o (f_head),
    .count_o (unused_f_count)
  );
  logic        r_ready, r_valid, r_pop;
  logic [15:0] r_dst;
  logic [Cw-1:0] unused_r_count;
  prim_fifo #(.Width(16), .Depth(Depth)) u_rsp (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .wvalid_i (mem_rsp_valid_i), .wready_o (r_ready), .wdata_i (mem_rsp_i.rdata[15:0]),
    .rvalid_o (r_valid), .rready_i (r_pop), .rdata_o (r_dst),
    .count_o (unused_r_count)
  );

  // ---- requests: destination reads ----
  logic              q_ready;
  gpu_pkg::mem_req_t q_req;
  logic [1:0]        unused_q_count;
  assign a_read = a_valid_q && (a_q.mode != gpu_pkg::BlendDisabled) && f_ready && !aq_full && !a_hit && q_ready;
  assign a_push = a_valid_q && f_ready && !aq_full && ((a_q.mode == gpu_pkg::BlendDisabled) || a_read);
  assign frag_ready_o = !a_valid_q || a_push;
  always_comb begin
    q_req      = '0;
    q_req.addr = a_addr_q;
    q_req.be   = 4'hF;
    q_req.prim = a_q.frag.prim;
  end
  prim_spill_reg #(.Width($bits(q_req))) u_req (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (a_read), .ready_o (q_ready), .data_i (q_req),
    .valid_o (mem_req_valid_o), .ready_i (mem_req_ready_i), .data_o (mem_req_o),
    .count_o (unused_q_count)
  );

  // ---- result queue (p0 oldest, the output; p1) ----
  typedef struct packed {
    logic                   v;
    gpu_pkg::pfrag_t        frag;    // source colour as it came
    logic [1:0]             mode;
    logic                   tag;     // the multiplier pipe's sums carry it
    logic [1:0]             cnt;     // sums arrived (0..3)
    logic [2:0][17:0]       res;     // blended R, G, B (index = channel)
    logic [17:0]            a_out;
    logic [15:0]            dst;     // the destination word (the monitor's)
  } pent_t;
  pent_t p0_q, p1_q, p0_d, p1_d, p_new, p0_s, p1_s;

  // ---- channel issue and the multiplier pipe ----
  logic        head_blend, ch_start, p_room, p0_done, p0_leave, tag_q;
  logic [1:0]  op_left_q;           // channels still to issue from op_q (2, 1, 0)
  logic [1:0][17:0] op_xs_q, op_xd_q;   // G, B operands of the fragment whose R went in
  logic [17:0] op_fs_q, op_fd_q;
  logic        op_tag_q;
  logic        x_v_q, t_v_q, r_v_q;
  logic [1:0]  x_ch_q, t_ch_q, r_ch_q;
  logic        x_tag_q, t_tag_q, r_tag_q;
  logic [17:0] x_s_q, x_d_q, x_fs_q, x_fd_q, r_ps_q, r_pd_q;
  logic [35:0] t_s_q, t_d_q;

  assign head_blend = f_head.e.mode != gpu_pkg::BlendDisabled;
  // the head's factors and operands (destination promoted by bit replication, fraction 0)
  gpu_pkg::color108_t dst;
  logic [17:0] fs, fd, a_out;
  always_comb begin
    dst.r = {r_dst[15:11], r_dst[15:11], 8'h00};
    dst.g = {r_dst[10:5], r_dst[10:7], 8'h00};
    dst.b = {r_dst[4:0], r_dst[4:0], 8'h00};
    dst.a = gpu_pkg::C108_ONE;
    fs    = (f_head.e.mode == gpu_pkg::BlendAlpha) ? f_head.e.frag.color.a : gpu_pkg::C108_ONE;
    fd    = f_head.fd;
    unique case (f_head.e.mode)
      gpu_pkg::BlendSubtract: a_out = gpu_pkg::c108_sub(f_head.e.frag.color.a, gpu_pkg::C108_ONE);
      gpu_pkg::BlendAlpha:    a_out = gpu_pkg::c108_add(f_head.e.frag.color.a, f_head.fd);
      default:                a_out = gpu_pkg::c108_add(f_head.e.frag.color.a, gpu_pkg::C108_ONE);   // ADD
    endcase
  end

  // the head moves into the result queue when there is room; a blended one also needs its
  // destination word and the multiplier pipe's input (op_q has issued the last fragment's B)
  assign p_room   = !p1_q.v || p0_leave;
  assign ch_start = f_valid && p_room && (!head_blend || (r_valid && op_left_q == '0));
  assign f_pop    = ch_start;
  assign r_pop    = ch_start && head_blend;

  always_comb begin
    p_new       = '0;
    p_new.v     = 1'b1;
    p_new.frag  = f_head.e.frag;
    p_new.mode  = f_head.e.mode;
    p_new.tag   = tag_q;
    p_new.a_out = a_out;
    p_new.dst   = r_dst;
  end

  // the sum of the pipe's last stage, into the entry with its tag
  logic [17:0] s_sum;
  logic        s_p0, s_p1;
  always_comb begin
    s_p0  = r_v_q && p0_q.v && (p0_q.mode != gpu_pkg::BlendDisabled) && (p0_q.tag == r_tag_q);
    s_p1  = r_v_q && p1_q.v && (p1_q.mode != gpu_pkg::BlendDisabled) && (p1_q.tag == r_tag_q);
    s_sum = (s_p0 ? p0_q.mode : p1_q.mode) == gpu_pkg::BlendSubtract ? gpu_pkg::c108_sub(r_ps_q, r_pd_q)
                                                                     : gpu_pkg::c108_add(r_ps_q, r_pd_q);
    p0_s = p0_q;
    p1_s = p1_q;
    // (constant indices: a variable index into a packed array becomes a multiplier in Yosys,
    // docs/synth.md "Yosys traps")
    for (int c = 0; c < 3; c++) begin
      if (s_p0 && r_ch_q == 2'(c)) p0_s.res[c] = s_sum;
      if (s_p1 && r_ch_q == 2'(c)) p1_s.res[c] = s_sum;
    end
    if (s_p0) p0_s.cnt = p0_q.cnt + 2'd1;
    if (s_p1) p1_s.cnt = p1_q.cnt + 2'd1;
  end

  // output: p0 once complete (its last sum may be the one arriving now)
  assign p0_done  = p0_q.v && ((p0_q.mode == gpu_pkg::BlendDisabled) || (p0_s.cnt == 2'd3));
  assign frag_valid_o = p0_done;
  always_comb begin
    frag_o = p0_q.frag;
    if (p0_q.mode != gpu_pkg::BlendDisabled) begin
      frag_o.color.r = p0_s.res[0];
      frag_o.color.g = p0_s.res[1];
      frag_o.color.b = p0_s.res[2];
      frag_o.color.a = p0_q.a_out;
    end
  end
  assign p0_leave = p0_done && frag_ready_i;

  // result queue update: p0 leaves (p1 moves up), the head comes in behind what stays
  always_comb begin
    p0_d = p0_s;
    p1_d = p1_s;
    if (p0_leave) begin
      p0_d = p1_s;
      p1_d = '0;
    end
    if (ch_start) begin
      if (!p0_d.v) p0_d = p_new;
      else         p1_d = p_new;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_valid_q <= 1'b0;
      aq_v_q    <= '0;
      aq_wp_q   <= '0;
      aq_rp_q   <= '0;
      p0_q      <= '0;
      p1_q      <= '0;
      tag_q     <= 1'b0;
      op_left_q <= '0;
      x_v_q     <= 1'b0;
      t_v_q     <= 1'b0;
      r_v_q     <= 1'b0;
    end else begin
      if (frag_ready_o) a_valid_q <= frag_valid_i;
      // the address queue: a pop (an accepted colour write) clears first, a push sets
      if (wr_done_i) begin
        aq_v_q[aq_rp_q] <= 1'b0;
        aq_rp_q <= (aq_rp_q == AqW'(AqDepth - 1)) ? '0 : aq_rp_q + 1'b1;
      end
      if (a_push) begin
        aq_v_q[aq_wp_q] <= 1'b1;
        aq_wp_q <= (aq_wp_q == AqW'(AqDepth - 1)) ? '0 : aq_wp_q + 1'b1;
      end
      p0_q <= p0_d;
      p1_q <= p1_d;
      if (ch_start && head_blend) begin
        tag_q     <= !tag_q;
        op_left_q <= 2'd2;
      end else if (op_left_q != '0) begin
        op_left_q <= op_left_q - 2'd1;
      end
      x_v_q <= (ch_start && head_blend) || (op_left_q != '0);
      t_v_q <= x_v_q;
      r_v_q <= t_v_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (frag_ready_o && frag_valid_i) begin
      a_q      <= a_d;
      a_addr_q <= a_addr_d;
      a_m_q    <= a_m_d;
    end
    for (int i = 0; i < int'(AqDepth); i++) begin
      if (a_push && aq_wp_q == AqW'(i)) aq_addr_q[i] <= a_addr_q[AW-1:2];
    end
    // channel R of the head, else the next channel from op_q. The operand registers load every
    // cycle, without ch_start: x_v_q says whether they hold a channel (the pipe's data stages
    // are read only under their valid bits), and op_q takes the head while no fragment is
    // issuing its G and B, so it holds the head's operands from the cycle that fragment starts.
    if (op_left_q == '0) begin
      x_s_q   <= f_head.e.frag.color.r;
      x_d_q   <= dst.r;
      x_fs_q  <= fs;
      x_fd_q  <= fd;
      x_ch_q  <= 2'd0;
      x_tag_q <= tag_q;
      op_xs_q <= {f_head.e.frag.color.b, f_head.e.frag.color.g};
      op_xd_q <= {dst.b, dst.g};
      op_fs_q <= fs;
      op_fd_q <= fd;
      op_tag_q <= tag_q;
    end else begin
      x_s_q   <= op_left_q[0] ? op_xs_q[1] : op_xs_q[0];     // 2: G, 1: B
      x_d_q   <= op_left_q[0] ? op_xd_q[1] : op_xd_q[0];
      x_fs_q  <= op_fs_q;
      x_fd_q  <= op_fd_q;
      x_ch_q  <= {op_left_q[0], op_left_q[1]};   // 2 -> 1, 1 -> 2
      x_tag_q <= op_tag_q;
    end
    t_s_q   <= 36'(x_s_q) * 36'(x_fs_q);
    t_d_q   <= 36'(x_d_q) * 36'(x_fd_q);
    t_ch_q  <= x_ch_q;
    t_tag_q <= x_tag_q;
    r_ps_q  <= gpu_pkg::c108_round(t_s_q);
    r_pd_q  <= gpu_pkg::c108_round(t_d_q);
    r_ch_q  <= t_ch_q;
    r_tag_q <= t_tag_q;
  end

  // the monitor's view (sim/core/gpu_frag_mon.sv): a blended fragment leaves
  logic mon_blend;
  assign mon_blend = p0_leave && (p0_q.mode != gpu_pkg::BlendDisabled);

  // fields of the draw state and of the response this stage does not read
  logic unused_bits;
  assign unused_bits = ^{mem_rsp_i.rdata[31:16], mem_rsp_i.last, dst.a, ds_in.z_write, ds_in.z_test,
                         ds_in.gouraud, ds_in.dither_en, ds_in.z_compare, ds_in.z_base, r_ready,
                         a_addr_q[1:0], p0_q.dst, p1_q.dst, mon_blend};

  assign busy_o = a_valid_q || f_valid || p0_q.v || (op_left_q != '0) || x_v_q || t_v_q || r_v_q ||
                  mem_req_valid_o || frag_valid_i;
  logic unused_tex;   // the texture state is tmu_pixel's
  assign unused_tex = ^ds_in[gpu_pkg::DS_TEX_W-1:0];
`ifndef SYNTHESIS
  // a destination word comes back only for a read in flight, at most Depth of them
  a_rsp_room: assert property (@(posedge clk_i) disable iff (!rst_ni) mem_rsp_valid_i |-> r_ready);
  // an accepted colour write always has its address waiting in the queue
  a_aq_pop: assert property (@(posedge clk_i) disable iff (!rst_ni) wr_done_i |-> aq_v_q[aq_rp_q]);
  // a sum always finds its entry
  a_sum_home: assert property (@(posedge clk_i) disable iff (!rst_ni) r_v_q |-> (s_p0 || s_p1));
  // the registered match is the compare of the waiting word with the queue
  logic a_hit_ref;
  always_comb begin
    a_hit_ref = 1'b0;
    for (int i = 0; i < int'(AqDepth); i++) a_hit_ref |= aq_v_q[i] && (aq_addr_q[i] == a_addr_q[AW-1:2]);
  end
  a_hit_match: assert property (@(posedge clk_i) disable iff (!rst_ni) a_valid_q |-> (a_hit == a_hit_ref));
`endif
endmodule
