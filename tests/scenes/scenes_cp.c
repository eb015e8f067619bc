/* Command-processor scenes (seed 004, docs/command.md): packets through CP_CMD on the model,
 * the RTL, or both. Every read goes through the device, so under the testbench's tee the model
 * and the RTL must answer alike; memory is compared at the end. Each scene also checks what it
 * can derive by itself (the expected status of every packet it built, the words it wrote). */
#include "gpu_cmd.h"
#include "gpu_cmd_defs.h"
#include "scene.h"
#include "simt_asm.h"
#include <stdio.h>
#include <string.h>

#define CP_AREA 0x400000u   /* scratch memory of these scenes, above the default buffers */
#define FB_BYTES (640u * 480u * 4u)

static uint32_t cp_status_of(uint8_t slot)
{
    uint32_t v = 0;
    (void)gpu_cmd_slot(gpu_selected(), slot, &v);
    return v >> 24;
}

static int expect(scene_ctx_t *c, const char *what, uint64_t got, uint64_t want)
{
    if (got == want || c->msg[0]) {
        return got == want;
    }
    snprintf(c->msg, sizeof(c->msg), "%s: read 0x%llX, expected 0x%llX", what, (unsigned long long)got,
             (unsigned long long)want);
    return 0;
}

/* one packet with EMIT into its own slot; returns the status the slot then holds */
static uint32_t cp_send(uint8_t op, uint8_t flags, uint8_t slot, uint8_t len, uint32_t a0, uint32_t a1, uint32_t a2,
                        const uint32_t *pay, unsigned npay)
{
    gpu_cmd_hdr_t h = {.opcode = op, .flags = (uint8_t)(flags | GPU_CMDF_EMIT), .rdst = slot, .len = len,
                       .arg0 = a0, .arg1 = a1, .arg2 = a2};
    (void)gpu_cmd_send(gpu_selected(), &h, pay, npay);
    return cp_status_of(slot);
}

/* ---------------------------------------------------------------- directed */

static uint32_t g_fill_word, g_blit_src[4][6], g_words[9], g_sprite[3][5], g_under[3][5], g_alpha, g_fill2;
static const uint32_t pay_key2[2] = {0x1F81Fu, 0};

