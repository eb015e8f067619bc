/* Command-processor packets (docs/command.md): header packing, sending over a gpu_dev_t, one
 * helper per carried-out opcode, readers of the mailbox, the read pipe and the counters. */
#include "gpu_cmd.h"

#include <stddef.h>

void gpu_cmd_pack(const gpu_cmd_hdr_t *h, uint64_t w[2])
{
    w[0] = (uint64_t)h->opcode | ((uint64_t)h->flags << 8) | ((uint64_t)h->rdst << 16) | ((uint64_t)h->len << 24) |
           ((uint64_t)h->arg0 << 32);
    w[1] = (uint64_t)h->arg1 | ((uint64_t)h->arg2 << 32);
}

int gpu_cmd_send(gpu_dev_t *d, const gpu_cmd_hdr_t *h, const uint32_t *payload, unsigned nwords)
{
    if (nwords > 0 && !payload) {
        return GPU_EFORMAT;
    }
    uint64_t w[2];
    gpu_cmd_pack(h, w);
    for (unsigned i = 0; i < 2; i++) {
        int rc = gpu_dev_write(d, REG_CP_CMD, w[i]);
        if (rc != GPU_OK) {
            return rc;
        }
    }
    for (unsigned i = 0; i < nwords; i += 2) {
        uint64_t v = payload[i];
        if (i + 1 < nwords) {
            v |= (uint64_t)payload[i + 1] << 32;
        }
        int rc = gpu_dev_write(d, REG_CP_CMD, v);
        if (rc != GPU_OK) {
            return rc;
        }
    }
    return GPU_OK;
}

/* a packet without payload (flag PAYLOAD cleared) */
static int send_plain(gpu_dev_t *d, uint8_t opcode, uint8_t flags, uint8_t rdst, unsigned len, uint32_t arg0,
                      uint32_t arg1, uint32_t arg2)
{
    if (len > 255) {
        return GPU_EFORMAT;
    }
    gpu_cmd_hdr_t h = {opcode, (uint8_t)(flags & ~GPU_CMDF_PAYLOAD), rdst, (uint8_t)len, arg0, arg1, arg2};
    return gpu_cmd_send(d, &h, NULL, 0);
}

/* arg = h << 16 | w, both 16-bit */
static int rect_arg(unsigned w, unsigned h, uint32_t *arg)
{
    if (w > 0xFFFFu || h > 0xFFFFu) {
        return GPU_EFORMAT;
    }
    *arg = ((uint32_t)h << 16) | (uint32_t)w;
    return GPU_OK;
}

int gpu_cmd_write_mem(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t addr, const uint32_t *words, unsigned n)
{
    if (n > 255) {
        return GPU_EFORMAT;
    }
    gpu_cmd_hdr_t h = {GPU_CMD_WRITE_MEM, (uint8_t)(flags | GPU_CMDF_PAYLOAD), rdst, (uint8_t)n, addr, 0, 0};
    return gpu_cmd_send(d, &h, words, n);
}

int gpu_cmd_read_mem(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t addr, unsigned n)
{
    return send_plain(d, GPU_CMD_READ_MEM, flags, rdst, n, addr, 0, 0);
}

int gpu_cmd_fill_rect(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t addr, unsigned w, unsigned h,
                      uint32_t value)
{
    uint32_t a1;
    int rc = rect_arg(w, h, &a1);
    return rc != GPU_OK ? rc : send_plain(d, GPU_CMD_FILL_RECT, flags, rdst, 0, addr, a1, value);
}

int gpu_cmd_clear_layer(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t addr, unsigned w, unsigned h,
                        uint32_t argb)
{
    uint32_t a1;
    int rc = rect_arg(w, h, &a1);
    return rc != GPU_OK ? rc : send_plain(d, GPU_CMD_CLEAR_LAYER, flags, rdst, 0, addr, a1, argb);
}

int gpu_cmd_blit(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t dst, uint32_t src, unsigned w, unsigned h)
{
    uint32_t a2;
    int rc = rect_arg(w, h, &a2);
    return rc != GPU_OK ? rc : send_plain(d, GPU_CMD_BLIT, flags, rdst, 0, dst, src, a2);
}

int gpu_cmd_copy_buffer(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t dst, uint32_t src, unsigned n)
{
    return send_plain(d, GPU_CMD_COPY_BUFFER, flags, rdst, n, dst, src, 0);
}

int gpu_cmd_barrier(gpu_dev_t *d, uint8_t flags, uint8_t rdst)
{
    return send_plain(d, GPU_CMD_BARRIER, flags, rdst, 0, 0, 0, 0);
}

