/* vgpu: the thin C++ shim around the Verilated GPU, with a C API.
 *
 * Time advances in picoseconds; the core clock toggles every core_period_ps/2. SPI pins are
 * set from C (sim/core/spi_bfm.c) between core edges. The shim owns the memory behind the
 * GPU's memory port:
 *   functional build (gpu_top):            "ideal" or "sdr16" (sim/core/memsim.c)
 *   SDRAM build (gpu_sdram_top, _sdram):   "sdram": sdram_ctrl + the W9825G6KH device model
 *                                          (sim/sdram/sdram_dev.c) with its timing checks
 * A write monitor sees every write accepted at gpu_top's memory port in both builds.
 * Tracing: a binary built with VM_TRACE (the _trace build) writes an FST of the cycle window
 * [trace_from, trace_to] when trace_path is given. */
#ifndef VGPU_H
#define VGPU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vgpu vgpu_t;

typedef struct {
    uint64_t core_period_ps;   /* 10000 = 100 MHz */
    uint32_t seed;             /* Verilator X-randomisation seed */
    const char *trace_path;    /* NULL: no waveform */
    uint64_t trace_from, trace_to; /* core cycles, inclusive */
    const char *mem;           /* memory behind the port, see above */
    uint64_t pix_period_ps;    /* pixel clock period (39722 = 25.175 MHz); 0: it does not run,
                                  and the display never starts (no scanout traffic) */
    int clock_gate_bypass;     /* 1: gpu_top's gated units get every clock edge (clk_gate_bypass_i;
                                  docs/architecture.md "Clock gating"); 0: gated while idle */
} vgpu_cfg_t;

typedef struct {
    uint32_t addr, wdata;
    unsigned be, prim;
} vgpu_write_t;

/* write monitor: every write accepted at the GPU's memory port */
typedef void (*vgpu_write_fn)(void *ctx, uint64_t cycle, const vgpu_write_t *wr);

/* fragment-level monitor (sim/core/gpu_frag_mon.sv): the graphics path's events as the RTL
 * makes them, in the model's event terms (gpu_model.h: GPU_EV_FRAG, GPU_EV_ZTEST, GPU_EV_BLEND, and
 * the memory writes of pixel_ztest and pixel_fbwrite) */
typedef enum {
    VGPU_MON_WALK = 1, VGPU_MON_ZTEST = 2, VGPU_MON_ZWRITE = 3, VGPU_MON_CWRITE = 4, VGPU_MON_BLEND = 5,
    VGPU_MON_TEXEL = 6,    /* a texel slot entering tmu_blend: mode = unit, data = texel, pass = zeroed */
    VGPU_MON_TEXCOUNT = 7  /* a texture cache counter changed: mode = unit, src[0] = hits, src[1] = misses */
} vgpu_mon_kind_t;
typedef struct {
    vgpu_mon_kind_t kind;
    uint32_t x, y;   /* walk, blend */
    uint32_t z;      /* walk: 25-bit depth; ztest: fragment depth >> 1 */
    uint32_t data;   /* walk: colour RGBA8; ztest: Z-buffer word [23:0]; zwrite, cwrite: data;
                        blend: the destination RGB565 word */
    uint32_t addr;   /* ztest: Z word; zwrite, cwrite: byte address */
    int pass;        /* ztest */
    uint32_t sid;    /* walk: draw state */
    uint32_t mode;   /* blend: ALPHA_BLEND.MODE */
    uint32_t src[4], rgba[4]; /* blend: source and result colour, 10.8 channels r, g, b, a */
    uint32_t prim;   /* triangle */
} vgpu_mon_ev_t;
typedef void (*vgpu_mon_fn)(void *ctx, uint64_t cycle, const vgpu_mon_ev_t *ev);
void vgpu_set_mon_fn(vgpu_t *v, vgpu_mon_fn fn, void *ctx);

/* display output (pixel clock domain): called at every rising edge of the pixel clock with
 * the three TMDS symbols gpu_top drives after it (channel 0 blue + syncs, 1 green, 2 red) */
