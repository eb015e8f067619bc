// tb_prim_async_fifo: prim_async_fifo in LUT RAM and in block RAM under random pushes (write
// clock) and pops (read clock) with a random clock ratio, each FIFO checked against its own
// reference queue:
//   data: every value shown at the head with rvalid_o is the oldest pushed and not popped
//   capacity: never more than Depth held; with the read side stopped, exactly Depth pushes are
//            accepted before wfull_o holds (checked in every fill phase)
//   rdepth_o: never more than the entries held (it may lag behind pushes, never pops)
//   wdepth_o: never less than the entries held, never more than Depth, and Depth exactly when
//   wfull_o (it may lag behind pops, never pushes)
//   valid/ready: rvalid_o never drops without a pop
//   WdepthReg (a third FIFO, block RAM, the same stimulus): wfull_o equal to the second's;
//   wdepth_o exactly the second's wdepth_o of the write edge before plus that edge's push (the
//   read pointer a write clock older), so never below the entries held
// Time advances in steps of 1 ns; the write clock period is 2..9 ns, the read clock's 2..9 ns
// (drawn per run from the seed), so both orders of the two clocks' edges occur.
#include "Vtb_prim_async_fifo.h"
#include "tb_prim_args.h"
#include "verilated.h"
#include <cstdio>
#include <deque>

namespace {
unsigned long long rng_state;
uint32_t rnd()
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(rng_state >> 33);
}

struct side {
    const char *name;
    std::deque<uint32_t> q;
    int valid_held;   // rvalid && !rready at the last read edge
    unsigned long pops, errors, fills;
};

void bad(side &s, unsigned long long t, const char *what)
{
    if (s.errors++ < 10) std::printf("FAIL %s at %llu ns: %s (held %zu)\n", s.name, t, what, s.q.size());
}
}  // namespace

