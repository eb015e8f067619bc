// tb_memtest: Verilator wrapper (not synthesised): the board's memory test client
// (rtl/board/board_memtest.sv) driving sdram_ctrl, as on the board, over a small window so a
// pass takes a few thousand cycles. The C side (tb_memtest.c) ticks the SDRAM device model.
module tb_memtest (
  input  logic        clk_i,
  input  logic        rst_ni,
  output logic        pass_o,
  output logic        error_o,
  output logic        init_done_o,

  output logic        sdram_cke_o,
  output logic        sdram_cs_no,
  output logic        sdram_ras_no,
  output logic        sdram_cas_no,
  output logic        sdram_we_no,
  output logic [1:0]  sdram_ba_o,
  output logic [12:0] sdram_a_o,
  output logic [1:0]  sdram_dqm_o,
  output logic [15:0] sdram_dq_o,
  output logic        sdram_dq_oe_o,
  input  logic [15:0] sdram_dq_i
);

  logic        req_valid, req_ready, req_we, rsp_valid;
  logic [24:0] req_addr;
  logic [31:0] req_wdata, rsp_rdata;
  logic [3:0]  req_be;

  board_memtest #(.WordsLog2(12)) u_memtest (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .start_i         (init_done_o),
    .mem_req_valid_o (req_valid),
    .mem_req_ready_i (req_ready),
    .mem_req_addr_o  (req_addr),
    .mem_req_we_o    (req_we),
    .mem_req_wdata_o (req_wdata),
    .mem_req_be_o    (req_be),
    .mem_rsp_valid_i (rsp_valid),
    .mem_rsp_rdata_i (rsp_rdata),
    .pass_o          (pass_o),
    .error_o         (error_o)
  );

  sdram_ctrl u_ctrl (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .mem_req_valid_i (req_valid),
    .mem_req_ready_o (req_ready),
    .mem_req_addr_i  (req_addr),
    .mem_req_we_i    (req_we),
    .mem_req_wdata_i (req_wdata),
    .mem_req_be_i    (req_be),
    .mem_req_len_i   ('0),
    .mem_rsp_valid_o (rsp_valid),
    .mem_rsp_rdata_o (rsp_rdata),
    .init_done_o     (init_done_o),
    .sdram_cke_o     (sdram_cke_o),
    .sdram_cs_no     (sdram_cs_no),
    .sdram_ras_no    (sdram_ras_no),
    .sdram_cas_no    (sdram_cas_no),
    .sdram_we_no     (sdram_we_no),
    .sdram_ba_o      (sdram_ba_o),
    .sdram_a_o       (sdram_a_o),
    .sdram_dqm_o     (sdram_dqm_o),
    .sdram_dq_o      (sdram_dq_o),
    .sdram_dq_oe_o   (sdram_dq_oe_o),
    .sdram_dq_i      (sdram_dq_i)
  );

endmodule
