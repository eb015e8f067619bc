/* color108.h: the colour arithmetic of the pixel path (ADDENDUM 4, docs/spec-decisions.md
 * "Colour arithmetic"). Every channel is unsigned 10.8 fixed point in 18 bits: integer part
 * 0..1023 (1023 = full intensity), 8 fraction bits. C108_ONE is full intensity (1023.0).
 * The RTL mirrors each function with the same name in rtl/gpu_pkg.sv. */
#ifndef COLOR108_H
#define COLOR108_H

#include <stdint.h>

/* one colour of the pixel path, four 10.8 channels (gpu_pkg::color108_t) */
typedef struct {
    uint32_t r, g, b, a;
} color108_t;

#define C108_ONE 261888u              /* 1023.0 */
#define C108_MAX ((1u << 18) - 1u)    /* 1023.996: the largest value a channel holds */

/* 8-bit channel (vertex colour, decoded texel) -> 10.8: c10 = c8<<2 | c8>>6, fraction 0 */
static inline uint32_t c108_from8(uint32_t c8)
{
    c8 &= 0xFFu;
    return ((c8 << 2) | (c8 >> 6)) << 8;
}

/* the rounding of a product t = x*y (36 bits): (t + t>>10 + t>>20 + 2^17) >> 18, saturated at
 * C108_MAX (the RTL may register t between its multiplier and this) */
static inline uint32_t c108_round(uint64_t t)
{
    t &= (1ull << 36) - 1u;
    uint64_t z = (t + (t >> 10) + (t >> 20) + (1u << 17)) >> 18;
    return z > C108_MAX ? C108_MAX : (uint32_t)z;
}

/* product of two channels with 1023.0 as one: c108_round(x*y). Within 0.5002 (in 1/256) of
 * round(x*y / 261888); x*C108_ONE == x and x*0 == 0 exactly for every x. One 18x18
 * multiplier and three adds in the RTL. */
static inline uint32_t c108_mul(uint32_t x, uint32_t y)
{
    return c108_round((uint64_t)(x & C108_MAX) * (uint64_t)(y & C108_MAX));
}

/* saturating sum and clamped differences */
static inline uint32_t c108_add(uint32_t x, uint32_t y)
{
    uint32_t s = (x & C108_MAX) + (y & C108_MAX);
    return s > C108_MAX ? C108_MAX : s;
}

static inline uint32_t c108_sub(uint32_t x, uint32_t y)
{
    x &= C108_MAX;
    y &= C108_MAX;
    return x > y ? x - y : 0u;
}

/* 1.0 - x, clamped at 0 (x above 1023.0 counts as 1.0) */
static inline uint32_t c108_inv(uint32_t x)
{
    return c108_sub(C108_ONE, x);
}

#endif
