/* Command processor (seed 004, docs/command.md): stream assembly from CP_CMD writes, validation
 * in the documented order, the carried-out opcodes, completion (fence counter, mailbox,
 * interrupt causes, CP_ERROR, packet count), the read pipe, RESYNC and CLEAR, the VRAM window,
 * DISPATCH through the kernel table with the watchdog and CP_ABORT, LOAD_RSTATE, RDRAW (a
 * triangle drawn through the register writes a host would make, gpu_model_write), RRECT (a
 * rectangle as two such triangles), LOAD_GSTATE, LOAD_GPARAM and GDRAW (triangles fetched from a
 * vertex buffer, optionally through an index buffer, drawn with RDRAW's register writes).
 * Mirrors rtl/cp/cp_top.sv. The model carries out each packet at once, when it is complete
 * (WRITE_MEM: each payload word as it arrives), which is the RTL's order: packets run one at a
 * time, after everything sent before them. Memory writes go through gpu_model_mem_write
 * (GPU_UNIT_CP), reads through gpu_model_mem_read; DISPATCH kernels run through simt_launch
 * (their stores are GPU_UNIT_SIMT writes).
 *
 * When the checks run: when the header is complete, except for SPRITE_DRAW, LAYER_BLEND and
 * DISPATCH with a payload of a length they take: that payload is received before the packet
 * starts, so all their checks (steps 1-5) and the effect run when the last payload write
 * arrives, with the mailbox, window, kernel table and memory as they are then (as cp_top.sv,
 * which buffers the payload before its checks).
 *
 * Draws: four render-state slots (LOAD_RSTATE keeps the 16 words as read; a refused load leaves
 * its slot as it was) and the vertex block of the last RDRAW that completed OK (also when setup
 * then dropped its triangle), both emptied by hardware reset only: CP_CTRL.CLEAR keeps them.
 * RDRAW's effect is its register writes through gpu_model_write, so draw-state allocation,
 * texture-cache invalidation and the triangle at the third VERTEX write are a host's (a vertex
 * the host latched before the packet stays latched ahead of the packet's three). RRECT makes
 * the same draw-state writes (GOURAUD 0) and six vertices; it leaves RDRAW's previous vertex
 * block alone, and an empty rectangle (X1 <= X0 or Y1 <= Y0) writes nothing.
 *
 * Geometry: four GSTATE and four GPARAM slots (the 16 and 8 words as read; a refused load leaves
 * its slot as it was), emptied by hardware reset only, like the RSTATE slots. GDRAW runs its
 * checks 1-3, then one walk over its blocks twice: the check pass (every check, no register
 * write), then the draw pass (the same walk with RDRAW's draw-state writes once per block that
 * has a triangle and each vertex's writes before the next vertex is fetched). The model draws a
 * triangle at its third VERTEX write, so the draw pass's reads see the pixels of the triangles
 * before them, as the RTL's reads wait for the pixel pipeline; a check that fails there ends the
 * packet with its status and what was written stays. GDRAW leaves RDRAW's previous block alone.
 * CP_WATCHDOG = N > 0 is each pass's budget in vertex fetches (WATCHDOG at fetch N + 1); CP_ABORT
 * does not act on a GDRAW (only a hung DISPATCH holds the stream). */
#include "gpu_cmd_defs.h"
#include "gpu_model_int.h"
#include <string.h>

#define CP_FENCE_MASK 0xFFFFFFu
#define CP_RECT_BYTES_FB (GPU_FB_W * GPU_FB_H * 4u) /* SET_FB, SWAP_FB: one 640x480 buffer */
#define CP_FB_ALIGN 4096u                          /* FB_DRAW / FB_DISPLAY hold bits 31:12 */
#define CP_FB_STRIDE (GPU_CMD_ROW_WORDS * 4u)      /* SET_FB arg1: 0 or the row pitch in bytes */
#define CP_FB_FORMAT_RGB565 1u                     /* SET_FB arg2 */
#define CP_IRQ_BITS ((CP_IRQ_STATUS_DONE_MASK << CP_IRQ_STATUS_DONE_SHIFT) | \
                     (CP_IRQ_STATUS_ERROR_MASK << CP_IRQ_STATUS_ERROR_SHIFT))
#define CP_KEY_BITS 17u            /* SPRITE_DRAW key word: key[15:0], on[16], bits 31:17 zero */
#define CP_KEY_ON (1u << 16)
#define CP_ALPHA_ONE 0x100u        /* LAYER_BLEND a = arg2, 8.8, at most 1.0 */
#define CP_DESC_WORDS 5u           /* kernel descriptor {kernel_id, grid, block, arg_ptr, reserved} */
#define CP_DESC_INDIRECT (1u << 31) /* arg2 bit 31 without PAYLOAD: the descriptor is at arg0 */
#define CP_BLOCK_DIM 4u            /* threads per block of the SIMT cluster */
#define CP_KENT_SHADER_BIT 31u     /* kernel-table entry word 1: a shader kernel ("Compute") */
_Static_assert(CP_PAY_KEEP >= CP_DESC_WORDS, "cp_t keeps a whole descriptor");

/* draws (docs/command.md "Draws"; layouts seed 000 section 9.1) */
enum { /* RSTATE words */
    RS_FB_BASE, RS_FB_STRIDE, RS_FB_FORMAT, RS_FB_WH, RS_DEPTH_BASE, RS_DEPTH_STRIDE, RS_DEPTH_FORMAT, RS_BLEND_MODE,
    RS_CONST_COLOR, RS_SAMPLER, RS_SCISSOR_XY, RS_SCISSOR_WH, RS_FLAGS0, RS_RESERVED0
};
_Static_assert(RS_RESERVED0 + 3 == CP_RSTATE_WORDS, "RSTATE: 16 words, the last three reserved");
#define RS_ALIGN 32u               /* LOAD_RSTATE arg1 */
#define RS_WH_640X480 ((480u << 16) | 640u)
#define RS_DEPTH_NONE 0u
#define RS_DEPTH_D24 2u            /* the Z-buffer of ADDENDUM 2 (a project extension) */
#define RS_BLEND_ALPHA 1u
#define RS_BLEND_ADD 2u
#define RS_F0_SCISSOR (1u << 0)
#define RS_F0_TEXTURE (1u << 1)
#define RS_F0_DEPTH (1u << 2)
#define RS_F0_BITS 3u              /* FLAGS0 bits 31:3 zero */
enum { RD_STATE_ID, RD_VTX_PTR, RD_FLAGS, RD_RESERVED, RD_WORDS }; /* RDRAW descriptor (seed 004) */
#define RD_ALIGN 16u               /* RDRAW arg0 */
#define RD_GOURAUD (1u << 0)       /* draw flags = FLAGS | arg2 */
#define RD_DEPTH (1u << 1)
#define RD_BLEND (1u << 2)
#define RD_TEXTURE (1u << 3)
#define RD_FLAG_BITS 4u            /* draw flags 31:4 zero */
enum { VX_X, VX_Y, VX_Z, VX_W, VX_U, VX_V, VX_COLOR, VX_RESERVED, VX_WORDS }; /* RSETUP vertex, 32 bytes */
#define VX_BLOCK_BYTES (3u * VX_WORDS * 4u) /* 96 */
#define VX_ALIGN 32u
#define VX_POS_MIN (-2048)         /* X, Y in pixels: 12.4 after * 16 */
#define VX_POS_MAX 2047
#define VX_UV_MIN (-32768)         /* U, V: 1.15, bits 15:0 to UV0 */
#define VX_UV_MAX 32767
#define VX_Z_MAX 0x1FFFFFFu
#define VX_Q_ONE 0x7FFFu           /* UV0.Q of an RDRAW or RRECT vertex */
#define SAMPLER_WORDS 5u           /* TEX0_BASE, TEX0_FMT, TEX0_BLEND, TEX0_MIP_BIAS, TEX0_WRAP */
enum { RR_X0, RR_Y0, RR_X1, RR_Y1, RR_COLOR, RR_FLAGS, RR_SAMPLER, RR_RESERVED, RR_WORDS }; /* RRECT (seed 000 9.1.3) */
#define RR_ALIGN 16u               /* RRECT arg0 */
#define RR_TEXTURED (1u << 0)      /* descriptor FLAGS */
#define RR_STATE_COLOR (1u << 1)
#define RR_STATE_SAMPLER (1u << 2)
#define RR_FLAG_BITS 3u            /* FLAGS bits 31:3 zero */
#define RR_DRAW_FLAGS (RD_DEPTH | RD_BLEND) /* the only arg2 bits RRECT takes */
#define RR_UV_ONE 0x7FFFu          /* U at X1, V at Y1 (0 at X0, Y0) */

