/* tinyGPU reference model: the executable specification.
 *
 * The model is structured like the RTL, one file per unit with the same names:
 *   gpu_model.c     the top: lifetime, memory, the event funnel, statistics, frames (rtl/gpu_top.sv)
 *   reg_file.c      host register file, vertex latching, triangle submission (rtl/host/host_reg_file.sv)
 *   raster_setup.c  triangle setup: orientation, edge functions, bbox, attribute planes (rtl/raster/raster_setup.sv)
 *   raster_walk.c   bounding-box walk, coverage, attribute plane stepping (rtl/raster/raster_walk.sv)
 *   pixel_color.c   8-bit -> 10.8 colour promotion (rtl/pixel/pixel_color.sv)
 *   pixel_ztest.c   depth test and Z write (rtl/pixel/pixel_ztest.sv)
 *   pixel_blend.c   framebuffer blend, ALPHA_BLEND (rtl/pixel/pixel_blend.sv)
 *   pixel_fbwrite.c ordered dither, RGB565 framebuffer write (rtl/pixel/pixel_fbwrite.sv)
 *   cp.c            command processor: packets, fences, mailbox, interrupt (rtl/cp/cp_top.sv)
 * It is bit-exact with the RTL at every architectural boundary, but not cycle-accurate:
 * commands complete instantly, so STATUS reads FIFO_DEPTH = 0 and BUSY = 0.
 *
 * Every observable effect (covered pixel, depth test, memory write, triangle accepted or
 * dropped) goes through one funnel, gpu_model_emit(), which calls the event callback if one is
 * installed. The testbench compares the fragment, depth-test and pixel-write events with the
 * same events observed on the RTL (sim/core/gpu_frag_mon.sv) as they happen.
 */
#ifndef GPU_MODEL_H
#define GPU_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "gpu_regs.h" /* GPU_MEM_BYTES, GPU_FB_W, GPU_FB_H, GPU_SIMT_*_WIN: the one memory map */
#define GPU_MEM_MASK (GPU_MEM_BYTES - 1u)

typedef enum {
    GPU_EV_MEM_WRITE = 1, /* addr, data, be, prim (0 for host uploads, SIMT kernels and packets), unit */
    GPU_EV_TRI_DRAWN = 2, /* prim: triangle accepted by setup */
    GPU_EV_TRI_DROPPED = 3, /* prim, data = reason (GPU_DROP_*) */
    GPU_EV_FRAG = 4,      /* raster_walk output: x, y, z (25 bits), data = colour RGBA8, sid, prim */
    GPU_EV_ZTEST = 5,     /* pixel_ztest: addr = Z word, z = fragment depth >> 1, data = Z-buffer
                             word [23:0], pass, prim (fragments with Z_TEST = 1 only) */
    GPU_EV_VSYNC = 6,     /* end of a displayed frame: data = its number (gpu_model_vsync) */
    GPU_EV_BLEND = 7,     /* pixel_blend, fragments with ALPHA_BLEND != DISABLED only: x, y, addr =
                             colour word, data = its RGB565 destination, mode, src = source colour,
                             rgba = result (10.8 channels r, g, b, a), prim */
    GPU_EV_TEXEL = 8,     /* tmu_pixel, one per texel slot (enabled unit of a fragment), in walk and
                             unit order: x, y, mode = unit, data = texel RGBA8 after swizzle (0 for
                             a CLAMP_TO_ZERO-outside or reserved-format sample), pass = 1 when
                             zeroed (no cache lookup), prim */
    GPU_EV_KERNEL_STOP = 9 /* a hung kernel was stopped: data = GPU_CMDE_WATCHDOG or
                             GPU_CMDE_ABORTED. unit GPU_UNIT_CP (cp.c): a DISPATCH packet's, just
                             before the packet completes; the SIMT data window is undefined after
                             it (docs/command.md "Memory after a stop"). unit GPU_UNIT_SHADER
                             (shader_launch.c): an SHD_LAUNCH kernel's; the words it stored to are
                             undefined (gpu_model_shader_stop_words; docs/shader.md "Stopping a
                             kernel") */
} gpu_event_kind_t;

