/*
 * swrp_sampler.c: texture sampling for shaders (swr_sampler_interface).
 *
 * In: a swr_tex_request of 8 lanes (coordinates, derivatives, LOD, shadow
 * reference, offsets) and the resolved views and sampler states of
 * swrp_sampler.h. Out: 4 channels per lane, float or integer bits. Called
 * by shaders on worker threads, many at once; reads only.
 *
 * Two paths. The fast path handles the common case (2D RGBA8/BGRA8 UNORM
 * and their X8 forms, whose alpha reads 1,
 * bilinear or trilinear, repeat or clamp-to-edge, normalized coordinates,
 * no compare, offsets or anisotropy) for all 8 lanes at once in AVX2:
 * LOD per lane (skipped when every lane magnifies), one level for all lanes
 * when they agree (no gathers of level sizes), texel pairs as 64-bit loads
 * when no lane's footprint wraps, and bilinear weights applied in 16-bit
 * fixed point (channels x 128, Q15 weights; error < 1e-4 of full scale).
 * The generic path handles everything, one lane at a time, following the
 * OpenGL 4.6 rules (section 8.14): LOD from the derivatives scaled by the
 * base level's size, lambda = log2(rho) + clamp(biases), clamped to
 * [min_lod, max_lod]; magnification when lambda <= 0 (c = 0); wrap by the
 * integer-texel table 8.20; cube faces by table 8.19; seamless cube edges
 * from the neighbouring face, corners as the mean of the three texels;
 * shadow compare per texel before filtering; anisotropy as N samples along
 * the major axis. Texels come through the format table (format/fmt.h),
 * which decodes sRGB before filtering.
 *
 * Invariant: every texel address is computed from indices that were
 * clamped or wrapped into the level, layer and level range of the view, so
 * no input (NaN, inf, huge values, garbage in lanes outside the mask) can
 * make the sampler read outside the view's memory. Lanes outside the mask
 * do no work; their results are 0 (the fast path computes them on texels
 * within the view and discards them).
 */
#include "frontend-gallium/pipe/swrp_sampler.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/simd.h"
#include "common/simd.h"

/* Texel-space coordinates are clamped to +-2^24 before float->int
 * conversion: every texture is far smaller, floats are whole numbers there
 * already, and the clamp keeps NaN and inf out of the conversions. */
#define COORD_LIMIT 16777216.0f

/* 1 / 255: UNORM8 to float. */
#define UNORM8_SCALE (1.0f / 255.0f)

typedef union texel4 {
    float f[4];
    uint32_t u[4];
} texel4;

/* Per-lane state of the generic path: what the request and the view say
 * once, before filtering. */
typedef struct lane_ctx {
    const swrp_sampler_view *v;
    const swrp_sampler_state *ss;
    const fmt_desc *fmt;
    unsigned target; /* pipe_texture_target of the view */
    unsigned dims;   /* 1, 2 or 3 filtered dimensions (cube: 2) */
    bool cube, is_int, compare, seamless, normalized;
    bool mag_linear, min_linear;
    bool aniso_x; /* anisotropic samples along d/dx (else d/dy) */
    unsigned mip_filter;
    unsigned compare_func;
    float ref;
    uint32_t layer;  /* absolute layer (cube: face 0 of the cube) */
    uint32_t base, last; /* levels */
    int32_t off[3];
    uint8_t wrap_near[3], wrap_lin[3];
    float border_lo, border_hi; /* normalized formats clamp the border colour */
} lane_ctx;

/* ---- scalar helpers ----------------------------------------------------- */

