/*
 * gl_common.h: what every part of the GL frontend shares: the context object
 * (struct gl_context), the error flag, the values glGet* reports (gl_value),
 * glEnable's operations and the hooks a part gives the context part.
 *
 * struct gl_context holds what the window system asked for (gl_context_desc),
 * the pipe context, the share group, and one pointer per part to that part's
 * state. The state types belong to the parts and are named here only: a part
 * reads another part's state through that part's header, which it can
 * include only when it may call that part (context/gl_context.h lists the
 * parts and whom each may call; the build refuses any other include). A
 * part's init hook makes its state and its fini hook frees it.
 *
 * This part includes nothing of the other parts (only the generated GL API
 * and the pipe interface every part calls through ctx->pipe); every part
 * includes it. gl_common.c defines gl_error, the calling thread's current
 * context and swrgl_unimplemented (the report of the generated weak stubs);
 * the generated gl_entry.c (the exported gl* entry points, the stubs and
 * the GetProcAddress table) is built with it.
 * May call: nothing.
 */
#ifndef GL_COMMON_H
#define GL_COMMON_H

#include <stdbool.h>
#include <stdint.h>

#include <stddef.h>

#include "gl_impl.h" /* generated: GL types, enums, swrgl_* prototypes */
#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/gallium/p_screen.h"

struct gl_shared;

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
    /* Asked for with the GL 3.x context attributes (GLX_ARB_create_context,
     * OSMesaCreateContextAttribs): the core profile (false: compatibility;
     * gl_context_create keeps it only from 3.2 on, where profiles exist)
     * and GL_CONTEXT_FLAGS bits (GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT,
     * GL_CONTEXT_FLAG_DEBUG_BIT). A window system checks major/minor and
     * these with gl_context_version_check (context/gl_context.h) first. */
    bool core_profile;
    int context_flags;
    /* KHR_context_flush_control: true when the window system releases the
     * context without flushing it (GL_CONTEXT_RELEASE_BEHAVIOR GL_NONE);
     * false, the default: GL_CONTEXT_RELEASE_BEHAVIOR_FLUSH. */
    bool release_none;
} gl_context_desc;

struct gl_context {
    struct pipe_screen *screen;
    struct pipe_context *pipe;
    gl_context_desc desc;
    GLenum error; /* first error since the last glGetError, GL_NO_ERROR if none */
    char renderer[96];
    char version[48];
    char glsl_version[16]; /* GL_SHADING_LANGUAGE_VERSION */
    struct gl_shared *shared; /* the share group (tables of shared objects) */
    bool shared_last;         /* set while destroying: the group's last context */

    /* The check every generated entry point makes first (gen_gl_api.py,
     * "display lists and immediate mode"): zero in the common case, so a
     * command costs one test of it. SWRGL_HOOK_LIST: a display list is
     * being compiled (dlist/): listable commands call list_record, which
     * returns where to copy the command's arguments (NULL when out of
     * memory, error recorded); SWRGL_HOOK_LIST_ONLY: GL_COMPILE, the
     * recorded command is not executed. SWRGL_HOOK_IMMEDIATE: immediate
     * mode (immediate/) is inside glBegin/glEnd or has vertices batched:
     * every command except the per-vertex ones calls immediate_hook first
     * (inside_ok: the command is allowed between glBegin and glEnd), which
     * flushes the batch, or records GL_INVALID_OPERATION and returns false
     * when the command may not run inside glBegin/glEnd. The parts that own
     * these set them in their init. */
    unsigned hook_bits;
    uint8_t *(*list_record)(struct gl_context *ctx, unsigned op, size_t bytes);
    bool (*immediate_hook)(struct gl_context *ctx, bool inside_ok);

