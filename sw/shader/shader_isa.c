/* shader_isa.c - the decode table of the seed-000 shader ISA (part 1) and its execute functions.
 * Semantics and decisions: docs/shader.md (D1..D15); declarations: shader_isa.h. */
#include "shader_isa.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* ---- field helpers -------------------------------------------------------------------------- */

int32_t shd_imm_b(uint32_t w)
{
    uint32_t v = ((w >> 31) & 1u) << 12 | ((w >> 25) & 0x3Fu) << 5 | ((w >> 8) & 0xFu) << 1 |
                 ((w >> 7) & 1u) << 11;
    return (int32_t)(v << 19) >> 19;
}

int32_t shd_imm_j(uint32_t w)
{
    uint32_t v = ((w >> 31) & 1u) << 17 | ((w >> 21) & 0x3FFu) << 1 | ((w >> 20) & 1u) << 11 |
                 ((w >> 15) & 0x1Fu) << 12;
    return (int32_t)(v << 14) >> 14;
}

uint32_t shd_enc_b(int32_t off)
{
    uint32_t v = (uint32_t)off;
    return ((v >> 12) & 1u) << 31 | ((v >> 5) & 0x3Fu) << 25 | ((v >> 1) & 0xFu) << 8 |
           ((v >> 11) & 1u) << 7;
}

uint32_t shd_enc_j(int32_t off)
{
    uint32_t v = (uint32_t)off;
    return ((v >> 17) & 1u) << 31 | ((v >> 1) & 0x3FFu) << 21 | ((v >> 11) & 1u) << 20 |
           ((v >> 12) & 0x1Fu) << 15;
}

#define B_RD   0x00000F80u
#define B_RS1  0x000F8000u
#define B_RS2  0x01F00000u
#define B_F3   0x00007000u
#define B_IMM  0xFFF00000u

uint32_t shd_fmt_fields(shd_fmt_e f)
{
    switch (f) {
    case SHD_FMT_R:       return B_RD | B_RS1 | B_RS2;
    case SHD_FMT_R1:      return B_RD | B_RS1;
    case SHD_FMT_I:       return B_RD | B_RS1 | B_IMM;
    case SHD_FMT_SH:      return B_RD | B_RS1 | B_RS2; /* shamt = imm[4:0], the rs2 position */
    case SHD_FMT_U:       return 0xFFFFF000u | B_RD;
    case SHD_FMT_B:       return 0xFE000000u | B_RS2 | B_RS1 | B_RD; /* B_RD holds imm[4:1|11] */
    case SHD_FMT_J:       return 0xFFFF8000u | B_RD;
    case SHD_FMT_MI:      return B_RD | B_RS1 | B_IMM;
    case SHD_FMT_MP:      return B_RD | B_IMM;
    case SHD_FMT_MX:      return B_RD | B_RS1 | B_RS2;
    case SHD_FMT_MB:      return B_RD | B_RS1;
    case SHD_FMT_A:       return B_RD | B_RS1 | B_RS2;
    case SHD_FMT_CSR:     return B_RD | B_RS1 | B_IMM;
    case SHD_FMT_SETMISC: return B_RD | B_IMM;
    case SHD_FMT_NONE:    return 0;
    default:              return 0;
    }
}

const char *shd_trap_name(unsigned cause)
{
    static const char *n[] = {"none", "ILLEGAL", "FETCH_MISALIGNED", "FETCH_RANGE", "MEM_RANGE",
                              "ATOM_MISALIGNED"};
    return cause < sizeof n / sizeof n[0] ? n[cause] : "?";
}

/* ---- state helpers ------------------------------------------------------------------------ */

static void wr(shd_core_t *c, shd_ret_t *r, unsigned rd, uint32_t v)
{
    if (rd != 0) {
        c->s[rd] = v;
        r->rd_wr = true;
        r->rd = (uint8_t)rd;
        r->rd_val = v;
    }
}

#define RS1(c, w) ((c)->s[shd_rs1(w)])
#define RS2(c, w) ((c)->s[shd_rs2(w)])
#define RDV(c, w) ((c)->s[shd_rd(w)])

/* every byte of [a, a+n) inside the 32 MiB memory (addresses do not wrap, D12) */
static bool in_range(uint32_t a, unsigned n)
{
    return (uint64_t)a + n <= SHD_MEM_BYTES;
}

static uint32_t mem_get(const uint8_t *m, uint32_t a, unsigned n)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++) {
        v |= (uint32_t)m[a + i] << (8 * i);
    }
    return v;
}

static void mem_put(uint8_t *m, uint32_t a, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++) {
        m[a + i] = (uint8_t)(v >> (8 * i));
    }
}

/* ---- execute functions ------------------------------------------------------------------- */

