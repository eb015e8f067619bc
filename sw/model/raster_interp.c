/* Attribute plane stepping for the bbox walk. Mirrors rtl/raster/raster_interp.sv.
 * For every attribute plane (ATTR_*) the running value P starts at c at the bbox origin and
 * advances by gx per pixel and by gy per row (row start and current pixel, as the walker
 * steps); the attribute is P >> ATTR_PLANE_FRAC (docs/spec-decisions.md "Attribute
 * interpolation"). Sums wrap modulo 2^64, which leaves the bits read exact (the RTL keeps
 * ATTR_PLANE_W bits). */
#include "gpu_model_int.h"

void raster_interp_start(interp_t *v, const setup_attr_t *p)
{
    for (int k = 0; k < ATTR_N; k++) {
        v->p[k] = p->c[k];
    }
}

void raster_interp_step_x(interp_t *v, const setup_attr_t *p)
{
    for (int k = 0; k < ATTR_N; k++) {
        v->p[k] += p->gx[k];
    }
}

void raster_interp_step_y(interp_t *v, const setup_attr_t *p)
{
    for (int k = 0; k < ATTR_N; k++) {
        v->p[k] += p->gy[k];
    }
}

uint32_t raster_interp_z(const interp_t *v)
{
    return (uint32_t)(v->p[ATTR_Z] >> ATTR_PLANE_FRAC) & 0x1FFFFFF;
}

uint32_t raster_interp_color(const interp_t *v)
{
    uint32_t c = 0;
    for (int k = ATTR_R; k <= ATTR_A; k++) {
        c |= ((uint32_t)(v->p[k] >> ATTR_PLANE_FRAC) & 0xFF) << (8 * (k - ATTR_R));
    }
    return c;
}
