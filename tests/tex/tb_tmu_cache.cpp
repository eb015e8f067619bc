// tb_tmu_cache: rtl/tex/tmu_cache.sv (Units = 4, one controller for the four texture units)
// against the C model sw/model/tmu_cache.c (with sw/model/tmu_decode.c), one tmu_cache_t per
// unit, request by request.
//
// One seeded random stream of texel requests over the four units goes to the RTL (through
// tests/tex/tb_tmu_cache.sv) and, at the cycle the RTL accepts each one, to tmu_cache_texel() on
// that unit's tmu_cache_t; an invalidate pulse of unit u calls tmu_cache_invalidate() on unit u's
// only. The C model's memory read
// callback reads the same memory model the RTL's bursts read. Checked:
//   - every response texel, in request order, against the model's;
//   - every burst request: reads only (we, wdata, be, tag, prim all 0), one per model miss, in
//     order, its beats' word addresses exactly the words the model read for that miss;
//   - every unit's hit and miss counters against its model's at every drain point and at the end;
//   - the valid/ready contract on the RTL's outputs (response and memory request hold valid
//     and payload until taken), busy_o when drained;
//   - one hit per clock: a directed stream of hits with no back-pressure;
//   - the hit latency: no response sooner than HIT_LATENCY cycles after its request's
//     handshake, and the directed stream's hits exactly that.
// The stream: phases of a few hundred to a few thousand requests, 1..4 active units (random
// weights), each unit with its own working set (sometimes the same blocks and sets as another
// unit: a cache not indexed by unit would hit where the model misses), its own format mix and
// its own invalidate rate; each working set is of blocks in few sets (1..4 sets, 1..12 blocks:
// conflicts and FIFO replacement), both
// formats or one, the same address under both formats, locality (repeat probability),
// random request gaps, response back-pressure, memory grant jitter and latency, beats with
// gaps, invalidate pulses at random cycles (also beside a request handshake, several in a
// row, with nothing after them). Between phases the RTL drains; then memory words are rewritten
// at random (cached blocks keep being served: both sides), and now and then reset is pulsed.
// The memory model answers a read burst as mem_arbiter's port does: len+1 beats in order, beat i
// from word {addr[24:5], (addr[4:2] + i) mod 8}, last on the final beat.
// First mismatch: the request's index and fields, both values; exit status 1.
#include "Vtb_tmu_cache.h"
#include "verilated.h"
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <vector>
extern "C" {
#include "tmu.h"
}

#include "tb_rng.h"
static unsigned rn(unsigned n) { return (unsigned)(rnd() % n); }   // 0 .. n-1
static bool pct(unsigned p) { return rn(100) < p; }

static const uint32_t MEM_WORDS = 1u << 23;   // 32 MiB
static std::vector<uint32_t> g_mem;

// the C model's memory reads of the current lookup (byte addresses)
static std::vector<uint32_t> g_c_reads;
static uint32_t c_rd(const void *ctx, uint32_t addr)
{
    (void)ctx;
    g_c_reads.push_back(addr);
    return g_mem[(addr >> 2) & (MEM_WORDS - 1)];
}

static const unsigned NU = 4;   // units
static const uint64_t HIT_LATENCY = 6;   // cycles from request handshake to rsp_valid_o (module header)

struct Req {
    unsigned unit;
    unsigned fmt;
    uint32_t addr;
    unsigned texel, set;
};
struct Expect {   // a response the RTL owes, from the model
    uint64_t idx, at;   // request index, cycle of its handshake
    Req r;
    uint32_t texel;
    bool hit, inv;
};
struct Fill {     // a burst the RTL owes, from a model miss
    uint64_t idx;
    Req r;
    std::vector<uint32_t> words;
};
struct Burst {    // a burst accepted by the memory model
    uint32_t addr;
    unsigned len, beat;
    uint64_t ready_at;
};

