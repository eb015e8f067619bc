/* shader_asm.c - two-pass assembler for the seed-000 shader ISA; syntax in shader_asm.h. */
#include "shader_asm.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_OPS 8
#define MAX_LINE 512
#define MAX_IMAGE (16u << 20)

typedef struct {
    char *name;
    int64_t val;
} sym_t;

typedef struct {
    sym_t *sym;
    unsigned nsym, capsym;
    shd_image_t *img;
    unsigned line;
    int pass;
    uint64_t pc; /* current address */
} actx_t;

static int fail(actx_t *c, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(c->img->err, sizeof c->img->err, "line %u: ", c->line);
    va_start(ap, fmt);
    vsnprintf(c->img->err + n, sizeof c->img->err - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

static sym_t *sym_find(actx_t *c, const char *name)
{
    for (unsigned i = 0; i < c->nsym; i++) {
        if (strcmp(c->sym[i].name, name) == 0) {
            return &c->sym[i];
        }
    }
    return NULL;
}

static bool is_ident_start(char ch) { return isalpha((unsigned char)ch) || ch == '_'; }
static bool is_ident(char ch) { return isalnum((unsigned char)ch) || ch == '_'; }

static int sym_define(actx_t *c, const char *name, int64_t v)
{
    sym_t *s = sym_find(c, name);
    if (c->pass == 1) {
        if (s) {
            return fail(c, "'%s' is defined twice", name);
        }
        if (c->nsym == c->capsym) {
            unsigned nc = c->capsym ? 2 * c->capsym : 64;
            sym_t *ns = realloc(c->sym, nc * sizeof *ns);
            if (!ns) {
                return fail(c, "out of memory");
            }
            c->sym = ns;
            c->capsym = nc;
        }
        char *d = strdup(name);
        if (!d) {
            return fail(c, "out of memory");
        }
        c->sym[c->nsym].name = d;
        c->sym[c->nsym].val = v;
        c->nsym++;
    } else if (s) {
        s->val = v;
    }
    return 0;
}

/* ---- expressions: [+-] term {(+|-) term}, term = number | symbol | '.' ------------------- */

/* *undef = 1 when a symbol is not (yet) defined; the value is then 0 */
static int eval(actx_t *c, const char *s, int64_t *v, int *undef)
{
    int64_t acc = 0;
    int sign = 1;
    bool want_term = true;
    *undef = 0;
    const char *p = s;
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    if (*p == 0) {
        return fail(c, "missing value");
    }
    while (*p) {
        if (*p == ' ' || *p == '\t') {
            p++;
            continue;
        }
        if (want_term) {
            if (*p == '-' || *p == '+') {
                sign = (*p == '-') ? -sign : sign;
                p++;
                continue;
            }
            int64_t t;
            if (isdigit((unsigned char)*p)) {
                char *end;
                errno = 0;
                unsigned long long u = strtoull(p, &end, (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) ? 16 : 10);
                if (errno || u > 0xFFFFFFFFull || is_ident(*end) || end == p) {
                    return fail(c, "bad number in '%s'", s);
                }
                t = (int64_t)u;
                p = end;
            } else if (*p == '.' && !is_ident(p[1])) {
                t = (int64_t)c->pc;
                p++;
            } else if (is_ident_start(*p)) {
                char name[64];
                unsigned n = 0;
                while (is_ident(*p)) {
                    if (n + 1 >= sizeof name) {
                        return fail(c, "name too long in '%s'", s);
                    }
                    name[n++] = *p++;
                }
                name[n] = 0;
                sym_t *sy = sym_find(c, name);
                if (!sy) {
                    *undef = 1;
                    t = 0;
                    if (c->pass == 2) {
                        return fail(c, "undefined symbol '%s'", name);
                    }
                } else {
                    t = sy->val;
                }
            } else {
                return fail(c, "bad expression '%s'", s);
            }
            acc += sign * t;
            sign = 1;
            want_term = false;
        } else {
            if (*p == '+') {
                sign = 1;
            } else if (*p == '-') {
                sign = -1;
            } else {
                return fail(c, "bad expression '%s'", s);
            }
            p++;
            want_term = true;
        }
    }
    if (want_term) {
        return fail(c, "incomplete expression '%s'", s);
    }
    *v = acc;
    return 0;
}

/* a value that must be known now (directives that change addresses, .equ) */
static int eval_now(actx_t *c, const char *s, int64_t *v)
{
    int undef;
    if (eval(c, s, v, &undef)) {
        return -1;
    }
    if (undef) {
        return fail(c, "'%s' must be defined before this line", s);
    }
    return 0;
}

/* an operand value: in pass 1 an undefined symbol gives 0 and no range check */
static int eval_range(actx_t *c, const char *s, int64_t lo, int64_t hi, int64_t *v)
{
    int undef;
    if (eval(c, s, v, &undef)) {
        return -1;
    }
    if (undef) {
        *v = 0;
        return 0;
    }
    if (*v < lo || *v > hi) {
        return fail(c, "value %lld ('%s') out of range %lld..%lld", (long long)*v, s,
                    (long long)lo, (long long)hi);
    }
    return 0;
}

static int parse_reg(actx_t *c, const char *s, unsigned *r)
{
    if ((s[0] == 's' || s[0] == 'S') && isdigit((unsigned char)s[1])) {
        char *end;
        long v = strtol(s + 1, &end, 10);
        if (*end == 0 && v >= 0 && v <= 31 && !(s[1] == '0' && s[2] != 0)) {
            *r = (unsigned)v;
            return 0;
        }
    }
    return fail(c, "bad register '%s' (allowed: s0..s31)", s);
}

/* ---- output ----------------------------------------------------------------------------------- */

static int emit(actx_t *c, uint32_t v, unsigned n)
{
    if (c->pc < c->img->base || c->pc + n > SHD_MEM_BYTES ||
        c->pc + n - c->img->base > MAX_IMAGE) {
        return fail(c, "address 0x%llx outside the memory (base 0x%x, 32 MiB, image at most 16 MiB)",
                    (unsigned long long)c->pc, c->img->base);
    }
    if (c->pass == 2) {
        shd_image_t *im = c->img;
        uint32_t off = (uint32_t)(c->pc - im->base);
        if (off + n > im->cap) {
            uint32_t nc = im->cap ? im->cap : 4096;
            while (nc < off + n) {
                nc *= 2;
            }
            uint8_t *nb = realloc(im->bytes, nc);
            if (!nb) {
                return fail(c, "out of memory");
            }
            memset(nb + im->cap, 0, nc - im->cap);
            im->bytes = nb;
            im->cap = nc;
        }
        for (unsigned i = 0; i < n; i++) {
            im->bytes[off + i] = (uint8_t)(v >> (8 * i));
        }
        if (off + n > im->size) {
            im->size = off + n;
        }
    }
    c->pc += n;
    return 0;
}

static int emit_insn(actx_t *c, uint32_t w)
{
    if (c->pc & 3u) {
        return fail(c, "instruction at address 0x%llx, not a multiple of 4 (use .align 4)",
                    (unsigned long long)c->pc);
    }
    return emit(c, w, 4);
}

/* ---- operands ----------------------------------------------------------------------------- */

static int want_ops(actx_t *c, const char *mn, unsigned n, unsigned want)
{
    if (n != want) {
        return fail(c, "%s takes %u operand%s, got %u", mn, want, want == 1 ? "" : "s", n);
    }
    return 0;
}

/* pc-relative offset to an address expression: even, in [lo, hi] */
static int branch_off(actx_t *c, const char *s, int64_t lo, int64_t hi, int32_t *off)
{
    int64_t v;
    int undef;
    if (eval(c, s, &v, &undef)) {
        return -1;
    }
    if (undef) {
        *off = 0;
        return 0;
    }
    int64_t d = v - (int64_t)c->pc;
    if (d & 1) {
        return fail(c, "target '%s' is an odd offset (%lld) from here", s, (long long)d);
    }
    if (d < lo || d > hi) {
        return fail(c, "target '%s' is %lld bytes away, out of range %lld..%lld", s, (long long)d,
                    (long long)lo, (long long)hi);
    }
    *off = (int32_t)d;
    return 0;
}

/* memory operand: fills fmt and fields; text forms of D5 */
static int parse_mem(actx_t *c, char *s, shd_fmt_e *fmt, unsigned *rs1, unsigned *rs2, int32_t *imm)
{
    size_t n = strlen(s);
    *rs1 = *rs2 = 0;
    *imm = 0;
    if (s[0] == '(') {
        if (n < 2 || s[n - 1] != ')') {
            return fail(c, "bad memory operand '%s'", s);
        }
        s[n - 1] = 0;
        char *in = s + 1;
        char *plus = strchr(in, '+');
        if (plus) {
            *plus = 0;
            *fmt = SHD_FMT_MX;
            return (parse_reg(c, in, rs1) || parse_reg(c, plus + 1, rs2)) ? -1 : 0;
        }
        *fmt = SHD_FMT_MB;
        return parse_reg(c, in, rs1);
    }
    if (n > 0 && s[n - 1] == ')') {
        char *open = strrchr(s, '(');
        if (!open) {
            return fail(c, "bad memory operand '%s'", s);
        }
        s[n - 1] = 0;
        *open = 0;
        char *base = open + 1;
        int64_t v;
        if (eval_range(c, s, -2048, 2047, &v)) {
            return -1;
        }
        *imm = (int32_t)v;
        if (strcasecmp(base, "pc") == 0) {
            *fmt = SHD_FMT_MP;
            return 0;
        }
        *fmt = SHD_FMT_MI;
        return parse_reg(c, base, rs1);
    }
    /* an address: pc-relative, any byte (imm = address - pc) */
    *fmt = SHD_FMT_MP;
    int64_t v;
    int undef;
    if (eval(c, s, &v, &undef)) {
        return -1;
    }
    int64_t d = undef ? 0 : v - (int64_t)c->pc;
    if (d < -2048 || d > 2047) {
        return fail(c, "address '%s' is %lld bytes from here, out of the pc+imm12 range", s,
                    (long long)d);
    }
    *imm = (int32_t)d;
    return 0;
}

/* encode one instruction of the table from its text operands */
static int assemble_insn(actx_t *c, const char *mn, char **op, unsigned nop)
{
    unsigned cnt;
    int first = shd_find(mn, &cnt);
    if (first < 0) {
        return fail(c, "unknown mnemonic '%s'", mn);
    }
    const shd_op_t *row = &shd_ops[first];
    unsigned rd = 0, rs1 = 0, rs2 = 0;
    uint32_t w;
    int64_t v;
    int32_t off;
    switch (row->fmt) {
    case SHD_FMT_R:
    case SHD_FMT_R1:
    case SHD_FMT_SH:
    case SHD_FMT_I: {
        unsigned want = row->fmt == SHD_FMT_R1 ? 2 : 3;
        if (want_ops(c, mn, nop, want) || parse_reg(c, op[0], &rd) || parse_reg(c, op[1], &rs1)) {
            return -1;
        }
        w = row->match | rd << 7 | rs1 << 15;
        if (row->fmt == SHD_FMT_R) {
            if (parse_reg(c, op[2], &rs2)) {
                return -1;
            }
            w |= rs2 << 20;
        } else if (row->fmt == SHD_FMT_SH) {
            if (eval_range(c, op[2], 0, 31, &v)) {
                return -1;
            }
            w |= (uint32_t)v << 20;
        } else if (row->fmt == SHD_FMT_I) {
            if (eval_range(c, op[2], -2048, 2047, &v)) {
                return -1;
            }
            w |= ((uint32_t)v & 0xFFFu) << 20;
        }
        return emit_insn(c, w);
    }
    case SHD_FMT_U:
        if (want_ops(c, mn, nop, 2) || parse_reg(c, op[0], &rd) ||
            eval_range(c, op[1], 0, 0xFFFFF, &v)) {
            return -1;
        }
        return emit_insn(c, row->match | rd << 7 | (uint32_t)v << 12);
    case SHD_FMT_B:
        if (want_ops(c, mn, nop, 3) || parse_reg(c, op[0], &rs1) || parse_reg(c, op[1], &rs2) ||
            branch_off(c, op[2], -4096, 4094, &off)) {
            return -1;
        }
        return emit_insn(c, row->match | rs1 << 15 | rs2 << 20 | shd_enc_b(off));
    case SHD_FMT_J:
        if (want_ops(c, mn, nop, 2) || parse_reg(c, op[0], &rd) ||
            branch_off(c, op[1], -131072, 131070, &off)) {
            return -1;
        }
        return emit_insn(c, row->match | rd << 7 | shd_enc_j(off));
    case SHD_FMT_MI:
    case SHD_FMT_MP:
    case SHD_FMT_MX:
    case SHD_FMT_MB: {
        shd_fmt_e f = SHD_FMT_MI;
        int32_t imm;
        if (want_ops(c, mn, nop, 2) || parse_reg(c, op[0], &rd) ||
            parse_mem(c, op[1], &f, &rs1, &rs2, &imm)) {
            return -1;
        }
        for (unsigned i = (unsigned)first; i < shd_nops; i++) {
            const shd_op_t *r = &shd_ops[i];
            if (r->fmt == f && strcasecmp(r->mn, row->mn) == 0) {
                return emit_insn(c, r->match | rd << 7 | rs1 << 15 | rs2 << 20 |
                                        (f == SHD_FMT_MI || f == SHD_FMT_MP ? ((uint32_t)imm & 0xFFFu) << 20 : 0u));
            }
        }
        return fail(c, "no form of %s for operand '%s'", mn, op[1]);
    }
    case SHD_FMT_A: {
        size_t n;
        if (want_ops(c, mn, nop, 3) || parse_reg(c, op[0], &rd) || parse_reg(c, op[1], &rs2)) {
            return -1;
        }
        n = strlen(op[2]);
        if (n < 3 || op[2][0] != '(' || op[2][n - 1] != ')') {
            return fail(c, "%s needs its address as (sN), got '%s'", mn, op[2]);
        }
        op[2][n - 1] = 0;
        if (parse_reg(c, op[2] + 1, &rs1)) {
            return -1;
        }
        return emit_insn(c, row->match | rd << 7 | rs1 << 15 | rs2 << 20);
    }
    case SHD_FMT_CSR: {
        if (want_ops(c, mn, nop, 3) || parse_reg(c, op[0], &rd) || parse_reg(c, op[2], &rs1)) {
            return -1;
        }
        int csr = shd_csr_number(op[1]);
        if (csr < 0) {
            if (!isdigit((unsigned char)op[1][0])) {
                return fail(c, "unknown CSR '%s'", op[1]);
            }
            if (eval_range(c, op[1], 0, 0xFFF, &v)) {
                return -1;
            }
            csr = (int)v;
        }
        return emit_insn(c, row->match | rd << 7 | rs1 << 15 | (uint32_t)csr << 20);
    }
    case SHD_FMT_SETMISC: {
        int64_t m;
        if (want_ops(c, mn, nop, 3) || parse_reg(c, op[0], &rd) ||
            eval_range(c, op[1], 0, 63, &m) || eval_range(c, op[2], 0, 63, &v)) {
            return -1;
        }
        return emit_insn(c, row->match | rd << 7 | (uint32_t)m << 26 | (uint32_t)v << 20);
    }
    case SHD_FMT_NONE:
        if (want_ops(c, mn, nop, 0)) {
            return -1;
        }
        return emit_insn(c, row->match);
    default:
        return fail(c, "internal: format of %s", mn);
    }
}

/* re-enter assemble_insn with a rewritten operand list (pseudo-ops) */
static int as_base(actx_t *c, const char *mn, unsigned n, ...)
{
    char buf[MAX_OPS][MAX_LINE];
    char *op[MAX_OPS];
    va_list ap;
    va_start(ap, n);
    for (unsigned i = 0; i < n; i++) {
        snprintf(buf[i], sizeof buf[i], "%s", va_arg(ap, const char *));
        op[i] = buf[i];
    }
    va_end(ap);
    return assemble_insn(c, mn, op, n);
}

static int pseudo(actx_t *c, const char *mn, char **op, unsigned nop, int *handled)
{
    *handled = 1;
    if (strcasecmp(mn, "MOVI") == 0) {
        int64_t v;
        char hi[32], lo[32];
        if (want_ops(c, mn, nop, 2) || eval_range(c, op[1], -2147483648LL, 4294967295LL, &v)) {
            return -1;
        }
        uint32_t u = (uint32_t)v;
        snprintf(hi, sizeof hi, "%u", ((u + 0x800u) >> 12) & 0xFFFFFu);
        snprintf(lo, sizeof lo, "%d", (int)((int32_t)(u << 20) >> 20));
        return (as_base(c, "LUI", 2, op[0], hi) || as_base(c, "ADDI", 3, op[0], op[0], lo)) ? -1 : 0;
    }
    if (strcasecmp(mn, "MOV") == 0) {
        return want_ops(c, mn, nop, 2) ? -1 : as_base(c, "ADDI", 3, op[0], op[1], "0");
    }
    if (strcasecmp(mn, "NOP") == 0) {
        return want_ops(c, mn, nop, 0) ? -1 : as_base(c, "ADDI", 3, "s0", "s0", "0");
    }
    if (strcasecmp(mn, "J") == 0) {
        return want_ops(c, mn, nop, 1) ? -1 : as_base(c, "JAL", 2, "s0", op[0]);
    }
    if (strcasecmp(mn, "JR") == 0) {
        return want_ops(c, mn, nop, 1) ? -1 : as_base(c, "JALR", 3, "s0", op[0], "0");
    }
    if (strcasecmp(mn, "NOT") == 0) {
        return want_ops(c, mn, nop, 2) ? -1 : as_base(c, "XORI", 3, op[0], op[1], "-1");
    }
    if (strcasecmp(mn, "NEG") == 0) {
        return want_ops(c, mn, nop, 2) ? -1 : as_base(c, "SUB", 3, op[0], "s0", op[1]);
    }
    if (strcasecmp(mn, "BEQZ") == 0 || strcasecmp(mn, "BNEZ") == 0) {
        return want_ops(c, mn, nop, 2) ? -1
               : as_base(c, mn[1] == 'E' || mn[1] == 'e' ? "BEQ" : "BNE", 3, op[0], "s0", op[1]);
    }
    static const char *swap[][2] = {{"BGT", "BLT"}, {"BLE", "BGE"}, {"BGTU", "BLTU"}, {"BLEU", "BGEU"}};
    for (unsigned i = 0; i < 4; i++) {
        if (strcasecmp(mn, swap[i][0]) == 0) {
            return want_ops(c, mn, nop, 3) ? -1 : as_base(c, swap[i][1], 3, op[1], op[0], op[2]);
        }
    }
    *handled = 0;
    return 0;
}

/* ---- directives ------------------------------------------------------------------------------ */

static int directive(actx_t *c, const char *d, char **op, unsigned nop)
{
    int64_t v;
    if (strcasecmp(d, ".org") == 0) {
        if (want_ops(c, d, nop, 1) || eval_now(c, op[0], &v)) {
            return -1;
        }
        if (v < (int64_t)c->pc || v > (int64_t)SHD_MEM_BYTES) {
            return fail(c, ".org 0x%llx is before the current address 0x%llx or beyond memory",
                        (unsigned long long)v, (unsigned long long)c->pc);
        }
        while (c->pc < (uint64_t)v) {
            if (emit(c, 0, 1)) {
                return -1;
            }
        }
        return 0;
    }
    if (strcasecmp(d, ".align") == 0) {
        if (want_ops(c, d, nop, 1) || eval_now(c, op[0], &v)) {
            return -1;
        }
        if (v < 1 || v > 4096 || (v & (v - 1))) {
            return fail(c, ".align %lld: allowed is a power of 2 from 1 to 4096", (long long)v);
        }
        while (c->pc & (uint64_t)(v - 1)) {
            if (emit(c, 0, 1)) {
                return -1;
            }
        }
        return 0;
    }
    if (strcasecmp(d, ".space") == 0) {
        if (want_ops(c, d, nop, 1) || eval_now(c, op[0], &v)) {
            return -1;
        }
        if (v < 0 || v > (int64_t)MAX_IMAGE) {
            return fail(c, ".space %lld: allowed is 0..%u", (long long)v, MAX_IMAGE);
        }
        for (int64_t i = 0; i < v; i++) {
            if (emit(c, 0, 1)) {
                return -1;
            }
        }
        return 0;
    }
    if (strcasecmp(d, ".equ") == 0) {
        if (want_ops(c, d, nop, 2)) {
            return -1;
        }
        const char *p = op[0];
        if (!is_ident_start(*p)) {
            return fail(c, "bad name '%s'", op[0]);
        }
        for (; *p; p++) {
            if (!is_ident(*p)) {
                return fail(c, "bad name '%s'", op[0]);
            }
        }
        if (eval_now(c, op[1], &v)) {
            return -1;
        }
        return sym_define(c, op[0], v);
    }
    unsigned n = 0;
    int64_t lo = 0, hi = 0;
    if (strcasecmp(d, ".word") == 0) {
        n = 4; lo = -2147483648LL; hi = 4294967295LL;
    } else if (strcasecmp(d, ".half") == 0) {
        n = 2; lo = -32768; hi = 65535;
    } else if (strcasecmp(d, ".byte") == 0) {
        n = 1; lo = -128; hi = 255;
    } else {
        return fail(c, "unknown directive '%s'", d);
    }
    if (nop == 0) {
        return fail(c, "%s needs at least one value", d);
    }
    for (unsigned i = 0; i < nop; i++) {
        if (eval_range(c, op[i], lo, hi, &v) || emit(c, (uint32_t)v, n)) {
            return -1;
        }
    }
    return 0;
}

/* ---- lines -------------------------------------------------------------------------------- */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r') {
        s++;
    }
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) {
        s[--n] = 0;
    }
    return s;
}

