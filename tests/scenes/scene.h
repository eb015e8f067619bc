/* Scenes: C programs on the host driver (gpu_write/gpu_read on the selected device), run by
 * the testbench (sim/core/tb_main.c) on the model, the RTL, or both in lockstep. */
#ifndef SCENE_H
#define SCENE_H

#include "gpu.h"
#include "simt_asm.h"
#include <stddef.h>
#include <stdint.h>

typedef struct scene_ctx {
    uint64_t seed;
    unsigned count;         /* size knob (triangles, cells...), 0 = the scene's default */
    uint64_t rng;
    void *tb;
    void (*mem_load)(void *tb, uint32_t addr, const void *data, size_t len); /* backdoor, all backends */
    char msg[512];          /* check failure message */
} scene_ctx_t;

/* What a check sees after the run: per-word write counts (32-bit, never saturating) for one backend. */
typedef struct {
    const char *backend;
    const uint32_t *wcount; /* indexed by byte address / 4 over the 32 MiB */
    uint32_t tris_dropped;  /* -1 when the backend cannot tell */
    /* depth tests per Z compare function (FB_ZBUFFER.Z_COMPARE 0..7) and how many passed;
     * NULL when the backend cannot tell (the RTL's depth tests are checked by the lockstep) */
    const uint64_t *ztests, *zpasses;
    const uint8_t *mem;     /* the backend's 32 MiB at the end (little-endian words); NULL if unknown */
} scene_obs_t;

typedef struct {
    const char *name;
    void (*run)(scene_ctx_t *c);
    int (*check)(scene_ctx_t *c, const scene_obs_t *o); /* 0 = pass; may be NULL */
    const char *desc;
} scene_t;

extern const scene_t g_scenes[];
extern const unsigned g_nscenes;
const scene_t *scene_find(const char *name);

/* helpers */
uint32_t scene_rand(scene_ctx_t *c);               /* xorshift64* */
int32_t scene_rand_range(scene_ctx_t *c, int32_t lo, int32_t hi); /* inclusive */
/* uploads a SIMT kernel's program and data view through MEM_ADDR / MEM_DATA (the path every
 * build has) into the SIMT windows at prog_off (instructions) and data_off (bytes), docs/simt.md */
void scene_simt_upload(const simt_image_t *img, unsigned prog_off, unsigned data_off);
/* draws one triangle; coordinates in 1/16 pixel */
void scene_tri16(int32_t x0, int32_t y0, uint32_t z0, int32_t x1, int32_t y1, uint32_t z1, int32_t x2, int32_t y2,
                 uint32_t z2);

/* command-processor scenes (tests/scenes/scenes_cp.c) */
void scene_cp_ops(scene_ctx_t *c);
int check_cp_ops(scene_ctx_t *c, const scene_obs_t *o);
void scene_cp_random(scene_ctx_t *c);
int check_cp_random(scene_ctx_t *c, const scene_obs_t *o);
void scene_cp_compute(scene_ctx_t *c);
void scene_simt_stop(scene_ctx_t *c);
void scene_build_units(scene_ctx_t *c);
void scene_cp_draw(scene_ctx_t *c);
int check_cp_draw(scene_ctx_t *c, const scene_obs_t *o);
void scene_cp_gdraw(scene_ctx_t *c);
int check_cp_gdraw(scene_ctx_t *c, const scene_obs_t *o);
void scene_cp_seq(scene_ctx_t *c);
int check_cp_seq(scene_ctx_t *c, const scene_obs_t *o);
void scene_bench_cp_barrier(scene_ctx_t *c);
void scene_bench_cp_write(scene_ctx_t *c);
void scene_bench_mem_data(scene_ctx_t *c);
void scene_bench_cp_fill(scene_ctx_t *c);
void scene_bench_cp_blit(scene_ctx_t *c);
void scene_bench_cp_blend(scene_ctx_t *c);
void scene_bench_cp_rdraw(scene_ctx_t *c);
void scene_bench_cp_gdraw(scene_ctx_t *c);
void scene_bench_host_tri(scene_ctx_t *c);
/* shader-kernel scenes (tests/scenes/scenes_shd.c; need a build with the shader tile) */
void scene_shader(scene_ctx_t *c);
int check_shader(scene_ctx_t *c, const scene_obs_t *o);
void scene_shader_random(scene_ctx_t *c);
void scene_shader_stop(scene_ctx_t *c);
int check_shader_stop(scene_ctx_t *c, const scene_obs_t *o);
void scene_shader_dispatch(scene_ctx_t *c);
int check_shader_dispatch(scene_ctx_t *c, const scene_obs_t *o);
void scene_bench_host_tri_state(scene_ctx_t *c);

#endif
