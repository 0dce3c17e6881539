/*
 * test_pipe_screen.c: the swr pipe screen (swrp_screen.c, swrp_resource.c):
 * identity, the cap tables, is_format_supported for every format, resource
 * layouts of every target, template validation, sampler views built from
 * resources, and the vertex format mapping.
 *
 * Oracles: the docs' rules restated here (mip size max(1, x >> l), cube =
 * 6 layers, compressed sizes rounded up to 4x4 blocks, 1D height 1), the
 * flags of the format table's descriptors (fmt.h) for format support, and the format
 * NAMES (parsed here) for the vertex-format mapping, so the driver's switch
 * is checked against something it did not write.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "common/shader_abi.h"
#include "common/swr_state.h"
#include "frontend-gallium/pipe/swr_public.h"
#include "frontend-gallium/pipe/swrp_resource.h"

static struct pipe_screen *screen;

static int setup(void **state)
{
    (void)state;
    screen = swr_create_screen();
    return screen ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    screen->destroy(screen);
    return 0;
}

static void test_identity_and_caps(void **state)
{
    (void)state;
    assert_string_equal(screen->get_name(screen), "swr");
    assert_true(strlen(screen->get_vendor(screen)) > 0);
    assert_true(strlen(screen->get_device_vendor(screen)) > 0);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_COUNT), 0);
    assert_int_equal(screen->get_param(screen, (enum pipe_cap)100000), 0);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_GRAPHICS), 1);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_NPOT_TEXTURES), 1);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_MAX_RENDER_TARGETS), 8);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_2D_SIZE), 16384);
    /* levels = log2(max size) + 1 */
    assert_int_equal(screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_3D_LEVELS), 11 + 1);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS), 14 + 1);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS), 2048);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_GLSL_FEATURE_LEVEL), 140);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_TEXTURE_BUFFER_OBJECTS), 1);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_SEAMLESS_CUBE_MAP), 1);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_COMPUTE), 0);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS), 4);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_TEXTURE_MULTISAMPLE), 0);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_MIN_MAP_BUFFER_ALIGNMENT), 64);
    assert_true(screen->get_param(screen, PIPE_CAP_VIDEO_MEMORY) > 0);
    assert_true(screen->get_paramf(screen, PIPE_CAPF_MAX_TEXTURE_ANISOTROPY) >= 2.0f);
    assert_true(screen->get_paramf(screen, PIPE_CAPF_COUNT) == 0.0f);

    /* Stages: VS, GS and FS; every cap of the others is 0. */
    for (int st = PIPE_SHADER_TESS_CTRL; st <= PIPE_SHADER_TYPES; st++)
        for (int c = 0; c < PIPE_SHADER_CAP_COUNT; c++)
            assert_int_equal(
                screen->get_shader_param(screen, (enum pipe_shader_type)st, (enum pipe_shader_cap)c),
                0);
    static const enum pipe_shader_type stages[] = {PIPE_SHADER_VERTEX, PIPE_SHADER_GEOMETRY,
                                                   PIPE_SHADER_FRAGMENT};
    for (unsigned st = 0; st < 3; st++) {
        enum pipe_shader_type s = stages[st];
        assert_true(screen->get_shader_param(screen, s, PIPE_SHADER_CAP_MAX_INSTRUCTIONS) >= 16384);
        assert_int_equal(screen->get_shader_param(screen, s, PIPE_SHADER_CAP_MAX_TEMPS), 4096);
        /* 16 engine slots, of which the driver keeps the last two (its own
         * constants and shader preamble results). */
        assert_int_equal(screen->get_shader_param(screen, s, PIPE_SHADER_CAP_MAX_CONST_BUFFERS), 14);
        assert_int_equal(screen->get_shader_param(screen, s, PIPE_SHADER_CAP_MAX_INPUTS), 32);
        assert_int_equal(screen->get_shader_param(screen, s, PIPE_SHADER_CAP_INTEGERS), 1);
        assert_int_equal(screen->get_shader_param(screen, s, PIPE_SHADER_CAP_SUBROUTINES), 1);
        assert_int_equal(screen->get_shader_param(screen, s, PIPE_SHADER_CAP_INDIRECT_TEMP_ADDR), 1);
        assert_int_equal(screen->get_shader_param(screen, s, PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS),
                         32);
        assert_true(screen->get_shader_param(screen, s, PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS) >=
                    screen->get_shader_param(screen, s, PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS));
        assert_int_equal(screen->get_shader_param(screen, s, PIPE_SHADER_CAP_PREFERRED_IR),
                         PIPE_SHADER_IR_TGSI);
        assert_int_equal(screen->get_shader_param(screen, s, PIPE_SHADER_CAP_COUNT), 0);
    }
    assert_int_equal(screen->get_shader_param(screen, PIPE_SHADER_VERTEX, PIPE_SHADER_CAP_MAX_OUTPUTS),
                     32);
    /* The GS against the engine's limits (common/shader_abi.h,
     * swr_gs_state): 32 inputs per vertex and 32 outputs (SWR_MAX_ATTRIBS),
     * 1024 output vertices and components (SWR_GS_MAX_OUT_*), one
     * invocation, one vertex stream; GL 3.2's minimums (table 6.43: 256
     * vertices, 1024 components) are met. */
    assert_int_equal(screen->get_shader_param(screen, PIPE_SHADER_GEOMETRY, PIPE_SHADER_CAP_MAX_OUTPUTS),
                     SWR_MAX_ATTRIBS);
    assert_int_equal(screen->get_shader_param(screen, PIPE_SHADER_GEOMETRY, PIPE_SHADER_CAP_MAX_INPUTS),
                     SWR_MAX_ATTRIBS);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES), SWR_GS_MAX_OUT_VERTICES);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS),
                     SWR_GS_MAX_OUT_COMPONENTS);
    assert_true(screen->get_param(screen, PIPE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES) >= 256);
    assert_true(screen->get_param(screen, PIPE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS) >= 1024);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_MAX_GS_INVOCATIONS), 1);
    assert_int_equal(screen->get_param(screen, PIPE_CAP_MAX_VERTEX_STREAMS), 1);
}

