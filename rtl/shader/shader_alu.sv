// shader_alu - the shader core's integer ALU (docs/shader.md section "Instructions", D1-D3).
//
// What: the result groups of shader_ctl_pkg::alu_sel_t, combined as one AND-OR of the selected
//   group (none selected: 0): the shared adder (a + b, or a - b with sub), and/or/xor/pass-b
//   (LUI), shifts by b[4:0], signed MIN/MAX (from the adder's a - b), ABS (wrapping), the CMP
//   flag nibbles of the three forms (D2: Z, N, C = borrow, V) and CLZ/CTZ (32 for zero). The
//   compare outputs eq_o, lt_o (signed) and ltu_o are valid while sub is set (the branch
//   compares). MUL is not here: shader_core pipelines it over X and M.
// Latency: combinational; the selects come from registers (decoded in D), so the result is
//   the group's logic plus a two-level OR. The C reference is ex_* of sw/shader/shader_isa.c.
// Illegal input: more than one group selected gives the OR of their results (the decoder
//   never does it).
module shader_alu (
  input  shader_ctl_pkg::alu_sel_t sel_i,
  input  logic [31:0]              a_i,
  input  logic [31:0]              b_i,
  output logic [31:0]              y_o,
  output logic                     eq_o,    // a == b
  output logic                     lt_o,    // a < b signed (with sel_i.sub)
  output logic                     ltu_o    // a < b unsigned (with sel_i.sub)
);

  logic [33:0] sum34;
  logic [31:0] sum, lg, shl, shr, mm, ab, cmp, clz, ctz, neg;
  logic        ovf;

  // the shared adder: {a, 1} + {b ^ sub, sub} puts the carry-in in bit 0, bit 33 is the carry out
  assign sum34 = {1'b0, a_i, 1'b1} + {1'b0, b_i ^ {32{sel_i.sub}}, sel_i.sub};
  assign sum   = sum34[32:1];
  logic unused;
  assign unused = sum34[0]; // the carry-in position
  assign eq_o  = a_i == b_i;
  assign ltu_o = !sum34[33];
  assign lt_o  = (a_i[31] ^ b_i[31]) ? a_i[31] : sum[31];
  assign ovf   = (a_i[31] ^ b_i[31]) & (a_i[31] ^ sum[31]);

  always_comb begin
    unique case (sel_i.lop)
      2'd0:    lg = a_i & b_i;
      2'd1:    lg = a_i | b_i;
      2'd2:    lg = a_i ^ b_i;
      default: lg = b_i;
    endcase
  end

  assign shl = a_i << b_i[4:0];
  assign shr = 32'($signed({sel_i.sra & a_i[31], a_i}) >>> b_i[4:0]);
  assign mm  = (lt_o ^ sel_i.max) ? a_i : b_i;
  assign neg = 32'd0 - a_i;
  assign ab  = a_i[31] ? neg : a_i;

  always_comb begin
    unique case (sel_i.cmpk)
      2'd0:    cmp = {28'd0, ovf, ltu_o, sum[31], eq_o};
      2'd1:    cmp = {28'd0, 1'b0, ltu_o, 1'b0, eq_o};
      default: cmp = {31'd0, eq_o};
    endcase
  end

  // count leading / trailing zeros (32 for a zero operand): a tree, not a priority chain;
  // trailing zeros are the leading zeros of the reversed word
  function automatic logic [5:0] lzc32(logic [31:0] v);
    logic [7:0]      z4;        // per nibble: all zero
    logic [7:0][1:0] c4;        // per nibble: leading zeros (when not all zero)
    logic [3:0]      z8;
    logic [3:0][2:0] c8;
    logic [1:0]      z16;
    logic [1:0][3:0] c16;
    for (int i = 0; i < 8; i++) begin
      z4[i] = v[4*i +: 4] == 4'd0;
      c4[i] = v[4*i + 3] ? 2'd0 : v[4*i + 2] ? 2'd1 : v[4*i + 1] ? 2'd2 : 2'd3;
    end
    for (int i = 0; i < 4; i++) begin
      z8[i] = z4[2*i + 1] && z4[2*i];
      c8[i] = z4[2*i + 1] ? {1'b1, c4[2*i]} : {1'b0, c4[2*i + 1]};
    end
    for (int i = 0; i < 2; i++) begin
      z16[i] = z8[2*i + 1] && z8[2*i];
      c16[i] = z8[2*i + 1] ? {1'b1, c8[2*i]} : {1'b0, c8[2*i + 1]};
    end
    lzc32 = (z16[1] && z16[0]) ? 6'd32 : z16[1] ? {2'b01, c16[0]} : {2'b00, c16[1]};
  endfunction

  logic [31:0] a_rev;
  always_comb begin
    for (int i = 0; i < 32; i++) begin
      a_rev[i] = a_i[31 - i];
    end
  end
  assign clz = {26'd0, lzc32(a_i)};
  assign ctz = {26'd0, lzc32(a_rev)};

  assign y_o = ({32{sel_i.g_add}}    & sum) |
               ({32{sel_i.g_logic}}  & lg)  |
               ({32{sel_i.g_shl}}    & shl) |
               ({32{sel_i.g_shr}}    & shr) |
               ({32{sel_i.g_minmax}} & mm)  |
               ({32{sel_i.g_abs}}    & ab)  |
               ({32{sel_i.g_cmp}}    & cmp) |
               ({32{sel_i.g_clz}}    & clz) |
               ({32{sel_i.g_ctz}}    & ctz);

endmodule
