// tb_tmu_cache: rtl/tex/tmu_cache.sv with its memory records as plain ports, driven by
// tb_tmu_cache.cpp (a memory model answering bursts as mem_arbiter does, and the C model
// sw/model/tmu_cache.c on the same request stream, one tmu_cache_t per unit). Units = 4.
module tb_tmu_cache (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [3:0]  inv_i,
  input  logic        req_valid_i,
  output logic        req_ready_o,
  input  logic [1:0]  req_unit_i,
  input  logic        req_format_i,
  input  logic [24:0] req_block_addr_i,
  input  logic [3:0]  req_texel_i,
  input  logic [4:0]  req_set_i,
  output logic        rsp_valid_o,
  input  logic        rsp_ready_i,
  output logic [31:0] rsp_texel_o,
  output logic        mem_req_valid_o,
  input  logic        mem_req_ready_i,
  output logic [24:0] mem_req_addr_o,
  output logic        mem_req_we_o,
  output logic [31:0] mem_req_wdata_o,
  output logic [3:0]  mem_req_be_o,
  output logic [2:0]  mem_req_len_o,
  output logic [2:0]  mem_req_tag_o,
  output logic [15:0] mem_req_prim_o,
  input  logic        mem_rsp_valid_i,
  input  logic [31:0] mem_rsp_rdata_i,
  input  logic        mem_rsp_last_i,
  output logic [3:0][31:0] hit_count_o,
  output logic [3:0][31:0] miss_count_o,
  output logic        busy_o,
  output logic        active_o
);
  gpu_pkg::mem_req_t mem_req;
  gpu_pkg::mem_rsp_t mem_rsp;

  assign mem_req_addr_o  = mem_req.addr;
  assign mem_req_we_o    = mem_req.we;
  assign mem_req_wdata_o = mem_req.wdata;
  assign mem_req_be_o    = mem_req.be;
  assign mem_req_len_o   = mem_req.len;
  assign mem_req_tag_o   = mem_req.tag;
  assign mem_req_prim_o  = mem_req.prim;
  assign mem_rsp.rdata   = mem_rsp_rdata_i;
  assign mem_rsp.last    = mem_rsp_last_i;

  tmu_cache #(.Units(4)) u_cache (
    .clk_i, .rst_ni, .inv_i,
    .req_valid_i, .req_ready_o, .req_unit_i, .req_format_i, .req_block_addr_i, .req_texel_i, .req_set_i,
    .rsp_valid_o, .rsp_ready_i, .rsp_texel_o,
    .mem_req_valid_o, .mem_req_ready_i, .mem_req_o(mem_req),
    .mem_rsp_valid_i, .mem_rsp_i(mem_rsp),
    .hit_count_o, .miss_count_o, .busy_o, .active_o
  );
endmodule