/* geometry (docs/command.md "Geometry: LOAD_GSTATE, LOAD_GPARAM, GDRAW"; seed 000 9.1.4-9.1.6) */
enum { /* GSTATE words */
    GS_VBO_BASE, GS_VBO_STRIDE, GS_IBO_BASE, GS_IBO_FORMAT, GS_MVP_PTR, GS_LIGHT0_PTR, GS_CULL_CLIP, GS_RESERVED0
};
_Static_assert(GS_RESERVED0 + 9 == CP_GSTATE_WORDS, "GSTATE: 16 words, words 7..15 reserved");
_Static_assert(CP_GSTATE_WORDS <= CP_RSTATE_WORDS, "cp_plan_t.rs holds a GSTATE too");
#define GS_ALIGN 64u               /* LOAD_GSTATE arg1 */
#define GS_ARG2_PRELOAD (1u << 0)  /* LOAD_GSTATE arg2: the only bit allowed (a state is always on chip) */
#define GS_STRIDE_MIN 28u          /* VBO_STRIDE_BYTES: a multiple of 4 in 28..65532 */
#define GS_STRIDE_MAX 65532u
#define GS_IBO_U16 0u              /* IBO_FORMAT */
#define GS_IBO_U32 1u
#define GS_CULL_ENABLE (1u << 0)   /* CULL_CLIP_FLAGS (UNSUPPORTED) */
#define GS_CLIP_ENABLE (1u << 1)
#define GS_CC_BITS 2u              /* CULL_CLIP_FLAGS bits 31:2 zero */
enum { GP_BASE_VERTEX, GP_BASE_INSTANCE, GP_MATERIAL_COLOR, GP_RESERVED0 }; /* GPARAM words */
_Static_assert(GP_RESERVED0 + 5 == CP_GPARAM_WORDS, "GPARAM: 8 words, words 3..7 reserved");
_Static_assert(CP_GPARAM_WORDS <= CP_RSTATE_WORDS, "cp_plan_t.rs holds a GPARAM too");
#define GP_ALIGN 32u               /* LOAD_GPARAM arg1 */
enum { GD_FIRST, GD_COUNT, GD_TOPOLOGY, GD_FLAGS, GD_RSTATE_PTR, GD_RESERVED, GD_WORDS }; /* GDRAW block */
#define GD_BLOCK_BYTES (GD_WORDS * 4u) /* 24: blocks arg0 + 24 i */
#define GD_ALIGN 16u               /* GDRAW arg0 */
#define GD_COUNT_ALIGN 4u          /* GDRAW arg1 (indirect): a 32-bit block count */
#define GD_TOPO_LIST 0u            /* TOPOLOGY */
#define GD_TOPO_STRIP 1u
#define GD_INDEXED (1u << 0)       /* block FLAGS */
#define GD_SHADE_FLAT (1u << 1)
#define GD_TEXTURED (1u << 2)
#define GD_FLAG_BITS 3u            /* FLAGS bits 31:3 zero */
#define GD_A2_CU_ASSIST (1u << 0)  /* GDRAW arg2 */
#define GD_A2_STRIP (1u << 1)
#define GD_A2_GS_SHIFT 4u          /* bits 5:4 the GSTATE slot */
#define GD_A2_GP_SHIFT 8u          /* bits 9:8 the GPARAM slot */
#define GD_A2_RS_SHIFT 12u         /* bits 13:12 the RSTATE slot */
#define GD_A2_SLOT_MASK 3u
#define GD_A2_BITS (GD_A2_CU_ASSIST | GD_A2_STRIP | (GD_A2_SLOT_MASK << GD_A2_GS_SHIFT) | \
                    (GD_A2_SLOT_MASK << GD_A2_GP_SHIFT) | (GD_A2_SLOT_MASK << GD_A2_RS_SHIFT)) /* the rest 0 */
#define GD_VTX_WORDS (VX_COLOR + 1u) /* a VBO vertex: X, Y, Z, W, U, V, COLOR (28 bytes) */
#define GD_VTX_BYTES (GD_VTX_WORDS * 4u)
_Static_assert(GD_VTX_BYTES == GS_STRIDE_MIN, "the smallest stride holds one vertex record");

/* the decoded header (cp_pkg: word 0 opcode[7:0] flags[15:8] rdst[23:16] len[31:24]
 * arg0[63:32], word 1 arg1[31:0] arg2[63:32]) */
typedef struct {
    uint8_t opcode, flags, rdst, len;
    uint32_t arg0, arg1, arg2;
} cp_hdr_t;

static cp_hdr_t cp_decode(const uint64_t w[2])
{
    cp_hdr_t h;
    h.opcode = (uint8_t)w[0];
    h.flags = (uint8_t)(w[0] >> 8);
    h.rdst = (uint8_t)(w[0] >> 16);
    h.len = (uint8_t)(w[0] >> 24);
    h.arg0 = (uint32_t)(w[0] >> 32);
    h.arg1 = (uint32_t)w[1];
    h.arg2 = (uint32_t)(w[1] >> 32);
    return h;
}

/* CP_WIN_LIMIT's reset value comes from the generated register table */
static uint32_t cp_win_limit_reset(void)
{
    uint64_t v = 0;
#define X(name, addr, acc, rst, wm, rm) \
    if ((addr) == REG_CP_WIN_LIMIT) { \
        v = (rst); \
    }
    GPU_REG_TABLE(X)
#undef X
    return (uint32_t)v;
}

/* CP_CTRL.CLEAR: mailbox, fence counter, CP_ERROR and read pipe (not IRQ status, PACKETS or a
 * partly received packet) */
static void cp_clear(cp_t *c)
{
    memset(c->slot, 0, sizeof(c->slot));
    c->fence = 0;
    c->err_code = c->err_opcode = c->err_rdst = 0;
    c->err_count = 0;
    c->pipe_head = 0;
    c->pipe_count = 0;
}

void cp_reset(cp_t *c)
{
    memset(c, 0, sizeof(*c));
    cp_clear(c);
    c->win_base = 0;
    c->win_limit = cp_win_limit_reset();
}

/* [a, a + n) inside [CP_WIN_BASE, min(CP_WIN_LIMIT, 32 MiB)), sums in 64 bits, any n incl. 0 */
int cp_win_contains(const cp_t *c, uint64_t a, uint64_t n)
{
    const uint64_t limit = c->win_limit < GPU_MEM_BYTES ? c->win_limit : GPU_MEM_BYTES;
    return c->win_base <= a && a + n <= limit;
}

/* A descriptor of n words at addr: ALIGN unless addr % align is 0, RANGE unless its bytes are
 * in the window, else its words into out (DISPATCH's indirect form, LOAD_RSTATE, RDRAW, RRECT;
 * cp_top reads them the same way, after the same two checks) */
static uint8_t cp_read_desc(const gpu_model_t *m, uint32_t addr, uint32_t align, unsigned n, uint32_t *out)
{
    if (addr % align) {
        return GPU_CMDE_ALIGN;
    }
    if (!cp_win_contains(&m->cp, addr, 4u * n)) {
        return GPU_CMDE_RANGE;
    }
    for (unsigned i = 0; i < n; i++) {
        out[i] = gpu_model_mem_read(m, addr + 4u * i);
    }
    return GPU_CMDE_OK;
}

/* bytes spanned by a w x h rectangle of words at row pitch 640 words (0 when empty) */
static uint64_t cp_rect_bytes(uint32_t w, uint32_t h)
{
    if (w == 0 || h == 0) {
        return 0;
    }
    return ((uint64_t)(h - 1u) * GPU_CMD_ROW_WORDS + w) * 4u;
}

/* both non-empty and each starts before the other ends */
static int cp_overlap(uint64_t a, uint64_t b, uint64_t n)
{
    return n > 0 && a < b + n && b < a + n;
}

static int cp_in_table(uint8_t op, int *carried_out)
{
    switch (op) {
#define X(name, code, done) \
    case (code): \
        *carried_out = (done); \
        return 1;
        GPU_CMD_TABLE(X)
#undef X
    default:
        return 0;
    }
}

/* the payload an opcode takes (step 4 of "Validation"): 1 when the PAYLOAD flag and len fit */
static int cp_payload_ok(const cp_hdr_t *h)
{
    const int pay = (h->flags & GPU_CMDF_PAYLOAD) != 0;
    switch (h->opcode) {
    case GPU_CMD_WRITE_MEM:
        return pay;
    case GPU_CMD_SPRITE_DRAW:
    case GPU_CMD_LAYER_BLEND:
        return !pay || h->len <= 1; /* the optional key / region word */
    case GPU_CMD_DISPATCH_1D:
    case GPU_CMD_DISPATCH_2D:
        return !pay || h->len == CP_DESC_WORDS; /* the payload form of the descriptor */
    default:
        return !pay;
    }
}

/* SPRITE_DRAW, LAYER_BLEND and DISPATCH with a payload they take: received before the checks */
static int cp_payload_first(const cp_hdr_t *h)
{
    const int op = h->opcode == GPU_CMD_SPRITE_DRAW || h->opcode == GPU_CMD_LAYER_BLEND ||
                   h->opcode == GPU_CMD_DISPATCH_1D || h->opcode == GPU_CMD_DISPATCH_2D;
    return op && (h->flags & GPU_CMDF_PAYLOAD) && h->len != 0 && cp_payload_ok(h);
}

/* steps 1-4 of "Validation" (docs/command.md): the first failing check gives the status */
static uint8_t cp_validate(const cp_t *c, const cp_hdr_t *h)
{
    int done = 0;
    if ((h->flags & GPU_CMDF_WAIT) && (c->slot[h->rdst] & CP_FENCE_MASK) == 0) {
        return GPU_CMDE_FENCE_UNSET;
    }
    if (!cp_in_table(h->opcode, &done)) {
        return GPU_CMDE_BAD_OPCODE;
    }
    if (!done) {
        return GPU_CMDE_UNSUPPORTED;
    }
    if (h->flags & GPU_CMDF_RESERVED) {
        return GPU_CMDE_BAD_FLAGS;
    }
    if (!cp_payload_ok(h)) {
        return GPU_CMDE_BAD_PAYLOAD;
    }
    return GPU_CMDE_OK;
}

/* what a packet that passed its checks carries out: SIMT_LAUNCH's fields of a DISPATCH; the
 * descriptor and slot of a LOAD_RSTATE; the state, vertex block and features of an RDRAW; the
 * state, features, sampler, colour and corners of an RRECT */
typedef struct {
    unsigned threads, prog_off, data_off;   /* DISPATCH (a shader kernel: threads = tiles) */
    uint8_t shader;                         /* DISPATCH: the entry is a shader kernel ... */
    uint32_t entry, arg_base, grid_x;       /* ... its entry pc and ARG_BASE; DISPATCH_2D: the grid's x */
    uint32_t rs[CP_RSTATE_WORDS];           /* LOAD_RSTATE, LOAD_GSTATE, LOAD_GPARAM: the descriptor as read */
    unsigned slot;                          /* LOAD_*: arg0; RDRAW: STATE_ID; RRECT: arg1; GDRAW: the RSTATE slot */
    uint32_t vtx;                           /* RDRAW: the vertex block */
    uint8_t gouraud, depth, blend, texture; /* RDRAW, RRECT, a GDRAW block: the features on */
    uint32_t sampler;                       /* RDRAW, RRECT, GDRAW: the sampler's address (with texture on) */
    uint32_t argb;                          /* RRECT: the colour, ARGB8888 */
    int32_t x0, y0, x1, y1;                 /* RRECT: the corners (X1, Y1 exclusive) */
    uint32_t blocks, nblocks;               /* GDRAW: the first block (arg0) and the number of blocks */
    unsigned gs, gp;                        /* GDRAW: the GSTATE and GPARAM slots */
    uint8_t strip;                          /* GDRAW: arg2.STRIP */
} cp_plan_t;

