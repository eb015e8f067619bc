/* test_shader_isa - the decode table, the assembler/disassembler and the ISS semantics of the
 * shader ISA (docs/shader.md), against values worked out by hand in this file.
 *   1. table: 71 rows; each row's match inside its mask, its operand fields outside it, mask and
 *      fields cover all 32 bits; no two rows overlap (pairwise proof on match/mask); no row
 *      overlaps a reserved group; encodings of the doc's bit layout written out by hand
 *   2. round trip: disassemble -> assemble is the identity on random words of every row and on
 *      2,000,000 random words (undefined ones as .word); reserved-group words are undefined
 *   3. assembler: labels, expressions, directives, pseudo-ops, ranges, error messages
 *   4. semantics on the ISS: every instruction with hand-derived results, and every decision:
 *      D1 ABS/SHL, D2 CMP flags, D4 JAL range and fetch faults, D5 the four addressing modes,
 *      D6 store data, D7/D8 atomics and CAS, D9 SETMISC, D10 BARRIER (also a test that a missing
 *      barrier is caught), D11 CSRs, D12 illegal encodings stop the tile with a report, D13 ABI,
 *      D14 misalignment
 * Prints the number of checks; exits 1 at the first failure. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shader_asm.h"
#include "shader_isa.h"
#include "shader_iss.h"

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

#define BASE 0x1000000u
#define ARG 0x100000u
#define TOFF 0x00070005u

static shd_tile_t t1, t4; /* 1-core and 4-core tiles */

/* ---- helpers ------------------------------------------------------------------------------- */

static uint32_t asm1(const char *line)
{
    shd_image_t img;
    memset(&img, 0, sizeof img);
    char src[256];
    snprintf(src, sizeof src, "%s\n", line);
    CHECK(shd_assemble(src, BASE, &img) == 0, "'%s' does not assemble: %s", line, img.err);
    CHECK(img.size == 4, "'%s' gives %u bytes", line, img.size);
    uint32_t w = (uint32_t)img.bytes[0] | (uint32_t)img.bytes[1] << 8 |
                 (uint32_t)img.bytes[2] << 16 | (uint32_t)img.bytes[3] << 24;
    shd_image_free(&img);
    return w;
}

static void asm_fails(const char *src, const char *want)
{
    shd_image_t img;
    memset(&img, 0, sizeof img);
    CHECK(shd_assemble(src, BASE, &img) != 0, "'%s' assembled", src);
    CHECK(strstr(img.err, want) != NULL, "'%s': message '%s' lacks '%s'", src, img.err, want);
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t rd32(const shd_tile_t *t, uint32_t a)
{
    return get32(t->mem + a);
}

static void wr32(shd_tile_t *t, uint32_t a, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++) {
        t->mem[a + i] = (uint8_t)(v >> (8 * i));
    }
}

/* assemble src at BASE, load, launch, run; returns the run result */
static shd_run_e run_on(shd_tile_t *t, const char *src, shd_sched_e sched, uint64_t seed)
{
    shd_image_t img;
    memset(&img, 0, sizeof img);
    CHECK(shd_assemble(src, BASE, &img) == 0, "program does not assemble: %s\n%s", img.err, src);
    memcpy(t->mem + BASE, img.bytes, img.size);
    shd_image_free(&img);
    shd_tile_launch(t, BASE, ARG, TOFF, false);
    return shd_tile_run(t, 1000000, sched, seed);
}

static void run_ok(shd_tile_t *t, const char *src)
{
    shd_run_e r = run_on(t, src, SHD_SCHED_RR, 1);
    if (r == SHD_RUN_FAULT) {
        shd_tile_fault_report(t, stderr);
    }
    CHECK(r == SHD_RUN_DONE, "program did not finish (%d):\n%s", (int)r, src);
}

static char prog[8192];
static const char *P(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prog, sizeof prog, fmt, ap);
    va_end(ap);
    return prog;
}

/* s3 = <insn on s1 = a, s2 = b> on one core */
static void alu(const char *insn, uint32_t a, uint32_t b, uint32_t want)
{
    run_ok(&t1, P("MOVI s1, 0x%x\nMOVI s2, 0x%x\n%s\nWFI\n", a, b, insn));
    CHECK(t1.core[0].s[3] == want, "%s with s1=0x%08x s2=0x%08x: s3=0x%08x, expected 0x%08x", insn,
          a, b, t1.core[0].s[3], want);
}

/* the program faults with cause at pc, nothing after it retires */
static void faults(shd_tile_t *t, const char *src, unsigned cause, uint32_t pc)
{
    shd_run_e r = run_on(t, src, SHD_SCHED_RR, 1);
    CHECK(r == SHD_RUN_FAULT && t->fault.trap == cause && t->fault.pc == pc,
          "expected fault %s at 0x%08x, got run %d trap %s at 0x%08x:\n%s", shd_trap_name(cause),
          pc, (int)r, shd_trap_name(t->fault.trap), t->fault.pc, src);
}

/* ---- 1. table ------------------------------------------------------------------------------ */

static void test_table(void)
{
    CHECK(shd_nops == 71, "table has %u rows, part 1 has 71 encodings", shd_nops);
    for (unsigned i = 0; i < shd_nops; i++) {
        const shd_op_t *a = &shd_ops[i];
        uint32_t f = shd_fmt_fields(a->fmt);
        CHECK((a->match & ~a->mask) == 0, "%s: match outside mask", a->mn);
        CHECK((f & a->mask) == 0, "%s: operand fields inside the mask", a->mn);
        CHECK((f | a->mask) == 0xFFFFFFFFu, "%s: bits 0x%08x neither fixed nor operand", a->mn,
              ~(f | a->mask));
        CHECK(shd_decode(a->match) == a, "%s: its match word decodes elsewhere", a->mn);
        CHECK(a->exec != NULL, "%s: no execute function", a->mn);
        for (unsigned j = i + 1; j < shd_nops; j++) {
            const shd_op_t *b = &shd_ops[j];
            CHECK(((a->match ^ b->match) & a->mask & b->mask) != 0, "%s (row %u) and %s (row %u) overlap",
                  a->mn, i, b->mn, j);
            CHECK(strcmp(a->mn, b->mn) != 0 || a->fmt != b->fmt, "%s twice with one format", a->mn);
        }
        for (unsigned j = 0; j < shd_nreserved; j++) {
            const shd_reserved_t *r = &shd_reserved[j];
            CHECK(((a->match ^ r->match) & a->mask & r->mask) != 0, "%s overlaps reserved %s",
                  a->mn, r->what);
        }
    }
    /* encodings from the bit layout of docs/shader.md, computed by hand */
    static const struct {
        const char *text;
        uint32_t w;
    } enc[] = {
        {"ADD s1, s2, s3", 0x0031008Bu},
        {"SUB s1, s2, s3", 0x4031008Bu},
        {"MUL s1, s2, s3", 0x0231008Bu},
        {"ABS s8, s3", 0x4001940Bu},
        {"SHL s8, s3, s0", 0x0001940Bu},
        {"CLZ s1, s2", 0x0601008Bu},
        {"CMPEQ s3, s4, s5", 0x0452218Bu},
        {"ASRI s1, s2, 31", 0x41F15097u},
        {"LUI s5, 0xABCDE", 0xABCDE2B7u},
        {"BEQ s1, s2, .+8", 0x0020840Eu},
        {"BNE s1, s0, .-4", 0xFE009E8Eu},
        {"JAL s1, .+2048", 0x0010308Eu},
        {"JAL s0, .-2", 0xFFFFB00Eu},
        {"JAL s2, .+4096", 0x0000B10Eu},
        {"JALR s1, s2, -4", 0xFFC1208Eu},
        {"LW s1, -1(s2)", 0xFFF1208Cu},
        {"LW s1, 8(pc)", 0x0080608Cu},
        {"LW s1, (s2+s3)", 0x1231308Cu},
        {"LB s1, (s2)", 0x0601308Cu},
        {"SH s7, 2(s4)", 0x0022138Du},
        {"ATOM.CAS s1, s2, (s3)", 0x0021C094u},
        {"CSRRW s1, STATUS, s2", 0x9001108Fu},
        {"SETMISC s0, 7, 5", 0x1C50300Fu},
        {"MEMBAR", 0x0000000Fu},
        {"BARRIER", 0x0000400Fu},
        {"WFI", 0x0000700Fu},
    };
    for (unsigned i = 0; i < sizeof enc / sizeof enc[0]; i++) {
        uint32_t w = asm1(enc[i].text);
        CHECK(w == enc[i].w, "'%s' = 0x%08x, by hand 0x%08x", enc[i].text, w, enc[i].w);
    }
}

