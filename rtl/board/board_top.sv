// board_top: FPGA top of the GPU boards (docs/synth.md), one module for both:
//   ICEpi Zero  Lattice LFE5U-25F-6BG256C, 50 MHz oscillator (RefMhz 50, the default),
//               constraints/icepi_zero.lpf, `make synth`
//   ULX3S       Lattice LFE5U-85F-6BG381C, 25 MHz oscillator (RefMhz 25),
//               constraints/ulx3s.lpf, `make synth-ulx3s`
// Both have a 32 MiB 16-bit SDR SDRAM (ICEpi Zero W9825G6KH; ULX3S the same geometry, or a
// 64 MiB part of which the controller uses the first 32 MiB), a GPDI (DVI) connector, a reset
// button (active low) and LEDs; the host SPI and status GPIOs are on a pin header.
//
// What:       clocks (board_clkgen: core 100 MHz, pixel 25.179 MHz, TMDS shift 125.893 MHz),
//             one reset synchroniser per domain (button and PLL lock, async assert, sync
//             release), the SDRAM controller and its IO (DQ tristate, falling-edge read
//             capture, inverted SDRAM clock from an ODDRX1F), and the DVI serialiser.
//             With `define BOARD_GPU (rtl/board/files.f) the memory client is gpu_top; without
//             it (rtl/board/files_memtest.f, board bring-up) it is board_memtest. The pixel
//             source is board_video_stub until gpu_top has a display (TMDS symbols out).
// Latency:    see sdram_ctrl (one more core cycle on reads is hidden in the falling-edge
//             capture: see docs/sdram.md "IO timing").
// Illegal:    RefMhz other than 25 or 50 (board_clkgen refuses it at elaboration).
// Reset:      btn_rst_ni (active low) or a PLL out of lock resets every domain.
module board_top #(
  parameter int unsigned RefMhz = 50,      // board oscillator: 50 (ICEpi Zero) or 25 (ULX3S)
  // (unused in the bring-up build without BOARD_GPU, which has no gpu_top)
  /* verilator lint_off UNUSEDPARAM */
  parameter int unsigned ShaderCores = 0,  // shader tile cores in the GPU: 0 (ICEpi Zero) or 4 (ULX3S)
  parameter bit          SimtCluster = 1'b0, // the GPU's SIMT cluster and command processor: 0 (the
  parameter bit          CmdProc     = 1'b0  // ICEpi Zero, which the whole GPU does not fit;
                                             // docs/synth.md "ICEpi Zero: a reduced build") or 1 (ULX3S)
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic        clk_ref_i,
  input  logic        btn_rst_ni,

  // Host SPI (mode 0) and status GPIOs on the 40-pin header.
  input  logic        spi_sck_i,
  input  logic        spi_cs_ni,
  input  logic        spi_mosi_i,
  output logic        spi_miso_o,
  output logic        gpio_cmd_full_o,
  output logic        gpio_cmd_empty_o,
  output logic        gpio_vsync_o,

  // SDRAM.
  output logic        sdram_clk_o,
  output logic        sdram_cke_o,
  output logic        sdram_cs_no,
  output logic        sdram_ras_no,
  output logic        sdram_cas_no,
  output logic        sdram_we_no,
  output logic [1:0]  sdram_ba_o,
  output logic [12:0] sdram_a_o,
  output logic [1:0]  sdram_dqm_o,
  inout  wire  [15:0] sdram_dq_io,

  // GPDI (DVI): [0..2] data channels, [3] clock; positive pins (LVCMOS33D pairs).
  output logic [3:0]  gpdi_dp_o,

  output logic [3:0]  led_o
);

  // ---------------------------------------------------------------------------------------
  // Clocks and resets.
  // ---------------------------------------------------------------------------------------
  logic clk_core, clk_pix, clk_shift, locked_core, locked_pix;
  logic rst_core_n, rst_pix_n, rst_shift_n;

  board_clkgen #(.RefMhz (RefMhz)) u_clkgen (
    .clk_ref_i     (clk_ref_i),
    .clk_core_o    (clk_core),
    .clk_pix_o     (clk_pix),
    .clk_shift_o   (clk_shift),
    .locked_core_o (locked_core),
    .locked_pix_o  (locked_pix)
  );

  logic arst_core_n, arst_pix_n;
  assign arst_core_n = btn_rst_ni && locked_core;
  assign arst_pix_n  = btn_rst_ni && locked_pix;

  prim_rst_sync #(.Stages(2)) u_rst_core  (.clk_i(clk_core),  .rst_ni(arst_core_n), .rst_no(rst_core_n));
  prim_rst_sync #(.Stages(2)) u_rst_pix   (.clk_i(clk_pix),   .rst_ni(arst_pix_n),  .rst_no(rst_pix_n));
  prim_rst_sync #(.Stages(2)) u_rst_shift (.clk_i(clk_shift), .rst_ni(arst_pix_n),  .rst_no(rst_shift_n));

  // The core-domain reset reaches about 7,300 flip-flops: on a global clock network (a DCCA
  // in front of it; nextpnr promotes only clocks by itself) instead of fabric routing, which the
  // texture units' build cannot spare (docs/synth.md "Reset on a global network"). Its release
  // is already synchronous to clk_core (u_rst_core), so gpu_top uses it as it is (RstSync = 0).
  logic rst_core_glb_n;
  DCCA u_rst_core_glb (.CLKI (rst_core_n), .CE (1'b1), .CLKO (rst_core_glb_n));

  // ---------------------------------------------------------------------------------------
  // Memory port between the client and the SDRAM controller.
  // ---------------------------------------------------------------------------------------
  logic        mem_req_valid, mem_req_ready, mem_req_we, mem_rsp_valid, init_done;
  logic [24:0] mem_req_addr;
  logic [31:0] mem_req_wdata, mem_rsp_rdata;
  logic [3:0]  mem_req_be;
  logic [2:0]  mem_req_len;
  // the client's request (GPU or memory test) before the register stage in front of sdram_ctrl
  logic        cli_req_valid, cli_req_ready, cli_req_we;
  logic [24:0] cli_req_addr;
  logic [31:0] cli_req_wdata;
  logic [3:0]  cli_req_be;
  logic [2:0]  cli_req_len;       // burst length (docs/interfaces.md); the memory test sends none
  logic [9:0]  pix_tmds0, pix_tmds1, pix_tmds2;
  logic        status_a, status_b;

`ifdef BOARD_GPU
  logic        gpu_busy, gpu_irq;

  // ClockGate 0: the SIMT cluster, command processor, shader tile and texel pipeline on the
  // free-running core clock (a gated clock through fabric logic is poor FPGA practice; docs/architecture.md
  // "Clock gating")
  gpu_top #(.RstSync (1'b0), .ShaderCores (ShaderCores), .SimtCluster (SimtCluster), .CmdProc (CmdProc),
            .ClockGate (1'b0)) u_gpu (
    .clk_i           (clk_core),
    .rst_ni          (rst_core_glb_n),
    .clk_gate_bypass_i (1'b0),
    .clk_pix_i       (clk_pix),
    .spi_sck_i       (spi_sck_i),
    .spi_cs_ni       (spi_cs_ni),
    .spi_mosi_i      (spi_mosi_i),
    .spi_miso_o      (spi_miso_o),
    .cmd_full_o      (gpio_cmd_full_o),
    .cmd_empty_o     (gpio_cmd_empty_o),
    .vsync_o         (gpio_vsync_o),
    .gpu_busy_o      (gpu_busy),
    .irq_o           (gpu_irq),
    .dvi_tmds0_o     (pix_tmds0),
    .dvi_tmds1_o     (pix_tmds1),
    .dvi_tmds2_o     (pix_tmds2),
    .disp_underflow_o (),               // harness debug
    .disp_level_min_o (),
    .mem_req_valid_o (cli_req_valid),
    .mem_req_ready_i (cli_req_ready),
    .mem_req_addr_o  (cli_req_addr),
    .mem_req_we_o    (cli_req_we),
    .mem_req_wdata_o (cli_req_wdata),
    .mem_req_be_o    (cli_req_be),
    .mem_req_len_o   (cli_req_len),
    .mem_req_id_o    (),                // debug sideband, ignored by memory
    .mem_req_prim_o  (),
    .mem_rsp_valid_i (mem_rsp_valid),
    .mem_rsp_rdata_i (mem_rsp_rdata)
  );
  assign status_a = gpu_busy;
  assign status_b = gpu_irq;   // the command processor's interrupt on an LED (docs/command.md)
`else
  logic pix_vsync;

  assign cli_req_len = '0;
  board_memtest #(.WordsLog2(23)) u_memtest (
    .clk_i           (clk_core),
    .rst_ni          (rst_core_glb_n),
    .start_i         (init_done),
    .mem_req_valid_o (cli_req_valid),
    .mem_req_ready_i (cli_req_ready),
    .mem_req_addr_o  (cli_req_addr),
    .mem_req_we_o    (cli_req_we),
    .mem_req_wdata_o (cli_req_wdata),
    .mem_req_be_o    (cli_req_be),
    .mem_rsp_valid_i (mem_rsp_valid),
    .mem_rsp_rdata_i (mem_rsp_rdata),
    .pass_o          (status_a),
    .error_o         (status_b)
  );

  board_video_stub u_video (
    .clk_pix_i   (clk_pix),
    .pix_rst_ni  (rst_pix_n),
    .pix_tmds0_o (pix_tmds0),
    .pix_tmds1_o (pix_tmds1),
    .pix_tmds2_o (pix_tmds2),
    .pix_vsync_o (pix_vsync)
  );

  // No host interface yet: MISO echoes MOSI while selected, FIFO flags idle.
  assign spi_miso_o       = spi_mosi_i && !spi_cs_ni && spi_sck_i;
  assign gpio_cmd_full_o  = 1'b0;
  assign gpio_cmd_empty_o = 1'b1;
  assign gpio_vsync_o     = pix_vsync;
`endif

  // ---------------------------------------------------------------------------------------
  // SDRAM controller and IO.
  // ---------------------------------------------------------------------------------------
  logic [15:0] dq_o, dq_in_d, dq_in_q;
  logic        dq_oe;

  // Register stage between the client and the controller: the controller's same-cycle row
  // compare and queue loads read the request from flops the placer can keep beside it, and the
  // client's port from a spill register anywhere (core clock closure, docs/synth.md). +1 cycle
  // of request latency; one request per cycle as before. gpu_sdram_top (simulation) has the same.
  prim_spill_reg #(.Width(1 + 25 + 32 + 4 + 3)) u_mem_reg (
    .clk_i   (clk_core),
    .rst_ni  (rst_core_glb_n),
    .valid_i (cli_req_valid),
    .ready_o (cli_req_ready),
    .data_i  ({cli_req_we, cli_req_addr, cli_req_wdata, cli_req_be, cli_req_len}),
    .valid_o (mem_req_valid),
    .ready_i (mem_req_ready),
    .data_o  ({mem_req_we, mem_req_addr, mem_req_wdata, mem_req_be, mem_req_len}),
    .count_o (mem_reg_count)
  );
  logic [1:0] mem_reg_count;
  logic       unused_mem_reg_count;
  assign unused_mem_reg_count = ^mem_reg_count;

  sdram_ctrl #(
    .CasLatency (2)
  ) u_sdram (
    .clk_i           (clk_core),
    .rst_ni          (rst_core_glb_n),
    .mem_req_valid_i (mem_req_valid),
    .mem_req_ready_o (mem_req_ready),
    .mem_req_addr_i  (mem_req_addr),
    .mem_req_we_i    (mem_req_we),
    .mem_req_wdata_i (mem_req_wdata),
    .mem_req_be_i    (mem_req_be),
    .mem_req_len_i   (mem_req_len),
    .mem_rsp_valid_o (mem_rsp_valid),
    .mem_rsp_rdata_o (mem_rsp_rdata),
    .init_done_o     (init_done),
    .sdram_cke_o     (sdram_cke_o),
    .sdram_cs_no     (sdram_cs_no),
    .sdram_ras_no    (sdram_ras_no),
    .sdram_cas_no    (sdram_cas_no),
    .sdram_we_no     (sdram_we_no),
    .sdram_ba_o      (sdram_ba_o),
    .sdram_a_o       (sdram_a_o),
    .sdram_dqm_o     (sdram_dqm_o),
    .sdram_dq_o      (dq_o),
    .sdram_dq_oe_o   (dq_oe),
    .sdram_dq_i      (dq_in_q)
  );

  // DQ tristate (inferred: Yosys maps it to the IO buffer's T input).
  assign sdram_dq_io = dq_oe ? dq_o : 16'bz;

  // Read capture on the falling edge of the core clock: the SDRAM clock is inverted, so read
  // data is valid around the core clock's falling edge (docs/sdram.md "IO timing").
  assign dq_in_d = sdram_dq_io;
  always_ff @(negedge clk_core) begin
    dq_in_q <= dq_in_d;
  end

  // SDRAM clock = inverted core clock: the SDRAM samples commands mid-cycle.
  ODDRX1F u_sdram_clk (
    .D0   (1'b0),
    .D1   (1'b1),
    .SCLK (clk_core),
    .RST  (1'b0),
    .Q    (sdram_clk_o)
  );

  // ---------------------------------------------------------------------------------------
  // DVI.
  // ---------------------------------------------------------------------------------------
  board_dvi_phy u_dvi (
    .clk_pix_i    (clk_pix),
    .pix_rst_ni   (rst_pix_n),
    .pix_tmds0_i  (pix_tmds0),
    .pix_tmds1_i  (pix_tmds1),
    .pix_tmds2_i  (pix_tmds2),
    .clk_shift_i  (clk_shift),
    .shift_rst_ni (rst_shift_n),
    .tmds_o       (gpdi_dp_o)
  );

  // LEDs: PLLs locked, SDRAM initialised, memtest pass heartbeat / GPU busy, memtest error.
  assign led_o = {status_b, status_a, init_done, locked_core && locked_pix};

endmodule
