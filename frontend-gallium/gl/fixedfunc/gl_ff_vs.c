/*
 * gl_ff_vs.c: the fixed-function vertex stage as TGSI, from a gl_ff_vs_key.
 *
 * In: a key (canonicalised here on a copy). Out: a vertex program
 * (gl_ff.h) that computes, per GL 2.1:
 *   position   clip = MVP * v (2.11)
 *   eye        e = MV * v, only the components something reads
 *   normal     n = (MV^-1)^T n_obj, then normalised (GL_NORMALIZE) or
 *              scaled by NORMAL_SCALE (GL_RESCALE_NORMAL) (2.11.3)
 *   lighting   2.14.1, per face: c = e_cm + a_cm a_cs + sum_i att_i spot_i
 *              (a_cm a_cli + (n.VP_i)+ d_cm d_cli + f_i (n.h_i)+^s s_cm s_cli)
 *   texgen     2.12.4, then the texture matrix
 *   fog        the fog coordinate of 3.10 (the factor is per fragment)
 *   points     3.4: size * sqrt(1 / (a + b d + c d^2)) clamped to [min, max]
 *   clipping   eye-space plane distances (2.12)
 *
 * Conventions the reference model (tests/ff/ref_ff.c) shares:
 *  - The eye-space vertex is used as the 3-D point e.xyz (its w taken as 1,
 *    as Mesa does; w != 1 only with a projective modelview or a 4-component
 *    vertex with w != 1). Light positions are divided by their w
 *    (LIGHT_POSITION_NORMALIZED).
 *  - The point distance d is |e.xyz| (the spec's eye distance; Mesa uses
 *    |e.z|); the DEPTH fog coordinate is |e.z| (3.10 allows it).
 *  - The spot factor is (-VP . s)^exp when -VP . s > cos(cutoff) (the
 *    spec's >=: they differ only where the two are equal).
 *  - The secondary colour's alpha is 0, and in single-colour mode the
 *    secondary colour is 0 (2.14.1): those outputs are left unwritten,
 *    which is 0 (exec contract 20).
 *
 * How the lighting sum is organised (tight code): per light, the face-
 * independent vectors (VP_i, h_i, attenuation, spot) are computed once;
 * the dot products n.VP_i and n.h_i sit in one register whose w (and z,
 * negated) hold the front (and back) shininess, so LIT gives (1, diffuse,
 * specular, 1) for the front face and LIT of its negation (swizzled) for
 * the back face, whose normal is -n. A material term that is constant is
 * applied through the precomputed products LIGHTPROD (one MAD per term);
 * terms tracking the colour (glColorMaterial) accumulate the light colours
 * instead, multiplied by the colour once at the end. Ambient products of
 * lights without attenuation or spot are added to the scene colour before
 * any per-vertex term, so that chain reads only constants and the jitter's
 * preamble computes it once per draw.
 *
 * Thread: any (pure function of the key).
 */
#include "frontend-gallium/gl/fixedfunc/ff_emit.h"
#include "frontend-gallium/gl/fixedfunc/gl_ff_priv.h"

#include <string.h>

typedef struct vs_gen {
    ff_emit *e;
    const gl_ff_vs_key *k;
    int eye; /* temp, or -1 */
    unsigned eye_have;
    int normal;  /* temp (xyz), or -1 */
    int vhat;    /* unit vector vertex -> eye (xyz), or -1 */
    int reflect; /* reflection vector r (xyz), or -1 */
    int sphere;  /* sphere-map (s, t) in xy, or -1 */
} vs_gen;

static tgsi_src attrib(vs_gen *g, unsigned a)
{
    if (g->k->const_attribs >> a & 1)
        return ff_state(g->e, GL_FF_SV_CURRENT_ATTRIB, a, 0, 0);
    return ff_vs_input(g->e, a);
}

static tgsi_src matrix_row(vs_gen *g, unsigned m, unsigned mod, unsigned row)
{
    return ff_state(g->e, GL_FF_SV_MATRIX, m, mod, row);
}

