/* Internal types of the reference model: one struct per RTL payload, same field names. */
#ifndef GPU_MODEL_INT_H
#define GPU_MODEL_INT_H

#include "color108.h"
#include "gpu_model.h"
#include "tmu.h"
#include <stdint.h>

/* Vertex as latched by the register file (gpu_pkg::vertex_t). */
typedef struct {
    int16_t x, y;    /* 12.4 signed */
    uint32_t z;      /* 25-bit unsigned */
    uint32_t color;  /* A[31:24] B[23:16] G[15:8] R[7:0] */
    uint64_t uv[4];  /* UVn registers as written (textures: later) */
} vertex_t;

/* Z compare functions (gpu_pkg::zcmp_e, FB_ZBUFFER.Z_COMPARE) */
typedef enum { Z_LESS, Z_LEQUAL, Z_EQUAL, Z_GEQUAL, Z_GREATER, Z_NOTEQUAL, Z_ALWAYS, Z_NEVER } zcmp_e;

/* Framebuffer blend modes (gpu_pkg::blend_e, ALPHA_BLEND.MODE) */
typedef enum { BLEND_DISABLED, BLEND_ADD, BLEND_SUBTRACT, BLEND_ALPHA } blend_e;

/* Draw state: the render state a triangle is drawn with (gpu_pkg::draw_state_t, same field
 * names). The register file keeps GPU_DS_N of them (draw_state_table in the RTL); triangles and
 * fragments carry the id of theirs (sid). A triangle submitted after a write to a draw-state
 * register (GPU_DRAW_STATE_REG) takes the next entry of the ring with the current state;
 * otherwise it reuses the entry taken last. */
typedef struct {
    uint8_t z_write;      /* TRI_MODE.Z_WRITE */
    uint8_t z_test;       /* TRI_MODE.Z_TEST */
    uint8_t gouraud;      /* TRI_MODE.GOURAUD */
    uint8_t dither_en;    /* DITHER_MODE.ENABLE */
    zcmp_e z_compare;     /* FB_ZBUFFER.Z_COMPARE */
    uint32_t fb_base;     /* FB_DRAW[24:12] << 12 */
    uint32_t z_base;      /* FB_ZBUFFER[24:12] << 12 */
    blend_e alpha_blend;  /* ALPHA_BLEND.MODE */
    tex_state_t tex[TMU_UNITS]; /* TEXn_BASE/FMT/BLEND/MIP_BIAS/WRAP (tmu.h; model only so far) */
} draw_state_t;

typedef struct {
    vertex_t v[3];
    uint8_t sid;          /* draw state */
    uint16_t prim;
} triangle_t;

/* Interpolated attributes, by index into the planes of setup_attr_t (gpu_pkg::ATTR_*). */
enum { ATTR_Z = 0, ATTR_R, ATTR_G, ATTR_B, ATTR_A, ATTR_N };

/* The setup record that raster_setup hands raster_walk (gpu_pkg::setup_t, field for field).
 * Edge part (gpu_pkg::setup_edge_t): area, edge values at the bbox origin and their steps,
 * the bbox clipped to the screen. */
typedef struct {
    int64_t area;           /* twice the signed area after orientation, > 0, in 1/256 px^2 */
    int64_t w0[3];          /* biased edge values at the bbox origin sample */
    int64_t wx[3], wy[3];   /* edge steps per pixel */
    int16_t bb_x0, bb_x1, bb_y0, bb_y1; /* inclusive pixel bbox, clipped to the screen */
} setup_edge_t;

/* Attribute part (gpu_pkg::setup_attr_t), one plane per ATTR_* index (docs/spec-decisions.md
 * "Attribute interpolation"): the plane value at a pixel is P = c + gx*X + gy*Y (X, Y from the
 * bbox origin, stepped by raster_interp.c), in units of 2^-ATTR_PLANE_FRAC of the attribute's
 * LSB with the rounding half already in c; the attribute is P >> ATTR_PLANE_FRAC. Only the low
 * ATTR_PLANE_W bits matter (Z; colour planes only their low 20): kept as uint64_t, which
 * wraps modulo 2^64 and leaves those bits exact. An attribute that is not interpolated has
 * all three zero. */
#define ATTR_PLANE_FRAC 12
#define ATTR_PLANE_W 37       /* Z: 25 + 12 bits; the colour planes need 8 + 12 */
typedef struct {
    uint64_t c[ATTR_N];     /* (a0 << 12) + 2^11 + rdiv(N(origin)) */
    uint64_t gx[ATTR_N];    /* rdiv(N per +1 pixel in x) */
    uint64_t gy[ATTR_N];    /* rdiv(N per +1 pixel in y) */
} setup_attr_t;