// one phase's traffic shape
struct Phase {
    std::vector<Req> blocks[NU];   // working set per unit (empty: unit inactive)
    unsigned unit_w[NU];           // relative request weight per unit (0: inactive)
    unsigned repeat;           // % chance to ask the previous block again
    unsigned flip;             // % chance to ask a 32-byte-aligned block in the other format
    unsigned req_p, rsp_p, grant_p, gap_p;   // % valid / ready / grant / beat gap per cycle
    unsigned lat_min, lat_span;              // memory latency after the grant
    unsigned inv_p10k[NU];                   // invalidate pulses per 10,000 cycles, per unit
};

static void print_req(const char *pre, uint64_t idx, const Req &r)
{
    printf("%s request %" PRIu64 ": unit %u format %u (%s) block_addr 0x%07x texel %u set %u\n", pre, idx, r.unit, r.fmt,
           r.fmt ? "BC1" : "RGBA4444", r.addr, r.texel, r.set);
}

class Bench {
  public:
    Vtb_tmu_cache *d;
    tmu_cache_t c[NU];
    uint64_t cycle = 0, issued = 0, done = 0, stall = 0, n_inv = 0, n_bursts = 0, n_resets = 0;
    uint64_t n_evict = 0, n_inv_hs = 0, n_inv_fill = 0;   // coverage: evictions, invalidate beside a
                                                          // handshake, invalidate during a fill
    uint64_t n_rsp_bp = 0, hits_before[NU] = {}, misses_before[NU] = {};   // model counts before the last reset
    uint64_t n_req_u[NU] = {}, n_inv_u[NU] = {};
    std::deque<Expect> exp;
    std::deque<Fill> fills;
    std::deque<Burst> bursts;
    bool have_req = false;
    unsigned inv_pend = 0;   // units with an invalidate not yet carried by a request
    Req cur{};
    Req prev_blk{};
    // previous cycle's outputs for the valid/ready contract
    bool p_rsp_v = false, p_rsp_r = false, p_mreq_v = false, p_mreq_r = false;
    uint32_t p_rsp_t = 0, p_maddr = 0, p_mlen = 0;
    uint64_t gap_until = 0;
    // the directed throughput measure
    bool measure = false;
    uint64_t m_first = 0, m_last = 0, m_count = 0;
    uint64_t lat_min = UINT64_MAX;   // fewest cycles from handshake to response

    explicit Bench(Vtb_tmu_cache *dut) : d(dut)
    {
        memset(c, 0, sizeof c);
        for (tmu_cache_t &u : c) {
            tmu_cache_invalidate(&u);
        }
    }

    [[noreturn]] void die() const
    {
        printf("FAIL at cycle %" PRIu64 " (requests accepted %" PRIu64 ", answered %" PRIu64 ")\n", cycle, issued, done);
        exit(1);
    }

    void reset()
    {
        d->rst_ni = 0;
        d->clk_i = 0;
        d->inv_i = 0;
        d->req_valid_i = 0;
        d->rsp_ready_i = 0;
        d->mem_req_ready_i = 0;
        d->mem_rsp_valid_i = 0;
        d->eval();
        d->clk_i = 1;
        d->eval();
        d->clk_i = 0;
        d->eval();
        d->rst_ni = 1;
        d->eval();
        for (unsigned u = 0; u < NU; u++) {
            tmu_cache_invalidate(&c[u]);
            hits_before[u] += c[u].hits;
            misses_before[u] += c[u].misses;
            c[u].hits = c[u].misses = 0;
        }
        inv_pend = 0;
        p_rsp_v = p_mreq_v = false;
        n_resets++;
    }

