/*
 * test_glx_x11.c: GLX behaviour of a libGL.so.1 on a running X server
 * ($DISPLAY, a private Xvfb started by run_glx.sh).
 *
 * Usage: test_glx_x11 <libGL under test> [<oracle libGL>]
 *        test_glx_x11 --bench <libGL>   (present cost at 1920x1080)
 * The program links X11 only; each library is dlopen'ed (RTLD_LOCAL) and
 * reached through glXGetProcAddressARB. The oracle (Mesa's libGL with
 * llvmpipe) runs the same scene in a forked child on its own connection
 * and sends its window image back through a pipe, so two GL stacks never
 * share a process.
 *
 * Checked against the GLX 1.4 spec: every config glXChooseFBConfig
 * returns matches the request (minimum sizes, exact booleans, masks), no
 * matching config from glXGetFBConfigs is missing, and the list is sorted
 * by table 3.4's rules (this file's own comparator); glXChooseVisual and
 * glXGetConfig agree. Rendering: a GLSL triangle over a glClear is read
 * back with glReadPixels and, after glXSwapBuffers, with XGetImage (the
 * two must be equal, the image flipped), and compared with llvmpipe's;
 * a resized window, front-buffer drawing, glXCopySubBufferMESA's
 * rectangle, a single-buffered window
 * (glFlush presents), a GLX pixmap, a pbuffer, two threads rendering into
 * their own windows, and bad arguments (X errors counted, no crash).
 * Each failed check prints a line; the exit status is the failure count.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <GL/glxtokens.h>

/* GL tokens used here (OpenGL 2.1 specification values). */
#define GL_COLOR_BUFFER_BIT    0x00004000
#define GL_TRIANGLES           0x0004
#define GL_FLOAT               0x1406
#define GL_UNSIGNED_BYTE       0x1401
#define GL_RGBA                0x1908
#define GL_FRONT               0x0404
#define GL_BACK                0x0405
#define GL_RENDERER            0x1F01
#define GL_VERSION             0x1F02
#define GL_ARRAY_BUFFER        0x8892
#define GL_STATIC_DRAW         0x88E4
#define GL_VERTEX_SHADER       0x8B31
#define GL_FRAGMENT_SHADER     0x8B30
#define GL_LINK_STATUS         0x8B82
#define GL_PACK_ALIGNMENT      0x0D05
#define GLX_SAMPLE_BUFFERS_ARB 100000
#define GLX_SAMPLES_ARB        100001

typedef void *GLXFBConfig;
typedef void *GLXContext;
typedef XID GLXDrawable;
typedef void (*proc)(void);

struct api {
    void *lib;
    proc (*GetProcAddressARB)(const unsigned char *);
    Bool (*QueryExtension)(Display *, int *, int *);
    Bool (*QueryVersion)(Display *, int *, int *);
    GLXFBConfig *(*ChooseFBConfig)(Display *, int, const int *, int *);
    GLXFBConfig *(*GetFBConfigs)(Display *, int, int *);
    int (*GetFBConfigAttrib)(Display *, GLXFBConfig, int, int *);
    XVisualInfo *(*GetVisualFromFBConfig)(Display *, GLXFBConfig);
    XVisualInfo *(*ChooseVisual)(Display *, int, int *);
    int (*GetConfig)(Display *, XVisualInfo *, int, int *);
    GLXContext (*CreateNewContext)(Display *, GLXFBConfig, int, GLXContext, Bool);
    GLXContext (*CreateContextAttribsARB)(Display *, GLXFBConfig, GLXContext, Bool, const int *);
    void (*DestroyContext)(Display *, GLXContext);
    Bool (*MakeCurrent)(Display *, GLXDrawable, GLXContext);
    GLXContext (*GetCurrentContext)(void);
    void (*SwapBuffers)(Display *, GLXDrawable);
    GLXDrawable (*CreatePixmap)(Display *, GLXFBConfig, Pixmap, const int *);
    void (*DestroyPixmap)(Display *, GLXDrawable);
    GLXDrawable (*CreatePbuffer)(Display *, GLXFBConfig, const int *);
    void (*DestroyPbuffer)(Display *, GLXDrawable);
    void (*QueryDrawable)(Display *, GLXDrawable, int, unsigned *);
    const char *(*QueryExtensionsString)(Display *, int);
    void (*CopySubBufferMESA)(Display *, GLXDrawable, int, int, int, int);
    /* GL */
    void (*Clear)(unsigned);
    void (*ClearColor)(float, float, float, float);
    void (*Viewport)(int, int, int, int);
    void (*Finish)(void);
    void (*Flush)(void);
    void (*DrawBuffer)(unsigned);
    void (*ReadPixels)(int, int, int, int, unsigned, unsigned, void *);
    void (*PixelStorei)(unsigned, int);
    const unsigned char *(*GetString)(unsigned);
    unsigned (*GetError)(void);
    unsigned (*CreateShader)(unsigned);
    void (*ShaderSource)(unsigned, int, const char *const *, const int *);
    void (*CompileShader)(unsigned);
    unsigned (*CreateProgram)(void);
    void (*AttachShader)(unsigned, unsigned);
    void (*BindAttribLocation)(unsigned, unsigned, const char *);
    void (*LinkProgram)(unsigned);
    void (*GetProgramiv)(unsigned, unsigned, int *);
    void (*UseProgram)(unsigned);
    void (*GenBuffers)(int, unsigned *);
    void (*BindBuffer)(unsigned, unsigned);
    void (*BufferData)(unsigned, long, const void *, unsigned);
    void (*VertexAttribPointer)(unsigned, int, unsigned, unsigned char, int, const void *);
    void (*EnableVertexAttribArray)(unsigned);
    void (*DrawArrays)(unsigned, int, int);
};

static int failures;
/* Check glXChooseFBConfig's order and swr's own behaviour beyond Mesa's
 * (off in the oracle's process, see oracle_image). */
static bool check_order = true;
static Display *open_display(void);
#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

static bool load(struct api *a, const char *path)
{
    memset(a, 0, sizeof *a);
    a->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!a->lib) {
        fprintf(stderr, "cannot load %s: %s\n", path, dlerror());
        return false;
    }
    a->GetProcAddressARB = (proc(*)(const unsigned char *))dlsym(a->lib, "glXGetProcAddressARB");
    if (!a->GetProcAddressARB)
        return false;
#define L(field, name)                                                                             \
    do {                                                                                           \
        *(proc *)&a->field = a->GetProcAddressARB((const unsigned char *)name);                    \
        if (!a->field) {                                                                           \
            fprintf(stderr, "%s: no %s\n", path, name);                                            \
            return false;                                                                          \
        }                                                                                          \
    } while (0)
    L(QueryExtension, "glXQueryExtension");
    L(QueryVersion, "glXQueryVersion");
    L(ChooseFBConfig, "glXChooseFBConfig");
    L(GetFBConfigs, "glXGetFBConfigs");
    L(GetFBConfigAttrib, "glXGetFBConfigAttrib");
    L(GetVisualFromFBConfig, "glXGetVisualFromFBConfig");
    L(ChooseVisual, "glXChooseVisual");
    L(GetConfig, "glXGetConfig");
    L(CreateNewContext, "glXCreateNewContext");
    L(CreateContextAttribsARB, "glXCreateContextAttribsARB");
    L(DestroyContext, "glXDestroyContext");
    L(MakeCurrent, "glXMakeCurrent");
    L(GetCurrentContext, "glXGetCurrentContext");
    L(SwapBuffers, "glXSwapBuffers");
    L(CreatePixmap, "glXCreatePixmap");
    L(DestroyPixmap, "glXDestroyPixmap");
    L(CreatePbuffer, "glXCreatePbuffer");
    L(DestroyPbuffer, "glXDestroyPbuffer");
    L(QueryDrawable, "glXQueryDrawable");
    L(QueryExtensionsString, "glXQueryExtensionsString");
    L(CopySubBufferMESA, "glXCopySubBufferMESA");
    L(Clear, "glClear");
    L(ClearColor, "glClearColor");
    L(Viewport, "glViewport");
    L(Finish, "glFinish");
    L(Flush, "glFlush");
    L(DrawBuffer, "glDrawBuffer");
    L(ReadPixels, "glReadPixels");
    L(PixelStorei, "glPixelStorei");
    L(GetString, "glGetString");
    L(GetError, "glGetError");
    L(CreateShader, "glCreateShader");
    L(ShaderSource, "glShaderSource");
    L(CompileShader, "glCompileShader");
    L(CreateProgram, "glCreateProgram");
    L(AttachShader, "glAttachShader");
    L(BindAttribLocation, "glBindAttribLocation");
    L(LinkProgram, "glLinkProgram");
    L(GetProgramiv, "glGetProgramiv");
    L(UseProgram, "glUseProgram");
    L(GenBuffers, "glGenBuffers");
    L(BindBuffer, "glBindBuffer");
    L(BufferData, "glBufferData");
    L(VertexAttribPointer, "glVertexAttribPointer");
    L(EnableVertexAttribArray, "glEnableVertexAttribArray");
    L(DrawArrays, "glDrawArrays");
#undef L
    return true;
}

/* ---- X errors -------------------------------------------------------------- */

static int x_errors, last_error_code;
static int count_error(Display *dpy, XErrorEvent *ev)
{
    (void)dpy;
    x_errors++;
    last_error_code = ev->error_code;
    return 0;
}

/* ---- the spec's config rules ---------------------------------------------- */

static int attr(struct api *a, Display *dpy, GLXFBConfig c, int name)
{
    int v = -12345;
    a->GetFBConfigAttrib(dpy, c, name, &v);
    return v;
}

