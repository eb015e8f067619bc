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
// Lookup: one entry of the active bank per cycle, at a table address (red {00, R5}, blue
// {01, B5}, green {1, G6}); rd_data_o holds it from the cycle after rd_i until the next rd_i.
// A lookup and an upload never meet: lookups read the active bank, uploads write the other.
// Storage: one 256 x 15 block RAM (prim_ram_1r1w: the write port takes uploads, the read port
// lookups; {bank, table address}), zero at configuration; reset does not clear it. (Three LUT
// RAMs read in parallel cost about 480 LUT4 on the ECP5: docs/synth.md.)
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

  input  logic        rd_i,           // look up ...
  input  logic [6:0]  rd_addr_i,      // ... this table address in the active bank
  output logic [14:0] rd_data_o       // the entry, from the cycle after rd_i
);
  logic [7:0] ptr_q, ptr_d;
  logic       bank_q, swap_q;
  logic [1:0] sel;
  logic [5:0] idx;
  logic       last, we;
  logic [6:0] waddr;

  assign sel = ptr_q[7:6];
  assign idx = ptr_q[5:0];

  always_comb begin
    we    = data_we_i && (sel != 2'd3);
    // the table address of the pointer: red {00, idx[4:0]}, blue {01, idx[4:0]}, green {1, idx}
    waddr = (sel == 2'd1) ? {1'b1, idx} : {1'b0, sel[1], idx[4:0]};
    last  = (sel == 2'd1) ? (idx == 6'd63) : (idx[4:0] == 5'd31);
    ptr_d = ptr_q;
    if (addr_we_i) begin
      ptr_d = wdata_i[7:0];
    end else if (ctrl_we_i && reset_addr_i) begin
      ptr_d = 8'd0;
    end else if (we) begin
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

  // uploads into {inactive bank, table address}, lookups from {active bank, table address}:
  // never the same entry in one cycle
  prim_ram_1r1w #(.Width(15), .Depth(256), .InitZero(1'b1)) u_ram (
    .clk_i   (clk_i),
    .we_i    (we),
    .waddr_i ({!bank_q, waddr}),
    .wdata_i (wdata_i),
    .re_i    (rd_i),
    .raddr_i ({bank_q, rd_addr_i}),
    .rdata_o (rd_data_o)
  );

  assign ptr_o = ptr_q;
endmodule
