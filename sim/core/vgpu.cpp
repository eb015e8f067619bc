// Thin C++ shim: model lifetime, clocking, pin access, the memory behind the port, tracing.
#include "vgpu.h"
#include "gpu_regs.h"
#include "memsim.h"
#include "verilated.h"
#include <cstdio>
#include <cstring>
#include <string>
#if TGPU_SDRAM
#include "Vgpu_sdram_top.h"
#include "Vgpu_sdram_top__Dpi.h"
#include "sdram_dev.h"
typedef Vgpu_sdram_top Vtop;
#else
#include "Vgpu_top.h"
#if !VGPU_NETLIST
#include "Vgpu_top__Dpi.h"
#endif
typedef Vgpu_top Vtop;
#endif
// VGPU_NETLIST: the model is Yosys's gate-level netlist of gpu_top (tgpu_tb_netlist): no
// fragment monitor, no link checkers, no draw-state check (they bind to RTL internals)
#ifndef VGPU_NETLIST
#define VGPU_NETLIST 0
#endif
extern "C" int vgpu_has_monitor(void) { return !VGPU_NETLIST; }
#if VM_TRACE
#include "verilated_fst_c.h"
#endif
#if VM_COVERAGE
#include "../cov/tgpu_cov.h"
#endif

struct vgpu {
    VerilatedContext *ctx;
    Vtop *top;
    uint64_t half_ps;
    uint64_t now_ps;      // current time
    uint64_t next_edge;   // time of the next core clock toggle
    uint64_t pix_half_ps; // 0: the pixel clock does not run
    uint64_t next_pix;    // time of the next pixel clock toggle
    uint64_t pix_cycles;
    int vsync_prev;
    unsigned vs_width, vs_wmin, vs_wmax; // core cycles of the VSYNC pulse under way, shortest, longest
    vgpu_pix_fn pfn;
    void *pctx;
    vgpu_frame_fn ffn;
    void *fctx;
    uint64_t cycles;
    uint64_t nreq;
    int errors_seen;           // VerilatedContext::errorCount() at the last edge
    uint64_t first_error_cycle;
    vgpu_write_fn wfn;
    void *wctx;
    vgpu_mon_fn mfn;
    void *mctx;
#if VM_TRACE
    VerilatedFstC *tfp;
#endif
    uint64_t trace_from, trace_to;
    int dump_pending;     // signals changed at now_ps and not dumped yet
    unsigned stale;       // STALE_*: pins set since the last eval() (lazy evaluation, see toggle())
    int eager;            // eval() at every change (a waveform is written): no lazy evaluation
#if TGPU_SDRAM
    sdram_dev_t *dev;
    sdram_pins_out_t dev_out;
#else
    memsim_t *mem;
    memsim_drive_t drv;
#endif
};

// the model whose fragment monitor reports (one monitored model per process)
static vgpu_t *g_mon;

extern "C" int vgpu_trace_capable(void) { return VM_TRACE ? 1 : 0; }
#ifndef VGPU_DS_ENTRIES
#define VGPU_DS_ENTRIES GPU_DS_N
#endif
extern "C" unsigned vgpu_ds_entries(void) { return VGPU_DS_ENTRIES; }
#ifndef VGPU_SHADER_CORES
#define VGPU_SHADER_CORES 0
#endif
extern "C" unsigned vgpu_shader_cores(void) { return VGPU_SHADER_CORES; }
#ifndef VGPU_SIMT_CLUSTER
#define VGPU_SIMT_CLUSTER 1
#endif
extern "C" int vgpu_simt_cluster(void) { return VGPU_SIMT_CLUSTER; }
#ifndef VGPU_CMD_PROC
#define VGPU_CMD_PROC 1
#endif
extern "C" int vgpu_cmd_proc(void) { return VGPU_CMD_PROC; }

extern "C" const char *vgpu_build_mems(void) { return TGPU_SDRAM ? "sdram" : "ideal, sdr16, jitter"; }

// Waveform dumps: inputs can change several times at one instant (a clock edge, then SPI pins),
// so a change only marks the instant; the dump is written once, with the settled values, when
// time moves on (or the model is freed).
static void mark(vgpu_t *v) { v->dump_pending = 1; }