static uint8_t cp_dispatch_shader(gpu_model_t *m, const cp_hdr_t *h, const cp_plan_t *L);

/* the DISPATCH checks after the common ones ("Compute", "Checks"); the descriptor comes from
 * the header (direct), the payload, or memory at arg0 (indirect), the entry from the table */
static uint8_t cp_check_dispatch(const gpu_model_t *m, const cp_hdr_t *h, const uint32_t *pay, cp_plan_t *L)
{
    const cp_t *c = &m->cp;
    uint32_t d[CP_DESC_WORDS]; /* kernel_id, grid, block, arg_ptr, reserved */
    if (h->flags & GPU_CMDF_PAYLOAD) {
        memcpy(d, pay, sizeof(d));
    } else if (h->arg2 & CP_DESC_INDIRECT) {
        const uint8_t st = cp_read_desc(m, h->arg0, 4u, CP_DESC_WORDS, d);
        if (st != GPU_CMDE_OK) {
            return st;
        }
    } else {
        d[0] = h->arg2;
        d[1] = h->arg0;
        d[2] = h->arg1;
        d[3] = 0;
        d[4] = 0;
    }
    const uint32_t kid = d[0], grid = d[1], block = d[2], arg_ptr = d[3], rsvd = d[4];
    /* blocks of 4 threads in one dimension: 1D block 0 or 4, 2D {y, x} = {0, 0}, {0, 4}, {1, 4} */
    const int block_ok = h->opcode == GPU_CMD_DISPATCH_2D
                             ? (block == 0 || block == CP_BLOCK_DIM || block == ((1u << 16) | CP_BLOCK_DIM))
                             : (block == 0 || block == CP_BLOCK_DIM);
    if (!block_ok) {
        return GPU_CMDE_UNSUPPORTED;
    }
    const uint64_t threads =
        h->opcode == GPU_CMD_DISPATCH_2D ? (uint64_t)(grid & 0xFFFFu) * (grid >> 16) : (uint64_t)grid;
    if (threads > SIMT_LAUNCH_THREADS_MASK) {
        return GPU_CMDE_BAD_ARG;
    }
    if (rsvd != 0) {
        return GPU_CMDE_BAD_ARG;
    }
    if (arg_ptr != 0 && !(arg_ptr >= GPU_SIMT_DATA_WIN && arg_ptr - GPU_SIMT_DATA_WIN < (1u << SIMT_DATA_AW))) {
        return GPU_CMDE_BAD_ARG;
    }
    const uint32_t count = (uint32_t)((c->ktab >> CP_KTAB_COUNT_SHIFT) & CP_KTAB_COUNT_MASK);
    const uint64_t base = ((c->ktab >> CP_KTAB_BASE_SHIFT) & CP_KTAB_BASE_MASK) << CP_KTAB_BASE_SHIFT;
    if (kid >= count) {
        return GPU_CMDE_BAD_ARG;
    }
    const uint64_t entry = base + 8u * (uint64_t)kid;
    if (!cp_win_contains(c, entry, 8)) {
        return GPU_CMDE_RANGE;
    }
    const uint32_t prog = gpu_model_mem_read(m, (uint32_t)entry), data = gpu_model_mem_read(m, (uint32_t)entry + 4u);
    L->shader = (uint8_t)(data >> CP_KENT_SHADER_BIT);
    if (L->shader) {
        /* a shader kernel: word 0 its entry pc (< 32 MiB, 4-byte aligned), word 1 bits 24:0 its
         * ARG_BASE when arg_ptr is 0, bits 30:25 reserved */
        if ((prog >> GPU_MEM_AW) != 0 || (prog & 3u) != 0 || ((data >> GPU_MEM_AW) & 0x3Fu) != 0) {
            return GPU_CMDE_BAD_ARG;
        }
        if (m->shd_ncores == 0) {
            return GPU_CMDE_UNSUPPORTED; /* no shader tile in this build */
        }
        L->entry = prog;
        L->arg_base = arg_ptr != 0 ? arg_ptr : (data & GPU_MEM_MASK);
        L->grid_x = grid & 0xFFFFu;
        L->threads = (unsigned)threads;
        return GPU_CMDE_OK;
    }
    if ((prog >> SIMT_PROG_AW) != 0 || (data >> SIMT_DATA_AW) != 0) {
        return GPU_CMDE_BAD_ARG;
    }
    if (m->simt_absent) {
        return GPU_CMDE_UNSUPPORTED; /* no SIMT cluster in this build */
    }
    L->threads = (unsigned)threads;
    L->prog_off = prog;
    L->data_off = arg_ptr != 0 ? arg_ptr - GPU_SIMT_DATA_WIN : data;
    return GPU_CMDE_OK;
}

/* LOAD_RSTATE's checks ("Draws"): the id, the descriptor's ALIGN and RANGE, then its 16 words
 * in the documented order */
static uint8_t cp_check_load_rstate(const gpu_model_t *m, const cp_hdr_t *h, cp_plan_t *L)
{
    if (h->arg0 >= CP_RSTATE_SLOTS) {
        return GPU_CMDE_BAD_ARG;
    }
    uint32_t *rs = L->rs;
    const uint8_t st = cp_read_desc(m, h->arg1, RS_ALIGN, CP_RSTATE_WORDS, rs);
    if (st != GPU_CMDE_OK) {
        return st;
    }
    if (rs[RS_FB_BASE] % CP_FB_ALIGN) {
        return GPU_CMDE_BAD_ARG;
    }
    if (!(rs[RS_FB_STRIDE] == 0 || rs[RS_FB_STRIDE] == CP_FB_STRIDE) || rs[RS_FB_FORMAT] != CP_FB_FORMAT_RGB565 ||
        !(rs[RS_FB_WH] == 0 || rs[RS_FB_WH] == RS_WH_640X480)) {
        return GPU_CMDE_UNSUPPORTED;
    }
    const uint32_t df = rs[RS_DEPTH_FORMAT];
    if (df != RS_DEPTH_NONE && df != RS_DEPTH_D24) {
        return GPU_CMDE_UNSUPPORTED; /* 1 = D16 and the reserved values */
    }
    if (df == RS_DEPTH_D24) {
        if (rs[RS_DEPTH_BASE] % CP_FB_ALIGN) {
            return GPU_CMDE_BAD_ARG;
        }
        if (!(rs[RS_DEPTH_STRIDE] == 0 || rs[RS_DEPTH_STRIDE] == CP_FB_STRIDE)) {
            return GPU_CMDE_UNSUPPORTED;
        }
    }
    if (rs[RS_BLEND_MODE] > RS_BLEND_ADD) {
        return GPU_CMDE_UNSUPPORTED;
    }
    const uint32_t f0 = rs[RS_FLAGS0];
    if (f0 >> RS_F0_BITS) {
        return GPU_CMDE_BAD_ARG;
    }
    if (f0 & RS_F0_SCISSOR) {
        return GPU_CMDE_UNSUPPORTED; /* the pipeline has no scissor */
    }
    if ((f0 & RS_F0_DEPTH) && df != RS_DEPTH_D24) {
        return GPU_CMDE_BAD_ARG;
    }
    if (rs[RS_RESERVED0] | rs[RS_RESERVED0 + 1] | rs[RS_RESERVED0 + 2]) {
        return GPU_CMDE_BAD_ARG;
    }
    L->slot = h->arg0;
    return GPU_CMDE_OK;
}

/* RDRAW's checks ("Draws"): the descriptor (ALIGN, RANGE, read first), the vertex block's
 * choice, the state, reserved word and flags (BAD_ARG), the block (ALIGN, RANGE), the sampler
 * with texture on (ALIGN, RANGE), then every vertex's values (BAD_ARG) */
static uint8_t cp_check_rdraw(const gpu_model_t *m, const cp_hdr_t *h, cp_plan_t *L)
{
    const cp_t *c = &m->cp;
    uint32_t d[RD_WORDS];
    const uint8_t st = cp_read_desc(m, h->arg0, RD_ALIGN, RD_WORDS, d);
    if (st != GPU_CMDE_OK) {
        return st;
    }
    const uint32_t sid = d[RD_STATE_ID], flags = d[RD_FLAGS] | h->arg2;
    if (sid >= CP_RSTATE_SLOTS || !((c->rstate_loaded >> sid) & 1u)) {
        return GPU_CMDE_BAD_ARG;
    }
    if (d[RD_RESERVED] != 0 || (flags >> RD_FLAG_BITS) != 0) {
        return GPU_CMDE_BAD_ARG;
    }
    /* the vertex block: arg1, else VTX_PTR, else the previous RDRAW's that drew (none:
     * BAD_ARG, like the three checks above, so its place among them is not observable) */
    const uint32_t vtx = h->arg1 ? h->arg1 : d[RD_VTX_PTR] ? d[RD_VTX_PTR] : c->vtx_last;
    if (h->arg1 == 0 && d[RD_VTX_PTR] == 0 && !c->vtx_valid) {
        return GPU_CMDE_BAD_ARG;
    }
    const uint32_t *rs = c->rstate[sid];
    L->slot = sid;
    L->vtx = vtx;
    L->gouraud = (flags & RD_GOURAUD) != 0;
    L->depth = (flags & RD_DEPTH) && (rs[RS_FLAGS0] & RS_F0_DEPTH);
    L->blend = (flags & RD_BLEND) && rs[RS_BLEND_MODE] != 0;
    L->texture = (flags & RD_TEXTURE) && (rs[RS_FLAGS0] & RS_F0_TEXTURE);
    L->sampler = rs[RS_SAMPLER];
    if (vtx % VX_ALIGN) {
        return GPU_CMDE_ALIGN;
    }
    if (!cp_win_contains(c, vtx, VX_BLOCK_BYTES)) {
        return GPU_CMDE_RANGE;
    }
    if (L->texture) {
        if (rs[RS_SAMPLER] % 4u) {
            return GPU_CMDE_ALIGN;
        }
        if (!cp_win_contains(c, rs[RS_SAMPLER], 4u * SAMPLER_WORDS)) {
            return GPU_CMDE_RANGE;
        }
    }
    for (unsigned v = 0; v < 3; v++) {
        const uint32_t a = vtx + 4u * VX_WORDS * v;
        const int32_t x = (int32_t)gpu_model_mem_read(m, a + 4u * VX_X);
        const int32_t y = (int32_t)gpu_model_mem_read(m, a + 4u * VX_Y);
        const uint32_t z = gpu_model_mem_read(m, a + 4u * VX_Z);
        if (x < VX_POS_MIN || x > VX_POS_MAX || y < VX_POS_MIN || y > VX_POS_MAX || z > VX_Z_MAX) {
            return GPU_CMDE_BAD_ARG;
        }
        if (L->texture) {
            const int32_t u = (int32_t)gpu_model_mem_read(m, a + 4u * VX_U);
            const int32_t vv = (int32_t)gpu_model_mem_read(m, a + 4u * VX_V);
            if (u < VX_UV_MIN || u > VX_UV_MAX || vv < VX_UV_MIN || vv > VX_UV_MAX) {
                return GPU_CMDE_BAD_ARG;
            }
        }
    }
    return GPU_CMDE_OK;
}

