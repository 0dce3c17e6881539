/* glc_scenes.c: see glc_scenes.h. Every scene is plain GL 2.1 + GLSL 1.10/
 * 1.20/1.30 so both libraries run it unchanged. The table glc_scenes[] at
 * the end holds the scenes; the hooks above it are the parts that need
 * code (loops over state, hand-built vertex/index/texture data). */
#include "glc_scenes.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct glc_run {
    const glc_scene *s;
    int w, h;
    GLuint prog, prog2; /* the scene's program; a second one (tex_program) */
    GLuint tex[2];      /* textures new_texture() made */
    GLuint buf[2];      /* buffers new_buffer() made */
    unsigned ntex, nbuf;
};

/* ---- helpers ------------------------------------------------------------ */

static bool no_error(glc_api *g, const char *where)
{
    GLenum e = g->GetError();
    if (e != GL_NO_ERROR) {
        fprintf(stderr, "glc scene: %s: GL error 0x%04x at %s\n", g->path, e, where);
        return false;
    }
    return true;
}

/* A program with attribute 0 = "pos" and 1 = "attr" (vec4 extra: colour
 * or texture coordinate). */
static GLuint prog_bound(glc_api *g, const char *vs, const char *fs)
{
    GLuint v = g->CreateShader(GL_VERTEX_SHADER), f = g->CreateShader(GL_FRAGMENT_SHADER);
    g->ShaderSource(v, 1, &vs, NULL);
    g->ShaderSource(f, 1, &fs, NULL);
    g->CompileShader(v);
    g->CompileShader(f);
    GLuint p = g->CreateProgram();
    g->AttachShader(p, v);
    g->AttachShader(p, f);
    g->BindAttribLocation(p, 0, "pos");
    g->BindAttribLocation(p, 1, "attr");
    g->LinkProgram(p);
    GLint ok = 0;
    g->GetProgramiv(p, GL_LINK_STATUS, &ok);
    g->DeleteShader(v);
    g->DeleteShader(f);
    if (!ok) {
        char log[4096] = "";
        g->GetShaderInfoLog(v, sizeof log, NULL, log);
        fprintf(stderr, "glc scene: %s: link failed; vertex shader log:\n%s\n", g->path, log);
        g->GetShaderInfoLog(f, sizeof log, NULL, log);
        fprintf(stderr, "fragment shader log:\n%s\n", log);
        g->GetProgramInfoLog(p, sizeof log, NULL, log);
        fprintf(stderr, "program log:\n%s\n", log);
        g->DeleteProgram(p);
        return 0;
    }
    return p;
}

static void quad_attr(glc_api *g, float x0, float y0, float x1, float y1, const float attr[16])
{
    const float pos[8] = {x0, y0, x1, y0, x1, y1, x0, y1};
    g->BindBuffer(GL_ARRAY_BUFFER, 0);
    g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
    g->EnableVertexAttribArray(0);
    if (attr) {
        g->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, attr);
        g->EnableVertexAttribArray(1);
    }
    g->DrawArrays(GL_TRIANGLE_FAN, 0, 4);
    g->DisableVertexAttribArray(0);
    g->DisableVertexAttribArray(1);
}

/* The attr of a quad whose texture coordinate runs (s0,t0)-(s1,t1). */
#define TC(s0, t0, s1, t1)                                                                         \
    ((const float[16]){s0, t0, 0, 1, s1, t0, 0, 1, s1, t1, 0, 1, s0, t1, 0, 1})
/* The attr of a quad of one colour (r, g, b) with w in the fourth slot. */
#define FLAT(r, g, b, w) ((const float[16]){r, g, b, w, r, g, b, w, r, g, b, w, r, g, b, w})
/* A scene row's quads. */
#define QUADS(...)                                                                                 \
    .quads = (const glc_quad[]){__VA_ARGS__},                                                      \
    .num_quads = sizeof((const glc_quad[]){__VA_ARGS__}) / sizeof(glc_quad)

static void quad_tex(glc_api *g, float x0, float y0, float x1, float y1, float s0, float t0,
                     float s1, float t1)
{
    quad_attr(g, x0, y0, x1, y1, TC(s0, t0, s1, t1));
}

/* Attributes 0 (vec2) and 1 (vec4) interleaved with a 24-byte stride from
 * `base`: a client pointer, or an offset into the bound GL_ARRAY_BUFFER. */
static void attribs_interleaved(glc_api *g, const void *base)
{
    g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, base);
    g->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (const void *)((uintptr_t)base + 8));
    g->EnableVertexAttribArray(0);
    g->EnableVertexAttribArray(1);
}

static const char VS_ATTR[] = "attribute vec2 pos; attribute vec4 attr; varying vec4 v;\n"
                             "void main() { v = attr; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char FS_COLOR[] = "varying vec4 v; void main() { gl_FragColor = v; }\n";
static const char FS_TEX2D[] = "uniform sampler2D tex; varying vec4 v;\n"
                              "void main() { gl_FragColor = texture2D(tex, v.xy); }\n";
static const char VS_DEPTH[] = "attribute vec2 pos; attribute vec4 attr; varying vec4 v;\n"
                              "void main() { v = vec4(attr.rgb, 1.0);\n"
                              "  gl_Position = vec4(pos, attr.w, 1.0); }\n";

/* A w x h RGBA8 test pattern: colour ramps plus a checkerboard. */
static uint8_t *pattern(int w, int h, int cell)
{
    uint8_t *p = malloc((size_t)w * h * 4);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint8_t *q = p + ((size_t)y * w + x) * 4;
            bool c = ((x / cell) ^ (y / cell)) & 1;
            q[0] = (uint8_t)(x * 255 / (w > 1 ? w - 1 : 1));
            q[1] = (uint8_t)(y * 255 / (h > 1 ? h - 1 : 1));
            q[2] = c ? 230 : 20;
            q[3] = (uint8_t)(c ? 255 : 160);
        }
    return p;
}

/* A texture the runner deletes, bound to `target` on the active unit. */
static GLuint new_texture(glc_api *g, glc_run *r, GLenum target)
{
    GLuint t;
    g->GenTextures(1, &t);
    r->tex[r->ntex++] = t;
    g->BindTexture(target, t);
    return t;
}

/* A buffer the runner deletes, bound to `target` and filled. */
static void new_buffer(glc_api *g, glc_run *r, GLenum target, GLsizeiptr size, const void *data)
{
    GLuint b;
    g->GenBuffers(1, &b);
    r->buf[r->nbuf++] = b;
    g->BindBuffer(target, b);
    g->BufferData(target, size, data, GL_STATIC_DRAW);
}

static void tex_filter(glc_api *g, GLenum target, GLenum min, GLenum mag)
{
    g->TexParameteri(target, GL_TEXTURE_MIN_FILTER, (GLint)min);
    g->TexParameteri(target, GL_TEXTURE_MAG_FILTER, (GLint)mag);
}

/* A second program (VS_ATTR + FS_TEX2D, sampler on unit 0) made current. */
static bool tex_program(glc_api *g, glc_run *r)
{
    r->prog2 = prog_bound(g, VS_ATTR, FS_TEX2D);
    if (!r->prog2)
        return false;
    g->UseProgram(r->prog2);
    g->Uniform1i(g->GetUniformLocation(r->prog2, "tex"), 0);
    return true;
}

static void clear(glc_api *g, float r, float gg, float b, float a)
{
    g->ClearColor(r, gg, b, a);
    g->ClearDepth(1.0);
    g->ClearStencil(0);
    g->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

static void set_uniform(glc_api *g, GLuint p, const glc_uniform *u)
{
    GLint loc = g->GetUniformLocation(p, u->name);
    const float *v = u->v;
    switch (u->kind) {
    case 'i': g->Uniform1i(loc, (GLint)v[0]); break;
    case 'f':
        if (u->n == 1)
            g->Uniform1f(loc, v[0]);
        else if (u->n == 2)
            g->Uniform2f(loc, v[0], v[1]);
        else if (u->n == 3)
            g->Uniform3f(loc, v[0], v[1], v[2]);
        else
            g->Uniform4f(loc, v[0], v[1], v[2], v[3]);
        break;
    case 'v': g->Uniform1fv(loc, u->n, v); break;
    case 'm': g->UniformMatrix2fv(loc, 1, GL_FALSE, v); break;
    default: fprintf(stderr, "glc scene: uniform %s: unknown kind %c\n", u->name, u->kind); break;
    }
}

/* ---- the runner ---------------------------------------------------------- */

static bool scene_setup(glc_api *g, glc_run *r)
{
    const glc_scene *s = r->s;
    clear(g, s->clear[0], s->clear[1], s->clear[2], s->clear[3]);
    if (s->fs) {
        r->prog = prog_bound(g, s->vs, s->fs);
        if (!r->prog)
            return false;
        g->UseProgram(r->prog);
        for (int i = 0; i < GLC_SCENE_UNIFORMS && s->uniforms[i].name; i++)
            set_uniform(g, r->prog, &s->uniforms[i]);
    }
    if (s->pattern.size) {
        new_texture(g, r, GL_TEXTURE_2D);
        uint8_t *p = pattern(s->pattern.size, s->pattern.size, s->pattern.cell);
        g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, s->pattern.size, s->pattern.size, 0, GL_RGBA,
                      GL_UNSIGNED_BYTE, p);
        free(p);
        tex_filter(g, GL_TEXTURE_2D, s->pattern.min, s->pattern.mag);
    }
    for (int i = 0; i < GLC_SCENE_ENABLES && s->enables[i]; i++)
        g->Enable(s->enables[i]);
    if (s->blend) {
        g->Enable(GL_BLEND);
        g->BlendFunc(s->blend_src, s->blend_dst);
    }
    if (s->hook && !s->hook(g, r))
        return false;
    for (unsigned i = 0; i < s->num_quads; i++) {
        const glc_quad *q = &s->quads[i];
        quad_attr(g, q->x0, q->y0, q->x1, q->y1, q->attr);
    }
    return true;
}