/* Eye-space position with at least the components in `mask`. */
static tgsi_src eye(vs_gen *g, unsigned mask)
{
    if (g->eye < 0)
        g->eye = ff_temp(g->e);
    tgsi_src v = attrib(g, GL_FF_ATTRIB_POSITION);
    for (unsigned c = 0; c < 4; c++)
        if ((mask >> c & 1) && !(g->eye_have >> c & 1))
            FF_OP(g->e, DP4, ff_tdst(g->eye, 1u << c), v,
                  matrix_row(g, GL_FF_MATRIX_MODELVIEW, GL_FF_MOD_NONE, c));
    g->eye_have |= mask;
    return ff_tsrc(g->eye);
}

/* Unit of a 3-vector in place: t.xyz *= rsq(t.t). */
static void normalize3(vs_gen *g, int t)
{
    int s = ff_temp(g->e);
    FF_OP(g->e, DP3, ff_tdst(s, FF_X), ff_tsrc(t), ff_tsrc(t));
    FF_OP(g->e, RSQ, ff_tdst(s, FF_X), ff_rep(ff_tsrc(s), 0));
    FF_OP(g->e, MUL, ff_tdst(t, FF_XYZ), ff_tsrc(t), ff_rep(ff_tsrc(s), 0));
    ff_release(g->e, s);
}

static tgsi_src normal(vs_gen *g)
{
    if (g->normal >= 0)
        return ff_tsrc(g->normal);
    g->normal = ff_temp(g->e);
    tgsi_src n = attrib(g, GL_FF_ATTRIB_NORMAL);
    for (unsigned c = 0; c < 3; c++)
        FF_OP(g->e, DP3, ff_tdst(g->normal, 1u << c), n,
              matrix_row(g, GL_FF_MATRIX_MODELVIEW, GL_FF_MOD_INVTRANS, c));
    if (g->k->normalize)
        normalize3(g, g->normal);
    else if (g->k->rescale_normal)
        FF_OP(g->e, MUL, ff_tdst(g->normal, FF_XYZ), ff_tsrc(g->normal),
              ff_state(g->e, GL_FF_SV_NORMAL_SCALE, 0, 0, 0));
    return ff_tsrc(g->normal);
}

/* -unit(e.xyz): VP_e of 2.14.1 (the local viewer's eye vector). */
static tgsi_src vhat(vs_gen *g)
{
    if (g->vhat >= 0)
        return ff_tsrc(g->vhat);
    tgsi_src e = eye(g, FF_XYZ);
    g->vhat = ff_temp(g->e);
    int s = ff_temp(g->e);
    FF_OP(g->e, DP3, ff_tdst(s, FF_X), e, e);
    FF_OP(g->e, RSQ, ff_tdst(s, FF_X), ff_rep(ff_tsrc(s), 0));
    FF_OP(g->e, MUL, ff_tdst(g->vhat, FF_XYZ), ff_neg(e), ff_rep(ff_tsrc(s), 0));
    ff_release(g->e, s);
    return ff_tsrc(g->vhat);
}

/* r = u - 2 n (n.u), u = unit(e) = -vhat: r = 2 (n.vhat) n - vhat. */
static tgsi_src reflection(vs_gen *g)
{
    if (g->reflect >= 0)
        return ff_tsrc(g->reflect);
    tgsi_src n = normal(g), v = vhat(g);
    g->reflect = ff_temp(g->e);
    int s = ff_temp(g->e);
    FF_OP(g->e, DP3, ff_tdst(s, FF_X), n, v);
    FF_OP(g->e, ADD, ff_tdst(s, FF_X), ff_rep(ff_tsrc(s), 0), ff_rep(ff_tsrc(s), 0));
    FF_OP(g->e, MAD, ff_tdst(g->reflect, FF_XYZ), n, ff_rep(ff_tsrc(s), 0), ff_neg(v));
    ff_release(g->e, s);
    return ff_tsrc(g->reflect);
}

/* Sphere map (2.12.4): m = 2 sqrt(rx^2 + ry^2 + (rz + 1)^2), (s, t) =
 * r.xy / m + 1/2. rsq(|r + (0,0,1)|^2) is 2/m. */
