// mem_arbiter: N request/response clients onto one memory port (docs/interfaces.md "Memory
// port"). Requests and responses are the typed records gpu_pkg::mem_req_t / mem_rsp_t.
//
// Grant: priority classes, round robin inside a class. Each client belongs to one class
// (ClassOf, 0 = lowest); the highest class with a request wins and picks round robin among its
// requesters (one prim_arb_rr per class). The real-time class (scanout, issue 13) will sit
// above the rest; today the depth stage's reads, which a fragment waits for, sit above the
// posted colour writes. A class can starve the ones below it only while it keeps requesting
// every cycle, which no client does (each waits for its own responses or its upstream).
// Bursts: a read with len = n-1 is one request and returns n responses (mem_rsp_t.last on the
// n-th). A write burst is n requests of one client with len = n-1, n-2, ..., 0: once its
// first beat is accepted the grant stays locked on that client until the beat with len = 0,
// so no other request enters between the beats (the client must send them without waiting
// for anything else). Client locks (c_lock_i, for read-modify-write atomics, docs/shader.md
// D17): a client raises its lock in the cycle after one of its requests was accepted (from a
// flip-flop set by that accept) and lowers it in the cycle after its last locked request was
// accepted; while a lock is high only that client is granted, so no other client's request
// reaches the memory between its locked requests. Two locks high at once is illegal input
// (both clients are then granted in turn, each still in order). The beats of a read burst
// are addressed inside one aligned 32-byte block
// (docs/interfaces.md); the memory device does that, the arbiter only counts responses.
// The granted request enters a spill register (prim_spill_reg) that drives the external port
// from flops, so no client logic and no grant logic sits in the same cycle as the memory
// device's accept logic (timing: docs/synth.md). Requests leave in the order the arbiter
// accepted them, whatever the client: a read accepted after a write sees it. The arbiter
// writes the client's index into mem_req_t.tag (clients drive 0).
// Responses: a FIFO of {client, len} (one entry per outstanding read request, MaxReads deep,
// counted from acceptance) routes each read response back to its client, in order, counting
// the beats of a burst. Requests (writes too: timing) stall while the FIFO is full. The response is registered once
// here (rsp_valid_q / rsp_data_q).
// Input registers (InReg, per client): a client whose bit is set reaches the grant through a
// prim_spill_reg of its own, so its valid, payload and ready are flip-flops on the arbiter's
// side and no path runs from one unit's logic through the grant into another unit's logic in
// one cycle (on a large die the clients sit far apart: docs/synth.md "ULX3S"). Everything
// said here about acceptance, order, bursts, locks and classes holds at the grant, behind the
// input registers: c_acc_o[c] pulses when client c's request is accepted there (the client's
// own ready means only "taken into the input register"), and a client that tracks the order
// of its requests against another client's, or that locks, counts c_acc_o. busy_o covers
// requests waiting in the input registers.
// Latency: request +1 cycle (spill register; +1 more through an input register), response +1
// cycle (+1 more with RspReg, which registers the routed response: valid per client, data and
// last). A client in RspRaw gets its valid before that register (c_rsp_valid_o[c], with the data
// on c_rsp_raw_o) and registers the response itself, one register as for the others: tmu_pixel,
// whose register is on the texture back end's gated clock. Throughput: 1 request/cycle, also
// through an input register.
// Clients should not depend on mem_req_ready for their valid (contract), and neither does
// this module.
// Illegal input: a response with no read outstanding is dropped (no client sees it).
module mem_arbiter #(
  parameter int unsigned N        = 2,
  parameter int unsigned MaxReads = 8,
  parameter int unsigned Classes  = 1,              // priority classes, 1..4
  parameter logic [2*N-1:0] ClassOf = '0,           // class of client c in [2c+1:2c], 0 = lowest
  parameter logic [N-1:0]   InReg   = '0,           // clients with an input register (above)
  parameter bit             RspReg  = 1'b0,         // responses through one more register (above)
  parameter logic [N-1:0]   RspRaw  = '0            // with RspReg: clients that take the response
                                                    // before that register (c_rsp_raw_o; above)
) (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic [N-1:0]              c_req_valid_i,
  output logic [N-1:0]              c_req_ready_o,
  input  logic [N-1:0][gpu_pkg::MEM_REQ_W-1:0] c_req_i,   // mem_req_t per client, flat (gpu_pkg)
  input  logic [N-1:0]              c_lock_i,       // client locks (header); '0 when unused
  output logic [N-1:0]              c_acc_o,        // client c's request accepted at the grant
  output logic [N-1:0]              c_rsp_valid_o,
  output gpu_pkg::mem_rsp_t         c_rsp_o,        // shared by all clients
  output gpu_pkg::mem_rsp_t         c_rsp_raw_o,    // the same before RspReg's register (RspRaw clients)

  output logic                      mem_req_valid_o,
  input  logic                      mem_req_ready_i,
  output gpu_pkg::mem_req_t         mem_req_o,
  input  logic                      mem_rsp_valid_i,
  input  logic [31:0]               mem_rsp_rdata_i,

  output logic                      busy_o
);
  localparam int unsigned Iw   = (N > 1) ? $clog2(N) : 1;
  localparam int unsigned LenW = gpu_pkg::MEM_LEN_W;
  if (N < 2 || N > (1 << gpu_pkg::MEM_TAG_W)) begin : g_bad_n
    $error("mem_arbiter: N must be 2..2^MEM_TAG_W");
  end
  if ($bits(mem_req_o) != gpu_pkg::MEM_REQ_W) begin : g_bad_width
    $error("mem_arbiter: gpu_pkg::MEM_REQ_W does not match mem_req_t");
  end
  if (Classes < 1 || Classes > 4) begin : g_bad_classes
    $error("mem_arbiter: Classes must be 1..4");
  end

  typedef struct packed {
    logic [Iw-1:0]   id;
    logic [LenW-1:0] len;
  } route_t;

  logic [Iw-1:0]     grant, cls_grant;
  logic [N-1:0]      grant_oh, cls_grant_oh;
  logic              any_req, cls_any_req, fifo_wready, fifo_rvalid, accept, out_ready;
  logic [1:0]        out_count;
  route_t            fifo_wdata, fifo_rdata;
  logic [$clog2(MaxReads+1)-1:0] fifo_count;
  gpu_pkg::mem_req_t in_req;
  logic              rsp_valid_q;
  logic [31:0]       rsp_data_q;
  logic [LenW-1:0]   beat_q;                 // beats of the head read already answered
  logic              rsp_last;
  logic              lock_q;                 // inside a write burst: the grant stays on lock_id_q
  logic [Iw-1:0]     lock_id_q;

  // input registers: s_* is what the grant sees of each client
  logic [N-1:0]                          s_valid, s_ready;
  logic [N-1:0][gpu_pkg::MEM_REQ_W-1:0]  s_req;
  logic [N-1:0][1:0]                     in_count;
  for (genvar c = 0; c < N; c++) begin : g_in
    if (InReg[c]) begin : g_reg
      prim_spill_reg #(.Width(gpu_pkg::MEM_REQ_W)) u_in_reg (
        .clk_i   (clk_i),
        .rst_ni  (rst_ni),
        .valid_i (c_req_valid_i[c]),
        .ready_o (c_req_ready_o[c]),
        .data_i  (c_req_i[c]),
        .valid_o (s_valid[c]),
        .ready_i (s_ready[c]),
        .data_o  (s_req[c]),
        .count_o (in_count[c])
      );
    end else begin : g_wire
      assign s_valid[c]       = c_req_valid_i[c];
      assign s_req[c]         = c_req_i[c];
      assign c_req_ready_o[c] = s_ready[c];
      assign in_count[c]      = 2'd0;
    end
  end
  assign c_acc_o = s_ready;   // s_ready is one-hot on the granted client, and only on accept

  // one round robin per class (prim_arb_rr: first requester after the last accepted one),
  // then the highest class with a request
  logic [Classes-1:0][N-1:0]  cls_gnt;
  logic [Classes-1:0][Iw-1:0] cls_idx;
  logic [Classes-1:0]         cls_any;
  logic [$clog2(Classes+1)-1:0] cls_sel;
  // a write burst in progress keeps the grant on its client, and so does a client's lock: the
  // other requests are masked (the mask from flops only, one AND with the valids, merged with
  // the class membership: no multiplexer after the arbiters)
  logic [N-1:0] req_m, allow;
  always_comb begin
    allow = (c_lock_i != '0) ? c_lock_i : '1;
    if (lock_q) begin
      allow = '0;
      allow[lock_id_q] = 1'b1;
    end
    req_m = s_valid & allow;
  end
  for (genvar k = 0; k < Classes; k++) begin : g_class
    logic [N-1:0] member;
    for (genvar c = 0; c < N; c++) begin : g_member
      assign member[c] = (32'(ClassOf[2*c +: 2]) == k);
    end
    prim_arb_rr #(.N(N)) u_rr (
      .clk_i     (clk_i),
      .rst_ni    (rst_ni),
      .req_i     (req_m & member),
      .advance_i (accept && !lock_q && 32'(cls_sel) == k),
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
    cls_grant    = cls_idx[cls_sel];
    cls_grant_oh = cls_gnt[cls_sel];
    cls_any_req  = |cls_any;
  end

  assign grant    = cls_grant;
  assign grant_oh = cls_grant_oh;
  assign any_req  = cls_any_req;

  always_comb begin
    in_req     = gpu_pkg::mem_req_t'(s_req[grant]);
    in_req.tag = gpu_pkg::MEM_TAG_W'(grant);
    // a read needs a free slot in the response route; a write waits for one too, so that the
    // accept does not depend on the granted request's payload (timing: docs/synth.md; the
    // route holds MaxReads reads, which only the jitter memory ever fills)
    accept = any_req && out_ready && fifo_wready;
    s_ready = grant_oh & {N{accept}};
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lock_q    <= 1'b0;
      lock_id_q <= '0;
    end else if (accept && in_req.we) begin
      lock_q    <= (in_req.len != '0);
      lock_id_q <= grant;
    end
  end

  prim_spill_reg #(.Width($bits(in_req))) u_req_reg (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (accept),
    .ready_o (out_ready),
    .data_i  (in_req),
    .valid_o (mem_req_valid_o),
    .ready_i (mem_req_ready_i),
    .data_o  (mem_req_o),
    .count_o (out_count)
  );

  assign fifo_wdata.id  = grant;
  assign fifo_wdata.len = in_req.len;
  assign rsp_last = (beat_q == fifo_rdata.len);
  prim_fifo #(.Width($bits(fifo_wdata)), .Depth(MaxReads)) u_rsp_route (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (accept && !in_req.we),
    .wready_o (fifo_wready),
    .wdata_i  (fifo_wdata),
    .rvalid_o (fifo_rvalid),
    .rready_i (rsp_valid_q && rsp_last),
    .rdata_o  (fifo_rdata),
    .count_o  (fifo_count)
  );

  logic [N-1:0]      rsp_valid;
  gpu_pkg::mem_rsp_t rsp;
  logic              rsp_out_busy;     // a response in the RspReg register
  assign c_rsp_raw_o = rsp;
  always_comb begin
    rsp_valid = '0;
    rsp_valid[fifo_rdata.id] = rsp_valid_q && fifo_rvalid;
    rsp.rdata = rsp_data_q;
    rsp.last  = rsp_last;
  end

  // RspReg: the routed response once more through flip-flops, so that each client's response
  // logic starts at a flip-flop, not at the route FIFO's read and the beat compare
  if (RspReg) begin : g_rsp_reg
    logic [N-1:0]      rsp_valid_o_q;
    gpu_pkg::mem_rsp_t rsp_o_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) rsp_valid_o_q <= '0;
      else         rsp_valid_o_q <= rsp_valid & ~RspRaw;
    end
    always_ff @(posedge clk_i) begin
      if ((rsp_valid & ~RspRaw) != '0) rsp_o_q <= rsp;
    end
    assign c_rsp_valid_o = rsp_valid_o_q | (rsp_valid & RspRaw);
    assign c_rsp_o       = rsp_o_q;
    assign rsp_out_busy  = (rsp_valid_o_q != '0);
  end else begin : g_rsp_wire
    assign c_rsp_valid_o = rsp_valid;
    assign c_rsp_o       = rsp;
    logic unused_rsp_raw;
    assign unused_rsp_raw = ^RspRaw;
    assign rsp_out_busy  = 1'b0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rsp_valid_q <= 1'b0;
      beat_q      <= '0;
    end else begin
      rsp_valid_q <= mem_rsp_valid_i;
      if (rsp_valid_q && fifo_rvalid) beat_q <= rsp_last ? '0 : beat_q + 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (mem_rsp_valid_i) rsp_data_q <= mem_rsp_rdata_i;
  end

  assign busy_o = any_req || (in_count != '0) || rsp_out_busy || lock_q || (c_lock_i != '0) || (out_count != 2'd0) || (fifo_count != '0);
endmodule
