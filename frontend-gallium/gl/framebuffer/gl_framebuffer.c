/*
 * gl_framebuffer.c: the window framebuffer (name 0), framebuffer objects,
 * renderbuffers, glDrawBuffer(s)/glReadBuffer, completeness and the pipe
 * framebuffer state. glReadPixels is in gl_readpixels.c, glBlitFramebuffer
 * in gl_blit.c.
 *
 * Model. A framebuffer (window or FBO) is a set of 10 attachment points:
 * COLOR_ATTACHMENT0..7, DEPTH, STENCIL (DEPTH_STENCIL_ATTACHMENT sets both).
 * An attachment names a texture image or a renderbuffer; it caches a pipe
 * surface of that image. The caches are rebuilt ("refreshed") lazily, when
 * the framebuffer's attachments changed, when any texture's storage was
 * replaced or when any renderbuffer's storage was (the share group's
 * tex_storage_serial and rb_serial); completeness is recomputed at the same
 * time. The window framebuffer's surfaces come from gl_framebuffer_set_window.
 *
 * The pipe framebuffer state is set by gl_framebuffer_validate only when
 * something that feeds it changed (binding, draw buffers, a refresh of the
 * draw framebuffer, the window), so many draws with other state changes cost
 * one comparison here.
 *
 * Renderbuffers are reference counted: the name table holds one reference,
 * every attachment one, so a renderbuffer deleted while attached to an
 * unbound FBO lives on until detached, as GL specifies.
 *
 * The window is single-buffered (GL_DOUBLEBUFFER false): GL_FRONT, GL_BACK,
 * GL_LEFT, GL_FRONT_LEFT, GL_BACK_LEFT and GL_FRONT_AND_BACK all name the one
 * colour buffer; right and aux buffers do not exist. It has an
 * accumulation buffer when the window system asked for one (the storage
 * here, glAccum in gl_accum.c).
 */
#include "frontend-gallium/gl/framebuffer/gl_framebuffer_priv.h"

#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/objects/gl_objects.h"
#include "frontend-gallium/gl/pixels/gl_pixels.h"
#include "frontend-gallium/gl/texture/gl_texture.h"

#define NUM_COLOR 8 /* GL_MAX_COLOR_ATTACHMENTS = GL_MAX_DRAW_BUFFERS = PIPE_MAX_COLOR_BUFS */
#define ATT_DEPTH 8
#define ATT_STENCIL 9
#define NUM_ATT 10
#define MAX_RB_SIZE 16384 /* = the pipe's PIPE_CAP_MAX_TEXTURE_2D_SIZE */
#define MAX_LEVELS 15     /* log2(16384) + 1 */
/* 1: GL 3.0 completeness, with FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER and
 * _READ_BUFFER; 0: GL 4.1 / llvmpipe, without them. 0, because programs
 * written against Mesa (a depth-only FBO that sets only glDrawBuffer(GL_NONE),
 * as shadow-map code often does) rely on the relaxed rule; writes to a draw
 * buffer without an attachment are dropped, and reading from a read buffer
 * without one is GL_INVALID_OPERATION at glReadPixels/glBlitFramebuffer. */
#define STRICT_BUFFER_COMPLETENESS 0

typedef struct fb_renderbuffer {
    GLuint name;
    unsigned refs; /* the name table's (until deleted) + one per attachment and
                      per context binding it (gl_ref_*: contexts share it) */
    struct pipe_resource *res;
    /* Storage exists (res). Surfaces are pipe-context objects, so each
     * framebuffer makes its own from res in its context (fbo_refresh). */
    bool has_storage;
    enum pipe_format format;
    GLenum internal_format, base_format;
    GLsizei width, height, samples;
} fb_renderbuffer;

typedef struct fb_attachment {
    GLenum type; /* GL_NONE, GL_TEXTURE, GL_RENDERBUFFER, GL_FRAMEBUFFER_DEFAULT */
    GLuint name;
    fb_renderbuffer *rb;  /* GL_RENDERBUFFER: one reference */
    GLenum textarget;     /* GL_TEXTURE: the command's textarget (0 for ...Layer) */
    GLint level, layer;   /* layer: 3D slice or array layer, 0 otherwise */
    /* glFramebufferTexture of a 3D, cube or array texture: the whole level.
     * Rendering needs a geometry shader to pick layers, which swr has not,
     * so a layered attachment renders into layer (face) 0. */
    bool layered;
    struct pipe_surface *surf; /* cached; one reference */
    GLenum internal_format;    /* of the attached image */
} fb_attachment;

typedef struct fb_object {
    GLuint name;
    fb_attachment att[NUM_ATT];
    GLenum draw_buffers[NUM_COLOR];
    GLenum read_buffer;
    bool stale; /* attachments changed since the last refresh */
    uint64_t tex_serial, rb_serial;
    GLenum status;
    unsigned width, height; /* rendering area when complete */
} fb_object;

/* The part's state (ctx->fb). */
typedef struct gl_framebuffer_state {
    gl_object_table framebuffers;
    gl_object_table *renderbuffers; /* the share group's */
    GLfloat accum_clear[4];         /* glClearAccum, clamped to [-1, 1] */
    fb_object window;
    bool window_set;
    unsigned win_w, win_h;
    fb_object *draw, *read;
    fb_renderbuffer *bound_rb; /* one reference */
    bool pipe_dirty;
    GLenum clamp_read; /* GL_CLAMP_READ_COLOR */
    int16_t *accum;    /* the window's accumulation buffer (gl_fb_accum_buffer) */
    unsigned accum_w, accum_h;
} gl_framebuffer_state;

static inline gl_framebuffer_state *priv_of(struct gl_context *ctx) { return ctx->fb; }

/* ---- formats ------------------------------------------------------------- */

void gl_fb_format_info_get(enum pipe_format f, gl_fb_format_info *o)
{
    memset(o, 0, sizeof *o);
    o->component_type = GL_UNSIGNED_NORMALIZED;
#define RGBA(R, G, B, A) (o->r = R, o->g = G, o->b = B, o->a = A)
    switch (f) {
    case PIPE_FORMAT_R8_UNORM: RGBA(8, 0, 0, 0); break;
    case PIPE_FORMAT_R8G8_UNORM: RGBA(8, 8, 0, 0); break;
    case PIPE_FORMAT_R8G8B8_UNORM:
    case PIPE_FORMAT_B8G8R8_UNORM:
    case PIPE_FORMAT_R8G8B8X8_UNORM:
    case PIPE_FORMAT_B8G8R8X8_UNORM:
    case PIPE_FORMAT_X8R8G8B8_UNORM:
    case PIPE_FORMAT_X8B8G8R8_UNORM: RGBA(8, 8, 8, 0); break;
    case PIPE_FORMAT_R8G8B8A8_UNORM:
    case PIPE_FORMAT_B8G8R8A8_UNORM:
    case PIPE_FORMAT_A8R8G8B8_UNORM:
    case PIPE_FORMAT_A8B8G8R8_UNORM: RGBA(8, 8, 8, 8); break;
    case PIPE_FORMAT_R8_SRGB: RGBA(8, 0, 0, 0); o->srgb = true; break;
    case PIPE_FORMAT_R8G8_SRGB: RGBA(8, 8, 0, 0); o->srgb = true; break;
    case PIPE_FORMAT_R8G8B8_SRGB:
    case PIPE_FORMAT_R8G8B8X8_SRGB:
    case PIPE_FORMAT_B8G8R8X8_SRGB:
    case PIPE_FORMAT_X8R8G8B8_SRGB:
    case PIPE_FORMAT_X8B8G8R8_SRGB: RGBA(8, 8, 8, 0); o->srgb = true; break;
    case PIPE_FORMAT_R8G8B8A8_SRGB:
    case PIPE_FORMAT_B8G8R8A8_SRGB:
    case PIPE_FORMAT_A8R8G8B8_SRGB:
    case PIPE_FORMAT_A8B8G8R8_SRGB: RGBA(8, 8, 8, 8); o->srgb = true; break;
    case PIPE_FORMAT_R8G8B8A8_SNORM: RGBA(8, 8, 8, 8); o->component_type = GL_SIGNED_NORMALIZED; break;
    case PIPE_FORMAT_R16G16B16A16_UNORM: RGBA(16, 16, 16, 16); break;
    case PIPE_FORMAT_R16_FLOAT: RGBA(16, 0, 0, 0); o->component_type = GL_FLOAT; break;
    case PIPE_FORMAT_R16G16_FLOAT: RGBA(16, 16, 0, 0); o->component_type = GL_FLOAT; break;
    case PIPE_FORMAT_R16G16B16_FLOAT: RGBA(16, 16, 16, 0); o->component_type = GL_FLOAT; break;
    case PIPE_FORMAT_R16G16B16A16_FLOAT: RGBA(16, 16, 16, 16); o->component_type = GL_FLOAT; break;
    case PIPE_FORMAT_R32_FLOAT: RGBA(32, 0, 0, 0); o->component_type = GL_FLOAT; break;
    case PIPE_FORMAT_R32G32_FLOAT: RGBA(32, 32, 0, 0); o->component_type = GL_FLOAT; break;
    case PIPE_FORMAT_R32G32B32_FLOAT: RGBA(32, 32, 32, 0); o->component_type = GL_FLOAT; break;
    case PIPE_FORMAT_R32G32B32A32_FLOAT: RGBA(32, 32, 32, 32); o->component_type = GL_FLOAT; break;
    case PIPE_FORMAT_R11G11B10_FLOAT: RGBA(11, 11, 10, 0); o->component_type = GL_FLOAT; break;
    case PIPE_FORMAT_R8G8B8A8_UINT: RGBA(8, 8, 8, 8); o->component_type = GL_UNSIGNED_INT; break;
    case PIPE_FORMAT_R8G8B8A8_SINT: RGBA(8, 8, 8, 8); o->component_type = GL_INT; break;
    case PIPE_FORMAT_R32G32B32A32_UINT: RGBA(32, 32, 32, 32); o->component_type = GL_UNSIGNED_INT; break;
    case PIPE_FORMAT_R32G32B32A32_SINT: RGBA(32, 32, 32, 32); o->component_type = GL_INT; break;
    case PIPE_FORMAT_B5G6R5_UNORM:
    case PIPE_FORMAT_R5G6B5_UNORM: RGBA(5, 6, 5, 0); break;
    case PIPE_FORMAT_B5G5R5A1_UNORM:
    case PIPE_FORMAT_R5G5B5A1_UNORM:
    case PIPE_FORMAT_A1B5G5R5_UNORM: RGBA(5, 5, 5, 1); break;
    case PIPE_FORMAT_B5G5R5X1_UNORM: RGBA(5, 5, 5, 0); break;
    case PIPE_FORMAT_B4G4R4A4_UNORM:
    case PIPE_FORMAT_R4G4B4A4_UNORM:
    case PIPE_FORMAT_A4B4G4R4_UNORM: RGBA(4, 4, 4, 4); break;
    case PIPE_FORMAT_B4G4R4X4_UNORM: RGBA(4, 4, 4, 0); break;
    case PIPE_FORMAT_R10G10B10A2_UNORM:
    case PIPE_FORMAT_B10G10R10A2_UNORM: RGBA(10, 10, 10, 2); break;
    case PIPE_FORMAT_R10G10B10X2_UNORM:
    case PIPE_FORMAT_B10G10R10X2_UNORM: RGBA(10, 10, 10, 0); break;
    case PIPE_FORMAT_A8_UNORM: RGBA(0, 0, 0, 8); break;
    case PIPE_FORMAT_Z16_UNORM: o->d = 16; break;
    case PIPE_FORMAT_Z32_UNORM: o->d = 32; break;
    case PIPE_FORMAT_Z32_FLOAT: o->d = 32; o->component_type = GL_FLOAT; break;
    case PIPE_FORMAT_Z24X8_UNORM:
    case PIPE_FORMAT_X8Z24_UNORM: o->d = 24; break;
    case PIPE_FORMAT_Z24_UNORM_S8_UINT:
    case PIPE_FORMAT_S8_UINT_Z24_UNORM: o->d = 24; o->s = 8; break;
    case PIPE_FORMAT_Z32_FLOAT_S8X24_UINT: o->d = 32; o->s = 8; o->component_type = GL_FLOAT; break;
    case PIPE_FORMAT_S8_UINT: o->s = 8; o->component_type = GL_UNSIGNED_INT; break;
    default: o->component_type = GL_NONE; break;
    }
#undef RGBA
}

