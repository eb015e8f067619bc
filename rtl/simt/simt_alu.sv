// simt_alu - per-thread arithmetic unit of a SIMT core (seed 002, ADDENDUM section 7).
//
// What: combinational 8-bit ALU for ADD, SUB, MUL (low 8 bits), CONST and the CMP condition
//   code. All arithmetic wraps modulo 256. DIV is not here: it is the multi-cycle simt_div
//   (a combinational divider was the critical path of the whole GPU). MUL is not computed
//   here either: the core registers the product of its operand registers (prod_i, one cycle
//   later; an 8x8 multiplier is about 4 ns in an ECP5 DSP block, too slow to sit between
//   the operand registers and the register-file write and bypass at 100 MHz), and the ALU
//   only selects it.
// Spec: CMP sets NZP from the sign of signed8(a) - signed8(b), computed in 9 bits so it never
//   wraps (n = a < b, z = a == b, p = a > b as signed values).
// Latency/throughput: combinational, one result per cycle.
// Illegal input: opcodes without an ALU result (NOP, BR, DIV, LDR, STR, JMP, RET, reserved) give
//   result 0; the caller ignores it.
// Reset: no state.
module simt_alu (
  input  logic [3:0] op_i,
  input  logic [7:0] a_i,
  input  logic [7:0] b_i,
  input  logic [7:0] imm_i,
  input  logic [7:0] prod_i,    // low 8 bits of a_i * b_i, registered by the caller
  output logic [7:0] result_o,
  output logic [2:0] nzp_o     // {n, z, p}
);

  logic [8:0]  diff;

  always_comb begin
    diff = {a_i[7], a_i} - {b_i[7], b_i};
    nzp_o = {diff[8], diff == 9'd0, !diff[8] && diff != 9'd0};
    result_o = 8'd0;
    unique case (op_i)
      simt_pkg::OP_ADD:   result_o = a_i + b_i;
      simt_pkg::OP_SUB:   result_o = a_i - b_i;
      simt_pkg::OP_MUL:   result_o = prod_i;
      simt_pkg::OP_CONST: result_o = imm_i;
      default:            result_o = 8'd0;
    endcase
  end

endmodule
