// simt_mem_bridge - connects the SIMT cluster's memory channels to one GPU memory client port
// (the mem_* port of docs/interfaces.md, e.g. one client of mem_arbiter).
//
// What: the PROG_CH program channels and DATA_CH data channels of simt_top share the port,
//   round robin, with up to MAX_READS reads in flight. The proposed GPU-memory window
//   (docs/simt.md): program word a lives at byte PROG_WIN + 2*a (16-bit little-endian halfword
//   of a 32-bit word), data byte a at DATA_WIN + a (one byte lane). A channel read becomes one
//   mem_* read; when its response arrives (in order) the channel gets ready + the addressed
//   halfword/byte in the next cycle (its transfer). A channel write becomes one mem_* write
//   with the byte enable of its lane (data replicated on all lanes) and completes (channel
//   ready) in the cycle after the port accepts it. A channel is not served again before its
//   transfer.
// Spec: seed 002 channels (ADDENDUM 7) on the project memory port (docs/interfaces.md).
// Latency: request registered (1 cycle after the channel asks), memory latency, 1 cycle to
//   answer the channel. Throughput: one request per cycle while reads in flight < MAX_READS.
// Timing: a round-robin arbiter (prim_arb_rr) picks a channel and the request is pushed into
//   a 2-entry request FIFO (prim_fifo) whose head is the mem_* request; whether a pick is
//   allowed depends only on registers (FIFO not full, fewer than MAX_READS reads pushed and
//   not answered), never on mem_req_ready_i, so the GPU's memory arbiter and this bridge's
//   arbitration are not one combinational path. The channels of each read in flight are
//   queued in a second prim_fifo (MAX_READS deep, written at the push). The windows are
//   aligned (PROG_WIN to 2^(PROG_AW+1) bytes, DATA_WIN to 2^DATA_AW bytes; checked at
//   elaboration), so the window base is ORed into the channel address, not added.
// Ordering: requests reach memory in the order served, so a read after a write to the same
//   address sees it (the arbiter keeps that order too).
// Interfaces: channel side mirrors simt_top's memory ports (this module is the memory);
//   memory side: valid/ready request from registers, one mem_rsp_valid_i per read, in order,
//   no back-pressure.
// Illegal input: a mem_rsp_valid_i with no read outstanding is ignored.
// Reset: idle, no request, no read outstanding.
module simt_mem_bridge #(
  parameter int unsigned PROG_CH   = 1,
  parameter int unsigned DATA_CH   = 4,
  parameter int unsigned PROG_AW   = 14,                 // 16K instructions = 32 KiB
  parameter int unsigned DATA_AW   = 15,                 // 32 KiB
  parameter int unsigned MEM_AW    = 25,                 // 32 MiB byte addresses
  parameter int unsigned MAX_READS = 4,                  // reads in flight, 1..16
  parameter logic [MEM_AW-1:0] PROG_WIN = 25'h1FF0000,   // byte address of program word 0
  parameter logic [MEM_AW-1:0] DATA_WIN = 25'h1FF8000    // byte address of data byte 0
) (
  input  logic                              clk_i,
  input  logic                              rst_ni,
  // cluster side (from simt_top)
  input  logic [PROG_CH-1:0]                pmem_req_valid_i,
  input  logic [PROG_CH-1:0][PROG_AW-1:0]   pmem_req_addr_i,
  output logic [PROG_CH-1:0]                pmem_req_ready_o,
  output logic [PROG_CH-1:0][15:0]          pmem_rsp_data_o,
  input  logic [DATA_CH-1:0]                dmem_req_valid_i,
  input  logic [DATA_CH-1:0]                dmem_req_we_i,
  input  logic [DATA_CH-1:0][DATA_AW-1:0]   dmem_req_addr_i,
  input  logic [DATA_CH-1:0][7:0]           dmem_req_wdata_i,
  output logic [DATA_CH-1:0]                dmem_req_ready_o,
  output logic [DATA_CH-1:0][7:0]           dmem_rsp_data_o,
  // memory side (one mem_* client)
  output logic                              mem_req_valid_o,
  input  logic                              mem_req_ready_i,
  output logic [MEM_AW-1:0]                 mem_req_addr_o,
  output logic                              mem_req_we_o,
  output logic [31:0]                       mem_req_wdata_o,
  output logic [3:0]                        mem_req_be_o,
  input  logic                              mem_rsp_valid_i,
  input  logic [31:0]                       mem_rsp_rdata_i
);

  localparam int unsigned NCH = PROG_CH + DATA_CH;
  localparam int unsigned CW  = (NCH > 1) ? $clog2(NCH) : 1;
  localparam int unsigned RQW = CW + MEM_AW + 1 + 8;   // request FIFO entry: ch, addr, we, byte

  if (PROG_AW + 1 > MEM_AW || DATA_AW > MEM_AW) begin : g_bad_aw
    $error("simt_mem_bridge: windows wider than the memory address");
  end
  if (MAX_READS < 1 || MAX_READS > 16) begin : g_bad_reads
    $error("simt_mem_bridge: MAX_READS must be 1..16");
  end
  // the window base is ORed into the channel address (no adder after the pick): the windows
  // must be aligned to their size
  if ((PROG_WIN & ((MEM_AW'(1) << (PROG_AW + 1)) - MEM_AW'(1))) != '0) begin : g_bad_pwin
    $error("simt_mem_bridge: PROG_WIN must be a multiple of 2^(PROG_AW+1) bytes");
  end
  if ((DATA_WIN & ((MEM_AW'(1) << DATA_AW) - MEM_AW'(1))) != '0) begin : g_bad_dwin
    $error("simt_mem_bridge: DATA_WIN must be a multiple of 2^DATA_AW bytes");
  end

  // channels being served (picked, not yet answered), answers for the next cycle
  logic [NCH-1:0]        busy_q, busy_d;
  logic [NCH-1:0]        ack_q, ack_d;
  logic [NCH-1:0][15:0]  ackdata_q, ackdata_d;

  logic [NCH-1:0]        req, gnt;
  logic [CW-1:0]         pick;
  logic                  found, push, rq_wready, rd_wready, rq_rvalid, rd_rvalid, accept;
  logic [MEM_AW-1:0]     paddr;
  logic                  pwe;
  logic [7:0]            pbyte;
  logic [RQW-1:0]        rq_head;
  logic [CW-1:0]         rq_ch, rch;
  logic [MEM_AW-1:0]     rq_addr;
  logic                  rq_we;
  logic [7:0]            rq_byte;
  logic [CW+1:0]         rd_head;
  logic [1:0]            rlane;
  logic [15:0]           rdata;

  always_comb begin
    for (int i = 0; i < PROG_CH; i++) begin
      req[i] = pmem_req_valid_i[i] && !busy_q[i];
    end
    for (int i = 0; i < DATA_CH; i++) begin
      req[PROG_CH + i] = dmem_req_valid_i[i] && !busy_q[PROG_CH + i];
    end
  end

  // pick a channel when the request FIFO and the read queue both have room (registers only)
  prim_arb_rr #(
    .N (NCH)
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
    for (int i = 0; i < PROG_CH; i++) begin
      if (gnt[i]) begin
        paddr = paddr | PROG_WIN | MEM_AW'({pmem_req_addr_i[i], 1'b0});
      end
    end
    for (int i = 0; i < DATA_CH; i++) begin
      if (gnt[PROG_CH + i]) begin
        paddr = paddr | DATA_WIN | MEM_AW'(dmem_req_addr_i[i]);
        pwe   = pwe | dmem_req_we_i[i];
        pbyte = pbyte | dmem_req_wdata_i[i];
      end
    end
  end

  // request FIFO: its head is the memory request
  prim_fifo #(
    .Width (RQW),
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
    .Width (CW + 2),
    .Depth (MAX_READS)
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
    for (int i = 0; i < PROG_CH; i++) begin
      pmem_req_ready_o[i] = ack_q[i];
      pmem_rsp_data_o[i]  = ackdata_q[i];
    end
    for (int i = 0; i < DATA_CH; i++) begin
      dmem_req_ready_o[i] = ack_q[PROG_CH + i];
      dmem_rsp_data_o[i]  = ackdata_q[PROG_CH + i][7:0];
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
      if (32'(rch) < 32'(PROG_CH)) begin
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
