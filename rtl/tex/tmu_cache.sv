// tmu_cache: the texture units' cache of decoded 4x4 blocks, one controller for Units units
// (issue 12; docs/spec-decisions.md "Texture units", texture cache). C mirror: one tmu_cache_t
// per unit, tmu_cache_texel() / tmu_cache_invalidate() in sw/model/tmu_cache.c. Memory client
// (docs/interfaces.md "Memory port"): one read burst per miss.
//
// What: per unit 32 sets x 4 ways, one block of 16 RGBA8 texels per way (decoded before
// storing, not swizzled). Tag = block byte address >> 3 (22 bits; the format is not part of the
// tag, as in the model). A request names {unit, format, block address, texel, set}; it hits
// when a valid way of its unit's set holds its tag, and returns that way's texel. A miss reads
// the block as one burst from block_addr (RGBA4444: len 7, 8 words; BC1: len 1, 2 words),
// decodes it with tmu_decode_rgba4444 / tmu_bc1_palette (plus a 4:1 select per texel), writes it
// into way next[unit][set], sets the tag and valid bit, next[unit][set] += 1 mod 4 (FIFO per
// set; hits leave it alone), then serves the request from the new block. Tags, valid bits,
// next[] and data are indexed by {unit, set}: each unit's hits, misses, fills and replacement
// depend only on that unit's requests and invalidates, exactly as the model's per-unit caches.
// The lookup and fill logic exists once: one request per clock in total, served in request
// order across the units (a miss of one unit blocks the requests of all units behind it).
//
// Invalidate (inv_i[u], a one-cycle pulse per unit, any time): clears unit u's valid bits and
// next[] pointers only, ordered with the requests: requests accepted in an earlier cycle than the
// pulse are served with the old contents, requests accepted in the same cycle or later see an
// empty cache of unit u. How: the pulses are remembered (inv_pend_q, one bit per unit) and
// travel as a vector with the next accepted request of any unit; when that request reaches the
// lookup, every request before it has finished its lookup (and fill), so the clear happens
// there, just before its lookup: a sweep (StClear) writes zeros into the 32 sets' valid bits and
// pointers of every unit in the vector (32 cycles, all those units at once; the vector's
// carrier, if of such a unit, then misses into way 0). Several pulses before one request are one
// invalidate (the model's too is idempotent). The data and tag arrays are never cleared.
//
// Pipeline: request -> prim_spill_reg (req_ready_o from a flop; its {unit, set} addresses the
// tag EBR as it enters the output slot) -> tag stage s0, loaded with the request and the 4
// ways' tags (the EBR's read, registered in the fabric) -> its tags compared with its tag, with
// the set's valid bits (LUT RAM, one per unit, asynchronous read at s0's set, unit select) ->
// lookup register (s1), loaded with the request, the 4 ways' hit bits, the set's valid bits and
// next[] -> hit way -> data read address (EBR, synchronous read) -> both banks' words
// registered in the fabric (the EBR's clock-to-out is slow) -> bank select -> response FIFO
// (prim_fifo, 4 entries, the response's valid and data from flops). The spill register and s0
// advance only when s1 loads. A read is issued only when the FIFO has room for it counting the
// two words in flight (credit), so the response side's ready reaches nothing combinationally.
// Latency: a hit is 6 cycles from request handshake to rsp_valid_o (spill 1, tag stage 1,
// lookup 1, EBR 1, fabric register 1, FIFO 1). Throughput: one hit per clock (any units) while
// hits stream and responses are taken. A miss blocks the lookup until its block is written:
// lookup 1 + request (until mem_req_ready_i) + memory latency + beats (8 RGBA4444, at most one
// per cycle; BC1: 2 beats then 16 decode cycles) + 2 (last write, valid bit and next[] update)
// + the lookup again; requests behind it wait in order. An invalidate adds 32 cycles (the
// sweep) before its carrier's lookup.
// Storage: data in two banks (even / odd texel), each Units x 1024 x 32 bits
// {unit, set, way, texel[3:1]} with one write and one synchronous read port (ECP5: 2 DP16KD per
// bank and unit, 4 x Units in all), so an RGBA4444 beat writes its two texels in one cycle; tags
// 4 ways x Units x 32 x 22, synchronous read, written while a miss offers its burst request
// (ECP5: one DP16KD per way for Units = 4, 36 bits wide; Units = 1: LUT RAM and 88 flops);
// the copies of tags that requests behind a miss already read are read again at its fill's end;
// valid bits and next pointers in LUT RAM too (per unit 32 x 6 bits, written at a fill's end
// and by the sweep), so no per-bit clear logic grows with the units.
// Fill writes go through one register stage (wr_*_q). BC1: the block's palette is computed
// once, by tmu_bc1_palette from the colour word's flops (c0c1_q) into a palette register
// (pal_q, loaded every cycle: it follows c0c1_q one cycle later); each texel is then a 4:1
// select of pal_q by idx_q[1:0] into the write register, one texel per cycle. The index word
// arrives at least one cycle after the colour word, so pal_q is ready in StBc1's first cycle:
// the fill writes the same texels in the same cycles as a combinational decode would. No DSP
// (the divisions by 3 are shift-adds), and the palette is never in the lookup's path.
// Timing: the tag EBR's clock-to-out ends in s0's flops; the compare is s0's flops -> 4
// compares of 22 bits (and s0's set -> LUT RAM read of the valid bits) -> s1's hit bits; the
// lookup is those 4 flops -> hit way -> data read address and s1's load enable; the palette is
// flops -> table LUTs -> one adder -> flops (rtl/tex/README.md has the numbers).
// Counters: hit_count_o[u], miss_count_o[u] count unit u's lookups (a request counts once: its
// replay after the fill is not a hit), 32 bits, wrapping (the model's 64-bit counts mod 2^32).
// Memory port: mem_req_valid_o from a state flop, payload from the lookup register (steady
// until accepted); reads only: we = 0, wdata = 0, be = 0, tag = 0, prim = 0. One burst at a
// time; the fill ends with the response marked last. The burst starts at block_addr and wraps
// inside its aligned 32-byte block (interfaces.md); this equals the model's linear reads
// block_addr + 4i because tmu_addr's blocks are aligned (RGBA4444 32 bytes, BC1 8 bytes).
// Illegal input: an RGBA4444 block_addr with bits [4:0] != 0 or a BC1 one with [2:0] != 0
// (tmu_addr never makes one) reads the wrapped words, not the model's; bits [1:0] are ignored
// by the memory. A unit index >= Units (req_unit_i's bits above $clog2(Units) are ignored for
// the storage index) finds no valid bits: it always misses, fills, is answered, and is counted
// and invalidated nowhere. A response while no burst is outstanding is ignored.
// Reset: empty cache (a sweep of 32 cycles clears every unit's valid bits and pointers before
// the first lookup; requests are accepted meanwhile), no invalidate pending, counters 0.
module tmu_cache #(
  parameter int unsigned Units = 4        // texture units sharing the controller, 1..4
) (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic [Units-1:0] inv_i,         // per unit: invalidate before its next request

  input  logic        req_valid_i,
  output logic        req_ready_o,
  input  logic [1:0]  req_unit_i,         // texture unit, < Units
  input  logic        req_format_i,       // 0 RGBA4444, 1 BC1
  input  logic [gpu_pkg::MEM_AW-1:0] req_block_addr_i,   // block byte address
  input  logic [3:0]  req_texel_i,        // (ty & 3) * 4 + (tx & 3)
  input  logic [4:0]  req_set_i,          // cache set (tmu_addr)

  output logic        rsp_valid_o,
  input  logic        rsp_ready_i,
  output gpu_pkg::rgba8_t rsp_texel_o,    // decoded texel, A[31:24] B G R[7:0]

  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output gpu_pkg::mem_req_t mem_req_o,
  input  logic              mem_rsp_valid_i,
  input  gpu_pkg::mem_rsp_t mem_rsp_i,

  output logic [Units-1:0][31:0] hit_count_o,   // per unit
  output logic [Units-1:0][31:0] miss_count_o,  // per unit
  output logic        busy_o,             // a request is in flight (or an invalidate pending)
  output logic        active_o            // a request is in flight (busy_o without an invalidate
                                          // that waits for the next request: at rest otherwise)
);
  localparam int unsigned Sets  = 32;
  localparam int unsigned Ways  = 4;
  localparam int unsigned UnitBits = (Units > 1) ? $clog2(Units) : 0;
  localparam int unsigned Rows  = Sets << UnitBits;          // {unit, set}
  localparam int unsigned RowW  = 5 + UnitBits;
  localparam int unsigned AW    = gpu_pkg::MEM_AW;
  localparam int unsigned TagW  = AW - 3;                 // block address >> 3
  localparam int unsigned ReqW  = Units + 2 + 1 + AW + 4 + 5;   // {inv, unit, format, addr, texel, set}
  localparam int unsigned BankAw = RowW + 2 + 3;          // {unit, set, way, texel[3:1]}
  localparam int unsigned FifoDepth = 4;                  // 2 words in flight + 2: one per clock

  if (Units < 1 || Units > 4) begin : g_bad_units
    $error("tmu_cache: Units must be 1..4");
  end

  typedef enum logic [2:0] {
    StLookup,  // s1 (if valid) is looked up: a hit issues its data read, a miss starts a fill
    StReq,     // the miss's burst request is offered (mem_req_valid_o) until accepted
    StFill,    // beats arrive: RGBA4444 writes two texels per beat, BC1 keeps its two words
    StBc1,     // BC1: the 16 texels are decoded from c0c1_q / idx_q, one per cycle (16 cycles)
    StFin,     // the last texel write is done this cycle; the tag, valid bit and next[] update
    StClear    // sweep: set sweep_q's valid bits and next[] of the units in s1_inv_q cleared
  } state_e;

  // ---- input: spill register (req_ready_o from a flop), invalidate vector attached ----
  logic [Units-1:0] inv_pend_q, inv_pend_d;
  logic            in_hs;
  logic [ReqW-1:0] in_data, sp_data;
  logic            sp_valid, sp_ready;
  logic [1:0]      sp_count;

  assign in_hs   = req_valid_i && req_ready_o;
  assign in_data = {inv_pend_q | inv_i, req_unit_i, req_format_i, req_block_addr_i, req_texel_i,
                    req_set_i};
  assign inv_pend_d = (inv_pend_q | inv_i) & ~{Units{in_hs}};

  prim_spill_reg #(.Width(ReqW)) u_in (
    .clk_i, .rst_ni,
    .valid_i (req_valid_i),
    .ready_o (req_ready_o),
    .data_i  (in_data),
    .valid_o (sp_valid),
    .ready_i (sp_ready),
    .data_o  (sp_data),
    .count_o (sp_count)
  );

  // ---- tag stage s0, lookup register s1 and the cache state ----
  state_e              state_q, state_d;
  logic                s0_valid_q, s0_valid_d;
  logic [ReqW-1:0]     s0_data_q;                    // the request, as in the spill register
  logic                s1_valid_q, s1_valid_d;
  logic [Units-1:0]    s1_inv_q, s1_inv_d;           // units to clear before this lookup
  logic                s1_refill_q, s1_refill_d;     // replay after its own fill: not counted
  logic                s1_fmt_q;
  logic [AW-1:0]       s1_addr_q;
  logic [3:0]          s1_texel_q;
  logic [4:0]          s1_set_q;
  logic [1:0]          s1_unit_q;
  logic                s1_load;                      // s1 takes s0's request, s0 the spill's

  logic [1:0]          fill_way_q, fill_way_d;
  logic [3:0]          beat_q, beat_d;               // RGBA4444 beat (texel pair) / BC1 texel
  logic [31:0]         c0c1_q, c0c1_d, idx_q, idx_d; // BC1: colour word, index word
  logic [Units-1:0][31:0] hit_cnt_q, hit_cnt_d, miss_cnt_q, miss_cnt_d;
  logic [4:0]          sweep_q, sweep_d;             // StClear: the set being cleared

  logic [RowW-1:0]     in_row, sp_row, s0_row, s1_row;   // {unit, set}
  logic [RowW-1:0]     spill_row_q;                  // row of the spill slot's request
  logic                sp_free;                      // the spill register's output slot loads
  logic [RowW-1:0]     tag_ra;                       // row its output slot holds after this edge
  logic [Ways-1:0][TagW-1:0] tag_rd;                 // tag EBR read: the rows of sp_row
  logic [Ways-1:0][TagW-1:0] s0_tags_q;              // s0's copy of them, in the fabric
  logic [TagW-1:0]     s0_tag, s1_tag;
  logic [4:0]          s0_set;
  logic [1:0]          s0_unit;
  logic                s0_reload;                    // s0_tags_q reloaded at a fill's end
  logic [Ways-1:0]     s0_vrow;                      // s0's set's valid bits (LUT RAM read)
  logic [1:0]          s0_next;                      // s0's set's next[] (LUT RAM read)
  logic [Ways-1:0]     s0_whit;                      // s0's set's ways that hold its tag, valid
  logic [Ways-1:0]     s1_whit_q, s1_whit_d;         // s1's ways that hit (compared on entry)
  logic [Ways-1:0]     s1_vrow_q, s1_vrow_d;         // s1's set's valid bits
  logic [1:0]          s1_next_q, s1_next_d;         // s1's set's next[]
  logic [Ways-1:0]     way_hit;
  logic                hit;
  logic [1:0]          hit_way;
  logic                tag_we;

  assign in_row  = RowW'({req_unit_i, req_set_i});
  assign sp_row  = RowW'({sp_data[10 + AW +: 2], sp_data[4:0]});
  assign s0_set  = s0_data_q[4:0];
  assign s0_unit = s0_data_q[10 + AW +: 2];
  assign s0_tag  = s0_data_q[12 +: TagW];               // block_addr[AW-1:3]
  assign s0_row  = RowW'({s0_unit, s0_set});
  assign s1_tag  = s1_addr_q[AW-1:3];
  assign s1_row  = RowW'({s1_unit_q, s1_set_q});

  // tags: one EBR per way over {unit, set}, synchronous read, written while a miss offers its
  // burst request (StReq; the same tag in every such cycle). The read runs one stage ahead of
  // the compare: every clock it reads the row that the spill register's output slot holds after
  // the edge (its own while it is held, else the spill slot's or the input's; spill_row_q
  // mirrors the spill slot, loaded when prim_spill_reg loads it), so in StLookup tag_rd holds
  // the tags of sp's request; s0 takes them into the fabric (s0_tags_q) as the request moves on
  // (s1_load), and the compare on entry to s1 starts from flops. Only a miss writes, while s1
  // holds it, and the spill register and s0 move only with s1, so a write can leave two stale
  // copies, both of requests waiting behind the miss: s0_tags_q (read before the miss's lookup)
  // and tag_rd (read before or at the write). Both are read again before the replay's lookup
  // lets them move: in StFill and StBc1 the EBR reads s0's row (at least one cycle after the
  // last write), which StFin loads into s0_tags_q; StFin's edge reads sp's row again. The valid
  // bits and next[] are read when the request enters s1 (LUT RAM, below), so neither a fill's
  // end nor the sweep needs anything of the kind.
  assign sp_free = !sp_valid || sp_ready;               // = prim_spill_reg's output load
  assign tag_ra  = (state_q == StFill || state_q == StBc1) ? s0_row :
                   !sp_free ? sp_row : (req_ready_o ? in_row : spill_row_q);
  assign s0_reload = (state_q == StFin);
  for (genvar w = 0; w < Ways; w++) begin : g_way
    logic [TagW-1:0] tag_mem [Rows];
    always_ff @(posedge clk_i) begin
      if (tag_we && fill_way_q == 2'(w)) tag_mem[s1_row] <= s1_tag;
    end
    always_ff @(posedge clk_i) begin
      tag_rd[w] <= tag_mem[tag_ra];
    end
    assign s0_whit[w] = s0_vrow[w] && s0_tags_q[w] == s0_tag;
    assign way_hit[w] = s1_whit_q[w];
`ifndef SYNTHESIS
`ifdef TGPU_BEFORE_SIM_SPEED
    // (make bench's before build: the concurrent form, as written before the
    // simulation-speed rewrite, mk/core.mk)
    // the tags s0 compares are the array's
    logic [TagW-1:0] chk_tag;
    assign chk_tag = tag_mem[s0_row];
    a_tag_copy: assert property (@(posedge clk_i) disable iff (!rst_ni)
                                 s1_load && s0_valid_q |-> s0_tags_q[w] == chk_tag);
`else
    // the tags s0 compares are the array's. An immediate check at the edge, not a concurrent
    // assertion: for that, Verilator keeps a sampled copy of the whole array, refreshed at every
    // evaluation (docs/regression.md "Simulation speed": 9 % of an untextured scene's
    // instructions for the four ways)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
      end else if (s1_load && s0_valid_q) begin
        a_tag_copy: assert (s0_tags_q[w] == tag_mem[s0_row])
          else $error("a_tag_copy: way %0d: s0's tag copy differs from the tag array", w);
      end
    end
`endif
`endif
  end

  // valid bits and next[]: per unit a 32 x 6 LUT RAM {next, valid[3:0]}, written at a fill's
  // end (s1's unit) or by the sweep (every unit in s1_inv_q at once), read at s0's set (the
  // request entering s1) and selected by its unit (none: a unit index >= Units finds nothing
  // valid). Written only in StFin and StClear, when s1 does not load: the read is current.
  logic            meta_fill_we;
  logic [4:0]      meta_wa;
  logic [5:0]      meta_wd;
  logic [Units-1:0][5:0] meta_rd;
  assign meta_wa = (state_q == StClear) ? sweep_q : s1_set_q;
  assign meta_wd = (state_q == StClear) ? 6'd0
                                        : {fill_way_q + 2'd1, s1_vrow_q | (4'b0001 << fill_way_q)};
  for (genvar u = 0; u < Units; u++) begin : g_unit
    logic [5:0] meta_mem [Sets];
    logic       we;
    assign we = (state_q == StClear) ? s1_inv_q[u] : (meta_fill_we && s1_unit_q == 2'(u));
    always_ff @(posedge clk_i) begin
      if (we) meta_mem[meta_wa] <= meta_wd;
    end
    assign meta_rd[u] = meta_mem[s0_set];
  end
  always_comb begin
    s0_vrow = '0;
    s0_next = '0;
    for (int u = 0; u < Units; u++) begin
      if (s0_unit == 2'(u)) begin
        s0_vrow = meta_rd[u][3:0];
        s0_next = meta_rd[u][5:4];
      end
    end
  end

  always_comb begin
    hit     = |way_hit;
    hit_way = 2'd0;
    for (int w = Ways - 1; w >= 0; w--) begin
      if (way_hit[w]) hit_way = 2'(w);
    end
  end

  // ---- data banks: even texels in bank 0, odd in bank 1; one synchronous read each ----
  logic              rd_en, rd_valid_q, rd_sel_q;
  logic [BankAw-1:0] rd_addr;
  logic [1:0][31:0]  rd_data_q;
  logic [1:0]        wr_en_q, wr_en_d;              // per bank
  logic [BankAw-1:0] wr_addr_q, wr_addr_d;
  logic [1:0][31:0]  wr_data_q, wr_data_d;
  logic              out_valid_q, out_sel_q;        // the read words, registered in the fabric
  logic [1:0][31:0]  out_data_q;
  logic [2:0]        fifo_count;
  logic              credit;

  assign rd_addr = {s1_row, hit_way, s1_texel_q[3:1]};
  for (genvar b = 0; b < 2; b++) begin : g_bank
    logic [31:0] mem [1 << BankAw];
    always_ff @(posedge clk_i) begin
      if (wr_en_q[b]) mem[wr_addr_q] <= wr_data_q[b];
    end
    always_ff @(posedge clk_i) begin
      if (rd_en) rd_data_q[b] <= mem[rd_addr];
    end
  end

  // ---- fill decoders ----
  logic [1:0][31:0] dec4444;
  logic [3:0][31:0] pal_d, pal_q;                  // BC1: the block's palette, registered
  logic [31:0]      decbc1;
  tmu_decode_rgba4444 u_dec4444_0 (.texel_i(mem_rsp_i.rdata[15:0]),  .rgba_o(dec4444[0]));
  tmu_decode_rgba4444 u_dec4444_1 (.texel_i(mem_rsp_i.rdata[31:16]), .rgba_o(dec4444[1]));
  tmu_bc1_palette u_bc1pal (.c0_i(c0c1_q[15:0]), .c1_i(c0c1_q[31:16]), .pal_o(pal_d));
  assign decbc1 = pal_q[idx_q[1:0]];

  // a data read may be issued when the FIFO has room for it and for the read in flight
  // (which implies fifo_wready: the FIFO never refuses a read word)
  assign credit = fifo_wready && (fifo_count + 3'(rd_valid_q) + 3'(out_valid_q)) < 3'(FifoDepth);

  always_comb begin
    state_d     = state_q;
    s0_valid_d  = s0_valid_q;
    s1_valid_d  = s1_valid_q;
    s1_inv_d    = s1_inv_q;
    s1_refill_d = s1_refill_q;
    s1_whit_d   = s1_whit_q;
    s1_vrow_d   = s1_vrow_q;
    s1_next_d   = s1_next_q;
    sweep_d     = sweep_q;
    fill_way_d  = fill_way_q;
    beat_d      = beat_q;
    c0c1_d      = c0c1_q;
    idx_d       = idx_q;
    hit_cnt_d   = hit_cnt_q;
    miss_cnt_d  = miss_cnt_q;
    wr_en_d     = 2'b00;
    wr_addr_d   = wr_addr_q;
    wr_data_d   = wr_data_q;
    tag_we      = 1'b0;
    meta_fill_we = 1'b0;
    rd_en       = 1'b0;
    s1_load     = 1'b0;

    unique case (state_q)
      StLookup: begin
        if (!s1_valid_q) begin
          s1_load = 1'b1;
        end else if (|s1_inv_q) begin
          // invalidates ride with this request: sweep those units first, then look it up
          sweep_d = '0;
          state_d = StClear;
        end else if (hit) begin
          if (credit) begin
            rd_en   = 1'b1;
            s1_load = 1'b1;
            for (int u = 0; u < Units; u++) begin
              if (!s1_refill_q && s1_unit_q == 2'(u)) hit_cnt_d[u] = hit_cnt_q[u] + 32'd1;
            end
          end
        end else begin
          // a miss: fill next[unit][set]
          for (int u = 0; u < Units; u++) begin
            if (s1_unit_q == 2'(u)) miss_cnt_d[u] = miss_cnt_q[u] + 32'd1;
          end
          fill_way_d = s1_next_q;
          beat_d     = '0;
          state_d    = StReq;
        end
      end
      StReq: begin
        tag_we = 1'b1;                               // the tag (the same in every cycle here)
        if (mem_req_ready_i) state_d = StFill;
      end
      StFill: begin
        if (mem_rsp_valid_i) begin
          if (!s1_fmt_q) begin
            wr_en_d   = 2'b11;
            wr_addr_d = {s1_row, fill_way_q, beat_q[2:0]};
            wr_data_d = dec4444;
            beat_d    = beat_q + 4'd1;
            if (mem_rsp_i.last) state_d = StFin;
          end else if (!mem_rsp_i.last) begin
            c0c1_d = mem_rsp_i.rdata;
          end else begin
            idx_d   = mem_rsp_i.rdata;
            state_d = StBc1;
          end
        end
      end
      StBc1: begin
        wr_en_d   = beat_q[0] ? 2'b10 : 2'b01;
        wr_addr_d = {s1_row, fill_way_q, beat_q[3:1]};
        wr_data_d = {decbc1, decbc1};
        idx_d     = idx_q >> 2;
        beat_d    = beat_q + 4'd1;
        if (beat_q == 4'd15) state_d = StFin;
      end
      StFin: begin
        meta_fill_we = 1'b1;                         // valid bit set, next[] advanced
        s1_vrow_d    = s1_vrow_q | (4'b0001 << fill_way_q);
        s1_next_d    = fill_way_q + 2'd1;
        s1_whit_d    = 4'b0001 << fill_way_q;
        s1_refill_d  = 1'b1;
        state_d      = StLookup;
      end
      StClear: begin
        // the meta write (g_unit) clears set sweep_q of the units in s1_inv_q
        sweep_d = sweep_q + 5'd1;
        if (sweep_q == 5'd31) begin
          s1_inv_d = '0;
          for (int u = 0; u < Units; u++) begin
            if (s1_unit_q == 2'(u) && s1_inv_q[u]) begin
              s1_whit_d = '0;
              s1_vrow_d = '0;
              s1_next_d = '0;
            end
          end
          state_d = StLookup;
        end
      end
      default: state_d = StLookup;
    endcase

    if (s1_load) begin
      s0_valid_d  = sp_valid;
      s1_valid_d  = s0_valid_q;
      s1_inv_d    = s0_data_q[ReqW-1 -: Units];
      s1_refill_d = 1'b0;
      s1_whit_d   = s0_whit;
      s1_vrow_d   = s0_vrow;
      s1_next_d   = s0_next;
    end
  end
  assign sp_ready = s1_load;                         // the spill register and s0 move with s1

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= StClear;                        // the reset sweep: every unit
      inv_pend_q  <= '0;
      s0_valid_q  <= 1'b0;
      s1_valid_q  <= 1'b0;
      s1_inv_q    <= '1;
      s1_refill_q <= 1'b0;
      s1_whit_q   <= '0;
      s1_vrow_q   <= '0;
      s1_next_q   <= '0;
      sweep_q     <= '0;
      hit_cnt_q   <= '0;
      miss_cnt_q  <= '0;
      wr_en_q     <= 2'b00;
      rd_valid_q  <= 1'b0;
      out_valid_q <= 1'b0;
    end else begin
      state_q     <= state_d;
      inv_pend_q  <= inv_pend_d;
      s0_valid_q  <= s0_valid_d;
      s1_valid_q  <= s1_valid_d;
      s1_inv_q    <= s1_inv_d;
      s1_refill_q <= s1_refill_d;
      s1_whit_q   <= s1_whit_d;
      s1_vrow_q   <= s1_vrow_d;
      s1_next_q   <= s1_next_d;
      sweep_q     <= sweep_d;
      hit_cnt_q   <= hit_cnt_d;
      miss_cnt_q  <= miss_cnt_d;
      wr_en_q     <= wr_en_d;
      rd_valid_q  <= rd_en;
      out_valid_q <= rd_valid_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (s1_load) begin
      s0_data_q  <= sp_data;
      s1_fmt_q   <= s0_data_q[9 + AW];
      s1_addr_q  <= s0_data_q[9 +: AW];
      s1_texel_q <= s0_data_q[8:5];
      s1_set_q   <= s0_set;
      s1_unit_q  <= s0_unit;
    end
    if (s1_load || s0_reload) s0_tags_q <= tag_rd;
    if (!sp_free && req_ready_o) spill_row_q <= in_row;   // prim_spill_reg's spill slot load
    fill_way_q <= fill_way_d;
    beat_q     <= beat_d;
    c0c1_q     <= c0c1_d;
    pal_q      <= pal_d;
    idx_q      <= idx_d;
    wr_addr_q  <= wr_addr_d;
    wr_data_q  <= wr_data_d;
    if (rd_en) rd_sel_q <= s1_texel_q[0];
    if (rd_valid_q) begin
      out_sel_q  <= rd_sel_q;
      out_data_q <= rd_data_q;
    end
  end

  // ---- responses: the read word of the addressed bank into the FIFO ----
  logic fifo_wready;
  prim_fifo #(.Width(32), .Depth(FifoDepth)) u_rsp (
    .clk_i, .rst_ni,
    .wvalid_i (out_valid_q),
    .wready_o (fifo_wready),
    .wdata_i  (out_data_q[out_sel_q]),
    .rvalid_o (rsp_valid_o),
    .rready_i (rsp_ready_i),
    .rdata_o  (rsp_texel_o),
    .count_o  (fifo_count)
  );

  // ---- memory request: the miss's block as one read burst ----
  always_comb begin
    mem_req_o       = '0;
    mem_req_o.addr  = s1_addr_q;
    mem_req_o.we    = 1'b0;
    mem_req_o.len   = s1_fmt_q ? 3'd1 : 3'd7;
  end
  assign mem_req_valid_o = (state_q == StReq);

  assign hit_count_o  = hit_cnt_q;
  assign miss_count_o = miss_cnt_q;
  assign active_o = state_q == StClear || sp_count != 2'd0 || s0_valid_q || s1_valid_q ||
                    rd_valid_q || out_valid_q || rsp_valid_o;
  assign busy_o   = |inv_pend_q || active_o;
`ifndef SYNTHESIS
  // tag_rd belongs to sp's request: the read row follows the spill register's output slot
  logic [RowW-1:0] chk_ra_q;
  always_ff @(posedge clk_i) chk_ra_q <= tag_ra;
  a_tag_row: assert property (@(posedge clk_i) disable iff (!rst_ni)
                              sp_valid && state_q == StLookup |-> chk_ra_q == sp_row);
`endif
endmodule
