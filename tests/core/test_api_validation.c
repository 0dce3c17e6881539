/*
 * test_api_validation.c: the engine API rejects bad input with
 * SWR_ERROR_INVALID_ARGUMENT instead of crashing (STYLE.md: "a validation
 * layer that rejects bad input"), keeps the previous state when it rejects,
 * survives draws without a framebuffer or shaders, and clamps an index
 * buffer shorter than start + count without reading past its end (the
 * buffer sits at the end of a page followed by a PROT_NONE guard page, so a
 * read past it faults). Vertex buffers get the same guard. Fences:
 * swr_fence_done is false until the fenced work is done and true after it
 * (test_fence_done).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "test_util.h"

#define W 64
#define H 48
#define INV SWR_ERROR_INVALID_ARGUMENT

static void test_null_and_ranges(void **state)
{
    (void)state;
    assert_int_equal(swr_context_create(NULL, NULL), INV);
    swr_context *ctx;
    assert_int_equal(swr_context_create(NULL, &ctx), SWR_OK);

    /* NULL context everywhere. */
    swr_vertex_layout layout = {.num_elements = 1};
    layout.elements[0] = (swr_vertex_element){0, 0, SWR_VTYPE_FLOAT32, 4, 0};
    swr_vertex_buffer vb = {0};
    swr_vs_state vs = {0};
    swr_ps_state ps = {0};
    swr_rasterizer_state rs = {0};
    swr_viewport vp = {{1, 1, 1}, {0, 0, 0}};
    swr_rect rect = {0, 0, 1, 1};
    swr_depth_stencil_state dsa = {0};
    swr_blend_state blend = {0};
    float color[4] = {0};
    swr_framebuffer fb = {0};
    swr_draw_info draw = {.topology = SWR_TOPO_TRIANGLES, .count = 3};
    swr_clear_info clear = {.buffers = SWR_CLEAR_COLOR_ALL};
    assert_int_equal(swr_set_vertex_layout(NULL, &layout), INV);
    assert_int_equal(swr_set_vertex_buffers(NULL, 0, 1, &vb), INV);
    assert_int_equal(swr_set_index_buffer(NULL, NULL, 2, 0), INV);
    assert_int_equal(swr_set_vs(NULL, &vs), INV);
    assert_int_equal(swr_set_ps(NULL, &ps), INV);
    assert_int_equal(swr_set_constant_buffer(NULL, 0, 0, color, 1), INV);
    assert_int_equal(swr_set_sampler(NULL, 0, NULL), INV);
    assert_int_equal(swr_set_rasterizer_state(NULL, &rs), INV);
    assert_int_equal(swr_set_viewports(NULL, 0, 1, &vp), INV);
    assert_int_equal(swr_set_scissors(NULL, 0, 1, &rect), INV);
    assert_int_equal(swr_set_depth_stencil_state(NULL, &dsa), INV);
    assert_int_equal(swr_set_stencil_ref(NULL, 0, 0), INV);
    assert_int_equal(swr_set_blend_state(NULL, &blend), INV);
    assert_int_equal(swr_set_blend_color(NULL, color), INV);
    assert_int_equal(swr_set_framebuffer(NULL, &fb), INV);
    assert_int_equal(swr_draw(NULL, &draw), INV);
    assert_int_equal(swr_clear(NULL, &clear), INV);
    assert_int_equal(swr_store_tiles(NULL, false), INV);
    assert_int_equal(swr_sync(NULL), INV);
    assert_int_equal(swr_fence_wait(NULL, 0, 0), INV);

    /* NULL descriptors. */
    assert_int_equal(swr_set_vertex_layout(ctx, NULL), INV);
    assert_int_equal(swr_set_vertex_buffers(ctx, 0, 1, NULL), INV);
    assert_int_equal(swr_set_vs(ctx, NULL), INV);
    assert_int_equal(swr_set_ps(ctx, NULL), INV);
    assert_int_equal(swr_set_rasterizer_state(ctx, NULL), INV);
    assert_int_equal(swr_set_viewports(ctx, 0, 1, NULL), INV);
    assert_int_equal(swr_set_scissors(ctx, 0, 1, NULL), INV);
    assert_int_equal(swr_set_depth_stencil_state(ctx, NULL), INV);
    assert_int_equal(swr_set_blend_state(ctx, NULL), INV);
    assert_int_equal(swr_set_blend_color(ctx, NULL), INV);
    assert_int_equal(swr_set_framebuffer(ctx, NULL), INV);
    assert_int_equal(swr_draw(ctx, NULL), INV);
    assert_int_equal(swr_clear(ctx, NULL), INV);

    /* Vertex layout. */
    swr_vertex_layout bad = layout;
    bad.num_elements = SWR_MAX_VERTEX_ELEMENTS + 1;
    assert_int_equal(swr_set_vertex_layout(ctx, &bad), INV);
    bad = layout;
    bad.elements[0].type = SWR_VTYPE_COUNT;
    assert_int_equal(swr_set_vertex_layout(ctx, &bad), INV);
    bad = layout;
    bad.elements[0].components = 0;
    assert_int_equal(swr_set_vertex_layout(ctx, &bad), INV);
    bad = layout;
    bad.elements[0].components = 5;
    assert_int_equal(swr_set_vertex_layout(ctx, &bad), INV);
    bad = layout;
    bad.elements[0].buffer_index = SWR_MAX_VERTEX_BUFFERS;
    assert_int_equal(swr_set_vertex_layout(ctx, &bad), INV);
    assert_int_equal(swr_set_vertex_layout(ctx, &layout), SWR_OK);

    /* Vertex and index buffers. */
    swr_vertex_buffer vbs[2] = {{0}};
    assert_int_equal(swr_set_vertex_buffers(ctx, SWR_MAX_VERTEX_BUFFERS + 1, 0, vbs), INV);
    assert_int_equal(swr_set_vertex_buffers(ctx, SWR_MAX_VERTEX_BUFFERS - 1, 2, vbs), INV);
    assert_int_equal(swr_set_vertex_buffers(ctx, 0xffffffffu, 2, vbs), INV);
    assert_int_equal(swr_set_vertex_buffers(ctx, SWR_MAX_VERTEX_BUFFERS - 2, 2, vbs), SWR_OK);
    uint16_t idx[3] = {0, 1, 2};
    assert_int_equal(swr_set_index_buffer(ctx, idx, 3, sizeof idx), INV);
    assert_int_equal(swr_set_index_buffer(ctx, idx, 0, sizeof idx), INV);
    assert_int_equal(swr_set_index_buffer(ctx, idx, 8, sizeof idx), INV);
    assert_int_equal(swr_set_index_buffer(ctx, idx, 2, sizeof idx), SWR_OK);
    assert_int_equal(swr_set_index_buffer(ctx, NULL, 0, 0), SWR_OK); /* unbind */

    /* Shaders. */
    vs = (swr_vs_state){.func = tu_passthrough_vs, .num_inputs = 2, .num_outputs = 2,
                        .point_size_slot = SWR_SLOT_NONE,
                        .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                        .viewport_index_slot = SWR_SLOT_NONE};
    swr_vs_state bvs = vs;
    bvs.num_outputs = SWR_MAX_ATTRIBS + 1;
    assert_int_equal(swr_set_vs(ctx, &bvs), INV);
    bvs = vs;
    bvs.num_inputs = SWR_MAX_ATTRIBS + 1;
    assert_int_equal(swr_set_vs(ctx, &bvs), INV);
    bvs = vs;
    bvs.position_slot = 2;
    assert_int_equal(swr_set_vs(ctx, &bvs), INV);
    assert_int_equal(swr_set_vs(ctx, &vs), SWR_OK);
    ps = (swr_ps_state){.func = tu_color_ps, .num_inputs = 1, .num_outputs = 1};
    ps.inputs[0] = (swr_ps_input){1, SWR_SLOT_NONE, SWR_INTERP_PERSPECTIVE};
    swr_ps_state bps = ps;
    bps.num_inputs = SWR_MAX_ATTRIBS + 1;
    assert_int_equal(swr_set_ps(ctx, &bps), INV);
    bps = ps;
    bps.num_outputs = SWR_MAX_RENDER_TARGETS + 1;
    assert_int_equal(swr_set_ps(ctx, &bps), INV);
    bps = ps;
    bps.inputs[0].interp = SWR_INTERP_COLOR + 1;
    assert_int_equal(swr_set_ps(ctx, &bps), INV);
    assert_int_equal(swr_set_ps(ctx, &ps), SWR_OK);
    assert_int_equal(swr_set_constant_buffer(ctx, SWR_STAGE_COUNT, 0, color, 1), INV);
    assert_int_equal(swr_set_constant_buffer(ctx, 0, SWR_MAX_CONST_BUFFERS, color, 1), INV);
    assert_int_equal(swr_set_constant_buffer(ctx, SWR_STAGE_PS, SWR_MAX_CONST_BUFFERS - 1, color, 1),
                     SWR_OK);
    assert_int_equal(swr_set_sampler(ctx, SWR_STAGE_COUNT, NULL), INV);

    /* Rasterizer, viewports, scissors. */
    rs = (swr_rasterizer_state){.cull_face = SWR_FACE_FRONT_AND_BACK + 1};
    assert_int_equal(swr_set_rasterizer_state(ctx, &rs), INV);
    rs = (swr_rasterizer_state){.fill_front = SWR_FILL_POINT + 1};
    assert_int_equal(swr_set_rasterizer_state(ctx, &rs), INV);
    rs = (swr_rasterizer_state){.fill_back = 200};
    assert_int_equal(swr_set_rasterizer_state(ctx, &rs), INV);
    swr_viewport vps[2] = {vp, vp};
    assert_int_equal(swr_set_viewports(ctx, SWR_MAX_VIEWPORTS, 1, vps), INV);
    assert_int_equal(swr_set_viewports(ctx, SWR_MAX_VIEWPORTS - 1, 2, vps), INV);
    assert_int_equal(swr_set_viewports(ctx, 0xfffffffeu, 2, vps), INV);
    swr_rect rects[2] = {rect, rect};
    assert_int_equal(swr_set_scissors(ctx, SWR_MAX_VIEWPORTS, 1, rects), INV);
    assert_int_equal(swr_set_scissors(ctx, SWR_MAX_VIEWPORTS - 1, 2, rects), INV);

    /* Depth/stencil and blend enums. */
    dsa = (swr_depth_stencil_state){.depth_func = SWR_FUNC_ALWAYS + 1};
    assert_int_equal(swr_set_depth_stencil_state(ctx, &dsa), INV);
    dsa = (swr_depth_stencil_state){.alpha_func = 99};
    assert_int_equal(swr_set_depth_stencil_state(ctx, &dsa), INV);
    for (int face = 0; face < 2; face++) {
        for (int f = 0; f < 4; f++) {
            dsa = (swr_depth_stencil_state){0};
            dsa.stencil[face].enabled = true;
            uint8_t *field[4] = {&dsa.stencil[face].func, &dsa.stencil[face].fail_op,
                                 &dsa.stencil[face].zfail_op, &dsa.stencil[face].zpass_op};
            *field[f] = 8;
            assert_int_equal(swr_set_depth_stencil_state(ctx, &dsa), INV);
        }
    }
    blend = (swr_blend_state){.logicop_enable = true, .logicop_func = SWR_LOGICOP_SET + 1};
    assert_int_equal(swr_set_blend_state(ctx, &blend), INV);
    const uint8_t bad_factors[] = {0, 0x0b, 0x10, 0x16, 0x1b, 0xff};
    for (int rt = 0; rt < SWR_MAX_RENDER_TARGETS; rt += 7) {
        for (size_t i = 0; i < sizeof bad_factors; i++) {
            for (int which = 0; which < 4; which++) {
                blend = (swr_blend_state){.independent_blend_enable = true};
                swr_blend_rt *b = &blend.rt[rt];
                *b = (swr_blend_rt){true, SWR_BLEND_ADD, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ZERO,
                                    SWR_BLEND_ADD, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ZERO,
                                    SWR_MASK_RGBA};
                uint8_t *field[4] = {&b->rgb_src_factor, &b->rgb_dst_factor, &b->alpha_src_factor,
                                     &b->alpha_dst_factor};
                *field[which] = bad_factors[i];
                assert_int_equal(swr_set_blend_state(ctx, &blend), INV);
            }
        }
        blend = (swr_blend_state){0};
        blend.rt[rt] = (swr_blend_rt){true, SWR_BLEND_MAX + 1, 1, 1, SWR_BLEND_ADD, 1, 1, 15};
        assert_int_equal(swr_set_blend_state(ctx, &blend), INV);
        blend.rt[rt] = (swr_blend_rt){true, SWR_BLEND_ADD, 1, 1, SWR_BLEND_MAX + 1, 1, 1, 15};
        assert_int_equal(swr_set_blend_state(ctx, &blend), INV);
    }

    /* Draws. */
    draw.topology = SWR_TOPO_COUNT;
    assert_int_equal(swr_draw(ctx, &draw), INV);
    draw = (swr_draw_info){.topology = SWR_TOPO_TRIANGLES, .count = 3, .indexed = true};
    assert_int_equal(swr_draw(ctx, &draw), INV); /* no index buffer bound */
    assert_int_equal(swr_sync(ctx), SWR_OK);
    swr_context_destroy(ctx);
}

