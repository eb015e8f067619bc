/* tgpu_tb: runs a scene (a C program on the driver, or a recorded stream) on the RTL and the
 * reference model in lockstep, compares all of memory word for word, reports the first
 * mismatch with its pixel, values and primitives, and writes reference/RTL/diff PNGs.
 * The same source builds tgpu_tb, tgpu_tb_trace, tgpu_tb_sdram, tgpu_tb_sdram_trace (on demand),
 * tgpu_tb_small and the netlist builds tgpu_tb_netlist and tgpu_tb_netlist_gate.
 * Run with --help for the options; every option value is checked before anything runs. */
#include "cli.h"
#include "disp_check.h"
#include "fcov.h"
#include "gpu.h"
#include "gpu_model.h"
#include "png.h"
#include "scene.h"
#include "spi_bfm.h"
#include "vgpu.h"
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MEM_WORDS ((32u << 20) / 4)
#define FB_BYTES (640u * 480u * 4u)
#define MAX_BUFS 64

/* exit statuses */
enum { EXIT_MATCH = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_HANG = 3, EXIT_OUTPUT = 4 };

/* option bounds (docs/debugging.md) */
#define SEED_MAX 2147483647ull        /* Verilator takes X seeds 1..2^31-1 */
#define COUNT_MAX 1000000u
#define TIMEOUT_MAX 1000000000000ull
#define CORE_MHZ_MIN 1.0
#define CORE_MHZ_MAX 1000.0
#define SCK_MHZ_MIN 0.1
#define SCK_MHZ_MAX 100.0
/* The host paces writes by CMD_FULL, which the core drives: with a core clock below SCK/16 the
 * pin can lag a whole 72-bit frame and writes are lost (measured: SCK/83 still works, SCK/125
 * loses commands). The harness refuses such ratios instead of reporting pixel mismatches. */
#define SCK_PER_CORE_MAX 16.0
#define PIX_MHZ_MIN 1.0
#define PIX_MHZ_MAX 100.0
#define DISPLAY_FRAMES_MAX 1000u

/* Fragment-level lockstep: the model's events of each stage wait in a queue until the RTL's
 * monitor reports the same stage's next event; the two are compared field by field. */
typedef enum { LS_WALK, LS_TEXEL, LS_ZTEST, LS_ZWRITE, LS_BLEND, LS_CWRITE, LS_N } ls_stage_e;
static const char *const k_stage_name[LS_N] = {"walk (raster_walk -> pixel_color: covered pixel)",
                                                "texel (tmu_pixel -> tmu_blend: texel of one enabled unit)",
                                                "ztest (pixel_ztest: depth test)",
                                                "zwrite (pixel_ztest -> memory: Z write)",
                                                "blend (pixel_blend -> pixel_fbwrite: blended fragment)",
                                                "cwrite (pixel_fbwrite -> memory: colour write)"};
typedef struct {
    uint32_t a, b, c; /* walk: x | y << 16, z, colour; ztest: Z address, depth, Z-buffer word; zwrite, cwrite: address,
                         data; blend: x | y << 16, destination RGB565, mode; texel: unit, texel RGBA8, -
                         (pass: zeroed; the pixel in col[0]: the RTL's slot does not carry it) */
    uint16_t prim;
    uint8_t pass;
    uint8_t sid;      /* walk: draw state */
    uint32_t col[8];  /* blend: source r, g, b, a, result r, g, b, a (10.8) */
} lev_t;
typedef struct {
    lev_t *buf;
    size_t head, n, cap;
    uint64_t compared;
} lq_t;

static int lq_push(lq_t *q, const lev_t *e)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : 4096;
        lev_t *nb = malloc(cap * sizeof(*nb));
        if (!nb) {
            return -1;
        }
        for (size_t i = 0; i < q->n; i++) {
            nb[i] = q->buf[(q->head + i) % q->cap];
        }
        free(q->buf);
        q->buf = nb;
        q->head = 0;
        q->cap = cap;
    }
    q->buf[(q->head + q->n) % q->cap] = *e;
    q->n++;
    return 0;
}

static int lq_pop(lq_t *q, lev_t *e)
{
    if (!q->n) {
        return -1;
    }
    *e = q->buf[q->head];
    q->head = (q->head + 1) % q->cap;
    q->n--;
    return 0;
}

/* buffers the scene named through registers, to say where a mismatching word lives */
typedef struct {
    uint32_t fb[MAX_BUFS], zb[MAX_BUFS], tex[MAX_BUFS];
    uint8_t tex_unit[MAX_BUFS];
    uint64_t tex_fmt[MAX_BUFS];
    unsigned nfb, nzb, ntex;
    uint32_t unit_base[4]; /* TEXn_BASE and TEXn_FMT as last written */
    uint64_t unit_fmt[4];
} bufs_t;

typedef struct {
    /* options */
    const char *prog; /* name of this binary, as invoked */
    const char *scene, *replay, *record, *out, *trace, *mem_preset;
    int use_model, use_rtl, no_png, quiet, ignore_full, trace_window_given;
    int no_clock_gate;     /* --no-clock-gate: gpu_top's clk_gate_bypass_i = 1 */
    uint64_t seed, xseed;
    unsigned count;
    double core_mhz, sck_mhz;
    uint64_t trace_from, trace_to, timeout_cycles;
    uint64_t reset_after;  /* hardware reset of both sides after this many host writes (0: none) */
    uint64_t nwrites;
    int reset_done, reset_bad;
    int corrupt;           /* checker self-test: flip a bit of the RTL's memory before comparing */
    uint64_t corrupt_addr;
    const char *fcov;      /* --fcov FILE: functional coverage bins added to FILE (sw/model/fcov.h) */
    /* display (--display): the pixel clock runs, frames are captured and compared */
    int display;
    double pix_mhz;
    unsigned display_frames; /* at least this many frames compared */
    int display_png;         /* --display-png: every captured frame as a PNG */
    int corrupt_frame;       /* --corrupt-display F: 1 + F (checker self-test), 0: none */
    int need_display;        /* the scene waited for VSYNC without --display: a usage error */
    disp_check_t *disp;
    uint8_t *disp_rgb;       /* the model's frame at the last boundary */
    unsigned boundaries;     /* frame boundaries of the RTL so far */
    unsigned vsync_want;     /* a wait for VSYNC ends at this many boundaries */
    /* backends */
    gpu_model_t *model;
    vgpu_t *v;
    uint8_t *rtl_img;   /* RTL memory image at the end of the run */
    spi_bfm_t bfm;
    /* observation: per-word write counts, last writer primitive, last RTL write cycle */
    uint32_t *wc_model, *wc_rtl;
    uint16_t *prim_model, *prim_rtl;
    uint64_t *cyc_rtl;
    uint32_t model_dropped;
    uint64_t ztests[8], zpasses[8]; /* the model's depth tests per compare function */
    int hang;
    bufs_t bufs;
    gpu_transport_t inner; /* what the buffer observer forwards to */
    /* fragment-level lockstep (both backends) */
    int lockstep;
    lq_t lq[LS_N];
    int lock_failed;
    int kernel_stop;    /* the model stopped a DISPATCH or SIMT_LAUNCH kernel: copy the SIMT data window at idle */
    int shader_stop;    /* the model stopped a shader kernel: copy the words it stored to at idle */
    uint32_t rtl_tex_hits[4], rtl_tex_misses[4]; /* the RTL's texture cache counters (monitor) */
    int argc;
    char **argv;
} tb_t;

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s [options] [+verilator+seed+N]\n"
            "  --scene NAME        run a built-in scene (--list shows them)\n"
            "  --replay FILE       run a recorded transaction stream instead (not with --scene)\n"
            "  --record FILE       record the scene's transaction stream to FILE\n"
            "  --backend B         both (default) | rtl | model\n"
            "  --seed N            seed of random scenes and of Verilator X randomisation, 1..%llu (default 1)\n"
            "  +verilator+seed+N   X-randomisation seed when it should differ from --seed, 1..%llu\n"
            "  --count N           scene size knob (triangles, repetitions), 0..%u, 0 = scene default\n"
            "  --out DIR           where PNGs go (default out/<scene>)\n"
            "  --no-png            skip PNG output\n"
            "  --mem P             memory behind the GPU port; this build offers: %s (the first is the default)\n"
            "  --core-mhz F        core clock, %g..%g (default 100)\n"
            "  --sck-mhz F         SPI clock, %g..%g and at most %g x the core clock (default 25)\n"
            "  --ignore-full       do not wait for CMD_FULL before writes (overflow tests)\n"
            "  --timeout N         bound in core cycles of every wait (GPU busy, CMD_FULL high), 1..%llu\n"
            "                      (default 50000000); a run that exceeds it ends as HANG\n"
            "  --trace FILE        write an FST waveform (%s)\n"
            "  --trace-from C      first core cycle to dump (default 0)\n"
            "  --trace-to C        last core cycle to dump (default: end)\n"
            "  --list              list scenes\n"
            "  --quiet             only the result line\n"
            "  --reset-after N     hardware reset of RTL and model before host write N+1, mid-scene; then\n"
            "                      every register must read its reset value and the rest must match\n"
            "  --corrupt-rtl ADDR  self-test of the checker: flip bit 0 of the RTL's memory word at ADDR\n"
            "                      after the run, before the comparison (the run must then fail)\n"
            "  --fcov FILE         add the model's functional coverage bins to FILE (\"name count\" lines)\n"
            "  --display           run the pixel clock (25.175 MHz) and compare every displayed frame at the\n"
            "                      DVI output with the model's; scenes that wait for VSYNC need it\n"
            "  --pix-mhz F         pixel clock, %g..%g (implies --display)\n"
            "  --display-frames N  fail unless at least N frames were compared, 0..%u (default 1 with --display)\n"
            "  --display-png       write every captured frame as display_fN.png (mismatching frames always)\n"
            "  --corrupt-display F self-test of the display check: flip a bit of captured frame F (the run must fail)\n"
            "  --no-clock-gate     the gated units' clocks (SIMT cluster, command processor, shader tile, texel\n"
            "                      pipeline, texture back end) run every cycle (gpu_top's clk_gate_bypass_i;\n"
            "                      the same cycles and results as gated)\n"
            "exit status: 0 match, 1 mismatch or check failure, 2 usage error, 3 hang,\n"
            "             4 a requested output (PNG, recording, waveform) could not be written\n",
            prog, SEED_MAX, SEED_MAX, COUNT_MAX, vgpu_build_mems(), CORE_MHZ_MIN, CORE_MHZ_MAX, SCK_MHZ_MIN,
            SCK_MHZ_MAX, SCK_PER_CORE_MAX, TIMEOUT_MAX,
            vgpu_trace_capable() ? "this build can" : "needs a _trace build, this one cannot", PIX_MHZ_MIN, PIX_MHZ_MAX,
            DISPLAY_FRAMES_MAX);
}

