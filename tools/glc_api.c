/* glc_api.c: see glc_api.h. */
#include "tools/glc_api.h"

#include <dlfcn.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *glc_lookup(glc_api *g, const char *name)
{
    void *p = dlsym(g->lib, name);
    if (!p && g->OSMesaGetProcAddress)
        p = g->OSMesaGetProcAddress(name);
    return p;
}

bool glc_open(glc_api *g, const char *path)
{
    memset(g, 0, sizeof *g);
    g->path = path;
    g->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!g->lib) {
        fprintf(stderr, "glc: cannot open %s: %s\n", path, dlerror());
        return false;
    }
    *(void **)&g->OSMesaGetProcAddress = dlsym(g->lib, "OSMesaGetProcAddress");
    *(void **)&g->OSMesaCreateContextExt = dlsym(g->lib, "OSMesaCreateContextExt");
    *(void **)&g->OSMesaMakeCurrent = dlsym(g->lib, "OSMesaMakeCurrent");
    *(void **)&g->OSMesaDestroyContext = dlsym(g->lib, "OSMesaDestroyContext");
    *(void **)&g->OSMesaCreateContextAttribs = dlsym(g->lib, "OSMesaCreateContextAttribs");
    if (!g->OSMesaCreateContextExt || !g->OSMesaMakeCurrent || !g->OSMesaDestroyContext) {
        fprintf(stderr, "glc: %s is not an OSMesa library\n", path);
        glc_close(g);
        return false;
    }
    bool ok = true;
#define GLC_LOAD(name, upper)                                                               \
    if (!(*(void **)&g->name = glc_lookup(g, "gl" #name))) {                                  \
        fprintf(stderr, "glc: %s lacks gl%s\n", path, #name);                              \
        ok = false;                                                                        \
    }
    GLC_FUNCS(GLC_LOAD)
#undef GLC_LOAD
    if (!ok)
        glc_close(g);
    return ok;
}

void glc_close(glc_api *g)
{
    /* The library stays loaded: GL libraries keep process-wide state (and
     * threads) that do not all survive dlclose, and leak reports then name
     * the module that allocated. */
    memset(g, 0, sizeof *g);
}

bool glc_target_create(glc_target *t, glc_api *g, int w, int h)
{
    return glc_target_create_accum(t, g, w, h, 0);
}

/* A context of g with the given accumulation bits; version > 0 asks
 * OSMesaCreateContextAttribs for that version (major*10+minor) and profile
 * (OSMESA_CORE_PROFILE 0x34 or OSMESA_COMPAT_PROFILE 0x35), 0 the plain
 * OSMesaCreateContextExt context. */
static bool target_create(glc_target *t, glc_api *g, int w, int h, int accum_bits, int version,
                          int profile)
{
    memset(t, 0, sizeof *t);
    t->g = g;
    t->w = w;
    t->h = h;
    t->color = calloc((size_t)w * h, 4);
    if (version > 0 && g->OSMesaCreateContextAttribs) {
        /* OSMESA_FORMAT, _DEPTH_BITS, _STENCIL_BITS, _ACCUM_BITS, _PROFILE,
         * _CONTEXT_MAJOR/MINOR_VERSION */
        const int attribs[] = {0x22, GL_RGBA, 0x30, 24,          0x31, 8,           0x32, accum_bits,
                               0x33, profile, 0x36, version / 10, 0x37, version % 10, 0};
        t->ctx = g->OSMesaCreateContextAttribs(attribs, NULL);
    } else if (version <= 0) {
        t->ctx = g->OSMesaCreateContextExt(GL_RGBA /* = OSMESA_RGBA */, 24, 8, accum_bits, NULL);
    }
    if (!t->color || !t->ctx || !glc_target_bind(t)) {
        fprintf(stderr, "glc: %s: cannot create a %dx%d context%s\n", g->path, w, h,
                version > 0 ? " of the version asked for" : "");
        glc_target_destroy(t);
        return false;
    }
    return true;
}

bool glc_target_create_accum(glc_target *t, glc_api *g, int w, int h, int accum_bits)
{
    return target_create(t, g, w, h, accum_bits,
                         g->OSMesaCreateContextAttribs ? g->context_version : 0, 0x35);
}

bool glc_target_create_version(glc_target *t, glc_api *g, int w, int h, int major, int minor,
                               bool core)
{
    return target_create(t, g, w, h, 0, major * 10 + minor, core ? 0x34 : 0x35);
}

bool glc_target_bind(glc_target *t)
{
    return t->g->OSMesaMakeCurrent(t->ctx, t->color, GL_UNSIGNED_BYTE, t->w, t->h) == GL_TRUE;
}

void glc_target_destroy(glc_target *t)
{
    if (t->ctx)
        t->g->OSMesaDestroyContext(t->ctx);
    free(t->color);
    memset(t, 0, sizeof *t);
}

GLuint glc_shader(glc_api *g, GLenum type, const char *src)
{
    GLuint s = g->CreateShader(type);
    g->ShaderSource(s, 1, &src, NULL);
    g->CompileShader(s);
    return s;
}

/* glc_shader that reports a failed compile on stderr and gives 0 for it. */
static GLuint shader(glc_api *g, GLenum type, const char *src)
{
    GLuint s = glc_shader(g, type, src);
    GLint ok = 0;
    g->GetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[4096] = "";
        g->GetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "glc: %s: compile failed:\n%s\n", g->path, log);
        g->DeleteShader(s);
        return 0;
    }
    return s;
}

