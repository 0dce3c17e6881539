/*
 * ref_ff.c: the scalar reference model of the fixed-function pipeline
 * (ref_ff.h), from the GL 2.1 specification, with forward error bounds.
 *
 * Matrices are GL's column-major arrays; M(r, c) = m[c * 4 + r]. The
 * model's own inverse is Gauss-Jordan elimination with partial pivoting
 * in double. Values the shader reads as derived constants (the inverse
 * modelview, the rescale factor, cos(cutoff), fog factors) enter as
 * "rounded" values: one float rounding of the exact value.
 *
 * Thread: one model evaluation at a time (the ambiguity flag is static).
 */
#include "ref_ff.h"

#include <math.h>
#include <string.h>

static bool ambiguous;

/* ---- error-bounded arithmetic ---------------------------------------------- */

ref_ev ref_exact(double v) { return (ref_ev){v, 0.0}; }

static ref_ev rounded(double v) { return (ref_ev){v, REF_OP_ERROR * fabs(v)}; }

ref_ev ref_add(ref_ev a, ref_ev b)
{
    double v = a.v + b.v;
    return (ref_ev){v, a.e + b.e + REF_OP_ERROR * fabs(v)};
}

static ref_ev sub(ref_ev a, ref_ev b) { return ref_add(a, (ref_ev){-b.v, b.e}); }

static ref_ev neg(ref_ev a) { return (ref_ev){-a.v, a.e}; }

ref_ev ref_mul(ref_ev a, ref_ev b)
{
    double v = a.v * b.v;
    return (ref_ev){v, fabs(a.v) * b.e + fabs(b.v) * a.e + a.e * b.e + REF_OP_ERROR * fabs(v)};
}

ref_ev ref_div(ref_ev a, ref_ev b)
{
    if (fabs(b.v) <= 2.0 * b.e || b.v == 0.0) {
        ambiguous = true;
        return (ref_ev){0.0, INFINITY};
    }
    double v = a.v / b.v;
    double e = (fabs(a.v) * b.e + fabs(b.v) * a.e) / (fabs(b.v) * (fabs(b.v) - b.e));
    return (ref_ev){v, e + REF_OP_ERROR * fabs(v)};
}

/* 1/sqrt(a): decreasing, so the bound is its value at a - e. */
static ref_ev rsq(ref_ev a)
{
    if (a.v - a.e <= 0.0) {
        ambiguous = true;
        return (ref_ev){0.0, INFINITY};
    }
    double v = 1.0 / sqrt(a.v);
    return (ref_ev){v, 1.0 / sqrt(a.v - a.e) - v + 2.0 * REF_OP_ERROR * v};
}

static ref_ev sqrt_ev(ref_ev a)
{
    double v = sqrt(fmax(a.v, 0.0));
    double lo = sqrt(fmax(a.v - a.e, 0.0)), hi = sqrt(fmax(a.v + a.e, 0.0));
    return (ref_ev){v, fmax(hi - v, v - lo) + REF_OP_ERROR * v};
}

static ref_ev max0(ref_ev a) { return (ref_ev){fmax(a.v, 0.0), a.e}; }

static ref_ev clamp01(ref_ev a)
{
    if (a.v - a.e >= 1.0)
        return ref_exact(1.0);
    if (a.v + a.e <= 0.0)
        return ref_exact(0.0);
    return (ref_ev){fmin(fmax(a.v, 0.0), 1.0), fmin(a.e, 1.0)};
}

static ref_ev min_ev(ref_ev a, ref_ev b) { return (ref_ev){fmin(a.v, b.v), fmax(a.e, b.e)}; }
static ref_ev max_ev(ref_ev a, ref_ev b) { return (ref_ev){fmax(a.v, b.v), fmax(a.e, b.e)}; }

static double pow0(double x, double y) { return y == 0.0 ? 1.0 : x <= 0.0 ? 0.0 : pow(x, y); }

/* x^y for x >= 0 (from a max with 0), y a float exponent. jit_powf's
 * documented bound: 1.5 (3 + |y log2 x|) ulp. */
