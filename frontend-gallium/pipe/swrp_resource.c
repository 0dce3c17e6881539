/*
 * swrp_resource.c: resource creation and destruction (the screen's
 * resource_create / can_create_resource / resource_destroy), the layout of
 * swrp_resource.h, format support rules (is_format_supported), the vertex
 * format table, and the bridges from a resource to the engine (surface
 * pointers) and to the sampler (swrp_sampler_view).
 *
 * In: templates from the front end, validated here (a bad template gives
 * NULL, never a crash). Out: swrp_resource objects whose storage is plain
 * 64-byte aligned host memory. Called on any thread (screen methods);
 * nothing here blocks except resource_destroy, which never waits either:
 * storage the engine may still read goes to the screen's deferred-free
 * list (swrp_screen.c) and is freed when its fences signal.
 */
#include "frontend-gallium/pipe/swrp_resource.h"

#include <stdlib.h>
#include <string.h>

#include "common/swr_state.h"

/* ---- format support ---------------------------------------------------- */

/* Binds a buffer may carry: everything that reads or writes plain bytes.
 * Stream output, shader buffers and the like are refused by the caps, not
 * here: a buffer created for them is still just memory. */
#define BUFFER_BINDS                                                                               \
    (PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER | PIPE_BIND_CONSTANT_BUFFER |                \
     PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_STREAM_OUTPUT | PIPE_BIND_CUSTOM | PIPE_BIND_GLOBAL |       \
     PIPE_BIND_SHADER_BUFFER | PIPE_BIND_COMMAND_ARGS_BUFFER | PIPE_BIND_QUERY_BUFFER |            \
     PIPE_BIND_SHARED | PIPE_BIND_LINEAR)

/* Binds a texture may carry. */
#define TEXTURE_BINDS                                                                              \
    (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL | PIPE_BIND_BLENDABLE |                     \
     PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SCANOUT | PIPE_BIND_SHARED |     \
     PIPE_BIND_LINEAR)

static bool target_is_array(enum pipe_texture_target t)
{
    return t == PIPE_TEXTURE_1D_ARRAY || t == PIPE_TEXTURE_2D_ARRAY || t == PIPE_TEXTURE_CUBE_ARRAY;
}

/* Compressed (4x4 block) formats are 2D-image formats: 2D, arrays of 2D,
 * cubes and 3D (a stack of block images, one per slice). */
static bool compressed_target_ok(enum pipe_texture_target t)
{
    return t == PIPE_TEXTURE_2D || t == PIPE_TEXTURE_2D_ARRAY || t == PIPE_TEXTURE_CUBE ||
           t == PIPE_TEXTURE_CUBE_ARRAY || t == PIPE_TEXTURE_3D;
}

bool swrp_format_supported(enum pipe_format format, enum pipe_texture_target target,
                           unsigned sample_count, unsigned storage_sample_count, unsigned bind)
{
    const fmt_desc *d = fmt_get(format);
    if (!d || (unsigned)target >= PIPE_MAX_TEXTURE_TYPES)
        return false;
    /* No multisampling yet: 0 and 1 both mean one sample. */
    if (sample_count > 1 || storage_sample_count > 1)
        return false;
    bool is_buffer = target == PIPE_BUFFER;
    if (bind & ~(is_buffer ? BUFFER_BINDS : TEXTURE_BINDS))
        return false;
    if (d->is_compressed && (is_buffer || !compressed_target_ok(target)))
        return false;
    if (bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_BLENDABLE | PIPE_BIND_DISPLAY_TARGET |
                PIPE_BIND_SCANOUT)) {
        /* The engine renders and blends every colour format it has. */
        if (!fmt_is_renderable(d) || d->is_depth)
            return false;
    }
    if (bind & PIPE_BIND_DEPTH_STENCIL) {
        /* S8_UINT alone has no engine format, so it is refused here. */
        if (!fmt_is_renderable(d) || !d->is_depth || target == PIPE_TEXTURE_3D)
            return false;
    }
    if ((bind & PIPE_BIND_SAMPLER_VIEW) && is_buffer) {
        /* Texture buffers are fetched texel by texel (TXF): plain formats. */
        if (d->is_depth)
            return false;
    }
    if (bind & PIPE_BIND_VERTEX_BUFFER) {
        uint8_t vtype, comps;
        if (!swrp_vertex_format(format, &vtype, &comps))
            return false;
    }
    if (bind & PIPE_BIND_INDEX_BUFFER) {
        /* Index sizes 1, 2, 4 (swr_set_index_buffer). */
        if (format != PIPE_FORMAT_R8_UINT && format != PIPE_FORMAT_R16_UINT &&
            format != PIPE_FORMAT_R32_UINT)
            return false;
    }
    return true;
}

