/*
 * osmesa.c: swr's libOSMesa.so.8, the OSMesa API (GL/osmesa.h) over swr's
 * GL frontend and pipe driver.
 *
 * Each OSMesa context owns a GL context and, once made current, pipe
 * resources for its window framebuffer: a colour buffer in a pipe format
 * close to the client buffer's (R8G8B8A8 / B8G8R8A8 for GL_UNSIGNED_BYTE,
 * R16G16B16A16 for GL_UNSIGNED_SHORT, R32G32B32A32_FLOAT for GL_FLOAT,
 * B5G6R5 for OSMESA_RGB_565) and a depth/stencil buffer chosen from the
 * requested bits the way Mesa does (Z24S8 with stencil, Z24X8 for >= 24
 * depth bits, Z16 for >= 16). The GL context calls flush_front on
 * glFlush/glFinish; it copies the colour buffer into the client's buffer
 * in the client's format, honouring OSMESA_ROW_LENGTH and OSMESA_Y_UP.
 * Accumulation bits > 0 give the window an accumulation buffer of 16 bits
 * per channel (as Mesa does; kept by the GL frontend, gl_accum.c).
 * swr stores images bottom-up, so Y_UP = 1 (the default) copies rows in
 * order and Y_UP = 0 flips them.
 *
 * Behaviour follows Mesa's gallium OSMesa where the API documentation is
 * silent: making another context (or none) current flushes the thread's
 * previous context into its buffer, destroying a context does not, a new
 * buffer size re-creates the internal buffers (the viewport is only set by
 * the first OSMesaMakeCurrent of a context), OSMesaGetDepthBuffer returns
 * a context-owned copy that later flushes refresh. Where Mesa 22 departs
 * from the documented layouts, this library keeps to the documentation:
 * OSMESA_BGR is rendered, BGRA and ARGB keep their component order with
 * GL_UNSIGNED_SHORT and GL_FLOAT, and RGB with GL_UNSIGNED_SHORT is filled.
 * Versions: OSMesaCreateContextAttribs makes compatibility and core
 * contexts up to the version gl_context_version_check allows (3.3; NULL
 * and a line on stderr above it); without a version a compatibility
 * context is 2.1, a core one 3.3. Not provided: object sharing between
 * contexts (a warning), post-processing filters (ignored).
 *
 * One pipe_screen serves every context of the process; it is created with
 * the first context and destroyed with the last (swr_screen_acquire and
 * swr_screen_release, in the pipe driver, shared with the GLX library).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* gl_api.h (through gl_context.h) first: GL/osmesa.h then takes its types
 * from it instead of the system's GL/gl.h. */
#include "frontend-gallium/gl/context/gl_context.h"
#include "frontend-gallium/pipe/swr_public.h"

#include "GL/osmesa.h"

#define OSMESA_EXPORT __attribute__((visibility("default")))

/* Every message of the library starts with "swr: " (issue 22). */
#define LOG_PREFIX "swr: libOSMesa: "

struct osmesa_context {
    struct gl_context *gl;
    GLenum format;                /* OSMESA_* */
    enum pipe_format zs_format;   /* PIPE_FORMAT_NONE: no depth/stencil buffer */
    bool depth_requested;         /* depth bits > 0 */
    bool stencil_requested;       /* stencil bits > 0 */
    bool destroying;              /* no copy-out while the GL context is torn down */
    bool clamp;                   /* OSMesaColorClamp */
    GLint row_length;             /* OSMESA_ROW_LENGTH, 0 = width */
    GLint y_up;                   /* OSMESA_Y_UP */

    /* The buffer of the last successful OSMesaMakeCurrent. */
    void *buffer;
    GLenum type;
    int width, height;
    enum pipe_format color_format;
    struct pipe_resource *color, *zs;

    /* OSMesaGetDepthBuffer's copy (NULL until asked for). */
    void *depth_copy;
    int depth_bytes; /* bytes per value: 2 or 4 */
};

/* ---- the process's screen ------------------------------------------------ */

static _Thread_local struct osmesa_context *current;

/* ---- formats ------------------------------------------------------------- */

/* Bytes per pixel of the client buffer; 0 for a format/type pair that
 * cannot be rendered. */
