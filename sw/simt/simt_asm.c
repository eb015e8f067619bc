/* simt_asm.c - two-pass assembler for the seed-002 SIMT ISA; see simt_asm.h for syntax. */
#include "simt_asm.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_LABELS 256
#define MAX_TOK 40

typedef struct {
    char name[32];
    unsigned addr;
} label_t;

typedef struct {
    label_t lab[MAX_LABELS];
    unsigned nlab;
    simt_image_t *img;
    unsigned line;
    int pass;
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

static int lookup_label(actx_t *c, const char *s, unsigned *v)
{
    for (unsigned i = 0; i < c->nlab; i++) {
        if (strcmp(c->lab[i].name, s) == 0) {
            *v = c->lab[i].addr;
            return 0;
        }
    }
    return -1;
}

static int parse_num(const char *s, long *v)
{
    char *end;
    if (*s == 0) {
        return -1;
    }
    *v = strtol(s, &end, 0);
    return *end == 0 ? 0 : -1;
}

static int parse_reg(actx_t *c, const char *s, unsigned *r)
{
    if (strcasecmp(s, "%blockIdx") == 0) { *r = SIMT_REG_BLOCKIDX; return 0; }
    if (strcasecmp(s, "%blockDim") == 0) { *r = SIMT_REG_BLOCKDIM; return 0; }
    if (strcasecmp(s, "%threadIdx") == 0) { *r = SIMT_REG_THREADIDX; return 0; }
    long v;
    if ((s[0] == 'R' || s[0] == 'r') && parse_num(s + 1, &v) == 0 && v >= 0 && v <= 15 &&
        isdigit((unsigned char)s[1])) {
        *r = (unsigned)v;
        return 0;
    }
    return fail(c, "bad register '%s'", s);
}

static int parse_imm(actx_t *c, const char *s, unsigned *imm)
{
    long v;
    if (*s == '#') {
        s++;
    }
    if (parse_num(s, &v) == 0) {
        if (v < -128 || v > 255) {
            return fail(c, "immediate %ld out of range -128..255", v);
        }
        *imm = (unsigned)(v & 0xFF);
        return 0;
    }
    unsigned a;
    if (lookup_label(c, s, &a) == 0) {
        *imm = a & 0xFF;
        return 0;
    }
    if (c->pass == 1) { /* forward reference: resolved in pass 2 */
        *imm = 0;
        return 0;
    }
    return fail(c, "unknown label or bad immediate '%s'", s);
}

/* split on whitespace and commas */
static unsigned tokenize(char *s, char **tok)
{
    unsigned n = 0;
    char *p = s;
    while (*p && n < MAX_TOK) {
        while (*p && (isspace((unsigned char)*p) || *p == ',')) {
            p++;
        }
        if (!*p) {
            break;
        }
        tok[n++] = p;
        while (*p && !isspace((unsigned char)*p) && *p != ',') {
            p++;
        }
        if (*p) {
            *p++ = 0;
        }
    }
    while (*p && (isspace((unsigned char)*p) || *p == ',')) {
        p++;
    }
    return *p ? MAX_TOK + 1 : n; /* more tokens than fit: caller reports it */
}

static int emit(actx_t *c, uint16_t w)
{
    if (c->img->nprog >= SIMT_PROG_WORDS) {
        return fail(c, "program longer than %u words", SIMT_PROG_WORDS);
    }
    c->img->prog[c->img->nprog++] = w;
    return 0;
}

static int parse_branch_cond(actx_t *c, const char *mn, unsigned *nzp)
{
    const char *p = mn + 2;
    unsigned v = 0;
    if (*p == 0) {
        *nzp = 7; /* BR = BRnzp (seed) */
        return 0;
    }
    int last = -1;
    for (; *p; p++) {
        int bit;
        switch (tolower((unsigned char)*p)) {
        case 'n': bit = 0; break;
        case 'z': bit = 1; break;
        case 'p': bit = 2; break;
        default: return fail(c, "bad branch condition in '%s'", mn);
        }
        if (bit <= last) {
            return fail(c, "branch condition letters must be in n, z, p order: '%s'", mn);
        }
        last = bit;
        v |= 4u >> bit;
    }
    *nzp = v;
    return 0;
}

static int do_line(actx_t *c, char *s, unsigned *data_pos)
{
    char *cm = strchr(s, ';');
    if (cm) { *cm = 0; }
    cm = strstr(s, "//");
    if (cm) { *cm = 0; }
    /* labels */
    for (;;) {
        char *p = s;
        while (isspace((unsigned char)*p)) { p++; }
        char *q = p;
        while (isalnum((unsigned char)*q) || *q == '_' || *q == '.') { q++; }
        if (q > p && *q == ':') {
            *q = 0;
            if (c->pass == 1) {
                unsigned dummy;
                if (lookup_label(c, p, &dummy) == 0) {
                    return fail(c, "duplicate label '%s'", p);
                }
                if (c->nlab >= MAX_LABELS || strlen(p) >= sizeof c->lab[0].name) {
                    return fail(c, "too many labels or label too long");
                }
                snprintf(c->lab[c->nlab].name, sizeof c->lab[0].name, "%s", p);
                c->lab[c->nlab].addr = c->img->nprog;
                c->nlab++;
            }
            s = q + 1;
            continue;
        }
        break;
    }
    char *tok[MAX_TOK];
    unsigned n = tokenize(s, tok);
    if (n > MAX_TOK) {
        return fail(c, "more than %u tokens on one line", MAX_TOK);
    }
    if (n == 0) {
        return 0;
    }
    if (tok[0][0] == '.') {
        long v;
        if (strcasecmp(tok[0], ".threads") == 0) {
            if (n != 2 || parse_num(tok[1], &v) || v < 0 || v > 255) {
                return fail(c, ".threads needs one number 0..255");
            }
            c->img->threads = (unsigned)v;
            return 0;
        }
        if (strcasecmp(tok[0], ".data") == 0) {
            for (unsigned i = 1; i < n; i++) {
                if (tok[i][0] == '@') {
                    if (parse_num(tok[i] + 1, &v) || v < 0 || v > 255) {
                        return fail(c, "bad data address '%s'", tok[i]);
                    }
                    *data_pos = (unsigned)v;
                    continue;
                }
                if (parse_num(tok[i][0] == '#' ? tok[i] + 1 : tok[i], &v) || v < -128 ||
                    v > 255) {
                    return fail(c, "bad data byte '%s'", tok[i]);
                }
                if (*data_pos >= SIMT_DATA_BYTES) {
                    return fail(c, "data beyond address 255");
                }
                c->img->data[(*data_pos)++] = (uint8_t)(v & 0xFF);
            }
            return 0;
        }
        if (strcasecmp(tok[0], ".org") == 0) {
            if (n != 2 || parse_num(tok[1], &v) || v < (long)c->img->nprog ||
                v > SIMT_PROG_WORDS) {
                return fail(c, ".org needs an address from the current one up to %u",
                            SIMT_PROG_WORDS);
            }
            while (c->img->nprog < (unsigned)v) {
                c->img->prog[c->img->nprog++] = 0x0000; /* NOP */
            }
            return 0;
        }
        if (strcasecmp(tok[0], ".word") == 0) {
            if (n != 2 || parse_num(tok[1], &v) || v < 0 || v > 0xFFFF) {
                return fail(c, ".word needs one number 0..0xFFFF");
            }
            return emit(c, (uint16_t)v);
        }
        return fail(c, "unknown directive '%s'", tok[0]);
    }
    const simt_op_t *op = simt_find(tok[0]);
    if (!op) {
        return fail(c, "unknown mnemonic '%s'", tok[0]);
    }
    unsigned nzp = 0, d = 0, sr = 0, t = 0, imm = 0;
    if (op->fields & SIMT_F_NZP) {
        if (parse_branch_cond(c, tok[0], &nzp)) {
            return -1;
        }
    }
    unsigned want = 0;
    unsigned k = 1;
    if (op->fields & SIMT_F_D) { want++; }
    if (op->fields & SIMT_F_S) { want++; }
    if (op->fields & SIMT_F_T) { want++; }
    if (op->fields & SIMT_F_IMM) { want++; }
    if (n - 1 != want) {
        return fail(c, "%s takes %u operands, got %u", op->mn, want, n - 1);
    }
    if ((op->fields & SIMT_F_D) && parse_reg(c, tok[k++], &d)) { return -1; }
    if ((op->fields & SIMT_F_S) && parse_reg(c, tok[k++], &sr)) { return -1; }
    if ((op->fields & SIMT_F_T) && parse_reg(c, tok[k++], &t)) { return -1; }
    if ((op->fields & SIMT_F_IMM) && parse_imm(c, tok[k++], &imm)) { return -1; }
    return emit(c, simt_encode(op, nzp, d, sr, t, imm));
}

int simt_assemble(const char *src, simt_image_t *img)
{
    static actx_t c; /* labels survive between passes */
    memset(&c, 0, sizeof c);
    c.img = img;
    for (c.pass = 1; c.pass <= 2; c.pass++) {
        memset(img, 0, sizeof *img);
        unsigned data_pos = 0;
        const char *p = src;
        c.line = 0;
        while (*p) {
            const char *e = strchr(p, '\n');
            size_t len = e ? (size_t)(e - p) : strlen(p);
            char buf[512];
            c.line++;
            if (len >= sizeof buf) {
                return fail(&c, "line too long");
            }
            memcpy(buf, p, len);
            buf[len] = 0;
            if (do_line(&c, buf, &data_pos)) {
                return -1;
            }
            p += len;
            if (*p == '\n') {
                p++;
            }
        }
    }
    return 0;
}

/* whole file into a malloc'd, NUL-terminated buffer; *len = bytes read. NULL with errno set
 * when the file cannot be opened or read (a directory, an I/O error, out of memory). */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *b = malloc(cap);
    size_t r;
    while (b && (r = fread(b + n, 1, cap - n - 1, f)) > 0) {
        n += r;
        if (cap - n - 1 == 0) {
            char *nb = realloc(b, cap * 2);
            if (!nb) {
                free(b);
                b = NULL;
                break;
            }
            b = nb;
            cap *= 2;
        }
    }
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    if (b && err) {
        free(b);
        b = NULL;
        errno = err;
    }
    if (b) {
        b[n] = 0;
        *len = n;
    }
    return b;
}

char *simt_read_file(const char *path)
{
    size_t n;
    return read_all(path, &n);
}

int simt_assemble_file(const char *path, simt_image_t *img)
{
    size_t n = 0;
    errno = 0;
    char *src = read_all(path, &n);
    if (!src) {
        int err = errno;
        memset(img, 0, sizeof *img);
        snprintf(img->err, sizeof img->err, "cannot read %s: %s", path,
                 err ? strerror(err) : "out of memory");
        return -1;
    }
    const char *nul = memchr(src, 0, n);
    if (nul) { /* the parser would stop at the NUL and silently drop the rest */
        unsigned line = 1;
        for (const char *p = src; p < nul; p++) {
            line += *p == '\n';
        }
        memset(img, 0, sizeof *img);
        snprintf(img->err, sizeof img->err,
                 "line %u: NUL byte (binary input?); the assembler reads text source only", line);
        free(src);
        return -1;
    }
    int r = simt_assemble(src, img);
    free(src);
    return r;
}
