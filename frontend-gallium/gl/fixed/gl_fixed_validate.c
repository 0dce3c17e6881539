/*
 * gl_fixed_validate.c: the fixed-function draw binding (gl_fixed_validate),
 * following the four steps of fixedfunc/gl_fixedfunc.h.
 *
 *  1. Keys. When a command marked the state changed (key_dirty) or the
 *     vertex arrays, texture units or raster state the keys read differ
 *     from the last draw, gl_ff_vs_key / gl_ff_fs_key are filled from this
 *     part's state, the raster part's (clip enables, point attenuation,
 *     vertex colour clamp) and the texture part's units (target, base
 *     format). Attributes with no enabled array are constants
 *     (const_attribs): the vertex program then has exactly one input per
 *     enabled array, and a constant normal's lighting work moves to the
 *     jitter's per-draw preamble.
 *  2. Programs from the context's gl_ff_cache; a new entry gets its CSO
 *     (created from the TGSI text) hung on entry->user, deleted by the
 *     cache's destroy callback when the entry is evicted.
 *  3. Constant buffer 0 of each stage is refilled with gl_ff_fill_constants
 *     when a program was bound or the values serial moved (every command
 *     that changes a value bumps it; the values copied here from other
 *     parts, current attributes, point size and depth range, bump it when
 *     they differ from the copy of the last draw).
 *  4. The raster part gets the rasterizer bits that go with the programs
 *     (gl_raster_set_fixed: two-sided colours, per-vertex point size,
 *     sprite coordinates, the vertex clamp done by the program).
 *
 * Legacy attribute data comes from the vertex part (gl_vertex_legacy_array
 * and _current: glVertexPointer ..., glColor ..., position from generic
 * array 0 when it is enabled), immediate mode's batches included.
 * Thread: the context's thread.
 */
#include "frontend-gallium/gl/fixed/gl_fixed_priv.h"

#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/raster/gl_raster.h"
#include "frontend-gallium/gl/texture/gl_texture.h"
#include "tgsi/tgsi.h"

#define GLF_CACHE_ENTRIES 64 /* programs per stage kept per context */

/* What hangs on a cache entry: the pipe CSO of its program. */
typedef struct glf_cso {
    void *cso;
    bool vs;
} glf_cso;

static void cso_destroy(void *user, void *arg)
{
    struct gl_context *ctx = arg;
    glf_cso *c = user;
    if (!c)
        return;
    gl_fixed_state *f = glf(ctx);
    if (c->vs) {
        if (f->vs_bound == c->cso) {
            ctx->pipe->bind_vs_state(ctx->pipe, NULL);
            f->vs_bound = NULL;
            f->vs_entry = NULL;
        }
        ctx->pipe->delete_vs_state(ctx->pipe, c->cso);
    } else {
        if (f->fs_bound == c->cso) {
            ctx->pipe->bind_fs_state(ctx->pipe, NULL);
            f->fs_bound = NULL;
            f->fs_entry = NULL;
        }
        ctx->pipe->delete_fs_state(ctx->pipe, c->cso);
    }
    free(c);
}

bool glf_validate_init(struct gl_context *ctx)
{
    gl_fixed_state *f = glf(ctx);
    f->cache = gl_ff_cache_create(GLF_CACHE_ENTRIES, cso_destroy, ctx);
    return f->cache != NULL;
}

void glf_validate_fini(struct gl_context *ctx)
{
    gl_fixed_state *f = glf(ctx);
    gl_ff_cache_destroy(f->cache); /* deletes the CSOs (unbinding ours) */
    f->cache = NULL;
    free(f->vs_consts);
    free(f->fs_consts);
}

void gl_fixed_invalidate_pipe(struct gl_context *ctx)
{
    gl_fixed_state *f = glf(ctx);
    f->vs_bound = f->fs_bound = NULL;
    f->vs_entry = f->fs_entry = NULL;
    f->const_valid = false;
}

gl_fixed_stats gl_fixed_get_stats(struct gl_context *ctx)
{
    gl_fixed_stats s = glf(ctx)->stats;
    s.cache = gl_ff_cache_get_stats(glf(ctx)->cache);
    return s;
}

/* ---- legacy attribute data ------------------------------------------------------ */

/* The vertex part's legacy arrays and current values (glVertexPointer,
 * glColor ...; immediate mode's batches are legacy arrays too). */
static const gl_attrib_array *legacy_array(struct gl_context *ctx, unsigned a)
{
    return gl_vertex_legacy_array(ctx, a);
}

static const float *legacy_current(struct gl_context *ctx, unsigned a)
{
    return gl_vertex_legacy_current(ctx, a);
}

