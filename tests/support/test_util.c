/*
 * test_util.c: see test_util.h. Everything here goes through the public
 * engine API (core/swr.h); nothing reaches into engine internals.
 */
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t tu_format_bpp(swr_format fmt)
{
    static const uint32_t bpp[] = {
#define TU_FMT_BPP(name, bytes) bytes,
        SWR_SURFACE_FORMATS(TU_FMT_BPP)
#undef TU_FMT_BPP
    };
    return (uint32_t)fmt < SWR_FORMAT_COUNT ? bpp[fmt] : 0;
}

swr_result tu_target_init(tu_target *t, const swr_context_desc *desc, uint32_t w, uint32_t h,
                          swr_format cfmt, swr_format zfmt)
{
    memset(t, 0, sizeof *t);
    t->w = w;
    t->h = h;
    t->cfmt = cfmt;
    t->zfmt = zfmt;
    t->cbpp = tu_format_bpp(cfmt);
    t->cpitch = w * t->cbpp;
    t->color = calloc((size_t)t->cpitch * h, 1);
    if (zfmt != SWR_FORMAT_NONE) {
        t->zbpp = tu_format_bpp(zfmt);
        t->zpitch = w * t->zbpp;
        t->depth = calloc((size_t)t->zpitch * h, 1);
    }
    if (!t->color || (zfmt != SWR_FORMAT_NONE && !t->depth))
        return SWR_ERROR_OUT_OF_MEMORY;
    swr_result r = swr_context_create(desc, &t->ctx);
    if (r != SWR_OK)
        return r;
    swr_framebuffer fb = {.num_color = 1};
    fb.color[0] = (swr_surface){t->color, t->cpitch, w, h, cfmt};
    if (zfmt != SWR_FORMAT_NONE)
        fb.zs = (swr_surface){t->depth, t->zpitch, w, h, zfmt};
    return swr_set_framebuffer(t->ctx, &fb);
}

void tu_target_free(tu_target *t)
{
    if (t->ctx)
        swr_context_destroy(t->ctx);
    free(t->color);
    free(t->depth);
    memset(t, 0, sizeof *t);
}

swr_viewport tu_viewport(uint32_t w, uint32_t h)
{
    swr_viewport vp = {{w / 2.0f, -(h / 2.0f), 0.5f}, {w / 2.0f, h / 2.0f, 0.5f}};
    return vp;
}

void tu_passthrough_vs(const void *shader, swr_vs_args *a)
{
    (void)shader;
    memcpy(&a->outputs[0], &a->inputs[0], sizeof a->outputs[0]);
    memcpy(&a->outputs[1], &a->inputs[1], sizeof a->outputs[1]);
}

void tu_color_ps(const void *shader, swr_ps_args *a)
{
    (void)shader;
    memcpy(&a->color[0], &a->inputs[0], sizeof a->color[0]);
}

void tu_pipeline(tu_target *t, uint8_t interp)
{
    swr_context *ctx = t->ctx;
    swr_vertex_layout layout = {.num_elements = 2};
    layout.elements[0] = (swr_vertex_element){0, 0, SWR_VTYPE_FLOAT32, 4, 0};
    layout.elements[1] = (swr_vertex_element){16, 0, SWR_VTYPE_FLOAT32, 4, 0};
    swr_set_vertex_layout(ctx, &layout);
    swr_vs_state vs = {.func = tu_passthrough_vs, .num_inputs = 2, .num_outputs = 2,
                       .position_slot = 0, .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE};
    swr_set_vs(ctx, &vs);
    swr_ps_state ps = {.func = tu_color_ps, .num_inputs = 1, .num_outputs = 1,
                       .color0_writes_all = true};
    ps.inputs[0] = (swr_ps_input){1, SWR_SLOT_NONE, interp};
    swr_set_ps(ctx, &ps);
    swr_viewport vp = tu_viewport(t->w, t->h);
    swr_set_viewports(ctx, 0, 1, &vp);
    swr_rasterizer_state rs = {.front_ccw = true, .depth_clip_near = true, .depth_clip_far = true,
                               .half_pixel_center = true, .point_size = 1, .line_width = 1};
    swr_set_rasterizer_state(ctx, &rs);
    swr_depth_stencil_state dsa = {.depth_func = SWR_FUNC_LESS};
    swr_set_depth_stencil_state(ctx, &dsa);
    swr_blend_state blend = {0};
    blend.rt[0].colormask = SWR_MASK_RGBA;
    swr_set_blend_state(ctx, &blend);
}

void tu_bind_vertices(swr_context *ctx, const tu_vertex *v, uint32_t n)
{
    swr_vertex_buffer vb = {v, n * (uint32_t)sizeof(tu_vertex), sizeof(tu_vertex)};
    swr_set_vertex_buffers(ctx, 0, 1, &vb);
}

void tu_clear(tu_target *t, const float rgba[4], double depth)
{
    swr_clear_info c = {.buffers = SWR_CLEAR_COLOR(0)};
    memcpy(c.color, rgba, sizeof c.color);
    if (t->depth) {
        c.buffers |= SWR_CLEAR_DEPTH | SWR_CLEAR_STENCIL;
        c.depth = depth;
    }
    swr_clear(t->ctx, &c);
}

void tu_finish(tu_target *t)
{
    swr_store_tiles(t->ctx, false);
    swr_sync(t->ctx);
}

size_t tu_image_diff(const char *what, const uint8_t *a, uint32_t apitch, const uint8_t *b,
                     uint32_t bpitch, uint32_t w, uint32_t h, uint32_t bpp, uint32_t tol,
                     bool float_channels, float ftol)
{
    size_t bad = 0;
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *ra = a + (size_t)y * apitch, *rb = b + (size_t)y * bpitch;
        for (uint32_t x = 0; x < w; x++) {
            const uint8_t *pa = ra + (size_t)x * bpp, *pb = rb + (size_t)x * bpp;
            bool differs = false;
            if (float_channels) {
                for (uint32_t c = 0; c < bpp / 4; c++) {
                    float fa, fb;
                    memcpy(&fa, pa + 4 * c, 4);
                    memcpy(&fb, pb + 4 * c, 4);
                    if (!(fabsf(fa - fb) <= ftol) && !(isnan(fa) && isnan(fb)))
                        differs = true;
                }
            } else {
                for (uint32_t c = 0; c < bpp; c++)
                    if ((uint32_t)abs((int)pa[c] - (int)pb[c]) > tol)
                        differs = true;
            }
            if (!differs)
                continue;
            if (bad < 8) {
                fprintf(stderr, "%s: pixel (%u, %u) differs:", what, x, y);
                for (uint32_t c = 0; c < (float_channels ? bpp / 4 : bpp); c++) {
                    if (float_channels) {
                        float fa, fb;
                        memcpy(&fa, pa + 4 * c, 4);
                        memcpy(&fb, pb + 4 * c, 4);
                        fprintf(stderr, " %g/%g", fa, fb);
                    } else {
                        fprintf(stderr, " %u/%u", pa[c], pb[c]);
                    }
                }
                fprintf(stderr, "\n");
            }
            bad++;
        }
    }
    if (bad)
        fprintf(stderr, "%s: %zu of %u pixels differ\n", what, bad, w * h);
    return bad;
}

bool tu_sanitized(void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    return true;
#else
    return false;
#endif
}