bool glc_scene_render(glc_api *g, const glc_scene *s, int w, int h)
{
    glc_run r = {.s = s, .w = w, .h = h};
    bool ok = scene_setup(g, &r);
    for (int i = 0; i < GLC_SCENE_ENABLES && s->enables[i]; i++)
        g->Disable(s->enables[i]);
    if (s->blend)
        g->Disable(GL_BLEND);
    g->DisableVertexAttribArray(0);
    g->DisableVertexAttribArray(1);
    g->BindBuffer(GL_ARRAY_BUFFER, 0);
    g->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    if (r.nbuf)
        g->DeleteBuffers((GLsizei)r.nbuf, r.buf);
    if (r.ntex)
        g->DeleteTextures((GLsizei)r.ntex, r.tex);
    g->UseProgram(0);
    if (r.prog)
        g->DeleteProgram(r.prog);
    if (r.prog2)
        g->DeleteProgram(r.prog2);
    return ok && no_error(g, s->name);
}

/* ---- hooks ------------------------------------------------------------- */

static bool hook_clear_scissor(glc_api *g, glc_run *r)
{
    int w = r->w, h = r->h;
    g->Enable(GL_SCISSOR_TEST);
    g->Scissor(w / 8, h / 4, w / 3, h / 2);
    g->ClearColor(1, 0, 0, 1);
    g->Clear(GL_COLOR_BUFFER_BIT);
    g->ColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
    g->Scissor(w / 2, h / 8, w / 3, h / 3);
    g->ClearColor(0.5f, 0.75f, 0.25f, 1);
    g->Clear(GL_COLOR_BUFFER_BIT);
    g->ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    g->Disable(GL_SCISSOR_TEST);
    return true;
}

/* A fan of thin triangles (edges at many slopes) in a VBO. */
static bool hook_triangles(glc_api *g, glc_run *r)
{
    enum { N = 24 };
    float data[(N + 2) * 6];
    data[0] = 0, data[1] = 0, data[2] = 1, data[3] = 1, data[4] = 1, data[5] = 1;
    for (int i = 0; i <= N; i++) {
        float a = 6.2831853f * (float)i / N;
        float *d = data + (i + 1) * 6;
        d[0] = 0.9f * cosf(a);
        d[1] = 0.9f * sinf(a);
        d[2] = 0.5f + 0.5f * cosf(a);
        d[3] = 0.5f + 0.5f * sinf(3 * a);
        d[4] = (float)(i & 1);
        d[5] = 1;
    }
    new_buffer(g, r, GL_ARRAY_BUFFER, sizeof data, data);
    attribs_interleaved(g, NULL);
    g->DrawArrays(GL_TRIANGLE_FAN, 0, N + 2);
    return true;
}

/* A 6 x 6 grid of vertices, drawn with each index type in a third. */
static bool hook_indexed(glc_api *g, glc_run *r)
{
    float v[36 * 6];
    for (int j = 0; j < 6; j++)
        for (int i = 0; i < 6; i++) {
            float *d = v + (j * 6 + i) * 6;
            d[0] = -0.9f + 0.36f * i + 0.03f * (float)(j & 1);
            d[1] = -0.9f + 0.36f * j;
            d[2] = i / 5.0f, d[3] = j / 5.0f, d[4] = ((i + j) & 1) ? 1.0f : 0.2f, d[5] = 1;
        }
    unsigned idx[150];
    int n = 0;
    for (int j = 0; j < 5; j++)
        for (int i = 0; i < 5; i++) {
            unsigned a = j * 6 + i;
            idx[n++] = a, idx[n++] = a + 1, idx[n++] = a + 7;
            idx[n++] = a, idx[n++] = a + 7, idx[n++] = a + 6;
        }
    new_buffer(g, r, GL_ARRAY_BUFFER, sizeof v, v);
    attribs_interleaved(g, NULL);
    uint8_t i8[150];
    uint16_t i16[150];
    for (int k = 0; k < n; k++)
        i8[k] = (uint8_t)idx[k], i16[k] = (uint16_t)idx[k];
    g->DrawElements(GL_TRIANGLES, 50 * 3 / 3 * 1, GL_UNSIGNED_BYTE, i8); /* client indices */
    g->DrawRangeElements(GL_TRIANGLES, 0, 35, 50, GL_UNSIGNED_SHORT, i16 + 50);
    new_buffer(g, r, GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx);
    g->DrawElements(GL_TRIANGLES, 50, GL_UNSIGNED_INT, (void *)(100 * sizeof(unsigned)));
    g->DrawElements(GL_LINE_STRIP, 30, GL_UNSIGNED_INT, (void *)0);
    return true;
}

static bool hook_depth(glc_api *g, glc_run *r)
{
    (void)r;
    static const GLenum funcs[4] = {GL_LESS, GL_GEQUAL, GL_EQUAL, GL_NOTEQUAL};
    for (int q = 0; q < 4; q++) {
        float ox = (q & 1) ? 0.0f : -1.0f, oy = (q & 2) ? 0.0f : -1.0f;
        g->DepthFunc(GL_ALWAYS);
        /* red plane sloping in depth from -0.5 to 0.5 */
        const float a1[16] = {1, 0, 0, -0.5f, 1, 0, 0, 0.5f, 1, 0, 0, 0.5f, 1, 0, 0, -0.5f};
        quad_attr(g, ox + 0.05f, oy + 0.05f, ox + 0.95f, oy + 0.95f, a1);
        g->DepthFunc(funcs[q]);
        /* green plane at constant 0.0 crossing it; blue plane sloping the other way */
        quad_attr(g, ox + 0.2f, oy + 0.1f, ox + 0.8f, oy + 0.6f, FLAT(0, 1, 0, 0));
        const float a3[16] = {0, 0, 1, 0.6f, 0, 0, 1, -0.6f, 0, 0, 1, -0.6f, 0, 0, 1, 0.6f};
        quad_attr(g, ox + 0.1f, oy + 0.4f, ox + 0.9f, oy + 0.9f, a3);
    }
    g->DepthMask(GL_FALSE);
    g->DepthFunc(GL_LESS);
    quad_attr(g, -0.3f, -0.3f, 0.3f, 0.3f, FLAT(1, 1, 0, 0.1f));
    g->DepthMask(GL_TRUE);
    return true;
}

static bool hook_stencil(glc_api *g, glc_run *r)
{
    (void)r;
    /* Count overlaps with INCR in the stencil only. */
    g->ColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    g->StencilFunc(GL_ALWAYS, 0, 0xff);
    g->StencilOp(GL_KEEP, GL_KEEP, GL_INCR);
    for (int i = 0; i < 4; i++) {
        float o = -0.8f + 0.3f * i;
        quad_attr(g, o, o, o + 0.9f, o + 0.9f, NULL);
    }
    /* Two-sided: back faces decrement with wrap. */
    g->StencilOpSeparate(GL_BACK, GL_KEEP, GL_KEEP, GL_DECR_WRAP);
    quad_attr(g, 0.5f, -0.9f, -0.1f, -0.2f, NULL); /* clockwise: back facing */
    g->ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    g->StencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    static const float col[4][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}};
    for (int ref = 1; ref <= 4; ref++) {
        g->StencilFunc(ref == 4 ? GL_LEQUAL : GL_EQUAL, ref, 0xff);
        const float *c = col[ref - 1];
        quad_attr(g, -1, -1, 1, 1, FLAT(c[0], c[1], c[2], 1));
    }
    g->StencilFunc(GL_EQUAL, 0xff, 0xff); /* the wrapped region */
    quad_attr(g, -1, -1, 1, 1, FLAT(1, 1, 0, 1));
    return true;
}

