/*
 * gl_ff_fs.c: the fixed-function fragment stage as TGSI, from a
 * gl_ff_fs_key.
 *
 * In: a key (canonicalised here on a copy). Out: a fragment program
 * (gl_ff.h) that applies, per GL 2.1:
 *   3.8.13  the texture environment of every enabled unit in order; unit u
 *           reads the previous unit's result (PREVIOUS, or the primary
 *           colour for the first) as Cf / Af;
 *   3.9     colour sum: rgb + secondary rgb, clamped to [0, 1];
 *   3.10    fog: C = f C + (1 - f) C_fog, f clamped to [0, 1].
 *
 * The sampler returns each texture as RGBA per its base format (table
 * 3.15), so the classic modes of tables 3.22 / 3.23 reduce to whole-vector
 * operations where the format's filler components give the right answer
 * (MODULATE of an RGB texture multiplies alpha by its 1); the others write
 * the colour or alpha part alone. DECAL of a format other than RGB/RGBA is
 * undefined in GL and leaves the fragment unchanged here. Clamping: ADD and
 * COMBINE results are clamped to [0, 1] (3.8.13); the other classic modes
 * cannot leave [0, 1] with inputs in it and are not.
 *
 * COMBINE: each argument is its source (TEXTURE, TEXTUREn, CONSTANT,
 * PRIMARY_COLOR, PREVIOUS, ZERO, ONE) through its operand (x, 1 - x, with
 * the alpha replicated for the ALPHA operands); the RGB and alpha functions
 * are emitted once on .xyzw when they are the same function on the same
 * arguments (the GL default), else on .xyz and .w; then the scale and the
 * clamp (one MUL_SAT, or _SAT on the function's last instruction).
 * DOT3_RGB/RGBA compute 4 ((a0 - 1/2) . (a1 - 1/2)) as (2 a0 - 1) . (2 a1 -
 * 1); DOT3_RGBA puts it in all four channels scaled by the RGB scale, as
 * Mesa does (GL 2.1 does not say which scale applies to its alpha).
 *
 * Thread: any (pure function of the key).
 */
#include "frontend-gallium/gl/fixedfunc/ff_emit.h"
#include "frontend-gallium/gl/fixedfunc/gl_ff_priv.h"

#include <string.h>

typedef struct fs_gen {
    ff_emit *e;
    const gl_ff_fs_key *k;
    int tex[GL_FF_MAX_TEXTURE_UNITS]; /* sampled texture per unit, or -1 */
    tgsi_src primary;
    tgsi_src cur; /* the fragment colour so far */
    int cur_temp; /* cur's temporary when cur owns one, else -1 */
} fs_gen;

static const uint8_t tgsi_target_of[GL_FF_TEX_TARGET_COUNT] = {
    [GL_FF_TEX_NONE] = TGSI_TEXTURE_UNKNOWN,
    [GL_FF_TEX_1D] = TGSI_TEXTURE_1D,
    [GL_FF_TEX_2D] = TGSI_TEXTURE_2D,
    [GL_FF_TEX_3D] = TGSI_TEXTURE_3D,
    [GL_FF_TEX_CUBE] = TGSI_TEXTURE_CUBE,
    [GL_FF_TEX_RECT] = TGSI_TEXTURE_RECT,
    [GL_FF_TEX_SHADOW1D] = TGSI_TEXTURE_SHADOW1D,
    [GL_FF_TEX_SHADOW2D] = TGSI_TEXTURE_SHADOW2D,
    [GL_FF_TEX_SHADOWRECT] = TGSI_TEXTURE_SHADOWRECT,
};

/* The texture of unit u, sampled once (projective except for cube maps). */
static tgsi_src texture(fs_gen *g, unsigned u)
{
    unsigned target = g->k->unit[u].target;
    if (target == GL_FF_TEX_NONE)
        return ff_imm(g->e, 0.0f);
    if (g->tex[u] < 0) {
        g->tex[u] = ff_temp(g->e);
        tgsi_src coord = ff_fs_input(g->e, TGSI_SEMANTIC_GENERIC, u, TGSI_INTERPOLATE_PERSPECTIVE);
        ff_tex(g->e, target == GL_FF_TEX_CUBE ? TGSI_OPCODE_TEX : TGSI_OPCODE_TXP,
               ff_tdst(g->tex[u], FF_XYZW), coord, u, tgsi_target_of[target]);
    }
    return ff_tsrc(g->tex[u]);
}

