/* Functional coverage bins of the reference model (docs/coverage.md).
 *
 * The model's stage functions report what they did, one call each:
 *   reg_file.c   submit_triangle -> gpu_model_fcov_tri(t, setup result)   (per triangle)
 *   pixel_ztest.c pixel_ztest    -> gpu_model_fcov_frag(rs, Z test result) (per fragment)
 * and the counts are written as one line per bin, "name count" (tgpu_tb --fcov FILE).
 * Counters are per process (all models of a process add to them).
 *
 * The bin list is the table below, written once: a later unit (textures, blending, LUTs) adds
 * rows here and counts them in its own stage function. Bins that cannot happen (the ALWAYS
 * function failing, NEVER passing) are not in the table. */
#ifndef GPU_MODEL_FCOV_H
#define GPU_MODEL_FCOV_H

#include "gpu_model_int.h"
#include <stdint.h>

/* X(id, "name", "what is counted") */
#define GPU_FCOV_BINS(X)                                                                          \
    /* render state over fragments */                                                             \
    X(Z_TEST_OFF, "frag.z_test.off", "fragment with TRI_MODE.Z_TEST = 0")                         \
    X(Z_TEST_ON, "frag.z_test.on", "fragment with TRI_MODE.Z_TEST = 1")                           \
    X(Z_WRITE_OFF, "frag.z_write.off", "fragment with TRI_MODE.Z_WRITE = 0")                      \
    X(Z_WRITE_ON, "frag.z_write.on", "fragment with TRI_MODE.Z_WRITE = 1")                        \
    X(ZMODE_T0W0, "frag.z_mode.test0_write0", "Z test off, Z write off")                          \
    X(ZMODE_T0W1, "frag.z_mode.test0_write1", "Z test off, Z write on")                           \
    X(ZMODE_T1W0, "frag.z_mode.test1_write0", "Z test on, Z write off")                           \
    X(ZMODE_T1W1, "frag.z_mode.test1_write1", "Z test on, Z write on")                            \
    X(DITHER_OFF, "frag.dither.off", "fragment with DITHER_MODE.ENABLE = 0")                      \
    X(DITHER_ON, "frag.dither.on", "fragment with DITHER_MODE.ENABLE = 1")                        \
    X(SHADE_FLAT, "frag.shade.flat", "fragment with TRI_MODE.GOURAUD = 0")                        \
    X(SHADE_GOURAUD, "frag.shade.gouraud", "fragment with TRI_MODE.GOURAUD = 1")                  \
    /* Z compare function over Z-tested fragments, and its outcome */                             \
    X(ZF_LESS, "frag.z_compare.less", "Z-tested fragment, Z_COMPARE = 0 (<)")                     \
    X(ZF_LEQUAL, "frag.z_compare.lequal", "Z-tested fragment, Z_COMPARE = 1 (<=)")                \
    X(ZF_EQUAL, "frag.z_compare.equal", "Z-tested fragment, Z_COMPARE = 2 (==)")                  \
    X(ZF_GEQUAL, "frag.z_compare.gequal", "Z-tested fragment, Z_COMPARE = 3 (>=)")                \
    X(ZF_GREATER, "frag.z_compare.greater", "Z-tested fragment, Z_COMPARE = 4 (>)")               \
    X(ZF_NOTEQUAL, "frag.z_compare.notequal", "Z-tested fragment, Z_COMPARE = 5 (!=)")            \
    X(ZF_ALWAYS, "frag.z_compare.always", "Z-tested fragment, Z_COMPARE = 6 (always)")            \
    X(ZF_NEVER, "frag.z_compare.never", "Z-tested fragment, Z_COMPARE = 7 (never)")               \
    X(ZP_LESS, "frag.z_pass.less", "passed <")                                                    \
    X(ZX_LESS, "frag.z_fail.less", "failed <")                                                    \
    X(ZP_LEQUAL, "frag.z_pass.lequal", "passed <=")                                               \
    X(ZX_LEQUAL, "frag.z_fail.lequal", "failed <=")                                               \
    X(ZP_EQUAL, "frag.z_pass.equal", "passed ==")                                                 \
    X(ZX_EQUAL, "frag.z_fail.equal", "failed ==")                                                 \
    X(ZP_GEQUAL, "frag.z_pass.gequal", "passed >=")                                               \
    X(ZX_GEQUAL, "frag.z_fail.gequal", "failed >=")                                               \
    X(ZP_GREATER, "frag.z_pass.greater", "passed >")                                              \
    X(ZX_GREATER, "frag.z_fail.greater", "failed >")                                              \
    X(ZP_NOTEQUAL, "frag.z_pass.notequal", "passed !=")                                           \
    X(ZX_NOTEQUAL, "frag.z_fail.notequal", "failed !=")                                           \
    X(ZP_ALWAYS, "frag.z_pass.always", "passed always")                                           \
    X(ZX_NEVER, "frag.z_fail.never", "failed never")                                              \
    /* triangles at setup */                                                                      \
    X(WIND_CCW, "tri.winding.positive", "drawn triangle with area > 0 as submitted")              \
    X(WIND_CW, "tri.winding.negative", "drawn triangle with area < 0 (v1, v2 swapped by setup)")  \
    X(CLIP_INSIDE, "tri.clip.inside", "drawn, bounding box fully on screen")                      \
    X(CLIP_LEFT, "tri.clip.left", "drawn, bounding box clipped by the left edge (x < 0)")         \
    X(CLIP_RIGHT, "tri.clip.right", "drawn, bounding box clipped by the right edge (x > 639)")    \
    X(CLIP_TOP, "tri.clip.top", "drawn, bounding box clipped by the top edge (y < 0)")            \
    X(CLIP_BOTTOM, "tri.clip.bottom", "drawn, bounding box clipped by the bottom edge (y > 479)") \
    X(CLIP_PARTLY, "tri.clip.partly_offscreen", "drawn, clipped by at least one edge")            \
    X(DROP_OFFSCREEN, "tri.drop.offscreen", "dropped: bounding box fully off screen")             \
    X(DROP_ZERO_AREA, "tri.drop.zero_area", "dropped: zero area")

enum {
#define GPU_FCOV_ENUM(id, name, what) GPU_FCOV_##id,
    GPU_FCOV_BINS(GPU_FCOV_ENUM)
#undef GPU_FCOV_ENUM
        GPU_FCOV_NBINS
};

/* hooks of the stage functions */
void gpu_model_fcov_tri(const triangle_t *t, int setup_rc);
void gpu_model_fcov_frag(const draw_state_t *rs, int z_test, int z_pass);

/* results */
void gpu_model_fcov_reset(void);
uint64_t gpu_model_fcov_count(unsigned bin);
const char *gpu_model_fcov_name(unsigned bin);
/* Adds this process's counts to FILE ("name count" lines; created when missing, bins it does
 * not know are kept), so several runs can share one file. 0 ok, -1 (errno set) on failure. */
int gpu_model_fcov_write(const char *path);

#endif
