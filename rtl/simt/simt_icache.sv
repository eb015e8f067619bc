// simt_icache - program-memory controller of the SIMT cluster: a shared, direct-mapped
// instruction cache with a sequential prefetcher in front of ProgCh program-memory channels.
//
// What: every core looks up its fetch PC combinationally (hit + instruction in the same
//   cycle; the fetch PC is a register in the core). Lines are one instruction. A core whose
//   fetch PC misses and is not in flight raises a demand; a round-robin arbiter
//   (prim_arb_rr) picks one of the missing cores and the demand PC is registered. In the
//   next cycle a free channel is given, in this order: the registered demand (unless its
//   line is in flight or already there by then), then the addresses following it
//   (prefetch), one more per further free channel. The prefetcher walks forward from the
//   last address it issued and stops at the first line that is already valid (so a prefetch
//   never evicts a line) or in flight; a demand restarts it. The channel address is
//   prog_base + PC (ProgAw bits, wrapping).
// Timing: the demand register splits "lookup -> miss -> pick a core" from "candidate ->
//   line valid / in flight -> channel registers (with the base adder)"; each half is a
//   cache lookup deep (docs/simt.md "Timing"). Tag and instruction of a line are a memory
//   without reset (LUT RAM on the ECP5: a read is about one LUT deep, in parallel with the
//   valid bit's multiplexer); only the valid bits are flip-flops (start_i clears them).
// Spec: seed 002 / ADDENDUM 7 (one program channel of 16-bit instructions in the origin).
// Interfaces: program channel = valid/ready request with the read data (pmem_rsp_data_i)
//   valid in the cycle of the transfer (valid && ready), as in the origin; the request is
//   held stable until then (registered outputs).
// Latency: hit 0 cycles (same-cycle lookup); demand miss = 1 (demand register) + channel
//   round trip + 1 (the line is written at the transfer edge and hits from the next cycle
//   on); sequential code is normally prefetched before it is needed. With the origin's memory
//   timing one channel delivers one instruction every 2 cycles.
// Invalidation: start_i (a kernel launch) clears every line, latches prog_base_i and points
//   the prefetcher at PC 0; responses of requests issued before start_i are dropped.
// Illegal input: none (any PC is a valid address).
// Reset: all lines invalid, channels idle.
module simt_icache #(
  parameter int unsigned NumCores = 2,   // fetch ports
  parameter int unsigned ProgCh   = 1,   // program-memory channels, 1..8
  parameter int unsigned IcLines  = 32,  // cache lines (instructions), power of 2, 2..128
  parameter int unsigned ProgAw   = 8    // program-memory address width, >= 8
) (
  input  logic                                  clk_i,
  input  logic                                  rst_ni,
  input  logic                                  start_i,
  input  logic [ProgAw-1:0]                    prog_base_i,
  input  logic                                  run_i,          // a kernel is running
  // fetch ports
  input  logic [NumCores-1:0]                  fetch_valid_i,
  input  logic [NumCores-1:0][7:0]             fetch_pc_i,
  output logic [NumCores-1:0]                  fetch_hit_o,
  output logic [NumCores-1:0][15:0]            fetch_insn_o,
  // program-memory channels
  output logic [ProgCh-1:0]                    pmem_req_valid_o,
  output logic [ProgCh-1:0][ProgAw-1:0]       pmem_req_addr_o,
  input  logic [ProgCh-1:0]                    pmem_req_ready_i,
  input  logic [ProgCh-1:0][15:0]              pmem_rsp_data_i
);

  localparam int unsigned Idxw = $clog2(IcLines);
  localparam int unsigned Tagw = 8 - Idxw;

  if (IcLines < 2 || IcLines > 128 || (IcLines & (IcLines - 1)) != 0) begin : g_bad_lines
    $error("simt_icache: IcLines must be a power of 2 in 2..128");
  end
  if (ProgCh < 1 || ProgCh > 8) begin : g_bad_ch
    $error("simt_icache: ProgCh must be 1..8");
  end
  if (ProgAw < 8) begin : g_bad_aw
    $error("simt_icache: ProgAw must be >= 8");
  end

  logic [IcLines-1:0]            valid_q, valid_d;
  // tag and instruction of every line: a memory without reset (LUT RAM on the ECP5, one
  // copy per read port; written only at a channel's transfer, read only where valid_q says)
  logic [Tagw+15:0]               line_q [IcLines];
  logic [NumCores-1:0][Tagw+15:0] fline;              // fetch ports' lines
  logic [ProgCh-1:0]             fill;                // channel writes its line this edge
  logic [7:0]                     pf_q, pf_d;          // next address to prefetch
  logic [ProgAw-1:0]             base_q, base_d;
  logic [ProgCh-1:0]             busy_q, busy_d;      // channel has a request out
  logic [ProgCh-1:0]             stale_q, stale_d;    // issued before the last start_i
  logic [ProgCh-1:0][7:0]        cpc_q, cpc_d;        // PC of the request
  logic [ProgCh-1:0][ProgAw-1:0] caddr_q, caddr_d;   // address of the request
  logic                           dem_valid_q, dem_valid_d;  // registered demand miss
  logic [7:0]                     dem_pc_q, dem_pc_d;

  logic [ProgCh-1:0]   xfer, free;
  logic [NumCores-1:0] miss, dem_gnt;
  logic                 dem_any;
  logic [7:0]           cand;
  logic                 stop, first, assigned, in_flight, present;

  prim_arb_rr #(
    .N (NumCores)
  ) u_dem_arb (
    .clk_i,
    .rst_ni,
    .req_i     (miss),
    .advance_i (1'b1),
    .gnt_o     (dem_gnt),
    .idx_o     (),
    .valid_o   (dem_any)
  );


  always_comb begin
    valid_d  = valid_q;
    pf_d     = pf_q;
    base_d   = base_q;
    busy_d   = busy_q;
    stale_d  = stale_q;
    cpc_d    = cpc_q;
    caddr_d  = caddr_q;

    // lookups
    for (int c = 0; c < NumCores; c++) begin
      fline[c]        = line_q[fetch_pc_i[c][Idxw-1:0]];
      fetch_hit_o[c]  = valid_q[fetch_pc_i[c][Idxw-1:0]] &&
                        (fline[c][Tagw+15:16] == fetch_pc_i[c][7:Idxw]);
      fetch_insn_o[c] = fline[c][15:0];
    end

    // completed transfers fill lines (unless issued before the last launch)
    for (int ch = 0; ch < ProgCh; ch++) begin
      xfer[ch] = busy_q[ch] && pmem_req_ready_i[ch];
      free[ch] = !busy_q[ch] || xfer[ch];
      fill[ch] = xfer[ch] && !stale_q[ch];
      if (xfer[ch]) begin
        busy_d[ch] = 1'b0;
      end
      if (fill[ch]) begin
        valid_d[cpc_q[ch][Idxw-1:0]] = 1'b1;
      end
    end

    // demand misses: cores whose fetch PC is neither cached nor in flight; one is picked
    // (round robin) and registered
    for (int c = 0; c < NumCores; c++) begin
      in_flight = 1'b0;
      for (int ch = 0; ch < ProgCh; ch++) begin
        if (busy_q[ch] && !stale_q[ch] && cpc_q[ch] == fetch_pc_i[c]) begin
          in_flight = 1'b1;
        end
      end
      miss[c] = fetch_valid_i[c] && !fetch_hit_o[c] && !in_flight;
    end
    dem_valid_d = dem_any && run_i && !start_i;
    dem_pc_d    = '0;
    for (int c = 0; c < NumCores; c++) begin
      dem_pc_d = dem_pc_d | ({8{dem_gnt[c]}} & fetch_pc_i[c]);
    end

    // hand addresses to free channels: the registered demand first, then sequential
    // prefetch. A demand whose line is in flight or present by now is dropped (this cycle
    // issues nothing); a prefetch stops at any valid line.
    cand     = dem_valid_q ? dem_pc_q : pf_q;
    present  = 1'b0;
    stop     = !run_i || start_i;
    first    = 1'b1;
    assigned = 1'b0;
    for (int ch = 0; ch < ProgCh; ch++) begin
      if (free[ch] && !stop) begin
        in_flight = 1'b0;
        for (int k = 0; k < ProgCh; k++) begin
          if (busy_q[k] && !stale_q[k] && cpc_q[k] == cand) begin
            in_flight = 1'b1;
          end
        end
        present = valid_q[cand[Idxw-1:0]] &&
                  (!(first && dem_valid_q) || line_q[cand[Idxw-1:0]][Tagw+15:16] == cand[7:Idxw]);
        if (in_flight || present) begin
          stop = 1'b1;
        end else begin
          busy_d[ch]  = 1'b1;
          stale_d[ch] = 1'b0;
          cpc_d[ch]   = cand;
          caddr_d[ch] = base_q + ProgAw'(cand);
          cand        = cand + 8'd1;
          assigned    = 1'b1;
        end
        first = 1'b0;
      end
    end
    if (assigned) begin
      pf_d = cand;
    end

    if (start_i) begin
      valid_d = '0;
      pf_d    = '0;
      base_d  = prog_base_i;
      stale_d = busy_d;
    end
  end

  always_comb begin
    pmem_req_valid_o = busy_q;
    pmem_req_addr_o  = caddr_q;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
      pf_q    <= '0;
      base_q  <= '0;
      busy_q  <= '0;
      stale_q <= '0;
      cpc_q   <= '0;
      caddr_q <= '0;
      dem_valid_q <= 1'b0;
      dem_pc_q    <= '0;
    end else begin
      valid_q <= valid_d;
      pf_q    <= pf_d;
      base_q  <= base_d;
      busy_q  <= busy_d;
      stale_q <= stale_d;
      cpc_q   <= cpc_d;
      caddr_q <= caddr_d;
      dem_valid_q <= dem_valid_d;
      dem_pc_q    <= dem_pc_d;
    end
  end

  // lines: written at the fill edge (channels in index order, the last one wins, as the
  // valid bits); no reset (LUT RAM)
  always_ff @(posedge clk_i) begin
    for (int ch = 0; ch < ProgCh; ch++) begin
      if (fill[ch]) begin
        line_q[cpc_q[ch][Idxw-1:0]] <= {cpc_q[ch][7:Idxw], pmem_rsp_data_i[ch]};
      end
    end
  end

endmodule
