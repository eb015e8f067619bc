/* SPI protocol tests of gpu_top through the bit-level bus-functional model.
 * Expected values come from INT-010 and docs/spec-decisions.md, never from the RTL itself. */
#include "gpu_model.h"
#include "gpu_regs.h"
#include "spi_bfm.h"
#include "vgpu.h"
#include "check.h"
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
    vgpu_cfg_t vc = {core_ps, seed, NULL, 0, 0, NULL};
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

/* Clocks after bit 72 are ignored: the BFM sends the frame's own bits again after bit 72, so a
 * slave that took them would see a second copy of the command. MEM_DATA makes that visible:
 * every accepted write or completed read advances MEM_ADDR by 4. */
static void test_extra_clocks(void)
{
    dut_t d;
    dut_open(&d, 100, 25, 15);
    const unsigned extra[2] = {5, 80};
    uint32_t addr = 0x3000;
    spi_bfm_write(&d.b, REG_MEM_ADDR, addr);
    for (int k = 0; k < 2; k++) {
        uint8_t out[9], in[9];
        uint32_t val = 0xA5A50000u | extra[k];
        frame_bytes(out, 0, REG_MEM_DATA, val);
        spi_bfm_frame(&d.b, out, 72 + extra[k], in);
        wait_idle(&d);
        uint64_t a = spi_bfm_read(&d.b, REG_MEM_ADDR);
        CHECK(a == addr + 4, "a MEM_DATA write with %u extra clocks lands once: MEM_ADDR 0x%" PRIx64 ", want 0x%x",
              extra[k], a, addr + 4);
        vgpu_mem_image(d.v, d.img);
        uint32_t w0, w1;
        memcpy(&w0, d.img + addr, 4);
        memcpy(&w1, d.img + addr + 4, 4);
        CHECK(w0 == val && w1 == 0, "the write's word 0x%08x (want 0x%08x), the next one untouched 0x%08x", w0, val, w1);
        addr += 4;
    }
    /* a read with extra clocks: its value, and MEM_ADDR advanced once */
    spi_bfm_write(&d.b, REG_MEM_ADDR, 0x3000);
    wait_idle(&d);
    for (int k = 0; k < 2; k++) {
        uint8_t out[9], in[9];
        frame_bytes(out, 1, REG_MEM_DATA, 0);
        spi_bfm_frame(&d.b, out, 72 + extra[k], in);
        wait_idle(&d);
        uint64_t v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | in[1 + i];
        }
        CHECK(v == (0xA5A50000u | extra[k]), "MEM_DATA read with %u extra clocks returns 0x%" PRIx64, extra[k], v);
        uint64_t a = spi_bfm_read(&d.b, REG_MEM_ADDR);
        CHECK(a == 0x3000u + 4u * (unsigned)(k + 1), "the read advanced MEM_ADDR once: 0x%" PRIx64, a);
    }
    /* and an ordinary write after them */
    uint8_t out[9], in[9];
    frame_bytes(out, 0, REG_ALPHA_BLEND, 2);
    spi_bfm_frame(&d.b, out, 72 + 80, in);
    wait_idle(&d);
    CHECK(spi_bfm_read(&d.b, REG_ALPHA_BLEND) == 2, "ALPHA_BLEND write with 80 extra clocks");
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

/* Past CMD_FULL: the host ignores the GPIO while the GPU renders a full-screen triangle. Dropped
 * writes set STATUS.FIFO_OVF; every accepted write lands intact and in order. */
static void test_overflow(void)
{
    dut_t d;
    dut_open(&d, 100, 25, 13);
    /* keep the register file busy: two full-screen triangles, then MEM_DATA writes that must
     * wait for the pipeline to drain, so the FIFO fills */
    spi_bfm_write(&d.b, REG_VERTEX, 0);
    spi_bfm_write(&d.b, REG_VERTEX, 640 * 16);
    spi_bfm_write(&d.b, REG_VERTEX, (uint64_t)(480 * 16) << 16 | 640 * 16);
    spi_bfm_write(&d.b, REG_MEM_ADDR, 0x600000);
    d.b.ignore_full = 1;
    int saw_full = 0;
    enum { N = 80 };
    for (uint32_t i = 0; i < N; i++) {
        saw_full |= vgpu_cmd_full(d.v);
        spi_bfm_write(&d.b, REG_MEM_DATA, 0xC0DE0000u | i);
    }
    CHECK(saw_full, "CMD_FULL asserted while the FIFO filled");
    wait_idle(&d);
    uint64_t st = spi_bfm_read(&d.b, REG_STATUS);
    CHECK(st & (1ull << STATUS_FIFO_OVF_SHIFT), "STATUS.FIFO_OVF set after overflow (0x%" PRIx64 ")", st);
    uint64_t st2 = spi_bfm_read(&d.b, REG_STATUS);
    CHECK(!(st2 & (1ull << STATUS_FIFO_OVF_SHIFT)), "FIFO_OVF cleared by the completed STATUS read (0x%" PRIx64 ")", st2);
    /* Which writes are accepted, derived from the design: the register file holds the first
     * MEM_DATA until the pipeline drains (INT-010: memory writes wait for rendering), and the two
     * full-screen triangles take about 2 x 307,200 core cycles, while the 80 writes take
     * 80 x ~75 SCK periods = ~24,000 core cycles at 100/25 MHz. So nothing leaves the host link
     * during the writes except into its two stores: the command FIFO (CMD_FIFO_DEPTH = 32
     * entries, INT-010's MAX) and the command register in front of the register file
     * (prim_spill_reg, 2 entries). Exactly the first 34 writes are accepted, every later one is
     * dropped (the FIFO never gains room while the host writes). */
    enum { FIFO_DEPTH = 32, CMD_STAGE = 2, WANT = FIFO_DEPTH + CMD_STAGE };
    uint64_t addr = spi_bfm_read(&d.b, REG_MEM_ADDR);
    unsigned accepted = (unsigned)((addr - 0x600000) / 4);
    CHECK(accepted == WANT, "exactly the FIFO's and the command register's worth accepted: %u of %u, want %u",
          accepted, N, (unsigned)WANT);
    /* and they are writes 0..WANT-1, intact and in order; nothing after them */
    vgpu_mem_image(d.v, d.img);
    const uint8_t *m = d.img;
    int ok = 1;
    for (unsigned k = 0; k < N; k++) {
        uint32_t w;
        memcpy(&w, m + 0x600000 + 4 * k, 4);
        if (w != (k < WANT ? (0xC0DE0000u | k) : 0u)) {
            ok = 0;
        }
    }
    CHECK(ok, "memory holds exactly MEM_DATA writes 0..%u in order and nothing after them", (unsigned)WANT - 1);
    dut_close(&d);
}

