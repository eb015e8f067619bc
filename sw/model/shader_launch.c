/* Shader kernel launch in the reference model (SHD_KERNEL / SHD_LAUNCH registers; docs/shader.md
 * "GPU integration"). Mirrors the sequencing of rtl/host/host_reg_file.sv: the kernel runs to
 * completion at the SHD_LAUNCH write, between the commands before and after it, on the golden
 * instruction-set simulator (sw/shader/shader_iss.c) over the model's own memory. Every store
 * and atomic write of a retirement record goes through the model's funnel as a GPU_UNIT_SHADER
 * memory write (byte enables of the bytes written; a misaligned access is split per word).
 * The cores are interleaved round robin; the RTL interleaves them by timing, so a kernel whose
 * memory result depends on the interleaving or on TIME (instructions here, cycles in the RTL)
 * is outside the comparison (docs/shader.md "GPU integration").
 * A kernel that does not end within SHADER_MAX_STEPS instructions is a hung kernel (docs/shader.md
 * "Stopping a kernel"): with CP_WATCHDOG > 0 it is stopped at once (SHD_STATUS.WATCHDOG); with 0
 * it holds the command stream, and the next write decides (shader_hold_write): CP_ABORT with
 * STOP ends it (ABORTED), anything else leaves the stream stuck for good. A stopped kernel's
 * stores are partly done in the RTL: the words this run stored to are kept in a bitmap
 * (gpu_model_shader_stop_words) for the testbench, which takes the RTL's values for them. */
#include "gpu_cmd_defs.h"
#include "gpu_model_int.h"
#include "shader_iss.h"
#include <stdlib.h>

/* the word at byte address a was stored to by the running kernel */
static void mark_word(gpu_model_t *m, uint32_t a)
{
    if (m->shd_written) {
        const uint32_t w = (a & GPU_MEM_MASK) >> 2;
        m->shd_written[w >> 3] |= (uint8_t)(1u << (w & 7u));
    }
}

static void on_ret(void *ctx, const shd_ret_t *r)
{
    gpu_model_t *m = ctx;
    if ((r->mem != SHD_MEM_STORE && r->mem != SHD_MEM_ATOM) || r->mem_wmask == 0) {
        return;
    }
    /* the bytes written, grouped into the (at most two) words they fall into */
    uint32_t word = 0, data = 0;
    uint8_t be = 0;
    for (unsigned i = 0; i < 4; i++) {
        if (!(r->mem_wmask & (1u << i))) {
            continue;
        }
        uint32_t a = (r->mem_addr + i) & GPU_MEM_MASK;
        if (be != 0 && (a & ~3u) != word) {
            mark_word(m, word);
            gpu_model_mem_write(m, GPU_UNIT_SHADER, word, data, be, 0);
            be = 0;
            data = 0;
        }
        word = a & ~3u;
        data |= ((r->mem_wdata >> (8 * i)) & 0xFFu) << (8 * (a & 3u));
        be |= (uint8_t)(1u << (a & 3u));
    }
    if (be != 0) {
        mark_word(m, word);
        gpu_model_mem_write(m, GPU_UNIT_SHADER, word, data, be, 0);
    }
}

/* the end of a hung kernel: SHD_STATUS gets the stop flag, the testbench hears of it */
void shader_stop_kernel(gpu_model_t *m, unsigned flag_shift, uint8_t why)
{
    m->shd_status |= 1ull << flag_shift;
    const gpu_event_t ev = {.kind = GPU_EV_KERNEL_STOP, .data = why, .unit = GPU_UNIT_SHADER};
    gpu_model_emit(m, &ev);
}

int shader_hold_write(gpu_model_t *m, uint8_t addr, uint64_t data)
{
    if (!m->shd_held) {
        return 0;
    }
    m->shd_held = 0;
    if (addr == REG_CP_ABORT && ((data >> CP_ABORT_STOP_SHIFT) & CP_ABORT_STOP_MASK)) {
        shader_stop_kernel(m, SHD_STATUS_ABORTED_SHIFT, GPU_CMDE_ABORTED);
        return 0; /* the write itself goes on (the RTL applies it after the kernel: no effect) */
    }
    m->cp.stuck = 1; /* any other write finds the stream stuck for good (gpu_model_stuck) */
    return 1;
}

