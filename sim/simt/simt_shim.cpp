// simt_shim.cpp - thin C++ shim around the Verilated simt_top; everything else is C.
// Port packing of any width (CData..QData or VlWide) is hidden behind simt_rtl.h.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#ifdef SIMT_MEM_TOP
#include "Vsimt_mem_top.h"
typedef Vsimt_mem_top Vtop;
#else
#include "Vsimt_top.h"
typedef Vsimt_top Vtop;
#endif
#include "verilated.h"
#include "simt_rtl.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif
#if VM_COVERAGE
#include "../cov/tgpu_cov.h"
#endif

#ifndef SIMT_NUM_CORES
#error "build with -DSIMT_NUM_CORES=... and the other SIMT_* configuration macros"
#endif

namespace {

template <typename T>
uint64_t getb(const T &v, unsigned lsb, unsigned w)
{
    return (static_cast<uint64_t>(v) >> lsb) & ((w >= 64) ? ~0ull : ((1ull << w) - 1));
}

template <std::size_t N>
uint64_t getb(const VlWide<N> &v, unsigned lsb, unsigned w)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < w; i++) {
        unsigned b = lsb + i;
        if ((v[b / 32] >> (b % 32)) & 1u) {
            r |= 1ull << i;
        }
    }
    return r;
}

template <typename T>
void setb(T &v, unsigned lsb, unsigned w, uint64_t x)
{
    uint64_t m = ((w >= 64) ? ~0ull : ((1ull << w) - 1)) << lsb;
    uint64_t cur = static_cast<uint64_t>(v);
    cur = (cur & ~m) | ((x << lsb) & m);
    v = static_cast<T>(cur);
}

template <std::size_t N>
void setb(VlWide<N> &v, unsigned lsb, unsigned w, uint64_t x)
{
    for (unsigned i = 0; i < w; i++) {
        unsigned b = lsb + i;
        uint32_t bit = 1u << (b % 32);
        if ((x >> i) & 1u) {
            v[b / 32] |= bit;
        } else {
            v[b / 32] &= ~bit;
        }
    }
}

struct Sim {
    VerilatedContext ctx;
    Vtop *top = nullptr;
    unsigned long edge = 0;        // rising edges so far
    unsigned long lo = 1, hi = 0;  // trace window (edges), empty by default
#if VM_TRACE
    VerilatedFstC *fst = nullptr;
#endif
    void dump(uint64_t t)
    {
#if VM_TRACE
        if (fst && edge >= lo && edge <= hi) {
            fst->dump(t);
        }
#else
        (void)t;
#endif
    }
};

void apply(Vtop *t, const simt_in_t *in)
{
    t->rst_ni = in->rst_n ? 1 : 0;
    t->launch_valid_i = in->launch_valid ? 1 : 0;
    t->abort_i = 0; /* the command processor's kernel stop: tested through gpu_top (docs/command.md) */
    t->launch_threads_i = in->launch_threads & 0xFF;
    setb(t->launch_prog_base_i, 0, SIMT_PROG_AW, in->launch_prog_base);
    setb(t->launch_data_base_i, 0, SIMT_DATA_AW, in->launch_data_base);
#ifdef SIMT_MEM_TOP
    t->mem_req_ready_i = in->mem_req_ready ? 1 : 0;
    t->mem_rsp_valid_i = in->mem_rsp_valid ? 1 : 0;
    t->mem_rsp_rdata_i = in->mem_rsp_rdata;
#else
    for (unsigned c = 0; c < SIMT_PROG_CH; c++) {
        setb(t->pmem_req_ready_i, c, 1, in->pmem_ready[c]);
        setb(t->pmem_rsp_data_i, c * 16, 16, in->pmem_data[c]);
    }
    for (unsigned c = 0; c < SIMT_DATA_CH; c++) {
        setb(t->dmem_req_ready_i, c, 1, in->dmem_ready[c]);
        setb(t->dmem_rsp_data_i, c * 8, 8, in->dmem_data[c]);
    }
#endif
}

} // namespace

