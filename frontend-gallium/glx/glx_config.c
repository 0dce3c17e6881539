/*
 * glx_config.c: displays, GLXFBConfigs and visuals of swr's GLX.
 *
 * A display is met on its first GLX call (glx_display_get): this file
 * asks the server for its GLX extension (only for the error base: the
 * rendering never uses the server's GLX) and MIT-SHM, and builds the
 * display's configs on every screen from TrueColor visuals with 8 bits
 * per channel of depth 24 (the default visual first) and 32, one visual
 * per config while the server has enough (pick_visuals; other such
 * visuals share the configs of their depth in glXGetConfig and
 * glXCreateContext): for each depth, single and
 * double buffering, depth/stencil 0/0, 16/0, 24/0, 24/8 and accumulation
 * 0 or 16 bits per channel (GLX_SLOW_CONFIG, as accumulation is a slow
 * path). Alpha is 8 on depth-32 visuals and 0 on depth 24. Every config
 * renders to windows, pixmaps and pbuffers.
 *
 * glXChooseFBConfig follows GLX 1.4 section 3.3.3: GLX_FBCONFIG_ID alone
 * selects one config; otherwise the attributes select by minimum (sizes),
 * exact value (booleans, levels, types) or mask (GLX_RENDER_TYPE,
 * GLX_DRAWABLE_TYPE) with the spec's defaults, and the matches are sorted
 * by table 3.4's priorities: caveat, larger colour sum (of the components
 * asked for), smaller buffer size, single before double, fewer aux
 * buffers, fewer samples, larger depth, smaller stencil, larger accum sum,
 * visual type, then config id. glXChooseVisual uses the GLX 1.2 rules
 * (double buffering exact, "zero prefers none" for depth and accum).
 *
 * A visual stands for one config in glXGetConfig and glXCreateContext:
 * the last one glXChooseVisual or glXGetVisualFromFBConfig returned it
 * for, else double-buffered with depth 24 and stencil 8 of its depth.
 *
 * Closing the display (XCloseDisplay) frees its record (a close hook).
 * Threads: glx_lock guards the display list and the choices.
 */
#include <stdlib.h>
#include <string.h>

#include <X11/Xlibint.h>

#include "glx_priv.h"

pthread_mutex_t glx_lock = PTHREAD_MUTEX_INITIALIZER;
static glx_display *displays;

static int close_display(Display *dpy, XExtCodes *codes)
{
    (void)codes;
    pthread_mutex_lock(&glx_lock);
    for (glx_display **p = &displays; *p; p = &(*p)->next) {
        if ((*p)->dpy == dpy) {
            glx_display *d = *p;
            *p = d->next;
            glx_display_forget(d);
            free(d->configs);
            free(d->choices);
            free(d);
            break;
        }
    }
    pthread_mutex_unlock(&glx_lock);
    return 0;
}

static bool usable_visual(const XVisualInfo *v)
{
    return v->class == TrueColor && (v->depth == 24 || v->depth == 32) &&
           v->red_mask == 0xff0000ul && v->green_mask == 0xff00ul && v->blue_mask == 0xfful &&
           v->bits_per_rgb == 8;
}

/* The visuals that carry configs on one screen, per depth (24, 32): up to
 * 16 usable TrueColor visuals each, the default visual first in its depth.
 * An X server may offer hundreds of equivalent TrueColor visuals (Xvfb:
 * one per server-side GLX config); giving each config a visual of its own
 * makes the visual name the config, as on a server with GLX (a window
 * made current through glXChooseVisual's visual reports that config's
 * GLX_FBCONFIG_ID, and the first config with a visual's id is the one
 * that visual was chosen for). Visuals left over are served by the
 * configs of their depth (glx_visual_config). */
