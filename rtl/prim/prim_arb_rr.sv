// prim_arb_rr: round-robin arbiter, N requesters, one grant per cycle.
//
// What:       grants the first requester at or after the round-robin pointer (wrapping), as a
//             one-hot vector plus its index. The pointer is kept as a thermometer mask of the
//             requesters *after* the last one that advanced it ("masked" pass); when none of
//             those requests, the lowest requester wins ("unmasked" pass). Both passes are
//             lowest-set-bit searches computed side by side, so the depth is about
//             log2(N) + 2 LUT levels from req_i to gnt_o, independent of the pointer (no
//             rotate, no serial search over the requesters).
// Interface:  gnt_o/idx_o/valid_o are combinational from req_i and the pointer (a grant may
//             depend on valid, as the valid/ready contract allows; docs/interfaces.md). The
//             caller raises advance_i in a cycle where the grant is used (for example "the
//             channel is free"); the pointer then moves past the granted requester, so it
//             has the lowest priority next time. advance_i with no request is ignored.
//             Holding advance_i low holds the pointer: the grant stays on the same requester
//             as long as it keeps requesting (a lock, e.g. while a granted request is
//             waiting for ready downstream).
// Latency:    0 cycles (combinational grant); pointer update at the clock edge.
// Throughput: one grant per cycle.
// Fairness:   a requester that keeps requesting is granted within N advancing grants.
// Illegal:    none. N = 1 degenerates to gnt_o = req_i.
// Reset:      pointer at requester 0 (requester 0 has the highest priority first).
module prim_arb_rr #(
  parameter int unsigned N = 4   // requesters, >= 1
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  input  logic [N-1:0]                         req_i,
  input  logic                                 advance_i,
  output logic [N-1:0]                         gnt_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] idx_o,
  output logic                                 valid_o
);
  localparam int unsigned Iw = (N > 1) ? $clog2(N) : 1;

  if (N < 1) begin : g_bad_n
    $error("prim_arb_rr: N must be >= 1");
  end

  logic [N-1:0] mask_q, mask_d;      // requesters after the last advancing grant
  logic [N-1:0] req_m, gnt_m, gnt_u;
  logic         any_m, seen_m, seen_u;

  always_comb begin
    req_m  = req_i & mask_q;
    any_m  = |req_m;
    seen_m = 1'b0;
    seen_u = 1'b0;
    // lowest set bit of both vectors (the synthesizer builds the prefix ORs as trees)
    for (int i = 0; i < int'(N); i++) begin
      gnt_m[i] = req_m[i] && !seen_m;
      gnt_u[i] = req_i[i] && !seen_u;
      seen_m   = seen_m | req_m[i];
      seen_u   = seen_u | req_i[i];
    end
    gnt_o   = any_m ? gnt_m : gnt_u;
    valid_o = |req_i;
    idx_o   = '0;
    for (int i = 0; i < int'(N); i++) begin
      if (gnt_o[i]) begin
        idx_o = idx_o | Iw'(i);
      end
    end
  end

  // next mask: the requesters above the granted one
  always_comb begin
    mask_d = mask_q;
    if (advance_i && valid_o) begin
      mask_d[0] = 1'b0;
      for (int i = 1; i < int'(N); i++) begin
        mask_d[i] = mask_d[i-1] | gnt_o[i-1];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mask_q <= '1;
    end else begin
      mask_q <= mask_d;
    end
  end

endmodule
