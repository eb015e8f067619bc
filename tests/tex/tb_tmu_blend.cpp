// tb_tmu_blend: rtl/tex/tmu_blend.sv against the C model's blend chain (sw/model/tmu_blend.c):
// per fragment c = tmu_promote(texel of the first slot), c = tmu_blend(c, tmu_promote(texel),
// func) for each later slot, then tmu_modulate(c, vcolor) with gouraud, as tmu_fragment()
// (sw/model/tmu.c) does. Seeded random fragments of 1-4 slots: random funcs (also on the first
// slot, where it must be ignored; runs of MULTIPLY), texel channels 0x00, 0xFF, near them and
// random, zeroed samples, gouraud on and off, vertex colours with 0, 1023.0, 0x3FFFF (products
// that saturate) and random 18-bit channels; gouraud_i, vcolor_i and the idle payload are
// random where the unit must ignore them. Phases alternate between no back-pressure and random
// back-pressure on frag_ready_i, with random gaps on slot_valid_i, and a reset now and then.
// Checked: every colour and the order (a queue of expectations, one per last slot), no colour
// without a fragment, the link contract (frag_valid_o and slot_ready_o do not depend on
// frag_ready_i or slot_valid_i in the same cycle; valid and colour hold while refused; also
// sim/common/stream_checker.sv), and, wherever no output was refused for two cycles before, the
// documented timing exactly: a slot occupies the unit 1 cycle, + 1 for a MULTIPLY transferred
// in the cycle in which its predecessor, a MULTIPLY, made its product, + 1 for a MULTIPLY last
// slot with gouraud (slot_ready_o low meanwhile), and the colour is offered 3 cycles after its
// last slot's last cycle (4 after the transfer when nothing waits). --inject-bug corrupts one expectation to show the checks fail.
// The first failure is printed with the fragment's slots and both colours; exit 1.
#include "Vtb_tmu_blend.h"
#include "verilated.h"
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
extern "C" {
#include "tmu.h"
}

#include "tb_rng.h"

static const uint32_t kMax = C108_MAX;

// ---- 72-bit colours in Verilator's wide ports ----
template <typename W> static void set_color(W &w, const color108_t &c)
{
    const uint32_t ch[4] = {c.r, c.g, c.b, c.a};
    w[0] = w[1] = w[2] = 0;
    for (unsigned i = 0; i < 4; i++) {
        for (unsigned b = 0; b < 18; b++) {
            if ((ch[i] >> b) & 1) {
                const unsigned k = 18 * i + b;
                w[k / 32] |= 1u << (k % 32);
            }
        }
    }
}
template <typename W> static color108_t get_color(const W &w)
{
    uint32_t ch[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < 4; i++) {
        for (unsigned b = 0; b < 18; b++) {
            const unsigned k = 18 * i + b;
            ch[i] |= ((w[k / 32] >> (k % 32)) & 1u) << b;
        }
    }
    return color108_t{ch[0], ch[1], ch[2], ch[3]};
}
static bool same(const color108_t &x, const color108_t &y)
{
    return x.r == y.r && x.g == y.g && x.b == y.b && x.a == y.a;
}

// ---- stimulus ----
struct Slot {
    bool first, last;
    unsigned func;
    uint32_t texel;
};
struct Frag {
    unsigned long id;
    unsigned n;
    Slot s[4];
    bool gouraud;
    color108_t vcolor;
    color108_t expect;
};

