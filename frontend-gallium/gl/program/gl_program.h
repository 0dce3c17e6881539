/*
 * gl_program.h: the program part: shader and program objects
 * (glCreateShader ... glLinkProgram, glUseProgram), uniforms, attribute
 * locations, program queries and info logs, and the shaders and constants
 * a draw binds. GLSL is compiled by frontend-gallium/glsl (swr_glsl.h).
 * gl_program.c holds the objects, linking and draw validation, gl_uniform.c
 * the uniforms, gl_uniform_block.c the uniform blocks (bound from the vertex
 * part's GL_UNIFORM_BUFFER bindings); the raster part gives the gl_DepthRange
 * uniform its value, the fixed part (through the draw part) the other
 * built-in state uniforms.
 * May call: fixedfunc, objects, raster, vertex.
 */
#ifndef GL_PROGRAM_H
#define GL_PROGRAM_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"

GL_PART_HOOKS(program)
/* Draw-time validation (the draw part calls it): binds the current
 * program's shaders and uploads its constants. False when the draw must be
 * skipped: no program (the draw part then uses the fixed part), samplers of
 * different types on one unit (GL_INVALID_OPERATION), out of memory. */
bool gl_program_validate(struct gl_context *ctx);
/* The fixed-function values the built-in state uniforms (gl_ModelViewMatrix,
 * gl_LightSource[] ...) read, and their serial; the draw part passes them
 * before gl_program_validate. The pointer must stay valid while the
 * context lives (it is the fixed part's state). */
struct gl_ff_gl_state;
void gl_program_set_fixed_values(struct gl_context *ctx, const struct gl_ff_gl_state *v,
                                 uint64_t serial);
/* Whether a program executable is in use (glUseProgram of a linked
 * program): false means the draws use fixed-function processing. */
bool gl_program_in_use(struct gl_context *ctx);


/* The current program's vertex inputs: input i (TGSI IN[i]) reads generic
 * attribute `location`, as integers when `integer`; a built-in attribute
 * reads legacy attribute `legacy` instead (the numbering of gl_ff_attrib,
 * fixedfunc/gl_ff_key.h: 0 gl_Vertex, 1 gl_Normal, 2 gl_Color,
 * 3 gl_SecondaryColor, 4 gl_FogCoord, 5 + n gl_MultiTexCoordn; -1: a
 * user attribute). Returns the number of inputs (0 with no program). */
typedef struct gl_vs_input {
    GLuint location;
    bool integer;
    int legacy;
} gl_vs_input;
unsigned gl_program_vs_inputs(struct gl_context *ctx, gl_vs_input *inputs /* [32] */);
/* The input primitive (GL_POINTS, GL_LINES, GL_LINES_ADJACENCY, GL_TRIANGLES,
 * GL_TRIANGLES_ADJACENCY) of the current program's geometry shader, or -1
 * when it has none (GL 3.2 section 2.12.1: a draw whose mode does not fit
 * it is GL_INVALID_OPERATION). */
int gl_program_gs_input_type(struct gl_context *ctx);
/* The output primitive (GL_POINTS, GL_LINE_STRIP, GL_TRIANGLE_STRIP) of the
 * current program's geometry shader, or -1 when it has none (GL 3.2 section
 * 2.15: it, not the draw's mode, must match glBeginTransformFeedback's). */
int gl_program_gs_output_type(struct gl_context *ctx);

/* The current program's samplers: sampler index s (TGSI SAMP[s]/SVIEW[s],
 * the same index in every stage) reads texture unit uses[s].unit as a
 * texture of TGSI target uses[s].tgsi_target (TGSI_TEXTURE_*) and is used by
 * the stages in stage_mask (1 << PIPE_SHADER_VERTEX | 1 << PIPE_SHADER_FRAGMENT).
 * Returns the number of sampler indices (0 with no program). */
typedef struct gl_sampler_use {
    unsigned unit;
    unsigned tgsi_target;
    unsigned stage_mask;
} gl_sampler_use;
unsigned gl_program_sampler_uses(struct gl_context *ctx, gl_sampler_use *uses /* [SWRGL_MAX_SAMPLERS] */);

/* For a part that binds its own shaders or constant buffer 0 on the pipe
 * context (e.g. a blit through draws): the next draw rebinds the program's. */
void gl_program_invalidate_pipe(struct gl_context *ctx);

/* The GL_TRANSFORM_FEEDBACK_BUFFER binding points the current program's
 * transform feedback writes (gl_program_xfb.c): 0 with no program or no
 * captured varyings, 1 for GL_INTERLEAVED_ATTRIBS, the number of varyings
 * for GL_SEPARATE_ATTRIBS. */
unsigned gl_program_xfb_buffers(struct gl_context *ctx);

#endif /* GL_PROGRAM_H */