#define EXEC(name) static void name(shd_ctx_t *x, shd_core_t *c, uint32_t w, shd_ret_t *r)
#define UNUSED_X (void)x
/* R-type and I-type ALU operations: one expression of a (rs1) and b (rs2 or imm) */
#define ALU_R(name, expr)                                 \
    EXEC(name)                                            \
    {                                                     \
        UNUSED_X;                                         \
        uint32_t a = RS1(c, w), b = RS2(c, w);            \
        (void)b;                                          \
        wr(c, r, shd_rd(w), (expr));                      \
    }
#define ALU_I(name, expr)                                 \
    EXEC(name)                                            \
    {                                                     \
        UNUSED_X;                                         \
        uint32_t a = RS1(c, w), b = (uint32_t)shd_imm_i(w); \
        wr(c, r, shd_rd(w), (expr));                      \
    }

static uint32_t smin(uint32_t a, uint32_t b) { return (int32_t)a < (int32_t)b ? a : b; }
static uint32_t smax(uint32_t a, uint32_t b) { return (int32_t)a > (int32_t)b ? a : b; }
static uint32_t sra(uint32_t a, unsigned s)
{
    return s == 0 ? a : (a >> s) | ((a & 0x80000000u) ? ~(0xFFFFFFFFu >> s) : 0u);
}
static uint32_t clz32(uint32_t a)
{
    uint32_t n = 0;
    for (uint32_t m = 0x80000000u; m && !(a & m); m >>= 1) {
        n++;
    }
    return n;
}
static uint32_t ctz32(uint32_t a)
{
    uint32_t n = 0;
    for (uint32_t m = 1u; m && !(a & m); m <<= 1) {
        n++;
    }
    return n;
}
/* D2: the flag nibble of rs1 - rs2 for form 0 signed, 1 unsigned, 2 equality */
static uint32_t cmp_flags(uint32_t a, uint32_t b, unsigned form)
{
    uint32_t d = a - b;
    uint32_t f = (a == b) ? SHD_FLAG_Z : 0u;
    if (form <= 1 && a < b) {
        f |= SHD_FLAG_C;
    }
    if (form == 0) {
        if (d & 0x80000000u) {
            f |= SHD_FLAG_N;
        }
        if (((a ^ b) & (a ^ d)) & 0x80000000u) {
            f |= SHD_FLAG_V;
        }
    }
    return f;
}

ALU_R(ex_add, a + b)
ALU_R(ex_sub, a - b)
ALU_R(ex_shl, a << (b & 31u))
ALU_R(ex_abs, (a & 0x80000000u) ? 0u - a : a)
ALU_R(ex_min, smin(a, b))
ALU_R(ex_max, smax(a, b))
ALU_R(ex_xor, a ^ b)
ALU_R(ex_lsr, a >> (b & 31u))
ALU_R(ex_asr, sra(a, b & 31u))
ALU_R(ex_or, a | b)
ALU_R(ex_and, a & b)
ALU_R(ex_mul, a * b)
ALU_R(ex_cmp, cmp_flags(a, b, 0))
ALU_R(ex_cmpu, cmp_flags(a, b, 1))
ALU_R(ex_cmpeq, cmp_flags(a, b, 2))
ALU_R(ex_clz, clz32(a))
ALU_R(ex_ctz, ctz32(a))
ALU_I(ex_addi, a + b)
ALU_I(ex_xori, a ^ b)
ALU_I(ex_ori, a | b)
ALU_I(ex_andi, a & b)
ALU_I(ex_shli, a << (b & 31u))
ALU_I(ex_lsri, a >> (b & 31u))
ALU_I(ex_asri, sra(a, b & 31u))

EXEC(ex_lui)
{
    UNUSED_X;
    wr(c, r, shd_rd(w), shd_imm_u(w) << 12);
}

EXEC(ex_branch)
{
    UNUSED_X;
    uint32_t a = RS1(c, w), b = RS2(c, w);
    bool t;
    switch (shd_f3(w)) {
    case 0: t = a == b; break;
    case 1: t = a != b; break;
    case 4: t = (int32_t)a < (int32_t)b; break;
    case 5: t = (int32_t)a >= (int32_t)b; break;
    case 6: t = a < b; break;
    default: t = a >= b; break; /* 7 */
    }
    if (t) {
        r->next_pc = c->pc + (uint32_t)shd_imm_b(w);
    }
}

EXEC(ex_jal)
{
    UNUSED_X;
    r->next_pc = c->pc + (uint32_t)shd_imm_j(w);
    wr(c, r, shd_rd(w), c->pc + 4u);
}

EXEC(ex_jalr)
{
    UNUSED_X;
    r->next_pc = (RS1(c, w) + (uint32_t)shd_imm_i(w)) & ~1u; /* read rs1 before rd is written */
    wr(c, r, shd_rd(w), c->pc + 4u);
}

/* D5: address and size of a load or store */
static uint32_t mem_ea(const shd_core_t *c, uint32_t w, unsigned *size)
{
    unsigned f3 = shd_f3(w);
    if (f3 == 3) { /* register forms: funct7 = 000 ss mm */
        unsigned f7 = shd_f7(w);
        *size = 1u << ((f7 >> 2) & 3u);
        return RS1(c, w) + (((f7 & 3u) == 1u) ? RS2(c, w) : 0u);
    }
    *size = 1u << (f3 & 3u);
    return ((f3 & 4u) ? c->pc : RS1(c, w)) + (uint32_t)shd_imm_i(w);
}

