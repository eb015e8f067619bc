/* sim/display/tmds.h: DVI 1.0 TMDS 8b/10b coding in C, for the tests of the display path
 * (docs/spec-decisions.md "Display path", DVI; RTL: rtl/display/display_tmds_enc.sv).
 *
 * A symbol is a uint16_t holding sym[9:0] as the DVI spec writes it (the serialiser sends bit 0
 * first); bits 15:10 are 0. Nothing here keeps state between calls: the running disparity of
 * the encoder lives in the caller's int, so any number of channels can be coded at once.
 *
 *   tmds_encode_ref   the reference encoder, for checking display_tmds_enc symbol by symbol
 *   tmds_ctrl_symbol  the control symbol of {C1, C0}
 *   tmds_decode       the receiver's decoder (written from the spec's decode rule, not from the
 *                     encoder): data byte, control value, or "not a TMDS symbol"
 *   tmds_disparity    ones minus zeros of one symbol
 */
#ifndef TMDS_H
#define TMDS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* the four control symbols, sym[9:0] as written, indexed by {C1, C0} */
#define TMDS_CTRL_00 0x354u /* 1101010100 */
#define TMDS_CTRL_01 0x0ABu /* 0010101011 */
#define TMDS_CTRL_10 0x154u /* 0101010100 */
#define TMDS_CTRL_11 0x2ABu /* 1010101011 */

/* the running disparity of a channel never leaves -TMDS_DISP_MAX..TMDS_DISP_MAX when it starts
 * at 0 (the values reachable from 0 are the even numbers -8..8; tb_display_tmds checks it
 * exhaustively) */
#define TMDS_DISP_MAX 8

/* Encodes data byte d (active video, DE = 1) with DVI 1.0's two stages: transition
 * minimisation (XNOR chain when d has more than four ones, or four and d bit 0 = 0; XOR chain
 * otherwise), then DC balance against *disparity. *disparity is the channel's running disparity,
 * the ones minus zeros of every data symbol sent since the last control period: the caller sets
 * it to 0 at reset and in every control period (DE = 0), and this function adds the returned
 * symbol's ones minus zeros to it. Returns sym[9:0]. */
uint16_t tmds_encode_ref(uint8_t d, int *disparity);

/* The control symbol sent in blanking (DE = 0) for c = {C1, C0}: 0 TMDS_CTRL_00 .. 3
 * TMDS_CTRL_11; bits of c above 1 are ignored. */
uint16_t tmds_ctrl_symbol(unsigned c);

/* Decodes one received symbol as a DVI receiver does: first the four control symbols, then the
 * data rule (q[9] = 1: q[7:0] was sent inverted; q[8] = 1: the bits were chained with XOR,
 * 0: with XNOR).
 * Returns 1 for a data symbol (*data = the byte), 0 for a control symbol (*ctrl = {C1, C0},
 * 0..3), -1 for a symbol no DVI transmitter sends: bits above 9 set, or a code the data
 * encoder never produces (its q[8] is not the chaining the encoder picks for the byte it
 * decodes to, or its q[7:0] is balanced but q[9] = q[8]). 460 of the 1024 codes are data
 * symbols, exactly the set tmds_encode_ref reaches (tb_display_tmds checks it). data and ctrl
 * may be NULL; only the one that applies is written. */
int tmds_decode(uint16_t sym, uint8_t *data, unsigned *ctrl);

/* Ones minus zeros of sym[9:0] (-10..10, even). */
int tmds_disparity(uint16_t sym);

#ifdef __cplusplus
}
#endif

#endif
