/* SPI protocol tests of gpu_top through the bit-level bus-functional model.
 * Expected values come from INT-010 and docs/spec-decisions.md, never from the RTL itself:
 *   test_status_id            ID, STATUS at reset, reserved and read-only addresses
 *   test_abort_write/_read    frames aborted at every bit leave no trace
 *   test_extra_clocks         5 and 80 clocks after bit 72 of a write and of a read: one command
 *                             exactly (the 80 extra bits hold a whole second write frame)
 *   test_back_to_back         200 writes with the shortest CS gap, 100 and 50 MHz core
 *   test_overflow             writes past CMD_FULL: exactly the first CMD_CP_SLOTS +
 *                             CMD_REG_SLOTS + CMD_FIFO_DEPTH = 36 land (derivation at the test),
 *                             the rest leave no trace; STATUS.FIFO_DEPTH 36 after the burst; the sticky
 *                             flags survive 71 aborted STATUS reads and a complete ID read, are
 *                             reported by the next complete STATUS read and cleared by it
 *   test_read_while_rendering STATUS/ID/register reads while a full-screen clear renders, the
 *                             result compared word for word with the C model (sw/model)
 * Each of the stronger checks was seen to fail on a deliberately broken RTL (git log of this
 * file's commit, and the issue-9 report). */
#include "gpu_regs.h"
#include "spi_bfm.h"
#include "vgpu.h"
#include "check.h"
#include "gpu_model.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int g_fail, g_checks;

typedef struct {
    vgpu_t *v;
    spi_bfm_t b;
    uint8_t *img;
} dut_t;

static void dut_open(dut_t *d, double core_mhz, double sck_mhz, uint32_t seed)
{
    uint64_t core_ps = (uint64_t)(1e6 / core_mhz + 0.5);
    vgpu_cfg_t vc = {core_ps, seed, NULL, 0, 0, NULL, 0, 0}; /* no pixel clock */
    d->v = vgpu_new(&vc);
    d->img = malloc(32u << 20);
    if (!d->v || !d->img) {
        fprintf(stderr, "test_spi: cannot create the simulation\n");
        exit(2);
    }
    vgpu_run_ps(d->v, core_ps / 4 + 1);
    vgpu_reset(d->v, 8);
    spi_bfm_init(&d->b, d->v, (uint64_t)(1e6 / sck_mhz + 0.5), core_ps);
}

static void dut_close(dut_t *d)
{
    vgpu_free(d->v);
    free(d->img);
}

static void wait_idle(dut_t *d)
{
    for (int i = 0; i < 1000000 && !(vgpu_cmd_empty(d->v) && !vgpu_busy(d->v)); i++) {
        vgpu_run_cycles(d->v, 8);
    }
    vgpu_run_cycles(d->v, 16);
}

static void frame_bytes(uint8_t out[9], int rd, uint8_t addr, uint64_t data)
{
    out[0] = (uint8_t)((rd ? 0x80 : 0) | (addr & 0x7F));
    for (int i = 0; i < 8; i++) {
        out[1 + i] = (uint8_t)(data >> (56 - 8 * i));
    }
}

/* a 72-bit frame into buf at bit offset `at` (MSB first), as spi_bfm_frame_bits clocks it */
static void put_frame(uint8_t *buf, unsigned at, int rd, uint8_t addr, uint64_t data)
{
    uint8_t f[9];
    frame_bytes(f, rd, addr, data);
    for (unsigned i = 0; i < 72; i++) {
        unsigned j = at + i;
        unsigned bit = (f[i / 8] >> (7 - i % 8)) & 1u;
        buf[j / 8] = (uint8_t)((buf[j / 8] & ~(0x80u >> (j % 8))) | (bit << (7 - j % 8)));
    }
}

static uint32_t mem_word(dut_t *d, uint32_t addr)
{
    uint32_t w;
    vgpu_mem_image(d->v, d->img);
    memcpy(&w, d->img + addr, 4);
    return w;
}

