/*
 * glx_drawable.c: GLX drawables (windows, GLX pixmaps, pbuffers), their
 * buffers and their presentation on the X server.
 *
 * A drawable owns pipe resources at its size: the colour buffer
 * (B8G8R8A8_UNORM for configs with alpha, B8G8R8X8_UNORM without, so
 * alpha reads back as 1) and a depth/stencil buffer (Z16, Z24X8 or
 * Z24S8 as the config asks). Double-buffered configs render the back
 * buffer into it and glXSwapBuffers presents it; single-buffered ones
 * (and GL_FRONT drawing) present at glFlush/glFinish through the
 * context's flush_front. swr has one buffer per window framebuffer, so
 * front and back are the same buffer and the back buffer keeps its
 * contents after a swap (GLX leaves them undefined).
 *
 * Presenting: the colour buffer is mapped and copied, rows flipped (swr
 * stores row 0 = GL y 0 at the bottom, X counts from the top), into an
 * XImage the size of the drawable; with MIT-SHM the image lives in a
 * shared-memory segment and goes out with XShmPutImage followed by XSync
 * (the server must have read it before the next frame overwrites it);
 * without MIT-SHM, or when attaching fails (a remote display), with
 * XPutImage. Future work: let the backend store tiles straight into the
 * shared image and skip this copy.
 *
 * Windows follow their X window's size: MakeCurrent and SwapBuffers read
 * the geometry and re-create the buffers when it changed. Errors from X
 * (a destroyed window, a bad XID) are trapped and become GLX errors.
 * Threads: the callers hold glx_lock around table changes; presenting
 * runs on the thread the drawable's context is current on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#include "glx_priv.h"

#include "frontend-gallium/pipe/swr_public.h"

glx_drawable *glx_drawable_find(glx_display *d, XID xid)
{
    if (!d || xid == None)
        return NULL;
    for (glx_drawable *dr = d->drawables; dr; dr = dr->next)
        if (dr->xid == xid && !dr->destroyed)
            return dr;
    return NULL;
}

static Visual *visual_of(Display *dpy, const glx_config *c)
{
    XVisualInfo tmpl = {.visualid = c->visualid, .screen = c->screen};
    int n = 0;
    XVisualInfo *vi = XGetVisualInfo(dpy, VisualIDMask | VisualScreenMask, &tmpl, &n);
    Visual *v = vi && n > 0 ? vi[0].visual : NULL;
    if (vi)
        XFree(vi);
    return v;
}

/* A new drawable record, linked into the display's list. */
static glx_drawable *drawable_new(glx_display *d, enum glx_drawable_kind kind, XID xid,
                                  Drawable target, const glx_config *c, unsigned w, unsigned h)
{
    glx_drawable *dr = calloc(1, sizeof *dr);
    if (!dr)
        return NULL;
    dr->disp = d;
    dr->kind = kind;
    dr->xid = xid;
    dr->x_target = target;
    dr->config = c;
    dr->width = w;
    dr->height = h;
    dr->visual = visual_of(d->dpy, c);
    dr->next = d->drawables;
    d->drawables = dr;
    return dr;
}

static void sweep_dead_windows(glx_display *d)
{
    for (glx_drawable *dr = d->drawables, *next; dr; dr = next) {
        next = dr->next;
        if (!dr->implicit || dr->refs > 0)
            continue;
        XWindowAttributes attr;
        glx_trap_begin();
        Status ok = XGetWindowAttributes(d->dpy, dr->x_target, &attr);
        if (glx_trap_end(d->dpy) != Success || !ok)
            glx_drawable_free(dr, true);
    }
}

