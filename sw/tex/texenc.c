/* texenc: host-side texture encoders, mip chain and upload (texenc.h). */
#include "texenc.h"
#include <string.h>

static unsigned ch(uint32_t c, unsigned i) { return (c >> (8 * i)) & 0xFFu; }

uint16_t texenc_rgba4444(uint32_t rgba8)
{
    unsigned q[4];
    for (unsigned i = 0; i < 4; i++) {
        q[i] = (ch(rgba8, i) * 15u + 127u) / 255u;
    }
    return (uint16_t)(q[0] << 12 | q[1] << 8 | q[2] << 4 | q[3]);
}

static uint16_t to565(unsigned r, unsigned g, unsigned b)
{
    return (uint16_t)(((r * 31u + 127u) / 255u) << 11 | ((g * 63u + 127u) / 255u) << 5 | ((b * 31u + 127u) / 255u));
}

/* the decoder's palette (same rules as sw/model/tmu_decode.c, restated for the host) */
static void palette(uint16_t c0, uint16_t c1, unsigned p[4][3])
{
    const unsigned e[2][3] = {{((c0 >> 11) & 31u) << 3 | ((c0 >> 11) & 31u) >> 2, ((c0 >> 5) & 63u) << 2 | ((c0 >> 5) & 63u) >> 4,
                               (c0 & 31u) << 3 | (c0 & 31u) >> 2},
                              {((c1 >> 11) & 31u) << 3 | ((c1 >> 11) & 31u) >> 2, ((c1 >> 5) & 63u) << 2 | ((c1 >> 5) & 63u) >> 4,
                               (c1 & 31u) << 3 | (c1 & 31u) >> 2}};
    for (unsigned i = 0; i < 3; i++) {
        p[0][i] = e[0][i];
        p[1][i] = e[1][i];
        if (c0 > c1) {
            p[2][i] = (2u * e[0][i] + e[1][i] + 1u) / 3u;
            p[3][i] = (e[0][i] + 2u * e[1][i] + 1u) / 3u;
        } else {
            p[2][i] = (e[0][i] + e[1][i] + 1u) >> 1;
            p[3][i] = 0;
        }
    }
}

void texenc_bc1_block(const uint32_t px[16], uint8_t out[8])
{
    int transp = 0;
    unsigned lo[3] = {255, 255, 255}, hi[3] = {0, 0, 0};
    for (unsigned t = 0; t < 16; t++) {
        if (ch(px[t], 3) < 128u) {
            transp = 1;
            continue;
        }
        for (unsigned i = 0; i < 3; i++) {
            lo[i] = ch(px[t], i) < lo[i] ? ch(px[t], i) : lo[i];
            hi[i] = ch(px[t], i) > hi[i] ? ch(px[t], i) : hi[i];
        }
    }
    if (lo[0] > hi[0]) { /* every texel transparent */
        lo[0] = lo[1] = lo[2] = hi[0] = hi[1] = hi[2] = 0;
    }
    /* endpoints: the opaque texels' extremes along the axis with the largest range */
    unsigned ax = 0;
    for (unsigned i = 1; i < 3; i++) {
        ax = (hi[i] - lo[i] > hi[ax] - lo[ax]) ? i : ax;
    }
    uint32_t emin = 0, emax = 0;
    unsigned vmin = 256, vmax = 0;
    for (unsigned t = 0; t < 16; t++) {
        if (ch(px[t], 3) < 128u) {
            continue;
        }
        if (ch(px[t], ax) < vmin) {
            vmin = ch(px[t], ax);
            emin = px[t];
        }
        if (ch(px[t], ax) >= vmax) {
            vmax = ch(px[t], ax);
            emax = px[t];
        }
    }
    uint16_t a = to565(ch(emax, 0), ch(emax, 1), ch(emax, 2)), b = to565(ch(emin, 0), ch(emin, 1), ch(emin, 2));
    uint16_t c0, c1;
    if (transp) { /* three-colour mode: c0 <= c1 */
        c0 = a < b ? a : b;
        c1 = a < b ? b : a;
    } else if (a == b) { /* one colour: four-colour mode needs c0 > c1 */
        c0 = a;
        c1 = a;
        if (a > 0) {
            c1 = (uint16_t)(a - 1u);
        } else {
            c0 = 1;
        }
    } else {
        c0 = a > b ? a : b;
        c1 = a > b ? b : a;
    }
    unsigned p[4][3];
    palette(c0, c1, p);
    uint32_t idx = 0;
    for (unsigned t = 0; t < 16; t++) {
        unsigned best = 0;
        if (transp && ch(px[t], 3) < 128u) {
            best = 3;
        } else {
            uint32_t bd = UINT32_MAX;
            for (unsigned k = 0; k < (transp ? 3u : 4u); k++) {
                uint32_t d = 0;
                for (unsigned i = 0; i < 3; i++) {
                    const int e = (int)ch(px[t], i) - (int)p[k][i];
                    d += (uint32_t)(e * e);
                }
                if (d < bd) {
                    bd = d;
                    best = k;
                }
            }
        }
        idx |= (uint32_t)best << (2 * t);
    }
    out[0] = (uint8_t)c0;
    out[1] = (uint8_t)(c0 >> 8);
    out[2] = (uint8_t)c1;
    out[3] = (uint8_t)(c1 >> 8);
    for (unsigned i = 0; i < 4; i++) {
        out[4 + i] = (uint8_t)(idx >> (8 * i));
    }
}

