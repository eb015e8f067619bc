/* test_sdram_dev.c: directed unit test of the SDRAM device model (sim/sdram/sdram_dev.c),
 * run under AddressSanitizer/UBSan. A legal command sequence must give zero violations and the
 * right data at the right edge (CL2/CL3, BL2/BL4, sequential/interleaved, DQM); each illegal
 * sequence must be reported. Usage: test_sdram_dev [--help] [-v]  (exit 0 = pass) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdram_dev.h"

enum { MRS = 0, REF = 1, PRE = 2, ACT = 3, WR = 4, RD = 5, BST = 6, NOP = 7 };

static int failures;
static int verbose;

typedef struct {
  sdram_dev_t *d;
  sdram_pins_out_t out;
} dut_t;

static sdram_pins_out_t tick(dut_t *u, int cmd, unsigned ba, unsigned a, unsigned dqm,
                             unsigned dq, int oe) {
  sdram_pins_in_t p;
  memset(&p, 0, sizeof(p));
  p.cke = 1;
  p.cs_n = 0;
  p.ras_n = (uint8_t)((cmd >> 2) & 1);
  p.cas_n = (uint8_t)((cmd >> 1) & 1);
  p.we_n = (uint8_t)(cmd & 1);
  p.ba = (uint8_t)ba;
  p.a = (uint16_t)a;
  p.dqm = (uint8_t)dqm;
  p.dq = (uint16_t)dq;
  p.dq_oe = (uint8_t)oe;
  sdram_dev_tick(u->d, &p, &u->out);
  return u->out;
}
static void nops(dut_t *u, int n) {
  for (int i = 0; i < n; i++) {
    tick(u, NOP, 0, 0, 0, 0, 0);
  }
}
/* NOPs with DQM high, as required during the power-up pause. */
static void pause_nops(dut_t *u, int n) {
  for (int i = 0; i < n; i++) {
    tick(u, NOP, 0, 0, 3, 0, 0);
  }
}

static void expect(int cond, const char *what) {
  if (!cond) {
    failures++;
    fprintf(stderr, "FAIL: %s\n", what);
  } else if (verbose) {
    printf("ok: %s\n", what);
  }
}

/* Power-up: pause, PRECHARGE ALL, 8 REFRESH, MRS. */
static void init(dut_t *u, unsigned mode) {
  pause_nops(u, 20001);
  tick(u, PRE, 0, 1u << 10, 0, 0, 0);
  nops(u, 1);
  for (int i = 0; i < 8; i++) {
    tick(u, REF, 0, 0, 0, 0, 0);
    nops(u, 5);
  }
  tick(u, MRS, 0, mode, 0, 0, 0);
  nops(u, 1);
}

static dut_t fresh(const sdram_params_t *p, unsigned mode) {
  dut_t u;
  u.d = sdram_dev_new(p);
  if (u.d == NULL) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  init(&u, mode);
  return u;
}

#define MODE(cl, bl_code, il) (((cl) << 4) | ((il) << 3) | (bl_code))

