/*
 * swrp_state.c: the pipe context's CSOs (blend, depth/stencil/alpha,
 * rasterizer, sampler, vertex elements), its set_* calls, sampler views
 * and surfaces. Shader CSOs live in swrp_shader.c, draws and clears in
 * swrp_draw.c; swrp_state.h describes the bound state they share.
 *
 * In: Gallium descriptions (caller's memory, copied). Out: CSO handles that
 * already hold the engine's form of the state, so a bind is a pointer store
 * and a draw copies at most a struct. Invalid descriptions (values outside
 * their enums, slots out of range) give NULL or are ignored, with a message
 * on stderr; never a crash.
 *
 * Deleting a bound CSO is the caller's error (the docs forbid it); the
 * engine copies the state it was given, so deleting an unbound CSO frees it
 * at once even while draws that used it are still running.
 *
 * Thread: the context's thread.
 */
#include "frontend-gallium/pipe/swrp_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/pipe/swrp_resource.h"

/* ---- helpers ------------------------------------------------------------- */

static void complain(const char *what)
{
    fprintf(stderr, "swr: pipe: %s\n", what);
}

void swrp_state_defer_free(swrp_context *c, void *mem, uint64_t fence)
{
    if (!mem)
        return;
    if (swrp_timeline_done(c->tl, fence)) {
        free(mem);
        return;
    }
    swrp_usage users[SWRP_MAX_USERS];
    memset(users, 0, sizeof users);
    swrp_timeline_ref(c->tl);
    users[0].tl = c->tl;
    users[0].use = fence;
    swrp_screen_defer_free(swrp_screen_of(c->base.screen), mem, users);
}

/* Engine blend factors: the values swr_set_blend_state accepts (Gallium's
 * numbering, with 0x16 unused). */
static bool factor_ok(uint8_t f)
{
    return (f >= PIPE_BLENDFACTOR_ONE && f <= PIPE_BLENDFACTOR_SRC1_ALPHA) ||
           (f >= PIPE_BLENDFACTOR_ZERO && f <= PIPE_BLENDFACTOR_INV_SRC1_ALPHA && f != 0x16);
}

static bool is_src1_factor(uint8_t f)
{
    return f == PIPE_BLENDFACTOR_SRC1_COLOR || f == PIPE_BLENDFACTOR_SRC1_ALPHA ||
           f == PIPE_BLENDFACTOR_INV_SRC1_COLOR || f == PIPE_BLENDFACTOR_INV_SRC1_ALPHA;
}

/* ---- blend ----------------------------------------------------------------- */

static void *create_blend_state(struct pipe_context *ctx, const struct pipe_blend_state *b)
{
    (void)ctx;
    if (!b)
        return NULL;
    if (b->logicop_enable && b->logicop_func > PIPE_LOGICOP_SET) {
        complain("blend state: logicop_func out of range");
        return NULL;
    }
    swrp_blend_cso *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->swr.independent_blend_enable = b->independent_blend_enable;
    o->swr.logicop_enable = b->logicop_enable;
    o->swr.logicop_func = b->logicop_enable ? b->logicop_func : PIPE_LOGICOP_COPY;
    o->swr.dither = b->dither;
    o->swr.alpha_to_coverage = b->alpha_to_coverage;
    o->swr.alpha_to_one = b->alpha_to_one;
    unsigned n = b->independent_blend_enable ? PIPE_MAX_COLOR_BUFS : 1;
    for (unsigned i = 0; i < n; i++) {
        const struct pipe_rt_blend_state *r = &b->rt[i];
        swr_blend_rt *d = &o->swr.rt[i];
        d->colormask = r->colormask & PIPE_MASK_RGBA;
        if (!r->blend_enable)
            continue;
        if (r->rgb_func > PIPE_BLEND_MAX || r->alpha_func > PIPE_BLEND_MAX ||
            !factor_ok(r->rgb_src_factor) || !factor_ok(r->rgb_dst_factor) ||
            !factor_ok(r->alpha_src_factor) || !factor_ok(r->alpha_dst_factor)) {
            complain("blend state: blend function or factor out of range");
            free(o);
            return NULL;
        }
        d->blend_enable = true;
        d->rgb_func = r->rgb_func;
        d->rgb_src_factor = r->rgb_src_factor;
        d->rgb_dst_factor = r->rgb_dst_factor;
        d->alpha_func = r->alpha_func;
        d->alpha_src_factor = r->alpha_src_factor;
        d->alpha_dst_factor = r->alpha_dst_factor;
    }
    /* Without independent blending the engine replicates rt[0]. */
    const swr_blend_rt *r0 = &o->swr.rt[0];
    o->dual_source = r0->blend_enable && !b->logicop_enable &&
                     (is_src1_factor(r0->rgb_src_factor) || is_src1_factor(r0->rgb_dst_factor) ||
                      is_src1_factor(r0->alpha_src_factor) || is_src1_factor(r0->alpha_dst_factor));
    return o;
}

