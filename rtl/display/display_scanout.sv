// display_scanout: the core clock side of the display path: reads the displayed framebuffer in
// raster order (8-word read bursts on its own memory client, the arbiter's highest class),
// passes each RGB565 word through the colour-grading LUT or the plain expansion, and pushes
// {sof, R8, G8, B8} into the pixel FIFO (prim_async_fifo, write side) that display_out pops
// at the pixel clock (docs/spec-decisions.md "Display path").
//
//   memory response -> s1 (the LUT entries read, display_lut's register) -> s2 (sum, saturate,
//   expand; registered) -> FIFO write
//
// Frames: frame_i (the frame boundary, one core cycle) latches FB_DISPLAY's base and ENABLE
// for the frame and stops the requests of the frame before, whatever is left of it; once every
// read already requested has reached the FIFO (dropped there by display_out as leftovers, in
// vertical blanking), the new frame starts at word 0 and its first pixel carries sof.
// 38,400 bursts of 8 words make a frame; then nothing is requested until the next boundary.
// Flow control: a burst is requested only while the FIFO has room for it and for every word
// already requested (px_wdepth_i, the write side's conservative fill level, plus inflight_q),
// so a response never waits and the FIFO never refuses a push.
// Memory: read requests only, len 7 (one aligned 32-byte block: the base is 4 KiB aligned and
// each burst starts at a multiple of 8 words), responses in order.
// Latency: 2 cycles from a response to the FIFO push.
// Reset: idle until the first frame boundary.
// Illegal input: none; the address wraps at 32 MiB like every other client's.
module display_scanout #(
  parameter int unsigned FifoDepth = 512
) (
  input  logic              clk_i,
  input  logic              rst_ni,

  input  logic              frame_i,      // frame boundary
  input  logic [12:0]       fb_base_i,    // FB_DISPLAY[24:12]
  input  logic              enable_i,     // COLOR_GRADE_CTRL.ENABLE

  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output gpu_pkg::mem_req_t mem_req_o,
  input  logic              mem_rsp_valid_i,
  input  gpu_pkg::mem_rsp_t mem_rsp_i,

  output logic              lk_valid_o,   // display_lut lookup: entries one cycle later
  output logic [15:0]       lk_rgb565_o,
  input  logic [14:0]       lk_r_i,
  input  logic [14:0]       lk_g_i,
  input  logic [14:0]       lk_b_i,

  output logic              px_wvalid_o,
  output logic [24:0]       px_wdata_o,   // {sof, R8, G8, B8}
  input  logic [$clog2(FifoDepth):0] px_wdepth_i
);
  localparam int unsigned Lw = $clog2(FifoDepth) + 1;
  localparam logic [15:0] Bursts = 16'((gpu_pkg::FB_W * gpu_pkg::FB_H) / 8);

  logic [12:0] base_q;
  logic        en_q, pend_q, run_q, first_q;
  logic [15:0] burst_q;              // next burst of the frame, 0 .. Bursts-1
  logic [Lw-1:0] inflight_q, inflight_d;   // words requested and not yet pushed
  logic        req_ok, req_go;

  assign req_ok = run_q && ({1'b0, px_wdepth_i} + {1'b0, inflight_q} + (Lw+1)'(8) <= (Lw+1)'(FifoDepth));
  assign req_go = req_ok && mem_req_ready_i;

  // s1: the word read, the LUT's entries arrive from display_lut's register
  logic        s1_v_q, s1_sof_q;
  logic [15:0] s1_px_q;
  // s2: the pixel as pushed
  logic        s2_v_q;
  logic [24:0] s2_q;

  always_comb begin
    inflight_d = inflight_q;
    if (req_go) inflight_d = inflight_d + Lw'(8);
    if (s2_v_q) inflight_d = inflight_d - Lw'(1);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      base_q     <= '0;
      en_q       <= 1'b0;
      pend_q     <= 1'b0;
      run_q      <= 1'b0;
      first_q    <= 1'b0;
      burst_q    <= '0;
      inflight_q <= '0;
      s1_v_q     <= 1'b0;
      s1_sof_q   <= 1'b0;
      s2_v_q     <= 1'b0;
    end else begin
      inflight_q <= inflight_d;
      if (frame_i) begin
        base_q <= fb_base_i;
        en_q   <= enable_i;
        pend_q <= 1'b1;
        run_q  <= 1'b0;
      end else if (pend_q && inflight_q == '0) begin
        pend_q  <= 1'b0;
        run_q   <= 1'b1;
        first_q <= 1'b1;
        burst_q <= '0;
      end else if (req_go) begin
        burst_q <= burst_q + 16'd1;
        if (burst_q == Bursts - 16'd1) run_q <= 1'b0;
      end
      s1_v_q <= mem_rsp_valid_i;
      if (mem_rsp_valid_i) begin
        s1_sof_q <= first_q && !pend_q;
        if (!pend_q) first_q <= 1'b0;
      end
      s2_v_q <= s1_v_q;
    end
  end

  // colour: LUT sum with saturation, or the plain RGB565 expansion
  logic [5:0]  sr, sg, sb;
  logic [4:0]  r5, g5, b5;
  logic [23:0] rgb;
  always_comb begin
    sr = 6'(lk_r_i[14:10]) + 6'(lk_g_i[14:10]) + 6'(lk_b_i[14:10]);
    sg = 6'(lk_r_i[9:5])   + 6'(lk_g_i[9:5])   + 6'(lk_b_i[9:5]);
    sb = 6'(lk_r_i[4:0])   + 6'(lk_g_i[4:0])   + 6'(lk_b_i[4:0]);
    r5 = (sr > 6'd31) ? 5'd31 : sr[4:0];
    g5 = (sg > 6'd31) ? 5'd31 : sg[4:0];
    b5 = (sb > 6'd31) ? 5'd31 : sb[4:0];
    if (en_q) begin
      rgb = {r5, r5[4:2], g5, g5[4:2], b5, b5[4:2]};
    end else begin
      rgb = {s1_px_q[15:11], s1_px_q[15:13], s1_px_q[10:5], s1_px_q[10:9], s1_px_q[4:0], s1_px_q[4:2]};
    end
  end

  always_ff @(posedge clk_i) begin
    if (mem_rsp_valid_i) s1_px_q <= mem_rsp_i.rdata[15:0];
    if (s1_v_q)          s2_q    <= {s1_sof_q, rgb};
  end

  assign lk_valid_o  = mem_rsp_valid_i;
  assign lk_rgb565_o = mem_rsp_i.rdata[15:0];
  assign px_wvalid_o = s2_v_q;
  assign px_wdata_o  = s2_q;

  assign mem_req_valid_o = req_ok;
  always_comb begin
    mem_req_o       = '0;
    mem_req_o.addr  = {base_q, 12'h000} + {4'h0, burst_q, 5'h00};
    mem_req_o.we    = 1'b0;
    mem_req_o.be    = 4'hF;
    mem_req_o.len   = gpu_pkg::MEM_LEN_W'(7);
  end

  logic unused_rsp;
  assign unused_rsp = ^{mem_rsp_i.rdata[31:16], mem_rsp_i.last};
endmodule
