// prim_toggle_rx: receive side of a toggle-based pulse crossing. The source domain flips
// toggle_i once per event; this cell synchronises it (2 flops) and emits a one-cycle pulse_o
// in the destination domain per flip. Events must be at least 3 destination cycles apart.
// Latency: 2-3 destination clocks.
module prim_toggle_rx (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic toggle_i,
  output logic pulse_o
);
  logic sync, last_q;

  prim_sync #(.Width(1)) u_sync (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .d_i    (toggle_i),
    .q_o    (sync)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) last_q <= 1'b0;
    else         last_q <= sync;
  end

  assign pulse_o = sync ^ last_q;
endmodule