const uint8_t *gpu_model_shader_stop_words(const gpu_model_t *m) { return m->shd_stop ? m->shd_written : NULL; }

uint64_t shader_status_idle(const gpu_model_t *m)
{
    return (uint64_t)m->shd_ncores << SHD_STATUS_NCORES_SHIFT;
}

int shader_run(gpu_model_t *m, uint32_t tile_offset)
{
    if (m->shd_ncores == 0) {
        return 0; /* no tile in this build: SHD_LAUNCH does nothing */
    }
    shd_tile_t *t = calloc(1, sizeof(*t));
    free(m->shd_written);
    m->shd_written = calloc(GPU_MEM_BYTES / 32, 1); /* one bit per word */
    m->shd_stop = 0;
    if (!t || !m->shd_written || shd_tile_init(t, m->shd_ncores, m->mem) != 0) {
        free(t);
        return -1;
    }
    t->on_ret = on_ret;
    t->on_ret_ctx = m;
    uint64_t k = m->regs[REG_SHD_KERNEL];
    uint32_t entry = (uint32_t)(((k >> SHD_KERNEL_ENTRY_SHIFT) & SHD_KERNEL_ENTRY_MASK) << SHD_KERNEL_ENTRY_SHIFT);
    uint32_t arg_base = (uint32_t)((k >> SHD_KERNEL_ARG_BASE_SHIFT) & SHD_KERNEL_ARG_BASE_MASK);
    shd_tile_launch(t, entry, arg_base, tile_offset, false);
    shd_run_e rc = shd_tile_run(t, m->shd_max_steps, SHD_SCHED_RR, 0);
    uint64_t st = shader_status_idle(m);
    if (t->faulted) {
        st |= (uint64_t)t->fault.pc << SHD_STATUS_FAULT_PC_SHIFT;
        st |= (uint64_t)(t->fault.core & SHD_STATUS_FAULT_CORE_MASK) << SHD_STATUS_FAULT_CORE_SHIFT;
        st |= (uint64_t)(t->fault.trap & SHD_STATUS_CAUSE_MASK) << SHD_STATUS_CAUSE_SHIFT;
        st |= 1ull << SHD_STATUS_FAULT_SHIFT;
    }
    if (shd_tile_status_or(t) & 1u) {
        st |= 1ull << SHD_STATUS_MISALIGNED_SHIFT;
    }
    m->shd_status = st;
    shd_tile_free(t); /* the tile's state; the memory is the model's */
    free(t);
    if (rc != SHD_RUN_LIMIT) {
        free(m->shd_written);
        m->shd_written = NULL;
        return 0;
    }
    m->shd_stop = 1; /* a hung kernel: its stores are undefined */
    return 1;
}

int shader_launch(gpu_model_t *m, uint32_t tile_offset)
{
    const int rc = shader_run(m, tile_offset);
    if (rc != 1) {
        return rc;
    }
    if (m->cp.watchdog != 0) {
        shader_stop_kernel(m, SHD_STATUS_WATCHDOG_SHIFT, GPU_CMDE_WATCHDOG);
    } else {
        m->shd_held = 1;
    }
    return 1;
}

int gpu_model_set_shader_step_limit(gpu_model_t *m, uint64_t steps)
{
    if (steps == 0) {
        return -1;
    }
    m->shd_max_steps = steps;
    return 0;
}

int gpu_model_set_shader_cores(gpu_model_t *m, unsigned n)
{
    if (n > SHD_MAX_CORES) {
        return -1;
    }
    m->shd_ncores = (uint8_t)n;
    m->shd_status = shader_status_idle(m);
    return 0;
}