/* The attributes a test request uses and how GLX 1.4 table 3.4 matches them. */
enum rule { MIN, EXACT, MASK };
static const struct {
    int name;
    enum rule rule;
} rules[] = {
    {GLX_BUFFER_SIZE, MIN},     {GLX_DOUBLEBUFFER, EXACT}, {GLX_RED_SIZE, MIN},
    {GLX_GREEN_SIZE, MIN},      {GLX_BLUE_SIZE, MIN},      {GLX_ALPHA_SIZE, MIN},
    {GLX_DEPTH_SIZE, MIN},      {GLX_STENCIL_SIZE, MIN},   {GLX_ACCUM_RED_SIZE, MIN},
    {GLX_RENDER_TYPE, MASK},    {GLX_DRAWABLE_TYPE, MASK}, {GLX_X_VISUAL_TYPE, EXACT},
    {GLX_CONFIG_CAVEAT, EXACT}, {GLX_LEVEL, EXACT},        {GLX_STEREO, EXACT},
};

static bool config_matches(struct api *a, Display *dpy, GLXFBConfig c, const int *req)
{
    int defaults_drawable = GLX_WINDOW_BIT, defaults_render = GLX_RGBA_BIT;
    bool drawable_given = false, render_given = false;
    for (int i = 0; req[i]; i += 2) {
        const int v = req[i + 1];
        if (req[i] == GLX_DRAWABLE_TYPE)
            drawable_given = true;
        if (req[i] == GLX_RENDER_TYPE)
            render_given = true;
        if (v == (int)GLX_DONT_CARE)
            continue;
        for (size_t k = 0; k < sizeof rules / sizeof rules[0]; k++) {
            if (rules[k].name != req[i])
                continue;
            const int have = attr(a, dpy, c, req[i]);
            if ((rules[k].rule == MIN && have < v) || (rules[k].rule == EXACT && have != v) ||
                (rules[k].rule == MASK && (have & v) != v))
                return false;
        }
    }
    if (!drawable_given && (attr(a, dpy, c, GLX_DRAWABLE_TYPE) & defaults_drawable) == 0)
        return false;
    if (!render_given && (attr(a, dpy, c, GLX_RENDER_TYPE) & defaults_render) == 0)
        return false;
    if (attr(a, dpy, c, GLX_LEVEL) != 0 || attr(a, dpy, c, GLX_STEREO) != 0)
        return false; /* defaults: level 0, stereo False */
    return true;
}

static int caveat_rank(int c) { return c == GLX_NONE ? 0 : c == GLX_SLOW_CONFIG ? 1 : 2; }

/* <0: a sorts first, per GLX 1.4 table 3.4 (the priorities that apply to
 * RGBA configs); 0: either order. */
static int spec_order(struct api *a, Display *dpy, GLXFBConfig x, GLXFBConfig y, const int *req)
{
    bool want[4] = {false, false, false, false};
    static const int comp[4] = {GLX_RED_SIZE, GLX_GREEN_SIZE, GLX_BLUE_SIZE, GLX_ALPHA_SIZE};
    for (int i = 0; req[i]; i += 2)
        for (int k = 0; k < 4; k++)
            if (req[i] == comp[k] && req[i + 1] > 0 && req[i + 1] != (int)GLX_DONT_CARE)
                want[k] = true;
    int d;
    if ((d = caveat_rank(attr(a, dpy, x, GLX_CONFIG_CAVEAT)) -
             caveat_rank(attr(a, dpy, y, GLX_CONFIG_CAVEAT))))
        return d;
    int sx = 0, sy = 0;
    for (int k = 0; k < 4; k++)
        if (want[k])
            sx += attr(a, dpy, x, comp[k]), sy += attr(a, dpy, y, comp[k]);
    if (sx != sy)
        return sy - sx; /* larger first */
    if ((d = attr(a, dpy, x, GLX_BUFFER_SIZE) - attr(a, dpy, y, GLX_BUFFER_SIZE)))
        return d;
    if ((d = attr(a, dpy, x, GLX_DOUBLEBUFFER) - attr(a, dpy, y, GLX_DOUBLEBUFFER)))
        return d;
    if ((d = attr(a, dpy, x, GLX_AUX_BUFFERS) - attr(a, dpy, y, GLX_AUX_BUFFERS)))
        return d;
    if ((d = attr(a, dpy, x, GLX_SAMPLE_BUFFERS_ARB) - attr(a, dpy, y, GLX_SAMPLE_BUFFERS_ARB)))
        return d;
    if ((d = attr(a, dpy, x, GLX_SAMPLES_ARB) - attr(a, dpy, y, GLX_SAMPLES_ARB)))
        return d;
    if ((d = attr(a, dpy, y, GLX_DEPTH_SIZE) - attr(a, dpy, x, GLX_DEPTH_SIZE)))
        return d;
    if ((d = attr(a, dpy, x, GLX_STENCIL_SIZE) - attr(a, dpy, y, GLX_STENCIL_SIZE)))
        return d;
    int ax = 0, ay = 0;
    static const int acc[4] = {GLX_ACCUM_RED_SIZE, GLX_ACCUM_GREEN_SIZE, GLX_ACCUM_BLUE_SIZE,
                               GLX_ACCUM_ALPHA_SIZE};
    for (int k = 0; k < 4; k++)
        ax += attr(a, dpy, x, acc[k]), ay += attr(a, dpy, y, acc[k]);
    return ay - ax;
}

/* The sort keys of a config, for failure messages (two buffers). */
static const char *describe(struct api *a, Display *dpy, GLXFBConfig c, int slot)
{
    static char buf[2][160];
    snprintf(buf[slot], sizeof buf[slot],
             "caveat 0x%x rgba %d%d%d%d buf %d db %d aux %d ms %d/%d z %d s %d acc %d type 0x%x",
             attr(a, dpy, c, GLX_CONFIG_CAVEAT), attr(a, dpy, c, GLX_RED_SIZE),
             attr(a, dpy, c, GLX_GREEN_SIZE), attr(a, dpy, c, GLX_BLUE_SIZE),
             attr(a, dpy, c, GLX_ALPHA_SIZE), attr(a, dpy, c, GLX_BUFFER_SIZE),
             attr(a, dpy, c, GLX_DOUBLEBUFFER), attr(a, dpy, c, GLX_AUX_BUFFERS),
             attr(a, dpy, c, GLX_SAMPLE_BUFFERS_ARB), attr(a, dpy, c, GLX_SAMPLES_ARB),
             attr(a, dpy, c, GLX_DEPTH_SIZE), attr(a, dpy, c, GLX_STENCIL_SIZE),
             attr(a, dpy, c, GLX_ACCUM_RED_SIZE), attr(a, dpy, c, GLX_X_VISUAL_TYPE));
    return buf[slot];
}

static void check_choose(struct api *a, Display *dpy, const int *req, const char *what)
{
    int n = 0, all_n = 0;
    GLXFBConfig *list = a->ChooseFBConfig(dpy, DefaultScreen(dpy), req, &n);
    GLXFBConfig *all = a->GetFBConfigs(dpy, DefaultScreen(dpy), &all_n);
    CHECK(all && all_n > 0, "glXGetFBConfigs: none");
    int expected = 0;
    for (int i = 0; i < all_n; i++)
        expected += config_matches(a, dpy, all[i], req);
    CHECK(n == expected, "%s: %d configs returned, %d of glXGetFBConfigs match", what, n, expected);
    for (int i = 0; i < n; i++) {
        CHECK(config_matches(a, dpy, list[i], req), "%s: config %d does not match", what, i);
        if (i > 0 && check_order)
            CHECK(spec_order(a, dpy, list[i - 1], list[i], req) <= 0,
                  "%s: configs %d and %d out of the spec's order: %s / %s", what, i - 1, i,
                  describe(a, dpy, list[i - 1], 0), describe(a, dpy, list[i], 1));
    }
    XFree(list);
    XFree(all);
}

static void check_configs(struct api *a, Display *dpy)
{
    int maj = 0, min = 0;
    CHECK(a->QueryExtension(dpy, NULL, NULL), "glXQueryExtension");
    CHECK(a->QueryVersion(dpy, &maj, &min) && (maj > 1 || (maj == 1 && min >= 4)),
          "GLX version %d.%d < 1.4", maj, min);
    const int none[] = {0};
    const int dbl[] = {GLX_DOUBLEBUFFER, True, GLX_DEPTH_SIZE, 16, 0};
    const int rgb[] = {GLX_RED_SIZE,
                       1,
                       GLX_GREEN_SIZE,
                       1,
                       GLX_BLUE_SIZE,
                       1,
                       GLX_DEPTH_SIZE,
                       1,
                       GLX_STENCIL_SIZE,
                       1,
                       0};
    const int single[] = {GLX_DOUBLEBUFFER,
                          False,
                          GLX_RENDER_TYPE,
                          GLX_RGBA_BIT,
                          GLX_DRAWABLE_TYPE,
                          GLX_WINDOW_BIT | GLX_PIXMAP_BIT,
                          0};
    const int alpha[] = {GLX_ALPHA_SIZE, 1, GLX_DOUBLEBUFFER, (int)GLX_DONT_CARE, 0};
    const int accum[] = {GLX_ACCUM_RED_SIZE, 1, 0};
    const int pbuf[] = {GLX_DRAWABLE_TYPE, GLX_PBUFFER_BIT, GLX_X_VISUAL_TYPE, GLX_TRUE_COLOR, 0};
    check_choose(a, dpy, none, "no attributes");
    check_choose(a, dpy, dbl, "double, depth 16");
    check_choose(a, dpy, rgb, "rgb, depth, stencil");
    check_choose(a, dpy, single, "single, window+pixmap");
    check_choose(a, dpy, alpha, "alpha");
    check_choose(a, dpy, accum, "accum");
    check_choose(a, dpy, pbuf, "pbuffer");

    int vattr[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 1, GLX_DEPTH_SIZE, 16, None};
    XVisualInfo *vi = a->ChooseVisual(dpy, DefaultScreen(dpy), vattr);
    CHECK(vi != NULL, "glXChooseVisual(RGBA, double, depth 16)");
    if (vi) {
        int v = 0;
        CHECK(a->GetConfig(dpy, vi, GLX_USE_GL, &v) == Success && v, "GLX_USE_GL");
        CHECK(a->GetConfig(dpy, vi, GLX_RGBA, &v) == Success && v, "GLX_RGBA");
        CHECK(a->GetConfig(dpy, vi, GLX_DOUBLEBUFFER, &v) == Success && v == 1, "double");
        CHECK(a->GetConfig(dpy, vi, GLX_DEPTH_SIZE, &v) == Success && v >= 16, "depth %d", v);
        CHECK(a->GetConfig(dpy, vi, GLX_RED_SIZE, &v) == Success && v >= 1, "red %d", v);
        CHECK(vi->class == TrueColor, "visual class %d", vi->class);
        XFree(vi);
    }
    int sattr[] = {GLX_RGBA, GLX_RED_SIZE, 1, None};
    vi = a->ChooseVisual(dpy, DefaultScreen(dpy), sattr);
    CHECK(vi != NULL, "glXChooseVisual(RGBA, single)");
    if (vi) {
        int v = -1;
        CHECK(a->GetConfig(dpy, vi, GLX_DOUBLEBUFFER, &v) == Success && v == 0, "single: %d", v);
        XFree(vi);
    }
}

