// gpu_links: the stream checker (sim/common/stream_checker.sv) on every valid/ready link of the
// GPU's command, raster, pixel and memory paths, bound into gpu_top from the testbench. The
// payload of each link is everything the consumer samples at the transfer.
bind gpu_top gpu_links u_links (.*);

module gpu_links (
  input logic clk_i,
  input logic rst_core_n,
  // command path
  input logic        fifo_rvalid, fifo_rready,
  input logic [70:0] fifo_rdata,
  input logic        cmd_valid, cmd_ready,
  input logic [70:0] cmd_data,
  // raster path
  input logic tri_valid, tri_ready,
  input gpu_pkg::triangle_t tri_rec,
  input logic set_valid, set_ready,
  input gpu_pkg::setup_t set_rec,
  input logic frag_valid, frag_ready,
  input gpu_pkg::frag_t frag,
  input gpu_pkg::tex_vals_t frag_tex,
  input logic hdr_valid, hdr_ready, hdr_full,
  input gpu_pkg::tex_hdr_t tex_hdr,
  input logic tx_valid, tx_ready,
  input gpu_pkg::pfrag_t tx_frag,
  input logic col_valid, col_ready, zt_valid, zt_ready, zb_valid, zb_ready, bl_valid, bl_ready, bf_valid, bf_ready,
  input gpu_pkg::pfrag_t col_frag, zt_frag, zb_frag, bl_frag, bf_frag,
  // SIMT launch
  input logic        simt_launch_valid, simt_launch_ready,
  input logic [7:0]  simt_threads,
  input logic [13:0] simt_prog,
  input logic [14:0] simt_data,
  // memory clients and the external port
  input logic [5:0] c_req_valid, c_req_ready,
  input logic [5:0][gpu_pkg::MEM_REQ_W-1:0] c_req,
  input logic              mem_req_valid_o, mem_req_ready_i,
  input gpu_pkg::mem_req_t mem_req
);
  stream_checker #(.Name("cmd_fifo -> cmd_reg"), .Pw(71)) u_fifo (
    .clk_i, .rst_ni(rst_core_n), .valid_i(fifo_rvalid), .ready_i(fifo_rready), .payload_i(fifo_rdata));
  stream_checker #(.Name("cmd_reg -> host_reg_file"), .Pw(71)) u_cmd (
    .clk_i, .rst_ni(rst_core_n), .valid_i(cmd_valid), .ready_i(cmd_ready), .payload_i(cmd_data));
  stream_checker #(.Name("host_reg_file -> raster_setup (triangle)"), .Pw($bits(tri_rec))) u_tri (
    .clk_i, .rst_ni(rst_core_n), .valid_i(tri_valid), .ready_i(tri_ready), .payload_i(tri_rec));
  stream_checker #(.Name("raster_setup -> raster_walk (setup record)"), .Pw($bits(set_rec))) u_set (
    .clk_i, .rst_ni(rst_core_n), .valid_i(set_valid), .ready_i(set_ready), .payload_i(set_rec));
  stream_checker #(.Name("raster_walk -> pixel_color (fragment)"), .Pw($bits(frag) + $bits(frag_tex))) u_frag (
    .clk_i, .rst_ni(rst_core_n), .valid_i(frag_valid), .ready_i(frag_ready), .payload_i({frag_tex, frag}));
  stream_checker #(.Name("pixel_color -> tmu_pixel (pixel fragment)"), .Pw($bits(col_frag))) u_col (
    .clk_i, .rst_ni(rst_core_n), .valid_i(col_valid), .ready_i(col_ready), .payload_i(col_frag));
  stream_checker #(.Name("raster_walk -> tmu_pixel (texture header)"), .Pw($bits(tex_hdr))) u_hdr (
    .clk_i, .rst_ni(rst_core_n), .valid_i(hdr_valid), .ready_i(hdr_ready), .payload_i(tex_hdr));
  stream_checker #(.Name("tmu_pixel -> pixel_ztest (pixel fragment)"), .Pw($bits(tx_frag))) u_tx (
    .clk_i, .rst_ni(rst_core_n), .valid_i(tx_valid), .ready_i(tx_ready), .payload_i(tx_frag));
  // the header FIFO never overflows (raster_walk HdrDepth), and a first fragment finds its header
  always_ff @(posedge clk_i) begin
    if (rst_core_n && frag_valid && frag_ready && frag_tex.first && hdr_full) begin
      $error("raster_walk: texture header pushed into a full header FIFO");
    end
    if (rst_core_n && hdr_ready && !hdr_valid) begin
      $error("tmu_pixel: first fragment of a triangle without its texture header");
    end
  end
  stream_checker #(.Name("pixel_ztest -> zb_reg (pixel fragment)"), .Pw($bits(zt_frag))) u_zt (
    .clk_i, .rst_ni(rst_core_n), .valid_i(zt_valid), .ready_i(zt_ready), .payload_i(zt_frag));
  stream_checker #(.Name("zb_reg -> pixel_blend (pixel fragment)"), .Pw($bits(zb_frag))) u_zb (
    .clk_i, .rst_ni(rst_core_n), .valid_i(zb_valid), .ready_i(zb_ready), .payload_i(zb_frag));
  stream_checker #(.Name("pixel_blend -> bf_reg (pixel fragment)"), .Pw($bits(bl_frag))) u_bl (
    .clk_i, .rst_ni(rst_core_n), .valid_i(bl_valid), .ready_i(bl_ready), .payload_i(bl_frag));
  stream_checker #(.Name("bf_reg -> pixel_fbwrite (pixel fragment)"), .Pw($bits(bf_frag))) u_bf (
    .clk_i, .rst_ni(rst_core_n), .valid_i(bf_valid), .ready_i(bf_ready), .payload_i(bf_frag));
  stream_checker #(.Name("host_reg_file -> simt (launch)"), .Pw(37)) u_launch (
    .clk_i, .rst_ni(rst_core_n), .valid_i(simt_launch_valid), .ready_i(simt_launch_ready),
    .payload_i({simt_threads, simt_prog, simt_data}));
  localparam string ClientName[6] = '{"host_reg_file -> mem_arbiter (memory request)",
                                      "pixel_ztest -> mem_arbiter (memory request)",
                                      "pixel_fbwrite -> mem_arbiter (memory request)",
                                      "simt -> mem_arbiter (memory request)",
                                      "pixel_blend -> mem_arbiter (memory request)",
                                      "tmu_pixel -> mem_arbiter (memory request)"};
  for (genvar c = 0; c < 6; c++) begin : g_client
    stream_checker #(.Name(ClientName[c]), .Pw($bits(gpu_pkg::mem_req_t))) u_req (
      .clk_i, .rst_ni(rst_core_n), .valid_i(c_req_valid[c]), .ready_i(c_req_ready[c]),
      .payload_i(c_req[c]));
  end
  stream_checker #(.Name("mem_arbiter -> memory port"), .Pw($bits(gpu_pkg::mem_req_t))) u_mem (
    .clk_i, .rst_ni(rst_core_n), .valid_i(mem_req_valid_o), .ready_i(mem_req_ready_i),
    .payload_i(mem_req));
endmodule
