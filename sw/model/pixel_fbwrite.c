/* pixel_fbwrite: ordered dither (DITHER_MODE.ENABLE: R, B += (entry[5:3] of their 6-bit
 * entry) << 2, G += (entry[5:4]) << 2, saturating at 1023; table from data/dither_bn16.hex) on
 * the integer part of each 10.8 channel, then R5 = R[9:5], G6 = G[9:4], B5 = B[9:5]; the
 * framebuffer word is RGB565 in [15:0], written with byte enables 0x3 (bits 31:16 untouched),
 * at FB_DRAW + (y*640 + x)*4. Mirrors rtl/pixel/pixel_fbwrite.sv. */
#include "gpu_model_int.h"

static const uint32_t k_dither[256] = {
#include "dither_table.inc"
};

static uint32_t sat_add10(uint32_t c10, uint32_t d) { return (c10 + d > 1023u) ? 1023u : c10 + d; }

uint16_t pixel_rgb565(color108_t c, unsigned x, unsigned y, int dither_en)
{
    uint32_t r = (c.r >> 8) & 1023u, g = (c.g >> 8) & 1023u, b = (c.b >> 8) & 1023u; /* integer parts */
    if (dither_en) {
        uint32_t e = k_dither[((y & 15u) << 4) | (x & 15u)];
        r = sat_add10(r, ((e >> 15) & 7u) << 2);
        g = sat_add10(g, ((e >> 10) & 3u) << 2);
        b = sat_add10(b, ((e >> 3) & 7u) << 2);
    }
    return (uint16_t)(((r >> 5) << 11) | ((g >> 4) << 5) | (b >> 5));
}

void pixel_fbwrite(gpu_model_t *m, const pfrag_t *p)
{
    const uint32_t offs = ((uint32_t)p->y * GPU_FB_W + p->x) * 4u;
    const draw_state_t *ds = &m->ds[p->sid];
    uint16_t c = pixel_rgb565(p->color, p->x, p->y, ds->dither_en);
    gpu_model_mem_write(m, GPU_UNIT_FBWRITE, ds->fb_base + offs, c, 0x3, p->prim);
    m->st.pixels_written++;
}