/* A destination for the new colour, writing `mask` of it: cur's own
 * temporary (in place), or a new one with the other channels copied. */
static tgsi_dst cur_dst(fs_gen *g, unsigned mask)
{
    if (g->cur_temp < 0) {
        int t = ff_temp(g->e);
        if (mask != FF_XYZW)
            FF_OP(g->e, MOV, ff_tdst(t, FF_XYZW & ~mask), g->cur);
        g->cur_temp = t;
    }
    return ff_tdst(g->cur_temp, mask);
}

static void cur_set(fs_gen *g, tgsi_src src, int owned_temp)
{
    if (g->cur_temp >= 0 && g->cur_temp != owned_temp)
        ff_release(g->e, g->cur_temp);
    g->cur = src;
    g->cur_temp = owned_temp;
}

/* After an in-place write through cur_dst: cur reads the temporary. */
static void cur_written(fs_gen *g) { g->cur = ff_tsrc(g->cur_temp); }

/* ---- classic environment modes (tables 3.22, 3.23) --------------------------- */

static void classic(fs_gen *g, unsigned u)
{
    ff_emit *e = g->e;
    const gl_ff_fs_unit *t = &g->k->unit[u];
    tgsi_src tex = texture(g, u);
    tgsi_src c = g->cur;
    unsigned f = t->format;
    bool alpha_only = f == GL_FF_FORMAT_ALPHA;
    /* formats whose At is the texture's own alpha (not a filler 1) */
    bool has_alpha = f == GL_FF_FORMAT_ALPHA || f == GL_FF_FORMAT_LUMINANCE_ALPHA ||
                     f == GL_FF_FORMAT_RGBA || f == GL_FF_FORMAT_INTENSITY;
    switch (t->mode) {
    case GL_FF_ENV_MODULATE:
        /* Cf Ct, Af At; Ct of ALPHA is "Cf unchanged", At of L / RGB is 1 */
        FF_OP(e, MUL, cur_dst(g, alpha_only ? FF_W : FF_XYZW), c, tex);
        cur_written(g);
        break;
    case GL_FF_ENV_REPLACE:
        if (has_alpha && !alpha_only) {
            cur_set(g, tex, -1); /* L_A, RGBA, INTENSITY: the texel */
        } else {
            FF_OP(e, MOV, cur_dst(g, alpha_only ? FF_W : FF_XYZ), tex);
            cur_written(g);
        }
        break;
    case GL_FF_ENV_DECAL:
        if (f == GL_FF_FORMAT_RGB)
            FF_OP(e, MOV, cur_dst(g, FF_XYZ), tex);
        else if (f == GL_FF_FORMAT_RGBA)
            FF_OP(e, LRP, cur_dst(g, FF_XYZ), ff_rep(tex, 3), tex, c);
        else
            break; /* undefined: unchanged */
        cur_written(g);
        break;
    case GL_FF_ENV_BLEND: {
        tgsi_src cc = ff_state(e, GL_FF_SV_TEXENV_COLOR, u, 0, 0);
        if (f == GL_FF_FORMAT_INTENSITY) {
            FF_OP(e, LRP, cur_dst(g, FF_XYZW), tex, cc, c);
        } else {
            if (!alpha_only)
                FF_OP(e, LRP, cur_dst(g, FF_XYZ), tex, cc, c);
            if (has_alpha)
                FF_OP(e, MUL, cur_dst(g, FF_W), c, tex);
        }
        cur_written(g);
        break;
    }
    case GL_FF_ENV_ADD:
        if (f == GL_FF_FORMAT_INTENSITY) {
            FF_OP_SAT(e, ADD, true, cur_dst(g, FF_XYZW), c, tex);
        } else {
            if (!alpha_only)
                FF_OP_SAT(e, ADD, true, cur_dst(g, FF_XYZ), c, tex);
            if (has_alpha)
                FF_OP(e, MUL, cur_dst(g, FF_W), c, tex);
        }
        cur_written(g);
        break;
    default:
        break;
    }
}

