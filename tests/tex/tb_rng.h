// tb_rng.h: the seeded random stream of the texture testbenches (tests/tex/tb_*.cpp): one
// xorshift64 state per program, seeded from --seed, so a run replays from its seed alone.
#ifndef TB_RNG_H
#define TB_RNG_H
#include <cstdint>

static uint64_t g_rng;
static inline void rnd_seed(uint64_t seed) { g_rng = seed * 0x9E3779B97F4A7C15ull; }
static inline uint64_t rnd()
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return g_rng;
}
static inline uint64_t rnd_below(uint64_t n) { return rnd() % n; }   // 0 .. n-1

#endif
