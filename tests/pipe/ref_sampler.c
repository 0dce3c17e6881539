/*
 * ref_sampler.c: the reference sampler of ref_sampler.h. Every step is the
 * GL 4.6 formula as written: eq. 8.6-8.9 for lambda, table 8.19 for cube
 * faces, table 8.20 for wrapping integer texel indices, eq. 8.10-8.12 for
 * linear weights, 8.14.3 for the mip filters, 8.23.1 for depth compare.
 * Conventions the spec leaves to the implementation (and that
 * swrp_sampler.c documents the same way): ties in the cube major axis go to
 * x then y; the seamless corner texel is the mean of the three texels at
 * the corner; the legacy CLAMP / MIRROR_CLAMP modes clamp the texel
 * coordinate to [0, size] (mirrored: |u|) and use the border outside;
 * border colours of normalized formats are clamped to their range; TXF
 * outside the view returns 0; LODQ y is lambda_base.
 */
#include "ref_sampler.h"

#include <math.h>
#include <string.h>

#define MARGIN 1e-3 /* texel or LOD distance below which a decision is ambiguous */

typedef struct R {
    const swrp_sampler_view *v;
    const swrp_sampler_state *ss;
    const fmt_desc *fmt;
    bool is_int, cmp, cube, norm;
    int dims;
    double ref;
    int layer;
    int off[3];
    int base, last;
    bool amb;
} R;

static double chk_floor(R *r, double x)
{
    double f = floor(x);
    if (x - f < MARGIN || f + 1 - x < MARGIN)
        r->amb = true;
    return f;
}

static int wrap(int mode, int i, int size)
{
    int m;
    switch (mode) {
    case PIPE_TEX_WRAP_REPEAT: /* i mod size */
        return ((i % size) + size) % size;
    case PIPE_TEX_WRAP_CLAMP_TO_EDGE:
        return i < 0 ? 0 : i >= size ? size - 1 : i;
    case PIPE_TEX_WRAP_CLAMP:
    case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
        return i < 0 || i >= size ? -1 : i;
    case PIPE_TEX_WRAP_MIRROR_REPEAT: { /* (size - 1) - mirror((i mod 2size) - size) */
        int a = ((i % (2 * size)) + 2 * size) % (2 * size) - size;
        int mir = a >= 0 ? a : -(1 + a);
        return size - 1 - mir;
    }
    case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
        m = i >= 0 ? i : -(1 + i);
        return m >= size ? size - 1 : m;
    default: /* MIRROR_CLAMP, MIRROR_CLAMP_TO_BORDER */
        m = i >= 0 ? i : -(1 + i);
        return m >= size ? -1 : m;
    }
}

static double cmpf(int func, double ref, double d)
{
    switch (func) {
    case PIPE_FUNC_LESS: return ref < d;
    case PIPE_FUNC_EQUAL: return ref == d;
    case PIPE_FUNC_LEQUAL: return ref <= d;
    case PIPE_FUNC_GREATER: return ref > d;
    case PIPE_FUNC_NOTEQUAL: return ref != d;
    case PIPE_FUNC_GEQUAL: return ref >= d;
    case PIPE_FUNC_ALWAYS: return 1;
    default: return 0;
    }
}

static void fetch(R *r, int lvl, int x, int y, int z, double out[4])
{
    const swrp_tex_level *lv = &r->v->level[lvl];
    float f[4];
    fmt_fetch_texel(r->fmt, r->v->data + lv->offset + (size_t)z * lv->layer_pitch, lv->row_pitch,
                    (uint32_t)x, (uint32_t)y, f);
    for (int c = 0; c < 4; c++) {
        if (r->is_int) {
            int32_t b;
            memcpy(&b, &f[c], 4);
            out[c] = r->fmt->is_pure_uint ? (double)(uint32_t)b : (double)b;
        } else {
            out[c] = f[c];
        }
    }
}

static void do_compare(R *r, double t[4])
{
    if (!r->cmp)
        return;
    t[0] = cmpf(r->ss->compare_func, r->ref, t[0]);
    t[1] = t[2] = 0;
    t[3] = 1;
}

