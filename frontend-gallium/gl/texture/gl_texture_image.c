/*
 * gl_texture_image.c: texture images: glTexImage*, glTexSubImage*,
 * glCopyTex*, compressed images, glGetTexImage, glGetCompressedTexImage,
 * glGetTexLevelParameter, glGenerateMipmap and GENERATE_MIPMAP, and the
 * storage model described in gl_texture_priv.h.
 */
#include "frontend-gallium/gl/texture/gl_texture_priv.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/pixels/gl_pixels.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"
#include "frontend-gallium/format/fmt.h"

/* ---- targets ----------------------------------------------------------------- */

typedef struct tex_target {
    int ti;       /* TEX_* */
    int face;     /* cube face or 0 */
    bool proxy;
    unsigned dims; /* 1, 2, 3: the TexImage command family */
} tex_target;

/* Decodes the target of a dims-D image command; false if it is not one. */
static bool decode_target(GLenum target, unsigned dims, bool allow_proxy, bool allow_cube_faces,
                          tex_target *out)
{
    memset(out, 0, sizeof *out);
    out->dims = dims;
    switch (target) {
    case GL_PROXY_TEXTURE_1D: out->proxy = true; /* fallthrough */
    case GL_TEXTURE_1D: out->ti = TEX_1D; break;
    case GL_PROXY_TEXTURE_2D: out->proxy = true; /* fallthrough */
    case GL_TEXTURE_2D: out->ti = TEX_2D; break;
    case GL_PROXY_TEXTURE_3D: out->proxy = true; /* fallthrough */
    case GL_TEXTURE_3D: out->ti = TEX_3D; break;
    case GL_PROXY_TEXTURE_RECTANGLE: out->proxy = true; /* fallthrough */
    case GL_TEXTURE_RECTANGLE: out->ti = TEX_RECT; break;
    case GL_PROXY_TEXTURE_1D_ARRAY: out->proxy = true; /* fallthrough */
    case GL_TEXTURE_1D_ARRAY: out->ti = TEX_1D_ARRAY; break;
    case GL_PROXY_TEXTURE_2D_ARRAY: out->proxy = true; /* fallthrough */
    case GL_TEXTURE_2D_ARRAY: out->ti = TEX_2D_ARRAY; break;
    case GL_PROXY_TEXTURE_CUBE_MAP:
        out->proxy = true;
        out->ti = TEX_CUBE;
        break;
    case GL_TEXTURE_CUBE_MAP_POSITIVE_X:
    case GL_TEXTURE_CUBE_MAP_NEGATIVE_X:
    case GL_TEXTURE_CUBE_MAP_POSITIVE_Y:
    case GL_TEXTURE_CUBE_MAP_NEGATIVE_Y:
    case GL_TEXTURE_CUBE_MAP_POSITIVE_Z:
    case GL_TEXTURE_CUBE_MAP_NEGATIVE_Z:
        if (!allow_cube_faces)
            return false;
        out->ti = TEX_CUBE;
        out->face = (int)(target - GL_TEXTURE_CUBE_MAP_POSITIVE_X);
        break;
    default: return false;
    }
    if (out->proxy && !allow_proxy)
        return false;
    unsigned need;
    switch (out->ti) {
    case TEX_1D: need = 1; break;
    case TEX_3D:
    case TEX_2D_ARRAY: need = 3; break;
    default: need = 2; break;
    }
    return dims == 0 || need == dims;
}

static unsigned max_levels(int ti)
{
    return ti == TEX_3D ? GLTEX_MAX_3D_LEVELS : ti == TEX_RECT ? 1 : GLTEX_MAX_LEVELS;
}

static gl_texobj *target_object(struct gl_context *ctx, const tex_target *tt)
{
    return tt->proxy ? gltex(ctx)->proxy[tt->ti] : gl_tex_current(ctx, tt->ti);
}

/* Pipe geometry of an image: box size and the pipe resource dimensions. */
static void image_box(int ti, GLsizei w, GLsizei h, GLsizei d, struct pipe_box *b)
{
    b->x = b->y = b->z = 0;
    b->width = w;
    switch (ti) {
    case TEX_1D: b->height = 1; b->depth = 1; break;
    case TEX_1D_ARRAY: b->height = 1; b->depth = h; break;
    case TEX_3D:
    case TEX_2D_ARRAY: b->height = h; b->depth = d; break;
    default: b->height = h; b->depth = 1; break;
    }
}

/* ---- compressed formats ------------------------------------------------------- */

typedef struct compressed_info {
    GLenum gl;
    enum pipe_format pf, fallback;
    GLenum base;
    unsigned block_bytes;
} compressed_info;

static const compressed_info compressed_table[] = {
    {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, PIPE_FORMAT_DXT1_RGB, PIPE_FORMAT_R8G8B8A8_UNORM, GL_RGB, 8},
    {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, PIPE_FORMAT_DXT1_RGBA, PIPE_FORMAT_R8G8B8A8_UNORM, GL_RGBA, 8},
    {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, PIPE_FORMAT_DXT3_RGBA, PIPE_FORMAT_R8G8B8A8_UNORM, GL_RGBA, 16},
    {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, PIPE_FORMAT_DXT5_RGBA, PIPE_FORMAT_R8G8B8A8_UNORM, GL_RGBA, 16},
    {GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, PIPE_FORMAT_DXT1_SRGB, PIPE_FORMAT_R8G8B8A8_SRGB, GL_RGB, 8},
    {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, PIPE_FORMAT_DXT1_SRGBA, PIPE_FORMAT_R8G8B8A8_SRGB,
     GL_RGBA, 8},
    {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, PIPE_FORMAT_DXT3_SRGBA, PIPE_FORMAT_R8G8B8A8_SRGB,
     GL_RGBA, 16},
    {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, PIPE_FORMAT_DXT5_SRGBA, PIPE_FORMAT_R8G8B8A8_SRGB,
     GL_RGBA, 16},
    {GL_COMPRESSED_RED_RGTC1, PIPE_FORMAT_RGTC1_UNORM, PIPE_FORMAT_R8_UNORM, GL_RED, 8},
    {GL_COMPRESSED_SIGNED_RED_RGTC1, PIPE_FORMAT_RGTC1_SNORM, PIPE_FORMAT_R8_SNORM, GL_RED, 8},
    {GL_COMPRESSED_RG_RGTC2, PIPE_FORMAT_RGTC2_UNORM, PIPE_FORMAT_R8G8_UNORM, GL_RG, 16},
    {GL_COMPRESSED_SIGNED_RG_RGTC2, PIPE_FORMAT_RGTC2_SNORM, PIPE_FORMAT_R8G8_SNORM, GL_RG, 16},
};

static const compressed_info *compressed_lookup(GLenum ifmt)
{
    for (size_t i = 0; i < sizeof compressed_table / sizeof compressed_table[0]; i++)
        if (compressed_table[i].gl == ifmt)
            return &compressed_table[i];
    return NULL;
}

static size_t compressed_size(const compressed_info *ci, GLsizei w, GLsizei h, GLsizei d)
{
    return (size_t)((w + 3) / 4) * (size_t)((h + 3) / 4) * (size_t)d * ci->block_bytes;
}

/* ---- storage ----------------------------------------------------------------- */

static void image_clear(gl_teximage *im)
{
    pipe_resource_reference(&im->res, NULL);
    memset(im, 0, sizeof *im);
}

void gl_tex_release(struct gl_context *ctx, gl_texobj *t)
{
    (void)ctx;
    for (int f = 0; f < 6; f++)
        for (int l = 0; l < GLTEX_MAX_LEVELS; l++)
            image_clear(&t->img[f][l]);
    pipe_resource_reference(&t->res, NULL);
}

static unsigned bind_flags(struct gl_context *ctx, enum pipe_format f, enum pipe_texture_target pt)
{
    unsigned bind = PIPE_BIND_SAMPLER_VIEW;
    struct pipe_screen *s = ctx->screen;
    if (s->is_format_supported(s, f, pt, 0, 0, PIPE_BIND_RENDER_TARGET))
        bind |= PIPE_BIND_RENDER_TARGET;
    if (s->is_format_supported(s, f, pt, 0, 0, PIPE_BIND_DEPTH_STENCIL))
        bind |= PIPE_BIND_DEPTH_STENCIL;
    return bind;
}

