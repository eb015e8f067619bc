/* Host register file (INT-010 v5.0): storage with write masks from the generated table,
 * read-only fields, vertex latching and the push trigger, MEM_ADDR/MEM_DATA.
 * Mirrors rtl/host/host_reg_file.sv. */
#include "fcov.h"
#include "gpu_model_int.h"
#include "gpu_regs.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t access;
    uint64_t reset, wmask, rmask;
    uint8_t valid;
} reg_info_t;

static reg_info_t g_info[128];
static int g_info_ready;

static void info_init(void)
{
    if (g_info_ready) {
        return;
    }
#define X(name, addr, acc, rst, wm, rm) \
    g_info[addr].access = (uint8_t)(acc); \
    g_info[addr].reset = (rst); \
    g_info[addr].wmask = (wm); \
    g_info[addr].rmask = (rm); \
    g_info[addr].valid = 1;
    GPU_REG_TABLE(X)
#undef X
    g_info_ready = 1;
}

gpu_model_t *gpu_model_new(void)
{
    info_init();
    gpu_model_t *m = calloc(1, sizeof(*m));
    if (!m) {
        return NULL;
    }
    m->mem = calloc(1, GPU_MEM_BYTES);
    if (!m->mem) {
        free(m);
        return NULL;
    }
    gpu_model_reset(m);
    return m;
}

void gpu_model_free(gpu_model_t *m)
{
    if (m) {
        free(m->mem);
        free(m);
    }
}

void gpu_model_reset(gpu_model_t *m)
{
    for (unsigned a = 0; a < 128; a++) {
        m->regs[a] = g_info[a].valid ? g_info[a].reset : 0;
    }
    memset(m->vtx, 0, sizeof(m->vtx));
    m->vcount = 0;
    m->prim_seq = 0;
    m->err_fifo_ovf = 0;
    m->err_mem_range = 0;
}

uint8_t *gpu_model_mem(gpu_model_t *m) { return m->mem; }

void gpu_model_set_event_fn(gpu_model_t *m, gpu_event_fn fn, void *ctx)
{
    m->ev_fn = fn;
    m->ev_ctx = ctx;
}

void gpu_model_stats(const gpu_model_t *m, gpu_model_stats_t *out) { *out = m->st; }

void gpu_model_emit(gpu_model_t *m, const gpu_event_t *ev)
{
    if (m->ev_fn) {
        m->ev_fn(m->ev_ctx, ev);
    }
}

void gpu_model_mem_write(gpu_model_t *m, uint32_t addr, uint32_t data, uint8_t be, uint16_t prim)
{
    uint32_t a = addr & GPU_MEM_MASK & ~3u;
    for (unsigned i = 0; i < 4; i++) {
        if (be & (1u << i)) {
            m->mem[a + i] = (uint8_t)(data >> (8 * i));
        }
    }
    gpu_event_t ev = {GPU_EV_MEM_WRITE, a, data, be, prim};
    gpu_model_emit(m, &ev);
}

uint32_t gpu_model_mem_read(const gpu_model_t *m, uint32_t addr)
{
    uint32_t a = addr & GPU_MEM_MASK & ~3u;
    return (uint32_t)m->mem[a] | ((uint32_t)m->mem[a + 1] << 8) | ((uint32_t)m->mem[a + 2] << 16) |
           ((uint32_t)m->mem[a + 3] << 24);
}

static rstate_t capture_rstate(const gpu_model_t *m)
{
    rstate_t rs;
    rs.tri_mode = (uint8_t)(m->regs[REG_TRI_MODE] & 0xF);
    rs.dither_en = (uint8_t)(m->regs[REG_DITHER_MODE] & 1);
    rs.z_compare = (uint8_t)((m->regs[REG_FB_ZBUFFER] >> 32) & 7);
    rs.fb_base = (uint32_t)(m->regs[REG_FB_DRAW] & 0xFFFFF000u) & GPU_MEM_MASK;
    rs.z_base = (uint32_t)(m->regs[REG_FB_ZBUFFER] & 0xFFFFF000u) & GPU_MEM_MASK;
    return rs;
}