int gpu_cmd_set_fb(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t addr)
{
    return send_plain(d, GPU_CMD_SET_FB, flags, rdst, 0, addr, GPU_CMD_ROW_WORDS * 4u, 1u /* RGB565 */);
}

int gpu_cmd_swap_fb(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t display, uint32_t draw)
{
    return send_plain(d, GPU_CMD_SWAP_FB, flags, rdst, 0, display, draw, 0);
}

int gpu_cmd_sprite_draw(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t dst, uint32_t src, unsigned w, unsigned h,
                        int key_enable, uint16_t key)
{
    uint32_t a2;
    int rc = rect_arg(w, h, &a2);
    if (rc != GPU_OK) {
        return rc;
    }
    if (!key_enable) {
        return send_plain(d, GPU_CMD_SPRITE_DRAW, flags, rdst, 0, dst, src, a2);
    }
    const uint32_t word = (1u << 16) | key; /* key on (bit 16), key[15:0], bits 31:17 zero */
    gpu_cmd_hdr_t hd = {GPU_CMD_SPRITE_DRAW, (uint8_t)(flags | GPU_CMDF_PAYLOAD), rdst, 1, dst, src, a2};
    return gpu_cmd_send(d, &hd, &word, 1);
}

int gpu_cmd_layer_blend(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t dst, uint32_t src, unsigned alpha,
                        unsigned w, unsigned h)
{
    uint32_t region;
    int rc = rect_arg(w, h, &region);
    if (rc != GPU_OK) {
        return rc;
    }
    if (w == GPU_CMD_ROW_WORDS && h == 480u) {
        return send_plain(d, GPU_CMD_LAYER_BLEND, flags, rdst, 0, dst, src, alpha); /* the whole layer */
    }
    gpu_cmd_hdr_t hd = {GPU_CMD_LAYER_BLEND, (uint8_t)(flags | GPU_CMDF_PAYLOAD), rdst, 1, dst, src, alpha};
    return gpu_cmd_send(d, &hd, &region, 1);
}

#define DESC_INDIRECT (1u << 31) /* arg2 bit 31 without PAYLOAD: the descriptor is at arg0 */

static int is_dispatch(uint8_t op) { return op == GPU_CMD_DISPATCH_1D || op == GPU_CMD_DISPATCH_2D; }

int gpu_cmd_dispatch_1d(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t grid, uint32_t block, uint32_t kernel_id)
{
    if (kernel_id & DESC_INDIRECT) {
        return GPU_EFORMAT;
    }
    return send_plain(d, GPU_CMD_DISPATCH_1D, flags, rdst, 0, grid, block, kernel_id);
}

int gpu_cmd_dispatch_2d(gpu_dev_t *d, uint8_t flags, uint8_t rdst, unsigned gx, unsigned gy, unsigned bx, unsigned by,
                        uint32_t kernel_id)
{
    uint32_t grid, block;
    int rc = rect_arg(gx, gy, &grid);
    if (rc == GPU_OK) {
        rc = rect_arg(bx, by, &block);
    }
    if (rc == GPU_OK && (kernel_id & DESC_INDIRECT)) {
        rc = GPU_EFORMAT;
    }
    return rc != GPU_OK ? rc : send_plain(d, GPU_CMD_DISPATCH_2D, flags, rdst, 0, grid, block, kernel_id);
}

int gpu_cmd_dispatch_desc(gpu_dev_t *d, uint8_t op, uint8_t flags, uint8_t rdst, const uint32_t desc[5])
{
    if (!is_dispatch(op) || !desc) {
        return GPU_EFORMAT;
    }
    gpu_cmd_hdr_t hd = {op, (uint8_t)(flags | GPU_CMDF_PAYLOAD), rdst, 5, 0, 0, 0};
    return gpu_cmd_send(d, &hd, desc, 5);
}

int gpu_cmd_dispatch_indirect(gpu_dev_t *d, uint8_t op, uint8_t flags, uint8_t rdst, uint32_t desc_addr)
{
    if (!is_dispatch(op)) {
        return GPU_EFORMAT;
    }
    return send_plain(d, op, flags, rdst, 0, desc_addr, 0, DESC_INDIRECT);
}

int gpu_cmd_load_rstate(gpu_dev_t *d, uint8_t flags, uint8_t rdst, unsigned id, uint32_t addr)
{
    return send_plain(d, GPU_CMD_LOAD_RSTATE, flags, rdst, 0, (uint32_t)id, addr, 0);
}

