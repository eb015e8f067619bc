/* shader_tb - Verilator testbench of one shader_core in lockstep with the golden model.
 *
 * The core runs a kernel (--asm) or seeded random programs (--random, shader-gen with one
 * core) against a C memory model of its two ports: the instruction port grants (at random with
 * --jitter) and answers one cycle later; the data port accepts requests (at random with
 * --jitter), performs writes and atomics when it accepts them and answers reads and atomics in
 * order after 1..1+jitter cycles. Every record of the retirement port steps the ISS
 * (shd_tile_step) once and the two records must agree field by field (TIME reads take the
 * RTL's value, D15); the first divergence stops the run with the cycle, pc, disassembly, both
 * records and the waveform command. At the end the core and the ISS must both have halted (or
 * faulted alike) and the memories must agree. Prints cycles, instructions and IPC.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "shader_asm.h"
#include "shader_gen.h"
#include "shader_iss.h"
#include "shader_rtl.h"

#define T "shader_tb"
#define MAX_SETS 64
#define QLEN 64

typedef struct {
    uint64_t due;
    uint32_t data;
} rsp_t;

static struct {
    void *rtl;
    uint8_t *mem;            /* the RTL's memory */
    shd_tile_t iss;
    uint64_t rng;
    unsigned jitter;
    uint64_t cycle;          /* since creation */
    uint32_t wlo, whi;       /* RTL writes: lowest / highest byte address + 1 */
    rsp_t q[QLEN];
    unsigned qh, qn;
    int if_pend;             /* a grant last cycle */
    uint32_t if_addr;
    int quiet;
    const char *fst;
    unsigned long tr_from, tr_to;
    char args[512];          /* the command line, for the waveform hint */
} tb;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: shader_tb (--asm FILE.s | --random N) [options]\n"
            "  one shader_core in lockstep with the ISS (the golden model), see the file header\n"
            "  --asm FILE.s        run a kernel (launched at --base)\n"
            "  --random N          N random programs of shader-gen (one core), 1..10000000\n"
            "  --seed S            first random program (default 1), 0..2^62\n"
            "  --base ADDR         kernel address (default 0x1000000, multiple of 4)\n"
            "  --arg-base ADDR     ARG_BASE of a kernel (default 0x100000)\n"
            "  --tile-offset V     TILE_OFFSET of a kernel (default 0)\n"
            "  --set ADDR=VALUE    store a word before a kernel starts (up to %d)\n"
            "  --fill ADDR:LEN     random bytes (from --seed) at ADDR..ADDR+LEN-1 before a kernel\n"
            "                      starts (LEN 1..0x100000; up to %d, after the --set words)\n"
            "  --jitter K          random grants, ready and response latency 1..1+K (0..16, default 0)\n"
            "  --max-cycles N      per program (default 10000000)\n"
            "  --ipc-min X         fail when instructions/cycles of the kernel is below X (0..1)\n"
            "  --vseed N           Verilator X seed, 1..2147483647 (default 1)\n"
            "  --fst FILE --trace-from A --trace-to B   waveform of cycles A..B (trace build only)\n"
            "  --quiet             one line per program only on failure\n"
            "  --help              this text\n"
            "exit status: 0 all agreed, 1 a mismatch / hang / error, 2 bad command line\n",
            MAX_SETS, MAX_SETS);
}

static uint32_t mem32(const uint8_t *m, uint32_t a)
{
    return (uint32_t)m[a] | (uint32_t)m[a + 1] << 8 | (uint32_t)m[a + 2] << 16 | (uint32_t)m[a + 3] << 24;
}

static unsigned rnd(unsigned n)
{
    return n ? (unsigned)(shd_rand(&tb.rng) % n) : 0;
}

