/* Directed tests of the texture units on the reference model (issue 12; model only until the
 * RTL lands). Every expected value is derived here from seed 001, ADDENDUM 3/4 and the formulas
 * of docs/spec-decisions.md "Texture units" on small cases worked by hand (or, for the
 * perspective quad, from exact double-precision projective geometry), never by running the
 * model twice. Built with AddressSanitizer and UBSan (mk/tex.mk). Usage: test_tex_model [--help] */
#include "check.h"
#include "gpu.h"
#include "gpu_model.h"
#include "gpu_model_int.h"
#include "texenc.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int g_fail, g_checks;

#define TEXA 0x384000u

static uint32_t rgba8(unsigned r, unsigned g, unsigned b, unsigned a) { return r | g << 8 | b << 16 | a << 24; }

/* framebuffer word at (x, y) of FB 0 */
static uint32_t fb(gpu_model_t *m, unsigned x, unsigned y)
{
    const uint8_t *p = gpu_model_mem(m) + (y * 640u + x) * 4u;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* RGB565 of an 8-bit colour through the 10-bit promotion (ADDENDUM 4), no dither */
static uint32_t exp565(uint32_t c)
{
    const unsigned r = c & 255u, g = (c >> 8) & 255u, b = (c >> 16) & 255u;
    const unsigned r10 = r << 2 | r >> 6, g10 = g << 2 | g >> 6, b10 = b << 2 | b >> 6;
    return (r10 >> 5) << 11 | (g10 >> 4) << 5 | (b10 >> 5);
}

/* RGB565 of 10-bit integer channels */
static uint32_t p565(unsigned r10, unsigned g10, unsigned b10) { return (r10 >> 5) << 11 | (g10 >> 4) << 5 | (b10 >> 5); }

typedef struct {
    gpu_model_t *m;
    gpu_dev_t *d;
} ctx_t;

static ctx_t open_ctx(void)
{
    ctx_t c;
    c.m = gpu_model_new();
    c.d = gpu_dev_open(gpu_transport_model(c.m));
    gpu_select(c.d);
    gpu_write(REG_DITHER_MODE, 0);
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_COLOR, 0xFFFFFFFF);
    return c;
}

static void close_ctx(ctx_t *c)
{
    CHECK(gpu_dev_status(c->d) == GPU_OK, "driver status");
    gpu_dev_close(c->d);
    gpu_model_free(c->m);
}

/* a quad (x0,y0)-(x1,y1) in pixels, with (u, v) at its corners and one q, on unit n */
static void quad(unsigned n, double x0, double y0, double x1, double y1, double u0, double v0, double u1, double v1,
                 double q)
{
    const double xs[4] = {x0, x1, x1, x0}, ys[4] = {y0, y0, y1, y1};
    const double us[4] = {u0, u1, u1, u0}, vs[4] = {v0, v0, v1, v1};
    const int tri[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++) {
        const int k = tri[i];
        gpu_write((uint8_t)(REG_UV0 + n), PACK_UVQ(us[k], vs[k], q));
        gpu_write(REG_VERTEX, PACK_XYZ(xs[k], ys[k], 0));
    }
}

/* quad on every unit at once (the same coordinates) */
static void quad_all(double x0, double y0, double x1, double y1, double u0, double v0, double u1, double v1)
{
    const double xs[4] = {x0, x1, x1, x0}, ys[4] = {y0, y0, y1, y1};
    const double us[4] = {u0, u1, u1, u0}, vs[4] = {v0, v0, v1, v1};
    const int tri[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++) {
        const int k = tri[i];
        for (unsigned n = 0; n < 4; n++) {
            gpu_write((uint8_t)(REG_UV0 + n), PACK_UVQ(us[k], vs[k], 0.5));
        }
        gpu_write(REG_VERTEX, PACK_XYZ(xs[k], ys[k], 0));
    }
}

/* uploads a 2^wl x 2^hl image as one level at addr */
static void upload_img(ctx_t *c, unsigned fmt, const uint32_t *img, unsigned wl, unsigned hl, uint32_t addr)
{
    const size_t bytes = texenc_level_bytes(fmt, wl, hl, 0);
    uint8_t *buf = calloc(1, bytes);
    texenc_level(fmt, img, 1u << wl, 1u << hl, buf);
    texenc_upload(c->d, addr, buf, bytes);
    free(buf);
}

/* an 8x8 RGBA4444 texture of one colour (given as RGBA4444 channels) at addr */
static void upload_solid(ctx_t *c, uint16_t t4444, uint32_t addr)
{
    gpu_dev_write(c->d, REG_MEM_ADDR, addr);
    for (unsigned i = 0; i < 64; i += 2) {
        gpu_dev_write(c->d, REG_MEM_DATA, (uint32_t)t4444 | (uint32_t)t4444 << 16);
    }
}

/* ---- register decoding ---- */
static void test_fmt_decode(void)
{
    tex_state_t a = tex_state_decode(0x340000, 0x00100661, 0, 0, 0);
    CHECK(a.enable == 1 && a.format == 0 && a.wl == 6 && a.hl == 6 && a.swizzle == 0 && a.levels == 1,
          "0x00100661: 64x64 RGBA4444 enabled, one level (got en %u fmt %u %ux%u swz %u lv %u)", a.enable, a.format,
          a.wl, a.hl, a.swizzle, a.levels);
    CHECK(a.base == 0x340000, "base 0x340000");
    tex_state_t b = tex_state_decode(0, 0x00900883, 0, 0, 0);
    CHECK(b.enable == 1 && b.format == 1 && b.wl == 8 && b.hl == 8 && b.swizzle == 0 && b.levels == 9,
          "0x00900883: 256x256 BC1 enabled, 9 levels (got en %u fmt %u %ux%u lv %u)", b.enable, b.format, b.wl, b.hl,
          b.levels);
    /* out-of-range codes: sizes clamp to 3..10, MIP_LEVELS to 1..1+max(wl,hl), swizzle 0xD-0xF -> 0 */
    tex_state_t c = tex_state_decode(0, (15u << 20) | (0xEu << 16) | (0xFFu << 8) | (1u << 4) | 1u, 0, 0, 0);
    CHECK(c.wl == 3 && c.hl == 10 && c.levels == 11 && c.swizzle == 0, "clamped codes (%u %u %u %u)", c.wl, c.hl,
          c.levels, c.swizzle);
    tex_state_t d = tex_state_decode(0, (0u << 20) | (3u << 8) | (3u << 4), 0, 0xFC, 0xD);
    CHECK(d.levels == 1 && d.bias == -4 && d.wrap_u == 1 && d.wrap_v == 3, "MIP_LEVELS 0 -> 1, bias -1.0, wraps");
    CHECK(texenc_fmt(1, 0, 6, 6, 0, 1) == 0x00100661 && texenc_fmt(1, 1, 8, 8, 0, 9) == 0x00900883, "texenc_fmt");
}