/* ---- vertex formats, from the names ------------------------------------------- */

/* "R16G16B16_SNORM" -> 3 channels of 16 bits, "SNORM". False for anything
 * that is not plain R[G[B[A]]] with equal sizes. */
static bool parse_plain(const char *name, unsigned *n, unsigned *bits, char suffix[8])
{
    const char *p = name;
    static const char order[] = "RGBA";
    unsigned k = 0, sz = 0;
    while (*p && *p != '_') {
        if (k >= 4 || *p != order[k])
            return false;
        unsigned v = 0;
        p++;
        while (*p >= '0' && *p <= '9')
            v = v * 10 + (unsigned)(*p++ - '0');
        if (k && v != sz)
            return false;
        sz = v;
        k++;
    }
    if (*p != '_' || strlen(p + 1) >= 8)
        return false;
    strcpy(suffix, p + 1);
    *n = k;
    *bits = sz;
    return k > 0;
}

static int expected_vtype(const char *name, unsigned *comps)
{
    unsigned n, bits;
    char suf[8];
    static const struct {
        const char *name;
        int type;
    } packed[] = {{"B8G8R8A8_UNORM", SWR_VTYPE_BGRA8_UNORM},
                  {"R10G10B10A2_UNORM", SWR_VTYPE_UNORM10_10_10_2},
                  {"R10G10B10A2_SNORM", SWR_VTYPE_SNORM10_10_10_2},
                  {"R10G10B10A2_UINT", SWR_VTYPE_UINT10_10_10_2},
                  {"B10G10R10A2_UNORM", SWR_VTYPE_BGR10A2_UNORM}};
    for (size_t i = 0; i < sizeof packed / sizeof packed[0]; i++)
        if (!strcmp(name, packed[i].name)) {
            *comps = 4;
            return packed[i].type;
        }
    if (!parse_plain(name, &n, &bits, suf))
        return -1;
    *comps = n;
    static const char *sufs[] = {"UNORM", "SNORM", "UINT", "SINT"};
    if (!strcmp(suf, "FLOAT"))
        return bits == 32 ? SWR_VTYPE_FLOAT32 : bits == 16 ? SWR_VTYPE_FLOAT16 : -1;
    for (int s = 0; s < 4; s++) {
        if (strcmp(suf, sufs[s]))
            continue;
        /* UNORM8 SNORM8 UINT8 SINT8 ... UNORM16 ... UNORM32: each size's
         * block starts with UNORM, SNORM, UINT, SINT (swr_state.h order). */
        int base = bits == 8 ? SWR_VTYPE_UNORM8 : bits == 16 ? SWR_VTYPE_UNORM16
                 : bits == 32 ? SWR_VTYPE_UNORM32 : -1;
        if (base < 0)
            return -1;
        static const int off8[] = {0, 1, 2, 3};
        return base + off8[s];
    }
    return -1;
}

