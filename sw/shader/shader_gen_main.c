/* shader-gen - print a seeded random shader program (assembler source), or check many:
 * each must assemble, run to the end on every core without a fault under two different
 * interleavings (round-robin with zeroed registers, seeded random bursts with poisoned
 * registers) with identical final memory and per-core data registers, store only inside its
 * image, and disassemble back to the same words. Over 100 or more programs every instruction
 * of the decode table must have retired at least once. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "shader_asm.h"
#include "shader_gen.h"
#include "shader_iss.h"

#define T "shader-gen"
#define SEED_MAX 0x7FFFFFFFFFFFFFFFull /* seed + k never wraps */
#define COUNT_MAX 100000000ull

static void usage(FILE *f)
{
    fprintf(f,
            "usage: shader-gen [--seed S] [--count N] [--cores C] [--max-steps M]\n"
            "  without --count: print the program of seed S as assembler source (base 0x%x,\n"
            "  ARG_BASE = base + 0x%x)\n"
            "  with --count: check seeds S..S+N-1 (assemble, run under two interleavings with\n"
            "  identical results, no fault, stores inside the image, disassembly round trip;\n"
            "  with N >= 100 every instruction must have retired)\n"
            "  --seed S       0..%llu, default 1\n"
            "  --count N      1..%llu\n"
            "  --cores C      cores in the tile, 1..16, default 4\n"
            "  --max-steps M  steps per run, 1000..100000000, default 2000000\n"
            "  --help         this text\n"
            "exit status: 0 done, 1 a program failed / write error, 2 bad command line\n",
            SHD_GEN_BASE, SHD_GEN_ARG_OFF, (unsigned long long)SEED_MAX,
            (unsigned long long)COUNT_MAX);
}

typedef struct {
    uint32_t lo, hi; /* the image */
    uint32_t bad_addr;
    bool bad;
} store_chk_t;

static void on_ret(void *ctx, const shd_ret_t *r)
{
    store_chk_t *s = ctx;
    if (r->mem_wmask && (r->mem_addr < s->lo || r->mem_addr + r->mem_size > s->hi) && !s->bad) {
        s->bad = true;
        s->bad_addr = r->mem_addr;
    }
}

typedef struct {
    uint32_t s[SHD_MAX_CORES][16];
    uint32_t status[SHD_MAX_CORES], config[SHD_MAX_CORES];
} regs_t;

static void save_regs(const shd_tile_t *t, regs_t *r)
{
    for (unsigned c = 0; c < t->ncores; c++) {
        memcpy(r->s[c], &t->core[c].s[13], sizeof r->s[c]);
        r->status[c] = t->core[c].status;
        r->config[c] = t->core[c].config;
    }
}

/* one run of the image; 0 = every core halted without a fault and stored only in the image */
static int run_once(shd_tile_t *t, const shd_image_t *img, uint64_t seed, shd_sched_e sched,
                    bool poison, uint64_t max, const char *what)
{
    store_chk_t sc = {img->base, img->base + img->size, 0, false};
    memcpy(t->mem + img->base, img->bytes, img->size);
    t->on_ret = on_ret;
    t->on_ret_ctx = &sc;
    shd_tile_launch(t, img->base, img->base + SHD_GEN_ARG_OFF, (uint32_t)(seed * 2654435761u), poison);
    shd_run_e r = shd_tile_run(t, max, sched, seed);
    if (r == SHD_RUN_FAULT) {
        fprintf(stderr, T ": seed %" PRIu64 " (%s): ", seed, what);
        shd_tile_fault_report(t, stderr);
        return -1;
    }
    if (r == SHD_RUN_LIMIT) {
        fprintf(stderr, T ": seed %" PRIu64 " (%s): did not end within %" PRIu64 " steps\n", seed,
                what, max);
        return -1;
    }
    if (sc.bad) {
        fprintf(stderr, T ": seed %" PRIu64 " (%s): store at 0x%08x outside the image\n", seed,
                what, sc.bad_addr);
        return -1;
    }
    return 0;
}

/* disassemble the code part (up to the last non-zero word before the argument block) and
 * assemble it again: the same words */
static int roundtrip(const shd_image_t *img, uint64_t seed)
{
    uint32_t n = img->size < SHD_GEN_ARG_OFF ? img->size / 4 : SHD_GEN_ARG_OFF / 4;
    while (n && !(img->bytes[4 * n - 4] | img->bytes[4 * n - 3] | img->bytes[4 * n - 2] |
                  img->bytes[4 * n - 1])) {
        n--;
    }
    size_t cap = (size_t)n * 48 + 1, len = 0;
    char *src = malloc(cap);
    if (!src) {
        fprintf(stderr, T ": out of memory\n");
        return -1;
    }
    src[0] = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t w = (uint32_t)img->bytes[4 * i] | (uint32_t)img->bytes[4 * i + 1] << 8 |
                     (uint32_t)img->bytes[4 * i + 2] << 16 | (uint32_t)img->bytes[4 * i + 3] << 24;
        char d[64];
        len += (size_t)snprintf(src + len, cap - len, "%s\n", shd_disasm(w, d, sizeof d));
    }
    shd_image_t b;
    memset(&b, 0, sizeof b);
    int rc = 0;
    if (shd_assemble(src, img->base, &b)) {
        fprintf(stderr, T ": seed %" PRIu64 ": the disassembly does not assemble: %s\n", seed, b.err);
        rc = -1;
    } else if (b.size != 4 * n || memcmp(b.bytes, img->bytes, 4 * (size_t)n) != 0) {
        fprintf(stderr, T ": seed %" PRIu64 ": disassembly round trip changed the words\n", seed);
        rc = -1;
    }
    shd_image_free(&b);
    free(src);
    return rc;
}

