// simt_assert_core - simulation-only invariants of simt_core, bound from the testbench: the
// instruction in the execute stage is at the smallest PC of the live threads (min-PC
// scheduling; docs/simt.md); its registered thread mask act_q is exactly the live threads at
// that PC; the instruction in R is the one after it (the fetch predicts PC+1).

module simt_assert_core #(
  parameter int unsigned Threads = 4
) (
  input logic                     clk_i,
  input logic                     rst_ni,
  input logic                     ir_valid_q,
  input logic [7:0]               ir_pc_q,
  input logic [Threads-1:0]       live_q,
  input logic [Threads-1:0][7:0]  pc_q,
  input logic [Threads-1:0]       act_q,
  input logic                     r_valid_q,
  input logic [7:0]               r_pc_q
);
  logic       any;
  logic [7:0] min_pc;
  always_comb begin
    any    = 1'b0;
    min_pc = 8'hFF;
    for (int t = 0; t < Threads; t++) begin
      if (live_q[t] && (!any || pc_q[t] < min_pc)) begin
        min_pc = pc_q[t];
      end
      any = any | live_q[t];
    end
  end
  a_min_pc: assert property (@(posedge clk_i) disable iff (!rst_ni)
                             ir_valid_q |-> (any && ir_pc_q == min_pc))
    else $error("simt_core: instruction in E is not at the smallest live PC");
  logic [Threads-1:0] at_pc;
  always_comb begin
    for (int t = 0; t < Threads; t++) begin
      at_pc[t] = live_q[t] && (pc_q[t] == ir_pc_q);
    end
  end
  a_act: assert property (@(posedge clk_i) disable iff (!rst_ni)
                          ir_valid_q |-> (act_q == at_pc))
    else $error("simt_core: act_q is not the set of live threads at the PC in E");
  a_r_seq: assert property (@(posedge clk_i) disable iff (!rst_ni)
                            (ir_valid_q && r_valid_q) |-> (r_pc_q == ir_pc_q + 8'd1))
    else $error("simt_core: the instruction in R does not follow the one in E");
endmodule

bind simt_core simt_assert_core #(.Threads(Threads)) u_assert_core (
  .clk_i      (clk_i),
  .rst_ni     (rst_ni),
  .ir_valid_q (ir_valid_q),
  .ir_pc_q    (ir_pc_q),
  .live_q     (live_q),
  .pc_q       (pc_q),
  .act_q      (act_q),
  .r_valid_q  (r_valid_q),
  .r_pc_q     (r_pc_q)
);