static void bind_blend_state(struct pipe_context *ctx, void *state)
{
    swrp_bound_of(ctx)->blend = state;
    swrp_context_of(ctx)->dirty |= SWRP_DIRTY_BLEND;
}

static void delete_blend_state(struct pipe_context *ctx, void *state)
{
    /* Deleting a bound CSO is the caller's error; unbinding it keeps the
     * next draw from reading freed memory (it is skipped instead). */
    if (swrp_bound_of(ctx)->blend == state)
        swrp_bound_of(ctx)->blend = NULL;
    free(state);
}

/* ---- depth / stencil / alpha ------------------------------------------------- */

static bool stencil_ok(const struct pipe_stencil_state *s)
{
    return !s->enabled || (s->func <= PIPE_FUNC_ALWAYS && s->fail_op <= PIPE_STENCIL_OP_INVERT &&
                           s->zpass_op <= PIPE_STENCIL_OP_INVERT &&
                           s->zfail_op <= PIPE_STENCIL_OP_INVERT);
}

static void *create_dsa_state(struct pipe_context *ctx,
                              const struct pipe_depth_stencil_alpha_state *s)
{
    (void)ctx;
    if (!s)
        return NULL;
    if ((s->depth.enabled && s->depth.func > PIPE_FUNC_ALWAYS) ||
        (s->alpha.enabled && s->alpha.func > PIPE_FUNC_ALWAYS) || !stencil_ok(&s->stencil[0]) ||
        !stencil_ok(&s->stencil[1])) {
        complain("depth/stencil/alpha state: value out of range");
        return NULL;
    }
    swrp_dsa_cso *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->swr.depth_enabled = s->depth.enabled;
    o->swr.depth_writemask = s->depth.enabled && s->depth.writemask;
    o->swr.depth_func = s->depth.enabled ? s->depth.func : PIPE_FUNC_ALWAYS;
    for (int i = 0; i < 2; i++) {
        const struct pipe_stencil_state *p = &s->stencil[i];
        swr_stencil_face *f = &o->swr.stencil[i];
        if (!p->enabled)
            continue;
        f->enabled = true;
        f->func = p->func;
        f->fail_op = p->fail_op;
        f->zfail_op = p->zfail_op;
        f->zpass_op = p->zpass_op;
        f->valuemask = p->valuemask;
        f->writemask = p->writemask;
    }
    o->swr.alpha_enabled = s->alpha.enabled;
    o->swr.alpha_func = s->alpha.enabled ? s->alpha.func : PIPE_FUNC_ALWAYS;
    o->swr.alpha_ref = s->alpha.ref_value;
    return o;
}

static void bind_dsa_state(struct pipe_context *ctx, void *state)
{
    swrp_bound_of(ctx)->dsa = state;
    swrp_context_of(ctx)->dirty |= SWRP_DIRTY_DSA;
}

static void delete_dsa_state(struct pipe_context *ctx, void *state)
{
    /* Deleting a bound CSO is the caller's error; unbinding it keeps the
     * next draw from reading freed memory (it is skipped instead). */
    if (swrp_bound_of(ctx)->dsa == state)
        swrp_bound_of(ctx)->dsa = NULL;
    free(state);
}

/* ---- rasterizer -------------------------------------------------------------- */

/* FILL_RECTANGLE (NV_fill_rectangle) is not supported: filled like FILL. */
static uint8_t fill_mode(uint8_t m)
{
    return m == PIPE_POLYGON_MODE_LINE    ? SWR_FILL_LINE
           : m == PIPE_POLYGON_MODE_POINT ? SWR_FILL_POINT
                                          : SWR_FILL_FILL;
}

