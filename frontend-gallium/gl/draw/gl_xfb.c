/*
 * gl_xfb.c: glBeginTransformFeedback and glEndTransformFeedback (GL 3.0
 * section 2.15, GL 3.3 section 2.17) and the check they impose on draws.
 *
 * In:  the current program (its capture layout is in its VS or GS
 *      CSO: program/gl_program.c, cso_create; gl_program_xfb_buffers says
 *      which GL_TRANSFORM_FEEDBACK_BUFFER binding points it writes) and the
 *      vertex part's indexed bindings (buffer, offset, size of
 *      glBindBufferBase/Range).
 * Out: Begin makes one pipe stream output target per binding point the
 *      program writes (the range bound, or the whole buffer, clamped to
 *      the buffer's size at Begin) and binds them with offset 0: every draw
 *      until End appends to them (the pipe keeps each target's internal
 *      offset, so several draws fill the buffer one after the other and a
 *      full buffer stops taking primitives while PRIMITIVES_GENERATED
 *      still counts). End unbinds and releases them. The vertex part is
 *      told (gl_vertex_set_tf_active) so that it refuses to change the
 *      indexed bindings, and the program part refuses glUseProgram and a
 *      relink of the program in use.
 *      When a geometry shader exists, it feeds the targets (the layout
 *      travels in its CSO, gl_program.c) and its output primitive takes the
 *      draw mode's place in the check below (GL 3.2 section 2.15).
 * Errors: a mode other than POINTS, LINES, TRIANGLES is INVALID_ENUM;
 *      Begin while active, without a program or with one that captures
 *      nothing, or with a binding point it writes that has no buffer is
 *      INVALID_OPERATION; End while not active is INVALID_OPERATION; a draw
 *      whose mode (or its geometry shader's output primitive) does not
 *      match Begin's is INVALID_OPERATION (GL 3.0 table 2.9; QUADS,
 *      QUAD_STRIP and POLYGON make triangles).
 * Thread: the context's thread.
 */
#include "frontend-gallium/gl/draw/gl_xfb.h"

#include <stdlib.h>

#include "frontend-gallium/gl/program/gl_program.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"

typedef struct gl_xfb_state {
    bool active;
    GLenum mode; /* GL_POINTS, GL_LINES or GL_TRIANGLES */
    unsigned num_targets;
    struct pipe_stream_output_target *targets[GLV_MAX_TF_BINDINGS]; /* NULL: no storage */
} gl_xfb_state;

static gl_xfb_state *xfb_of(struct gl_context *ctx) { return *gl_draw_xfb_slot(ctx); }

bool gl_xfb_init(struct gl_context *ctx)
{
    *gl_draw_xfb_slot(ctx) = calloc(1, sizeof(gl_xfb_state));
    return *gl_draw_xfb_slot(ctx) != NULL;
}

static void end_capture(struct gl_context *ctx, gl_xfb_state *x)
{
    ctx->pipe->set_stream_output_targets(ctx->pipe, 0, NULL, NULL);
    for (unsigned i = 0; i < x->num_targets; i++)
        pipe_so_target_reference(&x->targets[i], NULL);
    x->num_targets = 0;
    x->active = false;
    gl_vertex_set_tf_active(ctx, false);
}

void gl_xfb_fini(struct gl_context *ctx)
{
    gl_xfb_state *x = xfb_of(ctx);
    if (!x)
        return;
    if (x->active)
        end_capture(ctx, x);
    free(x);
    *gl_draw_xfb_slot(ctx) = NULL;
}

bool gl_xfb_mode_ok(struct gl_context *ctx, GLenum mode)
{
    const gl_xfb_state *x = xfb_of(ctx);
    /* (the vertex part's flag: pixeldraw clears it for its own quads) */
    if (!x->active || !ctx->vertex->tf_active)
        return true;
    /* GL 3.2 section 2.15: with a geometry shader its output primitive
     * must match Begin's mode, whatever the draw's mode (the draw's fits
     * the GS input, which gl_draw.c checks first) */
    int gs_out = gl_program_gs_output_type(ctx);
    if (gs_out >= 0)
        mode = (GLenum)gs_out;
    bool ok;
    switch (x->mode) {
    case GL_POINTS: ok = mode == GL_POINTS; break;
    case GL_LINES: ok = mode == GL_LINES || mode == GL_LINE_LOOP || mode == GL_LINE_STRIP; break;
    default:
        ok = mode == GL_TRIANGLES || mode == GL_TRIANGLE_STRIP || mode == GL_TRIANGLE_FAN ||
             mode == GL_QUADS || mode == GL_QUAD_STRIP || mode == GL_POLYGON;
        break;
    }
    if (!ok)
        gl_error(ctx, GL_INVALID_OPERATION);
    return ok;
}

void swrgl_BeginTransformFeedback(struct gl_context *ctx, GLenum primitiveMode)
{
    gl_xfb_state *x = xfb_of(ctx);
    /* the order of the checks is Mesa's (the spec gives none) */
    if (!gl_program_in_use(ctx)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (primitiveMode != GL_POINTS && primitiveMode != GL_LINES && primitiveMode != GL_TRIANGLES) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    unsigned n = gl_program_xfb_buffers(ctx);
    if (x->active || n == 0 || n > GLV_MAX_TF_BINDINGS) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    for (unsigned i = 0; i < n; i++)
        if (!gl_vertex_indexed_binding(ctx, GL_TRANSFORM_FEEDBACK_BUFFER, i)->buffer) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
    unsigned offsets[GLV_MAX_TF_BINDINGS] = {0};
    for (unsigned i = 0; i < n; i++) {
        const gl_indexed_binding *b = gl_vertex_indexed_binding(ctx, GL_TRANSFORM_FEEDBACK_BUFFER, i);
        GLsizeiptr size = b->buffer->size, start = b->offset;
        if (start > size)
            start = size;
        GLsizeiptr len = size - start;
        if (b->range && b->size < len)
            len = b->size;
        x->targets[i] = b->buffer->res && len > 0
                            ? ctx->pipe->create_stream_output_target(ctx->pipe, b->buffer->res,
                                                                     (unsigned)start, (unsigned)len)
                            : NULL;
    }
    x->num_targets = n;
    ctx->pipe->set_stream_output_targets(ctx->pipe, n, x->targets, offsets);
    x->mode = primitiveMode;
    x->active = true;
    gl_vertex_set_tf_active(ctx, true);
}

void swrgl_EndTransformFeedback(struct gl_context *ctx)
{
    gl_xfb_state *x = xfb_of(ctx);
    if (!x->active) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    end_capture(ctx, x);
}
