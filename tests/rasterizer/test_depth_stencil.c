/*
 * test_depth_stencil.c: rasterizer/be_output.c's depth/stencil test and
 * update, depth quantization and alpha test against the scalar reference
 * (ref_output.c), exhaustively over depth funcs x write x formats and over
 * stencil funcs x fail/zfail/zpass ops x faces, with random buffer contents
 * and masks; the early test + late update split against the one-step
 * reference on alive lanes; be_ds_select's specializations likewise; and
 * be_ds_test_and_update_lanes (shader stencil export) with a random
 * reference per lane, bits above 8 set, against the reference run with
 * that lane's low 8 bits as the reference of both faces.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "rasterizer/be_output.h"
#include "ref_output.h"

static const swr_format depth_formats[] = {
    SWR_FORMAT_Z16_UNORM, SWR_FORMAT_Z24_UNORM_S8_UINT, SWR_FORMAT_Z24X8_UNORM,
    SWR_FORMAT_Z32_FLOAT, SWR_FORMAT_Z32_FLOAT_S8X24_UINT,
};

static float rand_depth(uint64_t *rng)
{
    uint32_t r = ref_rand(rng) % 16;
    if (r == 0)
        return NAN;
    if (r == 1)
        return ref_randf(rng, -0.5f, 1.5f);
    if (r < 4) {
        static const float e[] = { 0.0f, 1.0f, 0.5f, -0.0f, 0.5f / 65535.0f, 1.5f / 16777215.0f };
        return e[ref_rand(rng) % 6];
    }
    return ref_randf(rng, 0.0f, 1.0f);
}

/* A block of stored depth, with some lanes equal to the fragment's. */
static void make_block(uint64_t *rng, swr_format fmt, uint32_t z[8], uint32_t fz[8], uint8_t s[8],
                       float frag[8])
{
    for (int i = 0; i < 8; i++) {
        frag[i] = rand_depth(rng);
        fz[i] = ref_depth_quantize(fmt, frag[i]);
        z[i] = (ref_rand(rng) % 4 == 0) ? fz[i] : ref_depth_quantize(fmt, ref_randf(rng, 0, 1));
        s[i] = (uint8_t)((ref_rand(rng) & 1) ? ref_rand(rng) : ref_rand(rng) % 4);
    }
}

/* Runs one block through be (test, then update with alive) and the
 * reference; compares classifications and buffers. with_z/with_s: buffers
 * present. mode 0: combined; 1: split with alive; 2: selected function;
 * 3: per-lane references (be_ds_test_and_update_lanes). */
static void run_block(uint64_t *rng, const swr_depth_stencil_state *dsa, swr_format fmt,
                      const uint8_t ref[2], bool front, bool with_z, bool with_s, int mode)
{
    uint32_t z[8], fz[8], rz[8];
    uint8_t s[8], rs[8];
    float frag[8];
    make_block(rng, fmt, z, fz, s, frag);
    memcpy(rz, z, sizeof(z));
    memcpy(rs, s, sizeof(s));
    uint32_t live = ref_rand(rng) & 0xff;
    if (ref_rand(rng) % 4 == 0)
        live = 0xff;
    uint32_t alive = live;
    vi8 qz = be_depth_quantize(fmt, vf8_load(frag));
    for (int i = 0; i < 8; i++)
        assert_int_equal((uint32_t)vi8_lane(qz, i), fz[i]);
    uint32_t pass_be;
    be_ds_result r = { 0, 0, 0 };
    _Alignas(32) int32_t ref_lanes[8];
    for (int i = 0; i < 8; i++)
        ref_lanes[i] = (int32_t)ref_rand(rng);
    if (mode == 3) {
        pass_be = be_ds_test_and_update_lanes(dsa, fmt, ref_lanes, front, with_z ? z : NULL,
                                              with_s ? s : NULL, qz, live);
    } else if (mode == 1) {
        r = be_ds_test(dsa, fmt, ref, front, with_z ? z : NULL, with_s ? s : NULL, qz, live);
        alive = live & ref_rand(rng); /* shader kill / alpha test */
        be_ds_update(dsa, fmt, ref, front, with_z ? z : NULL, with_s ? s : NULL, qz, &r, alive);
        pass_be = r.pass;
    } else if (mode == 2) {
        be_ds_fn fn = be_ds_select(dsa, fmt);
        pass_be = fn(dsa, ref, front, with_z ? z : NULL, with_s ? s : NULL, qz, live);
    } else {
        pass_be = be_ds_test_and_update(dsa, fmt, ref, front, with_z ? z : NULL,
                                        with_s ? s : NULL, qz, live);
    }
    uint32_t pass_ref = 0;
    for (int i = 0; i < 8; i++) {
        if (!(live >> i & 1))
            continue;
        const uint8_t lane_ref[2] = { (uint8_t)ref_lanes[i], (uint8_t)ref_lanes[i] };
        int o = ref_depth_stencil(dsa, fmt, mode == 3 ? lane_ref : ref, front,
                                  with_z ? &rz[i] : NULL,
                                  with_s ? &rs[i] : NULL, fz[i], alive >> i & 1);
        if (o == 2)
            pass_ref |= 1u << i;
        if (mode == 1) {
            assert_int_equal(r.stencil_fail >> i & 1, o == 0);
            assert_int_equal(r.depth_fail >> i & 1, o == 1);
        }
    }
    if (pass_be != pass_ref || memcmp(z, rz, sizeof(z)) || memcmp(s, rs, sizeof(s)))
        fail_msg("fmt %d mode %d depth(en %d func %d wr %d) front %d live %x alive %x pass %x/%x",
                 fmt, mode, dsa->depth_enabled, dsa->depth_func, dsa->depth_writemask, front,
                 live, alive, pass_be, pass_ref);
    if (mode == 1)
        assert_int_equal(r.stencil_fail | r.depth_fail | r.pass, live);
}