static inline int32_t clampi(int32_t x, int32_t lo, int32_t hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* NaN -> -COORD_LIMIT, else clamped to +-COORD_LIMIT. */
static inline float sane(float u)
{
    if (!(u >= -COORD_LIMIT))
        return -COORD_LIMIT;
    return u > COORD_LIMIT ? COORD_LIMIT : u;
}

static inline int32_t ifloor(float u) { return (int32_t)floorf(sane(u)); }

static inline float lerp(float a, float b, float w) { return a + w * (b - a); }

/* GL 4.6 table 8.20 on integer texel indices; -1 means the border colour. */
static int32_t wrap_index(unsigned mode, int32_t i, int32_t size)
{
    int32_t m;
    switch (mode) {
    case PIPE_TEX_WRAP_REPEAT:
        m = i % size;
        return m < 0 ? m + size : m;
    case PIPE_TEX_WRAP_CLAMP:
    case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
        return i < 0 || i >= size ? -1 : i;
    case PIPE_TEX_WRAP_MIRROR_REPEAT:
        m = i % (2 * size);
        if (m < 0)
            m += 2 * size;
        return m < size ? m : 2 * size - 1 - m;
    case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
        m = i < 0 ? -1 - i : i;
        return m >= size ? size - 1 : m;
    case PIPE_TEX_WRAP_MIRROR_CLAMP:
    case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
        m = i < 0 ? -1 - i : i;
        return m >= size ? -1 : m;
    default: /* CLAMP_TO_EDGE */
        return clampi(i, 0, size - 1);
    }
}

/* Nearest filtering never reaches the border of the legacy clamp modes
 * (their coordinate is clamped to [0, size] first, and i = size picks the
 * last texel), so they wrap like their to-edge versions. */
static unsigned wrap_for_nearest(unsigned mode)
{
    if (mode == PIPE_TEX_WRAP_CLAMP)
        return PIPE_TEX_WRAP_CLAMP_TO_EDGE;
    if (mode == PIPE_TEX_WRAP_MIRROR_CLAMP)
        return PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE;
    return mode;
}

/* Linear filtering with the legacy clamp modes clamps the texel-space
 * coordinate to [0, size] (mirrored: |u| first); the footprint may then
 * reach the border. */
static float wrap_coord_linear(unsigned mode, float u, float size)
{
    if (mode == PIPE_TEX_WRAP_CLAMP)
        return fminf(fmaxf(u, 0.0f), size);
    if (mode == PIPE_TEX_WRAP_MIRROR_CLAMP)
        return fminf(fabsf(u), size);
    return u;
}

static float compare_texel(unsigned func, float ref, float d)
{
    bool r;
    switch (func) {
    case PIPE_FUNC_LESS: r = ref < d; break;
    case PIPE_FUNC_EQUAL: r = ref == d; break;
    case PIPE_FUNC_LEQUAL: r = ref <= d; break;
    case PIPE_FUNC_GREATER: r = ref > d; break;
    case PIPE_FUNC_NOTEQUAL: r = ref != d; break;
    case PIPE_FUNC_GEQUAL: r = ref >= d; break;
    case PIPE_FUNC_ALWAYS: r = true; break;
    default: r = false; break; /* NEVER */
    }
    return r ? 1.0f : 0.0f;
}

/* Shadow compare replaces a texel by (result, 0, 0, 1) before filtering. */
static void apply_compare(const lane_ctx *L, texel4 *t)
{
    if (!L->compare)
        return;
    t->f[0] = compare_texel(L->compare_func, L->ref, t->f[0]);
    t->f[1] = 0.0f;
    t->f[2] = 0.0f;
    t->f[3] = 1.0f;
}

static void border_texel(const lane_ctx *L, texel4 *t)
{
    const swrp_sampler_state *ss = L->ss;
    if (L->is_int) {
        memcpy(t->u, ss->border_color.ui, sizeof t->u);
        return;
    }
    if (L->fmt->is_depth) {
        t->f[0] = fminf(fmaxf(ss->border_color.f[0], L->border_lo), L->border_hi);
        t->f[1] = 0.0f;
        t->f[2] = 0.0f;
        t->f[3] = 1.0f;
    } else {
        for (int c = 0; c < 4; c++)
            t->f[c] = fminf(fmaxf(ss->border_color.f[c], L->border_lo), L->border_hi);
    }
    apply_compare(L, t);
}

/* Texel (x, y) of slice/layer z at a level, all in range. */
static void fetch_texel(const lane_ctx *L, unsigned lvl, uint32_t x, uint32_t y, uint32_t z,
                        texel4 *t)
{
    const swrp_tex_level *lv = &L->v->level[lvl];
    const uint8_t *slice = L->v->data + lv->offset + (size_t)z * lv->layer_pitch;
    fmt_fetch_texel(L->fmt, slice, lv->row_pitch, x, y, t->f);
    apply_compare(L, t);
}

/* ---- cube maps ------------------------------------------------------------ */

/* GL 4.6 table 8.19: major axis -> face, and the face's (sc, tc, ma) as a
 * linear map of the direction (ma > 0 on the chosen face). Ties go to x,
 * then y. */
static unsigned cube_face_of(float x, float y, float z)
{
    float ax = fabsf(x), ay = fabsf(y), az = fabsf(z);
    if (ax >= ay && ax >= az)
        return x >= 0.0f ? PIPE_TEX_FACE_POS_X : PIPE_TEX_FACE_NEG_X;
    if (ay >= az)
        return y >= 0.0f ? PIPE_TEX_FACE_POS_Y : PIPE_TEX_FACE_NEG_Y;
    return z >= 0.0f ? PIPE_TEX_FACE_POS_Z : PIPE_TEX_FACE_NEG_Z;
}

static void cube_project(unsigned face, float x, float y, float z, float *sc, float *tc,
                         float *ma)
{
    switch (face) {
    case PIPE_TEX_FACE_POS_X: *sc = -z; *tc = -y; *ma = x; break;
    case PIPE_TEX_FACE_NEG_X: *sc = z; *tc = -y; *ma = -x; break;
    case PIPE_TEX_FACE_POS_Y: *sc = x; *tc = z; *ma = y; break;
    case PIPE_TEX_FACE_NEG_Y: *sc = x; *tc = -z; *ma = -y; break;
    case PIPE_TEX_FACE_POS_Z: *sc = x; *tc = -y; *ma = z; break;
    default: *sc = -x; *tc = -y; *ma = -z; break;
    }
}

/* The inverse of cube_project for ma = 1. */
static void cube_unproject(unsigned face, float sc, float tc, float d[3])
{
    switch (face) {
    case PIPE_TEX_FACE_POS_X: d[0] = 1; d[1] = -tc; d[2] = -sc; break;
    case PIPE_TEX_FACE_NEG_X: d[0] = -1; d[1] = -tc; d[2] = sc; break;
    case PIPE_TEX_FACE_POS_Y: d[0] = sc; d[1] = 1; d[2] = tc; break;
    case PIPE_TEX_FACE_NEG_Y: d[0] = sc; d[1] = -1; d[2] = -tc; break;
    case PIPE_TEX_FACE_POS_Z: d[0] = sc; d[1] = -tc; d[2] = 1; break;
    default: d[0] = -sc; d[1] = -tc; d[2] = -1; break;
    }
}

/* Face and normalized face coordinates of a direction. */
static unsigned cube_coords(const float dir[3], float *s, float *t)
{
    unsigned face = cube_face_of(dir[0], dir[1], dir[2]);
    float sc, tc, ma;
    cube_project(face, dir[0], dir[1], dir[2], &sc, &tc, &ma);
    *s = 0.5f * (sc / ma + 1.0f);
    *t = 0.5f * (tc / ma + 1.0f);
    return face;
}

/* Seamless filtering: texel (i, j) of an n x n face with exactly one index
 * one step outside [0, n-1] is a texel of the neighbouring face. Its centre,
 * extended past the face's edge, is turned back into a direction, which the
 * major-axis rule sends to the neighbour; the centre then lands within half
 * a texel of the neighbour's matching edge texel (the distance from the
 * face centre shrinks by n / (n + 1), less than half a texel). */
static void cube_neighbour(unsigned face, int32_t i, int32_t j, int32_t n, unsigned *face_out,
                           int32_t *i_out, int32_t *j_out)
{
    float d[3], s, t;
    cube_unproject(face, 2.0f * ((float)i + 0.5f) / (float)n - 1.0f,
                   2.0f * ((float)j + 0.5f) / (float)n - 1.0f, d);
    *face_out = cube_coords(d, &s, &t);
    *i_out = clampi(ifloor(s * (float)n), 0, n - 1);
    *j_out = clampi(ifloor(t * (float)n), 0, n - 1);
}

/* ---- texels and filters ------------------------------------------------------ */

/* Texel (i, j, k) of a level with the lane's wrap modes; k is the 3D slice
 * or, for other targets, the absolute layer; face >= 0 for cube maps. */
static void texel_at(const lane_ctx *L, unsigned lvl, bool linear, int32_t i, int32_t j,
                     int32_t k, int face, texel4 *t)
{
    const swrp_tex_level *lv = &L->v->level[lvl];
    const uint8_t *wrap = linear ? L->wrap_lin : L->wrap_near;
    int32_t w = (int32_t)lv->width, h = (int32_t)lv->height, d = (int32_t)lv->depth;
    if (w <= 0 || h <= 0 || d <= 0) {
        memset(t, 0, sizeof *t);
        return;
    }
    if (face >= 0) {
        bool out_i = i < 0 || i >= w, out_j = j < 0 || j >= h;
        int32_t layer = k + face;
        if (L->seamless && w == h && (out_i || out_j)) {
            unsigned f1, f2;
            int32_t i1, j1, i2, j2;
            texel4 a, b, c;
            if (out_i && out_j) {
                /* Corner: the mean of the three texels that meet there. */
                int32_t ic = clampi(i, 0, w - 1), jc = clampi(j, 0, h - 1);
                cube_neighbour((unsigned)face, i, jc, w, &f1, &i1, &j1);
                cube_neighbour((unsigned)face, ic, j, w, &f2, &i2, &j2);
                if (layer >= d || k + (int32_t)f1 >= d || k + (int32_t)f2 >= d) {
                    memset(t, 0, sizeof *t);
                    return;
                }
                fetch_texel(L, lvl, (uint32_t)ic, (uint32_t)jc, (uint32_t)layer, &a);
                if (L->is_int) {
                    *t = a;
                    return;
                }
                fetch_texel(L, lvl, (uint32_t)i1, (uint32_t)j1, (uint32_t)(k + (int32_t)f1), &b);
                fetch_texel(L, lvl, (uint32_t)i2, (uint32_t)j2, (uint32_t)(k + (int32_t)f2), &c);
                for (int ch = 0; ch < 4; ch++)
                    t->f[ch] = (a.f[ch] + b.f[ch] + c.f[ch]) * (1.0f / 3.0f);
                return;
            }
            cube_neighbour((unsigned)face, clampi(i, -1, w), clampi(j, -1, h), w, &f1, &i1, &j1);
            if (k + (int32_t)f1 >= d) {
                memset(t, 0, sizeof *t);
                return;
            }
            fetch_texel(L, lvl, (uint32_t)i1, (uint32_t)j1, (uint32_t)(k + (int32_t)f1), t);
            return;
        }
        i = wrap_index(wrap[0], i, w);
        j = wrap_index(wrap[1], j, h);
        if (i < 0 || j < 0) {
            border_texel(L, t);
            return;
        }
        if (layer >= d) {
            memset(t, 0, sizeof *t);
            return;
        }
        fetch_texel(L, lvl, (uint32_t)i, (uint32_t)j, (uint32_t)layer, t);
        return;
    }
    i = wrap_index(wrap[0], i, w);
    j = L->dims >= 2 ? wrap_index(wrap[1], j, h) : 0;
    if (L->dims == 3)
        k = wrap_index(wrap[2], k, d);
    if (i < 0 || j < 0 || k < 0) {
        border_texel(L, t);
        return;
    }
    if (k >= d) { /* a layer the resource does not have */
        memset(t, 0, sizeof *t);
        return;
    }
    fetch_texel(L, lvl, (uint32_t)i, (uint32_t)j, (uint32_t)k, t);
}

/* A resolved sample position: normalized (or texel, for unnormalized
 * samplers) s, t, r; the face for cube maps, else -1. */
typedef struct tex_pos {
    float s, t, r;
    int face;
} tex_pos;

/* Nearest or linear filter of one level (GL 4.6 8.14.2: u = s * width,
 * i0 = floor(u - 1/2), alpha = frac(u - 1/2)). */
static void filter_level(const lane_ctx *L, unsigned lvl, bool linear, const tex_pos *p,
                         texel4 *out)
{
    const swrp_tex_level *lv = &L->v->level[lvl];
    float size[3] = {(float)lv->width, (float)lv->height, (float)lv->depth};
    float c[3] = {p->s, p->t, p->r};
    float u[3] = {0, 0, 0};
    int32_t layer = (int32_t)L->layer;
    unsigned n = L->dims;
    for (unsigned d = 0; d < n; d++) {
        u[d] = L->normalized ? c[d] * size[d] : c[d];
        if (p->face < 0)
            u[d] += (float)L->off[d];
    }
    if (!linear) {
        int32_t i = ifloor(u[0]);
        int32_t j = n >= 2 ? ifloor(u[1]) : 0;
        int32_t k = n == 3 ? ifloor(u[2]) : layer;
        texel_at(L, lvl, false, i, j, k, p->face, out);
        return;
    }
    int32_t i0[3] = {0, 0, layer};
    float a[3] = {0, 0, 0};
    for (unsigned d = 0; d < n; d++) {
        float x = sane(wrap_coord_linear(L->wrap_lin[d], u[d], size[d]) - 0.5f);
        float fl = floorf(x);
        i0[d] = (int32_t)fl;
        a[d] = x - fl;
    }
    unsigned corners = 1u << n;
    texel4 t[8];
    for (unsigned q = 0; q < corners; q++) {
        int32_t i = i0[0] + (int32_t)(q & 1);
        int32_t j = i0[1] + (int32_t)((q >> 1) & 1);
        int32_t k = n == 3 ? i0[2] + (int32_t)((q >> 2) & 1) : layer;
        texel_at(L, lvl, true, i, j, k, p->face, &t[q]);
    }
    if (L->is_int) { /* never filtered: integer views force nearest */
        *out = t[0];
        return;
    }
    for (int ch = 0; ch < 4; ch++) {
        float v[8];
        for (unsigned q = 0; q < corners; q++)
            v[q] = t[q].f[ch];
        for (unsigned d = n; d-- > 0;) {
            unsigned half = 1u << d;
            for (unsigned q = 0; q < half; q++)
                v[q] = lerp(v[q], v[q + half], a[d]);
        }
        out->f[ch] = v[0];
    }
}

/* GL 4.6 8.14.3: magnification when lambda <= 0, else the min filter on
 * the level(s) the mip filter picks. */
static void sample_lambda(const lane_ctx *L, const tex_pos *p, float lambda, texel4 *out)
{
    if (!(lambda > 0.0f)) {
        filter_level(L, L->base, L->mag_linear, p, out);
        return;
    }
    if (L->mip_filter == PIPE_TEX_MIPFILTER_NONE || L->base == L->last) {
        filter_level(L, L->base, L->min_linear, p, out);
        return;
    }
    float lam = fminf(lambda, 64.0f);
    int32_t q = (int32_t)(L->last - L->base);
    if (L->mip_filter == PIPE_TEX_MIPFILTER_NEAREST) {
        int32_t d = lam <= 0.5f ? 0 : (int32_t)ceilf(lam + 0.5f) - 1;
        filter_level(L, L->base + (uint32_t)clampi(d, 0, q), L->min_linear, p, out);
        return;
    }
    float fl = floorf(lam);
    int32_t d1 = (int32_t)fl;
    if (d1 >= q) {
        filter_level(L, L->last, L->min_linear, p, out);
        return;
    }
    texel4 t1, t2;
    filter_level(L, L->base + (uint32_t)d1, L->min_linear, p, &t1);
    filter_level(L, L->base + (uint32_t)d1 + 1, L->min_linear, p, &t2);
    float f = lam - fl;
    if (L->is_int) {
        *out = t1;
        return;
    }
    for (int ch = 0; ch < 4; ch++)
        out->f[ch] = lerp(t1.f[ch], t2.f[ch], f);
}

/* ---- per-lane request decoding ---------------------------------------------- */

static unsigned view_dims(unsigned target)
{
    switch (target) {
    case PIPE_TEXTURE_1D:
    case PIPE_TEXTURE_1D_ARRAY:
    case PIPE_BUFFER:
        return 1;
    case PIPE_TEXTURE_3D:
        return 3;
    default:
        return 2;
    }
}

/* Index of the coordinate holding the array layer, or -1. */
static int layer_coord(unsigned target)
{
    switch (target) {
    case PIPE_TEXTURE_1D_ARRAY: return 1;
    case PIPE_TEXTURE_2D_ARRAY: return 2;
    case PIPE_TEXTURE_CUBE_ARRAY: return 3;
    default: return -1;
    }
}

/* Number of layers the view exposes (cube arrays: in faces). */
static uint32_t view_layers(const swrp_sampler_view *v)
{
    return v->last_layer >= v->first_layer ? v->last_layer - v->first_layer + 1 : 1;
}

/* Sets up the lane context; false when the view cannot be sampled (the
 * lane then returns 0). */
static bool lane_setup(lane_ctx *L, const swrp_sampler_view *v, const swrp_sampler_state *ss,
                       const swr_tex_request *req, int l)
{
    memset(L, 0, sizeof *L);
    if (!v || !v->fmt || !v->data)
        return false;
    L->v = v;
    L->ss = ss;
    L->fmt = v->fmt;
    L->target = v->target;
    L->dims = view_dims(v->target);
    L->cube = v->target == PIPE_TEXTURE_CUBE || v->target == PIPE_TEXTURE_CUBE_ARRAY;
    L->is_int = v->fmt->is_pure_int || v->fmt->is_pure_uint || v->fmt->is_signed_int;
    L->base = v->first_level < SWRP_MAX_TEXTURE_LEVELS ? v->first_level
                                                          : SWRP_MAX_TEXTURE_LEVELS - 1;
    L->last = v->last_level < SWRP_MAX_TEXTURE_LEVELS ? v->last_level
                                                         : SWRP_MAX_TEXTURE_LEVELS - 1;
    if (L->last < L->base)
        L->last = L->base;
    if (ss) {
        L->normalized = ss->normalized_coords;
        L->seamless = ss->seamless_cube_map;
        L->mag_linear = ss->mag_img_filter == PIPE_TEX_FILTER_LINEAR && !L->is_int;
        L->min_linear = ss->min_img_filter == PIPE_TEX_FILTER_LINEAR && !L->is_int;
        L->mip_filter = ss->min_mip_filter;
        if (L->is_int && L->mip_filter == PIPE_TEX_MIPFILTER_LINEAR)
            L->mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
        L->compare = ss->compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE && req->has_compare &&
                     !L->is_int;
        L->compare_func = ss->compare_func;
        uint8_t w[3] = {ss->wrap_s, ss->wrap_t, ss->wrap_r};
        for (int d = 0; d < 3; d++) {
            L->wrap_lin[d] = w[d];
            L->wrap_near[d] = (uint8_t)wrap_for_nearest(w[d]);
        }
    }
    if (L->compare) {
        float r = req->compare[l];
        /* GL 4.6 8.23.1: fixed-point depth clamps the reference to [0, 1]. */
        if (v->fmt->is_depth && !v->fmt->is_float)
            r = fminf(fmaxf(r, 0.0f), 1.0f);
        L->ref = r;
    }
    if (v->fmt->is_normalized) {
        bool snorm = v->fmt->name && strstr(v->fmt->name, "SNORM");
        L->border_lo = snorm ? -1.0f : 0.0f;
        L->border_hi = 1.0f;
    } else {
        L->border_lo = -INFINITY;
        L->border_hi = INFINITY;
    }
    if (req->has_offsets)
        for (int d = 0; d < 3; d++)
            L->off[d] = clampi(req->offsets[d][l], -4096, 4096);
    L->layer = v->target == PIPE_TEXTURE_3D ? 0 : v->first_layer;
    return true;
}

/* Picks the array layer of a filtered lookup: floor(layer + 1/2) clamped to
 * the view (cube arrays: whole cubes). */
static void select_layer(lane_ctx *L, const swr_tex_request *req, int l)
{
    int lc = layer_coord(L->target);
    if (lc < 0)
        return;
    float x = req->coords.v[lc][l];
    int32_t n = (int32_t)view_layers(L->v);
    if (L->target == PIPE_TEXTURE_CUBE_ARRAY) {
        n = n / 6 > 0 ? n / 6 : 1;
        L->layer = L->v->first_layer + 6u * (uint32_t)clampi(ifloor(x + 0.5f), 0, n - 1);
    } else {
        L->layer = L->v->first_layer + (uint32_t)clampi(ifloor(x + 0.5f), 0, n - 1);
    }
}

/* Resolves the lookup position of (s, t, r) (cube: a direction). */
static void resolve_pos(const lane_ctx *L, const float c[3], tex_pos *p)
{
    if (L->cube) {
        p->face = (int)cube_coords(c, &p->s, &p->t);
        p->r = 0.0f;
        return;
    }
    p->s = c[0];
    p->t = c[1];
    p->r = c[2];
    p->face = -1;
}

/* Texel-space derivative lengths |d(u,v,w)/dx| and |d(u,v,w)/dy| at the
 * base level (GL 4.6 eq. 8.7-8.8); cube maps differentiate the face
 * coordinates s = (sc / ma + 1) / 2: ds = (dsc * ma - sc * dma) / (2 ma^2). */
static void texel_derivs(const lane_ctx *L, const swr_tex_request *req, int l, float *px,
                         float *py)
{
    const swrp_tex_level *lv = &L->v->level[L->base];
    float scale[3] = {1.0f, 1.0f, 1.0f};
    if (L->normalized) {
        scale[0] = (float)lv->width;
        scale[1] = (float)lv->height;
        scale[2] = (float)lv->depth;
    }
    float dx[3] = {req->ddx[0][l], req->ddx[1][l], req->ddx[2][l]};
    float dy[3] = {req->ddy[0][l], req->ddy[1][l], req->ddy[2][l]};
    unsigned n = L->dims;
    if (L->cube) {
        float c[3] = {req->coords.v[0][l], req->coords.v[1][l], req->coords.v[2][l]};
        unsigned face = cube_face_of(c[0], c[1], c[2]);
        float sc, tc, ma, dsc, dtc, dma;
        cube_project(face, c[0], c[1], c[2], &sc, &tc, &ma);
        float inv = 1.0f / (2.0f * ma * ma);
        cube_project(face, dx[0], dx[1], dx[2], &dsc, &dtc, &dma);
        dx[0] = (dsc * ma - sc * dma) * inv;
        dx[1] = (dtc * ma - tc * dma) * inv;
        cube_project(face, dy[0], dy[1], dy[2], &dsc, &dtc, &dma);
        dy[0] = (dsc * ma - sc * dma) * inv;
        dy[1] = (dtc * ma - tc * dma) * inv;
    }
    float sx = 0, sy = 0;
    for (unsigned d = 0; d < n; d++) {
        float a = dx[d] * scale[d], b = dy[d] * scale[d];
        sx += a * a;
        sy += b * b;
    }
    *px = sqrtf(sx);
    *py = sqrtf(sy);
}

/* lambda' + clamp to [min_lod, max_lod] (NaN goes to min_lod). */
static float clamp_lod(const swrp_sampler_state *ss, float lambda)
{
    return fminf(fmaxf(lambda, ss->min_lod), ss->max_lod);
}

static float clamp_bias(float b)
{
    return fminf(fmaxf(b, -SWRP_MAX_LOD_BIAS), SWRP_MAX_LOD_BIAS);
}

/* lambda_base of an implicit-LOD lookup (GL 4.6 eq. 8.6), and the
 * anisotropic sample count: with max_anisotropy > 1, N = min(ceil(Pmax /
 * Pmin), max_aniso) (EXT_texture_filter_anisotropic) and lambda_base =
 * log2(Pmax / N); else N = 1 and lambda_base = log2(max(Px, Py)). */
static float implicit_lambda_base(lane_ctx *L, const swr_tex_request *req, int l,
                                  unsigned *aniso_n)
{
    float px, py;
    texel_derivs(L, req, l, &px, &py);
    float pmax = fmaxf(px, py), pmin = fminf(px, py);
    *aniso_n = 1;
    if (L->ss->max_anisotropy > 1 && pmax > 0.0f && isfinite(pmax)) {
        float ratio = pmin > 0.0f ? fminf(pmax / pmin, 1024.0f) : 1024.0f;
        float nf = fminf(ceilf(ratio), (float)L->ss->max_anisotropy);
        *aniso_n = nf > 1.0f ? (unsigned)nf : 1;
        L->aniso_x = px >= py;
        return log2f(pmax / (float)*aniso_n);
    }
    return log2f(pmax);
}

/* The filtered lookup of one lane (SAMPLE, SAMPLE_L). */
static void sample_lane(lane_ctx *L, const swr_tex_request *req, int l, texel4 *out)
{
    const swrp_sampler_state *ss = L->ss;
    float c[3] = {req->coords.v[0][l], req->coords.v[1][l], req->coords.v[2][l]};
    tex_pos p;
    float lambda;
    unsigned aniso_n = 1;
    select_layer(L, req, l);
    if (req->op == SWR_TEX_SAMPLE_L) {
        lambda = clamp_lod(ss, req->lod[l] + clamp_bias(ss->lod_bias));
    } else {
        float lambda_base = implicit_lambda_base(L, req, l, &aniso_n);
        float bias = ss->lod_bias + (req->has_lod ? req->lod[l] : 0.0f);
        lambda = clamp_lod(ss, lambda_base + clamp_bias(bias));
    }
    if (aniso_n > 1 && lambda > 0.0f && !L->is_int) {
        /* Samples at (i / (N + 1) - 1/2) of the major axis' footprint,
         * i = 1..N, averaged. */
        texel4 acc = {{0, 0, 0, 0}};
        for (unsigned i = 1; i <= aniso_n; i++) {
            float k = (float)i / (float)(aniso_n + 1) - 0.5f;
            float ci[3];
            for (int d = 0; d < 3; d++)
                ci[d] = c[d] + k * (L->aniso_x ? req->ddx[d][l] : req->ddy[d][l]);
            texel4 t;
            resolve_pos(L, ci, &p);
            sample_lambda(L, &p, lambda, &t);
            for (int ch = 0; ch < 4; ch++)
                acc.f[ch] += t.f[ch];
        }
        for (int ch = 0; ch < 4; ch++)
            out->f[ch] = acc.f[ch] / (float)aniso_n;
        return;
    }
    resolve_pos(L, c, &p);
    sample_lambda(L, &p, lambda, out);
}

/* LODQ: x = the LOD accessed relative to the base level (0 without
 * mipmapping or when magnifying; the nearest level's number for
 * MIPFILTER_NEAREST; lambda clamped to the view's levels for LINEAR),
 * y = lambda_base, before biases and clamps. */
static void lodq_lane(lane_ctx *L, const swr_tex_request *req, int l, texel4 *out)
{
    unsigned aniso_n;
    float lambda_base = implicit_lambda_base(L, req, l, &aniso_n);
    float lambda = clamp_lod(L->ss, lambda_base + clamp_bias(L->ss->lod_bias));
    float q = (float)(L->last - L->base), x = 0.0f;
    if (L->mip_filter != PIPE_TEX_MIPFILTER_NONE && lambda > 0.0f) {
        if (L->mip_filter == PIPE_TEX_MIPFILTER_NEAREST)
            x = lambda <= 0.5f ? 0.0f : fminf(ceilf(fminf(lambda, 64.0f) + 0.5f) - 1.0f, q);
        else
            x = fminf(lambda, q);
    }
    out->f[0] = x;
    out->f[1] = lambda_base;
    out->f[2] = 0.0f;
    out->f[3] = 0.0f;
}

/* One channel of a texel after the view swizzle, as bits. */
static uint32_t swizzled_bits(const lane_ctx *L, const texel4 *t, unsigned sw)
{
    if (sw <= PIPE_SWIZZLE_W)
        return t->u[sw];
    if (sw == PIPE_SWIZZLE_1)
        return L->is_int ? 1u : 0x3f800000u; /* 1 or 1.0f */
    return 0;
}

static void write_lane(const lane_ctx *L, const texel4 *t, swr_simd_vec4 *out, int l)
{
    for (int k = 0; k < 4; k++) {
        uint32_t b = swizzled_bits(L, t, L->v->swizzle[k]);
        memcpy(&out->v[k][l], &b, sizeof b);
    }
}

/* TG4: the bilinear footprint of the base level, in the order (i0, j1),
 * (i1, j1), (i1, j0), (i0, j0); channel `comp` of the swizzled texels. */
static void gather_lane(lane_ctx *L, const swr_tex_request *req, int l, swr_simd_vec4 *out)
{
    if (L->dims != 2 || L->target == PIPE_BUFFER)
        return;
    const swrp_tex_level *lv = &L->v->level[L->base];
    float c[3] = {req->coords.v[0][l], req->coords.v[1][l], req->coords.v[2][l]};
    float size[2] = {(float)lv->width, (float)lv->height};
    tex_pos p;
    select_layer(L, req, l);
    resolve_pos(L, c, &p);
    float pc[2] = {p.s, p.t};
    int32_t i0[2];
    for (int d = 0; d < 2; d++) {
        float u = L->normalized ? pc[d] * size[d] : pc[d];
        if (p.face < 0)
            u += (float)L->off[d];
        i0[d] = ifloor(wrap_coord_linear(L->wrap_lin[d], u, size[d]) - 0.5f);
    }
    static const int8_t di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};
    unsigned comp = req->gather_comp & 3;
    for (int k = 0; k < 4; k++) {
        texel4 t;
        texel_at(L, L->base, true, i0[0] + di[k], i0[1] + dj[k], (int32_t)L->layer, p.face, &t);
        uint32_t b = swizzled_bits(L, &t, L->v->swizzle[comp]);
        memcpy(&out->v[k][l], &b, sizeof b);
    }
}

