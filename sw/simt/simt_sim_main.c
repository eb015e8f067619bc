/* simt-sim - run a kernel on the instruction-level reference simulator and print the data
 * memory (and optionally a trace of every executed instruction). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_asm.h"
#include "simt_sim.h"

int main(int argc, char **argv)
{
    const char *in = NULL;
    unsigned threads = 0, dim = 4;
    int trace = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: simt-sim IN.asm [--threads N] [--block-dim T] [--trace]\n"
                   "  runs every thread to RET (blocks of T threads, default 4) and prints\n"
                   "  the final data memory as 16 hex bytes per line\n");
            return 0;
        } else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            threads = (unsigned)strtoul(argv[++i], NULL, 0);
        } else if (strcmp(argv[i], "--block-dim") == 0 && i + 1 < argc) {
            dim = (unsigned)strtoul(argv[++i], NULL, 0);
        } else if (strcmp(argv[i], "--trace") == 0) {
            trace = 1;
        } else if (!in && argv[i][0] != '-') {
            in = argv[i];
        } else {
            fprintf(stderr, "simt-sim: bad argument %s (see --help)\n", argv[i]);
            return 2;
        }
    }
    if (!in || dim == 0) {
        fprintf(stderr, "simt-sim: need an input and a block dim > 0 (see --help)\n");
        return 2;
    }
    static simt_image_t img;
    static simt_sim_t s;
    if (simt_assemble_file(in, &img)) {
        fprintf(stderr, "%s: %s\n", in, img.err);
        return 1;
    }
    simt_sim_init(&s, img.prog, img.data, threads ? threads : img.threads, dim, 0, 0);
    s.trace = trace ? stdout : NULL;
    if (simt_sim_run(&s, 1000000)) {
        fprintf(stderr, "simt-sim: a thread did not reach RET within 1000000 instructions\n");
        return 1;
    }
    printf("; %u threads, %lu thread-instructions\n", s.nthreads, s.steps);
    for (unsigned a = 0; a < SIMT_DATA_BYTES; a += 16) {
        printf("%02x:", a);
        for (unsigned b = 0; b < 16; b++) {
            printf(" %02x", s.mem[a + b]);
        }
        printf("\n");
    }
    return 0;
}