static unsigned client_pixel_bytes(GLenum format, GLenum type)
{
    unsigned comps;
    switch (format) {
    case OSMESA_RGBA:
    case OSMESA_BGRA:
    case OSMESA_ARGB:
        comps = 4;
        break;
    case OSMESA_RGB:
    case OSMESA_BGR:
        comps = 3;
        break;
    case OSMESA_RGB_565:
        return type == GL_UNSIGNED_SHORT_5_6_5 ? 2 : 0;
    default:
        return 0;
    }
    switch (type) {
    case GL_UNSIGNED_BYTE:
        return comps;
    case GL_UNSIGNED_SHORT:
        return comps * 2;
    case GL_FLOAT:
        return comps * 4;
    default:
        return 0;
    }
}

static bool renderable(struct pipe_screen *s, enum pipe_format f, unsigned bind)
{
    return s->is_format_supported(s, f, PIPE_TEXTURE_2D, 0, 0, bind);
}

/* The pipe format the context renders into for a client format/type. */
static enum pipe_format choose_color_format(struct pipe_screen *s, GLenum format, GLenum type)
{
    const unsigned rt = PIPE_BIND_RENDER_TARGET;
    switch (type) {
    case GL_UNSIGNED_BYTE:
        if (format == OSMESA_BGRA && renderable(s, PIPE_FORMAT_B8G8R8A8_UNORM, rt))
            return PIPE_FORMAT_B8G8R8A8_UNORM;
        return PIPE_FORMAT_R8G8B8A8_UNORM;
    case GL_UNSIGNED_SHORT:
        if (renderable(s, PIPE_FORMAT_R16G16B16A16_UNORM, rt))
            return PIPE_FORMAT_R16G16B16A16_UNORM;
        return PIPE_FORMAT_R32G32B32A32_FLOAT;
    case GL_UNSIGNED_SHORT_5_6_5:
        if (renderable(s, PIPE_FORMAT_B5G6R5_UNORM, rt))
            return PIPE_FORMAT_B5G6R5_UNORM;
        return PIPE_FORMAT_R8G8B8A8_UNORM;
    default:
        return PIPE_FORMAT_R32G32B32A32_FLOAT;
    }
}

/* Mesa's choice from the requested bits, with the formats swr renders. */
static enum pipe_format choose_zs_format(struct pipe_screen *s, int depth, int stencil)
{
    const unsigned ds = PIPE_BIND_DEPTH_STENCIL;
    if (depth <= 0 && stencil <= 0)
        return PIPE_FORMAT_NONE;
    if (stencil > 0 || depth > 16) {
        if (stencil <= 0 && renderable(s, PIPE_FORMAT_Z24X8_UNORM, ds))
            return PIPE_FORMAT_Z24X8_UNORM;
        return PIPE_FORMAT_Z24_UNORM_S8_UINT;
    }
    return PIPE_FORMAT_Z16_UNORM;
}

/* ---- copying out ---------------------------------------------------------- */

static inline uint8_t unorm8_from_float(float f)
{
    if (!(f > 0.0f))
        return 0;
    if (f >= 1.0f)
        return 255;
    return (uint8_t)(f * 255.0f + 0.5f);
}

static inline uint16_t unorm16_from_float(float f)
{
    if (!(f > 0.0f))
        return 0;
    if (f >= 1.0f)
        return 65535;
    return (uint16_t)(f * 65535.0f + 0.5f);
}

static inline float clamp01(float f) { return f > 1.0f ? 1.0f : (f > 0.0f ? f : 0.0f); }

/* Positions of R, G, B, A in a client pixel (-1: absent). */
static void client_swizzle(GLenum format, int pos[4])
{
    static const int rgba[4] = {0, 1, 2, 3}, bgra[4] = {2, 1, 0, 3}, argb[4] = {1, 2, 3, 0},
                     rgb[4] = {0, 1, 2, -1}, bgr[4] = {2, 1, 0, -1};
    const int *p = rgba;
    switch (format) {
    case OSMESA_BGRA:
        p = bgra;
        break;
    case OSMESA_ARGB:
        p = argb;
        break;
    case OSMESA_RGB:
        p = rgb;
        break;
    case OSMESA_BGR:
        p = bgr;
        break;
    default:
        break;
    }
    memcpy(pos, p, sizeof rgba);
}