enum { GPU_DROP_ZERO_AREA = 1, GPU_DROP_OFFSCREEN = 2 };

/* the unit behind a memory write (the RTL's memory client) */
typedef enum {
    GPU_UNIT_HOST = 0,
    GPU_UNIT_ZTEST = 1,
    GPU_UNIT_FBWRITE = 2,
    GPU_UNIT_SIMT = 3,
    GPU_UNIT_CP = 4, /* the command processor's packets (docs/command.md) */
    GPU_UNIT_SHADER = 5 /* shader kernels (SHD_LAUNCH, docs/shader.md) */
} gpu_unit_t;

typedef struct {
    gpu_event_kind_t kind;
    uint32_t addr;
    uint32_t data;
    uint8_t be;
    uint16_t prim;
    uint16_t x, y;  /* GPU_EV_FRAG */
    uint32_t z;     /* GPU_EV_FRAG, GPU_EV_ZTEST */
    uint8_t pass;   /* GPU_EV_ZTEST */
    uint8_t zfunc;  /* GPU_EV_ZTEST: the compare function (FB_ZBUFFER.Z_COMPARE) */
    uint8_t sid;    /* GPU_EV_FRAG: the draw state the fragment refers to (draw-state table entry) */
    uint8_t mode;   /* GPU_EV_BLEND: ALPHA_BLEND.MODE */
    uint32_t src[4], rgba[4]; /* GPU_EV_BLEND: source and result colour, 10.8 channels r, g, b, a */
    gpu_unit_t unit; /* GPU_EV_MEM_WRITE, GPU_EV_KERNEL_STOP */
} gpu_event_t;

typedef void (*gpu_event_fn)(void *ctx, const gpu_event_t *ev);

typedef struct gpu_model gpu_model_t;

gpu_model_t *gpu_model_new(void);
void gpu_model_free(gpu_model_t *m);
/* Hardware reset: registers to their reset values; memory is kept. */
void gpu_model_reset(gpu_model_t *m);
void gpu_model_write(gpu_model_t *m, uint8_t addr, uint64_t data);
uint64_t gpu_model_read(gpu_model_t *m, uint8_t addr);
/* The 32 MiB memory image (little-endian words). Writable: this is the backdoor. */
uint8_t *gpu_model_mem(gpu_model_t *m);
void gpu_model_set_event_fn(gpu_model_t *m, gpu_event_fn fn, void *ctx);
/* The interrupt pin irq_o of gpu_top (level): (CP_IRQ_STATUS & CP_IRQ_MASK) != 0 */
int gpu_model_irq(const gpu_model_t *m);
/* 1 when the command stream is stuck for good (docs/command.md "Compute"): a DISPATCH or
 * SHD_LAUNCH kernel never returned with CP_WATCHDOG 0 and the next register write was not
 * CP_ABORT with bit 0 set.
 * The model then ignores every write (reads still answer from the state) until
 * gpu_model_reset; the RTL's command FIFO waits behind the kernel. */
int gpu_model_stuck(const gpu_model_t *m);
/* After a hung SHD_LAUNCH kernel (GPU_EV_KERNEL_STOP of GPU_UNIT_SHADER, or a stream held by
 * it): a bitmap with one bit per memory word (bit w % 8 of byte w / 8, w = address / 4) of the
 * words the model's run of the kernel stored to, whose contents are undefined; NULL after a
 * kernel that ended. Valid until the next SHD_LAUNCH. */
const uint8_t *gpu_model_shader_stop_words(const gpu_model_t *m);