static tgsi_src sphere(vs_gen *g)
{
    if (g->sphere >= 0)
        return ff_tsrc(g->sphere);
    tgsi_src r = reflection(g);
    g->sphere = ff_temp(g->e);
    int s = ff_temp(g->e);
    FF_OP(g->e, ADD, ff_tdst(s, FF_XYZ), r, ff_imm4(g->e, 0.0f, 0.0f, 1.0f, 0.0f));
    FF_OP(g->e, DP3, ff_tdst(s, FF_X), ff_tsrc(s), ff_tsrc(s));
    FF_OP(g->e, RSQ, ff_tdst(s, FF_X), ff_rep(ff_tsrc(s), 0));
    FF_OP(g->e, MUL, ff_tdst(s, FF_X), ff_rep(ff_tsrc(s), 0), ff_imm(g->e, 0.5f));
    FF_OP(g->e, MAD, ff_tdst(g->sphere, FF_X | FF_Y), r, ff_rep(ff_tsrc(s), 0), ff_imm(g->e, 0.5f));
    ff_release(g->e, s);
    return ff_tsrc(g->sphere);
}

/* ---- lighting ------------------------------------------------------------------ */

/* A colour sum being accumulated: a constant (or nothing) until the first
 * per-vertex term, then a temporary. */
typedef struct acc {
    bool empty;
    bool in_temp;
    int temp;
    tgsi_src src;
} acc;

static acc acc_empty(void) { return (acc){.empty = true, .temp = -1}; }
static acc acc_of(tgsi_src s) { return (acc){.src = s, .temp = -1}; }

static tgsi_dst acc_dst(vs_gen *g, acc *a)
{
    if (!a->in_temp) {
        a->temp = ff_temp(g->e);
        a->in_temp = true;
    }
    return ff_tdst(a->temp, FF_XYZ);
}

/* a += x * y (y NULL: a += x). */
static void acc_add(vs_gen *g, acc *a, tgsi_src x, const tgsi_src *y)
{
    tgsi_src old = a->in_temp ? ff_tsrc(a->temp) : a->src;
    bool empty = a->empty;
    tgsi_dst d = acc_dst(g, a);
    if (empty && y)
        FF_OP(g->e, MUL, d, x, *y);
    else if (empty)
        FF_OP(g->e, MOV, d, x);
    else if (y)
        FF_OP(g->e, MAD, d, x, *y, old);
    else
        FF_OP(g->e, ADD, d, x, old);
    a->empty = false;
}

static tgsi_src acc_src(const acc *a) { return a->in_temp ? ff_tsrc(a->temp) : a->src; }

static void acc_release(vs_gen *g, acc *a)
{
    if (a->in_temp)
        ff_release(g->e, a->temp);
}

typedef struct face_acc {
    acc color;        /* constant-material terms of the primary colour */
    acc tracked;      /* light colours of the terms that track the colour attribute */
    acc spec;         /* separate specular, constant material */
    acc spec_tracked; /* separate specular, tracked material */
    bool specular;    /* this face has a specular term */
} face_acc;

/* Adds light i's terms for one face: lit.y is the attenuated diffuse
 * factor, lit.z the attenuated specular factor; amb_factor the ambient
 * factor (NULL: 1, and then the ambient term was already added to the
 * scene colour as a constant). */
static void light_face_terms(vs_gen *g, face_acc *f, unsigned face, unsigned i, tgsi_src lit,
                             const tgsi_src *amb_factor)
{
    ff_emit *e = g->e;
    const gl_ff_vs_key *k = g->k;
    unsigned bit = face ? GL_FF_FACE_BACK : GL_FF_FACE_FRONT;
    if (amb_factor && (ff_vs_tracked_faces(k, GL_FF_CM_AMBIENT) & bit)) {
        tgsi_src la = ff_state(e, GL_FF_SV_LIGHT_AMBIENT, i, 0, 0);
        acc_add(g, &f->tracked, la, amb_factor);
    } else if (amb_factor) {
        tgsi_src prod = ff_state(e, GL_FF_SV_LIGHTPROD_AMBIENT, i, face, 0);
        acc_add(g, &f->color, *amb_factor, &prod);
    }
    tgsi_src diff = ff_rep(lit, 1);
    if (ff_vs_tracked_faces(k, GL_FF_CM_DIFFUSE) & bit) {
        tgsi_src ld = ff_state(e, GL_FF_SV_LIGHT_DIFFUSE, i, 0, 0);
        acc_add(g, &f->tracked, diff, &ld);
    } else {
        tgsi_src prod = ff_state(e, GL_FF_SV_LIGHTPROD_DIFFUSE, i, face, 0);
        acc_add(g, &f->color, diff, &prod);
    }
    if (!f->specular)
        return;
    tgsi_src spec = ff_rep(lit, 2);
    if (ff_vs_tracked_faces(k, GL_FF_CM_SPECULAR) & bit) {
        tgsi_src ls = ff_state(e, GL_FF_SV_LIGHT_SPECULAR, i, 0, 0);
        acc_add(g, k->separate_specular ? &f->spec_tracked : &f->tracked, spec, &ls);
    } else {
        tgsi_src prod = ff_state(e, GL_FF_SV_LIGHTPROD_SPECULAR, i, face, 0);
        acc_add(g, k->separate_specular ? &f->spec : &f->color, spec, &prod);
    }
}

