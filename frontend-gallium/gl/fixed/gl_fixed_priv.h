/*
 * gl_fixed_priv.h: the fixed part's state (ctx->fixed), shared by its
 * files: gl_fixed.c (state life, matrices, glGet, glEnable),
 * gl_fixed_light.c (lighting, materials, fog, texgen, texenv, clip planes)
 * and gl_fixed_validate.c (keys, programs, constants).
 *
 * Values that the programs read are kept in `v` (gl_ff_gl_state); what
 * only changes the generated code (enables, modes) is kept as GL enums
 * here and translated into the key at validation. Every command that
 * changes anything calls fixed_changed(), which marks the keys for
 * rebuilding and bumps the values serial (so the constants are refilled);
 * the tops of the matrix stacks are v.modelview, v.projection and
 * v.texture_matrix[u], copied back into the stack arrays on push.
 */
#ifndef GL_FIXED_PRIV_H
#define GL_FIXED_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/fixed/gl_fixed.h"

#define GLF_MODELVIEW_DEPTH  32 /* GL_MAX_MODELVIEW_STACK_DEPTH */
#define GLF_PROJECTION_DEPTH 4  /* GL_MAX_PROJECTION_STACK_DEPTH (GL's minimum is 2) */
#define GLF_TEXTURE_DEPTH    4  /* GL_MAX_TEXTURE_STACK_DEPTH */
#define GLF_COLOR_DEPTH      4  /* GL_MAX_COLOR_MATRIX_STACK_DEPTH */

/* One texture unit's environment (GL 2.1 table 6.19), as GL enums. */
typedef struct glf_texenv {
    GLenum mode;
    GLenum combine_rgb, combine_alpha;
    GLenum src_rgb[4], src_alpha[4];     /* [3]: NV_texture_env_combine4 */
    GLenum op_rgb[4], op_alpha[4];
    GLfloat rgb_scale, alpha_scale;
    bool coord_replace;
} glf_texenv;

typedef struct gl_fixed_state {
    gl_ff_gl_state v; /* the values (tops of the matrix stacks included) */

    /* matrix stacks: entries below the top; depth counts the top too */
    GLenum matrix_mode;
    float modelview_stack[GLF_MODELVIEW_DEPTH][16];
    float projection_stack[GLF_PROJECTION_DEPTH][16];
    float texture_stack[GL_FF_MAX_TEXTURE_UNITS][GLF_TEXTURE_DEPTH][16];
    float color_stack[GLF_COLOR_DEPTH][16];
    float color_matrix[16];
    unsigned modelview_depth, projection_depth, color_depth;
    unsigned texture_depth[GL_FF_MAX_TEXTURE_UNITS];

    /* lighting */
    bool lighting, normalize, rescale_normal, color_material_on;
    uint8_t light_on; /* bit i: GL_LIGHTi */
    bool local_viewer, two_side;
    GLenum color_control;          /* GL_SINGLE_COLOR / GL_SEPARATE_SPECULAR_COLOR */
    GLenum cm_face, cm_mode;       /* glColorMaterial */

    /* fog, colour sum */
    bool fog, color_sum;
    GLenum fog_mode, fog_coord_src;
    GLfloat fog_index;

    /* texgen: GL_TEXTURE_GEN_x enables and modes per unit, S T R Q */
    bool texgen_on[GL_FF_MAX_TEXTURE_UNITS][4];
    GLenum texgen_mode[GL_FF_MAX_TEXTURE_UNITS][4];

    glf_texenv env[GL_FF_MAX_TEXTURE_UNITS];

    /* validation */
    bool key_dirty;        /* something that may change a key changed */
    uint64_t serial;       /* bumped on any change of `v` */
    gl_ff_vs_key vs_key;
    gl_ff_fs_key fs_key;
    gl_ff_cache *cache;
    void *vs_bound, *fs_bound;         /* CSOs bound by this part, NULL: none */
    const gl_ff_cache_entry *vs_entry; /* the bound entries, valid until a miss */
    const gl_ff_cache_entry *fs_entry;
    uint64_t uploaded_serial; /* `serial` of the last constant upload */
    bool const_valid;
    float current_seen[GL_FF_ATTRIB_COUNT][4]; /* current values the constants hold */
    float *vs_consts, *fs_consts;      /* upload scratch */
    unsigned vs_consts_cap, fs_consts_cap;
    gl_fixed_stats stats;
} gl_fixed_state;

static inline gl_fixed_state *glf(struct gl_context *ctx) { return ctx->fixed; }

/* Something changed: keys and constants are refreshed at the next draw. */
static inline void fixed_changed(struct gl_context *ctx)
{
    ctx->fixed->key_dirty = true;
    ctx->fixed->serial++;
}

/* gl_fixed.c */
/* The texture unit glTexEnv, glTexGen and the texture matrix address (the
 * active unit); GL_INVALID_OPERATION and -1 past the fixed-function units. */
int glf_active_unit(struct gl_context *ctx);
/* r = a * b (column-major 4x4, computed in double, rounded once). */
void glf_mat_mul(float *r, const float *a, const float *b);
/* The inverse of m in double (false when singular). */
bool glf_mat_inverse(double *r, const float *m);

/* gl_fixed_light.c */
void glf_light_defaults(gl_fixed_state *f);
int glf_light_enable(struct gl_context *ctx, GLenum cap, int op);
bool glf_light_get(struct gl_context *ctx, GLenum pname, gl_value *v);

/* gl_fixed_validate.c */
bool glf_validate_init(struct gl_context *ctx);
/* Copies the values other parts own (current attributes, point size and
 * attenuation, depth range) into v, bumping the serial on a change. */
void glf_refresh_values(struct gl_context *ctx);
void glf_validate_fini(struct gl_context *ctx);

#endif /* GL_FIXED_PRIV_H */