/* ---------------------------------------------------------------- monitors */

static void note_write(uint32_t *wc, uint16_t *prim, uint32_t addr, uint16_t p)
{
    uint32_t w = (addr >> 2) & (MEM_WORDS - 1);
    if (wc[w] != UINT32_MAX) {
        wc[w]++;
    }
    prim[w] = p;
}

static void lockstep_push(tb_t *tb, ls_stage_e st, const lev_t *e)
{
    if (lq_push(&tb->lq[st], e) != 0) {
        fprintf(stderr, "%s: out of memory in the lockstep queue; lockstep comparison off\n", tb->prog);
        tb->lockstep = 0;
    }
}

static void model_event(void *ctx, const gpu_event_t *ev)
{
    tb_t *tb = ctx;
    lev_t e = {.prim = ev->prim};
    if (ev->kind == GPU_EV_MEM_WRITE) {
        note_write(tb->wc_model, tb->prim_model, ev->addr, ev->prim);
        if (tb->lockstep && (ev->unit == GPU_UNIT_ZTEST || ev->unit == GPU_UNIT_FBWRITE)) {
            e.a = ev->addr & ((32u << 20) - 4);
            e.b = ev->data;
            lockstep_push(tb, ev->unit == GPU_UNIT_ZTEST ? LS_ZWRITE : LS_CWRITE, &e);
        }
    } else if (ev->kind == GPU_EV_TRI_DROPPED) {
        tb->model_dropped++;
    } else if (ev->kind == GPU_EV_KERNEL_STOP && ev->unit == GPU_UNIT_SHADER) {
        tb->shader_stop = 1;
    } else if (ev->kind == GPU_EV_KERNEL_STOP) {
        tb->kernel_stop = 1;
    } else if (ev->kind == GPU_EV_FRAG && tb->lockstep) {
        e.a = (uint32_t)ev->x | (uint32_t)ev->y << 16;
        e.b = ev->z;
        e.c = ev->data;
        e.sid = ev->sid;
        lockstep_push(tb, LS_WALK, &e);
    } else if (ev->kind == GPU_EV_TEXEL && tb->lockstep) {
        e.a = ev->mode;
        e.b = ev->data;
        e.pass = ev->pass;
        e.col[0] = (uint32_t)ev->x | (uint32_t)ev->y << 16;
        lockstep_push(tb, LS_TEXEL, &e);
    } else if (ev->kind == GPU_EV_BLEND && tb->lockstep) {
        e.a = (uint32_t)ev->x | (uint32_t)ev->y << 16;
        e.b = ev->data;
        e.c = ev->mode;
        for (int i = 0; i < 4; i++) {
            e.col[i] = ev->src[i];
            e.col[4 + i] = ev->rgba[i];
        }
        lockstep_push(tb, LS_BLEND, &e);
    } else if (ev->kind == GPU_EV_ZTEST) {
        tb->ztests[ev->zfunc & 7]++;
        tb->zpasses[ev->zfunc & 7] += ev->pass != 0;
    }
    if (ev->kind == GPU_EV_ZTEST && tb->lockstep) {
        e.a = ev->addr;
        e.b = ev->z;
        e.c = ev->data;
        e.pass = ev->pass;
        lockstep_push(tb, LS_ZTEST, &e);
    }
}

static void rtl_write(void *ctx, uint64_t cycle, const vgpu_write_t *wr)
{
    tb_t *tb = ctx;
    note_write(tb->wc_rtl, tb->prim_rtl, wr->addr, (uint16_t)wr->prim);
    tb->cyc_rtl[(wr->addr >> 2) & (MEM_WORDS - 1)] = cycle;
}

/* ---------------------------------------------------------------- RTL transport */

/* the RTL's whole memory in a new buffer (the caller frees it), or NULL: out of memory, said
 * and counted as a failed run */
static uint8_t *rtl_mem_copy(tb_t *tb, const char *what)
{
    uint8_t *img = malloc(GPU_MEM_BYTES);
    if (!img) {
        fprintf(stderr, "%s: out of memory copying %s\n", tb->prog, what);
        tb->lock_failed = 1;
        return NULL;
    }
    vgpu_mem_image(tb->v, img);
    return img;
}

/* After a stopped kernel (WATCHDOG or ABORTED) the SIMT data window is undefined
 * (docs/command.md "Memory after a stop"): once the RTL is idle, the model takes the RTL's. */
static void sync_simt_window(tb_t *tb)
{
    tb->kernel_stop = 0;
    if (!tb->model) {
        return;
    }
    uint8_t *img = rtl_mem_copy(tb, "the SIMT data window");
    if (!img) {
        return;
    }
    const uint32_t base = GPU_SIMT_DATA_WIN, len = GPU_MEM_BYTES - GPU_SIMT_DATA_WIN;
    memcpy(gpu_model_mem(tb->model) + base, img + base, len);
    free(img);
    if (!tb->quiet) {
        printf("kernel stopped: SIMT data window 0x%07X..0x%07X copied from the RTL into the model (undefined "
               "after a stop)\n",
               base, GPU_MEM_BYTES - 1);
    }
}

/* After a stopped shader kernel the words the model's run stored to are undefined (docs/shader.md
 * "Stopping a kernel"): once the RTL is idle, the model takes the RTL's values of those words. */
static void sync_shader_words(tb_t *tb)
{
    tb->shader_stop = 0;
    const uint8_t *bits = tb->model ? gpu_model_shader_stop_words(tb->model) : NULL;
    if (!bits) {
        return;
    }
    uint8_t *img = rtl_mem_copy(tb, "the stopped shader kernel's words");
    if (!img) {
        return;
    }
    uint8_t *mm = gpu_model_mem(tb->model);
    unsigned n = 0, differ = 0;
    for (uint32_t w = 0; w < GPU_MEM_BYTES / 4; w++) {
        if (bits[w >> 3] & (1u << (w & 7u))) {
            differ += memcmp(mm + 4 * w, img + 4 * w, 4) != 0;
            memcpy(mm + 4 * w, img + 4 * w, 4);
            n++;
        }
    }
    free(img);
    if (!tb->quiet) {
        printf("shader kernel stopped: %u words it stored to copied from the RTL into the model (%u differed; "
               "undefined after a stop)\n",
               n, differ);
    }
}

static int rtl_wait_idle(tb_t *tb, const char *why)
{
    uint64_t start = vgpu_cycles(tb->v);
    unsigned quiet = 0;
    while (quiet < 4) {
        if (vgpu_cmd_empty(tb->v) && !vgpu_busy(tb->v)) {
            quiet++;
        } else {
            quiet = 0;
        }
        vgpu_run_cycles(tb->v, 8);
        if (vgpu_errors(tb->v, NULL) || tb->lock_failed) {
            return GPU_EIO; /* a bound checker or the lockstep failed: the run stops here */
        }
        if (vgpu_cycles(tb->v) - start > tb->timeout_cycles) {
            fprintf(stderr,
                    "HANG: GPU still busy after %" PRIu64 " cycles while %s (cmd_empty=%d busy=%d) at core cycle %" PRIu64
                    ", after %" PRIu64 " SPI frames\n",
                    tb->timeout_cycles, why, vgpu_cmd_empty(tb->v), vgpu_busy(tb->v), vgpu_cycles(tb->v), tb->bfm.frames);
            if (tb->model && gpu_model_stuck(tb->model)) {
                fprintf(stderr, "HANG: as expected by the model: its command stream is stuck behind a kernel that never "
                                "ends (CP_WATCHDOG 0 and no CP_ABORT right after the DISPATCH, SIMT_LAUNCH or SHD_LAUNCH; docs/command.md "
                                "\"Compute\")\n");
            }
            tb->hang = 1;
            return GPU_EIO;
        }
    }
    if (tb->kernel_stop) {
        sync_simt_window(tb);
    }
    if (tb->shader_stop) {
        sync_shader_words(tb);
    }
    return GPU_OK;
}

/* Runs the RTL until done(tb) holds, bounded like every wait (--timeout): HANG with what was
 * awaited, or GPU_EIO at once if a bound checker or the lockstep failed. */
static int rtl_run_until(tb_t *tb, int (*done)(const tb_t *), const char *what)
{
    uint64_t start = vgpu_cycles(tb->v);
    while (!done(tb)) {
        vgpu_run_cycles(tb->v, 64);
        if (vgpu_errors(tb->v, NULL) || tb->lock_failed) {
            return GPU_EIO;
        }
        if (vgpu_cycles(tb->v) - start > tb->timeout_cycles) {
            fprintf(stderr, "HANG: no %s within %" PRIu64 " core cycles, at core cycle %" PRIu64 "\n", what,
                    tb->timeout_cycles, vgpu_cycles(tb->v));
            tb->hang = 1;
            return GPU_EIO;
        }
    }
    return GPU_OK;
}

static int in_active_video(const tb_t *tb) { return disp_check_mid_active(tb->disp); }
static int vsync_seen(const tb_t *tb) { return tb->boundaries >= tb->vsync_want; }

