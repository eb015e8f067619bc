// tb_tmu_setup: rtl/tex/tmu_setup.sv against the C model's tmu_setup() (sw/model/tmu_setup.c).
// Every triangle goes through the model's raster_setup() (sw/model/raster_setup.c), which
// orients it, computes area, edge values and steps, and calls tmu_setup(): its setup record's
// texture part is the expected result. The RTL gets the same integers: the oriented vertices'
// UVn words, area, wx/wy of edges 1 and 2, and the unbiased edge values wraw (w0 plus the
// top-left bias, recomputed here as glue; a self-check calls tmu_setup() again with them and
// must reproduce raster_setup()'s record). Stimulus: random triangles (on and off screen, tiny
// to huge, both windings), random and extreme UV fields (-32768, 32767, Q = 0, negative Q),
// directed corners (area 1, the largest areas, en_mask 0..15), random input gaps and random
// back-pressure on the output (the record must hold). The first mismatch prints the triangle,
// the unit, the field and both values; exit 1.
#include "Vtb_tmu_setup.h"
#include "verilated.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
extern "C" {
#include "gpu_model_int.h"
}

#include "tb_rng.h"
static int64_t sext(uint64_t v, unsigned bits) { return (int64_t)(v << (64 - bits)) >> (64 - bits); }

// ---- bit access into Verilator's wide ports ----
template <typename W> static void set_bits(W &w, unsigned lo, unsigned width, uint64_t v)
{
    for (unsigned i = 0; i < width; i++) {
        const unsigned b = lo + i;
        const uint32_t m = 1u << (b % 32);
        if ((v >> i) & 1) {
            w[b / 32] |= m;
        } else {
            w[b / 32] &= ~m;
        }
    }
}
template <typename W> static uint64_t get_bits(const W &w, unsigned lo, unsigned width)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < width; i++) {
        const unsigned b = lo + i;
        v |= (uint64_t)((w[b / 32] >> (b % 32)) & 1) << i;
    }
    return v;
}

static Vtb_tmu_setup *g_top;
// the LOD table as the unit writes it: row {idx, unit} -> its 124 bits, and the writes seen
struct lod_row {
    uint32_t w[4];
    unsigned writes;
};
static lod_row g_lod[512];
static void tick()
{
    g_top->clk_i = 0;
    g_top->eval();
    if (g_top->lod_we_o) {
        lod_row &r = g_lod[g_top->lod_waddr_o & 511];
        for (int i = 0; i < 4; i++) {
            r.w[i] = g_top->lod_wdata_o[i];
        }
        r.writes++;
    }
    g_top->clk_i = 1;
    g_top->eval();
}

// ---- stimulus ----
static int16_t rnd_coord(unsigned kind)
{
    switch (kind) {
    case 0: return (int16_t)(rnd_below(640 * 16 + 400) - 200);           // on screen, a little beyond
    case 1: return (int16_t)(uint16_t)rnd();                             // anywhere in 12.4
    case 2: return (int16_t)(rnd_below(64 * 16) + 100 * 16);             // a small region
    default: return (rnd() & 1) ? INT16_MAX - (int16_t)rnd_below(16) : INT16_MIN + (int16_t)rnd_below(16);
    }
}

static uint16_t rnd_field(bool is_q)
{
    static const uint16_t corner[] = {0x8000, 0x7FFF, 0x0000, 0x0001, 0xFFFF, 0x8001, 0x7FFE, 0x4000, 0xC000};
    switch (rnd_below(6)) {
    case 0: return corner[rnd_below(sizeof(corner) / sizeof(corner[0]))];
    case 1: return is_q ? (uint16_t)(0x100 + rnd_below(0x7F00)) : (uint16_t)rnd_below(0x1000); // plausible
    default: return (uint16_t)rnd();
    }
}

static uint64_t rnd_uv()
{
    return (uint64_t)rnd_field(false) | (uint64_t)rnd_field(false) << 16 | (uint64_t)rnd_field(true) << 32 |
           (rnd() & 0xFFFF000000000000ull); // bits 63:48 are ignored
}