static void test_format_support(void **state)
{
    (void)state;
    unsigned vertex_formats = 0;
    for (int f = 0; f < PIPE_FORMAT_COUNT + 4; f++) {
        enum pipe_format pf = (enum pipe_format)f;
        const fmt_desc *d = fmt_get(pf);
        bool known = d != NULL;
        bool rt = known && d->engine_format != 0 && !d->is_depth;
        bool ds = known && d->engine_format != 0 && d->is_depth;
#define SUP(t, b) screen->is_format_supported(screen, pf, t, 1, 1, b)
        assert_int_equal(SUP(PIPE_TEXTURE_2D, PIPE_BIND_SAMPLER_VIEW), known);
        assert_int_equal(SUP(PIPE_TEXTURE_2D_ARRAY, PIPE_BIND_SAMPLER_VIEW), known);
        assert_int_equal(SUP(PIPE_TEXTURE_CUBE, PIPE_BIND_SAMPLER_VIEW), known);
        assert_int_equal(SUP(PIPE_TEXTURE_1D, PIPE_BIND_SAMPLER_VIEW),
                         known && !d->is_compressed);
        assert_int_equal(SUP(PIPE_TEXTURE_2D, PIPE_BIND_RENDER_TARGET), rt);
        assert_int_equal(SUP(PIPE_TEXTURE_2D, PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW),
                         rt);
        assert_int_equal(SUP(PIPE_TEXTURE_2D, PIPE_BIND_DEPTH_STENCIL), ds);
        assert_int_equal(SUP(PIPE_TEXTURE_2D, PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL),
                         false);
        assert_int_equal(SUP(PIPE_TEXTURE_2D, PIPE_BIND_VERTEX_BUFFER), false);
        /* no MSAA: every sample count > 1 is refused */
        assert_false(screen->is_format_supported(screen, pf, PIPE_TEXTURE_2D, 4, 4,
                                                 PIPE_BIND_SAMPLER_VIEW));
        assert_false(screen->is_format_supported(screen, pf, PIPE_TEXTURE_2D, 1, 2,
                                                 PIPE_BIND_SAMPLER_VIEW));
        assert_false(screen->is_format_supported(screen, pf, PIPE_MAX_TEXTURE_TYPES, 1, 1, 0));

        unsigned comps = 0;
        int vt = known ? expected_vtype(d->name + strlen("PIPE_FORMAT_"), &comps) : -1;
        uint8_t got_t = 0xff, got_n = 0;
        assert_int_equal(swrp_vertex_format(pf, &got_t, &got_n), vt >= 0);
        assert_int_equal(SUP(PIPE_BUFFER, PIPE_BIND_VERTEX_BUFFER), vt >= 0);
        if (vt >= 0) {
            vertex_formats++;
            assert_int_equal(got_t, vt);
            assert_int_equal(got_n, comps);
        }
        bool index = pf == PIPE_FORMAT_R8_UINT || pf == PIPE_FORMAT_R16_UINT ||
                     pf == PIPE_FORMAT_R32_UINT;
        assert_int_equal(SUP(PIPE_BUFFER, PIPE_BIND_INDEX_BUFFER), index);
        assert_int_equal(SUP(PIPE_BUFFER, PIPE_BIND_RENDER_TARGET), false);
        assert_int_equal(SUP(PIPE_BUFFER, PIPE_BIND_SAMPLER_VIEW),
                         known && !d->is_compressed && !d->is_depth);
#undef SUP
    }
    /* 4 channel counts x (UNORM SNORM UINT SINT) x 8 and 16 bits, 16 and 32
     * bit floats, 32-bit ints, and the five packed formats */
    assert_int_equal(vertex_formats, 4 * 4 * 2 + 4 * 2 + 4 * 2 + 5);
}

/* ---- layouts ---------------------------------------------------------------------- */

static uint32_t mip(uint32_t x, unsigned l)
{
    return x >> l ? x >> l : 1;
}

