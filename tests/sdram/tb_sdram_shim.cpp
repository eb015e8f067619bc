// tb_sdram_shim.cpp: thin extern "C" shim around the Verilated tb_sdram (model lifetime, port
// copy, eval). Everything else (stimulus, checks, device model) is C in tb_sdram.c.
#include <memory>

#include "Vtb_sdram.h"
#include "tb_sdram_shim.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif
#if VM_COVERAGE
#include "../../sim/cov/tgpu_cov.h"
#endif

struct tbs {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vtb_sdram> top;
#if VM_TRACE
  std::unique_ptr<VerilatedFstC> fst;
#endif
  uint64_t time = 0;
};

extern "C" int tbs_trace_open(tbs_t *t, const char *path) {
#if VM_TRACE
  t->fst.reset(new VerilatedFstC);
  t->top->trace(t->fst.get(), 99);
  t->fst->open(path);
  return 0;
#else
  (void)t;
  (void)path;
  return -1;
#endif
}

extern "C" tbs_t *tbs_new(int argc, char **argv) {
  tbs_t *t = new tbs;
  t->ctx.reset(new VerilatedContext);
  t->ctx->commandArgs(argc, argv);
#if VM_TRACE
  t->ctx->traceEverOn(true);
#endif
  t->top.reset(new Vtb_sdram(t->ctx.get(), "tb"));
  return t;
}

extern "C" void tbs_free(tbs_t *t) {
  if (t != nullptr) {
    t->top->final();
#if VM_COVERAGE
    tgpu_cov_write(t->ctx.get(), "tb_sdram");
#endif
#if VM_TRACE
    if (t->fst) {
      t->fst->close();
    }
#endif
    delete t;
  }
}

extern "C" void tbs_eval(tbs_t *t, const tbs_in_t *in, tbs_out_t *out) {
  Vtb_sdram *m = t->top.get();
  m->clk_i = in->clk;
  m->arst_ni = in->arst_n;
  m->sel_i = in->sel;
  m->mem_req_valid_i = in->req_valid;
  m->mem_req_addr_i = in->req_addr;
  m->mem_req_we_i = in->req_we;
  m->mem_req_wdata_i = in->req_wdata;
  m->mem_req_be_i = in->req_be;
  m->mem_req_len_i = in->req_len;
  m->sdram_dq_i = in->dq_i;
  m->eval();
  t->time += 5;  // two evaluations per 10 ns cycle
#if VM_TRACE
  if (t->fst) {
    t->fst->dump(t->time);
  }
#endif
  out->rst_sync_n = m->rst_sync_no;
  out->req_ready = m->mem_req_ready_o;
  out->rsp_valid = m->mem_rsp_valid_o;
  out->rsp_rdata = m->mem_rsp_rdata_o;
  out->init_done = m->init_done_o;
  out->cke = m->sdram_cke_o;
  out->cs_n = m->sdram_cs_no;
  out->ras_n = m->sdram_ras_no;
  out->cas_n = m->sdram_cas_no;
  out->we_n = m->sdram_we_no;
  out->ba = m->sdram_ba_o;
  out->a = m->sdram_a_o;
  out->dqm = m->sdram_dqm_o;
  out->dq_o = m->sdram_dq_o;
  out->dq_oe = m->sdram_dq_oe_o;
}