/* ---- vertex formats ---------------------------------------------------- */

bool swrp_vertex_format(enum pipe_format f, uint8_t *vtype, uint8_t *components)
{
    uint8_t t, n;
    switch (f) {
#define VF(fmt, type, count)                                                                       \
    case PIPE_FORMAT_##fmt:                                                                        \
        t = SWR_VTYPE_##type;                                                                      \
        n = count;                                                                                 \
        break;
        VF(R32_FLOAT, FLOAT32, 1)
        VF(R32G32_FLOAT, FLOAT32, 2)
        VF(R32G32B32_FLOAT, FLOAT32, 3)
        VF(R32G32B32A32_FLOAT, FLOAT32, 4)
        VF(R32_UINT, UINT32, 1)
        VF(R32G32_UINT, UINT32, 2)
        VF(R32G32B32_UINT, UINT32, 3)
        VF(R32G32B32A32_UINT, UINT32, 4)
        VF(R32_SINT, SINT32, 1)
        VF(R32G32_SINT, SINT32, 2)
        VF(R32G32B32_SINT, SINT32, 3)
        VF(R32G32B32A32_SINT, SINT32, 4)
        VF(R16_FLOAT, FLOAT16, 1)
        VF(R16G16_FLOAT, FLOAT16, 2)
        VF(R16G16B16_FLOAT, FLOAT16, 3)
        VF(R16G16B16A16_FLOAT, FLOAT16, 4)
        VF(R16_UNORM, UNORM16, 1)
        VF(R16G16_UNORM, UNORM16, 2)
        VF(R16G16B16_UNORM, UNORM16, 3)
        VF(R16G16B16A16_UNORM, UNORM16, 4)
        VF(R16_SNORM, SNORM16, 1)
        VF(R16G16_SNORM, SNORM16, 2)
        VF(R16G16B16_SNORM, SNORM16, 3)
        VF(R16G16B16A16_SNORM, SNORM16, 4)
        VF(R16_UINT, UINT16, 1)
        VF(R16G16_UINT, UINT16, 2)
        VF(R16G16B16_UINT, UINT16, 3)
        VF(R16G16B16A16_UINT, UINT16, 4)
        VF(R16_SINT, SINT16, 1)
        VF(R16G16_SINT, SINT16, 2)
        VF(R16G16B16_SINT, SINT16, 3)
        VF(R16G16B16A16_SINT, SINT16, 4)
        VF(R8_UNORM, UNORM8, 1)
        VF(R8G8_UNORM, UNORM8, 2)
        VF(R8G8B8_UNORM, UNORM8, 3)
        VF(R8G8B8A8_UNORM, UNORM8, 4)
        VF(R8_SNORM, SNORM8, 1)
        VF(R8G8_SNORM, SNORM8, 2)
        VF(R8G8B8_SNORM, SNORM8, 3)
        VF(R8G8B8A8_SNORM, SNORM8, 4)
        VF(R8_UINT, UINT8, 1)
        VF(R8G8_UINT, UINT8, 2)
        VF(R8G8B8_UINT, UINT8, 3)
        VF(R8G8B8A8_UINT, UINT8, 4)
        VF(R8_SINT, SINT8, 1)
        VF(R8G8_SINT, SINT8, 2)
        VF(R8G8B8_SINT, SINT8, 3)
        VF(R8G8B8A8_SINT, SINT8, 4)
        VF(B8G8R8A8_UNORM, BGRA8_UNORM, 4)
        VF(R10G10B10A2_UNORM, UNORM10_10_10_2, 4)
        VF(R10G10B10A2_SNORM, SNORM10_10_10_2, 4)
        VF(R10G10B10A2_UINT, UINT10_10_10_2, 4)
        VF(B10G10R10A2_UNORM, BGR10A2_UNORM, 4)
#undef VF
    default:
        return false;
    }
    if (vtype)
        *vtype = t;
    if (components)
        *components = n;
    return true;
}

/* ---- layout ------------------------------------------------------------- */