static void check_layout(enum pipe_texture_target target, enum pipe_format format, uint32_t w,
                         uint16_t h, uint16_t dp, uint16_t layers, uint8_t last_level)
{
    struct pipe_resource t = {.target = target, .format = format, .width0 = w, .height0 = h,
                              .depth0 = dp, .array_size = layers, .last_level = last_level,
                              .bind = PIPE_BIND_SAMPLER_VIEW};
    assert_true(screen->can_create_resource(screen, &t));
    struct pipe_resource *r = screen->resource_create(screen, &t);
    assert_non_null(r);
    assert_int_equal(r->reference.count, 1);
    assert_ptr_equal(r->screen, screen);
    const fmt_desc *d = fmt_get(format);
    uint8_t *prev_end = NULL;
    for (unsigned l = 0; l <= last_level; l++) {
        uint32_t ew = mip(w, l), eh = target == PIPE_TEXTURE_1D || target == PIPE_TEXTURE_1D_ARRAY
                                              ? 1 : mip(h, l);
        uint32_t ed = target == PIPE_TEXTURE_3D ? mip(dp, l)
                    : target == PIPE_TEXTURE_CUBE ? 6 : layers;
        uint32_t nbx = (ew + 3) / 4, nby = (eh + 3) / 4;
        if (d->block_w == 1) {
            nbx = ew;
            nby = eh;
        }
        swrp_level_ptr lp, lz;
        assert_true(swrp_resource_level(r, l, 0, &lp));
        assert_int_equal(lp.width, ew);
        assert_int_equal(lp.height, eh);
        assert_int_equal(lp.depth, ed);
        assert_int_equal(lp.row_pitch % 64, 0);
        assert_true(lp.row_pitch >= nbx * d->block_bytes);
        assert_true(lp.row_pitch < nbx * d->block_bytes + 64);
        assert_int_equal(lp.layer_pitch, (uint64_t)lp.row_pitch * nby);
        assert_int_equal((uintptr_t)lp.ptr % 64, 0);
        assert_true(lp.ptr >= prev_end); /* levels in order, not overlapping */
        assert_true(swrp_resource_level(r, l, ed - 1, &lz));
        assert_ptr_equal(lz.ptr, lp.ptr + (size_t)(ed - 1) * lp.layer_pitch);
        assert_false(swrp_resource_level(r, l, ed, &lz));
        prev_end = lp.ptr + lp.layer_pitch * ed;
        /* every block of the level is addressable: write its last byte */
        prev_end[-1] = 0x5a;
    }
    swrp_level_ptr none;
    assert_false(swrp_resource_level(r, last_level + 1u, 0, &none));
    pipe_resource_reference(&r, NULL);
}

static void test_layouts(void **state)
{
    (void)state;
    check_layout(PIPE_TEXTURE_1D, PIPE_FORMAT_R8G8B8A8_UNORM, 100, 1, 1, 1, 6);
    check_layout(PIPE_TEXTURE_1D_ARRAY, PIPE_FORMAT_R32_FLOAT, 64, 1, 1, 7, 6);
    check_layout(PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8A8_UNORM, 300, 17, 1, 1, 8);
    check_layout(PIPE_TEXTURE_2D, PIPE_FORMAT_R8_UNORM, 1, 1, 1, 1, 0);
    check_layout(PIPE_TEXTURE_RECT, PIPE_FORMAT_R16G16B16A16_FLOAT, 33, 65, 1, 1, 0);
    check_layout(PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8_UNORM, 40, 24, 1, 5, 5);
    check_layout(PIPE_TEXTURE_3D, PIPE_FORMAT_R8G8B8A8_UNORM, 16, 8, 32, 1, 5);
    check_layout(PIPE_TEXTURE_CUBE, PIPE_FORMAT_R32G32B32A32_FLOAT, 32, 32, 1, 6, 5);
    check_layout(PIPE_TEXTURE_CUBE_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 18, 4);
    check_layout(PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGB, 30, 6, 1, 1, 4);
    check_layout(PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_RGTC2_UNORM, 17, 33, 1, 3, 5);
    check_layout(PIPE_TEXTURE_CUBE, PIPE_FORMAT_BPTC_RGB_FLOAT, 12, 12, 1, 6, 3);
    check_layout(PIPE_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, 70, 3, 1, 1, 6);

    struct pipe_resource b = {.target = PIPE_BUFFER, .format = PIPE_FORMAT_R8_UNORM,
                              .width0 = 12345, .height0 = 1, .depth0 = 1, .array_size = 1,
                              .bind = PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER |
                                      PIPE_BIND_CONSTANT_BUFFER};
    struct pipe_resource *r = screen->resource_create(screen, &b);
    assert_non_null(r);
    swrp_level_ptr lp;
    assert_true(swrp_resource_level(r, 0, 0, &lp));
    assert_int_equal(lp.width, 12345);
    assert_int_equal((uintptr_t)lp.ptr % 64, 0);
    lp.ptr[12344] = 1;
    pipe_resource_reference(&r, NULL);
}