typedef struct {
    setup_edge_t edges;
    setup_attr_t attr;
    uint8_t interp_c;       /* colour from the R, G, B, A planes (else flat_color) */
    uint32_t flat_color;    /* colour of the first submitted vertex */
    tex_planes_t tex;       /* texture planes of the enabled units (tmu_setup.c) */
    uint8_t sid;
    uint16_t prim;
} setup_t;

/* Running attribute plane values of raster_interp (one pixel or one row start). */
typedef struct {
    uint64_t p[ATTR_N];
} interp_t;

/* Fragment from raster_walk (gpu_pkg::frag_t). */
typedef struct {
    uint16_t x, y;          /* the RTL also carries pix = y*640 + x, derived, not modelled */
    uint32_t z;             /* 25-bit */
    uint32_t color;         /* RGBA8, A[31:24] .. R[7:0] */
    uint8_t sid;            /* draw state */
    uint16_t prim;
} frag_t;

/* display controller state (display.c; rtl/display/display_lut.sv, display_scanout.sv) */
typedef struct {
    uint16_t lut[2][3][64]; /* [bank][red, green, blue][entry]: R5G5B5; red/blue use 32 */
    uint8_t bank;           /* the active bank */
    uint8_t swap;           /* SWAP_BANKS requested */
    uint8_t ptr;            /* COLOR_GRADE_LUT_ADDR: {LUT_SELECT[7:6], ENTRY_INDEX[5:0]} */
    uint32_t fb_base;       /* latched at the frame boundary: the frame's buffer (byte address) */
    uint8_t enable;         /* latched at the frame boundary: COLOR_GRADE_CTRL.ENABLE */
} display_t;

/* command processor state (cp.c; rtl/cp/cp_top.sv, docs/command.md) */
#define CP_PAY_KEEP 8 /* payload words kept: SPRITE_DRAW and LAYER_BLEND take 1, DISPATCH 5 */
#define CP_RSTATE_SLOTS 4  /* LOAD_RSTATE state ids 0..3 */
#define CP_RSTATE_WORDS 16 /* RSTATE descriptor, 64 bytes (seed 000 section 9.1.1) */
#define CP_GSTATE_SLOTS 4  /* LOAD_GSTATE slots 0..3 (GDRAW arg2 bits 5:4) */
#define CP_GSTATE_WORDS 16 /* GSTATE descriptor, 64 bytes (seed 000 section 9.1.4) */
#define CP_GPARAM_SLOTS 4  /* LOAD_GPARAM slots 0..3 (GDRAW arg2 bits 9:8) */
#define CP_GPARAM_WORDS 8  /* GPARAM descriptor, 32 bytes (seed 000 section 9.1.5) */
typedef struct {
    /* stream assembly: the packet being received */
    uint8_t nhdr;           /* header words received (0: between packets, 1, 2: payload follows) */
    uint64_t hdr[2];        /* its header words */
    uint32_t pay_left;      /* payload writes still to come */
    uint32_t pay_word;      /* payload words received (WRITE_MEM: the next word's index) */
    uint8_t status;         /* its validation result (GPU_CMDE_*), once the header is complete */
    /* completion */
    uint32_t fence;         /* CP_FENCE.COUNTER, 24 bits */
    uint32_t slot[256];     /* the mailbox: {status[7:0], fence[23:0]}, 0 = never written */
    uint8_t slot_addr;      /* CP_SLOT_ADDR */
    uint8_t err_code, err_opcode, err_rdst; /* CP_ERROR of the last failed packet */
    uint32_t err_count;     /* CP_ERROR.COUNT, saturating */
    uint32_t packets;       /* CP_STATUS.PACKETS, modulo 2^32 */
    uint8_t irq_status;     /* CP_IRQ_STATUS: ERROR[1], DONE[0] */
    uint8_t irq_mask;       /* CP_IRQ_MASK */
    /* the read pipe: a 256-word FIFO */
    uint32_t pipe[256];
    uint16_t pipe_head;     /* the oldest word */
    uint16_t pipe_count;    /* CP_STATUS.PIPE_COUNT, 0..256 */
    /* the VRAM window */
    uint32_t win_base, win_limit; /* CP_WIN_BASE, CP_WIN_LIMIT as written (bits 1:0 zero) */
    /* payload words of SPRITE_DRAW, LAYER_BLEND and DISPATCH (received before the packet runs) */
    uint32_t pay[CP_PAY_KEEP]; /* the first CP_PAY_KEEP payload words of the packet */
    uint8_t pay_defer;      /* the packet is checked and runs when its last payload write arrives */
    /* compute (docs/command.md "Compute") */
    uint64_t ktab;          /* CP_KTAB as written: COUNT[47:32], BASE[31:3] */
    uint32_t watchdog;      /* CP_WATCHDOG.CYCLES */
    uint8_t held;           /* a hung DISPATCH kernel holds the stream (CP_WATCHDOG 0): the next write decides */
    uint8_t held_op, held_flags, held_rdst; /* that packet's fields, for its completion (ABORTED) */
    uint8_t held_shader;    /* the held kernel is a shader kernel (its stop goes to SHD_STATUS) */
    uint8_t stuck;          /* a write other than CP_ABORT bit 0 reached the held stream: stuck for good */
    /* draws (docs/command.md "Draws"); hardware reset empties them, CP_CTRL.CLEAR does not */
    uint32_t rstate[CP_RSTATE_SLOTS][CP_RSTATE_WORDS]; /* LOAD_RSTATE: the checked descriptors, as read */
    uint8_t rstate_loaded;  /* bit i: slot i holds a state */
    uint8_t vtx_valid;      /* an RDRAW completed OK since reset: vtx_last is its vertex block */
    uint32_t vtx_last;      /* the block of the previous RDRAW that drew (RDRAW with arg1 = VTX_PTR = 0) */
    /* geometry (docs/command.md "Geometry"); like the RSTATE slots: reset empties them, CLEAR does not */
    uint32_t gstate[CP_GSTATE_SLOTS][CP_GSTATE_WORDS]; /* LOAD_GSTATE: the checked descriptors, as read */
    uint8_t gstate_loaded;  /* bit i: GSTATE slot i holds a state */
    uint32_t gparam[CP_GPARAM_SLOTS][CP_GPARAM_WORDS]; /* LOAD_GPARAM: the checked descriptors, as read */
    uint8_t gparam_loaded;  /* bit i: GPARAM slot i holds parameters */
} cp_t;

