/*
 * test_ff_pipe: generated fixed-function programs drawn through the swr
 * pipe driver, as the GL part will draw them: the text becomes VS/FS
 * CSOs, constant buffer 0 is filled from the layout, vertex element i
 * feeds IN[i] = attribute inputs[i], and the pipe's linkage does the rest.
 * Checks the semantics the generators chose against the pipe's rules:
 *  - two-sided lighting: with rasterizer light_twoside, a front-facing
 *    quad shows COLOR[0] + COLOR[1] (the fragment stage's colour sum) and
 *    a back-facing one BCOLOR[0] + BCOLOR[1], each equal to the reference
 *    model's front and back colours (ref_ff.c) within one 8-bit step;
 *  - user clip planes in eye space: the VS's own CLIPDIST with
 *    clip_plane_enable clips where the eye-space plane says, not where
 *    the same plane in clip space would;
 *  - texturing: unit 1's texture is sampled through SAMP[1] / SVIEW[1]
 *    with the projective divide (q = 2), MODULATE with the colour.
 * Runs the worker pool: label "engine".
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ff_test_util.h"
#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/gallium/p_state.h"
#include "frontend-gallium/pipe/swr_public.h"
#include "pipe_test_util.h"

#define RAST(...)                                                                                  \
    ((struct pipe_rasterizer_state){.half_pixel_center = true,                                     \
                                    .depth_clip_near = true,                                       \
                                    .depth_clip_far = true,                                        \
                                    .line_width = 1,                                               \
                                    __VA_ARGS__})

typedef struct ff_draw {
    gl_ff_shader vs, fs;
    void *vs_cso, *fs_cso, *rast;
    float vconst[4 * 256], fconst[4 * 256];
} ff_draw;

/* Generates, creates and binds both programs with their constants. */
static void ff_bind(ff_draw *d, const gl_ff_vs_key *vk, const gl_ff_fs_key *fk,
                    const gl_ff_gl_state *s, struct pipe_rasterizer_state rast)
{
    assert_true(gl_ff_vs_generate(vk, &d->vs));
    assert_true(gl_ff_fs_generate(fk, &d->fs));
    d->vs_cso = pt_make_shader(d->vs.text, true);
    d->fs_cso = pt_make_shader(d->fs.text, false);
    assert_non_null(d->vs_cso);
    assert_non_null(d->fs_cso);
    pt_ctx->bind_vs_state(pt_ctx, d->vs_cso);
    pt_ctx->bind_fs_state(pt_ctx, d->fs_cso);
    assert_true(d->vs.num_consts <= 256 && d->fs.num_consts <= 256);
    gl_ff_fill_constants(s, d->vs.consts, d->vs.num_consts, d->vconst);
    gl_ff_fill_constants(s, d->fs.consts, d->fs.num_consts, d->fconst);
    struct pipe_constant_buffer cb = {.buffer_size = d->vs.num_consts * 16,
                                      .user_buffer = d->vconst};
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_VERTEX, 0, d->vs.num_consts ? &cb : NULL);
    cb = (struct pipe_constant_buffer){.buffer_size = d->fs.num_consts * 16,
                                       .user_buffer = d->fconst};
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, d->fs.num_consts ? &cb : NULL);
    d->rast = pt_ctx->create_rasterizer_state(pt_ctx, &rast);
    assert_non_null(d->rast);
    pt_ctx->bind_rasterizer_state(pt_ctx, d->rast);
}

static void ff_unbind(ff_draw *d, pt_fixture *f)
{
    pt_ctx->bind_vs_state(pt_ctx, f->vs);
    pt_ctx->bind_fs_state(pt_ctx, f->fs);
    pt_ctx->bind_rasterizer_state(pt_ctx, f->rast);
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_VERTEX, 0, NULL);
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, NULL);
    pt_ctx->delete_vs_state(pt_ctx, d->vs_cso);
    pt_ctx->delete_fs_state(pt_ctx, d->fs_cso);
    pt_ctx->delete_rasterizer_state(pt_ctx, d->rast);
    gl_ff_shader_fini(&d->vs);
    gl_ff_shader_fini(&d->fs);
}