static void *create_rasterizer_state(struct pipe_context *ctx,
                                     const struct pipe_rasterizer_state *r)
{
    (void)ctx;
    if (!r)
        return NULL;
    swrp_rast_cso *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    swr_rasterizer_state *s = &o->swr;
    s->cull_face = r->cull_face & PIPE_FACE_FRONT_AND_BACK;
    s->front_ccw = r->front_ccw;
    s->fill_front = fill_mode(r->fill_front);
    s->fill_back = fill_mode(r->fill_back);
    s->offset_point = r->offset_point;
    s->offset_line = r->offset_line;
    s->offset_tri = r->offset_tri;
    s->offset_units = r->offset_units;
    s->offset_scale = r->offset_scale;
    s->offset_clamp = r->offset_clamp;
    s->offset_units_unscaled = r->offset_units_unscaled;
    s->depth_clip_near = r->depth_clip_near;
    s->depth_clip_far = r->depth_clip_far;
    s->depth_clamp = r->depth_clamp;
    s->clip_halfz = r->clip_halfz;
    s->flatshade = r->flatshade;
    s->flatshade_first = r->flatshade_first;
    s->half_pixel_center = r->half_pixel_center;
    s->bottom_edge_rule = r->bottom_edge_rule;
    s->scissor_enable = r->scissor;
    s->point_size_per_vertex = r->point_size_per_vertex;
    s->point_size = r->point_size;
    s->point_sprite = r->sprite_coord_enable != 0;
    s->sprite_origin_lower_left = r->sprite_coord_mode == PIPE_SPRITE_COORD_LOWER_LEFT;
    s->point_quad_rasterization = r->point_quad_rasterization;
    s->line_width = r->line_width;
    s->line_last_pixel = r->line_last_pixel;
    /* Gallium's factor is GL's minus one. */
    s->line_stipple_enable = r->line_stipple_enable;
    s->line_stipple_pattern = r->line_stipple_pattern;
    s->line_stipple_factor = (uint16_t)(r->line_stipple_factor + 1u);
    s->line_smooth = r->line_smooth;
    s->point_smooth = r->point_smooth;
    s->rasterizer_discard = r->rasterizer_discard;
    o->sprite_coord_enable = r->sprite_coord_enable;
    o->light_twoside = r->light_twoside;
    o->clip_plane_enable = r->clip_plane_enable;
    o->scissor = r->scissor;
    o->clamp_vertex_color = r->clamp_vertex_color;
    o->clamp_fragment_color = r->clamp_fragment_color;
    o->poly_stipple_enable = r->poly_stipple_enable;
    return o;
}

static void bind_rasterizer_state(struct pipe_context *ctx, void *state)
{
    swrp_bound_of(ctx)->rast = state;
}

static void delete_rasterizer_state(struct pipe_context *ctx, void *state)
{
    /* Deleting a bound CSO is the caller's error; unbinding it keeps the
     * next draw from reading freed memory (it is skipped instead). */
    if (swrp_bound_of(ctx)->rast == state)
        swrp_bound_of(ctx)->rast = NULL;
    /* A CSO made later at this address must not hit the link cache. */
    swrp_link_cache_clear(swrp_context_of(ctx));
    free(state);
}

/* ---- samplers ---------------------------------------------------------------- */

static void *create_sampler_state(struct pipe_context *ctx, const struct pipe_sampler_state *s)
{
    (void)ctx;
    if (!s)
        return NULL;
    if (s->wrap_s > PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER ||
        s->wrap_t > PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER ||
        s->wrap_r > PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER ||
        s->min_img_filter > PIPE_TEX_FILTER_LINEAR || s->mag_img_filter > PIPE_TEX_FILTER_LINEAR ||
        s->min_mip_filter > PIPE_TEX_MIPFILTER_NONE ||
        s->compare_mode > PIPE_TEX_COMPARE_R_TO_TEXTURE || s->compare_func > PIPE_FUNC_ALWAYS) {
        complain("sampler state: value out of range");
        return NULL;
    }
    swrp_sampler_state *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->wrap_s = s->wrap_s;
    o->wrap_t = s->wrap_t;
    o->wrap_r = s->wrap_r;
    o->min_img_filter = s->min_img_filter;
    o->mag_img_filter = s->mag_img_filter;
    o->min_mip_filter = s->min_mip_filter;
    o->compare_mode = s->compare_mode;
    o->compare_func = s->compare_func;
    o->normalized_coords = s->normalized_coords;
    o->seamless_cube_map = s->seamless_cube_map;
    o->max_anisotropy = s->max_anisotropy;
    o->lod_bias = s->lod_bias;
    o->min_lod = s->min_lod;
    o->max_lod = s->max_lod;
    memcpy(o->border_color.ui, s->border_color.ui, sizeof o->border_color.ui);
    return o;
}