static void mem_fill(dut_t *d, uint32_t addr, unsigned nwords, uint32_t tag)
{
    for (unsigned i = 0; i < nwords; i++) {
        uint32_t w = tag | i;
        vgpu_mem_load(d->v, addr + 4 * i, &w, 4);
    }
}

/* A write aborted after n < 72 bits leaves the register unchanged, at every n. */
static void test_abort_write(void)
{
    dut_t d;
    dut_open(&d, 100, 25, 11);
    spi_bfm_write(&d.b, REG_FB_DRAW, 0x12345000);
    for (unsigned n = 0; n < 72; n++) {
        uint8_t out[9], in[9];
        frame_bytes(out, 0, REG_FB_DRAW, 0xFFFFF000u);
        spi_bfm_frame(&d.b, out, n, in);
    }
    wait_idle(&d);
    uint64_t v = spi_bfm_read(&d.b, REG_FB_DRAW);
    CHECK(v == 0x12345000, "FB_DRAW after 72 aborted writes: 0x%" PRIx64, v);
    /* and a complete write right after an abort works */
    uint8_t out[9], in[9];
    frame_bytes(out, 0, REG_FB_DRAW, 0xABCDE000u);
    spi_bfm_frame(&d.b, out, 71, in);
    spi_bfm_write(&d.b, REG_FB_DRAW, 0x00042000);
    wait_idle(&d);
    v = spi_bfm_read(&d.b, REG_FB_DRAW);
    CHECK(v == 0x00042000, "write after an aborted frame: 0x%" PRIx64, v);
    dut_close(&d);
}

/* A read of MEM_DATA aborted at any bit does not advance MEM_ADDR; a complete one does. */
static void test_abort_read(void)
{
    dut_t d;
    dut_open(&d, 100, 25, 12);
    spi_bfm_write(&d.b, REG_MEM_ADDR, 0x1000);
    wait_idle(&d);
    for (unsigned n = 1; n < 72; n++) {
        uint8_t out[9], in[9];
        frame_bytes(out, 1, REG_MEM_DATA, 0);
        spi_bfm_frame(&d.b, out, n, in);
    }
    wait_idle(&d);
    uint64_t a = spi_bfm_read(&d.b, REG_MEM_ADDR);
    CHECK(a == 0x1000, "MEM_ADDR after aborted MEM_DATA reads: 0x%" PRIx64, a);
    (void)spi_bfm_read(&d.b, REG_MEM_DATA);
    wait_idle(&d);
    a = spi_bfm_read(&d.b, REG_MEM_ADDR);
    CHECK(a == 0x1004, "MEM_ADDR after one complete MEM_DATA read: 0x%" PRIx64, a);
    dut_close(&d);
}

/* Clocks after the 72nd bit are ignored until CS rises (docs/spec-decisions.md, host link).
 * Frames of 72 + `extra` bits, extra = 5 and 80, after a MEM_DATA write and after a MEM_DATA
 * read. The extra bits are the start of (5) or a whole (80 = 72 + 8) MEM_DATA write frame with
 * a marker value, so a slave that re-armed after bit 72 would queue a second command: MEM_ADDR
 * would advance twice and the marker would land in memory. Each frame must take effect exactly
 * once: MEM_ADDR advances by exactly 4, the written word is the first frame's data (the read
 * returns the preloaded word), and the word after it keeps its preloaded value. */