/* Converts one row of `w` pixels of the internal colour format to the
 * client's format and type. */
static void convert_row(const struct osmesa_context *c, void *dst, const void *src, int w)
{
    int pos[4];
    client_swizzle(c->format, pos);
    const unsigned n = (c->format == OSMESA_RGB || c->format == OSMESA_BGR) ? 3 : 4;

    switch (c->color_format) {
    case PIPE_FORMAT_R8G8B8A8_UNORM:
    case PIPE_FORMAT_B8G8R8A8_UNORM: {
        const uint8_t *s = src;
        /* source component k (in R, G, B, A order) is at byte sidx[k] */
        const int sidx[4] = {c->color_format == PIPE_FORMAT_R8G8B8A8_UNORM ? 0 : 2, 1,
                             c->color_format == PIPE_FORMAT_R8G8B8A8_UNORM ? 2 : 0, 3};
        if (c->type == GL_UNSIGNED_SHORT_5_6_5) {
            uint16_t *d = dst;
            for (int x = 0; x < w; x++, s += 4) {
                unsigned r = (s[sidx[0]] * 31u + 127u) / 255u;
                unsigned g = (s[sidx[1]] * 63u + 127u) / 255u;
                unsigned b = (s[sidx[2]] * 31u + 127u) / 255u;
                d[x] = (uint16_t)(r << 11 | g << 5 | b);
            }
            return;
        }
        uint8_t *d = dst;
        if ((c->format == OSMESA_RGBA && c->color_format == PIPE_FORMAT_R8G8B8A8_UNORM) ||
            (c->format == OSMESA_BGRA && c->color_format == PIPE_FORMAT_B8G8R8A8_UNORM)) {
            memcpy(d, s, (size_t)w * 4);
            return;
        }
        for (int x = 0; x < w; x++, s += 4, d += n)
            for (int k = 0; k < 4; k++)
                if (pos[k] >= 0)
                    d[pos[k]] = s[sidx[k]];
        return;
    }
    case PIPE_FORMAT_B5G6R5_UNORM:
        memcpy(dst, src, (size_t)w * 2);
        return;
    case PIPE_FORMAT_R16G16B16A16_UNORM: {
        const uint16_t *s = src;
        uint16_t *d = dst;
        for (int x = 0; x < w; x++, s += 4, d += n)
            for (int k = 0; k < 4; k++)
                if (pos[k] >= 0)
                    d[pos[k]] = s[k];
        return;
    }
    case PIPE_FORMAT_R32G32B32A32_FLOAT: {
        const float *s = src;
        if (c->type == GL_UNSIGNED_SHORT) {
            uint16_t *d = dst;
            for (int x = 0; x < w; x++, s += 4, d += n)
                for (int k = 0; k < 4; k++)
                    if (pos[k] >= 0)
                        d[pos[k]] = unorm16_from_float(s[k]);
            return;
        }
        float *d = dst;
        for (int x = 0; x < w; x++, s += 4, d += n)
            for (int k = 0; k < 4; k++)
                if (pos[k] >= 0)
                    d[pos[k]] = c->clamp ? clamp01(s[k]) : s[k];
        return;
    }
    default:
        return;
    }
}

/* Maps level 0 of `res` for reading; NULL on failure. */
static const uint8_t *map_read(struct osmesa_context *c, struct pipe_resource *res,
                               struct pipe_transfer **xfer)
{
    struct pipe_context *pipe = c->gl->pipe;
    struct pipe_box box = {0, 0, 0, (int32_t)res->width0, (int32_t)res->height0, 1};
    *xfer = NULL;
    const uint8_t *p = pipe->texture_map(pipe, res, 0, PIPE_MAP_READ, &box, xfer);
    if (!p && *xfer) {
        pipe->texture_unmap(pipe, *xfer);
        *xfer = NULL;
    }
    return p;
}

