// ODDRX1F: behavioural simulation model of the Lattice ECP5 DDR output cell, for the board
// tests only (synthesis uses the vendor cell). D0 and D1 are captured on the rising edge of
// SCLK; Q shows D0 while SCLK is high and D1 while it is low.
module ODDRX1F (
  input  logic D0,
  input  logic D1,
  input  logic SCLK,
  input  logic RST,
  output logic Q
);
  logic r0_q, r1_q;
  always_ff @(posedge SCLK) begin
    r0_q <= RST ? 1'b0 : D0;
    r1_q <= RST ? 1'b0 : D1;
  end
  assign Q = SCLK ? r0_q : r1_q;
endmodule