/* ---- 2. round trip ------------------------------------------------------------------------- */

static void roundtrip(uint32_t w)
{
    char d[64];
    shd_disasm(w, d, sizeof d);
    uint32_t b = asm1(d);
    CHECK(b == w, "0x%08x -> '%s' -> 0x%08x", w, d, b);
}

static void test_roundtrip(void)
{
    uint64_t rng = 42;
    for (unsigned i = 0; i < shd_nops; i++) {
        const shd_op_t *op = &shd_ops[i];
        uint32_t f = shd_fmt_fields(op->fmt);
        roundtrip(op->match);
        roundtrip(op->match | f);
        for (unsigned k = 0; k < 3000; k++) {
            uint32_t w = op->match | ((uint32_t)shd_rand(&rng) & f);
            CHECK(shd_decode(w) == op, "0x%08x does not decode to %s", w, op->mn);
            roundtrip(w);
        }
    }
    unsigned defined = 0, n = 2000000;
    for (unsigned k = 0; k < n; k++) {
        uint32_t w = (uint32_t)shd_rand(&rng);
        if (k & 1) { /* bias towards the used opcodes */
            static const uint8_t opc[] = {0x0B, 0x17, 0x37, 0x0E, 0x0F, 0x0C, 0x0D, 0x14};
            w = (w & ~0x7Fu) | opc[(w >> 7) % 8];
        }
        const shd_op_t *op = shd_decode(w);
        defined += op != NULL;
        char d[64];
        shd_disasm(w, d, sizeof d);
        CHECK((op == NULL) == (strncmp(d, ".word", 5) == 0), "0x%08x: '%s'", w, d);
        if (k % 8 == 0 || op == NULL) {
            roundtrip(w);
        }
    }
    CHECK(defined > n / 8 && defined < n, "%u of %u random words defined", defined, n);
    for (unsigned j = 0; j < shd_nreserved; j++) {
        for (unsigned k = 0; k < 1000; k++) {
            uint32_t w = shd_reserved[j].match | ((uint32_t)shd_rand(&rng) & ~shd_reserved[j].mask);
            CHECK(shd_decode(w) == NULL, "reserved %s word 0x%08x decodes", shd_reserved[j].what, w);
        }
    }
}

/* ---- 3. assembler --------------------------------------------------------------------------- */