static int rtl_tr_write(void *ctx, uint8_t addr, uint64_t value)
{
    tb_t *tb = ctx;
    if (tb->hang || tb->lock_failed || vgpu_errors(tb->v, NULL)) {
        return GPU_EIO;
    }
    if (spi_bfm_write(&tb->bfm, addr, value) != 0) {
        fprintf(stderr,
                "HANG: CMD_FULL stayed high for %" PRIu64 " core cycles before the write of register 0x%02X "
                "(SPI frame %" PRIu64 "); busy=%d at core cycle %" PRIu64 "\n",
                tb->timeout_cycles, addr, tb->bfm.frames + 1, vgpu_busy(tb->v), vgpu_cycles(tb->v));
        tb->hang = 1;
        return GPU_EIO;
    }
    return GPU_OK;
}

/* The RTL transport reads only when the command FIFO is empty and the GPU idle, as INT-010
 * asks of hosts ("only read STATUS when CMD_EMPTY"), so reads see the state the model sees. */
static int rtl_tr_read(void *ctx, uint8_t addr, uint64_t *value)
{
    tb_t *tb = ctx;
    char why[64];
    snprintf(why, sizeof(why), "waiting to read register 0x%02X", addr);
    if (tb->hang || rtl_wait_idle(tb, why) != GPU_OK) {
        *value = 0;
        return GPU_EIO;
    }
    /* the model has no display timing (its STATUS.VBLANK reads 0): with the pixel clock
       running, a compared STATUS read waits for active video as every read waits for idle
       (STATUS.VBLANK's own test, display_vblank, reads the RTL alone) */
    if (tb->disp && tb->model && addr == REG_STATUS &&
        rtl_run_until(tb, in_active_video, "active video before a STATUS read") != GPU_OK) {
        *value = 0;
        return GPU_EIO;
    }
    /* the IRQ pin against the model's, at every point both have carried out the same commands */
    if (tb->model && vgpu_irq(tb->v) != gpu_model_irq(tb->model)) {
        fprintf(stderr,
                "IRQ MISMATCH: pin irq_o = %d, model %d, before the read of register 0x%02X at core cycle %" PRIu64
                " (after %" PRIu64 " SPI frames; docs/command.md \"Interrupt\")\n",
                vgpu_irq(tb->v), gpu_model_irq(tb->model), addr, vgpu_cycles(tb->v), tb->bfm.frames);
        tb->lock_failed = 1;
        *value = 0;
        return GPU_EIO;
    }
    *value = spi_bfm_read(&tb->bfm, addr);
    return GPU_OK;
}

/* "wait for VSYNC" on the RTL: every command carried out, then the next frame boundary */
static int rtl_tr_wait_vsync(void *ctx)
{
    tb_t *tb = ctx;
    if (!tb->display) {
        if (!tb->need_display) {
            fprintf(stderr, "%s: the scene waits for VSYNC, which needs the pixel clock: run with --display\n",
                    tb->prog);
        }
        tb->need_display = 1;
        return GPU_EIO;
    }
    if (tb->hang || rtl_wait_idle(tb, "waiting for VSYNC") != GPU_OK) {
        return GPU_EIO;
    }
    tb->vsync_want = tb->boundaries + 1;
    return rtl_run_until(tb, vsync_seen, "VSYNC pulse");
}

/* in a run on both backends the model's frame boundaries are the RTL's (rtl_frame) */
static int model_follows_vsync(void *ctx)
{
    (void)ctx;
    return GPU_OK;
}

/* the RTL's VSYNC pin rose: the frame boundary, on the model too; the model's frame for it is
 * what the display must show next */
static void rtl_frame(void *ctx, uint64_t cycle)
{
    tb_t *tb = ctx;
    (void)cycle;
    tb->boundaries++;
    if (tb->model) {
        (void)gpu_model_vsync(tb->model);
        gpu_model_display_frame(tb->model, tb->disp_rgb);
        disp_check_expect(tb->disp, tb->disp_rgb, gpu_model_display_base(tb->model));
    } else {
        disp_check_expect(tb->disp, NULL, 0);
    }
}

static void rtl_pix(void *ctx, uint64_t pix_cycle, const uint16_t sym[3])
{
    tb_t *tb = ctx;
    (void)pix_cycle;
    disp_check_pix(tb->disp, vgpu_cycles(tb->v), sym);
}

static void print_wave_cmd(const tb_t *tb, int argc, char **argv, uint64_t from, uint64_t to);

static void disp_mismatch(void *ctx, uint32_t word, uint64_t cycle)
{
    tb_t *tb = ctx;
    uint32_t w = (word >> 2) & (MEM_WORDS - 1);
    printf("  framebuffer word 0x%07X: last written by triangle %u (reference) / %u (rtl), %u / %u writes\n", word,
           tb->prim_model[w], tb->prim_rtl[w], tb->wc_model[w], tb->wc_rtl[w]);
    print_wave_cmd(tb, tb->argc, tb->argv, cycle > 2000 ? cycle - 2000 : 0, cycle + 200);
}

static void mem_load(void *ctx, uint32_t addr, const void *data, size_t len)
{
    tb_t *tb = ctx;
    addr &= (32u << 20) - 1;
    if (addr + len > (32u << 20)) {
        len = (32u << 20) - addr;
    }
    if (tb->model) {
        memcpy(gpu_model_mem(tb->model) + addr, data, len);
    }
    if (tb->v) {
        vgpu_mem_load(tb->v, addr, data, len);
    }
}

/* ---------------------------------------------------------------- comparison and pictures */

static uint32_t rd32(const uint8_t *m, uint32_t a)
{
    return (uint32_t)m[a] | (uint32_t)m[a + 1] << 8 | (uint32_t)m[a + 2] << 16 | (uint32_t)m[a + 3] << 24;
}

/* ---------------------------------------------------------------- buffers the scene named */

static void add_buf(uint32_t *set, unsigned *n, uint32_t base)
{
    for (unsigned i = 0; i < *n; i++) {
        if (set[i] == base) {
            return;
        }
    }
    if (*n < MAX_BUFS) {
        set[(*n)++] = base;
    }
}

/* --reset-after: a hardware reset of both sides in the middle of the scene, wherever the RTL
 * is (SPI idle between frames, triangles in flight, memory requests outstanding). The model
 * completed every command at once while the RTL may have stopped mid-triangle, so the RTL's
 * memory is copied into the model afterwards; then every register must read back its reset
 * value on both sides (the generated table), and the rest of the scene must match. */
static void reset_both(tb_t *tb)
{
    if (!tb->quiet) {
        printf("reset: hardware reset after host write %" PRIu64, tb->nwrites);
        if (tb->v) {
            printf(", RTL at core cycle %" PRIu64 " busy=%d cmd_empty=%d", vgpu_cycles(tb->v), vgpu_busy(tb->v),
                   vgpu_cmd_empty(tb->v));
        }
        printf("\n");
    }
    if (tb->v) {
        vgpu_reset(tb->v, 8);
    }
    for (int st = 0; st < LS_N; st++) {
        tb->lq[st].head = tb->lq[st].n = 0; /* work cut short by the reset: the RTL will not finish it */
    }
    if (tb->model) {
        gpu_model_reset(tb->model);
        if (tb->v) {
            vgpu_mem_image(tb->v, gpu_model_mem(tb->model));
        }
    }
    tb->reset_done = 1;
    static const struct {
        const char *name;
        uint8_t addr;
        char access;
        uint64_t reset, rmask;
    } regs[] = {
#define X(name, addr, access, reset, wmask, rmask) {#name, addr, access, reset, rmask},
        GPU_REG_TABLE(X)
#undef X
    };
    for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
        if (regs[i].access == 'T' || !strcmp(regs[i].name, "STATUS")) {
            continue; /* triggers have side effects; STATUS is checked by its own tests */
        }
        uint64_t v = 0;
        int rc = tb->inner.read(tb->inner.ctx, regs[i].addr, &v);
        uint64_t want = regs[i].access == 'W' ? 0 : (regs[i].reset & (regs[i].access == 'R' ? ~0ull : regs[i].rmask));
        if (rc != GPU_OK || v != want) {
            printf("RESET CHECK: register %s (0x%02X) reads 0x%016" PRIX64 " after reset, want 0x%016" PRIX64 "%s\n",
                   regs[i].name, regs[i].addr, v, want, rc == GPU_EMISMATCH ? " (model and RTL differ)" : "");
            tb->reset_bad = 1;
        }
    }
}

/* Sits between the driver and the backends: notes every framebuffer, Z-buffer and texture base
 * the scene writes, with the same masks the register file applies. */
static int obs_write(void *ctx, uint8_t addr, uint64_t value)
{
    tb_t *tb = ctx;
    bufs_t *b = &tb->bufs;
    if (tb->reset_after && !tb->reset_done && tb->nwrites == tb->reset_after) {
        reset_both(tb);
    }
    tb->nwrites++;
    if (addr == REG_FB_DRAW || addr == REG_FB_DISPLAY) {
        add_buf(b->fb, &b->nfb, (uint32_t)value & 0xFFFFF000u & ((32u << 20) - 1));
    } else if (addr == REG_FB_ZBUFFER) {
        add_buf(b->zb, &b->nzb, (uint32_t)value & 0x1FFF000u);
    } else if (addr >= REG_TEX0_BASE && addr < REG_TEX0_BASE + 32 && (addr - REG_TEX0_BASE) % 8 <= 1) {
        unsigned unit = (addr - REG_TEX0_BASE) / 8;
        if ((addr - REG_TEX0_BASE) % 8 == 0) {
            b->unit_base[unit] = (uint32_t)value & ((32u << 20) - 1);
        } else {
            b->unit_fmt[unit] = value;
        }
        add_buf(b->tex, &b->ntex, b->unit_base[unit]);
        for (unsigned i = 0; i < b->ntex; i++) {
            if (b->tex[i] == b->unit_base[unit]) {
                b->tex_unit[i] = (uint8_t)unit;
                b->tex_fmt[i] = b->unit_fmt[unit];
            }
        }
    }
    return tb->inner.write(tb->inner.ctx, addr, value);
}

