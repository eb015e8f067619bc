// tile_shim.cpp - thin C++ shim around the Verilated shader_tile; everything else is C
// (tile_tb.c). See tile_rtl.h. TILE_NCORES is the NumCores the model was built with.
#include <cstddef>
#include <cstdint>
#include <string>

#include "Vshader_tile.h"
#include "tile_rtl.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

#ifndef TILE_NCORES
#error "build with -DTILE_NCORES=<NumCores of the model>"
#endif

namespace {
struct Sim {
    VerilatedContext ctx;
    Vshader_tile *top = nullptr;
    unsigned long edges = 0, lo = 1, hi = 0;
#if VM_TRACE
    VerilatedFstC *fst = nullptr;
#endif
};

// bits lo..lo+w-1 (w <= 64) of a port, whatever type Verilator gave it
uint64_t bits(uint64_t v, unsigned lo, unsigned w)
{
    v >>= lo;
    return w >= 64 ? v : (v & ((1ull << w) - 1));
}
template <std::size_t N> uint64_t bits(const VlWide<N> &v, unsigned lo, unsigned w)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < w; i++) {
        unsigned b = lo + i;
        r |= static_cast<uint64_t>((v[b / 32] >> (b % 32)) & 1u) << i;
    }
    return r;
}
// gpu_pkg::mem_req_t, packed MSB first: addr[MEM_AW] we wdata[32] be[4] len[MEM_LEN_W]
// tag[MEM_TAG_W] prim[PRIM_W] (the widths of rtl/gpu_pkg.sv: keep them equal; a difference
// shows at once as wrong fetch addresses in every lockstep run)
constexpr unsigned kPrimW = 16, kTagW = 4, kLenW = 3;
constexpr unsigned kPrim = 0, kTag = kPrim + kPrimW, kLen = kTag + kTagW, kBe = kLen + kLenW, kWdata = kBe + 4,
                   kWe = kWdata + 32, kAddr = kWe + 1;
}

extern "C" unsigned tile_rtl_ncores(void)
{
    return TILE_NCORES;
}

extern "C" void *tile_rtl_new(unsigned seed)
{
    Sim *s = new Sim;
    std::string a0 = "tile_tb", a1 = "+verilator+seed+" + std::to_string(seed),
                a2 = "+verilator+rand+reset+2";
    const char *args[] = {a0.c_str(), a1.c_str(), a2.c_str()};
    s->ctx.commandArgs(3, args);
#if VM_TRACE
    s->ctx.traceEverOn(true);
#endif
    s->top = new Vshader_tile(&s->ctx);
    s->top->clk_i = 0;
    s->top->rst_ni = 0;
    s->top->eval();
    return s;
}

extern "C" void tile_rtl_free(void *h)
{
    Sim *s = static_cast<Sim *>(h);
#if VM_TRACE
    if (s->fst) {
        s->fst->close();
        delete s->fst;
    }
#endif
    s->top->final();
    delete s->top;
    delete s;
}

extern "C" int tile_rtl_trace(void *h, const char *path, unsigned long lo, unsigned long hi)
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

