// prim_sync: two-flop synchroniser for a single level signal (or a vector of independent bits).
// Latency: 2 destination clocks. Use only for quasi-static levels or toggles (prim_pulse_sync);
// never for multi-bit values that must stay coherent. Constraint: set_false_path / max-delay to
// the first flop (d_i -> sync_q[0]).
module prim_sync #(
  parameter int unsigned Width = 1,
  parameter logic [Width-1:0] ResetValue = '0
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [Width-1:0] d_i,
  output logic [Width-1:0] q_o
);
  logic [Width-1:0] meta_q, sync_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      meta_q <= ResetValue;
      sync_q <= ResetValue;
    end else begin
      meta_q <= d_i;
      sync_q <= meta_q;
    end
  end

  assign q_o = sync_q;
endmodule