static int cp_pos_ok(int32_t p) { return p >= VX_POS_MIN && p <= VX_POS_MAX; }

/* RRECT's checks ("Draws"): the descriptor (ALIGN, RANGE, read first); the state id, arg2's
 * bits, FLAGS, RESERVED and the four corners (BAD_ARG); with FLAGS.TEXTURED the sampler chosen
 * (ALIGN, RANGE). An empty rectangle passes them like any other and then draws nothing. */
static uint8_t cp_check_rrect(const gpu_model_t *m, const cp_hdr_t *h, cp_plan_t *L)
{
    const cp_t *c = &m->cp;
    uint32_t d[RR_WORDS];
    const uint8_t st = cp_read_desc(m, h->arg0, RR_ALIGN, RR_WORDS, d);
    if (st != GPU_CMDE_OK) {
        return st;
    }
    const uint32_t sid = h->arg1, fl = d[RR_FLAGS];
    if (sid >= CP_RSTATE_SLOTS || !((c->rstate_loaded >> sid) & 1u)) {
        return GPU_CMDE_BAD_ARG;
    }
    if ((h->arg2 & ~RR_DRAW_FLAGS) != 0 || (fl >> RR_FLAG_BITS) != 0 || d[RR_RESERVED] != 0) {
        return GPU_CMDE_BAD_ARG;
    }
    L->x0 = (int32_t)d[RR_X0];
    L->y0 = (int32_t)d[RR_Y0];
    L->x1 = (int32_t)d[RR_X1];
    L->y1 = (int32_t)d[RR_Y1];
    if (!cp_pos_ok(L->x0) || !cp_pos_ok(L->y0) || !cp_pos_ok(L->x1) || !cp_pos_ok(L->y1)) {
        return GPU_CMDE_BAD_ARG;
    }
    const uint32_t *rs = c->rstate[sid];
    L->slot = sid;
    L->texture = (fl & RR_TEXTURED) != 0; /* the state's ENABLE_TEXTURE is not asked */
    L->sampler = (fl & RR_STATE_SAMPLER) || d[RR_SAMPLER] == 0 ? rs[RS_SAMPLER] : d[RR_SAMPLER];
    if (L->texture) {
        if (L->sampler % 4u) {
            return GPU_CMDE_ALIGN;
        }
        if (!cp_win_contains(c, L->sampler, 4u * SAMPLER_WORDS)) {
            return GPU_CMDE_RANGE;
        }
    }
    L->argb = (fl & RR_STATE_COLOR) || d[RR_COLOR] == 0 ? rs[RS_CONST_COLOR] : d[RR_COLOR];
    L->gouraud = 0;
    L->depth = (h->arg2 & RD_DEPTH) && (rs[RS_FLAGS0] & RS_F0_DEPTH);
    L->blend = (h->arg2 & RD_BLEND) && rs[RS_BLEND_MODE] != 0;
    return GPU_CMDE_OK;
}

/* LOAD_GSTATE's checks ("Geometry"): the slot and arg2 (BAD_ARG), the descriptor's ALIGN and
 * RANGE, then its 16 words in word order */
static uint8_t cp_check_load_gstate(const gpu_model_t *m, const cp_hdr_t *h, cp_plan_t *L)
{
    if (h->arg0 >= CP_GSTATE_SLOTS || (h->arg2 & ~GS_ARG2_PRELOAD) != 0) {
        return GPU_CMDE_BAD_ARG;
    }
    uint32_t *gs = L->rs;
    const uint8_t st = cp_read_desc(m, h->arg1, GS_ALIGN, CP_GSTATE_WORDS, gs);
    if (st != GPU_CMDE_OK) {
        return st;
    }
    if (gs[GS_VBO_BASE] % 4u) {
        return GPU_CMDE_BAD_ARG;
    }
    const uint32_t stride = gs[GS_VBO_STRIDE];
    if (stride % 4u || stride < GS_STRIDE_MIN || stride > GS_STRIDE_MAX) {
        return GPU_CMDE_BAD_ARG;
    }
    const uint32_t fmt = gs[GS_IBO_FORMAT];
    if (fmt != GS_IBO_U16 && fmt != GS_IBO_U32) {
        return GPU_CMDE_BAD_ARG;
    }
    if (gs[GS_IBO_BASE] % (fmt == GS_IBO_U32 ? 4u : 2u)) {
        return GPU_CMDE_BAD_ARG; /* IBO_BASE (word 2) a multiple of the index size (word 3) */
    }
    if (gs[GS_MVP_PTR] != 0 || gs[GS_LIGHT0_PTR] != 0) {
        return GPU_CMDE_UNSUPPORTED; /* no transform, no lighting */
    }
    const uint32_t cc = gs[GS_CULL_CLIP];
    if (cc >> GS_CC_BITS) {
        return GPU_CMDE_BAD_ARG;
    }
    if (cc & (GS_CULL_ENABLE | GS_CLIP_ENABLE)) {
        return GPU_CMDE_UNSUPPORTED; /* both windings drawn; the range is the vertex range */
    }
    for (unsigned i = GS_RESERVED0; i < CP_GSTATE_WORDS; i++) {
        if (gs[i] != 0) {
            return GPU_CMDE_BAD_ARG;
        }
    }
    L->slot = h->arg0;
    return GPU_CMDE_OK;
}

/* LOAD_GPARAM's checks ("Geometry"): the slot (BAD_ARG), the descriptor's ALIGN and RANGE, then
 * BASE_INSTANCE and words 3..7 zero (BAD_ARG); arg2 is ignored */
static uint8_t cp_check_load_gparam(const gpu_model_t *m, const cp_hdr_t *h, cp_plan_t *L)
{
    if (h->arg0 >= CP_GPARAM_SLOTS) {
        return GPU_CMDE_BAD_ARG;
    }
    uint32_t *gp = L->rs;
    const uint8_t st = cp_read_desc(m, h->arg1, GP_ALIGN, CP_GPARAM_WORDS, gp);
    if (st != GPU_CMDE_OK) {
        return st;
    }
    if (gp[GP_BASE_INSTANCE] != 0) {
        return GPU_CMDE_BAD_ARG;
    }
    for (unsigned i = GP_RESERVED0; i < CP_GPARAM_WORDS; i++) {
        if (gp[i] != 0) {
            return GPU_CMDE_BAD_ARG;
        }
    }
    L->slot = h->arg0;
    return GPU_CMDE_OK;
}

/* GDRAW's checks 1-3 ("Geometry"): arg2's other bits and the three slots (BAD_ARG); arg0 % 16
 * (ALIGN); direct: the block's 24 bytes (RANGE); indirect: the count (ALIGN, RANGE, read; 0:
 * nothing more), then the blocks' 24 * count bytes (RANGE, 64-bit sum). The check pass and the
 * draw pass (checks 4 and 5) are cp_gdraw's: one walk, run twice. */
static uint8_t cp_check_gdraw(const gpu_model_t *m, const cp_hdr_t *h, cp_plan_t *L)
{
    const cp_t *c = &m->cp;
    const unsigned gs = (h->arg2 >> GD_A2_GS_SHIFT) & GD_A2_SLOT_MASK;
    const unsigned gp = (h->arg2 >> GD_A2_GP_SHIFT) & GD_A2_SLOT_MASK;
    const unsigned rs = (h->arg2 >> GD_A2_RS_SHIFT) & GD_A2_SLOT_MASK;
    if ((h->arg2 & ~GD_A2_BITS) != 0 || !((c->gstate_loaded >> gs) & 1u) || !((c->gparam_loaded >> gp) & 1u) ||
        !((c->rstate_loaded >> rs) & 1u)) {
        return GPU_CMDE_BAD_ARG;
    }
    if (h->arg0 % GD_ALIGN) {
        return GPU_CMDE_ALIGN;
    }
    uint32_t n = 1;
    if (h->arg1 == 0) {
        if (!cp_win_contains(c, h->arg0, GD_BLOCK_BYTES)) {
            return GPU_CMDE_RANGE;
        }
    } else {
        const uint8_t st = cp_read_desc(m, h->arg1, GD_COUNT_ALIGN, 1, &n);
        if (st != GPU_CMDE_OK) {
            return st;
        }
        if (n != 0 && !cp_win_contains(c, h->arg0, (uint64_t)GD_BLOCK_BYTES * n)) {
            return GPU_CMDE_RANGE;
        }
    }
    L->blocks = h->arg0;
    L->nblocks = n; /* 0: an indirect count of 0, OK with nothing more read */
    L->gs = gs;
    L->gp = gp;
    L->slot = rs;
    L->strip = (h->arg2 & GD_A2_STRIP) != 0;
    return GPU_CMDE_OK;
}