static void bind_sampler_states(struct pipe_context *ctx, enum pipe_shader_type shader,
                                unsigned start, unsigned num, void **samplers)
{
    swrp_bound *b = swrp_bound_of(ctx);
    if ((unsigned)shader >= SWRP_NUM_STAGES || start > SWRP_MAX_SAMPLERS ||
        num > SWRP_MAX_SAMPLERS - start) {
        complain("bind_sampler_states: stage or slot out of range");
        return;
    }
    for (unsigned i = 0; i < num; i++)
        b->samplers[shader][start + i] = samplers ? samplers[i] : NULL;
    b->sampler_dirty[shader] = true;
}

static void delete_sampler_state(struct pipe_context *ctx, void *state)
{
    /* Snapshots hold copies, so only bindings can point here; clear them
     * if the caller deletes a bound sampler (its error). */
    swrp_bound *b = swrp_bound_of(ctx);
    for (unsigned s = 0; s < SWRP_NUM_STAGES; s++)
        for (unsigned i = 0; i < SWRP_MAX_SAMPLERS; i++)
            if (b->samplers[s][i] == state) {
                b->samplers[s][i] = NULL;
                b->sampler_dirty[s] = true;
            }
    free(state);
}

/* ---- vertex elements ---------------------------------------------------------- */

static void *create_vertex_elements_state(struct pipe_context *ctx, unsigned n,
                                          const struct pipe_vertex_element *e)
{
    (void)ctx;
    if (n > PIPE_MAX_ATTRIBS || (n && !e)) {
        complain("vertex elements: too many or NULL");
        return NULL;
    }
    swrp_velems_cso *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->layout.num_elements = n;
    for (unsigned i = 0; i < n; i++) {
        swr_vertex_element *d = &o->layout.elements[i];
        const fmt_desc *f = fmt_get(e[i].src_format);
        if (e[i].vertex_buffer_index >= PIPE_MAX_VERTEX_BUFFERS || !f ||
            !swrp_vertex_format(e[i].src_format, &d->type, &d->components)) {
            complain("vertex elements: buffer index out of range or unfetchable format");
            free(o);
            return NULL;
        }
        d->offset_bytes = e[i].src_offset;
        d->buffer_index = (uint16_t)e[i].vertex_buffer_index;
        d->instance_divisor = e[i].instance_divisor;
        o->elem_bytes[i] = f->block_bytes;
    }
    return o;
}

static void bind_vertex_elements_state(struct pipe_context *ctx, void *state)
{
    swrp_bound_of(ctx)->velems = state;
    swrp_context_of(ctx)->dirty |= SWRP_DIRTY_VELEMS;
}

static void delete_vertex_elements_state(struct pipe_context *ctx, void *state)
{
    /* Deleting a bound CSO is the caller's error; unbinding it keeps the
     * next draw from reading freed memory (it is skipped instead). */
    if (swrp_bound_of(ctx)->velems == state)
        swrp_bound_of(ctx)->velems = NULL;
    free(state);
}

/* ---- small states ---------------------------------------------------------------- */

static void set_blend_color(struct pipe_context *ctx, const struct pipe_blend_color *c)
{
    if (c) {
        swrp_bound_of(ctx)->blend_color = *c;
        swrp_context_of(ctx)->dirty |= SWRP_DIRTY_BLEND_COLOR;
    }
}

static void set_stencil_ref(struct pipe_context *ctx, const struct pipe_stencil_ref *r)
{
    if (r) {
        swrp_bound_of(ctx)->stencil_ref = *r;
        swrp_context_of(ctx)->dirty |= SWRP_DIRTY_STENCIL_REF;
    }
}

static void set_sample_mask(struct pipe_context *ctx, unsigned mask)
{
    swrp_bound_of(ctx)->sample_mask = mask;
}

static void set_clip_state(struct pipe_context *ctx, const struct pipe_clip_state *clip)
{
    if (clip)
        swrp_bound_of(ctx)->clip = *clip;
}

static void set_polygon_stipple(struct pipe_context *ctx, const struct pipe_poly_stipple *s)
{
    if (s)
        swrp_bound_of(ctx)->stipple = *s;
}