    // one clock: inputs set with the clock low, handshakes observed, then the rising edge
    void step(const Phase &ph, bool may_issue)
    {
        if (!have_req && may_issue && pct(ph.req_p)) {
            cur = gen(ph);
            have_req = true;
        }
        unsigned inv = 0;
        for (unsigned u = 0; u < NU; u++) {
            if (ph.inv_p10k[u] && rn(10000) < ph.inv_p10k[u]) {
                inv |= 1u << u;
            }
        }
        d->clk_i = 0;
        d->inv_i = inv;
        d->req_valid_i = have_req;
        d->req_unit_i = cur.unit;
        d->req_format_i = cur.fmt;
        d->req_block_addr_i = cur.addr;
        d->req_texel_i = cur.texel;
        d->req_set_i = cur.set;
        d->rsp_ready_i = pct(ph.rsp_p);
        d->mem_req_ready_i = pct(ph.grant_p);
        bool beat = false;
        if (!bursts.empty() && bursts.front().ready_at <= cycle && cycle >= gap_until) {
            Burst &b = bursts.front();
            const uint32_t w = ((b.addr >> 5) << 3) | (((b.addr >> 2) + b.beat) & 7u);
            beat = true;
            d->mem_rsp_valid_i = 1;
            d->mem_rsp_rdata_i = g_mem[w];
            d->mem_rsp_last_i = b.beat == b.len;
        } else {
            d->mem_rsp_valid_i = 0;
            d->mem_rsp_rdata_i = (uint32_t)rnd();   // don't-care while not valid
            d->mem_rsp_last_i = rn(2);
        }
        d->eval();

        check_contract();
        if ((d->rsp_valid_o || d->mem_req_valid_o || !exp.empty()) && !d->active_o) {
            printf("FAIL: active_o = 0 with a request in flight (tmu_pixel's clock gate would stop the cache)\n");
            die();
        }
        if (inv) {   // before a request accepted in the same cycle (module header), that unit only
            for (unsigned u = 0; u < NU; u++) {
                if (inv >> u & 1u) {
                    tmu_cache_invalidate(&c[u]);
                    n_inv_u[u]++;
                }
            }
            inv_pend |= inv;
            n_inv++;
            n_inv_hs += d->req_valid_i && d->req_ready_o;
            n_inv_fill += !fills.empty() || !bursts.empty();
        }
        if (d->req_valid_i && d->req_ready_o) {
            accept();
        }
        if (d->rsp_valid_o && d->rsp_ready_i) {
            respond();
        } else if (d->rsp_valid_o) {
            n_rsp_bp++;
        }
        if (d->mem_req_valid_o && d->mem_req_ready_i) {
            mem_request(ph);
        }
        if (beat) {
            Burst &b = bursts.front();
            if (b.beat == b.len) {
                bursts.pop_front();
            } else {
                b.beat++;
            }
            if (pct(ph.gap_p)) {
                gap_until = cycle + 1 + rn(3);
            }
        }
        d->clk_i = 1;
        d->eval();
        cycle++;
        if (++stall > 20000) {
            printf("FAIL: no progress for 20000 cycles (%zu responses owed, %zu fills owed)\n", exp.size(), fills.size());
            die();
        }
    }

    void check_contract()
    {
        if (p_rsp_v && !p_rsp_r && (!d->rsp_valid_o || d->rsp_texel_o != p_rsp_t)) {
            printf("FAIL: response valid/payload changed while not taken (0x%08x -> %u 0x%08x)\n", p_rsp_t,
                   d->rsp_valid_o, d->rsp_texel_o);
            die();
        }
        if (p_mreq_v && !p_mreq_r && (!d->mem_req_valid_o || d->mem_req_addr_o != p_maddr || d->mem_req_len_o != p_mlen)) {
            printf("FAIL: memory request valid/payload changed while not granted\n");
            die();
        }
        p_rsp_v = d->rsp_valid_o;
        p_rsp_r = d->rsp_ready_i;
        p_rsp_t = d->rsp_texel_o;
        p_mreq_v = d->mem_req_valid_o;
        p_mreq_r = d->mem_req_ready_i;
        p_maddr = d->mem_req_addr_o;
        p_mlen = d->mem_req_len_o;
    }

