// tb_prim_clock_gate: random wake and bypass levels (changed after each rising edge, as a unit's
// flip-flops would change them) into prim_clock_gate with Linger 1 and 8 and without a gate.
// Reference, per edge k: the gate passes edge k when wake was high in the cycle before it, or
// within Linger cycles before that, or bypass was high in the cycle before it; idle_o is 1 for
// the edges it would hold back without bypass. Each gated clock's own edge counter must match the
// reference count at every cycle (a glitch would count too), the ungated one must count every
// edge, and in reset every clock must run.
#include "Vtb_prim_clock_gate.h"
#include "tb_prim_args.h"
#include "verilated.h"
#include <cstdio>

namespace {
struct Ref {
    unsigned linger, left = 0, edges = 0;
    bool idle = false;
    // the levels of the cycle before the coming edge: does the edge pass?
    void step(bool wake, bool bypass)
    {
        const bool act = wake || left != 0;
        idle = !act;
        if (act || bypass) {
            edges++;
        }
        left = wake ? linger : left ? left - 1 : 0;
    }
};
} // namespace

int main(int argc, char **argv)
{
    unsigned long long seed = 1, cycles = 200000;
    const int st = tb_prim_args(argc, argv, "tb_prim_clock_gate",
        "prim_clock_gate (Linger 1 and 8, and Enable = 0) under random wake and bypass levels, edge counts and idle_o "
        "checked every cycle", &seed, &cycles);
    if (st >= 0) {
        return st;
    }
    VerilatedContext ctx;
    tb_prim_xseed(ctx, "tb_prim_clock_gate", seed);
    Vtb_prim_clock_gate top{&ctx};
    std::printf("tb_prim_clock_gate: seed %llu, %llu cycles\n", seed, cycles);
    unsigned long long s = seed;
    unsigned long errors = 0;
    auto fail = [&](unsigned long long cyc, const char *what, unsigned got, unsigned want) {
        if (errors++ < 10) {
            std::printf("FAIL cycle %llu: %s is %u, the reference says %u\n", cyc, what, got, want);
        }
    };
    // reset with the clock running: every clock passes every edge
    top.clk_i = 0;
    top.rst_ni = 0;
    top.wake_i = 0;
    top.bypass_i = 0;
    top.eval();
    for (int i = 0; i < 3; i++) {
        top.clk_i = 1;
        top.eval();
        top.clk_i = 0;
        top.eval();
    }
    top.rst_ni = 1;
    top.eval();
    // the first edge after reset passes (the gate leaves reset open); from here on the clock is
    // high at the start of each cycle below
    top.clk_i = 1;
    top.eval();
    Ref r1{1}, r8{8};
    r1.edges = r8.edges = 1;
    unsigned edges = 1;
    int mode = 0; // phases: long idle stretches, bursts, bypass runs
    for (uint64_t cyc = 0; cyc < cycles; cyc++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        if ((cyc & 1023) == 0) {
            mode = (int)((s >> 20) % 3);
        }
        const unsigned rnd = (unsigned)(s >> 33);
        const bool wake = mode == 0 ? (rnd % 29) == 0 : (rnd % 3) == 0;
        const bool bypass = mode == 2 && ((rnd >> 8) % 4) != 0;
        top.wake_i = wake;
        top.bypass_i = bypass;
        top.eval();
        top.clk_i = 0; // falling edge: the gate samples the levels of this cycle
        top.eval();
        r1.step(wake, bypass);
        r8.step(wake, bypass);
        edges++;
        if (top.idle1_o != r1.idle) {
            fail(cyc, "idle_o (Linger 1)", top.idle1_o, r1.idle);
        }
        if (top.idle8_o != r8.idle) {
            fail(cyc, "idle_o (Linger 8)", top.idle8_o, r8.idle);
        }
        if (top.idle0_o) {
            fail(cyc, "idle_o (no gate)", top.idle0_o, 0);
        }
        top.clk_i = 1;
        top.eval();
        // the inputs change after the edge, as flip-flop outputs do; the gated clocks must not
        // see that as an edge
        top.wake_i = !wake;
        top.eval();
        top.wake_i = wake;
        top.eval();
        if (top.n1_o != (r1.edges & 0xFF)) {
            fail(cyc, "edges of the Linger 1 clock (mod 256)", top.n1_o, r1.edges & 0xFF);
        }
        if (top.n8_o != (r8.edges & 0xFF)) {
            fail(cyc, "edges of the Linger 8 clock (mod 256)", top.n8_o, r8.edges & 0xFF);
        }
        if (top.n0_o != (edges & 0xFF)) {
            fail(cyc, "edges of the ungated clock (mod 256)", top.n0_o, edges & 0xFF);
        }
    }
    top.final();
    std::printf("%s: seed %llu, %llu cycles, %u of %u edges passed (Linger 1), %u (Linger 8), %lu errors\n",
                errors ? "FAIL" : "PASS", seed, cycles, r1.edges, edges, r8.edges, errors);
    // a test that cannot tell gated from ungated proves nothing: some edges must have been held back
    if (!errors && (r1.edges == edges || r8.edges == edges || r1.edges == r8.edges)) {
        std::printf("FAIL: the random levels never held an edge back (seed %llu)\n", seed);
        return 1;
    }
    return errors ? 1 : 0;
}
