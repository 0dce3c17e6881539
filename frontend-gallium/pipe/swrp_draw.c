/*
 * swrp_draw.c: draw_vbo and the clears of the pipe context.
 *
 * draw_vbo turns the bound state (swrp_state.h) into engine state at the
 * draw, as swrp_context.h's contract asks: surfaces, vertex, index and
 * constant buffers and sampler views are resolved from their resources'
 * CURRENT storage; each engine state group is compared with what was last
 * sent and sent only when it differs; then every range of the multi-draw
 * becomes one swr_draw, and every resource the draws touch is marked used.
 * What costs the most to rebuild per draw is skipped while its inputs stand
 * still: the shader link (swrp_context.h's link cache), groups whose set_*
 * hooks were not called (SWRP_DIRTY_*), vertex buffer slots above the
 * highest bound or sent one.
 *
 * Memory the engine reads after draw_vbo returns must outlive the draw:
 * user vertex buffers (valid only during the call, per the docs) and user
 * index buffers are copied into blocks freed once the draws' fence
 * signals. The copy of a user vertex buffer covers the highest vertex the
 * draw fetches: the largest index (max_index when the caller gave bounds,
 * else a scan of the indices) or instance, times the stride, plus the
 * element's end. With bounds (GL's glDrawRangeElements) the indices are
 * not read here at all; an index past max_index (undefined in GL) names a
 * vertex outside the copy, which the engine's fetch reads as zeros
 * (fe_fetch.h), so nothing outside the user's memory is read.
 *
 * clear() is the engine's (fast, hot-tile) clear of the bound surfaces.
 * clear_render_target and clear_depth_stencil clear a rectangle of any
 * surface on the CPU through a write map, which synchronises with the
 * engine (stores and drops hot tiles of a bound surface) as a map does.
 * All of them are skipped while the render condition says so
 * (swrp_query_render_allowed; the rectangle clears only when asked), and
 * draw_vbo lets pending query snapshots be taken before it queues a draw
 * (swrp_query_before_draw: see swrp_query.c for why).
 *
 * Thread: the context's thread.
 */
#include "frontend-gallium/pipe/swrp_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/pipe/swrp_resource.h"

/* A user vertex buffer copy larger than this is refused (the draw is
 * skipped): 1 GiB is far past any sane client array and keeps sizes in
 * 32-bit swr_vertex_buffer.size_bytes. */
#define MAX_USER_COPY_BYTES (1u << 30)

static void complain(const char *what)
{
    fprintf(stderr, "swr: pipe: %s\n", what);
}

/* ---- framebuffer ------------------------------------------------------------ */

static bool surface_of(const struct pipe_surface *ps, bool depth, swr_surface *out)
{
    memset(out, 0, sizeof *out);
    if (!ps)
        return true;
    const fmt_desc *f = fmt_get(ps->format);
    swrp_level_ptr lp;
    if (!f || !f->engine_format || f->is_depth != depth ||
        !swrp_resource_level(ps->texture, ps->u.tex.level, ps->u.tex.first_layer, &lp))
        return false;
    out->base = lp.ptr;
    out->pitch_bytes = lp.row_pitch;
    out->width = lp.width;
    out->height = lp.height;
    out->format = f->engine_format;
    return true;
}

static const void *surface_storage(const struct pipe_surface *ps)
{
    return ps && ps->texture ? swrp_resource_of(ps->texture)->data : NULL;
}

/* Sends the bound framebuffer (the engine ignores an unchanged one).
 * False when a surface cannot be rendered to as bound. Skipped when
 * neither the binding (SWRP_DIRTY_FB) nor any surface's storage changed
 * since the last send: the engine then already holds this framebuffer. */
static bool send_framebuffer(swrp_context *c)
{
    const struct pipe_framebuffer_state *fb = &c->bound->fb;
    if (!(c->dirty & SWRP_DIRTY_FB)) {
        bool same = surface_storage(fb->zsbuf) == c->fb_sent_data[PIPE_MAX_COLOR_BUFS];
        for (unsigned i = 0; i < fb->nr_cbufs && same; i++)
            same = surface_storage(fb->cbufs[i]) == c->fb_sent_data[i];
        if (same)
            return true;
    }
    swr_framebuffer e;
    memset(&e, 0, sizeof e);
    e.width = fb->width;
    e.height = fb->height;
    e.num_color = fb->nr_cbufs;
    for (unsigned i = 0; i < fb->nr_cbufs; i++)
        if (!surface_of(fb->cbufs[i], false, &e.color[i]))
            return false;
    if (!surface_of(fb->zsbuf, true, &e.zs))
        return false;
    if (swr_set_framebuffer(c->engine, &e) != SWR_OK)
        return false;
    for (unsigned i = 0; i < fb->nr_cbufs; i++)
        c->fb_sent_data[i] = surface_storage(fb->cbufs[i]);
    c->fb_sent_data[PIPE_MAX_COLOR_BUFS] = surface_storage(fb->zsbuf);
    c->dirty &= ~(uint32_t)SWRP_DIRTY_FB;
    return true;
}

static void mark_framebuffer(swrp_context *c)
{
    const struct pipe_framebuffer_state *fb = &c->bound->fb;
    for (unsigned i = 0; i < fb->nr_cbufs; i++)
        if (fb->cbufs[i])
            swrp_resource_mark_used(&c->base, fb->cbufs[i]->texture, true);
    if (fb->zsbuf)
        swrp_resource_mark_used(&c->base, fb->zsbuf->texture, true);
}

/* ---- helpers for sending only what changed ------------------------------------ */