/* ---- decoders (hand-computed) ---- */
static void test_decode(void)
{
    CHECK(tmu_decode_rgba4444(0x1234) == rgba8(0x11, 0x22, 0x33, 0x44), "RGBA4444 0x1234");
    CHECK(tmu_decode_rgba4444(0xF00F) == rgba8(0xFF, 0, 0, 0xFF), "RGBA4444 0xF00F");
    /* c0 = pure red 0xF800, c1 = pure blue 0x001F: c0 > c1, four colours */
    CHECK(tmu_decode_bc1(0xF800, 0x001F, 0) == rgba8(255, 0, 0, 255), "BC1 p0");
    CHECK(tmu_decode_bc1(0xF800, 0x001F, 1) == rgba8(0, 0, 255, 255), "BC1 p1");
    CHECK(tmu_decode_bc1(0xF800, 0x001F, 2) == rgba8(170, 0, 85, 255), "BC1 p2 = (2a+b+1)/3");
    CHECK(tmu_decode_bc1(0xF800, 0x001F, 3) == rgba8(85, 0, 170, 255), "BC1 p3 = (a+2b+1)/3");
    /* swapped: c0 <= c1, three colours + transparent black */
    CHECK(tmu_decode_bc1(0x001F, 0xF800, 2) == rgba8(128, 0, 128, 255), "BC1 3-colour p2 = (a+b+1)>>1");
    CHECK(tmu_decode_bc1(0x001F, 0xF800, 3) == 0, "BC1 3-colour p3 transparent black");
    CHECK(tmu_decode_bc1(0x1234, 0x1234, 3) == 0, "BC1 c0 == c1 is three-colour mode");
    /* green 6 bits: g6 = 32 -> 32<<2 | 32>>4 = 130; r5 = 16 -> 16<<3 | 16>>2 = 132 */
    CHECK(tmu_decode_bc1((uint16_t)(16u << 11 | 32u << 5), 0, 0) == rgba8(132, 130, 0, 255), "565 expansion");
    /* p2 of 4-colour mode with a = 132, b = 0: (264 + 1) / 3 = 88; p3 = (132 + 1) / 3 = 44 */
    CHECK(tmu_decode_bc1((uint16_t)(16u << 11), 0, 2) == rgba8(88, 0, 0, 255), "BC1 rounding p2");
    CHECK(tmu_decode_bc1((uint16_t)(16u << 11), 0, 3) == rgba8(44, 0, 0, 255), "BC1 rounding p3");
    /* a whole BC1 block: index word 0xE4E4E4E4 -> texels 0,1,2,3 per row */
    const uint8_t blk[8] = {0x00, 0xF8, 0x1F, 0x00, 0xE4, 0xE4, 0xE4, 0xE4};
    uint32_t out[16];
    tmu_decode_block(TEX_FMT_BC1, blk, out);
    CHECK(out[0] == rgba8(255, 0, 0, 255) && out[5] == rgba8(0, 0, 255, 255) && out[10] == rgba8(170, 0, 85, 255) &&
              out[15] == rgba8(85, 0, 170, 255),
          "BC1 block index order");
}

static void test_swizzle_fn(void)
{
    const uint32_t t = rgba8(0x11, 0x22, 0x33, 0x44);
    const uint32_t exp[16] = {
        rgba8(0x11, 0x22, 0x33, 0x44), rgba8(0x33, 0x22, 0x11, 0x44), rgba8(0x44, 0x11, 0x22, 0x33),
        rgba8(0x44, 0x33, 0x22, 0x11), rgba8(0x22, 0x33, 0x11, 0x44), rgba8(0x11, 0, 0, 0),
        rgba8(0, 0, 0, 0x44),          rgba8(0x11, 0x11, 0x11, 0xFF), rgba8(0x22, 0x22, 0x22, 0xFF),
        rgba8(0x33, 0x33, 0x33, 0xFF), rgba8(0x44, 0x44, 0x44, 0xFF), rgba8(0xFF, 0xFF, 0xFF, 0),
        rgba8(0xFF, 0xFF, 0xFF, 0x44), rgba8(0x11, 0x22, 0x33, 0x44), rgba8(0x11, 0x22, 0x33, 0x44),
        rgba8(0x11, 0x22, 0x33, 0x44)};
    for (unsigned s = 0; s < 16; s++) {
        CHECK(tmu_swizzle(t, s) == exp[s], "swizzle 0x%X: %08X, want %08X", s, tmu_swizzle(t, s), exp[s]);
    }
}