static ref_ev pow_ev(ref_ev x, double y)
{
    double v = pow0(x.v, y);
    double lo = pow0(fmax(x.v - x.e, 0.0), y), hi = pow0(x.v + x.e, y);
    double e = fmax(fabs(hi - v), fabs(v - lo));
    if (v > 0.0 && x.v > 0.0)
        e += 1.5 * (3.0 + fabs(y * log2(x.v))) * ldexp(v, -23);
    return (ref_ev){v, e + REF_OP_ERROR * v};
}

/* 2^x: jit_exp2f is within 2 ulp. */
static ref_ev exp2_ev(ref_ev x)
{
    double v = exp2(x.v);
    double e = fmax(exp2(x.v + x.e) - v, v - exp2(x.v - x.e));
    return (ref_ev){v, e + ldexp(v, -22) + REF_OP_ERROR * v};
}

/* a > t, or ambiguous when the bounds overlap the threshold. */
static bool greater(ref_ev a, ref_ev t)
{
    if (fabs(a.v - t.v) <= a.e + t.e)
        ambiguous = true;
    return a.v > t.v;
}

static ref_ev dot3(const ref_ev *a, const ref_ev *b)
{
    return ref_add(ref_add(ref_mul(a[0], b[0]), ref_mul(a[1], b[1])), ref_mul(a[2], b[2]));
}

static ref_ev dot4(const ref_ev *a, const ref_ev *b)
{
    return ref_add(dot3(a, b), ref_mul(a[3], b[3]));
}

static void normalize3(const ref_ev *v, ref_ev *out)
{
    ref_ev r = rsq(dot3(v, v));
    for (int c = 0; c < 3; c++)
        out[c] = ref_mul(v[c], r);
}

static void exact4(const float *f, ref_ev *out)
{
    for (int c = 0; c < 4; c++)
        out[c] = ref_exact(f[c]);
}

/* M v for a column-major float matrix. */
static void transform(const float *m, const ref_ev *v, ref_ev *out)
{
    for (int r = 0; r < 4; r++) {
        ref_ev row[4];
        for (int c = 0; c < 4; c++)
            row[c] = ref_exact(m[c * 4 + r]);
        out[r] = dot4(row, v);
    }
}

/* Gauss-Jordan with partial pivoting; false when singular. */
static bool inverse(const float *m, double *inv)
{
    double a[4][8];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            a[r][c] = m[c * 4 + r];
            a[r][c + 4] = r == c;
        }
    for (int col = 0; col < 4; col++) {
        int piv = col;
        for (int r = col + 1; r < 4; r++)
            if (fabs(a[r][col]) > fabs(a[piv][col]))
                piv = r;
        if (a[piv][col] == 0.0)
            return false;
        for (int c = 0; c < 8; c++) {
            double t = a[col][c];
            a[col][c] = a[piv][c];
            a[piv][c] = t;
        }
        double p = a[col][col];
        for (int c = 0; c < 8; c++)
            a[col][c] /= p;
        for (int r = 0; r < 4; r++)
            if (r != col) {
                double f = a[r][col];
                for (int c = 0; c < 8; c++)
                    a[r][c] -= f * a[col][c];
            }
    }
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            inv[c * 4 + r] = a[r][c + 4];
    return true;
}

/* ---- vertex stage ------------------------------------------------------------ */

static bool tracks(const gl_ff_vs_key *k, unsigned face, unsigned term)
{
    unsigned bit = face ? GL_FF_FACE_BACK : GL_FF_FACE_FRONT;
    if (!(k->color_material_faces & bit))
        return false;
    if (k->color_material == term)
        return true;
    return k->color_material == GL_FF_CM_AMBIENT_AND_DIFFUSE &&
           (term == GL_FF_CM_AMBIENT || term == GL_FF_CM_DIFFUSE);
}

