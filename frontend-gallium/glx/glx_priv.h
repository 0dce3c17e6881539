/*
 * glx_priv.h: the shared state of swr's GLX implementation (GLX 1.4 over
 * Xlib), for the files of frontend-gallium/glx/ only.
 *
 * What it is: the client side of GLX without the server's GLX extension.
 * Rendering happens in this process, into pipe resources swr's GL frontend
 * draws to (gl_context.h); presenting copies the colour buffer into an
 * XImage (shared memory through MIT-SHM when the server has it, a plain
 * XImage otherwise) and puts it on the X drawable. So every GLX object is
 * a client-side record:
 *   - configs (glx_config.c): for TrueColor visuals of depth 24 and 32
 *     of each screen (one visual per config while the server has enough),
 *     single/double buffering times
 *     depth/stencil 0/0, 16/0, 24/0, 24/8 times no accumulation / 16-bit
 *     accumulation. A GLXFBConfig is a pointer into the display's config
 *     array.
 * Not here (future work): separate read drawables (reads come from the
 * draw drawable), storing tiles straight
 * into the shared image, swapping a drawable that another thread has
 * current or with no current context on the calling thread.
 *   - contexts (glx_context.c): a struct glx_context per GLXContext, owning
 *     a gl_context; made current per thread.
 *   - drawables (glx_drawable.c): windows (made on the first MakeCurrent of
 *     an X window, or by glXCreateWindow), GLX pixmaps and pbuffers, each
 *     owning its pipe colour and depth/stencil buffers at the drawable's
 *     size and its presentation image.
 * Errors: the GLX error codes go through Xlib's error handler (glx_error),
 * numbered from the server's GLX extension error base when it has one;
 * bad arguments never crash.
 * Threads: one mutex (glx_lock) guards the display, drawable and context
 * tables; a context is current on one thread at a time (BadAccess
 * otherwise), each thread has its own current context, drawable and
 * display.
 */
#ifndef GLX_PRIV_H
#define GLX_PRIV_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <GL/glxtokens.h>

#include "frontend-gallium/gl/context/gl_context.h"

#define GLX_EXPORT     __attribute__((visibility("default")))
#define GLX_LOG_PREFIX "swr: libGL: "

/* GLX protocol error numbers (GLX 1.4 spec, section 3.4 and
 * GLX_ARB_create_context_profile), added to the extension's error base. */
enum glx_error_code {
    GLX_ERR_BAD_CONTEXT = 0,
    GLX_ERR_BAD_CONTEXT_STATE = 1,
    GLX_ERR_BAD_DRAWABLE = 2,
    GLX_ERR_BAD_PIXMAP = 3,
    GLX_ERR_BAD_CURRENT_WINDOW = 5,
    GLX_ERR_BAD_FBCONFIG = 9,
    GLX_ERR_BAD_PBUFFER = 10,
    GLX_ERR_BAD_CURRENT_DRAWABLE = 11,
    GLX_ERR_BAD_WINDOW = 12,
    GLX_ERR_BAD_PROFILE_ARB = 13,
};

/* Tokens of extensions this library offers that glxtokens.h lacks. */
#define GLX_SWAP_INTERVAL_EXT     0x20F1
#define GLX_MAX_SWAP_INTERVAL_EXT 0x20F2
#define GLX_SAMPLE_BUFFERS_ARB    100000
#define GLX_SAMPLES_ARB           100001
#define GLX_CONTEXT_FLAGS         GLX_CONTEXT_FLAGS_ARB
/* GLX_ARB_context_flush_control */
#define GLX_CONTEXT_RELEASE_BEHAVIOR_ARB       0x2097
#define GLX_CONTEXT_RELEASE_BEHAVIOR_NONE_ARB  0
#define GLX_CONTEXT_RELEASE_BEHAVIOR_FLUSH_ARB 0x2098
/* GLX_MESA_query_renderer */
#define GLX_RENDERER_VENDOR_ID_MESA                            0x8183
#define GLX_RENDERER_DEVICE_ID_MESA                            0x8184
#define GLX_RENDERER_VERSION_MESA                              0x8185
#define GLX_RENDERER_ACCELERATED_MESA                          0x8186
#define GLX_RENDERER_VIDEO_MEMORY_MESA                         0x8187
#define GLX_RENDERER_UNIFIED_MEMORY_ARCHITECTURE_MESA          0x8188
#define GLX_RENDERER_PREFERRED_PROFILE_MESA                    0x8189
#define GLX_RENDERER_OPENGL_CORE_PROFILE_VERSION_MESA          0x818A
#define GLX_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION_MESA 0x818B
#define GLX_RENDERER_OPENGL_ES_PROFILE_VERSION_MESA            0x818C
#define GLX_RENDERER_OPENGL_ES2_PROFILE_VERSION_MESA           0x818D