EXEC(ex_load)
{
    unsigned n;
    uint32_t a = mem_ea(c, w, &n);
    if (!in_range(a, n)) {
        r->trap = SHD_TRAP_MEM_RANGE;
        r->trap_addr = a;
        return;
    }
    uint32_t raw = mem_get(x->mem, a, n);
    r->mem = SHD_MEM_LOAD;
    r->mem_addr = a;
    r->mem_size = (uint8_t)n;
    r->mem_rdata = raw;
    if (a & (n - 1u)) {
        c->status |= SHD_STATUS_MISALIGNED; /* D14 */
    }
    uint32_t v = n == 1 ? (uint32_t)(int32_t)(int8_t)raw
                        : (n == 2 ? (uint32_t)(int32_t)(int16_t)raw : raw);
    wr(c, r, shd_rd(w), v);
}

EXEC(ex_store)
{
    unsigned n;
    uint32_t a = mem_ea(c, w, &n);
    if (!in_range(a, n)) {
        r->trap = SHD_TRAP_MEM_RANGE;
        r->trap_addr = a;
        return;
    }
    uint32_t d = RDV(c, w) & (n == 4 ? 0xFFFFFFFFu : ((1u << (8 * n)) - 1u));
    mem_put(x->mem, a, n, d);
    r->mem = SHD_MEM_STORE;
    r->mem_addr = a;
    r->mem_size = (uint8_t)n;
    r->mem_wdata = d;
    r->mem_wmask = (uint8_t)((1u << n) - 1u);
    if (a & (n - 1u)) {
        c->status |= SHD_STATUS_MISALIGNED;
    }
}

/* D7, D8: the eight atomics, funct3 in the seed's order */
EXEC(ex_atom)
{
    uint32_t a = RS1(c, w), b = RS2(c, w), rdin = RDV(c, w);
    if (a & 3u) {
        r->trap = SHD_TRAP_ATOM_MISALIGNED;
        r->trap_addr = a;
        return;
    }
    if (!in_range(a, 4)) {
        r->trap = SHD_TRAP_MEM_RANGE;
        r->trap_addr = a;
        return;
    }
    uint32_t old = mem_get(x->mem, a, 4), nv;
    bool write = true;
    switch (shd_f3(w)) {
    case 0: nv = old + b; break;
    case 1: nv = smin(old, b); break;
    case 2: nv = smax(old, b); break;
    case 3: nv = b; break;
    case 4: nv = rdin; write = old == b; break; /* CAS: rs2 = expected, rd = new */
    case 5: nv = old & b; break;
    case 6: nv = old | b; break;
    default: nv = old ^ b; break;
    }
    r->mem = SHD_MEM_ATOM;
    r->mem_addr = a;
    r->mem_size = 4;
    r->mem_rdata = old;
    if (write) {
        mem_put(x->mem, a, 4, nv);
        r->mem_wdata = nv;
        r->mem_wmask = 0xF;
    }
    wr(c, r, shd_rd(w), old);
}

EXEC(ex_nop_sync)
{
    UNUSED_X;
    (void)c; (void)w; (void)r; /* MEMBAR: the ISS is sequentially consistent (D10) */
}

EXEC(ex_barrier)
{
    (void)c; (void)w; (void)r;
    x->barrier = true;
}

EXEC(ex_wfi)
{
    (void)c; (void)w; (void)r;
    x->halt = true;
}

/* D11: 0 and the value for a readable CSR; -1 for an unknown or reserved one. *ro = read-only */
static int csr_read(const shd_ctx_t *x, const shd_core_t *c, unsigned csr, uint32_t *v, bool *ro)
{
    *ro = true;
    switch (csr) {
    case SHD_CSR_STATUS: *v = c->status; *ro = false; return 0;
    case SHD_CSR_CONFIG: *v = c->config; *ro = false; return 0;
    case SHD_CSR_CORE_ID: *v = x->core_id; return 0;
    case SHD_CSR_TILE_OFFSET: *v = x->tile_offset; return 0;
    case SHD_CSR_TIME: *v = x->time; return 0;
    case SHD_CSR_ARG_BASE: *v = x->arg_base; return 0;
    case SHD_CSR_NCORES: *v = x->ncores; return 0;
    default: return -1;
    }
}

static void csr_write(shd_core_t *c, shd_ret_t *r, unsigned csr, uint32_t v)
{
    if (csr == SHD_CSR_STATUS) {
        c->status = v & SHD_STATUS_MASK;
        v = c->status;
    } else {
        c->config = v & SHD_CONFIG_MASK;
        v = c->config;
    }
    r->csr_wr = true;
    r->csr = (uint16_t)csr;
    r->csr_val = v;
}