static bool hook_blend(glc_api *g, glc_run *r)
{
    (void)r;
    g->BlendColor(0.2f, 0.4f, 0.6f, 0.8f);
    static const GLenum f[][2] = {
        {GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA}, {GL_ONE, GL_ONE}, {GL_DST_COLOR, GL_ZERO},
        {GL_ONE_MINUS_DST_ALPHA, GL_SRC_COLOR}, {GL_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_ALPHA},
        {GL_SRC_ALPHA_SATURATE, GL_ONE}, {GL_ZERO, GL_ONE_MINUS_SRC_COLOR},
        {GL_DST_ALPHA, GL_CONSTANT_ALPHA}};
    static const GLenum eq[] = {GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT, GL_MIN,
                                GL_MAX};
    for (int e = 0; e < 5; e++)
        for (int k = 0; k < 8; k++) {
            float x0 = -1 + (float)k * 0.25f, y0 = -1 + (float)e * 0.4f;
            g->BlendEquation(eq[e]);
            g->BlendFuncSeparate(f[k][0], f[k][1], f[(k + 3) % 8][0], f[(k + 5) % 8][1]);
            const float a[16] = {0.9f, 0.1f, 0.3f, 0.7f, 0.2f, 0.8f, 0.5f, 0.3f,
                                 0.6f, 0.6f, 0.9f, 1.0f, 0.0f, 0.4f, 1.0f, 0.5f};
            quad_attr(g, x0 + 0.02f, y0 + 0.02f, x0 + 0.23f, y0 + 0.38f, a);
        }
    g->BlendEquationSeparate(GL_FUNC_ADD, GL_MAX);
    g->BlendFunc(GL_ONE, GL_ONE);
    return true;
}

static bool hook_tex_filters(glc_api *g, glc_run *r)
{
    (void)r;
    quad_tex(g, -1, 0, 0, 1, 0, 0, 1, 1); /* magnified, nearest */
    tex_filter(g, GL_TEXTURE_2D, GL_LINEAR, GL_LINEAR);
    quad_tex(g, 0, 0, 1, 1, 0, 0, 1, 1); /* magnified, linear */
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
    quad_tex(g, -1, -1, 0, 0, -1.3f, -1.1f, 2.2f, 1.7f);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    const float border[4] = {1, 0, 1, 1};
    g->TexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    quad_tex(g, 0, -1, 1, 0, -0.5f, -0.5f, 1.5f, 1.5f);
    return true;
}

static bool hook_tex_mipmap(glc_api *g, glc_run *r)
{
    (void)r;
    g->GenerateMipmap(GL_TEXTURE_2D);
    /* A receding floor: strong minification along t. */
    const float a[16] = {0, 0, 0, 1, 8, 0, 0, 1, 8 * 0.1f, 8 * 0.1f, 0, 0.1f, 0, 8 * 0.1f, 0, 0.1f};
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    quad_attr(g, -1, -1, 1, 0, a);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    quad_tex(g, -1, 0, 0, 1, 0, 0, 7, 7);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
    g->TexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 1.0f);
    g->TexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 0.5f);
    quad_tex(g, 0, 0, 1, 1, 0, 0, 3, 3);
    return true;
}

static bool hook_tex_formats(glc_api *g, glc_run *r)
{
    uint8_t *rgba = pattern(8, 8, 2);
    uint8_t lum[64], la[128], rgb[192];
    uint16_t u565[64], u4444[64], u5551[64];
    float f32[256];
    for (int i = 0; i < 64; i++) {
        const uint8_t *q = rgba + i * 4;
        lum[i] = q[0];
        la[2 * i] = q[0], la[2 * i + 1] = q[3];
        rgb[3 * i] = q[0], rgb[3 * i + 1] = q[1], rgb[3 * i + 2] = q[2];
        u565[i] = (uint16_t)((q[0] >> 3) << 11 | (q[1] >> 2) << 5 | (q[2] >> 3));
        u4444[i] = (uint16_t)((q[0] >> 4) << 12 | (q[1] >> 4) << 8 | (q[2] >> 4) << 4 | q[3] >> 4);
        u5551[i] = (uint16_t)((q[0] >> 3) << 11 | (q[1] >> 3) << 6 | (q[2] >> 3) << 1 | q[3] >> 7);
        for (int c = 0; c < 4; c++)
            f32[4 * i + c] = q[c] / 255.0f * 1.5f - 0.25f; /* beyond [0, 1] on purpose */
    }
    struct {
        GLenum ifmt, fmt, type;
        const void *data;
    } fm[] = {
        {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, rgba},
        {GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, rgb},
        {GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum},
        {GL_ALPHA8, GL_ALPHA, GL_UNSIGNED_BYTE, lum},
        {GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la},
        {GL_INTENSITY8, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum},
        {GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, u565},
        {GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, u4444},
        {GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, u5551},
        {GL_RGBA32F, GL_RGBA, GL_FLOAT, f32},
        {GL_RGBA16F, GL_RGBA, GL_FLOAT, f32},
        {GL_R8, GL_RED, GL_UNSIGNED_BYTE, lum},
        {GL_RG8, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la},
        {GL_RGBA, GL_BGRA, GL_UNSIGNED_BYTE, rgba},
        {GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, rgba},
        {GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_BYTE, rgba},
    };
    new_texture(g, r, GL_TEXTURE_2D);
    tex_filter(g, GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST);
    g->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (unsigned i = 0; i < sizeof fm / sizeof fm[0]; i++) {
        g->TexImage2D(GL_TEXTURE_2D, 0, (GLint)fm[i].ifmt, 8, 8, 0, fm[i].fmt, fm[i].type,
                      fm[i].data);
        float x0 = -1 + (float)(i % 4) * 0.5f, y0 = -1 + (float)(i / 4) * 0.5f;
        quad_tex(g, x0 + 0.02f, y0 + 0.02f, x0 + 0.48f, y0 + 0.48f, 0, 0, 1, 1);
    }
    g->PixelStorei(GL_UNPACK_ALIGNMENT, 4);
    free(rgba);
    return true;
}

static bool hook_tex_cube_3d(glc_api *g, glc_run *r)
{
    g->ActiveTexture(GL_TEXTURE0);
    new_texture(g, r, GL_TEXTURE_CUBE_MAP);
    for (int f = 0; f < 6; f++) {
        uint8_t px[16 * 4];
        for (int i = 0; i < 16; i++) {
            px[4 * i] = (uint8_t)(f * 40 + 20), px[4 * i + 1] = (uint8_t)(i * 16);
            px[4 * i + 2] = (uint8_t)(255 - f * 40), px[4 * i + 3] = 255;
        }
        g->TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                      GL_UNSIGNED_BYTE, px);
    }
    tex_filter(g, GL_TEXTURE_CUBE_MAP, GL_NEAREST, GL_NEAREST);
    g->ActiveTexture(GL_TEXTURE1);
    new_texture(g, r, GL_TEXTURE_3D);
    uint8_t vol[8 * 8 * 4 * 4];
    for (int i = 0; i < 8 * 8 * 4; i++) {
        vol[4 * i] = (uint8_t)((i % 8) * 32), vol[4 * i + 1] = (uint8_t)((i / 8 % 8) * 32);
        vol[4 * i + 2] = (uint8_t)((i / 64) * 64), vol[4 * i + 3] = 255;
    }
    g->TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, vol);
    tex_filter(g, GL_TEXTURE_3D, GL_LINEAR, GL_LINEAR);
    g->ActiveTexture(GL_TEXTURE0);
    return true;
}

/* Render two quads into a 64x64 texture through an FBO with depth, then
 * draw the texture on the window twice (minified and magnified) and blit
 * it there. The scene's program (VS_DEPTH) draws into the FBO. */