/* TXF: integer coordinates, no filtering or wrapping; anything outside
 * the view (level, texel, layer, element) returns 0 in every channel. */
static void fetch_lane(lane_ctx *L, const swr_tex_request *req, int l, swr_simd_vec4 *out)
{
    const swrp_sampler_view *v = L->v;
    int32_t ci[4];
    texel4 t;
    memcpy(ci, &req->coords.v[0][l], sizeof ci[0]);
    memcpy(&ci[1], &req->coords.v[1][l], sizeof ci[1]);
    memcpy(&ci[2], &req->coords.v[2][l], sizeof ci[2]);
    memcpy(&ci[3], &req->coords.v[3][l], sizeof ci[3]);
    L->compare = false;
    if (v->target == PIPE_BUFFER) {
        if (ci[0] < 0 || (uint32_t)ci[0] >= v->num_elements)
            return;
        const uint8_t *p = v->data + v->level[0].offset +
                           ((size_t)v->first_element + (uint32_t)ci[0]) * v->fmt->block_bytes;
        fmt_fetch_texel(v->fmt, p, 0, 0, 0, t.f);
        write_lane(L, &t, out, l);
        return;
    }
    int32_t lod = req->lod_int[l];
    if (lod < 0 || lod > (int32_t)(L->last - L->base))
        return;
    unsigned lvl = L->base + (uint32_t)lod;
    const swrp_tex_level *lv = &v->level[lvl];
    int64_t xyz[3] = {ci[0], 0, 0};
    if (L->dims >= 2 || L->cube)
        xyz[1] = ci[1];
    if (L->dims == 3)
        xyz[2] = ci[2];
    if (req->has_offsets && !L->cube)
        for (unsigned d = 0; d < L->dims; d++)
            xyz[d] += L->off[d];
    if (xyz[0] < 0 || xyz[0] >= lv->width || xyz[1] < 0 || xyz[1] >= lv->height || xyz[2] < 0 ||
        xyz[2] >= lv->depth)
        return;
    uint32_t layer = L->dims == 3 ? (uint32_t)xyz[2] : v->first_layer;
    int lc = layer_coord(v->target);
    if (L->cube)
        lc = 2; /* TXF addresses cube faces as layers, in z */
    if (lc >= 0) {
        int64_t a = ci[lc];
        if (a < 0 || a >= (int64_t)view_layers(v))
            return;
        layer = v->first_layer + (uint32_t)a;
    }
    if (layer >= lv->depth)
        return;
    fetch_texel(L, lvl, (uint32_t)xyz[0], (uint32_t)xyz[1], layer, &t);
    write_lane(L, &t, out, l);
}