/* step 5 of "Validation": the opcode's own checks, in the order of the table. pay: the payload
 * words the packet carried (npay of them: 0 without PAYLOAD). */
/* the checks of a copy from arg1 to arg0 over n bytes each (BLIT, COPY_BUFFER, SPRITE_DRAW,
 * LAYER_BLEND), in the documented order: both addresses word-aligned (ALIGN), the opcode's own
 * argument checks (bad_arg: BAD_ARG), destination then source in the window (RANGE), the two
 * spans disjoint (OVERLAP) */
static uint8_t cp_check_pair(const cp_t *c, const cp_hdr_t *h, uint64_t n, int bad_arg)
{
    if (h->arg0 % 4u || h->arg1 % 4u) {
        return GPU_CMDE_ALIGN;
    }
    if (bad_arg) {
        return GPU_CMDE_BAD_ARG;
    }
    if (!cp_win_contains(c, h->arg0, n) || !cp_win_contains(c, h->arg1, n)) {
        return GPU_CMDE_RANGE;
    }
    if (cp_overlap(h->arg0, h->arg1, n)) {
        return GPU_CMDE_OVERLAP;
    }
    return GPU_CMDE_OK;
}

static uint8_t cp_check(const gpu_model_t *m, const cp_hdr_t *h, const uint32_t *pay, unsigned npay,
                        cp_plan_t *L)
{
    const cp_t *c = &m->cp;
    const uint64_t words = 4u * (uint64_t)h->len;
    switch (h->opcode) {
    case GPU_CMD_WRITE_MEM:
        if (h->arg0 % 4u) {
            return GPU_CMDE_ALIGN;
        }
        if (!cp_win_contains(c, h->arg0, words)) {
            return GPU_CMDE_RANGE;
        }
        return GPU_CMDE_OK;
    case GPU_CMD_READ_MEM:
        if (h->arg0 % 4u) {
            return GPU_CMDE_ALIGN;
        }
        if (!cp_win_contains(c, h->arg0, words)) {
            return GPU_CMDE_RANGE;
        }
        if ((unsigned)c->pipe_count + h->len > GPU_CMD_PIPE_WORDS) {
            return GPU_CMDE_PIPE_FULL;
        }
        return GPU_CMDE_OK;
    case GPU_CMD_FILL_RECT:
    case GPU_CMD_CLEAR_LAYER: {
        const uint32_t w = h->arg1 & 0xFFFFu, ht = h->arg1 >> 16;
        if (h->arg0 % 4u) {
            return GPU_CMDE_ALIGN;
        }
        if (w > GPU_CMD_ROW_WORDS) {
            return GPU_CMDE_BAD_ARG;
        }
        if (!cp_win_contains(c, h->arg0, cp_rect_bytes(w, ht))) {
            return GPU_CMDE_RANGE;
        }
        return GPU_CMDE_OK;
    }
    case GPU_CMD_BLIT: {
        const uint32_t w = h->arg2 & 0xFFFFu, ht = h->arg2 >> 16;
        return cp_check_pair(c, h, cp_rect_bytes(w, ht), w > GPU_CMD_ROW_WORDS);
    }
    case GPU_CMD_COPY_BUFFER:
        return cp_check_pair(c, h, words, 0);
    case GPU_CMD_SPRITE_DRAW:
    case GPU_CMD_LAYER_BLEND: {
        /* SPRITE_DRAW: w x h = arg2, the key word (bits 31:17 zero) in the payload;
         * LAYER_BLEND: a = arg2 <= 0x100, the region {h, w} in the payload or 640 x 480 */
        const int sprite = h->opcode == GPU_CMD_SPRITE_DRAW;
        const uint32_t wh = sprite ? h->arg2 : npay ? pay[0] : (GPU_FB_H << 16) | GPU_FB_W;
        const uint32_t w = wh & 0xFFFFu, ht = wh >> 16;
        const int bad = sprite ? (npay && (pay[0] >> CP_KEY_BITS) != 0) : h->arg2 > CP_ALPHA_ONE;
        return cp_check_pair(c, h, cp_rect_bytes(w, ht), w > GPU_CMD_ROW_WORDS || bad);
    }
    case GPU_CMD_DISPATCH_1D:
    case GPU_CMD_DISPATCH_2D:
        return cp_check_dispatch(m, h, pay, L);
    case GPU_CMD_BARRIER:
        return GPU_CMDE_OK;
    case GPU_CMD_SET_FB:
        if (!(h->arg1 == 0 || h->arg1 == CP_FB_STRIDE) || h->arg2 != CP_FB_FORMAT_RGB565) {
            return GPU_CMDE_UNSUPPORTED;
        }
        if (h->arg0 % CP_FB_ALIGN) {
            return GPU_CMDE_ALIGN;
        }
        if (!cp_win_contains(c, h->arg0, CP_RECT_BYTES_FB)) {
            return GPU_CMDE_RANGE;
        }
        return GPU_CMDE_OK;
    case GPU_CMD_LOAD_RSTATE:
        return cp_check_load_rstate(m, h, L);
    case GPU_CMD_RDRAW:
        return cp_check_rdraw(m, h, L);
    case GPU_CMD_RRECT:
        return cp_check_rrect(m, h, L);
    case GPU_CMD_LOAD_GSTATE:
        return cp_check_load_gstate(m, h, L);
    case GPU_CMD_LOAD_GPARAM:
        return cp_check_load_gparam(m, h, L);
    case GPU_CMD_GDRAW:
        return cp_check_gdraw(m, h, L);
    case GPU_CMD_SWAP_FB:
        if (h->arg0 % CP_FB_ALIGN || h->arg1 % CP_FB_ALIGN) {
            return GPU_CMDE_ALIGN;
        }
        if (!cp_win_contains(c, h->arg0, CP_RECT_BYTES_FB) || !cp_win_contains(c, h->arg1, CP_RECT_BYTES_FB)) {
            return GPU_CMDE_RANGE;
        }
        return GPU_CMDE_OK;
    default:
        return GPU_CMDE_UNSUPPORTED; /* not reached: every carried-out opcode is above */
    }
}

/* RGB565 of an ARGB8888 colour: {R[23:19], G[15:10], B[7:3]} */
static uint16_t cp_rgb565(uint32_t argb)
{
    return (uint16_t)((((argb >> 19) & 0x1Fu) << 11) | (((argb >> 10) & 0x3Fu) << 5) | ((argb >> 3) & 0x1Fu));
}

/* one channel of LAYER_BLEND: (s * a + d * (256 - a) + 128) >> 8, a <= 256 */
static uint32_t cp_blend_channel(uint32_t s, uint32_t d, uint32_t a)
{
    return (s * a + d * (256u - a) + 128u) >> 8;
}

/* LAYER_BLEND of RGB565 words: R 15:11, G 10:5, B 4:0 */
static uint32_t cp_blend565(uint32_t s, uint32_t d, uint32_t a)
{
    const uint32_t r = cp_blend_channel((s >> 11) & 0x1Fu, (d >> 11) & 0x1Fu, a);
    const uint32_t g = cp_blend_channel((s >> 5) & 0x3Fu, (d >> 5) & 0x3Fu, a);
    const uint32_t b = cp_blend_channel(s & 0x1Fu, d & 0x1Fu, a);
    return (r << 11) | (g << 5) | b;
}

/* the draw-state writes of RDRAW and RRECT ("Draws"), in the documented order, each as a host
 * write through gpu_model_write: draw-state allocation and texture-cache invalidation happen as
 * for the host. The sampler is read now. */
static void cp_draw_state(gpu_model_t *m, const cp_plan_t *L)
{
    const uint32_t *rs = m->cp.rstate[L->slot];
    gpu_model_write(m, REG_FB_DRAW, rs[RS_FB_BASE]);
    if (L->depth) {
        gpu_model_write(m, REG_FB_ZBUFFER, rs[RS_DEPTH_BASE]); /* Z_COMPARE 0 (LESS) */
    }
    gpu_model_write(m, REG_TRI_MODE,
                    ((uint64_t)L->depth << TRI_MODE_Z_WRITE_SHIFT) | ((uint64_t)L->depth << TRI_MODE_Z_TEST_SHIFT) |
                        ((uint64_t)L->gouraud << TRI_MODE_GOURAUD_SHIFT));
    const uint32_t bm = rs[RS_BLEND_MODE];
    gpu_model_write(m, REG_ALPHA_BLEND, !L->blend ? BLEND_DISABLED : bm == RS_BLEND_ALPHA ? BLEND_ALPHA : BLEND_ADD);
    if (L->texture) {
        for (unsigned i = 0; i < SAMPLER_WORDS; i++) {
            gpu_model_write(m, (uint8_t)(REG_TEX0_BASE + i), gpu_model_mem_read(m, L->sampler + 4u * i));
        }
    } else {
        gpu_model_write(m, REG_TEX0_FMT, 0);
    }
    gpu_model_write(m, REG_TEX1_FMT, 0);
    gpu_model_write(m, REG_TEX2_FMT, 0);
    gpu_model_write(m, REG_TEX3_FMT, 0);
}

/* one vertex's writes: COLOR (ARGB8888 to {A, B, G, R}), UV0 {Q 0x7FFF, V, U} with texture on,
 * VERTEX {Z, Y * 16, X * 16} (X, Y in -2048..2047 pixels: * 16 is 12.4 in 16 bits). The third
 * VERTEX write of a triangle submits it, as a host's would. */
static void cp_draw_vertex(gpu_model_t *m, int texture, uint32_t argb, uint32_t u, uint32_t v, uint32_t x, uint32_t y,
                           uint32_t z)
{
    gpu_model_write(m, REG_COLOR, (argb & 0xFF00FF00u) | ((argb >> 16) & 0xFFu) | ((argb & 0xFFu) << 16));
    if (texture) {
        gpu_model_write(m, REG_UV0,
                        ((uint64_t)VX_Q_ONE << UV0_Q_SHIFT) | ((uint64_t)(v & 0xFFFFu) << UV0_VQ_SHIFT) |
                            (u & 0xFFFFu));
    }
    const uint32_t x16 = (x * 16u) & 0xFFFFu, y16 = (y * 16u) & 0xFFFFu;
    gpu_model_write(m, REG_VERTEX, ((uint64_t)z << VERTEX_Z_SHIFT) | ((uint64_t)y16 << VERTEX_Y_SHIFT) | x16);
}

