/* tmu_decode: texel formats to RGBA8 (docs/spec-decisions.md "Texture units", formats;
 * ADDENDUM 3). Mirrors rtl/tex/tmu_decode_rgba4444.sv and rtl/tex/tmu_decode_bc1.sv (whose palette,
 * tmu_decode_bc1(c0, c1, i) for i = 0..3, is rtl/tex/tmu_bc1_palette.sv).
 *
 * RGBA4444: R = t[15:12], G = t[11:8], B = t[7:4], A = t[3:0], c8 = c4 * 17 (c4 << 4 | c4).
 * BC1: c0, c1 RGB565 expand per channel by replication (r8 = r5 << 3 | r5 >> 2,
 * g8 = g6 << 2 | g6 >> 4); palette per channel on the 8-bit values a (c0), b (c1):
 *   c0 >  c1 (unsigned 16-bit): p2 = (2a + b + 1) / 3, p3 = (a + 2b + 1) / 3 (both rounded to
 *                               nearest; no ties), alpha 255 for all four
 *   c0 <= c1:                   p2 = (a + b + 1) >> 1 (halves up), alpha 255; p3 = RGBA 0 */
#include "tmu.h"

static uint32_t rgba(uint32_t r, uint32_t g, uint32_t b, uint32_t a) { return r | g << 8 | b << 16 | a << 24; }

uint32_t tmu_decode_rgba4444(uint16_t t)
{
    const uint32_t r = (t >> 12) & 15u, g = (t >> 8) & 15u, b = (t >> 4) & 15u, a = t & 15u;
    return rgba(r * 17u, g * 17u, b * 17u, a * 17u);
}

static uint32_t pal(uint32_t a, uint32_t b, unsigned idx, int four)
{
    switch (idx & 3u) {
    case 0: return a;
    case 1: return b;
    case 2: return four ? (2u * a + b + 1u) / 3u : (a + b + 1u) >> 1;
    default: return four ? (a + 2u * b + 1u) / 3u : 0u;
    }
}

uint32_t tmu_decode_bc1(uint16_t c0, uint16_t c1, unsigned idx)
{
    const int four = c0 > c1;
    const uint32_t r0 = (c0 >> 11) & 31u, g0 = (c0 >> 5) & 63u, b0 = c0 & 31u;
    const uint32_t r1 = (c1 >> 11) & 31u, g1 = (c1 >> 5) & 63u, b1 = c1 & 31u;
    const uint32_t ra = r0 << 3 | r0 >> 2, ga = g0 << 2 | g0 >> 4, ba = b0 << 3 | b0 >> 2;
    const uint32_t rb = r1 << 3 | r1 >> 2, gb = g1 << 2 | g1 >> 4, bb = b1 << 3 | b1 >> 2;
    const uint32_t alpha = (!four && (idx & 3u) == 3u) ? 0u : 255u;
    return rgba(pal(ra, rb, idx, four), pal(ga, gb, idx, four), pal(ba, bb, idx, four), alpha);
}

void tmu_decode_block(unsigned format, const uint8_t *bytes, uint32_t out[16])
{
    for (unsigned i = 0; i < 16; i++) {
        if (format == TEX_FMT_RGBA4444) {
            out[i] = tmu_decode_rgba4444((uint16_t)(bytes[2 * i] | bytes[2 * i + 1] << 8));
        } else {
            const uint16_t c0 = (uint16_t)(bytes[0] | bytes[1] << 8), c1 = (uint16_t)(bytes[2] | bytes[3] << 8);
            const uint32_t idx = (uint32_t)bytes[4] | (uint32_t)bytes[5] << 8 | (uint32_t)bytes[6] << 16 |
                                 (uint32_t)bytes[7] << 24;
            out[i] = tmu_decode_bc1(c0, c1, (idx >> (2 * i)) & 3u);
        }
    }
}