/* The scene colour of a face: e_cm + a_cm a_cs with tracked terms from the
 * colour attribute (a tracked ambient goes through f->tracked). */
static void scene_color(vs_gen *g, face_acc *f, unsigned face)
{
    ff_emit *e = g->e;
    unsigned bit = face ? GL_FF_FACE_BACK : GL_FF_FACE_FRONT;
    bool t_emis = ff_vs_tracked_faces(g->k, GL_FF_CM_EMISSION) & bit;
    bool t_amb = ff_vs_tracked_faces(g->k, GL_FF_CM_AMBIENT) & bit;
    if (t_emis) {
        f->color = acc_of(attrib(g, GL_FF_ATTRIB_COLOR0));
        tgsi_src lma = ff_state(e, GL_FF_SV_LIGHTMODEL_AMBIENT, 0, 0, 0);
        tgsi_src ma = ff_state(e, GL_FF_SV_MATERIAL_AMBIENT, face, 0, 0);
        acc_add(g, &f->color, ma, &lma);
    } else if (t_amb) {
        f->color = acc_of(ff_state(e, GL_FF_SV_MATERIAL_EMISSION, face, 0, 0));
        f->tracked = acc_of(ff_state(e, GL_FF_SV_LIGHTMODEL_AMBIENT, 0, 0, 0));
    } else {
        f->color = acc_of(ff_state(e, GL_FF_SV_LIGHTMODEL_SCENECOLOR, face, 0, 0));
    }
}

