// tb_sdram: Verilator test wrapper (not synthesised) around three sdram_ctrl builds that share
// one set of pins, chosen at run time by sel_i, plus the reset synchroniser of the domain:
//   sel_i = 0  CAS latency 2 (the board configuration)
//   sel_i = 1  CAS latency 3
//   sel_i = 2  deliberately wrong tRCD (5 ns -> 1 cycle): the device model must flag it
//   sel_i = 3  CAS latency 2 without the lookahead queue (Lookahead = 0)
// The unselected controllers are held in reset. arst_ni is the raw asynchronous reset;
// rst_sync_no is the synchronised reset the controllers see (checked by the reset test).
module tb_sdram (
  input  logic        clk_i,
  input  logic        arst_ni,
  input  logic [1:0]  sel_i,
  output logic        rst_sync_no,

  input  logic        mem_req_valid_i,
  output logic        mem_req_ready_o,
  input  logic [24:0] mem_req_addr_i,
  input  logic        mem_req_we_i,
  input  logic [31:0] mem_req_wdata_i,
  input  logic [3:0]  mem_req_be_i,
  input  logic [2:0]  mem_req_len_i,
  output logic        mem_rsp_valid_o,
  output logic [31:0] mem_rsp_rdata_o,
  output logic        init_done_o,

  output logic        sdram_cke_o,
  output logic        sdram_cs_no,
  output logic        sdram_ras_no,
  output logic        sdram_cas_no,
  output logic        sdram_we_no,
  output logic [1:0]  sdram_ba_o,
  output logic [12:0] sdram_a_o,
  output logic [1:0]  sdram_dqm_o,
  output logic [15:0] sdram_dq_o,
  output logic        sdram_dq_oe_o,
  input  logic [15:0] sdram_dq_i
);

  localparam int N = 4;

  prim_rst_sync #(.Stages(2)) u_rst_sync (
    .clk_i  (clk_i),
    .rst_ni (arst_ni),
    .rst_no (rst_sync_no)
  );

  logic [N-1:0]       ready, rsp_valid, init_done, cke, cs_n, ras_n, cas_n, we_n, dq_oe;
  logic [N-1:0][31:0] rdata;
  logic [N-1:0][1:0]  ba, dqm;
  logic [N-1:0][12:0] a;
  logic [N-1:0][15:0] dq_o;

  for (genvar i = 0; i < N; i++) begin : gen_ctrl
    localparam int unsigned Cl   = (i == 1) ? 3 : 2;
    localparam int unsigned Trcd = (i == 2) ? 5000 : 15000;
    localparam bit          La   = (i != 3);
    sdram_ctrl #(
      .CasLatency (Cl),
      .TRcdPs     (Trcd),
      .Lookahead  (La)
    ) u_ctrl (
      .clk_i           (clk_i),
      .rst_ni          (rst_sync_no && (sel_i == 2'(i))),
      .mem_req_valid_i (mem_req_valid_i && (sel_i == 2'(i))),
      .mem_req_ready_o (ready[i]),
      .mem_req_addr_i  (mem_req_addr_i),
      .mem_req_we_i    (mem_req_we_i),
      .mem_req_wdata_i (mem_req_wdata_i),
      .mem_req_be_i    (mem_req_be_i),
      .mem_req_len_i   (mem_req_len_i),
      .mem_rsp_valid_o (rsp_valid[i]),
      .mem_rsp_rdata_o (rdata[i]),
      .init_done_o     (init_done[i]),
      .sdram_cke_o     (cke[i]),
      .sdram_cs_no     (cs_n[i]),
      .sdram_ras_no    (ras_n[i]),
      .sdram_cas_no    (cas_n[i]),
      .sdram_we_no     (we_n[i]),
      .sdram_ba_o      (ba[i]),
      .sdram_a_o       (a[i]),
      .sdram_dqm_o     (dqm[i]),
      .sdram_dq_o      (dq_o[i]),
      .sdram_dq_oe_o   (dq_oe[i]),
      .sdram_dq_i      (sdram_dq_i)
    );
  end

  always_comb begin
    logic [1:0] s;
    s = sel_i;
    mem_req_ready_o = ready[s];
    mem_rsp_valid_o = rsp_valid[s];
    mem_rsp_rdata_o = rdata[s];
    init_done_o     = init_done[s];
    sdram_cke_o     = cke[s];
    sdram_cs_no     = cs_n[s];
    sdram_ras_no    = ras_n[s];
    sdram_cas_no    = cas_n[s];
    sdram_we_no     = we_n[s];
    sdram_ba_o      = ba[s];
    sdram_a_o       = a[s];
    sdram_dqm_o     = dqm[s];
    sdram_dq_o      = dq_o[s];
    sdram_dq_oe_o   = dq_oe[s];
  end

endmodule
