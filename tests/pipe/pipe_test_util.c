/*
 * pipe_test_util.c: the pipe tests' shared scaffolding; see
 * pipe_test_util.h for what each helper does and the fixture it builds.
 * Failures inside the fixture are cmocka assertions, so they fail the
 * calling test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend-gallium/pipe/swrp_context.h"
#include "pipe_test_util.h"

struct pipe_screen *pt_screen;
struct pipe_context *pt_ctx;

int pt_group_setup(void **state)
{
    (void)state;
    pt_screen = swr_create_screen();
    if (!pt_screen)
        return -1;
    pt_ctx = pt_screen->context_create(pt_screen, NULL, 0);
    return pt_ctx ? 0 : -1;
}

int pt_group_teardown(void **state)
{
    (void)state;
    pt_ctx->destroy(pt_ctx);
    pt_screen->destroy(pt_screen);
    return 0;
}

const char *const PT_VS_PASS = "VERT\n"
                               "DCL IN[0]\n"
                               "DCL IN[1]\n"
                               "DCL OUT[0], POSITION\n"
                               "DCL OUT[1], GENERIC[0]\n"
                               "  0: MOV OUT[0], IN[0]\n"
                               "  1: MOV OUT[1], IN[1]\n"
                               "  2: END\n";

const char *const PT_FS_PASS = "FRAG\n"
                               "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                               "DCL OUT[0], COLOR\n"
                               "  0: MOV OUT[0], IN[0]\n"
                               "  1: END\n";

struct pipe_resource *pt_make_tex(enum pipe_format f, uint32_t w, uint16_t h, unsigned bind)
{
    struct pipe_resource t = {.target = PIPE_TEXTURE_2D, .format = f, .width0 = w, .height0 = h,
                              .depth0 = 1, .array_size = 1, .bind = bind};
    return pt_screen->resource_create(pt_screen, &t);
}

struct pipe_resource *pt_make_buffer(uint32_t size, unsigned bind, const void *data)
{
    struct pipe_resource t = {.target = PIPE_BUFFER, .format = PIPE_FORMAT_R8_UNORM,
                              .width0 = size, .height0 = 1, .depth0 = 1, .array_size = 1,
                              .bind = bind};
    struct pipe_resource *r = pt_screen->resource_create(pt_screen, &t);
    if (r && data)
        pt_ctx->buffer_subdata(pt_ctx, r, PIPE_MAP_WRITE, 0, size, data);
    return r;
}

struct pipe_surface *pt_make_surface(struct pipe_resource *r)
{
    struct pipe_surface t = {.format = r->format};
    return pt_ctx->create_surface(pt_ctx, r, &t);
}

void *pt_make_shader(const char *text, bool vs)
{
    struct pipe_shader_state s = {.text = text};
    return vs ? pt_ctx->create_vs_state(pt_ctx, &s) : pt_ctx->create_fs_state(pt_ctx, &s);
}

void *pt_default_rast(void)
{
    struct pipe_rasterizer_state r = {.half_pixel_center = true, .depth_clip_near = true,
                                      .depth_clip_far = true, .cull_face = PIPE_FACE_NONE,
                                      .front_ccw = true, .line_width = 1, .point_size = 1};
    return pt_ctx->create_rasterizer_state(pt_ctx, &r);
}

void *pt_plain_blend(void)
{
    struct pipe_blend_state b = {0};
    b.rt[0].colormask = PIPE_MASK_RGBA;
    return pt_ctx->create_blend_state(pt_ctx, &b);
}

void *pt_pos_color_velems(void)
{
    struct pipe_vertex_element e[2] = {
        {.src_offset = 0, .vertex_buffer_index = 0, .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT},
        {.src_offset = 16, .vertex_buffer_index = 0, .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT},
    };
    return pt_ctx->create_vertex_elements_state(pt_ctx, 2, e);
}

void pt_bind_fb(struct pipe_surface *c0, struct pipe_surface *c1, struct pipe_surface *zs)
{
    struct pipe_framebuffer_state fb = {.width = PT_W, .height = PT_H, .nr_cbufs = c1 ? 2 : 1,
                                        .cbufs = {c0, c1}, .zsbuf = zs};
    pt_ctx->set_framebuffer_state(pt_ctx, &fb);
}

void pt_fixture_init(pt_fixture *f, const struct pipe_depth_stencil_alpha_state *dsa)
{
    struct pipe_context *ctx = pt_ctx;
    memset(f, 0, sizeof *f);
    f->rt = pt_make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, PT_W, PT_H, PIPE_BIND_RENDER_TARGET);
    f->zs = pt_make_tex(PIPE_FORMAT_Z24_UNORM_S8_UINT, PT_W, PT_H, PIPE_BIND_DEPTH_STENCIL);
    assert_non_null(f->rt);
    assert_non_null(f->zs);
    f->cs = pt_make_surface(f->rt);
    f->zss = pt_make_surface(f->zs);
    assert_non_null(f->cs);
    assert_non_null(f->zss);
    pt_bind_fb(f->cs, NULL, f->zss);
    struct pipe_viewport_state vp = {{32, 32, 0.5f}, {32, 32, 0.5f}};
    ctx->set_viewport_states(ctx, 0, 1, &vp);
    f->rast = pt_default_rast();
    f->blend = pt_plain_blend();
    struct pipe_depth_stencil_alpha_state off = {0};
    f->dsa = ctx->create_depth_stencil_alpha_state(ctx, dsa ? dsa : &off);
    f->velems = pt_pos_color_velems();
    f->vs = pt_make_shader(PT_VS_PASS, true);
    f->fs = pt_make_shader(PT_FS_PASS, false);
    assert_non_null(f->rast);
    assert_non_null(f->blend);
    assert_non_null(f->dsa);
    assert_non_null(f->velems);
    assert_non_null(f->vs);
    assert_non_null(f->fs);
    ctx->bind_rasterizer_state(ctx, f->rast);
    ctx->bind_blend_state(ctx, f->blend);
    ctx->bind_depth_stencil_alpha_state(ctx, f->dsa);
    ctx->bind_vertex_elements_state(ctx, f->velems);
    ctx->bind_vs_state(ctx, f->vs);
    ctx->bind_fs_state(ctx, f->fs);
    union pipe_color_union black = {{0, 0, 0, 0}};
    ctx->clear(ctx, PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTHSTENCIL, &black, 1.0, 0);
}

void pt_fixture_fini(pt_fixture *f)
{
    struct pipe_context *ctx = pt_ctx;
    ctx->bind_rasterizer_state(ctx, NULL);
    ctx->bind_blend_state(ctx, NULL);
    ctx->bind_depth_stencil_alpha_state(ctx, NULL);
    ctx->bind_vertex_elements_state(ctx, NULL);
    ctx->bind_vs_state(ctx, NULL);
    ctx->bind_fs_state(ctx, NULL);
    ctx->set_framebuffer_state(ctx, NULL);
    ctx->set_vertex_buffers(ctx, 0, PIPE_MAX_VERTEX_BUFFERS, NULL);
    ctx->delete_rasterizer_state(ctx, f->rast);
    ctx->delete_blend_state(ctx, f->blend);
    ctx->delete_depth_stencil_alpha_state(ctx, f->dsa);
    ctx->delete_vertex_elements_state(ctx, f->velems);
    ctx->delete_vs_state(ctx, f->vs);
    ctx->delete_fs_state(ctx, f->fs);
    pipe_surface_reference(&f->cs, NULL);
    pipe_surface_reference(&f->zss, NULL);
    pipe_resource_reference(&f->rt, NULL);
    pipe_resource_reference(&f->zs, NULL);
}

void pt_quad(pt_vtx *v, float x0, float y0, float x1, float y1, float z, const float c[4])
{
    const float px[6] = {x0, x1, x0, x1, x1, x0}, py[6] = {y0, y0, y1, y0, y1, y1};
    for (int i = 0; i < 6; i++)
        v[i] = (pt_vtx){{pt_nx(px[i]), pt_nx(py[i]), z, 1}, {c[0], c[1], c[2], c[3]}};
}

void pt_set_user_vb(const void *data, uint16_t stride)
{
    struct pipe_vertex_buffer vb = {.stride = stride, .is_user_buffer = true};
    vb.buffer.user = data;
    pt_ctx->set_vertex_buffers(pt_ctx, 0, 1, &vb);
}

void pt_draw_arrays(unsigned mode, unsigned start, unsigned count)
{
    struct pipe_draw_info info = {.mode = (uint8_t)mode, .instance_count = 1};
    struct pipe_draw_start_count_bias d = {.start = start, .count = count};
    pt_ctx->draw_vbo(pt_ctx, &info, 0, &d, 1);
}

void pt_read_rgba(struct pipe_resource *r, uint32_t *out)
{
    struct pipe_box box = {0, 0, 0, (int32_t)r->width0, r->height0, 1};
    struct pipe_transfer *t = NULL;
    const uint8_t *p = pt_ctx->texture_map(pt_ctx, r, 0, PIPE_MAP_READ, &box, &t);
    assert_non_null(p);
    for (uint32_t y = 0; y < r->height0; y++)
        memcpy(out + y * r->width0, p + (size_t)y * t->stride, r->width0 * 4);
    pt_ctx->texture_unmap(pt_ctx, t);
}

uint32_t pt_rgba8(float r, float g, float b, float a)
{
    float c[4] = {r, g, b, a};
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        float x = c[i] < 0 ? 0 : c[i] > 1 ? 1 : c[i];
        v |= (uint32_t)(x * 255.0f + 0.5f) << (8 * i);
    }
    return v;
}

bool pt_close8(uint32_t a, uint32_t b, int tol)
{
    for (int i = 0; i < 4; i++) {
        int x = (int)((a >> (8 * i)) & 0xff), y = (int)((b >> (8 * i)) & 0xff);
        if (abs(x - y) > tol)
            return false;
    }
    return true;
}

void pt_check_image(struct pipe_resource *r, pt_expect_fn expect, const void *arg, int tol)
{
    static uint32_t img[PT_W * PT_H];
    pt_read_rgba(r, img);
    int bad = 0;
    for (int y = 0; y < PT_H; y++)
        for (int x = 0; x < PT_W; x++) {
            uint32_t e = expect(x, y, arg), g = img[y * PT_W + x];
            if (!pt_close8(e, g, tol) && bad++ < 5)
                print_error("pixel (%d, %d): got %08x, expected %08x\n", x, y, g, e);
        }
    assert_int_equal(bad, 0);
}
