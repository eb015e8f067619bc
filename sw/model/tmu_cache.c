/* tmu_cache: each texture unit's cache of decoded 4x4 blocks (docs/spec-decisions.md
 * "Texture units", cache). Mirrors rtl/tex/tmu_cache.sv (to come). Its contents are
 * architecturally visible: only a write of TEXn_BASE or TEXn_FMT (and reset) invalidates it,
 * so texels cached before texture memory is rewritten keep being served.
 *
 *   32 sets x 4 ways, one block (16 RGBA8 texels, before swizzle) per way;
 *   tag = block byte address >> 3 (22 bits, unique per block for a fixed BASE/FMT);
 *   set = {by[1:0], bx[2:0]} ^ level (computed by tmu_addr);
 *   every sample of an enabled unit with a valid format that is not CLAMP_TO_ZERO-outside is
 *   one lookup, in fragment order; a miss reads the block (8 words RGBA4444, 2 words BC1),
 *   decodes it and writes it into way next[set], then next[set] += 1 (FIFO per set);
 *   invalidate clears every valid bit and every next[] pointer. */
#include "tmu.h"
#include <string.h>

void tmu_cache_invalidate(tmu_cache_t *c)
{
    memset(c->valid, 0, sizeof(c->valid));
    memset(c->next, 0, sizeof(c->next));
}

uint32_t tmu_cache_texel(tmu_cache_t *c, unsigned format, const tex_req_t *q, tmu_mem_rd_fn rd, const void *ctx)
{
    const unsigned s = q->set % TEX_CACHE_SETS;
    const uint32_t tag = q->block_addr >> 3;
    for (unsigned w = 0; w < TEX_CACHE_WAYS; w++) {
        if (c->valid[s][w] && c->tag[s][w] == tag) {
            c->hits++;
            return c->data[s][w][q->texel & 15u];
        }
    }
    c->misses++;
    uint8_t bytes[32];
    const unsigned words = format == TEX_FMT_BC1 ? 2u : 8u;
    for (unsigned i = 0; i < words; i++) {
        const uint32_t v = rd(ctx, q->block_addr + 4u * i);
        for (unsigned b = 0; b < 4; b++) {
            bytes[4 * i + b] = (uint8_t)(v >> (8 * b));
        }
    }
    const unsigned w = c->next[s] % TEX_CACHE_WAYS;
    tmu_decode_block(format, bytes, c->data[s][w]);
    c->valid[s][w] = 1;
    c->tag[s][w] = tag;
    c->next[s] = (uint8_t)((w + 1u) % TEX_CACHE_WAYS);
    return c->data[s][w][q->texel & 15u];
}
