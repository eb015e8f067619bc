/* tb_memtest_shim.h: C view of the Verilated tb_memtest wrapper (tests/sdram/tb_memtest.sv). */
#ifndef TB_MEMTEST_SHIM_H
#define TB_MEMTEST_SHIM_H

#include <stdint.h>

#include "sdram_dev.h"

typedef struct tbm tbm_t;

typedef struct {
  uint8_t pass, error, init_done;
  sdram_pins_in_t pins; /* controller -> SDRAM */
} tbm_out_t;

tbm_t *tbm_new(int argc, char **argv);
void tbm_free(tbm_t *t);
void tbm_eval(tbm_t *t, int clk, int rst_n, uint16_t dq_i, tbm_out_t *o);

#endif
