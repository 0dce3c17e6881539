/*
 * gl_uniform_block.c: uniform blocks of a linked program (GL 3.1 section
 * 2.11.4, ARB_uniform_buffer_object): the reflection queries, the block's
 * binding point, and the binding of the buffers at draw time.
 *
 * In: the linked GLSL program's blocks (swr_glsl.h: swr_glsl_get_uniform_block,
 * swr_glsl_get_uniform_layout), laid out std140 whatever the layout
 * qualifier (GL allows shared and packed to take any layout, and std140 keeps
 * them the same in every program), and the vertex part's GL_UNIFORM_BUFFER
 * indexed bindings (gl_vertex_indexed_binding). Out: the query answers, and
 * at each draw (glp_blocks_bind, called by the program part's validation)
 * constant buffer slot swr_glsl_uniform_block.stage_const_buffer[stage]
 * (1..12, numbered per stage; slot 0 is the default block's CONST[0]) of
 * every stage that has the block, set to the bound buffer's range.
 *
 * Sizes: a binding with glBindBufferBase covers the whole buffer as it is at
 * the draw; a range is clipped to the buffer's current size. The pipe driver
 * clips again to the resource and the shaders read zeros past the end (the
 * jitter's constant reads are bounded by the count the engine gets), so a
 * buffer smaller than its block, an offset past the end or no buffer at all
 * read zeros and never out of bounds.
 *
 * The binding table (glUniformBlockBinding) lives in the executable
 * (glp_exec.block_binding), set to 0 by each link, as GL 3.1 says.
 * Thread: the context's.
 */
#include "frontend-gallium/gl/program/gl_program_priv.h"

#include <string.h>

#include "frontend-gallium/gl/vertex/gl_vertex.h"

/* The pipe's constant buffer: 64 KiB (frontend-gallium/pipe/swrp_screen.c);
 * at most 12 blocks per stage (CONST[1..12], glsl_link.cpp). Combined: the
 * GL 3.2 minimum, 36 (12 for each of three stages); with two stages a
 * program never reaches it. */
#define GLP_MAX_UNIFORM_BLOCK_SIZE 65536
#define GLP_MAX_UNIFORM_BLOCKS 12
#define GLP_MAX_COMBINED_UNIFORM_BLOCKS 36

static const swr_glsl_uniform_block *block_of(const glp_exec *e, GLuint index)
{
    return e && index < e->num_blocks ? swr_glsl_get_uniform_block(e->glsl, (int)index) : NULL;
}

GLint glp_blocks_max_name_length(const glp_exec *e)
{
    GLint m = 0;
    for (unsigned b = 0; e && b < e->num_blocks; b++) {
        const swr_glsl_uniform_block *ub = block_of(e, b);
        if (ub && (GLint)strlen(ub->name) + 1 > m)
            m = (GLint)strlen(ub->name) + 1;
    }
    return m;
}

void glp_blocks_bind(struct gl_context *ctx, glp_exec *e)
{
    for (unsigned b = 0; b < e->num_blocks; b++) {
        const swr_glsl_uniform_block *ub = block_of(e, b);
        if (!ub)
            continue;
        const gl_indexed_binding *ib =
            gl_vertex_indexed_binding(ctx, GL_UNIFORM_BUFFER, e->block_binding[b]);
        const gl_buffer *buf = ib ? ib->buffer : NULL;
        struct pipe_constant_buffer cb;
        memset(&cb, 0, sizeof cb);
        bool have = buf && buf->res && buf->size > 0 && ib->offset < buf->size;
        if (have) {
            GLsizeiptr avail = buf->size - ib->offset;
            GLsizeiptr size = ib->range && ib->size < avail ? ib->size : avail;
            cb.buffer = buf->res;
            cb.buffer_offset = (uint32_t)ib->offset;
            cb.buffer_size = (uint32_t)(size > GLP_MAX_UNIFORM_BLOCK_SIZE ? GLP_MAX_UNIFORM_BLOCK_SIZE : size);
        }
        if (ub->stage_const_buffer[SWR_GLSL_VERTEX])
            ctx->pipe->set_constant_buffer(ctx->pipe, PIPE_SHADER_VERTEX,
                                           ub->stage_const_buffer[SWR_GLSL_VERTEX], have ? &cb : NULL);
        if (ub->stage_const_buffer[SWR_GLSL_FRAGMENT])
            ctx->pipe->set_constant_buffer(ctx->pipe, PIPE_SHADER_FRAGMENT,
                                           ub->stage_const_buffer[SWR_GLSL_FRAGMENT], have ? &cb : NULL);
        if (ub->stage_const_buffer[SWR_GLSL_GEOMETRY] && ctx->pipe->create_gs_state) /* (a pipe with GS) */
            ctx->pipe->set_constant_buffer(ctx->pipe, PIPE_SHADER_GEOMETRY,
                                           ub->stage_const_buffer[SWR_GLSL_GEOMETRY], have ? &cb : NULL);
    }
}

