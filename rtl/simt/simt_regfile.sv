// simt_regfile - register file of one SIMT thread (seed 002 register map).
//
// What: R0..R12 are 8-bit read/write registers; R13 = blockIdx, R14 = blockDim,
//   R15 = threadIdx are read only and come from the inputs. Two combinational read ports,
//   one write port.
// Latency: reads combinational; a write is visible on the next cycle.
// Illegal input: a write to R13..R15 is dropped.
// Reset: all registers zero; clear_i (block start) also zeroes R0..R12, and has priority over
//   a write in the same cycle.
module simt_regfile (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       clear_i,
  input  logic       we_i,
  input  logic [3:0] waddr_i,
  input  logic [7:0] wdata_i,
  input  logic [3:0] raddr_a_i,
  input  logic [3:0] raddr_b_i,
  output logic [7:0] rdata_a_o,
  output logic [7:0] rdata_b_o,
  input  logic [7:0] block_idx_i,
  input  logic [7:0] block_dim_i,
  input  logic [7:0] thread_idx_i
);

  logic [simt_pkg::NREG-1:0][7:0] regs_q, regs_d;

  function automatic logic [7:0] rd_port(input logic [3:0] a,
                                         input logic [simt_pkg::NREG-1:0][7:0] r,
                                         input logic [7:0] bi, input logic [7:0] bd,
                                         input logic [7:0] ti);
    rd_port = 8'd0;
    case (a)
      simt_pkg::REG_BLOCKIDX:  rd_port = bi;
      simt_pkg::REG_BLOCKDIM:  rd_port = bd;
      simt_pkg::REG_THREADIDX: rd_port = ti;
      default:                 rd_port = r[a];
    endcase
  endfunction

  always_comb begin
    regs_d = regs_q;
    if (clear_i) begin
      regs_d = '0;
    end else if (we_i && waddr_i < 4'(simt_pkg::NREG)) begin
      regs_d[waddr_i] = wdata_i;
    end
    rdata_a_o = rd_port(raddr_a_i, regs_q, block_idx_i, block_dim_i, thread_idx_i);
    rdata_b_o = rd_port(raddr_b_i, regs_q, block_idx_i, block_dim_i, thread_idx_i);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      regs_q <= '0;
    end else begin
      regs_q <= regs_d;
    end
  end

endmodule