static void test_assembler(void)
{
    shd_image_t img;
    memset(&img, 0, sizeof img);
    const char *src =
        "    .equ K, 12\n"
        "start: J fwd        ; comment\n"
        "data: .word 0x11223344, -1, fwd  // comment\n"
        "    .half 0xBEEF, -2\n"
        "    .byte 7\n"
        "    .align 4\n"
        "fwd: ADDI s1, s0, K-2+1\n"
        "    LW s2, data+4\n"
        "    BEQ s1, s2, start\n"
        "    .org 0x1000040\n"
        "end: .space 3\n"
        "    .byte 1, 2, 3\n";
    CHECK(shd_assemble(src, BASE, &img) == 0, "%s", img.err);
    CHECK(img.size == 0x46, "size %u", img.size);
    uint32_t w0 = get32(img.bytes + 0);
    CHECK(w0 == asm1("JAL s0, .+24"), "J fwd = 0x%08x", w0); /* fwd at +24 */
    CHECK(get32(img.bytes + 4) == 0x11223344u, ".word");
    CHECK(get32(img.bytes + 8) == 0xFFFFFFFFu, ".word -1");
    CHECK(get32(img.bytes + 12) == BASE + 24, ".word label");
    CHECK(img.bytes[16] == 0xEF && img.bytes[17] == 0xBE && img.bytes[18] == 0xFE &&
          img.bytes[19] == 0xFF && img.bytes[20] == 7 && img.bytes[21] == 0, ".half/.byte/.align");
    CHECK(get32(img.bytes + 24) == asm1("ADDI s1, s0, 11"), "expression");
    CHECK(get32(img.bytes + 28) == asm1("LW s2, -20(pc)"), "pc-relative label");
    CHECK(get32(img.bytes + 32) == asm1("BEQ s1, s2, .-32"), "backward label");
    CHECK(img.bytes[0x43] == 1 && img.bytes[0x45] == 3, ".org/.space");
    shd_image_free(&img);

    /* pseudo-ops = their base forms (docs/shader.md) */
    static const char *pairs[][2] = {
        {"MOV s1, s2", "ADDI s1, s2, 0"},   {"NOP", "ADDI s0, s0, 0"},
        {"J .+8", "JAL s0, .+8"},           {"JR s5", "JALR s0, s5, 0"},
        {"NOT s1, s2", "XORI s1, s2, -1"},  {"NEG s1, s2", "SUB s1, s0, s2"},
        {"BEQZ s3, .+8", "BEQ s3, s0, .+8"}, {"BNEZ s3, .-8", "BNE s3, s0, .-8"},
        {"BGT s1, s2, .+4", "BLT s2, s1, .+4"}, {"BLE s1, s2, .+4", "BGE s2, s1, .+4"},
        {"BGTU s1, s2, .+4", "BLTU s2, s1, .+4"}, {"BLEU s1, s2, .+4", "BGEU s2, s1, .+4"},
        {"lw S1, 4(S2)", "LW s1, 4(s2)"},   {"csrrs s1, core_id, s0", "CSRRS s1, 0x910, s0"},
        {"LW s1, .+8", "LW s1, 8(pc)"},     {"SW s1, .-2048", "SW s1, -2048(pc)"},
    };
    for (unsigned i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        CHECK(asm1(pairs[i][0]) == asm1(pairs[i][1]), "'%s' != '%s'", pairs[i][0], pairs[i][1]);
    }
    /* MOVI: always two words, every value */
    static const uint32_t mv[] = {0, 1, 0x7FF, 0x800, 0xFFF, 0x1000, 0xFFFFF800u, 0xFFFFF7FFu,
                                  0x80000000u, 0x7FFFFFFFu, 0xFFFFFFFFu, 0x12345678u, 0x87654FFFu};
    for (unsigned i = 0; i < sizeof mv / sizeof mv[0]; i++) {
        run_ok(&t1, P("MOVI s7, 0x%x\nMOVI s8, -1\nWFI\n", mv[i]));
        CHECK(t1.core[0].s[7] == mv[i] && t1.core[0].s[8] == 0xFFFFFFFFu && t1.retired == 5,
              "MOVI 0x%08x gives 0x%08x (%llu instructions)", mv[i], t1.core[0].s[7],
              (unsigned long long)t1.retired);
    }
    /* ranges and errors: each names its line */
    CHECK(asm1("ADDI s1, s2, -2048") == asm1("ADDI s1, s2, -2048"), "imm12 low end");
    asm_fails("ADDI s1, s2, 2048\n", "out of range");
    asm_fails("NOP\nADDI s1, s2, -2049\n", "line 2");
    asm_fails("SHLI s1, s2, 32\n", "out of range");
    asm_fails("LUI s1, 0x100000\n", "out of range");
    asm_fails("ADD s1, s2, s32\n", "bad register");
    asm_fails("ADD s1, s2, x3\n", "bad register");
    asm_fails("ADD s1, s2, s03\n", "bad register");
    asm_fails("ADD s1, s2\n", "takes 3 operands");
    asm_fails("FOO s1\n", "unknown mnemonic");
    asm_fails("BEQ s1, s2, nowhere\n", "undefined symbol");
    asm_fails("a: NOP\na: NOP\n", "defined twice");
    asm_fails("BEQ s1, s2, .+4096\n", "out of range");
    asm_fails("BEQ s1, s2, .+3\n", "odd offset");
    asm_fails("JAL s1, .+131072\n", "out of range");
    asm_fails("JAL s1, .-131074\n", "out of range");
    CHECK(asm1("JAL s1, .+131070") == (0x0000308Eu | shd_enc_j(131070)), "JAL top of range");
    CHECK(asm1("JAL s1, .-131072") == 0x8000308Eu, "JAL bottom of range");
    CHECK(shd_imm_j(0x8000308Eu) == -131072 && shd_imm_j(asm1("JAL s1, .+131070")) == 131070,
          "J17 immediates");
    asm_fails("LW s1, 2048(s2)\n", "out of range");
    asm_fails("LW s1, .+4096\n", "out of the pc+imm12 range");
    asm_fails("LW s1, (s2+s3\n", "bad memory operand");
    asm_fails("ATOM.ADD s1, s2, 4(s3)\n", "needs its address as (sN)");
    asm_fails("CSRRW s1, NOSUCH, s2\n", "unknown CSR");
    asm_fails("CSRRW s1, 0x1000, s2\n", "out of range");
    asm_fails("SETMISC s1, 64, 0\n", "out of range");
    asm_fails("WFI s1\n", "takes 0 operands");
    asm_fails(".byte 256\n", "out of range");
    asm_fails(".byte 1\nNOP\n", "not a multiple of 4");
    asm_fails(".org 0x10\n", "before the current address");
    asm_fails(".align 3\n", "power of 2");
    asm_fails(".space K\n.equ K, 4\n", "must be defined before");
    asm_fails(".bogus 1\n", "unknown directive");
    asm_fails("MOVI s1, 0x100000000\n", "bad number");
    asm_fails("ADDI s1, s2, 1 2\n", "bad expression");
}

/* ---- 4. semantics ---------------------------------------------------------------------- */

