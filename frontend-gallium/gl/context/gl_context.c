/*
 * gl_context.c: context life (the parts' init and fini, in order, and the
 * one call the texture part makes up to the framebuffer part), glGetError,
 * glGet* type conversion and dispatch to the parts, glEnable dispatch,
 * strings, flush/finish. The one file that calls every part (see
 * gl_context.h).
 */
#include "frontend-gallium/gl/context/gl_context.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend-gallium/gl/dlist/gl_dlist.h"
#include "frontend-gallium/gl/draw/gl_draw.h"
#include "frontend-gallium/gl/fixed/gl_fixed.h"
#include "frontend-gallium/gl/immediate/gl_immediate.h"
#include "frontend-gallium/gl/pixelpath/gl_pixelpath.h"
#include "frontend-gallium/gl/eval/gl_eval.h"
#include "frontend-gallium/gl/attrib/gl_attrib.h"
#include "frontend-gallium/gl/pixeldraw/gl_pixeldraw.h"
#include "frontend-gallium/gl/objects/gl_objects.h"
#include "frontend-gallium/gl/pixels/gl_pixels.h"
#include "frontend-gallium/pipe/swr_public.h"
#include "frontend-gallium/gl/program/gl_program.h"
#include "frontend-gallium/gl/raster/gl_raster.h"
#include "frontend-gallium/gl/texture/gl_texture.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"

/* The version of a context made without a version (or 1.0): 2.1
 * compatibility, what the frontend implements completely. */
#define GL_IMPL_MAJOR 2
#define GL_IMPL_MINOR 1

typedef struct gl_part {
    const char *name;
    bool (*init)(struct gl_context *);
    void (*fini)(struct gl_context *);
    bool (*get)(struct gl_context *, GLenum, gl_value *);
    int (*enable)(struct gl_context *, GLenum, int);
} gl_part;

static bool get_value(struct gl_context *ctx, GLenum pname, gl_value *v);
static int enable_op(struct gl_context *ctx, GLenum cap, int op);

#define PART(p) {#p, gl_##p##_init, gl_##p##_fini, gl_##p##_get, gl_##p##_enable}
/* Init order; fini runs backwards. Programs and textures are freed before
 * the framebuffers that may reference textures, the draws' pipe state
 * before the buffers it may name, buffers last. */
static const gl_part parts[] = {
    PART(pixels),
    PART(vertex),
    PART(draw),
    PART(framebuffer),
    PART(texture),
    PART(program),
    PART(raster),
    PART(fixed),
    PART(pixelpath),
    /* After every part their draws use; fini first, before them. */
    {"immediate", gl_immediate_init, gl_immediate_fini, NULL, NULL},
    PART(eval),
    PART(attrib), /* fini before the vertex part: its entries hold buffer references */
    PART(pixeldraw), /* fini first: deletes its programs while the program part lives */
    PART(dlist),
};
#undef PART
#define NUM_PARTS (sizeof parts / sizeof parts[0])

gl_version_status gl_context_version_check(int major, int minor, bool core,
                                           bool forward_compatible)
{
    (void)core; /* every profile of every supported version exists */
    if (major == 0 && minor == 0)
        return forward_compatible ? GL_VERSION_NONEXISTENT : GL_VERSION_SUPPORTED;
    static const int last_minor[] = {0, 5, 1, 3, 6}; /* GL 1.0-1.5, 2.0-2.1, 3.0-3.3, 4.0-4.6 */
    if (major < 1 || major > 4 || minor < 0 || minor > last_minor[major])
        return GL_VERSION_NONEXISTENT;
    if (forward_compatible && major < 3)
        return GL_VERSION_NONEXISTENT;
    if (major > SWRGL_MAX_MAJOR || (major == SWRGL_MAX_MAJOR && minor > SWRGL_MAX_MINOR))
        return GL_VERSION_UNSUPPORTED;
    return GL_VERSION_SUPPORTED;
}

/* The version, profile and flags the context really has (see
 * gl_context_create in gl_context.h). */