static void test_legal(const sdram_params_t *p0) {
  sdram_params_t q = *p0;
  q.max_print = verbose ? 20 : 0;
  const sdram_params_t *p = &q;
  dut_t u = fresh(p, MODE(2, 1, 0));
  expect(sdram_dev_violations(u.d) == 0, "legal init: no violations");
  /* ACT bank 1 row 5, WRITE col 8 (2 beats), READ it back with CL2. */
  tick(&u, ACT, 1, 5, 0, 0, 0);
  nops(&u, 1);
  tick(&u, WR, 1, 8, 0, 0xBEEF, 1);
  tick(&u, NOP, 0, 0, 2, 0x1234, 1); /* beat 1: upper byte masked */
  tick(&u, RD, 1, 8, 0, 0, 0);
  sdram_pins_out_t o1 = tick(&u, NOP, 0, 0, 0, 0, 0); /* data for edge RD+2 */
  sdram_pins_out_t o2 = tick(&u, NOP, 0, 0, 0, 0, 0);
  expect(o1.dq_oe && o1.dq == 0xBEEF, "CL2 beat 0 at READ+2");
  uint32_t addr = sdram_dev_addr(u.d, 1, 5, 8);
  unsigned old_hi = sdram_dev_read8(u.d, addr + 3); /* backdoor: linear byte address */
  expect(o2.dq_oe && o2.dq == (uint16_t)((old_hi << 8) | 0x34), "CL2 beat 1 with DQM-masked write");
  expect(sdram_dev_read32(u.d, addr) == ((old_hi << 24) | 0x34BEEFu), "backdoor read32 map");
  sdram_pins_out_t o3 = tick(&u, NOP, 0, 0, 0, 0, 0);
  expect(!o3.dq_oe, "bus released after the burst");
  nops(&u, 2);
  /* A PRECHARGE of another bank does not cut a read burst (bank 0 row 9 vs bank 1). */
  tick(&u, ACT, 0, 9, 0, 0, 0);
  nops(&u, 1);
  tick(&u, RD, 1, 8, 0, 0, 0);
  o1 = tick(&u, PRE, 0, 0, 0, 0, 0); /* tRAS of bank 0 not met: one expected violation */
  o2 = tick(&u, NOP, 0, 0, 0, 0, 0);
  expect(o1.dq_oe && o1.dq == 0xBEEF && o2.dq_oe, "PRECHARGE of another bank keeps the burst");
  expect(sdram_dev_violations(u.d) == 1, "exactly the tRAS violation of bank 0");
  nops(&u, 2);
  tick(&u, PRE, 1, 0, 0, 0, 0);
  nops(&u, 2);
  expect(sdram_dev_violations(u.d) == 1, "legal access sequence: no further violations");
  sdram_dev_free(u.d);

  /* CL3, BL4 interleaved: read starting at column 1 returns 1,0,3,2. */
  u = fresh(p, MODE(3, 2, 1));
  for (unsigned c = 0; c < 4; c++) {
    uint32_t ca = sdram_dev_addr(u.d, 2, 7, c);
    sdram_dev_write32(u.d, ca, 0, 0); /* no-op write (be=0) */
    sdram_dev_write8(u.d, ca, (uint8_t)(0x10 + c));
    sdram_dev_write8(u.d, ca | 1u, 0);
  }
  tick(&u, ACT, 2, 7, 0, 0, 0);
  nops(&u, 1);
  tick(&u, RD, 2, 1, 0, 0, 0);
  nops(&u, 1);
  unsigned got[4];
  for (int i = 0; i < 4; i++) {
    got[i] = tick(&u, NOP, 0, 0, 0, 0, 0).dq;
  }
  expect(got[0] == 0x11 && got[1] == 0x10 && got[2] == 0x13 && got[3] == 0x12,
         "CL3 BL4 interleaved order");
  nops(&u, 2);
  tick(&u, PRE, 0, 1u << 10, 0, 0, 0);
  nops(&u, 3);
  expect(sdram_dev_violations(u.d) == 0, "CL3/BL4: no violations");
  sdram_stats_t s;
  sdram_dev_get_stats(u.d, &s);
  expect(s.cas_latency == 3 && s.burst_len == 4 && s.n_ref == 8, "stats decode mode and counts");
  sdram_dev_free(u.d);
}

typedef void (*bad_fn)(dut_t *u);