glx_drawable *glx_drawable_for_current(glx_display *d, XID xid, const glx_config *cfg, int *err)
{
    *err = 0;
    glx_drawable *dr = glx_drawable_find(d, xid);
    if (dr) {
        if (dr->config->visual_depth != cfg->visual_depth || dr->config->screen != cfg->screen)
            *err = BadMatch;
        return *err ? NULL : dr;
    }
    /* A plain X window (GLX 1.2 style): check that it is one. Records of
     * plain windows that are gone and current nowhere are dropped first,
     * so that programs opening many windows do not pile them up. */
    sweep_dead_windows(d);
    XWindowAttributes attr;
    glx_trap_begin();
    Status ok = XGetWindowAttributes(d->dpy, xid, &attr);
    int xerr = glx_trap_end(d->dpy);
    if (!ok || xerr != Success) {
        *err = -GLX_ERR_BAD_DRAWABLE;
        return NULL;
    }
    if (attr.depth != cfg->visual_depth || XScreenNumberOfScreen(attr.screen) != cfg->screen) {
        *err = BadMatch;
        return NULL;
    }
    dr = drawable_new(d, GLX_KIND_WINDOW, xid, xid, cfg, (unsigned)attr.width,
                      (unsigned)attr.height);
    if (!dr) {
        *err = BadAlloc;
        return NULL;
    }
    dr->implicit = true;
    return dr;
}

void glx_drawable_free_image(glx_drawable *dr)
{
    if (!dr->image)
        return;
    if (dr->image_shm) {
        XShmDetach(dr->disp->dpy, &dr->shm);
        XSync(dr->disp->dpy, False);
        shmdt(dr->shm.shmaddr);
        dr->image->data = NULL;
    }
    XDestroyImage(dr->image);
    dr->image = NULL;
    dr->image_shm = false;
}

static void release_buffers(glx_drawable *dr)
{
    pipe_resource_reference(&dr->color, NULL);
    pipe_resource_reference(&dr->zs, NULL);
}

void glx_drawable_free(glx_drawable *dr, bool x_alive)
{
    for (glx_drawable **p = &dr->disp->drawables; *p; p = &(*p)->next) {
        if (*p == dr) {
            *p = dr->next;
            break;
        }
    }
    if (x_alive) {
        glx_drawable_free_image(dr);
        if (dr->gc)
            XFreeGC(dr->disp->dpy, dr->gc);
    } else if (dr->image) {
        if (dr->image_shm)
            shmdt(dr->shm.shmaddr);
        else
            free(dr->image->data);
        free(dr->image);
    }
    release_buffers(dr);
    if (dr->holds_screen)
        swr_screen_release();
    free(dr);
}

void glx_drawable_unref(glx_drawable *dr)
{
    if (dr && --dr->refs <= 0 && dr->destroyed)
        glx_drawable_free(dr, true);
}

static struct pipe_resource *make_buffer(struct pipe_screen *s, enum pipe_format f, unsigned w,
                                         unsigned h, unsigned bind)
{
    struct pipe_resource t = {
        .target = PIPE_TEXTURE_2D,
        .format = f,
        .width0 = w,
        .height0 = (uint16_t)h,
        .depth0 = 1,
        .array_size = 1,
        .bind = bind | PIPE_BIND_SAMPLER_VIEW,
    };
    if (!s->is_format_supported(s, f, t.target, 0, 0, t.bind))
        t.bind = bind;
    return s->resource_create(s, &t);
}

bool glx_drawable_make_buffers(glx_drawable *dr, struct pipe_screen *s)
{
    const glx_config *c = dr->config;
    const unsigned w = dr->width ? dr->width : 1, h = dr->height ? dr->height : 1;
    enum pipe_format cf = PIPE_FORMAT_B8G8R8A8_UNORM;
    if (!c->alpha && s->is_format_supported(s, PIPE_FORMAT_B8G8R8X8_UNORM, PIPE_TEXTURE_2D, 0, 0,
                                            PIPE_BIND_RENDER_TARGET))
        cf = PIPE_FORMAT_B8G8R8X8_UNORM;
    enum pipe_format zf = PIPE_FORMAT_NONE;
    if (c->stencil)
        zf = PIPE_FORMAT_Z24_UNORM_S8_UINT;
    else if (c->depth > 16)
        zf = PIPE_FORMAT_Z24X8_UNORM;
    else if (c->depth)
        zf = PIPE_FORMAT_Z16_UNORM;
    struct pipe_resource *color = make_buffer(s, cf, w, h, PIPE_BIND_RENDER_TARGET);
    struct pipe_resource *zs =
        zf != PIPE_FORMAT_NONE ? make_buffer(s, zf, w, h, PIPE_BIND_DEPTH_STENCIL) : NULL;
    if (!color || (zf != PIPE_FORMAT_NONE && !zs)) {
        fprintf(stderr, GLX_LOG_PREFIX "out of memory for %ux%u buffers\n", w, h);
        pipe_resource_reference(&color, NULL);
        pipe_resource_reference(&zs, NULL);
        return false;
    }
    release_buffers(dr);
    dr->color = color;
    dr->zs = zs;
    dr->color_format = cf;
    if (!dr->holds_screen) {
        swr_screen_acquire("libGL"); /* the screen exists: a context made it */
        dr->holds_screen = true;
    }
    return true;
}