static void test_extra_clocks(void)
{
    dut_t d;
    dut_open(&d, 100, 25, 15);
    static const unsigned extras[2] = {5, 80};
    for (int k = 0; k < 2; k++) {
        const unsigned extra = extras[k];
        for (int rd = 0; rd < 2; rd++) {
            const uint32_t base = 0x300000u + 0x1000u * (uint32_t)(2 * k + rd);
            const uint32_t tag = 0x5E000000u | (uint32_t)(2 * k + rd) << 16;
            mem_fill(&d, base, 4, tag); /* word i = tag | i */
            spi_bfm_write(&d.b, REG_MEM_ADDR, base);
            wait_idle(&d);
            const uint32_t val = 0x600D0000u | (extra << 4) | (uint32_t)rd;
            uint8_t out[19] = {0}, in[19];
            put_frame(out, 0, rd, REG_MEM_DATA, rd ? 0 : val);
            put_frame(out, 72, 0, REG_MEM_DATA, 0xBAD00000u | extra);
            out[18] = 0xFF; /* bits 144..151: the 8 clocks after the second frame */
            spi_bfm_frame_bits(&d.b, out, 72 + extra, in);
            wait_idle(&d);
            uint64_t a = spi_bfm_read(&d.b, REG_MEM_ADDR);
            CHECK(a == base + 4, "%s + %u extra clocks: MEM_ADDR advanced once: 0x%" PRIx64 " (expected 0x%x)",
                  rd ? "read" : "write", extra, a, base + 4);
            uint32_t w0 = mem_word(&d, base), w1 = mem_word(&d, base + 4);
            if (rd) {
                uint64_t got = 0;
                for (int i = 0; i < 8; i++) {
                    got = (got << 8) | in[1 + i];
                }
                CHECK(got == tag, "read + %u extra clocks returns the preloaded word: 0x%" PRIx64 " (expected 0x%x)",
                      extra, got, tag);
                CHECK(w0 == tag, "read + %u extra clocks leaves the word it read: 0x%08x", extra, w0);
            } else {
                CHECK(w0 == val, "write + %u extra clocks stores its data once: 0x%08x (expected 0x%08x)", extra, w0,
                      val);
            }
            CHECK(w1 == (tag | 1u), "%s + %u extra clocks: no second command (next word 0x%08x, expected 0x%08x)",
                  rd ? "read" : "write", extra, w1, tag | 1u);
        }
    }
    /* the slave is in step again: an ordinary write and read */
    spi_bfm_write(&d.b, REG_ALPHA_BLEND, 2);
    wait_idle(&d);
    CHECK(spi_bfm_read(&d.b, REG_ALPHA_BLEND) == 2, "ALPHA_BLEND write after the long frames");
    CHECK(spi_bfm_read(&d.b, REG_ID) == 0x0000020000006702ull, "ID after the long frames");
    dut_close(&d);
}

/* Back-to-back writes at full SCK rate with the shortest CS gap; every one lands in order. */
static void test_back_to_back(double core_mhz, uint32_t seed)
{
    dut_t d;
    dut_open(&d, core_mhz, 25, seed);
    d.b.cs_gap_ps = d.b.sck_period_ps / 2;
    spi_bfm_write(&d.b, REG_MEM_ADDR, 0x40000);
    uint32_t vals[200];
    uint64_t x = seed;
    for (int i = 0; i < 200; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        vals[i] = (uint32_t)(x >> 32);
        spi_bfm_write(&d.b, REG_MEM_DATA, vals[i]);
    }
    for (int i = 0; i < 4; i++) {
        spi_bfm_write(&d.b, (uint8_t)(REG_TEX0_BASE + 8 * i), 0x1000u * (uint32_t)(i + 1));
    }
    wait_idle(&d);
    vgpu_mem_image(d.v, d.img);
    const uint8_t *m = d.img;
    int bad = 0;
    for (int i = 0; i < 200; i++) {
        uint32_t w;
        memcpy(&w, m + 0x40000 + 4 * i, 4);
        bad += (w != vals[i]);
    }
    CHECK(bad == 0, "back-to-back MEM_DATA at core %.0f MHz: %d of 200 words wrong", core_mhz, bad);
    for (int i = 0; i < 4; i++) {
        uint64_t r = spi_bfm_read(&d.b, (uint8_t)(REG_TEX0_BASE + 8 * i));
        CHECK(r == 0x1000u * (uint64_t)(i + 1), "TEX%d_BASE readback 0x%" PRIx64, i, r);
    }
    CHECK(d.b.full_waits == 0 || core_mhz < 100, "no CMD_FULL waits expected at 100 MHz core (%" PRIu64 ")",
          d.b.full_waits);
    dut_close(&d);
}

