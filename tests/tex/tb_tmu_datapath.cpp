// tb_tmu_datapath: unit tests of the texture datapath stages of rtl/tex/ (tmu_persp, tmu_lod,
// tmu_addr) against the C functions of the reference model that specify them
// (sw/model/tmu_persp.c, tmu_lod.c, tmu_addr.c). Seeded random stimulus over the input ranges
// the C model documents, mixed with directed corners; every stage runs with its own random
// advance enable (stalls) and valid pattern. For every output slot the test checks the values
// against the model, the documented latency (counted in advance cycles), the order, and that
// nothing changes on a stalled cycle. The first mismatch is printed with every input and
// both values, and the exit status is 1.
#include "Vtb_tmu_datapath.h"
#include "verilated.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <vector>
extern "C" {
#include "gpu_regs.h"
#include "tmu.h"
}

#include "tb_rng.h"
static int64_t sext(uint64_t v, unsigned bits) { return (int64_t)(v << (64 - bits)) >> (64 - bits); }
static uint64_t mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

// A random magnitude with a uniformly distributed bit length 0..bits, and a random sign when
// sign is set: reaches the small and the large ends of a range equally often.
static int64_t rnd_log(unsigned bits, bool sign)
{
    const unsigned len = (unsigned)rnd_below(bits + 1);
    int64_t v = len ? (int64_t)((rnd() & mask(len - 1)) | (1ull << (len - 1))) : 0;
    return sign && (rnd() & 1) ? -v : v;
}

static int64_t pick(const int64_t *c, size_t n) { return c[rnd_below(n)]; }
#define PICK(a) pick(a, sizeof(a) / sizeof(a[0]))

// ---- one stage under test: inputs and outputs as arrays of integers (C values) ----
enum { MAX_IO = 24 };
struct Leaf {
    const char *name;
    int nin, nout;
    const char *const *in_names, *const *out_names;
    void (*gen)(int64_t *in, unsigned long n);                   // stimulus number n
    void (*model)(const int64_t *in, int64_t *out);              // the C function
    void (*drive)(Vtb_tmu_datapath *d, int en, int valid, const int64_t *in);
    int (*sample)(Vtb_tmu_datapath *d, int64_t *out);            // returns valid_o
    unsigned (*latency)(Vtb_tmu_datapath *d);
};

// ---- tmu_persp ----
static const char *const k_persp_in[] = {"UQ", "VQ", "Q"};
static const char *const k_persp_out[] = {"qc", "k", "m", "r", "pu", "pv"};
static unsigned long g_persp_k[32]; // k values the model returned (coverage)

static int32_t persp_uv()
{
    static const int64_t corner[] = {0, 1, -1, INT32_MIN, INT32_MAX, (1 << 28) - 1, -(1 << 28), 0x8000, 0xFFFF,
                                     0x10000, -0x10000, 0x7FFF8000, -0x7FFF8000};
    switch (rnd_below(8)) {
    case 0: return (int32_t)PICK(corner);
    case 1: case 2: case 3: return (int32_t)(uint32_t)rnd();
    default: return (int32_t)rnd_log(31, true);
    }
}

static void persp_gen(int64_t *in, unsigned long n)
{
    static const int64_t corner[] = {0, -1, INT32_MIN, INT32_MIN + 1, 1, 2, 3, 0xFFFF, 0x10000, 0x10001, 0x1FFFF,
                                     0x20000, 0x20001, 0x3FFFF, 0x40000, INT32_MAX, INT32_MAX - 1, 0x40000000,
                                     0x3FFFFFFF, 0x7FFF0000};
    in[0] = persp_uv();
    in[1] = persp_uv();
    if (n < 0x20000) { // every mantissa at k = 16 (m = Q) and k = 17 (one bit dropped)
        in[2] = n < 0x10000 ? 0x10000 + (int64_t)n : 0x20000 + 2 * (int64_t)(n - 0x10000) + (int64_t)(rnd() & 1);
        return;
    }
    switch (rnd_below(8)) {
    case 0: case 1: in[2] = PICK(corner); break;
    case 2: case 3: in[2] = (int32_t)(uint32_t)rnd(); break; // half of them <= 0
    default: in[2] = rnd_log(31, false); break;
    }
}

