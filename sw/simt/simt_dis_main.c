/* simt-dis - disassemble hex instruction words into assembler source that simt-as turns back
 * into the same words. Input: whitespace-separated hex words (1 to 4 hex digits, optional 0x),
 * any number per line, blank lines and // comments allowed; every other token is an error. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "simt_isa.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: simt-dis [--addr] [IN.hex | -]\n"
            "  disassemble hex instruction words (1-4 hex digits, optional 0x, any number per\n"
            "  line separated by spaces/tabs; blank lines and // comments allowed) to source\n"
            "  on stdout; IN.hex '-' or absent: read stdin (absent and stdin a terminal: this\n"
            "  text and exit 2)\n"
            "  --addr  prefix each line with its address as a comment\n"
            "  --help  this text\n"
            "exit status: 0 written, 1 unreadable input / a token that is not a hex word\n"
            "(named with its line) / no words at all / write error, 2 bad command line;\n"
            "on an input error nothing is written to stdout\n");
}

/* 0 and *w when tok is 1-4 hex digits with an optional 0x prefix */
static int hex_word(const char *tok, unsigned *w)
{
    const char *p = tok;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        p += 2;
    }
    size_t n = strlen(p);
    if (n == 0 || n > 4) {
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (!isxdigit((unsigned char)p[i])) {
            return -1;
        }
    }
    *w = (unsigned)strtoul(p, NULL, 16);
    return 0;
}

int main(int argc, char **argv)
{
    const char *in = NULL;
    int addr = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return cli_finish("simt-dis", "standard output", stdout) ? 1 : 0;
        } else if (strcmp(argv[i], "--addr") == 0) {
            addr = 1;
        } else if (!in && argv[i][0] != 0 && (argv[i][0] != '-' || strcmp(argv[i], "-") == 0)) {
            in = argv[i];
        } else {
            fprintf(stderr,
                    "simt-dis: bad argument '%s': allowed are --addr, --help and one input "
                    "file (or -)\n",
                    argv[i]);
            return 2;
        }
    }
    int use_stdin = !in || strcmp(in, "-") == 0;
    if (!in && isatty(STDIN_FILENO)) {
        fprintf(stderr, "simt-dis: no input file and stdin is a terminal\n");
        usage(stderr);
        return 2;
    }
    const char *name = use_stdin ? "<stdin>" : in;
    FILE *f = use_stdin ? stdin : fopen(in, "r");
    if (!f) {
        fprintf(stderr, "simt-dis: cannot open %s: %s\n", in, strerror(errno));
        return 1;
    }
    /* read and check everything first: on an error nothing is printed */
    uint16_t *words = NULL;
    size_t nw = 0, cap = 0;
    char *line = NULL;
    size_t lcap = 0;
    unsigned long lineno = 0;
    int bad = 0;
    while (!bad && getline(&line, &lcap, f) != -1) {
        lineno++;
        char *cm = strstr(line, "//");
        if (cm) {
            *cm = 0;
        }
        for (char *tok = strtok(line, " \t\r\n\v\f"); tok; tok = strtok(NULL, " \t\r\n\v\f")) {
            unsigned w;
            if (hex_word(tok, &w)) {
                fprintf(stderr,
                        "simt-dis: %s line %lu: '%s' is not a hex word: allowed are 1-4 hex "
                        "digits (optional 0x), separated by spaces, and // comments\n",
                        name, lineno, tok);
                bad = 1;
                break;
            }
            if (nw == cap) {
                size_t nc = cap ? 2 * cap : 256;
                uint16_t *nb = realloc(words, nc * sizeof *nb);
                if (!nb) {
                    fprintf(stderr, "simt-dis: out of memory after %zu words\n", nw);
                    bad = 1;
                    break;
                }
                words = nb;
                cap = nc;
            }
            words[nw++] = (uint16_t)w;
        }
    }
    if (!bad && ferror(f)) {
        fprintf(stderr, "simt-dis: reading %s failed: %s\n", name, strerror(errno));
        bad = 1;
    }
    free(line);
    if (f != stdin) {
        fclose(f);
    }
    if (!bad && nw == 0) {
        fprintf(stderr, "simt-dis: %s holds no instruction words (expected hex words such as "
                        "'7000')\n", name);
        bad = 1;
    }
    if (bad) {
        free(words);
        return 1;
    }
    for (size_t pc = 0; pc < nw; pc++) {
        char d[48];
        simt_disasm(words[pc], d, sizeof d);
        if (addr) {
            printf("    %-28s ; %02zx\n", d, pc);
        } else {
            printf("    %s\n", d);
        }
    }
    free(words);
    return cli_finish("simt-dis", "standard output", stdout) ? 1 : 0;
}