static void lighting(vs_gen *g)
{
    ff_emit *e = g->e;
    const gl_ff_vs_key *k = g->k;
    unsigned nfaces = k->two_side ? 2 : 1;
    face_acc f[2];
    bool any_spec = false;
    for (unsigned face = 0; face < nfaces; face++) {
        f[face].color = acc_empty();
        f[face].tracked = acc_empty();
        f[face].spec = acc_empty();
        f[face].spec_tracked = acc_empty();
        f[face].specular = k->light_enabled && !(k->specular_zero >> face & 1);
        any_spec |= f[face].specular;
        scene_color(g, &f[face], face);
    }
    /* Constant ambient products of lights with no attenuation: still a
     * constant-only chain here. */
    for (unsigned i = 0; i < GL_FF_MAX_LIGHTS; i++) {
        if (!(k->light_enabled >> i & 1) || ((k->light_attenuated | k->light_spot) >> i & 1))
            continue;
        for (unsigned face = 0; face < nfaces; face++) {
            unsigned bit = face ? GL_FF_FACE_BACK : GL_FF_FACE_FRONT;
            if (ff_vs_tracked_faces(k, GL_FF_CM_AMBIENT) & bit)
                acc_add(g, &f[face].tracked, ff_state(e, GL_FF_SV_LIGHT_AMBIENT, i, 0, 0), NULL);
            else
                acc_add(g, &f[face].color, ff_state(e, GL_FF_SV_LIGHTPROD_AMBIENT, i, face, 0),
                        NULL);
        }
    }

    int dots = -1, lit = -1;
    if (k->light_enabled) {
        dots = ff_temp(e);
        lit = ff_temp(e);
        /* The shininess goes in with n.x * 0 + s rather than a MOV: then
         * `dots` holds no constant-only components beside per-vertex ones,
         * which the jitter's preamble split would reload before every LIT
         * reading the register. */
        tgsi_src nx = ff_rep(normal(g), 0), zero = ff_imm(e, 0.0f);
        if (f[0].specular)
            FF_OP(e, MAD, ff_tdst(dots, FF_W), nx, zero,
                  ff_rep(ff_state(e, GL_FF_SV_MATERIAL_SHININESS, 0, 0, 0), 0));
        if (nfaces == 2 && f[1].specular)
            FF_OP(e, MAD, ff_tdst(dots, FF_Z), nx, zero,
                  ff_neg(ff_rep(ff_state(e, GL_FF_SV_MATERIAL_SHININESS, 1, 0, 0), 0)));
    }
    for (unsigned i = 0; i < GL_FF_MAX_LIGHTS; i++) {
        if (!(k->light_enabled >> i & 1))
            continue;
        tgsi_src n = normal(g);
        bool positional = k->light_positional >> i & 1;
        bool attenuated = k->light_attenuated >> i & 1;
        bool spot = k->light_spot >> i & 1;
        tgsi_src vp;
        int vp_t = -1, att = -1; /* att: temp holding the attenuation * spot in att_src */
        tgsi_src att_src = tgsi_src_reg(TGSI_FILE_NULL, 0);
        tgsi_src pn = ff_state(e, GL_FF_SV_LIGHT_POSITION_NORMALIZED, i, 0, 0);
        if (positional) {
            vp_t = ff_temp(e);
            int d = ff_temp(e);
            FF_OP(e, ADD, ff_tdst(vp_t, FF_XYZ), pn, ff_neg(eye(g, FF_XYZ)));
            FF_OP(e, DP3, ff_tdst(d, FF_X), ff_tsrc(vp_t), ff_tsrc(vp_t));
            FF_OP(e, RSQ, ff_tdst(d, FF_Y), ff_rep(ff_tsrc(d), 0));
            FF_OP(e, MUL, ff_tdst(vp_t, FF_XYZ), ff_tsrc(vp_t), ff_rep(ff_tsrc(d), 1));
            if (attenuated) {
                /* DST: (1, d^2 * (1/d), d^2, 1/d) = (1, d, d^2, .) */
                att = ff_temp(e);
                FF_OP(e, DST, ff_tdst(att, FF_XYZW), ff_rep(ff_tsrc(d), 0), ff_rep(ff_tsrc(d), 1));
                FF_OP(e, DP3, ff_tdst(att, FF_X), ff_tsrc(att),
                      ff_state(e, GL_FF_SV_LIGHT_ATTENUATION, i, 0, 0));
                FF_OP(e, RCP, ff_tdst(att, FF_X), ff_rep(ff_tsrc(att), 0));
                att_src = ff_rep(ff_tsrc(att), 0);
            }
            ff_release(e, d);
            vp = ff_tsrc(vp_t);
        } else {
            vp = pn;
        }
        if (spot) {
            /* LIT of (t - cos, t, 0, exp), t = -VP . s: z = t^exp when t > cos */
            int s = ff_temp(e);
            FF_OP(e, DP3, ff_tdst(s, FF_X), ff_neg(vp),
                  ff_state(e, GL_FF_SV_LIGHT_SPOT_DIRECTION_NORMALIZED, i, 0, 0));
            FF_OP(e, MAD, ff_tdst(s, FF_XYZW), ff_rep(ff_tsrc(s), 0),
                  ff_imm4(e, 1.0f, 1.0f, 0.0f, 0.0f),
                  ff_state(e, GL_FF_SV_LIGHT_SPOT_LIT, i, 0, 0));
            FF_OP(e, LIT, ff_tdst(s, FF_XYZW), ff_tsrc(s));
            if (att >= 0) {
                FF_OP(e, MUL, ff_tdst(att, FF_X), att_src, ff_rep(ff_tsrc(s), 2));
                ff_release(e, s);
            } else {
                att = s;
                att_src = ff_rep(ff_tsrc(s), 2);
            }
        }
        FF_OP(e, DP3, ff_tdst(dots, FF_X), n, vp);
        if (any_spec) {
            tgsi_src h;
            int h_t = -1;
            if (!positional && !k->local_viewer) {
                h = ff_state(e, GL_FF_SV_LIGHT_HALF_VECTOR, i, 0, 0);
            } else {
                h_t = ff_temp(e);
                tgsi_src view = k->local_viewer ? vhat(g) : ff_imm4(e, 0.0f, 0.0f, 1.0f, 0.0f);
                FF_OP(e, ADD, ff_tdst(h_t, FF_XYZ), vp, view);
                normalize3(g, h_t);
                h = ff_tsrc(h_t);
            }
            FF_OP(e, DP3, ff_tdst(dots, FF_Y), n, h);
            if (h_t >= 0)
                ff_release(e, h_t);
        }
        for (unsigned face = 0; face < nfaces; face++) {
            tgsi_src d = ff_tsrc(dots);
            if (face)
                d = ff_neg(ff_swz(d, 0, 1, 3, 2)); /* (-n.VP, -n.h, -s_front, s_back) */
            tgsi_src amb = att_src;
            if (f[face].specular) {
                /* (1, diffuse, specular, 1) * att: x is the ambient factor */
                FF_OP(e, LIT, ff_tdst(lit, FF_XYZW), d);
                if (att >= 0)
                    FF_OP(e, MUL, ff_tdst(lit, FF_XYZW), ff_tsrc(lit), att_src);
                amb = ff_rep(ff_tsrc(lit), 0);
            } else {
                FF_OP(e, MAX, ff_tdst(lit, FF_Y), ff_rep(d, 0), ff_imm(e, 0.0f));
                if (att >= 0)
                    FF_OP(e, MUL, ff_tdst(lit, FF_Y), ff_tsrc(lit), att_src);
            }
            light_face_terms(g, &f[face], face, i, ff_tsrc(lit), att >= 0 ? &amb : NULL);
        }
        if (vp_t >= 0)
            ff_release(e, vp_t);
        if (att >= 0)
            ff_release(e, att);
    }

    /* Outputs: colour = constant terms + colour * tracked terms. */
    for (unsigned face = 0; face < nfaces; face++) {
        unsigned bit = face ? GL_FF_FACE_BACK : GL_FF_FACE_FRONT;
        face_acc *fa = &f[face];
        tgsi_dst out = ff_output(e, face ? TGSI_SEMANTIC_BCOLOR : TGSI_SEMANTIC_COLOR, 0);
        if (!fa->tracked.empty) {
            tgsi_src t = acc_src(&fa->tracked);
            acc_add(g, &fa->color, attrib(g, GL_FF_ATTRIB_COLOR0), &t);
        }
        FF_OP_SAT(e, MOV, k->clamp_color, ff_mask(out, FF_XYZ), acc_src(&fa->color));
        tgsi_src alpha = (ff_vs_tracked_faces(k, GL_FF_CM_DIFFUSE) & bit)
                             ? attrib(g, GL_FF_ATTRIB_COLOR0)
                             : ff_state(e, GL_FF_SV_MATERIAL_DIFFUSE, face, 0, 0);
        FF_OP_SAT(e, MOV, k->clamp_color, ff_mask(out, FF_W), ff_rep(alpha, 3));
        if (k->secondary_out && k->separate_specular && fa->specular) {
            tgsi_dst out1 = ff_output(e, face ? TGSI_SEMANTIC_BCOLOR : TGSI_SEMANTIC_COLOR, 1);
            if (!fa->spec_tracked.empty) {
                tgsi_src t = acc_src(&fa->spec_tracked);
                acc_add(g, &fa->spec, attrib(g, GL_FF_ATTRIB_COLOR0), &t);
            }
            FF_OP_SAT(e, MOV, k->clamp_color, ff_mask(out1, FF_XYZ), acc_src(&fa->spec));
        } else if (k->secondary_out) {
            /* single colour: (0, 0, 0, 0), unwritten (exec contract 20) */
            ff_output(e, face ? TGSI_SEMANTIC_BCOLOR : TGSI_SEMANTIC_COLOR, 1);
        }
        acc_release(g, &fa->color);
        acc_release(g, &fa->tracked);
        acc_release(g, &fa->spec);
        acc_release(g, &fa->spec_tracked);
    }
    if (dots >= 0) {
        ff_release(e, dots);
        ff_release(e, lit);
    }
}

