/*
 * gl_ff_key.c: canonical keys, what a fragment key reads, key hashing
 * (gl_ff_key.h).
 *
 * Canonicalisation is the single place that knows which key fields matter
 * in which configuration; the generators read keys through the same rules
 * (they canonicalise a copy first), so a key and its canonical form always
 * give the same program, and the cache keys on canonical forms.
 *
 * Thread: pure functions.
 */
#include "frontend-gallium/gl/fixedfunc/gl_ff_key.h"
#include "frontend-gallium/gl/fixedfunc/gl_ff_priv.h"

#include <string.h>

/* ---- vertex key ------------------------------------------------------------------ */

static bool texgen_valid(unsigned coord, unsigned mode)
{
    switch (mode) {
    case GL_FF_TEXGEN_OFF:
    case GL_FF_TEXGEN_OBJECT_LINEAR:
    case GL_FF_TEXGEN_EYE_LINEAR:
        return true;
    case GL_FF_TEXGEN_SPHERE_MAP:
        return coord < 2;
    case GL_FF_TEXGEN_NORMAL_MAP:
    case GL_FF_TEXGEN_REFLECTION_MAP:
        return coord < 3;
    default:
        return false;
    }
}

bool ff_vs_needs_normal(const gl_ff_vs_key *k)
{
    if (k->lighting && k->light_enabled)
        return true;
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        if (!(k->texcoord_out >> u & 1))
            continue;
        for (unsigned c = 0; c < 4; c++) {
            unsigned m = GL_FF_TEXGEN_GET(k->texgen[u], c);
            if (m == GL_FF_TEXGEN_SPHERE_MAP || m == GL_FF_TEXGEN_NORMAL_MAP ||
                m == GL_FF_TEXGEN_REFLECTION_MAP)
                return true;
        }
    }
    return false;
}

/* Faces whose material term `term` (GL_FF_CM_EMISSION .. SPECULAR) comes
 * from the colour attribute. */
unsigned ff_vs_tracked_faces(const gl_ff_vs_key *k, unsigned term)
{
    unsigned cm = k->color_material;
    bool hit = cm == term || (cm == GL_FF_CM_AMBIENT_AND_DIFFUSE &&
                              (term == GL_FF_CM_AMBIENT || term == GL_FF_CM_DIFFUSE));
    return hit ? k->color_material_faces : 0u;
}

uint16_t ff_vs_attribs_read(const gl_ff_vs_key *k)
{
    uint16_t m = 1u << GL_FF_ATTRIB_POSITION;
    if (ff_vs_needs_normal(k))
        m |= 1u << GL_FF_ATTRIB_NORMAL;
    /* a tracked specular only where some face computes a specular term */
    unsigned spec_faces = k->light_enabled ? ~(unsigned)k->specular_zero : 0u;
    if (!k->lighting || (k->color_material != GL_FF_CM_NONE &&
                         (k->color_material != GL_FF_CM_SPECULAR ||
                          (ff_vs_tracked_faces(k, GL_FF_CM_SPECULAR) & spec_faces))))
        m |= 1u << GL_FF_ATTRIB_COLOR0;
    if (!k->lighting && k->secondary_out)
        m |= 1u << GL_FF_ATTRIB_COLOR1;
    if (k->fog_source == GL_FF_FOG_SOURCE_FOGCOORD)
        m |= 1u << GL_FF_ATTRIB_FOGCOORD;
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        if (!(k->texcoord_out >> u & 1))
            continue;
        for (unsigned c = 0; c < 4; c++)
            if (GL_FF_TEXGEN_GET(k->texgen[u], c) == GL_FF_TEXGEN_OFF)
                m |= (uint16_t)(1u << (GL_FF_ATTRIB_TEXCOORD0 + u));
    }
    return m;
}

