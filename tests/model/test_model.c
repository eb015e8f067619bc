/* Unit tests of the reference model and the driver (built with ASan/UBSan). Every expected
 * value here is derived from the specification, not from running the model. */
#include "gpu.h"
#include "gpu_model.h"
#include "gpu_model_int.h"
#include "png.h"
#include "scene.h"
#include "check.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int g_fail, g_checks;


static uint32_t rd32(gpu_model_t *m, uint32_t a)
{
    const uint8_t *p = gpu_model_mem(m) + a;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void test_reset_and_id(void)
{
    gpu_model_t *m = gpu_model_new();
    CHECK(gpu_model_read(m, REG_ID) == 0x0000020000006702ull, "ID");
    CHECK(gpu_model_read(m, REG_DITHER_MODE) == 1, "DITHER_MODE reset = 1");
    CHECK(gpu_model_read(m, REG_TRI_MODE) == 0, "TRI_MODE reset");
    CHECK(gpu_model_read(m, REG_STATUS) == 0, "STATUS idle");
    gpu_model_write(m, REG_ID, 0);
    CHECK(gpu_model_read(m, REG_ID) == 0x0000020000006702ull, "ID is read-only");
    gpu_model_free(m);
}

static void test_masks(void)
{
    gpu_model_t *m = gpu_model_new();
    gpu_model_write(m, REG_TEX0_BASE, 0xFFFFFFFFFFFFFFFFull);
    CHECK(gpu_model_read(m, REG_TEX0_BASE) == 0xFFFFF000ull, "TEX0_BASE keeps [31:12]");
    gpu_model_write(m, REG_TRI_MODE, 0xFF);
    CHECK(gpu_model_read(m, REG_TRI_MODE) == 0x0D, "TRI_MODE keeps 3,2,0; bit 4 computed (no texture)");
    gpu_model_write(m, REG_TEX2_FMT, 1);
    CHECK(gpu_model_read(m, REG_TRI_MODE) == 0x1D, "ANY_TEXTURED follows TEX2_FMT.ENABLE");
    gpu_model_write(m, REG_FB_ZBUFFER, 0xFFFFFFFFFFFFFFFFull);
    CHECK(gpu_model_read(m, REG_FB_ZBUFFER) == 0x7FFFFF000ull, "FB_ZBUFFER keeps [34:32],[31:12]");
    gpu_model_write(m, 0x50, 123);
    CHECK(gpu_model_read(m, 0x50) == 0, "reserved address reads 0");
    gpu_model_write(m, REG_COLOR, 0x1234);
    CHECK(gpu_model_read(m, REG_COLOR) == 0, "write-only reads 0");
    gpu_model_write(m, REG_COLOR_GRADE_CTRL, 7);
    CHECK(gpu_model_read(m, REG_COLOR_GRADE_CTRL) == 1, "self-clearing bits read 0");
    gpu_model_free(m);
}

static void test_mem_interface(void)
{
    gpu_model_t *m = gpu_model_new();
    gpu_model_write(m, REG_MEM_ADDR, 0x1000);
    gpu_model_write(m, REG_MEM_DATA, 0xAABBCCDD);
    gpu_model_write(m, REG_MEM_DATA, 0x11223344);
    CHECK(gpu_model_read(m, REG_MEM_ADDR) == 0x1008, "auto-increment by 4");
    CHECK(rd32(m, 0x1000) == 0xAABBCCDD && rd32(m, 0x1004) == 0x11223344, "upload");
    CHECK(gpu_model_mem(m)[0x1000] == 0xDD, "little-endian");
    gpu_model_write(m, REG_MEM_ADDR, 0x1000);
    CHECK(gpu_model_read(m, REG_MEM_DATA) == 0xAABBCCDD, "readback 0");
    CHECK(gpu_model_read(m, REG_MEM_DATA) == 0x11223344, "readback 1");
    gpu_model_write(m, REG_MEM_ADDR, 0x2000000);
    gpu_model_write(m, REG_MEM_DATA, 5);
    CHECK(gpu_model_read(m, REG_STATUS) == (1ull << STATUS_MEM_RANGE_ERR_SHIFT), "range error flagged");
    CHECK(gpu_model_read(m, REG_STATUS) == 0, "flag cleared by the read");
    CHECK(gpu_model_read(m, REG_MEM_ADDR) == 0x2000004, "pointer advances past a dropped access");
    gpu_model_free(m);
}

/* expected coverage of a rectangle, from the fill rule alone */
static void test_rect_coverage(void)
{
    gpu_model_t *m = gpu_model_new();
    gpu_model_write(m, REG_DITHER_MODE, 0);
    gpu_model_write(m, REG_COLOR, 0xFFFFFFFF);
    int32_t X0 = 10 * 16 + 8, Y0 = 5 * 16, X1 = 20 * 16 + 9, Y1 = 9 * 16 + 8; /* centres on two edges */
    uint64_t v[4] = {
        ((uint64_t)(uint16_t)Y0 << 16) | (uint16_t)X0, ((uint64_t)(uint16_t)Y0 << 16) | (uint16_t)X1,
        ((uint64_t)(uint16_t)Y1 << 16) | (uint16_t)X1, ((uint64_t)(uint16_t)Y1 << 16) | (uint16_t)X0};
    gpu_model_write(m, REG_VERTEX, v[0]);
    gpu_model_write(m, REG_VERTEX, v[1]);
    gpu_model_write(m, REG_VERTEX, v[2]);
    gpu_model_write(m, REG_VERTEX, v[2]); /* other winding */
    gpu_model_write(m, REG_VERTEX, v[3]);
    gpu_model_write(m, REG_VERTEX, v[0]);
    int bad = 0;
    for (int y = 0; y < 20; y++) {
        for (int x = 0; x < 40; x++) {
            int in = (16 * x + 8 >= X0) && (16 * x + 8 < X1) && (16 * y + 8 >= Y0) && (16 * y + 8 < Y1);
            uint32_t w = rd32(m, (uint32_t)(y * 640 + x) * 4);
            if ((w == 0xFFFF) != in) {
                bad++;
            }
        }
    }
    CHECK(bad == 0, "rectangle coverage follows the top-left rule (%d pixels wrong)", bad);
    gpu_model_stats_t st;
    gpu_model_stats(m, &st);
    CHECK(st.pixels_written == 11 * 4, "each covered pixel written once (got %" PRIu64 ")", st.pixels_written);
    gpu_model_free(m);
}

/* RGB565 of an RGBA8 vertex colour through pixel_color and the fbwrite formula */
static uint16_t rgb565_8(uint32_t rgba8, unsigned x, unsigned y, int dither_en)
{
    frag_t f = {.x = (uint16_t)x, .y = (uint16_t)y, .color = rgba8};
    pfrag_t p = pixel_color(&f);
    return pixel_rgb565(p.color, x, y, dither_en);
}

/* Draw states by reference: which entry each triangle's fragments name, and that a reused
 * entry carries the state of its own triangles. */
typedef struct {
    int sid[16];   /* sid of the first fragment of triangle prim (1..15) */
} sid_log_t;
static void log_sid(void *ctx, const gpu_event_t *ev)
{
    sid_log_t *l = ctx;
    if (ev->kind == GPU_EV_FRAG && ev->prim < 16 && l->sid[ev->prim] < 0) {
        l->sid[ev->prim] = ev->sid;
    }
}
static void tri_at(gpu_model_t *m, int px, int py)
{
    /* a small triangle covering pixel (px, py) */
    int x = px * 16, y = py * 16;
    gpu_model_write(m, REG_VERTEX, ((uint64_t)(uint16_t)y << 16) | (uint16_t)x);
    gpu_model_write(m, REG_VERTEX, ((uint64_t)(uint16_t)y << 16) | (uint16_t)(x + 32));
    gpu_model_write(m, REG_VERTEX, ((uint64_t)(uint16_t)(y + 32) << 16) | (uint16_t)x);
}
static void test_draw_state(void)
{
    gpu_model_t *m = gpu_model_new();
    sid_log_t l;
    for (int i = 0; i < 16; i++) {
        l.sid[i] = -1;
    }
    gpu_model_set_event_fn(m, log_sid, &l);
    gpu_model_write(m, REG_COLOR, 0xFFFFFFFF);
    tri_at(m, 0, 0);                              /* 1: first triangle after reset: entry 1 */
    tri_at(m, 4, 0);                              /* 2: no state write: entry 1 again */
    gpu_model_write(m, REG_COLOR, 0xFF0000FF);    /* COLOR is not draw state */
    tri_at(m, 8, 0);                              /* 3: entry 1 */
    gpu_model_write(m, REG_DITHER_MODE, 0);       /* draw state */
    tri_at(m, 12, 0);                             /* 4: entry 2 */
    gpu_model_write(m, REG_FB_DRAW, 0x100000);    /* each write makes a new state ... */
    gpu_model_write(m, REG_FB_DRAW, 0x200000);    /* ... taken at the next triangle only */
    tri_at(m, 16, 0);                             /* 5: entry 3, drawn at 0x200000 */
    gpu_model_write(m, REG_TRI_MODE, 0);          /* same value written: still a new state */
    tri_at(m, 20, 0);                             /* 6: entry 0 (the ring wraps) */
    gpu_model_write(m, REG_FB_ZBUFFER, 0x300000);
    tri_at(m, 24, 0);                             /* 7: entry 1, reused */
    /* the ring's n-th new entry is n mod GPU_DS_N (the comments above are for 4 entries) */
    const int N = GPU_DS_N;
    const int want[8] = {-1, 1 % N, 1 % N, 1 % N, 2 % N, 3 % N, 4 % N, 5 % N};
    int bad = 0;
    for (int t = 1; t <= 7; t++) {
        if (l.sid[t] != want[t]) {
            bad++;
            printf("  triangle %d: draw state %d, expected %d\n", t, l.sid[t], want[t]);
        }
    }
    CHECK(bad == 0, "draw-state ids follow the allocation rule (%d wrong)", bad);
    /* triangle 5 drew at FB_DRAW 0x200000, 6 and 7 too; triangle 4 at 0 */
    CHECK(rd32(m, 0x200000 + (0 * 640 + 16) * 4) != 0 && rd32(m, 0x100000 + (0 * 640 + 16) * 4) == 0,
          "triangle 5 uses the last FB_DRAW written before it");
    CHECK(rd32(m, (0 * 640 + 12) * 4) != 0, "triangle 4 draws at the reset FB_DRAW");
    CHECK(rd32(m, 0x200000 + (0 * 640 + 24) * 4) != 0, "entry 1, reused by triangle 7, holds its own state");
    /* a build with one entry (tgpu_tb_ds1): every id is 0; out-of-range counts are refused */
    CHECK(gpu_model_set_ds_entries(m, 0) == -1 && gpu_model_set_ds_entries(m, GPU_DS_N + 1) == -1,
          "draw-state entries outside 1..GPU_DS_N are refused");
    CHECK(gpu_model_set_ds_entries(m, 1) == 0, "one draw-state entry accepted");
    gpu_model_write(m, REG_DITHER_MODE, 1);
    tri_at(m, 28, 0);                             /* 8 */
    gpu_model_write(m, REG_DITHER_MODE, 0);
    tri_at(m, 32, 0);                             /* 9 */
    CHECK(l.sid[8] == 0 && l.sid[9] == 0, "with one entry every triangle names entry 0 (got %d, %d)", l.sid[8], l.sid[9]);
    gpu_model_free(m);
}

static void test_colour(void)
{
    /* without dither: truncation of the replicated 10-bit value */
    CHECK(rgb565_8(0x00FFFFFF, 0, 0, 0) == 0xFFFF, "white");
    CHECK(rgb565_8(0x00000000, 5, 7, 1) == ((0) | 0), "black stays black only if dither adds < 1 LSB");
    CHECK(rgb565_8(0x00000080, 0, 0, 0) == (0x10u << 11), "R 0x80 -> R5 16");
    /* dither never moves a channel by more than one output step and saturates at white */
    int bad = 0;
    for (unsigned c = 0; c < 256; c++) {
        for (unsigned i = 0; i < 256; i++) {
            uint16_t a = rgb565_8(c | c << 8 | c << 16, i & 15, i >> 4, 0);
            uint16_t b = rgb565_8(c | c << 8 | c << 16, i & 15, i >> 4, 1);
            int dr = (b >> 11) - (a >> 11), dg = ((b >> 5) & 63) - ((a >> 5) & 63), db = (b & 31) - (a & 31);
            if (dr < 0 || dr > 1 || dg < 0 || dg > 1 || db < 0 || db > 1) {
                bad++;
            }
        }
    }
    CHECK(bad == 0, "dither moves channels by 0 or 1 step (%d bad)", bad);
    CHECK(rgb565_8(0x00FFFFFF, 3, 3, 1) == 0xFFFF, "dither saturates");
}

static void test_gouraud_exact(void)
{
    /* a right triangle with colour ramping 0..255 over 255 pixels in x: R at pixel centre x
     * is floor(255 * (x + 0.5) / 255.0 ...) exactly per the plane equation; check endpoints
     * and monotonicity */
    gpu_model_t *m = gpu_model_new();
    gpu_model_write(m, REG_DITHER_MODE, 0);
    gpu_model_write(m, REG_TRI_MODE, 1);
    gpu_model_write(m, REG_COLOR, 0x000000);
    gpu_model_write(m, REG_VERTEX, 0);
    gpu_model_write(m, REG_COLOR, 0x0000FF);
    gpu_model_write(m, REG_VERTEX, 256 * 16);
    gpu_model_write(m, REG_COLOR, 0x000000);
    gpu_model_write(m, REG_VERTEX, (uint64_t)(256 * 16) << 16);
    int mono = 1;
    unsigned prev = 0;
    for (int x = 0; x < 200; x++) {
        unsigned r5 = rd32(m, (uint32_t)x * 4) >> 11;
        if (r5 < prev) {
            mono = 0;
        }
        prev = r5;
    }
    CHECK(mono, "red ramps monotonically along row 0");
    /* R at pixel (x, 0): exact value 255 * (16x + 8) / 4096, rounded to nearest (halves up):
     * the planes are within 0.137 LSB of exact (docs/spec-decisions.md "Attribute
     * interpolation"), so the result is the rounded exact value wherever its fraction is not
     * within 0.137 of 1/2 (checked here); R5 = (R<<2|R>>6)>>5 */
    int checked = 0;
    for (unsigned x = 0; x < 200; x += 7) {
        unsigned num = 255u * (16 * x + 8);          /* exact R = num / 4096 */
        unsigned frac = num % 4096u;
        if (frac > 2048u - 562u && frac < 2048u + 562u) {
            continue;                                 /* near a half: either neighbour is allowed */
        }
        unsigned r = (num + 2048u) / 4096u;
        unsigned want = ((r << 2) | (r >> 6)) >> 5;
        CHECK((rd32(m, x * 4) >> 11) == want, "R5 at x=%u: got %u want %u", x, rd32(m, x * 4) >> 11, want);
        checked++;
    }
    CHECK(checked > 10, "enough ramp pixels away from a half (%d)", checked);
    gpu_model_free(m);
}

static void test_depth(void)
{
    gpu_model_t *m = gpu_model_new();
    gpu_model_write(m, REG_DITHER_MODE, 0);
    gpu_model_write(m, REG_FB_ZBUFFER, (0ull << 32) | 0x258000); /* LESS */
    gpu_model_write(m, REG_TRI_MODE, (1 << 3) | (1 << 2));
    /* zbuf starts at 0: nothing is less than 0 */
    gpu_model_write(m, REG_COLOR, 0xFFFFFF);
    gpu_model_write(m, REG_VERTEX, 0);
    gpu_model_write(m, REG_VERTEX, 16 * 16);
    gpu_model_write(m, REG_VERTEX, (uint64_t)(16 * 16) << 16);
    CHECK(rd32(m, 0) == 0, "LESS against 0 fails");
    gpu_model_write(m, REG_FB_ZBUFFER, (6ull << 32) | 0x258000); /* ALWAYS */
    gpu_model_write(m, REG_VERTEX, (0x1FFFFFFull << 32));
    gpu_model_write(m, REG_VERTEX, (0x1FFFFFFull << 32) | 16 * 16);
    gpu_model_write(m, REG_VERTEX, (0x1FFFFFFull << 32) | (uint64_t)(16 * 16) << 16);
    CHECK(rd32(m, 0x258000) == 0xFFFFFF, "far Z stores as 0xFFFFFF (z >> 1)");
    CHECK(rd32(m, 0) == 0xFFFF, "colour written on pass");
    gpu_model_free(m);
}

static int rec_write(void *ctx, uint8_t a, uint64_t v)
{
    gpu_model_write(ctx, a, v);
    return GPU_OK;
}

static void test_replay_strict(gpu_model_t *m);

static void test_record_replay(void)
{
    /* record a scene on one model, replay on another: memories identical */
    gpu_model_t *a = gpu_model_new(), *b = gpu_model_new();
    FILE *f = tmpfile();
    gpu_dev_t *d = gpu_dev_open(gpu_transport_recorder(gpu_transport_model(a), f));
    gpu_select(d);
    const scene_t *s = scene_find("random");
    scene_ctx_t c;
    memset(&c, 0, sizeof(c));
    c.rng = 12345;
    c.count = 20;
    s->run(&c);
    gpu_dev_close(d);
    rewind(f);
    gpu_transport_t tb = gpu_transport_model(b);
    tb.write = rec_write;
    gpu_dev_t *db = gpu_dev_open(tb);
    unsigned bad = 0;
    CHECK(gpu_replay(db, f, 1, &bad) == GPU_OK, "replay ok");
    CHECK(memcmp(gpu_model_mem(a), gpu_model_mem(b), GPU_MEM_BYTES) == 0, "replayed memory identical");
    gpu_model_stats_t sa;
    gpu_model_stats(a, &sa);
    CHECK(sa.pixels_written > 0, "scene drew something");
    gpu_dev_close(db);
    fclose(f);
    /* malformed stream */
    f = tmpfile();
    fputs("W 05 0000000000000000\nX junk\n", f);
    rewind(f);
    db = gpu_dev_open(gpu_transport_model(b));
    CHECK(gpu_replay(db, f, 1, &bad) == GPU_EFORMAT && bad == 2, "malformed line reported");
    gpu_dev_close(db);
    fclose(f);
    test_replay_strict(b);
    gpu_model_free(a);
    gpu_model_free(b);
}

/* one stream through gpu_replay on the model: its status and reported line */
static int replay_text(gpu_model_t *m, const char *text, size_t len, unsigned *bad)
{
    FILE *f = tmpfile();
    fwrite(text, 1, len, f);
    rewind(f);
    gpu_dev_t *d = gpu_dev_open(gpu_transport_model(m));
    int rc = gpu_replay(d, f, 1, bad);
    gpu_dev_close(d);
    fclose(f);
    return rc;
}

#define REPLAY(m, lit, bad) replay_text((m), (lit), sizeof(lit) - 1, (bad))

static void test_replay_strict(gpu_model_t *m)
{
    unsigned bad = 99;
    CHECK(REPLAY(m, "", &bad) == GPU_EFORMAT && bad == 0, "empty stream is an error");
    CHECK(REPLAY(m, "# only a comment\n\n", &bad) == GPU_EFORMAT && bad == 0, "stream without transactions is an error");
    CHECK(REPLAY(m, "W 40 0000000000012000\nR 40 0000000000012000\r\n", &bad) == GPU_OK, "well-formed stream (CRLF too)");
    CHECK(REPLAY(m, "R 40\n", &bad) == GPU_OK, "read without a recorded value");
    CHECK(REPLAY(m, "W 40 00000000000\n", &bad) == GPU_EFORMAT && bad == 1, "value cut mid-way");
    CHECK(REPLAY(m, "W 40 12zz\n", &bad) == GPU_EFORMAT && bad == 1, "12zz is not hex");
    CHECK(REPLAY(m, "W 40 000000000000000000012000\n", &bad) == GPU_EFORMAT && bad == 1, "24-digit value");
    CHECK(REPLAY(m, "W 40 -000000000012000\n", &bad) == GPU_EFORMAT && bad == 1, "negative value");
    CHECK(REPLAY(m, "W 80 0000000000000000\n", &bad) == GPU_EFORMAT && bad == 1, "address above 0x7F");
    CHECK(REPLAY(m, "W 4 0000000000000000\n", &bad) == GPU_EFORMAT && bad == 1, "one-digit address");
    CHECK(REPLAY(m, "W\n", &bad) == GPU_EFORMAT && bad == 1, "write without address");
    CHECK(REPLAY(m, "W 40 0000000000012000 junk\n", &bad) == GPU_EFORMAT && bad == 1, "trailing junk");
    CHECK(REPLAY(m, "W 40 0000000000012000\nW 40 00000000\0000012000\n", &bad) == GPU_EFORMAT && bad == 2,
          "NUL byte inside a line");
    char longline[400];
    memset(longline, ' ', sizeof(longline));
    memcpy(longline + 300, "W 40 0000000000012000\n", 22);
    CHECK(replay_text(m, longline, 322, &bad) == GPU_EFORMAT && bad == 1, "a line over 255 characters is not split");
    CHECK(REPLAY(m, "R 40 0000000000099000\n", &bad) == GPU_EMISMATCH && bad == 1, "recorded read value checked");
    /* a directory opens for reading but cannot be read */
    FILE *dir = fopen(".", "r");
    if (dir) {
        gpu_dev_t *d = gpu_dev_open(gpu_transport_model(m));
        CHECK(gpu_replay(d, dir, 1, &bad) == GPU_EIO, "directory is a read error");
        gpu_dev_close(d);
        fclose(dir);
    }
}

static void count_vsync(void *ctx, const gpu_event_t *ev)
{
    uint32_t *seen = ctx;
    if (ev->kind == GPU_EV_VSYNC) {
        CHECK(ev->data == seen[0], "VSYNC event carries the frame number");
        seen[0]++;
    }
}

static void test_frames(void)
{
    gpu_model_t *m = gpu_model_new();
    uint32_t seen[1] = {0};
    gpu_model_set_event_fn(m, count_vsync, seen);
    CHECK(gpu_model_frame(m) == 0, "no frame before the first vsync");
    CHECK(gpu_model_vsync(m) == 0, "first vsync ends frame 0");
    CHECK(gpu_model_vsync(m) == 1, "second vsync ends frame 1");
    CHECK(gpu_model_frame(m) == 2 && seen[0] == 2, "two frames, two VSYNC events");
    gpu_model_reset(m);
    CHECK(gpu_model_frame(m) == 2, "a register reset does not renumber frames");
    gpu_model_free(m);
}

/* The display controller (docs/spec-decisions.md "Display path"), hand-derived expectations:
 * the upload pointer, the inactive-bank rule, SWAP_BANKS and ENABLE at the frame boundary,
 * the LUT sum with saturation, the plain expansion, FB_DISPLAY latched at the boundary. */
static void test_display(void)
{
    gpu_model_t *m = gpu_model_new();
    const uint64_t EN = 1u << COLOR_GRADE_CTRL_ENABLE_SHIFT, SWAP = 1u << COLOR_GRADE_CTRL_SWAP_BANKS_SHIFT,
                   RST = 1u << COLOR_GRADE_CTRL_RESET_ADDR_SHIFT;
    /* disabled (reset): RGB565 -> RGB888 by replication */
    CHECK(gpu_display_pixel(m, 0xFFFF) == 0xFFFFFF, "white expands to white");
    CHECK(gpu_display_pixel(m, 0x0000) == 0x000000, "black stays black");
    CHECK(gpu_display_pixel(m, 0x8410) == 0x848284, "RGB565 0x8410: R 16 -> 0x84, G 32 -> 0x82, B 16 -> 0x84");
    /* the pointer: 128 writes from 0 wrap around to 0; the tables follow each other */
    gpu_model_write(m, REG_COLOR_GRADE_CTRL, RST);
    for (unsigned i = 0; i < 31; i++) {
        gpu_model_write(m, REG_COLOR_GRADE_LUT_DATA, 0);
    }
    CHECK(gpu_model_read(m, REG_COLOR_GRADE_LUT_ADDR) == 31, "31 red entries written: pointer at red 31");
    gpu_model_write(m, REG_COLOR_GRADE_LUT_DATA, 0);
    CHECK(gpu_model_read(m, REG_COLOR_GRADE_LUT_ADDR) == 0x40, "after red 31: green 0");
    gpu_model_write(m, REG_COLOR_GRADE_LUT_ADDR, 0x7F); /* green 63 */
    gpu_model_write(m, REG_COLOR_GRADE_LUT_DATA, 0);
    CHECK(gpu_model_read(m, REG_COLOR_GRADE_LUT_ADDR) == 0x80, "after green 63: blue 0");
    gpu_model_write(m, REG_COLOR_GRADE_LUT_ADDR, 0x9F); /* blue 31 */
    gpu_model_write(m, REG_COLOR_GRADE_LUT_DATA, 0);
    CHECK(gpu_model_read(m, REG_COLOR_GRADE_LUT_ADDR) == 0x00, "after blue 31: red 0");
    gpu_model_write(m, REG_COLOR_GRADE_LUT_ADDR, 0x3F); /* red, bit 5 set: entry 31 */
    gpu_model_write(m, REG_COLOR_GRADE_LUT_DATA, 0);
    CHECK(gpu_model_read(m, REG_COLOR_GRADE_LUT_ADDR) == 0x40, "red index 63 is entry 31: next is green 0");
    gpu_model_write(m, REG_COLOR_GRADE_LUT_ADDR, 0xC5); /* reserved table */
    gpu_model_write(m, REG_COLOR_GRADE_LUT_DATA, 0x7FFF);
    CHECK(gpu_model_read(m, REG_COLOR_GRADE_LUT_ADDR) == 0xC5, "LUT_SELECT 3: ignored, the pointer stays");
    /* bank 1 (inactive): red[r] = (r, 0, 0), green[g] = (0, g/2, 0), blue[b] = (0, 0, 31 - b),
       except red[31] = (31, 31, 31) to show the saturation */
    gpu_model_write(m, REG_COLOR_GRADE_CTRL, RST);
    for (unsigned r = 0; r < 32; r++) {
        gpu_model_write(m, REG_COLOR_GRADE_LUT_DATA, r == 31 ? 0x7FFF : r << 10);
    }
    for (unsigned g = 0; g < 64; g++) {
        gpu_model_write(m, REG_COLOR_GRADE_LUT_DATA, (g >> 1) << 5);
    }
    for (unsigned b = 0; b < 32; b++) {
        gpu_model_write(m, REG_COLOR_GRADE_LUT_DATA, 31u - b);
    }
    gpu_model_write(m, REG_COLOR_GRADE_CTRL, EN); /* enabled, but bank 0 (all zero) is active ... */
    (void)gpu_model_vsync(m);
    CHECK(gpu_display_pixel(m, 0xFFFF) == 0x000000, "enabled with the zero bank: black");
    gpu_model_write(m, REG_COLOR_GRADE_CTRL, EN | SWAP);
    CHECK(gpu_display_pixel(m, 0xFFFF) == 0x000000, "SWAP_BANKS waits for the frame boundary");
    (void)gpu_model_vsync(m);
    /* (R5 8, G6 20, B5 4): red (8, 0, 0) + green (0, 10, 0) + blue (0, 0, 27) */
    const uint16_t p = (uint16_t)(8u << 11 | 20u << 5 | 4u);
    CHECK(gpu_display_pixel(m, p) == ((0x42u << 16) | (0x52u << 8) | 0xDEu), "LUT sum (8, 10, 27) -> #4252DE");
    /* R5 31: red (31, 31, 31) + green (0, 10, 0) + blue (0, 0, 27): G and B saturate at 31 */
    CHECK(gpu_display_pixel(m, (uint16_t)(31u << 11 | 20u << 5 | 4u)) == 0xFFFFFF, "saturation at 31");
    /* writes go to the inactive bank (0 now): the active one is unchanged */
    gpu_model_write(m, REG_COLOR_GRADE_CTRL, RST | EN);
    gpu_model_write(m, REG_COLOR_GRADE_LUT_DATA, 0x7FFF);
    CHECK(gpu_display_pixel(m, p) == ((0x42u << 16) | (0x52u << 8) | 0xDEu), "upload into the inactive bank only");
    /* ENABLE is latched at the boundary */
    gpu_model_write(m, REG_COLOR_GRADE_CTRL, 0);
    CHECK(gpu_display_pixel(m, p) == ((0x42u << 16) | (0x52u << 8) | 0xDEu), "ENABLE cleared: the LUT stays on until the boundary");
    (void)gpu_model_vsync(m);
    CHECK(gpu_display_pixel(m, p) == ((0x42u << 16) | (0x51u << 8) | 0x21u), "disabled: plain expansion of (8, 20, 4)");
    /* FB_DISPLAY latched at the boundary; bits 31:25 ignored */
    gpu_model_write(m, REG_FB_DISPLAY, 0xFE12C000u);
    CHECK(gpu_model_display_base(m) == 0, "FB_DISPLAY waits for the boundary");
    (void)gpu_model_vsync(m);
    CHECK(gpu_model_display_base(m) == 0x12C000u, "FB_DISPLAY latched, 32 MiB address space");
    /* the frame: the latched buffer through the latched state */
    uint8_t *mem = gpu_model_mem(m);
    mem[0x12C000u + (5u * 640u + 7u) * 4u] = (uint8_t)p;
    mem[0x12C000u + (5u * 640u + 7u) * 4u + 1] = (uint8_t)(p >> 8);
    uint8_t *rgb = malloc(640u * 480u * 3u);
    CHECK(rgb != NULL, "frame buffer");
    if (rgb) {
        gpu_model_display_frame(m, rgb);
        const uint8_t *px = rgb + (5u * 640u + 7u) * 3u;
        CHECK(px[0] == 0x42 && px[1] == 0x51 && px[2] == 0x21 && rgb[0] == 0, "the frame shows the latched buffer");
        free(rgb);
    }
    /* reset: pointer 0, bank 0, nothing latched; the LUT keeps its contents */
    gpu_model_write(m, REG_COLOR_GRADE_LUT_ADDR, 0x45);
    gpu_model_reset(m);
    CHECK(gpu_model_read(m, REG_COLOR_GRADE_LUT_ADDR) == 0, "reset: pointer 0");
    gpu_model_write(m, REG_COLOR_GRADE_CTRL, EN | SWAP);
    (void)gpu_model_vsync(m); /* bank 1 again: its contents survived the reset */
    CHECK(gpu_display_pixel(m, p) == ((0x42u << 16) | (0x52u << 8) | 0xDEu), "the LUT survives a reset");
    gpu_model_free(m);
}

static void test_pack(void)
{
    CHECK(PACK_XYZ(639, 0, 0) == (639u * 16), "PACK_XYZ x");
    CHECK(PACK_XYZ(0, 479, 0x1FFFFFF) == ((0x1FFFFFFull << 32) | ((uint64_t)479 * 16 << 16)), "PACK_XYZ y z");
    CHECK(PACK_XYZ(-1.5, 0, 0) == (uint16_t)(-24), "PACK_XYZ negative fraction");
    CHECK(PACK_UVQ(0.5, 0.25, 1.0) == ((0x7FFFull << 32) | (0x1FFFull << 16) | 0x3FFF) ||
              PACK_UVQ(0.5, 0.25, 1.0) == ((0x7FFFull << 32) | (0x2000ull << 16) | 0x4000),
          "PACK_UVQ");
}

/* what a scene's check needs, observed on the model through its event funnel */
typedef struct {
    gpu_model_t *m;
    uint32_t *wc;
    uint32_t dropped;
    uint64_t ztests[8], zpasses[8];
} scene_obs_ctx_t;

static void count_event(void *ctx, const gpu_event_t *ev)
{
    scene_obs_ctx_t *o = ctx;
    if (ev->kind == GPU_EV_MEM_WRITE) {
        o->wc[(ev->addr & GPU_MEM_MASK) >> 2]++;
    } else if (ev->kind == GPU_EV_TRI_DROPPED) {
        o->dropped++;
    } else if (ev->kind == GPU_EV_ZTEST) {
        o->ztests[ev->zfunc & 7]++;
        o->zpasses[ev->zfunc & 7] += ev->pass != 0;
    }
}

static void model_mem_load(void *ctx, uint32_t addr, const void *data, size_t len)
{
    scene_obs_ctx_t *o = ctx;
    addr &= GPU_MEM_MASK;
    if (addr + len > GPU_MEM_BYTES) {
        len = GPU_MEM_BYTES - addr;
    }
    memcpy(gpu_model_mem(o->m) + addr, data, len);
}

static void test_scenes_on_model(void)
{
    /* every scene runs on the model without sanitizer findings, and its own check passes on
     * the model's observed writes (the testbench runs the same checks on the RTL) */
    unsigned checked = 0;
    scene_obs_ctx_t o;
    o.wc = calloc(GPU_MEM_BYTES / 4, sizeof(uint32_t));
    CHECK(o.wc != NULL, "write-count table");
    if (!o.wc) {
        return;
    }
    for (unsigned i = 0; i < g_nscenes; i++) {
        o.m = gpu_model_new();
        o.dropped = 0;
        memset(o.ztests, 0, sizeof(o.ztests));
        memset(o.zpasses, 0, sizeof(o.zpasses));
        memset(o.wc, 0, GPU_MEM_BYTES);
        gpu_model_set_event_fn(o.m, count_event, &o);
        gpu_dev_t *d = gpu_dev_open(gpu_transport_model(o.m));
        gpu_select(d);
        scene_ctx_t c;
        memset(&c, 0, sizeof(c));
        c.seed = 1;
        c.rng = 99 + i;
        c.tb = &o;
        c.mem_load = model_mem_load;
        g_scenes[i].run(&c);
        if (g_scenes[i].check) {
            scene_obs_t ob = {"model", o.wc, o.dropped, o.ztests, o.zpasses, gpu_model_mem(o.m)};
            int rc = g_scenes[i].check(&c, &ob);
            if (rc != 0) {
                printf("  scene %s: %s\n", g_scenes[i].name, c.msg);
            }
            CHECK(rc == 0, "scene check passes on the model");
            checked++;
        }
        CHECK(gpu_dev_status(d) == GPU_OK, "scene ran without a driver error");
        gpu_dev_close(d);
        gpu_model_free(o.m);
    }
    free(o.wc);
    printf("test_model: %u of %u scenes have a check of their own, all run on the model\n", checked, g_nscenes);
    CHECK(checked > 0, "scene checks were run");
}

int main(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: test_model\nRuns the reference model's unit tests; prints one line per failure.\n");
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "test_model: unexpected argument '%s' (it takes none but --help)\n", argv[1]);
        return 2;
    }
    test_reset_and_id();
    test_masks();
    test_mem_interface();
    test_rect_coverage();
    test_colour();
    test_draw_state();
    test_gouraud_exact();
    test_depth();
    test_record_replay();
    test_pack();
    test_frames();
    test_display();
    test_scenes_on_model();
    printf("test_model: %d checks, %d failed\n", g_checks, g_fail);
    return g_fail ? 1 : 0;
}
