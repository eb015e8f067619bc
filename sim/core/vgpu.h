/* vgpu: the thin C++ shim around the Verilated gpu_top, with a C API.
 *
 * Time advances in picoseconds; the core clock toggles every core_period_ps/2. SPI pins are
 * set from C (sim/core/spi_bfm.c) between core edges. Each core rising edge calls the memory
 * model (memsim) and reports accepted writes to the monitor callback.
 * Tracing: a binary built with VM_TRACE (make's *_trace variant) writes an FST of the cycle
 * window [trace_from, trace_to] when trace_path is given; other builds ignore it. */
#ifndef VGPU_H
#define VGPU_H

#include "memsim.h"
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vgpu vgpu_t;

typedef struct {
    uint64_t core_period_ps;   /* 10000 = 100 MHz */
    uint32_t seed;             /* Verilator X-randomisation seed */
    const char *trace_path;    /* NULL: no waveform */
    uint64_t trace_from, trace_to; /* core cycles, inclusive */
} vgpu_cfg_t;

/* write monitor: every write accepted at the memory port */
typedef void (*vgpu_write_fn)(void *ctx, uint64_t cycle, const memsim_req_t *wr);

vgpu_t *vgpu_new(const vgpu_cfg_t *cfg, memsim_t *mem);
void vgpu_free(vgpu_t *v);
int vgpu_trace_capable(void);
void vgpu_set_write_fn(vgpu_t *v, vgpu_write_fn fn, void *ctx);
/* holds rst_ni low for n core cycles, then releases it */
void vgpu_reset(vgpu_t *v, unsigned cycles);
void vgpu_set_spi(vgpu_t *v, int cs_n, int sck, int mosi);
int vgpu_miso(vgpu_t *v);
int vgpu_cmd_full(vgpu_t *v);
int vgpu_cmd_empty(vgpu_t *v);
int vgpu_busy(vgpu_t *v);
void vgpu_run_ps(vgpu_t *v, uint64_t ps);
void vgpu_run_cycles(vgpu_t *v, uint64_t n);
uint64_t vgpu_cycles(const vgpu_t *v);
uint64_t vgpu_time_ps(const vgpu_t *v);

#ifdef __cplusplus
}
#endif
#endif