static void test_bad_surfaces(void **state)
{
    (void)state;
    swr_context *ctx;
    assert_int_equal(swr_context_create(NULL, &ctx), SWR_OK);
    static uint8_t mem[64 * 64 * 16];
    const swr_surface good = {mem, 64 * 4, 64, 64, SWR_FORMAT_B8G8R8A8_UNORM};
    const swr_surface goodz = {mem, 64 * 4, 64, 64, SWR_FORMAT_Z32_FLOAT};
    swr_surface bad_color[] = {
        {mem, 64 * 4 - 1, 64, 64, SWR_FORMAT_B8G8R8A8_UNORM},       /* pitch too small */
        {mem, 64 * 16 - 1, 64, 64, SWR_FORMAT_R32G32B32A32_FLOAT},  /* pitch too small */
        {mem, 64 * 4, 0, 64, SWR_FORMAT_B8G8R8A8_UNORM},            /* zero width */
        {mem, 64 * 4, 64, 0, SWR_FORMAT_B8G8R8A8_UNORM},            /* zero height */
        {mem, 0x7fffffff, 16385, 1, SWR_FORMAT_R8_UNORM},           /* too wide */
        {mem, 4, 1, 16385, SWR_FORMAT_B8G8R8A8_UNORM},              /* too tall */
        {mem, 64 * 4, 64, 64, SWR_FORMAT_Z32_FLOAT},                /* depth as colour */
        {mem, 64 * 4, 64, 64, SWR_FORMAT_Z24_UNORM_S8_UINT},        /* depth as colour */
        {NULL, 64 * 4, 64, 64, SWR_FORMAT_B8G8R8A8_UNORM},          /* no memory */
        {mem, 64 * 4, 64, 64, SWR_FORMAT_COUNT},                    /* unknown format */
        {mem, 64 * 4, 64, 64, 0xffffffffu},                         /* unknown format */
    };
    for (size_t i = 0; i < sizeof bad_color / sizeof bad_color[0]; i++) {
        swr_framebuffer fb = {.num_color = 1};
        fb.color[0] = bad_color[i];
        if (swr_set_framebuffer(ctx, &fb) != INV)
            fail_msg("bad colour surface %zu accepted", i);
        /* As a second target too. */
        fb.num_color = 2;
        fb.color[0] = good;
        fb.color[1] = bad_color[i];
        if (swr_set_framebuffer(ctx, &fb) != INV)
            fail_msg("bad colour surface %zu accepted as target 1", i);
    }
    swr_surface bad_zs[] = {
        {mem, 64 * 4, 64, 64, SWR_FORMAT_B8G8R8A8_UNORM},  /* colour as depth */
        {mem, 64 * 4 - 4, 64, 64, SWR_FORMAT_Z32_FLOAT},   /* pitch too small */
        {mem, 64 * 8 - 1, 64, 64, SWR_FORMAT_Z32_FLOAT_S8X24_UINT},
        {mem, 64 * 4, 0, 64, SWR_FORMAT_Z32_FLOAT},
        {mem, 4 * 16385, 16385, 1, SWR_FORMAT_Z32_FLOAT},
        {NULL, 64 * 4, 64, 64, SWR_FORMAT_Z32_FLOAT},
    };
    for (size_t i = 0; i < sizeof bad_zs / sizeof bad_zs[0]; i++) {
        swr_framebuffer fb = {.num_color = 1};
        fb.color[0] = good;
        fb.zs = bad_zs[i];
        if (swr_set_framebuffer(ctx, &fb) != INV)
            fail_msg("bad depth surface %zu accepted", i);
    }
    swr_framebuffer fb = {.num_color = SWR_MAX_RENDER_TARGETS + 1};
    assert_int_equal(swr_set_framebuffer(ctx, &fb), INV);
    fb = (swr_framebuffer){.width = SWR_MAX_SURFACE_DIM + 1, .height = 1, .num_color = 1};
    fb.color[0] = good;
    assert_int_equal(swr_set_framebuffer(ctx, &fb), INV);
    fb = (swr_framebuffer){.num_color = 1};
    fb.color[0] = good;
    fb.zs = goodz;
    assert_int_equal(swr_set_framebuffer(ctx, &fb), SWR_OK);
    /* A surface exactly at the limits is fine (pitch exactly w * bpp). */
    swr_framebuffer edge = {.num_color = 1};
    edge.color[0] = (swr_surface){mem, 64 * 16, 64, 64, SWR_FORMAT_R32G32B32A32_FLOAT};
    assert_int_equal(swr_set_framebuffer(ctx, &edge), SWR_OK);
    swr_context_destroy(ctx);
}

