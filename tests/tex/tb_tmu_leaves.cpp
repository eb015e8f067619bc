// tb_tmu_leaves: unit tests of the texture units' leaf RTL (rtl/tex/) against the C functions
// of the reference model that specify them (sw/model/tmu_*.c): exhaustive where the input
// space is at most 2^24, seeded random beyond; the reciprocal also against double precision.
#include "Vtb_tmu_leaves.h"
#include "verilated.h"
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
extern "C" {
#include "tmu.h"
}

#include "tb_rng.h"

static int fail(const char *what, unsigned long long in, unsigned long long rtl, unsigned long long c)
{
    printf("FAIL %s: input 0x%llx: RTL 0x%llx, model 0x%llx\n", what, in, rtl, c);
    return 1;
}

// every 2^16 texel
static int test_rgba4444(Vtb_tmu_leaves *d)
{
    for (uint32_t t = 0; t < 65536; t++) {
        d->t4444_i = t;
        d->eval();
        if (d->t4444_o != tmu_decode_rgba4444((uint16_t)t)) {
            return fail("rgba4444", t, d->t4444_o, tmu_decode_rgba4444((uint16_t)t));
        }
    }
    printf("rgba4444: 65536 texels (all) equal to the model\n");
    return 0;
}

static int bc1_one(Vtb_tmu_leaves *d, uint32_t c0, uint32_t c1, uint32_t idx)
{
    d->c0_i = c0;
    d->c1_i = c1;
    d->idx_i = idx;
    d->eval();
    const uint32_t want = tmu_decode_bc1((uint16_t)c0, (uint16_t)c1, idx);
    if (d->bc1_o != want) {
        return fail("bc1 (c1<<32 | c0<<2 | idx)", (unsigned long long)c1 << 32 | c0 << 2 | idx, d->bc1_o, want);
    }
    return 0;
}

// every pair of channel values in both modes: R5 and B5 pairs (32 x 32) with every G6 pair
// (64 x 64), each index: 2^24 palette entries; then 2^24 seeded random (c0, c1, idx)
static int test_bc1(Vtb_tmu_leaves *d)
{
    unsigned long n = 0;
    for (uint32_t ra = 0; ra < 32; ra++) {
        for (uint32_t rb = 0; rb < 32; rb++) {
            for (uint32_t ga = 0; ga < 64; ga++) {
                for (uint32_t gb = 0; gb < 64; gb++) {
                    const uint32_t c0 = ra << 11 | ga << 5 | (31u - ra), c1 = rb << 11 | gb << 5 | (31u - rb);
                    for (uint32_t idx = 0; idx < 4; idx++, n++) {
                        if (bc1_one(d, c0, c1, idx)) {
                            return 1;
                        }
                    }
                }
            }
        }
    }
    for (unsigned long i = 0; i < (1ul << 24); i++, n++) {
        const uint64_t v = rnd();
        if (bc1_one(d, v & 0xFFFF, (v >> 16) & 0xFFFF, (v >> 32) & 3)) {
            return 1;
        }
    }
    printf("bc1: %lu palette entries (every channel pair in both modes, then random) equal to the model\n", n);
    return 0;
}

static int bc1pal_one(Vtb_tmu_leaves *d, uint32_t c0, uint32_t c1)
{
    d->pal_c0_i = c0;
    d->pal_c1_i = c1;
    d->eval();
    for (uint32_t idx = 0; idx < 4; idx++) {
        const uint32_t want = tmu_decode_bc1((uint16_t)c0, (uint16_t)c1, idx);
        if (d->pal_o[idx] != want) {
            printf("entry %u: ", idx);
            return fail("bc1 palette (c1<<16 | c0)", (unsigned long long)c1 << 16 | c0, d->pal_o[idx], want);
        }
    }
    return 0;
}

