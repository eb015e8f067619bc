// shader_core - one core of a shader tile: the scalar-integer part of the seed-000 ISA
// (docs/shader.md; decisions D1-D15; the C golden model is sw/shader/shader_iss.c).
//
// Pipeline (one instruction per clock on independent integer code):
//   F  shader_fetch: sequential fetch (predict pc + 4) into a 3-entry queue; fetch faults
//      become trap tokens.
//   D  the queue head: decode (shader_pkg::decode, the generated table; shader_ctl_pkg::ctl),
//      register read (three ports) with a bypass of the W-stage write.
//   X  operands from the D/X registers refreshed every cycle from the M and W results
//      (forwarding); ALU (shader_alu), branch compare and targets, address and its checks
//      (range, atomic alignment: D12; misalignment flag: D14), CSR read/write and SETMISC
//      (D9, D11). Every fault is known here, so the side effects of X (CSRs, STATUS) happen
//      when X passes its instruction to M and never need undoing. A taken branch or jump
//      redirects fetch (2 bubbles); a fault or WFI stops fetch and drops D.
//   M  shader_lsu for loads, stores and atomics (blocking: younger instructions wait), BARRIER
//      waits for the tile's release (bar_go_i) here; everything else passes in one cycle.
//   W  register write and the retirement port: one record per instruction (and per fault)
//      with exactly the fields of shd_ret_t (sw/shader/shader_isa.h), for the lockstep.
// Hazards: an X instruction reading the rd of a load or atomic still in M waits until it is
//   in W (load-use: 1 bubble after the data returns). MUL is a single-cycle ALU operation.
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

  // ---- F / D -------------------------------------------------------------------------------
  logic              d_valid, d_pop, redirect, fetch_halt;
  logic [31:0]       d_insn, d_pc, redirect_pc;
  shader_pkg::trap_e d_ftrap;
  shader_pkg::op_e   d_op;
  shader_ctl_pkg::ctl_t              d_ctl;
  logic [31:0]       rf_a, rf_b, rf_c, d_a, d_b, d_c;

  // ---- X -----------------------------------------------------------------------------------
  logic              x_valid_q;
  logic [31:0]       x_insn_q, x_pc_q, x_a_q, x_b_q, x_c_q, x_imm_q;
  shader_ctl_pkg::ctl_t              x_ctl_q;
  shader_pkg::trap_e x_trap_in_q;
  logic [31:0]       x_a, x_b, x_c, alu_a, alu_b, alu_y, x_result, x_next_pc, x_addr;
  logic              x_stall, x_fire, x_hazard, x_taken, x_mem;
  shader_pkg::trap_e x_trap;
  logic [2:0]        x_nbytes;
  logic [31:0]       csr_old, csr_new;
  logic              csr_known, csr_ro, csr_writes, x_csr_wr, x_misaligned;
  logic [1:0]        x_mem_kind;

  // ---- M -----------------------------------------------------------------------------------
  logic              m_valid_q, m_rd_wr_q, m_late_q, m_csr_wr_q;
  logic [31:0]       m_insn_q, m_pc_q, m_next_pc_q, m_result_q, m_addr_q, m_wdata_q, m_cmp_q;
  logic [31:0]       m_csr_val_q, m_trap_addr_q;
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
  logic              w_we;

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
    .d_pop_i    (d_pop)
  );

  // ==== D ====================================================================================
  assign d_op  = shader_pkg::decode(d_insn);
  assign d_ctl = shader_ctl_pkg::ctl(d_op);

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

  // the register written in this cycle's W is not in the file yet
  function automatic logic [31:0] wbyp(logic [4:0] r, logic [31:0] v, logic we, logic [4:0] wr,
                                       logic [31:0] wv);
    wbyp = (we && wr == r && r != 5'd0) ? wv : v;
  endfunction
  assign d_a = wbyp(d_insn[19:15], rf_a, w_we, w_rd_q, w_rd_val_q);
  assign d_b = wbyp(d_insn[24:20], rf_b, w_we, w_rd_q, w_rd_val_q);
  assign d_c = wbyp(d_insn[11:7],  rf_c, w_we, w_rd_q, w_rd_val_q);

  // D passes to X whenever X is free or moves on (a fault or WFI leaving X drops D instead)
  assign d_pop = d_valid && (!x_valid_q || x_fire) && !fetch_halt && !redirect;

  // ==== X ====================================================================================
  // forwarding: M (an ALU-type result; a load or atomic result is not ready: m_late_q) over W
  function automatic logic [31:0] fwd(logic [4:0] r, logic [31:0] v,
                                      logic m_ok, logic [4:0] m_r, logic [31:0] m_v,
                                      logic w_ok, logic [4:0] w_r, logic [31:0] w_v);
    if (r == 5'd0) begin
      fwd = 32'd0;
    end else if (m_ok && m_r == r) begin
      fwd = m_v;
    end else if (w_ok && w_r == r) begin
      fwd = w_v;
    end else begin
      fwd = v;
    end
  endfunction
  logic m_fwd_ok;
  assign m_fwd_ok = m_valid_q && m_rd_wr_q && !m_late_q;
  assign x_a = fwd(x_insn_q[19:15], x_a_q, m_fwd_ok, m_rd_q, m_result_q, w_we, w_rd_q, w_rd_val_q);
  assign x_b = fwd(x_insn_q[24:20], x_b_q, m_fwd_ok, m_rd_q, m_result_q, w_we, w_rd_q, w_rd_val_q);
  assign x_c = fwd(x_insn_q[11:7],  x_c_q, m_fwd_ok, m_rd_q, m_result_q, w_we, w_rd_q, w_rd_val_q);

  // load-use: a source that a load or atomic in M has not produced yet
  function automatic logic uses(logic [4:0] r, logic [4:0] rs1, logic [4:0] rs2, logic [4:0] rdf,
                                logic u1, logic u2, logic ud);
    uses = r != 5'd0 && ((u1 && rs1 == r) || (u2 && rs2 == r) || (ud && rdf == r));
  endfunction
  assign x_hazard = x_valid_q && m_valid_q && m_rd_wr_q && m_late_q &&
                    uses(m_rd_q, x_insn_q[19:15], x_insn_q[24:20], x_insn_q[11:7],
                         x_ctl_q.use_rs1, x_ctl_q.use_rs2, x_ctl_q.use_rd);

  assign alu_a = x_ctl_q.a_pc ? x_pc_q : x_a;
  assign alu_b = x_ctl_q.b_imm ? x_imm_q : x_b;

  shader_alu u_alu (
    .op_i (x_ctl_q.alu),
    .a_i  (alu_a),
    .b_i  (alu_b),
    .y_o  (alu_y)
  );

  // branch condition (funct3 of the B rows)
  always_comb begin
    unique case (x_insn_q[14:12])
      3'b000:  x_taken = x_a == x_b;
      3'b001:  x_taken = x_a != x_b;
      3'b100:  x_taken = $signed(x_a) < $signed(x_b);
      3'b101:  x_taken = $signed(x_a) >= $signed(x_b);
      3'b110:  x_taken = x_a < x_b;
      default: x_taken = x_a >= x_b;
    endcase
  end

  // memory address, size and checks (D5, D12, D14)
  assign x_mem      = (x_ctl_q.unit == shader_ctl_pkg::UnitLoad || x_ctl_q.unit == shader_ctl_pkg::UnitStore || x_ctl_q.unit == shader_ctl_pkg::UnitAtom);
  assign x_addr     = (x_ctl_q.unit == shader_ctl_pkg::UnitAtom) ? x_a : alu_y;
  assign x_nbytes   = (x_ctl_q.unit == shader_ctl_pkg::UnitAtom) ? 3'd4 : (3'd1 << x_ctl_q.size);
  assign x_mem_kind = (x_ctl_q.unit == shader_ctl_pkg::UnitLoad) ? shader_pkg::MemLoad :
                      (x_ctl_q.unit == shader_ctl_pkg::UnitStore) ? shader_pkg::MemStore :
                      (x_ctl_q.unit == shader_ctl_pkg::UnitAtom) ? shader_pkg::MemAtom : shader_pkg::MemNone;
  assign x_misaligned = ((x_ctl_q.unit == shader_ctl_pkg::UnitLoad || x_ctl_q.unit == shader_ctl_pkg::UnitStore)) &&
                        ((x_addr[1:0] & 2'(x_nbytes - 3'd1)) != 2'd0);

  // CSRs (D11): the value read, whether the number exists and is read-only
  always_comb begin
    csr_known = 1'b1;
    csr_ro    = 1'b1;
    csr_old   = 32'd0;
    unique case (x_insn_q[31:20])
      shader_pkg::CsrStatus:     begin csr_old = status_q; csr_ro = 1'b0; end
      shader_pkg::CsrConfig:     begin csr_old = config_q; csr_ro = 1'b0; end
      shader_pkg::CsrCoreId:     csr_old = 32'(CoreId);
      shader_pkg::CsrTileOffset: csr_old = toff_q;
      shader_pkg::CsrTime:       csr_old = time_i;
      shader_pkg::CsrArgBase:    csr_old = arg_q;
      shader_pkg::CsrNcores:     csr_old = 32'(NumCores);
      default:                   csr_known = 1'b0;
    endcase
    if (x_ctl_q.unit == shader_ctl_pkg::UnitSetmisc) begin
      csr_old = config_q;
    end
  end
  assign csr_writes = (x_insn_q[14:12] == 3'b001) || (x_insn_q[19:15] != 5'd0);
  always_comb begin
    if (x_ctl_q.unit == shader_ctl_pkg::UnitSetmisc) begin
      csr_new = (config_q & ~{26'd0, x_insn_q[31:26]}) | ({26'd0, x_insn_q[25:20]} & {26'd0, x_insn_q[31:26]});
    end else if (x_insn_q[14:12] == 3'b001) begin
      csr_new = x_a;
    end else begin
      csr_new = csr_old | x_a;
    end
  end
  assign x_csr_wr = (x_ctl_q.unit == shader_ctl_pkg::UnitSetmisc) || (x_ctl_q.unit == shader_ctl_pkg::UnitCsr && csr_writes);

  // faults (D12): everything is known here
  always_comb begin
    x_trap = x_trap_in_q;
    if (x_trap == shader_pkg::TrapNone) begin
      if (x_ctl_q.unit == shader_ctl_pkg::UnitIllegal) begin
        x_trap = shader_pkg::TrapIllegal;
      end else if (x_ctl_q.unit == shader_ctl_pkg::UnitCsr && (!csr_known || (csr_ro && csr_writes))) begin
        x_trap = shader_pkg::TrapIllegal;
      end else if (x_ctl_q.unit == shader_ctl_pkg::UnitAtom && x_addr[1:0] != 2'd0) begin
        x_trap = shader_pkg::TrapAtomMisaligned;
      end else if (x_mem && ({1'b0, x_addr} + 33'(x_nbytes) > 33'(shader_pkg::MemBytes))) begin
        x_trap = shader_pkg::TrapMemRange;
      end
    end
  end

  // result and next pc
  always_comb begin
    x_result  = alu_y;
    x_next_pc = x_pc_q + 32'd4;
    unique case (x_ctl_q.unit)
      shader_ctl_pkg::UnitJal: begin
        x_result  = x_pc_q + 32'd4;
        x_next_pc = x_pc_q + x_imm_q;
      end
      shader_ctl_pkg::UnitJalr: begin
        x_result  = x_pc_q + 32'd4;
        x_next_pc = {alu_y[31:1], 1'b0};
      end
      shader_ctl_pkg::UnitBranch: begin
        if (x_taken) begin
          x_next_pc = x_pc_q + x_imm_q;
        end
      end
      shader_ctl_pkg::UnitCsr, shader_ctl_pkg::UnitSetmisc: x_result = csr_old;
      default: ;
    endcase
    if (x_trap != shader_pkg::TrapNone) begin
      x_next_pc = x_pc_q;
    end
  end

  assign x_stall = (m_valid_q && !m_done) || x_hazard;
  assign x_fire  = x_valid_q && !x_stall && !stop_i;

  // fetch control from X: a jump or taken branch redirects; a fault or WFI stops fetching
  assign redirect    = x_fire && x_trap == shader_pkg::TrapNone &&
                       ((x_ctl_q.unit == shader_ctl_pkg::UnitJal || x_ctl_q.unit == shader_ctl_pkg::UnitJalr) || (x_ctl_q.unit == shader_ctl_pkg::UnitBranch && x_taken));
  assign redirect_pc = x_next_pc;
  assign fetch_halt  = stop_i || (x_fire && (x_trap != shader_pkg::TrapNone || x_ctl_q.unit == shader_ctl_pkg::UnitWfi));

  // ==== M ====================================================================================
  shader_lsu #(.MemAw(MemAw)) u_lsu (
    .clk_i, .rst_ni,
    .start_i   (x_fire && x_mem && x_trap == shader_pkg::TrapNone),
    .kind_i    (x_mem_kind),
    .addr_i    (x_addr[MemAw-1:0]),
    .size_i    ((x_ctl_q.unit == shader_ctl_pkg::UnitAtom) ? 2'd2 : x_ctl_q.size),
    .wdata_i   ((x_ctl_q.unit == shader_ctl_pkg::UnitStore) ? x_c :
                ((x_ctl_q.unit == shader_ctl_pkg::UnitAtom && x_insn_q[14:12] == 3'b100) ? x_c : x_b)),
    .amo_op_i  (x_insn_q[14:12]),
    .amo_cmp_i (x_b),
    .busy_o    (lsu_busy),
    .done_o    (lsu_done),
    .raw_o     (lsu_raw),
    .dm_req_valid_o, .dm_req_ready_i, .dm_req_addr_o, .dm_req_we_o, .dm_req_wdata_o,
    .dm_req_be_o, .dm_req_amo_o, .dm_req_amo_op_o, .dm_req_amo_cmp_o, .dm_req_more_o,
    .dm_rsp_valid_i, .dm_rsp_rdata_i
  );

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
    unique case (m_insn_q[14:12]) // the atomic operation (funct3)
      3'd0:    amo_new = m_raw + m_wdata_q;
      3'd1:    amo_new = ($signed(m_raw) < $signed(m_wdata_q)) ? m_raw : m_wdata_q;
      3'd2:    amo_new = ($signed(m_raw) > $signed(m_wdata_q)) ? m_raw : m_wdata_q;
      3'd3:    amo_new = m_wdata_q;
      3'd4:    amo_new = m_wdata_q; // CAS: the new value (written only if old == expected)
      3'd5:    amo_new = m_raw & m_wdata_q;
      3'd6:    amo_new = m_raw | m_wdata_q;
      default: amo_new = m_raw ^ m_wdata_q;
    endcase
  end
  always_comb begin
    m_rd_val = m_result_q;
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
        m_rd_val = m_raw;
        if (m_insn_q[14:12] != 3'd4 || m_raw == m_cmp_q) begin
          m_wdata = amo_new;
          m_wmask = 4'hF;
        end
      end
      default: ;
    endcase
  end

  // ==== W ====================================================================================
  assign w_we = w_valid_q && w_rd_wr_q;

  // ==== state and pipeline registers ==========================================================
  always_comb begin
    act_d      = act_q;
    halted_d   = halted_q;
    fault_d    = fault_q;
    stopping_d = stopping_q || (stop_i && act_q);
    status_d   = status_q;
    config_d   = config_q;
    if (x_fire && x_trap == shader_pkg::TrapNone) begin
      if (x_misaligned) begin
        status_d = status_q | shader_pkg::StatusMisaligned;
      end
      if (x_csr_wr) begin
        if (x_ctl_q.unit == shader_ctl_pkg::UnitCsr && x_insn_q[31:20] == shader_pkg::CsrStatus) begin
          status_d = csr_new & shader_pkg::StatusMask;
        end else begin
          config_d = csr_new & shader_pkg::ConfigMask;
        end
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
    end else begin
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

  // X: loaded from D, or holding with its operands refreshed from the forwarding network
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      x_valid_q   <= 1'b0;
      x_insn_q    <= 32'd0;
      x_pc_q      <= 32'd0;
      x_a_q       <= 32'd0;
      x_b_q       <= 32'd0;
      x_c_q       <= 32'd0;
      x_imm_q     <= 32'd0;
      x_ctl_q     <= shader_ctl_pkg::ctl(shader_pkg::OpIllegal);
      x_trap_in_q <= shader_pkg::TrapNone;
    end else begin
      if (d_pop) begin
        x_valid_q   <= 1'b1;
        x_insn_q    <= d_insn;
        x_pc_q      <= d_pc;
        x_a_q       <= d_a;
        x_b_q       <= d_b;
        x_c_q       <= d_c;
        x_imm_q     <= shader_ctl_pkg::imm(d_ctl.imm, d_insn[31:7]);
        x_ctl_q     <= (d_ftrap != shader_pkg::TrapNone) ? shader_ctl_pkg::ctl(shader_pkg::OpIllegal) : d_ctl;
        x_trap_in_q <= d_ftrap;
      end else if (x_fire || stop_i) begin
        x_valid_q <= 1'b0;
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
      m_trap_addr_q <= 32'd0;
    end else if (x_fire) begin
      m_valid_q     <= 1'b1;
      m_insn_q      <= x_insn_q;
      m_pc_q        <= x_pc_q;
      m_next_pc_q   <= x_next_pc;
      m_result_q    <= x_result;
      m_rd_q        <= x_insn_q[11:7];
      m_rd_wr_q     <= x_ctl_q.rd_wr && x_insn_q[11:7] != 5'd0 && x_trap == shader_pkg::TrapNone;
      m_late_q      <= (x_ctl_q.unit == shader_ctl_pkg::UnitLoad || x_ctl_q.unit == shader_ctl_pkg::UnitAtom);
      m_unit_q      <= x_ctl_q.unit;
      m_mem_q       <= (x_trap == shader_pkg::TrapNone) ? x_mem_kind : shader_pkg::MemNone;
      m_addr_q      <= x_addr;
      m_size_q      <= (x_ctl_q.unit == shader_ctl_pkg::UnitAtom) ? 2'd2 : x_ctl_q.size;
      m_wdata_q     <= (x_ctl_q.unit == shader_ctl_pkg::UnitStore ||
                        (x_ctl_q.unit == shader_ctl_pkg::UnitAtom && x_insn_q[14:12] == 3'b100)) ? x_c : x_b;
      m_cmp_q       <= x_b;
      m_csr_wr_q    <= x_csr_wr && x_trap == shader_pkg::TrapNone;
      m_csr_q       <= (x_ctl_q.unit == shader_ctl_pkg::UnitSetmisc) ? shader_pkg::CsrConfig : x_insn_q[31:20];
      m_csr_val_q   <= (x_ctl_q.unit == shader_ctl_pkg::UnitCsr && x_insn_q[31:20] == shader_pkg::CsrStatus)
                       ? (csr_new & shader_pkg::StatusMask) : (csr_new & shader_pkg::ConfigMask);
      m_trap_q      <= x_trap;
      m_trap_addr_q <= ((x_trap == shader_pkg::TrapMemRange || x_trap == shader_pkg::TrapAtomMisaligned))
                       ? x_addr : 32'd0;
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
        w_next_pc_q   <= m_next_pc_q;
        w_rd_wr_q     <= m_rd_wr_q;
        w_rd_q        <= m_rd_q;
        w_rd_val_q    <= m_rd_val;
        w_mem_q       <= m_mem_q;
        w_addr_q      <= (m_mem_q != shader_pkg::MemNone) ? m_addr_q : 32'd0;
        w_size_q      <= (m_mem_q != shader_pkg::MemNone) ? 3'd1 << m_size_q : 3'd0;
        w_rdata_q     <= ((m_mem_q == shader_pkg::MemLoad || m_mem_q == shader_pkg::MemAtom)) ? m_raw : 32'd0;
        w_wdata_q     <= m_wdata;
        w_wmask_q     <= m_wmask;
        w_csr_wr_q    <= m_csr_wr_q;
        w_csr_q       <= m_csr_wr_q ? m_csr_q : 12'd0;
        w_csr_val_q   <= m_csr_wr_q ? m_csr_val_q : 32'd0;
        w_unit_q      <= m_unit_q;
        w_trap_q      <= m_trap_q;
        w_trap_addr_q <= m_trap_addr_q;
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
  assign rv_mem_wdata_o = w_wdata_q;
  assign rv_mem_wmask_o = w_wmask_q;
  assign rv_csr_wr_o    = w_csr_wr_q;
  assign rv_csr_o       = w_csr_q;
  assign rv_csr_val_o   = w_csr_val_q;
  assign rv_trap_o      = w_trap_q;
  assign rv_trap_addr_o = w_trap_addr_q;

  // lsu_busy is implied by m_done (the LSU finishes the M instruction); the immediate's format
  // was used in D
  logic unused;
  assign unused = lsu_busy ^ (^x_ctl_q.imm);

endmodule