EXEC(ex_csr)
{
    unsigned csr = (unsigned)(w >> 20);
    bool set = shd_f3(w) == 2;
    bool writes = !set || shd_rs1(w) != 0;
    uint32_t old, src = RS1(c, w);
    bool ro;
    if (csr_read(x, c, csr, &old, &ro) != 0 || (ro && writes)) {
        r->trap = SHD_TRAP_ILLEGAL;
        return;
    }
    if (writes) {
        csr_write(c, r, csr, set ? (old | src) : src);
    }
    wr(c, r, shd_rd(w), old);
}

EXEC(ex_setmisc)
{
    UNUSED_X;
    uint32_t mask = (w >> 26) & 0x3Fu, val = (w >> 20) & 0x3Fu, old = c->config;
    csr_write(c, r, SHD_CSR_CONFIG, (old & ~mask) | (val & mask));
    wr(c, r, shd_rd(w), old);
}

/* ---- THE decode table ---------------------------------------------------------------------- */

#define M_R    0xFE00707Fu                 /* opcode, funct3, funct7 */
#define M_R1   (M_R | B_RS2)               /* ... and rs2 = 0 */
#define M_I    0x0000707Fu                 /* opcode, funct3 */
#define M_U    0x0000007Fu
#define M_MP   (M_I | B_RS1)               /* rs1 = 0 */
#define M_ALL  0xFFFFFFFFu
#define E(opc, f3, f7) ((uint32_t)(opc) | (uint32_t)(f3) << 12 | (uint32_t)(f7) << 25)
#define LS_R(opc, size, mode) E(opc, 3, ((size) << 2) | (mode))

