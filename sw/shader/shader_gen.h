/* shader_gen.h - seeded random shader programs for a tile: they always terminate, never fault,
 * and their final memory does not depend on how the cores interleave.
 *
 * Program image (assembled at SHD_GEN_BASE):
 *   J start; pool: 16 random read-only words; slots: 16 bytes per core (pc-relative scratch,
 *   written and read only by its core); start: prologue; random items; final stores; WFI;
 *   subroutines; then at SHD_GEN_BASE + SHD_GEN_ARG_OFF the argument block (ARG_BASE):
 *     +0x000 1 KiB shared read-only words
 *     +0x400 + core * 0x400  1 KiB private area per core (random initial words)
 *     +0x400 + ncores * 0x400  64 shared atomic words
 * Registers: s1 CORE_ID, s2 ARG_BASE, s3 private area, s4 atomic words, s5-s9 address and
 * target temporaries, s10/s11 loop counters (only their loop writes them), s12 link register,
 * s13-s28 data (always interleaving-independent), s29-s31 sinks: the old values of atomics on
 * shared words and TIME reads land only in sinks, and sinks feed only sinks, so no store,
 * address or branch ever depends on the interleaving.
 * Termination: the only backward branches are counted loops (depth <= 2, <= 6 iterations) and
 * subroutine returns (subroutines neither loop nor call). Every instruction of the decode table
 * is generated (atomics: ADD/MIN/MAX/AND/OR/XOR on shared words, XCHG/CAS on private words).
 */
#ifndef SHADER_GEN_H
#define SHADER_GEN_H

#include <stdint.h>

#define SHD_GEN_BASE    0x01000000u
#define SHD_GEN_ARG_OFF 0x00010000u

/* Fills *text with a malloc'd assembly source; 0 on success (-1: out of memory). */
int shd_gen(uint64_t seed, unsigned ncores, char **text);

#endif