static void clear_black(void)
{
    union pipe_color_union black = {{0, 0, 0, 0}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTHSTENCIL, &black, 1.0, 0);
}

static void flip_winding(pt_vtx *v, int n)
{
    for (int t = 0; t < n; t += 3) {
        pt_vtx tmp = v[t + 1];
        v[t + 1] = v[t + 2];
        v[t + 2] = tmp;
    }
}

/* The fragment colour the reference gives one face: colour sum of its
 * primary and secondary colour (3.9), as RGBA8. */
static uint32_t face_color(const ref_vs_out *r, int face)
{
    double c[4];
    for (int k = 0; k < 3; k++)
        c[k] = fmin(1.0, r->color[face][0][k].v + r->color[face][1][k].v);
    c[3] = r->color[face][0][3].v;
    return pt_rgba8((float)c[0], (float)c[1], (float)c[2], (float)c[3]);
}

static void test_two_sided(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    gl_ff_vs_key vk = ff_key_vs_twoside8(); /* with two directional lights */
    vk.light_enabled = 3;
    vk.light_positional = vk.light_attenuated = vk.light_spot = 0;
    vk.const_attribs = 1u << GL_FF_ATTRIB_NORMAL;
    gl_ff_fs_key fk;
    memset(&fk, 0, sizeof fk);
    fk.color_sum = 1;
    gl_ff_gl_state s;
    gl_ff_gl_state_defaults(&s);
    /* a light in front (+z) and one behind, so both faces get diffuse light */
    float l0[4] = {0.6f, 0.0f, 0.8f, 0.0f}, l1[4] = {0.0f, 0.6f, -0.8f, 0.0f};
    memcpy(s.light[0].position, l0, sizeof l0);
    memcpy(s.light[1].position, l1, sizeof l1);
    float d1[4] = {0.2f, 0.5f, 0.9f, 1.0f};
    memcpy(s.light[1].diffuse, d1, sizeof d1);
    float fs_spec[4] = {0.5f, 0.5f, 0.2f, 1.0f}, bk_diff[4] = {0.9f, 0.3f, 0.1f, 0.6f};
    memcpy(s.material[0].specular, fs_spec, sizeof fs_spec);
    s.material[0].shininess = 10.0f;
    memcpy(s.material[1].diffuse, bk_diff, sizeof bk_diff);
    float n[4] = {0.3f, -0.2f, 1.0f, 0.0f};
    memcpy(s.current[GL_FF_ATTRIB_NORMAL], n, sizeof n);

    /* reference colours: every vertex is lit alike (directional lights,
     * infinite viewer, one normal) */
    float attr[GL_FF_ATTRIB_COUNT][4];
    memcpy(attr, s.current, sizeof attr);
    ref_vs_out ref;
    ref_vs(&vk, &s, (const float(*)[4])attr, &ref);
    assert_false(ref.ambiguous);
    uint32_t front = face_color(&ref, 0), back = face_color(&ref, 1);
    assert_true(front != back);

    pt_vtx v[12];
    const float white[4] = {1, 1, 1, 1};
    pt_quad(v, 4, 8, 28, 56, 0, white);
    pt_quad(v + 6, 36, 8, 60, 56, 0, white);
    flip_winding(v + 6, 6);
    static uint32_t img[PT_W * PT_H];
    uint32_t left[2], right[2];
    for (int ccw = 0; ccw < 2; ccw++) {
        ff_draw d;
        ff_bind(&d, &vk, &fk, &s, RAST(.light_twoside = true, .front_ccw = ccw));
        assert_int_equal(d.vs.num_inputs, 1); /* the normal is a constant */
        assert_int_equal(d.vs.inputs[0], GL_FF_ATTRIB_POSITION);
        clear_black();
        pt_set_user_vb(v, sizeof(pt_vtx));
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 12);
        pt_read_rgba(f.rt, img);
        left[ccw] = img[32 * PT_W + 16];
        right[ccw] = img[32 * PT_W + 48];
        assert_int_equal(img[10 * PT_W + 6], left[ccw]); /* uniform over the quad */
        assert_int_equal(img[54 * PT_W + 58], right[ccw]);
        ff_unbind(&d, &f);
    }
    /* One winding is front for front_ccw = 0, the other for 1. */
    int fl = pt_close8(left[0], front, 1) ? 0 : 1;
    if (!pt_close8(left[fl], front, 1) || !pt_close8(right[fl], back, 1) ||
        !pt_close8(left[1 - fl], back, 1) || !pt_close8(right[1 - fl], front, 1))
        fail_msg("front %08x back %08x; drawn: left %08x %08x, right %08x %08x", front, back,
                 left[0], left[1], right[0], right[1]);
    pt_fixture_fini(&f);
}

