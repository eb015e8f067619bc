// gpu_frag_mon: the fragment-level monitor of the graphics path, bound into the RTL from the
// testbench. At every rising edge it reports, through DPI to the C harness (sim/core/vgpu.cpp
// -> tb_main.c), the events the reference model emits for the same work:
//   walk   a covered pixel leaving raster_walk: x, y, z, colour, draw state, triangle
//   ztest  a depth test in the pixel pipe: Z word address, fragment depth, Z-buffer word, result
//   zwrite a Z write of pixel_ztest accepted by the arbiter: address, data, triangle
//   blend  a blended fragment leaving pixel_blend: pixel, mode, destination word, source and
//          result colour (10.8 channels), triangle (fragments with ALPHA_BLEND != DISABLED only)
//   cwrite a colour write of pixel_fbwrite accepted by the arbiter: address, data, triangle
//   texel  a texel slot entering tmu_blend: unit, texel (RGBA8 after swizzle), zeroed; and the
//          texture caches' hit and miss counters whenever one changes
// The harness compares each with the model's next event of the same stage as it arrives and
// stops at the first divergence (docs/debugging.md).
// It also checks the blend stage's hazard rule directly: a destination read accepted by the
// arbiter while an earlier colour write to the same pixel is still in flight (in the spill
// register between pixel_blend and pixel_fbwrite, or waiting at the arbiter in pixel_fbwrite)
// is a $error ("BLEND HAZARD"), whether or not the stale word happens to equal the fresh one.
module gpu_frag_mon (
  input logic        clk_i,
  input logic        rst_ni,
  // walk
  input logic        frag_fire,
  input logic [9:0]  frag_x,
  input logic [8:0]  frag_y,
  input logic [24:0] frag_z,
  input logic [31:0] frag_color,
  input logic [1:0]  frag_sid,
  input logic [15:0] frag_prim,
  // ztest
  input logic        z_fire,
  input logic [24:0] z_addr,
  input logic [23:0] z_frag,
  input logic [23:0] z_buf,
  input logic        z_pass,
  input logic [15:0] z_prim,
  // zwrite
  input logic        zw_fire,
  input logic [24:0] zw_addr,
  input logic [31:0] zw_data,
  input logic [15:0] zw_prim,
  // blend
  input logic        bl_fire,
  input logic [9:0]  bl_x,
  input logic [8:0]  bl_y,
  input logic [1:0]  bl_mode,
  input logic [15:0] bl_dst,
  input gpu_pkg::color108_t bl_src,
  input gpu_pkg::color108_t bl_res,
  input logic [15:0] bl_prim,
  // hazard: destination read accepted while a colour write to the same pixel is in flight
  input logic        dr_fire,
  input logic [24:0] dr_addr,
  input logic        cw_wait,       // pixel_fbwrite's write is offered to the arbiter's input register
  input logic [24:0] cw_wait_addr,
  input logic [1:0]  ci_v,          // the input register's output and spill slots hold a colour write
  input logic [24:0] ci_out_addr,   // (u_arb.g_in[2]: pixel_fbwrite's; accepted at the grant later)
  input logic [24:0] ci_spill_addr,
  input logic [1:0]  bf_v,          // u_bf_reg's output and spill slots hold a fragment
  input gpu_pkg::pfrag_t bf_out,    // and their fragments
  input gpu_pkg::pfrag_t bf_spill,
  input logic [gpu_pkg::DS_N-1:0][gpu_pkg::DRAW_STATE_W-1:0] ds_table,   // (their colour words)
  // cwrite
  input logic        cw_fire,
  input logic [24:0] cw_addr,
  input logic [31:0] cw_data,
  input logic [15:0] cw_prim,
  // texel
  input logic        tx_fire,
  input logic [1:0]  tx_unit,
  input logic [31:0] tx_texel,
  input logic        tx_zero,
  input logic [3:0][31:0] tx_hits,
  input logic [3:0][31:0] tx_misses
);
  // colour words of the fragments in u_bf_reg (their draw state's FB_DRAW + pix * 4)
  gpu_pkg::draw_state_t ds_out, ds_spill;
  logic [24:0] bf_out_addr, bf_spill_addr;
  assign ds_out        = gpu_pkg::draw_state_t'(ds_table[bf_out.sid]);
  assign ds_spill      = gpu_pkg::draw_state_t'(ds_table[bf_spill.sid]);
  assign bf_out_addr   = {ds_out.fb_base, 12'h0} + {4'h0, bf_out.pix, 2'b00};
  assign bf_spill_addr = {ds_spill.fb_base, 12'h0} + {4'h0, bf_spill.pix, 2'b00};
  // a write to the word of a waits in one of a spill register's two slots (v: output, spill)
  function automatic logic in_slots(logic [1:0] v, logic [24:0] a_out, logic [24:0] a_spill, logic [24:0] a);
    return (v[0] && a_out[24:2] == a[24:2]) || (v[1] && a_spill[24:2] == a[24:2]);
  endfunction
  import "DPI-C" function void tgpu_mon_walk(input int x, input int y, input int z, input int color, input int sid, input int prim);
  import "DPI-C" function void tgpu_mon_ztest(input int addr, input int zf, input int zb, input int pass, input int prim);
  import "DPI-C" function void tgpu_mon_write(input int unit, input int addr, input int data, input int prim);
  import "DPI-C" function void tgpu_mon_texel(input int unit, input int texel, input int zero);
  import "DPI-C" function void tgpu_mon_texcount(input int unit, input int hits, input int misses);
  import "DPI-C" function void tgpu_mon_blend(input int x, input int y, input int mode, input int dst,
                                              input int sr, input int sg, input int sb, input int sa,
                                              input int r, input int g, input int b, input int a, input int prim);

  logic [3:0][31:0] hits_q, misses_q;   // the counters as last reported
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // nothing is reported while the GPU is in reset
      hits_q <= '0;
      misses_q <= '0;
    end else begin
      if (frag_fire) tgpu_mon_walk(32'(frag_x), 32'(frag_y), 32'(frag_z), frag_color, 32'(frag_sid),
                                   32'(frag_prim));
      if (z_fire) tgpu_mon_ztest(32'(z_addr), 32'(z_frag), 32'(z_buf), 32'(z_pass), 32'(z_prim));
      if (zw_fire) tgpu_mon_write(1, 32'(zw_addr), zw_data, 32'(zw_prim));
      if (cw_fire) tgpu_mon_write(2, 32'(cw_addr), cw_data, 32'(cw_prim));
      if (bl_fire) tgpu_mon_blend(32'(bl_x), 32'(bl_y), 32'(bl_mode), 32'(bl_dst), 32'(bl_src.r), 32'(bl_src.g),
                                  32'(bl_src.b), 32'(bl_src.a), 32'(bl_res.r), 32'(bl_res.g), 32'(bl_res.b),
                                  32'(bl_res.a), 32'(bl_prim));
      if (tx_fire) tgpu_mon_texel(32'(tx_unit), tx_texel, 32'(tx_zero));
      for (int u = 0; u < 4; u++) begin
        if (tx_hits[u] != hits_q[u] || tx_misses[u] != misses_q[u]) tgpu_mon_texcount(u, tx_hits[u], tx_misses[u]);
      end
      hits_q <= tx_hits;
      misses_q <= tx_misses;
      if (dr_fire && cw_wait && dr_addr[24:2] == cw_wait_addr[24:2])
        $error("BLEND HAZARD: destination read of 0x%07X accepted while an earlier colour write to it waits in pixel_fbwrite",
               dr_addr);
      if (dr_fire && in_slots(ci_v, ci_out_addr, ci_spill_addr, dr_addr))
        $error("BLEND HAZARD: destination read of 0x%07X accepted while an earlier colour write to it waits in the arbiter's input register",
               dr_addr);
      if (dr_fire && in_slots(bf_v, bf_out_addr, bf_spill_addr, dr_addr))
        $error("BLEND HAZARD: destination read of 0x%07X accepted while an earlier colour write to it waits in u_bf_reg",
               dr_addr);
    end
  end
endmodule

bind gpu_top gpu_frag_mon u_frag_mon (
  .clk_i      (clk_i),
  .rst_ni     (rst_core_n),
  .frag_fire  (frag_valid && frag_ready),
  .frag_x     (frag.x),
  .frag_y     (frag.y),
  .frag_z     (frag.z),
  .frag_color (frag.color),
  .frag_sid   (frag.sid),
  .frag_prim  (frag.prim),
  .z_fire     (u_ztest.mon_test),
  .z_addr     (u_ztest.f_head.addr),
  .z_frag     (u_ztest.f_head.frag.z[24:1]),
  .z_buf      (u_ztest.r_zb),
  .z_pass     (u_ztest.z_pass),
  .z_prim     (u_ztest.f_head.frag.prim),
  .zw_fire    (c_req_valid[1] && c_req_ready[1] && ztest_req.we),
  .zw_addr    (ztest_req.addr),
  .zw_data    (ztest_req.wdata),
  .zw_prim    (ztest_req.prim),
  .bl_fire    (u_blend.mon_blend),
  .bl_x       (u_blend.p0_q.frag.x),
  .bl_y       (u_blend.p0_q.frag.y),
  .bl_mode    (u_blend.p0_q.mode),
  .bl_dst     (u_blend.p0_q.dst),
  .bl_src     (u_blend.p0_q.frag.color),
  .bl_res     (bl_frag.color),
  .bl_prim    (u_blend.p0_q.frag.prim),
  .dr_fire    (c_acc[4]),   // at the arbiter's grant
  .dr_addr    (u_arb.s_req[4][gpu_pkg::MEM_REQ_W-1 -: gpu_pkg::MEM_AW]),   // the request at the grant
  .cw_wait    (c_req_valid[2]),
  .cw_wait_addr (fbw_req.addr),
  .ci_v       ({u_arb.g_in[2].g_reg.u_in_reg.spill_v_q, u_arb.g_in[2].g_reg.u_in_reg.out_v_q}),
  .ci_out_addr   (u_arb.g_in[2].g_reg.u_in_reg.out_d_q[gpu_pkg::MEM_REQ_W-1 -: gpu_pkg::MEM_AW]),
  .ci_spill_addr (u_arb.g_in[2].g_reg.u_in_reg.spill_d_q[gpu_pkg::MEM_REQ_W-1 -: gpu_pkg::MEM_AW]),
  .bf_v       ({u_bf_reg.spill_v_q, u_bf_reg.out_v_q}),
  .bf_out     (u_bf_reg.out_d_q),
  .bf_spill   (u_bf_reg.spill_d_q),
  .ds_table   (ds_table),
  .cw_fire    (c_req_valid[2] && c_req_ready[2] && fbw_req.we),
  .cw_addr    (fbw_req.addr),
  .cw_data    (fbw_req.wdata),
  .cw_prim    (fbw_req.prim),
  .tx_fire    (u_tex.rf_pop),
  .tx_unit    (u_tex.rf_out.side.unit),
  .tx_texel   (u_tex.texel),
  .tx_zero    (u_tex.rf_out.zero),
  .tx_hits    (tex_hits),
  .tx_misses  (tex_misses)
);
