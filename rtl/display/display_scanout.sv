// display_scanout: the core clock side of the display path: reads the displayed framebuffer in
// raster order (8-word read bursts on its own memory client, the arbiter's highest class),
// passes each RGB565 word through the colour-grading LUT or the plain expansion, and pushes
// {sof, R8, G8, B8} into the pixel FIFO (prim_async_fifo, write side) that display_out pops
// at the pixel clock (docs/spec-decisions.md "Display path").
//
//   memory response -> response FIFO (RespDepth words, LUT RAM) -> LUT sequencer: three
//   lookups per pixel in display_lut's block RAM (red, green, blue; one per cycle) -> sum,
//   saturate, expand (or the plain RGB565 expansion when the frame's ENABLE is 0) -> output
//   register -> pixel FIFO
//
// Throughput: one pixel every 3 cycles (33 Mpixel/s at 100 MHz, for 25.175 needed); the pixel
// FIFO's 512 entries absorb the difference in bursts.
// Frames: frame_i (the frame boundary, one core cycle) latches FB_DISPLAY's base and ENABLE
// for the frame and stops the requests of the frame before, whatever is left of it; once every
// read already requested has reached the FIFO (dropped there by display_out as leftovers, in
// vertical blanking), the new frame starts at word 0 and its first pixel carries sof.
// 38,400 bursts of 8 words make a frame; then nothing is requested until the next boundary.
// Flow control: a burst is requested only while the pixel FIFO has room for it and for every
// word already requested (px_wdepth_i, the write side's conservative fill level, plus
// inflight_q) and the response FIFO has room for it and every word requested and not yet taken
// from it (rq_q), so a response never waits and the FIFO never refuses a push. That room is
// computed a cycle ahead into room_q (100 MHz: the fill level comes through the asynchronous
// FIFO's pointer conversion), assuming the request offered in that cycle is taken, with one
// word of margin for a push the fill level does not show yet: conservative, never late.
// Memory: read requests only, len 7 (one aligned 32-byte block: the base is 4 KiB aligned and
// each burst starts at a multiple of 8 words), responses in order.
// Latency: from a response, at least 5 cycles to the pixel FIFO push.
// Reset: idle until the first frame boundary.
// Illegal input: none; the address wraps at 32 MiB like every other client's.
module display_scanout #(
  parameter int unsigned FifoDepth = 512,
  parameter int unsigned RespDepth = 32
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

  output logic              lk_rd_o,      // display_lut lookup: the entry one cycle later
  output logic [6:0]        lk_addr_o,    // table address: red {00, R5}, blue {01, B5}, green {1, G6}
  input  logic [14:0]       lk_data_i,

  output logic              px_wvalid_o,
  output logic [24:0]       px_wdata_o,   // {sof, R8, G8, B8}
  input  logic [$clog2(FifoDepth):0] px_wdepth_i
);
  localparam int unsigned Lw = $clog2(FifoDepth) + 1;
  localparam int unsigned Rw = $clog2(RespDepth) + 1;
  localparam logic [15:0] Bursts = 16'((gpu_pkg::FB_W * gpu_pkg::FB_H) / 8);

  logic [12:0] base_q;
  logic        en_q, pend_q, run_q, first_q;
  logic [15:0] burst_q;                    // next burst of the frame, 0 .. Bursts-1
  logic [Lw-1:0] inflight_q, inflight_d;   // words requested and not yet pushed
  logic [Rw-1:0] rq_q, rq_d;               // words requested and not yet taken from the response FIFO
  logic        req_ok, req_go;

  logic room_q, room_d;                    // room for one more burst in the next cycle
  logic [Lw:0] fill_nx;
  logic [Rw:0] rq_nx;
  always_comb begin
    fill_nx = {1'b0, px_wdepth_i} + {1'b0, inflight_q} + (req_ok ? (Lw+1)'(8) : '0);
    rq_nx   = {1'b0, rq_q} + (req_ok ? (Rw+1)'(8) : '0);
    room_d  = (fill_nx + (Lw+1)'(9) <= (Lw+1)'(FifoDepth)) && (rq_nx + (Rw+1)'(8) <= (Rw+1)'(RespDepth));
  end
  assign req_ok = run_q && room_q;
  assign req_go = req_ok && mem_req_ready_i;

  // ---- response FIFO: {sof, RGB565} ----
  logic        rf_valid, rf_pop, rf_wready;
  logic [16:0] rf_data;
  logic [Rw-1:0] unused_rf_count;
  prim_fifo #(.Width(17), .Depth(RespDepth)) u_rsp (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .wvalid_i (mem_rsp_valid_i), .wready_o (rf_wready),
    .wdata_i ({first_q && !pend_q, mem_rsp_i.rdata[15:0]}),
    .rvalid_o (rf_valid), .rready_i (rf_pop), .rdata_o (rf_data), .count_o (unused_rf_count)
  );

  // ---- LUT sequencer: ph_q 0 takes a pixel and reads red, 1 reads green, 2 reads blue ----
  logic [1:0]  ph_q;
  logic [16:0] cur_q;                // {sof, RGB565} of the pixel in the sequencer
  logic [14:0] r_ent_q, g_ent_q;     // its red and green entries
  logic        b_due_q;              // the blue entry arrives this cycle: the pixel is complete
  // the pixel's three entries and its word registered before the sum (timing: the LUT's block
  // RAM read went through the sum and the saturation into out_q, 87.7 MHz)
  logic        c_due_q;              // ... and is summed this cycle
  logic [14:0] b_ent_q;
  logic [16:0] cur2_q;
  logic        en2_q;
  logic        out_v_q;
  logic [24:0] out_q;

  assign rf_pop = (ph_q == 2'd0) && rf_valid;
  always_comb begin
    lk_rd_o   = 1'b0;
    lk_addr_o = '0;
    unique case (ph_q)
      2'd0:    begin lk_rd_o = rf_valid; lk_addr_o = {2'b00, rf_data[15:11]}; end
      2'd1:    begin lk_rd_o = 1'b1;     lk_addr_o = {1'b1, cur_q[10:5]}; end
      2'd2:    begin lk_rd_o = 1'b1;     lk_addr_o = {2'b01, cur_q[4:0]}; end
      default: ;
    endcase
  end

  // colour: LUT sum with saturation (three 5-bit terms: up to 93, 7 bits), or the plain
  // RGB565 expansion
  logic [6:0]  sr, sg, sb;
  logic [4:0]  r5, g5, b5;
  logic [23:0] rgb;
  always_comb begin
    // (r_ent_q and g_ent_q are still this pixel's: the next pixel's red entry is written at
    // the end of this cycle at the earliest)
    sr = 7'(r_ent_q[14:10]) + 7'(g_ent_q[14:10]) + 7'(b_ent_q[14:10]);
    sg = 7'(r_ent_q[9:5])   + 7'(g_ent_q[9:5])   + 7'(b_ent_q[9:5]);
    sb = 7'(r_ent_q[4:0])   + 7'(g_ent_q[4:0])   + 7'(b_ent_q[4:0]);
    r5 = (sr > 7'd31) ? 5'd31 : sr[4:0];
    g5 = (sg > 7'd31) ? 5'd31 : sg[4:0];
    b5 = (sb > 7'd31) ? 5'd31 : sb[4:0];
    if (en2_q) begin
      rgb = {r5, r5[4:2], g5, g5[4:2], b5, b5[4:2]};
    end else begin
      rgb = {cur2_q[15:11], cur2_q[15:13], cur2_q[10:5], cur2_q[10:9], cur2_q[4:0], cur2_q[4:2]};
    end
  end

  always_comb begin
    inflight_d = inflight_q;
    if (req_go) inflight_d = inflight_d + Lw'(8);
    if (out_v_q) inflight_d = inflight_d - Lw'(1);
    rq_d = rq_q;
    if (req_go) rq_d = rq_d + Rw'(8);
    if (rf_pop) rq_d = rq_d - Rw'(1);
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
      rq_q       <= '0;
      room_q     <= 1'b0;
      ph_q       <= 2'd0;
      b_due_q    <= 1'b0;
      c_due_q    <= 1'b0;
      out_v_q    <= 1'b0;
    end else begin
      inflight_q <= inflight_d;
      rq_q       <= rq_d;
      room_q     <= room_d;
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
      if (mem_rsp_valid_i && !pend_q) first_q <= 1'b0;
      unique case (ph_q)
        2'd0:    if (rf_valid) ph_q <= 2'd1;
        2'd1:    ph_q <= 2'd2;
        default: ph_q <= 2'd0;
      endcase
      b_due_q <= (ph_q == 2'd2);
      c_due_q <= b_due_q;
      out_v_q <= c_due_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rf_pop)           cur_q   <= rf_data;
    if (ph_q == 2'd1)     r_ent_q <= lk_data_i;
    if (ph_q == 2'd2)     g_ent_q <= lk_data_i;
    if (b_due_q) begin
      b_ent_q <= lk_data_i;
      cur2_q  <= cur_q;
      en2_q   <= en_q;
    end
    if (c_due_q)          out_q   <= {cur2_q[16], rgb};
  end

  assign px_wvalid_o = out_v_q;
  assign px_wdata_o  = out_q;

  assign mem_req_valid_o = req_ok;
  always_comb begin
    mem_req_o       = '0;
    mem_req_o.addr  = {base_q, 12'h000} + {4'h0, burst_q, 5'h00};
    mem_req_o.we    = 1'b0;
    mem_req_o.be    = 4'hF;
    mem_req_o.len   = gpu_pkg::MEM_LEN_W'(7);
  end

`ifndef SYNTHESIS
  // the response FIFO has room for every response (rq_q counts them)
  a_rsp_room: assert property (@(posedge clk_i) disable iff (!rst_ni) mem_rsp_valid_i |-> rf_wready)
    else $error("display_scanout: a response arrived at a full response FIFO");
`endif

  logic unused_rsp;
  assign unused_rsp = ^{mem_rsp_i.rdata[31:16], mem_rsp_i.last, unused_rf_count, rf_wready};
endmodule
