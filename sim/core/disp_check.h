/* disp_check: the harness's display monitor. It decodes the GPU's three TMDS symbol streams
 * (sim/display/tmds.c, independent of the RTL encoder), checks the 640x480@60 timing of what a
 * monitor would see (line and frame totals, sync widths and positions, data-enable runs, the
 * channels' agreement), captures each displayed frame as RGB888 and compares it pixel-exact
 * with the reference model's frame for the same frame boundary (docs/spec-decisions.md
 * "Display path"). Frames pair in order: the k-th frame boundary (the VSYNC pin, line 480) and
 * the k-th frame captured after a DVI vertical sync pulse (lines 490-491).
 * Per frame it prints one line: frame number, pixels compared, mismatches and the first
 * mismatch (x, y, both values, the framebuffer word); for a frame with mismatches it writes
 * display_fN_{ref,rtl,diff}.png. Without a model (an RTL-only run) frames are only checked for
 * timing and written as display_fN.png. With png_every, every frame is written as display_fN.png
 * and all of them as display.apng (an animated PNG, 0.5 s per frame). */
#ifndef DISP_CHECK_H
#define DISP_CHECK_H

#include <stdint.h>

typedef struct disp_check disp_check_t;

/* called for the first mismatch of a frame: the framebuffer word it shows and the core cycle at
 * which the RTL sent the pixel (for the waveform window) */
typedef void (*disp_mismatch_fn)(void *ctx, uint32_t word_addr, uint64_t core_cycle);

/* outdir: where PNGs go (NULL: none); png_every: also write display_fN.png for every frame */
disp_check_t *disp_check_new(const char *outdir, int png_every, int quiet, disp_mismatch_fn fn, void *ctx);
void disp_check_free(disp_check_t *d);
/* a frame boundary: rgb (640x480x3) is the model's frame it starts, or NULL without a model;
 * fb_base is its framebuffer's byte address (for reports) */
int disp_check_expect(disp_check_t *d, const uint8_t *rgb, uint32_t fb_base);
/* one pixel clock: the three symbols after its rising edge and the core cycle at that time */
void disp_check_pix(disp_check_t *d, uint64_t core_cycle, const uint16_t sym[3]);
/* end of the run: prints the summary; returns the number of failures (timing errors, bad
 * symbols, mismatching frames, fewer than min_frames frames compared with a model) */
unsigned disp_check_finish(disp_check_t *d, unsigned min_frames);
/* checker self-test: flip bit 0 of pixel (0, 0)'s red in captured frame f before comparing */
void disp_check_corrupt(disp_check_t *d, unsigned f);
/* 1 while the display is well inside active video (data lines 8..400 of a frame): a STATUS
 * read then sees VBLANK = 0 whatever its latency */
int disp_check_mid_active(const disp_check_t *d);
/* frames completely captured so far */
unsigned disp_check_frames(const disp_check_t *d);

#endif