/* The per-component size queries: one row a query family, one column a
 * component of gl_fb_format_info (r, g, b, a, d, s). */
enum { FI_BITS, FI_ATTACHMENT, FI_RENDERBUFFER };
static const GLenum fi_size_pnames[3][6] = {
    [FI_BITS] = {GL_RED_BITS, GL_GREEN_BITS, GL_BLUE_BITS, GL_ALPHA_BITS, GL_DEPTH_BITS,
                 GL_STENCIL_BITS},
    [FI_ATTACHMENT] = {GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE,
                       GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE,
                       GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE,
                       GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE},
    [FI_RENDERBUFFER] = {GL_RENDERBUFFER_RED_SIZE, GL_RENDERBUFFER_GREEN_SIZE,
                         GL_RENDERBUFFER_BLUE_SIZE, GL_RENDERBUFFER_ALPHA_SIZE,
                         GL_RENDERBUFFER_DEPTH_SIZE, GL_RENDERBUFFER_STENCIL_SIZE},
};

/* The bits of fi that `pname` of query family `family` asks for; false when
 * pname is not one of that family's size queries. */
static bool fi_size(const gl_fb_format_info *fi, int family, GLenum pname, GLint *out)
{
    const unsigned char bits[6] = {fi->r, fi->g, fi->b, fi->a, fi->d, fi->s};
    for (int i = 0; i < 6; i++)
        if (fi_size_pnames[family][i] == pname) {
            *out = bits[i];
            return true;
        }
    return false;
}

/* The base format a pipe format stores when GL did not say (window). */
static GLenum base_of_pipe_format(enum pipe_format f)
{
    gl_fb_format_info i;
    gl_fb_format_info_get(f, &i);
    if (i.d && i.s)
        return GL_DEPTH_STENCIL;
    if (i.d)
        return GL_DEPTH_COMPONENT;
    if (i.s)
        return GL_STENCIL_INDEX;
    if (i.a && !i.r)
        return GL_ALPHA;
    if (i.a)
        return GL_RGBA;
    if (i.b)
        return GL_RGB;
    if (i.g)
        return GL_RG;
    return i.r ? GL_RED : GL_NONE;
}

/* Renderbuffer internal formats: GL base format and swr's fallback storage
 * when gl_pixels_choose_format has no renderable answer. */
typedef struct rb_format {
    GLenum internal_format, base;
    enum pipe_format fallback;
} rb_format;

static const rb_format rb_formats[] = {
    {GL_RGBA, GL_RGBA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_RGBA2, GL_RGBA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_RGBA4, GL_RGBA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_RGB5_A1, GL_RGBA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_RGBA8, GL_RGBA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_RGBA12, GL_RGBA, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_RGBA16, GL_RGBA, PIPE_FORMAT_R32G32B32A32_FLOAT},
    {GL_RGB10_A2, GL_RGBA, PIPE_FORMAT_R10G10B10A2_UNORM},
    {GL_RGB, GL_RGB, PIPE_FORMAT_R8G8B8X8_UNORM},
    {GL_R3_G3_B2, GL_RGB, PIPE_FORMAT_R8G8B8X8_UNORM},
    {GL_RGB4, GL_RGB, PIPE_FORMAT_R8G8B8X8_UNORM},
    {GL_RGB5, GL_RGB, PIPE_FORMAT_R8G8B8X8_UNORM},
    {GL_RGB565, GL_RGB, PIPE_FORMAT_R8G8B8X8_UNORM},
    {GL_RGB8, GL_RGB, PIPE_FORMAT_R8G8B8X8_UNORM},
    {GL_RGB10, GL_RGB, PIPE_FORMAT_R10G10B10A2_UNORM},
    {GL_RGB12, GL_RGB, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_RGB16, GL_RGB, PIPE_FORMAT_R32G32B32A32_FLOAT},
    {GL_RED, GL_RED, PIPE_FORMAT_R8_UNORM},
    {GL_R8, GL_RED, PIPE_FORMAT_R8_UNORM},
    {GL_R16, GL_RED, PIPE_FORMAT_R32_FLOAT},
    {GL_RG, GL_RG, PIPE_FORMAT_R8G8_UNORM},
    {GL_RG8, GL_RG, PIPE_FORMAT_R8G8_UNORM},
    {GL_RG16, GL_RG, PIPE_FORMAT_R32G32B32A32_FLOAT},
    {GL_ALPHA, GL_ALPHA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_ALPHA4, GL_ALPHA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_ALPHA8, GL_ALPHA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_ALPHA12, GL_ALPHA, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_ALPHA16, GL_ALPHA, PIPE_FORMAT_R32G32B32A32_FLOAT},
    {GL_LUMINANCE, GL_LUMINANCE, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_LUMINANCE4, GL_LUMINANCE, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_LUMINANCE8, GL_LUMINANCE, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_LUMINANCE12, GL_LUMINANCE, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_LUMINANCE16, GL_LUMINANCE, PIPE_FORMAT_R32G32B32A32_FLOAT},
    {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_LUMINANCE4_ALPHA4, GL_LUMINANCE_ALPHA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_LUMINANCE6_ALPHA2, GL_LUMINANCE_ALPHA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_LUMINANCE12_ALPHA4, GL_LUMINANCE_ALPHA, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_LUMINANCE12_ALPHA12, GL_LUMINANCE_ALPHA, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_LUMINANCE16_ALPHA16, GL_LUMINANCE_ALPHA, PIPE_FORMAT_R32G32B32A32_FLOAT},
    {GL_INTENSITY, GL_INTENSITY, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_INTENSITY4, GL_INTENSITY, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_INTENSITY8, GL_INTENSITY, PIPE_FORMAT_R8G8B8A8_UNORM},
    {GL_INTENSITY12, GL_INTENSITY, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_INTENSITY16, GL_INTENSITY, PIPE_FORMAT_R32G32B32A32_FLOAT},
    {GL_SRGB, GL_RGB, PIPE_FORMAT_R8G8B8X8_SRGB},
    {GL_SRGB8, GL_RGB, PIPE_FORMAT_R8G8B8X8_SRGB},
    {GL_SRGB_ALPHA, GL_RGBA, PIPE_FORMAT_R8G8B8A8_SRGB},
    {GL_SRGB8_ALPHA8, GL_RGBA, PIPE_FORMAT_R8G8B8A8_SRGB},
    {GL_RGBA16F, GL_RGBA, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_RGB16F, GL_RGB, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_RG16F, GL_RG, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_R16F, GL_RED, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_RGBA32F, GL_RGBA, PIPE_FORMAT_R32G32B32A32_FLOAT},
    {GL_RGB32F, GL_RGB, PIPE_FORMAT_R32G32B32A32_FLOAT},
    {GL_RG32F, GL_RG, PIPE_FORMAT_R32G32B32A32_FLOAT},
    {GL_R32F, GL_RED, PIPE_FORMAT_R32_FLOAT},
    {GL_R11F_G11F_B10F, GL_RGB, PIPE_FORMAT_R16G16B16A16_FLOAT},
    {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, PIPE_FORMAT_Z24X8_UNORM},
    {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, PIPE_FORMAT_Z16_UNORM},
    {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, PIPE_FORMAT_Z24X8_UNORM},
    {GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT, PIPE_FORMAT_Z24X8_UNORM},
    {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, PIPE_FORMAT_Z32_FLOAT},
    {GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, PIPE_FORMAT_Z24_UNORM_S8_UINT},
    {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, PIPE_FORMAT_Z24_UNORM_S8_UINT},
    {GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT},
    {GL_STENCIL_INDEX, GL_STENCIL_INDEX, PIPE_FORMAT_Z24_UNORM_S8_UINT},
    {GL_STENCIL_INDEX1, GL_STENCIL_INDEX, PIPE_FORMAT_Z24_UNORM_S8_UINT},
    {GL_STENCIL_INDEX4, GL_STENCIL_INDEX, PIPE_FORMAT_Z24_UNORM_S8_UINT},
    {GL_STENCIL_INDEX8, GL_STENCIL_INDEX, PIPE_FORMAT_Z24_UNORM_S8_UINT},
    {GL_STENCIL_INDEX16, GL_STENCIL_INDEX, PIPE_FORMAT_Z24_UNORM_S8_UINT},
};