    void accept()
    {
        tex_req_t q;
        q.zero = 0;
        q.block_addr = cur.addr;
        q.texel = (uint8_t)cur.texel;
        q.set = (uint8_t)cur.set;
        tmu_cache_t &cu = c[cur.unit];
        const uint64_t misses = cu.misses;
        const bool victim_valid = cu.valid[cur.set % TEX_CACHE_SETS][cu.next[cur.set % TEX_CACHE_SETS] % TEX_CACHE_WAYS];
        g_c_reads.clear();
        const uint32_t t = tmu_cache_texel(&cu, cur.fmt, &q, c_rd, nullptr);
        const bool hit = cu.misses == misses;
        exp.push_back(Expect{issued, cycle, cur, t, hit, (inv_pend >> cur.unit & 1u) != 0});
        n_req_u[cur.unit]++;
        if (!hit) {
            n_evict += victim_valid;
            fills.push_back(Fill{issued, cur, g_c_reads});
        }
        inv_pend = 0;   // the RTL's pending vector rides with any unit's request
        have_req = false;
        issued++;
        stall = 0;
    }

    void respond()
    {
        if (exp.empty()) {
            printf("FAIL: a response with no request outstanding: 0x%08x\n", d->rsp_texel_o);
            die();
        }
        const Expect &e = exp.front();
        if (d->rsp_texel_o != e.texel) {
            print_req("MISMATCH", e.idx, e.r);
            printf("  model: %s%s, texel 0x%08x; RTL texel 0x%08x (RTL counters of unit %u: %u hits, %u misses)\n",
                   e.hit ? "hit" : "miss", e.inv ? " after an invalidate of its unit" : "", e.texel, d->rsp_texel_o,
                   e.r.unit, d->hit_count_o[e.r.unit], d->miss_count_o[e.r.unit]);
            die();
        }
        if (cycle - e.at < HIT_LATENCY) {
            print_req("FAIL: early response to", e.idx, e.r);
            printf("  answered %" PRIu64 " cycles after its handshake (hit latency %" PRIu64 ")\n", cycle - e.at,
                   HIT_LATENCY);
            die();
        }
        if (cycle - e.at < lat_min) {
            lat_min = cycle - e.at;
        }
        if (measure) {
            if (!m_count) {
                m_first = cycle;
            }
            m_last = cycle;
            m_count++;
        }
        exp.pop_front();
        done++;
        stall = 0;
    }

    void mem_request(const Phase &ph)
    {
        const uint32_t a = d->mem_req_addr_o;
        const unsigned len = d->mem_req_len_o;
        if (fills.empty()) {
            printf("FAIL: burst addr 0x%07x len %u with no model miss outstanding\n", a, len);
            die();
        }
        const Fill &f = fills.front();
        bool ok = !d->mem_req_we_o && !d->mem_req_wdata_o && !d->mem_req_be_o && !d->mem_req_tag_o && !d->mem_req_prim_o &&
                  len + 1 == f.words.size();
        for (unsigned i = 0; ok && i <= len; i++) {
            const uint32_t w = ((a >> 5) << 3) | (((a >> 2) + i) & 7u);
            ok = w == ((f.words[i] >> 2) & (MEM_WORDS - 1));
        }
        if (!ok) {
            print_req("MISMATCH (fill burst of)", f.idx, f.r);
            printf("  RTL burst: addr 0x%07x len %u we %u wdata 0x%x be 0x%x tag %u prim %u; model read %zu words from 0x%07x\n",
                   a, len, d->mem_req_we_o, d->mem_req_wdata_o, d->mem_req_be_o, d->mem_req_tag_o, d->mem_req_prim_o,
                   f.words.size(), f.words.empty() ? 0u : f.words[0]);
            die();
        }
        fills.pop_front();
        bursts.push_back(Burst{a, len, 0, cycle + ph.lat_min + rn(ph.lat_span + 1)});
        n_bursts++;
    }

