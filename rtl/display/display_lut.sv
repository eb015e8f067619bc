// display_lut: the colour-grading LUT of REQ-133 (ADDENDUM 4) in the core clock domain: two
// banks of a red (32), green (64) and blue (32) table of R5G5B5 entries, the upload pointer of
// COLOR_GRADE_LUT_ADDR / COLOR_GRADE_LUT_DATA, and the bank exchange of SWAP_BANKS
// (docs/spec-decisions.md "Display path").
//
// Upload: host_reg_file passes on its applied writes of the three registers (one per cycle at
// most). A data write stores into the inactive bank at the pointer and advances it (to the next
// entry; from the last entry of a table to entry 0 of the next, red -> green -> blue -> red);
// with LUT_SELECT 3 it is ignored. RESET_ADDR zeroes the pointer; a LUT_ADDR write loads it.
// SWAP_BANKS sets a request that the next frame boundary (frame_i) carries out.
// Lookup: one RGB565 pixel per cycle; the three entries of the active bank appear on lk_*_o
// one cycle after lk_valid_i (a register behind each LUT RAM; the ports hold between lookups).
// A lookup and an upload never meet: lookups read the active bank, uploads write the other.
// Storage: three LUT RAMs (TRELLIS_DPR16X4 on the ECP5; 3,840 bits), zero at configuration
// (initial values, which Yosys maps to the RAMs' init); reset does not clear them.
// Reset: pointer 0, bank 0 active, no swap pending.
// Illegal input: none (LUT_SELECT 3 above; bit 5 of a red or blue index is ignored).
module display_lut (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        ctrl_we_i,      // COLOR_GRADE_CTRL written, with ...
  input  logic        reset_addr_i,   // ... bit 2 RESET_ADDR
  input  logic        swap_i,         // ... bit 1 SWAP_BANKS
  input  logic        addr_we_i,      // COLOR_GRADE_LUT_ADDR written
  input  logic        data_we_i,      // COLOR_GRADE_LUT_DATA written
  input  logic [14:0] wdata_i,        // the written value ([7:0] for LUT_ADDR)
  output logic [7:0]  ptr_o,          // the pointer, as LUT_ADDR reads it

  input  logic        frame_i,        // frame boundary: a pending swap takes effect

  input  logic        lk_valid_i,
  input  logic [15:0] lk_rgb565_i,
  output logic [14:0] lk_r_o,         // red[R5], green[G6], blue[B5] of the active bank
  output logic [14:0] lk_g_o,
  output logic [14:0] lk_b_o
);
  logic [7:0] ptr_q, ptr_d;
  logic       bank_q, swap_q;
  logic [1:0] sel;
  logic [5:0] idx;
  logic       wr_r, wr_g, wr_b, last;

  assign sel = ptr_q[7:6];
  assign idx = ptr_q[5:0];

  always_comb begin
    wr_r = data_we_i && (sel == 2'd0);
    wr_g = data_we_i && (sel == 2'd1);
    wr_b = data_we_i && (sel == 2'd2);
    last = (sel == 2'd1) ? (idx == 6'd63) : (idx[4:0] == 5'd31);
    ptr_d = ptr_q;
    if (addr_we_i) begin
      ptr_d = wdata_i[7:0];
    end else if (ctrl_we_i && reset_addr_i) begin
      ptr_d = 8'd0;
    end else if (data_we_i && sel != 2'd3) begin
      if (!last)              ptr_d = {sel, idx + 6'd1};
      else if (sel == 2'd2)   ptr_d = 8'd0;
      else                    ptr_d = {sel + 2'd1, 6'd0};
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q  <= 8'd0;
      bank_q <= 1'b0;
      swap_q <= 1'b0;
    end else begin
      ptr_q <= ptr_d;
      if (frame_i) begin
        bank_q <= bank_q ^ swap_q;
        swap_q <= 1'b0;
      end
      // a request written in the boundary's cycle is for the next boundary
      if (ctrl_we_i && swap_i) swap_q <= 1'b1;
    end
  end

  // ---- storage: {bank, index}, written in the inactive bank, read in the active one ----
  (* ram_style = "distributed" *) logic [14:0] red_q   [64];
  (* ram_style = "distributed" *) logic [14:0] green_q [128];
  (* ram_style = "distributed" *) logic [14:0] blue_q  [64];
  initial begin
    for (int i = 0; i < 64; i++) begin
      red_q[i]  = '0;
      blue_q[i] = '0;
    end
    for (int i = 0; i < 128; i++) green_q[i] = '0;
  end

  logic [14:0] r_q, g_q, b_q;
  always_ff @(posedge clk_i) begin
    if (wr_r) red_q[{!bank_q, idx[4:0]}]   <= wdata_i;
    if (wr_g) green_q[{!bank_q, idx}]      <= wdata_i;
    if (wr_b) blue_q[{!bank_q, idx[4:0]}]  <= wdata_i;
    if (lk_valid_i) begin
      r_q <= red_q[{bank_q, lk_rgb565_i[15:11]}];
      g_q <= green_q[{bank_q, lk_rgb565_i[10:5]}];
      b_q <= blue_q[{bank_q, lk_rgb565_i[4:0]}];
    end
  end

  assign ptr_o  = ptr_q;
  assign lk_r_o = r_q;
  assign lk_g_o = g_q;
  assign lk_b_o = b_q;
endmodule