#define SEND_IF_CHANGED(sent, now, call) SEND_IF_CHANGED_WHEN(true, sent, now, call)

/* The same for state only the hooks that set the dirty bits `bits` change:
 * not compared while none of them is set. */
#define SEND_IF_CHANGED_DIRTY(bits, sent, now, call)                                               \
    SEND_IF_CHANGED_WHEN((c->dirty & (bits)) != 0, sent, now, call)

#define SEND_IF_CHANGED_WHEN(may_differ, sent, now, call)                                          \
    do {                                                                                           \
        if (!b->sent_any || ((may_differ) && memcmp(&(sent), &(now), sizeof(now)) != 0)) {         \
            if ((call) != SWR_OK)                                                                  \
                return false;                                                                      \
            memcpy(&(sent), &(now), sizeof(now));                                                  \
        }                                                                                          \
    } while (0)

/* ---- samplers -------------------------------------------------------------------- */

/* Whether stage s's snapshot no longer matches its bindings or storage. */
static bool snapshot_stale(const swrp_bound *b, unsigned s)
{
    if (b->sampler_dirty[s])
        return true;
    /* No set_sampler_views since the snapshot (else sampler_dirty): the
     * unbound views were unbound then too, only bound ones can be stale. */
    const swrp_sampler_snapshot *snap = b->snap[s];
    for (uint32_t m = b->view_mask[s]; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctz(m);
        const uint8_t *now = swrp_resource_of(b->views[s][i]->texture)->data;
        if (now != (snap ? snap->data[i] : NULL))
            return true;
    }
    return false;
}

/* Replaces stage s's sampler snapshot with one built from the current
 * bindings (NULL when nothing is bound). False when out of memory. */
static bool rebuild_snapshot(swrp_context *c, unsigned s)
{
    swrp_bound *b = c->bound;
    bool any = false;
    for (unsigned i = 0; i < SWRP_MAX_SAMPLER_VIEWS && !any; i++)
        any = b->views[s][i] || b->samplers[s][i];
    swrp_sampler_snapshot *snap = NULL;
    if (any) {
        snap = malloc(sizeof *snap);
        if (!snap)
            return false;
        memset(snap->data, 0, sizeof snap->data);
        snap->last_use = 0;
        swrp_sampler_init(&snap->sampler);
        for (unsigned i = 0; i < SWRP_MAX_SAMPLER_VIEWS; i++) {
            const struct pipe_sampler_view *v = b->views[s][i];
            if (!v)
                continue;
            snap->data[i] = swrp_resource_of(v->texture)->data;
            if (swrp_sampler_view_from_resource(&snap->views[i], v->texture, v))
                snap->sampler.views[i] = &snap->views[i];
        }
        for (unsigned i = 0; i < SWRP_MAX_SAMPLERS; i++) {
            if (!b->samplers[s][i])
                continue;
            snap->states[i] = *b->samplers[s][i];
            snap->sampler.samplers[i] = &snap->states[i];
        }
        swrp_sampler_prepare_units(&snap->sampler); /* the shaders' inline sampling */
    }
    if (b->snap[s])
        swrp_state_defer_free(c, b->snap[s], b->snap[s]->last_use);
    b->snap[s] = snap;
    b->sampler_dirty[s] = false;
    return true;
}

/* ---- vertex and index data --------------------------------------------------------- */

static uint32_t read_index(const uint8_t *p, unsigned size, uint64_t i)
{
    switch (size) {
    case 1:
        return p[i];
    case 2: {
        uint16_t v;
        memcpy(&v, p + i * 2, 2);
        return v;
    }
    default: {
        uint32_t v;
        memcpy(&v, p + i * 4, 4);
        return v;
    }
    }
}

/* Highest vertex index the draws fetch (-1: none). `indices`/`avail` is the
 * whole index data for indexed draws. */
static int64_t max_vertex(const struct pipe_draw_info *info,
                          const struct pipe_draw_start_count_bias *draws, unsigned num_draws,
                          const uint8_t *indices, uint64_t avail)
{
    int64_t mx = -1;
    if (!info->index_size) {
        for (unsigned d = 0; d < num_draws; d++)
            if (draws[d].count) {
                int64_t last = (int64_t)draws[d].start + draws[d].count - 1;
                mx = last > mx ? last : mx;
            }
        return mx;
    }
    if (info->index_bounds_valid)
        return info->max_index;
    for (unsigned d = 0; d < num_draws; d++) {
        uint64_t end = (uint64_t)draws[d].start + draws[d].count;
        end = end < avail ? end : avail;
        for (uint64_t i = draws[d].start; i < end; i++) {
            uint32_t v = read_index(indices, info->index_size, i);
            if (info->primitive_restart && v == info->restart_index)
                continue;
            int64_t vi = (int64_t)v + draws[d].index_bias;
            mx = vi > mx ? vi : mx;
        }
    }
    return mx;
}

/* Per-draw_vbo copies the engine reads after the call returns. */
typedef struct draw_copies {
    void *block[PIPE_MAX_VERTEX_BUFFERS + 1];
    unsigned n;
} draw_copies;

static void *copy_keep(draw_copies *k, const void *src, size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        return NULL;
    memcpy(p, src, bytes);
    k->block[k->n++] = p;
    return p;
}

/* Resolves the bound vertex buffers into engine buffers (user data copied
 * into k) and sends them if changed. False: skip the draw. */
