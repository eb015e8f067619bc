/* tb_dvi_shim.h: C view of the Verilated tb_dvi wrapper. */
#ifndef TB_DVI_SHIM_H
#define TB_DVI_SHIM_H

typedef struct tbd tbd_t;

tbd_t *tbd_new(int argc, char **argv);
void tbd_free(tbd_t *t);
/* Returns tmds[3:0] | vsync << 4 after evaluating with these inputs. */
unsigned tbd_eval(tbd_t *t, int clk_pix, int clk_shift, int rst_n);

#endif
