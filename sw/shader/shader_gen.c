/* shader_gen.c - seeded random shader programs; the contract is in shader_gen.h. */
#include "shader_gen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shader_isa.h"
#include "shader_iss.h"

#define R_DATA0 13u
#define N_DATA 16u
#define R_SINK0 29u
#define N_SINK 3u
#define MAX_SUBS 4u
#define POOL_WORDS 16u

typedef struct {
    char *buf;
    size_t len, cap;
    bool oom;
    uint64_t rng;
    unsigned ncores;
    unsigned pcw;        /* words from SHD_GEN_BASE to the current line */
    unsigned code_w;     /* word index of 'start' */
    unsigned label;
    unsigned loop_depth;
    unsigned nest;       /* item nesting (branches, loops) */
    bool in_sub;
    unsigned nsubs;
    unsigned alu[64], nalu, ld[16], nld, st[16], nst, at[8], nat, br[8], nbr;
} gen_t;

static unsigned rnd(gen_t *g, unsigned n)
{
    return n ? (unsigned)(shd_rand(&g->rng) % n) : 0;
}

static void out(gen_t *g, const char *fmt, ...)
{
    char line[160];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || g->oom) {
        g->oom = true;
        return;
    }
    if (g->len + (size_t)n + 2 > g->cap) {
        size_t nc = g->cap ? g->cap * 2 : 8192;
        while (nc < g->len + (size_t)n + 2) {
            nc *= 2;
        }
        char *nb = realloc(g->buf, nc);
        if (!nb) {
            g->oom = true;
            return;
        }
        g->buf = nb;
        g->cap = nc;
    }
    memcpy(g->buf + g->len, line, (size_t)n);
    g->len += (size_t)n;
    g->buf[g->len++] = '\n';
    g->buf[g->len] = 0;
}

/* an instruction line of `words` words */
#define INSN(g, words, ...) do { out((g), "    " __VA_ARGS__); (g)->pcw += (words); } while (0)

static unsigned data_reg(gen_t *g) { return R_DATA0 + rnd(g, N_DATA); }
static unsigned sink_reg(gen_t *g) { return R_SINK0 + rnd(g, N_SINK); }
/* a source that never depends on the interleaving */
static unsigned det_src(gen_t *g)
{
    return rnd(g, 8) == 0 ? rnd(g, 5) : data_reg(g); /* s0..s4 or data */
}
static unsigned any_src(gen_t *g)
{
    return rnd(g, 4) == 0 ? sink_reg(g) : det_src(g);
}
static int32_t rimm12(gen_t *g)
{
    switch (rnd(g, 3)) {
    case 0: return (int32_t)rnd(g, 33) - 16;
    case 1: return (int32_t)rnd(g, 4096) - 2048;
    default: return rnd(g, 2) ? 2047 - (int32_t)rnd(g, 3) : -2048 + (int32_t)rnd(g, 3);
    }
}
static uint32_t r32(gen_t *g)
{
    static const uint32_t edge[] = {0, 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x800u, 0xFFFFF800u, 31, 32};
    return rnd(g, 4) == 0 ? edge[rnd(g, sizeof edge / sizeof edge[0])] : (uint32_t)shd_rand(&g->rng);
}
static unsigned size_of(const char *mn)
{
    return mn[1] == 'B' ? 1u : (mn[1] == 'H' ? 2u : 4u);
}
/* an offset in a 1 KiB area for an access of n bytes: aligned 3 times in 4 */
static unsigned area_off(gen_t *g, unsigned n, unsigned area)
{
    return rnd(g, 4) ? rnd(g, area / n) * n : rnd(g, area - n + 1);
}
/* pc-relative reach of the pool and slots from here (imm12) */
static bool pool_in_reach(const gen_t *g)
{
    return g->pcw * 4u + 64u < 2000u;
}

static void gen_item(gen_t *g);

static void gen_items(gen_t *g, unsigned n)
{
    g->nest++;
    for (unsigned i = 0; i < n; i++) {
        gen_item(g);
    }
    g->nest--;
}

