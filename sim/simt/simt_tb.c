/* simt_tb.c - testbench of the SIMT cluster (simt_top) with the origin's memory timing.
 *
 * Memory model (ADDENDUM 7): every channel answers a request one full cycle after the
 * testbench sees it: at each rising edge the testbench samples each channel's request; if
 * it is valid and was not transferred at this edge, the channel drives ready (and, for a
 * read, the data of the sampled address) during the next cycle, so the design sees them at
 * the next edge, where the transfer happens (a write updates memory at that edge). A channel
 * therefore moves at most one request every two cycles.
 *
 * Cycle count: from the edge that captures the launch (launch_valid && launch_ready) to the
 * first edge after which done_o reads high.
 *
 * Every run is checked three ways: the lockstep checker (every committed instruction of every
 * thread against the reference simulator), the final data memory against an independent
 * run of the reference simulator (threads one after the other), and the valid/ready contract
 * on every channel. Run with --help for the options.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "simt_asm.h"
#include "cli.h"
#include "simt_gen.h"
#include "simt_lockstep.h"
#include "simt_rtl.h"
#include "simt_sim.h"

#define MEM_WIN 0x1FF0000u     /* simt_mem_top: PROG_WIN; DATA_WIN = MEM_WIN + 0x8000 */
#define MEM_DATA_OFF 0x8000u
#define ORIGIN_MATADD 178
#define ORIGIN_MATMUL 491

typedef struct {
    void *rtl;
    simt_cfg_t cfg;
    simt_in_t in;
    uint16_t pmem[SIMT_PROG_WORDS];
    uint8_t dmem[SIMT_DATA_BYTES];
    /* simt_mem_top: the 64 KiB SIMT window of GPU memory at MEM_WIN (program, then data) */
    uint8_t win[0x10000];
    struct {
        uint32_t data;
        unsigned long due;
    } rq[256];                  /* read responses in flight, in order */
    unsigned rq_head, rq_n;
    int m_pend;
    unsigned m_addr, m_we, m_wdata, m_be;
    /* contract checking: request seen at the previous edge and not transferred */
    int p_pend[SIMT_MAX_CH];
    unsigned p_addr[SIMT_MAX_CH];
    int d_pend[SIMT_MAX_CH];
    unsigned d_addr[SIMT_MAX_CH], d_we[SIMT_MAX_CH], d_wdata[SIMT_MAX_CH];
    unsigned long edges;
    int reset_bad;              /* an output was not in its reset state after reset */
    unsigned jitter;            /* extra random wait 0..jitter cycles per request */
    uint64_t rng;
    unsigned p_wait[SIMT_MAX_CH], d_wait[SIMT_MAX_CH];
    int verbose;
    FILE *trace;
} tb_t;

typedef struct {
    unsigned long cycles;
    unsigned long thread_instrs;
    unsigned long core_instrs;
    unsigned long diverged;
} run_stats_t;

/* bounds of the numeric options (docs/simt.md "Running and repeating") */
#define TB_THREADS_MAX 255u          /* launch_threads_i is 8 bits in every configuration */
#define TB_MAX_CYCLES_MAX 1000000000ull
#define TB_RANDOM_MAX 10000000ull
#define TB_SEED_MAX 0x7FFFFFFFFFFFFFFFull /* seed + k never wraps */
#define TB_JITTER_MAX 32ull
#define TB_EDGE_MAX 0x7FFFFFFFFFFFFFFFull
#define TB_VL_SEED_MAX 2147483647ull /* Verilator 5.006 aborts on 0 and on >= 2^31 */