/* ---- step 1: keys ---------------------------------------------------------------- */

static bool is_identity(const float *m)
{
    static const float id[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    return !memcmp(m, id, sizeof id);
}

static uint8_t cm_mode(GLenum m)
{
    switch (m) {
    case GL_EMISSION: return GL_FF_CM_EMISSION;
    case GL_AMBIENT: return GL_FF_CM_AMBIENT;
    case GL_DIFFUSE: return GL_FF_CM_DIFFUSE;
    case GL_SPECULAR: return GL_FF_CM_SPECULAR;
    default: return GL_FF_CM_AMBIENT_AND_DIFFUSE;
    }
}

static uint8_t texgen_mode(GLenum m)
{
    switch (m) {
    case GL_OBJECT_LINEAR: return GL_FF_TEXGEN_OBJECT_LINEAR;
    case GL_EYE_LINEAR: return GL_FF_TEXGEN_EYE_LINEAR;
    case GL_SPHERE_MAP: return GL_FF_TEXGEN_SPHERE_MAP;
    case GL_NORMAL_MAP: return GL_FF_TEXGEN_NORMAL_MAP;
    default: return GL_FF_TEXGEN_REFLECTION_MAP;
    }
}

static uint8_t env_mode(GLenum m)
{
    switch (m) {
    case GL_REPLACE: return GL_FF_ENV_REPLACE;
    case GL_DECAL: return GL_FF_ENV_DECAL;
    case GL_BLEND: return GL_FF_ENV_BLEND;
    case GL_ADD: return GL_FF_ENV_ADD;
    case GL_COMBINE: return GL_FF_ENV_COMBINE;
    case GL_COMBINE4_NV: return GL_FF_ENV_COMBINE4_NV;
    default: return GL_FF_ENV_MODULATE;
    }
}

static uint8_t combine_func(GLenum m)
{
    switch (m) {
    case GL_REPLACE: return GL_FF_COMBINE_REPLACE;
    case GL_ADD: return GL_FF_COMBINE_ADD;
    case GL_ADD_SIGNED: return GL_FF_COMBINE_ADD_SIGNED;
    case GL_INTERPOLATE: return GL_FF_COMBINE_INTERPOLATE;
    case GL_SUBTRACT: return GL_FF_COMBINE_SUBTRACT;
    case GL_DOT3_RGB: return GL_FF_COMBINE_DOT3_RGB;
    case GL_DOT3_RGBA: return GL_FF_COMBINE_DOT3_RGBA;
    case GL_MODULATE_ADD_ATI: return GL_FF_COMBINE_MODULATE_ADD;
    case GL_MODULATE_SIGNED_ADD_ATI: return GL_FF_COMBINE_MODULATE_SIGNED_ADD;
    case GL_MODULATE_SUBTRACT_ATI: return GL_FF_COMBINE_MODULATE_SUBTRACT;
    default: return GL_FF_COMBINE_MODULATE;
    }
}

static uint8_t combine_src(GLenum s)
{
    switch (s) {
    case GL_CONSTANT: return GL_FF_SRC_CONSTANT;
    case GL_PRIMARY_COLOR: return GL_FF_SRC_PRIMARY_COLOR;
    case GL_PREVIOUS: return GL_FF_SRC_PREVIOUS;
    case GL_ZERO: return GL_FF_SRC_ZERO;
    case GL_ONE: return GL_FF_SRC_ONE;
    case GL_TEXTURE: return GL_FF_SRC_TEXTURE;
    default: return (uint8_t)(GL_FF_SRC_TEXTURE0 + (s - GL_TEXTURE0));
    }
}

static uint8_t operand(GLenum o)
{
    switch (o) {
    case GL_ONE_MINUS_SRC_COLOR: return GL_FF_OP_ONE_MINUS_SRC_COLOR;
    case GL_SRC_ALPHA: return GL_FF_OP_SRC_ALPHA;
    case GL_ONE_MINUS_SRC_ALPHA: return GL_FF_OP_ONE_MINUS_SRC_ALPHA;
    default: return GL_FF_OP_SRC_COLOR;
    }
}

static uint8_t scale_log2(GLfloat s) { return s == 4.0f ? 2 : s == 2.0f ? 1 : 0; }

static uint8_t base_format(GLenum f)
{
    switch (f) {
    case GL_RGB:
    case GL_RED:
    case GL_RG: return GL_FF_FORMAT_RGB;
    case GL_ALPHA: return GL_FF_FORMAT_ALPHA;
    case GL_LUMINANCE: return GL_FF_FORMAT_LUMINANCE;
    case GL_LUMINANCE_ALPHA: return GL_FF_FORMAT_LUMINANCE_ALPHA;
    case GL_INTENSITY: return GL_FF_FORMAT_INTENSITY;
    default: return GL_FF_FORMAT_RGBA;
    }
}

/* The unit's target as the key's and TGSI's (NONE / 0 when disabled). */
static uint8_t unit_target(struct gl_context *ctx, unsigned u, uint8_t *format, unsigned *tgsi)
{
    GLenum base;
    bool shadow;
    GLenum t = gl_texture_fixed_unit(ctx, u, &base, &shadow);
    *format = base_format(base);
    switch (t) {
    case GL_TEXTURE_1D:
        *tgsi = shadow ? TGSI_TEXTURE_SHADOW1D : TGSI_TEXTURE_1D;
        return shadow ? GL_FF_TEX_SHADOW1D : GL_FF_TEX_1D;
    case GL_TEXTURE_2D:
        *tgsi = shadow ? TGSI_TEXTURE_SHADOW2D : TGSI_TEXTURE_2D;
        return shadow ? GL_FF_TEX_SHADOW2D : GL_FF_TEX_2D;
    case GL_TEXTURE_3D: *tgsi = TGSI_TEXTURE_3D; return GL_FF_TEX_3D;
    case GL_TEXTURE_CUBE_MAP: *tgsi = TGSI_TEXTURE_CUBE; return GL_FF_TEX_CUBE;
    case GL_TEXTURE_RECTANGLE:
        *tgsi = shadow ? TGSI_TEXTURE_SHADOWRECT : TGSI_TEXTURE_RECT;
        return shadow ? GL_FF_TEX_SHADOWRECT : GL_FF_TEX_RECT;
    default: *tgsi = 0; return GL_FF_TEX_NONE;
    }
}

static void build_fs_key(struct gl_context *ctx, gl_ff_fs_key *k, unsigned tgsi[])
{
    gl_fixed_state *f = glf(ctx);
    memset(k, 0, sizeof *k);
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        gl_ff_fs_unit *t = &k->unit[u];
        const glf_texenv *e = &f->env[u];
        t->target = unit_target(ctx, u, &t->format, &tgsi[u]);
        if (t->target == GL_FF_TEX_NONE)
            continue;
        t->mode = env_mode(e->mode);
        t->combine_rgb = combine_func(e->combine_rgb);
        t->combine_alpha = combine_func(e->combine_alpha);
        t->scale_rgb = scale_log2(e->rgb_scale);
        t->scale_alpha = scale_log2(e->alpha_scale);
        for (unsigned a = 0; a < 4; a++) {
            t->src_rgb[a] = combine_src(e->src_rgb[a]);
            t->src_alpha[a] = combine_src(e->src_alpha[a]);
            t->op_rgb[a] = operand(e->op_rgb[a]);
            t->op_alpha[a] = operand(e->op_alpha[a]);
        }
    }
    /* GL 2.1 section 3.9: with lighting on (and no vertex shader) the
     * colour sum is always applied. */
    k->color_sum = f->color_sum || f->lighting;
    if (f->fog)
        k->fog_mode = f->fog_mode == GL_LINEAR ? GL_FF_FOG_LINEAR
                      : f->fog_mode == GL_EXP2 ? GL_FF_FOG_EXP2
                                               : GL_FF_FOG_EXP;
}