    /* Each part's state (see above); NULL before its init and after its fini. */
    struct gl_pixels_state *pixels;   /* pixels/gl_pixels.h: glPixelStore */
    struct gl_vertex_state *vertex;   /* vertex/gl_vertex.h */
    struct gl_draw_state *draw;       /* draw/gl_draw.c */
    struct gl_raster_state *raster;   /* raster/gl_raster.h */
    struct gl_program_state *program; /* program/gl_program.c */
    struct gl_texture_state *texture; /* texture/gl_texture_priv.h */
    struct gl_framebuffer_state *fb;  /* framebuffer/gl_framebuffer.c */

    /* Bit k: swrgl_unimplemented already reported command k (gl_common.c). */
    uint8_t unimplemented_reported[(SWRGL_IMPL_COUNT + 7) / 8];
    struct gl_fixed_state *fixed;     /* fixed/gl_fixed_priv.h: fixed-function state */
    struct gl_immediate_state *immediate; /* immediate/gl_immediate.c */
    struct gl_dlist_state *dlist;         /* dlist/gl_dlist.c */
    struct gl_pixelpath_state *pixelpath; /* pixelpath/gl_pixelpath.h: raster position */
    struct gl_eval_state *eval;           /* eval/gl_eval.h: evaluators */
    struct gl_attrib_state *attrib;       /* attrib/gl_attrib.c: attribute stacks */
    struct gl_pixeldraw_state *pixeldraw; /* pixeldraw/gl_pixeldraw.c: pixel rectangles */
};

enum {
    SWRGL_HOOK_IMMEDIATE = 1u << 0,
    SWRGL_HOOK_LIST = 1u << 1,
    SWRGL_HOOK_LIST_ONLY = 1u << 2,
    /* A core (or forward-compatible) context: the commands the core profile
     * removed record GL_INVALID_OPERATION (gen_gl_api.py); set for the
     * context's life by gl_context_create. */
    SWRGL_HOOK_CORE = 1u << 3,
};

/* Limits that several parts check, set here once. */
#define SWRGL_MAX_VERTEX_ATTRIBS 16 /* generic attributes (vertex arrays, program inputs) */
#define SWRGL_MAX_TEXTURE_UNITS  16 /* GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS */
#define SWRGL_MAX_SAMPLERS       16 /* per program; matches SWRGL_MAX_TEXTURE_UNITS */
#define SWRGL_MAX_DRAW_BUFFERS   8  /* colour attachments and draw buffers */

/* The context has dropped what the core profile removed (GL 3.2 core, or a
 * forward-compatible 3.x context): removed commands and draws without a
 * vertex array object give GL_INVALID_OPERATION. */
static inline bool gl_is_core(const struct gl_context *ctx)
{
    return ctx->desc.core_profile ||
           (ctx->desc.context_flags & 0x1 /* GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT */);
}

/* The highest GLSL #version the context's GL version goes with (each GL
 * spec names its GLSL version): 130 up to GL 3.0, 140 for 3.1, 150 for 3.2, 330 for
 * 3.3. GL_SHADING_LANGUAGE_VERSION reports it and a shader with a higher
 * #version fails to compile (gl_program.c). */
static inline int gl_glsl_version(const struct gl_context *ctx)
{
    const int v = ctx->desc.major * 10 + ctx->desc.minor;
    return v >= 33 ? 330 : v == 32 ? 150 : v == 31 ? 140 : 130;
}

/* Records `err` unless an error is already pending (GL keeps the first). */
void gl_error(struct gl_context *ctx, GLenum err);

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

/* The hooks a part gives gl_context.c, declared in the part's header with
 * GL_PART_HOOKS(part) and defined in its .c files: init makes the part's
 * state (false: out of memory, nothing left to free), fini frees it, get
 * returns false when pname is not one of its pnames. */
#define GL_PART_HOOKS(part)                                                                        \
    bool gl_##part##_init(struct gl_context *ctx);                                                 \
    void gl_##part##_fini(struct gl_context *ctx);                                                 \
    bool gl_##part##_get(struct gl_context *ctx, GLenum pname, gl_value *v);                       \
    int gl_##part##_enable(struct gl_context *ctx, GLenum cap, int op);

#endif /* GL_COMMON_H */
