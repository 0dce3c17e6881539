/*
 * swrp_shader.c: the pipe context's shader CSOs (create/bind/delete_vs_state,
 * _fs_state and _gs_state) and the VS -> [GS ->] PS linkage the draw sends
 * to the engine.
 *
 * A shader CSO is TGSI text compiled through the process-wide cache
 * (jit_cache_get). Bound state selects variants, each compiled on the
 * first draw that needs it and kept on the CSO (variant[], indexed by the
 * few bits that change the code): dual_source (the bound blend state reads
 * SRC1 factors: a jitter key field) and the lowerings of
 * swrp_shader_lower.c (user clip planes, colour clamping, polygon
 * stipple; the draw id, for every variant of a shader declaring SV
 * DRAWID, variant[0] included), which transform the text. A key bit that
 * would not change a given shader (clamping without colour outputs, planes
 * when the VS writes its own clip distances) is dropped, so such shaders
 * share variant[0].
 *
 * Linkage (jit.h's "Register binding"): VS OUT[i] is engine output slot i;
 * POSITION, PSIZE, CLIPDIST[0..1] and VIEWPORT_INDEX outputs become the
 * engine's special slots. FS IN[i] is PS input i, fed by the VS output of
 * the same (semantic, index); an input with no such output gets
 * SWR_SLOT_NONE, which the engine reads as 0. POSITION and FACE inputs are
 * answered by the interpreter itself and PCOORD by sprite replacement, so
 * they need no VS slot. With two-sided lighting a COLOR[k] input reads
 * BCOLOR[k] on back faces when the VS writes it.
 *
 * Geometry shaders: a TGSI GEOM whose PROPERTYs
 * GS_INPUT_PRIMITIVE, GS_OUTPUT_PRIMITIVE and GS_MAX_OUTPUT_VERTICES become
 * the engine's swr_gs_state; GS_INVOCATIONS > 1 is refused. While a GS is
 * bound, GS IN[v][i] is fed by the VS output of IN[i]'s (semantic, index),
 * the FS inputs by the GS outputs exactly as they would be by the VS's,
 * and GS OUT[i] is engine slot i with the special slots by semantic. The
 * GS is then the last vertex stage: user clip planes and vertex colour
 * clamping lower it instead of the VS (swrp_draw.c, select_variants).
 *
 * Lifetime: the engine calls the compiled code of every queued draw, so a
 * deleted CSO whose last draw has not finished waits on the context's
 * zombie list (swrp_shader_reap) before its references are dropped.
 *
 * Thread: the context's thread; compiled shaders are immutable and shared.
 */
#include "frontend-gallium/pipe/swrp_state.h"
#include "knobs/knobs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void shader_free(swrp_shader_cso *s)
{
    for (int i = 0; i < SWRP_NUM_VARIANTS; i++)
        if (s->variant[i])
            jit_shader_unref(s->variant[i]);
    free(s->text);
    free(s);
}

static jit_shader *compile(const char *text, size_t len, bool dual_source)
{
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    /* KNOB_JIT picks the executor: "llvm" the LLVM JIT (which falls back
     * to the interpreter per shader for what it does not compile) */
    knob_init();
    key.executor = KNOB_JIT && strcmp(KNOB_JIT, "llvm") == 0 ? JIT_EXECUTOR_LLVM
                                                             : JIT_EXECUTOR_INTERP;
    key.dual_source = dual_source;
    tgsi_error err;
    memset(&err, 0, sizeof err);
    jit_shader *sh = jit_cache_get(text, len, &key, &err);
    if (!sh)
        fprintf(stderr, "swr: pipe: shader rejected at %u:%u: %s\n", err.line, err.column,
                err.message);
    return sh;
}

/* The GS PROPERTYs into s (the jitter's info does not carry them): false,
 * reported, when the program says what the engine cannot run. */
