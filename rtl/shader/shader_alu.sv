// shader_alu - the shader core's integer ALU (docs/shader.md section "Instructions", D1-D3).
//
// What: one combinational result per operation of shader_ctl_pkg::alu_e: add, sub, shifts by
//   b[4:0], and/or/xor, signed min/max, ABS (wrapping), the CMP flag nibbles of the three forms
//   (D2: Z, N, C = borrow, V), CLZ/CTZ (32 for zero), pass-b (LUI) and the low 32 bits of the
//   product (MUL).
// Latency: combinational. The C reference is ex_* of sw/shader/shader_isa.c.
// Illegal input: none (every alu_e has a result; unknown values give 0).
module shader_alu (
  input  shader_ctl_pkg::alu_e op_i,
  input  logic [31:0]          a_i,
  input  logic [31:0]          b_i,
  output logic [31:0]          y_o
);

  logic [31:0] diff, clz, ctz;
  logic        lt_s, lt_u, eq, ovf;

  assign diff = a_i - b_i;
  assign eq   = a_i == b_i;
  assign lt_u = a_i < b_i;
  assign lt_s = $signed(a_i) < $signed(b_i);
  assign ovf  = (a_i[31] ^ b_i[31]) & (a_i[31] ^ diff[31]);

  // count leading / trailing zeros (32 for a zero operand)
  always_comb begin
    clz = 32'd32;
    for (int i = 0; i < 32; i++) begin
      if (a_i[i]) begin
        clz = 32'(31 - i);
      end
    end
    ctz = 32'd32;
    for (int i = 31; i >= 0; i--) begin
      if (a_i[i]) begin
        ctz = 32'(i);
      end
    end
  end

  always_comb begin
    y_o = 32'd0;
    unique case (op_i)
      shader_ctl_pkg::AluAdd:   y_o = a_i + b_i;
      shader_ctl_pkg::AluSub:   y_o = diff;
      shader_ctl_pkg::AluShl:   y_o = a_i << b_i[4:0];
      shader_ctl_pkg::AluLsr:   y_o = a_i >> b_i[4:0];
      shader_ctl_pkg::AluAsr:   y_o = 32'($signed(a_i) >>> b_i[4:0]);
      shader_ctl_pkg::AluAnd:   y_o = a_i & b_i;
      shader_ctl_pkg::AluOr:    y_o = a_i | b_i;
      shader_ctl_pkg::AluXor:   y_o = a_i ^ b_i;
      shader_ctl_pkg::AluMin:   y_o = lt_s ? a_i : b_i;
      shader_ctl_pkg::AluMax:   y_o = lt_s ? b_i : a_i;
      shader_ctl_pkg::AluAbs:   y_o = a_i[31] ? 32'd0 - a_i : a_i;
      shader_ctl_pkg::AluCmp:   y_o = {28'd0, ovf, lt_u, diff[31], eq};
      shader_ctl_pkg::AluCmpu:  y_o = {28'd0, 1'b0, lt_u, 1'b0, eq};
      shader_ctl_pkg::AluCmpeq: y_o = {31'd0, eq};
      shader_ctl_pkg::AluClz:   y_o = clz;
      shader_ctl_pkg::AluCtz:   y_o = ctz;
      shader_ctl_pkg::AluPassB: y_o = b_i;
      shader_ctl_pkg::AluMul:   y_o = a_i * b_i;
      default:                  y_o = 32'd0;
    endcase
  end

endmodule