#define VISUALS_PER_DEPTH 16
static void pick_visuals(Display *dpy, int screen, XVisualInfo out[2][VISUALS_PER_DEPTH],
                         int count[2])
{
    XVisualInfo tmpl = {.class = TrueColor, .screen = screen};
    int n = 0;
    XVisualInfo *vis = XGetVisualInfo(dpy, VisualClassMask | VisualScreenMask, &tmpl, &n);
    const VisualID def = XVisualIDFromVisual(DefaultVisual(dpy, screen));
    count[0] = count[1] = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            if (!usable_visual(&vis[i]) || (vis[i].visualid == def) != (pass == 0))
                continue;
            const int k = vis[i].depth == 32;
            if (count[k] < VISUALS_PER_DEPTH)
                out[k][count[k]++] = vis[i];
        }
    if (vis)
        XFree(vis);
}

static void build_configs(glx_display *d)
{
    static const int zs[4][2] = {{0, 0}, {16, 0}, {24, 0}, {24, 8}};
    const int screens = ScreenCount(d->dpy);
    d->configs = calloc((size_t)screens * 2 * 16 + 1, sizeof *d->configs);
    if (!d->configs)
        return;
    for (int s = 0; s < screens; s++) {
        XVisualInfo vis[2][VISUALS_PER_DEPTH];
        int count[2];
        pick_visuals(d->dpy, s, vis, count);
        for (int i = 0; i < 2; i++) {
            if (!count[i])
                continue;
            /* The visual's default config (double-buffered, 24/8, no
             * accumulation) takes the first visual (the default visual
             * for depth 24); the others take the next ones while they
             * last, then share the first. */
            int next = 1;
            for (int db = 0; db < 2; db++)
                for (int z = 0; z < 4; z++)
                    for (int acc = 0; acc < 2; acc++) {
                        glx_config *c = &d->configs[d->num_configs];
                        const bool is_default = db && z == 3 && !acc;
                        const XVisualInfo *v =
                            is_default || next >= count[i] ? &vis[i][0] : &vis[i][next++];
                        c->id = ++d->num_configs;
                        c->screen = v->screen;
                        c->visualid = v->visualid;
                        c->visual_depth = v->depth;
                        c->red = c->green = c->blue = 8;
                        c->alpha = v->depth == 32 ? 8 : 0;
                        c->doublebuffer = db;
                        c->depth = zs[z][0];
                        c->stencil = zs[z][1];
                        c->accum = acc ? 16 : 0;
                        c->caveat = acc ? GLX_SLOW_CONFIG : GLX_NONE;
                    }
        }
    }
}

glx_display *glx_display_get(Display *dpy)
{
    if (!dpy)
        return NULL;
    pthread_mutex_lock(&glx_lock);
    glx_display *d = displays;
    while (d && d->dpy != dpy)
        d = d->next;
    if (!d && (d = calloc(1, sizeof *d))) {
        d->dpy = dpy;
        int opcode, event, error;
        d->glx_error_base = XQueryExtension(dpy, "GLX", &opcode, &event, &error) ? error : -1;
        d->has_shm = XShmQueryExtension(dpy) != False;
        build_configs(d);
        XExtCodes *codes = XAddExtension(dpy);
        if (codes)
            XESetCloseDisplay(dpy, codes->extension, close_display);
        d->next = displays;
        displays = d;
    }
    pthread_mutex_unlock(&glx_lock);
    return d;
}

const glx_config *glx_config_check(glx_display *d, const void *config)
{
    const glx_config *c = config;
    if (!d || !c || c < d->configs || c >= d->configs + d->num_configs)
        return NULL;
    return c;
}

/* The config a visual stands for when nothing chose one: the visual's
 * own config when it carries one (the double-buffered depth 24, stencil 8
 * one among several), else the double-buffered depth 24, stencil 8
 * config of its depth. */
static const glx_config *default_config(glx_display *d, VisualID id, int screen, int depth)
{
    const glx_config *own = NULL, *deflt = NULL;
    for (int i = 0; i < d->num_configs; i++) {
        const glx_config *c = &d->configs[i];
        if (c->screen != screen || c->visual_depth != depth)
            continue;
        const bool is_default = c->doublebuffer && c->depth == 24 && c->stencil == 8 && !c->accum;
        if (c->visualid == id && (!own || is_default))
            own = c;
        if (is_default && !deflt)
            deflt = c;
    }
    return own ? own : deflt;
}

