// simt_mem_top - the SIMT cluster with one GPU memory client port: simt_top + simt_mem_bridge.
// This is the top for gpu_top integration (a mem_arbiter client plus the launch port).
//
// What: program and data live in the proposed GPU-memory window (docs/simt.md): program word a
//   at byte ProgWin + 2*a, data byte a at DataWin + a; the launch bases are offsets inside
//   those windows (instructions / bytes).
// Spec: seed 002 / ADDENDUM 7 on the project memory port (docs/interfaces.md).
// Launch port, done_o, busy_o: as simt_top. Memory port: mem_* client (valid/ready request,
//   one response per read, in order); the bridge keeps up to MaxReads reads in flight.
// Latency/throughput: see simt_top and simt_mem_bridge; a channel access costs the memory
//   latency + 2 cycles, one request per cycle can be in progress.
// Illegal input: as simt_top.
// Reset: rst_ni asynchronous active low; idle, done_o low, no memory request.
module simt_mem_top #(
  parameter int unsigned NumCores = 2,
  parameter int unsigned Threads   = 4,
  parameter int unsigned ProgCh   = 1,
  parameter int unsigned DataCh   = 4,
  parameter int unsigned IcLines  = 32,
  parameter int unsigned ProgAw   = 14,
  parameter int unsigned DataAw   = 15,
  parameter int unsigned MemAw    = 25,
  parameter int unsigned MaxReads = 4,    // bridge: reads in flight on the memory port
  parameter logic [MemAw-1:0] ProgWin = 25'h1FF0000,
  parameter logic [MemAw-1:0] DataWin = 25'h1FF8000
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // launch port
  input  logic                  abort_i,          // stop the running kernel (simt_top)
  input  logic                  launch_valid_i,
  output logic                  launch_ready_o,
  input  logic [7:0]            launch_threads_i,
  input  logic [ProgAw-1:0]    launch_prog_base_i,
  input  logic [DataAw-1:0]    launch_data_base_i,
  output logic                  busy_o,
  output logic                  done_o,
  // GPU memory client port
  output logic                  mem_req_valid_o,
  input  logic                  mem_req_ready_i,
  output logic [MemAw-1:0]     mem_req_addr_o,
  output logic                  mem_req_we_o,
  output logic [31:0]           mem_req_wdata_o,
  output logic [3:0]            mem_req_be_o,
  input  logic                  mem_rsp_valid_i,
  input  logic [31:0]           mem_rsp_rdata_i
);

  logic [ProgCh-1:0]               pmem_valid, pmem_ready;
  logic [ProgCh-1:0][ProgAw-1:0]  pmem_addr;
  logic [ProgCh-1:0][15:0]         pmem_data;
  logic [DataCh-1:0]               dmem_valid, dmem_we, dmem_ready;
  logic [DataCh-1:0][DataAw-1:0]  dmem_addr;
  logic [DataCh-1:0][7:0]          dmem_wdata, dmem_rdata;

  simt_top #(
    .NumCores (NumCores),
    .Threads   (Threads),
    .ProgCh   (ProgCh),
    .DataCh   (DataCh),
    .IcLines  (IcLines),
    .ProgAw   (ProgAw),
    .DataAw   (DataAw)
  ) u_cluster (
    .clk_i,
    .rst_ni,
    .abort_i,
    .launch_valid_i,
    .launch_ready_o,
    .launch_threads_i,
    .launch_prog_base_i,
    .launch_data_base_i,
    .busy_o,
    .done_o,
    .pmem_req_valid_o (pmem_valid),
    .pmem_req_addr_o  (pmem_addr),
    .pmem_req_ready_i (pmem_ready),
    .pmem_rsp_data_i  (pmem_data),
    .dmem_req_valid_o (dmem_valid),
    .dmem_req_we_o    (dmem_we),
    .dmem_req_addr_o  (dmem_addr),
    .dmem_req_wdata_o (dmem_wdata),
    .dmem_req_ready_i (dmem_ready),
    .dmem_rsp_data_i  (dmem_rdata)
  );

  simt_mem_bridge #(
    .ProgCh  (ProgCh),
    .DataCh  (DataCh),
    .ProgAw  (ProgAw),
    .DataAw  (DataAw),
    .MemAw    (MemAw),
    .MaxReads (MaxReads),
    .ProgWin (ProgWin),
    .DataWin (DataWin)
  ) u_bridge (
    .clk_i,
    .rst_ni,
    .pmem_req_valid_i (pmem_valid),
    .pmem_req_addr_i  (pmem_addr),
    .pmem_req_ready_o (pmem_ready),
    .pmem_rsp_data_o  (pmem_data),
    .dmem_req_valid_i (dmem_valid),
    .dmem_req_we_i    (dmem_we),
    .dmem_req_addr_i  (dmem_addr),
    .dmem_req_wdata_i (dmem_wdata),
    .dmem_req_ready_o (dmem_ready),
    .dmem_rsp_data_o  (dmem_rdata),
    .mem_req_valid_o,
    .mem_req_ready_i,
    .mem_req_addr_o,
    .mem_req_we_o,
    .mem_req_wdata_o,
    .mem_req_be_o,
    .mem_rsp_valid_i,
    .mem_rsp_rdata_i
  );

endmodule
