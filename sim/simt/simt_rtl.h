/* simt_rtl.h - C API of the thin C++ shim around the Verilated simt_top (simt_shim.cpp).
 * Inputs change on the falling edge (simt_rtl_tick applies the next inputs after the rising
 * edge); outputs read with simt_rtl_get() are the values of the current cycle. */
#ifndef SIMT_RTL_H
#define SIMT_RTL_H

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_MAX_CH 16

typedef struct {
    unsigned num_cores, threads, prog_ch, data_ch, ic_lines, prog_aw, data_aw;
    int mem_port; /* 1: the model is simt_mem_top (one GPU memory port), 0: simt_top */
} simt_cfg_t;

typedef struct {
    int rst_n;
    int launch_valid;
    unsigned launch_threads, launch_prog_base, launch_data_base;
    unsigned pmem_ready[SIMT_MAX_CH], pmem_data[SIMT_MAX_CH];
    unsigned dmem_ready[SIMT_MAX_CH], dmem_data[SIMT_MAX_CH];
    unsigned mem_req_ready, mem_rsp_valid, mem_rsp_rdata; /* simt_mem_top only */
} simt_in_t;

typedef struct {
    int launch_ready, busy, done;
    unsigned pmem_valid[SIMT_MAX_CH], pmem_addr[SIMT_MAX_CH];
    unsigned dmem_valid[SIMT_MAX_CH], dmem_we[SIMT_MAX_CH], dmem_addr[SIMT_MAX_CH],
        dmem_wdata[SIMT_MAX_CH];
    unsigned mem_req_valid, mem_req_addr, mem_req_we, mem_req_wdata, mem_req_be; /* mem top */
} simt_out_t;

/* Create the model. The +verilator+ arguments of argv other than seed and rand+reset are
 * passed to Verilator, then +verilator+seed+<seed> (1..2^31-1) and
 * +verilator+rand+reset+<rand_reset> (0 zeros, 1 ones, 2 random X initial values); both must
 * be in range (Verilator aborts otherwise). *seed_used and *rand_reset_used are what the
 * Verilator context holds afterwards. */
void *simt_rtl_new(int argc, char **argv, unsigned seed, int rand_reset, unsigned *seed_used,
                   int *rand_reset_used);
void simt_rtl_free(void *h);
void simt_rtl_cfg(simt_cfg_t *cfg);
void simt_rtl_get(void *h, simt_out_t *o);
/* rising edge with the current inputs, then apply *next and settle with the clock low */
void simt_rtl_tick(void *h, const simt_in_t *next);
/* FST waveform of the rising edges lo..hi (counted from creation); -1 when the binary was
 * built without tracing (make simt-trace builds build/simt/obj_trace/simt_tb with it) */
int simt_rtl_trace(void *h, const char *path, unsigned long lo, unsigned long hi);
/* 1 when the binary was built with tracing (--fst works), else 0 */
int simt_rtl_has_trace(void);
/* apply inputs without an edge (initial reset) */
void simt_rtl_set(void *h, const simt_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
