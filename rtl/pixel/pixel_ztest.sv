// pixel_ztest: the depth stage of the pixel path (UNIT-006; docs/spec-decisions.md "Pixel
// pipeline"). C mirror: sw/model/pixel_ztest.c. Memory client: Z reads and writes.
//
// A fragment with depth work (Z_TEST or Z_WRITE) is taken into the work register (w_q) and
// handled alone: read its Z word, compare z>>1 with zbuf[23:0] by FB_ZBUFFER.Z_COMPARE (a
// failing fragment is dropped), write z>>1 if Z_WRITE, then offer the fragment to the next
// stage. Handling one depth fragment at a time through the in-order memory port means every
// Z read sees every earlier Z write, across triangles. The next fragment is taken in the
// cycle the held one leaves.
// A fragment without depth work passes through combinationally while the stage is empty (no
// latency: one fragment per cycle), or waits in w_q behind the held one.
// Requests are driven from flops (state, w_q): valid never depends on ready. frag_valid_o
// depends on frag_valid_i only in pass-through, frag_ready_o on frag_ready_i and the
// incoming fragment's mode (ready may depend on valid: docs/interfaces.md).
module pixel_ztest (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic            frag_valid_i,
  output logic            frag_ready_o,
  input  gpu_pkg::pfrag_t frag_i,

  output logic            frag_valid_o,
  input  logic            frag_ready_i,
  output gpu_pkg::pfrag_t frag_o,

  input  logic [gpu_pkg::DS_N-1:0][gpu_pkg::DRAW_STATE_W-1:0] ds_table_i,   // draw states (by frag sid)
  output logic            rel_o,        // a fragment failed the test: its draw-state reference
  output gpu_pkg::ds_id_t rel_sid_o,    // ends here

  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output gpu_pkg::mem_req_t mem_req_o,
  input  logic              mem_rsp_valid_i,
  input  gpu_pkg::mem_rsp_t mem_rsp_i,

  output logic        busy_o
);
  typedef enum logic [2:0] {
    StEmpty,   // no fragment held; a fragment without depth work passes straight through
    StZRead,   // Z read request
    StZWait,   // waiting for the Z word
    StZWrite,  // Z write request
    StOut      // the held fragment is offered to the next stage
  } st_e;
  st_e st_q, st_d;

  gpu_pkg::pfrag_t            w_q;
  logic [gpu_pkg::MEM_AW-1:0] z_addr_q, z_addr_d;
  logic                       take, needs_z, pass_through, z_pass;

  gpu_pkg::draw_state_t ds_in, ds_w;   // the draw states of the incoming and the held fragment
  assign ds_in = gpu_pkg::draw_state_t'(ds_table_i[frag_i.sid]);
  assign ds_w  = gpu_pkg::draw_state_t'(ds_table_i[w_q.sid]);
  assign needs_z = ds_in.z_test | ds_in.z_write;
  assign pass_through = (st_q == StEmpty) && frag_valid_i && !needs_z;
  // the Z word of the incoming fragment: Z base + (y*640 + x) * 4
  assign z_addr_d = {ds_in.z_base, 12'h0} + {4'h0, frag_i.pix, 2'b00};

  // ---- depth compare (z>>1 against zbuf[23:0]) ----
  always_comb begin
    logic [23:0] zb, zf;
    zb = mem_rsp_i.rdata[23:0];
    zf = w_q.z[24:1];
    unique case (ds_w.z_compare)
      gpu_pkg::ZLess:     z_pass = zf < zb;
      gpu_pkg::ZLequal:   z_pass = zf <= zb;
      gpu_pkg::ZEqual:    z_pass = zf == zb;
      gpu_pkg::ZGequal:   z_pass = zf >= zb;
      gpu_pkg::ZGreater:  z_pass = zf > zb;
      gpu_pkg::ZNotequal: z_pass = zf != zb;
      gpu_pkg::ZAlways:   z_pass = 1'b1;
      default:            z_pass = 1'b0;       // ZNever
    endcase
  end

  // ---- handshakes ----
  always_comb begin
    unique case (st_q)
      StEmpty: frag_ready_o = needs_z || frag_ready_i;
      StOut:   frag_ready_o = frag_ready_i;
      default: frag_ready_o = 1'b0;
    endcase
    take = frag_valid_i && frag_ready_o && !pass_through;   // into w_q
    frag_valid_o = (st_q == StOut) || pass_through;
    frag_o = (st_q == StOut) ? w_q : frag_i;
  end

  // ---- requests, from flops ----
  always_comb begin
    mem_req_valid_o = 1'b0;
    mem_req_o       = '0;
    unique case (st_q)
      StZRead:  mem_req_valid_o = 1'b1;
      StZWrite: begin mem_req_valid_o = 1'b1; mem_req_o.we = 1'b1; end
      default:  ;
    endcase
    mem_req_o.addr  = z_addr_q;
    mem_req_o.wdata = {8'h0, w_q.z[24:1]};
    mem_req_o.be    = 4'hF;
    mem_req_o.prim  = w_q.prim;
  end

  // ---- state ----
  always_comb begin
    st_d = st_q;
    unique case (st_q)
      StEmpty:  ;
      StZRead:  if (mem_req_ready_i) st_d = StZWait;
      StZWait: begin
        if (mem_rsp_valid_i) begin
          if (!z_pass) st_d = StEmpty;
          else st_d = ds_w.z_write ? StZWrite : StOut;
        end
      end
      StZWrite: if (mem_req_ready_i) st_d = StOut;
      StOut:    if (frag_ready_i) st_d = StEmpty;
      default:  st_d = StEmpty;
    endcase
    if (take) st_d = ds_in.z_test ? StZRead : (ds_in.z_write ? StZWrite : StOut);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q <= StEmpty;
    end else begin
      st_q <= st_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (take) begin
      w_q      <= frag_i;
      z_addr_q <= z_addr_d;
    end
  end

  // fields of the draw state this stage does not read
  logic unused_rsp;
  assign unused_rsp = ^{mem_rsp_i.rdata[31:24], mem_rsp_i.last, ds_in.z_write, ds_in.gouraud, ds_in.dither_en,
                        ds_in.z_compare, ds_in.fb_base, ds_w.z_test, ds_w.gouraud, ds_w.dither_en,
                        ds_w.fb_base, ds_w.z_base, ds_in.alpha_blend, ds_w.alpha_blend};

  assign rel_o     = (st_q == StZWait) && mem_rsp_valid_i && !z_pass;
  assign rel_sid_o = w_q.sid;

  assign busy_o = (st_q != StEmpty) || frag_valid_i;
  logic unused_tex;   // the texture state is tmu_pixel's
  assign unused_tex = (^ds_in[gpu_pkg::DS_TEX_W-1:0]) ^ (^ds_w[gpu_pkg::DS_TEX_W-1:0]);
endmodule