/* ---- fast path: 2D RGBA8 / BGRA8, bilinear or trilinear --------------------- */

/* log2 of x > 0: x = 2^e * m with m in [sqrt(1/2), sqrt(2)), and
 * log2(m) = (2 / ln 2) atanh(t), t = (m - 1) / (m + 1), |t| <= 0.1716; the
 * atanh series to t^9 leaves an error below t^11 / 11 < 5e-10. Zero,
 * negatives and denormals give -inf, +inf gives +inf, NaN stays NaN. */
static inline vf8 fast_log2(vf8 x)
{
    vi8 bits = vf8_as_vi8(x);
    vi8 e = vi8_sub(vi8_srli(bits, 23), vi8_set1(127));
    vf8 m = vi8_as_vf8(vi8_or(vi8_and(bits, vi8_set1(0x7fffff)), vi8_set1(0x3f800000)));
    vi8 big = vf8_gt(m, vf8_set1(1.41421356f));
    m = vf8_select(big, m, vf8_mul(m, vf8_set1(0.5f)));
    e = vi8_sub(e, big); /* big lanes are -1: e + 1 */
    vf8 one = vf8_set1(1.0f);
    vf8 t = vf8_div(vf8_sub(m, one), vf8_add(m, one));
    vf8 t2 = vf8_mul(t, t);
    vf8 p = vf8_set1(1.0f / 9.0f);
    p = vf8_add(vf8_mul(p, t2), vf8_set1(1.0f / 7.0f));
    p = vf8_add(vf8_mul(p, t2), vf8_set1(1.0f / 5.0f));
    p = vf8_add(vf8_mul(p, t2), vf8_set1(1.0f / 3.0f));
    p = vf8_add(vf8_mul(p, t2), one);
    vf8 r = vf8_add(vi8_to_vf8(e), vf8_mul(vf8_mul(p, t), vf8_set1(2.8853900817779268f)));
    r = vf8_select(vf8_lt(x, vf8_set1(1.17549435e-38f)), r, vf8_set1(-INFINITY));
    r = vf8_select(vf8_eq(x, vf8_set1(INFINITY)), r, x);
    return vf8_select(vf8_isnan(x), r, x);
}

