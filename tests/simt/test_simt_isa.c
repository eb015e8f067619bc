/* test_simt_isa - the decode table and the ISA semantics of the reference model.
 *   1. no two table entries overlap (pairwise and exhaustively over all 65536 words), and
 *      every entry's match lies inside its mask and its operand fields outside it
 *   2. round trip: assemble(disassemble(w)) == w for every 16-bit word
 *   3. semantics against values worked out by hand in this file (wrap, signed CMP, DIV by
 *      zero, read-only registers, every branch condition against every NZP state, ...)
 *   4. assembler: labels, directives and error reporting
 * Prints the number of checks; exits non-zero on the first failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_asm.h"
#include "simt_isa.h"

static unsigned long checks;

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        checks++;                                                         \
        if (!(cond)) {                                                    \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);          \
            fprintf(stderr, __VA_ARGS__);                                 \
            fprintf(stderr, "\n");                                        \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

static uint8_t test_mem[256];
static uint8_t ld(void *ctx, uint8_t a)
{
    (void)ctx;
    return test_mem[a];
}

static simt_effect_t run1(simt_thread_t *th, uint16_t w)
{
    simt_effect_t e;
    simt_exec(th, w, &e, ld, NULL);
    return e;
}

static void test_table(void)
{
    for (unsigned i = 0; i < simt_nops; i++) {
        const simt_op_t *a = &simt_ops[i];
        CHECK((a->match & (uint16_t)~a->mask) == 0, "%s: match outside mask", a->mn);
        CHECK((simt_field_bits(a->fields) & a->mask) == 0, "%s: field overlaps mask", a->mn);
        for (unsigned j = i + 1; j < simt_nops; j++) {
            const simt_op_t *b = &simt_ops[j];
            CHECK(((a->match ^ b->match) & a->mask & b->mask) != 0, "%s and %s overlap", a->mn,
                  b->mn);
        }
    }
    unsigned decoded = 0;
    for (unsigned w = 0; w < 65536; w++) {
        unsigned hits = 0;
        for (unsigned i = 0; i < simt_nops; i++) {
            hits += ((w & simt_ops[i].mask) == simt_ops[i].match);
        }
        CHECK(hits <= 1, "word %04x matches %u entries", w, hits);
        decoded += hits;
    }
    /* 12 instructions of 4096 words each; 4 reserved opcodes */
    CHECK(decoded == 12u * 4096u, "decoded %u words", decoded);
    CHECK(simt_nops == 12, "table has %u entries, the seed has 12 instructions", simt_nops);
}

static void test_roundtrip(void)
{
    static simt_image_t img;
    char src[64];
    unsigned canonical = 0;
    for (unsigned w = 0; w < 65536; w++) {
        char d[48];
        simt_disasm((uint16_t)w, d, sizeof d);
        canonical += (d[0] != '.');
        snprintf(src, sizeof src, "%s\n", d);
        CHECK(simt_assemble(src, &img) == 0, "word %04x: '%s' does not assemble: %s", w, d,
              img.err);
        CHECK(img.nprog == 1 && img.prog[0] == w, "word %04x -> '%s' -> %04x", w, d,
              img.prog[0]);
    }
    /* canonical forms: NOP 1, RET 1, BR 7*256, CMP/STR 256 each, ALU 4*4096, LDR 256,
     * CONST 4096, JMP 16; LDR has no t field: 256 */
    CHECK(canonical == 1 + 1 + 7 * 256 + 2 * 256 + 4 * 4096 + 256 + 4096 + 16,
          "%u canonical words", canonical);
}

