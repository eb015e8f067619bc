// pixel_fbwrite: last stage of the pixel path (UNIT-006; ADDENDUM 4 "Ordered dither",
// docs/spec-decisions.md "Pixel pipeline"). C mirror: sw/model/pixel_fbwrite.c. Memory
// client: colour writes.
// Ordered dither (DITHER_MODE.ENABLE): the 16x16 blue-noise table of data/dither_bn16.hex
// (the file the C table is generated from), indexed {y[3:0], x[3:0]}; R and B add the top 3
// bits of their 6-bit entry, G the top 2, at the bit below the RGB565 cut (<< 2 in 10 bits),
// saturating at 1023, on the integer part of each 10.8 channel (the fraction bits are dropped
// first). Then R5 = R[9:5], G6 = G[9:4], B5 = B[9:5]; the framebuffer word is
// RGB565 in [15:0], zero above, at FB_DRAW + (y*640 + x)*4.
// The word and address are computed at input and registered (w_q): the write request comes
// from flops. A fragment is taken when the stage is empty or in the cycle its predecessor's
// write is accepted: one fragment per cycle, 1 cycle from fragment to request.
module pixel_fbwrite #(
  parameter DitherFile = "data/dither_bn16.hex"  // ROM image (a file name), relative to the run directory
) (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic            frag_valid_i,
  output logic            frag_ready_o,
  input  gpu_pkg::pfrag_t frag_i,

  input  logic [gpu_pkg::DS_N-1:0][gpu_pkg::DRAW_STATE_W-1:0] ds_table_i,   // draw states (by frag sid)
  output logic            rel_o,        // a fragment was taken: the last stage that reads its
  output gpu_pkg::ds_id_t rel_sid_o,    // draw state is done with it

  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output gpu_pkg::mem_req_t mem_req_o,

  output logic        busy_o
);
  typedef struct packed {
    logic [gpu_pkg::MEM_AW-1:0] fb_addr;
    logic [15:0]                rgb565;
    logic [gpu_pkg::PRIM_W-1:0] prim;
  } work_t;
  work_t w_q, w_d;
  logic  full_q, take;

  // dither ROM: {R6, G6, B6} per entry, of which 8 bits are used (R and B the top 3, G the top
  // 2): in logic (about 120 LUT4 on the ECP5), so the block RAM Yosys would give it serves the
  // display's colour-grading LUT (docs/synth.md)
  (* rom_style = "logic" *) logic [17:0] dither_rom [256];
  initial $readmemh(DitherFile, dither_rom);

  function automatic logic [9:0] sat_add10(input logic [9:0] c, input logic [4:0] d);
    logic [10:0] s;
    s = {1'b0, c} + {6'h0, d};
    sat_add10 = s[10] ? 10'h3FF : s[9:0];
  endfunction

  logic [17:0] e;
  gpu_pkg::draw_state_t ds;
  assign ds = gpu_pkg::draw_state_t'(ds_table_i[frag_i.sid]);
  always_comb begin
    logic [9:0] r10, g10, b10;
    r10 = frag_i.color.r[17:8];   // integer parts of the 10.8 channels
    g10 = frag_i.color.g[17:8];
    b10 = frag_i.color.b[17:8];
    e = dither_rom[{frag_i.y[3:0], frag_i.x[3:0]}];
    if (ds.dither_en) begin
      r10 = sat_add10(r10, {e[17:15], 2'b00});
      g10 = sat_add10(g10, {1'b0, e[11:10], 2'b00});
      b10 = sat_add10(b10, {e[5:3], 2'b00});
    end
    w_d.fb_addr = {ds.fb_base, 12'h0} + {4'h0, frag_i.pix, 2'b00};
    w_d.rgb565  = {r10[9:5], g10[9:4], b10[9:5]};
    w_d.prim    = frag_i.prim;
  end

  assign frag_ready_o = !full_q || mem_req_ready_i;
  assign take = frag_valid_i && frag_ready_o;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      full_q <= 1'b0;
    end else if (take || mem_req_ready_i) begin
      full_q <= take;
    end
  end

  always_ff @(posedge clk_i) begin
    if (take) w_q <= w_d;
  end

  assign mem_req_valid_o = full_q;
  always_comb begin
    mem_req_o       = '0;
    mem_req_o.we    = 1'b1;
    mem_req_o.addr  = w_q.fb_addr;
    mem_req_o.wdata = {16'h0, w_q.rgb565};
    mem_req_o.be    = 4'h3;   // [15:0] only: one 16-bit SDRAM beat (docs/spec-decisions.md)
    mem_req_o.prim  = w_q.prim;
  end

  // inputs this stage does not look at: depth, alpha, the fraction bits, the low colour bits
  // the RGB565 cut and the dither entry's low bits drop, the depth and blend part of the
  // render state
  logic unused_bits;
  assign unused_bits = ^{frag_i.z, frag_i.color.a, frag_i.color.r[7:0], frag_i.color.g[7:0],
                         frag_i.color.b[7:0], e[14:12], e[9:6], e[2:0], ds.z_write, ds.z_test,
                         ds.gouraud, ds.z_compare, ds.z_base, ds.alpha_blend};

  assign rel_o     = take;
  assign rel_sid_o = frag_i.sid;

  assign busy_o = full_q || frag_valid_i;
  logic unused_tex;   // the texture state is tmu_pixel's
  assign unused_tex = (^ds[gpu_pkg::DS_TEX_W-1:0]);
endmodule