extern "C" void tile_rtl_eval(void *h, const tile_in_t *in, tile_out_t *o)
{
    Vshader_tile *t = static_cast<Sim *>(h)->top;
    t->rst_ni = in->rst_n;
    t->launch_valid_i = in->launch_valid;
    t->abort_i = in->abort;
    t->launch_entry_i = in->entry;
    t->launch_arg_base_i = in->arg_base;
    t->launch_tile_offset_i = in->tile_offset;
    t->mem_req_ready_i = in->mem_req_ready;
    t->mem_rsp_valid_i = in->mem_rsp_valid;
    // gpu_pkg::mem_rsp_t: rdata[32] last
    t->mem_rsp_i = (static_cast<uint64_t>(in->mem_rsp_rdata) << 1) | (in->mem_rsp_last ? 1u : 0u);
    t->eval();
    o->launch_ready = t->launch_ready_o;
    o->busy = t->busy_o;
    o->done = t->done_o;
    o->done_fault = t->done_fault_o;
    o->done_status = t->done_status_o;
    o->core_halted = static_cast<uint32_t>(bits(t->core_halted_o, 0, TILE_NCORES));
    o->core_fault = static_cast<uint32_t>(bits(t->core_fault_o, 0, TILE_NCORES));
    o->fault_cause = t->fault_cause_o;
    o->fault_core = t->fault_core_o;
    o->fault_pc = t->fault_pc_o;
    o->fault_insn = t->fault_insn_o;
    o->fault_addr = t->fault_addr_o;
    o->mem_req_valid = t->mem_req_valid_o;
    o->mem_lock = t->mem_lock_o;
    o->mem_req_addr = static_cast<uint32_t>(bits(t->mem_req_o, kAddr, 25));
    o->mem_req_we = static_cast<int>(bits(t->mem_req_o, kWe, 1));
    o->mem_req_wdata = static_cast<uint32_t>(bits(t->mem_req_o, kWdata, 32));
    o->mem_req_be = static_cast<uint32_t>(bits(t->mem_req_o, kBe, 4));
    o->mem_req_len = static_cast<uint32_t>(bits(t->mem_req_o, kLen, kLenW));
    o->mem_req_tag = static_cast<uint32_t>(bits(t->mem_req_o, kTag, kTagW));
    o->mem_req_prim = static_cast<uint32_t>(bits(t->mem_req_o, kPrim, kPrimW));
    o->mon_dm_acc = static_cast<uint32_t>(bits(t->mon_dm_acc_o, 0, TILE_NCORES));
    for (unsigned c = 0; c < TILE_NCORES; c++) {
        tile_rv_t *r = &o->rv[c];
        o->core_status[c] = static_cast<uint32_t>(bits(t->core_status_o, 32 * c, 32));
        r->valid = static_cast<int>(bits(t->rv_valid_o, c, 1));
        r->order = bits(t->rv_order_o, 64 * c, 64);
        r->pc = static_cast<uint32_t>(bits(t->rv_pc_o, 32 * c, 32));
        r->insn = static_cast<uint32_t>(bits(t->rv_insn_o, 32 * c, 32));
        r->next_pc = static_cast<uint32_t>(bits(t->rv_next_pc_o, 32 * c, 32));
        r->rd_wr = static_cast<int>(bits(t->rv_rd_wr_o, c, 1));
        r->rd = static_cast<uint32_t>(bits(t->rv_rd_o, 5 * c, 5));
        r->rd_val = static_cast<uint32_t>(bits(t->rv_rd_val_o, 32 * c, 32));
        r->mem = static_cast<uint32_t>(bits(t->rv_mem_o, 2 * c, 2));
        r->mem_addr = static_cast<uint32_t>(bits(t->rv_mem_addr_o, 32 * c, 32));
        r->mem_size = static_cast<uint32_t>(bits(t->rv_mem_size_o, 3 * c, 3));
        r->mem_rdata = static_cast<uint32_t>(bits(t->rv_mem_rdata_o, 32 * c, 32));
        r->mem_wdata = static_cast<uint32_t>(bits(t->rv_mem_wdata_o, 32 * c, 32));
        r->mem_wmask = static_cast<uint32_t>(bits(t->rv_mem_wmask_o, 4 * c, 4));
        r->csr_wr = static_cast<int>(bits(t->rv_csr_wr_o, c, 1));
        r->csr = static_cast<uint32_t>(bits(t->rv_csr_o, 12 * c, 12));
        r->csr_val = static_cast<uint32_t>(bits(t->rv_csr_val_o, 32 * c, 32));
        r->trap = static_cast<uint32_t>(bits(t->rv_trap_o, 3 * c, 3));
        r->trap_addr = static_cast<uint32_t>(bits(t->rv_trap_addr_o, 32 * c, 32));
    }
}

extern "C" void tile_rtl_edge(void *h)
{
    Sim *s = static_cast<Sim *>(h);
    s->top->clk_i = 1;
    s->top->eval();
    s->edges++;
#if VM_TRACE
    if (s->fst && s->edges >= s->lo && s->edges <= s->hi) {
        s->fst->dump(static_cast<uint64_t>(2 * s->edges));
    }
#endif
    s->top->clk_i = 0;
    s->top->eval();
#if VM_TRACE
    if (s->fst && s->edges >= s->lo && s->edges <= s->hi) {
        s->fst->dump(static_cast<uint64_t>(2 * s->edges + 1));
    }
#endif
}
