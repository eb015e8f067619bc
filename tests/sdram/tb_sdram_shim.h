/* tb_sdram_shim.h: C view of the Verilated tb_sdram wrapper (tests/sdram/tb_sdram.sv). */
#ifndef TB_SDRAM_SHIM_H
#define TB_SDRAM_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tbs tbs_t;

typedef struct {
  uint8_t clk, arst_n, sel;
  uint8_t req_valid, req_we, req_be, req_len;
  uint32_t req_addr, req_wdata;
  uint16_t dq_i;
} tbs_in_t;

typedef struct {
  uint8_t rst_sync_n, req_ready, rsp_valid, init_done;
  uint32_t rsp_rdata;
  uint8_t cke, cs_n, ras_n, cas_n, we_n, ba, dqm, dq_oe;
  uint16_t a, dq_o;
} tbs_out_t;

/* argv is handed to Verilator (+verilator+seed+N and friends). */
tbs_t *tbs_new(int argc, char **argv);
void tbs_free(tbs_t *t);
/* Start an FST waveform (only in the trace build, build/sdram/tb_sdram_trace); -1 if not. */
int tbs_trace_open(tbs_t *t, const char *path);
/* Apply inputs, evaluate, read outputs. */
void tbs_eval(tbs_t *t, const tbs_in_t *in, tbs_out_t *out);

#ifdef __cplusplus
}
#endif

#endif