static void flush_dump(vgpu_t *v)
{
#if VM_TRACE
    if (v->dump_pending && v->tfp && v->cycles >= v->trace_from && v->cycles <= v->trace_to) {
        v->tfp->dump(v->now_ps);
    }
#endif
    v->dump_pending = 0;
}

// advance the current time; the state at the old instant is dumped first
static void advance(vgpu_t *v, uint64_t t)
{
    if (t != v->now_ps) {
        flush_dump(v);
        v->now_ps = t;
    }
}

// Lazy evaluation. The core and pixel domains have posedge-clocked flops (and async resets), and
// the clock gates' enable flops (prim_clock_gate) on the core clock's falling edge, which sample
// flip-flop outputs only; so a clock's falling edge does nothing that the eval before the next
// rising edge cannot do, and the memory's new outputs (driven right after the rising edge that
// made them) only matter to the next rising edge. Both are written to the pins and left
// unevaluated (STALE_*); the eval() before the next rising edge (or any eval in between: a pixel
// edge, an SPI pin) settles them. Per core cycle that is two eval() calls (settle, rising edge) instead of three
// (falling edge, memory inputs, rising edge), and a pixel clock's falling edge costs none. Every
// rising edge, reset change and SPI pin change is still evaluated at its own instant; with a
// waveform open every change is evaluated at once, so the dump shows each instant settled.
enum { STALE_CLK = 1, STALE_PIX = 2, STALE_MEM = 4 };

static inline void eval(vgpu_t *v)
{
    v->top->eval();
    v->stale = 0;
}

static inline void set_stale(vgpu_t *v, unsigned what)
{
    v->stale |= what;
    if (v->eager) {
        eval(v);
    }
}

// the memory's outputs for the next rising edge (they depend only on the memory's state, which
// changes at rising edges and at reset)
static void drive_mem(vgpu_t *v)
{
#if TGPU_SDRAM
    v->top->sdram_dq_i = v->dev_out.dq_oe ? v->dev_out.dq : 0;
#else
    memsim_drive(v->mem, &v->drv);
    v->top->mem_req_ready_i = v->drv.req_ready;
    v->top->mem_rsp_valid_i = v->drv.rsp_valid;
    v->top->mem_rsp_rdata_i = v->drv.rsp_rdata;
#endif
    set_stale(v, STALE_MEM);
}

extern "C" vgpu_t *vgpu_new(const vgpu_cfg_t *cfg)
{
    const char *mem = cfg->mem ? cfg->mem : (TGPU_SDRAM ? "sdram" : "ideal");
#if TGPU_SDRAM
    if (std::strcmp(mem, "sdram") != 0) {
        std::fprintf(stderr, "vgpu: this SDRAM build only offers --mem sdram\n");
        return nullptr;
    }
#else
    memsim_cfg_t mc;
    int bad_mem = memsim_preset(mem, &mc);
    mc.seed = cfg->seed;
    if (bad_mem != 0) {
        std::fprintf(stderr, "vgpu: memory '%s' is not in this build (%s; sdram: use the _sdram build)\n", mem,
                     vgpu_build_mems());
        return nullptr;
    }
#endif
    vgpu_t *v = new vgpu();
#if TGPU_SDRAM
    sdram_params_t p;
    sdram_params_default(&p);
    p.tck_ps = (uint32_t)cfg->core_period_ps;
    v->dev = sdram_dev_new(&p);
    v->dev_out.dq = 0;
    v->dev_out.dq_oe = 0;
#else
    v->mem = memsim_new(&mc);
#endif
    v->ctx = new VerilatedContext;
    std::string seed = "+verilator+seed+" + std::to_string(cfg->seed);
    const char *argv[] = {"vgpu", seed.c_str(), "+verilator+rand+reset+2"};
    v->ctx->commandArgs(3, argv);
    v->ctx->fatalOnError(false); // $error (bound checkers, unique case) is counted, not fatal
    v->top = new Vtop{v->ctx};
    v->half_ps = cfg->core_period_ps / 2;
    v->next_edge = v->half_ps;
    v->pix_half_ps = cfg->pix_period_ps / 2;
    v->next_pix = v->pix_half_ps;
    v->trace_from = cfg->trace_from;
    v->trace_to = cfg->trace_to;
#if VM_TRACE
    v->tfp = nullptr;
    if (cfg->trace_path) {
        v->eager = 1;
        v->ctx->traceEverOn(true);
        v->tfp = new VerilatedFstC;
        v->top->trace(v->tfp, 99);
        v->tfp->open(cfg->trace_path);
        if (!v->tfp->isOpen()) {
            std::fprintf(stderr, "vgpu: cannot write the waveform file %s\n", cfg->trace_path);
            vgpu_free(v);
            return nullptr;
        }
    }
#else
    if (cfg->trace_path) {
        std::fprintf(stderr, "vgpu: this binary has no tracing; use the _trace build for --trace\n");
        vgpu_free(v);
        return nullptr;
    }
#endif
    v->top->clk_i = 0;
    v->top->clk_pix_i = 0;
    v->top->rst_ni = 1;
    v->top->clk_gate_bypass_i = cfg->clock_gate_bypass ? 1 : 0;
    // CS high is a level reset of the SPI bit counter in hardware; Verilator only sees edges,
    // so power-up is modelled as CS low -> high before anything else happens.
    v->top->spi_cs_ni = 0;
    v->top->eval();
    v->top->spi_cs_ni = 1;
    v->top->spi_sck_i = 0;
    v->top->spi_mosi_i = 0;
#if TGPU_SDRAM
    v->top->sdram_dq_i = 0;
#else
    v->top->mem_req_ready_i = 0;
    v->top->mem_rsp_valid_i = 0;
    v->top->mem_rsp_rdata_i = 0;
#endif
    eval(v);
    drive_mem(v);
    return v;
}

