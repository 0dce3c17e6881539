/*
 * glx_context.c: GLX contexts, making them current, presentation calls,
 * the strings, extensions and glXGetProcAddress of swr's GLX.
 *
 * A context (struct __GLXcontextRec) owns a gl_context made through
 * gl_context.h with this file's flush_front: glFlush/glFinish on a
 * single-buffered drawable, a GLX pixmap, or a double-buffered window
 * drawn with glDrawBuffer(GL_FRONT*) puts the colour buffer on the X
 * drawable. glXSwapBuffers finishes the rendering and presents.
 * MakeCurrent checks the drawable's size (windows follow their X window)
 * and hands the drawable's buffers to the GL context's window framebuffer.
 * GLX allows different draw and read drawables; swr's window framebuffer
 * has one buffer set, so glXMakeContextCurrent reads from the draw
 * drawable (the read drawable is only recorded and reported). A GL 3.0 or
 * later context may be made current with no drawables (no default
 * framebuffer). A context destroyed while current stays usable on its
 * thread until released.
 *
 * Extensions served here beyond context creation: GLX_ARB_context_flush_control
 * (release without the implicit flush) and GLX_MESA_query_renderer (the
 * one renderer's fixed values: see renderer_integer).
 *
 * Versions: glXCreateContext makes 2.1 compatibility contexts;
 * glXCreateContextAttribsARB core and compatibility contexts up to what
 * gl_context_version_check (gl/context) allows, 3.3. It gives BadMatch for
 * versions GL never had or forward-compatible < 3.0, GLXBadProfileARB for
 * an unknown profile mask (or the ES profile), GLXBadFBConfig for a valid
 * version swr lacks, as GLX_ARB_create_context(_profile) says.
 *
 * The driver: GALLIUM_DRIVER unset or "swr" selects swr; anything else is
 * reported once on stderr (this library has only swr). The first context
 * prints one line naming swr and the instruction set unless KNOB_QUIET
 * is set. One pipe_screen serves the process (swr_screen_acquire, shared with
 * libOSMesa's code in the pipe driver); contexts and drawables with buffers
 * hold references on it.
 *
 * Errors go to Xlib's error handler as X errors (glx_error). Threads: the
 * calling thread's current context, drawables and display are
 * thread-local; glx_lock guards the context list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <X11/Xlibint.h>

#include "knobs/knobs.h"
#include "swr_version.h"
#include "frontend-gallium/pipe/swr_public.h"

#include "glx_priv.h"

glx_context *glx_contexts;

static _Thread_local glx_context *current;
static _Thread_local Display *current_dpy;

static bool banner_printed; /* the start-up line (print_banner) */

/* ---- X errors -------------------------------------------------------------- */

void glx_error(Display *dpy, glx_display *d, int glx_code, int x_code, XID resource)
{
    if (!dpy)
        return;
    int code = x_code;
    if (glx_code >= 0) {
        if (!d || d->glx_error_base < 0) {
            fprintf(stderr,
                    GLX_LOG_PREFIX "GLX error %d (the server has no GLX extension to "
                                   "number it)\n",
                    glx_code);
            return;
        }
        code = d->glx_error_base + glx_code;
    }
    xError err;
    memset(&err, 0, sizeof err);
    LockDisplay(dpy);
    err.type = X_Error;
    err.errorCode = (CARD8)code;
    err.sequenceNumber = (CARD16)dpy->request;
    err.resourceID = (CARD32)resource;
    err.majorCode = 0;
    err.minorCode = 0;
    _XError(dpy, &err);
    UnlockDisplay(dpy);
}

static pthread_mutex_t trap_lock = PTHREAD_MUTEX_INITIALIZER;
static int trapped_error;
static int (*saved_handler)(Display *, XErrorEvent *);

static pthread_t trapping_thread;

/* Xlib's error handler is process-wide: errors of other threads while a
 * trap is set go on to the application's handler. */
static int trap_handler(Display *dpy, XErrorEvent *ev)
{
    if (!pthread_equal(pthread_self(), trapping_thread))
        return saved_handler ? saved_handler(dpy, ev) : 0;
    if (!trapped_error)
        trapped_error = ev->error_code;
    return 0;
}

void glx_trap_begin(void)
{
    pthread_mutex_lock(&trap_lock);
    trapped_error = Success;
    trapping_thread = pthread_self();
    saved_handler = XSetErrorHandler(trap_handler);
}

int glx_trap_end(Display *dpy)
{
    XSync(dpy, False);
    int e = trapped_error;
    XSetErrorHandler(saved_handler);
    pthread_mutex_unlock(&trap_lock);
    return e;
}

/* ---- contexts ------------------------------------------------------------- */

static bool context_live(const glx_context *c)
{
    for (glx_context *p = glx_contexts; p; p = p->next)
        if (p == c)
            return true;
    return false;
}

static bool draws_front(struct gl_context *gl)
{
    GLint buf = GL_BACK;
    swrgl_GetIntegerv(gl, GL_DRAW_BUFFER, &buf);
    return buf == GL_FRONT || buf == GL_FRONT_LEFT || buf == GL_FRONT_AND_BACK || buf == GL_LEFT;
}

/* gl_context_desc.flush_front: glFlush/glFinish finished the window
 * framebuffer's rendering. */
static void flush_front(void *user)
{
    glx_context *c = user;
    if (c->destroyed || !c->draw || !c->gl)
        return;
    glx_drawable *dr = c->draw;
    if (dr->kind == GLX_KIND_PIXMAP || !c->config->doublebuffer || draws_front(c->gl))
        glx_drawable_present(dr, c->gl);
}

