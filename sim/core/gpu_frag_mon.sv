// gpu_frag_mon: the fragment-level monitor of the graphics path, bound into the RTL from the
// testbench. At every rising edge it reports, through DPI to the C harness (sim/core/vgpu.cpp
// -> tb_main.c), the events the reference model emits for the same work:
//   walk   a covered pixel leaving raster_walk: x, y, z, colour, triangle
//   ztest  a depth test in the pixel pipe: Z word address, fragment depth, Z-buffer word, result
//   write  a memory write of the pixel pipe accepted by the arbiter: address, data, triangle
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
  input logic [15:0] frag_prim,
  // ztest
  input logic        z_fire,
  input logic [24:0] z_addr,
  input logic [23:0] z_frag,
  input logic [23:0] z_buf,
  input logic        z_pass,
  input logic [15:0] z_prim,
  // write
  input logic        w_fire,
  input logic [24:0] w_addr,
  input logic [31:0] w_data,
  input logic [15:0] w_prim
);
  import "DPI-C" function void tgpu_mon_walk(input int x, input int y, input int z, input int color, input int prim);
  import "DPI-C" function void tgpu_mon_ztest(input int addr, input int zf, input int zb, input int pass, input int prim);
  import "DPI-C" function void tgpu_mon_write(input int addr, input int data, input int prim);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // nothing is reported while the GPU is in reset
    end else begin
      if (frag_fire) tgpu_mon_walk(32'(frag_x), 32'(frag_y), 32'(frag_z), frag_color, 32'(frag_prim));
      if (z_fire) tgpu_mon_ztest(32'(z_addr), 32'(z_frag), 32'(z_buf), 32'(z_pass), 32'(z_prim));
      if (w_fire) tgpu_mon_write(32'(w_addr), w_data, 32'(w_prim));
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
  .frag_prim  (frag.prim),
  .z_fire     (u_pixel.st_q == u_pixel.StZWait && c_rsp_valid[1]),
  .z_addr     (u_pixel.w_q.z_addr),
  .z_frag     (u_pixel.w_q.zf),
  .z_buf      (c_rsp_rdata[23:0]),
  .z_pass     (u_pixel.z_pass),
  .z_prim     (u_pixel.w_q.prim),
  .w_fire     (c_req_valid[1] && c_req_ready[1] && c_req_we[1]),
  .w_addr     (c_req_addr[1]),
  .w_data     (c_req_wdata[1]),
  .w_prim     (c_req_prim[1])
);