extern "C" void vgpu_free(vgpu_t *v)
{
    if (!v) {
        return;
    }
    flush_dump(v);
    v->top->final();
#if VM_COVERAGE
    tgpu_cov_write(v->ctx, TGPU_SDRAM ? "gpu_sdram_top" : "gpu_top");
#endif
#if VM_TRACE
    if (v->tfp) {
        v->tfp->close();
        delete v->tfp;
    }
#endif
    delete v->top;
    delete v->ctx;
    if (g_mon == v) {
        g_mon = nullptr;
    }
#if TGPU_SDRAM
    sdram_dev_free(v->dev);
#else
    memsim_free(v->mem);
#endif
    delete v;
}

extern "C" void vgpu_set_write_fn(vgpu_t *v, vgpu_write_fn fn, void *ctx)
{
    v->wfn = fn;
    v->wctx = ctx;
}

// The fragment monitor (sim/core/gpu_frag_mon.sv) calls these through DPI during eval() of a
// rising edge; they go to the monitor callback of the model being evaluated (g_mon).

extern "C" void vgpu_set_mon_fn(vgpu_t *v, vgpu_mon_fn fn, void *ctx)
{
    v->mfn = fn;
    v->mctx = ctx;
    g_mon = v;
}

static void mon(const vgpu_mon_ev_t &ev)
{
    if (g_mon && g_mon->mfn) {
        g_mon->mfn(g_mon->mctx, g_mon->cycles, &ev);
    }
}

#if !VGPU_NETLIST
void tgpu_mon_walk(int x, int y, int z, int color, int sid, int prim)
{
    vgpu_mon_ev_t ev = {};
    ev.kind = VGPU_MON_WALK;
    ev.x = (uint32_t)x;
    ev.y = (uint32_t)y;
    ev.z = (uint32_t)z;
    ev.data = (uint32_t)color;
    ev.sid = (uint32_t)sid;
    ev.prim = (uint32_t)prim;
    mon(ev);
}

void tgpu_mon_ztest(int addr, int zf, int zb, int pass, int prim)
{
    vgpu_mon_ev_t ev = {};
    ev.kind = VGPU_MON_ZTEST;
    ev.addr = (uint32_t)addr;
    ev.z = (uint32_t)zf;
    ev.data = (uint32_t)zb;
    ev.pass = pass;
    ev.prim = (uint32_t)prim;
    mon(ev);
}

