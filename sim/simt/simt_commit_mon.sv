// simt_commit_mon - lockstep monitor bound into every simt_core (simulation only; lives in
// sim/, never in rtl/). On every clock edge where the core's execute stage commits, it
// reports one event per participating thread to the C lockstep checker through DPI:
// register writeback, NZP update, store, RET and the thread's next PC, all sampled from the
// core's own signals just before the edge.
module simt_commit_mon #(
  parameter int unsigned Threads = 4,
  parameter int unsigned CoreId = 0
) (
  input logic                     clk_i,
  input logic                     commit,
  input logic [Threads-1:0]       act,
  input logic [7:0]               blk_idx_q,
  input logic [7:0]               ir_pc_q,
  input logic [15:0]              ir_q,
  input logic [3:0]               op,
  input logic [3:0]               rd,
  input logic                     is_wb,
  input logic [Threads-1:0][7:0]  wb_data,
  input logic [Threads-1:0][2:0]  alu_nzp,
  input logic [Threads-1:0][7:0]  rs_val,
  input logic [Threads-1:0][7:0]  rt_val,
  input logic [Threads-1:0][7:0]  pc_d
);

  import "DPI-C" function void simt_dpi_commit(
    input int core, input int block, input int thread, input int pc, input int insn,
    input int wb, input int rd, input int wdata, input int nzp_wr, input int nzp,
    input int st, input int saddr, input int sdata, input int ret, input int next_pc);

  always @(posedge clk_i) begin
    if (commit) begin
      for (int t = 0; t < Threads; t++) begin
        if (act[t]) begin
          simt_dpi_commit(CoreId, int'(blk_idx_q), t, int'(ir_pc_q), int'(ir_q),
                          int'(is_wb), int'(rd), int'(wb_data[t]),
                          int'(op == simt_pkg::OP_CMP), int'(alu_nzp[t]),
                          int'(op == simt_pkg::OP_STR), int'(rs_val[t]), int'(rt_val[t]),
                          int'(op == simt_pkg::OP_RET), int'(pc_d[t]));
        end
      end
    end
  end

endmodule

bind simt_core simt_commit_mon #(
  .Threads (Threads),
  .CoreId (CoreId)
) u_commit_mon (
  .clk_i     (clk_i),
  .commit    (commit),
  .act       (act_q),
  .blk_idx_q (blk_idx_q),
  .ir_pc_q   (ir_pc_q),
  .ir_q      (ir_q),
  .op        (op),
  .rd        (rd),
  .is_wb     (is_wb),
  .wb_data   (wb_data),
  .alu_nzp   (alu_nzp),
  .rs_val    (rs_val_q),
  .rt_val    (rt_val_q),
  .pc_d      (pc_d)
);