const shd_op_t shd_ops[] = {
    /* section 3, OP_INT: funct7 0000000 / 0100000 (D1) */
    {"ADD",   E(SHD_OPC_INT, 0, SHD_F7_BASE), M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_add},
    {"SUB",   E(SHD_OPC_INT, 0, SHD_F7_ALT),  M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_sub},
    {"SHL",   E(SHD_OPC_INT, 1, SHD_F7_BASE), M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_shl},
    {"ABS",   E(SHD_OPC_INT, 1, SHD_F7_ALT),  M_R1, SHD_FMT_R1, SHD_CLS_ALU, ex_abs},
    {"MIN",   E(SHD_OPC_INT, 2, SHD_F7_BASE), M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_min},
    {"MAX",   E(SHD_OPC_INT, 3, SHD_F7_BASE), M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_max},
    {"XOR",   E(SHD_OPC_INT, 4, SHD_F7_BASE), M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_xor},
    {"LSR",   E(SHD_OPC_INT, 5, SHD_F7_BASE), M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_lsr},
    {"ASR",   E(SHD_OPC_INT, 5, SHD_F7_ALT),  M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_asr},
    {"OR",    E(SHD_OPC_INT, 6, SHD_F7_BASE), M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_or},
    {"AND",   E(SHD_OPC_INT, 7, SHD_F7_BASE), M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_and},
    /* multiply (funct7 0000001); funct3 001-111 (MULH, MULHU, MAC) undefined */
    {"MUL",   E(SHD_OPC_INT, 0, SHD_F7_MUL),  M_R,  SHD_FMT_R,  SHD_CLS_MUL, ex_mul},
    /* compare (funct7 0000010, D2) and count (0000011) */
    {"CMP",   E(SHD_OPC_INT, 0, SHD_F7_CMP),  M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_cmp},
    {"CMPU",  E(SHD_OPC_INT, 1, SHD_F7_CMP),  M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_cmpu},
    {"CMPEQ", E(SHD_OPC_INT, 2, SHD_F7_CMP),  M_R,  SHD_FMT_R,  SHD_CLS_ALU, ex_cmpeq},
    {"CLZ",   E(SHD_OPC_INT, 0, SHD_F7_CNT),  M_R1, SHD_FMT_R1, SHD_CLS_ALU, ex_clz},
    {"CTZ",   E(SHD_OPC_INT, 1, SHD_F7_CNT),  M_R1, SHD_FMT_R1, SHD_CLS_ALU, ex_ctz},
    /* (section 4, FP16: OP_INT funct7 0001000 / 0001001 - later issue, see shd_reserved) */

    /* OP_INT_IMM (D3); funct3 010/011 undefined */
    {"ADDI",  E(SHD_OPC_INT_IMM, 0, 0),       M_I,  SHD_FMT_I,  SHD_CLS_ALU, ex_addi},
    {"SHLI",  E(SHD_OPC_INT_IMM, 1, 0),       M_R,  SHD_FMT_SH, SHD_CLS_ALU, ex_shli},
    {"XORI",  E(SHD_OPC_INT_IMM, 4, 0),       M_I,  SHD_FMT_I,  SHD_CLS_ALU, ex_xori},
    {"LSRI",  E(SHD_OPC_INT_IMM, 5, 0),       M_R,  SHD_FMT_SH, SHD_CLS_ALU, ex_lsri},
    {"ASRI",  E(SHD_OPC_INT_IMM, 5, SHD_F7_ALT), M_R, SHD_FMT_SH, SHD_CLS_ALU, ex_asri},
    {"ORI",   E(SHD_OPC_INT_IMM, 6, 0),       M_I,  SHD_FMT_I,  SHD_CLS_ALU, ex_ori},
    {"ANDI",  E(SHD_OPC_INT_IMM, 7, 0),       M_I,  SHD_FMT_I,  SHD_CLS_ALU, ex_andi},
    {"LUI",   SHD_OPC_LUI,                    M_U,  SHD_FMT_U,  SHD_CLS_ALU, ex_lui},

    /* control flow (D4) */
    {"BEQ",   E(SHD_OPC_BRANCH, 0, 0),        M_I,  SHD_FMT_B,  SHD_CLS_BRANCH, ex_branch},
    {"BNE",   E(SHD_OPC_BRANCH, 1, 0),        M_I,  SHD_FMT_B,  SHD_CLS_BRANCH, ex_branch},
    {"JALR",  E(SHD_OPC_BRANCH, 2, 0),        M_I,  SHD_FMT_I,  SHD_CLS_JUMP,   ex_jalr},
    {"JAL",   E(SHD_OPC_BRANCH, 3, 0),        M_I,  SHD_FMT_J,  SHD_CLS_JUMP,   ex_jal},
    {"BLT",   E(SHD_OPC_BRANCH, 4, 0),        M_I,  SHD_FMT_B,  SHD_CLS_BRANCH, ex_branch},
    {"BGE",   E(SHD_OPC_BRANCH, 5, 0),        M_I,  SHD_FMT_B,  SHD_CLS_BRANCH, ex_branch},
    {"BLTU",  E(SHD_OPC_BRANCH, 6, 0),        M_I,  SHD_FMT_B,  SHD_CLS_BRANCH, ex_branch},
    {"BGEU",  E(SHD_OPC_BRANCH, 7, 0),        M_I,  SHD_FMT_B,  SHD_CLS_BRANCH, ex_branch},

    /* section 5, scalar memory in the four addressing modes (D5, D6) */
    {"LB",    E(SHD_OPC_LOAD, 0, 0),          M_I,  SHD_FMT_MI, SHD_CLS_LOAD, ex_load},
    {"LH",    E(SHD_OPC_LOAD, 1, 0),          M_I,  SHD_FMT_MI, SHD_CLS_LOAD, ex_load},
    {"LW",    E(SHD_OPC_LOAD, 2, 0),          M_I,  SHD_FMT_MI, SHD_CLS_LOAD, ex_load},
    {"LB",    E(SHD_OPC_LOAD, 4, 0),          M_MP, SHD_FMT_MP, SHD_CLS_LOAD, ex_load},
    {"LH",    E(SHD_OPC_LOAD, 5, 0),          M_MP, SHD_FMT_MP, SHD_CLS_LOAD, ex_load},
    {"LW",    E(SHD_OPC_LOAD, 6, 0),          M_MP, SHD_FMT_MP, SHD_CLS_LOAD, ex_load},
    {"LB",    LS_R(SHD_OPC_LOAD, 0, 1),       M_R,  SHD_FMT_MX, SHD_CLS_LOAD, ex_load},
    {"LH",    LS_R(SHD_OPC_LOAD, 1, 1),       M_R,  SHD_FMT_MX, SHD_CLS_LOAD, ex_load},
    {"LW",    LS_R(SHD_OPC_LOAD, 2, 1),       M_R,  SHD_FMT_MX, SHD_CLS_LOAD, ex_load},
    {"LB",    LS_R(SHD_OPC_LOAD, 0, 3),       M_R1, SHD_FMT_MB, SHD_CLS_LOAD, ex_load},
    {"LH",    LS_R(SHD_OPC_LOAD, 1, 3),       M_R1, SHD_FMT_MB, SHD_CLS_LOAD, ex_load},
    {"LW",    LS_R(SHD_OPC_LOAD, 2, 3),       M_R1, SHD_FMT_MB, SHD_CLS_LOAD, ex_load},
    {"SB",    E(SHD_OPC_STORE, 0, 0),         M_I,  SHD_FMT_MI, SHD_CLS_STORE, ex_store},
    {"SH",    E(SHD_OPC_STORE, 1, 0),         M_I,  SHD_FMT_MI, SHD_CLS_STORE, ex_store},
    {"SW",    E(SHD_OPC_STORE, 2, 0),         M_I,  SHD_FMT_MI, SHD_CLS_STORE, ex_store},
    {"SB",    E(SHD_OPC_STORE, 4, 0),         M_MP, SHD_FMT_MP, SHD_CLS_STORE, ex_store},
    {"SH",    E(SHD_OPC_STORE, 5, 0),         M_MP, SHD_FMT_MP, SHD_CLS_STORE, ex_store},
    {"SW",    E(SHD_OPC_STORE, 6, 0),         M_MP, SHD_FMT_MP, SHD_CLS_STORE, ex_store},
    {"SB",    LS_R(SHD_OPC_STORE, 0, 1),      M_R,  SHD_FMT_MX, SHD_CLS_STORE, ex_store},
    {"SH",    LS_R(SHD_OPC_STORE, 1, 1),      M_R,  SHD_FMT_MX, SHD_CLS_STORE, ex_store},
    {"SW",    LS_R(SHD_OPC_STORE, 2, 1),      M_R,  SHD_FMT_MX, SHD_CLS_STORE, ex_store},
    {"SB",    LS_R(SHD_OPC_STORE, 0, 3),      M_R1, SHD_FMT_MB, SHD_CLS_STORE, ex_store},
    {"SH",    LS_R(SHD_OPC_STORE, 1, 3),      M_R1, SHD_FMT_MB, SHD_CLS_STORE, ex_store},
    {"SW",    LS_R(SHD_OPC_STORE, 2, 3),      M_R1, SHD_FMT_MB, SHD_CLS_STORE, ex_store},

    /* atomics (opcode 0010100, funct7 0000000, D7/D8); funct7 0000001 = raster (later) */
    {"ATOM.ADD",  E(SHD_OPC_ATOM, 0, SHD_F7_ATOM), M_R, SHD_FMT_A, SHD_CLS_ATOM, ex_atom},
    {"ATOM.MIN",  E(SHD_OPC_ATOM, 1, SHD_F7_ATOM), M_R, SHD_FMT_A, SHD_CLS_ATOM, ex_atom},
    {"ATOM.MAX",  E(SHD_OPC_ATOM, 2, SHD_F7_ATOM), M_R, SHD_FMT_A, SHD_CLS_ATOM, ex_atom},
    {"ATOM.XCHG", E(SHD_OPC_ATOM, 3, SHD_F7_ATOM), M_R, SHD_FMT_A, SHD_CLS_ATOM, ex_atom},
    {"ATOM.CAS",  E(SHD_OPC_ATOM, 4, SHD_F7_ATOM), M_R, SHD_FMT_A, SHD_CLS_ATOM, ex_atom},
    {"ATOM.AND",  E(SHD_OPC_ATOM, 5, SHD_F7_ATOM), M_R, SHD_FMT_A, SHD_CLS_ATOM, ex_atom},
    {"ATOM.OR",   E(SHD_OPC_ATOM, 6, SHD_F7_ATOM), M_R, SHD_FMT_A, SHD_CLS_ATOM, ex_atom},
    {"ATOM.XOR",  E(SHD_OPC_ATOM, 7, SHD_F7_ATOM), M_R, SHD_FMT_A, SHD_CLS_ATOM, ex_atom},

    /* system (D9-D11, D13); funct3 101/110 reserved (power/debug) */
    {"MEMBAR",  E(SHD_OPC_SYSTEM, 0, 0),      M_ALL, SHD_FMT_NONE,    SHD_CLS_SYNC, ex_nop_sync},
    {"CSRRW",   E(SHD_OPC_SYSTEM, 1, 0),      M_I,   SHD_FMT_CSR,     SHD_CLS_CSR,  ex_csr},
    {"CSRRS",   E(SHD_OPC_SYSTEM, 2, 0),      M_I,   SHD_FMT_CSR,     SHD_CLS_CSR,  ex_csr},
    {"SETMISC", E(SHD_OPC_SYSTEM, 3, 0),      M_MP,  SHD_FMT_SETMISC, SHD_CLS_CSR,  ex_setmisc},
    {"BARRIER", E(SHD_OPC_SYSTEM, 4, 0),      M_ALL, SHD_FMT_NONE,    SHD_CLS_SYNC, ex_barrier},
    {"WFI",     E(SHD_OPC_SYSTEM, 7, 0),      M_ALL, SHD_FMT_NONE,    SHD_CLS_HALT, ex_wfi},
    /* (vector, texture, vector-memory, VATOM and seed 003 rows: later issues, shd_reserved) */
};
const unsigned shd_nops = sizeof shd_ops / sizeof shd_ops[0];

