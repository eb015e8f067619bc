// tb_prim_delay: random 16-bit inputs into prim_delay at delays 2, 7, 11 and 24; from cycle
// Delay on, every output must equal the input of Delay cycles before, every cycle.
#include "Vtb_prim_delay.h"
#include "tb_prim_args.h"
#include "verilated.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char **argv)
{
    unsigned long long seed = 1, cycles = 100000;
    const int st = tb_prim_args(argc, argv, "tb_prim_delay",
        "prim_delay at delays 2, 7, 11, 24 (LUT RAM) and 7 (flip-flops) under random inputs, every output checked every cycle", &seed, &cycles);
    if (st >= 0) {
        return st;
    }
    VerilatedContext ctx;
    tb_prim_xseed(ctx, "tb_prim_delay", seed);
    Vtb_prim_delay top{&ctx};
    std::printf("tb_prim_delay: seed %llu, %llu cycles\n", seed, cycles);
    unsigned long long s = seed;
    std::vector<uint16_t> hist;
    top.clk_i = 0;
    top.rst_ni = 0;
    top.d_i = 0;
    top.eval();
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
    top.rst_ni = 1;
    top.eval();
    unsigned long errors = 0;
    const unsigned delays[7] = {2, 7, 11, 24, 7, 7, 24};   // then Flops = 1, then Bram = 1 (2)
    for (uint64_t cyc = 0; cyc < cycles; cyc++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        top.d_i = (uint16_t)(s >> 40);
        top.eval();
        const unsigned q[7] = {top.q2_o, top.q7_o, top.q11_o, top.q24_o, top.q7f_o, top.q7b_o, top.q24b_o};
        for (int k = 0; k < 7; k++) {
            if (cyc >= delays[k] && q[k] != hist[cyc - delays[k]] && errors++ < 10) {
                std::printf("FAIL cycle %llu: delay %u gives 0x%04X, the input of cycle %llu was 0x%04X\n",
                            (unsigned long long)cyc, delays[k], q[k], (unsigned long long)(cyc - delays[k]),
                            hist[cyc - delays[k]]);
            }
        }
        hist.push_back(top.d_i);
        top.clk_i = 1;
        top.eval();
        top.clk_i = 0;
        top.eval();
    }
    top.final();
    std::printf("%s: seed %llu, %lu errors\n", errors ? "FAIL" : "PASS", seed, errors);
    return errors ? 1 : 0;
}
