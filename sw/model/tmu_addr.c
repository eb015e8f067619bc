/* tmu_addr: wrap modes, texel coordinates and block addresses (docs/spec-decisions.md
 * "Texture units", addressing). Mirrors rtl/tex/tmu_wrap.sv (one axis) and the address stage.
 *
 * Level i of a 2^wl x 2^hl texture is 2^w x 2^h texels, w = max(wl - i, 0), h = max(hl - i, 0).
 * Texel index (nearest; texel t covers [t, t+1) / 2^w of U, its centre at (t + 1/2) / 2^w):
 *   t = floor(U * 2^w) = pu >> (k + 17 - w)   (arithmetic shift; 7..47)
 * then the axis' wrap mode (tmu_wrap). Block layout (ADDENDUM 3): 4x4 blocks row-major,
 * 2^max(w-2,0) blocks per row, 32 bytes (RGBA4444) or 8 bytes (BC1) per block; a level smaller
 * than 4x4 still takes one whole block. Levels follow each other without padding. */
#include "gpu_regs.h"
#include "tmu.h"

int tmu_wrap(int64_t t, unsigned w, unsigned mode, uint32_t *o)
{
    const uint64_t size = 1ull << w;
    switch (mode & 3u) {
    case TEX_WRAP_REPEAT:
        *o = (uint32_t)((uint64_t)t & (size - 1u));
        return 1;
    case TEX_WRAP_CLAMP_EDGE:
        *o = t < 0 ? 0u : ((uint64_t)t >= size ? (uint32_t)(size - 1u) : (uint32_t)t);
        return 1;
    case TEX_WRAP_CLAMP_ZERO:
        if (t < 0 || (uint64_t)t >= size) {
            *o = 0;
            return 0;
        }
        *o = (uint32_t)t;
        return 1;
    default: { /* MIRROR: period 2^(w+1), the second half reflected */
        const uint64_t t2 = (uint64_t)t & (2u * size - 1u);
        *o = (uint32_t)(t2 < size ? t2 : 2u * size - 1u - t2);
        return 1;
    }
    }
}

static unsigned sub0(unsigned a, unsigned b) { return a > b ? a - b : 0u; }

static uint32_t level_bytes(const tex_state_t *ts, unsigned i)
{
    const unsigned bxl = sub0(sub0(ts->wl, i), 2), byl = sub0(sub0(ts->hl, i), 2);
    return (ts->format == TEX_FMT_BC1 ? 8u : 32u) << (bxl + byl);
}

uint32_t tmu_level_offset(const tex_state_t *ts, unsigned level)
{
    uint32_t off = 0;
    for (unsigned i = 0; i < level; i++) {
        off += level_bytes(ts, i);
    }
    return off;
}

tex_req_t tmu_addr(const tex_state_t *ts, const tex_persp_t *p, unsigned level)
{
    tex_req_t q = {0};
    if (ts->format > TEX_FMT_BC1) {
        q.zero = 1;
        return q;
    }
    const unsigned w = sub0(ts->wl, level), h = sub0(ts->hl, level);
    uint32_t tx, ty;
    const int in_u = tmu_wrap(tex_asr(p->pu, p->k + 17u - w), w, ts->wrap_u, &tx);
    const int in_v = tmu_wrap(tex_asr(p->pv, p->k + 17u - h), h, ts->wrap_v, &ty);
    if (!in_u || !in_v) {
        q.zero = 1;
        return q;
    }
    const uint32_t bx = tx >> 2, by = ty >> 2;
    const unsigned bxl = sub0(w, 2);
    const uint32_t bsize = ts->format == TEX_FMT_BC1 ? 8u : 32u;
    q.block_addr = (ts->base + tmu_level_offset(ts, level) + ((by << bxl) + bx) * bsize) & (GPU_MEM_BYTES - 1u);
    q.texel = (uint8_t)(((ty & 3u) << 2) | (tx & 3u));
    q.set = (uint8_t)((((by & 3u) << 3) | (bx & 7u)) ^ (level & 15u));
    return q;
}