static int do_line(actx_t *c, char *s)
{
    char *cm = strchr(s, ';');
    if (cm) {
        *cm = 0;
    }
    cm = strstr(s, "//");
    if (cm) {
        *cm = 0;
    }
    s = trim(s);
    /* labels */
    for (;;) {
        char *p = s;
        if (!is_ident_start(*p)) {
            break;
        }
        while (is_ident(*p)) {
            p++;
        }
        if (*p != ':') {
            break;
        }
        *p = 0;
        if (sym_define(c, s, (int64_t)c->pc)) {
            return -1;
        }
        s = trim(p + 1);
    }
    if (*s == 0) {
        return 0;
    }
    char *mn = s;
    while (*s && *s != ' ' && *s != '\t') {
        s++;
    }
    if (*s) {
        *s++ = 0;
    }
    s = trim(s);
    char *op[MAX_OPS];
    unsigned nop = 0;
    if (*s) {
        for (char *p = s;;) {
            char *comma = strchr(p, ',');
            if (comma) {
                *comma = 0;
            }
            if (nop == MAX_OPS) {
                return fail(c, "too many operands");
            }
            op[nop] = trim(p);
            if (*op[nop] == 0) {
                return fail(c, "empty operand");
            }
            nop++;
            if (!comma) {
                break;
            }
            p = comma + 1;
        }
    }
    if (mn[0] == '.') {
        return directive(c, mn, op, nop);
    }
    int handled;
    int rc = pseudo(c, mn, op, nop, &handled);
    if (handled) {
        return rc;
    }
    return assemble_insn(c, mn, op, nop);
}

