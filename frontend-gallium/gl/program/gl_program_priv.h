/*
 * gl_program_priv.h: the objects of the program part, shared by
 * gl_program.c (shader and program objects, link, draw-time validation) and
 * gl_uniform.c (uniform locations, glUniform*, glGetUniform*).
 *
 * A successful link produces an executable (glp_exec): the compiled GLSL
 * program, the pipe shader CSOs made from its TGSI, the uniform table and
 * the CONST[0] storage. It is reference counted because GL keeps a current
 * program's executable in use after a failed re-link or a glDeleteProgram
 * until glUseProgram replaces it, while the program object itself already
 * reports the new (failed) state.
 *
 * Sharing: shader and program objects, and so executables, belong to the
 * share group (gl_objects.h); the counts are atomic. Shader CSOs are pipe
 * context objects: each context keeps its own for the executables it draws
 * with (gl_program.c's CSO cache, which holds a reference to each).
 */
#ifndef GL_PROGRAM_PRIV_H
#define GL_PROGRAM_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/fixedfunc/gl_ff_state.h"
#include "frontend-gallium/gl/objects/gl_objects.h"
#include "frontend-gallium/gl/program/gl_program.h"
#include "frontend-gallium/glsl/swr_glsl.h"

/* Kinds of uniform data: how glUniform* values are converted and checked. */
typedef enum glp_kind { GLP_FLOAT, GLP_INT, GLP_UINT, GLP_BOOL, GLP_SAMPLER } glp_kind;

typedef struct glp_uniform {
    char *name;          /* as GL reports it: "a[0]" for arrays, "s.m", "a[2].m" */
    size_t base_len;     /* length of the name without a trailing "[0]" */
    GLenum type;
    unsigned array_size; /* 1 for non-arrays */
    bool is_array;
    glp_kind kind;
    unsigned cols, rows; /* matrices: cols x rows; vectors: 1 x n */
    int const_reg;       /* first CONST[0] register of element 0; -1: none */
    unsigned regs_per_element;
    int sampler;         /* SAMP index of element 0, or -1 */
    bool builtin;        /* gl_ name: not settable, not locatable */
    bool in_block;       /* a member of a uniform block: no location (GL 3.1 2.11.4) */
} glp_uniform;

typedef struct glp_exec {
    unsigned refs; /* gl_ref_* */
    swr_glsl_program *glsl;
    glp_uniform *uniforms;
    unsigned num_uniforms;
    uint32_t *storage;   /* CONST[0]: num_regs vec4 of 32-bit words */
    unsigned num_regs;
    bool storage_dirty;  /* changed since the last upload */
    uint64_t storage_serial; /* bumped (at draw time) for each such change: the
                                contexts compare it with what they uploaded */
    unsigned num_samplers;
    GLint sampler_unit[SWRGL_MAX_SAMPLERS];
    unsigned sampler_target[SWRGL_MAX_SAMPLERS];
    unsigned sampler_stages[SWRGL_MAX_SAMPLERS];
    /* gl_DepthRange.near/far/diff registers (-1: unused) and the depth
     * range they hold, refreshed from the raster part at draw time. */
    int depth_range_reg[3];
    double depth_range[2];
    gl_vs_input inputs[32];
    unsigned num_inputs;
    /* Built-in state uniforms that track fixed-function state: register
     * reg gets the value of ref (the whole vec4, or component comp in x),
     * refreshed at draw time when the context or its values serial differ
     * from builtin_ctx / builtin_serial. */
    struct glp_builtin {
        unsigned reg;
        gl_ff_state_ref ref;
        int comp; /* -1: the vec4 */
    } *builtins;
    unsigned num_builtins;
    const void *builtin_ctx;
    uint64_t builtin_serial;
    /* glUniformBlockBinding: the GL_UNIFORM_BUFFER binding point of each
     * uniform block (swr_glsl_get_uniform_block index), 0 after a link */
    GLuint *block_binding;
    unsigned num_blocks;
    /* glTransformFeedbackVaryings as of this link: the buffer mode, the
     * number of varyings and GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH */
    GLenum tf_mode;
    unsigned tf_count;
    GLint tf_max_len;
} glp_exec;

/* Transform feedback limits (GL 3.0 table 6.48's minimums) */
#define GLP_MAX_TF_INTERLEAVED_COMPONENTS 64
#define GLP_MAX_TF_SEPARATE_ATTRIBS 4
#define GLP_MAX_TF_SEPARATE_COMPONENTS 4

/* Locations encode (uniform index, array element). */
#define GLP_LOC_ELEMENT_BITS 12
#define GLP_LOC_MAX_ELEMENTS (1u << GLP_LOC_ELEMENT_BITS)

/* gl_uniform.c */
/* Classifies a GL uniform type; false for a type it does not know. */
bool glp_type_info(GLenum type, glp_kind *kind, unsigned *cols, unsigned *rows);
/* Builds exec->uniforms from the GLSL program and fills the storage with
 * the uniforms' initializers (zeros for those without) and the built-in
 * uniforms' defaults. False when out of memory. */
bool glp_uniforms_build(glp_exec *e);
void glp_uniforms_free(glp_exec *e);
/* Refreshes the built-in state uniforms from fixed-function values
 * (marks the storage dirty when it rewrote them). */
void glp_uniforms_set_builtins(glp_exec *e, const void *ctx, const gl_ff_gl_state *v,
                               uint64_t serial);
/* Updates the gl_DepthRange uniform (marks the storage dirty on change). */
void glp_uniforms_set_depth_range(glp_exec *e, double n, double f);
/* The location of `name` in e (GL's naming rules), -1 if none. */
GLint glp_uniform_location(const glp_exec *e, const char *name);

/* gl_program.c */
/* The executable of the linked program called `program`, NULL with the GL
 * error recorded when there is none (unknown name: INVALID_VALUE; a shader
 * name or a program that is not linked: INVALID_OPERATION). */
glp_exec *glp_linked_exec(struct gl_context *ctx, GLuint program);
/* The executable glUniform* writes to: the one in use. */
glp_exec *glp_current_exec(struct gl_context *ctx);
/* A sampler's texture unit changed: draw-time validation checks again. */
void glp_samplers_changed(struct gl_context *ctx);
/* The executable of program `program`, NULL when it is not linked (no
 * error); *found false with the error recorded when the name is no program
 * (INVALID_VALUE, or INVALID_OPERATION for a shader). */
glp_exec *glp_program_exec(struct gl_context *ctx, GLuint program, bool *found);
/* Copies at most bufSize - 1 characters of text and a NUL (the string getters). */
void glp_copy_out(const char *text, GLsizei bufSize, GLsizei *length, GLchar *out);

/* gl_uniform_block.c */
/* GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH of e (NULL: 0). */
GLint glp_blocks_max_name_length(const glp_exec *e);
/* At draw time: binds the uniform buffer binding of each block of e to
 * its constant buffer slot in each stage that uses it. */
void glp_blocks_bind(struct gl_context *ctx, glp_exec *e);
/* The uniform block limits for glGet (false: not one of them). */
bool glp_blocks_get(struct gl_context *ctx, GLenum pname, gl_value *v);

#endif /* GL_PROGRAM_PRIV_H */
