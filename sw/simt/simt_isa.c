/* simt_isa.c - the decode table of the seed-002 SIMT ISA and its execute functions.
 * See simt_isa.h for the semantics; docs/simt.md for the decisions behind them. */
#include "simt_isa.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static void set_wb(const simt_thread_t *th, simt_effect_t *e, unsigned rd, uint8_t v)
{
    (void)th;
    if (rd < SIMT_REG_BLOCKIDX) { /* R13..R15 are read only: the write is dropped */
        e->wb = true;
        e->rd = (uint8_t)rd;
        e->wdata = v;
    }
}

static void ex_nop(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                   void *ctx)
{
    (void)th; (void)w; (void)e; (void)ld; (void)ctx;
}

static void ex_br(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                  void *ctx)
{
    (void)ld; (void)ctx;
    if ((simt_fnzp(w) & th->nzp) != 0) {
        e->next_pc = (uint8_t)simt_fimm(w);
    }
}

static void ex_cmp(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                   void *ctx)
{
    (void)ld; (void)ctx;
    int a = (int8_t)th->r[simt_fs(w)];
    int b = (int8_t)th->r[simt_ft(w)];
    int d = a - b; /* -255..255: no wrap */
    e->nzp_wr = true;
    e->nzp = d < 0 ? SIMT_NZP_N : (d == 0 ? SIMT_NZP_Z : SIMT_NZP_P);
}

static void ex_add(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                   void *ctx)
{
    (void)ld; (void)ctx;
    set_wb(th, e, simt_fd(w), (uint8_t)(th->r[simt_fs(w)] + th->r[simt_ft(w)]));
}

static void ex_sub(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                   void *ctx)
{
    (void)ld; (void)ctx;
    set_wb(th, e, simt_fd(w), (uint8_t)(th->r[simt_fs(w)] - th->r[simt_ft(w)]));
}

static void ex_mul(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                   void *ctx)
{
    (void)ld; (void)ctx;
    set_wb(th, e, simt_fd(w), (uint8_t)(th->r[simt_fs(w)] * th->r[simt_ft(w)]));
}

static void ex_div(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                   void *ctx)
{
    (void)ld; (void)ctx;
    uint8_t a = th->r[simt_fs(w)];
    uint8_t b = th->r[simt_ft(w)];
    set_wb(th, e, simt_fd(w), b == 0 ? (uint8_t)SIMT_DIV0_RESULT : (uint8_t)(a / b));
}

static void ex_ldr(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                   void *ctx)
{
    uint8_t a = th->r[simt_fs(w)];
    e->ld = true;
    e->laddr = a;
    set_wb(th, e, simt_fd(w), ld ? ld(ctx, a) : 0);
}

static void ex_str(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                   void *ctx)
{
    (void)ld; (void)ctx;
    e->st = true;
    e->saddr = th->r[simt_fs(w)];
    e->sdata = th->r[simt_ft(w)];
}

static void ex_const(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                     void *ctx)
{
    (void)ld; (void)ctx;
    set_wb(th, e, simt_fd(w), (uint8_t)simt_fimm(w));
}

static void ex_jmp(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                   void *ctx)
{
    (void)ld; (void)ctx;
    e->next_pc = th->r[simt_fs(w)];
}

static void ex_ret(const simt_thread_t *th, uint16_t w, simt_effect_t *e, simt_load_fn ld,
                   void *ctx)
{
    (void)th; (void)w; (void)ld; (void)ctx;
    e->ret = true;
}

/* THE decode table. mask covers the opcode nibble only: every other bit is an operand
 * or a don't-care. Opcodes 0xB..0xE are reserved (no entry: they execute as NOP). */
const simt_op_t simt_ops[] = {
    {"NOP",   0x0000, 0xF000, 0,                                SIMT_GEN_FREE,   ex_nop},
    {"BR",    0x1000, 0xF000, SIMT_F_NZP | SIMT_F_IMM,          SIMT_GEN_BRANCH, ex_br},
    {"CMP",   0x2000, 0xF000, SIMT_F_S | SIMT_F_T,              SIMT_GEN_FREE,   ex_cmp},
    {"ADD",   0x3000, 0xF000, SIMT_F_D | SIMT_F_S | SIMT_F_T,   SIMT_GEN_FREE,   ex_add},
    {"SUB",   0x4000, 0xF000, SIMT_F_D | SIMT_F_S | SIMT_F_T,   SIMT_GEN_FREE,   ex_sub},
    {"MUL",   0x5000, 0xF000, SIMT_F_D | SIMT_F_S | SIMT_F_T,   SIMT_GEN_FREE,   ex_mul},
    {"DIV",   0x6000, 0xF000, SIMT_F_D | SIMT_F_S | SIMT_F_T,   SIMT_GEN_FREE,   ex_div},
    {"LDR",   0x7000, 0xF000, SIMT_F_D | SIMT_F_S,              SIMT_GEN_MEM,    ex_ldr},
    {"STR",   0x8000, 0xF000, SIMT_F_S | SIMT_F_T,              SIMT_GEN_MEM,    ex_str},
    {"CONST", 0x9000, 0xF000, SIMT_F_D | SIMT_F_IMM,            SIMT_GEN_FREE,   ex_const},
    {"JMP",   0xA000, 0xF000, SIMT_F_S,                         SIMT_GEN_JUMP,   ex_jmp},
    {"RET",   0xF000, 0xF000, 0,                                SIMT_GEN_END,    ex_ret},
};
const unsigned simt_nops = sizeof simt_ops / sizeof simt_ops[0];