static void set_scissor_states(struct pipe_context *ctx, unsigned start, unsigned num,
                               const struct pipe_scissor_state *s)
{
    if (!s || start > PIPE_MAX_VIEWPORTS || num > PIPE_MAX_VIEWPORTS - start) {
        complain("set_scissor_states: slot out of range");
        return;
    }
    swrp_bound *b = swrp_bound_of(ctx);
    for (unsigned i = 0; i < num; i++)
        b->scissor[start + i] = (swr_rect){s[i].minx, s[i].miny, s[i].maxx, s[i].maxy};
    swrp_context_of(ctx)->dirty |= SWRP_DIRTY_SCISSOR;
}

static void set_viewport_states(struct pipe_context *ctx, unsigned start, unsigned num,
                                const struct pipe_viewport_state *v)
{
    if (!v || start > PIPE_MAX_VIEWPORTS || num > PIPE_MAX_VIEWPORTS - start) {
        complain("set_viewport_states: slot out of range");
        return;
    }
    swrp_bound *b = swrp_bound_of(ctx);
    /* Same convention on both sides: window = ndc * scale + translate,
     * y growing with the row number. */
    for (unsigned i = 0; i < num; i++) {
        memcpy(b->viewport[start + i].scale, v[i].scale, sizeof v[i].scale);
        memcpy(b->viewport[start + i].translate, v[i].translate, sizeof v[i].translate);
    }
    swrp_context_of(ctx)->dirty |= SWRP_DIRTY_VIEWPORT;
}

/* ---- resource bindings ------------------------------------------------------------- */

static void set_framebuffer_state(struct pipe_context *ctx, const struct pipe_framebuffer_state *fb)
{
    swrp_bound *b = swrp_bound_of(ctx);
    struct pipe_framebuffer_state n = {0};
    if (fb) {
        if (fb->nr_cbufs > PIPE_MAX_COLOR_BUFS) {
            complain("set_framebuffer_state: too many colour buffers");
            return;
        }
        n = *fb;
    }
    /* The engine may hold the old surfaces in hot tiles: write them back
     * before their references go, and record that write on each old
     * resource, so one destroyed right after keeps its storage until the
     * store is done (the engine switches framebuffers only at the next draw). */
    bool same = n.zsbuf == b->fb.zsbuf && n.nr_cbufs == b->fb.nr_cbufs;
    for (unsigned i = 0; i < n.nr_cbufs && same; i++)
        same = n.cbufs[i] == b->fb.cbufs[i];
    if (!same) {
        swrp_context_store_render_targets(ctx);
        for (unsigned i = 0; i < b->fb.nr_cbufs; i++)
            if (b->fb.cbufs[i])
                swrp_resource_mark_used(ctx, b->fb.cbufs[i]->texture, true);
        if (b->fb.zsbuf)
            swrp_resource_mark_used(ctx, b->fb.zsbuf->texture, true);
    }
    for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
        pipe_surface_reference(&b->fb.cbufs[i], i < n.nr_cbufs ? n.cbufs[i] : NULL);
    pipe_surface_reference(&b->fb.zsbuf, n.zsbuf);
    b->fb.width = n.width;
    b->fb.height = n.height;
    b->fb.layers = n.layers;
    b->fb.samples = n.samples;
    b->fb.nr_cbufs = n.nr_cbufs;
    swrp_context_of(ctx)->dirty |= SWRP_DIRTY_FB;
}

/* Chunk size for constant copies: a GL program's uniforms are a few hundred
 * bytes, so a chunk serves a few hundred draws before the next is taken. */
#define CONST_CHUNK_BYTES (32u * 1024u)

static void const_slot_release(swrp_context *c, swrp_const_slot *s)
{
    (void)c;
    pipe_resource_reference(&s->buffer, NULL);
    if (s->user_chunk)
        s->user_chunk->refs--;
    memset(s, 0, sizeof *s);
}

/* `bytes` (a multiple of 16) of constant storage with 16-byte alignment,
 * in a chunk whose refs the caller's slot now counts. NULL: out of memory. */
