/* shader_asm.h - two-pass assembler for the seed-000 shader ISA (syntax: docs/shader.md,
 * "Assembler"). Mnemonics and operand formats come from the decode table (shd_ops[]).
 *
 *   label:                  a label is the byte address of what follows
 *   ADD s1, s2, s3          registers s0..s31
 *   LW s1, 8(s2)            base + imm12       LW s1, (s2+s3)   base + rs2
 *   LW s1, (s2)             base               LW s1, 8(pc)     pc + imm12
 *   LW s1, table+4          pc-relative to an address (imm = address - pc)
 *   ATOM.ADD s1, s3, (s2)   rd = old mem[s2]; mem[s2] += s3
 *   CSRRS s1, CORE_ID, s0   CSR by name or number
 *   BEQ s1, s2, loop        branch targets: an expression (label, .+N, ...)
 *   MOVI s1, 0x12345678     pseudo-ops: MOVI MOV NOP J JR NOT NEG BEQZ BNEZ BGT BLE BGTU BLEU
 *   .org .align .word .half .byte .space .equ
 *   ; comment    // comment
 */
#ifndef SHADER_ASM_H
#define SHADER_ASM_H

#include <stdint.h>

#include "shader_isa.h"

typedef struct {
    uint32_t base;   /* address of bytes[0] */
    uint8_t *bytes;  /* malloc'd, size bytes */
    uint32_t size;
    uint32_t cap;
    char err[256];   /* "line N: ..." after a failure */
} shd_image_t;

/* 0 on success, -1 with img->err set. img must be zeroed or freed before (shd_image_free). */
int shd_assemble(const char *src, uint32_t base, shd_image_t *img);
int shd_assemble_file(const char *path, uint32_t base, shd_image_t *img);
void shd_image_free(shd_image_t *img);
/* read a whole text file into a malloc'd string (NULL with errno on error; a file with a NUL
 * byte is refused with errno = EINVAL) */
char *shd_read_file(const char *path);

#endif
