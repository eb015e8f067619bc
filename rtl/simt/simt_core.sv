// simt_core - one SIMT core: the THREADS threads of one block (seed 002, ADDENDUM 7).
//
// What: runs one block at a time. Two pipeline stages:
//   F  looks up the shared instruction cache at the fetch PC (fpc_q) and, on a hit, loads
//      the instruction register (ir_q) when the execute stage is free or committing;
//   E  decodes ir_q, reads the per-thread register files, computes in the per-thread ALUs,
//      and commits: register writeback, NZP update, per-thread next PC; LDR/STR wait in E
//      for every active thread's load/store unit to complete, DIV for every active
//      thread's iterative divider (simt_div).
//   Each thread has its own PC. The core always executes the smallest PC among its live
//   threads ("min-PC" scheduling) for the threads sitting at that PC, so divergent branches
//   serialise and re-converge; every thread sees exactly its sequential semantics. The fetch
//   stage predicts PC+1; when the next smallest PC differs (taken branch, JMP, divergence,
//   RET) the fetched instruction is dropped and fetch restarts there (one bubble).
// Spec: ADDENDUM 7 (CMP signed, DIV by zero = 0xFF, RET ends a thread, partial blocks:
//   blk_count_i threads are live, the others never run). NZP is 000 and R0..R12 are zero at
//   block start. PCs wrap modulo 256.
// Latency/throughput: one instruction per cycle on cache hits; a taken branch or a PC change
//   costs one bubble; LDR/STR take the memory round trip (3 cycles with the origin timing
//   and free channels); DIV takes 8 / DIV_STEP_BITS cycles in E (4 by default).
// Interfaces: block start strobe blk_start_i (honoured only while idle_o is high); fetch
//   port (fetch_pc_o looked up combinationally, fetch_hit_i and fetch_insn_i answer in the
//   same cycle); one LSU requester port per thread towards
//   simt_dmem_ctrl (valid/ready request, one rsp_valid pulse per request).
// Illegal input: reserved opcodes execute as NOP; writes to R13..R15 are dropped; a thread
//   that never executes RET keeps the core busy forever (as in the origin).
// Reset: idle, all threads dead.
module simt_core #(
  parameter int unsigned THREADS = 4,   // threads per block, 1..64
  parameter int unsigned CORE_ID = 0,   // index in the cluster (debug visibility only)
  parameter int unsigned DIV_STEP_BITS = 2  // quotient bits per cycle of simt_div (1,2,4,8)
) (
  input  logic                              clk_i,
  input  logic                              rst_ni,
  // block start (from simt_dispatch): blk_start_i strobes while idle_o is high
  input  logic                              blk_start_i,
  output logic                              idle_o,
  input  logic [7:0]                        blk_idx_i,
  input  logic [7:0]                        blk_count_i,    // live threads, 1..THREADS
  // fetch port (to simt_icache)
  output logic                              fetch_valid_o,
  output logic [simt_pkg::PCW-1:0]          fetch_pc_o,
  input  logic                              fetch_hit_i,
  input  logic [simt_pkg::IW-1:0]           fetch_insn_i,
  // one data requester per thread (to simt_dmem_ctrl)
  output logic [THREADS-1:0]                lsu_req_valid_o,
  output logic [THREADS-1:0]                lsu_req_we_o,
  output logic [THREADS-1:0][7:0]           lsu_req_addr_o,
  output logic [THREADS-1:0][7:0]           lsu_req_wdata_o,
  input  logic [THREADS-1:0]                lsu_req_ready_i,
  input  logic [THREADS-1:0]                lsu_rsp_valid_i,
  input  logic [THREADS-1:0][7:0]           lsu_rsp_data_i
);

  localparam int unsigned PCW = simt_pkg::PCW;

  if (THREADS < 1 || THREADS > 64) begin : g_bad_threads
    $error("simt_core: THREADS must be 1..64");
  end

  typedef enum logic {
    StIdle = 1'b0,  // no block: waiting on the block port
    StRun  = 1'b1   // running a block until every live thread has executed RET
  } core_state_e;

  core_state_e state_q, state_d;

  logic [THREADS-1:0][PCW-1:0] pc_q, pc_d;
  logic [THREADS-1:0]          live_q, live_d;
  logic [THREADS-1:0][2:0]     nzp_q, nzp_d;
  logic [7:0]                  blk_idx_q, blk_idx_d;
  logic [PCW-1:0]              fpc_q, fpc_d;
  logic                        ir_valid_q, ir_valid_d;
  logic [simt_pkg::IW-1:0]     ir_q, ir_d;
  logic [PCW-1:0]              ir_pc_q, ir_pc_d;

  // ---------------------------------------------------------------- decode (E stage)
  logic [3:0] op, rd, rs, rt;
  logic [7:0] imm;
  logic [2:0] cond;
  logic       is_mem, is_div, is_wb;

  always_comb begin
    op     = ir_q[15:12];
    rd     = ir_q[11:8];
    rs     = ir_q[7:4];
    rt     = ir_q[3:0];
    imm    = ir_q[7:0];
    cond   = ir_q[11:9];
    is_mem = (op == simt_pkg::OP_LDR) || (op == simt_pkg::OP_STR);
    is_div = (op == simt_pkg::OP_DIV);
    is_wb  = ((op == simt_pkg::OP_ADD) || (op == simt_pkg::OP_SUB) ||
              (op == simt_pkg::OP_MUL) || (op == simt_pkg::OP_DIV) ||
              (op == simt_pkg::OP_CONST) || (op == simt_pkg::OP_LDR)) &&
             (rd < simt_pkg::REG_BLOCKIDX);
  end

  // ---------------------------------------------------------------- per-thread datapath
  logic [THREADS-1:0]      act;        // thread executes the instruction in E
  logic [THREADS-1:0][7:0] rs_val, rt_val, alu_res, wb_data, lsu_data, div_q;
  logic [THREADS-1:0][2:0] alu_nzp;
  logic [THREADS-1:0]      lsu_done, div_done;
  logic                    commit;     // E retires its instruction this cycle
  logic                    rf_clear;

  for (genvar t = 0; t < THREADS; t++) begin : g_thread
    simt_regfile u_rf (
      .clk_i,
      .rst_ni,
      .clear_i      (rf_clear),
      .we_i         (commit && act[t] && is_wb),
      .waddr_i      (rd),
      .wdata_i      (wb_data[t]),
      .raddr_a_i    (rs),
      .raddr_b_i    (rt),
      .rdata_a_o    (rs_val[t]),
      .rdata_b_o    (rt_val[t]),
      .block_idx_i  (blk_idx_q),
      .block_dim_i  (8'(THREADS)),
      .thread_idx_i (8'(t))
    );

    simt_alu u_alu (
      .op_i     (op),
      .a_i      (rs_val[t]),
      .b_i      (rt_val[t]),
      .imm_i    (imm),
      .result_o (alu_res[t]),
      .nzp_o    (alu_nzp[t])
    );

    // DIV: multi-cycle, E holds the instruction until every active thread's quotient is ready
    simt_div #(
      .STEP_BITS (DIV_STEP_BITS)
    ) u_div (
      .clk_i,
      .rst_ni,
      .start_i  (ir_valid_q && is_div && act[t]),
      .commit_i (commit),
      .a_i      (rs_val[t]),
      .b_i      (rt_val[t]),
      .done_o   (div_done[t]),
      .q_o      (div_q[t])
    );

    simt_lsu u_lsu (
      .clk_i,
      .rst_ni,
      .issue_i     (ir_valid_q && is_mem && act[t]),
      .commit_i    (commit),
      .we_i        (op == simt_pkg::OP_STR),
      .addr_i      (rs_val[t]),
      .wdata_i     (rt_val[t]),
      .req_valid_o (lsu_req_valid_o[t]),
      .req_we_o    (lsu_req_we_o[t]),
      .req_addr_o  (lsu_req_addr_o[t]),
      .req_wdata_o (lsu_req_wdata_o[t]),
      .req_ready_i (lsu_req_ready_i[t]),
      .rsp_valid_i (lsu_rsp_valid_i[t]),
      .rsp_data_i  (lsu_rsp_data_i[t]),
      .done_o      (lsu_done[t]),
      .data_o      (lsu_data[t])
    );
  end

  // ---------------------------------------------------------------- execute / commit
  logic              any_live_d;
  logic [PCW-1:0]    min_pc_d;
  logic              mem_ok, div_ok;

  // threads at the PC of the instruction in E (ir_pc_q is the smallest live PC)
  always_comb begin
    for (int t = 0; t < THREADS; t++) begin
      act[t] = live_q[t] && (pc_q[t] == ir_pc_q);
    end
  end

  always_comb begin
    mem_ok = 1'b1;
    div_ok = 1'b1;
    for (int t = 0; t < THREADS; t++) begin
      wb_data[t] = (op == simt_pkg::OP_LDR) ? lsu_data[t] :
                   is_div                   ? div_q[t]    : alu_res[t];
      if (act[t] && !lsu_done[t]) begin
        mem_ok = 1'b0;
      end
      if (act[t] && !div_done[t]) begin
        div_ok = 1'b0;
      end
    end
    commit = (state_q == StRun) && ir_valid_q && (!is_mem || mem_ok) && (!is_div || div_ok);
  end

  always_comb begin
    state_d    = state_q;
    pc_d       = pc_q;
    live_d     = live_q;
    nzp_d      = nzp_q;
    blk_idx_d  = blk_idx_q;
    fpc_d      = fpc_q;
    ir_valid_d = ir_valid_q;
    ir_d       = ir_q;
    ir_pc_d    = ir_pc_q;
    rf_clear   = 1'b0;
    idle_o     = (state_q == StIdle);


    if (commit) begin
      for (int t = 0; t < THREADS; t++) begin
        if (act[t]) begin
          pc_d[t] = ir_pc_q + 1'b1;
          unique case (op)
            simt_pkg::OP_BR: begin
              if ((cond & nzp_q[t]) != 3'b000) begin
                pc_d[t] = imm;
              end
            end
            simt_pkg::OP_JMP: pc_d[t] = rs_val[t];
            simt_pkg::OP_RET: live_d[t] = 1'b0;
            simt_pkg::OP_CMP: nzp_d[t] = alu_nzp[t];
            default: ;
          endcase
        end
      end
    end

    // smallest PC among the threads still live after this cycle
    any_live_d = 1'b0;
    min_pc_d   = '1;
    for (int t = 0; t < THREADS; t++) begin
      if (live_d[t] && (!any_live_d || pc_d[t] < min_pc_d)) begin
        min_pc_d = pc_d[t];
      end
      any_live_d = any_live_d | live_d[t];
    end

    fetch_valid_o = (state_q == StRun);
    fetch_pc_o    = fpc_q;

    unique case (state_q)
      StIdle: begin
        if (blk_start_i) begin
          state_d    = StRun;
          blk_idx_d  = blk_idx_i;
          rf_clear   = 1'b1;
          fpc_d      = '0;
          ir_valid_d = 1'b0;
          for (int t = 0; t < THREADS; t++) begin
            pc_d[t]   = '0;
            nzp_d[t]  = 3'b000;
            live_d[t] = (8'(t) < blk_count_i);
          end
        end
      end
      StRun: begin
        if (commit) begin
          if (!any_live_d) begin
            state_d    = StIdle;          // every thread has executed RET
            ir_valid_d = 1'b0;
          end else if (fetch_hit_i && (fpc_q == min_pc_d)) begin
            ir_valid_d = 1'b1;            // predicted PC was right: no bubble
            ir_d       = fetch_insn_i;
            ir_pc_d    = fpc_q;
            fpc_d      = fpc_q + 1'b1;
          end else begin
            ir_valid_d = 1'b0;            // redirect (or miss): fetch the new smallest PC
            fpc_d      = min_pc_d;
          end
        end else if (!ir_valid_q && fetch_hit_i) begin
          ir_valid_d = 1'b1;              // E empty: fpc_q is the smallest live PC
          ir_d       = fetch_insn_i;
          ir_pc_d    = fpc_q;
          fpc_d      = fpc_q + 1'b1;
        end
      end
      default: state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q    <= StIdle;
      pc_q       <= '0;
      live_q     <= '0;
      nzp_q      <= '0;
      blk_idx_q  <= '0;
      fpc_q      <= '0;
      ir_valid_q <= 1'b0;
      ir_q       <= '0;
      ir_pc_q    <= '0;
    end else begin
      state_q    <= state_d;
      pc_q       <= pc_d;
      live_q     <= live_d;
      nzp_q      <= nzp_d;
      blk_idx_q  <= blk_idx_d;
      fpc_q      <= fpc_d;
      ir_valid_q <= ir_valid_d;
      ir_q       <= ir_d;
      ir_pc_q    <= ir_pc_d;
    end
  end

endmodule