static void test_alu(void)
{
    alu("ADD s3, s1, s2", 0x7FFFFFFFu, 1, 0x80000000u);
    alu("ADD s3, s1, s2", 0xFFFFFFFFu, 2, 1);
    alu("SUB s3, s1, s2", 0, 1, 0xFFFFFFFFu);
    alu("SUB s3, s1, s2", 0x80000000u, 1, 0x7FFFFFFFu);
    alu("SHL s3, s1, s2", 1, 31, 0x80000000u);
    alu("SHL s3, s1, s2", 1, 33, 2);          /* rs2[4:0] */
    alu("SHL s3, s1, s0", 0x1234u, 0, 0x1234u); /* D1: shift by s0 is a move, not ABS */
    alu("SHL s3, s1, s0", 0xFFFFFFFBu, 0, 0xFFFFFFFBu);
    alu("ABS s3, s1", 0xFFFFFFFBu, 0, 5);
    alu("ABS s3, s1", 5, 0, 5);
    alu("ABS s3, s1", 0, 0, 0);
    alu("ABS s3, s1", 0x80000000u, 0, 0x80000000u); /* wraps */
    alu("MIN s3, s1, s2", 0xFFFFFFFFu, 1, 0xFFFFFFFFu);
    alu("MAX s3, s1, s2", 0xFFFFFFFFu, 1, 1);
    alu("MIN s3, s1, s2", 0x80000000u, 0x7FFFFFFFu, 0x80000000u);
    alu("MAX s3, s1, s2", 0x80000000u, 0x7FFFFFFFu, 0x7FFFFFFFu);
    alu("XOR s3, s1, s2", 0xF0F0F0F0u, 0xFF00FF00u, 0x0FF00FF0u);
    alu("OR s3, s1, s2", 0xF0F0F0F0u, 0xFF00FF00u, 0xFFF0FFF0u);
    alu("AND s3, s1, s2", 0xF0F0F0F0u, 0xFF00FF00u, 0xF000F000u);
    alu("LSR s3, s1, s2", 0x80000000u, 31, 1);
    alu("LSR s3, s1, s2", 0x80000000u, 35, 0x10000000u);
    alu("ASR s3, s1, s2", 0x80000000u, 31, 0xFFFFFFFFu);
    alu("ASR s3, s1, s2", 0x80000000u, 4, 0xF8000000u);
    alu("ASR s3, s1, s2", 0x40000000u, 4, 0x04000000u);
    alu("ASR s3, s1, s2", 0x80000001u, 0, 0x80000001u);
    alu("MUL s3, s1, s2", 0x10000u, 0x10000u, 0);
    alu("MUL s3, s1, s2", 0xFFFFFFFFu, 0xFFFFFFFFu, 1);
    alu("MUL s3, s1, s2", 12345, 6789, 83810205u);
    alu("MUL s3, s1, s2", 0xFFFFFFFDu, 7, 0xFFFFFFEBu);
    /* D2: flags Z=1 N=2 C=4 V=8 */
    alu("CMP s3, s1, s2", 5, 5, 0x1);
    alu("CMP s3, s1, s2", 1, 2, 0x6);
    alu("CMP s3, s1, s2", 2, 1, 0x0);
    alu("CMP s3, s1, s2", 0x80000000u, 1, 0x8);
    alu("CMP s3, s1, s2", 0x7FFFFFFFu, 0xFFFFFFFFu, 0xE);
    alu("CMP s3, s1, s2", 0xFFFFFFFFu, 0x7FFFFFFFu, 0x2); /* -1 - max = 0x80000000: N, no V */
    alu("CMPU s3, s1, s2", 1, 2, 0x4);
    alu("CMPU s3, s1, s2", 2, 1, 0x0);
    alu("CMPU s3, s1, s2", 3, 3, 0x1);
    alu("CMPU s3, s1, s2", 0x80000000u, 1, 0x0);
    alu("CMPU s3, s1, s2", 1, 0x80000000u, 0x4);
    alu("CMPEQ s3, s1, s2", 3, 3, 0x1);
    alu("CMPEQ s3, s1, s2", 1, 2, 0x0);
    alu("CMPEQ s3, s1, s2", 0x80000000u, 1, 0x0);
    alu("CLZ s3, s1", 0, 0, 32);
    alu("CLZ s3, s1", 1, 0, 31);
    alu("CLZ s3, s1", 0x80000000u, 0, 0);
    alu("CLZ s3, s1", 0x00010000u, 0, 15);
    alu("CTZ s3, s1", 0, 0, 32);
    alu("CTZ s3, s1", 0x80000000u, 0, 31);
    alu("CTZ s3, s1", 1, 0, 0);
    alu("CTZ s3, s1", 0x00010000u, 0, 16);
    alu("ADDI s3, s1, -1", 5, 0, 4);
    alu("ADDI s3, s1, 2047", 1, 0, 2048);
    alu("ADDI s3, s0, -2048", 0, 0, 0xFFFFF800u);
    alu("XORI s3, s1, -1", 0x12345678u, 0, 0xEDCBA987u);
    alu("ANDI s3, s1, -1", 0x12345678u, 0, 0x12345678u);
    alu("ANDI s3, s1, 255", 0x12345678u, 0, 0x78u);
    alu("ORI s3, s1, -2048", 0x12345678u, 0, 0xFFFFFE78u);
    alu("SHLI s3, s1, 31", 3, 0, 0x80000000u);
    alu("LSRI s3, s1, 31", 0xFFFFFFFFu, 0, 1);
    alu("ASRI s3, s1, 31", 0x80000000u, 0, 0xFFFFFFFFu);
    alu("ASRI s3, s1, 1", 0x7FFFFFFEu, 0, 0x3FFFFFFFu);
    alu("LUI s3, 0xFFFFF", 0, 0, 0xFFFFF000u);
    alu("LUI s3, 1", 0, 0, 0x1000u);
    /* s0 is hardwired to 0; a write to it is not recorded */
    run_ok(&t1, "ADDI s0, s0, 5\nADD s3, s0, s0\nLUI s0, 7\nCSRRS s4, STATUS, s0\nWFI\n");
    CHECK(t1.core[0].s[0] == 0 && t1.core[0].s[3] == 0, "s0 not zero");
}

static void test_branches(void)
{
    static const uint32_t pa[5][2] = {{1, 2}, {2, 1}, {2, 2}, {0xFFFFFFFFu, 1}, {1, 0xFFFFFFFFu}};
    static const struct {
        const char *mn;
        int taken[5];
    } br[] = {
        {"BEQ", {0, 0, 1, 0, 0}},  {"BNE", {1, 1, 0, 1, 1}},  {"BLT", {1, 0, 0, 1, 0}},
        {"BGE", {0, 1, 1, 0, 1}},  {"BLTU", {1, 0, 0, 0, 1}}, {"BGEU", {0, 1, 1, 1, 0}},
    };
    for (unsigned b = 0; b < 6; b++) {
        for (unsigned p = 0; p < 5; p++) {
            run_ok(&t1, P("MOVI s1, 0x%x\nMOVI s2, 0x%x\n%s s1, s2, T\nADDI s3, s0, 1\nWFI\n"
                          "T: ADDI s3, s0, 2\nWFI\n", pa[p][0], pa[p][1], br[b].mn));
            CHECK(t1.core[0].s[3] == (br[b].taken[p] ? 2u : 1u), "%s 0x%x, 0x%x: %s", br[b].mn,
                  pa[p][0], pa[p][1], br[b].taken[p] ? "not taken" : "taken");
        }
    }
    /* backward branch: a counted loop */
    run_ok(&t1, "ADDI s1, s0, 10\nADDI s2, s0, 0\nL: ADD s2, s2, s1\nADDI s1, s1, -1\n"
                "BNE s1, s0, L\nWFI\n");
    CHECK(t1.core[0].s[2] == 55, "loop sum %u", t1.core[0].s[2]);
    /* JAL: link = pc + 4, far target inside +-128 KiB */
    run_ok(&t1, "JAL s5, far\nWFI\n.org 0x101F000\nfar: ADDI s3, s0, 9\nWFI\n");
    CHECK(t1.core[0].s[5] == BASE + 4 && t1.core[0].s[3] == 9, "JAL far: link 0x%08x",
          t1.core[0].s[5]);
    /* JALR: (rs1 + imm) & ~1, link written after rs1 was read (rd == rs1) */
    run_ok(&t1, "MOVI s1, T+1\nJALR s1, s1, 0\nWFI\nT: ADDI s3, s0, 3\nWFI\n");
    CHECK(t1.core[0].s[3] == 3 && t1.core[0].s[1] == BASE + 12, "JALR bit 0: s1=0x%08x",
          t1.core[0].s[1]);
    run_ok(&t1, "MOVI s1, T-100\nJALR s6, s1, 100\nWFI\nT: ADDI s3, s0, 4\nWFI\n");
    CHECK(t1.core[0].s[3] == 4 && t1.core[0].s[6] == BASE + 12, "JALR imm");
    /* D4/D12: a jump to an address with bit 1 set retires; the fetch faults */
    faults(&t1, "MOVI s1, T+2\nJALR s6, s1, 0\nWFI\nT: WFI\nWFI\n", SHD_TRAP_FETCH_MISALIGNED, BASE + 18);
    CHECK(t1.core[0].s[6] == BASE + 12 && t1.fault.insn == 0, "the JALR retired before the fault");
    faults(&t1, "NOP\nBEQ s0, s0, .+6\nWFI\nWFI\n", SHD_TRAP_FETCH_MISALIGNED, BASE + 10);
    faults(&t1, "JAL s0, .+2\nWFI\n", SHD_TRAP_FETCH_MISALIGNED, BASE + 2);
    /* running off the end of memory */
    shd_image_t img;
    memset(&img, 0, sizeof img);
    CHECK(shd_assemble("NOP\nNOP\n", 0x1FFFFF8u, &img) == 0, "%s", img.err);
    memcpy(t1.mem + 0x1FFFFF8u, img.bytes, 8);
    shd_image_free(&img);
    shd_tile_launch(&t1, 0x1FFFFF8u, ARG, 0, false);
    CHECK(shd_tile_run(&t1, 100, SHD_SCHED_RR, 1) == SHD_RUN_FAULT &&
          t1.fault.trap == SHD_TRAP_FETCH_RANGE && t1.fault.pc == 0x2000000u && t1.retired == 2,
          "fetch past 32 MiB");
    memset(t1.mem + 0x1FFFFF8u, 0, 8);
    shd_tile_launch(&t1, BASE + 2, ARG, 0, false);
    CHECK(shd_tile_run(&t1, 100, SHD_SCHED_RR, 1) == SHD_RUN_FAULT &&
          t1.fault.trap == SHD_TRAP_FETCH_MISALIGNED && t1.retired == 0, "misaligned entry");
}

