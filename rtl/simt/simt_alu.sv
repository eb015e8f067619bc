// simt_alu - per-thread arithmetic unit of a SIMT core (seed 002, ADDENDUM section 7).
//
// What: combinational 8-bit ALU for ADD, SUB, MUL (low 8 bits), CONST and the CMP condition
//   code. All arithmetic wraps modulo 256. DIV is not here: it is the multi-cycle simt_div
//   (a combinational divider was the critical path of the whole GPU). MUL is not computed
//   here either: the core registers the product of its operand registers (prod_i, one cycle
//   later; an 8x8 multiplier is about 4 ns in an ECP5 DSP block, too slow to sit between
//   the operand registers and the register-file write and bypass at 100 MHz), and the ALU
//   only selects it.
// Timing: the operation comes pre-decoded from the core's registers (one-hot result selects,
//   sub_i); ADD, SUB and CMP share one 9-bit adder (a + ~b + 1 for SUB and CMP), and the
//   result is an AND-OR of the selects, so an operand register reaches the result through
//   one carry chain and one LUT.
// Spec: CMP sets NZP from the sign of signed8(a) - signed8(b), computed in 9 bits so it never
//   wraps (n = a < b, z = a == b, p = a > b as signed values).
// Latency/throughput: combinational, one result per cycle.
// Illegal input: without a result select (NOP, BR, CMP, DIV, LDR, STR, JMP, RET, reserved)
//   the result is 0; the caller ignores it. More than one select ORs the results (the core
//   never does that).
// Reset: no state.
module simt_alu (
  input  logic       sum_i,     // result = a + b (ADD) or a - b (SUB)
  input  logic       sub_i,     // the adder subtracts (SUB, CMP)
  input  logic       mul_i,     // result = prod_i (MUL)
  input  logic       const_i,   // result = imm_i (CONST)
  input  logic [7:0] a_i,
  input  logic [7:0] b_i,
  input  logic [7:0] imm_i,
  input  logic [7:0] prod_i,    // low 8 bits of a_i * b_i, registered by the caller
  output logic [7:0] result_o,
  output logic [2:0] nzp_o     // {n, z, p}
);

  logic [8:0] r9;   // {a7, a} +/- {b7, b}: the low 8 bits are the sum or difference

  always_comb begin
    r9       = {a_i[7], a_i} + ({b_i[7], b_i} ^ {9{sub_i}}) + 9'(sub_i);
    nzp_o    = {r9[8], r9 == 9'd0, !r9[8] && r9 != 9'd0};
    result_o = ({8{sum_i}} & r9[7:0]) | ({8{mul_i}} & prod_i) | ({8{const_i}} & imm_i);
  end

endmodule
