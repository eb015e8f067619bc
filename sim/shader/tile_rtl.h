/* tile_rtl.h - C API of the thin C++ shim around the Verilated shader_tile (tile_shim.cpp).
 * tile_rtl_eval() settles the model with the inputs of *in while the clock is low and fills
 * *out with the outputs of this cycle; tile_rtl_edge() then applies a rising and a falling
 * edge with those inputs. The shim is built for one NumCores (tile_rtl_ncores()). */
#ifndef TILE_RTL_H
#define TILE_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TILE_MAX_CORES 16

typedef struct {
    int rst_n, launch_valid, abort; /* abort: shader_tile abort_i (0 in the lockstep runs) */
    uint32_t entry, arg_base, tile_offset;
    int mem_req_ready, mem_rsp_valid, mem_rsp_last;
    uint32_t mem_rsp_rdata;
} tile_in_t;

/* one core's retirement port (the fields of shd_ret_t) */
typedef struct {
    int valid, rd_wr, csr_wr;
    uint64_t order;
    uint32_t pc, insn, next_pc, rd, rd_val, mem, mem_addr, mem_size, mem_rdata, mem_wdata,
        mem_wmask, csr, csr_val, trap, trap_addr;
} tile_rv_t;

typedef struct {
    int launch_ready, busy, done, done_fault;
    uint32_t done_status, core_status[TILE_MAX_CORES];
    uint32_t core_halted, core_fault; /* bit c: core c */
    uint32_t fault_cause, fault_core, fault_pc, fault_insn, fault_addr;
    /* memory port: the fields of gpu_pkg::mem_req_t */
    int mem_req_valid, mem_req_we, mem_lock;
    uint32_t mem_req_addr, mem_req_wdata, mem_req_be, mem_req_len, mem_req_tag, mem_req_prim;
    uint32_t mon_dm_acc; /* bit c: the first word of core c's data access was accepted */
    tile_rv_t rv[TILE_MAX_CORES];
} tile_out_t;

unsigned tile_rtl_ncores(void);
/* seed: Verilator's X randomisation seed (1..2^31-1) */
void *tile_rtl_new(unsigned seed);
void tile_rtl_free(void *h);
void tile_rtl_eval(void *h, const tile_in_t *in, tile_out_t *out);
void tile_rtl_edge(void *h);
/* FST waveform of the rising edges lo..hi; -1 without tracing support in this binary */
int tile_rtl_trace(void *h, const char *path, unsigned long lo, unsigned long hi);

#ifdef __cplusplus
}
#endif

#endif
