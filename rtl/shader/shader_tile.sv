// shader_tile - a tile of NumCores shader cores (docs/shader.md D16, D17; rtl/shader/README.md):
// the cores, the shared instruction cache, the one port to GPU memory with the atomic unit,
// the tile-wide BARRIER, the TIME counter, the launch port and the done report.
//
// Launch (valid/ready): launch_ready_o is high while no kernel runs. An accepted launch starts
//   every core at launch_entry_i with ARG_BASE = launch_arg_base_i and TILE_OFFSET =
//   launch_tile_offset_i (one value for the tile, as the ISS's shd_tile_launch: a core finds
//   its part of the work with CORE_ID), invalidates the instruction cache, clears TIME and the
//   done report. The entry and the arguments are sampled in the cycle of the handshake.
// Done: done_o pulses for one cycle when every core is idle again (WFI, fault or stop) and
//   the memory port and the instruction cache are quiet (every write accepted, every read
//   answered); busy_o is high from the launch to that cycle. The report holds until the next
//   launch: done_fault_o, done_status_o (the OR of the cores' STATUS, D13), per core its
//   STATUS, halted (ended with WFI) and fault, and the first fault's record (cause, core, pc,
//   instruction word, data address; the lowest core on a tie).
// Fault (D12): the cycle after a fault record retires, stop_i is raised on every core until
//   the next launch: no core issues another instruction; instructions already in M or W
//   finish (a BARRIER waiting in M is released).
// Abort: abort_i (a level from the GPU's kernel watchdog or CP_ABORT, docs/shader.md "Stopping
//   a kernel") stops a running kernel the same way, the cycle after it is seen, without a fault
//   record; done_o follows once the cores and the port are quiet. Ignored while no kernel runs.
// BARRIER (D10, D16): released (bar_go_i to every core) in a cycle in which at least one core
//   waits in M and every core is waiting or idle; idle cores (ended with WFI) count as
//   arrived, as in the ISS (sw/shader/shader_iss.c barrier_check).
// TIME: cycles since the launch (the launch's cycle is 0), 32 bits, wrapping; held while no
//   kernel runs, so that the tile at rest keeps every flip-flop (gpu_top gates its clock).
// Memory port: shader_dmem_arb (one mem_arbiter client; mem_lock_o: D17).
// Monitor outputs (mon_*, rv_*): per core the data request accepted this cycle and the
//   retirement port, for sim/shader/tile_tb.c; unconnected (and removed) in the GPU.
// Reset: no kernel, every core idle, cache invalid.
module shader_tile #(
  parameter int unsigned NumCores    = 4,    // 1..16 (the NCORES CSR)
  parameter int unsigned ICacheLines = 64,   // 32-byte lines: 64 = 2 KiB
  parameter int unsigned MemAw       = 25
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  // launch port (INT-010 extension register / command processor DISPATCH)
  input  logic                        launch_valid_i,
  output logic                        launch_ready_o,
  input  logic [31:0]                 launch_entry_i,
  input  logic [31:0]                 launch_arg_base_i,
  input  logic [31:0]                 launch_tile_offset_i,
  input  logic                        abort_i,      // stop the running kernel (level)
  // done report
  output logic                        busy_o,
  output logic                        done_o,
  output logic                        done_fault_o,
  output logic [31:0]                 done_status_o,
  output logic [NumCores-1:0][31:0]   core_status_o,
  output logic [NumCores-1:0]         core_halted_o,
  output logic [NumCores-1:0]         core_fault_o,
  output logic [2:0]                  fault_cause_o,
  output logic [3:0]                  fault_core_o,
  output logic [31:0]                 fault_pc_o,
  output logic [31:0]                 fault_insn_o,
  output logic [31:0]                 fault_addr_o,
  // GPU memory port (a client of mem_arbiter)
  output logic                        mem_req_valid_o,
  input  logic                        mem_req_ready_i,
  output gpu_pkg::mem_req_t           mem_req_o,
  output logic                        mem_lock_o,
  input  logic                        mem_rsp_valid_i,
  input  gpu_pkg::mem_rsp_t           mem_rsp_i,
  // monitors (simulation)
  output logic [NumCores-1:0]         mon_dm_acc_o,
  output logic [NumCores-1:0]         rv_valid_o,
  output logic [NumCores-1:0][63:0]   rv_order_o,
  output logic [NumCores-1:0][31:0]   rv_pc_o,
  output logic [NumCores-1:0][31:0]   rv_insn_o,
  output logic [NumCores-1:0][31:0]   rv_next_pc_o,
  output logic [NumCores-1:0]         rv_rd_wr_o,
  output logic [NumCores-1:0][4:0]    rv_rd_o,
  output logic [NumCores-1:0][31:0]   rv_rd_val_o,
  output logic [NumCores-1:0][1:0]    rv_mem_o,
  output logic [NumCores-1:0][31:0]   rv_mem_addr_o,
  output logic [NumCores-1:0][2:0]    rv_mem_size_o,
  output logic [NumCores-1:0][31:0]   rv_mem_rdata_o,
  output logic [NumCores-1:0][31:0]   rv_mem_wdata_o,
  output logic [NumCores-1:0][3:0]    rv_mem_wmask_o,
  output logic [NumCores-1:0]         rv_csr_wr_o,
  output logic [NumCores-1:0][11:0]   rv_csr_o,
  output logic [NumCores-1:0][31:0]   rv_csr_val_o,
  output logic [NumCores-1:0][2:0]    rv_trap_o,
  output logic [NumCores-1:0][31:0]   rv_trap_addr_o
);

  if (NumCores < 1 || NumCores > 16) begin : g_bad_cores
    $error("shader_tile: NumCores must be 1..16");
  end

  // ---- tile state ------------------------------------------------------------------------------
  logic        busy_q, busy_d, stop_q, stop_d, fault_q, fault_d;
  logic [31:0] time_q, time_d;
  logic        launch, all_idle, quiet, done;
  logic [31:0] status_or;
  logic [2:0]  f_cause_q, f_cause_d;
  logic [3:0]  f_core_q, f_core_d;
  logic [31:0] f_pc_q, f_pc_d, f_insn_q, f_insn_d, f_addr_q, f_addr_d;

  // ---- per-core wires ----------------------------------------------------------------------------
  logic [NumCores-1:0]             idle, halted, fault, bar_wait, if_req, if_gnt;
  logic [NumCores-1:0][31:0]       status, if_addr, if_rdata;
  logic [NumCores-1:0]             dm_req_valid, dm_req_ready, dm_req_we, dm_req_amo, dm_req_more;
  logic [NumCores-1:0]             dm_rsp_valid, dm_req_more_q, dm_req_hint;
  logic [NumCores-1:0][MemAw-1:0]  dm_req_addr;
  logic [NumCores-1:0][31:0]       dm_req_wdata, dm_req_amo_cmp;
  logic [NumCores-1:0][3:0]        dm_req_be;
  logic [NumCores-1:0][2:0]        dm_req_amo_op;
  logic [31:0]                     dm_rsp_rdata;
  logic                            bar_go, ic_busy, arb_busy;
  logic                            fill_req_valid, fill_req_ready, fill_rsp_valid, fill_rsp_last;
  logic [MemAw-1:0]                fill_req_addr;

  assign launch = launch_valid_i && launch_ready_o;

  for (genvar c = 0; c < NumCores; c++) begin : g_core
    shader_core #(
      .CoreId   (c),
      .NumCores (NumCores),
      .MemAw    (MemAw)
    ) u_core (
      .clk_i,
      .rst_ni,
      .start_i          (launch),
      .entry_i          (launch_entry_i),
      .arg_base_i       (launch_arg_base_i),
      .tile_offset_i    (launch_tile_offset_i),
      .time_i           (time_q),
      .stop_i           (stop_q),
      .idle_o           (idle[c]),
      .halted_o         (halted[c]),
      .fault_o          (fault[c]),
      .status_o         (status[c]),
      .bar_wait_o       (bar_wait[c]),
      .bar_go_i         (bar_go),
      .if_req_o         (if_req[c]),
      .if_addr_o        (if_addr[c]),
      .if_gnt_i         (if_gnt[c]),
      .if_rdata_i       (if_rdata[c]),
      .dm_req_valid_o   (dm_req_valid[c]),
      .dm_req_ready_i   (dm_req_ready[c]),
      .dm_req_addr_o    (dm_req_addr[c]),
      .dm_req_we_o      (dm_req_we[c]),
      .dm_req_wdata_o   (dm_req_wdata[c]),
      .dm_req_be_o      (dm_req_be[c]),
      .dm_req_amo_o     (dm_req_amo[c]),
      .dm_req_amo_op_o  (dm_req_amo_op[c]),
      .dm_req_amo_cmp_o (dm_req_amo_cmp[c]),
      .dm_req_more_o    (dm_req_more[c]),
      .dm_req_hint_o    (dm_req_hint[c]),
      .dm_rsp_valid_i   (dm_rsp_valid[c]),
      .dm_rsp_rdata_i   (dm_rsp_rdata),
      .rv_valid_o       (rv_valid_o[c]),
      .rv_order_o       (rv_order_o[c]),
      .rv_pc_o          (rv_pc_o[c]),
      .rv_insn_o        (rv_insn_o[c]),
      .rv_next_pc_o     (rv_next_pc_o[c]),
      .rv_rd_wr_o       (rv_rd_wr_o[c]),
      .rv_rd_o          (rv_rd_o[c]),
      .rv_rd_val_o      (rv_rd_val_o[c]),
      .rv_mem_o         (rv_mem_o[c]),
      .rv_mem_addr_o    (rv_mem_addr_o[c]),
      .rv_mem_size_o    (rv_mem_size_o[c]),
      .rv_mem_rdata_o   (rv_mem_rdata_o[c]),
      .rv_mem_wdata_o   (rv_mem_wdata_o[c]),
      .rv_mem_wmask_o   (rv_mem_wmask_o[c]),
      .rv_csr_wr_o      (rv_csr_wr_o[c]),
      .rv_csr_o         (rv_csr_o[c]),
      .rv_csr_val_o     (rv_csr_val_o[c]),
      .rv_trap_o        (rv_trap_o[c]),
      .rv_trap_addr_o   (rv_trap_addr_o[c])
    );
  end

  shader_icache #(
    .NumCores (NumCores),
    .Lines    (ICacheLines),
    .MemAw    (MemAw)
  ) u_icache (
    .clk_i,
    .rst_ni,
    .inval_i          (launch),
    .if_req_i         (if_req),
    .if_addr_i        (if_addr),
    .if_gnt_o         (if_gnt),
    .if_rdata_o       (if_rdata),
    .fill_req_valid_o (fill_req_valid),
    .fill_req_ready_i (fill_req_ready),
    .fill_req_addr_o  (fill_req_addr),
    .fill_rsp_valid_i (fill_rsp_valid),
    .fill_rsp_rdata_i (dm_rsp_rdata),
    .fill_rsp_last_i  (fill_rsp_last),
    .busy_o           (ic_busy)
  );

  shader_dmem_arb #(
    .NumCores (NumCores),
    .MemAw    (MemAw)
  ) u_arb (
    .clk_i,
    .rst_ni,
    .dm_req_valid_i   (dm_req_valid),
    .dm_req_ready_o   (dm_req_ready),
    .dm_req_addr_i    (dm_req_addr),
    .dm_req_we_i      (dm_req_we),
    .dm_req_wdata_i   (dm_req_wdata),
    .dm_req_be_i      (dm_req_be),
    .dm_req_amo_i     (dm_req_amo),
    .dm_req_amo_op_i  (dm_req_amo_op),
    .dm_req_amo_cmp_i (dm_req_amo_cmp),
    .dm_req_more_i    (dm_req_more),
    .dm_req_hint_i    (dm_req_hint),
    .dm_rsp_valid_o   (dm_rsp_valid),
    .dm_rsp_rdata_o   (dm_rsp_rdata),
    .fill_req_valid_i (fill_req_valid),
    .fill_req_ready_o (fill_req_ready),
    .fill_req_addr_i  (fill_req_addr),
    .fill_rsp_valid_o (fill_rsp_valid),
    .fill_rsp_last_o  (fill_rsp_last),
    .mem_req_valid_o,
    .mem_req_ready_i,
    .mem_req_o,
    .mem_lock_o,
    .mem_rsp_valid_i,
    .mem_rsp_i,
    .busy_o           (arb_busy)
  );

  // ---- barrier, done, fault ----------------------------------------------------------------------
  assign bar_go   = stop_q || ((&(idle | bar_wait)) && (|bar_wait));
  assign all_idle = &idle;
  assign quiet    = !ic_busy && !arb_busy;
  assign done     = busy_q && all_idle && quiet;

  always_comb begin
    status_or = 32'd0;
    for (int c = 0; c < NumCores; c++) begin
      status_or |= status[c];
    end
  end

  always_comb begin
    busy_d    = busy_q;
    stop_d    = stop_q;
    fault_d   = fault_q;
    time_d    = busy_q ? time_q + 32'd1 : time_q;   // held between kernels (a launch sets it)
    f_cause_d = f_cause_q;
    f_core_d  = f_core_q;
    f_pc_d    = f_pc_q;
    f_insn_d  = f_insn_q;
    f_addr_d  = f_addr_q;
    // the first fault record retired (lowest core first)
    for (int c = NumCores - 1; c >= 0; c--) begin
      if (!fault_q && rv_valid_o[c] && rv_trap_o[c] != 3'd0) begin
        fault_d   = 1'b1;
        stop_d    = 1'b1;
        f_cause_d = rv_trap_o[c];
        f_core_d  = 4'(c);
        f_pc_d    = rv_pc_o[c];
        f_insn_d  = rv_insn_o[c];
        f_addr_d  = rv_trap_addr_o[c];
      end
    end
    // a stop from outside: the same as after a fault, no record
    if (busy_q && abort_i) begin
      stop_d = 1'b1;
    end
    if (done) begin
      busy_d = 1'b0;
    end
    if (launch) begin
      busy_d    = 1'b1;
      stop_d    = 1'b0;
      fault_d   = 1'b0;
      time_d    = 32'd1;
      f_cause_d = 3'd0;
      f_core_d  = 4'd0;
      f_pc_d    = 32'd0;
      f_insn_d  = 32'd0;
      f_addr_d  = 32'd0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q    <= 1'b0;
      stop_q    <= 1'b0;
      fault_q   <= 1'b0;
      time_q    <= 32'd0;
      f_cause_q <= 3'd0;
      f_core_q  <= 4'd0;
      f_pc_q    <= 32'd0;
      f_insn_q  <= 32'd0;
      f_addr_q  <= 32'd0;
    end else begin
      busy_q    <= busy_d;
      stop_q    <= stop_d;
      fault_q   <= fault_d;
      time_q    <= time_d;
      f_cause_q <= f_cause_d;
      f_core_q  <= f_core_d;
      f_pc_q    <= f_pc_d;
      f_insn_q  <= f_insn_d;
      f_addr_q  <= f_addr_d;
    end
  end

  // ---- outputs -----------------------------------------------------------------------------------
  assign launch_ready_o = !busy_q;
  assign busy_o         = busy_q;
  assign done_o         = done;
  assign done_fault_o   = fault_q;
  assign done_status_o  = status_or;
  assign core_status_o  = status;
  assign core_halted_o  = halted;
  assign core_fault_o   = fault;
  assign fault_cause_o  = f_cause_q;
  assign fault_core_o   = f_core_q;
  assign fault_pc_o     = f_pc_q;
  assign fault_insn_o   = f_insn_q;
  assign fault_addr_o   = f_addr_q;
  assign mon_dm_acc_o   = dm_req_valid & dm_req_ready & ~dm_req_more_q;

  // the first word of each access only (after a word with more, the next accept is its second)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dm_req_more_q <= '0;
    end else begin
      dm_req_more_q <= (dm_req_valid & dm_req_ready & dm_req_more) |
                       (dm_req_more_q & ~(dm_req_valid & dm_req_ready));
    end
  end

endmodule
