// tgpu_cov.h: writes a Verilated model's coverage counts (builds made with --coverage only).
// Every testbench shim calls tgpu_cov_write(context, tag) when it frees its model; nothing is
// written unless the environment names a directory:
//   TGPU_COV_DIR=DIR   each model writes DIR/<tag>-<pid>-<n>.dat (n counts models per process)
// scripts/coverage.sh sets it and merges the files with verilator_coverage (docs/coverage.md).
#ifndef TGPU_COV_H
#define TGPU_COV_H

#include "verilated.h"
#include "verilated_cov.h"
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

static inline void tgpu_cov_write(VerilatedContext *ctx, const char *tag)
{
    static unsigned n = 0;
    const char *dir = std::getenv("TGPU_COV_DIR");
    if (!dir || !*dir) {
        return;
    }
    std::string path = std::string(dir) + "/" + tag + "-" + std::to_string((long)getpid()) + "-" +
                       std::to_string(n++) + ".dat";
    ctx->coveragep()->write(path.c_str());
}

#endif