    Req gen(const Phase &ph)
    {
        Req r;
        if (pct(ph.repeat) && issued && ph.unit_w[prev_blk.unit]) {
            r = prev_blk;
        } else {
            unsigned tot = 0, u = 0;
            for (unsigned k = 0; k < NU; k++) {
                tot += ph.unit_w[k];
            }
            for (unsigned x = rn(tot); x >= ph.unit_w[u]; u++) {
                x -= ph.unit_w[u];
            }
            r = ph.blocks[u][rn((unsigned)ph.blocks[u].size())];
        }
        if ((r.addr & 31u) == 0 && pct(ph.flip)) {
            r.fmt ^= 1u;
        }
        prev_blk = r;
        r.texel = rn(16);
        return r;
    }

    // run until every accepted request is answered and the memory is idle
    void drain(const Phase &ph)
    {
        Phase q = ph;
        for (unsigned &p : q.inv_p10k) {
            p = 0;
        }
        while (have_req || !exp.empty() || !bursts.empty()) {
            step(q, false);
        }
        for (int i = 0; i < 4; i++) {
            step(q, false);
        }
        check_counts();
        if (d->busy_o != (inv_pend != 0)) {
            printf("FAIL: busy_o = %u when drained (invalidates pending: 0x%x)\n", d->busy_o, inv_pend);
            die();
        }
        if (d->active_o) {
            printf("FAIL: active_o = 1 when drained (invalidates pending: 0x%x)\n", inv_pend);
            die();
        }
    }

    void check_counts() const
    {
        for (unsigned u = 0; u < NU; u++) {
            if (d->hit_count_o[u] != (uint32_t)c[u].hits || d->miss_count_o[u] != (uint32_t)c[u].misses) {
                printf("MISMATCH counters of unit %u after %" PRIu64 " requests: RTL %u hits %u misses, model %" PRIu64
                       " hits %" PRIu64 " misses\n",
                       u, issued, d->hit_count_o[u], d->miss_count_o[u], c[u].hits, c[u].misses);
                die();
            }
        }
    }

    void run(const Phase &ph, uint64_t n)
    {
        const uint64_t end = issued + n;
        while (issued < end) {
            step(ph, true);
        }
    }
};

// one unit's working set: one region (sometimes at the top of the 32 MiB), 32-byte or 8-byte
// aligned blocks in few sets, its own format mix
static void unit_blocks(std::vector<Req> &out, unsigned unit)
{
    const uint32_t region = rn(4) == 0 ? 0x1FFF000u : (uint32_t)(rnd() & 0x1FFF000u);
    const unsigned nsets = 1 + rn(rn(3) == 0 ? 32 : 4);
    unsigned sets[32];
    for (unsigned i = 0; i < nsets; i++) {
        sets[i] = rn(32);
    }
    const unsigned nblk = 1 + rn(nsets == 1 ? 9 : 16);
    const unsigned fmt_mode = rn(3);   // 0 RGBA4444, 1 BC1, 2 mixed
    for (unsigned i = 0; i < nblk; i++) {
        Req r;
        r.unit = unit;
        r.fmt = fmt_mode == 2 ? rn(2) : fmt_mode;
        r.addr = r.fmt ? region + 8u * rn(512) : region + 32u * rn(128);
        if (rn(8) == 0) {
            r.addr = (uint32_t)(rnd() & 0x1FFFFE0u) | (r.fmt ? 8u * rn(4) : 0u);   // anywhere
        }
        r.set = rn(16) == 0 ? rn(32) : sets[rn(nsets)];
        r.texel = 0;
        out.push_back(r);
        if (rn(4) == 0) {   // the same address in the other format (same tag), or a neighbour
            Req s = r;
            s.fmt ^= 1u;
            if (s.fmt == 0) {
                s.addr &= ~31u;
            }
            out.push_back(s);
        }
        if (rn(4) == 0) {   // a tag one bit away, same set: every tag bit is compared
            Req s = r;
            s.addr ^= 1u << (r.fmt ? 3 + rn(22) : 5 + rn(20));
            out.push_back(s);
        }
    }
}