/* encoding space of the later issues; executing a word here is ILLEGAL until then */
const shd_reserved_t shd_reserved[] = {
    {"FP16 ALU (section 4, funct7 0001000)", E(SHD_OPC_INT, 0, SHD_F7_FP16), 0xFE00007Fu},
    {"FP16 FRECIP/FRSQRT (funct7 0001001)", E(SHD_OPC_INT, 0, SHD_F7_FP16B), 0xFE00007Fu},
    {"raster/geometry macro-ops (section 9, D7)", E(SHD_OPC_ATOM, 0, SHD_F7_RASTER), 0xFE00007Fu},
    {"vector ALU (section 6)", SHD_OPC_VEC, 0x7Fu},
    {"vector load (section 7)", SHD_OPC_VLD, 0x7Fu},
    {"vector store (section 7)", SHD_OPC_VST, 0x7Fu},
    {"texture (section 8)", SHD_OPC_TEX, 0x7Fu},
    {"vector atomics (section 7)", SHD_OPC_VATOM, 0x7Fu},
    {"vector transfer (section 7)", SHD_OPC_VMOV, 0x7Fu},
    {"seed 003 GFX (opcode 0x2B)", SHD_OPC_GFX, 0x7Fu},
    {"system power/debug (funct3 101)", E(SHD_OPC_SYSTEM, 5, 0), 0x707Fu},
    {"system power/debug (funct3 110)", E(SHD_OPC_SYSTEM, 6, 0), 0x707Fu},
};
const unsigned shd_nreserved = sizeof shd_reserved / sizeof shd_reserved[0];