/* ---- limits (GL 3.1 table 6.51) ------------------------------------------------------------ */

bool glp_blocks_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    switch (pname) {
    case GL_MAX_GEOMETRY_UNIFORM_BLOCKS: /* GL 3.2 */
        if (ctx->desc.major * 10 + ctx->desc.minor < 32)
            return false;
        gl_value_int(v, GLP_MAX_UNIFORM_BLOCKS);
        return true;
    case GL_MAX_VERTEX_UNIFORM_BLOCKS:
    case GL_MAX_FRAGMENT_UNIFORM_BLOCKS:
        gl_value_int(v, GLP_MAX_UNIFORM_BLOCKS);
        return true;
    case GL_MAX_COMBINED_UNIFORM_BLOCKS:
        gl_value_int(v, GLP_MAX_COMBINED_UNIFORM_BLOCKS);
        return true;
    case GL_MAX_UNIFORM_BLOCK_SIZE:
        gl_value_int(v, GLP_MAX_UNIFORM_BLOCK_SIZE);
        return true;
    case GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS: /* GL 3.2 */
        if (ctx->desc.major * 10 + ctx->desc.minor < 32)
            return false;
        /* fall through */
    case GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS:
    case GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS:
        /* GL 3.1 section 2.11.4: the default block's components and the
         * blocks' (MAX_UNIFORM_BLOCK_SIZE / 4 each) */
        gl_value_int(v, GLP_MAX_UNIFORM_BLOCK_SIZE / 4 * (GLP_MAX_UNIFORM_BLOCKS + 1));
        return true;
    default:
        return false;
    }
}

/* ---- queries ------------------------------------------------------------------------------- */

GLuint swrgl_GetUniformBlockIndex(struct gl_context *ctx, GLuint program, const GLchar *uniformBlockName)
{
    bool found;
    glp_exec *e = glp_program_exec(ctx, program, &found);
    if (!e || !uniformBlockName)
        return GL_INVALID_INDEX;
    for (unsigned b = 0; b < e->num_blocks; b++) {
        const swr_glsl_uniform_block *ub = block_of(e, b);
        if (ub && !strcmp(ub->name, uniformBlockName))
            return b;
    }
    return GL_INVALID_INDEX;
}