static const rb_format *rb_format_find(GLenum ifmt)
{
    for (size_t i = 0; i < sizeof rb_formats / sizeof rb_formats[0]; i++)
        if (rb_formats[i].internal_format == ifmt)
            return &rb_formats[i];
    return NULL;
}

static bool is_zs_base(GLenum base)
{
    return base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL || base == GL_STENCIL_INDEX;
}

/* The base format of an attached image: GL's for its internal format, else
 * what the storage holds. */
static GLenum attachment_base(const fb_attachment *a)
{
    GLenum base = 0;
    if (a->type == GL_RENDERBUFFER && a->rb)
        return a->rb->base_format;
    if (a->internal_format) {
        const rb_format *rf = rb_format_find(a->internal_format);
        base = rf ? rf->base : gl_pixels_base_format(a->internal_format);
    }
    if (!base && a->surf)
        base = base_of_pipe_format(a->surf->format);
    return base;
}

/* ---- renderbuffers -------------------------------------------------------- */

static void rb_release_storage(fb_renderbuffer *rb)
{
    rb->has_storage = false;
    pipe_resource_reference(&rb->res, NULL);
}

static void rb_unref(fb_renderbuffer *rb)
{
    if (rb && gl_ref_dec(&rb->refs)) {
        rb_release_storage(rb);
        free(rb);
    }
}

static fb_renderbuffer *rb_lookup(struct gl_context *ctx, GLuint name)
{
    void *o = gl_objects_get(ctx->fb->renderbuffers, name);
    return o == GL_OBJECT_RESERVED ? NULL : o;
}

/* ---- framebuffer objects ----------------------------------------------------- */

static void att_clear(fb_attachment *a)
{
    pipe_surface_reference(&a->surf, NULL);
    rb_unref(a->rb);
    memset(a, 0, sizeof *a);
    a->type = GL_NONE;
}

static void fbo_init(fb_object *fb, GLuint name)
{
    memset(fb, 0, sizeof *fb);
    fb->name = name;
    for (int i = 0; i < NUM_ATT; i++)
        fb->att[i].type = GL_NONE;
    for (int i = 0; i < NUM_COLOR; i++)
        fb->draw_buffers[i] = GL_NONE;
    fb->draw_buffers[0] = name ? GL_COLOR_ATTACHMENT0 : GL_FRONT;
    fb->read_buffer = name ? GL_COLOR_ATTACHMENT0 : GL_FRONT;
    fb->stale = true;
    fb->status = name ? GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT : GL_FRAMEBUFFER_UNDEFINED;
}

static void fbo_clear(fb_object *fb)
{
    for (int i = 0; i < NUM_ATT; i++)
        att_clear(&fb->att[i]);
}

static fb_object *fbo_lookup(struct gl_context *ctx, GLuint name)
{
    if (name == 0)
        return &priv_of(ctx)->window;
    void *o = gl_objects_get(&ctx->fb->framebuffers, name);
    return o == GL_OBJECT_RESERVED ? NULL : o;
}

/* Colour attachment index a draw/read buffer enum selects in `fb`, -1 for
 * GL_NONE or a buffer that does not exist. */
static int buffer_index(const fb_object *fb, GLenum buf)
{
    if (buf == GL_NONE)
        return -1;
    if (fb->name == 0) {
        switch (buf) {
        case GL_FRONT:
        case GL_BACK:
        case GL_LEFT:
        case GL_FRONT_LEFT:
        case GL_BACK_LEFT:
        case GL_FRONT_AND_BACK:
            return 0;
        default:
            return -1;
        }
    }
    if (buf >= GL_COLOR_ATTACHMENT0 && buf < GL_COLOR_ATTACHMENT0 + NUM_COLOR)
        return (int)(buf - GL_COLOR_ATTACHMENT0);
    return -1;
}

static bool same_image(const struct pipe_surface *a, const struct pipe_surface *b)
{
    return a->texture == b->texture && a->u.tex.level == b->u.tex.level &&
           a->u.tex.first_layer == b->u.tex.first_layer;
}

static GLenum compute_status(struct gl_context *ctx, fb_object *fb)
{
    if (fb->name == 0) {
        gl_framebuffer_state *p = priv_of(ctx);
        fb->width = p->win_w;
        fb->height = p->win_h;
        return p->window_set ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNDEFINED;
    }
    bool any = false, unsupported = false;
    unsigned w = ~0u, h = ~0u;
    for (int i = 0; i < NUM_ATT; i++) {
        const fb_attachment *a = &fb->att[i];
        if (a->type == GL_NONE)
            continue;
        any = true;
        const struct pipe_surface *s = a->surf;
        if (!s || s->width == 0 || s->height == 0)
            return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
        GLenum base = attachment_base(a);
        gl_fb_format_info fi;
        gl_fb_format_info_get(s->format, &fi);
        unsigned bind;
        if (i < NUM_COLOR) {
            if (is_zs_base(base) || fi.d || fi.s)
                return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
            bind = PIPE_BIND_RENDER_TARGET;
        } else {
            if (i == ATT_DEPTH && (!fi.d || (base && base == GL_STENCIL_INDEX)))
                return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
            if (i == ATT_STENCIL && !fi.s)
                return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
            bind = PIPE_BIND_DEPTH_STENCIL;
        }
        if (!ctx->screen->is_format_supported(ctx->screen, s->format, s->texture->target, 0, 0,
                                              bind))
            unsupported = true;
        w = s->width < w ? s->width : w;
        h = s->height < h ? s->height : h;
    }
    if (!any)
        return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
    /* GL 3.2 section 4.4.4: layered attachments (glFramebufferTexture) go
     * with layered ones only. */
    unsigned populated = 0, layered = 0;
    for (int i = 0; i < NUM_ATT; i++) {
        populated += fb->att[i].type != GL_NONE;
        layered += fb->att[i].type != GL_NONE && fb->att[i].layered;
    }
    if (layered && layered != populated)
        return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;
    /* GL 3.0's draw/read buffer rules (dropped in GL 4.1; Mesa skips them
     * whenever it has ARB_ES2_compatibility, as llvmpipe has). */
    for (int i = 0; i < NUM_COLOR && STRICT_BUFFER_COMPLETENESS; i++) {
        GLenum b = fb->draw_buffers[i];
        if (b != GL_NONE && fb->att[b - GL_COLOR_ATTACHMENT0].type == GL_NONE)
            return GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER;
    }
    if (STRICT_BUFFER_COMPLETENESS && fb->read_buffer != GL_NONE &&
        fb->att[fb->read_buffer - GL_COLOR_ATTACHMENT0].type == GL_NONE)
        return GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER;
    /* One depth/stencil buffer per pipe framebuffer: separate depth and
     * stencil images cannot be rendered together. */
    const fb_attachment *d = &fb->att[ATT_DEPTH], *st = &fb->att[ATT_STENCIL];
    if (d->type != GL_NONE && st->type != GL_NONE && !same_image(d->surf, st->surf))
        unsupported = true;
    if (unsupported)
        return GL_FRAMEBUFFER_UNSUPPORTED;
    fb->width = w;
    fb->height = h;
    return GL_FRAMEBUFFER_COMPLETE;
}

static struct pipe_surface *make_surface(struct gl_context *ctx, struct pipe_resource *res);

/* Rebuilds the attachments' surfaces and the status when anything they
 * depend on changed. */