const glx_config *glx_visual_config(glx_display *d, const XVisualInfo *vis)
{
    if (!d || !vis)
        return NULL;
    pthread_mutex_lock(&glx_lock);
    const glx_config *c = NULL;
    for (int i = 0; i < d->num_choices && !c; i++)
        if (d->choices[i].visualid == vis->visualid)
            c = d->choices[i].config;
    if (!c)
        c = default_config(d, vis->visualid, vis->screen, vis->depth);
    pthread_mutex_unlock(&glx_lock);
    return c;
}

static void remember_choice(glx_display *d, const glx_config *c)
{
    pthread_mutex_lock(&glx_lock);
    for (int i = 0; i < d->num_choices; i++) {
        if (d->choices[i].visualid == c->visualid) {
            d->choices[i].config = c;
            pthread_mutex_unlock(&glx_lock);
            return;
        }
    }
    struct visual_choice *n = realloc(d->choices, (size_t)(d->num_choices + 1) * sizeof *n);
    if (n) {
        d->choices = n;
        n[d->num_choices].visualid = c->visualid;
        n[d->num_choices].config = c;
        d->num_choices++;
    }
    pthread_mutex_unlock(&glx_lock);
}

static XVisualInfo *visual_info(Display *dpy, const glx_config *c)
{
    XVisualInfo tmpl = {.visualid = c->visualid, .screen = c->screen};
    int n = 0;
    return XGetVisualInfo(dpy, VisualIDMask | VisualScreenMask, &tmpl, &n);
}

static int max_pbuffer_size(void) { return 8192; }

int glx_config_attrib(const glx_config *c, int attribute, int *value)
{
    int v;
    switch (attribute) {
    case GLX_USE_GL:
        v = True;
        break;
    case GLX_FBCONFIG_ID:
        v = c->id;
        break;
    case GLX_BUFFER_SIZE:
        v = c->red + c->green + c->blue + c->alpha;
        break;
    case GLX_LEVEL:
        v = 0;
        break;
    case GLX_RGBA:
        v = True;
        break;
    case GLX_DOUBLEBUFFER:
        v = c->doublebuffer;
        break;
    case GLX_STEREO:
        v = False;
        break;
    case GLX_AUX_BUFFERS:
        v = 0;
        break;
    case GLX_RED_SIZE:
        v = c->red;
        break;
    case GLX_GREEN_SIZE:
        v = c->green;
        break;
    case GLX_BLUE_SIZE:
        v = c->blue;
        break;
    case GLX_ALPHA_SIZE:
        v = c->alpha;
        break;
    case GLX_DEPTH_SIZE:
        v = c->depth;
        break;
    case GLX_STENCIL_SIZE:
        v = c->stencil;
        break;
    case GLX_ACCUM_RED_SIZE:
    case GLX_ACCUM_GREEN_SIZE:
    case GLX_ACCUM_BLUE_SIZE:
        v = c->accum;
        break;
    case GLX_ACCUM_ALPHA_SIZE:
        v = c->alpha ? c->accum : 0;
        break;
    case GLX_RENDER_TYPE:
        v = GLX_RGBA_BIT;
        break;
    case GLX_DRAWABLE_TYPE:
        v = GLX_WINDOW_BIT | GLX_PIXMAP_BIT | GLX_PBUFFER_BIT;
        break;
    case GLX_X_RENDERABLE:
        v = True;
        break;
    case GLX_VISUAL_ID:
        v = (int)c->visualid;
        break;
    case GLX_X_VISUAL_TYPE:
        v = GLX_TRUE_COLOR;
        break;
    case GLX_CONFIG_CAVEAT:
        v = c->caveat;
        break;
    case GLX_TRANSPARENT_TYPE:
        v = GLX_NONE;
        break;
    case GLX_TRANSPARENT_INDEX_VALUE:
    case GLX_TRANSPARENT_RED_VALUE:
    case GLX_TRANSPARENT_GREEN_VALUE:
    case GLX_TRANSPARENT_BLUE_VALUE:
    case GLX_TRANSPARENT_ALPHA_VALUE:
        v = 0;
        break;
    case GLX_MAX_PBUFFER_WIDTH:
    case GLX_MAX_PBUFFER_HEIGHT:
        v = max_pbuffer_size();
        break;
    case GLX_MAX_PBUFFER_PIXELS:
        v = max_pbuffer_size() * max_pbuffer_size();
        break;
    case GLX_SAMPLE_BUFFERS_ARB:
    case GLX_SAMPLES_ARB:
        v = 0;
        break;
    case GLX_SCREEN:
        v = c->screen;
        break;
    case GLX_FRAMEBUFFER_SRGB_CAPABLE_EXT:
        v = False;
        break;
    default:
        return GLX_BAD_ATTRIBUTE;
    }
    *value = v;
    return Success;
}

