/* disp_check: decode, time-check, capture and compare the GPU's DVI output (disp_check.h). */
#include "disp_check.h"
#include "png.h"
#include "tmds.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 640u
#define H 480u
#define FRAME_BYTES (W * H * 3u)
#define HTOTAL 800u
#define HSYNC_W 96u
#define HSYNC_TO_DE 144u  /* sync 96 + back porch 48 */
#define VSYNC_W (2u * HTOTAL)
#define VSYNC_TO_DE (35u * HTOTAL) /* vsync 2 + back porch 33 lines, both starting at x = 0 */
#define FTOTAL (525u * HTOTAL)
#define NEXP 4u
#define MAX_REPORTS 10u

struct disp_check {
    const char *outdir;
    int png_every, quiet;
    disp_mismatch_fn fn;
    void *ctx;
    /* expected frames, a ring: frame number k is in exp[k % NEXP] */
    uint8_t *exp[NEXP];
    uint32_t exp_base[NEXP];
    uint8_t exp_has[NEXP];
    unsigned nexp;      /* boundaries seen */
    /* the stream */
    uint64_t t;         /* pixel clocks seen */
    int prev_de, prev_hs, prev_vs;   /* levels at the last pixel clock (sync: 1 = inside the pulse) */
    int seen_hs, seen_vs;
    uint64_t hs_start, vs_start, de_start;
    int frame_open;     /* a vertical sync pulse was seen: the next data lines are a frame */
    unsigned line;      /* data lines of the open frame */
    unsigned x;         /* data symbols of the current line */
    uint8_t *cap;       /* the frame being captured */
    uint64_t *cap_cyc;  /* core cycle of each pixel of the current frame */
    unsigned ncap;      /* frames captured */
    unsigned compared, bad_frames, errors, reports;
    int corrupt;        /* 1 + the frame to corrupt (disp_check_corrupt), 0: none */
    png_anim_t *anim;   /* with png_every: every frame into display.apng */
    uint64_t mismatches;
};

static void err(disp_check_t *d, const char *fmt, uint64_t a, uint64_t b)
{
    d->errors++;
    if (d->reports++ < MAX_REPORTS) {
        printf("DISPLAY: ");
        printf(fmt, a, b);
        printf(" (pixel clock %" PRIu64 ")\n", d->t);
    }
}

disp_check_t *disp_check_new(const char *outdir, int png_every, int quiet, disp_mismatch_fn fn, void *ctx)
{
    disp_check_t *d = calloc(1, sizeof(*d));
    if (!d) {
        return NULL;
    }
    d->outdir = outdir;
    d->png_every = png_every;
    d->quiet = quiet;
    d->fn = fn;
    d->ctx = ctx;
    /* until the first pulse starts, the levels are taken as inside it: a pulse under way when
       the stream starts (the encoders send C1C0 = 00 in reset) is not measured */
    d->prev_hs = d->prev_vs = 1;
    d->cap = malloc(FRAME_BYTES);
    d->cap_cyc = malloc(W * H * sizeof(uint64_t));
    for (unsigned i = 0; i < NEXP; i++) {
        d->exp[i] = malloc(FRAME_BYTES);
        if (!d->exp[i]) {
            disp_check_free(d);
            return NULL;
        }
    }
    if (!d->cap || !d->cap_cyc) {
        disp_check_free(d);
        return NULL;
    }
    return d;
}

void disp_check_free(disp_check_t *d)
{
    if (!d) {
        return;
    }
    for (unsigned i = 0; i < NEXP; i++) {
        free(d->exp[i]);
    }
    free(d->cap);
    free(d->cap_cyc);
    png_anim_free(d->anim);
    free(d);
}

int disp_check_expect(disp_check_t *d, const uint8_t *rgb, uint32_t fb_base)
{
    /* the boundary is the start of line 480: 515 lines after the last vertical sync pulse
     * started (line 490 of the frame before), give or take the symbol and synchroniser
     * latencies */
    if (d->seen_vs) {
        const int64_t off = (int64_t)(d->t - d->vs_start) - (int64_t)(515u * HTOTAL);
        if (off < -4 || off > 4) {
            err(d, "frame boundary (VSYNC pin) %" PRIu64 " pixel clocks after the last vertical sync started, want "
                   "%" PRIu64 " (the start of vertical blanking)", d->t - d->vs_start, (uint64_t)(515u * HTOTAL));
        }
        if (d->nexp == 1 && !d->quiet) {
            printf("display: VSYNC pin %+d pixel clocks from the start of vertical blanking as sent\n", (int)off);
        }
    }
    unsigned k = d->nexp % NEXP;
    if (d->nexp >= d->ncap + NEXP) {
        err(d, "frame boundary %" PRIu64 " while only %" PRIu64 " frames were shown", d->nexp, d->ncap);
    }
    d->exp_has[k] = rgb != NULL;
    if (rgb) {
        memcpy(d->exp[k], rgb, FRAME_BYTES);
    }
    d->exp_base[k] = fb_base;
    d->nexp++;
    return 0;
}