static void fbo_refresh(struct gl_context *ctx, fb_object *fb)
{
    gl_framebuffer_state *p = priv_of(ctx);
    if (fb->name == 0) {
        if (fb->stale) {
            fb->status = compute_status(ctx, fb);
            fb->stale = false;
        }
        return;
    }
    uint64_t rb_serial = gl_serial_load(&ctx->shared->rb_serial);
    if (!fb->stale && fb->tex_serial == gl_serial_load(&ctx->shared->tex_storage_serial) &&
        fb->rb_serial == rb_serial)
        return;
    /* gl_texture_surface may create texture storage (bumping the serial),
     * which could replace an image fetched for an earlier attachment: go
     * round again until the serial holds (twice at most in practice). */
    for (int round = 0; round < 4; round++) {
        uint64_t serial = gl_serial_load(&ctx->shared->tex_storage_serial);
        for (int i = 0; i < NUM_ATT; i++) {
            fb_attachment *a = &fb->att[i];
            pipe_surface_reference(&a->surf, NULL);
            if (a->type == GL_RENDERBUFFER) {
                /* One surface per renderbuffer (DEPTH and STENCIL of a
                 * DEPTH_STENCIL one are then the same, as readers expect). */
                for (int j = 0; j < i && !a->surf; j++)
                    if (fb->att[j].type == GL_RENDERBUFFER && fb->att[j].rb == a->rb)
                        pipe_surface_reference(&a->surf, fb->att[j].surf);
                if (!a->surf)
                    a->surf = make_surface(ctx, a->rb->res);
                a->internal_format = a->rb->internal_format;
            } else if (a->type == GL_TEXTURE) {
                GLenum ifmt = 0;
                a->surf = gl_texture_surface(ctx, a->name, a->textarget, a->level, a->layer, &ifmt);
                a->internal_format = ifmt;
            }
        }
        if (serial == gl_serial_load(&ctx->shared->tex_storage_serial))
            break;
    }
    fb->tex_serial = gl_serial_load(&ctx->shared->tex_storage_serial);
    fb->rb_serial = rb_serial;
    fb->stale = false;
    fb->status = compute_status(ctx, fb);
    if (fb == p->draw)
        p->pipe_dirty = true;
}

static void mark_changed(struct gl_context *ctx, fb_object *fb)
{
    gl_framebuffer_state *p = priv_of(ctx);
    fb->stale = true;
    if (fb == p->draw)
        p->pipe_dirty = true;
}

GLenum gl_fb_status(struct gl_context *ctx, bool read)
{
    gl_framebuffer_state *p = priv_of(ctx);
    fb_object *fb = read ? p->read : p->draw;
    fbo_refresh(ctx, fb);
    return fb->status;
}

/* ---- part hooks --------------------------------------------------------------- */

bool gl_framebuffer_init(struct gl_context *ctx)
{
    gl_framebuffer_state *p = calloc(1, sizeof *p);
    if (!p)
        return false;
    gl_objects_init(&p->framebuffers);
    p->renderbuffers = &ctx->shared->renderbuffers;
    ctx->fb = p;
    fbo_init(&p->window, 0);
    p->draw = p->read = &p->window;
    p->pipe_dirty = true;
    p->clamp_read = GL_FIXED_ONLY;
    return true;
}

static void free_fbo(void *user, uint32_t name, void *obj)
{
    if (obj != GL_OBJECT_RESERVED) {
        fbo_clear(obj);
        free(obj);
    }
}

static void free_rb(void *user, uint32_t name, void *obj)
{
    if (obj != GL_OBJECT_RESERVED)
        rb_unref(obj);
}

void gl_framebuffer_fini(struct gl_context *ctx)
{
    gl_framebuffer_state *p = priv_of(ctx);
    if (!p)
        return;
    /* The pipe keeps references to the bound surfaces: unbind them first. */
    struct pipe_framebuffer_state empty;
    memset(&empty, 0, sizeof empty);
    ctx->pipe->set_framebuffer_state(ctx->pipe, &empty);
    gl_objects_each(&ctx->fb->framebuffers, free_fbo, NULL);
    gl_objects_fini(&ctx->fb->framebuffers);
    fbo_clear(&p->window);
    rb_unref(p->bound_rb);
    free(p->accum);
    if (ctx->shared_last) { /* other contexts of the group keep theirs */
        gl_objects_lock(ctx->fb->renderbuffers);
        gl_objects_each(ctx->fb->renderbuffers, free_rb, NULL);
        gl_objects_fini(ctx->fb->renderbuffers);
        gl_objects_unlock(ctx->fb->renderbuffers);
    }
    free(p);
    ctx->fb = NULL;
}

int gl_framebuffer_enable(struct gl_context *ctx, GLenum cap, int op) { return -1; }

/* ---- window --------------------------------------------------------------------- */

static struct pipe_surface *make_surface(struct gl_context *ctx, struct pipe_resource *res)
{
    if (!res)
        return NULL;
    struct pipe_surface t;
    memset(&t, 0, sizeof t);
    t.format = res->format;
    return ctx->pipe->create_surface(ctx->pipe, res, &t);
}

void gl_framebuffer_set_window(struct gl_context *ctx, struct pipe_resource *color,
                               struct pipe_resource *depth_stencil, unsigned width,
                               unsigned height)
{
    gl_framebuffer_state *p = priv_of(ctx);
    fb_object *w = &p->window;
    fbo_clear(w);
    if (color) {
        w->att[0].type = GL_FRAMEBUFFER_DEFAULT;
        w->att[0].surf = make_surface(ctx, color);
        w->att[0].internal_format = 0;
    }
    if (depth_stencil) {
        struct pipe_surface *zs = make_surface(ctx, depth_stencil);
        gl_fb_format_info fi;
        gl_fb_format_info_get(depth_stencil->format, &fi);
        if (zs && fi.d) {
            w->att[ATT_DEPTH].type = GL_FRAMEBUFFER_DEFAULT;
            pipe_surface_reference(&w->att[ATT_DEPTH].surf, zs);
        }
        if (zs && fi.s) {
            w->att[ATT_STENCIL].type = GL_FRAMEBUFFER_DEFAULT;
            pipe_surface_reference(&w->att[ATT_STENCIL].surf, zs);
        }
        pipe_surface_reference(&zs, NULL);
    }
    p->win_w = width;
    p->win_h = height;
    if (ctx->desc.accum_bits > 0 && (!p->accum || p->accum_w != width || p->accum_h != height)) {
        /* A new size: a new accumulation buffer (contents undefined in GL;
         * zero here). On failure glAccum reports GL_OUT_OF_MEMORY. */
        free(p->accum);
        p->accum = calloc((size_t)width * height, 4 * sizeof *p->accum);
        p->accum_w = p->accum ? width : 0;
        p->accum_h = p->accum ? height : 0;
    }
    bool first = !p->window_set;
    p->window_set = true;
    mark_changed(ctx, w);
    if (first) {
        /* GL: the first MakeCurrent sets the viewport and scissor to the
         * window. This is no GL command: it must not leave an error behind
         * (a raster part without them would report INVALID_OPERATION). */
        GLenum saved = ctx->error;
        swrgl_Viewport(ctx, 0, 0, (GLsizei)width, (GLsizei)height);
        swrgl_Scissor(ctx, 0, 0, (GLsizei)width, (GLsizei)height);
        ctx->error = saved;
    }
}

void gl_framebuffer_draw_size(struct gl_context *ctx, unsigned *width, unsigned *height)
{
    gl_framebuffer_state *p = priv_of(ctx);
    fbo_refresh(ctx, p->draw);
    bool ok = p->draw->status == GL_FRAMEBUFFER_COMPLETE;
    *width = ok ? p->draw->width : 0;
    *height = ok ? p->draw->height : 0;
}

bool gl_framebuffer_draws_to_window(struct gl_context *ctx)
{
    gl_framebuffer_state *p = priv_of(ctx);
    return p && p->draw == &p->window;
}

static struct pipe_surface *zs_surface(fb_object *fb)
{
    if (fb->att[ATT_DEPTH].type != GL_NONE)
        return fb->att[ATT_DEPTH].surf;
    if (fb->att[ATT_STENCIL].type != GL_NONE)
        return fb->att[ATT_STENCIL].surf;
    return NULL;
}

static unsigned draw_surface_list(fb_object *fb, struct pipe_surface **colors)
{
    unsigned n = 0;
    for (unsigned i = 0; i < NUM_COLOR; i++) {
        int k = buffer_index(fb, fb->draw_buffers[i]);
        colors[i] = k >= 0 ? fb->att[k].surf : NULL;
        if (colors[i])
            n = i + 1;
    }
    return n;
}

unsigned gl_framebuffer_draw_surfaces(struct gl_context *ctx, struct pipe_surface **colors,
                                      struct pipe_surface **depth_stencil)
{
    gl_framebuffer_state *p = priv_of(ctx);
    fbo_refresh(ctx, p->draw);
    *depth_stencil = NULL;
    if (p->draw->status != GL_FRAMEBUFFER_COMPLETE)
        return 0;
    struct pipe_surface *all[NUM_COLOR];
    unsigned n = draw_surface_list(p->draw, all);
    for (unsigned i = 0; i < n; i++)
        colors[i] = all[i];
    *depth_stencil = zs_surface(p->draw);
    return n;
}

GLenum gl_framebuffer_read_status(struct gl_context *ctx) { return gl_fb_status(ctx, true); }

struct pipe_surface *gl_framebuffer_read_color(struct gl_context *ctx)
{
    GLenum base;
    return gl_fb_read_surface(ctx, GL_FB_COLOR, &base);
}

struct pipe_surface *gl_framebuffer_read_depth(struct gl_context *ctx)
{
    GLenum base;
    return gl_fb_read_surface(ctx, GL_FB_DEPTH, &base);
}

