/* Scenes with shader kernels (seed 000, docs/shader.md "GPU integration"): kernels assembled
 * here, uploaded through MEM_ADDR / MEM_DATA, run with SHD_KERNEL / SHD_LAUNCH between
 * triangles, their results read back through MEM_DATA and SHD_STATUS. They need a GPU with the
 * shader tile (tgpu_tb_shd: RTL and model with four cores); on a build without one the scene
 * reports that instead of passing. Expected values are derived here from the inputs, not from
 * the instruction-set simulator. */
#include "scene.h"

#include "gpu_regs.h"
#include "gpu_cmd.h"
#include "gpu_cmd_defs.h"
#include "shader_asm.h"
#include "shader_gen.h"
#include "shader_isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHD_FB 0x000000u     /* the framebuffer the scene draws (FB_DRAW) */
#define SHD_CODE 0x1000000u  /* kernels, 4 KiB apart */
#define SHD_ARGS 0x1010000u  /* argument blocks, 256 bytes apart */
#define SHD_DATA 0x1020000u  /* the reduction's input */
#define SHD_RES 0x1030000u   /* the reduction's result block */
#define SHD_MIS 0x1040000u   /* the misaligned store's target */
#define SHD_N_MAX 300u

/* what the run saw and the checks compare (one scene run per process) */
static struct {
    unsigned ncores;
    int rx, ry, rw, rh, cx, cy, r;   /* the draw kernel's rectangle and circle */
    unsigned n;
    uint32_t data[SHD_N_MAX];
} g_shd;

/* a reduction over n values that does not depend on the cores' interleaving: sum, signed
 * min / max, xor, and, or by one atomic each, the unsigned maximum by a CAS loop, a 16-bin
 * histogram of value & 15 by one ATOM.ADD per element. Arguments: +0 data, +4 n, +8 R. */
static const char k_reduce[] =
    "        CSRRS   s1, ARG_BASE, s0\n"
    "        LW      s2, 0(s1)\n"
    "        LW      s3, 4(s1)\n"
    "        LW      s4, 8(s1)\n"
    "        CSRRS   s5, CORE_ID, s0\n"
    "        CSRRS   s6, NCORES, s0\n"
    "        MOV     s10, s0\n"
    "        MOVI    s11, 0x7fffffff\n"
    "        MOVI    s12, 0x80000000\n"
    "        MOV     s13, s0\n"
    "        ADDI    s14, s0, -1\n"
    "        MOV     s15, s0\n"
    "        MOV     s16, s0\n"
    "        SHLI    s7, s5, 2\n"
    "        ADD     s7, s7, s2\n"
    "        SHLI    s8, s6, 2\n"
    "loop:   BGEU    s5, s3, publish\n"
    "        LW      s9, (s7)\n"
    "        ADD     s10, s10, s9\n"
    "        MIN     s11, s11, s9\n"
    "        MAX     s12, s12, s9\n"
    "        XOR     s13, s13, s9\n"
    "        AND     s14, s14, s9\n"
    "        OR      s15, s15, s9\n"
    "        BGEU    s16, s9, nou\n"
    "        MOV     s16, s9\n"
    "nou:    ANDI    s17, s9, 15\n"
    "        SHLI    s17, s17, 2\n"
    "        ADD     s17, s17, s4\n"
    "        ADDI    s17, s17, 32\n"
    "        ADDI    s18, s0, 1\n"
    "        ATOM.ADD s0, s18, (s17)\n"
    "        ADD     s5, s5, s6\n"
    "        ADD     s7, s7, s8\n"
    "        J       loop\n"
    "publish: ATOM.ADD s0, s10, (s4)\n"
    "        ADDI    s19, s4, 4\n"
    "        ATOM.MIN s0, s11, (s19)\n"
    "        ADDI    s19, s4, 8\n"
    "        ATOM.MAX s0, s12, (s19)\n"
    "        ADDI    s19, s4, 12\n"
    "        ATOM.XOR s0, s13, (s19)\n"
    "        ADDI    s19, s4, 16\n"
    "        ATOM.AND s0, s14, (s19)\n"
    "        ADDI    s19, s4, 20\n"
    "        ATOM.OR s0, s15, (s19)\n"
    "        ADDI    s19, s4, 24\n"
    "umax:   MEMBAR\n"
    "        LW      s20, (s19)\n"
    "        BGEU    s20, s16, umaxed\n"
    "        MOV     s21, s16\n"
    "        ATOM.CAS s21, s20, (s19)\n"
    "        BNE     s21, s20, umax\n"
    "umaxed: WFI\n";

/* core 2 stores outside the 32 MiB (MEM_RANGE fault); the others end at once */
static const char k_range[] =
    "        CSRRS   s1, CORE_ID, s0\n"
    "        ADDI    s2, s0, 2\n"
    "        BNE     s1, s2, out\n"
    "        LUI     s3, 0x3000\n"
    "        SW      s1, 12(s3)\n"
    "out:    WFI\n";

/* every core stores a word at ARG_BASE + 4 * core + 2 (misaligned: two words each, STATUS
 * MISALIGNED) and a byte at ARG_BASE + 64 + core */