void tgpu_mon_write(int unit, int addr, int data, int prim)
{
    vgpu_mon_ev_t ev = {};
    ev.kind = unit == 1 ? VGPU_MON_ZWRITE : VGPU_MON_CWRITE;
    ev.addr = (uint32_t)addr;
    ev.data = (uint32_t)data;
    ev.prim = (uint32_t)prim;
    mon(ev);
}

void tgpu_mon_texel(int unit, int texel, int zero)
{
    vgpu_mon_ev_t ev = {};
    ev.kind = VGPU_MON_TEXEL;
    ev.mode = (uint32_t)unit;
    ev.data = (uint32_t)texel;
    ev.pass = zero;
    mon(ev);
}

void tgpu_mon_texcount(int unit, int hits, int misses)
{
    vgpu_mon_ev_t ev = {};
    ev.kind = VGPU_MON_TEXCOUNT;
    ev.mode = (uint32_t)unit;
    ev.src[0] = (uint32_t)hits;
    ev.src[1] = (uint32_t)misses;
    mon(ev);
}

void tgpu_mon_blend(int x, int y, int mode, int dst, int sr, int sg, int sb, int sa, int r, int g, int b, int a,
                    int prim)
{
    vgpu_mon_ev_t ev = {};
    ev.kind = VGPU_MON_BLEND;
    ev.x = (uint32_t)x;
    ev.y = (uint32_t)y;
    ev.mode = (uint32_t)mode;
    ev.data = (uint32_t)dst;
    ev.src[0] = (uint32_t)sr;
    ev.src[1] = (uint32_t)sg;
    ev.src[2] = (uint32_t)sb;
    ev.src[3] = (uint32_t)sa;
    ev.rgba[0] = (uint32_t)r;
    ev.rgba[1] = (uint32_t)g;
    ev.rgba[2] = (uint32_t)b;
    ev.rgba[3] = (uint32_t)a;
    ev.prim = (uint32_t)prim;
    mon(ev);
}
#else
static inline void unused_mon(void) { (void)mon; }
#endif

// the GPU's memory port as seen just before a rising edge
struct port_t {
    int valid, ready, we;
    uint32_t addr, wdata;
    unsigned be, prim;
};

static port_t sample_port(vgpu_t *v)
{
    port_t p;
#if TGPU_SDRAM
    p.valid = v->top->mon_valid_o;
    p.ready = v->top->mon_ready_o;
    p.we = v->top->mon_we_o;
    p.addr = v->top->mon_addr_o;
    p.wdata = v->top->mon_wdata_o;
    p.be = v->top->mon_be_o;
    p.prim = v->top->mon_prim_o;
#else
    p.valid = v->top->mem_req_valid_o;
    p.ready = v->top->mem_req_ready_i;
    p.we = v->top->mem_req_we_o;
    p.addr = v->top->mem_req_addr_o;
    p.wdata = v->top->mem_req_wdata_o;
    p.be = v->top->mem_req_be_o;
    p.prim = v->top->mem_req_prim_o;
#endif
    // While reset is asserted the memory ignores the port: with X-randomised start-up state
    // a flop may still show its random value until the first edge applies the reset level.
    if (!v->top->rst_ni) {
        p.valid = 0;
    }
    return p;
}

