/* tmu_setup: the texture part of triangle setup (docs/spec-decisions.md "Texture units",
 * attribute planes and LOD planes). Mirrors rtl/tex/tmu_setup.sv (to come), which runs on the
 * multiplier and divider of raster_setup.
 *
 * For each enabled unit n and each of UQ, VQ, Q (1.15 from UVn of the three vertices, after the
 * winding swap of raster_setup): d1 = a1 - a0, d2 = a2 - a0 and
 *   c  = a0 * 2^12 + rdiv(d1*w1(origin) + d2*w2(origin))   (w: unbiased edge values)
 *   gx = rdiv(d1*wx1 + d2*wx2),  gy = rdiv(d1*wy1 + d2*wy2)
 * all modulo 2^32, rdiv(n) = round(n * 2^12 / area) with halves up. A pixel's value is
 * c + gx*X + gy*Y modulo 2^32 (X, Y from the bbox origin).
 * The LOD planes come from the coordinate planes reduced by 8 bits (tmu_setup_lod). */
#include "gpu_model_int.h"

int32_t tmu_setup_rdiv(int64_t n, int64_t area)
{
    /* the attribute planes' rounding division (gpu_model_int.h), modulo 2^32 */
    _Static_assert(TEX_PLANE_FRAC == ATTR_PLANE_FRAC, "one rounding division for every plane");
    return tex_s32((uint32_t)plane_rdiv(n, area));
}

static void plane(int64_t a0, int64_t a1, int64_t a2, const int64_t wraw[3], const setup_edge_t *e,
                  tex_plane_t *p)
{
    int64_t d1 = a1 - a0, d2 = a2 - a0;
    p->c = tex_s32((uint32_t)((uint64_t)a0 << TEX_PLANE_FRAC) + (uint32_t)tmu_setup_rdiv(d1 * wraw[1] + d2 * wraw[2], e->area));
    p->gx = tmu_setup_rdiv(d1 * e->wx[1] + d2 * e->wx[2], e->area);
    p->gy = tmu_setup_rdiv(d1 * e->wy[1] + d2 * e->wy[2], e->area);
}

static int64_t i64abs(int64_t x) { return x < 0 ? -x : x; }

/* Reduced values (>> 8, 24 bits): C', GX', GY'. With them
 *   K1u  = GX'u GY'q - GX'q GY'u     K1v  = GX'v GY'q - GX'q GY'v
 *   K0ux = GX'u C'q  - GX'q C'u      K0uy = GY'u C'q  - GY'q C'u   (v alike)
 * so that N_ux(Y) = K0ux + K1u*Y = GX'u Q'(p) - GX'q UQ'(p) exactly for the reduced planes
 * (the X terms cancel), N_uy(X) = K0uy - K1u*X. Every product is 24 x 24 bits, |K| < 2^48.
 * s is the least shift with (max|K0| + 1024 max|K1|) >> s < 2^22; the planes keep K >> s. */
void tmu_setup_lod(tex_unit_planes_t *u)
{
    const int64_t cu = tex_asr(u->uq.c, 8), gxu = tex_asr(u->uq.gx, 8), gyu = tex_asr(u->uq.gy, 8);
    const int64_t cv = tex_asr(u->vq.c, 8), gxv = tex_asr(u->vq.gx, 8), gyv = tex_asr(u->vq.gy, 8);
    const int64_t cq = tex_asr(u->q.c, 8), gxq = tex_asr(u->q.gx, 8), gyq = tex_asr(u->q.gy, 8);
    const int64_t k1u = gxu * gyq - gxq * gyu, k1v = gxv * gyq - gxq * gyv;
    const int64_t k0ux = gxu * cq - gxq * cu, k0uy = gyu * cq - gyq * cu;
    const int64_t k0vx = gxv * cq - gxq * cv, k0vy = gyv * cq - gyq * cv;
    int64_t m0 = i64abs(k0ux);
    m0 = i64abs(k0uy) > m0 ? i64abs(k0uy) : m0;
    m0 = i64abs(k0vx) > m0 ? i64abs(k0vx) : m0;
    m0 = i64abs(k0vy) > m0 ? i64abs(k0vy) : m0;
    int64_t m1 = i64abs(k1u) > i64abs(k1v) ? i64abs(k1u) : i64abs(k1v);
    const int64_t bound = m0 + 1024 * m1;
    unsigned s = 0;
    while ((bound >> s) >= ((int64_t)1 << TEX_LOD_MANT_BITS)) {
        s++;
    }
    u->lod_shift = (uint8_t)s;
    u->k0ux = (int32_t)tex_asr(k0ux, s);
    u->k0uy = (int32_t)tex_asr(k0uy, s);
    u->k0vx = (int32_t)tex_asr(k0vx, s);
    u->k0vy = (int32_t)tex_asr(k0vy, s);
    u->k1u = (int32_t)tex_asr(k1u, s);
    u->k1v = (int32_t)tex_asr(k1v, s);
}

static int64_t uv_field(uint64_t uv, unsigned shift) { return (int64_t)(int16_t)(uint16_t)(uv >> shift); }

void tmu_setup(const vertex_t v[3], const int64_t wraw[3], const setup_edge_t *e, const draw_state_t *ds,
               tex_planes_t *tp)
{
    tp->en_mask = 0;
    for (unsigned n = 0; n < TMU_UNITS; n++) {
        tex_unit_planes_t *u = &tp->u[n];
        *u = (tex_unit_planes_t){0};
        if (!ds->tex[n].enable) {
            continue;
        }
        tp->en_mask |= (uint8_t)(1u << n);
        plane(uv_field(v[0].uv[n], 0), uv_field(v[1].uv[n], 0), uv_field(v[2].uv[n], 0), wraw, e, &u->uq);
        plane(uv_field(v[0].uv[n], 16), uv_field(v[1].uv[n], 16), uv_field(v[2].uv[n], 16), wraw, e, &u->vq);
        plane(uv_field(v[0].uv[n], 32), uv_field(v[1].uv[n], 32), uv_field(v[2].uv[n], 32), wraw, e, &u->q);
        tmu_setup_lod(u);
    }
}