static void print_banner(struct gl_context *gl)
{
    if (banner_printed || KNOB_QUIET)
        return;
    banner_printed = true;
    const GLubyte *r = NULL;
    struct gl_context *prev = gl_context_current();
    gl_context_make_current(gl);
    r = swrgl_GetString(gl, GL_RENDERER);
    gl_context_make_current(prev);
    /* e.g. "swr: libGL: using swr (AVX2, 2 threads)" */
    fprintf(stderr, GLX_LOG_PREFIX "using %s\n", r ? (const char *)r : "swr (AVX2)");
}

static glx_context *create_context_ex(Display *dpy, glx_display *d, const glx_config *cfg,
                                      glx_context *share, bool direct, int render_type,
                                      int major, int minor, bool core, int flags,
                                      bool release_none)
{
    if (share) {
        pthread_mutex_lock(&glx_lock);
        bool ok = context_live(share) && !share->destroyed;
        pthread_mutex_unlock(&glx_lock);
        if (!ok) {
            glx_error(dpy, d, GLX_ERR_BAD_CONTEXT, 0, 0);
            return NULL;
        }
    }
    glx_context *c = calloc(1, sizeof *c);
    if (!c) {
        glx_error(dpy, d, -1, BadAlloc, 0);
        return NULL;
    }
    struct pipe_screen *s = swr_screen_acquire("libGL");
    if (!s) {
        free(c);
        glx_error(dpy, d, -1, BadAlloc, 0);
        return NULL;
    }
    c->disp = d;
    c->config = cfg;
    c->direct = direct;
    c->render_type = render_type;
    c->share = share;
    gl_context_desc desc = {
        .screen = s,
        .major = major,
        .minor = minor,
        .flush_front = flush_front,
        .user = c,
        .share = share ? share->gl : NULL,
        .accum_bits = cfg->accum,
        .core_profile = core,
        .context_flags = flags, /* GLX's bits are GL's: 1 forward-compatible, 2 debug */
        .release_none = release_none,
    };
    c->gl = gl_context_create(&desc);
    if (!c->gl) {
        free(c);
        swr_screen_release();
        glx_error(dpy, d, -1, BadAlloc, 0);
        return NULL;
    }
    print_banner(c->gl);
    pthread_mutex_lock(&glx_lock);
    c->next = glx_contexts;
    glx_contexts = c;
    pthread_mutex_unlock(&glx_lock);
    return c;
}

static glx_context *create_context(Display *dpy, glx_display *d, const glx_config *cfg,
                                   glx_context *share, bool direct, int render_type, int major,
                                   int minor)
{
    return create_context_ex(dpy, d, cfg, share, direct, render_type, major, minor, false, 0,
                             false);
}

GLX_EXPORT glx_context *glXCreateContext(Display *dpy, XVisualInfo *vis, glx_context *share,
                                         Bool direct)
{
    glx_display *d = glx_display_get(dpy);
    if (!d)
        return NULL;
    const glx_config *cfg = vis && glx_visual_supported(dpy, vis->visualid, vis->screen, NULL)
                                ? glx_visual_config(d, vis)
                                : NULL;
    if (!cfg) {
        glx_error(dpy, d, -1, BadValue, vis ? vis->visualid : 0);
        return NULL;
    }
    return create_context(dpy, d, cfg, share, direct, GLX_RGBA_TYPE, 0, 0);
}

GLX_EXPORT glx_context *glXCreateNewContext(Display *dpy, void *config, int render_type,
                                            glx_context *share, Bool direct)
{
    glx_display *d = glx_display_get(dpy);
    if (!d)
        return NULL;
    const glx_config *cfg = glx_config_check(d, config);
    if (!cfg) {
        glx_error(dpy, d, GLX_ERR_BAD_FBCONFIG, 0, 0);
        return NULL;
    }
    if (render_type != GLX_RGBA_TYPE) {
        glx_error(dpy, d, -1, BadValue, 0); /* colour index: no such configs */
        return NULL;
    }
    return create_context(dpy, d, cfg, share, direct, render_type, 0, 0);
}