bool glx_visual_supported(Display *dpy, VisualID id, int screen, int *depth)
{
    XVisualInfo tmpl = {.visualid = id, .screen = screen};
    int n = 0;
    XVisualInfo *vi = XGetVisualInfo(dpy, VisualIDMask | VisualScreenMask, &tmpl, &n);
    const bool ok = vi && n > 0 && usable_visual(vi);
    if (ok && depth)
        *depth = vi->depth;
    if (vi)
        XFree(vi);
    return ok;
}

/* ---- glXChooseFBConfig ----------------------------------------------------- */

enum match_rule { MATCH_MIN, MATCH_EXACT, MATCH_MASK, MATCH_IGNORE };

struct request {
    int attr;
    enum match_rule rule;
    int value; /* the default until the list sets it */
};

static struct request *find_request(struct request *r, size_t n, int attr)
{
    for (size_t i = 0; i < n; i++)
        if (r[i].attr == attr)
            return &r[i];
    return NULL;
}

/* Sorting context (qsort has none): the colour sizes asked for. */
struct sort_keys {
    bool want[4];
};

static int color_sum(const glx_config *c, const struct sort_keys *k)
{
    return (k->want[0] ? c->red : 0) + (k->want[1] ? c->green : 0) + (k->want[2] ? c->blue : 0) +
           (k->want[3] ? c->alpha : 0);
}

static int caveat_rank(int caveat)
{
    return caveat == GLX_NONE ? 0 : caveat == GLX_SLOW_CONFIG ? 1 : 2;
}

static int compare_configs(const glx_config *a, const glx_config *b, const struct sort_keys *k)
{
#define ORDER(x, y)                                                                                \
    do {                                                                                           \
        if ((x) != (y))                                                                            \
            return (x) < (y) ? -1 : 1;                                                             \
    } while (0)
    ORDER(caveat_rank(a->caveat), caveat_rank(b->caveat));
    ORDER(-color_sum(a, k), -color_sum(b, k));
    ORDER(a->red + a->green + a->blue + a->alpha, b->red + b->green + b->blue + b->alpha);
    ORDER(a->doublebuffer, b->doublebuffer);
    /* aux buffers and samples: 0 everywhere */
    ORDER(-a->depth, -b->depth);
    ORDER(a->stencil, b->stencil);
    ORDER(-(a->accum * (a->alpha ? 4 : 3)), -(b->accum * (b->alpha ? 4 : 3)));
    /* visual type: TrueColor everywhere */
    ORDER(a->id, b->id);
#undef ORDER
    return 0;
}

static const struct sort_keys *qsort_keys;
static int qsort_compare(const void *a, const void *b)
{
    return compare_configs(*(const glx_config *const *)a, *(const glx_config *const *)b,
                           qsort_keys);
}

static bool matches(const glx_config *c, const struct request *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (r[i].rule == MATCH_IGNORE || r[i].value == (int)GLX_DONT_CARE)
            continue;
        int v;
        if (glx_config_attrib(c, r[i].attr, &v) != Success)
            return false;
        switch (r[i].rule) {
        case MATCH_MIN:
            if (v < r[i].value)
                return false;
            break;
        case MATCH_EXACT:
            if (v != r[i].value)
                return false;
            break;
        case MATCH_MASK:
            if ((v & r[i].value) != r[i].value)
                return false;
            break;
        default:
            break;
        }
    }
    return true;
}

