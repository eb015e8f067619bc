/* Bounding-box walk: rows top to bottom, pixels left to right, one sample per pixel centre.
 * A pixel is covered when all three biased edge values are >= 0. Attributes step exactly:
 * (q, r) advance by (qx, rx) per pixel and (qy, ry) per row, with r kept in [0, area).
 * Mirrors rtl/raster/raster_walk.sv (which keeps q modulo 2^32: identical for every covered
 * pixel, whose value always lies between the vertex values). */
#include "gpu_model_int.h"

typedef struct {
    int64_t q, r;
} qr_t;

static void qr_step(qr_t *v, int64_t dq, int64_t dr, int64_t area)
{
    v->q += dq;
    v->r += dr;
    if (v->r >= area) {
        v->r -= area;
        v->q += 1;
    }
}

void raster_walk(gpu_model_t *m, const setup_t *s)
{
    const setup_edge_t *e = &s->edges;
    const setup_attr_t *p = &s->attr;
    int64_t wrow[3] = {e->w0[0], e->w0[1], e->w0[2]};
    qr_t arow[ATTR_N];
    for (int k = 0; k < ATTR_N; k++) {
        arow[k].q = p->q0[k];
        arow[k].r = p->r0[k];
    }
    for (int y = e->bb_y0; y <= e->bb_y1; y++) {
        int64_t w[3] = {wrow[0], wrow[1], wrow[2]};
        qr_t a[ATTR_N];
        for (int k = 0; k < ATTR_N; k++) {
            a[k] = arow[k];
        }
        for (int x = e->bb_x0; x <= e->bb_x1; x++) {
            if (w[0] >= 0 && w[1] >= 0 && w[2] >= 0) {
                frag_t f;
                f.x = (uint16_t)x;
                f.y = (uint16_t)y;
                f.prim = s->prim;
                f.z = (uint32_t)(p->a0[ATTR_Z] + a[ATTR_Z].q) & 0x1FFFFFF;
                if (s->interp_c) {
                    uint32_t c = 0;
                    for (int k = ATTR_R; k <= ATTR_A; k++) {
                        c |= ((uint32_t)(p->a0[k] + a[k].q) & 0xFF) << (8 * (k - ATTR_R));
                    }
                    f.color = c;
                } else {
                    f.color = s->flat_color;
                }
                m->st.fragments++;
                gpu_event_t ev = {.kind = GPU_EV_FRAG, .data = f.color, .prim = f.prim, .x = f.x, .y = f.y, .z = f.z};
                gpu_model_emit(m, &ev);
                pixel_pipe(m, &f, &s->rs);
            }
            for (int k = 0; k < 3; k++) {
                w[k] += e->wx[k];
            }
            for (int k = 0; k < ATTR_N; k++) {
                qr_step(&a[k], p->qx[k], p->rx[k], e->area);
            }
        }
        for (int k = 0; k < 3; k++) {
            wrow[k] += e->wy[k];
        }
        for (int k = 0; k < ATTR_N; k++) {
            qr_step(&arow[k], p->qy[k], p->ry[k], e->area);
        }
    }
}