/* every swizzle code through the whole pipeline: an 8x8 texture of one colour */
static void test_swizzle_draw(void)
{
    const uint32_t exp_rgb[16] = {
        rgba8(0x11, 0x22, 0x33, 0), rgba8(0x33, 0x22, 0x11, 0), rgba8(0x44, 0x11, 0x22, 0), rgba8(0x44, 0x33, 0x22, 0),
        rgba8(0x22, 0x33, 0x11, 0), rgba8(0x11, 0, 0, 0),       rgba8(0, 0, 0, 0),          rgba8(0x11, 0x11, 0x11, 0),
        rgba8(0x22, 0x22, 0x22, 0), rgba8(0x33, 0x33, 0x33, 0), rgba8(0x44, 0x44, 0x44, 0), rgba8(0xFF, 0xFF, 0xFF, 0),
        rgba8(0xFF, 0xFF, 0xFF, 0), rgba8(0x11, 0x22, 0x33, 0), rgba8(0x11, 0x22, 0x33, 0), rgba8(0x11, 0x22, 0x33, 0)};
    ctx_t c = open_ctx();
    upload_solid(&c, 0x1234, TEXA);
    gpu_write(REG_TEX0_BASE, TEXA);
    for (unsigned s = 0; s < 16; s++) {
        gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 3, 3, s, 1));
        quad(0, 10 + 20 * s, 10, 26 + 20 * s, 26, 0, 0, 1, 1, 0.5);
        CHECK(fb(c.m, 18 + 20 * s, 18) == exp565(exp_rgb[s]), "swizzle 0x%X drawn: %04X, want %04X", s,
              fb(c.m, 18 + 20 * s, 18), exp565(exp_rgb[s]));
    }
    close_ctx(&c);
}

/* ---- wrap modes ---- */
static void test_wrap_fn(void)
{
    const int64_t ts[11] = {-17, -9, -8, -1, 0, 7, 8, 15, 16, 23, 100};
    /* 8 texels (w = 3), worked by hand */
    const uint32_t rep[11] = {7, 7, 0, 7, 0, 7, 0, 7, 0, 7, 4};
    const uint32_t edge[11] = {0, 0, 0, 0, 0, 7, 7, 7, 7, 7, 7};
    const int zin[11] = {0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0};
    const uint32_t mir[11] = {0, 7, 7, 0, 0, 7, 7, 0, 0, 7, 4};
    for (unsigned i = 0; i < 11; i++) {
        uint32_t o;
        CHECK(tmu_wrap(ts[i], 3, TEX_WRAP_REPEAT, &o) && o == rep[i], "REPEAT %lld -> %u", (long long)ts[i], o);
        CHECK(tmu_wrap(ts[i], 3, TEX_WRAP_CLAMP_EDGE, &o) && o == edge[i], "CLAMP_EDGE %lld -> %u", (long long)ts[i], o);
        CHECK(tmu_wrap(ts[i], 3, TEX_WRAP_CLAMP_ZERO, &o) == zin[i], "CLAMP_ZERO %lld", (long long)ts[i]);
        CHECK(tmu_wrap(ts[i], 3, TEX_WRAP_MIRROR, &o) && o == mir[i], "MIRROR %lld -> %u", (long long)ts[i], o);
    }
    uint32_t o;
    CHECK(tmu_wrap(-1000000007LL, 10, TEX_WRAP_REPEAT, &o) && o == 1024u - (1000000007u % 1024u), "REPEAT far negative");
    CHECK(tmu_wrap(5, 0, TEX_WRAP_MIRROR, &o) && o == 0, "1-texel level");
}

/* index texture: texel (x, y) has R4 = x, G4 = y, B4 = 15, A4 = 15 (8x8 RGBA4444) */
static void index_texture(uint32_t *img, unsigned w, unsigned h)
{
    for (unsigned y = 0; y < h; y++) {
        for (unsigned x = 0; x < w; x++) {
            img[y * w + x] = rgba8((x & 15u) * 17u, (y & 15u) * 17u, 255, 255);
        }
    }
}

static uint32_t index_px(int64_t x, int64_t y) { return exp565(rgba8((unsigned)(x & 15) * 17u, (unsigned)(y & 15) * 17u, 255, 0)); }

static int64_t wrap_ref(int64_t t, int64_t n, unsigned mode, int *zero)
{
    *zero = 0;
    if (mode == TEX_WRAP_REPEAT) {
        return ((t % n) + n) % n;
    }
    if (mode == TEX_WRAP_CLAMP_EDGE) {
        return t < 0 ? 0 : (t >= n ? n - 1 : t);
    }
    if (mode == TEX_WRAP_CLAMP_ZERO) {
        *zero = t < 0 || t >= n;
        return t;
    }
    const int64_t p = ((t % (2 * n)) + 2 * n) % (2 * n);
    return p < n ? p : 2 * n - 1 - p;
}

/* U from -3 to 3 over 96 pixels (2 pixels per texel of 8; pixel centres at quarter texels),
 * each mode on U, then on V */
static void test_wrap_draw(void)
{
    ctx_t c = open_ctx();
    uint32_t img[64];
    index_texture(img, 8, 8);
    upload_img(&c, 0, img, 3, 3, TEXA);
    gpu_write(REG_TEX0_BASE, TEXA);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 3, 3, 0, 1));
    for (unsigned mode = 0; mode < 4; mode++) {
        gpu_write(REG_TEX0_WRAP, mode | TEX_WRAP_REPEAT << 2);
        const unsigned oy = 20 + 20 * mode;
        quad(0, 0, oy, 96, oy + 8, -3, 0.3, 3, 0.3, 0.25); /* v = 0.3: row 2 */
        int bad = 0;
        for (unsigned x = 0; x < 96; x++) {
            const double u8 = -24.0 + (x + 0.5) / 2.0;
            int z;
            const int64_t tx = wrap_ref((int64_t)floor(u8), 8, mode, &z);
            const uint32_t want = z ? 0u : index_px(tx, 2);
            bad += fb(c.m, x, oy + 4) != want;
        }
        CHECK(bad == 0, "wrap mode %u on U: %d pixels differ", mode, bad);
    }
    /* V: a quad whose V runs from -3 to 3 downwards over 96 rows, U = 0.3 (column 2) */
    for (unsigned mode = 0; mode < 4; mode++) {
        gpu_write(REG_TEX0_WRAP, (mode << 2) | TEX_WRAP_REPEAT);
        const unsigned ox = 300 + 20 * mode;
        quad(0, ox, 100, ox + 8, 196, 0.3, -3, 0.3, 3, 0.25);
        int bad = 0;
        for (unsigned y = 0; y < 96; y++) {
            const double v8 = -24.0 + (y + 0.5) / 2.0;
            int z;
            const int64_t ty = wrap_ref((int64_t)floor(v8), 8, mode, &z);
            const uint32_t want = z ? 0u : index_px(2, ty);
            if (fb(c.m, ox + 4, 100 + y) != want) {
                bad++;
            }
        }
        CHECK(bad == 0, "wrap mode %u on V: %d pixels differ", mode, bad);
    }
    close_ctx(&c);
}