static void test_depth_exhaustive(void **state)
{
    uint64_t rng = 1;
    const uint8_t ref[2] = { 0, 0 };
    for (int f = 0; f < 5; f++)
        for (int func = 0; func < 8; func++)
            for (int wr = 0; wr < 2; wr++)
                for (int en = 0; en < 2; en++)
                    for (int withz = 0; withz < 2; withz++)
                        for (int mode = 0; mode < 4; mode++)
                            for (int it = 0; it < 60; it++) {
                                swr_depth_stencil_state dsa;
                                memset(&dsa, 0, sizeof(dsa));
                                dsa.depth_enabled = en;
                                dsa.depth_writemask = wr;
                                dsa.depth_func = (uint8_t)func;
                                run_block(&rng, &dsa, depth_formats[f], ref, it & 1, withz,
                                          true, mode);
                            }
}

/* be_depth_kept (the early test's stored depth as a min / max where that
 * is exact) against the reference's update of one pixel, every func, float
 * and integer depth, with equal values, signed zeros and NaNs. */
static void test_depth_kept(void **state)
{
    uint64_t rng = 3;
    static const float fv[] = { 0.0f, -0.0f, 1.0f, 0.5f, 0.25f, NAN, -NAN, INFINITY, -1.0f,
                                0x1.000002p-1f, 1e-45f };
    const swr_format fmts[2] = { SWR_FORMAT_Z32_FLOAT, SWR_FORMAT_Z24_UNORM_S8_UINT };
    for (int f = 0; f < 2; f++)
        for (uint32_t func = 0; func < 8; func++)
            for (int it = 0; it < 2000; it++) {
                bool fl = f == 0;
                uint32_t frag[8], old[8];
                for (int i = 0; i < 8; i++) {
                    uint32_t r = ref_rand(&rng);
                    if (fl) {
                        float a = fv[r % 11], b = fv[(r >> 8) % 11];
                        memcpy(&frag[i], &a, 4);
                        memcpy(&old[i], &b, 4);
                    } else {
                        frag[i] = (r & 0xff) < 64 ? (r >> 8) & 0xf : (r >> 8) & 0xffffff;
                        old[i] = (r & 0xff) < 64 ? (r >> 12) & 0xf : ref_rand(&rng) & 0xffffff;
                    }
                }
                vi8 vf = vi8_load(frag), vo = vi8_load(old);
                uint32_t got[8];
                vi8_store(got, be_depth_kept(func, fl, vf, vo, be_depth_cmp(func, fl, vf, vo)));
                swr_depth_stencil_state dsa;
                memset(&dsa, 0, sizeof(dsa));
                dsa.depth_enabled = true;
                dsa.depth_writemask = 1;
                dsa.depth_func = (uint8_t)func;
                const uint8_t sref[2] = { 0, 0 };
                for (int i = 0; i < 8; i++) {
                    uint32_t want = old[i];
                    ref_depth_stencil(&dsa, fmts[f], sref, true, &want, NULL, frag[i], true);
                    if (got[i] != want)
                        fail_msg("fmt %d func %u lane %d: frag %08x stored %08x got %08x want %08x",
                                 fmts[f], func, i, frag[i], old[i], got[i], want);
                }
            }
}

