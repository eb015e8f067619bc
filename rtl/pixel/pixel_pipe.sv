// pixel_pipe: pixel_ztest -> pixel_color -> pixel_dither -> fb_write (UNIT-006).
// C mirror: sw/model/pixel_pipe.c.
//
// Fragments without depth work (Z_TEST = Z_WRITE = 0) are written straight from the input,
// one per cycle when memory accepts. Fragments with depth work are handled one at a time:
// read the Z word, compare z>>1 with zbuf[23:0] (FB_ZBUFFER.Z_COMPARE), write the Z word if
// Z_WRITE, then the colour word. Handling one depth fragment at a time, with requests to a
// single in-order memory port, means every depth read sees every earlier write (no hazards).
// Colour: RGBA8 -> 10-bit by bit replication, optional ordered dither (data/dither_bn16.hex,
// indexed {y[3:0], x[3:0]}), RGB565 in bits [15:0] of the framebuffer word.
// Texturing and alpha blending are later stages; ALPHA_BLEND is ignored here.
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
    StIdle,    // pass-through colour writes; latch depth fragments
    StZRead,   // Z read request
    StZWait,   // waiting for the Z word
    StZWrite,  // Z write request
    StCWrite   // colour write of the latched fragment
  } st_e;
  st_e st_q, st_d;
  gpu_pkg::frag_t f_q, f_d;

  // dither ROM: {R6, G6, B6} per entry
  logic [17:0] dither_rom [256];
  initial $readmemh(DitherFile, dither_rom);

  gpu_pkg::frag_t f;                         // fragment being worked on
  logic [gpu_pkg::MEM_AW-1:0] offs, fb_addr, z_addr;
  logic [23:0] zf;
  logic [15:0] rgb565;
  logic        z_pass;

  assign f = (st_q == StIdle) ? frag_i : f_q;
  assign offs = {4'h0, f.pix, 2'b00};           // (y*640 + x) * 4, from the walker
  assign fb_addr = {f.rs.fb_base, 12'h0} + offs;
  assign z_addr  = {f.rs.z_base, 12'h0} + offs;
  assign zf = f.z[24:1];

  function automatic logic [9:0] sat_add10(input logic [9:0] c, input logic [4:0] d);
    logic [10:0] s;
    s = {1'b0, c} + {6'h0, d};
    sat_add10 = s[10] ? 10'h3FF : s[9:0];
  endfunction

  logic [17:0] e;
  always_comb begin
    logic [9:0] r10, g10, b10;
    r10 = {f.color[7:0],   f.color[7:6]};
    g10 = {f.color[15:8],  f.color[15:14]};
    b10 = {f.color[23:16], f.color[23:22]};
    e = dither_rom[{f.y[3:0], f.x[3:0]}];
    if (f.rs.dither_en) begin
      r10 = sat_add10(r10, {e[17:15], 2'b00});
      g10 = sat_add10(g10, {1'b0, e[11:10], 2'b00});
      b10 = sat_add10(b10, {e[5:3], 2'b00});
    end
    rgb565 = {r10[9:5], g10[9:4], b10[9:5]};
  end

  always_comb begin
    logic [23:0] zb;
    zb = mem_rsp_rdata_i[23:0];
    unique case (f_q.rs.z_compare)
      3'd0:    z_pass = zf < zb;
      3'd1:    z_pass = zf <= zb;
      3'd2:    z_pass = zf == zb;
      3'd3:    z_pass = zf >= zb;
      3'd4:    z_pass = zf > zb;
      3'd5:    z_pass = zf != zb;
      3'd6:    z_pass = 1'b1;
      default: z_pass = 1'b0;
    endcase
  end

  logic zt, zw;
  assign zt = frag_i.rs.tri_mode[2];
  assign zw = frag_i.rs.tri_mode[3];

  // request side: depends on the state and the input fragment only, never on ready
  always_comb begin
    mem_req_valid_o = 1'b0;
    mem_req_we_o = 1'b1;
    mem_req_addr_o = fb_addr;
    mem_req_wdata_o = {16'h0, rgb565};
    unique case (st_q)
      StIdle:   mem_req_valid_o = frag_valid_i && !zt && !zw;
      StZRead:  begin mem_req_valid_o = 1'b1; mem_req_we_o = 1'b0; mem_req_addr_o = z_addr; end
      StZWrite: begin mem_req_valid_o = 1'b1; mem_req_addr_o = z_addr; mem_req_wdata_o = {8'h0, zf}; end
      StCWrite: mem_req_valid_o = 1'b1;
      default:  ;
    endcase
  end

  // state transitions
  always_comb begin
    st_d = st_q;
    f_d = f_q;
    frag_ready_o = 1'b0;
    unique case (st_q)
      StIdle: begin
        if (frag_valid_i) begin
          if (!zt && !zw) begin
            frag_ready_o = mem_req_ready_i;
          end else begin
            frag_ready_o = 1'b1;
            f_d = frag_i;
            st_d = zt ? StZRead : StZWrite;
          end
        end
      end
      StZRead:  if (mem_req_ready_i) st_d = StZWait;
      StZWait: begin
        if (mem_rsp_valid_i) begin
          if (!z_pass) st_d = StIdle;
          else st_d = f_q.rs.tri_mode[3] ? StZWrite : StCWrite;
        end
      end
      StZWrite: if (mem_req_ready_i) st_d = StCWrite;
      StCWrite: if (mem_req_ready_i) st_d = StIdle;
      default:  st_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q <= StIdle;
      f_q  <= '0;
    end else begin
      st_q <= st_d;
      f_q  <= f_d;
    end
  end

  // bits the pipeline does not look at: the Z word's [31:24], the low dither bits
  logic unused_bits;
  assign unused_bits = ^{mem_rsp_rdata_i[31:24], e[14:12], e[9:6], e[2:0]};

  assign mem_req_be_o   = 4'hF;
  assign mem_req_prim_o = f.prim;
  assign busy_o = (st_q != StIdle) || frag_valid_i;
endmodule