static void persp_model(const int64_t *in, int64_t *out)
{
    tex_persp_t o;
    tmu_persp((int32_t)in[0], (int32_t)in[1], (int32_t)in[2], &o);
    out[0] = o.qc;
    out[1] = o.k;
    out[2] = o.m;
    out[3] = o.r;
    out[4] = o.pu;
    out[5] = o.pv;
    g_persp_k[o.k & 31]++;
}

static void persp_drive(Vtb_tmu_datapath *d, int en, int valid, const int64_t *in)
{
    d->p_en_i = en;
    d->p_valid_i = valid;
    d->p_uq_i = (uint32_t)in[0];
    d->p_vq_i = (uint32_t)in[1];
    d->p_q_i = (uint32_t)in[2];
}

static int persp_sample(Vtb_tmu_datapath *d, int64_t *out)
{
    out[0] = d->p_qc_o;
    out[1] = d->p_k_o;
    out[2] = d->p_m_o;
    out[3] = d->p_r_o;
    out[4] = sext(d->p_pu_o, 49);
    out[5] = sext(d->p_pv_o, 49);
    return d->p_valid_o;
}

static unsigned persp_latency(Vtb_tmu_datapath *d) { return d->p_latency_o; }

// ---- tmu_lod ----
static const char *const k_lod_in[] = {"k0ux", "k0uy", "k0vx", "k0vy", "k1u", "k1v", "lod_shift",
                                       "wl", "hl", "levels", "bias", "X", "Y", "qc"};
static const char *const k_lod_out[] = {"level"};
static unsigned long g_lod_hist[16]; // model levels seen (coverage)

static void lod_gen(int64_t *in, unsigned long)
{
    static const int64_t k0c[] = {0, 1, -1, (1 << 22) - 1, -((1 << 22) - 1), 1 << 21, -(1 << 21)};
    static const int64_t k1c[] = {0, 1, -1, 4095, -4095, 2048, -2048};
    static const int64_t xyc[] = {0, 1, 479, 639, 1023};
    static const int64_t bc[] = {-128, 127, 0, -1, 4, -4};
    const unsigned mode = (unsigned)rnd_below(16);
    for (int i = 0; i < 4; i++) {
        in[i] = mode == 0 ? 0 : rnd_below(8) == 0 ? PICK(k0c) : rnd_log(22, true);
    }
    for (int i = 4; i < 6; i++) {
        in[i] = mode <= 1 ? 0 : rnd_below(8) == 0 ? PICK(k1c) : rnd_log(12, true);
    }
    in[6] = rnd_below(8) == 0 ? 63 * (int64_t)(rnd() & 1) : (int64_t)rnd_below(64);
    in[7] = rnd_below(8) == 0 ? (int64_t)rnd_below(3) : 3 + (int64_t)rnd_below(8); // the state's 3..10, and 0..2
    in[8] = rnd_below(8) == 0 ? (int64_t)rnd_below(3) : 3 + (int64_t)rnd_below(8);
    const int64_t lmax = 1 + (in[7] > in[8] ? in[7] : in[8]);
    switch (rnd_below(4)) {
    case 0: in[9] = rnd_below(2) ? 1 : lmax; break;
    case 1: in[9] = (int64_t)rnd_below(16); break; // 0, and beyond the chain: the C function takes them
    default: in[9] = 1 + (int64_t)rnd_below((uint64_t)lmax); break;
    }
    in[10] = rnd_below(8) == 0 ? PICK(bc) : (int64_t)(int8_t)rnd();
    in[11] = rnd_below(8) == 0 ? PICK(xyc) : (int64_t)rnd_below(1024);
    in[12] = rnd_below(8) == 0 ? PICK(xyc) : (int64_t)rnd_below(1024);
    const int64_t q = rnd_below(8) == 0 ? (rnd() & 1 ? 1 : INT32_MAX) : rnd_log(31, false);
    in[13] = q < 1 ? 1 : q;
}

static void lod_model(const int64_t *in, int64_t *out)
{
    tex_unit_planes_t u;
    memset(&u, 0, sizeof u);
    u.k0ux = (int32_t)in[0];
    u.k0uy = (int32_t)in[1];
    u.k0vx = (int32_t)in[2];
    u.k0vy = (int32_t)in[3];
    u.k1u = (int32_t)in[4];
    u.k1v = (int32_t)in[5];
    u.lod_shift = (uint8_t)in[6];
    tex_state_t ts;
    memset(&ts, 0, sizeof ts);
    ts.wl = (uint8_t)in[7];
    ts.hl = (uint8_t)in[8];
    ts.levels = (uint8_t)in[9];
    ts.bias = (int8_t)in[10];
    out[0] = tmu_lod(&u, &ts, (unsigned)in[11], (unsigned)in[12], (uint32_t)in[13]);
    g_lod_hist[out[0] & 15]++;
}