uint16_t simt_field_bits(unsigned f)
{
    uint16_t b = 0;
    if (f & SIMT_F_NZP) { b |= 0x0E00; }
    if (f & SIMT_F_D)   { b |= 0x0F00; }
    if (f & SIMT_F_S)   { b |= 0x00F0; }
    if (f & SIMT_F_T)   { b |= 0x000F; }
    if (f & SIMT_F_IMM) { b |= 0x00FF; }
    return b;
}

const simt_op_t *simt_decode(uint16_t insn)
{
    for (unsigned i = 0; i < simt_nops; i++) {
        if ((insn & simt_ops[i].mask) == simt_ops[i].match) {
            return &simt_ops[i];
        }
    }
    return NULL;
}

const simt_op_t *simt_find(const char *mn)
{
    for (unsigned i = 0; i < simt_nops; i++) {
        const char *a = simt_ops[i].mn;
        const char *b = mn;
        while (*a && *b && toupper((unsigned char)*a) == toupper((unsigned char)*b)) {
            a++;
            b++;
        }
        if (*a == 0 && *b == 0) {
            return &simt_ops[i];
        }
        /* BR takes its condition as a mnemonic suffix */
        if (*a == 0 && (simt_ops[i].fields & SIMT_F_NZP)) {
            return &simt_ops[i];
        }
    }
    return NULL;
}

uint16_t simt_encode(const simt_op_t *op, unsigned nzp, unsigned d, unsigned s, unsigned t,
                     unsigned imm)
{
    uint16_t w = op->match;
    if (op->fields & SIMT_F_NZP) { w |= (uint16_t)((nzp & 7u) << 9); }
    if (op->fields & SIMT_F_D)   { w |= (uint16_t)((d & 15u) << 8); }
    if (op->fields & SIMT_F_S)   { w |= (uint16_t)((s & 15u) << 4); }
    if (op->fields & SIMT_F_T)   { w |= (uint16_t)(t & 15u); }
    if (op->fields & SIMT_F_IMM) { w |= (uint16_t)(imm & 255u); }
    return w;
}

void simt_thread_init(simt_thread_t *th, unsigned block_idx, unsigned block_dim,
                      unsigned thread_idx)
{
    memset(th, 0, sizeof *th);
    th->r[SIMT_REG_BLOCKIDX] = (uint8_t)block_idx;
    th->r[SIMT_REG_BLOCKDIM] = (uint8_t)block_dim;
    th->r[SIMT_REG_THREADIDX] = (uint8_t)thread_idx;
}

void simt_exec(const simt_thread_t *th, uint16_t insn, simt_effect_t *e, simt_load_fn load,
               void *ctx)
{
    memset(e, 0, sizeof *e);
    e->next_pc = (uint8_t)(th->pc + 1u);
    const simt_op_t *op = simt_decode(insn);
    if (op) {
        op->exec(th, insn, e, load, ctx);
    }
}

void simt_apply(simt_thread_t *th, const simt_effect_t *e)
{
    if (e->wb) { th->r[e->rd] = e->wdata; }
    if (e->nzp_wr) { th->nzp = e->nzp; }
    if (e->ret) { th->done = true; }
    th->pc = e->next_pc;
}

static const char *reg_name(unsigned r, char *b)
{
    static const char *special[3] = {"%blockIdx", "%blockDim", "%threadIdx"};
    if (r >= SIMT_REG_BLOCKIDX) {
        return special[r - SIMT_REG_BLOCKIDX];
    }
    snprintf(b, 8, "R%u", r);
    return b;
}

char *simt_disasm(uint16_t insn, char *buf, unsigned len)
{
    const simt_op_t *op = simt_decode(insn);
    if (!op || (insn & (uint16_t)~(op->mask | simt_field_bits(op->fields))) != 0 ||
        ((op->fields & SIMT_F_NZP) && simt_fnzp(insn) == 0)) {
        snprintf(buf, len, ".word 0x%04X", insn);
        return buf;
    }
    char mn[16];
    snprintf(mn, sizeof mn, "%s", op->mn);
    if (op->fields & SIMT_F_NZP) {
        unsigned c = simt_fnzp(insn);
        snprintf(mn, sizeof mn, "BR%s%s%s", (c & 4) ? "n" : "", (c & 2) ? "z" : "",
                 (c & 1) ? "p" : "");
    }
    char ops[64] = "";
    char rb[8];
    unsigned n = 0;
    if (op->fields & SIMT_F_D) {
        n += (unsigned)snprintf(ops + n, sizeof ops - n, "%s%s", n ? ", " : "",
                                reg_name(simt_fd(insn), rb));
    }
    if (op->fields & SIMT_F_S) {
        n += (unsigned)snprintf(ops + n, sizeof ops - n, "%s%s", n ? ", " : "",
                                reg_name(simt_fs(insn), rb));
    }
    if (op->fields & SIMT_F_T) {
        n += (unsigned)snprintf(ops + n, sizeof ops - n, "%s%s", n ? ", " : "",
                                reg_name(simt_ft(insn), rb));
    }
    if (op->fields & SIMT_F_IMM) {
        n += (unsigned)snprintf(ops + n, sizeof ops - n, "%s#%u", n ? ", " : "",
                                simt_fimm(insn));
    }
    if (n) {
        snprintf(buf, len, "%-6s %s", mn, ops);
    } else {
        snprintf(buf, len, "%s", mn);
    }
    return buf;
}