GLX_EXPORT void *glXChooseFBConfig(Display *dpy, int screen, const int *attribs, int *nitems)
{
    if (nitems)
        *nitems = 0;
    glx_display *d = glx_display_get(dpy);
    if (!d || screen < 0 || screen >= ScreenCount(dpy))
        return NULL;
    struct request req[] = {
        {GLX_FBCONFIG_ID, MATCH_EXACT, (int)GLX_DONT_CARE},
        {GLX_BUFFER_SIZE, MATCH_MIN, 0},
        {GLX_LEVEL, MATCH_EXACT, 0},
        {GLX_DOUBLEBUFFER, MATCH_EXACT, (int)GLX_DONT_CARE},
        {GLX_STEREO, MATCH_EXACT, False},
        {GLX_AUX_BUFFERS, MATCH_MIN, 0},
        {GLX_RED_SIZE, MATCH_MIN, 0},
        {GLX_GREEN_SIZE, MATCH_MIN, 0},
        {GLX_BLUE_SIZE, MATCH_MIN, 0},
        {GLX_ALPHA_SIZE, MATCH_MIN, 0},
        {GLX_DEPTH_SIZE, MATCH_MIN, 0},
        {GLX_STENCIL_SIZE, MATCH_MIN, 0},
        {GLX_ACCUM_RED_SIZE, MATCH_MIN, 0},
        {GLX_ACCUM_GREEN_SIZE, MATCH_MIN, 0},
        {GLX_ACCUM_BLUE_SIZE, MATCH_MIN, 0},
        {GLX_ACCUM_ALPHA_SIZE, MATCH_MIN, 0},
        {GLX_RENDER_TYPE, MATCH_MASK, GLX_RGBA_BIT},
        {GLX_DRAWABLE_TYPE, MATCH_MASK, GLX_WINDOW_BIT},
        {GLX_X_RENDERABLE, MATCH_EXACT, (int)GLX_DONT_CARE},
        {GLX_X_VISUAL_TYPE, MATCH_EXACT, (int)GLX_DONT_CARE},
        {GLX_CONFIG_CAVEAT, MATCH_EXACT, (int)GLX_DONT_CARE},
        {GLX_TRANSPARENT_TYPE, MATCH_EXACT, GLX_NONE},
        {GLX_TRANSPARENT_INDEX_VALUE, MATCH_IGNORE, 0},
        {GLX_TRANSPARENT_RED_VALUE, MATCH_IGNORE, 0},
        {GLX_TRANSPARENT_GREEN_VALUE, MATCH_IGNORE, 0},
        {GLX_TRANSPARENT_BLUE_VALUE, MATCH_IGNORE, 0},
        {GLX_TRANSPARENT_ALPHA_VALUE, MATCH_IGNORE, 0},
        {GLX_MAX_PBUFFER_WIDTH, MATCH_IGNORE, 0},
        {GLX_MAX_PBUFFER_HEIGHT, MATCH_IGNORE, 0},
        {GLX_MAX_PBUFFER_PIXELS, MATCH_IGNORE, 0},
        {GLX_VISUAL_ID, MATCH_IGNORE, 0},
        {GLX_SAMPLE_BUFFERS_ARB, MATCH_MIN, 0},
        {GLX_SAMPLES_ARB, MATCH_MIN, 0},
        {GLX_FRAMEBUFFER_SRGB_CAPABLE_EXT, MATCH_EXACT, (int)GLX_DONT_CARE},
    };
    const size_t nreq = sizeof req / sizeof req[0];
    struct sort_keys keys = {{false, false, false, false}};
    for (int i = 0; attribs && attribs[i] != None; i += 2) {
        struct request *r = find_request(req, nreq, attribs[i]);
        if (!r)
            return NULL; /* an attribute GLX does not define */
        r->value = attribs[i + 1];
        if (r->attr == GLX_RED_SIZE || r->attr == GLX_GREEN_SIZE || r->attr == GLX_BLUE_SIZE ||
            r->attr == GLX_ALPHA_SIZE) {
            const int k = r->attr == GLX_RED_SIZE     ? 0
                          : r->attr == GLX_GREEN_SIZE ? 1
                          : r->attr == GLX_BLUE_SIZE  ? 2
                                                      : 3;
            keys.want[k] = r->value > 0 && r->value != (int)GLX_DONT_CARE;
        }
    }
    const glx_config **list = malloc(((size_t)d->num_configs + 1) * sizeof *list);
    if (!list)
        return NULL;
    int n = 0;
    const int id = req[0].value;
    for (int i = 0; i < d->num_configs; i++) {
        const glx_config *c = &d->configs[i];
        if (c->screen != screen)
            continue;
        if (id != (int)GLX_DONT_CARE ? c->id == id : matches(c, req, nreq))
            list[n++] = c;
    }
    if (n == 0) {
        free(list);
        return NULL;
    }
    pthread_mutex_lock(&glx_lock);
    qsort_keys = &keys;
    qsort(list, (size_t)n, sizeof *list, qsort_compare);
    pthread_mutex_unlock(&glx_lock);
    /* The client frees the list with XFree: copy it into Xlib memory. */
    void *out = Xmalloc((size_t)n * sizeof *list);
    if (out)
        memcpy(out, list, (size_t)n * sizeof *list);
    free(list);
    if (out && nitems)
        *nitems = n;
    return out;
}