bool glx_drawable_update_size(glx_drawable *dr, struct pipe_screen *s)
{
    if (dr->kind != GLX_KIND_WINDOW) {
        if (!dr->color)
            return glx_drawable_make_buffers(dr, s);
        return false;
    }
    Window root;
    int x, y;
    unsigned w = dr->width, h = dr->height, bw, depth;
    glx_trap_begin();
    Status ok = XGetGeometry(dr->disp->dpy, dr->x_target, &root, &x, &y, &w, &h, &bw, &depth);
    int xerr = glx_trap_end(dr->disp->dpy);
    if (!ok || xerr != Success)
        w = dr->width, h = dr->height; /* the window is gone: keep rendering off-screen */
    if (dr->color && w == dr->width && h == dr->height)
        return false;
    dr->width = w;
    dr->height = h;
    return glx_drawable_make_buffers(dr, s);
}

/* An XImage of the drawable's size, in shared memory when possible. */
static bool ensure_image(glx_drawable *dr)
{
    Display *dpy = dr->disp->dpy;
    const unsigned w = dr->width, h = dr->height;
    if (dr->image && (unsigned)dr->image->width == w && (unsigned)dr->image->height == h)
        return true;
    glx_drawable_free_image(dr);
    if (!dr->visual || w == 0 || h == 0)
        return false;
    const int depth = dr->config->visual_depth;
    if (dr->disp->has_shm && !dr->shm_failed) {
        memset(&dr->shm, 0, sizeof dr->shm);
        XImage *img =
            XShmCreateImage(dpy, dr->visual, (unsigned)depth, ZPixmap, NULL, &dr->shm, w, h);
        if (img) {
            dr->shm.shmid = shmget(IPC_PRIVATE, (size_t)img->bytes_per_line * h, IPC_CREAT | 0600);
            void *addr = dr->shm.shmid >= 0 ? shmat(dr->shm.shmid, NULL, 0) : (void *)-1;
            if (addr != (void *)-1) {
                dr->shm.shmaddr = img->data = addr;
                dr->shm.readOnly = False;
                glx_trap_begin();
                Status ok = XShmAttach(dpy, &dr->shm);
                int xerr = glx_trap_end(dpy);
                shmctl(dr->shm.shmid, IPC_RMID, NULL); /* gone once both sides detach */
                if (ok && xerr == Success) {
                    dr->image = img;
                    dr->image_shm = true;
                    return true;
                }
                shmdt(addr);
            } else if (dr->shm.shmid >= 0) {
                shmctl(dr->shm.shmid, IPC_RMID, NULL);
            }
            img->data = NULL;
            XDestroyImage(img);
        }
        dr->shm_failed = true;
    }
    XImage *img = XCreateImage(dpy, dr->visual, (unsigned)depth, ZPixmap, 0, NULL, w, h, 32, 0);
    if (!img)
        return false;
    img->data = malloc((size_t)img->bytes_per_line * h);
    if (!img->data) {
        XDestroyImage(img);
        return false;
    }
    dr->image = img;
    return true;
}

