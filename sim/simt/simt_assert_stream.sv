// simt_assert_stream - simulation-only valid/ready assertions for the SIMT RTL, bound from the
// testbench (nothing of this is in rtl/; checked in every Verilated run, which uses --assert):
// every producer (thread LSU requests, program and data channels) holds valid and its payload
// until the transfer (docs/interfaces.md). Reset behaviour of the outputs is checked by the C
// testbench (simt_tb.c, tb_reset).

module simt_assert_stream #(
  parameter int unsigned N  = 1,   // links
  parameter int unsigned Pw = 1    // payload bits per link
) (
  input logic               clk_i,
  input logic               rst_ni,
  input logic [N-1:0]       valid,
  input logic [N-1:0]       ready,
  input logic [N*Pw-1:0]    payload
);
  for (genvar i = 0; i < N; i++) begin : g_link
    a_hold: assert property (@(posedge clk_i) disable iff (!rst_ni)
                             (valid[i] && !ready[i]) |=> (valid[i] &&
                             $stable(payload[i*Pw +: Pw])))
      else $error("valid/ready: link %0d dropped or changed a pending request", i);
  end
endmodule

bind simt_lsu simt_assert_stream #(.N(1), .Pw(17)) u_assert_req (
  .clk_i   (clk_i),
  .rst_ni  (rst_ni),
  .valid   (req_valid_o),
  .ready   (req_ready_i),
  .payload ({req_we_o, req_addr_o, req_wdata_o})
);

bind simt_icache simt_assert_stream #(.N(ProgCh), .Pw(ProgAw)) u_assert_pmem (
  .clk_i   (clk_i),
  .rst_ni  (rst_ni),
  .valid   (pmem_req_valid_o),
  .ready   (pmem_req_ready_i),
  .payload (pmem_req_addr_o)
);

bind simt_dmem_ctrl simt_assert_stream #(.N(DataCh), .Pw(DataAw)) u_assert_dmem_addr (
  .clk_i   (clk_i),
  .rst_ni  (rst_ni),
  .valid   (dmem_req_valid_o),
  .ready   (dmem_req_ready_i),
  .payload (dmem_req_addr_o)
);

bind simt_dmem_ctrl simt_assert_stream #(.N(DataCh), .Pw(1)) u_assert_dmem_we (
  .clk_i   (clk_i),
  .rst_ni  (rst_ni),
  .valid   (dmem_req_valid_o),
  .ready   (dmem_req_ready_i),
  .payload (dmem_req_we_o)
);

bind simt_dmem_ctrl simt_assert_stream #(.N(DataCh), .Pw(8)) u_assert_dmem_wdata (
  .clk_i   (clk_i),
  .rst_ni  (rst_ni),
  .valid   (dmem_req_valid_o),
  .ready   (dmem_req_ready_i),
  .payload (dmem_req_wdata_o)
);