/* Design parameters the overflow test derives its expectation from. */
enum {
    CMD_FIFO_DEPTH = 32, /* rtl/gpu_pkg.sv CMD_FIFO_DEPTH, docs/spec-decisions.md "Command FIFO" */
    CMD_REG_SLOTS = 2,   /* u_cmd_reg in rtl/gpu_top.sv: prim_spill_reg, output slot + spill slot */
    CMD_CP_SLOTS = 2     /* u_rf_reg in rtl/cp/cp_top.sv: the command processor's output register */
};

#define STATUS_BIT(name) (1ull << STATUS_##name##_SHIFT)

/* Complete STATUS reads after aborted ones: aborts at every bit 1..71 (at 8 and later the core
 * has already answered, so it has seen which flags the read reported) leave the sticky flags
 * set, and so does a complete read of another register; the first complete STATUS read
 * reports them (exactly `flags`, the GPU being idle), the next one reads 0 (docs/spec-decisions.md:
 * "sticky, cleared by a completed STATUS read that reported them"; an aborted read changes
 * nothing). */
static void check_sticky_survive_abort(dut_t *d, uint64_t flags)
{
    for (unsigned n = 1; n < 72; n++) {
        uint8_t out[9], in[9];
        frame_bytes(out, 1, REG_STATUS, 0);
        spi_bfm_frame(&d->b, out, n, in);
    }
    wait_idle(d);
    CHECK(spi_bfm_read(&d->b, REG_ID) == 0x0000020000006702ull, "ID read between the STATUS reads");
    uint64_t st = spi_bfm_read(&d->b, REG_STATUS);
    CHECK(st == flags, "STATUS after 71 aborted STATUS reads keeps the sticky flags: 0x%" PRIx64 " (expected 0x%" PRIx64
          ")", st, flags);
    uint64_t st2 = spi_bfm_read(&d->b, REG_STATUS);
    CHECK(st2 == 0, "sticky flags cleared by the completed STATUS read that reported them (0x%" PRIx64 ")", st2);
}

/* Past CMD_FULL: the host ignores the GPIO while the GPU renders a large triangle. Dropped
 * writes set STATUS.FIFO_OVF; exactly the writes the design can hold are accepted.
 *
 * Which writes are accepted, from the design (not from a run):
 *  - the register file takes the three VERTEX writes and MEM_ADDR at once (host_reg_file: no
 *    triangle waiting, no memory operation in flight); the triangle goes to setup;
 *  - a MEM_DATA write waits at the register file's input until every earlier triangle has left
 *    the pixel pipeline (drained, and the prefetch MEM_ADDR asked for is done), so while the
 *    triangle renders the register file takes none of them;
 *  - MEM_DATA writes 0 and 1 therefore sit in the command processor's output register (it
 *    passes host writes through a spill register: CMD_CP_SLOTS = 2), writes 2 and 3 in the
 *    command register's output and spill slots (CMD_REG_SLOTS = 2), writes 4..35 fill the
 *    FIFO (CMD_FIFO_DEPTH = 32);
 *  - the SCK side judges fullness at the 72nd edge of a write, with the FIFO read pointer
 *    synchronised over two SCK edges. The four pops out of the FIFO happen a few core
 *    cycles after writes 0 to 3 are pushed, long before the next frame's 72 edges are over
 *    (checked below: 8 core periods < 70 SCK periods), so at write k (k >= 4) the SCK side sees
 *    exactly k - 4 entries: writes 0 .. SLOTS+DEPTH-1 (all slots) are accepted, the next finds the
 *    FIFO full and is dropped, and so is every later one, since nothing leaves the FIFO until
 *    the triangle is done (checked below: the burst ends before the triangle's fragment count
 *    in core cycles, the walker's best case of one fragment per clock, and BUSY is still set).
 * So exactly the first CMD_CP_SLOTS + CMD_REG_SLOTS + CMD_FIFO_DEPTH = 36 writes land, at
 * consecutive words in order, and STATUS.FIFO_DEPTH right after the burst is 36 (FIFO, command
 * register and the command processor's output register).
 * The clock ratio enters only through the two preconditions; the test runs at three ratios. */