static void build_vs_key(struct gl_context *ctx, gl_ff_vs_key *k, const gl_ff_fs_key *fs)
{
    gl_fixed_state *f = glf(ctx);
    const gl_raster_state *r = ctx->raster;
    memset(k, 0, sizeof *k);
    gl_ff_fs_reads reads = gl_ff_fs_key_reads(fs);
    k->lighting = f->lighting;
    k->light_enabled = f->light_on;
    for (unsigned i = 0; i < GL_FF_MAX_LIGHTS; i++) {
        const gl_ff_light *l = &f->v.light[i];
        uint8_t bit = (uint8_t)(1u << i);
        if (l->position[3] != 0.0f) {
            k->light_positional |= bit;
            if (l->constant_attenuation != 1.0f || l->linear_attenuation != 0.0f ||
                l->quadratic_attenuation != 0.0f)
                k->light_attenuated |= bit;
        }
        if (l->spot_cutoff != 180.0f)
            k->light_spot |= bit;
    }
    k->local_viewer = f->local_viewer;
    k->two_side = f->two_side;
    k->separate_specular = f->color_control == GL_SEPARATE_SPECULAR_COLOR;
    if (f->color_material_on) {
        k->color_material = cm_mode(f->cm_mode);
        k->color_material_faces = f->cm_face == GL_FRONT  ? GL_FF_FACE_FRONT
                                  : f->cm_face == GL_BACK ? GL_FF_FACE_BACK
                                                          : GL_FF_FACE_FRONT | GL_FF_FACE_BACK;
    }
    k->normalize = f->normalize;
    k->rescale_normal = f->rescale_normal;
    if (reads.fog)
        k->fog_source = f->fog_coord_src == GL_FOG_COORD ? GL_FF_FOG_SOURCE_FOGCOORD
                                                         : GL_FF_FOG_SOURCE_DEPTH;
    k->point_attenuation = r->point_attenuation[0] != 1.0f || r->point_attenuation[1] != 0.0f ||
                           r->point_attenuation[2] != 0.0f;
    k->clip_planes = (uint8_t)gl_raster_clip_enables(ctx);
    k->texcoord_out = reads.texcoords;
    k->secondary_out = reads.secondary;
    k->clamp_color = r->clamp_vertex != GL_FALSE;
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        if (!is_identity(f->v.texture_matrix[u]))
            k->texmat |= (uint8_t)(1u << u);
        uint16_t w = 0;
        for (unsigned c = 0; c < 4; c++)
            if (f->texgen_on[u][c])
                w = GL_FF_TEXGEN_SET(w, c, texgen_mode(f->texgen_mode[u][c]));
        k->texgen[u] = w;
    }
    for (unsigned a = 0; a < GL_FF_ATTRIB_COUNT; a++)
        if (!legacy_array(ctx, a))
            k->const_attribs |= (uint16_t)(1u << a);
}

