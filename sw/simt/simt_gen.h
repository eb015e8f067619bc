/* simt_gen.h - seeded random SIMT programs that always terminate and never race.
 *
 * Convention of a generated program: R0 = global thread id, R1 = 128 + 8 * id (the thread's
 * own 8-byte output slot), R2..R8 random values, R9/R11/R12 scratch, R10 loop counter.
 * Loads read bytes 0..127 or the thread's own slot; stores write only the own slot, so the
 * final memory does not depend on thread interleaving. The only backward branch is a counted
 * loop whose counter nothing else writes (at most 127 iterations per entry); every other
 * branch or jump goes forward. Instruction choice comes from the decode table (gen field).
 */
#ifndef SIMT_GEN_H
#define SIMT_GEN_H

#include <stdint.h>

#include "simt_asm.h"

/* fills img (program, data, threads = 1..16); returns 0 */
int simt_gen(uint64_t seed, simt_image_t *img);

#endif