static void test_overflow(double core_mhz, double sck_mhz, uint32_t seed)
{
    dut_t d;
    dut_open(&d, core_mhz, sck_mhz, seed);
    const uint64_t core_ps = (uint64_t)(1e6 / core_mhz + 0.5);
    const uint32_t base = 0x600000u;
    enum { N = 80 };
    const unsigned expect = CMD_CP_SLOTS + CMD_REG_SLOTS + CMD_FIFO_DEPTH;
    mem_fill(&d, base, N + 4, 0x5E5E0000u);
    /* the same triangle on the reference model: its fragment count bounds the render time */
    const uint64_t tri[3] = {0, 640 * 16, (uint64_t)(480 * 16) << 16 | 640 * 16};
    gpu_model_t *m = gpu_model_new();
    for (int i = 0; i < 3; i++) {
        gpu_model_write(m, REG_VERTEX, tri[i]);
    }
    gpu_model_stats_t ms;
    gpu_model_stats(m, &ms);
    gpu_model_free(m);
    CHECK(ms.fragments > 100000, "the overflow triangle is large (%" PRIu64 " fragments)", ms.fragments);

    for (int i = 0; i < 3; i++) {
        spi_bfm_write(&d.b, REG_VERTEX, tri[i]);
    }
    spi_bfm_write(&d.b, REG_MEM_ADDR, base);
    CHECK(8 * core_ps < 70 * d.b.sck_period_ps, "precondition: the core pops within a frame");
    d.b.ignore_full = 1;
    int saw_full = 0;
    const uint64_t t0 = vgpu_time_ps(d.v);
    for (uint32_t i = 0; i < N; i++) {
        saw_full |= vgpu_cmd_full(d.v);
        spi_bfm_write(&d.b, REG_MEM_DATA, 0xC0DE0000u | i);
    }
    const uint64_t burst_ps = vgpu_time_ps(d.v) - t0;
    d.b.ignore_full = 0;
    CHECK(burst_ps < ms.fragments * core_ps, "precondition: the burst (%" PRIu64 " ps) ends before the triangle can",
          burst_ps);
    CHECK(saw_full, "CMD_FULL asserted while the FIFO filled");
    uint64_t st0 = spi_bfm_read(&d.b, REG_STATUS);
    CHECK(st0 == (STATUS_BIT(FIFO_OVF) | STATUS_BIT(BUSY) | expect),
          "STATUS right after the burst: FIFO_OVF, BUSY, FIFO_DEPTH %u: 0x%" PRIx64, expect, st0);
    wait_idle(&d);
    uint64_t addr = spi_bfm_read(&d.b, REG_MEM_ADDR);
    CHECK(addr == base + 4 * expect, "core %.1f MHz, SCK %.1f MHz: exactly %u of %u writes accepted: MEM_ADDR 0x%" PRIx64
          " (expected 0x%x)", core_mhz, sck_mhz, expect, N, addr, base + 4 * expect);
    vgpu_mem_image(d.v, d.img);
    int bad = 0;
    for (unsigned k = 0; k < N + 4; k++) {
        uint32_t w, want = k < expect ? (0xC0DE0000u | k) : (0x5E5E0000u | k);
        memcpy(&w, d.img + base + 4 * k, 4);
        if (w != want && bad++ < 4) {
            printf("  word %u at 0x%x: 0x%08x, expected 0x%08x\n", k, base + 4 * k, w, want);
        }
    }
    CHECK(bad == 0, "writes 0..%u land in order at consecutive words, writes %u..%u leave no trace (%d words wrong)",
          expect - 1, expect, N - 1, bad);

    /* the STATUS read after the burst reported FIFO_OVF, so it cleared it */
    uint64_t st1 = spi_bfm_read(&d.b, REG_STATUS);
    CHECK(st1 == 0, "FIFO_OVF cleared by the completed STATUS read that reported it (0x%" PRIx64 ")", st1);

    /* the sticky flags survive aborted STATUS reads: FIFO_OVF from a second burst (only its flag
     * matters here), MEM_RANGE_ERR from a MEM_DATA write at 32 MiB */
    for (int i = 0; i < 3; i++) {
        spi_bfm_write(&d.b, REG_VERTEX, tri[i]);
    }
    spi_bfm_write(&d.b, REG_MEM_ADDR, base + 0x1000);
    d.b.ignore_full = 1;
    for (uint32_t i = 0; i < expect + 4; i++) {
        spi_bfm_write(&d.b, REG_MEM_DATA, i);
    }
    d.b.ignore_full = 0;
    wait_idle(&d);
    spi_bfm_write(&d.b, REG_MEM_ADDR, 32u << 20);
    spi_bfm_write(&d.b, REG_MEM_DATA, 1);
    wait_idle(&d);
    check_sticky_survive_abort(&d, STATUS_BIT(FIFO_OVF) | STATUS_BIT(MEM_RANGE_ERR));
    dut_close(&d);
}