int main(int argc, char **argv)
{
    uint64_t seed = 1, count = 0, cores = 4, max = 2000000;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        uint64_t lo = 0, hi = 0, *dst = NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return cli_finish(T, "standard output", stdout) ? 1 : 0;
        } else if (strcmp(a, "--seed") == 0) {
            lo = 0; hi = SEED_MAX; dst = &seed;
        } else if (strcmp(a, "--count") == 0) {
            lo = 1; hi = COUNT_MAX; dst = &count;
        } else if (strcmp(a, "--cores") == 0) {
            lo = 1; hi = SHD_MAX_CORES; dst = &cores;
        } else if (strcmp(a, "--max-steps") == 0) {
            lo = 1000; hi = 100000000; dst = &max;
        } else {
            fprintf(stderr, T ": bad argument '%s': allowed are --seed S, --count N, --cores C, "
                            "--max-steps M, --help (no file arguments)\n", a);
            return 2;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, T ": %s needs a number %llu..%llu (see --help)\n", a,
                    (unsigned long long)lo, (unsigned long long)hi);
            return 2;
        }
        if (cli_uint(T, a, argv[++i], lo, hi, dst)) {
            return 2;
        }
    }
    char *text = NULL;
    if (!count) {
        if (shd_gen(seed, (unsigned)cores, &text)) {
            fprintf(stderr, T ": out of memory\n");
            return 1;
        }
        fputs(text, stdout);
        free(text);
        return cli_finish(T, "standard output", stdout) ? 1 : 0;
    }
    printf(T ": checking seeds %" PRIu64 "..%" PRIu64 ", %u cores\n", seed, seed + count - 1,
           (unsigned)cores);
    static shd_tile_t t;
    static regs_t ra, rb;
    if (shd_tile_init(&t, (unsigned)cores, NULL)) {
        fprintf(stderr, T ": out of memory\n");
        return 1;
    }
    uint8_t *snap = malloc(SHD_GEN_ARG_OFF + 0x10000);
    uint64_t cover[128] = {0}, retired = 0, misaligned = 0;
    int rc = snap ? 0 : 1;
    for (uint64_t k = 0; k < count && rc == 0; k++) {
        uint64_t s = seed + k;
        shd_image_t img;
        memset(&img, 0, sizeof img);
        if (shd_gen(s, (unsigned)cores, &text)) {
            fprintf(stderr, T ": out of memory\n");
            rc = 1;
            break;
        }
        if (shd_assemble(text, SHD_GEN_BASE, &img)) {
            fprintf(stderr, T ": seed %" PRIu64 ": generated source does not assemble: %s\n", s, img.err);
            rc = 1;
        } else if (img.size > SHD_GEN_ARG_OFF + 0x10000) {
            fprintf(stderr, T ": seed %" PRIu64 ": image of %u bytes too large\n", s, img.size);
            rc = 1;
        } else if (run_once(&t, &img, s, SHD_SCHED_RR, false, max, "round-robin")) {
            rc = 1;
        } else {
            memcpy(snap, t.mem + img.base, img.size);
            save_regs(&t, &ra);
            retired += t.retired;
            misaligned += (shd_tile_status_or(&t) & SHD_STATUS_MISALIGNED) != 0;
            if (run_once(&t, &img, s, SHD_SCHED_RANDOM, true, max, "random interleaving, poisoned registers")) {
                rc = 1;
            } else {
                save_regs(&t, &rb);
                if (memcmp(snap, t.mem + img.base, img.size) != 0) {
                    uint32_t a = 0;
                    while (snap[a] == t.mem[img.base + a]) {
                        a++;
                    }
                    fprintf(stderr, T ": seed %" PRIu64 ": final memory depends on the interleaving "
                                    "(first difference at 0x%08x)\n", s, img.base + a);
                    rc = 1;
                } else if (memcmp(&ra, &rb, sizeof ra) != 0) {
                    fprintf(stderr, T ": seed %" PRIu64 ": final data registers depend on the "
                                    "interleaving\n", s);
                    rc = 1;
                } else if (roundtrip(&img, s)) {
                    rc = 1;
                }
            }
            for (unsigned i = 0; i < shd_nops && i < 128; i++) {
                cover[i] += t.op_count[i];
                t.op_count[i] = 0;
            }
        }
        free(text);
        shd_image_free(&img);
    }
    if (rc == 0 && count >= 100) {
        for (unsigned i = 0; i < shd_nops; i++) {
            if (cover[i] == 0) {
                char d[64];
                fprintf(stderr, T ": instruction row %u (%s) never retired in %" PRIu64 " programs\n",
                        i, shd_disasm(shd_ops[i].match, d, sizeof d), count);
                rc = 1;
            }
        }
    }
    if (rc == 0) {
        printf(T ": %" PRIu64 " programs passed (seeds %" PRIu64 "..%" PRIu64 "): %" PRIu64
               " instructions retired in the round-robin runs, %" PRIu64 " with misaligned "
               "accesses\n", count, seed, seed + count - 1, retired, misaligned);
    }
    free(snap);
    shd_tile_free(&t);
    if (cli_finish(T, "standard output", stdout)) {
        return 1;
    }
    return rc;
}