static int obs_read(void *ctx, uint8_t addr, uint64_t *value)
{
    tb_t *tb = ctx;
    return tb->inner.read(tb->inner.ctx, addr, value);
}

static int obs_wait_vsync(void *ctx)
{
    tb_t *tb = ctx;
    return tb->inner.wait_vsync ? tb->inner.wait_vsync(tb->inner.ctx) : GPU_EIO;
}

static void obs_close(void *ctx)
{
    tb_t *tb = ctx;
    if (tb->inner.close) {
        tb->inner.close(tb->inner.ctx);
    }
}

/* bytes of a texture image with its mip chain, from TEXn_FMT (upper bound: 1024x1024 RGBA4444) */
static uint32_t tex_bytes(uint64_t fmt)
{
    unsigned wl = (unsigned)((fmt >> TEX0_FMT_WIDTH_LOG2_SHIFT) & TEX0_FMT_WIDTH_LOG2_MASK);
    unsigned hl = (unsigned)((fmt >> TEX0_FMT_HEIGHT_LOG2_SHIFT) & 0xF);
    wl = wl < 2 ? 2 : (wl > 10 ? 10 : wl);
    hl = hl < 2 ? 2 : (hl > 10 ? 10 : hl);
    uint32_t level0 = (1u << wl) * (1u << hl) * 2u; /* RGBA4444: 2 bytes a texel, BC1 less */
    return level0 + level0 / 3 + 64;
}

typedef enum { BUF_NONE, BUF_FB, BUF_ZB, BUF_TEX, BUF_SIMT_PROG, BUF_SIMT_DATA } buf_kind_e;

typedef struct {
    buf_kind_e kind;
    uint32_t base;
    unsigned unit;
    char text[160];
} where_t;

#define SIMT_PROG_WIN GPU_SIMT_PROG_WIN /* docs/simt.md: program window, then the data window */
#define SIMT_DATA_WIN GPU_SIMT_DATA_WIN

static where_t locate(const tb_t *tb, uint32_t addr, uint32_t final_fb, uint32_t final_zb)
{
    where_t w;
    memset(&w, 0, sizeof(w));
    const bufs_t *b = &tb->bufs;
    /* the final buffers first, then every other one the scene named */
    uint32_t fbs[MAX_BUFS + 1], zbs[MAX_BUFS + 1];
    unsigned nfb = 0, nzb = 0;
    fbs[nfb++] = final_fb;
    zbs[nzb++] = final_zb;
    for (unsigned i = 0; i < b->nfb; i++) {
        fbs[nfb++] = b->fb[i];
    }
    for (unsigned i = 0; i < b->nzb; i++) {
        zbs[nzb++] = b->zb[i];
    }
    for (unsigned i = 0; i < nfb; i++) {
        if (addr >= fbs[i] && addr < fbs[i] + FB_BYTES) {
            uint32_t px = (addr - fbs[i]) / 4;
            w.kind = BUF_FB;
            w.base = fbs[i];
            snprintf(w.text, sizeof(w.text), "%sframebuffer at 0x%07X, pixel (%u, %u)", i == 0 ? "" : "earlier ",
                     fbs[i], px % 640, px / 640);
            return w;
        }
    }
    for (unsigned i = 0; i < nzb; i++) {
        if (addr >= zbs[i] && addr < zbs[i] + FB_BYTES) {
            uint32_t px = (addr - zbs[i]) / 4;
            w.kind = BUF_ZB;
            w.base = zbs[i];
            snprintf(w.text, sizeof(w.text), "%sZ-buffer at 0x%07X, pixel (%u, %u)", i == 0 ? "" : "earlier ", zbs[i],
                     px % 640, px / 640);
            return w;
        }
    }
    for (unsigned i = 0; i < b->ntex; i++) {
        if (addr >= b->tex[i] && addr - b->tex[i] < tex_bytes(b->tex_fmt[i])) {
            w.kind = BUF_TEX;
            w.base = b->tex[i];
            w.unit = b->tex_unit[i];
            snprintf(w.text, sizeof(w.text), "texture of unit %u at TEX%u_BASE 0x%07X, byte offset 0x%X", w.unit,
                     w.unit, b->tex[i], addr - b->tex[i]);
            return w;
        }
    }
    if (addr >= SIMT_PROG_WIN && addr < SIMT_DATA_WIN) {
        w.kind = BUF_SIMT_PROG;
        snprintf(w.text, sizeof(w.text), "SIMT program window, instruction offset 0x%X", (addr - SIMT_PROG_WIN) / 2);
    } else if (addr >= SIMT_DATA_WIN) {
        w.kind = BUF_SIMT_DATA;
        snprintf(w.text, sizeof(w.text), "SIMT data window, data address 0x%X", addr - SIMT_DATA_WIN);
    } else {
        snprintf(w.text, sizeof(w.text), "memory word outside every framebuffer, Z-buffer and texture the scene named");
    }
    return w;
}

/* Writes <dir>/<prefix>{reference,rtl,diff}.png of the 640x480 buffer at base: colours for a
 * framebuffer, depth as grey (near = white) for a Z-buffer. Returns -1 if a file failed. */
static int write_pngs(tb_t *tb, const char *dir, const char *prefix, uint32_t base, buf_kind_e kind)
{
    uint8_t *img[3];
    int rc = 0;
    for (int i = 0; i < 3; i++) {
        img[i] = calloc(640 * 480 * 3, 1);
        if (!img[i]) {
            rc = -1;
        }
    }
    const uint8_t *mm = tb->model ? gpu_model_mem(tb->model) : NULL;
    const uint8_t *mr = tb->rtl_img;
    unsigned diffs = 0;
    for (uint32_t p = 0; p < 640 * 480 && rc == 0; p++) {
        uint32_t a = (base + p * 4) & ((32u << 20) - 1);
        uint8_t cm[3] = {0, 0, 0}, cr[3] = {0, 0, 0};
        const uint8_t *mem[2] = {mm, mr};
        uint8_t *col[2] = {cm, cr};
        for (int s = 0; s < 2; s++) {
            if (!mem[s]) {
                continue;
            }
            uint32_t v = rd32(mem[s], a);
            if (kind == BUF_ZB) {
                memset(col[s], 255 - (int)((v >> 16) & 0xFF), 3);
            } else {
                png_rgb565_to_rgb((uint16_t)v, col[s]);
            }
        }
        memcpy(img[0] + p * 3, cm, 3);
        memcpy(img[1] + p * 3, cr, 3);
        int same = !(mm && mr) || rd32(mm, a) == rd32(mr, a);
        if (!same) {
            diffs++;
        }
        const uint8_t *src = mm ? cm : cr;
        uint8_t g = (uint8_t)((src[0] + src[1] + src[2]) / 12);
        img[2][p * 3 + 0] = same ? g : 255;
        img[2][p * 3 + 1] = same ? g : 0;
        img[2][p * 3 + 2] = same ? g : 0;
    }
    char path[1024];
    const char *names[3] = {"reference.png", "rtl.png", "diff.png"};
    for (int i = 0; i < 3 && rc == 0; i++) {
        if ((i == 0 && !mm) || (i == 1 && !mr) || (i == 2 && !(mm && mr))) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s%s", dir, prefix, names[i]);
        if (png_write_rgb(path, 640, 480, img[i]) != 0) {
            fprintf(stderr, "%s: cannot write %s: %s\n", tb->prog, path, strerror(errno));
            rc = -1;
        }
    }
    if (!tb->quiet && rc == 0) {
        printf("pictures: %s/%s{reference,rtl,diff}.png (%s at 0x%07X, %u differing pixels)\n", dir, prefix,
               kind == BUF_ZB ? "Z-buffer" : "framebuffer", base, diffs);
    }
    for (int i = 0; i < 3; i++) {
        free(img[i]);
    }
    return rc;
}

/* The waveform command for a cycle window: this run's own options on the trace-capable build. */
static void print_wave_cmd(const tb_t *tb, int argc, char **argv, uint64_t from, uint64_t to)
{
    /* the trace-capable binary: this one, or its name with _trace (a netlist build has no trace
       build: the same run on the RTL's, whose passing or failing says whether the difference is
       Yosys's reading of the RTL) */
    char exe[4096];
    size_t n = strlen(argv[0]);
    int is_trace = n >= 6 && !strcmp(argv[0] + n - 6, "_trace");
    const char *nl = strstr(argv[0], "_netlist");
    size_t keep = !vgpu_has_monitor() && nl ? (size_t)(nl - argv[0]) : n;
    snprintf(exe, sizeof exe, "%.*s%s", (int)keep, argv[0], is_trace ? "" : "_trace");
    if (!vgpu_has_monitor()) {
        printf("  (a netlist build: no waveform of its own; if the RTL passes this run, Yosys reads the RTL "
               "differently, docs/synth.md \"Post-synthesis simulation\")\n");
    }
    if (strchr(exe, '/') && access(exe, X_OK) != 0) {
        printf("  (%s is built on demand: make %s)\n", exe, exe);
    }
    printf("  waveform: %s", exe);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--trace") || !strcmp(argv[i], "--trace-from") || !strcmp(argv[i], "--trace-to")) {
            i++;
            continue;
        }
        if (!strncmp(argv[i], "--trace=", 8) || !strncmp(argv[i], "--trace-from=", 13) ||
            !strncmp(argv[i], "--trace-to=", 11)) {
            continue;
        }
        printf(" %s", argv[i]);
    }
    (void)tb;
    printf(" --trace mismatch.fst --trace-from %" PRIu64 " --trace-to %" PRIu64 "\n", from, to);
}