/* ---- rendering ------------------------------------------------------------ */

enum { SCENE_W = 67, SCENE_H = 45 };

static GLXFBConfig pick(struct api *a, Display *dpy, bool dbl, int drawable_bits)
{
    const int req[] = {
        GLX_DOUBLEBUFFER, dbl, GLX_RED_SIZE, 8, GLX_DEPTH_SIZE, 16, GLX_DRAWABLE_TYPE,
        drawable_bits,    0};
    int n = 0;
    GLXFBConfig *list = a->ChooseFBConfig(dpy, DefaultScreen(dpy), req, &n);
    GLXFBConfig c = list && n > 0 ? list[0] : NULL;
    if (list)
        XFree(list);
    return c;
}

/* Windows of the threads must not overlap: XGetImage of an obscured part
 * returns whatever covers it. */
static Window make_window_at(struct api *a, Display *dpy, GLXFBConfig c, int x, int y, int w, int h)
{
    XVisualInfo *vi = a->GetVisualFromFBConfig(dpy, c);
    if (!vi)
        return None;
    XSetWindowAttributes swa = {0};
    Window root = RootWindow(dpy, vi->screen);
    swa.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
    swa.border_pixel = 0;
    Window win = XCreateWindow(dpy, root, x, y, (unsigned)w, (unsigned)h, 0, vi->depth, InputOutput,
                               vi->visual, CWColormap | CWBorderPixel, &swa);
    XMapWindow(dpy, win);
    XSync(dpy, False);
    XFree(vi);
    return win;
}

static Window make_window(struct api *a, Display *dpy, GLXFBConfig c, int w, int h)
{
    return make_window_at(a, dpy, c, 0, 0, w, h);
}

/* RGBA rows, top row first, of an X drawable. */
static uint8_t *x_image(Display *dpy, Drawable d, int w, int h)
{
    XImage *img = XGetImage(dpy, d, 0, 0, (unsigned)w, (unsigned)h, AllPlanes, ZPixmap);
    if (!img)
        return NULL;
    uint8_t *out = malloc((size_t)w * h * 4);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned long p = XGetPixel(img, x, y);
            uint8_t *o = out + ((size_t)y * w + x) * 4;
            o[0] = (uint8_t)(p >> 16), o[1] = (uint8_t)(p >> 8), o[2] = (uint8_t)p, o[3] = 255;
        }
    XDestroyImage(img);
    return out;
}

static bool all_pixels(const uint8_t *img, int n, int r, int g, int b)
{
    for (int i = 0; img && i < n; i++)
        if (abs(img[i * 4] - r) > 1 || abs(img[i * 4 + 1] - g) > 1 || abs(img[i * 4 + 2] - b) > 1)
            return false;
    return img != NULL;
}

static const char *vs_src = "attribute vec2 pos; attribute vec3 col; varying vec3 v;\n"
                            "void main() { v = col; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_src = "varying vec3 v;\n"
                            "void main() { gl_FragColor = vec4(v * 0.75 + 0.125, 1.0); }\n";

static void draw_scene(struct api *a)
{
    static const float verts[] = {-0.8f, -0.9f, 1,     0,     0, 0.9f, -0.5f, 0,
                                  1,     0,     -0.2f, 0.85f, 0, 0,    1};
    a->Viewport(0, 0, SCENE_W, SCENE_H);
    a->ClearColor(0.2f, 0.3f, 0.4f, 1.0f);
    a->Clear(GL_COLOR_BUFFER_BIT);
    unsigned vs = a->CreateShader(GL_VERTEX_SHADER), fs = a->CreateShader(GL_FRAGMENT_SHADER);
    a->ShaderSource(vs, 1, &vs_src, NULL);
    a->ShaderSource(fs, 1, &fs_src, NULL);
    a->CompileShader(vs);
    a->CompileShader(fs);
    unsigned prog = a->CreateProgram();
    a->AttachShader(prog, vs);
    a->AttachShader(prog, fs);
    a->BindAttribLocation(prog, 0, "pos");
    a->BindAttribLocation(prog, 1, "col");
    a->LinkProgram(prog);
    int linked = 0;
    a->GetProgramiv(prog, GL_LINK_STATUS, &linked);
    CHECK(linked, "GLSL program does not link");
    a->UseProgram(prog);
    unsigned vbo;
    a->GenBuffers(1, &vbo);
    a->BindBuffer(GL_ARRAY_BUFFER, vbo);
    a->BufferData(GL_ARRAY_BUFFER, sizeof verts, verts, GL_STATIC_DRAW);
    a->VertexAttribPointer(0, 2, GL_FLOAT, 0, 5 * sizeof(float), (void *)0);
    a->VertexAttribPointer(1, 3, GL_FLOAT, 0, 5 * sizeof(float), (void *)(2 * sizeof(float)));
    a->EnableVertexAttribArray(0);
    a->EnableVertexAttribArray(1);
    a->DrawArrays(GL_TRIANGLES, 0, 3);
    a->UseProgram(0);
}

/* Renders the scene in a double-buffered window and returns XGetImage's
 * view of it after glXSwapBuffers (checking it against glReadPixels). */
static uint8_t *render_scene(struct api *a, Display *dpy)
{
    GLXFBConfig c = pick(a, dpy, true, GLX_WINDOW_BIT);
    CHECK(c != NULL, "no double-buffered window config");
    if (!c)
        return NULL;
    Window win = make_window(a, dpy, c, SCENE_W, SCENE_H);
    GLXContext ctx = a->CreateNewContext(dpy, c, GLX_RGBA_TYPE, NULL, True);
    CHECK(ctx != NULL, "glXCreateNewContext");
    if (!ctx)
        return NULL;
    CHECK(a->MakeCurrent(dpy, win, ctx), "glXMakeCurrent(window)");
    draw_scene(a);
    a->Finish();
    uint8_t *gl = malloc(SCENE_W * SCENE_H * 4);
    a->PixelStorei(GL_PACK_ALIGNMENT, 1);
    a->ReadPixels(0, 0, SCENE_W, SCENE_H, GL_RGBA, GL_UNSIGNED_BYTE, gl);
    CHECK(a->GetError() == 0, "GL error after the scene");
    a->SwapBuffers(dpy, win);
    XSync(dpy, False);
    uint8_t *xi = x_image(dpy, win, SCENE_W, SCENE_H);
    CHECK(xi != NULL, "XGetImage");
    int diff = 0;
    for (int y = 0; y < SCENE_H && xi; y++)
        for (int x = 0; x < SCENE_W; x++)
            for (int k = 0; k < 3; k++)
                diff += xi[((size_t)y * SCENE_W + x) * 4 + k] !=
                        gl[((size_t)(SCENE_H - 1 - y) * SCENE_W + x) * 4 + k];
    CHECK(diff == 0, "window after glXSwapBuffers differs from glReadPixels in %d values", diff);
    free(gl);

    /* resize: the framebuffer follows the window */
    XResizeWindow(dpy, win, 100, 80);
    XSync(dpy, False);
    a->SwapBuffers(dpy, win); /* the size is checked at swaps */
    CHECK(a->MakeCurrent(dpy, win, ctx), "glXMakeCurrent after resize");
    a->Viewport(0, 0, 100, 80);
    a->ClearColor(1, 0, 0, 1);
    a->Clear(GL_COLOR_BUFFER_BIT);
    a->SwapBuffers(dpy, win);
    XSync(dpy, False);
    uint8_t *big = x_image(dpy, win, 100, 80);
    CHECK(all_pixels(big, 100 * 80, 255, 0, 0), "resized window is not all red");
    free(big);
    unsigned w = 0, h = 0;
    a->QueryDrawable(dpy, win, GLX_WIDTH, &w);
    a->QueryDrawable(dpy, win, GLX_HEIGHT, &h);
    CHECK(w == 100 && h == 80, "glXQueryDrawable after resize: %ux%u", w, h);

    /* front-buffer drawing presents at glFlush */
    a->DrawBuffer(GL_FRONT);
    a->ClearColor(0, 0, 1, 1);
    a->Clear(GL_COLOR_BUFFER_BIT);
    a->Flush();
    XSync(dpy, False);
    big = x_image(dpy, win, 100, 80);
    CHECK(all_pixels(big, 100 * 80, 0, 0, 255), "front-buffer clear + glFlush is not on screen");
    free(big);
    a->DrawBuffer(GL_BACK);

    /* GLX_MESA_copy_sub_buffer: only the rectangle (GL coordinates: x 10..39,
     * y 20..34, so X rows 45..59) reaches the window */
    a->ClearColor(0, 1, 0, 1);
    a->Clear(GL_COLOR_BUFFER_BIT);
    a->CopySubBufferMESA(dpy, win, 10, 20, 30, 15);
    XSync(dpy, False);
    big = x_image(dpy, win, 100, 80);
    int wrong = 0;
    for (int y = 0; big && y < 80; y++)
        for (int x = 0; x < 100; x++) {
            const bool in = x >= 10 && x < 40 && y >= 45 && y < 60;
            const uint8_t *p = big + ((size_t)y * 100 + x) * 4;
            wrong += in ? !(p[0] == 0 && p[1] == 255 && p[2] == 0)
                        : !(p[0] == 0 && p[1] == 0 && p[2] == 255);
        }
    CHECK(big && wrong == 0, "glXCopySubBufferMESA: %d pixels wrong", wrong);
    free(big);

    /* swapping a window that is no longer current (the context moved on
     * to another window) still shows what was drawn into it; swr only:
     * Mesa sends that swap to the server, which answers BadMatch */
    Window other = None;
    if (check_order) {
        a->ClearColor(1, 1, 0, 1);
        a->Clear(GL_COLOR_BUFFER_BIT);
        other = make_window_at(a, dpy, c, 300, 300, 20, 20);
        CHECK(a->MakeCurrent(dpy, other, ctx), "glXMakeCurrent(second window)");
        a->SwapBuffers(dpy, win);
        XSync(dpy, False);
        big = x_image(dpy, win, 100, 80);
        CHECK(all_pixels(big, 100 * 80, 255, 255, 0), "swap of a window not current any more");
        free(big);
    }

    a->MakeCurrent(dpy, None, NULL);
    a->DestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    if (other)
        XDestroyWindow(dpy, other);
    return xi;
}