static bool read_gs_properties(swrp_shader_cso *s)
{
    tgsi_program *prog = NULL;
    tgsi_error err;
    memset(&err, 0, sizeof err);
    if (!tgsi_parse(s->text, s->len, &prog, &err))
        return false; /* compile() above accepted it: cannot happen */
    s->gs_input_prim = 0xff;
    s->gs_output_prim = 0xff;
    s->gs_max_vertices = 0;
    uint32_t invocations = 1;
    for (uint32_t i = 0; i < prog->num_props; i++) {
        const tgsi_prop *p = &prog->props[i];
        if (p->name == TGSI_PROPERTY_GS_INPUT_PRIMITIVE)
            s->gs_input_prim = p->value < 0xff ? (uint8_t)p->value : 0xfe;
        else if (p->name == TGSI_PROPERTY_GS_OUTPUT_PRIMITIVE)
            s->gs_output_prim = p->value < 0xff ? (uint8_t)p->value : 0xfe;
        else if (p->name == TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES)
            s->gs_max_vertices = p->value;
        else if (p->name == TGSI_PROPERTY_GS_INVOCATIONS)
            invocations = p->value;
    }
    tgsi_program_free(prog);
    const char *why = NULL;
    if (invocations > 1)
        why = "GS_INVOCATIONS > 1 is not supported";
    else if (s->gs_input_prim != PIPE_PRIM_POINTS && s->gs_input_prim != PIPE_PRIM_LINES &&
             s->gs_input_prim != PIPE_PRIM_LINES_ADJACENCY &&
             s->gs_input_prim != PIPE_PRIM_TRIANGLES &&
             s->gs_input_prim != PIPE_PRIM_TRIANGLES_ADJACENCY)
        why = "GS_INPUT_PRIMITIVE missing or not points, lines, lines_adjacency, triangles or "
              "triangles_adjacency";
    else if (s->gs_output_prim != PIPE_PRIM_POINTS && s->gs_output_prim != PIPE_PRIM_LINE_STRIP &&
             s->gs_output_prim != PIPE_PRIM_TRIANGLE_STRIP)
        why = "GS_OUTPUT_PRIMITIVE missing or not points, line_strip or triangle_strip";
    else if (s->gs_max_vertices == 0 || s->gs_max_vertices > SWR_GS_MAX_OUT_VERTICES)
        why = "GS_MAX_OUTPUT_VERTICES missing or above SWR_GS_MAX_OUT_VERTICES";
    else if ((uint64_t)s->gs_max_vertices * (s->info->num_outputs ? s->info->num_outputs : 1) * 4 >
             SWR_GS_MAX_OUT_COMPONENTS)
        why = "GS_MAX_OUTPUT_VERTICES * outputs * 4 exceeds SWR_GS_MAX_OUT_COMPONENTS (1024)";
    else if (s->info->num_outputs > SWR_MAX_ATTRIBS || s->info->num_inputs > SWR_MAX_ATTRIBS)
        why = "more than 32 inputs or outputs";
    if (why) {
        fprintf(stderr, "swr: pipe: geometry shader rejected: %s\n", why);
        return false;
    }
    return true;
}

static void *create_shader(const struct pipe_shader_state *state, uint8_t processor)
{
    if (!state || !state->text)
        return NULL;
    swrp_shader_cso *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->len = strlen(state->text);
    s->text = malloc(s->len + 1);
    if (!s->text)
        goto fail;
    memcpy(s->text, state->text, s->len + 1);
    s->so_info = state->stream_output;
    s->variant[0] = compile(s->text, s->len, false);
    if (!s->variant[0])
        goto fail;
    s->info = jit_shader_get_info(s->variant[0]);
    s->processor = s->info->processor;
    if (s->processor != processor) {
        fprintf(stderr, "swr: pipe: %s shader given to create_%s_state\n",
                tgsi_processor_name(s->processor),
                processor == TGSI_PROCESSOR_VERTEX     ? "vs"
                : processor == TGSI_PROCESSOR_GEOMETRY ? "gs"
                                                       : "fs");
        goto fail;
    }
    if (processor == TGSI_PROCESSOR_GEOMETRY && !read_gs_properties(s))
        goto fail;
    for (uint32_t i = 0; i < s->info->num_outputs && i < SWR_MAX_ATTRIBS; i++) {
        uint8_t sem = s->info->output_semantic[i];
        s->writes_color |= sem == TGSI_SEMANTIC_COLOR ||
                           (processor != TGSI_PROCESSOR_FRAGMENT && sem == TGSI_SEMANTIC_BCOLOR);
        s->writes_clipdist |= sem == TGSI_SEMANTIC_CLIPDIST;
    }
    /* DRAWID is a driver constant (swrp_shader_lower.c): even variant 0
     * reads it from there. Unlowerable: reported, the SV then reads 0. */
    if (s->info->system_values_read >> TGSI_SEMANTIC_DRAWID & 1) {
        size_t len = 0;
        char *text = swrp_shader_lower(s->text, s->len, &(swrp_lower_key){.drawid = true}, &len);
        jit_shader *low = text ? compile(text, len, false) : NULL;
        free(text);
        if (low) {
            jit_shader_unref(s->variant[0]);
            s->variant[0] = low;
            s->info = jit_shader_get_info(low);
            s->reads_drawid = true;
        }
    }
    return s;
fail:
    shader_free(s);
    return NULL;
}