/* A rejected call leaves the previous state in force: a bad PS and a bad
 * blend state after good ones, then a draw renders with the good ones. */
static void test_rejected_keeps_state(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_B8G8R8A8_UNORM, SWR_FORMAT_NONE), SWR_OK);
    tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
    swr_ps_state bps = {.func = NULL, .num_inputs = 99};
    assert_int_equal(swr_set_ps(t.ctx, &bps), INV);
    swr_blend_state bb = {0};
    bb.rt[0] = (swr_blend_rt){true, SWR_BLEND_ADD, 0, 0, SWR_BLEND_ADD, 0, 0, 0};
    assert_int_equal(swr_set_blend_state(t.ctx, &bb), INV);
    swr_framebuffer bfb = {.num_color = 1};
    bfb.color[0] = (swr_surface){t.color, 1, W, H, SWR_FORMAT_B8G8R8A8_UNORM};
    assert_int_equal(swr_set_framebuffer(t.ctx, &bfb), INV);
    tu_vertex v[3] = {{{-1, -1, 0, 1}, {0, 0, 1, 1}}, {{3, -1, 0, 1}, {0, 0, 1, 1}},
                      {{-1, 3, 0, 1}, {0, 0, 1, 1}}};
    tu_bind_vertices(t.ctx, v, 3);
    const float clear[4] = {0, 0, 0, 0};
    tu_clear(&t, clear, 1.0);
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = 3};
    assert_int_equal(swr_draw(t.ctx, &d), SWR_OK);
    tu_finish(&t);
    for (uint32_t i = 0; i < W * H; i++)
        assert_int_equal(t.color[4 * i], 255); /* blue everywhere */
    tu_target_free(&t);
}