void glx_drawable_present_rect(glx_drawable *dr, struct gl_context *gl, int x, int y, int w, int h)
{
    if (!dr || !dr->color || dr->kind == GLX_KIND_PBUFFER || dr->x_target == None)
        return;
    /* clip the rectangle (GL window coordinates, origin bottom left) */
    const int W = (int)dr->width, H = (int)dr->height;
    if (x < 0)
        w += x, x = 0;
    if (y < 0)
        h += y, y = 0;
    if (x + w > W)
        w = W - x;
    if (y + h > H)
        h = H - y;
    if (w <= 0 || h <= 0 || !ensure_image(dr))
        return;
    struct pipe_context *pipe = gl->pipe;
    struct pipe_box box = {x, y, 0, w, h, 1};
    struct pipe_transfer *xfer = NULL;
    const uint8_t *src = pipe->texture_map(pipe, dr->color, 0, PIPE_MAP_READ, &box, &xfer);
    if (!src) {
        if (xfer)
            pipe->texture_unmap(pipe, xfer);
        return;
    }
    XImage *img = dr->image;
    const bool direct_copy = img->bits_per_pixel == 32 && img->byte_order == LSBFirst;
    const int top = H - (y + h); /* X row of the rectangle's top */
    for (int r = 0; r < h; r++) {
        const uint8_t *row = src + (size_t)(h - 1 - r) * xfer->stride;
        const int xy = top + r;
        if (direct_copy) {
            memcpy(img->data + (size_t)xy * img->bytes_per_line + (size_t)x * 4, row,
                   (size_t)w * 4);
            continue;
        }
        for (int i = 0; i < w; i++) {
            const uint8_t *p = row + i * 4; /* B G R A */
            XPutPixel(img, x + i, xy,
                      (unsigned long)p[2] << 16 | (unsigned long)p[1] << 8 | p[0] |
                          (dr->config->alpha ? (unsigned long)p[3] << 24 : 0));
        }
    }
    pipe->texture_unmap(pipe, xfer);
    Display *dpy = dr->disp->dpy;
    if (!dr->gc) {
        glx_trap_begin();
        dr->gc = XCreateGC(dpy, dr->x_target, 0, NULL);
        if (glx_trap_end(dpy) != Success && dr->gc) {
            XFreeGC(dpy, dr->gc); /* the server refused it (a destroyed window) */
            dr->gc = NULL;
        }
        if (!dr->gc)
            return;
    }
    glx_trap_begin();
    if (dr->image_shm)
        XShmPutImage(dpy, dr->x_target, dr->gc, img, x, top, x, top, (unsigned)w, (unsigned)h,
                     False);
    else
        XPutImage(dpy, dr->x_target, dr->gc, img, x, top, x, top, (unsigned)w, (unsigned)h);
    glx_trap_end(dpy); /* syncs: the server has read the image; a vanished window is no error */
}

void glx_drawable_present(glx_drawable *dr, struct gl_context *gl)
{
    if (dr)
        glx_drawable_present_rect(dr, gl, 0, 0, (int)dr->width, (int)dr->height);
}

/* ---- GLX 1.3 drawables ----------------------------------------------------- */

static glx_drawable *create_drawable(Display *dpy, void *config, enum glx_drawable_kind kind,
                                     XID target, const int *attribs, XID *out_xid)
{
    glx_display *d = glx_display_get(dpy);
    const glx_config *c = glx_config_check(d, config);
    *out_xid = None;
    if (!c) {
        glx_error(dpy, d, GLX_ERR_BAD_FBCONFIG, 0, 0);
        return NULL;
    }
    unsigned w = 0, h = 0;
    if (kind == GLX_KIND_PBUFFER) {
        for (int i = 0; attribs && attribs[i] != None; i += 2) {
            switch (attribs[i]) {
            case GLX_PBUFFER_WIDTH:
                w = attribs[i + 1] > 0 ? (unsigned)attribs[i + 1] : 0;
                break;
            case GLX_PBUFFER_HEIGHT:
                h = attribs[i + 1] > 0 ? (unsigned)attribs[i + 1] : 0;
                break;
            case GLX_LARGEST_PBUFFER:
            case GLX_PRESERVED_CONTENTS:
                break;
            default:
                glx_error(dpy, d, -1, BadValue, 0);
                return NULL;
            }
        }
        if (w > 8192 || h > 8192) {
            glx_error(dpy, d, -1, BadAlloc, 0);
            return NULL;
        }
    } else {
        Window root;
        int x, y;
        unsigned bw, depth = 0;
        glx_trap_begin();
        Status ok = XGetGeometry(dpy, target, &root, &x, &y, &w, &h, &bw, &depth);
        int xerr = glx_trap_end(dpy);
        if (!ok || xerr != Success) {
            glx_error(dpy, d, kind == GLX_KIND_PIXMAP ? -1 : GLX_ERR_BAD_WINDOW,
                      kind == GLX_KIND_PIXMAP ? BadPixmap : 0, target);
            return NULL;
        }
        if ((int)depth != c->visual_depth) {
            glx_error(dpy, d, -1, BadMatch, target);
            return NULL;
        }
    }
    pthread_mutex_lock(&glx_lock);
    if (kind == GLX_KIND_WINDOW) {
        glx_drawable *old = glx_drawable_find(d, target);
        if (old && !old->implicit) {
            pthread_mutex_unlock(&glx_lock);
            glx_error(dpy, d, -1, BadAlloc, target); /* already a GLX window */
            return NULL;
        }
        if (old) /* made implicitly by an earlier MakeCurrent: take its place */
            old->implicit = false, old->config = c;
        pthread_mutex_unlock(&glx_lock);
        if (old) {
            *out_xid = target;
            return old;
        }
        pthread_mutex_lock(&glx_lock);
    }
    const XID xid = kind == GLX_KIND_WINDOW ? target : XAllocID(dpy);
    glx_drawable *dr =
        drawable_new(d, kind, xid, kind == GLX_KIND_PBUFFER ? None : target, c, w, h);
    pthread_mutex_unlock(&glx_lock);
    if (!dr) {
        glx_error(dpy, d, -1, BadAlloc, 0);
        return NULL;
    }
    *out_xid = xid;
    return dr;
}

