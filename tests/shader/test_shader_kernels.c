/* test_shader_kernels - the kernels of sw/shader/kernels run on the tile ISS and are compared
 * with results computed directly in C here (no simulator involved), for several sizes,
 * alignments, tile sizes, interleavings (round-robin and seeded random bursts) and with
 * poisoned registers (a kernel must not rely on registers it did not set, D13):
 *   memset, memcpy    every byte of the range and 32 guard bytes around it; the done report's
 *                     STATUS.MISALIGNED exactly when a misaligned word access happened (D14)
 *   matmul16          16x16 x 16x16 32-bit wrapping products
 *   reduce            sum/min/max/xor/and/or by atomics, an unsigned max by a CAS loop, a
 *                     histogram by per-element atomics, tickets by ATOM.ADD + XCHG
 *   prefix_sum        inclusive scan in two phases around BARRIER (and the same kernel with
 *                     the BARRIER removed goes wrong under some interleaving: the check works)
 *   draw              the whole 640x480 framebuffer: the rectangle at TILE_OFFSET with its
 *                     circle, and nothing outside it
 * Usage: test_shader_kernels [KERNEL_DIR]   (default sw/shader/kernels). Prints a line per
 * kernel; exits 1 at the first mismatch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shader_asm.h"
#include "shader_iss.h"

#define KBASE 0x01000000u
#define ARG 0x00400000u /* above FB_A, FB_B and Z (ADDENDUM 2) */
#define BUF 0x00500000u

static const char *dir = "sw/shader/kernels";
static unsigned long runs, checks;
static uint64_t rng = 12345;

#define FAIL(...)                                     \
    do {                                              \
        fprintf(stderr, "FAIL: ");                    \
        fprintf(stderr, __VA_ARGS__);                 \
        fprintf(stderr, "\n");                        \
        exit(1);                                      \
    } while (0)

static uint32_t rnd32(void) { return (uint32_t)shd_rand(&rng); }

static uint32_t get32(const uint8_t *m, uint32_t a)
{
    return (uint32_t)m[a] | (uint32_t)m[a + 1] << 8 | (uint32_t)m[a + 2] << 16 | (uint32_t)m[a + 3] << 24;
}

static void put32(uint8_t *m, uint32_t a, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++) {
        m[a + i] = (uint8_t)(v >> (8 * i));
    }
}

/* assemble a kernel (optionally with one line replaced) and copy it to KBASE */
static void load(shd_tile_t *t, const char *name, const char *from, const char *to)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.s", dir, name);
    char *src = shd_read_file(path);
    if (!src) {
        FAIL("cannot read %s", path);
    }
    if (from) {
        char *p = strstr(src, from);
        if (!p || strlen(to) != strlen(from)) {
            FAIL("%s: cannot replace '%s'", path, from);
        }
        memcpy(p, to, strlen(to));
    }
    shd_image_t img;
    memset(&img, 0, sizeof img);
    if (shd_assemble(src, KBASE, &img)) {
        FAIL("%s: %s", path, img.err);
    }
    memcpy(t->mem + KBASE, img.bytes, img.size);
    shd_image_free(&img);
    free(src);
}

/* schedule v: 0 round-robin, else random bursts with seed v; odd v poisons the registers */
static void go(shd_tile_t *t, const char *name, unsigned v, uint32_t toff)
{
    shd_tile_launch(t, KBASE, ARG, toff, (v & 1) != 0);
    shd_run_e r = shd_tile_run(t, 200000000, v ? SHD_SCHED_RANDOM : SHD_SCHED_RR, v);
    runs++;
    if (r == SHD_RUN_FAULT) {
        shd_tile_fault_report(t, stderr);
    }
    if (r != SHD_RUN_DONE) {
        FAIL("%s (%u cores, schedule %u): did not finish (%d)", name, t->ncores, v, (int)r);
    }
}

static void expect(const char *what, uint32_t got, uint32_t want)
{
    checks++;
    if (got != want) {
        FAIL("%s: 0x%08x, expected 0x%08x", what, got, want);
    }
}

/* ---- memset / memcpy -------------------------------------------------------------------- */