static void border(R *r, double t[4])
{
    const swrp_sampler_state *ss = r->ss;
    double lo = -INFINITY, hi = INFINITY;
    if (r->fmt->is_normalized) {
        lo = strstr(r->fmt->name, "SNORM") ? -1 : 0;
        hi = 1;
    }
    for (int c = 0; c < 4; c++) {
        if (r->is_int)
            t[c] = r->fmt->is_pure_uint ? (double)ss->border_color.ui[c] : ss->border_color.i[c];
        else
            t[c] = fmin(fmax(ss->border_color.f[c], lo), hi);
    }
    if (r->fmt->is_depth && !r->is_int) {
        t[1] = t[2] = 0;
        t[3] = 1;
    }
    do_compare(r, t);
}

/* Table 8.19. */
static int face_of(R *r, const double d[3], double *sc, double *tc, double *ma)
{
    double ax = fabs(d[0]), ay = fabs(d[1]), az = fabs(d[2]);
    double m1 = fmax(ax, fmax(ay, az));
    int n = (ax > m1 - 1e-6 * m1) + (ay > m1 - 1e-6 * m1) + (az > m1 - 1e-6 * m1);
    if (r && n > 1)
        r->amb = true;
    int f;
    if (ax >= ay && ax >= az)
        f = d[0] >= 0 ? 0 : 1;
    else if (ay >= az)
        f = d[1] >= 0 ? 2 : 3;
    else
        f = d[2] >= 0 ? 4 : 5;
    static const int sa[6] = {2, 2, 0, 0, 0, 0}, ta[6] = {1, 1, 2, 2, 1, 1};
    static const double ss[6] = {-1, 1, 1, 1, 1, -1}, ts[6] = {-1, -1, 1, -1, -1, -1};
    *sc = ss[f] * d[sa[f]];
    *tc = ts[f] * d[ta[f]];
    *ma = fabs(d[f / 2]);
    return f;
}

/* The direction through the centre of texel (i, j) of face f (n x n), the
 * inverse of table 8.19 with |ma| = 1. */
static void texel_dir(int f, int i, int j, int n, double d[3])
{
    double sc = 2.0 * (i + 0.5) / n - 1, tc = 2.0 * (j + 0.5) / n - 1;
    static const int sa[6] = {2, 2, 0, 0, 0, 0}, ta[6] = {1, 1, 2, 2, 1, 1};
    static const double ss[6] = {-1, 1, 1, 1, 1, -1}, ts[6] = {-1, -1, 1, -1, -1, -1};
    d[f / 2] = (f & 1) ? -1 : 1;
    d[sa[f]] = sc * ss[f];
    d[ta[f]] = tc * ts[f];
}

static void neighbour(int f, int i, int j, int n, int *f2, int *i2, int *j2)
{
    double d[3], sc, tc, ma;
    texel_dir(f, i, j, n, d);
    *f2 = face_of(NULL, d, &sc, &tc, &ma);
    *i2 = (int)floor((sc / ma + 1) / 2 * n);
    *j2 = (int)floor((tc / ma + 1) / 2 * n);
    *i2 = *i2 < 0 ? 0 : *i2 >= n ? n - 1 : *i2;
    *j2 = *j2 < 0 ? 0 : *j2 >= n ? n - 1 : *j2;
}

