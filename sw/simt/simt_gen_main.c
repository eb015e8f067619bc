/* simt-gen - print seeded random SIMT programs (assembler source), or check many of them on
 * the reference simulator (--count: each must terminate). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_gen.h"
#include "simt_sim.h"

int main(int argc, char **argv)
{
    uint64_t seed = 1;
    unsigned long count = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: simt-gen [--seed N] [--count K]\n"
                   "  without --count: print the program of seed N as assembler source\n"
                   "  with --count: generate seeds N..N+K-1, assemble the printed source\n"
                   "  again (must give the same words) and run each on the reference\n"
                   "  simulator (must terminate)\n");
            return 0;
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 0);
        } else if (strcmp(argv[i], "--count") == 0 && i + 1 < argc) {
            count = strtoul(argv[++i], NULL, 0);
        } else {
            fprintf(stderr, "simt-gen: bad argument %s (see --help)\n", argv[i]);
            return 2;
        }
    }
    static simt_image_t img, img2;
    static simt_sim_t s;
    static char src[65536];
    printf("; simt-gen seed %" PRIu64 "\n", seed);
    for (unsigned long k = 0; k < (count ? count : 1); k++) {
        simt_gen(seed + k, &img);
        size_t n = 0;
        n += (size_t)snprintf(src + n, sizeof src - n, ".threads %u\n", img.threads);
        for (unsigned a = 0; a < SIMT_DATA_BYTES; a += 16) {
            n += (size_t)snprintf(src + n, sizeof src - n, ".data @%u", a);
            for (unsigned b = 0; b < 16; b++) {
                n += (size_t)snprintf(src + n, sizeof src - n, " %u", img.data[a + b]);
            }
            n += (size_t)snprintf(src + n, sizeof src - n, "\n");
        }
        for (unsigned i = 0; i < img.nprog; i++) {
            char d[48];
            n += (size_t)snprintf(src + n, sizeof src - n, "    %-24s ; %02x\n",
                                  simt_disasm(img.prog[i], d, sizeof d), i);
        }
        if (!count) {
            fputs(src, stdout);
            return 0;
        }
        if (simt_assemble(src, &img2) || img2.nprog != img.nprog ||
            memcmp(img2.prog, img.prog, sizeof img.prog) != 0 ||
            memcmp(img2.data, img.data, sizeof img.data) != 0 || img2.threads != img.threads) {
            fprintf(stderr, "seed %" PRIu64 ": source does not assemble back (%s)\n",
                    seed + k, img2.err);
            return 1;
        }
        simt_sim_init(&s, img.prog, img.data, img.threads, 1 + (unsigned)(k % 5), 0, 0);
        if (simt_sim_run(&s, 100000)) {
            fprintf(stderr, "seed %" PRIu64 ": did not terminate\n", seed + k);
            return 1;
        }
    }
    printf("%lu programs: assembled back identically and terminated\n", count);
    return 0;
}