static void test_missing_fb_or_shaders(void **state)
{
    (void)state;
    tu_vertex v[3] = {{{-1, -1, 0, 1}, {1, 1, 1, 1}}, {{3, -1, 0, 1}, {1, 1, 1, 1}},
                      {{-1, 3, 0, 1}, {1, 1, 1, 1}}};
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = 3};
    /* No framebuffer at all. */
    {
        tu_target t = {.w = W, .h = H};
        assert_int_equal(swr_context_create(NULL, &t.ctx), SWR_OK);
        tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
        tu_bind_vertices(t.ctx, v, 3);
        swr_draw(t.ctx, &d);
        swr_clear_info c = {.buffers = SWR_CLEAR_COLOR_ALL | SWR_CLEAR_DEPTH};
        swr_clear(t.ctx, &c);
        swr_store_tiles(t.ctx, false);
        assert_int_equal(swr_sync(t.ctx), SWR_OK);
        swr_context_destroy(t.ctx);
    }
    /* A framebuffer but no VS, then no PS. */
    for (int which = 0; which < 3; which++) {
        tu_target t;
        assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_B8G8R8A8_UNORM, SWR_FORMAT_Z32_FLOAT),
                         SWR_OK);
        if (which > 0)
            tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
        if (which == 1) {
            swr_vs_state vs = {.func = NULL, .point_size_slot = SWR_SLOT_NONE,
                               .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                               .viewport_index_slot = SWR_SLOT_NONE};
            assert_int_equal(swr_set_vs(t.ctx, &vs), SWR_OK);
        }
        if (which == 2) {
            swr_ps_state ps = {0};
            assert_int_equal(swr_set_ps(t.ctx, &ps), SWR_OK);
        }
        tu_bind_vertices(t.ctx, v, 3);
        const float clear[4] = {0, 0, 0, 0};
        tu_clear(&t, clear, 1.0);
        swr_draw(t.ctx, &d);
        tu_finish(&t);
        for (uint32_t i = 0; i < W * H * 4; i++)
            if (t.color[i])
                fail_msg("case %d: byte %u written", which, i);
        tu_target_free(&t);
    }
}

