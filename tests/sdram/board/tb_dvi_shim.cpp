// tb_dvi_shim.cpp: thin extern "C" shim around the Verilated tb_dvi.
#include <memory>

#include "Vtb_dvi.h"
#include "verilated.h"

extern "C" {
#include "tb_dvi_shim.h"
}

struct tbd {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vtb_dvi> top;
};

extern "C" tbd_t *tbd_new(int argc, char **argv) {
  tbd_t *t = new tbd;
  t->ctx.reset(new VerilatedContext);
  t->ctx->commandArgs(argc, argv);
  t->top.reset(new Vtb_dvi(t->ctx.get(), "tb"));
  return t;
}

extern "C" void tbd_free(tbd_t *t) {
  if (t != nullptr) {
    t->top->final();
    delete t;
  }
}

extern "C" unsigned tbd_eval(tbd_t *t, int clk_pix, int clk_shift, int rst_n) {
  Vtb_dvi *m = t->top.get();
  m->clk_pix_i = (uint8_t)clk_pix;
  m->clk_shift_i = (uint8_t)clk_shift;
  m->rst_ni = (uint8_t)rst_n;
  m->eval();
  return (unsigned)m->tmds_o | ((unsigned)m->vsync_o << 4);
}