GLX_EXPORT void *glXGetFBConfigs(Display *dpy, int screen, int *nelements)
{
    if (nelements)
        *nelements = 0;
    glx_display *d = glx_display_get(dpy);
    if (!d || screen < 0 || screen >= ScreenCount(dpy))
        return NULL;
    int n = 0;
    for (int i = 0; i < d->num_configs; i++)
        n += d->configs[i].screen == screen;
    if (n == 0)
        return NULL;
    const glx_config **out = Xmalloc((size_t)n * sizeof *out);
    if (!out)
        return NULL;
    n = 0;
    for (int i = 0; i < d->num_configs; i++)
        if (d->configs[i].screen == screen)
            out[n++] = &d->configs[i];
    if (nelements)
        *nelements = n;
    return out;
}

GLX_EXPORT int glXGetFBConfigAttrib(Display *dpy, void *config, int attribute, int *value)
{
    glx_display *d = glx_display_get(dpy);
    const glx_config *c = glx_config_check(d, config);
    if (!c)
        return GLX_BAD_VISUAL; /* GLX_BAD_VISUAL is what the spec names here */
    if (!value)
        return GLX_BAD_VALUE;
    return glx_config_attrib(c, attribute, value);
}

GLX_EXPORT XVisualInfo *glXGetVisualFromFBConfig(Display *dpy, void *config)
{
    glx_display *d = glx_display_get(dpy);
    const glx_config *c = glx_config_check(d, config);
    if (!c)
        return NULL;
    remember_choice(d, c);
    return visual_info(dpy, c);
}

