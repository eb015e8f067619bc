// mem_arbiter: N request/response clients onto one memory port (docs/interfaces.md).
//
// Grant: round robin among requesting clients; the grant is locked while the external port
// shows a request that has not been accepted, so the payload never changes under valid.
// Requests pass through combinationally (no buffering), so requests reach memory in the order
// the arbiter accepts them, whatever the client: a read accepted after a write sees it.
// Responses: a FIFO of client indices (one entry per outstanding read, MaxReads deep) routes
// each read response back to its client, in order. Reads stall while the FIFO is full.
// Clients should not depend on mem_req_ready for their valid (contract), and neither does
// this module.
module mem_arbiter #(
  parameter int unsigned N        = 2,
  parameter int unsigned MaxReads = 8
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

  logic [IW-1:0] last_q, last_d, grant;
  logic          lock_q, lock_d;
  logic [IW-1:0] lock_id_q, lock_id_d;
  logic          any_req, fifo_wready, fifo_rvalid, accept;
  logic [IW-1:0] fifo_rdata;
  logic [$clog2(MaxReads+1)-1:0] fifo_count;

  // round robin: first requesting client after the last granted one
  always_comb begin
    grant = last_q;
    any_req = |c_req_valid_i;
    for (int i = int'(N); i >= 1; i--) begin
      logic [IW:0] c;
      c = {1'b0, last_q} + (IW+1)'(i);
      if (c >= (IW+1)'(N)) c = c - (IW+1)'(N);
      if (c_req_valid_i[c[IW-1:0]]) grant = c[IW-1:0];
    end
    if (lock_q) grant = lock_id_q;
  end

  assign mem_req_valid_o = any_req && (c_req_we_i[grant] || fifo_wready);
  assign mem_req_addr_o  = c_req_addr_i[grant];
  assign mem_req_we_o    = c_req_we_i[grant];
  assign mem_req_wdata_o = c_req_wdata_i[grant];
  assign mem_req_be_o    = c_req_be_i[grant];
  assign mem_req_id_o    = grant;
  assign mem_req_prim_o  = c_req_prim_i[grant];
  assign accept = mem_req_valid_o && mem_req_ready_i;

  always_comb begin
    c_req_ready_o = '0;
    c_req_ready_o[grant] = accept;
    last_d = accept ? grant : last_q;
    lock_d = mem_req_valid_o && !mem_req_ready_i;
    lock_id_d = grant;
  end

  prim_fifo #(.Width(IW), .Depth(MaxReads)) u_rsp_route (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (accept && !mem_req_we_o),
    .wready_o (fifo_wready),
    .wdata_i  (grant),
    .rvalid_o (fifo_rvalid),
    .rready_i (mem_rsp_valid_i),
    .rdata_o  (fifo_rdata),
    .count_o  (fifo_count)
  );

  always_comb begin
    c_rsp_valid_o = '0;
    c_rsp_valid_o[fifo_rdata] = mem_rsp_valid_i && fifo_rvalid;
  end
  assign c_rsp_rdata_o = mem_rsp_rdata_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_q    <= '0;
      lock_q    <= 1'b0;
      lock_id_q <= '0;
    end else begin
      last_q    <= last_d;
      lock_q    <= lock_d;
      lock_id_q <= lock_id_d;
    end
  end

  assign busy_o = any_req || (fifo_count != '0);
endmodule
