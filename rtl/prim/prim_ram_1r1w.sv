// prim_ram_1r1w: a simple dual-port RAM, one write port and one registered read port, single
// clock; in block RAM (ECP5 DP16KD) when it fills one better than LUT RAM.
// Write: we_i stores wdata_i at waddr_i at the edge. Read: re_i loads the read register with the
// entry at raddr_i at the edge; rdata_o holds it until the next re_i (1 cycle from address to
// data). A read of an entry written in the same cycle returns an unspecified value: the caller
// never does that (no_rw_check keeps Yosys from building bypass logic for it); the users state
// why in their headers.
// Reset: none (the read register and the entries are not reset: a user reads only entries it
// wrote). InitZero = 1 gives every entry the value 0 at configuration (the FPGA RAM's initial
// contents; in simulation from time 0), for a user whose reads of unwritten entries are defined.
module prim_ram_1r1w #(
  parameter int unsigned Width    = 8,
  parameter int unsigned Depth    = 32,
  parameter bit          InitZero = 1'b0
) (
  input  logic                     clk_i,
  input  logic                     we_i,
  input  logic [$clog2(Depth)-1:0] waddr_i,
  input  logic [Width-1:0]         wdata_i,
  input  logic                     re_i,
  input  logic [$clog2(Depth)-1:0] raddr_i,
  output logic [Width-1:0]         rdata_o
);
  if (Depth < 2) begin : g_bad_depth
    $error("prim_ram_1r1w: Depth must be >= 2");
  end

  (* ram_style = "block", no_rw_check *) logic [Width-1:0] mem_q [Depth];
  logic [Width-1:0] rdata_q;
  if (InitZero) begin : g_init
    initial begin
      for (int i = 0; i < int'(Depth); i++) mem_q[i] = '0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wdata_i;
    if (re_i) rdata_q <= mem_q[raddr_i];
  end
  assign rdata_o = rdata_q;
endmodule