/* Refreshes the depth copy from the depth/stencil buffer. */
static void copy_depth(struct osmesa_context *c)
{
    struct pipe_transfer *xfer;
    const uint8_t *src = c->zs && c->depth_copy ? map_read(c, c->zs, &xfer) : NULL;
    if (!src)
        return;
    const int w = c->width, h = c->height;
    for (int y = 0; y < h; y++, src += xfer->stride) {
        if (c->depth_bytes == 2) {
            memcpy((uint16_t *)c->depth_copy + (size_t)y * w, src, (size_t)w * 2);
            continue;
        }
        uint32_t *d = (uint32_t *)c->depth_copy + (size_t)y * w;
        memcpy(d, src, (size_t)w * 4);
        /* Z24X8 (no stencil asked for): the X bits read as 0 */
        if (!c->stencil_requested)
            for (int x = 0; x < w; x++)
                d[x] &= 0x00ffffffu;
    }
    c->gl->pipe->texture_unmap(c->gl->pipe, xfer);
}

/* gl_context_desc.flush_front: the window framebuffer's rendering is
 * complete; copy it into the client's buffer. */
static void flush_front(void *user)
{
    struct osmesa_context *c = user;
    if (c->destroying || !c->color || !c->buffer)
        return;
    struct pipe_transfer *xfer;
    const uint8_t *src = map_read(c, c->color, &xfer);
    if (!src) {
        fprintf(stderr, LOG_PREFIX "cannot read the colour buffer back\n");
        return;
    }
    const size_t bpp = client_pixel_bytes(c->format, c->type);
    const ptrdiff_t stride = (ptrdiff_t)bpp * (c->row_length > 0 ? c->row_length : c->width);
    for (int y = 0; y < c->height; y++, src += xfer->stride) {
        int row = c->y_up ? y : c->height - 1 - y;
        convert_row(c, (uint8_t *)c->buffer + (ptrdiff_t)row * stride, src, c->width);
    }
    c->gl->pipe->texture_unmap(c->gl->pipe, xfer);
    copy_depth(c);
}

/* Waits for the context's rendering without copying anything out. */
static void finish_rendering(struct osmesa_context *c)
{
    struct pipe_context *pipe = c->gl->pipe;
    struct pipe_fence_handle *fence = NULL;
    pipe->flush(pipe, &fence, 0);
    if (fence) {
        c->gl->screen->fence_finish(c->gl->screen, pipe, fence, PIPE_TIMEOUT_INFINITE);
        c->gl->screen->fence_reference(c->gl->screen, &fence, NULL);
    }
}

/* ---- contexts ------------------------------------------------------------- */

static bool valid_format(GLenum format)
{
    switch (format) {
    case OSMESA_COLOR_INDEX:
    case OSMESA_RGBA:
    case OSMESA_BGRA:
    case OSMESA_ARGB:
    case OSMESA_RGB:
    case OSMESA_BGR:
    case OSMESA_RGB_565:
        return true;
    default:
        return false;
    }
}