static int write_png(const disp_check_t *d, unsigned f, const char *kind, const uint8_t *rgb)
{
    char path[600];
    snprintf(path, sizeof(path), "%s/display_f%u%s%s.png", d->outdir, f, kind[0] ? "_" : "", kind);
    if (png_write_rgb(path, W, H, rgb) != 0) {
        printf("DISPLAY: cannot write %s\n", path);
        return -1;
    }
    return 0;
}

static void frame_done(disp_check_t *d)
{
    unsigned f = d->ncap++;
    if (f >= d->nexp) {
        err(d, "frame %" PRIu64 " shown without a frame boundary before it (%" PRIu64 " boundaries)", f, d->nexp);
        return;
    }
    unsigned k = f % NEXP;
    if (d->corrupt && (unsigned)d->corrupt - 1u == f) {
        d->cap[0] ^= 1u;
    }
    if (d->outdir && d->png_every) {
        (void)write_png(d, f, "", d->cap);
        if (!d->anim) {
            d->anim = png_anim_new(W, H, 500);
        }
        if (!d->anim || png_anim_add(d->anim, d->cap) != 0) {
            err(d, "out of memory for the animation (frame %" PRIu64 " of %" PRIu64 ")", f, d->nexp);
        }
    }
    if (!d->exp_has[k]) {
        if (!d->quiet) {
            printf("display frame %u: captured (no reference model)\n", f);
        }
        return;
    }
    const uint8_t *e = d->exp[k];
    uint64_t bad = 0;
    unsigned first = 0;
    for (unsigned i = 0; i < W * H; i++) {
        if (memcmp(e + 3 * i, d->cap + 3 * i, 3) != 0) {
            if (!bad) {
                first = i;
            }
            bad++;
        }
    }
    d->compared++;
    d->mismatches += bad;
    if (!bad) {
        if (!d->quiet) {
            printf("display frame %u: %u pixels compared, 0 mismatches (framebuffer 0x%07X)\n", f, W * H,
                   d->exp_base[k]);
        }
        return;
    }
    d->bad_frames++;
    unsigned x = first % W, y = first / W;
    uint32_t word = (d->exp_base[k] + first * 4u) & ((32u << 20) - 1);
    printf("DISPLAY MISMATCH: frame %u: %" PRIu64 " of %u pixels differ; first at (%u, %u): reference "
           "#%02X%02X%02X, rtl #%02X%02X%02X (framebuffer word 0x%07X, sent at core cycle %" PRIu64 ")\n",
           f, bad, W * H, x, y, e[3 * first], e[3 * first + 1], e[3 * first + 2], d->cap[3 * first],
           d->cap[3 * first + 1], d->cap[3 * first + 2], word, d->cap_cyc[first]);
    if (d->fn) {
        d->fn(d->ctx, word, d->cap_cyc[first]);
    }
    if (d->outdir) {
        uint8_t *diff = malloc(FRAME_BYTES);
        if (diff) {
            for (unsigned i = 0; i < W * H; i++) {
                int same = memcmp(e + 3 * i, d->cap + 3 * i, 3) == 0;
                diff[3 * i] = same ? e[3 * i] / 4 : 255;
                diff[3 * i + 1] = same ? e[3 * i + 1] / 4 : 0;
                diff[3 * i + 2] = same ? e[3 * i + 2] / 4 : 255;
            }
            (void)write_png(d, f, "ref", e);
            (void)write_png(d, f, "rtl", d->cap);
            (void)write_png(d, f, "diff", diff);
            free(diff);
        }
    }
}

