/* The scene catalogue. Each scene is written against the driver API only. */
#include "gpu_model.h"
#include "scene.h"
#include "simt_asm.h"
#include "texenc.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define FB_A 0x000000u
#define FB_B 0x12C000u
#define ZBUF 0x258000u

uint32_t scene_rand(scene_ctx_t *c)
{
    c->rng ^= c->rng >> 12;
    c->rng ^= c->rng << 25;
    c->rng ^= c->rng >> 27;
    return (uint32_t)((c->rng * 2685821657736338717ull) >> 32);
}

int32_t scene_rand_range(scene_ctx_t *c, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(scene_rand(c) % (uint32_t)(hi - lo + 1));
}

static uint64_t xyz16(int32_t x, int32_t y, uint32_t z)
{
    return ((uint64_t)(z & 0x1FFFFFFu) << 32) | ((uint64_t)(uint16_t)(int16_t)y << 16) | (uint16_t)(int16_t)x;
}

void scene_tri16(int32_t x0, int32_t y0, uint32_t z0, int32_t x1, int32_t y1, uint32_t z1, int32_t x2, int32_t y2,
                 uint32_t z2)
{
    gpu_write(REG_VERTEX, xyz16(x0, y0, z0));
    gpu_write(REG_VERTEX, xyz16(x1, y1, z1));
    gpu_write(REG_VERTEX, xyz16(x2, y2, z2));
}

/* A screen-aligned quad (x0, y0)-(x1, y1) at depth z as two triangles (top-left, top-right,
 * bottom-right) and (top-left, bottom-right, bottom-left), with a colour per corner; COLOR is
 * written only when it changes from the vertex before (the register writes of the scenes that
 * spelled this out by hand, so their streams and cycle counts are unchanged). */
static void quad_corners(double x0, double y0, double x1, double y1, uint32_t z, uint64_t tl, uint64_t tr,
                         uint64_t br, uint64_t bl)
{
    const double vx[6] = {x0, x1, x1, x0, x1, x0}, vy[6] = {y0, y0, y1, y0, y1, y1};
    const uint64_t vc[6] = {tl, tr, br, tl, br, bl};
    for (int i = 0; i < 6; i++) {
        if (i == 0 || vc[i] != vc[i - 1]) {
            gpu_write(REG_COLOR, vc[i]);
        }
        gpu_write(REG_VERTEX, PACK_XYZ(vx[i], vy[i], z));
    }
}

/* ---------------------------------------------------------------- seed examples */

/* INT-010 migration guide, "Clear Framebuffer", verbatim but for the declaration of clear_color.
 * With pixel-centre sampling it covers x < 639 on row 0..478 (column 639 and row 479 lie
 * outside the triangles' edges); see docs/spec-decisions.md. */
static void scene_seed_clear_fb(scene_ctx_t *c)
{
    (void)c;
    uint32_t clear_color = 0xFF402010u;
    gpu_write(REG_TRI_MODE, 0x00);  // Flat shading, no texture, no Z
    gpu_write(REG_COLOR, clear_color);

    // Draw two triangles covering full viewport (640×480)
    gpu_write(REG_VERTEX, PACK_XYZ(0, 0, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(639, 0, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(639, 479, 0));

    gpu_write(REG_VERTEX, PACK_XYZ(0, 0, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(639, 479, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(0, 479, 0));
}

/* INT-010 "Example 3: Z-Buffer with Compare Functions", verbatim. */
static void scene_seed_clear_z(scene_ctx_t *c)
{
    (void)c;
// Configure Z-buffer at 0x258000 with LEQUAL compare
gpu_write(REG_FB_ZBUFFER,
    (0x001ULL << 32) |  // Z_COMPARE: LEQUAL (≤)
    0x258000            // Z-buffer base address
);

// Enable Z-test and Z-write in TRI_MODE
gpu_write(REG_TRI_MODE,
    (1 << 3) |  // Z_WRITE
    (1 << 2) |  // Z_TEST
    (1 << 0)    // GOURAUD
);

// Clear Z-buffer to maximum depth
// First, configure to always pass and write far plane
gpu_write(REG_FB_ZBUFFER,
    (0x006ULL << 32) |  // Z_COMPARE: ALWAYS
    0x258000
);

// Draw full-screen triangles with Z=0x1FFFFFF (far)
uint32_t far_z = 0x1FFFFFF;
gpu_write(REG_COLOR, 0x00000000);
gpu_write(REG_VERTEX, PACK_XYZ(0, 0, far_z));
gpu_write(REG_VERTEX, PACK_XYZ(639, 0, far_z));
gpu_write(REG_VERTEX, PACK_XYZ(639, 479, far_z));

gpu_write(REG_VERTEX, PACK_XYZ(0, 0, far_z));
gpu_write(REG_VERTEX, PACK_XYZ(639, 479, far_z));
gpu_write(REG_VERTEX, PACK_XYZ(0, 479, far_z));

// Restore LEQUAL compare
gpu_write(REG_FB_ZBUFFER,
    (0x001ULL << 32) |  // Z_COMPARE: LEQUAL
    0x258000
);
}

/* ---------------------------------------------------------------- full-screen clear */

/* Exact full-screen clear: the rectangle (0,0)-(640,480) covers every pixel centre once. */
static void scene_clear(scene_ctx_t *c)
{
    (void)c;
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_COLOR, PACK_RGBA(0x20, 0x40, 0x80, 0xFF));
    gpu_write(REG_VERTEX, PACK_XYZ(0, 0, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(640, 0, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(640, 480, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(0, 0, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(640, 480, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(0, 480, 0));
}

static int check_rect_times(scene_ctx_t *c, const scene_obs_t *o, uint32_t fb, int32_t X0, int32_t Y0, int32_t X1,
                            int32_t Y1, unsigned times);
#define check_rect_once(c, o, fb, X0, Y0, X1, Y1) check_rect_times(c, o, fb, X0, Y0, X1, Y1, 1)

static int check_clear(scene_ctx_t *c, const scene_obs_t *o) { return check_rect_once(c, o, FB_A, 0, 0, 640 * 16, 480 * 16); }

/* ---------------------------------------------------------------- fill rule */

/* Pixel (x, y) belongs to the rectangle [X0, X1) x [Y0, Y1) (1/16 px) iff its centre does:
 * left and top edges inclusive, right and bottom exclusive (top-left rule). Every such pixel
 * must be written exactly once, every other pixel of the framebuffer never. */
static int check_rect_times(scene_ctx_t *c, const scene_obs_t *o, uint32_t fb, int32_t X0, int32_t Y0, int32_t X1,
                            int32_t Y1, unsigned times)
{
    unsigned bad = 0;
    for (int y = 0; y < 480; y++) {
        for (int x = 0; x < 640; x++) {
            int32_t cx = 16 * x + 8, cy = 16 * y + 8;
            unsigned want = (cx >= X0 && cx < X1 && cy >= Y0 && cy < Y1) ? times : 0u;
            unsigned got = o->wcount[(fb >> 2) + (unsigned)y * 640 + (unsigned)x];
            if (got != want) {
                if (!bad) {
                    snprintf(c->msg, sizeof(c->msg),
                             "%s: pixel (%d, %d) written %u times, expected %u (rect [%d,%d)x[%d,%d) in 1/16 px)",
                             o->backend, x, y, got, want, X0, X1, Y0, Y1);
                }
                bad++;
            }
        }
    }
    return bad ? -1 : 0;
}

static int32_t g_rect[4]; /* the last rectangle a scene drew, for its check */

static void emit_quad(scene_ctx_t *c, int32_t X0, int32_t Y0, int32_t X1, int32_t Y1)
{
    /* two triangles along a random diagonal, each with a random winding and rotation */
    int32_t px[4] = {X0, X1, X1, X0}, py[4] = {Y0, Y0, Y1, Y1};
    int d = (int)(scene_rand(c) & 1);
    int t[2][3] = {{d, d + 1, d + 2}, {d + 2, (d + 3) & 3, d}};
    for (int k = 0; k < 2; k++) {
        int a = t[k][0], b = t[k][1] & 3, e = t[k][2] & 3;
        if (scene_rand(c) & 1) {
            int tmp = b;
            b = e;
            e = tmp;
        }
        int r = (int)(scene_rand(c) % 3);
        int v[3] = {a, b, e};
        int v0 = v[r], v1 = v[(r + 1) % 3], v2 = v[(r + 2) % 3];
        scene_tri16(px[v0], py[v0], 0, px[v1], py[v1], 0, px[v2], py[v2], 0);
    }
}

static void scene_shared_edge(scene_ctx_t *c)
{
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_COLOR, PACK_RGBA(0xFF, 0xFF, 0xFF, 0xFF));
    int32_t X0 = scene_rand_range(c, 0, 300 * 16), Y0 = scene_rand_range(c, 0, 200 * 16);
    int32_t X1 = X0 + scene_rand_range(c, 1, 300 * 16), Y1 = Y0 + scene_rand_range(c, 1, 250 * 16);
    g_rect[0] = X0;
    g_rect[1] = Y0;
    g_rect[2] = X1;
    g_rect[3] = Y1;
    emit_quad(c, X0, Y0, X1, Y1);
}

static int check_shared_edge(scene_ctx_t *c, const scene_obs_t *o)
{
    return check_rect_once(c, o, FB_A, g_rect[0], g_rect[1], g_rect[2], g_rect[3]);
}

/* Draw-state churn: a grid of cells, each a quad (two triangles) drawn into framebuffer A or B
 * (chosen at random per cell), with a write to a draw-state register before every triangle
 * (FB_DRAW, then DITHER_MODE or TRI_MODE), so every triangle takes a new draw-state entry and
 * the table's four entries run out while earlier triangles are still in flight (the register
 * file waits; the harness prints the wait count). Check, independent of both implementations:
 * each cell's pixels are written exactly once in its own buffer and never in the other. */
enum { CHURN_GW = 8, CHURN_GH = 6, CHURN_CELL = 80 };
static uint8_t g_churn_buf[CHURN_GH][CHURN_GW];
static void scene_state_churn(scene_ctx_t *c)
{
    gpu_write(REG_TRI_MODE, 0);
    for (int j = 0; j < CHURN_GH; j++) {
        for (int i = 0; i < CHURN_GW; i++) {
            int b = (int)(scene_rand(c) & 1);
            g_churn_buf[j][i] = (uint8_t)b;
            gpu_write(REG_FB_DRAW, b ? FB_B : FB_A);
            gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), 0xFF));
            int32_t X0 = i * CHURN_CELL * 16, Y0 = j * CHURN_CELL * 16;
            int32_t X1 = X0 + CHURN_CELL * 16, Y1 = Y0 + CHURN_CELL * 16;
            scene_tri16(X0, Y0, 0, X1, Y0, 0, X1, Y1, 0);
            if (scene_rand(c) & 1) {
                gpu_write(REG_DITHER_MODE, scene_rand(c) & 1);
            } else {
                gpu_write(REG_TRI_MODE, (scene_rand(c) & 1) ? TRI_MODE_GOURAUD_MASK << TRI_MODE_GOURAUD_SHIFT : 0u);
            }
            scene_tri16(X1, Y1, 0, X0, Y1, 0, X0, Y0, 0);
        }
    }
}

static int check_state_churn(scene_ctx_t *c, const scene_obs_t *o)
{
    for (int y = 0; y < CHURN_GH * CHURN_CELL; y++) {
        for (int x = 0; x < CHURN_GW * CHURN_CELL; x++) {
            int b = g_churn_buf[y / CHURN_CELL][x / CHURN_CELL];
            unsigned pix = (unsigned)y * 640 + (unsigned)x;
            unsigned in_own = o->wcount[((b ? FB_B : FB_A) >> 2) + pix];
            unsigned in_other = o->wcount[((b ? FB_A : FB_B) >> 2) + pix];
            if (in_own != 1 || in_other != 0) {
                snprintf(c->msg, sizeof(c->msg),
                         "%s: pixel (%d, %d) of a cell drawn into framebuffer %c written %u times there and %u times in "
                         "the other (expected 1 and 0)",
                         o->backend, x, y, b ? 'B' : 'A', in_own, in_other);
                return -1;
            }
        }
    }
    return 0;
}

/* A jittered grid mesh over a rectangle: interior vertices move freely inside their cell's
 * neighbourhood, border vertices only along the border, so the union is still the rectangle
 * and every shared edge must be drawn by exactly one of its two triangles. */
static void scene_mesh(scene_ctx_t *c)
{
    enum { GW = 8, GH = 6 };
    int n = c->count ? (int)c->count : 1;
    gpu_write(REG_TRI_MODE, 0);
    int32_t X0 = scene_rand_range(c, 0, 40 * 16), Y0 = scene_rand_range(c, 0, 40 * 16);
    int32_t cw = scene_rand_range(c, 20 * 16, 70 * 16), ch = scene_rand_range(c, 20 * 16, 70 * 16);
    int32_t vx[GH + 1][GW + 1], vy[GH + 1][GW + 1];
    for (int j = 0; j <= GH; j++) {
        for (int i = 0; i <= GW; i++) {
            int32_t jx = (i > 0 && i < GW) ? scene_rand_range(c, -cw / 5, cw / 5) : 0;
            int32_t jy = (j > 0 && j < GH) ? scene_rand_range(c, -ch / 5, ch / 5) : 0;
            vx[j][i] = X0 + i * cw + jx;
            vy[j][i] = Y0 + j * ch + jy;
        }
    }
    g_rect[0] = X0;
    g_rect[1] = Y0;
    g_rect[2] = X0 + GW * cw;
    g_rect[3] = Y0 + GH * ch;
    for (int rep = 0; rep < n; rep++) {
        for (int j = 0; j < GH; j++) {
            for (int i = 0; i < GW; i++) {
                int32_t ax = vx[j][i], ay = vy[j][i], bx = vx[j][i + 1], by = vy[j][i + 1];
                int32_t cx = vx[j + 1][i + 1], cy = vy[j + 1][i + 1], dx = vx[j + 1][i], dy = vy[j + 1][i];
                gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), 0xFF));
                if (scene_rand(c) & 1) {
                    scene_tri16(ax, ay, 0, bx, by, 0, cx, cy, 0);
                    scene_tri16(cx, cy, 0, dx, dy, 0, ax, ay, 0);
                } else {
                    scene_tri16(ax, ay, 0, dx, dy, 0, bx, by, 0);
                    scene_tri16(bx, by, 0, dx, dy, 0, cx, cy, 0);
                }
            }
        }
    }
}

static int check_mesh(scene_ctx_t *c, const scene_obs_t *o)
{
    /* the grid is convex-safe only when each jittered quad stays convex; the jitter (<= 1/5 cell)
     * guarantees it, so the union is exactly the rectangle; --count N draws the mesh N times */
    return check_rect_times(c, o, FB_A, g_rect[0], g_rect[1], g_rect[2], g_rect[3], c->count ? c->count : 1);
}

/* The point at distance d along side `side` of the rectangle [X0, X1] x [Y0, Y1], the sides
 * taken clockwise from the top-left corner (0 top, 1 right, 2 bottom, 3 left). */
static void rect_side_point(int side, int32_t d, int32_t X0, int32_t Y0, int32_t X1, int32_t Y1, int32_t *x,
                            int32_t *y)
{
    switch (side) {
    case 0: *x = X0 + d; *y = Y0; break;
    case 1: *x = X1; *y = Y0 + d; break;
    case 2: *x = X1 - d; *y = Y1; break;
    default: *x = X0; *y = Y1 - d; break;
    }
}

/* A rectangle whose corners lie on pixel centres, filled by a fan of triangles around an inner
 * pixel centre through boundary points that are also pixel centres: many samples lie exactly on
 * edges (axis-aligned and diagonal, in every direction), so the top-left rule decides them.
 * Expected: every pixel with centre in [X0, X1) x [Y0, Y1) exactly once, nothing else. */
static void scene_fillrule(scene_ctx_t *c)
{
    gpu_write(REG_TRI_MODE, 0);
    int a = scene_rand_range(c, 0, 400), b = scene_rand_range(c, 0, 300);
    int n = scene_rand_range(c, 4, 200), m = scene_rand_range(c, 4, 150);
    int32_t X0 = 16 * a + 8, Y0 = 16 * b + 8, X1 = 16 * (a + n) + 8, Y1 = 16 * (b + m) + 8;
    int32_t px = 16 * scene_rand_range(c, a + 1, a + n - 1) + 8, py = 16 * scene_rand_range(c, b + 1, b + m - 1) + 8;
    g_rect[0] = X0;
    g_rect[1] = Y0;
    g_rect[2] = X1;
    g_rect[3] = Y1;
    /* boundary points clockwise from the top-left corner, on pixel centres */
    int32_t bx[64], by[64];
    int nb = 0;
    int32_t cx[4] = {X0, X1, X1, X0}, cy[4] = {Y0, Y0, Y1, Y1};
    for (int side = 0; side < 4; side++) {
        bx[nb] = cx[side];
        by[nb] = cy[side];
        nb++;
        int extra = scene_rand_range(c, 0, 3);
        int32_t pts[3];
        int len = (side % 2 == 0) ? n : m;
        for (int k = 0; k < extra; k++) {
            pts[k] = 16 * scene_rand_range(c, 1, len - 1);
        }
        for (int i = 0; i < extra; i++) { /* sort along the side */
            for (int j = i + 1; j < extra; j++) {
                if (pts[j] < pts[i]) {
                    int32_t t = pts[i];
                    pts[i] = pts[j];
                    pts[j] = t;
                }
            }
        }
        for (int k = 0; k < extra; k++) {
            int32_t d = pts[k];
            if (k && d == pts[k - 1]) {
                continue;
            }
            rect_side_point(side, d, X0, Y0, X1, Y1, &bx[nb], &by[nb]);
            nb++;
        }
    }
    for (int i = 0; i < nb; i++) {
        int j = (i + 1) % nb;
        gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), 0xFF));
        if (scene_rand(c) & 1) {
            scene_tri16(px, py, 0, bx[i], by[i], 0, bx[j], by[j], 0);
        } else {
            scene_tri16(bx[j], by[j], 0, bx[i], by[i], 0, px, py, 0);
        }
    }
}

/* The walker's row entry and left seek (rtl/raster/README.md "Walk order"): a rectangle at
 * arbitrary sub-pixel corners cut into a fan of 60-160 slivers around an inner point, so
 * the triangles have shallow and steep edges in every direction and spans that drift left and
 * right by up to hundreds of pixels a row. Gouraud with a colour and a depth per vertex (Z
 * written, not tested), both windings: every plane is stepped left and right. Expected: every
 * pixel with centre in the rectangle written exactly once (--count N: N times). */
static void scene_slivers(scene_ctx_t *c)
{
    enum { NB_MAX = 160 };
    unsigned n = c->count ? c->count : 1;
    gpu_write(REG_FB_ZBUFFER, (6ULL << 32) | ZBUF);
    gpu_write(REG_TRI_MODE, (TRI_MODE_GOURAUD_MASK << TRI_MODE_GOURAUD_SHIFT) |
                                (TRI_MODE_Z_WRITE_MASK << TRI_MODE_Z_WRITE_SHIFT));
    int32_t X0 = scene_rand_range(c, 0, 200 * 16), Y0 = scene_rand_range(c, 0, 150 * 16);
    int32_t X1 = X0 + scene_rand_range(c, 40 * 16, 430 * 16), Y1 = Y0 + scene_rand_range(c, 40 * 16, 320 * 16);
    int32_t px = scene_rand_range(c, X0 + 16, X1 - 16), py = scene_rand_range(c, Y0 + 16, Y1 - 16);
    g_rect[0] = X0;
    g_rect[1] = Y0;
    g_rect[2] = X1;
    g_rect[3] = Y1;
    /* boundary points clockwise from the top-left corner: the corners and, on each side, points
     * at increasing random distances (sub-pixel), so the polygon is the rectangle */
    int32_t bx[NB_MAX + 4], by[NB_MAX + 4];
    int nb = 0, per_side = scene_rand_range(c, 15, NB_MAX / 4 - 1);
    int32_t cx[4] = {X0, X1, X1, X0}, cy[4] = {Y0, Y0, Y1, Y1};
    for (int side = 0; side < 4; side++) {
        bx[nb] = cx[side];
        by[nb] = cy[side];
        nb++;
        int32_t len = (side % 2 == 0) ? X1 - X0 : Y1 - Y0, d = 0;
        for (int k = 0; k < per_side; k++) {
            d += scene_rand_range(c, 1, 2 * len / per_side);
            if (d >= len) {
                break;
            }
            rect_side_point(side, d, X0, Y0, X1, Y1, &bx[nb], &by[nb]);
            nb++;
        }
    }
    uint32_t pz = (uint32_t)scene_rand(c) & 0x1FFFFFFu;
    uint64_t pc = PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), scene_rand(c));
    for (unsigned rep = 0; rep < n; rep++) {
        for (int i = 0; i < nb; i++) {
            int j = (i + 1) % nb;
            uint64_t ci = PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), scene_rand(c));
            uint64_t cj = PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), scene_rand(c));
            uint32_t zi = (uint32_t)scene_rand(c) & 0x1FFFFFFu, zj = (uint32_t)scene_rand(c) & 0x1FFFFFFu;
            if (scene_rand(c) & 1) {
                gpu_write(REG_COLOR, pc);
                gpu_write(REG_VERTEX, xyz16(px, py, pz));
                gpu_write(REG_COLOR, ci);
                gpu_write(REG_VERTEX, xyz16(bx[i], by[i], zi));
                gpu_write(REG_COLOR, cj);
                gpu_write(REG_VERTEX, xyz16(bx[j], by[j], zj));
            } else {
                gpu_write(REG_COLOR, cj);
                gpu_write(REG_VERTEX, xyz16(bx[j], by[j], zj));
                gpu_write(REG_COLOR, ci);
                gpu_write(REG_VERTEX, xyz16(bx[i], by[i], zi));
                gpu_write(REG_COLOR, pc);
                gpu_write(REG_VERTEX, xyz16(px, py, pz));
            }
        }
    }
}

static int check_slivers(scene_ctx_t *c, const scene_obs_t *o)
{
    return check_rect_times(c, o, FB_A, g_rect[0], g_rect[1], g_rect[2], g_rect[3], c->count ? c->count : 1);
}

/* ---------------------------------------------------------------- edge cases */

static void scene_degenerate(scene_ctx_t *c)
{
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_COLOR, 0xFFFFFFFF);
    for (int i = 0; i < 40; i++) {
        int32_t x0 = scene_rand_range(c, -2048 * 16, 2047 * 16), y0 = scene_rand_range(c, -2048 * 16, 2047 * 16);
        int32_t dx = scene_rand_range(c, -400, 400), dy = scene_rand_range(c, -400, 400);
        int32_t k1 = scene_rand_range(c, -5, 5), k2 = scene_rand_range(c, -5, 5);
        switch (i % 4) {
        case 0: /* collinear */
            scene_tri16(x0, y0, 0, x0 + k1 * dx, y0 + k1 * dy, 0, x0 + k2 * dx, y0 + k2 * dy, 0);
            break;
        case 1: /* all three the same */
            scene_tri16(x0, y0, 0, x0, y0, 0, x0, y0, 0);
            break;
        case 2: /* two the same */
            scene_tri16(x0, y0, 0, x0 + dx, y0 + dy, 0, x0, y0, 0);
            break;
        default: /* horizontal line */
            scene_tri16(x0, y0, 0, x0 + dx, y0, 0, x0 + 2 * dx, y0, 0);
            break;
        }
    }
}

static int check_nothing_written(scene_ctx_t *c, const scene_obs_t *o)
{
    for (uint32_t w = 0; w < (32u << 20) / 4; w++) {
        if (o->wcount[w]) {
            snprintf(c->msg, sizeof(c->msg), "%s: word 0x%06X written although every triangle was degenerate or off-screen",
                     o->backend, w * 4);
            return -1;
        }
    }
    return 0;
}

static void scene_offscreen(scene_ctx_t *c)
{
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_COLOR, 0xFF00FF00);
    for (int i = 0; i < 40; i++) {
        /* entirely left, right, above or below the screen, anywhere in the 12.4 range */
        int side = i % 4;
        int32_t p[6];
        for (int k = 0; k < 3; k++) {
            int32_t x, y;
            switch (side) {
            case 0: x = scene_rand_range(c, -32768, -1); y = scene_rand_range(c, -32768, 32767); break;
            case 1: x = scene_rand_range(c, 640 * 16, 32767); y = scene_rand_range(c, -32768, 32767); break;
            case 2: x = scene_rand_range(c, -32768, 32767); y = scene_rand_range(c, -32768, -1); break;
            default: x = scene_rand_range(c, -32768, 32767); y = scene_rand_range(c, 480 * 16, 32767); break;
            }
            p[2 * k] = x;
            p[2 * k + 1] = y;
        }
        scene_tri16(p[0], p[1], 0, p[2], p[3], 0, p[4], p[5], 0);
    }
}

