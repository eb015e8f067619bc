// simt_dmem_ctrl - data-memory controller of the SIMT cluster: NREQ thread requesters
// (NUM_CORES x THREADS load/store units) share DATA_CH data-memory channels.
//
// What: requester r is served by channel r % DATA_CH (with the default 2 cores x 4 threads
//   and 4 channels: thread t of either core on channel t, so the four threads of a core go
//   out on four channels at once and the two cores share each channel). Every channel has its
//   own round-robin arbiter (prim_arb_rr) over its ceil(NREQ / DATA_CH) requesters; the
//   arbiters work side by side, not one after the other. A free channel (idle, or
//   transferring this cycle) grants (req_ready_o) the winner in the cycle it asks and
//   registers the request (address = data_base_i + thread address, DATA_AW bits, wrapping);
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
  parameter int unsigned NREQ    = 8,  // requesters, 1..256
  parameter int unsigned DATA_CH = 4,  // data-memory channels, 1..16
  parameter int unsigned DATA_AW = 8   // data-memory address width, >= 8
) (
  input  logic                               clk_i,
  input  logic                               rst_ni,
  input  logic [DATA_AW-1:0]                 data_base_i,
  // requesters
  input  logic [NREQ-1:0]                    req_valid_i,
  input  logic [NREQ-1:0]                    req_we_i,
  input  logic [NREQ-1:0][7:0]               req_addr_i,
  input  logic [NREQ-1:0][7:0]               req_wdata_i,
  output logic [NREQ-1:0]                    req_ready_o,
  output logic [NREQ-1:0]                    rsp_valid_o,
  output logic [NREQ-1:0][7:0]               rsp_data_o,
  // data-memory channels
  output logic [DATA_CH-1:0]                 dmem_req_valid_o,
  output logic [DATA_CH-1:0]                 dmem_req_we_o,
  output logic [DATA_CH-1:0][DATA_AW-1:0]    dmem_req_addr_o,
  output logic [DATA_CH-1:0][7:0]            dmem_req_wdata_o,
  input  logic [DATA_CH-1:0]                 dmem_req_ready_i,
  input  logic [DATA_CH-1:0][7:0]            dmem_rsp_data_i
);

  // requesters per channel (the last channels may have one fewer, or none if NREQ < DATA_CH)
  localparam int unsigned NL = (NREQ + DATA_CH - 1) / DATA_CH;
  localparam int unsigned LW = (NL > 1) ? $clog2(NL) : 1;

  if (NREQ < 1 || NREQ > 256) begin : g_bad_nreq
    $error("simt_dmem_ctrl: NREQ must be 1..256");
  end
  if (DATA_CH < 1 || DATA_CH > 16) begin : g_bad_ch
    $error("simt_dmem_ctrl: DATA_CH must be 1..16");
  end
  if (DATA_AW < 8) begin : g_bad_aw
    $error("simt_dmem_ctrl: DATA_AW must be >= 8");
  end

  logic [DATA_CH-1:0] xfer, free;
  logic [DATA_CH-1:0][LW-1:0] owner;   // local index (r / DATA_CH) of the channel's owner
  logic [DATA_CH-1:0][NL-1:0] gnt;     // grant of each channel's arbiter, one-hot
  // requesters padded to NL * DATA_CH (the padding never requests)
  logic [NL*DATA_CH-1:0]      pvalid, pwe;
  logic [NL*DATA_CH-1:0][7:0] paddr, pwdata;

  always_comb begin
    pvalid = '0;
    pwe    = '0;
    paddr  = '0;
    pwdata = '0;
    pvalid[NREQ-1:0] = req_valid_i;
    pwe[NREQ-1:0]    = req_we_i;
    paddr[NREQ-1:0]  = req_addr_i;
    pwdata[NREQ-1:0] = req_wdata_i;
  end

  for (genvar ch = 0; ch < DATA_CH; ch++) begin : g_ch
    logic [NL-1:0]      lreq;
    logic               lvalid, lxfer, lfree;
    logic [NL-1:0]      lgnt;
    logic [LW-1:0]      lidx;
    logic               busy_q, busy_d, we_q, we_d;
    logic [LW-1:0]      owner_q, owner_d;
    logic [DATA_AW-1:0] addr_q, addr_d;
    logic [7:0]         wdata_q, wdata_d, maddr, mwdata;
    logic               mwe;

    // this channel's requesters: r = l * DATA_CH + ch
    always_comb begin
      for (int l = 0; l < int'(NL); l++) begin
        lreq[l] = pvalid[l * DATA_CH + ch];
      end
    end

    prim_arb_rr #(
      .N (NL)
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
      for (int l = 0; l < int'(NL); l++) begin
        mwe    = mwe    | (lgnt[l] & pwe[l * DATA_CH + ch]);
        maddr  = maddr  | ({8{lgnt[l]}} & paddr[l * DATA_CH + ch]);
        mwdata = mwdata | ({8{lgnt[l]}} & pwdata[l * DATA_CH + ch]);
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
        addr_d  = data_base_i + DATA_AW'(maddr);
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
  for (genvar r = 0; r < NREQ; r++) begin : g_req
    assign req_ready_o[r] = free[r % DATA_CH] && gnt[r % DATA_CH][r / DATA_CH];
    assign rsp_valid_o[r] = xfer[r % DATA_CH] && (owner[r % DATA_CH] == LW'(r / DATA_CH));
    assign rsp_data_o[r]  = dmem_rsp_data_i[r % DATA_CH];
  end

endmodule