/* Register reads while the GPU renders (reads bypass the FIFO and are answered from the current
 * register state; the tee transport of tgpu_tb always waits for idle, so only this test covers
 * it). A full-screen Gouraud + Z-write clear is submitted, then, while it renders, FB_DRAW,
 * TEX0_BASE, ALPHA_BLEND, TRI_MODE are rewritten and a small flat triangle is submitted into the
 * new FB_DRAW. While the RTL has not yet done all the rendering writes the model does (counted
 * by the memory write monitor and the model's event funnel, independent of BUSY), STATUS reads must show BUSY, no flags, reserved
 * bits 0, a FIFO depth that never exceeds what was sent and never grows (nothing is sent while
 * polling); ID reads exact; once FIFO_DEPTH is 0 the rewritten registers read their new values
 * although the first triangle is still rendering with the state captured at its submission.
 * At the end STATUS is 0 and all 32 MiB equal the reference model's after the same writes. */
typedef struct {
    uint64_t n;
} wcount_t;

/* rendering writes (colour and Z) at the RTL's memory port */
static void count_write(void *ctx, uint64_t cycle, const vgpu_write_t *wr)
{
    (void)cycle;
    if (wr->prim) {
        ((wcount_t *)ctx)->n++;
    }
}

/* the same on the model's event funnel */
static void count_model_write(void *ctx, const gpu_event_t *ev)
{
    if (ev->kind == GPU_EV_MEM_WRITE && ev->prim) {
        ((wcount_t *)ctx)->n++;
    }
}