static Phase random_phase()
{
    Phase ph;
    static const unsigned inv[] = {0, 0, 5, 30, 300};
    const unsigned nact = rn(4) == 0 ? 1 + rn(NU) : NU;   // active units
    const unsigned first = rn(NU);
    for (unsigned k = 0; k < NU; k++) {   // the first unit's working set first: others may copy it
        const unsigned u = (first + k) % NU;
        const bool act = k < nact;
        ph.unit_w[u] = act ? (rn(3) == 0 ? 1 + rn(10) : 4) : 0;
        ph.inv_p10k[u] = inv[rn(5)];
        if (act && u != first && rn(3) == 0) {   // another unit's working set: same blocks, same sets
            for (Req r : ph.blocks[first]) {
                r.unit = u;
                if (rn(2)) {
                    r.fmt ^= 1u;
                    r.addr &= ~31u;
                }
                ph.blocks[u].push_back(r);
            }
        } else {
            unit_blocks(ph.blocks[u], u);
        }
    }
    static const unsigned rep[] = {0, 30, 70, 90, 98};
    ph.repeat = rep[rn(5)];
    ph.flip = rn(3) == 0 ? rn(30) : 0;
    static const unsigned rates[] = {100, 100, 90, 50, 20};
    ph.req_p = rates[rn(5)];
    ph.rsp_p = rates[rn(5)];
    ph.grant_p = rates[rn(5)];
    ph.gap_p = rn(3) == 0 ? 30 : 0;
    ph.lat_min = 1 + rn(4);
    ph.lat_span = rn(4) == 0 ? 40 : rn(10);
    return ph;
}

// one hit per clock: 4 blocks of one set filled in each unit, then 4096 hits over the four
// units with no back-pressure
static void directed_stream(Bench &b)
{
    Phase ph;
    for (unsigned u = 0; u < NU; u++) {
        for (unsigned i = 0; i < 4; i++) {
            ph.blocks[u].push_back(Req{u, i & 1u, 0x0123400u + 32u * i + 0x1000u * (u & 1u), 0, 7});
        }
        ph.unit_w[u] = 1;
        ph.inv_p10k[u] = 0;
    }
    ph.repeat = 0;
    ph.flip = 0;
    ph.req_p = ph.rsp_p = ph.grant_p = 100;
    ph.gap_p = 0;
    ph.lat_min = 2;
    ph.lat_span = 0;
    b.run(ph, 800);   // all four blocks become resident (4 ways, no conflict)
    b.drain(ph);
    uint64_t hits0 = 0;
    for (const tmu_cache_t &u : b.c) {
        hits0 += u.hits;
    }
    b.measure = true;
    b.run(ph, 4096);
    b.drain(ph);
    b.measure = false;
    uint64_t hits1 = 0;
    for (const tmu_cache_t &u : b.c) {
        hits1 += u.hits;
    }
    if (hits1 - hits0 != 4096 || b.m_count != 4096 || b.m_last - b.m_first != 4095) {
        printf("FAIL: hit stream: %" PRIu64 " hits, %" PRIu64 " responses in %" PRIu64 " cycles (want 4096 in 4096)\n",
               hits1 - hits0, b.m_count, b.m_count ? b.m_last - b.m_first + 1 : 0);
        b.die();
    }
    if (b.lat_min != HIT_LATENCY) {
        printf("FAIL: hit latency %" PRIu64 " cycles, want %" PRIu64 "\n", b.lat_min, HIT_LATENCY);
        b.die();
    }
    printf("hit stream: 4096 hits answered in %" PRIu64 " consecutive cycles, hit latency %" PRIu64 "\n",
           b.m_last - b.m_first + 1, b.lat_min);
}

