// tb_dvi: Verilator wrapper (not synthesised): board_video_stub -> board_dvi_phy with the
// behavioural ODDRX1F, clocks and resets driven by tb_dvi.c.
module tb_dvi (
  input  logic       clk_pix_i,
  input  logic       clk_shift_i,
  input  logic       rst_ni,
  output logic [3:0] tmds_o,
  output logic       vsync_o
);
  logic [9:0] t0, t1, t2;
  board_video_stub u_video (
    .clk_pix_i   (clk_pix_i),
    .pix_rst_ni  (rst_ni),
    .pix_tmds0_o (t0),
    .pix_tmds1_o (t1),
    .pix_tmds2_o (t2),
    .pix_vsync_o (vsync_o)
  );
  board_dvi_phy u_phy (
    .clk_pix_i    (clk_pix_i),
    .pix_rst_ni   (rst_ni),
    .pix_tmds0_i  (t0),
    .pix_tmds1_i  (t1),
    .pix_tmds2_i  (t2),
    .clk_shift_i  (clk_shift_i),
    .shift_rst_ni (rst_ni),
    .tmds_o       (tmds_o)
  );
endmodule
