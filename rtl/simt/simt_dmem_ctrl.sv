// simt_dmem_ctrl - data-memory controller of the SIMT cluster: NREQ thread requesters
// (NUM_CORES x THREADS load/store units) share DATA_CH data-memory channels.
//
// What: each free channel takes the next waiting requester in round-robin order (rotating
//   start after every grant), so the threads of one core and of different cores overlap on
//   all channels. The grant (req_ready_o) is given in the cycle the requester asks; the
//   channel registers the request (address = data_base_i + thread address, DATA_AW bits,
//   wrapping) and holds it on the channel until the transfer; in the transfer cycle the
//   response (rsp_valid_o, and for reads rsp_data_o = the channel's read data) goes back to
//   the owner combinationally. Writes are answered the same way (completion).
// Spec: seed 002 / ADDENDUM 7 (4 data channels in the origin, 8-bit data and addresses).
// Interfaces: requester side: valid/ready request, one rsp_valid pulse per request, no
//   back-pressure on responses. Channel side: valid/ready, read data valid with the transfer.
// Latency: grant 0 cycles when a channel is free; channel valid from the next cycle; with the
//   origin memory timing the response comes 2 cycles after the grant.
// Ordering: a requester has at most one request outstanding (simt_lsu), so per thread the
//   order is program order; no ordering between threads.
// Illegal input: a requester that raises valid while it has a request outstanding is a core
//   bug; it would simply be granted a second channel.
// Reset: channels idle, round-robin pointer 0.
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

  localparam int unsigned RW = (NREQ > 1) ? $clog2(NREQ) : 1;

  if (NREQ < 1 || NREQ > 256) begin : g_bad_nreq
    $error("simt_dmem_ctrl: NREQ must be 1..256");
  end
  if (DATA_CH < 1 || DATA_CH > 16) begin : g_bad_ch
    $error("simt_dmem_ctrl: DATA_CH must be 1..16");
  end
  if (DATA_AW < 8) begin : g_bad_aw
    $error("simt_dmem_ctrl: DATA_AW must be >= 8");
  end

  logic [DATA_CH-1:0]               busy_q, busy_d;
  logic [DATA_CH-1:0][RW-1:0]       owner_q, owner_d;
  logic [DATA_CH-1:0]               we_q, we_d;
  logic [DATA_CH-1:0][DATA_AW-1:0]  addr_q, addr_d;
  logic [DATA_CH-1:0][7:0]          wdata_q, wdata_d;
  logic [RW-1:0]                    rr_q, rr_d;

  logic [DATA_CH-1:0] xfer;
  logic [NREQ-1:0]    taken;
  logic               found;
  logic [RW-1:0]      sel, r;

  // responses: the owner of a channel hears the transfer combinationally
  always_comb begin
    rsp_valid_o = '0;
    rsp_data_o  = '0;
    for (int ch = 0; ch < DATA_CH; ch++) begin
      xfer[ch] = busy_q[ch] && dmem_req_ready_i[ch];
      if (xfer[ch]) begin
        rsp_valid_o[owner_q[ch]] = 1'b1;
        rsp_data_o[owner_q[ch]]  = dmem_rsp_data_i[ch];
      end
    end
  end

  // grants
  always_comb begin
    busy_d  = busy_q;
    owner_d = owner_q;
    we_d    = we_q;
    addr_d  = addr_q;
    wdata_d = wdata_q;
    rr_d    = rr_q;
    taken       = '0;
    sel         = '0;
    r           = '0;
    found       = 1'b0;
    for (int ch = 0; ch < DATA_CH; ch++) begin
      if (xfer[ch]) begin
        busy_d[ch] = 1'b0;
      end
    end

    // grants: each free channel takes the next waiting requester, round robin
    for (int ch = 0; ch < DATA_CH; ch++) begin
      if (!busy_q[ch] || xfer[ch]) begin
        found = 1'b0;
        for (int k = 0; k < NREQ; k++) begin
          r = (32'(rr_q) + 32'(k) >= 32'(NREQ)) ? RW'(32'(rr_q) + 32'(k) - 32'(NREQ))
                                                 : RW'(32'(rr_q) + 32'(k));
          if (!found && req_valid_i[r] && !taken[r]) begin
            found = 1'b1;
            sel   = r;
          end
        end
        if (found) begin
          taken[sel]   = 1'b1;
          busy_d[ch]   = 1'b1;
          owner_d[ch]  = sel;
          we_d[ch]     = req_we_i[sel];
          addr_d[ch]   = data_base_i + DATA_AW'(req_addr_i[sel]);
          wdata_d[ch]  = req_wdata_i[sel];
          rr_d         = (32'(sel) + 1 >= 32'(NREQ)) ? '0 : RW'(32'(sel) + 1);
        end
      end
    end
    req_ready_o = taken;
  end

  always_comb begin
    dmem_req_valid_o = busy_q;
    dmem_req_we_o    = we_q;
    dmem_req_addr_o  = addr_q;
    dmem_req_wdata_o = wdata_q;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q  <= '0;
      owner_q <= '0;
      we_q    <= '0;
      addr_q  <= '0;
      wdata_q <= '0;
      rr_q    <= '0;
    end else begin
      busy_q  <= busy_d;
      owner_q <= owner_d;
      we_q    <= we_d;
      addr_q  <= addr_d;
      wdata_q <= wdata_d;
      rr_q    <= rr_d;
    end
  end

endmodule