static bool hook_fbo(glc_api *g, glc_run *r)
{
    GLuint tex = new_texture(g, r, GL_TEXTURE_2D), rb, fb;
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    tex_filter(g, GL_TEXTURE_2D, GL_LINEAR, GL_NEAREST);
    g->GenRenderbuffers(1, &rb);
    g->BindRenderbuffer(GL_RENDERBUFFER, rb);
    g->RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 64, 64);
    g->GenFramebuffers(1, &fb);
    g->BindFramebuffer(GL_FRAMEBUFFER, fb);
    g->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    g->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
    bool ok = g->CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (!ok)
        fprintf(stderr, "glc scene: %s: FBO incomplete\n", g->path);
    if (ok) {
        g->Viewport(0, 0, 64, 64);
        clear(g, 0, 0.3f, 0, 1);
        g->Enable(GL_DEPTH_TEST);
        const float a1[16] = {1, 0, 0, 0.5f, 1, 0, 0, -0.5f, 1, 1, 0, -0.5f, 1, 1, 0, 0.5f};
        quad_attr(g, -0.8f, -0.8f, 0.6f, 0.4f, a1);
        const float a2[16] = {0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0};
        quad_attr(g, -0.4f, -0.5f, 0.9f, 0.9f, a2);
        g->Disable(GL_DEPTH_TEST);
        g->BindFramebuffer(GL_FRAMEBUFFER, 0);
        g->Viewport(0, 0, r->w, r->h);
        ok = tex_program(g, r); /* the window keeps the runner's clear */
    }
    if (ok) {
        g->BindTexture(GL_TEXTURE_2D, tex);
        quad_tex(g, -1, -1, 0, 0, 0, 0, 1, 1);
        quad_tex(g, 0, 0, 1, 1, 0.25f, 0.25f, 0.75f, 0.75f);
        /* Blit from the FBO to the window, scaled and mirrored. */
        g->BindFramebuffer(GL_READ_FRAMEBUFFER, fb);
        g->BlitFramebuffer(0, 0, 64, 64, r->w / 2, r->h / 2 - 1, r->w, 0, GL_COLOR_BUFFER_BIT,
                           GL_NEAREST);
        g->BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    }
    g->BindFramebuffer(GL_FRAMEBUFFER, 0);
    g->DeleteFramebuffers(1, &fb);
    g->DeleteRenderbuffers(1, &rb);
    return ok;
}

/* A lit sphere from a VBO + index buffer with a perspective MVP and a
 * normal matrix: the vertex path of the benchmark's mesh scene. Linked by
 * glc_program (no attribute bindings): locations come from
 * glGetAttribLocation. */
static bool hook_lit_mesh(glc_api *g, glc_run *r)
{
    const char *vs =
        "attribute vec3 position; attribute vec3 normal;\n"
        "uniform mat4 mvp; uniform mat3 nmat; varying vec3 n; varying vec3 pos;\n"
        "void main() { n = nmat * normal; pos = position;\n"
        "  gl_Position = mvp * vec4(position, 1.0); }\n";
    const char *fs =
        "varying vec3 n; varying vec3 pos; uniform vec3 light;\n"
        "void main() { vec3 N = normalize(n);\n"
        "  float d = max(dot(N, normalize(light)), 0.0);\n"
        "  vec3 h = normalize(normalize(light) + vec3(0.0, 0.0, 1.0));\n"
        "  float s = pow(max(dot(N, h), 0.0), 32.0);\n"
        "  gl_FragColor = vec4(vec3(0.1) + d * vec3(0.8, 0.6, 0.3) + s, 1.0); }\n";
    GLuint p = r->prog = glc_program(g, vs, fs);
    if (!p)
        return false;
    g->UseProgram(p);
    enum { SEG = 48, RING = 24 };
    float *vtx = malloc(sizeof(float) * 6 * (SEG + 1) * (RING + 1));
    unsigned *idx = malloc(sizeof(unsigned) * 6 * SEG * RING);
    int nv = 0, ni = 0;
    for (int ri = 0; ri <= RING; ri++)
        for (int s = 0; s <= SEG; s++) {
            float th = 3.14159265f * ri / RING, ph = 6.2831853f * s / SEG;
            float x = sinf(th) * cosf(ph), y = cosf(th), z = sinf(th) * sinf(ph);
            float *d = vtx + 6 * nv++;
            d[0] = 0.8f * x, d[1] = 0.8f * y, d[2] = 0.8f * z, d[3] = x, d[4] = y, d[5] = z;
        }
    for (int ri = 0; ri < RING; ri++)
        for (int s = 0; s < SEG; s++) {
            unsigned a = ri * (SEG + 1) + s, b = a + SEG + 1;
            idx[ni++] = a, idx[ni++] = b, idx[ni++] = a + 1;
            idx[ni++] = a + 1, idx[ni++] = b, idx[ni++] = b + 1;
        }
    new_buffer(g, r, GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(float) * 6 * nv), vtx);
    new_buffer(g, r, GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(sizeof(unsigned) * ni), idx);
    free(vtx);
    free(idx);
    GLint lp = g->GetAttribLocation(p, "position"), ln = g->GetAttribLocation(p, "normal");
    g->VertexAttribPointer((GLuint)lp, 3, GL_FLOAT, GL_FALSE, 24, (void *)0);
    g->VertexAttribPointer((GLuint)ln, 3, GL_FLOAT, GL_FALSE, 24, (void *)12);
    g->EnableVertexAttribArray((GLuint)lp);
    g->EnableVertexAttribArray((GLuint)ln);
    /* mvp = perspective * translate(0,0,-2.5) * rotate */
    float c = cosf(0.6f), s = sinf(0.6f), f = 1.0f / tanf(0.5f), asp = (float)r->w / (float)r->h;
    float n = 1.0f, fa = 5.0f;
    const float rot[16] = {c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, -2.5f, 1};
    const float proj[16] = {f / asp, 0, 0, 0, 0, f, 0, 0, 0, 0, (fa + n) / (n - fa), -1,
                            0, 0, 2 * fa * n / (n - fa), 0};
    float mvp[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            float acc = 0;
            for (int k = 0; k < 4; k++)
                acc += proj[k * 4 + j] * rot[i * 4 + k];
            mvp[i * 4 + j] = acc;
        }
    const float nmat[9] = {c, 0, -s, 0, 1, 0, s, 0, c};
    g->UniformMatrix4fv(g->GetUniformLocation(p, "mvp"), 1, GL_FALSE, mvp);
    g->UniformMatrix3fv(g->GetUniformLocation(p, "nmat"), 1, GL_FALSE, nmat);
    g->Uniform3f(g->GetUniformLocation(p, "light"), 0.5f, 0.7f, 1.0f);
    g->CullFace(GL_BACK);
    g->FrontFace(GL_CW);
    g->DrawElements(GL_TRIANGLES, ni, GL_UNSIGNED_INT, (void *)0);
    g->FrontFace(GL_CCW);
    g->DisableVertexAttribArray((GLuint)lp);
    g->DisableVertexAttribArray((GLuint)ln);
    return true;
}

static bool hook_points_lines(glc_api *g, glc_run *r)
{
    float pts[16 * 6];
    for (int i = 0; i < 16; i++) {
        float *d = pts + 6 * i;
        d[0] = -0.9f + 0.11f * i + 0.013f, d[1] = 0.5f + 0.01f * (float)(i % 3);
        d[2] = 1, d[3] = (float)(i & 1), d[4] = 0.5f, d[5] = (float)(i % 8) / 7.0f;
    }
    g->BindBuffer(GL_ARRAY_BUFFER, 0);
    attribs_interleaved(g, pts);
    GLint sprite = g->GetUniformLocation(r->prog, "sprite");
    g->Uniform1f(sprite, 0.0f);
    g->DrawArrays(GL_POINTS, 0, 16);
    g->Enable(GL_POINT_SPRITE);
    g->Uniform1f(sprite, 1.0f);
    for (int i = 0; i < 16; i++)
        pts[6 * i + 1] = 0.8f, pts[6 * i + 5] = 1.0f;
    g->DrawArrays(GL_POINTS, 0, 16);
    g->Disable(GL_POINT_SPRITE);
    g->Uniform1f(sprite, 0.0f);
    float ln[12 * 6];
    for (int i = 0; i < 12; i++) {
        float a = 0.5236f * i + 0.1f, *d = ln + 6 * i;
        d[0] = (i & 1) ? 0.0f : 0.45f * cosf(a), d[1] = (i & 1) ? -0.4f : -0.4f + 0.45f * sinf(a);
        d[2] = 0.3f, d[3] = 1, d[4] = (float)i / 11.0f, d[5] = 0;
    }
    attribs_interleaved(g, ln);
    g->DrawArrays(GL_LINES, 0, 12);
    g->DrawArrays(GL_LINE_LOOP, 0, 6);
    g->DisableVertexAttribArray(0); /* ln goes out of scope */
    g->DisableVertexAttribArray(1);
    return true;
}

/* Line stipple (GL 2.1 §3.4.2): a strip and a loop (the counter runs on
 * across their segments), independent lines (it restarts per line) and a
 * wide strip (whole columns masked). Vertices sit on pixel centres with
 * integer steps, so a segment's fragment count is its major-axis length,
 * which is also what llvmpipe's draw module counts (ceil of that length). */
