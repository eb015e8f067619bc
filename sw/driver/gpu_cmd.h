/* tinyGPU command-processor packets (seed 004, docs/command.md).
 *
 * A packet is a 16-byte header (two CP_CMD writes) and, with flag PAYLOAD, len 32-bit payload
 * words two per CP_CMD write. Packets are register writes, so they go over any transport
 * (model, RTL, recorder) and replay like every other write. Opcodes, flags and status codes:
 * gpu_cmd_defs.h (generated from scripts/regmap.py; docs/command-table.md).
 *
 * Every call returns GPU_OK or a negative GPU_E* code (gpu.h): a transport error, or
 * GPU_EFORMAT for an argument the packet cannot encode (nothing is sent then). Values the
 * packet can encode but the GPU refuses (a rectangle wider than 640 words, an address outside
 * the window, ...) are sent as they are: the GPU answers with a status code in the mailbox
 * and CP_ERROR, which the readers below return.
 */
#ifndef GPU_CMD_H
#define GPU_CMD_H

#include "gpu.h"
#include "gpu_cmd_defs.h"
#include <stdint.h>

typedef struct {
    uint8_t opcode, flags, rdst, len;
    uint32_t arg0, arg1, arg2;
} gpu_cmd_hdr_t;

/* the two header words: w[0] = opcode[7:0] flags[15:8] rdst[23:16] len[31:24] arg0[63:32],
 * w[1] = arg1[31:0] arg2[63:32] */
void gpu_cmd_pack(const gpu_cmd_hdr_t *h, uint64_t w[2]);

/* Sends the header (two writes to REG_CP_CMD), then exactly nwords payload words in
 * ceil(nwords / 2) writes (the first word of each in bits 31:0; the upper half of an odd last
 * word 0), whatever h->len and h->flags say: tests build malformed packets with it.
 * payload may be NULL when nwords is 0. Stops at the first transport error. */
int gpu_cmd_send(gpu_dev_t *d, const gpu_cmd_hdr_t *h, const uint32_t *payload, unsigned nwords);

/* One helper per carried-out opcode. flags: any of GPU_CMDF_IRQ, GPU_CMDF_EMIT, GPU_CMDF_WAIT
 * (and reserved bits, passed on); GPU_CMDF_PAYLOAD is set by the helpers that send a payload
 * (gpu_cmd_write_mem, gpu_cmd_dispatch_desc, and gpu_cmd_sprite_draw / gpu_cmd_layer_blend when
 * they send their payload word) and cleared otherwise, so the stream stays aligned. rdst: the
 * mailbox slot of EMIT and WAIT. */

/* n words (n <= 255, else GPU_EFORMAT) to addr, addr + 4, ... */
int gpu_cmd_write_mem(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t addr, const uint32_t *words, unsigned n);
/* n words (n <= 255) from addr to the read pipe (gpu_cmd_read_pipe) */
int gpu_cmd_read_mem(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t addr, unsigned n);
/* value into a w x h rectangle of words at addr, row pitch 640 words (w, h <= 65535) */
int gpu_cmd_fill_rect(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t addr, unsigned w, unsigned h,
                      uint32_t value);
/* ARGB8888 argb as RGB565 into bits 15:0 of a w x h rectangle of words at addr */
int gpu_cmd_clear_layer(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t addr, unsigned w, unsigned h,
                        uint32_t argb);
/* a w x h rectangle of words from src to dst (w, h <= 65535) */
int gpu_cmd_blit(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t dst, uint32_t src, unsigned w, unsigned h);
/* n words (n <= 255) from src to dst */
int gpu_cmd_copy_buffer(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t dst, uint32_t src, unsigned n);
int gpu_cmd_barrier(gpu_dev_t *d, uint8_t flags, uint8_t rdst);
/* FB_DRAW = addr (sent with stride 2560 bytes and format 1, RGB565: the only ones carried out) */
int gpu_cmd_set_fb(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t addr);
/* FB_DISPLAY = display (from the next frame boundary), then FB_DRAW = draw */
int gpu_cmd_swap_fb(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t display, uint32_t draw);
/* bits 15:0 of a w x h rectangle of words from src to bits 15:0 at dst (w, h <= 65535); with
 * key_enable the payload word {on = 1 (bit 16), key[15:0]} is sent and source words equal to
 * key are skipped; without it no payload (every word drawn) */