/* thin slivers, sub-pixel triangles, huge triangles, partially clipped ones, both windings */
static void scene_edge_cases(scene_ctx_t *c)
{
    gpu_write(REG_FB_ZBUFFER, (6ULL << 32) | ZBUF);
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_DITHER_MODE, 1);
    int n = c->count ? (int)c->count : 60;
    for (int i = 0; i < n; i++) {
        gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), 0xFF));
        int32_t x0 = scene_rand_range(c, -200 * 16, 840 * 16), y0 = scene_rand_range(c, -200 * 16, 680 * 16);
        switch (i % 5) {
        case 0: { /* sliver: long and less than a pixel wide */
            int32_t len = scene_rand_range(c, 100 * 16, 900 * 16);
            int32_t w = scene_rand_range(c, 1, 15);
            if (i & 1) {
                scene_tri16(x0, y0, 0, x0 + len, y0 + w, 0, x0 + len / 2, y0 + 2 * w, 0);
            } else {
                scene_tri16(x0, y0, 0, x0 + w, y0 + len, 0, x0 + 2 * w, y0 + len / 3, 0);
            }
            break;
        }
        case 1: /* sub-pixel */
            scene_tri16(x0, y0, 0, x0 + scene_rand_range(c, -20, 20), y0 + scene_rand_range(c, -20, 20), 0,
                        x0 + scene_rand_range(c, -20, 20), y0 + scene_rand_range(c, -20, 20), 0);
            break;
        case 2: /* huge: the whole 12.4 range */
            scene_tri16(scene_rand_range(c, -32768, -16000), scene_rand_range(c, -32768, -16000), 0,
                        scene_rand_range(c, 16000, 32767), scene_rand_range(c, -32768, 32767), 0,
                        scene_rand_range(c, -32768, 32767), scene_rand_range(c, 16000, 32767), 0);
            break;
        case 3: /* huge and interpolated: near the widest edge value setup multiplies (w1 or w2
                   just above 2^31 at the bbox origin), full-range Z and colour differences,
                   Gouraud with Z written, into the second framebuffer so the flat triangles
                   do not cover it; either winding */
            if (i % 10 == 3) {
                gpu_write(REG_FB_DRAW, FB_B);
                gpu_write(REG_TRI_MODE, (1 << 3) | 1);
                const int32_t vx[3] = {32767, scene_rand_range(c, 16000, 24000), -32768};
                const int32_t vy[3] = {-32768, 32767, -32768};
                const int swap = (int)(scene_rand(c) & 1);
                for (int k = 0; k < 3; k++) {
                    const int v = (swap && k > 0) ? 3 - k : k;
                    gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), scene_rand(c)));
                    gpu_write(REG_VERTEX, xyz16(vx[v], vy[v], (k == 0) ? 0x1FFFFFFu : (scene_rand(c) & 0x1FFFFFFu)));
                }
                gpu_write(REG_TRI_MODE, 0);
                gpu_write(REG_FB_DRAW, FB_A);
                break;
            }
            /* fall through */
        default: /* ordinary, partially clipped, random winding */
            scene_tri16(x0, y0, 0, scene_rand_range(c, -300 * 16, 940 * 16), scene_rand_range(c, -300 * 16, 780 * 16), 0,
                        scene_rand_range(c, -300 * 16, 940 * 16), scene_rand_range(c, -300 * 16, 780 * 16), 0);
            break;
        }
    }
}

/* ---------------------------------------------------------------- random differential */

/* The Z-buffer the random scene starts from: bands of rows, far (0xFFFFFF) and random depths in
 * turn, band height and phase chosen by the seed, so every compare function meets depths it
 * passes and depths it fails. Loaded through the backdoor on every backend, so that Z-tested
 * triangles do not all meet an uninitialised (zero: nearest) buffer. */
static void random_zbuffer(scene_ctx_t *c)
{
    if (!c->mem_load) {
        return;
    }
    static uint32_t z[640 * 480];
    unsigned band = 1u + (unsigned)(scene_rand(c) % 4u), phase = scene_rand(c) % 2u;
    for (unsigned p = 0; p < 640u * 480u; p++) {
        z[p] = ((p / 640u / band) % 2u == phase) ? 0xFFFFFFu : (scene_rand(c) & 0xFFFFFFu);
    }
    c->mem_load(c->tb, ZBUF, z, sizeof(z));
}

static void random_tri(scene_ctx_t *c, int32_t cx, int32_t cy, int32_t span, uint32_t colour[3], uint64_t v[3])
{
    for (int k = 0; k < 3; k++) {
        colour[k] = (uint32_t)PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), scene_rand(c));
        int32_t x = cx + scene_rand_range(c, -span / 2, span / 2);
        int32_t y = cy + scene_rand_range(c, -span / 2, span / 2);
        if (x < -32768) x = -32768;
        if (x > 32767) x = 32767;
        if (y < -32768) y = -32768;
        if (y > 32767) y = 32767;
        v[k] = xyz16(x, y, scene_rand(c) & 0x1FFFFFF);
    }
}

static void draw_tri(const uint32_t colour[3], const uint64_t v[3])
{
    for (int k = 0; k < 3; k++) {
        gpu_write(REG_COLOR, colour[k]);
        gpu_write(REG_VERTEX, v[k]);
    }
}

static void scene_random(scene_ctx_t *c)
{
    int n = c->count ? (int)c->count : 40;
    random_zbuffer(c);
    gpu_write(REG_FB_ZBUFFER, (6ULL << 32) | ZBUF);
    uint32_t mode = 0, zfn = 6;
    /* ALPHA_BLEND from a stream of its own, so the triangles and modes of a seed stay those of
     * the scene before blending (half the batches blend: ADD, SUBTRACT, ALPHA_BLEND x2) */
    scene_ctx_t blend_rng = {.rng = c->seed * 0xD1B54A32D192ED03ull + 7};
    static const uint64_t k_blend_pick[8] = {0, 0, 0, 0, 1, 2, 3, 3};
    for (int i = 0; i < n; i++) {
        if (i % 8 == 0) {
            mode = scene_rand(c) & 0xF; /* GOURAUD, reserved bit 1, Z_TEST, Z_WRITE */
            zfn = scene_rand(c) & 7;
            gpu_write(REG_ALPHA_BLEND, k_blend_pick[scene_rand(&blend_rng) & 7]);
            gpu_write(REG_TRI_MODE, mode);
            gpu_write(REG_DITHER_MODE, scene_rand(c) & 1);
            gpu_write(REG_FB_ZBUFFER, ((uint64_t)zfn << 32) | ZBUF);
            gpu_write(REG_FB_DRAW, (scene_rand(c) & 3) == 0 ? FB_B : FB_A);
        }
        int big = (scene_rand(c) % 8) == 0;
        int32_t span = big ? 700 * 16 : 120 * 16;
        int32_t cx = scene_rand_range(c, -40 * 16, 680 * 16), cy = scene_rand_range(c, -40 * 16, 520 * 16);
        uint64_t v[3];
        uint32_t colour[3];
        random_tri(c, cx, cy, span, colour, v);
        if (zfn == 2 && (mode & 4)) {
            /* EQUAL meets random depths almost never: lay the triangle's own depths down first
             * (ALWAYS, Z_WRITE), then draw it again with EQUAL, which must pass where it covers */
            gpu_write(REG_FB_ZBUFFER, (6ULL << 32) | ZBUF);
            gpu_write(REG_TRI_MODE, mode | 0xC);
            draw_tri(colour, v);
            gpu_write(REG_FB_ZBUFFER, (2ULL << 32) | ZBUF);
            gpu_write(REG_TRI_MODE, mode);
        }
        draw_tri(colour, v);
    }
}

/* The random scene's own check, on the model's depth tests: NEVER passes nothing, ALWAYS
 * everything, and when at least 64 fragments met a depth test with another function, some of
 * them passed (a seed whose Z-tested triangles draw nothing tests nothing: it shows here; a
 * single function may legitimately pass nothing, behind depths an earlier batch wrote). */
static int check_random(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->ztests) {
        return 0;
    }
    uint64_t t6 = 0, p6 = 0;
    for (int f = 0; f < 6; f++) {
        t6 += o->ztests[f];
        p6 += o->zpasses[f];
    }
    if (t6 >= 64 && p6 == 0) {
        snprintf(c->msg, sizeof(c->msg), "%s: none of %llu depth tests with LESS..NOTEQUAL passed: seed %llu draws nothing "
                 "Z-tested (a weak seed, or the depth test is wrong)", o->backend, (unsigned long long)t6,
                 (unsigned long long)c->seed);
        return -1;
    }
    for (int f = 6; f < 8; f++) {
        uint64_t t = o->ztests[f], p = o->zpasses[f];
        int bad = (f == 7 && p != 0) || (f == 6 && p != t);
        if (bad) {
            snprintf(c->msg, sizeof(c->msg), "%s: Z function %s passed %llu of %llu depth tests (seed %llu)",
                     o->backend, gpu_zfunc_name((unsigned)f), (unsigned long long)p, (unsigned long long)t, (unsigned long long)c->seed);
            return -1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- depth */

static void scene_zbuffer(scene_ctx_t *c)
{
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_FB_ZBUFFER, (6ULL << 32) | ZBUF);
    gpu_write(REG_TRI_MODE, (1 << 3) | (1 << 2));
    gpu_write(REG_COLOR, 0);
    scene_tri16(0, 0, 0x1FFFFFF, 640 * 16, 0, 0x1FFFFFF, 640 * 16, 480 * 16, 0x1FFFFFF);
    scene_tri16(0, 0, 0x1FFFFFF, 640 * 16, 480 * 16, 0x1FFFFFF, 0, 480 * 16, 0x1FFFFFF);
    for (unsigned fn = 0; fn < 8; fn++) {
        gpu_write(REG_FB_ZBUFFER, ((uint64_t)fn << 32) | ZBUF);
        gpu_write(REG_TRI_MODE, (1 << 3) | (1 << 2) | 1);
        for (int k = 0; k < 3; k++) {
            gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), 0xFF));
            int32_t x = (int32_t)fn * 80 * 16 + scene_rand_range(c, 0, 60 * 16);
            int32_t y = scene_rand_range(c, 0, 480 * 16);
            gpu_write(REG_VERTEX, xyz16(x, y, scene_rand(c) & 0x1FFFFFF));
        }
        /* a second, overlapping triangle tests against the first one's depth */
        for (int k = 0; k < 3; k++) {
            gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), 0xFF));
            int32_t x = (int32_t)fn * 80 * 16 + scene_rand_range(c, 0, 60 * 16);
            int32_t y = scene_rand_range(c, 0, 480 * 16);
            gpu_write(REG_VERTEX, xyz16(x, y, scene_rand(c) & 0x1FFFFFF));
        }
    }
}

/* ---------------------------------------------------------------- memory interface */

static void scene_mem(scene_ctx_t *c)
{
    uint32_t base = 0x384000u + (scene_rand(c) & 0xFFF0u);
    gpu_write(REG_MEM_ADDR, base);
    for (unsigned i = 0; i < 64; i++) {
        gpu_write(REG_MEM_DATA, scene_rand(c));
    }
    /* readback through MEM_DATA: the tee compares model and RTL values */
    gpu_write(REG_MEM_ADDR, base);
    for (unsigned i = 0; i < 64; i++) {
        (void)gpu_read(REG_MEM_DATA);
    }
    (void)gpu_read(REG_MEM_ADDR);
    /* out of range: dropped, flagged in STATUS, flag cleared by the read */
    gpu_write(REG_MEM_ADDR, 0x02000000u);
    gpu_write(REG_MEM_DATA, 0xDEADBEEF);
    (void)gpu_read(REG_STATUS);
    (void)gpu_read(REG_STATUS);
    (void)gpu_read(REG_MEM_DATA);
    (void)gpu_read(REG_MEM_ADDR);
    (void)gpu_read(REG_STATUS);
    /* a triangle, then read its pixels back through MEM_DATA (ordering with rendering) */
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_COLOR, PACK_RGBA(0x80, 0x40, 0xC0, 0xFF));
    scene_tri16(0, 0, 0, 64 * 16, 0, 0, 0, 64 * 16, 0);
    gpu_write(REG_MEM_ADDR, 640 * 4 * 10);
    for (unsigned i = 0; i < 16; i++) {
        (void)gpu_read(REG_MEM_DATA);
    }
    /* backdoor load, then readback */
    uint32_t blob[8];
    for (unsigned i = 0; i < 8; i++) {
        blob[i] = scene_rand(c);
    }
    c->mem_load(c->tb, 0x500000u, blob, sizeof(blob));
    gpu_write(REG_MEM_ADDR, 0x500000u);
    for (unsigned i = 0; i < 8; i++) {
        (void)gpu_read(REG_MEM_DATA);
    }
}

/* ---------------------------------------------------------------- registers */

static void scene_regs(scene_ctx_t *c)
{
    /* every address: write a random value, read it back (the tee compares model and RTL) */
    for (unsigned a = 0; a < 128; a++) {
        /* VERTEX and MEM_* have their own scenes; a random SIMT_LAUNCH would start a kernel on
         * whatever the program window holds (docs/spec-decisions.md: SIMT_LAUNCH) */
        if (a == REG_VERTEX || a == REG_MEM_DATA || a == REG_MEM_ADDR || a == REG_SIMT_LAUNCH) {
            continue;
        }
        uint64_t v = ((uint64_t)scene_rand(c) << 32) | scene_rand(c);
        gpu_write((uint8_t)a, v);
        (void)gpu_read((uint8_t)a);
    }
    for (unsigned a = 0; a < 128; a++) {
        (void)gpu_read((uint8_t)a);
    }
}

/* ---------------------------------------------------------------- SIMT kernels */

#define SIMT_PROG_WIN 0x1FF0000u
#define SIMT_DATA_WIN 0x1FF8000u

void scene_simt_upload(const simt_image_t *img, unsigned prog_off, unsigned data_off)
{
    gpu_write(REG_MEM_ADDR, SIMT_PROG_WIN + 2 * prog_off);
    for (unsigned i = 0; i < (img->nprog + 1) / 2; i++) {
        gpu_write(REG_MEM_DATA, (uint64_t)img->prog[2 * i] | (uint64_t)img->prog[2 * i + 1] << 16);
    }
    gpu_write(REG_MEM_ADDR, SIMT_DATA_WIN + data_off);
    for (unsigned i = 0; i < SIMT_DATA_BYTES / 4; i++) {
        gpu_write(REG_MEM_DATA, (uint64_t)img->data[4 * i] | (uint64_t)img->data[4 * i + 1] << 8 |
                                    (uint64_t)img->data[4 * i + 2] << 16 | (uint64_t)img->data[4 * i + 3] << 24);
    }
}

/* Assembles a kernel, uploads program and data through MEM_ADDR/MEM_DATA into the SIMT windows
 * (docs/simt.md), launches it with SIMT_LAUNCH and reads its 256-byte data view back. */
static int simt_run_kernel(const char *path, unsigned prog_off, unsigned data_off, unsigned threads)
{
    static simt_image_t img;
    if (simt_assemble_file(path, &img) != 0) {
        fprintf(stderr, "scene simt: %s: %s\n", path, img.err);
        return -1;
    }
    scene_simt_upload(&img, prog_off, data_off);
    if (!threads) {
        threads = img.threads ? img.threads : 8;
    }
    gpu_write(REG_SIMT_LAUNCH, ((uint64_t)data_off << 32) | ((uint64_t)prog_off << 8) | threads);
    gpu_write(REG_MEM_ADDR, SIMT_DATA_WIN + data_off);
    for (unsigned i = 0; i < SIMT_DATA_BYTES / 4; i++) {
        (void)gpu_read(REG_MEM_DATA);
    }
    (void)gpu_read(REG_STATUS);
    return 0;
}

static void scene_simt(scene_ctx_t *c)
{
    static const char *kernels[] = {"matadd", "matmul2", "matmul4", "reduce", "clamp", "div0", "isa_all"};
    for (unsigned k = 0; k < sizeof(kernels) / sizeof(kernels[0]); k++) {
        char path[128];
        snprintf(path, sizeof(path), "sw/simt/kernels/%s.asm", kernels[k]);
        /* different program and data offsets per kernel, so they coexist in the windows */
        unsigned prog_off = 256u * k + 2u * (unsigned)scene_rand_range(c, 0, 15);
        unsigned data_off = 1024u * k + 4u * (unsigned)scene_rand_range(c, 0, 60);
        unsigned threads = (k % 2) ? (unsigned)scene_rand_range(c, 1, 13) : 0;
        if (simt_run_kernel(path, prog_off, data_off, threads) != 0) {
            snprintf(c->msg, sizeof(c->msg), "cannot assemble %s", path);
            return;
        }
    }
}

static int check_scene_msg(scene_ctx_t *c, const scene_obs_t *o)
{
    (void)o;
    return c->msg[0] ? -1 : 0;
}

/* ---------------------------------------------------------------- alpha blending */

/* Expected framebuffer words in these scenes' checks are worked out by hand from the formulas of
 * docs/spec-decisions.md "Alpha blending" (written out below), not by the model's code: 10.8
 * channels, c8 -> c10 = c8<<2 | c8>>6; destination RGB565 -> R5, B5 as {c5, c5}, G6 as
 * {g6, g6[5:2]}; ADD saturates, SUBTRACT = src - dst clamped at 0, ALPHA = src*A + dst*(1-A)
 * with each product (t + t>>10 + t>>20 + 2^17) >> 18 of t = x*y; RGB565 from the integer part
 * (R[9:5], G[9:4], B[9:5]) without dither. */

/* the RGB565 word at pixel (x, y) of the framebuffer at fb */
static uint16_t fb_word(const scene_obs_t *o, uint32_t fb, int x, int y)
{
    const uint8_t *p = o->mem + fb + ((uint32_t)y * 640u + (uint32_t)x) * 4u;
    return (uint16_t)(p[0] | p[1] << 8);
}

/* every pixel of [x0, x1) x [y0, y1) holds want; the first that does not is reported */
static int check_box(scene_ctx_t *c, const scene_obs_t *o, const char *what, int x0, int y0, int x1, int y1,
                     uint16_t want)
{
    for (int y = y0; y < y1; y++) {
        for (int x = x0; x < x1; x++) {
            uint16_t got = fb_word(o, FB_A, x, y);
            if (got != want) {
                snprintf(c->msg, sizeof(c->msg), "%s: %s: pixel (%d, %d) is 0x%04X, want 0x%04X", o->backend, what, x, y,
                         got, want);
                return -1;
            }
        }
    }
    return 0;
}

/* an axis-aligned rectangle of whole pixels [x0, x1) x [y0, y1) as two triangles */
static void rect_px(int32_t x0, int32_t y0, int32_t x1, int32_t y1, uint32_t z)
{
    scene_tri16(x0 * 16, y0 * 16, z, x1 * 16, y0 * 16, z, x1 * 16, y1 * 16, z);
    scene_tri16(x0 * 16, y0 * 16, z, x1 * 16, y1 * 16, z, x0 * 16, y1 * 16, z);
}

/* background of the blend scenes: RGBA8 (0x30, 0x90, 0xC0) -> c10 (192, 578, 771) -> RGB565
 * (6, 36, 24) = 0x3498; read back as a destination it is (198, 585, 792) */
#define BLEND_BG PACK_RGBA(0x30, 0x90, 0xC0, 0xFF)
#define BLEND_BG_565 0x3498u

static void blend_background(void)
{
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_COLOR, BLEND_BG);
    rect_px(0, 0, 640, 480, 0);
}

/* One 64x48 box per case, flat colour over the background. The expected words, by hand:
 *  ADD   (0x80,0x40,0x20): src c10 (514, 257, 128) + dst (198, 585, 792) = (712, 842, 920)
 *        -> (22, 52, 28) = 0xB69C
 *  SUB   (0xF0,0xF0,0x10): src (963, 963, 64) - dst = (765, 378, 0) -> (23, 23, 0) = 0xBAE0
 *  ALPHA (0x80,0x40,0x20, A=0x60): A = 385.0, 1-A = 638.0; R 514*385/1023 = 193.44 plus
 *        198*638/1023 = 123.48 -> 316.9 -> R5 9; G 257*385/1023 + 585*638/1023 = 96.72 +
 *        364.84 = 461.6 -> G6 28; B 128*385/1023 + 792*638/1023 = 48.17 + 493.93 = 542.1 ->
 *        B5 16 -> 0x4B90 (the roundings of each product are 1/256 and do not reach the cut)
 *  ALPHA, A = 0xFF: the source exactly, (0x12,0x34,0x56) -> (72, 208, 345) -> 0x11AA
 *  ALPHA, A = 0x00: the destination exactly, 0x3498
 *  ADD of white: saturated, 0xFFFF
 *  SUB of black: clamped at 0, 0x0000 */
static const struct {
    int mode;
    uint32_t rgba;
    uint16_t want;
    const char *name;
} k_blend_cases[] = {
    {1, PACK_RGBA(0x80, 0x40, 0x20, 0x60), 0xB69C, "ADD"},
    {2, PACK_RGBA(0xF0, 0xF0, 0x10, 0x60), 0xBAE0, "SUBTRACT"},
    {3, PACK_RGBA(0x80, 0x40, 0x20, 0x60), 0x4B90, "ALPHA_BLEND A=0x60"},
    {3, PACK_RGBA(0x12, 0x34, 0x56, 0xFF), 0x11AA, "ALPHA_BLEND A=0xFF"},
    {3, PACK_RGBA(0x12, 0x34, 0x56, 0x00), BLEND_BG_565, "ALPHA_BLEND A=0x00"},
    {1, PACK_RGBA(0xFF, 0xFF, 0xFF, 0xFF), 0xFFFF, "ADD saturating"},
    {2, PACK_RGBA(0x00, 0x00, 0x00, 0xFF), 0x0000, "SUBTRACT clamping"},
};
#define BLEND_NCASES (int)(sizeof(k_blend_cases) / sizeof(k_blend_cases[0]))

static void scene_blend_modes(scene_ctx_t *c)
{
    (void)c;
    blend_background();
    for (int i = 0; i < BLEND_NCASES; i++) {
        gpu_write(REG_ALPHA_BLEND, (uint64_t)k_blend_cases[i].mode);
        gpu_write(REG_COLOR, k_blend_cases[i].rgba);
        int x = 16 + (i % 4) * 160, y = 40 + (i / 4) * 200;
        rect_px(x, y, x + 64, y + 48, 0);
    }
    /* Gouraud triangles in every mode across the bottom, checked against the model only */
    gpu_write(REG_TRI_MODE, 1);
    for (int m = 0; m < 4; m++) {
        gpu_write(REG_ALPHA_BLEND, (uint64_t)m);
        gpu_write(REG_COLOR, PACK_RGBA(255, 0, 40, 0));
        gpu_write(REG_VERTEX, PACK_XYZ(m * 160 + 4, 330, 0));
        gpu_write(REG_COLOR, PACK_RGBA(0, 255, 90, 128));
        gpu_write(REG_VERTEX, PACK_XYZ(m * 160 + 156, 350, 0));
        gpu_write(REG_COLOR, PACK_RGBA(30, 60, 255, 255));
        gpu_write(REG_VERTEX, PACK_XYZ(m * 160 + 60, 476, 0));
    }
    gpu_write(REG_ALPHA_BLEND, 0);
}