static bool hook_line_stipple(glc_api *g, glc_run *r)
{
    (void)r;
    void *sym = g->OSMesaGetProcAddress("glLineStipple");
    void (*line_stipple)(GLint, GLushort);
    if (!sym)
        return false;
    memcpy(&line_stipple, &sym, sizeof line_stipple);
    /* A 128x128 viewport so that pixel centres are exact in NDC and window
     * coordinates (llvmpipe counts ceil(segment length), which must not
     * see a length like 20.000002). PC: pixel centre (px, py), py up. */
    g->Viewport(0, 0, 128, 128);
#define PC(px, py) ((float)(px) + 0.5f) / 64.0f - 1.0f, ((float)(py) + 0.5f) / 64.0f - 1.0f
    float v[32 * 6];
    g->BindBuffer(GL_ARRAY_BUFFER, 0);
    attribs_interleaved(g, v);
    g->Enable(GL_LINE_STIPPLE);
    /* A square wave strip across the top (axis-aligned segments: llvmpipe
     * cuts a stippled line into sub-segments at the pattern's on/off
     * changes, which then land on pixel centres and rasterize exactly). */
    for (int i = 0; i < 24; i++) {
        float *d = v + 6 * i, p[2] = {PC(6 + 6 * ((i + 1) >> 1), ((i >> 1) & 1) ? 112 : 92)};
        d[0] = p[0], d[1] = p[1];
        d[2] = 1, d[3] = (float)i / 23.0f, d[4] = 0.3f, d[5] = 0;
    }
    line_stipple(1, 0x0f3f);
    g->DrawArrays(GL_LINE_STRIP, 0, 24);
    /* A loop (a 12-gon around (60, 55)), factor 2. */
    static const int ring[12][2] = {{90, 55}, {86, 70}, {75, 81}, {60, 85}, {45, 81}, {34, 70},
                                    {30, 55}, {34, 40}, {45, 29}, {60, 25}, {75, 29}, {86, 40}};
    for (int i = 0; i < 12; i++) {
        float *d = v + 6 * i, p[2] = {PC(ring[i][0], ring[i][1])};
        d[0] = p[0], d[1] = p[1];
        d[2] = 0.2f, d[3] = 1, d[4] = (float)i / 11.0f, d[5] = 0;
    }
    line_stipple(2, 0x00ff);
    g->DrawArrays(GL_LINE_LOOP, 0, 12);
    /* Independent lines along the bottom, factor 3. */
    for (int i = 0; i < 8; i++) {
        float *d = v + 6 * i, p[2] = {PC(8 + 18 * (i / 2) + 9 * (i & 1), (i & 1) ? 20 : 4)};
        d[0] = p[0], d[1] = p[1];
        d[2] = 1, d[3] = 1, d[4] = 1, d[5] = 0;
    }
    line_stipple(3, 0x3333);
    g->DrawArrays(GL_LINES, 0, 8);
    /* A wide y-major strip on the right. */
    for (int i = 0; i < 6; i++) {
        float *d = v + 6 * i, p[2] = {PC((i & 1) ? 118 : 100, 10 + 17 * i)};
        d[0] = p[0], d[1] = p[1];
        d[2] = 0.5f, d[3] = 0.5f, d[4] = 1, d[5] = 0;
    }
    g->LineWidth(3.0f);
    line_stipple(1, 0xc3f3);
    g->DrawArrays(GL_LINE_STRIP, 0, 6);
    g->LineWidth(1.0f);
    g->Viewport(0, 0, 160, 120);
#undef PC
    g->Disable(GL_LINE_STIPPLE);
    g->DisableVertexAttribArray(0); /* v goes out of scope */
    g->DisableVertexAttribArray(1);
    return true;
}

/* Smooth lines and points (GL 2.1 §3.4.4, §3.3.2) blended with
 * SRC_ALPHA / ONE_MINUS_SRC_ALPHA onto black: a fan of lines of widths
 * 1..5 at many angles, a row of points of sizes 1..9 at sub-pixel
 * positions. swr multiplies alpha by the exact pixel-square area of GL's
 * rectangle / disc; llvmpipe's AA differs in method (its draw module's
 * aaline texture, a smoothstep of the distance for points), so only the
 * edge pixels' intensities differ; the fragments' colours agree. */
static bool hook_smooth(glc_api *g, glc_run *r)
{
    (void)r;
    float v[64 * 6];
    g->BindBuffer(GL_ARRAY_BUFFER, 0);
    attribs_interleaved(g, v);
    for (int i = 0; i < 10; i++) {
        float a = 0.1f + 0.29f * (float)i, c = cosf(a), s = sinf(a);
        float *d = v + 12 * i;
        d[0] = -0.45f + 0.07f * c, d[1] = 0.2f + 0.09f * s;
        d[6] = -0.45f + 0.52f * c, d[7] = 0.2f + 0.7f * s;
        for (int k = 0; k < 2; k++) {
            float *col = d + 6 * k + 2;
            col[0] = 1.0f, col[1] = 0.3f + 0.07f * (float)i, col[2] = 0.2f, col[3] = 0.9f;
        }
        g->LineWidth(1.0f + 0.45f * (float)i);
        attribs_interleaved(g, d);
        g->DrawArrays(GL_LINES, 0, 2);
    }
    g->LineWidth(1.0f);
    for (int i = 0; i < 9; i++) {
        float *d = v + 6 * i;
        d[0] = 0.18f + 0.09f * (float)i + 0.0031f * (float)i;
        d[1] = -0.55f + 0.0047f * (float)i;
        d[2] = 0.3f, d[3] = 0.6f, d[4] = 1.0f, d[5] = 0.85f;
        attribs_interleaved(g, d);
        g->PointSize(1.0f + (float)i);
        g->DrawArrays(GL_POINTS, 0, 1);
    }
    g->PointSize(1.0f);
    g->DisableVertexAttribArray(0); /* v goes out of scope */
    g->DisableVertexAttribArray(1);
    return true;
}

static bool hook_polygon_state(glc_api *g, glc_run *r)
{
    (void)r;
    const float *red = FLAT(1, 0, 0, 0), *grn = FLAT(0, 1, 0, 0);
    /* Culling: the clockwise quad on the right is dropped. */
    g->Enable(GL_CULL_FACE);
    quad_attr(g, -0.9f, 0.1f, -0.5f, 0.9f, red);
    quad_attr(g, -0.1f, 0.1f, -0.4f, 0.9f, grn);
    g->Disable(GL_CULL_FACE);
    /* Polygon mode line on front faces. */
    g->PolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    quad_attr(g, 0.1f, 0.1f, 0.9f, 0.9f, grn);
    g->PolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    /* Polygon offset: a coplanar green quad wins over red with LESS. */
    g->Enable(GL_DEPTH_TEST);
    quad_attr(g, -0.9f, -0.9f, -0.1f, -0.1f, red);
    g->Enable(GL_POLYGON_OFFSET_FILL);
    g->PolygonOffset(-1.0f, -1.0f);
    quad_attr(g, -0.7f, -0.7f, -0.3f, -0.3f, grn);
    g->Disable(GL_POLYGON_OFFSET_FILL);
    g->Disable(GL_DEPTH_TEST);
    return true;
}

static bool hook_instanced(glc_api *g, glc_run *r)
{
    (void)r;
    static const float tri[6] = {-1, -1, 1, -1, 0, 1};
    float inst[25 * 4];
    for (int i = 0; i < 25; i++)
        inst[4 * i] = (float)(i % 5) / 4.0f, inst[4 * i + 1] = (float)(i / 5) / 4.0f,
        inst[4 * i + 2] = 0.3f + 0.02f * i, inst[4 * i + 3] = 1;
    g->BindBuffer(GL_ARRAY_BUFFER, 0);
    g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
    g->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, inst);
    g->EnableVertexAttribArray(0);
    g->EnableVertexAttribArray(1);
    g->VertexAttribDivisorARB(1, 1);
    g->DrawArraysInstancedARB(GL_TRIANGLES, 0, 3, 25);
    g->VertexAttribDivisorARB(1, 0);
    return true;
}

static bool hook_glsl130(glc_api *g, glc_run *r)
{
    (void)r;
    static const float pos[12] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
    static const float uv[24] = {0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0,
                                 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0};
    g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
    g->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, uv);
    g->EnableVertexAttribArray(0);
    g->EnableVertexAttribArray(1);
    g->DrawArrays(GL_TRIANGLES, 0, 6);
    return true;
}

static bool hook_shadow(glc_api *g, glc_run *r)
{
    new_texture(g, r, GL_TEXTURE_2D);
    float d[16 * 16];
    for (int i = 0; i < 256; i++)
        d[i] = (float)((i % 16) + (i / 16)) / 30.0f;
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 16, 16, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                  d);
    tex_filter(g, GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    return true;
}

