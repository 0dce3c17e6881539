/*
 * swrp_screen.c: swr's pipe_screen (swr_create_screen): identity, the
 * capability tables, format support, fences and time, and the deferred
 * freeing of storage the engine may still read. Resource creation lives in
 * swrp_resource.c, contexts in swrp_context.c.
 *
 * Capabilities are answered from ONE table per query kind, indexed by the
 * PIPE_CAP_* / PIPE_CAPF_* / PIPE_SHADER_CAP_* enums and static_assert-ed
 * against their counts, so a reviewer reads every answer in one place.
 * Policy: a cap is non-zero only if the engine (core/swr.h, the rasterizer,
 * the TGSI executors of jitter/jit.h, the sampler of swrp_sampler.h) does
 * the thing today; pipe-level entry points some of them need (queries,
 * CSOs, draw_vbo) arrive with the next slice of the driver, and the comment
 * says so. Unknown caps and stages answer 0.
 *
 * Threads: every function may run on any thread at once (docs, 4.3): the
 * tables are const, fences use atomics, the deferred-free list a mutex.
 */
#include "frontend-gallium/pipe/swr_public.h"

#include <assert.h>
#include <cpuid.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "frontend-gallium/pipe/swrp_context.h"
#include "frontend-gallium/pipe/swrp_priv.h"
#include "frontend-gallium/pipe/swrp_resource.h"
#include "frontend-gallium/pipe/swrp_sampler.h"

/* ---- time ---------------------------------------------------------------- */

uint64_t swrp_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void sleep_ns(uint64_t ns)
{
    struct timespec t = {(time_t)(ns / 1000000000ull), (long)(ns % 1000000000ull)};
    while (nanosleep(&t, &t) != 0 && errno == EINTR)
        ;
}

/* ---- timelines ------------------------------------------------------------ */

swrp_timeline *swrp_timeline_create(swr_context *engine)
{
    swrp_timeline *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    if (pthread_mutex_init(&t->lock, NULL) != 0) {
        free(t);
        return NULL;
    }
    t->refcount = 1;
    t->engine = engine;
    return t;
}

void swrp_timeline_ref(swrp_timeline *t)
{
    __atomic_add_fetch(&t->refcount, 1, __ATOMIC_RELAXED);
}