static void check_single_pixmap_pbuffer(struct api *a, Display *dpy)
{
    /* single-buffered window: glFlush presents */
    GLXFBConfig c = pick(a, dpy, false, GLX_WINDOW_BIT | GLX_PIXMAP_BIT);
    CHECK(c != NULL, "no single-buffered window+pixmap config");
    if (!c)
        return;
    Window win = make_window(a, dpy, c, 40, 30);
    GLXContext ctx = a->CreateNewContext(dpy, c, GLX_RGBA_TYPE, NULL, True);
    CHECK(ctx && a->MakeCurrent(dpy, win, ctx), "single-buffered make current");
    a->ClearColor(0, 1, 0, 1);
    a->Clear(GL_COLOR_BUFFER_BIT);
    a->Flush();
    XSync(dpy, False);
    uint8_t *img = x_image(dpy, win, 40, 30);
    CHECK(all_pixels(img, 40 * 30, 0, 255, 0), "single-buffered window after glFlush");
    free(img);

    /* GLX pixmap */
    int depth = 0;
    XVisualInfo *vi = a->GetVisualFromFBConfig(dpy, c);
    depth = vi ? vi->depth : 24;
    if (vi)
        XFree(vi);
    Pixmap pm = XCreatePixmap(dpy, RootWindow(dpy, DefaultScreen(dpy)), 32, 24, (unsigned)depth);
    GLXDrawable gpm = a->CreatePixmap(dpy, c, pm, NULL);
    CHECK(gpm != None, "glXCreatePixmap");
    CHECK(a->MakeCurrent(dpy, gpm, ctx), "glXMakeCurrent(pixmap)");
    a->Viewport(0, 0, 32, 24);
    a->ClearColor(1, 1, 0, 1);
    a->Clear(GL_COLOR_BUFFER_BIT);
    a->Finish();
    XSync(dpy, False);
    img = x_image(dpy, pm, 32, 24);
    CHECK(all_pixels(img, 32 * 24, 255, 255, 0), "pixmap after glFinish is not yellow");
    free(img);

    /* pbuffer */
    GLXFBConfig pc = pick(a, dpy, false, GLX_PBUFFER_BIT);
    const int pattr[] = {GLX_PBUFFER_WIDTH, 33, GLX_PBUFFER_HEIGHT, 17, 0};
    GLXDrawable pb = pc ? a->CreatePbuffer(dpy, pc, pattr) : None;
    CHECK(pb != None, "glXCreatePbuffer");
    if (pb) {
        unsigned w = 0, h = 0;
        a->QueryDrawable(dpy, pb, GLX_WIDTH, &w);
        a->QueryDrawable(dpy, pb, GLX_HEIGHT, &h);
        CHECK(w == 33 && h == 17, "pbuffer size %ux%u", w, h);
        GLXContext pctx = a->CreateNewContext(dpy, pc, GLX_RGBA_TYPE, ctx, True);
        CHECK(pctx && a->MakeCurrent(dpy, pb, pctx), "glXMakeCurrent(pbuffer)");
        a->Viewport(0, 0, 33, 17);
        a->ClearColor(1, 0, 1, 1);
        a->Clear(GL_COLOR_BUFFER_BIT);
        uint8_t px[33 * 17 * 4];
        a->PixelStorei(GL_PACK_ALIGNMENT, 1);
        a->ReadPixels(0, 0, 33, 17, GL_RGBA, GL_UNSIGNED_BYTE, px);
        int bad = 0;
        for (int i = 0; i < 33 * 17; i++)
            bad += px[i * 4] != 255 || px[i * 4 + 1] != 0 || px[i * 4 + 2] != 255;
        CHECK(bad == 0, "pbuffer: %d pixels not magenta", bad);
        a->MakeCurrent(dpy, None, NULL);
        if (pctx)
            a->DestroyContext(dpy, pctx);
        a->DestroyPbuffer(dpy, pb);
    }
    a->MakeCurrent(dpy, None, NULL);
    a->DestroyPixmap(dpy, gpm);
    XFreePixmap(dpy, pm);
    if (ctx)
        a->DestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XSync(dpy, False);
}

/* ---- two threads ---------------------------------------------------------- */

struct thread_job {
    struct api *a;
    float color[3];
    int ok;
    uint8_t first[4]; /* the window's first pixel, for the report */
    const char *step; /* how far it got, for the report */
    int index;
};

static void *thread_main(void *arg)
{
    struct thread_job *j = arg;
    struct api *a = j->a;
    Display *dpy = open_display();
    if (!dpy)
        return NULL;
    GLXFBConfig c = pick(a, dpy, true, GLX_WINDOW_BIT);
    Window win = c ? make_window_at(a, dpy, c, 200 + 60 * j->index, 0, 48, 40) : None;
    GLXContext ctx = c ? a->CreateNewContext(dpy, c, GLX_RGBA_TYPE, NULL, True) : NULL;
    j->step = !c ? "no config" : !win ? "no window" : !ctx ? "no context" : "make current";
    if (ctx && a->MakeCurrent(dpy, win, ctx)) {
        j->step = "rendering";
        for (int f = 0; f < 20; f++) {
            a->ClearColor(j->color[0] * (float)f / 19.0f, j->color[1], j->color[2], 1);
            a->Clear(GL_COLOR_BUFFER_BIT);
            a->SwapBuffers(dpy, win);
        }
        XSync(dpy, False);
        uint8_t *img = x_image(dpy, win, 48, 40);
        if (img)
            memcpy(j->first, img, 4);
        j->ok = all_pixels(img, 48 * 40, (int)(j->color[0] * 255 + 0.5f),
                           (int)(j->color[1] * 255 + 0.5f), (int)(j->color[2] * 255 + 0.5f));
        free(img);
        a->MakeCurrent(dpy, None, NULL);
    }
    if (ctx)
        a->DestroyContext(dpy, ctx);
    if (win)
        XDestroyWindow(dpy, win);
    XCloseDisplay(dpy);
    return NULL;
}