static void lod_drive(Vtb_tmu_datapath *d, int en, int valid, const int64_t *in)
{
    d->l_en_i = en;
    d->l_valid_i = valid;
    d->l_k0ux_i = (uint32_t)in[0] & 0x7FFFFF;
    d->l_k0uy_i = (uint32_t)in[1] & 0x7FFFFF;
    d->l_k0vx_i = (uint32_t)in[2] & 0x7FFFFF;
    d->l_k0vy_i = (uint32_t)in[3] & 0x7FFFFF;
    d->l_k1u_i = (uint32_t)in[4] & 0x1FFF;
    d->l_k1v_i = (uint32_t)in[5] & 0x1FFF;
    d->l_lod_shift_i = in[6] & 63;
    d->l_wl_i = in[7] & 15;
    d->l_hl_i = in[8] & 15;
    d->l_levels_i = in[9] & 15;
    d->l_bias_i = in[10] & 255;
    d->l_x_i = in[11] & 1023;
    d->l_y_i = in[12] & 1023;
    d->l_qc_i = (uint32_t)in[13] & 0x7FFFFFFF;
}

static int lod_sample(Vtb_tmu_datapath *d, int64_t *out)
{
    out[0] = d->l_level_o;
    return d->l_valid_o;
}

static unsigned lod_latency(Vtb_tmu_datapath *d) { return d->l_latency_o; }

// ---- tmu_addr ----
static const char *const k_addr_in[] = {"format", "wl", "hl", "wrap_u", "wrap_v", "base", "pu", "pv", "k", "level"};
static const char *const k_addr_out[] = {"zero", "block_addr", "texel", "set"};
static unsigned long g_addr_zero[2]; // requests with zero = 0 / 1 (coverage)
static unsigned long g_addr_wrap[4][11]; // (wrap mode, w or h) of the samples of a valid format

// a texel coordinate for a level 2^w wide at shift sh: around the level (the wrap modes'
// edges), anywhere, or a corner; as a 49-bit pu
static int64_t addr_p(unsigned w, unsigned sh)
{
    static const int64_t corner[] = {0, -1, 1, -(1ll << 48), (1ll << 48) - 1};
    switch (rnd_below(8)) {
    case 0: return PICK(corner);
    case 1: return sext(rnd(), 49);
    case 2: case 3: return rnd_log(48, true);
    default: { // t in [-2^w - 3, 2^(w+1) + 3), plus a random fraction
        const int64_t t = (int64_t)rnd_below((3ull << w) + 6) - (1ll << w) - 3;
        return sext(((uint64_t)t << sh) + (rnd() & mask(sh)), 49);
    }
    }
}

static void addr_gen(int64_t *in, unsigned long)
{
    static const int64_t basec[] = {0, 0x1FFF000, 0xFFFFF000, 0x1FFFFE0, 0x1000000};
    in[0] = rnd_below(8) == 0 ? 2 + (int64_t)rnd_below(2) : (int64_t)rnd_below(2);
    in[1] = rnd_below(8) == 0 ? (int64_t)rnd_below(3) : 3 + (int64_t)rnd_below(8);
    in[2] = rnd_below(8) == 0 ? (int64_t)rnd_below(3) : 3 + (int64_t)rnd_below(8);
    in[3] = (int64_t)rnd_below(4);
    in[4] = (int64_t)rnd_below(4);
    in[5] = rnd_below(8) == 0 ? PICK(basec) : (int64_t)(uint32_t)rnd(); // the C function takes any base
    in[8] = rnd_below(8) == 0 ? (rnd() & 1) * 30 : (int64_t)rnd_below(31);
    const int64_t lmax = in[1] > in[2] ? in[1] : in[2];
    in[9] = rnd_below(8) == 0 ? (rnd() & 1) * 15 : (int64_t)rnd_below((uint64_t)lmax + 1);
    const unsigned w = in[1] > in[9] ? (unsigned)(in[1] - in[9]) : 0u;
    const unsigned h = in[2] > in[9] ? (unsigned)(in[2] - in[9]) : 0u;
    in[6] = addr_p(w, (unsigned)in[8] + 17u - w);
    in[7] = addr_p(h, (unsigned)in[8] + 17u - h);
}