static void usage(FILE *f)
{
    fprintf(f,
        "simt_tb - SIMT cluster testbench (origin memory timing, lockstep checked)\n"
        "usage: simt_tb [options] [+verilator+seed+N] [+verilator+rand+reset+R]\n"
        "  at least one of --asm, --random, --bench is needed (nothing to run: exit 2)\n"
        "  --asm FILE          run a kernel (.asm); threads from .threads or --threads\n"
        "  --threads N         thread count for --asm, 0..%u (launch port is 8 bits)\n"
        "  --sweep A:B         run the kernel for every thread count A..B (0 <= A <= B <= %u)\n"
        "  --prog-base B       program base of the launch (default 0; 0..255 on simt_top,\n"
        "                      an instruction offset 0..16128 in the window on simt_mem_top)\n"
        "  --data-base B       data base of the launch (default 0; 0..255 on simt_top,\n"
        "                      a byte offset 0..32512 in the window on simt_mem_top)\n"
        "  --max-cycles N      fail if a kernel needs more than N cycles, 1..%llu\n"
        "  --check matadd|matmul2|matmul4\n"
        "                      also compare C with a product/sum computed here in C\n"
        "  --random N          run N seeded random programs in lockstep, 1..%llu\n"
        "  --seed S            seed of the first random program (default 1), 0..%llu;\n"
        "                      program k uses seed S+k, so '--random 1 --seed S+k' repeats it\n"
        "  --bench DIR         cycles of DIR/matadd.asm and DIR/matmul2.asm vs the origin\n"
        "  --mem-jitter K      each request waits 0..K extra cycles (random, from --seed),\n"
        "                      K 0..%llu, on top of the origin timing (latency independence)\n"
        "  --trace             print every executed instruction (reference funnel)\n"
        "  --verbose           print per-run details\n"
        "  --debug             print the launch and memory channels at every edge\n"
        "  --fst FILE          write an FST waveform (binary from make simt-trace)\n"
        "  --fst-window A:B    only rising edges A..B (edge numbers as in messages)\n"
        "  --help              this text\n"
        "  +verilator+seed+N   seed of the random X initial values, 1..%llu; default:\n"
        "                      N = S mod %llu (1 if that is 0), S = --seed (default 1)\n"
        "  +verilator+rand+reset+R  X initial values 0 zeros, 1 ones, 2 random (default 2)\n"
        "  both are always passed to Verilator and printed, so a run can be repeated exactly\n"
        "numbers: unsigned decimal or 0x hex, nothing after them\n"
        "exit status: 0 every run passed, 1 a run failed or stdout could not be written,\n"
        "2 bad command line (nothing run)\n",
        TB_THREADS_MAX, TB_THREADS_MAX, TB_MAX_CYCLES_MAX, TB_RANDOM_MAX, TB_SEED_MAX,
        TB_JITTER_MAX, TB_VL_SEED_MAX, TB_VL_SEED_MAX);
}

static unsigned tb_rand(tb_t *t, unsigned n)
{
    t->rng = t->rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(t->rng >> 33) % n;
}

/* memory answer for a request seen at this edge: 1 = drive ready in the next cycle */
static int tb_answer(tb_t *t, int valid, int xfer, int was_pending, unsigned *wait)
{
    if (!valid || xfer) {
        return 0;
    }
    if (!was_pending) { /* a new request: draw its extra wait */
        *wait = t->jitter ? tb_rand(t, t->jitter + 1) : 0;
    }
    if (*wait) {
        (*wait)--;
        return 0;
    }
    return 1;
}

static void tb_reset(tb_t *t)
{
    memset(&t->in, 0, sizeof t->in);
    t->in.rst_n = 0;
    simt_rtl_set(t->rtl, &t->in);
    simt_rtl_tick(t->rtl, &t->in);
    simt_rtl_tick(t->rtl, &t->in);
    t->in.rst_n = 1;
    simt_rtl_tick(t->rtl, &t->in);
    t->edges += 3; /* edge numbers match the waveform window of the shim */
    simt_out_t o;
    simt_rtl_get(t->rtl, &o);
    if (!o.launch_ready || o.busy || o.done) {
        fprintf(stderr, "RESET: launch_ready %d busy %d done %d after reset\n", o.launch_ready,
                o.busy, o.done);
        t->reset_bad = 1;
    }
    t->reset_bad |= (int)o.mem_req_valid;
    for (unsigned c = 0; c < t->cfg.prog_ch; c++) {
        t->reset_bad |= (int)o.pmem_valid[c];
    }
    for (unsigned c = 0; c < t->cfg.data_ch; c++) {
        t->reset_bad |= (int)o.dmem_valid[c];
    }
    memset(t->p_pend, 0, sizeof t->p_pend);
    memset(t->d_pend, 0, sizeof t->d_pend);
    t->m_pend = 0;
    t->rq_n = 0;
}

/* simt_mem_top: a GPU memory port. Requests are accepted when ready (random with jitter,
 * else always); a write is performed at the accepting edge, a read takes its data there and
 * answers after 2 cycles (plus 0..jitter), in order, one response per cycle. */