/* Texel indices and weight along one axis: u = s * n - 1/2 (repeat:
 * frac(s) * n - 1/2), clamped to [-1, n] (NaN -> -1) so that indices stay
 * in range whatever s is; i0 = floor(u), i1 = i0 + 1, wrapped or clamped. */
static inline void fast_axis(unsigned wrap, vf8 s, vi8 n, vf8 nf, vi8 *i0, vi8 *i1, vf8 *a)
{
    vf8 u;
    if (wrap == PIPE_TEX_WRAP_REPEAT)
        u = vf8_sub(vf8_mul(vf8_sub(s, vf8_floor(s)), nf), vf8_set1(0.5f));
    else
        u = vf8_sub(vf8_mul(s, nf), vf8_set1(0.5f));
    u = vf8_clamp(u, vf8_set1(-1.0f), nf);
    vf8 fl = vf8_floor(u);
    *a = vf8_sub(u, fl);
    vi8 i = vf8_to_vi8_trunc(fl);
    vi8 nm1 = vi8_sub(n, vi8_set1(1));
    if (wrap == PIPE_TEX_WRAP_REPEAT) {
        i = vi8_select(vi8_lt(i, vi8_zero()), i, vi8_add(i, n));
        i = vi8_select(vi8_gt(i, nm1), i, vi8_sub(i, n));
        vi8 j = vi8_add(i, vi8_set1(1));
        *i0 = i;
        *i1 = vi8_select(vi8_gt(j, nm1), j, vi8_sub(j, n));
    } else {
        *i0 = vi8_min(vi8_max(i, vi8_zero()), nm1);
        *i1 = vi8_min(vi8_max(vi8_add(i, vi8_set1(1)), vi8_zero()), nm1);
    }
}

static inline vf8 fast_lerp(vf8 a, vf8 b, vf8 w) { return vf8_add(a, vf8_mul(w, vf8_sub(b, a))); }

/* A weight a in [0, 1) as Q15, round(a * 2^15) capped at 2^15 - 1 (the
 * largest positive 16-bit value), in both 16-bit halves of each lane. The
 * rounding moves a by at most 2^-16, the cap by 2^-15. */
static inline vi8 fast_weight_q15(vf8 a)
{
    vi8 w = vi8_min(vf8_to_vi8_round(vf8_mul(a, vf8_set1(32768.0f))), vi8_set1(32767));
    return vi8_or(w, vi8_slli(w, 16));
}

/* a + (b - a) * w on 16-bit lanes holding channels times 128 (0..32640):
 * the difference fits in 16 bits signed and the result stays between a and
 * b; the product is rounded to the nearest 1/128 of a channel step. */
static inline vi8 fast_lerp16(vi8 a, vi8 b, vi8 w) { return vi8_add16(a, vi8_mulhrs16(vi8_sub16(b, a), w)); }

/* Channels 0 and 2 (even) or 1 and 3 (odd) of RGBA8 texels, times 128, in
 * the 16-bit halves of each lane: byte 0 -> bits 7..14, byte 2 -> 23..30
 * (shift left 7), byte 1 and 3 likewise (shift right 1). */
#define FAST_CH_MASK 0x7f807f80
static inline vi8 fast_even(vi8 t) { return vi8_and(vi8_slli(t, 7), vi8_set1(FAST_CH_MASK)); }
static inline vi8 fast_odd(vi8 t) { return vi8_and(vi8_srli(t, 1), vi8_set1(FAST_CH_MASK)); }

/* The sizes, start and row pitch of the per-lane level `lvl`, or of level
 * ulvl >= 0 in every lane (then no gathers). */
static inline void fast_level(const swrp_sampler_view *v, vi8 lvl, int32_t ulvl, vi8 *w, vi8 *h,
                              vi8 *off, vi8 *pitch)
{
    if (ulvl >= 0) {
        *w = vi8_set1(v->fast_width[ulvl]);
        *h = vi8_set1(v->fast_height[ulvl]);
        *off = vi8_set1(v->fast_offset[ulvl]);
        *pitch = vi8_set1(v->fast_pitch[ulvl]);
    } else {
        *w = vi8_gather(v->fast_width, lvl);
        *h = vi8_gather(v->fast_height, lvl);
        *off = vi8_gather(v->fast_offset, lvl);
        *pitch = vi8_gather(v->fast_pitch, lvl);
    }
}

/* Bilinear filter of the per-lane level `lvl` (or, with ulvl >= 0, of
 * level ulvl in every lane): the 4 byte channels in units of 1/128 of a
 * channel step (0..32640), filtered in 16-bit fixed point with Q15
 * weights; the result is within 2^-15 * 3 of the exact filter, relative to
 * full scale. Lanes outside `live` read texels of the level (pair loads)
 * or texel 0 of the data (gathers); their results are discarded. */