static void check_threads(struct api *a)
{
    struct thread_job jobs[2] = {{a, {1, 0, 0}, 0, {0}, "start", 0},
                                 {a, {0, 0, 1}, 0, {0}, "start", 1}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, thread_main, &jobs[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < 2; i++)
        CHECK(jobs[i].ok, "thread %d: window image wrong after %s (first pixel %d %d %d)", i,
              jobs[i].step, jobs[i].first[0], jobs[i].first[1], jobs[i].first[2]);
}

/* ---- bad arguments (swr's library; Mesa crashes on some of these) --------- */

/* GLX_ARB_create_context(_profile) rules piglit's glx_arb_create_context
 * groups check, and GLX_FBCONFIG_ID of a window made current through a
 * visual (GLX 1.4 section 3.3.6: the drawable's config; glXChooseVisual's
 * visual names one config, the first of glXGetFBConfigs with its id). */
static void check_create_context_rules(struct api *a, Display *dpy)
{
    XSync(dpy, False);
    int (*old)(Display *, XErrorEvent *) = XSetErrorHandler(count_error);
    int glx_err = 0, glx_ev = 0;
    a->QueryExtension(dpy, &glx_err, &glx_ev);
    GLXFBConfig c = pick(a, dpy, true, GLX_WINDOW_BIT);
    /* a profile mask with no bit, two bits or an unknown bit is
     * GLXBadProfileARB whatever the version (the default 1.0 here) */
    const int masks[] = {0, 3, 0x8, 0x100, 0x4 /* ES2: not offered */};
    for (unsigned i = 0; i < sizeof masks / sizeof *masks; i++) {
        const int attrs[] = {0x9126, masks[i], 0};
        x_errors = 0;
        GLXContext bad = a->CreateContextAttribsARB(dpy, c, NULL, True, attrs);
        XSync(dpy, False);
        CHECK(bad == NULL && x_errors == 1 && last_error_code == glx_err + 13,
              "profile mask 0x%x: context %p, %d errors, code %d", masks[i], bad, x_errors,
              last_error_code);
        if (bad)
            a->DestroyContext(dpy, bad);
    }
    /* colour index with GL 3.0: BadMatch (no such feature set) */
    const int ci30[] = {0x2091, 3, 0x2092, 0, GLX_RENDER_TYPE, GLX_COLOR_INDEX_TYPE, 0};
    x_errors = 0;
    GLXContext bad = a->CreateContextAttribsARB(dpy, c, NULL, True, ci30);
    XSync(dpy, False);
    CHECK(bad == NULL && x_errors == 1 && last_error_code == BadMatch,
          "colour index 3.0: context %p, %d errors, code %d", bad, x_errors, last_error_code);
    /* GL 3.0 current with no drawables: no default framebuffer */
    Bool (*make_ctx)(Display *, GLXDrawable, GLXDrawable, GLXContext) =
        (Bool (*)(Display *, GLXDrawable, GLXDrawable, GLXContext))a->GetProcAddressARB(
            (const unsigned char *)"glXMakeContextCurrent");
    GLXDrawable (*cur_draw)(void) =
        (GLXDrawable(*)(void))a->GetProcAddressARB((const unsigned char *)"glXGetCurrentDrawable");
    const int v30[] = {0x2091, 3, 0x2092, 0, 0};
    GLXContext c30 = a->CreateContextAttribsARB(dpy, c, NULL, True, v30);
    CHECK(c30 && make_ctx && cur_draw, "GL 3.0 context");
    if (c30 && make_ctx && cur_draw) {
        Window w = make_window(a, dpy, c, 16, 16);
        CHECK(make_ctx(dpy, w, w, c30), "GL 3.0 on a window");
        x_errors = 0;
        CHECK(make_ctx(dpy, None, None, c30), "GL 3.0 current with None drawables");
        XSync(dpy, False);
        CHECK(x_errors == 0 && a->GetCurrentContext() == c30 && cur_draw() == None,
              "None drawables: %d errors, current %p, drawable 0x%lx", x_errors,
              a->GetCurrentContext(), (unsigned long)cur_draw());
        a->ClearColor(1, 0, 0, 1);
        a->Clear(GL_COLOR_BUFFER_BIT); /* no buffers: nothing to draw, no crash */
        a->Finish();
        a->MakeCurrent(dpy, None, NULL);
        a->DestroyContext(dpy, c30);
        XDestroyWindow(dpy, w);
    }
    /* a 2.1 context (glXCreateNewContext) still needs drawables */
    GLXContext c21 = a->CreateNewContext(dpy, c, GLX_RGBA_TYPE, NULL, True);
    x_errors = 0;
    CHECK(c21 && make_ctx && !make_ctx(dpy, None, None, c21), "GL 2.1 with None drawables");
    XSync(dpy, False);
    CHECK(x_errors == 1, "GL 2.1 with None drawables: %d errors", x_errors);
    if (c21)
        a->DestroyContext(dpy, c21);

    /* a context destroyed while current stays usable on its thread until
     * released: making it current again and destroying it again are no
     * errors (piglit's glx-destroycontext-3) */
    {
        GLXContext dc = a->CreateNewContext(dpy, c, GLX_RGBA_TYPE, NULL, True);
        Window w = make_window(a, dpy, c, 8, 8);
        CHECK(dc && a->MakeCurrent(dpy, w, dc), "make current before destroying");
        x_errors = 0;
        a->DestroyContext(dpy, dc);
        CHECK(a->MakeCurrent(dpy, w, dc), "make current a current destroyed context");
        a->ClearColor(0, 1, 0, 1);
        a->Clear(GL_COLOR_BUFFER_BIT);
        unsigned char px[4] = {0};
        a->ReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        a->DestroyContext(dpy, dc);
        a->MakeCurrent(dpy, None, NULL);
        XSync(dpy, False);
        CHECK(x_errors == 0 && px[0] == 0 && px[1] == 255,
              "destroyed current context: %d errors, pixel %d %d", x_errors, px[0], px[1]);
        XDestroyWindow(dpy, w);
    }

    /* GLX_ARB_context_flush_control: the release behaviour asked for is
     * the context's GL_CONTEXT_RELEASE_BEHAVIOR (GL_KHR_context_flush_control);
     * another value is BadValue */
    {
        void (*get_iv)(unsigned, int *) =
            (void (*)(unsigned, int *))a->GetProcAddressARB((const unsigned char *)"glGetIntegerv");
        const char *ext = a->QueryExtensionsString(dpy, DefaultScreen(dpy));
        CHECK(get_iv && ext && strstr(ext, "GLX_ARB_context_flush_control"),
              "GLX_ARB_context_flush_control");
        static const int behave[3] = {-1, 0 /* NONE */, 0x2098 /* FLUSH */};
        for (int i = 0; i < 3 && get_iv; i++) {
            int attrs[] = {0x2097, behave[i], 0};
            if (i == 0)
                attrs[0] = 0;
            GLXContext rc = a->CreateContextAttribsARB(dpy, c, NULL, True, attrs);
            Window w = make_window(a, dpy, c, 8, 8);
            CHECK(rc && a->MakeCurrent(dpy, w, rc), "release behaviour context %d", i);
            int got = -5;
            get_iv(0x82FB /* GL_CONTEXT_RELEASE_BEHAVIOR */, &got);
            CHECK(got == (i == 1 ? 0 : 0x82FC) && a->GetError() == 0,
                  "GL_CONTEXT_RELEASE_BEHAVIOR %d: 0x%x", i, got);
            a->MakeCurrent(dpy, None, NULL);
            if (rc)
                a->DestroyContext(dpy, rc);
            XDestroyWindow(dpy, w);
        }
        const int badrel[] = {0x2097, 0x1234, 0};
        x_errors = 0;
        GLXContext br = a->CreateContextAttribsARB(dpy, c, NULL, True, badrel);
        XSync(dpy, False);
        CHECK(!br && x_errors == 1 && last_error_code == BadValue,
              "bad release behaviour: %d errors, code %d", x_errors, last_error_code);
    }

    /* GLXWindow life (piglit's glx-window-life): glXDestroyWindow before
     * XDestroyWindow keeps the X window; after it, GLXBadWindow */
    {
        GLXDrawable (*create_win)(Display *, GLXFBConfig, Window, const int *) =
            (GLXDrawable(*)(Display *, GLXFBConfig, Window, const int *))a->GetProcAddressARB(
                (const unsigned char *)"glXCreateWindow");
        void (*destroy_win)(Display *, GLXDrawable) = (void (*)(Display *, GLXDrawable))
            a->GetProcAddressARB((const unsigned char *)"glXDestroyWindow");
        CHECK(create_win && destroy_win, "glXCreateWindow/glXDestroyWindow");
        if (create_win && destroy_win) {
            Window w = make_window(a, dpy, c, 8, 8);
            GLXDrawable g = create_win(dpy, c, w, NULL);
            x_errors = 0;
            destroy_win(dpy, g);
            XWindowAttributes xwa;
            XGetWindowAttributes(dpy, w, &xwa);
            XDestroyWindow(dpy, w);
            XSync(dpy, False);
            CHECK(x_errors == 0, "GLX window destroyed first: %d errors", x_errors);
            w = make_window(a, dpy, c, 8, 8);
            g = create_win(dpy, c, w, NULL);
            XDestroyWindow(dpy, w);
            x_errors = 0;
            destroy_win(dpy, g);
            XSync(dpy, False);
            CHECK(x_errors == 1 && last_error_code == glx_err + 12,
                  "X window destroyed first: %d errors, code %d", x_errors, last_error_code);
        }
    }

    /* GLX_FBCONFIG_ID of a plain window made current through a visual */
    GLXContext (*create_ctx)(Display *, XVisualInfo *, GLXContext, Bool) =
        (GLXContext(*)(Display *, XVisualInfo *, GLXContext, Bool))a->GetProcAddressARB(
            (const unsigned char *)"glXCreateContext");
    int want[][12] = {
        {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 1, GLX_ALPHA_SIZE, 1, None},
        {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_DEPTH_SIZE, 16, None},
        {GLX_RGBA, GLX_RED_SIZE, 1, None},
    };
    for (unsigned i = 0; i < sizeof want / sizeof *want && create_ctx; i++) {
        XVisualInfo *vi = a->ChooseVisual(dpy, DefaultScreen(dpy), want[i]);
        CHECK(vi != NULL, "glXChooseVisual #%u", i);
        if (!vi)
            continue;
        int nall = 0;
        GLXFBConfig *all = a->GetFBConfigs(dpy, DefaultScreen(dpy), &nall);
        int first = 0;
        for (int k = 0; k < nall && !first; k++)
            if (attr(a, dpy, all[k], GLX_VISUAL_ID) == (int)vi->visualid)
                first = attr(a, dpy, all[k], GLX_FBCONFIG_ID);
        XSetWindowAttributes wa = {.colormap = XCreateColormap(dpy, DefaultRootWindow(dpy),
                                                               vi->visual, AllocNone)};
        Window w = XCreateWindow(dpy, DefaultRootWindow(dpy), 0, 0, 17, 13, 0, vi->depth,
                                 InputOutput, vi->visual, CWColormap | CWBorderPixel, &wa);
        GLXContext vc = create_ctx(dpy, vi, NULL, True);
        unsigned id = 0, db = 9;
        CHECK(vc && a->MakeCurrent(dpy, w, vc), "make current through visual #%u", i);
        a->QueryDrawable(dpy, w, GLX_FBCONFIG_ID, &id);
        int vdb = -1;
        a->GetConfig(dpy, vi, GLX_DOUBLEBUFFER, &vdb);
        for (int k = 0; k < nall; k++)
            if (attr(a, dpy, all[k], GLX_FBCONFIG_ID) == (int)id)
                db = (unsigned)attr(a, dpy, all[k], GLX_DOUBLEBUFFER);
        CHECK(id != 0 && (int)id == first && (int)db == vdb,
              "visual #%u 0x%lx: window's GLX_FBCONFIG_ID %u, first config of the visual %d, "
              "double %u (visual %d)",
              i, (unsigned long)vi->visualid, id, first, db, vdb);
        a->MakeCurrent(dpy, None, NULL);
        if (vc)
            a->DestroyContext(dpy, vc);
        XDestroyWindow(dpy, w);
        XFreeColormap(dpy, wa.colormap);
        XFree(all);
        XFree(vi);
    }
    XSync(dpy, False);
    XSetErrorHandler(old);
}

/* GLX_MESA_query_renderer on swr (the spec's value counts; the values a
 * CPU renderer has: no PCI ids, not accelerated, the physical memory of
 * /proc/meminfo, and the highest core version the highest one
 * glXCreateContextAttribsARB accepts). */
static void check_query_renderer(struct api *a, Display *dpy)
{
    const char *ext = a->QueryExtensionsString(dpy, DefaultScreen(dpy));
    CHECK(ext && strstr(ext, "GLX_MESA_query_renderer"), "GLX_MESA_query_renderer not listed");
    typedef Bool (*qi_fn)(Display *, int, int, int, unsigned *);
    typedef Bool (*qci_fn)(int, unsigned *);
    typedef const char *(*qs_fn)(Display *, int, int, int);
    qi_fn qi = (qi_fn)a->GetProcAddressARB((const unsigned char *)"glXQueryRendererIntegerMESA");
    qci_fn qci = (qci_fn)a->GetProcAddressARB(
        (const unsigned char *)"glXQueryCurrentRendererIntegerMESA");
    qs_fn qs = (qs_fn)a->GetProcAddressARB((const unsigned char *)"glXQueryRendererStringMESA");
    CHECK(qi && qci && qs, "query renderer functions");
    if (!qi || !qci || !qs)
        return;
    const int scr = DefaultScreen(dpy);
    static const struct {
        int attr, count;
    } ints[] = {{0x8183, 1}, {0x8184, 1}, {0x8185, 3}, {0x8186, 1}, {0x8187, 1}, {0x8188, 1},
                {0x8189, 1}, {0x818A, 2}, {0x818B, 2}, {0x818C, 2}, {0x818D, 2}};
    unsigned v[11][8];
    for (unsigned i = 0; i < 11; i++) {
        for (int k = 0; k < 8; k++)
            v[i][k] = 0xdeadbeef;
        CHECK(qi(dpy, scr, 0, ints[i].attr, v[i]), "glXQueryRendererIntegerMESA(0x%x)",
              ints[i].attr);
        int written = 0;
        while (written < 8 && v[i][written] != 0xdeadbeef)
            written++;
        CHECK(written == ints[i].count, "0x%x: %d values written, %d expected", ints[i].attr,
              written, ints[i].count);
    }
    unsigned junk[4];
    CHECK(!qi(dpy, scr, 1, 0x8183, junk), "renderer 1 exists");
    CHECK(!qi(dpy, ScreenCount(dpy), 0, 0x8183, junk), "screen past the last exists");
    CHECK(!qi(dpy, scr, 0, 0x1234, junk), "unknown attribute accepted");
    CHECK(!qci(0x8183, junk), "current renderer without a current context");
    CHECK(v[0][0] == 0xffffffffu && v[1][0] == 0xffffffffu, "PCI ids 0x%x 0x%x", v[0][0],
          v[1][0]);
    CHECK(v[3][0] == 0, "accelerated %u", v[3][0]);
    unsigned long long kb = 0;
    FILE *mi = fopen("/proc/meminfo", "r");
    if (mi) {
        if (fscanf(mi, "MemTotal: %llu kB", &kb) != 1)
            kb = 0;
        fclose(mi);
    }
    CHECK(kb && (unsigned long long)v[4][0] + 1 >= kb / 1024 && v[4][0] <= kb / 1024 + 1,
          "video memory %u MB, MemTotal %llu MB", v[4][0], kb / 1024);
    CHECK(v[6][0] == 1 || v[6][0] == 2, "preferred profile 0x%x", v[6][0]);
    /* the core version is the highest one that can be made */
    GLXFBConfig c = pick(a, dpy, true, GLX_WINDOW_BIT);
    XSync(dpy, False);
    int (*old)(Display *, XErrorEvent *) = XSetErrorHandler(count_error);
    const int top[] = {0x2091, (int)v[7][0], 0x2092, (int)v[7][1], 0x9126, 1, 0};
    const int above[] = {0x2091, (int)v[7][0] + (v[7][1] >= 3), 0x2092,
                         v[7][1] >= 3 ? 0 : (int)v[7][1] + 1, 0x9126, 1, 0};
    GLXContext ct = a->CreateContextAttribsARB(dpy, c, NULL, True, top);
    GLXContext ca = a->CreateContextAttribsARB(dpy, c, NULL, True, above);
    XSync(dpy, False);
    XSetErrorHandler(old);
    CHECK(ct && !ca, "core %u.%u: that version %s, the next %s", v[7][0], v[7][1],
          ct ? "made" : "refused", ca ? "made" : "refused");
    if (ct) {
        Window w = make_window(a, dpy, c, 8, 8);
        CHECK(a->MakeCurrent(dpy, w, ct), "make current for the current-renderer query");
        unsigned cv[8] = {0xdeadbeef, 0xdeadbeef, 0xdeadbeef};
        CHECK(qci(0x818A, cv) && cv[0] == v[7][0] && cv[1] == v[7][1] && cv[2] == 0xdeadbeef,
              "current renderer core version %u.%u", cv[0], cv[1]);
        const char *s1 = qs(dpy, scr, 0, 0x8184);
        const char *(*qcs)(int) = (const char *(*)(int))a->GetProcAddressARB(
            (const unsigned char *)"glXQueryCurrentRendererStringMESA");
        const char *s2 = qcs ? qcs(0x8184) : NULL;
        CHECK(s1 && s2 && strcmp(s1, s2) == 0 && qs(dpy, scr, 0, 0x8183),
              "renderer strings %s / %s", s1 ? s1 : "(null)", s2 ? s2 : "(null)");
        a->MakeCurrent(dpy, None, NULL);
        XDestroyWindow(dpy, w);
        a->DestroyContext(dpy, ct);
    }
    if (ca)
        a->DestroyContext(dpy, ca);
}

/* glXUseXFont: a string drawn with the font's display lists (glBitmap
 * glyphs) is the X server's own XDrawString of it (the oracle): the
 * pixels of a glRasterPos'd glCallLists in a window against the same
 * string drawn into a depth-1 pixmap, glyph origin at the same place. */
static void check_use_xfont(struct api *a, Display *dpy)
{
    typedef void (*v_ui_fn)(unsigned);
    void (*use_xfont)(Font, int, int, int) =
        (void (*)(Font, int, int, int))a->GetProcAddressARB((const unsigned char *)"glXUseXFont");
    unsigned (*gen_lists)(int) =
        (unsigned (*)(int))a->GetProcAddressARB((const unsigned char *)"glGenLists");
    v_ui_fn list_base = (v_ui_fn)a->GetProcAddressARB((const unsigned char *)"glListBase");
    void (*call_lists)(int, unsigned, const void *) = (void (*)(int, unsigned, const void *))
        a->GetProcAddressARB((const unsigned char *)"glCallLists");
    void (*window_pos)(int, int) =
        (void (*)(int, int))a->GetProcAddressARB((const unsigned char *)"glWindowPos2i");
    void (*color3f)(float, float, float) =
        (void (*)(float, float, float))a->GetProcAddressARB((const unsigned char *)"glColor3f");
    CHECK(use_xfont && gen_lists && list_base && call_lists && window_pos && color3f,
          "glXUseXFont and the list calls");
    if (!use_xfont || !gen_lists || !list_base || !call_lists || !window_pos || !color3f)
        return;
    XFontStruct *fs = XLoadQueryFont(dpy, "fixed");
    if (!fs)
        fs = XLoadQueryFont(dpy, "cursor"); /* the server's built-in font */
    CHECK(fs != NULL, "no X font (fixed, cursor)");
    if (!fs)
        return;
    const int W = 96, H = 40, x0 = 5, y0 = 14;
    GLXFBConfig c = pick(a, dpy, true, GLX_WINDOW_BIT);
    GLXContext ctx = a->CreateNewContext(dpy, c, GLX_RGBA_TYPE, NULL, True);
    Window w = make_window(a, dpy, c, W, H);
    CHECK(ctx && a->MakeCurrent(dpy, w, ctx), "make current for glXUseXFont");
    const unsigned base = gen_lists(256);
    const int lo = fs->min_char_or_byte2, n = fs->max_char_or_byte2 - lo + 1;
    use_xfont(fs->fid, lo, n < 256 ? n : 256, (int)base);
    CHECK(a->GetError() == 0, "GL error after glXUseXFont");
    /* the string: printable characters of the font, or its first ones */
    char str[8];
    int len = 0;
    for (int ch = 'A'; len < 5 && ch <= 'z'; ch += 7)
        if (ch >= lo && ch - lo < n)
            str[len++] = (char)ch;
    for (int ch = lo; len < 5 && ch - lo < n; ch += 3)
        str[len++] = (char)ch;
    a->Viewport(0, 0, W, H);
    a->ClearColor(0, 0, 0, 1);
    a->Clear(GL_COLOR_BUFFER_BIT);
    color3f(1, 1, 1);
    window_pos(x0, y0);
    list_base(base - (unsigned)lo);
    call_lists(len, GL_UNSIGNED_BYTE, str);
    uint8_t *px = malloc((size_t)W * H * 4);
    a->PixelStorei(GL_PACK_ALIGNMENT, 1);
    a->ReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(a->GetError() == 0, "GL error after drawing the string");
    Pixmap pm = XCreatePixmap(dpy, DefaultRootWindow(dpy), W, H, 1);
    XGCValues gv = {.font = fs->fid, .foreground = 0};
    GC gc = XCreateGC(dpy, pm, GCFont | GCForeground, &gv);
    XFillRectangle(dpy, pm, gc, 0, 0, W, H);
    XSetForeground(dpy, gc, 1);
    unsigned char ustr[8];
    for (int i = 0; i < len; i++)
        ustr[i] = (unsigned char)str[i];
    XDrawString(dpy, pm, gc, x0, H - y0, (const char *)ustr, len);
    XImage *img = XGetImage(dpy, pm, 0, 0, W, H, 1, XYPixmap);
    int wrong = 0, lit = 0;
    for (int y = 0; img && y < H; y++)
        for (int x = 0; x < W; x++) {
            const bool want = XGetPixel(img, x, H - 1 - y) != 0;
            const bool got = px[((size_t)y * W + x) * 4 + 1] > 127;
            lit += want;
            wrong += want != got;
        }
    CHECK(img && lit > 0 && wrong == 0, "glXUseXFont string: %d of %d lit pixels, %d wrong", lit,
          W * H, wrong);
    if (img)
        XDestroyImage(img);
    XFreeGC(dpy, gc);
    XFreePixmap(dpy, pm);
    free(px);
    /* a bad font: BadFont */
    XSync(dpy, False);
    int (*old)(Display *, XErrorEvent *) = XSetErrorHandler(count_error);
    x_errors = 0;
    use_xfont((Font)0x7fff0009, 32, 4, (int)base);
    XSync(dpy, False);
    XSetErrorHandler(old);
    CHECK(x_errors >= 1 && last_error_code == BadFont, "glXUseXFont(bad font): %d errors, code %d",
          x_errors, last_error_code);
    a->MakeCurrent(dpy, None, NULL);
    XDestroyWindow(dpy, w);
    if (ctx)
        a->DestroyContext(dpy, ctx);
    XFreeFont(dpy, fs);
}

/* glXCopyContext (GLX 1.4 section 3.3.7): the groups of the mask go from
 * src to dst, the others stay. */
static void check_copy_context(struct api *a, Display *dpy)
{
    void (*copy)(Display *, GLXContext, GLXContext, unsigned long) =
        (void (*)(Display *, GLXContext, GLXContext, unsigned long))a->GetProcAddressARB(
            (const unsigned char *)"glXCopyContext");
    void (*get_fv)(unsigned, float *) =
        (void (*)(unsigned, float *))a->GetProcAddressARB((const unsigned char *)"glGetFloatv");
    void (*line_width)(float) =
        (void (*)(float))a->GetProcAddressARB((const unsigned char *)"glLineWidth");
    CHECK(copy && get_fv && line_width, "glXCopyContext, glGetFloatv, glLineWidth");
    if (!copy || !get_fv || !line_width)
        return;
    GLXFBConfig c = pick(a, dpy, true, GLX_WINDOW_BIT);
    GLXContext src = a->CreateNewContext(dpy, c, GLX_RGBA_TYPE, NULL, True);
    GLXContext dst = a->CreateNewContext(dpy, c, GLX_RGBA_TYPE, NULL, True);
    Window w = make_window(a, dpy, c, 8, 8);
    CHECK(src && dst && a->MakeCurrent(dpy, w, src), "glXCopyContext contexts");
    a->ClearColor(0.25f, 0.5f, 0.75f, 1.0f);
    line_width(3.0f);
    a->MakeCurrent(dpy, None, NULL);
    copy(dpy, src, dst, 0x00004000 /* GL_COLOR_BUFFER_BIT */);
    CHECK(a->MakeCurrent(dpy, w, dst), "make dst current");
    float cc[4] = {-1, -1, -1, -1}, lw = -1;
    get_fv(0x0C22 /* GL_COLOR_CLEAR_VALUE */, cc);
    get_fv(0x0B21 /* GL_LINE_WIDTH */, &lw);
    CHECK(cc[0] == 0.25f && cc[1] == 0.5f && cc[2] == 0.75f && cc[3] == 1.0f && lw == 1.0f,
          "after glXCopyContext(GL_COLOR_BUFFER_BIT): clear colour %g %g %g %g, line width %g",
          cc[0], cc[1], cc[2], cc[3], lw);
    a->MakeCurrent(dpy, None, NULL);
    copy(dpy, src, dst, 0x000FFFFF /* GL_ALL_ATTRIB_BITS */);
    a->MakeCurrent(dpy, w, dst);
    get_fv(0x0B21, &lw);
    CHECK(lw == 3.0f, "after glXCopyContext(GL_ALL_ATTRIB_BITS): line width %g", lw);
    a->MakeCurrent(dpy, None, NULL);
    XDestroyWindow(dpy, w);
    a->DestroyContext(dpy, src);
    a->DestroyContext(dpy, dst);
}

static void check_bad_arguments(struct api *a, Display *dpy)
{
    XSync(dpy, False);
    int (*old)(Display *, XErrorEvent *) = XSetErrorHandler(count_error);
    int glx_err = 0, glx_ev = 0;
    a->QueryExtension(dpy, &glx_err, &glx_ev);
    GLXFBConfig c = pick(a, dpy, true, GLX_WINDOW_BIT);
    GLXContext ctx = a->CreateNewContext(dpy, c, GLX_RGBA_TYPE, NULL, True);

    x_errors = 0;
    CHECK(!a->MakeCurrent(dpy, (GLXDrawable)0x7fff0001, ctx), "MakeCurrent(bad drawable) = True");
    XSync(dpy, False);
    CHECK(x_errors == 1 && last_error_code == glx_err + 2, "bad drawable: %d errors, code %d",
          x_errors, last_error_code);

    x_errors = 0;
    a->SwapBuffers(dpy, (GLXDrawable)0x7fff0002);
    XSync(dpy, False);
    CHECK(x_errors == 1, "SwapBuffers(bad drawable): %d errors", x_errors);

    x_errors = 0;
    a->MakeCurrent(dpy, DefaultRootWindow(dpy), (GLXContext)&x_errors);
    XSync(dpy, False);
    CHECK(x_errors == 1 && last_error_code == glx_err + 0, "bad context: %d errors, code %d",
          x_errors, last_error_code);

    x_errors = 0;
    CHECK(a->CreateNewContext(dpy, (GLXFBConfig)&x_errors, GLX_RGBA_TYPE, NULL, True) == NULL,
          "context from a bad config");
    XSync(dpy, False);
    CHECK(x_errors == 1 && last_error_code == glx_err + 9, "bad config: %d errors, code %d",
          x_errors, last_error_code);

    const int v99[] = {0x2091, 9, 0x2092, 9, 0};
    x_errors = 0;
    CHECK(a->CreateContextAttribsARB(dpy, c, NULL, True, v99) == NULL, "GL 9.9 context");
    XSync(dpy, False);
    CHECK(x_errors == 1 && last_error_code == BadMatch, "GL 9.9: %d errors, code %d", x_errors,
          last_error_code);
    /* a real version above swr's 3.3: GLXBadFBConfig */
    const int v40[] = {0x2091, 4, 0x2092, 0, 0x9126, 1, 0};
    x_errors = 0;
    CHECK(a->CreateContextAttribsARB(dpy, c, NULL, True, v40) == NULL, "GL 4.0 core on swr");
    XSync(dpy, False);
    CHECK(x_errors == 1 && last_error_code == glx_err + 9, "GL 4.0: %d errors, code %d", x_errors,
          last_error_code);
    /* GLX_ARB_create_context_profile: a mask with no known bit (from GL
     * 3.2 on) is GLXBadProfileARB; forward-compatible below 3.0 BadMatch */
    const int badprof[] = {0x2091, 3, 0x2092, 2, 0x9126, 0x40, 0};
    x_errors = 0;
    CHECK(a->CreateContextAttribsARB(dpy, c, NULL, True, badprof) == NULL, "bad profile mask");
    XSync(dpy, False);
    CHECK(x_errors == 1 && last_error_code == glx_err + 13, "bad profile: %d errors, code %d",
          x_errors, last_error_code);
    const int fwd20[] = {0x2091, 2, 0x2092, 0, 0x2094, 2, 0};
    x_errors = 0;
    CHECK(a->CreateContextAttribsARB(dpy, c, NULL, True, fwd20) == NULL, "forward-compatible 2.0");
    XSync(dpy, False);
    CHECK(x_errors == 1 && last_error_code == BadMatch,
          "forward-compatible 2.0: %d errors, code %d", x_errors, last_error_code);
    const int unknown[] = {0x7777, 1, 0};
    x_errors = 0;
    CHECK(a->CreateContextAttribsARB(dpy, c, NULL, True, unknown) == NULL, "unknown attribute");
    XSync(dpy, False);
    CHECK(x_errors == 1 && last_error_code == BadValue, "unknown attribute: %d errors, code %d",
          x_errors, last_error_code);
    /* glXChooseFBConfig with an attribute GLX does not define, glXChooseVisual
     * without GLX_RGBA (colour index): no result */
    int nbad = -1;
    const int badattr[] = {0x7777, 1, 0};
    CHECK(a->ChooseFBConfig(dpy, DefaultScreen(dpy), badattr, &nbad) == NULL && nbad == 0,
          "glXChooseFBConfig(unknown attribute)");
    int ci[] = {GLX_DOUBLEBUFFER, None};
    CHECK(a->ChooseVisual(dpy, DefaultScreen(dpy), ci) == NULL, "colour-index visual");
    const int v21[] = {0x2091, 2, 0x2092, 1, 0};
    GLXContext c21 = a->CreateContextAttribsARB(dpy, c, ctx, True, v21);
    CHECK(c21 != NULL, "GL 2.1 context sharing with another");
    if (c21)
        a->DestroyContext(dpy, c21);

    x_errors = 0;
    unsigned v = 0;
    a->QueryDrawable(dpy, (GLXDrawable)0x7fff0003, GLX_WIDTH, &v);
    XSync(dpy, False);
    CHECK(x_errors == 1, "QueryDrawable(bad): %d errors", x_errors);

    /* swap intervals: accepted and reported (EXT on the drawable, MESA
     * and SGI on the current one) */
    {
        void (*swap_ext)(Display *, GLXDrawable, int) =
            (void (*)(Display *, GLXDrawable, int))a->GetProcAddressARB(
                (const unsigned char *)"glXSwapIntervalEXT");
        int (*swap_mesa)(unsigned) =
            (int (*)(unsigned))a->GetProcAddressARB((const unsigned char *)"glXSwapIntervalMESA");
        int (*get_mesa)(void) =
            (int (*)(void))a->GetProcAddressARB((const unsigned char *)"glXGetSwapIntervalMESA");
        Window sw = make_window(a, dpy, c, 8, 8);
        CHECK(swap_ext && swap_mesa && get_mesa && a->MakeCurrent(dpy, sw, ctx), "swap control");
        if (swap_ext && swap_mesa && get_mesa) {
            unsigned iv = 0, maxiv = 0;
            swap_ext(dpy, sw, 2);
            a->QueryDrawable(dpy, sw, 0x20F1 /* GLX_SWAP_INTERVAL_EXT */, &iv);
            a->QueryDrawable(dpy, sw, 0x20F2 /* GLX_MAX_SWAP_INTERVAL_EXT */, &maxiv);
            CHECK(iv == 2 && maxiv >= 2, "swap interval %u (max %u)", iv, maxiv);
            CHECK(swap_mesa(0) == 0 && get_mesa() == 0, "glXSwapIntervalMESA(0)");
        }
        a->MakeCurrent(dpy, None, NULL);
        XDestroyWindow(dpy, sw);
        XSync(dpy, False);
    }

    /* a destroyed window: rendering goes on, presenting is dropped */
    Window win = make_window(a, dpy, c, 20, 20);
    CHECK(a->MakeCurrent(dpy, win, ctx), "make current");
    XDestroyWindow(dpy, win);
    XSync(dpy, False);
    x_errors = 0;
    a->Clear(GL_COLOR_BUFFER_BIT);
    a->SwapBuffers(dpy, win);
    XSync(dpy, False);
    /* Through glvnd (test_glvnd_vendor), libGLX.so.0 itself looks up the
     * destroyed window's screen first and gets the X error: not swr's. */
    const bool glvnd = getenv("__GLX_VENDOR_LIBRARY_NAME") != NULL;
    CHECK(glvnd || x_errors == 0, "swap on a destroyed window: %d X errors", x_errors);
    a->MakeCurrent(dpy, None, NULL);
    a->DestroyContext(dpy, ctx);
    XSync(dpy, False);

    /* glXGetProcAddress: every entry point the library has, NULL for a
     * name it does not know (glvnd would hand out a stub) */
    CHECK(glvnd || a->GetProcAddressARB((const unsigned char *)"glXNoSuchCall") == NULL, "glXNoSuchCall");
    CHECK(glvnd || a->GetProcAddressARB((const unsigned char *)"glNoSuchCall") == NULL, "glNoSuchCall");
    CHECK(a->GetProcAddressARB((const unsigned char *)"glGenFramebuffers") != NULL &&
              a->GetProcAddressARB((const unsigned char *)"glXGetProcAddress") != NULL,
          "glGenFramebuffers / glXGetProcAddress");

    /* a context destroyed while current lives until released; a display
     * closed under a current context leaves a context that can be
     * released and destroyed */
    Display *d2 = open_display();
    GLXFBConfig c2 = d2 ? pick(a, d2, true, GLX_WINDOW_BIT) : NULL;
    GLXContext ctx2 = c2 ? a->CreateNewContext(d2, c2, GLX_RGBA_TYPE, NULL, True) : NULL;
    Window w2 = ctx2 ? make_window(a, d2, c2, 16, 16) : None;
    CHECK(w2 && a->MakeCurrent(d2, w2, ctx2), "second display: make current");
    a->DestroyContext(d2, ctx2);
    CHECK(a->GetCurrentContext() == ctx2, "a context destroyed while current stays current");
    a->ClearColor(0, 1, 0, 1);
    a->Clear(GL_COLOR_BUFFER_BIT);
    a->Finish();
    CHECK(a->GetError() == 0, "GL on a destroyed but current context");
    XCloseDisplay(d2);
    CHECK(a->MakeCurrent(dpy, None, NULL), "release after XCloseDisplay");
    CHECK(a->GetCurrentContext() == NULL, "released");
    XSync(dpy, False);
    XSetErrorHandler(old);
}

/* ---- main ------------------------------------------------------------------ */

/* XOpenDisplay, retried: a fresh Xvfb has been seen to refuse a connection
 * now and then right after another client left. */
static Display *open_display(void)
{
    for (int i = 0; i < 40; i++) {
        Display *dpy = XOpenDisplay(NULL);
        if (dpy) {
            if (i > 0)
                fprintf(stderr, "note: XOpenDisplay succeeded at attempt %d\n", i + 1);
            return dpy;
        }
        usleep(50000);
    }
    perror("XOpenDisplay");
    fprintf(stderr, "cannot open display %s\n", getenv("DISPLAY") ? getenv("DISPLAY") : "");
    return NULL;
}

static uint8_t *oracle_image(const char *path)
{
    int fd[2];
    if (pipe(fd) != 0)
        return NULL;
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        /* Mesa's software rasterizer, in this process only */
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1);
        setenv("GALLIUM_DRIVER", "llvmpipe", 1);
        /* glvnd's vendor choice (test_glvnd_vendor) is for swr only */
        unsetenv("__GLX_VENDOR_LIBRARY_NAME");
        struct api a;
        Display *dpy = open_display();
        /* The selection rules run on the oracle too: they hold for Mesa,
         * so this file's reading of the spec is checked as well. Not the
         * order: Mesa sorts depth and accumulation sizes "zero, then
         * larger" where table 3.4 says "larger", and a config with no
         * depth buffer comes first. */
        check_order = false;
        const bool loaded = dpy && load(&a, path);
        if (loaded)
            check_configs(&a, dpy);
        uint8_t *img = loaded ? render_scene(&a, dpy) : NULL;
        if (img)
            (void)!write(fd[1], img, SCENE_W * SCENE_H * 4);
        _exit(img && failures == 0 ? 0 : 1);
    }
    close(fd[1]);
    uint8_t *img = malloc(SCENE_W * SCENE_H * 4);
    size_t got = 0;
    ssize_t r;
    while (got < SCENE_W * SCENE_H * 4 &&
           (r = read(fd[0], img + got, SCENE_W * SCENE_H * 4 - got)) > 0)
        got += (size_t)r;
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (got != SCENE_W * SCENE_H * 4 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "the oracle (%s) failed its own scene\n", path);
        free(img);
        return NULL;
    }
    return img;
}