static void settle_version(gl_context_desc *d)
{
    const bool fc = (d->context_flags & GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT) != 0;
    if (d->major < 2 || (d->major == 2 && d->minor <= 1)) {
        if (d->core_profile) {
            d->major = SWRGL_MAX_MAJOR;
            d->minor = SWRGL_MAX_MINOR;
        } else {
            d->major = GL_IMPL_MAJOR;
            d->minor = GL_IMPL_MINOR;
        }
    }
    if (d->major == 3 && d->minor < 2)
        d->core_profile = false; /* no profiles before 3.2 */
    if (!fc)
        d->context_flags &= ~GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT;
    d->context_flags &= GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT | GL_CONTEXT_FLAG_DEBUG_BIT;
}

struct gl_context *gl_context_create(const gl_context_desc *desc)
{
    if (!desc || !desc->screen)
        return NULL;
    struct gl_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return NULL;
    ctx->desc = *desc;
    settle_version(&ctx->desc);
    ctx->screen = desc->screen;
    ctx->error = GL_NO_ERROR;
    if (desc->share && desc->share->screen != desc->screen) {
        free(ctx);
        return NULL;
    }
    ctx->pipe = ctx->screen->context_create(ctx->screen, NULL, 0);
    if (!ctx->pipe) {
        free(ctx);
        return NULL;
    }
    if (desc->share) {
        ctx->shared = desc->share->shared;
        gl_shared_join(ctx->shared);
    } else if (!(ctx->shared = gl_shared_create())) {
        ctx->pipe->destroy(ctx->pipe);
        free(ctx);
        return NULL;
    }
    ctx->desc.share = NULL; /* the group is what counts, not that context */
    const bool profiles = ctx->desc.major > 3 || (ctx->desc.major == 3 && ctx->desc.minor >= 2);
    snprintf(ctx->version, sizeof ctx->version, "%d.%d%s swr", ctx->desc.major, ctx->desc.minor,
             !profiles                 ? ""
             : ctx->desc.core_profile ? " (Core Profile)"
                                      : " (Compatibility Profile)");
    snprintf(ctx->glsl_version, sizeof ctx->glsl_version, "%d.%02d", gl_glsl_version(ctx) / 100,
             gl_glsl_version(ctx) % 100);
    /* The threads that really run the work (KNOB_SINGLE_THREADED,
     * KNOB_MAX_WORKER_THREADS and the machine decide). */
    const unsigned threads = swr_pipe_context_threads(ctx->pipe);
    snprintf(ctx->renderer, sizeof ctx->renderer, "swr (AVX2, %u thread%s)", threads ? threads : 1,
             threads == 1 ? "" : "s");
    for (size_t i = 0; i < NUM_PARTS; i++) {
        if (!parts[i].init(ctx)) {
            pthread_mutex_lock(&ctx->shared->lock);
            ctx->shared_last = gl_shared_leave(ctx->shared);
            while (i-- > 0)
                parts[i].fini(ctx);
            pthread_mutex_unlock(&ctx->shared->lock);
            ctx->pipe->destroy(ctx->pipe);
            if (ctx->shared_last)
                gl_shared_destroy(ctx->shared);
            free(ctx);
            return NULL;
        }
    }
    /* The texture part's calls up to the framebuffer part (gl_texture.h). */
    const gl_texture_fb_calls fb_calls = {gl_framebuffer_read_color,
                                          gl_framebuffer_texture_deleted,
                                          gl_framebuffer_read_status,
                                          gl_framebuffer_read_depth};
    gl_texture_connect_framebuffer(ctx, &fb_calls);
    /* The attrib part's glGet/glIsEnabled dispatch (gl_attrib.h). */
    const gl_attrib_calls attrib_calls = {get_value, enable_op};
    gl_attrib_connect(ctx, &attrib_calls);
    if (gl_is_core(ctx))
        ctx->hook_bits |= SWRGL_HOOK_CORE;
    return ctx;
}