static void gen_alu(gen_t *g)
{
    const shd_op_t *op = &shd_ops[g->alu[rnd(g, g->nalu)]];
    bool sink = rnd(g, 5) == 0;
    unsigned rd = sink ? sink_reg(g) : data_reg(g);
    unsigned a = sink ? any_src(g) : det_src(g), b = sink ? any_src(g) : det_src(g);
    switch (op->fmt) {
    case SHD_FMT_R:  INSN(g, 1, "%s s%u, s%u, s%u", op->mn, rd, a, b); break;
    case SHD_FMT_R1: INSN(g, 1, "%s s%u, s%u", op->mn, rd, a); break;
    case SHD_FMT_I:  INSN(g, 1, "%s s%u, s%u, %d", op->mn, rd, a, (int)rimm12(g)); break;
    case SHD_FMT_SH: INSN(g, 1, "%s s%u, s%u, %u", op->mn, rd, a, rnd(g, 32)); break;
    case SHD_FMT_U:  INSN(g, 1, "%s s%u, %u", op->mn, rd, (unsigned)(r32(g) >> 12)); break;
    default: break;
    }
}

/* one load or store with the mode of its row; base = s2 (shared read-only) or s3 (private) */
static void gen_mem(gen_t *g, const shd_op_t *op, bool store)
{
    unsigned n = size_of(op->mn);
    unsigned base = (store || rnd(g, 2)) ? 3u : 2u;
    unsigned reg = store ? det_src(g) : (rnd(g, 6) ? data_reg(g) : sink_reg(g));
    unsigned off = area_off(g, n, 0x400);
    switch (op->fmt) {
    case SHD_FMT_MI:
        INSN(g, 1, "%s s%u, %u(s%u)", op->mn, reg, off, base);
        break;
    case SHD_FMT_MB:
        INSN(g, 1, "ADDI s5, s%u, %u", base, off);
        INSN(g, 1, "%s s%u, (s5)", op->mn, reg);
        break;
    case SHD_FMT_MX:
        INSN(g, 1, "ANDI s6, s%u, 1008", data_reg(g)); /* 0..0x3F0 */
        if (rnd(g, 3) == 0) {
            INSN(g, 1, "ADDI s6, s6, %u", rnd(g, 4));
        }
        if (rnd(g, 2)) {
            INSN(g, 1, "%s s%u, (s%u+s6)", op->mn, reg, base);
        } else {
            INSN(g, 1, "%s s%u, (s6+s%u)", op->mn, reg, base);
        }
        break;
    case SHD_FMT_MP: {
        unsigned k = rnd(g, g->ncores), so = area_off(g, n, 16);
        if (!pool_in_reach(g)) {
            if (!store) { /* read the code behind (never written) */
                INSN(g, 1, "%s s%u, -%u(pc)", op->mn, reg, 4u + rnd(g, 61));
            }
            break;
        }
        if (!store && rnd(g, 2)) {
            INSN(g, 1, "%s s%u, pool+%u", op->mn, reg, area_off(g, n, POOL_WORDS * 4u));
            break;
        }
        /* the core's own pc-relative slot, behind a CORE_ID guard */
        unsigned l = g->label++;
        INSN(g, 1, "ADDI s7, s0, %u", k);
        INSN(g, 1, "BNE s1, s7, G%u", l);
        INSN(g, 1, "%s s%u, slots+%u", op->mn, reg, 16u * k + so);
        if (store && rnd(g, 2)) {
            INSN(g, 1, "L%c s%u, slots+%u", op->mn[1], data_reg(g), 16u * k + area_off(g, n, 16));
        }
        out(g, "G%u:", l);
        break;
    }
    default:
        break;
    }
}

static void gen_atom(gen_t *g)
{
    const shd_op_t *op = &shd_ops[g->at[rnd(g, g->nat)]];
    unsigned f3 = shd_f3(op->match);
    if (f3 == 3 || f3 == 4) { /* XCHG, CAS: a private word, deterministic */
        unsigned rd = data_reg(g), e = data_reg(g);
        INSN(g, 1, "ADDI s5, s3, %u", 4u * rnd(g, 256));
        if (f3 == 4 && rnd(g, 2)) {
            INSN(g, 1, "LW s%u, (s5)", e); /* the CAS succeeds */
        }
        INSN(g, 1, "%s s%u, s%u, (s5)", op->mn, rd, f3 == 4 ? e : det_src(g));
        return;
    }
    /* one operation per shared word, so the final value is interleaving-independent:
     * word k takes operation k % 6 of ADD MIN MAX AND OR XOR */
    static const unsigned slot_of_f3[8] = {0, 1, 2, 0, 0, 3, 4, 5};
    unsigned k = 6u * rnd(g, 10) + slot_of_f3[f3];
    INSN(g, 1, "ADDI s5, s4, %u", 4u * k);
    INSN(g, 1, "%s s%u, s%u, (s5)", op->mn, rnd(g, 4) ? sink_reg(g) : 0u, det_src(g));
}

