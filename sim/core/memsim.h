/* Functional memory model behind gpu_top's memory port (docs/interfaces.md).
 *
 * Timing knobs: a request is accepted at most every `cycles_per_req` cycles (bandwidth), and
 * a read answers `read_latency` cycles after acceptance, in order. Presets:
 *   ideal : 1 request/cycle, latency 2
 *   sdr16 : the origin's 16-bit SDR SDRAM at 100 MHz, one 16-bit beat per cycle: 2 cycles per
 *           32-bit word (200 MB/s), 1 for a write whose byte enables lie in one half (a colour
 *           write: docs/spec-decisions.md "Framebuffer word"; the other beat masked and cut
 *           short by the next command); latency 8 (tRCD 2 + CL 3 + 2 beats + register), no
 *           refresh or row-miss modelling
 *   jitter: a hostile but legal memory for contract tests: ready only ever rises after the
 *           memory has seen valid at an earlier edge (ready waits for valid), 0..4 cycles later
 *           at random; read latency 2..10 cycles at random, answers still in order. A producer
 *           whose valid waits for ready never transfers (HANG); a consumer that assumes a fixed
 *           latency reads the wrong word (mismatch). Seeded: the same seed, the same timing.
 * Writes take effect at acceptance; a read returns memory as of its acceptance.
 * Bursts (docs/interfaces.md): a read with req_len = n-1 returns n words, of word addresses
 * addr[4:2] + i mod 8 inside the aligned 32-byte block, one every cycles_per_req cycles after
 * the first (the request holds the port that long); a write burst is n ordinary writes. */
#ifndef MEMSIM_H
#define MEMSIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    unsigned cycles_per_req;
    unsigned half_write_cycles; /* 0: as cycles_per_req; else the cost of a write within one 16-bit half */
    unsigned read_latency;
    unsigned jitter;  /* 0: fixed timing; N: ready 0..N cycles after valid, latency + 0..2N */
    uint64_t seed;    /* for jitter */
} memsim_cfg_t;

int memsim_preset(const char *name, memsim_cfg_t *out); /* 0 ok, -1 unknown name */

/* pins as seen from the memory */
typedef struct {
    int req_valid, req_we;
    uint32_t req_addr, req_wdata;
    unsigned req_be;
    unsigned req_len; /* further beats: a read returns req_len + 1 words (wrap in 32 bytes) */
} memsim_req_t;

typedef struct {
    int req_ready;
    int rsp_valid;
    uint32_t rsp_rdata;
} memsim_drive_t;

typedef struct memsim memsim_t;
memsim_t *memsim_new(const memsim_cfg_t *cfg);
void memsim_free(memsim_t *m);
/* controller reset: read responses in flight are dropped, the request cooldown cleared;
 * the memory contents stay */
void memsim_reset(memsim_t *m);
uint8_t *memsim_mem(memsim_t *m); /* 32 MiB, backdoor */
/* outputs for the coming clock edge */
void memsim_drive(memsim_t *m, memsim_drive_t *d);
/* the clock edge: *r are the DUT's outputs before the edge, *d what memsim_drive gave
 * (the write monitor lives in vgpu.cpp, at the GPU's port) */
void memsim_edge(memsim_t *m, const memsim_req_t *r, const memsim_drive_t *d);

#ifdef __cplusplus
}
#endif
#endif
