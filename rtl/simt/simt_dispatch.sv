// simt_dispatch - kernel launch port and block dispatcher of the SIMT cluster.
//
// What: accepts a launch (thread count, program base, data base) on a valid/ready port,
//   then hands blocks 0, 1, ... of up to Threads threads to idle cores, one block per cycle,
//   lowest-numbered idle core first (blk_start_o[c] strobes one cycle, only while
//   core_idle_i[c] is high; blk_idx_o/blk_count_o are valid with the strobe). Block b gets min(Threads, thread_count - b*Threads) live
//   threads, so the last block may be partial. The kernel is done when every block has been
//   handed out and every core is idle again (all its threads executed RET, all its stores
//   performed).
// Abort: abort_i (a level, held until busy_o falls) hands out no further block; the kernel is
//   done when the cores are idle (each ends its block at its next instruction boundary).
// Spec: ADDENDUM 7 (total_blocks = ceil(thread_count / Threads), partial last block works).
// Launch port: launch_ready_o is high while idle. launch_threads_i = 0 finishes at once
//   (done_o rises on the next cycle, nothing runs). done_o is a level: low from the cycle
//   after a launch is accepted until the kernel completes, then high until the next launch.
//   busy_o is its complement while a kernel runs. start_o pulses in the accept cycle (cache
//   invalidation; the instruction cache latches the program base itself). data_base_o holds
//   the data base of the running kernel. The launch's program base goes to simt_icache.
// Latency: first block reaches core 0 one cycle after the launch edge.
// Timing: the size of the next block (blk_count_o) is a register, updated together with the
//   threads-left counter, so the block-start strobe and the core's live mask do not sit
//   behind a compare and a subtraction (docs/simt.md "Timing").
// Illegal input: launch_valid_i while busy just waits (ready is low).
// Reset: idle, done_o low.
module simt_dispatch #(
  parameter int unsigned NumCores = 2,
  parameter int unsigned Threads   = 4,
  parameter int unsigned DataAw   = 8
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // launch port
  input  logic                  launch_valid_i,
  output logic                  launch_ready_o,
  input  logic [7:0]            launch_threads_i,
  input  logic [DataAw-1:0]    launch_data_base_i,
  output logic                  busy_o,
  output logic                  done_o,
  output logic                  start_o,
  output logic [DataAw-1:0]    data_base_o,
  // block start strobes, one per core (only to idle cores)
  output logic [NumCores-1:0]  blk_start_o,
  input  logic [NumCores-1:0]  core_idle_i,
  output logic [7:0]            blk_idx_o,
  output logic [7:0]            blk_count_o,
  input  logic                  abort_i       // stop the running kernel (command processor)
);

  typedef enum logic {
    StIdle = 1'b0,  // waiting for a launch
    StRun  = 1'b1   // handing out blocks / waiting for the cores to finish
  } disp_state_e;

  disp_state_e        state_q, state_d;
  logic [7:0]         rem_q, rem_d;       // threads not yet handed out
  logic [7:0]         blk_q, blk_d;       // next block index
  logic [7:0]         cnt_q, cnt_d;       // threads of the next block: min(Threads, rem_q)
  logic               done_q, done_d;
  logic [DataAw-1:0] dbase_q, dbase_d;
  logic               granted, all_idle;

  always_comb begin
    state_d = state_q;
    rem_d   = rem_q;
    cnt_d   = cnt_q;
    blk_d   = blk_q;
    done_d  = done_q;
    dbase_d = dbase_q;
    launch_ready_o = (state_q == StIdle);
    start_o        = launch_valid_i && launch_ready_o;
    busy_o         = (state_q == StRun);
    done_o         = done_q;
    data_base_o    = dbase_q;
    blk_idx_o      = blk_q;
    blk_count_o    = cnt_q;
    blk_start_o    = '0;
    granted        = 1'b0;
    all_idle       = &core_idle_i;

    unique case (state_q)
      StIdle: begin
        if (start_o) begin
          rem_d   = launch_threads_i;
          cnt_d   = (launch_threads_i > 8'(Threads)) ? 8'(Threads) : launch_threads_i;
          blk_d   = '0;
          dbase_d = launch_data_base_i;
          done_d  = (launch_threads_i == 8'd0);
          state_d = (launch_threads_i == 8'd0) ? StIdle : StRun;
        end
      end
      StRun: begin
        if (rem_q != 8'd0 && !abort_i) begin
          for (int c = 0; c < NumCores; c++) begin
            if (!granted && core_idle_i[c]) begin
              blk_start_o[c] = 1'b1;
              granted        = 1'b1;
            end
          end
          if (granted) begin
            rem_d = rem_q - cnt_q;
            cnt_d = (rem_d > 8'(Threads)) ? 8'(Threads) : rem_d;
            blk_d = blk_q + 8'd1;
          end
        end else if (all_idle) begin
          done_d  = 1'b1;
          state_d = StIdle;
        end
        if (abort_i) rem_d = 8'd0;           // no further block; done once the cores are idle
      end
      default: state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      rem_q   <= '0;
      cnt_q   <= '0;
      blk_q   <= '0;
      done_q  <= 1'b0;
      dbase_q <= '0;
    end else begin
      state_q <= state_d;
      rem_q   <= rem_d;
      cnt_q   <= cnt_d;
      blk_q   <= blk_d;
      done_q  <= done_d;
      dbase_q <= dbase_d;
    end
  end

endmodule