/* Expected GL size of level k of a chain whose level 0 is `b`. */
static void chain_size(int ti, const gl_teximage *b, unsigned k, GLsizei *w, GLsizei *h,
                       GLsizei *d)
{
    *w = b->width >> k ? b->width >> k : 1;
    *h = ti == TEX_1D_ARRAY ? b->height : (b->height >> k ? b->height >> k : 1);
    *d = ti == TEX_3D ? (b->depth >> k ? b->depth >> k : 1) : b->depth;
    if (ti == TEX_1D)
        *h = *d = 1;
}

static bool image_fits_chain(int ti, const gl_teximage *b, unsigned k, const gl_teximage *im)
{
    GLsizei w, h, d;
    chain_size(ti, b, k, &w, &h, &d);
    return im->defined && im->format == b->format && im->width == w && im->height == h &&
           im->depth == d && w && h && d;
}

/* The chain a rebuild around level `ref` makes: its first GL level and
 * level count; false when the ref image is missing or empty. */
static bool chain_layout(const gl_texobj *t, unsigned ref, unsigned *r0_out, unsigned *nlev_out)
{
    const gl_teximage *r = &t->img[0][ref];
    if (!r->defined || !r->width || !r->height || !r->depth)
        return false;
    int ti = t->target;
    unsigned r0 = ref;
    if (ref > 0 && t->img[0][0].defined && image_fits_chain(ti, &t->img[0][0], ref, r))
        r0 = 0;
    const gl_teximage *b = &t->img[0][r0];
    GLsizei ch = ti == TEX_1D || ti == TEX_1D_ARRAY ? 1 : b->height;
    GLsizei cd = ti == TEX_3D ? b->depth : 1;
    unsigned nlev = gl_tex_chain_levels(b->width, ch, cd);
    if (r0 + nlev > GLTEX_MAX_LEVELS)
        nlev = GLTEX_MAX_LEVELS - r0;
    if (t->p.max_level >= (GLint)r0 && (GLint)(r0 + nlev - 1) > t->p.max_level &&
        t->p.max_level >= t->p.base_level)
        nlev = (unsigned)(t->p.max_level - (GLint)r0) + 1;
    if (ti == TEX_RECT)
        nlev = 1;
    *r0_out = r0;
    *nlev_out = nlev;
    return true;
}

/* Whether image (face, level) would go into a main resource rebuilt
 * around `ref`. */
static bool would_place(const gl_texobj *t, unsigned ref, unsigned face, unsigned level)
{
    unsigned r0, nlev;
    if (!chain_layout(t, ref, &r0, &nlev) || level < r0 || level - r0 >= nlev)
        return false;
    return image_fits_chain(t->target, &t->img[0][r0], level - r0, &t->img[face][level]);
}

/* Rebuilds the main resource around level `ref` (whose image must be
 * defined and non-empty). */
static bool rebuild(struct gl_context *ctx, gl_texobj *t, unsigned ref)
{
    unsigned r0, nlev;
    if (!chain_layout(t, ref, &r0, &nlev))
        return false;
    int ti = t->target;
    const gl_teximage *b = &t->img[0][r0];
    unsigned faces = ti == TEX_CUBE ? 6 : 1;
    struct pipe_resource tmpl;
    memset(&tmpl, 0, sizeof tmpl);
    tmpl.target = gl_tex_pipe_target(ti);
    tmpl.format = b->format;
    struct pipe_box box;
    image_box(ti, b->width, b->height, b->depth, &box);
    tmpl.width0 = (uint32_t)box.width;
    tmpl.height0 = (uint16_t)box.height;
    tmpl.depth0 = ti == TEX_3D ? (uint16_t)box.depth : 1;
    tmpl.array_size = ti == TEX_CUBE ? 6 : ti == TEX_3D ? 1 : (uint16_t)box.depth;
    tmpl.last_level = (uint8_t)(nlev - 1);
    tmpl.bind = bind_flags(ctx, b->format, tmpl.target);
    struct pipe_resource *res = ctx->screen->resource_create(ctx->screen, &tmpl);
    if (!res)
        return false;
    for (unsigned f = 0; f < faces; f++) {
        for (unsigned k = 0; k < nlev; k++) {
            gl_teximage *im = &t->img[f][r0 + k];
            if (!image_fits_chain(ti, b, k, im))
                continue;
            if (im->res) {
                struct pipe_box sb;
                image_box(ti, im->width, im->height, im->depth, &sb);
                sb.z = (int32_t)im->res_layer;
                ctx->pipe->resource_copy_region(ctx->pipe, res, k, 0, 0, ti == TEX_CUBE ? f : 0,
                                                im->res, im->res_level, &sb);
                pipe_resource_reference(&im->res, NULL);
            }
            pipe_resource_reference(&im->res, res);
            im->res_level = k;
            im->res_layer = ti == TEX_CUBE ? f : 0;
        }
    }
    pipe_resource_reference(&t->res, NULL);
    t->res = res; /* takes the creation reference */
    t->res_base = r0;
    gl_serial_bump(ctx->texture->storage_serial);
    gl_tex_changed(ctx, t);
    return true;
}

bool gl_tex_storage(struct gl_context *ctx, gl_texobj *t, unsigned lo, unsigned hi)
{
    unsigned faces = t->target == TEX_CUBE ? 6 : 1;
    unsigned ref = (unsigned)t->p.base_level;
    if (ref >= GLTEX_MAX_LEVELS || !t->img[0][ref].defined || !t->img[0][ref].width)
        ref = lo;
    if (ref >= GLTEX_MAX_LEVELS)
        return false;
    /* Rebuild only when that gathers an image the main resource lacks
     * (images that fit no chain stay in their own resources). */
    bool need = false;
    for (unsigned l = lo; !need && l <= hi && l < GLTEX_MAX_LEVELS; l++)
        for (unsigned f = 0; f < faces; f++) {
            const gl_teximage *im = &t->img[f][l];
            if (im->defined && im->width && im->height && im->depth && im->res != t->res &&
                would_place(t, ref, f, l)) {
                need = true;
                break;
            }
        }
    if (!need)
        return true;
    if (!rebuild(ctx, t, ref)) {
        if (t->res)
            return true; /* keep what there is */
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return false;
    }
    return true;
}

/* Gives a freshly defined image a place: the main resource when it fits,
 * a new main resource when it is the base level, else its own resource. */
static bool place_image(struct gl_context *ctx, gl_texobj *t, int face, unsigned level)
{
    gl_teximage *im = &t->img[face][level];
    if (!im->width || !im->height || !im->depth)
        return true;
    int ti = t->target;
    if (t->res && level >= t->res_base && level - t->res_base <= t->res->last_level) {
        const gl_teximage *b = &t->img[0][t->res_base];
        gl_teximage base0 = *b;
        /* the main resource's level 0 geometry */
        base0.width = (GLsizei)t->res->width0;
        base0.height = ti == TEX_1D_ARRAY ? (GLsizei)t->res->array_size : (GLsizei)t->res->height0;
        base0.depth = ti == TEX_3D ? (GLsizei)t->res->depth0
                      : ti == TEX_2D_ARRAY ? (GLsizei)t->res->array_size
                                           : 1;
        base0.format = t->res->format;
        base0.defined = true;
        if (image_fits_chain(ti, &base0, level - t->res_base, im)) {
            pipe_resource_reference(&im->res, t->res);
            im->res_level = level - t->res_base;
            im->res_layer = ti == TEX_CUBE ? (unsigned)face : 0;
            return true;
        }
    }
    if (face == 0 && (!t->res || (GLint)level == t->p.base_level || level == t->res_base)) {
        if (rebuild(ctx, t, level) && im->res)
            return true;
    }
    /* its own one-level resource */
    struct pipe_resource tmpl;
    memset(&tmpl, 0, sizeof tmpl);
    struct pipe_box box;
    image_box(ti, im->width, im->height, im->depth, &box);
    tmpl.target = ti == TEX_CUBE ? PIPE_TEXTURE_2D : gl_tex_pipe_target(ti);
    tmpl.format = im->format;
    tmpl.width0 = (uint32_t)box.width;
    tmpl.height0 = (uint16_t)box.height;
    tmpl.depth0 = ti == TEX_3D ? (uint16_t)box.depth : 1;
    tmpl.array_size = ti == TEX_3D ? 1 : (uint16_t)box.depth;
    tmpl.bind = bind_flags(ctx, im->format, tmpl.target);
    struct pipe_resource *res = ctx->screen->resource_create(ctx->screen, &tmpl);
    if (!res)
        return false;
    im->res = res;
    im->res_level = 0;
    im->res_layer = 0;
    return true;
}