/* the memory side of an atomic (the tile's atomic unit): old value returned */
static uint32_t amo(uint32_t a, unsigned op, uint32_t v, uint32_t cmp)
{
    uint32_t old = mem32(tb.mem, a), nv = old;
    switch (op) {
    case 0: nv = old + v; break;
    case 1: nv = (int32_t)old < (int32_t)v ? old : v; break;
    case 2: nv = (int32_t)old > (int32_t)v ? old : v; break;
    case 3: nv = v; break;
    case 4: nv = old == cmp ? v : old; break;
    case 5: nv = old & v; break;
    case 6: nv = old | v; break;
    default: nv = old ^ v; break;
    }
    for (unsigned i = 0; i < 4; i++) {
        tb.mem[a + i] = (uint8_t)(nv >> (8 * i));
    }
    if (a < tb.wlo) {
        tb.wlo = a;
    }
    if (a + 4 > tb.whi) {
        tb.whi = a + 4;
    }
    return old;
}

static void out_to_ret(const shader_out_t *o, shd_ret_t *r)
{
    memset(r, 0, sizeof *r);
    r->core = 0;
    r->order = o->rv_order;
    r->pc = o->rv_pc;
    r->insn = o->rv_insn;
    r->next_pc = o->rv_next_pc;
    r->rd_wr = o->rv_rd_wr != 0;
    r->rd = (uint8_t)o->rv_rd;
    r->rd_val = o->rv_rd_val;
    r->mem = (shd_mem_kind_e)o->rv_mem;
    r->mem_addr = o->rv_mem_addr;
    r->mem_size = (uint8_t)o->rv_mem_size;
    r->mem_rdata = o->rv_mem_rdata;
    r->mem_wdata = o->rv_mem_wdata;
    r->mem_wmask = (uint8_t)o->rv_mem_wmask;
    r->csr_wr = o->rv_csr_wr != 0;
    r->csr = (uint16_t)o->rv_csr;
    r->csr_val = o->rv_csr_val;
    r->trap = (uint8_t)o->rv_trap;
    r->trap_addr = o->rv_trap_addr;
}

/* the first field that differs, NULL if none */
static const char *ret_diff(const shd_ret_t *a, const shd_ret_t *b)
{
#define F(x) if (a->x != b->x) return #x
    F(order); F(pc); F(insn); F(next_pc); F(trap); F(rd_wr); F(rd); F(rd_val); F(mem);
    if (a->mem) {
        F(mem_addr); F(mem_size); F(mem_wmask);
        if (a->mem != SHD_MEM_STORE) {
            F(mem_rdata);
        }
        if (a->mem_wmask) {
            F(mem_wdata);
        }
    }
    F(csr_wr);
    if (a->csr_wr) {
        F(csr); F(csr_val);
    }
    if (a->trap == SHD_TRAP_MEM_RANGE || a->trap == SHD_TRAP_ATOM_MISALIGNED) {
        F(trap_addr);
    }
#undef F
    return NULL;
}

static void mismatch(const char *what, const shd_ret_t *rtl, const shd_ret_t *iss)
{
    char a[256], b[256], d[64];
    printf("LOCKSTEP MISMATCH (%s) at cycle %llu, core 0\n", what, (unsigned long long)tb.cycle);
    if (rtl) {
        printf("  pc 0x%08x: %s\n", rtl->pc, shd_disasm(rtl->insn, d, sizeof d));
        shd_ret_str(rtl, a, sizeof a);
        printf("  rtl: %s\n", a);
    }
    if (iss) {
        shd_ret_str(iss, b, sizeof b);
        printf("  iss: %s\n", b);
    }
    printf("  ISS core 0: pc %08x status %08x config %08x;", tb.iss.core[0].pc,
           tb.iss.core[0].status, tb.iss.core[0].config);
    for (unsigned r = 1; r < 32; r++) {
        printf(" s%u=%08x", r, tb.iss.core[0].s[r]);
    }
    printf("\n  waveform: make shader-trace && build/shader/obj_trace/shader_tb %s --fst w.fst "
           "--trace-from %llu --trace-to %llu\n", tb.args,
           (unsigned long long)(tb.cycle > 200 ? tb.cycle - 200 : 0),
           (unsigned long long)tb.cycle + 20);
}