int main(int argc, char **argv)
{
    unsigned long long seed = 1, nreq = 1000000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: tb_tmu_cache [--seed N] [--requests N]\n"
                   "  rtl/tex/tmu_cache.sv against sw/model/tmu_cache.c on a seeded random request stream\n"
                   "  (--seed >= 1, default 1; --requests >= 1, default 1000000). Exit status 0 when\n"
                   "  everything matches, 1 at the first mismatch, 2 on bad options.\n");
            return 0;
        } else if ((!strcmp(argv[i], "--seed") || !strcmp(argv[i], "--requests")) && i + 1 < argc) {
            char *end;
            const unsigned long long v = strtoull(argv[i + 1], &end, 0);
            if (*end || !*argv[i + 1] || v == 0 || argv[i + 1][0] == '-') {
                fprintf(stderr, "tb_tmu_cache: %s needs a number >= 1 (try --help)\n", argv[i]);
                return 2;
            }
            (!strcmp(argv[i], "--seed") ? seed : nreq) = v;
            i++;
        } else {
            fprintf(stderr, "tb_tmu_cache: unknown option %s (try --help)\n", argv[i]);
            return 2;
        }
    }
    printf("tb_tmu_cache --seed %llu --requests %llu\n", seed, nreq);
    rnd_seed(seed);
    g_mem.resize(MEM_WORDS);
    for (uint32_t &w : g_mem) {
        w = (uint32_t)rnd();
    }
    Verilated::randSeed((int)(seed & 0x7FFFFFFF));   // X values of the uninitialised arrays
    Vtb_tmu_cache *d = new Vtb_tmu_cache;
    Bench b(d);
    b.reset();
    directed_stream(b);
    uint64_t phases = 0;
    while (b.issued < nreq) {
        const Phase ph = random_phase();
        const uint64_t n = 100 + rn(rn(4) == 0 ? 5000 : 1000);
        b.run(ph, n < nreq - b.issued ? n : nreq - b.issued);
        b.drain(ph);
        phases++;
        for (unsigned k = rn(3) == 0 ? rn(200) : 0; k; k--) {   // memory rewritten behind the cache
            const std::vector<Req> &bl = ph.blocks[rn(NU)];
            if (bl.empty()) {
                continue;
            }
            const Req &r = bl[rn((unsigned)bl.size())];
            g_mem[((r.addr >> 2) + rn(8)) & (MEM_WORDS - 1)] = (uint32_t)rnd();
        }
        if (rn(50) == 0) {
            b.reset();
        }
    }
    b.check_counts();
    uint64_t hits = 0, misses = 0;
    for (unsigned u = 0; u < NU; u++) {
        hits += b.hits_before[u] + b.c[u].hits;
        misses += b.misses_before[u] + b.c[u].misses;
        printf("unit %u: %" PRIu64 " requests, %" PRIu64 " hits, %" PRIu64 " misses, %" PRIu64 " invalidates\n", u,
               b.n_req_u[u], b.hits_before[u] + b.c[u].hits, b.misses_before[u] + b.c[u].misses, b.n_inv_u[u]);
    }
    printf("PASS: %" PRIu64 " requests (%" PRIu64 " hits, %" PRIu64 " misses = bursts %" PRIu64 ", %" PRIu64
           " evicting a valid block), %" PRIu64 " phases, %" PRIu64 " invalidate cycles (%" PRIu64 " beside a request handshake, %"
           PRIu64 " during a fill), %" PRIu64 " resets, %" PRIu64 " cycles (%" PRIu64 " with a response held)\n",
           b.issued, hits, misses, b.n_bursts, b.n_evict, phases, b.n_inv,
           b.n_inv_hs, b.n_inv_fill, b.n_resets, b.cycle, b.n_rsp_bp);
    d->final();
    delete d;
    return 0;
}