static uint32_t rnd_chan8()
{
    static const uint32_t corner[] = {0x00, 0xFF, 0x01, 0xFE, 0x80, 0x7F, 0x40, 0xC0};
    switch (rnd_below(5)) {
    case 0: return 0x00;
    case 1: return 0xFF;
    case 2: return corner[rnd_below(8)];
    default: return (uint32_t)rnd_below(256);
    }
}
static uint32_t rnd_texel()
{
    if (rnd_below(12) == 0) {
        return 0; // a zeroed sample (CLAMP_TO_ZERO outside, reserved format)
    }
    if (rnd_below(12) == 0) {
        return rnd_below(2) ? 0xFFFFFFFFu : (uint32_t)rnd(); // all channels full, or any word
    }
    return rnd_chan8() | rnd_chan8() << 8 | rnd_chan8() << 16 | rnd_chan8() << 24;
}
static uint32_t rnd_chan108()
{
    switch (rnd_below(9)) {
    case 0: return 0;
    case 1: return C108_ONE;
    case 2: return kMax;                                     // products saturate
    case 3: return kMax - (uint32_t)rnd_below(256);          // near the top, above 1023.0
    case 4: return C108_ONE + (uint32_t)rnd_below(kMax - C108_ONE + 1);
    case 5: return c108_from8((uint32_t)rnd_below(256));     // an interpolated 8-bit colour
    case 6: return (uint32_t)rnd_below(512);                  // tiny
    default: return (uint32_t)rnd() & kMax;
    }
}
static color108_t rnd_color108()
{
    return color108_t{rnd_chan108(), rnd_chan108(), rnd_chan108(), rnd_chan108()};
}

static Frag gen_frag(unsigned long id)
{
    Frag f;
    memset(&f, 0, sizeof(f));
    f.id = id;
    f.n = 1 + (unsigned)rnd_below(4);
    const unsigned style = (unsigned)rnd_below(8); // 0-1 all MULTIPLY, 2 all ADD, 3 all one func
    const unsigned one = (unsigned)rnd_below(4);
    for (unsigned i = 0; i < f.n; i++) {
        Slot &s = f.s[i];
        s.first = i == 0;
        s.last = i + 1 == f.n;
        switch (style) {
        case 0:
        case 1: s.func = TEX_BLEND_MULTIPLY; break;
        case 2: s.func = TEX_BLEND_ADD; break;
        case 3: s.func = one; break;
        default: s.func = (unsigned)rnd_below(4); break;
        }
        if (s.first) {
            s.func = (unsigned)rnd_below(4); // ignored
        }
        s.texel = rnd_texel();
    }
    f.gouraud = rnd_below(2);
    f.vcolor = rnd_color108();
    // the model, in tmu_fragment()'s order
    color108_t c = tmu_promote(f.s[0].texel);
    for (unsigned i = 1; i < f.n; i++) {
        c = tmu_blend(c, tmu_promote(f.s[i].texel), f.s[i].func);
    }
    f.expect = f.gouraud ? tmu_modulate(c, f.vcolor) : c;
    return f;
}

static void print_frag(const Frag &f)
{
    static const char *const fn[] = {"MULTIPLY", "ADD", "SUBTRACT", "INV_SUBTRACT"};
    fprintf(stderr, "  fragment %lu: %u slot(s), gouraud %d, vcolor r %05x g %05x b %05x a %05x\n", f.id, f.n,
            f.gouraud, f.vcolor.r, f.vcolor.g, f.vcolor.b, f.vcolor.a);
    for (unsigned i = 0; i < f.n; i++) {
        fprintf(stderr, "    slot %u: texel %08x func %s%s\n", i, f.s[i].texel, fn[f.s[i].func & 3],
                f.s[i].first ? " (first: ignored)" : "");
    }
}

// ---- the run ----
enum Inject { INJ_NONE, INJ_VALUE, INJ_ORDER, INJ_LATENCY };

struct Expect {
    Frag f;
    bool timed;           // its last slot's timing is known (no refusal since two cycles before)
    uint64_t due;         // then: the cycle frag_valid_o offers it
    uint64_t last_xfer;   // the cycle its last slot was transferred
    bool shown;           // frag_valid_o has offered it
};

static Vtb_tmu_blend *g_top;
static uint64_t g_cycle;