static void *create_gs_state(struct pipe_context *ctx, const struct pipe_shader_state *state)
{
    (void)ctx;
    return create_shader(state, TGSI_PROCESSOR_GEOMETRY);
}

static void bind_gs_state(struct pipe_context *ctx, void *state) { swrp_bound_of(ctx)->gs = state; }

static void *create_vs_state(struct pipe_context *ctx, const struct pipe_shader_state *state)
{
    (void)ctx;
    return create_shader(state, TGSI_PROCESSOR_VERTEX);
}

static void *create_fs_state(struct pipe_context *ctx, const struct pipe_shader_state *state)
{
    (void)ctx;
    return create_shader(state, TGSI_PROCESSOR_FRAGMENT);
}

static void bind_vs_state(struct pipe_context *ctx, void *state)
{
    swrp_bound_of(ctx)->vs = state;
}

static void bind_fs_state(struct pipe_context *ctx, void *state)
{
    swrp_bound_of(ctx)->fs = state;
}

static void delete_shader(struct pipe_context *ctx, void *state)
{
    swrp_context *c = swrp_context_of(ctx);
    swrp_shader_cso *s = state;
    if (!s)
        return;
    if (c->bound->vs == s) /* the caller's error: unbind rather than dangle */
        c->bound->vs = NULL;
    if (c->bound->fs == s)
        c->bound->fs = NULL;
    if (c->bound->gs == s)
        c->bound->gs = NULL;
    if (swrp_timeline_done(c->tl, s->last_use)) {
        shader_free(s);
        return;
    }
    swrp_zombie_shader *z = malloc(sizeof *z);
    if (!z) {
        /* No memory for the record: waiting is the safe alternative. */
        swrp_timeline_wait(c->tl, s->last_use, UINT64_MAX, true);
        shader_free(s);
        return;
    }
    z->cso = s;
    z->next = c->bound->zombies;
    c->bound->zombies = z;
    swrp_shader_reap(c, false);
}

void swrp_shader_reap(swrp_context *c, bool force)
{
    swrp_zombie_shader **p = &c->bound->zombies;
    while (*p) {
        swrp_zombie_shader *z = *p;
        if (force || swrp_timeline_done(c->tl, z->cso->last_use)) {
            *p = z->next;
            shader_free(z->cso);
            free(z);
        } else {
            p = &z->next;
        }
    }
}

jit_shader *swrp_shader_variant(swrp_shader_cso *s, bool dual_source, const swrp_lower_key *key)
{
    if (!dual_source && !key->ucp && !key->clamp_color && !key->stipple)
        return s->variant[0]; /* the common case, every draw */
    /* Only what changes this shader's code counts. */
    bool fs = s->processor == TGSI_PROCESSOR_FRAGMENT;
    swrp_lower_key k = {
        .ucp = !fs && !s->writes_clipdist ? key->ucp : 0,
        .clamp_color = key->clamp_color && s->writes_color,
        .stipple = fs && key->stipple,
        .drawid = s->reads_drawid,
    };
    dual_source = dual_source && fs;
    unsigned idx = (unsigned)dual_source | (unsigned)k.clamp_color << 1 |
                   (unsigned)k.stipple << 2 | (unsigned)(k.ucp > 2 ? 2 : k.ucp) << 3;
    if (idx >= SWRP_NUM_VARIANTS)
        return s->variant[0];
    if (s->lower_failed[idx]) /* reported once: the shader without the lowering */
        return swrp_shader_variant(s, dual_source, &(swrp_lower_key){0});
    if (s->variant[idx])
        return s->variant[idx];
    if (!k.ucp && !k.clamp_color && !k.stipple && !k.drawid) {
        s->variant[idx] = compile(s->text, s->len, dual_source);
        return s->variant[idx];
    }
    size_t len = 0;
    char *text = swrp_shader_lower(s->text, s->len, &k, &len);
    if (text) {
        s->variant[idx] = compile(text, len, dual_source);
        free(text);
    }
    if (!s->variant[idx]) {
        s->lower_failed[idx] = true;
        return swrp_shader_variant(s, dual_source, &(swrp_lower_key){0});
    }
    return s->variant[idx];
}

