// simt_lsu - load/store unit of one SIMT thread (seed 002 LDR/STR).
//
// What: turns an LDR/STR of its thread into one request on the data-memory controller's
//   requester port and collects the response.
// Interface: issue_i is a one-cycle strobe from the core at the edge where the memory
//   instruction enters the execute stage (R -> E); we_i/addr_i/wdata_i are the operands of
//   that edge and are registered here (the payload registers simply load every cycle while
//   no request is outstanding, so only the 2 state bits depend on issue_i; issue_i is at
//   the end of the core's longest decision). From the next cycle the request comes straight from
//   registers (req_valid_o and payload), held until req_ready_i; then the unit waits for
//   rsp_valid_i (one per request, for writes too: it marks the write as performed) and
//   registers it. done_o (from a register) says the response is here and data_o carries the
//   read data (from a register). commit_i returns the unit to idle; an issue_i in the same
//   cycle as commit_i (back-to-back memory instructions) starts the next request.
// Timing: every output is a register, so neither the memory controller's arbitration nor
//   the core's commit sees more than this unit's flip-flops.
// Latency: request valid 1 cycle after issue_i; done 1 cycle after the response.
// Throughput: one memory instruction at a time.
// Illegal input: issue_i while a request is outstanding and not committed is a core bug (the
//   new request replaces the old one). commit_i before done_o is a core bug; the unit
//   returns to idle anyway.
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
    LsIdle = 2'd0,  // nothing outstanding
    LsReq  = 2'd1,  // request offered (from the registers), waiting for req_ready_i
    LsWait = 2'd2,  // request accepted, waiting for the response
    LsDone = 2'd3   // response captured, waiting for commit_i
  } ls_state_e;

  ls_state_e  state_q, state_d;
  logic       we_q, we_d;
  logic [7:0] addr_q, addr_d, wdata_q, wdata_d, data_q, data_d;

  always_comb begin
    req_valid_o = (state_q == LsReq);
    req_we_o    = we_q;
    req_addr_o  = addr_q;
    req_wdata_o = wdata_q;
    done_o      = (state_q == LsDone);
    data_o      = data_q;
  end

  always_comb begin
    state_d = state_q;
    we_d    = we_q;
    addr_d  = addr_q;
    wdata_d = wdata_q;
    data_d  = data_q;
    unique case (state_q)
      LsIdle: state_d = LsIdle;
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
    if (issue_i) begin
      state_d = LsReq;
    end
    if (state_q == LsIdle || state_q == LsDone) begin
      we_d    = we_i;
      addr_d  = addr_i;
      wdata_d = wdata_i;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= LsIdle;
      we_q    <= 1'b0;
      addr_q  <= 8'd0;
      wdata_q <= 8'd0;
      data_q  <= 8'd0;
    end else begin
      state_q <= state_d;
      we_q    <= we_d;
      addr_q  <= addr_d;
      wdata_q <= wdata_d;
      data_q  <= data_d;
    end
  end

endmodule
