// shader_ctl_pkg - the shader core's internal control word and the decoder that makes it from the
// decode-table rows a word matches (shader_pkg::hits, generated from the C table): which unit
// executes the instruction, which ALU operation, which operands (register, pc, immediate of
// which format) and whether rd is written. Semantics: docs/shader.md (D1-D15), the C execute
// functions of sw/shader/shader_isa.c are the reference.
// Contract: types and pure functions only. Reference items as shader_ctl_pkg::NAME.
package shader_ctl_pkg;

  typedef enum logic [4:0] {
    AluAdd, AluSub, AluShl, AluLsr, AluAsr, AluAnd, AluOr, AluXor, AluMin, AluMax, AluAbs,
    AluCmp, AluCmpu, AluCmpeq, AluClz, AluCtz, AluPassB, AluMul
  } alu_e;

  typedef enum logic [3:0] {
    UnitAlu,      // ALU result into rd (also LUI, MUL)
    UnitBranch,   // B-type: compare rs1/rs2, target pc + imm
    UnitJal,      // rd = pc + 4, target pc + imm
    UnitJalr,     // rd = pc + 4, target (rs1 + imm) & ~1
    UnitLoad,     // address = ALU add of the operands
    UnitStore,
    UnitAtom,     // address = rs1
    UnitCsr,      // CSRRW / CSRRS
    UnitSetmisc,
    UnitMembar,
    UnitBarrier,
    UnitWfi,
    UnitIllegal   // no row matched (D12)
  } unit_e;

  typedef enum logic [2:0] {
    ImmI,     // imm[11:0] sign-extended
    ImmSh,    // imm[4:0] (shift amount)
    ImmU,     // imm[31:12] << 12
    ImmB,     // B offset
    ImmJ,     // J17 offset (D4)
    ImmZero   // 0 (the base addressing mode, D5)
  } imm_e;

  typedef struct packed {
    unit_e      unit;
    alu_e       alu;
    logic       use_rs1;    // reads rs1 (bits 19:15)
    logic       use_rs2;    // reads rs2 (bits 24:20)
    logic       use_rd;     // reads the rd field as a source (stores, CAS: D6, D8)
    logic       rd_wr;      // writes rd (when rd != 0)
    logic       a_pc;       // ALU operand a = pc (else rs1)
    logic       b_imm;      // ALU operand b = immediate (else rs2)
    imm_e       imm;
    logic [1:0] size;       // memory access: 0 byte, 1 half, 2 word
  } ctl_t;

  // the ALU's controls, decoded in D and registered with the instruction (shader_alu): one-hot
  // result groups (the result is an AND-OR of the groups, none selected gives 0) and the few
  // operation bits inside a group. The shared adder computes a - b when sub is set (SUB,
  // MIN/MAX, the CMP forms and the branch compares), a + b otherwise.
  typedef struct packed {
    logic       g_add;     // ADD, SUB (the shared adder)
    logic       g_logic;   // AND, OR, XOR, pass b (LUI)
    logic       g_shl;     // SHL
    logic       g_shr;     // LSR, ASR
    logic       g_minmax;  // MIN, MAX
    logic       g_abs;     // ABS
    logic       g_cmp;     // CMP, CMPU, CMPEQ
    logic       g_clz;     // CLZ
    logic       g_ctz;     // CTZ
    logic       sub;       // the adder subtracts
    logic [1:0] lop;       // logic: 0 and, 1 or, 2 xor, 3 pass b
    logic       sra;       // right shift is arithmetic
    logic       max;       // MAX (else MIN)
    logic [1:0] cmpk;      // 0 CMP, 1 CMPU, 2 CMPEQ
  } alu_sel_t;

  // the ALU controls of an operation; branches (unit UnitBranch) only use the adder's compare
  // outputs, MUL (the multiplier in shader_core) and every non-ALU unit select no group
  function automatic alu_sel_t alu_sel(alu_e op, unit_e unit);
    alu_sel_t s;
    s = '0;
    if (unit == shader_ctl_pkg::UnitAlu) begin
      unique case (op)
        shader_ctl_pkg::AluAdd:   s.g_add = 1'b1;
        shader_ctl_pkg::AluSub:   begin s.g_add = 1'b1; s.sub = 1'b1; end
        shader_ctl_pkg::AluShl:   s.g_shl = 1'b1;
        shader_ctl_pkg::AluLsr:   s.g_shr = 1'b1;
        shader_ctl_pkg::AluAsr:   begin s.g_shr = 1'b1; s.sra = 1'b1; end
        shader_ctl_pkg::AluAnd:   begin s.g_logic = 1'b1; s.lop = 2'd0; end
        shader_ctl_pkg::AluOr:    begin s.g_logic = 1'b1; s.lop = 2'd1; end
        shader_ctl_pkg::AluXor:   begin s.g_logic = 1'b1; s.lop = 2'd2; end
        shader_ctl_pkg::AluPassB: begin s.g_logic = 1'b1; s.lop = 2'd3; end
        shader_ctl_pkg::AluMin:   begin s.g_minmax = 1'b1; s.sub = 1'b1; end
        shader_ctl_pkg::AluMax:   begin s.g_minmax = 1'b1; s.sub = 1'b1; s.max = 1'b1; end
        shader_ctl_pkg::AluAbs:   s.g_abs = 1'b1;
        shader_ctl_pkg::AluCmp:   begin s.g_cmp = 1'b1; s.sub = 1'b1; s.cmpk = 2'd0; end
        shader_ctl_pkg::AluCmpu:  begin s.g_cmp = 1'b1; s.sub = 1'b1; s.cmpk = 2'd1; end
        shader_ctl_pkg::AluCmpeq: begin s.g_cmp = 1'b1; s.sub = 1'b1; s.cmpk = 2'd2; end
        shader_ctl_pkg::AluClz:   s.g_clz = 1'b1;
        shader_ctl_pkg::AluCtz:   s.g_ctz = 1'b1;
        default: ; // AluMul: the multiplier
      endcase
    end else if (unit == shader_ctl_pkg::UnitBranch) begin
      s.sub = 1'b1;
    end
    alu_sel = s;
  endfunction

  // the operands of an instruction word, from its opcode and funct3 only (a few LUTs, not the
  // whole decode): which register fields are sources that X may need forwarded, whether
  // operand a is the pc and b the immediate, and the immediate formats. Equal to ctl() on
  // every legal row where it matters: a and b (LoadMb/StoreMb read rs2, which is s0 in every
  // legal word, instead of a zero immediate; ABS/CLZ/CTZ "read" their rs2 field, also s0).
  // On an illegal word the values are unused (it faults in X) and at worst cause a
  // needless wait.
  typedef struct packed {
    logic u1;      // rs1 is operand a
    logic u2;      // rs2 is operand b
    logic u3;      // the rd field is a source (stores, CAS)
    logic a_pc;    // operand a = pc
    logic b_imm;   // operand b = immediate (I format, or U for LUI)
    logic imm_u;   // that immediate is the U format (LUI)
    logic tgt_j;   // the jump target offset is J17 (JAL), else B (branches)
  } ops_t;

  // funct3 of the two jumps under the BRANCH opcode (the other six values are the B rows)
  localparam logic [2:0] F3Jalr = 3'b010;
  localparam logic [2:0] F3Jal  = 3'b011;

  function automatic ops_t ops(logic [6:0] opc, logic [2:0] f3);
    ops_t o;
    o = '0;
    unique case (opc)
      shader_pkg::OpcInt:    begin o.u1 = 1'b1; o.u2 = 1'b1; end
      shader_pkg::OpcIntImm: begin o.u1 = 1'b1; o.b_imm = 1'b1; end
      shader_pkg::OpcLui:    begin o.b_imm = 1'b1; o.imm_u = 1'b1; end
      shader_pkg::OpcBranch: begin
        if (f3 == shader_ctl_pkg::F3Jalr) begin
          o.u1 = 1'b1; o.b_imm = 1'b1;
        end else if (f3 == shader_ctl_pkg::F3Jal) begin
          o.tgt_j = 1'b1;
        end else begin
          o.u1 = 1'b1; o.u2 = 1'b1;
        end
      end
      shader_pkg::OpcLoad, shader_pkg::OpcStore: begin
        o.u3 = opc[0];                 // stores (0x0d) read the rd field
        if (f3[2]) begin               // Mp: pc + imm
          o.a_pc = 1'b1; o.b_imm = 1'b1;
        end else if (f3 == 3'b011) begin // Mx, Mb: rs1 + rs2
          o.u1 = 1'b1; o.u2 = 1'b1;
        end else begin                 // Mi: rs1 + imm
          o.u1 = 1'b1; o.b_imm = 1'b1;
        end
      end
      shader_pkg::OpcAtom:   begin o.u1 = 1'b1; o.u2 = 1'b1; o.u3 = f3 == 3'b100; end
      shader_pkg::OpcSystem: o.u1 = f3 == 3'b001 || f3 == 3'b010;
      default: ;
    endcase
    ops = o;
  endfunction

  // the control word of a word, from its row compares (shader_pkg::hits: one bit per decode-table
  // row, at most one set; none set is an illegal word, D12). A case on the one-hot row bits
  // (unique: Verilator checks that at most one is set) makes every control bit an OR of the
  // compares of the rows that set it, a few LUT levels; a case on the row's number (op_e)
  // would first encode the row, then decode it again.
  function automatic ctl_t ctl(logic [shader_pkg::NumOps-1:0] h);
    ctl_t c;
    c.unit    = shader_ctl_pkg::UnitAlu;
    c.alu     = shader_ctl_pkg::AluAdd;
    c.use_rs1 = 1'b1;
    c.use_rs2 = 1'b1;
    c.use_rd  = 1'b0;
    c.rd_wr   = 1'b1;
    c.a_pc    = 1'b0;
    c.b_imm   = 1'b0;
    c.imm     = shader_ctl_pkg::ImmI;
    c.size    = 2'd2;
    unique case (1'b1)
      h[shader_pkg::OpAdd]:   c.alu = shader_ctl_pkg::AluAdd;
      h[shader_pkg::OpSub]:   c.alu = shader_ctl_pkg::AluSub;
      h[shader_pkg::OpShl]:   c.alu = shader_ctl_pkg::AluShl;
      h[shader_pkg::OpAbs]:   begin c.alu = shader_ctl_pkg::AluAbs; c.use_rs2 = 1'b0; end
      h[shader_pkg::OpMin]:   c.alu = shader_ctl_pkg::AluMin;
      h[shader_pkg::OpMax]:   c.alu = shader_ctl_pkg::AluMax;
      h[shader_pkg::OpXor]:   c.alu = shader_ctl_pkg::AluXor;
      h[shader_pkg::OpLsr]:   c.alu = shader_ctl_pkg::AluLsr;
      h[shader_pkg::OpAsr]:   c.alu = shader_ctl_pkg::AluAsr;
      h[shader_pkg::OpOr]:    c.alu = shader_ctl_pkg::AluOr;
      h[shader_pkg::OpAnd]:   c.alu = shader_ctl_pkg::AluAnd;
      h[shader_pkg::OpMul]:   c.alu = shader_ctl_pkg::AluMul;
      h[shader_pkg::OpCmp]:   c.alu = shader_ctl_pkg::AluCmp;
      h[shader_pkg::OpCmpu]:  c.alu = shader_ctl_pkg::AluCmpu;
      h[shader_pkg::OpCmpeq]: c.alu = shader_ctl_pkg::AluCmpeq;
      h[shader_pkg::OpClz]:   begin c.alu = shader_ctl_pkg::AluClz; c.use_rs2 = 1'b0; end
      h[shader_pkg::OpCtz]:   begin c.alu = shader_ctl_pkg::AluCtz; c.use_rs2 = 1'b0; end
      h[shader_pkg::OpAddi]:  begin c.alu = shader_ctl_pkg::AluAdd; c.use_rs2 = 1'b0; c.b_imm = 1'b1; end
      h[shader_pkg::OpXori]:  begin c.alu = shader_ctl_pkg::AluXor; c.use_rs2 = 1'b0; c.b_imm = 1'b1; end
      h[shader_pkg::OpOri]:   begin c.alu = shader_ctl_pkg::AluOr;  c.use_rs2 = 1'b0; c.b_imm = 1'b1; end
      h[shader_pkg::OpAndi]:  begin c.alu = shader_ctl_pkg::AluAnd; c.use_rs2 = 1'b0; c.b_imm = 1'b1; end
      h[shader_pkg::OpShli]:  begin c.alu = shader_ctl_pkg::AluShl; c.use_rs2 = 1'b0; c.b_imm = 1'b1; c.imm = shader_ctl_pkg::ImmSh; end
      h[shader_pkg::OpLsri]:  begin c.alu = shader_ctl_pkg::AluLsr; c.use_rs2 = 1'b0; c.b_imm = 1'b1; c.imm = shader_ctl_pkg::ImmSh; end
      h[shader_pkg::OpAsri]:  begin c.alu = shader_ctl_pkg::AluAsr; c.use_rs2 = 1'b0; c.b_imm = 1'b1; c.imm = shader_ctl_pkg::ImmSh; end
      h[shader_pkg::OpLui]:   begin
        c.alu = shader_ctl_pkg::AluPassB; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.b_imm = 1'b1; c.imm = shader_ctl_pkg::ImmU;
      end
      h[shader_pkg::OpBeq], h[shader_pkg::OpBne], h[shader_pkg::OpBlt], h[shader_pkg::OpBge],
      h[shader_pkg::OpBltu], h[shader_pkg::OpBgeu]: begin
        c.unit = shader_ctl_pkg::UnitBranch; c.rd_wr = 1'b0; c.imm = shader_ctl_pkg::ImmB;
      end
      h[shader_pkg::OpJal]:   begin
        c.unit = shader_ctl_pkg::UnitJal; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.imm = shader_ctl_pkg::ImmJ;
      end
      h[shader_pkg::OpJalr]:  begin
        c.unit = shader_ctl_pkg::UnitJalr; c.use_rs2 = 1'b0; c.b_imm = 1'b1;
      end
      // loads and stores: address = a + b with the mode's operands (D5); size from the row
      h[shader_pkg::OpLbMi], h[shader_pkg::OpLhMi], h[shader_pkg::OpLwMi],
      h[shader_pkg::OpSbMi], h[shader_pkg::OpShMi], h[shader_pkg::OpSwMi]: begin
        c.use_rs2 = 1'b0; c.b_imm = 1'b1;
      end
      h[shader_pkg::OpLbMp], h[shader_pkg::OpLhMp], h[shader_pkg::OpLwMp],
      h[shader_pkg::OpSbMp], h[shader_pkg::OpShMp], h[shader_pkg::OpSwMp]: begin
        c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.a_pc = 1'b1; c.b_imm = 1'b1;
      end
      h[shader_pkg::OpLbMx], h[shader_pkg::OpLhMx], h[shader_pkg::OpLwMx],
      h[shader_pkg::OpSbMx], h[shader_pkg::OpShMx], h[shader_pkg::OpSwMx]: begin
      end
      h[shader_pkg::OpLbMb], h[shader_pkg::OpLhMb], h[shader_pkg::OpLwMb],
      h[shader_pkg::OpSbMb], h[shader_pkg::OpShMb], h[shader_pkg::OpSwMb]: begin
        c.use_rs2 = 1'b0; c.b_imm = 1'b1; c.imm = shader_ctl_pkg::ImmZero;
      end
      h[shader_pkg::OpAtomAdd], h[shader_pkg::OpAtomMin], h[shader_pkg::OpAtomMax],
      h[shader_pkg::OpAtomXchg], h[shader_pkg::OpAtomAnd], h[shader_pkg::OpAtomOr],
      h[shader_pkg::OpAtomXor]: c.unit = shader_ctl_pkg::UnitAtom;
      h[shader_pkg::OpAtomCas]: begin c.unit = shader_ctl_pkg::UnitAtom; c.use_rd = 1'b1; end
      h[shader_pkg::OpMembar]:  begin
        c.unit = shader_ctl_pkg::UnitMembar; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.rd_wr = 1'b0;
      end
      h[shader_pkg::OpCsrrw], h[shader_pkg::OpCsrrs]: begin c.unit = shader_ctl_pkg::UnitCsr; c.use_rs2 = 1'b0; end
      h[shader_pkg::OpSetmisc]: begin c.unit = shader_ctl_pkg::UnitSetmisc; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; end
      h[shader_pkg::OpBarrier]: begin
        c.unit = shader_ctl_pkg::UnitBarrier; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.rd_wr = 1'b0;
      end
      h[shader_pkg::OpWfi]: begin
        c.unit = shader_ctl_pkg::UnitWfi; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.rd_wr = 1'b0;
      end
      default: begin // OpIllegal
        c.unit = shader_ctl_pkg::UnitIllegal; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.rd_wr = 1'b0;
      end
    endcase
    // memory rows: the unit and the size
    unique case (1'b1)
      h[shader_pkg::OpLbMi], h[shader_pkg::OpLbMp], h[shader_pkg::OpLbMx], h[shader_pkg::OpLbMb]: begin
        c.unit = shader_ctl_pkg::UnitLoad; c.size = 2'd0;
      end
      h[shader_pkg::OpLhMi], h[shader_pkg::OpLhMp], h[shader_pkg::OpLhMx], h[shader_pkg::OpLhMb]: begin
        c.unit = shader_ctl_pkg::UnitLoad; c.size = 2'd1;
      end
      h[shader_pkg::OpLwMi], h[shader_pkg::OpLwMp], h[shader_pkg::OpLwMx], h[shader_pkg::OpLwMb]: begin
        c.unit = shader_ctl_pkg::UnitLoad; c.size = 2'd2;
      end
      h[shader_pkg::OpSbMi], h[shader_pkg::OpSbMp], h[shader_pkg::OpSbMx], h[shader_pkg::OpSbMb]: begin
        c.unit = shader_ctl_pkg::UnitStore; c.size = 2'd0; c.use_rd = 1'b1; c.rd_wr = 1'b0;
      end
      h[shader_pkg::OpShMi], h[shader_pkg::OpShMp], h[shader_pkg::OpShMx], h[shader_pkg::OpShMb]: begin
        c.unit = shader_ctl_pkg::UnitStore; c.size = 2'd1; c.use_rd = 1'b1; c.rd_wr = 1'b0;
      end
      h[shader_pkg::OpSwMi], h[shader_pkg::OpSwMp], h[shader_pkg::OpSwMx], h[shader_pkg::OpSwMb]: begin
        c.unit = shader_ctl_pkg::UnitStore; c.size = 2'd2; c.use_rd = 1'b1; c.rd_wr = 1'b0;
      end
      default: ;
    endcase
    ctl = c;
  endfunction

  // the immediate of a format (from instruction bits 31:7)
  function automatic logic [31:0] imm(imm_e sel, logic [31:7] w);
    logic [31:0] v;
    unique case (sel)
      shader_ctl_pkg::ImmI:    v = {{20{w[31]}}, w[31:20]};
      shader_ctl_pkg::ImmSh:   v = {27'd0, w[24:20]};
      shader_ctl_pkg::ImmU:    v = {w[31:12], 12'd0};
      shader_ctl_pkg::ImmB:    v = {{19{w[31]}}, w[31], w[7], w[30:25], w[11:8], 1'b0};
      shader_ctl_pkg::ImmJ:    v = {{14{w[31]}}, w[31], w[19:15], w[20], w[30:21], 1'b0};
      default: v = 32'd0; // shader_ctl_pkg::ImmZero
    endcase
    imm = v;
  endfunction

endpackage