static void test_read_while_rendering(void)
{
    dut_t d;
    dut_open(&d, 100, 25, 16);
    wcount_t wc = {0};
    vgpu_set_write_fn(d.v, count_write, &wc);
    gpu_model_t *m = gpu_model_new();
    const uint32_t fb1 = 0x100000u, fb2 = 0x700000u, zb = 0x258000u;
    struct {
        uint8_t a;
        uint64_t v;
    } pre[] = {
        {REG_DITHER_MODE, 1},
        {REG_FB_ZBUFFER, (6ull << 32) | zb},
        {REG_TRI_MODE, (1u << TRI_MODE_Z_WRITE_SHIFT) | (1u << TRI_MODE_GOURAUD_SHIFT)},
        {REG_FB_DRAW, fb1},
        {REG_COLOR, 0xFF2040E0u}, {REG_VERTEX, (0x0100000ull << 32) | 0},
        {REG_COLOR, 0xFFE04020u}, {REG_VERTEX, (0x1F00000ull << 32) | 640 * 16},
        {REG_COLOR, 0xFF20E040u}, {REG_VERTEX, (0x0800000ull << 32) | (uint64_t)(480 * 16) << 16 | 640 * 16},
        {REG_COLOR, 0xFF2040E0u}, {REG_VERTEX, (0x0100000ull << 32) | 0},
        {REG_COLOR, 0xFF20E040u}, {REG_VERTEX, (0x0800000ull << 32) | (uint64_t)(480 * 16) << 16 | 640 * 16},
        {REG_COLOR, 0xFFFFFFFFu}, {REG_VERTEX, (0x1000000ull << 32) | (uint64_t)(480 * 16) << 16},
        /* sent while the clear renders */
        {REG_FB_DRAW, fb2},
        {REG_TEX0_BASE, 0xABC000u},
        {REG_ALPHA_BLEND, 2},
        {REG_TRI_MODE, 0},
        {REG_COLOR, 0xFF10C0F0u},
        /* blended, about 38,000 pixels: since the pixel path streams blended fragments (issue
         * 14, one per 3 cycles) it must be this large to render for a few dozen SPI frames
         * after the FIFO has drained */
        {REG_VERTEX, (uint64_t)(10 * 16) << 16 | 10 * 16},
        {REG_VERTEX, (uint64_t)(10 * 16) << 16 | 330 * 16},
        {REG_VERTEX, (uint64_t)(250 * 16) << 16 | 30 * 16},
    };
    const unsigned npre = sizeof(pre) / sizeof(pre[0]);
    wcount_t mw = {0};
    gpu_model_set_event_fn(m, count_model_write, &mw);
    for (unsigned i = 0; i < npre; i++) {
        gpu_model_write(m, pre[i].a, pre[i].v);
    }
    const uint64_t total = mw.n; /* colour + Z writes of the three triangles */
    for (unsigned i = 0; i < npre; i++) {
        spi_bfm_write(&d.b, pre[i].a, pre[i].v);
    }
    const uint64_t reserved = ~(STATUS_BIT(SIMT_BUSY) | STATUS_BIT(MEM_RANGE_ERR) | STATUS_BIT(FIFO_OVF) |
                                STATUS_BIT(VBLANK) | STATUS_BIT(BUSY) | 0x3Full);
    unsigned during = 0, values_during = 0, prev_depth = 64;
    int st_ok = 1, depth_ok = 1, id_ok = 1, val_ok = 1;
    for (int it = 0; it < 2000 && wc.n < total; it++) {
        uint64_t st = spi_bfm_read(&d.b, REG_STATUS);
        unsigned depth = (unsigned)(st & 0x3F);
        if (wc.n >= total) {
            break; /* rendering may have ended before this read was answered */
        }
        during++;
        if (!(st & STATUS_BIT(BUSY)) || (st & reserved) || (st & (STATUS_BIT(FIFO_OVF) | STATUS_BIT(MEM_RANGE_ERR) |
                                                                   STATUS_BIT(SIMT_BUSY) | STATUS_BIT(VBLANK)))) {
            if (st_ok) {
                printf("  STATUS 0x%" PRIx64 " while rendering (%" PRIu64 " of %" PRIu64 " writes done)\n", st,
                       wc.n, total);
            }
            st_ok = 0;
        }
        if (depth > prev_depth || depth > npre) {
            depth_ok = 0;
        }
        prev_depth = depth;
        uint64_t id = spi_bfm_read(&d.b, REG_ID);
        id_ok &= (id == 0x0000020000006702ull);
        if (depth == 0) {
            uint64_t v[5] = {spi_bfm_read(&d.b, REG_FB_DRAW), spi_bfm_read(&d.b, REG_TEX0_BASE),
                             spi_bfm_read(&d.b, REG_ALPHA_BLEND), spi_bfm_read(&d.b, REG_TRI_MODE),
                             spi_bfm_read(&d.b, REG_FB_ZBUFFER)};
            if (wc.n < total) {
                values_during++;
                if (v[0] != fb2 || v[1] != 0xABC000u || v[2] != 2 || v[3] != 0 || v[4] != ((6ull << 32) | zb)) {
                    if (val_ok) {
                        printf("  while rendering: FB_DRAW 0x%" PRIx64 " TEX0_BASE 0x%" PRIx64 " ALPHA_BLEND %" PRIu64
                               " TRI_MODE %" PRIu64 " FB_ZBUFFER 0x%" PRIx64 "\n",
                               v[0], v[1], v[2], v[3], v[4]);
                    }
                    val_ok = 0;
                }
            }
        }
    }
    CHECK(during >= 20, "STATUS read %u times while rendering", during);
    CHECK(values_during >= 5, "latched registers read %u times while rendering with the FIFO empty", values_during);
    CHECK(st_ok, "STATUS while rendering: BUSY set, no flags, reserved bits 0");
    CHECK(depth_ok, "STATUS.FIFO_DEPTH while rendering at most the %u writes sent and never growing", npre);
    CHECK(id_ok, "ID exact while rendering");
    CHECK(val_ok, "registers written after the clear read back their new values while it renders");
    wait_idle(&d);
    uint64_t st = spi_bfm_read(&d.b, REG_STATUS);
    CHECK(st == 0, "STATUS 0 after rendering (0x%" PRIx64 ")", st);
    CHECK(wc.n == total, "RTL rendering writes %" PRIu64 ", model %" PRIu64, wc.n, total);
    /* the result: every word of memory equals the model's; the model wrote both framebuffers */
    vgpu_mem_image(d.v, d.img);
    const uint8_t *ref = gpu_model_mem(m);
    unsigned long diff = 0, first = 0, nz1 = 0, nz2 = 0;
    for (uint32_t a = 0; a < (32u << 20); a += 4) {
        if (memcmp(d.img + a, ref + a, 4)) {
            if (!diff++) {
                first = a;
            }
        }
    }
    for (uint32_t a = 0; a < 640u * 480 * 4; a += 4) {
        nz1 += memcmp(ref + fb1 + a, "\0\0\0\0", 4) != 0;
        nz2 += memcmp(ref + fb2 + a, "\0\0\0\0", 4) != 0;
    }
    CHECK(nz1 == 640u * 480 && nz2 > 37000 && nz2 < 39000,
          "reference: clear covers FB 0x%x (%lu words), the blended triangle only in FB 0x%x (%lu words)", fb1, nz1, fb2,
          nz2);
    CHECK(diff == 0, "memory after rendering equals the model: %lu words differ, first at 0x%lx", diff, first);
    gpu_model_free(m);
    dut_close(&d);
}

