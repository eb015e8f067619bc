/* simt-sim - run a kernel on the instruction-level reference simulator and print the data
 * memory (and optionally a trace of every executed instruction). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_asm.h"
#include "cli.h"
#include "simt_sim.h"

#define SIM_THREADS_MAX 255u /* launch_threads_i of the RTL is 8 bits */
#define SIM_DIM_MAX 64u      /* the RTL's THREADS parameter range is 1..64 */
#define SIM_MAX_STEPS 1000000ul

static void usage(FILE *f)
{
    fprintf(f,
            "usage: simt-sim IN.asm [--threads N] [--block-dim T] [--trace]\n"
            "  runs every thread to RET and prints the final data memory as 16 hex bytes\n"
            "  per line (stdout)\n"
            "  --threads N    threads to launch, 1..%u (default: .threads of IN.asm)\n"
            "  --block-dim T  threads per block (blockDim), 1..%u, default 4\n"
            "  --trace        print every executed instruction\n"
            "  --help         this text\n"
            "exit status: 0 done, 1 assembly error / no thread count / a thread not at RET\n"
            "within %lu instructions / write error, 2 bad command line\n",
            SIM_THREADS_MAX, SIM_DIM_MAX, SIM_MAX_STEPS);
}

int main(int argc, char **argv)
{
    const char *in = NULL;
    uint64_t threads = 0, dim = 4;
    int trace = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return cli_finish("simt-sim", "standard output", stdout) ? 1 : 0;
        } else if (strcmp(a, "--threads") == 0 || strcmp(a, "--block-dim") == 0) {
            int th = strcmp(a, "--threads") == 0;
            if (i + 1 >= argc) {
                fprintf(stderr, "simt-sim: %s needs a number 1..%u (see --help)\n", a,
                        th ? SIM_THREADS_MAX : SIM_DIM_MAX);
                return 2;
            }
            if (cli_uint("simt-sim", a, argv[++i], 1, th ? SIM_THREADS_MAX : SIM_DIM_MAX,
                              th ? &threads : &dim)) {
                return 2;
            }
        } else if (strcmp(a, "--trace") == 0) {
            trace = 1;
        } else if (!in && a[0] != '-' && a[0] != 0) {
            in = a;
        } else {
            fprintf(stderr,
                    "simt-sim: bad argument '%s': allowed are one input file, --threads N, "
                    "--block-dim T, --trace, --help\n",
                    a);
            return 2;
        }
    }
    if (!in) {
        fprintf(stderr, "simt-sim: no input file given\n");
        usage(stderr);
        return 2;
    }
    static simt_image_t img;
    static simt_sim_t s;
    if (simt_assemble_file(in, &img)) {
        fprintf(stderr, "simt-sim: %s: %s\n", in, img.err);
        return 1;
    }
    unsigned n = threads ? (unsigned)threads : img.threads;
    if (n == 0) {
        fprintf(stderr, "simt-sim: %s has no .threads (or .threads 0) and no --threads was "
                        "given: nothing would run; give --threads N (1..%u)\n",
                in, SIM_THREADS_MAX);
        return 1;
    }
    simt_sim_init(&s, img.prog, img.data, n, (unsigned)dim, 0, 0);
    s.trace = trace ? stdout : NULL;
    if (simt_sim_run(&s, SIM_MAX_STEPS)) {
        fprintf(stderr, "simt-sim: a thread did not reach RET within %lu instructions\n",
                SIM_MAX_STEPS);
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
    return cli_finish("simt-sim", "standard output", stdout) ? 1 : 0;
}