// tmu_bc1_palette: all four entries of every pair of channel values in both modes (R5 and B5
// pairs 32 x 32 with every G6 pair 64 x 64: 2^20 (c0, c1) pairs), then 2^24 seeded random pairs,
// each entry against tmu_decode_bc1(c0, c1, entry)
static int test_bc1pal(Vtb_tmu_leaves *d)
{
    unsigned long n = 0;
    for (uint32_t ra = 0; ra < 32; ra++) {
        for (uint32_t rb = 0; rb < 32; rb++) {
            for (uint32_t ga = 0; ga < 64; ga++) {
                for (uint32_t gb = 0; gb < 64; gb++, n++) {
                    const uint32_t c0 = ra << 11 | ga << 5 | (31u - ra), c1 = rb << 11 | gb << 5 | (31u - rb);
                    if (bc1pal_one(d, c0, c1)) {
                        return 1;
                    }
                }
            }
        }
    }
    for (unsigned long i = 0; i < (1ul << 24); i++, n++) {
        const uint64_t v = rnd();
        if (bc1pal_one(d, v & 0xFFFF, (v >> 16) & 0xFFFF)) {
            return 1;
        }
    }
    printf("bc1pal: %lu (c0, c1) pairs x 4 entries (every channel pair in both modes, then random) equal to the model\n", n);
    return 0;
}

// every code on every value of each channel position, then 2^22 random texels x 16 codes
static int test_swizzle(Vtb_tmu_leaves *d)
{
    unsigned long n = 0;
    for (uint32_t code = 0; code < 16; code++) {
        for (uint32_t pos = 0; pos < 4; pos++) {
            for (uint32_t v = 0; v < 256; v++, n++) {
                const uint32_t t = (uint32_t)(0x5A3C96E1u & ~(0xFFu << (8 * pos))) | v << (8 * pos);
                d->swz_i = t;
                d->swz_code_i = code;
                d->eval();
                if (d->swz_o != tmu_swizzle(t, code)) {
                    return fail("swizzle (code<<32 | texel)", (unsigned long long)code << 32 | t, d->swz_o,
                                tmu_swizzle(t, code));
                }
            }
        }
    }
    for (unsigned long i = 0; i < (1ul << 22); i++, n++) {
        const uint64_t v = rnd();
        d->swz_i = (uint32_t)v;
        d->swz_code_i = (v >> 32) & 15;
        d->eval();
        if (d->swz_o != tmu_swizzle((uint32_t)v, (v >> 32) & 15)) {
            return fail("swizzle (code<<32 | texel)", v & 0xFFFFFFFFFull, d->swz_o, tmu_swizzle((uint32_t)v, (v >> 32) & 15));
        }
    }
    printf("swizzle: %lu texels x codes equal to the model\n", n);
    return 0;
}

static void tick(Vtb_tmu_leaves *d)
{
    d->clk_i = 0;
    d->eval();
    d->clk_i = 1;
    d->eval();
}

// every one of the 2^16 mantissas through the pipeline, one per cycle, against the model and
// against 2^33 / m in double precision
static int test_recip(Vtb_tmu_leaves *d)
{
    d->rst_ni = 0;
    tick(d);
    d->rst_ni = 1;
    double worst = 0;
    uint32_t worst_m = 0, seen = 0, next = 0;
    for (uint32_t cyc = 0; cyc < 65536 + 6; cyc++) {
        d->rcp_valid_i = cyc < 65536;
        d->rcp_f_i = cyc & 0xFFFF;
        tick(d);
        if (d->rcp_valid_o) {
            const uint32_t m = 65536 + next++;
            const uint32_t want = tmu_recip(m);
            if (d->rcp_r_o != want) {
                return fail("recip (m)", m, d->rcp_r_o, want);
            }
            const double e = std::fabs((double)d->rcp_r_o - 8589934592.0 / m);
            if (e > worst) {
                worst = e;
                worst_m = m;
            }
            seen++;
        }
    }
    printf("recip: %u mantissas (all) equal to the model; max |r - 2^33/m| = %.4f of r's last bit (at m = 0x%X, "
           "relative %.2e)\n",
           seen, worst, worst_m, worst_m ? worst / (8589934592.0 / worst_m) : 0.0);
    if (seen != 65536 || worst > 0.86) {
        printf("FAIL recip: %u results, max error %.4f (bound 0.86)\n", seen, worst);
        return 1;
    }
    return 0;
}

