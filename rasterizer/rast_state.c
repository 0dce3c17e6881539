/*
 * rast_state.c: the state core hands the rasterizer (rast.h): the vertex
 * layout block, and the draw state with the values derived from the blocks
 * once per state change (never per draw): render-target mask, early/late
 * depth decision, selected depth/stencil and blend kernels, per-viewport
 * pixel rectangles, guard band and depth range, and the backend's decisions
 * (rast_be_setup, via be_draw_derive). Also the few format and draw-cutting
 * facts core validates and cuts with.
 * Thread: the API thread, while validating state and building a new draw
 * state.
 */
#include "rasterizer/rast_priv.h"

#include <math.h>
#include <string.h>

#include "rasterizer/be_output.h"

/* Minimum resolvable depth difference r of the polygon offset formula, per
 * format: one unit of the fixed-point representation; for float depth, the
 * spacing of floats just below 1.0 (2^-24) -- a per-triangle exponent would
 * be more exact for small depths. */
static float depth_r(swr_format fmt)
{
    switch (fmt) {
    case SWR_FORMAT_Z16_UNORM:
        return 1.0f / 65535.0f;
    case SWR_FORMAT_Z24_UNORM_S8_UINT:
    case SWR_FORMAT_Z24X8_UNORM:
        return 1.0f / 16777215.0f;
    default:
        return 1.0f / 16777216.0f;
    }
}

static void derive_viewport(rast_draw_state *st, uint32_t i)
{
    const swr_viewport *v = &st->raster->vp[i];
    const swr_rasterizer_state *rs = &st->raster->rs;
    rast_viewport_derived *d = &st->vp[i];
    float off = (float)st->sample_offset_fx8 / 256.0f;
    double x0 = (double)v->translate[0] - fabs((double)v->scale[0]);
    double x1 = (double)v->translate[0] + fabs((double)v->scale[0]);
    double y0 = (double)v->translate[1] - fabs((double)v->scale[1]);
    double y1 = (double)v->translate[1] + fabs((double)v->scale[1]);
    /* Pixel px is inside iff its sample point px + off lies in [x0, x1). */
    double lim = SWR_MAX_SURFACE_DIM;
    swr_rect r = {
        (int32_t)fmax(0, fmin(lim, ceil(x0 - off))), (int32_t)fmax(0, fmin(lim, ceil(y0 - off))),
        (int32_t)fmax(0, fmin(lim, ceil(x1 - off))), (int32_t)fmax(0, fmin(lim, ceil(y1 - off)))};
    if (rs->window_space_position) {
        r.x0 = r.y0 = 0;
        r.x1 = r.y1 = SWR_MAX_SURFACE_DIM;
    }
    if (r.x1 > (int32_t)st->fb_width)
        r.x1 = (int32_t)st->fb_width;
    if (r.y1 > (int32_t)st->fb_height)
        r.y1 = (int32_t)st->fb_height;
    if (rs->scissor_enable) {
        const swr_rect *s = &st->raster->scissor[i];
        if (s->x0 > r.x0)
            r.x0 = s->x0;
        if (s->y0 > r.y0)
            r.y0 = s->y0;
        if (s->x1 < r.x1)
            r.x1 = s->x1;
        if (s->y1 < r.y1)
            r.y1 = s->y1;
    }
    if (r.x1 < r.x0)
        r.x1 = r.x0;
    if (r.y1 < r.y0)
        r.y1 = r.y0;
    d->rect = r;
    /* Guard band in NDC units: the window position x_ndc * scale + translate
     * stays within +-RAST_GUARD_BAND. The viewport itself lies inside the
     * band (surfaces are at most 2^14 pixels), so the result is >= 1. */
    double sx = fabs((double)v->scale[0]), sy = fabs((double)v->scale[1]);
    double gx = sx > 0 ? (RAST_GUARD_BAND - fabs((double)v->translate[0])) / sx : 1e6;
    double gy = sy > 0 ? (RAST_GUARD_BAND - fabs((double)v->translate[1])) / sy : 1e6;
    d->guard_x = (float)fmin(fmax(gx, 1.0), 1e6);
    d->guard_y = (float)fmin(fmax(gy, 1.0), 1e6);
    float za = rs->clip_halfz ? v->translate[2] : v->translate[2] - v->scale[2];
    float zb = v->translate[2] + v->scale[2];
    d->depth_lo = fmaxf(0.0f, fminf(za, zb));
    d->depth_hi = fminf(1.0f, fmaxf(za, zb));
}