/* 2.14.1, one face: c_pri and c_sec. n is the face's normal. */
static void light_face(const gl_ff_vs_key *k, const gl_ff_gl_state *s, unsigned face,
                       const ref_ev *n, const ref_ev *eye, const ref_ev *color, ref_ev *pri,
                       ref_ev *sec)
{
    const gl_ff_material *m = &s->material[face];
    ref_ev ecm[4], acm[4], dcm[4], scm[4], lma[4];
    exact4(m->emission, ecm);
    exact4(m->ambient, acm);
    exact4(m->diffuse, dcm);
    exact4(m->specular, scm);
    if (tracks(k, face, GL_FF_CM_EMISSION))
        memcpy(ecm, color, sizeof ecm);
    if (tracks(k, face, GL_FF_CM_AMBIENT))
        memcpy(acm, color, sizeof acm);
    if (tracks(k, face, GL_FF_CM_DIFFUSE))
        memcpy(dcm, color, sizeof dcm);
    if (tracks(k, face, GL_FF_CM_SPECULAR))
        memcpy(scm, color, sizeof scm);
    exact4(s->light_model_ambient, lma);
    ref_ev c[3], spec[3];
    for (int j = 0; j < 3; j++) {
        c[j] = ref_add(ecm[j], ref_mul(acm[j], lma[j]));
        spec[j] = ref_exact(0.0);
    }
    for (unsigned i = 0; i < GL_FF_MAX_LIGHTS; i++) {
        if (!(k->light_enabled >> i & 1))
            continue;
        const gl_ff_light *l = &s->light[i];
        ref_ev vp[3], att = ref_exact(1.0);
        if (l->position[3] != 0.0f) {
            ref_ev d[3];
            for (int j = 0; j < 3; j++)
                d[j] = sub(ref_div(ref_exact(l->position[j]), ref_exact(l->position[3])), eye[j]);
            ref_ev d2 = dot3(d, d);
            ref_ev dist = sqrt_ev(d2);
            ref_ev r = rsq(d2);
            for (int j = 0; j < 3; j++)
                vp[j] = ref_mul(d[j], r);
            ref_ev q = ref_add(ref_add(ref_exact(l->constant_attenuation),
                                       ref_mul(ref_exact(l->linear_attenuation), dist)),
                               ref_mul(ref_exact(l->quadratic_attenuation), d2));
            att = ref_div(ref_exact(1.0), q);
        } else {
            ref_ev p[3] = {ref_exact(l->position[0]), ref_exact(l->position[1]),
                           ref_exact(l->position[2])};
            normalize3(p, vp);
        }
        ref_ev spot = ref_exact(1.0);
        if (l->spot_cutoff != 180.0f) {
            ref_ev sd[3] = {ref_exact(l->spot_direction[0]), ref_exact(l->spot_direction[1]),
                            ref_exact(l->spot_direction[2])};
            ref_ev sdn[3], mvp[3] = {neg(vp[0]), neg(vp[1]), neg(vp[2])};
            normalize3(sd, sdn);
            ref_ev t = dot3(mvp, sdn);
            ref_ev cosc = rounded(cos(l->spot_cutoff * M_PI / 180.0));
            spot = greater(t, cosc) ? pow_ev(max0(t), l->spot_exponent) : ref_exact(0.0);
        }
        ref_ev fac = ref_mul(att, spot);
        ref_ev ndotl = dot3(n, vp);
        ref_ev diff = max0(ndotl);
        ref_ev sfac = ref_exact(0.0);
        if (greater(ndotl, ref_exact(0.0))) {
            ref_ev h[3], hn[3];
            if (k->local_viewer) {
                ref_ev ve[3], mine[3] = {neg(eye[0]), neg(eye[1]), neg(eye[2])};
                normalize3(mine, ve);
                for (int j = 0; j < 3; j++)
                    h[j] = ref_add(vp[j], ve[j]);
            } else {
                h[0] = vp[0];
                h[1] = vp[1];
                h[2] = ref_add(vp[2], ref_exact(1.0));
            }
            normalize3(h, hn);
            sfac = pow_ev(max0(dot3(n, hn)), m->shininess);
        }
        for (int j = 0; j < 3; j++) {
            ref_ev amb = ref_mul(acm[j], ref_exact(l->ambient[j]));
            ref_ev dif = ref_mul(ref_mul(diff, dcm[j]), ref_exact(l->diffuse[j]));
            ref_ev spc = ref_mul(ref_mul(sfac, scm[j]), ref_exact(l->specular[j]));
            c[j] = ref_add(c[j], ref_mul(fac, ref_add(amb, dif)));
            if (k->separate_specular)
                spec[j] = ref_add(spec[j], ref_mul(fac, spc));
            else
                c[j] = ref_add(c[j], ref_mul(fac, spc));
        }
    }
    for (int j = 0; j < 3; j++) {
        pri[j] = c[j];
        sec[j] = k->separate_specular ? spec[j] : ref_exact(0.0);
    }
    pri[3] = dcm[3]; /* "the alpha value associated with d_cm" */
    sec[3] = ref_exact(0.0);
}