// one core clock toggle at time next_edge
static void toggle(vgpu_t *v)
{
    advance(v, v->next_edge);
    v->next_edge += v->half_ps;
    if (!v->top->clk_i) {
        // settle the falling edge and the memory's outputs (unless an eval since did: a pixel
        // edge, an SPI pin), then sample the port and the pins as they are before the edge
        if (v->stale) {
            eval(v);
        }
#if TGPU_SDRAM
        sdram_pins_in_t pin;
        pin.cke = v->top->sdram_cke_o;
        pin.cs_n = v->top->sdram_cs_no;
        pin.ras_n = v->top->sdram_ras_no;
        pin.cas_n = v->top->sdram_cas_no;
        pin.we_n = v->top->sdram_we_no;
        pin.ba = v->top->sdram_ba_o;
        pin.a = v->top->sdram_a_o;
        pin.dqm = v->top->sdram_dqm_o;
        pin.dq = v->top->sdram_dq_o;
        pin.dq_oe = v->top->sdram_dq_oe_o;
        port_t p = sample_port(v);
        v->top->clk_i = 1;
        eval(v);
        sdram_dev_tick(v->dev, &pin, &v->dev_out);
#else
        // sample the requests (the memory's outputs for this edge were driven after the last one)
        port_t p = sample_port(v);
        memsim_req_t r;
        r.req_valid = p.valid;
        r.req_we = p.we;
        r.req_addr = p.addr;
        r.req_wdata = p.wdata;
        r.req_be = p.be;
        r.req_len = v->top->mem_req_len_o;
        v->top->clk_i = 1;
        eval(v);
        memsim_edge(v->mem, &r, &v->drv);
#endif
        drive_mem(v); // the memory's outputs for the next edge, settled lazily
        if (v->ctx->errorCount() != v->errors_seen) {
            if (!v->errors_seen) {
                v->first_error_cycle = v->cycles;
            }
            v->errors_seen = v->ctx->errorCount();
        }
        if (p.valid && p.ready) {
            v->nreq++;
            if (p.we && v->wfn) {
                vgpu_write_t w = {p.addr & ~3u & ((32u << 20) - 1), p.wdata, p.be, p.prim};
                v->wfn(v->wctx, v->cycles, &w);
            }
        }
        v->cycles++;
        const int vs = v->top->vsync_o;
        if (vs && !v->vsync_prev && v->ffn) {
            v->ffn(v->fctx, v->cycles);
        }
        if (vs) {
            v->vs_width++;
        } else if (v->vsync_prev) {
            if (!v->vs_wmin || v->vs_width < v->vs_wmin) {
                v->vs_wmin = v->vs_width;
            }
            if (v->vs_width > v->vs_wmax) {
                v->vs_wmax = v->vs_width;
            }
            v->vs_width = 0;
        }
        v->vsync_prev = vs;
    } else {
        v->top->clk_i = 0;
        set_stale(v, STALE_CLK);
    }
    mark(v);
}

// one pixel clock toggle at time next_pix; after a rising edge the display's symbols go to the
// pixel callback
static void toggle_pix(vgpu_t *v)
{
    advance(v, v->next_pix);
    v->next_pix += v->pix_half_ps;
    if (v->top->clk_pix_i) {
        v->top->clk_pix_i = 0;
        set_stale(v, STALE_PIX);
    } else {
        if (v->stale & STALE_PIX) {
            eval(v); // the model has not seen the falling edge yet
        }
        v->top->clk_pix_i = 1;
        eval(v);
        v->pix_cycles++;
        if (v->pfn) {
            const uint16_t sym[3] = {(uint16_t)v->top->dvi_tmds0_o, (uint16_t)v->top->dvi_tmds1_o,
                                     (uint16_t)v->top->dvi_tmds2_o};
            v->pfn(v->pctx, v->pix_cycles, sym);
        }
    }
    mark(v);
}

extern "C" void vgpu_run_ps(vgpu_t *v, uint64_t ps)
{
    uint64_t end = v->now_ps + ps;
    for (;;) {
        // the earlier of the two clocks' next toggles (the core's first at a tie)
        if (v->pix_half_ps && v->next_pix < v->next_edge && v->next_pix <= end) {
            toggle_pix(v);
        } else if (v->next_edge <= end) {
            toggle(v);
        } else {
            break;
        }
    }
    advance(v, end);
}

extern "C" void vgpu_set_pix_fn(vgpu_t *v, vgpu_pix_fn fn, void *ctx)
{
    v->pfn = fn;
    v->pctx = ctx;
}

extern "C" void vgpu_set_frame_fn(vgpu_t *v, vgpu_frame_fn fn, void *ctx)
{
    v->ffn = fn;
    v->fctx = ctx;
}

extern "C" int vgpu_vsync(vgpu_t *v) { return v->top->vsync_o; }
extern "C" void vgpu_vsync_widths(const vgpu_t *v, unsigned *wmin, unsigned *wmax)
{
    *wmin = v->vs_wmin;
    *wmax = v->vs_wmax;
}
extern "C" unsigned vgpu_disp_underflows(vgpu_t *v) { return v->top->disp_underflow_o; }
extern "C" unsigned vgpu_disp_level_min(vgpu_t *v) { return v->top->disp_level_min_o; }
extern "C" uint64_t vgpu_pix_cycles(const vgpu_t *v) { return v->pix_cycles; }