struct gpu_model {
    uint8_t *mem;
    gpu_event_fn ev_fn;
    void *ev_ctx;
    gpu_model_stats_t st;
    /* register file state */
    uint64_t regs[128];
    vertex_t vtx[3];
    unsigned vcount;
    uint16_t prim_seq;
    uint8_t err_fifo_ovf, err_mem_range;
    draw_state_t ds[GPU_DS_N]; /* the draw-state table */
    uint8_t ds_cur;            /* the entry taken last */
    uint8_t ds_entries;        /* entries in use (gpu_model_set_ds_entries), survives reset */
    uint8_t ds_dirty;          /* a draw-state register was written since */
    uint32_t frame;       /* frames completed (gpu_model_vsync) */
    tmu_cache_t tcache[TMU_UNITS]; /* texture caches, one per unit (tmu_cache.c) */
    display_t disp;       /* display controller (display.c) */
    cp_t cp;              /* command processor (cp.c) */
    uint8_t shd_ncores;   /* shader tile cores (gpu_model_set_shader_cores; 0: no tile), survives reset */
    uint8_t simt_absent;  /* no SIMT cluster in this build (gpu_model_set_simt_cluster), survives reset */
    uint8_t cp_absent;    /* no command processor in this build (gpu_model_set_cmd_processor), survives reset */
    uint64_t shd_status;  /* SHD_STATUS: NCORES and the last kernel's report (shader_launch.c) */
    uint64_t shd_max_steps; /* a kernel longer than this is hung (gpu_model_set_shader_step_limit), survives reset */
    uint8_t shd_held;     /* a hung shader kernel holds the stream (CP_WATCHDOG 0): the next write decides */
    uint8_t shd_stop;     /* the last shader kernel was hung (stopped or held) */
    uint8_t *shd_written; /* during a kernel, and after a hung one: a bit per word it stored to */
    uint64_t simt_status; /* SIMT_STATUS: the report of the last SIMT_LAUNCH kernel (simt_launch.c) */
    uint8_t simt_held;    /* a hung SIMT_LAUNCH kernel holds the stream (CP_WATCHDOG 0): the next write decides */
};

/* display.c: the display controller (rtl/display/): colour-grading LUT, upload pointer, bank
 * exchange and the state latched at each frame boundary */
void display_reset(display_t *d);
void display_ctrl_write(display_t *d, uint64_t data);   /* COLOR_GRADE_CTRL bits 2:1 */
void display_lut_addr_write(display_t *d, uint64_t data);
void display_lut_data_write(display_t *d, uint64_t data);
void display_frame_boundary(display_t *d, uint64_t fb_display, uint64_t cg_ctrl);

