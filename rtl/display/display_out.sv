// display_out: the pixel clock side of the display path: the 640x480@60 raster
// (display_timing), the pixel FIFO's read side, and the three TMDS encoders that drive DVI.
//
//   display_timing -> pop / underflow decision -> stage register {DE, RGB, syncs}
//     -> display_tmds_enc x3 (channel 0 blue with the syncs, 1 green, 2 red)
//
// Pixel stream contract (written by display_scanout in the core domain, through
// prim_async_fifo): one entry per active pixel in raster order, {sof, R8, G8, B8}, with sof set
// on each frame's pixel (0, 0) only.
// Every active pixel pops one entry; an empty FIFO at an active pixel shows black and counts an
// underflow (underflow_o, saturating). During vertical blanking every entry that is not marked
// sof is popped and dropped, so after a frame that underflowed (or that scanout abandoned) the
// next frame starts at its own first pixel (docs/spec-decisions.md "Display path").
// level_min_o: the lowest FIFO fill level (px_level_i) seen at an active pixel of lines 0-478
// since reset (in the last line the FIFO drains as the frame's tail is shown: scanout has
// nothing more to push).
// Latency: 2 pixel clocks from the counters to the symbols (stage register, encoder register).
// Reset: rst_ni (asynchronous, released synchronously to clk_i) restarts the raster at the
// first line of vertical blanking; the counters of underflows and levels restart too.
// Illegal input: none (a marked entry during active video is shown like any other).
module display_out #(
  parameter int unsigned LevelW = 10   // width of the FIFO fill level
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              px_valid_i,
  input  logic [24:0]       px_data_i,    // {sof, R[7:0], G[7:0], B[7:0]}
  output logic              px_ready_o,
  input  logic [LevelW-1:0] px_level_i,
  output logic [9:0]        tmds0_o,      // blue, with HSYNC (C0) and VSYNC (C1) in blanking
  output logic [9:0]        tmds1_o,      // green
  output logic [9:0]        tmds2_o,      // red
  output logic              vblank_o,     // vertical blanking (a level, for the core domain)
  output logic [15:0]       underflow_o,
  output logic [LevelW-1:0] level_min_o
);
  logic       active, hsync, vsync, vblank, last_line;

  display_timing u_timing (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .active_o (active), .hsync_o (hsync), .vsync_o (vsync), .vblank_o (vblank),
    .last_line_o (last_line)
  );

  logic        sof;
  logic [23:0] rgb;
  assign sof = px_data_i[24];
  assign rgb = px_data_i[23:0];
  assign px_ready_o = active ? 1'b1 : (vblank && !sof);

  logic        de_q;
  logic [1:0]  ctrl_q;          // {C1, C0} = {VSYNC, HSYNC} levels, active low
  logic [23:0] rgb_q;
  logic [15:0] under_q;
  logic [LevelW-1:0] lmin_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      de_q    <= 1'b0;
      ctrl_q  <= 2'b11;
      rgb_q   <= '0;
      under_q <= '0;
      lmin_q  <= '1;
    end else begin
      de_q    <= active;
      ctrl_q  <= {!vsync, !hsync};
      rgb_q   <= (active && px_valid_i) ? rgb : 24'h0;
      if (active && !px_valid_i && under_q != 16'hFFFF) under_q <= under_q + 16'd1;
      if (active && !last_line && px_level_i < lmin_q) lmin_q <= px_level_i;
    end
  end

  display_tmds_enc u_enc0 (.clk_i (clk_i), .rst_ni (rst_ni), .de_i (de_q), .data_i (rgb_q[7:0]),
                           .ctrl_i (ctrl_q), .sym_o (tmds0_o));
  display_tmds_enc u_enc1 (.clk_i (clk_i), .rst_ni (rst_ni), .de_i (de_q), .data_i (rgb_q[15:8]),
                           .ctrl_i (2'b00), .sym_o (tmds1_o));
  display_tmds_enc u_enc2 (.clk_i (clk_i), .rst_ni (rst_ni), .de_i (de_q), .data_i (rgb_q[23:16]),
                           .ctrl_i (2'b00), .sym_o (tmds2_o));

  assign vblank_o    = vblank;
  assign underflow_o = under_q;
  assign level_min_o = lmin_q;
endmodule
