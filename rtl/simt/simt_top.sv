// simt_top - the SIMT compute cluster of seed 002 (ADDENDUM section 7), standalone top.
//
// What: dispatcher + NumCores cores of Threads threads + shared instruction cache in front
//   of ProgCh program-memory channels + data-memory controller in front of DataCh
//   data-memory channels. See docs/simt.md for the block diagram and the pipeline.
// Launch port (valid/ready, docs/interfaces.md contract): launch_threads_i (0..255),
//   launch_prog_base_i (program address of PC 0), launch_data_base_i (data address of data
//   address 0); accepted while launch_ready_o is high (cluster idle). done_o: level, low from
//   the launch until the kernel completes (all threads executed RET and all stores are
//   performed), then high until the next launch. busy_o: a kernel is running. abort_i (a
//   level, held until busy_o falls): no further block starts and each running block ends at
//   its next instruction boundary (docs/command.md "Compute").
// Memory channels (origin style): request valid/ready; the read data is valid in the
//   transfer cycle. Program: 16-bit words at prog_base + PC. Data: bytes at data_base + addr
//   (widths ProgAw/DataAw, wrapping). Requests hold stable until accepted (registered).
// Latency/throughput: one instruction per core per cycle on instruction-cache hits; see
//   docs/simt.md for measured cycle counts under the origin's memory timing.
// Illegal input: see the submodules (reserved opcodes = NOP, writes to R13..R15 dropped,
//   DIV by zero = 0xFF, PC wraps modulo 256).
// Reset: rst_ni asynchronous active low; idle, caches invalid, done_o low.
module simt_top #(
  parameter int unsigned NumCores = 2,   // cores, 1..16
  parameter int unsigned Threads   = 4,   // threads per block (blockDim), 1..64
  parameter int unsigned ProgCh   = 1,   // program-memory channels, 1..8
  parameter int unsigned DataCh   = 4,   // data-memory channels, 1..16
  parameter int unsigned IcLines  = 32,  // instruction-cache lines, power of 2, 2..128
  parameter int unsigned ProgAw   = 8,   // program-memory address width, >= 8
  parameter int unsigned DataAw   = 8    // data-memory address width, >= 8
) (
  input  logic                               clk_i,
  input  logic                               rst_ni,
  // launch port
  input  logic                               abort_i,        // stop the running kernel (level)
  input  logic                               launch_valid_i,
  output logic                               launch_ready_o,
  input  logic [7:0]                         launch_threads_i,
  input  logic [ProgAw-1:0]                 launch_prog_base_i,
  input  logic [DataAw-1:0]                 launch_data_base_i,
  output logic                               busy_o,
  output logic                               done_o,
  // program-memory channels
  output logic [ProgCh-1:0]                 pmem_req_valid_o,
  output logic [ProgCh-1:0][ProgAw-1:0]    pmem_req_addr_o,
  input  logic [ProgCh-1:0]                 pmem_req_ready_i,
  input  logic [ProgCh-1:0][15:0]           pmem_rsp_data_i,
  // data-memory channels
  output logic [DataCh-1:0]                 dmem_req_valid_o,
  output logic [DataCh-1:0]                 dmem_req_we_o,
  output logic [DataCh-1:0][DataAw-1:0]    dmem_req_addr_o,
  output logic [DataCh-1:0][7:0]            dmem_req_wdata_o,
  input  logic [DataCh-1:0]                 dmem_req_ready_i,
  input  logic [DataCh-1:0][7:0]            dmem_rsp_data_i
);

  localparam int unsigned Nreq = NumCores * Threads;

  if (NumCores < 1 || NumCores > 16) begin : g_bad_cores
    $error("simt_top: NumCores must be 1..16");
  end

  logic                              start;
  logic [DataAw-1:0]                data_base;
  logic [NumCores-1:0]              blk_start, core_idle;
  logic [7:0]                        blk_idx, blk_count;
  logic [NumCores-1:0]              fetch_valid, fetch_hit;
  logic [NumCores-1:0][7:0]         fetch_pc;
  logic [NumCores-1:0][15:0]        fetch_insn;
  logic [Nreq-1:0]                   req_valid, req_we, req_ready, rsp_valid;
  logic [Nreq-1:0][7:0]              req_addr, req_wdata, rsp_data;

  simt_dispatch #(
    .NumCores (NumCores),
    .Threads   (Threads),
    .DataAw   (DataAw)
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
    .blk_count_o (blk_count),
    .abort_i
  );

  for (genvar c = 0; c < NumCores; c++) begin : g_core
    simt_core #(
      .Threads (Threads),
      .CoreId (c)
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
      .lsu_req_valid_o (req_valid[c*Threads +: Threads]),
      .lsu_req_we_o    (req_we[c*Threads +: Threads]),
      .lsu_req_addr_o  (req_addr[c*Threads +: Threads]),
      .lsu_req_wdata_o (req_wdata[c*Threads +: Threads]),
      .lsu_req_ready_i (req_ready[c*Threads +: Threads]),
      .lsu_rsp_valid_i (rsp_valid[c*Threads +: Threads]),
      .lsu_rsp_data_i  (rsp_data[c*Threads +: Threads]),
      .abort_i
    );
  end

  simt_icache #(
    .NumCores (NumCores),
    .ProgCh   (ProgCh),
    .IcLines  (IcLines),
    .ProgAw   (ProgAw)
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
    .Nreq    (Nreq),
    .DataCh (DataCh),
    .DataAw (DataAw)
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