typedef void (*vgpu_pix_fn)(void *ctx, uint64_t pix_cycle, const uint16_t sym[3]);
void vgpu_set_pix_fn(vgpu_t *v, vgpu_pix_fn fn, void *ctx);
/* frame boundary: called at the core edge where the VSYNC pin rises (docs/spec-decisions.md
 * "Display path"), with the core cycle */
typedef void (*vgpu_frame_fn)(void *ctx, uint64_t cycle);
void vgpu_set_frame_fn(vgpu_t *v, vgpu_frame_fn fn, void *ctx);
int vgpu_vsync(vgpu_t *v);
/* the shortest and longest VSYNC pulse so far, in core cycles (0, 0: none ended yet) */
void vgpu_vsync_widths(const vgpu_t *v, unsigned *wmin, unsigned *wmax);
/* the display's underflow count (saturating at 65535) and lowest FIFO level seen in active
 * video (1023 before the first active pixel) */
unsigned vgpu_disp_underflows(vgpu_t *v);
unsigned vgpu_disp_level_min(vgpu_t *v);
uint64_t vgpu_pix_cycles(const vgpu_t *v);

/* NULL (with a message on stderr) if cfg->mem is not available in this build, or a waveform is
 * asked of a build without tracing, or the waveform file cannot be written */
vgpu_t *vgpu_new(const vgpu_cfg_t *cfg);
void vgpu_free(vgpu_t *v);
int vgpu_trace_capable(void);
/* draw-state entries of this build's gpu_top (DsEntries; tgpu_tb_small has 1) */
unsigned vgpu_ds_entries(void);
/* shader tile cores of this build's gpu_top (ShaderCores; 0: no tile; tgpu_tb_shd has 4); the
 * model of the same process gets the same number, also in a model-only run */
unsigned vgpu_shader_cores(void);
/* 1 when this build's gpu_top has the SIMT cluster (SimtCluster; tgpu_tb_small has none); the
 * model of the same process is told the same */
int vgpu_simt_cluster(void);
/* 1 when this build's gpu_top has the command processor (CmdProc; tgpu_tb_small has none); the
 * model of the same process is told the same */
int vgpu_cmd_proc(void);
/* 1 when the build has the fragment monitor (the RTL); 0 for the gate-level netlist build */
int vgpu_has_monitor(void);
const char *vgpu_build_mems(void); /* memories this build offers, e.g. "ideal, sdr16, jitter" */
void vgpu_set_write_fn(vgpu_t *v, vgpu_write_fn fn, void *ctx);
/* holds rst_ni low for n core cycles, then releases it (at start-up or in the middle of a run:
 * the memory behind the port keeps its contents, reads in flight are dropped) */
void vgpu_reset(vgpu_t *v, unsigned cycles);
void vgpu_set_spi(vgpu_t *v, int cs_n, int sck, int mosi);
int vgpu_miso(vgpu_t *v);
int vgpu_cmd_full(vgpu_t *v);
int vgpu_cmd_empty(vgpu_t *v);
int vgpu_busy(vgpu_t *v);
/* the IRQ pin (command processor interrupt, level) */
int vgpu_irq(vgpu_t *v);
void vgpu_run_ps(vgpu_t *v, uint64_t ps);
void vgpu_run_cycles(vgpu_t *v, uint64_t n);
uint64_t vgpu_cycles(const vgpu_t *v);
uint64_t vgpu_time_ps(const vgpu_t *v);

/* memory backdoor and results */
void vgpu_mem_load(vgpu_t *v, uint32_t addr, const void *data, size_t len);
void vgpu_mem_image(vgpu_t *v, uint8_t *buf); /* copies all 32 MiB */
uint64_t vgpu_mem_requests(const vgpu_t *v);   /* requests accepted at the GPU's port */
/* $error reports of the model and the bound checkers so far (printed by Verilator as they
 * happen), and the core cycle of the first */
unsigned vgpu_errors(const vgpu_t *v, uint64_t *first_cycle);
/* end of run: returns the number of memory timing violations (0 for functional memory) */
uint64_t vgpu_mem_finish(vgpu_t *v);

#ifdef __cplusplus
}
#endif
#endif