int gpu_cmd_rdraw(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t desc, uint32_t vtx, uint32_t draw_flags)
{
    return send_plain(d, GPU_CMD_RDRAW, flags, rdst, 0, desc, vtx, draw_flags);
}

int gpu_cmd_rrect(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t desc, unsigned state_id, uint32_t draw_flags)
{
    return send_plain(d, GPU_CMD_RRECT, flags, rdst, 0, desc, (uint32_t)state_id, draw_flags);
}

void gpu_rstate_init(gpu_rstate_t *s, uint32_t fb_base)
{
    const gpu_rstate_t z = {0};
    *s = z;
    s->fb_base = fb_base;
    s->fb_stride_bytes = GPU_CMD_ROW_WORDS * 4u;
    s->fb_format = GPU_RSTATE_FB_RGB565;
    s->fb_wh = (480u << 16) | GPU_CMD_ROW_WORDS;
}

void gpu_rstate_pack(const gpu_rstate_t *s, uint32_t w[16])
{
    const uint32_t v[16] = {s->fb_base,     s->fb_stride_bytes, s->fb_format,   s->fb_wh,
                            s->depth_base,  s->depth_stride_bytes, s->depth_format, s->blend_mode,
                            s->const_color, s->sampler_handle,  s->scissor_xy,  s->scissor_wh,
                            s->flags0,      s->reserved[0],     s->reserved[1], s->reserved[2]};
    for (unsigned i = 0; i < 16; i++) {
        w[i] = v[i];
    }
}

void gpu_vertex_pack(const gpu_vertex_t v[3], uint32_t w[24])
{
    for (unsigned i = 0; i < 3; i++) {
        uint32_t *o = w + 8 * i;
        o[0] = (uint32_t)v[i].x;
        o[1] = (uint32_t)v[i].y;
        o[2] = v[i].z;
        o[3] = v[i].w;
        o[4] = (uint32_t)v[i].u;
        o[5] = (uint32_t)v[i].v;
        o[6] = v[i].argb;
        o[7] = 0;
    }
}

void gpu_rdraw_desc_pack(uint32_t state_id, uint32_t vtx_ptr, uint32_t draw_flags, uint32_t w[4])
{
    w[0] = state_id;
    w[1] = vtx_ptr;
    w[2] = draw_flags;
    w[3] = 0;
}

void gpu_rrect_desc_pack(int32_t x0, int32_t y0, int32_t x1, int32_t y1, uint32_t color, uint32_t flags,
                         uint32_t sampler, uint32_t w[8])
{
    w[0] = (uint32_t)x0;
    w[1] = (uint32_t)y0;
    w[2] = (uint32_t)x1;
    w[3] = (uint32_t)y1;
    w[4] = color;
    w[5] = flags;
    w[6] = sampler;
    w[7] = 0;
}

int gpu_cmd_load_gstate(gpu_dev_t *d, uint8_t flags, uint8_t rdst, unsigned id, uint32_t addr, uint32_t arg2)
{
    return send_plain(d, GPU_CMD_LOAD_GSTATE, flags, rdst, 0, (uint32_t)id, addr, arg2);
}

int gpu_cmd_load_gparam(gpu_dev_t *d, uint8_t flags, uint8_t rdst, unsigned id, uint32_t addr)
{
    return send_plain(d, GPU_CMD_LOAD_GPARAM, flags, rdst, 0, (uint32_t)id, addr, 0);
}

int gpu_cmd_gdraw(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t desc, uint32_t count_ptr, uint32_t arg2)
{
    return send_plain(d, GPU_CMD_GDRAW, flags, rdst, 0, desc, count_ptr, arg2);
}

#define GDRAW_A2_GS_SHIFT 4u
#define GDRAW_A2_GP_SHIFT 8u
#define GDRAW_A2_RS_SHIFT 12u
#define GDRAW_A2_BAD (1u << 31) /* a reserved bit: an id that does not fit */

uint32_t gpu_gdraw_arg2(int strip, int cu_assist, unsigned gstate_id, unsigned gparam_id, unsigned rstate_id)
{
    uint32_t a = (cu_assist ? GPU_GDRAW_A2_CU_ASSIST : 0) | (strip ? GPU_GDRAW_A2_STRIP : 0) |
                 ((gstate_id & 3u) << GDRAW_A2_GS_SHIFT) | ((gparam_id & 3u) << GDRAW_A2_GP_SHIFT) |
                 ((rstate_id & 3u) << GDRAW_A2_RS_SHIFT);
    if (gstate_id > 3 || gparam_id > 3 || rstate_id > 3) {
        a |= GDRAW_A2_BAD;
    }
    return a;
}

