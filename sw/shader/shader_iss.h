/* shader_iss.h - instruction-set simulator of a shader tile: the golden model (docs/shader.md).
 *
 * A tile of NCORES cores (1..16, 4 by default) over one flat 32 MiB byte memory, the GPU's
 * memory (the tile can use a caller's array, e.g. the GPU model's). No timing: TIME is the
 * number of instructions the tile has retired since the launch (D15).
 *
 * shd_tile_step() is the single funnel every instruction (and every fault) goes through: it
 * fills one retirement record, prints it when tracing, and hands it to the callback (the
 * lockstep steps the core whose instruction the RTL committed: sim/shader/tile_tb.c, D18).
 * shd_tile_run() interleaves the cores itself: round-robin one instruction each, or seeded
 * random bursts.
 *
 * Barrier (D10): a core that retires BARRIER waits; when no core is running and some wait,
 * all waiting cores are released. WFI halts a core (D13). A fault stops the whole tile (D12);
 * its record is kept in t->fault.
 */
#ifndef SHADER_ISS_H
#define SHADER_ISS_H

#include <stdio.h>

#include "shader_isa.h"

typedef void (*shd_ret_fn)(void *ctx, const shd_ret_t *r);

typedef struct {
    unsigned ncores;
    uint8_t *mem;       /* SHD_MEM_BYTES */
    bool own_mem;
    shd_core_t core[SHD_MAX_CORES];
    uint32_t entry, arg_base, tile_offset;
    uint64_t retired;   /* instructions retired by the tile since the launch (TIME) */
    uint64_t steps;     /* shd_tile_step calls since the launch (records, faults included) */
    bool faulted;
    shd_ret_t fault;    /* the faulting record when faulted */
    bool time_fixed;    /* TIME reads return time_val (the lockstep copies the RTL's cycles) */
    uint32_t time_val;
    FILE *trace;        /* non-NULL: one line per record (shd_ret_str) */
    shd_ret_fn on_ret;  /* non-NULL: called with every record */
    void *on_ret_ctx;
    uint64_t op_count[128]; /* retirements per decode-table row (coverage); rows < 128 */
} shd_tile_t;

typedef enum { SHD_SCHED_RR = 0, SHD_SCHED_RANDOM = 1 } shd_sched_e;
typedef enum { SHD_RUN_DONE = 0, SHD_RUN_FAULT = 1, SHD_RUN_LIMIT = 2 } shd_run_e;

/* mem NULL: allocate (zeroed). Returns 0, or -1 when out of memory or ncores is not 1..16. */
int shd_tile_init(shd_tile_t *t, unsigned ncores, uint8_t *mem);
void shd_tile_free(shd_tile_t *t);
/* Start a kernel on every core (D13): pc = entry, s0..s31 = 0 (poison: s1..s31 = 0x5A5A0000 |
 * core << 8 | reg instead), STATUS = CONFIG = 0, TIME = 0. Memory is kept. */
void shd_tile_launch(shd_tile_t *t, uint32_t entry, uint32_t arg_base, uint32_t tile_offset,
                     bool poison);
/* Execute one instruction of a running core (state SHD_CORE_RUN): fills *r, returns its trap
 * cause (0 = retired). */
unsigned shd_tile_step(shd_tile_t *t, unsigned core, shd_ret_t *r);
/* every core halted, or a fault */
bool shd_tile_done(const shd_tile_t *t);
/* run until done, a fault, or max_steps more steps; seed drives SHD_SCHED_RANDOM */
shd_run_e shd_tile_run(shd_tile_t *t, uint64_t max_steps, shd_sched_e sched, uint64_t seed);
/* the OR of the cores' STATUS (the done report, D13) */
uint32_t shd_tile_status_or(const shd_tile_t *t);
/* write a fault report (cause, core, pc, instruction and its disassembly, address) */
void shd_tile_fault_report(const shd_tile_t *t, FILE *f);

/* 64-bit PRNG used by the simulator's scheduler, the generator and the tests (splitmix64) */
uint64_t shd_rand(uint64_t *state);

#endif