// one triangle: number k, directed for the first ones
static void gen_triangle(unsigned long k, triangle_t *t, unsigned *en)
{
    memset(t, 0, sizeof(*t));
    *en = k < 16 ? (unsigned)k : (unsigned)rnd_below(16);
    if (k >= 16 && rnd_below(4) == 0) {
        *en = 1u << rnd_below(4); // one unit: more triangles per second
    }
    const unsigned dir = k < 64 ? (unsigned)(k % 8) : 99;
    for (int i = 0; i < 3; i++) {
        for (int n = 0; n < 4; n++) {
            t->v[i].uv[n] = rnd_uv();
        }
        // Z and colour: random, or the extremes (the widest attribute differences)
        switch (rnd_below(4)) {
        case 0: t->v[i].z = (rnd() & 1) ? 0x1FFFFFFu : 0u; t->v[i].color = (rnd() & 1) ? 0xFFFFFFFFu : 0u; break;
        default: t->v[i].z = (uint32_t)rnd() & 0x1FFFFFFu; t->v[i].color = (uint32_t)rnd(); break;
        }
    }
    switch (dir) {
    case 0: // area 1
        t->v[0].x = 100; t->v[0].y = 100; t->v[1].x = 101; t->v[1].y = 100; t->v[2].x = 100; t->v[2].y = 101;
        break;
    case 1: // area 1, the other winding
        t->v[0].x = 100; t->v[0].y = 100; t->v[1].x = 100; t->v[1].y = 101; t->v[2].x = 101; t->v[2].y = 100;
        break;
    case 2: // the largest area, extreme edge values
        t->v[0].x = INT16_MIN; t->v[0].y = INT16_MIN; t->v[1].x = INT16_MAX; t->v[1].y = INT16_MIN;
        t->v[2].x = INT16_MIN; t->v[2].y = INT16_MAX;
        break;
    case 3:
        t->v[0].x = INT16_MAX; t->v[0].y = INT16_MAX; t->v[1].x = INT16_MIN; t->v[1].y = INT16_MAX;
        t->v[2].x = INT16_MAX; t->v[2].y = INT16_MIN;
        break;
    case 4: // extreme UV differences on a large triangle
        t->v[0].x = INT16_MIN; t->v[0].y = 0; t->v[1].x = INT16_MAX; t->v[1].y = 100; t->v[2].x = 0; t->v[2].y = INT16_MAX;
        for (int n = 0; n < 4; n++) {
            t->v[0].uv[n] = 0x800080008000ull;
            t->v[1].uv[n] = 0x7FFF7FFF7FFFull;
            t->v[2].uv[n] = (k & 8) ? 0x800080008000ull : 0x7FFF7FFF7FFFull;
        }
        break;
    case 5: // Q = 0 everywhere
        for (int i = 0; i < 3; i++) {
            t->v[i].x = rnd_coord(0); t->v[i].y = rnd_coord(0);
            for (int n = 0; n < 4; n++) {
                t->v[i].uv[n] &= 0xFFFFFFFFull;
            }
        }
        break;
    default: {
        const unsigned kind = (unsigned)rnd_below(4);
        if (kind == 2 && rnd_below(2)) { // tiny: within a few subpixels
            const int16_t bx = rnd_coord(0), by = rnd_coord(0);
            for (int i = 0; i < 3; i++) {
                t->v[i].x = (int16_t)(bx + (int16_t)rnd_below(5));
                t->v[i].y = (int16_t)(by + (int16_t)rnd_below(5));
            }
        } else {
            for (int i = 0; i < 3; i++) {
                const unsigned kk = rnd_below(3) ? kind : (unsigned)rnd_below(4);
                t->v[i].x = rnd_coord(kk);
                t->v[i].y = rnd_coord(kk);
            }
        }
        break;
    }
    }
}

static const char *const k_field[] = {"uq.c", "uq.gx", "uq.gy", "vq.c", "vq.gx", "vq.gy", "q.c", "q.gx", "q.gy",
                                      "k0ux", "k0uy", "k0vx", "k0vy", "k1u", "k1v", "lod_shift"};
enum { NFIELD = 16 };

