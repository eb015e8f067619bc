/* tmu_blend: the texture blend chain and the vertex-colour modulation on 10.8 colours
 * (docs/spec-decisions.md "Texture units", blend chain). Mirrors rtl/tex/tmu_blend.sv.
 *   MULTIPLY prev*cur (c108_mul), ADD c108_add(prev, cur), SUBTRACT c108_sub(prev, cur),
 *   INVERSE_SUBTRACT c108_sub(cur, prev), per channel (alpha included). */
#include "tmu.h"

color108_t tmu_promote(uint32_t rgba8)
{
    color108_t c = {c108_from8(rgba8), c108_from8(rgba8 >> 8), c108_from8(rgba8 >> 16), c108_from8(rgba8 >> 24)};
    return c;
}

static uint32_t op(uint32_t p, uint32_t c, unsigned func)
{
    switch (func & 3u) {
    case TEX_BLEND_MULTIPLY: return c108_mul(p, c);
    case TEX_BLEND_ADD: return c108_add(p, c);
    case TEX_BLEND_SUBTRACT: return c108_sub(p, c);
    default: return c108_sub(c, p);
    }
}

color108_t tmu_blend(color108_t prev, color108_t cur, unsigned func)
{
    color108_t o = {op(prev.r, cur.r, func), op(prev.g, cur.g, func), op(prev.b, cur.b, func),
                    op(prev.a, cur.a, func)};
    return o;
}

color108_t tmu_modulate(color108_t tex, color108_t vertex) { return tmu_blend(tex, vertex, TEX_BLEND_MULTIPLY); }
