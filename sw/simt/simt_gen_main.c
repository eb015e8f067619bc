/* simt-gen - print seeded random SIMT programs (assembler source), or check many of them on
 * the reference simulator (--count: each must terminate). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "simt_gen.h"
#include "simt_sim.h"

#define GEN_SEED_MAX 0x7FFFFFFFFFFFFFFFull /* seed + k never wraps */
#define GEN_COUNT_MAX 10000000ull

static void usage(FILE *f)
{
    fprintf(f,
            "usage: simt-gen [--seed N] [--count K]\n"
            "  without --count: print the program of seed N (default 1) as assembler source\n"
            "  with --count: generate seeds N..N+K-1, assemble the printed source\n"
            "  again (must give the same words) and run each on the reference\n"
            "  simulator (must terminate)\n"
            "  --seed N   0..%llu, default 1\n"
            "  --count K  1..%llu\n"
            "  --help     this text\n"
            "exit status: 0 done, 1 a program failed / write error, 2 bad command line\n",
            (unsigned long long)GEN_SEED_MAX, (unsigned long long)GEN_COUNT_MAX);
}

int main(int argc, char **argv)
{
    uint64_t seed = 1;
    uint64_t count = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return cli_finish("simt-gen", "standard output", stdout) ? 1 : 0;
        } else if (strcmp(a, "--seed") == 0 || strcmp(a, "--count") == 0) {
            int sd = strcmp(a, "--seed") == 0;
            uint64_t lo = sd ? 0 : 1, hi = sd ? GEN_SEED_MAX : GEN_COUNT_MAX;
            if (i + 1 >= argc) {
                fprintf(stderr, "simt-gen: %s needs a number %llu..%llu (see --help)\n", a,
                        (unsigned long long)lo, (unsigned long long)hi);
                return 2;
            }
            if (cli_uint("simt-gen", a, argv[++i], lo, hi, sd ? &seed : &count)) {
                return 2;
            }
        } else {
            fprintf(stderr,
                    "simt-gen: bad argument '%s': allowed are --seed N, --count K, --help "
                    "(no file arguments)\n",
                    a);
            return 2;
        }
    }
    static simt_image_t img, img2;
    static simt_sim_t s;
    static char src[65536];
    printf("; simt-gen seed %" PRIu64 "\n", seed);
    for (uint64_t k = 0; k < (count ? count : 1); k++) {
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
            return cli_finish("simt-gen", "standard output", stdout) ? 1 : 0;
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
    printf("%llu programs: assembled back identically and terminated\n",
           (unsigned long long)count);
    return cli_finish("simt-gen", "standard output", stdout) ? 1 : 0;
}