/* 2.12.4 sphere map / reflection vector: u = unit(e), r = u - 2 n (n.u). */
static void reflection(const ref_ev *n, const ref_ev *eye, ref_ev *r)
{
    ref_ev u[3];
    normalize3(eye, u);
    ref_ev nu = dot3(n, u);
    for (int j = 0; j < 3; j++)
        r[j] = sub(u[j], ref_mul(ref_mul(ref_exact(2.0), n[j]), nu));
}

void ref_vs(const gl_ff_vs_key *k, const gl_ff_gl_state *s, const float attr[][4], ref_vs_out *out)
{
    ambiguous = false;
    memset(out, 0, sizeof *out);
    ref_ev v[4], eye[4];
    exact4(attr[GL_FF_ATTRIB_POSITION], v);
    transform(s->modelview, v, eye); /* 2.11 */
    transform(s->projection, eye, out->position);

    /* 2.11.3: n' = n M^-1, then rescale or normalise */
    double inv[16];
    if (!inverse(s->modelview, inv))
        memset(inv, 0, sizeof inv);
    ref_ev n[3];
    for (int j = 0; j < 3; j++) {
        ref_ev sum = ref_exact(0.0);
        for (int i = 0; i < 3; i++)
            sum = ref_add(
                sum, ref_mul(ref_exact(attr[GL_FF_ATTRIB_NORMAL][i]), rounded(inv[j * 4 + i])));
        n[j] = sum;
    }
    if (k->normalize) {
        ref_ev t[3] = {n[0], n[1], n[2]};
        normalize3(t, n);
    } else if (k->rescale_normal) {
        /* f = 1 / sqrt(m31^2 + m32^2 + m33^2), m = M^-1 (1-based rows) */
        double f = 1.0 / sqrt(inv[0 * 4 + 2] * inv[0 * 4 + 2] + inv[1 * 4 + 2] * inv[1 * 4 + 2] +
                              inv[2 * 4 + 2] * inv[2 * 4 + 2]);
        for (int j = 0; j < 3; j++)
            n[j] = ref_mul(n[j], rounded(f));
    }

    ref_ev color[4], color1[4];
    exact4(attr[GL_FF_ATTRIB_COLOR0], color);
    exact4(attr[GL_FF_ATTRIB_COLOR1], color1);
    if (k->lighting) {
        light_face(k, s, 0, n, eye, color, out->color[0][0], out->color[0][1]);
        if (k->two_side) {
            ref_ev nb[3] = {neg(n[0]), neg(n[1]), neg(n[2])};
            light_face(k, s, 1, nb, eye, color, out->color[1][0], out->color[1][1]);
        }
    } else {
        memcpy(out->color[0][0], color, sizeof color);
        memcpy(out->color[0][1], color1, sizeof color1);
    }
    if (k->clamp_color)
        for (int f = 0; f < 2; f++)
            for (int p = 0; p < 2; p++)
                for (int c = 0; c < 4; c++)
                    out->color[f][p][c] = clamp01(out->color[f][p][c]);

    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        if (!(k->texcoord_out >> u & 1))
            continue;
        ref_ev tc[4], r[3];
        exact4(attr[GL_FF_ATTRIB_TEXCOORD0 + u], tc);
        for (unsigned c = 0; c < 4; c++) {
            ref_ev plane[4];
            switch (GL_FF_TEXGEN_GET(k->texgen[u], c)) {
            case GL_FF_TEXGEN_OBJECT_LINEAR:
                exact4(s->texgen_object[u][c], plane);
                tc[c] = dot4(plane, v);
                break;
            case GL_FF_TEXGEN_EYE_LINEAR:
                exact4(s->texgen_eye[u][c], plane);
                tc[c] = dot4(plane, eye);
                break;
            case GL_FF_TEXGEN_SPHERE_MAP: {
                reflection(n, eye, r);
                ref_ev rz1[3] = {r[0], r[1], ref_add(r[2], ref_exact(1.0))};
                ref_ev m = ref_mul(ref_exact(2.0), sqrt_ev(dot3(rz1, rz1)));
                tc[c] = ref_add(ref_div(r[c], m), ref_exact(0.5));
                break;
            }
            case GL_FF_TEXGEN_REFLECTION_MAP:
                reflection(n, eye, r);
                tc[c] = r[c];
                break;
            case GL_FF_TEXGEN_NORMAL_MAP:
                tc[c] = n[c];
                break;
            default:
                break;
            }
        }
        transform(s->texture_matrix[u], tc, out->texcoord[u]);
    }

    switch (k->fog_source) {
    case GL_FF_FOG_SOURCE_FOGCOORD:
        out->fog = ref_exact(attr[GL_FF_ATTRIB_FOGCOORD][0]);
        break;
    case GL_FF_FOG_SOURCE_DEPTH:
        out->fog = (ref_ev){fabs(eye[2].v), eye[2].e};
        break;
    case GL_FF_FOG_SOURCE_RADIAL:
        out->fog = sqrt_ev(dot3(eye, eye));
        break;
    default:
        break;
    }

    if (k->point_attenuation) {
        /* 3.4: size * sqrt(1 / (a + b d + c d^2)), clamped to [min, max] */
        ref_ev d2 = dot3(eye, eye), d = sqrt_ev(d2);
        ref_ev q = ref_add(ref_add(ref_exact(s->point_attenuation[0]),
                                   ref_mul(ref_exact(s->point_attenuation[1]), d)),
                           ref_mul(ref_exact(s->point_attenuation[2]), d2));
        ref_ev size = ref_mul(ref_exact(s->point_size), sqrt_ev(ref_div(ref_exact(1.0), q)));
        size = max_ev(size, ref_exact(s->point_size_min));
        out->point_size = min_ev(size, ref_exact(s->point_size_max));
    }

    for (unsigned i = 0; i < GL_FF_MAX_CLIP_PLANES; i++)
        if (k->clip_planes >> i & 1) {
            ref_ev p[4];
            exact4(s->clip_plane[i], p);
            out->clip[i] = dot4(p, eye);
        }
    out->ambiguous = ambiguous;
}

