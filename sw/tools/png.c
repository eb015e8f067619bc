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

/* the zlib stream of an RGB image (filter none on every row); NULL on failure */
static uint8_t *deflate_rgb(unsigned w, unsigned h, const uint8_t *rgb, uint32_t *out_len)
{
    size_t raw_len = (size_t)h * (1 + (size_t)w * 3);
    uint8_t *raw = malloc(raw_len);
    uLongf z_len = compressBound((uLong)raw_len);
    uint8_t *z = malloc(z_len);
    if (!raw || !z) {
        free(raw);
        free(z);
        return NULL;
    }
    for (unsigned y = 0; y < h; y++) {
        raw[y * (1 + (size_t)w * 3)] = 0; /* filter: none */
        memcpy(raw + y * (1 + (size_t)w * 3) + 1, rgb + (size_t)y * w * 3, (size_t)w * 3);
    }
    int ok = compress2(z, &z_len, raw, (uLong)raw_len, 6) == Z_OK;
    free(raw);
    if (!ok) {
        free(z);
        return NULL;
    }
    *out_len = (uint32_t)z_len;
    return z;
}

static int write_head(FILE *f, unsigned w, unsigned h)
{
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    uint8_t ihdr[13];
    put32(ihdr, w);
    put32(ihdr + 4, h);
    ihdr[8] = 8;  /* bit depth */
    ihdr[9] = 2;  /* colour type RGB */
    ihdr[10] = 0; /* deflate */
    ihdr[11] = 0; /* filter method */
    ihdr[12] = 0; /* no interlace */
    return (fwrite(sig, 1, 8, f) != 8 || chunk(f, "IHDR", ihdr, 13)) ? -1 : 0;
}

int png_write_rgb(const char *path, unsigned w, unsigned h, const uint8_t *rgb)
{
    uint32_t z_len = 0;
    uint8_t *z = deflate_rgb(w, h, rgb, &z_len);
    int rc = -1;
    FILE *f = NULL;
    if (!z) {
        goto out;
    }
    f = fopen(path, "wb");
    if (!f) {
        goto out;
    }
    if (write_head(f, w, h) || chunk(f, "IDAT", z, z_len) || chunk(f, "IEND", NULL, 0)) {
        goto out;
    }
    rc = 0;
out:
    if (f && fclose(f) != 0) {
        rc = -1;
    }
    free(z);
    return rc;
}

/* ---- animated PNG (APNG: acTL, then fcTL + IDAT for the first frame, fcTL + fdAT after) ---- */
struct png_anim {
    unsigned w, h, delay_ms, n, cap;
    uint8_t **z;
    uint32_t *z_len;
};

png_anim_t *png_anim_new(unsigned w, unsigned h, unsigned delay_ms)
{
    png_anim_t *a = calloc(1, sizeof(*a));
    if (a) {
        a->w = w;
        a->h = h;
        a->delay_ms = delay_ms;
    }
    return a;
}

int png_anim_add(png_anim_t *a, const uint8_t *rgb)
{
    if (a->n == a->cap) {
        unsigned cap = a->cap ? 2 * a->cap : 16;
        uint8_t **z = realloc(a->z, cap * sizeof(*z));
        if (!z) {
            return -1;
        }
        a->z = z;
        uint32_t *zl = realloc(a->z_len, cap * sizeof(*zl));
        if (!zl) {
            return -1;
        }
        a->z_len = zl;
        a->cap = cap;
    }
    a->z[a->n] = deflate_rgb(a->w, a->h, rgb, &a->z_len[a->n]);
    if (!a->z[a->n]) {
        return -1;
    }
    a->n++;
    return 0;
}

unsigned png_anim_frames(const png_anim_t *a) { return a->n; }

int png_anim_write(const png_anim_t *a, const char *path)
{
    if (!a->n) {
        return -1;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        return -1;
    }
    int bad = write_head(f, a->w, a->h);
    uint8_t actl[8];
    put32(actl, a->n);
    put32(actl + 4, 0); /* loop forever */
    bad |= chunk(f, "acTL", actl, 8);
    uint32_t seq = 0;
    for (unsigned i = 0; i < a->n && !bad; i++) {
        uint8_t fctl[26];
        put32(fctl, seq++);
        put32(fctl + 4, a->w);
        put32(fctl + 8, a->h);
        put32(fctl + 12, 0); /* x, y offset */
        put32(fctl + 16, 0);
        fctl[20] = (uint8_t)(a->delay_ms >> 8); /* delay: delay_ms / 1000 s */
        fctl[21] = (uint8_t)a->delay_ms;
        fctl[22] = 1000 >> 8;
        fctl[23] = 1000 & 0xFF;
        fctl[24] = 0; /* dispose: none */
        fctl[25] = 0; /* blend: source */
        bad |= chunk(f, "fcTL", fctl, 26);
        if (i == 0) {
            bad |= chunk(f, "IDAT", a->z[0], a->z_len[0]);
        } else {
            uint8_t *fd = malloc((size_t)a->z_len[i] + 4);
            if (!fd) {
                bad = -1;
                break;
            }
            put32(fd, seq++);
            memcpy(fd + 4, a->z[i], a->z_len[i]);
            bad |= chunk(f, "fdAT", fd, a->z_len[i] + 4);
            free(fd);
        }
    }
    bad |= chunk(f, "IEND", NULL, 0);
    if (fclose(f) != 0) {
        bad = -1;
    }
    return bad ? -1 : 0;
}

void png_anim_free(png_anim_t *a)
{
    if (!a) {
        return;
    }
    for (unsigned i = 0; i < a->n; i++) {
        free(a->z[i]);
    }
    free(a->z);
    free(a->z_len);
    free(a);
}
