/* Exact attribute stepping for the bbox walk. Mirrors rtl/raster/raster_interp.sv.
 * For every attribute plane (ATTR_*) the running (q, r) advances by (qx, rx) per pixel and by
 * (qy, ry) per row, with r kept in [0, area) and a carry into q; the attribute value is a0 + q.
 * The RTL keeps q modulo 2^32: identical for every covered pixel, whose value always lies
 * between the vertex values. */
#include "gpu_model_int.h"

static void qr_step(int64_t *q, int64_t *r, int64_t dq, int64_t dr, int64_t area)
{
    *q += dq;
    *r += dr;
    if (*r >= area) {
        *r -= area;
        *q += 1;
    }
}

void raster_interp_start(interp_t *v, const setup_attr_t *p)
{
    for (int k = 0; k < ATTR_N; k++) {
        v->q[k] = p->q0[k];
        v->r[k] = p->r0[k];
    }
}

void raster_interp_step_x(interp_t *v, const setup_attr_t *p, int64_t area)
{
    for (int k = 0; k < ATTR_N; k++) {
        qr_step(&v->q[k], &v->r[k], p->qx[k], p->rx[k], area);
    }
}

void raster_interp_step_y(interp_t *v, const setup_attr_t *p, int64_t area)
{
    for (int k = 0; k < ATTR_N; k++) {
        qr_step(&v->q[k], &v->r[k], p->qy[k], p->ry[k], area);
    }
}

uint32_t raster_interp_z(const interp_t *v, const setup_attr_t *p)
{
    return (uint32_t)(p->a0[ATTR_Z] + v->q[ATTR_Z]) & 0x1FFFFFF;
}

uint32_t raster_interp_color(const interp_t *v, const setup_attr_t *p)
{
    uint32_t c = 0;
    for (int k = ATTR_R; k <= ATTR_A; k++) {
        c |= ((uint32_t)(p->a0[k] + v->q[k]) & 0xFF) << (8 * (k - ATTR_R));
    }
    return c;
}