extern "C" void vgpu_run_cycles(vgpu_t *v, uint64_t n) { vgpu_run_ps(v, n * 2 * v->half_ps); }

// Without a pixel clock (pix_period_ps 0) the pixel domain would never see its reset: Verilator
// applies an asynchronous reset at the reset's falling edge, and prim_rst_sync's output may have
// started at 0 (X randomisation), so it has no edge to give. Three pixel clock pulses while
// rst_ni is low reset the synchroniser and everything behind it, as a running clock would; the
// domain then stays in reset (no frame boundary, no scanout) until the clock runs.
static void pix_reset_pulses(vgpu_t *v)
{
    if (v->pix_half_ps) {
        return; // the running pixel clock has done it
    }
    for (int i = 0; i < 3; i++) {
        v->top->clk_pix_i = 1;
        v->top->eval();
        v->top->clk_pix_i = 0;
        v->top->eval();
    }
}

extern "C" void vgpu_reset(vgpu_t *v, unsigned cycles)
{
#if !TGPU_SDRAM
    memsim_reset(v->mem); // the memory controller is reset with the GPU
    drive_mem(v);
#endif
    v->top->rst_ni = 0;
    eval(v);
    vgpu_run_cycles(v, cycles);
    pix_reset_pulses(v);
    v->top->rst_ni = 1;
    eval(v);
    vgpu_run_cycles(v, 4);
}

extern "C" void vgpu_set_spi(vgpu_t *v, int cs_n, int sck, int mosi)
{
    v->top->spi_cs_ni = cs_n ? 1 : 0;
    v->top->spi_sck_i = sck ? 1 : 0;
    v->top->spi_mosi_i = mosi ? 1 : 0;
    eval(v);
    mark(v);
}

extern "C" int vgpu_miso(vgpu_t *v) { return v->top->spi_miso_o; }
extern "C" int vgpu_cmd_full(vgpu_t *v) { return v->top->cmd_full_o; }
extern "C" int vgpu_cmd_empty(vgpu_t *v) { return v->top->cmd_empty_o; }
extern "C" int vgpu_busy(vgpu_t *v) { return v->top->gpu_busy_o; }
extern "C" int vgpu_irq(vgpu_t *v) { return v->top->irq_o; }
extern "C" uint64_t vgpu_cycles(const vgpu_t *v) { return v->cycles; }
extern "C" uint64_t vgpu_time_ps(const vgpu_t *v) { return v->now_ps; }
extern "C" uint64_t vgpu_mem_requests(const vgpu_t *v) { return v->nreq; }

extern "C" unsigned vgpu_errors(const vgpu_t *v, uint64_t *first_cycle)
{
    if (first_cycle) {
        *first_cycle = v->first_error_cycle;
    }
    return (unsigned)v->errors_seen;
}

extern "C" void vgpu_mem_load(vgpu_t *v, uint32_t addr, const void *data, size_t len)
{
    const uint8_t *d = static_cast<const uint8_t *>(data);
    for (size_t i = 0; i < len; i++) {
        uint32_t a = (uint32_t)(addr + i) & ((32u << 20) - 1);
#if TGPU_SDRAM
        sdram_dev_write8(v->dev, a, d[i]);
#else
        memsim_mem(v->mem)[a] = d[i];
#endif
    }
}

extern "C" void vgpu_mem_image(vgpu_t *v, uint8_t *buf)
{
#if TGPU_SDRAM
    for (uint32_t a = 0; a < (32u << 20); a += 4) {
        uint32_t w = sdram_dev_read32(v->dev, a);
        std::memcpy(buf + a, &w, 4);
    }
#else
    std::memcpy(buf, memsim_mem(v->mem), 32u << 20);
#endif
}

extern "C" uint64_t vgpu_mem_finish(vgpu_t *v)
{
#if TGPU_SDRAM
    sdram_dev_finish(v->dev);
    return sdram_dev_violations(v->dev);
#else
    (void)v;
    return 0;
#endif
}