static const char k_misaligned[] =
    "        CSRRS   s1, ARG_BASE, s0\n"
    "        CSRRS   s2, CORE_ID, s0\n"
    "        SHLI    s3, s2, 2\n"
    "        ADD     s3, s3, s1\n"
    "        MOVI    s4, 0xA1B2C3D0\n"
    "        OR      s4, s4, s2\n"
    "        SW      s4, 2(s3)\n"
    "        ADD     s5, s1, s2\n"
    "        ADDI    s6, s2, 0x40\n"
    "        SB      s6, 64(s5)\n"
    "        WFI\n";

static int upload_kernel(scene_ctx_t *c, const char *src, const char *path, uint32_t base)
{
    shd_image_t img;
    memset(&img, 0, sizeof(img));
    int rc = src ? shd_assemble(src, base, &img) : shd_assemble_file(path, base, &img);
    if (rc != 0) {
        snprintf(c->msg, sizeof(c->msg), "cannot assemble %s: %s", src ? "a scene kernel" : path, img.err);
        shd_image_free(&img);
        return -1;
    }
    gpu_write(REG_MEM_ADDR, img.base);
    for (uint32_t i = 0; i < img.size; i += 4) {
        uint32_t w = 0;
        for (uint32_t b = 0; b < 4 && i + b < img.size; b++) {
            w |= (uint32_t)img.bytes[i + b] << (8 * b);
        }
        gpu_write(REG_MEM_DATA, w);
    }
    shd_image_free(&img);
    return 0;
}

static void write_words(uint32_t addr, const uint32_t *w, unsigned n)
{
    gpu_write(REG_MEM_ADDR, addr);
    for (unsigned i = 0; i < n; i++) {
        gpu_write(REG_MEM_DATA, w[i]);
    }
}

static void launch_only(uint32_t entry, uint32_t arg_base, uint32_t tile_offset)
{
    gpu_write(REG_SHD_KERNEL, ((uint64_t)arg_base << 32) | entry);
    gpu_write(REG_SHD_LAUNCH, tile_offset);
}

/* launch, then read SHD_STATUS (a read waits until the GPU is idle: the kernel has ended) */
static uint64_t launch(uint32_t entry, uint32_t arg_base, uint32_t tile_offset)
{
    launch_only(entry, arg_base, tile_offset);
    return gpu_read(REG_SHD_STATUS);
}

static unsigned field(uint64_t v, unsigned shift, uint64_t mask) { return (unsigned)((v >> shift) & mask); }

static void quad(int x0, int y0, int x1, int y1, uint64_t rgba)
{
    gpu_write(REG_COLOR, rgba);
    scene_tri16(x0 * 16, y0 * 16, 0, x1 * 16, y0 * 16, 0, x1 * 16, y1 * 16, 0);
    scene_tri16(x0 * 16, y0 * 16, 0, x1 * 16, y1 * 16, 0, x0 * 16, y1 * 16, 0);
}

/* the tile's cores (SHD_STATUS.NCORES); 0 with the failure message set when the build has none */
static unsigned tile_cores(scene_ctx_t *c)
{
    unsigned n = field(gpu_read(REG_SHD_STATUS), SHD_STATUS_NCORES_SHIFT, SHD_STATUS_NCORES_MASK);
    if (n == 0) {
        snprintf(c->msg, sizeof(c->msg), "this build has no shader tile (SHD_STATUS.NCORES 0): run the scene on tgpu_tb_shd");
    }
    return n;
}

/* SHD_STATUS st reports a fault of this cause on this core at this pc; else the message is set */
static int want_fault(scene_ctx_t *c, const char *what, uint64_t st, unsigned cause, const char *cause_name, unsigned core,
                      uint32_t pc)
{
    if ((st & (1ull << SHD_STATUS_FAULT_SHIFT)) && field(st, SHD_STATUS_CAUSE_SHIFT, SHD_STATUS_CAUSE_MASK) == cause &&
        field(st, SHD_STATUS_FAULT_CORE_SHIFT, SHD_STATUS_FAULT_CORE_MASK) == core &&
        field(st, SHD_STATUS_FAULT_PC_SHIFT, SHD_STATUS_FAULT_PC_MASK) == pc) {
        return 0;
    }
    snprintf(c->msg, sizeof(c->msg), "%s: SHD_STATUS 0x%016llX, want FAULT %s on core %u at 0x%X", what, (unsigned long long)st,
             cause_name, core, pc);
    return -1;
}

/* The start of every shader scene: the scene state cleared, the tile's cores counted (0: the
 * build has no tile, and the scene does nothing), flat undithered unblended drawing into
 * SHD_FB. Returns the number of cores. */
static unsigned shd_begin(scene_ctx_t *c)
{
    memset(&g_shd, 0, sizeof(g_shd));
    g_shd.ncores = tile_cores(c);
    if (g_shd.ncores != 0) {
        gpu_write(REG_FB_DRAW, SHD_FB);
        gpu_write(REG_TRI_MODE, 0);
        gpu_write(REG_DITHER_MODE, 0);
        gpu_write(REG_ALPHA_BLEND, 0);
    }
    return g_shd.ncores;
}