int gpu_cmd_sprite_draw(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t dst, uint32_t src, unsigned w, unsigned h,
                        int key_enable, uint16_t key);
/* dst = (src * alpha + dst * (256 - alpha) + 128) >> 8 per RGB565 channel over a w x h region
 * (w, h <= 65535; alpha sent as it is, the GPU takes 0..0x100): 640 x 480 is sent without a
 * payload, any other size as the payload word {h, w} */
int gpu_cmd_layer_blend(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t dst, uint32_t src, unsigned alpha,
                        unsigned w, unsigned h);
/* DISPATCH_1D, direct form: grid threads, block (0 or 4), kernel table entry kernel_id
 * (kernel_id bit 31 is the indirect form's mark: GPU_EFORMAT) */
int gpu_cmd_dispatch_1d(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t grid, uint32_t block, uint32_t kernel_id);
/* DISPATCH_2D, direct form: grid {gy, gx}, block {by, bx} (each <= 65535), entry kernel_id */
int gpu_cmd_dispatch_2d(gpu_dev_t *d, uint8_t flags, uint8_t rdst, unsigned gx, unsigned gy, unsigned bx, unsigned by,
                        uint32_t kernel_id);
/* DISPATCH_1D or _2D (op; any other GPU_EFORMAT), payload form: the descriptor desc[5] =
 * {kernel_id, grid, block, arg_ptr, reserved} as 5 payload words */
int gpu_cmd_dispatch_desc(gpu_dev_t *d, uint8_t op, uint8_t flags, uint8_t rdst, const uint32_t desc[5]);
/* DISPATCH_1D or _2D (op), indirect form: the descriptor is the five words at desc_addr */
int gpu_cmd_dispatch_indirect(gpu_dev_t *d, uint8_t op, uint8_t flags, uint8_t rdst, uint32_t desc_addr);
/* CP_ABORT bit 0: written directly after a DISPATCH packet, stops its kernel (ABORTED); no
 * effect when no kernel runs. A register write, not a packet. */
int gpu_cmd_abort(gpu_dev_t *d);

/* Draws (docs/command.md "Draws"; descriptor layouts seed 000 section 9.1). */

/* LOAD_RSTATE: the 64-byte RSTATE descriptor at addr (32-byte aligned) into state slot id
 * (0..3; sent as it is, the GPU refuses others with BAD_ARG) */
int gpu_cmd_load_rstate(gpu_dev_t *d, uint8_t flags, uint8_t rdst, unsigned id, uint32_t addr);
/* RDRAW: the 16-byte descriptor {STATE_ID, VTX_PTR, FLAGS, RESERVED} at desc (16-byte aligned);
 * vtx the vertex block (0: the descriptor's VTX_PTR, or if that is 0 the block of the previous
 * RDRAW that drew); draw_flags (GPU_RDRAW_*) ORed with the descriptor's FLAGS */
int gpu_cmd_rdraw(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t desc, uint32_t vtx, uint32_t draw_flags);
/* RRECT: the 32-byte descriptor {X0, Y0, X1, Y1, COLOR, FLAGS, SAMPLER_HANDLE, RESERVED} at desc
 * (16-byte aligned) drawn with render state state_id (0..3; sent as it is) as two triangles;
 * draw_flags: GPU_RDRAW_DEPTH and GPU_RDRAW_BLEND only (any other bit is sent, and refused by the
 * GPU with BAD_ARG) */
int gpu_cmd_rrect(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t desc, unsigned state_id, uint32_t draw_flags);

/* RDRAW draw flags (descriptor FLAGS | arg2); a feature is on when its flag is set and the
 * render state has it */
#define GPU_RDRAW_GOURAUD 0x1u /* vertex colours interpolated (else the first vertex's colour) */
#define GPU_RDRAW_DEPTH 0x2u   /* with RSTATE ENABLE_DEPTH: Z test LESS and Z write */
#define GPU_RDRAW_BLEND 0x4u   /* with RSTATE BLEND_MODE 1 (alpha) or 2 (add) */
#define GPU_RDRAW_TEXTURE 0x8u /* with RSTATE ENABLE_TEXTURE: unit 0 from the sampler */

