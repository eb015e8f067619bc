// gpu_sdram_top: simulation wrapper, gpu_top + sdram_ctrl, for running the GPU regression over
// the real SDRAM controller and the C device model (sim/sdram/sdram_dev.c). Not part of rtl/:
// the board top (rtl/board/) makes the same connection for the FPGA.
// The gpu_top memory port is also brought out (mon_*) so the harness monitor can attribute
// every write to its triangle, exactly as with the functional memory model.
// ClockGate is 0 as on the boards (rtl/board/board_top.sv): this build is the board's GPU over
// its SDRAM controller, its SIMT cluster and command processor on the free-running clock.
module gpu_sdram_top #(
  parameter int unsigned TInitPs = 200_000_000,
  parameter bit          ClockGate = 1'b0
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic clk_gate_bypass_i,   // gpu_top's (unused with ClockGate 0)
  input  logic clk_pix_i,
  input  logic spi_sck_i,
  input  logic spi_cs_ni,
  input  logic spi_mosi_i,
  output logic spi_miso_o,
  output logic cmd_full_o,
  output logic cmd_empty_o,
  output logic vsync_o,
  output logic gpu_busy_o,
  output logic irq_o,
  output logic [9:0]  dvi_tmds0_o,
  output logic [9:0]  dvi_tmds1_o,
  output logic [9:0]  dvi_tmds2_o,
  output logic [15:0] disp_underflow_o,
  output logic [9:0]  disp_level_min_o,

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
  input  logic [15:0] sdram_dq_i,
  output logic        init_done_o,

  output logic        mon_valid_o,
  output logic        mon_ready_o,
  output logic        mon_we_o,
  output logic [24:0] mon_addr_o,
  output logic [31:0] mon_wdata_o,
  output logic [3:0]  mon_be_o,
  output logic [15:0] mon_prim_o
);
  logic        req_valid, req_ready, req_we, rsp_valid;
  logic [2:0]  req_id, cli_len, req_len;
  logic [24:0] req_addr;
  logic [31:0] req_wdata, rsp_rdata;
  logic [3:0]  req_be;
  logic [15:0] req_prim;
  logic        cli_valid, cli_ready, cli_we;
  logic [24:0] cli_addr;
  logic [31:0] cli_wdata;
  logic [3:0]  cli_be;

  gpu_top #(.ClockGate (ClockGate)) u_gpu (
    .clk_i (clk_i), .rst_ni (rst_ni), .clk_gate_bypass_i (clk_gate_bypass_i), .clk_pix_i (clk_pix_i),
    .spi_sck_i (spi_sck_i), .spi_cs_ni (spi_cs_ni), .spi_mosi_i (spi_mosi_i), .spi_miso_o (spi_miso_o),
    .cmd_full_o (cmd_full_o), .cmd_empty_o (cmd_empty_o), .vsync_o (vsync_o), .gpu_busy_o (gpu_busy_o), .irq_o (irq_o),
    .dvi_tmds0_o (dvi_tmds0_o), .dvi_tmds1_o (dvi_tmds1_o), .dvi_tmds2_o (dvi_tmds2_o),
    .disp_underflow_o (disp_underflow_o), .disp_level_min_o (disp_level_min_o),
    .mem_req_valid_o (cli_valid), .mem_req_ready_i (cli_ready), .mem_req_addr_o (cli_addr),
    .mem_req_we_o (cli_we), .mem_req_wdata_o (cli_wdata), .mem_req_be_o (cli_be),
    .mem_req_len_o (cli_len), .mem_req_id_o (req_id), .mem_req_prim_o (req_prim),
    .mem_rsp_valid_i (rsp_valid), .mem_rsp_rdata_i (rsp_rdata)
  );

  // the register stage the board has in front of sdram_ctrl (rtl/board/board_top.sv)
  prim_spill_reg #(.Width(1 + 25 + 32 + 4 + 3)) u_mem_reg (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (cli_valid), .ready_o (cli_ready), .data_i ({cli_we, cli_addr, cli_wdata, cli_be, cli_len}),
    .valid_o (req_valid), .ready_i (req_ready), .data_o ({req_we, req_addr, req_wdata, req_be, req_len}),
    .count_o (mem_reg_count)
  );
  logic [1:0] mem_reg_count;
  logic       unused_mem_reg_count;
  assign unused_mem_reg_count = ^mem_reg_count;

  sdram_ctrl #(.CasLatency(2), .TInitPs(TInitPs)) u_sdram (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .mem_req_valid_i (req_valid), .mem_req_ready_o (req_ready), .mem_req_addr_i (req_addr),
    .mem_req_we_i (req_we), .mem_req_wdata_i (req_wdata), .mem_req_be_i (req_be),
    .mem_req_len_i (req_len),
    .mem_rsp_valid_o (rsp_valid), .mem_rsp_rdata_o (rsp_rdata), .init_done_o (init_done_o),
    .sdram_cke_o (sdram_cke_o), .sdram_cs_no (sdram_cs_no), .sdram_ras_no (sdram_ras_no),
    .sdram_cas_no (sdram_cas_no), .sdram_we_no (sdram_we_no), .sdram_ba_o (sdram_ba_o),
    .sdram_a_o (sdram_a_o), .sdram_dqm_o (sdram_dqm_o), .sdram_dq_o (sdram_dq_o),
    .sdram_dq_oe_o (sdram_dq_oe_o), .sdram_dq_i (sdram_dq_i)
  );

  logic unused_id;
  assign unused_id = ^req_id;

  assign mon_valid_o = cli_valid;   // the GPU's own port, where prim belongs to the request
  assign mon_ready_o = cli_ready;
  assign mon_we_o    = cli_we;
  assign mon_addr_o  = cli_addr;
  assign mon_wdata_o = cli_wdata;
  assign mon_be_o    = cli_be;
  assign mon_prim_o  = req_prim;
endmodule