void scene_cp_ops(scene_ctx_t *c)
{
    gpu_write(REG_CP_IRQ_MASK, 3);
    uint32_t words[9];
    for (unsigned i = 0; i < 9; i++) {
        words[i] = scene_rand(c);
        g_words[i] = words[i];
    }
    /* WRITE_MEM (odd length), READ_MEM back through the pipe */
    expect(c, "WRITE_MEM status", cp_send(GPU_CMD_WRITE_MEM, GPU_CMDF_PAYLOAD, 1, 9, CP_AREA, 0, 0, words, 9),
           GPU_CMDE_OK);
    expect(c, "READ_MEM status", cp_send(GPU_CMD_READ_MEM, 0, 2, 9, CP_AREA, 0, 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "CP_STATUS.PIPE_COUNT", gpu_read(REG_CP_STATUS) & 0x1FF, 9);
    for (unsigned i = 0; i < 9; i++) {
        expect(c, "CP_PIPE", gpu_read(REG_CP_PIPE), (1ull << 32) | words[i]);
    }
    expect(c, "CP_PIPE empty", gpu_read(REG_CP_PIPE), 0);
    /* FILL_RECT 5x3, CLEAR_LAYER 4x2 over part of it, BLIT 6x4 elsewhere, COPY_BUFFER */
    g_fill_word = scene_rand(c);
    expect(c, "FILL_RECT", cp_send(GPU_CMD_FILL_RECT, 0, 3, 0, CP_AREA + 0x10000, (3u << 16) | 5, g_fill_word, NULL, 0),
           GPU_CMDE_OK);
    expect(c, "CLEAR_LAYER",
           cp_send(GPU_CMD_CLEAR_LAYER, 0, 4, 0, CP_AREA + 0x10000 + 2560 + 4, (2u << 16) | 4, 0xFF336699u, NULL, 0),
           GPU_CMDE_OK);
    for (unsigned y = 0; y < 4; y++) {
        for (unsigned x = 0; x < 6; x++) {
            g_blit_src[y][x] = scene_rand(c);
        }
        gpu_write(REG_MEM_ADDR, CP_AREA + 0x20000 + y * 2560);
        for (unsigned x = 0; x < 6; x++) {
            gpu_write(REG_MEM_DATA, g_blit_src[y][x]);
        }
    }
    expect(c, "BLIT", cp_send(GPU_CMD_BLIT, 0, 5, 0, CP_AREA + 0x30000 + 8, CP_AREA + 0x20000, (4u << 16) | 6, NULL, 0),
           GPU_CMDE_OK);
    expect(c, "COPY_BUFFER", cp_send(GPU_CMD_COPY_BUFFER, 0, 6, 9, CP_AREA + 0x40000, CP_AREA, 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "BARRIER", cp_send(GPU_CMD_BARRIER, GPU_CMDF_IRQ, 7, 0, 0, 0, 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "IRQ DONE", gpu_read(REG_CP_IRQ_STATUS), 1);
    gpu_write(REG_CP_IRQ_CLEAR, 1);
    expect(c, "IRQ cleared", gpu_read(REG_CP_IRQ_STATUS), 0);
    /* SET_FB, a triangle into it, SWAP_FB */
    expect(c, "SET_FB", cp_send(GPU_CMD_SET_FB, 0, 8, 0, 0x12C000u, 2560, 1, NULL, 0), GPU_CMDE_OK);
    gpu_write(REG_TRI_MODE, 0);
    gpu_write(REG_COLOR, PACK_RGBA(0xF0, 0x80, 0x10, 0xFF));
    scene_tri16(16 * 16, 16 * 16, 0, 80 * 16, 20 * 16, 0, 30 * 16, 70 * 16, 0);
    expect(c, "FB_DRAW after SET_FB", gpu_read(REG_FB_DRAW), 0x12C000u);
    expect(c, "SWAP_FB", cp_send(GPU_CMD_SWAP_FB, 0, 9, 0, 0x12C000u, 0, 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "FB_DISPLAY after SWAP_FB", gpu_read(REG_FB_DISPLAY), 0x12C000u);
    expect(c, "FB_DRAW after SWAP_FB", gpu_read(REG_FB_DRAW), 0);
    /* a FILL_RECT right after a triangle over the same pixels: the triangle first */
    scene_tri16(0, 0, 0, 40 * 16, 0, 0, 0, 40 * 16, 0);
    expect(c, "FILL after triangle", cp_send(GPU_CMD_FILL_RECT, 0, 10, 0, 10 * 4 + 10 * 2560, (8u << 16) | 8, 0x1234, NULL, 0),
           GPU_CMDE_OK);
    /* SPRITE_DRAW with and without a key, LAYER_BLEND over a region */
    for (unsigned y = 0; y < 3; y++) {
        gpu_write(REG_MEM_ADDR, CP_AREA + 0x60000 + y * 2560);
        for (unsigned x = 0; x < 5; x++) {
            g_sprite[y][x] = (x + y) % 3 == 0 ? 0xF81Fu : (scene_rand(c) & 0xFFFFu);   /* magenta key */
            gpu_write(REG_MEM_DATA, g_sprite[y][x] | (scene_rand(c) & 0xFFFF0000u));
        }
        gpu_write(REG_MEM_ADDR, CP_AREA + 0x70000 + y * 2560);
        for (unsigned x = 0; x < 5; x++) {
            g_under[y][x] = scene_rand(c);
            gpu_write(REG_MEM_DATA, g_under[y][x]);
        }
    }
    uint32_t key = (1u << 16) | 0xF81Fu;
    expect(c, "SPRITE_DRAW keyed",
           cp_send(GPU_CMD_SPRITE_DRAW, GPU_CMDF_PAYLOAD, 11, 1, CP_AREA + 0x70000, CP_AREA + 0x60000, (3u << 16) | 5,
                   &key, 1),
           GPU_CMDE_OK);
    expect(c, "SPRITE_DRAW plain",
           cp_send(GPU_CMD_SPRITE_DRAW, 0, 12, 0, CP_AREA + 0x78000, CP_AREA + 0x60000, (3u << 16) | 5, NULL, 0),
           GPU_CMDE_OK);
    g_alpha = 0x40u + (scene_rand(c) & 0x7F);
    g_fill2 = scene_rand(c);
    expect(c, "FILL_RECT under the blend",
           cp_send(GPU_CMD_FILL_RECT, 0, 13, 0, CP_AREA + 0x80000, (3u << 16) | 5, g_fill2, NULL, 0), GPU_CMDE_OK);
    uint32_t region = (3u << 16) | 5;
    expect(c, "LAYER_BLEND region",
           cp_send(GPU_CMD_LAYER_BLEND, GPU_CMDF_PAYLOAD, 13, 1, CP_AREA + 0x80000, CP_AREA + 0x60000, g_alpha, &region, 1),
           GPU_CMDE_OK);
    expect(c, "LAYER_BLEND alpha > 1", cp_send(GPU_CMD_LAYER_BLEND, GPU_CMDF_PAYLOAD, 14, 1, CP_AREA, CP_AREA + 0x8000,
                                               0x101, &region, 1),
           GPU_CMDE_BAD_ARG);
    uint32_t badkey = 0x20000u;
    expect(c, "SPRITE_DRAW key bits", cp_send(GPU_CMD_SPRITE_DRAW, GPU_CMDF_PAYLOAD, 15, 1, CP_AREA + 0x70000,
                                              CP_AREA + 0x60000, (1u << 16) | 1, &badkey, 1),
           GPU_CMDE_BAD_ARG);
    expect(c, "SPRITE_DRAW payload length", cp_send(GPU_CMD_SPRITE_DRAW, GPU_CMDF_PAYLOAD, 16, 2, CP_AREA + 0x70000,
                                                    CP_AREA + 0x60000, (1u << 16) | 1, pay_key2, 2),
           GPU_CMDE_BAD_PAYLOAD);
    /* every refusal */
    uint32_t pay[3] = {1, 2, 3};
    expect(c, "BAD_OPCODE", cp_send(0x77, GPU_CMDF_PAYLOAD, 20, 3, 0, 0, 0, pay, 3), GPU_CMDE_BAD_OPCODE);
    expect(c, "UNSUPPORTED", cp_send(GPU_CMD_SET_FB, 0, 21, 0, 0, 1280, 1, NULL, 0), GPU_CMDE_UNSUPPORTED);
    expect(c, "BAD_FLAGS", cp_send(GPU_CMD_BARRIER, 0x40, 22, 0, 0, 0, 0, NULL, 0), GPU_CMDE_BAD_FLAGS);
    expect(c, "BAD_PAYLOAD (READ_MEM with payload)", cp_send(GPU_CMD_READ_MEM, GPU_CMDF_PAYLOAD, 23, 2, CP_AREA, 0, 0, pay, 2),
           GPU_CMDE_BAD_PAYLOAD);
    expect(c, "BAD_PAYLOAD (WRITE_MEM without)", cp_send(GPU_CMD_WRITE_MEM, 0, 24, 2, CP_AREA, 0, 0, NULL, 0),
           GPU_CMDE_BAD_PAYLOAD);
    expect(c, "ALIGN", cp_send(GPU_CMD_FILL_RECT, 0, 25, 0, CP_AREA + 2, (1u << 16) | 1, 0, NULL, 0), GPU_CMDE_ALIGN);
    expect(c, "BAD_ARG", cp_send(GPU_CMD_FILL_RECT, 0, 26, 0, CP_AREA, (1u << 16) | 641, 0, NULL, 0), GPU_CMDE_BAD_ARG);
    expect(c, "RANGE (32-bit wrap)", cp_send(GPU_CMD_READ_MEM, 0, 27, 8, 0xFFFFFFF0u, 0, 0, NULL, 0), GPU_CMDE_RANGE);
    expect(c, "RANGE (end of memory)", cp_send(GPU_CMD_COPY_BUFFER, 0, 28, 2, 0x1FFFFFCu, CP_AREA, 0, NULL, 0),
           GPU_CMDE_RANGE);
    expect(c, "OVERLAP", cp_send(GPU_CMD_COPY_BUFFER, 0, 29, 8, CP_AREA + 16, CP_AREA, 0, NULL, 0), GPU_CMDE_OVERLAP);
    expect(c, "PIPE_FULL", cp_send(GPU_CMD_READ_MEM, 0, 30, 255, CP_AREA, 0, 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "PIPE_FULL", cp_send(GPU_CMD_READ_MEM, 0, 31, 2, CP_AREA, 0, 0, NULL, 0), GPU_CMDE_PIPE_FULL);
    expect(c, "FENCE_UNSET", cp_send(GPU_CMD_BARRIER, GPU_CMDF_WAIT, 200, 0, 0, 0, 0, NULL, 0), GPU_CMDE_FENCE_UNSET);
    expect(c, "WAIT on an emitted slot", cp_send(GPU_CMD_BARRIER, GPU_CMDF_WAIT, 200, 0, 0, 0, 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "SET_FB stride", cp_send(GPU_CMD_SET_FB, 0, 32, 0, 0, 1280, 1, NULL, 0), GPU_CMDE_UNSUPPORTED);
    expect(c, "SET_FB align", cp_send(GPU_CMD_SET_FB, 0, 33, 0, 0x800, 0, 1, NULL, 0), GPU_CMDE_ALIGN);
    /* the window: narrow it, refuse outside, MEM_DATA dropped outside */
    gpu_write(REG_CP_WIN_BASE, CP_AREA);
    gpu_write(REG_CP_WIN_LIMIT, CP_AREA + 0x1000);
    expect(c, "window RANGE", cp_send(GPU_CMD_FILL_RECT, 0, 34, 0, CP_AREA + 0xFFC, (1u << 16) | 2, 0, NULL, 0),
           GPU_CMDE_RANGE);
    expect(c, "window OK", cp_send(GPU_CMD_FILL_RECT, 0, 35, 0, CP_AREA + 0xFF8, (1u << 16) | 2, 7, NULL, 0), GPU_CMDE_OK);
    gpu_write(REG_MEM_ADDR, CP_AREA - 4);
    gpu_write(REG_MEM_DATA, 0xBAD);
    gpu_write(REG_MEM_DATA, 0x600D);
    (void)gpu_read(REG_STATUS);
    gpu_write(REG_MEM_ADDR, CP_AREA - 4);
    (void)gpu_read(REG_MEM_DATA);
    (void)gpu_read(REG_MEM_DATA);
    gpu_write(REG_CP_WIN_BASE, 0);
    gpu_write(REG_CP_WIN_LIMIT, 0x2000000u);
    /* a truncated payload, RESYNC, and the stream decodes again */
    gpu_cmd_hdr_t h = {.opcode = GPU_CMD_WRITE_MEM, .flags = GPU_CMDF_PAYLOAD | GPU_CMDF_EMIT, .rdst = 40, .len = 6,
                       .arg0 = CP_AREA + 0x50000};
    (void)gpu_cmd_send(gpu_selected(), &h, words, 3);
    expect(c, "CP_STATUS.PARTIAL", (gpu_read(REG_CP_STATUS) >> 16) & 1, 1);
    gpu_write(REG_CP_CTRL, 1);
    expect(c, "TRUNCATED", cp_status_of(40), GPU_CMDE_TRUNCATED);
    expect(c, "after RESYNC", cp_send(GPU_CMD_BARRIER, 0, 41, 0, 0, 0, 0, NULL, 0), GPU_CMDE_OK);
    /* the counters */
    (void)gpu_read(REG_CP_FENCE);
    (void)gpu_read(REG_CP_ERROR);
    (void)gpu_read(REG_CP_STATUS);
    expect(c, "IRQ ERROR", gpu_read(REG_CP_IRQ_STATUS), 2);
    /* masked: the cause stays, the pin falls (the testbench compares the pin at every read) */
    gpu_write(REG_CP_IRQ_MASK, 1);
    expect(c, "IRQ ERROR masked", gpu_read(REG_CP_IRQ_STATUS), 2);
    gpu_write(REG_CP_IRQ_MASK, 3);
    gpu_write(REG_CP_SLOT_ADDR, 0);
    for (unsigned i = 0; i < 48; i++) {
        (void)gpu_read(REG_CP_SLOT_DATA);
    }
    (void)gpu_read(REG_CP_SLOT_ADDR);
    gpu_write(REG_CP_CTRL, 2);   /* CLEAR */
    (void)gpu_read(REG_CP_FENCE);
    (void)gpu_read(REG_CP_ERROR);
    expect(c, "slot after CLEAR", cp_status_of(40), 0);
    expect(c, "pipe after CLEAR", gpu_read(REG_CP_STATUS) & 0x1FF, 0);
    gpu_write(REG_CP_IRQ_CLEAR, 3);
}

static uint32_t word_at(const scene_obs_t *o, uint32_t addr)
{
    return (uint32_t)o->mem[addr] | (uint32_t)o->mem[addr + 1] << 8 | (uint32_t)o->mem[addr + 2] << 16 |
           (uint32_t)o->mem[addr + 3] << 24;
}

int check_cp_ops(scene_ctx_t *c, const scene_obs_t *o)
{
    if (c->msg[0]) {
        return -1;
    }
    if (!o->mem) {
        return 0;
    }
    for (unsigned y = 0; y < 3; y++) {
        for (unsigned x = 0; x < 5; x++) {
            uint32_t want = g_fill_word;
            if (y >= 1 && x >= 1) {   /* CLEAR_LAYER of 0xFF336699 as RGB565 over bits 15:0 */
                want = (want & 0xFFFF0000u) | (0x33u >> 3) << 11 | (0x66u >> 2) << 5 | (0x99u >> 3);
            }
            uint32_t got = word_at(o, CP_AREA + 0x10000 + y * 2560 + x * 4);
            if (got != want) {
                snprintf(c->msg, sizeof(c->msg), "%s: FILL/CLEAR word (%u,%u) is 0x%08X, expected 0x%08X", o->backend,
                         x, y, got, want);
                return -1;
            }
        }
    }
    for (unsigned y = 0; y < 3; y++) {
        for (unsigned x = 0; x < 5; x++) {
            const uint32_t sp = g_sprite[y][x], un = g_under[y][x];
            const uint32_t keyed = (sp == 0xF81Fu) ? un : ((un & 0xFFFF0000u) | sp);
            const uint32_t got = word_at(o, CP_AREA + 0x70000 + y * 2560 + x * 4);
            if (got != keyed) {
                snprintf(c->msg, sizeof(c->msg), "%s: SPRITE_DRAW word (%u,%u) is 0x%08X, expected 0x%08X", o->backend,
                         x, y, got, keyed);
                return -1;
            }
            /* LAYER_BLEND of the sprite over a filled rectangle, per channel */
            const uint32_t d = g_fill2;
            uint32_t outw = d & 0xFFFF0000u;
            const unsigned sh[3] = {11, 5, 0}, mk[3] = {31, 63, 31};
            for (int k = 0; k < 3; k++) {
                const uint32_t sc = (sp >> sh[k]) & mk[k], dc = (d >> sh[k]) & mk[k];
                outw |= ((sc * g_alpha + dc * (256 - g_alpha) + 128) >> 8) << sh[k];
            }
            const uint32_t gotb = word_at(o, CP_AREA + 0x80000 + y * 2560 + x * 4);
            if (gotb != outw) {
                snprintf(c->msg, sizeof(c->msg), "%s: LAYER_BLEND word (%u,%u) is 0x%08X, expected 0x%08X (alpha 0x%X)",
                         o->backend, x, y, gotb, outw, g_alpha);
                return -1;
            }
        }
    }
    for (unsigned y = 0; y < 4; y++) {
        for (unsigned x = 0; x < 6; x++) {
            uint32_t got = word_at(o, CP_AREA + 0x30000 + 8 + y * 2560 + x * 4);
            if (got != g_blit_src[y][x]) {
                snprintf(c->msg, sizeof(c->msg), "%s: BLIT word (%u,%u) is 0x%08X, expected 0x%08X", o->backend, x, y,
                         got, g_blit_src[y][x]);
                return -1;
            }
        }
    }
    for (unsigned i = 0; i < 9; i++) {
        if (word_at(o, CP_AREA + 0x40000 + 4 * i) != g_words[i]) {
            snprintf(c->msg, sizeof(c->msg), "%s: COPY_BUFFER word %u differs from what WRITE_MEM wrote", o->backend, i);
            return -1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- random streams */

/* expected status of a packet, derived here from docs/command.md (not from the model);
 * ST_UNKNOWN for the opcodes whose checks read memory (their own scenes classify them) */
#define ST_UNKNOWN 0xFFu
typedef struct {
    uint32_t base, limit;  /* window */
    unsigned pipe;         /* words in the read pipe */
    uint8_t emitted[256];
} cp_view_t;

static int in_win(const cp_view_t *v, uint64_t a, uint64_t n)
{
    uint64_t lim = v->limit < 0x2000000u ? v->limit : 0x2000000u;
    return a >= v->base && a + n <= lim;
}

static uint64_t rect_n(uint32_t wh)
{
    uint64_t w = wh & 0xFFFF, h = wh >> 16;
    return (w && h) ? ((h - 1) * 640 + w) * 4 : 0;
}

static int ovl(uint64_t a, uint64_t n, uint64_t b, uint64_t m) { return n && m && a < b + m && b < a + n; }

static unsigned expected_status(cp_view_t *v, const gpu_cmd_hdr_t *h, uint32_t pay0)
{
    const int pay = (h->flags & GPU_CMDF_PAYLOAD) != 0;
    if ((h->flags & GPU_CMDF_WAIT) && !v->emitted[h->rdst]) {
        return GPU_CMDE_FENCE_UNSET;
    }
    int known = 0, done = 0;
#define K(name, op, d) \
    if (h->opcode == (op)) { \
        known = 1; \
        done = (d); \
    }
    GPU_CMD_TABLE(K)
#undef K
    if (!known) {
        return GPU_CMDE_BAD_OPCODE;
    }
    if (!done) {
        return GPU_CMDE_UNSUPPORTED;
    }
    if (h->flags & GPU_CMDF_RESERVED) {
        return GPU_CMDE_BAD_FLAGS;
    }
    int pay_ok = !pay;
    if (h->opcode == GPU_CMD_WRITE_MEM) {
        pay_ok = pay;
    } else if (h->opcode == GPU_CMD_SPRITE_DRAW || h->opcode == GPU_CMD_LAYER_BLEND) {
        pay_ok = !pay || h->len <= 1;
    } else if (h->opcode == GPU_CMD_DISPATCH_1D || h->opcode == GPU_CMD_DISPATCH_2D) {
        pay_ok = !pay || h->len == 5;
    }
    if (!pay_ok) {
        return GPU_CMDE_BAD_PAYLOAD;
    }
    const int has = pay && h->len == 1;   /* SPRITE_DRAW key / LAYER_BLEND region word */
    const uint64_t n4 = 4u * (uint64_t)h->len;
    switch (h->opcode) {
    case GPU_CMD_DISPATCH_1D:
    case GPU_CMD_DISPATCH_2D:
    case GPU_CMD_LOAD_RSTATE:
    case GPU_CMD_RDRAW:
    case GPU_CMD_RRECT:
    case GPU_CMD_LOAD_GSTATE:
    case GPU_CMD_LOAD_GPARAM:
    case GPU_CMD_GDRAW:
        return ST_UNKNOWN;   /* classified by cp_compute / cp_draw; here the model and RTL must agree */
    case GPU_CMD_WRITE_MEM:
        return (h->arg0 & 3) ? GPU_CMDE_ALIGN : !in_win(v, h->arg0, n4) ? GPU_CMDE_RANGE : GPU_CMDE_OK;
    case GPU_CMD_READ_MEM:
        if (h->arg0 & 3) return GPU_CMDE_ALIGN;
        if (!in_win(v, h->arg0, n4)) return GPU_CMDE_RANGE;
        if (v->pipe + h->len > 256) return GPU_CMDE_PIPE_FULL;
        v->pipe += h->len;
        return GPU_CMDE_OK;
    case GPU_CMD_FILL_RECT:
    case GPU_CMD_CLEAR_LAYER:
        if (h->arg0 & 3) return GPU_CMDE_ALIGN;
        if ((h->arg1 & 0xFFFF) > 640) return GPU_CMDE_BAD_ARG;
        return in_win(v, h->arg0, rect_n(h->arg1)) ? GPU_CMDE_OK : GPU_CMDE_RANGE;
    case GPU_CMD_BLIT:
        if ((h->arg0 | h->arg1) & 3) return GPU_CMDE_ALIGN;
        if ((h->arg2 & 0xFFFF) > 640) return GPU_CMDE_BAD_ARG;
        if (!in_win(v, h->arg0, rect_n(h->arg2)) || !in_win(v, h->arg1, rect_n(h->arg2))) return GPU_CMDE_RANGE;
        return ovl(h->arg0, rect_n(h->arg2), h->arg1, rect_n(h->arg2)) ? GPU_CMDE_OVERLAP : GPU_CMDE_OK;
    case GPU_CMD_SPRITE_DRAW:
        if ((h->arg0 | h->arg1) & 3) return GPU_CMDE_ALIGN;
        if ((h->arg2 & 0xFFFF) > 640 || (has && (pay0 >> 17))) return GPU_CMDE_BAD_ARG;
        if (!in_win(v, h->arg0, rect_n(h->arg2)) || !in_win(v, h->arg1, rect_n(h->arg2))) return GPU_CMDE_RANGE;
        return ovl(h->arg0, rect_n(h->arg2), h->arg1, rect_n(h->arg2)) ? GPU_CMDE_OVERLAP : GPU_CMDE_OK;
    case GPU_CMD_LAYER_BLEND: {
        const uint32_t wh = has ? pay0 : (480u << 16 | 640u);
        if ((h->arg0 | h->arg1) & 3) return GPU_CMDE_ALIGN;
        if ((wh & 0xFFFF) > 640 || h->arg2 > 0x100) return GPU_CMDE_BAD_ARG;
        if (!in_win(v, h->arg0, rect_n(wh)) || !in_win(v, h->arg1, rect_n(wh))) return GPU_CMDE_RANGE;
        return ovl(h->arg0, rect_n(wh), h->arg1, rect_n(wh)) ? GPU_CMDE_OVERLAP : GPU_CMDE_OK;
    }
    case GPU_CMD_COPY_BUFFER:
        if ((h->arg0 | h->arg1) & 3) return GPU_CMDE_ALIGN;
        if (!in_win(v, h->arg0, n4) || !in_win(v, h->arg1, n4)) return GPU_CMDE_RANGE;
        return ovl(h->arg0, n4, h->arg1, n4) ? GPU_CMDE_OVERLAP : GPU_CMDE_OK;
    case GPU_CMD_SET_FB:
        if (!(h->arg1 == 0 || h->arg1 == 2560) || h->arg2 != 1) return GPU_CMDE_UNSUPPORTED;
        if (h->arg0 & 0xFFF) return GPU_CMDE_ALIGN;
        return in_win(v, h->arg0, FB_BYTES) ? GPU_CMDE_OK : GPU_CMDE_RANGE;
    case GPU_CMD_SWAP_FB:
        if ((h->arg0 | h->arg1) & 0xFFF) return GPU_CMDE_ALIGN;
        return in_win(v, h->arg0, FB_BYTES) && in_win(v, h->arg1, FB_BYTES) ? GPU_CMDE_OK : GPU_CMDE_RANGE;
    default:
        return GPU_CMDE_OK;
    }
}

/* an address near the scratch area, sometimes unaligned, outside the window or wrapping */
static uint32_t rand_addr(scene_ctx_t *c)
{
    unsigned r = scene_rand(c) % 100;
    if (r < 3) return scene_rand(c);                      /* anywhere in 4 GiB */
    if (r < 6) return 0x1FFFF00u + (scene_rand(c) & 0xFC); /* the top of memory */
    if (r < 9) return CP_AREA + (scene_rand(c) & 0x3FFFF); /* maybe unaligned */
    return CP_AREA + (scene_rand(c) & 0x3FFFC);
}

static unsigned g_rand_packets, g_rand_fail;
static unsigned g_gd_st[16];   /* cp_random: GDRAW statuses (GPU_CMDE_*) */
static unsigned random_draws(scene_ctx_t *c);
static unsigned random_gdraw(scene_ctx_t *c);

void scene_cp_random(scene_ctx_t *c)
{
    static const uint8_t ops[] = {GPU_CMD_WRITE_MEM, GPU_CMD_READ_MEM,    GPU_CMD_FILL_RECT, GPU_CMD_BLIT,
                                  GPU_CMD_CLEAR_LAYER, GPU_CMD_COPY_BUFFER, GPU_CMD_BARRIER,   GPU_CMD_SET_FB,
                                  GPU_CMD_SWAP_FB,   GPU_CMD_GDRAW,       0x00,              0xEE,
                                  GPU_CMD_SPRITE_DRAW, GPU_CMD_LAYER_BLEND};
    const unsigned n = c->count ? c->count : 1200;
    cp_view_t v = {.base = 0, .limit = 0x2000000u};
    unsigned sent = 0, fail = 0;
    gpu_write(REG_CP_IRQ_MASK, scene_rand(c) & 3);
    for (unsigned i = 0; i < n; i++) {
        gpu_cmd_hdr_t h = {0};
        h.opcode = ops[scene_rand(c) % sizeof(ops)];
        if (scene_rand(c) % 40 == 0) h.opcode = (uint8_t)scene_rand(c);
        h.rdst = (uint8_t)(scene_rand(c) % 24);
        h.flags = (uint8_t)(scene_rand(c) & 7);
        if (scene_rand(c) % 30 == 0) h.flags |= (uint8_t)(scene_rand(c) & 0xF0);
        const int opt_pay = h.opcode == GPU_CMD_SPRITE_DRAW || h.opcode == GPU_CMD_LAYER_BLEND;
        const int want_pay = h.opcode == GPU_CMD_LAYER_BLEND ? scene_rand(c) % 40 != 0
                             : opt_pay                       ? scene_rand(c) % 2 == 0
                                                             : (h.opcode == GPU_CMD_WRITE_MEM) != (scene_rand(c) % 25 == 0);
        if (want_pay) h.flags |= GPU_CMDF_PAYLOAD;
        h.len = (uint8_t)(scene_rand(c) % 4 == 0 ? scene_rand(c) : scene_rand(c) % 24);
        if (opt_pay && scene_rand(c) % 12 != 0) h.len = 1;
        h.arg0 = rand_addr(c);
        h.arg1 = rand_addr(c);
        const uint32_t w = scene_rand(c) % 20 == 0 ? scene_rand(c) % 700 : scene_rand(c) % 24;
        const uint32_t hh = scene_rand(c) % 20 == 0 ? scene_rand(c) % 2000 : scene_rand(c) % 12;
        h.arg2 = scene_rand(c);
        if (h.opcode == GPU_CMD_FILL_RECT || h.opcode == GPU_CMD_CLEAR_LAYER) h.arg1 = hh << 16 | w;
        if (h.opcode == GPU_CMD_BLIT || h.opcode == GPU_CMD_SPRITE_DRAW) h.arg2 = hh << 16 | w;
        if (h.opcode == GPU_CMD_LAYER_BLEND) h.arg2 = scene_rand(c) % 10 == 0 ? scene_rand(c) % 0x200 : scene_rand(c) % 0x101;
        if (h.opcode == GPU_CMD_SET_FB || h.opcode == GPU_CMD_SWAP_FB) {
            h.arg0 = (scene_rand(c) % 8 == 0) ? rand_addr(c) : (scene_rand(c) % 2) * 0x12C000u;
            h.arg1 = (h.opcode == GPU_CMD_SET_FB) ? (scene_rand(c) % 6 == 0 ? 1280 : 2560 * (scene_rand(c) % 2))
                                                  : (scene_rand(c) % 2) * 0x12C000u;
            h.arg2 = (h.opcode == GPU_CMD_SET_FB) ? (scene_rand(c) % 6 == 0 ? 0 : 1) : h.arg2;
        }
        uint32_t pay[256];
        for (unsigned k = 0; k < h.len; k++) pay[k] = scene_rand(c);
        if (h.opcode == GPU_CMD_SPRITE_DRAW && scene_rand(c) % 10 != 0) pay[0] &= 0x1FFFFu;   /* a key, maybe on */
        if (h.opcode == GPU_CMD_LAYER_BLEND && scene_rand(c) % 10 != 0) pay[0] = (hh % 8) << 16 | (w % 16);
        if (h.len == 0) pay[0] = 0;
        const int truncate = want_pay && h.len > 2 && scene_rand(c) % 30 == 0;
        const unsigned npay = !want_pay ? 0 : truncate ? (unsigned)scene_rand_range(c, 0, h.len - 2) & ~1u : h.len;
        unsigned st = expected_status(&v, &h, pay[0]);
        (void)gpu_cmd_send(gpu_selected(), &h, pay, npay);
        if (truncate) {
            gpu_write(REG_CP_CTRL, 1);
            st = GPU_CMDE_TRUNCATED;
        }
        sent++;
        fail += st != GPU_CMDE_OK && st != ST_UNKNOWN;
        if (h.flags & GPU_CMDF_EMIT) {
            v.emitted[h.rdst] = 1;
            if (st != ST_UNKNOWN && cp_status_of(h.rdst) != st && !c->msg[0]) {
                snprintf(c->msg, sizeof(c->msg),
                         "packet %u (opcode 0x%02X flags 0x%02X len %u args 0x%08X 0x%08X 0x%08X%s): status %u, "
                         "expected %u",
                         i, h.opcode, h.flags, h.len, h.arg0, h.arg1, h.arg2, truncate ? ", truncated" : "",
                         cp_status_of(h.rdst), st);
            }
        }
        /* between packets: register writes, triangles, window changes, pipe reads */
        switch (scene_rand(c) % 16) {
        case 0:
            gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), 0xFF));
            scene_tri16(scene_rand_range(c, 0, 200 * 16), scene_rand_range(c, 0, 200 * 16), 0,
                        scene_rand_range(c, 0, 200 * 16), scene_rand_range(c, 0, 200 * 16), 0,
                        scene_rand_range(c, 0, 200 * 16), scene_rand_range(c, 0, 200 * 16), 0);
            break;
        case 1:
            if (scene_rand(c) % 4 == 0) {
                v.base = 0;
                v.limit = scene_rand(c) % 2 ? 0x2000000u : 0xFFFFFFFCu;
            } else {
                v.base = CP_AREA + (scene_rand(c) & 0x1FFFC);
                v.limit = v.base + (scene_rand(c) & 0x3FFFC);
            }
            gpu_write(REG_CP_WIN_BASE, v.base);
            gpu_write(REG_CP_WIN_LIMIT, v.limit);
            break;
        case 2: {
            const unsigned k = (unsigned)scene_rand_range(c, 0, (int32_t)v.pipe);
            for (unsigned j = 0; j < k; j++) (void)gpu_read(REG_CP_PIPE);
            v.pipe -= k;
            break;
        }
        case 3:
            gpu_write(REG_MEM_ADDR, rand_addr(c) & ~3u);
            gpu_write(REG_MEM_DATA, scene_rand(c));
            (void)gpu_read(REG_MEM_DATA);
            break;
        case 5:
        case 6:
            sent += random_draws(c);   /* statuses compared between model and RTL by the reads */
            if (scene_rand(c) % 2) sent += random_gdraw(c);
            break;
        case 4:
            if (scene_rand(c) % 8 == 0) {
                gpu_write(REG_CP_CTRL, 2);   /* CLEAR */
                memset(v.emitted, 0, sizeof(v.emitted));
                v.pipe = 0;
            }
            gpu_write(REG_CP_IRQ_CLEAR, scene_rand(c) & 3);
            gpu_write(REG_CP_IRQ_MASK, scene_rand(c) & 3);
            (void)gpu_read(REG_CP_IRQ_STATUS);
            break;
        default:
            break;
        }
    }
    (void)gpu_read(REG_CP_FENCE);
    (void)gpu_read(REG_CP_ERROR);
    uint64_t s = gpu_read(REG_CP_STATUS);
    g_rand_packets = sent;
    g_rand_fail = fail;
    unsigned gd = 0;
    for (unsigned k = 0; k < 16; k++) gd += g_gd_st[k];
    printf("cp_random: %u GDRAW packets: %u OK, %u BAD_ARG, %u RANGE, %u ALIGN, %u UNSUPPORTED, %u other\n", gd,
           g_gd_st[GPU_CMDE_OK], g_gd_st[GPU_CMDE_BAD_ARG], g_gd_st[GPU_CMDE_RANGE], g_gd_st[GPU_CMDE_ALIGN],
           g_gd_st[GPU_CMDE_UNSUPPORTED],
           gd - g_gd_st[GPU_CMDE_OK] - g_gd_st[GPU_CMDE_BAD_ARG] - g_gd_st[GPU_CMDE_RANGE] - g_gd_st[GPU_CMDE_ALIGN] -
               g_gd_st[GPU_CMDE_UNSUPPORTED]);
    if (!c->msg[0] && n >= 1000 && g_gd_st[GPU_CMDE_OK] == 0) {
        snprintf(c->msg, sizeof(c->msg), "cp_random: none of %u GDRAW packets drew (the generator is off)", gd);
    }
    memset(g_gd_st, 0, sizeof(g_gd_st));
    if (!c->msg[0] && (uint32_t)(s >> 32) != sent) {
        snprintf(c->msg, sizeof(c->msg), "CP_STATUS.PACKETS %u, %u packets sent", (unsigned)(s >> 32), sent);
    }
}

int check_cp_random(scene_ctx_t *c, const scene_obs_t *o)
{
    (void)o;
    if (c->msg[0]) {
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- compute */

#define KTAB (CP_AREA + 0x90000u)
#define KDESC (CP_AREA + 0x90100u)

static const char k_hang_src[] = "; never returns: counts and stores in a loop (docs/command.md \"Compute\")\n"
                                 ".threads 4\n"
                                 "    CONST R0, #1\n"
                                 "    CONST R1, #0\n"
                                 "    CONST R2, loop\n"
                                 "loop:\n"
                                 "    ADD   R1, R1, R0\n"
                                 "    STR   R1, R1\n"
                                 "    JMP   R2\n";

/* uploads a kernel with WRITE_MEM packets: program at instruction offset prog_off, data at
 * data_off (SIMT windows, docs/simt.md) */
static int cp_upload_kernel(scene_ctx_t *c, const simt_image_t *img, unsigned prog_off, unsigned data_off)
{
    uint32_t w[128];
    const unsigned nw = (img->nprog + 1) / 2;
    for (unsigned i = 0; i < nw && i < 128; i++) {
        w[i] = (uint32_t)img->prog[2 * i] | (uint32_t)img->prog[2 * i + 1] << 16;
    }
    int bad = cp_send(GPU_CMD_WRITE_MEM, GPU_CMDF_PAYLOAD, 100, (uint8_t)nw, GPU_SIMT_PROG_WIN + 2 * prog_off, 0, 0, w,
                      nw) != GPU_CMDE_OK;
    for (unsigned i = 0; i < 64; i++) {
        w[i] = (uint32_t)img->data[4 * i] | (uint32_t)img->data[4 * i + 1] << 8 | (uint32_t)img->data[4 * i + 2] << 16 |
               (uint32_t)img->data[4 * i + 3] << 24;
    }
    bad |= cp_send(GPU_CMD_WRITE_MEM, GPU_CMDF_PAYLOAD, 101, 64, GPU_SIMT_DATA_WIN + data_off, 0, 0, w, 64) !=
           GPU_CMDE_OK;
    if (bad && !c->msg[0]) {
        snprintf(c->msg, sizeof(c->msg), "kernel upload refused");
    }
    return bad ? -1 : 0;
}

static void read_window(unsigned data_off, unsigned n)
{
    gpu_cmd_hdr_t h = {.opcode = GPU_CMD_READ_MEM, .len = (uint8_t)n, .arg0 = GPU_SIMT_DATA_WIN + data_off};
    (void)gpu_cmd_send(gpu_selected(), &h, NULL, 0);
    for (unsigned i = 0; i < n; i++) {
        (void)gpu_read(REG_CP_PIPE);
    }
}

void scene_cp_compute(scene_ctx_t *c)
{
    static simt_image_t img;
    static const struct {
        const char *path;
        unsigned prog, data;
    } ks[] = {{"sw/simt/kernels/matadd.asm", 0, 0}, {"sw/simt/kernels/reduce.asm", 256, 1024}, {NULL, 512, 2048}};
    uint32_t tab[6];
    for (unsigned k = 0; k < 3; k++) {
        int rc = ks[k].path ? simt_assemble_file(ks[k].path, &img) : simt_assemble(k_hang_src, &img);
        if (rc != 0) {
            snprintf(c->msg, sizeof(c->msg), "cannot assemble kernel %u: %s", k, img.err);
            return;
        }
        if (cp_upload_kernel(c, &img, ks[k].prog, ks[k].data) != 0) {
            return;
        }
        tab[2 * k] = ks[k].prog;
        tab[2 * k + 1] = ks[k].data;
    }
    expect(c, "kernel table", cp_send(GPU_CMD_WRITE_MEM, GPU_CMDF_PAYLOAD, 102, 6, KTAB, 0, 0, tab, 6), GPU_CMDE_OK);
    gpu_write(REG_CP_KTAB, (3ull << 32) | KTAB);
    gpu_write(REG_CP_IRQ_MASK, 3);
    /* direct form: matadd, 8 threads */
    expect(c, "DISPATCH_1D direct", cp_send(GPU_CMD_DISPATCH_1D, GPU_CMDF_IRQ, 1, 0, 8, 4, 0, NULL, 0), GPU_CMDE_OK);
    read_window(0, 8);
    expect(c, "SIMT_BUSY after a kernel", (gpu_read(REG_STATUS) >> 12) & 1, 0);
    /* payload form, the data at arg_ptr (a second copy of matadd's data) */
    uint32_t d[64];
    for (unsigned i = 0; i < 64; i++) {
        d[i] = scene_rand(c) & 0x3F3F3F3Fu;
    }
    (void)cp_send(GPU_CMD_WRITE_MEM, GPU_CMDF_PAYLOAD, 103, 64, GPU_SIMT_DATA_WIN + 0x2000, 0, 0, d, 64);
    uint32_t desc[5] = {0, 8, 0, GPU_SIMT_DATA_WIN + 0x2000, 0};
    expect(c, "DISPATCH_1D payload", cp_send(GPU_CMD_DISPATCH_1D, GPU_CMDF_PAYLOAD, 2, 5, 0, 0, 0, desc, 5), GPU_CMDE_OK);
    read_window(0x2000, 8);
    /* indirect form: reduce, 13 threads */
    uint32_t desc2[5] = {1, 13, 4, 0, 0};
    (void)cp_send(GPU_CMD_WRITE_MEM, GPU_CMDF_PAYLOAD, 104, 5, KDESC, 0, 0, desc2, 5);
    expect(c, "DISPATCH_1D indirect", cp_send(GPU_CMD_DISPATCH_1D, 0, 3, 0, KDESC, 0, 0x80000000u, NULL, 0), GPU_CMDE_OK);
    read_window(1024, 16);
    /* 2D: grid {y 2, x 4} = 8 threads of matadd again */
    expect(c, "DISPATCH_2D", cp_send(GPU_CMD_DISPATCH_2D, 0, 4, 0, (2u << 16) | 4, (1u << 16) | 4, 0, NULL, 0),
           GPU_CMDE_OK);
    read_window(0, 24);
    /* refusals, in the documented order */
    expect(c, "block 2", cp_send(GPU_CMD_DISPATCH_1D, 0, 5, 0, 8, 2, 0, NULL, 0), GPU_CMDE_UNSUPPORTED);
    expect(c, "threads 256", cp_send(GPU_CMD_DISPATCH_1D, 0, 6, 0, 256, 4, 0, NULL, 0), GPU_CMDE_BAD_ARG);
    expect(c, "2D threads", cp_send(GPU_CMD_DISPATCH_2D, 0, 7, 0, (16u << 16) | 16, 0, 0, NULL, 0), GPU_CMDE_BAD_ARG);
    expect(c, "kernel id", cp_send(GPU_CMD_DISPATCH_1D, 0, 8, 0, 8, 4, 3, NULL, 0), GPU_CMDE_BAD_ARG);
    uint32_t bad_desc[5] = {0, 8, 4, 0x1000, 0};
    expect(c, "arg_ptr", cp_send(GPU_CMD_DISPATCH_1D, GPU_CMDF_PAYLOAD, 9, 5, 0, 0, 0, bad_desc, 5), GPU_CMDE_BAD_ARG);
    bad_desc[3] = 0;
    bad_desc[4] = 1;
    expect(c, "reserved", cp_send(GPU_CMD_DISPATCH_1D, GPU_CMDF_PAYLOAD, 10, 5, 0, 0, 0, bad_desc, 5), GPU_CMDE_BAD_ARG);
    expect(c, "payload length", cp_send(GPU_CMD_DISPATCH_1D, GPU_CMDF_PAYLOAD, 11, 4, 0, 0, 0, bad_desc, 4),
           GPU_CMDE_BAD_PAYLOAD);
    expect(c, "indirect align", cp_send(GPU_CMD_DISPATCH_1D, 0, 12, 0, KDESC + 2, 0, 0x80000000u, NULL, 0),
           GPU_CMDE_ALIGN);
    expect(c, "indirect range", cp_send(GPU_CMD_DISPATCH_1D, 0, 13, 0, 0x1FFFFF0u, 0, 0x80000000u, NULL, 0),
           GPU_CMDE_RANGE);
    gpu_write(REG_CP_KTAB, (3ull << 32) | 0x1FFFFF8u);   /* entry 1 would end past 32 MiB */
    expect(c, "entry range", cp_send(GPU_CMD_DISPATCH_1D, 0, 14, 0, 8, 4, 1, NULL, 0), GPU_CMDE_RANGE);
    gpu_write(REG_CP_KTAB, (3ull << 32) | KTAB);
    uint32_t bad_entry[2] = {0x4000, 0};
    (void)cp_send(GPU_CMD_WRITE_MEM, GPU_CMDF_PAYLOAD, 105, 2, KTAB + 8, 0, 0, bad_entry, 2);
    expect(c, "entry bits", cp_send(GPU_CMD_DISPATCH_1D, 0, 15, 0, 8, 4, 1, NULL, 0), GPU_CMDE_BAD_ARG);
    (void)cp_send(GPU_CMD_WRITE_MEM, GPU_CMDF_PAYLOAD, 106, 2, KTAB + 8, 0, 0, &tab[2], 2);
    /* a kernel that never returns: the watchdog stops it, the next packet runs */
    gpu_write(REG_CP_WATCHDOG, 3000 + (scene_rand(c) & 1023));
    expect(c, "WATCHDOG", cp_send(GPU_CMD_DISPATCH_1D, GPU_CMDF_IRQ, 16, 0, 4, 4, 2, NULL, 0), GPU_CMDE_WATCHDOG);
    expect(c, "SIMT_BUSY after the watchdog", (gpu_read(REG_STATUS) >> 12) & 1, 0);
    read_window(2048, 16);
    expect(c, "after WATCHDOG", cp_send(GPU_CMD_DISPATCH_1D, 0, 17, 0, 8, 4, 0, NULL, 0), GPU_CMDE_OK);
    /* without a watchdog, CP_ABORT written right after the packet stops it */
    gpu_write(REG_CP_WATCHDOG, 0);
    gpu_cmd_hdr_t h = {.opcode = GPU_CMD_DISPATCH_1D, .flags = GPU_CMDF_EMIT, .rdst = 18, .arg0 = 8, .arg1 = 4,
                       .arg2 = 2};
    (void)gpu_cmd_send(gpu_selected(), &h, NULL, 0);
    gpu_write(REG_CP_ABORT, 1);
    expect(c, "ABORTED", cp_status_of(18), GPU_CMDE_ABORTED);
    read_window(2048, 16);
    expect(c, "after ABORTED", cp_send(GPU_CMD_BARRIER, 0, 19, 0, 0, 0, 0, NULL, 0), GPU_CMDE_OK);
    gpu_write(REG_CP_ABORT, 1);   /* nothing runs: no effect */
    (void)gpu_read(REG_CP_ERROR);
    (void)gpu_read(REG_CP_STATUS);
    expect(c, "IRQ", gpu_read(REG_CP_IRQ_STATUS), 3);
}

/* ---------------------------------------------------------------- SIMT_LAUNCH kernels that never end */

/* ends on its own after 64 x 127 turns of a loop (long enough that a launch behind it waits; the
 * registers are 8 bits, CMP signed): thread i stores the low byte of 64 * 127 * i at byte i */
static const char k_long_src[] = ".threads 4\n"
                                 "    MUL   R0, %blockIdx, %blockDim\n"
                                 "    ADD   R0, R0, %threadIdx\n"
                                 "    CONST R1, #64\n"
                                 "    CONST R3, #1\n"
                                 "    CONST R4, #0\n"
                                 "    CONST R5, #0\n"
                                 "OUTER:\n"
                                 "    CONST R2, #127\n"
                                 "INNER:\n"
                                 "    ADD   R5, R5, R0\n"
                                 "    SUB   R2, R2, R3\n"
                                 "    CMP   R2, R4\n"
                                 "    BRp   INNER\n"
                                 "    SUB   R1, R1, R3\n"
                                 "    CMP   R1, R4\n"
                                 "    BRp   OUTER\n"
                                 "    STR   R0, R5\n"
                                 "    RET\n";

static void simt_host_launch(unsigned prog_off, unsigned data_off, unsigned threads)
{
    gpu_write(REG_SIMT_LAUNCH, ((uint64_t)data_off << 32) | ((uint64_t)prog_off << 8) | threads);
}

/* one small triangle of a colour of the seed's choosing in the framebuffer at 0, slot k of a row */
static void stop_tri(scene_ctx_t *c, unsigned k)
{
    gpu_write(REG_COLOR, PACK_RGBA(scene_rand(c), scene_rand(c), scene_rand(c), 0xFF));
    const int32_t x = 16 * (int32_t)(40 * k + 8);
    scene_tri16(x, 16 * 8, 0, x + 16 * 32, 16 * 8, 0, x, 16 * 40, 0);
}

#define SIMT_ST_WATCHDOG (1ull << SIMT_STATUS_WATCHDOG_SHIFT)
#define SIMT_ST_ABORTED (1ull << SIMT_STATUS_ABORTED_SHIFT)

/* Kernels launched by the host's SIMT_LAUNCH that never end (docs/simt.md "Stopping a kernel"):
 * stopped by CP_WATCHDOG, one that ends within the budget, stopped by CP_ABORT written right after
 * the launch, CP_ABORT with no kernel, CP_ABORT right after a launch that waits behind a long
 * kernel (stopped as soon as it starts), the same with a launch of 0 threads (nothing to stop),
 * a DISPATCH stopped by the watchdog (its packet reports it; SIMT_STATUS is the host's launches'
 * only); a triangle after each. SIMT_STATUS is checked against the values these rules give. */
void scene_simt_stop(scene_ctx_t *c)
{
    static simt_image_t img;
    static const struct {
        const char *src;
        unsigned prog, data;
    } ks[] = {{k_hang_src, 512, 2048}, {k_long_src, 768, 3072}};
    for (unsigned k = 0; k < 2; k++) {
        if (simt_assemble(ks[k].src, &img) != 0) {
            snprintf(c->msg, sizeof(c->msg), "cannot assemble kernel %u: %s", k, img.err);
            return;
        }
        if (cp_upload_kernel(c, &img, ks[k].prog, ks[k].data) != 0) {
            return;
        }
    }
    gpu_write(REG_FB_DRAW, 0);
    gpu_write(REG_TRI_MODE, 0);
    const unsigned hang_threads = (unsigned)scene_rand_range(c, 1, 8);
    /* 1. the watchdog stops the hung kernel; a triangle while it runs */
    gpu_write(REG_CP_WATCHDOG, 3000 + (scene_rand(c) & 1023));
    simt_host_launch(512, 2048, hang_threads);
    stop_tri(c, 0);
    expect(c, "SIMT_STATUS after the watchdog", gpu_read(REG_SIMT_STATUS), SIMT_ST_WATCHDOG);
    read_window(2048, 8);
    /* 2. a kernel that ends within the budget: a clean report */
    gpu_write(REG_CP_WATCHDOG, 200000);
    simt_host_launch(768, 3072, 4);
    expect(c, "SIMT_STATUS of a kernel that ends", gpu_read(REG_SIMT_STATUS), 0);
    read_window(3072, 2);
    /* 3. no watchdog: CP_ABORT right after the launch stops it */
    gpu_write(REG_CP_WATCHDOG, 0);
    simt_host_launch(512, 2048, hang_threads);
    gpu_write(REG_CP_ABORT, 1);
    stop_tri(c, 1);
    expect(c, "SIMT_STATUS after CP_ABORT", gpu_read(REG_SIMT_STATUS), SIMT_ST_ABORTED);
    /* 4. CP_ABORT with no kernel running: no effect, the report stays */
    gpu_write(REG_CP_ABORT, 1);
    stop_tri(c, 2);
    expect(c, "SIMT_STATUS after CP_ABORT with no kernel", gpu_read(REG_SIMT_STATUS), SIMT_ST_ABORTED);
    /* 5. the hung kernel's launch waits behind a long one; CP_ABORT right after it */
    simt_host_launch(768, 3072, 4);
    simt_host_launch(512, 2048, hang_threads);
    gpu_write(REG_CP_ABORT, 1);
    stop_tri(c, 3);
    expect(c, "SIMT_STATUS after CP_ABORT behind a long kernel", gpu_read(REG_SIMT_STATUS), SIMT_ST_ABORTED);
    /* 6. the same with 0 threads: nothing runs, nothing is stopped */
    simt_host_launch(768, 3072, 4);
    simt_host_launch(512, 2048, 0);
    gpu_write(REG_CP_ABORT, 1);
    stop_tri(c, 4);
    expect(c, "SIMT_STATUS after CP_ABORT of a 0-thread launch", gpu_read(REG_SIMT_STATUS), 0);
    read_window(3072, 2);
    /* 7. a DISPATCH of the hung kernel: the packet reports WATCHDOG, SIMT_STATUS keeps the host's */
    const uint32_t tab[2] = {512, 2048};
    expect(c, "kernel table", cp_send(GPU_CMD_WRITE_MEM, GPU_CMDF_PAYLOAD, 102, 2, KTAB, 0, 0, tab, 2), GPU_CMDE_OK);
    gpu_write(REG_CP_KTAB, (1ull << 32) | KTAB);
    gpu_write(REG_CP_WATCHDOG, 3000 + (scene_rand(c) & 1023));
    expect(c, "DISPATCH under the watchdog", cp_send(GPU_CMD_DISPATCH_1D, 0, 16, 0, 4, 4, 0, NULL, 0),
           GPU_CMDE_WATCHDOG);
    expect(c, "SIMT_STATUS after a DISPATCH", gpu_read(REG_SIMT_STATUS), 0);
    stop_tri(c, 5);
    (void)gpu_read(REG_STATUS);
}

/* ---------------------------------------------------------------- builds without optional units */

static void mem_put(uint32_t addr, uint32_t v)
{
    gpu_write(REG_MEM_ADDR, addr);
    gpu_write(REG_MEM_DATA, v);
}

static uint32_t mem_get(uint32_t addr)
{
    gpu_write(REG_MEM_ADDR, addr);
    return (uint32_t)gpu_read(REG_MEM_DATA);
}

/* The SIMT cluster and the command processor present or absent (gpu_top SimtCluster, CmdProc;
 * docs/simt.md "Builds without the cluster", docs/command.md "Builds without the command
 * processor"): the build says which through SIMT_STATUS.ABSENT and CP_STATUS.ABSENT, and the
 * RTL and the model must agree (the harness compares every read). Everything goes through the
 * register file (MEM_ADDR / MEM_DATA), which every build has. k_long's four threads write word
 * 0 of their data window (thread i: the low byte of 64 * 127 * i at byte i) over a seeded word:
 * with the cluster the kernel's word, without it the seeded word stays. A host SIMT_LAUNCH;
 * with the command processor a DISPATCH (UNSUPPORTED without the cluster), without it a
 * WRITE_MEM packet written to CP_CMD (nothing happens) and the registers cp_top holds (0 but
 * CP_STATUS.ABSENT; CP_WIN_* still stored); CP_ABORT after a launch without the cluster
 * (nothing to stop); a triangle after each. */
void scene_build_units(scene_ctx_t *c)
{
    static simt_image_t img;
    if (simt_assemble(k_long_src, &img) != 0) {
        snprintf(c->msg, sizeof(c->msg), "cannot assemble the kernel: %s", img.err);
        return;
    }
    const unsigned prog_off = 768, data_off = 3072;
    scene_simt_upload(&img, prog_off, data_off);
    gpu_write(REG_FB_DRAW, 0);
    gpu_write(REG_TRI_MODE, 0);
    const uint64_t simt_absent_bit = 1ull << SIMT_STATUS_ABSENT_SHIFT, cp_absent_bit = 1ull << CP_STATUS_ABSENT_SHIFT;
    const uint64_t sst = gpu_read(REG_SIMT_STATUS), cst = gpu_read(REG_CP_STATUS);
    const int simt_absent = (sst & simt_absent_bit) != 0, cp_absent = (cst & cp_absent_bit) != 0;
    expect(c, "SIMT_STATUS after reset (ABSENT aside)", sst & ~simt_absent_bit, 0);
    expect(c, "CP_STATUS after reset (ABSENT aside)", cst & ~cp_absent_bit, 0);
    uint32_t ran = 0;
    for (unsigned i = 0; i < 4; i++) {
        ran |= ((64u * 127u * i) & 0xFFu) << (8 * i);
    }
    const uint32_t word = GPU_SIMT_DATA_WIN + data_off;
    for (unsigned k = 0; k < 3; k++) {
        uint32_t fill = (uint32_t)scene_rand(c) << 16 | (uint32_t)scene_rand(c);
        if (fill == ran) {
            fill ^= 1u;
        }
        mem_put(word, fill);
        uint32_t want = simt_absent ? fill : ran;
        if (k == 0) { /* the host's launch */
            simt_host_launch(prog_off, data_off, 4);
            expect(c, "SIMT_STATUS after a launch", gpu_read(REG_SIMT_STATUS), simt_absent ? simt_absent_bit : 0);
        } else if (k == 1 && !cp_absent) { /* DISPATCH_1D of entry 0 */
            const uint32_t tab[2] = {prog_off, data_off};
            expect(c, "kernel table", cp_send(GPU_CMD_WRITE_MEM, GPU_CMDF_PAYLOAD, 102, 2, KTAB, 0, 0, tab, 2),
                   GPU_CMDE_OK);
            gpu_write(REG_CP_KTAB, (1ull << 32) | KTAB);
            expect(c, "DISPATCH", cp_send(GPU_CMD_DISPATCH_1D, 0, 16, 0, 4, 0, 0, NULL, 0),
                   simt_absent ? GPU_CMDE_UNSUPPORTED : GPU_CMDE_OK);
        } else if (k == 1) { /* no command processor: a WRITE_MEM packet over the word does nothing */
            const gpu_cmd_hdr_t h = {.opcode = GPU_CMD_WRITE_MEM, .flags = GPU_CMDF_PAYLOAD, .len = 2, .arg0 = word};
            uint64_t hw[2];
            gpu_cmd_pack(&h, hw);
            gpu_write(REG_CP_CMD, hw[0]);
            gpu_write(REG_CP_CMD, hw[1]);
            gpu_write(REG_CP_CMD, (uint64_t)~fill << 32 | (uint32_t)~fill);
            gpu_write(REG_CP_IRQ_MASK, 3);
            gpu_write(REG_CP_SLOT_ADDR, 5);
            gpu_write(REG_CP_CTRL, 2);
            gpu_write(REG_CP_WIN_LIMIT, 0x1FFFFFCull);
            expect(c, "CP_STATUS without the command processor", gpu_read(REG_CP_STATUS), cp_absent_bit);
            expect(c, "CP_IRQ_MASK without it", gpu_read(REG_CP_IRQ_MASK), 0);
            expect(c, "CP_SLOT_ADDR without it", gpu_read(REG_CP_SLOT_ADDR), 0);
            expect(c, "CP_SLOT_DATA without it", gpu_read(REG_CP_SLOT_DATA), 0);
            expect(c, "CP_PIPE without it", gpu_read(REG_CP_PIPE), 0);
            expect(c, "CP_FENCE without it", gpu_read(REG_CP_FENCE), 0);
            expect(c, "CP_ERROR without it", gpu_read(REG_CP_ERROR), 0);
            expect(c, "CP_WIN_LIMIT (the register file's)", gpu_read(REG_CP_WIN_LIMIT), 0x1FFFFFCull);
            gpu_write(REG_CP_WIN_LIMIT, 0x2000000ull);
            want = fill;
        } else if (simt_absent) { /* CP_ABORT right after a launch: nothing runs, nothing is stopped */
            simt_host_launch(prog_off, data_off, 4);
            gpu_write(REG_CP_ABORT, 1);
            expect(c, "SIMT_STATUS after CP_ABORT", gpu_read(REG_SIMT_STATUS), simt_absent_bit);
        } else { /* (with the cluster the kernel would run to its end in the model: see simt_stop) */
            simt_host_launch(prog_off, data_off, 4);
        }
        expect(c, "the kernel's word", mem_get(word), want);
        stop_tri(c, k);
    }
    (void)gpu_read(REG_STATUS);
}

/* ---------------------------------------------------------------- benchmarks (scripts/cp_bench.sh) */

/* count units of work each; the benchmark takes count 4 minus count 2 */
static unsigned bench_n(scene_ctx_t *c) { return c->count ? c->count : 2; }

void scene_bench_cp_barrier(scene_ctx_t *c)   /* 100 header-only packets per unit */
{
    for (unsigned i = 0; i < 100 * bench_n(c); i++) {
        gpu_cmd_hdr_t h = {.opcode = GPU_CMD_BARRIER};
        (void)gpu_cmd_send(gpu_selected(), &h, NULL, 0);
    }
}

void scene_bench_cp_write(scene_ctx_t *c)     /* 1020 words per unit through WRITE_MEM payloads */
{
    uint32_t w[255];
    for (unsigned i = 0; i < 255; i++) w[i] = scene_rand(c);
    for (unsigned i = 0; i < 4 * bench_n(c); i++) {
        gpu_cmd_hdr_t h = {.opcode = GPU_CMD_WRITE_MEM, .flags = GPU_CMDF_PAYLOAD, .len = 255,
                           .arg0 = CP_AREA + 1020u * i};
        (void)gpu_cmd_send(gpu_selected(), &h, w, 255);
    }
}

void scene_bench_mem_data(scene_ctx_t *c)     /* the same 1020 words per unit through MEM_DATA */
{
    gpu_write(REG_MEM_ADDR, CP_AREA);
    for (unsigned i = 0; i < 1020 * bench_n(c); i++) gpu_write(REG_MEM_DATA, scene_rand(c));
}

void scene_bench_cp_fill(scene_ctx_t *c)      /* 640 x 48 words per unit */
{
    for (unsigned i = 0; i < bench_n(c); i++) {
        gpu_cmd_hdr_t h = {.opcode = GPU_CMD_FILL_RECT, .arg0 = 48u * 2560u * i, .arg1 = 48u << 16 | 640u,
                           .arg2 = scene_rand(c)};
        (void)gpu_cmd_send(gpu_selected(), &h, NULL, 0);
    }
}

void scene_bench_cp_blit(scene_ctx_t *c)      /* 640 x 24 words per unit */
{
    for (unsigned i = 0; i < bench_n(c); i++) {
        gpu_cmd_hdr_t h = {.opcode = GPU_CMD_BLIT, .arg0 = 0x12C000u + 24u * 2560u * i, .arg1 = 24u * 2560u * i,
                           .arg2 = 24u << 16 | 640u};
        (void)gpu_cmd_send(gpu_selected(), &h, NULL, 0);
    }
}

void scene_bench_cp_blend(scene_ctx_t *c)     /* 640 x 8 words per unit */
{
    for (unsigned i = 0; i < bench_n(c); i++) {
        uint32_t wh = 8u << 16 | 640u;
        gpu_cmd_hdr_t h = {.opcode = GPU_CMD_LAYER_BLEND, .flags = GPU_CMDF_PAYLOAD, .len = 1,
                           .arg0 = 0x12C000u + 8u * 2560u * i, .arg1 = 8u * 2560u * i, .arg2 = 0x80};
        (void)gpu_cmd_send(gpu_selected(), &h, &wh, 1);
    }
}

/* ---------------------------------------------------------------- draws */

#define RS_AT(i) (CP_AREA + 0xA0000u + 64u * (i))
#define VB_AT(i) (CP_AREA + 0xA1000u + 96u * (i))
#define DD_AT(i) (CP_AREA + 0xA3000u + 16u * (i))
#define SAMPLER (CP_AREA + 0xA4000u)
#define TEXTURE 0x384000u

static void put_words(uint32_t addr, const uint32_t *w, unsigned n)
{
    (void)cp_send(GPU_CMD_WRITE_MEM, GPU_CMDF_PAYLOAD, 120, (uint8_t)n, addr, 0, 0, w, n);
}

/* an RSTATE (seed 000 9.1.1) with the fields this GPU takes */
static void put_rstate(unsigned i, uint32_t fb, uint32_t zb, uint32_t dfmt, uint32_t blend, uint32_t flags0)
{
    uint32_t w[16] = {fb, 2560, 1, 480u << 16 | 640u, zb, 2560, dfmt, blend, 0xFF336699u, SAMPLER, 0, 0, flags0, 0, 0, 0};
    put_words(RS_AT(i), w, 16);
}

/* a vertex block around (cx, cy) */
static void put_vertices(scene_ctx_t *c, unsigned i, int32_t cx, int32_t cy, int32_t r)
{
    uint32_t w[24];
    for (unsigned v = 0; v < 3; v++) {
        w[8 * v + 0] = (uint32_t)(cx + scene_rand_range(c, -r, r));
        w[8 * v + 1] = (uint32_t)(cy + scene_rand_range(c, -r, r));
        w[8 * v + 2] = scene_rand(c) & 0x1FFFFFFu;
        w[8 * v + 3] = scene_rand(c);   /* W: not used */
        w[8 * v + 4] = (uint32_t)scene_rand_range(c, -32768, 32767);
        w[8 * v + 5] = (uint32_t)scene_rand_range(c, -32768, 32767);
        w[8 * v + 6] = scene_rand(c);
        w[8 * v + 7] = scene_rand(c);   /* reserved: not used */
    }
    put_words(VB_AT(i), w, 24);
}

static uint32_t rdraw(uint8_t slot, uint32_t sid, uint32_t vb, uint32_t flags, uint32_t a1, uint32_t a2)
{
    static unsigned n;
    uint32_t d[4] = {sid, vb, flags, 0};
    const uint32_t at = DD_AT(n++ % 64);
    put_words(at, d, 4);
    return cp_send(GPU_CMD_RDRAW, 0, slot, 0, at, a1, a2, NULL, 0);
}

#define RR_FB 0x600000u
static int32_t g_rr[4];

static uint32_t rrect(uint8_t slot, uint32_t sid, const uint32_t d[8], uint32_t a2)
{
    static unsigned n;
    const uint32_t at = DD_AT(64 + 2 * (n++ % 32));   /* 16-byte aligned, 32 bytes each */
    put_words(at, d, 8);
    return cp_send(GPU_CMD_RRECT, 0, slot, 0, at, sid, a2, NULL, 0);
}

/* a texture (8 x 8 RGBA4444, random texels) and its sampler */
static void put_texture(scene_ctx_t *c)
{
    uint32_t tex[32];
    for (unsigned i = 0; i < 32; i++) tex[i] = scene_rand(c);
    put_words(TEXTURE, tex, 32);
    uint32_t samp[5] = {TEXTURE, 1u | 3u << 4 | 3u << 8 | 1u << 20, (uint32_t)scene_rand_range(c, 0, 3), 0,
                        (uint32_t)scene_rand_range(c, 0, 15)};
    put_words(SAMPLER, samp, 5);
}

void scene_cp_draw(scene_ctx_t *c)
{
    put_texture(c);
    /* a Z-buffer cleared to far, two render states */
    (void)cp_send(GPU_CMD_FILL_RECT, 0, 121, 0, 0x258000u, 200u << 16 | 640u, 0x00FFFFFFu, NULL, 0);
    put_rstate(0, 0, 0x258000u, 2, 1, 0x6);   /* depth, alpha blend, texture */
    put_rstate(1, 0x12C000u, 0, 0, 2, 0x2);   /* add blend, texture, no depth */
    expect(c, "LOAD_RSTATE 0", cp_send(GPU_CMD_LOAD_RSTATE, 0, 1, 0, 0, RS_AT(0), 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "LOAD_RSTATE 1", cp_send(GPU_CMD_LOAD_RSTATE, 0, 2, 0, 1, RS_AT(1), 0, NULL, 0), GPU_CMDE_OK);
    /* draws with every flag combination over both states */
    for (unsigned i = 0; i < 24; i++) {
        put_vertices(c, i % 8, 40 + 70 * (int32_t)(i % 8), 40 + 60 * (int32_t)(i / 8), 40);
        const uint32_t fl = i & 15;
        expect(c, "RDRAW", rdraw((uint8_t)(3 + i), i & 1, VB_AT(i % 8), fl & 5, 0, fl & 10), GPU_CMDE_OK);
    }
    /* the block of the previous draw, and arg1 over the descriptor's pointer */
    expect(c, "RDRAW reuse", rdraw(30, 0, 0, 1, 0, 0), GPU_CMDE_OK);
    expect(c, "RDRAW arg1", rdraw(31, 1, VB_AT(0), 0, VB_AT(1), 8), GPU_CMDE_OK);
    (void)gpu_read(REG_FB_DRAW);
    (void)gpu_read(REG_TRI_MODE);
    (void)gpu_read(REG_ALPHA_BLEND);
    (void)gpu_read(REG_TEX0_FMT);
    (void)gpu_read(REG_COLOR);
    /* refusals of LOAD_RSTATE, in the documented order */
    expect(c, "state id", cp_send(GPU_CMD_LOAD_RSTATE, 0, 40, 0, 4, RS_AT(0), 0, NULL, 0), GPU_CMDE_BAD_ARG);
    expect(c, "RSTATE align", cp_send(GPU_CMD_LOAD_RSTATE, 0, 41, 0, 2, RS_AT(0) + 16, 0, NULL, 0), GPU_CMDE_ALIGN);
    expect(c, "RSTATE range", cp_send(GPU_CMD_LOAD_RSTATE, 0, 42, 0, 2, 0x1FFFFE0u, 0, NULL, 0), GPU_CMDE_RANGE);
    static const struct {
        unsigned word;
        uint32_t value;
        unsigned st;
        const char *what;
    } bad[] = {{0, 0x800, GPU_CMDE_BAD_ARG, "FB_BASE"},          {1, 1280, GPU_CMDE_UNSUPPORTED, "FB_STRIDE"},
               {2, 0, GPU_CMDE_UNSUPPORTED, "FB_FORMAT"},         {3, 320, GPU_CMDE_UNSUPPORTED, "FB_WH"},
               {6, 1, GPU_CMDE_UNSUPPORTED, "DEPTH_FORMAT D16"},  {4, 0x258010u, GPU_CMDE_BAD_ARG, "DEPTH_BASE"},
               {5, 4, GPU_CMDE_UNSUPPORTED, "DEPTH_STRIDE"},      {7, 3, GPU_CMDE_UNSUPPORTED, "BLEND_MODE"},
               {12, 0x10, GPU_CMDE_BAD_ARG, "FLAGS0 bits"},       {12, 1, GPU_CMDE_UNSUPPORTED, "scissor"},
               {13, 1, GPU_CMDE_BAD_ARG, "reserved"}};
    for (unsigned k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
        put_rstate(2, 0, 0x258000u, 2, 0, 0x4);
        put_words(RS_AT(2) + 4 * bad[k].word, &bad[k].value, 1);
        expect(c, bad[k].what, cp_send(GPU_CMD_LOAD_RSTATE, 0, (uint8_t)(43 + k), 0, 2, RS_AT(2), 0, NULL, 0), bad[k].st);
    }
    put_rstate(2, 0, 0, 0, 0, 0x4);   /* ENABLE_DEPTH without a D24 buffer */
    expect(c, "ENABLE_DEPTH", cp_send(GPU_CMD_LOAD_RSTATE, 0, 60, 0, 2, RS_AT(2), 0, NULL, 0), GPU_CMDE_BAD_ARG);
    /* refusals of RDRAW */
    expect(c, "unloaded slot", rdraw(61, 2, VB_AT(0), 0, 0, 0), GPU_CMDE_BAD_ARG);
    expect(c, "flag bits", rdraw(62, 0, VB_AT(0), 0x10, 0, 0), GPU_CMDE_BAD_ARG);
    expect(c, "descriptor align", cp_send(GPU_CMD_RDRAW, 0, 63, 0, DD_AT(0) + 4, 0, 0, NULL, 0), GPU_CMDE_ALIGN);
    expect(c, "vertex align", rdraw(64, 0, VB_AT(0) + 16, 0, 0, 0), GPU_CMDE_ALIGN);
    expect(c, "vertex range", rdraw(65, 0, 0x1FFFFE0u, 0, 0, 0), GPU_CMDE_RANGE);
    uint32_t far_x = 5000;
    put_vertices(c, 7, 100, 100, 10);
    put_words(VB_AT(7) + 32, &far_x, 1);
    expect(c, "vertex X", rdraw(66, 0, VB_AT(7), 0, 0, 0), GPU_CMDE_BAD_ARG);
    uint32_t big_u = 40000;
    put_vertices(c, 6, 100, 100, 10);
    put_words(VB_AT(6) + 64 + 16, &big_u, 1);
    expect(c, "U without texture", rdraw(67, 0, VB_AT(6), 0, 0, 0), GPU_CMDE_OK);
    expect(c, "U with texture", rdraw(68, 0, VB_AT(6), 8, 0, 0), GPU_CMDE_BAD_ARG);
    uint32_t bad_samp = SAMPLER + 2;
    put_words(RS_AT(3), (uint32_t[16]){0, 2560, 1, 0, 0, 0, 0, 0, 0, bad_samp, 0, 0, 2, 0, 0, 0}, 16);
    expect(c, "LOAD_RSTATE 3", cp_send(GPU_CMD_LOAD_RSTATE, 0, 69, 0, 3, RS_AT(3), 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "sampler align", rdraw(70, 3, VB_AT(0), 8, 0, 0), GPU_CMDE_ALIGN);
    expect(c, "no sampler without texture", rdraw(71, 3, VB_AT(0), 0, 0, 0), GPU_CMDE_OK);

    /* RRECT: an opaque rectangle into its own framebuffer (checked below: each pixel once) */
    put_rstate(2, RR_FB, 0, 0, 1, 0x2);
    expect(c, "LOAD_RSTATE 2", cp_send(GPU_CMD_LOAD_RSTATE, 0, 80, 0, 2, RS_AT(2), 0, NULL, 0), GPU_CMDE_OK);
    g_rr[0] = scene_rand_range(c, -20, 300);
    g_rr[1] = scene_rand_range(c, -20, 200);
    g_rr[2] = g_rr[0] + scene_rand_range(c, 1, 120);
    g_rr[3] = g_rr[1] + scene_rand_range(c, 1, 90);
    expect(c, "RRECT", rrect(81, 2, (uint32_t[8]){(uint32_t)g_rr[0], (uint32_t)g_rr[1], (uint32_t)g_rr[2],
                                                  (uint32_t)g_rr[3], 0xFF20C040u, 0, 0, 0}, 0), GPU_CMDE_OK);
    /* the others into state 0's and 1's buffers: colour and sampler choices, textured, depth, blend */
    for (unsigned i = 0; i < 8; i++) {
        const int32_t x0 = 20 + 70 * (int32_t)i, y0 = 300 + scene_rand_range(c, 0, 40);
        const uint32_t fl = (i & 1) | ((i >> 1) & 1) << 1 | ((i >> 2) & 1) << 2;
        const uint32_t col = (i % 3 == 0) ? 0 : scene_rand(c);
        const uint32_t smp = (i % 4 == 1) ? SAMPLER : 0;
        expect(c, "RRECT variants",
               rrect((uint8_t)(82 + i), i & 1, (uint32_t[8]){(uint32_t)x0, (uint32_t)y0, (uint32_t)(x0 + 50),
                                                          (uint32_t)(y0 + 40), col, fl, smp, 0}, (i & 6)),
               GPU_CMDE_OK);
    }
    expect(c, "RRECT empty", rrect(90, 0, (uint32_t[8]){50, 50, 50, 80, 1, 0, 0, 0}, 0), GPU_CMDE_OK);
    expect(c, "RRECT off screen", rrect(91, 1, (uint32_t[8]){600, 450, 700, 520, 0, 0, 0, 0}, 0), GPU_CMDE_OK);
    expect(c, "RRECT state id", rrect(92, 4, (uint32_t[8]){0, 0, 8, 8, 0, 0, 0, 0}, 0), GPU_CMDE_BAD_ARG);
    expect(c, "RRECT arg2 bits", rrect(93, 0, (uint32_t[8]){0, 0, 8, 8, 0, 0, 0, 0}, 1), GPU_CMDE_BAD_ARG);
    expect(c, "RRECT flag bits", rrect(94, 0, (uint32_t[8]){0, 0, 8, 8, 0, 8, 0, 0}, 0), GPU_CMDE_BAD_ARG);
    expect(c, "RRECT reserved", rrect(95, 0, (uint32_t[8]){0, 0, 8, 8, 0, 0, 0, 1}, 0), GPU_CMDE_BAD_ARG);
    expect(c, "RRECT corner", rrect(96, 0, (uint32_t[8]){0, 0, 2048, 8, 0, 0, 0, 0}, 0), GPU_CMDE_BAD_ARG);
    expect(c, "RRECT sampler", rrect(97, 0, (uint32_t[8]){0, 0, 8, 8, 0, 1, SAMPLER + 2, 0}, 0), GPU_CMDE_ALIGN);
    expect(c, "RRECT descriptor", cp_send(GPU_CMD_RRECT, 0, 98, 0, DD_AT(0) + 8, 0, 0, NULL, 0), GPU_CMDE_ALIGN);
}

int check_cp_draw(scene_ctx_t *c, const scene_obs_t *o)
{
    if (c->msg[0]) {
        return -1;
    }
    /* the opaque RRECT: every on-screen pixel of [x0, x1) x [y0, y1) written once, none around */
    for (int y = g_rr[1] - 2; y < g_rr[3] + 2; y++) {
        for (int x = g_rr[0] - 2; x < g_rr[2] + 2; x++) {
            if (x < 0 || y < 0 || x >= 640 || y >= 480) {
                continue;
            }
            const int in = x >= g_rr[0] && x < g_rr[2] && y >= g_rr[1] && y < g_rr[3];
            const uint32_t n = o->wcount[(RR_FB + (uint32_t)(y * 640 + x) * 4) / 4];
            if (n != (uint32_t)in) {
                snprintf(c->msg, sizeof(c->msg), "%s: RRECT (%d,%d)-(%d,%d): pixel (%d, %d) written %u times", o->backend,
                         g_rr[0], g_rr[1], g_rr[2], g_rr[3], x, y, n);
                return -1;
            }
        }
    }
    return 0;
}

/* 50 triangles per count: by RDRAW packets (one render state, one vertex block, one
 * descriptor: 2 SPI writes a draw), and by the host's own writes (COLOR + VERTEX per vertex,
 * 6 a triangle; with the state RDRAW writes too, 13) */
static void bench_tri_block(void)
{
    put_rstate(0, 0, 0, 0, 0, 0);
    (void)cp_send(GPU_CMD_LOAD_RSTATE, 0, 1, 0, 0, RS_AT(0), 0, NULL, 0);
    uint32_t w[24] = {100, 100, 0, 0, 0, 0, 0xFF808080u, 0, 108, 100, 0, 0, 0, 0, 0xFF808080u, 0,
                      100, 108, 0, 0, 0, 0, 0xFF808080u, 0};
    put_words(VB_AT(0), w, 24);
    uint32_t d[4] = {0, VB_AT(0), 0, 0};
    put_words(DD_AT(0), d, 4);
}

void scene_bench_cp_rdraw(scene_ctx_t *c)
{
    bench_tri_block();
    for (unsigned i = 0; i < 50 * bench_n(c); i++) {
        gpu_cmd_hdr_t h = {.opcode = GPU_CMD_RDRAW, .arg0 = DD_AT(0)};
        (void)gpu_cmd_send(gpu_selected(), &h, NULL, 0);
    }
}

static void host_tri(int with_state)
{
    if (with_state) {
        gpu_write(REG_FB_DRAW, 0);
        gpu_write(REG_TRI_MODE, 0);
        gpu_write(REG_ALPHA_BLEND, 0);
        gpu_write(REG_TEX0_FMT, 0);
        gpu_write(REG_TEX1_FMT, 0);
        gpu_write(REG_TEX2_FMT, 0);
        gpu_write(REG_TEX3_FMT, 0);
    }
    static const int32_t xy[3][2] = {{100, 100}, {108, 100}, {100, 108}};
    for (unsigned v = 0; v < 3; v++) {
        gpu_write(REG_COLOR, PACK_RGBA(0x80, 0x80, 0x80, 0xFF));
        gpu_write(REG_VERTEX, (uint64_t)(uint16_t)(xy[v][1] * 16) << 16 | (uint16_t)(xy[v][0] * 16));
    }
}

void scene_bench_host_tri(scene_ctx_t *c)
{
    bench_tri_block();
    for (unsigned i = 0; i < 50 * bench_n(c); i++) host_tri(0);
}

void scene_bench_host_tri_state(scene_ctx_t *c)
{
    bench_tri_block();
    for (unsigned i = 0; i < 50 * bench_n(c); i++) host_tri(1);
}

/* cp_random's draw packets: a render state with mostly valid fields, LOAD_RSTATE into a
 * random slot (or a bad one), a vertex block of small triangles, RDRAW and RRECT with random
 * flags; returns the packets sent (the uploads included) */
static unsigned random_draws(scene_ctx_t *c)
{
    unsigned n = 0;
    const unsigned slot = (unsigned)scene_rand_range(c, 0, 4);
    uint32_t rs[16] = {scene_rand(c) % 2 ? 0 : 0x12C000u, scene_rand(c) % 2 ? 2560 : 0, 1, 0, 0x258000u, 0,
                       scene_rand(c) % 2 ? 2 : 0, scene_rand(c) % 3, scene_rand(c), SAMPLER, 0, 0,
                       scene_rand(c) & 6, 0, 0, 0};
    if (rs[6] == 0) rs[12] &= 2;                     /* ENABLE_DEPTH needs D24 */
    if (scene_rand(c) % 8 == 0) rs[scene_rand(c) % 16] ^= 1u << (scene_rand(c) % 32);   /* a bad field */
    put_words(RS_AT(4), rs, 16);
    (void)cp_send(GPU_CMD_LOAD_RSTATE, 0, 110, 0, slot, RS_AT(4), 0, NULL, 0);
    uint32_t vb[24];
    const int32_t cx = scene_rand_range(c, 20, 620), cy = scene_rand_range(c, 20, 460);
    for (unsigned v = 0; v < 3; v++) {
        vb[8 * v + 0] = (uint32_t)(cx + scene_rand_range(c, -20, 20));
        vb[8 * v + 1] = (uint32_t)(cy + scene_rand_range(c, -20, 20));
        vb[8 * v + 2] = scene_rand(c) & 0x1FFFFFFu;
        vb[8 * v + 3] = 0;
        vb[8 * v + 4] = (uint32_t)scene_rand_range(c, -32768, 32767);
        vb[8 * v + 5] = (uint32_t)scene_rand_range(c, -32768, 32767);
        vb[8 * v + 6] = scene_rand(c);
        vb[8 * v + 7] = 0;
    }
    if (scene_rand(c) % 10 == 0) vb[scene_rand(c) % 24] = scene_rand(c);   /* maybe out of range */
    put_words(VB_AT(8), vb, 24);
    n += 3;
    const uint32_t sid = (uint32_t)scene_rand_range(c, 0, 4);
    uint32_t fl = scene_rand(c) & 15;
    if (scene_rand(c) % 12 == 0) fl |= 1u << (scene_rand(c) % 32);
    (void)rdraw(111, sid, scene_rand(c) % 4 ? VB_AT(8) : 0, fl, 0, scene_rand(c) & 15);
    n += 2;
    if (scene_rand(c) % 2) {
        const int32_t x0 = scene_rand_range(c, -30, 630), y0 = scene_rand_range(c, -30, 470);
        uint32_t d[8] = {(uint32_t)x0, (uint32_t)y0, (uint32_t)(x0 + scene_rand_range(c, -4, 40)),
                         (uint32_t)(y0 + scene_rand_range(c, -4, 30)), scene_rand(c) % 3 ? scene_rand(c) : 0,
                         scene_rand(c) & 7, scene_rand(c) % 3 ? 0 : SAMPLER, 0};
        if (scene_rand(c) % 12 == 0) d[scene_rand(c) % 8] ^= 1u << (scene_rand(c) % 32);
        (void)rrect(112, (uint32_t)scene_rand_range(c, 0, 4), d, scene_rand(c) % 10 ? (scene_rand(c) & 6) : scene_rand(c));
        n += 2;
    }
    return n;
}

/* ---------------------------------------------------------------- geometry: GDRAW */

/* Every GDRAW below draws into framebuffer GFA (render state 0); the same triangles expanded by
 * the scene itself (strip order, indices, BASE_VERTEX, MATERIAL_COLOR) go through RDRAW into
 * GFB (render state 1, otherwise identical). check_cp_gdraw compares the two buffers word by
 * word: GDRAW against the independently tested RDRAW path, not against itself. */
#define GFA 0x800000u
#define GFB 0x92C000u
#define GZA 0xA58000u
#define GZB 0xB84000u
#define GFX 0xCB0000u   /* render state 2: the draw that overwrites its own vertices */
#define GD_ROWS 200u    /* rows the draws stay in (Z cleared there) */
#define GS_AT(i) (CP_AREA + 0xA5000u + 64u * (i))
#define GP_AT(i) (CP_AREA + 0xA5400u + 32u * (i))
#define GD_AT(i) (CP_AREA + 0xA5800u + 16u * (i))
#define GCNT (CP_AREA + 0xA5FF0u)
#define VBO28 (CP_AREA + 0xA6000u) /* 192 vertices, stride 28 */
#define VBO48 (CP_AREA + 0xA8000u) /* 48 vertices (band 3 again), stride 48 */
#define IBO16 (CP_AREA + 0xA9002u) /* address bit 1 set */
#define IBO32 (CP_AREA + 0xA9400u)

static uint32_t g_vx[192][7];
static uint16_t g_i16[64];
static uint32_t g_i32[64];
static const struct {
    int32_t bv;
    uint32_t mat;
} g_gp[3] = {{0, 0xFF10E060u}, {5, 0x80F02040u}, {-3, 0xC0406080u}};

typedef struct {
    uint32_t first, count, top, flags;
} gd_blk_t;

/* the vertex GSTATE slot gs fetches for element e (indexed or not) with GPARAM slot gp; -1 if none */
static const uint32_t *gd_vertex(unsigned gs, unsigned gp, uint32_t e, int indexed)
{
    const int64_t idx = !indexed ? (int64_t)e : gs == 1 ? (int64_t)g_i16[e % 64] : (int64_t)g_i32[e % 64];
    const int64_t v = idx + g_gp[gp].bv;
    const int64_t base = gs == 1 ? 144 : 0;   /* VBO48 holds band 3 */
    if (v < 0 || base + v >= 192) {
        return NULL;
    }
    return g_vx[base + v];
}

/* the triangles of one block as RDRAW packets through render state 1 */
static void gd_expand(scene_ctx_t *c, unsigned gs, unsigned gp, int strip, const gd_blk_t *b)
{
    const int indexed = b->flags & 1;
    const uint32_t dflags = (b->flags & 2 ? 0 : 1) | 2 | 4 | (b->flags & 4 ? 8 : 0);
    strip |= b->top == 1;
    for (uint64_t p = 0; p + 3 <= b->count; p += strip ? 1 : 3) {
        uint32_t w[24] = {0};
        for (unsigned j = 0; j < 3; j++) {
            const uint64_t q = p + ((strip && (p & 1) && j < 2) ? 1 - j : j);
            const uint32_t *vx = gd_vertex(gs, gp, (uint32_t)(b->first + q), indexed);
            if (!vx) {
                snprintf(c->msg, sizeof(c->msg), "gd_expand: no vertex for element %llu",
                         (unsigned long long)(b->first + q));
                return;
            }
            memcpy(&w[8 * j], vx, 7 * sizeof(uint32_t));
            if (w[8 * j + 6] == 0) {
                w[8 * j + 6] = g_gp[gp].mat;
            }
        }
        put_words(VB_AT(0), w, 24);
        expect(c, "RDRAW twin", rdraw(125, 1, VB_AT(0), dflags, 0, 0), GPU_CMDE_OK);
    }
}

static uint32_t gd_arg2(unsigned gs, unsigned gp, unsigned rs, int strip, int cu)
{
    return (uint32_t)cu | (uint32_t)strip << 1 | gs << 4 | gp << 8 | rs << 12;
}

static void put_blocks(uint32_t at, const gd_blk_t *b, unsigned n)
{
    uint32_t w[60] = {0};
    for (unsigned i = 0; i < n && i < 10; i++) {
        w[6 * i] = b[i].first;
        w[6 * i + 1] = b[i].count;
        w[6 * i + 2] = b[i].top;
        w[6 * i + 3] = b[i].flags;
    }
    put_words(at, w, 6 * n);
}

/* GDRAW of blocks b[0..n) (indirect when n != 1 or force_indirect), then its RDRAW twin */
static void gd_both(scene_ctx_t *c, const char *what, uint8_t slot, unsigned gs, unsigned gp, int strip, int cu,
                    const gd_blk_t *b, unsigned n, int force_indirect)
{
    if (n) {
        put_blocks(GD_AT(0), b, n);
    }
    uint32_t cnt_ptr = 0;
    if (n != 1 || force_indirect) {
        const uint32_t cnt = n;
        put_words(GCNT, &cnt, 1);
        cnt_ptr = GCNT;
    }
    expect(c, what, cp_send(GPU_CMD_GDRAW, 0, slot, 0, GD_AT(0), cnt_ptr, gd_arg2(gs, gp, 0, strip, cu), NULL, 0),
           GPU_CMDE_OK);
    for (unsigned i = 0; i < n; i++) {
        gd_expand(c, gs, gp, strip, &b[i]);
    }
}

static uint32_t gdraw1(uint8_t slot, const gd_blk_t *b, uint32_t arg2)
{
    put_blocks(GD_AT(0), b, 1);
    return cp_send(GPU_CMD_GDRAW, 0, slot, 0, GD_AT(0), 0, arg2, NULL, 0);
}

static void put_gstate(unsigned i, uint32_t vbo, uint32_t stride, uint32_t ibo, uint32_t fmt)
{
    uint32_t w[16] = {vbo, stride, ibo, fmt};
    put_words(GS_AT(i), w, 16);
}

static void put_gparam(unsigned i, int32_t bv, uint32_t mat)
{
    uint32_t w[8] = {(uint32_t)bv, 0, mat};
    put_words(GP_AT(i), w, 8);
}

void scene_cp_gdraw(scene_ctx_t *c)
{
    put_texture(c);
    (void)cp_send(GPU_CMD_FILL_RECT, 0, 121, 0, GZA, GD_ROWS << 16 | 640u, 0x00FFFFFFu, NULL, 0);
    (void)cp_send(GPU_CMD_FILL_RECT, 0, 121, 0, GZB, GD_ROWS << 16 | 640u, 0x00FFFFFFu, NULL, 0);
    put_rstate(0, GFA, GZA, 2, 1, 0x6);   /* depth, alpha blend, texture */
    put_rstate(1, GFB, GZB, 2, 1, 0x6);
    expect(c, "LOAD_RSTATE 0", cp_send(GPU_CMD_LOAD_RSTATE, 0, 1, 0, 0, RS_AT(0), 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "LOAD_RSTATE 1", cp_send(GPU_CMD_LOAD_RSTATE, 0, 2, 0, 1, RS_AT(1), 0, NULL, 0), GPU_CMDE_OK);
    /* four bands of 48 vertices, zig-zag rows of small triangles; every fifth colour 0 */
    for (unsigned n = 0; n < 192; n++) {
        const unsigned b = n / 48, k = n % 48;
        g_vx[n][0] = 8 + 13 * k;
        g_vx[n][1] = (uint32_t)(30 + 45 * (int32_t)b + (int32_t)(k & 1) * 22 + scene_rand_range(c, -4, 4));
        g_vx[n][2] = scene_rand(c) & 0x1FFFFFFu;
        g_vx[n][3] = scene_rand(c);
        g_vx[n][4] = (uint32_t)scene_rand_range(c, -32768, 32767);
        g_vx[n][5] = (uint32_t)scene_rand_range(c, -32768, 32767);
        g_vx[n][6] = (scene_rand(c) % 5 == 0) ? 0 : scene_rand(c);
    }
    for (unsigned n = 0; n < 192; n += 32) {
        put_words(VBO28 + 28 * n, &g_vx[n][0], 7 * 32);
    }
    for (unsigned k = 0; k < 48; k += 16) {
        uint32_t w[16 * 12];
        for (unsigned i = 0; i < 16; i++) {
            memcpy(&w[12 * i], g_vx[144 + k + i], 7 * sizeof(uint32_t));
            for (unsigned j = 7; j < 12; j++) w[12 * i + j] = scene_rand(c);
        }
        put_words(VBO48 + 48 * k, w, 16 * 12);
    }
    /* indices: U16 (BASE_VERTEX 5 lands them on 0..47 of VBO48), U32 (-3 lands them on band 2) */
    for (unsigned n = 0; n < 64; n++) {
        unsigned t = 5 + n * 42 / 63 + (unsigned)scene_rand_range(c, 0, 1);
        g_i16[n] = (uint16_t)((t > 47 ? 47 : t) - 5);
        t = 96 + n * 47 / 63 + (unsigned)scene_rand_range(c, 0, 2);
        g_i32[n] = (t > 143 ? 143 : t) + 3;
    }
    uint32_t w16[33] = {0};   /* IBO16 is 2 bytes into its word: the first index is the upper half */
    for (unsigned n = 0; n < 64; n++) {
        w16[(n + 1) / 2] |= (uint32_t)g_i16[n] << ((n + 1) % 2 ? 16 : 0);
    }
    put_words(IBO16 - 2, w16, 33);
    put_words(IBO32, g_i32, 64);
    put_gstate(0, VBO28, 28, 0, 0);
    put_gstate(1, VBO48, 48, IBO16, 0);
    put_gstate(2, VBO28, 28, IBO32, 1);
    for (unsigned i = 0; i < 3; i++) {
        put_gparam(i, g_gp[i].bv, g_gp[i].mat);
        expect(c, "LOAD_GSTATE", cp_send(GPU_CMD_LOAD_GSTATE, 0, (uint8_t)(3 + i), 0, i, GS_AT(i), i & 1, NULL, 0),
               GPU_CMDE_OK);
        expect(c, "LOAD_GPARAM", cp_send(GPU_CMD_LOAD_GPARAM, 0, (uint8_t)(6 + i), 0, i, GP_AT(i), 0, NULL, 0),
               GPU_CMDE_OK);
    }
    /* draws, each with its RDRAW twin */
    gd_both(c, "list", 10, 0, 0, 0, 0, (gd_blk_t[]){{0, 48, 0, 0}}, 1, 0);
    gd_both(c, "strip", 11, 0, 0, 0, 0, (gd_blk_t[]){{48, 47, 1, 4}}, 1, 0);
    gd_both(c, "arg2 strip, flat", 12, 0, 0, 1, 1, (gd_blk_t[]){{96, 20, 0, 6}}, 1, 0);
    gd_both(c, "U16 list", 13, 1, 1, 0, 0, (gd_blk_t[]){{0, 30, 0, 1}}, 1, 0);
    gd_both(c, "U32 strip", 14, 2, 2, 0, 0, (gd_blk_t[]){{0, 25, 1, 5}}, 1, 0);
    gd_both(c, "indirect", 15, 0, 0, 0, 0, (gd_blk_t[]){{144, 12, 0, 0}, {150, 2, 0, 0}, {160, 10, 1, 4}}, 3, 0);
    gd_both(c, "indirect 1", 16, 1, 1, 0, 0, (gd_blk_t[]){{20, 9, 1, 3}}, 1, 1);
    gd_both(c, "indirect 0", 17, 0, 0, 0, 0, NULL, 0, 1);
    gd_both(c, "no triangle", 18, 0, 0, 1, 0, (gd_blk_t[]){{0, 2, 0, 0}}, 1, 0);
    (void)gpu_read(REG_TRI_MODE);
    (void)gpu_read(REG_COLOR);

    /* LOAD_GSTATE refusals, in the documented order (slot 3 stays empty: a refused load
     * leaves its slot as it was) */
    expect(c, "GSTATE slot", cp_send(GPU_CMD_LOAD_GSTATE, 0, 20, 0, 4, GS_AT(0), 0, NULL, 0), GPU_CMDE_BAD_ARG);
    expect(c, "GSTATE arg2", cp_send(GPU_CMD_LOAD_GSTATE, 0, 21, 0, 3, GS_AT(0), 2, NULL, 0), GPU_CMDE_BAD_ARG);
    expect(c, "GSTATE align", cp_send(GPU_CMD_LOAD_GSTATE, 0, 22, 0, 3, GS_AT(0) + 32, 0, NULL, 0), GPU_CMDE_ALIGN);
    expect(c, "GSTATE range", cp_send(GPU_CMD_LOAD_GSTATE, 0, 23, 0, 3, 0x3FFFFC0u, 0, NULL, 0), GPU_CMDE_RANGE);
    static const struct {
        uint32_t w[16];
        unsigned st;
        const char *what;
    } badg[] = {
        {{VBO28 + 2, 28}, GPU_CMDE_BAD_ARG, "VBO_BASE"},
        {{VBO28, 24}, GPU_CMDE_BAD_ARG, "stride 24"},
        {{VBO28, 30}, GPU_CMDE_BAD_ARG, "stride 30"},
        {{VBO28, 65536}, GPU_CMDE_BAD_ARG, "stride 65536"},
        {{VBO28, 28, IBO32, 2}, GPU_CMDE_BAD_ARG, "IBO_FORMAT"},
        {{VBO28, 28, IBO16 + 1, 0}, GPU_CMDE_BAD_ARG, "IBO U16 align"},
        {{VBO28, 28, IBO16, 1}, GPU_CMDE_BAD_ARG, "IBO U32 align"},
        {{VBO28, 28, 0, 0, 0x1000}, GPU_CMDE_UNSUPPORTED, "MVP_PTR"},
        {{VBO28, 28, 0, 0, 0, 0x1000}, GPU_CMDE_UNSUPPORTED, "LIGHT0_PTR"},
        {{VBO28, 28, 0, 0, 0, 0, 1}, GPU_CMDE_UNSUPPORTED, "CULL_ENABLE"},
        {{VBO28, 28, 0, 0, 0, 0, 2}, GPU_CMDE_UNSUPPORTED, "CLIP_ENABLE"},
        {{VBO28, 28, 0, 0, 0, 0, 5}, GPU_CMDE_BAD_ARG, "CULL_CLIP bits"},
        {{VBO28, 28, 0, 0, 0, 0, 0, 0, 0, 1}, GPU_CMDE_BAD_ARG, "reserved word"},
        {{VBO28, 29, 0, 0, 0x1000}, GPU_CMDE_BAD_ARG, "stride before MVP"},
        {{VBO28, 28, 0, 0, 0x1000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7}, GPU_CMDE_UNSUPPORTED, "MVP before reserved"},
    };
    for (unsigned k = 0; k < sizeof(badg) / sizeof(badg[0]); k++) {
        put_words(GS_AT(3), badg[k].w, 16);
        expect(c, badg[k].what, cp_send(GPU_CMD_LOAD_GSTATE, 0, (uint8_t)(24 + k), 0, 3, GS_AT(3), 0, NULL, 0),
               badg[k].st);
    }
    expect(c, "GPARAM slot", cp_send(GPU_CMD_LOAD_GPARAM, 0, 40, 0, 4, GP_AT(0), 0, NULL, 0), GPU_CMDE_BAD_ARG);
    expect(c, "GPARAM align", cp_send(GPU_CMD_LOAD_GPARAM, 0, 41, 0, 3, GP_AT(0) + 16, 0, NULL, 0), GPU_CMDE_ALIGN);
    expect(c, "GPARAM range", cp_send(GPU_CMD_LOAD_GPARAM, 0, 42, 0, 3, 0x2000000u, 0, NULL, 0), GPU_CMDE_RANGE);
    put_words(GP_AT(3), (uint32_t[8]){0, 1}, 8);
    expect(c, "BASE_INSTANCE", cp_send(GPU_CMD_LOAD_GPARAM, 0, 43, 0, 3, GP_AT(3), 0, NULL, 0), GPU_CMDE_BAD_ARG);
    put_words(GP_AT(3), (uint32_t[8]){0, 0, 0, 0, 0, 0, 0, 9}, 8);
    expect(c, "GPARAM reserved", cp_send(GPU_CMD_LOAD_GPARAM, 0, 44, 0, 3, GP_AT(3), 0, NULL, 0), GPU_CMDE_BAD_ARG);

    /* GDRAW refusals, in the documented order; none of them draws (GFA stays GFB's twin) */
    const gd_blk_t ok = {0, 12, 0, 0};
    expect(c, "arg2 bits", gdraw1(50, &ok, 1u << 2), GPU_CMDE_BAD_ARG);
    expect(c, "GSTATE unloaded", gdraw1(51, &ok, gd_arg2(3, 0, 0, 0, 0)), GPU_CMDE_BAD_ARG);
    expect(c, "GPARAM unloaded", gdraw1(52, &ok, gd_arg2(0, 3, 0, 0, 0)), GPU_CMDE_BAD_ARG);
    expect(c, "RSTATE unloaded", gdraw1(53, &ok, gd_arg2(0, 0, 3, 0, 0)), GPU_CMDE_BAD_ARG);
    expect(c, "block align", cp_send(GPU_CMD_GDRAW, 0, 54, 0, GD_AT(0) + 8, 0, 0, NULL, 0), GPU_CMDE_ALIGN);
    expect(c, "block range", cp_send(GPU_CMD_GDRAW, 0, 55, 0, 0x1FFFFF0u, 0, 0, NULL, 0), GPU_CMDE_RANGE);
    expect(c, "count align", cp_send(GPU_CMD_GDRAW, 0, 56, 0, GD_AT(0), GCNT + 2, 0, NULL, 0), GPU_CMDE_ALIGN);
    expect(c, "count range", cp_send(GPU_CMD_GDRAW, 0, 57, 0, GD_AT(0), 0x2000000u, 0, NULL, 0), GPU_CMDE_RANGE);
    const uint32_t big[3] = {1u << 21, 0xFFFFFFFFu, (0x2000000u - GD_AT(0)) / 24 + 1};
    for (unsigned k = 0; k < 3; k++) {
        put_words(GCNT, &big[k], 1);
        expect(c, "block array range", cp_send(GPU_CMD_GDRAW, 0, (uint8_t)(58 + k), 0, GD_AT(0), GCNT, 0, NULL, 0),
               GPU_CMDE_RANGE);
    }
    expect(c, "TOPOLOGY", gdraw1(61, (gd_blk_t[]){{0, 12, 2, 0}}, 0), GPU_CMDE_BAD_ARG);
    expect(c, "FLAGS bits", gdraw1(62, (gd_blk_t[]){{0, 12, 0, 8}}, 0), GPU_CMDE_BAD_ARG);
    put_words(GD_AT(0), (uint32_t[6]){0, 12, 0, 0, RS_AT(0), 0}, 6);
    expect(c, "RSTATE_PTR", cp_send(GPU_CMD_GDRAW, 0, 63, 0, GD_AT(0), 0, 0, NULL, 0), GPU_CMDE_UNSUPPORTED);
    put_words(GD_AT(0), (uint32_t[6]){0, 12, 0, 0, 0, 1}, 6);
    expect(c, "RESERVED", cp_send(GPU_CMD_GDRAW, 0, 64, 0, GD_AT(0), 0, 0, NULL, 0), GPU_CMDE_BAD_ARG);
    expect(c, "INDEXED without IBO", gdraw1(65, (gd_blk_t[]){{0, 12, 0, 1}}, 0), GPU_CMDE_BAD_ARG);
    /* the check pass: a bad vertex in the last triangle refuses the whole draw */
    expect(c, "index past 32 MiB", gdraw1(66, (gd_blk_t[]){{1u << 24, 3, 0, 1}}, gd_arg2(1, 1, 0, 0, 0)),
           GPU_CMDE_RANGE);
    expect(c, "index past the window", gdraw1(67, (gd_blk_t[]){{(0x2000000u - IBO32) / 4 - 1, 3, 0, 1}},
                                              gd_arg2(2, 0, 0, 0, 0)), GPU_CMDE_RANGE);
    expect(c, "vertex < 0", gdraw1(68, (gd_blk_t[]){{0, 3, 0, 0}}, gd_arg2(0, 2, 0, 0, 0)), GPU_CMDE_RANGE);
    expect(c, "vertex past 32 MiB", gdraw1(69, (gd_blk_t[]){{1u << 21, 3, 0, 0}}, 0), GPU_CMDE_RANGE);
    expect(c, "vertex far", gdraw1(70, (gd_blk_t[]){{(0x2000000u - VBO28) / 28 - 2, 3, 0, 0}}, 0), GPU_CMDE_RANGE);
    const uint32_t far_x = 3000, big_u = 40000;
    put_words(VBO28 + 28 * 40, &far_x, 1);   /* vertex 40: X out of range */
    expect(c, "vertex X", gdraw1(71, (gd_blk_t[]){{0, 48, 0, 0}}, 0), GPU_CMDE_BAD_ARG);
    put_words(VBO28 + 28 * 40, &g_vx[40][0], 1);
    put_words(VBO28 + 28 * 41 + 16, &big_u, 1);   /* vertex 41: U out of range */
    expect(c, "U with texture", gdraw1(72, (gd_blk_t[]){{39, 3, 0, 4}}, 0), GPU_CMDE_BAD_ARG);
    g_vx[41][4] = big_u;                          /* (without texture U is not read: drawn) */
    gd_both(c, "U without texture", 73, 0, 0, 0, 0, (gd_blk_t[]){{39, 3, 0, 0}}, 1, 0);
    put_words(GD_AT(0), (uint32_t[12]){0, 3, 0, 0, 0, 0, 0, 3, 0, 7, 0, 0}, 12);   /* 2nd block bad */
    put_words(GCNT, (uint32_t[1]){2}, 1);
    expect(c, "second block", cp_send(GPU_CMD_GDRAW, 0, 74, 0, GD_AT(0), GCNT, 0, NULL, 0), GPU_CMDE_BAD_ARG);

    /* the vertex budget (CP_WATCHDOG > 0): 12 vertex fetches per pass fit in 12, not in 11 */
    gpu_write(REG_CP_WATCHDOG, 11);
    expect(c, "budget 11", gdraw1(75, (gd_blk_t[]){{3, 12, 0, 0}}, 0), GPU_CMDE_WATCHDOG);
    put_words(GCNT, (uint32_t[1]){3}, 1);
    put_blocks(GD_AT(0), (gd_blk_t[]){{3, 6, 0, 0}, {30, 2, 1, 0}, {9, 4, 1, 0}}, 3);
    expect(c, "budget 11, indirect", cp_send(GPU_CMD_GDRAW, 0, 76, 0, GD_AT(0), GCNT, 0, NULL, 0),
           GPU_CMDE_WATCHDOG);
    gpu_write(REG_CP_WATCHDOG, 12);
    gd_both(c, "budget 12", 77, 0, 0, 0, 0, (gd_blk_t[]){{3, 12, 0, 0}}, 1, 0);
    gd_both(c, "budget 12, indirect", 78, 0, 0, 0, 0, (gd_blk_t[]){{3, 6, 0, 0}, {30, 2, 1, 0}, {9, 4, 1, 0}}, 3, 0);
    gpu_write(REG_CP_WATCHDOG, 0);

    /* the draw pass: the first triangle paints over the second's vertex words (framebuffer
     * GFX with the vertex buffer in its row 10): X becomes the pixel colour, out of range */
    put_rstate(2, GFX, 0, 0, 0, 0);
    expect(c, "LOAD_RSTATE 2", cp_send(GPU_CMD_LOAD_RSTATE, 0, 80, 0, 2, RS_AT(2), 0, NULL, 0), GPU_CMDE_OK);
    const uint32_t vrow = GFX + 10 * 2560;
    uint32_t ov[6 * 7] = {0, 0, 0, 0, 0, 0, 0xFFFF0000u, 100, 0, 0, 0, 0, 0, 0xFFFF0000u,
                          0, 30, 0, 0, 0, 0, 0xFFFF0000u};
    static const uint32_t tri2[3][2] = {{200, 20}, {240, 20}, {200, 40}};
    for (unsigned i = 3; i < 6; i++) {
        ov[7 * i] = tri2[i - 3][0];
        ov[7 * i + 1] = tri2[i - 3][1];
        ov[7 * i + 6] = 0xFF00FF00u;
    }
    put_words(vrow, ov, 42);
    put_gstate(3, vrow, 28, 0, 0);
    expect(c, "LOAD_GSTATE 3", cp_send(GPU_CMD_LOAD_GSTATE, 0, 81, 0, 3, GS_AT(3), 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "draw pass", gdraw1(82, (gd_blk_t[]){{0, 6, 0, 0}}, gd_arg2(3, 0, 2, 0, 0)), GPU_CMDE_BAD_ARG);
    (void)gpu_read(REG_CP_ERROR);
}

/* GFA against its RDRAW twin GFB, word by word over the first rows rows, except the pixels
 * skip() names; the pixels of GFA written go to *drawn */
static int cmp_twins(scene_ctx_t *c, const scene_obs_t *o, uint32_t rows, int (*skip)(uint32_t x, uint32_t y),
                     unsigned *drawn)
{
    *drawn = 0;
    for (uint32_t i = 0; i < rows * 640u; i++) {
        const uint32_t x = i % 640, y = i / 640;
        if (skip && skip(x, y)) {
            continue;
        }
        uint32_t a, b;
        memcpy(&a, o->mem + GFA + 4 * i, 4);
        memcpy(&b, o->mem + GFB + 4 * i, 4);
        if (a != b) {
            snprintf(c->msg, sizeof(c->msg), "%s: the draw and its RDRAW twin differ at pixel (%u, %u): %08x vs %08x",
                     o->backend, x, y, a, b);
            return -1;
        }
        *drawn += o->wcount[(GFA / 4) + i] != 0;
    }
    return 0;
}

int check_cp_gdraw(scene_ctx_t *c, const scene_obs_t *o)
{
    if (c->msg[0]) {
        return -1;
    }
    if (!o->mem) {
        return 0;
    }
    unsigned drawn;
    if (cmp_twins(c, o, GD_ROWS, NULL, &drawn) != 0) {
        return -1;
    }
    if (drawn < 2000) {
        snprintf(c->msg, sizeof(c->msg), "%s: GDRAW drew only %u pixels", o->backend, drawn);
        return -1;
    }
    /* the failed draw pass: its first triangle is drawn ((5, 5) inside it), its second not */
    if (o->wcount[(GFX + 5 * 2560 + 5 * 4) / 4] == 0 || o->wcount[(GFX + 25 * 2560 + 205 * 4) / 4] != 0) {
        snprintf(c->msg, sizeof(c->msg), "%s: the draw that overwrote its vertices drew the wrong triangles",
                 o->backend);
        return -1;
    }
    return 0;
}

/* cp_random's geometry packets: LOAD_GSTATE and LOAD_GPARAM into random slots (mostly valid,
 * sometimes a flipped bit), a vertex buffer of 12 small-triangle vertices at a random stride,
 * U16 or U32 indices (some past the 12 vertices), one to three GDRAW blocks with random
 * counts, topologies and flags, direct or indirect; returns the packets sent */
#define GR_VBO (CP_AREA + 0xAA000u)
#define GR_IBO (CP_AREA + 0xAB000u)
#define GR_BLK (CP_AREA + 0xAB800u)
#define GR_CNT (CP_AREA + 0xAB900u)
static unsigned random_gdraw(scene_ctx_t *c)
{
    static const uint32_t strides[4] = {28, 32, 36, 44};
    unsigned n = 0;
    const uint32_t stride = strides[scene_rand(c) % 4];
    const uint32_t u32 = scene_rand(c) & 1;
    const uint32_t ibo = GR_IBO + (u32 ? 0 : (scene_rand(c) & 2));
    uint32_t gs[16] = {GR_VBO, stride, scene_rand(c) % 4 ? ibo : 0, u32};
    if (scene_rand(c) % 10 == 0) gs[scene_rand(c) % 16] ^= 1u << (scene_rand(c) % 32);
    put_words(GS_AT(4), gs, 16);
    const uint32_t gss = (uint32_t)scene_rand_range(c, 0, 4), gps = (uint32_t)scene_rand_range(c, 0, 4);
    (void)cp_send(GPU_CMD_LOAD_GSTATE, 0, 113, 0, gss, GS_AT(4),
                  scene_rand(c) % 8 ? scene_rand(c) & 1 : scene_rand(c), NULL, 0);
    uint32_t gp[8] = {(uint32_t)scene_rand_range(c, -2, 2), 0, scene_rand(c) % 2 ? scene_rand(c) : 0};
    if (scene_rand(c) % 10 == 0) gp[scene_rand(c) % 8] ^= 1u << (scene_rand(c) % 32);
    put_words(GP_AT(4), gp, 8);
    (void)cp_send(GPU_CMD_LOAD_GPARAM, 0, 114, 0, gps, GP_AT(4), 0, NULL, 0);
    n += 4;
    uint32_t vb[12 * 11];
    const int32_t cx = scene_rand_range(c, 20, 620), cy = scene_rand_range(c, 20, 460);
    const unsigned sw = stride / 4;
    for (unsigned v = 0; v < 12; v++) {
        uint32_t *w = &vb[sw * v];
        w[0] = (uint32_t)(cx + scene_rand_range(c, -20, 20));
        w[1] = (uint32_t)(cy + scene_rand_range(c, -20, 20));
        w[2] = scene_rand(c) & 0x1FFFFFFu;
        w[3] = scene_rand(c);
        w[4] = (uint32_t)scene_rand_range(c, -32768, 32767);
        w[5] = (uint32_t)scene_rand_range(c, -32768, 32767);
        w[6] = scene_rand(c) % 4 ? scene_rand(c) : 0;
        for (unsigned j = 7; j < sw; j++) w[j] = scene_rand(c);
    }
    if (scene_rand(c) % 10 == 0) vb[scene_rand(c) % (12 * sw)] = scene_rand(c);   /* maybe out of range */
    put_words(GR_VBO, vb, 12 * sw);
    uint32_t ix[16];
    for (unsigned i = 0; i < 16; i++) {
        ix[i] = (uint32_t)scene_rand_range(c, 0, 13) | (uint32_t)scene_rand_range(c, 0, 13) << 16;
    }
    if (u32) {
        for (unsigned i = 0; i < 16; i++) ix[i] &= 0xFFFFu;
    }
    put_words(GR_IBO, ix, 16);
    const unsigned nb = (unsigned)scene_rand_range(c, 1, 3);
    uint32_t blk[18];
    for (unsigned b = 0; b < nb; b++) {
        blk[6 * b] = (uint32_t)scene_rand_range(c, 0, 4);
        blk[6 * b + 1] = (uint32_t)scene_rand_range(c, 0, 12);
        blk[6 * b + 2] = scene_rand(c) % 16 ? scene_rand(c) & 1 : 2;
        blk[6 * b + 3] = scene_rand(c) % 16 ? scene_rand(c) & 7 : scene_rand(c) & 15;
        blk[6 * b + 4] = 0;
        blk[6 * b + 5] = 0;
        if (scene_rand(c) % 16 == 0) blk[6 * b + scene_rand(c) % 6] ^= 1u << (scene_rand(c) % 32);
    }
    put_words(GR_BLK, blk, 6 * nb);
    n += 3;
    uint32_t cnt_ptr = 0;
    if (nb > 1 || scene_rand(c) % 4 == 0) {
        const uint32_t cnt = scene_rand(c) % 10 ? nb : scene_rand(c) % 2 ? 0 : scene_rand(c);
        put_words(GR_CNT, &cnt, 1);
        cnt_ptr = GR_CNT + (scene_rand(c) % 20 ? 0 : 2);
        n++;
    }
    /* mostly the slots just loaded, and the render-state slot cp_random's RDRAWs load */
    uint32_t arg2 = (scene_rand(c) & 3) | (gss & 3) << 4 | (gps & 3) << 8 | (uint32_t)scene_rand_range(c, 0, 3) << 12;
    if (scene_rand(c) % 16 == 0) arg2 ^= 1u << (scene_rand(c) % 32);
    g_gd_st[cp_send(GPU_CMD_GDRAW, 0, 115, 0, GR_BLK, cnt_ptr, arg2, NULL, 0) & 15]++;
    return n + 1;
}

/* ---------------------------------------------------------------- seed 004's example sequences */

/* "Compute-assisted vertex then draw": thread i writes vertex i of a strip (32-byte records) in
 * its data window; the host cleared the record (the kernel upload writes zeros) */
static const char k_vtxgen_src[] = "; vtxgen: X = 40 + 24 i, Y = 100 + 40 (i & 1), COLOR = {A 255, R 200, G 0, B 32 i}\n"
                                   ".threads 8\n"
                                   "    MUL   R0, %blockIdx, %blockDim\n"
                                   "    ADD   R0, R0, %threadIdx\n"
                                   "    CONST R1, #32\n"
                                   "    MUL   R2, R0, R1\n"
                                   "    CONST R3, #24\n"
                                   "    MUL   R4, R0, R3\n"
                                   "    CONST R5, #40\n"
                                   "    ADD   R4, R4, R5\n"
                                   "    STR   R2, R4\n"
                                   "    CONST R6, #2\n"
                                   "    DIV   R7, R0, R6\n"
                                   "    MUL   R7, R7, R6\n"
                                   "    SUB   R7, R0, R7\n"
                                   "    CONST R8, #40\n"
                                   "    MUL   R7, R7, R8\n"
                                   "    CONST R9, #100\n"
                                   "    ADD   R7, R7, R9\n"
                                   "    CONST R10, #4\n"
                                   "    ADD   R11, R2, R10\n"
                                   "    STR   R11, R7\n"
                                   "    CONST R10, #24\n"
                                   "    ADD   R11, R2, R10\n"
                                   "    MUL   R12, R0, R1\n"
                                   "    STR   R11, R12\n"
                                   "    CONST R10, #26\n"
                                   "    ADD   R11, R2, R10\n"
                                   "    CONST R12, #200\n"
                                   "    STR   R11, R12\n"
                                   "    CONST R10, #27\n"
                                   "    ADD   R11, R2, R10\n"
                                   "    CONST R12, #255\n"
                                   "    STR   R11, R12\n"
                                   "    RET\n";

/* "Two-pass fragment shading": thread i inverts bits 15:0 (the RGB565 pixel) of word i */
static const char k_shade_src[] = "; shade: pixel i of the row at the data base, bits 15:0 inverted\n"
                                  ".threads 16\n"
                                  "    MUL   R0, %blockIdx, %blockDim\n"
                                  "    ADD   R0, R0, %threadIdx\n"
                                  "    CONST R1, #4\n"
                                  "    MUL   R2, R0, R1\n"
                                  "    LDR   R3, R2\n"
                                  "    CONST R4, #255\n"
                                  "    SUB   R3, R4, R3\n"
                                  "    STR   R2, R3\n"
                                  "    CONST R5, #1\n"
                                  "    ADD   R6, R2, R5\n"
                                  "    LDR   R7, R6\n"
                                  "    SUB   R7, R4, R7\n"
                                  "    STR   R6, R7\n"
                                  "    RET\n";

#define SQ_VBO (CP_AREA + 0xAC000u)            /* the host's vertex buffers (stride 28) */
#define SQ_KDATA0 0x4000u                      /* vtxgen's data offset: its vertex buffer */
#define SQ_KDATA1 0x5000u                      /* shade's (unused: arg_ptr names each row) */
#define SQ_GBUF GPU_SIMT_DATA_WIN              /* the G-buffer: rows 0..3 of a framebuffer there */
#define SQ_TILE_W 16u
#define SQ_TILE_H 4u
#define SQ_DST (GFA + 20u * 2560u + 400u * 4u) /* where the shaded tile is copied */

/* one triangle through RDRAW with render state 1 (the twin framebuffer GFB) */
static void seq_twin(scene_ctx_t *c, const uint32_t (*v)[7])
{
    uint32_t w[24] = {0};
    for (unsigned j = 0; j < 3; j++) memcpy(&w[8 * j], v[j], 7 * sizeof(uint32_t));
    put_words(VB_AT(0), w, 24);
    expect(c, "RDRAW twin", rdraw(125, 1, VB_AT(0), 1, 0, 0), GPU_CMDE_OK);
}

/* the triangles of a strip of n records */
static void seq_twin_strip(scene_ctx_t *c, const uint32_t (*r)[7], unsigned n)
{
    for (unsigned t = 0; t + 3 <= n; t++) {
        const uint32_t *a = r[t + (t & 1)], *b = r[t + 1 - (t & 1)], *d = r[t + 2];
        uint32_t v[3][7];
        memcpy(v[0], a, sizeof(v[0]));
        memcpy(v[1], b, sizeof(v[1]));
        memcpy(v[2], d, sizeof(v[2]));
        seq_twin(c, (const uint32_t(*)[7])v);
    }
}

void scene_cp_seq(scene_ctx_t *c)
{
    static simt_image_t img;
    const char *srcs[2] = {k_vtxgen_src, k_shade_src};
    const unsigned prog[2] = {0, 64}, data[2] = {SQ_KDATA0, SQ_KDATA1};
    uint32_t tab[4];
    for (unsigned k = 0; k < 2; k++) {
        if (simt_assemble(srcs[k], &img) != 0) {
            snprintf(c->msg, sizeof(c->msg), "cannot assemble kernel %u: %s", k, img.err);
            return;
        }
        if (cp_upload_kernel(c, &img, prog[k], data[k]) != 0) {
            return;
        }
        tab[2 * k] = prog[k];
        tab[2 * k + 1] = data[k];
    }
    put_words(KTAB, tab, 4);
    gpu_write(REG_CP_KTAB, (2ull << 32) | KTAB);
    put_rstate(0, GFA, 0, 0, 0, 0);   /* opaque, no depth, no texture */
    put_rstate(1, GFB, 0, 0, 0, 0);   /* its twin */
    put_rstate(2, SQ_GBUF, 0, 0, 0, 0);
    expect(c, "LOAD_RSTATE 1", cp_send(GPU_CMD_LOAD_RSTATE, 0, 40, 0, 1, RS_AT(1), 0, NULL, 0), GPU_CMDE_OK);

    /* 1. "Basic draw": loads emitting fence 0, GDRAW waiting on it and emitting, RDRAW waiting */
    uint32_t vb[7][7];
    for (unsigned i = 0; i < 7; i++) {
        vb[i][0] = (uint32_t)scene_rand_range(c, 40, 300);
        vb[i][1] = (uint32_t)scene_rand_range(c, 300, 400);
        vb[i][2] = 0;
        vb[i][3] = 0;
        vb[i][4] = 0;
        vb[i][5] = 0;
        vb[i][6] = scene_rand(c) | 0xFF000000u;
    }
    put_words(SQ_VBO, &vb[0][0], 6 * 7);
    put_gstate(0, SQ_VBO, 28, 0, 0);
    put_gparam(0, 0, 0xFF808080u);
    put_blocks(GD_AT(0), (gd_blk_t[]){{0, 6, 0, 0}}, 1);
    expect(c, "basic: LOAD_GSTATE", cp_send(GPU_CMD_LOAD_GSTATE, 0, 0, 0, 0, GS_AT(0), 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "basic: LOAD_GPARAM", cp_send(GPU_CMD_LOAD_GPARAM, 0, 0, 0, 0, GP_AT(0), 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "basic: LOAD_RSTATE", cp_send(GPU_CMD_LOAD_RSTATE, 0, 0, 0, 0, RS_AT(0), 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "basic: GDRAW", cp_send(GPU_CMD_GDRAW, GPU_CMDF_WAIT, 0, 0, GD_AT(0), 0, 0, NULL, 0), GPU_CMDE_OK);
    uint32_t w7[24] = {0};
    for (unsigned j = 0; j < 3; j++) memcpy(&w7[8 * j], vb[(j + 4) % 7], 7 * sizeof(uint32_t));
    put_words(VB_AT(1), w7, 24);
    expect(c, "basic: RDRAW", rdraw(0, 0, VB_AT(1), 1, 0, 0), GPU_CMDE_OK);   /* (cp_send adds EMIT) */
    seq_twin(c, (const uint32_t(*)[7])&vb[0]);
    seq_twin(c, (const uint32_t(*)[7])&vb[3]);
    uint32_t v3[3][7];
    for (unsigned j = 0; j < 3; j++) memcpy(v3[j], vb[(j + 4) % 7], sizeof(v3[j]));
    seq_twin(c, (const uint32_t(*)[7])v3);

    /* 2. "Compute-assisted vertex then draw": the kernel writes the strip, GDRAW (CU_ASSIST)
     * waits on its fence, RDRAW waits on the draw's */
    expect(c, "compute: DISPATCH_1D", cp_send(GPU_CMD_DISPATCH_1D, 0, 1, 0, 8, 4, 0, NULL, 0), GPU_CMDE_OK);
    put_gstate(1, GPU_SIMT_DATA_WIN + SQ_KDATA0, 32, 0, 0);
    expect(c, "compute: LOAD_GSTATE", cp_send(GPU_CMD_LOAD_GSTATE, 0, 41, 0, 1, GS_AT(1), 0, NULL, 0), GPU_CMDE_OK);
    put_blocks(GD_AT(1), (gd_blk_t[]){{0, 8, 1, 0}}, 1);
    expect(c, "compute: GDRAW",
           cp_send(GPU_CMD_GDRAW, GPU_CMDF_WAIT, 1, 0, GD_AT(1), 0, gd_arg2(1, 0, 0, 0, 1), NULL, 0), GPU_CMDE_OK);
    put_words(VB_AT(1), w7, 24);
    expect(c, "compute: RDRAW", rdraw(1, 0, VB_AT(1), 0, 0, 0), GPU_CMDE_OK);
    uint32_t kv[8][7] = {{0}};
    for (unsigned i = 0; i < 8; i++) {   /* what vtxgen computes */
        kv[i][0] = 40 + 24 * i;
        kv[i][1] = 100 + 40 * (i & 1);
        kv[i][6] = 0xFF000000u | 200u << 16 | ((32u * i) & 0xFFu);
    }
    seq_twin_strip(c, (const uint32_t(*)[7])kv, 8);
    put_words(VB_AT(0), w7, 24);
    expect(c, "RDRAW twin", rdraw(125, 1, VB_AT(0), 0, 0, 0), GPU_CMDE_OK);

    /* 3. "Two-pass": GDRAW renders a tile into the G-buffer (in the SIMT data window),
     * DISPATCH_2D shades it row by row (waiting on fence 0, emitting fence 1), BARRIER, BLIT
     * to the framebuffer, SWAP_FB */
    const uint32_t quad[4][7] = {{0, 0, 0, 0, 0, 0, 0xFF2040F0u},
                                 {SQ_TILE_W, 0, 0, 0, 0, 0, 0xFFF04020u},
                                 {0, SQ_TILE_H, 0, 0, 0, 0, 0xFF20F040u},
                                 {SQ_TILE_W, SQ_TILE_H, 0, 0, 0, 0, 0xFF808080u}};
    put_words(SQ_VBO + 0x400, &quad[0][0], 28);
    put_gstate(2, SQ_VBO + 0x400, 28, 0, 0);
    expect(c, "two-pass: LOAD_GSTATE", cp_send(GPU_CMD_LOAD_GSTATE, 0, 0, 0, 2, GS_AT(2), 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "two-pass: LOAD_RSTATE", cp_send(GPU_CMD_LOAD_RSTATE, 0, 0, 0, 2, RS_AT(2), 0, NULL, 0), GPU_CMDE_OK);
    put_blocks(GD_AT(2), (gd_blk_t[]){{0, 4, 1, 0}}, 1);
    expect(c, "two-pass: GDRAW",
           cp_send(GPU_CMD_GDRAW, GPU_CMDF_WAIT, 0, 0, GD_AT(2), 0, gd_arg2(2, 0, 2, 0, 0), NULL, 0), GPU_CMDE_OK);
    for (unsigned y = 0; y < SQ_TILE_H; y++) {
        const uint32_t desc[5] = {1, 1u << 16 | SQ_TILE_W, 1u << 16 | 4u, SQ_GBUF + y * 2560u, 0};
        expect(c, "two-pass: DISPATCH_2D",
               cp_send(GPU_CMD_DISPATCH_2D, GPU_CMDF_WAIT | GPU_CMDF_PAYLOAD, y ? 1 : 0, 5, 0, 0, 0, desc, 5),
               GPU_CMDE_OK);
    }
    expect(c, "two-pass: BARRIER", cp_send(GPU_CMD_BARRIER, GPU_CMDF_WAIT, 1, 0, 0, 0, 0, NULL, 0), GPU_CMDE_OK);
    expect(c, "two-pass: BLIT",
           cp_send(GPU_CMD_BLIT, GPU_CMDF_WAIT, 1, 0, SQ_DST, SQ_GBUF, SQ_TILE_H << 16 | SQ_TILE_W, NULL, 0),
           GPU_CMDE_OK);
    expect(c, "two-pass: SWAP_FB", cp_send(GPU_CMD_SWAP_FB, GPU_CMDF_WAIT, 1, 0, GFA, 0x12C000u, 0, NULL, 0),
           GPU_CMDE_OK);
    seq_twin_strip(c, quad, 4);   /* the tile unshaded, at the top left of GFB */
    (void)gpu_read(REG_CP_FENCE);
    (void)gpu_read(REG_FB_DISPLAY);
}

/* cp_seq's pixels that differ between GFA and its twin by design: the unshaded tile at the top
 * of GFB, the shaded copy at (400, 20) in GFA */
static int seq_skip(uint32_t x, uint32_t y)
{
    return y < SQ_TILE_H || (y >= 20 && y < 20 + SQ_TILE_H && x >= 400 && x < 400 + SQ_TILE_W);
}

int check_cp_seq(scene_ctx_t *c, const scene_obs_t *o)
{
    if (c->msg[0]) {
        return -1;
    }
    if (!o->mem) {
        return 0;
    }
    /* the draws of sequences 1 and 2 against their RDRAW twins */
    unsigned drawn;
    if (cmp_twins(c, o, 480, seq_skip, &drawn) != 0) {
        return -1;
    }
    /* the shaded tile: the twin's pixels with bits 15:0 inverted */
    unsigned lit = 0;
    for (uint32_t y = 0; y < SQ_TILE_H; y++) {
        for (uint32_t x = 0; x < SQ_TILE_W; x++) {
            uint32_t a, b;
            memcpy(&a, o->mem + SQ_DST + y * 2560u + 4 * x, 4);
            memcpy(&b, o->mem + GFB + y * 2560u + 4 * x, 4);
            lit += o->wcount[(GFB + y * 2560u + 4 * x) / 4] != 0;
            if (a != (b ^ 0xFFFFu)) {
                snprintf(c->msg, sizeof(c->msg), "%s: shaded tile (%u, %u) is %08x, the unshaded twin %08x", o->backend,
                         x, y, a, b);
                return -1;
            }
        }
    }
    if (lit < SQ_TILE_W * SQ_TILE_H / 2) {
        snprintf(c->msg, sizeof(c->msg), "%s: the tile twin covers only %u pixels", o->backend, lit);
        return -1;
    }
    return 0;
}

/* benchmark (scripts/cp_bench.sh): one indexed GDRAW of 50 triangles per count, each the
 * 8-pixel flat triangle of bench_cp_rdraw (U16 indices 0, 1, 2 repeated); buffers by backdoor,
 * so the marginal cycles are the GDRAW's own */
void scene_bench_cp_gdraw(scene_ctx_t *c)
{
    const unsigned ntri = 50 * bench_n(c);
    put_rstate(0, 0, 0, 0, 0, 0);
    (void)cp_send(GPU_CMD_LOAD_RSTATE, 0, 1, 0, 0, RS_AT(0), 0, NULL, 0);
    const uint32_t vb[21] = {100, 100, 0, 0, 0, 0, 0xFF808080u, 108, 100, 0, 0, 0, 0, 0xFF808080u,
                             100, 108, 0, 0, 0, 0, 0xFF808080u};
    c->mem_load(c->tb, VBO28, vb, sizeof(vb));
    /* from the word holding IBO16 (2 bytes into it): a half of padding, then the indices */
    static uint16_t ix[3 * 50 * 16 + 2];
    const unsigned nix = 3 * ntri < 3 * 50 * 16 ? 3 * ntri : 3 * 50 * 16;
    for (unsigned i = 0; i < nix; i++) ix[1 + i] = (uint16_t)(i % 3);
    c->mem_load(c->tb, IBO16 - 2, ix, 2 * ((nix + 2) & ~1u));
    const uint32_t gs[16] = {VBO28, 28, IBO16, 0}, gp[8] = {0};
    c->mem_load(c->tb, GS_AT(0), gs, sizeof(gs));
    c->mem_load(c->tb, GP_AT(0), gp, sizeof(gp));
    const uint32_t blk[6] = {0, 3 * ntri, 0, 3, 0, 0};   /* INDEXED, SHADE_FLAT (as bench_cp_rdraw) */
    c->mem_load(c->tb, GD_AT(0), blk, sizeof(blk));
    (void)cp_send(GPU_CMD_LOAD_GSTATE, 0, 2, 0, 0, GS_AT(0), 0, NULL, 0);
    (void)cp_send(GPU_CMD_LOAD_GPARAM, 0, 3, 0, 0, GP_AT(0), 0, NULL, 0);
    gpu_cmd_hdr_t h = {.opcode = GPU_CMD_GDRAW, .arg0 = GD_AT(0)};
    (void)gpu_cmd_send(gpu_selected(), &h, NULL, 0);
}