static void test_semantics(void)
{
    simt_thread_t th;
    simt_effect_t e;
    simt_thread_init(&th, 3, 4, 2);
    CHECK(th.r[13] == 3 && th.r[14] == 4 && th.r[15] == 2 && th.nzp == 0 && th.pc == 0,
          "thread init");
    th.r[1] = 200;
    th.r[2] = 100;
    th.r[3] = 5;
    th.r[4] = 10;
    th.r[5] = 16;
    th.r[6] = 17;
    th.r[7] = 7;
    th.r[8] = 0;
    th.pc = 10;
    e = run1(&th, 0x3012); /* ADD R0, R1, R2 */
    CHECK(e.wb && e.rd == 0 && e.wdata == 44 && e.next_pc == 11 && !e.nzp_wr, "ADD wrap");
    e = run1(&th, 0x4034); /* SUB R0, R3, R4 */
    CHECK(e.wb && e.wdata == 251, "SUB wrap: %u", e.wdata);
    e = run1(&th, 0x5056); /* MUL R0, R5, R6 */
    CHECK(e.wb && e.wdata == 16, "MUL low byte: %u", e.wdata);
    e = run1(&th, 0x6017); /* DIV R0, R1, R7 */
    CHECK(e.wb && e.wdata == 28, "DIV 200/7: %u", e.wdata);
    e = run1(&th, 0x6018); /* DIV R0, R1, R8 */
    CHECK(e.wb && e.wdata == 0xFF, "DIV by zero: %u", e.wdata);
    e = run1(&th, 0x6088); /* DIV R0, R8, R8 */
    CHECK(e.wb && e.wdata == 0xFF, "DIV 0/0: %u", e.wdata);
    e = run1(&th, 0x9DAB); /* CONST R13, #0xAB: read-only */
    CHECK(!e.wb, "write to R13 dropped");
    e = run1(&th, 0x3F11); /* ADD R15, R1, R1 */
    CHECK(!e.wb, "write to R15 dropped");
    e = run1(&th, 0x9CAB); /* CONST R12, #0xAB */
    CHECK(e.wb && e.rd == 12 && e.wdata == 0xAB, "CONST R12");
    e = run1(&th, 0x30DF); /* ADD R0, R13, R15 */
    CHECK(e.wb && e.wdata == 5, "special registers read: %u", e.wdata);

    /* CMP: signed, no wrap */
    static const struct {
        uint8_t a, b, nzp;
    } cmp[] = {
        {127, 0x80, SIMT_NZP_P}, /* 127 > -128 (unsigned or wrapped would say n) */
        {0x80, 127, SIMT_NZP_N}, /* -128 < 127 (wrapped difference would be +1) */
        {5, 5, SIMT_NZP_Z},      {0x80, 1, SIMT_NZP_N}, {1, 0xFF, SIMT_NZP_P},
        {0xFF, 0xFE, SIMT_NZP_P}, {0, 0, SIMT_NZP_Z},   {3, 9, SIMT_NZP_N},
    };
    for (unsigned i = 0; i < sizeof cmp / sizeof cmp[0]; i++) {
        th.r[9] = cmp[i].a;
        th.r[10] = cmp[i].b;
        e = run1(&th, 0x209A); /* CMP R9, R10 */
        CHECK(e.nzp_wr && e.nzp == cmp[i].nzp && !e.wb, "CMP %d,%d -> %u", (int8_t)cmp[i].a,
              (int8_t)cmp[i].b, e.nzp);
    }

    /* every branch condition against every NZP state (000 before the first CMP) */
    static const uint8_t states[4] = {0, SIMT_NZP_N, SIMT_NZP_Z, SIMT_NZP_P};
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned c = 0; c < 8; c++) {
            th.nzp = states[s];
            th.pc = 0x40;
            e = run1(&th, (uint16_t)(0x1000 | (c << 9) | 0x77));
            int taken = (c & states[s]) != 0;
            CHECK(e.next_pc == (taken ? 0x77 : 0x41) && !e.wb && !e.nzp_wr,
                  "BR cond %u state %u", c, states[s]);
            /* bit 8 is ignored */
            e = run1(&th, (uint16_t)(0x1100 | (c << 9) | 0x77));
            CHECK(e.next_pc == (taken ? 0x77 : 0x41), "BR bit 8 ignored");
        }
    }
    th.nzp = 0;

    /* memory, JMP, RET, NOP, reserved opcodes, PC wrap */
    test_mem[0x33] = 0x5A;
    th.r[11] = 0x33;
    th.r[12] = 0x99;
    e = run1(&th, 0x71B0); /* LDR R1, R11 */
    CHECK(e.wb && e.rd == 1 && e.wdata == 0x5A && e.ld && e.laddr == 0x33 && !e.st, "LDR");
    e = run1(&th, 0x80BC); /* STR R11, R12 */
    CHECK(e.st && e.saddr == 0x33 && e.sdata == 0x99 && !e.wb, "STR");
    e = run1(&th, 0xA0B0); /* JMP R11 */
    CHECK(e.next_pc == 0x33 && !e.wb, "JMP");
    e = run1(&th, 0xF123);
    CHECK(e.ret && !e.wb && !e.st, "RET");
    for (unsigned op = 0xB; op <= 0xE; op++) {
        th.pc = 0xFF;
        e = run1(&th, (uint16_t)((op << 12) | 0x123));
        CHECK(!e.wb && !e.st && !e.nzp_wr && !e.ret && e.next_pc == 0, "reserved %X = NOP",
              op);
    }
    th.pc = 0xFF;
    e = run1(&th, 0x0ABC);
    CHECK(e.next_pc == 0 && !e.wb, "NOP with PC wrap");
    simt_apply(&th, &e);
    CHECK(th.pc == 0, "apply");
}