static bool send_vertex_buffers(swrp_context *c, const struct pipe_draw_info *info,
                                const struct pipe_draw_start_count_bias *draws, unsigned num_draws,
                                const uint8_t *indices, uint64_t avail, draw_copies *k)
{
    swrp_bound *b = c->bound;
    const swrp_velems_cso *ve = b->velems;
    /* Only slots below the highest bound one or below the highest sent
     * non-empty one can differ from what was sent: the rest are empty on
     * both sides (all of them are sent after a failure: !sent_any). */
    uint32_t bound_slots = b->vb_mask ? 32u - (uint32_t)__builtin_clz(b->vb_mask) : 0;
    uint32_t slots = b->sent_any ? (bound_slots > c->vb_sent_slots ? bound_slots : c->vb_sent_slots)
                                 : PIPE_MAX_VERTEX_BUFFERS;
    swr_vertex_buffer vb[PIPE_MAX_VERTEX_BUFFERS];
    memset(vb, 0, slots * sizeof vb[0]);
    bool have_vmax = false;
    int64_t vmax = -1;
    /* Highest instance id the draws run; an element with divisor d fetches
     * element start_instance + id / d (as the engine's fetch does). */
    int64_t last_id = (int64_t)(info->instance_count ? info->instance_count : 1) - 1;
    /* Slots outside vb_mask are all zero, like their vb[] entries. */
    for (uint32_t m = b->vb_mask; m; m &= m - 1) {
        unsigned s = (unsigned)__builtin_ctz(m);
        const struct pipe_vertex_buffer *p = &b->vb[s];
        vb[s].stride_bytes = p->stride;
        if (!p->is_user_buffer) {
            if (!p->buffer.resource)
                continue;
            swrp_resource *r = swrp_resource_of(p->buffer.resource);
            if (p->buffer_offset >= r->base.width0)
                continue;
            vb[s].data = r->data + p->buffer_offset;
            vb[s].size_bytes = r->base.width0 - p->buffer_offset;
            continue;
        }
        if (!p->buffer.user)
            continue;
        /* Bytes of this user buffer the draws can fetch. */
        uint64_t need = 0;
        for (uint32_t e = 0; e < ve->layout.num_elements; e++) {
            const swr_vertex_element *el = &ve->layout.elements[e];
            if (el->buffer_index != s)
                continue;
            int64_t top;
            if (el->instance_divisor) {
                top = (int64_t)info->start_instance + last_id / el->instance_divisor;
            } else {
                if (!have_vmax) {
                    vmax = max_vertex(info, draws, num_draws, indices, avail);
                    have_vmax = true;
                }
                top = vmax;
            }
            if (top < 0)
                continue;
            uint64_t end = (uint64_t)top * p->stride + el->offset_bytes + ve->elem_bytes[e];
            need = end > need ? end : need;
        }
        if (!need)
            continue;
        if (need > MAX_USER_COPY_BYTES) {
            complain("draw_vbo: user vertex buffer range too large; draw skipped");
            return false;
        }
        void *copy = copy_keep(k, (const uint8_t *)p->buffer.user + p->buffer_offset, need);
        if (!copy)
            return false;
        vb[s].data = copy;
        vb[s].size_bytes = (uint32_t)need;
    }
    if (!b->sent_any || memcmp(b->sent_vb, vb, slots * sizeof vb[0]) != 0) {
        if (swr_set_vertex_buffers(c->engine, 0, slots, vb) != SWR_OK)
            return false;
        memcpy(b->sent_vb, vb, slots * sizeof vb[0]);
    }
    c->vb_sent_slots = bound_slots;
    return true;
}

/* ---- constants ------------------------------------------------------------------------ */

/* The storage a constant slot's reads come from and its size in vec4s. */
static void const_slot_data(const swrp_const_slot *cb, const float **out_ptr, uint32_t *out_n)
{
    const float *ptr = NULL;
    uint32_t n = 0;
    if (cb->user) {
        ptr = cb->user;
        n = cb->user_vec4s;
    } else if (cb->buffer) {
        swrp_resource *r = swrp_resource_of(cb->buffer);
        /* The storage is r->size bytes (width0 rounded up to 64), so whole
         * vec4s up to there may be read; bytes past width0 are inside the
         * allocation. */
        if (cb->offset < r->base.width0 && cb->offset % 4 == 0) {
            uint64_t bytes = cb->size;
            if (bytes > r->base.width0 - cb->offset)
                bytes = r->base.width0 - cb->offset;
            uint64_t vec4s = (bytes + 15) / 16;
            while (vec4s && cb->offset + vec4s * 16 > r->size)
                vec4s--;
            ptr = (const float *)(r->data + cb->offset);
            n = (uint32_t)vec4s;
        }
    }
    *out_ptr = ptr;
    *out_n = n;
}

/* The stage's shader preamble (jit.h: uniform-only instructions run once
 * per draw): evaluated from the stage's constant buffers when what it reads
 * changed (the key jit_shader_preamble_eval keeps behind the results), and
 * bound as constant buffer SWR_PREAMBLE_CONST_SLOT through
 * set_constant_buffer, so the results are a user-constant copy in a chunk
 * that lives until the draws reading it are done. `code` is the variant
 * the draw runs: variants differ in what they hoist. */
