/* tb_memtest.c: the board's memory test (rtl/board/board_memtest.sv) with sdram_ctrl and the
 * SDRAM device model. Checks that passes complete with no error flag and no timing violation,
 * and, with --corrupt, that a byte flipped in the device behind the controller's back raises
 * the error flag (so the LED on the board means something).
 *   tb_memtest [--passes N] [--corrupt] [--help] [+verilator+seed+N]   exit 0 = pass */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdram_dev.h"
#include "tb_memtest_shim.h"

int main(int argc, char **argv) {
  int passes = 3, corrupt = 0;
  const char *vseed = "(default)";
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help")) {
      puts("usage: tb_memtest [--passes N] [--corrupt] [+verilator+seed+N]\n"
           "  board_memtest (4096 words) + sdram_ctrl + device model; --corrupt flips a device\n"
           "  byte during the first read-back and then expects the error flag");
      return 0;
    } else if (!strcmp(argv[i], "--passes") && i + 1 < argc) {
      passes = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--corrupt")) {
      corrupt = 1;
    } else if (!strncmp(argv[i], "+verilator+seed+", 16)) {
      vseed = argv[i] + 16;
    } else if (argv[i][0] != '+') {
      fprintf(stderr, "tb_memtest: unknown argument %s\n", argv[i]);
      return 2;
    }
  }
  printf("tb_memtest: %d passes%s, verilator seed %s\n", passes, corrupt ? ", corrupt" : "",
         vseed);
  sdram_params_t p;
  sdram_params_default(&p);
  sdram_dev_t *dev = sdram_dev_new(&p);
  tbm_t *m = tbm_new(argc, argv);
  if (dev == NULL || m == NULL) {
    return 2;
  }
  tbm_out_t o;
  sdram_pins_out_t dout;
  memset(&dout, 0, sizeof(dout));
  /* Reset with a falling edge, two clocks, then the device watches. */
  tbm_eval(m, 0, 1, 0, &o);
  for (int i = 0; i < 3; i++) {
    tbm_eval(m, 0, 0, 0, &o);
    tbm_eval(m, 1, 0, 0, &o);
  }
  int last_pass = o.pass, done = 0, corrupted = 0;
  uint64_t cyc = 0, limit = 20100 + (uint64_t)passes * 40000;
  for (; cyc < limit && done < passes; cyc++) {
    tbm_eval(m, 0, 1, dout.dq, &o);
    sdram_pins_in_t pins = o.pins;
    tbm_eval(m, 1, 1, dout.dq, &o);
    sdram_dev_tick(dev, &pins, &dout);
    if (o.pass != last_pass) {
      done++;
      last_pass = o.pass;
    }
    /* Flip a byte of word 100 once the first pass's writes are surely done. */
    if (corrupt && !corrupted && o.init_done && cyc > 20000 + 4096 * 2 + 50) {
      sdram_dev_write8(dev, 400, (uint8_t)~sdram_dev_read8(dev, 400));
      corrupted = 1;
    }
  }
  sdram_dev_finish(dev);
  uint64_t v = sdram_dev_violations(dev);
  printf("%" PRIu64 " cycles, %d passes completed, error flag %d, %" PRIu64 " violations\n", cyc,
         done, o.error, v);
  int ok = corrupt ? (o.error == 1 && v == 0) : (done == passes && o.error == 0 && v == 0);
  printf("%s\n", ok ? "PASS" : "FAIL");
  tbm_free(m);
  sdram_dev_free(dev);
  return ok ? 0 : 1;
}