/* ---- upload / download --------------------------------------------------------- */

/* The client pointer for unpacking: a PBO offset or client memory. *map
 * receives the transfer to unmap. NULL with no error when there is no data;
 * sets *err on a bad PBO access. */
static const void *client_src(struct gl_context *ctx, GLenum target, const void *pixels,
                              size_t span, struct pipe_transfer **tr, gl_buffer **buf_out,
                              GLenum *err)
{
    *tr = NULL;
    *err = GL_NO_ERROR;
    gl_buffer *buf = gl_vertex_bound_buffer(ctx, target);
    *buf_out = buf;
    if (!buf)
        return pixels;
    uintptr_t off = (uintptr_t)pixels;
    if (buf->mapped || off > (uintptr_t)buf->size || span > (size_t)buf->size - off) {
        *err = GL_INVALID_OPERATION;
        return NULL;
    }
    if (!span || !buf->res)
        return NULL;
    struct pipe_box box = {(int32_t)off, 0, 0, (int32_t)span, 1, 1};
    unsigned usage = target == GL_PIXEL_PACK_BUFFER ? PIPE_MAP_WRITE : PIPE_MAP_READ;
    void *p = ctx->pipe->buffer_map(ctx->pipe, buf->res, 0, usage, &box, tr);
    if (!p) {
        *err = GL_OUT_OF_MEMORY;
        return NULL;
    }
    return p;
}

static void client_done(struct gl_context *ctx, struct pipe_transfer *tr)
{
    if (tr)
        ctx->pipe->buffer_unmap(ctx->pipe, tr);
}

/* The `span` client bytes at `pixels`: client memory, or the mapped buffer
 * bound to `target` (GL_PIXEL_UNPACK_BUFFER or GL_PIXEL_PACK_BUFFER; *btr,
 * unmap with client_done). NULL when there is nothing to access or on an
 * error, which is recorded. */
static void *client_mem(struct gl_context *ctx, GLenum target, const void *pixels, size_t span,
                        struct pipe_transfer **btr)
{
    gl_buffer *buf;
    GLenum err;
    const void *mem = client_src(ctx, target, pixels, span, btr, &buf, &err);
    if (err)
        gl_error(ctx, err);
    return (void *)mem;
}

/* Maps a whole image for reading (GL_OUT_OF_MEMORY recorded on failure). */
static const uint8_t *map_image_read(struct gl_context *ctx, const gl_texobj *t,
                                     const gl_teximage *im, struct pipe_box *box,
                                     struct pipe_transfer **tr)
{
    image_box(t->target, im->width, im->height, im->depth, box);
    box->z = (int32_t)im->res_layer;
    *tr = NULL;
    const uint8_t *src =
        ctx->pipe->texture_map(ctx->pipe, im->res, im->res_level, PIPE_MAP_READ, box, tr);
    if (!src)
        gl_error(ctx, GL_OUT_OF_MEMORY);
    return src;
}

/* The resource box of the region (GL offsets and sizes) of an image. */
static void region_box(const gl_texobj *t, const gl_teximage *im, GLint x, GLint y, GLint z,
                       GLsizei w, GLsizei h, GLsizei d, struct pipe_box *box)
{
    image_box(t->target, w, h, d, box);
    box->x = x;
    if (t->target == TEX_1D_ARRAY) {
        box->z = y;
    } else if (t->target == TEX_3D || t->target == TEX_2D_ARRAY) {
        box->y = y;
        box->z = z;
    } else if (t->target != TEX_1D) {
        box->y = y;
    }
    box->z += (int32_t)im->res_layer;
}

