// simt_lsu - load/store unit of one SIMT thread (seed 002 LDR/STR).
//
// What: turns an LDR/STR of its thread, held in the core's execute stage, into one request
//   on the data-memory controller's requester port and collects the response.
// Interface: issue_i is high for as long as the execute stage holds a memory instruction for
//   this thread and has not committed it; we_i/addr_i/wdata_i are stable meanwhile (they come
//   from the execute stage register and the register file, which only change at commit).
//   The request (req_valid_o) is raised from issue_i in the same cycle, without a register,
//   and held until req_ready_i; then the unit waits for rsp_valid_i (one per request, for
//   writes too: it marks the write as performed). done_o says the response is here (this
//   cycle or earlier) and data_o carries the read data. commit_i returns the unit to idle.
// Latency: request in the issue cycle; done in the cycle the response arrives.
// Throughput: one memory instruction at a time.
// Illegal input: commit_i before done_o is a core bug; the unit returns to idle anyway.
// Reset: idle.
module simt_lsu (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       issue_i,
  input  logic       commit_i,
  input  logic       we_i,
  input  logic [7:0] addr_i,
  input  logic [7:0] wdata_i,
  output logic       req_valid_o,
  output logic       req_we_o,
  output logic [7:0] req_addr_o,
  output logic [7:0] req_wdata_o,
  input  logic       req_ready_i,
  input  logic       rsp_valid_i,
  input  logic [7:0] rsp_data_i,
  output logic       done_o,
  output logic [7:0] data_o
);

  typedef enum logic [1:0] {
    LsIdle = 2'd0,  // nothing outstanding; a request goes out as soon as issue_i is high
    LsReq  = 2'd1,  // request offered, waiting for req_ready_i
    LsWait = 2'd2,  // request accepted, waiting for the response
    LsDone = 2'd3   // response captured, waiting for commit_i
  } ls_state_e;

  ls_state_e state_q, state_d;
  logic [7:0] data_q, data_d;

  // request side (independent of the response side: no combinational loop through the
  // memory controller)
  always_comb begin
    req_we_o    = we_i;
    req_addr_o  = addr_i;
    req_wdata_o = wdata_i;
    unique case (state_q)
      LsIdle:  req_valid_o = issue_i;
      LsReq:   req_valid_o = 1'b1;
      default: req_valid_o = 1'b0;
    endcase
  end

  // response side
  always_comb begin
    done_o = 1'b0;
    data_o = data_q;
    unique case (state_q)
      LsWait: begin
        done_o = rsp_valid_i;
        data_o = rsp_data_i;
      end
      LsDone:  done_o = 1'b1;
      default: done_o = 1'b0;
    endcase
  end

  always_comb begin
    state_d = state_q;
    data_d  = data_q;
    unique case (state_q)
      LsIdle: begin
        if (issue_i) begin
          state_d = req_ready_i ? LsWait : LsReq;
        end
      end
      LsReq: begin
        if (req_ready_i) begin
          state_d = LsWait;
        end
      end
      LsWait: begin
        if (rsp_valid_i) begin
          data_d  = rsp_data_i;
          state_d = LsDone;
        end
      end
      LsDone:  state_d = LsDone;
      default: state_d = LsIdle;
    endcase
    if (commit_i) begin
      state_d = LsIdle;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= LsIdle;
      data_q  <= 8'd0;
    end else begin
      state_q <= state_d;
      data_q  <= data_d;
    end
  end

endmodule
