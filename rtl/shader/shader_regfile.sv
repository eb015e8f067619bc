// shader_regfile - the scalar registers s0..s31 of one shader core (seed 000 section 3).
//
// What: s0 reads 0 and ignores writes; s1..s31 are 32-bit registers. Three combinational read
//   ports (rs1, rs2 and the rd field read as a source by stores and CAS, D6/D8), one write port.
// Implementation: values in a 32 x 32 memory without reset (LUT RAM on the ECP5, one copy per
//   read port); "written since the launch" bits (wr_q) make every register read 0 until its
//   first write after clear_i, so a launch clears 31 flip-flops instead of the values (D13:
//   this implementation starts every register at 0).
// Latency: reads combinational; a write is visible on the next cycle (the core bypasses it).
// Reset: every register reads 0.
module shader_regfile (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        clear_i,     // launch: all read 0 again (priority over a write)
  input  logic        we_i,
  input  logic [4:0]  waddr_i,
  input  logic [31:0] wdata_i,
  input  logic [4:0]  raddr_a_i,
  input  logic [4:0]  raddr_b_i,
  input  logic [4:0]  raddr_c_i,
  output logic [31:0] rdata_a_o,
  output logic [31:0] rdata_b_o,
  output logic [31:0] rdata_c_o
);

  logic [31:0] mem_q [32];
  logic [31:0] wr_q, wr_d;

  always_ff @(posedge clk_i) begin
    if (we_i && waddr_i != 5'd0) begin
      mem_q[waddr_i] <= wdata_i;
    end
  end

  always_comb begin
    wr_d = wr_q;
    if (we_i && waddr_i != 5'd0) begin
      wr_d[waddr_i] = 1'b1;
    end
    if (clear_i) begin
      wr_d = 32'd0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_q <= 32'd0;
    end else begin
      wr_q <= wr_d;
    end
  end

  assign rdata_a_o = wr_q[raddr_a_i] ? mem_q[raddr_a_i] : 32'd0;
  assign rdata_b_o = wr_q[raddr_b_i] ? mem_q[raddr_b_i] : 32'd0;
  assign rdata_c_o = wr_q[raddr_c_i] ? mem_q[raddr_c_i] : 32'd0;

endmodule