static void texel(R *r, int lvl, bool linear, int i, int j, int k, int face, double t[4])
{
    const swrp_tex_level *lv = &r->v->level[lvl];
    int w = (int)lv->width, h = (int)lv->height, d = (int)lv->depth;
    int ws = r->ss->wrap_s, wt = r->ss->wrap_t, wr = r->ss->wrap_r;
    if (!linear) {
        int *m[3] = {&ws, &wt, &wr};
        for (int q = 0; q < 3; q++) {
            if (*m[q] == PIPE_TEX_WRAP_CLAMP)
                *m[q] = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
            if (*m[q] == PIPE_TEX_WRAP_MIRROR_CLAMP)
                *m[q] = PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE;
        }
    }
    if (face >= 0 && r->ss->seamless_cube_map && (i < 0 || i >= w || j < 0 || j >= h)) {
        int ic = i < 0 ? 0 : i >= w ? w - 1 : i, jc = j < 0 ? 0 : j >= h ? h - 1 : j;
        int f1, i1, j1;
        if ((i < 0 || i >= w) && (j < 0 || j >= h)) {
            double a[4], b[4], c[4];
            int f2, i2, j2;
            neighbour(face, i, jc, w, &f1, &i1, &j1);
            neighbour(face, ic, j, w, &f2, &i2, &j2);
            fetch(r, lvl, ic, jc, k + face, a);
            do_compare(r, a);
            if (r->is_int) { /* integers are not averaged: the face's own texel */
                memcpy(t, a, sizeof a);
                return;
            }
            fetch(r, lvl, i1, j1, k + f1, b);
            do_compare(r, b);
            fetch(r, lvl, i2, j2, k + f2, c);
            do_compare(r, c);
            for (int q = 0; q < 4; q++)
                t[q] = (a[q] + b[q] + c[q]) / 3;
            return;
        }
        neighbour(face, i, j, w, &f1, &i1, &j1);
        fetch(r, lvl, i1, j1, k + f1, t);
        do_compare(r, t);
        return;
    }
    i = wrap(ws, i, w);
    j = r->dims >= 2 ? wrap(wt, j, h) : 0;
    if (r->dims == 3)
        k = wrap(wr, k, d);
    if (i < 0 || j < 0 || k < 0) {
        border(r, t);
        return;
    }
    fetch(r, lvl, i, j, face >= 0 ? k + face : k, t);
    do_compare(r, t);
}

static void filter(R *r, int lvl, bool linear, const double c[3], int face, double out[4])
{
    const swrp_tex_level *lv = &r->v->level[lvl];
    double size[3] = {lv->width, lv->height, lv->depth};
    double u[3] = {0, 0, 0};
    int wm[3] = {r->ss->wrap_s, r->ss->wrap_t, r->ss->wrap_r};
    for (int d = 0; d < r->dims; d++) {
        /* float product: the sampler's inputs are floats and GL computes
         * u = s * size in float */
        u[d] = r->norm ? (double)((float)c[d] * (float)size[d]) : c[d];
        if (face < 0)
            u[d] += r->off[d];
    }
    if (!linear) {
        int i = (int)chk_floor(r, u[0]);
        int j = r->dims >= 2 ? (int)chk_floor(r, u[1]) : 0;
        int k = r->dims == 3 ? (int)chk_floor(r, u[2]) : r->layer;
        texel(r, lvl, false, i, j, k, face, out);
        return;
    }
    int i0[3] = {0, 0, r->layer};
    double a[3] = {0, 0, 0};
    for (int d = 0; d < r->dims; d++) {
        double x = u[d];
        if (wm[d] == PIPE_TEX_WRAP_CLAMP)
            x = fmin(fmax(x, 0), size[d]);
        if (wm[d] == PIPE_TEX_WRAP_MIRROR_CLAMP)
            x = fmin(fabs(x), size[d]);
        i0[d] = (int)floor(x - 0.5);
        a[d] = (x - 0.5) - floor(x - 0.5);
    }
    for (int ch = 0; ch < 4; ch++)
        out[ch] = 0;
    int n = 1 << r->dims;
    for (int q = 0; q < n; q++) {
        double t[4], wgt = 1;
        int idx[3] = {i0[0] + (q & 1), i0[1] + ((q >> 1) & 1), r->dims == 3 ? i0[2] + (q >> 2) : r->layer};
        for (int d = 0; d < r->dims; d++)
            wgt *= ((q >> d) & 1) ? a[d] : 1 - a[d];
        texel(r, lvl, true, idx[0], idx[1], idx[2], face, t);
        for (int ch = 0; ch < 4; ch++)
            out[ch] += wgt * t[ch];
    }
}

static void resolve(R *r, const double c[3], double p[3], int *face)
{
    if (r->cube) {
        double sc, tc, ma;
        *face = face_of(r, c, &sc, &tc, &ma);
        p[0] = (sc / ma + 1) / 2;
        p[1] = (tc / ma + 1) / 2;
        p[2] = 0;
    } else {
        memcpy(p, c, sizeof(double) * 3);
        *face = -1;
    }
}

/* `exact`: lambda is min_lod or max_lod itself, which float and double
 * agree on, so no threshold decision is ambiguous. */
