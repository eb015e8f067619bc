/* Host register file (INT-010 v5.0): storage with write masks from the generated table,
 * read-only fields, vertex latching and the push trigger, MEM_ADDR/MEM_DATA; the CP_*
 * registers (0x50-0x5F) go to the command processor (cp.c), which also sees every write first
 * (cp_hold_write: a stream held by a hung DISPATCH kernel, or stuck).
 * Mirrors rtl/host/host_reg_file.sv. */
#include "fcov.h"
#include "gpu_model_int.h"
#include "gpu_regs.h"
#include <string.h>

typedef struct {
    uint8_t access;
    uint64_t reset, wmask, rmask;
    uint8_t valid;
} reg_info_t;

static reg_info_t g_info[128];
static int g_info_ready;

void reg_file_init(void)
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
    memset(m->ds, 0, sizeof(m->ds));
    m->ds_cur = 0;
    for (unsigned n = 0; n < TMU_UNITS; n++) {
        tmu_cache_invalidate(&m->tcache[n]);
    }
    m->ds_dirty = 1; /* no draw state taken yet: the first triangle takes entry 1 */
    display_reset(&m->disp);
    cp_reset(&m->cp);
    m->shd_status = shader_status_idle(m);
    m->shd_held = 0;
    m->simt_status = 0;
    m->simt_held = 0;
}

static draw_state_t capture_draw_state(const gpu_model_t *m)
{
    draw_state_t rs;
#define FIELD(reg, f) ((m->regs[REG_##reg] >> reg##_##f##_SHIFT) & reg##_##f##_MASK)
    rs.z_write = (uint8_t)FIELD(TRI_MODE, Z_WRITE);
    rs.z_test = (uint8_t)FIELD(TRI_MODE, Z_TEST);
    rs.gouraud = (uint8_t)FIELD(TRI_MODE, GOURAUD);
    rs.dither_en = (uint8_t)FIELD(DITHER_MODE, ENABLE);
    rs.z_compare = (zcmp_e)FIELD(FB_ZBUFFER, Z_COMPARE);
    rs.fb_base = (uint32_t)(FIELD(FB_DRAW, ADDR) << FB_DRAW_ADDR_SHIFT) & GPU_MEM_MASK;
    rs.z_base = (uint32_t)(FIELD(FB_ZBUFFER, ADDR) << FB_ZBUFFER_ADDR_SHIFT) & GPU_MEM_MASK;
    rs.alpha_blend = (blend_e)FIELD(ALPHA_BLEND, MODE);
#undef FIELD
    for (unsigned n = 0; n < TMU_UNITS; n++) {
        const unsigned b = REG_TEX0_BASE + 8u * n;
        rs.tex[n] = tex_state_decode(m->regs[b], m->regs[b + 1u], m->regs[b + 2u], m->regs[b + 3u], m->regs[b + 4u]);
    }
    return rs;
}

static void submit_triangle(gpu_model_t *m)
{
    triangle_t t;
    memcpy(t.v, m->vtx, sizeof(t.v));
    if (m->ds_dirty) {
        /* the RTL waits here until the entry is no longer referenced; the model has nothing
         * in flight, so the entry is always free */
        m->ds_cur = (uint8_t)((m->ds_cur + 1u) % m->ds_entries);
        m->ds[m->ds_cur] = capture_draw_state(m);
        m->ds_dirty = 0;
    }
    t.sid = m->ds_cur;
    t.prim = ++m->prim_seq;
    m->st.tris_submitted++;
    setup_t s;
    int drop = raster_setup(&t, &m->ds[t.sid], &s);
    gpu_model_fcov_tri(&t, drop);
    if (drop) {
        m->st.tris_dropped++;
        gpu_event_t ev = {.kind = GPU_EV_TRI_DROPPED, .data = (uint32_t)drop, .prim = t.prim};
        gpu_model_emit(m, &ev);
        return;
    }
    m->st.tris_drawn++;
    gpu_event_t ev = {.kind = GPU_EV_TRI_DRAWN, .prim = t.prim};
    gpu_model_emit(m, &ev);
    raster_walk(m, &s);
}

/* A MEM_DATA access outside the VRAM window [CP_WIN_BASE, min(CP_WIN_LIMIT, 32 MiB))
 * (docs/command.md "Stream and windows"; with the reset window: at or above 32 MiB) is out of
 * range: the access is dropped (reads return 0) and STATUS.MEM_RANGE_ERR is set. The pointer
 * still advances. The access is the word MEM_ADDR[31:2]; the window's ends are word aligned. */
