/* shader_isa.h - the 32-bit shader ISA of seed 000 (part 1: scalar integer), docs/shader.md.
 *
 * ONE decode table (shd_ops[] in shader_isa.c) drives the assembler, the disassembler, the
 * instruction-set simulator and the random program generator. Each row: mnemonic, match, mask,
 * operand format, unit class, execute function. Every bit of an instruction is either fixed by
 * its row's mask or belongs to one of the format's operand fields, so a word matches at most one
 * row (test_shader_isa proves it) and every matching word has exactly one canonical text.
 * Decisions D1..D15 are numbered as in docs/shader.md.
 */
#ifndef SHADER_ISA_H
#define SHADER_ISA_H

#include <stdbool.h>
#include <stdint.h>

/* ---- memory ---------------------------------------------------------------------------- */
#define SHD_MEM_BYTES 0x2000000u /* 32 MiB: the GPU's memory (GPU_MEM_BYTES) */
#define SHD_MAX_CORES 16u
#define SHD_DEF_CORES 4u

/* ---- opcodes (bits 6:0) ---------------------------------------------------------------- */
#define SHD_OPC_INT      0x0Bu /* 0001011 OP_INT */
#define SHD_OPC_INT_IMM  0x17u /* 0010111 OP_INT_IMM */
#define SHD_OPC_LUI      0x37u /* 0110111 */
#define SHD_OPC_BRANCH   0x0Eu /* 0001110 */
#define SHD_OPC_SYSTEM   0x0Fu /* 0001111 */
#define SHD_OPC_LOAD     0x0Cu /* 0001100 */
#define SHD_OPC_STORE    0x0Du /* 0001101 */
#define SHD_OPC_ATOM     0x14u /* 0010100 atomics (funct7 0) / raster-geometry (funct7 1), D7 */
/* reserved for later issues (shd_reserved[]) */
#define SHD_OPC_VEC      0x2Fu /* 0101111 vector ALU */
#define SHD_OPC_VLD      0x11u /* 0010001 */
#define SHD_OPC_VST      0x12u /* 0010010 */
#define SHD_OPC_TEX      0x13u /* 0010011 */
#define SHD_OPC_VATOM    0x15u /* 0010101 */
#define SHD_OPC_VMOV     0x10u /* 0010000 */
#define SHD_OPC_GFX      0x2Bu /* 0101011 seed 003 */

/* funct7 values of OP_INT */
#define SHD_F7_BASE  0x00u
#define SHD_F7_ALT   0x20u /* SUB, ABS (D1), ASR */
#define SHD_F7_MUL   0x01u
#define SHD_F7_CMP   0x02u
#define SHD_F7_CNT   0x03u
#define SHD_F7_FP16  0x08u /* reserved: FADD..FCVT */
#define SHD_F7_FP16B 0x09u /* reserved: FRECIP, FRSQRT */
/* funct7 values of opcode 0010100 (D7) */
#define SHD_F7_ATOM   0x00u
#define SHD_F7_RASTER 0x01u /* reserved */

/* ---- CSRs (D11) ------------------------------------------------------------------------ */
#define SHD_CSR_STATUS      0x900u
#define SHD_CSR_CONFIG      0x901u
#define SHD_CSR_FSTATUS     0x902u /* reserved (FP16) */
#define SHD_CSR_VSTATUS     0x903u /* reserved (vectors) */
#define SHD_CSR_VMASK       0x904u /* reserved (vectors) */
#define SHD_CSR_CORE_ID     0x910u
#define SHD_CSR_TILE_OFFSET 0x911u
#define SHD_CSR_TIME        0x912u
#define SHD_CSR_ARG_BASE    0x913u
#define SHD_CSR_NCORES      0x914u

#define SHD_STATUS_MISALIGNED 0x1u
#define SHD_STATUS_MASK       0x1u /* writable/defined STATUS bits */
#define SHD_CONFIG_ROUND      0x3u
#define SHD_CONFIG_SAT        0x4u
#define SHD_CONFIG_MASK       0x7u

/* CMP flag bits in rd (D2) */
#define SHD_FLAG_Z 0x1u
#define SHD_FLAG_N 0x2u
#define SHD_FLAG_C 0x4u
#define SHD_FLAG_V 0x8u

