/* simt-dis - disassemble hex instruction words (one per line) into assembler source that
 * simt-as turns back into the same words. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_isa.h"

int main(int argc, char **argv)
{
    const char *in = NULL;
    int addr = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: simt-dis [--addr] IN.hex   (- or nothing: stdin)\n"
                   "  --addr  prefix each line with its address as a comment\n");
            return 0;
        } else if (strcmp(argv[i], "--addr") == 0) {
            addr = 1;
        } else if (!in) {
            in = argv[i];
        } else {
            fprintf(stderr, "simt-dis: bad argument %s (see --help)\n", argv[i]);
            return 2;
        }
    }
    FILE *f = (!in || strcmp(in, "-") == 0) ? stdin : fopen(in, "r");
    if (!f) {
        perror(in);
        return 1;
    }
    char line[128];
    unsigned pc = 0;
    while (fgets(line, sizeof line, f)) {
        char *end;
        unsigned long w = strtoul(line, &end, 16);
        if (end == line) {
            continue;
        }
        if (w > 0xFFFF) {
            fprintf(stderr, "simt-dis: word %lx out of range\n", w);
            return 1;
        }
        char d[48];
        simt_disasm((uint16_t)w, d, sizeof d);
        if (addr) {
            printf("    %-28s ; %02x\n", d, pc);
        } else {
            printf("    %s\n", d);
        }
        pc++;
    }
    if (f != stdin) {
        fclose(f);
    }
    return 0;
}
