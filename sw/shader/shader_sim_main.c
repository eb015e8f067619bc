/* shader-sim - run a shader kernel (.s) on the tile ISS (the golden model). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "shader_asm.h"
#include "shader_iss.h"

#define T "shader-sim"
#define MAX_SETS 64

static void usage(FILE *f)
{
    fprintf(f,
            "usage: shader-sim IN.s [options]\n"
            "  assemble IN.s at --base, launch it on every core of a tile and run it until every\n"
            "  core has executed WFI, a fault, or --max-steps (docs/shader.md)\n"
            "  --base ADDR         entry and load address, multiple of 4, 0..0x1fffffc (0x1000000)\n"
            "  --arg-base ADDR     ARG_BASE CSR, 0..0x1ffffff (default 0x100000)\n"
            "  --tile-offset V     TILE_OFFSET CSR, 0..0xffffffff (default 0)\n"
            "  --cores N           cores in the tile, 1..16 (default 4)\n"
            "  --sched rr|random   interleaving: round-robin (default) or seeded random bursts\n"
            "  --seed S            seed of --sched random, 0..0xffffffffffffffff (default 1)\n"
            "  --max-steps N       1..1000000000000 (default 10000000)\n"
            "  --poison            s1..s31 start as 0x5a5a<core><reg> instead of 0\n"
            "  --set ADDR=VALUE    store a 32-bit word before the launch (ADDR a multiple of 4,\n"
            "                      VALUE 0..0xffffffff); up to %d times\n"
            "  --dump ADDR:LEN     print LEN bytes (1..65536) from ADDR as words after the run\n"
            "  --regs              print every core's registers after the run\n"
            "  --trace             print one line per retired instruction (the lockstep record)\n"
            "  --help              this text\n"
            "exit status: 0 every core halted, 1 fault / step limit / assembly error / write\n"
            "error, 2 bad command line\n",
            MAX_SETS);
}

static int need(int argc, char **argv, int i, const char *what)
{
    if (i + 1 >= argc) {
        fprintf(stderr, T ": %s needs %s (see --help)\n", argv[i], what);
        return -1;
    }
    return 0;
}

/* "A<sep>B" with A in alo..ahi and B in blo..bhi */
static int pair(const char *opt, const char *s, char sep, uint64_t alo, uint64_t ahi, uint64_t blo,
                uint64_t bhi, uint64_t *a, uint64_t *b)
{
    const char *p = strchr(s, sep);
    char first[64];
    if (!p || (size_t)(p - s) >= sizeof first) {
        fprintf(stderr, T ": %s '%s' is not of the form A%cB\n", opt, s, sep);
        return -1;
    }
    memcpy(first, s, (size_t)(p - s));
    first[p - s] = 0;
    return (cli_uint(T, opt, first, alo, ahi, a) || cli_uint(T, opt, p + 1, blo, bhi, b)) ? -1 : 0;
}

