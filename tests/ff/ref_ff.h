/*
 * ref_ff.h: a scalar reference model of GL 2.1's fixed-function pipeline,
 * for checking the generated TGSI (frontend-gallium/gl/fixedfunc).
 *
 * Written from the GL 2.1 specification's formulas (2.11.3 normals,
 * 2.12.4 texgen, 2.12 clipping, 2.14.1 lighting, 3.4 points, 3.8.13
 * texture environments, 3.9 colour sum, 3.10 fog), in double precision,
 * from the raw GL state (gl_ff_gl_state) and the key's enables. It shares
 * no code with the generator or with gl_ff_state.c: its matrix inverse is
 * Gauss-Jordan, its lighting loops over lights and faces as the spec's sum
 * does, its texture environments follow tables 3.22-3.24 row by row.
 *
 * Every value carries a forward error bound (ref_ev: value v, bound e on
 * |single-precision result - v|): each elementary operation adds
 * REF_OP_ERROR relative to its result (4 half-ulps: the shader may do an
 * operation in two steps where the formula has one), errors propagate to
 * first order through + - *, and through rsq, sqrt, rcp, pow and exp2 by
 * evaluating the (monotone) function at the interval ends; pow and exp2
 * add jit_math.h's documented bounds (exec_contract.md item 2). A step of
 * the formulas (f_i = n.VP > 0, the spot cutoff, the sphere map's
 * singularity) whose operand lies within its error bound of the threshold
 * cannot be decided: the result is flagged ambiguous and the caller skips
 * it (and counts how often).
 *
 * Conventions shared with the generator where GL leaves a choice (see
 * gl_ff_vs.c / gl_ff_fs.c): the eye-space vertex enters lighting and
 * texgen as e.xyz; point distance |e|, DEPTH fog |e.z|; the spot test is
 * t > cos (GL: >=); secondary alpha 0; DECAL of non-RGB(A) formats leaves
 * the fragment unchanged; ADD and COMBINE results clamp to [0, 1];
 * DOT3_RGBA uses the RGB scale for all four channels; a crossbar read of a
 * disabled unit is 0; 1/(end - start) is 1 when end == start.
 */
#ifndef SWR_REF_FF_H
#define SWR_REF_FF_H

#include <stdbool.h>

#include "frontend-gallium/gl/fixedfunc/gl_ff_key.h"
#include "frontend-gallium/gl/fixedfunc/gl_ff_state.h"

/* Relative error budget per elementary single-precision operation. */
#define REF_OP_ERROR (1.0 / (1 << 22))

typedef struct ref_ev {
    double v; /* exact value of the formula */
    double e; /* bound on |float computation - v| */
} ref_ev;

/* Outputs of the vertex stage; [face][0 primary, 1 secondary][rgba]. */
typedef struct ref_vs_out {
    ref_ev position[4];
    ref_ev color[2][2][4];
    ref_ev texcoord[GL_FF_MAX_TEXTURE_UNITS][4];
    ref_ev fog;
    ref_ev point_size;
    ref_ev clip[GL_FF_MAX_CLIP_PLANES];
    bool ambiguous;
} ref_vs_out;

/* attr[a]: the value of attribute a the vertex sees (its array element, or
 * the current value). */
void ref_vs(const gl_ff_vs_key *key, const gl_ff_gl_state *s, const float attr[][4],
            ref_vs_out *out);

/* A texture's raw texel for the model: raw[c] per channel of the base
 * format's own components before table 3.15's expansion (R G B A, or L in
 * raw[0] and A in raw[3], or I in raw[0]); coord = (s, t, r) after the
 * projective division (cube maps: undivided); shadow targets pass the
 * reference r in coord[2]. */
typedef void (*ref_texel_fn)(void *ctx, unsigned unit, unsigned target, const ref_ev coord[3],
                             ref_ev raw[4]);

typedef struct ref_fs_in {
    /* the base format of each unit's texture (for classic modes the key's
     * format; COMBINE sees the texture through table 3.15 too) */
    unsigned char format[GL_FF_MAX_TEXTURE_UNITS];
    float primary[4], secondary[4];
    float texcoord[GL_FF_MAX_TEXTURE_UNITS][4];
    float fog;
} ref_fs_in;

/* out = the fragment colour; returns false when ambiguous. */
bool ref_fs(const gl_ff_fs_key *key, const gl_ff_gl_state *s, const ref_fs_in *in,
            ref_texel_fn texel, void *ctx, ref_ev out[4]);

/* Table 3.15: a raw texel as the RGBA the environments see. */
void ref_expand_format(unsigned format, const ref_ev raw[4], ref_ev rgba[4]);

/* Error-bounded arithmetic, for the tests' texel functions. */
ref_ev ref_exact(double v);
ref_ev ref_add(ref_ev a, ref_ev b);
ref_ev ref_mul(ref_ev a, ref_ev b);
ref_ev ref_div(ref_ev a, ref_ev b);

#endif /* SWR_REF_FF_H */