GLX_EXPORT glx_context *glXCreateContextAttribsARB(Display *dpy, void *config, glx_context *share,
                                                   Bool direct, const int *attribs)
{
    glx_display *d = glx_display_get(dpy);
    if (!d)
        return NULL;
    int major = 1, minor = 0, flags = 0, profile = GLX_CONTEXT_CORE_PROFILE_BIT_ARB;
    int render_type = GLX_RGBA_TYPE;
    bool profile_given = false, release_none = false;
    for (int i = 0; attribs && attribs[i] != None; i += 2) {
        const int v = attribs[i + 1];
        switch (attribs[i]) {
        case GLX_CONTEXT_MAJOR_VERSION_ARB:
            major = v;
            break;
        case GLX_CONTEXT_MINOR_VERSION_ARB:
            minor = v;
            break;
        case GLX_CONTEXT_FLAGS_ARB:
            flags = v;
            break;
        case GLX_CONTEXT_PROFILE_MASK_ARB:
            profile = v;
            profile_given = true;
            break;
        case GLX_RENDER_TYPE:
            render_type = v;
            break;
        case GLX_CONTEXT_RELEASE_BEHAVIOR_ARB: /* GLX_ARB_context_flush_control */
            if (v != GLX_CONTEXT_RELEASE_BEHAVIOR_NONE_ARB &&
                v != GLX_CONTEXT_RELEASE_BEHAVIOR_FLUSH_ARB) {
                glx_error(dpy, d, -1, BadValue, 0);
                return NULL;
            }
            release_none = v == GLX_CONTEXT_RELEASE_BEHAVIOR_NONE_ARB;
            break;
        case GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB:
            if (v != GLX_NO_RESET_NOTIFICATION_ARB && v != GLX_LOSE_CONTEXT_ON_RESET_ARB) {
                glx_error(dpy, d, -1, BadValue, 0);
                return NULL;
            }
            break;
        default:
            glx_error(dpy, d, -1, BadValue, 0);
            return NULL;
        }
    }
    const glx_config *cfg = glx_config_check(d, config);
    if (!cfg) {
        glx_error(dpy, d, GLX_ERR_BAD_FBCONFIG, 0, 0);
        return NULL;
    }
    const int known_flags = GLX_CONTEXT_DEBUG_BIT_ARB | GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB |
                            GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB;
    if ((flags & ~known_flags) ||
        (render_type != GLX_RGBA_TYPE && render_type != GLX_COLOR_INDEX_TYPE)) {
        glx_error(dpy, d, -1, BadValue, 0);
        return NULL;
    }
    /* A known render type the config lacks (swr's configs are RGBA only;
     * GL 3.0 and later have no colour index rendering at all): the version
     * and feature set asked for are not defined, BadMatch. */
    if (render_type == GLX_COLOR_INDEX_TYPE) {
        glx_error(dpy, d, -1, BadMatch, 0);
        return NULL;
    }
    const bool versioned_profile = major > 3 || (major == 3 && minor >= 2);
    const bool core = versioned_profile && (profile & GLX_CONTEXT_CORE_PROFILE_BIT_ARB);
    const gl_version_status vs = gl_context_version_check(
        major, minor, core, (flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB) != 0);
    if (vs == GL_VERSION_NONEXISTENT || major < 1) {
        glx_error(dpy, d, -1, BadMatch, 0);
        return NULL;
    }
    /* The profile selects the context's features from GL 3.2 on only, but
     * a mask that names no profile, several, or unknown bits is rejected
     * whatever the version (GLX_ARB_create_context_profile's error list
     * does not depend on the version). */
    if (profile_given &&
        (profile & ~(GLX_CONTEXT_CORE_PROFILE_BIT_ARB | GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB |
                     GLX_CONTEXT_ES2_PROFILE_BIT_EXT) ||
         __builtin_popcount((unsigned)profile) != 1)) {
        glx_error(dpy, d, GLX_ERR_BAD_PROFILE_ARB, 0, 0);
        return NULL;
    }
    if (profile_given && (profile & GLX_CONTEXT_ES2_PROFILE_BIT_EXT)) {
        glx_error(dpy, d, GLX_ERR_BAD_PROFILE_ARB, 0, 0); /* no ES contexts */
        return NULL;
    }
    if (vs == GL_VERSION_UNSUPPORTED) {
        glx_error(dpy, d, GLX_ERR_BAD_FBCONFIG, 0, 0);
        return NULL;
    }
    /* GL 1.0 (the default) is a 2.1 compatibility context whatever the
     * profile mask says, as before the profiles existed. */
    return create_context_ex(dpy, d, cfg, share, direct, render_type, major, minor, core,
                             flags & (GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB |
                                      GLX_CONTEXT_DEBUG_BIT_ARB),
                             release_none);
}

/* Frees a context that is current nowhere. */
static void free_context(glx_context *c)
{
    gl_context_destroy(c->gl);
    free(c);
    swr_screen_release();
}