static const uint8_t pattern[8] = {0x80, 0x7F, 0xFF, 0x01, 0x34, 0x12, 0x78, 0x56};

static void set_pattern(shd_tile_t *t)
{
    memset(t->mem + ARG, 0, 64);
    memcpy(t->mem + ARG, pattern, 8);
}

/* one load through the four addressing modes (D5): s1 = ARG, offset off */
static void load4(const char *mn, unsigned off, uint32_t want, int misaligned)
{
    const char *forms[4] = {"%s s3, %u(s1)", "ADDI s2, s0, %u\n%s s3, (s1+s2)",
                            "ADDI s4, s1, %u\n%s s3, (s4)", "%s s3, data+%u"};
    for (unsigned f = 0; f < 4; f++) {
        char body[128];
        if (f == 0 || f == 3) {
            snprintf(body, sizeof body, forms[f], mn, off);
        } else {
            snprintf(body, sizeof body, forms[f], off, mn);
        }
        set_pattern(&t1);
        run_ok(&t1, P("MOVI s1, 0x%x\n%s\nWFI\ndata: .byte 0x80, 0x7F, 0xFF, 0x01, 0x34, 0x12, "
                      "0x78, 0x56\n", ARG, body));
        CHECK(t1.core[0].s[3] == want, "%s (form %u): 0x%08x, expected 0x%08x", body, f,
              t1.core[0].s[3], want);
        CHECK(t1.core[0].status == (misaligned ? SHD_STATUS_MISALIGNED : 0u), "%s: STATUS %u",
              body, t1.core[0].status);
    }
}

static void test_memory(void)
{
    /* loads sign-extend; little-endian; misaligned allowed and flagged (D14) */
    load4("LB", 0, 0xFFFFFF80u, 0);
    load4("LB", 1, 0x7F, 0);
    load4("LH", 0, 0x00007F80u, 0);
    load4("LH", 2, 0x000001FFu, 0);
    load4("LH", 1, 0xFFFFFF7Fu, 1);
    load4("LW", 0, 0x01FF7F80u, 0);
    load4("LW", 4, 0x56781234u, 0);
    load4("LW", 1, 0x3401FF7Fu, 1);
    load4("LW", 3, 0x78123401u, 1);
    /* stores: the data register is the rd field (D6), all modes, exact bytes */
    static const struct {
        const char *st;
        unsigned off, n;
        int mis;
    } sv[] = {{"SB", 5, 1, 0}, {"SH", 6, 2, 0}, {"SH", 3, 2, 1}, {"SW", 8, 4, 0}, {"SW", 3, 4, 1}};
    for (unsigned i = 0; i < sizeof sv / sizeof sv[0]; i++) {
        for (unsigned f = 0; f < 3; f++) {
            static const char *form[3] = {"%s s5, %u(s1)", "ADDI s2, s0, %u\n%s s5, (s2+s1)",
                                          "ADDI s4, s1, %u\n%s s5, (s4)"};
            char body[128];
            if (f == 0) {
                snprintf(body, sizeof body, form[f], sv[i].st, sv[i].off);
            } else {
                snprintf(body, sizeof body, form[f], sv[i].off, sv[i].st);
            }
            memset(t1.mem + ARG, 0xEE, 16);
            run_ok(&t1, P("MOVI s1, 0x%x\nMOVI s5, 0x11223344\n%s\nWFI\n", ARG, body));
            static const uint8_t val[4] = {0x44, 0x33, 0x22, 0x11};
            for (unsigned b = 0; b < 16; b++) {
                uint8_t want = (b >= sv[i].off && b < sv[i].off + sv[i].n) ? val[b - sv[i].off] : 0xEE;
                CHECK(t1.mem[ARG + b] == want, "%s: byte %u = 0x%02x, expected 0x%02x", body, b,
                      t1.mem[ARG + b], want);
            }
            CHECK(t1.core[0].status == (sv[i].mis ? 1u : 0u), "%s: STATUS", body);
        }
    }
    /* pc-relative store into the program's own data, then read back */
    run_ok(&t1, "MOVI s5, 0xCAFEF00D\nSW s5, slot\nLW s6, slot\nSH s5, slot+5\nLB s7, slot+6\n"
                "WFI\nslot: .word 0, 0\n");
    CHECK(t1.core[0].s[6] == 0xCAFEF00Du && rd32(&t1, BASE + 28) == 0xCAFEF00Du &&
          t1.mem[BASE + 33] == 0x0D && t1.mem[BASE + 34] == 0xF0 && t1.core[0].s[7] == 0xFFFFFFF0u,
          "pc-relative store/load");
    /* STATUS.MISALIGNED is sticky, cleared by a CSR write only */
    run_ok(&t1, P("MOVI s1, 0x%x\nLW s2, 1(s1)\nLW s2, 0(s1)\nCSRRS s3, STATUS, s0\n"
                  "CSRRW s4, STATUS, s0\nCSRRS s5, STATUS, s0\nLH s2, 2(s1)\nCSRRS s6, STATUS, s0\nWFI\n", ARG));
    CHECK(t1.core[0].s[3] == 1 && t1.core[0].s[4] == 1 && t1.core[0].s[5] == 0 &&
          t1.core[0].s[6] == 0, "sticky MISALIGNED");
    /* D12 MEM_RANGE: every byte below 32 MiB, no wrap; nothing written */
    run_ok(&t1, "MOVI s1, 0x1FFFFFC\nLW s2, (s1)\nLB s3, 3(s1)\nSB s3, 3(s1)\nWFI\n");
    faults(&t1, "MOVI s1, 0x1FFFFFE\nADDI s2, s0, 7\nLW s2, (s1)\nWFI\n", SHD_TRAP_MEM_RANGE, BASE + 12);
    CHECK(t1.core[0].s[2] == 7 && t1.fault.trap_addr == 0x1FFFFFEu, "faulting load wrote rd");
    wr32(&t1, 0x1FFFFFCu, 0xA5A5A5A5u);
    faults(&t1, "MOVI s1, 0x1FFFFFF\nSH s1, (s1)\nWFI\n", SHD_TRAP_MEM_RANGE, BASE + 8);
    CHECK(rd32(&t1, 0x1FFFFFCu) == 0xA5A5A5A5u, "faulting store wrote memory");
    faults(&t1, "ADDI s1, s0, -16\nSW s1, (s1)\nWFI\n", SHD_TRAP_MEM_RANGE, BASE + 4);
    faults(&t1, "MOVI s1, 0x2000000\nLB s2, -1(s1)\nLB s2, (s1)\nWFI\n", SHD_TRAP_MEM_RANGE, BASE + 12);
}

