/* Functional coverage counters of the reference model: see fcov.h and docs/coverage.md. */
#include "fcov.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t g_bins[GPU_FCOV_NBINS];

static const char *const k_names[GPU_FCOV_NBINS] = {
#define GPU_FCOV_NAME(id, name, what) name,
    GPU_FCOV_BINS(GPU_FCOV_NAME)
#undef GPU_FCOV_NAME
};

void gpu_model_fcov_reset(void) { memset(g_bins, 0, sizeof(g_bins)); }

uint64_t gpu_model_fcov_count(unsigned bin) { return bin < GPU_FCOV_NBINS ? g_bins[bin] : 0; }

const char *gpu_model_fcov_name(unsigned bin) { return bin < GPU_FCOV_NBINS ? k_names[bin] : NULL; }

void gpu_model_fcov_frag(const draw_state_t *rs, int z_test, int z_pass)
{
    const int z_write = rs->z_write;
    g_bins[z_test ? GPU_FCOV_Z_TEST_ON : GPU_FCOV_Z_TEST_OFF]++;
    g_bins[z_write ? GPU_FCOV_Z_WRITE_ON : GPU_FCOV_Z_WRITE_OFF]++;
    g_bins[GPU_FCOV_ZMODE_T0W0 + 2 * z_test + z_write]++;
    g_bins[rs->dither_en ? GPU_FCOV_DITHER_ON : GPU_FCOV_DITHER_OFF]++;
    g_bins[rs->gouraud ? GPU_FCOV_SHADE_GOURAUD : GPU_FCOV_SHADE_FLAT]++;
    if (z_test) {
        static const int pass_bin[8] = {GPU_FCOV_ZP_LESS,     GPU_FCOV_ZP_LEQUAL,  GPU_FCOV_ZP_EQUAL,
                                        GPU_FCOV_ZP_GEQUAL,   GPU_FCOV_ZP_GREATER, GPU_FCOV_ZP_NOTEQUAL,
                                        GPU_FCOV_ZP_ALWAYS,   -1};
        static const int fail_bin[8] = {GPU_FCOV_ZX_LESS,     GPU_FCOV_ZX_LEQUAL,  GPU_FCOV_ZX_EQUAL,
                                        GPU_FCOV_ZX_GEQUAL,   GPU_FCOV_ZX_GREATER, GPU_FCOV_ZX_NOTEQUAL,
                                        -1,                   GPU_FCOV_ZX_NEVER};
        const unsigned fn = (unsigned)rs->z_compare & 7u;
        const int b = z_pass ? pass_bin[fn] : fail_bin[fn];
        g_bins[GPU_FCOV_ZF_LESS + fn]++;
        if (b >= 0) {
            g_bins[b]++;
        }
    }
}

static int min3i(int a, int b, int c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }
static int max3i(int a, int b, int c) { return a > b ? (a > c ? a : c) : (b > c ? b : c); }

void gpu_model_fcov_tri(const triangle_t *t, int setup_rc)
{
    if (setup_rc == GPU_DROP_ZERO_AREA) {
        g_bins[GPU_FCOV_DROP_ZERO_AREA]++;
        return;
    }
    if (setup_rc == GPU_DROP_OFFSCREEN) {
        g_bins[GPU_FCOV_DROP_OFFSCREEN]++;
        return;
    }
    const vertex_t *v = t->v;
    int64_t area = (int64_t)(v[1].x - v[0].x) * (v[2].y - v[0].y) - (int64_t)(v[2].x - v[0].x) * (v[1].y - v[0].y);
    g_bins[area > 0 ? GPU_FCOV_WIND_CCW : GPU_FCOV_WIND_CW]++;
    /* the bounding box before clipping, as raster_setup computes it (pixels, >> 4) */
    int bx0 = min3i(v[0].x, v[1].x, v[2].x) >> 4, bx1 = max3i(v[0].x, v[1].x, v[2].x) >> 4;
    int by0 = min3i(v[0].y, v[1].y, v[2].y) >> 4, by1 = max3i(v[0].y, v[1].y, v[2].y) >> 4;
    int clipped = 0;
    if (bx0 < 0) {
        g_bins[GPU_FCOV_CLIP_LEFT]++;
        clipped = 1;
    }
    if (bx1 > GPU_FB_W - 1) {
        g_bins[GPU_FCOV_CLIP_RIGHT]++;
        clipped = 1;
    }
    if (by0 < 0) {
        g_bins[GPU_FCOV_CLIP_TOP]++;
        clipped = 1;
    }
    if (by1 > GPU_FB_H - 1) {
        g_bins[GPU_FCOV_CLIP_BOTTOM]++;
        clipped = 1;
    }
    g_bins[clipped ? GPU_FCOV_CLIP_PARTLY : GPU_FCOV_CLIP_INSIDE]++;
}

int gpu_model_fcov_write(const char *path)
{
    /* read what the file holds, add, rewrite */
    enum { MAX_EXTRA = 256 };
    uint64_t sum[GPU_FCOV_NBINS];
    memcpy(sum, g_bins, sizeof(sum));
    char extra_name[MAX_EXTRA][64];
    uint64_t extra_cnt[MAX_EXTRA];
    unsigned nextra = 0;
    FILE *f = fopen(path, "r");
    if (f) {
        char name[64];
        unsigned long long c;
        while (fscanf(f, "%63s %llu", name, &c) == 2) {
            unsigned i = 0;
            while (i < GPU_FCOV_NBINS && strcmp(name, k_names[i]) != 0) {
                i++;
            }
            if (i < GPU_FCOV_NBINS) {
                sum[i] += c;
            } else if (nextra < MAX_EXTRA) {
                snprintf(extra_name[nextra], sizeof(extra_name[nextra]), "%s", name);
                extra_cnt[nextra++] = c;
            }
        }
        fclose(f);
    } else if (errno != ENOENT) {
        return -1;
    }
    f = fopen(path, "w");
    if (!f) {
        return -1;
    }
    for (unsigned i = 0; i < GPU_FCOV_NBINS; i++) {
        fprintf(f, "%s %llu\n", k_names[i], (unsigned long long)sum[i]);
    }
    for (unsigned i = 0; i < nextra; i++) {
        fprintf(f, "%s %llu\n", extra_name[i], (unsigned long long)extra_cnt[i]);
    }
    int werr = ferror(f);
    if (fclose(f) != 0 || werr) {
        return -1;
    }
    return 0;
}
