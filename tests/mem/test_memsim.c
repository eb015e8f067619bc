/* Unit test of the functional memory model's bursts (sim/core/memsim.c, docs/interfaces.md):
 * a read with len = n-1 returns n words of the aligned 32-byte block, wrapping, in order, one
 * every cycles_per_req cycles; the request holds the port for that long; writes are single.
 * Built with AddressSanitizer and UBSan. */
#include "memsim.h"
#include "check.h"
#include <stdio.h>
#include <string.h>

static int g_fail, g_checks;

/* one clock edge with request r; returns the response of this edge in *rsp (-1 if none) */
static int edge(memsim_t *m, const memsim_req_t *r, int *accepted, long long *rsp)
{
    memsim_drive_t d;
    memsim_drive(m, &d);
    *accepted = r && r->req_valid && d.req_ready;
    *rsp = d.rsp_valid ? (long long)d.rsp_rdata : -1;
    memsim_req_t idle = {0};
    memsim_edge(m, r ? r : &idle, &d);
    return d.req_ready;
}

static void run_burst(const char *preset, unsigned len, unsigned start_word)
{
    memsim_cfg_t cfg;
    CHECK(memsim_preset(preset, &cfg) == 0, "preset %s", preset);
    memsim_t *m = memsim_new(&cfg);
    uint8_t *mem = memsim_mem(m);
    for (unsigned w = 0; w < 16; w++) {
        uint32_t v = 0xA0000000u + w;
        memcpy(mem + 0x1000 + 4 * w, &v, 4);
    }
    memsim_req_t rd = {.req_valid = 1, .req_we = 0, .req_addr = 0x1000 + 4 * start_word, .req_len = len};
    int acc = 0;
    long long rsp;
    unsigned cyc = 0;
    while (!acc && cyc < 100) {
        edge(m, &rd, &acc, &rsp);
        cyc++;
    }
    CHECK(acc, "%s: read accepted", preset);
    unsigned got = 0, first = 0, last = 0, busy = 0;
    for (unsigned t = 0; t < 200 && got <= len; t++) {
        memsim_drive_t d;
        memsim_drive(m, &d);
        if (!d.req_ready) {
            busy++;
        }
        int a;
        edge(m, NULL, &a, &rsp);
        if (rsp >= 0) {
            unsigned want = 0xA0000000u + ((start_word & ~7u) | ((start_word + got) & 7u));
            CHECK((uint32_t)rsp == want, "%s len %u: beat %u = 0x%08llX, expected 0x%08X", preset, len, got, rsp, want);
            if (!got) {
                first = t;
            }
            last = t;
            got++;
        }
    }
    CHECK(got == len + 1, "%s len %u: %u beats, expected %u", preset, len, got, len + 1);
    CHECK(last - first == len * cfg.cycles_per_req, "%s len %u: beats spaced %u cycles apart in all, expected %u",
          preset, len, last - first, len * cfg.cycles_per_req);
    if (!cfg.jitter) {
        CHECK(busy == (len + 1) * cfg.cycles_per_req - 1, "%s len %u: port busy %u cycles after the burst, expected %u",
              preset, len, busy, (len + 1) * cfg.cycles_per_req - 1);
    }
    memsim_free(m);
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        printf("usage: test_memsim   (no options; unit test of sim/core/memsim.c bursts)\n");
        return strcmp(argv[1], "--help") ? 2 : 0;
    }
    for (unsigned len = 0; len < 8; len++) {
        run_burst("ideal", len, len == 3 ? 13 : 5); /* 5 + 7 wraps inside the block */
        run_burst("sdr16", len, 2);
    }
    run_burst("jitter", 7, 9);
    printf("test_memsim: %d checks, %d failed\n", g_checks, g_fail);
    return g_fail ? 1 : 0;
}