void swrgl_GetActiveUniformBlockiv(struct gl_context *ctx, GLuint program, GLuint uniformBlockIndex,
                                   GLenum pname, GLint *params)
{
    bool found;
    glp_exec *e = glp_program_exec(ctx, program, &found);
    if (!found)
        return;
    const swr_glsl_uniform_block *ub = block_of(e, uniformBlockIndex);
    if (!ub) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLint r;
    switch (pname) {
    case GL_UNIFORM_BLOCK_BINDING:
        r = (GLint)e->block_binding[uniformBlockIndex];
        break;
    case GL_UNIFORM_BLOCK_DATA_SIZE:
        r = (GLint)ub->data_size;
        break;
    case GL_UNIFORM_BLOCK_NAME_LENGTH:
        r = (GLint)strlen(ub->name) + 1;
        break;
    case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS:
        r = (GLint)ub->num_active;
        break;
    case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES:
        for (unsigned k = 0; params && k < ub->num_active; k++)
            params[k] = ub->active_uniforms[k];
        return;
    case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER:
        r = (ub->stage_mask >> SWR_GLSL_VERTEX) & 1;
        break;
    case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER:
        r = (ub->stage_mask >> SWR_GLSL_FRAGMENT) & 1;
        break;
    case GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER:
        r = (ub->stage_mask >> SWR_GLSL_GEOMETRY) & 1;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = r;
}

void swrgl_GetActiveUniformBlockName(struct gl_context *ctx, GLuint program, GLuint uniformBlockIndex,
                                     GLsizei bufSize, GLsizei *length, GLchar *uniformBlockName)
{
    bool found;
    glp_exec *e = glp_program_exec(ctx, program, &found);
    if (!found)
        return;
    const swr_glsl_uniform_block *ub = block_of(e, uniformBlockIndex);
    if (!ub || bufSize < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    glp_copy_out(ub->name, bufSize, length, uniformBlockName);
}

void swrgl_UniformBlockBinding(struct gl_context *ctx, GLuint program, GLuint uniformBlockIndex,
                               GLuint uniformBlockBinding)
{
    bool found;
    glp_exec *e = glp_program_exec(ctx, program, &found);
    if (!found)
        return;
    if (!block_of(e, uniformBlockIndex) || uniformBlockBinding >= GLV_MAX_UNIFORM_BINDINGS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    e->block_binding[uniformBlockIndex] = uniformBlockBinding;
}

/* "a" and "a[0]" both name array a (GL 3.1 section 2.11.4). */
static bool names_uniform(const glp_uniform *u, const char *name)
{
    if (!strcmp(u->name, name))
        return true;
    return u->is_array && strlen(name) == u->base_len && !strncmp(u->name, name, u->base_len);
}

void swrgl_GetUniformIndices(struct gl_context *ctx, GLuint program, GLsizei uniformCount,
                             const GLchar *const *uniformNames, GLuint *uniformIndices)
{
    bool found;
    glp_exec *e = glp_program_exec(ctx, program, &found);
    if (!found)
        return;
    if (uniformCount < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    for (GLsizei k = 0; uniformIndices && k < uniformCount; k++) {
        uniformIndices[k] = GL_INVALID_INDEX;
        const char *n = uniformNames ? uniformNames[k] : NULL;
        for (unsigned i = 0; e && n && i < e->num_uniforms; i++)
            if (names_uniform(&e->uniforms[i], n)) {
                uniformIndices[k] = i;
                break;
            }
    }
}

void swrgl_GetActiveUniformsiv(struct gl_context *ctx, GLuint program, GLsizei uniformCount,
                               const GLuint *uniformIndices, GLenum pname, GLint *params)
{
    bool found;
    glp_exec *e = glp_program_exec(ctx, program, &found);
    if (!found)
        return;
    if (uniformCount < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    switch (pname) {
    case GL_UNIFORM_TYPE:
    case GL_UNIFORM_SIZE:
    case GL_UNIFORM_NAME_LENGTH:
    case GL_UNIFORM_BLOCK_INDEX:
    case GL_UNIFORM_OFFSET:
    case GL_UNIFORM_ARRAY_STRIDE:
    case GL_UNIFORM_MATRIX_STRIDE:
    case GL_UNIFORM_IS_ROW_MAJOR:
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    /* Every index is checked before anything is written (GL 3.1: the
     * command then has no effect). */
    for (GLsizei k = 0; k < uniformCount; k++)
        if (!uniformIndices || !e || uniformIndices[k] >= e->num_uniforms) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
    for (GLsizei k = 0; params && k < uniformCount; k++) {
        GLuint i = uniformIndices[k];
        const glp_uniform *u = &e->uniforms[i];
        swr_glsl_uniform_layout l;
        if (!swr_glsl_get_uniform_layout(e->glsl, (int)i, &l))
            l = (swr_glsl_uniform_layout){-1, -1, -1, -1, false};
        switch (pname) {
        case GL_UNIFORM_TYPE: params[k] = (GLint)u->type; break;
        case GL_UNIFORM_SIZE: params[k] = (GLint)u->array_size; break;
        case GL_UNIFORM_NAME_LENGTH: params[k] = (GLint)strlen(u->name) + 1; break;
        case GL_UNIFORM_BLOCK_INDEX: params[k] = l.block_index; break;
        case GL_UNIFORM_OFFSET: params[k] = l.offset; break;
        case GL_UNIFORM_ARRAY_STRIDE: params[k] = l.array_stride; break;
        case GL_UNIFORM_MATRIX_STRIDE: params[k] = l.matrix_stride; break;
        default: params[k] = l.row_major ? 1 : 0; break;
        }
    }
}

void swrgl_GetActiveUniformName(struct gl_context *ctx, GLuint program, GLuint uniformIndex,
                                GLsizei bufSize, GLsizei *length, GLchar *uniformName)
{
    bool found;
    glp_exec *e = glp_program_exec(ctx, program, &found);
    if (!found)
        return;
    if (!e || uniformIndex >= e->num_uniforms || bufSize < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    glp_copy_out(e->uniforms[uniformIndex].name, bufSize, length, uniformName);
}