static void gen_branch(gen_t *g)
{
    const shd_op_t *op = &shd_ops[g->br[rnd(g, g->nbr)]];
    unsigned l = g->label++;
    unsigned a = rnd(g, 4) == 0 ? 1u : det_src(g); /* s1: core-dependent paths */
    INSN(g, 1, "%s s%u, s%u, F%u", op->mn, a, det_src(g), l);
    gen_items(g, 1 + rnd(g, 3));
    out(g, "F%u:", l);
}

static void gen_loop(gen_t *g)
{
    unsigned cnt = 10u + g->loop_depth, l = g->label++;
    INSN(g, 2, "MOVI s%u, %u", cnt, 1u + rnd(g, 6));
    out(g, "L%u:", l);
    g->loop_depth++;
    gen_items(g, 1 + rnd(g, 4));
    g->loop_depth--;
    INSN(g, 1, "ADDI s%u, s%u, -1", cnt, cnt);
    switch (rnd(g, 3)) {
    case 0: INSN(g, 1, "BNE s%u, s0, L%u", cnt, l); break;
    case 1: INSN(g, 1, "BLT s0, s%u, L%u", cnt, l); break;
    default: INSN(g, 1, "BLTU s0, s%u, L%u", cnt, l); break;
    }
}

static void gen_jump(gen_t *g)
{
    unsigned l = g->label++;
    unsigned rd = rnd(g, 3) ? data_reg(g) : 0u;
    switch (rnd(g, 3)) {
    case 0:
        INSN(g, 1, "JAL s%u, F%u", rd, l);
        break;
    case 1: /* bit 0 of a JALR target is cleared */
        INSN(g, 2, "MOVI s8, F%u+%u", l, rnd(g, 2));
        INSN(g, 1, "JALR s%u, s8, 0", rd);
        break;
    default: {
        int d = (int)rnd(g, 41) - 20;
        INSN(g, 2, "MOVI s8, F%u%+d", l, -4 * d);
        INSN(g, 1, "JALR s%u, s8, %d", rd, 4 * d);
        break;
    }
    }
    gen_items(g, 1 + rnd(g, 2)); /* skipped */
    out(g, "F%u:", l);
}

static void gen_csr(gen_t *g)
{
    static const char *ro[] = {"CORE_ID", "ARG_BASE", "TILE_OFFSET", "NCORES", "STATUS", "CONFIG"};
    switch (rnd(g, 6)) {
    case 0:
    case 1:
        INSN(g, 1, "CSRRS s%u, %s, s0", data_reg(g), ro[rnd(g, 6)]);
        break;
    case 2:
        INSN(g, 1, "CSRRS s%u, TIME, s0", sink_reg(g));
        break;
    case 3:
        INSN(g, 1, "CSRRW s%u, %s, s%u", rnd(g, 3) ? data_reg(g) : 0u, rnd(g, 2) ? "STATUS" : "CONFIG",
             det_src(g));
        break;
    case 4:
        INSN(g, 1, "CSRRS s%u, %s, s%u", data_reg(g), rnd(g, 2) ? "STATUS" : "CONFIG", det_src(g));
        break;
    default:
        INSN(g, 1, "SETMISC s%u, %u, %u", rnd(g, 4) ? data_reg(g) : 0u, rnd(g, 64), rnd(g, 64));
        break;
    }
}

static void gen_item(gen_t *g)
{
    unsigned w = rnd(g, 100);
    bool can_nest = g->nest < 3;
    if (w < 30) {
        gen_alu(g);
    } else if (w < 44) {
        gen_mem(g, &shd_ops[g->ld[rnd(g, g->nld)]], false);
    } else if (w < 56) {
        gen_mem(g, &shd_ops[g->st[rnd(g, g->nst)]], true);
    } else if (w < 66) {
        gen_atom(g);
    } else if (w < 73 && can_nest) {
        gen_branch(g);
    } else if (w < 78 && can_nest && g->loop_depth < 2 && !g->in_sub) {
        gen_loop(g);
    } else if (w < 82 && !g->in_sub) {
        unsigned k = g->nsubs < MAX_SUBS && rnd(g, 2) ? g->nsubs++ : rnd(g, g->nsubs ? g->nsubs : 1);
        if (g->nsubs == 0) {
            g->nsubs = 1;
        }
        INSN(g, 1, "JAL s12, sub%u", k);
    } else if (w < 86 && can_nest) {
        gen_jump(g);
    } else if (w < 93) {
        gen_csr(g);
    } else if (w < 98) {
        static const char *sy[] = {"MEMBAR", "BARRIER", "NOP"};
        INSN(g, 1, "%s", sy[rnd(g, 3)]);
    } else if (w < 99 && !g->in_sub) { /* one core stops early */
        unsigned l = g->label++;
        INSN(g, 1, "ADDI s7, s0, %u", rnd(g, g->ncores));
        INSN(g, 1, "BNE s1, s7, X%u", l);
        INSN(g, 1, "WFI");
        out(g, "X%u:", l);
    } else {
        gen_alu(g);
    }
}

