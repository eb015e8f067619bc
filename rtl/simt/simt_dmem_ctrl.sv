// simt_dmem_ctrl - data-memory controller of the SIMT cluster: Nreq thread requesters
// (NUM_CORES x THREADS load/store units) share DataCh data-memory channels.
//
// What: requester r is served by channel r % DataCh (with the default 2 cores x 4 threads
//   and 4 channels: thread t of either core on channel t, so the four threads of a core go
//   out on four channels at once and the two cores share each channel). Every channel has its
//   own round-robin arbiter (prim_arb_rr) over its ceil(Nreq / DataCh) requesters; the
//   arbiters work side by side, not one after the other. A free channel (idle, or
//   transferring this cycle) grants (req_ready_o) the winner in the cycle it asks and
//   registers the request (address = data_base_i + thread address, DataAw bits, wrapping);
//   the channel holds it until the transfer; in the transfer cycle the response (rsp_valid_o,
//   and for reads rsp_data_o = the channel's read data) goes back to the owner
//   combinationally. Writes are answered the same way (completion).
// Timing: the requests come from registers (simt_lsu), so a cycle holds one arbiter, a
//   one-hot payload mux and the base adder before the channel registers; the response is
//   the owner compare of one channel (no mux over channels).
// Spec: seed 002 / ADDENDUM 7 (4 data channels in the origin, 8-bit data and addresses).
// Interfaces: requester side: valid/ready request, one rsp_valid pulse per request, no
//   back-pressure on responses. Channel side: valid/ready, read data valid with the transfer.
// Latency: grant 0 cycles when the requester's channel is free; channel valid from the next
//   cycle; with the origin memory timing the response comes 2 cycles after the grant.
// Ordering: a requester has at most one request outstanding (simt_lsu), so per thread the
//   order is program order; no ordering between threads.
// Illegal input: a requester that raises valid while it has a request outstanding is a core
//   bug; it would be queued behind its own request on the same channel.
// Reset: channels idle, round-robin pointers at requester 0.
module simt_dmem_ctrl #(
  parameter int unsigned Nreq    = 8,  // requesters, 1..256
  parameter int unsigned DataCh = 4,  // data-memory channels, 1..16
  parameter int unsigned DataAw = 8   // data-memory address width, >= 8
) (
  input  logic                               clk_i,
  input  logic                               rst_ni,
  input  logic [DataAw-1:0]                 data_base_i,
  // requesters
  input  logic [Nreq-1:0]                    req_valid_i,
  input  logic [Nreq-1:0]                    req_we_i,
  input  logic [Nreq-1:0][7:0]               req_addr_i,
  input  logic [Nreq-1:0][7:0]               req_wdata_i,
  output logic [Nreq-1:0]                    req_ready_o,
  output logic [Nreq-1:0]                    rsp_valid_o,
  output logic [Nreq-1:0][7:0]               rsp_data_o,
  // data-memory channels
  output logic [DataCh-1:0]                 dmem_req_valid_o,
  output logic [DataCh-1:0]                 dmem_req_we_o,
  output logic [DataCh-1:0][DataAw-1:0]    dmem_req_addr_o,
  output logic [DataCh-1:0][7:0]            dmem_req_wdata_o,
  input  logic [DataCh-1:0]                 dmem_req_ready_i,
  input  logic [DataCh-1:0][7:0]            dmem_rsp_data_i
);

  // requesters per channel (the last channels may have one fewer, or none if Nreq < DataCh)
  localparam int unsigned Nl = (Nreq + DataCh - 1) / DataCh;
  localparam int unsigned Lw = (Nl > 1) ? $clog2(Nl) : 1;

  if (Nreq < 1 || Nreq > 256) begin : g_bad_nreq
    $error("simt_dmem_ctrl: Nreq must be 1..256");
  end
  if (DataCh < 1 || DataCh > 16) begin : g_bad_ch
    $error("simt_dmem_ctrl: DataCh must be 1..16");
  end
  if (DataAw < 8) begin : g_bad_aw
    $error("simt_dmem_ctrl: DataAw must be >= 8");
  end

  logic [DataCh-1:0] xfer, free;
  logic [DataCh-1:0][Lw-1:0] owner;   // local index (r / DataCh) of the channel's owner
  logic [DataCh-1:0][Nl-1:0] gnt;     // grant of each channel's arbiter, one-hot
  // requesters padded to Nl * DataCh (the padding never requests)
  logic [Nl*DataCh-1:0]      pvalid, pwe;
  logic [Nl*DataCh-1:0][7:0] paddr, pwdata;

  always_comb begin
    pvalid = '0;
    pwe    = '0;
    paddr  = '0;
    pwdata = '0;
    pvalid[Nreq-1:0] = req_valid_i;
    pwe[Nreq-1:0]    = req_we_i;
    paddr[Nreq-1:0]  = req_addr_i;
    pwdata[Nreq-1:0] = req_wdata_i;
  end

  for (genvar ch = 0; ch < DataCh; ch++) begin : g_ch
    logic [Nl-1:0]      lreq;
    logic               lvalid, lxfer, lfree;
    logic [Nl-1:0]      lgnt;
    logic [Lw-1:0]      lidx;
    logic               busy_q, busy_d, we_q, we_d;
    logic [Lw-1:0]      owner_q, owner_d;
    logic [DataAw-1:0] addr_q, addr_d;
    logic [7:0]         wdata_q, wdata_d, maddr, mwdata;
    logic               mwe;

    // this channel's requesters: r = l * DataCh + ch
    always_comb begin
      for (int l = 0; l < int'(Nl); l++) begin
        lreq[l] = pvalid[l * DataCh + ch];
      end
    end

    prim_arb_rr #(
      .N (Nl)
    ) u_arb (
      .clk_i,
      .rst_ni,
      .req_i     (lreq),
      .advance_i (lfree),
      .gnt_o     (lgnt),
      .idx_o     (lidx),
      .valid_o   (lvalid)
    );

    always_comb begin
      lxfer = busy_q && dmem_req_ready_i[ch];
      lfree = !busy_q || lxfer;
      // one-hot payload mux
      mwe    = 1'b0;
      maddr  = 8'd0;
      mwdata = 8'd0;
      for (int l = 0; l < int'(Nl); l++) begin
        mwe    = mwe    | (lgnt[l] & pwe[l * DataCh + ch]);
        maddr  = maddr  | ({8{lgnt[l]}} & paddr[l * DataCh + ch]);
        mwdata = mwdata | ({8{lgnt[l]}} & pwdata[l * DataCh + ch]);
      end
      busy_d  = busy_q && !lxfer;
      owner_d = owner_q;
      we_d    = we_q;
      addr_d  = addr_q;
      wdata_d = wdata_q;
      if (lfree && lvalid) begin
        busy_d  = 1'b1;
        owner_d = lidx;
        we_d    = mwe;
        addr_d  = data_base_i + DataAw'(maddr);
        wdata_d = mwdata;
      end
    end

    assign xfer[ch]             = lxfer;
    assign free[ch]             = lfree;
    assign gnt[ch]              = lgnt;
    assign owner[ch]            = owner_q;
    assign dmem_req_valid_o[ch] = busy_q;
    assign dmem_req_we_o[ch]    = we_q;
    assign dmem_req_addr_o[ch]  = addr_q;
    assign dmem_req_wdata_o[ch] = wdata_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        busy_q  <= 1'b0;
        owner_q <= '0;
        we_q    <= 1'b0;
        addr_q  <= '0;
        wdata_q <= '0;
      end else begin
        busy_q  <= busy_d;
        owner_q <= owner_d;
        we_q    <= we_d;
        addr_q  <= addr_d;
        wdata_q <= wdata_d;
      end
    end
  end

  // requester side: grant and response of the requester's own channel
  for (genvar r = 0; r < Nreq; r++) begin : g_req
    assign req_ready_o[r] = free[r % DataCh] && gnt[r % DataCh][r / DataCh];
    assign rsp_valid_o[r] = xfer[r % DataCh] && (owner[r % DataCh] == Lw'(r / DataCh));
    assign rsp_data_o[r]  = dmem_rsp_data_i[r % DataCh];
  end

endmodule