static void atom(const char *mn, uint32_t m, uint32_t b, uint32_t rdin, uint32_t old, uint32_t nv)
{
    wr32(&t1, ARG, m);
    run_ok(&t1, P("MOVI s1, 0x%x\nMOVI s2, 0x%x\nMOVI s3, 0x%x\n%s s3, s2, (s1)\nWFI\n", ARG, b,
                  rdin, mn));
    CHECK(t1.core[0].s[3] == old && rd32(&t1, ARG) == nv,
          "%s mem=0x%x op=0x%x rd=0x%x: old 0x%08x (want 0x%08x) new 0x%08x (want 0x%08x)", mn, m,
          b, rdin, t1.core[0].s[3], old, rd32(&t1, ARG), nv);
}

static shd_ret_t rec_last;
static void keep_last(void *ctx, const shd_ret_t *r)
{
    (void)ctx;
    if (r->mem) {
        rec_last = *r;
    }
}

static void test_atomics(void)
{
    atom("ATOM.ADD", 5, 7, 0, 5, 12);
    atom("ATOM.ADD", 0xFFFFFFFFu, 1, 0, 0xFFFFFFFFu, 0);
    atom("ATOM.MIN", 5, 0xFFFFFFFDu, 0, 5, 0xFFFFFFFDu);
    atom("ATOM.MIN", 0xFFFFFFFDu, 5, 0, 0xFFFFFFFDu, 0xFFFFFFFDu);
    atom("ATOM.MAX", 5, 0xFFFFFFFDu, 0, 5, 5);
    atom("ATOM.MAX", 0x80000000u, 0, 0, 0x80000000u, 0);
    atom("ATOM.XCHG", 5, 9, 0, 5, 9);
    atom("ATOM.CAS", 5, 5, 77, 5, 77); /* D8: success, rd = new in, old out */
    atom("ATOM.CAS", 5, 6, 77, 5, 5);  /* failure: nothing written */
    atom("ATOM.AND", 0xF0F0u, 0xFF00u, 0, 0xF0F0u, 0xF000u);
    atom("ATOM.OR", 0xF0F0u, 0xFF00u, 0, 0xF0F0u, 0xFFF0u);
    atom("ATOM.XOR", 0xF0F0u, 0xFF00u, 0, 0xF0F0u, 0x0FF0u);
    /* the records: a failing CAS reads and writes nothing */
    t1.on_ret = keep_last;
    wr32(&t1, ARG, 5);
    run_ok(&t1, P("MOVI s1, 0x%x\nADDI s2, s0, 6\nATOM.CAS s3, s2, (s1)\nWFI\n", ARG));
    CHECK(rec_last.mem == SHD_MEM_ATOM && rec_last.mem_rdata == 5 && rec_last.mem_wmask == 0,
          "failing CAS record");
    run_ok(&t1, P("MOVI s1, 0x%x\nADDI s2, s0, 5\nATOM.ADD s3, s2, (s1)\nWFI\n", ARG));
    CHECK(rec_last.mem == SHD_MEM_ATOM && rec_last.mem_rdata == 5 && rec_last.mem_wmask == 0xF &&
          rec_last.mem_wdata == 10 && rec_last.rd_wr && rec_last.rd_val == 5, "ATOM.ADD record");
    set_pattern(&t1);
    run_ok(&t1, P("MOVI s1, 0x%x\nMOVI s5, 0xAABBCCDD\nSH s5, 3(s1)\nWFI\n", ARG));
    CHECK(rec_last.mem == SHD_MEM_STORE && rec_last.mem_addr == ARG + 3 && rec_last.mem_size == 2 &&
          rec_last.mem_wdata == 0xCCDDu && rec_last.mem_wmask == 3 && !rec_last.rd_wr, "SH record");
    run_ok(&t1, P("MOVI s1, 0x%x\nLH s2, 1(s1)\nWFI\n", ARG));
    CHECK(rec_last.mem == SHD_MEM_LOAD && rec_last.mem_addr == ARG + 1 && rec_last.mem_rdata == 0xFF7Fu &&
          rec_last.rd_val == 0xFFFFFF7Fu && rec_last.mem_wmask == 0, "LH record");
    t1.on_ret = NULL;
    /* rd = rs1, rd = s0 */
    wr32(&t1, ARG, 40);
    run_ok(&t1, P("MOVI s1, 0x%x\nADDI s2, s0, 2\nATOM.ADD s1, s2, (s1)\nMOVI s4, 0x%x\n"
                  "ATOM.ADD s0, s2, (s4)\nWFI\n", ARG, ARG));
    CHECK(t1.core[0].s[1] == 40 && rd32(&t1, ARG) == 44, "atomic with rd = rs1 / rd = s0");
    /* D12: misaligned atomics fault (before the range check), nothing written */
    wr32(&t1, ARG, 1);
    faults(&t1, P("MOVI s1, 0x%x\nATOM.ADD s3, s1, (s1)\nWFI\n", ARG + 2), SHD_TRAP_ATOM_MISALIGNED, BASE + 8);
    CHECK(rd32(&t1, ARG) == 1 && t1.fault.trap_addr == ARG + 2, "misaligned atomic wrote");
    faults(&t1, "MOVI s1, 0x1FFFFFF\nATOM.OR s3, s1, (s1)\nWFI\n", SHD_TRAP_ATOM_MISALIGNED, BASE + 8);
    faults(&t1, "MOVI s1, 0x2000000\nATOM.OR s3, s1, (s1)\nWFI\n", SHD_TRAP_MEM_RANGE, BASE + 8);
    /* 4 cores x 100 atomic adds on one word: coherent under any interleaving */
    for (unsigned s = 0; s < 5; s++) {
        wr32(&t4, ARG, 0);
        shd_run_e r = run_on(&t4, P("MOVI s1, 0x%x\nCSRRS s2, CORE_ID, s0\nADDI s2, s2, 1\n"
                                    "ADDI s5, s0, 100\nL: ATOM.ADD s0, s2, (s1)\nADDI s5, s5, -1\n"
                                    "BNE s5, s0, L\nWFI\n", ARG), s ? SHD_SCHED_RANDOM : SHD_SCHED_RR, s);
        CHECK(r == SHD_RUN_DONE && rd32(&t4, ARG) == 1000, "contended ATOM.ADD: %u", rd32(&t4, ARG));
    }
}