static void test_assembler(void)
{
    static simt_image_t img;
    const char *ok =
        "; comment\n"
        ".threads 5\n"
        ".data 1 2 -1 0x10\n"
        ".data @200 7\n"
        "start: CONST R1, #-128   // comment\n"
        "  BRnp end\n"
        "loop:\n"
        "  ADD r2, R1, %threadIdx\n"
        "  BR loop\n"
        "end: CONST R3, end\n"
        "  .word 0xB001\n"
        "  ret\n";
    CHECK(simt_assemble(ok, &img) == 0, "assemble: %s", img.err);
    CHECK(img.threads == 5 && img.nprog == 7, "threads %u nprog %u", img.threads, img.nprog);
    CHECK(img.data[0] == 1 && img.data[2] == 0xFF && img.data[3] == 0x10 && img.data[200] == 7,
          "data");
    CHECK(img.prog[0] == 0x9180, "CONST R1,#-128: %04x", img.prog[0]);
    CHECK(img.prog[1] == 0x1A04, "BRnp end: %04x", img.prog[1]);
    CHECK(img.prog[2] == 0x321F, "ADD: %04x", img.prog[2]);
    CHECK(img.prog[3] == 0x1E02, "BR loop: %04x", img.prog[3]);
    CHECK(img.prog[4] == 0x9304, "CONST R3, end: %04x", img.prog[4]);
    CHECK(img.prog[5] == 0xB001 && img.prog[6] == 0xF000, "word/ret");
    CHECK(simt_assemble("NOP\n.org 3\nL: BR L\n", &img) == 0 && img.nprog == 4 &&
              img.prog[1] == 0 && img.prog[2] == 0 && img.prog[3] == 0x1E03,
          ".org pads with NOP and moves labels");
    static const char *bad[] = {
        "ADD R1, R2\n",         "ADD R1, R2, R16\n", "CONST R1, #256\n", "BRx L\nL:\n",
        "BRpn L\nL:\n",         "FOO R1\n",          "BR nowhere\n",     "L:\nL:\n",
        ".data 300\n",          ".threads 999\n",    "NOP\nNOP\n.org 1\n",  ".org 257\n",    "CONST R1, #1, R2\n", ".bogus\n",
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(simt_assemble(bad[i], &img) != 0 && img.err[0], "should fail: %s", bad[i]);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: test_simt_isa   (no options) decode table, round trip, semantics\n");
        return 0;
    }
    test_table();
    test_roundtrip();
    test_semantics();
    test_assembler();
    printf("test_simt_isa: %lu checks passed\n", checks);
    return 0;
}
