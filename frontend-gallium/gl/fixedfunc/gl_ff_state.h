/*
 * gl_ff_state.h: the GL state values that shaders read as constants, and
 * how to compute them from the GL state.
 *
 * A state value is one vec4 named by a gl_ff_state_ref (id + indices + row),
 * in the manner of ARB_vertex_program's state bindings (state.light[0].
 * diffuse, state.matrix.mvp.row[2], state.lightprod[1].front.specular ...).
 * The fixed-function generators (gl_ff.h) return, with each program, its
 * constant layout: an array whose entry k says which state value
 * CONST[0][k] holds. The GL part fills the constant buffer from its state
 * with gl_ff_fill_constants() whenever that state changes. The same
 * references serve GLSL's built-in uniforms (gl_ModelViewMatrix[c] is row c
 * of the TRANSPOSE, gl_LightSource[i].diffuse is LIGHT_DIFFUSE i, ...) and
 * ARB programs' state bindings: each value's components are documented
 * below, ARB's packing where ARB defines one.
 *
 * gl_ff_gl_state is the plain C description of the GL state that the
 * values derive from, as the GL part holds it (matrices column-major as
 * glLoadMatrixf takes them; positions, directions and planes already in eye
 * space, i.e. transformed by the modelview current when they were
 * specified, as GL 2.1 says). gl_ff_gl_state_defaults() gives GL 2.1's
 * initial state. Derived values (inverses, products, normalised vectors)
 * are computed in double and rounded once to float.
 *
 * Thread: pure functions of their arguments.
 */
#ifndef SWR_GL_FF_STATE_H
#define SWR_GL_FF_STATE_H

#include <stdint.h>

#include "frontend-gallium/gl/fixedfunc/gl_ff_key.h"

/* Matrices of GL_FF_SV_MATRIX (gl_ff_state_ref.index). */
typedef enum gl_ff_matrix {
    GL_FF_MATRIX_MODELVIEW,
    GL_FF_MATRIX_PROJECTION,
    GL_FF_MATRIX_MVP,      /* projection * modelview */
    GL_FF_MATRIX_TEXTURE0, /* .. TEXTURE7 */
    GL_FF_MATRIX_COUNT = GL_FF_MATRIX_TEXTURE0 + GL_FF_MAX_TEXTURE_UNITS
} gl_ff_matrix;

/* Matrix modifiers (gl_ff_state_ref.sub), as ARB_vertex_program's. */
typedef enum gl_ff_matrix_mod {
    GL_FF_MOD_NONE,
    GL_FF_MOD_INVERSE,
    GL_FF_MOD_TRANSPOSE,
    GL_FF_MOD_INVTRANS,
} gl_ff_matrix_mod;

/*
 * State values: X(name, what index / sub mean, components). "face" is 0
 * front, 1 back; "light" 0..7; "unit" 0..7; "coord" 0..3 = S T R Q.
 */
#define GL_FF_STATE_VALUES(X)                                                                      \
    /* row `row` of matrix `index` (gl_ff_matrix) with modifier `sub`:                             \
     * DP4(row r, v) is component r of M v. Rows of TRANSPOSE are columns. */                      \
    X(MATRIX, "matrix, modifier", "row")                                                           \
    /* (f, f, f, 1), f = 1 / |row 2 of the inverse modelview's upper 3x3|: GL_RESCALE_NORMAL's     \
     * factor (gl_NormalScale = x) */                                                              \
    X(NORMAL_SCALE, "-", "f f f 1")                                                                \
    X(LIGHT_AMBIENT, "light", "rgba")                                                              \
    X(LIGHT_DIFFUSE, "light", "rgba")                                                              \
    X(LIGHT_SPECULAR, "light", "rgba")                                                             \
    X(LIGHT_POSITION, "light", "xyzw (eye space, as stored)")                                      \
    /* w != 0: (x/w, y/w, z/w, 1); w == 0: (unit vector toward the light, 0) */                    \
    X(LIGHT_POSITION_NORMALIZED, "light", "xyz 0|1")                                               \
    /* unit(unit(P.xyz) + (0,0,1)), 1: the half vector of an infinite viewer and a directional     \
     * light (ARB state.light[n].half, gl_LightSource[n].halfVector) */                            \
    X(LIGHT_HALF_VECTOR, "light", "xyz 1")                                                         \
    X(LIGHT_SPOT_DIRECTION, "light", "xyz (eye space, as stored), cos cutoff")                     \
    X(LIGHT_SPOT_DIRECTION_NORMALIZED, "light", "unit xyz, cos cutoff")                            \
    X(LIGHT_ATTENUATION, "light", "constant linear quadratic spot-exponent")                       \
    /* (-cos cutoff, 0, 0, spot exponent): LIT's operand for the spot factor */                    \
    X(LIGHT_SPOT_LIT, "light", "-cos 0 0 exponent")                                                \
    X(LIGHT_SPOT_PARAMS, "light", "exponent cutoff-degrees cos-cutoff 0")                          \
    X(LIGHTMODEL_AMBIENT, "-", "rgba")                                                             \
    /* e_cm + a_cm * a_cs, alpha = diffuse alpha d_cm.a (ARB state.lightmodel.scenecolor) */       \
    X(LIGHTMODEL_SCENECOLOR, "face", "rgb, diffuse alpha")                                         \
    X(MATERIAL_EMISSION, "face", "rgba")                                                           \
    X(MATERIAL_AMBIENT, "face", "rgba")                                                            \
    X(MATERIAL_DIFFUSE, "face", "rgba")                                                            \
    X(MATERIAL_SPECULAR, "face", "rgba")                                                           \
    X(MATERIAL_SHININESS, "face", "s 0 0 1")                                                       \
    /* material x light, component by component (ARB state.lightprod) */                           \
    X(LIGHTPROD_AMBIENT, "light, face", "rgba")                                                    \
    X(LIGHTPROD_DIFFUSE, "light, face", "rgba")                                                    \
    X(LIGHTPROD_SPECULAR, "light, face", "rgba")                                                   \
    X(TEXGEN_EYE_PLANE, "unit, coord", "plane (eye space, as stored)")                             \
    X(TEXGEN_OBJECT_PLANE, "unit, coord", "plane")                                                 \
    X(TEXENV_COLOR, "unit", "rgba")                                                                \
    X(FOG_COLOR, "-", "rgba")                                                                      \
    X(FOG_PARAMS, "-", "density start end 1/(end-start)")                                          \
    /* (-1/(e-s), e/(e-s), d*log2(e), d*sqrt(log2(e))): linear f = c*x + y, exp f = 2^-(c*z),      \
     * exp2 f = 2^-((c*w)^2); 1/(e-s) is taken as 1 when e == s (as Mesa) */                       \
    X(FOG_FACTORS, "-", "linear scale, linear bias, exp, exp2")                                    \
    X(POINT_SIZE, "-", "size min max fade-threshold")                                              \
    X(POINT_ATTENUATION, "-", "constant linear quadratic 1")                                       \
    X(CLIP_PLANE, "plane", "plane (eye space, as stored)")                                         \
    X(CURRENT_ATTRIB, "gl_ff_attrib", "xyzw")                                                      \
    X(DEPTH_RANGE, "-", "near far far-near 1")

