// display_tmds_enc: one DVI 1.0 TMDS channel encoder, 8b/10b (docs/spec-decisions.md "Display
// path", DVI). display_top instantiates three: channel 0 blue, 1 green, 2 red. C mirror (written
// separately, for the tests): sim/display/tmds.c tmds_encode_ref, tmds_ctrl_symbol.
//
// Clock domain: the pixel clock (clk_i is the instance's clk_pix; every input and the output
// belong to that domain).
// What: de_i = 1 (active video) encodes data_i in two steps, as DVI 1.0 section 3.2.2:
//   1. transition minimisation: q_m[0] = data_i[0], q_m[i] = q_m[i-1] XNOR data_i[i] when
//      data_i has more than four ones, or exactly four and data_i[0] = 0 (q_m[8] = 0); XOR
//      otherwise (q_m[8] = 1);
//   2. DC balance: q_m[7:0] is sent inverted (sym[9] = 1) or not (sym[9] = 0), sym[8] = q_m[8],
//      chosen by the running disparity cnt (ones minus zeros of every symbol sent since the last
//      control period) and the balance of q_m[7:0], so that cnt moves back towards 0; cnt is
//      updated by the symbol's exact ones-minus-zeros. Reachable cnt: -8..8, even (checked
//      exhaustively by tests/display/tb_display_tmds.cpp), held in 5 signed bits.
//   de_i = 0 (blanking) sends the control symbol of ctrl_i = {C1, C0}: 00 1101010100,
//   01 0010101011, 10 0101010100, 11 1010101011 (sym_o[9:0] as written; the serialiser sends
//   bit 0 first), and sets cnt to 0, so every active run starts balanced.
// Latency 1: sym_o is the symbol of the inputs of the previous clock edge (a register); one
// symbol per clock, no handshake, no stall. Every input value is legal (data_i 0..255, any
// ctrl_i); a data symbol is never one of the four control symbols.
// Reset (rst_ni, asynchronous, active low): cnt = 0 and sym_o = the control symbol of 00, the
// blanking pattern with both syncs high.
module display_tmds_enc (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       de_i,     // data enable: 1 active video (data_i), 0 blanking (ctrl_i)
  input  logic [7:0] data_i,   // the pixel's 8-bit channel value
  input  logic [1:0] ctrl_i,   // {C1, C0} in blanking (channel 0: {VSYNC, HSYNC} levels)
  output logic [9:0] sym_o     // the 10-bit symbol, bit 0 sent first
);
  localparam logic [9:0] SymCtrl00 = 10'b1101010100;
  localparam logic [9:0] SymCtrl01 = 10'b0010101011;
  localparam logic [9:0] SymCtrl10 = 10'b0101010100;
  localparam logic [9:0] SymCtrl11 = 10'b1010101011;

  logic signed [4:0] cnt_q, cnt_d;   // running disparity, ones minus zeros, -8..8
  logic [9:0]        sym_q, sym_d;
  logic [3:0]        n1_data;        // ones in data_i, 0..8
  logic              use_xnor;       // stage 1 chains with XNOR (q_m[8] = 0)
  logic [8:0]        q_m;            // stage 1 result
  logic [3:0]        n1_qm;          // ones in q_m[7:0], 0..8
  logic signed [4:0] bal_qm;         // ones minus zeros of q_m[7:0]: 2 * n1_qm - 8, -8..8
  logic [9:0]        ctrl_sym;

  // stage 1: transition minimisation
  always_comb begin
    n1_data = 4'd0;
    for (int i = 0; i < 8; i++) n1_data = n1_data + {3'd0, data_i[i]};
    use_xnor = (n1_data > 4'd4) || (n1_data == 4'd4 && !data_i[0]);
    q_m      = '0;
    q_m[0]   = data_i[0];
    for (int i = 1; i < 8; i++) q_m[i] = use_xnor ? !(q_m[i-1] ^ data_i[i]) : (q_m[i-1] ^ data_i[i]);
    q_m[8]   = !use_xnor;
    n1_qm    = 4'd0;
    for (int i = 0; i < 8; i++) n1_qm = n1_qm + {3'd0, q_m[i]};
  end

  // 2 * n1_qm - 8 in 5 bits: {n1_qm, 0} is 0..16 and wraps for 16 (n1_qm = 8), but the
  // difference, -8..8, is exact modulo 32
  assign bal_qm = $signed({n1_qm, 1'b0} - 5'd8);

  always_comb begin
    case (ctrl_i)
      2'b00:   ctrl_sym = SymCtrl00;
      2'b01:   ctrl_sym = SymCtrl01;
      2'b10:   ctrl_sym = SymCtrl10;
      default: ctrl_sym = SymCtrl11;
    endcase
  end

  // stage 2: DC balance (DVI 1.0 figure 3-5), and the control symbols in blanking. The three
  // branches of the figure differ only in whether q_m[7:0] goes out inverted (inv):
  //   cnt_q == 0 or bal_qm == 0:   inv = !q_m[8]
  //   q_m[7:0] leans as cnt_q does: inv = 1
  //   otherwise:                   inv = 0
  // and in every branch cnt moves by the sent symbol's own ones minus zeros:
  //   (inv ? -bal_qm : bal_qm) + (inv ? 1 : -1) + (q_m[8] ? 1 : -1)
  // so one adder serves all three: -bal_qm = ~bal_qm + 1, and the constants fold into cnt_k.
  logic              inv;
  logic signed [4:0] cnt_k;
  always_comb begin
    if (cnt_q == 5'sd0 || bal_qm == 5'sd0) inv = !q_m[8];
    else                                   inv = (cnt_q[4] == bal_qm[4]);   // same sign, both non-zero
    unique case ({inv, q_m[8]})
      2'b11:   cnt_k = 5'sd3;    // +1 (negation) +1 +1
      2'b10:   cnt_k = 5'sd1;    // +1 (negation) +1 -1
      2'b01:   cnt_k = 5'sd0;    // -1 +1
      default: cnt_k = -5'sd2;   // -1 -1
    endcase
    sym_d = ctrl_sym;
    cnt_d = 5'sd0;
    if (de_i) begin
      sym_d = {inv, q_m[8], inv ? ~q_m[7:0] : q_m[7:0]};
      cnt_d = cnt_q + (bal_qm ^ {5{inv}}) + cnt_k;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q <= 5'sd0;
      sym_q <= SymCtrl00;
    end else begin
      cnt_q <= cnt_d;
      sym_q <= sym_d;
    end
  end

  assign sym_o = sym_q;
endmodule