static void bad_early(dut_t *u) { (void)u; }
static void bad_trcd(dut_t *u) {
  tick(u, ACT, 0, 1, 0, 0, 0);
  tick(u, RD, 0, 0, 0, 0, 0);
}
static void bad_trp(dut_t *u) {
  tick(u, ACT, 0, 1, 0, 0, 0);
  nops(u, 5);
  tick(u, PRE, 0, 0, 0, 0, 0);
  tick(u, ACT, 0, 1, 0, 0, 0);
}
static void bad_tras(dut_t *u) {
  tick(u, ACT, 0, 1, 0, 0, 0);
  nops(u, 2);
  tick(u, PRE, 0, 0, 0, 0, 0);
}
static void bad_trc(dut_t *u) { /* run with t_rc_ps = 90 ns */
  tick(u, ACT, 0, 1, 0, 0, 0);
  nops(u, 4);
  tick(u, PRE, 0, 0, 0, 0, 0);
  nops(u, 1);
  tick(u, ACT, 0, 1, 0, 0, 0);
}
static void bad_trrd(dut_t *u) {
  tick(u, ACT, 0, 1, 0, 0, 0);
  tick(u, ACT, 1, 1, 0, 0, 0);
}
static void bad_twr(dut_t *u) {
  tick(u, ACT, 0, 1, 0, 0, 0);
  nops(u, 4);
  tick(u, WR, 0, 0, 0, 0, 1);
  tick(u, NOP, 0, 0, 0, 0, 1);
  tick(u, PRE, 0, 0, 0, 0, 0);
}
static void bad_trfc(dut_t *u) {
  tick(u, REF, 0, 0, 0, 0, 0);
  nops(u, 1);
  tick(u, ACT, 0, 1, 0, 0, 0);
}
static void bad_tmrd(dut_t *u) {
  tick(u, MRS, 0, MODE(2, 1, 0), 0, 0, 0);
  tick(u, ACT, 0, 1, 0, 0, 0);
}
static void bad_refi(dut_t *u) {
  nops(u, 790);
  tick(u, REF, 0, 0, 0, 0, 0);
}
static void bad_idle_read(dut_t *u) { tick(u, RD, 3, 0, 0, 0, 0); }
static void bad_double_act(dut_t *u) {
  tick(u, ACT, 0, 1, 0, 0, 0);
  nops(u, 6);
  tick(u, ACT, 0, 2, 0, 0, 0);
}
static void bad_ref_open(dut_t *u) {
  tick(u, ACT, 2, 1, 0, 0, 0);
  nops(u, 6);
  tick(u, REF, 0, 0, 0, 0, 0);
}
static void bad_contention(dut_t *u) {
  tick(u, ACT, 0, 1, 0, 0, 0);
  nops(u, 1);
  tick(u, RD, 0, 0, 0, 0, 0);
  nops(u, 1);
  tick(u, NOP, 0, 0, 0, 0x5555, 1); /* controller drives while read data is on the bus */
}
static void bad_undriven(dut_t *u) {
  tick(u, ACT, 0, 1, 0, 0, 0);
  nops(u, 1);
  tick(u, WR, 0, 0, 0, 0, 0);
}
static void bad_trunc(dut_t *u) {
  tick(u, ACT, 0, 1, 0, 0, 0);
  nops(u, 4);
  tick(u, RD, 0, 0, 0, 0, 0);
  tick(u, PRE, 0, 0, 0, 0, 0);
}
static void bad_tras_max(dut_t *u) {
  tick(u, ACT, 0, 1, 0, 0, 0);
  for (int i = 0; i < 15; i++) { /* keep refreshing is impossible with a row open: */
    nops(u, 700);
  }
  tick(u, PRE, 0, 0, 0, 0, 0);
}

static void test_bad(const sdram_params_t *p0, const char *name, bad_fn fn, int no_init,
                     uint32_t t_rc_ps) {
  sdram_params_t p = *p0;
  p.max_print = verbose ? 20 : 0;
  p.t_rc_ps = t_rc_ps ? t_rc_ps : p.t_rc_ps;
  dut_t u;
  if (no_init == 2) {
    u.d = sdram_dev_new(&p);
    if (u.d == NULL) {
      exit(2);
    }
    nops(&u, 100); /* DQM low */
  } else if (no_init) {
    u.d = sdram_dev_new(&p);
    if (u.d == NULL) {
      exit(2);
    }
    pause_nops(&u, 100);
    tick(&u, PRE, 0, 1u << 10, 0, 0, 0); /* before the 200 us pause */
  } else {
    u = fresh(&p, MODE(2, 1, 0));
  }
  uint64_t v0 = sdram_dev_violations(u.d);
  fn(&u);
  nops(&u, 4);
  char msg[96];
  snprintf(msg, sizeof msg, "violation reported: %s", name);
  expect(sdram_dev_violations(u.d) > v0 || (no_init && sdram_dev_violations(u.d) > 0), msg);
  sdram_dev_free(u.d);
}