typedef struct glx_config {
    int id; /* GLX_FBCONFIG_ID: 1-based index in the display's list */
    int screen;
    VisualID visualid;
    int visual_depth; /* 24 or 32 */
    int red, green, blue, alpha;
    int doublebuffer;
    int depth, stencil;
    int accum;  /* bits per accumulation channel (0 or 16) */
    int caveat; /* GLX_NONE or GLX_SLOW_CONFIG (accumulation) */
} glx_config;

/* One X display this library has seen. */
typedef struct glx_display {
    Display *dpy;
    struct glx_display *next;
    glx_config *configs;
    int num_configs;
    int glx_error_base; /* -1: the server has no GLX extension */
    bool has_shm;       /* MIT-SHM present (it may still fail to attach) */
    /* The config each visual stands for in glXGetConfig/glXCreateContext:
     * set by glXChooseVisual / glXGetVisualFromFBConfig, else the visual's
     * default config (double-buffered, depth 24, stencil 8). */
    struct visual_choice {
        VisualID visualid;
        const glx_config *config;
    } * choices;
    int num_choices;
    struct glx_drawable *drawables;
} glx_display;

enum glx_drawable_kind { GLX_KIND_WINDOW, GLX_KIND_PIXMAP, GLX_KIND_PBUFFER };

typedef struct glx_drawable {
    struct glx_drawable *next;
    glx_display *disp;
    enum glx_drawable_kind kind;
    XID xid;           /* the GLXDrawable the client names */
    Drawable x_target; /* the X drawable images are put on (None: pbuffer) */
    bool implicit;     /* made by MakeCurrent on a plain window */
    bool destroyed;    /* glXDestroy* while current: freed when released */
    int refs;          /* contexts this drawable is current for */
    const glx_config *config;
    unsigned width, height;
    int swap_interval;
    unsigned long event_mask;
    enum pipe_format color_format;
    struct pipe_resource *color, *zs;
    /* presentation */
    GC gc;
    XImage *image;
    XShmSegmentInfo shm;
    bool image_shm;
    bool shm_failed;   /* attaching failed once: XPutImage from now on */
    bool holds_screen; /* the buffers hold a reference on the pipe screen */
    Visual *visual;
} glx_drawable;

struct __GLXcontextRec {
    struct __GLXcontextRec *next;
    glx_display *disp;
    const glx_config *config;
    struct gl_context *gl;
    struct __GLXcontextRec *share;
    int render_type;
    bool direct;
    bool destroyed;  /* glXDestroyContext while current: freed at release */
    pthread_t owner; /* valid while current */
    bool is_current;
    glx_drawable *draw, *read;
    bool had_window; /* the GL window framebuffer holds a drawable's buffers */
};
typedef struct __GLXcontextRec glx_context;

extern pthread_mutex_t glx_lock;
extern glx_context *glx_contexts; /* every live context (glx_lock) */

/* glx_config.c */
glx_display *glx_display_get(Display *dpy); /* NULL on a bad display; takes glx_lock itself */
const glx_config *glx_config_check(glx_display *d, const void *config);
const glx_config *glx_visual_config(glx_display *d, const XVisualInfo *vis);
int glx_config_attrib(const glx_config *c, int attribute,
                      int *value); /* Success or GLX_BAD_ATTRIBUTE */
bool glx_visual_supported(Display *dpy, VisualID id, int screen, int *depth);

/* glx_drawable.c (callers hold glx_lock unless noted) */
glx_drawable *glx_drawable_find(glx_display *d, XID xid);
glx_drawable *glx_drawable_for_current(glx_display *d, XID xid, const glx_config *cfg, int *err);
void glx_drawable_unref(glx_drawable *dr);
/* Re-reads a window's size; true when the buffers were re-created. */
bool glx_drawable_update_size(glx_drawable *dr, struct pipe_screen *s);
bool glx_drawable_make_buffers(glx_drawable *dr, struct pipe_screen *s);
/* Copies the colour buffer to the X drawable (the rendering is finished). */
void glx_drawable_present(glx_drawable *dr, struct gl_context *gl);
/* The same for a rectangle in GL window coordinates (glXCopySubBufferMESA). */
void glx_drawable_present_rect(glx_drawable *dr, struct gl_context *gl, int x, int y, int w, int h);
void glx_drawable_free(glx_drawable *dr, bool x_alive);
void glx_display_forget(glx_display *d); /* at XCloseDisplay: contexts let go of it */

/* glx_context.c */
void glx_error(Display *dpy, glx_display *d, int glx_code, int x_code, XID resource);
/* Traps X errors of the calling thread's requests between begin and end;
 * end returns the error code (Success if none) after XSync. */
void glx_trap_begin(void);
int glx_trap_end(Display *dpy);

#endif /* GLX_PRIV_H */
