/* simt_asm.h - assembler for the seed-002 SIMT ISA (mnemonics from the decode table).
 *
 * Source syntax (one statement per line, case-insensitive mnemonics and registers):
 *   label:                      a label is the address of the next instruction
 *   ADD R0, R0, %threadIdx      registers R0..R15, %blockIdx, %blockDim, %threadIdx
 *   CONST R1, #8                immediates #N or N (decimal, 0x hex, -128..255) or a label
 *   BRnzp LOOP                  BR, BRn, BRz, BRp, BRnz, BRnp, BRzp, BRnzp (BR = BRnzp)
 *   .word 0x1234                a raw instruction word
 *   .org 254                    continue at this instruction address (gap filled with NOP)
 *   .threads 8                  default thread count of the kernel
 *   .data 1 2 3                 initial data memory bytes, appended from address 0
 *   .data @16 5 6               ... or from an explicit address
 *   ; comment   // comment
 */
#ifndef SIMT_ASM_H
#define SIMT_ASM_H

#include <stdbool.h>
#include <stdint.h>

#include "simt_isa.h"

typedef struct {
    uint16_t prog[SIMT_PROG_WORDS];
    unsigned nprog;
    uint8_t data[SIMT_DATA_BYTES];
    unsigned threads; /* from .threads, 0 if absent */
    char err[256];
} simt_image_t;

/* 0 on success, -1 with img->err set */
int simt_assemble(const char *src, simt_image_t *img);
int simt_assemble_file(const char *path, simt_image_t *img);
/* read a whole file into a malloc'd string (NULL on error) */
char *simt_read_file(const char *path);

#endif
