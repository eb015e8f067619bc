/* shader-dis - disassemble hex words (one per line, as shader-as writes them). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "shader_asm.h"
#include "shader_isa.h"

#define T "shader-dis"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: shader-dis IN.hex [--base ADDR]\n"
            "  disassemble IN.hex (one hex word per line, up to 8 digits; blank lines and\n"
            "  '#' comments allowed; '-' reads standard input) into canonical assembler text:\n"
            "  shader-as gives the same words back. Undefined words print as .word.\n"
            "  --base ADDR  address of the first word, shown in the comments (a multiple of 4,\n"
            "               0..0x1fffffc, default 0x1000000)\n"
            "  --help       this text\n"
            "exit status: 0 done, 1 unreadable or malformed input / write error, 2 bad command line\n");
}

int main(int argc, char **argv)
{
    const char *in = NULL;
    uint64_t base = 0x1000000;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return cli_finish(T, "standard output", stdout) ? 1 : 0;
        } else if (strcmp(a, "--base") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, T ": --base needs an address (see --help)\n");
                return 2;
            }
            if (cli_aligned(T, a, argv[++i], 0, 0x1FFFFFC, 4, &base)) {
                return 2;
            }
        } else if (!in && a[0] != 0 && (a[0] != '-' || a[1] == 0)) {
            in = a;
        } else {
            fprintf(stderr, T ": bad argument '%s': allowed are one input file (or -), --base "
                            "ADDR, --help\n", a);
            return 2;
        }
    }
    if (!in) {
        fprintf(stderr, T ": no input file given\n");
        usage(stderr);
        return 2;
    }
    char *src;
    if (strcmp(in, "-") == 0) {
        src = shd_read_file("/dev/stdin");
    } else {
        src = shd_read_file(in);
    }
    if (!src) {
        fprintf(stderr, T ": cannot read %s: %s\n", in,
                errno == EINVAL ? "binary file (NUL byte)" : strerror(errno));
        return 1;
    }
    /* read and check every line first: bad input prints nothing */
    unsigned line = 0;
    uint64_t addr = base;
    int rc = 0;
    size_t nw = 0, cap = 0;
    uint32_t *w = NULL;
    for (char *p = src; *p && rc == 0;) {
        char *e = strchr(p, '\n');
        if (e) {
            *e = 0;
        }
        line++;
        char *h = strchr(p, '#');
        if (h) {
            *h = 0;
        }
        while (isspace((unsigned char)*p)) {
            p++;
        }
        size_t n = strlen(p);
        while (n && isspace((unsigned char)p[n - 1])) {
            p[--n] = 0;
        }
        if (n) {
            bool ok = n <= 8;
            for (size_t i = 0; i < n; i++) {
                ok = ok && isxdigit((unsigned char)p[i]);
            }
            if (!ok) {
                fprintf(stderr, T ": %s line %u: '%s' is not a hex word (1-8 hex digits)\n", in,
                        line, p);
                rc = 1;
                break;
            }
            if (addr + 4 * (nw + 1) > 0x2000000u) {
                fprintf(stderr, T ": %s line %u: past the end of the 32 MiB memory\n", in, line);
                rc = 1;
                break;
            }
            if (nw == cap) {
                cap = cap ? 2 * cap : 1024;
                uint32_t *nb = realloc(w, cap * sizeof *w);
                if (!nb) {
                    fprintf(stderr, T ": out of memory\n");
                    rc = 1;
                    break;
                }
                w = nb;
            }
            w[nw++] = (uint32_t)strtoul(p, NULL, 16);
        }
        p = e ? e + 1 : p + strlen(p);
    }
    if (rc == 0 && nw == 0) {
        fprintf(stderr, T ": %s: no instruction words\n", in);
        rc = 1;
    }
    for (size_t i = 0; rc == 0 && i < nw; i++) {
        char d[64];
        printf("    %-34s ; %08llx: %08x\n", shd_disasm(w[i], d, sizeof d),
               (unsigned long long)(addr + 4 * i), w[i]);
    }
    free(w);
    free(src);
    if (cli_finish(T, "standard output", stdout)) {
        return 1;
    }
    return rc;
}
