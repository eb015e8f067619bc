/* tmu_persp: per-pixel plane values and the perspective divide (docs/spec-decisions.md
 * "Texture units", perspective). Mirrors rtl/tex/tmu_recip.sv (the reciprocal) and the
 * perspective stage of the texture datapath.
 *
 *   qc = max(Q, 1)            (Q <= 0 samples as the smallest positive Q)
 *   k  = floor(log2(qc))      0..30
 *   m  = qc normalised to 17 bits: qc << (16 - k) for k <= 16, else qc >> (k - 16) (truncated)
 *   r  = tmu_recip(m) ~= 2^33 / m (18 bits)
 *   pu = UQ * r, pv = VQ * r  (signed 32 x unsigned 18 bits; at covered pixels |UQ| < 2^28)
 * so that U = UQ / qc ~= pu / 2^(k + 17). */
#include "tmu.h"

static const uint32_t k_recip[256] = {
#include "tex_recip_table.inc"
};

int32_t tmu_plane_eval(const tex_plane_t *p, unsigned X, unsigned Y)
{
    uint32_t v = (uint32_t)p->c + (uint32_t)p->gx * (uint32_t)X + (uint32_t)p->gy * (uint32_t)Y;
    return tex_s32(v);
}

/* f = m - 2^16, i = f >> 8, j = f & 255; entry {T0[19:0], D[11:0]} in 1/8 of r's last bit:
 * r = (T0 - ((D*j + 128) >> 8) + 4) >> 3 */
uint32_t tmu_recip(uint32_t m)
{
    const uint32_t f = (m - 0x10000u) & 0xFFFFu;
    const uint32_t e = k_recip[f >> 8];
    const uint32_t t0 = e >> 12, d = e & 0xFFFu;
    return (t0 - ((d * (f & 0xFFu) + 128u) >> 8) + 4u) >> 3;
}

void tmu_persp(int32_t uq, int32_t vq, int32_t q, tex_persp_t *o)
{
    o->qc = q < 1 ? 1u : (uint32_t)q;
    unsigned k = 0;
    while ((o->qc >> (k + 1)) != 0) {
        k++;
    }
    o->k = k;
    o->m = k <= 16 ? o->qc << (16 - k) : o->qc >> (k - 16);
    o->r = tmu_recip(o->m);
    o->pu = (int64_t)uq * (int64_t)o->r;
    o->pv = (int64_t)vq * (int64_t)o->r;
}