static void test_clip_plane_eye_space(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    gl_ff_vs_key vk;
    memset(&vk, 0, sizeof vk);
    vk.clip_planes = 1;
    vk.clamp_color = 1;
    gl_ff_fs_key fk;
    memset(&fk, 0, sizeof fk);
    gl_ff_gl_state s;
    gl_ff_gl_state_defaults(&s);
    /* eye = obj + (0.25, 0, 0); clip = eye / 2 (projection scales by 1/2) */
    s.modelview[12] = 0.25f;
    s.projection[0] = s.projection[5] = s.projection[10] = 0.5f;
    /* keep eye x >= 0.2: clip x >= 0.1, window x >= 32 * 1.1 = 35.2 (the same
     * plane in clip space would give 38.4) */
    float plane[4] = {1.0f, 0.0f, 0.0f, -0.2f};
    memcpy(s.clip_plane[0], plane, sizeof plane);
    pt_vtx v[6];
    const float white[4] = {1, 1, 1, 1};
    pt_quad(v, 0, 0, 64, 64, 0, white);
    for (int i = 0; i < 6; i++) /* object coordinates of the full-screen quad */
        for (int c = 0; c < 3; c++)
            v[i].pos[c] = v[i].pos[c] * 2.0f - (c == 0 ? 0.25f : 0.0f);
    ff_draw d;
    ff_bind(&d, &vk, &fk, &s, RAST(.clip_plane_enable = 1));
    assert_int_equal(d.vs.num_inputs, 2);
    assert_int_equal(d.vs.inputs[0], GL_FF_ATTRIB_POSITION);
    assert_int_equal(d.vs.inputs[1], GL_FF_ATTRIB_COLOR0);
    clear_black();
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    static uint32_t img[PT_W * PT_H];
    pt_read_rgba(f.rt, img);
    for (int y = 0; y < PT_H; y += 9)
        for (int x = 0; x < PT_W; x++)
            if (img[y * PT_W + x] != (x >= 35 ? pt_rgba8(1, 1, 1, 1) : 0u))
                fail_msg("pixel (%d, %d) = %08x", x, y, img[y * PT_W + x]);
    ff_unbind(&d, &f);
    pt_fixture_fini(&f);
}