static void fast_bilinear(const swrp_sampler_view *v, unsigned wrap_s, unsigned wrap_t, vf8 s,
                          vf8 t, vi8 lvl, int32_t ulvl, vi8 live, vf8 ch[4])
{
    vi8 w, h, off, pitch;
    fast_level(v, lvl, ulvl, &w, &h, &off, &pitch);
    vi8 i0, i1, j0, j1;
    vf8 a, b;
    fast_axis(wrap_s, s, w, vi8_to_vf8(w), &i0, &i1, &a);
    fast_axis(wrap_t, t, h, vi8_to_vf8(h), &j0, &j1, &b);
    vi8 row0 = vi8_add(off, vi8_mullo(j0, pitch));
    vi8 row1 = vi8_add(off, vi8_mullo(j1, pitch));
    vi8 t00, t10, t01, t11;
    if (vi8_movemask(vi8_eq(i1, vi8_add(i0, vi8_set1(1)))) == 0xffu) {
        /* Every lane's two columns are neighbours (no wrap or clamp at an
         * edge), so each row's texel pair is 8 contiguous bytes inside the
         * row; lanes outside `live` hold in-range indices too. */
        int32_t o0[8] __attribute__((aligned(32))), o1[8] __attribute__((aligned(32)));
        i0 = vi8_slli(i0, 2);
        vi8_store(o0, vi8_add(row0, i0));
        vi8_store(o1, vi8_add(row1, i0));
        vi8_load_pairs(v->data, o0, &t00, &t10);
        vi8_load_pairs(v->data, o1, &t01, &t11);
    } else {
        row0 = vi8_and(live, row0);
        row1 = vi8_and(live, row1);
        i0 = vi8_and(live, vi8_slli(i0, 2));
        i1 = vi8_and(live, vi8_slli(i1, 2));
        t00 = vi8_gather_bytes(v->data, vi8_add(row0, i0));
        t10 = vi8_gather_bytes(v->data, vi8_add(row0, i1));
        t01 = vi8_gather_bytes(v->data, vi8_add(row1, i0));
        t11 = vi8_gather_bytes(v->data, vi8_add(row1, i1));
    }
    vi8 wa = fast_weight_q15(a), wb = fast_weight_q15(b);
    vi8 e = fast_lerp16(fast_lerp16(fast_even(t00), fast_even(t10), wa),
                        fast_lerp16(fast_even(t01), fast_even(t11), wa), wb);
    vi8 o = fast_lerp16(fast_lerp16(fast_odd(t00), fast_odd(t10), wa),
                        fast_lerp16(fast_odd(t01), fast_odd(t11), wa), wb);
    vi8 lo = vi8_set1(0xffff);
    ch[0] = vi8_to_vf8(vi8_and(e, lo));
    ch[1] = vi8_to_vf8(vi8_and(o, lo));
    ch[2] = vi8_to_vf8(vi8_srli(e, 16));
    ch[3] = vi8_to_vf8(vi8_srli(o, 16));
}

/* Nearest texel index along one axis, as the generic path computes it:
 * i = floor(s * n) with s * n clamped to +-COORD_LIMIT (NaN -> the lower
 * limit), then repeat (i mod n, from a float quotient corrected by one step
 * either way) or clamp to edge. */
static inline vi8 fast_nearest_axis(unsigned wrap, vf8 s, vi8 n, vf8 nf)
{
    vf8 u = vf8_mul(s, nf);
    u = vf8_select(vf8_isnan(u), u, vf8_set1(-COORD_LIMIT));
    u = vf8_clamp(u, vf8_set1(-COORD_LIMIT), vf8_set1(COORD_LIMIT));
    vf8 fl = vf8_floor(u);
    vi8 i = vf8_to_vi8_trunc(fl);
    vi8 nm1 = vi8_sub(n, vi8_set1(1));
    if (wrap != PIPE_TEX_WRAP_REPEAT)
        return vi8_min(vi8_max(i, vi8_zero()), nm1);
    vi8 q = vf8_to_vi8_trunc(vf8_floor(vf8_div(fl, nf)));
    vi8 m = vi8_sub(i, vi8_mullo(q, n));
    m = vi8_select(vi8_lt(m, vi8_zero()), m, vi8_add(m, n));
    return vi8_select(vi8_gt(m, nm1), m, vi8_sub(m, n));
}

/* Nearest filter of the per-lane level `lvl` (or level ulvl >= 0 in every
 * lane): the texel's 4 byte channels times 128, the units fast_store
 * takes (exact). Lanes outside `live` gather texel 0 of the data. */
static void fast_nearest(const swrp_sampler_view *v, unsigned wrap_s, unsigned wrap_t, vf8 s,
                         vf8 t, vi8 lvl, int32_t ulvl, vi8 live, vf8 ch[4])
{
    vi8 w, h, off, pitch;
    fast_level(v, lvl, ulvl, &w, &h, &off, &pitch);
    vi8 i = fast_nearest_axis(wrap_s, s, w, vi8_to_vf8(w));
    vi8 j = fast_nearest_axis(wrap_t, t, h, vi8_to_vf8(h));
    vi8 at = vi8_and(live, vi8_add(vi8_add(off, vi8_mullo(j, pitch)), vi8_slli(i, 2)));
    vi8 tx = vi8_gather_bytes(v->data, at);
    vi8 byte = vi8_set1(0xff);
    vf8 k128 = vf8_set1(128.0f);
    for (int c = 0; c < 4; c++)
        ch[c] = vf8_mul(vi8_to_vf8(vi8_and(vi8_srli(tx, 8 * c), byte)), k128);
}

/* Both filters of a level, as fast_sample picks them. */
static void fast_filter(const swrp_sampler_view *v, const swrp_sampler_state *ss, vf8 s, vf8 t,
                        vi8 lvl, int32_t ulvl, vi8 live, vf8 ch[4])
{
    if (ss->min_img_filter == PIPE_TEX_FILTER_NEAREST)
        fast_nearest(v, ss->wrap_s, ss->wrap_t, s, t, lvl, ulvl, live, ch);
    else
        fast_bilinear(v, ss->wrap_s, ss->wrap_t, s, t, lvl, ulvl, live, ch);
}

static bool fast_eligible(const swrp_sampler_view *v, const swrp_sampler_state *ss,
                          const swr_tex_request *req)
{
    return v->fast_kind != 0 && (req->op == SWR_TEX_SAMPLE || req->op == SWR_TEX_SAMPLE_L) &&
           !req->has_offsets && ss->compare_mode == PIPE_TEX_COMPARE_NONE &&
           ss->normalized_coords && ss->min_img_filter == ss->mag_img_filter &&
           (ss->min_img_filter == PIPE_TEX_FILTER_LINEAR ||
            ss->min_img_filter == PIPE_TEX_FILTER_NEAREST) &&
           ss->max_anisotropy <= 1 &&
           (ss->wrap_s == PIPE_TEX_WRAP_REPEAT || ss->wrap_s == PIPE_TEX_WRAP_CLAMP_TO_EDGE) &&
           (ss->wrap_t == PIPE_TEX_WRAP_REPEAT || ss->wrap_t == PIPE_TEX_WRAP_CLAMP_TO_EDGE);
}

/* The filtered byte channels (units of 1/128 step) through the format's
 * channel order and the view swizzle to out; lanes outside `live` get 0. */
static void fast_store(const swrp_sampler_view *v, const vf8 ch[4], vi8 live, swr_simd_vec4 *out)
{
    static const uint8_t byte_of[2][4] = {{0, 1, 2, 3}, {2, 1, 0, 3}};
    const uint8_t *map = byte_of[v->fast_kind == 2 || v->fast_kind == 4];
    bool x8 = v->fast_kind >= 3; /* byte 3 is padding: alpha is 1 */
    vf8 scale = vf8_set1(UNORM8_SCALE / 128.0f);
    for (int k = 0; k < 4; k++) {
        unsigned sw = v->swizzle[k];
        vf8 r = sw <= PIPE_SWIZZLE_W ? (x8 && map[sw] == 3 ? vf8_set1(1.0f) : vf8_mul(ch[map[sw]], scale))
                : sw == PIPE_SWIZZLE_1 ? vf8_set1(1.0f) : vf8_zero();
        vf8_store_aligned(out->v[k], vf8_and(vi8_as_vf8(live), r));
    }
}

/* The same LOD and level rules as the generic path (implicit_lambda_base,
 * sample_lambda) for 8 lanes; min = mag filter (both linear or both
 * nearest) makes magnification the base level with no mip blend, i.e.
 * lambda clamped to >= 0. */