static void addr_model(const int64_t *in, int64_t *out)
{
    tex_state_t ts;
    memset(&ts, 0, sizeof ts);
    ts.format = (uint8_t)in[0];
    ts.wl = (uint8_t)in[1];
    ts.hl = (uint8_t)in[2];
    ts.wrap_u = (uint8_t)in[3];
    ts.wrap_v = (uint8_t)in[4];
    ts.base = (uint32_t)in[5];
    tex_persp_t p;
    memset(&p, 0, sizeof p);
    p.pu = in[6];
    p.pv = in[7];
    p.k = (unsigned)in[8];
    const tex_req_t q = tmu_addr(&ts, &p, (unsigned)in[9]);
    out[0] = q.zero;
    out[1] = q.block_addr;
    out[2] = q.texel;
    out[3] = q.set;
    g_addr_zero[q.zero != 0]++;
    if (in[0] <= TEX_FMT_BC1) { // the wrap modes are reached: mode x level size, both axes
        g_addr_wrap[in[3] & 3][in[1] > in[9] ? in[1] - in[9] : 0]++;
        g_addr_wrap[in[4] & 3][in[2] > in[9] ? in[2] - in[9] : 0]++;
    }
}

static void addr_drive(Vtb_tmu_datapath *d, int en, int valid, const int64_t *in)
{
    d->a_en_i = en;
    d->a_valid_i = valid;
    d->a_format_i = in[0] & 3;
    d->a_wl_i = in[1] & 15;
    d->a_hl_i = in[2] & 15;
    d->a_wrap_u_i = in[3] & 3;
    d->a_wrap_v_i = in[4] & 3;
    d->a_base_i = (uint32_t)in[5] & (GPU_MEM_BYTES - 1u);
    d->a_pu_i = (uint64_t)in[6] & mask(49);
    d->a_pv_i = (uint64_t)in[7] & mask(49);
    d->a_k_i = in[8] & 31;
    d->a_level_i = in[9] & 15;
}

static int addr_sample(Vtb_tmu_datapath *d, int64_t *out)
{
    out[0] = d->a_zero_o;
    out[1] = d->a_block_addr_o;
    out[2] = d->a_texel_o;
    out[3] = d->a_set_o;
    return d->a_valid_o;
}

static unsigned addr_latency(Vtb_tmu_datapath *d) { return d->a_latency_o; }

// ---- the chain tmu_persp -> tmu_lod -> tmu_addr ----
static const char *const k_chain_in[] = {"UQ", "VQ", "Q", "k0ux", "k0uy", "k0vx", "k0vy", "k1u", "k1v", "lod_shift",
                                         "X", "Y", "wl", "hl", "levels", "bias", "format", "wrap_u", "wrap_v", "base"};
static const char *const k_chain_out[] = {"level", "zero", "block_addr", "texel", "set"};

static void chain_gen(int64_t *in, unsigned long n)
{
    int64_t l[MAX_IO], a[MAX_IO];
    persp_gen(in, n);
    lod_gen(l, n);
    addr_gen(a, n);
    const int64_t qc = in[2] < 1 ? 1 : in[2];
    for (int i = 0; i < 2; i++) {
        if (rnd_below(2)) { // U = UQ / qc in [-1, 2): near the texture
            in[i] = (int32_t)(qc * ((int64_t)rnd_below(3 << 16) - (1 << 16)) >> 16);
        }
    }
    for (int i = 0; i < 7; i++) {
        in[3 + i] = l[i]; // k0ux .. lod_shift
    }
    in[10] = l[11];
    in[11] = l[12];
    for (int i = 0; i < 4; i++) {
        in[12 + i] = l[7 + i]; // wl, hl, levels, bias
    }
    in[16] = a[0];
    in[17] = a[3];
    in[18] = a[4];
    in[19] = a[5];
}

static void chain_model(const int64_t *in, int64_t *out)
{
    int64_t o[MAX_IO], li[MAX_IO], lo[MAX_IO], ai[MAX_IO], ao[MAX_IO];
    persp_model(in, o);
    for (int i = 0; i < 7; i++) {
        li[i] = in[3 + i];
    }
    li[7] = in[12];
    li[8] = in[13];
    li[9] = in[14];
    li[10] = in[15];
    li[11] = in[10];
    li[12] = in[11];
    li[13] = o[0]; // qc
    lod_model(li, lo);
    ai[0] = in[16];
    ai[1] = in[12];
    ai[2] = in[13];
    ai[3] = in[17];
    ai[4] = in[18];
    ai[5] = in[19];
    ai[6] = o[4]; // pu
    ai[7] = o[5]; // pv
    ai[8] = o[1]; // k
    ai[9] = lo[0];
    addr_model(ai, ao);
    out[0] = lo[0];
    for (int i = 0; i < 4; i++) {
        out[1 + i] = ao[i];
    }
}

