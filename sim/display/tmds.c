/* sim/display/tmds.c: DVI 1.0 TMDS 8b/10b reference encoder and decoder (tmds.h). The encoder
 * and the decoder are written separately, each from its own half of the spec (DVI 1.0 figure
 * 3-5 for encoding, the receiver's decode rule for decoding), so that a test checking one
 * against the other and both against the RTL does not share a mistake between them. */
#include "tmds.h"

static const uint16_t ctrl_syms[4] = {TMDS_CTRL_00, TMDS_CTRL_01, TMDS_CTRL_10, TMDS_CTRL_11};

static int ones(unsigned v)
{
    int n = 0;
    while (v) {
        n += (int)(v & 1u);
        v >>= 1;
    }
    return n;
}

uint16_t tmds_ctrl_symbol(unsigned c)
{
    return ctrl_syms[c & 3u];
}

int tmds_disparity(uint16_t sym)
{
    return 2 * ones(sym & 0x3FFu) - 10;
}

uint16_t tmds_encode_ref(uint8_t d, int *disparity)
{
    /* stage 1: transition minimisation, q_m[8:0] */
    const int n1d = ones(d);
    const int xnor = n1d > 4 || (n1d == 4 && !(d & 1u));
    unsigned qm = d & 1u;
    for (int i = 1; i < 8; i++) {
        unsigned bit = ((qm >> (i - 1)) ^ (d >> i)) & 1u;
        if (xnor) {
            bit ^= 1u;
        }
        qm |= bit << i;
    }
    const unsigned q8 = xnor ? 0u : 1u;
    /* stage 2: DC balance; n1 - n0 of q_m[7:0] */
    const int n1q = ones(qm);
    const int n0q = 8 - n1q;
    const int cnt = *disparity;
    const unsigned inv = ~qm & 0xFFu;
    uint16_t sym;
    if (cnt == 0 || n1q == n0q) {
        if (q8) {
            sym = (uint16_t)(0u << 9 | 1u << 8 | qm);
            *disparity = cnt + (n1q - n0q);
        } else {
            sym = (uint16_t)(1u << 9 | 0u << 8 | inv);
            *disparity = cnt + (n0q - n1q);
        }
    } else if ((cnt > 0 && n1q > n0q) || (cnt < 0 && n0q > n1q)) {
        sym = (uint16_t)(1u << 9 | q8 << 8 | inv);
        *disparity = cnt + 2 * (int)q8 + (n0q - n1q);
    } else {
        sym = (uint16_t)(0u << 9 | q8 << 8 | qm);
        *disparity = cnt - 2 * (int)(1u - q8) + (n1q - n0q);
    }
    return sym;
}

int tmds_decode(uint16_t sym, uint8_t *data, unsigned *ctrl)
{
    if (sym > 0x3FFu) {
        return -1;
    }
    for (unsigned c = 0; c < 4; c++) {
        if (sym == ctrl_syms[c]) {
            if (ctrl) {
                *ctrl = c;
            }
            return 0;
        }
    }
    /* the receiver's rule: undo the inversion (q[9]), then the chaining (q[8]) */
    const unsigned q9 = (sym >> 9) & 1u, q8 = (sym >> 8) & 1u;
    const unsigned t = q9 ? (~sym & 0xFFu) : (sym & 0xFFu);
    unsigned d = t & 1u;
    for (int i = 1; i < 8; i++) {
        unsigned bit = ((t >> i) ^ (t >> (i - 1))) & 1u;
        if (!q8) {
            bit ^= 1u;
        }
        d |= bit << i;
    }
    /* codes a transmitter never sends: the encoder chains with XNOR (q[8] = 0) exactly when the
     * byte has more than four ones, or four with bit 0 clear; and it sends a balanced q[7:0]
     * only in its neutral form, inverted exactly when q[8] = 0 */
    const int n1 = ones(d);
    const unsigned want_q8 = (n1 > 4 || (n1 == 4 && !(d & 1u))) ? 0u : 1u;
    if (q8 != want_q8) {
        return -1;
    }
    if (ones(t) == 4 && q9 == q8) {
        return -1;
    }
    if (data) {
        *data = (uint8_t)d;
    }
    return 1;
}
