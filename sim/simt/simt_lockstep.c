/* simt_lockstep.c - see simt_lockstep.h */
#include "simt_lockstep.h"

#include <stdio.h>
#include <string.h>

simt_lockstep_t g_simt_ls;

void simt_ls_start(const uint16_t *prog, const uint8_t *mem, unsigned nthreads,
                   unsigned block_dim, uint8_t prog_base, uint8_t data_base, FILE *trace)
{
    simt_lockstep_t *l = &g_simt_ls;
    simt_sim_init(&l->sim, prog, mem, nthreads, block_dim, prog_base, data_base);
    l->sim.trace = trace;
    l->active = 1;
    l->failed = 0;
    l->thread_instrs = 0;
    l->core_instrs = 0;
    l->diverged = 0;
    l->last_core = -1;
    l->msg[0] = 0;
}

static void mismatch(const char *what, int core, int block, int thread, int pc, int insn,
                     const char *exp, const char *act)
{
    simt_lockstep_t *l = &g_simt_ls;
    char d[40];
    if (l->failed) {
        return;
    }
    l->failed = 1;
    snprintf(l->msg, sizeof l->msg,
             "LOCKSTEP MISMATCH (%s) at cycle %lu of the kernel (edge %lu): core %d block %d "
             "thread %d pc %02x insn %04x (%s)\n  expected:%s\n  actual:  %s",
             what, l->cycle - l->launch_edge, l->cycle, core, block, thread, pc & 0xFF, insn & 0xFFFF,
             simt_disasm((uint16_t)insn, d, sizeof d), exp, act);
}

/* DPI import called by simt_commit_mon.sv (one call per committing thread) */
void simt_dpi_commit(int core, int block, int thread, int pc, int insn, int wb, int rd,
                     int wdata, int nzp_wr, int nzp, int st, int saddr, int sdata, int ret,
                     int next_pc);

void simt_dpi_commit(int core, int block, int thread, int pc, int insn, int wb, int rd,
                     int wdata, int nzp_wr, int nzp, int st, int saddr, int sdata, int ret,
                     int next_pc)
{
    simt_lockstep_t *l = &g_simt_ls;
    if (!l->active || l->failed) {
        return;
    }
    if (core != l->last_core || l->cycle != l->last_cycle) {
        l->core_instrs++;
        l->last_core = core;
        l->last_cycle = l->cycle;
    }
    l->thread_instrs++;
    unsigned g = (unsigned)block * l->sim.block_dim + (unsigned)thread;
    char exp[128], act[128];
    if ((unsigned)thread >= l->sim.block_dim || g >= l->sim.nthreads) {
        snprintf(exp, sizeof exp, " no such thread (%u threads)", l->sim.nthreads);
        snprintf(act, sizeof act, " a commit");
        mismatch("thread", core, block, thread, pc, insn, exp, act);
        return;
    }
    simt_thread_t *th = &l->sim.th[g];
    if (th->done) {
        mismatch("thread already returned", core, block, thread, pc, insn, " no commit",
                 " a commit");
        return;
    }
    uint16_t mw = l->sim.prog[(uint8_t)(l->sim.prog_base + th->pc)];
    if (th->pc != (unsigned)pc || mw != (unsigned)insn) {
        char d[40];
        snprintf(exp, sizeof exp, " pc %02x insn %04x (%s)", th->pc, mw,
                 simt_disasm(mw, d, sizeof d));
        snprintf(act, sizeof act, " pc %02x insn %04x", pc & 0xFF, insn & 0xFFFF);
        mismatch("pc", core, block, thread, pc, insn, exp, act);
        return;
    }
    unsigned first = (unsigned)block * l->sim.block_dim;
    for (unsigned k = first; k < first + l->sim.block_dim && k < l->sim.nthreads; k++) {
        if (!l->sim.th[k].done && l->sim.th[k].pc != th->pc) {
            l->diverged++;
            break;
        }
    }
    simt_effect_t e;
    simt_sim_step(&l->sim, g, &e);
    simt_effect_t a;
    memset(&a, 0, sizeof a);
    a.wb = wb != 0;
    a.rd = (uint8_t)rd;
    a.wdata = (uint8_t)wdata;
    a.nzp_wr = nzp_wr != 0;
    a.nzp = (uint8_t)nzp;
    a.st = st != 0;
    a.saddr = (uint8_t)saddr;
    a.sdata = (uint8_t)sdata;
    a.ret = ret != 0;
    a.next_pc = (uint8_t)next_pc;
    int bad = (e.wb != a.wb) || (e.wb && (e.rd != a.rd || e.wdata != a.wdata)) ||
              (e.nzp_wr != a.nzp_wr) || (e.nzp_wr && e.nzp != a.nzp) || (e.st != a.st) ||
              (e.st && (e.saddr != a.saddr || e.sdata != a.sdata)) || (e.ret != a.ret) ||
              (!e.ret && e.next_pc != a.next_pc);
    if (bad) {
        simt_effect_str(&e, exp, sizeof exp - 16);
        simt_effect_str(&a, act, sizeof act - 16);
        size_t n = strlen(exp);
        if (!e.ret) {
            snprintf(exp + n, sizeof exp - n, " next_pc=%02x", e.next_pc);
        }
        n = strlen(act);
        if (!a.ret) {
            snprintf(act + n, sizeof act - n, " next_pc=%02x", a.next_pc);
        }
        mismatch("effect", core, block, thread, pc, insn, exp, act);
    }
}
