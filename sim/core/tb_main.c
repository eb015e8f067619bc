/* tgpu_tb: runs a scene (a C program on the driver, or a recorded stream) on the RTL and the
 * reference model in lockstep, compares all of memory word for word, reports the first
 * mismatch with its pixel, values and primitives, and writes reference/RTL/diff PNGs.
 * Run with --help for the options. */
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

#define MEM_WORDS ((32u << 20) / 4)

typedef struct {
    /* options */
    const char *scene, *replay, *record, *out, *trace, *mem_preset;
    int use_model, use_rtl, no_png, quiet, ignore_full;
    uint64_t seed;
    unsigned count;
    double core_mhz, sck_mhz;
    uint64_t trace_from, trace_to, timeout_cycles;
    /* backends */
    gpu_model_t *model;
    vgpu_t *v;
    uint8_t *rtl_img;   /* RTL memory image at the end of the run */
    spi_bfm_t bfm;
    /* observation: per-word write counts, last writer primitive, last RTL write cycle */
    uint8_t *wc_model, *wc_rtl;
    uint16_t *prim_model, *prim_rtl;
    uint32_t *cyc_rtl;
    uint32_t model_dropped;
    int hang;
} tb_t;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: tgpu_tb [options]\n"
            "  --scene NAME        run a built-in scene (--list shows them)\n"
            "  --replay FILE       run a recorded transaction stream instead\n"
            "  --record FILE       record the scene's transaction stream to FILE\n"
            "  --backend B         both (default) | rtl | model\n"
            "  --seed N            seed for random scenes and for Verilator X randomisation (default 1)\n"
            "  --count N           scene size knob (triangles, repetitions), 0 = scene default\n"
            "  --out DIR           where PNGs go (default out/<scene>)\n"
            "  --no-png            skip PNG output\n"
            "  --mem P             memory: ideal (default) | sdr16 (origin SDRAM bandwidth/latency);\n"
            "                      the _sdram build: sdram (sdram_ctrl + timing-checked device model)\n"
            "  --core-mhz F        core clock (default 100)\n"
            "  --sck-mhz F         SPI clock (default 25)\n"
            "  --ignore-full       do not wait for CMD_FULL before writes (overflow tests)\n"
            "  --timeout N         fail if the GPU is still busy after N core cycles (default 50000000)\n"
            "  --trace FILE        write an FST waveform (needs the _trace build) for the window\n"
            "  --trace-from C      first core cycle to dump (default 0)\n"
            "  --trace-to C        last core cycle to dump (default: end)\n"
            "  --list              list scenes\n"
            "  --quiet             only the result line\n"
            "exit status: 0 match, 1 mismatch or check failure, 2 usage error, 3 hang\n");
}

/* ---------------------------------------------------------------- monitors */

static void note_write(uint8_t *wc, uint16_t *prim, uint32_t addr, uint16_t p)
{
    uint32_t w = (addr >> 2) & (MEM_WORDS - 1);
    if (wc[w] != 255) {
        wc[w]++;
    }
    prim[w] = p;
}

static void model_event(void *ctx, const gpu_event_t *ev)
{
    tb_t *tb = ctx;
    if (ev->kind == GPU_EV_MEM_WRITE) {
        note_write(tb->wc_model, tb->prim_model, ev->addr, ev->prim);
    } else if (ev->kind == GPU_EV_TRI_DROPPED) {
        tb->model_dropped++;
    }
}

static void rtl_write(void *ctx, uint64_t cycle, const vgpu_write_t *wr)
{
    tb_t *tb = ctx;
    note_write(tb->wc_rtl, tb->prim_rtl, wr->addr, (uint16_t)wr->prim);
    tb->cyc_rtl[(wr->addr >> 2) & (MEM_WORDS - 1)] = (uint32_t)cycle;
}

/* ---------------------------------------------------------------- RTL transport */

static int rtl_wait_idle(tb_t *tb)
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
        if (vgpu_cycles(tb->v) - start > tb->timeout_cycles) {
            fprintf(stderr, "HANG: GPU still busy after %" PRIu64 " cycles (cmd_empty=%d busy=%d) at cycle %" PRIu64 "\n",
                    tb->timeout_cycles, vgpu_cmd_empty(tb->v), vgpu_busy(tb->v), vgpu_cycles(tb->v));
            tb->hang = 1;
            return GPU_EIO;
        }
    }
    return GPU_OK;
}