/* Writes client pixels into box (GL offsets and sizes) of an image. */
static void upload(struct gl_context *ctx, gl_texobj *t, gl_teximage *im, GLint x, GLint y,
                   GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type,
                   const void *pixels, const gl_pixelstore *ps)
{
    if (!im->res || !w || !h || !d)
        return;
    struct pipe_transfer *btr;
    const void *src = client_mem(ctx, GL_PIXEL_UNPACK_BUFFER, pixels,
                                 gl_pixels_span(ps, format, type, w, h, d), &btr);
    if (!src)
        return;
    struct pipe_box box;
    region_box(t, im, x, y, z, w, h, d, &box);
    struct pipe_transfer *tr = NULL;
    uint8_t *dst = ctx->pipe->texture_map(ctx->pipe, im->res, im->res_level, PIPE_MAP_WRITE, &box,
                                          &tr);
    if (!dst) {
        client_done(ctx, btr);
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    bool ok;
    if (t->target == TEX_1D_ARRAY)
        ok = gl_pixels_unpack(ps, format, type, src, w, h, 1, im->res->format, dst,
                              (size_t)tr->layer_stride, (size_t)tr->layer_stride * (size_t)h);
    else
        ok = gl_pixels_unpack(ps, format, type, src, w, h, d, im->res->format, dst, tr->stride,
                              (size_t)tr->layer_stride);
    ctx->pipe->texture_unmap(ctx->pipe, tr);
    client_done(ctx, btr);
    if (!ok)
        gl_error(ctx, GL_INVALID_OPERATION);
}

/* ---- common checks --------------------------------------------------------------- */

static bool is_depth_base(GLenum b) { return b == GL_DEPTH_COMPONENT || b == GL_DEPTH_STENCIL; }

static bool is_depth_format(GLenum f) { return f == GL_DEPTH_COMPONENT || f == GL_DEPTH_STENCIL; }

static bool is_integer_format(GLenum f)
{
    switch (f) {
    case GL_RED_INTEGER:
    case GL_GREEN_INTEGER:
    case GL_BLUE_INTEGER:
    case GL_ALPHA_INTEGER:
    case GL_RG_INTEGER:
    case GL_RGB_INTEGER:
    case GL_RGBA_INTEGER:
    case GL_BGR_INTEGER:
    case GL_BGRA_INTEGER:
    case GL_LUMINANCE_INTEGER_EXT:
    case GL_LUMINANCE_ALPHA_INTEGER_EXT:
        return true;
    default:
        return false;
    }
}

/* Client format vs. image: GL_INVALID_OPERATION cases of GL 2.1 / 3.0. */
static GLenum format_compat(GLenum base, enum pipe_format pf, GLenum format)
{
    if (is_depth_base(base) != is_depth_format(format))
        return GL_INVALID_OPERATION;
    if (format == GL_DEPTH_STENCIL && base != GL_DEPTH_STENCIL)
        return GL_INVALID_OPERATION;
    const fmt_desc *fd = fmt_get(pf);
    bool int_tex = fd && fd->is_pure_int;
    if (!is_depth_base(base) && int_tex != is_integer_format(format))
        return GL_INVALID_OPERATION;
    return GL_NO_ERROR;
}

static bool check_level(struct gl_context *ctx, const tex_target *tt, GLint level)
{
    if (level < 0 || (unsigned)level >= max_levels(tt->ti)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    return true;
}

/* Sizes of a new image: GL_NO_ERROR or the error. */
static GLenum check_size(const tex_target *tt, GLint level, GLsizei w, GLsizei h, GLsizei d,
                         GLint border)
{
    if (w < 0 || h < 0 || d < 0)
        return GL_INVALID_VALUE;
    if (border != 0 && border != 1)
        return GL_INVALID_VALUE;
    if (border && (tt->ti == TEX_RECT || tt->ti == TEX_1D_ARRAY || tt->ti == TEX_2D_ARRAY))
        return GL_INVALID_VALUE;
    GLsizei max = tt->ti == TEX_3D ? GLTEX_MAX_3D_SIZE : GLTEX_MAX_SIZE;
    max >>= level;
    if (w > max + 2 * border)
        return GL_INVALID_VALUE;
    if (tt->ti != TEX_1D) {
        GLsizei maxh = tt->ti == TEX_1D_ARRAY ? GLTEX_MAX_LAYERS : max + 2 * border;
        if (h > maxh)
            return GL_INVALID_VALUE;
    }
    if (tt->ti == TEX_3D || tt->ti == TEX_2D_ARRAY) {
        GLsizei maxd = tt->ti == TEX_2D_ARRAY ? GLTEX_MAX_LAYERS : max + 2 * border;
        if (d > maxd)
            return GL_INVALID_VALUE;
    }
    if (tt->ti == TEX_CUBE && w != h)
        return GL_INVALID_VALUE;
    if (border && (w < 2 || (tt->dims >= 2 && h < 2) || (tt->dims == 3 && d < 2)))
        return GL_INVALID_VALUE;
    return GL_NO_ERROR;
}

/* Defines the (face, level) image descriptor (storage not yet placed). */
static void define_image(gl_texobj *t, int face, unsigned level, GLenum ifmt, GLenum base,
                         enum pipe_format pf, bool compressed, GLsizei w, GLsizei h, GLsizei d,
                         GLint border)
{
    gl_teximage *im = &t->img[face][level];
    image_clear(im);
    im->defined = true;
    im->width = w;
    im->height = h;
    im->depth = d;
    im->border = border;
    im->internal_format = ifmt;
    im->base_format = base;
    im->format = pf;
    im->compressed = compressed;
}

/* Gives the image just defined its place (place_image); on failure the image
 * is undefined again and GL_OUT_OF_MEMORY recorded. The image, or NULL. */
static gl_teximage *place_defined(struct gl_context *ctx, gl_texobj *t, int face, GLint level)
{
    if (place_image(ctx, t, face, (unsigned)level))
        return &t->img[face][level];
    image_clear(&t->img[face][level]);
    gl_error(ctx, GL_OUT_OF_MEMORY);
    gl_tex_changed(ctx, t);
    return NULL;
}

static void image_changed(struct gl_context *ctx, gl_texobj *t, int face, unsigned level)
{
    gl_tex_changed(ctx, t);
    if (t->p.generate_mipmap && (GLint)level == t->p.base_level)
        gl_tex_auto_mipmap(ctx, t, face, (int)level);
}

/* ---- glTexImage ----------------------------------------------------------------- */

static void tex_image(struct gl_context *ctx, unsigned dims, GLenum target, GLint level,
                      GLint internalformat, GLsizei w, GLsizei h, GLsizei d, GLint border,
                      GLenum format, GLenum type, const void *pixels)
{
    tex_target tt;
    if (!decode_target(target, dims, true, dims == 2, &tt)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!check_level(ctx, &tt, level))
        return;
    GLenum ifmt = (GLenum)internalformat;
    switch (internalformat) { /* GL 1.0 component counts */
    case 1: ifmt = GL_LUMINANCE; break;
    case 2: ifmt = GL_LUMINANCE_ALPHA; break;
    case 3: ifmt = GL_RGB; break;
    case 4: ifmt = GL_RGBA; break;
    default: break;
    }
    const compressed_info *ci = compressed_lookup(ifmt);
    GLenum base = ci ? ci->base : gl_pixels_base_format(ifmt);
    if (!base) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLenum err = check_size(&tt, level, w, h, d, border);
    if (err) {
        gl_error(ctx, err);
        return;
    }
    err = gl_pixels_check(format, type);
    if (err) {
        gl_error(ctx, err);
        return;
    }
    if (is_depth_base(base) && tt.ti == TEX_3D) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (ci && (tt.ti == TEX_1D || tt.ti == TEX_3D || tt.ti == TEX_RECT || tt.ti == TEX_1D_ARRAY)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    /* Specific compressed formats given uncompressed data are stored
     * uncompressed (swr has no block encoder). */
    enum pipe_format pf =
        ci ? ci->fallback
           : gl_pixels_choose_format(ctx->screen, ifmt, format, type, PIPE_BIND_SAMPLER_VIEW);
    if (pf == PIPE_FORMAT_NONE) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    err = format_compat(base, pf, format);
    if (err) {
        gl_error(ctx, err);
        return;
    }
    GLsizei sw = w - 2 * border, sh = h, sd = d;
    if (tt.dims >= 2 && tt.ti != TEX_1D_ARRAY)
        sh = h - 2 * border;
    if (tt.dims == 3 && tt.ti != TEX_2D_ARRAY)
        sd = d - 2 * border;
    if (tt.dims == 1)
        sh = sd = 1;
    if (tt.dims == 2)
        sd = 1;
    if (tt.proxy) {
        gl_texobj *p = target_object(ctx, &tt);
        gl_teximage *im = &p->img[0][level];
        image_clear(im);
        struct pipe_resource tmpl;
        memset(&tmpl, 0, sizeof tmpl);
        struct pipe_box box;
        image_box(tt.ti, sw ? sw : 1, sh ? sh : 1, sd ? sd : 1, &box);
        tmpl.target = gl_tex_pipe_target(tt.ti);
        tmpl.format = pf;
        tmpl.width0 = (uint32_t)box.width;
        tmpl.height0 = (uint16_t)box.height;
        tmpl.depth0 = tt.ti == TEX_3D ? (uint16_t)box.depth : 1;
        tmpl.array_size = tt.ti == TEX_CUBE ? 6 : tt.ti == TEX_3D ? 1 : (uint16_t)box.depth;
        tmpl.bind = PIPE_BIND_SAMPLER_VIEW;
        bool ok = !ctx->screen->can_create_resource ||
                  ctx->screen->can_create_resource(ctx->screen, &tmpl);
        if (ok)
            define_image(p, 0, (unsigned)level, ifmt, base, pf, false, sw, sh, sd, border);
        return;
    }
    gl_texobj *t = target_object(ctx, &tt);
    const gl_pixelstore *ups = &ctx->pixels->unpack;
    gl_pixelstore ps = *ups;
    if (border) { /* strip the border: skip one texel on each side */
        if (!ps.row_length)
            ps.row_length = w;
        ps.skip_pixels += 1;
        if (tt.dims >= 2) {
            if (!ps.image_height)
                ps.image_height = h;
            ps.skip_rows += 1;
        }
        if (tt.dims == 3)
            ps.skip_images += 1;
    }
    gl_buffer *b = gl_vertex_bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER);
    if (b) {
        size_t span = gl_pixels_span(ups, format, type, w, h, d);
        uintptr_t off = (uintptr_t)pixels;
        if (b->mapped || off > (uintptr_t)b->size || span > (size_t)b->size - off) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
    }
    define_image(t, tt.face, (unsigned)level, ifmt, base, pf, false, sw, sh, sd, border);
    gl_teximage *im = place_defined(ctx, t, tt.face, level);
    if (!im)
        return;
    upload(ctx, t, im, 0, 0, 0, sw, sh, sd, format, type, pixels, &ps);
    image_changed(ctx, t, tt.face, (unsigned)level);
}

void swrgl_TexImage1D(struct gl_context *ctx, GLenum target, GLint level, GLint internalformat,
                      GLsizei width, GLint border, GLenum format, GLenum type, const void *pixels)
{
    tex_image(ctx, 1, target, level, internalformat, width, 1, 1, border, format, type, pixels);
}

void swrgl_TexImage2D(struct gl_context *ctx, GLenum target, GLint level, GLint internalformat,
                      GLsizei width, GLsizei height, GLint border, GLenum format, GLenum type,
                      const void *pixels)
{
    tex_image(ctx, 2, target, level, internalformat, width, height, 1, border, format, type,
              pixels);
}

void swrgl_TexImage3D(struct gl_context *ctx, GLenum target, GLint level, GLint internalformat,
                      GLsizei width, GLsizei height, GLsizei depth, GLint border, GLenum format,
                      GLenum type, const void *pixels)
{
    tex_image(ctx, 3, target, level, internalformat, width, height, depth, border, format, type,
              pixels);
}

/* ---- glTexSubImage ---------------------------------------------------------------- */

/* Looks up the image of a sub-image command and checks the region. */
static gl_teximage *sub_image(struct gl_context *ctx, unsigned dims, GLenum target, GLint level,
                              GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d,
                              gl_texobj **tout, tex_target *tt)
{
    if (!decode_target(target, dims, false, dims == 2, tt)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
    if (!check_level(ctx, tt, level))
        return NULL;
    if (w < 0 || h < 0 || d < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    gl_texobj *t = target_object(ctx, tt);
    gl_teximage *im = &t->img[tt->face][level];
    if (!im->defined) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    if (x < 0 || y < 0 || z < 0 || (int64_t)x + w > im->width || (int64_t)y + h > im->height ||
        (int64_t)z + d > im->depth) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    *tout = t;
    return im;
}

static void tex_sub_image(struct gl_context *ctx, unsigned dims, GLenum target, GLint level,
                          GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d,
                          GLenum format, GLenum type, const void *pixels)
{
    tex_target tt;
    gl_texobj *t;
    /* Format errors come before the image errors (enums first). */
    GLenum err = gl_pixels_check(format, type);
    if (err && err == GL_INVALID_ENUM) {
        gl_error(ctx, err);
        return;
    }
    gl_teximage *im = sub_image(ctx, dims, target, level, x, y, z, w, h, d, &t, &tt);
    if (!im)
        return;
    if (err) {
        gl_error(ctx, err);
        return;
    }
    if (im->compressed) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    err = format_compat(im->base_format, im->format, format);
    if (err) {
        gl_error(ctx, err);
        return;
    }
    upload(ctx, t, im, x, y, z, w, h, d, format, type, pixels, &ctx->pixels->unpack);
    image_changed(ctx, t, tt.face, (unsigned)level);
}

void swrgl_TexSubImage1D(struct gl_context *ctx, GLenum target, GLint level, GLint xoffset,
                         GLsizei width, GLenum format, GLenum type, const void *pixels)
{
    tex_sub_image(ctx, 1, target, level, xoffset, 0, 0, width, 1, 1, format, type, pixels);
}

void swrgl_TexSubImage2D(struct gl_context *ctx, GLenum target, GLint level, GLint xoffset,
                         GLint yoffset, GLsizei width, GLsizei height, GLenum format, GLenum type,
                         const void *pixels)
{
    tex_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, width, height, 1, format, type,
                  pixels);
}

void swrgl_TexSubImage3D(struct gl_context *ctx, GLenum target, GLint level, GLint xoffset,
                         GLint yoffset, GLint zoffset, GLsizei width, GLsizei height,
                         GLsizei depth, GLenum format, GLenum type, const void *pixels)
{
    tex_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset, width, height, depth, format,
                  type, pixels);
}

/* ---- compressed images ------------------------------------------------------------ */

static void compressed_upload(struct gl_context *ctx, gl_texobj *t, gl_teximage *im,
                              const compressed_info *ci, GLint x, GLint y, GLint z, GLsizei w,
                              GLsizei h, GLsizei d, const void *data, size_t size)
{
    if (!im->res || !w || !h || !d)
        return;
    struct pipe_transfer *btr;
    const void *src = client_mem(ctx, GL_PIXEL_UNPACK_BUFFER, data, size, &btr);
    if (!src)
        return;
    struct pipe_box box;
    region_box(t, im, x, y, z, w, h, d, &box); /* 2D, cube and 2D array targets only */
    unsigned stride = (unsigned)((w + 3) / 4) * ci->block_bytes;
    uint64_t layer = (uint64_t)stride * (uint64_t)((h + 3) / 4);
    ctx->pipe->texture_subdata(ctx->pipe, im->res, im->res_level, PIPE_MAP_WRITE, &box, src,
                               stride, layer);
    client_done(ctx, btr);
}

static void compressed_tex_image(struct gl_context *ctx, unsigned dims, GLenum target,
                                 GLint level, GLenum ifmt, GLsizei w, GLsizei h, GLsizei d,
                                 GLint border, GLsizei image_size, const void *data)
{
    tex_target tt;
    if (!decode_target(target, dims, true, dims == 2, &tt)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    const compressed_info *ci = compressed_lookup(ifmt);
    if (!ci) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (tt.ti == TEX_1D || tt.ti == TEX_1D_ARRAY || tt.ti == TEX_RECT) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (tt.ti == TEX_3D) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (!check_level(ctx, &tt, level))
        return;
    GLenum err = check_size(&tt, level, w, h, d, border);
    if (!err && border)
        err = GL_INVALID_VALUE;
    if (err) {
        gl_error(ctx, err);
        return;
    }
    if (image_size < 0 || (size_t)image_size != compressed_size(ci, w, h, d)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (tt.proxy) {
        gl_texobj *p = target_object(ctx, &tt);
        define_image(p, 0, (unsigned)level, ifmt, ci->base, ci->pf, true, w, h, d, 0);
        return;
    }
    gl_texobj *t = target_object(ctx, &tt);
    define_image(t, tt.face, (unsigned)level, ifmt, ci->base, ci->pf, true, w, h, d, 0);
    gl_teximage *im = place_defined(ctx, t, tt.face, level);
    if (!im)
        return;
    compressed_upload(ctx, t, im, ci, 0, 0, 0, w, h, d, data, (size_t)image_size);
    gl_tex_changed(ctx, t);
}

void swrgl_CompressedTexImage1D(struct gl_context *ctx, GLenum target, GLint level,
                                GLenum internalformat, GLsizei width, GLint border,
                                GLsizei imageSize, const void *data)
{
    compressed_tex_image(ctx, 1, target, level, internalformat, width, 1, 1, border, imageSize,
                         data);
}

void swrgl_CompressedTexImage2D(struct gl_context *ctx, GLenum target, GLint level,
                                GLenum internalformat, GLsizei width, GLsizei height, GLint border,
                                GLsizei imageSize, const void *data)
{
    compressed_tex_image(ctx, 2, target, level, internalformat, width, height, 1, border,
                         imageSize, data);
}

void swrgl_CompressedTexImage3D(struct gl_context *ctx, GLenum target, GLint level,
                                GLenum internalformat, GLsizei width, GLsizei height,
                                GLsizei depth, GLint border, GLsizei imageSize, const void *data)
{
    compressed_tex_image(ctx, 3, target, level, internalformat, width, height, depth, border,
                         imageSize, data);
}

static void compressed_sub_image(struct gl_context *ctx, unsigned dims, GLenum target,
                                 GLint level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h,
                                 GLsizei d, GLenum format, GLsizei image_size, const void *data)
{
    tex_target tt;
    gl_texobj *t;
    const compressed_info *ci = compressed_lookup(format);
    if (!ci) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_teximage *im = sub_image(ctx, dims, target, level, x, y, z, w, h, d, &t, &tt);
    if (!im)
        return;
    if (!im->compressed || im->internal_format != format) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if ((x % 4) || (y % 4) || ((w % 4) && x + w != im->width) ||
        ((h % 4) && y + h != im->height)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (image_size < 0 || (size_t)image_size != compressed_size(ci, w, h, d)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    compressed_upload(ctx, t, im, ci, x, y, z, w, h, d, data, (size_t)image_size);
    gl_tex_changed(ctx, t);
}

void swrgl_CompressedTexSubImage1D(struct gl_context *ctx, GLenum target, GLint level,
                                   GLint xoffset, GLsizei width, GLenum format, GLsizei imageSize,
                                   const void *data)
{
    compressed_sub_image(ctx, 1, target, level, xoffset, 0, 0, width, 1, 1, format, imageSize,
                         data);
}

void swrgl_CompressedTexSubImage2D(struct gl_context *ctx, GLenum target, GLint level,
                                   GLint xoffset, GLint yoffset, GLsizei width, GLsizei height,
                                   GLenum format, GLsizei imageSize, const void *data)
{
    compressed_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, width, height, 1, format,
                         imageSize, data);
}

void swrgl_CompressedTexSubImage3D(struct gl_context *ctx, GLenum target, GLint level,
                                   GLint xoffset, GLint yoffset, GLint zoffset, GLsizei width,
                                   GLsizei height, GLsizei depth, GLenum format,
                                   GLsizei imageSize, const void *data)
{
    compressed_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset, width, height, depth,
                         format, imageSize, data);
}

/* ---- read back --------------------------------------------------------------------- */

static gl_teximage *get_image_target(struct gl_context *ctx, GLenum target, GLint level,
                                     gl_texobj **tout)
{
    tex_target tt;
    int dims = 0;
    if (!decode_target(target, (unsigned)dims, false, true, &tt)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
    if (!check_level(ctx, &tt, level))
        return NULL;
    gl_texobj *t = target_object(ctx, &tt);
    *tout = t;
    return &t->img[tt.face][level];
}

void swrgl_GetTexImage(struct gl_context *ctx, GLenum target, GLint level, GLenum format,
                       GLenum type, void *pixels)
{
    if (target == GL_TEXTURE_CUBE_MAP) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_texobj *t;
    gl_teximage *im = get_image_target(ctx, target, level, &t);
    if (!im)
        return;
    GLenum err = gl_pixels_check(format, type);
    if (err) {
        gl_error(ctx, err);
        return;
    }
    if (!im->defined || !im->res || !im->width || !im->height || !im->depth)
        return;
    if (is_depth_format(format) != is_depth_base(im->base_format) ||
        (format == GL_DEPTH_STENCIL && im->base_format != GL_DEPTH_STENCIL)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    const fmt_desc *fd = fmt_get(im->format);
    if (fd && !is_depth_base(im->base_format) && fd->is_pure_int != is_integer_format(format)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    const gl_pixelstore *ps = &ctx->pixels->pack;
    size_t span = gl_pixels_span(ps, format, type, im->width, im->height, im->depth);
    struct pipe_transfer *btr, *tr;
    void *dst = client_mem(ctx, GL_PIXEL_PACK_BUFFER, pixels, span, &btr);
    if (!dst)
        return;
    struct pipe_box box;
    const uint8_t *src = map_image_read(ctx, t, im, &box, &tr);
    if (!src) {
        client_done(ctx, btr);
        return;
    }
    bool ok;
    if (t->target == TEX_1D_ARRAY)
        ok = gl_pixels_pack(ps, format, type, dst, im->width, im->height, 1, im->format,
                            im->base_format, src, (size_t)tr->layer_stride,
                            (size_t)tr->layer_stride * (size_t)im->height, false);
    else
        ok = gl_pixels_pack(ps, format, type, dst, im->width, im->height, im->depth, im->format,
                            im->base_format, src, tr->stride, (size_t)tr->layer_stride, false);
    ctx->pipe->texture_unmap(ctx->pipe, tr);
    client_done(ctx, btr);
    if (!ok)
        gl_error(ctx, GL_INVALID_OPERATION);
}

void swrgl_GetCompressedTexImage(struct gl_context *ctx, GLenum target, GLint level, void *img)
{
    if (target == GL_TEXTURE_CUBE_MAP) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_texobj *t;
    gl_teximage *im = get_image_target(ctx, target, level, &t);
    if (!im)
        return;
    const compressed_info *ci = compressed_lookup(im->internal_format);
    if (!im->defined || !im->compressed || !ci) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (!im->res)
        return;
    size_t size = compressed_size(ci, im->width, im->height, im->depth);
    struct pipe_transfer *btr, *tr;
    uint8_t *dst = client_mem(ctx, GL_PIXEL_PACK_BUFFER, img, size, &btr);
    if (!dst)
        return;
    struct pipe_box box;
    const uint8_t *src = map_image_read(ctx, t, im, &box, &tr);
    if (src) {
        size_t row = (size_t)((im->width + 3) / 4) * ci->block_bytes;
        unsigned rows = (unsigned)(im->height + 3) / 4;
        for (int z = 0; z < box.depth; z++)
            for (unsigned r = 0; r < rows; r++)
                memcpy(dst + ((size_t)z * rows + r) * row,
                       src + (size_t)z * tr->layer_stride + (size_t)r * tr->stride, row);
        ctx->pipe->texture_unmap(ctx->pipe, tr);
    }
    client_done(ctx, btr);
}

/* ---- glGetTexLevelParameter ----------------------------------------------------- */

typedef struct channel_bits {
    int r, g, b, a, l, i, z, s;
} channel_bits;

/* Bits per channel from the pipe format's name (R8G8B8A8, Z24..S8, ...). */
static channel_bits format_bits(enum pipe_format pf, GLenum base, bool compressed)
{
    channel_bits c = {0};
    const fmt_desc *fd = fmt_get(pf);
    if (compressed || !fd) {
        int v = compressed ? 8 : 0;
        switch (base) {
        case GL_RGBA: c.r = c.g = c.b = c.a = v; break;
        case GL_RGB: c.r = c.g = c.b = v; break;
        case GL_RG: c.r = c.g = v; break;
        case GL_RED: c.r = v; break;
        default: break;
        }
        return c;
    }
    const char *p = fd->name + strlen("PIPE_FORMAT_");
    int raw[256] = {0};
    while (*p && *p != '_') {
        char ch = *p++;
        int bits = 0;
        while (*p >= '0' && *p <= '9')
            bits = bits * 10 + (*p++ - '0');
        raw[(unsigned char)ch] += bits;
    }
    c.z = raw['Z'];
    c.s = raw['S'];
    switch (base) {
    case GL_RGBA: c.r = raw['R']; c.g = raw['G']; c.b = raw['B']; c.a = raw['A']; break;
    case GL_RGB: c.r = raw['R']; c.g = raw['G']; c.b = raw['B']; break;
    case GL_RG: c.r = raw['R']; c.g = raw['G']; break;
    case GL_RED: c.r = raw['R']; break;
    case GL_ALPHA: c.a = raw['A'] ? raw['A'] : raw['R']; break;
    case GL_LUMINANCE: c.l = raw['L'] ? raw['L'] : raw['R']; break;
    case GL_LUMINANCE_ALPHA:
        c.l = raw['L'] ? raw['L'] : raw['R'];
        c.a = raw['A'] ? raw['A'] : raw['G'];
        break;
    case GL_INTENSITY: c.i = raw['I'] ? raw['I'] : raw['R']; break;
    default: break;
    }
    return c;
}

static bool tex_level_parameter(struct gl_context *ctx, GLenum target, GLint level, GLenum pname,
                                GLint *out)
{
    tex_target tt;
    if (!decode_target(target, 0, true, true, &tt) || target == GL_TEXTURE_CUBE_MAP) {
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
    if (!check_level(ctx, &tt, level))
        return false;
    gl_texobj *t = target_object(ctx, &tt);
    const gl_teximage *im = &t->img[tt.face][level];
    bool def = im->defined;
    channel_bits c = def ? format_bits(im->format, im->base_format, im->compressed)
                         : (channel_bits){0};
    const fmt_desc *fd = def ? fmt_get(im->format) : NULL;
    switch (pname) {
    case GL_TEXTURE_WIDTH: *out = def ? im->width + 2 * im->border : 0; return true;
    case GL_TEXTURE_HEIGHT:
        *out = !def ? 0 : im->height + (tt.ti != TEX_1D_ARRAY && tt.ti != TEX_1D ? 2 * im->border : 0);
        return true;
    case GL_TEXTURE_DEPTH:
        *out = !def ? 0 : im->depth + (tt.ti == TEX_3D ? 2 * im->border : 0);
        return true;
    case GL_TEXTURE_BORDER: *out = def ? im->border : 0; return true;
    case GL_TEXTURE_INTERNAL_FORMAT: *out = def ? (GLint)im->internal_format : 1; return true;
    case GL_TEXTURE_RED_SIZE: *out = c.r; return true;
    case GL_TEXTURE_GREEN_SIZE: *out = c.g; return true;
    case GL_TEXTURE_BLUE_SIZE: *out = c.b; return true;
    case GL_TEXTURE_ALPHA_SIZE: *out = c.a; return true;
    case GL_TEXTURE_LUMINANCE_SIZE: *out = c.l; return true;
    case GL_TEXTURE_INTENSITY_SIZE: *out = c.i; return true;
    case GL_TEXTURE_DEPTH_SIZE: *out = c.z; return true;
    case GL_TEXTURE_STENCIL_SIZE: *out = c.s; return true;
    case GL_TEXTURE_SHARED_SIZE: *out = 0; return true;
    case GL_TEXTURE_COMPRESSED: *out = def && im->compressed; return true;
    case GL_TEXTURE_COMPRESSED_IMAGE_SIZE: {
        const compressed_info *ci = compressed_lookup(im->internal_format);
        if (!def || !im->compressed || !ci) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return false;
        }
        *out = (GLint)compressed_size(ci, im->width, im->height, im->depth);
        return true;
    }
    case GL_TEXTURE_RED_TYPE:
    case GL_TEXTURE_GREEN_TYPE:
    case GL_TEXTURE_BLUE_TYPE:
    case GL_TEXTURE_ALPHA_TYPE:
    case GL_TEXTURE_LUMINANCE_TYPE:
    case GL_TEXTURE_INTENSITY_TYPE:
    case GL_TEXTURE_DEPTH_TYPE: {
        int bits = pname == GL_TEXTURE_RED_TYPE     ? c.r
                   : pname == GL_TEXTURE_GREEN_TYPE ? c.g
                   : pname == GL_TEXTURE_BLUE_TYPE  ? c.b
                   : pname == GL_TEXTURE_ALPHA_TYPE ? c.a
                   : pname == GL_TEXTURE_LUMINANCE_TYPE ? c.l
                   : pname == GL_TEXTURE_INTENSITY_TYPE ? c.i
                                                        : c.z;
        GLenum ty = GL_NONE;
        if (bits && fd) {
            if (fd->is_float)
                ty = GL_FLOAT;
            else if (fd->is_pure_int)
                ty = fd->is_signed_int ? GL_INT : GL_UNSIGNED_INT;
            else if (strstr(fd->name, "SNORM"))
                ty = GL_SIGNED_NORMALIZED;
            else
                ty = GL_UNSIGNED_NORMALIZED;
            if (pname == GL_TEXTURE_DEPTH_TYPE && !strstr(fd->name, "FLOAT"))
                ty = GL_UNSIGNED_NORMALIZED;
        }
        *out = (GLint)ty;
        return true;
    }
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
}

void swrgl_GetTexLevelParameteriv(struct gl_context *ctx, GLenum target, GLint level,
                                  GLenum pname, GLint *params)
{
    GLint v;
    if (tex_level_parameter(ctx, target, level, pname, &v) && params)
        *params = v;
}

void swrgl_GetTexLevelParameterfv(struct gl_context *ctx, GLenum target, GLint level,
                                  GLenum pname, GLfloat *params)
{
    GLint v;
    if (tex_level_parameter(ctx, target, level, pname, &v) && params)
        *params = (GLfloat)v;
}

/* ---- mipmaps ----------------------------------------------------------------------- */

static void generate(struct gl_context *ctx, gl_texobj *t)
{
    GLint base = t->p.base_level;
    if (base < 0 || base >= GLTEX_MAX_LEVELS)
        return;
    const gl_teximage *b = &t->img[0][base];
    if (!b->defined || !b->width || !b->height || !b->depth || b->compressed)
        return;
    int ti = t->target;
    GLsizei ch = ti == TEX_1D || ti == TEX_1D_ARRAY ? 1 : b->height;
    GLsizei cd = ti == TEX_3D ? b->depth : 1;
    GLint q = base + (GLint)gl_tex_chain_levels(b->width, ch, cd) - 1;
    if (q > t->p.max_level)
        q = t->p.max_level;
    if (q >= (GLint)max_levels(ti))
        q = (GLint)max_levels(ti) - 1;
    if (q <= base)
        return;
    unsigned faces = ti == TEX_CUBE ? 6 : 1;
    gl_teximage bc = *b;
    for (unsigned f = 0; f < faces; f++) {
        for (GLint l = base + 1; l <= q; l++) {
            GLsizei w, h, d;
            chain_size(ti, &bc, (unsigned)(l - base), &w, &h, &d);
            gl_teximage *im = &t->img[f][l];
            if (!image_fits_chain(ti, &bc, (unsigned)(l - base), im) ||
                im->internal_format != bc.internal_format) {
                define_image(t, (int)f, (unsigned)l, bc.internal_format, bc.base_format, bc.format,
                             false, w, h, d, bc.border);
            }
        }
    }
    if (!gl_tex_storage(ctx, t, (unsigned)base, (unsigned)q))
        return;
    for (unsigned f = 0; f < faces; f++)
        for (GLint l = base; l <= q; l++)
            if (t->img[f][l].res != t->res && !place_image(ctx, t, (int)f, (unsigned)l))
                return;
    for (GLint l = base; l <= q; l++)
        if (t->img[0][l].res != t->res)
            return; /* could not gather the chain in one resource */
    unsigned lo = (unsigned)base - t->res_base, hi = (unsigned)q - t->res_base;
    unsigned layers = ti == TEX_3D ? 1 : t->res->array_size;
    if (!ctx->pipe->generate_mipmap(ctx->pipe, t->res, t->res->format, lo, hi, 0, layers - 1)) {
        /* Refused (depth, integer formats): fall back to blits level by level. */
        for (unsigned k = lo + 1; k <= hi; k++) {
            struct pipe_blit_info bi;
            memset(&bi, 0, sizeof bi);
            bi.src.resource = bi.dst.resource = t->res;
            bi.src.format = bi.dst.format = t->res->format;
            bi.src.level = k - 1;
            bi.dst.level = k;
            const gl_teximage *sa = &t->img[0][t->res_base + k - 1];
            const gl_teximage *da = &t->img[0][t->res_base + k];
            image_box(ti, sa->width, sa->height, sa->depth, &bi.src.box);
            image_box(ti, da->width, da->height, da->depth, &bi.dst.box);
            if (ti == TEX_CUBE)
                bi.src.box.depth = bi.dst.box.depth = 6;
            const fmt_desc *fd = fmt_get(t->res->format);
            bi.mask = fd && fd->is_depth ? PIPE_MASK_Z : PIPE_MASK_RGBA;
            bi.filter = PIPE_TEX_FILTER_NEAREST;
            ctx->pipe->blit(ctx->pipe, &bi);
        }
    }
    gl_tex_changed(ctx, t);
}

void gl_tex_auto_mipmap(struct gl_context *ctx, gl_texobj *t, int face, int level)
{
    (void)face;
    (void)level;
    generate(ctx, t);
}

void swrgl_GenerateMipmap(struct gl_context *ctx, GLenum target)
{
    int ti = gl_tex_target_index(target);
    if (ti < 0 || ti == TEX_RECT) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_texobj *t = gl_tex_current(ctx, ti);
    if (ti == TEX_CUBE) {
        GLint base = t->p.base_level;
        if (base < 0 || base >= GLTEX_MAX_LEVELS) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        const gl_teximage *b = &t->img[0][base];
        for (int f = 0; f < 6; f++) {
            const gl_teximage *o = &t->img[f][base];
            if (!o->defined || o->width != b->width || o->height != b->height ||
                o->internal_format != b->internal_format || !o->width) {
                gl_error(ctx, GL_INVALID_OPERATION);
                return;
            }
        }
    }
    generate(ctx, t);
}

/* ---- copies from the read framebuffer ------------------------------------------- */

/* Blits the rectangle (x, y, w, h) of the read colour buffer (or, for a
 * depth or depth/stencil image, of the depth buffer) to (dx, dy, dz) of an
 * image, clipping to the read buffer (pixels outside are undefined). */
static void copy_clipped(struct gl_context *ctx, gl_texobj *t, gl_teximage *im,
                         struct pipe_surface *s, unsigned mask, int32_t dx, int32_t dy, int32_t dz,
                         int32_t x, int32_t y, int32_t w, int32_t h);

/* The pipe blit mask of a copy into an image of this base format. */
static unsigned copy_mask(GLenum base)
{
    return base == GL_DEPTH_STENCIL     ? PIPE_MASK_ZS
           : base == GL_DEPTH_COMPONENT ? PIPE_MASK_Z
                                        : PIPE_MASK_RGBA;
}

static void copy_from_fb(struct gl_context *ctx, gl_texobj *t, gl_teximage *im, GLint dx_,
                         GLint dy_, GLint dz, int64_t x_, int64_t y_, GLsizei w_, GLsizei h_)
{
    unsigned mask = copy_mask(im->base_format);
    struct pipe_surface *s = mask == PIPE_MASK_RGBA ? gltex(ctx)->fb.read_color(ctx)
                                                    : gltex(ctx)->fb.read_depth(ctx);
    if (!s || !im->res)
        return;
    /* The rectangle is clipped in 64 bits: x, y near INT_MAX/INT_MIN (and
     * x + border) must not overflow; what is left fits the surface. */
    int64_t sw = s->width, sh = s->height;
    int64_t x = x_, y = y_, w = w_, h = h_, dx = dx_, dy = dy_;
    if (x < 0) {
        dx -= x;
        w += x;
        x = 0;
    }
    if (y < 0) {
        dy -= y;
        h += y;
        y = 0;
    }
    if (x + w > sw)
        w = sw - x;
    if (y + h > sh)
        h = sh - y;
    if (w <= 0 || h <= 0)
        return;
    copy_clipped(ctx, t, im, s, mask, (int32_t)dx, (int32_t)dy, dz, (int32_t)x, (int32_t)y,
                 (int32_t)w, (int32_t)h);
}

/* copy_from_fb once the rectangle lies inside the read surface. */
static void copy_clipped(struct gl_context *ctx, gl_texobj *t, gl_teximage *im,
                         struct pipe_surface *s, unsigned mask, int32_t dx, int32_t dy, int32_t dz,
                         int32_t x, int32_t y, int32_t w, int32_t h)
{
    struct pipe_blit_info bi;
    memset(&bi, 0, sizeof bi);
    bi.src.resource = s->texture;
    bi.src.level = s->u.tex.level;
    bi.src.format = s->format;
    bi.src.box = (struct pipe_box){x, y, (int32_t)s->u.tex.first_layer, w, h, 1};
    bi.dst.resource = im->res;
    bi.dst.level = im->res_level;
    bi.dst.format = im->res->format;
    if (t->target == TEX_1D_ARRAY)
        bi.dst.box = (struct pipe_box){dx, 0, dy + (int32_t)im->res_layer, w, 1, h};
    else
        bi.dst.box = (struct pipe_box){dx, dy, dz + (int32_t)im->res_layer, w, h, 1};
    if (t->target == TEX_1D_ARRAY && h > 1) {
        /* one row per layer */
        for (GLint r = 0; r < h; r++) {
            struct pipe_blit_info b1 = bi;
            b1.src.box.y = y + r;
            b1.src.box.height = 1;
            b1.dst.box.z = dy + r + (int32_t)im->res_layer;
            b1.dst.box.depth = 1;
            b1.mask = mask;
            ctx->pipe->blit(ctx->pipe, &b1);
        }
        return;
    }
    bi.mask = mask;
    bi.filter = PIPE_TEX_FILTER_NEAREST;
    ctx->pipe->blit(ctx->pipe, &bi);
}

/* glCopyTex*'s source exists: the depth buffer (with stencil for a
 * depth/stencil image) for a depth image, the colour read buffer otherwise. */
static bool read_source_ok(struct gl_context *ctx, GLenum base)
{
    if (!is_depth_base(base))
        return gltex(ctx)->fb.read_color(ctx) != NULL;
    struct pipe_surface *z = gltex(ctx)->fb.read_depth(ctx);
    if (!z)
        return false;
    const fmt_desc *d = fmt_get(z->format);
    return base != GL_DEPTH_STENCIL || (d && d->has_stencil);
}

static void copy_tex_image(struct gl_context *ctx, unsigned dims, GLenum target, GLint level,
                           GLenum ifmt, GLint x, GLint y, GLsizei w, GLsizei h, GLint border)
{
    tex_target tt;
    if (!decode_target(target, dims, false, dims == 2, &tt) || tt.ti == TEX_3D ||
        tt.ti == TEX_2D_ARRAY) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!check_level(ctx, &tt, level))
        return;
    const compressed_info *ci = compressed_lookup(ifmt);
    GLenum base = ci ? ci->base : gl_pixels_base_format(ifmt);
    if (!base || (ifmt >= 1 && ifmt <= 4)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLenum err = check_size(&tt, level, w, h, 1, border);
    if (err) {
        gl_error(ctx, err);
        return;
    }
    if (is_depth_base(base) && (tt.ti == TEX_1D_ARRAY || tt.ti == TEX_3D)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (gltex(ctx)->fb.read_status(ctx) != GL_FRAMEBUFFER_COMPLETE) {
        gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
        return;
    }
    /* a depth internal format reads the depth buffer, which must exist
     * (GL 3.3 section 3.8.5); the others the colour read buffer */
    if (!read_source_ok(ctx, base)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    enum pipe_format pf =
        ci ? ci->fallback
           : gl_pixels_choose_format(ctx->screen, ifmt, is_depth_base(base) ? base : GL_RGBA,
                                     is_depth_base(base) ? (base == GL_DEPTH_STENCIL
                                                                ? GL_UNSIGNED_INT_24_8
                                                                : GL_FLOAT)
                                                         : GL_FLOAT,
                                     PIPE_BIND_SAMPLER_VIEW);
    if (pf == PIPE_FORMAT_NONE) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_texobj *t = target_object(ctx, &tt);
    GLsizei sw = w - 2 * border, sh = dims == 2 && tt.ti != TEX_1D_ARRAY ? h - 2 * border : h;
    if (dims == 1)
        sh = 1;
    define_image(t, tt.face, (unsigned)level, ifmt, base, pf, false, sw, sh, 1, border);
    gl_teximage *im = place_defined(ctx, t, tt.face, level);
    if (!im)
        return;
    copy_from_fb(ctx, t, im, 0, 0, 0, (int64_t)x + border,
                 dims == 2 && tt.ti != TEX_1D_ARRAY ? (int64_t)y + border : y, sw, sh);
    image_changed(ctx, t, tt.face, (unsigned)level);
}

void swrgl_CopyTexImage1D(struct gl_context *ctx, GLenum target, GLint level,
                          GLenum internalformat, GLint x, GLint y, GLsizei width, GLint border)
{
    copy_tex_image(ctx, 1, target, level, internalformat, x, y, width, 1, border);
}

void swrgl_CopyTexImage2D(struct gl_context *ctx, GLenum target, GLint level,
                          GLenum internalformat, GLint x, GLint y, GLsizei width, GLsizei height,
                          GLint border)
{
    copy_tex_image(ctx, 2, target, level, internalformat, x, y, width, height, border);
}

static void copy_tex_sub_image(struct gl_context *ctx, unsigned dims, GLenum target, GLint level,
                               GLint xo, GLint yo, GLint zo, GLint x, GLint y, GLsizei w,
                               GLsizei h)
{
    tex_target tt;
    gl_texobj *t;
    gl_teximage *im = sub_image(ctx, dims, target, level, xo, yo, zo, w, h, 1, &t, &tt);
    if (!im)
        return;
    if (gltex(ctx)->fb.read_status(ctx) != GL_FRAMEBUFFER_COMPLETE) {
        gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
        return;
    }
    if (im->compressed || !read_source_ok(ctx, im->base_format)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    copy_from_fb(ctx, t, im, xo, yo, zo, x, y, w, h);
    image_changed(ctx, t, tt.face, (unsigned)level);
}

void swrgl_CopyTexSubImage1D(struct gl_context *ctx, GLenum target, GLint level, GLint xoffset,
                             GLint x, GLint y, GLsizei width)
{
    copy_tex_sub_image(ctx, 1, target, level, xoffset, 0, 0, x, y, width, 1);
}

void swrgl_CopyTexSubImage2D(struct gl_context *ctx, GLenum target, GLint level, GLint xoffset,
                             GLint yoffset, GLint x, GLint y, GLsizei width, GLsizei height)
{
    copy_tex_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, x, y, width, height);
}

void swrgl_CopyTexSubImage3D(struct gl_context *ctx, GLenum target, GLint level, GLint xoffset,
                             GLint yoffset, GLint zoffset, GLint x, GLint y, GLsizei width,
                             GLsizei height)
{
    copy_tex_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset, x, y, width, height);
}
