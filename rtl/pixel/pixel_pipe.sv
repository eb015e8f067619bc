// pixel_pipe: pixel_color -> pixel_ztest -> fb_write (UNIT-006).
// C mirror: sw/model/pixel_pipe.c.
//
// pixel_color (input, combinational on the accepted fragment): RGBA8 -> 10-bit by bit
//   replication, optional ordered dither (data/dither_bn16.hex, indexed {y[3:0], x[3:0]}),
//   RGB565 in bits [15:0] of the framebuffer word; framebuffer and Z addresses; z>>1. The
//   results are registered in the work register (w_q): every memory request below is driven
//   from flops (timing: docs/synth.md).
// pixel_ztest / fb_write (state machine on w_q): a fragment without depth work
//   (Z_TEST = Z_WRITE = 0) is one colour write, and the next fragment is accepted in the cycle
//   that write is accepted (one fragment per cycle). A fragment with depth work is handled
//   alone: read the Z word, compare z>>1 with zbuf[23:0] (FB_ZBUFFER.Z_COMPARE), write the Z
//   word if Z_WRITE, then the colour word. Handling one depth fragment at a time, with requests
//   to a single in-order memory port, means every depth read sees every earlier write.
// Latency: 1 cycle from fragment to request. Texturing and alpha blending are later stages;
//   ALPHA_BLEND is ignored here.
module pixel_pipe #(
  parameter DitherFile = "data/dither_bn16.hex"  // ROM image, relative to the run directory
) (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic           frag_valid_i,
  output logic           frag_ready_o,
  input  gpu_pkg::frag_t frag_i,

  output logic        mem_req_valid_o,
  input  logic        mem_req_ready_i,
  output logic [gpu_pkg::MEM_AW-1:0] mem_req_addr_o,
  output logic        mem_req_we_o,
  output logic [31:0] mem_req_wdata_o,
  output logic [3:0]  mem_req_be_o,
  output logic [gpu_pkg::PRIM_W-1:0] mem_req_prim_o,
  input  logic        mem_rsp_valid_i,
  input  logic [31:0] mem_rsp_rdata_i,

  output logic        busy_o
);
  typedef enum logic [2:0] {
    StEmpty,   // no fragment in the work register
    StCWrite,  // colour write request
    StZRead,   // Z read request
    StZWait,   // waiting for the Z word
    StZWrite   // Z write request
  } st_e;
  st_e st_q, st_d;

  // the work register: everything the requests need, computed at input
  typedef struct packed {
    logic [gpu_pkg::MEM_AW-1:0] fb_addr;
    logic [gpu_pkg::MEM_AW-1:0] z_addr;
    logic [23:0]                zf;
    logic [15:0]                rgb565;
    logic                       z_write;
    gpu_pkg::zcmp_e             z_compare;
    logic [gpu_pkg::PRIM_W-1:0] prim;
  } work_t;
  work_t w_q, w_d;

  // dither ROM: {R6, G6, B6} per entry
  logic [17:0] dither_rom [256];
  initial $readmemh(DitherFile, dither_rom);

  // ---------------------------------------------------------------- pixel_color (input)
  function automatic logic [9:0] sat_add10(input logic [9:0] c, input logic [4:0] d);
    logic [10:0] s;
    s = {1'b0, c} + {6'h0, d};
    sat_add10 = s[10] ? 10'h3FF : s[9:0];
  endfunction

  logic [17:0] e;
  logic        zt, accept;
  always_comb begin
    logic [9:0] r10, g10, b10;
    logic [gpu_pkg::MEM_AW-1:0] offs;
    r10 = {frag_i.color[7:0],   frag_i.color[7:6]};
    g10 = {frag_i.color[15:8],  frag_i.color[15:14]};
    b10 = {frag_i.color[23:16], frag_i.color[23:22]};
    e = dither_rom[{frag_i.y[3:0], frag_i.x[3:0]}];
    if (frag_i.rs.dither_en) begin
      r10 = sat_add10(r10, {e[17:15], 2'b00});
      g10 = sat_add10(g10, {1'b0, e[11:10], 2'b00});
      b10 = sat_add10(b10, {e[5:3], 2'b00});
    end
    offs = {4'h0, frag_i.pix, 2'b00};           // (y*640 + x) * 4, from the walker
    w_d.fb_addr   = {frag_i.rs.fb_base, 12'h0} + offs;
    w_d.z_addr    = {frag_i.rs.z_base, 12'h0} + offs;
    w_d.zf        = frag_i.z[24:1];
    w_d.rgb565    = {r10[9:5], g10[9:4], b10[9:5]};
    w_d.z_write   = frag_i.rs.z_write;
    w_d.z_compare = frag_i.rs.z_compare;
    w_d.prim      = frag_i.prim;
    zt = frag_i.rs.z_test;
  end

  // ---------------------------------------------------------------- pixel_ztest
  logic z_pass;
  always_comb begin
    logic [23:0] zb;
    zb = mem_rsp_rdata_i[23:0];
    unique case (w_q.z_compare)
      gpu_pkg::ZLess:     z_pass = w_q.zf < zb;
      gpu_pkg::ZLequal:   z_pass = w_q.zf <= zb;
      gpu_pkg::ZEqual:    z_pass = w_q.zf == zb;
      gpu_pkg::ZGequal:   z_pass = w_q.zf >= zb;
      gpu_pkg::ZGreater:  z_pass = w_q.zf > zb;
      gpu_pkg::ZNotequal: z_pass = w_q.zf != zb;
      gpu_pkg::ZAlways:   z_pass = 1'b1;
      default:            z_pass = 1'b0;       // ZNever
    endcase
  end

  // ---------------------------------------------------------------- fb_write
  // requests come from the state and the work register only (flops), never from ready
  always_comb begin
    mem_req_valid_o = 1'b0;
    mem_req_we_o    = 1'b1;
    mem_req_addr_o  = w_q.fb_addr;
    mem_req_wdata_o = {16'h0, w_q.rgb565};
    unique case (st_q)
      StCWrite: mem_req_valid_o = 1'b1;
      StZRead:  begin mem_req_valid_o = 1'b1; mem_req_we_o = 1'b0; mem_req_addr_o = w_q.z_addr; end
      StZWrite: begin mem_req_valid_o = 1'b1; mem_req_addr_o = w_q.z_addr; mem_req_wdata_o = {8'h0, w_q.zf}; end
      default:  ;
    endcase
  end

  // a new fragment enters when the work register is empty or its colour write leaves now
  assign frag_ready_o = (st_q == StEmpty) || (st_q == StCWrite && mem_req_ready_i);
  assign accept = frag_valid_i && frag_ready_o;

  always_comb begin
    st_d = st_q;
    unique case (st_q)
      StEmpty:  ;
      StCWrite: if (mem_req_ready_i) st_d = StEmpty;
      StZRead:  if (mem_req_ready_i) st_d = StZWait;
      StZWait: begin
        if (mem_rsp_valid_i) begin
          if (!z_pass) st_d = StEmpty;
          else st_d = w_q.z_write ? StZWrite : StCWrite;
        end
      end
      StZWrite: if (mem_req_ready_i) st_d = StCWrite;
      default:  st_d = StEmpty;
    endcase
    if (accept) st_d = zt ? StZRead : (w_d.z_write ? StZWrite : StCWrite);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q <= StEmpty;
    end else begin
      st_q <= st_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (accept) w_q <= w_d;
  end

  // bits the pipeline does not look at: the Z word's [31:24], the low dither bits
  logic unused_bits;
  assign unused_bits = ^{mem_rsp_rdata_i[31:24], e[14:12], e[9:6], e[2:0]};

  assign mem_req_be_o   = 4'hF;
  assign mem_req_prim_o = w_q.prim;
  assign busy_o = (st_q != StEmpty) || frag_valid_i;
endmodule
