/* pixel_color: the walker's fragment becomes the pixel fragment of the stage chain; each
 * 8-bit channel promotes to a 10.8 channel by bit replication of the integer part,
 * c10 = c8 << 2 | c8 >> 6, fraction 0 (c108_from8, ADDENDUM 4). Mirrors rtl/pixel/pixel_color.sv. */
#include "gpu_model_int.h"

pfrag_t pixel_color(const frag_t *f)
{
    pfrag_t p;
    p.x = f->x;
    p.y = f->y;
    p.z = f->z;
    p.color.r = c108_from8(f->color & 0xFF);
    p.color.g = c108_from8((f->color >> 8) & 0xFF);
    p.color.b = c108_from8((f->color >> 16) & 0xFF);
    p.color.a = c108_from8((f->color >> 24) & 0xFF);
    p.sid = f->sid;
    p.prim = f->prim;
    return p;
}
