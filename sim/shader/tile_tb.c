/* tile_tb - Verilator testbench of a shader_tile (NumCores cores, the shared instruction cache,
 * the one memory port with its atomic unit, BARRIER, launch and done report) in lockstep with
 * the tile ISS (sw/shader/shader_iss.c, the golden model).
 *
 * The tile runs a kernel (--asm) or seeded random programs (--random, shader-gen for NumCores
 * cores) against a C model of the GPU memory port: requests accepted at random with --jitter
 * (the port's ready), writes performed when accepted, reads read when accepted and answered in
 * order, one word per cycle, after 1..1+jitter cycles (a read burst: len+1 words inside its
 * aligned 32-byte block, last on the final one), as mem_arbiter and the memory present them.
 *
 * Lockstep (docs/shader.md D18). Every instruction of every core steps the ISS of that core
 * exactly once, at its commit point, and its RTL retirement record must agree with the ISS's
 * record field by field:
 *   - a load, store or atomic commits in the cycle the tile's memory port accepts its (first)
 *     request (mon_dm_acc_o: the cores' data requests are passed straight through, so the
 *     order of these accepts is the order the memory performs the accesses in; an atomic is a
 *     locked read-modify-write and a split access holds the port, so each access is one
 *     indivisible memory event at that point). The ISS record waits in a per-core slot until
 *     the RTL retires the instruction, then they are compared.
 *   - every other instruction (and every fault) commits when it retires.
 * In a cycle, retirements are processed before accepts (core order 0..N-1): an instruction
 * older than an accepted access of the same core has retired at the latest in that cycle,
 * so each core is stepped in program order, and every memory event reaches the ISS in the
 * memory's own order; a load therefore reads in the ISS exactly what the RTL read. TIME reads
 * take the RTL's value (D15). At the end (done_o) both tiles must have ended alike (the same
 * first fault record, per core halted/faulted and STATUS, the STATUS OR) and the memories
 * must agree. The first divergence stops the run with the core, cycle, pc, disassembly, both
 * records, the ISS core's registers and the waveform command.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "shader_asm.h"
#include "shader_gen.h"
#include "shader_iss.h"
#include "tile_rtl.h"

#define T "tile_tb"
#define MAX_SETS 64
#define QLEN 256

typedef struct {
    uint64_t due;
    uint32_t data;
    int last;
} rsp_t;

static struct {
    void *rtl;
    unsigned n;              /* cores */
    uint8_t *mem;            /* the RTL's memory */
    shd_tile_t iss;
    uint64_t rng;
    unsigned jitter;
    uint64_t cycle;          /* since creation */
    uint32_t wlo, whi;       /* RTL writes: lowest / highest byte address + 1 */
    rsp_t q[QLEN];
    unsigned qh, qn;
    int slot_full[TILE_MAX_CORES];
    shd_ret_t slot[TILE_MAX_CORES];
    int have_fault;
    shd_ret_t fault;         /* the first fault record of the ISS */
    int quiet;
    const char *fst;
    unsigned long tr_from, tr_to;
    char args[512];          /* the command line, for the waveform hint */
} tb;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: tile_tb (--asm FILE.s | --random N) [options]\n"
            "  a shader_tile of %u cores in lockstep with the tile ISS, see the file header\n"
            "  --asm FILE.s        run a kernel (launched at --base)\n"
            "  --random N          N random programs of shader-gen (this tile's cores), 1..10000000\n"
            "  --seed S            first random program (default 1), 0..2^62\n"
            "  --base ADDR         kernel address (default 0x1000000, multiple of 4)\n"
            "  --arg-base ADDR     ARG_BASE of a kernel (default 0x100000)\n"
            "  --tile-offset V     TILE_OFFSET of a kernel (default 0)\n"
            "  --set ADDR=VALUE    store a word before a kernel starts (up to %d)\n"
            "  --fill ADDR:LEN     random bytes (from --seed) at ADDR..ADDR+LEN-1 before a kernel\n"
            "                      starts (LEN 1..0x100000; up to %d, after the --set words)\n"
            "  --jitter K          random port ready and response latency 1..1+K (0..16, default 0)\n"
            "  --max-cycles N      per program (default 10000000)\n"
            "  --expect-fault      a kernel must end with a fault (the same in both models)\n"
            "  --vseed N           Verilator X seed, 1..2147483647 (default 1)\n"
            "  --fst FILE --trace-from A --trace-to B   waveform of cycles A..B (trace build only)\n"
            "  --quiet             one line per program only on failure\n"
            "  --help              this text\n"
            "exit status: 0 all agreed, 1 a mismatch / hang / error, 2 bad command line\n",
            tile_rtl_ncores(), MAX_SETS, MAX_SETS);
}