void swrp_timeline_unref(swrp_timeline *t)
{
    if (t && __atomic_sub_fetch(&t->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
        pthread_mutex_destroy(&t->lock);
        free(t);
    }
}

bool swrp_timeline_done(swrp_timeline *t, uint64_t f)
{
    if (!t || !f)
        return true;
    pthread_mutex_lock(&t->lock);
    bool done = !t->engine || swr_fence_done(t->engine, f);
    pthread_mutex_unlock(&t->lock);
    return done;
}

bool swrp_timeline_wait(swrp_timeline *t, uint64_t f, uint64_t timeout_ns, bool own_thread)
{
    if (swrp_timeline_done(t, f))
        return true;
    if (!timeout_ns)
        return false;
    if (own_thread) {
        /* The context's thread: the engine cannot be destroyed under us, and
         * helping with the work is the fastest way to the fence. */
        return swr_fence_wait(t->engine, f, timeout_ns) == SWR_OK;
    }
    /* Another thread: poll with exponential back-off from 1 us to 1 ms, so
     * a long wait costs ~1000 wake-ups a second and no spinning core. */
    uint64_t start = swrp_now_ns(), nap = 1000;
    for (;;) {
        uint64_t now = swrp_now_ns();
        if (timeout_ns != PIPE_TIMEOUT_INFINITE && now - start >= timeout_ns)
            return swrp_timeline_done(t, f);
        uint64_t left = timeout_ns == PIPE_TIMEOUT_INFINITE ? nap : timeout_ns - (now - start);
        sleep_ns(nap < left ? nap : left);
        if (swrp_timeline_done(t, f))
            return true;
        if (nap < 1000000)
            nap *= 2;
    }
}

void swrp_timeline_retire(swrp_timeline *t)
{
    pthread_mutex_lock(&t->lock);
    swr_context_destroy(t->engine); /* waits for all queued work */
    t->engine = NULL;
    pthread_mutex_unlock(&t->lock);
}

/* ---- fences ----------------------------------------------------------------- */

struct pipe_fence_handle *swrp_fence_create(swrp_timeline *tl, uint64_t id)
{
    struct pipe_fence_handle *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    pipe_reference_init(&f->reference, 1);
    swrp_timeline_ref(tl);
    f->tl = tl;
    f->id = id;
    return f;
}

static void fence_reference(struct pipe_screen *screen, struct pipe_fence_handle **ptr,
                            struct pipe_fence_handle *fence)
{
    (void)screen;
    if (!ptr)
        return;
    struct pipe_fence_handle *old = *ptr;
    if (pipe_reference(old ? &old->reference : NULL, fence ? &fence->reference : NULL)) {
        swrp_timeline_unref(old->tl);
        free(old);
    }
    *ptr = fence;
}

/* A NULL fence counts as signalled (nothing to wait for). */
static bool fence_finish(struct pipe_screen *screen, struct pipe_context *ctx,
                         struct pipe_fence_handle *fence, uint64_t timeout)
{
    (void)screen;
    if (!fence)
        return true;
    bool own = ctx && swrp_context_of(ctx)->tl == fence->tl;
    return swrp_timeline_wait(fence->tl, fence->id, timeout, own);
}

static uint64_t get_timestamp(struct pipe_screen *screen)
{
    (void)screen;
    return swrp_now_ns();
}

/* ---- deferred frees -------------------------------------------------------- */

static bool users_idle(const swrp_usage *users)
{
    for (int i = 0; i < SWRP_MAX_USERS; i++)
        if (users[i].tl && !swrp_timeline_done(users[i].tl, users[i].use))
            return false;
    return true;
}

static void users_release(swrp_usage *users)
{
    for (int i = 0; i < SWRP_MAX_USERS; i++) {
        swrp_timeline_unref(users[i].tl);
        users[i].tl = NULL;
    }
}

void swrp_screen_defer_free(swrp_screen *s, void *mem, swrp_usage users[SWRP_MAX_USERS])
{
    swrp_deferred_free *d = NULL;
    if (!users_idle(users)) {
        d = malloc(sizeof *d);
        if (!d) {
            /* Out of memory for the record: waiting is the only safe way. */
            for (int i = 0; i < SWRP_MAX_USERS; i++)
                swrp_timeline_wait(users[i].tl, users[i].use, PIPE_TIMEOUT_INFINITE, false);
        }
    }
    if (!d) {
        free(mem);
        users_release(users);
        return;
    }
    d->mem = mem;
    memcpy(d->users, users, sizeof d->users);
    /* Frees whatever earlier destroys left that is idle now: a program
     * that creates and deletes render targets without ever flushing or
     * mapping would otherwise keep every storage until it does (+15 MiB
     * over 2,000 FBO cycles, issue 21). */
    swrp_screen_reap(s, false);
    pthread_mutex_lock(&s->free_lock);
    d->next = s->pending;
    s->pending = d;
    pthread_mutex_unlock(&s->free_lock);
}

void swrp_screen_reap(swrp_screen *s, bool wait)
{
    pthread_mutex_lock(&s->free_lock);
    swrp_deferred_free *list = s->pending, *keep = NULL;
    s->pending = NULL;
    pthread_mutex_unlock(&s->free_lock);
    while (list) {
        swrp_deferred_free *d = list;
        list = d->next;
        if (wait)
            for (int i = 0; i < SWRP_MAX_USERS; i++)
                swrp_timeline_wait(d->users[i].tl, d->users[i].use, PIPE_TIMEOUT_INFINITE, false);
        if (users_idle(d->users)) {
            free(d->mem);
            users_release(d->users);
            free(d);
        } else {
            d->next = keep;
            keep = d;
        }
    }
    if (keep) {
        pthread_mutex_lock(&s->free_lock);
        swrp_deferred_free **tail = &keep;
        while (*tail)
            tail = &(*tail)->next;
        *tail = s->pending;
        s->pending = keep;
        pthread_mutex_unlock(&s->free_lock);
    }
}

/* ---- capabilities ------------------------------------------------------------ */

/* clang-format off */
static const int cap_table[] = {
    [PIPE_CAP_GRAPHICS] = 1,
    [PIPE_CAP_NPOT_TEXTURES] = 1,                  /* the sampler wraps any size */
    [PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS] = 1, /* swr_ps_state.dual_source, RT 0 */
    [PIPE_CAP_ANISOTROPIC_FILTER] = 1,             /* swrp_sampler: N samples on the major axis */
    [PIPE_CAP_POINT_SPRITE] = 1,                   /* swr_rasterizer_state.point_sprite */
    [PIPE_CAP_MAX_RENDER_TARGETS] = PIPE_MAX_COLOR_BUFS,
    [PIPE_CAP_OCCLUSION_QUERY] = 1,                /* swr_stats.samples_passed; query next slice */
    [PIPE_CAP_QUERY_TIME_ELAPSED] = 1,             /* CLOCK_MONOTONIC at fences; next slice */
    [PIPE_CAP_TEXTURE_SHADOW_MAP] = 1,             /* sampler compare per texel */
    [PIPE_CAP_TEXTURE_SWIZZLE] = 1,                /* swrp_sampler_view.swizzle */
    [PIPE_CAP_MAX_TEXTURE_2D_SIZE] = SWRP_MAX_TEXTURE_2D_SIZE,
    [PIPE_CAP_MAX_TEXTURE_3D_LEVELS] = 12,         /* 2048 = 2^11: 12 levels */
    [PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS] = 15,       /* 16384 = 2^14: 15 levels */
    [PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE] = 1,   /* every pipe_tex_wrap is sampled */
    [PIPE_CAP_TEXTURE_MIRROR_CLAMP] = 1,
    [PIPE_CAP_BLEND_EQUATION_SEPARATE] = 1,        /* swr_blend_rt rgb/alpha funcs */
    [PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS] = PIPE_MAX_SO_BUFFERS, /* swrp_so.c */
    [PIPE_CAP_PRIMITIVE_RESTART] = 1,              /* swr_draw_info.primitive_restart */
    /* the engine's GS stage (rasterizer/fe_gs.c, swr_gs_state): one
     * invocation, vertex stream 0 only */
    [PIPE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES] = SWR_GS_MAX_OUT_VERTICES,
    [PIPE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS] = SWR_GS_MAX_OUT_COMPONENTS,
    [PIPE_CAP_MAX_GS_INVOCATIONS] = 1,
    [PIPE_CAP_MAX_VERTEX_STREAMS] = 1,
    [PIPE_CAP_INDEP_BLEND_ENABLE] = 1,             /* swr_blend_state.independent_blend_enable */
    [PIPE_CAP_INDEP_BLEND_FUNC] = 1,
    [PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS] = SWRP_MAX_TEXTURE_ARRAY_LAYERS,
    [PIPE_CAP_TGSI_FS_COORD_ORIGIN_UPPER_LEFT] = 1,         /* jit.h adjusts POSITION */
    [PIPE_CAP_TGSI_FS_COORD_ORIGIN_LOWER_LEFT] = 1,
    [PIPE_CAP_TGSI_FS_COORD_PIXEL_CENTER_HALF_INTEGER] = 1,
    [PIPE_CAP_TGSI_FS_COORD_PIXEL_CENTER_INTEGER] = 1,
    [PIPE_CAP_DEPTH_CLIP_DISABLE] = 1,             /* depth_clip_near/far + depth_clamp */
    [PIPE_CAP_DEPTH_CLIP_DISABLE_SEPARATE] = 1,
    [PIPE_CAP_SHADER_STENCIL_EXPORT] = 1,          /* swr_ps_state.writes_stencil */
    [PIPE_CAP_TGSI_INSTANCEID] = 1,
    [PIPE_CAP_VERTEX_ELEMENT_INSTANCE_DIVISOR] = 1,
    [PIPE_CAP_FRAGMENT_COLOR_CLAMPED] = 1,         /* clamp_fragment_color: FS variant */
    [PIPE_CAP_MIXED_COLORBUFFER_FORMATS] = 1,
    [PIPE_CAP_VERTEX_COLOR_UNCLAMPED] = 1,
    [PIPE_CAP_VERTEX_COLOR_CLAMPED] = 1,           /* clamp_vertex_color: VS variant */
    /* GLSL 1.40: integers, control flow, texelFetch, texture buffers,
     * instancing, restart, several uniform buffers -- all executed; no
     * geometry shaders (1.50). */
    [PIPE_CAP_GLSL_FEATURE_LEVEL] = 140,
    [PIPE_CAP_GLSL_FEATURE_LEVEL_COMPATIBILITY] = 140,
    [PIPE_CAP_ESSL_FEATURE_LEVEL] = 0,
    [PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION] = 0,
    [PIPE_CAP_USER_VERTEX_BUFFERS] = 1,            /* the engine reads caller memory */
    [PIPE_CAP_COMPUTE] = 0,
    [PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT] = 16, /* constants are vec4 arrays */
    [PIPE_CAP_START_INSTANCE] = 1,
    /* DRAWID is a driver constant per sub-draw (swrp_draw.c); BASEVERTEX
     * is the index bias, or a non-indexed draw's start; BASEINSTANCE the
     * start instance (tests/pipe/test_pipe_drawid.c). */
    [PIPE_CAP_DRAW_PARAMETERS] = 1,
    [PIPE_CAP_QUERY_TIMESTAMP] = 1,                /* get_timestamp */
    [PIPE_CAP_TEXTURE_MULTISAMPLE] = 0,
    [PIPE_CAP_MIN_MAP_BUFFER_ALIGNMENT] = SWRP_STORAGE_ALIGN,
    [PIPE_CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT] = 16, /* a whole texel of any format */
    [PIPE_CAP_BUFFER_SAMPLER_VIEW_RGBA_ONLY] = 0,
    [PIPE_CAP_TGSI_TEXCOORD] = 0,                  /* sprite_coord_enable takes any input */
    [PIPE_CAP_PREFER_BLIT_BASED_TEXTURE_TRANSFER] = 0, /* a software renderer (docs) */
    [PIPE_CAP_GENERATE_MIPMAP] = 1,                /* swrp_mipmap.c: box filter on the CPU */
    [PIPE_CAP_QUERY_PIPELINE_STATISTICS] = 1,      /* swrp_query.c: ia/vs/ps exact for
                                                      non-indexed draws, c_* approximate */
    [PIPE_CAP_TEXTURE_BORDER_COLOR_QUIRK] = 0,
    [PIPE_CAP_MAX_TEXTURE_BUFFER_SIZE] = 1 << 27,  /* texels; 2 GiB of RGBA32F */
    [PIPE_CAP_MAX_VIEWPORTS] = PIPE_MAX_VIEWPORTS,
    [PIPE_CAP_ENDIANNESS] = PIPE_ENDIAN_LITTLE,
    [PIPE_CAP_MIXED_FRAMEBUFFER_SIZES] = 1,        /* swr_framebuffer: smallest attachment */
    [PIPE_CAP_TGSI_VS_LAYER_VIEWPORT] = 0,         /* viewport index yes, layer no */
    [PIPE_CAP_MAX_TEXTURE_GATHER_COMPONENTS] = 4,  /* SWR_TEX_GATHER, any channel */
    [PIPE_CAP_TEXTURE_GATHER_SM5] = 0,
    [PIPE_CAP_BUFFER_MAP_PERSISTENT_COHERENT] = 1, /* maps are the storage itself */
    [PIPE_CAP_TEXTURE_QUERY_LOD] = 1,              /* SWR_TEX_LODQ */
    [PIPE_CAP_MIN_TEXTURE_GATHER_OFFSET] = -8,
    [PIPE_CAP_MAX_TEXTURE_GATHER_OFFSET] = 7,
    [PIPE_CAP_TGSI_VS_WINDOW_SPACE_POSITION] = 1,  /* swr_rasterizer_state.window_space_position */
    [PIPE_CAP_VENDOR_ID] = (int)0xFFFFFFFFu,       /* no PCI device */
    [PIPE_CAP_DEVICE_ID] = (int)0xFFFFFFFFu,
    [PIPE_CAP_ACCELERATED] = 0,
    [PIPE_CAP_VIDEO_MEMORY] = 0,                   /* get_param computes it: RAM in MiB */
    [PIPE_CAP_UMA] = 1,
    [PIPE_CAP_MAX_VERTEX_ATTRIB_STRIDE] = 2048,
    [PIPE_CAP_SAMPLER_VIEW_TARGET] = 1,            /* swrp_sampler_view_from_resource */
    [PIPE_CAP_CLIP_HALFZ] = 1,
    [PIPE_CAP_POLYGON_OFFSET_CLAMP] = 1,
    [PIPE_CAP_TEXTURE_FLOAT_LINEAR] = 1,
    [PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR] = 1,
    [PIPE_CAP_VIEWPORT_SUBPIXEL_BITS] = 8,         /* 24.8 snapping */
    [PIPE_CAP_RASTERIZER_SUBPIXEL_BITS] = 8,
    [PIPE_CAP_MIXED_COLOR_DEPTH_BITS] = 1,
    [PIPE_CAP_ALLOW_MAPPED_BUFFERS_DURING_EXECUTION] = 1,
    [PIPE_CAP_MAX_VARYINGS] = PIPE_MAX_SHADER_INPUTS,
    [PIPE_CAP_FRAGMENT_SHADER_TEXTURE_LOD] = 1,
    [PIPE_CAP_FRAGMENT_SHADER_DERIVATIVES] = 1,
    [PIPE_CAP_VERTEX_SHADER_SATURATE] = 1,
    [PIPE_CAP_FLATSHADE] = 1,
    [PIPE_CAP_ALPHA_TEST] = 1,                     /* swr_depth_stencil_state.alpha_enabled */
    [PIPE_CAP_POINT_SIZE_FIXED] = 1,
    [PIPE_CAP_TWO_SIDED_COLOR] = 1,                /* swr_ps_input.vs_slot_back */
    [PIPE_CAP_CLIP_PLANES] = 8,                    /* VS variant writes CLIPDIST (swrp_shader_lower.c) */
    [PIPE_CAP_CLEAR_TEXTURE] = 1,                  /* swrp_context.c clear_texture */
    [PIPE_CAP_MAX_VERTEX_BUFFERS] = PIPE_MAX_VERTEX_BUFFERS,
    [PIPE_CAP_TEXTURE_BUFFER_OBJECTS] = 1,         /* sampler PIPE_BUFFER target via TXF */
    [PIPE_CAP_CUBE_MAP_ARRAY] = 1,
    [PIPE_CAP_SEAMLESS_CUBE_MAP] = 1,
};
/* clang-format on */
/* The last cap must be named above for the size to come out right; the
 * assert catches a cap list that grew without a look at this table. */
static_assert(sizeof cap_table / sizeof cap_table[0] == PIPE_CAP_COUNT,
              "one answer per PIPE_CAP_*");

static const float capf_table[] = {
    [PIPE_CAPF_MAX_LINE_WIDTH] = 255.0f,
    /* line_smooth / point_smooth: the exact pixel-square area of GL's
     * rectangle / disc multiplies alpha (be_line_smooth.h) at any width. */
    [PIPE_CAPF_MAX_LINE_WIDTH_AA] = 255.0f,
    [PIPE_CAPF_MAX_POINT_WIDTH] = 255.0f,
    [PIPE_CAPF_MAX_POINT_WIDTH_AA] = 255.0f,
    [PIPE_CAPF_MAX_TEXTURE_ANISOTROPY] = 16.0f,
    [PIPE_CAPF_MAX_TEXTURE_LOD_BIAS] = SWRP_MAX_LOD_BIAS,
    [PIPE_CAPF_MIN_CONSERVATIVE_RASTER_DILATE] = 0.0f,
    [PIPE_CAPF_MAX_CONSERVATIVE_RASTER_DILATE] = 0.0f,
    [PIPE_CAPF_CONSERVATIVE_RASTER_DILATE_GRANULARITY] = 0.0f,
};
static_assert(sizeof capf_table / sizeof capf_table[0] == PIPE_CAPF_COUNT,
              "one answer per PIPE_CAPF_*");

/* Vertex, geometry and fragment stages: what the TGSI executors
 * (jitter/jit.h) run; the GS runs on the same executors with the same
 * register files, constant slots and samplers (swr_gs_state: at most
 * SWR_MAX_ATTRIBS inputs per vertex and outputs, swrp_shader.c
 * read_gs_properties refuses more). */
static const int shader_cap_table[] = {
    [PIPE_SHADER_CAP_MAX_INSTRUCTIONS] = 65536, /* TGSI_MAX_INDEX + 1 */
    [PIPE_SHADER_CAP_MAX_ALU_INSTRUCTIONS] = 65536,
    [PIPE_SHADER_CAP_MAX_TEX_INSTRUCTIONS] = 65536,
    [PIPE_SHADER_CAP_MAX_TEX_INDIRECTIONS] = 65536,
    [PIPE_SHADER_CAP_MAX_CONTROL_FLOW_DEPTH] = 32, /* JIT_MAX_CALL_DEPTH bounds nesting too */
    [PIPE_SHADER_CAP_MAX_INPUTS] = PIPE_MAX_SHADER_INPUTS,
    [PIPE_SHADER_CAP_MAX_OUTPUTS] = PIPE_MAX_SHADER_OUTPUTS,
    [PIPE_SHADER_CAP_MAX_CONST_BUFFER_SIZE] = 65536, /* bytes: 4096 vec4 */
    /* 0..13: slots 14 and 15 are the driver's (common/shader_abi.h:
     * SWR_DRIVER_CONST_SLOT, SWR_PREAMBLE_CONST_SLOT) */
    [PIPE_SHADER_CAP_MAX_CONST_BUFFERS] = SWR_DRIVER_CONST_SLOT,
    [PIPE_SHADER_CAP_MAX_TEMPS] = 4096,
    [PIPE_SHADER_CAP_TGSI_CONT_SUPPORTED] = 1,
    [PIPE_SHADER_CAP_INDIRECT_INPUT_ADDR] = 1,
    [PIPE_SHADER_CAP_INDIRECT_OUTPUT_ADDR] = 1,
    [PIPE_SHADER_CAP_INDIRECT_TEMP_ADDR] = 1,
    [PIPE_SHADER_CAP_INDIRECT_CONST_ADDR] = 1,
    [PIPE_SHADER_CAP_SUBROUTINES] = 1,
    [PIPE_SHADER_CAP_INTEGERS] = 1,
    [PIPE_SHADER_CAP_INT64_ATOMICS] = 0,
    [PIPE_SHADER_CAP_FP16] = 0,
    [PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS] = PIPE_MAX_SAMPLERS,
    [PIPE_SHADER_CAP_PREFERRED_IR] = PIPE_SHADER_IR_TGSI,
    [PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS] = PIPE_MAX_SHADER_SAMPLER_VIEWS,
    [PIPE_SHADER_CAP_MAX_UNROLL_ITERATIONS_HINT] = 32,
    [PIPE_SHADER_CAP_SUPPORTED_IRS] = 1 << PIPE_SHADER_IR_TGSI,
    [PIPE_SHADER_CAP_MAX_HW_ATOMIC_COUNTER_BUFFERS] = 0,
};
static_assert(sizeof shader_cap_table / sizeof shader_cap_table[0] == PIPE_SHADER_CAP_COUNT,
              "one answer per PIPE_SHADER_CAP_*");

static int get_param(struct pipe_screen *screen, enum pipe_cap param)
{
    (void)screen;
    if ((unsigned)param >= PIPE_CAP_COUNT)
        return 0;
    if (param != PIPE_CAP_VIDEO_MEMORY)
        return cap_table[param];
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return 0;
    uint64_t mib = (uint64_t)pages * (uint64_t)page >> 20;
    return mib > INT32_MAX ? INT32_MAX : (int)mib;
}

static float get_paramf(struct pipe_screen *screen, enum pipe_capf param)
{
    (void)screen;
    return (unsigned)param < PIPE_CAPF_COUNT ? capf_table[param] : 0.0f;
}

static int get_shader_param(struct pipe_screen *screen, enum pipe_shader_type shader,
                            enum pipe_shader_cap param)
{
    (void)screen;
    if (shader != PIPE_SHADER_VERTEX && shader != PIPE_SHADER_GEOMETRY && shader != PIPE_SHADER_FRAGMENT)
        return 0; /* no tessellation or compute stages */
    if ((unsigned)param >= PIPE_SHADER_CAP_COUNT)
        return 0;
    if (param == PIPE_SHADER_CAP_MAX_OUTPUTS && shader == PIPE_SHADER_FRAGMENT)
        return PIPE_MAX_COLOR_BUFS; /* colour outputs (+ depth, stencil) */
    return shader_cap_table[param];
}

static bool is_format_supported(struct pipe_screen *screen, enum pipe_format format,
                                enum pipe_texture_target target, unsigned sample_count,
                                unsigned storage_sample_count, unsigned bindings)
{
    (void)screen;
    if (sample_count > 32 || storage_sample_count > (sample_count > 1 ? sample_count : 1))
        return false;
    return swrp_format_supported(format, target, sample_count, storage_sample_count, bindings);
}

/* ---- identity ------------------------------------------------------------------ */

static const char *get_name(struct pipe_screen *screen)
{
    (void)screen;
    return SWR_PIPE_DRIVER_NAME;
}

static const char *get_vendor(struct pipe_screen *screen)
{
    (void)screen;
    return "swr project";
}

static const char *get_device_vendor(struct pipe_screen *screen)
{
    return swrp_screen_of(screen)->device_vendor;
}

/* The CPU's vendor string (CPUID leaf 0: EBX, EDX, ECX). */
static void read_cpu_vendor(char out[64])
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d)) {
        snprintf(out, 64, "unknown CPU vendor");
        return;
    }
    memcpy(out, &b, 4);
    memcpy(out + 4, &d, 4);
    memcpy(out + 8, &c, 4);
    out[12] = '\0';
}

static void screen_destroy(struct pipe_screen *screen)
{
    if (!screen)
        return;
    swrp_screen *s = swrp_screen_of(screen);
    swrp_screen_reap(s, true);
    pthread_mutex_destroy(&s->free_lock);
    free(s);
}

struct pipe_screen *swr_create_screen(void)
{
    if (swr_check_cpu(NULL) != SWR_OK)
        return NULL;
    swrp_screen *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (pthread_mutex_init(&s->free_lock, NULL) != 0) {
        free(s);
        return NULL;
    }
    read_cpu_vendor(s->device_vendor);
    struct pipe_screen *p = &s->base;
    p->destroy = screen_destroy;
    p->get_name = get_name;
    p->get_vendor = get_vendor;
    p->get_device_vendor = get_device_vendor;
    p->get_param = get_param;
    p->get_paramf = get_paramf;
    p->get_shader_param = get_shader_param;
    p->is_format_supported = is_format_supported;
    p->context_create = swrp_context_create;
    swrp_resource_init_screen(p);
    p->fence_reference = fence_reference;
    p->fence_finish = fence_finish;
    p->get_timestamp = get_timestamp;
    return p;
}