/* ---- texture coordinates -------------------------------------------------------- */

static void texcoord(vs_gen *g, unsigned u)
{
    ff_emit *e = g->e;
    const gl_ff_vs_key *k = g->k;
    tgsi_dst out = ff_output(e, TGSI_SEMANTIC_GENERIC, u);
    bool texmat = k->texmat >> u & 1;
    uint16_t tg = k->texgen[u];
    tgsi_src attr = tgsi_src_reg(TGSI_FILE_NULL, 0);
    unsigned off_mask = 0;
    for (unsigned c = 0; c < 4; c++)
        if (GL_FF_TEXGEN_GET(tg, c) == GL_FF_TEXGEN_OFF)
            off_mask |= 1u << c;
    if (off_mask)
        attr = attrib(g, GL_FF_ATTRIB_TEXCOORD0 + u);
    if (!tg && !texmat) {
        FF_OP(e, MOV, out, attr);
        return;
    }
    tgsi_src coords = attr;
    int t = -1;
    if (tg) {
        t = texmat ? ff_temp(e) : -1;
        tgsi_dst d = t >= 0 ? ff_tdst(t, FF_XYZW) : out;
        unsigned by_mode[6] = {0};
        for (unsigned c = 0; c < 4; c++) {
            unsigned m = GL_FF_TEXGEN_GET(tg, c);
            by_mode[m] |= 1u << c;
            if (m == GL_FF_TEXGEN_OBJECT_LINEAR)
                FF_OP(e, DP4, ff_mask(d, 1u << c), attrib(g, GL_FF_ATTRIB_POSITION),
                      ff_state(e, GL_FF_SV_TEXGEN_OBJECT_PLANE, u, c, 0));
            else if (m == GL_FF_TEXGEN_EYE_LINEAR)
                FF_OP(e, DP4, ff_mask(d, 1u << c), eye(g, FF_XYZW),
                      ff_state(e, GL_FF_SV_TEXGEN_EYE_PLANE, u, c, 0));
        }
        if (by_mode[GL_FF_TEXGEN_SPHERE_MAP])
            FF_OP(e, MOV, ff_mask(d, by_mode[GL_FF_TEXGEN_SPHERE_MAP]), sphere(g));
        if (by_mode[GL_FF_TEXGEN_REFLECTION_MAP])
            FF_OP(e, MOV, ff_mask(d, by_mode[GL_FF_TEXGEN_REFLECTION_MAP]), reflection(g));
        if (by_mode[GL_FF_TEXGEN_NORMAL_MAP])
            FF_OP(e, MOV, ff_mask(d, by_mode[GL_FF_TEXGEN_NORMAL_MAP]), normal(g));
        if (off_mask)
            FF_OP(e, MOV, ff_mask(d, off_mask), attr);
        if (t >= 0)
            coords = ff_tsrc(t);
    }
    if (texmat)
        for (unsigned c = 0; c < 4; c++)
            FF_OP(e, DP4, ff_mask(out, 1u << c), coords,
                  matrix_row(g, GL_FF_MATRIX_TEXTURE0 + u, GL_FF_MOD_NONE, c));
    if (t >= 0)
        ff_release(e, t);
}