/* RRECT descriptor FLAGS (seed 000 section 9.1.3) */
#define GPU_RRECT_TEXTURED 0x1u          /* texture unit 0 from the sampler, U 0..0x7FFF over X0..X1, V over Y0..Y1 */
#define GPU_RRECT_USE_STATE_COLOR 0x2u   /* the state's CONST_COLOR (also when COLOR is 0) */
#define GPU_RRECT_USE_STATE_SAMPLER 0x4u /* the state's SAMPLER_HANDLE (also when SAMPLER_HANDLE is 0) */

/* RSTATE fields' values */
#define GPU_RSTATE_FB_RGB565 1u      /* FB_FORMAT: the only one carried out */
#define GPU_RSTATE_DEPTH_NONE 0u     /* DEPTH_FORMAT */
#define GPU_RSTATE_DEPTH_D24 2u      /* DEPTH_FORMAT: the Z-buffer of ADDENDUM 2 */
#define GPU_RSTATE_BLEND_OPAQUE 0u   /* BLEND_MODE */
#define GPU_RSTATE_BLEND_ALPHA 1u
#define GPU_RSTATE_BLEND_ADD 2u
#define GPU_RSTATE_F0_SCISSOR 0x1u   /* FLAGS0 (UNSUPPORTED: no scissor) */
#define GPU_RSTATE_F0_TEXTURE 0x2u
#define GPU_RSTATE_F0_DEPTH 0x4u     /* needs DEPTH_FORMAT D24 */

/* the RSTATE descriptor, field by field in memory order (16 words, 64 bytes) */
typedef struct {
    uint32_t fb_base, fb_stride_bytes, fb_format, fb_wh;
    uint32_t depth_base, depth_stride_bytes, depth_format, blend_mode;
    uint32_t const_color;    /* ARGB8888, kept for RRECT */
    uint32_t sampler_handle; /* address of the sampler: TEX0_BASE, _FMT, _BLEND, _MIP_BIAS, _WRAP */
    uint32_t scissor_xy, scissor_wh, flags0;
    uint32_t reserved[3];
} gpu_rstate_t;
/* a state the GPU takes: framebuffer at fb_base, 2560-byte rows, RGB565, 640 x 480, no depth,
 * opaque, every other field 0 */
void gpu_rstate_init(gpu_rstate_t *s, uint32_t fb_base);
/* the 16 words of the descriptor, in memory order (word i at byte 4i) */
void gpu_rstate_pack(const gpu_rstate_t *s, uint32_t w[16]);

/* one vertex of the RSETUP block (32 bytes): position in whole pixels, Z (25 bits used), W (not
 * used), U and V (1.15, with texture on), ARGB8888 colour; the reserved word is packed as 0 */
typedef struct {
    int32_t x, y;
    uint32_t z, w;
    int32_t u, v;
    uint32_t argb;
} gpu_vertex_t;
/* the 24 words of the 96-byte vertex block of v[0..2], in memory order */
void gpu_vertex_pack(const gpu_vertex_t v[3], uint32_t w[24]);
/* the 4 words of the RDRAW descriptor {STATE_ID, VTX_PTR, FLAGS, RESERVED 0} */
void gpu_rdraw_desc_pack(uint32_t state_id, uint32_t vtx_ptr, uint32_t draw_flags, uint32_t w[4]);
/* the 8 words of the RRECT descriptor {X0, Y0, X1, Y1 (pixels, X1 and Y1 exclusive), COLOR
 * (ARGB8888), FLAGS (GPU_RRECT_*), SAMPLER_HANDLE, RESERVED 0} */
void gpu_rrect_desc_pack(int32_t x0, int32_t y0, int32_t x1, int32_t y1, uint32_t color, uint32_t flags,
                         uint32_t sampler, uint32_t w[8]);

