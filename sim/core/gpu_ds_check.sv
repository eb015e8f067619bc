// gpu_ds_check: the reference counting of the draw-state table (rtl/draw/draw_state_table.sv),
// checked in simulation; bound into every draw_state_table from the testbench.
//   1. no entry is released more often than it was acquired (its count would go below 0);
//   2. no count overflows its RefW bits;
//   3. an entry is only allocated (overwritten) while nothing refers to it.
// It also counts the cycles a triangle waited for a free entry (alloc_valid_i && !alloc_ready_o)
// and prints the total at the end of the run when it is not 0 ("draw-state table: N cycles of
// allocation wait"), so a test can show that the wait path ran.
// A stage that reads an entry's state after its last release would see a state that may be
// overwritten: rule 1 is what makes that impossible to miss. Reported with $error (counted by
// the harness, which stops the run), once per run.
bind draw_state_table gpu_ds_check #(.NumAcq(NumAcq), .NumRel(NumRel), .RefW(RefW)) u_ds_check (
  .clk_i, .rst_ni, .alloc, .alloc_valid_i, .alloc_ready_o, .next_id, .refs_q,
  .acq_i (acq_q), .acq_id_i (acq_id_q), .rel_i (rel_q), .rel_id_i (rel_id_q));

module gpu_ds_check #(
  parameter int unsigned NumAcq = 2,
  parameter int unsigned NumRel = 4,
  parameter int unsigned RefW   = 6
) (
  input logic clk_i,
  input logic rst_ni,
  input logic alloc,
  input logic alloc_valid_i,
  input logic alloc_ready_o,
  input gpu_pkg::ds_id_t next_id,
  input logic [gpu_pkg::DS_N-1:0][RefW-1:0] refs_q,
  input logic [NumAcq-1:0] acq_i,
  input gpu_pkg::ds_id_t [NumAcq-1:0] acq_id_i,
  input logic [NumRel-1:0] rel_i,
  input gpu_pkg::ds_id_t [NumRel-1:0] rel_id_i
);
  logic told_q;
  longint unsigned waits_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) waits_q <= '0;
    else if (alloc_valid_i && !alloc_ready_o) waits_q <= waits_q + 1;
  end
  final if (waits_q != 0) $display("draw-state table: %0d cycles of allocation wait", waits_q);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      told_q <= 1'b0;
    end else if (!told_q) begin
      for (int e = 0; e < gpu_pkg::DS_N; e++) begin
        int n;
        n = int'(refs_q[e]);
        for (int a = 0; a < NumAcq; a++) if (acq_i[a] && int'(acq_id_i[a]) == e) n++;
        for (int r = 0; r < NumRel; r++) if (rel_i[r] && int'(rel_id_i[r]) == e) n--;
        if (n < 0) begin
          told_q <= 1'b1;
          $error("DRAW STATE: entry %0d released more often than acquired (count %0d)", e, n);
        end
        if (n >= (1 << RefW)) begin
          told_q <= 1'b1;
          $error("DRAW STATE: entry %0d: reference count %0d overflows %0d bits", e, n, RefW);
        end
      end
      if (alloc && refs_q[next_id] != '0) begin
        told_q <= 1'b1;
        $error("DRAW STATE: entry %0d allocated while %0d references to it remain", next_id, refs_q[next_id]);
      end
    end
  end
endmodule