static int rtl_tr_write(void *ctx, uint8_t addr, uint64_t value)
{
    tb_t *tb = ctx;
    if (tb->hang) {
        return GPU_EIO;
    }
    spi_bfm_write(&tb->bfm, addr, value);
    return GPU_OK;
}

/* The RTL transport reads only when the command FIFO is empty and the GPU idle, as INT-010
 * asks of hosts ("only read STATUS when CMD_EMPTY"), so reads see the state the model sees. */
static int rtl_tr_read(void *ctx, uint8_t addr, uint64_t *value)
{
    tb_t *tb = ctx;
    if (tb->hang || rtl_wait_idle(tb) != GPU_OK) {
        *value = 0;
        return GPU_EIO;
    }
    *value = spi_bfm_read(&tb->bfm, addr);
    return GPU_OK;
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

static void describe(uint32_t addr, uint32_t fb, uint32_t zb, char *buf, size_t n)
{
    const uint32_t fb_bytes = 640u * 480u * 4u;
    if (addr >= fb && addr < fb + fb_bytes) {
        uint32_t p = (addr - fb) / 4;
        snprintf(buf, n, "framebuffer pixel (%u, %u)", p % 640, p / 640);
    } else if (addr >= zb && addr < zb + fb_bytes) {
        uint32_t p = (addr - zb) / 4;
        snprintf(buf, n, "Z-buffer pixel (%u, %u)", p % 640, p / 640);
    } else {
        snprintf(buf, n, "memory word");
    }
}

static int write_pngs(tb_t *tb, const char *dir, uint32_t fb)
{
    uint8_t *img[3];
    for (int i = 0; i < 3; i++) {
        img[i] = calloc(640 * 480 * 3, 1);
    }
    const uint8_t *mm = tb->model ? gpu_model_mem(tb->model) : NULL;
    const uint8_t *mr = tb->rtl_img;
    unsigned diffs = 0;
    for (uint32_t p = 0; p < 640 * 480; p++) {
        uint32_t a = (fb + p * 4) & ((32u << 20) - 1);
        uint8_t cm[3] = {0, 0, 0}, cr[3] = {0, 0, 0};
        if (mm) {
            png_rgb565_to_rgb((uint16_t)rd32(mm, a), cm);
        }
        if (mr) {
            png_rgb565_to_rgb((uint16_t)rd32(mr, a), cr);
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
    int rc = 0;
    const char *names[3] = {"reference.png", "rtl.png", "diff.png"};
    for (int i = 0; i < 3; i++) {
        if ((i == 0 && !mm) || (i == 1 && !mr) || (i == 2 && !(mm && mr))) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        if (png_write_rgb(path, 640, 480, img[i]) != 0) {
            fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno));
            rc = -1;
        }
    }
    if (!tb->quiet) {
        printf("pictures: %s/{reference,rtl,diff}.png (%u differing pixels)\n", dir, diffs);
    }
    for (int i = 0; i < 3; i++) {
        free(img[i]);
    }
    return rc;
}

static int compare(tb_t *tb, uint32_t fb, uint32_t zb, const char *argv0)
{
    const uint8_t *mm = gpu_model_mem(tb->model);
    const uint8_t *mr = tb->rtl_img;
    if (!memcmp(mm, mr, 32u << 20)) {
        return 0;
    }
    uint32_t first = 0, n = 0;
    for (uint32_t a = 0; a < (32u << 20); a += 4) {
        if (rd32(mm, a) != rd32(mr, a)) {
            if (!n) {
                first = a;
            }
            n++;
        }
    }
    uint32_t w = first / 4;
    char what[96];
    describe(first, fb, zb, what, sizeof(what));
    printf("MISMATCH: %u memory words differ; first at 0x%07X, %s\n", n, first, what);
    printf("  reference 0x%08X  (written %u times, last by triangle %u)\n", rd32(mm, first), tb->wc_model[w],
           tb->prim_model[w]);
    printf("  rtl       0x%08X  (written %u times, last by triangle %u at core cycle %u)\n", rd32(mr, first),
           tb->wc_rtl[w], tb->prim_rtl[w], tb->cyc_rtl[w]);
    uint64_t c = tb->wc_rtl[w] ? tb->cyc_rtl[w] : 0;
    printf("  waveform: %s_trace <same options> --trace mismatch.fst --trace-from %" PRIu64 " --trace-to %" PRIu64 "\n",
           argv0, c > 2000 ? c - 2000 : 0, c + 200);
    return 1;
}

/* ---------------------------------------------------------------- main */

int main(int argc, char **argv)
{
    tb_t tb;
    memset(&tb, 0, sizeof(tb));
    tb.use_model = tb.use_rtl = 1;
    tb.seed = 1;
    tb.core_mhz = 100.0;
    tb.sck_mhz = 25.0;
    tb.mem_preset = NULL;
    tb.trace_to = UINT64_MAX;
    tb.timeout_cycles = 50000000ull;
    enum { O_SCENE = 256, O_REPLAY, O_RECORD, O_BACKEND, O_SEED, O_COUNT, O_OUT, O_NOPNG, O_MEM, O_CORE, O_SCK,
           O_IGNFULL, O_TIMEOUT, O_TRACE, O_TFROM, O_TTO, O_LIST, O_QUIET, O_HELP };
    static const struct option opts[] = {
        {"scene", 1, 0, O_SCENE}, {"replay", 1, 0, O_REPLAY}, {"record", 1, 0, O_RECORD}, {"backend", 1, 0, O_BACKEND},
        {"seed", 1, 0, O_SEED}, {"count", 1, 0, O_COUNT}, {"out", 1, 0, O_OUT}, {"no-png", 0, 0, O_NOPNG},
        {"mem", 1, 0, O_MEM}, {"core-mhz", 1, 0, O_CORE}, {"sck-mhz", 1, 0, O_SCK}, {"ignore-full", 0, 0, O_IGNFULL},
        {"timeout", 1, 0, O_TIMEOUT}, {"trace", 1, 0, O_TRACE}, {"trace-from", 1, 0, O_TFROM},
        {"trace-to", 1, 0, O_TTO}, {"list", 0, 0, O_LIST}, {"quiet", 0, 0, O_QUIET}, {"help", 0, 0, O_HELP},
        {0, 0, 0, 0}};
    int o;
    while ((o = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (o) {
        case O_SCENE: tb.scene = optarg; break;
        case O_REPLAY: tb.replay = optarg; break;
        case O_RECORD: tb.record = optarg; break;
        case O_BACKEND:
            tb.use_model = !strcmp(optarg, "both") || !strcmp(optarg, "model");
            tb.use_rtl = !strcmp(optarg, "both") || !strcmp(optarg, "rtl");
            if (!tb.use_model && !tb.use_rtl) {
                fprintf(stderr, "tgpu_tb: --backend must be both, rtl or model\n");
                return 2;
            }
            break;
        case O_SEED: tb.seed = strtoull(optarg, NULL, 0); break;
        case O_COUNT: tb.count = (unsigned)strtoul(optarg, NULL, 0); break;
        case O_OUT: tb.out = optarg; break;
        case O_NOPNG: tb.no_png = 1; break;
        case O_MEM: tb.mem_preset = optarg; break;
        case O_CORE: tb.core_mhz = atof(optarg); break;
        case O_SCK: tb.sck_mhz = atof(optarg); break;
        case O_IGNFULL: tb.ignore_full = 1; break;
        case O_TIMEOUT: tb.timeout_cycles = strtoull(optarg, NULL, 0); break;
        case O_TRACE: tb.trace = optarg; break;
        case O_TFROM: tb.trace_from = strtoull(optarg, NULL, 0); break;
        case O_TTO: tb.trace_to = strtoull(optarg, NULL, 0); break;
        case O_LIST:
            for (unsigned i = 0; i < g_nscenes; i++) {
                printf("%-14s %s\n", g_scenes[i].name, g_scenes[i].desc);
            }
            return 0;
        case O_QUIET: tb.quiet = 1; break;
        case O_HELP:
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    const scene_t *sc = NULL;
    if (tb.scene) {
        sc = scene_find(tb.scene);
        if (!sc) {
            fprintf(stderr, "tgpu_tb: unknown scene '%s' (try --list)\n", tb.scene);
            return 2;
        }
    } else if (!tb.replay) {
        fprintf(stderr, "tgpu_tb: give --scene NAME or --replay FILE (--help for more)\n");
        return 2;
    }
    if (tb.core_mhz <= 0 || tb.sck_mhz <= 0) {
        fprintf(stderr, "tgpu_tb: clock frequencies must be positive\n");
        return 2;
    }
    const char *name = sc ? sc->name : "replay";
    char outdir[512];
    snprintf(outdir, sizeof(outdir), "%s", tb.out ? tb.out : "");
    if (!tb.out) {
        snprintf(outdir, sizeof(outdir), "out/%s", name);
    }

    tb.wc_model = calloc(MEM_WORDS, 1);
    tb.wc_rtl = calloc(MEM_WORDS, 1);
    tb.prim_model = calloc(MEM_WORDS, 2);
    tb.prim_rtl = calloc(MEM_WORDS, 2);
    tb.cyc_rtl = calloc(MEM_WORDS, 4);
    if (!tb.wc_model || !tb.wc_rtl || !tb.prim_model || !tb.prim_rtl || !tb.cyc_rtl) {
        fprintf(stderr, "tgpu_tb: out of memory\n");
        return 2;
    }

    gpu_transport_t tm = {0}, tr = {0}, t;
    if (tb.use_model) {
        tb.model = gpu_model_new();
        gpu_model_set_event_fn(tb.model, model_event, &tb);
        tm = gpu_transport_model(tb.model);
    }
    uint64_t core_ps = (uint64_t)(1e6 / tb.core_mhz + 0.5);
    if (tb.use_rtl) {
        vgpu_cfg_t vc = {core_ps, (uint32_t)tb.seed, tb.trace, tb.trace_from, tb.trace_to, tb.mem_preset};
        tb.v = vgpu_new(&vc);
        if (!tb.v) {
            return 2;
        }
        char mems[64];
        snprintf(mems, sizeof(mems), "%s", vgpu_build_mems()); /* the first is the default */
        if (!tb.quiet) {
            printf("verilator seed %u (+verilator+seed+%u), core %.3f MHz, SCK %.3f MHz, memory %s\n", (unsigned)tb.seed,
                   (unsigned)tb.seed, tb.core_mhz, tb.sck_mhz, tb.mem_preset ? tb.mem_preset : strtok(mems, ","));
        }
        vgpu_set_write_fn(tb.v, rtl_write, &tb);
        /* offset the SPI edges from the core edges */
        vgpu_run_ps(tb.v, core_ps / 4 + 1);
        vgpu_reset(tb.v, 8);
        spi_bfm_init(&tb.bfm, tb.v, (uint64_t)(1e6 / tb.sck_mhz + 0.5), core_ps);
        tb.bfm.ignore_full = tb.ignore_full;
        gpu_transport_t x = {rtl_tr_write, rtl_tr_read, NULL, &tb, "rtl"};
        tr = x;
    }
    if (tb.use_model && tb.use_rtl) {
        t = gpu_transport_tee(tm, tr);
    } else {
        t = tb.use_model ? tm : tr;
    }
    FILE *rec = NULL;
    if (tb.record) {
        rec = fopen(tb.record, "w");
        if (!rec) {
            fprintf(stderr, "tgpu_tb: cannot write %s: %s\n", tb.record, strerror(errno));
            return 2;
        }
        t = gpu_transport_recorder(t, rec);
    }
    gpu_dev_t *dev = gpu_dev_open(t);
    gpu_select(dev);

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int fail = 0;
    scene_ctx_t sctx;
    memset(&sctx, 0, sizeof(sctx));
    sctx.seed = tb.seed;
    sctx.rng = tb.seed * 0x9E3779B97F4A7C15ull + 1;
    sctx.count = tb.count;
    sctx.tb = &tb;
    sctx.mem_load = mem_load;
    if (!tb.quiet) {
        printf("scene %s, seed %" PRIu64 " (replay: --scene %s --seed %" PRIu64 ")\n", name, tb.seed, name, tb.seed);
    }
    if (sc) {
        sc->run(&sctx);
    } else {
        FILE *f = fopen(tb.replay, "r");
        if (!f) {
            fprintf(stderr, "tgpu_tb: cannot read %s: %s\n", tb.replay, strerror(errno));
            return 2;
        }
        unsigned bad = 0;
        int rc = gpu_replay(dev, f, 1, &bad);
        fclose(f);
        if (rc == GPU_EFORMAT) {
            fprintf(stderr, "tgpu_tb: %s:%u: not a transaction line (W aa vvvv... or R aa [vvvv...])\n", tb.replay, bad);
            return 2;
        }
        if (rc != GPU_OK) {
            fail = 1;
        }
    }
    if (tb.use_rtl && !tb.hang && rtl_wait_idle(&tb) != GPU_OK) {
        fail = 1;
    }
    if (gpu_dev_status(dev) == GPU_EMISMATCH) {
        printf("MISMATCH: a register read differed between model and RTL (see above)\n");
        fail = 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;

    if (tb.v && !tb.hang) {
        uint64_t viol = vgpu_mem_finish(tb.v);
        if (viol) {
            printf("MEMORY TIMING: %" PRIu64 " SDRAM timing violations (see the messages above)\n", viol);
            fail = 1;
        }
        tb.rtl_img = malloc(32u << 20);
        if (!tb.rtl_img) {
            fprintf(stderr, "tgpu_tb: out of memory\n");
            return 2;
        }
        vgpu_mem_image(tb.v, tb.rtl_img);
    }
    uint32_t fb = 0, zb = 0;
    if (tb.model) {
        fb = (uint32_t)gpu_model_read(tb.model, REG_FB_DRAW) & ((32u << 20) - 1);
        zb = (uint32_t)gpu_model_read(tb.model, REG_FB_ZBUFFER) & 0x1FFF000u;
    }
    if (!tb.hang && tb.model && tb.v) {
        fail |= compare(&tb, fb, zb, argv[0]);
    }
    if (sc && sc->check && !tb.hang) {
        scene_obs_t obs[2] = {{"reference", tb.wc_model, tb.model_dropped}, {"rtl", tb.wc_rtl, (uint32_t)-1}};
        for (int i = 0; i < 2; i++) {
            if ((i == 0 && !tb.model) || (i == 1 && !tb.v)) {
                continue;
            }
            if (sc->check(&sctx, &obs[i]) != 0) {
                printf("CHECK FAILED: %s\n", sctx.msg);
                fail = 1;
            }
        }
    }
    if (!tb.no_png && !tb.hang) {
        char cmd_dir[600];
        snprintf(cmd_dir, sizeof(cmd_dir), "%s", outdir);
        for (char *p = cmd_dir + 1; *p; p++) {
            if (*p == '/') {
                *p = 0;
                mkdir(cmd_dir, 0777);
                *p = '/';
            }
        }
        mkdir(cmd_dir, 0777);
        if (write_pngs(&tb, outdir, fb) != 0) {
            fail = 1;
        }
    }
    if (tb.model && !tb.quiet) {
        gpu_model_stats_t st;
        gpu_model_stats(tb.model, &st);
        printf("model: %u triangles submitted, %u drawn, %u dropped, %" PRIu64 " fragments, %" PRIu64 " pixels written\n",
               st.tris_submitted, st.tris_drawn, st.tris_dropped, st.fragments, st.pixels_written);
    }
    if (tb.v) {
        uint64_t cyc = vgpu_cycles(tb.v);
        printf("rtl: %" PRIu64 " core cycles (%.3f ms simulated), %" PRIu64 " SPI frames, %" PRIu64
               " memory requests, %.2f s wall, %.0f simulated cycles/s\n",
               cyc, (double)cyc * (double)core_ps * 1e-9, tb.bfm.frames, vgpu_mem_requests(tb.v), wall,
               wall > 0 ? (double)cyc / wall : 0.0);
    }
    const char *res = tb.hang ? "HANG" : (fail ? "FAIL" : "PASS");
    printf("%s: scene %s seed %" PRIu64 "\n", res, name, tb.seed);

    gpu_dev_close(dev);
    if (rec) {
        fclose(rec);
    }
    if (tb.v) {
        vgpu_free(tb.v);
    }
    free(tb.rtl_img);
    gpu_model_free(tb.model);
    free(tb.wc_model);
    free(tb.wc_rtl);
    free(tb.prim_model);
    free(tb.prim_rtl);
    free(tb.cyc_rtl);
    return tb.hang ? 3 : (fail ? 1 : 0);
}