static bool hook_fragcoord_facing(glc_api *g, glc_run *r)
{
    g->Uniform2f(g->GetUniformLocation(r->prog, "size"), (float)r->w, (float)r->h);
    return true;
}

/* DXT1 and DXT5 blocks built by hand (S3TC: two RGB565 end points and
 * 2-bit indices; DXT5 adds two alpha end points and 3-bit indices). */
static void dxt_blocks(uint8_t *dxt1, uint8_t *dxt5, int bw, int bh)
{
    for (int b = 0; b < bw * bh; b++) {
        uint16_t c0 = (uint16_t)(((b * 5) & 31) << 11 | ((b * 11) & 63) << 5 | 31);
        uint16_t c1 = (uint16_t)(((31 - b) & 31) << 11 | 0x3f << 5 | ((b * 3) & 31));
        if (c0 <= c1) { /* keep the four-colour mode */
            uint16_t t = c0;
            c0 = (uint16_t)(c1 | 0x8000);
            c1 = t & 0x7fff;
        }
        uint8_t *d = dxt1 + b * 8;
        d[0] = (uint8_t)c0, d[1] = (uint8_t)(c0 >> 8), d[2] = (uint8_t)c1,
        d[3] = (uint8_t)(c1 >> 8);
        uint32_t idx = 0xE4E41B1Bu ^ (uint32_t)(b * 0x01010101u);
        memcpy(d + 4, &idx, 4);
        uint8_t *e = dxt5 + b * 16;
        e[0] = (uint8_t)(255 - b * 7), e[1] = (uint8_t)(b * 5);
        uint64_t ai = 0;
        for (int k = 0; k < 16; k++)
            ai |= (uint64_t)((k + b) & 7) << (3 * k);
        for (int k = 0; k < 6; k++)
            e[2 + k] = (uint8_t)(ai >> (8 * k));
        memcpy(e + 8, d, 8);
    }
}

static bool hook_tex_compressed(glc_api *g, glc_run *r)
{
    enum { TW = 16, TH = 16, BW = TW / 4, BH = TH / 4 };
    uint8_t dxt1[BW * BH * 8], dxt5[BW * BH * 16], rgtc1[BW * BH * 8], rgtc2[BW * BH * 16];
    dxt_blocks(dxt1, dxt5, BW, BH);
    for (int b = 0; b < BW * BH; b++) { /* RGTC blocks share DXT5's alpha block layout */
        memcpy(rgtc1 + b * 8, dxt5 + b * 16, 8);
        memcpy(rgtc2 + b * 16, dxt5 + b * 16, 8);
        memcpy(rgtc2 + b * 16 + 8, dxt5 + ((b + 3) % (BW * BH)) * 16, 8);
    }
    struct {
        GLenum fmt;
        const uint8_t *data;
        GLsizei size;
    } c[] = {
        {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, dxt1, sizeof dxt1},
        {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, dxt5, sizeof dxt5},
        {GL_COMPRESSED_RED_RGTC1, rgtc1, sizeof rgtc1},
        {GL_COMPRESSED_RG_RGTC2, rgtc2, sizeof rgtc2},
    };
    new_texture(g, r, GL_TEXTURE_2D);
    tex_filter(g, GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST);
    for (int i = 0; i < 4; i++) {
        g->CompressedTexImage2D(GL_TEXTURE_2D, 0, c[i].fmt, TW, TH, 0, c[i].size, c[i].data);
        float x0 = -1 + (float)(i % 2), y0 = -1 + (float)(i / 2);
        /* Texture coordinates slightly off the texel grid: no pixel centre
         * falls exactly on a texel edge, where nearest filtering may pick
         * either texel (both libraries are right there). */
        quad_tex(g, x0 + 0.04f, y0 + 0.04f, x0 + 0.92f, y0 + 0.92f, 0.0021f, 0.0013f, 1.0021f,
                 1.0013f);
    }
    return true;
}

/* A 2D array texture (GLSL 1.30) on the left; on the right, a texture
 * filled with glCopyTexSubImage2D from what was drawn first. */
static bool hook_tex_array_copy(glc_api *g, glc_run *r)
{
    new_texture(g, r, GL_TEXTURE_2D_ARRAY);
    uint8_t layers[3 * 8 * 8 * 4];
    for (int i = 0; i < 3 * 64; i++) {
        int l = i / 64, x = i % 8, y = i / 8 % 8;
        layers[4 * i] = (uint8_t)(l == 0 ? 255 : x * 32),
                   layers[4 * i + 1] = (uint8_t)(l == 1 ? 255 : y * 32);
        layers[4 * i + 2] = (uint8_t)(l == 2 ? 255 : ((x ^ y) & 1) * 200), layers[4 * i + 3] = 255;
    }
    g->TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 8, 8, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers);
    tex_filter(g, GL_TEXTURE_2D_ARRAY, GL_LINEAR, GL_LINEAR);
    quad_tex(g, -1, -1, 0, 1, 0, 0, 1, 1);
    g->Finish();
    /* Copy the left half into a texture and show it on the right, flipped. */
    new_texture(g, r, GL_TEXTURE_2D);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    g->CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, r->w / 8, r->h / 8, 64, 64);
    tex_filter(g, GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST);
    if (!tex_program(g, r))
        return false;
    quad_tex(g, 0, -1, 1, 1, 0, 1, 1, 0);
    return true;
}

/* Render, read back through several format/type pairs and pack settings,
 * and draw what was read as textures: the image shows whether the
 * conversions agree. */
static bool hook_readpixels(glc_api *g, glc_run *r)
{
    const float a[16] = {1, 0, 0, 1, 0, 1, 0, 0.5f, 0, 0, 1, 1, 1, 1, 1, 0.25f};
    quad_attr(g, -1, -1, 0, 0, a);
    g->UseProgram(0);
    enum { RW = 30, RH = 20 };
    static uint8_t ub[RW * RH * 4 + 64];
    static float fl[RW * RH * 4];
    static uint16_t s565[RW * RH + 8];
    static uint8_t lum[(RW + 3) * RH];
    int x = r->w / 8, y = r->h / 8;
    g->PixelStorei(GL_PACK_ALIGNMENT, 1);
    g->ReadPixels(x, y, RW, RH, GL_RGBA, GL_UNSIGNED_BYTE, ub);
    g->ReadPixels(x, y, RW, RH, GL_RGBA, GL_FLOAT, fl);
    g->ReadPixels(x, y, RW, RH, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, s565);
    g->PixelStorei(GL_PACK_ALIGNMENT, 4);
    g->ReadPixels(x, y, RW, RH, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    new_texture(g, r, GL_TEXTURE_2D);
    tex_filter(g, GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST);
    if (!tex_program(g, r))
        return false;
    g->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, RW, RH, 0, GL_RGBA, GL_UNSIGNED_BYTE, ub);
    quad_tex(g, 0, 0, 0.5f, 0.5f, 0, 0, 1, 1);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, RW, RH, 0, GL_RGBA, GL_FLOAT, fl);
    quad_tex(g, 0.5f, 0, 1, 0.5f, 0, 0, 1, 1);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, RW, RH, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, s565);
    quad_tex(g, 0, 0.5f, 0.5f, 1, 0, 0, 1, 1);
    g->PixelStorei(GL_UNPACK_ALIGNMENT, 4);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8, RW, RH, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    quad_tex(g, 0.5f, 0.5f, 1, 1, 0, 0, 1, 1);
    return true;
}

/* Motion blur in the accumulation buffer (context with accumulation bits):
 * a base tint from glClearAccum, eight renders of a moving, turning,
 * sub-pixel-jittered fan ACCUMulated at 0.85 / 8 each, a scissored LOAD of
 * a ninth render into one box, MULT and a scissored ADD, then RETURN (gain
 * 1.25, so bright parts clamp) into a scissor box with blue masked off
 * over a grey clear. Every accumulated value stays inside [-1, 1] (GL
 * leaves overflow undefined: Mesa wraps, swr saturates). glAccum and
 * glClearAccum come through OSMesaGetProcAddress (glc_api does not list
 * them). */
