// prim_gated_in: the inputs of a clock-gated unit that come from the free-running domain,
// registered on the unit's own gated clock (docs/architecture.md "Clock gating").
//
// What for:  Verilator evaluates a unit's combinational logic at every edge of any clock that
//            drives one of its inputs; a gated unit that reads a launch request or the shared
//            memory response bus directly is evaluated at every core edge although its clock
//            stands. Behind these registers its inputs change only when it is clocked.
// Contract:  clk_i is the unit's gated clock; the caller's wake term includes launch_valid_i,
//            stop_i and rsp_valid_i (each register then sees its input rise) and the gate's
//            linger returns each to 0 after its input falls.
//   launch:  launch_valid_o mirrors launch_valid_i a cycle late with the payload captured
//            beside it; the unit's take (launch_valid_o && launch_ready_i) is the requester's
//            ready (launch_ready_o), so both sides take in the same cycle, and the mirror clears
//            with the take (it does not offer the same launch twice).
//   stop:    stop_o is stop_i a cycle late (a level).
//   rsp:     rsp_valid_o / rsp_data_o are the response a cycle late (no back-pressure).
// Reset:     rst_ni asynchronous active low clears the valids and the stop level; payloads are
//            not reset (qualified by their valids).
module prim_gated_in #(
  parameter int unsigned LaunchW = 8,
  parameter int unsigned RspW    = 32
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               launch_valid_i,
  output logic               launch_ready_o,
  input  logic [LaunchW-1:0] launch_data_i,
  output logic               launch_valid_o,
  input  logic               launch_ready_i,
  output logic [LaunchW-1:0] launch_data_o,
  input  logic               stop_i,
  output logic               stop_o,
  input  logic               rsp_valid_i,
  input  logic [RspW-1:0]    rsp_data_i,
  output logic               rsp_valid_o,
  output logic [RspW-1:0]    rsp_data_o
);
  logic lv_q, stop_q, rv_q;
  logic [LaunchW-1:0] ld_q;
  logic [RspW-1:0]    rd_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lv_q   <= 1'b0;
      stop_q <= 1'b0;
      rv_q   <= 1'b0;
    end else begin
      lv_q   <= launch_valid_i && !(lv_q && launch_ready_i);
      stop_q <= stop_i;
      rv_q   <= rsp_valid_i;
    end
  end
  always_ff @(posedge clk_i) begin
    if (launch_valid_i) ld_q <= launch_data_i;
    if (rsp_valid_i)    rd_q <= rsp_data_i;
  end
  assign launch_valid_o = lv_q;
  assign launch_ready_o = lv_q && launch_ready_i;
  assign launch_data_o  = ld_q;
  assign stop_o         = stop_q;
  assign rsp_valid_o    = rv_q;
  assign rsp_data_o     = rd_q;
endmodule