static int check_blend_modes(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    for (int i = 0; i < BLEND_NCASES; i++) {
        int x = 16 + (i % 4) * 160, y = 40 + (i / 4) * 200;
        if (check_box(c, o, k_blend_cases[i].name, x, y, x + 64, y + 48, k_blend_cases[i].want) != 0 ||
            check_box(c, o, "background beside the box", x + 64, y, x + 80, y + 48, BLEND_BG_565) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Read-after-write hazards: layers of ADD with (8, 4, 8) over black. Each layer adds exactly one
 * step per channel: a destination R5 = k reads back as 33k, plus 32 is 33k + 32 -> R5 k + 1
 * (k < 31); G6 = k reads back as 16k + k/4, plus 16 -> G6 k + 1 (k < 63). So after K layers a
 * pixel is (K, K, K) as long as every read saw the layer before it, and less where one did not.
 * The hazard is a fragment whose predecessor in the pipeline wrote the same pixel: a blended
 * 48x48 rectangle first (about 25,000 cycles of blending, while the host queues the next
 * triangles), then triangles that walk in a few cycles each, so their fragments follow each
 * other through the pixel pipe back to back:
 *   A  8 one-pixel triangles on (20, 20), three times: 24 layers;
 *   B  a chain of 8 one-row triangles of 8 pixels along row 30 from x = 60, each starting on the
 *      pixel the one before ended on (the last fragment of one triangle and the first of the
 *      next are the same pixel; each triangle is long enough for setup to have the next one
 *      ready), three times: 6 layers on the 7 shared pixels, 3 on the others;
 * with the Z test (ALWAYS, Z write on) in the second of the three rounds. Then 24 layers of
 * 6x6 quads, strips redrawn pass after pass, and a region where every other layer fails LESS
 * against nearer depth (12 of 24 layers count). The expected values come from layer counts. */
enum { STACK_K = 24 };
#define STACK_COLOUR PACK_RGBA(8, 4, 8, 255)
static uint16_t stack565(unsigned k) { return (uint16_t)((k << 11) | (k << 5) | k); }

/* Depth hazards in pixel_ztest (issue 14: Z reads issued ahead, a scoreboard orders them after
 * the Z writes of older fragments on the same word). A hazard needs two triangles' fragments on
 * one pixel within the stage's window, so each case is a tall rectangle W pixels wide (the
 * depth path, at three memory words a fragment, falls behind the walker and the fragments
 * queue), immediately followed by the W x W block at its bottom, whose fragments then trail
 * the rectangle's last ones by a few places. Round k: the rectangle at ZS_Z0 - 2k * ZS_D (in
 * front of everything before: passes), the block ZS_D / 2 behind it: it fails if and only if
 * its Z read sees the rectangle's write. Expected: the blocks in the colour of the last
 * round's rectangle (compared with that colour's swatch, drawn without Z), their Z words that
 * rectangle's depth >> 1, the pixels beside them untouched. */
#define ZS_ROUNDS 8
#define ZS_Z0 0xC00000u
#define ZS_D 0x10000u
#define ZS_Y0 40
#define ZS_Y1 440
static uint64_t zs_colour(unsigned k) { return PACK_RGBA(16 * k + 8, 255 - 16 * k, 8 * k, 255); }
static int zs_x(int w) { return 100 + 20 * w; }

static void scene_z_stack(scene_ctx_t *c)
{
    (void)c;
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_FB_ZBUFFER, (6ULL << 32) | ZBUF); /* ALWAYS: the clear lays depth 0x800000 down */
    gpu_write(REG_TRI_MODE, 0xC);
    gpu_write(REG_COLOR, PACK_RGBA(0, 0, 0, 255));
    rect_px(0, 0, 640, 480, 0x1000000);
    gpu_write(REG_TRI_MODE, 0); /* swatches: each colour, no Z */
    for (unsigned k = 0; k < 2 * ZS_ROUNDS; k++) {
        gpu_write(REG_COLOR, zs_colour(k));
        rect_px(10 + 4 * (int32_t)k, 460, 13 + 4 * (int32_t)k, 463, 0);
    }
    gpu_write(REG_FB_ZBUFFER, (0ULL << 32) | ZBUF); /* LESS */
    gpu_write(REG_TRI_MODE, 0xC);
    for (int w = 1; w <= 4; w++) {
        int32_t x = zs_x(w);
        for (unsigned k = 0; k < ZS_ROUNDS; k++) {
            uint32_t z = ZS_Z0 - 2 * k * ZS_D;
            gpu_write(REG_COLOR, zs_colour(2 * k));
            rect_px(x, ZS_Y0, x + w, ZS_Y1, z);
            gpu_write(REG_COLOR, zs_colour(2 * k + 1));
            rect_px(x, ZS_Y1 - w, x + w, ZS_Y1, z + ZS_D / 2);
        }
    }
}

static int check_z_stack(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    unsigned last = 2 * (ZS_ROUNDS - 1);
    uint16_t want = fb_word(o, FB_A, 10 + 4 * (int)last, 460);
    if (want == fb_word(o, FB_A, 10 + 4 * (int)last + 4, 460) || want == 0) {
        snprintf(c->msg, sizeof(c->msg), "%s: the swatches of colours %u and %u are not distinct", o->backend, last,
                 last + 1);
        return -1;
    }
    for (int w = 1; w <= 4; w++) {
        int x = zs_x(w);
        if (check_box(c, o, "tall rectangle and its bottom block, 8 rounds", x, ZS_Y0, x + w, ZS_Y1, want) != 0 ||
            check_box(c, o, "row below", x, ZS_Y1, x + w, ZS_Y1 + 1, 0) != 0 ||
            check_box(c, o, "column after", x + w, ZS_Y0, x + w + 1, ZS_Y1, 0) != 0) {
            return -1;
        }
        for (int y = ZS_Y1 - w; y < ZS_Y1; y++) {
            for (int xx = x; xx < x + w; xx++) {
                const uint8_t *p = o->mem + ZBUF + ((uint32_t)y * 640u + (uint32_t)xx) * 4u;
                uint32_t zw = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
                uint32_t zl = (ZS_Z0 - last * ZS_D) >> 1;
                if (zw != zl) {
                    snprintf(c->msg, sizeof(c->msg), "%s: Z word of (%d, %d) is 0x%06X, expected the last rectangle's 0x%06X",
                             o->backend, xx, y, zw, zl);
                    return -1;
                }
            }
        }
    }
    return 0;
}

static void scene_blend_stack(scene_ctx_t *c)
{
    (void)c;
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0xC); /* Z test and write: the clear lays depth 0x800000 down */
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_FB_ZBUFFER, (6ULL << 32) | ZBUF);
    gpu_write(REG_COLOR, PACK_RGBA(0, 0, 0, 255));
    rect_px(0, 0, 640, 480, 0x1000000);
    gpu_write(REG_ALPHA_BLEND, 1);
    gpu_write(REG_COLOR, STACK_COLOUR);
    for (int round = 0; round < 3; round++) {
        gpu_write(REG_TRI_MODE, round == 1 ? 0xC : 0); /* Z ALWAYS with write in round 1 */
        rect_px(400, 300, 448, 348, 0);
        for (int k = 0; k < 8; k++) { /* A: the sample (20.5, 20.5) only */
            scene_tri16(20 * 16 + 4, 20 * 16 + 4, 0, 21 * 16 + 4, 20 * 16 + 4, 0, 20 * 16 + 4, 21 * 16 + 4, 0);
        }
        rect_px(400, 360, 448, 408, 0);
        for (int k = 0; k < 8; k++) { /* B: the samples (x + 0.5 .. x + 7.5, 30.5), x = 60 + 7k */
            int32_t x = (60 + 7 * k) * 16, y = 30 * 16;
            scene_tri16(x - 3, y + 6, 0, x + 131, y + 6, 0, x + 64, y + 22, 0);
        }
    }
    for (unsigned k = 0; k < STACK_K; k++) {
        gpu_write(REG_TRI_MODE, (k & 1) ? 0xC : 0);
        for (int j = 0; j < 4; j++) { /* 6x6 quads at (40 + 8j, 60) */
            rect_px(40 + 8 * j, 60, 46 + 8 * j, 66, 0);
        }
    }
    /* strips: [100,260) x [60,100) as 4 strips of 40 px, in passes that each redraw the pixels
     * the pass before just wrote (Z write on every third pass): every pixel gets STACK_K layers */
    for (unsigned k = 0; k < STACK_K; k += 3) {
        for (int pass = 0; pass < 3; pass++) {
            gpu_write(REG_TRI_MODE, pass == 1 ? 0xC : 0);
            for (int sx = 0; sx < 4; sx++) {
                rect_px(100 + 40 * sx, 60, 140 + 40 * sx, 100, 0);
            }
        }
    }
    /* depth: LESS with Z write; layer k at depth 0x0F00000 - k*0x10000 (nearer each time) passes,
     * and between them a layer at the far 0x1800000 fails: STACK_K/2 steps */
    gpu_write(REG_FB_ZBUFFER, (0ULL << 32) | ZBUF);
    for (unsigned k = 0; k < STACK_K; k++) {
        gpu_write(REG_TRI_MODE, 0xC);
        uint32_t z = (k & 1) ? 0x1800000u : 0x0F00000u - k * 0x10000u;
        rect_px(300, 60, 340, 100, z);
    }
    gpu_write(REG_ALPHA_BLEND, 0);
}

/* Destination-read hazards in pixel_blend (issue 14: reads issued ahead, a queue of the colour
 * words still to be written): as z_stack, a tall additive rectangle W pixels wide followed at
 * once by the W x W block at its bottom, whose destination reads then trail the rectangle's
 * colour writes by a few places; BT_ROUNDS rounds. Each layer adds (1, 1, 1) in RGB565 over
 * black: expected BT_ROUNDS in the rectangle, 2 BT_ROUNDS in the block (a read that misses
 * the write before it loses a layer). */
#define BT_ROUNDS 6
#define BT_Y0 40
#define BT_Y1 400
static void scene_blend_trail(scene_ctx_t *c)
{
    (void)c;
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_COLOR, PACK_RGBA(0, 0, 0, 255));
    rect_px(0, 0, 640, 480, 0);
    gpu_write(REG_ALPHA_BLEND, 1);
    gpu_write(REG_COLOR, STACK_COLOUR);
    for (int w = 1; w <= 4; w++) {
        int32_t x = 100 + 20 * w;
        for (unsigned k = 0; k < BT_ROUNDS; k++) {
            rect_px(x, BT_Y0, x + w, BT_Y1, 0);
            rect_px(x, BT_Y1 - w, x + w, BT_Y1, 0);
        }
    }
    gpu_write(REG_ALPHA_BLEND, 0);
}

static int check_blend_stack(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    if (check_box(c, o, "A: 1-pixel triangles stacked", 20, 20, 21, 21, stack565(STACK_K)) != 0 ||
        check_box(c, o, "beside the 1-pixel triangle", 21, 20, 22, 21, 0) != 0 ||
        check_box(c, o, "B: row below the chain", 59, 31, 118, 32, 0) != 0 ||
        check_box(c, o, "B: before the chain", 59, 30, 60, 31, 0) != 0 ||
        check_box(c, o, "B: after the chain", 117, 30, 118, 31, 0) != 0 ||
        check_box(c, o, "rectangles before A and B", 400, 300, 448, 348, stack565(3)) != 0 ||
        check_box(c, o, "rectangles before A and B", 400, 360, 448, 408, stack565(3)) != 0 ||
        check_box(c, o, "strips stacked", 100, 60, 260, 100, stack565(STACK_K)) != 0 ||
        check_box(c, o, "half the layers behind", 300, 60, 340, 100, stack565(STACK_K / 2)) != 0) {
        return -1;
    }
    for (int j = 0; j < 4; j++) {
        if (check_box(c, o, "6x6 quads stacked", 40 + 8 * j, 60, 46 + 8 * j, 66, stack565(STACK_K)) != 0) {
            return -1;
        }
    }
    for (int x = 60; x <= 116; x++) { /* B: pixel 60 + 7k (k = 1..7) is shared by two triangles */
        int shared = x > 60 && x < 116 && (x - 60) % 7 == 0;
        if (check_box(c, o, shared ? "B: chain, pixel shared by two triangles" : "B: chain", x, 30, x + 1, 31,
                      stack565(shared ? 6 : 3)) != 0) {
            return -1;
        }
    }
    return 0;
}

static int check_blend_trail(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    for (int w = 1; w <= 4; w++) {
        int x = 100 + 20 * w;
        if (check_box(c, o, "tall rectangle, one layer a round", x, BT_Y0, x + w, BT_Y1 - w, stack565(BT_ROUNDS)) != 0 ||
            check_box(c, o, "block at its bottom, two layers a round", x, BT_Y1 - w, x + w, BT_Y1,
                      stack565(2 * BT_ROUNDS)) != 0 ||
            check_box(c, o, "column after", x + w, BT_Y0, x + w + 1, BT_Y1, 0) != 0) {
            return -1;
        }
    }
    return 0;
}

/* INT-010 "Example 4: Alpha Blending for Transparency", verbatim, drawn for six particles over a
 * background and an opaque occluder (the seed's fragment, wrapped by the setup it assumes: a
 * Z-buffer cleared to far, dither off). A white particle at alpha 128 (A = 514.0, 1 - A =
 * 509.0) over the background gives per channel 1023*514/1023 + d*509/1023: R 514 + 198*0.4976
 * = 612.5 -> R5 19, G 514 + 585*0.4976 = 805.1 -> G6 50, B 514 + 792*0.4976 = 908.1 -> B5 28:
 * 0x9E5C. Particles behind the occluder (depth 0x0800000, green (0x20, 0x60, 0x20) = 0x2304)
 * fail the Z test and leave it unchanged; those in front blend over it: R 514 + 33*0.4976,
 * G6 24 -> 514 + 387*0.4976, B5 4 -> 514 + 132*0.4976: (530.4, 706.6, 579.7) -> 0x9592. */
static void scene_blend_particles(scene_ctx_t *c)
{
    (void)c;
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_FB_ZBUFFER, (6ULL << 32) | ZBUF);
    gpu_write(REG_TRI_MODE, 0xC);
    gpu_write(REG_COLOR, BLEND_BG);
    rect_px(0, 0, 640, 480, 0x1FFFFFF);
    gpu_write(REG_FB_ZBUFFER, (1ULL << 32) | ZBUF); /* LEQUAL */
    gpu_write(REG_COLOR, PACK_RGBA(0x20, 0x60, 0x20, 0xFF));
    rect_px(0, 200, 640, 300, 0x0800000);
    for (int i = 0; i < 6; i++) {
        /* particle i: a triangle around (60 + 100i, 250), in front of the occluder for even i */
        double cx = 60 + 100 * i, cy = 250;
        double x0 = cx - 40, y0 = cy - 90, x1 = cx + 40, y1 = cy - 90, x2 = cx, y2 = cy + 90;
        uint32_t z0 = (i & 1) ? 0x1000000 : 0x0400000, z1 = z0, z2 = z0;
// Enable standard alpha blend mode
gpu_write(REG_ALPHA_BLEND, 0x03);  // Mode 11: alpha blend

// Configure rendering (no Z-write for transparent objects)
gpu_write(REG_TRI_MODE,
    (0 << 3) |  // Z_WRITE: no
    (1 << 2) |  // Z_TEST: yes (still test depth)
    (1 << 0)    // GOURAUD: yes
);

// Draw particle with alpha=0.5 (semi-transparent)
gpu_write(REG_COLOR, 0x80FFFFFF);  // RGBA: white, alpha=128
gpu_write(REG_VERTEX, PACK_XYZ(x0, y0, z0));
gpu_write(REG_VERTEX, PACK_XYZ(x1, y1, z1));
gpu_write(REG_VERTEX, PACK_XYZ(x2, y2, z2));

// After rendering transparent objects, disable alpha blend
gpu_write(REG_ALPHA_BLEND, 0x00);  // DISABLED
    }
}

static int check_blend_particles(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    for (int i = 0; i < 6; i++) {
        int cx = 60 + 100 * i;
        /* above the occluder: over the background; inside it: in front (even) or behind (odd) */
        if (check_box(c, o, "particle over the background", cx - 4, 170, cx + 4, 190, 0x9E5C) != 0 ||
            check_box(c, o, (i & 1) ? "particle behind the occluder" : "particle in front of the occluder", cx - 4,
                      230, cx + 4, 270, (i & 1) ? 0x2304 : 0x9592) != 0 ||
            check_box(c, o, "background between particles", cx + 46, 170, cx + 54, 190, BLEND_BG_565) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Overlapping blended Gouraud triangles in every mode with varying alpha, the ordered dither on
 * and off, with and without the Z test, over a dithered gradient: RTL against the model
 * fragment by fragment (the blend stage's records) and word by word. */
static void scene_blend_overlap(scene_ctx_t *c)
{
    int n = c->count ? (int)c->count : 48;
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_DITHER_MODE, 1);
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_FB_ZBUFFER, (6ULL << 32) | ZBUF);
    gpu_write(REG_TRI_MODE, 0xD);
    quad_corners(0, 0, 640, 480, 0x1FFFFFF, PACK_RGBA(20, 40, 90, 255), PACK_RGBA(20, 40, 90, 255),
                 PACK_RGBA(200, 120, 30, 255), PACK_RGBA(200, 120, 30, 255));
    for (int i = 0; i < n; i++) {
        if (i % 4 == 0) {
            gpu_write(REG_ALPHA_BLEND, scene_rand(c) & 3);
            gpu_write(REG_DITHER_MODE, scene_rand(c) & 1);
            gpu_write(REG_TRI_MODE, 1 | (scene_rand(c) & 0xC));
            gpu_write(REG_FB_ZBUFFER, ((uint64_t)(scene_rand(c) % 2 ? 1 : 6) << 32) | ZBUF);
        }
        int32_t cx = scene_rand_range(c, 40 * 16, 600 * 16), cy = scene_rand_range(c, 40 * 16, 440 * 16);
        for (int k = 0; k < 3; k++) {
            gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), scene_rand(c)));
            gpu_write(REG_VERTEX, xyz16(cx + scene_rand_range(c, -90 * 16, 90 * 16),
                                        cy + scene_rand_range(c, -90 * 16, 90 * 16), scene_rand(c) & 0x1FFFFFF));
        }
    }
    gpu_write(REG_ALPHA_BLEND, 0);
}

/* ---------------------------------------------------------------- texture units (issue 12) */

#define TEXMEM 0x400000u      /* textures live from 4 MiB up (framebuffers and Z below) */
#define TEXMEM_BYTES 0x80000u /* random texture memory loaded by tex_random (512 KiB) */

/* texture bytes into GPU memory: through MEM_ADDR / MEM_DATA, or the testbench's backdoor when
 * big is set and the backend offers one (a MEM_DATA word costs an SPI frame, 288 core cycles) */
static void tex_put(scene_ctx_t *c, uint32_t addr, const uint8_t *data, size_t len, int big)
{
    if (big && c->mem_load) {
        (void)gpu_read(REG_STATUS); /* nothing in flight may still sample the old bytes */
        c->mem_load(c->tb, addr, data, len);
    } else {
        texenc_upload(gpu_selected(), addr, data, len);
    }
}

/* an index texture (texel (x, y): R = x*17 & 255, G = y*17 & 255, B = 255 - ..., A = 255) of
 * 2^wl x 2^hl in the given format at addr, through MEM_ADDR / MEM_DATA, or
 * with c given, through tex_put's backdoor when the backend has one (benchmarks: no SPI time) */
static void tex_upload_index_via(scene_ctx_t *c, unsigned fmt, unsigned wl, unsigned hl, unsigned levels,
                                 uint32_t addr)
{
    const unsigned w = 1u << wl, h = 1u << hl;
    static uint32_t img[256 * 256], scratch[256 * 128];
    static uint8_t buf[256 * 256 * 2 * 2];
    for (unsigned y = 0; y < h; y++) {
        for (unsigned x = 0; x < w; x++) {
            img[y * w + x] = (uint32_t)PACK_RGBA((x * 37u) & 255u, (y * 53u) & 255u, ((x ^ y) * 29u) & 255u,
                                                 ((x + y) & 1u) ? 255u : 96u);
        }
    }
    const size_t n = texenc_chain(fmt, img, wl, hl, levels, buf, scratch);
    tex_put(c, addr, buf, n, c != NULL);
}

static void tex_upload_index(unsigned fmt, unsigned wl, unsigned hl, unsigned levels, uint32_t addr)
{
    tex_upload_index_via(NULL, fmt, wl, hl, levels, addr);
}

/* a textured quad (two triangles: corners 0 1 2 and 0 2 3) with (u, v, q) per corner on the
 * units in mask, and with col != NULL a COLOR per corner */
static void tex_quad_col(unsigned mask, const double x[4], const double y[4], const double u[4], const double v[4],
                         const double q[4], uint32_t z, const uint32_t col[4])
{
    const int tri[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++) {
        const int k = tri[i];
        if (col) {
            gpu_write(REG_COLOR, col[k]);
        }
        for (unsigned n = 0; n < 4; n++) {
            if ((mask >> n) & 1u) {
                gpu_write((uint8_t)(REG_UV0 + n), PACK_UVQ(u[k], v[k], q[k]));
            }
        }
        gpu_write(REG_VERTEX, PACK_XYZ(x[k], y[k], z));
    }
}

/* a textured quad (two triangles) with (u, v, q) per corner on the units in mask */
static void tex_quad(unsigned mask, const double x[4], const double y[4], const double u[4], const double v[4],
                     const double q[4], uint32_t z)
{
    tex_quad_col(mask, x, y, u, v, q, z, NULL);
}

/* one unit, RGBA4444 and BC1 side by side, a perspective floor, repeats and a Gouraud-modulated
 * quad: the basic path through the texture stage */
static void scene_tex_basic(scene_ctx_t *c)
{
    (void)c;
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_TRI_MODE, 0);
    tex_upload_index(TEXENC_RGBA4444, 6, 5, 1, TEXMEM);
    tex_upload_index(TEXENC_BC1, 6, 6, 7, TEXMEM + 0x10000u);
    gpu_write(REG_TEX0_BASE, TEXMEM);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, TEXENC_RGBA4444, 6, 5, 0, 1));
    gpu_write(REG_TEX0_WRAP, 0);
    const double one[4] = {1, 1, 1, 1};
    {
        const double x[4] = {10, 300, 300, 10}, y[4] = {10, 10, 200, 200};
        const double u[4] = {0, 1, 1, 0}, v[4] = {0, 0, 1, 1};
        tex_quad(1, x, y, u, v, one, 0);
    }
    gpu_write(REG_TEX0_BASE, TEXMEM + 0x10000u);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, TEXENC_BC1, 6, 6, 0, 7));
    {
        const double x[4] = {330, 630, 630, 330}, y[4] = {10, 10, 200, 200};
        const double u[4] = {-0.5, 2.5, 2.5, -0.5}, v[4] = {0, 0, 1.5, 1.5};
        tex_quad(1, x, y, u, v, one, 0);
    }
    /* a floor in perspective: q 0.125 far, 0.75 near, MIRROR on U, CLAMP_TO_EDGE on V */
    gpu_write(REG_TEX0_WRAP, (1u << 2) | 3u);
    {
        const double x[4] = {270, 370, 620, 20}, y[4] = {220, 220, 470, 470};
        const double u[4] = {0, 4, 4, 0}, v[4] = {0, 0, 4, 4}, q[4] = {0.125, 0.125, 0.75, 0.75};
        tex_quad(1, x, y, u, v, q, 0);
    }
    /* Gouraud modulation */
    gpu_write(REG_TRI_MODE, 1u << 2);
    gpu_write(REG_TEX0_WRAP, 0);
    gpu_write(REG_COLOR, PACK_RGBA(255, 128, 64, 255));
    {
        const double x[4] = {20, 200, 200, 20}, y[4] = {250, 250, 400, 400};
        const double u[4] = {0, 2, 2, 0}, v[4] = {0, 0, 2, 2};
        tex_quad(1, x, y, u, v, one, 0);
    }
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_TEX0_FMT, 0);
}

/* Seeded random textured triangles: every texture field at random (formats including the
 * reserved ones, sizes 3..10 and out-of-range codes, non-square, swizzles, wraps, mip levels
 * 0..15, biases, blend functions on 1-4 units), random texture memory, coordinates out to
 * several repeats and negative, Q down to 0 and negative, Gouraud and flat, Z functions, alpha
 * blend modes and dither; now and then texture memory rewritten through MEM_DATA with and
 * without a TEXn_BASE/FMT write (the cache rule). The model and the RTL must agree pixel for pixel. */