static void at_lambda(R *r, const double c[3], double lambda, bool exact, double out[4])
{
    double p[3];
    int face;
    bool mag_lin = r->ss->mag_img_filter == PIPE_TEX_FILTER_LINEAR && !r->is_int;
    bool min_lin = r->ss->min_img_filter == PIPE_TEX_FILTER_LINEAR && !r->is_int;
    int mip = r->ss->min_mip_filter;
    if (r->is_int && mip == PIPE_TEX_MIPFILTER_LINEAR)
        mip = PIPE_TEX_MIPFILTER_NEAREST;
    resolve(r, c, p, &face);
    if (!exact && fabs(lambda) < MARGIN && (mag_lin != min_lin || mip != PIPE_TEX_MIPFILTER_NONE))
        r->amb = true;
    if (lambda <= 0) {
        filter(r, r->base, mag_lin, p, face, out);
        return;
    }
    int q = r->last - r->base;
    if (mip == PIPE_TEX_MIPFILTER_NONE || q == 0) {
        filter(r, r->base, min_lin, p, face, out);
    } else if (mip == PIPE_TEX_MIPFILTER_NEAREST) {
        int d;
        if (!exact && (fabs(lambda - 0.5 - floor(lambda - 0.5)) < MARGIN ||
                       fabs(lambda - 0.5 - ceil(lambda - 0.5)) < MARGIN))
            r->amb = true;
        d = lambda <= 0.5 ? 0 : (int)ceil(lambda + 0.5) - 1;
        filter(r, r->base + (d > q ? q : d), min_lin, p, face, out);
    } else {
        if (lambda >= q) {
            filter(r, r->last, min_lin, p, face, out);
            return;
        }
        int d1 = (int)floor(lambda);
        double t1[4], t2[4], f = lambda - d1;
        filter(r, r->base + d1, min_lin, p, face, t1);
        filter(r, r->base + d1 + 1, min_lin, p, face, t2);
        for (int ch = 0; ch < 4; ch++)
            out[ch] = (1 - f) * t1[ch] + f * t2[ch];
    }
}

/* Eq. 8.7-8.9 (cube: the derivative of s = (sc / |ma| + 1) / 2). */
static void derivs(R *r, const swr_tex_request *req, int l, double *px, double *py)
{
    const swrp_tex_level *lv = &r->v->level[r->base];
    double sz[3] = {lv->width, lv->height, lv->depth};
    double P[2];
    for (int a = 0; a < 2; a++) {
        const float(*dd)[8] = a ? req->ddy : req->ddx;
        double d[3] = {dd[0][l], dd[1][l], dd[2][l]};
        if (r->cube) {
            double c[3] = {req->coords.v[0][l], req->coords.v[1][l], req->coords.v[2][l]};
            double sc, tc, ma, dsc, dtc, dma;
            int f = face_of(r, c, &sc, &tc, &ma);
            /* the same linear map applied to the derivative vector */
            double sgn = (f & 1) ? -1 : 1;
            static const int sa[6] = {2, 2, 0, 0, 0, 0}, ta[6] = {1, 1, 2, 2, 1, 1};
            static const double ssn[6] = {-1, 1, 1, 1, 1, -1}, tsn[6] = {-1, -1, 1, -1, -1, -1};
            dsc = ssn[f] * d[sa[f]];
            dtc = tsn[f] * d[ta[f]];
            dma = sgn * d[f / 2];
            d[0] = (dsc * ma - sc * dma) / (2 * ma * ma);
            d[1] = (dtc * ma - tc * dma) / (2 * ma * ma);
            d[2] = 0;
        }
        double s2 = 0;
        for (int k = 0; k < r->dims; k++) {
            double x = d[k] * (r->norm ? sz[k] : 1);
            s2 += x * x;
        }
        P[a] = sqrt(s2);
    }
    *px = P[0];
    *py = P[1];
}

static double clampd(double x, double lo, double hi) { return fmin(fmax(x, lo), hi); }

