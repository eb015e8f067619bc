/* simt_gen.c - random program generator; see simt_gen.h. */
#include "simt_gen.h"

#include <string.h>

typedef struct {
    uint64_t s;
    simt_image_t *img;
    unsigned n;            /* words emitted */
    int overflow;
    /* labels: address or -1; fixups refer to labels */
    int lab[512];
    unsigned nlab;
    struct {
        unsigned pos;
        unsigned label;
    } fix[512];
    unsigned nfix;
} gctx_t;

static uint32_t rnd(gctx_t *g)
{
    /* splitmix64 */
    uint64_t z = (g->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

static unsigned rr(gctx_t *g, unsigned n) { return rnd(g) % n; }

static const simt_op_t *op_named(const char *mn) { return simt_find(mn); }

static void put(gctx_t *g, uint16_t w)
{
    if (g->n >= SIMT_PROG_WORDS - 1) {
        g->overflow = 1;
        return;
    }
    g->img->prog[g->n++] = w;
}

/* random don't-care bits: the hardware must ignore them */
static uint16_t dirty(gctx_t *g, const simt_op_t *op, uint16_t w)
{
    if (rr(g, 4) == 0) {
        uint16_t dc = (uint16_t)~(op->mask | simt_field_bits(op->fields));
        w |= (uint16_t)(rnd(g) & dc);
    }
    return w;
}

static void ins(gctx_t *g, const char *mn, unsigned nzp, unsigned d, unsigned s, unsigned t,
                unsigned imm)
{
    const simt_op_t *op = op_named(mn);
    put(g, dirty(g, op, simt_encode(op, nzp, d, s, t, imm)));
}

static unsigned new_label(gctx_t *g)
{
    if (g->nlab >= 512) {
        g->overflow = 1;
        return 0;
    }
    g->lab[g->nlab] = -1;
    return g->nlab++;
}

static void place(gctx_t *g, unsigned l) { g->lab[l] = (int)g->n; }

static void fixup(gctx_t *g, unsigned label)
{
    if (g->nfix >= 512 || g->n == 0) {
        g->overflow = 1;
        return;
    }
    g->fix[g->nfix].pos = g->n - 1;
    g->fix[g->nfix].label = label;
    g->nfix++;
}

static unsigned rsrc(gctx_t *g) { return rr(g, 16); }
static unsigned rdst(gctx_t *g) { return rr(g, 16) == 0 ? 13 + rr(g, 3) : 2 + rr(g, 7); }

static void free_op(gctx_t *g)
{
    /* pick a table entry usable with any operands */
    const simt_op_t *op;
    do {
        op = &simt_ops[rr(g, simt_nops)];
    } while (op->gen != SIMT_GEN_FREE);
    unsigned imm = rr(g, 4) == 0 ? rr(g, 4) : rr(g, 256);
    put(g, dirty(g, op, simt_encode(op, 0, rdst(g), rsrc(g), rsrc(g), imm)));
}

/* one item of a block; labels[] are the boundaries after items i..n-1 of this block */
static void item(gctx_t *g, unsigned i, unsigned n, const unsigned *labels, int in_loop,
                 int allow_loop);

static void block(gctx_t *g, unsigned n, int in_loop, int allow_loop)
{
    unsigned labels[16];
    for (unsigned i = 0; i < n; i++) {
        labels[i] = new_label(g);
    }
    for (unsigned i = 0; i < n; i++) {
        item(g, i, n, labels, in_loop, allow_loop);
        place(g, labels[i]);
    }
}

static void item(gctx_t *g, unsigned i, unsigned n, const unsigned *labels, int in_loop,
                 int allow_loop)
{
    unsigned k = rr(g, 100);
    unsigned tgt = labels[i + rr(g, n - i)]; /* a boundary at or after this item */
    if (k < 38) {
        free_op(g);
    } else if (k < 44) { /* CMP to feed branches with fresh flags */
        ins(g, "CMP", 0, 0, rsrc(g), rsrc(g), 0);
    } else if (k < 52) { /* load from the input area */
        ins(g, "CONST", 0, 9, 0, 0, 2);
        ins(g, "DIV", 0, 9, rsrc(g), 9, 0);
        ins(g, "LDR", 0, rdst(g), 9, 0, 0);
    } else if (k < 58) { /* load from the own slot */
        ins(g, "CONST", 0, 9, 0, 0, rr(g, 8));
        ins(g, "ADD", 0, 9, 9, 1, 0);
        ins(g, "LDR", 0, rdst(g), 9, 0, 0);
    } else if (k < 68) { /* store to the own slot */
        ins(g, "CONST", 0, 9, 0, 0, rr(g, 8));
        ins(g, "ADD", 0, 9, 9, 1, 0);
        ins(g, "STR", 0, 0, 9, rsrc(g), 0);
    } else if (k < 82) { /* forward branch, any condition (000 never branches) */
        ins(g, "BR", rr(g, 8), 0, 0, 0, 0);
        fixup(g, tgt);
    } else if (k < 86) { /* forward jump through a register */
        ins(g, "CONST", 0, 11, 0, 0, 0);
        fixup(g, tgt);
        ins(g, "JMP", 0, 0, 11, 0, 0);
    } else if (k < 89 && !in_loop) { /* conditional early RET */
        ins(g, "BR", rr(g, 8), 0, 0, 0, (g->n + 2) & 0xFF);
        ins(g, "RET", 0, 0, 0, 0, 0);
    } else if (k < 92) { /* reserved opcode: executes as NOP */
        put(g, (uint16_t)(((0xB + rr(g, 4)) << 12) | rr(g, 4096)));
    } else if (k < 100 && allow_loop && !in_loop) { /* counted loop */
        if (rr(g, 2)) {
            ins(g, "CONST", 0, 10, 0, 0, 1 + rr(g, 4));
        } else { /* per-thread count 1..4: divergent loop */
            ins(g, "CONST", 0, 12, 0, 0, 4);
            ins(g, "DIV", 0, 11, rsrc(g), 12, 0);
            ins(g, "MUL", 0, 11, 11, 12, 0);
            ins(g, "SUB", 0, 10, rsrc(g), 11, 0);
            ins(g, "DIV", 0, 11, 10, 12, 0);   /* fold 0..255 into 0..3 */
            ins(g, "MUL", 0, 11, 11, 12, 0);
            ins(g, "SUB", 0, 10, 10, 11, 0);
            ins(g, "CONST", 0, 12, 0, 0, 1);
            ins(g, "ADD", 0, 10, 10, 12, 0);
        }
        unsigned top = new_label(g);
        place(g, top);
        block(g, 1 + rr(g, 4), 1, 0);
        ins(g, "CONST", 0, 12, 0, 0, 1);
        ins(g, "SUB", 0, 10, 10, 12, 0);
        ins(g, "CONST", 0, 12, 0, 0, 0);
        ins(g, "CMP", 0, 0, 10, 12, 0);
        ins(g, "BR", 1, 0, 0, 0, 0); /* BRp top */
        fixup(g, top);
    } else {
        free_op(g);
    }
}

int simt_gen(uint64_t seed, simt_image_t *img)
{
    static gctx_t g;
    for (uint64_t attempt = 0;; attempt++) {
        memset(&g, 0, sizeof g);
        memset(img, 0, sizeof *img);
        g.s = seed * 0x100000001B3ull + attempt;
        g.img = img;
        img->threads = 1 + rr(&g, 16);
        for (unsigned a = 0; a < SIMT_DATA_BYTES; a++) {
            img->data[a] = (uint8_t)rnd(&g);
        }
        /* prologue */
        ins(&g, "MUL", 0, 0, 13, 14, 0);
        ins(&g, "ADD", 0, 0, 0, 15, 0);
        ins(&g, "CONST", 0, 9, 0, 0, 8);
        ins(&g, "MUL", 0, 1, 0, 9, 0);
        ins(&g, "CONST", 0, 9, 0, 0, 128);
        ins(&g, "ADD", 0, 1, 1, 9, 0);
        for (unsigned r = 2; r <= 8; r++) {
            if (rr(&g, 2)) {
                ins(&g, "CONST", 0, r, 0, 0, rr(&g, 256));
            }
        }
        block(&g, 4 + rr(&g, 12), 0, 1);
        /* epilogue: make two registers visible in memory */
        ins(&g, "CONST", 0, 9, 0, 0, 7);
        ins(&g, "ADD", 0, 9, 9, 1, 0);
        ins(&g, "STR", 0, 0, 9, 2 + rr(&g, 7), 0);
        ins(&g, "RET", 0, 0, 0, 0, 0);
        if (g.overflow) {
            continue;
        }
        for (unsigned f = 0; f < g.nfix; f++) {
            int a = g.lab[g.fix[f].label];
            img->prog[g.fix[f].pos] =
                (uint16_t)((img->prog[g.fix[f].pos] & 0xFF00u) | ((unsigned)a & 0xFFu));
        }
        img->nprog = g.n;
        return 0;
    }
}
