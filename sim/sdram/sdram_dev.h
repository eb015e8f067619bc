/* sdram_dev.h: cycle-accurate model of a 16-bit SDR SDRAM (W9825G6KH class: 4 banks x 8192 rows
 * x 512 columns x 16 bits = 32 MiB) with datasheet timing checks.
 *
 * Use: call sdram_dev_tick() once per rising edge of the SDRAM clock with the pin values the
 * controller drove during the cycle that ends at that edge. The model samples the command,
 * address and write data at that edge and returns the DQ value it drives during the next cycle
 * (to be presented to the controller's DQ input before the next edge).
 *
 *     sdram_params_t p;  sdram_params_default(&p);
 *     sdram_dev_t *m = sdram_dev_new(&p);
 *     each cycle:  pins_in <- controller outputs (before the edge)
 *                  controller dq_i <- pins_out.dq (from the previous tick)
 *                  clock edge on the controller
 *                  sdram_dev_tick(m, &pins_in, &pins_out);
 *     at the end:  sdram_dev_finish(m); fail if sdram_dev_violations(m) != 0
 *
 * Every timing or protocol violation is printed to stderr (first params.max_print of them)
 * as "sdram[NAME] VIOLATION cycle N: CMD ...: reason" and counted; a test must fail when
 * sdram_dev_violations() is not zero. The checks are listed in docs/sdram.md.
 *
 * Address map of the backdoor (the controller's): row = a[24:12], column = a[9:1],
 * bank = a[11:10] ^ a[15:14] (params.bank_xor = 1, sdram_ctrl BankXor = 1, the default) or
 * a[11:10] (bank_xor = 0). The backdoor functions take the project's linear byte address
 * (little-endian, byte 0 = DQ[7:0] of the even column). The array itself is stored in
 * physical order, word index = row<<11 | bank<<9 | column (sdram_dev_index() converts).
 *
 * C11, no global state; several devices may coexist. Not thread safe per device.
 */
#ifndef SDRAM_DEV_H
#define SDRAM_DEV_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SDRAM_BANKS 4u
#define SDRAM_ROWS 8192u
#define SDRAM_COLS 512u
#define SDRAM_BYTES (SDRAM_BANKS * SDRAM_ROWS * SDRAM_COLS * 2u) /* 32 MiB */

/* Datasheet parameters. Times in picoseconds are checked against elapsed cycles * tck_ps;
 * *_ck parameters are in clock cycles. sdram_params_default() gives W9825G6KH-6 at 100 MHz. */
typedef struct {
  const char *name;        /* message prefix, e.g. "sdram" */
  uint32_t tck_ps;         /* clock period (10000 = 100 MHz) */
  uint32_t tck_min_cl2_ps; /* minimum tCK at CAS latency 2 (7500 for -6) */
  uint32_t tck_min_cl3_ps; /* minimum tCK at CAS latency 3 (6000 for -6) */
  uint32_t t_rcd_ps;       /* ACTIVE to READ/WRITE, same bank (15 ns) */
  uint32_t t_rp_ps;        /* PRECHARGE to ACTIVE/REFRESH/MRS (15 ns) */
  uint32_t t_ras_ps;       /* ACTIVE to PRECHARGE, minimum (42 ns) */
  uint64_t t_ras_max_ps;   /* ACTIVE to PRECHARGE, maximum (100 us) */
  uint32_t t_rc_ps;        /* ACTIVE to ACTIVE same bank, ACTIVE to REFRESH (60 ns) */
  uint32_t t_rfc_ps;       /* REFRESH to any command (= tRC on this part, 60 ns) */
  uint32_t t_rrd_ck;       /* ACTIVE to ACTIVE, different banks (2) */
  uint32_t t_wr_ck;        /* last write beat to PRECHARGE (2) */
  uint32_t t_mrd_ck;       /* MODE REGISTER SET to any command, tRSC (2) */
  uint64_t t_refi_ps;      /* maximum REFRESH to REFRESH gap once refreshing (64 ms / 8192) */
  uint64_t t_init_ps;      /* power-up pause before the first command (200 us) */
  uint32_t init_refreshes; /* REFRESH commands needed before the first ACTIVE (8) */
  uint32_t max_print;      /* violations printed; later ones are only counted */
  uint32_t bank_xor;       /* backdoor address map: 1 = bank a[11:10]^a[15:14] (default), 0 = a[11:10] */
  FILE *trace;             /* if not NULL: one line per command */
} sdram_params_t;

