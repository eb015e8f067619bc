// shader_lsu - load/store unit of one shader core (the M stage's memory access).
//
// What: one memory instruction at a time. A load or store whose bytes lie in one 32-bit word
//   is one word request; one that crosses a word boundary (misaligned, D14) is two, the
//   second right after the first is accepted (the penalty). A store writes its bytes with byte
//   enables (no read); a load returns the raw little-endian bytes (raw_o, the core sign-
//   extends); an atomic (D7, D8) is one request carrying the operation (amo_o, amo_op_o: the
//   funct3 of the seed's table), the operand in wdata (CAS: the new value) and the CAS
//   expected value in amo_cmp_o; the memory side performs the read-modify-write and returns
//   the old word.
// Memory port: valid/ready requests from flops (docs/interfaces.md), word addresses (bits 1:0
//   zero), responses in order, one per read or atomic, no back-pressure. dm_req_more_o marks
//   the first word of a split access: the second follows at once (the tile keeps its grant on
//   the core in between, so a split access is one indivisible access of the tile, D16).
// Latency: done_o is high in the cycle the last write is accepted or the last response
//   arrives; busy_o from the cycle after start_i until done_o.
// start_i is taken when idle or in the cycle the previous access is done (back to back);
//   cancel_i with start_i drops the access (the core's range and alignment checks, D12, found a
//   fault): the request registers are loaded but nothing is issued, so the wide register
//   enables do not wait for the checks (only busy and the request valid do).
// Illegal input: start_i while busy and not done is ignored (the core never does it).
// Reset: idle.
module shader_lsu #(
  parameter int unsigned MemAw = 25
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              start_i,
  input  logic              cancel_i,   // with start_i: the access faulted, issue nothing
  input  logic [1:0]        kind_i,     // shader_pkg::MemLoad / MemStore / MemAtom
  input  logic [MemAw-1:0]  addr_i,     // byte address inside the memory
  input  logic [1:0]        size_i,     // 0 byte, 1 half, 2 word
  input  logic [31:0]       wdata_i,    // store data (low bytes) / atomic operand or CAS new value
  input  logic [2:0]        amo_op_i,
  input  logic [31:0]       amo_cmp_i,
  output logic              busy_o,
  output logic              done_o,
  output logic [31:0]       raw_o,      // bytes read, valid with done_o (loads and atomics)
  // memory port
  output logic              dm_req_valid_o,
  input  logic              dm_req_ready_i,
  output logic [MemAw-1:0]  dm_req_addr_o,
  output logic              dm_req_we_o,
  output logic [31:0]       dm_req_wdata_o,
  output logic [3:0]        dm_req_be_o,
  output logic              dm_req_amo_o,
  output logic [2:0]        dm_req_amo_op_o,
  output logic [31:0]       dm_req_amo_cmp_o,
  output logic              dm_req_more_o,   // the second word of this access follows (D14)
  input  logic              dm_rsp_valid_i,
  input  logic [31:0]       dm_rsp_rdata_i
);

  logic              busy_q, busy_d;
  logic              rv_q, rv_d;            // request register valid
  logic [MemAw-1:0]  ra_q, ra_d;
  logic              rwe_q, rwe_d, ramo_q, ramo_d;
  logic [31:0]       rwd_q, rwd_d, rcmp_q, rcmp_d;
  logic [3:0]        rbe_q, rbe_d;
  logic [2:0]        rop_q, rop_d;
  logic              sec_q, sec_d;          // a second word request follows the current one
  logic [31:0]       sec_wd_q, sec_wd_d;
  logic [3:0]        sec_be_q, sec_be_d;
  logic [1:0]        exp_q, exp_d, got_q, got_d;   // responses expected / received
  logic [1:0]        off_q, off_d;
  logic [31:0]       w0_q, w0_d;
  logic [63:0]       wd64;
  logic [7:0]        be8;
  logic [2:0]        nbytes;
  logic              two, accept, last_sent, all_rsp;
  logic [63:0]       both;

  assign nbytes = 3'd1 << size_i;
  assign two    = (3'(addr_i[1:0]) + nbytes) > 3'd4;
  assign wd64   = {32'd0, wdata_i} << (8 * addr_i[1:0]);
  assign be8    = {4'd0, 4'((5'd1 << nbytes) - 5'd1)} << addr_i[1:0];

  assign accept    = rv_q && dm_req_ready_i;
  assign last_sent = !rv_q || (accept && !sec_q);
  assign all_rsp   = (got_q + 2'(dm_rsp_valid_i)) == exp_q;
  assign done_o    = busy_q && last_sent && all_rsp;
  assign busy_o    = busy_q;

  // the raw bytes: first word from w0_q when a second response completes the load
  assign both  = (got_q == 2'd1) ? {dm_rsp_rdata_i, w0_q} : {32'd0, dm_rsp_rdata_i};
  assign raw_o = 32'(both >> (8 * off_q));

  always_comb begin
    busy_d   = busy_q;
    rv_d     = rv_q;
    ra_d     = ra_q;
    rwe_d    = rwe_q;
    ramo_d   = ramo_q;
    rwd_d    = rwd_q;
    rcmp_d   = rcmp_q;
    rbe_d    = rbe_q;
    rop_d    = rop_q;
    sec_d    = sec_q;
    sec_wd_d = sec_wd_q;
    sec_be_d = sec_be_q;
    exp_d    = exp_q;
    got_d    = got_q + 2'(dm_rsp_valid_i);
    off_d    = off_q;
    w0_d     = (dm_rsp_valid_i && got_q == 2'd0) ? dm_rsp_rdata_i : w0_q;
    if (accept) begin
      if (sec_q) begin
        ra_d  = ra_q + MemAw'(4);
        rwd_d = sec_wd_q;
        rbe_d = sec_be_q;
        sec_d = 1'b0;
      end else begin
        rv_d = 1'b0;
      end
    end
    if (done_o) begin
      busy_d = 1'b0;
    end
    if (start_i && (!busy_q || done_o)) begin
      busy_d   = !cancel_i;
      rv_d     = !cancel_i;
      ra_d     = {addr_i[MemAw-1:2], 2'b00};
      rwe_d    = kind_i == shader_pkg::MemStore;
      ramo_d   = kind_i == shader_pkg::MemAtom;
      rop_d    = amo_op_i;
      rcmp_d   = amo_cmp_i;
      rwd_d    = (kind_i == shader_pkg::MemAtom) ? wdata_i : wd64[31:0];
      rbe_d    = (kind_i == shader_pkg::MemAtom) ? 4'hF : be8[3:0];
      sec_d    = two && kind_i != shader_pkg::MemAtom;
      sec_wd_d = wd64[63:32];
      sec_be_d = be8[7:4];
      exp_d    = (kind_i == shader_pkg::MemStore) ? 2'd0 : (two && kind_i == shader_pkg::MemLoad ? 2'd2 : 2'd1);
      got_d    = 2'd0;
      off_d    = addr_i[1:0];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q   <= 1'b0;
      rv_q     <= 1'b0;
      ra_q     <= '0;
      rwe_q    <= 1'b0;
      ramo_q   <= 1'b0;
      rwd_q    <= 32'd0;
      rcmp_q   <= 32'd0;
      rbe_q    <= 4'd0;
      rop_q    <= 3'd0;
      sec_q    <= 1'b0;
      sec_wd_q <= 32'd0;
      sec_be_q <= 4'd0;
      exp_q    <= 2'd0;
      got_q    <= 2'd0;
      off_q    <= 2'd0;
      w0_q     <= 32'd0;
    end else begin
      busy_q   <= busy_d;
      rv_q     <= rv_d;
      ra_q     <= ra_d;
      rwe_q    <= rwe_d;
      ramo_q   <= ramo_d;
      rwd_q    <= rwd_d;
      rcmp_q   <= rcmp_d;
      rbe_q    <= rbe_d;
      rop_q    <= rop_d;
      sec_q    <= sec_d;
      sec_wd_q <= sec_wd_d;
      sec_be_q <= sec_be_d;
      exp_q    <= exp_d;
      got_q    <= got_d;
      off_q    <= off_d;
      w0_q     <= w0_d;
    end
  end

  assign dm_req_valid_o   = rv_q;
  assign dm_req_addr_o    = ra_q;
  assign dm_req_we_o      = rwe_q;
  assign dm_req_wdata_o   = rwd_q;
  assign dm_req_be_o      = rbe_q;
  assign dm_req_amo_o     = ramo_q;
  assign dm_req_amo_op_o  = rop_q;
  assign dm_req_amo_cmp_o = rcmp_q;
  assign dm_req_more_o    = sec_q;

endmodule
