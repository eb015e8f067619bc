// tb_prim_args.h: the command line of the primitives' testbenches (tb_prim_fifo, tb_prim_delay,
// tb_prim_async_fifo, tb_prim_clock_gate): --seed N and --cycles N (positive, decimal or 0x hex),
// --help; and the Verilator context's X randomisation from the same seed.
#ifndef TB_PRIM_ARGS_H
#define TB_PRIM_ARGS_H
#include "verilated.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

// Returns -1 to run, else the exit status: 0 after --help (usage printed), 2 on a bad option.
static inline int tb_prim_args(int argc, char **argv, const char *tool, const char *what, unsigned long long *seed,
                               unsigned long long *cycles)
{
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
            std::printf("usage: %s [--seed N] [--cycles N]\n%s\nexit 0 pass, 1 fail, 2 bad option\n", tool, what);
            return 0;
        }
        if (i + 1 < argc && (!std::strcmp(argv[i], "--seed") || !std::strcmp(argv[i], "--cycles"))) {
            char *end = nullptr;
            unsigned long long v = std::strtoull(argv[i + 1], &end, 0);
            if (!*argv[i + 1] || *end || v == 0 || argv[i + 1][0] == '-') {
                std::fprintf(stderr, "%s: %s '%s' is not a positive number\n", tool, argv[i], argv[i + 1]);
                return 2;
            }
            *(!std::strcmp(argv[i], "--seed") ? seed : cycles) = v;
            i++;
            continue;
        }
        std::fprintf(stderr, "%s: unknown option %s (see --help)\n", tool, argv[i]);
        return 2;
    }
    return -1;
}

// X randomisation of ctx seeded by --seed (+verilator+seed+N), every variable randomised at reset
static inline void tb_prim_xseed(VerilatedContext &ctx, const char *tool, unsigned long long seed)
{
    const std::string vs = "+verilator+seed+" + std::to_string(seed);
    const char *vargv[] = {tool, vs.c_str(), "+verilator+rand+reset+2"};
    ctx.commandArgs(3, vargv);
}
#endif
