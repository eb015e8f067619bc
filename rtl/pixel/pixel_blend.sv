// pixel_blend: the framebuffer blend stage of the pixel path (UNIT-006; seed 001 ALPHA_BLEND,
// "Texture Blend Operation Order" step 6; ADDENDUM 4; docs/spec-decisions.md "Alpha
// blending"). C mirror: sw/model/pixel_blend.c. Memory client: destination colour reads.
//
// A fragment whose draw state has ALPHA_BLEND.MODE = DISABLED passes straight through while the
// stage is empty (combinational: no latency, one fragment per cycle, no memory traffic), or
// waits in the work register behind a held fragment. A fragment with blending is taken into
// the work register (w_q) and handled alone:
//   1. wait until no colour write of an earlier fragment is in flight (hazard rule below),
//   2. read its framebuffer word (FB_DRAW + (y*640 + x)*4),
//   3. promote the RGB565 destination to 10.8 by bit replication (R5/B5 -> {c5, c5}, G6 ->
//      {g6, g6[5:2]}, fraction 0) with destination alpha 1.0 (the framebuffer has none),
//   4. per channel c in R, G, B, with A = the fragment's alpha:
//        ADD       c = c108_add(src, dst)                       (saturating)
//        SUBTRACT  c = c108_sub(src, dst)                       (src - dst, clamped at 0)
//        ALPHA     c = c108_add(c108_mul(src, A), c108_mul(dst, c108_inv(A)))
//      computed as c108_round(src*fs) (+|-) c108_round(dst*fd) with fs = A, fd = 1 - A for
//      ALPHA and fs = fd = 1.0 otherwise (c108_mul(x, 1.0) = x exactly for every x), on two
//      shared 18x18 multipliers, one channel per cycle, the channel's operands registered in
//      front of the multipliers, the raw products registered between the multipliers and the
//      rounding, the rounding registered before the sum: 6 cycles for the three channels;
//      alpha out (seed: A_src + A_dst*(1 - A_src), A_dst = 1.0): ADD c108_add(A, 1.0),
//      SUBTRACT c108_sub(A, 1.0), ALPHA c108_add(A, c108_inv(A)); carried in the fragment's
//      alpha channel, stored nowhere (RGB565 has no alpha),
//   5. offer the blended fragment to pixel_fbwrite (dither and RGB565 after the blend).
// Hazard rule (docs/interfaces.md "Read-after-write hazards"): the destination read is
// requested only when every fragment that left this stage earlier has had its colour write
// accepted by the arbiter (wr_cnt_q = 0: +1 for each fragment handed to pixel_fbwrite, -1 for
// each colour write the arbiter accepts, wr_done_i). The arbiter's port is in order, so the
// read then sees every earlier write to its pixel, of this triangle or an earlier one.
// One blended fragment at a time: a blended fragment costs about 14 cycles on ideal memory
// (fill rate: a later issue).
// Requests are driven from flops (state, w_q, wr_cnt_q): valid never depends on ready, and once
// raised it stays (nothing leaves this stage while a read waits, so wr_cnt_q cannot rise).
// frag_valid_o depends on frag_valid_i only in pass-through, frag_ready_o on frag_ready_i and
// the incoming fragment's mode (ready may depend on valid: docs/interfaces.md).
// Reset: empty, no write counted.
module pixel_blend (
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
  typedef enum logic [2:0] {
    StEmpty,   // no fragment held; a fragment without blending passes straight through
    StRead,    // destination read request, once no earlier colour write is in flight
    StWait,    // waiting for the destination word
    StCalc,    // blend arithmetic, one channel per cycle (ch_q 0..5)
    StOut      // the held fragment is offered to the next stage
  } st_e;
  st_e st_q, st_d;

  // colour writes in flight: fragments handed on towards pixel_fbwrite whose write the arbiter
  // has not accepted yet: at most 2 in gpu_top's spill register in between and 1 in
  // pixel_fbwrite, so 3 bits never wrap.
  localparam int unsigned WrCntW = 3;
  logic [WrCntW-1:0] wr_cnt_q, wr_cnt_d;

  gpu_pkg::pfrag_t            w_q, w_d;       // the held fragment (source colour)
  gpu_pkg::color108_t         res_q, res_d;   // its blended colour, channel by channel
  logic [15:0]                dst_q, dst_d;   // the destination word (RGB565)
  logic [gpu_pkg::MEM_AW-1:0] addr_q, addr_d;
  logic [2:0]                 ch_q, ch_d;     // channel selected into xs_q/xd_q (0 R, 1 G, 2 B, 3-5 none)
  logic [17:0]                xs_q, xd_q;     // the operands of the channel before ch_q (100 MHz:
                                              // the multipliers start at flip-flops)
  logic [35:0]                ts_q, ts_d, td_q, td_d;   // raw products, two channels before ch_q
  logic [17:0]                ps_q, pd_q;     // their rounding, a cycle later (100 MHz)
  logic                       take, needs_blend, pass_through, frag_out;

  gpu_pkg::draw_state_t ds_in, ds_w;   // the draw states of the incoming and the held fragment
  assign ds_in = gpu_pkg::draw_state_t'(ds_table_i[frag_i.sid]);
  assign ds_w  = gpu_pkg::draw_state_t'(ds_table_i[w_q.sid]);
  assign needs_blend  = (ds_in.alpha_blend != gpu_pkg::BlendDisabled);
  assign pass_through = (st_q == StEmpty) && frag_valid_i && !needs_blend;
  // the colour word of the incoming fragment: FB_DRAW + (y*640 + x) * 4
  assign addr_d = {ds_in.fb_base, 12'h0} + {4'h0, frag_i.pix, 2'b00};

  // ---- handshakes ----
  always_comb begin
    unique case (st_q)
      StEmpty: frag_ready_o = needs_blend || frag_ready_i;
      StOut:   frag_ready_o = frag_ready_i;
      default: frag_ready_o = 1'b0;
    endcase
    take = frag_valid_i && frag_ready_o && !pass_through;   // into w_q
    frag_valid_o = (st_q == StOut) || pass_through;
    frag_o = frag_i;
    if (st_q == StOut) begin
      frag_o       = w_q;
      frag_o.color = res_q;
    end
  end
  assign frag_out = frag_valid_o && frag_ready_i;

  // ---- hazard count ----
  always_comb begin
    wr_cnt_d = wr_cnt_q;
    if (frag_out && !wr_done_i) wr_cnt_d = wr_cnt_q + 1'b1;
    if (!frag_out && wr_done_i) wr_cnt_d = wr_cnt_q - 1'b1;
  end

  // ---- destination read, from flops ----
  always_comb begin
    mem_req_valid_o = (st_q == StRead) && (wr_cnt_q == '0);
    mem_req_o       = '0;
    mem_req_o.addr  = addr_q;
    mem_req_o.be    = 4'hF;
    mem_req_o.prim  = w_q.prim;
  end

  // ---- blend arithmetic ----
  // destination RGB565 -> 10.8 by bit replication, fraction 0
  gpu_pkg::color108_t dst;
  always_comb begin
    dst.r = {dst_q[15:11], dst_q[15:11], 8'h00};
    dst.g = {dst_q[10:5], dst_q[10:7], 8'h00};
    dst.b = {dst_q[4:0], dst_q[4:0], 8'h00};
    dst.a = gpu_pkg::C108_ONE;
  end

  // multipliers: channel ch_q of source and destination times their factors
  // fs/fd: the factors of the held fragment, registered while its destination read is in
  // flight (StWait lasts at least a cycle), so the multipliers start at flip-flops and not
  // behind the draw-state lookup and 1 - A (100 MHz)
  logic [17:0] alpha, fs, fd, fs_q, fd_q, xs, xd;
  assign alpha = w_q.color.a;
  always_comb begin
    if (ds_w.alpha_blend == gpu_pkg::BlendAlpha) begin
      fs = alpha;
      fd = gpu_pkg::c108_inv(alpha);
    end else begin
      fs = gpu_pkg::C108_ONE;
      fd = gpu_pkg::C108_ONE;
    end
    unique case (ch_q)
      3'd0:    begin xs = w_q.color.r; xd = dst.r; end
      3'd1:    begin xs = w_q.color.g; xd = dst.g; end
      default: begin xs = w_q.color.b; xd = dst.b; end
    endcase
  end

  // rounding of the channel two before ch_q (into ps_q/pd_q), sum of the channel three before
  logic [17:0] ps, pd, sum, a_out;
  always_comb begin
    ps  = gpu_pkg::c108_round(ts_q);
    pd  = gpu_pkg::c108_round(td_q);
    sum = (ds_w.alpha_blend == gpu_pkg::BlendSubtract) ? gpu_pkg::c108_sub(ps_q, pd_q)
                                                        : gpu_pkg::c108_add(ps_q, pd_q);
    unique case (ds_w.alpha_blend)
      gpu_pkg::BlendSubtract: a_out = gpu_pkg::c108_sub(alpha, gpu_pkg::C108_ONE);
      gpu_pkg::BlendAlpha:    a_out = gpu_pkg::c108_add(alpha, gpu_pkg::c108_inv(alpha));
      default:                a_out = gpu_pkg::c108_add(alpha, gpu_pkg::C108_ONE);   // ADD
    endcase
  end

  // ---- state ----
  always_comb begin
    st_d = st_q;
    unique case (st_q)
      StEmpty: ;
      StRead:  if (mem_req_valid_o && mem_req_ready_i) st_d = StWait;
      StWait:  if (mem_rsp_valid_i) st_d = StCalc;
      StCalc:  if (ch_q == 3'd5) st_d = StOut;
      StOut:   if (frag_ready_i) st_d = StEmpty;
      default: st_d = StEmpty;
    endcase
    if (take) st_d = needs_blend ? StRead : StOut;
  end

  // work registers: the fragment and its address at take; the destination word at the
  // response; in StCalc the operands of channel ch_q (always_ff), the products of the channel
  // before and the result of the channel three before
  always_comb begin
    w_d   = w_q;
    dst_d = dst_q;
    ch_d  = ch_q;
    ts_d  = ts_q;
    td_d  = td_q;
    res_d = res_q;
    if (take) begin
      w_d   = frag_i;
      res_d = frag_i.color;            // a fragment without blending leaves unchanged
    end
    if (st_q == StWait && mem_rsp_valid_i) begin
      dst_d = mem_rsp_i.rdata[15:0];
      ch_d  = 3'd0;
    end
    if (st_q == StCalc) begin
      ch_d = ch_q + 3'd1;
      ts_d = 36'(xs_q) * 36'(fs_q);
      td_d = 36'(xd_q) * 36'(fd_q);
      unique case (ch_q)
        3'd0:    res_d.a = a_out;
        3'd3:    res_d.r = sum;
        3'd4:    res_d.g = sum;
        3'd5:    res_d.b = sum;
        default: ;
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q     <= StEmpty;
      wr_cnt_q <= '0;
    end else begin
      st_q     <= st_d;
      wr_cnt_q <= wr_cnt_d;
    end
  end

  always_ff @(posedge clk_i) begin
    w_q   <= w_d;
    res_q <= res_d;
    dst_q <= dst_d;
    ch_q  <= ch_d;
    xs_q  <= xs;
    xd_q  <= xd;
    ts_q  <= ts_d;
    td_q  <= td_d;
    ps_q  <= ps;
    pd_q  <= pd;
    if (take) addr_q <= addr_d;
    if (st_q == StWait) begin
      fs_q <= fs;
      fd_q <= fd;
    end
  end

  // fields of the draw state and of the response this stage does not read
  logic unused_bits;
  assign unused_bits = ^{mem_rsp_i.rdata[31:16], mem_rsp_i.last, dst.a, ds_in.z_write, ds_in.z_test,
                         ds_in.gouraud, ds_in.dither_en, ds_in.z_compare, ds_in.z_base, ds_w.z_write,
                         ds_w.z_test, ds_w.gouraud, ds_w.dither_en, ds_w.z_compare, ds_w.fb_base,
                         ds_w.z_base};

  assign busy_o = (st_q != StEmpty) || frag_valid_i;
  logic unused_tex;   // the texture state is tmu_pixel's
  assign unused_tex = (^ds_in[gpu_pkg::DS_TEX_W-1:0]) ^ (^ds_w[gpu_pkg::DS_TEX_W-1:0]);
endmodule