static void fast_sample(const swrp_sampler_view *v, const swrp_sampler_state *ss,
                        const swr_tex_request *req, uint32_t mask, swr_simd_vec4 *out)
{
    uint32_t base = v->first_level, last = v->last_level;
    vi8 live = vi8_from_bits(mask);
    vf8 s = vf8_load_aligned(req->coords.v[0]), t = vf8_load_aligned(req->coords.v[1]);
    if (ss->min_mip_filter == PIPE_TEX_MIPFILTER_NONE || last <= base) {
        /* One level whatever lambda is: with min = mag filter, magnifying
         * and minifying both filter the base level (sample_lambda). */
        vf8 ch[4];
        fast_filter(v, ss, s, t, vi8_set1((int32_t)base), (int32_t)base, live, ch);
        fast_store(v, ch, live, out);
        return;
    }
    vf8 lambda;
    if (req->op == SWR_TEX_SAMPLE_L) {
        lambda = vf8_add(vf8_load_aligned(req->lod), vf8_set1(clamp_bias(ss->lod_bias)));
    } else {
        vf8 w0 = vf8_set1((float)v->level[base].width), h0 = vf8_set1((float)v->level[base].height);
        vf8 ux = vf8_mul(vf8_load_aligned(req->ddx[0]), w0);
        vf8 vx = vf8_mul(vf8_load_aligned(req->ddx[1]), h0);
        vf8 uy = vf8_mul(vf8_load_aligned(req->ddy[0]), w0);
        vf8 vy = vf8_mul(vf8_load_aligned(req->ddy[1]), h0);
        vf8 rho2 = vf8_max(vf8_add(vf8_mul(ux, ux), vf8_mul(vx, vx)),
                           vf8_add(vf8_mul(uy, uy), vf8_mul(vy, vy)));
        vf8 bias = vf8_set1(ss->lod_bias);
        if (req->has_lod)
            bias = vf8_add(bias, vf8_load_aligned(req->lod));
        bias = vf8_clamp(bias, vf8_set1(-SWRP_MAX_LOD_BIAS), vf8_set1(SWRP_MAX_LOD_BIAS));
        if (ss->min_lod <= 0.0f &&
            vi8_movemask(vi8_and(vf8_le(rho2, vf8_set1(1.0f)), vf8_le(bias, vf8_zero()))) == 0xffu) {
            /* Magnification in every lane: log2(rho2) <= 0 (fast_log2 too:
             * x <= 1 gives e <= 0 and m <= 1 or e < 0 and log2(m) < 1/2)
             * and bias <= 0 make lambda <= 0 before the clamps, and with
             * min_lod <= 0 the clamps keep lam at 0 (a NaN max_lod too):
             * the base level alone, as the code below would find. */
            vf8 ch[4];
            fast_filter(v, ss, s, t, vi8_set1((int32_t)base), (int32_t)base, live, ch);
            fast_store(v, ch, live, out);
            return;
        }
        lambda = vf8_add(vf8_mul(fast_log2(rho2), vf8_set1(0.5f)), bias);
    }
    lambda = vf8_min(vf8_max(lambda, vf8_set1(ss->min_lod)), vf8_set1(ss->max_lod));
    /* NaN (a NaN min_lod) and negatives -> 0; 64 bounds the int conversions. */
    vf8 lam = vf8_clamp(lambda, vf8_zero(), vf8_set1(64.0f));
    vi8 q = vi8_set1((int32_t)(last - base));
    vi8 d1 = vi8_zero(), d2 = vi8_zero();
    vf8 f = vf8_zero();
    if (ss->min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST) {
        vi8 d = vi8_sub(vf8_to_vi8_trunc(vf8_ceil(vf8_add(lam, vf8_set1(0.5f)))), vi8_set1(1));
        d = vi8_and(vf8_gt(lam, vf8_set1(0.5f)), d);
        d1 = vi8_min(vi8_max(d, vi8_zero()), q);
    } else if (ss->min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR) {
        vf8 fl = vf8_floor(lam);
        vi8 d = vf8_to_vi8_trunc(fl);
        vi8 top = vi8_gt(q, d); /* below the last level: blend with d + 1 */
        d1 = vi8_min(d, q);
        d2 = vi8_min(vi8_add(d, vi8_set1(1)), q);
        f = vf8_and(vi8_as_vf8(vi8_and(top, live)), vf8_sub(lam, fl));
    }
    vi8 vbase = vi8_set1((int32_t)base);
    /* Usually every lane picks the same level(s): d2 follows from d1, so
     * one level d1 in every live lane makes d2 uniform too. */
    int32_t u1 = -1, u2 = -1;
    int32_t first = vi8_lane(d1, __builtin_ctz(mask));
    if ((vi8_movemask(vi8_eq(d1, vi8_set1(first))) & mask) == mask) {
        u1 = (int32_t)base + first;
        u2 = (int32_t)base + vi8_lane(d2, __builtin_ctz(mask));
    }
    vf8 ch[4];
    fast_filter(v, ss, s, t, vi8_add(d1, vbase), u1, live, ch);
    if (vi8_movemask(vf8_gt(f, vf8_zero()))) {
        vf8 ch2[4];
        fast_filter(v, ss, s, t, vi8_add(d2, vbase), u2, live, ch2);
        for (int c = 0; c < 4; c++)
            ch[c] = fast_lerp(ch[c], ch2[c], f);
    }
    fast_store(v, ch, live, out);
}

/* ---- interface functions ------------------------------------------------------ */

static void sample_generic(const swrp_sampler_view *v, const swrp_sampler_state *ss,
                           const swr_tex_request *req, uint32_t mask, swr_simd_vec4 *out);

/* Called by shaders on worker threads; writes only *out. */
static void sampler_sample(const swr_sampler_interface *self, const swr_tex_request *req,
                           swr_simd_vec4 *out)
{
    const swrp_sampler *smp = (const swrp_sampler *)self;
    const swrp_sampler_view *v = req->sview < SWRP_MAX_SAMPLER_VIEWS ? smp->views[req->sview] : NULL;
    const swrp_sampler_state *ss =
        req->sampler < SWRP_MAX_SAMPLERS ? smp->samplers[req->sampler] : NULL;
    uint32_t mask = req->mask & 0xffu;
    if (v && v->data && mask && ss && !smp->no_fast_path && fast_eligible(v, ss, req)) {
        fast_sample(v, ss, req, mask, out); /* writes every lane */
        return;
    }
    sample_generic(v, ss, req, mask, out);
}

/* The generic path, one lane at a time; out of line so that the fast
 * path's caller keeps a small frame. */
static __attribute__((noinline)) void sample_generic(const swrp_sampler_view *v,
                                                     const swrp_sampler_state *ss,
                                                     const swr_tex_request *req, uint32_t mask,
                                                     swr_simd_vec4 *out)
{
    memset(out, 0, sizeof *out);
    if (!v || !v->fmt || !v->data || !mask || req->op > SWR_TEX_LODQ)
        return;
    if (req->op != SWR_TEX_FETCH && !ss)
        return;
    for (int l = 0; l < 8; l++) {
        lane_ctx L;
        texel4 t;
        if (!(mask >> l & 1) || !lane_setup(&L, v, ss, req, l))
            continue;
        if (req->op == SWR_TEX_FETCH) {
            fetch_lane(&L, req, l, out);
            continue;
        }
        if (v->target == PIPE_BUFFER)
            continue; /* only TXF reads buffers */
        switch (req->op) {
        case SWR_TEX_SAMPLE:
        case SWR_TEX_SAMPLE_L:
            sample_lane(&L, req, l, &t);
            write_lane(&L, &t, out, l);
            break;
        case SWR_TEX_GATHER:
            gather_lane(&L, req, l, out);
            break;
        default: /* SWR_TEX_LODQ */
            lodq_lane(&L, req, l, &t);
            out->v[0][l] = t.f[0];
            out->v[1][l] = t.f[1];
            break;
        }
    }
}

/* TXQ: size of a level relative to first_level, and the level count in w
 * (buffers: the element count, and 1). Levels outside the view give 0
 * sizes. */