int main(int argc, char **argv)
{
    unsigned long long seed = 1, cycles = 100000;
    const int st = tb_prim_args(argc, argv, "tb_prim_async_fifo",
        "prim_async_fifo with LUT-RAM and block-RAM storage under random pushes and pops at a random\n"
        "clock ratio, each checked against a reference queue (data, capacity, depth, valid/ready);\n"
        "--cycles counts write-clock edges", &seed, &cycles);
    if (st >= 0) return st;
    rng_state = seed;
    VerilatedContext ctx;
    tb_prim_xseed(ctx, "tb_prim_async_fifo", seed);
    Vtb_prim_async_fifo top{&ctx};
    const unsigned depth = 8;   // the testbench's default Depth
    const unsigned wper = 2 + rnd() % 8, rper = 2 + rnd() % 8;
    std::printf("tb_prim_async_fifo: seed %llu, %llu write edges, Depth %u, write period %u ns, read period %u ns\n",
                seed, cycles, depth, wper, rper);
    side a = {"lutram", {}, 0, 0, 0, 0}, b = {"bram", {}, 0, 0, 0, 0};
    side *sides[2] = {&a, &b};
    // reset: a falling edge of rst_ni (both sides' flops reset asynchronously), then a clock
    // edge of each side while it is held, then the release
    top.wclk_i = 0;
    top.rclk_i = 0;
    top.rst_ni = 1;
    top.wvalid_i = 0;
    top.rready_i = 0;
    top.eval();
    top.rst_ni = 0;
    top.eval();
    top.wclk_i = 1;
    top.rclk_i = 1;
    top.eval();
    top.wclk_i = 0;
    top.rclk_i = 0;
    top.eval();
    top.rst_ni = 1;
    top.eval();
    unsigned long long wedges = 0;
    int fill = 0;          // fill phase: the reader stops until both FIFOs report full
    unsigned b_wdep_prev = 0;   // the block-RAM FIFO's wdepth_o at the last write edge
    int b_push_prev = 0;        // and whether that edge's push was accepted
    unsigned long c_errors = 0;
    unsigned fill_idle = 0;
    for (unsigned long long t = 1; wedges < cycles; t++) {
        const bool wedge = (t % wper) == 0, redge = (t % rper) == 0;
        if (!wedge && !redge) continue;
        // inputs settle before the edges of this instant
        top.eval();
        const int a_full = top.a_wfull_o, b_full = top.b_wfull_o;
        if (wedge) {
            const unsigned wdep[2] = {top.a_wdepth_o, top.b_wdepth_o};
            const int full[2] = {a_full, b_full};
            for (int k = 0; k < 2; k++) {
                side &s = *sides[k];
                if (wdep[k] < s.q.size()) bad(s, t, "wdepth_o below the entries held");
                if (wdep[k] > depth) bad(s, t, "wdepth_o above Depth");
                if ((wdep[k] == depth) != (full[k] != 0)) bad(s, t, "wdepth_o == Depth disagrees with wfull_o");
            }
            const unsigned c_want = b_wdep_prev + (unsigned)b_push_prev;
            if (top.c_wfull_o != b_full || (wedges > 0 && top.c_wdepth_o != c_want)) {
                if (c_errors++ < 10)
                    std::printf("FAIL bram+wdepthreg at %llu ns: wfull_o %d (bram %d), wdepth_o %u (want %u)\n", t,
                                top.c_wfull_o, b_full, (unsigned)top.c_wdepth_o, c_want);
            }
            b_wdep_prev = wdep[1];
        }
        if (redge) {
            const int rv[2] = {top.a_rvalid_o, top.b_rvalid_o};
            const uint32_t rdat[2] = {top.a_rdata_o, top.b_rdata_o};
            const unsigned rdep[2] = {top.a_rdepth_o, top.b_rdepth_o};
            for (int k = 0; k < 2; k++) {
                side &s = *sides[k];
                if (rv[k] && s.q.empty()) bad(s, t, "rvalid_o with nothing held");
                if (rv[k] && !s.q.empty() && rdat[k] != s.q.front()) bad(s, t, "rdata_o is not the oldest entry");
                if (s.valid_held && !rv[k]) bad(s, t, "rvalid_o dropped without a pop");
                if (rdep[k] > s.q.size()) bad(s, t, "rdepth_o above the entries held");
            }
        }
        if (wedge) {
            // a new fill phase now and then: the reader stops, the writer pushes until full
            if (!fill && (rnd() % 5000) == 0) {
                fill = 1;
                fill_idle = 0;
            }
            top.wvalid_i = fill ? 1 : ((rnd() % 100) < 55);
            top.wdata_i = rnd() & 0xFFFF;
        }
        if (redge) top.rready_i = fill ? 0 : ((rnd() % 100) < 55);
        top.eval();
        // the edges: reference queues follow the handshakes seen before them
        if (redge) {
            const int pa = top.a_rvalid_o && top.rready_i, pb = top.b_rvalid_o && top.rready_i;
            a.valid_held = top.a_rvalid_o && !top.rready_i;
            b.valid_held = top.b_rvalid_o && !top.rready_i;
            if (pa) { if (!a.q.empty()) a.q.pop_front(); a.pops++; }
            if (pb) { if (!b.q.empty()) b.q.pop_front(); b.pops++; }
        }
        if (wedge) {
            wedges++;
            if (top.wvalid_i && !a_full) a.q.push_back(top.wdata_i);
            if (top.wvalid_i && !b_full) b.q.push_back(top.wdata_i);
            b_push_prev = top.wvalid_i && !b_full;
            for (side *s : sides) {
                if (s->q.size() > depth) bad(*s, t, "more than Depth entries accepted");
            }
            if (fill && a_full && b_full && ++fill_idle > 8) {
                // both full for a while with the reader stopped: each held exactly Depth
                for (side *s : sides) {
                    if (s->q.size() != depth) bad(*s, t, "full with the reader stopped, but not Depth entries held");
                    s->fills++;
                }
                fill = 0;
            }
        }
        if (wedge) top.wclk_i = 1;
        if (redge) top.rclk_i = 1;
        top.eval();
        top.wclk_i = 0;
        top.rclk_i = 0;
        top.eval();
    }
    top.final();
    bool fail = false;
    for (side *s : sides) {
        std::printf("%s: %lu pops, %lu fill phases, %lu errors\n", s->name, s->pops, s->fills, s->errors);
        fail = fail || s->errors || s->pops < cycles / 8 || s->fills == 0;
    }
    std::printf("bram+wdepthreg: %lu errors\n", c_errors);
    fail = fail || c_errors;
    std::printf("%s: seed %llu\n", fail ? "FAIL" : "PASS", seed);
    return fail ? 1 : 0;
}
