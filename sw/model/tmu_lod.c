/* tmu_lod: the mip level of a pixel (docs/spec-decisions.md "Texture units", LOD). Mirrors the
 * LOD stage of the texture datapath (rtl/tex/tmu_lod.sv, to come).
 *
 * Analytic derivatives: du/dx = 2^WL * N_ux / Q^2 with N_ux = GX_u Q - GX_q UQ (and alike for
 * the other three); setup keeps N as one-dimensional planes scaled by 2^-s (tmu_setup_lod):
 *   N_ux = k0ux + k1u*Y   N_uy = k0uy - k1u*X   N_vx = k0vx + k1v*Y   N_vy = k0vy - k1v*X
 *   D    = max(max(|N_ux|, |N_uy|) << wl, max(|N_vx|, |N_vy|) << hl)      (< 2^33)
 *   lod  = flog2(D) + 16*(s + 16) - 2*flog2(qc) + 4*MIP_BIAS             (1/16 units)
 *   level = (clamp(lod, 0, 16*(levels-1)) + 8) >> 4                      (nearest level)
 * D = 0 (texture coordinates constant over the triangle) selects level 0. */
#include "tmu.h"

int32_t tmu_flog2_16(uint64_t x)
{
    int e = 63;
    while (e > 0 && !((x >> e) & 1u)) {
        e--;
    }
    uint32_t frac = e >= 4 ? (uint32_t)(x >> (e - 4)) & 15u : (uint32_t)(x << (4 - e)) & 15u;
    return 16 * e + (int32_t)frac;
}

static int64_t i64abs(int64_t v) { return v < 0 ? -v : v; }

unsigned tmu_lod(const tex_unit_planes_t *u, const tex_state_t *ts, unsigned X, unsigned Y, uint32_t qc)
{
    if (ts->levels <= 1) {
        return 0;
    }
    const int64_t nux = (int64_t)u->k0ux + (int64_t)u->k1u * Y;
    const int64_t nuy = (int64_t)u->k0uy - (int64_t)u->k1u * X;
    const int64_t nvx = (int64_t)u->k0vx + (int64_t)u->k1v * Y;
    const int64_t nvy = (int64_t)u->k0vy - (int64_t)u->k1v * X;
    const uint64_t du = (uint64_t)(i64abs(nux) > i64abs(nuy) ? i64abs(nux) : i64abs(nuy)) << ts->wl;
    const uint64_t dv = (uint64_t)(i64abs(nvx) > i64abs(nvy) ? i64abs(nvx) : i64abs(nvy)) << ts->hl;
    const uint64_t d = du > dv ? du : dv;
    if (d == 0) {
        return 0;
    }
    int32_t lod = tmu_flog2_16(d) + 16 * ((int32_t)u->lod_shift + 16) - 2 * tmu_flog2_16(qc) + 4 * (int32_t)ts->bias;
    const int32_t hi = 16 * ((int32_t)ts->levels - 1);
    lod = lod < 0 ? 0 : (lod > hi ? hi : lod);
    return (unsigned)((lod + 8) >> 4);
}