static float *const_alloc(swrp_context *c, uint32_t bytes, swrp_const_chunk **chunk)
{
    swrp_bound *b = c->bound;
    swrp_const_chunk *k = b->const_cur;
    if (!k || k->cap_bytes - k->used_bytes < bytes) {
        k = NULL;
        for (swrp_const_chunk *q = b->const_chunks; q && !k; q = q->next)
            if (q != b->const_cur && !q->refs && q->cap_bytes >= bytes &&
                swrp_timeline_done(c->tl, q->last_use))
                k = q;
        if (!k) {
            uint32_t cap = bytes > CONST_CHUNK_BYTES ? bytes : CONST_CHUNK_BYTES;
            k = aligned_alloc(64, (sizeof *k + cap + 63) & ~(size_t)63);
            if (!k)
                return NULL;
            k->cap_bytes = cap;
            k->refs = 0;
            k->next = b->const_chunks;
            b->const_chunks = k;
        }
        k->used_bytes = 0;
        k->last_use = 0;
        b->const_cur = k;
    }
    float *p = (float *)(void *)(k->data + k->used_bytes);
    k->used_bytes += bytes;
    k->refs++;
    *chunk = k;
    return p;
}

static bool same_user_copy(const swrp_const_slot *s, const void *src, uint32_t bytes)
{
    return s->user && s->user_bytes == bytes && memcmp(s->user, src, bytes) == 0;
}

_Static_assert(PIPE_MAX_VERTEX_BUFFERS <= 32 && PIPE_MAX_CONSTANT_BUFFERS <= 32 &&
                   SWRP_MAX_SAMPLER_VIEWS <= 32,
               "swrp_bound's slot masks are 32-bit");

static void set_constant_slot(swrp_context *c, swrp_const_slot *s, enum pipe_shader_type shader,
                              unsigned index, const struct pipe_constant_buffer *cb)
{
    if (cb && cb->user_buffer) {
        /* Copied (the docs let the caller reuse its memory at once), padded
         * with zeros to whole vec4s: the engine reads constants as vec4s.
         * Copies are immutable, so an equal one already made for this slot
         * or for the other stage's same slot (GL sends one uniform storage
         * to both) is shared: the engine then sees an unchanged pointer. */
        const uint8_t *src = (const uint8_t *)cb->user_buffer + cb->buffer_offset;
        uint32_t bytes = cb->buffer_size;
        if (bytes > (1u << 30)) {
            complain("set_constant_buffer: user buffer larger than 1 GiB");
            const_slot_release(c, s);
            return;
        }
        if (same_user_copy(s, src, bytes))
            return;
        const swrp_const_slot *o = &c->bound->cb[shader == PIPE_SHADER_VERTEX ? PIPE_SHADER_FRAGMENT
                                                                              : PIPE_SHADER_VERTEX]
                                               [index];
        if (same_user_copy(o, src, bytes)) {
            const_slot_release(c, s);
            *s = *o;
            s->user_chunk->refs++;
            return;
        }
        uint32_t vec4s = (uint32_t)(((uint64_t)bytes + 15) / 16);
        swrp_const_chunk *chunk;
        float *copy = const_alloc(c, (vec4s ? vec4s : 1) * 16, &chunk);
        const_slot_release(c, s);
        if (!copy)
            return;
        memcpy(copy, src, bytes);
        memset((uint8_t *)copy + bytes, 0, (vec4s ? vec4s : 1) * 16 - bytes);
        s->user = copy;
        s->user_vec4s = vec4s;
        s->user_bytes = bytes;
        s->user_chunk = chunk;
        return;
    }
    const_slot_release(c, s);
    if (!cb || !cb->buffer)
        return;
    pipe_resource_reference(&s->buffer, cb->buffer);
    s->offset = cb->buffer_offset;
    s->size = cb->buffer_size;
}

static void set_constant_buffer(struct pipe_context *ctx, enum pipe_shader_type shader,
                                unsigned index, const struct pipe_constant_buffer *cb)
{
    swrp_context *c = swrp_context_of(ctx);
    if ((unsigned)shader >= SWRP_NUM_STAGES || index >= PIPE_MAX_CONSTANT_BUFFERS) {
        complain("set_constant_buffer: stage or index out of range");
        return;
    }
    swrp_bound *b = c->bound;
    swrp_const_slot *s = &b->cb[shader][index];
    set_constant_slot(c, s, shader, index, cb);
    if (s->user || s->buffer)
        b->cb_mask[shader] |= 1u << index;
    else
        b->cb_mask[shader] &= ~(1u << index);
}

