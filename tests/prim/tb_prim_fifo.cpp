// tb_prim_fifo: random pushes and pops on prim_fifo (LUT RAM), prim_fifo_bram (block RAM) and
// the two-entry link prim_spill_reg, each checked against its own reference queue every cycle:
//   data: every value shown at the head with rvalid is the oldest pushed and not popped
//   count_o equals the entries held; wready_o is high exactly while fewer than Depth are held
//   valid/ready: rvalid never drops without a pop; rvalid only while something is held
//   latency: an entry at the head of the queue is shown once it was pushed Lat cycles ago
//            (prim_fifo 1, prim_fifo_bram 3, prim_spill_reg 1), so all run at one pop per cycle
#include "Vtb_prim_fifo.h"
#include "tb_prim_args.h"
#include "verilated.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>

struct ent { uint32_t v; uint64_t t; };

struct side {
    const char *name;
    unsigned lat;
    unsigned depth;
    std::deque<ent> q;
    int prev_valid_held;   // rvalid && !rready at the last edge
    unsigned long pops, errors;
};

static unsigned long long rng_state;
static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(rng_state >> 33);
}

static void check(side &s, uint64_t cyc, int wready, int rvalid, uint32_t rdata, unsigned count)
{
    const unsigned depth = s.depth;
    auto bad = [&](const char *what) {
        if (s.errors++ < 10) {
            std::printf("FAIL %s cycle %llu: %s (held %zu, count %u, wready %d, rvalid %d, rdata 0x%X)\n", s.name,
                        (unsigned long long)cyc, what, s.q.size(), count, wready, rvalid, rdata);
        }
    };
    if (count != s.q.size()) bad("count_o is not the number of entries held");
    if (wready != (s.q.size() < depth)) bad("wready_o is not (held < Depth)");
    if (rvalid && s.q.empty()) bad("rvalid_o with nothing held");
    if (rvalid && !s.q.empty() && rdata != s.q.front().v) bad("rdata_o is not the oldest entry");
    if (s.prev_valid_held && !rvalid) bad("rvalid_o dropped without a pop");
    if (!rvalid && !s.q.empty() && cyc >= s.q.front().t + s.lat) bad("the head entry is not shown within the latency");
}

// a pop of the design: the reference queue's head leaves (a pop of nothing is an error, counted
// by check() already as "rvalid_o with nothing held")
static void pop(side &s)
{
    if (!s.q.empty()) s.q.pop_front();
    s.pops++;
}

int main(int argc, char **argv)
{
    unsigned long long seed = 1, cycles = 200000;
    const int st = tb_prim_args(argc, argv, "tb_prim_fifo",
        "prim_fifo and prim_fifo_bram under random pushes and pops, each checked every cycle against a\n"
        "reference queue (data, count, wready, valid/ready, latency)", &seed, &cycles);
    if (st >= 0) {
        return st;
    }
    rng_state = seed;
    VerilatedContext ctx;
    tb_prim_xseed(ctx, "tb_prim_fifo", seed);
    Vtb_prim_fifo top{&ctx};
    const unsigned depth = 5;   // tb_prim_fifo's default Depth
    std::printf("tb_prim_fifo: seed %llu, %llu cycles, Depth %u\n", seed, cycles, depth);
    side a = {"prim_fifo", 1, depth, {}, 0, 0, 0}, b = {"prim_fifo_bram", 3, depth, {}, 0, 0, 0};
    side c = {"prim_spill_reg", 1, 2, {}, 0, 0, 0};
    top.clk_i = 0;
    top.rst_ni = 0;
    top.wvalid_i = 0;
    top.rready_i = 0;
    top.eval();
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
    top.rst_ni = 1;
    top.eval();
    for (uint64_t cyc = 0; cyc < cycles; cyc++) {
        // phases of push/pop pressure: bursts that fill the FIFO, drain it, and mixed traffic
        unsigned phase = (unsigned)(cyc / 997) % 4;
        unsigned pw = phase == 0 ? 90 : phase == 1 ? 20 : 60, pr = phase == 0 ? 20 : phase == 1 ? 90 : 60;
        top.wvalid_i = (rnd() % 100) < pw;
        top.rready_i = (rnd() % 100) < pr;
        top.wdata_i = rnd() & 0xFFFF;
        top.eval();
        check(a, cyc, top.a_wready_o, top.a_rvalid_o, top.a_rdata_o, top.a_count_o);
        check(b, cyc, top.b_wready_o, top.b_rvalid_o, top.b_rdata_o, top.b_count_o);
        check(c, cyc, top.c_wready_o, top.c_rvalid_o, top.c_rdata_o, top.c_count_o);
        // the edge: the reference queues follow the handshakes
        int aw = top.wvalid_i && top.a_wready_o, ar = top.a_rvalid_o && top.rready_i;
        int bw = top.wvalid_i && top.b_wready_o, br = top.b_rvalid_o && top.rready_i;
        int cw = top.wvalid_i && top.c_wready_o, cr = top.c_rvalid_o && top.rready_i;
        a.prev_valid_held = top.a_rvalid_o && !top.rready_i;
        b.prev_valid_held = top.b_rvalid_o && !top.rready_i;
        c.prev_valid_held = top.c_rvalid_o && !top.rready_i;
        if (ar) pop(a);
        if (br) pop(b);
        if (cr) pop(c);
        if (aw) a.q.push_back({top.wdata_i, cyc});
        if (bw) b.q.push_back({top.wdata_i, cyc});
        if (cw) c.q.push_back({top.wdata_i, cyc});
        top.clk_i = 1;
        top.eval();
        top.clk_i = 0;
        top.eval();
    }
    top.final();
    for (side *s : {&a, &b, &c}) {
        std::printf("%s: %lu pops, %lu errors\n", s->name, s->pops, s->errors);
    }
    bool bad = false;
    for (side *s : {&a, &b, &c}) bad = bad || s->errors || s->pops < cycles / 4;
    if (bad) {
        std::printf("FAIL: seed %llu\n", seed);
        return 1;
    }
    std::printf("PASS: seed %llu\n", seed);
    return 0;
}
