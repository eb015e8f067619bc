// simt_regfile - register file of one SIMT thread (seed 002 register map).
//
// What: R0..R12 are 8-bit read/write registers; R13 = blockIdx, R14 = blockDim,
//   R15 = threadIdx are read only and come from the inputs. Two combinational read ports,
//   one write port.
// Implementation: the values live in a 16 x 8 memory without reset (on the ECP5 LUT RAM,
//   TRELLIS_DPR16X4, one copy per read port: a read is one LUT deep from the address); a
//   register of "written since the block start" bits (wr_q) makes R0..R12 read as zero until
//   their first write, so a block start (clear_i) clears 13 flip-flops instead of the values.
// Latency: reads combinational; a write is visible on the next cycle.
// Illegal input: a write to R13..R15 is dropped.
// Reset: all registers read as zero (wr_q cleared); clear_i (block start) makes R0..R12 read
//   as zero again, and has priority over a write in the same cycle.
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

  logic [7:0]                mem_q [16];   // R0..R12 values (R13..R15 never written)
  logic [simt_pkg::NREG-1:0] wr_q, wr_d;   // written since the last clear
  logic                      wen;
  logic [7:0]                ram_a, ram_b;

  function automatic logic [7:0] rd_port(input logic [3:0] a, input logic [7:0] ram,
                                         input logic [simt_pkg::NREG-1:0] wr,
                                         input logic [7:0] bi, input logic [7:0] bd,
                                         input logic [7:0] ti);
    rd_port = 8'd0;
    case (a)
      simt_pkg::REG_BLOCKIDX:  rd_port = bi;
      simt_pkg::REG_BLOCKDIM:  rd_port = bd;
      simt_pkg::REG_THREADIDX: rd_port = ti;
      default:                 rd_port = wr[a] ? ram : 8'd0;
    endcase
  endfunction

  always_comb begin
    wen  = we_i && (waddr_i < 4'(simt_pkg::NREG));
    wr_d = wr_q;
    if (clear_i) begin
      wr_d = '0;
    end else if (wen) begin
      wr_d[waddr_i] = 1'b1;
    end
    ram_a     = mem_q[raddr_a_i];
    ram_b     = mem_q[raddr_b_i];
    rdata_a_o = rd_port(raddr_a_i, ram_a, wr_q, block_idx_i, block_dim_i, thread_idx_i);
    rdata_b_o = rd_port(raddr_b_i, ram_b, wr_q, block_idx_i, block_dim_i, thread_idx_i);
  end

  // memory: no reset (LUT RAM); a value is only read after its write (wr_q)
  always_ff @(posedge clk_i) begin
    if (wen) begin
      mem_q[waddr_i] <= wdata_i;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_q <= '0;
    end else begin
      wr_q <= wr_d;
    end
  end

endmodule