static void scene_tex_random(scene_ctx_t *c)
{
    const int n = c->count ? (int)c->count : 40;
    if (c->mem_load) {
        static uint8_t blob[TEXMEM_BYTES];
        for (size_t i = 0; i < sizeof(blob); i += 4) {
            uint32_t r = scene_rand(c);
            memcpy(&blob[i], &r, 4);
        }
        c->mem_load(c->tb, TEXMEM, blob, sizeof(blob));
    }
    random_zbuffer(c);
    gpu_write(REG_FB_DRAW, FB_A);
    for (int i = 0; i < n; i++) {
        if (i % 4 == 0) {
            /* new texture state on a random subset of the units */
            unsigned en = scene_rand(c) % 16u;
            for (unsigned u = 0; u < 4; u++) {
                const unsigned b = REG_TEX0_BASE + 8u * u;
                if (scene_rand(c) % 2u) {
                    gpu_write((uint8_t)b, TEXMEM + (scene_rand(c) % (TEXMEM_BYTES >> 12)) * 0x1000u);
                }
                const unsigned fmt = (scene_rand(c) % 8u == 0) ? 2u + scene_rand(c) % 2u : scene_rand(c) % 2u;
                const unsigned wl = (scene_rand(c) % 8u == 0) ? scene_rand(c) % 16u : 3u + scene_rand(c) % 6u;
                const unsigned hl = (scene_rand(c) % 8u == 0) ? scene_rand(c) % 256u : 3u + scene_rand(c) % 6u;
                gpu_write((uint8_t)(b + 1u), texenc_fmt((en >> u) & 1u, fmt, wl, hl, scene_rand(c) % 16u,
                                                        scene_rand(c) % 16u));
                gpu_write((uint8_t)(b + 2u), scene_rand(c) % 4u);
                gpu_write((uint8_t)(b + 3u), (scene_rand(c) % 4u == 0) ? scene_rand(c) % 256u
                                                                         : (uint32_t)(scene_rand_range(c, -8, 8) & 0xFF));
                gpu_write((uint8_t)(b + 4u), scene_rand(c) % 16u);
            }
            const unsigned mode = scene_rand(c);
            gpu_write(REG_TRI_MODE, mode & 0xDu);
            gpu_write(REG_ALPHA_BLEND, (scene_rand(c) % 3u == 0) ? scene_rand(c) % 4u : 0u);
            gpu_write(REG_DITHER_MODE, scene_rand(c) & 1u);
            gpu_write(REG_FB_ZBUFFER, ((uint64_t)(scene_rand(c) % 8u) << 32) | ZBUF);
        }
        if (i % 13 == 7) {
            /* rewrite some texture memory: cached blocks keep being served until a rebind */
            gpu_write(REG_MEM_ADDR, TEXMEM + (scene_rand(c) % (TEXMEM_BYTES / 4u)) * 4u);
            for (int k = 0; k < 16; k++) {
                gpu_write(REG_MEM_DATA, scene_rand(c));
            }
            if (scene_rand(c) % 2u) {
                const unsigned u = scene_rand(c) % 4u;
                gpu_write((uint8_t)(REG_TEX0_BASE + 8u * u + (scene_rand(c) % 2u)),
                          gpu_read((uint8_t)(REG_TEX0_BASE + 8u * u)));
            }
        }
        const int32_t span = (scene_rand(c) % 4u == 0) ? 300 * 16 : 60 * 16;
        const int32_t cx = scene_rand_range(c, 0, 640 * 16), cy = scene_rand_range(c, 0, 480 * 16);
        const double qs = (scene_rand(c) % 8u == 0) ? 0.0 : 0.02;
        for (int k = 0; k < 3; k++) {
            gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), scene_rand(c)));
            for (unsigned u = 0; u < 4; u++) {
                double q = qs + (double)(scene_rand(c) % 1000u) / 1000.0;
                if (scene_rand(c) % 16u == 0) {
                    q = -q;
                }
                const double uu = ((double)(scene_rand(c) % 2001u) - 1000.0) / 250.0;
                const double vv = ((double)(scene_rand(c) % 2001u) - 1000.0) / 250.0;
                uint64_t w = PACK_UVQ(uu, vv, q);
                if (scene_rand(c) % 32u == 0) {
                    w = ((uint64_t)scene_rand(c) << 16 | scene_rand(c)) & 0xFFFFFFFFFFFFull;
                }
                gpu_write((uint8_t)(REG_UV0 + u), w);
            }
            gpu_write(REG_VERTEX, xyz16(cx + scene_rand_range(c, -span, span), cy + scene_rand_range(c, -span, span),
                                        scene_rand(c) & 0x1FFFFFF));
        }
    }
    for (unsigned u = 0; u < 4; u++) {
        gpu_write((uint8_t)(REG_TEX0_FMT + 8u * u), 0);
    }
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0);
}

/* ---------------------------------------------------------------- directed texture scenes (issue 12) */

/* The checks of the directed texture scenes work out what a pixel must hold from the texture
 * bytes the scene itself uploaded and the rules of docs/spec-decisions.md, restated here (not
 * the model's code):
 *  layout    4x4 blocks left to right, then top to bottom, max(w/4, 1) blocks per row; RGBA4444
 *            32 bytes per block, texel (x%4, y%4) at ((y%4)*4 + x%4)*2, R = [15:12] .. A = [3:0];
 *            BC1 8 bytes: color0, color1 (RGB565), a 32-bit index word, texel (x%4, y%4) at
 *            bits 2*((y%4)*4 + x%4)
 *  decode    RGBA4444 c8 = c4 * 17; BC1 565 -> 888 by replication, per 8-bit channel a (c0),
 *            b (c1): c0 > c1: p2 = (2a + b + 1) / 3, p3 = (a + 2b + 1) / 3, alpha 255;
 *            c0 <= c1: p2 = (a + b + 1) >> 1, alpha 255, p3 = RGBA (0, 0, 0, 0)
 *  swizzle   on the decoded texel, the table of INT-010 (0xD-0xF as 0x0)
 *  sampling  nearest, texel t of a level 2^w wide covers U in [t, t+1) / 2^w
 *  colour    10.8 per channel, c8 -> c10 = c8<<2 | c8>>6; without GOURAUD the (blended) texture
 *            result is the fragment colour; chain MULTIPLY / ADD / SUBTRACT / INVERSE_SUBTRACT and
 *            ALPHA_BLEND as in "Alpha blending" above (products (t + t>>10 + t>>20 + 2^17) >> 18);
 *            RGB565 from the integer part, R[9:5] G[9:4] B[9:5], no dither */

#define C108_FULL 261888u /* 1023.0 */

static uint32_t rgba8(unsigned r, unsigned g, unsigned b, unsigned a)
{
    return (r & 255u) | (g & 255u) << 8 | (b & 255u) << 16 | (a & 255u) << 24;
}
static unsigned rgba8_ch(uint32_t t, unsigned i) { return (t >> (8 * i)) & 255u; }

/* byte offset of texel (x, y) in a level w texels wide (both formats; BC1: of its block) */
static size_t ref_texel_off(unsigned fmt, unsigned w, unsigned x, unsigned y)
{
    const size_t bw = w >= 4 ? w / 4 : 1, block = (size_t)(y / 4) * bw + x / 4;
    return fmt == TEXENC_BC1 ? block * 8 : block * 32 + ((y % 4) * 4 + x % 4) * 2;
}

/* RGBA8 texel (x, y) of a level w texels wide in the given format, from its bytes */
static uint32_t ref_texel(unsigned fmt, const uint8_t *lvl, unsigned w, unsigned x, unsigned y)
{
    const uint8_t *p = lvl + ref_texel_off(fmt, w, x, y);
    if (fmt != TEXENC_BC1) {
        const unsigned t = p[0] | p[1] << 8;
        return rgba8(((t >> 12) & 15u) * 17u, ((t >> 8) & 15u) * 17u, ((t >> 4) & 15u) * 17u, (t & 15u) * 17u);
    }
    const unsigned c0 = p[0] | p[1] << 8, c1 = p[2] | p[3] << 8;
    const uint32_t idx = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 | (uint32_t)p[7] << 24;
    const unsigned k = (idx >> (2 * ((y % 4) * 4 + x % 4))) & 3u;
    unsigned e[2][3];
    for (unsigned i = 0; i < 2; i++) {
        const unsigned c = i ? c1 : c0, r5 = c >> 11, g6 = (c >> 5) & 63u, b5 = c & 31u;
        e[i][0] = r5 << 3 | r5 >> 2;
        e[i][1] = g6 << 2 | g6 >> 4;
        e[i][2] = b5 << 3 | b5 >> 2;
    }
    if (k < 2) {
        return rgba8(e[k][0], e[k][1], e[k][2], 255);
    }
    unsigned o[3];
    for (unsigned i = 0; i < 3; i++) {
        const unsigned a = e[0][i], b = e[1][i];
        if (c0 > c1) {
            o[i] = k == 2 ? (2 * a + b + 1) / 3 : (a + 2 * b + 1) / 3;
        } else {
            o[i] = k == 2 ? (a + b + 1) >> 1 : 0;
        }
    }
    return (c0 <= c1 && k == 3) ? 0u : rgba8(o[0], o[1], o[2], 255);
}

static uint32_t ref_swizzle(uint32_t t, unsigned code)
{
    /* source of output R, G, B, A: channel 0-3, 4 = 0, 5 = 255 */
    static const uint8_t k[16][4] = {{0, 1, 2, 3}, {2, 1, 0, 3}, {3, 0, 1, 2}, {3, 2, 1, 0}, {1, 2, 0, 3}, {0, 4, 4, 4},
                                     {4, 4, 4, 3}, {0, 0, 0, 5}, {1, 1, 1, 5}, {2, 2, 2, 5}, {3, 3, 3, 5}, {5, 5, 5, 4},
                                     {5, 5, 5, 3}, {0, 1, 2, 3}, {0, 1, 2, 3}, {0, 1, 2, 3}};
    unsigned o[4];
    for (unsigned i = 0; i < 4; i++) {
        const unsigned s = k[code & 15u][i];
        o[i] = s < 4 ? rgba8_ch(t, s) : s == 5 ? 255u : 0u;
    }
    return rgba8(o[0], o[1], o[2], o[3]);
}

/* 10.8 arithmetic of docs/spec-decisions.md "Colour arithmetic" */
static uint32_t ref_c108(unsigned c8) { return (uint32_t)((c8 << 2) | (c8 >> 6)) << 8; }
static uint32_t ref_mul(uint32_t x, uint32_t y)
{
    const uint64_t t = (uint64_t)x * y, z = (t + (t >> 10) + (t >> 20) + (1u << 17)) >> 18;
    return z > 0x3FFFFu ? 0x3FFFFu : (uint32_t)z;
}
static uint32_t ref_add(uint32_t x, uint32_t y) { return x + y > 0x3FFFFu ? 0x3FFFFu : x + y; }
static uint32_t ref_sub(uint32_t x, uint32_t y) { return x > y ? x - y : 0u; }

/* a RGBA8 texel as four 10.8 channels */
static void ref_promote(uint32_t t, uint32_t c[4])
{
    for (unsigned i = 0; i < 4; i++) {
        c[i] = ref_c108(rgba8_ch(t, i));
    }
}

/* the RGB565 word of a 10.8 colour without dither */
static uint16_t ref_565(const uint32_t c[4])
{
    return (uint16_t)(((c[0] >> 13) & 31u) << 11 | ((c[1] >> 12) & 63u) << 5 | ((c[2] >> 13) & 31u));
}
static uint16_t ref_texel565(uint32_t t)
{
    uint32_t c[4];
    ref_promote(t, c);
    return ref_565(c);
}

/* the word ALPHA_BLEND mode (0..3) leaves when the 10.8 colour src meets the pixel word dst */
static uint16_t ref_alpha_blend(unsigned mode, const uint32_t src[4], uint16_t dst)
{
    const unsigned r5 = dst >> 11, g6 = (dst >> 5) & 63u, b5 = dst & 31u;
    const uint32_t d[3] = {(r5 << 5 | r5) << 8, (g6 << 4 | g6 >> 2) << 8, (b5 << 5 | b5) << 8};
    uint32_t o[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < 3; i++) {
        switch (mode & 3u) {
        case 0: o[i] = src[i]; break;
        case 1: o[i] = ref_add(src[i], d[i]); break;
        case 2: o[i] = ref_sub(src[i], d[i]); break;
        default: o[i] = ref_add(ref_mul(src[i], src[3]), ref_mul(d[i], ref_sub(C108_FULL, src[3]))); break;
        }
    }
    return ref_565(o);
}

/* RGBA4444 texels tex16[y*w + x] of a w x h level into the block layout; returns its bytes */
static size_t tex_layout4444(const uint16_t *tex16, unsigned w, unsigned h, uint8_t *out)
{
    const size_t n = (size_t)(w >= 4 ? w / 4 : 1) * (h >= 4 ? h / 4 : 1) * 32u;
    memset(out, 0, n);
    for (unsigned y = 0; y < h; y++) {
        for (unsigned x = 0; x < w; x++) {
            const size_t o = ref_texel_off(TEXENC_RGBA4444, w, x, y);
            out[o] = (uint8_t)tex16[y * w + x];
            out[o + 1] = (uint8_t)(tex16[y * w + x] >> 8);
        }
    }
    return n;
}

/* the screen rectangle [x0, x1) x [y0, y1) (pixels) textured on the units of mask, U from u0
 * (left) to u1 (right), V from v0 (top) to v1 (bottom), Q = q everywhere (affine) */
static void tex_rect(unsigned mask, double x0, double y0, double x1, double y1, double u0, double v0, double u1,
                     double v1, double q)
{
    const double x[4] = {x0, x1, x1, x0}, y[4] = {y0, y0, y1, y1};
    const double u[4] = {u0, u1, u1, u0}, v[4] = {v0, v0, v1, v1}, qq[4] = {q, q, q, q};
    tex_quad(mask, x, y, u, v, qq, 0);
}

/* the first pixel of a rectangle [x0, x1) x [y0, y1) of FB_A whose write count is not want */
static int check_written(scene_ctx_t *c, const scene_obs_t *o, const char *what, int x0, int y0, int x1, int y1,
                         unsigned want)
{
    for (int y = y0; y < y1; y++) {
        for (int x = x0; x < x1; x++) {
            const unsigned got = o->wcount[(FB_A >> 2) + (unsigned)y * 640u + (unsigned)x];
            if (got != want) {
                snprintf(c->msg, sizeof(c->msg), "%s: %s: pixel (%d, %d) written %u times, expected %u", o->backend,
                         what, x, y, got, want);
                return -1;
            }
        }
    }
    return 0;
}

static int check_px(scene_ctx_t *c, const scene_obs_t *o, int x, int y, uint16_t want, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* pixel (x, y) of FB_A holds want, else a message naming it */
static int check_px(scene_ctx_t *c, const scene_obs_t *o, int x, int y, uint16_t want, const char *fmt, ...)
{
    const uint16_t got = fb_word(o, FB_A, x, y);
    if (got == want) {
        return 0;
    }
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    snprintf(c->msg, sizeof(c->msg), "%s: %s: pixel (%d, %d) is 0x%04X, want 0x%04X", o->backend, what, x, y, got, want);
    return -1;
}

/* tex_swizzle: an 8x8 RGBA4444 texture whose four channels differ in every texel (R = 2x,
 * G = 2y + 1, B = 14 - 2x, A = 15 - 2y, 4-bit), on unit 3 with each of the 16 swizzle codes,
 * one 32x32 quad per code at 4 pixels per texel (Q = 0.5 everywhere: affine), opaque, and again
 * with ALPHA_BLEND over a flat background so that the swizzled alpha shows. Check: the centre
 * pixel of every texel of every quad is the swizzled texel (RGB565, or blended over the
 * background), from the texture. */
enum { SWZ_PX = 4 };
static uint16_t g_swz_tex[8 * 8];
static uint8_t g_swz_bytes[128];

static void swz_cell(unsigned code, int blended, int *x, int *y)
{
    *x = 12 + (int)(code % 8u) * 78;
    *y = 16 + (int)(code / 8u) * 48 + (blended ? 124 : 0);
}

static void scene_tex_swizzle(scene_ctx_t *c)
{
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0);
    for (unsigned y = 0; y < 8; y++) {
        for (unsigned x = 0; x < 8; x++) {
            g_swz_tex[y * 8 + x] = (uint16_t)((2 * x) << 12 | (2 * y + 1) << 8 | (14 - 2 * x) << 4 | (15 - 2 * y));
        }
    }
    tex_put(c, TEXMEM, g_swz_bytes, tex_layout4444(g_swz_tex, 8, 8, g_swz_bytes), 0);
    gpu_write(REG_COLOR, BLEND_BG);
    rect_px(0, 130, 640, 230, 0);
    gpu_write(REG_TEX3_BASE, TEXMEM);
    gpu_write(REG_TEX3_WRAP, 0);
    for (int blended = 0; blended < 2; blended++) {
        gpu_write(REG_ALPHA_BLEND, blended ? 3u : 0u);
        for (unsigned code = 0; code < 16; code++) {
            int x, y;
            swz_cell(code, blended, &x, &y);
            gpu_write(REG_TEX3_FMT, texenc_fmt(1, TEXENC_RGBA4444, 3, 3, code, 1));
            tex_rect(8, x, y, x + 8 * SWZ_PX, y + 8 * SWZ_PX, 0, 0, 1, 1, 0.5);
        }
    }
    gpu_write(REG_TEX3_FMT, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
}

static int check_tex_swizzle(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    for (int blended = 0; blended < 2; blended++) {
        for (unsigned code = 0; code < 16; code++) {
            int x0, y0;
            swz_cell(code, blended, &x0, &y0);
            for (unsigned ty = 0; ty < 8; ty++) {
                for (unsigned tx = 0; tx < 8; tx++) {
                    uint32_t s[4];
                    ref_promote(ref_swizzle(ref_texel(TEXENC_RGBA4444, g_swz_bytes, 8, tx, ty), code), s);
                    const uint16_t want = blended ? ref_alpha_blend(3, s, BLEND_BG_565) : ref_565(s);
                    if (check_px(c, o, x0 + (int)tx * SWZ_PX + SWZ_PX / 2, y0 + (int)ty * SWZ_PX + SWZ_PX / 2, want,
                                 "swizzle 0x%X%s, texel (%u, %u)", code, blended ? " blended" : "", tx, ty) != 0) {
                        return -1;
                    }
                }
            }
        }
    }
    return 0;
}

/* tex_wrap: a 16x8 RGBA4444 texture with a different, non-black colour in every texel (R = x,
 * G = 2y + 1, B = 9), the 16 combinations of U_WRAP x V_WRAP, each a 128x64 quad with U and V
 * from -3.5 to 4.5 (Q = 0.125 everywhere), so that one pixel is one texel: pixel (i, j) of a
 * quad samples texel (i - 56, j - 28) before the wrap, at its centre. Check per pixel: each
 * written once; inside the texture the texel; outside it on the U axis (else on the V axis)
 * CLAMP_TO_ZERO gives RGBA 0, i.e. the word 0x0000 (no blending, no dither); REPEAT equals the
 * pixel one period (16 or 8 texels) nearer the texture, MIRROR its mirror image (t <-> -1 - t
 * at the low edge, t <-> 2*size - 1 - t at the high one), CLAMP_TO_EDGE the edge texel of its
 * row or column. Each rule leads nearer the texture, so the pixels that are compared with
 * the texture directly pin every other. */
enum { WRAP_TW = 16, WRAP_TH = 8, WRAP_QW = 128, WRAP_QH = 64, WRAP_OU = 56, WRAP_OV = 28 };
static uint8_t g_wrap_bytes[WRAP_TW * WRAP_TH * 2];

static void wrap_cell(unsigned um, unsigned vm, int *x, int *y)
{
    *x = 8 + (int)um * (WRAP_QW + 28);
    *y = 16 + (int)vm * (WRAP_QH + 52);
}

static void scene_tex_wrap(scene_ctx_t *c)
{
    static uint16_t tex[WRAP_TW * WRAP_TH];
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0);
    for (unsigned y = 0; y < WRAP_TH; y++) {
        for (unsigned x = 0; x < WRAP_TW; x++) {
            tex[y * WRAP_TW + x] = (uint16_t)(x << 12 | (2 * y + 1) << 8 | 9u << 4 | 15u);
        }
    }
    tex_put(c, TEXMEM, g_wrap_bytes, tex_layout4444(tex, WRAP_TW, WRAP_TH, g_wrap_bytes), 0);
    gpu_write(REG_TEX0_BASE, TEXMEM);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, TEXENC_RGBA4444, 4, 3, 0, 1));
    for (unsigned vm = 0; vm < 4; vm++) {
        for (unsigned um = 0; um < 4; um++) {
            int x, y;
            wrap_cell(um, vm, &x, &y);
            gpu_write(REG_TEX0_WRAP, vm << 2 | um);
            tex_rect(1, x, y, x + WRAP_QW, y + WRAP_QH, -3.5, -3.5, 4.5, 4.5, 0.125);
        }
    }
    gpu_write(REG_TEX0_FMT, 0);
    gpu_write(REG_TEX0_WRAP, 0);
}

/* the texel index the wrap rule of mode compares texel index t (outside [0, size)) with; *zero
 * for CLAMP_TO_ZERO, which compares with nothing */
static int wrap_partner(unsigned mode, int t, int size, int *zero)
{
    *zero = mode == 2;
    switch (mode) {
    case 0: return t < 0 ? t + size : t - size;        /* REPEAT: one period nearer */
    case 1: return t < 0 ? 0 : size - 1;               /* CLAMP_TO_EDGE */
    case 2: return 0;                                  /* CLAMP_TO_ZERO */
    default: return t < 0 ? -1 - t : 2 * size - 1 - t; /* MIRROR */
    }
}

static const char *const k_wrap_names[4] = {"REPEAT", "CLAMP_TO_EDGE", "CLAMP_TO_ZERO", "MIRROR"};

static int check_tex_wrap(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    for (unsigned vm = 0; vm < 4; vm++) {
        for (unsigned um = 0; um < 4; um++) {
            int x0, y0;
            wrap_cell(um, vm, &x0, &y0);
            if (check_written(c, o, "wrap quad", x0, y0, x0 + WRAP_QW, y0 + WRAP_QH, 1) != 0) {
                return -1;
            }
            for (int j = 0; j < WRAP_QH; j++) {
                for (int i = 0; i < WRAP_QW; i++) {
                    const int tu = i - WRAP_OU, tv = j - WRAP_OV;
                    const int uin = tu >= 0 && tu < WRAP_TW, vin = tv >= 0 && tv < WRAP_TH;
                    uint16_t want;
                    const char *rule;
                    if (uin && vin) {
                        want = ref_texel565(ref_texel(TEXENC_RGBA4444, g_wrap_bytes, WRAP_TW, (unsigned)tu, (unsigned)tv));
                        rule = "the texel";
                    } else {
                        const int on_u = !uin;
                        const unsigned mode = on_u ? um : vm;
                        int zero;
                        const int p = wrap_partner(mode, on_u ? tu : tv, on_u ? WRAP_TW : WRAP_TH, &zero);
                        want = zero ? 0 : fb_word(o, FB_A, on_u ? x0 + p + WRAP_OU : x0 + i, on_u ? y0 + j : y0 + p + WRAP_OV);
                        rule = on_u ? "the U rule" : "the V rule";
                    }
                    if (check_px(c, o, x0 + i, y0 + j, want, "U %s, V %s, texel (%d, %d) by %s",
                                 k_wrap_names[um], k_wrap_names[vm], tu, tv, rule) != 0) {
                        return -1;
                    }
                }
            }
        }
    }
    return 0;
}

/* tex_blend: the texture blend chain. Four flat 8x8 RGBA4444 textures (one colour each, all
 * channels different), on units 0-3 in every enabled set of 2, 3 and 4 units (0+1, 0+2, 1+3,
 * 2+3, 0+1+2, 0+2+3, 1+2+3, all four), four quads per set in which units 1-3 take every TEXn_BLEND
 * function (unit n: (m + n) mod 4 in quad m) and TEX0_BLEND a value it must ignore (3 - m), as
 * does the first enabled unit when it is not unit 0; disabled units in between keep their
 * texture and function and must be skipped. Drawn without GOURAUD under a flat COLOR the chain
 * must ignore, then with GOURAUD under one vertex colour; then with GOURAUD and a colour per
 * corner over a varied texture (RTL against the model only). Then every ALPHA_BLEND mode with a
 * textured source over a flat-textured band and over a varied-textured band. Check: every pixel
 * of each flat-coloured quad (chain, Gouraud and the blends over the flat band) is the chain of
 * docs/spec-decisions.md "Blend chain" on the uploaded texels, in 10.8. */
static const uint16_t k_tb_tex[4] = {0xC84F, 0x6AF9, 0x3D9C, 0xF275};
static const uint8_t k_tb_sets[8] = {0x3, 0x5, 0xA, 0xC, 0x7, 0xD, 0xE, 0xF};
#define TB_FLAT_COLOUR PACK_RGBA(0x40, 0x80, 0xC0, 0x20)
#define TB_VTX_COLOUR PACK_RGBA(0xC0, 0x90, 0x50, 0xA0)
enum { TB_Q = 24, TB_BAND_A = 230, TB_BAND_B = 350 };
static uint8_t g_tb_bytes[5][128]; /* the four flat textures and the varied one */

static unsigned tb_func(unsigned n, unsigned m) { return n == 0 ? 3u - m : (m + n) & 3u; }

static void tb_cell(unsigned q, int gouraud, int *x, int *y)
{
    *x = 8 + (int)(q % 16u) * 39;
    *y = 8 + (int)(q / 16u) * 32 + (gouraud ? 72 : 0);
}

