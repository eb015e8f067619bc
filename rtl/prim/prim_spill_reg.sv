// prim_spill_reg: a valid/ready pipeline register that cuts every combinational path between
// its two sides (docs/interfaces.md link contract on both).
//
// What: an output register plus one spill (skid) slot. ready_o comes from a flop (spill slot
// empty), valid_o/data_o come from flops, so neither the payload nor the handshake of the
// downstream side reaches the upstream side in the same cycle, and the other way round.
// Latency 1 cycle; throughput 1 transfer per cycle; order preserved; capacity 2.
// A push while ready_o is low is not accepted; nothing is overwritten.
// count_o is the number of occupied slots, 0..2 (for busy flags and depth counters).
// Reset: both slots empty.
module prim_spill_reg #(
  parameter int unsigned Width = 8
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  output logic             ready_o,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  input  logic             ready_i,
  output logic [Width-1:0] data_o,
  output logic [1:0]       count_o
);
  logic             out_v_q, spill_v_q;
  logic [Width-1:0] out_d_q, spill_d_q;
  logic             push, out_free;

  assign ready_o  = !spill_v_q;
  assign valid_o  = out_v_q;
  assign data_o   = out_d_q;
  assign count_o  = {1'b0, out_v_q} + {1'b0, spill_v_q};
  assign push     = valid_i && !spill_v_q;
  assign out_free = !out_v_q || ready_i;   // the output slot can load this cycle

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      out_v_q   <= 1'b0;
      spill_v_q <= 1'b0;
    end else if (out_free) begin
      out_v_q   <= spill_v_q || push;   // the spill slot first: it is older than the input
      spill_v_q <= 1'b0;
    end else if (push) begin
      spill_v_q <= 1'b1;                // output held: park the input in the spill slot
    end
  end

  always_ff @(posedge clk_i) begin
    if (out_free) out_d_q <= spill_v_q ? spill_d_q : data_i;
    // the spill slot's data loads whenever the slot is empty and the output is held, whether
    // or not the input is valid (spill_v_q says whether it holds anything): valid_i, often the
    // end of a deep grant or handshake decode, stays out of the clock enable of Width flops
    if (!out_free && !spill_v_q) spill_d_q <= data_i;
  end
endmodule
