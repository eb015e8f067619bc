/* tb_dvi.c: checks the board's DVI serialiser (rtl/board/board_dvi_phy.sv) with the video stub
 * (rtl/board/board_video_stub.sv): clk_shift = 5 x clk_pix, DDR cells modelled behaviourally.
 * Recovers the four serial lanes, aligns on the clock lane (0000011111, LSB first), decodes
 * 10-bit symbols and checks a whole frame: 800 symbols per line, 96 with HSYNC, 525 lines,
 * 2 with VSYNC, lanes 1 and 2 constant, every symbol a TMDS control symbol.
 *   tb_dvi [--help] [+verilator+seed+N]     exit 0 = pass */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb_dvi_shim.h"

#define CTRL00 0x354u /* 1101010100 */
#define CTRL01 0x0ABu /* 0010101011 */
#define CTRL10 0x154u /* 0101010100 */
#define CTRL11 0x2ABu /* 1010101011 */

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      puts("usage: tb_dvi [+verilator+seed+N]: one 640x480 frame through the DVI serialiser");
      return 0;
    }
    if (strncmp(argv[i], "+verilator+", 11) != 0) {
      fprintf(stderr, "tb_dvi: unexpected argument '%s' (the only arguments are --help and +verilator+seed+N)\n",
              argv[i]);
      return 2;
    }
  }
  printf("tb_dvi: DVI serialiser + video stub, one frame\n");
  tbd_t *m = tbd_new(argc, argv);
  /* Time in half shift periods: shift toggles every step, pix every 5 steps. */
  const long frame_bits = 800L * 525L * 10L;
  const long steps = 2 * frame_bits + 40000L;
  unsigned char *lane[4];
  for (int c = 0; c < 4; c++) {
    lane[c] = malloc((size_t)steps);
    if (lane[c] == NULL) {
      return 2;
    }
  }
  long n = 0;
  for (long s = 0; s < steps + 200; s++) {
    int shift = (int)(s & 1);
    int pix = (int)((s / 5) & 1);
    int rst_n = s >= 40;
    unsigned o = tbd_eval(m, pix, shift, rst_n);
    if (s >= 200 && n < steps) {
      for (int c = 0; c < 4; c++) {
        lane[c][n] = (unsigned char)((o >> c) & 1u);
      }
      n++;
    }
  }
  /* Align on the clock lane. */
  long off = -1;
  for (long k = 0; k < 20 && off < 0; k++) {
    int ok = 1;
    for (long j = 0; j < 100 && ok; j++) {
      for (int b = 0; b < 10; b++) {
        if (lane[3][k + j * 10 + b] != (b < 5)) {
          ok = 0;
        }
      }
    }
    if (ok) {
      off = k;
    }
  }
  int fail = 0;
  if (off < 0) {
    printf("FAIL: clock lane never shows 0000011111\n");
    return 1;
  }
  long nsym = (n - off) / 10;
  long hs = 0, vs = 0, bad = 0, other = 0, clk_bad = 0;
  long first_vs = -1;
  for (long k = 0; k < nsym; k++) {
    unsigned sym[4] = {0, 0, 0, 0};
    for (int c = 0; c < 4; c++) {
      for (int b = 0; b < 10; b++) {
        sym[c] |= (unsigned)lane[c][off + k * 10 + b] << b;
      }
    }
    if (sym[3] != 0x01Fu) {
      clk_bad++;
    }
    if (sym[1] != CTRL00 || sym[2] != CTRL00) {
      other++;
    }
    /* Lane 0 carries {vsync_n, hsync_n} as c1 c0: 11 idle, 10 hsync, 01 vsync, 00 both. */
    switch (sym[0]) {
    case CTRL11:
      break;
    case CTRL10:
      hs++;
      break;
    case CTRL01:
      vs++;
      if (first_vs < 0) {
        first_vs = k;
      }
      break;
    case CTRL00:
      hs++;
      vs++;
      if (first_vs < 0) {
        first_vs = k;
      }
      break;
    default:
      bad++;
      break;
    }
  }
  /* Count over exactly one frame starting at the first vsync symbol. */
  if (first_vs < 0 || first_vs + 800L * 525L > nsym) {
    printf("FAIL: no complete frame captured\n");
    return 1;
  }
  long fhs = 0, fvs = 0;
  for (long k = first_vs; k < first_vs + 800L * 525L; k++) {
    unsigned s0 = 0;
    for (int b = 0; b < 10; b++) {
      s0 |= (unsigned)lane[0][off + k * 10 + b] << b;
    }
    fhs += (s0 == CTRL10 || s0 == CTRL00);
    fvs += (s0 == CTRL01 || s0 == CTRL00);
  }
  printf("alignment %ld, %ld symbols; frame: %ld hsync symbols (expect %d), %ld vsync symbols "
         "(expect %d); bad lane-0 %ld, lanes 1-2 not idle %ld, clock lane errors %ld\n",
         off, nsym, fhs, 96 * 525, fvs, 2 * 800, bad, other, clk_bad);
  if (fhs != 96 * 525 || fvs != 2 * 800 || bad || other || clk_bad) {
    fail = 1;
  }
  (void)hs;
  (void)vs;
  printf("%s\n", fail ? "FAIL" : "PASS");
  for (int c = 0; c < 4; c++) {
    free(lane[c]);
  }
  tbd_free(m);
  return fail;
}
