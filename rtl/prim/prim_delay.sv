// prim_delay: a fixed delay line that always advances: q_o in cycle t is d_i of cycle t - Delay
// (Delay >= 2), in LUT RAM instead of flip-flops.
// What for: pipelines that never stall (tmu_pixel's persp -> lod -> addr stages) carry their
// side inputs in delay lines as long as the stages; as shift registers of flip-flops those were
// 3,247 FF of the texture stage (docs/synth.md "Texture units: where the logic is"). Here
// Delay - 1 entries of LUT RAM (written at a free-running pointer every cycle, read at the same
// pointer before the write: the entry written Delay - 1 cycles ago) feed one output register.
// Cost: ceil((Delay - 1) / 16) x ceil(Width / 4) TRELLIS_DPR16X4 + Width + a few FF, instead of
// Delay x Width FF. A TRELLIS_DPR16X4 takes about four LUT4 sites and a write-port slice, so
// where flip-flops are the cheaper resource, Flops = 1 builds the plain shift register (Delay x
// Width FF, no LUT: the stages have no enable and no reset).
// Flops = 1: the same behaviour (q_o in cycle t is d_i of cycle t - Delay); no pointer.
// Bram = 1 (Delay >= 3): the same behaviour in block RAM (prim_ram_1r1w, Delay - 1 entries of
// Width bits: a DP16KD per 36 bits of width), for wide lines where block RAM is the spare
// resource: written at the pointer every cycle and read at the next entry (the one written
// Delay - 2 cycles ago, never the entry being written) into the RAM's read register, then one
// flip-flop stage (q_o from flip-flops, not from the block RAM's 5.6 ns clock-to-out).
// Reset: the pointer only; q_o shows unwritten entries for the first Delay cycles (like a shift
// register without reset: consumers qualify it with their own valid delay line).
module prim_delay #(
  parameter int unsigned Width = 8,
  parameter int unsigned Delay = 4,
  parameter bit          Flops = 1'b0,  // 1: a flip-flop shift register instead of LUT RAM
  parameter bit          Bram  = 1'b0   // 1: block RAM instead of LUT RAM
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [Width-1:0] d_i,
  output logic [Width-1:0] q_o
);
  localparam int unsigned N  = (Delay > 2) ? Delay - 1 : 1;   // RAM entries
  localparam int unsigned Aw = (N > 1) ? $clog2(N) : 1;
  if (Delay < 2) begin : g_bad_delay
    $error("prim_delay: Delay must be >= 2 (use a register)");
  end
  if (Flops && Bram) begin : g_bad_impl
    $error("prim_delay: Flops and Bram exclude each other");
  end
  if (Bram && Delay < 3) begin : g_bad_bram
    $error("prim_delay: Bram needs Delay >= 3");
  end

  if (Flops) begin : g_flops
    // one flat vector, the newest entry in the low Width bits (Yosys 0.70 cannot size an
    // element access of a two-dimensional packed array declared inside a generate block)
    logic [Delay*Width-1:0] sr_q;
    always_ff @(posedge clk_i) begin
      sr_q <= {sr_q[(Delay-1)*Width-1:0], d_i};
    end
    assign q_o = sr_q[Delay*Width-1 -: Width];
    logic unused_rst;
    assign unused_rst = rst_ni;
  end else if (Bram) begin : g_bram
    // N = Delay - 1 entries, as the LUT RAM line (Delay >= 3 here)
    logic [Aw-1:0]    wp_q, rp;
    logic [Width-1:0] rd, q_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)                  wp_q <= '0;
      else if (wp_q == Aw'(N - 1))  wp_q <= '0;
      else                          wp_q <= wp_q + 1'b1;
    end
    assign rp = (wp_q == Aw'(N - 1)) ? '0 : wp_q + 1'b1;
    prim_ram_1r1w #(.Width(Width), .Depth(N)) u_ram (
      .clk_i (clk_i), .we_i (1'b1), .waddr_i (wp_q), .wdata_i (d_i),
      .re_i (1'b1), .raddr_i (rp), .rdata_o (rd));
    always_ff @(posedge clk_i) q_q <= rd;
    assign q_o = q_q;
  end else begin : g_lutram
    (* ram_style = "distributed" *) logic [Width-1:0] mem_q [N];
    logic [Aw-1:0]    ptr_q;
    logic [Width-1:0] q_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)                  ptr_q <= '0;
      else if (ptr_q == Aw'(N - 1)) ptr_q <= '0;
      else                          ptr_q <= ptr_q + 1'b1;
    end

    always_ff @(posedge clk_i) begin
      mem_q[ptr_q] <= d_i;
      q_q          <= mem_q[ptr_q];
    end

    assign q_o = q_q;
  end
endmodule
