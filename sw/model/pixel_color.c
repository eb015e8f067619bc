/* pixel_color: the walker's fragment becomes the pixel fragment of the stage chain; each
 * 8-bit channel promotes to the 10-bit integer part of the 10.8 pipeline by bit replication,
 * c10 = c8 << 2 | c8 >> 6 (ADDENDUM 4). Mirrors rtl/pixel/pixel_color.sv. */
#include "gpu_model_int.h"

static uint16_t promote8(uint32_t c8) { return (uint16_t)((c8 << 2) | (c8 >> 6)); }

pfrag_t pixel_color(const frag_t *f)
{
    pfrag_t p;
    p.x = f->x;
    p.y = f->y;
    p.z = f->z;
    p.color.r = promote8(f->color & 0xFF);
    p.color.g = promote8((f->color >> 8) & 0xFF);
    p.color.b = promote8((f->color >> 16) & 0xFF);
    p.color.a = promote8((f->color >> 24) & 0xFF);
    p.sid = f->sid;
    p.prim = f->prim;
    return p;
}