static void scene_tex_blend(scene_ctx_t *c)
{
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
    uint16_t tex[64];
    for (unsigned k = 0; k < 5; k++) {
        for (unsigned i = 0; i < 64; i++) {
            tex[i] = k < 4 ? k_tb_tex[k] : (uint16_t)((i & 7u) << 13 | (i >> 3) << 9 | ((i * 5u) & 15u) << 4 | (i & 15u));
        }
        tex_put(c, TEXMEM + k * 0x1000u, g_tb_bytes[k], tex_layout4444(tex, 8, 8, g_tb_bytes[k]), 0);
    }
    for (unsigned n = 0; n < 4; n++) {
        gpu_write((uint8_t)(REG_TEX0_BASE + 8u * n), TEXMEM + n * 0x1000u);
        gpu_write((uint8_t)(REG_TEX0_WRAP + 8u * n), 0);
    }
    for (int g = 0; g < 2; g++) {
        gpu_write(REG_TRI_MODE, (uint64_t)g);
        gpu_write(REG_COLOR, g ? TB_VTX_COLOUR : TB_FLAT_COLOUR);
        for (unsigned s = 0; s < 8; s++) {
            for (unsigned n = 0; n < 4; n++) {
                gpu_write((uint8_t)(REG_TEX0_FMT + 8u * n), texenc_fmt((k_tb_sets[s] >> n) & 1u, TEXENC_RGBA4444, 3, 3, 0, 1));
            }
            for (unsigned m = 0; m < 4; m++) {
                int x, y;
                tb_cell(s * 4 + m, g, &x, &y);
                for (unsigned n = 0; n < 4; n++) {
                    gpu_write((uint8_t)(REG_TEX0_BLEND + 8u * n), tb_func(n, m));
                }
                tex_rect(k_tb_sets[s], x, y, x + TB_Q, y + TB_Q, 0, 0, 1, 1, 0.5);
            }
        }
    }
    /* Gouraud with a colour per corner, unit 2 on the varied texture, repeated (model only) */
    gpu_write(REG_TEX2_BASE, TEXMEM + 4 * 0x1000u);
    gpu_write(REG_TRI_MODE, 1);
    for (unsigned s = 0; s < 8; s++) {
        for (unsigned n = 0; n < 4; n++) {
            gpu_write((uint8_t)(REG_TEX0_FMT + 8u * n), texenc_fmt((k_tb_sets[s] >> n) & 1u, TEXENC_RGBA4444, 3, 3, 0, 1));
            gpu_write((uint8_t)(REG_TEX0_BLEND + 8u * n), tb_func(n, s & 3u));
        }
        const double x0 = 8 + 78 * s, x[4] = {x0, x0 + 64, x0 + 64, x0}, y[4] = {150, 150, 214, 214};
        const double u[4] = {0, 2, 2, 0}, v[4] = {0, 0, 2, 2}, q[4] = {0.5, 0.4, 0.3, 0.45};
        const uint32_t col[4] = {(uint32_t)PACK_RGBA(255, 64, 0, 255), (uint32_t)PACK_RGBA(0, 255, 128, 200),
                                 (uint32_t)PACK_RGBA(64, 0, 255, 100), (uint32_t)PACK_RGBA(255, 255, 255, 0)};
        tex_quad_col(k_tb_sets[s], x, y, u, v, q, 0, col);
    }
    /* ALPHA_BLEND over textured bands: unit 0 alone, flat texture 2 (band A) and the varied
     * texture (band B) as the background, flat texture 1 as the source */
    gpu_write(REG_TRI_MODE, 0);
    for (unsigned n = 1; n < 4; n++) {
        gpu_write((uint8_t)(REG_TEX0_FMT + 8u * n), 0);
    }
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, TEXENC_RGBA4444, 3, 3, 0, 1));
    gpu_write(REG_TEX0_BASE, TEXMEM + 2 * 0x1000u);
    tex_rect(1, 0, TB_BAND_A, 640, TB_BAND_A + 100, 0, 0, 1, 1, 0.5);
    gpu_write(REG_TEX0_BASE, TEXMEM + 4 * 0x1000u);
    tex_rect(1, 0, TB_BAND_B, 640, TB_BAND_B + 120, 0, 0, 10, 2, 0.08);
    gpu_write(REG_TEX0_BASE, TEXMEM + 1 * 0x1000u);
    for (unsigned mode = 0; mode < 4; mode++) {
        gpu_write(REG_ALPHA_BLEND, mode);
        tex_rect(1, 40 + 150 * mode, TB_BAND_A + 20, 120 + 150 * mode, TB_BAND_A + 80, 0, 0, 1, 1, 0.5);
        tex_rect(1, 40 + 150 * mode, TB_BAND_B + 30, 120 + 150 * mode, TB_BAND_B + 90, 0, 0, 1, 1, 0.5);
    }
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TEX0_FMT, 0);
}

/* the 10.8 colour of the chain over the flat textures of set, quad m, with GOURAUD g */
static void tb_expect(unsigned set, unsigned m, int g, uint32_t acc[4])
{
    int first = 1;
    for (unsigned n = 0; n < 4; n++) {
        if (!((set >> n) & 1u)) {
            continue;
        }
        uint32_t t[4];
        ref_promote(ref_texel(TEXENC_RGBA4444, g_tb_bytes[n], 8, 0, 0), t);
        for (unsigned i = 0; i < 4; i++) {
            if (first) {
                acc[i] = t[i];
                continue;
            }
            switch (tb_func(n, m)) {
            case 0: acc[i] = ref_mul(acc[i], t[i]); break;
            case 1: acc[i] = ref_add(acc[i], t[i]); break;
            case 2: acc[i] = ref_sub(acc[i], t[i]); break;
            default: acc[i] = ref_sub(t[i], acc[i]); break;
            }
        }
        first = 0;
    }
    if (g) {
        uint32_t vc[4];
        ref_promote((uint32_t)TB_VTX_COLOUR, vc);
        for (unsigned i = 0; i < 4; i++) {
            acc[i] = ref_mul(acc[i], vc[i]);
        }
    }
}

static int check_tex_blend(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    static const char *const fn[4] = {"MUL", "ADD", "SUB", "ISUB"};
    for (int g = 0; g < 2; g++) {
        for (unsigned s = 0; s < 8; s++) {
            for (unsigned m = 0; m < 4; m++) {
                int x, y;
                tb_cell(s * 4 + m, g, &x, &y);
                uint32_t acc[4];
                tb_expect(k_tb_sets[s], m, g, acc);
                char what[96];
                snprintf(what, sizeof(what), "units 0x%X, TEX1-3_BLEND %s/%s/%s%s", k_tb_sets[s], fn[tb_func(1, m)],
                         fn[tb_func(2, m)], fn[tb_func(3, m)], g ? ", GOURAUD" : "");
                if (check_box(c, o, what, x, y, x + TB_Q, y + TB_Q, ref_565(acc)) != 0) {
                    return -1;
                }
            }
        }
    }
    uint32_t src[4];
    ref_promote(ref_texel(TEXENC_RGBA4444, g_tb_bytes[1], 8, 0, 0), src);
    const uint16_t bg = ref_texel565(ref_texel(TEXENC_RGBA4444, g_tb_bytes[2], 8, 0, 0));
    if (check_box(c, o, "textured band", 0, TB_BAND_A, 40, TB_BAND_A + 100, bg) != 0) {
        return -1;
    }
    for (unsigned mode = 0; mode < 4; mode++) {
        static const char *const k_modes[4] = {"ALPHA_BLEND DISABLED", "ALPHA_BLEND ADD", "ALPHA_BLEND SUBTRACT",
                                               "ALPHA_BLEND ALPHA"};
        const int x = 40 + 150 * (int)mode;
        if (check_box(c, o, k_modes[mode], x, TB_BAND_A + 20, x + 80, TB_BAND_A + 80, ref_alpha_blend(mode, src, bg)) != 0) {
            return -1;
        }
    }
    return 0;
}

/* tex_bc1: a 16x8 BC1 texture of eight hand-built blocks, four-colour (color0 > color1) and
 * three-colour (color0 <= color1, index 3 transparent black) with every index in use: mixed
 * channels, color0 == color1, the extremes 0xFFFF / 0x0000 both ways round, endpoints one LSB
 * apart, and two ordinary pairs both ways round. Drawn at 8 pixels per texel: opaque, alpha-
 * blended over a flat background (transparent texels show it, opaque ones replace it), with
 * swizzle BGRA, and with swizzle 111A blended (white where opaque). Check: the centre pixel of
 * every texel of the four quads against this scene's own decode of the blocks (the rules and
 * roundings of docs/spec-decisions.md "Decoding"). */
#define RGB565(r, g, b) ((uint16_t)((r) << 11 | (g) << 5 | (b)))
enum { BC1_PX = 8, BC1_TW = 16, BC1_TH = 8 };
static uint8_t g_bc1_bytes[8 * 8];
static const struct {
    int x, y;
    unsigned swizzle, blend;
} k_bc1_quads[4] = {{40, 40, 0, 0}, {360, 40, 0, 3}, {40, 200, 1, 0}, {360, 200, 0xC, 3}};

static void scene_tex_bc1(scene_ctx_t *c)
{
    static const uint16_t ends[8][2] = {
        {RGB565(31, 40, 3), RGB565(2, 10, 29)}, /* four-colour, mixed channels */
        {RGB565(4, 50, 20), RGB565(28, 60, 25)}, /* three-colour */
        {RGB565(12, 33, 17), RGB565(12, 33, 17)}, /* color0 == color1: three-colour */
        {0xFFFF, 0x0000},                        /* four-colour extremes: p2 170, p3 85 */
        {0x0000, 0xFFFF},                        /* three-colour extremes: p2 128 */
        {0x7BEF, 0x7BEE},                        /* four-colour, one LSB apart */
        {0x1234, 0xFEDC},                        /* three-colour */
        {0xFEDC, 0x1234},                        /* four-colour */
    };
    for (unsigned b = 0; b < 8; b++) {
        uint32_t idx = 0;
        for (unsigned t = 0; t < 16; t++) { /* every index in every block, in a different order */
            const unsigned x = t % 4, y = t / 4;
            idx |= (uint32_t)((b < 5) ? (x + y * (b + 1) + b) & 3u : (0x4EB1D872u >> (2 * ((t + 3 * b) % 16))) & 3u) << (2 * t);
        }
        uint8_t *p = g_bc1_bytes + 8 * b; /* block b is (b % 4, b / 4): the row-major order */
        p[0] = (uint8_t)ends[b][0];
        p[1] = (uint8_t)(ends[b][0] >> 8);
        p[2] = (uint8_t)ends[b][1];
        p[3] = (uint8_t)(ends[b][1] >> 8);
        for (unsigned i = 0; i < 4; i++) {
            p[4 + i] = (uint8_t)(idx >> (8 * i));
        }
    }
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0);
    tex_put(c, TEXMEM, g_bc1_bytes, sizeof(g_bc1_bytes), 0);
    gpu_write(REG_COLOR, BLEND_BG);
    rect_px(340, 20, 508, 284, 0);
    gpu_write(REG_TEX0_BASE, TEXMEM);
    gpu_write(REG_TEX0_WRAP, 0);
    for (unsigned k = 0; k < 4; k++) {
        const int x = k_bc1_quads[k].x, y = k_bc1_quads[k].y;
        gpu_write(REG_TEX0_FMT, texenc_fmt(1, TEXENC_BC1, 4, 3, k_bc1_quads[k].swizzle, 1));
        gpu_write(REG_ALPHA_BLEND, k_bc1_quads[k].blend);
        tex_rect(1, x, y, x + BC1_TW * BC1_PX, y + BC1_TH * BC1_PX, 0, 0, 1, 1, 0.5);
    }
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TEX0_FMT, 0);
}

static int check_tex_bc1(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    for (unsigned k = 0; k < 4; k++) {
        for (unsigned ty = 0; ty < BC1_TH; ty++) {
            for (unsigned tx = 0; tx < BC1_TW; tx++) {
                const uint32_t t = ref_texel(TEXENC_BC1, g_bc1_bytes, BC1_TW, tx, ty);
                uint32_t s[4];
                ref_promote(ref_swizzle(t, k_bc1_quads[k].swizzle), s);
                const uint8_t *blk = g_bc1_bytes + ref_texel_off(TEXENC_BC1, BC1_TW, tx, ty);
                if (check_px(c, o, k_bc1_quads[k].x + (int)(tx * BC1_PX + BC1_PX / 2),
                             k_bc1_quads[k].y + (int)(ty * BC1_PX + BC1_PX / 2),
                             ref_alpha_blend(k_bc1_quads[k].blend, s, BLEND_BG_565),
                             "BC1 %s-colour block (%u, %u), texel (%u, %u) = RGBA8 0x%08X, swizzle 0x%X, ALPHA_BLEND %u",
                             (blk[0] | blk[1] << 8) > (blk[2] | blk[3] << 8) ? "four" : "three", tx / 4, ty / 4, tx, ty,
                             t, k_bc1_quads[k].swizzle, k_bc1_quads[k].blend) != 0) {
                    return -1;
                }
            }
        }
    }
    return 0;
}

/* tex_sizes: RGBA4444 and BC1 textures of random bytes at the smallest size (8x8), the largest
 * (1024x1024) and non-square ones (8x1024, 1024x8, 64x16); the small ones through MEM_DATA, the
 * others (16 KiB and more) through the testbench's backdoor when it has one. Each is drawn as
 * windows of up to 64x64 texels at one pixel per texel, at its origin and at its far corner (the
 * high address bits), and the big ones once more minified onto 128 pixels (model only). Check:
 * every pixel of every window is the texel it covers, decoded from the random bytes (a
 * transparent BC1 texel is RGBA 0: the word 0x0000). */
enum { SZ_NTEX = 10, SZ_MAXWIN = 20, SZ_BASE = 0x800000 };
static const struct {
    unsigned fmt, wl, hl;
} k_sz_tex[SZ_NTEX] = {{TEXENC_RGBA4444, 3, 3}, {TEXENC_RGBA4444, 10, 10}, {TEXENC_RGBA4444, 3, 10}, {TEXENC_RGBA4444, 10, 3},
                       {TEXENC_RGBA4444, 6, 4}, {TEXENC_BC1, 3, 3},       {TEXENC_BC1, 10, 10},       {TEXENC_BC1, 3, 10},
                       {TEXENC_BC1, 10, 3},       {TEXENC_BC1, 6, 4}};
static uint8_t g_sz_bytes[2132096 + 533024];
static size_t g_sz_off[SZ_NTEX];
static struct {
    unsigned tex, ox, oy, ww, wh;
    int x, y;
} g_sz_win[SZ_MAXWIN];
static unsigned g_sz_nwin;

static void scene_tex_sizes(scene_ctx_t *c)
{
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0);
    size_t off = 0;
    uint32_t addr = SZ_BASE;
    g_sz_nwin = 0;
    for (unsigned k = 0; k < SZ_NTEX; k++) {
        const unsigned w = 1u << k_sz_tex[k].wl, h = 1u << k_sz_tex[k].hl;
        const size_t len = texenc_level_bytes(k_sz_tex[k].fmt, k_sz_tex[k].wl, k_sz_tex[k].hl, 0);
        uint8_t *p = g_sz_bytes + off;
        for (size_t i = 0; i < len; i += 4) {
            const uint32_t r = scene_rand(c);
            memcpy(p + i, &r, 4);
        }
        g_sz_off[k] = off;
        tex_put(c, addr, p, len, len > 2048);
        gpu_write(REG_TEX0_BASE, addr);
        gpu_write(REG_TEX0_FMT, texenc_fmt(1, k_sz_tex[k].fmt, k_sz_tex[k].wl, k_sz_tex[k].hl, 0, 1));
        const unsigned ww = w < 64 ? w : 64, wh = h < 64 ? h : 64;
        for (unsigned far = 0; far < 2; far++) {
            if (far && ww == w && wh == h) {
                continue; /* the whole texture in one window */
            }
            const unsigned ox = far ? w - ww : 0, oy = far ? h - wh : 0;
            const unsigned n = g_sz_nwin++;
            g_sz_win[n].tex = k;
            g_sz_win[n].ox = ox;
            g_sz_win[n].oy = oy;
            g_sz_win[n].ww = ww;
            g_sz_win[n].wh = wh;
            g_sz_win[n].x = 8 + (int)(n % 8u) * 78;
            g_sz_win[n].y = 8 + (int)(n / 8u) * 72;
            tex_rect(1, g_sz_win[n].x, g_sz_win[n].y, g_sz_win[n].x + (int)ww, g_sz_win[n].y + (int)wh, (double)ox / w,
                     (double)oy / h, (double)(ox + ww) / w, (double)(oy + wh) / h, 0.5);
        }
        if (w > 64 || h > 64) { /* the whole texture minified: 1024 -> 128 pixels */
            const int x = 8 + (int)(k % 5u) * 136, y = 240 + (int)(k / 5u) * 120;
            tex_rect(1, x, y, x + (w > 64 ? 128 : (int)w), y + (h > 64 ? 100 : (int)h), 0, 0, 1, 1, 0.5);
        }
        off += len;
        addr = (addr + (uint32_t)len + 0xFFFu) & ~0xFFFu;
    }
    gpu_write(REG_TEX0_FMT, 0);
}

static int check_tex_sizes(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    for (unsigned n = 0; n < g_sz_nwin; n++) {
        const unsigned k = g_sz_win[n].tex, w = 1u << k_sz_tex[k].wl;
        for (unsigned j = 0; j < g_sz_win[n].wh; j++) {
            for (unsigned i = 0; i < g_sz_win[n].ww; i++) {
                const unsigned tx = g_sz_win[n].ox + i, ty = g_sz_win[n].oy + j;
                const uint16_t want = ref_texel565(ref_texel(k_sz_tex[k].fmt, g_sz_bytes + g_sz_off[k], w, tx, ty));
                if (check_px(c, o, g_sz_win[n].x + (int)i, g_sz_win[n].y + (int)j, want, "%s %ux%u, texel (%u, %u)",
                             k_sz_tex[k].fmt == TEXENC_BC1 ? "BC1" : "RGBA4444", w, 1u << k_sz_tex[k].hl, tx, ty) != 0) {
                    return -1;
                }
            }
        }
    }
    return 0;
}

/* tex_mip: a 32x32 RGBA4444 texture with six mip levels, each level one flat colour of its own,
 * on twenty identical perspective floors (a trapezoid 96 pixels wide near, 8 far, Q 0.75 near
 * and 0.0625 far: the image of a rectangle), translated by whole pixels, so that every floor
 * computes the same LOD at the same place; V runs from 0 (near) to 12 (far), which takes a floor
 * through all six levels. Floors 0-15 have MIP_BIAS -8 .. +7 (-2.0 .. +1.75) and MIP_LEVELS
 * 12-15 (beyond the chain: act as its 6 levels); floors 16-19 bias 0 with MIP_LEVELS 0, 1, 3, 6.
 * Check, from the level colours alone: every written pixel shows one of the level colours; the
 * floors cover the same pixels; along every column the level never gets smaller toward the far
 * edge; at every pixel one LOD explains the sixteen biased floors' levels (level =
 * (clamp(lod + 4*bias, 0, 80) + 8) >> 4, docs/spec-decisions.md "LOD"), so the bias moves the
 * level by a quarter level per step and a positive bias picks a smaller level; MIP_LEVELS 0 and
 * 1 show level 0 only, 3 the bias-0 floor's level capped at 2, 6 exactly the bias-0 floor; and
 * the bias-0 floor shows every level. */
enum { MIP_NFLOOR = 20, MIP_LEVELS_N = 6, MIP_CW = 128, MIP_CH = 120 };
static const uint16_t k_mip_colour[MIP_LEVELS_N] = {0xF00F, 0x0F0F, 0x00FF, 0xFF0F, 0x0FFF, 0xF0FF};
static uint8_t g_mip_bytes[2048 + 512 + 128 + 3 * 32];
static size_t g_mip_off[MIP_LEVELS_N];

static int mip_bias(unsigned k) { return k < 16 ? (int)k - 8 : 0; }
static unsigned mip_levels(unsigned k)
{
    static const unsigned extra[4] = {0, 1, 3, 6};
    return k < 16 ? 12 + (k & 3u) : extra[k - 16];
}

static void scene_tex_mip(scene_ctx_t *c)
{
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0);
    static uint16_t lvl[32 * 32];
    size_t off = 0;
    for (unsigned i = 0; i < MIP_LEVELS_N; i++) {
        const unsigned s = 32u >> i;
        for (unsigned t = 0; t < s * s; t++) {
            lvl[t] = k_mip_colour[i];
        }
        g_mip_off[i] = off;
        off += tex_layout4444(lvl, s, s, g_mip_bytes + off);
    }
    tex_put(c, TEXMEM, g_mip_bytes, off, 0);
    gpu_write(REG_TEX0_BASE, TEXMEM);
    gpu_write(REG_TEX0_WRAP, 0);
    for (unsigned k = 0; k < MIP_NFLOOR; k++) {
        const double cx = (k % 5u) * MIP_CW, cy = (k / 5u) * MIP_CH;
        const double x[4] = {cx + 60, cx + 68, cx + 112, cx + 16}, y[4] = {cy + 8, cy + 8, cy + 112, cy + 112};
        const double u[4] = {0, 1, 1, 0}, v[4] = {12, 12, 0, 0}, q[4] = {0.0625, 0.0625, 0.75, 0.75};
        gpu_write(REG_TEX0_FMT, texenc_fmt(1, TEXENC_RGBA4444, 5, 5, 0, mip_levels(k)));
        gpu_write(REG_TEX0_MIP_BIAS, (uint32_t)mip_bias(k) & 0xFFu);
        tex_quad(1, x, y, u, v, q, 0);
    }
    gpu_write(REG_TEX0_FMT, 0);
    gpu_write(REG_TEX0_MIP_BIAS, 0);
}

static int check_tex_mip(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    static int8_t lv[MIP_NFLOOR][MIP_CH][MIP_CW];
    uint16_t colour[MIP_LEVELS_N];
    for (unsigned i = 0; i < MIP_LEVELS_N; i++) {
        colour[i] = ref_texel565(ref_texel(TEXENC_RGBA4444, g_mip_bytes + g_mip_off[i], 32u >> i, 0, 0));
    }
    for (unsigned k = 0; k < MIP_NFLOOR; k++) {
        const int cx = (int)(k % 5u) * MIP_CW, cy = (int)(k / 5u) * MIP_CH;
        for (int dy = 0; dy < MIP_CH; dy++) {
            for (int dx = 0; dx < MIP_CW; dx++) {
                const unsigned wc = o->wcount[(FB_A >> 2) + (unsigned)(cy + dy) * 640u + (unsigned)(cx + dx)];
                const uint16_t w = fb_word(o, FB_A, cx + dx, cy + dy);
                int l = -1;
                for (int i = 0; i < MIP_LEVELS_N; i++) {
                    l = (l < 0 && w == colour[i]) ? i : l;
                }
                if (wc > 1 || (wc == 1 && l < 0)) {
                    snprintf(c->msg, sizeof(c->msg), "%s: floor %u: pixel (%d, %d) written %u times, 0x%04X, not a level colour",
                             o->backend, k, cx + dx, cy + dy, wc, w);
                    return -1;
                }
                lv[k][dy][dx] = (int8_t)(wc ? l : -1);
                if ((lv[k][dy][dx] >= 0) != (lv[0][dy][dx] >= 0)) {
                    snprintf(c->msg, sizeof(c->msg), "%s: floor %u covers pixel (%d, %d) of its cell, floor 0 %s",
                             o->backend, k, dx, dy, lv[0][dy][dx] >= 0 ? "does" : "does not");
                    return -1;
                }
            }
        }
        for (int dx = 0; dx < MIP_CW; dx++) { /* toward the far edge (up) the level never falls */
            int prev = -1, prev_dy = 0;
            for (int dy = MIP_CH - 1; dy >= 0; dy--) {
                if (lv[k][dy][dx] < 0) {
                    continue;
                }
                if (lv[k][dy][dx] < prev) {
                    snprintf(c->msg, sizeof(c->msg), "%s: floor %u (bias %d, MIP_LEVELS %u): level %d at (%d, %d), farther "
                             "than level %d at (%d, %d)", o->backend, k, mip_bias(k), mip_levels(k), lv[k][dy][dx],
                             cx + dx, cy + dy, prev, cx + dx, cy + prev_dy);
                    return -1;
                }
                prev = lv[k][dy][dx];
                prev_dy = dy;
            }
        }
    }
    unsigned seen = 0;
    for (int dy = 0; dy < MIP_CH; dy++) {
        for (int dx = 0; dx < MIP_CW; dx++) {
            const int l0 = lv[8][dy][dx];
            if (l0 < 0) {
                continue;
            }
            seen |= 1u << l0;
            long lo = -100000, hi = 100000; /* the LODs (1/16 level) that explain every biased floor */
            for (unsigned k = 0; k < 16; k++) {
                const int l = lv[k][dy][dx];
                const long b4 = 4L * mip_bias(k);
                const long a = l == 0 ? -100000 : 16L * l - 8, z = l == MIP_LEVELS_N - 1 ? 100000 : 16L * l + 7;
                lo = a - b4 > lo ? a - b4 : lo;
                hi = z - b4 < hi ? z - b4 : hi;
            }
            const int l3 = l0 < 2 ? l0 : 2;
            const char *bad = lo > hi ? "no single LOD explains the sixteen biased floors' levels"
                              : lv[16][dy][dx] != 0 ? "MIP_LEVELS 0 shows a level other than 0"
                              : lv[17][dy][dx] != 0 ? "MIP_LEVELS 1 shows a level other than 0"
                              : lv[18][dy][dx] != l3 ? "MIP_LEVELS 3 is not the bias-0 floor's level capped at 2"
                              : lv[19][dy][dx] != l0 ? "MIP_LEVELS 6 differs from the bias-0 floor (MIP_LEVELS 12)"
                                                     : NULL;
            if (bad) {
                char levels[64];
                for (unsigned k = 0; k < MIP_NFLOOR; k++) {
                    levels[k] = (char)('0' + lv[k][dy][dx]);
                }
                levels[MIP_NFLOOR] = 0;
                snprintf(c->msg, sizeof(c->msg), "%s: cell pixel (%d, %d): %s (levels of floors 0-19: %s)", o->backend, dx,
                         dy, bad, levels);
                return -1;
            }
        }
    }
    if (seen != (1u << MIP_LEVELS_N) - 1) {
        snprintf(c->msg, sizeof(c->msg), "%s: the bias-0 floor shows levels 0x%X, not all six", o->backend, seen);
        return -1;
    }
    return 0;
}