void rast_derive_state(rast_draw_state *st)
{
    const swr_framebuffer *fb = &st->fb->fb;
    const swr_rasterizer_state *rs = &st->raster->rs;
    const swr_ps_state *ps = &st->shaders->ps;
    const rast_output_block *out = st->output;

    /* Rendering area: the framebuffer's, or the smallest attachment. */
    uint32_t w = fb->width, h = fb->height;
    if (!w || !h) {
        w = h = SWR_MAX_SURFACE_DIM;
        for (uint32_t i = 0; i < fb->num_color; i++) {
            if (fb->color[i].format != SWR_FORMAT_NONE) {
                w = fb->color[i].width < w ? fb->color[i].width : w;
                h = fb->color[i].height < h ? fb->color[i].height : h;
            }
        }
        if (fb->zs.format != SWR_FORMAT_NONE) {
            w = fb->zs.width < w ? fb->zs.width : w;
            h = fb->zs.height < h ? fb->zs.height : h;
        }
        if (w == SWR_MAX_SURFACE_DIM && h == SWR_MAX_SURFACE_DIM && fb->num_color == 0 &&
            fb->zs.format == SWR_FORMAT_NONE)
            w = h = 0;
    }
    st->fb_width = w;
    st->fb_height = h;
    st->sample_offset_fx8 = rs->half_pixel_center ? 128 : 0;

    st->num_attribs = ps->num_inputs < SWR_MAX_ATTRIBS ? ps->num_inputs : SWR_MAX_ATTRIBS;
    st->has_flat = false;
    for (uint32_t i = 0; i < st->num_attribs; i++) {
        uint8_t m = ps->inputs[i].interp;
        if (m == SWR_INTERP_COLOR)
            m = rs->flatshade ? SWR_INTERP_CONSTANT : SWR_INTERP_PERSPECTIVE;
        if (m > SWR_INTERP_PERSPECTIVE)
            m = SWR_INTERP_PERSPECTIVE;
        st->interp[i] = m;
        st->has_flat |= m == SWR_INTERP_CONSTANT;
    }
    st->sprite_mask = rs->point_sprite ? rs->sprite_coord_enable : 0;

    st->rt_mask = 0;
    for (uint32_t rt = 0; ps->func && rt < fb->num_color && rt < SWR_MAX_RENDER_TARGETS; rt++) {
        swr_format fmt = (swr_format)fb->color[rt].format;
        const swr_blend_rt *b = &out->blend.rt[out->blend.independent_blend_enable ? rt : 0];
        bool written = rt < ps->num_outputs || ps->color0_writes_all;
        if (fmt != SWR_FORMAT_NONE && be_format_is_color(fmt) && written && b->colormask) {
            st->rt_mask |= 1u << rt;
            st->blend_fn[rt] = be_blend_select(&out->blend, rt, fmt);
        } else {
            st->blend_fn[rt] = NULL;
        }
    }

    swr_format zfmt = (swr_format)fb->zs.format;
    const swr_depth_stencil_state *dsa = &out->dsa;
    bool has_depth = be_format_is_depth(zfmt);
    bool has_stencil = has_depth && be_format_has_stencil(zfmt);
    bool depth_test = has_depth && dsa->depth_enabled;
    bool stencil_test = has_stencil && (dsa->stencil[0].enabled || dsa->stencil[1].enabled);
    st->ds_enabled = depth_test || stencil_test;
    st->ds_fn = st->ds_enabled ? be_ds_select(dsa, zfmt) : NULL;
    st->depth_writes = depth_test && dsa->depth_writemask;
    st->stencil_writes = stencil_test && (dsa->stencil[0].writemask || dsa->stencil[1].writemask);
    /* Early tests only when they cannot change the result: the shader can
     * neither discard nor replace depth/stencil, and no alpha test follows
     * (a fragment failing early would otherwise have run stencil ops that a
     * later kill must suppress). */
    st->early_ds = ps->early_depth_stencil || (!ps->writes_depth && !ps->writes_stencil &&
                                               !ps->can_kill && !dsa->alpha_enabled);
    st->depth_clamp = rs->depth_clamp || !rs->depth_clip_near || !rs->depth_clip_far;
    st->depth_offset_r = depth_r(zfmt);

    st->num_viewports = SWR_MAX_VIEWPORTS;
    for (uint32_t i = 0; i < SWR_MAX_VIEWPORTS; i++)
        derive_viewport(st, i);

    /* The backend's per-state decisions (rast_be_setup): last, it reads
     * the fields above. */
    be_draw_derive(st);
}

/* ---- rast.h -------------------------------------------------------------------- */

size_t rast_layout_block_bytes(void) { return sizeof(rast_layout_block); }

bool rast_layout_block_set(rast_layout_block *b, const swr_vertex_layout *layout,
                           const char **error)
{
    fe_fetch_plan plan;
    if (!fe_fetch_compile(layout, &plan, error))
        return false;
    b->layout = *layout;
    b->plan = plan;
    return true;
}

size_t rast_draw_state_bytes(void) { return sizeof(rast_draw_state); }

void rast_draw_state_build(rast_draw_state *st, const rast_state_blocks *blocks,
                           const rast_draw_state *prev)
{
    if (prev)
        memcpy(st, prev, sizeof *st);
    else
        memset(st, 0, sizeof *st);
    st->layout = blocks->layout;
    st->buffers = blocks->buffers;
    st->shaders = blocks->shaders;
    st->raster = blocks->raster;
    st->output = blocks->output;
    st->fb = blocks->fb;
    st->so = blocks->so;
    if (!prev) {
        uint32_t csr = simd_fp_enter(); /* derived values as workers would compute them */
        rast_derive_state(st);
        simd_fp_leave(csr);
    }
}

void rast_draw_state_area(const rast_draw_state *st, uint32_t *width, uint32_t *height)
{
    *width = st->fb_width;
    *height = st->fb_height;
}

bool rast_format_is_color(swr_format fmt) { return be_format_is_color(fmt); }
bool rast_format_is_depth(swr_format fmt) { return be_format_is_depth(fmt); }
uint32_t rast_surface_bpp(swr_format fmt) { return be_surface_bpp(fmt); }

uint32_t rast_positions_per_chunk(uint32_t topology, uint32_t max_prims)
{
    return fe_positions_per_chunk(topology, max_prims);
}

uint32_t rast_max_prims_for_positions(uint32_t topology, uint32_t positions)
{
    return fe_max_prims_for_positions(topology, positions);
}