void gl_context_destroy(struct gl_context *ctx)
{
    if (!ctx)
        return;
    struct gl_context *prev = swrgl_current_ctx;
    swrgl_current_ctx = ctx; /* parts may call GL paths that expect it */
    gl_context_flush(ctx, true);
    /* The last context of a share group frees the shared objects; the
     * others only let go of their bindings. The group's lock is held
     * throughout, so that of two contexts destroyed at once exactly one is
     * the last, and no other member sees the tables half freed. */
    pthread_mutex_lock(&ctx->shared->lock);
    ctx->shared_last = gl_shared_leave(ctx->shared);
    for (size_t i = NUM_PARTS; i-- > 0;)
        parts[i].fini(ctx);
    pthread_mutex_unlock(&ctx->shared->lock);
    ctx->pipe->destroy(ctx->pipe);
    if (ctx->shared_last)
        gl_shared_destroy(ctx->shared);
    swrgl_current_ctx = prev == ctx ? NULL : prev;
    free(ctx);
}

void gl_context_make_current(struct gl_context *ctx) { swrgl_current_ctx = ctx; }

bool gl_context_copy_state(struct gl_context *dst, struct gl_context *src, GLbitfield mask)
{
    struct gl_context *prev = swrgl_current_ctx;
    swrgl_current_ctx = src;
    gl_attrib_server_entry *e = gl_attrib_save(src, mask);
    swrgl_current_ctx = dst;
    if (e)
        gl_attrib_restore(dst, e); /* frees e */
    swrgl_current_ctx = prev;
    return e != NULL;
}

void gl_context_flush(struct gl_context *ctx, bool finish)
{
    struct pipe_fence_handle *fence = NULL;
    gl_immediate_flush(ctx); /* the batched glBegin/glEnd vertices first */
    ctx->pipe->flush(ctx->pipe, finish ? &fence : NULL, 0);
    if (fence) {
        ctx->screen->fence_finish(ctx->screen, ctx->pipe, fence, PIPE_TIMEOUT_INFINITE);
        ctx->screen->fence_reference(ctx->screen, &fence, NULL);
    }
    /* OSMesa has no buffer swap: glFinish, which a program calls before it
     * reads its image, ends a frame (KNOB_BUCKETS_START_FRAME / END_FRAME),
     * once the frame's work is done so that a profile holds all of it. */
    if (finish)
        ctx->pipe->flush(ctx->pipe, NULL, PIPE_FLUSH_END_OF_FRAME);
    if (ctx->desc.flush_front && gl_framebuffer_draws_to_window(ctx))
        ctx->desc.flush_front(ctx->desc.user);
}

/* ---- simple commands ---------------------------------------------------- */

GLenum swrgl_GetError(struct gl_context *ctx)
{
    GLenum e = ctx->error;
    ctx->error = GL_NO_ERROR;
    return e;
}

void swrgl_Flush(struct gl_context *ctx) { gl_context_flush(ctx, false); }

void swrgl_Finish(struct gl_context *ctx) { gl_context_flush(ctx, true); }

/* ---- extensions ---------------------------------------------------------
 *
 * The extension list depends on the context: each row of the table names an
 * extension, the lowest context version (major*10+minor) in which it is
 * listed, and whether it is compatibility-only (fixed-function or removed
 * functionality that a core or forward-compatible context must not list).
 * An extension whose functionality became core in GL 3.x is listed from
 * that version on: swr implements that version's core features, so the
 * extension is what the context already does (tests/osmesa/
 * test_osmesa_ext_procs checks every listed name has its entry points and
 * none is a stub of docs/stubs.md). ARB_blend_func_extended is listed
 * from 3.3 (glBindFragDataLocationIndexed, layout(index = 1), the SRC1
 * factors, GL_MAX_DUAL_SOURCE_DRAW_BUFFERS 1). Extensions that would need
 * a stub (EXT_texture_integer: glClearColorIiEXT; ARB_texture_multisample)
 * are not listed (ARB_window_pos, ARB_point_parameters,
 * ARB_transpose_matrix, ARB_draw_buffers, EXT_secondary_color and
 * EXT_fog_coord are: gen_gl_api.py exports their suffixed names as
 * aliases of the core commands), nor GL 3.x features swr
 * does not have yet: ARB_framebuffer_sRGB (no GL_FRAMEBUFFER_SRGB enable),
 * ARB_seamless_cube_map (no GL_TEXTURE_CUBE_MAP_SEAMLESS),
 * ARB_fragment_coord_conventions (the GLSL layout qualifiers are not
 * honoured), ARB_provoking_vertex (not verified), ARB_explicit_attrib_location (GLSL
 * 3.30 has explicit locations, but a GLSL 1.10/1.20 shader enabling the
 * extension fails to compile its in/out declarations: piglit's
 * arb_explicit_attrib_location 1.10/1.20 compiler tests).
 *
 * glGetString(GL_EXTENSIONS), glGetStringi and GL_NUM_EXTENSIONS all read
 * the same list, built once per (version, profile) key on first use
 * (pthread_once) into a static table, so the strings live as long as the
 * library and no context owns one. */

