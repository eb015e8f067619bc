// tb_prim_fifo: prim_fifo, prim_fifo_bram and the two-entry link prim_spill_reg side by side
// with the same push/pop stimulus (tests/prim/tb_prim_fifo.cpp drives and checks each against
// a reference queue of its own).
module tb_prim_fifo #(
  parameter int unsigned Width = 16,
  parameter int unsigned Depth = 5
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             wvalid_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             rready_i,
  output logic             a_wready_o,
  output logic             a_rvalid_o,
  output logic [Width-1:0] a_rdata_o,
  output logic [$clog2(Depth+1)-1:0] a_count_o,
  output logic             b_wready_o,
  output logic             b_rvalid_o,
  output logic [Width-1:0] b_rdata_o,
  output logic [$clog2(Depth+1)-1:0] b_count_o,
  output logic             c_wready_o,
  output logic             c_rvalid_o,
  output logic [Width-1:0] c_rdata_o,
  output logic [1:0]       c_count_o
);
  prim_fifo #(.Width(Width), .Depth(Depth)) u_lut (
    .clk_i, .rst_ni, .wvalid_i, .wready_o (a_wready_o), .wdata_i,
    .rvalid_o (a_rvalid_o), .rready_i, .rdata_o (a_rdata_o), .count_o (a_count_o)
  );
  prim_fifo_bram #(.Width(Width), .Depth(Depth)) u_bram (
    .clk_i, .rst_ni, .wvalid_i, .wready_o (b_wready_o), .wdata_i,
    .rvalid_o (b_rvalid_o), .rready_i, .rdata_o (b_rdata_o), .count_o (b_count_o)
  );
  prim_spill_reg #(.Width(Width)) u_spill (
    .clk_i, .rst_ni, .valid_i (wvalid_i), .ready_o (c_wready_o), .data_i (wdata_i),
    .valid_o (c_rvalid_o), .ready_i (rready_i), .data_o (c_rdata_o), .count_o (c_count_o)
  );
endmodule