static int tb_edge_mem(tb_t *t, simt_in_t *next, const simt_out_t *o)
{
    *next = t->in;
    if (t->m_pend && (!o->mem_req_valid || o->mem_req_addr != t->m_addr ||
                      o->mem_req_we != t->m_we ||
                      (o->mem_req_we && (o->mem_req_wdata != t->m_wdata ||
                                         o->mem_req_be != t->m_be)))) {
        fprintf(stderr, "CONTRACT: memory port dropped/changed a request at edge %lu\n",
                t->edges);
        return -1;
    }
    int acc = o->mem_req_valid && t->in.mem_req_ready;
    if (acc) {
        if (o->mem_req_addr < MEM_WIN || o->mem_req_addr >= MEM_WIN + 0x10000u) {
            fprintf(stderr, "MEMORY: access at %07x outside the SIMT window at edge %lu\n",
                    o->mem_req_addr, t->edges);
            return -1;
        }
        unsigned w = (o->mem_req_addr - MEM_WIN) & ~3u;
        if (o->mem_req_we) {
            for (unsigned b = 0; b < 4; b++) {
                if ((o->mem_req_be >> b) & 1u) {
                    t->win[w + b] = (uint8_t)(o->mem_req_wdata >> (8 * b));
                }
            }
        } else {
            if (t->rq_n >= 256) {
                fprintf(stderr, "MEMORY: more than 256 reads outstanding\n");
                return -1;
            }
            unsigned k = (t->rq_head + t->rq_n++) % 256u;
            t->rq[k].data = (uint32_t)t->win[w] | ((uint32_t)t->win[w + 1] << 8) |
                            ((uint32_t)t->win[w + 2] << 16) | ((uint32_t)t->win[w + 3] << 24);
            t->rq[k].due = t->edges + 1 + (t->jitter ? tb_rand(t, t->jitter + 1) : 0);
        }
    }
    t->m_pend = o->mem_req_valid && !acc;
    t->m_addr = o->mem_req_addr;
    t->m_we = o->mem_req_we;
    t->m_wdata = o->mem_req_wdata;
    t->m_be = o->mem_req_be;
    next->mem_req_ready = t->jitter ? (tb_rand(t, 3) != 0) : 1u;
    next->mem_rsp_valid = 0;
    next->mem_rsp_rdata = 0xDEADBEEFu;
    if (t->rq_n && t->rq[t->rq_head].due <= t->edges) {
        next->mem_rsp_valid = 1;
        next->mem_rsp_rdata = t->rq[t->rq_head].data;
        t->rq_head = (t->rq_head + 1) % 256u;
        t->rq_n--;
    }
    g_simt_ls.cycle = t->edges;
    return 0;
}

/* one rising edge: memory model + contract check, then the edge itself */
static int tb_edge(tb_t *t, simt_in_t *next, const simt_out_t *o)
{
    if (t->cfg.mem_port) {
        return tb_edge_mem(t, next, o);
    }
    *next = t->in;
    if (t->verbose > 1) {
        printf("edge %4lu: launch_ready %d busy %d done %d | pmem", t->edges, o->launch_ready,
               o->busy, o->done);
        for (unsigned c = 0; c < t->cfg.prog_ch; c++) {
            printf(" %c%02x%s", o->pmem_valid[c] ? 'v' : '-', o->pmem_addr[c],
                   t->in.pmem_ready[c] ? "r" : " ");
        }
        printf(" | dmem");
        for (unsigned c = 0; c < t->cfg.data_ch; c++) {
            printf(" %c%c%02x%s", o->dmem_valid[c] ? 'v' : '-', o->dmem_we[c] ? 'w' : 'r',
                   o->dmem_addr[c], t->in.dmem_ready[c] ? "r" : " ");
        }
        printf("\n");
    }
    unsigned pmask = (1u << t->cfg.prog_aw) - 1u;
    unsigned dmask = (1u << t->cfg.data_aw) - 1u;
    for (unsigned c = 0; c < t->cfg.prog_ch; c++) {
        if (t->p_pend[c] && (!o->pmem_valid[c] || o->pmem_addr[c] != t->p_addr[c])) {
            fprintf(stderr, "CONTRACT: program channel %u dropped/changed a request at edge %lu\n",
                    c, t->edges);
            return -1;
        }
        int xfer = o->pmem_valid[c] && t->in.pmem_ready[c];
        next->pmem_ready[c] =
            (unsigned)tb_answer(t, (int)o->pmem_valid[c], xfer, t->p_pend[c], &t->p_wait[c]);
        t->p_pend[c] = o->pmem_valid[c] && !xfer;
        t->p_addr[c] = o->pmem_addr[c];
        next->pmem_data[c] = next->pmem_ready[c] ? t->pmem[o->pmem_addr[c] & pmask] : 0xDEADu;
    }
    for (unsigned c = 0; c < t->cfg.data_ch; c++) {
        if (t->d_pend[c] && (!o->dmem_valid[c] || o->dmem_addr[c] != t->d_addr[c] ||
                             o->dmem_we[c] != t->d_we[c] ||
                             (o->dmem_we[c] && o->dmem_wdata[c] != t->d_wdata[c]))) {
            fprintf(stderr, "CONTRACT: data channel %u dropped/changed a request at edge %lu\n",
                    c, t->edges);
            return -1;
        }
        int xfer = o->dmem_valid[c] && t->in.dmem_ready[c];
        if (xfer && o->dmem_we[c]) {
            t->dmem[o->dmem_addr[c] & dmask] = (uint8_t)o->dmem_wdata[c];
        }
        next->dmem_ready[c] =
            (unsigned)tb_answer(t, (int)o->dmem_valid[c], xfer, t->d_pend[c], &t->d_wait[c]);
        t->d_pend[c] = o->dmem_valid[c] && !xfer;
        t->d_addr[c] = o->dmem_addr[c];
        t->d_we[c] = o->dmem_we[c];
        t->d_wdata[c] = o->dmem_wdata[c];
        next->dmem_data[c] = (next->dmem_ready[c] && !o->dmem_we[c])
                                 ? t->dmem[o->dmem_addr[c] & dmask]
                                 : 0xA5u;
    }
    g_simt_ls.cycle = t->edges;
    return 0;
}

