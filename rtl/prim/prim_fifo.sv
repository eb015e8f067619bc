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

  // the next count as a selection of count +- 1, computed from flip-flops, so push and pop
  // (often the end of a grant or handshake decode) only drive the last multiplexer (timing)
  logic [Cw-1:0] cnt_inc, cnt_dec;
  assign cnt_inc = cnt_q + 1'b1;
  assign cnt_dec = cnt_q - 1'b1;
  always_comb begin
    wptr_d = push ? incr(wptr_q) : wptr_q;
    rptr_d = pop ? incr(rptr_q) : rptr_q;
    unique case ({push, pop})
      2'b10:   cnt_d = cnt_inc;
      2'b01:   cnt_d = cnt_dec;
      default: cnt_d = cnt_q;
    endcase
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

  // the free slot at wptr is written whenever there is one, pushed or not (only a push moves
  // wptr past it, and rdata_o shows it only once counted): wvalid_i stays out of the enable
  always_ff @(posedge clk_i) begin
    if (wready_o) mem_q[wptr_q] <= wdata_i;
  end
endmodule