/* one program: image already in both memories; returns 0 if RTL and ISS agreed */
static int run(uint32_t entry, uint32_t arg, uint32_t toff, uint64_t max_cycles, uint64_t *cyc,
               uint64_t *insns)
{
    shader_in_t in;
    shader_out_t o;
    memset(&in, 0, sizeof in);
    tb.qh = tb.qn = 0;
    tb.if_pend = 0;
    in.entry = entry;
    in.arg_base = arg;
    in.tile_offset = toff;
    /* reset */
    for (int i = 0; i < 3; i++) {
        in.rst_n = 0;
        shader_rtl_eval(tb.rtl, &in, &o);
        shader_rtl_edge(tb.rtl);
        tb.cycle++;
    }
    in.rst_n = 1;
    shd_tile_launch(&tb.iss, entry, arg, toff, false);
    uint64_t start = tb.cycle, n = 0;
    for (uint64_t c = 0;; c++) {
        if (c > max_cycles) {
            printf("HANG: the core did not finish within %llu cycles (pc 0x%08x requested)\n",
                   (unsigned long long)max_cycles, o.if_addr);
            return -1;
        }
        in.start = c == 0;
        in.time = (uint32_t)c;
        /* outputs of this cycle with the clock low; then the inputs that answer them */
        in.if_gnt = 0;
        in.dm_req_ready = 0;
        in.dm_rsp_valid = 0;
        in.if_rdata = tb.if_pend ? mem32(tb.mem, tb.if_addr) : 0xDEADBEEFu;
        if (tb.qn && tb.q[tb.qh].due <= c) {
            in.dm_rsp_valid = 1;
            in.dm_rsp_rdata = tb.q[tb.qh].data;
        }
        shader_rtl_eval(tb.rtl, &in, &o);
        in.bar_go = o.bar_wait; /* one core: every running core waits */
        in.if_gnt = o.if_req && (tb.jitter == 0 || rnd(3) != 0);
        in.dm_req_ready = tb.jitter == 0 || rnd(3) != 0;
        shader_rtl_eval(tb.rtl, &in, &o);
        if (o.rv_valid) {
            shd_ret_t r, e;
            out_to_ret(&o, &r);
            if (tb.iss.core[0].state != SHD_CORE_RUN) {
                mismatch("the ISS core is not running", &r, NULL);
                return -1;
            }
            const shd_op_t *op = shd_decode(r.insn);
            tb.iss.time_fixed = op && op->cls == SHD_CLS_CSR && (r.insn >> 20) == SHD_CSR_TIME &&
                                op->fmt == SHD_FMT_CSR;
            tb.iss.time_val = r.rd_val;
            shd_tile_step(&tb.iss, 0, &e);
            const char *f = ret_diff(&r, &e);
            if (f) {
                mismatch(f, &r, &e);
                return -1;
            }
            n++;
        }
        /* handshakes at this edge */
        if (tb.if_pend) {
            tb.if_pend = 0;
        }
        if (in.if_gnt) {
            tb.if_pend = 1;
            tb.if_addr = o.if_addr;
            if ((uint64_t)o.if_addr + 4 > SHD_MEM_BYTES || (o.if_addr & 3u)) {
                printf("RTL ERROR: fetch request at 0x%08x (bad address)\n", o.if_addr);
                return -1;
            }
        }
        if (in.dm_rsp_valid) {
            tb.qh = (tb.qh + 1) % QLEN;
            tb.qn--;
        }
        if (o.dm_req_valid && in.dm_req_ready) {
            uint32_t a = o.dm_req_addr & ~3u;
            if (o.dm_req_amo || !o.dm_req_we) {
                if (tb.qn == QLEN) {
                    printf("TB ERROR: response queue full\n");
                    return -1;
                }
                uint32_t d = o.dm_req_amo ? amo(a, o.dm_req_amo_op, o.dm_req_wdata, o.dm_req_amo_cmp)
                                          : mem32(tb.mem, a);
                rsp_t *q = &tb.q[(tb.qh + tb.qn) % QLEN];
                q->data = d;
                q->due = c + 1 + rnd(tb.jitter + 1);
                if (tb.qn && q->due < tb.q[(tb.qh + tb.qn - 1) % QLEN].due) {
                    q->due = tb.q[(tb.qh + tb.qn - 1) % QLEN].due; /* in order */
                }
                tb.qn++;
            } else {
                for (unsigned b = 0; b < 4; b++) {
                    if ((o.dm_req_be >> b) & 1u) {
                        tb.mem[a + b] = (uint8_t)(o.dm_req_wdata >> (8 * b));
                    }
                }
                if (a < tb.wlo) {
                    tb.wlo = a;
                }
                if (a + 4 > tb.whi) {
                    tb.whi = a + 4;
                }
            }
        }
        shader_rtl_edge(tb.rtl);
        tb.cycle++;
        if (c > 2 && o.idle && !o.rv_valid) {
            *cyc = c;
            *insns = n;
            break;
        }
    }
    (void)start;
    if (!shd_tile_done(&tb.iss)) {
        mismatch("the RTL core ended, the ISS core did not", NULL, NULL);
        return -1;
    }
    if (tb.qn) {
        printf("RTL ERROR: %u read responses never taken\n", tb.qn);
        return -1;
    }
    return 0;
}

