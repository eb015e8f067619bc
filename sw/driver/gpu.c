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

int gpu_dev_wait_vsync(gpu_dev_t *d)
{
    return note(d, d->tr.wait_vsync ? d->tr.wait_vsync(d->tr.ctx) : GPU_EIO);
}

void gpu_wait_vsync(void)
{
    if (g_selected) {
        gpu_dev_wait_vsync(g_selected);
    }
}

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

/* the model carries out commands at once: the frame boundary is now */
static int model_wait_vsync(void *ctx)
{
    (void)gpu_model_vsync((gpu_model_t *)ctx);
    return GPU_OK;
}

gpu_transport_t gpu_transport_model(struct gpu_model *m)
{
    gpu_transport_t t = {model_write, model_read, NULL, m, "model", model_wait_vsync};
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
    int rc = r->inner.write(r->inner.ctx, addr, value);
    if (fprintf(r->f, "W %02X %016" PRIX64 "\n", addr, value) < 0) {
        return GPU_EIO;
    }
    return rc;
}

static int rec_read(void *ctx, uint8_t addr, uint64_t *value)
{
    rec_ctx_t *r = ctx;
    int rc = r->inner.read(r->inner.ctx, addr, value);
    if (fprintf(r->f, "R %02X %016" PRIX64 "\n", addr, *value) < 0) {
        return GPU_EIO;
    }
    return rc;
}

static int rec_wait_vsync(void *ctx)
{
    rec_ctx_t *r = ctx;
    int rc = r->inner.wait_vsync ? r->inner.wait_vsync(r->inner.ctx) : GPU_EIO;
    if (fprintf(r->f, "V\n") < 0) {
        return GPU_EIO;
    }
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
    gpu_transport_t t = {rec_write, rec_read, rec_close, NULL, "recorder", rec_wait_vsync};
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

static int tee_wait_vsync(void *ctx)
{
    tee_ctx_t *t = ctx;
    int ra = t->a.wait_vsync ? t->a.wait_vsync(t->a.ctx) : GPU_EIO;
    int rb = t->b.wait_vsync ? t->b.wait_vsync(t->b.ctx) : GPU_EIO;
    return ra != GPU_OK ? ra : rb;
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
    gpu_transport_t t = {tee_write, tee_read, tee_close, NULL, "tee", tee_wait_vsync};
    tee_ctx_t *c = calloc(1, sizeof(*c));
    if (c) {
        c->a = a;
        c->b = b;
    }
    t.ctx = c;
    return t;
}

/* ---- replay ---- */

/* n hex digits at *p (exactly n, then whitespace or end of line); advances *p */
static int hex_field(const char **p, unsigned n, uint64_t *out)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) {
        char c = (*p)[i];
        unsigned d;
        if (c >= '0' && c <= '9') {
            d = (unsigned)(c - '0');
        } else if (c >= 'a' && c <= 'f') {
            d = (unsigned)(c - 'a' + 10);
        } else if (c >= 'A' && c <= 'F') {
            d = (unsigned)(c - 'A' + 10);
        } else {
            return -1;
        }
        v = v << 4 | d;
    }
    char e = (*p)[n];
    if (e != ' ' && e != '\t' && e != 0) {
        return -1;
    }
    *p += n;
    *out = v;
    return 0;
}

static const char *skip_blank(const char *p)
{
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    return p;
}

int gpu_replay(gpu_dev_t *d, FILE *f, int check_reads, unsigned *bad_line)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    unsigned n = 0, transactions = 0;
    int result = GPU_OK;
    if (bad_line) {
        *bad_line = 0;
    }
    while ((got = getline(&line, &cap, f)) >= 0) {
        n++;
        size_t len = (size_t)got;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) {
            line[--len] = 0;
        }
        /* never split a long line into two transactions, never stop at a NUL byte */
        if (len > GPU_REPLAY_LINE_MAX || memchr(line, 0, len) != NULL) {
            result = GPU_EFORMAT;
            break;
        }
        const char *p = skip_blank(line);
        if (*p == '#' || *p == 0) {
            continue;
        }
        char op = *p++;
        uint64_t addr = 0, val = 0;
        int has_val = 0;
        if (op == 'V' && *skip_blank(p) == 0) {
            transactions++;
            gpu_dev_wait_vsync(d);
            continue;
        }
        int ok = (op == 'W' || op == 'R') && (*p == ' ' || *p == '\t');
        if (ok) {
            p = skip_blank(p);
            ok = hex_field(&p, 2, &addr) == 0 && addr <= 0x7F;
        }
        if (ok) {
            p = skip_blank(p);
            if (*p != 0) {
                ok = hex_field(&p, 16, &val) == 0;
                has_val = 1;
                p = skip_blank(p);
            }
        }
        if (!ok || *p != 0 || (op == 'W' && !has_val)) {
            result = GPU_EFORMAT;
            break;
        }
        transactions++;
        if (op == 'W') {
            gpu_dev_write(d, (uint8_t)addr, val);
        } else {
            uint64_t v = 0;
            gpu_dev_read(d, (uint8_t)addr, &v);
            if (check_reads && has_val && v != val) {
                fprintf(stderr, "replay: line %u: read 0x%02X returned 0x%016" PRIX64 ", recorded 0x%016" PRIX64 "\n", n,
                        (unsigned)addr, v, val);
                if (bad_line && result == GPU_OK) {
                    *bad_line = n;
                }
                result = GPU_EMISMATCH;
            }
        }
    }
    free(line);
    if (result == GPU_EFORMAT) {
        if (bad_line) {
            *bad_line = n;
        }
        return GPU_EFORMAT;
    }
    if (ferror(f)) {
        return GPU_EIO;
    }
    if (transactions == 0) {
        return GPU_EFORMAT; /* *bad_line == 0: the stream holds no transaction */
    }
    return result;
}
