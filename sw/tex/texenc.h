/* texenc: host-side texture helpers (issue 12): RGBA4444 and BC1 encoders in the 4x4-block
 * layout of ADDENDUM 3, the mip chain builder and its upload through MEM_ADDR/MEM_DATA, and the
 * TEXn_FMT value. Images are arrays of RGBA8 texels (A[31:24] B[23:16] G[15:8] R[7:0], as the
 * COLOR register), row-major, width x height. Every call returns a size or a status; nothing
 * is allocated. */
#ifndef TEXENC_H
#define TEXENC_H

#include "gpu.h"
#include <stddef.h>
#include <stdint.h>

enum { TEXENC_RGBA4444 = 0, TEXENC_BC1 = 1 };

/* TEXn_FMT: enable, format (TEXENC_*), log2 width and height (3..10), swizzle (0..15),
 * mip levels (0..15) */
static inline uint64_t texenc_fmt(unsigned enable, unsigned format, unsigned wl, unsigned hl, unsigned swizzle,
                                  unsigned mips)
{
    return ((uint64_t)(mips & 15u) << 20) | ((uint64_t)(swizzle & 15u) << 16) | ((uint64_t)(hl & 0xFFu) << 8) |
           ((uint64_t)(wl & 15u) << 4) | ((uint64_t)(format & 3u) << 1) | (enable & 1u);
}

/* one RGBA4444 texel from RGBA8, each channel rounded to nearest (c4 = (c8*15 + 127) / 255) */
uint16_t texenc_rgba4444(uint32_t rgba8);
/* one BC1 block (8 bytes at out) from 16 texels (texel (x, y) at px[y*4 + x]). Endpoints: the
 * extremes of the block along its largest RGB axis; four-colour mode, or three-colour mode with
 * index 3 (transparent black) for texels whose alpha is below 128 when any is; each texel takes
 * the palette entry nearest to it (the decoder's palette, squared RGB distance). */
void texenc_bc1_block(const uint32_t px[16], uint8_t out[8]);

/* bytes of mip level i (a level below 4x4 still takes one block) and of levels 0..n-1 */
size_t texenc_level_bytes(unsigned format, unsigned wl, unsigned hl, unsigned level);
size_t texenc_chain_bytes(unsigned format, unsigned wl, unsigned hl, unsigned levels);
/* one level of 2^wl x 2^hl (or smaller) texels in block layout into out; returns its bytes */
size_t texenc_level(unsigned format, const uint32_t *img, unsigned w, unsigned h, uint8_t *out);
/* the chain: level 0 is img (2^wl x 2^hl), each next level the 2x2 box filter (rounded) of the
 * previous one (a side of 1 stays 1); writes texenc_chain_bytes() bytes to out and returns that.
 * scratch holds at least 2^wl * 2^hl / 2 texels (levels > 1). levels 1..11. */
size_t texenc_chain(unsigned format, const uint32_t *img, unsigned wl, unsigned hl, unsigned levels, uint8_t *out,
                    uint32_t *scratch);
/* uploads len bytes (padded to a whole word with zeros) to GPU memory at addr through
 * MEM_ADDR / MEM_DATA on device d; returns gpu_dev_status(d) */
int texenc_upload(gpu_dev_t *d, uint32_t addr, const uint8_t *data, size_t len);

#endif