/* cp.c: the command processor (rtl/cp/cp_top.sv). cp_write/cp_read take the CP_* registers
 * (REG_CP_CMD .. REG_CP_ABORT); cp_win_contains says whether the byte range [a, a + n)
 * lies inside the VRAM window [CP_WIN_BASE, min(CP_WIN_LIMIT, 32 MiB)) (64-bit sums).
 * cp_hold_write sees every register write first (gpu_model_write): while a hung DISPATCH
 * kernel holds the stream it takes the write (CP_ABORT bit 0: the packet completes ABORTED;
 * anything else: the stream is stuck for good) and returns 1; a stuck stream takes and ignores
 * every write; otherwise it returns 0 and the write goes on as usual. */
#define CP_REG(a) ((a) >= REG_CP_CMD && (a) <= REG_CP_ABORT)
void cp_reset(cp_t *c);
void cp_write(gpu_model_t *m, uint8_t addr, uint64_t data);
uint64_t cp_read(gpu_model_t *m, uint8_t addr);
int cp_win_contains(const cp_t *c, uint64_t a, uint64_t n);
int cp_hold_write(gpu_model_t *m, uint8_t addr, uint64_t data);

/* reg_file.c: builds the register table from the generated GPU_REG_TABLE (idempotent) */
void reg_file_init(void);

void gpu_model_emit(gpu_model_t *m, const gpu_event_t *ev);
void gpu_model_mem_write(gpu_model_t *m, gpu_unit_t unit, uint32_t addr, uint32_t data, uint8_t be, uint16_t prim);
uint32_t gpu_model_mem_read(const gpu_model_t *m, uint32_t addr);

/* raster_setup.c: returns 0 and fills *s, or GPU_DROP_*; ds is the triangle's draw state */
int raster_setup(const triangle_t *t, const draw_state_t *ds, setup_t *s);
/* raster_walk.c: walks the bbox, calls pixel_path for each covered pixel in walk order */
void raster_walk(gpu_model_t *m, const setup_t *s);
/* raster_interp.c: stepping of the attribute planes, values of the current pixel */
void raster_interp_start(interp_t *v, const setup_attr_t *p);
void raster_interp_step_x(interp_t *v, const setup_attr_t *p);
void raster_interp_step_y(interp_t *v, const setup_attr_t *p);
uint32_t raster_interp_z(const interp_t *v);
uint32_t raster_interp_color(const interp_t *v);

/* Pixel fragment of the stage chain (gpu_pkg::pfrag_t) */
typedef struct {
    uint16_t x, y;
    uint32_t z;             /* 25-bit */
    color108_t color;       /* four 10.8 channels (color108.h) */
    uint8_t sid;
    uint16_t prim;
} pfrag_t;

/* The pixel path, one function per RTL stage (rtl/pixel/), called in chain order by
 * pixel_path() for each fragment of the walk: */
pfrag_t pixel_color(const frag_t *f);                          /* pixel_color.c */
int pixel_ztest(gpu_model_t *m, const pfrag_t *p);             /* pixel_ztest.c: 1 = passes on */
void pixel_blend(gpu_model_t *m, pfrag_t *p);                  /* pixel_blend.c: colour blended in place */
void pixel_fbwrite(gpu_model_t *m, const pfrag_t *p);          /* pixel_fbwrite.c */
void tmu_pfrag(gpu_model_t *m, pfrag_t *p, const setup_t *s);  /* tmu.c: texture units, colour in place */
static inline void pixel_path(gpu_model_t *m, const frag_t *f, const setup_t *s)
{
    pfrag_t p = pixel_color(f);
    tmu_pfrag(m, &p, s);
    if (pixel_ztest(m, &p)) {
        pixel_blend(m, &p);
        pixel_fbwrite(m, &p);
    }
}

/* RGB565 of a 10.8 colour at (x, y) (integer parts), with the ordered dither when dither_en */
uint16_t pixel_rgb565(color108_t c, unsigned x, unsigned y, int dither_en);
/* blend of a source colour with a destination RGB565 word (pixel_blend.c; ALPHA_BLEND modes) */
color108_t pixel_blend_color(blend_e mode, color108_t src, uint16_t dst565);
/* texture units (tmu_*.c; tmu.h): setup planes of the enabled units from the oriented vertices,
 * the unbiased edge values at the bbox origin and the edge steps */
void tmu_setup(const vertex_t v[3], const int64_t wraw[3], const setup_edge_t *e, const draw_state_t *ds,
               tex_planes_t *tp);
/* texel of unit n at (X, Y) from the bbox origin (RGBA8 after swizzle; 0 when zeroed) */
uint32_t tmu_sample(gpu_model_t *m, unsigned n, const tex_state_t *ts, const tex_unit_planes_t *u, unsigned X,
                    unsigned Y);