static int mem_addr_ok(gpu_model_t *m)
{
    if (!cp_win_contains(&m->cp, m->regs[REG_MEM_ADDR] & ~3ull, 4)) {
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
    if (cp_hold_write(m, addr, data) || shader_hold_write(m, addr, data) || simt_hold_write(m, addr, data)) {
        return; /* a hung DISPATCH, SIMT_LAUNCH or shader kernel holds the stream, or it is stuck: every write */
    }
    const reg_info_t *ri = &g_info[addr];
    if (!ri->valid || ri->access == 'R') {
        return; /* reserved or read-only: ignored */
    }
    if (CP_REG(addr)) {
        cp_write(m, addr, data);
        return;
    }
    switch (addr) {
    case REG_VERTEX: {
        vertex_t *v = &m->vtx[m->vcount];
        v->x = (int16_t)((data >> VERTEX_X_SHIFT) & VERTEX_X_MASK);
        v->y = (int16_t)((data >> VERTEX_Y_SHIFT) & VERTEX_Y_MASK);
        v->z = (uint32_t)((data >> VERTEX_Z_SHIFT) & VERTEX_Z_MASK);
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
            gpu_model_mem_write(m, GPU_UNIT_HOST, (uint32_t)m->regs[REG_MEM_ADDR], (uint32_t)data, 0xF, 0);
        }
        mem_addr_advance(m);
        return;
    case REG_COLOR_GRADE_CTRL:
        /* RESET_ADDR and SWAP_BANKS are actions of the display controller; ENABLE is stored */
        m->regs[addr] = data & ri->wmask & (COLOR_GRADE_CTRL_ENABLE_MASK << COLOR_GRADE_CTRL_ENABLE_SHIFT);
        display_ctrl_write(&m->disp, data);
        return;
    case REG_COLOR_GRADE_LUT_ADDR:
        m->regs[addr] = data & ri->wmask;
        display_lut_addr_write(&m->disp, data);
        return;
    case REG_COLOR_GRADE_LUT_DATA:
        display_lut_data_write(&m->disp, data); /* the LUT lives in the display controller */
        return;
    case REG_SIMT_LAUNCH:
        simt_host_launch(m, data);
        return;
    case REG_SHD_LAUNCH:
        (void)shader_launch(m, (uint32_t)((data >> SHD_LAUNCH_TILE_OFFSET_SHIFT) & SHD_LAUNCH_TILE_OFFSET_MASK));
        return;
    default:
        m->regs[addr] = data & ri->wmask;
        if (addr >= REG_TEX0_BASE && addr <= REG_TEX3_WRAP && (addr & 7u) <= 1u) {
            /* TEXn_BASE, TEXn_FMT: the unit's texture cache is invalidated (seed 001, REQ-131) */
            tmu_cache_invalidate(&m->tcache[(addr - REG_TEX0_BASE) >> 3]);
        }
        if (GPU_DRAW_STATE_REG(addr)) {
            m->ds_dirty = 1;
        }
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
    if (CP_REG(addr)) {
        return cp_read(m, addr);
    }
    switch (addr) {
    case REG_TRI_MODE: {
        uint64_t any = 0;
        for (unsigned n = 0; n < 4; n++) {
            any |= (m->regs[REG_TEX0_FMT + 8 * n] >> TEX0_FMT_ENABLE_SHIFT) & TEX0_FMT_ENABLE_MASK;
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
        /* the model drains instantly: FIFO_DEPTH = 0, BUSY = 0; VBLANK = 0 (no display timing) */
        uint64_t v = ((uint64_t)m->err_fifo_ovf << STATUS_FIFO_OVF_SHIFT) |
                     ((uint64_t)m->err_mem_range << STATUS_MEM_RANGE_ERR_SHIFT);
        m->err_fifo_ovf = 0;
        m->err_mem_range = 0;
        return v;
    }
    case REG_ID:
        return ri->reset;
    case REG_SHD_STATUS:
        return m->shd_status; /* BUSY = 0: the model's kernel has ended at the SHD_LAUNCH write */
    case REG_SIMT_STATUS:
        /* BUSY = 0: the kernel has ended at the SIMT_LAUNCH write */
        return m->simt_status | ((uint64_t)m->simt_absent << SIMT_STATUS_ABSENT_SHIFT);
    case REG_COLOR_GRADE_LUT_ADDR:
        return m->disp.ptr; /* the pointer, auto-incremented by data writes */
    default:
        return m->regs[addr] & ri->rmask;
    }
}
