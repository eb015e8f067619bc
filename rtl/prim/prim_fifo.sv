// prim_fifo: single-clock FIFO, first-word-fall-through, valid/ready on both sides.
// Depth >= 1. A push when full is not accepted (wready_o low); nothing is overwritten.
// Latency: 1 cycle from push to rvalid_o. Throughput: 1 push and 1 pop per cycle.
module prim_fifo #(
  parameter int unsigned Width = 8,
  parameter int unsigned Depth = 4
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             wvalid_i,
  output logic             wready_o,
  input  logic [Width-1:0] wdata_i,
  output logic             rvalid_o,
  input  logic             rready_i,
  output logic [Width-1:0] rdata_o,
  output logic [$clog2(Depth+1)-1:0] count_o
);
  localparam int unsigned Aw = (Depth > 1) ? $clog2(Depth) : 1;
  localparam int unsigned Cw = $clog2(Depth+1);
  if (Depth < 1) begin : g_bad_depth
    $error("prim_fifo: Depth must be >= 1");
  end

  logic [Width-1:0] mem_q [Depth];
  logic [Aw-1:0] wptr_q, wptr_d, rptr_q, rptr_d;
  logic [Cw-1:0] cnt_q, cnt_d;
  logic push, pop;

  assign wready_o = (cnt_q != Cw'(Depth));
  assign rvalid_o = (cnt_q != '0);
  assign rdata_o  = mem_q[rptr_q];
  assign count_o  = cnt_q;
  assign push = wvalid_i && wready_o;
  assign pop  = rvalid_o && rready_i;

  function automatic logic [Aw-1:0] incr(input logic [Aw-1:0] p);
    incr = (p == Aw'(Depth - 1)) ? '0 : p + 1'b1;
  endfunction

  always_comb begin
    wptr_d = push ? incr(wptr_q) : wptr_q;
    rptr_d = pop ? incr(rptr_q) : rptr_q;
    cnt_d  = cnt_q + Cw'(push) - Cw'(pop);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wptr_q <= '0;
      rptr_q <= '0;
      cnt_q  <= '0;
    end else begin
      wptr_q <= wptr_d;
      rptr_q <= rptr_d;
      cnt_q  <= cnt_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (push) mem_q[wptr_q] <= wdata_i;
  end
endmodule