typedef enum gl_ff_state_id {
#define GL_FF_X_ENUM(name, idx, comps) GL_FF_SV_##name,
    GL_FF_STATE_VALUES(GL_FF_X_ENUM)
#undef GL_FF_X_ENUM
        GL_FF_SV_COUNT
} gl_ff_state_id;

/* One vec4 of state. Unused fields are 0 (refs compare as 4 bytes). */
typedef struct gl_ff_state_ref {
    uint8_t id;    /* gl_ff_state_id */
    uint8_t index; /* light, unit, face, plane, matrix or attribute */
    uint8_t sub;   /* face (LIGHTPROD), coord (TEXGEN), modifier (MATRIX) */
    uint8_t row;   /* MATRIX row */
} gl_ff_state_ref;

typedef struct gl_ff_light {
    float ambient[4], diffuse[4], specular[4];
    float position[4];       /* eye space */
    float spot_direction[3]; /* eye space */
    float spot_exponent;
    float spot_cutoff; /* degrees: [0, 90] or 180 */
    float constant_attenuation, linear_attenuation, quadratic_attenuation;
} gl_ff_light;

typedef struct gl_ff_material {
    float ambient[4], diffuse[4], specular[4], emission[4];
    float shininess;
} gl_ff_material;

typedef struct gl_ff_gl_state {
    float modelview[16], projection[16]; /* column-major: m[col * 4 + row] */
    float texture_matrix[GL_FF_MAX_TEXTURE_UNITS][16];
    gl_ff_light light[GL_FF_MAX_LIGHTS];
    float light_model_ambient[4];
    gl_ff_material material[2];                      /* front, back */
    float texgen_eye[GL_FF_MAX_TEXTURE_UNITS][4][4]; /* [unit][S T R Q] eye space */
    float texgen_object[GL_FF_MAX_TEXTURE_UNITS][4][4];
    float texenv_color[GL_FF_MAX_TEXTURE_UNITS][4];
    float fog_color[4];
    float fog_density, fog_start, fog_end;
    float point_size, point_size_min, point_size_max, point_fade_threshold;
    float point_attenuation[3];
    float clip_plane[GL_FF_MAX_CLIP_PLANES][4]; /* eye space */
    float current[GL_FF_ATTRIB_COUNT][4];       /* current attribute values */
    float depth_near, depth_far;
} gl_ff_gl_state;

/* GL 2.1's initial state (tables 6.5-6.17): identity matrices, light 0
 * white diffuse/specular, the others black, material ambient 0.2 diffuse
 * 0.8, texgen planes S (1,0,0,0) and T (0,1,0,0), fog density 1 end 1,
 * point size 1 with max 255 (the swr pipe's point size limit), current colour white,
 * normal (0,0,1), texcoords (0,0,0,1), depth range [0, 1]. */
void gl_ff_gl_state_defaults(gl_ff_gl_state *s);

/* The value of one reference (out-of-range indices give 0). */
void gl_ff_state_value(const gl_ff_gl_state *s, gl_ff_state_ref ref, float out[4]);

/* Fills n vec4s, out[4k..4k+3] = the value of layout[k]: the constant
 * buffer of a program whose layout this is. Derived matrices are computed
 * once per call, not once per reference. */
void gl_ff_fill_constants(const gl_ff_gl_state *s, const gl_ff_state_ref *layout, uint32_t n,
                          float *out);

/* "state.light[2].diffuse"-style name of a reference, for dumps and
 * messages; returns buf. */
const char *gl_ff_state_ref_name(gl_ff_state_ref ref, char *buf, unsigned size);

#endif /* SWR_GL_FF_STATE_H */