static void sampler_query_size(const swr_sampler_interface *self, unsigned sview,
                               const int32_t level[8], uint32_t mask, swr_simd_vec4 *out)
{
    const swrp_sampler *smp = (const swrp_sampler *)self;
    const swrp_sampler_view *v = sview < SWRP_MAX_SAMPLER_VIEWS ? smp->views[sview] : NULL;
    memset(out, 0, sizeof *out);
    if (!v)
        return;
    uint32_t base = v->first_level < SWRP_MAX_TEXTURE_LEVELS ? v->first_level
                                                                : SWRP_MAX_TEXTURE_LEVELS - 1;
    uint32_t last = v->last_level < SWRP_MAX_TEXTURE_LEVELS ? v->last_level
                                                               : SWRP_MAX_TEXTURE_LEVELS - 1;
    if (last < base)
        last = base;
    uint32_t layers = view_layers(v);
    for (int l = 0; l < 8; l++) {
        int32_t r[4] = {0, 0, 0, (int32_t)(last - base + 1)};
        if (!(mask >> l & 1))
            continue;
        if (v->target == PIPE_BUFFER) {
            r[0] = (int32_t)v->num_elements;
            r[3] = 1;
        } else if (level[l] >= 0 && level[l] <= (int32_t)(last - base)) {
            const swrp_tex_level *lv = &v->level[base + (uint32_t)level[l]];
            r[0] = (int32_t)lv->width;
            switch (v->target) {
            case PIPE_TEXTURE_1D: break;
            case PIPE_TEXTURE_1D_ARRAY: r[1] = (int32_t)layers; break;
            case PIPE_TEXTURE_2D_ARRAY: r[1] = (int32_t)lv->height; r[2] = (int32_t)layers; break;
            case PIPE_TEXTURE_CUBE_ARRAY:
                r[1] = (int32_t)lv->height;
                r[2] = (int32_t)(layers / 6);
                break;
            case PIPE_TEXTURE_3D: r[1] = (int32_t)lv->height; r[2] = (int32_t)lv->depth; break;
            default: r[1] = (int32_t)lv->height; break; /* 2D, RECT, CUBE */
            }
        }
        for (int c = 0; c < 4; c++)
            memcpy(&out->v[c][l], &r[c], sizeof r[c]);
    }
}

static uint32_t sampler_query_samples(const swr_sampler_interface *self, unsigned sview)
{
    const swrp_sampler *smp = (const swrp_sampler *)self;
    return sview < SWRP_MAX_SAMPLER_VIEWS && smp->views[sview] ? 1 : 0;
}

/* Called by the pipe context (API thread) when it creates its sampler. */
void swrp_sampler_init(swrp_sampler *s)
{
    memset(s, 0, sizeof *s);
    s->iface.sample = sampler_sample;
    s->iface.query_size = sampler_query_size;
    s->iface.query_samples = sampler_query_samples;
    s->iface.fast_units = s->fast_units;
    s->iface.fast_unit_count = SWRP_MAX_SAMPLER_VIEWS;
}

/* One unit of swrp_sampler_prepare_units: the flags, 0 when a lookup could
 * leave fast_sample's single-level branch (fast_eligible on what the
 * request cannot change, plus one level and the identity swizzle). */
static uint32_t unit_flags(const swrp_sampler_view *v, const swrp_sampler_state *ss)
{
    if (!v || !ss || !v->data || v->fast_kind == 0)
        return 0;
    if (ss->compare_mode != PIPE_TEX_COMPARE_NONE || !ss->normalized_coords ||
        ss->min_img_filter != ss->mag_img_filter || ss->max_anisotropy > 1)
        return 0;
    if (ss->min_img_filter != PIPE_TEX_FILTER_LINEAR && ss->min_img_filter != PIPE_TEX_FILTER_NEAREST)
        return 0;
    if ((ss->wrap_s != PIPE_TEX_WRAP_REPEAT && ss->wrap_s != PIPE_TEX_WRAP_CLAMP_TO_EDGE) ||
        (ss->wrap_t != PIPE_TEX_WRAP_REPEAT && ss->wrap_t != PIPE_TEX_WRAP_CLAMP_TO_EDGE))
        return 0;
    if (ss->min_mip_filter != PIPE_TEX_MIPFILTER_NONE && v->last_level > v->first_level)
        return 0;
    /* fast_store's channel choice after the format's byte order and the
     * swizzle: 0..3 a byte, 4 zero, 5 one. The unit has RGBA or BGRA
     * order with alpha from byte 3 or 1 (swizzle W -> 1 of an X8 format,
     * or PIPE_SWIZZLE_1, as RGB textures have); other swizzles call. */
    bool bgra = v->fast_kind == 2 || v->fast_kind == 4, x8 = v->fast_kind >= 3;
    uint8_t src[4];
    for (int k = 0; k < 4; k++) {
        unsigned sw = v->swizzle[k];
        if (sw <= PIPE_SWIZZLE_W) {
            unsigned byte = bgra && sw != 1 && sw != 3 ? 2 - sw : sw;
            src[k] = (uint8_t)(x8 && byte == 3 ? 5 : byte);
        } else {
            src[k] = sw == PIPE_SWIZZLE_1 ? 5 : 4;
        }
    }
    if (src[1] != 1 || (src[3] != 3 && src[3] != 5) || !((src[0] == 0 && src[2] == 2) ||
                                                          (src[0] == 2 && src[2] == 0)))
        return 0;
    uint32_t f = SWR_TEX_FAST_VALID;
    if (ss->min_img_filter == PIPE_TEX_FILTER_LINEAR)
        f |= SWR_TEX_FAST_LINEAR;
    if (ss->wrap_s == PIPE_TEX_WRAP_REPEAT)
        f |= SWR_TEX_FAST_REPEAT_S;
    if (ss->wrap_t == PIPE_TEX_WRAP_REPEAT)
        f |= SWR_TEX_FAST_REPEAT_T;
    if (src[0] == 2)
        f |= SWR_TEX_FAST_BGRA;
    if (src[3] == 5)
        f |= SWR_TEX_FAST_ALPHA_ONE;
    return f;
}

/* Called by the pipe context (API thread) once views and samplers are set. */
void swrp_sampler_prepare_units(swrp_sampler *s)
{
    memset(s->fast_units, 0, sizeof s->fast_units);
    s->iface.fast_units = s->fast_units;
    s->iface.fast_unit_count = SWRP_MAX_SAMPLER_VIEWS;
    if (s->no_fast_path || getenv("SWR_NO_INLINE_TEX"))
        return;
    for (unsigned u = 0; u < SWRP_MAX_SAMPLER_VIEWS; u++) {
        const swrp_sampler_view *v = s->views[u];
        const swrp_sampler_state *ss = u < SWRP_MAX_SAMPLERS ? s->samplers[u] : NULL;
        uint32_t f = unit_flags(v, ss);
        if (!f)
            continue;
        uint32_t l = v->first_level; /* fast_kind != 0: l <= last_level < 16 */
        swr_tex_fast_unit *fu = &s->fast_units[u];
        fu->texels = v->data + v->fast_offset[l];
        fu->width = v->fast_width[l];
        fu->height = v->fast_height[l];
        fu->row_pitch = v->fast_pitch[l];
        fu->flags = f;
    }
}

/* Called by the pipe context (API thread) after filling a view. The fast
 * path addresses texels with 32-bit byte offsets, so it takes only views
 * whose used levels end below 2^31 bytes from `data`. */
void swrp_sampler_view_prepare(swrp_sampler_view *v)
{
    v->fast_kind = 0;
    memset(v->fast_width, 0, sizeof v->fast_width);
    memset(v->fast_height, 0, sizeof v->fast_height);
    memset(v->fast_offset, 0, sizeof v->fast_offset);
    memset(v->fast_pitch, 0, sizeof v->fast_pitch);
    if (!v->fmt || !v->data || v->target != PIPE_TEXTURE_2D)
        return;
    uint8_t kind = v->fmt->format == PIPE_FORMAT_R8G8B8A8_UNORM   ? 1
                   : v->fmt->format == PIPE_FORMAT_B8G8R8A8_UNORM ? 2
                   : v->fmt->format == PIPE_FORMAT_R8G8B8X8_UNORM ? 3
                   : v->fmt->format == PIPE_FORMAT_B8G8R8X8_UNORM ? 4
                                                                  : 0;
    if (!kind || v->first_level > v->last_level || v->last_level >= SWRP_MAX_TEXTURE_LEVELS)
        return;
    for (uint32_t l = v->first_level; l <= v->last_level; l++) {
        const swrp_tex_level *lv = &v->level[l];
        if (lv->width == 0 || lv->height == 0 || v->first_layer >= lv->depth ||
            lv->row_pitch < 4u * lv->width)
            return;
        uint64_t start = lv->offset + (uint64_t)v->first_layer * lv->layer_pitch;
        uint64_t end = start + (uint64_t)(lv->height - 1) * lv->row_pitch + 4u * lv->width;
        if (end > INT32_MAX)
            return;
        v->fast_width[l] = (int32_t)lv->width;
        v->fast_height[l] = (int32_t)lv->height;
        v->fast_offset[l] = (int32_t)start;
        v->fast_pitch[l] = (int32_t)lv->row_pitch;
    }
    v->fast_kind = kind;
}