typedef struct {
    uint32_t tris_submitted; /* third VERTEX writes */
    uint32_t tris_drawn;
    uint32_t tris_dropped;
    uint64_t fragments; /* covered pixels emitted by the walker */
    uint64_t pixels_written;
} gpu_model_stats_t;
void gpu_model_stats(const gpu_model_t *m, gpu_model_stats_t *out);
/* texture cache lookups of unit 0..3 since gpu_model_new (hits and misses; 0 for another unit) */
void gpu_model_tex_stats(const gpu_model_t *m, unsigned unit, uint64_t *hits, uint64_t *misses);

/* Frames: the display's vertical sync. The caller (the testbench, in step with the RTL's VSYNC;
 * the display controller defines when) ends the current frame: GPU_EV_VSYNC is emitted with the
 * frame's number, which is returned; frames are numbered from 0 after gpu_model_new. */
uint32_t gpu_model_vsync(gpu_model_t *m);
/* The display (docs/spec-decisions.md "Display path"): gpu_model_vsync() is the frame boundary,
 * where FB_DISPLAY and COLOR_GRADE_CTRL.ENABLE are latched and a pending SWAP_BANKS exchanges
 * the LUT banks. gpu_model_display_frame() writes the frame that boundary starts, 640x480
 * RGB888 (3 bytes per pixel, row-major), from the latched state and the memory as it is now;
 * gpu_display_pixel() is one pixel of it (0x00RRGGBB) from its RGB565 framebuffer word. */
void gpu_model_display_frame(const gpu_model_t *m, uint8_t *rgb);
uint32_t gpu_display_pixel(const gpu_model_t *m, uint16_t p565);
uint32_t gpu_model_display_base(const gpu_model_t *m); /* the latched frame's buffer (byte address) */
/* name of a Z compare function (FB_ZBUFFER.Z_COMPARE 0..7), "LESS" .. "NEVER" */
const char *gpu_zfunc_name(unsigned fn);
uint32_t gpu_model_frame(const gpu_model_t *m); /* frames completed */
/* Draw-state entries in use, 1..GPU_DS_N (default GPU_DS_N): must match the RTL's gpu_top
 * DsEntries (a test build uses fewer). The ids the model gives triangles wrap at this number.
 * Returns 0, or -1 for a value out of range (nothing changes). */
int gpu_model_set_ds_entries(gpu_model_t *m, unsigned n);
/* Shader tile cores, 0..16 (default 0: no tile): must match the RTL's gpu_top ShaderCores
 * (SHD_STATUS.NCORES). Returns 0, or -1 for a value out of range (nothing changes). */
int gpu_model_set_shader_cores(gpu_model_t *m, unsigned n);
/* The SIMT cluster, present (1, the default) or not (0): must match the RTL's gpu_top
 * SimtCluster. Without it SIMT_LAUNCH does nothing, SIMT_STATUS.ABSENT reads 1 and a DISPATCH of
 * a SIMT kernel fails with UNSUPPORTED (the ICEpi Zero build, docs/simt.md "Builds without the
 * cluster"). Survives reset. */
void gpu_model_set_simt_cluster(gpu_model_t *m, int present);
/* The command processor, present (1, the default) or not (0): must match the RTL's gpu_top
 * CmdProc. Without it CP_CMD, CP_CTRL, CP_IRQ_MASK, CP_IRQ_CLEAR and CP_SLOT_ADDR writes do
 * nothing, CP_STATUS reads ABSENT alone and the other registers cp_top holds read 0 (the ICEpi
 * Zero build, docs/command.md "Builds without the command processor"). Survives reset. */
void gpu_model_set_cmd_processor(gpu_model_t *m, int present);
/* The instruction count (all cores) after which the model takes a shader kernel for hung
 * (docs/shader.md "Stopping a kernel"), >= 1, default 10^8, survives reset. The comparison with
 * the RTL uses the default; tests that run hung kernels on the model alone may lower it to save
 * time. Returns 0, or -1 for 0 (nothing changes). */
int gpu_model_set_shader_step_limit(gpu_model_t *m, uint64_t steps);

#endif