/* ---- blend chain, Gouraud, flat ---- */
static void test_blend(void)
{
    ctx_t c = open_ctx();
    /* unit 0: (64, 128, 192, 255) -> RGBA4444 can't hold 64; use 0x48CF: R4 4 G4 8 B4 12 A4 15 =
     * (68, 136, 204, 255), 10-bit 273, 546, 819, 1023. unit 1: 0x24FF = (34, 68, 255, 255), 10-bit
     * 136, 273, 1023, 1023. unit 2 unused. */
    upload_solid(&c, 0x48CF, TEXA);
    upload_solid(&c, 0x24FF, TEXA + 0x1000);
    upload_solid(&c, 0xFFFF, TEXA + 0x2000);
    gpu_write(REG_TEX0_BASE, TEXA);
    gpu_write(REG_TEX1_BASE, TEXA + 0x1000);
    gpu_write(REG_TEX2_BASE, TEXA + 0x2000);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 3, 3, 0, 1));
    gpu_write(REG_TEX1_FMT, texenc_fmt(1, 0, 3, 3, 0, 1));
    gpu_write(REG_TEX0_BLEND, 3); /* ignored: unit 0 starts the chain */
    /* ADD: 409, 819, 1023 (sat); SUB: 137, 273, 0; INV_SUB: 0, 0, 204; MULTIPLY: 273*136/1023 =
     * 36.3, 546*273/1023 = 145.7, 819*1023/1023 = 819 */
    const uint32_t want[4] = {p565(36, 145, 819), p565(409, 819, 1023), p565(137, 273, 0), p565(0, 0, 204)};
    for (unsigned f = 0; f < 4; f++) {
        gpu_write(REG_TEX1_BLEND, f);
        quad_all(10 + 20 * f, 10, 26 + 20 * f, 26, 0, 0, 1, 1);
        CHECK(fb(c.m, 18 + 20 * f, 18) == want[f], "blend func %u: %04X, want %04X", f, fb(c.m, 18 + 20 * f, 18),
              want[f]);
    }
    /* unit 1 disabled: the chain is unit 0 alone */
    gpu_write(REG_TEX1_FMT, 0);
    quad_all(10, 40, 26, 56, 0, 0, 1, 1);
    CHECK(fb(c.m, 18, 48) == p565(273, 546, 819), "disabled unit skipped");
    /* only unit 1 and 2... unit 0 off, unit 1 off, unit 2 (white) with SUBTRACT: starts the chain, blend ignored */
    gpu_write(REG_TEX0_FMT, 0);
    gpu_write(REG_TEX2_FMT, texenc_fmt(1, 0, 3, 3, 0, 1));
    gpu_write(REG_TEX2_BLEND, 2);
    quad_all(30, 40, 46, 56, 0, 0, 1, 1);
    CHECK(fb(c.m, 38, 48) == p565(1023, 1023, 1023), "first enabled unit starts the chain");
    /* units 0 and 2 (unit 1 off): 0 then 2 with MULTIPLY by white = unit 0 */
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 3, 3, 0, 1));
    gpu_write(REG_TEX2_BLEND, 0);
    quad_all(50, 40, 66, 56, 0, 0, 1, 1);
    CHECK(fb(c.m, 58, 48) == p565(273, 546, 819), "0 -> 2 with 1 disabled, x white = unit 0");
    /* flat (GOURAUD = 0): the vertex colour is not applied */
    gpu_write(REG_TEX2_FMT, 0);
    gpu_write(REG_COLOR, PACK_RGBA(255, 0, 0, 255));
    quad_all(70, 40, 86, 56, 0, 0, 1, 1);
    CHECK(fb(c.m, 78, 48) == p565(273, 546, 819), "flat + textured: texture colour only");
    /* GOURAUD with white: unchanged; with (128, 128, 128): 273*514/1023 = 137.2, 546*514/1023 =
     * 274.3, 819*514/1023 = 411.5 */
    gpu_write(REG_TRI_MODE, 1);
    gpu_write(REG_COLOR, 0xFFFFFFFF);
    quad_all(90, 40, 106, 56, 0, 0, 1, 1);
    CHECK(fb(c.m, 98, 48) == p565(273, 546, 819), "GOURAUD x white");
    gpu_write(REG_COLOR, PACK_RGBA(128, 128, 128, 255));
    quad_all(110, 40, 126, 56, 0, 0, 1, 1);
    CHECK(fb(c.m, 118, 48) == p565(137, 274, 411), "GOURAUD x grey: %04X", fb(c.m, 118, 48));
    /* no unit enabled: the vertex colour as before */
    gpu_write(REG_TEX0_FMT, 0);
    quad_all(130, 40, 146, 56, 0, 0, 1, 1);
    CHECK(fb(c.m, 138, 48) == exp565(rgba8(128, 128, 128, 0)), "untextured");
    close_ctx(&c);
}

