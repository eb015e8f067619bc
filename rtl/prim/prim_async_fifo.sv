// prim_async_fifo: dual-clock FIFO with gray-coded pointers (Cummings style).
//
// Write side in wclk_i, read side in rclk_i. Depth is a power of two. wfull_o is computed in the
// write domain from the read pointer synchronised there (2 write clocks old, so it is
// conservative); wdepth_o is the occupancy seen by the write domain (the same old read pointer,
// so it never under-reports: a writer that keeps wdepth_o + its own outstanding pushes <= Depth
// never meets a full FIFO); rdepth_o is the occupancy seen by the read domain (write pointer 2
// read clocks old, so it never over-reports). A push while full is ignored by the FIFO (the caller decides
// what to record). The read side is first-word-fall-through: rvalid_o/rdata_o show the head,
// rready_i pops it. Capacity exactly Depth in both storage modes.
// Storage (Bram):
//   0  LUT RAM, read asynchronously at the read pointer: rdata_o is the RAM's output (about
//      1 ns after the pointer flops). Latency: 2-3 read clocks from a push to rvalid_o (the
//      synchroniser).
//   1  block RAM (ECP5 DP16KD, one write port per clock domain), read synchronously into the
//      RAM's read register and from there into a fabric head register that drives rvalid_o and
//      rdata_o (the block RAM's 5.6 ns clock-to-out then ends at a flip-flop). The read side
//      keeps two pointers: the RAM read address (advanced by each prefetch into the two head
//      stages) and the pop pointer (advanced by rready_i), and only the pop pointer goes back
//      to the write side, so an entry held in a head stage still occupies its RAM slot and
//      the capacity stays exactly Depth. Every RAM read is of an entry whose write the read
//      side has seen through the synchroniser, so reads never meet writes of the same entry.
//      Latency: 2 read clocks more than Bram = 0; throughput one pop per read clock.
// WdepthReg = 1: wdepth_o subtracts a registered binary copy of the synchronised read pointer
// (gray-to-binary in the clock before), so no XOR chain sits in front of the subtract; the read
// pointer it uses is one write clock older, so wdepth_o may over-report by the pops of that
// clock, and still never under-reports. wfull_o is unchanged.
// Resets: each side has its own active-low reset, asserted asynchronously. The write clock may be
// stopped (SPI SCK); the write pointer reset must be released while wclk_i is idle.
// Constraint: the gray pointers crossing domains need a max-delay of one destination period.
module prim_async_fifo #(
  parameter int unsigned Width = 8,
  parameter int unsigned Depth = 16,
  parameter bit          Bram  = 1'b0,  // storage in block RAM (above)
  parameter bit          WdepthReg = 1'b0 // wdepth_o from a registered read pointer (above)
) (
  input  logic             wclk_i,
  input  logic             wrst_ni,
  input  logic             wvalid_i,
  input  logic [Width-1:0] wdata_i,
  output logic             wfull_o,
  output logic [$clog2(Depth):0] wdepth_o,

  input  logic             rclk_i,
  input  logic             rrst_ni,
  output logic             rvalid_o,
  output logic [Width-1:0] rdata_o,
  input  logic             rready_i,
  output logic [$clog2(Depth):0] rdepth_o
);
  localparam int unsigned Aw = $clog2(Depth);
  if (Depth != (1 << Aw) || Depth < 4) begin : g_bad_depth
    $error("prim_async_fifo: Depth must be a power of two >= 4");
  end

  // Bram = 0: LUT RAM (distributed), the read port asynchronous (first-word fall-through from
  // the read pointer flops, about 1 ns). Left to itself Yosys maps a wide FIFO to EBR by moving
  // the read pointer into the EBR's address register, and the EBR's 5.6 ns clock-to-output then
  // eats most of a 10 ns core cycle; Bram = 1 puts a fabric register behind it instead.
  logic [Aw:0] wbin_q, wgray_q, rbin_q, rgray_q;
  logic [Aw:0] wbin_d, rbin_d;
  logic [Aw:0] rgray_w, wgray_r;       // synchronised gray pointers
  logic [Aw:0] wbin_r;                 // write pointer in binary, read domain

  function automatic logic [Aw:0] bin2gray(input logic [Aw:0] b);
    bin2gray = b ^ (b >> 1);
  endfunction

  function automatic logic [Aw:0] gray2bin(input logic [Aw:0] g);
    logic [Aw:0] b;
    b[Aw] = g[Aw];
    for (int i = int'(Aw) - 1; i >= 0; i--) b[i] = b[i+1] ^ g[i];
    gray2bin = b;
  endfunction

  // ---- write domain ----
  prim_sync #(.Width(Aw+1)) u_sync_r2w (
    .clk_i (wclk_i), .rst_ni (wrst_ni), .d_i (rgray_q), .q_o (rgray_w)
  );

  assign wfull_o  = (wgray_q == {~rgray_w[Aw:Aw-1], rgray_w[Aw-2:0]});
  if (WdepthReg) begin : g_wdepth_reg
    logic [Aw:0] rbin_w_q;             // the synchronised read pointer in binary, a clock later
    always_ff @(posedge wclk_i or negedge wrst_ni) begin
      if (!wrst_ni) rbin_w_q <= '0;
      else          rbin_w_q <= gray2bin(rgray_w);
    end
    assign wdepth_o = wbin_q - rbin_w_q;
  end else begin : g_wdepth_comb
    assign wdepth_o = wbin_q - gray2bin(rgray_w);
  end
  always_comb begin
    wbin_d = wbin_q;
    if (wvalid_i && !wfull_o) wbin_d = wbin_q + 1'b1;
  end

  always_ff @(posedge wclk_i or negedge wrst_ni) begin
    if (!wrst_ni) begin
      wbin_q  <= '0;
      wgray_q <= '0;
    end else begin
      wbin_q  <= wbin_d;
      wgray_q <= bin2gray(wbin_d);
    end
  end


  // ---- read domain ----
  prim_sync #(.Width(Aw+1)) u_sync_w2r (
    .clk_i (rclk_i), .rst_ni (rrst_ni), .d_i (wgray_q), .q_o (wgray_r)
  );

  assign wbin_r   = gray2bin(wgray_r);
  assign rdepth_o = wbin_r - rbin_q;   // rbin_q: the pop pointer (entries not yet popped)

  if (!Bram) begin : g_lutram
    (* ram_style = "distributed" *)
    logic [Width-1:0] mem_q [Depth];
    always_ff @(posedge wclk_i) begin
      if (wvalid_i && !wfull_o) mem_q[wbin_q[Aw-1:0]] <= wdata_i;
    end
    assign rvalid_o = (wgray_r != rgray_q);
    assign rdata_o  = mem_q[rbin_q[Aw-1:0]];
  end else begin : g_bram
    // no_rw_check: a read is only of entries the synchroniser has shown written (above)
    (* ram_style = "block", no_rw_check *)
    logic [Width-1:0] mem_q [Depth];
    logic [Aw:0]      rdbin_q;           // RAM read address (entries prefetched)
    logic             h1_v_q, h2_v_q;    // RAM read register, fabric head register
    logic [Width-1:0] h1_q, h2_q;
    logic             rd, mv;
    assign mv = h1_v_q && (!h2_v_q || rready_i);              // RAM register -> head
    assign rd = (wbin_r != rdbin_q) && (!h1_v_q || mv);       // RAM -> RAM register
    always_ff @(posedge wclk_i) begin
      if (wvalid_i && !wfull_o) mem_q[wbin_q[Aw-1:0]] <= wdata_i;
    end
    always_ff @(posedge rclk_i) begin
      if (rd) h1_q <= mem_q[rdbin_q[Aw-1:0]];
      if (mv) h2_q <= h1_q;
    end
    always_ff @(posedge rclk_i or negedge rrst_ni) begin
      if (!rrst_ni) begin
        rdbin_q <= '0;
        h1_v_q  <= 1'b0;
        h2_v_q  <= 1'b0;
      end else begin
        if (rd) rdbin_q <= rdbin_q + 1'b1;
        h1_v_q <= rd || (h1_v_q && !mv);
        h2_v_q <= mv || (h2_v_q && !rready_i);
      end
    end
    assign rvalid_o = h2_v_q;
    assign rdata_o  = h2_q;
  end

  always_comb begin
    rbin_d = rbin_q;
    if (rvalid_o && rready_i) rbin_d = rbin_q + 1'b1;
  end

  always_ff @(posedge rclk_i or negedge rrst_ni) begin
    if (!rrst_ni) begin
      rbin_q  <= '0;
      rgray_q <= '0;
    end else begin
      rbin_q  <= rbin_d;
      rgray_q <= bin2gray(rbin_d);
    end
  end
endmodule