OSMESA_EXPORT OSMesaContext OSMesaCreateContextAttribs(const int *attribList,
                                                       OSMesaContext sharelist)
{
    GLenum format = OSMESA_RGBA;
    int depth = 0, stencil = 0, accum = 0;
    int profile = OSMESA_COMPAT_PROFILE, major = 1, minor = 0;
    bool version_given = false;

    for (int i = 0; attribList && attribList[i]; i += 2) {
        const int v = attribList[i + 1];
        switch (attribList[i]) {
        case OSMESA_FORMAT:
            if (!valid_format((GLenum)v))
                return NULL;
            format = (GLenum)v;
            break;
        case OSMESA_DEPTH_BITS:
            depth = v;
            break;
        case OSMESA_STENCIL_BITS:
            stencil = v;
            break;
        case OSMESA_ACCUM_BITS:
            accum = v;
            break;
        case OSMESA_PROFILE:
            if (v != OSMESA_CORE_PROFILE && v != OSMESA_COMPAT_PROFILE)
                return NULL;
            profile = v;
            break;
        case OSMESA_CONTEXT_MAJOR_VERSION:
            major = v;
            version_given = true;
            break;
        case OSMESA_CONTEXT_MINOR_VERSION:
            minor = v;
            version_given = true;
            break;
        default:
            fprintf(stderr, LOG_PREFIX "unknown attribute 0x%x in OSMesaCreateContextAttribs\n",
                    attribList[i]);
            return NULL;
        }
    }
    if (depth < 0 || stencil < 0 || accum < 0 || major < 1 || minor < 0)
        return NULL;
    switch (gl_context_version_check(major, minor, profile == OSMESA_CORE_PROFILE, false)) {
    case GL_VERSION_SUPPORTED:
        break;
    case GL_VERSION_NONEXISTENT:
        fprintf(stderr, LOG_PREFIX "OpenGL %d.%d does not exist\n", major, minor);
        return NULL;
    case GL_VERSION_UNSUPPORTED:
        fprintf(stderr, LOG_PREFIX "OpenGL %d.%d requested, but the highest version is %d.%d\n",
                major, minor, SWRGL_MAX_MAJOR, SWRGL_MAX_MINOR);
        return NULL;
    }
    struct osmesa_context *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    struct pipe_screen *s = swr_screen_acquire("libOSMesa");
    if (!s) {
        free(c);
        return NULL;
    }
    c->format = format;
    c->zs_format = choose_zs_format(s, depth, stencil);
    c->depth_requested = depth > 0;
    c->stencil_requested = stencil > 0;
    c->y_up = 1;
    gl_context_desc desc = {
        .screen = s,
        .major = version_given ? major : 0,
        .minor = version_given ? minor : 0,
        .flush_front = flush_front,
        .user = c,
        /* Shares buffers, textures, renderbuffers, shaders and programs
         * with sharelist's group (not FBOs or VAOs: GL keeps those per
         * context); one process-wide screen serves every context. */
        .share = sharelist ? sharelist->gl : NULL,
        .accum_bits = accum,
        .core_profile = profile == OSMESA_CORE_PROFILE,
    };
    c->gl = gl_context_create(&desc);
    if (!c->gl) {
        free(c);
        swr_screen_release();
        return NULL;
    }
    return c;
}

OSMESA_EXPORT OSMesaContext OSMesaCreateContextExt(GLenum format, GLint depthBits,
                                                   GLint stencilBits, GLint accumBits,
                                                   OSMesaContext sharelist)
{
    const int attribs[] = {OSMESA_FORMAT,       (int)format, OSMESA_DEPTH_BITS, depthBits,
                           OSMESA_STENCIL_BITS, stencilBits, OSMESA_ACCUM_BITS, accumBits,
                           0};
    return OSMesaCreateContextAttribs(attribs, sharelist);
}

OSMESA_EXPORT OSMesaContext OSMesaCreateContext(GLenum format, OSMesaContext sharelist)
{
    return OSMesaCreateContextExt(format, 24, 8, 0, sharelist);
}

static void release_buffers(struct osmesa_context *c)
{
    pipe_resource_reference(&c->color, NULL);
    pipe_resource_reference(&c->zs, NULL);
    free(c->depth_copy);
    c->depth_copy = NULL;
}

OSMESA_EXPORT void OSMesaDestroyContext(OSMesaContext c)
{
    if (!c)
        return;
    if (current == c)
        current = NULL;
    c->destroying = true; /* Mesa does not copy out at destruction */
    gl_context_destroy(c->gl);
    release_buffers(c);
    free(c);
    swr_screen_release();
}

static struct pipe_resource *make_buffer(struct pipe_screen *s, enum pipe_format f, int w, int h,
                                         unsigned bind)
{
    struct pipe_resource t = {
        .target = PIPE_TEXTURE_2D,
        .format = f,
        .width0 = (uint32_t)w,
        .height0 = (uint16_t)h,
        .depth0 = 1,
        .array_size = 1,
        .bind = bind,
    };
    /* Sampling too, for glCopyTex* and blits from the window, if it can. */
    t.bind |= PIPE_BIND_SAMPLER_VIEW;
    if (!s->is_format_supported(s, f, t.target, 0, 0, t.bind))
        t.bind = bind;
    return s->resource_create(s, &t);
}

static int max_size(struct pipe_screen *s)
{
    int m = s->get_param(s, PIPE_CAP_MAX_TEXTURE_2D_SIZE);
    return m > 0 ? m : 4096;
}

