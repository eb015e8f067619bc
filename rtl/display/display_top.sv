// display_top: the display controller (seed 001 UNIT-008): scanout of FB_DISPLAY through the
// colour-grading LUT to DVI, in two clock domains (docs/spec-decisions.md "Display path").
//
//   core domain: display_scanout (memory reads, response FIFO, three LUT lookups per pixel) +
//   display_lut (block RAM) -> prim_async_fifo (512 x 25, block RAM) -> pixel domain:
//   display_out (raster, pop, TMDS)
//   pixel domain vertical blanking -> prim_sync -> core domain: frame boundary (its rising
//   edge), STATUS.VBLANK, the VSYNC pin
//
// Frame boundary: the core cycle in which the synchronised vertical blanking rises. There
// FB_DISPLAY and ENABLE are latched for the next frame, a pending SWAP_BANKS exchanges the LUT
// banks, and vsync_o is high for 2 core cycles (the seed's one clk_50 cycle).
// Register interface: the applied register writes of host_reg_file (one per cycle at most);
// lut_ptr_o is what COLOR_GRADE_LUT_ADDR reads.
// Clocks and resets: clk_i / rst_ni the core's (rst_ni released synchronously to clk_i);
// clk_pix_i the pixel clock, whose reset is rst_ni synchronised here (prim_rst_sync).
// Constraint: the FIFO's gray pointers and the blanking level cross domains (max-delay of one
// destination period); the level is stable for 45 or 480 lines at a time.
module display_top #(
  parameter int unsigned FifoDepth = 512
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              clk_pix_i,

  input  logic [12:0]       fb_display_i,   // FB_DISPLAY[24:12] (register value)
  input  logic              enable_i,       // COLOR_GRADE_CTRL.ENABLE (register value)
  input  logic              ctrl_we_i,      // COLOR_GRADE_CTRL written (bits 2:1 in wdata_i)
  input  logic              lut_addr_we_i,  // COLOR_GRADE_LUT_ADDR written
  input  logic              lut_data_we_i,  // COLOR_GRADE_LUT_DATA written
  input  logic [14:0]       wdata_i,        // the written value, bits 14:0
  output logic [7:0]        lut_ptr_o,
  output logic              vblank_o,       // STATUS.VBLANK (core domain)
  output logic              vsync_o,        // VSYNC pin: 2 core cycles per frame boundary

  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output gpu_pkg::mem_req_t mem_req_o,
  input  logic              mem_rsp_valid_i,
  input  gpu_pkg::mem_rsp_t mem_rsp_i,

  output logic [9:0]        tmds0_o,        // pixel domain: blue + syncs, green, red
  output logic [9:0]        tmds1_o,
  output logic [9:0]        tmds2_o,
  output logic [15:0]       underflow_o,    // pixel domain, harness only
  output logic [$clog2(FifoDepth):0] level_min_o
);
  localparam int unsigned Lw = $clog2(FifoDepth) + 1;

  logic pix_rst_n;
  prim_rst_sync u_rst_pix (.clk_i (clk_pix_i), .rst_ni (rst_ni), .rst_no (pix_rst_n));

  // ---- blanking into the core domain ----
  logic vblank_pix, vblank_core, vblank_q, frame;
  logic [1:0] vs_q;
  prim_sync u_sync_vb (.clk_i (clk_i), .rst_ni (rst_ni), .d_i (vblank_pix), .q_o (vblank_core));
  assign frame = vblank_core && !vblank_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vblank_q <= 1'b0;
      vs_q     <= 2'b00;
    end else begin
      vblank_q <= vblank_core;
      vs_q     <= {vs_q[0], frame};
    end
  end
  assign vblank_o = vblank_q;
  assign vsync_o  = |vs_q;

  // ---- core side ----
  logic        lk_rd;
  logic [6:0]  lk_addr;
  logic [14:0] lk_data;
  logic        px_wvalid, px_wfull;
  logic [24:0] px_wdata;
  logic [Lw-1:0] px_wdepth;

  display_lut u_lut (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .ctrl_we_i (ctrl_we_i), .reset_addr_i (wdata_i[2]), .swap_i (wdata_i[1]),
    .addr_we_i (lut_addr_we_i), .data_we_i (lut_data_we_i), .wdata_i (wdata_i), .ptr_o (lut_ptr_o),
    .frame_i (frame),
    .rd_i (lk_rd), .rd_addr_i (lk_addr), .rd_data_o (lk_data)
  );

  display_scanout #(.FifoDepth(FifoDepth)) u_scan (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .frame_i (frame), .fb_base_i (fb_display_i), .enable_i (enable_i),
    .mem_req_valid_o (mem_req_valid_o), .mem_req_ready_i (mem_req_ready_i), .mem_req_o (mem_req_o),
    .mem_rsp_valid_i (mem_rsp_valid_i), .mem_rsp_i (mem_rsp_i),
    .lk_rd_o (lk_rd), .lk_addr_o (lk_addr), .lk_data_i (lk_data),
    .px_wvalid_o (px_wvalid), .px_wdata_o (px_wdata), .px_wdepth_i (px_wdepth)
  );

  // ---- the crossing ----
  logic        px_rvalid, px_rready;
  logic [24:0] px_rdata;
  logic [Lw-1:0] px_rdepth;
  prim_async_fifo #(.Width(25), .Depth(FifoDepth), .Bram(1'b1), .WdepthReg(1'b1)) u_fifo (
    .wclk_i (clk_i), .wrst_ni (rst_ni), .wvalid_i (px_wvalid), .wdata_i (px_wdata),
    .wfull_o (px_wfull), .wdepth_o (px_wdepth),
    .rclk_i (clk_pix_i), .rrst_ni (pix_rst_n), .rvalid_o (px_rvalid), .rdata_o (px_rdata),
    .rready_i (px_rready), .rdepth_o (px_rdepth)
  );

  // ---- pixel side ----
  display_out #(.LevelW(Lw)) u_out (
    .clk_i (clk_pix_i), .rst_ni (pix_rst_n),
    .px_valid_i (px_rvalid), .px_data_i (px_rdata), .px_ready_o (px_rready), .px_level_i (px_rdepth),
    .tmds0_o (tmds0_o), .tmds1_o (tmds1_o), .tmds2_o (tmds2_o),
    .vblank_o (vblank_pix), .underflow_o (underflow_o), .level_min_o (level_min_o)
  );

`ifndef SYNTHESIS
  // scanout's flow control keeps every push inside the FIFO
  a_no_refused_push: assert property (@(posedge clk_i) disable iff (!rst_ni) px_wvalid |-> !px_wfull)
    else $error("display_top: a pixel pushed into a full FIFO");
`endif
  logic unused_full;
  assign unused_full = px_wfull;
endmodule
