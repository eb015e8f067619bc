/* Triangle setup (ADDENDUM 5; docs/spec-decisions.md "Rasterization").
 * Mirrors rtl/raster/raster_setup.sv operation for operation.
 *
 *   area = (x1-x0)(y2-y0) - (x2-x0)(y1-y0)      (12.4 inputs, so units of 1/256 px^2)
 *   area == 0           -> dropped (GPU_DROP_ZERO_AREA)
 *   area <  0           -> v1 and v2 swapped, area negated (both windings draw)
 *   edge k from a to b: w(s) = (xb-xa)(sy-ya) - (yb-ya)(sx-xa), s = pixel centre (16px+8, 16py+8)
 *     edge 0: v1->v2, edge 1: v2->v0, edge 2: v0->v1
 *     top-left edge (dy < 0, or dy == 0 and dx > 0): inside when w >= 0; others when w >= 1,
 *     so the stored value is w - 1 for non-top-left edges and coverage is "all three >= 0".
 *   bbox = [min(x)>>4, max(x)>>4] x [min(y)>>4, max(y)>>4] clipped to 640x480; empty -> dropped
 *   attribute a (Z; R, G, B, A with GOURAUD): d1 = a1-a0, d2 = a2-a0, unbiased w1, w2, and
 *     rdiv(n) = round(n * 2^12 / area) (plane_rdiv), the plane P = c + gx*X + gy*Y with
 *     c = (a0 << 12) + 2^11 + rdiv(d1*w1 + d2*w2 at the origin), gx = rdiv(d1*wx1 + d2*wx2),
 *     gy = rdiv(d1*wy1 + d2*wy2); a(p) = P >> 12 (raster_interp.c, docs/spec-decisions.md
 *     "Attribute interpolation").
 */
#include "gpu_model_int.h"

static int16_t min3(int16_t a, int16_t b, int16_t c)
{
    int16_t m = a < b ? a : b;
    return m < c ? m : c;
}

static int16_t max3(int16_t a, int16_t b, int16_t c)
{
    int16_t m = a > b ? a : b;
    return m > c ? m : c;
}

static int16_t clampi(int v, int lo, int hi) { return (int16_t)(v < lo ? lo : (v > hi ? hi : v)); }

static uint32_t attr_val(const vertex_t *v, int k)
{
    switch (k) {
    case ATTR_Z: return v->z;
    case ATTR_R: return v->color & 0xFF;
    case ATTR_G: return (v->color >> 8) & 0xFF;
    case ATTR_B: return (v->color >> 16) & 0xFF;
    default: return (v->color >> 24) & 0xFF;
    }
}

int raster_setup(const triangle_t *t, const draw_state_t *ds, setup_t *s)
{
    vertex_t v[3] = {t->v[0], t->v[1], t->v[2]};
    int64_t area = (int64_t)(v[1].x - v[0].x) * (v[2].y - v[0].y) - (int64_t)(v[2].x - v[0].x) * (v[1].y - v[0].y);
    if (area == 0) {
        return GPU_DROP_ZERO_AREA;
    }
    if (area < 0) {
        vertex_t tmp = v[1];
        v[1] = v[2];
        v[2] = tmp;
        area = -area;
    }
    int bx0 = min3(v[0].x, v[1].x, v[2].x) >> 4;
    int bx1 = max3(v[0].x, v[1].x, v[2].x) >> 4;
    int by0 = min3(v[0].y, v[1].y, v[2].y) >> 4;
    int by1 = max3(v[0].y, v[1].y, v[2].y) >> 4;
    if (bx1 < 0 || by1 < 0 || bx0 > GPU_FB_W - 1 || by0 > GPU_FB_H - 1) {
        return GPU_DROP_OFFSCREEN;
    }
    setup_edge_t *e = &s->edges;
    e->bb_x0 = clampi(bx0, 0, GPU_FB_W - 1);
    e->bb_x1 = clampi(bx1, 0, GPU_FB_W - 1);
    e->bb_y0 = clampi(by0, 0, GPU_FB_H - 1);
    e->bb_y1 = clampi(by1, 0, GPU_FB_H - 1);
    e->area = area;

    const int64_t sx = (int64_t)e->bb_x0 * 16 + 8;
    const int64_t sy = (int64_t)e->bb_y0 * 16 + 8;
    int64_t wraw[3];
    for (int k = 0; k < 3; k++) {
        const vertex_t *a = &v[(k + 1) % 3];
        const vertex_t *b = &v[(k + 2) % 3];
        int64_t dx = (int64_t)b->x - a->x;
        int64_t dy = (int64_t)b->y - a->y;
        wraw[k] = dx * (sy - a->y) - dy * (sx - a->x);
        e->wx[k] = -dy * 16;
        e->wy[k] = dx * 16;
        int top_left = (dy < 0) || (dy == 0 && dx > 0);
        e->w0[k] = wraw[k] - (top_left ? 0 : 1);
    }

    s->sid = t->sid;
    s->prim = t->prim;
    const int interp_z = ds->z_test || ds->z_write;
    s->interp_c = ds->gouraud != 0;
    s->flat_color = t->v[0].color;              /* the first submitted vertex, never swapped */
    setup_attr_t *p = &s->attr;
    for (int k = 0; k < ATTR_N; k++) {
        int need = (k == ATTR_Z) ? interp_z : s->interp_c;
        if (!need) {
            p->c[k] = p->gx[k] = p->gy[k] = 0;
            continue;
        }
        int64_t a0 = attr_val(&v[0], k);
        int64_t d1 = (int64_t)attr_val(&v[1], k) - a0;
        int64_t d2 = (int64_t)attr_val(&v[2], k) - a0;
        p->c[k] = ((uint64_t)a0 << ATTR_PLANE_FRAC) + (1u << (ATTR_PLANE_FRAC - 1)) +
                  plane_rdiv(d1 * wraw[1] + d2 * wraw[2], area);
        p->gx[k] = plane_rdiv(d1 * e->wx[1] + d2 * e->wx[2], area);
        p->gy[k] = plane_rdiv(d1 * e->wy[1] + d2 * e->wy[2], area);
    }
    tmu_setup(v, wraw, e, ds, &s->tex);
    return 0;
}
