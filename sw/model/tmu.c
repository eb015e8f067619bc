/* tmu: one fragment through the texture units (docs/spec-decisions.md "Texture units").
 * The units share one datapath: a fragment with N enabled units takes N texel slots, in unit
 * order 0..3. Per enabled unit: plane values at (x, y) -> perspective divide (tmu_persp) ->
 * mip level (tmu_lod) -> texel address and wrap (tmu_addr) -> cache lookup / fill with decode
 * (tmu_cache, tmu_decode) -> swizzle -> 10.8 promotion -> blend chain (tmu_blend). A
 * CLAMP_TO_ZERO sample outside the texture and a reserved FORMAT give RGBA 0 (no swizzle, no
 * memory access). After the chain, GOURAUD multiplies by the interpolated vertex colour;
 * without GOURAUD the texture colour is the fragment colour (the flat colour is not used).
 * With no unit enabled the fragment keeps its vertex colour. */
#include "gpu_model_int.h"

tex_state_t tex_state_decode(uint64_t base_reg, uint64_t fmt_reg, uint64_t blend_reg, uint64_t bias_reg,
                             uint64_t wrap_reg)
{
    tex_state_t t;
#define F(reg, f) ((reg >> TEX0_##f##_SHIFT) & TEX0_##f##_MASK)
    t.enable = (uint8_t)F(fmt_reg, FMT_ENABLE);
    t.format = (uint8_t)F(fmt_reg, FMT_FORMAT);
    const unsigned swz = (unsigned)F(fmt_reg, FMT_SWIZZLE);
    t.swizzle = (uint8_t)(swz > 0xC ? 0 : swz);
    const unsigned wl = (unsigned)F(fmt_reg, FMT_WIDTH_LOG2), hl = (unsigned)F(fmt_reg, FMT_HEIGHT_LOG2);
    t.wl = (uint8_t)(wl < 3 ? 3 : (wl > 10 ? 10 : wl));
    t.hl = (uint8_t)(hl < 3 ? 3 : (hl > 10 ? 10 : hl));
    const unsigned lv = (unsigned)F(fmt_reg, FMT_MIP_LEVELS);
    const unsigned maxlv = 1u + (t.wl > t.hl ? t.wl : t.hl);
    t.levels = (uint8_t)(lv < 1 ? 1 : (lv > maxlv ? maxlv : lv));
    t.blend = (uint8_t)F(blend_reg, BLEND_FUNC);
    t.wrap_u = (uint8_t)F(wrap_reg, WRAP_U_WRAP);
    t.wrap_v = (uint8_t)F(wrap_reg, WRAP_V_WRAP);
    t.bias = (int8_t)(uint8_t)F(bias_reg, MIP_BIAS_BIAS);
    t.base = (uint32_t)((F(base_reg, BASE_ADDR) << TEX0_BASE_ADDR_SHIFT) & (GPU_MEM_BYTES - 1u));
#undef F
    return t;
}

static uint32_t mem_rd(const void *ctx, uint32_t addr) { return gpu_model_mem_read((const gpu_model_t *)ctx, addr); }

/* the texel (RGBA8, after swizzle) of unit n at (x, y) */
uint32_t tmu_sample(gpu_model_t *m, unsigned n, const tex_state_t *ts, const tex_unit_planes_t *u, unsigned X,
                    unsigned Y)
{
    tex_persp_t p;
    tmu_persp(tmu_plane_eval(&u->uq, X, Y), tmu_plane_eval(&u->vq, X, Y), tmu_plane_eval(&u->q, X, Y), &p);
    const unsigned level = tmu_lod(u, ts, X, Y, p.qc);
    const tex_req_t q = tmu_addr(ts, &p, level);
    if (q.zero) {
        return 0;
    }
    const uint32_t t = tmu_cache_texel(&m->tcache[n], ts->format, &q, mem_rd, m);
    return tmu_swizzle(t, ts->swizzle);
}

/* tmu_sample with its GPU_EV_TEXEL event (the texel stage of the lockstep) */
static uint32_t tmu_sample_ev(gpu_model_t *m, unsigned n, const tex_state_t *ts, const tex_unit_planes_t *u, unsigned x,
                              unsigned y, unsigned X, unsigned Y, uint16_t prim)
{
    const uint64_t before = m->tcache[n].hits + m->tcache[n].misses;
    const uint32_t t = tmu_sample(m, n, ts, u, X, Y);
    gpu_event_t ev = {.kind = GPU_EV_TEXEL, .data = t, .prim = prim, .x = (uint16_t)x, .y = (uint16_t)y,
                      .mode = (uint8_t)n, .pass = (uint8_t)(m->tcache[n].hits + m->tcache[n].misses == before)};
    gpu_model_emit(m, &ev);
    return t;
}

color108_t tmu_fragment(gpu_model_t *m, const draw_state_t *ds, const tex_planes_t *tp, unsigned x, unsigned y,
                        int16_t bb_x0, int16_t bb_y0, color108_t vcolor, uint16_t prim)
{
    if (!tp->en_mask) {
        return vcolor;
    }
    const unsigned X = x - (unsigned)bb_x0, Y = y - (unsigned)bb_y0;
    color108_t c = {0, 0, 0, 0};
    int first = 1;
    for (unsigned n = 0; n < TMU_UNITS; n++) {
        if (!((tp->en_mask >> n) & 1u)) {
            continue;
        }
        const color108_t t = tmu_promote(tmu_sample_ev(m, n, &ds->tex[n], &tp->u[n], x, y, X, Y, prim));
        c = first ? t : tmu_blend(c, t, ds->tex[n].blend);
        first = 0;
    }
    return ds->gouraud ? tmu_modulate(c, vcolor) : c;
}

/* the pixel path's hook: the fragment's 10.8 colour in place */
void tmu_pfrag(gpu_model_t *m, pfrag_t *p, const setup_t *s)
{
    if (!s->tex.en_mask) {
        return;
    }
    p->color = tmu_fragment(m, &m->ds[p->sid], &s->tex, p->x, p->y, s->edges.bb_x0, s->edges.bb_y0, p->color, p->prim);
}

void gpu_model_tex_stats(const gpu_model_t *m, unsigned unit, uint64_t *hits, uint64_t *misses)
{
    *hits = unit < TMU_UNITS ? m->tcache[unit].hits : 0;
    *misses = unit < TMU_UNITS ? m->tcache[unit].misses : 0;
}
