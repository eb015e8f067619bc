/* tmu.h: the texture units of the reference model (issue 12; docs/spec-decisions.md "Texture
 * units"). One shared texture datapath serves the four units; each stage is one function in a
 * file named after the RTL module that implements it (rtl/tex/):
 *
 *   tmu_setup.c    per-triangle texture planes (UQ, VQ, Q) and LOD numerator planes
 *   tmu_persp.c    per-pixel plane values, the reciprocal of Q (tmu_recip) and the products
 *                  UQ * (1/Q), VQ * (1/Q) (perspective divide)
 *   tmu_lod.c      mip level from the analytic derivatives, MIP_BIAS, clamp, nearest level
 *   tmu_addr.c     wrap modes, texel coordinates, mip chain and 4x4-block addresses
 *   tmu_cache.c    per-unit cache of decoded 4x4 blocks (hit/miss counters)
 *   tmu_decode.c   RGBA4444 texel and BC1 block decoding to RGBA8
 *   tmu_swizzle.c  the 13 swizzle patterns
 *   tmu_blend.c    the texture blend chain 0 -> 1 -> 2 -> 3 and the Gouraud modulation
 *   tmu.c          one fragment through the stages above (tmu_fragment)
 *
 * This header holds the types and the pure functions; the functions that need the model's
 * own types (vertex, setup record, model) are declared in gpu_model_int.h. */
#ifndef TMU_H
#define TMU_H

#include "color108.h"
#include <stdint.h>

#define TMU_UNITS 4
#define TEX_PLANE_FRAC 12     /* plane values carry 12 bits below the 1.15 LSB: units of 2^-27 */
#define TEX_LOD_MANT_BITS 22  /* LOD numerator planes are scaled to |N| < 2^22 at setup */
#define TEX_CACHE_SETS 32
#define TEX_CACHE_WAYS 4

enum { TEX_FMT_RGBA4444 = 0, TEX_FMT_BC1 = 1 };     /* 2, 3: reserved, sample as RGBA 0 */
enum { TEX_WRAP_REPEAT = 0, TEX_WRAP_CLAMP_EDGE = 1, TEX_WRAP_CLAMP_ZERO = 2, TEX_WRAP_MIRROR = 3 };
enum { TEX_BLEND_MULTIPLY = 0, TEX_BLEND_ADD = 1, TEX_BLEND_SUBTRACT = 2, TEX_BLEND_INV_SUBTRACT = 3 };

/* The state of one texture unit as a triangle is drawn with it (part of draw_state_t; later
 * gpu_pkg::tex_state_t). Fields are the effective values, already clamped (tex_state_decode). */
typedef struct {
    uint8_t enable;   /* TEXn_FMT.ENABLE */
    uint8_t format;   /* TEXn_FMT.FORMAT (0 RGBA4444, 1 BC1, 2-3 reserved) */
    uint8_t swizzle;  /* TEXn_FMT.SWIZZLE, 0xD-0xF already mapped to 0 */
    uint8_t wl, hl;   /* WIDTH_LOG2, HEIGHT_LOG2 clamped to 3..10 */
    uint8_t levels;   /* mip levels in use: clamp(MIP_LEVELS, 1, 1 + max(wl, hl)) */
    uint8_t blend;    /* TEXn_BLEND.FUNC */
    uint8_t wrap_u, wrap_v; /* TEXn_WRAP.U_WRAP, V_WRAP */
    int8_t bias;      /* TEXn_MIP_BIAS, signed, 2 fraction bits */
    uint32_t base;    /* TEXn_BASE[24:12] << 12 */
} tex_state_t;

/* the effective state from the four register values */
tex_state_t tex_state_decode(uint64_t base_reg, uint64_t fmt_reg, uint64_t blend_reg, uint64_t bias_reg,
                             uint64_t wrap_reg);

/* One attribute plane: value(x, y) = c + gx*X + gy*Y modulo 2^32 (signed), X = x - bb_x0,
 * Y = y - bb_y0, in units of 2^-27 (1.15 with TEX_PLANE_FRAC more fraction bits). */
typedef struct {
    int32_t c, gx, gy;
} tex_plane_t;

/* Per unit: the three coordinate planes and the four LOD numerator planes, which are
 * one-dimensional: N_ux = k0ux + k1u*Y, N_vx = k0vx + k1v*Y, N_uy = k0uy - k1u*X,
 * N_vy = k0vy - k1v*X, scaled by 2^-lod_shift. */
typedef struct {
    tex_plane_t uq, vq, q;
    int32_t k0ux, k0uy, k0vx, k0vy; /* |k0| < 2^22 */
    int32_t k1u, k1v;               /* |k1| < 2^12 */
    uint8_t lod_shift;              /* s, 0..63 */
} tex_unit_planes_t;

/* the texture part of the setup record (only enabled units are set up) */
typedef struct {
    uint8_t en_mask;  /* bit n: unit n enabled in the triangle's draw state */
    tex_unit_planes_t u[TMU_UNITS];
} tex_planes_t;

/* ---- tmu_setup.c ---- */
/* round(n * 2^TEX_PLANE_FRAC / area), halves up, modulo 2^32: the plane coefficient of a
 * numerator n (exact: floor((n * 2^13 + area) / (2 area))) */