/* ---- fragment stage --------------------------------------------------------------- */

void ref_expand_format(unsigned format, const ref_ev raw[4], ref_ev rgba[4])
{
    ref_ev one = ref_exact(1.0), zero = ref_exact(0.0);
    switch (format) {
    case GL_FF_FORMAT_ALPHA:
        rgba[0] = rgba[1] = rgba[2] = zero;
        rgba[3] = raw[3];
        break;
    case GL_FF_FORMAT_LUMINANCE:
        rgba[0] = rgba[1] = rgba[2] = raw[0];
        rgba[3] = one;
        break;
    case GL_FF_FORMAT_LUMINANCE_ALPHA:
        rgba[0] = rgba[1] = rgba[2] = raw[0];
        rgba[3] = raw[3];
        break;
    case GL_FF_FORMAT_INTENSITY:
        rgba[0] = rgba[1] = rgba[2] = rgba[3] = raw[0];
        break;
    case GL_FF_FORMAT_RGB:
        memcpy(rgba, raw, 3 * sizeof *raw);
        rgba[3] = one;
        break;
    default:
        memcpy(rgba, raw, 4 * sizeof *raw);
        break;
    }
}

/* Cf (1 - x) + Cc x */
static ref_ev blend(ref_ev cf, ref_ev cc, ref_ev x)
{
    return ref_add(ref_mul(cf, sub(ref_exact(1.0), x)), ref_mul(cc, x));
}