static uint32_t mem32(const uint8_t *m, uint32_t a)
{
    return (uint32_t)m[a] | (uint32_t)m[a + 1] << 8 | (uint32_t)m[a + 2] << 16 | (uint32_t)m[a + 3] << 24;
}

static unsigned rnd(unsigned n)
{
    return n ? (unsigned)(shd_rand(&tb.rng) % n) : 0;
}

static void rv_to_ret(const tile_rv_t *o, unsigned core, shd_ret_t *r)
{
    memset(r, 0, sizeof *r);
    r->core = (uint8_t)core;
    r->order = o->order;
    r->pc = o->pc;
    r->insn = o->insn;
    r->next_pc = o->next_pc;
    r->rd_wr = o->rd_wr != 0;
    r->rd = (uint8_t)o->rd;
    r->rd_val = o->rd_val;
    r->mem = (shd_mem_kind_e)o->mem;
    r->mem_addr = o->mem_addr;
    r->mem_size = (uint8_t)o->mem_size;
    r->mem_rdata = o->mem_rdata;
    r->mem_wdata = o->mem_wdata;
    r->mem_wmask = (uint8_t)o->mem_wmask;
    r->csr_wr = o->csr_wr != 0;
    r->csr = (uint16_t)o->csr;
    r->csr_val = o->csr_val;
    r->trap = (uint8_t)o->trap;
    r->trap_addr = o->trap_addr;
}