/* tex_persp: a steeply slanted floor, the image of a rectangle (a trapezoid 576 pixels wide at
 * y = 460, Q = 0.75, and 48 wide at y = 40, Q = 0.0625: widths in the ratio of the Qs, every
 * vertex value exact in 12.4 and 1.15), with a 16x16 checkerboard whose texels also carry their
 * coordinates (R = x, G = y, B = 15 on the dark squares and 0 on the light ones: every texel a
 * different RGB565 word); U 0..1 across (CLAMP_TO_EDGE), V from 4 far to 0 near (REPEAT). Check
 * per row of the floor: every pixel is a texel of the texture; the texel row (V index) is the
 * same across the row (straight texel rows) and the texel column never falls from left to right;
 * both indices are the ones perspective-correct sampling gives (U = UQ/Q, V = VQ/Q with UQ, VQ
 * and Q linear in screen space, worked out here in double; pixels within 0.02 texel of a texel
 * edge are left out, the GPU's error being under 0.002 there); and down the centre column the
 * texel rows get thinner toward the horizon (each run of one V index at most one pixel longer
 * than the nearer run before it, the nearest whole run longer than the farthest). */
enum { PERSP_YF = 40, PERSP_YN = 460 };
static uint8_t g_persp_bytes[16 * 16 * 2];

static void scene_tex_persp(scene_ctx_t *c)
{
    static uint16_t tex[16 * 16];
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0);
    for (unsigned y = 0; y < 16; y++) {
        for (unsigned x = 0; x < 16; x++) {
            tex[y * 16 + x] = (uint16_t)(x << 12 | y << 8 | (((x ^ y) & 1u) ? 15u : 0u) << 4 | 15u);
        }
    }
    tex_put(c, TEXMEM, g_persp_bytes, tex_layout4444(tex, 16, 16, g_persp_bytes), 0);
    gpu_write(REG_TEX0_BASE, TEXMEM);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, TEXENC_RGBA4444, 4, 4, 0, 1));
    gpu_write(REG_TEX0_WRAP, 0u << 2 | 1u);
    const double x[4] = {296, 344, 608, 32}, y[4] = {PERSP_YF, PERSP_YF, PERSP_YN, PERSP_YN};
    const double u[4] = {0, 1, 1, 0}, v[4] = {4, 4, 0, 0}, q[4] = {0.0625, 0.0625, 0.75, 0.75};
    tex_quad(1, x, y, u, v, q, 0);
    gpu_write(REG_TEX0_FMT, 0);
    gpu_write(REG_TEX0_WRAP, 0);
}

/* floor(f) when f is farther than 0.02 from an integer, else -1 (too near a texel edge) */
static int persp_index(double f)
{
    const int i = (int)f - (f < (int)f); /* floor, without libm */
    return (f - i < 0.02 || f - i > 0.98) ? -1 : i;
}

static int check_tex_persp(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    static int16_t texel_of[65536]; /* RGB565 word -> texel index y*16 + x, -1: none */
    memset(texel_of, 0xFF, sizeof(texel_of));
    for (unsigned t = 0; t < 256; t++) {
        texel_of[ref_texel565(ref_texel(TEXENC_RGBA4444, g_persp_bytes, 16, t % 16u, t / 16u))] = (int16_t)t;
    }
    int tv_col[PERSP_YN];
    for (int y = PERSP_YF; y < PERSP_YN; y++) {
        const double t = (y + 0.5 - PERSP_YF) / (PERSP_YN - PERSP_YF), qq = 0.0625 + (0.75 - 0.0625) * t;
        const double xl = 296 + (32 - 296) * t, xr = 344 + (608 - 344) * t;
        const int ev = persp_index(0.25 * (1 - t) / qq * 16);
        int row_tv = -1, prev_tu = -1, n = 0;
        tv_col[y] = -1;
        for (int x = 0; x < 640; x++) {
            if (!o->wcount[(FB_A >> 2) + (unsigned)y * 640u + (unsigned)x]) {
                continue;
            }
            n++;
            const uint16_t w = fb_word(o, FB_A, x, y);
            const int tx = texel_of[w];
            const char *bad = NULL;
            int want = 0;
            if (tx < 0) {
                bad = "not a texel of the texture";
            } else if (row_tv >= 0 && tx / 16 != row_tv) {
                bad = "texel row differs from the row's first pixel";
                want = row_tv;
            } else if (tx % 16 < prev_tu) {
                bad = "texel column falls from left to right";
                want = prev_tu;
            } else if (ev >= 0 && tx / 16 != (ev & 15)) {
                bad = "texel row is not the perspective-correct one";
                want = ev & 15;
            } else {
                const int eu = persp_index((x + 0.5 - xl) / (xr - xl) * 16);
                if (eu >= 0 && tx % 16 != eu) {
                    bad = "texel column is not the perspective-correct one";
                    want = eu;
                }
            }
            if (bad) {
                snprintf(c->msg, sizeof(c->msg), "%s: pixel (%d, %d) 0x%04X: %s (texel (%d, %d), want index %d)", o->backend,
                         x, y, w, bad, tx % 16, tx / 16, want);
                return -1;
            }
            row_tv = tx / 16;
            prev_tu = tx % 16;
            if (x == 320) {
                tv_col[y] = row_tv;
            }
        }
        if (n == 0 || tv_col[y] < 0) {
            snprintf(c->msg, sizeof(c->msg), "%s: row %d of the floor has %d pixels, none at x = 320", o->backend, y, n);
            return -1;
        }
    }
    /* runs of one texel row down the centre column, from the near edge up; the first and the
     * last run may be cut by the floor's edges */
    int runs[PERSP_YN], nruns = 0, len = 0;
    for (int y = PERSP_YN - 1; y >= PERSP_YF; y--) {
        len++;
        if (y == PERSP_YF || tv_col[y - 1] != tv_col[y]) {
            runs[nruns++] = len;
            len = 0;
        }
    }
    for (int i = 2; i < nruns - 1; i++) {
        if (runs[i] > runs[i - 1] + 1) {
            snprintf(c->msg, sizeof(c->msg), "%s: texel row %d from the near edge is %d pixels high, the one before it %d "
                     "(rows must get thinner toward the horizon)", o->backend, i, runs[i], runs[i - 1]);
            return -1;
        }
    }
    if (nruns < 8 || runs[1] <= runs[nruns - 2]) {
        snprintf(c->msg, sizeof(c->msg), "%s: %d texel rows down the centre column, the nearest whole one %d pixels high, "
                 "the farthest %d", o->backend, nruns, nruns > 1 ? runs[1] : 0, nruns > 1 ? runs[nruns - 2] : 0);
        return -1;
    }
    return 0;
}

/* tex_cache: the cache rule of INT-010 "Texture Cache Interaction" (docs/spec-decisions.md
 * "Texture cache"): texture memory rewritten through MEM_ADDR / MEM_DATA keeps being served from
 * a unit's cache where it holds the blocks, until a write of that unit's TEXn_BASE or TEXn_FMT
 * (here the same value again) invalidates it, and only it. One 8x16 RGBA4444 texture (eight
 * blocks, eight different sets: no eviction) bound to units 0 and 1 (both CLAMP_TO_ZERO on both
 * axes, unit 1 ADD: the unit whose coordinates are outside [0, 1) samples RGBA 0, looks nothing
 * up, and the quad shows the other unit's texel); images A, B, C differ in every texel. Quads
 * at 4 pixels per texel, in this order:
 *   A uploaded; 1: unit 0, whole (caches all 8 blocks): A;  2: unit 1, top half only: A
 *   B written;  3: unit 0: A (cached);  4: unit 1: top A (cached), bottom B (missed)
 *   TEX0_BASE written (same value);  5: unit 0: B;  6: unit 1: top A, bottom B (unit 1 untouched)
 *   C written;  7: unit 0: B (cached since 5);  TEX1_FMT written (same value);  8: unit 1: C;
 *   9: unit 0: B
 * Check: the centre pixel of every texel of every quad against image A, B or C as listed. */
enum { CACHE_TW = 8, CACHE_TH = 16, CACHE_PX = 4, CACHE_NQ = 9 };
static uint8_t g_cache_img[3][CACHE_TW * CACHE_TH * 2];
static const struct {
    unsigned unit, rows;     /* unit sampling, texel rows drawn */
    unsigned char top, bot;  /* image expected in texel rows 0-7 and 8-15: 0 A, 1 B, 2 C */
} k_cache_q[CACHE_NQ] = {{0, 16, 0, 0}, {1, 8, 0, 0}, {0, 16, 0, 0}, {1, 16, 0, 1}, {0, 16, 1, 1},
                         {1, 16, 0, 1}, {0, 16, 1, 1}, {1, 16, 2, 2}, {0, 16, 1, 1}};

static void cache_draw(unsigned q)
{
    const int x = 8 + (int)q * 68, y = 40;
    const unsigned other = 1u - k_cache_q[q].unit;
    gpu_write((uint8_t)(REG_UV0 + other), PACK_UVQ(-0.5, -0.5, 0.5)); /* outside: RGBA 0, no lookup */
    tex_rect(1u << k_cache_q[q].unit, x, y, x + CACHE_TW * CACHE_PX, y + (int)k_cache_q[q].rows * CACHE_PX, 0, 0, 1,
             k_cache_q[q].rows / (double)CACHE_TH, 0.5);
}

static void scene_tex_cache(scene_ctx_t *c)
{
    static uint16_t tex[CACHE_TW * CACHE_TH];
    for (unsigned i = 0; i < 3; i++) {
        for (unsigned y = 0; y < CACHE_TH; y++) {
            for (unsigned x = 0; x < CACHE_TW; x++) {
                const unsigned r = i == 1 ? 15 - x : x, g = i == 2 ? 15 - y : y, b = i == 0 ? 2 : i == 1 ? 8 : 13;
                tex[y * CACHE_TW + x] = (uint16_t)(r << 12 | g << 8 | b << 4 | 15u);
            }
        }
        tex_layout4444(tex, CACHE_TW, CACHE_TH, g_cache_img[i]);
    }
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0);
    tex_put(c, TEXMEM, g_cache_img[0], sizeof(g_cache_img[0]), 0);
    const uint64_t fmt = texenc_fmt(1, TEXENC_RGBA4444, 3, 4, 0, 1);
    for (unsigned n = 0; n < 2; n++) {
        gpu_write((uint8_t)(REG_TEX0_BASE + 8u * n), TEXMEM);
        gpu_write((uint8_t)(REG_TEX0_FMT + 8u * n), fmt);
        gpu_write((uint8_t)(REG_TEX0_WRAP + 8u * n), 2u << 2 | 2u);
        gpu_write((uint8_t)(REG_TEX0_BLEND + 8u * n), 1); /* ADD (unit 0's is ignored) */
    }
    cache_draw(0);
    cache_draw(1);
    texenc_upload(gpu_selected(), TEXMEM, g_cache_img[1], sizeof(g_cache_img[1])); /* MEM_ADDR / MEM_DATA */
    cache_draw(2);
    cache_draw(3);
    gpu_write(REG_TEX0_BASE, TEXMEM);
    cache_draw(4);
    cache_draw(5);
    texenc_upload(gpu_selected(), TEXMEM, g_cache_img[2], sizeof(g_cache_img[2]));
    cache_draw(6);
    gpu_write(REG_TEX1_FMT, fmt);
    cache_draw(7);
    cache_draw(8);
    for (unsigned n = 0; n < 2; n++) {
        gpu_write((uint8_t)(REG_TEX0_FMT + 8u * n), 0);
        gpu_write((uint8_t)(REG_TEX0_WRAP + 8u * n), 0);
        gpu_write((uint8_t)(REG_TEX0_BLEND + 8u * n), 0);
    }
}

static int check_tex_cache(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    for (unsigned q = 0; q < CACHE_NQ; q++) {
        for (unsigned ty = 0; ty < k_cache_q[q].rows; ty++) {
            const unsigned img = ty < 8 ? k_cache_q[q].top : k_cache_q[q].bot;
            for (unsigned tx = 0; tx < CACHE_TW; tx++) {
                if (check_px(c, o, 8 + (int)(q * 68 + tx * CACHE_PX + CACHE_PX / 2), 40 + (int)(ty * CACHE_PX + CACHE_PX / 2),
                             ref_texel565(ref_texel(TEXENC_RGBA4444, g_cache_img[img], CACHE_TW, tx, ty)),
                             "quad %u (unit %u), texel (%u, %u): image %c", q + 1, k_cache_q[q].unit, tx, ty, 'A' + img) != 0) {
                    return -1;
                }
            }
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- seed examples with textures */

/* the Z-buffer at ZBUF all far (0xFFFFFF): through the backdoor when there is one (no cycles),
 * else drawn (ALWAYS, Z write); leaves FB_ZBUFFER at ALWAYS and TRI_MODE at Z test and write */
static void zbuffer_far(scene_ctx_t *c)
{
    gpu_write(REG_FB_ZBUFFER, (6ULL << 32) | ZBUF);
    gpu_write(REG_TRI_MODE, 0xC);
    if (c->mem_load) {
        static uint32_t far[640 * 480];
        for (unsigned i = 0; i < 640 * 480; i++) {
            far[i] = 0xFFFFFFu;
        }
        (void)gpu_read(REG_STATUS);
        c->mem_load(c->tb, ZBUF, far, sizeof(far));
    } else {
        gpu_write(REG_COLOR, 0);
        rect_px(0, 0, 640, 480, 0x1FFFFFF);
    }
}

/* INT-010 "Example 1: Multi-Texture Rendering (Diffuse + Lightmap)", verbatim, wrapped by the
 * setup it assumes: a Z-buffer at 0x258000 cleared to far (LEQUAL), a 256x256
 * RGBA4444 diffuse map (coloured bricks) at 0x384000 and a 256x256 BC1 lightmap (a round light)
 * at 0x3C4000, loaded through the backdoor (160 KiB); x0..z2 and q0..q2 below (q < 1: 1.0 is
 * not a 1.15 value). RTL against the model. */
static void seed_bricks(uint32_t *img, unsigned n)
{
    for (unsigned y = 0; y < n; y++) {
        for (unsigned x = 0; x < n; x++) {
            const unsigned row = y / 16, xx = x + (row & 1u) * 16, mortar = (y % 16 < 2) || (xx % 32 < 2);
            const unsigned hue = (xx / 32 * 7 + row * 3) % 5;
            img[y * n + x] = mortar ? rgba8(200, 200, 190, 255)
                                    : rgba8(150 + hue * 20, 60 + hue * 25, 40 + (hue * 37) % 90, 255);
        }
    }
}

static void scene_seed_example1(scene_ctx_t *c)
{
    static uint32_t img[256 * 256];
    static uint8_t buf[256 * 256 * 2];
    gpu_write(REG_FB_DRAW, FB_A);
    zbuffer_far(c);
    gpu_write(REG_FB_ZBUFFER, (1ULL << 32) | ZBUF);
    seed_bricks(img, 256);
    tex_put(c, 0x384000, buf, texenc_level(TEXENC_RGBA4444, img, 256, 256, buf), 1);
    for (unsigned y = 0; y < 256; y++) {
        for (unsigned x = 0; x < 256; x++) {
            const int dx = (int)x - 128, dy = (int)y - 100, d2 = dx * dx + dy * dy;
            const unsigned l = d2 >= 140 * 140 ? 40u : 255u - (unsigned)(215 * d2 / (140 * 140));
            img[y * 256 + x] = rgba8(l, l, l * 7 / 8, 255);
        }
    }
    tex_put(c, 0x3C4000, buf, texenc_level(TEXENC_BC1, img, 256, 256, buf), 1);
    const double x0 = 80, y0 = 420, x1 = 560, y1 = 420, x2 = 320, y2 = 60;
    const uint32_t z0 = 0x0400000, z1 = 0x0400000, z2 = 0x1000000;
    const double q0 = 0.9, q1 = 0.9, q2 = 0.3;
// Configure texture unit 0: diffuse map (RGBA4444) at 0x384000, 256x256
gpu_write(REG_TEX0_BASE, 0x384000);
gpu_write(REG_TEX0_FMT,
    (0x0 << 16) |  // Swizzle: RGBA
    (8 << 8) |     // HEIGHT_LOG2: 256
    (8 << 4) |     // WIDTH_LOG2: 256
    (0x0 << 1) |   // FORMAT: RGBA4444
    (1 << 0)       // ENABLE: yes
);
gpu_write(REG_TEX0_BLEND, 0x00);  // MULTIPLY (ignored for tex0)
gpu_write(REG_TEX0_WRAP, 0x0);    // REPEAT on both axes

// Configure texture unit 1: lightmap (BC1) at 0x3C4000, 256x256
gpu_write(REG_TEX1_BASE, 0x3C4000);
gpu_write(REG_TEX1_FMT,
    (0x0 << 16) |  // Swizzle: RGBA
    (8 << 8) |     // HEIGHT_LOG2: 256
    (8 << 4) |     // WIDTH_LOG2: 256
    (0x1 << 1) |   // FORMAT: BC1
    (1 << 0)       // ENABLE: yes
);
gpu_write(REG_TEX1_BLEND, 0x00);  // MULTIPLY (modulate with tex0)
gpu_write(REG_TEX1_WRAP, 0x0);    // REPEAT on both axes

// Disable texture units 2 and 3
gpu_write(REG_TEX2_FMT, 0x0);
gpu_write(REG_TEX3_FMT, 0x0);

// Set rendering mode: Gouraud + textured + Z-buffer
gpu_write(REG_TRI_MODE,
    (1 << 3) |  // Z_WRITE
    (1 << 2) |  // Z_TEST
    (1 << 0)    // GOURAUD
);

// Draw triangle with two sets of UV coordinates
gpu_write(REG_COLOR, 0xFFFFFFFF);           // White (no tint)
gpu_write(REG_UV0, PACK_UVQ(0.0, 0.0, q0)); // Diffuse UV
gpu_write(REG_UV1, PACK_UVQ(0.0, 0.0, q0)); // Lightmap UV
gpu_write(REG_VERTEX, PACK_XYZ(x0, y0, z0));

gpu_write(REG_COLOR, 0xFFFFFFFF);
gpu_write(REG_UV0, PACK_UVQ(1.0, 0.0, q1));
gpu_write(REG_UV1, PACK_UVQ(1.0, 0.0, q1));
gpu_write(REG_VERTEX, PACK_XYZ(x1, y1, z1));

gpu_write(REG_COLOR, 0xFFFFFFFF);
gpu_write(REG_UV0, PACK_UVQ(0.5, 1.0, q2));
gpu_write(REG_UV1, PACK_UVQ(0.5, 1.0, q2));
gpu_write(REG_VERTEX, PACK_XYZ(x2, y2, z2));  // Triggers draw
}

/* INT-010 "Example 2: BC1 Compressed Texture Setup", verbatim (8,192 bytes through MEM_DATA),
 * bc1_data a 128x128 image (rings) encoded by texenc; then a quad that samples it (REPEAT,
 * perspective), not part of the example. RTL against the model. */
static void scene_seed_example2(scene_ctx_t *c)
{
    (void)c;
    static uint32_t img[128 * 128], bc1_data[8192 / 4];
    static uint8_t bytes[8192];
    for (unsigned y = 0; y < 128; y++) {
        for (unsigned x = 0; x < 128; x++) {
            const int dx = (int)x - 64, dy = (int)y - 64, ring = ((dx * dx + dy * dy) / 160) % 3;
            img[y * 128 + x] = ring == 0 ? rgba8(240, 200, 40, 255) : ring == 1 ? rgba8(30, 90, 200, 255)
                                                                             : rgba8(20 + x, 160, 255 - y, 255);
        }
    }
    texenc_level(TEXENC_BC1, img, 128, 128, bytes);
    for (unsigned i = 0; i < 8192 / 4; i++) { /* little-endian words, as MEM_DATA stores them */
        bc1_data[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 | (uint32_t)bytes[4 * i + 2] << 16 |
                      (uint32_t)bytes[4 * i + 3] << 24;
    }
    gpu_write(REG_FB_DRAW, FB_A);
// Upload BC1-compressed texture to SRAM at 0x404000
// For 128x128 texture: (128/4) x (128/4) = 1024 blocks x 8 bytes = 8192 bytes
gpu_write(REG_MEM_ADDR, 0x404000);
for (int i = 0; i < 8192 / 4; i++) {
    gpu_write(REG_MEM_DATA, bc1_data[i]);  // Auto-increments by 4
}

// Configure texture unit 0 for BC1 compressed format
gpu_write(REG_TEX0_BASE, 0x404000);
gpu_write(REG_TEX0_FMT,
    (0x0 << 16) |  // Swizzle: RGBA
    (7 << 8) |     // HEIGHT_LOG2: 128
    (7 << 4) |     // WIDTH_LOG2: 128
    (0x1 << 1) |   // FORMAT: BC1
    (1 << 0)       // ENABLE: yes
);
gpu_write(REG_TEX0_WRAP, 0x0);  // REPEAT
    gpu_write(REG_TRI_MODE, 0);
    const double x[4] = {200, 440, 620, 20}, y[4] = {60, 60, 460, 460};
    const double u[4] = {0, 2, 2, 0}, v[4] = {0, 0, 2, 2}, q[4] = {0.3, 0.3, 0.45, 0.45};
    tex_quad(1, x, y, u, v, q, 0);
    gpu_write(REG_TEX0_FMT, 0);
}

/* INT-010 "Example 5: Channel Swizzling (Grayscale)", verbatim, after a 256x256 RGBA4444 texture
 * at 0x384000 (backdoor) whose R channel is a pattern and whose G and B differ from it; then,
 * not part of the example, dither off and the texture drawn at one pixel per texel. Check: every
 * pixel of the quad is its texel's R replicated to RGB (RRR1), from the uploaded bytes. */
static uint8_t g_ex5_bytes[256 * 256 * 2];

static void scene_seed_example5(scene_ctx_t *c)
{
    static uint16_t tex[256 * 256];
    for (unsigned y = 0; y < 256; y++) {
        for (unsigned x = 0; x < 256; x++) {
            const unsigned r = ((x / 16 + y / 16) % 2) ? (x * 15 / 255) : (15 - y * 15 / 255);
            tex[y * 256 + x] = (uint16_t)(r << 12 | ((x / 32) & 15u) << 8 | ((y / 32 + 7) & 15u) << 4 | 3u);
        }
    }
    tex_put(c, 0x384000, g_ex5_bytes, tex_layout4444(tex, 256, 256, g_ex5_bytes), 1);
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_TRI_MODE, 0);
// Use a single-channel grayscale texture (RGBA4444)
// Swizzle 0x7: RRR1 (replicate R to RGB, alpha=1)
gpu_write(REG_TEX0_BASE, 0x384000);
gpu_write(REG_TEX0_FMT,
    (0x7 << 16) |  // Swizzle: RRR1 (grayscale to RGB)
    (8 << 8) |     // HEIGHT_LOG2: 256
    (8 << 4) |     // WIDTH_LOG2: 256
    (0x0 << 1) |   // FORMAT: RGBA4444
    (1 << 0)       // ENABLE: yes
);

// When sampled, if texture R=128:
// Output will be RGBA=(128, 128, 128, 255)
    gpu_write(REG_DITHER_MODE, 0);
    tex_rect(1, 192, 112, 448, 368, 0, 0, 1, 1, 0.5);
    gpu_write(REG_TEX0_FMT, 0);
}

static int check_seed_example5(scene_ctx_t *c, const scene_obs_t *o)
{
    if (!o->mem) {
        return 0;
    }
    for (unsigned y = 0; y < 256; y++) {
        for (unsigned x = 0; x < 256; x++) {
            if (check_px(c, o, 192 + (int)x, 112 + (int)y,
                         ref_texel565(ref_swizzle(ref_texel(TEXENC_RGBA4444, g_ex5_bytes, 256, x, y), 7)),
                         "Example 5 (RRR1), texel (%u, %u)", x, y) != 0) {
                return -1;
            }
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- textured demo */

/* tex_demo: what the texture units are for, in one picture (make demo renders it after demo).
 * A camera at the origin looking down +Z (x = 320 + 320 X/Z, y = 240 - 320 Y/Z, Q = 1.9/Z, depth
 * (1 - 1/Z) * 0x1FFFFFF, which is linear in screen space like Q); a sky gradient; a floor of 60
 * tiles, each one repeat of a mipmapped 64x64 RGBA4444 checkerboard, receding to the horizon,
 * hazier with distance (Gouraud); a crate (BC1, mipmapped, faces lit per face) and a brick
 * pyramid (BC1) standing on it, depth-tested; an alpha-blended overlay: a translucent panel and
 * a gold ring whose texture has an alpha channel. The textures come through the backdoor when
 * the testbench has one. RTL against the model. */
#define DEMO_TEX_FLOOR (TEXMEM + 0x00000u)
#define DEMO_TEX_CRATE (TEXMEM + 0x10000u)
#define DEMO_TEX_BRICK (TEXMEM + 0x20000u)
#define DEMO_TEX_RING (TEXMEM + 0x30000u)

/* square root by Newton's method (no libm in the scene library) */
static double sqrt_approx(double x)
{
    double r = x > 1 ? x : 1;
    for (int i = 0; i < 60; i++) {
        r = 0.5 * (r + x / r);
    }
    return r;
}

/* one vertex at world (X, Y, Z), texture coordinates (u, v) on the units of mask */
static void demo_vertex(double X, double Y, double Z, double u, double v, uint32_t colour, unsigned mask)
{
    const double q = 1.9 / Z;
    gpu_write(REG_COLOR, colour);
    for (unsigned n = 0; n < 4; n++) {
        if ((mask >> n) & 1u) {
            gpu_write((uint8_t)(REG_UV0 + n), PACK_UVQ(u, v, q));
        }
    }
    gpu_write(REG_VERTEX, PACK_XYZ(320 + 320 * X / Z, 240 - 320 * Y / Z, (uint32_t)((1 - 1 / Z) * 0x1FFFFFF)));
}

static uint32_t demo_shade(uint32_t rgb, double k)
{
    const double f = k < 0 ? 0 : k > 1 ? 1 : k;
    return rgba8((unsigned)(rgba8_ch(rgb, 0) * f), (unsigned)(rgba8_ch(rgb, 1) * f), (unsigned)(rgba8_ch(rgb, 2) * f), 255);
}

/* haze: white near, toward the horizon's orange far */
static uint32_t demo_haze(double Z)
{
    const double f = (Z - 2) / 44 > 1 ? 1 : (Z - 2) / 44;
    return rgba8(255, (unsigned)(250 - 70 * f), (unsigned)(240 - 100 * f), 255);
}

static void demo_textures(scene_ctx_t *c)
{
    static uint32_t img[64 * 64], scratch[64 * 64];
    static uint8_t buf[16384];
    for (unsigned y = 0; y < 64; y++) { /* checkerboard: 8 x 8 squares */
        for (unsigned x = 0; x < 64; x++) {
            img[y * 64 + x] = ((x / 8 + y / 8) & 1u) ? rgba8(40, 48, 70, 255) : rgba8(235, 225, 200, 255);
        }
    }
    tex_put(c, DEMO_TEX_FLOOR, buf, texenc_chain(TEXENC_RGBA4444, img, 6, 6, 7, buf, scratch), 1);
    for (unsigned y = 0; y < 64; y++) { /* crate: planks in a frame with a diagonal brace */
        for (unsigned x = 0; x < 64; x++) {
            const unsigned frame = x < 6 || x >= 58 || y < 6 || y >= 58, brace = (x > y ? x - y : y - x) < 5;
            const unsigned seam = (y % 13) == 0, grain = (x * 7 + y * 3 + (x * y) % 11) % 23;
            img[y * 64 + x] = frame || brace ? rgba8(120 + grain, 72 + grain / 2, 30, 255)
                              : seam         ? rgba8(70, 40, 20, 255)
                                             : rgba8(185 + grain, 135 + grain, 70 + grain / 2, 255);
        }
    }
    tex_put(c, DEMO_TEX_CRATE, buf, texenc_chain(TEXENC_BC1, img, 6, 6, 7, buf, scratch), 1);
    seed_bricks(img, 64);
    tex_put(c, DEMO_TEX_BRICK, buf, texenc_chain(TEXENC_BC1, img, 6, 6, 7, buf, scratch), 1);
    for (unsigned y = 0; y < 32; y++) { /* a gold ring, alpha 0 outside it */
        for (unsigned x = 0; x < 32; x++) {
            const int dx = 2 * (int)x - 31, dy = 2 * (int)y - 31, d2 = dx * dx + dy * dy;
            const unsigned in = d2 >= 17 * 17 && d2 < 29 * 29;
            img[y * 32 + x] = in ? rgba8(255, 200 - (unsigned)(d2 / 12), 60, 230) : rgba8(0, 0, 0, 0);
        }
    }
    tex_put(c, DEMO_TEX_RING, buf, texenc_level(TEXENC_RGBA4444, img, 32, 32, buf), 1);
}

/* the colour rgb lit on a face through world points p0, p1, p2 (clockwise seen from outside, as
 * the screen's y points down): 0.4 ambient + 0.6 Lambert against a fixed light; 0 when the face
 * looks away from the camera (a back face, not drawn) */
static uint32_t demo_light(const double p0[3], const double p1[3], const double p2[3], uint32_t rgb)
{
    double a[3], b[3];
    for (int i = 0; i < 3; i++) {
        a[i] = p1[i] - p0[i];
        b[i] = p2[i] - p0[i];
    }
    const double n[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    if (n[0] * p0[0] + n[1] * p0[1] + n[2] * p0[2] >= 0) {
        return 0;
    }
    const double len = sqrt_approx(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    const double l = (-0.45 * n[0] + 0.8 * n[1] - 0.4 * n[2]) / len;
    return demo_shade(rgb, 0.4 + 0.6 * (l > 0 ? l : 0));
}

/* a quad of world corners p[4] (clockwise seen from outside) with (0,0)..(1,1) on unit 0, lit */
static void demo_face(const double p[4][3], uint32_t rgb)
{
    const uint32_t col = demo_light(p[0], p[1], p[3], rgb);
    if (!col) {
        return;
    }
    const double uv[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    const int tri[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++) {
        const int k = tri[i];
        demo_vertex(p[k][0], p[k][1], p[k][2], uv[k][0], uv[k][1], col, 1);
    }
}

static void scene_tex_demo(scene_ctx_t *c)
{
    demo_textures(c);
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 1);
    gpu_write(REG_ALPHA_BLEND, 0);
    zbuffer_far(c);
    /* sky: Gouraud, no depth */
    gpu_write(REG_TRI_MODE, 1);
    const uint32_t top = (uint32_t)PACK_RGBA(20, 40, 110, 255), low = (uint32_t)PACK_RGBA(250, 170, 110, 255);
    quad_corners(0, 0, 640, 256, 0, top, top, low, low);
    /* floor: mipmapped checkerboard tiles, depth test and write, hazy with distance */
    gpu_write(REG_FB_ZBUFFER, (1ULL << 32) | ZBUF);
    gpu_write(REG_TRI_MODE, 0xD);
    gpu_write(REG_TEX0_BASE, DEMO_TEX_FLOOR);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, TEXENC_RGBA4444, 6, 6, 0, 7));
    gpu_write(REG_TEX0_WRAP, 0);
    gpu_write(REG_TEX0_MIP_BIAS, 0);
    /* bands of square tiles, each tile n x n texture repeats (UQ = u*Q and VQ stay below 1),
     * as wide as the screen at the band's far edge and at most 1280 pixels from the centre at
     * its near edge (12.4 holds +-2048) */
    static const struct {
        double z0, size;
        int tiles, n;
    } bands[4] = {{2, 4, 4, 1}, {6, 8, 4, 2}, {14, 16, 4, 4}, {30, 16, 6, 4}};
    for (int j = 0; j < 4; j++) {
        const double Z0 = bands[j].z0, Z1 = Z0 + bands[j].size, Y = -1.5, n = bands[j].n;
        for (int i = 0; i < bands[j].tiles; i++) {
            const double X0 = (i - bands[j].tiles / 2) * bands[j].size, X1 = X0 + bands[j].size;
            demo_vertex(X0, Y, Z1, 0, 0, demo_haze(Z1), 1);
            demo_vertex(X1, Y, Z1, n, 0, demo_haze(Z1), 1);
            demo_vertex(X1, Y, Z0, n, n, demo_haze(Z0), 1);
            demo_vertex(X0, Y, Z1, 0, 0, demo_haze(Z1), 1);
            demo_vertex(X1, Y, Z0, n, n, demo_haze(Z0), 1);
            demo_vertex(X0, Y, Z0, 0, n, demo_haze(Z0), 1);
        }
    }
    /* a crate, rotated about Y, on the floor */
    gpu_write(REG_TEX0_BASE, DEMO_TEX_CRATE);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, TEXENC_BC1, 6, 6, 0, 7));
    {
        const double cx = 1.4, cy = -0.5, cz = 6.2, ca = 0.8253, sa = 0.5646; /* 34 degrees */
        double v[8][3];
        for (int k = 0; k < 8; k++) {
            const double x = (k & 1) ? 1 : -1, y = (k & 2) ? 1 : -1, z = (k & 4) ? 1 : -1;
            v[k][0] = cx + ca * x + sa * z;
            v[k][1] = cy + y;
            v[k][2] = cz - sa * x + ca * z;
        }
        static const int faces[6][4] = {{0, 2, 3, 1}, {5, 7, 6, 4}, {4, 6, 2, 0}, {1, 3, 7, 5},
                                        {2, 6, 7, 3}, {4, 0, 1, 5}}; /* -z, +z, -x, +x, +y, -y */
        for (int f = 0; f < 6; f++) {
            double p[4][3];
            for (int k = 0; k < 4; k++) {
                for (int i = 0; i < 3; i++) {
                    p[k][i] = v[faces[f][k]][i];
                }
            }
            demo_face(p, rgba8(255, 255, 255, 255));
        }
    }
    /* a brick pyramid behind it, to the left */
    gpu_write(REG_TEX0_BASE, DEMO_TEX_BRICK);
    {
        const double cx = -2.4, cz = 10.5, h = 1.6, ca = 0.9211, sa = 0.3894; /* 23 degrees */
        double b[4][3];
        for (int k = 0; k < 4; k++) {
            const double x = (k == 1 || k == 2) ? h : -h, z = (k >= 2) ? h : -h;
            b[k][0] = cx + ca * x + sa * z;
            b[k][1] = -1.5;
            b[k][2] = cz - sa * x + ca * z;
        }
        const double apex[3] = {cx, 1.3, cz};
        for (int k = 0; k < 4; k++) {
            const double *p0 = b[k], *p1 = b[(k + 1) % 4];
            const uint32_t col = demo_light(p0, apex, p1, rgba8(255, 240, 220, 255));
            if (!col) {
                continue;
            }
            demo_vertex(p0[0], p0[1], p0[2], 0, 1, col, 1);
            demo_vertex(p1[0], p1[1], p1[2], 1, 1, col, 1);
            demo_vertex(apex[0], apex[1], apex[2], 0.5, 0, col, 1);
        }
    }
    /* overlay, no depth: a translucent panel, a gold ring with alpha, the crate at alpha 160 */
    gpu_write(REG_TEX0_FMT, 0);
    gpu_write(REG_TRI_MODE, 1);
    gpu_write(REG_ALPHA_BLEND, 3);
    {
        const double x[4] = {16, 236, 236, 16}, y[4] = {16, 16, 76, 76}, z4[4] = {0, 0, 0, 0};
        const uint32_t col[4] = {(uint32_t)PACK_RGBA(10, 20, 60, 190), (uint32_t)PACK_RGBA(70, 30, 110, 90),
                                 (uint32_t)PACK_RGBA(70, 30, 110, 90), (uint32_t)PACK_RGBA(10, 20, 60, 190)};
        tex_quad_col(0, x, y, z4, z4, z4, 0, col);
    }
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_TEX0_BASE, DEMO_TEX_RING);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, TEXENC_RGBA4444, 5, 5, 0, 1));
    gpu_write(REG_TEX0_WRAP, 1u << 2 | 1u);
    tex_rect(1, 524, 16, 620, 112, 0, 0, 1, 1, 0.5);
    gpu_write(REG_TEX0_BASE, DEMO_TEX_CRATE);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, TEXENC_BC1, 6, 6, 0, 7));
    gpu_write(REG_TEX0_WRAP, 0);
    gpu_write(REG_COLOR, PACK_RGBA(255, 255, 255, 160));
    gpu_write(REG_TRI_MODE, 1);
    tex_rect(1, 28, 24, 72, 68, 0, 0, 1, 1, 0.5);
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TEX0_FMT, 0);
    gpu_write(REG_TEX0_WRAP, 0);
    gpu_write(REG_TRI_MODE, 0);
}