void swrp_shader_init(struct pipe_context *ctx)
{
    ctx->create_vs_state = create_vs_state;
    ctx->bind_vs_state = bind_vs_state;
    ctx->delete_vs_state = delete_shader;
    ctx->create_fs_state = create_fs_state;
    ctx->bind_fs_state = bind_fs_state;
    ctx->delete_fs_state = delete_shader;
    ctx->create_gs_state = create_gs_state;
    ctx->bind_gs_state = bind_gs_state;
    ctx->delete_gs_state = delete_shader;
}

/* ---- linkage --------------------------------------------------------------- */

/* The VS output register with (semantic, index), or SWR_SLOT_NONE. */
static uint8_t find_output(const jit_shader_info *vs, uint8_t sem, uint8_t index)
{
    uint32_t n = vs->num_outputs < SWR_MAX_ATTRIBS ? vs->num_outputs : SWR_MAX_ATTRIBS;
    for (uint32_t i = 0; i < n; i++)
        if (vs->output_semantic[i] == sem && vs->output_semantic_index[i] == index)
            return (uint8_t)i;
    return SWR_SLOT_NONE;
}

static uint8_t interp_of(uint8_t tgsi_interp, uint8_t sem)
{
    switch (tgsi_interp) {
    case TGSI_INTERPOLATE_CONSTANT:
        return SWR_INTERP_CONSTANT;
    case TGSI_INTERPOLATE_LINEAR:
        return SWR_INTERP_LINEAR;
    case TGSI_INTERPOLATE_PERSPECTIVE:
        return SWR_INTERP_PERSPECTIVE;
    case TGSI_INTERPOLATE_COLOR:
        return SWR_INTERP_COLOR;
    default:
        /* Not written: colours follow the flatshade state, the rest is smooth. */
        return sem == TGSI_SEMANTIC_COLOR || sem == TGSI_SEMANTIC_BCOLOR ? SWR_INTERP_COLOR
                                                                         : SWR_INTERP_PERSPECTIVE;
    }
}