int32_t tmu_setup_rdiv(int64_t n, int64_t area);
/* the LOD numerator planes of a unit from its three coordinate planes and the bbox size */
void tmu_setup_lod(tex_unit_planes_t *u);

/* ---- tmu_persp.c ---- */
int32_t tmu_plane_eval(const tex_plane_t *p, unsigned X, unsigned Y);
/* reciprocal of a mantissa 2^16 <= m < 2^17: r ~= 2^33 / m, 18 bits (table data/tex_recip.hex) */
uint32_t tmu_recip(uint32_t m);
/* the perspective divide of one pixel of one unit */
typedef struct {
    uint32_t qc;    /* Q clamped: max(Q, 1), 1..2^31-1 */
    unsigned k;     /* floor(log2(qc)), 0..30 */
    uint32_t m;     /* qc normalised to 17 bits, 2^16..2^17-1 */
    uint32_t r;     /* tmu_recip(m) */
    int64_t pu, pv; /* UQ * r, VQ * r: U = pu / 2^(k+17), V = pv / 2^(k+17) */
} tex_persp_t;
void tmu_persp(int32_t uq, int32_t vq, int32_t q, tex_persp_t *o);
/* floor(x / 2^s) for any sign (arithmetic right shift) */
static inline int64_t tex_asr(int64_t x, unsigned s)
{
    return x >= 0 ? x >> s : -(int64_t)(((uint64_t)(-(x + 1)) >> s) + 1u);
}

/* the signed value of a 32-bit word (two's complement) */
static inline int32_t tex_s32(uint32_t u)
{
    return u < 0x80000000u ? (int32_t)u : (int32_t)(u - 0x80000000u) + INT32_MIN;
}

/* ---- tmu_lod.c ---- */
/* 16 * log2(x) with the fraction taken linearly from the 4 bits after the leading one
 * (truncated); x >= 1 */
int32_t tmu_flog2_16(uint64_t x);
/* mip level 0..levels-1 of a pixel (X, Y from the bbox origin, qc from tmu_persp) */
unsigned tmu_lod(const tex_unit_planes_t *u, const tex_state_t *ts, unsigned X, unsigned Y, uint32_t qc);

/* ---- tmu_addr.c ---- */
/* wraps texel index t for a level of 2^w texels: 1 and *o in 0..2^w-1, or 0 for a
 * CLAMP_TO_ZERO sample outside the level */
int tmu_wrap(int64_t t, unsigned w, unsigned mode, uint32_t *o);
/* byte offset of mip level i from the base (chain of ADDENDUM 3, no padding) */
uint32_t tmu_level_offset(const tex_state_t *ts, unsigned level);
/* a texel request: the 4x4 block's address, the texel in it, the cache set */
typedef struct {
    uint8_t zero;        /* 1: CLAMP_TO_ZERO outside, or reserved format: the sample is RGBA 0 */
    uint32_t block_addr; /* byte address of the block (mod 32 MiB) */
    uint8_t texel;       /* (ty & 3) * 4 + (tx & 3) */
    uint8_t set;         /* cache set */
} tex_req_t;
tex_req_t tmu_addr(const tex_state_t *ts, const tex_persp_t *p, unsigned level);

/* ---- tmu_decode.c ---- texels as RGBA8: A[31:24] B[23:16] G[15:8] R[7:0] */
uint32_t tmu_decode_rgba4444(uint16_t t);
/* the BC1 palette colour idx (0..3) of a block's colours c0, c1 (RGB565) */
uint32_t tmu_decode_bc1(uint16_t c0, uint16_t c1, unsigned idx);
/* all 16 texels of a block (32 bytes RGBA4444 or 8 bytes BC1), texel (x, y) at out[y*4 + x] */
void tmu_decode_block(unsigned format, const uint8_t *bytes, uint32_t out[16]);

/* ---- tmu_swizzle.c ---- */
uint32_t tmu_swizzle(uint32_t rgba8, unsigned code);

/* ---- tmu_blend.c ---- */
color108_t tmu_blend(color108_t prev, color108_t cur, unsigned func);
color108_t tmu_modulate(color108_t tex, color108_t vertex); /* GOURAUD: per-channel c108_mul */
color108_t tmu_promote(uint32_t rgba8);                     /* c108_from8 per channel */

/* ---- tmu_cache.c ---- */
typedef struct {
    uint8_t valid[TEX_CACHE_SETS][TEX_CACHE_WAYS];
    uint32_t tag[TEX_CACHE_SETS][TEX_CACHE_WAYS]; /* block address >> 3 */
    uint8_t next[TEX_CACHE_SETS];                 /* FIFO replacement pointer */
    uint32_t data[TEX_CACHE_SETS][TEX_CACHE_WAYS][16];
    uint64_t hits, misses;
} tmu_cache_t;
void tmu_cache_invalidate(tmu_cache_t *c);
/* the decoded texel of a request; a miss reads the block with rd(ctx, word address) and fills */
typedef uint32_t (*tmu_mem_rd_fn)(const void *ctx, uint32_t addr);
uint32_t tmu_cache_texel(tmu_cache_t *c, unsigned format, const tex_req_t *q, tmu_mem_rd_fn rd, const void *ctx);

#endif