static void submit_triangle(gpu_model_t *m)
{
    triangle_t t;
    memcpy(t.v, m->vtx, sizeof(t.v));
    t.rs = capture_rstate(m);
    t.prim = ++m->prim_seq;
    m->st.tris_submitted++;
    setup_t s;
    int drop = raster_setup(&t, &s);
    gpu_model_fcov_tri(&t, drop);
    if (drop) {
        m->st.tris_dropped++;
        gpu_event_t ev = {GPU_EV_TRI_DROPPED, 0, (uint32_t)drop, 0, t.prim};
        gpu_model_emit(m, &ev);
        return;
    }
    m->st.tris_drawn++;
    gpu_event_t ev = {GPU_EV_TRI_DRAWN, 0, 0, 0, t.prim};
    gpu_model_emit(m, &ev);
    raster_walk(m, &s);
}

/* MEM_ADDR at or above 32 MiB is out of range: the access is dropped (reads return 0) and
 * STATUS.MEM_RANGE_ERR is set. The pointer still advances. */
static int mem_addr_ok(gpu_model_t *m)
{
    if (m->regs[REG_MEM_ADDR] >= GPU_MEM_BYTES) {
        m->err_mem_range = 1;
        return 0;
    }
    return 1;
}

static void mem_addr_advance(gpu_model_t *m)
{
    m->regs[REG_MEM_ADDR] = (m->regs[REG_MEM_ADDR] + 4u) & 0xFFFFFFFFu;
}

void gpu_model_write(gpu_model_t *m, uint8_t addr, uint64_t data)
{
    addr &= 0x7F;
    const reg_info_t *ri = &g_info[addr];
    if (!ri->valid || ri->access == 'R') {
        return; /* reserved or read-only: ignored */
    }
    switch (addr) {
    case REG_VERTEX: {
        vertex_t *v = &m->vtx[m->vcount];
        v->x = (int16_t)(data & 0xFFFF);
        v->y = (int16_t)((data >> 16) & 0xFFFF);
        v->z = (uint32_t)((data >> 32) & 0x1FFFFFF);
        v->color = (uint32_t)m->regs[REG_COLOR];
        for (unsigned i = 0; i < 4; i++) {
            v->uv[i] = m->regs[REG_UV0 + i];
        }
        if (++m->vcount == 3) {
            m->vcount = 0;
            submit_triangle(m);
        }
        return;
    }
    case REG_MEM_DATA:
        if (mem_addr_ok(m)) {
            gpu_model_mem_write(m, (uint32_t)m->regs[REG_MEM_ADDR], (uint32_t)data, 0xF, 0);
        }
        mem_addr_advance(m);
        return;
    case REG_COLOR_GRADE_CTRL:
        /* RESET_ADDR and SWAP_BANKS are actions (display controller: later issue); store ENABLE */
        m->regs[addr] = data & ri->wmask & 1u;
        return;
    case REG_COLOR_GRADE_LUT_DATA:
        return; /* LUT storage lives in the display controller (later issue) */
    case REG_SIMT_LAUNCH:
        (void)simt_launch(m, (unsigned)(data & 0xFF), (unsigned)((data >> 8) & 0x3FFF),
                          (unsigned)((data >> 32) & 0x7FFF));
        return;
    default:
        m->regs[addr] = data & ri->wmask;
        return;
    }
}

uint64_t gpu_model_read(gpu_model_t *m, uint8_t addr)
{
    addr &= 0x7F;
    const reg_info_t *ri = &g_info[addr];
    if (!ri->valid) {
        return 0;
    }
    switch (addr) {
    case REG_TRI_MODE: {
        uint64_t any = 0;
        for (unsigned n = 0; n < 4; n++) {
            any |= m->regs[REG_TEX0_FMT + 8 * n] & 1u;
        }
        return (m->regs[addr] & ri->rmask) | (any << TRI_MODE_ANY_TEXTURED_SHIFT);
    }
    case REG_MEM_DATA: {
        uint64_t v = 0;
        if (mem_addr_ok(m)) {
            v = gpu_model_mem_read(m, (uint32_t)m->regs[REG_MEM_ADDR]);
        }
        mem_addr_advance(m);
        return v;
    }
    case REG_STATUS: {
        /* the model drains instantly: FIFO_DEPTH = 0, BUSY = 0, no display yet: VBLANK = 0 */
        uint64_t v = ((uint64_t)m->err_fifo_ovf << STATUS_FIFO_OVF_SHIFT) |
                     ((uint64_t)m->err_mem_range << STATUS_MEM_RANGE_ERR_SHIFT);
        m->err_fifo_ovf = 0;
        m->err_mem_range = 0;
        return v;
    }
    case REG_ID:
        return ri->reset;
    default:
        return m->regs[addr] & ri->rmask;
    }
}
