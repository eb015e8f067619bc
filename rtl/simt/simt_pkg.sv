// simt_pkg - shared constants of the SIMT compute cluster (seed 002, ADDENDUM section 7).
//
// Contract: constants only (no logic). Opcodes follow the seed's encoding table; the C decode
// table in sw/simt/simt_isa.c is the single source of the encodings and must agree with these
// values (tests/simt checks the RTL against it instruction by instruction in lockstep).
// Reference items as simt_pkg::NAME (no wildcard imports; Yosys compatibility).
package simt_pkg;

  localparam int unsigned PCW  = 8;   // program counter width (PC wraps modulo 256)
  localparam int unsigned IW   = 16;  // instruction width
  localparam int unsigned NREG = 13;  // writable registers R0..R12

  // opcodes (instruction bits [15:12]); 4'h0 is NOP (no entry needed: every opcode
  // without an effect below executes as NOP)
  localparam logic [3:0] OP_BR    = 4'h1;
  localparam logic [3:0] OP_CMP   = 4'h2;
  localparam logic [3:0] OP_ADD   = 4'h3;
  localparam logic [3:0] OP_SUB   = 4'h4;
  localparam logic [3:0] OP_MUL   = 4'h5;
  localparam logic [3:0] OP_DIV   = 4'h6;
  localparam logic [3:0] OP_LDR   = 4'h7;
  localparam logic [3:0] OP_STR   = 4'h8;
  localparam logic [3:0] OP_CONST = 4'h9;
  localparam logic [3:0] OP_JMP   = 4'hA;
  localparam logic [3:0] OP_RET   = 4'hF;
  // 4'hB..4'hE are reserved and execute as NOP

  // special registers
  localparam logic [3:0] REG_BLOCKIDX  = 4'd13;
  localparam logic [3:0] REG_BLOCKDIM  = 4'd14;
  localparam logic [3:0] REG_THREADIDX = 4'd15;

  // result of DIV by zero (documented in docs/simt.md)
  localparam logic [7:0] DIV0_RESULT = 8'hFF;

endpackage
