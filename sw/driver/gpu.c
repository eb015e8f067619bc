/* Host driver core: device handle, seed-compatible calls, model/recorder/tee transports, replay. */
#include "gpu.h"
#include "gpu_model.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct gpu_dev {
    gpu_transport_t tr;
    int status;
};

static gpu_dev_t *g_selected;

gpu_dev_t *gpu_dev_open(gpu_transport_t tr)
{
    gpu_dev_t *d = calloc(1, sizeof(*d));
    if (d) {
        d->tr = tr;
    }
    return d;
}

void gpu_dev_close(gpu_dev_t *d)
{
    if (!d) {
        return;
    }
    if (d->tr.close) {
        d->tr.close(d->tr.ctx);
    }
    if (g_selected == d) {
        g_selected = NULL;
    }
    free(d);
}

static int note(gpu_dev_t *d, int rc)
{
    if (rc != GPU_OK && d->status == GPU_OK) {
        d->status = rc;
    }
    return rc;
}

int gpu_dev_write(gpu_dev_t *d, uint8_t addr, uint64_t value) { return note(d, d->tr.write(d->tr.ctx, addr & 0x7F, value)); }

int gpu_dev_read(gpu_dev_t *d, uint8_t addr, uint64_t *value)
{
    return note(d, d->tr.read(d->tr.ctx, addr & 0x7F, value));
}

int gpu_dev_status(const gpu_dev_t *d) { return d->status; }

void gpu_select(gpu_dev_t *d) { g_selected = d; }
gpu_dev_t *gpu_selected(void) { return g_selected; }

void gpu_write(uint8_t addr, uint64_t value)
{
    if (g_selected) {
        gpu_dev_write(g_selected, addr, value);
    }
}

uint64_t gpu_read(uint8_t addr)
{
    uint64_t v = 0;
    if (g_selected) {
        gpu_dev_read(g_selected, addr, &v);
    }
    return v;
}

/* ---- model transport ---- */
static int model_write(void *ctx, uint8_t addr, uint64_t value)
{
    gpu_model_write((gpu_model_t *)ctx, addr, value);
    return GPU_OK;
}

static int model_read(void *ctx, uint8_t addr, uint64_t *value)
{
    *value = gpu_model_read((gpu_model_t *)ctx, addr);
    return GPU_OK;
}

gpu_transport_t gpu_transport_model(struct gpu_model *m)
{
    gpu_transport_t t = {model_write, model_read, NULL, m, "model"};
    return t;
}

/* ---- recorder ---- */
typedef struct {
    gpu_transport_t inner;
    FILE *f;
} rec_ctx_t;

static int rec_write(void *ctx, uint8_t addr, uint64_t value)
{
    rec_ctx_t *r = ctx;
    fprintf(r->f, "W %02X %016" PRIX64 "\n", addr, value);
    return r->inner.write(r->inner.ctx, addr, value);
}

static int rec_read(void *ctx, uint8_t addr, uint64_t *value)
{
    rec_ctx_t *r = ctx;
    int rc = r->inner.read(r->inner.ctx, addr, value);
    fprintf(r->f, "R %02X %016" PRIX64 "\n", addr, *value);
    return rc;
}

static void rec_close(void *ctx)
{
    rec_ctx_t *r = ctx;
    fflush(r->f);
    if (r->inner.close) {
        r->inner.close(r->inner.ctx);
    }
    free(r);
}

gpu_transport_t gpu_transport_recorder(gpu_transport_t inner, FILE *f)
{
    gpu_transport_t t = {rec_write, rec_read, rec_close, NULL, "recorder"};
    rec_ctx_t *r = calloc(1, sizeof(*r));
    if (r) {
        r->inner = inner;
        r->f = f;
    }
    t.ctx = r;
    return t;
}

/* ---- tee ---- */
typedef struct {
    gpu_transport_t a, b;
} tee_ctx_t;

static int tee_write(void *ctx, uint8_t addr, uint64_t value)
{
    tee_ctx_t *t = ctx;
    int ra = t->a.write(t->a.ctx, addr, value);
    int rb = t->b.write(t->b.ctx, addr, value);
    return ra != GPU_OK ? ra : rb;
}

static int tee_read(void *ctx, uint8_t addr, uint64_t *value)
{
    tee_ctx_t *t = ctx;
    uint64_t va = 0, vb = 0;
    int ra = t->a.read(t->a.ctx, addr, &va);
    int rb = t->b.read(t->b.ctx, addr, &vb);
    *value = va;
    if (ra != GPU_OK) {
        return ra;
    }
    if (rb != GPU_OK) {
        return rb;
    }
    if (va != vb) {
        fprintf(stderr, "tee: read of register 0x%02X differs: %s 0x%016" PRIX64 ", %s 0x%016" PRIX64 "\n", addr,
                t->a.name, va, t->b.name, vb);
        return GPU_EMISMATCH;
    }
    return GPU_OK;
}

static void tee_close(void *ctx)
{
    tee_ctx_t *t = ctx;
    if (t->a.close) {
        t->a.close(t->a.ctx);
    }
    if (t->b.close) {
        t->b.close(t->b.ctx);
    }
    free(t);
}

gpu_transport_t gpu_transport_tee(gpu_transport_t a, gpu_transport_t b)
{
    gpu_transport_t t = {tee_write, tee_read, tee_close, NULL, "tee"};
    tee_ctx_t *c = calloc(1, sizeof(*c));
    if (c) {
        c->a = a;
        c->b = b;
    }
    t.ctx = c;
    return t;
}

/* ---- replay ---- */
int gpu_replay(gpu_dev_t *d, FILE *f, int check_reads, unsigned *bad_line)
{
    char line[256];
    unsigned n = 0;
    int result = GPU_OK;
    while (fgets(line, sizeof(line), f)) {
        n++;
        char *p = line;
        while (*p == ' ' || *p == '\t') {
            p++;
        }
        if (*p == '#' || *p == '\n' || *p == '\r' || *p == 0) {
            continue;
        }
        char op = 0;
        unsigned addr = 0;
        uint64_t val = 0;
        int got = sscanf(p, "%c %x %" SCNx64, &op, &addr, &val);
        if ((op != 'W' && op != 'R') || got < 2 || addr > 0x7F || (op == 'W' && got != 3)) {
            if (bad_line) {
                *bad_line = n;
            }
            return GPU_EFORMAT;
        }
        if (op == 'W') {
            gpu_dev_write(d, (uint8_t)addr, val);
        } else {
            uint64_t v = 0;
            gpu_dev_read(d, (uint8_t)addr, &v);
            if (check_reads && got == 3 && v != val) {
                fprintf(stderr, "replay: line %u: read 0x%02X returned 0x%016" PRIX64 ", recorded 0x%016" PRIX64 "\n", n,
                        addr, v, val);
                if (bad_line && result == GPU_OK) {
                    *bad_line = n;
                }
                result = GPU_EMISMATCH;
            }
        }
    }
    return result;
}
