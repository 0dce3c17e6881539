/*
 * glvnd_vendor.c: libGLX_swr.so.0, swr as a vendor library of libglvnd.
 *
 * With libglvnd, programs link against glvnd's libGL.so.1 / libGLX.so.0 /
 * libOpenGL.so.0; libGLX.so.0 picks a vendor per X screen (for example
 * through __GLX_VENDOR_LIBRARY_NAME=swr, which makes it dlopen
 * libGLX_swr.so.0) and calls its one exported function, __glx_Main. That
 * function checks the ABI major version, keeps the exports table (glvnd's
 * services: context / config / drawable to vendor maps) and fills the
 * imports table that glvnd calls back:
 *   isScreenSupported   every screen (swr draws with Xlib, any X server)
 *   getProcAddress      swr's glXGetProcAddressARB: the GLX 1.4 functions
 *                       glvnd dispatches itself, and every gl* function,
 *                       which glvnd's libGLdispatch puts in the dispatch
 *                       table that libGL.so.1 / libOpenGL.so.0 call through
 *   getDispatchAddress  dispatch stubs for the GLX extension functions
 *                       that glvnd does not know (below); NULL otherwise
 *   setDispatchIndex    records the index glvnd gives each stub
 * The library is the same swr_glx and GL frontend objects as libGL.so.1
 * (no second GLX), linked with only __glx_Main exported: every glX* and
 * gl* symbol stays local, so the library's own calls never bind to
 * glvnd's libGLX.so.0 functions of the same name.
 *
 * Dispatch stubs: an extension function a program gets from glvnd's
 * glXGetProcAddress is glvnd's stub, which asks each vendor for a
 * dispatch address. Ours find the vendor of their first argument (the
 * display's screen, the current context) through the exports table and
 * call that vendor's function from its dispatch entry, so a program with
 * two vendors still reaches the right one. glXCreateContextAttribsARB
 * registers the new context with glvnd (addVendorContextMapping), as the
 * vendor ABI requires for contexts glvnd did not create itself.
 */
#include <GL/glx.h>
#include <glvnd/libglxabi.h>
#include <string.h>

typedef void (*glx_proc)(void);
extern glx_proc glXGetProcAddressARB(const unsigned char *name);

static const __GLXapiExports *glvnd;

/* The GLX extension functions that get stubs, with their indices. */
enum {
    STUB_CREATE_ATTRIBS,
    STUB_SWAP_EXT,
    STUB_SWAP_MESA,
    STUB_SWAP_SGI,
    STUB_GET_SWAP_MESA,
    STUB_QUERY_INT,
    STUB_QUERY_STR,
    STUB_QUERY_CUR_INT,
    STUB_QUERY_CUR_STR,
    STUB_COUNT
};
static const char *const stub_names[STUB_COUNT] = {
    "glXCreateContextAttribsARB",  "glXSwapIntervalEXT",
    "glXSwapIntervalMESA",         "glXSwapIntervalSGI",
    "glXGetSwapIntervalMESA",      "glXQueryRendererIntegerMESA",
    "glXQueryRendererStringMESA",  "glXQueryCurrentRendererIntegerMESA",
    "glXQueryCurrentRendererStringMESA",
};
static int stub_index[STUB_COUNT] = {-1, -1, -1, -1, -1, -1, -1, -1, -1};

static glx_proc vendor_entry(__GLXvendorInfo *v, int stub)
{
    if (!v || stub_index[stub] < 0)
        return NULL;
    return (glx_proc)glvnd->fetchDispatchEntry(v, stub_index[stub]);
}

typedef GLXContext (*create_attribs_fn)(Display *, GLXFBConfig, GLXContext, Bool, const int *);
static GLXContext stub_create_context_attribs(Display *dpy, GLXFBConfig config, GLXContext share,
                                              Bool direct, const int *attribs)
{
    __GLXvendorInfo *v = config ? glvnd->vendorFromFBConfig(dpy, config) : NULL;
    create_attribs_fn f = (create_attribs_fn)vendor_entry(v, STUB_CREATE_ATTRIBS);
    if (!f)
        return NULL;
    GLXContext ctx = f(dpy, config, share, direct, attribs);
    if (ctx && glvnd->addVendorContextMapping(dpy, ctx, v) != 0)
        return NULL;
    return ctx;
}

typedef void (*swap_ext_fn)(Display *, GLXDrawable, int);
static void stub_swap_interval_ext(Display *dpy, GLXDrawable d, int interval)
{
    __GLXvendorInfo *v = glvnd->vendorFromDrawable(dpy, d);
    swap_ext_fn f = (swap_ext_fn)vendor_entry(v, STUB_SWAP_EXT);
    if (f)
        f(dpy, d, interval);
}