/* run one kernel on the RTL (memories already loaded); 0 on success */
static int tb_launch(tb_t *t, unsigned nthreads, unsigned pbase, unsigned dbase,
                     unsigned long max_edges, unsigned long *cycles)
{
    simt_out_t o;
    simt_in_t next;
    int launched = 0;
    unsigned long launch_edge = 0;
    t->in.launch_valid = 1;
    t->in.launch_threads = nthreads;
    t->in.launch_prog_base = pbase;
    t->in.launch_data_base = dbase;
    simt_rtl_set(t->rtl, &t->in); /* applied while the clock is low */
    for (unsigned long n = 0;; n++) {
        simt_rtl_get(t->rtl, &o);
        if (launched && o.done) {
            *cycles = t->edges - 1 - launch_edge;
            return 0;
        }
        if (n > max_edges) {
            fprintf(stderr, "TIMEOUT: kernel not done after %lu cycles\n", max_edges);
            return -1;
        }
        if (g_simt_ls.failed) {
            return -1;
        }
        if (tb_edge(t, &next, &o)) {
            return -1;
        }
        int accept = !launched && t->in.launch_valid && o.launch_ready;
        if (accept) {
            next.launch_valid = 0;
            launched = 1;
            launch_edge = t->edges;
            g_simt_ls.launch_edge = t->edges;
        }
        simt_rtl_tick(t->rtl, &next);
        t->in = next;
        t->edges++;
    }
}

/* place the kernel in the RTL's memory; the model images (t->pmem, t->dmem with bases mpb, mdb)
 * describe the same memory as the model sees it */
static void load_image(tb_t *t, const simt_image_t *img, unsigned pbase, unsigned dbase,
                       unsigned *mpb, unsigned *mdb)
{
    memset(t->pmem, 0, sizeof t->pmem);
    if (t->cfg.mem_port) { /* window: bases are offsets, no wrap within 256 entries */
        memset(t->win, 0, sizeof t->win);
        for (unsigned i = 0; i < img->nprog; i++) {
            t->pmem[i] = img->prog[i];
        }
        for (unsigned i = 0; i < SIMT_PROG_WORDS; i++) {
            t->win[2 * (pbase + i)] = (uint8_t)t->pmem[i];
            t->win[2 * (pbase + i) + 1] = (uint8_t)(t->pmem[i] >> 8);
        }
        for (unsigned i = 0; i < SIMT_DATA_BYTES; i++) {
            t->dmem[i] = img->data[i];
            t->win[MEM_DATA_OFF + dbase + i] = img->data[i];
        }
        *mpb = 0;
        *mdb = 0;
        return;
    }
    for (unsigned i = 0; i < img->nprog; i++) {
        t->pmem[(pbase + i) & 0xFFu] = img->prog[i];
    }
    for (unsigned i = 0; i < SIMT_DATA_BYTES; i++) {
        t->dmem[(dbase + i) & 0xFFu] = img->data[i];
    }
    *mpb = pbase;
    *mdb = dbase;
}

/* the RTL's data memory as the model addresses it */
static void rtl_data(const tb_t *t, unsigned dbase, uint8_t *out)
{
    for (unsigned i = 0; i < SIMT_DATA_BYTES; i++) {
        out[i] = t->cfg.mem_port ? t->win[MEM_DATA_OFF + dbase + i] : t->dmem[i];
    }
}

static int cmp_mem(const char *what, const uint8_t *exp, const uint8_t *act)
{
    for (unsigned a = 0; a < SIMT_DATA_BYTES; a++) {
        if (exp[a] != act[a]) {
            fprintf(stderr, "MEMORY MISMATCH (%s): data[%02x] expected %02x actual %02x\n", what,
                    a, exp[a], act[a]);
            return -1;
        }
    }
    return 0;
}

