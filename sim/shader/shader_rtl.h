/* shader_rtl.h - C API of the thin C++ shim around the Verilated shader_core (shader_shim.cpp).
 * shader_rtl_eval() settles the model with the inputs of *in while the clock is low, and fills
 * *out with the outputs of this cycle; shader_rtl_edge() then applies a rising and a falling
 * edge with those inputs. */
#ifndef SHADER_RTL_H
#define SHADER_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int rst_n, start, stop, bar_go;
    uint32_t entry, arg_base, tile_offset, time;
    int if_gnt;
    uint32_t if_rdata;
    int dm_req_ready, dm_rsp_valid;
    uint32_t dm_rsp_rdata;
} shader_in_t;

typedef struct {
    int idle, halted, fault, bar_wait;
    uint32_t status;
    int if_req;
    uint32_t if_addr;
    int dm_req_valid, dm_req_we, dm_req_amo;
    uint32_t dm_req_addr, dm_req_wdata, dm_req_be, dm_req_amo_op, dm_req_amo_cmp;
    /* retirement port */
    int rv_valid, rv_rd_wr, rv_csr_wr;
    uint64_t rv_order;
    uint32_t rv_pc, rv_insn, rv_next_pc, rv_rd, rv_rd_val, rv_mem, rv_mem_addr, rv_mem_size,
        rv_mem_rdata, rv_mem_wdata, rv_mem_wmask, rv_csr, rv_csr_val, rv_trap, rv_trap_addr;
} shader_out_t;

/* seed: Verilator's X randomisation seed (1..2^31-1) */
void *shader_rtl_new(unsigned seed);
void shader_rtl_free(void *h);
void shader_rtl_eval(void *h, const shader_in_t *in, shader_out_t *out);
void shader_rtl_edge(void *h);
/* FST waveform of the rising edges lo..hi; -1 without tracing support in this binary */
int shader_rtl_trace(void *h, const char *path, unsigned long lo, unsigned long hi);

#ifdef __cplusplus
}
#endif

#endif
