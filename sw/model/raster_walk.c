/* Bounding-box walk: rows top to bottom, pixels left to right, one sample per pixel centre.
 * A pixel is covered when all three biased edge values are >= 0. The attribute planes are
 * stepped by raster_interp.c (row start and current pixel).
 * Mirrors rtl/raster/raster_walk.sv in what it emits: the RTL visits only the covered span of
 * each row and its drift (rtl/raster/README.md "Walk order"), and emits the same fragments in
 * the same order, with the same values (the planes are linear: any path gives the same bits). */
#include "gpu_model_int.h"

void raster_walk(gpu_model_t *m, const setup_t *s)
{
    const setup_edge_t *e = &s->edges;
    const setup_attr_t *p = &s->attr;
    int64_t wrow[3] = {e->w0[0], e->w0[1], e->w0[2]};
    interp_t arow;
    raster_interp_start(&arow, p);
    for (int y = e->bb_y0; y <= e->bb_y1; y++) {
        int64_t w[3] = {wrow[0], wrow[1], wrow[2]};
        interp_t a = arow;
        for (int x = e->bb_x0; x <= e->bb_x1; x++) {
            if (w[0] >= 0 && w[1] >= 0 && w[2] >= 0) {
                frag_t f;
                f.x = (uint16_t)x;
                f.y = (uint16_t)y;
                f.prim = s->prim;
                f.sid = s->sid;
                f.z = raster_interp_z(&a);
                f.color = s->interp_c ? raster_interp_color(&a) : s->flat_color;
                m->st.fragments++;
                gpu_event_t ev = {.kind = GPU_EV_FRAG, .data = f.color, .prim = f.prim, .x = f.x, .y = f.y, .z = f.z,
                                  .sid = f.sid};
                gpu_model_emit(m, &ev);
                pixel_path(m, &f, s);
            }
            for (int k = 0; k < 3; k++) {
                w[k] += e->wx[k];
            }
            raster_interp_step_x(&a, p);
        }
        for (int k = 0; k < 3; k++) {
            wrow[k] += e->wy[k];
        }
        raster_interp_step_y(&arow, p);
    }
}