/* ---------------------------------------------------------------- demo */

static void scene_demo(scene_ctx_t *c)
{
    (void)c;
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 1);
    gpu_write(REG_FB_ZBUFFER, (6ULL << 32) | ZBUF);
    gpu_write(REG_TRI_MODE, (1 << 3) | (1 << 2) | 1);
    /* background: a vertical gradient at far depth */
    quad_corners(0, 0, 640, 480, 0x1FFFFFF, PACK_RGBA(10, 12, 40, 255), PACK_RGBA(10, 12, 40, 255),
                 PACK_RGBA(60, 20, 90, 255), PACK_RGBA(60, 20, 90, 255));
    gpu_write(REG_FB_ZBUFFER, (1ULL << 32) | ZBUF);
    /* two interpenetrating Gouraud triangles: depth decides per pixel */
    gpu_write(REG_COLOR, PACK_RGBA(255, 40, 40, 255));
    gpu_write(REG_VERTEX, PACK_XYZ(80, 60, 0x0200000));
    gpu_write(REG_COLOR, PACK_RGBA(255, 200, 40, 255));
    gpu_write(REG_VERTEX, PACK_XYZ(560, 140, 0x1800000));
    gpu_write(REG_COLOR, PACK_RGBA(200, 40, 255, 255));
    gpu_write(REG_VERTEX, PACK_XYZ(200, 420, 0x0200000));
    gpu_write(REG_COLOR, PACK_RGBA(40, 255, 120, 255));
    gpu_write(REG_VERTEX, PACK_XYZ(100, 300, 0x1C00000));
    gpu_write(REG_COLOR, PACK_RGBA(40, 120, 255, 255));
    gpu_write(REG_VERTEX, PACK_XYZ(520, 40, 0x0400000));
    gpu_write(REG_COLOR, PACK_RGBA(255, 255, 255, 255));
    gpu_write(REG_VERTEX, PACK_XYZ(470, 450, 0x0100000));
    /* a flat-shaded fan of thin triangles */
    gpu_write(REG_TRI_MODE, 0);
    for (int i = 0; i < 12; i++) {
        gpu_write(REG_COLOR, PACK_RGBA(255 - i * 18, 120 + i * 10, i * 20, 255));
        gpu_write(REG_VERTEX, PACK_XYZ(600, 420, 0));
        gpu_write(REG_VERTEX, PACK_XYZ(470 + i * 14, 470, 0));
        gpu_write(REG_VERTEX, PACK_XYZ(477 + i * 14, 470, 0));
    }
}

/* ---------------------------------------------------------------- benchmark scenes (make bench) */

/* Fill: one screen-aligned quad of (160 count) x (120 count) pixels (count 0 = 1; make bench
 * passes 4: the whole 640x480 screen), untextured or on `units` texture units at one texel per
 * pixel (Q constant 1/64), optionally alpha-blended. `texl` is the texture's log2 size: 6 (64x64,
 * each 4x4 block fetched once per row of blocks it is used in, the cache's capacity being less
 * than a screen row of blocks) or 4 (16x16 repeated: every block stays cached, all hits after the
 * first). The scenes have no check of their own: RTL and model are compared as everywhere. */
#define BENCH_GOURAUD 0x100u /* bench_fill flags beside the ALPHA_BLEND mode: corner colours */
#define BENCH_Z 0x200u       /* Z test (GEQUAL against the zero Z-buffer: every fragment passes) and write */
static void bench_fill(scene_ctx_t *c, unsigned units, unsigned fmt, unsigned texl, unsigned flags)
{
    const unsigned blend = flags & 0xFFu;
    const unsigned k = c->count ? c->count : 1u;
    const double w = 160.0 * k, h = 120.0 * k;
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_COLOR, PACK_RGBA(200, 180, 160, 128));
    for (unsigned n = 0; n < units; n++) {
        const uint32_t base = TEXMEM + n * 0x10000u;
        tex_upload_index_via(c, fmt, texl, texl, 1, base);
        gpu_write((uint8_t)(REG_TEX0_BASE + 8u * n), base);
        gpu_write((uint8_t)(REG_TEX0_FMT + 8u * n), texenc_fmt(1, fmt, texl, texl, 0, 1));
        gpu_write((uint8_t)(REG_TEX0_WRAP + 8u * n), 0);
        gpu_write((uint8_t)(REG_TEX0_BLEND + 8u * n), 0);
    }
    gpu_write(REG_ALPHA_BLEND, blend);
    if (flags & BENCH_Z) {
        gpu_write(REG_FB_ZBUFFER, (3ULL << 32) | ZBUF);
    }
    gpu_write(REG_TRI_MODE, ((flags & BENCH_GOURAUD) ? TRI_MODE_GOURAUD_MASK << TRI_MODE_GOURAUD_SHIFT : 0u) |
                                ((flags & BENCH_Z) ? 0xCu : 0u));
    const double x[4] = {0, w, w, 0}, y[4] = {0, 0, h, h};
    const double ts = (double)(1u << texl);
    /* Q = 1/64 (exact in 1.15): U*Q = 40/64 at most, inside the 1.15 range, every vertex exact */
    const double u[4] = {0, w / ts, w / ts, 0}, v[4] = {0, 0, h / ts, h / ts};
    const double q[4] = {1.0 / 64, 1.0 / 64, 1.0 / 64, 1.0 / 64};
    const uint32_t col[4] = {PACK_RGBA(255, 0, 0, 255), PACK_RGBA(0, 255, 0, 200), PACK_RGBA(0, 0, 255, 128),
                             PACK_RGBA(255, 255, 255, 60)};
    tex_quad_col((1u << units) - 1u, x, y, u, v, q, 0x800000u, (flags & BENCH_GOURAUD) ? col : NULL);
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 0);
    for (unsigned n = 0; n < units; n++) {
        gpu_write((uint8_t)(REG_TEX0_FMT + 8u * n), 0);
    }
}
static void scene_bench_flat(scene_ctx_t *c) { bench_fill(c, 0, 0, 6, 0); }
static void scene_bench_blend(scene_ctx_t *c) { bench_fill(c, 0, 0, 6, 3); }
static void scene_bench_gouraud(scene_ctx_t *c) { bench_fill(c, 0, 0, 6, BENCH_GOURAUD); }
static void scene_bench_z(scene_ctx_t *c) { bench_fill(c, 0, 0, 6, BENCH_Z); }

/* Small triangles: the region (160 count) x (120 count) (count 0 = 1) cut into 8x8-pixel cells,
 * each two flat triangles of 32 pixels (every pixel once), one VERTEX write per vertex (a new
 * COLOR per cell row): 3 register writes per triangle, the host link's limit. */
static void scene_bench_mesh(scene_ctx_t *c)
{
    const unsigned k = c->count ? c->count : 1u;
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
    for (unsigned j = 0; j < 15u * k; j++) {
        gpu_write(REG_COLOR, PACK_RGBA(40 + 13 * j, 200 - 7 * j, 90, 255));
        for (unsigned i = 0; i < 20u * k; i++) {
            const int32_t x0 = 128 * (int32_t)i, y0 = 128 * (int32_t)j;
            scene_tri16(x0, y0, 0, x0 + 128, y0, 0, x0 + 128, y0 + 128, 0);
            scene_tri16(x0, y0, 0, x0 + 128, y0 + 128, 0, x0, y0 + 128, 0);
        }
    }
}
static void scene_bench_tex1_hit(scene_ctx_t *c) { bench_fill(c, 1, TEXENC_RGBA4444, 4, 0); }
static void scene_bench_tex1_4444(scene_ctx_t *c) { bench_fill(c, 1, TEXENC_RGBA4444, 6, 0); }
static void scene_bench_tex1_bc1(scene_ctx_t *c) { bench_fill(c, 1, TEXENC_BC1, 6, 0); }
static void scene_bench_tex4_4444(scene_ctx_t *c) { bench_fill(c, 4, TEXENC_RGBA4444, 6, 0); }
static void scene_bench_tex4_bc1(scene_ctx_t *c) { bench_fill(c, 4, TEXENC_BC1, 6, 0); }
static void scene_bench_tex1_blend(scene_ctx_t *c) { bench_fill(c, 1, TEXENC_RGBA4444, 6, 3); }

/* Setup: `count` (0 = 32) small triangles (about 8 pixels each, spread over the screen) on
 * `units` enabled units, each vertex written as its UVn words and VERTEX only: 3 (units + 1)
 * register writes per triangle. Run with a fast SPI clock (make bench: --sck-mhz 100), the
 * cycles per triangle are the setup's; at 25 MHz, the host link's. */
static void bench_setup(scene_ctx_t *c, unsigned units)
{
    const unsigned n = c->count ? c->count : 32u;
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_COLOR, PACK_RGBA(90, 160, 220, 255));
    for (unsigned k = 0; k < units; k++) {
        const uint32_t base = TEXMEM + k * 0x10000u;
        tex_upload_index_via(c, TEXENC_RGBA4444, 4, 4, 1, base);
        gpu_write((uint8_t)(REG_TEX0_BASE + 8u * k), base);
        gpu_write((uint8_t)(REG_TEX0_FMT + 8u * k), texenc_fmt(1, TEXENC_RGBA4444, 4, 4, 0, 1));
    }
    for (unsigned t = 0; t < n; t++) {
        const double x0 = 8.0 + (double)((t * 37u) % 600u), y0 = 8.0 + (double)((t * 53u) % 440u);
        const double x[3] = {x0, x0 + 4.5, x0 + 1.0}, y[3] = {y0, y0 + 0.5, y0 + 4.0};
        for (int i = 0; i < 3; i++) {
            for (unsigned k = 0; k < units; k++) {
                gpu_write((uint8_t)(REG_UV0 + k), PACK_UVQ(0.1 * i, 0.05 * (double)k, 0.5));
            }
            gpu_write(REG_VERTEX, PACK_XYZ(x[i], y[i], 0));
        }
    }
    for (unsigned k = 0; k < units; k++) {
        gpu_write((uint8_t)(REG_TEX0_FMT + 8u * k), 0);
    }
}
/* ---------------------------------------------------------------- display path */

/* Display scenes follow the host protocol of docs/spec-decisions.md "Display path": display
 * registers are written right after gpu_wait_vsync() and take effect at the boundary after; no
 * buffer is drawn while it is displayed. They need the pixel clock (tgpu_tb --display). */

enum { LUT_IDENTITY, LUT_INVERT, LUT_MIX };

static uint16_t lut_entry(int kind, unsigned sel, unsigned i)
{
    /* i: 0..31 for red and blue, 0..63 for green; c5 the channel on 5 bits */
    unsigned c5 = sel == 1 ? i >> 1 : i;
    switch (kind) {
    case LUT_IDENTITY:
        return (uint16_t)(c5 << (10 - 5 * sel));
    case LUT_INVERT:
        return (uint16_t)((31u - c5) << (10 - 5 * sel));
    default: /* every input feeds every output: per channel sums up to 31 + 31 + 15 = 77,
                past 63 (the sum needs 7 bits before it saturates at 31) */
        if (sel == 0) {
            return (uint16_t)(c5 << 10 | c5 << 5 | (c5 >> 1));
        }
        if (sel == 1) {
            return (uint16_t)((c5 >> 1) << 10 | c5 << 5 | c5);
        }
        return (uint16_t)(c5 << 10 | (c5 >> 1) << 5 | c5);
    }
}

/* the whole inactive bank through the auto-incrementing pointer (128 writes after RESET_ADDR:
 * red 32, green 64, blue 32), keeping ENABLE as it is */
static void lut_upload(int kind, unsigned enable)
{
    gpu_write(REG_COLOR_GRADE_CTRL, (1u << COLOR_GRADE_CTRL_RESET_ADDR_SHIFT) | enable);
    for (unsigned sel = 0; sel < 3; sel++) {
        for (unsigned i = 0; i < (sel == 1 ? 64u : 32u); i++) {
            gpu_write(REG_COLOR_GRADE_LUT_DATA, lut_entry(kind, sel, i));
        }
    }
}

static void display_picture(uint32_t fb, unsigned variant)
{
    gpu_write(REG_FB_DRAW, fb);
    gpu_write(REG_DITHER_MODE, 1);
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_write(REG_TRI_MODE, 1); /* Gouraud */
    const uint32_t c0 = (uint32_t)PACK_RGBA(255, 40 * variant, 0, 255), c1 = (uint32_t)PACK_RGBA(0, 255, 60, 255),
                   c2 = (uint32_t)PACK_RGBA(20, 0, 255, 255), c3 = (uint32_t)PACK_RGBA(250, 250, 250, 255);
    quad_corners(0, 0, 640, 480, 0, c0, c1, c3, c2);
    /* a few flat shapes that move with the variant */
    gpu_write(REG_TRI_MODE, 0);
    for (unsigned k = 0; k < 6; k++) {
        const double x = 40.0 + 90.0 * k + 15.0 * variant, y = 60.0 + 50.0 * ((k + variant) % 7);
        gpu_write(REG_COLOR, PACK_RGBA(30 * k, 255 - 40 * k, 128, 255));
        gpu_write(REG_VERTEX, PACK_XYZ(x, y, 0));
        gpu_write(REG_VERTEX, PACK_XYZ(x + 70.0, y + 20.0, 0));
        gpu_write(REG_VERTEX, PACK_XYZ(x + 10.0, y + 120.0, 0));
    }
}