static void test_system(void)
{
    /* D11: CSR values and access rules */
    run_ok(&t4, P("CSRRS s1, CORE_ID, s0\nCSRRS s2, NCORES, s0\nCSRRS s3, ARG_BASE, s0\n"
                  "CSRRS s4, TILE_OFFSET, s0\nSHLI s5, s1, 4\nADD s5, s5, s3\nSW s1, 0(s5)\n"
                  "SW s2, 4(s5)\nSW s4, 8(s5)\nWFI\n"));
    for (unsigned c = 0; c < 4; c++) {
        CHECK(rd32(&t4, ARG + 16 * c) == c && rd32(&t4, ARG + 16 * c + 4) == 4 &&
              rd32(&t4, ARG + 16 * c + 8) == TOFF && t4.core[c].s[3] == ARG,
              "core %u CSRs", c);
    }
    run_ok(&t1, "CSRRS s1, NCORES, s0\nCSRRS s2, TIME, s0\nNOP\nNOP\nCSRRS s3, TIME, s0\nWFI\n");
    CHECK(t1.core[0].s[1] == 1 && t1.core[0].s[2] == 1 && t1.core[0].s[3] == 4,
          "NCORES/TIME (TIME = retired before this instruction): %u %u", t1.core[0].s[2],
          t1.core[0].s[3]);
    run_ok(&t1, "ADDI s1, s0, -1\nCSRRW s2, STATUS, s1\nCSRRS s3, STATUS, s0\nCSRRW s4, CONFIG, s1\n"
                "CSRRS s5, CONFIG, s0\nCSRRW s0, CONFIG, s0\nADDI s6, s0, 2\nCSRRS s7, CONFIG, s6\n"
                "CSRRS s8, CONFIG, s0\nWFI\n");
    CHECK(t1.core[0].s[2] == 0 && t1.core[0].s[3] == 1 && t1.core[0].s[4] == 0 &&
          t1.core[0].s[5] == 7 && t1.core[0].s[7] == 0 && t1.core[0].s[8] == 2,
          "STATUS/CONFIG read-write masks");
    faults(&t1, "CSRRW s1, CORE_ID, s0\nWFI\n", SHD_TRAP_ILLEGAL, BASE);
    faults(&t1, "CSRRS s1, TIME, s1\nWFI\n", SHD_TRAP_ILLEGAL, BASE); /* field != 0 although s1 = 0 */
    faults(&t1, "CSRRS s1, 0x7C0, s0\nWFI\n", SHD_TRAP_ILLEGAL, BASE);
    faults(&t1, "CSRRS s1, FSTATUS, s0\nWFI\n", SHD_TRAP_ILLEGAL, BASE);
    faults(&t1, "CSRRS s1, VMASK, s0\nWFI\n", SHD_TRAP_ILLEGAL, BASE);
    faults(&t1, "CSRRS s1, 0x000, s0\nWFI\n", SHD_TRAP_ILLEGAL, BASE);
    faults(&t1, "CSRRS s1, 0x800, s0\nWFI\n", SHD_TRAP_ILLEGAL, BASE);
    /* D9: SETMISC */
    run_ok(&t1, "SETMISC s3, 0x3F, 0x05\nSETMISC s4, 0x03, 0x02\nSETMISC s5, 0x38, 0x38\n"
                "CSRRS s6, CONFIG, s0\nWFI\n");
    CHECK(t1.core[0].s[3] == 0 && t1.core[0].s[4] == 5 && t1.core[0].s[5] == 6 &&
          t1.core[0].s[6] == 6 && t1.core[0].config == 6, "SETMISC %u %u %u %u", t1.core[0].s[3],
          t1.core[0].s[4], t1.core[0].s[5], t1.core[0].s[6]);
    /* MEMBAR retires and does nothing visible in the ISS */
    run_ok(&t1, "ADDI s1, s0, 3\nMEMBAR\nADDI s1, s1, 1\nWFI\n");
    CHECK(t1.core[0].s[1] == 4 && t1.retired == 4, "MEMBAR");
    /* D13: launch state and the done report */
    shd_tile_launch(&t4, BASE, ARG, TOFF, true);
    CHECK(t4.core[2].s[5] == 0x5A5A0205u && t4.core[2].s[0] == 0 && t4.core[2].pc == BASE,
          "poison");
    run_ok(&t4, P("CSRRS s1, CORE_ID, s0\nADDI s2, s0, 1\nBNE s1, s2, E\nMOVI s3, 0x%x\nLW s3, 1(s3)\n"
                  "E: WFI\n", ARG));
    CHECK(shd_tile_status_or(&t4) == 1 && t4.core[1].status == 1 && t4.core[0].status == 0,
          "done report: OR of STATUS");
    CHECK(t4.core[0].s[7] == 0 && t4.core[3].config == 0, "registers start at 0");
}

static const uint32_t illegal[] = {
    0x00000000u, 0xFFFFFFFFu,
    0x0800000Bu, /* OP_INT funct7 0000100 */
    0x4000200Bu, /* MIN with the alternate funct7 */
    0x0200100Bu, /* MULH (reserved) */
    0x4010100Bu, /* ABS with rs2 != 0 */
    0x0610000Bu, /* CLZ with rs2 != 0 */
    0x0600200Bu, /* count group funct3 010 */
    0x0400300Bu, /* CMP funct3 011 */
    0x1000000Bu, /* FP16 FADD (later) */
    0x1200000Bu, /* FRECIP (later) */
    0x00002017u, 0x00003017u, /* OP_INT_IMM funct3 010/011 */
    0x40001017u, /* SHLI with imm[11:5] = 0100000 */
    0x02005017u, /* LSRI with imm[11:5] = 0000001 */
    0x0000700Cu, 0x0000700Du, /* LOAD/STORE funct3 111 */
    0x0000300Cu, /* register form, mode 00 */
    0x0400300Cu, /* register form, mode 10 */
    0x1A00300Cu, /* register form, size 11 */
    0x2200300Cu, /* register form, funct7[6:4] != 0 */
    0x0610300Cu, /* base mode with rs2 != 0 */
    0x0000E00Cu, /* pc-relative with rs1 != 0 */
    0x02000014u, /* raster RSTATE (later) */
    0x04000014u, /* opcode 0010100 funct7 0000010 */
    0x0000500Fu, 0x0000600Fu, /* SYSTEM power/debug */
    0x0000008Fu, /* MEMBAR with rd != 0 */
    0x0000F00Fu, /* WFI with rs1 != 0 */
    0x0010400Fu, /* BARRIER with a nonzero immediate */
    0x0000B00Fu, /* SETMISC with rs1 != 0 */
    0x0000002Fu, 0x00000011u, 0x00000012u, 0x00000013u, 0x00000015u, 0x00000010u, /* vector/tex */
    0x0000002Bu, /* seed 003 */
    0x0000007Fu, 0x00000003u, 0x00000033u, 0x00000063u, 0x0000006Fu, /* unused opcodes */
};

