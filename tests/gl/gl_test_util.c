/* gl_test_util.c: see gl_test_util.h. */
#include "gl_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/context/gl_context.h"
#include "frontend-gallium/pipe/swr_public.h"

static struct pipe_screen *screen;
static struct gl_context *ctx;
static struct pipe_resource *color, *zs;

static struct pipe_resource *make_rt(enum pipe_format f, unsigned bind)
{
    struct pipe_resource t;
    memset(&t, 0, sizeof t);
    t.target = PIPE_TEXTURE_2D;
    t.format = f;
    t.width0 = GLT_W;
    t.height0 = GLT_H;
    t.depth0 = 1;
    t.array_size = 1;
    t.bind = bind;
    return screen->resource_create(screen, &t);
}

int glt_setup(void **state)
{
    (void)state;
    screen = swr_create_screen();
    if (!screen)
        return -1;
    gl_context_desc d = {.screen = screen};
    ctx = gl_context_create(&d);
    if (!ctx)
        return -1;
    gl_context_make_current(ctx);
    color = make_rt(PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
    zs = make_rt(PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_BIND_DEPTH_STENCIL);
    if (!color || !zs)
        return -1;
    gl_framebuffer_set_window(ctx, color, zs, GLT_W, GLT_H);
    return 0;
}

int glt_teardown(void **state)
{
    (void)state;
    gl_context_destroy(ctx);
    ctx = NULL;
    pipe_resource_reference(&color, NULL);
    pipe_resource_reference(&zs, NULL);
    screen->destroy(screen);
    screen = NULL;
    return 0;
}

void glt_read_window(uint8_t *rgba)
{
    glFinish();
    struct pipe_transfer *tr = NULL;
    struct pipe_box box = {0, 0, 0, GLT_W, GLT_H, 1};
    const uint8_t *p =
        ctx->pipe->texture_map(ctx->pipe, color, 0, PIPE_MAP_READ, &box, &tr);
    if (!p) {
        memset(rgba, 0, GLT_W * GLT_H * 4);
        return;
    }
    for (unsigned y = 0; y < GLT_H; y++)
        memcpy(rgba + y * GLT_W * 4, p + (size_t)y * tr->stride, GLT_W * 4);
    ctx->pipe->texture_unmap(ctx->pipe, tr);
}

static GLuint shader(GLenum type, const char *src)
{
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = "";
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "compile failed:\n%s\n", log);
        glDeleteShader(s);
        return 0;
    }
    return s;
}

GLuint glt_program(const char *vs, const char *fs)
{
    GLuint p = glCreateProgram();
    GLuint v = vs ? shader(GL_VERTEX_SHADER, vs) : 0, f = fs ? shader(GL_FRAGMENT_SHADER, fs) : 0;
    if ((vs && !v) || (fs && !f))
        return 0;
    if (v)
        glAttachShader(p, v);
    if (f)
        glAttachShader(p, f);
    glLinkProgram(p);
    if (v)
        glDeleteShader(v);
    if (f)
        glDeleteShader(f);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048] = "";
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        fprintf(stderr, "link failed:\n%s\n", log);
        glDeleteProgram(p);
        return 0;
    }
    return p;
}

const char *glt_error_name(GLenum e)
{
    switch (e) {
    case GL_NO_ERROR: return "GL_NO_ERROR";
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    default: return "unknown error";
    }
}
