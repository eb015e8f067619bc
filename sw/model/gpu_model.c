/* The model's top: lifetime, the 32 MiB memory, the event funnel, statistics and frames.
 * The units (reg_file.c, raster_setup.c, raster_walk.c, pixel_color.c, pixel_ztest.c, pixel_blend.c,
 * pixel_fbwrite.c, simt_launch.c, cp.c) reach
 * memory and report every observable effect only through the functions here. */
#include "gpu_model_int.h"
#include <stdlib.h>

gpu_model_t *gpu_model_new(void)
{
    reg_file_init();
    gpu_model_t *m = calloc(1, sizeof(*m));
    if (!m) {
        return NULL;
    }
    m->mem = calloc(1, GPU_MEM_BYTES);
    if (!m->mem) {
        free(m);
        return NULL;
    }
    m->ds_entries = GPU_DS_N;
    m->shd_max_steps = SHADER_MAX_STEPS;
    gpu_model_reset(m);
    return m;
}

void gpu_model_free(gpu_model_t *m)
{
    if (m) {
        free(m->mem);
        free(m->shd_written);
        free(m);
    }
}

uint8_t *gpu_model_mem(gpu_model_t *m) { return m->mem; }

void gpu_model_set_event_fn(gpu_model_t *m, gpu_event_fn fn, void *ctx)
{
    m->ev_fn = fn;
    m->ev_ctx = ctx;
}

void gpu_model_stats(const gpu_model_t *m, gpu_model_stats_t *out) { *out = m->st; }

/* the funnel: every observable effect of the model passes here */
void gpu_model_emit(gpu_model_t *m, const gpu_event_t *ev)
{
    if (m->ev_fn) {
        m->ev_fn(m->ev_ctx, ev);
    }
}

void gpu_model_mem_write(gpu_model_t *m, gpu_unit_t unit, uint32_t addr, uint32_t data, uint8_t be, uint16_t prim)
{
    uint32_t a = addr & GPU_MEM_MASK & ~3u;
    for (unsigned i = 0; i < 4; i++) {
        if (be & (1u << i)) {
            m->mem[a + i] = (uint8_t)(data >> (8 * i));
        }
    }
    gpu_event_t ev = {.kind = GPU_EV_MEM_WRITE, .addr = a, .data = data, .be = be, .prim = prim, .unit = unit};
    gpu_model_emit(m, &ev);
}

uint32_t gpu_model_mem_read(const gpu_model_t *m, uint32_t addr)
{
    uint32_t a = addr & GPU_MEM_MASK & ~3u;
    return (uint32_t)m->mem[a] | ((uint32_t)m->mem[a + 1] << 8) | ((uint32_t)m->mem[a + 2] << 16) |
           ((uint32_t)m->mem[a + 3] << 24);
}

uint32_t gpu_model_vsync(gpu_model_t *m)
{
    display_frame_boundary(&m->disp, m->regs[REG_FB_DISPLAY], m->regs[REG_COLOR_GRADE_CTRL]);
    gpu_event_t ev = {.kind = GPU_EV_VSYNC, .data = m->frame};
    gpu_model_emit(m, &ev);
    return m->frame++;
}

uint32_t gpu_model_frame(const gpu_model_t *m) { return m->frame; }

int gpu_model_set_ds_entries(gpu_model_t *m, unsigned n)
{
    if (n < 1 || n > GPU_DS_N) {
        return -1;
    }
    m->ds_entries = (uint8_t)n;
    return 0;
}

const char *gpu_zfunc_name(unsigned fn)
{
    static const char *const names[8] = {"LESS", "LEQUAL", "EQUAL", "GEQUAL", "GREATER", "NOTEQUAL", "ALWAYS", "NEVER"};
    return names[fn & 7u];
}