static void report_word(const tb_t *tb, const char *label, uint32_t a, uint32_t fb, uint32_t zb)
{
    const uint8_t *mm = gpu_model_mem(tb->model);
    const uint8_t *mr = tb->rtl_img;
    uint32_t w = a / 4;
    where_t loc = locate(tb, a, fb, zb);
    printf("  %s: 0x%07X, %s\n", label, a, loc.text);
    printf("    reference 0x%08X  (written %u times, last by triangle %u)\n", rd32(mm, a), tb->wc_model[w],
           tb->prim_model[w]);
    if (tb->wc_rtl[w]) {
        printf("    rtl       0x%08X  (written %u times, last by triangle %u at core cycle %" PRIu64 ")\n", rd32(mr, a),
               tb->wc_rtl[w], tb->prim_rtl[w], tb->cyc_rtl[w]);
    } else {
        printf("    rtl       0x%08X  (never written by the RTL)\n", rd32(mr, a));
    }
}

/* Compares all of memory. Reports the mismatching word with the lowest address and the one the
 * RTL wrote earliest (the end-of-run compare has no lockstep: the earliest RTL write is the
 * nearest thing to the first divergence in time), and pictures the buffer holding the first
 * in outdir (NULL: no pictures) when it is not the final framebuffer, pictured anyway. */
static int compare(tb_t *tb, uint32_t fb, uint32_t zb, int argc, char **argv, const char *outdir, int *out_err)
{
    const uint8_t *mm = gpu_model_mem(tb->model);
    const uint8_t *mr = tb->rtl_img;
    if (!memcmp(mm, mr, 32u << 20)) {
        return 0;
    }
    uint32_t first = 0, n = 0, early = UINT32_MAX;
    uint64_t early_cyc = UINT64_MAX;
    for (uint32_t a = 0; a < (32u << 20); a += 4) {
        if (rd32(mm, a) != rd32(mr, a)) {
            if (!n) {
                first = a;
            }
            n++;
            if (tb->wc_rtl[a / 4] && tb->cyc_rtl[a / 4] < early_cyc) {
                early_cyc = tb->cyc_rtl[a / 4];
                early = a;
            }
        }
    }
    printf("MISMATCH: %u memory words differ%s\n", n,
           tb->lock_failed || vgpu_errors(tb->v, NULL) ? " (the run stopped at the first divergence above: the rest of "
                                                         "the scene was never drawn)" : "");
    report_word(tb, "lowest address", first, fb, zb);
    if (early != UINT32_MAX && early != first) {
        report_word(tb, "earliest RTL write", early, fb, zb);
    } else if (early == first) {
        printf("  (the lowest-address word is also the one the RTL wrote earliest)\n");
    }
    uint64_t c = early != UINT32_MAX ? early_cyc : (tb->wc_rtl[first / 4] ? tb->cyc_rtl[first / 4] : 0);
    print_wave_cmd(tb, argc, argv, c > 2000 ? c - 2000 : 0, c + 200);
    where_t loc = locate(tb, first, fb, zb);
    if (outdir && (loc.kind == BUF_FB || loc.kind == BUF_ZB) && !(loc.kind == BUF_FB && loc.base == fb)) {
        char prefix[64];
        snprintf(prefix, sizeof(prefix), "mismatch_%s_%07X_", loc.kind == BUF_ZB ? "zbuffer" : "fb", loc.base);
        if (write_pngs(tb, outdir, prefix, loc.base, loc.kind) != 0) {
            *out_err = 1;
        }
    }
    return 1;
}

/* ---------------------------------------------------------------- fragment-level lockstep */

static void describe_lev(const tb_t *tb, ls_stage_e st, const lev_t *e, char *buf, size_t n)
{
    uint32_t fb = 0, zb = 0;
    if (tb->model) {
        fb = (uint32_t)gpu_model_read(tb->model, REG_FB_DRAW) & 0xFFFFF000u & ((32u << 20) - 1);
        zb = (uint32_t)gpu_model_read(tb->model, REG_FB_ZBUFFER) & 0x1FFF000u;
    }
    switch (st) {
    case LS_WALK:
        snprintf(buf, n, "pixel (%u, %u), z 0x%07X, colour 0x%08X, draw state %u, triangle %u", e->a & 0xFFFF,
                 e->a >> 16, e->b, e->c, e->sid, e->prim);
        break;
    case LS_TEXEL:
        snprintf(buf, n, "pixel (%u, %u), unit %u, texel 0x%08X (RGBA8 after swizzle)%s, triangle %u",
                 e->col[0] & 0xFFFF, e->col[0] >> 16, e->a, e->b, e->pass ? ", zeroed (no cache lookup)" : "", e->prim);
        break;
    case LS_ZTEST:
        snprintf(buf, n, "%s: depth 0x%06X vs Z-buffer 0x%06X -> %s, triangle %u", locate(tb, e->a, fb, zb).text, e->b,
                 e->c, e->pass ? "pass" : "fail", e->prim);
        break;
    case LS_BLEND: {
        static const char *const modes[4] = {"DISABLED", "ADD", "SUBTRACT", "ALPHA_BLEND"};
        snprintf(buf, n,
                 "pixel (%u, %u), %s, destination 0x%04X, source rgba (0x%05X 0x%05X 0x%05X 0x%05X) -> "
                 "(0x%05X 0x%05X 0x%05X 0x%05X) (10.8), triangle %u",
                 e->a & 0xFFFF, e->a >> 16, modes[e->c & 3], e->b, e->col[0], e->col[1], e->col[2], e->col[3], e->col[4],
                 e->col[5], e->col[6], e->col[7], e->prim);
        break;
    }
    default:
        snprintf(buf, n, "%s: data 0x%08X, triangle %u", locate(tb, e->a, fb, zb).text, e->b, e->prim);
        break;
    }
}

static void lockstep_fail(tb_t *tb, ls_stage_e st, uint64_t cycle, const lev_t *ref, const lev_t *rtl)
{
    char b[256];
    tb->lock_failed = 1;
    printf("LOCKSTEP: first divergence at stage %s, event %" PRIu64 " of that stage, core cycle %" PRIu64 "\n",
           k_stage_name[st], tb->lq[st].compared + 1, cycle);
    if (ref) {
        describe_lev(tb, st, ref, b, sizeof(b));
        printf("  reference %s\n", b);
    } else {
        printf("  reference (no such event: the model made no further %s event)\n", k_stage_name[st]);
    }
    if (rtl) {
        describe_lev(tb, st, rtl, b, sizeof(b));
        printf("  rtl       %s\n", b);
    } else {
        printf("  rtl       (no such event: the RTL went idle without it)\n");
    }
    print_wave_cmd(tb, tb->argc, tb->argv, cycle > 2000 ? cycle - 2000 : 0, cycle + 200);
}

static void rtl_mon(void *ctx, uint64_t cycle, const vgpu_mon_ev_t *ev)
{
    tb_t *tb = ctx;
    if (!tb->lockstep || tb->lock_failed) {
        return;
    }
    lev_t got = {.prim = (uint16_t)ev->prim};
    ls_stage_e st;
    if (ev->kind == VGPU_MON_TEXCOUNT) {
        if (ev->mode < 4) {
            tb->rtl_tex_hits[ev->mode] = ev->src[0];
            tb->rtl_tex_misses[ev->mode] = ev->src[1];
        }
        return;
    }
    if (ev->kind == VGPU_MON_TEXEL) {
        st = LS_TEXEL;
        got.a = ev->mode;
        got.b = ev->data;
        got.pass = (uint8_t)(ev->pass != 0);
    } else if (ev->kind == VGPU_MON_WALK) {
        st = LS_WALK;
        got.a = ev->x | ev->y << 16;
        got.b = ev->z;
        got.c = ev->data;
        got.sid = (uint8_t)ev->sid;
    } else if (ev->kind == VGPU_MON_ZTEST) {
        st = LS_ZTEST;
        got.a = ev->addr;
        got.b = ev->z;
        got.c = ev->data;
        got.pass = (uint8_t)(ev->pass != 0);
    } else if (ev->kind == VGPU_MON_BLEND) {
        st = LS_BLEND;
        got.a = ev->x | ev->y << 16;
        got.b = ev->data;
        got.c = ev->mode;
        for (int i = 0; i < 4; i++) {
            got.col[i] = ev->src[i];
            got.col[4 + i] = ev->rgba[i];
        }
    } else {
        st = ev->kind == VGPU_MON_ZWRITE ? LS_ZWRITE : LS_CWRITE;
        got.a = ev->addr & ((32u << 20) - 4);
        got.b = ev->data;
    }
    lev_t want;
    if (lq_pop(&tb->lq[st], &want) != 0) {
        lockstep_fail(tb, st, cycle, NULL, &got);
        return;
    }
    if (st == LS_TEXEL) {
        /* the RTL's texel slot carries no pixel or triangle: the report takes the model's */
        got.prim = want.prim;
        got.col[0] = want.col[0];
    }
    if (want.a != got.a || want.b != got.b || want.c != got.c || want.prim != got.prim || want.pass != got.pass ||
        want.sid != got.sid || memcmp(want.col, got.col, sizeof(want.col)) != 0) {
        lockstep_fail(tb, st, cycle, &want, &got);
        return;
    }
    tb->lq[st].compared++;
}