void swrp_state_set_driver_constants(swrp_context *c, const float *data)
{
    struct pipe_constant_buffer cb = {
        .user_buffer = data,
        .buffer_size = SWRP_DC_VEC4S * 16,
    };
    set_constant_buffer(&c->base, PIPE_SHADER_VERTEX, SWR_DRIVER_CONST_SLOT, &cb);
    set_constant_buffer(&c->base, PIPE_SHADER_FRAGMENT, SWR_DRIVER_CONST_SLOT, &cb);
    set_constant_buffer(&c->base, PIPE_SHADER_GEOMETRY, SWR_DRIVER_CONST_SLOT, &cb);
}

static void set_vertex_buffers(struct pipe_context *ctx, unsigned start, unsigned count,
                               const struct pipe_vertex_buffer *vb)
{
    swrp_bound *b = swrp_bound_of(ctx);
    if (start > PIPE_MAX_VERTEX_BUFFERS || count > PIPE_MAX_VERTEX_BUFFERS - start) {
        complain("set_vertex_buffers: slot out of range");
        return;
    }
    for (unsigned i = 0; i < count; i++) {
        struct pipe_vertex_buffer *d = &b->vb[start + i];
        if (!d->is_user_buffer)
            pipe_resource_reference(&d->buffer.resource, NULL);
        memset(d, 0, sizeof *d);
        if (!vb)
            continue;
        d->stride = vb[i].stride;
        d->is_user_buffer = vb[i].is_user_buffer;
        d->buffer_offset = vb[i].buffer_offset;
        if (vb[i].is_user_buffer)
            d->buffer.user = vb[i].buffer.user;
        else
            pipe_resource_reference(&d->buffer.resource, vb[i].buffer.resource);
    }
    b->vb_mask = 0;
    for (unsigned i = 0; i < PIPE_MAX_VERTEX_BUFFERS; i++)
        if (b->vb[i].stride || b->vb[i].is_user_buffer || b->vb[i].buffer.resource)
            b->vb_mask |= 1u << i;
}

static void set_sampler_views(struct pipe_context *ctx, enum pipe_shader_type shader,
                              unsigned start, unsigned num, struct pipe_sampler_view **views)
{
    swrp_bound *b = swrp_bound_of(ctx);
    if ((unsigned)shader >= SWRP_NUM_STAGES || start > SWRP_MAX_SAMPLER_VIEWS ||
        num > SWRP_MAX_SAMPLER_VIEWS - start) {
        complain("set_sampler_views: stage or slot out of range");
        return;
    }
    for (unsigned i = 0; i < num; i++)
        pipe_sampler_view_reference(&b->views[shader][start + i], views ? views[i] : NULL);
    b->sampler_dirty[shader] = true;
    b->view_mask[shader] = 0;
    for (unsigned i = 0; i < SWRP_MAX_SAMPLER_VIEWS; i++)
        if (b->views[shader][i])
            b->view_mask[shader] |= 1u << i;
}

/* ---- sampler views and surfaces ---------------------------------------------------- */

static struct pipe_sampler_view *create_sampler_view(struct pipe_context *ctx,
                                                     struct pipe_resource *tex,
                                                     const struct pipe_sampler_view *templ)
{
    if (!tex || !templ)
        return NULL;
    /* Validate now; the engine's copy is rebuilt from the storage current
     * at each draw that changes it (swrp_draw.c). */
    swrp_sampler_view *check = malloc(sizeof *check);
    if (!check)
        return NULL;
    bool ok = swrp_sampler_view_from_resource(check, tex, templ);
    free(check);
    if (!ok) {
        complain("create_sampler_view: template does not fit the resource");
        return NULL;
    }
    struct pipe_sampler_view *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    *v = *templ;
    pipe_reference_init(&v->reference, 1);
    v->texture = NULL;
    pipe_resource_reference(&v->texture, tex);
    v->context = ctx;
    return v;
}

static void sampler_view_destroy(struct pipe_context *ctx, struct pipe_sampler_view *v)
{
    (void)ctx;
    if (!v)
        return;
    pipe_resource_reference(&v->texture, NULL);
    free(v);
}

