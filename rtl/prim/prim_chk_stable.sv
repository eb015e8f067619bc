// prim_chk_stable: a simulation-only check that value_i holds across every edge that follows a
// cycle with cond_i high: cond_i |=> $stable(value_i), reported with $error naming Name.
//
// What for:  gpu_top's clock-gate contracts (docs/architecture.md "Clock gating": an edge the
//            gate would hold back leaves the unit's outputs as they were) and tmu_setup's
//            output record while it waits for ready. Written as an immediate check against a
//            copy taken at the edges with cond_i high: for a concurrent assertion with
//            $stable, Verilator keeps sampled and past copies of every operand, refreshed at every
//            evaluation (docs/regression.md "Simulation speed"). make bench's before build
//            (TGPU_BEFORE_SIM_SPEED, mk/core.mk) gets the concurrent form, as the check was
//            written before that work.
// Reset:     rst_ni low (asynchronous) disables the check and forgets the last edge.
// Synthesis: nothing (the body is simulation only).
module prim_chk_stable #(
  parameter              Name = "prim_chk_stable",   // the check's name in its message
  parameter int unsigned W    = 1
) (
  input logic         clk_i,
  input logic         rst_ni,
  input logic         cond_i,
  input logic [W-1:0] value_i
);
`ifndef SYNTHESIS
`ifdef TGPU_BEFORE_SIM_SPEED
  a_stable: assert property (@(posedge clk_i) disable iff (!rst_ni) cond_i |=> $stable(value_i))
    else $error("%s: a value moved at an edge it must hold still", Name);
`else
  logic         cond_q;
  logic [W-1:0] value_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cond_q <= 1'b0;
    end else begin
      cond_q <= cond_i;
      if (cond_i) value_q <= value_i;   // copied only when the next edge checks it
      if (cond_q) begin
        a_stable: assert (value_i == value_q)
          else $error("%s: a value moved at an edge it must hold still", Name);
      end
    end
  end
`endif
`else
  logic unused_chk;
  assign unused_chk = ^{clk_i, rst_ni, cond_i, value_i};
`endif
endmodule