static void words(gen_t *g, unsigned n)
{
    for (unsigned i = 0; i < n; i += 8) {
        char line[160];
        unsigned k = 0;
        k += (unsigned)snprintf(line + k, sizeof line - k, ".word");
        for (unsigned j = i; j < n && j < i + 8; j++) {
            k += (unsigned)snprintf(line + k, sizeof line - k, "%s0x%08x", j == i ? " " : ", ",
                                    (unsigned)shd_rand(&g->rng));
        }
        out(g, "    %s", line);
    }
}

int shd_gen(uint64_t seed, unsigned ncores, char **text)
{
    gen_t g;
    memset(&g, 0, sizeof g);
    uint64_t st = seed ^ 0x243F6A8885A308D3ull;
    g.rng = shd_rand(&st); /* hashed: the streams of neighbouring seeds are unrelated */
    g.ncores = ncores;
    for (unsigned i = 0; i < shd_nops; i++) {
        const shd_op_t *op = &shd_ops[i];
        switch (op->cls) {
        case SHD_CLS_ALU:
        case SHD_CLS_MUL: g.alu[g.nalu++] = i; break;
        case SHD_CLS_LOAD: g.ld[g.nld++] = i; break;
        case SHD_CLS_STORE: g.st[g.nst++] = i; break;
        case SHD_CLS_ATOM: g.at[g.nat++] = i; break;
        case SHD_CLS_BRANCH: g.br[g.nbr++] = i; break;
        default: break; /* jumps, CSRs, sync, WFI: by template */
        }
    }
    out(&g, "; shader-gen seed %llu, %u cores", (unsigned long long)seed, ncores);
    INSN(&g, 1, "J start");
    out(&g, "pool:");
    words(&g, POOL_WORDS);
    g.pcw += POOL_WORDS;
    out(&g, "slots:");
    out(&g, "    .space %u", 16u * ncores);
    g.pcw += 4u * ncores;
    out(&g, "start:");
    g.code_w = g.pcw;
    INSN(&g, 1, "CSRRS s1, CORE_ID, s0");
    INSN(&g, 1, "CSRRS s2, ARG_BASE, s0");
    INSN(&g, 1, "SHLI s3, s1, 10");
    INSN(&g, 1, "ADD s3, s3, s2");
    INSN(&g, 1, "ADDI s3, s3, 1024");
    INSN(&g, 2, "MOVI s4, %u", 1024u + 1024u * ncores);
    INSN(&g, 1, "ADD s4, s4, s2");
    for (unsigned r = R_DATA0; r < 32; r++) {
        INSN(&g, 2, "MOVI s%u, 0x%08x", r, r32(&g));
    }
    gen_items(&g, 8 + rnd(&g, 60));
    for (unsigned k = 0; k < N_DATA; k++) {
        INSN(&g, 1, "SW s%u, %u(s3)", R_DATA0 + k, 0x380u + 4u * k);
    }
    INSN(&g, 1, "CSRRS s13, STATUS, s0");
    INSN(&g, 1, "SW s13, 0x3C0(s3)");
    INSN(&g, 1, "CSRRS s13, CONFIG, s0");
    INSN(&g, 1, "SW s13, 0x3C4(s3)");
    INSN(&g, 1, "WFI");
    g.in_sub = true;
    for (unsigned k = 0; k < g.nsubs; k++) {
        out(&g, "sub%u:", k);
        gen_items(&g, 1 + rnd(&g, 4));
        if (rnd(&g, 2)) {
            INSN(&g, 1, "JALR s0, s12, 0");
        } else {
            INSN(&g, 1, "JR s12");
        }
    }
    out(&g, "    .org 0x%x", SHD_GEN_BASE + SHD_GEN_ARG_OFF);
    out(&g, "arg:");
    words(&g, 256u + 256u * ncores + 64u);
    if (g.oom) {
        free(g.buf);
        *text = NULL;
        return -1;
    }
    *text = g.buf;
    return 0;
}