/* ---- steps 2 and 3: programs and constants ---------------------------------------- */

static void *entry_cso(struct gl_context *ctx, gl_ff_cache_entry *e, bool vs)
{
    if (e->user)
        return ((glf_cso *)e->user)->cso;
    glf_cso *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    struct pipe_shader_state ss;
    memset(&ss, 0, sizeof ss);
    ss.text = e->shader.text;
    c->vs = vs;
    c->cso = vs ? ctx->pipe->create_vs_state(ctx->pipe, &ss)
                : ctx->pipe->create_fs_state(ctx->pipe, &ss);
    if (!c->cso) {
        free(c);
        return NULL;
    }
    e->user = c;
    return c->cso;
}

static bool upload(struct gl_context *ctx, enum pipe_shader_type stage, const gl_ff_shader *sh,
                   float **buf, unsigned *cap)
{
    gl_fixed_state *f = glf(ctx);
    if (!sh->num_consts) {
        ctx->pipe->set_constant_buffer(ctx->pipe, stage, 0, NULL);
        return true;
    }
    if (*cap < sh->num_consts) {
        float *n = realloc(*buf, (size_t)sh->num_consts * 4 * sizeof *n);
        if (!n)
            return false;
        *buf = n;
        *cap = sh->num_consts;
    }
    gl_ff_fill_constants(&f->v, sh->consts, sh->num_consts, *buf);
    struct pipe_constant_buffer cb;
    memset(&cb, 0, sizeof cb);
    cb.user_buffer = *buf;
    cb.buffer_size = sh->num_consts * 16;
    ctx->pipe->set_constant_buffer(ctx->pipe, stage, 0, &cb);
    return true;
}

/* Copies the values other parts own into v; bumps the serial on a change. */
void glf_refresh_values(struct gl_context *ctx)
{
    gl_fixed_state *f = glf(ctx);
    const gl_raster_state *r = ctx->raster;
    gl_ff_gl_state *v = &f->v;
    bool changed = false;
    for (unsigned a = 0; a < GL_FF_ATTRIB_COUNT; a++) {
        const float *c = legacy_current(ctx, a);
        if (c && memcmp(v->current[a], c, 4 * sizeof *c)) {
            memcpy(v->current[a], c, 4 * sizeof *c);
            changed = true;
        }
    }
    float p[9] = {r->point_size,
                  r->point_size_min,
                  r->point_size_max,
                  r->point_fade,
                  r->point_attenuation[0],
                  r->point_attenuation[1],
                  r->point_attenuation[2],
                  (float)r->depth_range[0],
                  (float)r->depth_range[1]};
    float old[9] = {v->point_size,          v->point_size_min,       v->point_size_max,
                    v->point_fade_threshold, v->point_attenuation[0], v->point_attenuation[1],
                    v->point_attenuation[2], v->depth_near,           v->depth_far};
    if (memcmp(p, old, sizeof p)) {
        v->point_size = p[0];
        v->point_size_min = p[1];
        v->point_size_max = p[2];
        v->point_fade_threshold = p[3];
        memcpy(v->point_attenuation, p + 4, 3 * sizeof *p);
        v->depth_near = p[7];
        v->depth_far = p[8];
        changed = true;
    }
    if (changed)
        f->serial++;
}