#define EXT_COMPAT_ONLY 1

static const struct gl_extension_row {
    const char *name;
    unsigned char min_version; /* major*10+minor; 0: every context */
    unsigned char flags;       /* EXT_COMPAT_ONLY */
} extension_table[] = {
    /* first: tests/gl/test_gl_context checks glGetStringi(GL_EXTENSIONS, 0) */
    {"GL_ARB_framebuffer_object", 0, 0},
    {"GL_ARB_vertex_array_object", 0, 0},
    {"GL_ARB_map_buffer_range", 0, 0},
    {"GL_ARB_draw_instanced", 0, 0},
    {"GL_ARB_instanced_arrays", 0, 0},
    {"GL_ARB_vertex_buffer_object", 0, 0},
    {"GL_ARB_pixel_buffer_object", 0, 0},
    {"GL_ARB_texture_rg", 0, 0},
    {"GL_ARB_half_float_pixel", 0, 0},
    {"GL_ARB_texture_swizzle", 0, 0},
    {"GL_ARB_multitexture", 0, EXT_COMPAT_ONLY},
    {"GL_ARB_occlusion_query", 0, 0},
    {"GL_ARB_texture_compression", 0, 0},
    {"GL_ARB_texture_non_power_of_two", 0, 0},
    {"GL_ARB_shader_objects", 0, 0},
    {"GL_ARB_vertex_shader", 0, 0},
    {"GL_ARB_fragment_shader", 0, 0},
    {"GL_ARB_shading_language_100", 0, 0},
    {"GL_ARB_texture_rectangle", 0, 0},
    {"GL_ARB_texture_float", 0, 0},
    {"GL_ARB_depth_texture", 0, 0},
    {"GL_ARB_shadow", 0, 0},
    {"GL_ARB_point_sprite", 0, 0},
    {"GL_ARB_texture_mirrored_repeat", 0, 0},
    {"GL_ARB_texture_border_clamp", 0, 0},
    {"GL_ARB_texture_cube_map", 0, 0},
    {"GL_ARB_timer_query", 0, 0},
    {"GL_ARB_uniform_buffer_object", 0, 0},
    {"GL_EXT_framebuffer_object", 0, 0},
    {"GL_EXT_framebuffer_blit", 0, 0},
    {"GL_EXT_blend_equation_separate", 0, 0},
    {"GL_EXT_blend_func_separate", 0, 0},
    {"GL_EXT_blend_color", 0, 0},
    {"GL_EXT_blend_minmax", 0, 0},
    {"GL_EXT_texture3D", 0, 0},
    {"GL_EXT_texture_compression_s3tc", 0, 0},
    {"GL_EXT_texture_compression_rgtc", 0, 0},
    {"GL_EXT_texture_sRGB", 0, 0},
    {"GL_EXT_texture_filter_anisotropic", 0, 0},
    {"GL_EXT_texture_array", 0, 0},
    {"GL_EXT_packed_depth_stencil", 0, 0},
    {"GL_EXT_stencil_two_side", 0, EXT_COMPAT_ONLY},
    {"GL_EXT_stencil_wrap", 0, 0},
    {"GL_EXT_texture_edge_clamp", 0, 0},
    {"GL_EXT_draw_buffers2", 0, 0},
    {"GL_KHR_context_flush_control", 0, 0}, /* GL_CONTEXT_RELEASE_BEHAVIOR; GLX_ARB_context_flush_control sets it */
    /* GL 1.2-2.0 core features (swr's minimum is 2.1) */
    {"GL_ARB_texture_env_combine", 0, EXT_COMPAT_ONLY},
    {"GL_ARB_texture_env_crossbar", 0, EXT_COMPAT_ONLY},
    {"GL_ARB_texture_env_dot3", 0, EXT_COMPAT_ONLY},
    {"GL_ARB_texture_env_add", 0, EXT_COMPAT_ONLY},
    {"GL_EXT_rescale_normal", 0, EXT_COMPAT_ONLY},
    {"GL_EXT_texture_lod_bias", 0, 0},
    {"GL_EXT_bgra", 0, 0},
    {"GL_ARB_window_pos", 0, EXT_COMPAT_ONLY},
    {"GL_ARB_point_parameters", 0, EXT_COMPAT_ONLY},
    {"GL_ARB_transpose_matrix", 0, EXT_COMPAT_ONLY},
    {"GL_ARB_draw_buffers", 0, 0},
    {"GL_EXT_secondary_color", 0, EXT_COMPAT_ONLY},
    {"GL_EXT_fog_coord", 0, EXT_COMPAT_ONLY},
    /* GL 3.0 */
    {"GL_ARB_depth_buffer_float", 30, 0},
    {"GL_ARB_texture_compression_rgtc", 30, 0},
    {"GL_ARB_half_float_vertex", 30, 0},
    {"GL_EXT_packed_float", 30, 0},
    {"GL_EXT_texture_shared_exponent", 30, 0},
    /* GL 3.1 */
    {"GL_ARB_copy_buffer", 31, 0},
    /* GL 3.2 */
    {"GL_ARB_draw_elements_base_vertex", 32, 0},
    {"GL_ARB_sync", 32, 0},
    {"GL_ARB_depth_clamp", 32, 0},
    {"GL_ARB_vertex_array_bgra", 32, 0},
    /* GL 3.3 */
    {"GL_ARB_sampler_objects", 33, 0},
    {"GL_ARB_shader_bit_encoding", 33, 0},
    {"GL_ARB_occlusion_query2", 33, 0},
    {"GL_ARB_vertex_type_2_10_10_10_rev", 33, 0},
    {"GL_ARB_blend_func_extended", 33, 0},
};

