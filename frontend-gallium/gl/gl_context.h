/*
 * gl_context.h: one OpenGL context of swr's GL frontend, and the contract
 * between the parts of the frontend.
 *
 * The frontend is cut into parts, one file pair each, that own their state
 * and their GL entry points (swrgl_<Name>, prototypes generated into
 * gl_impl.h from gl.xml; a command without an implementation falls back to
 * a generated weak stub that records GL_INVALID_OPERATION):
 *
 *   gl_context   context life, errors, glGet* conversion, glEnable
 *                dispatch, strings, flush/finish, draw-time validation
 *   gl_vertex    buffer objects, VAOs, vertex attributes, draws
 *   gl_raster    rasterizer and per-fragment state (viewport, depth range,
 *                scissor, blend, depth, stencil, masks, polygon state,
 *                points, lines, clip distances, logic op), clears, queries
 *   gl_texture   texture objects, images, parameters, mipmaps, sampling
 *   gl_framebuffer  window framebuffer, FBOs, renderbuffers, draw/read
 *                buffers, glReadPixels, glBlitFramebuffer
 *   gl_program   shaders, programs, uniforms, attribute locations (GLSL
 *                through frontend-gallium/glsl)
 *   gl_pixels    client pixel formats <-> pipe formats (pixel store state)
 *
 * Every part implements init/fini and, where it has any, validate (push
 * changed state to the pipe context before a draw), get (glGet* of its
 * pnames) and enable (glEnable/glDisable/glIsEnabled of its caps).
 *
 * Conventions for every part:
 * - Images are stored bottom-up the way GL numbers them: row 0 of every
 *   pipe resource (window buffer, texture, renderbuffer) is GL's y = 0 (or
 *   t = 0). Nothing is flipped, so the GL viewport is the pipe viewport, and
 *   gl_FragCoord.y equals the row + 0.5 (the pipe's "upper left" origin).
 * - Errors: gl_error(ctx, GL_INVALID_ENUM) records the first error only, as
 *   GL specifies; a command that raises an error has no other effect.
 * - Thread: a context is used by the thread it is current on only. Contexts
 *   of one share group (gl_context_desc.share) may be current on different
 *   threads at once: the objects they share are guarded as gl_objects.h
 *   describes, and everything bound to a pipe context (shader CSOs, sampler
 *   views and states) is kept per context.
 */
#ifndef GL_CONTEXT_H
#define GL_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "gl_impl.h" /* generated: GL types, enums, swrgl_* prototypes */

#include "frontend-gallium/gl/gl_framebuffer.h"
#include "frontend-gallium/gl/gl_objects.h"
#include "frontend-gallium/gl/gl_pixels.h"
#include "frontend-gallium/gl/gl_program.h"
#include "frontend-gallium/gl/gl_raster.h"
#include "frontend-gallium/gl/gl_texture.h"
#include "frontend-gallium/gl/gl_vertex.h"
#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/gallium/p_screen.h"

/* What a window system (OSMesa, GLX) asks for when it makes a context. */
typedef struct gl_context_desc {
    struct pipe_screen *screen; /* not owned; outlives the context */
    int major, minor;           /* requested version; 0 = highest available */
    /* Called by glFlush/glFinish (and by the window system itself) after the
     * window framebuffer's rendering is complete in its pipe resources, so
     * that the window system can copy it out. May be NULL. */
    void (*flush_front)(void *user);
    void *user;
    /* Share buffers, textures, renderbuffers, shaders and programs with this
     * context (and its group); NULL: a new group. */
    struct gl_context *share;
    /* > 0: the window framebuffer has an accumulation buffer (swr stores
     * GL_FB_ACCUM_BITS per channel whatever is asked, as Mesa does). */
    int accum_bits;
} gl_context_desc;

struct gl_context {
    struct pipe_screen *screen;
    struct pipe_context *pipe;
    gl_context_desc desc;
    GLenum error; /* first error since the last glGetError, GL_NO_ERROR if none */
    char renderer[96];
    char version[32];
    gl_shared *shared;  /* the share group (tables of shared objects) */
    bool shared_last;   /* set while destroying: the group's last context */

    gl_vertex_state vertex;
    gl_raster_state raster;
    gl_texture_state texture;
    gl_framebuffer_state fb;
    gl_program_state program;
    gl_pixel_state pixels; /* glPixelStore: pack and unpack */
};