/* GLX 1.2 glXChooseVisual. */
GLX_EXPORT XVisualInfo *glXChooseVisual(Display *dpy, int screen, int *attribs)
{
    glx_display *d = glx_display_get(dpy);
    if (!d || screen < 0 || screen >= ScreenCount(dpy))
        return NULL;
    bool rgba = false, db = false;
    int level = 0, minv[8] = {0}; /* r g b a depth stencil accum(any channel) buffer */
    bool accum_alpha = false;
    for (int i = 0; attribs && attribs[i] != None; i++) {
        switch (attribs[i]) {
        case GLX_USE_GL:
            break;
        case GLX_RGBA:
            rgba = true;
            break;
        case GLX_DOUBLEBUFFER:
            db = true;
            break;
        case GLX_STEREO:
            return NULL; /* no stereo visuals */
        case GLX_LEVEL:
            level = attribs[++i];
            break;
        case GLX_AUX_BUFFERS:
            if (attribs[++i] > 0)
                return NULL;
            break;
        case GLX_BUFFER_SIZE:
            minv[7] = attribs[++i];
            break;
        case GLX_RED_SIZE:
            minv[0] = attribs[++i];
            break;
        case GLX_GREEN_SIZE:
            minv[1] = attribs[++i];
            break;
        case GLX_BLUE_SIZE:
            minv[2] = attribs[++i];
            break;
        case GLX_ALPHA_SIZE:
            minv[3] = attribs[++i];
            break;
        case GLX_DEPTH_SIZE:
            minv[4] = attribs[++i];
            break;
        case GLX_STENCIL_SIZE:
            minv[5] = attribs[++i];
            break;
        case GLX_ACCUM_RED_SIZE:
        case GLX_ACCUM_GREEN_SIZE:
        case GLX_ACCUM_BLUE_SIZE:
            if (attribs[i + 1] > minv[6])
                minv[6] = attribs[i + 1];
            i++;
            break;
        case GLX_ACCUM_ALPHA_SIZE:
            if (attribs[i + 1] > minv[6])
                minv[6] = attribs[i + 1];
            accum_alpha = attribs[i + 1] > 0;
            i++;
            break;
        case GLX_SAMPLE_BUFFERS_ARB:
        case GLX_SAMPLES_ARB:
            if (attribs[++i] > 0)
                return NULL;
            break;
        case GLX_X_VISUAL_TYPE:
            if (attribs[++i] != GLX_TRUE_COLOR && attribs[i] != (int)GLX_DONT_CARE)
                return NULL;
            break;
        case GLX_CONFIG_CAVEAT:
        case GLX_TRANSPARENT_TYPE:
        case GLX_FRAMEBUFFER_SRGB_CAPABLE_EXT:
            i++;
            break;
        default:
            return NULL;
        }
    }
    if (!rgba || level != 0)
        return NULL; /* colour-index and overlay visuals do not exist here */
    const glx_config *best = NULL;
    for (int i = 0; i < d->num_configs; i++) {
        const glx_config *c = &d->configs[i];
        if (c->screen != screen || c->doublebuffer != db)
            continue;
        if (c->red < minv[0] || c->green < minv[1] || c->blue < minv[2] || c->alpha < minv[3] ||
            c->depth < minv[4] || c->stencil < minv[5] || c->accum < minv[6] ||
            (accum_alpha && !c->alpha) || c->red + c->green + c->blue + c->alpha < minv[7])
            continue;
        if (!best) {
            best = c;
            continue;
        }
        /* GLX 1.2 preferences, in this order. */
        const int ca = c->red + c->green + c->blue + c->alpha;
        const int cb = best->red + best->green + best->blue + best->alpha;
        int better = 0;
        if (ca != cb)
            better = ca > cb ? 1 : -1;
        else if (c->depth != best->depth)
            better = (minv[4] == 0 ? c->depth < best->depth : c->depth > best->depth) ? 1 : -1;
        else if (c->stencil != best->stencil)
            better = c->stencil < best->stencil ? 1 : -1;
        else if (c->accum != best->accum)
            better = (minv[6] == 0 ? c->accum < best->accum : c->accum > best->accum) ? 1 : -1;
        if (better > 0)
            best = c;
    }
    if (!best)
        return NULL;
    remember_choice(d, best);
    return visual_info(dpy, best);
}

GLX_EXPORT int glXGetConfig(Display *dpy, XVisualInfo *vis, int attrib, int *value)
{
    glx_display *d = glx_display_get(dpy);
    if (!d)
        return GLX_NO_EXTENSION;
    if (!vis || !value)
        return GLX_BAD_VALUE;
    const glx_config *c = glx_visual_supported(dpy, vis->visualid, vis->screen, NULL)
                              ? glx_visual_config(d, vis)
                              : NULL;
    if (!c) {
        if (attrib == GLX_USE_GL) {
            *value = False;
            return Success;
        }
        return GLX_BAD_VISUAL;
    }
    return glx_config_attrib(c, attrib, value);
}