#define EXT_TABLE_SIZE (sizeof extension_table / sizeof extension_table[0])
#define EXT_MAX_VERSION 40 /* keys 0..39 per profile: versions up to 3.9 */

struct gl_extension_list {
    char *string;                       /* space separated, for glGetString */
    unsigned count;
    unsigned short row[EXT_TABLE_SIZE]; /* glGetStringi index -> table row */
};
static struct gl_extension_list extension_lists[2][EXT_MAX_VERSION];
static pthread_once_t extension_once = PTHREAD_ONCE_INIT;

static void build_extension_lists(void)
{
    size_t total = 1;
    for (size_t i = 0; i < EXT_TABLE_SIZE; i++)
        total += strlen(extension_table[i].name) + 1;
    for (int core = 0; core < 2; core++) {
        for (int ver = 0; ver < EXT_MAX_VERSION; ver++) {
            char *s = malloc(total);
            size_t len = 0;
            unsigned n = 0;
            if (s) {
                for (size_t i = 0; i < EXT_TABLE_SIZE; i++) {
                    const struct gl_extension_row *e = &extension_table[i];
                    if (e->min_version > ver || (core && (e->flags & EXT_COMPAT_ONLY)))
                        continue;
                    size_t l = strlen(e->name);
                    if (len)
                        s[len++] = ' ';
                    memcpy(s + len, e->name, l);
                    len += l;
                    extension_lists[core][ver].row[n++] = (unsigned short)i;
                }
                s[len] = '\0';
            }
            extension_lists[core][ver].string = s;
            extension_lists[core][ver].count = s ? n : 0;
        }
    }
}