/* full checked run: reference, lockstep RTL, final memory */
static int run_image(tb_t *t, const simt_image_t *img, unsigned nthreads, unsigned pbase,
                     unsigned dbase, int reset, run_stats_t *st, uint8_t *final_mem)
{
    static simt_sim_t ref;
    unsigned mpb, mdb;
    load_image(t, img, pbase, dbase, &mpb, &mdb);
    ref.trace = NULL;
    simt_sim_init(&ref, t->pmem, t->dmem, nthreads, t->cfg.threads, (uint8_t)mpb, (uint8_t)mdb);
    if (simt_sim_run(&ref, 200000)) {
        fprintf(stderr, "reference simulator: a thread did not reach RET\n");
        return -1;
    }
    if (reset) {
        tb_reset(t);
        if (t->reset_bad) {
            fprintf(stderr, "RESET: outputs not in their reset state (valid high or bad flags)\n");
            return -1;
        }
    }
    simt_ls_start(t->pmem, t->dmem, nthreads, t->cfg.threads, (uint8_t)mpb, (uint8_t)mdb,
                  t->trace);
    unsigned long cycles = 0;
    int r = tb_launch(t, nthreads, pbase, dbase, 50000 + 40 * ref.steps, &cycles);
    g_simt_ls.active = 0;
    if (g_simt_ls.failed) {
        fprintf(stderr, "%s\n", g_simt_ls.msg);
        return -1;
    }
    if (r) {
        return -1;
    }
    for (unsigned g = 0; g < nthreads; g++) {
        if (!g_simt_ls.sim.th[g].done) {
            fprintf(stderr, "LOCKSTEP: thread %u (block %u thread %u) never returned on the RTL\n",
                    g, g / t->cfg.threads, g % t->cfg.threads);
            return -1;
        }
    }
    if (g_simt_ls.thread_instrs != ref.steps) {
        fprintf(stderr, "instruction count: RTL committed %lu thread-instructions, reference %lu\n",
                g_simt_ls.thread_instrs, ref.steps);
        return -1;
    }
    uint8_t rd[SIMT_DATA_BYTES];
    rtl_data(t, dbase, rd);
    if (cmp_mem("RTL vs reference", ref.mem, rd) ||
        cmp_mem("RTL vs lockstep model", g_simt_ls.sim.mem, rd)) {
        return -1;
    }
    st->cycles = cycles;
    st->thread_instrs = g_simt_ls.thread_instrs;
    st->core_instrs = g_simt_ls.core_instrs;
    st->diverged = g_simt_ls.diverged;
    if (final_mem) { /* relative to the data base */
        for (unsigned i = 0; i < SIMT_DATA_BYTES; i++) {
            final_mem[i] = rd[(i + mdb) & 0xFFu];
        }
    }
    return 0;
}

/* expected results computed directly in C (independent of both simulators) */
static int independent_check(const char *which, const simt_image_t *img, const uint8_t *mem)
{
    uint8_t exp[SIMT_DATA_BYTES];
    unsigned base = 0, n = 0;
    if (strcmp(which, "matadd") == 0) {
        base = 16;
        n = 8;
        for (unsigned i = 0; i < 8; i++) {
            exp[i] = (uint8_t)(img->data[i] + img->data[8 + i]);
        }
    } else if (strcmp(which, "matmul2") == 0 || strcmp(which, "matmul4") == 0) {
        unsigned N = which[6] - '0';
        base = 2 * N * N;
        n = N * N;
        for (unsigned r = 0; r < N; r++) {
            for (unsigned c = 0; c < N; c++) {
                unsigned acc = 0;
                for (unsigned k = 0; k < N; k++) {
                    acc += (unsigned)img->data[r * N + k] * img->data[N * N + k * N + c];
                }
                exp[r * N + c] = (uint8_t)acc;
            }
        }
    } else {
        fprintf(stderr, "unknown --check %s\n", which);
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        uint8_t a = mem[(base + i) & 0xFFu];
        if (a != exp[i]) {
            fprintf(stderr, "INDEPENDENT CHECK %s: C[%u] expected %u actual %u\n", which, i,
                    exp[i], a);
            return -1;
        }
    }
    printf("independent C check of %s: %u results match\n", which, n);
    return 0;
}

static void print_stats(const char *name, unsigned nthreads, const run_stats_t *st)
{
    printf("%-10s threads %3u: %5lu cycles, %4lu instructions (%5lu thread-instructions), "
           "IPC %.2f (thread IPC %.2f)\n",
           name, nthreads, st->cycles, st->core_instrs, st->thread_instrs,
           st->cycles ? (double)st->core_instrs / (double)st->cycles : 0.0,
           st->cycles ? (double)st->thread_instrs / (double)st->cycles : 0.0);
}

#define TB "simt_tb"

/* a usage error: message already printed */
static int bad_usage(tb_t *t)
{
    fprintf(stderr, TB ": see --help for the options and their ranges\n");
    free(t);
    return 2;
}

