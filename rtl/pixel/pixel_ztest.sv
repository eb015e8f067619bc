// pixel_ztest: the depth stage of the pixel path (UNIT-006; docs/spec-decisions.md "Pixel
// pipeline"). C mirror: sw/model/pixel_ztest.c. Memory client: Z reads and writes.
//
// Per fragment with depth work: read its Z word (Z_TEST), compare z>>1 with zbuf[23:0] by
// FB_ZBUFFER.Z_COMPARE (a failing fragment is dropped and its draw-state reference released),
// write z>>1 (Z_WRITE), then offer the fragment to the next stage. Fragments leave in the order
// they came, with or without depth work.
//
// Many fragments in flight (issue 14): the Z reads are issued ahead, so their latency overlaps.
//   issue (a_*)   the incoming fragment: its Z address and its flags; a fragment that reads is
//                 let go when its read request is queued, one without a read at once; both
//                 into the in-flight FIFO
//   in flight     u_fifo (Depth entries, in order) with the pending Z words in u_rsp (the
//                 memory answers in request order); beside it, in flip-flops, a scoreboard of
//                 each entry's Z word address and whether it will write it
//   judge (b_*)   the oldest fragment with its Z word (when it read one), the compare result
//                 registered at the load; a pass offers its Z write and then the fragment
//   requests      one spill register (u_req) in front of the port: the judge's write first,
//                 else the issue's read; payload held until accepted (stream contract)
// Read-after-write hazard (the scoreboard): a fragment whose Z word an older fragment in
// flight (FIFO or judge) will still write waits at issue until that write has been queued;
// the port is in order, so the read then sees it. Fragments on other pixels do not wait:
// depth-tested triangles stream at the port's rate (Z read, Z write, colour write per
// fragment: 1/3 fragment per clock on a one-word-per-clock memory).
// Timing: every request, frag_valid_o and frag_o come from flip-flops; frag_ready_o depends on
// flip-flops only (the scoreboard's match bits, FIFO room, the request register's room).
// Latency: 3 cycles without depth work (issue, FIFO, judge); a read adds the memory's.
module pixel_ztest #(
  parameter int unsigned Depth = 8   // fragments in flight between issue and judge
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
  output logic            rel_o,        // a fragment failed the test: its draw-state reference
  output gpu_pkg::ds_id_t rel_sid_o,    // ends here

  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output gpu_pkg::mem_req_t mem_req_o,
  input  logic              mem_rsp_valid_i,
  input  gpu_pkg::mem_rsp_t mem_rsp_i,

  output logic        busy_o
);
  localparam int unsigned AW  = gpu_pkg::MEM_AW;
  localparam int unsigned Pw  = (Depth > 1) ? $clog2(Depth) : 1;
  localparam int unsigned Cw  = $clog2(Depth + 1);

  typedef struct packed {
    gpu_pkg::pfrag_t frag;
    logic [AW-1:0]   addr;    // its Z word
    logic            test;    // Z_TEST: a Z word was read for it
    logic            write;   // Z_WRITE
  } entry_t;

  // ---- issue ----
  logic   a_valid_q, a_push, a_hit, a_read;
  entry_t a_q, a_d;
  gpu_pkg::draw_state_t ds_in;
  assign ds_in = gpu_pkg::draw_state_t'(ds_table_i[frag_i.sid]);
  always_comb begin
    a_d.frag  = frag_i;
    a_d.addr  = {ds_in.z_base, 12'h0} + {4'h0, frag_i.pix, 2'b00};   // Z base + (y*640 + x) * 4
    a_d.test  = ds_in.z_test;
    a_d.write = ds_in.z_write;
  end

  // ---- in flight: fragments (u_fifo), Z words (u_rsp), scoreboard ----
  logic   f_ready, f_valid, f_pop;
  entry_t f_head;
  logic [Cw-1:0] unused_f_count;
  prim_fifo #(.Width($bits(a_q)), .Depth(Depth)) u_fifo (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .wvalid_i (a_push), .wready_o (f_ready), .wdata_i (a_q),
    .rvalid_o (f_valid), .rready_i (f_pop), .rdata_o (f_head),
    .count_o (unused_f_count)
  );
  logic        r_ready, r_valid, r_pop;
  logic [23:0] r_zb;
  logic [Cw-1:0] unused_r_count;
  prim_fifo #(.Width(24), .Depth(Depth)) u_rsp (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .wvalid_i (mem_rsp_valid_i), .wready_o (r_ready), .wdata_i (mem_rsp_i.rdata[23:0]),
    .rvalid_o (r_valid), .rready_i (r_pop), .rdata_o (r_zb),
    .count_o (unused_r_count)
  );
  // scoreboard: slot i mirrors a FIFO entry (the same push and pop order): valid and writing,
  // and its Z word address
  logic [Depth-1:0]          sb_w_q;
  logic [Depth-1:0][AW-3:0]  sb_addr_q;
  logic [Pw-1:0]             sb_wp_q, sb_rp_q;

  // ---- judge ----
  logic            b_valid_q, b_pass_q, b_write_q, b_wrote_q;
  gpu_pkg::pfrag_t b_frag_q;
  logic [AW-1:0]   b_addr_q;
  logic            b_load, b_leave, b_wants_req, b_req_push, z_pass;
  gpu_pkg::draw_state_t ds_head;
  assign ds_head = gpu_pkg::draw_state_t'(ds_table_i[f_head.frag.sid]);

  // ---- requests ----
  logic              q_ready;
  gpu_pkg::mem_req_t q_req;
  logic [1:0]        unused_q_count;

  // depth compare (z>>1 against zbuf[23:0]) of the oldest fragment, at its load into the judge
  always_comb begin
    logic [23:0] zb, zf;
    zb = r_zb;
    zf = f_head.frag.z[24:1];
    unique case (ds_head.z_compare)
      gpu_pkg::ZLess:     z_pass = zf < zb;
      gpu_pkg::ZLequal:   z_pass = zf <= zb;
      gpu_pkg::ZEqual:    z_pass = zf == zb;
      gpu_pkg::ZGequal:   z_pass = zf >= zb;
      gpu_pkg::ZGreater:  z_pass = zf > zb;
      gpu_pkg::ZNotequal: z_pass = zf != zb;
      gpu_pkg::ZAlways:   z_pass = 1'b1;
      default:            z_pass = 1'b0;       // ZNever
    endcase
    if (!f_head.test) z_pass = 1'b1;
  end

  // the judge: a failing fragment leaves at once (dropped); a passing one offers its Z write to
  // the request register (first claim on it) and leaves when the next stage takes it, in the
  // cycle the write is queued at the earliest
  assign b_wants_req = b_valid_q && b_pass_q && b_write_q && !b_wrote_q;
  assign b_req_push  = b_wants_req && q_ready;
  assign frag_valid_o = b_valid_q && b_pass_q && (!b_write_q || b_wrote_q || q_ready);
  assign frag_o       = b_frag_q;
  assign b_leave = b_valid_q && (!b_pass_q || (frag_valid_o && frag_ready_i));
  assign b_load  = f_valid && (!f_head.test || r_valid) && (!b_valid_q || b_leave);
  assign f_pop   = b_load;
  assign r_pop   = b_load && f_head.test;

  // the issue: a read waits for the scoreboard, FIFO room and the request register (after the
  // judge's claim); a fragment without a read needs FIFO room only.
  // The scoreboard's address compares are made as a fragment comes in, as in pixel_blend:
  // a_m_q[i] says slot i holds the issue register's Z word (compared with the slot's address,
  // or with the address the leaving fragment pushes into it in that cycle), a_jm_q that the
  // judge's fragment does (compared with the judge's next address; again when the judge loads
  // while the fragment waits). While the fragment waits nothing is pushed (only this register
  // pushes), so the matches stay true; pops clear sb_w_q. a_hit is then an AND-OR of
  // flip-flops, and frag_ready_o depends on flip-flops only (the compares were on its path).
  logic               a_load, a_jm_q, a_jm_d;
  logic [Depth-1:0]   a_m_q, a_m_d;
  logic [AW-3:0]      j_addr_next;
  assign a_load      = frag_ready_o && frag_valid_i;
  assign j_addr_next = b_load ? f_head.addr[AW-1:2] : b_addr_q[AW-1:2];
  always_comb begin
    for (int i = 0; i < int'(Depth); i++) begin
      if (a_push && sb_wp_q == Pw'(i)) a_m_d[i] = (a_q.addr[AW-1:2] == a_d.addr[AW-1:2]);
      else                             a_m_d[i] = (sb_addr_q[i] == a_d.addr[AW-1:2]);
    end
    a_jm_d = (j_addr_next == (a_load ? a_d.addr[AW-1:2] : a_q.addr[AW-1:2]));
  end
  assign a_hit = (b_valid_q && b_write_q && !b_wrote_q && a_jm_q) || ((sb_w_q & a_m_q) != '0);
  assign a_read = a_valid_q && a_q.test && f_ready && !a_hit && q_ready && !b_wants_req;
  assign a_push = a_valid_q && f_ready && (!a_q.test || a_read);
  assign frag_ready_o = !a_valid_q || a_push;

  always_comb begin
    q_req       = '0;
    q_req.be    = 4'hF;
    if (b_wants_req) begin
      q_req.we    = 1'b1;
      q_req.addr  = b_addr_q;
      q_req.wdata = {8'h0, b_frag_q.z[24:1]};
      q_req.prim  = b_frag_q.prim;
    end else begin
      q_req.addr  = a_q.addr;
      q_req.prim  = a_q.frag.prim;
    end
  end
  prim_spill_reg #(.Width($bits(q_req))) u_req (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (b_req_push || a_read), .ready_o (q_ready), .data_i (q_req),
    .valid_o (mem_req_valid_o), .ready_i (mem_req_ready_i), .data_o (mem_req_o),
    .count_o (unused_q_count)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_valid_q <= 1'b0;
      b_valid_q <= 1'b0;
      b_pass_q  <= 1'b0;
      b_write_q <= 1'b0;
      b_wrote_q <= 1'b0;
      sb_w_q    <= '0;
      sb_wp_q   <= '0;
      sb_rp_q   <= '0;
    end else begin
      if (frag_ready_o) a_valid_q <= frag_valid_i;
      if (b_load) begin
        b_valid_q <= 1'b1;
        b_pass_q  <= z_pass;
        b_write_q <= f_head.write;
        b_wrote_q <= 1'b0;
      end else begin
        if (b_leave) b_valid_q <= 1'b0;
        if (b_req_push) b_wrote_q <= 1'b1;
      end
      // scoreboard slots follow the FIFO's pushes and pops (the pop clears first: a slot
      // freed and refilled in one cycle is the push's)
      if (f_pop) begin
        sb_w_q[sb_rp_q] <= 1'b0;
        sb_rp_q <= (sb_rp_q == Pw'(Depth - 1)) ? '0 : sb_rp_q + 1'b1;
      end
      if (a_push) begin
        sb_w_q[sb_wp_q] <= a_q.write;
        sb_wp_q <= (sb_wp_q == Pw'(Depth - 1)) ? '0 : sb_wp_q + 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (a_load) begin
      a_q   <= a_d;
      a_m_q <= a_m_d;
    end
    if (a_load || b_load) a_jm_q <= a_jm_d;
    if (b_load) begin
      b_frag_q <= f_head.frag;
      b_addr_q <= f_head.addr;
    end
    // (constant indices: a variable index into a packed array becomes a multiplier in Yosys,
    // docs/synth.md "Yosys traps")
    for (int i = 0; i < int'(Depth); i++) begin
      if (a_push && sb_wp_q == Pw'(i)) sb_addr_q[i] <= a_q.addr[AW-1:2];
    end
  end

  // the monitor's view (sim/core/gpu_frag_mon.sv): a depth test decided
  logic mon_test;
  assign mon_test = b_load && f_head.test;

  // fields of the draw state this stage does not read
  logic unused_ds;
  assign unused_ds = ^{mem_rsp_i.rdata[31:24], mem_rsp_i.last, ds_in.gouraud, ds_in.dither_en,
                       ds_in.z_compare, ds_in.fb_base, ds_head.z_test, ds_head.z_write, ds_head.gouraud,
                       ds_head.dither_en, ds_head.fb_base, ds_head.z_base, ds_in.alpha_blend,
                       ds_head.alpha_blend, r_ready, b_addr_q[1:0], mon_test};

  assign rel_o     = b_valid_q && !b_pass_q;
  assign rel_sid_o = b_frag_q.sid;

  assign busy_o = a_valid_q || f_valid || b_valid_q || mem_req_valid_o || frag_valid_i;
  logic unused_tex;   // the texture state is tmu_pixel's
  assign unused_tex = (^ds_in[gpu_pkg::DS_TEX_W-1:0]) ^ (^ds_head[gpu_pkg::DS_TEX_W-1:0]);
`ifndef SYNTHESIS
  // a Z word comes back only for a read in flight, and there are at most Depth of those
  a_rsp_room: assert property (@(posedge clk_i) disable iff (!rst_ni) mem_rsp_valid_i |-> r_ready);
  // the registered matches are the compare of the waiting word with the pending writes
  logic a_hit_ref;
  always_comb begin
    a_hit_ref = b_valid_q && b_write_q && !b_wrote_q && (b_addr_q[AW-1:2] == a_q.addr[AW-1:2]);
    for (int i = 0; i < int'(Depth); i++) a_hit_ref |= sb_w_q[i] && (sb_addr_q[i] == a_q.addr[AW-1:2]);
  end
  a_hit_match: assert property (@(posedge clk_i) disable iff (!rst_ni) a_valid_q |-> (a_hit == a_hit_ref));
`endif
endmodule