OSMESA_EXPORT GLboolean OSMesaMakeCurrent(OSMesaContext c, void *buffer, GLenum type,
                                          GLsizei width, GLsizei height)
{
    struct osmesa_context *prev = current;
    if (!c && !buffer) {
        if (prev)
            gl_context_flush(prev->gl, false); /* release: the buffer gets the image */
        gl_context_make_current(NULL);
        current = NULL;
        return GL_TRUE;
    }
    if (!c || !buffer || width < 1 || height < 1)
        return GL_FALSE;
    struct pipe_screen *s = c->gl->screen;
    if (width > max_size(s) || height > max_size(s)) {
        fprintf(stderr, LOG_PREFIX "OSMesaMakeCurrent: %dx%d is larger than %dx%d\n", width,
                height, max_size(s), max_size(s));
        return GL_FALSE;
    }
    if (!client_pixel_bytes(c->format, type)) {
        fprintf(stderr, LOG_PREFIX "OSMesaMakeCurrent: unsupported format/type 0x%x/0x%x\n",
                c->format, type);
        return GL_FALSE;
    }
    const enum pipe_format cf = choose_color_format(s, c->format, type);

    /* A new size or format: new internal buffers (their contents are
     * undefined, as in Mesa). */
    struct pipe_resource *color = NULL, *zs = NULL;
    const bool renew =
        !c->color || c->color_format != cf || c->width != width || c->height != height;
    if (renew) {
        color = make_buffer(s, cf, width, height, PIPE_BIND_RENDER_TARGET);
        if (c->zs_format != PIPE_FORMAT_NONE)
            zs = make_buffer(s, c->zs_format, width, height, PIPE_BIND_DEPTH_STENCIL);
        if (!color || (c->zs_format != PIPE_FORMAT_NONE && !zs)) {
            fprintf(stderr, LOG_PREFIX "OSMesaMakeCurrent: out of memory for %dx%d buffers\n",
                    width, height);
            pipe_resource_reference(&color, NULL);
            pipe_resource_reference(&zs, NULL);
            return GL_FALSE;
        }
    }

    /* Mesa flushes the thread's previous context when another one becomes
     * current, so its buffer holds its image. */
    if (prev && prev != c)
        gl_context_flush(prev->gl, false);

    gl_context_make_current(c->gl);
    current = c;
    c->buffer = buffer;
    c->type = type;
    if (renew) {
        release_buffers(c);
        c->color = color;
        c->zs = zs;
        c->color_format = cf;
        c->width = width;
        c->height = height;
        gl_framebuffer_set_window(c->gl, color, zs, (unsigned)width, (unsigned)height);
    }
    return GL_TRUE;
}

OSMESA_EXPORT OSMesaContext OSMesaGetCurrentContext(void) { return current; }

OSMESA_EXPORT void OSMesaPixelStore(GLint pname, GLint value)
{
    struct osmesa_context *c = current;
    if (!c) {
        fprintf(stderr, LOG_PREFIX "OSMesaPixelStore: no current context\n");
        return;
    }
    switch (pname) {
    case OSMESA_ROW_LENGTH:
        if (value < 0) {
            fprintf(stderr, LOG_PREFIX "OSMesaPixelStore: negative OSMESA_ROW_LENGTH\n");
            return;
        }
        c->row_length = value;
        return;
    case OSMESA_Y_UP:
        c->y_up = value ? 1 : 0;
        return;
    default:
        fprintf(stderr, LOG_PREFIX "OSMesaPixelStore: invalid pname 0x%x\n", pname);
        return;
    }
}

OSMESA_EXPORT void OSMesaGetIntegerv(GLint pname, GLint *value)
{
    struct osmesa_context *c = current;
    if (!value)
        return;
    switch (pname) {
    case OSMESA_WIDTH:
        *value = c && c->buffer ? c->width : 0;
        return;
    case OSMESA_HEIGHT:
        *value = c && c->buffer ? c->height : 0;
        return;
    case OSMESA_FORMAT:
        *value = c ? (GLint)c->format : 0;
        return;
    case OSMESA_TYPE:
        *value = c ? (GLint)c->type : 0;
        return;
    case OSMESA_ROW_LENGTH:
        *value = c ? c->row_length : 0;
        return;
    case OSMESA_Y_UP:
        *value = c ? c->y_up : 0;
        return;
    case OSMESA_MAX_WIDTH:
    case OSMESA_MAX_HEIGHT:
        *value = c ? max_size(c->gl->screen) : 0;
        return;
    default:
        fprintf(stderr, LOG_PREFIX "OSMesaGetIntegerv: invalid pname 0x%x\n", pname);
        return;
    }
}

