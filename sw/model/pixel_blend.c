/* pixel_blend: the framebuffer blend (seed 001 ALPHA_BLEND, "Texture Blend Operation Order" step
 * 6; docs/spec-decisions.md "Alpha blending"). With ALPHA_BLEND.MODE != DISABLED the fragment's
 * colour word is read, its RGB565 promoted to 10.8 by bit replication (R5, B5 -> {c5, c5}, G6
 * -> {g6, g6[5:2]}, fraction 0) with destination alpha 1.0 (the framebuffer has none), and
 * blended with the fragment's colour (A = the fragment's alpha):
 *   ADD       src + dst, saturating          SUBTRACT  src - dst, clamped at 0
 *   ALPHA     src * A + dst * (1 - A), each product rounded by c108_mul, the sum saturating
 *   alpha out A_src + A_dst * (1 - A_src) for ALPHA, A_src +/- A_dst for ADD/SUBTRACT
 * The model reads memory as it stands, i.e. after every earlier write: the RTL's hazard rule
 * (docs/interfaces.md) makes its read see the same. Mirrors rtl/pixel/pixel_blend.sv. */
#include "gpu_model_int.h"

color108_t pixel_blend_color(blend_e mode, color108_t src, uint16_t dst565)
{
    const uint32_t r5 = (dst565 >> 11) & 31u, g6 = (dst565 >> 5) & 63u, b5 = dst565 & 31u;
    const color108_t dst = {((r5 << 5) | r5) << 8, ((g6 << 4) | (g6 >> 2)) << 8, ((b5 << 5) | b5) << 8, C108_ONE};
    color108_t o;
    switch (mode) {
    case BLEND_ADD:
        o.r = c108_add(src.r, dst.r);
        o.g = c108_add(src.g, dst.g);
        o.b = c108_add(src.b, dst.b);
        o.a = c108_add(src.a, dst.a);
        break;
    case BLEND_SUBTRACT:
        o.r = c108_sub(src.r, dst.r);
        o.g = c108_sub(src.g, dst.g);
        o.b = c108_sub(src.b, dst.b);
        o.a = c108_sub(src.a, dst.a);
        break;
    case BLEND_ALPHA: {
        const uint32_t a = src.a, ia = c108_inv(src.a);
        o.r = c108_add(c108_mul(src.r, a), c108_mul(dst.r, ia));
        o.g = c108_add(c108_mul(src.g, a), c108_mul(dst.g, ia));
        o.b = c108_add(c108_mul(src.b, a), c108_mul(dst.b, ia));
        o.a = c108_add(a, c108_mul(dst.a, ia));
        break;
    }
    default:
        o = src;
        break;
    }
    return o;
}

void pixel_blend(gpu_model_t *m, pfrag_t *p)
{
    const draw_state_t *ds = &m->ds[p->sid];
    if (ds->alpha_blend == BLEND_DISABLED) {
        return;
    }
    const uint32_t addr = (ds->fb_base + ((uint32_t)p->y * GPU_FB_W + p->x) * 4u) & GPU_MEM_MASK;
    const uint16_t dst = (uint16_t)(gpu_model_mem_read(m, addr) & 0xFFFFu);
    const color108_t src = p->color;
    p->color = pixel_blend_color(ds->alpha_blend, src, dst);
    gpu_event_t ev = {.kind = GPU_EV_BLEND, .addr = addr, .data = dst, .prim = p->prim, .x = p->x, .y = p->y,
                      .mode = (uint8_t)ds->alpha_blend,
                      .src = {src.r, src.g, src.b, src.a},
                      .rgba = {p->color.r, p->color.g, p->color.b, p->color.a}};
    gpu_model_emit(m, &ev);
}
