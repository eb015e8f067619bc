// shader_ram_1r1w - simple dual-port RAM of the shader tile: one synchronous read port, one
// write port, one clock (the instruction cache's data store; one ECP5 DP16KD per 2 KiB).
//
// What: rdata_o is the word at raddr_i at the last rising edge (latency 1, read every cycle).
//   A read of the address written at the same edge returns the old word (read-before-write);
//   the instruction cache never does it (a line being filled is invalid).
// Contents: undefined after reset and power-up (no reset: a RAM); the users keep valid bits.
// Note: rtl/prim has no RAM primitive yet (STYLE.md item 7); this cell belongs there with an
//   ECP5 variant once another unit needs one (outside this unit's folder).
module shader_ram_1r1w #(
  parameter int unsigned Width = 32,   // bits per word, >= 1
  parameter int unsigned Depth = 512,  // words, >= 2
  localparam int unsigned Aw = $clog2(Depth)
) (
  input  logic             clk_i,
  input  logic             we_i,
  input  logic [Aw-1:0]    waddr_i,
  input  logic [Width-1:0] wdata_i,
  input  logic [Aw-1:0]    raddr_i,
  output logic [Width-1:0] rdata_o
);

  if (Width < 1 || Depth < 2) begin : g_bad_param
    $error("shader_ram_1r1w: need Width >= 1 and Depth >= 2");
  end

  logic [Width-1:0] mem_q [Depth];
  logic [Width-1:0] rdata_q;

  always_ff @(posedge clk_i) begin
    if (we_i) begin
      mem_q[waddr_i] <= wdata_i;
    end
  end

  always_ff @(posedge clk_i) begin
    rdata_q <= mem_q[raddr_i];
  end

  assign rdata_o = rdata_q;

endmodule