/* ---- faults (D12) ---------------------------------------------------------------------- */
typedef enum {
    SHD_TRAP_NONE = 0,
    SHD_TRAP_ILLEGAL = 1,
    SHD_TRAP_FETCH_MISALIGNED = 2,
    SHD_TRAP_FETCH_RANGE = 3,
    SHD_TRAP_MEM_RANGE = 4,
    SHD_TRAP_ATOM_MISALIGNED = 5
} shd_trap_e;
const char *shd_trap_name(unsigned cause);

/* ---- operand formats (assembly syntax and the bits they own) ------------------------------ */
typedef enum {
    SHD_FMT_R,       /* rd, rs1, rs2 */
    SHD_FMT_R1,      /* rd, rs1             (rs2 field fixed 0) */
    SHD_FMT_I,       /* rd, rs1, imm12      (ALU immediates, JALR) */
    SHD_FMT_SH,      /* rd, rs1, shamt5     (imm[11:5] fixed) */
    SHD_FMT_U,       /* rd, imm20 */
    SHD_FMT_B,       /* rs1, rs2, target    (offset imm[12:1]) */
    SHD_FMT_J,       /* rd, target          (offset imm[17:1], D4) */
    SHD_FMT_MI,      /* rd, imm(rs1)        base + imm12 */
    SHD_FMT_MP,      /* rd, imm(pc)         pc + imm12 (rs1 field fixed 0) */
    SHD_FMT_MX,      /* rd, (rs1+rs2)       base + rs2 */
    SHD_FMT_MB,      /* rd, (rs1)           base (rs2 field fixed 0) */
    SHD_FMT_A,       /* rd, rs2, (rs1)      atomics */
    SHD_FMT_CSR,     /* rd, csr, rs1 */
    SHD_FMT_SETMISC, /* rd, mask6, value6   (rs1 field fixed 0) */
    SHD_FMT_NONE,    /* no operands, every bit fixed */
    SHD_FMT_COUNT
} shd_fmt_e;

/* unit classes: the RTL's execution units (and the generator's templates). FP16, VEC, TEX and
 * RASTER are the places for the later issues' rows. */
typedef enum {
    SHD_CLS_ALU,    /* integer ALU, LUI, CMP, CLZ/CTZ */
    SHD_CLS_MUL,
    SHD_CLS_BRANCH, /* B-type */
    SHD_CLS_JUMP,   /* JAL, JALR */
    SHD_CLS_LOAD,
    SHD_CLS_STORE,
    SHD_CLS_ATOM,
    SHD_CLS_CSR,    /* CSRRW, CSRRS, SETMISC */
    SHD_CLS_SYNC,   /* MEMBAR, BARRIER */
    SHD_CLS_HALT,   /* WFI */
    SHD_CLS_FP16,   /* later */
    SHD_CLS_VEC,    /* later */
    SHD_CLS_TEX,    /* later */
    SHD_CLS_RASTER  /* later */
} shd_cls_e;

/* ---- architectural state of one core ---------------------------------------------------- */
typedef enum { SHD_CORE_RUN, SHD_CORE_BARRIER, SHD_CORE_HALTED, SHD_CORE_FAULT } shd_core_state_e;

typedef struct {
    uint32_t w[4];
} shd_v128_t;

typedef struct {
    uint32_t s[32];     /* scalar registers, s[0] always 0 */
    uint16_t f[32];     /* FP16 registers (seed 000 section 4): later issue, unused here */
    shd_v128_t v[32];   /* 128-bit vector registers (section 6): later issue, unused here */
    uint32_t pc;
    uint32_t status;    /* CSR STATUS */
    uint32_t config;    /* CSR CONFIG */
    uint64_t order;     /* instructions retired since the launch */
    shd_core_state_e state;
} shd_core_t;

/* ---- retirement record: every observable effect of one instruction (the lockstep funnel) -- */
typedef enum { SHD_MEM_NONE = 0, SHD_MEM_LOAD = 1, SHD_MEM_STORE = 2, SHD_MEM_ATOM = 3 } shd_mem_kind_e;