/* ---- BC1 through the pipeline, both modes, transparent texels ---- */
static void test_bc1_draw(void)
{
    ctx_t c = open_ctx();
    /* 8x8 BC1: 4 blocks; block 0 four-colour red/blue with indices 0,1,2,3 per row; block 1
     * three-colour (c0 = blue < c1 = red) with indices 3,2,1,0; blocks 2, 3 the same again */
    const uint8_t b4[8] = {0x00, 0xF8, 0x1F, 0x00, 0xE4, 0xE4, 0xE4, 0xE4};
    const uint8_t b3[8] = {0x1F, 0x00, 0x00, 0xF8, 0x1B, 0x1B, 0x1B, 0x1B};
    uint8_t tex[32];
    memcpy(tex, b4, 8);
    memcpy(tex + 8, b3, 8);
    memcpy(tex + 16, b4, 8);
    memcpy(tex + 24, b3, 8);
    texenc_upload(c.d, TEXA, tex, 32);
    gpu_write(REG_TEX0_BASE, TEXA);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 1, 3, 3, 0, 1));
    quad(0, 0, 0, 16, 16, 0, 0, 1, 1, 0.5); /* 2 pixels per texel */
    const uint32_t four[4] = {rgba8(255, 0, 0, 0), rgba8(0, 0, 255, 0), rgba8(170, 0, 85, 0), rgba8(85, 0, 170, 0)};
    const uint32_t three[4] = {0, rgba8(128, 0, 128, 0), rgba8(255, 0, 0, 0), rgba8(0, 0, 255, 0)};
    int bad = 0;
    for (unsigned ty = 0; ty < 8; ty++) {
        for (unsigned tx = 0; tx < 8; tx++) {
            const uint32_t want = exp565(tx < 4 ? four[tx & 3] : three[tx & 3]);
            bad += fb(c.m, 2 * tx, 2 * ty) != want;
        }
    }
    CHECK(bad == 0, "BC1 8x8 both modes: %d texels differ", bad);
    /* alpha of a transparent texel through swizzle AAA1: RGB = alpha = 0 for index 3 of mode 3 */
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 1, 3, 3, 0xA, 1));
    quad(0, 20, 0, 36, 16, 0, 0, 1, 1, 0.5);
    CHECK(fb(c.m, 20 + 8, 0) == 0 && fb(c.m, 20 + 10, 0) == exp565(rgba8(255, 255, 255, 0)),
          "BC1 alpha: transparent 0, opaque 255");
    close_ctx(&c);
}

/* ---- smallest, largest and non-square sizes; both formats ---- */
static void check_index_row(ctx_t *c, unsigned fmt, unsigned wl, unsigned hl, const char *what)
{
    const unsigned w = 1u << wl, h = 1u << hl;
    uint32_t *img = calloc((size_t)w * h, 4);
    index_texture(img, w, h);
    if (fmt == TEXENC_BC1) { /* BC1 cannot hold the index pattern exactly: a texture of 4 colours per block */
        for (unsigned y = 0; y < h; y++) {
            for (unsigned x = 0; x < w; x++) {
                img[y * w + x] = (x & 1) ? rgba8(255, 255, 255, 255) : rgba8(0, 0, 0, 255);
            }
        }
    }
    upload_img(c, fmt, img, wl, hl, TEXA);
    gpu_write(REG_TEX0_BASE, TEXA);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, fmt, wl, hl, 0, 1));
    /* one screen row of 512 pixels over U in [0, 1): texel floor((x + 0.5) * w / 512), V at row h/2 + 0.5 */
    const double v = (h / 2 + 0.5) / h;
    quad(0, 0, 200, 512, 204, 0, v, 1, v, 0.5);
    int bad = 0;
    for (unsigned x = 0; x < 512; x++) {
        const double ut = (x + 0.5) * w / 512.0;
        if (fabs(ut - floor(ut + 0.5)) < 1e-3 && w > 512) {
            continue; /* exactly on a texel edge: either side is right */
        }
        const unsigned tx = (unsigned)floor(ut);
        const uint32_t want = fmt == TEXENC_BC1 ? exp565((tx & 1) ? rgba8(255, 255, 255, 0) : 0)
                                                 : index_px(tx, h / 2);
        bad += fb(c->m, x, 202) != want;
    }
    CHECK(bad == 0, "%s: %d of 512 pixels differ", what, bad);
    free(img);
}

static void test_sizes(void)
{
    ctx_t c = open_ctx();
    check_index_row(&c, 0, 3, 3, "RGBA4444 8x8");
    check_index_row(&c, 0, 10, 10, "RGBA4444 1024x1024");
    check_index_row(&c, 0, 10, 3, "RGBA4444 1024x8");
    check_index_row(&c, 0, 3, 10, "RGBA4444 8x1024");
    check_index_row(&c, 1, 3, 3, "BC1 8x8");
    check_index_row(&c, 1, 10, 10, "BC1 1024x1024");
    check_index_row(&c, 1, 9, 4, "BC1 512x16");
    close_ctx(&c);
}

/* ---- mip chain addresses and level selection ---- */
static void test_mip_chain(void)
{
    /* ADDENDUM 3: 256x256 BC1, 9 levels */
    const uint32_t off[9] = {0x0, 0x8000, 0xA000, 0xA800, 0xAA00, 0xAA80, 0xAAA0, 0xAAA8, 0xAAB0};
    tex_state_t t = tex_state_decode(0, 0x00900883, 0, 0, 0);
    for (unsigned i = 0; i < 9; i++) {
        CHECK(tmu_level_offset(&t, i) == off[i], "BC1 level %u offset %X", i, tmu_level_offset(&t, i));
    }
    CHECK(texenc_chain_bytes(1, 8, 8, 9) == 43704, "BC1 chain 43,704 bytes");
    /* RGBA4444 256x256: 131072, 32768, 8192, 2048, 512, 128 (8x8), 32 (4x4), 32 (2x2), 32 (1x1) */
    tex_state_t r = tex_state_decode(0, texenc_fmt(1, 0, 8, 8, 0, 9), 0, 0, 0);
    CHECK(tmu_level_offset(&r, 8) == 131072 + 32768 + 8192 + 2048 + 512 + 128 + 32 + 32, "RGBA4444 level 8");
    /* non-square 1024x8: levels 1024x8, 512x4, 256x2 (64 blocks: one row), 128x1 */
    tex_state_t n = tex_state_decode(0, texenc_fmt(1, 0, 10, 3, 0, 11), 0, 0, 0);
    CHECK(n.levels == 11 && tmu_level_offset(&n, 3) == 512 * 32 + 128 * 32 + 64 * 32, "non-square chain");
}