static void test_texture_unit(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    /* a 2x2 texture: texel (i, j) = (64 (1 + i), 64 (1 + j), 255, 255) */
    struct pipe_resource *tex =
        pt_make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, PIPE_BIND_SAMPLER_VIEW);
    assert_non_null(tex);
    uint8_t texels[16];
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            uint8_t *t = &texels[(j * 2 + i) * 4];
            t[0] = (uint8_t)(64 * (1 + i));
            t[1] = (uint8_t)(64 * (1 + j));
            t[2] = t[3] = 255;
        }
    struct pipe_box box = {0, 0, 0, 2, 2, 1};
    pt_ctx->texture_subdata(pt_ctx, tex, 0, PIPE_MAP_WRITE, &box, texels, 8, 16);
    struct pipe_sampler_view tmpl = {.format = PIPE_FORMAT_R8G8B8A8_UNORM,
                                     .target = PIPE_TEXTURE_2D,
                                     .swizzle_r = PIPE_SWIZZLE_X,
                                     .swizzle_g = PIPE_SWIZZLE_Y,
                                     .swizzle_b = PIPE_SWIZZLE_Z,
                                     .swizzle_a = PIPE_SWIZZLE_W};
    struct pipe_sampler_view *view = pt_ctx->create_sampler_view(pt_ctx, tex, &tmpl);
    struct pipe_sampler_state ss = {.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
                                    .wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
                                    .min_img_filter = PIPE_TEX_FILTER_NEAREST,
                                    .mag_img_filter = PIPE_TEX_FILTER_NEAREST,
                                    .min_mip_filter = PIPE_TEX_MIPFILTER_NONE,
                                    .normalized_coords = true,
                                    .max_lod = 16};
    void *samp = pt_ctx->create_sampler_state(pt_ctx, &ss);
    assert_non_null(view);
    assert_non_null(samp);
    struct pipe_sampler_view *views[2] = {NULL, view};
    void *samps[2] = {NULL, samp};
    pt_ctx->set_sampler_views(pt_ctx, PIPE_SHADER_FRAGMENT, 0, 2, views);
    pt_ctx->bind_sampler_states(pt_ctx, PIPE_SHADER_FRAGMENT, 0, 2, samps);

    gl_ff_vs_key vk;
    memset(&vk, 0, sizeof vk);
    vk.texcoord_out = 2; /* unit 1's coordinates: (0.25, 0.75, 0, 2) as a constant */
    vk.const_attribs = 1u << (GL_FF_ATTRIB_TEXCOORD0 + 1);
    gl_ff_fs_key fk;
    memset(&fk, 0, sizeof fk);
    fk.unit[1].target = GL_FF_TEX_2D;
    fk.unit[1].mode = GL_FF_ENV_MODULATE;
    gl_ff_gl_state s;
    gl_ff_gl_state_defaults(&s);
    /* (s, t) / q = (0.125, 0.375): texel (0, 0); q = 1 would give (0, 1) */
    float tc[4] = {0.25f, 0.75f, 0.0f, 2.0f};
    memcpy(s.current[GL_FF_ATTRIB_TEXCOORD0 + 1], tc, sizeof tc);
    pt_vtx v[6];
    const float color[4] = {1.0f, 0.5f, 1.0f, 1.0f};
    pt_quad(v, 8, 8, 56, 56, 0, color);
    ff_draw d;
    ff_bind(&d, &vk, &fk, &s, RAST());
    assert_int_equal(d.fs.samplers, 2);
    clear_black();
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    static uint32_t img[PT_W * PT_H];
    pt_read_rgba(f.rt, img);
    uint32_t want = pt_rgba8(64 / 255.0f, 0.5f * 64 / 255.0f, 1.0f, 1.0f);
    if (!pt_close8(img[32 * PT_W + 32], want, 1))
        fail_msg("got %08x, want %08x", img[32 * PT_W + 32], want);
    ff_unbind(&d, &f);
    pt_ctx->set_sampler_views(pt_ctx, PIPE_SHADER_FRAGMENT, 0, 2, NULL);
    pt_ctx->bind_sampler_states(pt_ctx, PIPE_SHADER_FRAGMENT, 0, 2, NULL);
    pipe_sampler_view_reference(&view, NULL);
    pt_ctx->delete_sampler_state(pt_ctx, samp);
    pipe_resource_reference(&tex, NULL);
    pt_fixture_fini(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_sided),
        cmocka_unit_test(test_clip_plane_eye_space),
        cmocka_unit_test(test_texture_unit),
    };
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