static uint64_t align64(uint64_t x)
{
    return (x + SWRP_STORAGE_ALIGN - 1) & ~(uint64_t)(SWRP_STORAGE_ALIGN - 1);
}

static uint32_t minify(uint32_t x, unsigned l)
{
    uint32_t v = x >> l;
    return v ? v : 1;
}

/* Checks the docs' per-target rules (Resources chapter, 5.2) and swr's
 * size limits. */
static bool template_shape_ok(const struct pipe_resource *t, const fmt_desc *d)
{
    uint32_t w = t->width0, h = t->height0, dp = t->depth0, a = t->array_size;
    if (!w || !h || !dp || !a || t->last_level >= PIPE_MAX_TEXTURE_LEVELS)
        return false;
    switch (t->target) {
    case PIPE_BUFFER:
        return h == 1 && dp == 1 && a == 1 && t->last_level == 0 && d->block_w == 1 &&
               d->block_h == 1;
    case PIPE_TEXTURE_1D:
    case PIPE_TEXTURE_1D_ARRAY:
        if (h != 1 || dp != 1 || w > SWRP_MAX_TEXTURE_2D_SIZE)
            return false;
        break;
    case PIPE_TEXTURE_2D:
    case PIPE_TEXTURE_2D_ARRAY:
        if (dp != 1 || w > SWRP_MAX_TEXTURE_2D_SIZE || h > SWRP_MAX_TEXTURE_2D_SIZE)
            return false;
        break;
    case PIPE_TEXTURE_RECT:
        if (dp != 1 || a != 1 || t->last_level != 0 || w > SWRP_MAX_TEXTURE_2D_SIZE ||
            h > SWRP_MAX_TEXTURE_2D_SIZE)
            return false;
        break;
    case PIPE_TEXTURE_3D:
        if (a != 1 || w > SWRP_MAX_TEXTURE_3D_SIZE || h > SWRP_MAX_TEXTURE_3D_SIZE ||
            dp > SWRP_MAX_TEXTURE_3D_SIZE)
            return false;
        break;
    case PIPE_TEXTURE_CUBE:
    case PIPE_TEXTURE_CUBE_ARRAY:
        if (dp != 1 || w != h || w > SWRP_MAX_TEXTURE_2D_SIZE || a % 6 != 0 ||
            (t->target == PIPE_TEXTURE_CUBE && a != 6))
            return false;
        break;
    default:
        return false;
    }
    if (!target_is_array(t->target) && t->target != PIPE_TEXTURE_CUBE && a != 1)
        return false;
    if (a > SWRP_MAX_TEXTURE_ARRAY_LAYERS) /* cube arrays count faces, as GL does */
        return false;
    /* A mip chain ends at 1x1x1: more levels than log2(max side) + 1 is invalid. */
    uint32_t big = w > h ? w : h;
    if (t->target == PIPE_TEXTURE_3D && dp > big)
        big = dp;
    unsigned levels = 1;
    while (big >> levels)
        levels++;
    return t->last_level < levels;
}

bool swrp_resource_layout(const struct pipe_resource *templ, swrp_level_layout *level,
                          uint32_t *num_layers, uint64_t *total_bytes)
{
    if (!templ)
        return false;
    const fmt_desc *d = fmt_get(templ->format);
    if (!d || !template_shape_ok(templ, d))
        return false;
    if (templ->target == PIPE_BUFFER) {
        memset(level, 0, sizeof *level);
        level->width = templ->width0;
        level->height = level->depth = 1;
        level->nblocks_x = templ->width0 / d->block_bytes;
        level->nblocks_y = 1;
        level->row_pitch = templ->width0;
        level->layer_pitch = templ->width0;
        *num_layers = 1;
        *total_bytes = templ->width0;
        return true;
    }
    uint32_t layers = templ->target == PIPE_TEXTURE_3D ? 1 : templ->array_size;
    uint64_t off = 0;
    for (unsigned l = 0; l <= templ->last_level; l++) {
        swrp_level_layout *lv = &level[l];
        lv->width = minify(templ->width0, l);
        lv->height = minify(templ->height0, l);
        lv->depth = templ->target == PIPE_TEXTURE_3D ? minify(templ->depth0, l) : layers;
        lv->nblocks_x = (lv->width + d->block_w - 1) / d->block_w;
        lv->nblocks_y = (lv->height + d->block_h - 1) / d->block_h;
        uint64_t row = align64((uint64_t)lv->nblocks_x * d->block_bytes);
        lv->row_pitch = (uint32_t)row; /* <= 16384 * 16 bytes */
        lv->layer_pitch = row * lv->nblocks_y;
        /* The sampler's swrp_tex_level keeps a 32-bit layer pitch; only
         * single-layer levels (where it is never multiplied) may exceed it. */
        if (lv->depth > 1 && lv->layer_pitch > UINT32_MAX)
            return false;
        lv->offset = (size_t)off;
        off += lv->layer_pitch * lv->depth;
        if (off > SWRP_MAX_RESOURCE_BYTES)
            return false;
    }
    *num_layers = layers;
    *total_bytes = off;
    return true;
}