/* colour of a fragment at (x, y) with vertex colour vcolor: the blend chain of the enabled units,
 * then the GOURAUD modulation; vcolor when no unit is enabled */
color108_t tmu_fragment(gpu_model_t *m, const draw_state_t *ds, const tex_planes_t *tp, unsigned x, unsigned y,
                        int16_t bb_x0, int16_t bb_y0, color108_t vcolor, uint16_t prim);

/* simt_launch.c: runs a kernel to completion; 0 ok, -1 if a thread never returns (the reference
 * simulator's step limit, SIMT_MAX_STEPS instructions per thread: a hung kernel). The windows
 * (docs/simt.md): program at GPU_SIMT_PROG_WIN, 2^SIMT_PROG_AW instructions; data at
 * GPU_SIMT_DATA_WIN, 2^SIMT_DATA_AW bytes. */
#define SIMT_PROG_AW 14
#define SIMT_DATA_AW 15
#define SIMT_MAX_STEPS 10000000ul
int simt_launch(gpu_model_t *m, unsigned threads, unsigned prog_off, unsigned data_off);
/* The host's SIMT_LAUNCH write (not a DISPATCH: cp.c has its own watchdog and abort; docs/simt.md
 * "Stopping a kernel"): the kernel runs at once; a hung one is stopped at once with CP_WATCHDOG > 0
 * (SIMT_STATUS.WATCHDOG), else it holds the stream and simt_hold_write (called after
 * shader_hold_write) decides at the next write: CP_ABORT with STOP ends it (ABORTED) and goes on as
 * a write (0), anything else leaves the stream stuck and is taken (1). Either stop emits
 * GPU_EV_KERNEL_STOP with unit GPU_UNIT_SIMT: the SIMT data window is undefined afterwards. */
void simt_host_launch(gpu_model_t *m, uint64_t data);
int simt_hold_write(gpu_model_t *m, uint8_t addr, uint64_t data);

/* shader_launch.c: SHD_LAUNCH runs the kernel of SHD_KERNEL on the shader tile's golden model to
 * completion (docs/shader.md "GPU integration"); 0 ok (ended with WFI or a fault: SHD_STATUS),
 * 1 a hung kernel (no end within SHADER_MAX_STEPS instructions: stopped by the watchdog, or
 * holding the stream), -1 out of memory. shader_hold_write sees every register write after
 * cp_hold_write: while a hung kernel holds the stream, CP_ABORT with STOP ends it (ABORTED) and
 * goes on as a write (0), anything else leaves the stream stuck and is taken (1).
 * shader_status_idle: SHD_STATUS after reset (NCORES only). */
#define SHADER_MAX_STEPS 100000000ull
int shader_launch(gpu_model_t *m, uint32_t tile_offset);
/* the kernel on the tile without the stream's part (a DISPATCH of a shader kernel, cp.c): 0 ended
 * (SHD_STATUS), 1 hung (its words reported, nothing stopped yet), -1 out of memory;
 * shader_stop_kernel sets SHD_STATUS's stop flag and emits the stop event of unit SHADER */
int shader_run(gpu_model_t *m, uint32_t tile_offset);
void shader_stop_kernel(gpu_model_t *m, unsigned flag_shift, uint8_t why);
int shader_hold_write(gpu_model_t *m, uint8_t addr, uint64_t data);
uint64_t shader_status_idle(const gpu_model_t *m);

/* floor division for d > 0: n = q*d + r, 0 <= r < d */
static inline void floor_divmod(int64_t n, int64_t d, int64_t *q, int64_t *r)
{
    int64_t qq = n / d;
    int64_t rr = n % d;
    if (rr < 0) {
        rr += d;
        qq -= 1;
    }
    *q = qq;
    *r = rr;
}

/* round(n * 2^12 / area), halves up (area > 0), modulo 2^64: the coefficient of a plane
 * (docs/spec-decisions.md "Attribute interpolation", "Texture-coordinate planes"):
 * n = q*area + r, then q * 2^12 + floor((r * 2^13 + area) / (2 area)). Needs |n| < 2^63 and
 * area < 2^50 (r * 2^13 fits). */
static inline uint64_t plane_rdiv(int64_t n, int64_t area)
{
    int64_t q, r;
    floor_divmod(n, area, &q, &r);
    int64_t f = ((r << (ATTR_PLANE_FRAC + 1)) + area) / (2 * area); /* 0 .. 2^12 */
    return ((uint64_t)q << ATTR_PLANE_FRAC) + (uint64_t)f;
}

#endif