/* a 256x256 RGBA4444 chain whose level i is one colour: R4 = i, G4 = 15 - i */
static void upload_level_colours(ctx_t *c)
{
    for (unsigned i = 0; i < 9; i++) {
        tex_state_t t = tex_state_decode(TEXA, texenc_fmt(1, 0, 8, 8, 0, 9), 0, 0, 0);
        const size_t bytes = texenc_level_bytes(0, 8, 8, i);
        const uint16_t v = (uint16_t)(i << 12 | (15u - i) << 8 | 0x0F);
        gpu_dev_write(c->d, REG_MEM_ADDR, TEXA + tmu_level_offset(&t, i));
        for (size_t k = 0; k < bytes; k += 4) {
            gpu_dev_write(c->d, REG_MEM_DATA, (uint32_t)v | (uint32_t)v << 16);
        }
    }
}

static uint32_t level_px(unsigned i) { return exp565(rgba8(i * 17u, (15u - i) * 17u, 0, 0)); }

static void test_mip_select(void)
{
    ctx_t c = open_ctx();
    upload_level_colours(&c);
    gpu_write(REG_TEX0_BASE, TEXA);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 8, 8, 0, 9));
    /* a quad W pixels wide and high showing U, V in [0, 1): 256 / W texels per pixel, lod = log2(256 / W) */
    const unsigned ws[9] = {256, 128, 64, 32, 16, 8, 4, 2, 1};
    /* bias in quarters: 0, +1.0 (one level up, clamped at 8), -1.0 (one down, clamped at 0),
     * +0.5 (rounds half up: one up), +0.25 (stays) */
    const int biases[5] = {0, 4, -4, 2, 1};
    const int dl[5] = {0, 1, -1, 1, 0};
    /* one quad at a time at the same place, checked right after it is drawn */
    for (unsigned b = 0; b < 5; b++) {
        gpu_write(REG_TEX0_MIP_BIAS, (uint8_t)(int8_t)biases[b]);
        for (unsigned i = 0; i < 9; i++) {
            quad(0, 0, 0, ws[i], ws[i], 0, 0, 1, 1, 0.5);
            int want = (int)i + dl[b];
            want = want < 0 ? 0 : (want > 8 ? 8 : want);
            CHECK(fb(c.m, ws[i] / 2, ws[i] / 2) == level_px((unsigned)want) && fb(c.m, 0, 0) == level_px((unsigned)want),
                  "W %u bias %d/4: level %d expected, pixel %04X", ws[i], biases[b], want, fb(c.m, ws[i] / 2, ws[i] / 2));
        }
    }
    /* magnification (4 pixels per texel): level 0 */
    gpu_write(REG_TEX0_MIP_BIAS, 0);
    quad(0, 0, 0, 600, 400, 0, 0, 0.5, 0.5, 0.5);
    CHECK(fb(c.m, 300, 200) == level_px(0), "magnification: level 0");
    /* 1 pixel showing 4 x 4 repeats: lod 10, clamped to the last level (8) */
    quad(0, 0, 0, 2, 2, 0, 0, 2, 2, 0.25);
    CHECK(fb(c.m, 0, 0) == level_px(8) && fb(c.m, 1, 1) == level_px(8), "lod beyond the chain: last level");
    /* MIP_LEVELS 15 on a 256x256 texture behaves as 9; MIP_LEVELS 3 stops at level 2 */
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 8, 8, 0, 15));
    quad(0, 0, 0, 4, 4, 0, 0, 1, 1, 0.5);
    CHECK(fb(c.m, 2, 2) == level_px(6), "MIP_LEVELS 15 -> 9 levels, W 4 -> level 6");
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 8, 8, 0, 3));
    quad(0, 0, 0, 4, 4, 0, 0, 1, 1, 0.5);
    CHECK(fb(c.m, 2, 2) == level_px(2), "MIP_LEVELS 3: clamped at level 2");
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 8, 8, 0, 1));
    quad(0, 0, 0, 4, 4, 0, 0, 1, 1, 0.5);
    CHECK(fb(c.m, 2, 2) == level_px(0), "MIP_LEVELS 1: level 0");
    close_ctx(&c);
}

/* ---- the cache rule ---- */
static void test_cache_rule(void)
{
    ctx_t c = open_ctx();
    upload_solid(&c, 0xF00F, TEXA); /* red */
    gpu_write(REG_TEX0_BASE, TEXA);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 3, 3, 0, 1));
    quad(0, 0, 0, 16, 16, 0, 0, 1, 1, 0.5); /* 256 fragments over the 4 blocks */
    uint64_t h, mi;
    gpu_model_tex_stats(c.m, 0, &h, &mi);
    CHECK(mi == 4 && h == 252, "first draw: 4 misses (one per block), 252 hits (got %llu, %llu)",
          (unsigned long long)mi, (unsigned long long)h);
    const uint32_t red = exp565(rgba8(255, 0, 0, 0)), green = exp565(rgba8(0, 255, 0, 0));
    CHECK(fb(c.m, 8, 8) == red, "red");
    upload_solid(&c, 0x0F0F, TEXA); /* memory now green */
    quad(0, 20, 0, 36, 16, 0, 0, 1, 1, 0.5);
    CHECK(fb(c.m, 28, 8) == red, "texture memory rewritten: the cached (old) texels are still used");
    gpu_write(REG_TEX0_WRAP, 5); /* not BASE/FMT: no invalidation */
    gpu_write(REG_TEX0_BLEND, 1);
    gpu_write(REG_TEX0_MIP_BIAS, 1);
    quad(0, 40, 0, 56, 16, 0, 0, 1, 1, 0.5);
    CHECK(fb(c.m, 48, 8) == red, "WRAP/BLEND/MIP_BIAS writes keep the cache");
    gpu_write(REG_TEX0_BASE, TEXA); /* the same value: still a write */
    quad(0, 60, 0, 76, 16, 0, 0, 1, 1, 0.5);
    CHECK(fb(c.m, 68, 8) == green, "TEX0_BASE written: the new texels");
    upload_solid(&c, 0x00FF, TEXA); /* blue */
    gpu_write(REG_TEX1_FMT, 0);     /* another unit's FMT: unit 0 keeps its cache */
    quad(0, 80, 0, 96, 16, 0, 0, 1, 1, 0.5);
    CHECK(fb(c.m, 88, 8) == green, "TEX1_FMT does not invalidate unit 0");
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 3, 3, 0, 1));
    quad(0, 100, 0, 116, 16, 0, 0, 1, 1, 0.5);
    CHECK(fb(c.m, 108, 8) == exp565(rgba8(0, 0, 255, 0)), "TEX0_FMT written: the new texels");
    gpu_model_tex_stats(c.m, 0, &h, &mi);
    CHECK(mi == 12 && h == 6 * 256 - 12, "6 draws, 3 of them after an invalidation: 12 misses (got %llu, %llu)",
          (unsigned long long)mi, (unsigned long long)h);
    close_ctx(&c);
}

