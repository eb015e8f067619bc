// shader_dmem_arb - the shader tile's one port to GPU memory (docs/shader.md D16, D17): the
// cores' data ports, the tile's atomic unit and the instruction cache's refill merged into a
// single client of mem_arbiter (gpu_pkg::mem_req_t / mem_rsp_t, docs/interfaces.md).
//
// Requests: clients 0..NumCores-1 are the cores' data ports, client NumCores the refill.
//   The grant is a register (gnt_q): round robin (prim_arb_rr) among the clients requesting
//   in one cycle, except the one holding the grant, chooses the client the port offers in
//   the next cycle, so the request mux, the route FIFO's write and the ready to the
//   cores are driven by a flip-flop, not by the round robin. The grant is kept while its
//   request waits (port not ready, route FIFO full, atomic in progress: the payload stays
//   steady, the valid/ready contract guarantees the request stays) and, after the first word
//   of a split access (dm_req_more_i, D14), for its second word, so a split access is
//   indivisible; otherwise the pick replaces it, and with no other request the grant stays
//   parked on its client. A request of the parked client is offered at once; any other,
//   arriving at an idle port, one cycle after it appears (the cost of the register), unless
//   the pick already chose that core from its hint (dm_req_hint_i: a memory instruction is in
//   its X stage, so its request may appear in the next cycle; a grant on a core without a
//   request is given up again the cycle after). The port is still a
//   pass-through: a core's request is accepted in the same cycle as the tile's request
//   (dm_req_ready_o[c]: the port would accept core c's request, from registers and the
//   port's ready only; the accept is that AND the core's valid), so the order of the cores'
//   accepts is the order the memory performs them in. Addresses leave as word addresses,
//   tag = 0 (the arbiter writes it), prim = 0; plain accesses have len = 0, the refill len = 7.
// Atomics (D7, D8, D17): a core's atomic is executed here as a locked read-modify-write: its
//   request goes out as a read; once accepted (the core's accept) no other request of the
//   tile is granted until the write of the new value has been accepted (a failing CAS writes
//   nothing and unlocks with the read's response). The old value goes to the core as the
//   response of its request. mem_lock_o is high from the read's accept to the write's: the
//   integration requirement is that mem_arbiter keeps its grant on this client while it is
//   high (as it does inside a write burst), which makes atomics coherent with every other
//   client; without it they are coherent within the tile only.
// Responses: in order; a FIFO of {client, atomic} per outstanding read (accepted reads only,
//   RouteDepth deep; reads wait while it is full) routes each response (a burst: until last)
//   to its client. dm_rsp_rdata_o / fill_rsp_rdata are the port's data, shared.
// Latency: 0 or 1 cycle from a request at an idle port to its offer (registered grant), 0 to
//   responses (combinational routing); back-to-back requests of different clients still go
//   one per cycle.
// Reset: grant parked on client 0, no atomic, no outstanding read.
module shader_dmem_arb #(
  parameter int unsigned NumCores   = 4,
  parameter int unsigned MemAw      = 25,
  parameter int unsigned RouteDepth = 2 * NumCores + 2   // >= 2 * NumCores + 1: never full
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  // cores' data ports
  input  logic [NumCores-1:0]             dm_req_valid_i,
  output logic [NumCores-1:0]             dm_req_ready_o,
  input  logic [NumCores-1:0][MemAw-1:0]  dm_req_addr_i,
  input  logic [NumCores-1:0]             dm_req_we_i,
  input  logic [NumCores-1:0][31:0]       dm_req_wdata_i,
  input  logic [NumCores-1:0][3:0]        dm_req_be_i,
  input  logic [NumCores-1:0]             dm_req_amo_i,
  input  logic [NumCores-1:0][2:0]        dm_req_amo_op_i,
  input  logic [NumCores-1:0][31:0]       dm_req_amo_cmp_i,
  input  logic [NumCores-1:0]             dm_req_more_i,
  input  logic [NumCores-1:0]             dm_req_hint_i,   // core c may request next cycle
  output logic [NumCores-1:0]             dm_rsp_valid_o,
  output logic [31:0]                     dm_rsp_rdata_o,
  // instruction cache refill
  input  logic                            fill_req_valid_i,
  output logic                            fill_req_ready_o,
  input  logic [MemAw-1:0]                fill_req_addr_i,
  output logic                            fill_rsp_valid_o,
  output logic                            fill_rsp_last_o,
  // GPU memory port (a client of mem_arbiter)
  output logic                            mem_req_valid_o,
  input  logic                            mem_req_ready_i,
  output gpu_pkg::mem_req_t               mem_req_o,
  output logic                            mem_lock_o,
  input  logic                            mem_rsp_valid_i,
  input  gpu_pkg::mem_rsp_t               mem_rsp_i,
  output logic                            busy_o
);

  localparam int unsigned NumCl = NumCores + 1;
  localparam int unsigned Iw    = $clog2(NumCl);

  if (NumCores < 1 || NumCores > 16) begin : g_bad_cores
    $error("shader_dmem_arb: NumCores must be 1..16");
  end
  if (RouteDepth < 2 * NumCores + 1) begin : g_bad_depth
    $error("shader_dmem_arb: RouteDepth must be >= 2 * NumCores + 1");
  end
  if (MemAw != gpu_pkg::MEM_AW) begin : g_bad_aw
    $error("shader_dmem_arb: MemAw must be gpu_pkg::MEM_AW");
  end

  typedef enum logic [1:0] {
    AmoIdle,   // no atomic: the port serves the clients
    AmoRead,   // the atomic's read was accepted: wait for the old value, nothing else goes out
    AmoWrite   // the new value's write waits for the port
  } amo_e;

  typedef struct packed {
    logic [Iw-1:0] id;
    logic          amo;
  } route_t;

  amo_e              amo_q, amo_d;
  logic [MemAw-1:0]  amo_addr_q;
  logic [2:0]        amo_op_q;
  logic [31:0]       amo_opd_q, amo_cmp_q, amo_new_q, amo_new_d;
  logic [Iw-1:0]     gnt_q, gnt_d;          // the granted client (offered to the port)
  logic [NumCl-1:0]  gnt_oh_q, gnt_oh_d;    // the same, one-hot (the clients' ready)
  logic              port_free;
  logic              keep;

  logic [NumCl-1:0]  req, req_rr, rr_gnt;
  logic [Iw-1:0]     rr_idx, sel;
  logic              rr_any, any, accept, sel_read, sel_amo, sel_more;
  logic              route_wready, route_rvalid, route_pop;
  route_t            route_wdata, route_rdata;
  logic [$clog2(RouteDepth+1)-1:0] route_count;
  gpu_pkg::mem_req_t req_out;

  assign req = {fill_req_valid_i, dm_req_valid_i};
  // the pick for the next cycle: every requesting client but the granted one (which keeps the
  // grant while it waits or for the second word of a split access, else gives it up)
  always_comb begin
    req_rr = req | {1'b0, dm_req_hint_i};
    for (int c = 0; c < NumCl; c++) begin
      if (32'(gnt_q) == c) begin
        req_rr[c] = 1'b0;
      end
    end
  end

  prim_arb_rr #(.N(NumCl)) u_rr (
    .clk_i,
    .rst_ni,
    .req_i     (req_rr),
    .advance_i (!keep),
    .gnt_o     (rr_gnt),
    .idx_o     (rr_idx),
    .valid_o   (rr_any)
  );

  // the granted client, from the grant register (a request waiting for the port keeps
  // requesting until accepted, so a granted request that was offered stays valid)
  assign sel = gnt_q;
  always_comb begin
    any = 1'b0;
    for (int c = 0; c < NumCl; c++) begin
      if (32'(gnt_q) == c) begin
        any = req[c];
      end
    end
  end

  always_comb begin
    req_out  = '0;
    sel_read = 1'b1;
    sel_amo  = 1'b0;
    sel_more = 1'b0;
    if (amo_q == AmoWrite) begin
      req_out.addr  = amo_addr_q;
      req_out.we    = 1'b1;
      req_out.wdata = amo_new_q;
      req_out.be    = 4'hF;
      sel_read      = 1'b0;
    end else if (32'(sel) == NumCores) begin
      req_out.addr = fill_req_addr_i;  // line-aligned: the burst reads words 0..7 in order
      req_out.len  = 3'd7;
    end else begin
      for (int c = 0; c < NumCores; c++) begin
        if (32'(sel) == c) begin
          req_out.addr  = dm_req_addr_i[c];  // word addresses (shader_lsu)
          req_out.we    = dm_req_we_i[c];
          req_out.wdata = dm_req_wdata_i[c];
          req_out.be    = dm_req_amo_i[c] ? 4'h0 : dm_req_be_i[c];
          sel_amo       = dm_req_amo_i[c];
          sel_more      = dm_req_more_i[c];
        end
      end
      sel_read = !req_out.we;
    end
  end

  // every request waits for a free route entry (writes too: the valid does not depend on the
  // payload); the port is silent while an atomic waits for its old value
  assign mem_req_valid_o = (amo_q == AmoWrite) || (amo_q == AmoIdle && any && route_wready);
  assign mem_req_o       = req_out;
  assign accept          = mem_req_valid_o && mem_req_ready_i;
  assign mem_lock_o      = amo_q != AmoIdle;

  // the ready of each client from the registers and the port's ready only, not from the
  // requests (a client's accept is its own valid AND its ready): the cores' stall logic does
  // not wait for the request mux
  assign port_free        = amo_q == AmoIdle && route_wready && mem_req_ready_i;
  assign dm_req_ready_o   = gnt_oh_q[NumCores-1:0] & {NumCores{port_free}};
  assign fill_req_ready_o = gnt_oh_q[NumCores] && port_free;

  // keep the grant while its request waits, or for the second word of a split access
  assign keep = any && (!(accept && amo_q == AmoIdle) || sel_more);
  // with no other request the grant stays parked on its client: a new request of that client
  // (a core's next access) is offered at once
  assign gnt_d    = (keep || !rr_any) ? gnt_q : rr_idx;
  assign gnt_oh_d = (keep || !rr_any) ? gnt_oh_q : rr_gnt;

  // ---- responses ------------------------------------------------------------------------------
  assign route_wdata.id  = sel;
  assign route_wdata.amo = sel_amo;
  assign route_pop       = mem_rsp_valid_i && route_rvalid && mem_rsp_i.last;

  prim_fifo #(.Width(Iw + 1), .Depth(RouteDepth)) u_route (
    .clk_i,
    .rst_ni,
    .wvalid_i (accept && amo_q == AmoIdle && sel_read),
    .wready_o (route_wready),
    .wdata_i  (route_wdata),
    .rvalid_o (route_rvalid),
    .rready_i (route_pop),
    .rdata_o  (route_rdata),
    .count_o  (route_count)
  );

  always_comb begin
    dm_rsp_valid_o   = '0;
    fill_rsp_valid_o = 1'b0;
    if (mem_rsp_valid_i && route_rvalid) begin
      if (32'(route_rdata.id) == NumCores) begin
        fill_rsp_valid_o = 1'b1;
      end else begin
        for (int c = 0; c < NumCores; c++) begin
          dm_rsp_valid_o[c] = 32'(route_rdata.id) == c;
        end
      end
    end
  end
  assign dm_rsp_rdata_o  = mem_rsp_i.rdata;
  assign fill_rsp_last_o = mem_rsp_i.last;

  // ---- atomic unit (D7, D8): the new value from the old one ----------------------------------
  always_comb begin
    unique case (amo_op_q)
      3'd0:    amo_new_d = mem_rsp_i.rdata + amo_opd_q;
      3'd1:    amo_new_d = ($signed(mem_rsp_i.rdata) < $signed(amo_opd_q)) ? mem_rsp_i.rdata : amo_opd_q;
      3'd2:    amo_new_d = ($signed(mem_rsp_i.rdata) > $signed(amo_opd_q)) ? mem_rsp_i.rdata : amo_opd_q;
      3'd3:    amo_new_d = amo_opd_q;
      3'd4:    amo_new_d = amo_opd_q;  // CAS: written only if old == expected
      3'd5:    amo_new_d = mem_rsp_i.rdata & amo_opd_q;
      3'd6:    amo_new_d = mem_rsp_i.rdata | amo_opd_q;
      default: amo_new_d = mem_rsp_i.rdata ^ amo_opd_q;
    endcase
  end

  always_comb begin
    amo_d = amo_q;
    unique case (amo_q)
      AmoIdle:  if (accept && sel_amo) amo_d = AmoRead;
      AmoRead:  if (route_pop && route_rdata.amo) begin
                  amo_d = (amo_op_q == 3'd4 && mem_rsp_i.rdata != amo_cmp_q) ? AmoIdle : AmoWrite;
                end
      AmoWrite: if (mem_req_ready_i) amo_d = AmoIdle;
      default:  amo_d = AmoIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      amo_q   <= AmoIdle;
      gnt_q   <= '0;
      gnt_oh_q <= NumCl'(1);
    end else begin
      amo_q   <= amo_d;
      gnt_q   <= gnt_d;
      gnt_oh_q <= gnt_oh_d;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      amo_addr_q <= '0;
      amo_op_q   <= 3'd0;
      amo_opd_q  <= 32'd0;
      amo_cmp_q  <= 32'd0;
      amo_new_q  <= 32'd0;
    end else begin
      if (amo_q == AmoIdle && accept && sel_amo) begin
        for (int c = 0; c < NumCores; c++) begin
          if (32'(sel) == c) begin
            amo_addr_q <= dm_req_addr_i[c];
            amo_op_q   <= dm_req_amo_op_i[c];
            amo_opd_q  <= dm_req_wdata_i[c];
            amo_cmp_q  <= dm_req_amo_cmp_i[c];
          end
        end
      end
      if (amo_q == AmoRead && route_pop && route_rdata.amo) begin
        amo_new_q <= amo_new_d;
      end
    end
  end

  assign busy_o = |req || amo_q != AmoIdle || route_count != '0;


endmodule