/* Tables 3.22 and 3.23: Cv, Av from Cf, Af (prev), the texel and Cc, Ac. */
static void classic_env(unsigned mode, unsigned format, const ref_ev *prev, const ref_ev *raw,
                        const ref_ev *cc, ref_ev *out)
{
    memcpy(out, prev, 4 * sizeof *out);
    ref_ev ct[3] = {raw[0], raw[1], raw[2]}, at = raw[3], lt = raw[0], it = raw[0];
    const ref_ev *tc = ct; /* Ct, or Lt / It replicated */
    ref_ev rep[3];
    if (format == GL_FF_FORMAT_LUMINANCE || format == GL_FF_FORMAT_LUMINANCE_ALPHA ||
        format == GL_FF_FORMAT_INTENSITY) {
        rep[0] = rep[1] = rep[2] = format == GL_FF_FORMAT_INTENSITY ? it : lt;
        tc = rep;
    }
    bool color = format != GL_FF_FORMAT_ALPHA;
    bool alpha = format == GL_FF_FORMAT_ALPHA || format == GL_FF_FORMAT_LUMINANCE_ALPHA ||
                 format == GL_FF_FORMAT_RGBA;
    bool intensity = format == GL_FF_FORMAT_INTENSITY;
    switch (mode) {
    case GL_FF_ENV_REPLACE:
        if (color)
            for (int j = 0; j < 3; j++)
                out[j] = tc[j];
        if (alpha)
            out[3] = at;
        if (intensity)
            out[3] = it;
        break;
    case GL_FF_ENV_MODULATE:
        if (color)
            for (int j = 0; j < 3; j++)
                out[j] = ref_mul(prev[j], tc[j]);
        if (alpha)
            out[3] = ref_mul(prev[3], at);
        if (intensity)
            out[3] = ref_mul(prev[3], it);
        break;
    case GL_FF_ENV_DECAL:
        if (format == GL_FF_FORMAT_RGB)
            for (int j = 0; j < 3; j++)
                out[j] = ct[j];
        if (format == GL_FF_FORMAT_RGBA)
            for (int j = 0; j < 3; j++)
                out[j] = ref_add(ref_mul(prev[j], sub(ref_exact(1.0), at)), ref_mul(ct[j], at));
        break;
    case GL_FF_ENV_BLEND:
        if (color)
            for (int j = 0; j < 3; j++)
                out[j] = blend(prev[j], cc[j], tc[j]);
        if (alpha)
            out[3] = ref_mul(prev[3], at);
        if (intensity)
            out[3] = blend(prev[3], cc[3], it);
        break;
    case GL_FF_ENV_ADD:
        if (color)
            for (int j = 0; j < 3; j++)
                out[j] = clamp01(ref_add(prev[j], tc[j]));
        if (alpha)
            out[3] = ref_mul(prev[3], at);
        if (intensity)
            out[3] = clamp01(ref_add(prev[3], it));
        break;
    default:
        break;
    }
}

typedef struct fs_sources {
    const ref_ev *tex[GL_FF_MAX_TEXTURE_UNITS]; /* expanded RGBA, NULL = unit disabled */
    const ref_ev *primary, *prev, *constant;
    unsigned unit;
} fs_sources;

