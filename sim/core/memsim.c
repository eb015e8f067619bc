#include "memsim.h"
#include <stdlib.h>
#include <string.h>

#define MEM_BYTES (32u << 20)
#define RQ 128 /* read beats in flight: 8 requests x 8 beats in the arbiter, and slack */

struct memsim {
    memsim_cfg_t cfg;
    uint8_t *mem;
    unsigned cooldown;
    uint32_t rq_data[RQ];
    uint64_t rq_due[RQ];
    unsigned rq_head, rq_count;
    uint64_t cycle;
    uint64_t rng;        /* jitter: xorshift state */
    int armed;           /* jitter: a request is waiting, wait cycles drawn */
    unsigned wait;       /* jitter: cycles before ready rises */
    uint64_t last_due;   /* jitter: answers stay in order */
};

static unsigned rnd(memsim_t *m, unsigned n)
{
    m->rng ^= m->rng << 13;
    m->rng ^= m->rng >> 7;
    m->rng ^= m->rng << 17;
    return (unsigned)(m->rng % n);
}

int memsim_preset(const char *name, memsim_cfg_t *out)
{
    memset(out, 0, sizeof(*out));
    if (!strcmp(name, "ideal")) {
        out->cycles_per_req = 1;
        out->read_latency = 2;
        return 0;
    }
    if (!strcmp(name, "sdr16")) {
        out->cycles_per_req = 2;
        out->half_write_cycles = 1;
        out->read_latency = 8;
        return 0;
    }
    if (!strcmp(name, "jitter")) {
        out->cycles_per_req = 1;
        out->read_latency = 2;
        out->jitter = 4;
        return 0;
    }
    return -1;
}

memsim_t *memsim_new(const memsim_cfg_t *cfg)
{
    memsim_t *m = calloc(1, sizeof(*m));
    if (!m) {
        return NULL;
    }
    m->mem = calloc(1, MEM_BYTES);
    if (!m->mem) {
        free(m);
        return NULL;
    }
    m->cfg = *cfg;
    if (m->cfg.cycles_per_req < 1) {
        m->cfg.cycles_per_req = 1;
    }
    if (m->cfg.read_latency < 1) {
        m->cfg.read_latency = 1;
    }
    m->rng = cfg->seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    return m;
}

void memsim_reset(memsim_t *m)
{
    m->rq_head = 0;
    m->rq_count = 0;
    m->cooldown = 0;
    m->armed = 0;
    m->last_due = 0;
}

void memsim_free(memsim_t *m)
{
    if (m) {
        free(m->mem);
        free(m);
    }
}

uint8_t *memsim_mem(memsim_t *m) { return m->mem; }

void memsim_drive(memsim_t *m, memsim_drive_t *d)
{
    d->req_ready = (m->cooldown == 0) && (m->rq_count + 8 <= RQ) && (!m->cfg.jitter || (m->armed && m->wait == 0));
    d->rsp_valid = 0;
    d->rsp_rdata = 0;
    if (m->rq_count && m->rq_due[m->rq_head] <= m->cycle) {
        d->rsp_valid = 1;
        d->rsp_rdata = m->rq_data[m->rq_head];
    }
}

void memsim_edge(memsim_t *m, const memsim_req_t *r, const memsim_drive_t *d)
{
    if (d->rsp_valid) {
        m->rq_head = (m->rq_head + 1) % RQ;
        m->rq_count--;
    }
    if (m->cooldown) {
        m->cooldown--;
    }
    if (r->req_valid && d->req_ready) {
        uint32_t a = r->req_addr & (MEM_BYTES - 1) & ~3u;
        m->cooldown = m->cfg.cycles_per_req - 1;
        if (r->req_we && m->cfg.half_write_cycles && ((r->req_be & 0xCu) == 0 || (r->req_be & 0x3u) == 0)) {
            m->cooldown = m->cfg.half_write_cycles - 1;
        }
        if (r->req_we) {
            for (unsigned i = 0; i < 4; i++) {
                if (r->req_be & (1u << i)) {
                    m->mem[a + i] = (uint8_t)(r->req_wdata >> (8 * i));
                }
            }
        } else {
            unsigned beats = (r->req_len & 7u) + 1u;
            uint64_t due = m->cycle + m->cfg.read_latency;
            if (m->cfg.jitter) {
                due += rnd(m, 2 * m->cfg.jitter + 1);
                due = due < m->last_due ? m->last_due : due;
            }
            for (unsigned i = 0; i < beats; i++) {
                uint32_t w = (a & ~31u) | ((a + 4u * i) & 31u);
                unsigned t = (m->rq_head + m->rq_count) % RQ;
                m->rq_data[t] = (uint32_t)m->mem[w] | ((uint32_t)m->mem[w + 1] << 8) |
                                ((uint32_t)m->mem[w + 2] << 16) | ((uint32_t)m->mem[w + 3] << 24);
                m->rq_due[t] = due + (uint64_t)i * m->cfg.cycles_per_req;
                m->rq_count++;
            }
            m->last_due = due + (uint64_t)(beats - 1) * m->cfg.cycles_per_req;
            m->cooldown = beats * m->cfg.cycles_per_req - 1;
        }
    }
    if (m->cfg.jitter) {
        /* ready for the next edge: only after a request was seen and not taken at this one */
        if (r->req_valid && !d->req_ready) {
            if (!m->armed) {
                m->armed = 1;
                m->wait = rnd(m, m->cfg.jitter + 1);
            } else if (m->wait) {
                m->wait--;
            }
        } else {
            m->armed = 0;
        }
    }
    m->cycle++;
}
