#include "png.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static int chunk(FILE *f, const char *type, const uint8_t *data, uint32_t len)
{
    uint8_t hdr[8];
    put32(hdr, len);
    memcpy(hdr + 4, type, 4);
    uLong crc = crc32(0L, (const Bytef *)type, 4);
    if (len) {
        crc = crc32(crc, data, len);
    }
    uint8_t c[4];
    put32(c, (uint32_t)crc);
    if (fwrite(hdr, 1, 8, f) != 8 || (len && fwrite(data, 1, len, f) != len) || fwrite(c, 1, 4, f) != 4) {
        return -1;
    }
    return 0;
}

void png_rgb565_to_rgb(uint16_t c, uint8_t out[3])
{
    unsigned r = (c >> 11) & 31, g = (c >> 5) & 63, b = c & 31;
    out[0] = (uint8_t)(r << 3 | r >> 2);
    out[1] = (uint8_t)(g << 2 | g >> 4);
    out[2] = (uint8_t)(b << 3 | b >> 2);
}

int png_write_rgb(const char *path, unsigned w, unsigned h, const uint8_t *rgb)
{
    size_t raw_len = (size_t)h * (1 + (size_t)w * 3);
    uint8_t *raw = malloc(raw_len);
    uLongf z_len = compressBound((uLong)raw_len);
    uint8_t *z = malloc(z_len);
    int rc = -1;
    FILE *f = NULL;
    if (!raw || !z) {
        goto out;
    }
    for (unsigned y = 0; y < h; y++) {
        raw[y * (1 + (size_t)w * 3)] = 0; /* filter: none */
        memcpy(raw + y * (1 + (size_t)w * 3) + 1, rgb + (size_t)y * w * 3, (size_t)w * 3);
    }
    if (compress2(z, &z_len, raw, (uLong)raw_len, 6) != Z_OK) {
        goto out;
    }
    f = fopen(path, "wb");
    if (!f) {
        goto out;
    }
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    uint8_t ihdr[13];
    put32(ihdr, w);
    put32(ihdr + 4, h);
    ihdr[8] = 8;  /* bit depth */
    ihdr[9] = 2;  /* colour type RGB */
    ihdr[10] = 0; /* deflate */
    ihdr[11] = 0; /* filter method */
    ihdr[12] = 0; /* no interlace */
    if (fwrite(sig, 1, 8, f) != 8 || chunk(f, "IHDR", ihdr, 13) || chunk(f, "IDAT", z, (uint32_t)z_len) ||
        chunk(f, "IEND", NULL, 0)) {
        goto out;
    }
    rc = 0;
out:
    if (f && fclose(f) != 0) {
        rc = -1;
    }
    free(raw);
    free(z);
    return rc;
}
