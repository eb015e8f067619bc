/* simt_sim.h - instruction-level reference simulator of the SIMT cluster (seed 002).
 *
 * Same semantics as the RTL (simt_isa.h), no timing. A launch of N threads makes
 * ceil(N / block_dim) blocks; thread g = block * block_dim + threadIdx. Data addresses are
 * (data_base + Rs) mod 256 and program addresses (prog_base + PC) mod 256 in this model's
 * 256-entry memories (the RTL's default widths). simt_sim_step() is the single funnel that
 * every executed instruction goes through (tracing and lockstep both use it).
 */
#ifndef SIMT_SIM_H
#define SIMT_SIM_H

#include <stdio.h>

#include "simt_isa.h"

#define SIMT_MAX_THREADS 256

typedef struct {
    uint16_t prog[SIMT_PROG_WORDS];
    uint8_t mem[SIMT_DATA_BYTES];
    unsigned nthreads;
    unsigned block_dim;
    uint8_t prog_base;
    uint8_t data_base;
    simt_thread_t th[SIMT_MAX_THREADS];
    unsigned long steps;
    FILE *trace; /* non-NULL: one line per executed instruction; simt_sim_init clears it */
} simt_sim_t;

/* initialise every field of *s (any prior content, e.g. from malloc, is ignored) */
void simt_sim_init(simt_sim_t *s, const uint16_t *prog, const uint8_t *mem, unsigned nthreads,
                   unsigned block_dim, uint8_t prog_base, uint8_t data_base);
/* execute one instruction of thread g: fills *e, updates thread and memory; returns the
 * instruction word */
uint16_t simt_sim_step(simt_sim_t *s, unsigned g, simt_effect_t *e);
/* run every thread to RET, one after the other; -1 if some thread exceeds max_steps */
int simt_sim_run(simt_sim_t *s, unsigned long max_steps);
/* format an effect as the event text used by traces and lockstep messages */
void simt_effect_str(const simt_effect_t *e, char *buf, unsigned len);

#endif
