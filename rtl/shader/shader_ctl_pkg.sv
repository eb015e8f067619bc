// shader_ctl_pkg - the shader core's internal control word and the decoder that makes it from a
// decode-table row (shader_pkg::op_e, generated from the C table): which unit executes the
// instruction, which ALU operation, which operands (register, pc, immediate of which format)
// and whether rd is written. Semantics: docs/shader.md (D1-D15), the C execute functions of
// sw/shader/shader_isa.c are the reference.
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

  // the control word of a row
  function automatic ctl_t ctl(shader_pkg::op_e op);
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
    unique case (op)
      shader_pkg::OpAdd:   c.alu = shader_ctl_pkg::AluAdd;
      shader_pkg::OpSub:   c.alu = shader_ctl_pkg::AluSub;
      shader_pkg::OpShl:   c.alu = shader_ctl_pkg::AluShl;
      shader_pkg::OpAbs:   begin c.alu = shader_ctl_pkg::AluAbs; c.use_rs2 = 1'b0; end
      shader_pkg::OpMin:   c.alu = shader_ctl_pkg::AluMin;
      shader_pkg::OpMax:   c.alu = shader_ctl_pkg::AluMax;
      shader_pkg::OpXor:   c.alu = shader_ctl_pkg::AluXor;
      shader_pkg::OpLsr:   c.alu = shader_ctl_pkg::AluLsr;
      shader_pkg::OpAsr:   c.alu = shader_ctl_pkg::AluAsr;
      shader_pkg::OpOr:    c.alu = shader_ctl_pkg::AluOr;
      shader_pkg::OpAnd:   c.alu = shader_ctl_pkg::AluAnd;
      shader_pkg::OpMul:   c.alu = shader_ctl_pkg::AluMul;
      shader_pkg::OpCmp:   c.alu = shader_ctl_pkg::AluCmp;
      shader_pkg::OpCmpu:  c.alu = shader_ctl_pkg::AluCmpu;
      shader_pkg::OpCmpeq: c.alu = shader_ctl_pkg::AluCmpeq;
      shader_pkg::OpClz:   begin c.alu = shader_ctl_pkg::AluClz; c.use_rs2 = 1'b0; end
      shader_pkg::OpCtz:   begin c.alu = shader_ctl_pkg::AluCtz; c.use_rs2 = 1'b0; end
      shader_pkg::OpAddi:  begin c.alu = shader_ctl_pkg::AluAdd; c.use_rs2 = 1'b0; c.b_imm = 1'b1; end
      shader_pkg::OpXori:  begin c.alu = shader_ctl_pkg::AluXor; c.use_rs2 = 1'b0; c.b_imm = 1'b1; end
      shader_pkg::OpOri:   begin c.alu = shader_ctl_pkg::AluOr;  c.use_rs2 = 1'b0; c.b_imm = 1'b1; end
      shader_pkg::OpAndi:  begin c.alu = shader_ctl_pkg::AluAnd; c.use_rs2 = 1'b0; c.b_imm = 1'b1; end
      shader_pkg::OpShli:  begin c.alu = shader_ctl_pkg::AluShl; c.use_rs2 = 1'b0; c.b_imm = 1'b1; c.imm = shader_ctl_pkg::ImmSh; end
      shader_pkg::OpLsri:  begin c.alu = shader_ctl_pkg::AluLsr; c.use_rs2 = 1'b0; c.b_imm = 1'b1; c.imm = shader_ctl_pkg::ImmSh; end
      shader_pkg::OpAsri:  begin c.alu = shader_ctl_pkg::AluAsr; c.use_rs2 = 1'b0; c.b_imm = 1'b1; c.imm = shader_ctl_pkg::ImmSh; end
      shader_pkg::OpLui:   begin
        c.alu = shader_ctl_pkg::AluPassB; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.b_imm = 1'b1; c.imm = shader_ctl_pkg::ImmU;
      end
      shader_pkg::OpBeq, shader_pkg::OpBne, shader_pkg::OpBlt, shader_pkg::OpBge,
      shader_pkg::OpBltu, shader_pkg::OpBgeu: begin
        c.unit = shader_ctl_pkg::UnitBranch; c.rd_wr = 1'b0; c.imm = shader_ctl_pkg::ImmB;
      end
      shader_pkg::OpJal:   begin
        c.unit = shader_ctl_pkg::UnitJal; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.imm = shader_ctl_pkg::ImmJ;
      end
      shader_pkg::OpJalr:  begin
        c.unit = shader_ctl_pkg::UnitJalr; c.use_rs2 = 1'b0; c.b_imm = 1'b1;
      end
      // loads and stores: address = a + b with the mode's operands (D5); size from the row
      shader_pkg::OpLbMi, shader_pkg::OpLhMi, shader_pkg::OpLwMi,
      shader_pkg::OpSbMi, shader_pkg::OpShMi, shader_pkg::OpSwMi: begin
        c.use_rs2 = 1'b0; c.b_imm = 1'b1;
      end
      shader_pkg::OpLbMp, shader_pkg::OpLhMp, shader_pkg::OpLwMp,
      shader_pkg::OpSbMp, shader_pkg::OpShMp, shader_pkg::OpSwMp: begin
        c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.a_pc = 1'b1; c.b_imm = 1'b1;
      end
      shader_pkg::OpLbMx, shader_pkg::OpLhMx, shader_pkg::OpLwMx,
      shader_pkg::OpSbMx, shader_pkg::OpShMx, shader_pkg::OpSwMx: begin
      end
      shader_pkg::OpLbMb, shader_pkg::OpLhMb, shader_pkg::OpLwMb,
      shader_pkg::OpSbMb, shader_pkg::OpShMb, shader_pkg::OpSwMb: begin
        c.use_rs2 = 1'b0; c.b_imm = 1'b1; c.imm = shader_ctl_pkg::ImmZero;
      end
      shader_pkg::OpAtomAdd, shader_pkg::OpAtomMin, shader_pkg::OpAtomMax,
      shader_pkg::OpAtomXchg, shader_pkg::OpAtomAnd, shader_pkg::OpAtomOr,
      shader_pkg::OpAtomXor: c.unit = shader_ctl_pkg::UnitAtom;
      shader_pkg::OpAtomCas: begin c.unit = shader_ctl_pkg::UnitAtom; c.use_rd = 1'b1; end
      shader_pkg::OpMembar:  begin
        c.unit = shader_ctl_pkg::UnitMembar; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.rd_wr = 1'b0;
      end
      shader_pkg::OpCsrrw, shader_pkg::OpCsrrs: begin c.unit = shader_ctl_pkg::UnitCsr; c.use_rs2 = 1'b0; end
      shader_pkg::OpSetmisc: begin c.unit = shader_ctl_pkg::UnitSetmisc; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; end
      shader_pkg::OpBarrier: begin
        c.unit = shader_ctl_pkg::UnitBarrier; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.rd_wr = 1'b0;
      end
      shader_pkg::OpWfi: begin
        c.unit = shader_ctl_pkg::UnitWfi; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.rd_wr = 1'b0;
      end
      default: begin // OpIllegal
        c.unit = shader_ctl_pkg::UnitIllegal; c.use_rs1 = 1'b0; c.use_rs2 = 1'b0; c.rd_wr = 1'b0;
      end
    endcase
    // memory rows: the unit and the size
    unique case (op)
      shader_pkg::OpLbMi, shader_pkg::OpLbMp, shader_pkg::OpLbMx, shader_pkg::OpLbMb: begin
        c.unit = shader_ctl_pkg::UnitLoad; c.size = 2'd0;
      end
      shader_pkg::OpLhMi, shader_pkg::OpLhMp, shader_pkg::OpLhMx, shader_pkg::OpLhMb: begin
        c.unit = shader_ctl_pkg::UnitLoad; c.size = 2'd1;
      end
      shader_pkg::OpLwMi, shader_pkg::OpLwMp, shader_pkg::OpLwMx, shader_pkg::OpLwMb: begin
        c.unit = shader_ctl_pkg::UnitLoad; c.size = 2'd2;
      end
      shader_pkg::OpSbMi, shader_pkg::OpSbMp, shader_pkg::OpSbMx, shader_pkg::OpSbMb: begin
        c.unit = shader_ctl_pkg::UnitStore; c.size = 2'd0; c.use_rd = 1'b1; c.rd_wr = 1'b0;
      end
      shader_pkg::OpShMi, shader_pkg::OpShMp, shader_pkg::OpShMx, shader_pkg::OpShMb: begin
        c.unit = shader_ctl_pkg::UnitStore; c.size = 2'd1; c.use_rd = 1'b1; c.rd_wr = 1'b0;
      end
      shader_pkg::OpSwMi, shader_pkg::OpSwMp, shader_pkg::OpSwMx, shader_pkg::OpSwMb: begin
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
