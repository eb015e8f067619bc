/* pixel_ztest: the depth stage. With Z_TEST the fragment's z >> 1 (24 bits) is compared with
 * zbuf[23:0] by FB_ZBUFFER.Z_COMPARE (a failing fragment stops here); with Z_WRITE a passing
 * fragment writes z >> 1 to its Z word. Mirrors rtl/pixel/pixel_ztest.sv. */
#include "fcov.h"
#include "gpu_model_int.h"

static int z_pass(zcmp_e fn, uint32_t zf, uint32_t zb)
{
    switch (fn) {
    case Z_LESS: return zf < zb;
    case Z_LEQUAL: return zf <= zb;
    case Z_EQUAL: return zf == zb;
    case Z_GEQUAL: return zf >= zb;
    case Z_GREATER: return zf > zb;
    case Z_NOTEQUAL: return zf != zb;
    case Z_ALWAYS: return 1;
    default: return 0; /* Z_NEVER */
    }
}

int pixel_ztest(gpu_model_t *m, const pfrag_t *p)
{
    const draw_state_t *ds = &m->ds[p->sid];
    const uint32_t zaddr = (ds->z_base + ((uint32_t)p->y * GPU_FB_W + p->x) * 4u) & GPU_MEM_MASK;
    const uint32_t zf = p->z >> 1;
    int pass = 1;
    if (ds->z_test) {
        uint32_t zb = gpu_model_mem_read(m, zaddr) & 0xFFFFFF;
        pass = z_pass(ds->z_compare, zf, zb);
        gpu_event_t ev = {.kind = GPU_EV_ZTEST, .addr = zaddr, .data = zb, .prim = p->prim, .z = zf,
                          .pass = (uint8_t)pass, .zfunc = (uint8_t)ds->z_compare};
        gpu_model_emit(m, &ev);
    }
    gpu_model_fcov_frag(ds, ds->z_test, pass);
    if (!pass) {
        return 0;
    }
    if (ds->z_write) {
        gpu_model_mem_write(m, GPU_UNIT_ZTEST, zaddr, zf, 0xF, p->prim);
    }
    return 1;
}
