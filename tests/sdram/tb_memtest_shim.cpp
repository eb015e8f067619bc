// tb_memtest_shim.cpp: thin extern "C" shim around the Verilated tb_memtest.
#include <memory>

#include "Vtb_memtest.h"
#include "verilated.h"

extern "C" {
#include "tb_memtest_shim.h"
}

struct tbm {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vtb_memtest> top;
};

extern "C" tbm_t *tbm_new(int argc, char **argv) {
  tbm_t *t = new tbm;
  t->ctx.reset(new VerilatedContext);
  t->ctx->commandArgs(argc, argv);
  t->top.reset(new Vtb_memtest(t->ctx.get(), "tb"));
  return t;
}

extern "C" void tbm_free(tbm_t *t) {
  if (t != nullptr) {
    t->top->final();
    delete t;
  }
}

extern "C" void tbm_eval(tbm_t *t, int clk, int rst_n, uint16_t dq_i, tbm_out_t *o) {
  Vtb_memtest *m = t->top.get();
  m->clk_i = (uint8_t)clk;
  m->rst_ni = (uint8_t)rst_n;
  m->sdram_dq_i = dq_i;
  m->eval();
  o->pass = m->pass_o;
  o->error = m->error_o;
  o->init_done = m->init_done_o;
  o->pins.cke = m->sdram_cke_o;
  o->pins.cs_n = m->sdram_cs_no;
  o->pins.ras_n = m->sdram_ras_no;
  o->pins.cas_n = m->sdram_cas_no;
  o->pins.we_n = m->sdram_we_no;
  o->pins.ba = m->sdram_ba_o;
  o->pins.a = m->sdram_a_o;
  o->pins.dqm = m->sdram_dqm_o;
  o->pins.dq = m->sdram_dq_o;
  o->pins.dq_oe = m->sdram_dq_oe_o;
}