/* LUT_ADDR reads back the pointer after each step (both backends must agree: a read is a
 * compare in a run on both) */
static void lut_pointer_checks(unsigned enable)
{
    (void)gpu_read(REG_COLOR_GRADE_LUT_ADDR);            /* 0 after a full 128-entry upload */
    gpu_write(REG_COLOR_GRADE_LUT_ADDR, (1u << 6) | 62u); /* green 62 */
    gpu_write(REG_COLOR_GRADE_LUT_DATA, lut_entry(LUT_MIX, 1, 62));
    gpu_write(REG_COLOR_GRADE_LUT_DATA, lut_entry(LUT_MIX, 1, 63));
    (void)gpu_read(REG_COLOR_GRADE_LUT_ADDR);            /* blue 0 */
    gpu_write(REG_COLOR_GRADE_LUT_ADDR, 63u);            /* red, index bit 5 ignored: entry 31 */
    gpu_write(REG_COLOR_GRADE_LUT_DATA, lut_entry(LUT_MIX, 0, 31));
    (void)gpu_read(REG_COLOR_GRADE_LUT_ADDR);            /* green 0 */
    gpu_write(REG_COLOR_GRADE_LUT_ADDR, (3u << 6) | 5u); /* reserved table: writes ignored */
    gpu_write(REG_COLOR_GRADE_LUT_DATA, 0x7FFF);
    (void)gpu_read(REG_COLOR_GRADE_LUT_ADDR);            /* still 3:5 */
    gpu_write(REG_COLOR_GRADE_LUT_ADDR, (2u << 6) | 31u); /* blue 31 -> wraps to red 0 */
    gpu_write(REG_COLOR_GRADE_LUT_DATA, lut_entry(LUT_MIX, 2, 31));
    (void)gpu_read(REG_COLOR_GRADE_LUT_ADDR);
    gpu_write(REG_COLOR_GRADE_CTRL, (1u << COLOR_GRADE_CTRL_RESET_ADDR_SHIFT) | enable);
    (void)gpu_read(REG_COLOR_GRADE_LUT_ADDR);            /* 0 */
}

/* Animated: two buffers swapped, a LUT bank swap with ENABLE, a second bank, a mid-frame
 * FB_DISPLAY write (seen only at the next frame), LUT off again. Every frame is compared at
 * the DVI output. */
static void scene_display_swap(scene_ctx_t *c)
{
    (void)c;
    const unsigned EN = 1u << COLOR_GRADE_CTRL_ENABLE_SHIFT, SWAP = 1u << COLOR_GRADE_CTRL_SWAP_BANKS_SHIFT;
    /* frames show FB_A (zero memory: black) while B is drawn */
    display_picture(FB_B, 0);
    gpu_wait_vsync();
    gpu_write(REG_FB_DISPLAY, FB_B);
    gpu_wait_vsync(); /* B shown from here */
    display_picture(FB_A, 3);
    lut_upload(LUT_MIX, 0); /* into bank 1 (inactive) while bank 0 is active */
    lut_pointer_checks(0);
    gpu_wait_vsync();
    gpu_write(REG_FB_DISPLAY, FB_A);
    gpu_write(REG_COLOR_GRADE_CTRL, EN | SWAP);
    gpu_wait_vsync(); /* A through bank 1 (mixing, saturating) */
    lut_upload(LUT_INVERT, EN); /* into bank 0, now inactive, during scanout */
    gpu_write(REG_COLOR_GRADE_CTRL, EN | SWAP);
    gpu_wait_vsync(); /* A through bank 0 (inverted) */
    display_picture(FB_B, 5);
    /* mid-frame: let about half a frame pass (register writes of ~3 us each), then switch to
     * B: this frame still shows A, the next one B */
    for (unsigned i = 0; i < 2600; i++) {
        gpu_write(REG_COLOR, i);
    }
    gpu_write(REG_FB_DISPLAY, FB_B);
    gpu_wait_vsync(); /* B through bank 0 */
    lut_upload(LUT_IDENTITY, EN); /* bank 1 */
    gpu_write(REG_COLOR_GRADE_CTRL, EN | SWAP);
    gpu_wait_vsync(); /* B through the identity LUT (5-bit green) */
    gpu_write(REG_COLOR_GRADE_CTRL, 0);
    gpu_wait_vsync(); /* B plain RGB565 expansion */
}

/* Seeded random display traffic, frame after frame: random triangles into the buffer not
 * shown, then after a VSYNC a random mix of LUT data writes (random entries), pointer writes
 * (any value, the reserved table included), RESET_ADDR, pointer reads, ENABLE and SWAP_BANKS
 * values, and FB_DISPLAY flipped to the new picture; --count frames (default 4). */
static void scene_display_random(scene_ctx_t *c)
{
    const unsigned frames = c->count ? c->count : 4;
    uint32_t shown = FB_A, back = FB_B;
    unsigned enable = 0;
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_ALPHA_BLEND, 0);
    for (unsigned f = 0; f < frames; f++) {
        gpu_write(REG_FB_DRAW, back);
        gpu_write(REG_TRI_MODE, 1);
        const unsigned ntri = 2 + (unsigned)scene_rand_range(c, 0, 6);
        for (unsigned t = 0; t < ntri; t++) {
            for (int v = 0; v < 3; v++) {
                gpu_write(REG_COLOR, scene_rand(c) | 0xFF000000u);
                gpu_write(REG_VERTEX, PACK_XYZ(scene_rand_range(c, -100, 740), scene_rand_range(c, -100, 580), 0));
            }
        }
        gpu_wait_vsync();
        const unsigned ops = (unsigned)scene_rand_range(c, 0, 160);
        for (unsigned i = 0; i < ops; i++) {
            const unsigned k = (unsigned)scene_rand_range(c, 0, 99);
            if (k < 80) {
                gpu_write(REG_COLOR_GRADE_LUT_DATA, scene_rand(c) & 0x7FFFu);
            } else if (k < 88) {
                gpu_write(REG_COLOR_GRADE_LUT_ADDR, scene_rand(c) & 0xFFu);
            } else if (k < 92) {
                gpu_write(REG_COLOR_GRADE_CTRL, (1u << COLOR_GRADE_CTRL_RESET_ADDR_SHIFT) | enable);
            } else if (k < 96) {
                (void)gpu_read(REG_COLOR_GRADE_LUT_ADDR);
            } else {
                enable = scene_rand(c) & 1u;
                gpu_write(REG_COLOR_GRADE_CTRL, (scene_rand(c) & (1u << COLOR_GRADE_CTRL_SWAP_BANKS_SHIFT)) | enable);
            }
        }
        gpu_write(REG_FB_DISPLAY, back);
        gpu_wait_vsync();
        const uint32_t t = shown;
        shown = back;
        back = t;
    }
}

static uint64_t g_disp_status[2];

/* STATUS.VBLANK: 1 just after a frame boundary, 0 in active video (RTL only: the model has
 * no display timing; the check knows the expected levels from the spec) */
static void scene_display_vblank(scene_ctx_t *c)
{
    (void)c;
    gpu_wait_vsync();
    g_disp_status[0] = gpu_read(REG_STATUS);
    for (unsigned i = 0; i < 1200; i++) { /* about 3.5 ms: past the 45 blanking lines (1.43 ms) */
        gpu_write(REG_COLOR, i);
    }
    g_disp_status[1] = gpu_read(REG_STATUS);
}

static int check_display_vblank(scene_ctx_t *c, const scene_obs_t *o)
{
    if (strcmp(o->backend, "rtl") != 0) {
        return 0;
    }
    const unsigned vb0 = (unsigned)(g_disp_status[0] >> STATUS_VBLANK_SHIFT) & 1u,
                   vb1 = (unsigned)(g_disp_status[1] >> STATUS_VBLANK_SHIFT) & 1u;
    if (vb0 != 1 || vb1 != 0) {
        snprintf(c->msg, sizeof(c->msg), "STATUS.VBLANK read %u just after VSYNC (want 1) and %u in active video (want 0)",
                 vb0, vb1);
        return 1;
    }
    return 0;
}

/* Scanout under the heaviest load: alpha-blended layers (a destination read and a colour
 * write per fragment, the pipeline's densest traffic) drawn into A while B is shown, then A
 * shown; with --count 1 the textured demo (floor, crate, overlay) first. The pixel FIFO must
 * never run dry. */
static void scene_display_load(scene_ctx_t *c)
{
    display_picture(FB_B, 1);
    gpu_wait_vsync();
    gpu_write(REG_FB_DISPLAY, FB_B);
    gpu_wait_vsync();
    if (c->count) {
        scene_tex_demo(c);
    } else {
        display_picture(FB_A, 2);
    }
    gpu_write(REG_FB_DRAW, FB_A);
    gpu_write(REG_ALPHA_BLEND, 3);
    gpu_write(REG_TRI_MODE, 0);
    for (unsigned k = 0; k < 3; k++) { /* blended bands: a destination read per pixel */
        const double y0 = 100.0 + 110.0 * k;
        gpu_write(REG_COLOR, PACK_RGBA(40 * k, 90, 200 - 40 * k, 60));
        gpu_write(REG_VERTEX, PACK_XYZ(0, y0, 0));
        gpu_write(REG_VERTEX, PACK_XYZ(640, y0, 0));
        gpu_write(REG_VERTEX, PACK_XYZ(640, y0 + 160.0, 0));
        gpu_write(REG_VERTEX, PACK_XYZ(0, y0, 0));
        gpu_write(REG_VERTEX, PACK_XYZ(640, y0 + 160.0, 0));
        gpu_write(REG_VERTEX, PACK_XYZ(0, y0 + 160.0, 0));
    }
    gpu_write(REG_ALPHA_BLEND, 0);
    gpu_wait_vsync();
    gpu_write(REG_FB_DISPLAY, FB_A);
    gpu_wait_vsync();
}

static void scene_bench_setup_u0(scene_ctx_t *c) { bench_setup(c, 0); }
static void scene_bench_setup_u1(scene_ctx_t *c) { bench_setup(c, 1); }
static void scene_bench_setup_u2(scene_ctx_t *c) { bench_setup(c, 2); }
static void scene_bench_setup_u4(scene_ctx_t *c) { bench_setup(c, 4); }

const scene_t g_scenes[] = {
    {"demo", scene_demo, NULL, "demo: gradient background, interpenetrating Gouraud triangles with Z, a flat fan"},
    {"seed_clear_fb", scene_seed_clear_fb, NULL, "INT-010 migration guide: clear framebuffer, verbatim"},
    {"seed_clear_z", scene_seed_clear_z, NULL, "INT-010 Example 3: clear Z-buffer to far, verbatim"},
    {"clear", scene_clear, check_clear, "full-screen clear (0,0)-(640,480): every pixel exactly once"},
    {"shared_edge", scene_shared_edge, check_shared_edge, "random rectangle as two triangles: no pixel twice, none missed"},
    {"fillrule", scene_fillrule, check_shared_edge, "fan of triangles with every vertex on a pixel centre: samples exactly on edges, each pixel once"},
    {"state_churn", scene_state_churn, check_state_churn, "a draw-state write before every triangle, cells drawn into two framebuffers: each cell once, in its own buffer"},
    {"slivers", scene_slivers, check_slivers, "a rectangle cut into a fan of 60-160 Gouraud slivers with Z written: edges in every direction, spans drifting left and right; every pixel once"},
    {"mesh", scene_mesh, check_mesh, "jittered 8x6 grid mesh, 96 triangles sharing edges: every pixel exactly once"},
    {"degenerate", scene_degenerate, check_nothing_written, "zero-area triangles: nothing drawn"},
    {"offscreen", scene_offscreen, check_nothing_written, "triangles entirely off-screen anywhere in 12.4: nothing drawn"},
    {"edge_cases", scene_edge_cases, NULL, "slivers, sub-pixel, huge and clipped triangles, both windings"},
    {"random", scene_random, check_random, "seeded random triangles over a seeded Z-buffer: colours, modes, Z functions, alpha blend modes, two framebuffers"},
    {"zbuffer", scene_zbuffer, NULL, "every Z compare function on overlapping Gouraud triangles"},
    {"mem", scene_mem, NULL, "MEM_ADDR/MEM_DATA upload, readback, out-of-range, ordering with rendering, backdoor"},
    {"regs", scene_regs, NULL, "write and read back every register address"},
    {"simt", scene_simt, check_scene_msg, "SIMT kernels (seed 002) uploaded, launched and read back through the register interface"},
    {"shader", scene_shader, check_shader,
     "shader kernels (seed 000) between triangles: a seeded drawing kernel, a reduction with atomics, misaligned stores, faulting kernels (needs tgpu_tb_shd)"},
    {"shader_random", scene_shader_random, check_scene_msg,
     "seeded shader-gen programs on the shader tile between triangles, each at its own address; --count programs (default 6; needs tgpu_tb_shd)"},
    {"shader_stop", scene_shader_stop, check_shader_stop,
     "shader kernels that never end, stopped by CP_WATCHDOG and by CP_ABORT, with triangles after each (needs tgpu_tb_shd)"},
    {"shader_dispatch", scene_shader_dispatch, check_shader_dispatch,
     "DISPATCH_1D/2D of shader kernels through the kernel table: tiles with their TILE_OFFSET, ARG_BASE from the entry "
     "and from arg_ptr, 0 tiles, refused entries, FAULT, WATCHDOG, CP_ABORT, triangles between (needs tgpu_tb_shd)"},
    {"cp_ops", scene_cp_ops, check_cp_ops,
     "command processor: every carried-out opcode, every refusal, fences, IRQ, read pipe, window, RESYNC, CLEAR"},
    {"bench_cp_barrier", scene_bench_cp_barrier, NULL, "benchmark: 100 header-only packets (BARRIER) per count"},
    {"bench_cp_write", scene_bench_cp_write, NULL, "benchmark: 1,020 words per count uploaded by WRITE_MEM packets"},
    {"bench_mem_data", scene_bench_mem_data, NULL, "benchmark: 1,020 words per count uploaded through MEM_DATA"},
    {"bench_cp_fill", scene_bench_cp_fill, NULL, "benchmark: FILL_RECT of 640 x 48 words per count"},
    {"bench_cp_blit", scene_bench_cp_blit, NULL, "benchmark: BLIT of 640 x 24 words per count"},
    {"bench_cp_blend", scene_bench_cp_blend, NULL, "benchmark: LAYER_BLEND of 640 x 8 words per count"},
    {"bench_cp_rdraw", scene_bench_cp_rdraw, NULL, "benchmark: 50 RDRAW packets of one 8-pixel triangle per count"},
    {"bench_cp_gdraw", scene_bench_cp_gdraw, NULL, "benchmark: one indexed GDRAW of 50 of the same triangles per count"},
    {"bench_host_tri", scene_bench_host_tri, NULL, "benchmark: the same 50 triangles per count by COLOR and VERTEX writes"},
    {"bench_host_tri_state", scene_bench_host_tri_state, NULL,
     "benchmark: the same 50 triangles per count by the register writes RDRAW makes (state and vertices)"},
    {"cp_draw", scene_cp_draw, check_cp_draw,
     "command processor: LOAD_RSTATE, RDRAW (flat, Gouraud, depth, blend, texture; the previous vertex block; arg1 "
     "over the descriptor) and RRECT (colour and sampler choices, empty and clipped rectangles; an opaque one checked "
     "pixel by pixel), every refusal in the documented order"},
    {"cp_gdraw", scene_cp_gdraw, check_cp_gdraw,
     "command processor: LOAD_GSTATE, LOAD_GPARAM, GDRAW (list, strip, U16 and U32 indices, BASE_VERTEX, stride 28 "
     "and 48, material colour, flat, texture, indirect counts) each against the same triangles through RDRAW, every "
     "refusal in the documented order, a draw that paints over its own vertices"},
    {"cp_seq", scene_cp_seq, check_cp_seq,
     "command processor: seed 004's example sequences with their fences: basic draw (LOAD_GSTATE, LOAD_GPARAM, "
     "LOAD_RSTATE, GDRAW, RDRAW), a kernel writing the vertex buffer GDRAW then draws, two-pass shading (GDRAW into a "
     "G-buffer tile, DISPATCH_2D over it, BARRIER, BLIT, SWAP_FB), each against RDRAW twins"},
    {"cp_compute", scene_cp_compute, check_cp_random,
     "command processor: DISPATCH_1D/2D in the direct, payload and indirect forms through the kernel table, every "
     "refusal, a kernel that never returns stopped by the watchdog and by CP_ABORT, the next packets running"},
    {"simt_stop", scene_simt_stop, check_cp_random,
     "SIMT_LAUNCH kernels that never end, stopped by CP_WATCHDOG and by CP_ABORT (also behind a long kernel), a "
     "0-thread launch, a DISPATCH beside them, SIMT_STATUS after each, a triangle after each"},
    {"build_units", scene_build_units, check_cp_random,
     "the SIMT cluster and the command processor present or absent (SIMT_STATUS / CP_STATUS.ABSENT; tgpu_tb_small has "
     "neither): a host launch, a DISPATCH (UNSUPPORTED without the cluster) or, without the command processor, a packet "
     "that does nothing and its registers, CP_ABORT after a launch, the kernel's word after each, a triangle after each"},
    {"cp_random", scene_cp_random, check_cp_random,
     "command processor: seeded random packet streams, valid and malformed, between triangles, window changes and pipe "
     "reads; each packet's status against the generator's own classification; count packets (1200)"},
    {"blend_modes", scene_blend_modes, check_blend_modes, "ALPHA_BLEND: every mode over a known background, hand-computed words; Gouraud in every mode"},
    {"blend_stack", scene_blend_stack, check_blend_stack, "ALPHA_BLEND hazards: back-to-back fragments on one pixel, chained triangles, stacked quads and strips, with Z: (K, K, K) per pixel"},
    {"blend_trail", scene_blend_trail, check_blend_trail, "blend hazards: tall additive rectangles 1-4 pixels wide, each followed at once by the block at its bottom: its destination reads trail the rectangle's colour writes"},
    {"z_stack", scene_z_stack, check_z_stack, "depth hazards: tall Z-tested rectangles 1-4 pixels wide, each followed at once by the block at its bottom just behind it: the block fails only if its Z reads see the rectangle's writes"},
    {"blend_particles", scene_blend_particles, check_blend_particles, "INT-010 Example 4 (alpha particles) verbatim, in front of and behind an occluder"},
    {"tex_basic", scene_tex_basic, NULL, "textures: RGBA4444 and BC1 quads, repeats, a perspective floor with mipmaps, Gouraud modulation"},
    {"tex_swizzle", scene_tex_swizzle, check_tex_swizzle, "textures: the 16 swizzle codes on unit 3, opaque and alpha-blended; every texel centre against the uploaded texture"},
    {"tex_wrap", scene_tex_wrap, check_tex_wrap, "textures: U_WRAP x V_WRAP, all 16, U and V from -3.5 to 4.5 at one pixel per texel: zero, periodic, mirrored, clamped"},
    {"tex_blend", scene_tex_blend, check_tex_blend, "textures: every TEXn_BLEND on units 1-3 with 2, 3 and 4 units, disabled units skipped, TEX0_BLEND ignored, flat and Gouraud; ALPHA_BLEND over textured bands"},
    {"tex_bc1", scene_tex_bc1, check_tex_bc1, "textures: hand-built BC1 blocks in four- and three-colour mode with transparent texels, opaque, alpha-blended and swizzled; every texel against the scene's decode"},
    {"tex_sizes", scene_tex_sizes, check_tex_sizes, "textures: RGBA4444 and BC1 at 8x8, 1024x1024, 8x1024, 1024x8, 64x16 (random bytes), windows at the origin and the far corner texel for texel"},
    {"tex_mip", scene_tex_mip, check_tex_mip, "textures: mip levels of flat colours on 20 identical perspective floors, MIP_BIAS -8..+7, MIP_LEVELS 0, 1, 3, 6, 12-15: monotonic, one LOD per pixel"},
    {"tex_persp", scene_tex_persp, check_tex_persp, "textures: a steeply slanted checkerboard floor: straight texel rows, monotonic columns, perspective-correct indices, rows thinner toward the horizon"},
    {"tex_cache", scene_tex_cache, check_tex_cache, "textures: the cache rule: rewritten texture memory served from the cache until TEXn_BASE / TEXn_FMT is written again, per unit"},
    {"seed_example1", scene_seed_example1, NULL, "INT-010 Example 1 (diffuse RGBA4444 x BC1 lightmap, Gouraud, Z) verbatim"},
    {"seed_example2", scene_seed_example2, NULL, "INT-010 Example 2 (BC1 upload through MEM_DATA, TEX0 setup) verbatim, then a quad sampling it"},
    {"seed_example5", scene_seed_example5, check_seed_example5, "INT-010 Example 5 (swizzle RRR1) verbatim, then the texture at one pixel per texel: grey from R"},
    {"tex_demo", scene_tex_demo, NULL, "textured demo: a mipmapped checkerboard floor to the horizon, a BC1 crate and pyramid with Z, an alpha-blended overlay"},
    {"tex_random", scene_tex_random, NULL, "seeded random textured triangles: every texture field, random texture memory, Q <= 0, the cache rule, Z, alpha blend, dither"},
    {"blend_overlap", scene_blend_overlap, NULL, "overlapping blended Gouraud triangles, every mode, alpha, dither and Z test"},
    {"display_swap", scene_display_swap, NULL, "display (--display): double buffering, LUT bank swaps (mixing, inverting, identity), upload pointer, a mid-frame FB_DISPLAY write; every frame compared at the DVI output"},
    {"display_random", scene_display_random, NULL, "display (--display): seeded random LUT uploads, pointer writes and reads, ENABLE and SWAP_BANKS, buffer flips over random pictures; count frames (4)"},
    {"display_vblank", scene_display_vblank, check_display_vblank, "display (--display --backend rtl): STATUS.VBLANK just after VSYNC and in active video"},
    {"display_load", scene_display_load, NULL, "display (--display): alpha-blended bands (with --count 1 after the textured demo) drawn while another buffer is scanned out: no underflow, frames exact"},
    {"bench_flat", scene_bench_flat, NULL, "benchmark: an untextured screen-aligned quad, 160 x 120 pixels x count (make bench: 4, the screen)"},
    {"bench_blend", scene_bench_blend, NULL, "benchmark: the same quad alpha-blended (ALPHA_BLEND 3)"},
    {"bench_gouraud", scene_bench_gouraud, NULL, "benchmark: the same quad, Gouraud (a colour per corner)"},
    {"bench_z", scene_bench_z, NULL, "benchmark: the same quad with Z test (GEQUAL: all pass) and Z write"},
    {"bench_mesh", scene_bench_mesh, NULL, "benchmark: (160 x 120) x count pixels as 8x8 cells of two 32-pixel triangles (small-triangle fill)"},
    {"bench_tex1_hit", scene_bench_tex1_hit, NULL, "benchmark: the quad on one unit, a 16x16 RGBA4444 texture repeated one texel per pixel (all cache hits)"},
    {"bench_tex1_4444", scene_bench_tex1_4444, NULL, "benchmark: the quad on one unit, 64x64 RGBA4444 one texel per pixel"},
    {"bench_tex1_bc1", scene_bench_tex1_bc1, NULL, "benchmark: the quad on one unit, 64x64 BC1 one texel per pixel"},
    {"bench_tex4_4444", scene_bench_tex4_4444, NULL, "benchmark: the quad on four units, 64x64 RGBA4444 each"},
    {"bench_tex4_bc1", scene_bench_tex4_bc1, NULL, "benchmark: the quad on four units, 64x64 BC1 each"},
    {"bench_tex1_blend", scene_bench_tex1_blend, NULL, "benchmark: the quad on one unit (64x64 RGBA4444), alpha-blended"},
    {"bench_setup_u0", scene_bench_setup_u0, NULL, "benchmark: count (32) small triangles, no texture unit: setup cycles per triangle"},
    {"bench_setup_u1", scene_bench_setup_u1, NULL, "benchmark: count (32) small triangles on one texture unit"},
    {"bench_setup_u2", scene_bench_setup_u2, NULL, "benchmark: count (32) small triangles on two texture units"},
    {"bench_setup_u4", scene_bench_setup_u4, NULL, "benchmark: count (32) small triangles on four texture units"},
};
const unsigned g_nscenes = sizeof(g_scenes) / sizeof(g_scenes[0]);

const scene_t *scene_find(const char *name)
{
    for (unsigned i = 0; i < g_nscenes; i++) {
        if (!strcmp(g_scenes[i].name, name)) {
            return &g_scenes[i];
        }
    }
    return NULL;
}
