/*
 * test_feature_common.c: see test_feature_common.h. Public engine API only.
 */
#include "test_feature_common.h"

#include <math.h>
#include <string.h>

const swr_context_desc fx_descs[2] = {{.single_threaded = 1}, {0}};
const char *const fx_desc_names[2] = {"single-threaded", "pooled"};

void fx_copy_vs(const void *shader, swr_vs_args *a)
{
    (void)shader;
    memcpy(a->outputs, a->inputs, 4 * sizeof a->outputs[0]);
}

void fx_ps(const void *shader, swr_ps_args *a)
{
    const fx_ps_cfg *cfg = shader;
    uint32_t sel = cfg ? cfg->sel : 0;
    memcpy(&a->color[0], &a->inputs[sel], sizeof a->color[0]);
}

swr_vs_state fx_vs_state(void)
{
    swr_vs_state vs = {.func = fx_copy_vs, .num_inputs = 4, .num_outputs = 4,
                       .position_slot = 0, .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE};
    return vs;
}

swr_ps_state fx_ps_state(uint8_t interp)
{
    swr_ps_state ps = {.func = fx_ps, .num_inputs = 3, .num_outputs = 1,
                       .color0_writes_all = true};
    for (uint32_t i = 0; i < 3; i++)
        ps.inputs[i] = (swr_ps_input){(uint8_t)(i + 1), SWR_SLOT_NONE, interp};
    return ps;
}

swr_rasterizer_state fx_rs(void)
{
    swr_rasterizer_state rs = {.front_ccw = true, .depth_clip_near = true,
                               .depth_clip_far = true, .half_pixel_center = true,
                               .point_size = 1, .line_width = 1};
    return rs;
}

void fx_pipeline(tu_target *t, uint8_t interp)
{
    swr_context *ctx = t->ctx;
    swr_vertex_layout layout = {.num_elements = 4};
    for (uint32_t i = 0; i < 4; i++)
        layout.elements[i] = (swr_vertex_element){16 * i, 0, SWR_VTYPE_FLOAT32, 4, 0};
    swr_set_vertex_layout(ctx, &layout);
    swr_vs_state vs = fx_vs_state();
    swr_set_vs(ctx, &vs);
    swr_ps_state ps = fx_ps_state(interp);
    swr_set_ps(ctx, &ps);
    swr_viewport vp = tu_viewport(t->w, t->h);
    swr_set_viewports(ctx, 0, 1, &vp);
    swr_rasterizer_state rs = fx_rs();
    swr_set_rasterizer_state(ctx, &rs);
    swr_depth_stencil_state dsa = {.depth_func = SWR_FUNC_LESS};
    swr_set_depth_stencil_state(ctx, &dsa);
    swr_blend_state blend = {0};
    blend.rt[0].colormask = SWR_MASK_RGBA;
    swr_set_blend_state(ctx, &blend);
}

fx_vertex fx_win(uint32_t w, uint32_t h, float x, float y, float z, const float rgba[4])
{
    fx_vertex v;
    memset(&v, 0, sizeof v);
    v.pos[0] = x / (w * 0.5f) - 1.0f;
    v.pos[1] = 1.0f - y / (h * 0.5f);
    v.pos[2] = 2.0f * z - 1.0f;
    v.pos[3] = 1.0f;
    if (rgba)
        memcpy(v.a, rgba, sizeof v.a);
    return v;
}

void fx_draw(swr_context *ctx, uint32_t topology, const fx_vertex *v, uint32_t n)
{
    swr_vertex_buffer vb = {v, n * (uint32_t)sizeof(fx_vertex), sizeof(fx_vertex)};
    swr_set_vertex_buffers(ctx, 0, 1, &vb);
    swr_draw_info d = {.topology = topology, .count = n};
    swr_draw(ctx, &d);
}

const float *fx_px4(const tu_target *t, uint32_t x, uint32_t y)
{
    return (const float *)(t->color + (size_t)y * t->cpitch) + 4 * x;
}

void fx_clear(tu_target *t, const float r, const float g, const float b, const float a)
{
    const float c[4] = {r, g, b, a};
    tu_clear(t, c, 1.0);
}

bool fx_engine_front_is_screen_ccw(void)
{
    tu_target t;
    if (tu_target_init(&t, &fx_descs[0], 16, 16, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE) !=
        SWR_OK) {
        tu_target_free(&t);
        return false;
    }
    fx_pipeline(&t, SWR_INTERP_LINEAR);
    swr_rasterizer_state rs = fx_rs();
    rs.cull_face = SWR_FACE_BACK;
    swr_set_rasterizer_state(t.ctx, &rs);
    static const float one[4] = {1, 1, 1, 1};
    /* top-left, bottom-left, top-right: counter-clockwise on screen */
    fx_vertex v[3] = {fx_win(16, 16, 1, 1, 0.5f, one), fx_win(16, 16, 1, 15, 0.5f, one),
                      fx_win(16, 16, 15, 1, 0.5f, one)};
    fx_clear(&t, 0, 0, 0, 0);
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 3);
    tu_finish(&t);
    bool drawn = fx_px4(&t, 4, 4)[0] == 1.0f;
    tu_target_free(&t);
    return drawn;
}

double fx_stored_depth(const tu_target *t, uint32_t x, uint32_t y)
{
    const uint8_t *p = t->depth + (size_t)y * t->zpitch + (size_t)x * t->zbpp;
    if (t->zfmt == SWR_FORMAT_Z32_FLOAT) {
        float f;
        memcpy(&f, p, 4);
        return f;
    }
    uint32_t v;
    memcpy(&v, p, 4);
    return (double)(v & 0xffffff);
}

double fx_expect_depth(const tu_target *t, double z)
{
    return t->zfmt == SWR_FORMAT_Z32_FLOAT ? z : nearbyint(z * 16777215.0);
}