static void test_mem(shd_tile_t *t)
{
    static const uint32_t lens[] = {0, 1, 3, 4, 5, 63, 64, 65, 200, 1000, 4097};
    static uint8_t ref[8192], src[8192];
    for (int copy = 0; copy < 2; copy++) {
        const char *k = copy ? "memcpy" : "memset";
        load(t, k, NULL, NULL);
        for (unsigned li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            for (unsigned da = 0; da < 4; da++) {
                unsigned sa = copy ? (da * 3 + li) % 4 : 0;
                uint32_t len = lens[li], dst = BUF + 64 + da, s = BUF + 0x4000 + sa;
                uint32_t val = rnd32();
                if (len > sizeof src - 128) {
                    FAIL("test buffer too small");
                }
                for (uint32_t i = 0; i < len + 128; i++) {
                    t->mem[BUF + i] = (uint8_t)rnd32();
                    src[i] = (uint8_t)rnd32();
                }
                memcpy(t->mem + s, src, len);
                memcpy(ref, t->mem + BUF, len + 128);
                for (uint32_t i = 0; i < len; i++) { /* the reference, byte by byte */
                    ref[64 + da + i] = copy ? src[i] : (uint8_t)val;
                }
                put32(t->mem, ARG, dst);
                put32(t->mem, ARG + 4, copy ? s : val);
                put32(t->mem, ARG + 8, len);
                unsigned v = (li * 4 + da) % 5;
                go(t, k, v, 0);
                for (uint32_t i = 0; i < len + 128; i++) {
                    checks++;
                    if (t->mem[BUF + i] != ref[i]) {
                        FAIL("%s len %u dst+%u src+%u (%u cores, schedule %u): byte %d = 0x%02x, "
                             "expected 0x%02x", k, len, da, sa, t->ncores, v, (int)i - 64 - (int)da,
                             t->mem[BUF + i], ref[i]);
                    }
                }
                /* D14: word accesses happen iff len >= 4; misaligned iff dst (or src) is */
                unsigned mis = len >= 4 && (da != 0 || sa != 0);
                expect("STATUS.MISALIGNED of the done report", shd_tile_status_or(t), mis);
            }
        }
    }
}

/* ---- matmul16 --------------------------------------------------------------------------- */

static void test_matmul(shd_tile_t *t)
{
    load(t, "matmul16", NULL, NULL);
    static uint32_t a[256], b[256];
    for (unsigned round = 0; round < 4; round++) {
        for (unsigned i = 0; i < 256; i++) {
            a[i] = round == 0 ? (uint32_t)((int32_t)(rnd32() % 201) - 100) : rnd32();
            b[i] = round == 0 ? (uint32_t)((int32_t)(rnd32() % 201) - 100) : rnd32();
            put32(t->mem, BUF + 4 * i, a[i]);
            put32(t->mem, BUF + 0x400 + 4 * i, b[i]);
            put32(t->mem, BUF + 0x800 + 4 * i, 0xDEADBEEFu);
        }
        put32(t->mem, ARG, BUF);
        put32(t->mem, ARG + 4, BUF + 0x400);
        put32(t->mem, ARG + 8, BUF + 0x800);
        go(t, "matmul16", round, 0);
        for (unsigned i = 0; i < 16; i++) {
            for (unsigned j = 0; j < 16; j++) {
                uint32_t s = 0;
                for (unsigned k = 0; k < 16; k++) {
                    s += a[16 * i + k] * b[16 * k + j];
                }
                char w[64];
                snprintf(w, sizeof w, "matmul16 (%u cores) C[%u][%u]", t->ncores, i, j);
                expect(w, get32(t->mem, BUF + 0x800 + 64 * i + 4 * j), s);
            }
        }
    }
}

/* ---- reduce ----------------------------------------------------------------------------- */

