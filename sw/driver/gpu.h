/* tinyGPU host driver (INT-010 v5.0).
 *
 * One code base drives every backend through a transport (a small vtable):
 *   gpu_transport_model()    the C reference model (sw/model)
 *   (sim/core/tb_main.c)     the Verilated RTL through the SPI bus-functional model
 *   gpu_transport_recorder() wraps another transport and writes every transaction to a file
 *   gpu_transport_tee()      sends every transaction to two transports, compares reads
 * A real SPI host would implement the same two calls.
 *
 * The seed's examples call gpu_write(REG_X, value) and gpu_read(REG_X) without a handle: these
 * act on the device selected with gpu_select(). The gpu_dev_* calls take a handle and return a
 * status (GPU_OK or a negative GPU_E* code).
 */
#ifndef GPU_H
#define GPU_H

#include "gpu_regs.h"
#include <stdint.h>
#include <stdio.h>

enum { GPU_OK = 0, GPU_EIO = -1, GPU_EMISMATCH = -2, GPU_EFORMAT = -3, GPU_ENOMEM = -4 };

typedef struct {
    int (*write)(void *ctx, uint8_t addr, uint64_t value);
    int (*read)(void *ctx, uint8_t addr, uint64_t *value);
    void (*close)(void *ctx); /* may be NULL */
    void *ctx;
    const char *name;
    /* waits until every command sent has been carried out and then until the next frame
     * boundary (the VSYNC pin's pulse, docs/spec-decisions.md "Display path"); NULL: the
     * backend has no display, and gpu_dev_wait_vsync() returns GPU_EIO */
    int (*wait_vsync)(void *ctx);
} gpu_transport_t;

typedef struct gpu_dev gpu_dev_t;

gpu_dev_t *gpu_dev_open(gpu_transport_t tr);
void gpu_dev_close(gpu_dev_t *d);
int gpu_dev_write(gpu_dev_t *d, uint8_t addr, uint64_t value);
int gpu_dev_read(gpu_dev_t *d, uint8_t addr, uint64_t *value);
/* first error seen on this device (sticky), GPU_OK if none */
int gpu_dev_status(const gpu_dev_t *d);

/* A host's "wait for VSYNC": every command sent is carried out, then the next frame boundary
 * passes. Display register writes made right after it take effect at the boundary after that,
 * on every backend alike (docs/spec-decisions.md "Display path"). */
int gpu_dev_wait_vsync(gpu_dev_t *d);
void gpu_wait_vsync(void);

/* seed-compatible calls on the selected device; errors are recorded in gpu_dev_status() */
void gpu_select(gpu_dev_t *d);
gpu_dev_t *gpu_selected(void);
void gpu_write(uint8_t addr, uint64_t value);
uint64_t gpu_read(uint8_t addr);

/* transports */
struct gpu_model;
gpu_transport_t gpu_transport_model(struct gpu_model *m);
/* Records "W aa vvvvvvvvvvvvvvvv" / "R aa vvvvvvvvvvvvvvvv" lines (hex) and "V" (wait for VSYNC) to f,
 * forwarding to inner.
 * A failed write to f returns GPU_EIO (sticky in gpu_dev_status); the caller still checks
 * fflush/fclose of f, where buffered output fails (for example on a full disk). */
gpu_transport_t gpu_transport_recorder(gpu_transport_t inner, FILE *f);
/* Writes go to a and b; reads go to both and must agree (else GPU_EMISMATCH, value from a). */
gpu_transport_t gpu_transport_tee(gpu_transport_t a, gpu_transport_t b);
/* Replays a recorded stream into d. Recorded read values are checked when check_reads != 0.
 * Format, one transaction per line (the recorder's output): "W aa vvvvvvvvvvvvvvvv",
 * "R aa [vvvvvvvvvvvvvvvv]" or "V" (gpu_dev_wait_vsync), op and fields separated by blanks, exactly 2 hex digits of address
 * (<= 7F) and exactly 16 of value; blank lines and lines starting with '#' are skipped; a line
 * may be at most GPU_REPLAY_LINE_MAX characters. Anything else is not guessed at.
 * Returns GPU_OK; GPU_EFORMAT with the line in *bad_line (0: no transaction in the stream);
 * GPU_EIO if the stream cannot be read (e.g. a directory); GPU_EMISMATCH (first line in
 * *bad_line) when a recorded read value differs. */
#define GPU_REPLAY_LINE_MAX 255
int gpu_replay(gpu_dev_t *d, FILE *f, int check_reads, unsigned *bad_line);

/* ---- packing helpers (seed 001 examples) ---- */

/* v * scale rounded to nearest (halves away from zero), saturated to a signed 16-bit field */
static inline uint16_t gpu_fx16(double v, double scale)
{
    double s = v * scale;
    s += (s < 0) ? -0.5 : 0.5;
    if (s > 32767.0) {
        s = 32767.0;
    }
    if (s < -32768.0) {
        s = -32768.0;
    }
    return (uint16_t)(int16_t)s;
}

/* 12.4 signed fixed point from pixel units */
static inline uint16_t gpu_fx12_4(double v) { return gpu_fx16(v, 16.0); }

/* 1.15 signed fixed point, [-1, 1 - 2^-15] */
static inline uint16_t gpu_fx1_15(double v) { return gpu_fx16(v, 32768.0); }

static inline uint64_t gpu_pack_xyz(double x, double y, uint32_t z)
{
    return ((uint64_t)(z & 0x1FFFFFFu) << 32) | ((uint64_t)gpu_fx12_4(y) << 16) | (uint64_t)gpu_fx12_4(x);
}

/* U, V in texture units (1.0 = the whole texture), q = 1/W; stores UQ = U*q, VQ = V*q, Q */
static inline uint64_t gpu_pack_uvq(double u, double v, double q)
{
    return ((uint64_t)gpu_fx1_15(q) << 32) | ((uint64_t)gpu_fx1_15(v * q) << 16) | (uint64_t)gpu_fx1_15(u * q);
}

/* X, Y in pixels (integers or fractions), Z 25-bit unsigned */
#define PACK_XYZ(x, y, z) gpu_pack_xyz((double)(x), (double)(y), (uint32_t)(z))
#define PACK_UVQ(u, v, q) gpu_pack_uvq((double)(u), (double)(v), (double)(q))
/* COLOR register value from 8-bit channels */
#define PACK_RGBA(r, g, b, a) \
    ((uint64_t)(((uint32_t)(a) & 0xFFu) << 24 | ((uint32_t)(b) & 0xFFu) << 16 | ((uint32_t)(g) & 0xFFu) << 8 | \
                ((uint32_t)(r) & 0xFFu)))

#endif
