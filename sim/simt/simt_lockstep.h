/* simt_lockstep.h - lockstep checker: the RTL's commit events (from the bound monitor
 * simt_commit_mon.sv through DPI) drive the reference simulator thread by thread; the
 * first event that differs stops the run with cycle, core, block, thread, PC, expected and
 * actual. */
#ifndef SIMT_LOCKSTEP_H
#define SIMT_LOCKSTEP_H

#include "simt_sim.h"

typedef struct {
    simt_sim_t sim;            /* the model the RTL events are checked against */
    int active;
    int failed;
    unsigned long cycle;       /* edge number, set by the testbench before each edge */
    unsigned long launch_edge; /* edge that captured the launch (cycle 0 of the kernel) */
    unsigned long thread_instrs;
    unsigned long core_instrs; /* instructions committed (one per core per commit) */
    unsigned long diverged;    /* thread commits while another live thread of the block
                                  sat at a different PC (coverage of divergence) */
    int last_core;
    unsigned long last_cycle;
    char msg[512];
} simt_lockstep_t;

extern simt_lockstep_t g_simt_ls;

void simt_ls_start(const uint16_t *prog, const uint8_t *mem, unsigned nthreads,
                   unsigned block_dim, uint8_t prog_base, uint8_t data_base, FILE *trace);

#endif