/* ---- combine (ARB_texture_env_combine and friends) -------------------------------- */

static bool one_minus(unsigned op)
{
    return op == GL_FF_OP_ONE_MINUS_SRC_COLOR || op == GL_FF_OP_ONE_MINUS_SRC_ALPHA;
}

static tgsi_src source(fs_gen *g, unsigned u, unsigned src)
{
    switch (src) {
    case GL_FF_SRC_TEXTURE:
        return texture(g, u);
    case GL_FF_SRC_CONSTANT:
        return ff_state(g->e, GL_FF_SV_TEXENV_COLOR, u, 0, 0);
    case GL_FF_SRC_PRIMARY_COLOR:
        return g->primary;
    case GL_FF_SRC_PREVIOUS:
        return g->cur;
    case GL_FF_SRC_ZERO:
        return ff_imm(g->e, 0.0f);
    case GL_FF_SRC_ONE:
        return ff_imm(g->e, 1.0f);
    default:
        return texture(g, src - GL_FF_SRC_TEXTURE0);
    }
}

/* An argument: source through operand; a 1 - x operand costs one ADD into
 * a temporary (returned in *tmp for release). */
static tgsi_src argument(fs_gen *g, unsigned u, unsigned src, unsigned op, int *tmp)
{
    tgsi_src v = source(g, u, src);
    if (op == GL_FF_OP_SRC_ALPHA || op == GL_FF_OP_ONE_MINUS_SRC_ALPHA)
        v = ff_rep(v, 3);
    if (!one_minus(op))
        return v;
    *tmp = ff_temp(g->e);
    FF_OP(g->e, ADD, ff_tdst(*tmp, FF_XYZW), ff_imm(g->e, 1.0f), ff_neg(v));
    return ff_tsrc(*tmp);
}

