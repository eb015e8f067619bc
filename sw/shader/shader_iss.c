/* shader_iss.c - the shader tile ISS (golden model); see shader_iss.h and docs/shader.md. */
#include "shader_iss.h"

#include <stdlib.h>
#include <string.h>

uint64_t shd_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int shd_tile_init(shd_tile_t *t, unsigned ncores, uint8_t *mem)
{
    memset(t, 0, sizeof *t);
    if (ncores < 1 || ncores > SHD_MAX_CORES) {
        return -1;
    }
    t->ncores = ncores;
    if (mem) {
        t->mem = mem;
    } else {
        t->mem = calloc(1, SHD_MEM_BYTES);
        if (!t->mem) {
            return -1;
        }
        t->own_mem = true;
    }
    for (unsigned i = 0; i < SHD_MAX_CORES; i++) {
        t->core[i].state = SHD_CORE_HALTED;
    }
    return 0;
}

void shd_tile_free(shd_tile_t *t)
{
    if (t->own_mem) {
        free(t->mem);
    }
    t->mem = NULL;
    t->own_mem = false;
}

void shd_tile_launch(shd_tile_t *t, uint32_t entry, uint32_t arg_base, uint32_t tile_offset,
                     bool poison)
{
    t->entry = entry;
    t->arg_base = arg_base;
    t->tile_offset = tile_offset;
    t->retired = 0;
    t->steps = 0;
    t->faulted = false;
    t->time_fixed = false;
    memset(&t->fault, 0, sizeof t->fault);
    for (unsigned i = 0; i < SHD_MAX_CORES; i++) {
        shd_core_t *c = &t->core[i];
        memset(c, 0, sizeof *c);
        c->state = i < t->ncores ? SHD_CORE_RUN : SHD_CORE_HALTED;
        c->pc = entry;
        for (unsigned r = 1; poison && r < 32; r++) {
            c->s[r] = 0x5A5A0000u | i << 8 | r;
        }
    }
}

bool shd_tile_done(const shd_tile_t *t)
{
    if (t->faulted) {
        return true;
    }
    for (unsigned i = 0; i < t->ncores; i++) {
        if (t->core[i].state != SHD_CORE_HALTED) {
            return false;
        }
    }
    return true;
}

/* D10: release the barrier when no core runs and some wait */
static void barrier_check(shd_tile_t *t)
{
    unsigned run = 0, wait = 0;
    for (unsigned i = 0; i < t->ncores; i++) {
        run += t->core[i].state == SHD_CORE_RUN;
        wait += t->core[i].state == SHD_CORE_BARRIER;
    }
    if (run == 0 && wait > 0) {
        for (unsigned i = 0; i < t->ncores; i++) {
            if (t->core[i].state == SHD_CORE_BARRIER) {
                t->core[i].state = SHD_CORE_RUN;
            }
        }
    }
}

unsigned shd_tile_step(shd_tile_t *t, unsigned core, shd_ret_t *r)
{
    shd_core_t *c = &t->core[core];
    memset(r, 0, sizeof *r);
    r->core = (uint8_t)core;
    r->order = c->order;
    r->pc = c->pc;
    r->next_pc = c->pc;
    t->steps++;
    if (c->pc & 3u) {
        r->trap = SHD_TRAP_FETCH_MISALIGNED;
    } else if ((uint64_t)c->pc + 4 > SHD_MEM_BYTES) {
        r->trap = SHD_TRAP_FETCH_RANGE;
    } else {
        const uint8_t *m = t->mem + c->pc;
        uint32_t w = (uint32_t)m[0] | (uint32_t)m[1] << 8 | (uint32_t)m[2] << 16 | (uint32_t)m[3] << 24;
        shd_ctx_t x = {t->mem, core, t->ncores, t->arg_base, t->tile_offset,
                       t->time_fixed ? t->time_val : (uint32_t)t->retired, false, false};
        r->insn = w;
        if (shd_execute(&x, c, w, r) == 0) {
            const shd_op_t *op = shd_decode(w);
            unsigned row = (unsigned)(op - shd_ops);
            if (row < 128) {
                t->op_count[row]++;
            }
            c->order++;
            t->retired++;
            if (x.barrier) {
                c->state = SHD_CORE_BARRIER;
            }
            if (x.halt) {
                c->state = SHD_CORE_HALTED;
            }
        }
    }
    if (r->trap) {
        c->state = SHD_CORE_FAULT;
        t->faulted = true;
        t->fault = *r;
    } else {
        barrier_check(t);
    }
    if (t->trace) {
        char line[256];
        shd_ret_str(r, line, sizeof line);
        fprintf(t->trace, "%s\n", line);
    }
    if (t->on_ret) {
        t->on_ret(t->on_ret_ctx, r);
    }
    return r->trap;
}

shd_run_e shd_tile_run(shd_tile_t *t, uint64_t max_steps, shd_sched_e sched, uint64_t seed)
{
    uint64_t rng = seed ^ 0x5348414445520000ull; /* "SHADER" */
    uint64_t n = 0;
    shd_ret_t r;
    unsigned next = 0;
    while (!shd_tile_done(t)) {
        unsigned pick = t->ncores, burst = 1;
        if (sched == SHD_SCHED_RANDOM) {
            unsigned run[SHD_MAX_CORES], k = 0;
            for (unsigned i = 0; i < t->ncores; i++) {
                if (t->core[i].state == SHD_CORE_RUN) {
                    run[k++] = i;
                }
            }
            if (k) {
                uint64_t x = shd_rand(&rng);
                pick = run[x % k];
                burst = 1u + (unsigned)((x >> 32) % 16u);
            }
        } else {
            for (unsigned j = 0; j < t->ncores; j++) {
                unsigned i = (next + j) % t->ncores;
                if (t->core[i].state == SHD_CORE_RUN) {
                    pick = i;
                    break;
                }
            }
            next = (pick + 1) % t->ncores;
        }
        if (pick == t->ncores) {
            break; /* cannot happen: barrier_check releases waiting cores */
        }
        for (unsigned b = 0; b < burst && t->core[pick].state == SHD_CORE_RUN && !t->faulted; b++) {
            if (n++ >= max_steps) {
                return SHD_RUN_LIMIT;
            }
            shd_tile_step(t, pick, &r);
        }
    }
    return t->faulted ? SHD_RUN_FAULT : SHD_RUN_DONE;
}

uint32_t shd_tile_status_or(const shd_tile_t *t)
{
    uint32_t s = 0;
    for (unsigned i = 0; i < t->ncores; i++) {
        s |= t->core[i].status;
    }
    return s;
}

void shd_tile_fault_report(const shd_tile_t *t, FILE *f)
{
    const shd_ret_t *r = &t->fault;
    char d[64];
    if (r->trap == SHD_TRAP_FETCH_MISALIGNED || r->trap == SHD_TRAP_FETCH_RANGE) {
        snprintf(d, sizeof d, "(not fetched)");
    } else {
        shd_disasm(r->insn, d, sizeof d);
    }
    fprintf(f, "FAULT %s (cause %u): core %u, pc 0x%08x, instruction 0x%08x %s, after %llu "
               "instructions of this core",
            shd_trap_name(r->trap), r->trap, r->core, r->pc, r->insn, d,
            (unsigned long long)r->order);
    if (r->trap == SHD_TRAP_MEM_RANGE || r->trap == SHD_TRAP_ATOM_MISALIGNED) {
        fprintf(f, ", address 0x%08x", r->trap_addr);
    }
    fprintf(f, "\n");
}