/* ---- creation and destruction ------------------------------------------- */

/* Buffers are bytes: their format (R8_UNORM by convention) is not checked
 * against each bind the way a texture's is (an INDEX_BUFFER buffer is
 * R8_UNORM; the index size comes with the draw). */
static bool resource_template_ok(const struct pipe_resource *t)
{
    if (!t)
        return false;
    if (t->target == PIPE_BUFFER) {
        const fmt_desc *d = fmt_get(t->format);
        return d && !d->is_compressed && !(t->bind & ~BUFFER_BINDS) && t->nr_samples <= 1 &&
               t->nr_storage_samples <= 1;
    }
    return swrp_format_supported(t->format, t->target, t->nr_samples, t->nr_storage_samples,
                                 t->bind);
}

static bool can_create_resource(struct pipe_screen *screen, const struct pipe_resource *templ)
{
    (void)screen;
    swrp_level_layout lv[PIPE_MAX_TEXTURE_LEVELS];
    uint32_t layers;
    uint64_t bytes;
    return resource_template_ok(templ) && swrp_resource_layout(templ, lv, &layers, &bytes);
}

static struct pipe_resource *resource_create(struct pipe_screen *screen,
                                             const struct pipe_resource *templ)
{
    if (!screen || !resource_template_ok(templ))
        return NULL;
    swrp_resource *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    uint64_t bytes;
    if (!swrp_resource_layout(templ, r->level, &r->num_layers, &bytes))
        goto fail;
    r->base = *templ;
    r->fmt = fmt_get(templ->format);
    r->size = (size_t)align64(bytes);
    r->data = aligned_alloc(SWRP_STORAGE_ALIGN, r->size);
    if (!r->data)
        goto fail;
    if (pthread_mutex_init(&r->lock, NULL) != 0)
        goto fail;
    pipe_reference_init(&r->base.reference, 1);
    r->base.screen = screen;
    return &r->base;
fail:
    free(r->data);
    free(r);
    return NULL;
}

static void resource_destroy(struct pipe_screen *screen, struct pipe_resource *pt)
{
    if (!pt)
        return;
    swrp_resource *r = swrp_resource_of(pt);
    /* Bound state of a context may still be read by queued engine work; the
     * storage lives on until that work is done. */
    swrp_screen_defer_free(swrp_screen_of(screen), r->data, r->users);
    pthread_mutex_destroy(&r->lock);
    free(r);
}

void swrp_resource_init_screen(struct pipe_screen *screen)
{
    screen->can_create_resource = can_create_resource;
    screen->resource_create = resource_create;
    screen->resource_destroy = resource_destroy;
}

/* ---- views into the storage ------------------------------------------ */

bool swrp_resource_level(const struct pipe_resource *res, unsigned level, unsigned layer,
                         swrp_level_ptr *out)
{
    if (!res || !out || level > res->last_level)
        return false;
    const swrp_resource *r = (const swrp_resource *)res;
    const swrp_level_layout *lv = &r->level[level];
    if (layer >= lv->depth)
        return false;
    out->ptr = r->data + lv->offset + (size_t)layer * lv->layer_pitch;
    out->row_pitch = lv->row_pitch;
    out->layer_pitch = lv->layer_pitch;
    out->width = lv->width;
    out->height = lv->height;
    out->depth = lv->depth;
    return true;
}

/* Targets a resource of target `res` may be viewed as (ARB_texture_view's
 * table, plus a 2D texture viewed as RECT for GL's sake). */