static int mem_compare(uint32_t lo, uint32_t hi)
{
    if (tb.wlo < lo || tb.whi > hi) {
        printf("MEMORY: the RTL wrote outside 0x%08x..0x%08x (0x%08x..0x%08x)\n", lo, hi, tb.wlo, tb.whi);
        return -1;
    }
    for (uint32_t a = lo; a < hi; a++) {
        if (tb.mem[a] != tb.iss.mem[a]) {
            printf("MEMORY MISMATCH at 0x%08x: rtl %02x iss %02x\n", a, tb.mem[a], tb.iss.mem[a]);
            return -1;
        }
    }
    return 0;
}

static void load_image(const shd_image_t *img)
{
    memcpy(tb.mem + img->base, img->bytes, img->size);
    memcpy(tb.iss.mem + img->base, img->bytes, img->size);
}

int main(int argc, char **argv)
{
    const char *asmf = NULL;
    uint64_t nrand = 0, seed = 1, base = 0x1000000, arg = 0x100000, toff = 0, jit = 0,
             maxc = 10000000, vseed = 1, set_a[MAX_SETS], set_v[MAX_SETS], fill_a[MAX_SETS],
             fill_n[MAX_SETS];
    unsigned nfill = 0;
    double ipc_min = -1;
    unsigned nset = 0;
    size_t al = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return cli_finish(T, "standard output", stdout) ? 1 : 0;
        }
        if (strcmp(a, "--quiet") == 0) {
            tb.quiet = 1;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, T ": %s needs a value (see --help)\n", a);
            return 2;
        }
        const char *v = argv[++i];
        if (strcmp(a, "--fst") != 0 && strncmp(a, "--trace", 7) != 0) {
            al += (size_t)snprintf(tb.args + al, al < sizeof tb.args ? sizeof tb.args - al : 0,
                                   "%s%s %s", al ? " " : "", a, v);
        }
        int bad = 0;
        if (strcmp(a, "--asm") == 0) {
            asmf = v;
        } else if (strcmp(a, "--random") == 0) {
            bad = cli_uint(T, a, v, 1, 10000000, &nrand);
        } else if (strcmp(a, "--seed") == 0) {
            bad = cli_uint(T, a, v, 0, 1ull << 62, &seed);
        } else if (strcmp(a, "--base") == 0) {
            bad = cli_uint(T, a, v, 0, 0x1FFFFFC, &base) || ((base & 3u) && (fprintf(stderr, T ": --base '%s' is not a multiple of 4\n", v), 1));
        } else if (strcmp(a, "--arg-base") == 0) {
            bad = cli_uint(T, a, v, 0, 0x1FFFFFF, &arg);
        } else if (strcmp(a, "--tile-offset") == 0) {
            bad = cli_uint(T, a, v, 0, 0xFFFFFFFFu, &toff);
        } else if (strcmp(a, "--jitter") == 0) {
            bad = cli_uint(T, a, v, 0, 16, &jit);
        } else if (strcmp(a, "--max-cycles") == 0) {
            bad = cli_uint(T, a, v, 100, 1000000000000ull, &maxc);
        } else if (strcmp(a, "--vseed") == 0) {
            bad = cli_uint(T, a, v, 1, 2147483647, &vseed);
        } else if (strcmp(a, "--ipc-min") == 0) {
            bad = cli_double(T, a, v, 0, 1, &ipc_min);
        } else if (strcmp(a, "--fst") == 0) {
            tb.fst = v;
        } else if (strcmp(a, "--trace-from") == 0 || strcmp(a, "--trace-to") == 0) {
            uint64_t x;
            bad = cli_uint(T, a, v, 0, 1ull << 40, &x);
            *(a[8] == 'f' ? &tb.tr_from : &tb.tr_to) = (unsigned long)x;
        } else if (strcmp(a, "--fill") == 0) {
            const char *co = strchr(v, ':');
            char first[32];
            if (nfill == MAX_SETS || !co || (size_t)(co - v) >= sizeof first) {
                fprintf(stderr, T ": --fill '%s': allowed is ADDR:LEN, at most %d times\n", v, MAX_SETS);
                return 2;
            }
            memcpy(first, v, (size_t)(co - v));
            first[co - v] = 0;
            bad = cli_uint(T, a, first, 0, 0x1FFFFFF, &fill_a[nfill]) ||
                  cli_uint(T, a, co + 1, 1, 0x100000, &fill_n[nfill]);
            if (!bad && fill_a[nfill] + fill_n[nfill] > SHD_MEM_BYTES) {
                fprintf(stderr, T ": --fill '%s' goes past the end of the memory\n", v);
                return 2;
            }
            nfill++;
        } else if (strcmp(a, "--set") == 0) {
            const char *eq = strchr(v, '=');
            char first[32];
            if (nset == MAX_SETS || !eq || (size_t)(eq - v) >= sizeof first) {
                fprintf(stderr, T ": --set '%s': allowed is ADDR=VALUE, at most %d times\n", v, MAX_SETS);
                return 2;
            }
            memcpy(first, v, (size_t)(eq - v));
            first[eq - v] = 0;
            bad = cli_uint(T, a, first, 0, 0x1FFFFFC, &set_a[nset]) ||
                  cli_uint(T, a, eq + 1, 0, 0xFFFFFFFFu, &set_v[nset]);
            nset++;
        } else {
            fprintf(stderr, T ": bad argument '%s' (see --help)\n", a);
            return 2;
        }
        if (bad) {
            return 2;
        }
    }
    if ((asmf != NULL) == (nrand != 0)) {
        fprintf(stderr, T ": give exactly one of --asm FILE and --random N\n");
        return 2;
    }
    tb.jitter = (unsigned)jit;
    tb.rng = seed ^ 0x7462ull;
    tb.mem = calloc(1, SHD_MEM_BYTES);
    if (!tb.mem || shd_tile_init(&tb.iss, 1, NULL)) {
        fprintf(stderr, T ": out of memory\n");
        return 1;
    }
    tb.rtl = shader_rtl_new((unsigned)vseed);
    if (tb.fst && shader_rtl_trace(tb.rtl, tb.fst, tb.tr_from, tb.tr_to) != 0) {
        fprintf(stderr, T ": this binary has no waveform support: make shader-trace\n");
        return 2;
    }
    printf(T ": Verilator seed %llu, jitter %u\n", (unsigned long long)vseed, tb.jitter);
    int rc = 0;
    uint64_t total_c = 0, total_i = 0;
    if (asmf) {
        shd_image_t img;
        memset(&img, 0, sizeof img);
        if (shd_assemble_file(asmf, (uint32_t)base, &img)) {
            fprintf(stderr, T ": %s: %s\n", asmf, img.err);
            return 1;
        }
        load_image(&img);
        uint64_t fr = seed * 0x9E3779B97F4A7C15ull + 1;
        for (unsigned k = 0; k < nfill; k++) {
            for (uint64_t b = 0; b < fill_n[k]; b++) {
                tb.mem[fill_a[k] + b] = tb.iss.mem[fill_a[k] + b] = (uint8_t)shd_rand(&fr);
            }
        }
        for (unsigned k = 0; k < nset; k++) {
            for (unsigned b = 0; b < 4; b++) {
                tb.mem[set_a[k] + b] = tb.iss.mem[set_a[k] + b] = (uint8_t)(set_v[k] >> (8 * b));
            }
        }
        tb.wlo = 0xFFFFFFFFu;
        tb.whi = 0;
        uint64_t c = 0, n = 0;
        rc = run((uint32_t)base, (uint32_t)arg, (uint32_t)toff, maxc, &c, &n);
        if (rc == 0 && memcmp(tb.mem, tb.iss.mem, SHD_MEM_BYTES) != 0) {
            rc = mem_compare(0, SHD_MEM_BYTES);
            rc = rc ? rc : -1;
        }
        if (rc == 0) {
            double ipc = c ? (double)n / (double)c : 0;
            printf("PASS %s: %llu instructions in %llu cycles, IPC %.3f%s\n", asmf,
                   (unsigned long long)n, (unsigned long long)c, ipc,
                   tb.iss.faulted ? " (ended with the same fault)" : "");
            if (ipc_min >= 0 && ipc < ipc_min) {
                printf("FAIL: IPC %.3f below --ipc-min %.3f\n", ipc, ipc_min);
                rc = -1;
            }
        }
        shd_image_free(&img);
    } else {
        for (uint64_t k = 0; k < nrand && rc == 0; k++) {
            uint64_t s = seed + k;
            char *text;
            shd_image_t img;
            memset(&img, 0, sizeof img);
            if (shd_gen(s, 1, &text) || shd_assemble(text, SHD_GEN_BASE, &img)) {
                printf("seed %llu: generator/assembler failure %s\n", (unsigned long long)s, img.err);
                rc = -1;
                break;
            }
            free(text);
            load_image(&img);
            tb.wlo = 0xFFFFFFFFu;
            tb.whi = 0;
            uint64_t c = 0, n = 0;
            rc = run(SHD_GEN_BASE, SHD_GEN_BASE + SHD_GEN_ARG_OFF, (uint32_t)(s * 2654435761u), maxc,
                     &c, &n);
            if (rc == 0) {
                rc = mem_compare(img.base, img.base + img.size);
            }
            if (rc) {
                printf("FAIL: random program seed %llu (shader-gen --seed %llu --cores 1)\n",
                       (unsigned long long)s, (unsigned long long)s);
            } else if (!tb.quiet) {
                printf("ok seed %llu: %llu instructions, %llu cycles\n", (unsigned long long)s,
                       (unsigned long long)n, (unsigned long long)c);
            }
            total_c += c;
            total_i += n;
            /* restore both memories for the next program */
            memset(tb.mem + img.base, 0, img.size);
            memset(tb.iss.mem + img.base, 0, img.size);
            shd_image_free(&img);
        }
        if (rc == 0) {
            printf("PASS: %llu random programs (seeds %llu..%llu) in lockstep: %llu instructions, "
                   "%llu cycles\n", (unsigned long long)nrand, (unsigned long long)seed,
                   (unsigned long long)(seed + nrand - 1), (unsigned long long)total_i,
                   (unsigned long long)total_c);
        }
    }
    shader_rtl_free(tb.rtl);
    shd_tile_free(&tb.iss);
    free(tb.mem);
    if (cli_finish(T, "standard output", stdout)) {
        return 1;
    }
    return rc ? 1 : 0;
}