static bool hook_accum(glc_api *g, glc_run *r)
{
    typedef void (*accum_fn)(GLenum, GLfloat);
    typedef void (*clear_accum_fn)(GLfloat, GLfloat, GLfloat, GLfloat);
    accum_fn accum = (accum_fn)g->OSMesaGetProcAddress("glAccum");
    clear_accum_fn clear_accum = (clear_accum_fn)g->OSMesaGetProcAddress("glClearAccum");
    if (!accum || !clear_accum)
        return false;
    int w = r->w, h = r->h;
    enum { N = 8, FAN = 7 };
    clear_accum(0.05f, 0.1f, 0.15f, 0.1f); /* + 0.85 at most from the renders */
    g->Clear(GL_ACCUM_BUFFER_BIT);
    for (int i = 0; i <= N; i++) {
        g->ClearColor(0.0f, 0.0f, 0.0f, 0.0f);
        g->Clear(GL_COLOR_BUFFER_BIT);
        float t = (float)i / N, a0 = 0.5f * t;
        /* sub-pixel jitter: a quarter pixel in a rotating pattern */
        float jx = 0.5f / w * (float)((i & 1) ? 1 : -1), jy = 0.5f / h * (float)((i & 2) ? 1 : -1);
        float cx = -0.55f + 0.9f * t + jx, cy = -0.1f + 0.25f * t + jy;
        float v[(FAN + 2) * 6];
        v[0] = cx, v[1] = cy, v[2] = 1, v[3] = 1, v[4] = 1, v[5] = 1;
        for (int k = 0; k <= FAN; k++) {
            float a = a0 + 6.2831853f * (float)k / FAN, rad = (k & 1) ? 0.35f : 0.2f;
            float *d = v + (k + 1) * 6;
            d[0] = cx + rad * cosf(a), d[1] = cy + rad * sinf(a) * (float)w / (float)h;
            d[2] = 0.5f + 0.5f * cosf(a), d[3] = t, d[4] = 0.5f + 0.5f * sinf(a);
            d[5] = 0.6f + 0.4f * t;
        }
        attribs_interleaved(g, v);
        g->DrawArrays(GL_TRIANGLE_FAN, 0, FAN + 2);
        /* a static bar, the same in every render (stays sharp) */
        quad_attr(g, -0.9f, -0.8f, 0.9f, -0.6f,
                  (const float[16]){1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1});
        if (i < N) {
            accum(GL_ACCUM, 0.85f / N);
        } else { /* the last render replaces a box around its fan */
            g->Enable(GL_SCISSOR_TEST);
            g->Scissor(w / 2, h / 3, w / 3, h / 2);
            accum(GL_LOAD, 0.75f);
            g->Disable(GL_SCISSOR_TEST);
        }
    }
    accum(GL_MULT, 0.8f); /* then + 0.15: at most 0.95 */
    g->Enable(GL_SCISSOR_TEST);
    g->Scissor(0, 0, w / 2, h / 4);
    accum(GL_ADD, 0.15f);
    g->ClearColor(0.4f, 0.4f, 0.4f, 1.0f);
    g->Scissor(0, 0, w, h);
    g->Clear(GL_COLOR_BUFFER_BIT);
    g->Scissor(w / 20, h / 20, w * 9 / 10, h * 9 / 10);
    g->ColorMask(GL_TRUE, GL_TRUE, GL_FALSE, GL_TRUE);
    accum(GL_RETURN, 1.25f);
    g->ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    g->Disable(GL_SCISSOR_TEST);
    return true;
}

/* ---- the scenes ------------------------------------------------------------ */

static const char FS_MATH[] =
    "#version 120\n"
    "varying vec4 v; uniform float k; uniform vec3 tint; uniform mat2 rot;\n"
    "void main() {\n"
    "  vec2 p = rot * (v.xy * 2.0 - 1.0);\n"
    "  float r = length(p), a = atan(p.y, p.x);\n"
    "  float s = 0.5 + 0.5 * sin(10.0 * r - k) * cos(3.0 * a);\n"
    "  vec3 c = mix(tint, vec3(s, fract(r * 3.0), step(0.5, s)), smoothstep(0.2, 0.8, r));\n"
    "  c += 0.1 * vec3(pow(abs(p.x), 1.5), exp2(-r), log2(1.0 + r));\n"
    "  c = clamp(c, 0.0, 1.0) * vec3(mod(a, 1.0) > 0.5 ? 1.0 : 0.8);\n"
    "  gl_FragColor = vec4(c + 0.05 * sign(p.y) + 0.1 * inversesqrt(1.0 + dot(p, p)), 1.0);\n"
    "}\n";

static const char FS_CONTROL[] =
    "varying vec4 v;\n"
    "struct Light { vec3 color; float radius; };\n"
    "uniform Light lights[3];\n"
    "uniform float weights[4];\n"
    "float falloff(in float d, in float r, out float inside) {\n"
    "  inside = d < r ? 1.0 : 0.0;\n"
    "  if (d > 2.0 * r) return 0.0;\n"
    "  return 1.0 - d / (2.0 * r);\n"
    "}\n"
    "void main() {\n"
    "  vec2 p = v.xy;\n"
    "  if (p.x > 0.9 && p.y > 0.9) discard;\n"
    "  vec3 c = vec3(0.0);\n"
    "  for (int i = 0; i < 3; i++) {\n"
    "    vec2 centre = vec2(0.25 + 0.25 * float(i), 0.5 + 0.2 * float(i - 1));\n"
    "    float inside;\n"
    "    float f = falloff(distance(p, centre), lights[i].radius, inside);\n"
    "    if (f <= 0.0) continue;\n"
    "    c += lights[i].color * f + 0.1 * inside;\n"
    "  }\n"
    "  int n = int(p.x * 4.0);\n"
    "  float acc = 0.0;\n"
    "  for (int j = 0; j < 4; j++) { if (j > n) break; acc += weights[j]; }\n"
    "  int k = int(clamp(p.y * 4.0, 0.0, 3.0));\n"
    "  gl_FragColor = vec4(c, 1.0) * 0.8 + vec4(acc * 0.1, weights[k] * 0.2, 0.0, 0.0);\n"
    "}\n";

static const char VS_POINTS[] =
    "#version 120\nattribute vec2 pos; attribute vec4 attr; varying vec4 v;\n"
    "void main() { v = attr; gl_PointSize = 1.0 + 7.0 * attr.a;\n"
    "  gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char FS_POINTS[] =
    "#version 120\nvarying vec4 v; uniform float sprite;\n"
    "void main() { gl_FragColor = sprite > 0.5 ? vec4(gl_PointCoord, v.b, 1.0)"
    " : vec4(v.rgb, 1.0); }\n";

static const char VS_INSTANCED[] =
    "attribute vec2 pos; attribute vec4 attr;\n"
    "varying vec4 v;\n"
    "void main() { v = vec4(attr.rgb, 1.0);\n"
    "  gl_Position = vec4(pos * 0.2 + attr.xy * 1.6 - 0.8, 0.0, 1.0); }\n";

static const char VS_130[] = "#version 130\n"
                            "in vec2 pos; in vec4 attr; out vec2 uv; flat out int cell;\n"
                            "void main() { uv = attr.xy; cell = gl_VertexID / 3;\n"
                            "  gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char FS_130[] = "#version 130\n"
                            "in vec2 uv; flat in int cell; uniform sampler2D tex; out vec4 color;\n"
                            "void main() {\n"
                            "  ivec2 sz = textureSize(tex, 0);\n"
                            "  ivec2 t = ivec2(uv * vec2(sz));\n"
                            "  int bits = (t.x ^ t.y) & 3;\n"
                            "  uint u = uint(t.x * 7 + t.y) % 5u;\n"
                            "  vec4 texel = texelFetch(tex, clamp(t, ivec2(0), sz - 1), 0);\n"
                            "  color = vec4(texel.rg, float(bits) / 3.0, float(u) / 4.0) * 0.8 +\n"
                            "          vec4(float(cell & 1) * 0.2);\n"
                            "}\n";

static const char FS_CUBE_3D[] =
    "uniform samplerCube cube; uniform sampler3D vol; varying vec4 v;\n"
    "void main() {\n"
    "  vec2 p = v.xy * 2.0 - 1.0;\n"
    "  if (v.z < 0.5) gl_FragColor = textureCube(cube, vec3(p, 0.6));\n"
    "  else gl_FragColor = texture3D(vol, vec3(v.xy, fract(v.x + v.y)));\n"
    "}\n";

static const char FS_SHADOW[] =
    "uniform sampler2DShadow sh; varying vec4 v;\n"
    "void main() { float s = shadow2D(sh, vec3(v.xy, v.x * 0.8 + 0.1)).r;\n"
    "  gl_FragColor = vec4(s, 0.5 * s, 1.0 - s, 1.0); }\n";

/* gl_FragCoord (origin lower left, centres at .5) and gl_FrontFacing: the
 * left quad is counter-clockwise (front), the right one clockwise. */