static void chain_drive(Vtb_tmu_datapath *d, int en, int valid, const int64_t *in)
{
    d->c_en_i = en;
    d->c_valid_i = valid;
    d->c_uq_i = (uint32_t)in[0];
    d->c_vq_i = (uint32_t)in[1];
    d->c_q_i = (uint32_t)in[2];
    d->c_k0ux_i = (uint32_t)in[3] & 0x7FFFFF;
    d->c_k0uy_i = (uint32_t)in[4] & 0x7FFFFF;
    d->c_k0vx_i = (uint32_t)in[5] & 0x7FFFFF;
    d->c_k0vy_i = (uint32_t)in[6] & 0x7FFFFF;
    d->c_k1u_i = (uint32_t)in[7] & 0x1FFF;
    d->c_k1v_i = (uint32_t)in[8] & 0x1FFF;
    d->c_lod_shift_i = in[9] & 63;
    d->c_x_i = in[10] & 1023;
    d->c_y_i = in[11] & 1023;
    d->c_wl_i = in[12] & 15;
    d->c_hl_i = in[13] & 15;
    d->c_levels_i = in[14] & 15;
    d->c_bias_i = in[15] & 255;
    d->c_format_i = in[16] & 3;
    d->c_wrap_u_i = in[17] & 3;
    d->c_wrap_v_i = in[18] & 3;
    d->c_base_i = (uint32_t)in[19] & (GPU_MEM_BYTES - 1u);
}

static int chain_sample(Vtb_tmu_datapath *d, int64_t *out)
{
    out[0] = d->c_level_o;
    out[1] = d->c_zero_o;
    out[2] = d->c_block_addr_o;
    out[3] = d->c_texel_o;
    out[4] = d->c_set_o;
    return d->c_valid_o;
}

static unsigned chain_latency(Vtb_tmu_datapath *d) { return d->c_latency_o; }

static const Leaf k_leaves[] = {
    {"persp", 3, 6, k_persp_in, k_persp_out, persp_gen, persp_model, persp_drive, persp_sample, persp_latency},
    {"lod", 14, 1, k_lod_in, k_lod_out, lod_gen, lod_model, lod_drive, lod_sample, lod_latency},
    {"addr", 10, 4, k_addr_in, k_addr_out, addr_gen, addr_model, addr_drive, addr_sample, addr_latency},
    {"chain", 20, 5, k_chain_in, k_chain_out, chain_gen, chain_model, chain_drive, chain_sample, chain_latency},
};
enum { NLEAVES = sizeof(k_leaves) / sizeof(k_leaves[0]) };

// ---- the cycle loop ----
struct Slot {
    int64_t in[MAX_IO], want[MAX_IO];
    unsigned long edge; // advance count at the edge that took the input
};
struct Lane {
    const Leaf *leaf;
    bool on;
    std::deque<Slot> q;
    unsigned long edges, pushed, checked, n;
    unsigned en_level, valid_level; // out of 8, changed every 1024 cycles
    int en, valid;
    int64_t in[MAX_IO], prev[MAX_IO];
    int prev_valid;
};

static void print_slot(const Leaf *l, const Slot &s, const int64_t *got)
{
    printf("  inputs:");
    for (int i = 0; i < l->nin; i++) {
        printf(" %s=%lld (0x%llx)", l->in_names[i], (long long)s.in[i], (unsigned long long)s.in[i]);
    }
    printf("\n");
    for (int i = 0; i < l->nout; i++) {
        printf("  %-4s RTL %lld (0x%llx)  model %lld (0x%llx)%s\n", l->out_names[i], (long long)got[i],
               (unsigned long long)got[i], (long long)s.want[i], (unsigned long long)s.want[i],
               got[i] != s.want[i] ? "  <-- differs" : "");
    }
}

static void tick(Vtb_tmu_datapath *d)
{
    d->clk_i = 0;
    d->eval();
    d->clk_i = 1;
    d->eval();
}