/* end of the run: every model event must have been matched */
static void lockstep_finish(tb_t *tb)
{
    for (int st = 0; st < LS_N && !tb->lock_failed; st++) {
        lev_t want;
        if (lq_pop(&tb->lq[st], &want) == 0) {
            lockstep_fail(tb, (ls_stage_e)st, vgpu_cycles(tb->v), &want, NULL);
        }
    }
    /* the texture caches' hit and miss counts are architectural (docs/spec-decisions.md) */
    for (unsigned u = 0; u < 4 && !tb->lock_failed; u++) {
        uint64_t h, mi;
        gpu_model_tex_stats(tb->model, u, &h, &mi);
        if (h != tb->rtl_tex_hits[u] || mi != tb->rtl_tex_misses[u]) {
            tb->lock_failed = 1;
            printf("LOCKSTEP: texture cache of unit %u: reference %" PRIu64 " hits, %" PRIu64 " misses; rtl %u hits, %u "
                   "misses\n", u, h, mi, tb->rtl_tex_hits[u], tb->rtl_tex_misses[u]);
        }
        if (!tb->quiet && !tb->lock_failed && h + mi) {
            printf("texture cache unit %u: %" PRIu64 " hits, %" PRIu64 " misses (%.1f%% hits), RTL and model identical\n",
                   u, h, mi, 100.0 * (double)h / (double)(h + mi));
        }
    }
    if (!tb->quiet && !tb->lock_failed) {
        printf("lockstep: %" PRIu64 " walk, %" PRIu64 " texel, %" PRIu64 " ztest, %" PRIu64 " zwrite, %" PRIu64
               " blend, %" PRIu64 " cwrite events of RTL and model identical\n",
               tb->lq[LS_WALK].compared, tb->lq[LS_TEXEL].compared, tb->lq[LS_ZTEST].compared, tb->lq[LS_ZWRITE].compared,
               tb->lq[LS_BLEND].compared, tb->lq[LS_CWRITE].compared);
    }
}

static int make_dirs(const char *dir)
{
    char buf[1024];
    if (snprintf(buf, sizeof(buf), "%s", dir) >= (int)sizeof(buf)) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = buf + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
                return -1;
            }
            *p = '/';
        }
    }
    if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- main */

