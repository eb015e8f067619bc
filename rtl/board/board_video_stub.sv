// board_video_stub: placeholder pixel-domain source for the board top until the display unit
// (rtl/display/) exists: 640x480@60 timing (800x525 total) with TMDS control symbols only
// (blank picture, correct HSYNC/VSYNC), so the pixel and shift clock domains are real logic
// for place and route.
//
// Latency:    symbols registered, one pixel clock after the counters.
// Illegal:    none.
// Reset:      pix_rst_ni clears the counters (starts at the top-left of the active area).
module board_video_stub (
  input  logic       clk_pix_i,
  input  logic       pix_rst_ni,
  output logic [9:0] pix_tmds0_o,
  output logic [9:0] pix_tmds1_o,
  output logic [9:0] pix_tmds2_o,
  output logic       pix_vsync_o      // high during the vertical sync pulse
);

  // 640x480@60: h 640 + 16 front + 96 sync + 48 back = 800; v 480 + 10 + 2 + 33 = 525.
  localparam int unsigned HTotal = 800, HSyncStart = 656, HSyncEnd = 752;
  localparam int unsigned VTotal = 525, VSyncStart = 490, VSyncEnd = 492;

  // TMDS control symbols for {c1, c0}.
  localparam logic [9:0] Ctrl00 = 10'b1101010100;
  localparam logic [9:0] Ctrl01 = 10'b0010101011;
  localparam logic [9:0] Ctrl10 = 10'b0101010100;
  localparam logic [9:0] Ctrl11 = 10'b1010101011;

  logic [9:0] hcnt_d, hcnt_q, vcnt_d, vcnt_q;
  logic [9:0] sym0_d, sym0_q;
  logic       vs_d, vs_q;
  logic       hsync_n, vsync_n;

  always_comb begin
    hcnt_d = (hcnt_q == 10'(HTotal - 1)) ? '0 : hcnt_q + 1'b1;
    vcnt_d = vcnt_q;
    if (hcnt_q == 10'(HTotal - 1)) begin
      vcnt_d = (vcnt_q == 10'(VTotal - 1)) ? '0 : vcnt_q + 1'b1;
    end
    // 640x480 uses negative sync polarity: the sync level is 0 during the pulse.
    hsync_n = !(hcnt_q >= 10'(HSyncStart) && hcnt_q < 10'(HSyncEnd));
    vsync_n = !(vcnt_q >= 10'(VSyncStart) && vcnt_q < 10'(VSyncEnd));
    unique case ({vsync_n, hsync_n})
      2'b00:   sym0_d = Ctrl00;
      2'b01:   sym0_d = Ctrl01;
      2'b10:   sym0_d = Ctrl10;
      2'b11:   sym0_d = Ctrl11;
      default: sym0_d = Ctrl00;
    endcase
    vs_d = !vsync_n;
  end

  always_ff @(posedge clk_pix_i or negedge pix_rst_ni) begin
    if (!pix_rst_ni) begin
      hcnt_q <= '0;
      vcnt_q <= '0;
      sym0_q <= Ctrl00;
      vs_q   <= 1'b0;
    end else begin
      hcnt_q <= hcnt_d;
      vcnt_q <= vcnt_d;
      sym0_q <= sym0_d;
      vs_q   <= vs_d;
    end
  end

  assign pix_tmds0_o = sym0_q;
  assign pix_tmds1_o = Ctrl00;
  assign pix_tmds2_o = Ctrl00;
  assign pix_vsync_o = vs_q;

endmodule