/* `bytes` bytes ending exactly at a PROT_NONE page. */
typedef struct guarded {
    uint8_t *map;
    size_t map_bytes;
    uint8_t *data;
} guarded;

static void guarded_alloc(guarded *g, size_t bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t data_pages = (bytes + page - 1) / page;
    g->map_bytes = (data_pages + 1) * page;
    g->map = mmap(NULL, g->map_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(g->map != MAP_FAILED);
    assert_int_equal(mprotect(g->map + data_pages * page, page, PROT_NONE), 0);
    g->data = g->map + data_pages * page - bytes;
}

static void guarded_free(guarded *g) { munmap(g->map, g->map_bytes); }

static void test_short_buffers(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_B8G8R8A8_UNORM, SWR_FORMAT_NONE), SWR_OK);
    tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
    /* 6 vertices: two triangles, left half blue and right half green. */
    guarded vg;
    guarded_alloc(&vg, 6 * sizeof(tu_vertex));
    tu_vertex *v = (tu_vertex *)vg.data;
    const tu_vertex src[6] = {
        {{-1, -1, 0, 1}, {0, 0, 1, 1}}, {{0, -1, 0, 1}, {0, 0, 1, 1}}, {{-1, 1, 0, 1}, {0, 0, 1, 1}},
        {{0, -1, 0, 1}, {0, 1, 0, 1}}, {{1, -1, 0, 1}, {0, 1, 0, 1}}, {{1, 1, 0, 1}, {0, 1, 0, 1}}};
    memcpy(v, src, sizeof src);
    tu_bind_vertices(t.ctx, v, 6);
    for (int isz = 1; isz <= 4; isz *= 2) {
        guarded ig;
        guarded_alloc(&ig, 5 * (size_t)isz); /* 5 indices: the second triangle is cut */
        for (int i = 0; i < 5; i++) {
            uint32_t val = (uint32_t)i;
            memcpy(ig.data + (size_t)i * isz, &val, (size_t)isz); /* little endian */
        }
        assert_int_equal(swr_set_index_buffer(t.ctx, ig.data, (uint32_t)isz, 5 * (uint32_t)isz), SWR_OK);
        const float clear[4] = {0, 0, 0, 0};
        tu_clear(&t, clear, 1.0);
        swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .start = 0, .count = 600, .indexed = true};
        assert_int_equal(swr_draw(t.ctx, &d), SWR_OK);
        /* start past the end: nothing. Huge start + count must not wrap. */
        swr_draw_info d2 = {.topology = SWR_TOPO_TRIANGLES, .start = 5, .count = 3, .indexed = true};
        assert_int_equal(swr_draw(t.ctx, &d2), SWR_OK);
        swr_draw_info d3 = {.topology = SWR_TOPO_TRIANGLES, .start = 0xfffffff0u, .count = 0x20,
                            .indexed = true};
        assert_int_equal(swr_draw(t.ctx, &d3), SWR_OK);
        /* Index values past the vertex buffer: vertices read as zero. */
        swr_draw_info d4 = {.topology = SWR_TOPO_TRIANGLES, .start = 0, .count = 3, .indexed = true,
                            .base_vertex = 1000000};
        assert_int_equal(swr_draw(t.ctx, &d4), SWR_OK);
        tu_finish(&t);
        /* The first triangle only: blue at the left, nothing at the right. */
        const uint8_t *left = t.color + (size_t)(3 * H / 4) * t.cpitch + 4 * (W / 8);
        const uint8_t *right = t.color + (size_t)(3 * H / 4) * t.cpitch + 4 * (W - W / 8);
        assert_int_equal(left[0], 255);
        assert_int_equal(right[1], 0);
        swr_set_index_buffer(t.ctx, NULL, 0, 0);
        guarded_free(&ig);
    }
    /* Non-indexed draw past the vertex buffer's end: reads as zero, no fault. */
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .start = 3, .count = 3000};
    assert_int_equal(swr_draw(t.ctx, &d), SWR_OK);
    tu_finish(&t);
    tu_target_free(&t);
    guarded_free(&vg);
}

