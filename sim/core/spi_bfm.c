#include "spi_bfm.h"

void spi_bfm_init(spi_bfm_t *b, vgpu_t *v, uint64_t sck_period_ps, uint64_t core_period_ps)
{
    b->v = v;
    b->sck_period_ps = sck_period_ps;
    /* t_RD = 24 core cycles (docs/spec-decisions.md) */
    b->t_rd_ps = 24 * core_period_ps;
    b->cs_gap_ps = sck_period_ps;
    b->ignore_full = 0;
    b->frames = 0;
    b->full_waits = 0;
    b->full_timeout_ps = UINT64_MAX;
}

void spi_bfm_frame_bits(spi_bfm_t *b, const uint8_t *out, unsigned nbits, uint8_t *in)
{
    const uint64_t half = b->sck_period_ps / 2;
    const int is_read = nbits > 0 && (out[0] & 0x80) != 0;
    for (unsigned i = 0; i < (nbits + 7) / 8; i++) {
        in[i] = 0;
    }
    vgpu_set_spi(b->v, 0, 0, 0);
    vgpu_run_ps(b->v, half);
    for (unsigned i = 0; i < nbits; i++) {
        int bit = (out[i / 8] >> (7 - i % 8)) & 1;
        vgpu_set_spi(b->v, 0, 0, bit);
        vgpu_run_ps(b->v, half);
        /* rising edge: the master samples MISO as it was before the edge */
        int miso = vgpu_miso(b->v);
        in[i / 8] |= (uint8_t)(miso << (7 - i % 8));
        vgpu_set_spi(b->v, 0, 1, bit);
        vgpu_run_ps(b->v, half);
        vgpu_set_spi(b->v, 0, 0, bit);
        if (is_read && i == 7) {
            vgpu_run_ps(b->v, b->t_rd_ps);
        }
    }
    vgpu_run_ps(b->v, half);
    vgpu_set_spi(b->v, 1, 0, 0);
    vgpu_run_ps(b->v, b->cs_gap_ps);
    b->frames++;
}

void spi_bfm_frame(spi_bfm_t *b, const uint8_t out[9], unsigned nbits, uint8_t in[9])
{
    if (nbits > 72) {
        nbits = 72;
    }
    for (int i = 0; i < 9; i++) {
        in[i] = 0;
    }
    spi_bfm_frame_bits(b, out, nbits, in);
}

int spi_bfm_write(spi_bfm_t *b, uint8_t addr, uint64_t data)
{
    if (!b->ignore_full) {
        uint64_t start = vgpu_time_ps(b->v);
        while (vgpu_cmd_full(b->v)) {
            if (vgpu_time_ps(b->v) - start >= b->full_timeout_ps) {
                return -1;
            }
            b->full_waits++;
            vgpu_run_ps(b->v, b->sck_period_ps);
        }
    }
    uint8_t out[9], in[9];
    out[0] = addr & 0x7F;
    for (int i = 0; i < 8; i++) {
        out[1 + i] = (uint8_t)(data >> (56 - 8 * i));
    }
    spi_bfm_frame(b, out, 72, in);
    return 0;
}

uint64_t spi_bfm_read(spi_bfm_t *b, uint8_t addr)
{
    uint8_t out[9] = {0}, in[9];
    out[0] = (uint8_t)(0x80 | (addr & 0x7F));
    spi_bfm_frame(b, out, 72, in);
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) {
        v = (v << 8) | in[1 + i];
    }
    return v;
}