/* ---- decode: rows indexed by (opcode, funct3) -------------------------------------------- */

#define MAX_PER_KEY 8
static uint8_t key_rows[1024][MAX_PER_KEY];
static uint8_t key_n[1024];
static bool key_built;

static void build_keys(void)
{
    for (unsigned k = 0; k < 1024; k++) {
        uint32_t kw = (k & 0x7Fu) | (k >> 7) << 12;
        for (unsigned i = 0; i < shd_nops; i++) {
            if (((shd_ops[i].match ^ kw) & shd_ops[i].mask & 0x707Fu) == 0 &&
                key_n[k] < MAX_PER_KEY) {
                key_rows[k][key_n[k]++] = (uint8_t)i;
            }
        }
    }
    key_built = true;
}

const shd_op_t *shd_decode(uint32_t w)
{
    if (!key_built) {
        build_keys();
    }
    unsigned k = (w & 0x7Fu) | shd_f3(w) << 7;
    for (unsigned j = 0; j < key_n[k]; j++) {
        const shd_op_t *op = &shd_ops[key_rows[k][j]];
        if ((w & op->mask) == op->match) {
            return op;
        }
    }
    return NULL;
}

int shd_find(const char *mn, unsigned *n)
{
    int first = -1;
    *n = 0;
    for (unsigned i = 0; i < shd_nops; i++) {
        const char *a = shd_ops[i].mn, *b = mn;
        while (*a && *b && toupper((unsigned char)*a) == toupper((unsigned char)*b)) {
            a++;
            b++;
        }
        if (*a == 0 && *b == 0) {
            if (first < 0) {
                first = (int)i;
            }
            (*n)++;
        }
    }
    return first;
}

static const struct {
    unsigned n;
    const char *name;
} csr_names[] = {
    {SHD_CSR_STATUS, "STATUS"},   {SHD_CSR_CONFIG, "CONFIG"},
    {SHD_CSR_FSTATUS, "FSTATUS"}, {SHD_CSR_VSTATUS, "VSTATUS"},
    {SHD_CSR_VMASK, "VMASK"},     {SHD_CSR_CORE_ID, "CORE_ID"},
    {SHD_CSR_TILE_OFFSET, "TILE_OFFSET"}, {SHD_CSR_TIME, "TIME"},
    {SHD_CSR_ARG_BASE, "ARG_BASE"}, {SHD_CSR_NCORES, "NCORES"},
};

const char *shd_csr_name(unsigned csr)
{
    for (unsigned i = 0; i < sizeof csr_names / sizeof csr_names[0]; i++) {
        if (csr_names[i].n == csr) {
            return csr_names[i].name;
        }
    }
    return NULL;
}

int shd_csr_number(const char *name)
{
    for (unsigned i = 0; i < sizeof csr_names / sizeof csr_names[0]; i++) {
        const char *a = csr_names[i].name, *b = name;
        while (*a && *b && toupper((unsigned char)*a) == toupper((unsigned char)*b)) {
            a++;
            b++;
        }
        if (*a == 0 && *b == 0) {
            return (int)csr_names[i].n;
        }
    }
    return -1;
}

/* ---- disassembler ---------------------------------------------------------------------------- */

static void rel(char *b, unsigned len, int32_t off)
{
    snprintf(b, len, ".%c%ld", off < 0 ? '-' : '+', off < 0 ? -(long)off : (long)off);
}