static void update_preamble(swrp_context *c, unsigned s, const jit_shader *code)
{
    swrp_bound *b = c->bound;
    uint32_t n = code ? jit_shader_preamble_vec4s(code) : 0;
    const swrp_const_slot *cur = &b->cb[s][SWR_PREAMBLE_CONST_SLOT];
    if (!n) {
        if (cur->user || cur->buffer)
            c->base.set_constant_buffer(&c->base, (enum pipe_shader_type)s,
                                        SWR_PREAMBLE_CONST_SLOT, NULL);
        return;
    }
    swr_shader_resources res;
    memset(&res, 0, sizeof res);
    for (uint32_t m = b->cb_mask[s] & ((1u << SWR_DRIVER_CONST_SLOT) - 1); m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctz(m);
        const_slot_data(&b->cb[s][i], &res.constants[i], &res.constant_count[i]);
    }
    float local[64 * 4];
    float *buf = n <= 64 ? local : malloc((size_t)n * 16);
    if (!buf)
        return;
    const float *prev = cur->user && cur->user_vec4s == n ? cur->user : NULL;
    if (jit_shader_preamble_eval(code, &res, buf, prev)) {
        struct pipe_constant_buffer cb;
        memset(&cb, 0, sizeof cb);
        cb.user_buffer = buf;
        cb.buffer_size = n * 16;
        c->base.set_constant_buffer(&c->base, (enum pipe_shader_type)s, SWR_PREAMBLE_CONST_SLOT,
                                    &cb);
    }
    if (buf != local)
        free(buf);
}

static bool send_constants(swrp_context *c, const jit_shader *vs_code, const jit_shader *fs_code,
                           const jit_shader *gs_code)
{
    swrp_bound *b = c->bound;
    const jit_shader *code[SWRP_NUM_STAGES] = {vs_code, fs_code, gs_code};
    for (unsigned s = 0; s < SWRP_NUM_STAGES; s++) {
        if (code[s] || s != PIPE_SHADER_GEOMETRY)
            update_preamble(c, s, code[s]);
        /* Slots neither bound nor sent with data are NULL on both sides. */
        uint32_t m = b->sent_any ? b->cb_mask[s] | b->sent_const_mask[s]
                                 : (uint32_t)((1ull << PIPE_MAX_CONSTANT_BUFFERS) - 1);
        for (; m; m &= m - 1) {
            unsigned i = (unsigned)__builtin_ctz(m);
            const float *ptr;
            uint32_t n;
            const_slot_data(&b->cb[s][i], &ptr, &n);
            if (!b->sent_any || b->sent_const[s][i] != ptr || b->sent_const_count[s][i] != n) {
                if (swr_set_constant_buffer(c->engine, s, i, ptr, n) != SWR_OK)
                    return false;
                b->sent_const[s][i] = ptr;
                b->sent_const_count[s][i] = n;
                if (ptr || n)
                    b->sent_const_mask[s] |= 1u << i;
                else
                    b->sent_const_mask[s] &= ~(1u << i);
            }
        }
    }
    return true;
}

/* ---- draw ------------------------------------------------------------------------------- */

/* The driver constants (swrp_state.h's SWRP_DC_*) the bound variants read. */
static void set_driver_constants(swrp_context *c)
{
    swrp_bound *b = c->bound;
    _Alignas(16) float dc[SWRP_DC_VEC4S * 4];
    memset(dc, 0, sizeof dc);
    memcpy(dc + SWRP_DC_UCP * 4, b->clip.ucp, sizeof b->clip.ucp);
    /* From the FS's POSITION input back to the pixel: its centre is at
     * +0.5 unless the shader asks for integer centres, and a lower-left
     * origin counts rows up from the framebuffer's bottom. */
    const jit_shader_info *fi = b->fs->info;
    float cen = fi->pixel_center_integer ? 0.5f : 0.0f;
    float h = (float)b->fb.height;
    float *pos = dc + SWRP_DC_STIPPLE_POS * 4;
    pos[0] = 1.0f;
    pos[1] = fi->coord_origin_lower_left ? -1.0f : 1.0f;
    pos[4] = cen;
    pos[5] = fi->coord_origin_lower_left ? h - cen : cen;
    for (unsigned i = 0; i < 32; i++)
        memcpy(dc + (SWRP_DC_STIPPLE_ROWS + i) * 4, &b->stipple.stipple[i], 4);
    swrp_state_set_driver_constants(c, dc);
}

/* Links the variants and derives the engine vertex, pixel and rasterizer
 * states from them and the bound CSOs, into the link cache (swrp_context.h). */
static void link_shaders(swrp_context *c, jit_shader *vs_code, jit_shader *fs_code,
                         jit_shader *gs_code)
{
    swrp_bound *b = c->bound;
    swrp_link_cache *lc = &c->link;
    /* Referenced before the old ones go, which may be these. */
    jit_shader_ref(vs_code);
    jit_shader_ref(fs_code);
    if (gs_code)
        jit_shader_ref(gs_code);
    swrp_link_cache_clear(c);
    uint8_t sprite;
    swrp_shader_link(b->vs, vs_code, b->fs, fs_code, b->gs, gs_code, b->rast, b->blend->dual_source,
                     b->velems->layout.num_elements, &lc->vs, &lc->ps, &lc->gs, &sprite);
    swr_rasterizer_state *rs = &lc->rs;
    *rs = b->rast->swr;
    rs->sprite_coord_enable = sprite;
    rs->point_sprite = sprite != 0;
    rs->window_space_position = b->vs->info->window_space_position;
    /* Only clip distances the VS writes: its own, or those its variant
     * computes from the user clip planes (swrp_shader_lower.c). */
    const uint8_t *cd = gs_code ? lc->gs.clip_dist_slot : lc->vs.clip_dist_slot;
    uint8_t written = (cd[0] != SWR_SLOT_NONE ? 0x0f : 0) | (cd[1] != SWR_SLOT_NONE ? 0xf0 : 0);
    rs->clip_distance_enable = b->rast->clip_plane_enable & written;
    lc->vs_code = vs_code;
    lc->fs_code = fs_code;
    lc->gs_code = gs_code;
    lc->gs_cso = b->gs;
    lc->vs_cso = b->vs;
    lc->rast_cso = b->rast;
    lc->dual_source = b->blend->dual_source;
    lc->num_elements = b->velems->layout.num_elements;
    lc->valid = true;
}