/* ---- fences ---------------------------------------------------------------------------- */

/* The first pixel-shader call of a draw holds its worker until released,
 * so a fence after it cannot signal before the test lets it: no timing
 * assumption. Later calls (and every call with g_release set) run freely. */
static atomic_int g_entered, g_release;

static void hold_ps(const void *shader, swr_ps_args *a)
{
    (void)shader;
    int expected = 0;
    if (atomic_compare_exchange_strong(&g_entered, &expected, 1))
        while (!atomic_load(&g_release))
            sched_yield();
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < 8; l++)
            a->color[0].v[c][l] = 1.0f;
}

/* swr_fence_done: false while the fenced work is not done (a large draw
 * held in its pixel shader on a pool worker), then true once it is,
 * polled without any timeout; swr_fence_wait with a short timeout reports
 * SWR_ERROR_TIMEOUT meanwhile; true after swr_fence_wait; a fence of
 * finished work is done at once. The image shows both draws complete. */
static void test_fence_done(void **state)
{
    (void)state;
    enum { FW = 512, FH = 512 };
    static const swr_context_desc descs[2] = {{.single_threaded = 1}, {0}};
    static tu_vertex q[6];
    const float xy[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
    for (int k = 0; k < 6; k++)
        q[k] = (tu_vertex){{xy[k][0], xy[k][1], 0, 1}, {1, 1, 1, 1}};
    for (int d = 0; d < 2; d++) {
        tu_target t;
        assert_int_equal(tu_target_init(&t, &descs[d], FW, FH, SWR_FORMAT_R8G8B8A8_UNORM,
                                         SWR_FORMAT_NONE),
                         SWR_OK);
        tu_pipeline(&t, SWR_INTERP_LINEAR);
        swr_ps_state ps = {.func = hold_ps, .num_outputs = 1};
        swr_set_ps(t.ctx, &ps);
        tu_bind_vertices(t.ctx, q, 6);
        const float clear[4] = {0, 0, 0, 0};
        tu_clear(&t, clear, 1.0);
        swr_sync(t.ctx);
        swr_fence f0 = swr_fence_submit(t.ctx);
        assert_true(swr_fence_done(t.ctx, f0));

        /* Hold only where a pool worker runs the shader (the API thread
         * would wait for itself). */
        bool hold = swr_worker_count(t.ctx) > 0;
        atomic_store(&g_entered, 0);
        atomic_store(&g_release, hold ? 0 : 1);
        swr_draw_info di = {.topology = SWR_TOPO_TRIANGLES, .count = 6};
        assert_int_equal(swr_draw(t.ctx, &di), SWR_OK);
        swr_fence f1 = swr_fence_submit(t.ctx);
        assert_int_equal(swr_draw(t.ctx, &di), SWR_OK);
        swr_store_tiles(t.ctx, false);
        swr_fence f2 = swr_fence_submit(t.ctx);
        assert_true(f2 > f1 && f1 > f0);
        if (hold) {
            while (!atomic_load(&g_entered))
                sched_yield();
            assert_false(swr_fence_done(t.ctx, f1));
            assert_false(swr_fence_done(t.ctx, f2));
            assert_true(swr_fence_done(t.ctx, f0));
            assert_int_equal(swr_fence_wait(t.ctx, f1, 1000000), SWR_ERROR_TIMEOUT);
            assert_false(swr_fence_done(t.ctx, f1));
            atomic_store(&g_release, 1);
            while (!swr_fence_done(t.ctx, f1)) /* eventually; the ctest timeout bounds it */
                sched_yield();
        }
        assert_int_equal(swr_fence_wait(t.ctx, f2, UINT64_MAX), SWR_OK);
        assert_true(swr_fence_done(t.ctx, f1));
        assert_true(swr_fence_done(t.ctx, f2));
        assert_true(swr_fence_done(t.ctx, swr_fence_submit(t.ctx)));
        size_t unlit = 0;
        for (uint32_t i = 0; i < FW * FH * 4; i++)
            unlit += t.color[i] != 255;
        assert_int_equal(unlit, 0);
        tu_target_free(&t);
    }
}

int main(void)
{
    /* The fence test holds a draw on a worker; the load governor would run
     * it on the API thread when the machine is busy. */
    setenv("KNOB_ADAPT_TO_LOAD", "0", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_null_and_ranges),
        cmocka_unit_test(test_bad_surfaces),
        cmocka_unit_test(test_rejected_keeps_state),
        cmocka_unit_test(test_missing_fb_or_shaders),
        cmocka_unit_test(test_short_buffers),
        cmocka_unit_test(test_fence_done),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
