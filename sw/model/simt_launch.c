/* SIMT kernel launch in the reference model (SIMT_LAUNCH register; docs/simt.md).
 * Mirrors rtl/simt/simt_mem_top.sv: program window at SIMT_PROG_WIN (16-bit instructions,
 * little-endian), data window at SIMT_DATA_WIN (bytes). Program address = prog_offset + PC
 * modulo 2^14 instructions, data address = data_offset + Rs modulo 2^15 bytes. The kernel runs
 * to completion at the launch (the model has no timing), thread by thread, with the seed-002
 * reference simulator (sw/simt/simt_sim.c) on a 256-entry view of each window.
 * A kernel launched by the host's SIMT_LAUNCH that does not end within the step limit is hung
 * (docs/simt.md "Stopping a kernel"), as a DISPATCH kernel is for the command processor (cp.c). */
#include "gpu_cmd_defs.h"
#include "gpu_model_int.h"
#include "simt_sim.h"
#include <stdlib.h>

#define SIMT_PROG_WIN GPU_SIMT_PROG_WIN
#define SIMT_DATA_WIN GPU_SIMT_DATA_WIN
#define SIMT_BLOCK_DIM 4

static uint32_t prog_addr(unsigned off, unsigned pc)
{
    return SIMT_PROG_WIN + 2u * ((off + pc) & ((1u << SIMT_PROG_AW) - 1));
}

static uint32_t data_addr(unsigned off, unsigned a)
{
    return SIMT_DATA_WIN + ((off + a) & ((1u << SIMT_DATA_AW) - 1));
}

int simt_launch(gpu_model_t *m, unsigned threads, unsigned prog_off, unsigned data_off)
{
    simt_sim_t *s = calloc(1, sizeof(*s)); /* zeroed: trace = NULL, no tracing */
    if (!s) {
        return -1;
    }
    uint16_t prog[SIMT_PROG_WORDS];
    uint8_t data[SIMT_DATA_BYTES];
    for (unsigned i = 0; i < SIMT_PROG_WORDS; i++) {
        uint32_t a = prog_addr(prog_off, i);
        prog[i] = (uint16_t)(m->mem[a] | (m->mem[a + 1] << 8));
    }
    for (unsigned i = 0; i < SIMT_DATA_BYTES; i++) {
        data[i] = m->mem[data_addr(data_off, i)];
    }
    simt_sim_init(s, prog, data, threads, SIMT_BLOCK_DIM, 0, 0);
    int rc = simt_sim_run(s, SIMT_MAX_STEPS);
    /* write back the bytes the kernel changed, as byte writes through the funnel */
    for (unsigned i = 0; i < SIMT_DATA_BYTES; i++) {
        if (s->mem[i] != data[i]) {
            uint32_t a = data_addr(data_off, i);
            gpu_model_mem_write(m, GPU_UNIT_SIMT, a, (uint32_t)s->mem[i] << (8 * (a & 3)), (uint8_t)(1u << (a & 3)), 0);
        }
    }
    free(s);
    return rc;
}

/* the end of a hung SIMT_LAUNCH kernel: SIMT_STATUS gets the stop flag, the testbench hears of it */
static void stop_kernel(gpu_model_t *m, unsigned flag_shift, uint8_t why)
{
    m->simt_status |= 1ull << flag_shift;
    const gpu_event_t ev = {.kind = GPU_EV_KERNEL_STOP, .data = why, .unit = GPU_UNIT_SIMT};
    gpu_model_emit(m, &ev);
}

void simt_host_launch(gpu_model_t *m, uint64_t data)
{
    m->simt_status = 0; /* a new report */
    if (m->simt_absent) {
        return; /* no cluster: the launch runs nothing */
    }
    const int rc = simt_launch(m, (unsigned)((data >> SIMT_LAUNCH_THREADS_SHIFT) & SIMT_LAUNCH_THREADS_MASK),
                               (unsigned)((data >> SIMT_LAUNCH_PROG_OFFSET_SHIFT) & SIMT_LAUNCH_PROG_OFFSET_MASK),
                               (unsigned)((data >> SIMT_LAUNCH_DATA_OFFSET_SHIFT) & SIMT_LAUNCH_DATA_OFFSET_MASK));
    if (rc == 0) {
        return;
    }
    if (m->cp.watchdog != 0) {
        stop_kernel(m, SIMT_STATUS_WATCHDOG_SHIFT, GPU_CMDE_WATCHDOG);
    } else {
        m->simt_held = 1;
    }
}

int simt_hold_write(gpu_model_t *m, uint8_t addr, uint64_t data)
{
    if (!m->simt_held) {
        return 0;
    }
    m->simt_held = 0;
    if (addr == REG_CP_ABORT && ((data >> CP_ABORT_STOP_SHIFT) & CP_ABORT_STOP_MASK)) {
        stop_kernel(m, SIMT_STATUS_ABORTED_SHIFT, GPU_CMDE_ABORTED);
        return 0; /* the write itself goes on (no DISPATCH runs: no effect) */
    }
    m->cp.stuck = 1; /* any other write finds the stream stuck for good (gpu_model_stuck) */
    return 1;
}

void gpu_model_set_simt_cluster(gpu_model_t *m, int present)
{
    m->simt_absent = present ? 0 : 1;
}