/* Called by the cache and the generators on a copy of the caller's key. */
void gl_ff_vs_key_canonicalize(gl_ff_vs_key *k)
{
    memset(k->reserved, 0, sizeof k->reserved);
    k->lighting = k->lighting != 0;
    if (!k->lighting)
        k->light_enabled = 0;
    k->light_positional &= k->light_enabled;
    k->light_spot &= k->light_enabled;
    k->light_attenuated &= k->light_positional;
    k->two_side = k->lighting && k->two_side;
    unsigned faces = k->two_side ? (GL_FF_FACE_FRONT | GL_FF_FACE_BACK) : GL_FF_FACE_FRONT;
    if (!k->lighting || k->color_material > GL_FF_CM_AMBIENT_AND_DIFFUSE)
        k->color_material = GL_FF_CM_NONE;
    k->color_material_faces &= (uint8_t)faces;
    if (!k->color_material_faces)
        k->color_material = GL_FF_CM_NONE;
    if (k->color_material == GL_FF_CM_NONE)
        k->color_material_faces = 0;
    /* With no light, only the scene colour (emission, ambient) and the
     * alpha (diffuse) depend on the material. */
    if (!k->light_enabled && k->color_material == GL_FF_CM_SPECULAR) {
        k->color_material = GL_FF_CM_NONE;
        k->color_material_faces = 0;
    }
    /* Separate specular that nobody reads: the primary colour without it,
     * as if the specular material were zero (and not tracked). */
    k->secondary_out = k->secondary_out != 0;
    if (k->separate_specular && !k->secondary_out) {
        k->specular_zero = (uint8_t)faces;
        if (k->color_material == GL_FF_CM_SPECULAR) {
            k->color_material = GL_FF_CM_NONE;
            k->color_material_faces = 0;
        }
    }
    k->specular_zero &= (uint8_t)faces;
    k->specular_zero &= (uint8_t)~ff_vs_tracked_faces(k, GL_FF_CM_SPECULAR);
    if (!k->light_enabled)
        k->specular_zero = 0;
    bool any_specular = k->light_enabled && (k->specular_zero & faces) != faces;
    if (!any_specular) {
        k->local_viewer = 0;
        k->separate_specular = 0;
        k->specular_zero = k->light_enabled ? (uint8_t)faces : 0;
    }
    k->local_viewer = k->local_viewer != 0;
    k->separate_specular = k->separate_specular != 0;
    k->normalize = k->normalize != 0;
    k->rescale_normal = k->rescale_normal != 0 && !k->normalize;
    if (k->fog_source > GL_FF_FOG_SOURCE_RADIAL)
        k->fog_source = GL_FF_FOG_SOURCE_NONE;
    k->point_attenuation = k->point_attenuation != 0;
    k->clamp_color = k->clamp_color != 0;
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        if (!(k->texcoord_out >> u & 1)) {
            k->texgen[u] = 0;
            continue;
        }
        uint16_t w = 0;
        for (unsigned c = 0; c < 4; c++) {
            unsigned m = GL_FF_TEXGEN_GET(k->texgen[u], c);
            w = GL_FF_TEXGEN_SET(w, c, texgen_valid(c, m) ? m : GL_FF_TEXGEN_OFF);
        }
        k->texgen[u] = w;
    }
    k->texmat &= k->texcoord_out;
    if (!ff_vs_needs_normal(k))
        k->normalize = k->rescale_normal = 0;
    k->const_attribs &= ff_vs_attribs_read(k);
}

/* ---- fragment key ----------------------------------------------------------------- */

unsigned ff_combine_args(unsigned mode, unsigned func)
{
    if (mode == GL_FF_ENV_COMBINE4_NV &&
        (func == GL_FF_COMBINE_ADD || func == GL_FF_COMBINE_ADD_SIGNED))
        return 4;
    switch (func) {
    case GL_FF_COMBINE_REPLACE:
        return 1;
    case GL_FF_COMBINE_INTERPOLATE:
    case GL_FF_COMBINE_MODULATE_ADD:
    case GL_FF_COMBINE_MODULATE_SIGNED_ADD:
    case GL_FF_COMBINE_MODULATE_SUBTRACT:
        return 3;
    default:
        return 2;
    }
}

/* One argument: canonical source and operand. */
static void canon_arg(uint8_t *src, uint8_t *op, unsigned unit, bool alpha)
{
    if (*src >= GL_FF_SRC_COUNT)
        *src = GL_FF_SRC_TEXTURE;
    if (*src == GL_FF_SRC_TEXTURE0 + unit)
        *src = GL_FF_SRC_TEXTURE;
    if (*op > GL_FF_OP_ONE_MINUS_SRC_ALPHA)
        *op = GL_FF_OP_SRC_COLOR;
    if (alpha && *op == GL_FF_OP_SRC_COLOR)
        *op = GL_FF_OP_SRC_ALPHA;
    if (alpha && *op == GL_FF_OP_ONE_MINUS_SRC_COLOR)
        *op = GL_FF_OP_ONE_MINUS_SRC_ALPHA;
    bool one_minus = *op == GL_FF_OP_ONE_MINUS_SRC_COLOR || *op == GL_FF_OP_ONE_MINUS_SRC_ALPHA;
    if (*src == GL_FF_SRC_ZERO || *src == GL_FF_SRC_ONE) {
        /* every channel of ZERO and ONE is the same: only 1 - x matters */
        if (one_minus)
            *src = *src == GL_FF_SRC_ZERO ? GL_FF_SRC_ONE : GL_FF_SRC_ZERO;
        *op = alpha ? GL_FF_OP_SRC_ALPHA : GL_FF_OP_SRC_COLOR;
    }
}