/* Creates a context with its own pipe context; NULL when out of memory. */
struct gl_context *gl_context_create(const gl_context_desc *desc);
/* Finishes outstanding rendering and frees everything; the context must not
 * be current on another thread. If it is current on this thread it stops
 * being current. */
void gl_context_destroy(struct gl_context *ctx);
/* Makes ctx (or NULL) current on the calling thread. */
void gl_context_make_current(struct gl_context *ctx);
static inline struct gl_context *gl_context_current(void) { return swrgl_current_ctx; }

/* Records `err` unless an error is already pending (GL keeps the first). */
void gl_error(struct gl_context *ctx, GLenum err);

/* Makes the pipe state match the GL state before a draw or a clear: the
 * framebuffer, rasterizer/fragment state, the program and its constants,
 * the textures its samplers use. False (with the GL error recorded, e.g.
 * GL_INVALID_FRAMEBUFFER_OPERATION or GL_INVALID_OPERATION) when the draw
 * must be skipped. The caller (gl_vertex) then sets vertex state. */
bool gl_context_validate(struct gl_context *ctx);

/* Flushes the pipe context and, when the window framebuffer is bound for
 * drawing, calls desc.flush_front; `finish` waits for the rendering. */
void gl_context_flush(struct gl_context *ctx, bool finish);

/* ---- glGet* ------------------------------------------------------------ */

typedef enum gl_value_type {
    GL_VALUE_INT,     /* i[] */
    GL_VALUE_INT64,   /* i64[] */
    GL_VALUE_FLOAT,   /* f[] */
    GL_VALUE_DOUBLE,  /* d[] */
    GL_VALUE_BOOLEAN, /* b[] */
} gl_value_type;

#define GL_VALUE_MAX 16
/* A state value as a part reports it; gl_context converts it to the type
 * glGet{Integer,Integer64,Float,Double,Boolean}v asked for with the rules
 * of the GL spec (section 6.1.2): `normalized` marks colours, depth range
 * and clear depth, whose float -> int conversion maps [-1,1] linearly to
 * the integer range instead of rounding. */
typedef struct gl_value {
    gl_value_type type;
    unsigned count;
    bool normalized;
    union {
        GLint i[GL_VALUE_MAX];
        GLint64 i64[GL_VALUE_MAX];
        GLfloat f[GL_VALUE_MAX];
        GLdouble d[GL_VALUE_MAX];
        GLboolean b[GL_VALUE_MAX];
    };
} gl_value;

static inline void gl_value_int(gl_value *v, GLint x)
{
    v->type = GL_VALUE_INT;
    v->count = 1;
    v->i[0] = x;
}
static inline void gl_value_float(gl_value *v, GLfloat x)
{
    v->type = GL_VALUE_FLOAT;
    v->count = 1;
    v->f[0] = x;
}
static inline void gl_value_bool(gl_value *v, bool x)
{
    v->type = GL_VALUE_BOOLEAN;
    v->count = 1;
    v->b[0] = x ? GL_TRUE : GL_FALSE;
}

/* glEnable/glDisable/glIsEnabled dispatch: a part's enable function gets
 * GL_ENABLE_OP_ON, _OFF or _QUERY and returns -1 when `cap` is not one of
 * its caps, else the cap's state after the call (0 or 1). */
enum { GL_ENABLE_OP_OFF = 0, GL_ENABLE_OP_ON = 1, GL_ENABLE_OP_QUERY = 2 };

/* Each part's hooks (defined in the part's .c file). get returns false when
 * pname is not one of its pnames. */
#define GL_PART_HOOKS(part)                                                                \
    bool gl_##part##_init(struct gl_context *ctx);                                         \
    void gl_##part##_fini(struct gl_context *ctx);                                         \
    bool gl_##part##_get(struct gl_context *ctx, GLenum pname, gl_value *v);               \
    int gl_##part##_enable(struct gl_context *ctx, GLenum cap, int op);
GL_PART_HOOKS(vertex)
GL_PART_HOOKS(raster)
GL_PART_HOOKS(texture)
GL_PART_HOOKS(framebuffer)
GL_PART_HOOKS(program)
GL_PART_HOOKS(pixels)
#undef GL_PART_HOOKS

/* Draw-time validation hooks, called by gl_context_validate in this order. */
bool gl_framebuffer_validate(struct gl_context *ctx);
bool gl_raster_validate(struct gl_context *ctx);
bool gl_program_validate(struct gl_context *ctx);
bool gl_texture_validate(struct gl_context *ctx);

#endif /* GL_CONTEXT_H */