/* RDRAW's register writes ("Draws"): the draw state, then the three vertices of the block, read
 * now; the block becomes the previous one */
static void cp_rdraw(gpu_model_t *m, const cp_plan_t *L)
{
    cp_t *c = &m->cp;
    cp_draw_state(m, L);
    for (unsigned v = 0; v < 3; v++) {
        uint32_t w[VX_WORDS];
        for (unsigned i = 0; i < VX_WORDS; i++) {
            w[i] = gpu_model_mem_read(m, L->vtx + 4u * (VX_WORDS * v + i));
        }
        cp_draw_vertex(m, L->texture, w[VX_COLOR], w[VX_U], w[VX_V], w[VX_X], w[VX_Y], w[VX_Z]);
    }
    c->vtx_last = L->vtx;
    c->vtx_valid = 1;
}

/* RRECT's register writes ("Draws"): nothing for an empty rectangle; else the draw state
 * (GOURAUD 0) and the triangles (X0, Y0), (X1, Y0), (X0, Y1) and (X1, Y0), (X1, Y1), (X0, Y1),
 * each vertex with the colour, U 0 at X0 and 0x7FFF at X1, V likewise from Y0 to Y1, Z 0.
 * RDRAW's previous vertex block stays as it is. */
static void cp_rrect(gpu_model_t *m, const cp_plan_t *L)
{
    if (L->x1 <= L->x0 || L->y1 <= L->y0) {
        return;
    }
    static const uint8_t corner[6] = {0, 1, 2, 1, 3, 2}; /* bit 0: X1 (else X0), bit 1: Y1 (else Y0) */
    cp_draw_state(m, L);
    for (unsigned i = 0; i < 6; i++) {
        const int right = corner[i] & 1, bottom = corner[i] >> 1;
        cp_draw_vertex(m, L->texture, L->argb, right ? RR_UV_ONE : 0, bottom ? RR_UV_ONE : 0,
                       (uint32_t)(right ? L->x1 : L->x0), (uint32_t)(bottom ? L->y1 : L->y0), 0);
    }
}

/* one vertex of a GDRAW triangle ("Geometry", walk step 5), element e of a block: the index
 * (indexed: its bytes at IBO_BASE + e * size, RANGE, then read; U16 the half of its word given by
 * address bit 1), v = index + BASE_VERTEX (v < 0: RANGE), the vertex's 28 bytes (RANGE), its
 * words read and checked as RDRAW's (BAD_ARG). draw: then its COLOR (MATERIAL_COLOR when COLOR
 * is 0), UV0 and VERTEX writes, before the next vertex is fetched. All sums in 64 bits. */
static uint8_t cp_gdraw_vertex(gpu_model_t *m, const cp_plan_t *B, const uint32_t *gs, const uint32_t *gp,
                               uint64_t e, int indexed, int draw)
{
    const cp_t *c = &m->cp;
    uint64_t index = e;
    if (indexed) {
        const int u32 = gs[GS_IBO_FORMAT] == GS_IBO_U32;
        const uint64_t size = u32 ? 4u : 2u;
        const uint64_t a = gs[GS_IBO_BASE] + e * size;
        if (!cp_win_contains(c, a, size)) {
            return GPU_CMDE_RANGE;
        }
        const uint32_t w = gpu_model_mem_read(m, (uint32_t)(a & ~3ull));
        index = u32 ? w : (a & 2u) ? w >> 16 : w & 0xFFFFu;
    }
    const int64_t v = (int64_t)index + (int64_t)(int32_t)gp[GP_BASE_VERTEX];
    if (v < 0) {
        return GPU_CMDE_RANGE;
    }
    const uint64_t va = gs[GS_VBO_BASE] + (uint64_t)v * gs[GS_VBO_STRIDE];
    if (!cp_win_contains(c, va, GD_VTX_BYTES)) {
        return GPU_CMDE_RANGE;
    }
    uint32_t w[GD_VTX_WORDS];
    for (unsigned i = 0; i < GD_VTX_WORDS; i++) {
        w[i] = gpu_model_mem_read(m, (uint32_t)va + 4u * i);
    }
    const int32_t x = (int32_t)w[VX_X], y = (int32_t)w[VX_Y], u = (int32_t)w[VX_U], vv = (int32_t)w[VX_V];
    if (!cp_pos_ok(x) || !cp_pos_ok(y) || w[VX_Z] > VX_Z_MAX) {
        return GPU_CMDE_BAD_ARG;
    }
    if (B->texture && (u < VX_UV_MIN || u > VX_UV_MAX || vv < VX_UV_MIN || vv > VX_UV_MAX)) {
        return GPU_CMDE_BAD_ARG;
    }
    if (draw) {
        const uint32_t argb = w[VX_COLOR] != 0 ? w[VX_COLOR] : gp[GP_MATERIAL_COLOR];
        cp_draw_vertex(m, B->texture, argb, w[VX_U], w[VX_V], w[VX_X], w[VX_Y], w[VX_Z]);
    }
    return GPU_CMDE_OK;
}

/* The walk of GDRAW ("Geometry"), block by block: draw 0 is the check pass (every check, no
 * register write), draw 1 the draw pass (the same walk, writing registers; its reads see the
 * pixels of the triangles before them, as the model draws each triangle at its third VERTEX
 * write). Per block: its six words read and checked, the draw flags, the sampler with TEXTURE;
 * draw pass, a block with a triangle: RDRAW's draw-state writes once; then each triangle's three
 * vertices (list: 3t, 3t+1, 3t+2 while 3t + 3 <= COUNT; strip: t, t+1, t+2, odd t: t+1, t, t+2,
 * while t + 3 <= COUNT). The first failing check gives the status; in the draw pass what was
 * written before it stays written. Budget: with CP_WATCHDOG = N > 0 (its value as the packet
 * runs) a pass fetches at most N vertices; reaching a vertex (before its index read) with N
 * already fetched in this pass ends the packet with WATCHDOG. */
static uint8_t cp_gdraw_walk(gpu_model_t *m, const cp_plan_t *L, int draw)
{
    const cp_t *c = &m->cp;
    const uint32_t *gs = c->gstate[L->gs], *gp = c->gparam[L->gp], *rs = c->rstate[L->slot];
    const uint64_t budget = c->watchdog; /* 0: no budget */
    uint64_t fetched = 0;                /* vertices fetched in this pass, over all blocks */
    for (uint32_t i = 0; i < L->nblocks; i++) {
        const uint32_t a = (uint32_t)(L->blocks + (uint64_t)GD_BLOCK_BYTES * i); /* in the window: below 32 MiB */
        uint32_t d[GD_WORDS];
        for (unsigned k = 0; k < GD_WORDS; k++) {
            d[k] = gpu_model_mem_read(m, a + 4u * k);
        }
        if (d[GD_TOPOLOGY] > GD_TOPO_STRIP || (d[GD_FLAGS] >> GD_FLAG_BITS) != 0) {
            return GPU_CMDE_BAD_ARG;
        }
        if (d[GD_RSTATE_PTR] != 0) {
            return GPU_CMDE_UNSUPPORTED; /* no per-draw override: the slot is named in arg2 */
        }
        if (d[GD_RESERVED] != 0) {
            return GPU_CMDE_BAD_ARG;
        }
        const int indexed = (d[GD_FLAGS] & GD_INDEXED) != 0;
        if (indexed && gs[GS_IBO_BASE] == 0) {
            return GPU_CMDE_BAD_ARG; /* IBO_BASE 0 means non-indexed */
        }
        cp_plan_t B = *L;
        B.gouraud = (d[GD_FLAGS] & GD_SHADE_FLAT) == 0;
        B.depth = (rs[RS_FLAGS0] & RS_F0_DEPTH) != 0;
        B.blend = rs[RS_BLEND_MODE] != 0;
        B.texture = (d[GD_FLAGS] & GD_TEXTURED) && (rs[RS_FLAGS0] & RS_F0_TEXTURE);
        B.sampler = rs[RS_SAMPLER];
        if (B.texture) {
            if (B.sampler % 4u) {
                return GPU_CMDE_ALIGN;
            }
            if (!cp_win_contains(c, B.sampler, 4u * SAMPLER_WORDS)) {
                return GPU_CMDE_RANGE;
            }
        }
        const int strip = d[GD_TOPOLOGY] == GD_TOPO_STRIP || L->strip;
        const uint64_t count = d[GD_COUNT];
        const uint64_t ntri = strip ? (count >= 3 ? count - 2 : 0) : count / 3;
        if (draw && ntri > 0) {
            cp_draw_state(m, &B);
        }
        for (uint64_t t = 0; t < ntri; t++) {
            const int odd = strip && (t & 1u);
            const uint64_t p0 = strip ? t : 3 * t;
            const uint64_t q[3] = {odd ? p0 + 1 : p0, odd ? p0 : p0 + 1, p0 + 2};
            for (unsigned k = 0; k < 3; k++) {
                if (budget != 0 && fetched >= budget) {
                    return GPU_CMDE_WATCHDOG; /* "Budget": vertex N + 1 of the pass */
                }
                fetched++;
                const uint8_t st = cp_gdraw_vertex(m, &B, gs, gp, (uint64_t)d[GD_FIRST] + q[k], indexed, draw);
                if (st != GPU_CMDE_OK) {
                    return st;
                }
            }
        }
    }
    return GPU_CMDE_OK;
}

/* GDRAW after checks 1-3: the check pass, then the draw pass (its status: OK, or the check the
 * draw's own pixels made fail) */
static uint8_t cp_gdraw(gpu_model_t *m, const cp_plan_t *L)
{
    const uint8_t st = cp_gdraw_walk(m, L, 0);
    return st != GPU_CMDE_OK ? st : cp_gdraw_walk(m, L, 1);
}