void gl_ff_fs_key_canonicalize(gl_ff_fs_key *k)
{
    memset(k->reserved, 0, sizeof k->reserved);
    k->color_sum = k->color_sum != 0;
    if (k->fog_mode > GL_FF_FOG_EXP2)
        k->fog_mode = GL_FF_FOG_OFF;
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        gl_ff_fs_unit *t = &k->unit[u];
        t->reserved = 0;
        if (t->target >= GL_FF_TEX_TARGET_COUNT)
            t->target = GL_FF_TEX_NONE;
        if (t->mode >= GL_FF_ENV_MODE_COUNT)
            t->mode = GL_FF_ENV_MODULATE;
        if (t->target == GL_FF_TEX_NONE) {
            memset(t, 0, sizeof *t);
            continue;
        }
        bool combine = t->mode == GL_FF_ENV_COMBINE || t->mode == GL_FF_ENV_COMBINE4_NV;
        if (!combine) {
            uint8_t target = t->target, mode = t->mode, format = t->format;
            memset(t, 0, sizeof *t);
            t->target = target;
            t->mode = mode;
            t->format = format < GL_FF_FORMAT_COUNT ? format : GL_FF_FORMAT_RGBA;
            continue;
        }
        t->format = 0;
        if (t->combine_rgb >= GL_FF_COMBINE_COUNT)
            t->combine_rgb = GL_FF_COMBINE_MODULATE;
        if (t->combine_alpha >= GL_FF_COMBINE_COUNT || t->combine_alpha == GL_FF_COMBINE_DOT3_RGB ||
            t->combine_alpha == GL_FF_COMBINE_DOT3_RGBA)
            t->combine_alpha = GL_FF_COMBINE_REPLACE;
        if (t->scale_rgb > 2)
            t->scale_rgb = 2;
        if (t->scale_alpha > 2)
            t->scale_alpha = 2;
        unsigned nrgb = ff_combine_args(t->mode, t->combine_rgb);
        unsigned nalpha = ff_combine_args(t->mode, t->combine_alpha);
        if (t->combine_rgb == GL_FF_COMBINE_DOT3_RGBA) {
            t->combine_alpha = 0;
            t->scale_alpha = 0;
            nalpha = 0;
        }
        for (unsigned a = 0; a < 4; a++) {
            if (a < nrgb) {
                canon_arg(&t->src_rgb[a], &t->op_rgb[a], u, false);
            } else {
                t->src_rgb[a] = 0;
                t->op_rgb[a] = 0;
            }
            if (a < nalpha) {
                canon_arg(&t->src_alpha[a], &t->op_alpha[a], u, true);
            } else {
                t->src_alpha[a] = 0;
                t->op_alpha[a] = 0;
            }
        }
    }
}

gl_ff_fs_reads gl_ff_fs_key_reads(const gl_ff_fs_key *k)
{
    gl_ff_fs_reads r = {0, 0, 0};
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++)
        if (k->unit[u].target != GL_FF_TEX_NONE && k->unit[u].target < GL_FF_TEX_TARGET_COUNT)
            r.texcoords |= (uint8_t)(1u << u);
    r.secondary = k->color_sum != 0;
    r.fog = k->fog_mode != GL_FF_FOG_OFF && k->fog_mode <= GL_FF_FOG_EXP2;
    return r;
}

/* ---- hashing ----------------------------------------------------------------------- */

uint64_t gl_ff_key_hash(const void *key, size_t size)
{
    const unsigned char *p = key;
    uint64_t h = 0x243f6a8885a308d3ull ^ size;
    for (size_t i = 0; i + 8 <= size; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 29;
    }
    h *= 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 31);
}
