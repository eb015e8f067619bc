/* simt_sim.c - reference simulator; see simt_sim.h. */
#include "simt_sim.h"

#include <string.h>

static uint8_t sim_load(void *ctx, uint8_t addr)
{
    simt_sim_t *s = ctx;
    return s->mem[(uint8_t)(s->data_base + addr)];
}

void simt_sim_init(simt_sim_t *s, const uint16_t *prog, const uint8_t *mem, unsigned nthreads,
                   unsigned block_dim, uint8_t prog_base, uint8_t data_base)
{
    memset(s, 0, sizeof *s); /* trace off: set s->trace after init to trace */
    memcpy(s->prog, prog, sizeof s->prog);
    memcpy(s->mem, mem, sizeof s->mem);
    s->nthreads = nthreads > SIMT_MAX_THREADS ? SIMT_MAX_THREADS : nthreads;
    s->block_dim = block_dim;
    s->prog_base = prog_base;
    s->data_base = data_base;
    for (unsigned g = 0; g < s->nthreads; g++) {
        simt_thread_init(&s->th[g], g / block_dim, block_dim, g % block_dim);
    }
}

void simt_effect_str(const simt_effect_t *e, char *buf, unsigned len)
{
    int n = 0;
    buf[0] = 0;
    if (e->wb) {
        n += snprintf(buf + n, len - (unsigned)n, " R%u=%02x", e->rd, e->wdata);
    }
    if (e->nzp_wr) {
        n += snprintf(buf + n, len - (unsigned)n, " nzp=%c%c%c", (e->nzp & 4) ? 'n' : '-',
                      (e->nzp & 2) ? 'z' : '-', (e->nzp & 1) ? 'p' : '-');
    }
    if (e->st) {
        n += snprintf(buf + n, len - (unsigned)n, " mem[%02x]=%02x", e->saddr, e->sdata);
    }
    if (e->ret) {
        n += snprintf(buf + n, len - (unsigned)n, " ret");
    }
    if (n == 0) {
        snprintf(buf, len, " -");
    }
}

uint16_t simt_sim_step(simt_sim_t *s, unsigned g, simt_effect_t *e)
{
    simt_thread_t *th = &s->th[g];
    uint16_t w = s->prog[(uint8_t)(s->prog_base + th->pc)];
    simt_exec(th, w, e, sim_load, s);
    if (s->trace) {
        char d[40], ef[64];
        simt_effect_str(e, ef, sizeof ef);
        fprintf(s->trace, "EXEC g=%03u pc=%02x %04x %-24s%s\n", g, th->pc, w,
                simt_disasm(w, d, sizeof d), ef);
    }
    if (e->st) {
        s->mem[(uint8_t)(s->data_base + e->saddr)] = e->sdata;
    }
    simt_apply(th, e);
    s->steps++;
    return w;
}

int simt_sim_run(simt_sim_t *s, unsigned long max_steps)
{
    for (unsigned g = 0; g < s->nthreads; g++) {
        unsigned long n = 0;
        while (!s->th[g].done) {
            simt_effect_t e;
            if (n++ >= max_steps) {
                return -1;
            }
            simt_sim_step(s, g, &e);
        }
    }
    return 0;
}