static unsigned after_fault;
static bool seen_fault;
static void count_after(void *ctx, const shd_ret_t *r)
{
    (void)ctx;
    after_fault += seen_fault;
    seen_fault = seen_fault || r->trap;
}

static void test_illegal(void)
{
    for (unsigned i = 0; i < sizeof illegal / sizeof illegal[0]; i++) {
        CHECK(shd_decode(illegal[i]) == NULL, "0x%08x decodes", illegal[i]);
        faults(&t1, P("ADDI s1, s0, 1\n.word 0x%08x\nADDI s1, s0, 2\nWFI\n", illegal[i]),
               SHD_TRAP_ILLEGAL, BASE + 4);
        CHECK(t1.fault.insn == illegal[i] && t1.core[0].s[1] == 1 && t1.retired == 1 &&
              t1.core[0].pc == BASE + 4, "0x%08x: state after the fault", illegal[i]);
    }
    /* the tile stops: core 2 faults, no core retires anything afterwards */
    for (unsigned s = 0; s < 6; s++) {
        after_fault = 0;
        seen_fault = false;
        t4.on_ret = count_after;
        shd_run_e r = run_on(&t4, P("CSRRS s1, CORE_ID, s0\nADDI s2, s0, 2\nMOVI s3, 0x%x\n"
                                    "ADDI s4, s0, 50\nL: SW s4, (s3)\nADDI s4, s4, -1\nBNE s1, s2, N\n"
                                    ".word 0\nN: BNE s4, s0, L\nWFI\n", ARG),
                             s ? SHD_SCHED_RANDOM : SHD_SCHED_RR, s);
        t4.on_ret = NULL;
        CHECK(r == SHD_RUN_FAULT && t4.fault.core == 2 && t4.fault.trap == SHD_TRAP_ILLEGAL &&
              t4.fault.pc == BASE + 32 && t4.fault.insn == 0 && after_fault == 0 &&
              shd_tile_done(&t4), "tile stop on a fault (schedule %u)", s);
    }
    /* the report */
    FILE *f = tmpfile();
    CHECK(f != NULL, "tmpfile");
    shd_tile_fault_report(&t4, f);
    rewind(f);
    char line[256] = "";
    CHECK(fgets(line, sizeof line, f) != NULL, "report");
    fclose(f);
    CHECK(strstr(line, "FAULT ILLEGAL") && strstr(line, "core 2") && strstr(line, "pc 0x01000020") &&
          strstr(line, "instruction 0x00000000"), "report: %s", line);
}

/* D10: each core stores its value, waits at the barrier, then reads its neighbour's */
static const char *barrier_prog(const char *sync)
{
    return P("CSRRS s1, CORE_ID, s0\nMOVI s2, 0x%x\nSHLI s3, s1, 2\nADD s3, s3, s2\n"
             "SHLI s5, s1, 4\nD: ADDI s5, s5, -1\nBGE s5, s0, D\n" /* a delay of 16*id */
             "ADDI s4, s1, 1\nSW s4, (s3)\n%s\n"
             "ADDI s6, s1, 1\nANDI s6, s6, 3\nSHLI s6, s6, 2\nADD s6, s6, s2\nLW s7, (s6)\n"
             "SW s7, 16(s3)\nWFI\n", ARG, sync);
}

static bool barrier_ok(void)
{
    for (unsigned c = 0; c < 4; c++) {
        if (rd32(&t4, ARG + 16 + 4 * c) != ((c + 1) % 4) + 1) {
            return false;
        }
    }
    return true;
}

static void test_barrier(void)
{
    for (unsigned s = 0; s < 30; s++) {
        memset(t4.mem + ARG, 0, 32);
        CHECK(run_on(&t4, barrier_prog("BARRIER"), s ? SHD_SCHED_RANDOM : SHD_SCHED_RR, s) ==
                  SHD_RUN_DONE && barrier_ok(), "barrier exchange, schedule %u", s);
    }
    /* without the barrier the same check fails under some interleaving: the test can fail */
    unsigned wrong = 0;
    for (unsigned s = 0; s < 30; s++) {
        memset(t4.mem + ARG, 0, 32);
        CHECK(run_on(&t4, barrier_prog("NOP"), s ? SHD_SCHED_RANDOM : SHD_SCHED_RR, s) ==
              SHD_RUN_DONE, "no-barrier run");
        wrong += !barrier_ok();
    }
    CHECK(wrong > 0, "the exchange never went wrong without a barrier");
    /* a halted core counts as arrived; barriers match by count */
    CHECK(run_on(&t4, "CSRRS s1, CORE_ID, s0\nADDI s2, s0, 3\nBNE s1, s2, G\nWFI\n"
                      "G: BARRIER\nBARRIER\nBNE s1, s0, H\nBARRIER\nBARRIER\nH: WFI\n",
                 SHD_SCHED_RR, 1) == SHD_RUN_DONE && t4.core[0].order == 9 && t4.core[1].order == 7,
          "barrier with a halted core / unequal counts");
    /* while some core runs, a waiting core does not proceed */
    shd_image_t img;
    memset(&img, 0, sizeof img);
    CHECK(shd_assemble("CSRRS s1, CORE_ID, s0\nBNE s1, s0, W\nBARRIER\nADDI s3, s0, 1\nWFI\n"
                       "W: ADDI s4, s0, 5\nL: ADDI s4, s4, -1\nBNE s4, s0, L\nBARRIER\nWFI\n",
                       BASE, &img) == 0, "%s", img.err);
    memcpy(t4.mem + BASE, img.bytes, img.size);
    shd_image_free(&img);
    shd_tile_launch(&t4, BASE, ARG, 0, false);
    shd_ret_t r;
    shd_tile_step(&t4, 0, &r);
    shd_tile_step(&t4, 0, &r);
    shd_tile_step(&t4, 0, &r);
    CHECK(t4.core[0].state == SHD_CORE_BARRIER, "core 0 waits");
    for (unsigned c = 1; c < 4; c++) {
        for (unsigned k = 0; k < 14; k++) {
            shd_tile_step(&t4, c, &r);
        }
        CHECK(t4.core[0].state == (c < 3 ? SHD_CORE_BARRIER : SHD_CORE_RUN), "release after core %u", c);
    }
}

int main(void)
{
    if (shd_tile_init(&t1, 1, NULL) || shd_tile_init(&t4, 4, NULL)) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    test_table();
    test_roundtrip();
    test_assembler();
    test_alu();
    test_branches();
    test_memory();
    test_atomics();
    test_system();
    test_illegal();
    test_barrier();
    shd_tile_free(&t1);
    shd_tile_free(&t4);
    printf("test_shader_isa: %lu checks passed\n", checks);
    return 0;
}