static int run(Vtb_tmu_datapath *d, std::vector<Lane> &lanes, unsigned long cycles)
{
    d->rst_ni = 0;
    for (auto &ln : lanes) {
        ln.leaf->drive(d, 0, 0, ln.in);
    }
    tick(d);
    tick(d);
    d->rst_ni = 1;
    d->eval();
    if (d->c_latency_o != d->p_latency_o + d->l_latency_o + d->a_latency_o) {
        printf("FAIL chain: the testbench's delay lines assume latencies adding to %u, the stages have %u + %u + %u\n",
               d->c_latency_o, d->p_latency_o, d->l_latency_o, d->a_latency_o);
        return 1;
    }
    for (unsigned long cyc = 0;; cyc++) {
        const bool draining = cyc >= cycles;
        bool busy = false;
        for (auto &ln : lanes) {
            if (!ln.on) {
                continue;
            }
            if ((cyc & 1023) == 0) {
                static const unsigned en_lv[] = {8, 8, 7, 6, 4, 2, 1}, valid_lv[] = {8, 8, 8, 7, 6, 4, 1};
                ln.en_level = en_lv[rnd_below(7)];
                ln.valid_level = valid_lv[rnd_below(7)];
            }
            ln.en = draining || rnd_below(8) < ln.en_level;
            ln.valid = !draining && rnd_below(8) < ln.valid_level;
            if (ln.valid) {
                ln.leaf->gen(ln.in, ln.n);
            } else {
                for (int i = 0; i < ln.leaf->nin; i++) {
                    ln.in[i] = (int64_t)rnd(); // an invalid slot carries garbage
                }
            }
            ln.leaf->drive(d, ln.en, ln.valid, ln.in);
            ln.prev_valid = ln.leaf->sample(d, ln.prev);
            busy |= !ln.q.empty();
        }
        if (draining && !busy) {
            break;
        }
        tick(d);
        for (auto &ln : lanes) {
            if (!ln.on) {
                continue;
            }
            const Leaf *l = ln.leaf;
            int64_t got[MAX_IO];
            const int v = l->sample(d, got);
            if (!ln.en) { // stalled: nothing may change
                if (v != ln.prev_valid || memcmp(got, ln.prev, sizeof(int64_t) * l->nout)) {
                    printf("FAIL %s: outputs changed on a stalled cycle (cycle %lu, valid %d -> %d)\n", l->name, cyc,
                           ln.prev_valid, v);
                    return 1;
                }
                continue;
            }
            ln.edges++;
            if (ln.valid) {
                Slot s;
                memcpy(s.in, ln.in, sizeof s.in);
                l->model(s.in, s.want);
                s.edge = ln.edges;
                ln.q.push_back(s);
                ln.pushed++;
                ln.n++;
            }
            if (!v) {
                if (!ln.q.empty() && ln.edges - ln.q.front().edge >= l->latency(d) - 1) {
                    printf("FAIL %s: no output %u advance cycles after slot %lu was taken\n", l->name,
                           l->latency(d), ln.checked);
                    print_slot(l, ln.q.front(), ln.q.front().want);
                    return 1;
                }
                continue;
            }
            if (ln.q.empty()) {
                printf("FAIL %s: valid_o without an input (cycle %lu)\n", l->name, cyc);
                return 1;
            }
            const Slot &s = ln.q.front();
            if (ln.edges - s.edge != l->latency(d) - 1) {
                printf("FAIL %s: slot %lu came out after %lu advance cycles, Latency is %u\n", l->name, ln.checked,
                       ln.edges - s.edge + 1, l->latency(d));
                return 1;
            }
            for (int i = 0; i < l->nout; i++) {
                if (got[i] != s.want[i]) {
                    printf("FAIL %s: output %s of slot %lu (cycle %lu) differs from the model\n", l->name,
                           l->out_names[i], ln.checked, cyc);
                    print_slot(l, s, got);
                    return 1;
                }
            }
            ln.q.pop_front();
            ln.checked++;
        }
    }
    if (lanes[1].on || lanes[3].on) {
        printf("lod: levels the model returned (lod and chain):");
        for (int i = 0; i < 16; i++) {
            printf(" %d:%lu", i, g_lod_hist[i]);
        }
        printf("\n");
    }
    if (lanes[2].on || lanes[3].on) {
        printf("addr: the model returned %lu requests with a texel, %lu zero (CLAMP_TO_ZERO outside, reserved format; addr and chain)\n",
               g_addr_zero[0], g_addr_zero[1]);
    }
    // coverage: every k 0..30, every level 0..10, every wrap mode x level size 0..10
    if (cycles >= 500000) { // (the first 2^17 tmu_persp slots are the mantissa sweep)
        for (int k = 0; k <= 30; k++) {
            if ((lanes[0].on || lanes[3].on) && !g_persp_k[k]) {
                printf("FAIL coverage: no slot with k = %d\n", k);
                return 1;
            }
        }
        for (int l = 0; l <= 10; l++) {
            if ((lanes[1].on || lanes[3].on) && !g_lod_hist[l]) {
                printf("FAIL coverage: no slot at level %d\n", l);
                return 1;
            }
        }
        unsigned long least = ~0ul;
        for (int m = 0; m < 4; m++) {
            for (int w = 0; w <= 10; w++) {
                if ((lanes[2].on || lanes[3].on) && !g_addr_wrap[m][w]) {
                    printf("FAIL coverage: no sample with wrap mode %d on a level of size 2^%d\n", m, w);
                    return 1;
                }
                least = g_addr_wrap[m][w] < least ? g_addr_wrap[m][w] : least;
            }
        }
        if (lanes[2].on || lanes[3].on) {
            printf("addr: every wrap mode x level size 2^0..2^10 reached, the rarest %lu times\n", least);
        }
    }
    for (auto &ln : lanes) {
        if (ln.on) {
            printf("%s: %lu slots equal to the model (latency %u, %lu advance cycles of %lu)\n", ln.leaf->name,
                   ln.checked, ln.leaf->latency(d), ln.edges, cycles);
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *test = "all";
    unsigned long long seed = 1;
    unsigned long cycles = 5000000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: tb_tmu_datapath [--test persp|lod|addr|chain|all] [--seed N] [--cycles N]\n"
                   "  The texture datapath stages of rtl/tex/ against sw/model/tmu_persp.c, tmu_lod.c, tmu_addr.c:\n"
                   "  seeded random stimulus (--seed, >= 1, default 1) with directed corners, random stalls, for\n"
                   "  --cycles clock cycles (default 5000000; all stages run side by side; from 500000 on, a run\n"
                   "  also fails on a coverage hole: a k, a level 0..10 or a wrap mode x size never reached).\n"
                   "  --test runs one stage alone (chain: the three in a row). Exit status 0 when every output\n"
                   "  matches, 1 on a mismatch, 2 on bad options.\n");
            return 0;
        } else if (!strcmp(argv[i], "--test") && i + 1 < argc) {
            test = argv[++i];
        } else if (!strcmp(argv[i], "--seed") || !strcmp(argv[i], "--cycles")) {
            const bool is_seed = !strcmp(argv[i], "--seed");
            char *end = nullptr;
            const unsigned long long v = i + 1 < argc ? strtoull(argv[++i], &end, 0) : 0;
            if (!end || *end || v == 0 || argv[i][0] == '-') {
                fprintf(stderr, "tb_tmu_datapath: %s needs a number >= 1 (try --help)\n", is_seed ? "--seed" : "--cycles");
                return 2;
            }
            if (is_seed) {
                seed = v;
            } else {
                cycles = (unsigned long)v;
            }
        } else {
            fprintf(stderr, "tb_tmu_datapath: unknown option %s (try --help)\n", argv[i]);
            return 2;
        }
    }
    std::vector<Lane> lanes(NLEAVES);
    int ran = 0;
    for (int i = 0; i < NLEAVES; i++) {
        lanes[i] = Lane();
        lanes[i].leaf = &k_leaves[i];
        lanes[i].on = !strcmp(test, "all") || !strcmp(test, k_leaves[i].name);
        lanes[i].en_level = lanes[i].valid_level = 8;
        ran += lanes[i].on;
    }
    if (!ran) {
        fprintf(stderr, "tb_tmu_datapath: no test named %s (try --help)\n", test);
        return 2;
    }
    rnd_seed(seed);
    printf("tb_tmu_datapath --test %s --seed %llu --cycles %lu\n", test, seed, cycles);
    Verilated::commandArgs(argc, argv);
    Vtb_tmu_datapath *d = new Vtb_tmu_datapath;
    const int bad = run(d, lanes, cycles);
    d->final();
    delete d;
    if (!bad) {
        printf("PASS\n");
    }
    return bad;
}