char *shd_disasm(uint32_t w, char *buf, unsigned len)
{
    const shd_op_t *op = shd_decode(w);
    if (!op) {
        snprintf(buf, len, ".word 0x%08x", w);
        return buf;
    }
    unsigned rd = shd_rd(w), rs1 = shd_rs1(w), rs2 = shd_rs2(w);
    char t[32], cs[16];
    switch (op->fmt) {
    case SHD_FMT_R:
        snprintf(buf, len, "%-9s s%u, s%u, s%u", op->mn, rd, rs1, rs2);
        break;
    case SHD_FMT_R1:
        snprintf(buf, len, "%-9s s%u, s%u", op->mn, rd, rs1);
        break;
    case SHD_FMT_I:
        snprintf(buf, len, "%-9s s%u, s%u, %d", op->mn, rd, rs1, (int)shd_imm_i(w));
        break;
    case SHD_FMT_SH:
        snprintf(buf, len, "%-9s s%u, s%u, %u", op->mn, rd, rs1, rs2);
        break;
    case SHD_FMT_U:
        snprintf(buf, len, "%-9s s%u, 0x%05x", op->mn, rd, (unsigned)shd_imm_u(w));
        break;
    case SHD_FMT_B:
        rel(t, sizeof t, shd_imm_b(w));
        snprintf(buf, len, "%-9s s%u, s%u, %s", op->mn, rs1, rs2, t);
        break;
    case SHD_FMT_J:
        rel(t, sizeof t, shd_imm_j(w));
        snprintf(buf, len, "%-9s s%u, %s", op->mn, rd, t);
        break;
    case SHD_FMT_MI:
        snprintf(buf, len, "%-9s s%u, %d(s%u)", op->mn, rd, (int)shd_imm_i(w), rs1);
        break;
    case SHD_FMT_MP:
        snprintf(buf, len, "%-9s s%u, %d(pc)", op->mn, rd, (int)shd_imm_i(w));
        break;
    case SHD_FMT_MX:
        snprintf(buf, len, "%-9s s%u, (s%u+s%u)", op->mn, rd, rs1, rs2);
        break;
    case SHD_FMT_MB:
        snprintf(buf, len, "%-9s s%u, (s%u)", op->mn, rd, rs1);
        break;
    case SHD_FMT_A:
        snprintf(buf, len, "%-9s s%u, s%u, (s%u)", op->mn, rd, rs2, rs1);
        break;
    case SHD_FMT_CSR: {
        const char *n = shd_csr_name(w >> 20);
        if (n) {
            snprintf(cs, sizeof cs, "%s", n);
        } else {
            snprintf(cs, sizeof cs, "0x%03x", (unsigned)(w >> 20));
        }
        snprintf(buf, len, "%-9s s%u, %s, s%u", op->mn, rd, cs, rs1);
        break;
    }
    case SHD_FMT_SETMISC:
        snprintf(buf, len, "%-9s s%u, 0x%02x, 0x%02x", op->mn, rd, (unsigned)(w >> 26),
                 (unsigned)((w >> 20) & 0x3Fu));
        break;
    default:
        snprintf(buf, len, "%s", op->mn);
        break;
    }
    return buf;
}

/* ---- execute ---------------------------------------------------------------------------------- */

unsigned shd_execute(shd_ctx_t *x, shd_core_t *c, uint32_t w, shd_ret_t *r)
{
    r->next_pc = c->pc + 4u;
    const shd_op_t *op = shd_decode(w);
    if (!op) {
        r->trap = SHD_TRAP_ILLEGAL;
    } else {
        op->exec(x, c, w, r);
    }
    if (r->trap) {
        r->next_pc = c->pc; /* a faulting instruction changes nothing */
        return r->trap;
    }
    c->s[0] = 0;
    c->pc = r->next_pc;
    return 0;
}

void shd_ret_str(const shd_ret_t *r, char *buf, unsigned len)
{
    char d[64], *p = buf;
    unsigned n = 0;
    n += (unsigned)snprintf(p + n, len > n ? len - n : 0, "R c%u #%llu pc=%08x insn=%08x next=%08x",
                            r->core, (unsigned long long)r->order, r->pc, r->insn, r->next_pc);
    if (r->rd_wr) {
        n += (unsigned)snprintf(p + n, len > n ? len - n : 0, " s%u=%08x", r->rd, r->rd_val);
    }
    if (r->mem) {
        static const char *k[] = {"", "ld", "st", "atom"};
        n += (unsigned)snprintf(p + n, len > n ? len - n : 0, " %s@%08x/%u", k[r->mem],
                                r->mem_addr, r->mem_size);
        if (r->mem == SHD_MEM_LOAD || r->mem == SHD_MEM_ATOM) {
            n += (unsigned)snprintf(p + n, len > n ? len - n : 0, " r=%08x", r->mem_rdata);
        }
        if (r->mem_wmask) {
            n += (unsigned)snprintf(p + n, len > n ? len - n : 0, " w=%08x", r->mem_wdata);
        }
    }
    if (r->csr_wr) {
        n += (unsigned)snprintf(p + n, len > n ? len - n : 0, " csr[%03x]=%08x", r->csr,
                                r->csr_val);
    }
    if (r->trap) {
        n += (unsigned)snprintf(p + n, len > n ? len - n : 0, " TRAP=%s", shd_trap_name(r->trap));
        if (r->trap == SHD_TRAP_MEM_RANGE || r->trap == SHD_TRAP_ATOM_MISALIGNED) {
            n += (unsigned)snprintf(p + n, len > n ? len - n : 0, "@%08x", r->trap_addr);
        }
    }
    if (r->trap == SHD_TRAP_FETCH_MISALIGNED || r->trap == SHD_TRAP_FETCH_RANGE) {
        snprintf(d, sizeof d, "(not fetched)");
    } else {
        shd_disasm(r->insn, d, sizeof d);
    }
    snprintf(p + n, len > n ? len - n : 0, " | %s", d);
}