/* A STATUS read aborted at any bit keeps the sticky flags: only a completed read clears them. */
static void test_sticky_abort(void)
{
    dut_t d;
    dut_open(&d, 100, 25, 16);
    /* overflow the FIFO while a full-screen triangle renders (as test_overflow) */
    spi_bfm_write(&d.b, REG_VERTEX, 0);
    spi_bfm_write(&d.b, REG_VERTEX, 640 * 16);
    spi_bfm_write(&d.b, REG_VERTEX, (uint64_t)(480 * 16) << 16 | 640 * 16);
    d.b.ignore_full = 1;
    for (int i = 0; i < 40; i++) {
        spi_bfm_write(&d.b, REG_MEM_DATA, (uint64_t)i);
    }
    d.b.ignore_full = 0;
    wait_idle(&d);
    for (unsigned n = 1; n < 72; n += 7) {
        uint8_t out[9], in[9];
        frame_bytes(out, 1, REG_STATUS, 0);
        spi_bfm_frame(&d.b, out, n, in);
        wait_idle(&d);
    }
    uint64_t st = spi_bfm_read(&d.b, REG_STATUS);
    CHECK(st & (1ull << STATUS_FIFO_OVF_SHIFT), "FIFO_OVF survives STATUS reads aborted at bits 1..71 (0x%" PRIx64 ")", st);
    st = spi_bfm_read(&d.b, REG_STATUS);
    CHECK(!(st & (1ull << STATUS_FIFO_OVF_SHIFT)), "the completed read cleared it (0x%" PRIx64 ")", st);
    dut_close(&d);
}

/* Registers read while the GPU renders: the SPI slave answers from the register file at once
 * (INT-010 asks hosts to read STATUS only when CMD_EMPTY, but any read must be answered). The
 * rendering is compared with the reference model running the same writes. */
static void test_read_while_rendering(void)
{
    dut_t d;
    dut_open(&d, 100, 25, 17);
    gpu_model_t *m = gpu_model_new();
    const struct {
        uint8_t a;
        uint64_t v;
    } w[] = {{REG_FB_DRAW, 0x000000}, {REG_TRI_MODE, 1}, {REG_COLOR, 0xFF2040FFu}, {REG_VERTEX, 0},
             {REG_COLOR, 0xFF00FF00u}, {REG_VERTEX, 640 * 16}, {REG_COLOR, 0xFFFF0000u},
             {REG_VERTEX, (uint64_t)(480 * 16) << 16 | 640 * 16}};
    for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
        spi_bfm_write(&d.b, w[i].a, w[i].v);
        gpu_model_write(m, w[i].a, w[i].v);
    }
    /* the triangle takes ~300,000 core cycles; read now, several times */
    int busy_seen = 0;
    for (int k = 0; k < 6; k++) {
        uint64_t st = spi_bfm_read(&d.b, REG_STATUS);
        busy_seen |= (int)((st >> STATUS_BUSY_SHIFT) & 1);
        CHECK(((st >> STATUS_FIFO_DEPTH_SHIFT) & STATUS_FIFO_DEPTH_MASK) <= 32, "FIFO_DEPTH in range while rendering");
        CHECK(spi_bfm_read(&d.b, REG_ID) == 0x0000020000006702ull, "ID while rendering");
        CHECK(spi_bfm_read(&d.b, REG_TRI_MODE) == 1, "TRI_MODE reads back its value while rendering");
        CHECK(spi_bfm_read(&d.b, REG_FB_DRAW) == 0, "FB_DRAW reads back while rendering");
    }
    CHECK(busy_seen, "STATUS.BUSY seen while the full-screen triangle renders");
    CHECK(vgpu_busy(d.v), "still rendering after the reads (they did not wait for idle)");
    wait_idle(&d);
    uint64_t st = spi_bfm_read(&d.b, REG_STATUS);
    CHECK(!((st >> STATUS_BUSY_SHIFT) & 1), "BUSY clear when idle");
    vgpu_mem_image(d.v, d.img);
    CHECK(memcmp(d.img, gpu_model_mem(m), 640 * 480 * 4) == 0, "the framebuffer equals the model's after reads during rendering");
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
        printf("usage: test_spi\nSPI protocol tests of gpu_top: aborted frames at every bit, extra clocks after bit 72,\n"
               "back-to-back frames at 25 MHz with 100 and 50 MHz core clocks, FIFO overflow past CMD_FULL (exactly\n"
               "which writes are accepted), sticky flags across aborted STATUS reads, register reads while the GPU\n"
               "renders (checked against the reference model), STATUS/ID/reserved reads.\n");
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
    test_overflow();
    test_sticky_abort();
    test_read_while_rendering();
    printf("test_spi: %d checks, %d failed\n", g_checks, g_fail);
    return g_fail ? 1 : 0;
}