GLX_EXPORT XID glXCreateWindow(Display *dpy, void *config, Window win, const int *attribs)
{
    (void)attribs;
    XID xid;
    create_drawable(dpy, config, GLX_KIND_WINDOW, win, NULL, &xid);
    return xid;
}

GLX_EXPORT XID glXCreatePixmap(Display *dpy, void *config, Pixmap pixmap, const int *attribs)
{
    (void)attribs;
    XID xid;
    create_drawable(dpy, config, GLX_KIND_PIXMAP, pixmap, NULL, &xid);
    return xid;
}

GLX_EXPORT XID glXCreateGLXPixmap(Display *dpy, XVisualInfo *vis, Pixmap pixmap)
{
    glx_display *d = glx_display_get(dpy);
    const glx_config *c = vis && glx_visual_supported(dpy, vis->visualid, vis->screen, NULL)
                              ? glx_visual_config(d, vis)
                              : NULL;
    if (!c) {
        glx_error(dpy, d, -1, BadValue, 0);
        return None;
    }
    return glXCreatePixmap(dpy, (void *)c, pixmap, NULL);
}

GLX_EXPORT XID glXCreatePbuffer(Display *dpy, void *config, const int *attribs)
{
    XID xid;
    create_drawable(dpy, config, GLX_KIND_PBUFFER, None, attribs, &xid);
    return xid;
}

static void destroy_drawable(Display *dpy, XID xid, enum glx_drawable_kind kind, int glx_code,
                             int x_code)
{
    glx_display *d = glx_display_get(dpy);
    pthread_mutex_lock(&glx_lock);
    glx_drawable *dr = glx_drawable_find(d, xid);
    if (!dr || dr->kind != kind) {
        pthread_mutex_unlock(&glx_lock);
        glx_error(dpy, d, glx_code, x_code, xid);
        return;
    }
    dr->destroyed = true;
    if (dr->refs <= 0)
        glx_drawable_free(dr, true);
    pthread_mutex_unlock(&glx_lock);
}

/* An X window's life ends its GLXWindow (windows are not reference
 * counted): when the X window is gone, glXDestroyWindow frees the record
 * and reports GLXBadWindow, as for a GLXWindow that no longer exists. */
GLX_EXPORT void glXDestroyWindow(Display *dpy, XID win)
{
    glx_display *d = glx_display_get(dpy);
    if (!d)
        return;
    pthread_mutex_lock(&glx_lock);
    glx_drawable *dr = glx_drawable_find(d, win);
    const Window target = dr && dr->kind == GLX_KIND_WINDOW ? dr->x_target : None;
    pthread_mutex_unlock(&glx_lock);
    if (target != None) {
        XWindowAttributes xwa;
        glx_trap_begin();
        XGetWindowAttributes(dpy, target, &xwa);
        const bool gone = glx_trap_end(dpy) != Success;
        if (gone) {
            pthread_mutex_lock(&glx_lock);
            dr = glx_drawable_find(d, win);
            if (dr && dr->kind == GLX_KIND_WINDOW) {
                dr->destroyed = true;
                if (dr->refs <= 0)
                    glx_drawable_free(dr, true); /* the display lives: free its GC and image */
            }
            pthread_mutex_unlock(&glx_lock);
            glx_error(dpy, d, GLX_ERR_BAD_WINDOW, 0, win);
            return;
        }
    }
    destroy_drawable(dpy, win, GLX_KIND_WINDOW, GLX_ERR_BAD_WINDOW, 0);
}