/* Geometry (docs/command.md "Geometry: LOAD_GSTATE, LOAD_GPARAM, GDRAW"; layouts seed 000
 * sections 9.1.4-9.1.6). Vertices are screen-space records of seven words X, Y, Z, W, U, V,
 * COLOR (the first 28 bytes of an RSETUP vertex, gpu_vertex_t) at VBO_BASE + v * VBO_STRIDE_BYTES. */

/* LOAD_GSTATE: the 64-byte GSTATE descriptor at addr (64-byte aligned) into geometry-state slot id
 * (0..3); arg2: GPU_GSTATE_PRELOAD or 0 (other bits, and other ids, are sent as they are: the GPU
 * refuses them with BAD_ARG) */
int gpu_cmd_load_gstate(gpu_dev_t *d, uint8_t flags, uint8_t rdst, unsigned id, uint32_t addr, uint32_t arg2);
/* LOAD_GPARAM: the 32-byte GPARAM descriptor at addr (32-byte aligned) into parameter slot id
 * (0..3; sent as it is) */
int gpu_cmd_load_gparam(gpu_dev_t *d, uint8_t flags, uint8_t rdst, unsigned id, uint32_t addr);
/* GDRAW: the 24-byte block at desc (16-byte aligned); count_ptr 0 draws that one block, else it
 * is the address of a 32-bit block count (4-byte aligned; blocks desc + 24 i, 0 draws nothing);
 * arg2 from gpu_gdraw_arg2 (sent as it is) */
int gpu_cmd_gdraw(gpu_dev_t *d, uint8_t flags, uint8_t rdst, uint32_t desc, uint32_t count_ptr, uint32_t arg2);
/* GDRAW's arg2: bit 0 CU_ASSIST (accepted, nothing more to do: packets start after earlier
 * kernels ended), bit 1 STRIP (every block a strip), bits 5:4 the GSTATE slot, bits 9:8 the
 * GPARAM slot, bits 13:12 the RSTATE slot. An id above 3 cannot be encoded: the result then has
 * bit 31 set (a reserved bit), so the GPU refuses the packet (BAD_ARG) instead of drawing with
 * another slot. */
uint32_t gpu_gdraw_arg2(int strip, int cu_assist, unsigned gstate_id, unsigned gparam_id, unsigned rstate_id);

#define GPU_GSTATE_PRELOAD 0x1u     /* LOAD_GSTATE arg2 bit 0 (accepted; the only bit allowed) */
/* GSTATE fields' values */
#define GPU_GSTATE_IBO_U16 0u       /* IBO_FORMAT: 16-bit indices (IBO_BASE 2-byte aligned) */
#define GPU_GSTATE_IBO_U32 1u       /* IBO_FORMAT: 32-bit indices (IBO_BASE 4-byte aligned) */
#define GPU_GSTATE_CULL_ENABLE 0x1u /* CULL_CLIP_FLAGS (UNSUPPORTED: both windings are drawn) */
#define GPU_GSTATE_CLIP_ENABLE 0x2u /* CULL_CLIP_FLAGS (UNSUPPORTED) */
#define GPU_GSTATE_STRIDE_MIN 28u   /* VBO_STRIDE_BYTES: a multiple of 4 in 28..65532 */
#define GPU_GSTATE_STRIDE_MAX 65532u
/* GDRAW block TOPOLOGY and FLAGS (seed 000 section 9.1.6) */
#define GPU_GDRAW_LIST 0u           /* triangles 3t, 3t+1, 3t+2 */
#define GPU_GDRAW_STRIP 1u          /* triangles t, t+1, t+2 (odd t: t+1, t, t+2) */
#define GPU_GDRAW_INDEXED 0x1u      /* through the index buffer (IBO_BASE must not be 0) */
#define GPU_GDRAW_SHADE_FLAT 0x2u   /* the first vertex's colour (else vertex colours interpolated) */
#define GPU_GDRAW_TEXTURED 0x4u     /* with RSTATE ENABLE_TEXTURE: unit 0 from the state's sampler */
/* GDRAW arg2 bits (gpu_gdraw_arg2) */
#define GPU_GDRAW_A2_CU_ASSIST 0x1u
#define GPU_GDRAW_A2_STRIP 0x2u