/* Sends every state group but the vertex/index buffers. False: skip. */
static bool send_state(swrp_context *c, jit_shader *vs_code, jit_shader *fs_code,
                       jit_shader *gs_code)
{
    swrp_bound *b = c->bound;
    if ((jit_shader_get_info(vs_code)->const_buffers_used |
         jit_shader_get_info(fs_code)->const_buffers_used |
         (gs_code ? jit_shader_get_info(gs_code)->const_buffers_used : 0)) >>
            SWR_DRIVER_CONST_SLOT &
        1)
        set_driver_constants(c);
    if (!send_framebuffer(c)) {
        complain("draw: a bound surface cannot be rendered to; draw skipped");
        return false;
    }
    swrp_link_cache *lc = &c->link;
    bool linked = lc->valid && lc->vs_code == vs_code && lc->fs_code == fs_code &&
                  lc->gs_code == gs_code && lc->gs_cso == b->gs && lc->vs_cso == b->vs &&
                  lc->rast_cso == b->rast && lc->dual_source == b->blend->dual_source &&
                  lc->num_elements == b->velems->layout.num_elements;
    if (!linked)
        link_shaders(c, vs_code, fs_code, gs_code);
    if (lc->vs.position_slot == SWR_SLOT_NONE) {
        complain("draw: the vertex shader writes no POSITION; draw skipped");
        return false;
    }
    if (gs_code && lc->gs.position_slot == SWR_SLOT_NONE) {
        complain("draw: the geometry shader writes no POSITION; draw skipped");
        return false;
    }
    /* One-sided stencil (stencil[1] off) applies the front state to both
     * faces, its reference included; the engine picks the reference by
     * facing, so send the front one twice. */
    uint8_t sref[2] = {b->stencil_ref.ref_value[0],
                       b->dsa->swr.stencil[1].enabled ? b->stencil_ref.ref_value[1]
                                                      : b->stencil_ref.ref_value[0]};

    SEND_IF_CHANGED_DIRTY(SWRP_DIRTY_VELEMS, b->sent_layout, b->velems->layout,
                    swr_set_vertex_layout(c->engine, &b->velems->layout));
    /* On a link cache hit (with sent_any) these are what was last sent. */
    SEND_IF_CHANGED_WHEN(!linked, b->sent_vs, lc->vs, swr_set_vs(c->engine, &lc->vs));
    SEND_IF_CHANGED_WHEN(!linked, b->sent_ps, lc->ps, swr_set_ps(c->engine, &lc->ps));
    SEND_IF_CHANGED_WHEN(!linked, b->sent_gs, lc->gs, swr_set_gs(c->engine, &lc->gs));
    SEND_IF_CHANGED_WHEN(!linked, b->sent_rs, lc->rs,
                         swr_set_rasterizer_state(c->engine, &lc->rs));
    SEND_IF_CHANGED_DIRTY(SWRP_DIRTY_BLEND, b->sent_blend, b->blend->swr,
                          swr_set_blend_state(c->engine, &b->blend->swr));
    SEND_IF_CHANGED_DIRTY(SWRP_DIRTY_DSA, b->sent_dsa, b->dsa->swr,
                          swr_set_depth_stencil_state(c->engine, &b->dsa->swr));
    SEND_IF_CHANGED_DIRTY(SWRP_DIRTY_BLEND_COLOR, b->sent_blend_color, b->blend_color.color,
                          swr_set_blend_color(c->engine, b->blend_color.color));
    /* The DSA's two-sidedness picks the back reference. */
    SEND_IF_CHANGED_DIRTY(SWRP_DIRTY_STENCIL_REF | SWRP_DIRTY_DSA, b->sent_stencil_ref, sref,
                          swr_set_stencil_ref(c->engine, sref[0], sref[1]));
    SEND_IF_CHANGED_DIRTY(SWRP_DIRTY_VIEWPORT, b->sent_viewport, b->viewport,
                          swr_set_viewports(c->engine, 0, SWR_MAX_VIEWPORTS, b->viewport));
    SEND_IF_CHANGED_DIRTY(SWRP_DIRTY_SCISSOR, b->sent_scissor, b->scissor,
                          swr_set_scissors(c->engine, 0, SWR_MAX_VIEWPORTS, b->scissor));
    if (!send_constants(c, vs_code, fs_code, gs_code))
        return false;
    for (unsigned s = 0; s < SWRP_NUM_STAGES; s++) {
        if (snapshot_stale(b, s) && !rebuild_snapshot(c, s))
            return false;
        const swr_sampler_interface *si = b->snap[s] ? &b->snap[s]->sampler.iface : NULL;
        if (!b->sent_any || b->sent_sampler[s] != si) {
            if (swr_set_sampler(c->engine, s, si) != SWR_OK)
                return false;
            b->sent_sampler[s] = si;
        }
    }
    return true;
}

/* Marks what the queued draws read and records the fence on the objects
 * that must outlive them. */
