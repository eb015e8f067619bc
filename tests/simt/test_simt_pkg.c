/* test_simt_pkg - the RTL's opcode constants (rtl/simt/simt_pkg.sv) agree with the decode
 * table (sw/simt/simt_isa.c), which is the single source of the encodings: every table entry
 * except NOP (opcode 0, the RTL's default) must appear as OP_<MNEMONIC> = 4'hX with X equal
 * to the entry's match[15:12], and the package must not define an opcode the table lacks.
 * The DIV-by-zero result must agree too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_asm.h"
#include "simt_isa.h"

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "rtl/simt/simt_pkg.sv";
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: test_simt_pkg [simt_pkg.sv]   compare RTL opcodes with the decode table\n");
        return 0;
    }
    char *src = simt_read_file(path);
    if (!src) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    unsigned checked = 0, defined = 0;
    int fail = 0;
    for (const char *p = strstr(src, "OP_"); p; p = strstr(p + 3, "OP_")) {
        char name[16];
        unsigned val;
        if (sscanf(p, "OP_%15[A-Z] = 4'h%x", name, &val) != 2) {
            continue;
        }
        defined++;
        const simt_op_t *op = NULL;
        for (unsigned i = 0; i < simt_nops; i++) {
            if (strcmp(simt_ops[i].mn, name) == 0) {
                op = &simt_ops[i];
            }
        }
        if (!op) {
            fprintf(stderr, "FAIL: %s defines OP_%s, the decode table has no %s\n", path, name,
                    name);
            fail = 1;
        } else if ((unsigned)(op->match >> 12) != val || op->mask != 0xF000) {
            fprintf(stderr, "FAIL: OP_%s = %X in %s, table says %X\n", name, val, path,
                    op->match >> 12);
            fail = 1;
        } else {
            checked++;
        }
    }
    if (checked != simt_nops - 1 || defined != checked) {
        fprintf(stderr, "FAIL: %u of %u table opcodes (NOP excluded) found in %s\n", checked,
                simt_nops - 1, path);
        fail = 1;
    }
    unsigned div0;
    const char *d = strstr(src, "DIV0_RESULT = 8'h");
    if (!d || sscanf(d, "DIV0_RESULT = 8'h%x", &div0) != 1 || div0 != SIMT_DIV0_RESULT) {
        fprintf(stderr, "FAIL: DIV0_RESULT in %s does not match SIMT_DIV0_RESULT\n", path);
        fail = 1;
    }
    free(src);
    if (!fail) {
        printf("test_simt_pkg: %u opcodes and the DIV-by-zero result agree\n", checked);
    }
    return fail;
}
