// simt_core - one SIMT core: the Threads threads of one block (seed 002, ADDENDUM 7).
//
// What: runs one block at a time. Three pipeline stages:
//   F  looks up the shared instruction cache at the fetch PC (fpc_q, a register, no mux in
//      front of the cache) and loads the result, hit or miss (r_hit_q), into the R register
//      (r_insn_q, r_pc_q) whenever R does not hold an instruction that stays; fpc_q then
//      advances on a hit (the fetch predicts PC+1) and stays on a miss. The hit goes only
//      into r_hit_q and the fpc_q mux, never into an enable: R holding a miss repeats the
//      lookup every cycle.
//   R  reads both operands of every thread from the per-thread register files, with a bypass
//      from the E stage's writeback (the instruction in E is always the one just before), and
//      works out which threads execute it (act_r: threads at r_pc_q, plus the threads of the
//      instruction in E, which all move to r_pc_q when it commits). Everything enters the
//      E registers (ir_q, ir_pc_q, act_q, rs_val_q, rt_val_q) at once; an LDR/STR also loads its
//      request into each active thread's simt_lsu at that edge.
//   E  computes from those registers in the per-thread ALUs and commits: register writeback,
//      NZP update, per-thread next PC; LDR/STR wait in E for every active thread's
//      load/store unit to report done (a register), DIV for every active thread's iterative
//      divider (simt_div).
//   Each thread has its own PC. The core always executes the smallest PC among its live
//   threads ("min-PC" scheduling) for the threads sitting at that PC, so divergent branches
//   serialise and re-converge; every thread sees exactly its sequential semantics.
//   Control flow: an instruction that is not a jump leaves every active thread at PC+1,
//   which is then the smallest live PC (the others are above), so the fetched PC+1 is right.
//   A BR taken by no active thread is the same, and so is a BR taken by some active threads
//   to a target above PC+1 while others stay at PC+1. A BR whose target is below PC+1
//   (br_back_q, computed in R), or taken by every active thread of a converged block (all
//   live threads active), goes to its target: F and R are flushed and fetch restarts there
//   ("fast redirect", 2 bubbles). The rest (a forward BR taken by all active threads while
//   others wait elsewhere), JMP and RET (with threads left) flush F and R and spend one
//   cycle ("resolve") computing the smallest live PC from the PC registers (pairwise
//   compares, one-hot select), then fetch restarts there (3 bubbles). A RET of all live threads ends the block.
//   MUL stays 2 cycles in E (the product of the operand registers is registered, prod_q).
// Timing (100 MHz on the ECP5, docs/simt.md "Timing"): no path goes from the commit
//   decision into the cache lookup or the min-PC search: the lookup starts from fpc_q, the
//   search from pc_q/live_q, the operands and act_q from registers, the LSU outputs are
//   registers; commit itself is a few LUTs over registers (e_dec_q, act_q, LSU done, DIV done).
// Spec: ADDENDUM 7 (CMP signed, DIV by zero = 0xFF, RET ends a thread, partial blocks:
//   blk_count_i threads are live, the others never run). NZP is 000 and R0..R12 are zero at
//   block start. PCs wrap modulo 256.
// Latency/throughput: one instruction per cycle on cache hits; a PC change costs 2 or 3
//   bubbles (above); MUL 2 cycles in E; LDR/STR take the memory round trip + 1 (4 cycles in
//   E with the origin timing and a free channel); DIV takes 8 / DivStepBits + 1 cycles in
//   E (5 by default).
// Interfaces: block start strobe blk_start_i (honoured only while idle_o is high); fetch
//   port (fetch_pc_o looked up combinationally, fetch_hit_i and fetch_insn_i answer in the
//   same cycle); one LSU requester port per thread towards simt_dmem_ctrl (valid/ready
//   request from registers, one rsp_valid pulse per request).
// Illegal input: reserved opcodes execute as NOP; writes to R13..R15 are dropped; a thread
//   that never executes RET keeps the core busy forever (as in the origin), unless abort_i:
//   then no further instruction enters E, and once E is empty (or commits) the block ends
//   (all threads dead, pipeline flushed): the memory operation in E completes first.
// Reset: idle, all threads dead, pipeline empty.
module simt_core #(
  parameter int unsigned Threads = 4,   // threads per block, 1..64
  parameter int unsigned CoreId = 0,   // index in the cluster (debug visibility only)
  parameter int unsigned DivStepBits = 2  // quotient bits per cycle of simt_div (1,2,4,8)
) (
  input  logic                              clk_i,
  input  logic                              rst_ni,
  // block start (from simt_dispatch): blk_start_i strobes while idle_o is high
  input  logic                              blk_start_i,
  output logic                              idle_o,
  input  logic [7:0]                        blk_idx_i,
  input  logic [7:0]                        blk_count_i,    // live threads, 1..Threads
  // fetch port (to simt_icache)
  output logic                              fetch_valid_o,
  output logic [simt_pkg::PCW-1:0]          fetch_pc_o,
  input  logic                              fetch_hit_i,
  input  logic [simt_pkg::IW-1:0]           fetch_insn_i,
  // one data requester per thread (to simt_dmem_ctrl)
  output logic [Threads-1:0]                lsu_req_valid_o,
  output logic [Threads-1:0]                lsu_req_we_o,
  output logic [Threads-1:0][7:0]           lsu_req_addr_o,
  output logic [Threads-1:0][7:0]           lsu_req_wdata_o,
  input  logic [Threads-1:0]                lsu_req_ready_i,
  input  logic [Threads-1:0]                lsu_rsp_valid_i,
  input  logic [Threads-1:0][7:0]           lsu_rsp_data_i,
  input  logic                              abort_i         // end the block (simt_dispatch)
);

  localparam int unsigned Pcw = simt_pkg::PCW;

  if (Threads < 1 || Threads > 64) begin : g_bad_threads
    $error("simt_core: Threads must be 1..64");
  end

  typedef enum logic {
    StIdle = 1'b0,  // no block: waiting on the block port
    StRun  = 1'b1   // running a block until every live thread has executed RET
  } core_state_e;

  core_state_e state_q, state_d;

  // threads
  logic [Threads-1:0][Pcw-1:0] pc_q, pc_d;
  logic [Threads-1:0]          live_q, live_d;
  logic [Threads-1:0][2:0]     nzp_q, nzp_d;
  logic [7:0]                  blk_idx_q, blk_idx_d;
  // F
  logic [Pcw-1:0]              fpc_q, fpc_d;
  logic                        resolve_q, resolve_d;   // computing the smallest live PC
  // R
  logic                        r_valid_q, r_valid_d;   // R holds a lookup result for r_pc_q
  logic                        r_hit_q, r_hit_d;       // ... and it was a hit (an instruction)
  logic [simt_pkg::IW-1:0]     r_insn_q, r_insn_d;
  logic [Pcw-1:0]              r_pc_q, r_pc_d;
  logic [Pcw-1:0]              r_seq_q, r_seq_d;       // r_pc_q + 1 (no adder before the BR compares)
  // E
  logic                        ir_valid_q, ir_valid_d;
  logic [simt_pkg::IW-1:0]     ir_q, ir_d;
  logic [Pcw-1:0]              ir_pc_q, ir_pc_d;
  logic [Threads-1:0]          act_q, act_d;           // threads executing ir_q (0 if empty)
  logic                        br_back_q, br_back_d;   // BR target < PC+1 (backward)
  logic                        br_seq_q, br_seq_d;     // BR target = PC+1
  logic                        e_first_q, e_first_d;   // first cycle of ir_q in E
  logic [Threads-1:0][7:0]     prod_q, prod_d;         // rs_val_q * rt_val_q, a cycle late
  logic [Threads-1:0][7:0]     rs_val_q, rt_val_q;         // operands (registers)
  logic [Threads-1:0][7:0]     rs_val_d, rt_val_d;

  // ---------------------------------------------------------------- decode
  logic [3:0] op, rd, r_op, r_rs, r_rt;
  logic [7:0] imm;
  logic [2:0] cond;
  logic       is_mem, is_div, is_mul, is_wb, is_br, is_jmp, is_ret, is_ctrl, r_is_mem;
  logic       r_miss;
  logic [7:0] fpc_inc;
  // E's instruction decoded in R and registered with ir_q (so commit, the result selects
  // and the bypass start at flip-flops): {wb, mem, div, mul, ctrl, ldr, sum, sub, const}
  logic [8:0] r_dec, e_dec_q, e_dec_d;
  logic       e_ldr, e_sum, e_sub, e_const;

  always_comb begin
    // R
    r_op     = r_insn_q[15:12];
    r_rs     = r_insn_q[7:4];
    r_rt     = r_insn_q[3:0];
    r_is_mem = (r_op == simt_pkg::OP_LDR) || (r_op == simt_pkg::OP_STR);
    r_dec    = {((r_op == simt_pkg::OP_ADD) || (r_op == simt_pkg::OP_SUB) ||
                 (r_op == simt_pkg::OP_MUL) || (r_op == simt_pkg::OP_DIV) ||
                 (r_op == simt_pkg::OP_CONST) || (r_op == simt_pkg::OP_LDR)) &&
                (r_insn_q[11:8] < simt_pkg::REG_BLOCKIDX),
                r_is_mem,
                r_op == simt_pkg::OP_DIV,
                r_op == simt_pkg::OP_MUL,
                (r_op == simt_pkg::OP_BR) || (r_op == simt_pkg::OP_JMP) ||
                (r_op == simt_pkg::OP_RET),
                r_op == simt_pkg::OP_LDR,
                (r_op == simt_pkg::OP_ADD) || (r_op == simt_pkg::OP_SUB),
                (r_op == simt_pkg::OP_SUB) || (r_op == simt_pkg::OP_CMP),
                r_op == simt_pkg::OP_CONST};
    // E
    op     = ir_q[15:12];
    rd     = ir_q[11:8];
    imm    = ir_q[7:0];
    cond   = ir_q[11:9];
    {is_wb, is_mem, is_div, is_mul, is_ctrl, e_ldr, e_sum, e_sub, e_const} = e_dec_q;
    is_br  = (op == simt_pkg::OP_BR);
    is_jmp = (op == simt_pkg::OP_JMP);
    is_ret = (op == simt_pkg::OP_RET);
  end

  // ---------------------------------------------------------------- per-thread datapath
  logic [Threads-1:0][7:0] rf_a, rf_b, alu_res, wb_data, lsu_data, div_q;
  logic [Threads-1:0][2:0] alu_nzp;
  logic [Threads-1:0]      lsu_done, div_done, act_r, lsu_issue;
  logic                    commit;     // E retires its instruction this cycle
  logic                    r_adv;      // R moves to E at this edge
  logic                    rf_clear;

  for (genvar t = 0; t < Threads; t++) begin : g_thread
    simt_regfile u_rf (
      .clk_i,
      .rst_ni,
      .clear_i      (rf_clear),
      .we_i         (commit && act_q[t] && is_wb),
      .waddr_i      (rd),
      .wdata_i      (wb_data[t]),
      .raddr_a_i    (r_rs),
      .raddr_b_i    (r_rt),
      .rdata_a_o    (rf_a[t]),
      .rdata_b_o    (rf_b[t]),
      .block_idx_i  (blk_idx_q),
      .block_dim_i  (8'(Threads)),
      .thread_idx_i (8'(t))
    );

    simt_alu u_alu (
      .sum_i    (e_sum),
      .sub_i    (e_sub),
      .mul_i    (is_mul),
      .const_i  (e_const),
      .a_i      (rs_val_q[t]),
      .b_i      (rt_val_q[t]),
      .imm_i    (imm),
      .prod_i   (prod_q[t]),
      .result_o (alu_res[t]),
      .nzp_o    (alu_nzp[t])
    );

    // DIV: multi-cycle, E holds the instruction until every active thread's quotient is ready
    simt_div #(
      .StepBits (DivStepBits)
    ) u_div (
      .clk_i,
      .rst_ni,
      .start_i  (ir_valid_q && is_div && act_q[t]),
      .commit_i (commit),
      .load_i   (r_adv),
      .a_i      (rs_val_d[t]),
      .b_i      (rt_val_d[t]),
      .done_o   (div_done[t]),
      .q_o      (div_q[t])
    );

    // LDR/STR: the request is loaded when the instruction enters E
    simt_lsu u_lsu (
      .clk_i,
      .rst_ni,
      .issue_i     (lsu_issue[t]),
      .commit_i    (commit),
      .we_i        (r_op == simt_pkg::OP_STR),
      .addr_i      (rs_val_d[t]),
      .wdata_i     (rt_val_d[t]),
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

  // ---------------------------------------------------------------- R: operands and act
  // The bypass does not look at commit: when E holds an instruction and does not commit, R
  // does not move, so the bypassed value is only used at the edge where E writes it.
  always_comb begin
    for (int t = 0; t < Threads; t++) begin
      rs_val_d[t] = (ir_valid_q && act_q[t] && is_wb && (rd == r_rs)) ? wb_data[t] : rf_a[t];
      rt_val_d[t] = (ir_valid_q && act_q[t] && is_wb && (rd == r_rt)) ? wb_data[t] : rf_b[t];
      // R only moves while E is empty or commits an instruction that is not BR/JMP/RET, so
      // every thread of E goes to PC+1 = r_pc_q
      act_r[t]    = (live_q[t] && (pc_q[t] == r_pc_q)) || act_q[t];
      lsu_issue[t] = r_adv && r_is_mem && act_r[t];
    end
  end

  // ---------------------------------------------------------------- E: execute / commit
  logic                      mem_ok, div_ok, any_jump, any_seq, converged, flush;
  logic [Threads-1:0]        taken, to_seq;
  logic [Threads-1:0][8:0]   mkey;       // min-PC keys: {dead, pc}
  logic [Threads-1:0]        mwin;       // thread with the smallest key
  logic [Pcw-1:0]            min_pc;

  always_comb begin
    mem_ok    = 1'b1;
    div_ok    = 1'b1;
    any_jump  = 1'b0;
    any_seq   = 1'b0;
    for (int t = 0; t < Threads; t++) begin
      prod_d[t]  = 8'(rs_val_q[t] * rt_val_q[t]);
      wb_data[t] = alu_res[t] | ({8{e_ldr}} & lsu_data[t]) | ({8{is_div}} & div_q[t]);
      taken[t]   = (cond & nzp_q[t]) != 3'b000;
      // the thread goes to PC+1 (a BR not taken, or taken to PC+1, or no BR at all)
      to_seq[t]  = !(is_br && taken[t] && !br_seq_q);
      if (act_q[t] && !lsu_done[t]) begin
        mem_ok = 1'b0;
      end
      if (act_q[t] && !div_done[t]) begin
        div_ok = 1'b0;
      end
      if (act_q[t] && !to_seq[t]) begin
        any_jump = 1'b1;
      end
      if (act_q[t] && to_seq[t]) begin
        any_seq = 1'b1;
      end
    end
    converged = (act_q == live_q);
    // MUL: 2 cycles in E, the product register (prod_q) is valid in the second
    commit = (state_q == StRun) && ir_valid_q && (!is_mem || mem_ok) && (!is_div || div_ok) &&
             !(is_mul && e_first_q);
    // a BR needs a redirect unless the threads staying at PC+1 are the smallest PC: some
    // stay and the target is above PC+1 (the waiting threads are all above PC, so >= PC+1)
    // (BR/JMP/RET take one cycle in E: commit = run && ir_valid_q for them)
    flush  = (state_q == StRun) && ir_valid_q &&
             (is_jmp || is_ret || (is_br && any_jump && (br_back_q || !any_seq)));
    // R does not move into E in the cycle a BR/JMP/RET commits, whatever it decides: the
    // redirect decision then never gates the R and E registers (1 cycle for a BR that does
    // not redirect; the others flush R anyway)
    r_adv  = (state_q == StRun) && r_valid_q && r_hit_q && !abort_i &&
             (!ir_valid_q || (commit && !is_ctrl));
  end

  // F looks up fpc_q, a register: after a miss it stays at the missing PC (R takes the
  // lookup again every cycle), after a hit it goes on at PC+1 (so no mux sits between the
  // register and the cache lookup)
  always_comb begin
    r_miss        = r_valid_q && !r_hit_q;
    fetch_valid_o = (state_q == StRun) && !resolve_q;
    fetch_pc_o    = fpc_q;
    fpc_inc       = fpc_q + 8'd1;
  end

  // smallest live PC, from the registers (used in the resolve cycle after a flush): all
  // pairwise compares side by side, then a one-hot select (one compare deep instead of
  // log2(Threads) compare-and-mux levels; Threads*(Threads-1)/2 compares of 9 bits)
  always_comb begin
    for (int t = 0; t < Threads; t++) begin
      mkey[t] = {!live_q[t], pc_q[t]};
    end
    for (int i = 0; i < Threads; i++) begin
      mwin[i] = 1'b1;   // smallest key, lowest index among equal keys
      for (int j = 0; j < Threads; j++) begin
        if ((j < i && !(mkey[i] < mkey[j])) || (j > i && (mkey[j] < mkey[i]))) begin
          mwin[i] = 1'b0;
        end
      end
    end
    min_pc = '0;
    for (int t = 0; t < Threads; t++) begin
      min_pc = min_pc | ({Pcw{mwin[t]}} & pc_q[t]);
    end
  end

  always_comb begin
    state_d    = state_q;
    pc_d       = pc_q;
    live_d     = live_q;
    nzp_d      = nzp_q;
    blk_idx_d  = blk_idx_q;
    fpc_d      = fpc_q;
    resolve_d  = resolve_q;
    r_valid_d  = r_valid_q;
    r_hit_d    = r_hit_q;
    r_insn_d   = r_insn_q;
    r_pc_d     = r_pc_q;
    r_seq_d    = r_seq_q;
    ir_valid_d = ir_valid_q;
    ir_d       = ir_q;
    ir_pc_d    = ir_pc_q;
    e_dec_d    = e_dec_q;
    act_d      = act_q;
    br_back_d  = br_back_q;
    br_seq_d   = br_seq_q;
    e_first_d  = r_adv;
    rf_clear   = 1'b0;
    idle_o     = (state_q == StIdle);

    if (commit) begin
      for (int t = 0; t < Threads; t++) begin
        if (act_q[t]) begin
          pc_d[t] = ir_pc_q + 1'b1;
          unique case (op)
            simt_pkg::OP_BR: begin
              if (taken[t]) begin
                pc_d[t] = imm;
              end
            end
            simt_pkg::OP_JMP: pc_d[t] = rs_val_q[t];
            simt_pkg::OP_RET: live_d[t] = 1'b0;
            simt_pkg::OP_CMP: nzp_d[t] = alu_nzp[t];
            default: ;
          endcase
        end
      end
    end


    unique case (state_q)
      StIdle: begin
        if (blk_start_i) begin
          state_d    = StRun;
          blk_idx_d  = blk_idx_i;
          rf_clear   = 1'b1;
          fpc_d      = '0;
          resolve_d  = 1'b0;
          r_valid_d  = 1'b0;
          ir_valid_d = 1'b0;
          act_d      = '0;
          for (int t = 0; t < Threads; t++) begin
            pc_d[t]   = '0;
            nzp_d[t]  = 3'b000;
            live_d[t] = (8'(t) < blk_count_i);
          end
        end
      end
      StRun: begin
        // E
        if (r_adv) begin
          ir_valid_d = 1'b1;
          ir_d       = r_insn_q;
          e_dec_d    = r_dec;
          ir_pc_d    = r_pc_q;
          act_d      = act_r;
          br_back_d  = r_insn_q[7:0] < r_seq_q;
          br_seq_d   = r_insn_q[7:0] == r_seq_q;
        end else if (commit) begin
          ir_valid_d = 1'b0;
          act_d      = '0;
        end
        // F -> R: R takes the lookup result, hit or miss, whenever it does not hold an
        // instruction that stays (the hit only goes into r_hit_q, not into any enable)
        if (!resolve_q && (r_miss || !r_valid_q || r_adv)) begin
          r_valid_d = 1'b1;
          r_hit_d   = fetch_hit_i;
          r_insn_d  = fetch_insn_i;
          r_pc_d    = fpc_q;
          r_seq_d   = fpc_inc;
          fpc_d     = fetch_hit_i ? fpc_inc : fpc_q;
        end
        // redirect: flush F and R; fetch at the BR target (fast redirect: the target is
        // the smallest PC), or find the smallest live PC next cycle (resolve)
        if (flush) begin
          r_valid_d = 1'b0;
          fpc_d     = imm;
          resolve_d = !(is_br && (br_back_q || converged)) && !(is_ret && converged);
          if (is_ret && converged) begin
            state_d = StIdle;               // every live thread has executed RET
          end
        end
        if (resolve_q) begin
          fpc_d     = min_pc;
          resolve_d = 1'b0;
        end
        // abort: the instruction in E (if any) has completed: the block ends here
        if (abort_i && (!ir_valid_q || commit)) begin
          state_d    = StIdle;
          live_d     = '0;
          r_valid_d  = 1'b0;
          ir_valid_d = 1'b0;
          act_d      = '0;
          resolve_d  = 1'b0;
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
      resolve_q  <= 1'b0;
      r_valid_q  <= 1'b0;
      r_hit_q    <= 1'b0;
      r_insn_q   <= '0;
      r_pc_q     <= '0;
      r_seq_q    <= 8'd1;
      ir_valid_q <= 1'b0;
      ir_q       <= '0;
      ir_pc_q    <= '0;
      e_dec_q    <= '0;
      act_q      <= '0;
      br_back_q  <= 1'b0;
      br_seq_q   <= 1'b0;
      e_first_q  <= 1'b0;
      prod_q     <= '0;
    end else begin
      state_q    <= state_d;
      pc_q       <= pc_d;
      live_q     <= live_d;
      nzp_q      <= nzp_d;
      blk_idx_q  <= blk_idx_d;
      fpc_q      <= fpc_d;
      resolve_q  <= resolve_d;
      r_valid_q  <= r_valid_d;
      r_hit_q    <= r_hit_d;
      r_insn_q   <= r_insn_d;
      r_pc_q     <= r_pc_d;
      r_seq_q    <= r_seq_d;
      ir_valid_q <= ir_valid_d;
      ir_q       <= ir_d;
      ir_pc_q    <= ir_pc_d;
      e_dec_q    <= e_dec_d;
      act_q      <= act_d;
      br_back_q  <= br_back_d;
      br_seq_q   <= br_seq_d;
      e_first_q  <= e_first_d;
      prod_q     <= prod_d;
    end
  end

  // operand registers: loaded when R moves to E (no reset needed for correctness, but the
  // project resets every register)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rs_val_q <= '0;
      rt_val_q <= '0;
    end else if (r_adv) begin
      rs_val_q <= rs_val_d;
      rt_val_q <= rt_val_d;
    end
  end

endmodule
