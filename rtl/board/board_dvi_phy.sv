// board_dvi_phy: TMDS serialiser for the ECP5 (3 data channels + clock channel).
//
// What:       takes three 10-bit TMDS symbols per pixel clock (from the display unit's
//             encoder, pixel domain) and shifts them out LSB first at 10x the pixel rate using
//             ODDRX1F DDR output cells clocked by clk_shift_i = 5 x clk_pix_i (same PLL, same
//             phase). The clock channel sends 0000011111 (one pixel period).
// Crossing:   pix_* words change once per pixel clock. The shift domain sees the pixel clock
//             through a toggle flop (pix_tgl_q) sampled twice; on each change it loads the
//             words, at least two shift cycles after they were launched and three before they
//             change again. The clocks are related (one VCO), so this is a phase detector, not
//             a metastability synchroniser; the pix -> shift paths have 2 shift periods.
// Latency:    a symbol appears on the pins 3 to 4 shift clocks after the pixel edge that
//             launched it.
// Illegal:    clk_shift_i not exactly 5 x clk_pix_i (symbols would be dropped or repeated).
// Reset:      shift_rst_ni (synchronised to clk_shift_i) clears the shift registers (output 0);
//             pix_rst_ni clears the toggle.
// Pins:       tmds_o[0..2] = data channels 0..2 (blue, green, red), tmds_o[3] = clock; the
//             LPF gives them IO_TYPE=LVCMOS33D so the tools drive the complementary pin.
module board_dvi_phy (
  input  logic       clk_pix_i,
  input  logic       pix_rst_ni,
  input  logic [9:0] pix_tmds0_i,   // channel 0 (blue, carries hsync/vsync in blanking)
  input  logic [9:0] pix_tmds1_i,   // channel 1 (green)
  input  logic [9:0] pix_tmds2_i,   // channel 2 (red)

  input  logic       clk_shift_i,
  input  logic       shift_rst_ni,
  output logic [3:0] tmds_o
);

  localparam logic [9:0] ClockSym = 10'b0000011111;

  // Pixel domain: register the symbols, toggle once per pixel.
  logic [29:0] pix_word_d, pix_word_q;
  logic        pix_tgl_d, pix_tgl_q;

  always_comb begin
    pix_word_d = {pix_tmds2_i, pix_tmds1_i, pix_tmds0_i};
    pix_tgl_d  = !pix_tgl_q;
  end

  always_ff @(posedge clk_pix_i or negedge pix_rst_ni) begin
    if (!pix_rst_ni) begin
      pix_word_q <= '0;
      pix_tgl_q  <= 1'b0;
    end else begin
      pix_word_q <= pix_word_d;
      pix_tgl_q  <= pix_tgl_d;
    end
  end

  // Shift domain.
  logic [2:0]       tgl_d, tgl_q;     // toggle samples, [2] oldest
  logic [3:0][9:0]  sh_d, sh_q;       // shift registers, channel 3 = clock
  logic             load;

  always_comb begin
    tgl_d = {tgl_q[1:0], pix_tgl_q};
    load  = tgl_q[2] ^ tgl_q[1];
    sh_d  = sh_q;
    for (int c = 0; c < 4; c++) begin
      sh_d[c] = {2'b00, sh_q[c][9:2]};
    end
    if (load) begin
      sh_d[0] = pix_word_q[9:0];
      sh_d[1] = pix_word_q[19:10];
      sh_d[2] = pix_word_q[29:20];
      sh_d[3] = ClockSym;
    end
  end

  always_ff @(posedge clk_shift_i or negedge shift_rst_ni) begin
    if (!shift_rst_ni) begin
      tgl_q <= '0;
      sh_q  <= '0;
    end else begin
      tgl_q <= tgl_d;
      sh_q  <= sh_d;
    end
  end

  // DDR outputs: D0 goes out first (rising edge), D1 second.
  for (genvar c = 0; c < 4; c++) begin : gen_oddr
    ODDRX1F u_oddr (
      .D0   (sh_q[c][0]),
      .D1   (sh_q[c][1]),
      .SCLK (clk_shift_i),
      .RST  (1'b0),
      .Q    (tmds_o[c])
    );
  end

endmodule