static void after_draw(swrp_context *c, const struct pipe_draw_info *info, draw_copies *k)
{
    swrp_bound *b = c->bound;
    struct pipe_context *ctx = &c->base;
    uint64_t fence = swr_fence_submit(c->engine);
    for (uint32_t m = b->vb_mask; m; m &= m - 1) {
        unsigned s = (unsigned)__builtin_ctz(m);
        if (!b->vb[s].is_user_buffer && b->vb[s].buffer.resource)
            swrp_resource_mark_used(ctx, b->vb[s].buffer.resource, false);
    }
    if (info->index_size && !info->has_user_indices)
        swrp_resource_mark_used(ctx, info->index.resource, false);
    const swrp_shader_cso *sh[SWRP_NUM_STAGES] = {b->vs, b->fs, b->gs};
    for (unsigned s = 0; s < SWRP_NUM_STAGES; s++) {
        for (uint32_t m = b->cb_mask[s]; m; m &= m - 1) {
            unsigned i = (unsigned)__builtin_ctz(m);
            swrp_const_slot *cb = &b->cb[s][i];
            if (cb->buffer && sh[s] && (sh[s]->info->const_buffers_used >> i & 1))
                swrp_resource_mark_used(ctx, cb->buffer, false);
            if (cb->user)
                cb->user_chunk->last_use = fence;
        }
        for (uint32_t m = b->view_mask[s]; m; m &= m - 1)
            swrp_resource_mark_used(ctx, b->views[s][__builtin_ctz(m)]->texture, false);
        if (b->snap[s])
            b->snap[s]->last_use = fence;
    }
    mark_framebuffer(c);
    b->vs->last_use = fence;
    b->fs->last_use = fence;
    if (b->gs)
        b->gs->last_use = fence;
    for (unsigned i = 0; i < k->n; i++)
        swrp_state_defer_free(c, k->block[i], fence);
    k->n = 0;
}

/* Whether polygon stipple applies to a draw: polygons, some face of
 * which is filled and not culled. */
static bool stipple_applies(const swrp_rast_cso *r, unsigned mode)
{
    bool polygons = (mode >= PIPE_PRIM_TRIANGLES && mode <= PIPE_PRIM_POLYGON) ||
                    mode == PIPE_PRIM_TRIANGLES_ADJACENCY ||
                    mode == PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY;
    bool front = !(r->swr.cull_face & PIPE_FACE_FRONT) && r->swr.fill_front == SWR_FILL_FILL;
    bool back = !(r->swr.cull_face & PIPE_FACE_BACK) && r->swr.fill_back == SWR_FILL_FILL;
    return polygons && r->poly_stipple_enable && (front || back);
}

/* The shader variants the bound state asks for (swrp_shader.c). User clip
 * planes and vertex colour clamping go to the last vertex stage: the GS
 * when one is bound (its outputs are what is clipped and rasterized), else
 * the VS. */
static void select_variants(swrp_bound *b, unsigned mode, jit_shader **vs_code,
                            jit_shader **fs_code, jit_shader **gs_code)
{
    const swrp_rast_cso *r = b->rast;
    swrp_lower_key vk = {
        .ucp = !r->clip_plane_enable ? 0 : (r->clip_plane_enable & 0xf0) ? 2 : 1,
        .clamp_color = r->clamp_vertex_color,
    };
    swrp_lower_key fk = {
        .clamp_color = r->clamp_fragment_color,
        .stipple = stipple_applies(r, mode),
    };
    *gs_code = b->gs ? swrp_shader_variant(b->gs, false, &vk) : NULL;
    *vs_code = swrp_shader_variant(b->vs, false, b->gs ? &(swrp_lower_key){0} : &vk);
    *fs_code = swrp_shader_variant(b->fs, b->blend->dual_source, &fk);
}

/* DRAWID (swrp_shader_lower.c: a driver constant in the shaders that read
 * it): one driver-constant block per sub-draw, each the slot's current
 * block (set by send_state) with drawid_offset + d in SWRP_DC_DRAW_ID.
 * NULL when neither bound shader reads the draw id (or out of memory: the
 * id then reads 0). The caller frees the blocks after the draws' fence. */
static float *draw_id_blocks(swrp_context *c, unsigned drawid_offset, unsigned num_draws)
{
    swrp_bound *b = c->bound;
    if (!b->vs->reads_drawid && !b->fs->reads_drawid && !(b->gs && b->gs->reads_drawid))
        return NULL;
    const size_t floats = SWRP_DC_VEC4S * 4;
    float *ids = aligned_alloc(16, (size_t)num_draws * floats * sizeof(float));
    if (!ids)
        return NULL;
    const swrp_const_slot *cur = &b->cb[PIPE_SHADER_VERTEX][SWR_DRIVER_CONST_SLOT];
    for (unsigned d = 0; d < num_draws; d++) {
        float *blk = ids + (size_t)d * floats;
        if (cur->user && cur->user_vec4s == SWRP_DC_VEC4S)
            memcpy(blk, cur->user, floats * sizeof(float));
        else
            memset(blk, 0, floats * sizeof(float));
        uint32_t id = drawid_offset + d;
        for (unsigned i = 0; i < 4; i++)
            memcpy(blk + SWRP_DC_DRAW_ID * 4 + i, &id, 4);
    }
    return ids;
}

/* Sends a block of draw_id_blocks as the driver constants of the stages
 * whose shader reads the draw id; the slot's own copy is sent again by the
 * next send_constants, which sees a different pointer. */
static bool send_draw_id(swrp_context *c, const float *blk)
{
    swrp_bound *b = c->bound;
    const swrp_shader_cso *sh[SWRP_NUM_STAGES] = {b->vs, b->fs, b->gs};
    for (unsigned s = 0; s < SWRP_NUM_STAGES; s++) {
        if (!sh[s] || !sh[s]->reads_drawid)
            continue;
        if (swr_set_constant_buffer(c->engine, s, SWR_DRIVER_CONST_SLOT, blk, SWRP_DC_VEC4S) !=
            SWR_OK)
            return false;
        b->sent_const[s][SWR_DRIVER_CONST_SLOT] = blk;
        b->sent_const_count[s][SWR_DRIVER_CONST_SLOT] = SWRP_DC_VEC4S;
        b->sent_const_mask[s] |= 1u << SWR_DRIVER_CONST_SLOT;
    }
    return true;
}