/* Pins sampled at a rising edge (controller -> device). */
typedef struct {
  uint8_t cke;
  uint8_t cs_n, ras_n, cas_n, we_n;
  uint8_t ba;    /* 2 bits */
  uint16_t a;    /* 13 bits */
  uint8_t dqm;   /* 2 bits: bit 0 = DQ[7:0] (LDQM), bit 1 = DQ[15:8] (UDQM) */
  uint16_t dq;   /* value the controller drives */
  uint8_t dq_oe; /* controller drives DQ during the cycle that ends at this edge */
} sdram_pins_in_t;

/* Device -> controller, valid during the cycle after the edge just ticked. */
typedef struct {
  uint16_t dq;
  uint8_t dq_oe; /* device drives DQ */
} sdram_pins_out_t;

/* Counters, for benchmarks and for tests that check the command stream. */
typedef struct {
  uint64_t cycles;
  uint64_t n_act, n_read, n_write, n_pre, n_pre_all, n_ref, n_mrs, n_bst;
  uint64_t beats_read, beats_written;
  uint64_t max_ref_gap;       /* longest REFRESH to REFRESH gap, cycles */
  uint64_t first_violation;   /* cycle of the first violation (0 if none) */
  int mode_reg;               /* last MODE REGISTER SET value, -1 if never set */
  int cas_latency, burst_len; /* decoded from the mode register (0 if not set) */
} sdram_stats_t;

typedef struct sdram_dev sdram_dev_t;

void sdram_params_default(sdram_params_t *p);
/* Returns NULL on allocation failure. Contents start as zero. */
sdram_dev_t *sdram_dev_new(const sdram_params_t *p);
void sdram_dev_free(sdram_dev_t *d);

/* One rising edge. out may be NULL. */
void sdram_dev_tick(sdram_dev_t *d, const sdram_pins_in_t *in, sdram_pins_out_t *out);

/* Back to the power-up state (needs the pause and the init sequence again); keeps contents. */
void sdram_dev_power_cycle(sdram_dev_t *d);

/* End-of-run checks: refresh overdue, row open longer than tRAS(max). Call once at the end. */
void sdram_dev_finish(sdram_dev_t *d);

uint64_t sdram_dev_violations(const sdram_dev_t *d);
uint64_t sdram_dev_cycle(const sdram_dev_t *d);
void sdram_dev_get_stats(const sdram_dev_t *d, sdram_stats_t *s);

/* Backdoor access by linear byte address (wraps at 32 MiB); no timing, no checks. */
uint8_t sdram_dev_read8(const sdram_dev_t *d, uint32_t addr);
void sdram_dev_write8(sdram_dev_t *d, uint32_t addr, uint8_t v);
uint32_t sdram_dev_read32(const sdram_dev_t *d, uint32_t addr);               /* addr & ~3 */
void sdram_dev_write32(sdram_dev_t *d, uint32_t addr, uint32_t v, unsigned be); /* be: 4 bits */
/* Fill the whole array with a deterministic pseudo-random pattern from seed. */
void sdram_dev_fill(sdram_dev_t *d, uint64_t seed);
/* Direct view of the 16-bit array (SDRAM_BYTES/2 words, physical order above). */
const uint16_t *sdram_dev_array(const sdram_dev_t *d);
/* Index into sdram_dev_array() of the half-word holding byte address addr. */
uint32_t sdram_dev_index(const sdram_dev_t *d, uint32_t addr);
/* Byte address of (bank, row, column) under the address map; inverse of the map. */
uint32_t sdram_dev_addr(const sdram_dev_t *d, unsigned bank, unsigned row, unsigned col);

#ifdef __cplusplus
}
#endif

#endif /* SDRAM_DEV_H */
