// test_c108: the colour arithmetic of the pixel path, RTL (gpu_pkg functions through
// tests/core/c108_wrap.sv, Verilated) against the C model (sw/model/color108.h), bit for bit:
//   - every pair of corner values (0, 1, powers of two and their neighbours, 1.0 = 1023.0 and its
//     neighbours, the largest value, every promoted 8-bit value) for mul, add, sub;
//   - every x (2^18) for mul(x, 1.0) == x, mul(1.0, x) == x, mul(x, 0) == 0 (the identities the
//     blend stage relies on), inv(x), and mul(x, x);
//   - every 8-bit value for from8;
//   - N seeded random pairs (default 2^24) for mul, add, sub, and random 36-bit products for round.
// usage: test_c108 [--seed N] [--pairs N]; prints the seed; exit 0 when everything agrees.
#include "Vc108_wrap.h"
#include "verilated.h"
extern "C" {
#include "color108.h"
}
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static Vc108_wrap *g_top;
static uint64_t g_checks, g_fails;

static void fail(const char *what, uint64_t a, uint64_t b, uint64_t rtl, uint64_t model)
{
    if (g_fails++ < 10) {
        printf("MISMATCH %s(0x%" PRIX64 ", 0x%" PRIX64 "): rtl 0x%05" PRIX64 ", model 0x%05" PRIX64 "\n", what, a, b,
               rtl, model);
    }
}

// drives x, y (and t, c8) and compares every function of them
static void check_pair(uint32_t x, uint32_t y, uint64_t t, uint32_t c8)
{
    g_top->x_i = x;
    g_top->y_i = y;
    g_top->t_i = t;
    g_top->c8_i = c8;
    g_top->eval();
    g_checks++;
    if (g_top->mul_o != c108_mul(x, y)) fail("c108_mul", x, y, g_top->mul_o, c108_mul(x, y));
    if (g_top->add_o != c108_add(x, y)) fail("c108_add", x, y, g_top->add_o, c108_add(x, y));
    if (g_top->sub_o != c108_sub(x, y)) fail("c108_sub", x, y, g_top->sub_o, c108_sub(x, y));
    if (g_top->inv_o != c108_inv(x)) fail("c108_inv", x, 0, g_top->inv_o, c108_inv(x));
    if (g_top->round_o != c108_round(t)) fail("c108_round", t, 0, g_top->round_o, c108_round(t));
    if (g_top->from8_o != c108_from8(c8)) fail("c108_from8", c8, 0, g_top->from8_o, c108_from8(c8));
}

static uint64_t g_rng;
static uint64_t rnd(void)
{
    g_rng ^= g_rng >> 12;
    g_rng ^= g_rng << 25;
    g_rng ^= g_rng >> 27;
    return g_rng * 2685821657736338717ull;
}

int main(int argc, char **argv)
{
    uint64_t seed = 1, pairs = 1ull << 24;
    for (int i = 1; i < argc; i++) {
        char *end = nullptr;
        if ((!strcmp(argv[i], "--seed") || !strcmp(argv[i], "--pairs")) && i + 1 < argc) {
            uint64_t v = strtoull(argv[i + 1], &end, 0);
            if (!*argv[i + 1] || *end || (!strcmp(argv[i], "--seed") && v == 0)) {
                fprintf(stderr, "test_c108: %s '%s' is not allowed: give a positive integer\n", argv[i], argv[i + 1]);
                return 2;
            }
            (!strcmp(argv[i], "--seed") ? seed : pairs) = v;
            i++;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: test_c108 [--seed N] [--pairs N]\n");
            return 0;
        } else {
            fprintf(stderr, "test_c108: unexpected argument '%s' (see --help)\n", argv[i]);
            return 2;
        }
    }
    printf("test_c108: seed %" PRIu64 " (re-run: --seed %" PRIu64 "), %" PRIu64 " random pairs\n", seed, seed, pairs);
    g_rng = seed * 0x9E3779B97F4A7C15ull + 1;
    g_top = new Vc108_wrap;

    // corner values
    std::vector<uint32_t> corner = {0, 1, 2, 3, 127, 128, 255, 256, 257, 511, 512, 1023, 1024,
                                    C108_ONE - 257, C108_ONE - 256, C108_ONE - 255, C108_ONE - 1, C108_ONE,
                                    C108_ONE + 1, C108_ONE + 255, C108_ONE + 256, 0x3FF00, 0x3FFFE, C108_MAX};
    for (int k = 1; k < 18; k++) {
        corner.push_back((1u << k) - 1);
        corner.push_back(1u << k);
        corner.push_back((1u << k) + 1);
    }
    for (uint32_t c = 0; c < 256; c++) {
        corner.push_back(c108_from8(c));
    }
    for (uint32_t a : corner) {
        for (uint32_t b : corner) {
            check_pair(a & C108_MAX, b & C108_MAX, (uint64_t)(a & C108_MAX) * (b & C108_MAX), a & 0xFF);
        }
    }
    uint64_t corner_checks = g_checks;

    // every x: the identities with 1.0 and 0, inv, squares; every 8-bit value
    uint64_t ident_bad = 0;
    for (uint32_t x = 0; x <= C108_MAX; x++) {
        check_pair(x, C108_ONE, (uint64_t)x * x, x & 0xFF);
        if (g_top->mul_o != x) ident_bad++;
        check_pair(C108_ONE, x, (uint64_t)x << 18, x >> 10);
        if (g_top->mul_o != x) ident_bad++;
        check_pair(x, 0, 0, 0);
        if (g_top->mul_o != 0) ident_bad++;
        check_pair(x, x, (uint64_t)x * x, 0);
    }
    if (ident_bad) {
        printf("MISMATCH: %" PRIu64 " values break x * 1.0 = 1.0 * x = x or x * 0 = 0\n", ident_bad);
        g_fails++;
    }

    // seeded random pairs
    for (uint64_t i = 0; i < pairs; i++) {
        uint64_t r = rnd();
        check_pair((uint32_t)(r & C108_MAX), (uint32_t)((r >> 18) & C108_MAX), rnd() & ((1ull << 36) - 1),
                   (uint32_t)(r >> 36) & 0xFF);
    }
    printf("test_c108: %" PRIu64 " corner pairs, 4 x 2^18 exhaustive, %" PRIu64 " random pairs: %" PRIu64
           " evaluations, %" PRIu64 " mismatches\n",
           corner_checks, pairs, g_checks, g_fails);
    delete g_top;
    return g_fails ? 1 : 0;
}
