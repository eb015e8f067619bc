// prim_fifo_bram: prim_fifo's contract with its storage in block RAM (ECP5 DP16KD) instead of
// LUT RAM: single clock, first-word-fall-through, valid/ready on both sides, capacity exactly
// Depth, count_o = entries held. A push when full is not accepted (wready_o low).
// Latency: 3 cycles from push to rvalid_o (prim_fifo: 1): a block RAM reads synchronously, and
// its read register feeds a fabric output register. Throughput: 1 push and 1 pop per cycle.
// Why: a wide FIFO in LUT RAM costs about six LUT sites per 16 x 4 bits (TRELLIS_DPR16X4); the
// texture stage's FIFOs were about 1,200 of them (docs/synth.md "Texture units: where the logic
// is"). A block RAM is 512 x 36 bits: use this for FIFOs that are deep or wide enough to fill one.
//
// Structure: the RAM holds the entries behind the head; the head is a fabric register (out_q)
// loaded from the RAM's read register (ram_q). A block RAM's clock-to-out is about 5.6 ns on the
// ECP5 (no output register used), so it goes straight into flip-flops, never into the reader's
// logic (timing: tmu_pixel's FIFO heads were its critical path, 80 MHz). The read register moves
// into the head whenever the head is empty or popped; a read is issued whenever the RAM holds an
// entry and the read register is empty or moves on in the same cycle, so back-to-back pops run
// at one per cycle. Every read is of an entry written
// at least one cycle earlier: with ram_cnt_q > 0 the read and write pointers differ (the RAM is
// never written while it holds Depth entries), so the RAM's read-during-write behaviour is never
// used. The free slot at wptr is written whenever there is one (only a push moves wptr past it),
// which keeps wvalid_i out of the RAM's write enable, as in prim_fifo.
// Reset: empty (the RAM, ram_q and out_q are not reset).
module prim_fifo_bram #(
  parameter int unsigned Width = 8,
  parameter int unsigned Depth = 32
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             wvalid_i,
  output logic             wready_o,
  input  logic [Width-1:0] wdata_i,
  output logic             rvalid_o,
  input  logic             rready_i,
  output logic [Width-1:0] rdata_o,
  output logic [$clog2(Depth+1)-1:0] count_o
);
  localparam int unsigned Aw = (Depth > 1) ? $clog2(Depth) : 1;
  localparam int unsigned Cw = $clog2(Depth+1);
  if (Depth < 2) begin : g_bad_depth
    $error("prim_fifo_bram: Depth must be >= 2 (use prim_fifo or prim_spill_reg)");
  end

  // no_rw_check: a read never meets a write to the same entry (above), so Yosys need not build
  // read-during-write logic (a register of the write data and a multiplexer per bit: 341 FF and
  // 198 LUT4 beside the block RAM for a 48 x 154 FIFO)
  (* ram_style = "block", no_rw_check *) logic [Width-1:0] mem_q [Depth];
  logic [Width-1:0] ram_q, out_q;
  logic             ram_valid_q, out_valid_q;
  logic [Aw-1:0]    wptr_q, rptr_q;
  logic [Cw-1:0]    cnt_q;       // entries: the RAM's, the read register's and the head's
  logic [Cw-1:0]    ram_cnt_q;   // entries in the RAM
  logic             push, pop, rd, mv;

  assign wready_o = (cnt_q != Cw'(Depth));
  assign rvalid_o = out_valid_q;
  assign rdata_o  = out_q;
  assign count_o  = cnt_q;
  assign push = wvalid_i && wready_o;
  assign pop  = out_valid_q && rready_i;
  assign mv   = ram_valid_q && (!out_valid_q || rready_i);   // read register -> head
  assign rd   = (ram_cnt_q != '0) && (!ram_valid_q || mv);

  function automatic logic [Aw-1:0] incr(input logic [Aw-1:0] p);
    incr = (p == Aw'(Depth - 1)) ? '0 : p + 1'b1;
  endfunction

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wptr_q       <= '0;
      rptr_q       <= '0;
      cnt_q        <= '0;
      ram_cnt_q    <= '0;
      ram_valid_q  <= 1'b0;
      out_valid_q  <= 1'b0;
    end else begin
      if (push) wptr_q <= incr(wptr_q);
      if (rd)   rptr_q <= incr(rptr_q);
      cnt_q        <= cnt_q + Cw'(push) - Cw'(pop);
      ram_cnt_q    <= ram_cnt_q + Cw'(push) - Cw'(rd);
      ram_valid_q  <= rd || (ram_valid_q && !mv);
      out_valid_q  <= mv || (out_valid_q && !rready_i);
    end
  end

  always_ff @(posedge clk_i) begin
    if (wready_o) mem_q[wptr_q] <= wdata_i;
    if (rd)       ram_q <= mem_q[rptr_q];
    if (mv)       out_q <= ram_q;
  end
endmodule