int shd_assemble(const char *src, uint32_t base, shd_image_t *img)
{
    actx_t c;
    memset(&c, 0, sizeof c);
    free(img->bytes);
    memset(img, 0, sizeof *img);
    img->base = base;
    c.img = img;
    int rc = 0;
    if (base & 3u || base >= SHD_MEM_BYTES) {
        snprintf(img->err, sizeof img->err, "base 0x%x: must be a multiple of 4 below 32 MiB", base);
        return -1;
    }
    for (c.pass = 1; c.pass <= 2 && rc == 0; c.pass++) {
        c.pc = base;
        c.line = 0;
        const char *p = src;
        while (*p && rc == 0) {
            const char *e = strchr(p, '\n');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            char line[MAX_LINE];
            c.line++;
            if (n >= sizeof line) {
                rc = fail(&c, "line longer than %u characters", MAX_LINE - 1);
                break;
            }
            memcpy(line, p, n);
            line[n] = 0;
            img->err[0] = 0;
            rc = do_line(&c, line);
            p = e ? e + 1 : p + n;
        }
    }
    for (unsigned i = 0; i < c.nsym; i++) {
        free(c.sym[i].name);
    }
    free(c.sym);
    if (rc) {
        free(img->bytes);
        img->bytes = NULL;
        img->size = img->cap = 0;
        return -1;
    }
    img->err[0] = 0;
    return 0;
}

char *shd_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *b = malloc(cap);
    for (;;) {
        if (!b) {
            fclose(f);
            errno = ENOMEM;
            return NULL;
        }
        size_t got = fread(b + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) {
            break;
        }
        if (n + 1 >= cap) {
            cap *= 2;
            char *nb = realloc(b, cap);
            if (!nb) {
                free(b);
                b = NULL;
                continue;
            }
            b = nb;
        }
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(b);
        errno = EIO;
        return NULL;
    }
    b[n] = 0;
    if (memchr(b, 0, n)) {
        free(b);
        errno = EINVAL;
        return NULL;
    }
    return b;
}

int shd_assemble_file(const char *path, uint32_t base, shd_image_t *img)
{
    char *src = shd_read_file(path);
    if (!src) {
        free(img->bytes);
        memset(img, 0, sizeof *img);
        snprintf(img->err, sizeof img->err, "cannot read %s: %s", path,
                 errno == EINVAL ? "binary file (NUL byte)" : strerror(errno));
        return -1;
    }
    int rc = shd_assemble(src, base, img);
    free(src);
    return rc;
}

void shd_image_free(shd_image_t *img)
{
    free(img->bytes);
    img->bytes = NULL;
    img->size = img->cap = 0;
}