int main(int argc, char **argv)
{
    const char *in = NULL;
    uint64_t base = 0x1000000, arg = 0x100000, toff = 0, cores = 4, seed = 1, max = 10000000;
    uint64_t set_a[MAX_SETS], set_v[MAX_SETS], dump_a = 0, dump_n = 0;
    unsigned nset = 0;
    bool poison = false, trace = false, regs = false;
    shd_sched_e sched = SHD_SCHED_RR;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return cli_finish(T, "standard output", stdout) ? 1 : 0;
        } else if (strcmp(a, "--base") == 0) {
            if (need(argc, argv, i, "an address") || cli_aligned(T, a, argv[++i], 0, 0x1FFFFFC, 4, &base)) {
                return 2;
            }
        } else if (strcmp(a, "--arg-base") == 0) {
            if (need(argc, argv, i, "an address") || cli_uint(T, a, argv[++i], 0, 0x1FFFFFF, &arg)) {
                return 2;
            }
        } else if (strcmp(a, "--tile-offset") == 0) {
            if (need(argc, argv, i, "a value") || cli_uint(T, a, argv[++i], 0, 0xFFFFFFFFu, &toff)) {
                return 2;
            }
        } else if (strcmp(a, "--cores") == 0) {
            if (need(argc, argv, i, "a number") || cli_uint(T, a, argv[++i], 1, SHD_MAX_CORES, &cores)) {
                return 2;
            }
        } else if (strcmp(a, "--seed") == 0) {
            if (need(argc, argv, i, "a number") || cli_uint(T, a, argv[++i], 0, UINT64_MAX, &seed)) {
                return 2;
            }
        } else if (strcmp(a, "--max-steps") == 0) {
            if (need(argc, argv, i, "a number") ||
                cli_uint(T, a, argv[++i], 1, 1000000000000ull, &max)) {
                return 2;
            }
        } else if (strcmp(a, "--sched") == 0) {
            if (need(argc, argv, i, "rr or random")) {
                return 2;
            }
            const char *v = argv[++i];
            if (strcmp(v, "rr") == 0) {
                sched = SHD_SCHED_RR;
            } else if (strcmp(v, "random") == 0) {
                sched = SHD_SCHED_RANDOM;
            } else {
                fprintf(stderr, T ": --sched '%s' is not allowed: allowed are rr, random\n", v);
                return 2;
            }
        } else if (strcmp(a, "--set") == 0) {
            if (need(argc, argv, i, "ADDR=VALUE")) {
                return 2;
            }
            if (nset == MAX_SETS) {
                fprintf(stderr, T ": more than %d --set options\n", MAX_SETS);
                return 2;
            }
            if (pair(a, argv[++i], '=', 0, 0x1FFFFFC, 0, 0xFFFFFFFFu, &set_a[nset], &set_v[nset])) {
                return 2;
            }
            if (set_a[nset] & 3u) {
                fprintf(stderr, T ": --set address in '%s' is not a multiple of 4\n", argv[i]);
                return 2;
            }
            nset++;
        } else if (strcmp(a, "--dump") == 0) {
            if (need(argc, argv, i, "ADDR:LEN") ||
                pair(a, argv[++i], ':', 0, 0x1FFFFFF, 1, 65536, &dump_a, &dump_n)) {
                return 2;
            }
            if (dump_a + dump_n > 0x2000000u) {
                fprintf(stderr, T ": --dump '%s' goes past the end of the 32 MiB memory\n", argv[i]);
                return 2;
            }
        } else if (strcmp(a, "--poison") == 0) {
            poison = true;
        } else if (strcmp(a, "--trace") == 0) {
            trace = true;
        } else if (strcmp(a, "--regs") == 0) {
            regs = true;
        } else if (!in && a[0] != '-' && a[0] != 0) {
            in = a;
        } else {
            fprintf(stderr, T ": bad argument '%s' (see --help for the options)\n", a);
            return 2;
        }
    }
    if (!in) {
        fprintf(stderr, T ": no input file given\n");
        usage(stderr);
        return 2;
    }
    shd_image_t img;
    memset(&img, 0, sizeof img);
    if (shd_assemble_file(in, (uint32_t)base, &img)) {
        fprintf(stderr, T ": %s: %s\n", in, img.err);
        return 1;
    }
    static shd_tile_t t;
    if (shd_tile_init(&t, (unsigned)cores, NULL)) {
        fprintf(stderr, T ": out of memory\n");
        shd_image_free(&img);
        return 1;
    }
    memcpy(t.mem + base, img.bytes, img.size);
    shd_image_free(&img);
    for (unsigned k = 0; k < nset; k++) {
        for (unsigned b = 0; b < 4; b++) {
            t.mem[set_a[k] + b] = (uint8_t)(set_v[k] >> (8 * b));
        }
    }
    t.trace = trace ? stdout : NULL;
    shd_tile_launch(&t, (uint32_t)base, (uint32_t)arg, (uint32_t)toff, poison);
    shd_run_e rr = shd_tile_run(&t, max, sched, seed);
    int rc = 0;
    if (rr == SHD_RUN_FAULT) {
        shd_tile_fault_report(&t, stdout);
        rc = 1;
    } else if (rr == SHD_RUN_LIMIT) {
        printf("STEP LIMIT: %llu steps without every core halting\n", (unsigned long long)max);
        rc = 1;
    }
    if (regs) {
        for (unsigned c = 0; c < t.ncores; c++) {
            printf("core %u: pc=%08x status=%08x config=%08x retired=%llu\n", c, t.core[c].pc,
                   t.core[c].status, t.core[c].config, (unsigned long long)t.core[c].order);
            for (unsigned r = 0; r < 32; r++) {
                printf("  s%-2u=%08x%s", r, t.core[c].s[r], (r % 4 == 3) ? "\n" : "");
            }
        }
    }
    for (uint64_t a = dump_a; a < dump_a + dump_n; a += 4) {
        uint32_t w = 0;
        for (unsigned b = 0; b < 4 && a + b < dump_a + dump_n; b++) {
            w |= (uint32_t)t.mem[a + b] << (8 * b);
        }
        printf("%08llx: %08x\n", (unsigned long long)a, w);
    }
    if (rc == 0) {
        printf("done: %u cores halted, %llu instructions, status %08x\n", t.ncores,
               (unsigned long long)t.retired, shd_tile_status_or(&t));
    }
    shd_tile_free(&t);
    if (cli_finish(T, "standard output", stdout)) {
        return 1;
    }
    return rc;
}
