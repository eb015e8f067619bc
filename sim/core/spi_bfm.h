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
/* Clocks `nbits` bits of frame (bit 71 first) and raises CS. Returns the first 72 bits
 * shifted in on MISO (bits not clocked read as 0). nbits < 72 is an aborted frame; nbits > 72
 * (at most 72 + SPI_BFM_EXTRA_MAX) clocks the frame's bits again after bit 72, extra clocks
 * the slave must ignore. */
#define SPI_BFM_EXTRA_MAX 144u
void spi_bfm_frame(spi_bfm_t *b, const uint8_t out[9], unsigned nbits, uint8_t in[9]);
/* 0 when the frame was sent; -1 (nothing sent) when CMD_FULL stayed high for full_timeout_ps */
int spi_bfm_write(spi_bfm_t *b, uint8_t addr, uint64_t data);
uint64_t spi_bfm_read(spi_bfm_t *b, uint8_t addr);

#endif