typedef struct {
    uint8_t core;
    uint64_t order;     /* per-core retirement index, from 0 */
    uint32_t pc;
    uint32_t insn;      /* 0 for a fetch fault */
    uint32_t next_pc;
    bool rd_wr;         /* a register was written (never for s0) */
    uint8_t rd;
    uint32_t rd_val;
    shd_mem_kind_e mem;
    uint32_t mem_addr;  /* byte address of the first byte */
    uint8_t mem_size;   /* 1, 2 or 4 bytes */
    uint32_t mem_rdata; /* bytes read (raw, little-endian, before sign extension) */
    uint32_t mem_wdata; /* bytes written (raw) */
    uint8_t mem_wmask;  /* bytes written, bit i = byte mem_addr + i (0: nothing written) */
    bool csr_wr;
    uint16_t csr;
    uint32_t csr_val;   /* new CSR value */
    uint8_t trap;       /* shd_trap_e */
    uint32_t trap_addr; /* faulting data address (MEM_RANGE, ATOM_MISALIGNED) */
} shd_ret_t;

/* What an execute function sees of the tile besides its core. */
typedef struct {
    uint8_t *mem;         /* SHD_MEM_BYTES bytes */
    unsigned core_id;
    unsigned ncores;
    uint32_t arg_base;
    uint32_t tile_offset;
    uint32_t time;
    bool barrier;         /* set by BARRIER: the core waits */
    bool halt;            /* set by WFI */
} shd_ctx_t;

typedef void (*shd_exec_fn)(shd_ctx_t *x, shd_core_t *c, uint32_t w, shd_ret_t *r);

typedef struct shd_op {
    const char *mn;
    uint32_t match;
    uint32_t mask;
    shd_fmt_e fmt;
    shd_cls_e cls;
    shd_exec_fn exec;
} shd_op_t;

extern const shd_op_t shd_ops[];
extern const unsigned shd_nops;

/* encoding space reserved for later issues: no row of shd_ops may overlap one */
typedef struct {
    const char *what;
    uint32_t match;
    uint32_t mask;
} shd_reserved_t;
extern const shd_reserved_t shd_reserved[];
extern const unsigned shd_nreserved;

/* ---- fields ------------------------------------------------------------------------------ */
static inline unsigned shd_opcode(uint32_t w) { return w & 0x7Fu; }
static inline unsigned shd_rd(uint32_t w) { return (w >> 7) & 31u; }
static inline unsigned shd_f3(uint32_t w) { return (w >> 12) & 7u; }
static inline unsigned shd_rs1(uint32_t w) { return (w >> 15) & 31u; }
static inline unsigned shd_rs2(uint32_t w) { return (w >> 20) & 31u; }
static inline unsigned shd_f7(uint32_t w) { return w >> 25; }
static inline int32_t shd_imm_i(uint32_t w) { return (int32_t)w >> 20; }
static inline uint32_t shd_imm_u(uint32_t w) { return w >> 12; }
int32_t shd_imm_b(uint32_t w);   /* -4096 .. 4094 */
int32_t shd_imm_j(uint32_t w);   /* -131072 .. 131070 */
uint32_t shd_enc_b(int32_t off); /* offset bits of a B word (off even, in range) */
uint32_t shd_enc_j(int32_t off);

/* bits owned by the operand fields of a format */
uint32_t shd_fmt_fields(shd_fmt_e f);
/* the row a word decodes to, NULL if undefined (illegal, D12) */
const shd_op_t *shd_decode(uint32_t w);
/* rows with this mnemonic (case-insensitive): index of the first, count in *n; -1 if none */
int shd_find(const char *mn, unsigned *n);
/* CSR name <-> number (known CSRs only, reserved ones included with their names) */
const char *shd_csr_name(unsigned csr);
int shd_csr_number(const char *name); /* -1 if unknown */

/* Disassemble one word: canonical text of its row, or ".word 0xXXXXXXXX" when undefined.
 * Branch/jump targets print as ".+N" / ".-N" (relative to the instruction). */
char *shd_disasm(uint32_t w, char *buf, unsigned len);

/* Execute one fetched word on a core (the core's pc is the instruction's). Fills *r (which the
 * caller has cleared and given core/order/pc/insn), updates the core's registers, CSRs, pc and
 * memory. Returns the trap cause (0 = retired). */
unsigned shd_execute(shd_ctx_t *x, shd_core_t *c, uint32_t w, shd_ret_t *r);

/* format a record as one trace line (no newline) */
void shd_ret_str(const shd_ret_t *r, char *buf, unsigned len);

#endif
