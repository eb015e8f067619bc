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
  localparam int unsigned PCW = (PROG_CH > 1) ? $clog2(PROG_CH) : 1;
  localparam int unsigned DCW = (DATA_CH > 1) ? $clog2(DATA_CH) : 1;
  localparam int unsigned QW  = (MAX_READS > 1) ? $clog2(MAX_READS) : 1;
  localparam int unsigned NW  = $clog2(MAX_READS + 1);

  if (PROG_AW + 1 > MEM_AW || DATA_AW > MEM_AW) begin : g_bad_aw
    $error("simt_mem_bridge: windows wider than the memory address");
  end
  if (MAX_READS < 1 || MAX_READS > 16) begin : g_bad_reads
    $error("simt_mem_bridge: MAX_READS must be 1..16");
  end

  // request register (what mem_req shows)
  logic                  rq_valid_q, rq_valid_d;
  logic [CW-1:0]         rq_ch_q, rq_ch_d;
  logic [MEM_AW-1:0]     rq_addr_q, rq_addr_d;
  logic                  rq_we_q, rq_we_d;
  logic [7:0]            rq_wbyte_q, rq_wbyte_d;
  // reads in flight: channel and byte-address bits [1:0], in order
  logic [MAX_READS-1:0][CW-1:0] fq_ch_q, fq_ch_d;
  logic [MAX_READS-1:0][1:0]    fq_lane_q, fq_lane_d;
  logic [QW-1:0]         fq_head_q, fq_head_d;
  logic [NW-1:0]         fq_count_q, fq_count_d;
  // channels being served (picked, not yet answered), answers for the next cycle
  logic [NCH-1:0]        busy_q, busy_d;
  logic [NCH-1:0]        ack_q, ack_d;
  logic [NCH-1:0][15:0]  ackdata_q, ackdata_d;
  logic [CW-1:0]         rr_q, rr_d;

  logic [NCH-1:0]        req;
  logic                  accept, found, can_issue;
  logic [CW-1:0]         pick, c, rch;
  logic [PCW-1:0]        ppick;
  logic [DCW-1:0]        dpick;
  logic [1:0]            rlane;
  logic [15:0]           rdata;
  logic [QW-1:0]         tail;

  always_comb begin
    for (int i = 0; i < PROG_CH; i++) begin
      req[i] = pmem_req_valid_i[i];
    end
    for (int i = 0; i < DATA_CH; i++) begin
      req[PROG_CH + i] = dmem_req_valid_i[i];
    end
  end

  // outputs: all from registers
  always_comb begin
    mem_req_valid_o = rq_valid_q;
    mem_req_addr_o  = rq_addr_q;
    mem_req_we_o    = rq_we_q;
    mem_req_wdata_o = {4{rq_wbyte_q}};
    mem_req_be_o    = 4'b0001 << rq_addr_q[1:0];
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
    rq_valid_d = rq_valid_q;
    rq_ch_d    = rq_ch_q;
    rq_addr_d  = rq_addr_q;
    rq_we_d    = rq_we_q;
    rq_wbyte_d = rq_wbyte_q;
    fq_ch_d    = fq_ch_q;
    fq_lane_d  = fq_lane_q;
    fq_head_d  = fq_head_q;
    fq_count_d = fq_count_q;
    busy_d     = busy_q;
    ack_d      = '0;
    ackdata_d  = ackdata_q;
    rr_d       = rr_q;
    found      = 1'b0;
    pick       = '0;
    c          = '0;
    ppick      = '0;
    dpick      = '0;
    rch        = fq_ch_q[fq_head_q];
    rlane      = fq_lane_q[fq_head_q];
    rdata      = '0;
    tail       = '0;

    // a channel answered this cycle is free again from the next one
    for (int i = 0; i < NCH; i++) begin
      if (ack_q[i]) begin
        busy_d[i] = 1'b0;
      end
    end

    // request accepted by the memory port
    accept = rq_valid_q && mem_req_ready_i;
    if (accept) begin
      rq_valid_d = 1'b0;
      if (rq_we_q) begin
        ack_d[rq_ch_q] = 1'b1;                      // write performed: complete the channel
      end else begin
        tail = QW'((32'(fq_head_q) + 32'(fq_count_q)) % MAX_READS);
        fq_ch_d[tail]   = rq_ch_q;
        fq_lane_d[tail] = rq_addr_q[1:0];
      end
    end

    // read response: oldest read in flight
    if (mem_rsp_valid_i && fq_count_q != '0) begin
      if (32'(rch) < 32'(PROG_CH)) begin
        rdata = rlane[1] ? mem_rsp_rdata_i[31:16] : mem_rsp_rdata_i[15:0];
      end else begin
        rdata = {8'd0, mem_rsp_rdata_i[{rlane, 3'b000} +: 8]};
      end
      ack_d[rch]     = 1'b1;
      ackdata_d[rch] = rdata;
      fq_head_d      = QW'((32'(fq_head_q) + 1) % MAX_READS);
    end
    fq_count_d = NW'(32'(fq_count_q) + ((accept && !rq_we_q) ? 1 : 0) -
                     ((mem_rsp_valid_i && fq_count_q != '0) ? 1 : 0));

    // serve the next channel when the request register is (becoming) free and a read slot
    // is certain (counting the request that may be accepted now)
    can_issue = (!rq_valid_q || accept) &&
                (32'(fq_count_q) + ((accept && !rq_we_q) ? 1 : 0) < MAX_READS);
    if (can_issue) begin
      for (int k = 0; k < NCH; k++) begin
        c = (32'(rr_q) + 32'(k) >= 32'(NCH)) ? CW'(32'(rr_q) + 32'(k) - 32'(NCH))
                                             : CW'(32'(rr_q) + 32'(k));
        if (!found && req[c] && !busy_q[c]) begin
          found = 1'b1;
          pick  = c;
        end
      end
    end
    if (found) begin
      ppick         = PCW'(pick);
      dpick         = DCW'(32'(pick) - 32'(PROG_CH));
      busy_d[pick]  = 1'b1;
      rr_d          = (32'(pick) + 1 >= 32'(NCH)) ? '0 : CW'(32'(pick) + 1);
      rq_valid_d    = 1'b1;
      rq_ch_d       = pick;
      if (32'(pick) < 32'(PROG_CH)) begin
        rq_addr_d  = PROG_WIN + MEM_AW'({pmem_req_addr_i[ppick], 1'b0});
        rq_we_d    = 1'b0;
        rq_wbyte_d = 8'd0;
      end else begin
        rq_addr_d  = DATA_WIN + MEM_AW'(dmem_req_addr_i[dpick]);
        rq_we_d    = dmem_req_we_i[dpick];
        rq_wbyte_d = dmem_req_wdata_i[dpick];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rq_valid_q <= 1'b0;
      rq_ch_q    <= '0;
      rq_addr_q  <= '0;
      rq_we_q    <= 1'b0;
      rq_wbyte_q <= '0;
      fq_ch_q    <= '0;
      fq_lane_q  <= '0;
      fq_head_q  <= '0;
      fq_count_q <= '0;
      busy_q     <= '0;
      ack_q      <= '0;
      ackdata_q  <= '0;
      rr_q       <= '0;
    end else begin
      rq_valid_q <= rq_valid_d;
      rq_ch_q    <= rq_ch_d;
      rq_addr_q  <= rq_addr_d;
      rq_we_q    <= rq_we_d;
      rq_wbyte_q <= rq_wbyte_d;
      fq_ch_q    <= fq_ch_d;
      fq_lane_q  <= fq_lane_d;
      fq_head_q  <= fq_head_d;
      fq_count_q <= fq_count_d;
      busy_q     <= busy_d;
      ack_q      <= ack_d;
      ackdata_q  <= ackdata_d;
      rr_q       <= rr_d;
    end
  end

endmodule