static void test_stencil_exhaustive(void **state)
{
    uint64_t rng = 2;
    for (int func = 0; func < 8; func++)
        for (int fop = 0; fop < 8; fop++)
            for (int zfop = 0; zfop < 8; zfop++)
                for (int zpop = 0; zpop < 8; zpop++)
                    for (int it = 0; it < 6; it++) {
                        swr_depth_stencil_state dsa;
                        memset(&dsa, 0, sizeof(dsa));
                        int face = it & 1; /* which face gets the tested state */
                        bool two_sided = it & 2 ? true : false;
                        swr_stencil_face *f = &dsa.stencil[two_sided ? face : 0];
                        dsa.stencil[0].enabled = true;
                        dsa.stencil[0].func = (uint8_t)(ref_rand(&rng) % 8);
                        dsa.stencil[0].fail_op = (uint8_t)(ref_rand(&rng) % 8);
                        dsa.stencil[0].zfail_op = (uint8_t)(ref_rand(&rng) % 8);
                        dsa.stencil[0].zpass_op = (uint8_t)(ref_rand(&rng) % 8);
                        dsa.stencil[0].valuemask = (uint8_t)ref_rand(&rng);
                        dsa.stencil[0].writemask = (uint8_t)ref_rand(&rng);
                        dsa.stencil[1] = dsa.stencil[0];
                        dsa.stencil[1].enabled = two_sided;
                        dsa.stencil[1].writemask = (uint8_t)ref_rand(&rng);
                        f->enabled = true;
                        f->func = (uint8_t)func;
                        f->fail_op = (uint8_t)fop;
                        f->zfail_op = (uint8_t)zfop;
                        f->zpass_op = (uint8_t)zpop;
                        static const uint8_t masks[] = { 0xff, 0x0f, 0xf0, 0x03, 0x00, 0x81 };
                        f->valuemask = ref_rand(&rng) % 2 ? 0xff : masks[ref_rand(&rng) % 6];
                        f->writemask = ref_rand(&rng) % 2 ? 0xff : masks[ref_rand(&rng) % 6];
                        dsa.depth_enabled = ref_rand(&rng) % 4 != 0;
                        dsa.depth_writemask = ref_rand(&rng) & 1;
                        dsa.depth_func = (uint8_t)(ref_rand(&rng) % 8);
                        uint8_t ref[2] = { (uint8_t)(ref_rand(&rng) % 4), (uint8_t)ref_rand(&rng) };
                        swr_format fmt = ref_rand(&rng) & 1 ? SWR_FORMAT_Z24_UNORM_S8_UINT
                                                           : SWR_FORMAT_Z32_FLOAT_S8X24_UINT;
                        bool front = two_sided ? face == 0 : ref_rand(&rng) & 1;
                        for (int mode = 0; mode < 4; mode++)
                            run_block(&rng, &dsa, fmt, ref, front, ref_rand(&rng) % 8 != 0,
                                      ref_rand(&rng) % 8 != 0, mode);
                    }
}

static void test_alpha_test(void **state)
{
    uint64_t rng = 3;
    for (int func = 0; func < 8; func++)
        for (int it = 0; it < 2000; it++) {
            float a[8];
            float refv = it % 3 ? ref_randf(&rng, 0, 1) : 0.5f;
            for (int i = 0; i < 8; i++) {
                uint32_t r = ref_rand(&rng) % 8;
                a[i] = r == 0 ? NAN : r == 1 ? refv : ref_randf(&rng, -0.2f, 1.2f);
            }
            uint32_t mask = ref_rand(&rng) & 0xff, want = 0;
            for (int i = 0; i < 8; i++)
                if ((mask >> i & 1) && ref_alpha_test((uint8_t)func, refv, a[i]))
                    want |= 1u << i;
            assert_int_equal(be_alpha_test((uint8_t)func, refv, vf8_load(a), mask), want);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depth_exhaustive),
        cmocka_unit_test(test_depth_kept),
        cmocka_unit_test(test_stencil_exhaustive),
        cmocka_unit_test(test_alpha_test),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