OSMESA_EXPORT GLboolean OSMesaGetDepthBuffer(OSMesaContext c, GLint *width, GLint *height,
                                             GLint *bytesPerValue, void **buffer)
{
    GLint w = 0, h = 0, bpv = 0;
    void *p = NULL;
    GLboolean ok = GL_FALSE;
    if (c && c->zs && c->depth_requested) {
        bpv = c->zs_format == PIPE_FORMAT_Z16_UNORM ? 2 : 4;
        if (!c->depth_copy) {
            c->depth_copy = calloc((size_t)c->width * c->height, (size_t)bpv);
            c->depth_bytes = bpv;
        }
        if (c->depth_copy) {
            finish_rendering(c);
            copy_depth(c);
            w = c->width;
            h = c->height;
            p = c->depth_copy;
            ok = GL_TRUE;
        } else {
            bpv = 0;
        }
    }
    if (width)
        *width = w;
    if (height)
        *height = h;
    if (bytesPerValue)
        *bytesPerValue = bpv;
    if (buffer)
        *buffer = p;
    return ok;
}

OSMESA_EXPORT GLboolean OSMesaGetColorBuffer(OSMesaContext c, GLint *width, GLint *height,
                                             GLint *format, void **buffer)
{
    const bool ok = c && c->buffer;
    if (width)
        *width = ok ? c->width : 0;
    if (height)
        *height = ok ? c->height : 0;
    if (format)
        *format = ok ? (GLint)c->format : 0;
    if (buffer)
        *buffer = ok ? c->buffer : NULL;
    return ok ? GL_TRUE : GL_FALSE;
}

OSMESA_EXPORT void OSMesaColorClamp(GLboolean enable)
{
    if (current)
        current->clamp = enable != GL_FALSE;
}

OSMESA_EXPORT void OSMesaPostprocess(OSMesaContext osmesa, const char *filter,
                                     unsigned enable_value)
{
    if (enable_value)
        fprintf(stderr, LOG_PREFIX "post-processing filter '%s' is not available; ignored\n",
                filter ? filter : "(null)");
}

OSMESA_EXPORT OSMESAproc OSMesaGetProcAddress(const char *funcName)
{
    static const struct {
        const char *name;
        OSMESAproc fn;
    } own[] = {
        {"OSMesaColorClamp", (OSMESAproc)OSMesaColorClamp},
        {"OSMesaCreateContext", (OSMESAproc)OSMesaCreateContext},
        {"OSMesaCreateContextAttribs", (OSMESAproc)OSMesaCreateContextAttribs},
        {"OSMesaCreateContextExt", (OSMESAproc)OSMesaCreateContextExt},
        {"OSMesaDestroyContext", (OSMESAproc)OSMesaDestroyContext},
        {"OSMesaGetColorBuffer", (OSMESAproc)OSMesaGetColorBuffer},
        {"OSMesaGetCurrentContext", (OSMESAproc)OSMesaGetCurrentContext},
        {"OSMesaGetDepthBuffer", (OSMESAproc)OSMesaGetDepthBuffer},
        {"OSMesaGetIntegerv", (OSMESAproc)OSMesaGetIntegerv},
        {"OSMesaGetProcAddress", (OSMESAproc)OSMesaGetProcAddress},
        {"OSMesaMakeCurrent", (OSMESAproc)OSMesaMakeCurrent},
        {"OSMesaPixelStore", (OSMESAproc)OSMesaPixelStore},
        {"OSMesaPostprocess", (OSMESAproc)OSMesaPostprocess},
    };
    if (!funcName)
        return NULL;
    if (strncmp(funcName, "OSMesa", 6) == 0) {
        for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
            if (strcmp(funcName, own[i].name) == 0)
                return own[i].fn;
        return NULL;
    }
    return swrgl_get_proc_address(funcName);
}