/* STATUS, ID, reserved addresses read as specified through SPI. */
static void test_status_id(void)
{
    dut_t d;
    dut_open(&d, 100, 25, 14);
    CHECK(spi_bfm_read(&d.b, REG_ID) == 0x0000020000006702ull, "ID");
    CHECK(spi_bfm_read(&d.b, REG_STATUS) == 0, "STATUS idle, FIFO empty");
    CHECK(spi_bfm_read(&d.b, REG_DITHER_MODE) == 1, "DITHER_MODE reset value");
    spi_bfm_write(&d.b, 0x7D, 0xFFFFFFFFFFFFFFFFull);
    spi_bfm_write(&d.b, REG_ID, 0);
    wait_idle(&d);
    CHECK(spi_bfm_read(&d.b, 0x7D) == 0, "reserved address reads 0");
    CHECK(spi_bfm_read(&d.b, REG_ID) == 0x0000020000006702ull, "ID ignores writes");
    CHECK(vgpu_cmd_empty(d.v) && !vgpu_cmd_full(d.v), "GPIO CMD_EMPTY high, CMD_FULL low when idle");
    dut_close(&d);
}

int main(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: test_spi\nSPI protocol tests of gpu_top: aborted frames at every bit, 5 and 80 extra clocks after\n"
               "a write and a read, back-to-back frames at 25 MHz with 100 and 50 MHz core clocks, FIFO overflow\n"
               "past CMD_FULL (the exact set of accepted writes), sticky STATUS flags across aborted STATUS reads,\n"
               "register reads while rendering (checked against the C model), STATUS/ID/reserved reads.\n");
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "test_spi: unexpected argument '%s' (it takes none but --help)\n", argv[1]);
        return 2;
    }
    test_status_id();
    test_abort_write();
    test_abort_read();
    test_extra_clocks();
    test_back_to_back(100, 21);
    test_back_to_back(50, 22);
    test_overflow(100, 25, 13);
    test_overflow(50, 25, 17);
    test_overflow(61.7, 24.9, 18);
    test_read_while_rendering();
    printf("test_spi: %d checks, %d failed\n", g_checks, g_fail);
    return g_fail ? 1 : 0;
}