static void test_reduce(shd_tile_t *t)
{
    load(t, "reduce", NULL, NULL);
    static const uint32_t ns[] = {1, 2, 5, 100, 1000};
    static uint32_t d[1000];
    const uint32_t R = BUF + 0x8000;
    for (unsigned ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
        for (unsigned v = 0; v < 3; v++) {
            uint32_t n = ns[ni];
            for (uint32_t i = 0; i < n; i++) {
                d[i] = (i % 7 == 3) ? 0x80000000u + i : rnd32();
                put32(t->mem, BUF + 4 * i, d[i]);
            }
            static const uint32_t init[8] = {0, 0x7FFFFFFFu, 0x80000000u, 0, 0xFFFFFFFFu, 0, 0, 0};
            for (unsigned i = 0; i < 8; i++) {
                put32(t->mem, R + 4 * i, init[i]);
            }
            memset(t->mem + R + 32, 0, 64 + 4 * SHD_MAX_CORES);
            for (unsigned c = 0; c < t->ncores; c++) {
                put32(t->mem, R + 96 + 4 * c, 0xFFFFFFFFu);
            }
            put32(t->mem, ARG, BUF);
            put32(t->mem, ARG + 4, n);
            put32(t->mem, ARG + 8, R);
            go(t, "reduce", v, 0);
            int32_t mn = INT32_MAX, mx = INT32_MIN;
            uint32_t sum = 0, x = 0, an = 0xFFFFFFFFu, o = 0, um = 0, hist[16] = {0};
            for (uint32_t i = 0; i < n; i++) {
                sum += d[i];
                mn = (int32_t)d[i] < mn ? (int32_t)d[i] : mn;
                mx = (int32_t)d[i] > mx ? (int32_t)d[i] : mx;
                x ^= d[i];
                an &= d[i];
                o |= d[i];
                um = d[i] > um ? d[i] : um;
                hist[d[i] & 15]++;
            }
            expect("reduce sum", get32(t->mem, R), sum);
            expect("reduce min", get32(t->mem, R + 4), (uint32_t)mn);
            expect("reduce max", get32(t->mem, R + 8), (uint32_t)mx);
            expect("reduce xor", get32(t->mem, R + 12), x);
            expect("reduce and", get32(t->mem, R + 16), an);
            expect("reduce or", get32(t->mem, R + 20), o);
            expect("reduce unsigned max (CAS loop)", get32(t->mem, R + 24), um);
            expect("reduce tickets drawn", get32(t->mem, R + 28), t->ncores);
            for (unsigned b = 0; b < 16; b++) {
                expect("reduce histogram bin", get32(t->mem, R + 32 + 4 * b), hist[b]);
            }
            uint32_t seen = 0;
            for (unsigned c = 0; c < t->ncores; c++) {
                uint32_t tk = get32(t->mem, R + 96 + 4 * c);
                checks++;
                if (tk >= t->ncores || (seen >> tk) & 1u) {
                    FAIL("reduce: core %u holds ticket %u (not a permutation)", c, tk);
                }
                seen |= 1u << tk;
            }
        }
    }
}

/* ---- prefix_sum ------------------------------------------------------------------------- */

static int prefix_run(shd_tile_t *t, uint32_t n, unsigned v, bool fail_hard)
{
    static uint32_t in[1100];
    for (uint32_t i = 0; i < n; i++) {
        in[i] = rnd32() % 1000u;
        put32(t->mem, BUF + 4 * i, in[i]);
        put32(t->mem, BUF + 0x2000 + 4 * i, 0xDEADBEEFu);
    }
    put32(t->mem, BUF + 0x2000 + 4 * n, 0xFEEDFACEu);
    put32(t->mem, ARG, BUF);
    put32(t->mem, ARG + 4, BUF + 0x2000);
    put32(t->mem, ARG + 8, n);
    put32(t->mem, ARG + 12, BUF + 0x4000);
    go(t, "prefix_sum", v, 0);
    uint32_t s = 0;
    for (uint32_t i = 0; i < n; i++) {
        s += in[i];
        uint32_t got = get32(t->mem, BUF + 0x2000 + 4 * i);
        checks++;
        if (got != s) {
            if (fail_hard) {
                FAIL("prefix_sum n %u (%u cores, schedule %u): out[%u] = %u, expected %u", n,
                     t->ncores, v, i, got, s);
            }
            return -1;
        }
    }
    expect("prefix_sum guard word", get32(t->mem, BUF + 0x2000 + 4 * n), 0xFEEDFACEu);
    return 0;
}

