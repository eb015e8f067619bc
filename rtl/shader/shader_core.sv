// shader_core - one core of a shader tile: the scalar-integer part of the seed-000 ISA
// (docs/shader.md; decisions D1-D15; the C golden model is sw/shader/shader_iss.c).
//
// Pipeline (one instruction per clock on independent integer code):
//   F  shader_fetch: sequential fetch into a 3-entry queue whose head is a flip-flop register;
//      a JAL or backward branch at the head is predicted taken (fetch goes on at its target,
//      1 bubble); fetch faults become trap tokens.
//   D  the queue head: decode (shader_pkg::decode, the generated table; shader_ctl_pkg::ctl)
//      into X's control registers; operands from the opcode and funct3 only
//      (shader_ctl_pkg::ops): register read (three ports) with a bypass of the W-stage write,
//      pc or immediate; the forwarding selects and the load-use wait of the next X
//      instruction are decided here, a cycle ahead, and registered.
//   X  operands = the D/X registers or M's result or W's value (registered selects; while X
//      waits its registers take the forwarded values every cycle); ALU (shader_alu, one-hot
//      registered result selects), branch compare (the ALU's adder), a separate address adder
//      (AGU) and its checks (range, atomic alignment: D12; misalignment flag: D14), the
//      targets from X's registers, CSR read/write and SETMISC (D9, D11), the three partial
//      products of MUL (DSPs). Every fault is known here, so the side effects of X (CSRs,
//      STATUS) happen when X passes its instruction to M and never need undoing. A JALR or a
//      mispredicted branch redirects fetch one cycle later (redir_q, 3 bubbles); a fault or
//      WFI stops fetch one cycle later (halt_q); either drops the instruction then in X and D.
//   M  shader_lsu for loads, stores and atomics (blocking: younger instructions wait), BARRIER
//      waits for the tile's release (bar_go_i) here; MUL adds its partial products;
//      everything else passes in one cycle.
//   W  register write and the retirement port: one record per instruction (and per fault)
//      with exactly the fields of shd_ret_t (sw/shader/shader_isa.h), for the lockstep.
// Hazards: an X instruction reading the rd of a load, atomic or MUL still in M waits until
//   it is in W (load-use: 1 bubble after the data returns; MUL-use: 1 bubble, so a MUL takes
//   2 cycles to its result but issues one per clock). rtl/shader/README.md "Timing".
// Launch (start_i while idle_o): pc = entry_i, registers read 0, STATUS = CONFIG = 0, order 0.
//   The core is idle again after WFI or a fault retired, or after stop_i (another core
//   faulted: instructions not yet in M are dropped, M and W finish).
// Ports: instruction port as shader_fetch; data port as shader_lsu; TIME = time_i.
// Reset: idle, pipeline empty.
module shader_core #(
  parameter int unsigned CoreId   = 0,   // the CORE_ID CSR
  parameter int unsigned NumCores = 4,   // the NCORES CSR
  parameter int unsigned MemAw    = 25
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // launch and control (from the tile)
  input  logic              start_i,
  input  logic [31:0]       entry_i,
  input  logic [31:0]       arg_base_i,
  input  logic [31:0]       tile_offset_i,
  input  logic [31:0]       time_i,
  input  logic              stop_i,
  output logic              idle_o,       // not launched, or halted / faulted / stopped
  output logic              halted_o,     // ended with WFI
  output logic              fault_o,      // ended with a fault (its record was retired)
  output logic [31:0]       status_o,     // STATUS (the done report ORs them, D13)
  output logic              bar_wait_o,   // a BARRIER waits in M
  input  logic              bar_go_i,     // the tile releases the barrier
  // instruction port (fixed latency 1)
  output logic              if_req_o,
  output logic [31:0]       if_addr_o,
  input  logic              if_gnt_i,
  input  logic [31:0]       if_rdata_i,
  // data port
  output logic              dm_req_valid_o,
  input  logic              dm_req_ready_i,
  output logic [MemAw-1:0]  dm_req_addr_o,
  output logic              dm_req_we_o,
  output logic [31:0]       dm_req_wdata_o,
  output logic [3:0]        dm_req_be_o,
  output logic              dm_req_amo_o,
  output logic [2:0]        dm_req_amo_op_o,
  output logic [31:0]       dm_req_amo_cmp_o,
  output logic              dm_req_more_o,
  output logic              dm_req_hint_o,   // a memory instruction is in X (for the tile's grant)
  input  logic              dm_rsp_valid_i,
  input  logic [31:0]       dm_rsp_rdata_i,
  // retirement port (one record per cycle at most)
  output logic              rv_valid_o,
  output logic [63:0]       rv_order_o,
  output logic [31:0]       rv_pc_o,
  output logic [31:0]       rv_insn_o,
  output logic [31:0]       rv_next_pc_o,
  output logic              rv_rd_wr_o,
  output logic [4:0]        rv_rd_o,
  output logic [31:0]       rv_rd_val_o,
  output logic [1:0]        rv_mem_o,
  output logic [31:0]       rv_mem_addr_o,
  output logic [2:0]        rv_mem_size_o,
  output logic [31:0]       rv_mem_rdata_o,
  output logic [31:0]       rv_mem_wdata_o,
  output logic [3:0]        rv_mem_wmask_o,
  output logic              rv_csr_wr_o,
  output logic [11:0]       rv_csr_o,
  output logic [31:0]       rv_csr_val_o,
  output logic [2:0]        rv_trap_o,
  output logic [31:0]       rv_trap_addr_o
);

  if (NumCores < 1 || NumCores > 16 || CoreId >= NumCores) begin : g_bad_param
    $error("shader_core: need 1 <= NumCores <= 16 and CoreId < NumCores");
  end
  if (MemAw != 25) begin : g_bad_aw
    $error("shader_core: MemAw must be 25 (the 32 MiB of D12)");
  end

  // ---- core state --------------------------------------------------------------------------
  logic        act_q, act_d;          // launched and not yet idle again
  logic        halted_q, halted_d, fault_q, fault_d, stopping_q, stopping_d;
  logic [31:0] status_q, status_d, config_q, config_d, arg_q, toff_q;
  logic [63:0] order_q;
  logic        halt_q;                // a fault or WFI left X last cycle: flush fetch, drop X
  logic        redir_q;               // a JALR or mispredicted branch left X last cycle:
                                      // refetch, drop X
  logic [31:0] redir_pc_q;            // its next pc

  // ---- F / D -------------------------------------------------------------------------------
  logic              d_valid, d_pop, d_pred, redirect, fetch_halt;
  logic [31:0]       d_insn, d_pc, redirect_pc;
  shader_pkg::trap_e d_ftrap;
  shader_ctl_pkg::ctl_t              d_ctl;
  logic [31:0]       rf_a, rf_b, rf_c, d_a, d_b, d_c, d_imm_i, d_imm_u, d_imm_b, d_imm_j;
  shader_ctl_pkg::ops_t              d_ops;

  // ---- X -----------------------------------------------------------------------------------
  logic              x_valid_q, x_hz_q, x_pred_q;   // x_pred_q: fetch predicted it taken
  logic [5:0]        x_bc_q;                   // branch condition one-hot (0 for non-branches)
  logic [5:0]        d_bc;
  logic [31:0]       x_insn_q, x_pc_q, x_a_q, x_b_q, x_c_q, x_imm_q;
  logic [1:0]        x_fa_q, x_fb_q, x_fc_q;   // operand from {M result, W result} (registered)
  shader_ctl_pkg::ctl_t              x_ctl_q;
  shader_ctl_pkg::alu_sel_t          x_sel_q;
  shader_ctl_pkg::ops_t              x_ops_q;
  shader_pkg::trap_e x_trap_in_q;
  logic [31:0]       x_a, x_b, x_c, alu_y, x_result, x_next_pc, x_addr, x_agu, x_link, x_tgt;
  logic              x_stall, x_fire, x_free, x_kill, x_taken, x_mem, x_eq, x_lt, x_ltu;
  logic              x_jal, x_jalr, x_ld, x_st, x_atom, x_csr, x_setmisc, x_wfi, x_mul;
  logic              x_trap_csr, x_trap_atom, x_trap_range;
  shader_pkg::trap_e x_trap;
  logic [2:0]        x_nbytes;
  logic [31:0]       csr_old, csr_new;
  logic              csr_known, csr_ro, csr_writes, x_csr_wr, x_misaligned;
  logic              mis_q;            // a misaligned access left X last cycle: STATUS gets it now
  logic [31:0]       status_rd;        // STATUS as the instruction in X reads it
  logic [1:0]        x_mem_kind;
  logic [31:0]       mul_ll;
  logic [15:0]       mul_lh, mul_hl;

  // ---- M -----------------------------------------------------------------------------------
  logic              m_valid_q, m_rd_wr_q, m_late_q, m_csr_wr_q, m_mul_q;
  logic [31:0]       m_insn_q, m_pc_q, m_next_pc_q, m_result_q, m_addr_q, m_wdata_q, m_cmp_q;
  logic [31:0]       m_csr_val_q, m_pll_q, m_prod;
  logic [15:0]       m_plh_q, m_phl_q;
  logic [4:0]        m_rd_q;
  logic [1:0]        m_mem_q, m_size_q;
  logic [11:0]       m_csr_q;
  shader_ctl_pkg::unit_e             m_unit_q;
  shader_pkg::trap_e m_trap_q;
  logic              m_done, m_fire, lsu_busy, lsu_done;
  logic [31:0]       lsu_raw, m_raw, m_rd_val, m_wdata, amo_new;
  logic [3:0]        m_wmask;

  // ---- W -----------------------------------------------------------------------------------
  logic              w_valid_q, w_rd_wr_q, w_csr_wr_q;
  logic [31:0]       w_pc_q, w_insn_q, w_next_pc_q, w_rd_val_q, w_addr_q, w_rdata_q, w_wdata_q;
  logic [31:0]       w_csr_val_q, w_trap_addr_q;
  logic [4:0]        w_rd_q;
  logic [1:0]        w_mem_q;
  logic [2:0]        w_size_q;
  logic [3:0]        w_wmask_q;
  logic [11:0]       w_csr_q;
  shader_ctl_pkg::unit_e             w_unit_q;
  shader_pkg::trap_e w_trap_q;
  logic              w_we, w_amo_q, w_amo_wr;
  logic [31:0]       w_cmp_q;

  // ==== F ====================================================================================
  shader_fetch u_fetch (
    .clk_i, .rst_ni,
    .start_i    (start_i && !act_q),
    .entry_i,
    .redirect_i (redirect),
    .target_i   (redirect_pc),
    .halt_i     (fetch_halt),
    .if_req_o, .if_addr_o, .if_gnt_i, .if_rdata_i,
    .d_valid_o  (d_valid),
    .d_insn_o   (d_insn),
    .d_pc_o     (d_pc),
    .d_trap_o   (d_ftrap),
    .d_pred_o   (d_pred),
    .d_pop_i    (d_pop)
  );

  // ==== D ====================================================================================
  assign d_ctl = shader_ctl_pkg::ctl(shader_pkg::hits(d_insn));
  // operands and immediates from the opcode and funct3 only (shader_ctl_pkg::ops): the full
  // decode goes to X's control registers and nowhere else
  assign d_ops   = shader_ctl_pkg::ops(d_insn[6:0], d_insn[14:12]);
  assign d_imm_i = shader_ctl_pkg::imm(shader_ctl_pkg::ImmI, d_insn[31:7]);
  assign d_imm_u = shader_ctl_pkg::imm(shader_ctl_pkg::ImmU, d_insn[31:7]);
  assign d_imm_b = shader_ctl_pkg::imm(shader_ctl_pkg::ImmB, d_insn[31:7]);
  assign d_imm_j = shader_ctl_pkg::imm(shader_ctl_pkg::ImmJ, d_insn[31:7]);

  shader_regfile u_rf (
    .clk_i, .rst_ni,
    .clear_i   (start_i && !act_q),
    .we_i      (w_we),
    .waddr_i   (w_rd_q),
    .wdata_i   (w_rd_val_q),
    .raddr_a_i (d_insn[19:15]),
    .raddr_b_i (d_insn[24:20]),
    .raddr_c_i (d_insn[11:7]),
    .rdata_a_o (rf_a),
    .rdata_b_o (rf_b),
    .rdata_c_o (rf_c)
  );

  // the branch condition, one-hot (funct3 of the B rows)
  always_comb begin
    d_bc = 6'd0;
    if (d_ctl.unit == shader_ctl_pkg::UnitBranch && d_ftrap == shader_pkg::TrapNone) begin
      unique case (d_insn[14:12])
        3'b000:  d_bc = 6'b000001;
        3'b001:  d_bc = 6'b000010;
        3'b100:  d_bc = 6'b000100;
        3'b101:  d_bc = 6'b001000;
        3'b110:  d_bc = 6'b010000;
        default: d_bc = 6'b100000;
      endcase
    end
  end

  // the register written in this cycle's W is not in the file yet
  function automatic logic [31:0] wbyp(logic [4:0] r, logic [31:0] v, logic we, logic [4:0] wr,
                                       logic [31:0] wv);
    wbyp = (we && wr == r && r != 5'd0) ? wv : v;
  endfunction
  assign d_a = wbyp(d_insn[19:15], rf_a, w_we, w_rd_q, w_rd_val_q);
  assign d_b = wbyp(d_insn[24:20], rf_b, w_we, w_rd_q, w_rd_val_q);
  assign d_c = wbyp(d_insn[11:7],  rf_c, w_we, w_rd_q, w_rd_val_q);

  // X is free for D's head when empty, when its instruction moves on, or when it is dropped
  // (stop, or a fault or WFI that left X last cycle: x_kill). The X registers take D's head
  // then, valid or not (x_valid_q says which); a taken branch or jump leaving X now drops it.
  assign x_kill = stop_i || halt_q || redir_q;
  assign x_free = !x_valid_q || x_fire || x_kill;
  assign d_pop  = d_valid && x_free;

  // ---- forwarding, decided a cycle ahead ------------------------------------------------------
  // X's operands are registers (x_a_q ...) plus registered selects of the M result or the W
  // value, computed here for the instructions that will be in M and W next cycle: M gets X's
  // instruction if it fires, else keeps its own if it does not finish; W gets M's if it
  // finishes. A load, atomic or MUL in M has no result yet (late): X waits (x_hz_q) until it
  // is in W. While X waits, its registers take the forwarded values every cycle.
  // Whether X fires and M finishes depends on M's done (the memory port's ready and response,
  // late in the cycle): the selects are computed for both values of m_done from registers and
  // D's head, and m_done picks one of the two in front of the flip-flops.
  function automatic logic [1:0] fsel(logic [4:0] r, logic u, logic mwr, logic [4:0] mrd,
                                      logic wwr, logic [4:0] wrd);
    logic m, w;
    m    = u && r != 5'd0 && mwr && mrd == r;
    w    = u && r != 5'd0 && !m && wwr && wrd == r;
    fsel = {m, w};
  endfunction

  logic [1:0][6:0] n_fwd;   // per m_done value: {hazard, fa, fb, fc}
  logic [6:0]      n_fwd_sel;
  logic            xf, mf, xfree, nm_wr, nm_late, nw_wr, u1, u2, u3;
  logic [4:0]      nm_rd, rs1, rs2, rs3;
  logic [1:0]      fa, fb, fc;
  always_comb begin
    for (int md = 0; md < 2; md++) begin
      xf      = x_valid_q && !((m_valid_q && md == 0) || x_hz_q) && !x_kill;
      mf      = m_valid_q && md == 1;
      xfree   = !x_valid_q || xf || x_kill;
      nm_wr   = xf ? (x_ctl_q.rd_wr && x_insn_q[11:7] != 5'd0) : (m_valid_q && !mf && m_rd_wr_q);
      nm_rd   = xf ? x_insn_q[11:7] : m_rd_q;
      nm_late = xf ? (x_ld || x_atom || x_mul) : m_late_q;
      nw_wr   = mf && m_rd_wr_q;
      // the sources of next cycle's X instruction: D's head when X takes it, else X's own
      rs1 = xfree ? d_insn[19:15] : x_insn_q[19:15];
      rs2 = xfree ? d_insn[24:20] : x_insn_q[24:20];
      rs3 = xfree ? d_insn[11:7]  : x_insn_q[11:7];
      u1  = xfree ? d_ops.u1 : x_ops_q.u1;
      u2  = xfree ? d_ops.u2 : x_ops_q.u2;
      u3  = xfree ? d_ops.u3 : x_ops_q.u3;
      fa  = fsel(rs1, u1, nm_wr, nm_rd, nw_wr, m_rd_q);
      fb  = fsel(rs2, u2, nm_wr, nm_rd, nw_wr, m_rd_q);
      fc  = fsel(rs3, u3, nm_wr, nm_rd, nw_wr, m_rd_q);
      n_fwd[md] = {nm_late && (fa[1] || fb[1] || fc[1]), fa, fb, fc};
    end
  end
  assign n_fwd_sel = m_done ? n_fwd[1] : n_fwd[0];

  // ==== X ====================================================================================
  assign x_a = x_fa_q[1] ? m_result_q : x_fa_q[0] ? w_rd_val_q : x_a_q;
  assign x_b = x_fb_q[1] ? m_result_q : x_fb_q[0] ? w_rd_val_q : x_b_q;
  assign x_c = x_fc_q[1] ? m_result_q : x_fc_q[0] ? w_rd_val_q : x_c_q;

  assign x_jal     = x_ctl_q.unit == shader_ctl_pkg::UnitJal;
  assign x_jalr    = x_ctl_q.unit == shader_ctl_pkg::UnitJalr;
  assign x_ld      = x_ctl_q.unit == shader_ctl_pkg::UnitLoad;
  assign x_st      = x_ctl_q.unit == shader_ctl_pkg::UnitStore;
  assign x_atom    = x_ctl_q.unit == shader_ctl_pkg::UnitAtom;
  assign x_csr     = x_ctl_q.unit == shader_ctl_pkg::UnitCsr;
  assign x_setmisc = x_ctl_q.unit == shader_ctl_pkg::UnitSetmisc;
  assign x_wfi     = x_ctl_q.unit == shader_ctl_pkg::UnitWfi;
  assign x_mul     = x_ctl_q.unit == shader_ctl_pkg::UnitAlu && x_ctl_q.alu == shader_ctl_pkg::AluMul;

  // the ALU: operand a is rs1 or the pc, b is rs2 or the immediate (chosen in D)
  shader_alu u_alu (
    .sel_i (x_sel_q),
    .a_i   (x_a),
    .b_i   (x_b),
    .y_o   (alu_y),
    .eq_o  (x_eq),
    .lt_o  (x_lt),
    .ltu_o (x_ltu)
  );

  // MUL, first half: the three 16 x 16 partial products of the low 32 bits (DSPs), registered
  // in M, which adds them (the result is late: forwarded from W)
  assign mul_ll = x_a[15:0] * x_b[15:0];
  assign mul_lh = 16'(x_a[15:0] * x_b[31:16]);
  assign mul_hl = 16'(x_a[31:16] * x_b[15:0]);

  // branch condition (funct3 of the B rows, decoded in D into x_bc_q: eq, ne, lt, ge, ltu,
  // geu) from the adder's a - b: one AND-OR after the compare
  assign x_taken = (x_bc_q[0] && x_eq) || (x_bc_q[1] && !x_eq) || (x_bc_q[2] && x_lt) ||
                   (x_bc_q[3] && !x_lt) || (x_bc_q[4] && x_ltu) || (x_bc_q[5] && !x_ltu);

  // the address adder (AGU), beside the ALU's: rs1 + imm / rs2, pc + imm; JALR's target
  assign x_agu = x_a + x_b;
  assign x_link = x_pc_q + 32'd4;
  assign x_tgt  = x_pc_q + x_imm_q;

  // memory address, size and checks (D5, D12, D14)
  assign x_mem      = x_ld || x_st || x_atom;
  assign x_addr     = x_atom ? x_a : x_agu;
  assign x_nbytes   = x_atom ? 3'd4 : (3'd1 << x_ctl_q.size);
  assign x_mem_kind = x_ld ? shader_pkg::MemLoad : x_st ? shader_pkg::MemStore :
                      x_atom ? shader_pkg::MemAtom : shader_pkg::MemNone;
  assign x_misaligned = (x_ld || x_st) && ((x_addr[1:0] & 2'(x_nbytes - 3'd1)) != 2'd0);

  // CSRs (D11): the value read, whether the number exists and is read-only
  always_comb begin
    csr_known = 1'b1;
    csr_ro    = 1'b1;
    csr_old   = 32'd0;
    unique case (x_insn_q[31:20])
      shader_pkg::CsrStatus:     begin csr_old = status_rd; csr_ro = 1'b0; end
      shader_pkg::CsrConfig:     begin csr_old = config_q; csr_ro = 1'b0; end
      shader_pkg::CsrCoreId:     csr_old = 32'(CoreId);
      shader_pkg::CsrTileOffset: csr_old = toff_q;
      shader_pkg::CsrTime:       csr_old = time_i;
      shader_pkg::CsrArgBase:    csr_old = arg_q;
      shader_pkg::CsrNcores:     csr_old = 32'(NumCores);
      default:                   csr_known = 1'b0;
    endcase
    if (x_setmisc) begin
      csr_old = config_q;
    end
  end
  assign csr_writes = (x_insn_q[14:12] == 3'b001) || (x_insn_q[19:15] != 5'd0);
  always_comb begin
    if (x_setmisc) begin
      csr_new = (config_q & ~{26'd0, x_insn_q[31:26]}) | ({26'd0, x_insn_q[25:20]} & {26'd0, x_insn_q[31:26]});
    end else if (x_insn_q[14:12] == 3'b001) begin
      csr_new = x_a;
    end else begin
      csr_new = csr_old | x_a;
    end
  end
  assign x_csr_wr = x_setmisc || (x_csr && csr_writes);

  // faults (D12): everything is known here. Each check is limited to its unit, so a CSR
  // write, for example, does not wait for the address checks.
  assign x_trap_csr   = x_csr && (!csr_known || (csr_ro && csr_writes));
  assign x_trap_atom  = x_atom && x_a[1:0] != 2'd0;
  // the access ends past the 32 MiB: a high bit set, or the last word with bytes beyond it
  // (a byte never crosses; a half crosses at offset 3; a word at any offset but 0); checked
  // per unit on its own address, the AGU's sum or rs1, so no address mux before the check
  function automatic logic past_end(logic [31:0] a, logic [1:0] size);
    past_end = a[31:25] != 7'd0 ||
               ((&a[24:2]) && (size == 2'd2 ? a[1:0] != 2'd0 : (size == 2'd1 && a[1:0] == 2'd3)));
  endfunction
  assign x_trap_range = ((x_ld || x_st) && past_end(x_agu, x_ctl_q.size)) ||
                        (x_atom && past_end(x_a, 2'd2));
  always_comb begin
    x_trap = x_trap_in_q;
    if (x_trap == shader_pkg::TrapNone) begin
      if (x_ctl_q.unit == shader_ctl_pkg::UnitIllegal || x_trap_csr) begin
        x_trap = shader_pkg::TrapIllegal;
      end else if (x_trap_atom) begin
        x_trap = shader_pkg::TrapAtomMisaligned;
      end else if (x_trap_range) begin
        x_trap = shader_pkg::TrapMemRange;
      end
    end
  end

  // result (one AND-OR: the ALU's groups, the link, the CSR value) and next pc
  assign x_result = alu_y | ({32{x_jal || x_jalr}} & x_link) | ({32{x_csr || x_setmisc}} & csr_old);
  always_comb begin
    x_next_pc = x_link;
    if (x_jal || x_taken) begin
      x_next_pc = x_tgt;
    end else if (x_jalr) begin
      x_next_pc = {x_agu[31:1], 1'b0};
    end
  end
  // (a fault's next pc is its own pc: chosen from M's registers on the way to W)

  // X moves on unless M is still busy or a source is a late result still in M (both decided
  // from registers, except M's done: the memory response, the barrier release)
  assign x_stall = (m_valid_q && !m_done) || x_hz_q;
  assign x_fire  = x_valid_q && !x_stall && !x_kill;

  // fetch control from X, registered: fetch predicts JAL and backward branches taken
  // (shader_fetch); a JALR, or a branch whose prediction was wrong, redirects fetch in the
  // next cycle to its next pc (redir_q; a fault token carries the illegal unit, so these units
  // never fault), a fault or WFI stops fetching from the next cycle (halt_q); either way the
  // instruction that entered X behind it is dropped then, before it can fire (x_kill). A stop
  // in the same cycle wins.
  assign redirect    = redir_q && !stop_i;
  assign redirect_pc = redir_pc_q;
  assign fetch_halt  = stop_i || halt_q;
  // the tile's port may grant this core for next cycle, when the request would appear
  assign dm_req_hint_o = x_valid_q && x_mem && !redir_q;

  // ==== M ====================================================================================
  shader_lsu #(.MemAw(MemAw)) u_lsu (
    .clk_i, .rst_ni,
    .start_i   (x_fire && x_mem),
    .cancel_i  (x_trap != shader_pkg::TrapNone),
    .kind_i    (x_mem_kind),
    .addr_i    (x_addr[MemAw-1:0]),
    .size_i    (x_atom ? 2'd2 : x_ctl_q.size),
    .wdata_i   ((x_st || (x_atom && x_insn_q[14:12] == 3'b100)) ? x_c : x_b),
    .amo_op_i  (x_insn_q[14:12]),
    .amo_cmp_i (x_b),
    .busy_o    (lsu_busy),
    .done_o    (lsu_done),
    .raw_o     (lsu_raw),
    .dm_req_valid_o, .dm_req_ready_i, .dm_req_addr_o, .dm_req_we_o, .dm_req_wdata_o,
    .dm_req_be_o, .dm_req_amo_o, .dm_req_amo_op_o, .dm_req_amo_cmp_o, .dm_req_more_o,
    .dm_rsp_valid_i, .dm_rsp_rdata_i
  );

  // MUL, second half: the partial products added
  assign m_prod = m_pll_q + {m_plh_q + m_phl_q, 16'd0};

  always_comb begin
    m_done = 1'b1;
    if (m_mem_q != shader_pkg::MemNone) begin
      m_done = lsu_done;
    end else if (m_unit_q == shader_ctl_pkg::UnitBarrier) begin
      m_done = bar_go_i;
    end
  end
  assign m_fire     = m_valid_q && m_done;
  assign bar_wait_o = m_valid_q && m_unit_q == shader_ctl_pkg::UnitBarrier;

  // the record of a memory instruction: raw bytes, rd value, written bytes
  assign m_raw = (m_size_q == 2'd0) ? {24'd0, lsu_raw[7:0]} :
                 (m_size_q == 2'd1) ? {16'd0, lsu_raw[15:0]} : lsu_raw;
  always_comb begin
    m_rd_val = m_mul_q ? m_prod : m_result_q;
    m_wdata  = 32'd0;
    m_wmask  = 4'd0;
    unique case (m_mem_q)
      shader_pkg::MemLoad: begin
        m_rd_val = (m_size_q == 2'd0) ? {{24{m_raw[7]}}, m_raw[7:0]} :
                   (m_size_q == 2'd1) ? {{16{m_raw[15]}}, m_raw[15:0]} : m_raw;
      end
      shader_pkg::MemStore: begin
        m_wdata = (m_size_q == 2'd0) ? {24'd0, m_wdata_q[7:0]} :
                  (m_size_q == 2'd1) ? {16'd0, m_wdata_q[15:0]} : m_wdata_q;
        m_wmask = (m_size_q == 2'd0) ? 4'h1 : (m_size_q == 2'd1) ? 4'h3 : 4'hF;
      end
      shader_pkg::MemAtom: begin
        m_rd_val = m_raw; // the written value of the record is made in W (w_amo_q)
        m_wdata  = m_wdata_q;
      end
      default: ;
    endcase
  end

  // ==== W ====================================================================================
  assign w_we = w_valid_q && w_rd_wr_q;

  // the record of an atomic: the value written, from the old word (w_rdata_q) and the operand
  // (w_wdata_q), only for the retirement port (the tile's atomic unit does the write)
  always_comb begin
    unique case (w_insn_q[14:12]) // the atomic operation (funct3)
      3'd0:    amo_new = w_rdata_q + w_wdata_q;
      3'd1:    amo_new = ($signed(w_rdata_q) < $signed(w_wdata_q)) ? w_rdata_q : w_wdata_q;
      3'd2:    amo_new = ($signed(w_rdata_q) > $signed(w_wdata_q)) ? w_rdata_q : w_wdata_q;
      3'd3:    amo_new = w_wdata_q;
      3'd4:    amo_new = w_wdata_q; // CAS: the new value (written only if old == expected)
      3'd5:    amo_new = w_rdata_q & w_wdata_q;
      3'd6:    amo_new = w_rdata_q | w_wdata_q;
      default: amo_new = w_rdata_q ^ w_wdata_q;
    endcase
    w_amo_wr = w_amo_q && (w_insn_q[14:12] != 3'd4 || w_rdata_q == w_cmp_q);
  end

  assign status_rd = mis_q ? (status_q | shader_pkg::StatusMisaligned) : status_q;

  // ==== state and pipeline registers ==========================================================
  always_comb begin
    act_d      = act_q;
    halted_d   = halted_q;
    fault_d    = fault_q;
    stopping_d = stopping_q || (stop_i && act_q);
    status_d   = status_q;
    config_d   = config_q;
    // a misaligned load or store that does not fault sets STATUS, one cycle after it leaves X
    // (mis_q: the flag is known at the end of the address adder and its checks; an instruction
    // reading STATUS in that cycle sees it through status_rd); a CSR write that does not fault
    // (the only fault of the CSR units) writes, and being younger, wins
    if (mis_q) begin
      status_d = status_q | shader_pkg::StatusMisaligned;
    end
    if (x_fire && x_csr_wr && !x_trap_csr) begin
      if (x_csr && x_insn_q[31:20] == shader_pkg::CsrStatus) begin
        status_d = csr_new & shader_pkg::StatusMask;
      end else begin
        config_d = csr_new & shader_pkg::ConfigMask;
      end
    end
    if (w_valid_q && w_trap_q != shader_pkg::TrapNone) begin
      act_d   = 1'b0;
      fault_d = 1'b1;
    end else if (w_valid_q && w_unit_q == shader_ctl_pkg::UnitWfi) begin
      act_d    = 1'b0;
      halted_d = 1'b1;
    end
    if (stopping_q && !x_valid_q && !m_valid_q && !w_valid_q) begin
      act_d      = 1'b0;
      stopping_d = 1'b0;
    end
    if (start_i && !act_q) begin
      act_d      = 1'b1;
      halted_d   = 1'b0;
      fault_d    = 1'b0;
      stopping_d = 1'b0;
      status_d   = 32'd0;
      config_d   = 32'd0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      act_q      <= 1'b0;
      halted_q   <= 1'b0;
      fault_q    <= 1'b0;
      stopping_q <= 1'b0;
      status_q   <= 32'd0;
      config_q   <= 32'd0;
      arg_q      <= 32'd0;
      toff_q     <= 32'd0;
      order_q    <= 64'd0;
      halt_q     <= 1'b0;
      mis_q      <= 1'b0;
      redir_q    <= 1'b0;
      redir_pc_q <= 32'd0;
    end else begin
      halt_q     <= x_fire && (x_trap != shader_pkg::TrapNone || x_wfi);
      mis_q      <= x_fire && x_misaligned && x_trap == shader_pkg::TrapNone;
      redir_q    <= x_fire && ((x_jal || x_jalr || x_taken) != x_pred_q);
      redir_pc_q <= x_next_pc;
      act_q      <= act_d;
      halted_q   <= halted_d;
      fault_q    <= fault_d;
      stopping_q <= stopping_d;
      status_q   <= status_d;
      config_q   <= config_d;
      if (start_i && !act_q) begin
        arg_q   <= arg_base_i;
        toff_q  <= tile_offset_i;
        order_q <= 64'd0;
      end else if (w_valid_q && w_trap_q == shader_pkg::TrapNone) begin
        order_q <= order_q + 64'd1;
      end
    end
  end

  // X: loaded from D's head whenever free (x_valid_q says whether it holds an instruction), or
  // holding with its operands refreshed from the forwarding network; the forwarding selects
  // and the hazard are recomputed every cycle for next cycle's X instruction
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      x_valid_q   <= 1'b0;
      x_pred_q    <= 1'b0;
      x_insn_q    <= 32'd0;
      x_pc_q      <= 32'd0;
      x_a_q       <= 32'd0;
      x_b_q       <= 32'd0;
      x_c_q       <= 32'd0;
      x_imm_q     <= 32'd0;
      x_ctl_q     <= shader_ctl_pkg::ctl('0);
      x_sel_q     <= '0;
      x_ops_q     <= '0;
      x_bc_q      <= 6'd0;
      x_trap_in_q <= shader_pkg::TrapNone;
      x_fa_q      <= 2'd0;
      x_fb_q      <= 2'd0;
      x_fc_q      <= 2'd0;
      x_hz_q      <= 1'b0;
    end else begin
      {x_hz_q, x_fa_q, x_fb_q, x_fc_q} <= n_fwd_sel;
      if (x_free) begin
        x_valid_q   <= d_valid && !x_kill;
        x_insn_q    <= d_insn;
        x_pc_q      <= d_pc;
        x_pred_q    <= d_pred;
        x_a_q       <= d_ops.a_pc ? d_pc : d_a;
        x_b_q       <= !d_ops.b_imm ? d_b : d_ops.imm_u ? d_imm_u : d_imm_i;
        x_c_q       <= d_c;
        x_imm_q     <= d_ops.tgt_j ? d_imm_j : d_imm_b;
        x_ops_q     <= d_ops;
        x_bc_q      <= d_bc;
        x_ctl_q     <= (d_ftrap != shader_pkg::TrapNone) ? shader_ctl_pkg::ctl('0) : d_ctl;
        x_sel_q     <= shader_ctl_pkg::alu_sel(d_ctl.alu, (d_ftrap != shader_pkg::TrapNone) ?
                                               shader_ctl_pkg::UnitIllegal : d_ctl.unit);
        x_trap_in_q <= d_ftrap;
      end else begin
        x_a_q <= x_a;
        x_b_q <= x_b;
        x_c_q <= x_c;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      m_valid_q     <= 1'b0;
      m_insn_q      <= 32'd0;
      m_pc_q        <= 32'd0;
      m_next_pc_q   <= 32'd0;
      m_result_q    <= 32'd0;
      m_rd_q        <= 5'd0;
      m_rd_wr_q     <= 1'b0;
      m_late_q      <= 1'b0;
      m_mul_q       <= 1'b0;
      m_pll_q       <= 32'd0;
      m_plh_q       <= 16'd0;
      m_phl_q       <= 16'd0;
      m_unit_q      <= shader_ctl_pkg::UnitAlu;
      m_mem_q       <= shader_pkg::MemNone;
      m_addr_q      <= 32'd0;
      m_size_q      <= 2'd0;
      m_wdata_q     <= 32'd0;
      m_cmp_q       <= 32'd0;
      m_csr_wr_q    <= 1'b0;
      m_csr_q       <= 12'd0;
      m_csr_val_q   <= 32'd0;
      m_trap_q      <= shader_pkg::TrapNone;
    end else if (x_fire) begin
      m_valid_q     <= 1'b1;
      m_insn_q      <= x_insn_q;
      m_pc_q        <= x_pc_q;
      m_next_pc_q   <= x_next_pc;
      m_result_q    <= x_result;
      m_rd_q        <= x_insn_q[11:7];
      m_rd_wr_q     <= x_ctl_q.rd_wr && x_insn_q[11:7] != 5'd0 && x_trap == shader_pkg::TrapNone;
      m_late_q      <= x_ld || x_atom || x_mul;
      m_mul_q       <= x_mul;
      m_pll_q       <= mul_ll;
      m_plh_q       <= mul_lh;
      m_phl_q       <= mul_hl;
      m_unit_q      <= x_ctl_q.unit;
      m_mem_q       <= (x_trap == shader_pkg::TrapNone) ? x_mem_kind : shader_pkg::MemNone;
      m_addr_q      <= x_addr;
      m_size_q      <= x_atom ? 2'd2 : x_ctl_q.size;
      m_wdata_q     <= (x_st || (x_atom && x_insn_q[14:12] == 3'b100)) ? x_c : x_b;
      m_cmp_q       <= x_b;
      m_csr_wr_q    <= x_csr_wr && x_trap == shader_pkg::TrapNone;
      m_csr_q       <= x_setmisc ? shader_pkg::CsrConfig : x_insn_q[31:20];
      m_csr_val_q   <= (x_csr && x_insn_q[31:20] == shader_pkg::CsrStatus)
                       ? (csr_new & shader_pkg::StatusMask) : (csr_new & shader_pkg::ConfigMask);
      m_trap_q      <= x_trap;
    end else if (m_fire) begin
      m_valid_q <= 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      w_valid_q     <= 1'b0;
      w_pc_q        <= 32'd0;
      w_insn_q      <= 32'd0;
      w_next_pc_q   <= 32'd0;
      w_rd_wr_q     <= 1'b0;
      w_rd_q        <= 5'd0;
      w_rd_val_q    <= 32'd0;
      w_mem_q       <= shader_pkg::MemNone;
      w_addr_q      <= 32'd0;
      w_size_q      <= 3'd0;
      w_rdata_q     <= 32'd0;
      w_wdata_q     <= 32'd0;
      w_wmask_q     <= 4'd0;
      w_amo_q       <= 1'b0;
      w_cmp_q       <= 32'd0;
      w_csr_wr_q    <= 1'b0;
      w_csr_q       <= 12'd0;
      w_csr_val_q   <= 32'd0;
      w_unit_q      <= shader_ctl_pkg::UnitAlu;
      w_trap_q      <= shader_pkg::TrapNone;
      w_trap_addr_q <= 32'd0;
    end else begin
      w_valid_q <= m_fire;
      if (m_fire) begin
        w_pc_q        <= m_pc_q;
        w_insn_q      <= m_insn_q;
        w_next_pc_q   <= (m_trap_q != shader_pkg::TrapNone) ? m_pc_q : m_next_pc_q;
        w_rd_wr_q     <= m_rd_wr_q;
        w_rd_q        <= m_rd_q;
        w_rd_val_q    <= m_rd_val;
        w_mem_q       <= m_mem_q;
        w_addr_q      <= (m_mem_q != shader_pkg::MemNone) ? m_addr_q : 32'd0;
        w_size_q      <= (m_mem_q != shader_pkg::MemNone) ? 3'd1 << m_size_q : 3'd0;
        w_rdata_q     <= ((m_mem_q == shader_pkg::MemLoad || m_mem_q == shader_pkg::MemAtom)) ? m_raw : 32'd0;
        w_wdata_q     <= m_wdata;
        w_wmask_q     <= m_wmask;
        w_amo_q       <= m_mem_q == shader_pkg::MemAtom;
        w_cmp_q       <= m_cmp_q;
        w_csr_wr_q    <= m_csr_wr_q;
        w_csr_q       <= m_csr_wr_q ? m_csr_q : 12'd0;
        w_csr_val_q   <= m_csr_wr_q ? m_csr_val_q : 32'd0;
        w_unit_q      <= m_unit_q;
        w_trap_q      <= m_trap_q;
        w_trap_addr_q <= (m_trap_q == shader_pkg::TrapMemRange || m_trap_q == shader_pkg::TrapAtomMisaligned)
                         ? m_addr_q : 32'd0;
      end
    end
  end

  // ==== outputs ===============================================================================
  assign idle_o   = !act_q;
  assign halted_o = halted_q;
  assign fault_o  = fault_q;
  assign status_o = status_q;

  assign rv_valid_o     = w_valid_q;
  assign rv_order_o     = order_q;
  assign rv_pc_o        = w_pc_q;
  assign rv_insn_o      = w_insn_q;
  assign rv_next_pc_o   = w_next_pc_q;
  assign rv_rd_wr_o     = w_rd_wr_q;
  assign rv_rd_o        = w_rd_wr_q ? w_rd_q : 5'd0;
  assign rv_rd_val_o    = w_rd_wr_q ? w_rd_val_q : 32'd0;
  assign rv_mem_o       = w_mem_q;
  assign rv_mem_addr_o  = w_addr_q;
  assign rv_mem_size_o  = w_size_q;
  assign rv_mem_rdata_o = w_rdata_q;
  assign rv_mem_wdata_o = w_amo_q ? (w_amo_wr ? amo_new : 32'd0) : w_wdata_q;
  assign rv_mem_wmask_o = w_amo_q ? (w_amo_wr ? 4'hF : 4'h0) : w_wmask_q;
  assign rv_csr_wr_o    = w_csr_wr_q;
  assign rv_csr_o       = w_csr_q;
  assign rv_csr_val_o   = w_csr_val_q;
  assign rv_trap_o      = w_trap_q;
  assign rv_trap_addr_o = w_trap_addr_q;

  // lsu_busy is implied by m_done (the LSU finishes the M instruction); the operand fields of
  // the control words were used in D
  logic unused;
  assign unused = lsu_busy ^ (^{x_ctl_q.imm, x_ctl_q.use_rs1, x_ctl_q.use_rs2, x_ctl_q.use_rd,
                                x_ctl_q.a_pc, x_ctl_q.b_imm, x_ops_q.a_pc, x_ops_q.b_imm,
                                x_ops_q.imm_u, x_ops_q.tgt_j});

endmodule