/* the effect of a packet that passed its checks (WRITE_MEM: its payload words, in cp_payload).
 * Returns its status: OK, or for a DISPATCH whose kernel never returns WATCHDOG (CP_WATCHDOG
 * > 0; event GPU_EV_KERNEL_STOP) or OK with the stream held (c->held: the next write decides),
 * or for a GDRAW the status of its check pass or draw pass. */
static uint8_t cp_execute(gpu_model_t *m, const cp_hdr_t *h, const uint32_t *pay, unsigned npay, const cp_plan_t *L)
{
    cp_t *c = &m->cp;
    switch (h->opcode) {
    case GPU_CMD_READ_MEM:
        for (uint32_t i = 0; i < h->len; i++) {
            c->pipe[(c->pipe_head + c->pipe_count) % GPU_CMD_PIPE_WORDS] = gpu_model_mem_read(m, h->arg0 + 4u * i);
            c->pipe_count++;
        }
        break;
    case GPU_CMD_FILL_RECT:
    case GPU_CMD_CLEAR_LAYER: {
        /* rows top down, words left to right; CLEAR_LAYER writes bits 15:0 only (the pixel
         * path's framebuffer write, byte enables 0011) */
        const uint32_t w = h->arg1 & 0xFFFFu, ht = h->arg1 >> 16;
        const int fill = h->opcode == GPU_CMD_FILL_RECT;
        const uint32_t data = fill ? h->arg2 : cp_rgb565(h->arg2);
        for (uint32_t y = 0; y < ht && w > 0; y++) {
            for (uint32_t x = 0; x < w; x++) {
                gpu_model_mem_write(m, GPU_UNIT_CP, h->arg0 + (y * GPU_CMD_ROW_WORDS + x) * 4u, data, fill ? 0xF : 0x3,
                                    0);
            }
        }
        break;
    }
    case GPU_CMD_BLIT: {
        const uint32_t w = h->arg2 & 0xFFFFu, ht = h->arg2 >> 16;
        for (uint32_t y = 0; y < ht && w > 0; y++) {
            for (uint32_t x = 0; x < w; x++) {
                const uint32_t off = (y * GPU_CMD_ROW_WORDS + x) * 4u;
                gpu_model_mem_write(m, GPU_UNIT_CP, h->arg0 + off, gpu_model_mem_read(m, h->arg1 + off), 0xF, 0);
            }
        }
        break;
    }
    case GPU_CMD_SPRITE_DRAW: {
        /* every source word, rows top down: s[15:0] to bits 15:0 of the destination (byte
         * enables 0011) unless the key is on and s[15:0] equals it: then nothing is written */
        const uint32_t w = h->arg2 & 0xFFFFu, ht = h->arg2 >> 16;
        const uint32_t key = npay ? pay[0] : 0;
        for (uint32_t y = 0; y < ht && w > 0; y++) {
            for (uint32_t x = 0; x < w; x++) {
                const uint32_t off = (y * GPU_CMD_ROW_WORDS + x) * 4u;
                const uint32_t s = gpu_model_mem_read(m, h->arg1 + off) & 0xFFFFu;
                if ((key & CP_KEY_ON) && s == (key & 0xFFFFu)) {
                    continue;
                }
                gpu_model_mem_write(m, GPU_UNIT_CP, h->arg0 + off, s, 0x3, 0);
            }
        }
        break;
    }
    case GPU_CMD_LAYER_BLEND: {
        /* the region {h, w} of the payload word, or 640 x 480; every word rows top down,
         * written to bits 15:0 (byte enables 0011) */
        const uint32_t wh = npay ? pay[0] : (GPU_FB_H << 16) | GPU_FB_W;
        const uint32_t w = wh & 0xFFFFu, ht = wh >> 16;
        for (uint32_t y = 0; y < ht && w > 0; y++) {
            for (uint32_t x = 0; x < w; x++) {
                const uint32_t off = (y * GPU_CMD_ROW_WORDS + x) * 4u;
                const uint32_t s = gpu_model_mem_read(m, h->arg1 + off) & 0xFFFFu;
                const uint32_t d = gpu_model_mem_read(m, h->arg0 + off) & 0xFFFFu;
                gpu_model_mem_write(m, GPU_UNIT_CP, h->arg0 + off, cp_blend565(s, d, h->arg2), 0x3, 0);
            }
        }
        break;
    }
    case GPU_CMD_DISPATCH_1D:
    case GPU_CMD_DISPATCH_2D:
        if (L->shader) {
            return cp_dispatch_shader(m, h, L);
        }
        /* as a SIMT_LAUNCH write; the reference simulator runs the kernel at once. A kernel
         * that does not end within its step limit never returns (docs/command.md "What the
         * model does"): the watchdog stops it, or without one the stream is held */
        if (simt_launch(m, L->threads, L->prog_off, L->data_off) == 0) {
            break;
        }
        if (c->watchdog != 0) {
            const gpu_event_t ev = {.kind = GPU_EV_KERNEL_STOP, .data = GPU_CMDE_WATCHDOG, .unit = GPU_UNIT_CP};
            gpu_model_emit(m, &ev);
            return GPU_CMDE_WATCHDOG;
        }
        c->held = 1;
        c->held_op = h->opcode;
        c->held_flags = h->flags;
        c->held_rdst = h->rdst;
        break;
    case GPU_CMD_COPY_BUFFER:
        for (uint32_t i = 0; i < h->len; i++) {
            gpu_model_mem_write(m, GPU_UNIT_CP, h->arg0 + 4u * i, gpu_model_mem_read(m, h->arg1 + 4u * i), 0xF, 0);
        }
        break;
    case GPU_CMD_SET_FB:
        gpu_model_write(m, REG_FB_DRAW, h->arg0); /* as a host write: a new draw state */
        break;
    case GPU_CMD_SWAP_FB:
        gpu_model_write(m, REG_FB_DISPLAY, h->arg0); /* shown from the next frame boundary */
        gpu_model_write(m, REG_FB_DRAW, h->arg1);
        break;
    case GPU_CMD_LOAD_RSTATE:
        memcpy(c->rstate[L->slot], L->rs, sizeof(c->rstate[L->slot]));
        c->rstate_loaded |= (uint8_t)(1u << L->slot);
        break;
    case GPU_CMD_RDRAW:
        cp_rdraw(m, L);
        break;
    case GPU_CMD_RRECT:
        cp_rrect(m, L);
        break;
    case GPU_CMD_LOAD_GSTATE:
        memcpy(c->gstate[L->slot], L->rs, sizeof(c->gstate[L->slot]));
        c->gstate_loaded |= (uint8_t)(1u << L->slot);
        break;
    case GPU_CMD_LOAD_GPARAM:
        memcpy(c->gparam[L->slot], L->rs, sizeof(c->gparam[L->slot]));
        c->gparam_loaded |= (uint8_t)(1u << L->slot);
        break;
    case GPU_CMD_GDRAW:
        return cp_gdraw(m, L);
    default: /* WRITE_MEM (its payload, in cp_payload), BARRIER: nothing here */
        break;
    }
    return GPU_CMDE_OK;
}

/* the packet starts: the checks in order, then its effect; c->status = the result */
static void cp_start(gpu_model_t *m, const cp_hdr_t *h)
{
    cp_t *c = &m->cp;
    c->status = cp_validate(c, h);
    if (c->status != GPU_CMDE_OK) {
        return;
    }
    const unsigned npay = (h->flags & GPU_CMDF_PAYLOAD) ? (h->len < CP_PAY_KEEP ? h->len : CP_PAY_KEEP) : 0;
    cp_plan_t L;
    memset(&L, 0, sizeof(L));
    c->status = cp_check(m, h, c->pay, npay, &L);
    if (c->status == GPU_CMDE_OK) {
        c->status = cp_execute(m, h, c->pay, npay, &L);
    }
}

/* completion (docs/command.md "Completion"): EMIT, IRQ / ERROR and CP_ERROR, PACKETS */
static void cp_complete(cp_t *c, uint8_t status, uint8_t opcode, uint8_t flags, uint8_t rdst)
{
    if (flags & GPU_CMDF_EMIT) {
        c->fence = (c->fence + 1u) & CP_FENCE_MASK;
        if (c->fence == 0) {
            c->fence = 1; /* 0 means "never written" */
        }
        c->slot[rdst] = ((uint32_t)status << 24) | c->fence;
    }
    if (flags & GPU_CMDF_IRQ) {
        c->irq_status |= 1u << CP_IRQ_STATUS_DONE_SHIFT;
    }
    if (status != GPU_CMDE_OK) {
        c->irq_status |= 1u << CP_IRQ_STATUS_ERROR_SHIFT;
        c->err_code = status;
        c->err_opcode = opcode;
        c->err_rdst = rdst;
        if (c->err_count != UINT32_MAX) {
            c->err_count++;
        }
    }
    c->packets++;
}

/* the packet is received in full: it completes, unless its kernel holds the stream */
static void cp_finish(cp_t *c)
{
    const cp_hdr_t h = cp_decode(c->hdr);
    c->nhdr = 0;
    if (!c->held) {
        cp_complete(c, c->status, h.opcode, h.flags, h.rdst);
    }
}

/* one payload write: two words, the first in bits 31:0 (WRITE_MEM that passed: written now;
 * SPRITE_DRAW, LAYER_BLEND and DISPATCH: kept, the packet starts after the last write) */
static void cp_payload(gpu_model_t *m, uint64_t data)
{
    cp_t *c = &m->cp;
    const cp_hdr_t h = cp_decode(c->hdr);
    if (h.opcode == GPU_CMD_WRITE_MEM && c->status == GPU_CMDE_OK) {
        for (unsigned k = 0; k < 2 && c->pay_word + k < h.len; k++) {
            gpu_model_mem_write(m, GPU_UNIT_CP, h.arg0 + 4u * (c->pay_word + k), (uint32_t)(data >> (32 * k)), 0xF, 0);
        }
    }
    for (unsigned k = 0; k < 2; k++) {
        if (c->pay_word + k < CP_PAY_KEEP) {
            c->pay[c->pay_word + k] = (uint32_t)(data >> (32 * k));
        }
    }
    c->pay_word += 2;
    if (--c->pay_left == 0) {
        if (c->pay_defer) {
            cp_start(m, &h);
        }
        cp_finish(c);
    }
}