/* Parses the command line into tb. Returns -1 to go on, else the exit status. */
static int parse_args(tb_t *tb, int argc, char **argv)
{
    enum { O_SCENE = 256, O_REPLAY, O_RECORD, O_BACKEND, O_SEED, O_COUNT, O_OUT, O_NOPNG, O_MEM, O_CORE, O_SCK,
           O_IGNFULL, O_TIMEOUT, O_TRACE, O_TFROM, O_TTO, O_LIST, O_QUIET, O_HELP, O_CORRUPT, O_RESET, O_DISPLAY,
           O_PIX, O_DFRAMES, O_DPNG, O_DCORRUPT, O_NOCG };
    static const struct option opts[] = {
        {"fcov", 1, 0, 'F'},
        {"scene", 1, 0, O_SCENE}, {"replay", 1, 0, O_REPLAY}, {"record", 1, 0, O_RECORD}, {"backend", 1, 0, O_BACKEND},
        {"seed", 1, 0, O_SEED}, {"count", 1, 0, O_COUNT}, {"out", 1, 0, O_OUT}, {"no-png", 0, 0, O_NOPNG},
        {"mem", 1, 0, O_MEM}, {"core-mhz", 1, 0, O_CORE}, {"sck-mhz", 1, 0, O_SCK}, {"ignore-full", 0, 0, O_IGNFULL},
        {"timeout", 1, 0, O_TIMEOUT}, {"trace", 1, 0, O_TRACE}, {"trace-from", 1, 0, O_TFROM},
        {"trace-to", 1, 0, O_TTO}, {"list", 0, 0, O_LIST}, {"quiet", 0, 0, O_QUIET}, {"help", 0, 0, O_HELP},
        {"corrupt-rtl", 1, 0, O_CORRUPT}, {"reset-after", 1, 0, O_RESET}, {"display", 0, 0, O_DISPLAY},
        {"pix-mhz", 1, 0, O_PIX}, {"display-frames", 1, 0, O_DFRAMES}, {"display-png", 0, 0, O_DPNG},
        {"corrupt-display", 1, 0, O_DCORRUPT}, {"no-clock-gate", 0, 0, O_NOCG}, {0, 0, 0, 0}};
    const char *P = tb->prog;
    int o, bad = 0;
    opterr = 0;
    while ((o = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (o) {
        case O_SCENE: tb->scene = optarg; break;
        case O_REPLAY: tb->replay = optarg; break;
        case O_RECORD: tb->record = optarg; break;
        case O_BACKEND:
            tb->use_model = !strcmp(optarg, "both") || !strcmp(optarg, "model");
            tb->use_rtl = !strcmp(optarg, "both") || !strcmp(optarg, "rtl");
            if (!tb->use_model && !tb->use_rtl) {
                fprintf(stderr, "%s: --backend '%s' is not allowed: give both, rtl or model\n", P, optarg);
                bad = 1;
            }
            break;
        case O_SEED: bad |= cli_uint(P, "--seed", optarg, 1, SEED_MAX, &tb->seed) != 0; break;
        case O_COUNT: {
            uint64_t n = 0;
            bad |= cli_uint(P, "--count", optarg, 0, COUNT_MAX, &n) != 0;
            tb->count = (unsigned)n;
            break;
        }
        case O_OUT:
            tb->out = optarg;
            if (!*optarg) {
                fprintf(stderr, "%s: --out needs a directory name (it is empty)\n", P);
                bad = 1;
            }
            break;
        case O_NOPNG: tb->no_png = 1; break;
        case O_MEM: tb->mem_preset = optarg; break;
        case O_CORE: bad |= cli_double(P, "--core-mhz", optarg, CORE_MHZ_MIN, CORE_MHZ_MAX, &tb->core_mhz) != 0; break;
        case O_SCK: bad |= cli_double(P, "--sck-mhz", optarg, SCK_MHZ_MIN, SCK_MHZ_MAX, &tb->sck_mhz) != 0; break;
        case O_IGNFULL: tb->ignore_full = 1; break;
        case O_TIMEOUT: bad |= cli_uint(P, "--timeout", optarg, 1, TIMEOUT_MAX, &tb->timeout_cycles) != 0; break;
        case O_TRACE:
            tb->trace = optarg;
            if (!*optarg) {
                fprintf(stderr, "%s: --trace needs a file name (it is empty)\n", P);
                bad = 1;
            }
            break;
        case O_TFROM:
            tb->trace_window_given = 1;
            bad |= cli_uint(P, "--trace-from", optarg, 0, UINT64_MAX / 2, &tb->trace_from) != 0;
            break;
        case O_TTO:
            tb->trace_window_given = 1;
            bad |= cli_uint(P, "--trace-to", optarg, 0, UINT64_MAX / 2, &tb->trace_to) != 0;
            break;
        case O_LIST:
            for (unsigned i = 0; i < g_nscenes; i++) {
                printf("%-14s %s\n", g_scenes[i].name, g_scenes[i].desc);
            }
            return EXIT_MATCH;
        case O_QUIET: tb->quiet = 1; break;
        case O_RESET: bad |= cli_uint(P, "--reset-after", optarg, 1, UINT32_MAX, &tb->reset_after) != 0; break;
        case O_CORRUPT:
            tb->corrupt = 1;
            bad |= cli_uint(P, "--corrupt-rtl", optarg, 0, (32u << 20) - 4, &tb->corrupt_addr) != 0;
            break;
        case 'F': tb->fcov = optarg; break;
        case O_DISPLAY: tb->display = 1; break;
        case O_PIX:
            tb->display = 1;
            bad |= cli_double(P, "--pix-mhz", optarg, PIX_MHZ_MIN, PIX_MHZ_MAX, &tb->pix_mhz) != 0;
            break;
        case O_DFRAMES: {
            uint64_t n = 0;
            bad |= cli_uint(P, "--display-frames", optarg, 0, DISPLAY_FRAMES_MAX, &n) != 0;
            tb->display_frames = (unsigned)n;
            break;
        }
        case O_DPNG: tb->display_png = 1; break;
        case O_NOCG: tb->no_clock_gate = 1; break;
        case O_DCORRUPT: {
            uint64_t f = 0;
            bad |= cli_uint(P, "--corrupt-display", optarg, 0, DISPLAY_FRAMES_MAX, &f) != 0;
            tb->corrupt_frame = (int)f + 1;
            tb->display = 1;
            break;
        }
        case O_HELP:
        case 'h': usage(stdout, P); return EXIT_MATCH;
        default:
            fprintf(stderr, "%s: unknown option or missing value: %s (--help lists the options)\n", P,
                    argv[optind - 1]);
            bad = 1;
            break;
        }
    }
    /* the only positional argument is Verilator's X seed */
    for (int i = optind; i < argc; i++) {
        const char *pre = "+verilator+seed+";
        if (!strncmp(argv[i], pre, strlen(pre))) {
            bad |= cli_uint(P, "+verilator+seed+", argv[i] + strlen(pre), 1, SEED_MAX, &tb->xseed) != 0;
        } else {
            fprintf(stderr, "%s: unexpected argument '%s' (options start with --; the only other argument is "
                            "+verilator+seed+N)\n", P, argv[i]);
            bad = 1;
        }
    }
    if (bad) {
        return EXIT_USAGE;
    }
    if (tb->scene && tb->replay) {
        fprintf(stderr, "%s: give either --scene or --replay, not both\n", P);
        return EXIT_USAGE;
    }
    if (!tb->scene && !tb->replay) {
        fprintf(stderr, "%s: give --scene NAME or --replay FILE (--list shows the scenes, --help the options)\n", P);
        return EXIT_USAGE;
    }
    if (tb->sck_mhz > tb->core_mhz * SCK_PER_CORE_MAX) {
        fprintf(stderr,
                "%s: SCK %g MHz is more than %g x the core clock %g MHz: the host's CMD_FULL flow control does not "
                "hold at that ratio (docs/debugging.md); raise --core-mhz or lower --sck-mhz\n",
                P, tb->sck_mhz, SCK_PER_CORE_MAX, tb->core_mhz);
        return EXIT_USAGE;
    }
    if (tb->trace_from > tb->trace_to) {
        fprintf(stderr, "%s: --trace-from %" PRIu64 " is after --trace-to %" PRIu64 ": the window is empty\n", P,
                tb->trace_from, tb->trace_to);
        return EXIT_USAGE;
    }
    if (tb->trace_window_given && !tb->trace) {
        fprintf(stderr, "%s: --trace-from/--trace-to need --trace FILE\n", P);
        return EXIT_USAGE;
    }
    if (tb->trace && !vgpu_trace_capable()) {
        fprintf(stderr, "%s: this build cannot write waveforms: run %s_trace with the same options\n", P, P);
        return EXIT_USAGE;
    }
    if (tb->trace && !tb->use_rtl) {
        fprintf(stderr, "%s: --trace needs the RTL backend (--backend both or rtl)\n", P);
        return EXIT_USAGE;
    }
    if (tb->trace) {
        FILE *f = fopen(tb->trace, "wb");
        if (!f) {
            fprintf(stderr, "%s: cannot write the waveform file %s: %s\n", P, tb->trace, strerror(errno));
            return EXIT_USAGE;
        }
        fclose(f);
    }
    return -1;
}

int main(int argc, char **argv)
{
    tb_t tb;
    memset(&tb, 0, sizeof(tb));
    /* line-buffered even into a pipe: a run that is killed still shows how far it got */
    setvbuf(stdout, NULL, _IOLBF, 0);
    tb.prog = cli_basename(argv[0]);
    tb.argc = argc;
    tb.argv = argv;
    tb.use_model = tb.use_rtl = 1;
    tb.seed = 1;
    tb.core_mhz = 100.0;
    tb.sck_mhz = 25.0;
    tb.pix_mhz = 25.175;
    tb.display_frames = 1;
    tb.mem_preset = NULL;
    tb.trace_to = UINT64_MAX / 2;
    tb.timeout_cycles = 50000000ull;
    int prc = parse_args(&tb, argc, argv);
    if (prc >= 0) {
        return prc;
    }
    if (!tb.xseed) {
        tb.xseed = tb.seed;
    }
    const scene_t *sc = NULL;
    if (tb.scene) {
        sc = scene_find(tb.scene);
        if (!sc) {
            fprintf(stderr, "%s: unknown scene '%s' (--list shows them)\n", tb.prog, tb.scene);
            return EXIT_USAGE;
        }
    }
    FILE *replay = NULL;
    if (tb.replay) {
        struct stat st;
        const char *why = NULL;
        if (stat(tb.replay, &st) != 0) {
            why = strerror(errno);
        } else if (!S_ISREG(st.st_mode)) {
            why = "not a regular file";
        } else if (!(replay = fopen(tb.replay, "r"))) {
            why = strerror(errno);
        }
        if (why) {
            fprintf(stderr, "%s: cannot replay %s: %s\n", tb.prog, tb.replay, why);
            return EXIT_USAGE;
        }
    }
    const char *name = sc ? sc->name : "replay";
    char outdir[512];
    snprintf(outdir, sizeof(outdir), "%s", tb.out ? tb.out : "");
    if (!tb.out) {
        snprintf(outdir, sizeof(outdir), "out/%s", name);
    }

    tb.wc_model = calloc(MEM_WORDS, sizeof(uint32_t));
    tb.wc_rtl = calloc(MEM_WORDS, sizeof(uint32_t));
    tb.prim_model = calloc(MEM_WORDS, sizeof(uint16_t));
    tb.prim_rtl = calloc(MEM_WORDS, sizeof(uint16_t));
    tb.cyc_rtl = calloc(MEM_WORDS, sizeof(uint64_t));
    if (!tb.wc_model || !tb.wc_rtl || !tb.prim_model || !tb.prim_rtl || !tb.cyc_rtl) {
        fprintf(stderr, "%s: out of memory\n", tb.prog);
        return EXIT_USAGE;
    }

    gpu_transport_t tm = {0}, tr = {0}, t;
    if (tb.use_model) {
        tb.model = gpu_model_new();
        gpu_model_set_event_fn(tb.model, model_event, &tb);
        tm = gpu_transport_model(tb.model);
        (void)gpu_model_set_shader_cores(tb.model, vgpu_shader_cores()); /* 0..16 by construction */
        gpu_model_set_simt_cluster(tb.model, vgpu_simt_cluster());
        gpu_model_set_cmd_processor(tb.model, vgpu_cmd_proc());
    }
    uint64_t core_ps = (uint64_t)(1e6 / tb.core_mhz + 0.5);
    if (tb.use_rtl) {
        uint64_t pix_ps = tb.display ? (uint64_t)(1e6 / tb.pix_mhz + 0.5) : 0;
        vgpu_cfg_t vc = {core_ps, (uint32_t)tb.xseed, tb.trace, tb.trace_from, tb.trace_to, tb.mem_preset, pix_ps,
                         tb.no_clock_gate};
        tb.v = vgpu_new(&vc);
        if (!tb.v) {
            return EXIT_USAGE;
        }
        char mems[64];
        snprintf(mems, sizeof(mems), "%s", vgpu_build_mems()); /* the first is the default */
        if (!tb.quiet) {
            printf("verilator seed %u (+verilator+seed+%u), core %.3f MHz, SCK %.3f MHz, memory %s\n",
                   (unsigned)tb.xseed, (unsigned)tb.xseed, tb.core_mhz, tb.sck_mhz,
                   tb.mem_preset ? tb.mem_preset : strtok(mems, ","));
        }
        vgpu_set_write_fn(tb.v, rtl_write, &tb);
        vgpu_set_mon_fn(tb.v, rtl_mon, &tb);
        if (tb.display) {
            if (!tb.no_png && make_dirs(outdir) != 0) {
                fprintf(stderr, "%s: cannot create the picture directory %s: %s\n", tb.prog, outdir, strerror(errno));
                return EXIT_OUTPUT;
            }
            tb.disp = disp_check_new(tb.no_png ? NULL : outdir, tb.display_png, tb.quiet, disp_mismatch, &tb);
            tb.disp_rgb = malloc(640u * 480u * 3u);
            if (!tb.disp || !tb.disp_rgb) {
                fprintf(stderr, "%s: out of memory\n", tb.prog);
                return EXIT_USAGE;
            }
            if (tb.corrupt_frame) {
                disp_check_corrupt(tb.disp, (unsigned)tb.corrupt_frame - 1u);
            }
            vgpu_set_frame_fn(tb.v, rtl_frame, &tb);
            vgpu_set_pix_fn(tb.v, rtl_pix, &tb);
            if (!tb.quiet) {
                printf("display: pixel clock %.3f MHz, frames compared at the DVI output\n", tb.pix_mhz);
            }
        }
        if (tb.model) {
            (void)gpu_model_set_ds_entries(tb.model, vgpu_ds_entries()); /* 1..GPU_DS_N by construction */
        }
        if (!tb.quiet && vgpu_ds_entries() != GPU_DS_N) {
            printf("draw-state entries: %u of %u (test build)\n", vgpu_ds_entries(), (unsigned)GPU_DS_N);
        }
        if (!tb.quiet && !vgpu_simt_cluster()) {
            printf("SIMT cluster: none in this build (SimtCluster 0; the model is told the same)\n");
        }
        if (!tb.quiet && !vgpu_cmd_proc()) {
            printf("command processor: none in this build (CmdProc 0; the model is told the same)\n");
        }
        tb.lockstep = tb.use_model && vgpu_has_monitor();
        if (tb.use_model && !vgpu_has_monitor() && !tb.quiet) {
            printf("gate-level netlist build: no fragment lockstep; the memory compare decides\n");
        }
        /* offset the SPI edges from the core edges */
        vgpu_run_ps(tb.v, core_ps / 4 + 1);
        vgpu_reset(tb.v, 8);
        spi_bfm_init(&tb.bfm, tb.v, (uint64_t)(1e6 / tb.sck_mhz + 0.5), core_ps);
        tb.bfm.ignore_full = tb.ignore_full;
        tb.bfm.full_timeout_ps = tb.timeout_cycles * core_ps;
        gpu_transport_t x = {rtl_tr_write, rtl_tr_read, NULL, &tb, "rtl", rtl_tr_wait_vsync};
        tr = x;
        if (tb.use_model) {
            tm.wait_vsync = model_follows_vsync;
        }
    }
    if (tb.use_model && tb.use_rtl) {
        t = gpu_transport_tee(tm, tr);
    } else {
        t = tb.use_model ? tm : tr;
    }
    tb.inner = t;
    gpu_transport_t obs = {obs_write, obs_read, obs_close, &tb, "observer", obs_wait_vsync};
    t = obs;
    FILE *rec = NULL;
    if (tb.record) {
        rec = fopen(tb.record, "w");
        if (!rec) {
            fprintf(stderr, "%s: cannot write %s: %s\n", tb.prog, tb.record, strerror(errno));
            return EXIT_USAGE;
        }
        t = gpu_transport_recorder(t, rec);
    }
    gpu_dev_t *dev = gpu_dev_open(t);
    gpu_select(dev);

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int fail = 0, out_err = 0;
    scene_ctx_t sctx;
    memset(&sctx, 0, sizeof(sctx));
    sctx.seed = tb.seed;
    sctx.rng = tb.seed * 0x9E3779B97F4A7C15ull + 1;
    sctx.count = tb.count;
    sctx.tb = &tb;
    sctx.mem_load = mem_load;
    if (!tb.quiet) {
        if (sc) {
            printf("scene %s, seed %" PRIu64 " (re-run: --scene %s --seed %" PRIu64, name, tb.seed, name, tb.seed);
            if (tb.count) {
                printf(" --count %u", tb.count);
            }
            if (tb.xseed != tb.seed) {
                printf(" +verilator+seed+%" PRIu64, tb.xseed);
            }
            printf(")\n");
        } else {
            printf("replay of %s (re-run: --replay %s +verilator+seed+%" PRIu64 ")\n", tb.replay, tb.replay, tb.xseed);
        }
    }
    if (sc) {
        sc->run(&sctx);
    } else {
        unsigned badl = 0;
        int rc = gpu_replay(dev, replay, 1, &badl);
        fclose(replay);
        if (rc == GPU_EFORMAT) {
            if (badl == 0) {
                fprintf(stderr, "%s: %s holds no transaction (lines: W aa vvvvvvvvvvvvvvvv, R aa [vvvvvvvvvvvvvvvv] or V)\n",
                        tb.prog, tb.replay);
            } else {
                fprintf(stderr,
                        "%s: %s:%u: not a transaction line: want W aa vvvvvvvvvvvvvvvv, R aa [vvvvvvvvvvvvvvvv] or V "
                        "(2 and 16 hex digits, address <= 7F, at most %d characters), '#' comments\n",
                        tb.prog, tb.replay, badl, GPU_REPLAY_LINE_MAX);
            }
            return EXIT_USAGE;
        }
        if (rc == GPU_EIO && !tb.hang) {
            fprintf(stderr, "%s: cannot read %s: %s\n", tb.prog, tb.replay, strerror(errno));
            return EXIT_USAGE;
        }
        if (rc != GPU_OK) {
            fail = 1;
        }
    }
    if (tb.use_rtl && !tb.hang && rtl_wait_idle(&tb, "waiting for the GPU to finish at the end of the scene") != GPU_OK) {
        fail = 1;
    }
    if (tb.disp && !tb.hang && !fail) {
        /* the frame the last boundary started is shown to its end and compared */
        uint64_t start = vgpu_cycles(tb.v);
        while (disp_check_frames(tb.disp) < tb.boundaries && vgpu_cycles(tb.v) - start < 4000000u) {
            vgpu_run_cycles(tb.v, 1024);
        }
    }
    if (tb.reset_after && !tb.reset_done && !tb.hang) {
        fprintf(stderr, "%s: --reset-after %" PRIu64 ": the scene made only %" PRIu64 " host writes\n", tb.prog,
                tb.reset_after, tb.nwrites);
        return EXIT_USAGE;
    }
    fail |= tb.reset_bad;
    if (tb.lockstep && !tb.hang) {
        lockstep_finish(&tb);
    }
    fail |= tb.lock_failed;
    if (gpu_dev_status(dev) == GPU_EMISMATCH) {
        printf("MISMATCH: a register read differed between model and RTL (see above)\n");
        fail = 1;
    }
    int rec_failed = rec && gpu_dev_status(dev) == GPU_EIO && !tb.hang;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;

    if (tb.v) {
        uint64_t ecyc = 0;
        unsigned nerr = vgpu_errors(tb.v, &ecyc);
        if (nerr) {
            printf("RTL CHECKS: %u $error reports (stream contract or assertion, printed above), the first at core "
                   "cycle %" PRIu64 "\n", nerr, ecyc);
            print_wave_cmd(&tb, argc, argv, ecyc > 2000 ? ecyc - 2000 : 0, ecyc + 200);
            fail = 1;
        }
    }
    if (tb.disp && !tb.hang) {
        unsigned under = vgpu_disp_underflows(tb.v);
        printf("display: %u underflows, lowest pixel FIFO level %u of 512 in active video\n", under,
               vgpu_disp_level_min(tb.v));
        if (under) {
            printf("DISPLAY UNDERFLOW: the pixel FIFO ran dry %u times (scanout must keep up at any load)\n", under);
            fail = 1;
        }
        unsigned wmin = 0, wmax = 0;
        vgpu_vsync_widths(tb.v, &wmin, &wmax);
        if (wmin != 2 || wmax != 2) {
            printf("DISPLAY: VSYNC pin pulses of %u..%u core cycles, want 2 (docs/spec-decisions.md \"Display path\")\n",
                   wmin, wmax);
            fail = 1;
        }
        fail |= disp_check_finish(tb.disp, tb.use_model ? tb.display_frames : 0) != 0;
    }
    if (tb.v && !tb.hang) {
        uint64_t viol = vgpu_mem_finish(tb.v);
        if (viol) {
            printf("MEMORY TIMING: %" PRIu64 " SDRAM timing violations (see the messages above)\n", viol);
            fail = 1;
        }
        tb.rtl_img = malloc(32u << 20);
        if (!tb.rtl_img) {
            fprintf(stderr, "%s: out of memory\n", tb.prog);
            return EXIT_USAGE;
        }
        vgpu_mem_image(tb.v, tb.rtl_img);
        if (tb.corrupt) {
            tb.rtl_img[tb.corrupt_addr & ~3ull] ^= 1;
        }
    }
    uint32_t fb = 0, zb = 0;
    if (tb.model) {
        fb = (uint32_t)gpu_model_read(tb.model, REG_FB_DRAW) & 0xFFFFF000u & ((32u << 20) - 1);
        zb = (uint32_t)gpu_model_read(tb.model, REG_FB_ZBUFFER) & 0x1FFF000u;
    } else {
        fb = tb.bufs.nfb ? tb.bufs.fb[tb.bufs.nfb - 1] : 0;
    }
    int png_dir_ok = 1;
    if (!tb.no_png && !tb.hang && make_dirs(outdir) != 0) {
        fprintf(stderr, "%s: cannot create the picture directory %s: %s\n", tb.prog, outdir, strerror(errno));
        png_dir_ok = 0;
        out_err = 1;
    }
    if (!tb.hang && tb.model && tb.v) {
        fail |= compare(&tb, fb, zb, argc, argv, !tb.no_png && png_dir_ok ? outdir : NULL, &out_err);
    }
    if (sc && sc->check && !tb.hang && !tb.reset_done) { /* a reset cuts the scene short of its check */
        scene_obs_t obsv[2] = {{"reference", tb.wc_model, tb.model_dropped, tb.ztests, tb.zpasses,
                                tb.model ? gpu_model_mem(tb.model) : NULL},
                               {"rtl", tb.wc_rtl, (uint32_t)-1, NULL, NULL, tb.rtl_img}};
        for (int i = 0; i < 2; i++) {
            if ((i == 0 && !tb.model) || (i == 1 && !tb.v)) {
                continue;
            }
            if (sc->check(&sctx, &obsv[i]) != 0) {
                printf("CHECK FAILED: %s\n", sctx.msg);
                fail = 1;
            }
        }
    }
    if (!tb.no_png && !tb.hang && png_dir_ok) {
        if (write_pngs(&tb, outdir, "", fb, BUF_FB) != 0) {
            out_err = 1;
        }
    }
    if (tb.model && !tb.quiet) {
        int any = 0;
        for (int f = 0; f < 8; f++) {
            if (tb.ztests[f]) {
                printf("%s%s %" PRIu64 "/%" PRIu64, any ? ", " : "depth tests passed per Z function: ", gpu_zfunc_name((unsigned)f),
                       tb.zpasses[f], tb.ztests[f]);
                any = 1;
            }
        }
        if (any) {
            printf("\n");
        }
        gpu_model_stats_t st;
        gpu_model_stats(tb.model, &st);
        printf("model: %u triangles submitted, %u drawn, %u dropped, %" PRIu64 " fragments, %" PRIu64 " pixels written\n",
               st.tris_submitted, st.tris_drawn, st.tris_dropped, st.fragments, st.pixels_written);
    }
    uint64_t cyc = 0;
    if (tb.v) {
        cyc = vgpu_cycles(tb.v);
        printf("rtl: %" PRIu64 " core cycles (%.3f ms simulated), %" PRIu64 " SPI frames, %" PRIu64
               " memory requests, %.2f s wall, %.0f simulated cycles/s\n",
               cyc, (double)cyc * (double)core_ps * 1e-9, tb.bfm.frames, vgpu_mem_requests(tb.v), wall,
               wall > 0 ? (double)cyc / wall : 0.0);
    }

    gpu_dev_close(dev);
    if (rec) {
        int werr = ferror(rec);
        if (fclose(rec) != 0 || werr || rec_failed) {
            fprintf(stderr, "%s: the recording %s could not be written (%s): it is incomplete\n", tb.prog, tb.record,
                    strerror(errno ? errno : EIO));
            out_err = 1;
        }
    }
    if (tb.v) {
        vgpu_free(tb.v);
    }
    if (tb.trace) {
        if (cyc < tb.trace_from) {
            fprintf(stderr,
                    "%s: the waveform window starts at core cycle %" PRIu64 " but the run ended at core cycle %" PRIu64
                    ": %s holds no signal values\n",
                    tb.prog, tb.trace_from, cyc, tb.trace);
            out_err = 1;
        } else if (!tb.quiet) {
            printf("waveform: %s, core cycles %" PRIu64 "..%" PRIu64 "\n", tb.trace, tb.trace_from,
                   tb.trace_to < cyc ? tb.trace_to : cyc);
        }
    }
    if (tb.fcov && gpu_model_fcov_write(tb.fcov) != 0) {
        fprintf(stderr, "%s: cannot write the coverage bins to %s: %s\n", tb.prog, tb.fcov, strerror(errno));
        out_err = 1;
    }
    if (tb.need_display) {
        printf("ERROR: the scene waits for VSYNC: run it with --display\n");
        return EXIT_USAGE;
    }
    const char *res = tb.hang ? "HANG" : (fail ? "FAIL" : (out_err ? "ERROR" : "PASS"));
    if (sc) {
        printf("%s: scene %s seed %" PRIu64 "\n", res, name, tb.seed);
    } else {
        printf("%s: replay %s\n", res, tb.replay);
    }
    free(tb.rtl_img);
    disp_check_free(tb.disp);
    free(tb.disp_rgb);
    gpu_model_free(tb.model);
    free(tb.wc_model);
    free(tb.wc_rtl);
    free(tb.prim_model);
    free(tb.prim_rtl);
    free(tb.cyc_rtl);
    for (int st = 0; st < LS_N; st++) {
        free(tb.lq[st].buf);
    }
    return tb.hang ? EXIT_HANG : (fail ? EXIT_FAIL : (out_err ? EXIT_OUTPUT : EXIT_MATCH));
}