/* the cache alone: FIFO replacement in one set */
static uint32_t fake_rd(const void *ctx, uint32_t addr) { return *(const uint32_t *)ctx ^ addr; }

static void test_cache_fifo(void)
{
    static tmu_cache_t cc;
    tmu_cache_invalidate(&cc);
    cc.hits = cc.misses = 0;
    uint32_t salt = 0x10001;
    /* five blocks in set 3: A B C D fill ways 0-3, E evicts A, then A evicts B */
    const uint32_t addr[5] = {0x1000, 0x2000, 0x3000, 0x4000, 0x5000};
    for (unsigned i = 0; i < 4; i++) {
        tex_req_t q = {.block_addr = addr[i], .texel = 0, .set = 3};
        (void)tmu_cache_texel(&cc, TEX_FMT_RGBA4444, &q, fake_rd, &salt);
    }
    CHECK(cc.misses == 4 && cc.hits == 0, "4 fills");
    salt = 0x20002; /* memory changes: cached blocks keep the old data */
    tex_req_t qa = {.block_addr = addr[0], .texel = 0, .set = 3};
    const uint32_t old = tmu_decode_rgba4444((uint16_t)(0x10001u ^ addr[0]));
    CHECK(tmu_cache_texel(&cc, TEX_FMT_RGBA4444, &qa, fake_rd, &salt) == old && cc.hits == 1, "A hits, old data");
    tex_req_t qe = {.block_addr = addr[4], .texel = 0, .set = 3};
    (void)tmu_cache_texel(&cc, TEX_FMT_RGBA4444, &qe, fake_rd, &salt); /* evicts A (way 0, FIFO) */
    const uint32_t newa = tmu_decode_rgba4444((uint16_t)(0x20002u ^ addr[0]));
    CHECK(tmu_cache_texel(&cc, TEX_FMT_RGBA4444, &qa, fake_rd, &salt) == newa && cc.misses == 6,
          "A evicted by E (FIFO, not LRU): refetched");
    tex_req_t qc = {.block_addr = addr[2], .texel = 0, .set = 3};
    const uint32_t oldc = tmu_decode_rgba4444((uint16_t)(0x10001u ^ addr[2]));
    CHECK(tmu_cache_texel(&cc, TEX_FMT_RGBA4444, &qc, fake_rd, &salt) == oldc, "C still cached (old data)");
    tex_req_t qb = {.block_addr = addr[1], .texel = 0, .set = 3};
    const uint32_t newb = tmu_decode_rgba4444((uint16_t)(0x20002u ^ addr[1]));
    CHECK(tmu_cache_texel(&cc, TEX_FMT_RGBA4444, &qb, fake_rd, &salt) == newb, "B evicted by A's refill");
}

/* ---- the reciprocal against double precision, every input ---- */
static void test_recip(void)
{
    double worst = 0;
    for (uint32_t m = 1u << 16; m < 1u << 17; m++) {
        const double e = fabs((double)tmu_recip(m) - 8589934592.0 / m);
        worst = e > worst ? e : worst;
    }
    printf("tmu_recip: max |r - 2^33/m| = %.4f units of r's last bit (2^-17 relative at most)\n", worst);
    CHECK(worst < 0.86, "reciprocal within 0.86 ulp (got %.4f)", worst);
    CHECK(tmu_recip(1u << 16) == 1u << 17, "1/1.0");
}

