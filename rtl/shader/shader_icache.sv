// shader_icache - the shader tile's shared instruction cache (docs/shader.md D16).
//
// What: direct-mapped, Lines lines of 8 words (32 bytes, one aligned read burst of the GPU
//   memory port), 64 lines = 2 KiB by default. One tag array (flip-flops: valid bit and tag per
//   line, NumCores combinational read ports) and one copy of the data store per core
//   (shader_ram_1r1w, all copies written together by the refill), so every core can hit in
//   every cycle: the cache is shared in contents, tags and refills, replicated only in its read
//   ports.
// Core ports (shader_fetch's instruction port): if_gnt_o[c] = if_req_i[c] and the line of
//   if_addr_i[c] is valid with its tag (a hit; the grant depends on the request, which comes
//   from the core's flops); the word arrives on if_rdata_o[c] in the next cycle. A miss is not
//   granted; the core keeps requesting (shader_fetch holds if_req/if_addr until a grant or a
//   redirect) and is granted once the line is in.
// Refill: one at a time. Every cycle each core's miss and line address are registered
//   (miss_q, mline_q; a request to the line whose last word arrives in that cycle is not a
//   miss, and after inval_i every request is one, so miss_q is exact for the cache as it is in
//   the next cycle). When no refill runs, the registered misses are arbitrated round robin
//   (prim_arb_rr); the chosen line is marked invalid, one read burst of 8 words (len 7, from
//   word 0 of the line) goes out on the fill port, the words are written as they arrive and the
//   line becomes valid with the last one. A registered miss may be one cycle old: a core
//   redirected meanwhile gets a line it no longer wants refilled (a wasted refill, never a
//   wrong word: the core only takes a word on a hit). A miss costs: 1 cycle to register, 1 to
//   choose, the memory port's latency to the first word (the tile's port arbitration + the GPU
//   arbiter + the memory), 8 beats, 1 cycle until the retried request hits; other cores keep
//   hitting meanwhile. Two cores running different code that maps to one line evict each
//   other, but each gets at least one word per refill (the line is valid for two cycles before
//   another refill can invalidate it), so fetch always progresses.
// Next-line prefetch: a demand refill of line L is followed by a refill of L + 1 when no core
//   has a registered miss in the cycle it could start and L + 1 is not in (never past the last
//   line of the memory; L + 1 is computed from the refill's line register while the burst
//   waits). Only demand refills start one, so it never runs ahead further than one line.
// inval_i (a launch): every line invalid at once. The cache is not coherent with stores (D10);
//   a launch is the only invalidation. inval_i is only given while busy_o is low.
// Reset: every line invalid, no refill.
module shader_icache #(
  parameter int unsigned NumCores = 4,   // 1..16
  parameter int unsigned Lines    = 64,  // power of 2, 2..1024 (Lines * 32 bytes)
  parameter int unsigned MemAw    = 25
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic                            inval_i,
  // one instruction port per core
  input  logic [NumCores-1:0]             if_req_i,
  input  logic [NumCores-1:0][31:0]       if_addr_i,
  output logic [NumCores-1:0]             if_gnt_o,
  output logic [NumCores-1:0][31:0]       if_rdata_o,
  // refill: read bursts of one line (to shader_dmem_arb)
  output logic                            fill_req_valid_o,
  input  logic                            fill_req_ready_i,
  output logic [MemAw-1:0]                fill_req_addr_o,
  input  logic                            fill_rsp_valid_i,
  input  logic [31:0]                     fill_rsp_rdata_i,
  input  logic                            fill_rsp_last_i,
  output logic                            busy_o          // a refill runs
);

  localparam int unsigned Iw = $clog2(Lines);
  localparam int unsigned Tw = MemAw - 5 - Iw;
  localparam int unsigned Cw = (NumCores > 1) ? $clog2(NumCores) : 1;

  if (NumCores < 1 || NumCores > 16) begin : g_bad_cores
    $error("shader_icache: NumCores must be 1..16");
  end
  if (Lines < 2 || Lines > 1024 || (1 << Iw) != Lines) begin : g_bad_lines
    $error("shader_icache: Lines must be a power of 2, 2..1024");
  end

  typedef enum logic [1:0] {
    StIdle,  // no refill: choose a missing core, if any
    StReq,   // the burst request waits for the port
    StFill   // words arrive; the last one validates the line
  } st_e;

  st_e               st_q, st_d;
  logic [Lines-1:0]  valid_q, valid_d;
  logic [Tw-1:0]     tag_q [Lines];
  logic [MemAw-6:0]  line_q, line_d;     // the line being refilled (address bits MemAw-1:5)
  logic              pf_q, pf_d;         // a next-line refill is due
  logic [MemAw-6:0]  pf_line_q, pf_line_d;
  logic              pf_hit;
  logic [2:0]        beat_q, beat_d;
  logic              tag_we;

  logic [NumCores-1:0] hit, miss_d, miss_q, pick_oh;
  logic [NumCores-1:0][MemAw-6:0] mline_q;  // each core's requested line, registered
  logic [Cw-1:0]       pick;
  logic                any_miss;
  logic                fill_done;           // the last word of the refill arrives

  // ---- lookups: one per core, from the core's request flops ----------------------------------
  for (genvar c = 0; c < NumCores; c++) begin : g_port
    logic [Iw-1:0] idx;
    logic [Tw-1:0] tag;
    assign idx = if_addr_i[c][5 +: Iw];
    assign tag = if_addr_i[c][MemAw-1 -: Tw];
    assign hit[c]      = valid_q[idx] && tag_q[idx] == tag;
    assign if_gnt_o[c] = if_req_i[c] && hit[c];
    // registered for the pick: a miss in the next cycle's cache (the refilled line is in then,
    // every line is out after an invalidation)
    assign miss_d[c]   = if_req_i[c] && (inval_i ||
                         (!hit[c] && !(fill_done && if_addr_i[c][MemAw-1:5] == line_q)));

    shader_ram_1r1w #(.Width(32), .Depth(Lines * 8)) u_data (
      .clk_i,
      .we_i    (st_q == StFill && fill_rsp_valid_i),
      .waddr_i ({line_q[Iw-1:0], beat_q}),
      .wdata_i (fill_rsp_rdata_i),
      .raddr_i (if_addr_i[c][2 +: Iw + 3]),
      .rdata_o (if_rdata_o[c])
    );

    // address bits above 32 MiB and the byte offset are not looked at (the core never
    // requests such a pc: shader_fetch turns it into a fault token)
    logic unused;
    assign unused = ^{if_addr_i[c][31:MemAw], if_addr_i[c][1:0]};
  end

  // ---- refill ---------------------------------------------------------------------------------
  prim_arb_rr #(.N(NumCores)) u_pick (
    .clk_i,
    .rst_ni,
    .req_i     (miss_q),
    .advance_i (st_q == StIdle && !inval_i),
    .gnt_o     (pick_oh),
    .idx_o     (pick),
    .valid_o   (any_miss)
  );

  assign fill_done = st_q == StFill && fill_rsp_valid_i && fill_rsp_last_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      miss_q <= '0;
    end else begin
      miss_q <= miss_d;
    end
  end

  always_ff @(posedge clk_i) begin
    for (int c = 0; c < int'(NumCores); c++) begin
      mline_q[c] <= if_addr_i[c][MemAw-1:5];
    end
  end

  // the next line is already in
  assign pf_hit = valid_q[pf_line_q[Iw-1:0]] && tag_q[pf_line_q[Iw-1:0]] == pf_line_q[MemAw-6 -: Tw];

  always_comb begin
    st_d      = st_q;
    valid_d   = valid_q;
    line_d    = line_q;
    beat_d    = beat_q;
    pf_d      = pf_q;
    pf_line_d = pf_line_q;
    tag_we    = 1'b0;
    unique case (st_q)
      StIdle: begin
        if (any_miss && !inval_i) begin
          line_d    = mline_q[pick];
          valid_d[mline_q[pick][Iw-1:0]] = 1'b0;
          st_d      = StReq;
          // a demand refill is followed by one of the next line (pf_line_d in StReq), unless a
          // miss comes first
          pf_d      = 1'b1;
        end else if (pf_q && !inval_i) begin
          pf_d = 1'b0;
          if (!pf_hit) begin
            line_d = pf_line_q;
            valid_d[pf_line_q[Iw-1:0]] = 1'b0;
            st_d   = StReq;
          end
        end
      end
      StReq: begin
        beat_d    = 3'd0;
        pf_line_d = line_q + 1'b1;
        if (&line_q) begin
          pf_d = 1'b0;  // no line past the last one of the memory
        end
        if (fill_req_ready_i) begin
          st_d = StFill;
        end
      end
      StFill: begin
        if (fill_rsp_valid_i) begin
          beat_d = beat_q + 3'd1;
          if (fill_rsp_last_i) begin
            valid_d[line_q[Iw-1:0]] = 1'b1;
            tag_we = 1'b1;
            st_d   = StIdle;
          end
        end
      end
      default: st_d = StIdle;
    endcase
    if (inval_i) begin
      valid_d = '0;
      pf_d    = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q      <= StIdle;
      valid_q   <= '0;
      line_q    <= '0;
      beat_q    <= 3'd0;
      pf_q      <= 1'b0;
      pf_line_q <= '0;
    end else begin
      st_q      <= st_d;
      valid_q   <= valid_d;
      line_q    <= line_d;
      beat_q    <= beat_d;
      pf_q      <= pf_d;
      pf_line_q <= pf_line_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (tag_we) begin
      tag_q[line_q[Iw-1:0]] <= line_q[MemAw-6 -: Tw];
    end
  end

  assign fill_req_valid_o = st_q == StReq;
  assign fill_req_addr_o  = {line_q, 5'd0};
  assign busy_o           = st_q != StIdle;

  logic unused_pick;
  assign unused_pick = ^pick_oh;

endmodule