void scene_shader(scene_ctx_t *c)
{
    if (!shd_begin(c)) {
        return;
    }
    uint64_t st;
    /* 1. the background, by triangles */
    quad(0, 0, 640, 480, PACK_RGBA(0, 255, 0, 255));

    /* 2. the draw kernel over part of it (seeded rectangle and circle, partly off-screen) */
    g_shd.rx = scene_rand_range(c, 0, 560);
    g_shd.ry = scene_rand_range(c, 0, 400);
    g_shd.rw = scene_rand_range(c, 16, 200);
    g_shd.rh = scene_rand_range(c, 16, 160);
    g_shd.cx = g_shd.rx + scene_rand_range(c, 0, g_shd.rw);
    g_shd.cy = g_shd.ry + scene_rand_range(c, 0, g_shd.rh);
    g_shd.r = scene_rand_range(c, 2, 60);
    if (upload_kernel(c, NULL, "sw/shader/kernels/draw.s", SHD_CODE) != 0) {
        return;
    }
    const uint32_t dargs[4] = {SHD_FB, (uint32_t)g_shd.rw | (uint32_t)g_shd.rh << 16,
                               (uint32_t)g_shd.cx | (uint32_t)g_shd.cy << 16, (uint32_t)g_shd.r};
    write_words(SHD_ARGS, dargs, 4);
    launch_only(SHD_CODE, SHD_ARGS, (uint32_t)g_shd.rx | (uint32_t)g_shd.ry << 16);
    /* 3. a triangle pair right after the kernel (no read in between, which would wait for the
     * kernel), over the rectangle's top-left 8 x 8 pixels: it must land on top of the kernel's
     * pixels (command order) */
    quad(g_shd.rx, g_shd.ry, g_shd.rx + 8, g_shd.ry + 8, PACK_RGBA(255, 0, 0, 255));
    st = gpu_read(REG_SHD_STATUS);
    if (st & (1ull << SHD_STATUS_FAULT_SHIFT)) {
        snprintf(c->msg, sizeof(c->msg), "draw kernel faulted: SHD_STATUS 0x%016llX", (unsigned long long)st);
        return;
    }

    /* 4. the reduction with atomics and a CAS loop */
    g_shd.n = (unsigned)scene_rand_range(c, 1, SHD_N_MAX);
    for (unsigned i = 0; i < g_shd.n; i++) {
        uint32_t v = scene_rand(c);
        g_shd.data[i] = (i % 7 == 3) ? (v & 0xFFu) : v; /* some small values among the large */
    }
    if (upload_kernel(c, k_reduce, NULL, SHD_CODE + 0x1000u) != 0) {
        return;
    }
    write_words(SHD_DATA, g_shd.data, g_shd.n);
    uint32_t res[24] = {0, 0x7FFFFFFFu, 0x80000000u, 0, 0xFFFFFFFFu, 0, 0, 0};
    write_words(SHD_RES, res, 24);
    const uint32_t rargs[3] = {SHD_DATA, g_shd.n, SHD_RES};
    write_words(SHD_ARGS + 0x100u, rargs, 3);
    st = launch(SHD_CODE + 0x1000u, SHD_ARGS + 0x100u, 0);
    if (st & (1ull << SHD_STATUS_FAULT_SHIFT)) {
        snprintf(c->msg, sizeof(c->msg), "reduce kernel faulted: SHD_STATUS 0x%016llX", (unsigned long long)st);
        return;
    }
    gpu_write(REG_MEM_ADDR, SHD_RES);
    for (unsigned i = 0; i < 24; i++) {
        (void)gpu_read(REG_MEM_DATA);
    }

    /* 5. misaligned stores: split into two words each, STATUS.MISALIGNED reported */
    if (upload_kernel(c, k_misaligned, NULL, SHD_CODE + 0x2000u) != 0) {
        return;
    }
    st = launch(SHD_CODE + 0x2000u, SHD_MIS, 0);
    if ((st & (1ull << SHD_STATUS_FAULT_SHIFT)) || !(st & (1ull << SHD_STATUS_MISALIGNED_SHIFT))) {
        snprintf(c->msg, sizeof(c->msg), "misaligned kernel: SHD_STATUS 0x%016llX, want MISALIGNED and no FAULT",
                 (unsigned long long)st);
        return;
    }

    /* 6. bad kernels: a store outside memory on core 2 only; an entry at a zero word (no
     * instruction: ILLEGAL on every core, core 0 reported) */
    if (upload_kernel(c, k_range, NULL, SHD_CODE + 0x3000u) != 0) {
        return;
    }
    if (want_fault(c, "range kernel", launch(SHD_CODE + 0x3000u, 0, 0), SHD_TRAP_MEM_RANGE, "MEM_RANGE", 2,
                   SHD_CODE + 0x3000u + 16u) != 0 ||
        want_fault(c, "zero-word kernel", launch(SHD_CODE + 0x4000u, 0, 0), SHD_TRAP_ILLEGAL, "ILLEGAL", 0,
                   SHD_CODE + 0x4000u) != 0) { /* nothing was uploaded at SHD_CODE + 0x4000: the word is 0 */
        return;
    }
    /* 7. and the GPU goes on: a triangle after the faults */
    quad(600, 440, 640, 480, PACK_RGBA(0, 0, 255, 255));
    (void)gpu_read(REG_STATUS);
}

