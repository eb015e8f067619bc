// mem_arbiter: N request/response clients onto one memory port (docs/interfaces.md).
//
// Grant: priority classes, round robin inside a class. Each client belongs to one class
// (ClassOf, 0 = lowest); the highest class with a request wins and picks round robin among its
// requesters (one prim_arb_rr per class). The real-time class (scanout, issue 13) will sit
// above the rest; today the depth stage's reads, which a fragment waits for, sit above the
// posted colour writes. A class can starve the ones below it only while it keeps requesting
// every cycle, which no client does (each waits for its own responses or its upstream).
// The granted request enters a
// spill register (prim_spill_reg) that drives the external port from flops, so no client
// logic and no grant logic sits in the same cycle as the memory device's accept logic
// (timing: docs/synth.md). Requests leave in the order the arbiter accepted
// them, whatever the client: a read accepted after a write sees it.
// Responses: a FIFO of client indices (one entry per outstanding read, MaxReads deep, counted
// from acceptance) routes each read response back to its client, in order. Reads stall while
// the FIFO is full. The response is registered once here (rsp_valid_q / rsp_data_q).
// Latency: request +1 cycle (spill register), response +1 cycle. Throughput: 1 request/cycle.
// Clients should not depend on mem_req_ready for their valid (contract), and neither does
// this module.
module mem_arbiter #(
  parameter int unsigned N        = 2,
  parameter int unsigned MaxReads = 8,
  parameter int unsigned Classes  = 1,              // priority classes, 1..4
  parameter logic [2*N-1:0] ClassOf = '0            // class of client c in [2c+1:2c], 0 = lowest
) (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic [N-1:0]                       c_req_valid_i,
  output logic [N-1:0]                       c_req_ready_o,
  input  logic [N-1:0][gpu_pkg::MEM_AW-1:0]  c_req_addr_i,
  input  logic [N-1:0]                       c_req_we_i,
  input  logic [N-1:0][31:0]                 c_req_wdata_i,
  input  logic [N-1:0][3:0]                  c_req_be_i,
  input  logic [N-1:0][gpu_pkg::PRIM_W-1:0]  c_req_prim_i,
  output logic [N-1:0]                       c_rsp_valid_o,
  output logic [31:0]                        c_rsp_rdata_o,   // shared by all clients

  output logic                       mem_req_valid_o,
  input  logic                       mem_req_ready_i,
  output logic [gpu_pkg::MEM_AW-1:0] mem_req_addr_o,
  output logic                       mem_req_we_o,
  output logic [31:0]                mem_req_wdata_o,
  output logic [3:0]                 mem_req_be_o,
  output logic [$clog2(N)-1:0]       mem_req_id_o,
  output logic [gpu_pkg::PRIM_W-1:0] mem_req_prim_o,
  input  logic                       mem_rsp_valid_i,
  input  logic [31:0]                mem_rsp_rdata_i,

  output logic                       busy_o
);
  localparam int unsigned IW = (N > 1) ? $clog2(N) : 1;
  if (N < 2) begin : g_bad_n
    $error("mem_arbiter: N must be >= 2");
  end
  if (Classes < 1 || Classes > 4) begin : g_bad_classes
    $error("mem_arbiter: Classes must be 1..4");
  end

  // request payload as it enters the spill register
  typedef struct packed {
    logic [gpu_pkg::MEM_AW-1:0] addr;
    logic                       we;
    logic [31:0]                wdata;
    logic [3:0]                 be;
    logic [IW-1:0]              id;
    logic [gpu_pkg::PRIM_W-1:0] prim;
  } req_t;

  logic [IW-1:0] grant;
  logic [N-1:0]  grant_oh;
  logic          any_req, fifo_wready, fifo_rvalid, accept, out_ready;
  logic [1:0]    out_count;
  logic [IW-1:0] fifo_rdata;
  logic [$clog2(MaxReads+1)-1:0] fifo_count;
  req_t          in_req, out_req;
  logic          rsp_valid_q;
  logic [31:0]   rsp_data_q;

  // one round robin per class (prim_arb_rr: first requester after the last accepted one),
  // then the highest class with a request
  logic [Classes-1:0][N-1:0]  cls_gnt;
  logic [Classes-1:0][IW-1:0] cls_idx;
  logic [Classes-1:0]         cls_any;
  logic [$clog2(Classes+1)-1:0] cls_sel;
  for (genvar k = 0; k < Classes; k++) begin : g_class
    logic [N-1:0] member;
    for (genvar c = 0; c < N; c++) begin : g_member
      assign member[c] = (32'(ClassOf[2*c +: 2]) == k);
    end
    prim_arb_rr #(.N(N)) u_rr (
      .clk_i     (clk_i),
      .rst_ni    (rst_ni),
      .req_i     (c_req_valid_i & member),
      .advance_i (accept && 32'(cls_sel) == k),
      .gnt_o     (cls_gnt[k]),
      .idx_o     (cls_idx[k]),
      .valid_o   (cls_any[k])
    );
  end
  always_comb begin
    cls_sel = '0;
    for (int k = 0; k < Classes; k++) begin
      if (cls_any[k]) cls_sel = ($clog2(Classes+1))'(k);
    end
    grant    = cls_idx[cls_sel];
    grant_oh = cls_gnt[cls_sel];
    any_req  = |cls_any;
  end

  always_comb begin
    in_req.addr  = c_req_addr_i[grant];
    in_req.we    = c_req_we_i[grant];
    in_req.wdata = c_req_wdata_i[grant];
    in_req.be    = c_req_be_i[grant];
    in_req.id    = grant;
    in_req.prim  = c_req_prim_i[grant];
    // a read needs a free slot in the response route
    accept = any_req && out_ready && (in_req.we || fifo_wready);
    c_req_ready_o = grant_oh & {N{accept}};
  end

  prim_spill_reg #(.Width($bits(in_req))) u_req_reg (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (accept),
    .ready_o (out_ready),
    .data_i  (in_req),
    .valid_o (mem_req_valid_o),
    .ready_i (mem_req_ready_i),
    .data_o  (out_req),
    .count_o (out_count)
  );

  assign mem_req_addr_o  = out_req.addr;
  assign mem_req_we_o    = out_req.we;
  assign mem_req_wdata_o = out_req.wdata;
  assign mem_req_be_o    = out_req.be;
  assign mem_req_id_o    = out_req.id;
  assign mem_req_prim_o  = out_req.prim;

  prim_fifo #(.Width(IW), .Depth(MaxReads)) u_rsp_route (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (accept && !in_req.we),
    .wready_o (fifo_wready),
    .wdata_i  (grant),
    .rvalid_o (fifo_rvalid),
    .rready_i (rsp_valid_q),
    .rdata_o  (fifo_rdata),
    .count_o  (fifo_count)
  );

  always_comb begin
    c_rsp_valid_o = '0;
    c_rsp_valid_o[fifo_rdata] = rsp_valid_q && fifo_rvalid;
  end
  assign c_rsp_rdata_o = rsp_data_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rsp_valid_q <= 1'b0;
    end else begin
      rsp_valid_q <= mem_rsp_valid_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (mem_rsp_valid_i) rsp_data_q <= mem_rsp_rdata_i;
  end

  assign busy_o = any_req || (out_count != 2'd0) || (fifo_count != '0);
endmodule
