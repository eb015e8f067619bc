// tb_mem_arbiter: seeded random test of rtl/mem/mem_arbiter.sv with bursts (tests/mem.list).
//
// Four clients in three priority classes issue random single reads, read bursts (len 0..7)
// and write bursts (1..8 beats, random gaps between beats) into a 64-word region, so reads
// keep hitting earlier writes; a fifth client (class 1) does locked read-modify-writes (an
// atomic increment: read, lock held, write of the value + 1, lock released). A memory model behind the external port accepts with random
// back-pressure (ready only after valid was seen, like memsim's jitter preset) and answers
// read beats in order after a random latency, wrapping inside the aligned 32-byte block.
// Checked:
//   - every response reaches the client that asked, in order, with the data the memory had
//     when it accepted the request (the expected words are queued by the request's tag at
//     the memory), and `last` exactly on the final beat of each read;
//   - no request of another client enters a write burst (between its first and its len-0
//     beat at the external port), and the beats' len counts down by one;
//   - a request of the highest class is never passed over by a lower class outside a burst
//     or a client lock;
//   - no request of another client reaches the memory between a locked read and its write;
//   - the valid/ready contract on every link (sim/common/stream_checker.sv);
//   - clients 0 and 2 reach the grant through input registers (InReg): the order, burst, lock
//     and priority checks hold at the grant, and c_acc_o names exactly the accepted request
//     (one-hot, on a request the grant sees); responses come through the RspReg register;
//   - after the stimulus stops, everything drains (no lost response, no hang).
// Errors are counted in errors_o; the C++ main (tb_mem_arbiter.cpp) prints the summary.
module tb_mem_arbiter (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        stop_i,         // no new requests: drain
  output logic        idle_o,         // nothing outstanding anywhere
  output int unsigned errors_o,
  output int unsigned reqs_o,         // requests accepted at the external port
  output int unsigned rd_bursts_o,    // reads with len > 0
  output int unsigned wr_bursts_o,    // write bursts of more than one beat
  output int unsigned beats_o,        // read beats delivered to clients
  output int unsigned atomics_o       // locked read-modify-writes completed at the memory
);
  localparam int unsigned N = 5;
  localparam int unsigned NRand = 4;      // clients 0..3 random; client 4 the atomic client
  localparam int unsigned Words = 64;     // the region every address falls in
  // classes: client 2 highest (2), clients 1 and 4 middle (1), clients 0 and 3 lowest (0)
  localparam logic [2*N-1:0] ClassOf = {2'd1, 2'd0, 2'd2, 2'd1, 2'd0};
  // input registers (mem_arbiter InReg) on clients 0 and 2: the grant-side checks below look
  // at what the grant sees (dut.s_valid, dut.s_req) and at its accepts (c_acc)
  localparam logic [N-1:0] InReg = 5'b00101;
  localparam bit RspReg = 1'b1;            // responses through the extra register, as in gpu_top
  localparam logic [N-1:0] RspRaw = N'(2); // client 1 takes its responses before it (c_rsp_raw)
  localparam logic [15:0] PrimAtomRd = 16'hA70, PrimAtomWr = 16'hA71;   // marks at the memory

  logic [N-1:0]              c_valid, c_ready, c_rsp_valid, c_lock, c_acc;
  gpu_pkg::mem_req_t [N-1:0] c_req;
  gpu_pkg::mem_rsp_t         c_rsp, c_rsp_raw;
  logic                      m_valid, m_ready, m_rsp_valid;
  gpu_pkg::mem_req_t         m_req;
  logic [31:0]               m_rsp_rdata;
  logic                      busy;

  mem_arbiter #(.N(N), .MaxReads(4), .Classes(3), .ClassOf(ClassOf), .InReg(InReg), .RspReg(RspReg), .RspRaw(RspRaw)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .c_req_valid_i (c_valid), .c_req_ready_o (c_ready), .c_req_i (c_req), .c_lock_i (c_lock),
    .c_acc_o (c_acc),
    .c_rsp_valid_o (c_rsp_valid), .c_rsp_o (c_rsp), .c_rsp_raw_o (c_rsp_raw),
    .mem_req_valid_o (m_valid), .mem_req_ready_i (m_ready), .mem_req_o (m_req),
    .mem_rsp_valid_i (m_rsp_valid), .mem_rsp_rdata_i (m_rsp_rdata),
    .busy_o (busy)
  );

  for (genvar c = 0; c < N; c++) begin : g_chk
    stream_checker #(.Name($sformatf("client %0d -> mem_arbiter", c)), .Pw($bits(gpu_pkg::mem_req_t))) u_chk (
      .clk_i, .rst_ni, .valid_i(c_valid[c]), .ready_i(c_ready[c]), .payload_i(c_req[c]));
  end
  stream_checker #(.Name("mem_arbiter -> memory"), .Pw($bits(gpu_pkg::mem_req_t))) u_mchk (
    .clk_i, .rst_ni, .valid_i(m_valid), .ready_i(m_ready), .payload_i(m_req));

  int unsigned errors;
  typedef struct packed {
    logic [31:0] data;
    logic        last;
  } beat_t;
  beat_t expq [8][$];          // what each client must receive, in order (8 = 2^tag bits:
                               // a queue array of 5 lost pushes in this Verilator)

  // ---------------------------------------------------------------- clients
  int unsigned left [NRand];       // beats of the current write burst still to send after this one
  int unsigned gap [NRand];        // idle cycles before the next beat
  logic [5:0]  waddr [NRand];      // word address of the next write beat
  for (genvar c = 0; c < NRand; c++) begin : g_client
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        c_valid[c] <= 1'b0;
        c_req[c]   <= '0;
        left[c]    <= 0;
        gap[c]     <= 0;
        waddr[c]   <= '0;
      end else begin
        if (c_valid[c] && c_ready[c]) c_valid[c] <= 1'b0;
        if (!(c_valid[c] && !c_ready[c])) begin
          // free to set up the next request (the current one, if any, transfers now)
          if (gap[c] != 0) begin
            gap[c] <= gap[c] - 1;
          end else if (left[c] != 0) begin
            // next beat of a write burst
            c_valid[c]       <= 1'b1;
            c_req[c]         <= '0;
            c_req[c].we      <= 1'b1;
            c_req[c].addr    <= 25'({waddr[c], 2'b00});
            c_req[c].wdata   <= $urandom;
            c_req[c].be      <= 4'($urandom_range(1, 15));
            c_req[c].len     <= 3'(left[c] - 1);
            left[c]          <= left[c] - 1;
            waddr[c]         <= waddr[c] + 1'b1;
            gap[c]           <= ($urandom_range(0, 3) == 0) ? $urandom_range(1, 2) : 0;
          end else if (!stop_i && $urandom_range(0, 3) != 0) begin
            c_valid[c]     <= 1'b1;
            c_req[c]       <= '0;
            c_req[c].prim  <= 16'(c);
            if ($urandom_range(0, 1) == 1) begin
              // a read, a burst one time in two
              c_req[c].addr <= 25'({6'($urandom_range(0, Words - 1)), 2'b00});
              c_req[c].len  <= ($urandom_range(0, 1) == 1) ? 3'($urandom_range(1, 7)) : 3'd0;
            end else begin
              // the first beat of a write burst of 1..8 beats
              int unsigned n;
              logic [5:0] a;
              n = ($urandom_range(0, 1) == 1) ? $urandom_range(2, 8) : 1;
              a = 6'($urandom_range(0, Words - 1));
              c_req[c].we    <= 1'b1;
              c_req[c].addr  <= 25'({a, 2'b00});
              c_req[c].wdata <= $urandom;
              c_req[c].be    <= 4'($urandom_range(1, 15));
              c_req[c].len   <= 3'(n - 1);
              left[c]        <= n - 1;
              waddr[c]       <= a + 1'b1;
              gap[c]         <= ($urandom_range(0, 3) == 0) ? $urandom_range(1, 2) : 0;
            end
          end
        end
      end
    end
  end


  // ---------------------------------------------------------------- client 4: atomics
  // idle -> read (marked PrimAtomRd) -> on accept: lock -> response -> write of the value + 1
  // (PrimAtomWr) -> on accept: unlock. The lock flip-flop is set by the read's accept.
  typedef enum logic [1:0] {AtIdle, AtRead, AtWait, AtWrite} at_e;
  at_e         at_q;
  logic        at_lock_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      at_q       <= AtIdle;
      c_valid[4] <= 1'b0;
      c_req[4]   <= '0;
      at_lock_q  <= 1'b0;
    end else begin
      unique case (at_q)
        AtIdle: if (!stop_i && $urandom_range(0, 7) == 0) begin
          at_q          <= AtRead;
          c_valid[4]    <= 1'b1;
          c_req[4]      <= '0;
          c_req[4].addr <= 25'({6'($urandom_range(0, Words - 1)), 2'b00});
          c_req[4].prim <= PrimAtomRd;
        end
        AtRead: if (c_ready[4]) begin
          c_valid[4] <= 1'b0;
          at_lock_q  <= 1'b1;
          at_q       <= AtWait;
        end
        AtWait: if (c_rsp_valid[4]) begin
          c_valid[4]     <= 1'b1;
          c_req[4].we    <= 1'b1;
          c_req[4].wdata <= c_rsp.rdata + 32'd1;
          c_req[4].be    <= 4'hF;
          c_req[4].prim  <= PrimAtomWr;
          at_q           <= AtWrite;
        end
        AtWrite: if (c_ready[4]) begin
          c_valid[4] <= 1'b0;
          at_lock_q  <= 1'b0;
          at_q       <= AtIdle;
        end
        default: at_q <= AtIdle;
      endcase
    end
  end
  assign c_lock = {at_lock_q, {NRand{1'b0}}};   // only client 4 locks

  // ---------------------------------------------------------------- memory model
  logic [31:0] mem [Words];
  beat_t       rq [$];           // read beats in flight: data and due cycle in parallel queues
  longint unsigned rq_due [$];
  longint unsigned cycle, last_due;
  int unsigned wait_n;           // cycles before ready rises for the waiting request
  logic        armed;

  always_comb begin
    m_ready     = armed && (wait_n == 0);
    m_rsp_valid = (rq.size() != 0) && (rq_due[0] <= cycle);
    m_rsp_rdata = (rq.size() != 0) ? rq[0].data : 32'h0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int i = 0; i < Words; i++) mem[i] <= 32'(i) * 32'h01010101;
      rq.delete();
      rq_due.delete();
      cycle    <= 0;
      last_due <= 0;
      armed    <= 1'b0;
      wait_n   <= 0;
    end else begin
      cycle <= cycle + 1;
      if (m_rsp_valid) begin
        void'(rq.pop_front());
        void'(rq_due.pop_front());
      end
      // ready waits for valid: armed one edge after valid was seen, then 0..3 more cycles
      if (m_valid && !m_ready) begin
        if (!armed) begin
          armed  <= 1'b1;
          wait_n <= $urandom_range(0, 3);
        end else if (wait_n != 0) begin
          wait_n <= wait_n - 1;
        end
      end else begin
        armed <= 1'b0;
      end
      if (m_valid && m_ready) begin
        logic [5:0] w;
        w = m_req.addr[7:2];
        if (m_req.we) begin
          for (int b = 0; b < 4; b++) if (m_req.be[b]) mem[w][8*b +: 8] <= m_req.wdata[8*b +: 8];
        end else begin
          longint unsigned due;
          due = cycle + longint'($urandom_range(1, 6));
          if (due < last_due) due = last_due;
          for (int i = 0; i <= int'(m_req.len); i++) begin
            logic [5:0] wi;
            beat_t bt;
            wi = {w[5:3], 3'(w[2:0] + 3'(i))};
            bt.data = mem[wi];
            bt.last = (i == int'(m_req.len));
            rq.push_back(bt);
            rq_due.push_back(due + longint'(i));
            // the client named by the tag must get exactly these words
            expq[3'(m_req.tag)].push_back(bt);
          end
          last_due <= due + longint'(m_req.len);
        end
      end
    end
  end

  // ---------------------------------------------------------------- checks
  gpu_pkg::mem_req_t [N-1:0] s_req_c;   // the requests as the grant sees them
  assign s_req_c = dut.s_req;
  logic       burst_q;        // inside a write burst at the external port
  logic [2:0] burst_tag_q;
  logic [2:0] burst_len_q;    // len of its last beat
  logic       lock_q;         // client-side view of the arbiter's lock
  logic [2:0] lock_id_q;
  int unsigned reqs, rdb, wrb, beats, atoms;
  logic        atom_q;        // between client 4's locked read and its write at the memory

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      errors <= 0; reqs <= 0; rdb <= 0; wrb <= 0; beats <= 0; atoms <= 0; atom_q <= 1'b0;
      burst_q <= 1'b0; burst_tag_q <= '0; burst_len_q <= '0;
      lock_q <= 1'b0; lock_id_q <= '0;
      for (int c = 0; c < N; c++) expq[c].delete();
    end else begin
      // responses
      for (int c = 0; c < N; c++) begin
        if (c_rsp_valid[c]) begin
          gpu_pkg::mem_rsp_t r;
          r = RspRaw[c] ? c_rsp_raw : c_rsp;
          beats <= beats + 1;
          if (expq[c].size() == 0) begin
            errors <= errors + 1;
            $display("ERROR: cycle %0d: client %0d got a response it did not ask for (0x%08x)", cycle, c, r.rdata);
          end else begin
            beat_t e;
            e = expq[c].pop_front();
            if (e.data != r.rdata || e.last != r.last) begin
              errors <= errors + 1;
              $display("ERROR: cycle %0d: client %0d got 0x%08x last %0d, expected 0x%08x last %0d",
                       cycle, c, r.rdata, r.last, e.data, e.last);
            end
          end
        end
      end
      // write bursts and locked read-modify-writes at the external port
      if (m_valid && m_ready) begin
        reqs <= reqs + 1;
        if (atom_q && m_req.tag != 3'd4) begin
          errors <= errors + 1;
          $display("ERROR: cycle %0d: a %s of client %0d entered between client 4's locked read and its write",
                   cycle, m_req.we ? "write" : "read", m_req.tag);
        end
        if (m_req.tag == 3'd4 && !m_req.we && m_req.prim == PrimAtomRd) atom_q <= 1'b1;
        if (m_req.tag == 3'd4 && m_req.we && m_req.prim == PrimAtomWr) begin
          atom_q <= 1'b0;
          atoms  <= atoms + 1;
        end
        if (!m_req.we && m_req.len != 0) rdb <= rdb + 1;
        if (burst_q) begin
          if (!m_req.we || m_req.tag != burst_tag_q || m_req.len != burst_len_q - 1) begin
            errors <= errors + 1;
            $display("ERROR: cycle %0d: write burst of client %0d (next len %0d) broken by a %s of client %0d with len %0d",
                     cycle, burst_tag_q, burst_len_q - 1, m_req.we ? "write" : "read", m_req.tag, m_req.len);
          end
          burst_q     <= (m_req.len != 0);
          burst_len_q <= m_req.len;
        end else if (m_req.we && m_req.len != 0) begin
          burst_q     <= 1'b1;
          burst_tag_q <= m_req.tag;
          burst_len_q <= m_req.len;
          wrb         <= wrb + 1;
        end
      end
      // c_acc_o: one accept at most, on a request the grant sees
      if ($countones(c_acc) > 1 || (c_acc & ~dut.s_valid) != '0) begin
        errors <= errors + 1;
        $display("ERROR: cycle %0d: c_acc_o %b with the grant's valids %b", cycle, c_acc, dut.s_valid);
      end
      // priority: the highest class (client 2) is never passed over outside a lock
      for (int c = 0; c < N; c++) begin
        if (c != 2 && c_acc[c] && dut.s_valid[2] && !(lock_q && lock_id_q == 3'(c)) && !c_lock[c]) begin
          errors <= errors + 1;
          $display("ERROR: cycle %0d: client %0d (class %0d) granted while client 2 (class 2) waits", cycle, c,
                   ClassOf[2*c +: 2]);
        end
      end
      for (int c = 0; c < N; c++) begin
        if (c_acc[c] && s_req_c[c].we) begin
          lock_q    <= (s_req_c[c].len != 0);
          lock_id_q <= 3'(c);
        end
      end
    end
  end

  always_comb begin
    idle_o = !busy && (rq.size() == 0) && (c_valid == '0);
    for (int c = 0; c < N; c++) begin
      if (expq[c].size() != 0) idle_o = 1'b0;
    end
    for (int c = 0; c < NRand; c++) begin
      if (left[c] != 0) idle_o = 1'b0;
    end
    if (at_q != AtIdle) idle_o = 1'b0;
  end
  assign errors_o    = errors;
  assign reqs_o      = reqs;
  assign rd_bursts_o = rdb;
  assign wr_bursts_o = wrb;
  assign beats_o     = beats;
  assign atomics_o   = atoms;
endmodule
