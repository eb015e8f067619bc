/* Display controller (rtl/display/): the colour-grading LUT (REQ-133), its upload pointer and
 * bank exchange, and the frame the display shows (docs/spec-decisions.md "Display path").
 * The RTL scans the frame out over the pixel clock; the model computes it whole from the state
 * latched at the frame boundary (gpu_model_vsync) and the memory as it is when asked. */
#include "gpu_model_int.h"

/* reset: pointer 0, bank 0 active, nothing pending, nothing latched; the LUT keeps its
 * contents (RAM, not cleared by reset; zero from gpu_model_new) */
void display_reset(display_t *d)
{
    d->bank = 0;
    d->swap = 0;
    d->ptr = 0;
    d->fb_base = 0;
    d->enable = 0;
}

void display_ctrl_write(display_t *d, uint64_t data)
{
    if ((data >> COLOR_GRADE_CTRL_RESET_ADDR_SHIFT) & COLOR_GRADE_CTRL_RESET_ADDR_MASK) {
        d->ptr = 0;
    }
    if ((data >> COLOR_GRADE_CTRL_SWAP_BANKS_SHIFT) & COLOR_GRADE_CTRL_SWAP_BANKS_MASK) {
        d->swap = 1;
    }
}

void display_lut_addr_write(display_t *d, uint64_t data) { d->ptr = (uint8_t)(data & 0xFFu); }

/* stores into the inactive bank at the pointer, then advances it: next entry, or from the last
 * entry of a table (31 for red and blue, 63 for green) to entry 0 of the next; LUT_SELECT 3 is
 * ignored */
void display_lut_data_write(display_t *d, uint64_t data)
{
    unsigned sel = d->ptr >> 6, idx = d->ptr & 63u;
    if (sel == 3) {
        return;
    }
    unsigned entry = (sel == 1) ? idx : (idx & 31u);
    d->lut[d->bank ^ 1u][sel][entry] = (uint16_t)(data & 0x7FFFu);
    int last = (sel == 1) ? (idx == 63) : ((idx & 31u) == 31);
    if (!last) {
        d->ptr = (uint8_t)((sel << 6) | (idx + 1));
    } else {
        d->ptr = (uint8_t)(sel == 2 ? 0 : (sel + 1) << 6);
    }
}

void display_frame_boundary(display_t *d, uint64_t fb_display, uint64_t cg_ctrl)
{
    d->fb_base = (uint32_t)(((fb_display >> FB_DISPLAY_ADDR_SHIFT) & FB_DISPLAY_ADDR_MASK) << FB_DISPLAY_ADDR_SHIFT) &
                 GPU_MEM_MASK;
    d->enable = (uint8_t)((cg_ctrl >> COLOR_GRADE_CTRL_ENABLE_SHIFT) & COLOR_GRADE_CTRL_ENABLE_MASK);
    if (d->swap) {
        d->bank ^= 1u;
        d->swap = 0;
    }
}

static uint8_t expand5(unsigned c5) { return (uint8_t)((c5 << 3) | (c5 >> 2)); }
static uint8_t expand6(unsigned c6) { return (uint8_t)((c6 << 2) | (c6 >> 4)); }

uint32_t gpu_display_pixel(const gpu_model_t *m, uint16_t p565)
{
    const display_t *d = &m->disp;
    unsigned r5 = p565 >> 11, g6 = (p565 >> 5) & 63u, b5 = p565 & 31u;
    if (!d->enable) {
        return ((uint32_t)expand5(r5) << 16) | ((uint32_t)expand6(g6) << 8) | expand5(b5);
    }
    const uint16_t e[3] = {d->lut[d->bank][0][r5], d->lut[d->bank][1][g6], d->lut[d->bank][2][b5]};
    uint32_t out = 0;
    for (unsigned c = 0; c < 3; c++) { /* c = 0: R [14:10], 1: G [9:5], 2: B [4:0] */
        unsigned sh = 10 - 5 * c, sum = 0;
        for (unsigned k = 0; k < 3; k++) {
            sum += (e[k] >> sh) & 31u;
        }
        out |= (uint32_t)expand5(sum > 31 ? 31 : sum) << (16 - 8 * c);
    }
    return out;
}

void gpu_model_display_frame(const gpu_model_t *m, uint8_t *rgb)
{
    for (uint32_t i = 0; i < (uint32_t)GPU_FB_W * GPU_FB_H; i++) {
        uint32_t w = gpu_model_mem_read(m, m->disp.fb_base + i * 4u);
        uint32_t c = gpu_display_pixel(m, (uint16_t)w);
        rgb[3 * i] = (uint8_t)(c >> 16);
        rgb[3 * i + 1] = (uint8_t)(c >> 8);
        rgb[3 * i + 2] = (uint8_t)c;
    }
}

uint32_t gpu_model_display_base(const gpu_model_t *m) { return m->disp.fb_base; }