/* Address map: XOR bank hashing puts the default buffers in different banks; round trip. */
static void test_map(const sdram_params_t *p0) {
  sdram_params_t p = *p0;
  int ok = 1;
  for (unsigned x = 0; x < 2; x++) {
    p.bank_xor = x;
    sdram_dev_t *d = sdram_dev_new(&p);
    if (d == NULL) {
      exit(2);
    }
    for (unsigned k = 0; k < 1000; k++) {
      unsigned b = k & 3u, r = (k * 37u) & 0x1FFFu, c = (k * 11u) & 0x1FFu;
      uint32_t a = sdram_dev_addr(d, b, r, c);
      if (sdram_dev_index(d, a) != ((r << 11) | (b << 9) | c)) {
        ok = 0;
      }
    }
    unsigned bank_fb = (sdram_dev_index(d, 0x000100u) >> 9) & 3u;
    unsigned bank_z = (sdram_dev_index(d, 0x258100u) >> 9) & 3u;
    if (x == 1 && bank_fb == bank_z) {
      ok = 0;
    }
    if (x == 0 && bank_fb != bank_z) {
      ok = 0;
    }
    sdram_dev_free(d);
  }
  expect(ok, "address map round trip; XOR puts FB and Z in different banks");
}

static void test_uninit(const sdram_params_t *p0) {
  sdram_params_t p = *p0;
  p.max_print = verbose ? 20 : 0;
  dut_t u;
  u.d = sdram_dev_new(&p);
  if (u.d == NULL) {
    exit(2);
  }
  pause_nops(&u, 20001);
  tick(&u, PRE, 0, 1u << 10, 0, 0, 0);
  nops(&u, 2);
  tick(&u, ACT, 0, 0, 0, 0, 0); /* no refreshes, no MRS */
  expect(sdram_dev_violations(u.d) > 0, "violation reported: ACTIVE before init/MRS");
  /* power cycle keeps contents but needs init again */
  sdram_dev_write32(u.d, 0x100, 0xCAFEF00Du, 0xF);
  sdram_dev_power_cycle(u.d);
  expect(sdram_dev_read32(u.d, 0x100) == 0xCAFEF00Du, "power cycle keeps contents");
  sdram_dev_free(u.d);
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help")) {
      puts("usage: test_sdram_dev [-v]   directed unit test of sim/sdram/sdram_dev.c");
      return 0;
    } else if (!strcmp(argv[i], "-v")) {
      verbose = 1;
    } else {
      fprintf(stderr, "unknown argument %s\n", argv[i]);
      return 2;
    }
  }
  sdram_params_t p;
  sdram_params_default(&p);
  p.name = "unit";
  test_legal(&p);
  test_map(&p);
  test_uninit(&p);
  test_bad(&p, "command during power-up pause", bad_early, 1, 0);
  test_bad(&p, "DQM low during the power-up pause", bad_early, 2, 0);
  test_bad(&p, "tRCD", bad_trcd, 0, 0);
  test_bad(&p, "tRP", bad_trp, 0, 0);
  test_bad(&p, "tRAS", bad_tras, 0, 0);
  test_bad(&p, "tRC", bad_trc, 0, 90000);
  test_bad(&p, "tRRD", bad_trrd, 0, 0);
  test_bad(&p, "tWR", bad_twr, 0, 0);
  test_bad(&p, "tRFC", bad_trfc, 0, 0);
  test_bad(&p, "tMRD", bad_tmrd, 0, 0);
  test_bad(&p, "refresh interval", bad_refi, 0, 0);
  test_bad(&p, "READ to idle bank", bad_idle_read, 0, 0);
  test_bad(&p, "ACTIVE to active bank", bad_double_act, 0, 0);
  test_bad(&p, "REFRESH with a bank open", bad_ref_open, 0, 0);
  test_bad(&p, "DQ bus contention", bad_contention, 0, 0);
  test_bad(&p, "write beat not driven", bad_undriven, 0, 0);
  test_bad(&p, "PRECHARGE truncating a read burst", bad_trunc, 0, 0);
  test_bad(&p, "tRAS(max)", bad_tras_max, 0, 0);
  printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