/* d = scale * func(a) clamped, on d's channels. */
static void combine_func(fs_gen *g, unsigned mode, unsigned func, unsigned scale, tgsi_dst d,
                         const tgsi_src *a)
{
    ff_emit *e = g->e;
    float s = (float)(1u << scale);
    bool signed_bias =
        func == GL_FF_COMBINE_ADD_SIGNED || func == GL_FF_COMBINE_MODULATE_SIGNED_ADD;
    bool four = mode == GL_FF_ENV_COMBINE4_NV &&
                (func == GL_FF_COMBINE_ADD || func == GL_FF_COMBINE_ADD_SIGNED);
    /* the function's last step goes to r, then to d with the scale / bias */
    bool direct = scale == 0 && !signed_bias;
    int r = direct ? -1 : ff_temp(e);
    tgsi_dst rd = direct ? d : ff_tdst(r, d.write_mask);
    bool sat = direct;
    int t = -1;
    switch (func) {
    case GL_FF_COMBINE_REPLACE:
        FF_OP_SAT(e, MOV, sat, rd, a[0]);
        break;
    case GL_FF_COMBINE_MODULATE:
        FF_OP_SAT(e, MUL, sat, rd, a[0], a[1]);
        break;
    case GL_FF_COMBINE_ADD:
    case GL_FF_COMBINE_ADD_SIGNED:
        if (four) {
            t = ff_temp(e);
            FF_OP(e, MUL, ff_tdst(t, d.write_mask), a[2], a[3]);
            FF_OP_SAT(e, MAD, sat, rd, a[0], a[1], ff_tsrc(t));
        } else {
            FF_OP_SAT(e, ADD, sat, rd, a[0], a[1]);
        }
        break;
    case GL_FF_COMBINE_INTERPOLATE:
        FF_OP_SAT(e, LRP, sat, rd, a[2], a[0], a[1]);
        break;
    case GL_FF_COMBINE_SUBTRACT:
        FF_OP_SAT(e, ADD, sat, rd, a[0], ff_neg(a[1]));
        break;
    case GL_FF_COMBINE_DOT3_RGB:
    case GL_FF_COMBINE_DOT3_RGBA: {
        /* 4 ((a0 - .5) . (a1 - .5)) = (2 a0 - 1) . (2 a1 - 1) */
        t = ff_temp(e);
        int t1 = ff_temp(e);
        tgsi_src two = ff_imm(e, 2.0f), m1 = ff_imm(e, -1.0f);
        FF_OP(e, MAD, ff_tdst(t, FF_XYZ), a[0], two, m1);
        FF_OP(e, MAD, ff_tdst(t1, FF_XYZ), a[1], two, m1);
        FF_OP_SAT(e, DP3, sat, rd, ff_tsrc(t), ff_tsrc(t1));
        ff_release(e, t1);
        break;
    }
    case GL_FF_COMBINE_MODULATE_ADD:
    case GL_FF_COMBINE_MODULATE_SIGNED_ADD:
        FF_OP_SAT(e, MAD, sat, rd, a[0], a[2], a[1]);
        break;
    case GL_FF_COMBINE_MODULATE_SUBTRACT:
        FF_OP_SAT(e, MAD, sat, rd, a[0], a[2], ff_neg(a[1]));
        break;
    default:
        FF_OP_SAT(e, MOV, sat, rd, a[0]);
        break;
    }
    if (t >= 0)
        ff_release(e, t);
    if (direct)
        return;
    /* (x - 1/2 [signed]) * s = x * s - s/2 */
    if (signed_bias)
        FF_OP_SAT(e, MAD, true, d, ff_tsrc(r), ff_imm(e, s), ff_imm(e, -0.5f * s));
    else
        FF_OP_SAT(e, MUL, true, d, ff_tsrc(r), ff_imm(e, s));
    ff_release(e, r);
}

static void combine(fs_gen *g, unsigned u)
{
    ff_emit *e = g->e;
    const gl_ff_fs_unit *t = &g->k->unit[u];
    unsigned nrgb = ff_combine_args(t->mode, t->combine_rgb);
    unsigned nalpha = ff_combine_args(t->mode, t->combine_alpha);
    bool dot3 =
        t->combine_rgb == GL_FF_COMBINE_DOT3_RGB || t->combine_rgb == GL_FF_COMBINE_DOT3_RGBA;
    bool merged = !dot3 && t->combine_rgb == t->combine_alpha && t->scale_rgb == t->scale_alpha;
    for (unsigned a = 0; merged && a < nrgb; a++)
        merged = t->src_rgb[a] == t->src_alpha[a] &&
                 one_minus(t->op_rgb[a]) == one_minus(t->op_alpha[a]);
    int n = ff_temp(e);
    int tmp[8];
    unsigned ntmp = 0;
    tgsi_src args[4];
    for (unsigned a = 0; a < nrgb; a++) {
        tmp[ntmp] = -1;
        args[a] = argument(g, u, t->src_rgb[a], t->op_rgb[a], &tmp[ntmp]);
        ntmp++;
    }
    if (t->combine_rgb == GL_FF_COMBINE_DOT3_RGBA)
        combine_func(g, t->mode, t->combine_rgb, t->scale_rgb, ff_tdst(n, FF_XYZW), args);
    else
        combine_func(g, t->mode, t->combine_rgb, t->scale_rgb,
                     ff_tdst(n, merged ? FF_XYZW : FF_XYZ), args);
    if (!merged && t->combine_rgb != GL_FF_COMBINE_DOT3_RGBA) {
        for (unsigned a = 0; a < nalpha; a++) {
            tmp[ntmp] = -1;
            args[a] = argument(g, u, t->src_alpha[a], t->op_alpha[a], &tmp[ntmp]);
            ntmp++;
        }
        combine_func(g, t->mode, t->combine_alpha, t->scale_alpha, ff_tdst(n, FF_W), args);
    }
    for (unsigned i = 0; i < ntmp; i++)
        if (tmp[i] >= 0)
            ff_release(e, tmp[i]);
    cur_set(g, ff_tsrc(n), n);
}

