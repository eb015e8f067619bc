/* SPI master bus-functional model for gpu_top (INT-010: mode 0, MSB first, 72-bit frames).
 *
 * Drives CS/SCK/MOSI through vgpu at a configurable SCK period. Before each write it waits
 * while CMD_FULL is high (unless ignore_full is set, for overflow tests), at most
 * full_timeout_ps (default: no bound; the testbench sets it from --timeout). A read pauses SCK
 * (low) for t_rd after the address byte, as docs/spec-decisions.md requires, then clocks the
 * 64 data bits in from MISO, sampled at each rising edge. */
#ifndef SPI_BFM_H
#define SPI_BFM_H

#include "vgpu.h"
#include <stdint.h>

typedef struct {
    vgpu_t *v;
    uint64_t sck_period_ps;  /* 40000 = 25 MHz */
    uint64_t t_rd_ps;        /* read gap after the address byte */
    uint64_t cs_gap_ps;      /* CS high time between frames */
    int ignore_full;
    uint64_t full_timeout_ps; /* longest wait for CMD_FULL to drop before a write */
    uint64_t frames, full_waits;
} spi_bfm_t;

void spi_bfm_init(spi_bfm_t *b, vgpu_t *v, uint64_t sck_period_ps, uint64_t core_period_ps);
/* Clocks `nbits` (<= 72) bits of frame (bit 71 first) and raises CS. Returns the 72 bits
 * shifted in on MISO (bits not clocked read as 0). nbits < 72 is an aborted frame. */
void spi_bfm_frame(spi_bfm_t *b, const uint8_t out[9], unsigned nbits, uint8_t in[9]);
/* The same for any number of bits, also more than 72 (extra clocks after a complete frame):
 * clocks out[0] bit 7 first, `nbits` bits in all, then raises CS. `out` and `in` hold
 * (nbits + 7) / 8 bytes; `in` receives MISO as sampled at each rising edge (unclocked bits 0).
 * The t_rd pause after bit 8 of a read frame is kept. */
void spi_bfm_frame_bits(spi_bfm_t *b, const uint8_t *out, unsigned nbits, uint8_t *in);
/* 0 when the frame was sent; -1 (nothing sent) when CMD_FULL stayed high for full_timeout_ps */
int spi_bfm_write(spi_bfm_t *b, uint8_t addr, uint64_t data);
uint64_t spi_bfm_read(spi_bfm_t *b, uint8_t addr);

#endif