void disp_check_pix(disp_check_t *d, uint64_t core_cycle, const uint16_t sym[3])
{
    uint8_t b[3] = {0, 0, 0};
    unsigned c[3] = {0, 0, 0};
    int kind[3];
    for (int i = 0; i < 3; i++) {
        kind[i] = tmds_decode(sym[i], &b[i], &c[i]);
        if (kind[i] < 0) {
            err(d, "channel %" PRIu64 " sent 0x%03" PRIX64 ", not a TMDS symbol", (uint64_t)i, sym[i]);
        }
    }
    const int de = kind[0] == 1;
    if (kind[1] != kind[0] || kind[2] != kind[0]) {
        err(d, "channels disagree on data / control: %" PRIu64 " of 3 send data (channel 0: %" PRIu64 ")",
            (uint64_t)((kind[0] == 1) + (kind[1] == 1) + (kind[2] == 1)), (uint64_t)de);
    }
    /* the sync levels are those of the last control period while data flows */
    int hs = d->prev_hs, vs = d->prev_vs;
    if (!de && kind[0] == 0) {
        hs = !(c[0] & 1u); /* active low: C0 = 0 inside the pulse */
        vs = !(c[0] & 2u);
        if (c[1] != 0 || c[2] != 0) {
            err(d, "control value %" PRIu64 " / %" PRIu64 " on channels 1 / 2 (want 0)", c[1], c[2]);
        }
    }
    /* horizontal sync: period and width */
    if (hs && !d->prev_hs) {
        if (d->seen_hs && d->t - d->hs_start != HTOTAL) {
            err(d, "line of %" PRIu64 " pixel clocks, want %" PRIu64, d->t - d->hs_start, HTOTAL);
        }
        d->hs_start = d->t;
        d->seen_hs = 1;
    } else if (!hs && d->prev_hs && d->seen_hs && d->t - d->hs_start != HSYNC_W) {
        err(d, "horizontal sync of %" PRIu64 " pixel clocks, want %" PRIu64, d->t - d->hs_start, HSYNC_W);
    }
    /* vertical sync: period, width, and the frame it opens */
    if (vs && !d->prev_vs) {
        if (d->seen_vs && d->t - d->vs_start != FTOTAL) {
            err(d, "frame of %" PRIu64 " pixel clocks, want %" PRIu64, d->t - d->vs_start, FTOTAL);
        }
        if (d->frame_open) {
            err(d, "vertical sync after %" PRIu64 " data lines of a frame, want %" PRIu64, d->line, H);
        }
        d->vs_start = d->t;
        d->seen_vs = 1;
        d->frame_open = 1;
        d->line = 0;
    } else if (!vs && d->prev_vs && d->seen_vs && d->t - d->vs_start != VSYNC_W) {
        err(d, "vertical sync of %" PRIu64 " pixel clocks, want %" PRIu64, d->t - d->vs_start, VSYNC_W);
    }
    /* data-enable runs: one per active line, 640 long, at their place */
    if (de && !d->prev_de) {
        d->de_start = d->t;
        d->x = 0;
        if (d->seen_hs && d->t - d->hs_start != HSYNC_TO_DE) {
            err(d, "data starts %" PRIu64 " pixel clocks after the horizontal sync, want %" PRIu64, d->t - d->hs_start,
                HSYNC_TO_DE);
        }
        if (d->frame_open && d->line == 0 && d->t - d->vs_start != VSYNC_TO_DE) {
            err(d, "first data line %" PRIu64 " pixel clocks after the vertical sync, want %" PRIu64,
                d->t - d->vs_start, VSYNC_TO_DE);
        }
    }
    if (de) {
        if (d->frame_open && d->line < H && d->x < W) {
            unsigned i = d->line * W + d->x;
            d->cap[3 * i] = b[2]; /* red on channel 2 */
            d->cap[3 * i + 1] = b[1];
            d->cap[3 * i + 2] = b[0];
            d->cap_cyc[i] = core_cycle;
        }
        d->x++;
    }
    if (!de && d->prev_de) {
        if (d->x != W) {
            err(d, "data run of %" PRIu64 " pixels, want %" PRIu64, d->x, W);
        }
        if (d->frame_open) {
            if (++d->line == H) {
                frame_done(d);
                d->frame_open = 0;
                d->line = 0;
            }
        }
    }
    d->prev_de = de;
    d->prev_hs = hs;
    d->prev_vs = vs;
    d->t++;
}

unsigned disp_check_frames(const disp_check_t *d) { return d->ncap; }

int disp_check_mid_active(const disp_check_t *d) { return d->frame_open && d->line >= 8 && d->line <= 400; }

void disp_check_corrupt(disp_check_t *d, unsigned f) { d->corrupt = (int)f + 1; }

unsigned disp_check_finish(disp_check_t *d, unsigned min_frames)
{
    unsigned fails = d->errors + d->bad_frames;
    int with_model = d->nexp && d->exp_has[0];
    if (with_model && d->compared < min_frames) {
        printf("DISPLAY: %u frames compared, the test wants at least %u\n", d->compared, min_frames);
        fails++;
    }
    if (d->anim && png_anim_frames(d->anim)) {
        char path[600];
        snprintf(path, sizeof(path), "%s/display.apng", d->outdir);
        if (png_anim_write(d->anim, path) != 0) {
            printf("DISPLAY: cannot write %s\n", path);
            fails++;
        } else if (!d->quiet) {
            printf("display: %s (%u frames, 0.5 s each)\n", path, png_anim_frames(d->anim));
        }
    }
    printf("display: %u frames captured, %u compared, %" PRIu64 " pixel mismatches, %u timing/symbol errors, "
           "%" PRIu64 " pixel clocks\n",
           d->ncap, d->compared, d->mismatches, d->errors, d->t);
    return fails;
}