GLX_EXPORT void glXDestroyPixmap(Display *dpy, XID pixmap)
{
    destroy_drawable(dpy, pixmap, GLX_KIND_PIXMAP, GLX_ERR_BAD_PIXMAP, 0);
}

GLX_EXPORT void glXDestroyGLXPixmap(Display *dpy, XID pixmap)
{
    destroy_drawable(dpy, pixmap, GLX_KIND_PIXMAP, GLX_ERR_BAD_PIXMAP, 0);
}

GLX_EXPORT void glXDestroyPbuffer(Display *dpy, XID pbuf)
{
    destroy_drawable(dpy, pbuf, GLX_KIND_PBUFFER, GLX_ERR_BAD_PBUFFER, 0);
}

GLX_EXPORT void glXQueryDrawable(Display *dpy, XID draw, int attribute, unsigned int *value)
{
    glx_display *d = glx_display_get(dpy);
    pthread_mutex_lock(&glx_lock);
    glx_drawable *dr = glx_drawable_find(d, draw);
    if (!dr || !value) {
        pthread_mutex_unlock(&glx_lock);
        glx_error(dpy, d, GLX_ERR_BAD_DRAWABLE, 0, draw);
        return;
    }
    unsigned width = dr->width, height = dr->height;
    if (dr->kind == GLX_KIND_WINDOW) {
        /* the window's size now (the buffers follow at the next swap) */
        Window root;
        int x, y;
        unsigned w, h, bw, depth;
        glx_trap_begin();
        Status ok = XGetGeometry(dpy, dr->x_target, &root, &x, &y, &w, &h, &bw, &depth);
        if (glx_trap_end(dpy) == Success && ok)
            width = w, height = h;
    }
    switch (attribute) {
    case GLX_WIDTH:
        *value = width;
        break;
    case GLX_HEIGHT:
        *value = height;
        break;
    case GLX_PRESERVED_CONTENTS:
        *value = True;
        break;
    case GLX_LARGEST_PBUFFER:
        *value = False;
        break;
    case GLX_FBCONFIG_ID:
        *value = (unsigned)dr->config->id;
        break;
    case GLX_EVENT_MASK:
        *value = (unsigned)dr->event_mask;
        break;
    case GLX_SWAP_INTERVAL_EXT:
        *value = (unsigned)dr->swap_interval;
        break;
    case GLX_MAX_SWAP_INTERVAL_EXT:
        *value = 8;
        break;
    default:
        pthread_mutex_unlock(&glx_lock);
        glx_error(dpy, d, -1, BadValue, 0);
        return;
    }
    pthread_mutex_unlock(&glx_lock);
}

GLX_EXPORT void glXSelectEvent(Display *dpy, XID draw, unsigned long mask)
{
    glx_display *d = glx_display_get(dpy);
    pthread_mutex_lock(&glx_lock);
    glx_drawable *dr = glx_drawable_find(d, draw);
    if (dr)
        dr->event_mask = mask;
    pthread_mutex_unlock(&glx_lock);
    if (!dr)
        glx_error(dpy, d, GLX_ERR_BAD_DRAWABLE, 0, draw);
}

GLX_EXPORT void glXGetSelectedEvent(Display *dpy, XID draw, unsigned long *mask)
{
    glx_display *d = glx_display_get(dpy);
    pthread_mutex_lock(&glx_lock);
    glx_drawable *dr = glx_drawable_find(d, draw);
    if (dr && mask)
        *mask = dr->event_mask;
    pthread_mutex_unlock(&glx_lock);
    if (!dr)
        glx_error(dpy, d, GLX_ERR_BAD_DRAWABLE, 0, draw);
}