/* One argument's channel (c = 0..2 colour, 3 alpha) per 3.8.13 / table 3.24. */
static ref_ev argument(const fs_sources *src, unsigned source, unsigned op, int c)
{
    static const ref_ev zero4[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    static const ref_ev one4[4] = {{1, 0}, {1, 0}, {1, 0}, {1, 0}};
    const ref_ev *v;
    switch (source) {
    case GL_FF_SRC_TEXTURE:
        v = src->tex[src->unit];
        break;
    case GL_FF_SRC_CONSTANT:
        v = src->constant;
        break;
    case GL_FF_SRC_PRIMARY_COLOR:
        v = src->primary;
        break;
    case GL_FF_SRC_PREVIOUS:
        v = src->prev;
        break;
    case GL_FF_SRC_ZERO:
        v = zero4;
        break;
    case GL_FF_SRC_ONE:
        v = one4;
        break;
    default:
        v = src->tex[source - GL_FF_SRC_TEXTURE0];
        if (!v)
            v = zero4; /* crossbar to a disabled unit: undefined in GL, 0 here */
        break;
    }
    bool use_alpha = c == 3 || op == GL_FF_OP_SRC_ALPHA || op == GL_FF_OP_ONE_MINUS_SRC_ALPHA;
    ref_ev x = v[use_alpha ? 3 : c];
    if (op == GL_FF_OP_ONE_MINUS_SRC_COLOR || op == GL_FF_OP_ONE_MINUS_SRC_ALPHA)
        x = sub(ref_exact(1.0), x);
    return x;
}

static ref_ev combine_value(unsigned mode, unsigned func, const ref_ev *a)
{
    ref_ev half = ref_exact(0.5);
    if (mode == GL_FF_ENV_COMBINE4_NV && func == GL_FF_COMBINE_ADD)
        return ref_add(ref_mul(a[0], a[1]), ref_mul(a[2], a[3]));
    if (mode == GL_FF_ENV_COMBINE4_NV && func == GL_FF_COMBINE_ADD_SIGNED)
        return sub(ref_add(ref_mul(a[0], a[1]), ref_mul(a[2], a[3])), half);
    switch (func) {
    case GL_FF_COMBINE_REPLACE:
        return a[0];
    case GL_FF_COMBINE_MODULATE:
        return ref_mul(a[0], a[1]);
    case GL_FF_COMBINE_ADD:
        return ref_add(a[0], a[1]);
    case GL_FF_COMBINE_ADD_SIGNED:
        return sub(ref_add(a[0], a[1]), half);
    case GL_FF_COMBINE_INTERPOLATE:
        return ref_add(ref_mul(a[0], a[2]), ref_mul(a[1], sub(ref_exact(1.0), a[2])));
    case GL_FF_COMBINE_SUBTRACT:
        return sub(a[0], a[1]);
    case GL_FF_COMBINE_MODULATE_ADD:
        return ref_add(ref_mul(a[0], a[2]), a[1]);
    case GL_FF_COMBINE_MODULATE_SIGNED_ADD:
        return sub(ref_add(ref_mul(a[0], a[2]), a[1]), half);
    case GL_FF_COMBINE_MODULATE_SUBTRACT:
        return sub(ref_mul(a[0], a[2]), a[1]);
    default:
        return a[0];
    }
}

static void combine_env(const gl_ff_fs_unit *t, const fs_sources *src, ref_ev *out)
{
    ref_ev a[4];
    double srgb = (double)(1u << t->scale_rgb), salpha = (double)(1u << t->scale_alpha);
    if (t->combine_rgb == GL_FF_COMBINE_DOT3_RGB || t->combine_rgb == GL_FF_COMBINE_DOT3_RGBA) {
        /* 4 ((r0 - 1/2)(r1 - 1/2) + (g0 - 1/2)(g1 - 1/2) + (b0 - 1/2)(b1 - 1/2)) */
        ref_ev sum = ref_exact(0.0);
        for (int c = 0; c < 3; c++) {
            ref_ev x = sub(argument(src, t->src_rgb[0], t->op_rgb[0], c), ref_exact(0.5));
            ref_ev y = sub(argument(src, t->src_rgb[1], t->op_rgb[1], c), ref_exact(0.5));
            sum = ref_add(sum, ref_mul(x, y));
        }
        ref_ev d = clamp01(ref_mul(ref_exact(4.0 * srgb), sum));
        out[0] = out[1] = out[2] = d;
        if (t->combine_rgb == GL_FF_COMBINE_DOT3_RGBA) {
            out[3] = d;
            return;
        }
    } else {
        for (int c = 0; c < 3; c++) {
            for (int k = 0; k < 4; k++)
                a[k] = argument(src, t->src_rgb[k], t->op_rgb[k], c);
            out[c] = clamp01(ref_mul(ref_exact(srgb), combine_value(t->mode, t->combine_rgb, a)));
        }
    }
    unsigned fa = t->combine_alpha;
    if (fa == GL_FF_COMBINE_DOT3_RGB || fa == GL_FF_COMBINE_DOT3_RGBA)
        fa = GL_FF_COMBINE_REPLACE;
    for (int k = 0; k < 4; k++)
        a[k] = argument(src, t->src_alpha[k], t->op_alpha[k], 3);
    out[3] = clamp01(ref_mul(ref_exact(salpha), combine_value(t->mode, fa, a)));
}

bool ref_fs(const gl_ff_fs_key *k, const gl_ff_gl_state *s, const ref_fs_in *in, ref_texel_fn texel,
            void *ctx, ref_ev out[4])
{
    ambiguous = false;
    ref_ev primary[4], prev[4], tex[GL_FF_MAX_TEXTURE_UNITS][4], raw[GL_FF_MAX_TEXTURE_UNITS][4];
    fs_sources src;
    memset(&src, 0, sizeof src);
    exact4(in->primary, primary);
    memcpy(prev, primary, sizeof prev);
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        unsigned target = k->unit[u].target;
        if (target == GL_FF_TEX_NONE)
            continue;
        const float *tc = in->texcoord[u];
        ref_ev coord[3];
        for (int c = 0; c < 3; c++)
            coord[c] = target == GL_FF_TEX_CUBE
                           ? ref_exact(tc[c])
                           : ref_div(ref_exact(tc[c]), ref_exact(tc[3])); /* 3.8.6: s/q ... */
        texel(ctx, u, target, coord, raw[u]);
        ref_expand_format(in->format[u], raw[u], tex[u]);
        src.tex[u] = tex[u];
    }
    ref_ev cc[4];
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        const gl_ff_fs_unit *t = &k->unit[u];
        if (t->target == GL_FF_TEX_NONE)
            continue;
        exact4(s->texenv_color[u], cc);
        ref_ev next[4];
        if (t->mode == GL_FF_ENV_COMBINE || t->mode == GL_FF_ENV_COMBINE4_NV) {
            src.primary = primary;
            src.prev = prev;
            src.constant = cc;
            src.unit = u;
            combine_env(t, &src, next);
        } else {
            classic_env(t->mode, in->format[u], prev, raw[u], cc, next);
        }
        memcpy(prev, next, sizeof prev);
    }
    if (k->color_sum) /* 3.9 */
        for (int c = 0; c < 3; c++)
            prev[c] = clamp01(ref_add(prev[c], ref_exact(in->secondary[c])));
    if (k->fog_mode != GL_FF_FOG_OFF) { /* 3.10 */
        ref_ev c = ref_exact(in->fog), f;
        if (k->fog_mode == GL_FF_FOG_LINEAR) {
            /* (end - c) / (end - start) as c (-1/(e-s)) + e/(e-s) from factors
             * rounded once: in float the two terms cancel where c is near
             * end, so the bound follows their size, not the result's */
            double range = (double)s->fog_end - s->fog_start;
            f = ref_add(ref_mul(c, rounded(-1.0 / range)), rounded(s->fog_end / range));
        } else {
            /* e^-x as 2^-(x log2 e) with x log2 e formed from rounded factors */
            double d = s->fog_density;
            ref_ev x = k->fog_mode == GL_FF_FOG_EXP
                           ? ref_mul(c, rounded(d * M_LOG2E))
                           : ref_mul(ref_mul(c, rounded(d * sqrt(M_LOG2E))),
                                     ref_mul(c, rounded(d * sqrt(M_LOG2E))));
            f = exp2_ev(neg(x));
        }
        f = clamp01(f);
        for (int j = 0; j < 3; j++)
            prev[j] = ref_add(ref_mul(f, prev[j]),
                              ref_mul(sub(ref_exact(1.0), f), ref_exact(s->fog_color[j])));
    }
    memcpy(out, prev, sizeof prev);
    return !ambiguous;
}