void gpu_gstate_pack(const gpu_gstate_t *s, uint32_t w[16])
{
    const uint32_t v[7] = {s->vbo_base, s->vbo_stride_bytes, s->ibo_base,       s->ibo_format,
                           s->mvp_ptr,  s->light0_ptr,       s->cull_clip_flags};
    for (unsigned i = 0; i < 7; i++) {
        w[i] = v[i];
    }
    for (unsigned i = 0; i < 9; i++) {
        w[7 + i] = s->reserved[i];
    }
}

void gpu_gparam_pack(const gpu_gparam_t *p, uint32_t w[8])
{
    w[0] = (uint32_t)p->base_vertex;
    w[1] = p->base_instance;
    w[2] = p->material_color;
    for (unsigned i = 0; i < 5; i++) {
        w[3 + i] = p->reserved[i];
    }
}

void gpu_gdraw_desc_pack(uint32_t first, uint32_t count, uint32_t topology, uint32_t flags, uint32_t w[6])
{
    w[0] = first;
    w[1] = count;
    w[2] = topology;
    w[3] = flags;
    w[4] = 0; /* RSTATE_PTR: no per-draw override (UNSUPPORTED) */
    w[5] = 0;
}

int gpu_cmd_abort(gpu_dev_t *d) { return gpu_dev_write(d, REG_CP_ABORT, 1ull << CP_ABORT_STOP_SHIFT); }

int gpu_cmd_slot(gpu_dev_t *d, unsigned index, uint32_t *value)
{
    if (index > 255) {
        return GPU_EFORMAT;
    }
    uint64_t v = 0;
    int rc = gpu_dev_write(d, REG_CP_SLOT_ADDR, index);
    if (rc == GPU_OK) {
        rc = gpu_dev_read(d, REG_CP_SLOT_DATA, &v);
    }
    *value = (uint32_t)v;
    return rc;
}

int gpu_cmd_read_pipe(gpu_dev_t *d, uint32_t *words, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        uint64_t v = 0;
        int rc = gpu_dev_read(d, REG_CP_PIPE, &v);
        if (rc == GPU_OK && !((v >> CP_PIPE_VALID_SHIFT) & CP_PIPE_VALID_MASK)) {
            rc = GPU_EIO;
        }
        if (rc != GPU_OK) {
            for (unsigned k = i; k < n; k++) {
                words[k] = 0;
            }
            return rc;
        }
        words[i] = (uint32_t)(v >> CP_PIPE_DATA_SHIFT);
    }
    return GPU_OK;
}

int gpu_cmd_resync(gpu_dev_t *d) { return gpu_dev_write(d, REG_CP_CTRL, 1ull << CP_CTRL_RESYNC_SHIFT); }

int gpu_cmd_clear(gpu_dev_t *d) { return gpu_dev_write(d, REG_CP_CTRL, 1ull << CP_CTRL_CLEAR_SHIFT); }

int gpu_cmd_state(gpu_dev_t *d, gpu_cmd_state_t *s)
{
    uint64_t st = 0, fe = 0, er = 0, irq = 0;
    int rc = gpu_dev_read(d, REG_CP_STATUS, &st);
    if (rc == GPU_OK) {
        rc = gpu_dev_read(d, REG_CP_FENCE, &fe);
    }
    if (rc == GPU_OK) {
        rc = gpu_dev_read(d, REG_CP_ERROR, &er);
    }
    if (rc == GPU_OK) {
        rc = gpu_dev_read(d, REG_CP_IRQ_STATUS, &irq);
    }
#define F(v, reg, f) ((v >> reg##_##f##_SHIFT) & reg##_##f##_MASK)
    s->packets = (uint32_t)F(st, CP_STATUS, PACKETS);
    s->partial = (uint8_t)F(st, CP_STATUS, PARTIAL);
    s->pipe_count = (uint16_t)F(st, CP_STATUS, PIPE_COUNT);
    s->fence = (uint32_t)F(fe, CP_FENCE, COUNTER);
    s->err_code = (uint8_t)F(er, CP_ERROR, CODE);
    s->err_opcode = (uint8_t)F(er, CP_ERROR, OPCODE);
    s->err_rdst = (uint8_t)F(er, CP_ERROR, RDST);
    s->err_count = (uint32_t)F(er, CP_ERROR, COUNT);
    s->irq_status = (uint8_t)irq;
#undef F
    return rc;
}