static int wrap_one(Vtb_tmu_leaves *d, int64_t t, unsigned w, unsigned mode)
{
    /* the three facts tmu_addr derives from pu and k: t's low 11 bits, t < 0, t >= 2^min(w, 10) */
    d->wrap_lo_i = (uint32_t)((uint64_t)t & 0x7FFu);
    d->wrap_neg_i = t < 0;
    d->wrap_big_i = t >= (int64_t)1 << (w > 10 ? 10 : w);
    d->wrap_w_i = w;
    d->wrap_mode_i = mode;
    d->eval();
    uint32_t o;
    const int in = tmu_wrap(t, w, mode, &o);
    if (mode == TEX_WRAP_CLAMP_ZERO && !in) {
        if (!d->wrap_zero_o) {
            return fail("wrap zero (t, w<<48 | mode<<44)", (unsigned long long)t, d->wrap_zero_o, 1);
        }
        return 0;
    }
    if (d->wrap_zero_o || d->wrap_o != o) {
        printf("t %lld w %u mode %u: ", (long long)t, w, mode);
        return fail("wrap", (unsigned long long)t, (unsigned long long)d->wrap_zero_o << 16 | d->wrap_o, o);
    }
    return 0;
}

// every mode and size on every t in [-2^13, 2^13) (2^20 cases), then 2^22 random 44-bit t
static int test_wrap(Vtb_tmu_leaves *d)
{
    unsigned long n = 0;
    for (unsigned mode = 0; mode < 4; mode++) {
        for (unsigned w = 0; w <= 10; w++) {
            for (int64_t t = -8192; t < 8192; t++, n++) {
                if (wrap_one(d, t, w, mode)) {
                    return 1;
                }
            }
        }
    }
    for (unsigned long i = 0; i < (1ul << 22); i++, n++) {
        const uint64_t v = rnd();
        const int64_t t = (int64_t)(v << 20) >> 20; /* 44-bit signed */
        if (wrap_one(d, t, (unsigned)((v >> 44) % 11u), (unsigned)(v >> 60) & 3u)) {
            return 1;
        }
    }
    printf("wrap: %lu (t, size, mode) equal to the model\n", n);
    return 0;
}

int main(int argc, char **argv)
{
    const char *test = "all";
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: tb_tmu_leaves [--test rgba4444|bc1|bc1pal|swizzle|recip|wrap|all] [--seed N]\n"
                   "  The leaf RTL of rtl/tex/ against sw/model/tmu_*.c; --seed (>= 1, default 1) for the random\n"
                   "  parts. Exit status 0 when every comparison matches, 1 on a mismatch, 2 on bad options.\n");
            return 0;
        } else if (!strcmp(argv[i], "--test") && i + 1 < argc) {
            test = argv[++i];
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            char *end;
            seed = strtoull(argv[++i], &end, 0);
            if (*end || seed == 0) {
                fprintf(stderr, "tb_tmu_leaves: --seed needs a number >= 1 (try --help)\n");
                return 2;
            }
        } else {
            fprintf(stderr, "tb_tmu_leaves: unknown option %s (try --help)\n", argv[i]);
            return 2;
        }
    }
    rnd_seed(seed);
    printf("tb_tmu_leaves --test %s --seed %llu\n", test, seed);
    Verilated::commandArgs(argc, argv);
    Vtb_tmu_leaves *d = new Vtb_tmu_leaves;
    int bad = 0, ran = 0;
    const struct {
        const char *name;
        int (*fn)(Vtb_tmu_leaves *);
    } tests[] = {{"rgba4444", test_rgba4444}, {"bc1", test_bc1}, {"bc1pal", test_bc1pal}, {"swizzle", test_swizzle}, {"recip", test_recip}, {"wrap", test_wrap}};
    for (const auto &t : tests) {
        if (!strcmp(test, "all") || !strcmp(test, t.name)) {
            bad |= t.fn(d);
            ran++;
        }
    }
    d->final();
    delete d;
    if (!ran) {
        fprintf(stderr, "tb_tmu_leaves: no test named %s (try --help)\n", test);
        return 2;
    }
    return bad;
}