/* The context's list: its version clamped to the table's keys; a version
 * 0 or 1.x context is a 2.1 one (gl_context_version_check). */
static const struct gl_extension_list *context_extensions(const struct gl_context *ctx)
{
    pthread_once(&extension_once, build_extension_lists);
    int ver = ctx->desc.major * 10 + ctx->desc.minor;
    if (ver < 21)
        ver = 21;
    if (ver >= EXT_MAX_VERSION)
        ver = EXT_MAX_VERSION - 1;
    return &extension_lists[gl_is_core(ctx) ? 1 : 0][ver];
}

const GLubyte *swrgl_GetString(struct gl_context *ctx, GLenum name)
{
    switch (name) {
    case GL_VENDOR:
        return (const GLubyte *)"swr";
    case GL_RENDERER:
        return (const GLubyte *)ctx->renderer;
    case GL_VERSION:
        return (const GLubyte *)ctx->version;
    case GL_SHADING_LANGUAGE_VERSION:
        return (const GLubyte *)ctx->glsl_version;
    case GL_EXTENSIONS:
        if (gl_is_core(ctx)) { /* core: glGetStringi only */
            gl_error(ctx, GL_INVALID_ENUM);
            return NULL;
        }
        return (const GLubyte *)context_extensions(ctx)->string;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
}

const GLubyte *swrgl_GetStringi(struct gl_context *ctx, GLenum name, GLuint index)
{
    if (name != GL_EXTENSIONS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
    const struct gl_extension_list *l = context_extensions(ctx);
    if (index >= l->count) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    return (const GLubyte *)extension_table[l->row[index]].name;
}

/* ---- enable ------------------------------------------------------------ */

static int enable_op(struct gl_context *ctx, GLenum cap, int op)
{
    for (size_t i = 0; i < NUM_PARTS; i++) {
        int r = parts[i].enable ? parts[i].enable(ctx, cap, op) : -1;
        if (r >= 0)
            return r;
    }
    gl_error(ctx, GL_INVALID_ENUM);
    return -1;
}

void swrgl_Enable(struct gl_context *ctx, GLenum cap) { enable_op(ctx, cap, GL_ENABLE_OP_ON); }

void swrgl_Disable(struct gl_context *ctx, GLenum cap) { enable_op(ctx, cap, GL_ENABLE_OP_OFF); }

GLboolean swrgl_IsEnabled(struct gl_context *ctx, GLenum cap)
{
    return enable_op(ctx, cap, GL_ENABLE_OP_QUERY) > 0 ? GL_TRUE : GL_FALSE;
}

/* ---- glGet -------------------------------------------------------------- */

static bool core_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    switch (pname) {
    case GL_MAJOR_VERSION:
        gl_value_int(v, ctx->desc.major);
        return true;
    case GL_MINOR_VERSION:
        gl_value_int(v, ctx->desc.minor);
        return true;
    case GL_NUM_EXTENSIONS:
        gl_value_int(v, (GLint)context_extensions(ctx)->count);
        return true;
    case GL_CONTEXT_FLAGS:
        gl_value_int(v, ctx->desc.context_flags);
        return true;
    case GL_CONTEXT_PROFILE_MASK:
        gl_value_int(v, ctx->desc.core_profile ? GL_CONTEXT_CORE_PROFILE_BIT
                                               : GL_CONTEXT_COMPATIBILITY_PROFILE_BIT);
        return true;
    case GL_CONTEXT_RELEASE_BEHAVIOR:
        gl_value_int(v, ctx->desc.release_none ? GL_NONE : GL_CONTEXT_RELEASE_BEHAVIOR_FLUSH);
        return true;
    default:
        return false;
    }
}

static bool get_value(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    memset(v, 0, sizeof *v);
    if (core_get(ctx, pname, v))
        return true;
    for (size_t i = 0; i < NUM_PARTS; i++)
        if (parts[i].get && parts[i].get(ctx, pname, v))
            return true;
    /* Every cap is also a glGet pname. */
    for (size_t i = 0; i < NUM_PARTS; i++) {
        int r = parts[i].enable ? parts[i].enable(ctx, pname, GL_ENABLE_OP_QUERY) : -1;
        if (r >= 0) {
            gl_value_bool(v, r > 0);
            return true;
        }
    }
    gl_error(ctx, GL_INVALID_ENUM);
    return false;
}

static double value_as_double(const gl_value *v, unsigned k)
{
    switch (v->type) {
    case GL_VALUE_INT:
        return v->i[k];
    case GL_VALUE_INT64:
        return (double)v->i64[k];
    case GL_VALUE_FLOAT:
        return v->f[k];
    case GL_VALUE_DOUBLE:
        return v->d[k];
    case GL_VALUE_BOOLEAN:
        return v->b[k] ? 1.0 : 0.0;
    }
    return 0.0;
}

static GLint value_as_int(const gl_value *v, unsigned k)
{
    const double max = 2147483647.0;
    switch (v->type) {
    case GL_VALUE_INT:
        return v->i[k];
    case GL_VALUE_INT64:
        return v->i64[k] > INT32_MAX ? INT32_MAX : v->i64[k] < INT32_MIN ? INT32_MIN : (GLint)v->i64[k];
    case GL_VALUE_BOOLEAN:
        return v->b[k] ? 1 : 0;
    case GL_VALUE_FLOAT:
    case GL_VALUE_DOUBLE: {
        double d = value_as_double(v, k);
        if (v->normalized) /* GL 2.1 section 6.1.2: [-1,1] maps linearly */
            d = d * max;
        if (isnan(d))
            return 0;
        d = d < 0 ? ceil(d - 0.5) : floor(d + 0.5);
        if (d >= max)
            return INT32_MAX;
        if (d <= -max - 1.0)
            return INT32_MIN;
        return (GLint)d;
    }
    }
    return 0;
}

static bool value_as_bool(const gl_value *v, unsigned k)
{
    switch (v->type) {
    case GL_VALUE_INT:
        return v->i[k] != 0;
    case GL_VALUE_INT64:
        return v->i64[k] != 0;
    case GL_VALUE_BOOLEAN:
        return v->b[k] != 0;
    default:
        return value_as_double(v, k) != 0.0;
    }
}

void swrgl_GetBooleanv(struct gl_context *ctx, GLenum pname, GLboolean *data)
{
    gl_value v;
    if (!get_value(ctx, pname, &v) || !data)
        return;
    for (unsigned k = 0; k < v.count; k++)
        data[k] = value_as_bool(&v, k) ? GL_TRUE : GL_FALSE;
}

void swrgl_GetIntegerv(struct gl_context *ctx, GLenum pname, GLint *data)
{
    gl_value v;
    if (!get_value(ctx, pname, &v) || !data)
        return;
    for (unsigned k = 0; k < v.count; k++)
        data[k] = value_as_int(&v, k);
}

/* GL 3.2 section 6.1.2: glGetInteger64v converts as glGetIntegerv does,
 * with the 64-bit range (so unsigned 32-bit state reads unclamped). */
static GLint64 value_as_int64(const gl_value *v, unsigned k)
{
    switch (v->type) {
    case GL_VALUE_INT:
        return v->i[k];
    case GL_VALUE_INT64:
        return v->i64[k];
    case GL_VALUE_BOOLEAN:
        return v->b[k] ? 1 : 0;
    case GL_VALUE_FLOAT:
    case GL_VALUE_DOUBLE: {
        double d = value_as_double(v, k);
        if (v->normalized) /* [-1,1] maps linearly to the 32-bit range, as for glGetIntegerv */
            return value_as_int(v, k);
        if (isnan(d))
            return 0;
        d = d < 0 ? ceil(d - 0.5) : floor(d + 0.5);
        if (d >= 9223372036854775807.0)
            return INT64_MAX;
        if (d <= -9223372036854775808.0)
            return INT64_MIN;
        return (GLint64)d;
    }
    }
    return 0;
}

void swrgl_GetInteger64v(struct gl_context *ctx, GLenum pname, GLint64 *data)
{
    gl_value v;
    if (!get_value(ctx, pname, &v) || !data)
        return;
    for (unsigned k = 0; k < v.count; k++)
        data[k] = value_as_int64(&v, k);
}

void swrgl_GetFloatv(struct gl_context *ctx, GLenum pname, GLfloat *data)
{
    gl_value v;
    if (!get_value(ctx, pname, &v) || !data)
        return;
    for (unsigned k = 0; k < v.count; k++)
        data[k] = (GLfloat)value_as_double(&v, k);
}

void swrgl_GetDoublev(struct gl_context *ctx, GLenum pname, GLdouble *data)
{
    gl_value v;
    if (!get_value(ctx, pname, &v) || !data)
        return;
    for (unsigned k = 0; k < v.count; k++)
        data[k] = value_as_double(&v, k);
}

/* ---- indexed glGet (GL 3.0 section 6.1.2, EXT_draw_buffers2) ------------- */

/* The indexed state of this GL: per-draw-buffer blend enables and colour
 * write masks, the sample mask word, and the uniform buffer and transform
 * feedback buffer bindings (the vertex part's, gl_vertex_get_indexed). An unknown target is
 * GL_INVALID_ENUM, an index outside its range GL_INVALID_VALUE. */
static bool get_indexed_value(struct gl_context *ctx, GLenum target, GLuint index, gl_value *v)
{
    memset(v, 0, sizeof *v);
    switch (target) {
    case GL_BLEND:
    case GL_COLOR_WRITEMASK:
        if (index >= SWRGL_MAX_DRAW_BUFFERS) {
            gl_error(ctx, GL_INVALID_VALUE);
            return false;
        }
        v->type = GL_VALUE_BOOLEAN;
        if (target == GL_BLEND) {
            v->count = 1;
            v->b[0] = ctx->raster->blend[index] ? GL_TRUE : GL_FALSE;
        } else {
            v->count = 4;
            for (int c = 0; c < 4; c++)
                v->b[c] = ctx->raster->color_mask[index][c] ? GL_TRUE : GL_FALSE;
        }
        return true;
    case GL_SAMPLE_MASK_VALUE: /* GL 3.2: one mask word */
        if (index >= 1) {
            gl_error(ctx, GL_INVALID_VALUE);
            return false;
        }
        gl_value_int(v, (GLint)ctx->raster->sample_mask_value); /* the 32 bits as given */
        return true;
    default:
        if (gl_vertex_get_indexed(ctx, target, index, v))
            return v->count > 0;
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
}

void swrgl_GetBooleani_v(struct gl_context *ctx, GLenum target, GLuint index, GLboolean *data)
{
    gl_value v;
    if (!get_indexed_value(ctx, target, index, &v) || !data)
        return;
    for (unsigned k = 0; k < v.count; k++)
        data[k] = value_as_bool(&v, k) ? GL_TRUE : GL_FALSE;
}

void swrgl_GetIntegeri_v(struct gl_context *ctx, GLenum target, GLuint index, GLint *data)
{
    gl_value v;
    if (!get_indexed_value(ctx, target, index, &v) || !data)
        return;
    for (unsigned k = 0; k < v.count; k++)
        data[k] = value_as_int(&v, k);
}

void swrgl_GetInteger64i_v(struct gl_context *ctx, GLenum target, GLuint index, GLint64 *data)
{
    gl_value v;
    if (!get_indexed_value(ctx, target, index, &v) || !data)
        return;
    for (unsigned k = 0; k < v.count; k++)
        data[k] = v.type == GL_VALUE_INT64 ? v.i64[k] : (GLint64)value_as_int(&v, k);
}