static void model_fields(const tex_unit_planes_t *u, int64_t *o)
{
    o[0] = u->uq.c; o[1] = u->uq.gx; o[2] = u->uq.gy;
    o[3] = u->vq.c; o[4] = u->vq.gx; o[5] = u->vq.gy;
    o[6] = u->q.c;  o[7] = u->q.gx;  o[8] = u->q.gy;
    o[9] = u->k0ux; o[10] = u->k0uy; o[11] = u->k0vx; o[12] = u->k0vy;
    o[13] = u->k1u; o[14] = u->k1v; o[15] = u->lod_shift;
}

// a unit's fields: the planes from the ports, the LOD values from its LOD table row
// {k0ux, k0uy, k0vx, k0vy (23 bits), k1u, k1v (13), lod_shift (6)}, MSB first
static void rtl_fields(const Vtb_tmu_setup *d, unsigned n, unsigned idx, int64_t *o)
{
    const lod_row &row = g_lod[(idx << 2 | n) & 511];
    o[0] = sext(get_bits(d->uq_c_o, 32 * n, 32), 32);
    o[1] = sext(get_bits(d->uq_gx_o, 32 * n, 32), 32);
    o[2] = sext(get_bits(d->uq_gy_o, 32 * n, 32), 32);
    o[3] = sext(get_bits(d->vq_c_o, 32 * n, 32), 32);
    o[4] = sext(get_bits(d->vq_gx_o, 32 * n, 32), 32);
    o[5] = sext(get_bits(d->vq_gy_o, 32 * n, 32), 32);
    o[6] = sext(get_bits(d->q_c_o, 32 * n, 32), 32);
    o[7] = sext(get_bits(d->q_gx_o, 32 * n, 32), 32);
    o[8] = sext(get_bits(d->q_gy_o, 32 * n, 32), 32);
    o[9] = sext(get_bits(row.w, 101, 23), 23);
    o[10] = sext(get_bits(row.w, 78, 23), 23);
    o[11] = sext(get_bits(row.w, 55, 23), 23);
    o[12] = sext(get_bits(row.w, 32, 23), 23);
    o[13] = sext(get_bits(row.w, 19, 13), 13);
    o[14] = sext(get_bits(row.w, 6, 13), 13);
    o[15] = (int64_t)get_bits(row.w, 0, 6);
}