static uint16_t word16(const scene_obs_t *o, int x, int y)
{
    const uint8_t *p = o->mem + SHD_FB + ((uint32_t)y * 640u + (uint32_t)x) * 4u;
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t word32(const scene_obs_t *o, uint32_t a)
{
    const uint8_t *p = o->mem + a;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* the draw kernel's pixel (sw/shader/kernels/draw.s, from its header comment) */
static uint16_t draw_pixel(int x, int y)
{
    int dx = x - g_shd.cx, dy = y - g_shd.cy;
    if (dx * dx + dy * dy < g_shd.r * g_shd.r) {
        return 0xFFFF;
    }
    return (uint16_t)((((unsigned)x >> 4) & 31u) << 11 | (((unsigned)y >> 3) & 63u) << 5 | (((unsigned)x ^ (unsigned)y) & 31u));
}

/* every framebuffer pixel against want(x, y, &what); the first that differs is reported */
static int check_fb(scene_ctx_t *c, const scene_obs_t *o, uint16_t (*want)(int x, int y, const char **what))
{
    for (int y = 0; y < 480; y++) {
        for (int x = 0; x < 640; x++) {
            const char *what = "background";
            uint16_t w = want(x, y, &what), got = word16(o, x, y);
            if (got != w) {
                snprintf(c->msg, sizeof(c->msg), "%s: pixel (%d, %d) is 0x%04X, want 0x%04X (%s)", o->backend, x, y, got,
                         w, what);
                return -1;
            }
        }
    }
    return 0;
}

/* scene shader: background, the kernel's rectangle (clipped to the screen), the two quads
 * drawn after kernels */
static uint16_t shader_pixel(int x, int y, const char **what)
{
    uint16_t want = 0x07E0;
    if (x >= g_shd.rx && x < g_shd.rx + g_shd.rw && y >= g_shd.ry && y < g_shd.ry + g_shd.rh) {
        want = draw_pixel(x, y);
        *what = "draw kernel";
    }
    if (x >= g_shd.rx && x < g_shd.rx + 8 && y >= g_shd.ry && y < g_shd.ry + 8) {
        want = 0xF800;
        *what = "triangle after the kernel";
    }
    if (x >= 600 && y >= 440) {
        want = 0x001F;
        *what = "triangle after the faulting kernels";
    }
    return want;
}

int check_shader(scene_ctx_t *c, const scene_obs_t *o)
{
    if (c->msg[0]) {
        return -1;
    }
    if (!o->mem) {
        return 0;
    }
    if (check_fb(c, o, shader_pixel) != 0) {
        return -1;
    }
    /* the reduction */
    uint32_t want[24] = {0, 0x7FFFFFFFu, 0x80000000u, 0, 0xFFFFFFFFu, 0, 0, 0};
    for (unsigned i = 0; i < g_shd.n; i++) {
        uint32_t v = g_shd.data[i];
        want[0] += v;
        if ((int32_t)v < (int32_t)want[1]) {
            want[1] = v;
        }
        if ((int32_t)v > (int32_t)want[2]) {
            want[2] = v;
        }
        want[3] ^= v;
        want[4] &= v;
        want[5] |= v;
        if (v > want[6]) {
            want[6] = v;
        }
        want[8 + (v & 15u)]++;
    }
    static const char *const names[8] = {"sum", "min", "max", "xor", "and", "or", "unsigned max (CAS)", "(untouched)"};
    for (unsigned i = 0; i < 24; i++) {
        uint32_t got = word32(o, SHD_RES + 4u * i);
        if (got != want[i]) {
            char what[32];
            if (i < 8) {
                snprintf(what, sizeof(what), "%s", names[i]);
            } else {
                snprintf(what, sizeof(what), "histogram bin %u", i - 8);
            }
            snprintf(c->msg, sizeof(c->msg), "%s: reduce over %u values: %s is 0x%08X, want 0x%08X", o->backend, g_shd.n,
                     what, got, want[i]);
            return -1;
        }
    }
    /* the misaligned stores: core k's word 0xA1B2C3D0 | k at SHD_MIS + 4k + 2, then its byte
     * 0x40 + k at SHD_MIS + 64 + k */
    uint8_t img[80];
    memset(img, 0, sizeof(img));
    for (unsigned k = 0; k < g_shd.ncores; k++) {
        uint32_t v = 0xA1B2C3D0u | k;
        for (unsigned b = 0; b < 4; b++) {
            img[4 * k + 2 + b] = (uint8_t)(v >> (8 * b));
        }
    }
    for (unsigned k = 0; k < g_shd.ncores; k++) {
        img[64 + k] = (uint8_t)(0x40 + k);
    }
    for (unsigned i = 0; i < sizeof(img); i++) {
        if (o->mem[SHD_MIS + i] != img[i]) {
            snprintf(c->msg, sizeof(c->msg), "%s: misaligned stores: byte 0x%X is 0x%02X, want 0x%02X", o->backend, SHD_MIS + i,
                     o->mem[SHD_MIS + i], img[i]);
            return -1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- random programs */

#define SHD_RND_BASE 0x1100000u   /* program k at SHD_RND_BASE + k * SHD_RND_STRIDE */
#define SHD_RND_STRIDE 0x20000u
#define SHD_RND_MAX 32u

/* Seeded random programs of shader-gen (sw/shader/shader_gen.h: they end, never fault, and
 * leave memory that does not depend on the cores' interleaving) run one after another through
 * the GPU, each at its own place in memory, between triangles that draw into the framebuffer:
 * the memory comparison of RTL and model at the end covers every program's stores and atomics.
 * shader-gen assembles at SHD_GEN_BASE with its argument block at an absolute .org; program k
 * is moved by assembling it at its own base with that .org moved by the same amount (the code
 * is position independent). Images are loaded by the backdoor (both backends). */
void scene_shader_random(scene_ctx_t *c)
{
    unsigned ncores = tile_cores(c);
    if (ncores == 0) {
        return;
    }
    uint64_t st;
    unsigned count = c->count ? c->count : 6;
    if (count > SHD_RND_MAX) {
        count = SHD_RND_MAX;
    }
    gpu_write(REG_FB_DRAW, SHD_FB);
    gpu_write(REG_TRI_MODE, 1);
    gpu_write(REG_DITHER_MODE, 0);
    for (unsigned k = 0; k < count; k++) {
        uint64_t pseed = c->seed * 1000003u + k;
        char *text = NULL;
        if (shd_gen(pseed, ncores, &text) != 0) {
            snprintf(c->msg, sizeof(c->msg), "shd_gen: out of memory");
            return;
        }
        uint32_t base = SHD_RND_BASE + k * SHD_RND_STRIDE;
        char from[32], to[32];
        snprintf(from, sizeof(from), ".org 0x%x", SHD_GEN_BASE + SHD_GEN_ARG_OFF);
        snprintf(to, sizeof(to), ".org 0x%x", base + SHD_GEN_ARG_OFF);
        char *org = strstr(text, from);
        if (!org || strlen(from) != strlen(to)) {
            snprintf(c->msg, sizeof(c->msg), "program %u (seed %llu): no '%s' line to move", k, (unsigned long long)pseed, from);
            free(text);
            return;
        }
        memcpy(org, to, strlen(to));
        shd_image_t img;
        memset(&img, 0, sizeof(img));
        int rc = shd_assemble(text, base, &img);
        free(text);
        if (rc != 0) {
            snprintf(c->msg, sizeof(c->msg), "program %u (seed %llu): %s", k, (unsigned long long)pseed, img.err);
            shd_image_free(&img);
            return;
        }
        c->mem_load(c->tb, img.base, img.bytes, img.size);
        shd_image_free(&img);
        /* a Gouraud triangle before each kernel, overlapping the one before */
        int x = scene_rand_range(c, 0, 560), y = scene_rand_range(c, 0, 400);
        gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c) & 255, scene_rand(c) & 255, scene_rand(c) & 255, 255));
        scene_tri16(x * 16, y * 16, 0, (x + 80) * 16, y * 16, 0, x * 16, (y + 80) * 16, 0);
        uint32_t toff = (scene_rand(c) & 0x03FF03FFu);
        launch_only(base, base + SHD_GEN_ARG_OFF, toff);
        if (k + 1 < count && (k & 1)) {
            continue; /* every other kernel is followed directly by the next program's triangle */
        }
        st = gpu_read(REG_SHD_STATUS);
        if (st & (1ull << SHD_STATUS_FAULT_SHIFT)) {
            snprintf(c->msg, sizeof(c->msg), "program %u (shader-gen seed %llu, %u cores) faulted: SHD_STATUS 0x%016llX", k,
                     (unsigned long long)pseed, ncores, (unsigned long long)st);
            return;
        }
    }
    (void)gpu_read(REG_STATUS);
}

/* ---------------------------------------------------------------- stopping a kernel */

#define SHD_STOP_ARGS 0x1050000u  /* the hung kernels' counters and marks */
#define SHD_STOP_MARK 0x1060000u  /* the kernel that ends under the watchdog: one word per core */
#define SHD_STOP_BUDGET_MIN 3000  /* CP_WATCHDOG for the hung kernel: far below the model's step limit */

/* hangs: core 0 counts for ever, storing the count to ARG_BASE every 64 turns of an inner loop;
 * the other cores wait at a BARRIER that core 0 never reaches (the stop releases it) */
static const char k_hang[] =
    "        CSRRS   s1, ARG_BASE, s0\n"
    "        CSRRS   s2, CORE_ID, s0\n"
    "        BNE     s2, s0, wait\n"
    "        MOV     s3, s0\n"
    "outer:  ADDI    s4, s0, 64\n"
    "inner:  ADDI    s4, s4, -1\n"
    "        BNE     s4, s0, inner\n"
    "        ADDI    s3, s3, 1\n"
    "        SW      s3, (s1)\n"
    "        J       outer\n"
    "wait:   BARRIER\n"
    "        WFI\n";

/* hangs on every core: each stores its CORE_ID at ARG_BASE + 4 * core, then spins */
static const char k_spin[] =
    "        CSRRS   s1, ARG_BASE, s0\n"
    "        CSRRS   s2, CORE_ID, s0\n"
    "        SHLI    s3, s2, 2\n"
    "        ADD     s3, s3, s1\n"
    "        SW      s2, (s3)\n"
    "spin:   J       spin\n";

/* ends at once: each core stores 0xC0DE0000 | core at ARG_BASE + 4 * core */
static const char k_mark[] =
    "        CSRRS   s1, ARG_BASE, s0\n"
    "        CSRRS   s2, CORE_ID, s0\n"
    "        SHLI    s3, s2, 2\n"
    "        ADD     s3, s3, s1\n"
    "        LUI     s4, 0xC0DE0\n"
    "        OR      s4, s4, s2\n"
    "        SW      s4, (s3)\n"
    "        WFI\n";

/* SHD_STATUS st has exactly these stop flags and no FAULT; else the message is set */
static int want_stop(scene_ctx_t *c, const char *what, uint64_t st, int wdog, int aborted)
{
    const int got_w = (int)field(st, SHD_STATUS_WATCHDOG_SHIFT, SHD_STATUS_WATCHDOG_MASK);
    const int got_a = (int)field(st, SHD_STATUS_ABORTED_SHIFT, SHD_STATUS_ABORTED_MASK);
    if (got_w == wdog && got_a == aborted && !(st & (1ull << SHD_STATUS_FAULT_SHIFT)) && !(st & 1u)) {
        return 0;
    }
    snprintf(c->msg, sizeof(c->msg), "%s: SHD_STATUS 0x%016llX, want WATCHDOG %d, ABORTED %d, no FAULT, not BUSY", what,
             (unsigned long long)st, wdog, aborted);
    return -1;
}

/* Kernels that never end (docs/shader.md "Stopping a kernel"): one stopped by CP_WATCHDOG while
 * three cores wait at a BARRIER, one that ends within the same budget (not stopped), one stopped
 * by CP_ABORT written right after its launch, a CP_ABORT with no kernel (no effect), triangles
 * after each: the GPU goes on; then a launch behind a large triangle pair with CP_ABORT right
 * after it (taken by the command processor before the kernel starts). The hung kernels' stores are undefined (the testbench
 * takes the RTL's values); everything else is compared, and checked here. */
void scene_shader_stop(scene_ctx_t *c)
{
    if (!shd_begin(c)) {
        return;
    }
    quad(0, 0, 640, 480, PACK_RGBA(0, 255, 0, 255));
    if (upload_kernel(c, k_hang, NULL, SHD_CODE) != 0 || upload_kernel(c, k_mark, NULL, SHD_CODE + 0x1000u) != 0 ||
        upload_kernel(c, k_spin, NULL, SHD_CODE + 0x2000u) != 0) {
        return;
    }
    /* 1. the watchdog stops the hung kernel; a triangle right after it */
    gpu_write(REG_CP_WATCHDOG, (uint64_t)scene_rand_range(c, SHD_STOP_BUDGET_MIN, 2 * SHD_STOP_BUDGET_MIN));
    launch_only(SHD_CODE, SHD_STOP_ARGS, 0);
    quad(0, 0, 64, 64, PACK_RGBA(255, 0, 0, 255));
    if (want_stop(c, "hung kernel under CP_WATCHDOG", gpu_read(REG_SHD_STATUS), 1, 0) != 0) {
        return;
    }
    /* 2. a kernel that ends within a budget is not stopped */
    gpu_write(REG_CP_WATCHDOG, 200000);
    if (want_stop(c, "short kernel under CP_WATCHDOG", launch(SHD_CODE + 0x1000u, SHD_STOP_MARK, 0), 0, 0) != 0) {
        return;
    }
    /* 3. no watchdog: CP_ABORT right after the launch stops it; a triangle after */
    gpu_write(REG_CP_WATCHDOG, 0);
    launch_only(SHD_CODE + 0x2000u, SHD_STOP_ARGS + 0x100u, 0);
    gpu_write(REG_CP_ABORT, 1);
    quad(64, 0, 128, 64, PACK_RGBA(0, 0, 255, 255));
    if (want_stop(c, "hung kernel and CP_ABORT", gpu_read(REG_SHD_STATUS), 0, 1) != 0) {
        return;
    }
    /* 4. CP_ABORT with no kernel running does nothing; the report stays */
    gpu_write(REG_CP_ABORT, 1);
    quad(128, 0, 192, 64, PACK_RGBA(255, 255, 255, 255));
    if (want_stop(c, "CP_ABORT with no kernel", gpu_read(REG_SHD_STATUS), 0, 1) != 0) {
        return;
    }
    /* 5. the launch waits for a large triangle pair to drain while CP_ABORT is already taken:
     * the kernel is stopped as soon as it starts */
    quad(0, 64, 640, 480, PACK_RGBA(255, 255, 0, 255));
    launch_only(SHD_CODE + 0x2000u, SHD_STOP_ARGS + 0x200u, 0);
    gpu_write(REG_CP_ABORT, 1);
    if (want_stop(c, "hung kernel launched behind triangles, CP_ABORT", gpu_read(REG_SHD_STATUS), 0, 1) != 0) {
        return;
    }
    (void)gpu_read(REG_STATUS);
}

/* scene shader_stop: the quads after each stop, then the large pair before the last launch */
static uint16_t shader_stop_pixel(int x, int y, const char **what)
{
    static const uint16_t q[3] = {0xF800, 0x001F, 0xFFFF};
    static const char *const qn[3] = {"triangle after the watchdog's stop", "triangle after CP_ABORT",
                                      "triangle after CP_ABORT with no kernel"};
    if (y >= 64) {
        *what = "triangles before the last launch";
        return 0xFFE0;
    }
    if (x < 192) {
        *what = qn[x / 64];
        return q[x / 64];
    }
    return 0x07E0;
}

int check_shader_stop(scene_ctx_t *c, const scene_obs_t *o)
{
    if (c->msg[0]) {
        return -1;
    }
    if (!o->mem) {
        return 0;
    }
    if (check_fb(c, o, shader_stop_pixel) != 0) {
        return -1;
    }
    for (unsigned k = 0; k < g_shd.ncores; k++) {
        uint32_t got = word32(o, SHD_STOP_MARK + 4u * k), want = 0xC0DE0000u | k;
        if (got != want) {
            snprintf(c->msg, sizeof(c->msg), "%s: the kernel that ended under the watchdog: core %u's word is 0x%08X, want 0x%08X",
                     o->backend, k, got, want);
            return -1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- DISPATCH of shader kernels */

#define SHD_KT 0x1070000u     /* the kernel table */
#define SHD_TILES 0x1080000u  /* the tile kernel's words (the entry's ARG_BASE) */
#define SHD_TILES2 (GPU_SIMT_DATA_WIN + 0x1000u) /* ... through arg_ptr (which lies in the SIMT data window) */
#define SHD_KENT_SHADER 0x80000000u /* entry word 1 bit 31: a shader kernel (docs/command.md "Compute") */

/* each core stores 0xA5000000 | core << 12 | TILE_OFFSET at ARG_BASE + 16 * (8 y + x) + 4 * core,
 * {y, x} = TILE_OFFSET (shared with test_model's test_cp_shader) */
#define SHD_K_TILE "tests/scenes/kernels/tile_mark.s"

/* a DISPATCH packet, EMIT into its own slot; the status the slot then holds */
static uint32_t shd_dispatch(uint8_t op, uint8_t slot, uint32_t grid, uint32_t block, uint32_t kid, uint32_t arg_ptr)
{
    const uint32_t desc[5] = {kid, grid, block, arg_ptr, 0};
    gpu_cmd_hdr_t h = {.opcode = op, .flags = GPU_CMDF_EMIT | GPU_CMDF_PAYLOAD, .rdst = slot, .len = 5};
    (void)gpu_cmd_send(gpu_selected(), &h, desc, 5);
    uint32_t v = 0;
    (void)gpu_cmd_slot(gpu_selected(), slot, &v);
    return v >> 24;
}

static void want_status(scene_ctx_t *c, const char *what, uint32_t got, uint32_t want)
{
    if (got != want && !c->msg[0]) {
        snprintf(c->msg, sizeof(c->msg), "%s: packet status %u, want %u", what, got, want);
    }
}

/* DISPATCH_1D / DISPATCH_2D of shader kernels through the kernel table (docs/command.md
 * "Compute"): tiles one after another with their TILE_OFFSET, ARG_BASE from the entry or from
 * arg_ptr, 0 tiles, refused entries, a kernel that faults (FAULT), one that never ends stopped
 * by the watchdog (WATCHDOG) and by CP_ABORT right after the packet (ABORTED), triangles between */
void scene_shader_dispatch(scene_ctx_t *c)
{
    if (!shd_begin(c)) {
        return;
    }
    quad(0, 0, 640, 480, PACK_RGBA(0, 255, 0, 255));
    if (upload_kernel(c, NULL, SHD_K_TILE, SHD_CODE + 0x3000u) != 0 || upload_kernel(c, k_spin, NULL, SHD_CODE + 0x2000u) != 0) {
        return;
    }
    /* entries: 0 the tile kernel, 1 the spinning one, 2 a zero word (ILLEGAL), 3 a misaligned
     * entry pc, 4 a reserved bit of word 1 */
    const uint32_t kt[10] = {SHD_CODE + 0x3000u, SHD_KENT_SHADER | SHD_TILES, SHD_CODE + 0x2000u,
                             SHD_KENT_SHADER | SHD_STOP_ARGS, SHD_CODE + 0x4000u, SHD_KENT_SHADER,
                             SHD_CODE + 0x3002u, SHD_KENT_SHADER, SHD_CODE + 0x3000u, SHD_KENT_SHADER | (1u << 25)};
    gpu_write(REG_MEM_ADDR, SHD_KT);
    for (unsigned i = 0; i < 10; i++) {
        gpu_write(REG_MEM_DATA, kt[i]);
    }
    gpu_write(REG_CP_KTAB, (5ull << 32) | SHD_KT);
    gpu_write(REG_CP_WATCHDOG, 0);
    const uint32_t n1 = (uint32_t)scene_rand_range(c, 1, 6);
    g_shd.n = n1;
    want_status(c, "DISPATCH_1D of the tile kernel", shd_dispatch(GPU_CMD_DISPATCH_1D, 1, n1, 4, 0, 0), GPU_CMDE_OK);
    quad(0, 0, 64, 64, PACK_RGBA(255, 0, 0, 255));
    want_status(c, "DISPATCH_2D of the tile kernel, arg_ptr",
                shd_dispatch(GPU_CMD_DISPATCH_2D, 2, (2u << 16) | 3u, (1u << 16) | 4u, 0, SHD_TILES2), GPU_CMDE_OK);
    want_status(c, "0 tiles", shd_dispatch(GPU_CMD_DISPATCH_1D, 3, 0, 4, 0, 0), GPU_CMDE_OK);
    want_status(c, "a misaligned entry pc", shd_dispatch(GPU_CMD_DISPATCH_1D, 4, 1, 4, 3, 0), GPU_CMDE_BAD_ARG);
    want_status(c, "a reserved entry bit", shd_dispatch(GPU_CMD_DISPATCH_1D, 5, 1, 4, 4, 0), GPU_CMDE_BAD_ARG);
    want_status(c, "block 2", shd_dispatch(GPU_CMD_DISPATCH_1D, 6, 1, 2, 0, 0), GPU_CMDE_UNSUPPORTED);
    want_status(c, "a kernel that faults", shd_dispatch(GPU_CMD_DISPATCH_1D, 7, 3, 4, 2, 0), GPU_CMDE_FAULT);
    const uint64_t st = gpu_read(REG_SHD_STATUS);
    if (!c->msg[0] && (field(st, SHD_STATUS_FAULT_SHIFT, SHD_STATUS_FAULT_MASK) != 1 ||
                       field(st, SHD_STATUS_FAULT_PC_SHIFT, SHD_STATUS_FAULT_PC_MASK) != SHD_CODE + 0x4000u)) {
        snprintf(c->msg, sizeof(c->msg), "after FAULT: SHD_STATUS 0x%016llX, want FAULT at pc 0x%08X",
                 (unsigned long long)st, SHD_CODE + 0x4000u);
    }
    quad(64, 0, 128, 64, PACK_RGBA(0, 0, 255, 255));
    gpu_write(REG_CP_WATCHDOG, (uint64_t)scene_rand_range(c, SHD_STOP_BUDGET_MIN, 2 * SHD_STOP_BUDGET_MIN));
    want_status(c, "the spinning kernel under CP_WATCHDOG", shd_dispatch(GPU_CMD_DISPATCH_1D, 8, 2, 4, 1, 0),
                GPU_CMDE_WATCHDOG);
    if (!c->msg[0]) {
        (void)want_stop(c, "after WATCHDOG", gpu_read(REG_SHD_STATUS), 1, 0);
    }
    gpu_write(REG_CP_WATCHDOG, 0);
    const uint32_t desc[5] = {1, 1, 4, 0, 0};
    gpu_cmd_hdr_t h = {.opcode = GPU_CMD_DISPATCH_1D, .flags = GPU_CMDF_EMIT | GPU_CMDF_PAYLOAD, .rdst = 9, .len = 5};
    (void)gpu_cmd_send(gpu_selected(), &h, desc, 5);
    gpu_write(REG_CP_ABORT, 1);
    uint32_t v = 0;
    (void)gpu_cmd_slot(gpu_selected(), 9, &v);
    want_status(c, "the spinning kernel and CP_ABORT", v >> 24, GPU_CMDE_ABORTED);
    if (!c->msg[0]) {
        (void)want_stop(c, "after ABORTED", gpu_read(REG_SHD_STATUS), 0, 1);
    }
    quad(128, 0, 192, 64, PACK_RGBA(255, 255, 255, 255));
    (void)gpu_read(REG_STATUS);
}

static uint16_t shader_dispatch_pixel(int x, int y, const char **what)
{
    static const uint16_t q[3] = {0xF800, 0x001F, 0xFFFF};
    static const char *const qn[3] = {"triangle after the tile kernels", "triangle after FAULT",
                                      "triangle after CP_ABORT"};
    if (y < 64 && x < 192) {
        *what = qn[x / 64];
        return q[x / 64];
    }
    *what = "the clear";
    return 0x07E0;
}

/* the tile kernel's word of tile {y, x}, core k in the block at base */
static int check_tiles(scene_ctx_t *c, const scene_obs_t *o, uint32_t base, unsigned nx, unsigned ny, const char *what)
{
    for (unsigned y = 0; y < ny; y++) {
        for (unsigned x = 0; x < nx; x++) {
            for (unsigned k = 0; k < g_shd.ncores; k++) {
                const uint32_t got = word32(o, base + 16u * (8u * y + x) + 4u * k);
                const uint32_t want = 0xA5000000u | k << 12 | y << 16 | x;
                if (got != want) {
                    snprintf(c->msg, sizeof(c->msg), "%s: %s: tile {%u, %u} core %u's word is 0x%08X, want 0x%08X",
                             o->backend, what, y, x, k, got, want);
                    return -1;
                }
            }
        }
    }
    /* the tile after the last did not run */
    if (word32(o, base + 16u * (8u * (ny - 1u) + nx)) != 0) {
        snprintf(c->msg, sizeof(c->msg), "%s: %s: a tile past the grid ran", o->backend, what);
        return -1;
    }
    return 0;
}

int check_shader_dispatch(scene_ctx_t *c, const scene_obs_t *o)
{
    if (c->msg[0]) {
        return -1;
    }
    if (!o->mem) {
        return 0;
    }
    if (check_fb(c, o, shader_dispatch_pixel) != 0 || check_tiles(c, o, SHD_TILES, g_shd.n, 1, "DISPATCH_1D") != 0 ||
        check_tiles(c, o, SHD_TILES2, 3, 2, "DISPATCH_2D") != 0) {
        return -1;
    }
    return 0;
}
