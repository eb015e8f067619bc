// Thin C++ shim: model lifetime, clocking, pin access and optional FST tracing.
#include "vgpu.h"
#include "Vgpu_top.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif
#include <cstdio>
#include <string>

struct vgpu {
    VerilatedContext *ctx;
    Vgpu_top *top;
    memsim_t *mem;
    uint64_t half_ps;
    uint64_t now_ps;      // current time
    uint64_t next_edge;   // time of the next core clock toggle
    uint64_t cycles;
    vgpu_write_fn wfn;
    void *wctx;
#if VM_TRACE
    VerilatedFstC *tfp;
#endif
    uint64_t trace_from, trace_to;
    bool tracing;
    memsim_drive_t drv;
};

extern "C" int vgpu_trace_capable(void) { return VM_TRACE ? 1 : 0; }

static void dump(vgpu_t *v)
{
#if VM_TRACE
    if (v->tfp && v->cycles >= v->trace_from && v->cycles <= v->trace_to) {
        v->tfp->dump(v->now_ps);
    }
#else
    (void)v;
#endif
}

extern "C" vgpu_t *vgpu_new(const vgpu_cfg_t *cfg, memsim_t *mem)
{
    vgpu_t *v = new vgpu();
    v->ctx = new VerilatedContext;
    std::string seed = "+verilator+seed+" + std::to_string(cfg->seed);
    const char *argv[] = {"vgpu", seed.c_str(), "+verilator+rand+reset+2"};
    v->ctx->commandArgs(3, argv);
    v->top = new Vgpu_top{v->ctx};
    v->mem = mem;
    v->half_ps = cfg->core_period_ps / 2;
    v->now_ps = 0;
    v->next_edge = v->half_ps;
    v->trace_from = cfg->trace_from;
    v->trace_to = cfg->trace_to;
#if VM_TRACE
    v->tfp = nullptr;
    if (cfg->trace_path) {
        v->ctx->traceEverOn(true);
        v->tfp = new VerilatedFstC;
        v->top->trace(v->tfp, 99);
        v->tfp->open(cfg->trace_path);
    }
#else
    if (cfg->trace_path) {
        std::fprintf(stderr, "vgpu: this binary has no tracing; use the _trace build for --trace\n");
    }
#endif
    v->top->clk_i = 0;
    v->top->rst_ni = 1;
    // CS high is a level reset of the SPI bit counter in hardware; Verilator only sees edges,
    // so power-up is modelled as CS low -> high before anything else happens.
    v->top->spi_cs_ni = 0;
    v->top->eval();
    v->top->spi_cs_ni = 1;
    v->top->spi_sck_i = 0;
    v->top->spi_mosi_i = 0;
    v->top->mem_req_ready_i = 0;
    v->top->mem_rsp_valid_i = 0;
    v->top->mem_rsp_rdata_i = 0;
    v->top->eval();
    return v;
}

extern "C" void vgpu_free(vgpu_t *v)
{
    if (!v) {
        return;
    }
    v->top->final();
#if VM_TRACE
    if (v->tfp) {
        v->tfp->close();
        delete v->tfp;
    }
#endif
    delete v->top;
    delete v->ctx;
    delete v;
}

extern "C" void vgpu_set_write_fn(vgpu_t *v, vgpu_write_fn fn, void *ctx)
{
    v->wfn = fn;
    v->wctx = ctx;
}

// one core clock toggle at time next_edge
static void toggle(vgpu_t *v)
{
    v->now_ps = v->next_edge;
    v->next_edge += v->half_ps;
    if (!v->top->clk_i) {
        // drive the memory inputs for this edge, settle, sample the requests
        memsim_drive(v->mem, &v->drv);
        v->top->mem_req_ready_i = v->drv.req_ready;
        v->top->mem_rsp_valid_i = v->drv.rsp_valid;
        v->top->mem_rsp_rdata_i = v->drv.rsp_rdata;
        v->top->eval();
        memsim_req_t r;
        r.req_valid = v->top->mem_req_valid_o;
        r.req_we = v->top->mem_req_we_o;
        r.req_addr = v->top->mem_req_addr_o;
        r.req_wdata = v->top->mem_req_wdata_o;
        r.req_be = v->top->mem_req_be_o;
        r.req_id = v->top->mem_req_id_o;
        r.req_prim = v->top->mem_req_prim_o;
        v->top->clk_i = 1;
        v->top->eval();
        // While reset is asserted the memory ignores the port: with X-randomised start-up state
        // a flop may still show its random value until the first edge applies the reset level.
        if (!v->top->rst_ni) {
            r.req_valid = 0;
        }
        memsim_req_t wr;
        if (memsim_edge(v->mem, &r, &v->drv, &wr) && v->wfn) {
            v->wfn(v->wctx, v->cycles, &wr);
        }
        v->cycles++;
    } else {
        v->top->clk_i = 0;
        v->top->eval();
    }
    dump(v);
}

extern "C" void vgpu_run_ps(vgpu_t *v, uint64_t ps)
{
    uint64_t end = v->now_ps + ps;
    while (v->next_edge <= end) {
        toggle(v);
    }
    v->now_ps = end;
}

extern "C" void vgpu_run_cycles(vgpu_t *v, uint64_t n) { vgpu_run_ps(v, n * 2 * v->half_ps); }

extern "C" void vgpu_reset(vgpu_t *v, unsigned cycles)
{
    v->top->rst_ni = 0;
    v->top->eval();
    vgpu_run_cycles(v, cycles);
    v->top->rst_ni = 1;
    v->top->eval();
    vgpu_run_cycles(v, 4);
}

extern "C" void vgpu_set_spi(vgpu_t *v, int cs_n, int sck, int mosi)
{
    v->top->spi_cs_ni = cs_n ? 1 : 0;
    v->top->spi_sck_i = sck ? 1 : 0;
    v->top->spi_mosi_i = mosi ? 1 : 0;
    v->top->eval();
    dump(v);
}

extern "C" int vgpu_miso(vgpu_t *v) { return v->top->spi_miso_o; }
extern "C" int vgpu_cmd_full(vgpu_t *v) { return v->top->cmd_full_o; }
extern "C" int vgpu_cmd_empty(vgpu_t *v) { return v->top->cmd_empty_o; }
extern "C" int vgpu_busy(vgpu_t *v) { return v->top->gpu_busy_o; }
extern "C" uint64_t vgpu_cycles(const vgpu_t *v) { return v->cycles; }
extern "C" uint64_t vgpu_time_ps(const vgpu_t *v) { return v->now_ps; }
