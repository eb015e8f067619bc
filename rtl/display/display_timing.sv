// display_timing: the 640x480@60 raster in the pixel clock domain (docs/spec-decisions.md
// "Display path"): 800 pixel clocks per line, 525 lines per frame.
//
//   x: active 0-639, front porch 640-655, sync 656-751, back porch 752-799
//   y: active 0-479, front porch 480-489, sync 490-491, back porch 492-524
//
// Outputs are functions of the counters: whether this pixel clock is active video, and the
// sync levels (1 = inside the pulse; the DVI stage applies the negative polarity).
// Reset: the counters start at (799, 479), the last pixel clock of the last active line (in
// horizontal blanking), so vblank_o is low in reset and rises at the next pixel clock: the
// first frame boundary follows reset at once, and frame 0 is the next active area. A pixel
// clock that never runs gives no frame boundary (and so no scanout traffic) at all.
// Illegal input: none.
module display_timing (
  input  logic       clk_i,
  input  logic       rst_ni,
  output logic       active_o,   // inside the 640x480 active area
  output logic       hsync_o,    // inside the horizontal sync pulse
  output logic       vsync_o,    // inside the vertical sync pulse
  output logic       vblank_o,   // lines 480-524
  output logic       last_line_o // line 479, the last active line
);
  localparam logic [9:0] HActive = 10'd640, HSyncStart = 10'd656, HSyncEnd = 10'd752, HTotal = 10'd800;
  localparam logic [9:0] VActive = 10'd480, VSyncStart = 10'd490, VSyncEnd = 10'd492, VTotal = 10'd525;

  logic [9:0] x_q, y_q, x_d, y_d;
  logic       x_last;

  always_comb begin
    x_last = (x_q == HTotal - 10'd1);
    x_d = x_last ? 10'd0 : x_q + 10'd1;
    y_d = y_q;
    if (x_last) y_d = (y_q == VTotal - 10'd1) ? 10'd0 : y_q + 10'd1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      x_q <= HTotal - 10'd1;
      y_q <= VActive - 10'd1;
    end else begin
      x_q <= x_d;
      y_q <= y_d;
    end
  end

  assign active_o = (x_q < HActive) && (y_q < VActive);
  assign hsync_o  = (x_q >= HSyncStart) && (x_q < HSyncEnd);
  assign vsync_o  = (y_q >= VSyncStart) && (y_q < VSyncEnd);
  assign vblank_o = (y_q >= VActive);
  assign last_line_o = (y_q == VActive - 10'd1);
endmodule