static unsigned sub0(unsigned a, unsigned b) { return a > b ? a - b : 0u; }

size_t texenc_level_bytes(unsigned format, unsigned wl, unsigned hl, unsigned level)
{
    const unsigned bx = sub0(sub0(wl, level), 2), by = sub0(sub0(hl, level), 2);
    return (size_t)(format == TEXENC_BC1 ? 8u : 32u) << (bx + by);
}

size_t texenc_chain_bytes(unsigned format, unsigned wl, unsigned hl, unsigned levels)
{
    size_t n = 0;
    for (unsigned i = 0; i < levels; i++) {
        n += texenc_level_bytes(format, wl, hl, i);
    }
    return n;
}

size_t texenc_level(unsigned format, const uint32_t *img, unsigned w, unsigned h, uint8_t *out)
{
    const unsigned bw = (w + 3u) / 4u, bh = (h + 3u) / 4u;
    const size_t bsize = format == TEXENC_BC1 ? 8u : 32u;
    for (unsigned by = 0; by < bh; by++) {
        for (unsigned bx = 0; bx < bw; bx++) {
            uint32_t px[16];
            for (unsigned t = 0; t < 16; t++) { /* texels outside a level below 4x4: its edge texel */
                unsigned x = bx * 4u + (t & 3u), y = by * 4u + (t >> 2);
                x = x < w ? x : w - 1u;
                y = y < h ? y : h - 1u;
                px[t] = img[(size_t)y * w + x];
            }
            uint8_t *o = out + ((size_t)by * bw + bx) * bsize;
            if (format == TEXENC_BC1) {
                texenc_bc1_block(px, o);
            } else {
                for (unsigned t = 0; t < 16; t++) {
                    const uint16_t v = texenc_rgba4444(px[t]);
                    o[2 * t] = (uint8_t)v;
                    o[2 * t + 1] = (uint8_t)(v >> 8);
                }
            }
        }
    }
    return (size_t)bw * bh * bsize;
}

size_t texenc_chain(unsigned format, const uint32_t *img, unsigned wl, unsigned hl, unsigned levels, uint8_t *out,
                    uint32_t *scratch)
{
    unsigned w = 1u << wl, h = 1u << hl;
    size_t n = 0;
    const uint32_t *src = img;
    uint32_t *bufs[2] = {scratch, scratch ? scratch + ((size_t)w * h / 4u) : NULL};
    for (unsigned i = 0; i < levels; i++) {
        n += texenc_level(format, src, w, h, out + n);
        if (i + 1 == levels) {
            break;
        }
        const unsigned nw = w > 1 ? w / 2 : 1, nh = h > 1 ? h / 2 : 1;
        uint32_t *dst = bufs[i & 1u];
        for (unsigned y = 0; y < nh; y++) {
            for (unsigned x = 0; x < nw; x++) {
                const unsigned x0 = w > 1 ? 2 * x : x, y0 = h > 1 ? 2 * y : y;
                const unsigned x1 = w > 1 ? x0 + 1 : x0, y1 = h > 1 ? y0 + 1 : y0;
                uint32_t c = 0;
                for (unsigned k = 0; k < 4; k++) {
                    const unsigned s = ch(src[(size_t)y0 * w + x0], k) + ch(src[(size_t)y0 * w + x1], k) +
                                       ch(src[(size_t)y1 * w + x0], k) + ch(src[(size_t)y1 * w + x1], k);
                    c |= ((s + 2u) / 4u) << (8 * k);
                }
                dst[(size_t)y * nw + x] = c;
            }
        }
        src = dst;
        w = nw;
        h = nh;
    }
    return n;
}

int texenc_upload(gpu_dev_t *d, uint32_t addr, const uint8_t *data, size_t len)
{
    gpu_dev_write(d, REG_MEM_ADDR, addr);
    for (size_t i = 0; i < len; i += 4) {
        uint32_t v = 0;
        for (size_t b = 0; b < 4 && i + b < len; b++) {
            v |= (uint32_t)data[i + b] << (8 * b);
        }
        gpu_dev_write(d, REG_MEM_DATA, v);
    }
    return gpu_dev_status(d);
}