/* --bench: the cost of presenting a 1920x1080 frame, swapping a window
 * whose image does not change (so the time is the present's: the copy
 * into the XImage and the put), as API-thread CPU ms and wall ms per
 * frame. The server must be at least 1920x1080 (run_glx.sh bench). */
static double seconds(clockid_t clk)
{
    struct timespec t;
    clock_gettime(clk, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int bench_present(struct api *a, Display *dpy)
{
    enum { W = 1920, H = 1080, FRAMES = 60 };
    GLXFBConfig c = pick(a, dpy, true, GLX_WINDOW_BIT);
    Window win = c ? make_window(a, dpy, c, W, H) : None;
    GLXContext ctx = c ? a->CreateNewContext(dpy, c, GLX_RGBA_TYPE, NULL, True) : NULL;
    if (!ctx || !a->MakeCurrent(dpy, win, ctx))
        return 1;
    a->Viewport(0, 0, W, H);
    a->ClearColor(0.25f, 0.5f, 0.75f, 1);
    a->Clear(GL_COLOR_BUFFER_BIT);
    a->SwapBuffers(dpy, win); /* first frame: buffers and the shared image are made */
    XSync(dpy, False);
    const double cpu0 = seconds(CLOCK_THREAD_CPUTIME_ID), wall0 = seconds(CLOCK_MONOTONIC);
    for (int f = 0; f < FRAMES; f++)
        a->SwapBuffers(dpy, win);
    XSync(dpy, False);
    const double cpu = seconds(CLOCK_THREAD_CPUTIME_ID) - cpu0,
                 wall = seconds(CLOCK_MONOTONIC) - wall0;
    printf("present %dx%d: %.2f ms CPU (API thread), %.2f ms wall per frame (%d frames)\n", W, H,
           cpu * 1e3 / FRAMES, wall * 1e3 / FRAMES, FRAMES);
    a->MakeCurrent(dpy, None, NULL);
    a->DestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--bench") == 0) {
        struct api a;
        Display *dpy = open_display();
        if (!dpy || !load(&a, argv[2]))
            return 2;
        const int r = bench_present(&a, dpy);
        XCloseDisplay(dpy);
        return r;
    }
    if (argc < 2) {
        fprintf(stderr, "usage: %s <libGL under test> [<oracle libGL>]\n", argv[0]);
        return 2;
    }
    uint8_t *oracle = argc > 2 ? oracle_image(argv[2]) : NULL;
    if (argc > 2)
        CHECK(oracle != NULL, "no oracle image");
    XInitThreads();
    Display *dpy = open_display();
    if (!dpy)
        return 2;
    struct api a;
    if (!load(&a, argv[1]))
        return 2;
    check_configs(&a, dpy);
    uint8_t *img = render_scene(&a, dpy);
    if (img && oracle) {
        int bad = 0;
        for (int i = 0; i < SCENE_W * SCENE_H; i++)
            for (int k = 0; k < 3; k++)
                if (abs(img[i * 4 + k] - oracle[i * 4 + k]) > 2) {
                    bad++;
                    break;
                }
        /* Edge pixels may round differently; the interior must agree. */
        CHECK(bad <= SCENE_W * SCENE_H / 100, "%d pixels differ from the oracle's", bad);
        printf("scene vs oracle: %d of %d pixels differ by more than 2\n", bad, SCENE_W * SCENE_H);
    }
    check_single_pixmap_pbuffer(&a, dpy);
    check_threads(&a);
    check_bad_arguments(&a, dpy);
    check_create_context_rules(&a, dpy);
    check_query_renderer(&a, dpy);
    check_use_xfont(&a, dpy);
    check_copy_context(&a, dpy);
    const char *ext = a.QueryExtensionsString(dpy, DefaultScreen(dpy));
    CHECK(ext && strstr(ext, "GLX_ARB_create_context"), "extensions: %s", ext ? ext : "(null)");
    free(img);
    free(oracle);
    XCloseDisplay(dpy);
    printf("%s: %d failures\n", argv[1], failures);
    return failures ? 1 : 0;
}