int main(int argc, char **argv)
{
    const char *asm_path = NULL, *check = NULL, *bench_dir = NULL;
    uint64_t threads = 0, sweep_a = 0, sweep_b = 0, pbase = 0, dbase = 0;
    uint64_t max_cycles = 0, nrandom = 0, fst_lo = 0, fst_hi = TB_EDGE_MAX, jitter = 0;
    uint64_t vl_seed = 0, rand_reset = 2;
    const char *fst = NULL;
    uint64_t seed = 1;
    int sweep = 0, have_threads = 0, have_pbase = 0, have_dbase = 0, have_vl_seed = 0;
    int have_rand_reset = 0, have_fst_window = 0;
    tb_t *t = calloc(1, sizeof *t);
    if (!t) {
        fprintf(stderr, TB ": out of memory\n");
        return 2;
    }
    simt_rtl_cfg(&t->cfg); /* compile-time configuration: needed for the ranges */
    uint64_t pbase_max = t->cfg.mem_port ? 0x4000u - SIMT_PROG_WORDS : 255u;
    uint64_t dbase_max = t->cfg.mem_port ? 0x8000u - SIMT_DATA_BYTES : 255u;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = (i + 1 < argc) ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            free(t);
            return cli_finish(TB, "standard output", stdout) ? 1 : 0;
        } else if (strncmp(a, "+verilator+seed+", 16) == 0) {
            if (have_vl_seed) {
                fprintf(stderr, TB ": +verilator+seed+ given twice; give it once\n");
                return bad_usage(t);
            }
            if (cli_uint(TB, "+verilator+seed+", a + 16, 1, TB_VL_SEED_MAX, &vl_seed)) {
                return bad_usage(t);
            }
            have_vl_seed = 1;
        } else if (strncmp(a, "+verilator+rand+reset+", 22) == 0) {
            if (have_rand_reset ||
                cli_uint(TB, "+verilator+rand+reset+", a + 22, 0, 2, &rand_reset)) {
                if (have_rand_reset) {
                    fprintf(stderr, TB ": +verilator+rand+reset+ given twice; give it once\n");
                }
                return bad_usage(t);
            }
            have_rand_reset = 1;
        } else if (strncmp(a, "+verilator+", 11) == 0) {
            continue; /* other Verilator runtime options pass through */
        } else if (strcmp(a, "--trace") == 0) {
            t->trace = stdout;
        } else if (strcmp(a, "--verbose") == 0) {
            t->verbose = 1;
        } else if (strcmp(a, "--debug") == 0) {
            t->verbose = 2;
        } else if (strcmp(a, "--mem-jitter") == 0 || strcmp(a, "--fst") == 0 ||
                   strcmp(a, "--fst-window") == 0 || strcmp(a, "--asm") == 0 ||
                   strcmp(a, "--threads") == 0 || strcmp(a, "--sweep") == 0 ||
                   strcmp(a, "--prog-base") == 0 || strcmp(a, "--data-base") == 0 ||
                   strcmp(a, "--max-cycles") == 0 || strcmp(a, "--check") == 0 ||
                   strcmp(a, "--random") == 0 || strcmp(a, "--seed") == 0 ||
                   strcmp(a, "--bench") == 0) {
            int is_name = strcmp(a, "--asm") == 0 || strcmp(a, "--fst") == 0 ||
                          strcmp(a, "--bench") == 0 || strcmp(a, "--check") == 0;
            if (!v || (is_name && v[0] == 0)) { /* an empty number is reported below */
                fprintf(stderr, TB ": option %s needs a %s\n", a,
                        is_name ? "non-empty value" : "value (see --help for its range)");
                return bad_usage(t);
            }
            i++;
            int bad = 0;
            if (strcmp(a, "--mem-jitter") == 0) {
                bad = cli_uint(TB, a, v, 0, TB_JITTER_MAX, &jitter);
            } else if (strcmp(a, "--fst") == 0) {
                fst = v;
            } else if (strcmp(a, "--fst-window") == 0) {
                bad = cli_range(TB, a, v, 0, TB_EDGE_MAX, &fst_lo, &fst_hi);
                have_fst_window = 1;
            } else if (strcmp(a, "--asm") == 0) {
                asm_path = v;
            } else if (strcmp(a, "--threads") == 0) {
                bad = cli_uint(TB, a, v, 0, TB_THREADS_MAX, &threads);
                have_threads = 1;
            } else if (strcmp(a, "--sweep") == 0) {
                bad = cli_range(TB, a, v, 0, TB_THREADS_MAX, &sweep_a, &sweep_b);
                sweep = 1;
            } else if (strcmp(a, "--prog-base") == 0) {
                bad = cli_uint(TB, a, v, 0, pbase_max, &pbase);
                have_pbase = 1;
            } else if (strcmp(a, "--data-base") == 0) {
                bad = cli_uint(TB, a, v, 0, dbase_max, &dbase);
                have_dbase = 1;
            } else if (strcmp(a, "--max-cycles") == 0) {
                bad = cli_uint(TB, a, v, 1, TB_MAX_CYCLES_MAX, &max_cycles);
            } else if (strcmp(a, "--check") == 0) {
                check = v;
                if (strcmp(v, "matadd") && strcmp(v, "matmul2") && strcmp(v, "matmul4")) {
                    fprintf(stderr, TB ": --check '%s' is unknown: allowed are matadd, matmul2, "
                                    "matmul4\n", v);
                    bad = 1;
                }
            } else if (strcmp(a, "--random") == 0) {
                bad = cli_uint(TB, a, v, 1, TB_RANDOM_MAX, &nrandom);
            } else if (strcmp(a, "--seed") == 0) {
                bad = cli_uint(TB, a, v, 0, TB_SEED_MAX, &seed);
            } else {
                bench_dir = v;
            }
            if (bad) {
                return bad_usage(t);
            }
        } else {
            fprintf(stderr, TB ": unknown option or argument '%s' (no file arguments; files "
                            "go with --asm, --bench, --fst)\n", a);
            return bad_usage(t);
        }
    }
    if (!asm_path && !nrandom && !bench_dir) {
        fprintf(stderr, TB ": nothing to run: give --asm FILE, --random N or --bench DIR\n");
        usage(stderr);
        free(t);
        return 2;
    }
    if (!asm_path && (have_threads || sweep || check || max_cycles || have_pbase ||
                      have_dbase)) {
        fprintf(stderr, TB ": --threads, --sweep, --check, --max-cycles, --prog-base and "
                        "--data-base apply to --asm only; give --asm FILE\n");
        return bad_usage(t);
    }
    if (have_fst_window && !fst) {
        fprintf(stderr, TB ": --fst-window applies to --fst only; give --fst FILE\n");
        return bad_usage(t);
    }
    if (have_threads && sweep) {
        fprintf(stderr, TB ": --threads and --sweep both give the thread count; use one\n");
        return bad_usage(t);
    }
    if (!t->cfg.mem_port && (t->cfg.prog_aw != 8 || t->cfg.data_aw != 8)) {
        fprintf(stderr, TB ": this testbench models 256-entry memories: PROG_AW = DATA_AW = 8\n");
        free(t);
        return 2;
    }
    if (fst && !simt_rtl_has_trace()) {
        fprintf(stderr, TB ": --fst: this binary has no tracing; build it with make simt-trace "
                        "and use build/simt/obj_trace/simt_tb\n");
        free(t);
        return 2;
    }
    struct stat fst_st;
    if (fst && stat(fst, &fst_st) == 0 && !S_ISREG(fst_st.st_mode)) {
        fprintf(stderr, TB ": --fst: %s is not a regular file (a device or a directory); the "
                        "waveform writer's errors could not be seen there; give a file path\n",
                fst);
        free(t);
        return 2;
    }
    if (fst) { /* fail before the run, not after it, when the waveform cannot be written */
        FILE *ff = fopen(fst, "wb");
        if (!ff) {
            fprintf(stderr, TB ": --fst: cannot create %s: %s\n", fst, strerror(errno));
            free(t);
            return 2;
        }
        fclose(ff);
    }
    /* Verilator X seed: always explicit (a seed of 0 would mean "random per run") */
    if (!have_vl_seed) {
        vl_seed = seed % TB_VL_SEED_MAX;
        if (vl_seed == 0) {
            vl_seed = 1;
        }
    }
    t->jitter = (unsigned)jitter;
    t->rng = seed ^ 0x5DEECE66Dull;
    unsigned vl_seed_used = 0;
    int rand_reset_used = -1;
    t->rtl = simt_rtl_new(argc, argv, (unsigned)vl_seed, (int)rand_reset, &vl_seed_used,
                          &rand_reset_used);
    if (fst && simt_rtl_trace(t->rtl, fst, fst_lo, fst_hi)) {
        fprintf(stderr, TB ": --fst: this binary has no tracing; build it with make simt-trace "
                        "and use build/simt/obj_trace/simt_tb\n");
        simt_rtl_free(t->rtl);
        free(t);
        return 2;
    }
    if (vl_seed_used != vl_seed || rand_reset_used != (int)rand_reset) {
        fprintf(stderr, TB ": Verilator holds seed %u / rand reset %d, asked for %llu / %llu\n",
                vl_seed_used, rand_reset_used, (unsigned long long)vl_seed,
                (unsigned long long)rand_reset);
        simt_rtl_free(t->rtl);
        free(t);
        return 1;
    }
    printf("simt_tb: %s, %u cores x %u threads, %u program / %u data channels, %u I-cache "
           "lines%s\n",
           t->cfg.mem_port ? "simt_mem_top (one GPU memory port)" : "simt_top",
           t->cfg.num_cores, t->cfg.threads, t->cfg.prog_ch, t->cfg.data_ch, t->cfg.ic_lines,
           t->jitter ? "; memory latency jitter on" : "");
    printf("simt_tb: X initial values: +verilator+seed+%u +verilator+rand+reset+%d (seed %s)\n",
           vl_seed_used, rand_reset_used,
           have_vl_seed ? "given" : "derived from --seed; repeat with the plusargs above");
    int fail = 0;
    unsigned long runs = 0; /* kernels that ran and passed */
    run_stats_t st;
    static simt_image_t img;

    if (asm_path) {
        if (simt_assemble_file(asm_path, &img)) {
            fprintf(stderr, TB ": %s: %s\n", asm_path, img.err);
            simt_rtl_free(t->rtl);
            free(t);
            printf("FAILED\n");
            return 1;
        }
        unsigned lo = have_threads ? (unsigned)threads : img.threads, hi = lo;
        if (sweep) {
            lo = (unsigned)sweep_a;
            hi = (unsigned)sweep_b;
        }
        for (unsigned n = lo; n <= hi && !fail; n++) {
            uint8_t mem[SIMT_DATA_BYTES];
            if (run_image(t, &img, n, pbase, dbase, 1, &st, mem)) {
                fprintf(stderr, "FAIL: %s with %u threads\n", asm_path, n);
                fail = 1;
                break;
            }
            print_stats(asm_path, n, &st);
            runs++;
            if (check && independent_check(check, &img, mem)) {
                fail = 1;
            }
            if (max_cycles && st.cycles > max_cycles) {
                fprintf(stderr, "PERFORMANCE GATE: %lu cycles > limit %llu\n", st.cycles,
                        (unsigned long long)max_cycles);
                fail = 1;
            }
        }
    }

    if (nrandom) {
        printf("random programs: %" PRIu64 " from seed %" PRIu64
               " (repeat one: --random 1 --seed N)\n",
               nrandom, seed);
        unsigned long tot_cycles = 0, tot_instr = 0, tot_div = 0;
        for (uint64_t k = 0; k < nrandom && !fail; k++) {
            uint64_t s = seed + k;
            simt_gen(s, &img);
            /* vary the launch: bases, and sometimes no reset between kernels */
            unsigned pb = (s % 3 == 0) ? (unsigned)(s * 37u) & 0xFFu : 0u;
            unsigned db = (s % 5 == 0) ? (unsigned)(s * 11u) & 0xFFu : 0u;
            int reset = (k == 0) || (s % 2 == 0);
            if (run_image(t, &img, img.threads, pb, db, reset, &st, NULL)) {
                char d[40];
                fprintf(stderr, "FAIL: random program seed %" PRIu64
                                " (%u threads, prog base %u, data base %u); program:\n",
                        s, img.threads, pb, db);
                for (unsigned i = 0; i < img.nprog; i++) {
                    fprintf(stderr, "  %02x: %04x  %s\n", i, img.prog[i],
                            simt_disasm(img.prog[i], d, sizeof d));
                }
                fprintf(stderr,
                        "repeat with: --random 1 --seed %" PRIu64
                        " +verilator+seed+%u +verilator+rand+reset+%d\n",
                        s, vl_seed_used, rand_reset_used);
                fail = 1;
                break;
            }
            runs++;
            tot_cycles += st.cycles;
            tot_instr += st.thread_instrs;
            tot_div += st.diverged;
            if (t->verbose) {
                printf("seed %" PRIu64 ": %u threads, %u words, %lu cycles, %lu thread-instrs\n",
                       s, img.threads, img.nprog, st.cycles, st.thread_instrs);
            }
        }
        if (!fail) {
            printf("random: %" PRIu64 " programs passed in lockstep (%lu cycles, %lu "
                   "thread-instructions, %.1f%% of them while the block was diverged)\n",
                   nrandom, tot_cycles, tot_instr,
                   tot_instr ? 100.0 * (double)tot_div / (double)tot_instr : 0.0);
        }
    }

    if (bench_dir && !fail) {
        static const struct {
            const char *name;
            unsigned origin;
        } b[2] = {{"matadd", ORIGIN_MATADD}, {"matmul2", ORIGIN_MATMUL}};
        printf("%-8s %8s %8s %7s %13s %10s %10s\n", "kernel", "cycles", "origin", "ratio",
               "instructions", "IPC", "thread-IPC");
        for (unsigned i = 0; i < 2 && !fail; i++) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s.asm", bench_dir, b[i].name);
            if (simt_assemble_file(path, &img) || run_image(t, &img, img.threads, 0, 0, 1, &st,
                                                            NULL)) {
                fprintf(stderr, "bench %s failed %s\n", path, img.err);
                fail = 1;
                break;
            }
            runs++;
            printf("%-8s %8lu %8u %6.2fx %13lu %10.2f %10.2f\n", b[i].name, st.cycles,
                   b[i].origin, (double)b[i].origin / (double)st.cycles, st.core_instrs,
                   (double)st.core_instrs / (double)st.cycles,
                   (double)st.thread_instrs / (double)st.cycles);
        }
        printf("(ratio = origin cycles / our cycles; instructions = instructions issued, one per "
               "core per issue; IPC = instructions per cycle over the cluster; thread-IPC = "
               "thread-instructions per cycle)\n");
    }

    simt_rtl_free(t->rtl);
    free(t);
    if (fst && (stat(fst, &fst_st) != 0 || fst_st.st_size == 0)) {
        fprintf(stderr, TB ": --fst: %s was not written (missing or empty after the run)\n", fst);
        fail = 1;
    }
    if (!fail && runs == 0) { /* cannot happen with the checks above; never PASSED for nothing */
        fprintf(stderr, TB ": no kernel ran\n");
        fail = 1;
    }
    printf("%s\n", fail ? "FAILED" : "PASSED");
    if (cli_finish(TB, "standard output", stdout)) {
        return 1;
    }
    return fail;
}