typedef int (*swap_int_fn)(int);
static int swap_int_current(int stub, int interval)
{
    swap_int_fn f = (swap_int_fn)vendor_entry(glvnd->getCurrentDynDispatch(), stub);
    return f ? f(interval) : GLX_BAD_CONTEXT;
}
static int stub_swap_interval_mesa(unsigned interval)
{
    return swap_int_current(STUB_SWAP_MESA, (int)interval);
}
static int stub_swap_interval_sgi(int interval)
{
    return swap_int_current(STUB_SWAP_SGI, interval);
}
typedef int (*get_swap_fn)(void);
static int stub_get_swap_interval_mesa(void)
{
    get_swap_fn f = (get_swap_fn)vendor_entry(glvnd->getCurrentDynDispatch(), STUB_GET_SWAP_MESA);
    return f ? f() : 0;
}

/* GLX_MESA_query_renderer: the screen's vendor, or the current one. */
typedef Bool (*query_int_fn)(Display *, int, int, int, unsigned *);
static Bool stub_query_renderer_integer(Display *dpy, int screen, int renderer, int attribute,
                                        unsigned *value)
{
    __GLXvendorInfo *v = dpy ? glvnd->getDynDispatch(dpy, screen) : NULL;
    query_int_fn f = (query_int_fn)vendor_entry(v, STUB_QUERY_INT);
    return f ? f(dpy, screen, renderer, attribute, value) : False;
}
typedef const char *(*query_str_fn)(Display *, int, int, int);
static const char *stub_query_renderer_string(Display *dpy, int screen, int renderer,
                                              int attribute)
{
    __GLXvendorInfo *v = dpy ? glvnd->getDynDispatch(dpy, screen) : NULL;
    query_str_fn f = (query_str_fn)vendor_entry(v, STUB_QUERY_STR);
    return f ? f(dpy, screen, renderer, attribute) : NULL;
}
typedef Bool (*query_cur_int_fn)(int, unsigned *);
static Bool stub_query_current_renderer_integer(int attribute, unsigned *value)
{
    query_cur_int_fn f =
        (query_cur_int_fn)vendor_entry(glvnd->getCurrentDynDispatch(), STUB_QUERY_CUR_INT);
    return f ? f(attribute, value) : False;
}
typedef const char *(*query_cur_str_fn)(int);
static const char *stub_query_current_renderer_string(int attribute)
{
    query_cur_str_fn f =
        (query_cur_str_fn)vendor_entry(glvnd->getCurrentDynDispatch(), STUB_QUERY_CUR_STR);
    return f ? f(attribute) : NULL;
}

static const glx_proc stub_fns[STUB_COUNT] = {
    (glx_proc)stub_create_context_attribs,  (glx_proc)stub_swap_interval_ext,
    (glx_proc)stub_swap_interval_mesa,      (glx_proc)stub_swap_interval_sgi,
    (glx_proc)stub_get_swap_interval_mesa,  (glx_proc)stub_query_renderer_integer,
    (glx_proc)stub_query_renderer_string,   (glx_proc)stub_query_current_renderer_integer,
    (glx_proc)stub_query_current_renderer_string,
};

static int stub_find(const GLubyte *name)
{
    for (int i = 0; i < STUB_COUNT; i++)
        if (name && strcmp((const char *)name, stub_names[i]) == 0)
            return i;
    return -1;
}

static Bool vendor_screen_supported(Display *dpy, int screen)
{
    (void)dpy;
    (void)screen;
    return True;
}

static void *vendor_get_proc_address(const GLubyte *name)
{
    return (void *)glXGetProcAddressARB(name);
}

static void *vendor_get_dispatch_address(const GLubyte *name)
{
    int i = stub_find(name);
    return i < 0 ? NULL : (void *)stub_fns[i];
}

static void vendor_set_dispatch_index(const GLubyte *name, int index)
{
    int i = stub_find(name);
    if (i >= 0)
        stub_index[i] = index;
}

__attribute__((visibility("default"))) Bool __glx_Main(uint32_t version, const __GLXapiExports *exports,
                                                       __GLXvendorInfo *vendor, __GLXapiImports *imports)
{
    (void)vendor;
    if (GLX_VENDOR_ABI_GET_MAJOR_VERSION(version) != GLX_VENDOR_ABI_MAJOR_VERSION || !exports || !imports)
        return False;
    glvnd = exports;
    imports->isScreenSupported = vendor_screen_supported;
    imports->getProcAddress = vendor_get_proc_address;
    imports->getDispatchAddress = vendor_get_dispatch_address;
    imports->setDispatchIndex = vendor_set_dispatch_index;
    /* notifyError and the patch hooks stay NULL: optional in the ABI. */
    return True;
}
