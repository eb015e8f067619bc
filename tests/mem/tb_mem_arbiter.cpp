// tb_mem_arbiter main: clocks tests/mem/tb_mem_arbiter.sv (random bursts through mem_arbiter,
// self-checking), stops the stimulus after --cycles, drains, and reports.
// Exit status: 0 pass, 1 a check failed or the drain hung, 2 usage error.
#include "Vtb_mem_arbiter.h"
#include "verilated.h"
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static void usage(FILE *f)
{
    std::fprintf(f,
                 "usage: tb_mem_arbiter [--seed N] [--cycles N] [+verilator+seed+N]\n"
                 "  --seed N     random stimulus seed, 1..2147483647 (default 1); also the X seed unless\n"
                 "               +verilator+seed+N is given\n"
                 "  --cycles N   cycles of random requests before the drain, 1..100000000 (default 200000)\n"
                 "Four clients in three priority classes send random reads, read bursts and write bursts\n"
                 "through rtl/mem/mem_arbiter.sv to a memory with random back-pressure and latency;\n"
                 "the testbench checks routing, data, burst atomicity, priority and the link contracts.\n"
                 "exit status: 0 pass, 1 failure or hang, 2 usage error\n");
}

static int parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+') {
        return -1;
    }
    errno = 0;
    char *end = nullptr;
    unsigned long long v = std::strtoull(s, &end, 10);
    if (errno || *end || v < lo || v > hi) {
        return -1;
    }
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t seed = 1, cycles = 200000;
    const char *xseed = nullptr;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!std::strcmp(a, "--seed") || !std::strcmp(a, "--cycles")) {
            uint64_t hi = !std::strcmp(a, "--seed") ? 2147483647u : 100000000u;
            uint64_t v;
            if (i + 1 >= argc || parse_u64(argv[i + 1], 1, hi, &v) != 0) {
                std::fprintf(stderr, "tb_mem_arbiter: %s needs a number in 1..%" PRIu64 "\n", a, hi);
                return 2;
            }
            (!std::strcmp(a, "--seed") ? seed : cycles) = v;
            i++;
        } else if (!std::strncmp(a, "+verilator+seed+", 16)) {
            uint64_t v;
            if (parse_u64(a + 16, 1, 2147483647u, &v) != 0) {
                std::fprintf(stderr, "tb_mem_arbiter: %s: the seed must be 1..2147483647\n", a);
                return 2;
            }
            xseed = a;
        } else {
            std::fprintf(stderr, "tb_mem_arbiter: unknown argument '%s' (--help lists the options)\n", a);
            return 2;
        }
    }
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    char seedarg[48];
    std::snprintf(seedarg, sizeof(seedarg), "+verilator+seed+%" PRIu64, seed);
    const char *vargs[] = {argv[0], xseed ? xseed : seedarg};
    VerilatedContext ctx;
    ctx.commandArgs(2, vargs);
    ctx.fatalOnError(false);
    Vtb_mem_arbiter top(&ctx);
    std::printf("tb_mem_arbiter: seed %" PRIu64 " (%s), %" PRIu64 " cycles of requests (re-run: --seed %" PRIu64
                " --cycles %" PRIu64 ")\n",
                seed, xseed ? xseed : seedarg, cycles, seed, cycles);

    top.clk_i = 0;
    top.rst_ni = 0;
    top.stop_i = 0;
    top.eval();
    for (int i = 0; i < 4; i++) {
        top.clk_i = !top.clk_i;
        top.eval();
    }
    top.rst_ni = 1;
    top.eval();
    uint64_t cyc = 0, drained_at = 0;
    const uint64_t drain_limit = 5000;
    bool idle = false;
    while (!ctx.gotFinish()) {
        if (cyc == cycles) {
            top.stop_i = 1;
        }
        top.clk_i = 1;
        top.eval();
        top.clk_i = 0;
        top.eval();
        cyc++;
        if (cyc > cycles && top.idle_o) {
            idle = true;
            drained_at = cyc;
            break;
        }
        if (cyc > cycles + drain_limit) {
            break;
        }
        if (top.errors_o > 20) {
            break;
        }
    }
    top.final();
    unsigned errors = top.errors_o + ctx.errorCount();
    std::printf("tb_mem_arbiter: %u requests at the memory, %u read bursts, %u write bursts, %u read beats to clients, "
                "%u locked read-modify-writes\n",
                top.reqs_o, top.rd_bursts_o, top.wr_bursts_o, top.beats_o, top.atomics_o);
    if (!idle) {
        std::printf("HANG: not drained %" PRIu64 " cycles after the requests stopped\n", drain_limit);
        errors++;
    } else {
        std::printf("drained %" PRIu64 " cycles after the requests stopped\n", drained_at - cycles);
    }
    if (top.rd_bursts_o == 0 || top.wr_bursts_o == 0 || top.atomics_o == 0) {
        std::printf("FAIL: the run made no read burst, no write burst or no locked read-modify-write (stimulus broken)\n");
        errors++;
    }
    std::printf("%s: tb_mem_arbiter seed %" PRIu64 " (%u errors)\n", errors ? "FAIL" : "PASS", seed, errors);
    return errors ? 1 : 0;
}