int main(int argc, char **argv)
{
    unsigned long long seed = 1;
    unsigned long count = 20000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: tb_tmu_setup [--seed N] [--triangles N]\n"
                   "  rtl/tex/tmu_setup.sv (attribute and texture planes) against the model's raster_setup()\n"
                   "  and sw/model/tmu_setup.c: seeded random triangles (--seed,\n"
                   "  >= 1, default 1) through the model's raster_setup(), directed corners first, random\n"
                   "  back-pressure; --triangles (>= 1, default 20000) set up triangles. Exit 1 on the\n"
                   "  first mismatch (printed with the triangle, the unit, the field and both values).\n");
            return 0;
        } else if (!strcmp(argv[i], "--seed") || !strcmp(argv[i], "--triangles")) {
            const bool is_seed = !strcmp(argv[i], "--seed");
            char *end = nullptr;
            const char *arg = i + 1 < argc ? argv[++i] : nullptr;
            const unsigned long long v = arg ? strtoull(arg, &end, 0) : 0;
            if (!arg || !end || *end || v == 0 || arg[0] == '-') {
                fprintf(stderr, "tb_tmu_setup: %s needs a number >= 1 (try --help)\n", is_seed ? "--seed" : "--triangles");
                return 2;
            }
            if (is_seed) {
                seed = v;
            } else {
                count = (unsigned long)v;
            }
        } else {
            fprintf(stderr, "tb_tmu_setup: unknown option %s (try --help)\n", argv[i]);
            return 2;
        }
    }
    rnd_seed(seed);
    printf("tb_tmu_setup --seed %llu --triangles %lu\n", seed, count);
    Verilated::commandArgs(argc, argv);
    g_top = new Vtb_tmu_setup;
    Vtb_tmu_setup *d = g_top;
    d->rst_ni = 0;
    d->in_valid_i = 0;
    d->out_ready_i = 0;
    tick();
    tick();
    d->rst_ni = 1;
    tick();

    unsigned long done = 0, tries = 0, stalls = 0, units_on = 0, maxs = 0;
    uint64_t unit_cycles = 0, max_unit_cycles = 0;
    unsigned long en_seen = 0, attr_on = 0;
    while (done < count) {
        triangle_t t;
        unsigned en;
        gen_triangle(tries, &t, &en);
        tries++;
        draw_state_t ds;
        memset(&ds, 0, sizeof(ds));
        for (int n = 0; n < 4; n++) {
            ds.tex[n].enable = (uint8_t)((en >> n) & 1);
        }
        // attribute planes: Z (Z_TEST or Z_WRITE) and R, G, B, A (GOURAUD), each on or off
        const unsigned modes = tries < 64 ? (unsigned)(tries % 4) : (unsigned)rnd_below(4);
        ds.z_test = (uint8_t)(modes & 1);
        ds.z_write = (uint8_t)((modes & 1) && (rnd() & 1));
        ds.gouraud = (uint8_t)((modes >> 1) & 1);
        static setup_t s; // large: keep it off the stack
        memset(&s, 0, sizeof(s));
        if (raster_setup(&t, &ds, &s) != 0) {
            continue; // dropped (zero area, off screen): never reaches tmu_setup
        }
        // glue: the oriented vertices and the unbiased edge values raster_setup used
        vertex_t v[3] = {t.v[0], t.v[1], t.v[2]};
        const int64_t a = (int64_t)(v[1].x - v[0].x) * (v[2].y - v[0].y) - (int64_t)(v[2].x - v[0].x) * (v[1].y - v[0].y);
        if (a < 0) {
            const vertex_t tmp = v[1];
            v[1] = v[2];
            v[2] = tmp;
        }
        int64_t wraw[3];
        for (int k = 0; k < 3; k++) {
            const vertex_t *va = &v[(k + 1) % 3], *vb = &v[(k + 2) % 3];
            const int64_t dx = (int64_t)vb->x - va->x, dy = (int64_t)vb->y - va->y;
            const int top_left = (dy < 0) || (dy == 0 && dx > 0);
            wraw[k] = s.edges.w0[k] + (top_left ? 0 : 1);
        }
        tex_planes_t chk;
        tmu_setup(v, wraw, &s.edges, &ds, &chk);
        bool same = chk.en_mask == s.tex.en_mask && s.edges.area == (a < 0 ? -a : a);
        for (unsigned n = 0; n < 4; n++) {
            int64_t x[NFIELD], y[NFIELD];
            model_fields(&chk.u[n], x);
            model_fields(&s.tex.u[n], y);
            same = same && !memcmp(x, y, sizeof(x));
        }
        if (!same) {
            fprintf(stderr, "tb_tmu_setup: harness glue does not reproduce raster_setup (triangle %lu)\n", done);
            return 1;
        }
        // drive
        d->en_mask_i = en;
        const unsigned idx = (unsigned)rnd_below(128);
        d->lod_idx_i = idx;
        for (unsigned n = 0; n < 4; n++) {
            g_lod[idx << 2 | n].writes = 0;
            memset(g_lod[idx << 2 | n].w, 0xA5, sizeof(g_lod[0].w)); // stale contents
        }
        d->need_z_i = ds.z_test | ds.z_write;
        d->need_c_i = ds.gouraud;
        // v[] is after the winding swap; half the time the words go in as submitted (v[1] and
        // v[2] exchanged) with swap_i set, as raster_setup drives them after a swap
        const unsigned sw = (unsigned)rnd_below(2);
        d->swap_i = sw;
        d->z0_i = v[0].z;
        d->z1_i = v[sw ? 2 : 1].z;
        d->z2_i = v[sw ? 1 : 2].z;
        d->col0_i = v[0].color;
        d->col1_i = v[sw ? 2 : 1].color;
        d->col2_i = v[sw ? 1 : 2].color;
        for (unsigned n = 0; n < 4; n++) {
            set_bits(d->uv0_i, 48 * n, 48, v[0].uv[n]);
            set_bits(d->uv1_i, 48 * n, 48, v[sw ? 2 : 1].uv[n]);
            set_bits(d->uv2_i, 48 * n, 48, v[sw ? 1 : 2].uv[n]);
        }
        d->area_i = (uint64_t)s.edges.area;
        d->wraw1_i = (uint64_t)wraw[1] & ((1ull << 35) - 1);
        d->wraw2_i = (uint64_t)wraw[2] & ((1ull << 35) - 1);
        d->wx1_i = (uint32_t)s.edges.wx[1] & 0xFFFFFF;
        d->wx2_i = (uint32_t)s.edges.wx[2] & 0xFFFFFF;
        d->wy1_i = (uint32_t)s.edges.wy[1] & 0xFFFFFF;
        d->wy2_i = (uint32_t)s.edges.wy[2] & 0xFFFFFF;
        unsigned gap = rnd_below(4) ? 0 : (unsigned)rnd_below(5);
        for (unsigned g = 0; g < gap; g++) {
            tick();
        }
        d->in_valid_i = 1;
        d->eval();
        while (!d->in_ready_o) {
            tick();
        }
        const uint32_t t0 = d->cycle_o;
        tick(); // accepted
        d->in_valid_i = 0;
        // scribble: the unit must have latched its edge inputs (the UV words it reads from the
        // producer's registers, held until the output handshake: scribbled after it, below)
        d->area_i = rnd() & 0xFFFFFFFFFull;
        unsigned long guard = 0;
        while (!d->out_valid_o) {
            tick();
            if (++guard > 100000) {
                fprintf(stderr, "tb_tmu_setup: no output for triangle %lu\n", done);
                return 1;
            }
        }
        const uint64_t cyc = d->cycle_o - t0; // accept edge to out_valid
        const unsigned non = (unsigned)__builtin_popcount(en);
        en_seen |= 1ul << en;
        // the attribute phase first: 318 cycles per interpolated attribute, 1 per other, 1 to end
        const unsigned natt = (d->need_z_i ? 1u : 0u) + (d->need_c_i ? 4u : 0u);
        const uint64_t attr_cyc = 1 + 318ull * natt + (5 - natt);
        if (non) {
            const uint64_t per = (cyc - attr_cyc - (4 - non) - 2) / non;
            unit_cycles += cyc - attr_cyc - (4 - non) - 2;
            units_on += non;
            if (per > max_unit_cycles) {
                max_unit_cycles = per;
            }
        }
        // back-pressure: the record must hold
        int64_t first[4][NFIELD];
        for (unsigned n = 0; n < 4; n++) {
            rtl_fields(d, n, idx, first[n]);
        }
        uint64_t first_at[5][3];
        for (unsigned a = 0; a < 5; a++) {
            first_at[a][0] = get_bits(d->at_c_o, 37 * a, 37);
            first_at[a][1] = get_bits(d->at_gx_o, 37 * a, 37);
            first_at[a][2] = get_bits(d->at_gy_o, 37 * a, 37);
        }
        unsigned hold = rnd_below(3) ? 0 : (unsigned)rnd_below(6);
        d->out_ready_i = 0;
        for (unsigned h = 0; h < hold; h++) {
            tick();
            stalls++;
            if (!d->out_valid_o) {
                fprintf(stderr, "tb_tmu_setup: out_valid_o dropped while stalled (triangle %lu)\n", done);
                return 1;
            }
        }
        // compare: the attribute planes (37 bits, modulo 2^37 as the model's uint64_t), then the units
        static const char *const k_attr[] = {"z", "r", "g", "b", "a"};
        for (unsigned a = 0; a < 5; a++) {
            const uint64_t m37 = (1ull << 37) - 1;
            const uint64_t rv[3] = {get_bits(d->at_c_o, 37 * a, 37), get_bits(d->at_gx_o, 37 * a, 37),
                                    get_bits(d->at_gy_o, 37 * a, 37)};
            const uint64_t mv[3] = {s.attr.c[a] & m37, s.attr.gx[a] & m37, s.attr.gy[a] & m37};
            static const char *const k_pf[] = {"c", "gx", "gy"};
            for (int f = 0; f < 3; f++) {
                if (rv[f] != mv[f] || rv[f] != first_at[a][f]) {
                    fprintf(stderr,
                            "tb_tmu_setup: MISMATCH triangle %lu attribute %s.%s: rtl 0x%llx model 0x%llx%s\n"
                            "  need_z %u need_c %u area %lld z %u %u %u colour %08x %08x %08x\n",
                            done, k_attr[a], k_pf[f], (unsigned long long)rv[f], (unsigned long long)mv[f],
                            rv[f] != first_at[a][f] ? " (changed while stalled)" : "", d->need_z_i, d->need_c_i,
                            (long long)s.edges.area, v[0].z, v[1].z, v[2].z, v[0].color, v[1].color, v[2].color);
                    return 1;
                }
            }
            attr_on += (s.attr.gx[a] | s.attr.gy[a] | s.attr.c[a]) != 0;
        }
        if (d->en_mask_o != s.tex.en_mask) {
            fprintf(stderr, "tb_tmu_setup: MISMATCH triangle %lu en_mask rtl %u model %u\n", done, d->en_mask_o,
                    s.tex.en_mask);
            return 1;
        }
        for (unsigned n = 0; n < 4; n++) {
            int64_t r[NFIELD], m[NFIELD];
            const unsigned want = (en >> n) & 1; // one LOD table write per enabled unit, none otherwise
            if (g_lod[idx << 2 | n].writes != want) {
                fprintf(stderr, "tb_tmu_setup: MISMATCH triangle %lu unit %u: %u LOD table writes of row %u, expected %u\n",
                        done, n, g_lod[idx << 2 | n].writes, idx << 2 | n, want);
                return 1;
            }
            rtl_fields(d, n, idx, r);
            model_fields(&s.tex.u[n], m);
            if (!want) {
                for (int f = 9; f < NFIELD; f++) {
                    r[f] = first[n][f] = m[f]; // a disabled unit has no row (the model's values are 0)
                }
            }
            if (s.tex.u[n].lod_shift > maxs) {
                maxs = s.tex.u[n].lod_shift;
            }
            for (int f = 0; f < NFIELD; f++) {
                if (r[f] != m[f] || r[f] != first[n][f]) {
                    fprintf(stderr,
                            "tb_tmu_setup: MISMATCH triangle %lu unit %u field %s: rtl %lld (0x%llx) model %lld (0x%llx)%s\n"
                            "  en_mask %x area %lld wraw1 %lld wraw2 %lld wx1 %lld wx2 %lld wy1 %lld wy2 %lld\n"
                            "  uv%u v0 %012llx v1 %012llx v2 %012llx (x,y) (%d,%d) (%d,%d) (%d,%d)\n",
                            done, n, k_field[f], (long long)r[f], (unsigned long long)r[f], (long long)m[f],
                            (unsigned long long)m[f], r[f] != first[n][f] ? " (changed while stalled)" : "", en,
                            (long long)s.edges.area, (long long)wraw[1], (long long)wraw[2], (long long)s.edges.wx[1],
                            (long long)s.edges.wx[2], (long long)s.edges.wy[1], (long long)s.edges.wy[2], n,
                            (unsigned long long)(v[0].uv[n] & 0xFFFFFFFFFFFFull),
                            (unsigned long long)(v[1].uv[n] & 0xFFFFFFFFFFFFull),
                            (unsigned long long)(v[2].uv[n] & 0xFFFFFFFFFFFFull), v[0].x, v[0].y, v[1].x, v[1].y,
                            v[2].x, v[2].y);
                    return 1;
                }
            }
        }
        d->out_ready_i = 1;
        tick();
        d->out_ready_i = 0;
        if (d->out_valid_o) {
            fprintf(stderr, "tb_tmu_setup: out_valid_o still high after the handshake (triangle %lu)\n", done);
            return 1;
        }
        done++;
    }
    if (en_seen != 0xFFFFul) {
        fprintf(stderr, "tb_tmu_setup: not every en_mask was reached (0x%lx)\n", en_seen);
        return 1;
    }
    if (attr_on == 0) {
        fprintf(stderr, "tb_tmu_setup: no attribute plane was ever non-zero (the test checks nothing)\n");
        return 1;
    }
    printf("tb_tmu_setup: %lu triangles (%lu generated, the rest dropped by raster_setup), %lu enabled units, "
           "%lu non-zero attribute planes, %lu stall cycles, max lod_shift %lu: all fields match\n",
           done, tries, units_on, attr_on, stalls, maxs);
    printf("tb_tmu_setup: cycles per enabled unit: mean %.1f, max %llu\n",
           units_on ? (double)unit_cycles / (double)units_on : 0.0, (unsigned long long)max_unit_cycles);
    d->final();
    delete d;
    return 0;
}