void ref_sample(const swrp_sampler_view *v, const swrp_sampler_state *ss,
                const swr_tex_request *req, int l, ref_result *res)
{
    R r;
    memset(&r, 0, sizeof r);
    memset(res, 0, sizeof *res);
    r.v = v;
    r.ss = ss;
    r.fmt = v->fmt;
    r.is_int = v->fmt->is_pure_int || v->fmt->is_pure_uint || v->fmt->is_signed_int;
    r.cube = v->target == PIPE_TEXTURE_CUBE || v->target == PIPE_TEXTURE_CUBE_ARRAY;
    r.dims = v->target == PIPE_TEXTURE_1D || v->target == PIPE_TEXTURE_1D_ARRAY ? 1
             : v->target == PIPE_TEXTURE_3D                                     ? 3
                                                                                : 2;
    r.norm = ss ? ss->normalized_coords : false;
    r.base = (int)v->first_level;
    r.last = (int)v->last_level;
    r.layer = v->target == PIPE_TEXTURE_3D ? 0 : (int)v->first_layer;
    if (req->has_offsets)
        for (int d = 0; d < 3; d++)
            r.off[d] = req->offsets[d][l];
    double out[4] = {0, 0, 0, 0};
    int nl = (int)(v->last_layer - v->first_layer + 1);

    if (req->op == SWR_TEX_FETCH) {
        int32_t c[4];
        for (int k = 0; k < 4; k++)
            memcpy(&c[k], &req->coords.v[k][l], 4);
        if (v->target == PIPE_BUFFER) {
            if (c[0] < 0 || c[0] >= (int)v->num_elements)
                return;
            float f[4];
            fmt_fetch_texel(v->fmt, v->data + v->level[0].offset, 0,
                            v->first_element + (uint32_t)c[0], 0, f);
            for (int k = 0; k < 4; k++) {
                int32_t b;
                memcpy(&b, &f[k], 4);
                out[k] = r.is_int ? (v->fmt->is_pure_uint ? (double)(uint32_t)b : b) : f[k];
            }
        } else {
            int lvl = r.base + req->lod_int[l];
            if (req->lod_int[l] < 0 || lvl > r.last)
                return;
            const swrp_tex_level *lv = &v->level[lvl];
            int x = c[0] + (r.cube ? 0 : r.off[0]);
            int y = r.dims >= 2 ? c[1] + (r.cube ? 0 : r.off[1]) : 0;
            int z = r.dims == 3 ? c[2] + r.off[2] : 0;
            if (x < 0 || x >= (int)lv->width || y < 0 || y >= (int)lv->height || z < 0 ||
                z >= (int)lv->depth)
                return;
            int layer = r.dims == 3 ? z : (int)v->first_layer;
            int lc = v->target == PIPE_TEXTURE_1D_ARRAY ? 1
                     : v->target == PIPE_TEXTURE_2D_ARRAY || r.cube ? 2
                                                                      : -1;
            if (lc >= 0) {
                if (c[lc] < 0 || c[lc] >= nl)
                    return;
                layer = (int)v->first_layer + c[lc];
            }
            fetch(&r, lvl, x, y, layer, out);
        }
        goto swizzle;
    }

    /* Array layer: floor(layer + 1/2), clamped (GL 4.6 eq. 8.5). */
    {
        int lc = v->target == PIPE_TEXTURE_1D_ARRAY   ? 1
                 : v->target == PIPE_TEXTURE_2D_ARRAY ? 2
                 : v->target == PIPE_TEXTURE_CUBE_ARRAY ? 3
                                                        : -1;
        if (lc >= 0) {
            double x = (double)req->coords.v[lc][l] + 0.5;
            int n = v->target == PIPE_TEXTURE_CUBE_ARRAY ? nl / 6 : nl;
            int a = (int)chk_floor(&r, x);
            a = a < 0 ? 0 : a >= n ? n - 1 : a;
            r.layer = (int)v->first_layer + (v->target == PIPE_TEXTURE_CUBE_ARRAY ? 6 * a : a);
        }
    }
    r.cmp = ss->compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE && req->has_compare && !r.is_int;
    if (r.cmp) {
        r.ref = req->compare[l];
        if (v->fmt->is_depth && !v->fmt->is_float)
            r.ref = clampd(r.ref, 0, 1);
    }
    double c[3] = {req->coords.v[0][l], req->coords.v[1][l], req->coords.v[2][l]};

    if (req->op == SWR_TEX_GATHER) {
        double p[3];
        int face;
        resolve(&r, c, p, &face);
        const swrp_tex_level *lv = &v->level[r.base];
        double size[2] = {lv->width, lv->height};
        int i0[2];
        int wm[2] = {ss->wrap_s, ss->wrap_t};
        for (int d = 0; d < 2; d++) {
            double u = r.norm ? (double)((float)p[d] * (float)size[d]) : p[d];
            if (face < 0)
                u += r.off[d];
            if (wm[d] == PIPE_TEX_WRAP_CLAMP)
                u = fmin(fmax(u, 0), size[d]);
            if (wm[d] == PIPE_TEX_WRAP_MIRROR_CLAMP)
                u = fmin(fabs(u), size[d]);
            i0[d] = (int)chk_floor(&r, u - 0.5);
        }
        /* (i0, j1), (i1, j1), (i1, j0), (i0, j0) */
        static const int di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};
        int sw = v->swizzle[req->gather_comp & 3];
        for (int k = 0; k < 4; k++) {
            double t[4];
            texel(&r, r.base, true, i0[0] + di[k], i0[1] + dj[k], r.layer, face, t);
            res->v[k] = sw <= PIPE_SWIZZLE_W ? t[sw] : sw == PIPE_SWIZZLE_1 ? 1 : 0;
        }
        res->ambiguous = r.amb;
        return;
    }

    double lambda, lambda_base = 0;
    int n = 1;
    bool ax = true;
    if (req->op == SWR_TEX_SAMPLE_L) {
        lambda = req->lod[l] + clampd(ss->lod_bias, -SWRP_MAX_LOD_BIAS, SWRP_MAX_LOD_BIAS);
    } else {
        double px, py;
        derivs(&r, req, l, &px, &py);
        double pmax = fmax(px, py), pmin = fmin(px, py);
        if (ss->max_anisotropy > 1 && pmax > 0) {
            double ratio = pmin > 0 ? fmin(pmax / pmin, 1024) : 1024;
            n = (int)fmin(ceil(ratio), ss->max_anisotropy);
            if (fabs(ratio - floor(ratio + 0.5)) < 1e-3 && ratio < ss->max_anisotropy + 1)
                r.amb = true;
            ax = px >= py;
            lambda_base = log2(pmax / n);
        } else {
            lambda_base = log2(pmax);
        }
        double bias = ss->lod_bias + (req->op == SWR_TEX_SAMPLE && req->has_lod ? req->lod[l] : 0);
        lambda = lambda_base + clampd(bias, -SWRP_MAX_LOD_BIAS, SWRP_MAX_LOD_BIAS);
        if (req->op == SWR_TEX_LODQ)
            lambda = lambda_base + clampd(ss->lod_bias, -SWRP_MAX_LOD_BIAS, SWRP_MAX_LOD_BIAS);
    }
    bool exact = lambda <= ss->min_lod || lambda >= ss->max_lod;
    lambda = clampd(lambda, ss->min_lod, ss->max_lod);
    if (req->op == SWR_TEX_LODQ) {
        int mip = ss->min_mip_filter;
        double q = r.last - r.base, x = 0;
        if (r.is_int && mip == PIPE_TEX_MIPFILTER_LINEAR)
            mip = PIPE_TEX_MIPFILTER_NEAREST;
        if (mip != PIPE_TEX_MIPFILTER_NONE && lambda > 0) {
            if (mip == PIPE_TEX_MIPFILTER_NEAREST)
                x = lambda <= 0.5 ? 0 : fmin(ceil(lambda + 0.5) - 1, q);
            else
                x = fmin(lambda, q);
        }
        res->v[0] = x;
        res->v[1] = lambda_base;
        res->ambiguous = r.amb;
        return;
    }
    if (n > 1 && lambda > 0 && !r.is_int) {
        for (int i = 1; i <= n; i++) {
            double k = (double)i / (n + 1) - 0.5, ci[3], t[4];
            for (int d = 0; d < 3; d++)
                ci[d] = c[d] + k * (ax ? req->ddx[d][l] : req->ddy[d][l]);
            at_lambda(&r, ci, lambda, exact, t);
            for (int ch = 0; ch < 4; ch++)
                out[ch] += t[ch] / n;
        }
    } else {
        at_lambda(&r, c, lambda, exact, out);
    }
swizzle:
    for (int k = 0; k < 4; k++) {
        int sw = v->swizzle[k];
        res->v[k] = sw <= PIPE_SWIZZLE_W ? out[sw] : sw == PIPE_SWIZZLE_1 ? 1 : 0;
    }
    res->ambiguous = r.amb;
}