GLX_EXPORT void glXDestroyContext(Display *dpy, glx_context *c)
{
    glx_display *d = glx_display_get(dpy);
    pthread_mutex_lock(&glx_lock);
    /* A context destroyed while current on this thread stays usable by
     * this thread until released (GLX 1.4 section 3.3.7): destroying it
     * again, or making it current again, is no error. */
    if (!c || !context_live(c) || (c->destroyed && c != current)) {
        pthread_mutex_unlock(&glx_lock);
        glx_error(dpy, d, GLX_ERR_BAD_CONTEXT, 0, 0);
        return;
    }
    if (c->is_current && !pthread_equal(c->owner, pthread_self())) {
        c->destroyed = true; /* freed when its thread releases it */
        pthread_mutex_unlock(&glx_lock);
        return;
    }
    if (c->is_current) {
        /* GLX: destroyed when no longer current; keep it until then. */
        c->destroyed = true;
        pthread_mutex_unlock(&glx_lock);
        return;
    }
    for (glx_context **p = &glx_contexts; *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    pthread_mutex_unlock(&glx_lock);
    free_context(c);
}

/* Releases the thread's current context (glx_lock held). Returns a
 * context to free after unlocking, if it was destroyed while current. */
static glx_context *release_current(void)
{
    glx_context *c = current;
    if (!c)
        return NULL;
    /* single-buffered and pixmap drawables get their image, unless the
     * context was made with GLX_CONTEXT_RELEASE_BEHAVIOR_NONE_ARB */
    if (!c->gl->desc.release_none)
        gl_context_flush(c->gl, false);
    gl_context_make_current(NULL);
    glx_drawable_unref(c->draw);
    if (c->read != c->draw)
        glx_drawable_unref(c->read);
    c->draw = c->read = NULL;
    c->is_current = false;
    current = NULL;
    current_dpy = NULL;
    if (!c->destroyed)
        return NULL;
    for (glx_context **p = &glx_contexts; *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    return c;
}

static Bool make_current(Display *dpy, XID draw, XID read, glx_context *c)
{
    glx_display *d = glx_display_get(dpy);
    if (!d)
        return False;
    if (!c) {
        if (draw != None || read != None) {
            glx_error(dpy, d, -1, BadMatch, 0);
            return False;
        }
        pthread_mutex_lock(&glx_lock);
        glx_context *dead = release_current();
        pthread_mutex_unlock(&glx_lock);
        if (dead)
            free_context(dead);
        return True;
    }
    pthread_mutex_lock(&glx_lock);
    if (!context_live(c) || (c->destroyed && c != current)) {
        pthread_mutex_unlock(&glx_lock);
        glx_error(dpy, d, GLX_ERR_BAD_CONTEXT, 0, 0);
        return False;
    }
    if (c->is_current && !pthread_equal(c->owner, pthread_self())) {
        pthread_mutex_unlock(&glx_lock);
        glx_error(dpy, d, -1, BadAccess, 0);
        return False;
    }
    /* GLX_ARB_create_context: a context of GL 3.0 or later may be made
     * current with no drawables at all; it then has no default framebuffer
     * (framebuffer 0 has no buffers and is incomplete). */
    if (draw == None && read == None && c->gl->desc.major >= 3) {
        glx_context *dead = NULL;
        if (current && current != c) {
            dead = release_current();
        } else if (current == c) {
            glx_drawable_unref(c->draw);
            if (c->read != c->draw)
                glx_drawable_unref(c->read);
        }
        c->draw = c->read = NULL;
        c->is_current = true;
        c->owner = pthread_self();
        current = c;
        current_dpy = dpy;
        gl_context_make_current(c->gl);
        if (c->had_window) /* let go of the last drawable's buffers */
            gl_framebuffer_set_window(c->gl, NULL, NULL, 0, 0);
        c->had_window = false;
        pthread_mutex_unlock(&glx_lock);
        if (dead)
            free_context(dead);
        return True;
    }
    if (draw == None || read == None) {
        pthread_mutex_unlock(&glx_lock);
        glx_error(dpy, d, -1, BadMatch, 0);
        return False;
    }
    int err = 0;
    glx_drawable *dr = glx_drawable_for_current(d, draw, c->config, &err);
    glx_drawable *rd = dr && read != draw ? glx_drawable_for_current(d, read, c->config, &err) : dr;
    if (!dr || !rd) {
        pthread_mutex_unlock(&glx_lock);
        if (err < 0)
            glx_error(dpy, d, -err, 0, dr ? read : draw);
        else
            glx_error(dpy, d, -1, err ? err : BadAlloc, dr ? read : draw);
        return False;
    }
    /* Take the new drawables before letting go of the old ones (they may be
     * the same). */
    dr->refs++;
    if (rd != dr)
        rd->refs++;
    glx_context *dead = NULL;
    if (current && current != c) {
        dead = release_current();
    } else if (current == c) {
        glx_drawable_unref(c->draw);
        if (c->read != c->draw)
            glx_drawable_unref(c->read);
    }
    glx_drawable_update_size(dr, c->gl->screen);
    c->draw = dr;
    c->read = rd;
    c->is_current = true;
    c->owner = pthread_self();
    current = c;
    current_dpy = dpy;
    gl_context_make_current(c->gl);
    /* The drawable's buffers may be new (first use, a resize) or another
     * context's size may differ: the window framebuffer always takes them. */
    if (dr->color) {
        gl_framebuffer_set_window(c->gl, dr->color, dr->zs, dr->width ? dr->width : 1,
                                  dr->height ? dr->height : 1);
        c->had_window = true;
    }
    pthread_mutex_unlock(&glx_lock);
    if (dead)
        free_context(dead);
    if (!dr->color) {
        glx_error(dpy, d, -1, BadAlloc, draw); /* no memory for the buffers */
        return False;
    }
    return True;
}

GLX_EXPORT Bool glXMakeCurrent(Display *dpy, XID drawable, glx_context *c)
{
    return make_current(dpy, drawable, drawable, c);
}

GLX_EXPORT Bool glXMakeContextCurrent(Display *dpy, XID draw, XID read, glx_context *c)
{
    return make_current(dpy, draw, read, c);
}

GLX_EXPORT glx_context *glXGetCurrentContext(void) { return current; }
GLX_EXPORT XID glXGetCurrentDrawable(void)
{
    return current && current->draw ? current->draw->xid : None;
}
GLX_EXPORT XID glXGetCurrentReadDrawable(void)
{
    return current && current->read ? current->read->xid : None;
}
GLX_EXPORT Display *glXGetCurrentDisplay(void) { return current ? current_dpy : NULL; }

GLX_EXPORT Bool glXIsDirect(Display *dpy, glx_context *c)
{
    glx_display *d = glx_display_get(dpy);
    pthread_mutex_lock(&glx_lock);
    const bool ok = c && context_live(c);
    const bool direct = ok && c->direct;
    pthread_mutex_unlock(&glx_lock);
    if (!ok)
        glx_error(dpy, d, GLX_ERR_BAD_CONTEXT, 0, 0);
    /* Rendering is always in this process; report what was asked for, as
     * the context is usable either way. */
    return direct ? True : False;
}

GLX_EXPORT int glXQueryContext(Display *dpy, glx_context *c, int attribute, int *value)
{
    glx_display *d = glx_display_get(dpy);
    pthread_mutex_lock(&glx_lock);
    const bool ok = c && context_live(c);
    pthread_mutex_unlock(&glx_lock);
    if (!ok) {
        glx_error(dpy, d, GLX_ERR_BAD_CONTEXT, 0, 0);
        return GLX_BAD_CONTEXT;
    }
    if (!value)
        return GLX_BAD_VALUE;
    switch (attribute) {
    case GLX_FBCONFIG_ID:
        *value = c->config->id;
        return Success;
    case GLX_RENDER_TYPE:
        *value = c->render_type;
        return Success;
    case GLX_SCREEN:
        *value = c->config->screen;
        return Success;
    default:
        return GLX_BAD_ATTRIBUTE;
    }
}

GLX_EXPORT void glXCopyContext(Display *dpy, glx_context *src, glx_context *dst, unsigned long mask)
{
    glx_display *d = glx_display_get(dpy);
    if (!src || !dst || !context_live(src) || !context_live(dst)) {
        glx_error(dpy, d, GLX_ERR_BAD_CONTEXT, 0, 0);
        return;
    }
    if (dst->is_current) {
        glx_error(dpy, d, -1, BadAccess, 0);
        return;
    }
    /* GLX 1.4 section 3.3.7: the groups of mask (glPushAttrib's bits), as
     * a glPushAttrib in src and glPopAttrib in dst would; src's pending
     * rendering does not matter (state only) */
    if (!gl_context_copy_state(dst->gl, src->gl, (GLbitfield)mask))
        glx_error(dpy, d, -1, BadAlloc, 0);
}

/* ---- presentation ---------------------------------------------------------- */

GLX_EXPORT void glXSwapBuffers(Display *dpy, XID drawable)
{
    glx_display *d = glx_display_get(dpy);
    glx_context *c = current;
    pthread_mutex_lock(&glx_lock);
    glx_drawable *dr = glx_drawable_find(d, drawable);
    pthread_mutex_unlock(&glx_lock);
    if (!dr) {
        glx_error(dpy, d, GLX_ERR_BAD_DRAWABLE, 0, drawable);
        return;
    }
    if (!dr->config->doublebuffer || dr->kind != GLX_KIND_WINDOW)
        return; /* nothing to swap (GLX: no effect) */
    if (c && c->draw == dr) {
        gl_context_flush(c->gl, true);
        glx_drawable_present(dr, c->gl);
        /* The window may have been resized: follow it for the next frame. */
        pthread_mutex_lock(&glx_lock);
        if (glx_drawable_update_size(dr, c->gl->screen))
            gl_framebuffer_set_window(c->gl, dr->color, dr->zs, dr->width ? dr->width : 1,
                                      dr->height ? dr->height : 1);
        pthread_mutex_unlock(&glx_lock);
        return;
    }
    /* A drawable current nowhere (rendered earlier, e.g. before this thread
     * made another window current): present what it holds, mapped through
     * this thread's context (any pipe context maps the screen's
     * resources). Without a current context, or while another thread draws
     * to it, there is nothing safe to do. */
    if (c) {
        gl_context_flush(c->gl, true);
        pthread_mutex_lock(&glx_lock);
        if (dr->refs == 0 && !dr->destroyed)
            glx_drawable_present(dr, c->gl);
        pthread_mutex_unlock(&glx_lock);
    }
}

/* GLX_MESA_copy_sub_buffer: presents a rectangle of the back buffer. */
GLX_EXPORT void glXCopySubBufferMESA(Display *dpy, XID drawable, int x, int y, int width,
                                     int height)
{
    glx_display *d = glx_display_get(dpy);
    glx_context *c = current;
    pthread_mutex_lock(&glx_lock);
    glx_drawable *dr = glx_drawable_find(d, drawable);
    pthread_mutex_unlock(&glx_lock);
    if (!dr) {
        glx_error(dpy, d, GLX_ERR_BAD_DRAWABLE, 0, drawable);
        return;
    }
    if (width < 0 || height < 0) {
        glx_error(dpy, d, -1, BadValue, 0);
        return;
    }
    if (c && c->draw == dr && dr->kind == GLX_KIND_WINDOW && dr->config->doublebuffer) {
        gl_context_flush(c->gl, true);
        glx_drawable_present_rect(dr, c->gl, x, y, width, height);
    }
}

GLX_EXPORT void glXWaitGL(void)
{
    if (current)
        gl_context_flush(current->gl, true);
}

GLX_EXPORT void glXWaitX(void)
{
    if (current_dpy)
        XSync(current_dpy, False);
}

/* ---- glXUseXFont ---------------------------------------------------------- */

/* The GL calls glXUseXFont makes, through the public entry points (so the
 * current context's display-list compilation records them). */
struct xfont_gl {
    void (*NewList)(GLuint, GLenum);
    void (*EndList)(void);
    void (*Bitmap)(GLsizei, GLsizei, GLfloat, GLfloat, GLfloat, GLfloat, const GLubyte *);
    void (*PixelStorei)(GLenum, GLint);
    void (*GetIntegerv)(GLenum, GLint *);
};

/* The metrics of character `ch` (byte1 << 8 | byte2 for two-byte fonts);
 * NULL when the font does not define it. */
static const XCharStruct *xfont_char(const XFontStruct *fs, unsigned ch)
{
    const unsigned b1 = ch >> 8, b2 = ch & 0xff;
    if (b1 < fs->min_byte1 || b1 > fs->max_byte1 || b2 < fs->min_char_or_byte2 ||
        b2 > fs->max_char_or_byte2)
        return NULL;
    if (!fs->per_char)
        return &fs->max_bounds;
    const unsigned cols = fs->max_char_or_byte2 - fs->min_char_or_byte2 + 1;
    const XCharStruct *cs =
        &fs->per_char[(b1 - fs->min_byte1) * cols + (b2 - fs->min_char_or_byte2)];
    if (!cs->width && !cs->ascent && !cs->descent && !cs->lbearing && !cs->rbearing)
        return NULL; /* a hole in the font's range */
    return cs;
}

/* One glyph as a GL bitmap: drawn with XDrawString(16) into a depth-1
 * pixmap, read back with XGetImage, rows flipped to GL's bottom-up order,
 * 8 pixels a byte, most significant bit first (the unpack state the
 * caller sets). */
static void xfont_glyph(Display *dpy, Pixmap pm, GC gc, const XFontStruct *fs,
                        const XCharStruct *cs, unsigned ch, const struct xfont_gl *gl)
{
    const int w = cs->rbearing - cs->lbearing, h = cs->ascent + cs->descent;
    if (w <= 0 || h <= 0) {
        gl->Bitmap(0, 0, 0, 0, (GLfloat)cs->width, 0, NULL); /* a space: the advance only */
        return;
    }
    XSetForeground(dpy, gc, 0);
    XFillRectangle(dpy, pm, gc, 0, 0, (unsigned)w, (unsigned)h);
    XSetForeground(dpy, gc, 1);
    if (fs->min_byte1 || fs->max_byte1) {
        XChar2b c2 = {.byte1 = (unsigned char)(ch >> 8), .byte2 = (unsigned char)ch};
        XDrawString16(dpy, pm, gc, -cs->lbearing, cs->ascent, &c2, 1);
    } else {
        char c1 = (char)ch;
        XDrawString(dpy, pm, gc, -cs->lbearing, cs->ascent, &c1, 1);
    }
    XImage *img = XGetImage(dpy, pm, 0, 0, (unsigned)w, (unsigned)h, 1, XYPixmap);
    const int stride = (w + 7) / 8;
    GLubyte *bits = calloc((size_t)stride * (size_t)h, 1);
    if (img && bits) {
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if (XGetPixel(img, x, y))
                    bits[(size_t)(h - 1 - y) * stride + x / 8] |= (GLubyte)(0x80 >> (x % 8));
        gl->Bitmap(w, h, (GLfloat)-cs->lbearing, (GLfloat)cs->descent, (GLfloat)cs->width, 0,
                   bits);
    } else {
        gl->Bitmap(0, 0, 0, 0, (GLfloat)cs->width, 0, NULL);
    }
    free(bits);
    if (img)
        XDestroyImage(img);
}

/* GLX 1.4 section 3.5: display lists list .. list+count-1 draw glyphs
 * first .. first+count-1 of `font` with glBitmap (origin at the glyph's
 * left bearing and descent, advancing by its width); a glyph the font
 * lacks gets an empty list. BadFont for a font that is not one,
 * GLXBadContextState while a display list is being compiled. */
GLX_EXPORT void glXUseXFont(Font font, int first, int count, int list)
{
    glx_context *c = current;
    Display *dpy = current_dpy;
    if (!c || !dpy || count <= 0)
        return;
    glx_display *d = glx_display_get(dpy);
    struct xfont_gl gl = {
        .NewList = (void (*)(GLuint, GLenum))swrgl_get_proc_address("glNewList"),
        .EndList = (void (*)(void))swrgl_get_proc_address("glEndList"),
        .Bitmap = (void (*)(GLsizei, GLsizei, GLfloat, GLfloat, GLfloat, GLfloat,
                            const GLubyte *))swrgl_get_proc_address("glBitmap"),
        .PixelStorei = (void (*)(GLenum, GLint))swrgl_get_proc_address("glPixelStorei"),
        .GetIntegerv = (void (*)(GLenum, GLint *))swrgl_get_proc_address("glGetIntegerv"),
    };
    if (!gl.NewList || !gl.EndList || !gl.Bitmap || !gl.PixelStorei || !gl.GetIntegerv)
        return;
    GLint compiling = 0;
    gl.GetIntegerv(GL_LIST_INDEX, &compiling);
    if (compiling) {
        glx_error(dpy, d, GLX_ERR_BAD_CONTEXT_STATE, 0, 0);
        return;
    }
    glx_trap_begin();
    XFontStruct *fs = XQueryFont(dpy, font);
    const int qerr = glx_trap_end(dpy);
    if (!fs || qerr != Success) {
        if (fs)
            XFreeFontInfo(NULL, fs, 1);
        glx_error(dpy, d, -1, BadFont, font);
        return;
    }
    const int pw = fs->max_bounds.rbearing - fs->min_bounds.lbearing;
    const int ph = fs->max_bounds.ascent + fs->max_bounds.descent;
    Pixmap pm = XCreatePixmap(dpy, DefaultRootWindow(dpy), (unsigned)(pw > 0 ? pw : 1),
                              (unsigned)(ph > 0 ? ph : 1), 1);
    XGCValues gv = {.font = font, .foreground = 1, .background = 0};
    GC gc = XCreateGC(dpy, pm, GCFont | GCForeground | GCBackground, &gv);
    /* the unpack state glXUseXFont's bitmaps need, restored afterwards */
    static const GLenum unpack[] = {GL_UNPACK_SWAP_BYTES, GL_UNPACK_LSB_FIRST,
                                    GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_ROWS,
                                    GL_UNPACK_SKIP_PIXELS, GL_UNPACK_ALIGNMENT};
    GLint saved[6];
    for (int i = 0; i < 6; i++) {
        saved[i] = 0;
        gl.GetIntegerv(unpack[i], &saved[i]);
        gl.PixelStorei(unpack[i], unpack[i] == GL_UNPACK_ALIGNMENT ? 1 : 0);
    }
    for (int i = 0; i < count; i++) {
        const unsigned ch = (unsigned)(first + i);
        const XCharStruct *cs = xfont_char(fs, ch);
        gl.NewList((GLuint)(list + i), GL_COMPILE);
        if (cs)
            xfont_glyph(dpy, pm, gc, fs, cs, ch, &gl);
        gl.EndList();
    }
    for (int i = 0; i < 6; i++)
        gl.PixelStorei(unpack[i], saved[i]);
    XFreeGC(dpy, gc);
    XFreePixmap(dpy, pm);
    XFreeFontInfo(NULL, fs, 1);
}

/* Swap intervals: accepted and reported; there is no vertical blank to
 * wait for (Xvfb has none), so presenting never waits. */
GLX_EXPORT void glXSwapIntervalEXT(Display *dpy, XID drawable, int interval)
{
    glx_display *d = glx_display_get(dpy);
    pthread_mutex_lock(&glx_lock);
    glx_drawable *dr = glx_drawable_find(d, drawable);
    if (dr && interval >= 0)
        dr->swap_interval = interval;
    pthread_mutex_unlock(&glx_lock);
    if (!dr)
        glx_error(dpy, d, GLX_ERR_BAD_DRAWABLE, 0, drawable);
    else if (interval < 0)
        glx_error(dpy, d, -1, BadValue, 0);
}

static int set_current_interval(int interval)
{
    if (!current || !current->draw)
        return GLX_BAD_CONTEXT;
    if (interval < 0)
        return GLX_BAD_VALUE;
    current->draw->swap_interval = interval;
    return 0;
}

GLX_EXPORT int glXSwapIntervalMESA(unsigned int interval)
{
    return set_current_interval((int)interval);
}

GLX_EXPORT int glXGetSwapIntervalMESA(void)
{
    return current && current->draw ? current->draw->swap_interval : 0;
}

GLX_EXPORT int glXSwapIntervalSGI(int interval)
{
    return interval <= 0 ? GLX_BAD_VALUE : set_current_interval(interval);
}

/* ---- strings and queries ------------------------------------------------- */

static const char glx_extensions[] =
    "GLX_ARB_context_flush_control GLX_ARB_create_context GLX_ARB_create_context_profile "
    "GLX_ARB_create_context_robustness GLX_ARB_get_proc_address "
    "GLX_EXT_swap_control GLX_EXT_visual_info GLX_MESA_copy_sub_buffer GLX_MESA_query_renderer "
    "GLX_MESA_swap_control "
    "GLX_SGI_swap_control";

GLX_EXPORT Bool glXQueryExtension(Display *dpy, int *error_base, int *event_base)
{
    glx_display *d = glx_display_get(dpy);
    if (!d)
        return False;
    if (error_base)
        *error_base = d->glx_error_base >= 0 ? d->glx_error_base : 0;
    if (event_base)
        *event_base = 0;
    return True;
}

GLX_EXPORT Bool glXQueryVersion(Display *dpy, int *major, int *minor)
{
    if (!glx_display_get(dpy))
        return False;
    if (major)
        *major = 1;
    if (minor)
        *minor = 4;
    return True;
}

static const char *glx_string(int name)
{
    switch (name) {
    case GLX_VENDOR:
        return "swr project";
    case GLX_VERSION:
        return "1.4";
    case GLX_EXTENSIONS:
        return glx_extensions;
    default:
        return NULL;
    }
}

GLX_EXPORT const char *glXQueryExtensionsString(Display *dpy, int screen)
{
    (void)screen;
    return glx_display_get(dpy) ? glx_extensions : NULL;
}

GLX_EXPORT const char *glXQueryServerString(Display *dpy, int screen, int name)
{
    if (!glx_display_get(dpy) || screen < 0 || screen >= ScreenCount(dpy))
        return NULL;
    return glx_string(name);
}

GLX_EXPORT const char *glXGetClientString(Display *dpy, int name)
{
    (void)dpy;
    return glx_string(name);
}

typedef void (*glx_proc)(void);

GLX_EXPORT glx_proc glXGetProcAddressARB(const unsigned char *name);

/* Every glX* entry point above and in the other files, by name. */
extern void *glXChooseFBConfig(Display *, int, const int *, int *);
extern void *glXGetFBConfigs(Display *, int, int *);
extern int glXGetFBConfigAttrib(Display *, void *, int, int *);
extern XVisualInfo *glXGetVisualFromFBConfig(Display *, void *);
extern XVisualInfo *glXChooseVisual(Display *, int, int *);
extern int glXGetConfig(Display *, XVisualInfo *, int, int *);
extern XID glXCreateWindow(Display *, void *, Window, const int *);
extern XID glXCreatePixmap(Display *, void *, Pixmap, const int *);
extern XID glXCreateGLXPixmap(Display *, XVisualInfo *, Pixmap);
extern XID glXCreatePbuffer(Display *, void *, const int *);
extern void glXDestroyWindow(Display *, XID);
extern void glXDestroyPixmap(Display *, XID);
extern void glXDestroyGLXPixmap(Display *, XID);
extern void glXDestroyPbuffer(Display *, XID);
extern void glXQueryDrawable(Display *, XID, int, unsigned int *);
extern void glXSelectEvent(Display *, XID, unsigned long);
extern void glXGetSelectedEvent(Display *, XID, unsigned long *);

/* ---- GLX_MESA_query_renderer ---------------------------------------------- */

/* One renderer (index 0) on every screen: swr, software, on the CPU. The
 * values: no PCI ids (0xffffffff, the extension's value for "not a PCI
 * device"), swr's version, not accelerated, the physical memory (MB) as
 * its video memory and unified memory (it renders into system memory),
 * compatibility preferred (glXCreateContext makes 2.1 compatibility
 * contexts), the highest core and compatibility versions
 * gl_context_version_check allows, no ES. */
static bool renderer_integer(int attribute, unsigned *value)
{
    switch (attribute) {
    case GLX_RENDERER_VENDOR_ID_MESA:
    case GLX_RENDERER_DEVICE_ID_MESA:
        value[0] = 0xffffffffu;
        return true;
    case GLX_RENDERER_VERSION_MESA:
        value[0] = SWR_VERSION_MAJOR;
        value[1] = SWR_VERSION_MINOR;
        value[2] = SWR_VERSION_PATCH;
        return true;
    case GLX_RENDERER_ACCELERATED_MESA:
        value[0] = False;
        return true;
    case GLX_RENDERER_VIDEO_MEMORY_MESA: {
        const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
        const unsigned long long mb =
            pages > 0 && page > 0 ? (unsigned long long)pages * (unsigned long long)page >> 20 : 0;
        value[0] = mb > 0xffffffffull ? 0xffffffffu : (unsigned)mb;
        return true;
    }
    case GLX_RENDERER_UNIFIED_MEMORY_ARCHITECTURE_MESA:
        value[0] = True;
        return true;
    case GLX_RENDERER_PREFERRED_PROFILE_MESA:
        value[0] = GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB;
        return true;
    case GLX_RENDERER_OPENGL_CORE_PROFILE_VERSION_MESA:
    case GLX_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION_MESA:
        value[0] = SWRGL_MAX_MAJOR;
        value[1] = SWRGL_MAX_MINOR;
        return true;
    case GLX_RENDERER_OPENGL_ES_PROFILE_VERSION_MESA:
    case GLX_RENDERER_OPENGL_ES2_PROFILE_VERSION_MESA:
        value[0] = 0;
        value[1] = 0;
        return true;
    default:
        return false;
    }
}

static const char *renderer_string(int attribute)
{
    switch (attribute) {
    case GLX_RENDERER_VENDOR_ID_MESA:
        return "swr";
    case GLX_RENDERER_DEVICE_ID_MESA:
        return "swr (AVX2)";
    default:
        return NULL;
    }
}

static bool renderer_valid(Display *dpy, int screen, int renderer)
{
    return dpy && screen >= 0 && screen < ScreenCount(dpy) && renderer == 0;
}

GLX_EXPORT Bool glXQueryRendererIntegerMESA(Display *dpy, int screen, int renderer,
                                            int attribute, unsigned int *value)
{
    if (!value || !renderer_valid(dpy, screen, renderer))
        return False;
    return renderer_integer(attribute, value) ? True : False;
}

GLX_EXPORT Bool glXQueryCurrentRendererIntegerMESA(int attribute, unsigned int *value)
{
    if (!value || !current)
        return False;
    return renderer_integer(attribute, value) ? True : False;
}

GLX_EXPORT const char *glXQueryRendererStringMESA(Display *dpy, int screen, int renderer,
                                                  int attribute)
{
    return renderer_valid(dpy, screen, renderer) ? renderer_string(attribute) : NULL;
}

GLX_EXPORT const char *glXQueryCurrentRendererStringMESA(int attribute)
{
    return current ? renderer_string(attribute) : NULL;
}

GLX_EXPORT glx_proc glXGetProcAddressARB(const unsigned char *name)
{
#define P(f)                                                                                       \
    {                                                                                              \
#f, (glx_proc)f                                                                            \
    }
    static const struct {
        const char *name;
        glx_proc fn;
    } own[] = {
        P(glXChooseFBConfig),
        P(glXChooseVisual),
        P(glXCopyContext),
        P(glXCopySubBufferMESA),
        P(glXCreateContext),
        P(glXCreateContextAttribsARB),
        P(glXCreateGLXPixmap),
        P(glXCreateNewContext),
        P(glXCreatePbuffer),
        P(glXCreatePixmap),
        P(glXCreateWindow),
        P(glXDestroyContext),
        P(glXDestroyGLXPixmap),
        P(glXDestroyPbuffer),
        P(glXDestroyPixmap),
        P(glXDestroyWindow),
        P(glXGetClientString),
        P(glXGetConfig),
        P(glXGetCurrentContext),
        P(glXGetCurrentDisplay),
        P(glXGetCurrentDrawable),
        P(glXGetCurrentReadDrawable),
        P(glXGetFBConfigAttrib),
        P(glXGetFBConfigs),
        P(glXGetProcAddressARB),
        P(glXGetSelectedEvent),
        P(glXGetSwapIntervalMESA),
        P(glXGetVisualFromFBConfig),
        P(glXIsDirect),
        P(glXMakeContextCurrent),
        P(glXMakeCurrent),
        P(glXQueryContext),
        P(glXQueryCurrentRendererIntegerMESA),
        P(glXQueryCurrentRendererStringMESA),
        P(glXQueryDrawable),
        P(glXQueryExtension),
        P(glXQueryExtensionsString),
        P(glXQueryRendererIntegerMESA),
        P(glXQueryRendererStringMESA),
        P(glXQueryServerString),
        P(glXQueryVersion),
        P(glXSelectEvent),
        P(glXSwapBuffers),
        P(glXSwapIntervalEXT),
        P(glXSwapIntervalMESA),
        P(glXSwapIntervalSGI),
        P(glXUseXFont),
        P(glXWaitGL),
        P(glXWaitX),
        {"glXGetProcAddress", (glx_proc)glXGetProcAddressARB},
    };
#undef P
    const char *n = (const char *)name;
    if (!n)
        return NULL;
    if (strncmp(n, "glX", 3) == 0) {
        for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
            if (strcmp(n, own[i].name) == 0)
                return own[i].fn;
        return NULL;
    }
    return swrgl_get_proc_address(n);
}

GLX_EXPORT glx_proc glXGetProcAddress(const unsigned char *name)
{
    return glXGetProcAddressARB(name);
}

/* At XCloseDisplay (glx_config.c, whose close hook runs while the
 * connection is still open): drawables of the display are freed with
 * their X resources; contexts keep their GL state but no longer present
 * anywhere. */
void glx_display_forget(glx_display *d)
{
    for (glx_context *c = glx_contexts; c; c = c->next) {
        if (c->disp != d)
            continue;
        c->draw = c->read = NULL;
        c->disp = NULL;
    }
    while (d->drawables)
        glx_drawable_free(d->drawables, true);
}