int main(int argc, char **argv)
{
    unsigned long long seed = 1;
    unsigned long count = 1000000;
    Inject inject = INJ_NONE;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: tb_tmu_blend [--seed N] [--fragments N] [--inject-bug value|order|latency]\n"
                   "  rtl/tex/tmu_blend.sv against sw/model/tmu_blend.c: seeded random fragments (--seed, >= 1,\n"
                   "  default 1) of 1-4 slots, --fragments (>= 1, default 1000000), with random gaps, random\n"
                   "  back-pressure and resets; every colour, the order, the link contract and the documented\n"
                   "  timing are checked. --inject-bug corrupts one expectation (a colour bit, the order of two\n"
                   "  fragments, or one fragment's due cycle): the run must then fail.\n"
                   "  Exit status: 0 pass, 1 a check failed, 2 usage error.\n");
            return 0;
        } else if (!strcmp(argv[i], "--seed") || !strcmp(argv[i], "--fragments")) {
            const bool is_seed = !strcmp(argv[i], "--seed");
            char *end = nullptr;
            const char *arg = i + 1 < argc ? argv[++i] : nullptr;
            const unsigned long long v = arg ? strtoull(arg, &end, 0) : 0;
            if (!arg || !end || *end || v == 0 || arg[0] == '-') {
                fprintf(stderr, "tb_tmu_blend: %s needs a number >= 1 (try --help)\n", is_seed ? "--seed" : "--fragments");
                return 2;
            }
            if (is_seed) {
                seed = v;
            } else {
                count = (unsigned long)v;
            }
        } else if (!strcmp(argv[i], "--inject-bug")) {
            const char *arg = i + 1 < argc ? argv[++i] : "";
            if (!strcmp(arg, "value")) {
                inject = INJ_VALUE;
            } else if (!strcmp(arg, "order")) {
                inject = INJ_ORDER;
            } else if (!strcmp(arg, "latency")) {
                inject = INJ_LATENCY;
            } else {
                fprintf(stderr, "tb_tmu_blend: --inject-bug needs value, order or latency (try --help)\n");
                return 2;
            }
        } else {
            fprintf(stderr, "tb_tmu_blend: unknown option %s (try --help)\n", argv[i]);
            return 2;
        }
    }
    rnd_seed(seed);
    printf("tb_tmu_blend --seed %llu --fragments %lu%s\n", seed, count,
           inject == INJ_VALUE ? " --inject-bug value" : inject == INJ_ORDER ? " --inject-bug order"
                                                       : inject == INJ_LATENCY ? " --inject-bug latency" : "");
    Verilated::commandArgs(argc, argv);
    VerilatedContext *ctx = Verilated::threadContextp();
    ctx->fatalOnError(false);
    g_top = new Vtb_tmu_blend;
    Vtb_tmu_blend *d = g_top;

    // failure report
    auto fail = [&](const char *what, const Frag *f) {
        fprintf(stderr, "tb_tmu_blend: %s (cycle %" PRIu64 ", seed %llu)\n", what, g_cycle, seed);
        if (f) {
            print_frag(*f);
        }
        d->final();
        delete d;
        exit(1);
    };

    // stimulus state
    std::deque<Expect> q;
    Frag cur;
    unsigned slot = 0;          // next slot of cur to offer
    bool have = false;          // cur holds a fragment still to send
    bool offering = false;      // slot_valid_i is up with cur.s[slot]
    unsigned long sent = 0, done = 0, dropped = 0;   // dropped: in flight at a reset
    bool inject_done = inject == INJ_NONE;
    const unsigned long inject_at = count / 3;

    // phases: back-pressure and gaps
    bool free_phase = true;
    unsigned ready_pct = 100, gap_pct = 0;
    uint64_t phase_end = 0;
    uint64_t next_reset = 5000 + rnd_below(20000);

    // timing model of the documented contract (valid from clean_from on, between refusals)
    uint64_t clean_from = 0;
    bool p_known = true;        // the last transferred slot's occupancy end is known
    bool p_nfm = false;         // it is a MULTIPLY that is not first
    uint64_t p_end = 0;         // the last cycle it occupies the unit

    // link checks
    bool was_refused = false;
    color108_t refused_color{0, 0, 0, 0};

    // statistics
    unsigned long slots = 0, waits = 0, twos = 0, timed = 0, ready_checks = 0, refusals = 0, resets = 0;
    unsigned long sat_out = 0, zero_out = 0, func_seen[4] = {0, 0, 0, 0}, n_seen[5] = {0, 0, 0, 0, 0};
    unsigned long free_cycles = 0, free_slots = 0;

    auto reset = [&](unsigned cycles) {
        d->rst_ni = 0;
        for (unsigned k = 0; k < cycles; k++) {
            d->clk_i = 0;
            d->eval();
            if (d->frag_valid_o) {
                fail("frag_valid_o high during reset", nullptr);
            }
            d->clk_i = 1;
            d->eval();
            g_cycle++;
        }
        d->clk_i = 0;
        d->eval();
        d->rst_ni = 1;
        d->eval();
    };

    d->slot_valid_i = 0;
    d->frag_ready_i = 0;
    d->clk_i = 0;
    reset(3);

    uint64_t guard = 0;
    while (done + dropped < count) {
        // ---- falling edge: drive ----
        d->clk_i = 0;
        d->eval();
        if (g_cycle >= phase_end) {
            free_phase = rnd_below(3) == 0;
            ready_pct = free_phase ? 100 : (unsigned)(rnd_below(2) ? 10 + 40 * rnd_below(3) : 1 + rnd_below(99));
            gap_pct = rnd_below(3) == 0 ? 0 : (unsigned)rnd_below(60);
            phase_end = g_cycle + 100 + rnd_below(3000);
        }
        if (sent >= count) {
            ready_pct = 100; // drain
        }
        // a reset between fragments now and then: everything in flight is dropped
        if (g_cycle >= next_reset && !offering && !have) {
            reset(1 + (unsigned)rnd_below(3));
            dropped += q.size();
            q.clear();
            resets++;
            next_reset = g_cycle + 5000 + rnd_below(50000);
            was_refused = false;
            p_known = true;
            p_nfm = false;
            p_end = 0;
            clean_from = g_cycle;
            continue;
        }
        if (!offering && sent < count && rnd_below(100) >= gap_pct) {
            if (!have) {
                cur = gen_frag(sent);
                slot = 0;
                have = true;
                n_seen[cur.n]++;
            }
            offering = true;
        }
        if (offering) {
            const Slot &s = cur.s[slot];
            d->slot_valid_i = 1;
            d->first_i = s.first;
            d->last_i = s.last;
            d->func_i = s.func;
            d->texel_i = s.texel;
            d->gouraud_i = s.last ? cur.gouraud : rnd_below(2);   // read with the last slot only
            set_color(d->vcolor_i, s.last ? cur.vcolor : rnd_color108());
        } else {
            d->slot_valid_i = 0;
            d->first_i = rnd_below(2);
            d->last_i = rnd_below(2);
            d->func_i = rnd_below(4);
            d->texel_i = (uint32_t)rnd();
            d->gouraud_i = rnd_below(2);
            set_color(d->vcolor_i, rnd_color108());
        }
        d->frag_ready_i = rnd_below(100) < ready_pct;
        d->eval();

        // ---- the link contract: valid and ready outputs do not follow the other side's inputs ----
        const bool sr = d->slot_ready_o, fv = d->frag_valid_o;
        if (fv && !d->busy_o) {
            fail("busy_o low while a colour is offered (the back end's clock gate would stop)", nullptr);
        }
        const color108_t col = get_color(d->color_o);
        for (int k = 0; k < 2; k++) {
            if (k == 0) {
                d->frag_ready_i = !d->frag_ready_i;
            } else {
                d->slot_valid_i = !d->slot_valid_i;
            }
            d->eval();
            if (d->slot_ready_o != sr || d->frag_valid_o != fv || !same(get_color(d->color_o), col)) {
                fail(k == 0 ? "slot_ready_o, frag_valid_o or color_o follows frag_ready_i combinationally"
                            : "slot_ready_o, frag_valid_o or color_o follows slot_valid_i combinationally",
                     nullptr);
            }
            if (k == 0) {
                d->frag_ready_i = !d->frag_ready_i;
            } else {
                d->slot_valid_i = !d->slot_valid_i;
            }
            d->eval();
        }
        if (was_refused && (!fv || !same(col, refused_color))) {
            fail(fv ? "color_o changed while refused" : "frag_valid_o dropped while refused", q.empty() ? nullptr : &q.front().f);
        }

        // ---- sample: output ----
        const bool fr = d->frag_ready_i;
        if (fv) {
            if (q.empty()) {
                fail("a colour without a fragment", nullptr);
            }
            Expect &e = q.front();
            if (!e.shown) {
                e.shown = true;
                if (g_cycle < e.last_xfer + 4) {
                    fail("LATENCY: colour offered less than 4 cycles after its last slot's transfer", &e.f);
                }
                if (e.timed && g_cycle != e.due) {
                    char msg[160];
                    snprintf(msg, sizeof(msg), "LATENCY: colour offered at cycle %" PRIu64 ", documented %" PRIu64
                             " (last slot transferred at %" PRIu64 ")", g_cycle, e.due, e.last_xfer);
                    fail(msg, &e.f);
                }
                timed += e.timed;
            }
            if (fr) {
                if (!same(col, e.f.expect)) {
                    char msg[240];
                    snprintf(msg, sizeof(msg),
                             "MISMATCH fragment %lu: rtl r %05x g %05x b %05x a %05x, model r %05x g %05x b %05x a %05x",
                             e.f.id, col.r, col.g, col.b, col.a, e.f.expect.r, e.f.expect.g, e.f.expect.b, e.f.expect.a);
                    fail(msg, &e.f);
                }
                const uint32_t ch[4] = {col.r, col.g, col.b, col.a};
                for (unsigned k = 0; k < 4; k++) {
                    sat_out += ch[k] == kMax;
                    zero_out += ch[k] == 0;
                }
                q.pop_front();
                done++;
            }
        }
        was_refused = fv && !fr;
        refused_color = col;

        // ---- the documented timing, where no refusal can have stalled the unit ----
        const bool clean = g_cycle >= clean_from;
        if (clean && p_known) {
            const bool expect_ready = g_cycle >= p_end;
            ready_checks++;
            if (sr != expect_ready) {
                fail(sr ? "THROUGHPUT: slot_ready_o high while the last slot still occupies the unit"
                        : "THROUGHPUT: slot_ready_o low although the last slot's documented cycles are over",
                     have ? &cur : nullptr);
            }
        }
        const bool measure = free_phase && gap_pct == 0 && clean && sent < count;
        free_cycles += measure;

        // ---- sample: input ----
        if (offering && sr) {
            const Slot &s = cur.s[slot];
            const bool nfm = !s.first && s.func == TEX_BLEND_MULTIPLY;
            bool known = clean && (!nfm || p_known);
            const unsigned wait = (nfm && p_known && p_nfm && p_end == g_cycle) ? 1 : 0;
            const unsigned two = (nfm && s.last && cur.gouraud) ? 1 : 0;
            if (known) {
                waits += wait;
                twos += two;
            }
            p_known = known;
            p_nfm = nfm;
            p_end = g_cycle + 1 + wait + two;
            slots++;
            func_seen[s.func] += !s.first;
            free_slots += measure;
            if (s.last) {
                Expect e;
                e.f = cur;
                e.timed = known;
                e.due = p_end + 3;
                e.last_xfer = g_cycle;
                e.shown = false;
                if (!inject_done && sent >= inject_at) {
                    if (inject == INJ_VALUE) {
                        const unsigned bit = (unsigned)rnd_below(18);
                        switch (rnd_below(4)) {
                        case 0: e.f.expect.r ^= 1u << bit; break;
                        case 1: e.f.expect.g ^= 1u << bit; break;
                        case 2: e.f.expect.b ^= 1u << bit; break;
                        default: e.f.expect.a ^= 1u << bit; break;
                        }
                        inject_done = true;
                    } else if (inject == INJ_ORDER && !q.empty() && !q.back().shown &&
                               !same(q.back().f.expect, e.f.expect)) {
                        std::swap(q.back().f, e.f);
                        inject_done = true;
                    } else if (inject == INJ_LATENCY && e.timed) {
                        e.due++;
                        inject_done = true;
                    }
                    if (inject_done) {
                        printf("tb_tmu_blend: injected a bug (%s) at fragment %lu\n",
                               inject == INJ_VALUE ? "value" : inject == INJ_ORDER ? "order" : "latency", e.f.id);
                    }
                }
                q.push_back(e);
                sent++;
                have = false;
            } else {
                slot++;
            }
            offering = false;
        }
        if (fv && !fr) {
            // a refusal: the unit may stall from the next cycle on; timing is unknown for what
            // is in flight and clean again two cycles later
            refusals++;
            clean_from = g_cycle + 2;
            p_known = false;
            for (Expect &e : q) {
                e.timed = false;
            }
        }

        // ---- rising edge ----
        d->clk_i = 1;
        d->eval();
        g_cycle++;
        if (ctx->gotError() || ctx->errorCount()) {
            fail("stream_checker reported a contract violation on the output link", nullptr);
        }
        if (++guard > 40ull * count + 100000) {
            fail("HANG: the run did not finish", q.empty() ? nullptr : &q.front().f);
        }
    }
    // drained: nothing more may come out
    d->frag_ready_i = 1;
    d->slot_valid_i = 0;
    for (int k = 0; k < 16; k++) {
        d->clk_i = 0;
        d->eval();
        if (d->frag_valid_o) {
            fail("a colour after the last fragment", nullptr);
        }
        d->clk_i = 1;
        d->eval();
        g_cycle++;
    }
    if (d->busy_o) {
        fail("busy_o high when drained", nullptr);
    }
    if (!inject_done) {
        printf("tb_tmu_blend: the bug was not injected (too few fragments?)\n");
        d->final();
        delete d;
        return 1;
    }
    printf("tb_tmu_blend: %lu fragments checked (1-4 slots: %lu %lu %lu %lu), %lu dropped by %lu resets, %lu slots, "
           "%" PRIu64 " cycles\n",
           done, n_seen[1], n_seen[2], n_seen[3], n_seen[4], dropped, resets, slots, g_cycle);
    printf("tb_tmu_blend: blends MULTIPLY %lu ADD %lu SUBTRACT %lu INV_SUBTRACT %lu; channels out: %lu saturated, %lu zero\n",
           func_seen[0], func_seen[1], func_seen[2], func_seen[3], sat_out, zero_out);
    printf("tb_tmu_blend: timing: %lu colours on their documented cycle, %lu slot_ready_o checks, %lu MULTIPLY "
           "waits, %lu two-cycle last slots, %lu refusals; %.3f slots per cycle in the phases without gaps or back-pressure\n",
           timed, ready_checks, waits, twos, refusals, free_cycles ? (double)free_slots / (double)free_cycles : 0.0);
    // the corners the stimulus is meant to reach
    if (count >= 20000 &&
        (!timed || !waits || !twos || !refusals || !sat_out || !zero_out || !resets || !func_seen[0] ||
         !func_seen[1] || !func_seen[2] || !func_seen[3])) {
        printf("tb_tmu_blend: a corner was not reached (see the counts above)\n");
        d->final();
        delete d;
        return 1;
    }
    printf("tb_tmu_blend: PASS\n");
    d->final();
    delete d;
    return 0;
}
