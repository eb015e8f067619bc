/* Pixel pipeline: pixel_ztest -> pixel_color (8-bit -> 10.8 promotion) -> pixel_dither ->
 * fb_write. Mirrors rtl/pixel/pixel_pipe.sv. Texturing and alpha blending are later issues:
 * ALPHA_BLEND and the texture registers are stored but do not affect rendering yet.
 *
 * Depth: the 25-bit interpolated Z is compared and stored as z >> 1 (24 bits) against
 * zbuf[23:0]. Z_TEST=0 means the test passes. Z_WRITE=1 writes the depth of a passing fragment.
 * Colour: c10 = c8 << 2 | c8 >> 6 (10.8 with zero fraction). Dither (DITHER_MODE.ENABLE):
 * R, B += (entry[5:3] of their 6-bit entry) << 2, G += (entry[5:4]) << 2, saturating at 1023;
 * then R5 = R[9:5], G6 = G[9:4], B5 = B[9:5]. Framebuffer word = RGB565 in [15:0], 0 above. */
#include "fcov.h"
#include "gpu_model_int.h"

static const uint32_t k_dither[256] = {
#include "dither_table.inc"
};

static int z_pass(uint8_t fn, uint32_t zf, uint32_t zb)
{
    switch (fn & 7) {
    case 0: return zf < zb;
    case 1: return zf <= zb;
    case 2: return zf == zb;
    case 3: return zf >= zb;
    case 4: return zf > zb;
    case 5: return zf != zb;
    case 6: return 1;
    default: return 0;
    }
}

static uint32_t promote8(uint32_t c8) { return (c8 << 2) | (c8 >> 6); }

static uint32_t sat_add10(uint32_t c10, uint32_t d) { return (c10 + d > 1023u) ? 1023u : c10 + d; }

uint16_t pixel_rgb565(uint32_t color, unsigned x, unsigned y, int dither_en)
{
    uint32_t r = promote8(color & 0xFF);
    uint32_t g = promote8((color >> 8) & 0xFF);
    uint32_t b = promote8((color >> 16) & 0xFF);
    if (dither_en) {
        uint32_t e = k_dither[((y & 15u) << 4) | (x & 15u)];
        r = sat_add10(r, ((e >> 15) & 7u) << 2);
        g = sat_add10(g, ((e >> 10) & 3u) << 2);
        b = sat_add10(b, ((e >> 3) & 7u) << 2);
    }
    return (uint16_t)(((r >> 5) << 11) | ((g >> 4) << 5) | (b >> 5));
}

void pixel_pipe(gpu_model_t *m, const frag_t *f, const rstate_t *rs)
{
    const uint32_t offs = ((uint32_t)f->y * GPU_FB_W + f->x) * 4u;
    const int z_test = (rs->tri_mode >> 2) & 1;
    const int z_write = (rs->tri_mode >> 3) & 1;
    const uint32_t zf = f->z >> 1;
    const int pass = !z_test || z_pass(rs->z_compare, zf, gpu_model_mem_read(m, rs->z_base + offs) & 0xFFFFFF);
    gpu_model_fcov_frag(rs, z_test, pass);
    if (!pass) {
        return;
    }
    if (z_write) {
        gpu_model_mem_write(m, rs->z_base + offs, zf, 0xF, f->prim);
    }
    uint16_t c = pixel_rgb565(f->color, f->x, f->y, rs->dither_en);
    gpu_model_mem_write(m, rs->fb_base + offs, c, 0xF, f->prim);
    m->st.pixels_written++;
}