/* ---- colour sum, fog ------------------------------------------------------------ */

static void fog(fs_gen *g)
{
    ff_emit *e = g->e;
    tgsi_src c = ff_rep(ff_fs_input(e, TGSI_SEMANTIC_FOG, 0, TGSI_INTERPOLATE_PERSPECTIVE), 0);
    tgsi_src fac = ff_state(e, GL_FF_SV_FOG_FACTORS, 0, 0, 0);
    int f = ff_temp(e);
    tgsi_src fx = ff_rep(ff_tsrc(f), 0);
    switch (g->k->fog_mode) {
    case GL_FF_FOG_LINEAR: /* (end - c) / (end - start) */
        FF_OP_SAT(e, MAD, true, ff_tdst(f, FF_X), c, ff_rep(fac, 0), ff_rep(fac, 1));
        break;
    case GL_FF_FOG_EXP: /* e^(-d c) = 2^-(c d log2 e) */
        FF_OP(e, MUL, ff_tdst(f, FF_X), c, ff_rep(fac, 2));
        FF_OP_SAT(e, EX2, true, ff_tdst(f, FF_X), ff_neg(fx));
        break;
    default: /* EXP2: e^(-(d c)^2) = 2^-((c d sqrt(log2 e))^2) */
        FF_OP(e, MUL, ff_tdst(f, FF_X), c, ff_rep(fac, 3));
        FF_OP(e, MUL, ff_tdst(f, FF_X), fx, fx);
        FF_OP_SAT(e, EX2, true, ff_tdst(f, FF_X), ff_neg(fx));
        break;
    }
    tgsi_src old = g->cur;
    FF_OP(e, LRP, cur_dst(g, FF_XYZ), fx, old, ff_state(e, GL_FF_SV_FOG_COLOR, 0, 0, 0));
    cur_written(g);
    ff_release(e, f);
}

/* The GL part calls this (through the cache) when the fragment key changed. */
bool gl_ff_fs_generate(const gl_ff_fs_key *key, gl_ff_shader *out)
{
    gl_ff_fs_key k = *key;
    gl_ff_fs_key_canonicalize(&k);
    ff_emit e;
    ff_init(&e, TGSI_PROCESSOR_FRAGMENT);
    ff_property(&e, TGSI_PROPERTY_FS_COLOR0_WRITES_ALL_CBUFS, 1);
    fs_gen g = {.e = &e, .k = &k, .cur_temp = -1};
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++)
        g.tex[u] = -1;
    g.primary = ff_fs_input(&e, TGSI_SEMANTIC_COLOR, 0, TGSI_INTERPOLATE_COLOR);
    g.cur = g.primary;
    tgsi_dst out_color = ff_output(&e, TGSI_SEMANTIC_COLOR, 0);
    /* Sample every texture first, in unit order: no lookup waits behind
     * arithmetic, and crossbar reads find their texel ready. */
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++)
        if (k.unit[u].target != GL_FF_TEX_NONE)
            texture(&g, u);
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        const gl_ff_fs_unit *t = &k.unit[u];
        if (t->target == GL_FF_TEX_NONE)
            continue;
        if (t->mode == GL_FF_ENV_COMBINE || t->mode == GL_FF_ENV_COMBINE4_NV)
            combine(&g, u);
        else
            classic(&g, u);
    }
    if (k.color_sum) {
        tgsi_src sec = ff_fs_input(&e, TGSI_SEMANTIC_COLOR, 1, TGSI_INTERPOLATE_COLOR);
        tgsi_src old = g.cur;
        FF_OP_SAT(&e, ADD, true, cur_dst(&g, FF_XYZ), old, sec);
        cur_written(&g);
    }
    if (k.fog_mode != GL_FF_FOG_OFF)
        fog(&g);
    FF_OP(&e, MOV, out_color, g.cur);
    return ff_finish(&e, out);
}