/* the GSTATE descriptor, field by field in memory order (16 words, 64 bytes) */
typedef struct {
    uint32_t vbo_base;         /* 4-byte aligned */
    uint32_t vbo_stride_bytes; /* a multiple of 4 in 28..65532 */
    uint32_t ibo_base;         /* 0: non-indexed (GPU_GDRAW_INDEXED refused) */
    uint32_t ibo_format;       /* GPU_GSTATE_IBO_U16 or _U32 */
    uint32_t mvp_ptr;          /* 0 (UNSUPPORTED otherwise: no transform) */
    uint32_t light0_ptr;       /* 0 (UNSUPPORTED otherwise: no lighting) */
    uint32_t cull_clip_flags;  /* 0 (GPU_GSTATE_CULL_ENABLE, _CLIP_ENABLE UNSUPPORTED) */
    uint32_t reserved[9];
} gpu_gstate_t;
/* the 16 words of the descriptor, in memory order (word i at byte 4i) */
void gpu_gstate_pack(const gpu_gstate_t *s, uint32_t w[16]);

/* the GPARAM descriptor, field by field in memory order (8 words, 32 bytes) */
typedef struct {
    int32_t base_vertex;     /* added to every index (non-indexed: to every element) */
    uint32_t base_instance;  /* 0 (BAD_ARG otherwise) */
    uint32_t material_color; /* ARGB8888: the colour of a vertex whose COLOR is 0 */
    uint32_t reserved[5];
} gpu_gparam_t;
/* the 8 words of the descriptor, in memory order */
void gpu_gparam_pack(const gpu_gparam_t *p, uint32_t w[8]);

/* the 6 words of a GDRAW block {FIRST, COUNT, TOPOLOGY (GPU_GDRAW_LIST / _STRIP), FLAGS
 * (GPU_GDRAW_INDEXED, _SHADE_FLAT, _TEXTURED), RSTATE_PTR 0, RESERVED 0} */
void gpu_gdraw_desc_pack(uint32_t first, uint32_t count, uint32_t topology, uint32_t flags, uint32_t w[6]);

/* Readers (docs/command.md "Reading the state": read when the command FIFO is empty and the
 * GPU idle). */

/* mailbox slot index (<= 255): {status[31:24], fence[23:0]} (writes CP_SLOT_ADDR, reads
 * CP_SLOT_DATA, which leaves CP_SLOT_ADDR at index + 1) */
int gpu_cmd_slot(gpu_dev_t *d, unsigned index, uint32_t *value);
/* n words from the read pipe, oldest first: GPU_EIO (and the rest of words 0) at the first
 * read that finds the pipe empty (VALID 0); the reads stop there */
int gpu_cmd_read_pipe(gpu_dev_t *d, uint32_t *words, unsigned n);
/* CP_CTRL.RESYNC: a partly received packet completes TRUNCATED, the next write starts a header */
int gpu_cmd_resync(gpu_dev_t *d);
/* CP_CTRL.CLEAR: mailbox, fence counter, CP_ERROR and read pipe emptied */
int gpu_cmd_clear(gpu_dev_t *d);

/* the counters: CP_STATUS, CP_FENCE, CP_ERROR and CP_IRQ_STATUS, field by field */
typedef struct {
    uint32_t packets;       /* CP_STATUS.PACKETS: packets completed, modulo 2^32 */
    uint8_t partial;        /* CP_STATUS.PARTIAL */
    uint16_t pipe_count;    /* CP_STATUS.PIPE_COUNT */
    uint32_t fence;         /* CP_FENCE.COUNTER */
    uint8_t err_code, err_opcode, err_rdst; /* CP_ERROR: the last failed packet */
    uint32_t err_count;     /* CP_ERROR.COUNT (saturating) */
    uint8_t irq_status;     /* CP_IRQ_STATUS: ERROR[1], DONE[0] */
} gpu_cmd_state_t;
int gpu_cmd_state(gpu_dev_t *d, gpu_cmd_state_t *s);

/* fence values compare modulo 2^24 (serial-number arithmetic): a is at or after b */
static inline int gpu_cmd_fence_reached(uint32_t a, uint32_t b) { return (int32_t)((a - b) << 8) >= 0; }

#endif
