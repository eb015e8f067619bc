// simt_mem_bridge - connects the SIMT cluster's memory channels to one GPU memory client port
// (the mem_* port of docs/interfaces.md, e.g. one client of mem_arbiter).
//
// What: the ProgCh program channels and DataCh data channels of simt_top share the port,
//   round robin, with up to MaxReads reads in flight. The proposed GPU-memory window
//   (docs/simt.md): program word a lives at byte ProgWin + 2*a (16-bit little-endian halfword
//   of a 32-bit word), data byte a at DataWin + a (one byte lane). A channel read becomes one
//   mem_* read; when its response arrives (in order) the channel gets ready + the addressed
//   halfword/byte in the next cycle (its transfer). A channel write becomes one mem_* write
//   with the byte enable of its lane (data replicated on all lanes) and completes (channel
//   ready) in the cycle after the port accepts it. A channel is not served again before its
//   transfer.
// Spec: seed 002 channels (ADDENDUM 7) on the project memory port (docs/interfaces.md).
// Latency: request registered (1 cycle after the channel asks), memory latency, 1 cycle to
//   answer the channel. Throughput: one request per cycle while reads in flight < MaxReads.
// Timing: a round-robin arbiter (prim_arb_rr) picks a channel and the request is pushed into
//   a 2-entry request FIFO (prim_fifo) whose head is the mem_* request; whether a pick is
//   allowed depends only on registers (FIFO not full, fewer than MaxReads reads pushed and
//   not answered), never on mem_req_ready_i, so the GPU's memory arbiter and this bridge's
//   arbitration are not one combinational path. The channels of each read in flight are
//   queued in a second prim_fifo (MaxReads deep, written at the push). The windows are
//   aligned (ProgWin to 2^(ProgAw+1) bytes, DataWin to 2^DataAw bytes; checked at
//   elaboration), so the window base is ORed into the channel address, not added.
// Ordering: requests reach memory in the order served, so a read after a write to the same
//   address sees it (the arbiter keeps that order too).
// Interfaces: channel side mirrors simt_top's memory ports (this module is the memory);
//   memory side: valid/ready request from registers, one mem_rsp_valid_i per read, in order,
//   no back-pressure.
// Illegal input: a mem_rsp_valid_i with no read outstanding is ignored.
// Reset: idle, no request, no read outstanding.
module simt_mem_bridge #(
  parameter int unsigned ProgCh   = 1,
  parameter int unsigned DataCh   = 4,
  parameter int unsigned ProgAw   = 14,                 // 16K instructions = 32 KiB
  parameter int unsigned DataAw   = 15,                 // 32 KiB
  parameter int unsigned MemAw    = 25,                 // 32 MiB byte addresses
  parameter int unsigned MaxReads = 4,                  // reads in flight, 1..16
  parameter logic [MemAw-1:0] ProgWin = 25'h1FF0000,   // byte address of program word 0
  parameter logic [MemAw-1:0] DataWin = 25'h1FF8000    // byte address of data byte 0
) (
  input  logic                              clk_i,
  input  logic                              rst_ni,
  // cluster side (from simt_top)
  input  logic [ProgCh-1:0]                pmem_req_valid_i,
  input  logic [ProgCh-1:0][ProgAw-1:0]   pmem_req_addr_i,
  output logic [ProgCh-1:0]                pmem_req_ready_o,
  output logic [ProgCh-1:0][15:0]          pmem_rsp_data_o,
  input  logic [DataCh-1:0]                dmem_req_valid_i,
  input  logic [DataCh-1:0]                dmem_req_we_i,
  input  logic [DataCh-1:0][DataAw-1:0]   dmem_req_addr_i,
  input  logic [DataCh-1:0][7:0]           dmem_req_wdata_i,
  output logic [DataCh-1:0]                dmem_req_ready_o,
  output logic [DataCh-1:0][7:0]           dmem_rsp_data_o,
  // memory side (one mem_* client)
  output logic                              mem_req_valid_o,
  input  logic                              mem_req_ready_i,
  output logic [MemAw-1:0]                 mem_req_addr_o,
  output logic                              mem_req_we_o,
  output logic [31:0]                       mem_req_wdata_o,
  output logic [3:0]                        mem_req_be_o,
  input  logic                              mem_rsp_valid_i,
  input  logic [31:0]                       mem_rsp_rdata_i
);

  localparam int unsigned Nch = ProgCh + DataCh;
  localparam int unsigned Cw  = (Nch > 1) ? $clog2(Nch) : 1;
  localparam int unsigned Rqw = Cw + MemAw + 1 + 8;   // request FIFO entry: ch, addr, we, byte

  if (ProgAw + 1 > MemAw || DataAw > MemAw) begin : g_bad_aw
    $error("simt_mem_bridge: windows wider than the memory address");
  end
  if (MaxReads < 1 || MaxReads > 16) begin : g_bad_reads
    $error("simt_mem_bridge: MaxReads must be 1..16");
  end
  // the window base is ORed into the channel address (no adder after the pick): the windows
  // must be aligned to their size
  if ((ProgWin & ((MemAw'(1) << (ProgAw + 1)) - MemAw'(1))) != '0) begin : g_bad_pwin
    $error("simt_mem_bridge: ProgWin must be a multiple of 2^(ProgAw+1) bytes");
  end
  if ((DataWin & ((MemAw'(1) << DataAw) - MemAw'(1))) != '0) begin : g_bad_dwin
    $error("simt_mem_bridge: DataWin must be a multiple of 2^DataAw bytes");
  end

  // channels being served (picked, not yet answered), answers for the next cycle
  logic [Nch-1:0]        busy_q, busy_d;
  logic [Nch-1:0]        ack_q, ack_d;
  logic [Nch-1:0][15:0]  ackdata_q, ackdata_d;

  logic [Nch-1:0]        req, gnt;
  logic [Cw-1:0]         pick;
  logic                  found, push, rq_wready, rd_wready, rq_rvalid, rd_rvalid, accept;
  logic [MemAw-1:0]     paddr;
  logic                  pwe;
  logic [7:0]            pbyte;
  logic [Rqw-1:0]        rq_head;
  logic [Cw-1:0]         rq_ch, rch;
  logic [MemAw-1:0]     rq_addr;
  logic                  rq_we;
  logic [7:0]            rq_byte;
  logic [Cw+1:0]         rd_head;
  logic [1:0]            rlane;
  logic [15:0]           rdata;

  always_comb begin
    for (int i = 0; i < ProgCh; i++) begin
      req[i] = pmem_req_valid_i[i] && !busy_q[i];
    end
    for (int i = 0; i < DataCh; i++) begin
      req[ProgCh + i] = dmem_req_valid_i[i] && !busy_q[ProgCh + i];
    end
  end

  // pick a channel when the request FIFO and the read queue both have room (registers only)
  prim_arb_rr #(
    .N (Nch)
  ) u_arb (
    .clk_i,
    .rst_ni,
    .req_i     (req),
    .advance_i (push),
    .gnt_o     (gnt),
    .idx_o     (pick),
    .valid_o   (found)
  );

  // the picked channel's request in GPU memory (one-hot mux)
  always_comb begin
    push  = found && rq_wready && rd_wready;
    paddr = '0;
    pwe   = 1'b0;
    pbyte = 8'd0;
    for (int i = 0; i < ProgCh; i++) begin
      if (gnt[i]) begin
        paddr = paddr | ProgWin | MemAw'({pmem_req_addr_i[i], 1'b0});
      end
    end
    for (int i = 0; i < DataCh; i++) begin
      if (gnt[ProgCh + i]) begin
        paddr = paddr | DataWin | MemAw'(dmem_req_addr_i[i]);
        pwe   = pwe | dmem_req_we_i[i];
        pbyte = pbyte | dmem_req_wdata_i[i];
      end
    end
  end

  // request FIFO: its head is the memory request
  prim_fifo #(
    .Width (Rqw),
    .Depth (2)
  ) u_rq (
    .clk_i,
    .rst_ni,
    .wvalid_i (push),
    .wready_o (rq_wready),
    .wdata_i  ({pick, paddr, pwe, pbyte}),
    .rvalid_o (rq_rvalid),
    .rready_i (mem_req_ready_i),
    .rdata_o  (rq_head),
    .count_o  ()
  );

  // channels of the reads pushed and not yet answered, in order (a write takes no entry)
  prim_fifo #(
    .Width (Cw + 2),
    .Depth (MaxReads)
  ) u_rd (
    .clk_i,
    .rst_ni,
    .wvalid_i (push && !pwe),
    .wready_o (rd_wready),
    .wdata_i  ({pick, paddr[1:0]}),
    .rvalid_o (rd_rvalid),
    .rready_i (mem_rsp_valid_i),
    .rdata_o  (rd_head),
    .count_o  ()
  );

  // outputs: all from registers
  always_comb begin
    {rq_ch, rq_addr, rq_we, rq_byte} = rq_head;
    {rch, rlane} = rd_head;
    mem_req_valid_o = rq_rvalid;
    mem_req_addr_o  = rq_addr;
    mem_req_we_o    = rq_we;
    mem_req_wdata_o = {4{rq_byte}};
    mem_req_be_o    = 4'b0001 << rq_addr[1:0];
    for (int i = 0; i < ProgCh; i++) begin
      pmem_req_ready_o[i] = ack_q[i];
      pmem_rsp_data_o[i]  = ackdata_q[i];
    end
    for (int i = 0; i < DataCh; i++) begin
      dmem_req_ready_o[i] = ack_q[ProgCh + i];
      dmem_rsp_data_o[i]  = ackdata_q[ProgCh + i][7:0];
    end
  end

  always_comb begin
    busy_d    = (busy_q & ~ack_q) | (push ? gnt : '0);
    ack_d     = '0;
    ackdata_d = ackdata_q;
    rdata     = '0;
    accept    = rq_rvalid && mem_req_ready_i;

    // write accepted by the memory port: complete the channel
    if (accept && rq_we) begin
      ack_d[rq_ch] = 1'b1;
    end

    // read response: oldest read in flight
    if (mem_rsp_valid_i && rd_rvalid) begin
      if (32'(rch) < 32'(ProgCh)) begin
        rdata = rlane[1] ? mem_rsp_rdata_i[31:16] : mem_rsp_rdata_i[15:0];
      end else begin
        rdata = {8'd0, mem_rsp_rdata_i[{rlane, 3'b000} +: 8]};
      end
      ack_d[rch]     = 1'b1;
      ackdata_d[rch] = rdata;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q    <= '0;
      ack_q     <= '0;
      ackdata_q <= '0;
    end else begin
      busy_q    <= busy_d;
      ack_q     <= ack_d;
      ackdata_q <= ackdata_d;
    end
  end

endmodule