GLuint glc_program_stages(glc_api *g, const char *vs, const char *gs, const char *fs)
{
    GLuint p = g->CreateProgram();
    const char *src[3] = {vs, gs, fs};
    const GLenum types[3] = {GL_VERTEX_SHADER, GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER};
    for (int i = 0; i < 3; i++) {
        if (!src[i])
            continue;
        GLuint s = glc_shader(g, types[i], src[i]);
        GLint ok = 0;
        g->GetShaderiv(s, GL_COMPILE_STATUS, &ok);
        if (!ok) {
            char log[2048] = "";
            g->GetShaderInfoLog(s, sizeof log, NULL, log);
            fprintf(stderr, "glc: %s: stage %d does not compile:\n%s\n", g->path, i, log);
        }
        g->AttachShader(p, s);
        g->DeleteShader(s);
    }
    g->BindAttribLocation(p, 0, "pos");
    g->LinkProgram(p);
    return p;
}

GLuint glc_program(glc_api *g, const char *vs, const char *fs)
{
    GLuint v = shader(g, GL_VERTEX_SHADER, vs);
    GLuint f = shader(g, GL_FRAGMENT_SHADER, fs);
    if (!v || !f)
        return 0;
    GLuint p = g->CreateProgram();
    g->AttachShader(p, v);
    g->AttachShader(p, f);
    g->LinkProgram(p);
    g->DeleteShader(v);
    g->DeleteShader(f);
    GLint ok = 0;
    g->GetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096] = "";
        g->GetProgramInfoLog(p, sizeof log, NULL, log);
        fprintf(stderr, "glc: %s: link failed:\n%s\n", g->path, log);
        g->DeleteProgram(p);
        return 0;
    }
    return p;
}

double glc_psnr(const uint8_t *a, const uint8_t *b, int w, int h, int *max_diff)
{
    double se = 0;
    int md = 0;
    size_t n = (size_t)w * h * 4;
    for (size_t i = 0; i < n; i++) {
        int d = (int)a[i] - (int)b[i];
        if (d < 0)
            d = -d;
        if (d > md)
            md = d;
        se += (double)d * d;
    }
    if (max_diff)
        *max_diff = md;
    if (se == 0)
        return INFINITY;
    double mse = se / (double)n;
    return 10.0 * log10(255.0 * 255.0 / mse);
}

bool glc_write_png(const char *path, const uint8_t *rgba, int w, int h)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(f);
        return false;
    }
    png_init_io(png, f);
    png_set_compression_level(png, 1);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = h - 1; y >= 0; y--) /* PNG rows go top-down */
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * w * 4));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    fclose(f);
    return true;
}

const char *glc_reference_library(void)
{
    const char *e = getenv("SWR_REF_OSMESA");
    return e && *e ? e : "/usr/lib/x86_64-linux-gnu/libOSMesa.so.8";
}
