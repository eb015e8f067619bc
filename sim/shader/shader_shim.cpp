// shader_shim.cpp - thin C++ shim around the Verilated shader_core; everything else is C
// (shader_tb.c). See shader_rtl.h.
#include <cstdint>
#include <string>

#include "Vshader_core.h"
#include "shader_rtl.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

namespace {
struct Sim {
    VerilatedContext ctx;
    Vshader_core *top = nullptr;
    unsigned long edges = 0, lo = 1, hi = 0;
#if VM_TRACE
    VerilatedFstC *fst = nullptr;
#endif
};
}

extern "C" void *shader_rtl_new(unsigned seed)
{
    Sim *s = new Sim;
    std::string a0 = "shader_tb", a1 = "+verilator+seed+" + std::to_string(seed),
                a2 = "+verilator+rand+reset+2";
    const char *args[] = {a0.c_str(), a1.c_str(), a2.c_str()};
    s->ctx.commandArgs(3, args);
#if VM_TRACE
    s->ctx.traceEverOn(true);
#endif
    s->top = new Vshader_core(&s->ctx);
    s->top->clk_i = 0;
    s->top->rst_ni = 0;
    s->top->eval();
    return s;
}

extern "C" void shader_rtl_free(void *h)
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

extern "C" int shader_rtl_trace(void *h, const char *path, unsigned long lo, unsigned long hi)
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

extern "C" void shader_rtl_eval(void *h, const shader_in_t *in, shader_out_t *o)
{
    Vshader_core *t = static_cast<Sim *>(h)->top;
    t->rst_ni = in->rst_n;
    t->start_i = in->start;
    t->stop_i = in->stop;
    t->bar_go_i = in->bar_go;
    t->entry_i = in->entry;
    t->arg_base_i = in->arg_base;
    t->tile_offset_i = in->tile_offset;
    t->time_i = in->time;
    t->if_gnt_i = in->if_gnt;
    t->if_rdata_i = in->if_rdata;
    t->dm_req_ready_i = in->dm_req_ready;
    t->dm_rsp_valid_i = in->dm_rsp_valid;
    t->dm_rsp_rdata_i = in->dm_rsp_rdata;
    t->eval();
    o->idle = t->idle_o;
    o->halted = t->halted_o;
    o->fault = t->fault_o;
    o->bar_wait = t->bar_wait_o;
    o->status = t->status_o;
    o->if_req = t->if_req_o;
    o->if_addr = t->if_addr_o;
    o->dm_req_valid = t->dm_req_valid_o;
    o->dm_req_we = t->dm_req_we_o;
    o->dm_req_amo = t->dm_req_amo_o;
    o->dm_req_addr = t->dm_req_addr_o;
    o->dm_req_wdata = t->dm_req_wdata_o;
    o->dm_req_be = t->dm_req_be_o;
    o->dm_req_amo_op = t->dm_req_amo_op_o;
    o->dm_req_amo_cmp = t->dm_req_amo_cmp_o;
    o->rv_valid = t->rv_valid_o;
    o->rv_order = t->rv_order_o;
    o->rv_pc = t->rv_pc_o;
    o->rv_insn = t->rv_insn_o;
    o->rv_next_pc = t->rv_next_pc_o;
    o->rv_rd_wr = t->rv_rd_wr_o;
    o->rv_rd = t->rv_rd_o;
    o->rv_rd_val = t->rv_rd_val_o;
    o->rv_mem = t->rv_mem_o;
    o->rv_mem_addr = t->rv_mem_addr_o;
    o->rv_mem_size = t->rv_mem_size_o;
    o->rv_mem_rdata = t->rv_mem_rdata_o;
    o->rv_mem_wdata = t->rv_mem_wdata_o;
    o->rv_mem_wmask = t->rv_mem_wmask_o;
    o->rv_csr_wr = t->rv_csr_wr_o;
    o->rv_csr = t->rv_csr_o;
    o->rv_csr_val = t->rv_csr_val_o;
    o->rv_trap = t->rv_trap_o;
    o->rv_trap_addr = t->rv_trap_addr_o;
}

extern "C" void shader_rtl_edge(void *h)
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