/* ---- fog, points, clip planes ------------------------------------------------------ */

static void fog(vs_gen *g)
{
    ff_emit *e = g->e;
    tgsi_dst out = ff_mask(ff_output(e, TGSI_SEMANTIC_FOG, 0), FF_X);
    switch (g->k->fog_source) {
    case GL_FF_FOG_SOURCE_FOGCOORD:
        FF_OP(e, MOV, out, ff_rep(attrib(g, GL_FF_ATTRIB_FOGCOORD), 0));
        break;
    case GL_FF_FOG_SOURCE_DEPTH:
        FF_OP(e, MOV, out, ff_abs(ff_rep(eye(g, FF_Z), 2)));
        break;
    case GL_FF_FOG_SOURCE_RADIAL: {
        tgsi_src v = eye(g, FF_XYZ);
        int s = ff_temp(e);
        FF_OP(e, DP3, ff_tdst(s, FF_X), v, v);
        FF_OP(e, SQRT, out, ff_rep(ff_tsrc(s), 0));
        ff_release(e, s);
        break;
    }
    default:
        break;
    }
}

static void point_size(vs_gen *g)
{
    ff_emit *e = g->e;
    tgsi_src v = eye(g, FF_XYZ);
    tgsi_src att = ff_state(e, GL_FF_SV_POINT_ATTENUATION, 0, 0, 0);
    tgsi_src size = ff_state(e, GL_FF_SV_POINT_SIZE, 0, 0, 0);
    int t = ff_temp(e);
    tgsi_src ts = ff_tsrc(t);
    FF_OP(e, DP3, ff_tdst(t, FF_Z), v, v);           /* d^2 */
    FF_OP(e, SQRT, ff_tdst(t, FF_Y), ff_rep(ts, 2)); /* d */
    FF_OP(e, MAD, ff_tdst(t, FF_X), ff_rep(ts, 2), ff_rep(att, 2), ff_rep(att, 0));
    FF_OP(e, MAD, ff_tdst(t, FF_X), ff_rep(ts, 1), ff_rep(att, 1), ff_rep(ts, 0));
    FF_OP(e, RSQ, ff_tdst(t, FF_X), ff_rep(ts, 0));
    FF_OP(e, MUL, ff_tdst(t, FF_X), ff_rep(ts, 0), ff_rep(size, 0));
    FF_OP(e, MAX, ff_tdst(t, FF_X), ff_rep(ts, 0), ff_rep(size, 1));
    FF_OP(e, MIN, ff_mask(ff_output(e, TGSI_SEMANTIC_PSIZE, 0), FF_X), ff_rep(ts, 0),
          ff_rep(size, 2));
    ff_release(e, t);
}

