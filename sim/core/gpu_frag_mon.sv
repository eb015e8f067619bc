// gpu_frag_mon: the fragment-level monitor of the graphics path, bound into the RTL from the
// testbench. At every rising edge it reports, through DPI to the C harness (sim/core/vgpu.cpp
// -> tb_main.c), the events the reference model emits for the same work:
//   walk   a covered pixel leaving raster_walk: x, y, z, colour, draw state, triangle
//   ztest  a depth test in the pixel pipe: Z word address, fragment depth, Z-buffer word, result
//   zwrite a Z write of pixel_ztest accepted by the arbiter: address, data, triangle
//   cwrite a colour write of pixel_fbwrite accepted by the arbiter: address, data, triangle
// The harness compares each with the model's next event of the same stage as it arrives and
// stops at the first divergence (docs/debugging.md).
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
  // cwrite
  input logic        cw_fire,
  input logic [24:0] cw_addr,
  input logic [31:0] cw_data,
  input logic [15:0] cw_prim
);
  import "DPI-C" function void tgpu_mon_walk(input int x, input int y, input int z, input int color, input int sid, input int prim);
  import "DPI-C" function void tgpu_mon_ztest(input int addr, input int zf, input int zb, input int pass, input int prim);
  import "DPI-C" function void tgpu_mon_write(input int unit, input int addr, input int data, input int prim);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // nothing is reported while the GPU is in reset
    end else begin
      if (frag_fire) tgpu_mon_walk(32'(frag_x), 32'(frag_y), 32'(frag_z), frag_color, 32'(frag_sid),
                                   32'(frag_prim));
      if (z_fire) tgpu_mon_ztest(32'(z_addr), 32'(z_frag), 32'(z_buf), 32'(z_pass), 32'(z_prim));
      if (zw_fire) tgpu_mon_write(1, 32'(zw_addr), zw_data, 32'(zw_prim));
      if (cw_fire) tgpu_mon_write(2, 32'(cw_addr), cw_data, 32'(cw_prim));
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
  .z_fire     (u_ztest.st_q == u_ztest.StZWait && c_rsp_valid[1]),
  .z_addr     (u_ztest.z_addr_q),
  .z_frag     (u_ztest.w_q.z[24:1]),
  .z_buf      (c_rsp.rdata[23:0]),
  .z_pass     (u_ztest.z_pass),
  .z_prim     (u_ztest.w_q.prim),
  .zw_fire    (c_req_valid[1] && c_req_ready[1] && ztest_req.we),
  .zw_addr    (ztest_req.addr),
  .zw_data    (ztest_req.wdata),
  .zw_prim    (ztest_req.prim),
  .cw_fire    (c_req_valid[2] && c_req_ready[2] && fbw_req.we),
  .cw_addr    (fbw_req.addr),
  .cw_data    (fbw_req.wdata),
  .cw_prim    (fbw_req.prim)
);
