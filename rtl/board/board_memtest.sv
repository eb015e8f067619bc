// board_memtest: placeholder memory client for the board top until gpu_top exists. Writes a
// pseudo-random pattern to the first 2**WordsLog2 words, reads it back and compares, then
// repeats with the next seed. Gives the SDRAM controller a real load for place and route, and
// is a board bring-up test on its own (LEDs: pass heartbeat, sticky error).
//
// Latency:    n/a. Throughput: one request per cycle offered (the controller takes one every
//             2 cycles at best).
// Ordering:   relies on in-order read responses (docs/interfaces.md).
// Illegal:    none.
// Reset:      rst_ni restarts at seed 1, clears the error flag. Nothing is requested before
//             start_i (connect the controller's init_done_o).
module board_memtest #(
  parameter int unsigned WordsLog2 = 23   // words tested per pass (23 = all 32 MiB)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,

  output logic        mem_req_valid_o,
  input  logic        mem_req_ready_i,
  output logic [24:0] mem_req_addr_o,
  output logic        mem_req_we_o,
  output logic [31:0] mem_req_wdata_o,
  output logic [3:0]  mem_req_be_o,
  input  logic        mem_rsp_valid_i,
  input  logic [31:0] mem_rsp_rdata_i,

  output logic        pass_o,    // toggles at the end of every clean pass
  output logic        error_o    // sticky: a read returned the wrong data
);

  if (WordsLog2 < 2 || WordsLog2 > 23) begin : g_bad_words
    $error("board_memtest: WordsLog2 must be 2..23");
  end

  typedef enum logic [1:0] {
    StIdle,   // wait for start_i
    StWrite,  // write the pattern
    StRead,   // read it back (responses checked as they arrive)
    StDrain   // wait for the last responses
  } state_e;

  function automatic logic [31:0] lfsr_next(input logic [31:0] x);
    lfsr_next = {x[30:0], 1'b0} ^ (x[31] ? 32'h04C1_1DB7 : 32'h0);
  endfunction

  state_e            state_d, state_q;
  logic [WordsLog2-1:0] cnt_d, cnt_q;        // request address counter
  logic [WordsLog2:0]   rsp_cnt_d, rsp_cnt_q; // responses received in this pass
  logic [31:0]       seed_d, seed_q;
  logic [31:0]       wdat_d, wdat_q;          // pattern for the next request
  logic [31:0]       rdat_d, rdat_q;          // pattern for the next response
  logic              pass_d, pass_q, err_d, err_q;
  logic              fire, last;

  always_comb begin
    state_d   = state_q;
    cnt_d     = cnt_q;
    rsp_cnt_d = rsp_cnt_q;
    seed_d    = seed_q;
    wdat_d    = wdat_q;
    rdat_d    = rdat_q;
    pass_d    = pass_q;
    err_d     = err_q;

    mem_req_valid_o = (state_q == StWrite) || (state_q == StRead);
    mem_req_we_o    = (state_q == StWrite);
    mem_req_addr_o  = 25'({cnt_q, 2'b00});
    mem_req_wdata_o = wdat_q;
    mem_req_be_o    = 4'hF;
    fire            = mem_req_valid_o && mem_req_ready_i;
    last            = (cnt_q == '1);

    if (mem_rsp_valid_i) begin
      if (mem_rsp_rdata_i != rdat_q) err_d = 1'b1;
      rdat_d    = lfsr_next(rdat_q);
      rsp_cnt_d = rsp_cnt_q + 1'b1;
    end

    unique case (state_q)
      StIdle: begin
        if (start_i) begin
          state_d = StWrite;
        end
      end
      StWrite: begin
        if (fire) begin
          cnt_d  = cnt_q + 1'b1;
          wdat_d = lfsr_next(wdat_q);
          if (last) begin
            wdat_d  = seed_q;
            state_d = StRead;
          end
        end
      end
      StRead: begin
        if (fire) begin
          cnt_d = cnt_q + 1'b1;
          if (last) state_d = StDrain;
        end
      end
      StDrain: begin
        if (rsp_cnt_q[WordsLog2]) begin
          rsp_cnt_d = '0;
          pass_d    = !pass_q;
          seed_d    = seed_q + 32'h9E37_79B9;
          wdat_d    = seed_q + 32'h9E37_79B9;
          rdat_d    = seed_q + 32'h9E37_79B9;
          state_d   = StWrite;
        end
      end
      default: state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q   <= StIdle;
      cnt_q     <= '0;
      rsp_cnt_q <= '0;
      seed_q    <= 32'h0000_0001;
      wdat_q    <= 32'h0000_0001;
      rdat_q    <= 32'h0000_0001;
      pass_q    <= 1'b0;
      err_q     <= 1'b0;
    end else begin
      state_q   <= state_d;
      cnt_q     <= cnt_d;
      rsp_cnt_q <= rsp_cnt_d;
      seed_q    <= seed_d;
      wdat_q    <= wdat_d;
      rdat_q    <= rdat_d;
      pass_q    <= pass_d;
      err_q     <= err_d;
    end
  end

  assign pass_o  = pass_q;
  assign error_o = err_q;

endmodule