static const char FS_FRAGCOORD[] =
    "uniform vec2 size;\n"
    "void main() {\n"
    "  vec2 f = gl_FragCoord.xy;\n"
    "  float edge = (f.y < 8.0 || f.x < 8.0) ? 1.0 : 0.0;\n"
    "  gl_FragColor = vec4(f.x / size.x, f.y / size.y,\n"
    "                      gl_FrontFacing ? 1.0 : 0.25 + 0.5 * edge,\n"
    "                      1.0) * vec4(1.0, 1.0, 1.0, fract(f.y) == 0.5 ? 1.0 : 0.0);\n"
    "}\n";

static const char VS_130_ATTR[] = "#version 130\nin vec2 pos; in vec4 attr; out vec4 v;\n"
                                 "void main() { v = attr; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char FS_ARRAY[] =
    "#version 130\nuniform sampler2DArray arr; in vec4 v; out vec4 color;\n"
    "void main() { color = texture(arr, vec3(v.xy, floor(v.y * 3.0))); }\n";

/* User clip distances (GLSL 1.30 gl_ClipDistance) cut a quad along two
 * planes. */
static const char VS_CLIP[] =
    "#version 130\nin vec2 pos; in vec4 attr; out vec4 v;\n"
    "void main() { v = attr; gl_Position = vec4(pos, 0.0, 1.0);\n"
    "  gl_ClipDistance[0] = dot(vec3(pos, 1.0), vec3(1.0, 0.5, 0.3));\n"
    "  gl_ClipDistance[1] = dot(vec3(pos, 1.0), vec3(-0.4, 1.0, 0.6)); }\n";
static const char FS_130_COLOR[] =
    "#version 130\nin vec4 v; out vec4 color; void main() { color = v; }\n";

#define BLACK {0, 0, 0, 1}
#define TEX_UNIT0 {{"tex", 'i', 1, {0}}}

/* clang-format off */
const glc_scene glc_scenes[] = {
    {"clear_scissor", 60, {0.2f, 0.4f, 0.6f, 1.0f}, .hook = hook_clear_scissor},
    {"triangles", 40, BLACK, VS_ATTR, FS_COLOR, .hook = hook_triangles},
    {"indexed", 35, {0.1f, 0.1f, 0.1f, 1}, VS_ATTR, FS_COLOR, .hook = hook_indexed},
    {"depth", 35, BLACK, VS_DEPTH, FS_COLOR, .enables = {GL_DEPTH_TEST}, .hook = hook_depth},
    {"stencil", 40, {0.1f, 0.1f, 0.3f, 1}, VS_ATTR, FS_COLOR, .enables = {GL_STENCIL_TEST},
     .hook = hook_stencil},
    {"blend", 40, {0.25f, 0.5f, 0.75f, 0.5f}, VS_ATTR, FS_COLOR, .enables = {GL_BLEND},
     .hook = hook_blend},
    {"tex_filters", 35, BLACK, VS_ATTR, FS_TEX2D, TEX_UNIT0, {16, 4, GL_NEAREST, GL_NEAREST},
     .hook = hook_tex_filters},
    {"tex_mipmap", 30, BLACK, VS_ATTR, FS_TEX2D, TEX_UNIT0,
     {128, 8, GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR}, .hook = hook_tex_mipmap},
    {"tex_formats", 35, {0.3f, 0.3f, 0.3f, 1}, VS_ATTR, FS_TEX2D, TEX_UNIT0, .blend = true,
     .blend_src = GL_SRC_ALPHA, .blend_dst = GL_ONE_MINUS_SRC_ALPHA, .hook = hook_tex_formats},
    {"tex_cube_3d", 35, BLACK, VS_ATTR, FS_CUBE_3D, {{"cube", 'i', 1, {0}}, {"vol", 'i', 1, {1}}},
     .hook = hook_tex_cube_3d,
     QUADS({-1, -1, 0, 1, (const float[16]){0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1}},
           {0, -1, 1, 1, (const float[16]){0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1}})},
    {"fbo", 35, {0.5f, 0.5f, 0.5f, 1}, VS_DEPTH, FS_COLOR, .hook = hook_fbo},
    {"glsl_math", 35, BLACK, VS_ATTR, FS_MATH,
     {{"k", 'f', 1, {1.25f}}, {"tint", 'f', 3, {0.9f, 0.3f, 0.1f}},
      {"rot", 'm', 4, {0.8f, 0.6f, -0.6f, 0.8f}}},
     QUADS({-1, -1, 1, 1, TC(0, 0, 1, 1)})},
    {"glsl_control", 35, {0.2f, 0, 0.2f, 1}, VS_ATTR, FS_CONTROL,
     {{"lights[0].color", 'f', 3, {1.0f, 0.3f, 0.1f}},
      {"lights[0].radius", 'f', 1, {0.1f + 0.05f * 0}},
      {"lights[1].color", 'f', 3, {0.2f, 1.0f, 0.1f}},
      {"lights[1].radius", 'f', 1, {0.1f + 0.05f * 1}},
      {"lights[2].color", 'f', 3, {0.2f, 0.3f, 1.0f}},
      {"lights[2].radius", 'f', 1, {0.1f + 0.05f * 2}},
      {"weights", 'v', 4, {0.5f, 1.5f, 2.5f, 3.5f}}},
     QUADS({-1, -1, 1, 1, TC(0, 0, 1, 1)})},
    {"lit_mesh", 35, {0.05f, 0.05f, 0.1f, 1}, .enables = {GL_DEPTH_TEST, GL_CULL_FACE},
     .hook = hook_lit_mesh},
    {"points_lines", 25, BLACK, VS_POINTS, FS_POINTS, .enables = {GL_VERTEX_PROGRAM_POINT_SIZE},
     .hook = hook_points_lines},
    /* Measured 86.6 dB (max channel difference 2: colour rounding): the
     * same fragments are stippled; a counter off by one breaks 60 dB. */
    {"line_stipple", 60, BLACK, VS_POINTS, FS_POINTS, .hook = hook_line_stipple},
    /* Measured 35.8 dB (max diff 158: edge intensities, see hook_smooth);
     * without the coverage applied to alpha 21.9 dB. */
    {"smooth", 30, BLACK, VS_ATTR, FS_COLOR, .blend = true, .blend_src = GL_SRC_ALPHA,
     .blend_dst = GL_ONE_MINUS_SRC_ALPHA, .enables = {GL_LINE_SMOOTH, GL_POINT_SMOOTH},
     .hook = hook_smooth},
    {"polygon_state", 30, BLACK, VS_DEPTH, FS_COLOR, .hook = hook_polygon_state},
    {"instanced", 40, BLACK, VS_INSTANCED, FS_COLOR, .hook = hook_instanced},
    {"glsl130", 35, BLACK, VS_130, FS_130, TEX_UNIT0, {16, 4, GL_NEAREST, GL_NEAREST},
     .hook = hook_glsl130},
    {"shadow", 35, BLACK, VS_ATTR, FS_SHADOW, {{"sh", 'i', 1, {0}}}, .hook = hook_shadow,
     QUADS({-1, -1, 1, 1, TC(0, 0, 1, 1)})},
    {"fragcoord_facing", 40, BLACK, VS_ATTR, FS_FRAGCOORD, .blend = true, .blend_src = GL_ONE,
     .blend_dst = GL_ZERO, .hook = hook_fragcoord_facing,
     QUADS({-1, -1, 0, 1, NULL}, {1, -1, 0, 1, NULL} /* clockwise */)},
    {"tex_compressed", 40, {0.2f, 0.2f, 0.2f, 1}, VS_ATTR, FS_TEX2D, TEX_UNIT0, .blend = true,
     .blend_src = GL_SRC_ALPHA, .blend_dst = GL_ONE_MINUS_SRC_ALPHA, .hook = hook_tex_compressed},
    {"tex_array_copy", 35, BLACK, VS_130_ATTR, FS_ARRAY, {{"arr", 'i', 1, {0}}},
     .hook = hook_tex_array_copy},
    {"clip_distance", 35, {0, 0, 0.2f, 1}, VS_CLIP, FS_130_COLOR,
     .enables = {GL_CLIP_DISTANCE0, GL_CLIP_DISTANCE0 + 1},
     QUADS({-0.9f, -0.9f, 0.9f, 0.9f,
            (const float[16]){1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1}})},
    {"readpixels", 40, BLACK, VS_ATTR, FS_COLOR, .hook = hook_readpixels},
    /* Measured 55.2 dB (max channel difference 1: swr rounds into the
     * 16-bit accumulation buffer where Mesa truncates); a RETURN that
     * ignores the scissor box and colour mask gives 12 dB. */
    {"accum", 45, BLACK, VS_ATTR, FS_COLOR, .hook = hook_accum, .accum_bits = 16},
};
/* clang-format on */
const unsigned glc_num_scenes = sizeof glc_scenes / sizeof glc_scenes[0];