static void test_prefix(shd_tile_t *t, bool probe_missing_barrier)
{
    static const uint32_t ns[] = {1, 3, 4, 5, 100, 1000, 1023};
    load(t, "prefix_sum", NULL, NULL);
    for (unsigned ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
        for (unsigned v = 0; v < 4; v++) {
            prefix_run(t, ns[ni], v, true);
        }
    }
    if (probe_missing_barrier) {
        load(t, "prefix_sum", "        BARRIER\n", "        NOP    \n");
        unsigned wrong = 0;
        for (unsigned v = 0; v < 20; v++) {
            wrong += prefix_run(t, 1000, v, false) != 0;
        }
        checks++;
        if (wrong == 0) {
            FAIL("prefix_sum without its BARRIER never went wrong: the check cannot see it");
        }
        printf("  prefix_sum without BARRIER: wrong in %u of 20 interleavings (expected)\n", wrong);
    }
}

/* ---- draw ------------------------------------------------------------------------------- */

static void test_draw(shd_tile_t *t)
{
    static const struct {
        uint32_t x0, y0, w, h, cx, cy, r;
    } cases[] = {
        {100, 50, 200, 120, 180, 100, 40},
        {0, 0, 640, 480, 320, 240, 100},
        {600, 450, 100, 100, 630, 470, 20}, /* clipped at the screen edge */
        {7, 9, 1, 1, 0, 0, 0},
    };
    const uint32_t FB = 0; /* FB_A */
    load(t, "draw", NULL, NULL);
    for (unsigned ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
        for (uint32_t i = 0; i < 640 * 480; i++) {
            put32(t->mem, FB + 4 * i, 0xDEADBEEFu);
        }
        put32(t->mem, ARG, FB);
        put32(t->mem, ARG + 4, cases[ci].w | cases[ci].h << 16);
        put32(t->mem, ARG + 8, cases[ci].cx | cases[ci].cy << 16);
        put32(t->mem, ARG + 12, cases[ci].r);
        go(t, "draw", ci % 3, cases[ci].x0 | cases[ci].y0 << 16);
        for (int y = 0; y < 480; y++) {
            for (int x = 0; x < 640; x++) {
                uint32_t want = 0xDEADBEEFu;
                if (x >= (int)cases[ci].x0 && x < (int)(cases[ci].x0 + cases[ci].w) &&
                    y >= (int)cases[ci].y0 && y < (int)(cases[ci].y0 + cases[ci].h)) {
                    int dx = x - (int)cases[ci].cx, dy = y - (int)cases[ci].cy;
                    if (dx * dx + dy * dy < (int)(cases[ci].r * cases[ci].r)) {
                        want = 0xFFFF;
                    } else {
                        want = (uint32_t)(((x >> 4) & 31) << 11 | ((y >> 3) & 63) << 5 | ((x ^ y) & 31));
                    }
                }
                uint32_t got = get32(t->mem, FB + 4 * (uint32_t)(y * 640 + x));
                checks++;
                if (got != want) {
                    FAIL("draw case %u (%u cores): pixel (%d, %d) = 0x%08x, expected 0x%08x", ci,
                         t->ncores, x, y, got, want);
                }
            }
        }
    }
}

int main(int argc, char **argv)
{
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: test_shader_kernels [KERNEL_DIR]\n");
        return 2;
    }
    if (argc == 2) {
        dir = argv[1];
    }
    static const unsigned tiles[] = {4, 1, 2, 3, 8};
    for (unsigned ti = 0; ti < sizeof tiles / sizeof tiles[0]; ti++) {
        static shd_tile_t t;
        if (shd_tile_init(&t, tiles[ti], NULL)) {
            FAIL("out of memory");
        }
        unsigned long c0 = checks;
        test_mem(&t);
        test_matmul(&t);
        test_reduce(&t);
        if ((tiles[ti] & (tiles[ti] - 1)) == 0) { /* prefix_sum needs a power of 2 */
            test_prefix(&t, tiles[ti] == 4);
        }
        if (tiles[ti] == 4 || tiles[ti] == 3) {
            test_draw(&t);
        }
        printf("  %u cores: %lu checks\n", tiles[ti], checks - c0);
        shd_tile_free(&t);
    }
    printf("test_shader_kernels: %lu runs, %lu checks passed\n", runs, checks);
    return 0;
}