void swrp_shader_link(const swrp_shader_cso *vs, jit_shader *vs_code, const swrp_shader_cso *fs,
                      jit_shader *fs_code, const swrp_shader_cso *gs, jit_shader *gs_code,
                      const swrp_rast_cso *rast, bool dual_source, uint32_t num_vertex_elements,
                      swr_vs_state *out_vs, swr_ps_state *out_ps, swr_gs_state *out_gs,
                      uint8_t *sprite_mask)
{
    /* The variants' own info: lowering may add inputs, outputs and kills. */
    const jit_shader_info *vi = jit_shader_get_info(vs_code), *fi = jit_shader_get_info(fs_code);
    (void)vs;
    (void)fs;
    memset(out_vs, 0, sizeof *out_vs);
    memset(out_ps, 0, sizeof *out_ps);
    memset(out_gs, 0, sizeof *out_gs);
    *sprite_mask = 0;
    /* What feeds the FS: the GS's outputs when one is bound. */
    const jit_shader_info *up = vi;
    if (gs_code) {
        const jit_shader_info *gi = jit_shader_get_info(gs_code);
        up = gi;
        out_gs->func = jit_shader_gs_func(gs_code);
        out_gs->shader = gs_code;
        out_gs->num_inputs = gi->num_inputs < SWR_MAX_ATTRIBS ? gi->num_inputs : SWR_MAX_ATTRIBS;
        for (uint32_t i = 0; i < out_gs->num_inputs; i++)
            out_gs->input_slot[i] =
                gi->input_semantic[i] == 0xff
                    ? SWR_SLOT_NONE
                    : find_output(vi, gi->input_semantic[i], gi->input_semantic_index[i]);
        out_gs->num_outputs = gi->num_outputs < SWR_MAX_ATTRIBS ? gi->num_outputs : SWR_MAX_ATTRIBS;
        out_gs->input_topology = gs->gs_input_prim;
        out_gs->output_topology = gs->gs_output_prim;
        out_gs->max_vertices = gs->gs_max_vertices;
        out_gs->reads_prim_id = gi->reads_primid;
        out_gs->position_slot = find_output(gi, TGSI_SEMANTIC_POSITION, 0);
        out_gs->point_size_slot = find_output(gi, TGSI_SEMANTIC_PSIZE, 0);
        out_gs->clip_dist_slot[0] = find_output(gi, TGSI_SEMANTIC_CLIPDIST, 0);
        out_gs->clip_dist_slot[1] = find_output(gi, TGSI_SEMANTIC_CLIPDIST, 1);
        out_gs->viewport_index_slot = find_output(gi, TGSI_SEMANTIC_VIEWPORT_INDEX, 0);
        out_gs->prim_id_slot = find_output(gi, TGSI_SEMANTIC_PRIMID, 0);
    }

    out_vs->func = jit_shader_vs_func(vs_code);
    out_vs->shader = vs_code;
    out_vs->num_inputs = num_vertex_elements;
    out_vs->num_outputs = vi->num_outputs < SWR_MAX_ATTRIBS ? vi->num_outputs : SWR_MAX_ATTRIBS;
    out_vs->position_slot = find_output(vi, TGSI_SEMANTIC_POSITION, 0);
    out_vs->point_size_slot = find_output(vi, TGSI_SEMANTIC_PSIZE, 0);
    out_vs->clip_dist_slot[0] = find_output(vi, TGSI_SEMANTIC_CLIPDIST, 0);
    out_vs->clip_dist_slot[1] = find_output(vi, TGSI_SEMANTIC_CLIPDIST, 1);
    out_vs->viewport_index_slot = find_output(vi, TGSI_SEMANTIC_VIEWPORT_INDEX, 0);
    /* With a GS the VS's position is only a GS input: any slot will do
     * for the engine's check (the GS's position is the one used). */
    if (gs_code && out_vs->position_slot == SWR_SLOT_NONE && out_vs->num_outputs)
        out_vs->position_slot = 0;

    out_ps->func = jit_shader_ps_func(fs_code);
    out_ps->tile_func = jit_shader_ps_tile_func(fs_code);
    out_ps->shader = fs_code;
    uint32_t nin = fi->num_inputs < SWR_MAX_ATTRIBS ? fi->num_inputs : SWR_MAX_ATTRIBS;
    out_ps->num_inputs = nin;
    for (uint32_t i = 0; i < nin; i++) {
        uint8_t sem = fi->input_semantic[i], idx = fi->input_semantic_index[i];
        swr_ps_input *in = &out_ps->inputs[i];
        in->vs_slot = SWR_SLOT_NONE;
        in->vs_slot_back = SWR_SLOT_NONE;
        in->interp = interp_of(fi->input_interp[i], sem);
        if (sem == TGSI_SEMANTIC_POSITION || sem == TGSI_SEMANTIC_FACE)
            continue; /* the interpreter answers these (jit.h) */
        if (sem != TGSI_SEMANTIC_PCOORD)
            in->vs_slot = find_output(up, sem, idx);
        if (sem == TGSI_SEMANTIC_COLOR && rast->light_twoside)
            in->vs_slot_back = find_output(up, TGSI_SEMANTIC_BCOLOR, idx);
        /* Gallium's sprite mask names GENERIC indices; the engine's names
         * PS input slots, and only the first 8. */
        bool sprite = sem == TGSI_SEMANTIC_PCOORD ||
                      (sem == TGSI_SEMANTIC_GENERIC && idx < 32 &&
                       ((rast->sprite_coord_enable >> idx) & 1));
        if (sprite && i < 8)
            *sprite_mask |= (uint8_t)(1u << i);
    }

    uint32_t ncolor = 0;
    for (uint32_t i = 0; i < fi->num_outputs && i < SWR_MAX_ATTRIBS; i++)
        if (fi->output_semantic[i] == TGSI_SEMANTIC_COLOR &&
            fi->output_semantic_index[i] + 1u > ncolor)
            ncolor = fi->output_semantic_index[i] + 1u;
    if (dual_source && ncolor > 1)
        ncolor = 1; /* COLOR[1] is color1, the second source of RT 0 */
    out_ps->num_outputs = ncolor < SWR_MAX_RENDER_TARGETS ? ncolor : SWR_MAX_RENDER_TARGETS;
    out_ps->color0_writes_all = fi->color0_writes_all_cbufs;
    out_ps->writes_depth = fi->writes_depth;
    out_ps->writes_stencil = fi->writes_stencil;
    out_ps->can_kill = fi->uses_kill;
    out_ps->early_depth_stencil = fi->early_depth_stencil;
    out_ps->dual_source = dual_source;
    out_ps->position_unused = !fi->reads_position;
    /* Neither executor reads swr_ps_args.bary_linear / bary_persp. */
    out_ps->barycentrics_unused = true;
}