/* ---- Q <= 0: defined, no hang ---- */
static void test_q_nonpositive(void)
{
    ctx_t c = open_ctx();
    uint32_t img[64];
    index_texture(img, 8, 8);
    upload_img(&c, 0, img, 3, 3, TEXA);
    gpu_write(REG_TEX0_BASE, TEXA);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 3, 3, 0, 1));
    gpu_write(REG_UV0, 0); /* UQ = VQ = Q = 0 at every vertex: qc = 1, U = V = 0: texel (0, 0) */
    gpu_write(REG_VERTEX, PACK_XYZ(0, 0, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(30, 0, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(0, 30, 0));
    CHECK(fb(c.m, 5, 5) == index_px(0, 0), "Q = 0: texel (0, 0)");
    /* negative Q everywhere, UQ > 0: qc = 1, U huge positive; CLAMP_TO_EDGE -> last column */
    gpu_write(REG_TEX0_WRAP, 1 | 1 << 2);
    gpu_write(REG_UV0, PACK_UVQ(-0.5, -0.5, -0.5));
    gpu_write(REG_VERTEX, PACK_XYZ(40, 0, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(70, 0, 0));
    gpu_write(REG_VERTEX, PACK_XYZ(40, 30, 0));
    CHECK(fb(c.m, 45, 5) == index_px(7, 7), "Q < 0: as Q = 2^-27, U = UQ * 2^27: clamped to the edge");
    close_ctx(&c);
}

/* ---- perspective: a floor receding to the horizon ---- */
static void test_perspective(void)
{
    ctx_t c = open_ctx();
    uint32_t img[64];
    index_texture(img, 8, 8);
    upload_img(&c, 0, img, 3, 3, TEXA);
    gpu_write(REG_TEX0_BASE, TEXA);
    gpu_write(REG_TEX0_FMT, texenc_fmt(1, 0, 3, 3, 0, 1));
    /* far edge y = 100, x 270..370, q = 0.125; near edge y = 400, x 20..620, q = 0.75 (widths in
     * the ratio of q: one plane in perspective) */
    const double qf = 0.125, qn = 0.75;
    const double X[4] = {270, 370, 620, 20}, Y[4] = {100, 100, 400, 400};
    const double U[4] = {0, 1, 1, 0}, V[4] = {0, 0, 1, 1}, Q[4] = {qf, qf, qn, qn};
    const int tri[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++) {
        const int k = tri[i];
        gpu_write(REG_UV0, PACK_UVQ(U[k], V[k], Q[k]));
        gpu_write(REG_VERTEX, PACK_XYZ(X[k], Y[k], 0));
    }
    /* exact projective mapping: Q and VQ depend on y only, UQ = a (x - 270) + b (y - 100) */
    const double a = qf / 100.0, b = a * 250.0 / 300.0;
    unsigned rows = 0, straight = 0, px = 0, bad = 0, near_edge = 0;
    int prev_row_t = -1, monotone = 1;
    for (unsigned y = 101; y < 400; y++) {
        const double t = (y + 0.5 - 100.0) / 300.0;
        const double q = qf + (qn - qf) * t, vq = qn * t;
        const double v8 = 8.0 * vq / q;
        int row_t = -1, row_ok = 1, any = 0;
        for (unsigned x = 0; x < 640; x++) {
            const uint32_t w = fb(c.m, x, y);
            if (w == 0) {
                continue; /* not covered (every texel has B = 255) */
            }
            any = 1;
            const double uq = a * (x + 0.5 - 270.0) + b * (y + 0.5 - 100.0);
            const double u8 = 8.0 * uq / q;
            if (fabs(u8 - floor(u8 + 0.5)) < 0.02 || fabs(v8 - floor(v8 + 0.5)) < 0.02) {
                near_edge++;
                continue;
            }
            px++;
            const int tx = (int)floor(u8), ty = (int)floor(v8);
            if (w != index_px(tx < 0 ? 0 : (tx > 7 ? 7 : tx), ty)) {
                bad++;
            }
            /* structural: every pixel of a row shows the same texel row */
            const int wy = (int)((w >> 5) & 63u);
            if (row_t < 0) {
                row_t = wy;
            } else if (wy != row_t) {
                row_ok = 0;
            }
        }
        if (any) {
            rows++;
            straight += row_ok;
            if (row_t >= 0 && fabs(v8 - floor(v8 + 0.5)) >= 0.02) {
                monotone &= row_t >= prev_row_t;
                prev_row_t = row_t;
            }
        }
    }
    printf("perspective quad: %u rows, %u pixels checked (%u within 0.02 texel of an edge skipped), %u differ\n", rows,
           px, near_edge, bad);
    CHECK(rows == 299 && straight == rows, "texel rows straight (%u of %u rows)", straight, rows);
    CHECK(bad == 0, "perspective-correct texels: %u pixels differ from exact projective mapping", bad);
    CHECK(monotone, "texel rows advance monotonically towards the viewer");
    close_ctx(&c);
}

/* ---- host helpers: encoders ---- */
static void test_texenc(void)
{
    CHECK(texenc_rgba4444(rgba8(0x11, 0x22, 0x33, 0x44)) == 0x1234, "RGBA4444 of exact values");
    CHECK(texenc_rgba4444(rgba8(8, 9, 255, 0)) == ((0u << 12) | (1u << 8) | (15u << 4)), "RGBA4444 rounding");
    uint32_t px[16];
    for (unsigned i = 0; i < 16; i++) {
        px[i] = (i & 1) ? rgba8(255, 0, 0, 255) : rgba8(0, 0, 255, 255);
    }
    uint8_t blk[8];
    texenc_bc1_block(px, blk);
    uint32_t out[16];
    tmu_decode_block(TEX_FMT_BC1, blk, out);
    int ok = 1;
    for (unsigned i = 0; i < 16; i++) {
        ok &= out[i] == px[i];
    }
    CHECK(ok, "BC1 encoder: two exact 565 colours round-trip");
    px[5] = 0; /* transparent texel: three-colour mode */
    texenc_bc1_block(px, blk);
    tmu_decode_block(TEX_FMT_BC1, blk, out);
    CHECK(out[5] == 0 && out[4] == px[4] && out[7] == px[7], "BC1 encoder: transparent texel");
    for (unsigned i = 0; i < 16; i++) {
        px[i] = rgba8(200, 100, 50, 255);
    }
    texenc_bc1_block(px, blk);
    tmu_decode_block(TEX_FMT_BC1, blk, out);
    CHECK((blk[0] | blk[1] << 8) > (blk[2] | blk[3] << 8), "one colour: four-colour mode");
    /* chain: 8x8 of one colour gives every level that colour */
    uint32_t img[64], scratch[32];
    for (unsigned i = 0; i < 64; i++) {
        img[i] = rgba8(0x11, 0x22, 0x33, 0xFF);
    }
    uint8_t chain[32 * 4 + 32 * 3];
    const size_t n = texenc_chain(0, img, 3, 3, 4, chain, scratch);
    CHECK(n == texenc_chain_bytes(0, 3, 3, 4) && n == 128 + 32 + 32 + 32, "chain bytes 8x8 x 4 levels");
    CHECK(chain[128] == 0x3F && chain[129] == 0x12 && chain[n - 2] == 0x3F, "chain levels of one colour");
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        printf("usage: test_tex_model\n  Directed tests of the texture units on the reference model; no options.\n"
               "  Exit status 0 when every check passes.\n");
        return (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) ? 0 : 2;
    }
    test_fmt_decode();
    test_decode();
    test_swizzle_fn();
    test_swizzle_draw();
    test_wrap_fn();
    test_wrap_draw();
    test_blend();
    test_bc1_draw();
    test_sizes();
    test_mip_chain();
    test_mip_select();
    test_cache_rule();
    test_cache_fifo();
    test_recip();
    test_q_nonpositive();
    test_perspective();
    test_texenc();
    printf("test_tex_model: %d checks, %d failed\n", g_checks, g_fail);
    return g_fail ? 1 : 0;
}