struct pipe_surface *gl_fb_read_surface(struct gl_context *ctx, enum gl_fb_buffer_kind kind,
                                        GLenum *base_format)
{
    gl_framebuffer_state *p = priv_of(ctx);
    fb_object *fb = p->read;
    fbo_refresh(ctx, fb);
    *base_format = GL_NONE;
    if (fb->status != GL_FRAMEBUFFER_COMPLETE)
        return NULL;
    const fb_attachment *a;
    if (kind == GL_FB_COLOR) {
        int k = buffer_index(fb, fb->read_buffer);
        if (k < 0)
            return NULL;
        a = &fb->att[k];
    } else {
        a = &fb->att[kind == GL_FB_DEPTH ? ATT_DEPTH : ATT_STENCIL];
    }
    if (a->type == GL_NONE || !a->surf)
        return NULL;
    *base_format = attachment_base(a);
    if (*base_format == GL_NONE)
        *base_format = base_of_pipe_format(a->surf->format);
    return a->surf;
}

struct pipe_surface *gl_fb_draw_zs_surface(struct gl_context *ctx, enum gl_fb_buffer_kind kind)
{
    gl_framebuffer_state *p = priv_of(ctx);
    fbo_refresh(ctx, p->draw);
    if (p->draw->status != GL_FRAMEBUFFER_COMPLETE)
        return NULL;
    const fb_attachment *a = &p->draw->att[kind == GL_FB_DEPTH ? ATT_DEPTH : ATT_STENCIL];
    return a->type != GL_NONE ? a->surf : NULL;
}

int16_t *gl_fb_accum_buffer(struct gl_context *ctx, unsigned *width, unsigned *height)
{
    gl_framebuffer_state *p = priv_of(ctx);
    *width = p->accum_w;
    *height = p->accum_h;
    return p->accum;
}

GLfloat *gl_fb_accum_clear_value(struct gl_context *ctx) { return priv_of(ctx)->accum_clear; }

bool gl_fb_read_clamp(struct gl_context *ctx, bool float_buffer)
{
    GLenum c = priv_of(ctx)->clamp_read;
    return c == GL_TRUE || (c == GL_FIXED_ONLY && !float_buffer);
}

bool gl_framebuffer_validate(struct gl_context *ctx)
{
    gl_framebuffer_state *p = priv_of(ctx);
    fb_object *fb = p->draw;
    fbo_refresh(ctx, fb);
    if (fb->status != GL_FRAMEBUFFER_COMPLETE) {
        gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
        return false;
    }
    if (!p->pipe_dirty)
        return true;
    struct pipe_framebuffer_state s;
    memset(&s, 0, sizeof s);
    s.width = (uint16_t)fb->width;
    s.height = (uint16_t)fb->height;
    s.nr_cbufs = (uint8_t)draw_surface_list(fb, s.cbufs);
    s.zsbuf = zs_surface(fb);
    ctx->pipe->set_framebuffer_state(ctx->pipe, &s);
    p->pipe_dirty = false;
    return true;
}

/* ---- glGet ----------------------------------------------------------------------- */

/* The colour format the draw framebuffer's bits report: draw buffer 0's, or
 * the first colour attachment's. */
static const struct pipe_surface *draw_color_for_bits(fb_object *fb, GLenum *base)
{
    int k = buffer_index(fb, fb->draw_buffers[0]);
    if (k < 0 || !fb->att[k].surf)
        for (k = 0; k < NUM_COLOR && !fb->att[k].surf; k++)
            ;
    if (k >= NUM_COLOR)
        return NULL;
    *base = attachment_base(&fb->att[k]);
    return fb->att[k].surf;
}

static void mask_by_base(gl_fb_format_info *fi, GLenum base)
{
    switch (base) {
    case GL_RGB:
        fi->a = 0;
        break;
    case GL_RG:
        fi->b = fi->a = 0;
        break;
    case GL_RED:
        fi->g = fi->b = fi->a = 0;
        break;
    case GL_ALPHA:
        fi->r = fi->g = fi->b = 0;
        break;
    case GL_LUMINANCE:
    case GL_INTENSITY:
        fi->g = fi->b = fi->a = 0;
        break;
    case GL_LUMINANCE_ALPHA:
        fi->g = fi->b = 0;
        break;
    case GL_STENCIL_INDEX: /* stencil-only storage in a packed format */
        fi->d = 0;
        break;
    case GL_DEPTH_COMPONENT:
        fi->s = 0;
        break;
    default:
        break;
    }
}

static void color_read_format(struct gl_context *ctx, GLenum *format, GLenum *type)
{
    GLenum base = GL_NONE;
    struct pipe_surface *s = gl_fb_read_surface(ctx, GL_FB_COLOR, &base);
    *format = GL_RGBA;
    *type = GL_UNSIGNED_BYTE;
    if (!s)
        return;
    gl_fb_format_info fi;
    gl_fb_format_info_get(s->format, &fi);
    if (s->format == PIPE_FORMAT_B8G8R8A8_UNORM || s->format == PIPE_FORMAT_B8G8R8X8_UNORM)
        *format = GL_BGRA;
    else if (fi.component_type == GL_FLOAT)
        *type = GL_FLOAT;
}

bool gl_framebuffer_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    gl_framebuffer_state *p = priv_of(ctx);
    switch (pname) {
    case GL_DRAW_FRAMEBUFFER_BINDING:
        gl_value_int(v, (GLint)p->draw->name);
        return true;
    case GL_READ_FRAMEBUFFER_BINDING:
        gl_value_int(v, (GLint)p->read->name);
        return true;
    case GL_RENDERBUFFER_BINDING:
        gl_value_int(v, p->bound_rb ? (GLint)p->bound_rb->name : 0);
        return true;
    case GL_DRAW_BUFFER:
        gl_value_int(v, (GLint)p->draw->draw_buffers[0]);
        return true;
    case GL_READ_BUFFER:
        gl_value_int(v, (GLint)p->read->read_buffer);
        return true;
    case GL_MAX_DRAW_BUFFERS:
    case GL_MAX_COLOR_ATTACHMENTS:
        gl_value_int(v, NUM_COLOR);
        return true;
    case GL_MAX_DUAL_SOURCE_DRAW_BUFFERS: /* ARB_blend_func_extended: the second colour of buffer 0 */
        gl_value_int(v, 1);
        return true;
    case GL_MAX_RENDERBUFFER_SIZE:
        gl_value_int(v, MAX_RB_SIZE);
        return true;
    case GL_MAX_SAMPLES:
    case GL_SAMPLE_BUFFERS:
    case GL_SAMPLES:
    case GL_AUX_BUFFERS:
    case GL_INDEX_BITS:
        gl_value_int(v, 0);
        return true;
    case GL_ACCUM_RED_BITS:
    case GL_ACCUM_GREEN_BITS:
    case GL_ACCUM_BLUE_BITS:
    case GL_ACCUM_ALPHA_BITS:
        /* The draw framebuffer's: the window's when it has one; FBOs none. */
        gl_value_int(v, p->draw == &p->window && ctx->desc.accum_bits > 0 ? GL_FB_ACCUM_BITS : 0);
        return true;
    case GL_ACCUM_CLEAR_VALUE:
        v->type = GL_VALUE_FLOAT;
        v->count = 4;
        v->normalized = true; /* a colour: [-1, 1] maps to the integer range */
        memcpy(v->f, p->accum_clear, sizeof p->accum_clear);
        return true;
    case GL_SUBPIXEL_BITS:
        gl_value_int(v, 8); /* the rasterizer's 24.8 fixed point */
        return true;
    case GL_DOUBLEBUFFER:
    case GL_STEREO:
        gl_value_bool(v, false);
        return true;
    case GL_RGBA_MODE:
        gl_value_bool(v, true);
        return true;
    case GL_CLAMP_READ_COLOR:
        gl_value_int(v, (GLint)p->clamp_read);
        return true;
    case GL_RED_BITS:
    case GL_GREEN_BITS:
    case GL_BLUE_BITS:
    case GL_ALPHA_BITS:
    case GL_DEPTH_BITS:
    case GL_STENCIL_BITS: {
        fb_object *fb = p->draw;
        fbo_refresh(ctx, fb);
        gl_fb_format_info fi;
        memset(&fi, 0, sizeof fi);
        GLenum base = GL_NONE;
        const struct pipe_surface *c = draw_color_for_bits(fb, &base);
        if (pname == GL_DEPTH_BITS || pname == GL_STENCIL_BITS) {
            const struct pipe_surface *zs = zs_surface(fb);
            if (zs)
                gl_fb_format_info_get(zs->format, &fi);
            if (fb->att[ATT_DEPTH].type == GL_NONE)
                fi.d = 0;
            if (fb->att[ATT_STENCIL].type == GL_NONE)
                fi.s = 0;
        } else if (c) {
            gl_fb_format_info_get(c->format, &fi);
            mask_by_base(&fi, base);
        }
        GLint bits = 0;
        fi_size(&fi, FI_BITS, pname, &bits);
        gl_value_int(v, bits);
        return true;
    }
    case GL_IMPLEMENTATION_COLOR_READ_FORMAT:
    case GL_IMPLEMENTATION_COLOR_READ_TYPE: {
        GLenum f, t;
        color_read_format(ctx, &f, &t);
        gl_value_int(v, (GLint)(pname == GL_IMPLEMENTATION_COLOR_READ_FORMAT ? f : t));
        return true;
    }
    default:
        if (pname >= GL_DRAW_BUFFER0 && pname < GL_DRAW_BUFFER0 + NUM_COLOR) {
            gl_value_int(v, (GLint)p->draw->draw_buffers[pname - GL_DRAW_BUFFER0]);
            return true;
        }
        return false;
    }
}