static void test_invalid_templates(void **state)
{
    (void)state;
    const struct pipe_resource good = {.target = PIPE_TEXTURE_2D,
                                       .format = PIPE_FORMAT_R8G8B8A8_UNORM, .width0 = 64,
                                       .height0 = 64, .depth0 = 1, .array_size = 1,
                                       .bind = PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET};
    struct pipe_resource bad[24];
    int n = 0;
#define BAD(field_edits)                                                                           \
    do {                                                                                           \
        bad[n] = good;                                                                             \
        struct pipe_resource *t = &bad[n++];                                                       \
        field_edits;                                                                               \
    } while (0)
    BAD(t->width0 = 0);
    BAD(t->height0 = 0);
    BAD(t->depth0 = 2);
    BAD(t->array_size = 2);
    BAD(t->width0 = 16385);
    BAD(t->last_level = 7); /* 64 has 7 levels: 0..6 */
    BAD(t->last_level = 200);
    BAD(t->format = PIPE_FORMAT_NONE);
    BAD(t->format = PIPE_FORMAT_COUNT);
    BAD(t->format = PIPE_FORMAT_DXT1_RGBA); /* compressed render target */
    BAD(t->bind = PIPE_BIND_DEPTH_STENCIL);
    BAD(t->bind = PIPE_BIND_VERTEX_BUFFER); /* a buffer bind on a texture */
    BAD(t->nr_samples = 4);
    BAD(t->target = PIPE_TEXTURE_CUBE; t->array_size = 5);
    BAD(t->target = PIPE_TEXTURE_CUBE; t->array_size = 6; t->height0 = 32);
    BAD(t->target = PIPE_TEXTURE_CUBE_ARRAY; t->array_size = 10);
    BAD(t->target = PIPE_TEXTURE_RECT; t->last_level = 1);
    BAD(t->target = PIPE_TEXTURE_1D; t->height0 = 2);
    BAD(t->target = PIPE_TEXTURE_3D; t->depth0 = 4096);
    BAD(t->target = PIPE_TEXTURE_2D_ARRAY; t->array_size = 2049);
    /* 16384^2 RGBA32F x 2048 layers: 8 TiB, over the size limit */
    BAD(t->target = PIPE_TEXTURE_2D_ARRAY; t->format = PIPE_FORMAT_R32G32B32A32_FLOAT;
        t->width0 = 16384; t->height0 = 16384; t->array_size = 2048; t->bind = 0);
    BAD(t->target = PIPE_BUFFER; t->format = PIPE_FORMAT_R8_UNORM; t->height0 = 2;
        t->bind = PIPE_BIND_VERTEX_BUFFER);
    BAD(t->target = PIPE_BUFFER; t->format = PIPE_FORMAT_R8_UNORM; t->height0 = 1;
        t->bind = PIPE_BIND_RENDER_TARGET);
    BAD(t->target = (enum pipe_texture_target)99);
#undef BAD
    for (int i = 0; i < n; i++) {
        assert_false(screen->can_create_resource(screen, &bad[i]));
        if (screen->resource_create(screen, &bad[i])) {
            fprintf(stderr, "template %d accepted\n", i);
            fail();
        }
    }
    assert_null(screen->resource_create(screen, NULL));
    assert_true(screen->can_create_resource(screen, &good));
}