/* the first field that differs, NULL if none (as shader_tb) */
static const char *ret_diff(const shd_ret_t *a, const shd_ret_t *b)
{
#define F(x) if (a->x != b->x) return #x
    F(core); F(order); F(pc); F(insn); F(next_pc); F(trap); F(rd_wr); F(rd); F(rd_val); F(mem);
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

static void mismatch(const char *what, unsigned core, const shd_ret_t *rtl, const shd_ret_t *iss)
{
    char a[256], b[256], d[64];
    printf("LOCKSTEP MISMATCH (%s) at cycle %llu, core %u of %u\n", what,
           (unsigned long long)tb.cycle, core, tb.n);
    if (rtl) {
        printf("  pc 0x%08x: %s\n", rtl->pc, shd_disasm(rtl->insn, d, sizeof d));
        shd_ret_str(rtl, a, sizeof a);
        printf("  rtl: %s\n", a);
    }
    if (iss) {
        shd_ret_str(iss, b, sizeof b);
        printf("  iss: %s\n", b);
    }
    if (core < tb.n) {
        const shd_core_t *c = &tb.iss.core[core];
        printf("  ISS core %u: state %d pc %08x status %08x config %08x;", core, (int)c->state, c->pc,
               c->status, c->config);
        for (unsigned r = 1; r < 32; r++) {
            printf(" s%u=%08x", r, c->s[r]);
        }
        printf("\n");
    }
    printf("  waveform: make shader-tile-trace && build/shader/obj_tile%u_trace/tile_tb %s --fst w.fst "
           "--trace-from %llu --trace-to %llu\n", tb.n, tb.args,
           (unsigned long long)(tb.cycle > 200 ? tb.cycle - 200 : 0),
           (unsigned long long)tb.cycle + 20);
}

/* step the ISS core the RTL committed; NULL-safe checks of its state */
static int iss_step(unsigned core, const tile_rv_t *rv, shd_ret_t *e)
{
    if (tb.iss.core[core].state != SHD_CORE_RUN) {
        shd_ret_t r;
        rv_to_ret(rv, core, &r);
        mismatch("the ISS core is not running", core, rv->valid ? &r : NULL, NULL);
        return -1;
    }
    const shd_op_t *op = rv->valid ? shd_decode(rv->insn) : NULL;
    tb.iss.time_fixed = op && op->cls == SHD_CLS_CSR && (rv->insn >> 20) == SHD_CSR_TIME &&
                        op->fmt == SHD_FMT_CSR;
    tb.iss.time_val = rv->rd_val;
    shd_tile_step(&tb.iss, core, e);
    if (e->trap && !tb.have_fault) {
        tb.have_fault = 1;
        tb.fault = *e;
    }
    return 0;
}

static void rsp_push(uint64_t now, uint32_t data, int last)
{
    rsp_t *q = &tb.q[(tb.qh + tb.qn) % QLEN];
    q->data = data;
    q->last = last;
    q->due = now + 1 + rnd(tb.jitter + 1);
    if (tb.qn && q->due <= tb.q[(tb.qh + tb.qn - 1) % QLEN].due) {
        q->due = tb.q[(tb.qh + tb.qn - 1) % QLEN].due + 1; /* in order, one word per cycle */
    }
    tb.qn++;
}

/* one launch: image already in both memories; returns 0 if RTL and ISS agreed */
static int run(uint32_t entry, uint32_t arg, uint32_t toff, uint64_t max_cycles, uint64_t *cyc,
               uint64_t *insns)
{
    tile_in_t in;
    tile_out_t o, prev;
    int launched = 0, prev_wait = 0;
    unsigned after_fault[TILE_MAX_CORES] = {0}; /* records of each core after the first fault */
    uint32_t lock_addr = 0;
    memset(&in, 0, sizeof in);
    memset(&prev, 0, sizeof prev);
    memset(tb.slot_full, 0, sizeof tb.slot_full);
    tb.qh = tb.qn = 0;
    tb.have_fault = 0;
    in.rst_n = 1;
    in.entry = entry;
    in.arg_base = arg;
    in.tile_offset = toff;
    shd_tile_launch(&tb.iss, entry, arg, toff, false);
    uint64_t start = 0, n = 0;
    for (uint64_t c = 0;; c++) {
        if (c > max_cycles) {
            printf("HANG: the tile did not finish within %llu cycles\n", (unsigned long long)max_cycles);
            mismatch("hang", tb.n, NULL, NULL);
            return -1;
        }
        in.launch_valid = !launched;
        in.mem_rsp_valid = 0;
        in.mem_rsp_last = 0;
        in.mem_rsp_rdata = 0xDEADBEEFu;
        if (tb.qn && tb.q[tb.qh].due <= c) {
            in.mem_rsp_valid = 1;
            in.mem_rsp_rdata = tb.q[tb.qh].data;
            in.mem_rsp_last = tb.q[tb.qh].last;
        }
        in.mem_req_ready = tb.jitter == 0 || rnd(3) != 0;
        tile_rtl_eval(tb.rtl, &in, &o);
        if (in.launch_valid && o.launch_ready) {
            launched = 1;
            start = c;
        }
        /* the port's contract: a waiting request stays, with the same payload */
        if (prev_wait && (!o.mem_req_valid || o.mem_req_addr != prev.mem_req_addr ||
                          o.mem_req_we != prev.mem_req_we || o.mem_req_wdata != prev.mem_req_wdata ||
                          o.mem_req_be != prev.mem_req_be || o.mem_req_len != prev.mem_req_len)) {
            mismatch("RTL ERROR: a memory request changed or vanished while not accepted", tb.n, NULL, NULL);
            return -1;
        }
        /* retirements first (program order within each core), core 0 first */
        for (unsigned k = 0; k < tb.n; k++) {
            const tile_rv_t *rv = &o.rv[k];
            if (!rv->valid) {
                continue;
            }
            shd_ret_t r, e;
            rv_to_ret(rv, k, &r);
            if (tb.slot_full[k]) {
                e = tb.slot[k];
                tb.slot_full[k] = 0;
            } else {
                if (iss_step(k, rv, &e)) {
                    return -1;
                }
                if (r.mem != SHD_MEM_NONE && e.mem != SHD_MEM_NONE) {
                    mismatch("RTL ERROR: a memory instruction retired without a request at the port", k, &r, &e);
                    return -1;
                }
            }
            const char *f = ret_diff(&r, &e);
            if (f) {
                mismatch(f, k, &r, &e);
                return -1;
            }
            n++;
            /* D16: after a fault, only instructions already in X (issued in the fault's cycle),
             * M or W may retire: at most 3 per core */
            if (tb.have_fault && !(e.trap && tb.fault.core == k && tb.fault.order == e.order) &&
                ++after_fault[k] > 3) {
                mismatch("RTL ERROR: the core kept issuing after the tile stopped", k, &r, &e);
                return -1;
            }
        }
        /* then the data access accepted at the port in this cycle: its commit point */
        for (unsigned k = 0; k < tb.n; k++) {
            if (!((o.mon_dm_acc >> k) & 1u)) {
                continue;
            }
            shd_ret_t e;
            if (tb.slot_full[k]) {
                mismatch("RTL ERROR: a second access of a core before its previous one retired", k, NULL, &tb.slot[k]);
                return -1;
            }
            tile_rv_t none;
            memset(&none, 0, sizeof none);
            if (iss_step(k, &none, &e)) {
                return -1;
            }
            if (e.mem == SHD_MEM_NONE || e.trap) {
                mismatch("the RTL core made a memory request, the ISS's next instruction makes none", k, NULL, &e);
                return -1;
            }
            tb.slot[k] = e;
            tb.slot_full[k] = 1;
        }
        /* the memory port */
        if (o.mem_req_valid && in.mem_req_ready) {
            uint32_t a = o.mem_req_addr & ~3u;
            if (o.mem_req_tag || o.mem_req_prim) {
                mismatch("RTL ERROR: tag and prim must be 0", tb.n, NULL, NULL);
                return -1;
            }
            if (o.mem_lock && (!o.mem_req_we || a != lock_addr || o.mem_req_be != 0xF)) {
                mismatch("RTL ERROR: while locked, only the atomic's write may go out", tb.n, NULL, NULL);
                return -1;
            }
            if (o.mem_req_we) {
                if (o.mem_req_len) {
                    mismatch("RTL ERROR: the tile never writes bursts", tb.n, NULL, NULL);
                    return -1;
                }
                for (unsigned b = 0; b < 4; b++) {
                    if ((o.mem_req_be >> b) & 1u) {
                        tb.mem[a + b] = (uint8_t)(o.mem_req_wdata >> (8 * b));
                    }
                }
                if (o.mem_req_be && a < tb.wlo) {
                    tb.wlo = a;
                }
                if (o.mem_req_be && a + 4 > tb.whi) {
                    tb.whi = a + 4;
                }
            } else {
                if (tb.qn + o.mem_req_len + 1 > QLEN) {
                    printf("TB ERROR: response queue full\n");
                    return -1;
                }
                for (unsigned i = 0; i <= o.mem_req_len; i++) {
                    uint32_t ba = (a & ~31u) | (((a >> 2) + i) & 7u) << 2;
                    rsp_push(c, mem32(tb.mem, ba), i == o.mem_req_len);
                }
                lock_addr = a;
            }
        }
        prev = o;
        prev_wait = o.mem_req_valid && !in.mem_req_ready;
        if (in.mem_rsp_valid) {
            tb.qh = (tb.qh + 1) % QLEN;
            tb.qn--;
        }
        tile_rtl_edge(tb.rtl);
        tb.cycle++;
        if (o.done) {
            *cyc = c - start;
            *insns = n;
            break;
        }
    }
    for (unsigned k = 0; k < tb.n; k++) {
        if (tb.slot_full[k]) {
            mismatch("the tile ended with an access that never retired", k, NULL, &tb.slot[k]);
            return -1;
        }
    }
    if (tb.qn) {
        printf("RTL ERROR: %u read responses never taken\n", tb.qn);
        return -1;
    }
    /* the done report against the ISS */
    if ((o.done_fault != 0) != tb.iss.faulted) {
        mismatch(o.done_fault ? "the RTL tile faulted, the ISS did not" : "the ISS faulted, the RTL tile did not",
                 tb.n, NULL, tb.have_fault ? &tb.fault : NULL);
        return -1;
    }
    if (!tb.iss.faulted && !shd_tile_done(&tb.iss)) {
        mismatch("the RTL tile ended, the ISS tile did not", tb.n, NULL, NULL);
        return -1;
    }
    if (tb.have_fault) {
        const shd_ret_t *f = &tb.fault;
        int addr = f->trap == SHD_TRAP_MEM_RANGE || f->trap == SHD_TRAP_ATOM_MISALIGNED;
        if (o.fault_cause != f->trap || o.fault_core != f->core || o.fault_pc != f->pc ||
            o.fault_insn != f->insn || (addr && o.fault_addr != f->trap_addr)) {
            printf("DONE REPORT MISMATCH: rtl fault cause %u core %u pc %08x insn %08x addr %08x\n",
                   o.fault_cause, o.fault_core, o.fault_pc, o.fault_insn, o.fault_addr);
            mismatch("fault report", f->core, NULL, f);
            return -1;
        }
    }
    for (unsigned k = 0; k < tb.n; k++) {
        const shd_core_t *ic = &tb.iss.core[k];
        if (((o.core_halted >> k) & 1u) != (ic->state == SHD_CORE_HALTED) ||
            ((o.core_fault >> k) & 1u) != (ic->state == SHD_CORE_FAULT) || o.core_status[k] != ic->status) {
            printf("DONE REPORT MISMATCH core %u: rtl halted %u fault %u status %08x, iss state %d status %08x\n",
                   k, (o.core_halted >> k) & 1u, (o.core_fault >> k) & 1u, o.core_status[k], (int)ic->state,
                   ic->status);
            mismatch("done report", k, NULL, NULL);
            return -1;
        }
    }
    if (o.done_status != shd_tile_status_or(&tb.iss)) {
        printf("DONE REPORT MISMATCH: status OR rtl %08x iss %08x\n", o.done_status, shd_tile_status_or(&tb.iss));
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

static void reset(void)
{
    tile_in_t in;
    tile_out_t o;
    memset(&in, 0, sizeof in);
    for (int i = 0; i < 3; i++) {
        tile_rtl_eval(tb.rtl, &in, &o);
        tile_rtl_edge(tb.rtl);
        tb.cycle++;
    }
}

int main(int argc, char **argv)
{
    const char *asmf = NULL;
    uint64_t nrand = 0, seed = 1, base = 0x1000000, arg = 0x100000, toff = 0, jit = 0,
             maxc = 10000000, vseed = 1, set_a[MAX_SETS], set_v[MAX_SETS], fill_a[MAX_SETS],
             fill_n[MAX_SETS];
    unsigned nfill = 0, nset = 0;
    int expect_fault = 0;
    size_t al = 0;
    tb.n = tile_rtl_ncores();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return cli_finish(T, "standard output", stdout) ? 1 : 0;
        }
        if (strcmp(a, "--quiet") == 0 || strcmp(a, "--expect-fault") == 0) {
            *(a[2] == 'q' ? &tb.quiet : &expect_fault) = 1;
            al += (size_t)snprintf(tb.args + al, al < sizeof tb.args ? sizeof tb.args - al : 0,
                                   "%s%s", al ? " " : "", a);
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
            bad = cli_aligned(T, a, v, 0, 0x1FFFFFC, 4, &base);
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
        } else if (strcmp(a, "--fst") == 0) {
            tb.fst = v;
        } else if (strcmp(a, "--trace-from") == 0 || strcmp(a, "--trace-to") == 0) {
            uint64_t x;
            bad = cli_uint(T, a, v, 0, 1ull << 40, &x);
            *(a[8] == 'f' ? &tb.tr_from : &tb.tr_to) = (unsigned long)x;
        } else if (strcmp(a, "--fill") == 0 || strcmp(a, "--set") == 0) {
            int fill = a[2] == 'f';
            const char *sep = strchr(v, fill ? ':' : '=');
            char first[32];
            if ((fill ? nfill : nset) == MAX_SETS || !sep || (size_t)(sep - v) >= sizeof first) {
                fprintf(stderr, T ": %s '%s': allowed is %s, at most %d times\n", a, v,
                        fill ? "ADDR:LEN" : "ADDR=VALUE", MAX_SETS);
                return 2;
            }
            memcpy(first, v, (size_t)(sep - v));
            first[sep - v] = 0;
            if (fill) {
                bad = cli_uint(T, a, first, 0, 0x1FFFFFF, &fill_a[nfill]) ||
                      cli_uint(T, a, sep + 1, 1, 0x100000, &fill_n[nfill]);
                if (!bad && fill_a[nfill] + fill_n[nfill] > SHD_MEM_BYTES) {
                    fprintf(stderr, T ": --fill '%s' goes past the end of the memory\n", v);
                    return 2;
                }
                nfill++;
            } else {
                bad = cli_uint(T, a, first, 0, 0x1FFFFFC, &set_a[nset]) ||
                      cli_uint(T, a, sep + 1, 0, 0xFFFFFFFFu, &set_v[nset]);
                nset++;
            }
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
    tb.rng = seed ^ 0x74696c65ull;
    tb.mem = calloc(1, SHD_MEM_BYTES);
    if (!tb.mem || shd_tile_init(&tb.iss, tb.n, NULL)) {
        fprintf(stderr, T ": out of memory\n");
        return 1;
    }
    tb.rtl = tile_rtl_new((unsigned)vseed);
    if (tb.fst && tile_rtl_trace(tb.rtl, tb.fst, tb.tr_from, tb.tr_to) != 0) {
        fprintf(stderr, T ": this binary has no waveform support: make shader-tile-trace\n");
        return 2;
    }
    printf(T ": %u cores, Verilator seed %llu, jitter %u\n", tb.n, (unsigned long long)vseed, tb.jitter);
    reset();
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
        if (rc == 0 && expect_fault && !tb.iss.faulted) {
            printf("FAIL: %s was expected to fault\n", asmf);
            rc = -1;
        }
        if (rc == 0) {
            printf("PASS %s: %llu instructions in %llu cycles on %u cores, IPC %.3f (%.3f per core)%s\n",
                   asmf, (unsigned long long)n, (unsigned long long)c, tb.n,
                   c ? (double)n / (double)c : 0, c ? (double)n / (double)c / tb.n : 0,
                   tb.iss.faulted ? " (ended with the same fault)" : "");
            if (tb.iss.faulted) {
                shd_tile_fault_report(&tb.iss, stdout);
            }
        }
        shd_image_free(&img);
    } else {
        for (uint64_t k = 0; k < nrand && rc == 0; k++) {
            uint64_t s = seed + k;
            char *text;
            shd_image_t img;
            memset(&img, 0, sizeof img);
            if (shd_gen(s, tb.n, &text) || shd_assemble(text, SHD_GEN_BASE, &img)) {
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
                printf("FAIL: random program seed %llu (shader-gen --seed %llu --cores %u)\n",
                       (unsigned long long)s, (unsigned long long)s, tb.n);
            } else if (!tb.quiet) {
                printf("ok seed %llu: %llu instructions, %llu cycles\n", (unsigned long long)s,
                       (unsigned long long)n, (unsigned long long)c);
            }
            total_c += c;
            total_i += n;
            /* restore both memories for the next program (the next launch invalidates the
             * instruction cache: the next program is at the same address) */
            memset(tb.mem + img.base, 0, img.size);
            memset(tb.iss.mem + img.base, 0, img.size);
            shd_image_free(&img);
        }
        if (rc == 0) {
            printf("PASS: %llu random programs (seeds %llu..%llu) on %u cores in lockstep: %llu "
                   "instructions, %llu cycles\n", (unsigned long long)nrand, (unsigned long long)seed,
                   (unsigned long long)(seed + nrand - 1), tb.n, (unsigned long long)total_i,
                   (unsigned long long)total_c);
        }
    }
    tile_rtl_free(tb.rtl);
    shd_tile_free(&tb.iss);
    free(tb.mem);
    if (cli_finish(T, "standard output", stdout)) {
        return 1;
    }
    return rc ? 1 : 0;
}