static bool view_target_ok(enum pipe_texture_target res, enum pipe_texture_target view,
                           uint32_t layers, uint32_t view_layers)
{
    if (res == view)
        return view != PIPE_TEXTURE_CUBE || view_layers == 6;
    switch (res) {
    case PIPE_TEXTURE_1D:
    case PIPE_TEXTURE_1D_ARRAY:
        return view == PIPE_TEXTURE_1D || view == PIPE_TEXTURE_1D_ARRAY;
    case PIPE_TEXTURE_2D:
    case PIPE_TEXTURE_RECT:
        return view == PIPE_TEXTURE_2D || view == PIPE_TEXTURE_2D_ARRAY ||
               view == PIPE_TEXTURE_RECT;
    case PIPE_TEXTURE_2D_ARRAY:
    case PIPE_TEXTURE_CUBE:
    case PIPE_TEXTURE_CUBE_ARRAY:
        if (view == PIPE_TEXTURE_2D || view == PIPE_TEXTURE_2D_ARRAY)
            return true;
        if (view == PIPE_TEXTURE_CUBE)
            return view_layers == 6;
        if (view == PIPE_TEXTURE_CUBE_ARRAY)
            return view_layers % 6 == 0;
        return false;
    default:
        (void)layers;
        return false;
    }
}

bool swrp_sampler_view_from_resource(swrp_sampler_view *out, const struct pipe_resource *res,
                                     const struct pipe_sampler_view *templ)
{
    if (!out || !res || !templ)
        return false;
    const swrp_resource *r = (const swrp_resource *)res;
    const fmt_desc *vf = fmt_get(templ->format);
    if (!vf)
        return false;
    /* A buffer is bytes: any plain format may view it. A texture view must
     * keep the texel (block) size. */
    if (res->target != PIPE_BUFFER &&
        (vf->block_bytes != r->fmt->block_bytes || vf->block_w != r->fmt->block_w ||
         vf->block_h != r->fmt->block_h))
        return false;
    if (res->target == PIPE_BUFFER && (vf->is_compressed || vf->is_depth))
        return false;
    memset(out, 0, sizeof *out);
    out->fmt = vf;
    out->data = r->data;
    out->target = templ->target;
    out->swizzle[0] = templ->swizzle_r;
    out->swizzle[1] = templ->swizzle_g;
    out->swizzle[2] = templ->swizzle_b;
    out->swizzle[3] = templ->swizzle_a;
    for (int c = 0; c < 4; c++)
        if (out->swizzle[c] > PIPE_SWIZZLE_1)
            return false;
    if (res->target == PIPE_BUFFER || templ->target == PIPE_BUFFER) {
        if (res->target != PIPE_BUFFER || templ->target != PIPE_BUFFER)
            return false;
        uint64_t end = (uint64_t)templ->u.buf.offset + templ->u.buf.size;
        if (end > res->width0 || templ->u.buf.offset % vf->block_bytes ||
            templ->u.buf.size % vf->block_bytes)
            return false;
        out->first_element = templ->u.buf.offset / vf->block_bytes;
        out->num_elements = templ->u.buf.size / vf->block_bytes;
        out->level[0] = (swrp_tex_level){0, res->width0, res->width0, res->width0, 1, 1};
        swrp_sampler_view_prepare(out);
        return true;
    }
    uint32_t fl = templ->u.tex.first_level, ll = templ->u.tex.last_level;
    uint32_t fa = templ->u.tex.first_layer, la = templ->u.tex.last_layer;
    if (fl > ll || ll > res->last_level || fa > la)
        return false;
    if (res->target == PIPE_TEXTURE_3D) {
        /* A 3D view covers every slice of every level; layers must be 0. */
        if (templ->target != PIPE_TEXTURE_3D || fa != 0 || la != 0)
            return false;
    } else if (la >= r->num_layers ||
               !view_target_ok(res->target, templ->target, r->num_layers, la - fa + 1)) {
        return false;
    }
    out->first_level = fl;
    out->last_level = ll;
    out->first_layer = fa;
    out->last_layer = la;
    for (uint32_t l = 0; l <= res->last_level; l++) {
        const swrp_level_layout *lv = &r->level[l];
        out->level[l].offset = lv->offset;
        out->level[l].row_pitch = lv->row_pitch;
        out->level[l].layer_pitch =
            lv->layer_pitch > UINT32_MAX ? UINT32_MAX : (uint32_t)lv->layer_pitch;
        out->level[l].width = lv->width;
        out->level[l].height = lv->height;
        out->level[l].depth = lv->depth;
    }
    swrp_sampler_view_prepare(out);
    return true;
}