static void test_sampler_views(void **state)
{
    (void)state;
    struct pipe_resource t = {.target = PIPE_TEXTURE_2D_ARRAY, .format = PIPE_FORMAT_R8G8B8A8_UNORM,
                              .width0 = 32, .height0 = 16, .depth0 = 1, .array_size = 6,
                              .last_level = 3, .bind = PIPE_BIND_SAMPLER_VIEW};
    struct pipe_resource *r = screen->resource_create(screen, &t);
    assert_non_null(r);
    struct pipe_sampler_view v = {.target = PIPE_TEXTURE_2D_ARRAY,
                                  .format = PIPE_FORMAT_R8G8B8A8_SRGB,
                                  .swizzle_r = PIPE_SWIZZLE_Z, .swizzle_g = PIPE_SWIZZLE_Y,
                                  .swizzle_b = PIPE_SWIZZLE_X, .swizzle_a = PIPE_SWIZZLE_1};
    v.u.tex.first_layer = 1;
    v.u.tex.last_layer = 4;
    v.u.tex.first_level = 1;
    v.u.tex.last_level = 3;
    swrp_sampler_view sv;
    assert_true(swrp_sampler_view_from_resource(&sv, r, &v));
    assert_ptr_equal(sv.fmt, fmt_get(PIPE_FORMAT_R8G8B8A8_SRGB));
    assert_int_equal(sv.first_level, 1);
    assert_int_equal(sv.last_level, 3);
    assert_int_equal(sv.first_layer, 1);
    assert_int_equal(sv.last_layer, 4);
    assert_int_equal(sv.swizzle[0], PIPE_SWIZZLE_Z);
    assert_int_equal(sv.swizzle[3], PIPE_SWIZZLE_1);
    for (unsigned l = 0; l <= 3; l++) {
        swrp_level_ptr lp;
        assert_true(swrp_resource_level(r, l, 0, &lp));
        assert_ptr_equal(sv.data + sv.level[l].offset, lp.ptr);
        assert_int_equal(sv.level[l].row_pitch, lp.row_pitch);
        assert_int_equal(sv.level[l].layer_pitch, lp.layer_pitch);
        assert_int_equal(sv.level[l].width, mip(32, l));
        assert_int_equal(sv.level[l].height, mip(16, l));
        assert_int_equal(sv.level[l].depth, 6);
    }
    /* a cube view of 6 layers is fine; of 4, not */
    v.target = PIPE_TEXTURE_CUBE;
    v.u.tex.first_layer = 0;
    v.u.tex.last_layer = 5;
    assert_true(swrp_sampler_view_from_resource(&sv, r, &v));
    v.u.tex.last_layer = 3;
    assert_false(swrp_sampler_view_from_resource(&sv, r, &v));
    v.target = PIPE_TEXTURE_2D_ARRAY;
    v.u.tex.last_layer = 6; /* past the last layer */
    assert_false(swrp_sampler_view_from_resource(&sv, r, &v));
    v.u.tex.last_layer = 5;
    v.u.tex.last_level = 4; /* past the last level */
    assert_false(swrp_sampler_view_from_resource(&sv, r, &v));
    v.u.tex.last_level = 3;
    v.format = PIPE_FORMAT_R8_UNORM; /* different texel size */
    assert_false(swrp_sampler_view_from_resource(&sv, r, &v));
    v.format = PIPE_FORMAT_R8G8B8A8_UNORM;
    v.target = PIPE_TEXTURE_3D;
    assert_false(swrp_sampler_view_from_resource(&sv, r, &v));
    assert_false(swrp_sampler_view_from_resource(&sv, r, NULL));
    pipe_resource_reference(&r, NULL);

    /* texture buffer: 256 bytes viewed as RGBA32F from byte 32, 8 texels */
    struct pipe_resource b = {.target = PIPE_BUFFER, .format = PIPE_FORMAT_R8_UNORM, .width0 = 256,
                              .height0 = 1, .depth0 = 1, .array_size = 1,
                              .bind = PIPE_BIND_SAMPLER_VIEW};
    r = screen->resource_create(screen, &b);
    assert_non_null(r);
    struct pipe_sampler_view bv = {.target = PIPE_BUFFER,
                                   .format = PIPE_FORMAT_R32G32B32A32_FLOAT};
    bv.u.buf.offset = 32;
    bv.u.buf.size = 128;
    assert_true(swrp_sampler_view_from_resource(&sv, r, &bv));
    assert_int_equal(sv.first_element, 2);
    assert_int_equal(sv.num_elements, 8);
    bv.u.buf.size = 240; /* runs past the end */
    assert_false(swrp_sampler_view_from_resource(&sv, r, &bv));
    bv.u.buf.offset = 8; /* not a whole texel */
    bv.u.buf.size = 16;
    assert_false(swrp_sampler_view_from_resource(&sv, r, &bv));
    pipe_resource_reference(&r, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_identity_and_caps),
        cmocka_unit_test(test_format_support),
        cmocka_unit_test(test_layouts),
        cmocka_unit_test(test_invalid_templates),
        cmocka_unit_test(test_sampler_views),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