bool gl_fixed_validate(struct gl_context *ctx, gl_fixed_draw *out)
{
    gl_fixed_state *f = glf(ctx);
    glf_refresh_values(ctx);
    unsigned tgsi[GL_FF_MAX_TEXTURE_UNITS];
    /* The keys read state of other parts too (arrays, units, raster), so
     * they are rebuilt every draw; that costs well under a microsecond and
     * the cache lookups only hash them. */
    gl_ff_fs_key fk;
    build_fs_key(ctx, &fk, tgsi);
    gl_ff_vs_key vk;
    build_vs_key(ctx, &vk, &fk);
    bool same = !f->key_dirty && f->vs_entry && f->fs_entry && !memcmp(&vk, &f->vs_key, sizeof vk) &&
                !memcmp(&fk, &f->fs_key, sizeof fk);
    if (!same) {
        f->stats.key_builds++;
        gl_ff_cache_entry *ve = gl_ff_cache_vs(f->cache, &vk);
        void *vcso = ve ? entry_cso(ctx, ve, true) : NULL;
        gl_ff_cache_entry *fe = vcso ? gl_ff_cache_fs(f->cache, &fk) : NULL;
        void *fcso = fe ? entry_cso(ctx, fe, false) : NULL;
        /* A miss of the FS lookup may have evicted the VS entry. */
        if (fcso && ve && ve->user)
            vcso = ((glf_cso *)ve->user)->cso;
        if (!vcso || !fcso) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            f->vs_entry = f->fs_entry = NULL;
            return false;
        }
        if (vcso != f->vs_bound) {
            ctx->pipe->bind_vs_state(ctx->pipe, vcso);
            f->vs_bound = vcso;
            f->const_valid = false;
            f->stats.shader_binds++;
        }
        if (fcso != f->fs_bound) {
            ctx->pipe->bind_fs_state(ctx->pipe, fcso);
            f->fs_bound = fcso;
            f->const_valid = false;
            f->stats.shader_binds++;
        }
        f->vs_entry = ve;
        f->fs_entry = fe;
        f->vs_key = vk;
        f->fs_key = fk;
        f->key_dirty = false;
    }
    if (!f->const_valid || f->uploaded_serial != f->serial) {
        if (!upload(ctx, PIPE_SHADER_VERTEX, &f->vs_entry->shader, &f->vs_consts,
                    &f->vs_consts_cap) ||
            !upload(ctx, PIPE_SHADER_FRAGMENT, &f->fs_entry->shader, &f->fs_consts,
                    &f->fs_consts_cap)) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return false;
        }
        f->uploaded_serial = f->serial;
        f->const_valid = true;
        f->stats.const_uploads++;
    }

    /* vertex inputs: one per enabled array */
    const gl_ff_shader *vs = &f->vs_entry->shader;
    out->num_inputs = 0;
    for (unsigned i = 0; i < vs->num_inputs; i++) {
        const gl_attrib_array *a = legacy_array(ctx, vs->inputs[i]);
        if (!a) /* cannot happen: const_attribs covers every attribute without an array */
            return false;
        out->arrays[out->num_inputs++] = a;
    }
    /* samplers: sampler u = unit u */
    out->num_samplers = 0;
    uint8_t used = f->fs_entry->shader.samplers;
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        gl_sampler_use *s = &out->samplers[u];
        s->unit = u;
        s->tgsi_target = tgsi[u] ? tgsi[u] : TGSI_TEXTURE_2D;
        s->stage_mask = (used >> u & 1) && tgsi[u] ? 1u << PIPE_SHADER_FRAGMENT : 0u;
        if (s->stage_mask)
            out->num_samplers = u + 1;
    }

    /* step 4: the rasterizer bits */
    gl_raster_fixed rf;
    memset(&rf, 0, sizeof rf);
    rf.on = true;
    rf.light_twoside = f->vs_key.lighting && f->vs_key.two_side;
    rf.clamp_in_shader = f->vs_key.clamp_color;
    rf.point_size_per_vertex = f->vs_key.point_attenuation;
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++)
        if (f->env[u].coord_replace)
            rf.sprite_coord_enable |= (uint8_t)(1u << u);
    gl_raster_set_fixed(ctx, &rf);
    return true;
}
