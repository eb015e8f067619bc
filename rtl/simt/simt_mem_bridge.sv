// simt_mem_bridge - connects the SIMT cluster's memory channels to one GPU memory client port
// (the mem_* port of docs/interfaces.md, e.g. one client of mem_arbiter).
//
// What: the PROG_CH program channels and DATA_CH data channels of simt_top are served one
//   request at a time, round robin over all channels. The proposed GPU-memory window
//   (docs/simt.md): program word a lives at byte PROG_WIN + 2*a (16-bit little-endian
//   halfword of a 32-bit word), data byte a at DATA_WIN + a (one byte lane). A read becomes one
//   mem_* read; its response is returned on the channel (ready + data for one cycle, the
//   channel's transfer). A write becomes one mem_* write with the byte enable of its lane and
//   completes (channel ready) once the memory port has accepted it.
// Spec: seed 002 channels (ADDENDUM 7) on the project memory port (docs/interfaces.md).
// Latency: request registered (1 cycle after the channel asks), then the memory latency, then
//   one cycle to answer the channel: about memory latency + 3 cycles per access.
// Throughput: one access in flight. Ordering: accesses reach memory in the order served, so a
//   read after a write to the same address sees it.
// Interfaces: channel side as simt_top's memory ports, mirrored (this module is the memory);
//   memory side valid/ready request, one mem_rsp_valid_i per read, no back-pressure.
// Illegal input: a mem_rsp_valid_i while no read is outstanding is ignored.
// Reset: idle, no request.
module simt_mem_bridge #(
  parameter int unsigned PROG_CH  = 1,
  parameter int unsigned DATA_CH  = 4,
  parameter int unsigned PROG_AW  = 14,                  // 16K instructions = 32 KiB
  parameter int unsigned DATA_AW  = 15,                  // 32 KiB
  parameter int unsigned MEM_AW   = 25,                  // 32 MiB byte addresses
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

  if (PROG_AW + 1 > MEM_AW || DATA_AW > MEM_AW) begin : g_bad_aw
    $error("simt_mem_bridge: windows wider than the memory address");
  end

  typedef enum logic [1:0] {
    BrIdle = 2'd0,  // pick the next requesting channel
    BrReq  = 2'd1,  // mem_req offered until accepted
    BrWait = 2'd2,  // read accepted, waiting for its response
    BrAck  = 2'd3   // channel ready (transfer) with the read data
  } br_state_e;

  br_state_e          state_q, state_d;
  logic [CW-1:0]      sel_q, sel_d, rr_q, rr_d;
  logic [MEM_AW-1:0]  addr_q, addr_d;
  logic               we_q, we_d;
  logic [7:0]         wbyte_q, wbyte_d;
  logic [15:0]        rdata_q, rdata_d;

  logic [NCH-1:0]     req;
  logic               found;
  logic [CW-1:0]      pick, c;
  logic [MEM_AW-1:0]  byte_addr;
  logic [PCW-1:0]     ppick, psel;   // program channel index of pick / sel_q
  logic [DCW-1:0]     dpick, dsel;   // data channel index of pick / sel_q

  always_comb begin
    for (int i = 0; i < PROG_CH; i++) begin
      req[i] = pmem_req_valid_i[i];
    end
    for (int i = 0; i < DATA_CH; i++) begin
      req[PROG_CH + i] = dmem_req_valid_i[i];
    end
  end

  always_comb begin
    state_d = state_q;
    sel_d   = sel_q;
    rr_d    = rr_q;
    addr_d  = addr_q;
    we_d    = we_q;
    wbyte_d = wbyte_q;
    rdata_d = rdata_q;
    found   = 1'b0;
    pick    = '0;
    c       = '0;
    byte_addr = '0;
    ppick     = '0;
    dpick     = '0;
    psel      = PCW'(sel_q);
    dsel      = DCW'(32'(sel_q) - 32'(PROG_CH));

    pmem_req_ready_o = '0;
    dmem_req_ready_o = '0;
    for (int i = 0; i < PROG_CH; i++) begin
      pmem_rsp_data_o[i] = rdata_q;
    end
    for (int i = 0; i < DATA_CH; i++) begin
      dmem_rsp_data_o[i] = rdata_q[7:0];
    end

    mem_req_valid_o = (state_q == BrReq);
    mem_req_addr_o  = addr_q;
    mem_req_we_o    = we_q;
    mem_req_wdata_o = {4{wbyte_q}};
    mem_req_be_o    = 4'b0001 << addr_q[1:0];

    unique case (state_q)
      BrIdle: begin
        for (int k = 0; k < NCH; k++) begin
          c = (32'(rr_q) + 32'(k) >= 32'(NCH)) ? CW'(32'(rr_q) + 32'(k) - 32'(NCH))
                                               : CW'(32'(rr_q) + 32'(k));
          if (!found && req[c]) begin
            found = 1'b1;
            pick  = c;
          end
        end
        if (found) begin
          sel_d = pick;
          rr_d  = (32'(pick) + 1 >= 32'(NCH)) ? '0 : CW'(32'(pick) + 1);
          ppick = PCW'(pick);
          dpick = DCW'(32'(pick) - 32'(PROG_CH));
          if (32'(pick) < 32'(PROG_CH)) begin
            byte_addr = PROG_WIN + MEM_AW'({pmem_req_addr_i[ppick], 1'b0});
            we_d      = 1'b0;
            wbyte_d   = 8'd0;
          end else begin
            byte_addr = DATA_WIN + MEM_AW'(dmem_req_addr_i[dpick]);
            we_d      = dmem_req_we_i[dpick];
            wbyte_d   = dmem_req_wdata_i[dpick];
          end
          addr_d  = byte_addr;
          state_d = BrReq;
        end
      end
      BrReq: begin
        if (mem_req_ready_i) begin
          state_d = we_q ? BrAck : BrWait;
        end
      end
      BrWait: begin
        if (mem_rsp_valid_i) begin
          // program: the addressed halfword; data: the addressed byte in bits [7:0]
          if (32'(sel_q) < 32'(PROG_CH)) begin
            rdata_d = addr_q[1] ? mem_rsp_rdata_i[31:16] : mem_rsp_rdata_i[15:0];
          end else begin
            rdata_d = {8'd0, mem_rsp_rdata_i[{addr_q[1:0], 3'b000} +: 8]};
          end
          state_d = BrAck;
        end
      end
      BrAck: begin
        if (32'(sel_q) < 32'(PROG_CH)) begin
          pmem_req_ready_o[psel] = 1'b1;
        end else begin
          dmem_req_ready_o[dsel] = 1'b1;
        end
        state_d = BrIdle;
      end
      default: state_d = BrIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= BrIdle;
      sel_q   <= '0;
      rr_q    <= '0;
      addr_q  <= '0;
      we_q    <= 1'b0;
      wbyte_q <= '0;
      rdata_q <= '0;
    end else begin
      state_q <= state_d;
      sel_q   <= sel_d;
      rr_q    <= rr_d;
      addr_q  <= addr_d;
      we_q    <= we_d;
      wbyte_q <= wbyte_d;
      rdata_q <= rdata_d;
    end
  end

endmodule
