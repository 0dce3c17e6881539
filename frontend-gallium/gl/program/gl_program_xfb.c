/*
 * gl_program_xfb.c: the program side of transform feedback that the draw
 * part and glGetTransformFeedbackVarying need (GL 3.0 section 2.15.3, GL
 * 3.3 section 2.11.7).
 *
 * In:  the executable of a link: its GLSL program carries the resolved
 *      capture (swr_glsl_link_xfb, called by the link in gl_program.c with
 *      the names of glTransformFeedbackVaryings; its stream output layout
 *      goes into the vertex shader CSO there, cso_create).
 * Out: gl_program_xfb_buffers: how many GL_TRANSFORM_FEEDBACK_BUFFER
 *      binding points the current executable writes (glBeginTransformFeedback
 *      checks them); glGetTransformFeedbackVarying's name, size and type.
 * Thread: the context's thread.
 */
#include "frontend-gallium/gl/program/gl_program_priv.h"

unsigned gl_program_xfb_buffers(struct gl_context *ctx)
{
    const glp_exec *e = glp_current_exec(ctx);
    int n = e ? swr_glsl_num_xfb_varyings(e->glsl) : 0;
    if (n <= 0)
        return 0;
    return e->tf_mode == GL_SEPARATE_ATTRIBS ? (unsigned)n : 1u;
}

/* GL 3.0 section 2.15.3: index past GL_TRANSFORM_FEEDBACK_VARYINGS (of the
 * last link; 0 when it failed) is INVALID_VALUE, as is a name that is no
 * object; a shader's name is INVALID_OPERATION. */
void swrgl_GetTransformFeedbackVarying(struct gl_context *ctx, GLuint program, GLuint index,
                                       GLsizei bufSize, GLsizei *length, GLsizei *size, GLenum *type,
                                       GLchar *name)
{
    bool found;
    glp_exec *e = glp_program_exec(ctx, program, &found);
    if (!found)
        return;
    const swr_glsl_xfb_varying *v =
        e && index < (GLuint)swr_glsl_num_xfb_varyings(e->glsl) ? swr_glsl_get_xfb_varying(e->glsl, (int)index)
                                                               : NULL;
    if (!v || bufSize < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    glp_copy_out(v->name, bufSize, length, name);
    if (size)
        *size = v->size;
    if (type)
        *type = v->gl_type;
}
