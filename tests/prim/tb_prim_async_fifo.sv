// tb_prim_async_fifo: prim_async_fifo with LUT-RAM (Bram = 0) and block-RAM (Bram = 1) storage
// side by side, same clocks and stimulus (tests/prim/tb_prim_async_fifo.cpp drives both clocks
// and checks each FIFO against a reference queue of its own); a third, block RAM with WdepthReg
// (the display's), whose wdepth_o and wfull_o are checked against the second's.
module tb_prim_async_fifo #(
  parameter int unsigned Width = 16,
  parameter int unsigned Depth = 8
) (
  input  logic             wclk_i,
  input  logic             rclk_i,
  input  logic             rst_ni,
  input  logic             wvalid_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             rready_i,
  output logic             a_wfull_o,
  output logic [$clog2(Depth):0] a_wdepth_o,
  output logic             a_rvalid_o,
  output logic [Width-1:0] a_rdata_o,
  output logic [$clog2(Depth):0] a_rdepth_o,
  output logic             b_wfull_o,
  output logic [$clog2(Depth):0] b_wdepth_o,
  output logic             b_rvalid_o,
  output logic [Width-1:0] b_rdata_o,
  output logic [$clog2(Depth):0] b_rdepth_o,
  output logic             c_wfull_o,
  output logic [$clog2(Depth):0] c_wdepth_o
);
  prim_async_fifo #(.Width(Width), .Depth(Depth), .Bram(1'b0)) u_lut (
    .wclk_i, .wrst_ni (rst_ni), .wvalid_i, .wdata_i, .wfull_o (a_wfull_o), .wdepth_o (a_wdepth_o),
    .rclk_i, .rrst_ni (rst_ni), .rvalid_o (a_rvalid_o), .rdata_o (a_rdata_o), .rready_i,
    .rdepth_o (a_rdepth_o)
  );
  prim_async_fifo #(.Width(Width), .Depth(Depth), .Bram(1'b1)) u_bram (
    .wclk_i, .wrst_ni (rst_ni), .wvalid_i, .wdata_i, .wfull_o (b_wfull_o), .wdepth_o (b_wdepth_o),
    .rclk_i, .rrst_ni (rst_ni), .rvalid_o (b_rvalid_o), .rdata_o (b_rdata_o), .rready_i,
    .rdepth_o (b_rdepth_o)
  );
  // the same FIFO as u_bram with WdepthReg: only its write side's view is observed
  logic             unused_c_rvalid;
  logic [Width-1:0] unused_c_rdata;
  logic [$clog2(Depth):0] unused_c_rdepth;
  prim_async_fifo #(.Width(Width), .Depth(Depth), .Bram(1'b1), .WdepthReg(1'b1)) u_bram_wreg (
    .wclk_i, .wrst_ni (rst_ni), .wvalid_i, .wdata_i, .wfull_o (c_wfull_o), .wdepth_o (c_wdepth_o),
    .rclk_i, .rrst_ni (rst_ni), .rvalid_o (unused_c_rvalid), .rdata_o (unused_c_rdata), .rready_i,
    .rdepth_o (unused_c_rdepth)
  );
endmodule
