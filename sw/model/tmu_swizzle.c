/* tmu_swizzle: channel patterns of TEXn_FMT.SWIZZLE on the decoded RGBA8 texel
 * (docs/spec-decisions.md "Texture units", swizzle). Mirrors rtl/tex/tmu_swizzle.sv.
 * A pattern names the source of the output R, G, B, A in order; 1 is 255, 0 is 0.
 * Codes 0xD-0xF behave as 0x0 (RGBA). */
#include "tmu.h"

enum { S_R, S_G, S_B, S_A, S_0, S_1 };

static const uint8_t k_swz[16][4] = {
    {S_R, S_G, S_B, S_A}, /* 0x0 RGBA */
    {S_B, S_G, S_R, S_A}, /* 0x1 BGRA */
    {S_A, S_R, S_G, S_B}, /* 0x2 ARGB */
    {S_A, S_B, S_G, S_R}, /* 0x3 ABGR */
    {S_G, S_B, S_R, S_A}, /* 0x4 GBRA */
    {S_R, S_0, S_0, S_0}, /* 0x5 R000 */
    {S_0, S_0, S_0, S_A}, /* 0x6 000A */
    {S_R, S_R, S_R, S_1}, /* 0x7 RRR1 */
    {S_G, S_G, S_G, S_1}, /* 0x8 GGG1 */
    {S_B, S_B, S_B, S_1}, /* 0x9 BBB1 */
    {S_A, S_A, S_A, S_1}, /* 0xA AAA1 */
    {S_1, S_1, S_1, S_0}, /* 0xB 1110 */
    {S_1, S_1, S_1, S_A}, /* 0xC 111A */
    {S_R, S_G, S_B, S_A}, /* 0xD reserved: RGBA */
    {S_R, S_G, S_B, S_A}, /* 0xE reserved: RGBA */
    {S_R, S_G, S_B, S_A}, /* 0xF reserved: RGBA */
};

uint32_t tmu_swizzle(uint32_t rgba8, unsigned code)
{
    uint32_t out = 0;
    for (unsigned c = 0; c < 4; c++) {
        const unsigned s = k_swz[code & 15u][c];
        const uint32_t v = s == S_0 ? 0u : (s == S_1 ? 255u : (rgba8 >> (8 * s)) & 0xFFu);
        out |= v << (8 * c);
    }
    return out;
}
