/* test_simt_kernels - the kernels in sw/simt/kernels run on the reference simulator and are
 * compared with results computed directly in C here (not by any simulator), for several
 * thread counts and block sizes (partial last blocks included). The RTL tests then compare
 * the RTL with the reference simulator, so the RTL is checked against this C as well. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_asm.h"
#include "simt_sim.h"

static unsigned long checks;
static const char *dir = "sw/simt/kernels";

static void fail(const char *k, unsigned n, unsigned dim, unsigned a, unsigned exp,
                 unsigned act)
{
    fprintf(stderr, "FAIL %s (%u threads, block dim %u): mem[%u] expected %u actual %u\n", k, n,
            dim, a, exp, act);
    exit(1);
}

static void load(const char *name, simt_image_t *img)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.asm", dir, name);
    if (simt_assemble_file(path, img)) {
        fprintf(stderr, "%s: %s\n", path, img->err);
        exit(1);
    }
}

static const uint8_t *run(const simt_image_t *img, unsigned n, unsigned dim)
{
    static simt_sim_t s;
    s.trace = NULL;
    simt_sim_init(&s, img->prog, img->data, n, dim, 0, 0);
    if (simt_sim_run(&s, 100000)) {
        fprintf(stderr, "FAIL: a thread did not terminate\n");
        exit(1);
    }
    return s.mem;
}

/* compare the whole memory: expected = initial data with the given bytes changed */
static void expect_mem(const char *k, unsigned n, unsigned dim, const uint8_t *exp,
                       const uint8_t *act)
{
    for (unsigned a = 0; a < SIMT_DATA_BYTES; a++) {
        checks++;
        if (exp[a] != act[a]) {
            fail(k, n, dim, a, exp[a], act[a]);
        }
    }
}

static void t_matadd(void)
{
    static simt_image_t img;
    load("matadd", &img);
    for (unsigned dim = 1; dim <= 8; dim++) {
        uint8_t exp[256];
        memcpy(exp, img.data, 256);
        for (unsigned i = 0; i < 8; i++) {
            exp[16 + i] = (uint8_t)(img.data[i] + img.data[8 + i]);
        }
        expect_mem("matadd", 8, dim, exp, run(&img, 8, dim));
    }
}

static void t_matmul(const char *name, unsigned N, unsigned nthreads)
{
    static simt_image_t img;
    load(name, &img);
    for (unsigned dim = 1; dim <= 6; dim++) {
        uint8_t exp[256];
        memcpy(exp, img.data, 256);
        for (unsigned r = 0; r < N; r++) {
            for (unsigned c = 0; c < N; c++) {
                unsigned acc = 0;
                for (unsigned k = 0; k < N; k++) {
                    acc += (unsigned)img.data[r * N + k] * img.data[N * N + k * N + c];
                }
                exp[2 * N * N + r * N + c] = (uint8_t)acc;
            }
        }
        expect_mem(name, nthreads, dim, exp, run(&img, nthreads, dim));
    }
}

static void t_reduce(void)
{
    static simt_image_t img;
    load("reduce", &img);
    for (unsigned n = 0; n <= 13; n++) {
        for (unsigned dim = 1; dim <= 5; dim++) {
            uint8_t exp[256];
            memcpy(exp, img.data, 256);
            for (unsigned i = 0; i < n; i++) {
                unsigned sum = 0;
                int mx = (int8_t)img.data[4 * i];
                for (unsigned k = 0; k < 4; k++) {
                    int v = (int8_t)img.data[4 * i + k];
                    sum += img.data[4 * i + k];
                    if (v > mx) {
                        mx = v;
                    }
                }
                exp[64 + i] = (uint8_t)sum;
                exp[96 + i] = (uint8_t)mx;
            }
            expect_mem("reduce", n, dim, exp, run(&img, n, dim));
        }
    }
}

static void t_clamp(void)
{
    static simt_image_t img;
    load("clamp", &img);
    for (unsigned n = 0; n <= 13; n++) {
        for (unsigned dim = 1; dim <= 5; dim++) {
            uint8_t exp[256];
            memcpy(exp, img.data, 256);
            for (unsigned i = 0; i < n; i++) {
                int x = (int8_t)img.data[i];
                if (x == 0) {
                    continue; /* early RET, no store */
                }
                int y = x < -20 ? -20 : (x > 100 ? 100 : x);
                exp[32 + i] = (uint8_t)y;
            }
            expect_mem("clamp", n, dim, exp, run(&img, n, dim));
        }
    }
}

static void t_tid(void)
{
    static simt_image_t img;
    load("tid", &img);
    for (unsigned n = 0; n <= 255; n += (n < 20 ? 1 : 47)) {
        for (unsigned dim = 1; dim <= 5; dim++) {
            uint8_t exp[256];
            memcpy(exp, img.data, 256);
            for (unsigned i = 0; i < n; i++) {
                unsigned b = i / dim, t = i % dim;
                exp[i] = (uint8_t)(3 * i + b + (t & 1));
            }
            expect_mem("tid", n, dim, exp, run(&img, n, dim));
        }
    }
}

static void t_div0(void)
{
    static simt_image_t img;
    load("div0", &img);
    uint8_t exp[256];
    memcpy(exp, img.data, 256);
    for (unsigned i = 0; i < 8; i++) {
        unsigned x = img.data[i], y = img.data[8 + i];
        exp[16 + i] = (uint8_t)(y ? x / y : 0xFFu);
        exp[24 + i] = 0xFF;
    }
    expect_mem("div0", 8, 4, exp, run(&img, 8, 4));
}

static void t_wrap(void)
{
    static simt_image_t img;
    load("wrap", &img);
    if (img.nprog != 256) {
        fprintf(stderr, "FAIL wrap: %u words, expected 256\n", img.nprog);
        exit(1);
    }
    for (unsigned dim = 1; dim <= 4; dim++) {
        uint8_t exp[256];
        memcpy(exp, img.data, 256);
        for (unsigned i = 0; i < 6; i++) {
            exp[32 + i] = (uint8_t)(2 + i % dim);
        }
        expect_mem("wrap", 6, dim, exp, run(&img, 6, dim));
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: test_simt_kernels [KERNEL_DIR]   (default sw/simt/kernels)\n");
        return 0;
    }
    if (argc > 1) {
        dir = argv[1];
    }
    t_matadd();
    t_matmul("matmul2", 2, 4);
    t_matmul("matmul4", 4, 16);
    t_reduce();
    t_clamp();
    t_tid();
    t_div0();
    t_wrap();
    printf("test_simt_kernels: %lu checks passed\n", checks);
    return 0;
}
