// simt_top - the SIMT compute cluster of seed 002 (ADDENDUM section 7), standalone top.
//
// What: dispatcher + NUM_CORES cores of THREADS threads + shared instruction cache in front
//   of PROG_CH program-memory channels + data-memory controller in front of DATA_CH
//   data-memory channels. See docs/simt.md for the block diagram and the pipeline.
// Launch port (valid/ready, docs/interfaces.md contract): launch_threads_i (0..255),
//   launch_prog_base_i (program address of PC 0), launch_data_base_i (data address of data
//   address 0); accepted while launch_ready_o is high (cluster idle). done_o: level, low from
//   the launch until the kernel completes (all threads executed RET and all stores are
//   performed), then high until the next launch. busy_o: a kernel is running.
// Memory channels (origin style): request valid/ready; the read data is valid in the
//   transfer cycle. Program: 16-bit words at prog_base + PC. Data: bytes at data_base + addr
//   (widths PROG_AW/DATA_AW, wrapping). Requests hold stable until accepted (registered).
// Latency/throughput: one instruction per core per cycle on instruction-cache hits; see
//   docs/simt.md for measured cycle counts under the origin's memory timing.
// Illegal input: see the submodules (reserved opcodes = NOP, writes to R13..R15 dropped,
//   DIV by zero = 0xFF, PC wraps modulo 256).
// Reset: rst_ni asynchronous active low; idle, caches invalid, done_o low.
module simt_top #(
  parameter int unsigned NUM_CORES = 2,   // cores, 1..16
  parameter int unsigned THREADS   = 4,   // threads per block (blockDim), 1..64
  parameter int unsigned PROG_CH   = 1,   // program-memory channels, 1..8
  parameter int unsigned DATA_CH   = 4,   // data-memory channels, 1..16
  parameter int unsigned IC_LINES  = 32,  // instruction-cache lines, power of 2, 2..128
  parameter int unsigned PROG_AW   = 8,   // program-memory address width, >= 8
  parameter int unsigned DATA_AW   = 8    // data-memory address width, >= 8
) (
  input  logic                               clk_i,
  input  logic                               rst_ni,
  // launch port
  input  logic                               launch_valid_i,
  output logic                               launch_ready_o,
  input  logic [7:0]                         launch_threads_i,
  input  logic [PROG_AW-1:0]                 launch_prog_base_i,
  input  logic [DATA_AW-1:0]                 launch_data_base_i,
  output logic                               busy_o,
  output logic                               done_o,
  // program-memory channels
  output logic [PROG_CH-1:0]                 pmem_req_valid_o,
  output logic [PROG_CH-1:0][PROG_AW-1:0]    pmem_req_addr_o,
  input  logic [PROG_CH-1:0]                 pmem_req_ready_i,
  input  logic [PROG_CH-1:0][15:0]           pmem_rsp_data_i,
  // data-memory channels
  output logic [DATA_CH-1:0]                 dmem_req_valid_o,
  output logic [DATA_CH-1:0]                 dmem_req_we_o,
  output logic [DATA_CH-1:0][DATA_AW-1:0]    dmem_req_addr_o,
  output logic [DATA_CH-1:0][7:0]            dmem_req_wdata_o,
  input  logic [DATA_CH-1:0]                 dmem_req_ready_i,
  input  logic [DATA_CH-1:0][7:0]            dmem_rsp_data_i
);

  localparam int unsigned NREQ = NUM_CORES * THREADS;

  if (NUM_CORES < 1 || NUM_CORES > 16) begin : g_bad_cores
    $error("simt_top: NUM_CORES must be 1..16");
  end

  logic                              start;
  logic [DATA_AW-1:0]                data_base;
  logic [NUM_CORES-1:0]              blk_start, core_idle;
  logic [7:0]                        blk_idx, blk_count;
  logic [NUM_CORES-1:0]              fetch_valid, fetch_hit;
  logic [NUM_CORES-1:0][7:0]         fetch_pc;
  logic [NUM_CORES-1:0][15:0]        fetch_insn;
  logic [NREQ-1:0]                   req_valid, req_we, req_ready, rsp_valid;
  logic [NREQ-1:0][7:0]              req_addr, req_wdata, rsp_data;

  simt_dispatch #(
    .NUM_CORES (NUM_CORES),
    .THREADS   (THREADS),
    .DATA_AW   (DATA_AW)
  ) u_dispatch (
    .clk_i,
    .rst_ni,
    .launch_valid_i,
    .launch_ready_o,
    .launch_threads_i,
    .launch_data_base_i,
    .busy_o,
    .done_o,
    .start_o     (start),
    .data_base_o (data_base),
    .blk_start_o (blk_start),
    .core_idle_i (core_idle),
    .blk_idx_o   (blk_idx),
    .blk_count_o (blk_count)
  );

  for (genvar c = 0; c < NUM_CORES; c++) begin : g_core
    simt_core #(
      .THREADS (THREADS),
      .CORE_ID (c)
    ) u_core (
      .clk_i,
      .rst_ni,
      .blk_start_i     (blk_start[c]),
      .idle_o          (core_idle[c]),
      .blk_idx_i       (blk_idx),
      .blk_count_i     (blk_count),
      .fetch_valid_o   (fetch_valid[c]),
      .fetch_pc_o      (fetch_pc[c]),
      .fetch_hit_i     (fetch_hit[c]),
      .fetch_insn_i    (fetch_insn[c]),
      .lsu_req_valid_o (req_valid[c*THREADS +: THREADS]),
      .lsu_req_we_o    (req_we[c*THREADS +: THREADS]),
      .lsu_req_addr_o  (req_addr[c*THREADS +: THREADS]),
      .lsu_req_wdata_o (req_wdata[c*THREADS +: THREADS]),
      .lsu_req_ready_i (req_ready[c*THREADS +: THREADS]),
      .lsu_rsp_valid_i (rsp_valid[c*THREADS +: THREADS]),
      .lsu_rsp_data_i  (rsp_data[c*THREADS +: THREADS])
    );
  end

  simt_icache #(
    .NUM_CORES (NUM_CORES),
    .PROG_CH   (PROG_CH),
    .IC_LINES  (IC_LINES),
    .PROG_AW   (PROG_AW)
  ) u_icache (
    .clk_i,
    .rst_ni,
    .start_i          (start),
    .prog_base_i      (launch_prog_base_i),
    .run_i            (busy_o),
    .fetch_valid_i    (fetch_valid),
    .fetch_pc_i       (fetch_pc),
    .fetch_hit_o      (fetch_hit),
    .fetch_insn_o     (fetch_insn),
    .pmem_req_valid_o,
    .pmem_req_addr_o,
    .pmem_req_ready_i,
    .pmem_rsp_data_i
  );

  simt_dmem_ctrl #(
    .NREQ    (NREQ),
    .DATA_CH (DATA_CH),
    .DATA_AW (DATA_AW)
  ) u_dmem (
    .clk_i,
    .rst_ni,
    .data_base_i      (data_base),
    .req_valid_i      (req_valid),
    .req_we_i         (req_we),
    .req_addr_i       (req_addr),
    .req_wdata_i      (req_wdata),
    .req_ready_o      (req_ready),
    .rsp_valid_o      (rsp_valid),
    .rsp_data_o       (rsp_data),
    .dmem_req_valid_o,
    .dmem_req_we_o,
    .dmem_req_addr_o,
    .dmem_req_wdata_o,
    .dmem_req_ready_i,
    .dmem_rsp_data_i
  );

endmodule