extern "C" void *simt_rtl_new(int argc, char **argv, unsigned seed, int rand_reset,
                              unsigned *seed_used, int *rand_reset_used)
{
    Sim *s = new Sim;
    // The testbench has checked seed (1..2^31-1) and rand_reset (0..2); Verilator's own
    // parser aborts on anything else. Other +verilator+ arguments pass through; seed and
    // reset mode are always given explicitly, so every run can be repeated exactly.
    std::vector<std::string> args;
    args.push_back(argc > 0 ? argv[0] : "simt_tb");
    for (int i = 1; i < argc; i++) {
        if (std::strncmp(argv[i], "+verilator+", 11) == 0 &&
            std::strncmp(argv[i], "+verilator+seed+", 16) != 0 &&
            std::strncmp(argv[i], "+verilator+rand+reset+", 22) != 0) {
            args.push_back(argv[i]);
        }
    }
    args.push_back("+verilator+seed+" + std::to_string(seed));
    args.push_back("+verilator+rand+reset+" + std::to_string(rand_reset));
    std::vector<const char *> cargs;
    for (const std::string &a : args) {
        cargs.push_back(a.c_str());
    }
    s->ctx.commandArgs(static_cast<int>(cargs.size()), cargs.data());
#if VM_TRACE
    s->ctx.traceEverOn(true);
#endif
    // what the context really holds (printed by the testbench)
    *seed_used = static_cast<unsigned>(s->ctx.randSeed());
    *rand_reset_used = s->ctx.randReset();
    s->top = new Vtop(&s->ctx);
    s->top->clk_i = 0;
    return s;
}

extern "C" int simt_rtl_has_trace(void)
{
#if VM_TRACE
    return 1;
#else
    return 0;
#endif
}

extern "C" int simt_rtl_trace(void *h, const char *path, unsigned long lo, unsigned long hi)
{
#if VM_TRACE
    Sim *s = static_cast<Sim *>(h);
    s->fst = new VerilatedFstC;
    s->top->trace(s->fst, 99);
    s->fst->open(path);
    s->lo = lo;
    s->hi = hi;
    return 0;
#else
    (void)h; (void)path; (void)lo; (void)hi;
    return -1;
#endif
}

extern "C" void simt_rtl_free(void *h)
{
    Sim *s = static_cast<Sim *>(h);
    s->top->final();
#if VM_COVERAGE
    tgpu_cov_write(&s->ctx, "simt");
#endif
#if VM_TRACE
    if (s->fst) {
        s->fst->close();
        delete s->fst;
    }
#endif
    delete s->top;
    delete s;
}

extern "C" void simt_rtl_cfg(simt_cfg_t *c)
{
    c->num_cores = SIMT_NUM_CORES;
    c->threads = SIMT_THREADS;
    c->prog_ch = SIMT_PROG_CH;
    c->data_ch = SIMT_DATA_CH;
    c->ic_lines = SIMT_IC_LINES;
    c->prog_aw = SIMT_PROG_AW;
    c->data_aw = SIMT_DATA_AW;
#ifdef SIMT_MEM_TOP
    c->mem_port = 1;
#else
    c->mem_port = 0;
#endif
}

extern "C" void simt_rtl_get(void *h, simt_out_t *o)
{
    Vtop *t = static_cast<Sim *>(h)->top;
    std::memset(o, 0, sizeof *o);
    o->launch_ready = t->launch_ready_o;
    o->busy = t->busy_o;
    o->done = t->done_o;
#ifdef SIMT_MEM_TOP
    o->mem_req_valid = t->mem_req_valid_o;
    o->mem_req_addr = t->mem_req_addr_o;
    o->mem_req_we = t->mem_req_we_o;
    o->mem_req_wdata = t->mem_req_wdata_o;
    o->mem_req_be = t->mem_req_be_o;
#else
    for (unsigned c = 0; c < SIMT_PROG_CH; c++) {
        o->pmem_valid[c] = static_cast<unsigned>(getb(t->pmem_req_valid_o, c, 1));
        o->pmem_addr[c] =
            static_cast<unsigned>(getb(t->pmem_req_addr_o, c * SIMT_PROG_AW, SIMT_PROG_AW));
    }
    for (unsigned c = 0; c < SIMT_DATA_CH; c++) {
        o->dmem_valid[c] = static_cast<unsigned>(getb(t->dmem_req_valid_o, c, 1));
        o->dmem_we[c] = static_cast<unsigned>(getb(t->dmem_req_we_o, c, 1));
        o->dmem_addr[c] =
            static_cast<unsigned>(getb(t->dmem_req_addr_o, c * SIMT_DATA_AW, SIMT_DATA_AW));
        o->dmem_wdata[c] = static_cast<unsigned>(getb(t->dmem_req_wdata_o, c * 8, 8));
    }
#endif
}

extern "C" void simt_rtl_set(void *h, const simt_in_t *in)
{
    Sim *s = static_cast<Sim *>(h);
    apply(s->top, in);
    s->top->eval();
}

extern "C" void simt_rtl_tick(void *h, const simt_in_t *next)
{
    Sim *s = static_cast<Sim *>(h);
    s->top->clk_i = 1;
    s->top->eval();
    s->dump(2 * s->edge + 2);
    apply(s->top, next);
    s->top->clk_i = 0;
    s->top->eval();
    s->dump(2 * s->edge + 3);
    s->edge++;
}
