// prim_rst_sync: reset synchroniser for one clock domain.
//
// What:       turns an asynchronous active-low reset into a reset for the clk_i domain that is
//             asserted asynchronously (immediately, no clock needed) and released synchronously
//             (Stages rising edges of clk_i after rst_ni goes high).
// Latency:    assertion: combinational through the flop's async clear (no clock edge needed);
//             deassertion: rst_no rises on the Stages-th rising clk_i edge after rst_ni rises.
// Throughput: n/a (level signal).
// Illegal:    none; a reset pulse shorter than one clock period still resets the domain fully
//             (the chain is cleared asynchronously and must then refill).
// Reset:      rst_ni low forces every stage, and rst_no, low.
// Timing:     the first stage may go metastable when rst_ni rises close to a clk_i edge; the
//             following stages resolve it. Constrain rst_ni as a false path / async input to
//             the first stage only (its async clear is a recovery/removal check the tools skip).
module prim_rst_sync #(
  parameter int unsigned Stages = 2  // number of flops in the chain, >= 2
) (
  input  logic clk_i,
  input  logic rst_ni,   // asynchronous reset in, active low
  output logic rst_no    // reset for the clk_i domain, active low
);

  // Elaboration check.
  if (Stages < 2) begin : g_bad_stages
    $error("prim_rst_sync: Stages must be >= 2");
  end

  logic [Stages-1:0] sync_d, sync_q;

  // Shift a one in from the bottom; the top bit is the synchronised reset.
  always_comb begin
    sync_d = {sync_q[Stages-2:0], 1'b1};
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sync_q <= '0;
    end else begin
      sync_q <= sync_d;
    end
  end

  assign rst_no = sync_q[Stages-1];

endmodule