/* ---- glClampColor (GL 3.0 / ARB_color_buffer_float: read clamping) -------------- */

void swrgl_ClampColor(struct gl_context *ctx, GLenum target, GLenum clamp)
{
    if (clamp != GL_TRUE && clamp != GL_FALSE && clamp != GL_FIXED_ONLY) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    switch (target) {
    case GL_CLAMP_READ_COLOR:
        priv_of(ctx)->clamp_read = clamp;
        return;
    case GL_CLAMP_VERTEX_COLOR:
    case GL_CLAMP_FRAGMENT_COLOR:
        /* Fixed-function colour clamping: swr renders to what the buffer
         * stores (clamped for normalized formats) and has no fixed-function
         * vertex colours; accepted without effect. */
        return;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
}

/* ---- framebuffer object commands ---------------------------------------------------- */

void swrgl_GenFramebuffers(struct gl_context *ctx, GLsizei n, GLuint *framebuffers)
{
    gl_objects_gen_names(ctx, &ctx->fb->framebuffers, n, framebuffers);
}

static void fbo_release(struct gl_context *ctx, uint32_t name, void *obj)
{
    (void)name;
    gl_framebuffer_state *p = priv_of(ctx);
    fb_object *fb = obj;
    if (p->draw == fb) {
        p->draw = &p->window;
        p->pipe_dirty = true;
    }
    if (p->read == fb)
        p->read = &p->window;
    fbo_clear(fb);
    free(fb);
}

void swrgl_DeleteFramebuffers(struct gl_context *ctx, GLsizei n, const GLuint *framebuffers)
{
    gl_objects_delete_names(ctx, &ctx->fb->framebuffers, n, framebuffers, fbo_release);
}

GLboolean swrgl_IsFramebuffer(struct gl_context *ctx, GLuint framebuffer)
{
    return framebuffer && fbo_lookup(ctx, framebuffer) ? GL_TRUE : GL_FALSE;
}

void swrgl_BindFramebuffer(struct gl_context *ctx, GLenum target, GLuint framebuffer)
{
    if (target != GL_FRAMEBUFFER && target != GL_DRAW_FRAMEBUFFER &&
        target != GL_READ_FRAMEBUFFER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_framebuffer_state *p = priv_of(ctx);
    fb_object *fb = fbo_lookup(ctx, framebuffer);
    if (!fb) {
        /* GL 3.0 (compatibility) and EXT_framebuffer_object: binding an
         * unused name creates the object. */
        fb = malloc(sizeof *fb);
        if (!fb || !gl_objects_put(&ctx->fb->framebuffers, framebuffer, fb)) {
            free(fb);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        fbo_init(fb, framebuffer);
    }
    if (target != GL_READ_FRAMEBUFFER && p->draw != fb) {
        p->draw = fb;
        p->pipe_dirty = true;
    }
    if (target != GL_DRAW_FRAMEBUFFER)
        p->read = fb;
}

/* The framebuffer bound to `target`, NULL (INVALID_ENUM raised) for a bad target. */
static fb_object *fb_for_target(struct gl_context *ctx, GLenum target)
{
    gl_framebuffer_state *p = priv_of(ctx);
    switch (target) {
    case GL_FRAMEBUFFER:
    case GL_DRAW_FRAMEBUFFER:
        return p->draw;
    case GL_READ_FRAMEBUFFER:
        return p->read;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
}

GLenum swrgl_CheckFramebufferStatus(struct gl_context *ctx, GLenum target)
{
    fb_object *fb = fb_for_target(ctx, target);
    if (!fb)
        return 0;
    fbo_refresh(ctx, fb);
    return fb->status;
}

/* Attachment points: 0..7 colour, ATT_DEPTH, ATT_STENCIL, NUM_ATT for
 * DEPTH_STENCIL_ATTACHMENT (both); -1 after raising the error. */
static int attachment_point(struct gl_context *ctx, GLenum attachment)
{
    if (attachment >= GL_COLOR_ATTACHMENT0 && attachment < GL_COLOR_ATTACHMENT0 + NUM_COLOR)
        return (int)(attachment - GL_COLOR_ATTACHMENT0);
    if (attachment >= GL_COLOR_ATTACHMENT0 + NUM_COLOR && attachment <= GL_COLOR_ATTACHMENT31) {
        gl_error(ctx, GL_INVALID_OPERATION); /* COLOR_ATTACHMENTm, m >= MAX_COLOR_ATTACHMENTS */
        return -1;
    }
    switch (attachment) {
    case GL_DEPTH_ATTACHMENT:
        return ATT_DEPTH;
    case GL_STENCIL_ATTACHMENT:
        return ATT_STENCIL;
    case GL_DEPTH_STENCIL_ATTACHMENT:
        return NUM_ATT;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return -1;
    }
}

static bool is_color_attachment_enum(GLenum b)
{
    return b >= GL_COLOR_ATTACHMENT0 && b <= GL_COLOR_ATTACHMENT31;
}

static bool is_cube_face(GLenum t)
{
    return t >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && t <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z;
}

static bool is_texture_target(GLenum t)
{
    switch (t) {
    case GL_TEXTURE_1D:
    case GL_TEXTURE_2D:
    case GL_TEXTURE_3D:
    case GL_TEXTURE_RECTANGLE:
    case GL_TEXTURE_1D_ARRAY:
    case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_CUBE_MAP:
        return true;
    default:
        return is_cube_face(t);
    }
}

/* The framebuffer and attachment point a glFramebuffer{Texture,Renderbuffer}*
 * call names; NULL when either is wrong (the error is recorded). */
static fb_object *attach_target(struct gl_context *ctx, GLenum target, GLenum attachment,
                                int *point)
{
    fb_object *fb = fb_for_target(ctx, target);
    if (!fb)
        return NULL;
    *point = attachment_point(ctx, attachment);
    return *point < 0 ? NULL : fb;
}

/* Attachment i of fb, cleared, when `point` covers it (point NUM_ATT:
 * GL_DEPTH_STENCIL_ATTACHMENT, both depth and stencil); NULL otherwise. */
static fb_attachment *att_take(fb_object *fb, int point, int i)
{
    if (i != point && !(point == NUM_ATT && (i == ATT_DEPTH || i == ATT_STENCIL)))
        return NULL;
    att_clear(&fb->att[i]);
    return &fb->att[i];
}

/* dims: 1, 2, 3 for FramebufferTexture{1,2,3}D, 0 for FramebufferTextureLayer. */
static void attach_texture(struct gl_context *ctx, GLenum target, GLenum attachment,
                           GLenum textarget, GLuint texture, GLint level, GLint layer, int dims)
{
    int point;
    fb_object *fb = attach_target(ctx, target, attachment, &point);
    if (!fb)
        return;
    if (fb->name == 0) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (texture) {
        if (dims && !is_texture_target(textarget)) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        bool target_ok = dims == 0 || (dims == 1 && textarget == GL_TEXTURE_1D) ||
                         (dims == 2 && (textarget == GL_TEXTURE_2D ||
                                        textarget == GL_TEXTURE_RECTANGLE ||
                                        is_cube_face(textarget))) ||
                         (dims == 3 && textarget == GL_TEXTURE_3D);
        /* The texture's own target must be the one textarget names (a
         * cube face for a cube map); ...Layer takes layered textures. */
        GLenum own = gl_texture_target(ctx, texture);
        bool own_ok = dims ? own == (is_cube_face(textarget) ? GL_TEXTURE_CUBE_MAP : textarget)
                           : (own == GL_TEXTURE_3D || own == GL_TEXTURE_1D_ARRAY ||
                              own == GL_TEXTURE_2D_ARRAY);
        if (!gl_texture_exists(ctx, texture) || !target_ok || !own_ok) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        if (level < 0 || level >= MAX_LEVELS || (textarget == GL_TEXTURE_RECTANGLE && level != 0) ||
            layer < 0 || (dims == 3 && layer >= 2048) ||
            (dims == 0 &&
             layer >= ctx->screen->get_param(ctx->screen, PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS) &&
             layer >= 2048)) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
    }
    for (int i = 0; i < NUM_ATT; i++) {
        fb_attachment *a = att_take(fb, point, i);
        if (!a || !texture)
            continue;
        a->type = GL_TEXTURE;
        a->name = texture;
        a->textarget = dims ? textarget : 0;
        a->level = level;
        a->layer = dims == 0 || dims == 3 ? layer : 0;
    }
    mark_changed(ctx, fb);
}

void swrgl_FramebufferTexture1D(struct gl_context *ctx, GLenum target, GLenum attachment,
                                GLenum textarget, GLuint texture, GLint level)
{
    attach_texture(ctx, target, attachment, textarget, texture, level, 0, 1);
}

void swrgl_FramebufferTexture2D(struct gl_context *ctx, GLenum target, GLenum attachment,
                                GLenum textarget, GLuint texture, GLint level)
{
    attach_texture(ctx, target, attachment, textarget, texture, level, 0, 2);
}

void swrgl_FramebufferTexture3D(struct gl_context *ctx, GLenum target, GLenum attachment,
                                GLenum textarget, GLuint texture, GLint level, GLint zoffset)
{
    attach_texture(ctx, target, attachment, textarget, texture, level, zoffset, 3);
}

void swrgl_FramebufferTextureLayer(struct gl_context *ctx, GLenum target, GLenum attachment,
                                   GLuint texture, GLint level, GLint layer)
{
    attach_texture(ctx, target, attachment, 0, texture, level, layer, 0);
}

/* GL 3.2 section 4.4.2: the whole level of any texture; a 3D, cube map or
 * array texture is attached layered (rendering goes to layer 0, see
 * fb_attachment), the others as glFramebufferTexture{1,2}D would. */
void swrgl_FramebufferTexture(struct gl_context *ctx, GLenum target, GLenum attachment,
                              GLuint texture, GLint level)
{
    if (!texture) {
        attach_texture(ctx, target, attachment, 0, 0, level, 0, 0);
        return;
    }
    if (!gl_texture_exists(ctx, texture)) {
        /* no such texture: GL_INVALID_VALUE here (llvmpipe agrees), where
         * the other attach commands give GL_INVALID_OPERATION */
        if (fb_for_target(ctx, target) && attachment_point(ctx, attachment) >= 0)
            gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLenum own = gl_texture_target(ctx, texture);
    bool layered = false;
    switch (own) {
    case GL_TEXTURE_1D:
        attach_texture(ctx, target, attachment, own, texture, level, 0, 1);
        break;
    case GL_TEXTURE_2D:
    case GL_TEXTURE_RECTANGLE:
        attach_texture(ctx, target, attachment, own, texture, level, 0, 2);
        break;
    case GL_TEXTURE_CUBE_MAP:
        attach_texture(ctx, target, attachment, GL_TEXTURE_CUBE_MAP_POSITIVE_X, texture, level, 0,
                       2);
        layered = true;
        break;
    case GL_TEXTURE_3D:
    case GL_TEXTURE_1D_ARRAY:
    case GL_TEXTURE_2D_ARRAY:
        attach_texture(ctx, target, attachment, 0, texture, level, 0, 0);
        layered = true;
        break;
    default:
        /* not a texture, or one of a target that cannot be attached */
        if (fb_for_target(ctx, target) && attachment_point(ctx, attachment) >= 0)
            gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (!layered)
        return;
    int point;
    fb_object *fb = attach_target(ctx, target, attachment, &point);
    for (int i = 0; fb && i < NUM_ATT; i++) {
        fb_attachment *a = &fb->att[i];
        bool covered = i == point || (point == NUM_ATT && (i == ATT_DEPTH || i == ATT_STENCIL));
        if (covered && a->type == GL_TEXTURE && a->name == texture && a->level == level)
            a->layered = true;
    }
}

void swrgl_FramebufferRenderbuffer(struct gl_context *ctx, GLenum target, GLenum attachment,
                                   GLenum renderbuffertarget, GLuint renderbuffer)
{
    int point;
    fb_object *fb = attach_target(ctx, target, attachment, &point);
    if (!fb)
        return;
    if (renderbuffertarget != GL_RENDERBUFFER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    fb_renderbuffer *rb = NULL;
    /* Looked up and referenced under the share lock: a delete in another
     * context cannot free it in between. */
    gl_objects_lock(ctx->fb->renderbuffers);
    if (fb->name == 0 || (renderbuffer && !(rb = rb_lookup(ctx, renderbuffer)))) {
        gl_objects_unlock(ctx->fb->renderbuffers);
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    for (int i = 0; i < NUM_ATT; i++) {
        fb_attachment *a = att_take(fb, point, i);
        if (!a || !rb)
            continue;
        a->type = GL_RENDERBUFFER;
        a->name = renderbuffer;
        a->rb = rb;
        gl_ref_inc(&rb->refs);
    }
    gl_objects_unlock(ctx->fb->renderbuffers);
    mark_changed(ctx, fb);
}

void swrgl_GetFramebufferAttachmentParameteriv(struct gl_context *ctx, GLenum target,
                                               GLenum attachment, GLenum pname, GLint *params)
{
    fb_object *fb = fb_for_target(ctx, target);
    if (!fb)
        return;
    int point;
    if (fb->name == 0) {
        switch (attachment) {
        case GL_FRONT:
        case GL_BACK:
        case GL_LEFT:
        case GL_FRONT_LEFT:
        case GL_BACK_LEFT:
            point = 0;
            break;
        case GL_DEPTH:
            point = ATT_DEPTH;
            break;
        case GL_STENCIL:
            point = ATT_STENCIL;
            break;
        case GL_FRONT_RIGHT:
        case GL_BACK_RIGHT:
        case GL_RIGHT:
            point = -2; /* absent buffers: OBJECT_TYPE NONE */
            break;
        default:
            gl_error(ctx, is_color_attachment_enum(attachment) ||
                                  attachment == GL_DEPTH_ATTACHMENT ||
                                  attachment == GL_STENCIL_ATTACHMENT ||
                                  attachment == GL_DEPTH_STENCIL_ATTACHMENT
                              ? GL_INVALID_OPERATION
                              : GL_INVALID_ENUM);
            return;
        }
    } else {
        point = attachment_point(ctx, attachment);
        if (point < 0)
            return;
    }
    fbo_refresh(ctx, fb);
    const fb_attachment none = {.type = GL_NONE};
    const fb_attachment *a = point == -2 ? &none : &fb->att[point == NUM_ATT ? ATT_DEPTH : point];
    if (point == NUM_ATT) {
        const fb_attachment *s = &fb->att[ATT_STENCIL];
        if (a->type != s->type || a->name != s->name || a->rb != s->rb ||
            a->level != s->level || a->layer != s->layer || a->textarget != s->textarget) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
    }
    GLint r = 0;
    switch (pname) {
    case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE:
        r = (GLint)a->type;
        break;
    case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
        if (a->type == GL_FRAMEBUFFER_DEFAULT) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        r = (GLint)a->name;
        break;
    case GL_FRAMEBUFFER_ATTACHMENT_LAYERED:
        if (a->type != GL_TEXTURE) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        r = a->layered ? GL_TRUE : GL_FALSE;
        break;
    case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
    case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
    case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER:
        if (a->type != GL_TEXTURE) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        r = pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL ? a->level
            : pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER
                ? a->layer
                : (is_cube_face(a->textarget) ? (GLint)a->textarget : 0);
        break;
    case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
    case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING: {
        if (a->type == GL_NONE) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        if (pname == GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE && point == NUM_ATT) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        gl_fb_format_info fi;
        memset(&fi, 0, sizeof fi);
        if (a->surf) {
            gl_fb_format_info_get(a->surf->format, &fi);
            mask_by_base(&fi, attachment_base(a));
        }
        if (fi_size(&fi, FI_ATTACHMENT, pname, &r))
            break;
        if (pname == GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE)
            r = (GLint)fi.component_type; /* of the storage, stencil too (as Mesa) */
        else
            r = fi.srgb ? GL_SRGB : GL_LINEAR;
        break;
    }
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (a->type == GL_NONE && pname != GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE &&
        pname != GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = r;
}

void gl_framebuffer_texture_deleted(struct gl_context *ctx, GLuint name)
{
    gl_framebuffer_state *p = priv_of(ctx);
    if (!p || !name)
        return;
    fb_object *fbs[2] = {p->draw, p->read};
    for (int k = 0; k < 2; k++) {
        if (!fbs[k]->name || (k == 1 && fbs[1] == fbs[0]))
            continue;
        bool changed = false;
        for (int i = 0; i < NUM_ATT; i++)
            if (fbs[k]->att[i].type == GL_TEXTURE && fbs[k]->att[i].name == name) {
                att_clear(&fbs[k]->att[i]);
                changed = true;
            }
        if (changed)
            mark_changed(ctx, fbs[k]);
    }
}

/* ---- draw and read buffers ---------------------------------------------------------- */

static bool is_window_buffer_enum(GLenum b)
{
    switch (b) {
    case GL_FRONT:
    case GL_BACK:
    case GL_LEFT:
    case GL_RIGHT:
    case GL_FRONT_LEFT:
    case GL_FRONT_RIGHT:
    case GL_BACK_LEFT:
    case GL_BACK_RIGHT:
    case GL_FRONT_AND_BACK:
        return true;
    default:
        return b >= GL_AUX0 && b <= GL_AUX3;
    }
}


/* GL_NO_ERROR when `b` names a colour buffer of `fb` that can be selected
 * (by DrawBuffer when !multi, by DrawBuffers when multi), else the error. */
static GLenum check_buffer(const fb_object *fb, GLenum b, bool multi)
{
    if (b == GL_NONE)
        return GL_NO_ERROR;
    if (!is_window_buffer_enum(b) && !is_color_attachment_enum(b))
        return GL_INVALID_ENUM;
    if (fb->name == 0) {
        if (is_color_attachment_enum(b))
            return GL_INVALID_OPERATION;
        if (multi && (b == GL_FRONT || b == GL_BACK || b == GL_LEFT || b == GL_RIGHT ||
                      b == GL_FRONT_AND_BACK))
            return GL_INVALID_OPERATION; /* names more than one buffer */
        return buffer_index(fb, b) >= 0 ? GL_NO_ERROR : GL_INVALID_OPERATION;
    }
    if (!is_color_attachment_enum(b))
        return GL_INVALID_OPERATION;
    return b < GL_COLOR_ATTACHMENT0 + NUM_COLOR ? GL_NO_ERROR : GL_INVALID_OPERATION;
}

void swrgl_DrawBuffer(struct gl_context *ctx, GLenum buf)
{
    gl_framebuffer_state *p = priv_of(ctx);
    fb_object *fb = p->draw;
    GLenum e = check_buffer(fb, buf, false);
    if (e != GL_NO_ERROR) {
        gl_error(ctx, e);
        return;
    }
    fb->draw_buffers[0] = buf;
    for (int i = 1; i < NUM_COLOR; i++)
        fb->draw_buffers[i] = GL_NONE;
    mark_changed(ctx, fb);
}

void swrgl_DrawBuffers(struct gl_context *ctx, GLsizei n, const GLenum *bufs)
{
    gl_framebuffer_state *p = priv_of(ctx);
    fb_object *fb = p->draw;
    if (n < 0 || n > NUM_COLOR) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (n > 0 && !bufs) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    for (GLsizei i = 0; i < n; i++) {
        GLenum e = check_buffer(fb, bufs[i], true);
        if (e != GL_NO_ERROR) {
            gl_error(ctx, e);
            return;
        }
        for (GLsizei j = 0; j < i; j++)
            if (bufs[i] != GL_NONE && bufs[j] == bufs[i]) {
                gl_error(ctx, GL_INVALID_OPERATION);
                return;
            }
    }
    for (int i = 0; i < NUM_COLOR; i++)
        fb->draw_buffers[i] = i < n ? bufs[i] : GL_NONE;
    mark_changed(ctx, fb);
}

void swrgl_ReadBuffer(struct gl_context *ctx, GLenum src)
{
    gl_framebuffer_state *p = priv_of(ctx);
    fb_object *fb = p->read;
    GLenum e = check_buffer(fb, src, false);
    if (e != GL_NO_ERROR) {
        gl_error(ctx, e);
        return;
    }
    fb->read_buffer = src;
    mark_changed(ctx, fb);
}

/* ---- renderbuffer commands ----------------------------------------------------------- */

void swrgl_GenRenderbuffers(struct gl_context *ctx, GLsizei n, GLuint *renderbuffers)
{
    gl_objects_gen_names(ctx, ctx->fb->renderbuffers, n, renderbuffers);
}

static void detach_rb(struct gl_context *ctx, fb_object *fb, fb_renderbuffer *rb)
{
    bool changed = false;
    for (int i = 0; i < NUM_ATT; i++)
        if (fb->att[i].type == GL_RENDERBUFFER && fb->att[i].rb == rb) {
            att_clear(&fb->att[i]);
            changed = true;
        }
    if (changed)
        mark_changed(ctx, fb);
}

static void rb_release(struct gl_context *ctx, uint32_t name, void *obj)
{
    (void)name;
    gl_framebuffer_state *p = priv_of(ctx);
    fb_renderbuffer *rb = obj;
    if (p->bound_rb == rb) {
        p->bound_rb = NULL;
        rb_unref(rb);
    }
    /* Detached from the bound framebuffers only (GL 3.0, 4.4.2.1). */
    if (p->draw->name)
        detach_rb(ctx, p->draw, rb);
    if (p->read->name && p->read != p->draw)
        detach_rb(ctx, p->read, rb);
    rb_unref(rb);
}

void swrgl_DeleteRenderbuffers(struct gl_context *ctx, GLsizei n, const GLuint *renderbuffers)
{
    gl_objects_delete_names(ctx, ctx->fb->renderbuffers, n, renderbuffers, rb_release);
}

GLboolean swrgl_IsRenderbuffer(struct gl_context *ctx, GLuint renderbuffer)
{
    return rb_lookup(ctx, renderbuffer) ? GL_TRUE : GL_FALSE;
}

void swrgl_BindRenderbuffer(struct gl_context *ctx, GLenum target, GLuint renderbuffer)
{
    if (target != GL_RENDERBUFFER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_framebuffer_state *p = priv_of(ctx);
    fb_renderbuffer *rb = NULL;
    if (renderbuffer) {
        gl_objects_lock(ctx->fb->renderbuffers);
        rb = rb_lookup(ctx, renderbuffer);
        if (!rb) {
            rb = calloc(1, sizeof *rb);
            if (rb) {
                rb->name = renderbuffer;
                rb->refs = 1; /* the table's */
                rb->internal_format = GL_RGBA;
                rb->base_format = GL_RGBA;
            }
            if (!rb || !gl_objects_put(ctx->fb->renderbuffers, renderbuffer, rb)) {
                gl_objects_unlock(ctx->fb->renderbuffers);
                free(rb);
                gl_error(ctx, GL_OUT_OF_MEMORY);
                return;
            }
        }
        gl_ref_inc(&rb->refs); /* the binding's */
        gl_objects_unlock(ctx->fb->renderbuffers);
    }
    rb_unref(p->bound_rb);
    p->bound_rb = rb;
}

static enum pipe_format choose_rb_format(struct gl_context *ctx, const rb_format *rf)
{
    unsigned bind = is_zs_base(rf->base) ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET;
    struct pipe_screen *s = ctx->screen;
    enum pipe_format f = PIPE_FORMAT_NONE;
    if (rf->base == GL_STENCIL_INDEX) {
        /* No stencil-only rendering: a packed depth/stencil format. */
        f = gl_pixels_choose_format(s, GL_DEPTH24_STENCIL8, 0, 0, bind);
    } else {
        f = gl_pixels_choose_format(s, rf->internal_format, 0, 0, bind);
    }
    gl_fb_format_info fi;
    gl_fb_format_info_get(f, &fi);
    bool fits = rf->base == GL_STENCIL_INDEX ? fi.s > 0
                : rf->base == GL_DEPTH_STENCIL ? fi.d > 0 && fi.s > 0
                : rf->base == GL_DEPTH_COMPONENT ? fi.d > 0
                                                 : !fi.d && !fi.s;
    if (f == PIPE_FORMAT_NONE || !fits || !s->is_format_supported(s, f, PIPE_TEXTURE_2D, 0, 0, bind))
        f = rf->fallback;
    if (!s->is_format_supported(s, f, PIPE_TEXTURE_2D, 0, 0, bind))
        return PIPE_FORMAT_NONE;
    return f;
}

static void renderbuffer_storage(struct gl_context *ctx, GLenum target, GLsizei samples,
                                 GLenum internalformat, GLsizei width, GLsizei height)
{
    gl_framebuffer_state *p = priv_of(ctx);
    if (target != GL_RENDERBUFFER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    const rb_format *rf = rb_format_find(internalformat);
    if (!rf) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (width < 0 || height < 0 || width > MAX_RB_SIZE || height > MAX_RB_SIZE || samples < 0 ||
        samples > 0 /* GL_MAX_SAMPLES is 0 */) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    fb_renderbuffer *rb = p->bound_rb;
    if (!rb) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    enum pipe_format f = choose_rb_format(ctx, rf);
    if (f == PIPE_FORMAT_NONE) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    struct pipe_resource *res = NULL;
    struct pipe_surface *surf = NULL;
    if (width > 0 && height > 0) {
        struct pipe_resource t;
        memset(&t, 0, sizeof t);
        t.target = PIPE_TEXTURE_2D;
        t.format = f;
        t.width0 = (uint32_t)width;
        t.height0 = (uint16_t)height;
        t.depth0 = 1;
        t.array_size = 1;
        t.bind = (is_zs_base(rf->base) ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET) |
                 PIPE_BIND_SAMPLER_VIEW;
        res = ctx->screen->resource_create(ctx->screen, &t);
        if (!res) {
            t.bind &= ~PIPE_BIND_SAMPLER_VIEW;
            res = ctx->screen->resource_create(ctx->screen, &t);
        }
        if (res)
            surf = make_surface(ctx, res);
        if (!res || !surf) {
            pipe_resource_reference(&res, NULL);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
    }
    rb_release_storage(rb);
    rb->res = res;
    rb->has_storage = surf != NULL;
    pipe_surface_reference(&surf, NULL); /* made to check the format renders */
    rb->format = f;
    rb->internal_format = internalformat;
    rb->base_format = rf->base;
    rb->width = width;
    rb->height = height;
    rb->samples = 0;
    gl_serial_bump(&ctx->shared->rb_serial);
    if (p->draw->name)
        p->pipe_dirty = true;
}

void swrgl_RenderbufferStorage(struct gl_context *ctx, GLenum target, GLenum internalformat,
                               GLsizei width, GLsizei height)
{
    renderbuffer_storage(ctx, target, 0, internalformat, width, height);
}

void swrgl_RenderbufferStorageMultisample(struct gl_context *ctx, GLenum target, GLsizei samples,
                                          GLenum internalformat, GLsizei width, GLsizei height)
{
    renderbuffer_storage(ctx, target, samples, internalformat, width, height);
}

void swrgl_GetRenderbufferParameteriv(struct gl_context *ctx, GLenum target, GLenum pname,
                                      GLint *params)
{
    gl_framebuffer_state *p = priv_of(ctx);
    if (target != GL_RENDERBUFFER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    fb_renderbuffer *rb = p->bound_rb;
    if (!rb) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_fb_format_info fi;
    memset(&fi, 0, sizeof fi);
    if (rb->has_storage) {
        gl_fb_format_info_get(rb->format, &fi);
        mask_by_base(&fi, rb->base_format);
        if (rb->base_format == GL_STENCIL_INDEX)
            fi.d = 0;
        if (rb->base_format == GL_DEPTH_COMPONENT)
            fi.s = 0;
    }
    GLint r;
    switch (pname) {
    case GL_RENDERBUFFER_WIDTH: r = rb->width; break;
    case GL_RENDERBUFFER_HEIGHT: r = rb->height; break;
    case GL_RENDERBUFFER_INTERNAL_FORMAT: r = (GLint)rb->internal_format; break;
    case GL_RENDERBUFFER_SAMPLES: r = rb->samples; break;
    default:
        if (!fi_size(&fi, FI_RENDERBUFFER, pname, &r)) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        break;
    }
    if (params)
        *params = r;
}