static struct pipe_surface *create_surface(struct pipe_context *ctx, struct pipe_resource *res,
                                           const struct pipe_surface *templ)
{
    if (!res || !templ)
        return NULL;
    const fmt_desc *f = fmt_get(templ->format);
    const fmt_desc *rf = fmt_get(res->format);
    swrp_level_ptr lp;
    if (res->target == PIPE_BUFFER || !fmt_is_renderable(f) || !rf ||
        f->block_bytes != rf->block_bytes || templ->u.tex.first_layer > templ->u.tex.last_layer ||
        !swrp_resource_level(res, templ->u.tex.level, templ->u.tex.last_layer, &lp)) {
        complain("create_surface: format not renderable or level/layers outside the resource");
        return NULL;
    }
    struct pipe_surface *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    pipe_reference_init(&s->reference, 1);
    s->format = templ->format;
    s->width = (uint16_t)lp.width;
    s->height = (uint16_t)lp.height;
    s->nr_samples = templ->nr_samples;
    pipe_resource_reference(&s->texture, res);
    s->context = ctx;
    s->u.tex.level = templ->u.tex.level;
    s->u.tex.first_layer = templ->u.tex.first_layer;
    s->u.tex.last_layer = templ->u.tex.last_layer;
    return s;
}

static void surface_destroy(struct pipe_context *ctx, struct pipe_surface *s)
{
    (void)ctx;
    if (!s)
        return;
    pipe_resource_reference(&s->texture, NULL);
    free(s);
}

/* ---- init / destroy ---------------------------------------------------------------- */

bool swrp_state_init(swrp_context *c)
{
    c->bound = calloc(1, sizeof *c->bound);
    if (!c->bound)
        return false;
    swrp_bound *b = c->bound;
    b->sample_mask = ~0u;
    for (unsigned i = 0; i < SWR_MAX_VIEWPORTS; i++)
        b->scissor[i] = (swr_rect){0, 0, SWR_MAX_SURFACE_DIM, SWR_MAX_SURFACE_DIM};
    struct pipe_context *p = &c->base;
    p->create_blend_state = create_blend_state;
    p->bind_blend_state = bind_blend_state;
    p->delete_blend_state = delete_blend_state;
    p->create_sampler_state = create_sampler_state;
    p->bind_sampler_states = bind_sampler_states;
    p->delete_sampler_state = delete_sampler_state;
    p->create_rasterizer_state = create_rasterizer_state;
    p->bind_rasterizer_state = bind_rasterizer_state;
    p->delete_rasterizer_state = delete_rasterizer_state;
    p->create_depth_stencil_alpha_state = create_dsa_state;
    p->bind_depth_stencil_alpha_state = bind_dsa_state;
    p->delete_depth_stencil_alpha_state = delete_dsa_state;
    p->create_vertex_elements_state = create_vertex_elements_state;
    p->bind_vertex_elements_state = bind_vertex_elements_state;
    p->delete_vertex_elements_state = delete_vertex_elements_state;
    p->set_blend_color = set_blend_color;
    p->set_stencil_ref = set_stencil_ref;
    p->set_sample_mask = set_sample_mask;
    p->set_clip_state = set_clip_state;
    p->set_polygon_stipple = set_polygon_stipple;
    p->set_scissor_states = set_scissor_states;
    p->set_viewport_states = set_viewport_states;
    p->set_framebuffer_state = set_framebuffer_state;
    p->set_constant_buffer = set_constant_buffer;
    p->set_vertex_buffers = set_vertex_buffers;
    p->set_sampler_views = set_sampler_views;
    p->create_sampler_view = create_sampler_view;
    p->sampler_view_destroy = sampler_view_destroy;
    p->create_surface = create_surface;
    p->surface_destroy = surface_destroy;
    swrp_shader_init(p);
    swrp_so_init(p);
    swrp_draw_init(p);
    return true;
}

void swrp_state_destroy(swrp_context *c)
{
    swrp_bound *b = c->bound;
    if (!b)
        return;
    struct pipe_context *p = &c->base;
    set_framebuffer_state(p, NULL);
    set_vertex_buffers(p, 0, PIPE_MAX_VERTEX_BUFFERS, NULL);
    p->set_stream_output_targets(p, 0, NULL, NULL);
    for (unsigned s = 0; s < SWRP_NUM_STAGES; s++) {
        for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++)
            const_slot_release(c, &b->cb[s][i]);
        set_sampler_views(p, (enum pipe_shader_type)s, 0, SWRP_MAX_SAMPLER_VIEWS, NULL);
        free(b->snap[s]);
    }
    while (b->const_chunks) {
        swrp_const_chunk *k = b->const_chunks;
        b->const_chunks = k->next;
        free(k);
    }
    swrp_shader_reap(c, true);
    free(b);
    c->bound = NULL;
}