static void clip_planes(vs_gen *g)
{
    ff_emit *e = g->e;
    for (unsigned i = 0; i < GL_FF_MAX_CLIP_PLANES; i++)
        if (g->k->clip_planes >> i & 1) {
            tgsi_dst out = ff_output(e, TGSI_SEMANTIC_CLIPDIST, i / 4);
            FF_OP(e, DP4, ff_mask(out, 1u << (i % 4)), eye(g, FF_XYZW),
                  ff_state(e, GL_FF_SV_CLIP_PLANE, i, 0, 0));
        }
}

/* The GL part calls this (through the cache) when the vertex key changed. */
bool gl_ff_vs_generate(const gl_ff_vs_key *key, gl_ff_shader *out)
{
    gl_ff_vs_key k = *key;
    gl_ff_vs_key_canonicalize(&k);
    ff_emit e;
    ff_init(&e, TGSI_PROCESSOR_VERTEX);
    vs_gen g = {.e = &e, .k = &k, .eye = -1, .normal = -1, .vhat = -1, .reflect = -1, .sphere = -1};

    /* Outputs are declared in this order: POSITION, COLOR, ... */
    tgsi_dst pos = ff_output(&e, TGSI_SEMANTIC_POSITION, 0);
    tgsi_src v = attrib(&g, GL_FF_ATTRIB_POSITION);
    for (unsigned c = 0; c < 4; c++)
        FF_OP(&e, DP4, ff_mask(pos, 1u << c), v,
              matrix_row(&g, GL_FF_MATRIX_MVP, GL_FF_MOD_NONE, c));
    if (k.lighting) {
        lighting(&g);
    } else {
        FF_OP_SAT(&e, MOV, k.clamp_color, ff_output(&e, TGSI_SEMANTIC_COLOR, 0),
                  attrib(&g, GL_FF_ATTRIB_COLOR0));
        if (k.secondary_out)
            FF_OP_SAT(&e, MOV, k.clamp_color, ff_output(&e, TGSI_SEMANTIC_COLOR, 1),
                      attrib(&g, GL_FF_ATTRIB_COLOR1));
    }
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++)
        if (k.texcoord_out >> u & 1)
            texcoord(&g, u);
    if (k.fog_source != GL_FF_FOG_SOURCE_NONE)
        fog(&g);
    if (k.point_attenuation)
        point_size(&g);
    if (k.clip_planes)
        clip_planes(&g);
    return ff_finish(&e, out);
}
