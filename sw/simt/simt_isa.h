/* simt_isa.h - the 16-bit SIMT ISA of seed 002 (with ADDENDUM section 7).
 *
 * ONE decode table (simt_ops[] in simt_isa.c) drives the assembler, the disassembler,
 * the reference simulator and the random program generator. Each entry carries the
 * mnemonic, match/mask, the operand fields and the execute function.
 *
 * Semantics (docs/simt.md "Spec decisions"):
 *   - registers are 8 bit, arithmetic wraps modulo 256; MUL keeps the low 8 bits
 *   - DIV is unsigned; DIV by zero gives 0xFF (SIMT_DIV0_RESULT)
 *   - CMP: NZP = sign of (signed8(Rs) - signed8(Rt)), computed without wrapping
 *   - R13..R15 (blockIdx, blockDim, threadIdx) are read only: writes to them are dropped
 *   - BR bit 8 and all 'x' bits are ignored; opcodes 0xB..0xE execute as NOP
 *   - RET ends the thread; the PC wraps modulo 256
 */
#ifndef SIMT_ISA_H
#define SIMT_ISA_H

#include <stdbool.h>
#include <stdint.h>

#define SIMT_NREGS          16
#define SIMT_REG_BLOCKIDX   13
#define SIMT_REG_BLOCKDIM   14
#define SIMT_REG_THREADIDX  15
#define SIMT_DIV0_RESULT    0xFFu
#define SIMT_PROG_WORDS     256
#define SIMT_DATA_BYTES     256

/* NZP register bits (same order as the BR condition field, bits 11..9) */
#define SIMT_NZP_N 4u
#define SIMT_NZP_Z 2u
#define SIMT_NZP_P 1u

/* operand fields, in assembly order */
enum {
    SIMT_F_NZP = 1u << 0, /* [11:9] branch condition, part of the mnemonic */
    SIMT_F_D   = 1u << 1, /* [11:8] destination */
    SIMT_F_S   = 1u << 2, /* [7:4]  source s */
    SIMT_F_T   = 1u << 3, /* [3:0]  source t */
    SIMT_F_IMM = 1u << 4  /* [7:0]  immediate / branch target */
};

/* how the random program generator may use an entry */
typedef enum {
    SIMT_GEN_FREE,   /* any operands: ALU-type instruction */
    SIMT_GEN_BRANCH, /* BR: forward targets only, loops by template */
    SIMT_GEN_MEM,    /* LDR/STR: address by template */
    SIMT_GEN_JUMP,   /* JMP: forward target by template */
    SIMT_GEN_END     /* RET */
} simt_gen_e;

typedef struct {
    uint8_t r[SIMT_NREGS];
    uint8_t nzp;
    uint8_t pc;
    bool done;
} simt_thread_t;

/* Every observable effect of one instruction on one thread (the lockstep funnel). */
typedef struct {
    bool wb;        /* register write (false for writes to R13..R15) */
    uint8_t rd;
    uint8_t wdata;
    bool nzp_wr;
    uint8_t nzp;
    bool ld;        /* a data-memory read happened at laddr */
    uint8_t laddr;
    bool st;
    uint8_t saddr;
    uint8_t sdata;
    bool ret;
    uint8_t next_pc;
} simt_effect_t;

typedef uint8_t (*simt_load_fn)(void *ctx, uint8_t addr);

typedef struct simt_op {
    const char *mn;
    uint16_t match;
    uint16_t mask;
    unsigned fields;
    simt_gen_e gen;
    void (*exec)(const simt_thread_t *th, uint16_t insn, simt_effect_t *e,
                 simt_load_fn load, void *ctx);
} simt_op_t;

extern const simt_op_t simt_ops[];
extern const unsigned simt_nops;

/* field extraction */
static inline unsigned simt_fd(uint16_t w) { return (w >> 8) & 0xFu; }
static inline unsigned simt_fs(uint16_t w) { return (w >> 4) & 0xFu; }
static inline unsigned simt_ft(uint16_t w) { return w & 0xFu; }
static inline unsigned simt_fimm(uint16_t w) { return w & 0xFFu; }
static inline unsigned simt_fnzp(uint16_t w) { return (w >> 9) & 0x7u; }

/* bits covered by a field set */
uint16_t simt_field_bits(unsigned fields);
/* entry for a word, NULL for a reserved opcode (executes as NOP) */
const simt_op_t *simt_decode(uint16_t insn);
/* entry by mnemonic (case-insensitive); BR with a condition suffix maps to BR */
const simt_op_t *simt_find(const char *mn);
/* encode an entry with operand values (d/s/t/imm/nzp as applicable) */
uint16_t simt_encode(const simt_op_t *op, unsigned nzp, unsigned d, unsigned s, unsigned t,
                     unsigned imm);

/* thread state at block start: R0..R12 zero, NZP zero, PC zero */
void simt_thread_init(simt_thread_t *th, unsigned block_idx, unsigned block_dim,
                      unsigned thread_idx);
/* execute one instruction (pure: computes effects, does not change the thread) */
void simt_exec(const simt_thread_t *th, uint16_t insn, simt_effect_t *e, simt_load_fn load,
               void *ctx);
/* apply effects to the thread (not to memory) */
void simt_apply(simt_thread_t *th, const simt_effect_t *e);

/* disassemble one word into buf; returns buf. Non-canonical words print as ".word 0xNNNN". */
char *simt_disasm(uint16_t insn, char *buf, unsigned len);

#endif