static void draw_vbo(struct pipe_context *ctx, const struct pipe_draw_info *info,
                     unsigned drawid_offset, const struct pipe_draw_start_count_bias *draws,
                     unsigned num_draws)
{
    swrp_context *c = swrp_context_of(ctx);
    swrp_bound *b = c->bound;
    if (!info || (num_draws && !draws))
        return;
    if (!b->vs || !b->fs || !b->velems || !b->rast || !b->blend || !b->dsa) {
        complain("draw_vbo: a required CSO (vs, fs, vertex elements, rasterizer, blend, dsa) is "
                 "not bound; draw skipped");
        return;
    }
    if (info->mode >= PIPE_PRIM_PATCHES || (info->index_size != 0 && info->index_size != 1 &&
                                            info->index_size != 2 && info->index_size != 4)) {
        complain("draw_vbo: unsupported primitive mode or index size; draw skipped");
        return;
    }
    if (info->index_size && (info->has_user_indices ? !info->index.user : !info->index.resource)) {
        complain("draw_vbo: indexed draw without an index buffer; draw skipped");
        return;
    }
    if (!num_draws || !info->instance_count || !swrp_query_render_allowed(c))
        return;
    swrp_shader_reap(c, false);
    jit_shader *vs_code, *fs_code, *gs_code;
    select_variants(b, info->mode, &vs_code, &fs_code, &gs_code);
    if (!vs_code || !fs_code || (b->gs && !gs_code))
        return;

    /* Index data: a resource's current storage, or a copy of the range of
     * user indices the draws read. */
    draw_copies k; /* block[] is written before it is read: no zeroing */
    k.n = 0;
    const uint8_t *indices = NULL;
    uint64_t avail = 0;   /* indices in `indices` */
    uint32_t first = 0;   /* index position `indices` starts at */
    if (info->index_size) {
        unsigned isz = info->index_size;
        if (info->has_user_indices) {
            uint64_t lo = UINT64_MAX, hi = 0;
            for (unsigned d = 0; d < num_draws; d++) {
                if (!draws[d].count)
                    continue;
                lo = draws[d].start < lo ? draws[d].start : lo;
                uint64_t e = (uint64_t)draws[d].start + draws[d].count;
                hi = e > hi ? e : hi;
            }
            if (lo == UINT64_MAX)
                return;
            if ((hi - lo) * isz > MAX_USER_COPY_BYTES) {
                complain("draw_vbo: user index range too large; draw skipped");
                return;
            }
            indices = copy_keep(&k, (const uint8_t *)info->index.user + lo * isz,
                                (size_t)((hi - lo) * isz));
            if (!indices)
                return;
            first = (uint32_t)lo;
            avail = hi - lo;
        } else {
            swrp_resource *r = swrp_resource_of(info->index.resource);
            indices = r->data;
            avail = r->base.width0 / isz;
        }
    }

    bool ok = send_state(c, vs_code, fs_code, gs_code) &&
              send_vertex_buffers(c, info, draws, num_draws, indices, avail, &k) &&
              swrp_so_before_draws(c);
    if (ok && info->index_size &&
        swr_set_index_buffer(c->engine, indices, info->index_size,
                             (uint32_t)(avail * info->index_size)) != SWR_OK)
        ok = false;
    if (!ok) {
        for (unsigned i = 0; i < k.n; i++)
            free(k.block[i]);
        /* Whatever was sent may point at the freed copies: resend next time. */
        b->sent_any = false;
        return;
    }
    b->sent_any = true;
    /* Everything marked was compared and sent (the framebuffer clears its
     * own bit in send_framebuffer). */
    c->dirty &= (uint32_t)SWRP_DIRTY_FB;

    swrp_query_before_draw(c);
    float *ids = draw_id_blocks(c, drawid_offset, num_draws);
    for (unsigned d = 0; d < num_draws; d++) {
        if (!draws[d].count)
            continue;
        if (ids && !send_draw_id(c, ids + (size_t)d * SWRP_DC_VEC4S * 4)) {
            complain("draw_vbo: draw id constants not accepted; sub-draw skipped");
            continue;
        }
        swr_draw_info di = {
            .topology = info->mode,
            .start = draws[d].start - first,
            .count = draws[d].count,
            .instance_count = info->instance_count,
            .start_instance = info->start_instance,
            .indexed = info->index_size != 0,
            .base_vertex = info->index_size ? draws[d].index_bias : 0,
            .primitive_restart = info->index_size && info->primitive_restart,
            .restart_index = info->restart_index,
        };
        if (swr_draw(c->engine, &di) == SWR_ERROR_INVALID_ARGUMENT && gs_code)
            complain("draw_vbo: the geometry shader's input primitive does not match the draw's "
                     "mode; draw skipped");
    }
    swrp_so_after_draws(c);
    after_draw(c, info, &k);
    if (ids) /* after_draw stored the draws' fence in the shaders' last_use */
        swrp_state_defer_free(c, ids, b->vs->last_use);
}

/* ---- clears ---------------------------------------------------------------------------- */