/* one CP_CMD write: the next 8 bytes of the stream */
static void cp_cmd(gpu_model_t *m, uint64_t data)
{
    cp_t *c = &m->cp;
    if (c->nhdr < 2) {
        c->hdr[c->nhdr++] = data;
        if (c->nhdr < 2) {
            return;
        }
        /* the header is complete: payload writes that follow, validation, execution */
        const cp_hdr_t h = cp_decode(c->hdr);
        c->pay_left = (h.flags & GPU_CMDF_PAYLOAD) ? (h.len + 1u) / 2u : 0;
        c->pay_word = 0;
        memset(c->pay, 0, sizeof(c->pay));
        c->status = GPU_CMDE_OK;
        /* a payload received before the packet starts: the checks wait for its last word */
        c->pay_defer = cp_payload_first(&h);
        if (!c->pay_defer) {
            cp_start(m, &h);
        }
        if (c->pay_left == 0) {
            cp_finish(c);
        }
        return;
    }
    cp_payload(m, data);
}

/* CP_CTRL: RESYNC (bit 0) first, then CLEAR (bit 1) when both are set */
static void cp_ctrl(cp_t *c, uint64_t data)
{
    if (((data >> CP_CTRL_RESYNC_SHIFT) & CP_CTRL_RESYNC_MASK) && c->nhdr != 0) {
        /* a partly received packet completes TRUNCATED with its first header word's fields
         * (WRITE_MEM payload words already written stay) */
        const uint64_t w0 = c->hdr[0];
        cp_complete(c, GPU_CMDE_TRUNCATED, (uint8_t)w0, (uint8_t)(w0 >> 8), (uint8_t)(w0 >> 16));
        c->nhdr = 0;
    }
    if ((data >> CP_CTRL_CLEAR_SHIFT) & CP_CTRL_CLEAR_MASK) {
        cp_clear(c);
    }
}

/* A DISPATCH of a shader kernel ("Compute"): SHD_KERNEL = {ARG_BASE, entry} as a register
 * write, then the kernel on the tile once per tile, TILE_OFFSET the tile's number (DISPATCH_2D:
 * {y, x}, row by row), as SHD_LAUNCH writes would run it. A tile that faults ends the packet
 * with FAULT; a hung one is stopped at once by the watchdog (WATCHDOG), or holds the stream
 * (c->held with held_shader: CP_ABORT then ends it ABORTED). Later tiles do not run. */
static uint8_t cp_dispatch_shader(gpu_model_t *m, const cp_hdr_t *h, const cp_plan_t *L)
{
    cp_t *c = &m->cp;
    gpu_model_write(m, REG_SHD_KERNEL, (uint64_t)L->arg_base << 32 | L->entry);
    uint32_t tx = 0, ty = 0;
    for (unsigned t = 0; t < L->threads; t++) {
        const int rc = shader_run(m, ty << 16 | tx);
        if (h->opcode == GPU_CMD_DISPATCH_2D && tx + 1u == L->grid_x) {
            tx = 0;
            ty++;
        } else {
            tx++;
        }
        if (rc < 0) {
            return GPU_CMDE_OK; /* out of memory: as a tile that did nothing */
        }
        if (rc == 0) {
            if ((m->shd_status >> SHD_STATUS_FAULT_SHIFT) & 1u) {
                return GPU_CMDE_FAULT;
            }
            continue;
        }
        if (c->watchdog != 0) {
            shader_stop_kernel(m, SHD_STATUS_WATCHDOG_SHIFT, GPU_CMDE_WATCHDOG);
            return GPU_CMDE_WATCHDOG;
        }
        c->held = 1;
        c->held_shader = 1;
        c->held_op = h->opcode;
        c->held_flags = h->flags;
        c->held_rdst = h->rdst;
        return GPU_CMDE_OK;
    }
    return GPU_CMDE_OK;
}

int cp_hold_write(gpu_model_t *m, uint8_t addr, uint64_t data)
{
    cp_t *c = &m->cp;
    if (c->stuck) {
        return 1; /* the RTL's command FIFO waits behind a kernel that never ends */
    }
    if (!c->held) {
        return 0;
    }
    const uint8_t shader = c->held_shader;
    c->held = 0;
    c->held_shader = 0;
    if (addr == REG_CP_ABORT && ((data >> CP_ABORT_STOP_SHIFT) & CP_ABORT_STOP_MASK)) {
        /* CP_ABORT directly after the DISPATCH: the kernel is stopped, the packet ABORTED */
        if (shader) {
            shader_stop_kernel(m, SHD_STATUS_ABORTED_SHIFT, GPU_CMDE_ABORTED); /* SHD_STATUS, its event */
        } else {
            const gpu_event_t ev = {.kind = GPU_EV_KERNEL_STOP, .data = GPU_CMDE_ABORTED, .unit = GPU_UNIT_CP};
            gpu_model_emit(m, &ev);
        }
        cp_complete(c, GPU_CMDE_ABORTED, c->held_op, c->held_flags, c->held_rdst);
    } else {
        c->stuck = 1; /* any other write finds the stream stuck for good; this one is lost too */
    }
    return 1;
}

/* a CP_* register the command processor holds, not the register file (CP_WIN_*, CP_KTAB and
 * CP_WATCHDOG are the register file's and work in a build without the command processor) */
static int cp_own_reg(uint8_t addr)
{
    return addr != REG_CP_WIN_BASE && addr != REG_CP_WIN_LIMIT && addr != REG_CP_KTAB && addr != REG_CP_WATCHDOG;
}

void cp_write(gpu_model_t *m, uint8_t addr, uint64_t data)
{
    cp_t *c = &m->cp;
    if (m->cp_absent && cp_own_reg(addr)) {
        return; /* no command processor: its registers do nothing */
    }
    switch (addr) {
    case REG_CP_CMD:
        cp_cmd(m, data);
        break;
    case REG_CP_CTRL:
        cp_ctrl(c, data);
        break;
    case REG_CP_IRQ_MASK:
        c->irq_mask = (uint8_t)(data & CP_IRQ_BITS);
        break;
    case REG_CP_IRQ_CLEAR:
        c->irq_status &= (uint8_t)~(data & CP_IRQ_BITS); /* write 1 to clear */
        break;
    case REG_CP_SLOT_ADDR:
        c->slot_addr = (uint8_t)data;
        break;
    case REG_CP_WIN_BASE:
        c->win_base = (uint32_t)(data & (CP_WIN_BASE_ADDR_MASK << CP_WIN_BASE_ADDR_SHIFT));
        break;
    case REG_CP_WIN_LIMIT:
        c->win_limit = (uint32_t)(data & (CP_WIN_LIMIT_ADDR_MASK << CP_WIN_LIMIT_ADDR_SHIFT));
        break;
    case REG_CP_KTAB:
        c->ktab = data & ((CP_KTAB_COUNT_MASK << CP_KTAB_COUNT_SHIFT) | (CP_KTAB_BASE_MASK << CP_KTAB_BASE_SHIFT));
        break;
    case REG_CP_WATCHDOG:
        c->watchdog = (uint32_t)(data & (CP_WATCHDOG_CYCLES_MASK << CP_WATCHDOG_CYCLES_SHIFT));
        break;
    default: /* read-only registers; CP_ABORT when no kernel holds the stream: no effect */
        break;
    }
}

uint64_t cp_read(gpu_model_t *m, uint8_t addr)
{
    cp_t *c = &m->cp;
    if (m->cp_absent && cp_own_reg(addr)) {
        return addr == REG_CP_STATUS ? 1ull << CP_STATUS_ABSENT_SHIFT : 0;
    }
    switch (addr) {
    case REG_CP_STATUS:
        return ((uint64_t)c->packets << CP_STATUS_PACKETS_SHIFT) |
               ((uint64_t)(c->nhdr != 0) << CP_STATUS_PARTIAL_SHIFT) |
               ((uint64_t)c->pipe_count << CP_STATUS_PIPE_COUNT_SHIFT);
    case REG_CP_FENCE:
        return c->fence;
    case REG_CP_ERROR:
        return ((uint64_t)c->err_count << CP_ERROR_COUNT_SHIFT) | ((uint64_t)c->err_rdst << CP_ERROR_RDST_SHIFT) |
               ((uint64_t)c->err_opcode << CP_ERROR_OPCODE_SHIFT) | ((uint64_t)c->err_code << CP_ERROR_CODE_SHIFT);
    case REG_CP_IRQ_STATUS:
        return c->irq_status;
    case REG_CP_IRQ_MASK:
        return c->irq_mask;
    case REG_CP_SLOT_ADDR:
        return c->slot_addr;
    case REG_CP_SLOT_DATA: {
        const uint32_t v = c->slot[c->slot_addr];
        c->slot_addr = (uint8_t)(c->slot_addr + 1u); /* a completed read advances the index */
        return v;
    }
    case REG_CP_PIPE: {
        if (c->pipe_count == 0) {
            return 0;
        }
        const uint32_t v = c->pipe[c->pipe_head];
        c->pipe_head = (uint16_t)((c->pipe_head + 1u) % GPU_CMD_PIPE_WORDS);
        c->pipe_count--;
        return (1ull << CP_PIPE_VALID_SHIFT) | v;
    }
    case REG_CP_WIN_BASE:
        return c->win_base;
    case REG_CP_WIN_LIMIT:
        return c->win_limit;
    case REG_CP_KTAB:
        return c->ktab;
    case REG_CP_WATCHDOG:
        return c->watchdog;
    default: /* CP_CMD, CP_CTRL, CP_IRQ_CLEAR, CP_ABORT: triggers, read 0 */
        return 0;
    }
}

int gpu_model_irq(const gpu_model_t *m) { return (m->cp.irq_status & m->cp.irq_mask) != 0; }

void gpu_model_set_cmd_processor(gpu_model_t *m, int present) { m->cp_absent = present ? 0 : 1; }

int gpu_model_stuck(const gpu_model_t *m) { return m->cp.stuck; }
