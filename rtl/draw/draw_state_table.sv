// draw_state_table: the draw states that triangles and fragments refer to by id
// (docs/architecture.md "Draw state by reference"). C mirror: the ds[] table of
// sw/model/reg_file.c.
//
// What: Entries (default gpu_pkg::DS_N) entries of gpu_pkg::draw_state_t. The register file allocates an entry when a
//   triangle is submitted after a write to a draw-state register (alloc_*), always the entry
//   after the last one allocated (a ring), and stamps the triangle with its id; every unit
//   behind it reads the fields it needs from table_o[id]. An entry is only written by its
//   allocation, so it stays unchanged for every triangle and fragment that carries its id.
// References: each entry counts what refers to it: +1 for every acquire event naming it
//   (triangle latched by the register file, fragment pushed by the walker), -1 for every
//   release event (triangle dropped by setup or finished by the walker, fragment dropped by
//   the depth test or consumed by the last stage that reads state). An entry may be allocated
//   again only when its count is 0; alloc_ready_o says whether the next entry is free, so a
//   submission waits (back-pressure on the command stream) while all DsN states are in use.
// Contract: alloc_ready_o is a flip-flop (free flag of the next entry); alloc_valid_i may
//   depend on it. Any number of events per cycle on any entries (NumAcq acquires and NumRel
//   releases).
// Timing: the events and the allocation's write come from deep decodes (the register file's
//   command decode, the depth compare, the arbiter's ready), so all of them are registered
//   here first: counts move one cycle after the event, the entry is written one cycle after
//   the allocation. table_fwd_o forwards it in that cycle, for raster_setup, which may take
//   the triangle then; table_o comes straight from the entry registers, for the pixel
//   stages: a fragment naming an entry exists only after setup worked on its triangle, many
//   cycles after the write (so their lookup is one multiplexer shorter: timing).
//   Late releases only keep an entry busy one cycle longer. A late acquire cannot let an
//   entry be reallocated: the triangle's acquire comes with the allocation, and the next
//   allocation needs three more VERTEX commands; a fragment's acquire is preceded by its
//   triangle's, whose release (the walker's end) is delayed the same way. Releasing an entry whose
//   count is 0 is a caller bug; sim/core/gpu_links.sv checks it never happens, and the count
//   saturates at 0 here.
// Reset: entry 0 is the current entry (cur_id_o) with draw_state_t '0, every count 0, so the
//   first allocation uses entry 1.
module draw_state_table #(
  parameter int unsigned Entries = gpu_pkg::DS_N,   // entries in use, 1..DS_N (fewer: a test
                                                    // build that makes allocations wait)
  parameter int unsigned NumAcq = 2,
  parameter int unsigned NumRel = 4,
  parameter int unsigned RefW   = 6    // bits of a reference count (>= log2 of the entries'
                                       // largest possible number of holders)
) (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic                     alloc_valid_i,
  output logic                     alloc_ready_o,
  input  gpu_pkg::draw_state_t     alloc_state_i,
  output gpu_pkg::ds_id_t          alloc_id_o,     // the entry an allocation now would take
  output gpu_pkg::ds_id_t          cur_id_o,       // the entry allocated last

  input  logic [NumAcq-1:0]                   acq_i,
  input  gpu_pkg::ds_id_t [NumAcq-1:0]        acq_id_i,
  input  logic [NumRel-1:0]                   rel_i,
  input  gpu_pkg::ds_id_t [NumRel-1:0]        rel_id_i,

  output logic [gpu_pkg::DS_N-1:0][gpu_pkg::DRAW_STATE_W-1:0] table_o,      // flat (gpu_pkg)
  output logic [gpu_pkg::DS_N-1:0][gpu_pkg::DRAW_STATE_W-1:0] table_fwd_o,  // with the entry
                                                                            // being written
  output logic                                     busy_o    // some entry is referenced
);
  localparam int unsigned N = gpu_pkg::DS_N;

  logic [NumAcq-1:0]              acq_q;
  gpu_pkg::ds_id_t [NumAcq-1:0]   acq_id_q;
  logic [NumRel-1:0]              rel_q;
  gpu_pkg::ds_id_t [NumRel-1:0]   rel_id_q;
  logic                           wr_q;          // write the entry wr_id_q (allocated last cycle)
  gpu_pkg::ds_id_t                wr_id_q;
  gpu_pkg::draw_state_t           wr_state_q;
  logic [N-1:0][RefW-1:0]         refs_q, refs_d;
  logic [N-1:0]                   free_q, free_d;
  gpu_pkg::ds_id_t                cur_q, cur_d, next_id;
  logic                           alloc;

  if (Entries < 1 || Entries > gpu_pkg::DS_N) begin : g_bad_entries
    $error("draw_state_table: Entries must be 1..DS_N");
  end
  assign next_id       = (32'(cur_q) == Entries - 1) ? '0 : cur_q + 1'b1;
  assign alloc_id_o    = next_id;
  assign cur_id_o      = cur_q;
  assign alloc_ready_o = free_q[next_id];
  assign alloc         = alloc_valid_i && alloc_ready_o;
  assign cur_d         = alloc ? next_id : cur_q;

  always_comb begin
    for (int e = 0; e < N; e++) begin
      logic [RefW:0] inc, dec;
      inc = '0;
      dec = '0;
      for (int a = 0; a < NumAcq; a++) begin
        if (acq_q[a] && 32'(acq_id_q[a]) == e) inc = inc + 1'b1;
      end
      for (int r = 0; r < NumRel; r++) begin
        if (rel_q[r] && 32'(rel_id_q[r]) == e) dec = dec + 1'b1;
      end
      if ({1'b0, refs_q[e]} + inc < dec) begin
        refs_d[e] = '0;
      end else begin
        refs_d[e] = RefW'({1'b0, refs_q[e]} + inc - dec);
      end
      free_d[e] = (refs_d[e] == '0);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      refs_q   <= '0;
      free_q   <= '1;
      cur_q    <= '0;
      acq_q    <= '0;
      acq_id_q <= '0;
      rel_q    <= '0;
      rel_id_q <= '0;
      wr_q     <= 1'b0;
      wr_id_q  <= '0;
    end else begin
      refs_q   <= refs_d;
      free_q   <= free_d;
      cur_q    <= cur_d;
      acq_q    <= acq_i;
      acq_id_q <= acq_id_i;
      rel_q    <= rel_i;
      rel_id_q <= rel_id_i;
      wr_q     <= alloc;
      wr_id_q  <= next_id;
    end
  end
  always_ff @(posedge clk_i) begin
    if (alloc) wr_state_q <= alloc_state_i;
  end

  // one flat register per entry (Yosys drops writes to an element of a packed struct array
  // made inside a generate loop; docs/synth.md "Yosys traps")
  localparam int unsigned Sw = gpu_pkg::DRAW_STATE_W;
  if ($bits(alloc_state_i) != Sw) begin : g_bad_width
    $error("draw_state_table: gpu_pkg::DRAW_STATE_W does not match draw_state_t");
  end
  logic [N-1:0][Sw-1:0] state_flat_q;
  for (genvar e = 0; e < N; e++) begin : g_entry
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        state_flat_q[e] <= '0;
      end else if (wr_q && wr_id_q == gpu_pkg::ds_id_t'(e)) begin
        state_flat_q[e] <= wr_state_q;
      end
    end
  end

  // the entry written this cycle is forwarded
  logic [N-1:0][Sw-1:0] table_flat;
  always_comb begin
    for (int e = 0; e < N; e++) begin
      table_flat[e] = (wr_q && 32'(wr_id_q) == e) ? wr_state_q : state_flat_q[e];
    end
  end
  assign table_fwd_o = table_flat;
  assign table_o     = state_flat_q;

  assign busy_o = !(&free_q);
endmodule