static void clear(struct pipe_context *ctx, unsigned buffers, const union pipe_color_union *color,
                  double depth, unsigned stencil)
{
    swrp_context *c = swrp_context_of(ctx);
    const struct pipe_framebuffer_state *fb = &c->bound->fb;
    if (!swrp_query_render_allowed(c))
        return;
    if (!send_framebuffer(c)) {
        complain("clear: a bound surface cannot be rendered to; clear skipped");
        return;
    }
    swr_clear_info ci;
    memset(&ci, 0, sizeof ci);
    for (unsigned i = 0; i < fb->nr_cbufs; i++)
        if ((buffers & (PIPE_CLEAR_COLOR0 << i)) && fb->cbufs[i])
            ci.buffers |= SWR_CLEAR_COLOR(i);
    if (fb->zsbuf) {
        const fmt_desc *zf = fmt_get(fb->zsbuf->format);
        if (buffers & PIPE_CLEAR_DEPTH)
            ci.buffers |= SWR_CLEAR_DEPTH;
        if ((buffers & PIPE_CLEAR_STENCIL) && zf && zf->has_stencil)
            ci.buffers |= SWR_CLEAR_STENCIL;
    }
    if (!ci.buffers)
        return;
    if (color)
        memcpy(ci.color, color->f, sizeof ci.color);
    ci.depth = depth;
    ci.stencil = (uint8_t)stencil;
    ci.stencil_writemask = 0xff;
    if (swr_clear(c->engine, &ci) != SWR_OK)
        return;
    mark_framebuffer(c);
}

/* Clips a rectangle to a surface; false when nothing is left. */
static bool clip_rect(const struct pipe_surface *s, unsigned *x, unsigned *y, unsigned *w,
                      unsigned *h)
{
    if (*x >= s->width || *y >= s->height || !*w || !*h)
        return false;
    if (*w > s->width - *x)
        *w = s->width - *x;
    if (*h > s->height - *y)
        *h = s->height - *y;
    return true;
}

/* Maps the rectangle of every layer of `s` for writing. */
static uint8_t *map_rect(struct pipe_context *ctx, struct pipe_surface *s, unsigned x, unsigned y,
                         unsigned w, unsigned h, struct pipe_transfer **t)
{
    struct pipe_box box = {(int32_t)x, (int32_t)y, (int32_t)s->u.tex.first_layer, (int32_t)w,
                           (int32_t)h, (int32_t)(s->u.tex.last_layer - s->u.tex.first_layer + 1)};
    *t = NULL;
    return ctx->texture_map(ctx, s->texture, s->u.tex.level, PIPE_MAP_WRITE, &box, t);
}

static void clear_render_target(struct pipe_context *ctx, struct pipe_surface *dst,
                                const union pipe_color_union *color, unsigned x, unsigned y,
                                unsigned w, unsigned h, bool render_condition_enabled)
{
    if (!dst || !color || !clip_rect(dst, &x, &y, &w, &h) ||
        (render_condition_enabled && !swrp_query_render_allowed(swrp_context_of(ctx))))
        return;
    const fmt_desc *f = fmt_get(dst->format);
    if (!f || f->is_depth || f->is_compressed || !f->store_rgba)
        return;
    /* One texel in the surface's format, then copies of it. Pure integer
     * formats take the integer bits, which the union shares with f[]. */
    uint8_t texel[16] = {0};
    f->store_rgba(texel, 0, 0, color->f);
    struct pipe_transfer *t;
    uint8_t *p = map_rect(ctx, dst, x, y, w, h, &t);
    if (!p)
        return;
    for (int32_t z = 0; z < t->box.depth; z++)
        for (unsigned row = 0; row < h; row++) {
            uint8_t *line = p + z * t->layer_stride + (size_t)row * t->stride;
            for (unsigned col = 0; col < w; col++)
                memcpy(line + (size_t)col * f->block_bytes, texel, f->block_bytes);
        }
    ctx->texture_unmap(ctx, t);
}

static void clear_depth_stencil(struct pipe_context *ctx, struct pipe_surface *dst,
                                unsigned clear_flags, double depth, unsigned stencil, unsigned x,
                                unsigned y, unsigned w, unsigned h, bool render_condition_enabled)
{
    if (!dst || !clip_rect(dst, &x, &y, &w, &h) ||
        (render_condition_enabled && !swrp_query_render_allowed(swrp_context_of(ctx))))
        return;
    const fmt_desc *f = fmt_get(dst->format);
    if (!f || !f->is_depth)
        return;
    bool do_z = (clear_flags & PIPE_CLEAR_DEPTH) && f->store_depth;
    bool do_s = (clear_flags & PIPE_CLEAR_STENCIL) && f->store_stencil;
    if (!do_z && !do_s)
        return;
    struct pipe_transfer *t;
    uint8_t *p = map_rect(ctx, dst, x, y, w, h, &t);
    if (!p)
        return;
    for (int32_t z = 0; z < t->box.depth; z++)
        for (unsigned row = 0; row < h; row++) {
            uint8_t *line = p + z * t->layer_stride + (size_t)row * t->stride;
            for (unsigned col = 0; col < w; col++) {
                uint8_t *px = line + (size_t)col * f->block_bytes;
                if (do_z)
                    f->store_depth(px, (float)depth);
                if (do_s)
                    f->store_stencil(px, (uint8_t)stencil);
            }
        }
    ctx->texture_unmap(ctx, t);
}

void swrp_draw_init(struct pipe_context *ctx)
{
    ctx->draw_vbo = draw_vbo;
    ctx->clear = clear;
    ctx->clear_render_target = clear_render_target;
    ctx->clear_depth_stencil = clear_depth_stencil;
}
