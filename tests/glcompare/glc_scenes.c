/* glc_scenes.c: see glc_scenes.h. Every scene is plain GL 2.1 + GLSL 1.10/
 * 1.20/1.30 so both libraries run it unchanged. */
#include "glc_scenes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A quad from client arrays: pos from (x0,y0)-(x1,y1) in NDC, attr = the
 * four corners' extra values (4 floats each, counter-clockwise from x0,y0). */
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

/* A quad whose attr is the texture coordinate (s0,t0)-(s1,t1). */
static void quad_tex(glc_api *g, float x0, float y0, float x1, float y1, float s0, float t0,
                     float s1, float t1)
{
    const float a[16] = {s0, t0, 0, 1, s1, t0, 0, 1, s1, t1, 0, 1, s0, t1, 0, 1};
    quad_attr(g, x0, y0, x1, y1, a);
}

static const char *VS_ATTR = "attribute vec2 pos; attribute vec4 attr; varying vec4 v;\n"
                             "void main() { v = attr; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *FS_COLOR = "varying vec4 v; void main() { gl_FragColor = v; }\n";
static const char *FS_TEX2D = "uniform sampler2D tex; varying vec4 v;\n"
                              "void main() { gl_FragColor = texture2D(tex, v.xy); }\n";

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

static GLuint texture_2d(glc_api *g, int w, int h, int cell, GLenum min, GLenum mag)
{
    GLuint t;
    g->GenTextures(1, &t);
    g->BindTexture(GL_TEXTURE_2D, t);
    uint8_t *p = pattern(w, h, cell);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, p);
    free(p);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint)min);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, (GLint)mag);
    return t;
}

static void clear(glc_api *g, float r, float gg, float b, float a)
{
    g->ClearColor(r, gg, b, a);
    g->ClearDepth(1.0);
    g->ClearStencil(0);
    g->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

/* ---- scenes ------------------------------------------------------------- */

static bool scene_clear_scissor(glc_api *g, int w, int h)
{
    clear(g, 0.2f, 0.4f, 0.6f, 1.0f);
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
    return no_error(g, "clear_scissor");
}

static bool scene_triangles(glc_api *g, int w, int h)
{
    clear(g, 0, 0, 0, 1);
    GLuint p = prog_bound(g, VS_ATTR, FS_COLOR);
    if (!p)
        return false;
    g->UseProgram(p);
    /* A fan of thin triangles (edges at many slopes) in a VBO. */
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
    GLuint vbo;
    g->GenBuffers(1, &vbo);
    g->BindBuffer(GL_ARRAY_BUFFER, vbo);
    g->BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
    g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
    g->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
    g->EnableVertexAttribArray(0);
    g->EnableVertexAttribArray(1);
    g->DrawArrays(GL_TRIANGLE_FAN, 0, N + 2);
    g->DisableVertexAttribArray(0);
    g->DisableVertexAttribArray(1);
    g->BindBuffer(GL_ARRAY_BUFFER, 0);
    g->DeleteBuffers(1, &vbo);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "triangles");
}

static bool scene_indexed(glc_api *g, int w, int h)
{
    clear(g, 0.1f, 0.1f, 0.1f, 1);
    GLuint p = prog_bound(g, VS_ATTR, FS_COLOR);
    if (!p)
        return false;
    g->UseProgram(p);
    /* A 6 x 6 grid of vertices, drawn with each index type in a third. */
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
    GLuint vbo, ibo;
    g->GenBuffers(1, &vbo);
    g->BindBuffer(GL_ARRAY_BUFFER, vbo);
    g->BufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
    g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
    g->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
    g->EnableVertexAttribArray(0);
    g->EnableVertexAttribArray(1);
    uint8_t i8[150];
    uint16_t i16[150];
    for (int k = 0; k < n; k++)
        i8[k] = (uint8_t)idx[k], i16[k] = (uint16_t)idx[k];
    g->DrawElements(GL_TRIANGLES, 50 * 3 / 3 * 1, GL_UNSIGNED_BYTE, i8); /* client indices */
    g->DrawRangeElements(GL_TRIANGLES, 0, 35, 50, GL_UNSIGNED_SHORT, i16 + 50);
    g->GenBuffers(1, &ibo);
    g->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
    g->BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
    g->DrawElements(GL_TRIANGLES, 50, GL_UNSIGNED_INT, (void *)(100 * sizeof(unsigned)));
    g->DrawElements(GL_LINE_STRIP, 30, GL_UNSIGNED_INT, (void *)0);
    g->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    g->BindBuffer(GL_ARRAY_BUFFER, 0);
    g->DisableVertexAttribArray(0);
    g->DisableVertexAttribArray(1);
    g->DeleteBuffers(1, &vbo);
    g->DeleteBuffers(1, &ibo);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "indexed");
}

static const char *VS_DEPTH = "attribute vec2 pos; attribute vec4 attr; varying vec4 v;\n"
                              "void main() { v = vec4(attr.rgb, 1.0);\n"
                              "  gl_Position = vec4(pos, attr.w, 1.0); }\n";

static bool scene_depth(glc_api *g, int w, int h)
{
    clear(g, 0, 0, 0, 1);
    GLuint p = prog_bound(g, VS_DEPTH, FS_COLOR);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Enable(GL_DEPTH_TEST);
    static const GLenum funcs[4] = {GL_LESS, GL_GEQUAL, GL_EQUAL, GL_NOTEQUAL};
    for (int q = 0; q < 4; q++) {
        float ox = (q & 1) ? 0.0f : -1.0f, oy = (q & 2) ? 0.0f : -1.0f;
        g->DepthFunc(GL_ALWAYS);
        /* red plane sloping in depth from -0.5 to 0.5 */
        const float a1[16] = {1, 0, 0, -0.5f, 1, 0, 0, 0.5f, 1, 0, 0, 0.5f, 1, 0, 0, -0.5f};
        quad_attr(g, ox + 0.05f, oy + 0.05f, ox + 0.95f, oy + 0.95f, a1);
        g->DepthFunc(funcs[q]);
        /* green plane at constant 0.0 crossing it; blue plane sloping the other way */
        const float a2[16] = {0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0};
        quad_attr(g, ox + 0.2f, oy + 0.1f, ox + 0.8f, oy + 0.6f, a2);
        const float a3[16] = {0, 0, 1, 0.6f, 0, 0, 1, -0.6f, 0, 0, 1, -0.6f, 0, 0, 1, 0.6f};
        quad_attr(g, ox + 0.1f, oy + 0.4f, ox + 0.9f, oy + 0.9f, a3);
    }
    g->DepthMask(GL_FALSE);
    g->DepthFunc(GL_LESS);
    const float a4[16] = {1, 1, 0, 0.1f, 1, 1, 0, 0.1f, 1, 1, 0, 0.1f, 1, 1, 0, 0.1f};
    quad_attr(g, -0.3f, -0.3f, 0.3f, 0.3f, a4);
    g->DepthMask(GL_TRUE);
    g->Disable(GL_DEPTH_TEST);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "depth");
}

static bool scene_stencil(glc_api *g, int w, int h)
{
    clear(g, 0.1f, 0.1f, 0.3f, 1);
    GLuint p = prog_bound(g, VS_ATTR, FS_COLOR);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Enable(GL_STENCIL_TEST);
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
        const float a[16] = {c[0], c[1], c[2], 1, c[0], c[1], c[2], 1,
                             c[0], c[1], c[2], 1, c[0], c[1], c[2], 1};
        quad_attr(g, -1, -1, 1, 1, a);
    }
    g->StencilFunc(GL_EQUAL, 0xff, 0xff); /* the wrapped region */
    const float y[16] = {1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1};
    quad_attr(g, -1, -1, 1, 1, y);
    g->Disable(GL_STENCIL_TEST);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "stencil");
}

static bool scene_blend(glc_api *g, int w, int h)
{
    clear(g, 0.25f, 0.5f, 0.75f, 0.5f);
    GLuint p = prog_bound(g, VS_ATTR, FS_COLOR);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Enable(GL_BLEND);
    g->BlendColor(0.2f, 0.4f, 0.6f, 0.8f);
    static const GLenum f[][2] = {
        {GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA}, {GL_ONE, GL_ONE}, {GL_DST_COLOR, GL_ZERO},
        {GL_ONE_MINUS_DST_ALPHA, GL_SRC_COLOR}, {GL_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_ALPHA},
        {GL_SRC_ALPHA_SATURATE, GL_ONE}, {GL_ZERO, GL_ONE_MINUS_SRC_COLOR},
        {GL_DST_ALPHA, GL_CONSTANT_ALPHA}};
    static const GLenum eq[] = {GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT, GL_MIN,
                                GL_MAX};
    int cell = 0;
    for (int e = 0; e < 5; e++)
        for (int k = 0; k < 8; k++, cell++) {
            float x0 = -1 + (float)k * 0.25f, y0 = -1 + (float)e * 0.4f;
            g->BlendEquation(eq[e]);
            g->BlendFuncSeparate(f[k][0], f[k][1], f[(k + 3) % 8][0], f[(k + 5) % 8][1]);
            const float a[16] = {0.9f, 0.1f, 0.3f, 0.7f, 0.2f, 0.8f, 0.5f, 0.3f,
                                 0.6f, 0.6f, 0.9f, 1.0f, 0.0f, 0.4f, 1.0f, 0.5f};
            quad_attr(g, x0 + 0.02f, y0 + 0.02f, x0 + 0.23f, y0 + 0.38f, a);
        }
    g->BlendEquationSeparate(GL_FUNC_ADD, GL_MAX);
    g->BlendFunc(GL_ONE, GL_ONE);
    g->Disable(GL_BLEND);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "blend");
}

static bool scene_tex_filters(glc_api *g, int w, int h)
{
    clear(g, 0, 0, 0, 1);
    GLuint p = prog_bound(g, VS_ATTR, FS_TEX2D);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Uniform1i(g->GetUniformLocation(p, "tex"), 0);
    GLuint t = texture_2d(g, 16, 16, 4, GL_NEAREST, GL_NEAREST);
    quad_tex(g, -1, 0, 0, 1, 0, 0, 1, 1); /* magnified, nearest */
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    quad_tex(g, 0, 0, 1, 1, 0, 0, 1, 1); /* magnified, linear */
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
    quad_tex(g, -1, -1, 0, 0, -1.3f, -1.1f, 2.2f, 1.7f);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    const float border[4] = {1, 0, 1, 1};
    g->TexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    quad_tex(g, 0, -1, 1, 0, -0.5f, -0.5f, 1.5f, 1.5f);
    g->DeleteTextures(1, &t);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "tex_filters");
}

static bool scene_tex_mipmap(glc_api *g, int w, int h)
{
    clear(g, 0, 0, 0, 1);
    GLuint p = prog_bound(g, VS_ATTR, FS_TEX2D);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Uniform1i(g->GetUniformLocation(p, "tex"), 0);
    GLuint t = texture_2d(g, 128, 128, 8, GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR);
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
    g->DeleteTextures(1, &t);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "tex_mipmap");
}

static bool scene_tex_formats(glc_api *g, int w, int h)
{
    clear(g, 0.3f, 0.3f, 0.3f, 1);
    GLuint p = prog_bound(g, VS_ATTR, FS_TEX2D);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Uniform1i(g->GetUniformLocation(p, "tex"), 0);
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
    GLuint t;
    g->GenTextures(1, &t);
    g->BindTexture(GL_TEXTURE_2D, t);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    g->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    g->Enable(GL_BLEND);
    g->BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    for (unsigned i = 0; i < sizeof fm / sizeof fm[0]; i++) {
        g->TexImage2D(GL_TEXTURE_2D, 0, (GLint)fm[i].ifmt, 8, 8, 0, fm[i].fmt, fm[i].type, fm[i].data);
        float x0 = -1 + (float)(i % 4) * 0.5f, y0 = -1 + (float)(i / 4) * 0.5f;
        quad_tex(g, x0 + 0.02f, y0 + 0.02f, x0 + 0.48f, y0 + 0.48f, 0, 0, 1, 1);
    }
    g->Disable(GL_BLEND);
    g->PixelStorei(GL_UNPACK_ALIGNMENT, 4);
    free(rgba);
    g->DeleteTextures(1, &t);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "tex_formats");
}

static bool scene_tex_cube_3d(glc_api *g, int w, int h)
{
    clear(g, 0, 0, 0, 1);
    const char *fs = "uniform samplerCube cube; uniform sampler3D vol; varying vec4 v;\n"
                     "void main() {\n"
                     "  vec2 p = v.xy * 2.0 - 1.0;\n"
                     "  if (v.z < 0.5) gl_FragColor = textureCube(cube, vec3(p, 0.6));\n"
                     "  else gl_FragColor = texture3D(vol, vec3(v.xy, fract(v.x + v.y)));\n"
                     "}\n";
    GLuint p = prog_bound(g, VS_ATTR, fs);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Uniform1i(g->GetUniformLocation(p, "cube"), 0);
    g->Uniform1i(g->GetUniformLocation(p, "vol"), 1);
    GLuint t[2];
    g->GenTextures(2, t);
    g->ActiveTexture(GL_TEXTURE0);
    g->BindTexture(GL_TEXTURE_CUBE_MAP, t[0]);
    for (int f = 0; f < 6; f++) {
        uint8_t px[16 * 4];
        for (int i = 0; i < 16; i++) {
            px[4 * i] = (uint8_t)(f * 40 + 20), px[4 * i + 1] = (uint8_t)(i * 16);
            px[4 * i + 2] = (uint8_t)(255 - f * 40), px[4 * i + 3] = 255;
        }
        g->TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                      GL_UNSIGNED_BYTE, px);
    }
    g->TexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    g->TexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    g->ActiveTexture(GL_TEXTURE1);
    g->BindTexture(GL_TEXTURE_3D, t[1]);
    uint8_t vol[8 * 8 * 4 * 4];
    for (int i = 0; i < 8 * 8 * 4; i++) {
        vol[4 * i] = (uint8_t)((i % 8) * 32), vol[4 * i + 1] = (uint8_t)((i / 8 % 8) * 32);
        vol[4 * i + 2] = (uint8_t)((i / 64) * 64), vol[4 * i + 3] = 255;
    }
    g->TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, vol);
    g->TexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    g->TexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    g->ActiveTexture(GL_TEXTURE0);
    const float a0[16] = {0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1};
    const float a1[16] = {0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1};
    quad_attr(g, -1, -1, 0, 1, a0);
    quad_attr(g, 0, -1, 1, 1, a1);
    g->DeleteTextures(2, t);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "tex_cube_3d");
}

static bool scene_fbo(glc_api *g, int w, int h)
{
    /* Render a triangle into a 64x64 texture through an FBO with depth,
     * then draw the texture on the window twice (minified and magnified). */
    GLuint tex, rb, fb;
    g->GenTextures(1, &tex);
    g->BindTexture(GL_TEXTURE_2D, tex);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    g->GenRenderbuffers(1, &rb);
    g->BindRenderbuffer(GL_RENDERBUFFER, rb);
    g->RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 64, 64);
    g->GenFramebuffers(1, &fb);
    g->BindFramebuffer(GL_FRAMEBUFFER, fb);
    g->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    g->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
    if (g->CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        fprintf(stderr, "glc scene: %s: FBO incomplete\n", g->path);
        return false;
    }
    g->Viewport(0, 0, 64, 64);
    clear(g, 0, 0.3f, 0, 1);
    GLuint p = prog_bound(g, VS_DEPTH, FS_COLOR);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Enable(GL_DEPTH_TEST);
    const float a1[16] = {1, 0, 0, 0.5f, 1, 0, 0, -0.5f, 1, 1, 0, -0.5f, 1, 1, 0, 0.5f};
    quad_attr(g, -0.8f, -0.8f, 0.6f, 0.4f, a1);
    const float a2[16] = {0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0};
    quad_attr(g, -0.4f, -0.5f, 0.9f, 0.9f, a2);
    g->Disable(GL_DEPTH_TEST);
    g->BindFramebuffer(GL_FRAMEBUFFER, 0);
    g->Viewport(0, 0, w, h);
    clear(g, 0.5f, 0.5f, 0.5f, 1);
    GLuint pt = prog_bound(g, VS_ATTR, FS_TEX2D);
    if (!pt)
        return false;
    g->UseProgram(pt);
    g->Uniform1i(g->GetUniformLocation(pt, "tex"), 0);
    g->BindTexture(GL_TEXTURE_2D, tex);
    quad_tex(g, -1, -1, 0, 0, 0, 0, 1, 1);
    quad_tex(g, 0, 0, 1, 1, 0.25f, 0.25f, 0.75f, 0.75f);
    /* Blit from the FBO to the window, scaled and mirrored. */
    g->BindFramebuffer(GL_READ_FRAMEBUFFER, fb);
    g->BlitFramebuffer(0, 0, 64, 64, w / 2, h / 2 - 1, w, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    g->BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    g->DeleteFramebuffers(1, &fb);
    g->DeleteRenderbuffers(1, &rb);
    g->DeleteTextures(1, &tex);
    g->UseProgram(0);
    g->DeleteProgram(p);
    g->DeleteProgram(pt);
    return no_error(g, "fbo");
}

static bool scene_glsl_math(glc_api *g, int w, int h)
{
    clear(g, 0, 0, 0, 1);
    const char *fs =
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
    GLuint p = prog_bound(g, VS_ATTR, fs);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Uniform1f(g->GetUniformLocation(p, "k"), 1.25f);
    g->Uniform3f(g->GetUniformLocation(p, "tint"), 0.9f, 0.3f, 0.1f);
    const float rot[4] = {0.8f, 0.6f, -0.6f, 0.8f};
    g->UniformMatrix2fv(g->GetUniformLocation(p, "rot"), 1, GL_FALSE, rot);
    quad_tex(g, -1, -1, 1, 1, 0, 0, 1, 1);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "glsl_math");
}

static bool scene_glsl_control(glc_api *g, int w, int h)
{
    clear(g, 0.2f, 0, 0.2f, 1);
    const char *fs =
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
    GLuint p = prog_bound(g, VS_ATTR, fs);
    if (!p)
        return false;
    g->UseProgram(p);
    char name[64];
    for (int i = 0; i < 3; i++) {
        snprintf(name, sizeof name, "lights[%d].color", i);
        g->Uniform3f(g->GetUniformLocation(p, name), i == 0 ? 1.0f : 0.2f, i == 1 ? 1.0f : 0.3f,
                     i == 2 ? 1.0f : 0.1f);
        snprintf(name, sizeof name, "lights[%d].radius", i);
        g->Uniform1f(g->GetUniformLocation(p, name), 0.1f + 0.05f * (float)i);
    }
    const float wts[4] = {0.5f, 1.5f, 2.5f, 3.5f};
    g->Uniform1fv(g->GetUniformLocation(p, "weights"), 4, wts);
    quad_tex(g, -1, -1, 1, 1, 0, 0, 1, 1);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "glsl_control");
}

static bool scene_lit_mesh(glc_api *g, int w, int h)
{
    /* A lit sphere from a VBO + index buffer with a perspective MVP and a
     * normal matrix: the vertex path of the benchmark's mesh scene. */
    clear(g, 0.05f, 0.05f, 0.1f, 1);
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
    GLuint p = glc_program(g, vs, fs);
    if (!p)
        return false;
    g->UseProgram(p);
    enum { SEG = 48, RING = 24 };
    float *vtx = malloc(sizeof(float) * 6 * (SEG + 1) * (RING + 1));
    unsigned *idx = malloc(sizeof(unsigned) * 6 * SEG * RING);
    int nv = 0, ni = 0;
    for (int r = 0; r <= RING; r++)
        for (int s = 0; s <= SEG; s++) {
            float th = 3.14159265f * r / RING, ph = 6.2831853f * s / SEG;
            float x = sinf(th) * cosf(ph), y = cosf(th), z = sinf(th) * sinf(ph);
            float *d = vtx + 6 * nv++;
            d[0] = 0.8f * x, d[1] = 0.8f * y, d[2] = 0.8f * z, d[3] = x, d[4] = y, d[5] = z;
        }
    for (int r = 0; r < RING; r++)
        for (int s = 0; s < SEG; s++) {
            unsigned a = r * (SEG + 1) + s, b = a + SEG + 1;
            idx[ni++] = a, idx[ni++] = b, idx[ni++] = a + 1;
            idx[ni++] = a + 1, idx[ni++] = b, idx[ni++] = b + 1;
        }
    GLuint buf[2];
    g->GenBuffers(2, buf);
    g->BindBuffer(GL_ARRAY_BUFFER, buf[0]);
    g->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(float) * 6 * nv), vtx, GL_STATIC_DRAW);
    g->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[1]);
    g->BufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(sizeof(unsigned) * ni), idx, GL_STATIC_DRAW);
    GLint lp = g->GetAttribLocation(p, "position"), ln = g->GetAttribLocation(p, "normal");
    g->VertexAttribPointer((GLuint)lp, 3, GL_FLOAT, GL_FALSE, 24, (void *)0);
    g->VertexAttribPointer((GLuint)ln, 3, GL_FLOAT, GL_FALSE, 24, (void *)12);
    g->EnableVertexAttribArray((GLuint)lp);
    g->EnableVertexAttribArray((GLuint)ln);
    /* mvp = perspective * translate(0,0,-2.5) * rotate */
    float c = cosf(0.6f), s = sinf(0.6f), f = 1.0f / tanf(0.5f), asp = (float)w / (float)h;
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
    g->Enable(GL_DEPTH_TEST);
    g->Enable(GL_CULL_FACE);
    g->CullFace(GL_BACK);
    g->FrontFace(GL_CW);
    g->DrawElements(GL_TRIANGLES, ni, GL_UNSIGNED_INT, (void *)0);
    g->Disable(GL_CULL_FACE);
    g->FrontFace(GL_CCW);
    g->Disable(GL_DEPTH_TEST);
    g->DisableVertexAttribArray((GLuint)lp);
    g->DisableVertexAttribArray((GLuint)ln);
    g->BindBuffer(GL_ARRAY_BUFFER, 0);
    g->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    g->DeleteBuffers(2, buf);
    free(vtx);
    free(idx);
    g->UseProgram(0);
    g->DeleteProgram(p);
    return no_error(g, "lit_mesh");
}

static bool scene_points_lines(glc_api *g, int w, int h)
{
    clear(g, 0, 0, 0, 1);
    const char *vs = "#version 120\nattribute vec2 pos; attribute vec4 attr; varying vec4 v;\n"
                     "void main() { v = attr; gl_PointSize = 1.0 + 7.0 * attr.a;\n"
                     "  gl_Position = vec4(pos, 0.0, 1.0); }\n";
    const char *fs = "#version 120\nvarying vec4 v; uniform float sprite;\n"
                     "void main() { gl_FragColor = sprite > 0.5 ? vec4(gl_PointCoord, v.b, 1.0)"
                     " : vec4(v.rgb, 1.0); }\n";
    GLuint p = prog_bound(g, vs, fs);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Enable(GL_VERTEX_PROGRAM_POINT_SIZE);
    float pts[16 * 6];
    for (int i = 0; i < 16; i++) {
        float *d = pts + 6 * i;
        d[0] = -0.9f + 0.11f * i + 0.013f, d[1] = 0.5f + 0.01f * (float)(i % 3);
        d[2] = 1, d[3] = (float)(i & 1), d[4] = 0.5f, d[5] = (float)(i % 8) / 7.0f;
    }
    g->BindBuffer(GL_ARRAY_BUFFER, 0);
    g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, pts);
    g->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, pts + 2);
    g->EnableVertexAttribArray(0);
    g->EnableVertexAttribArray(1);
    g->Uniform1f(g->GetUniformLocation(p, "sprite"), 0.0f);
    g->DrawArrays(GL_POINTS, 0, 16);
    g->Enable(GL_POINT_SPRITE);
    g->Uniform1f(g->GetUniformLocation(p, "sprite"), 1.0f);
    for (int i = 0; i < 16; i++)
        pts[6 * i + 1] = 0.8f, pts[6 * i + 5] = 1.0f;
    g->DrawArrays(GL_POINTS, 0, 16);
    g->Disable(GL_POINT_SPRITE);
    g->Uniform1f(g->GetUniformLocation(p, "sprite"), 0.0f);
    float ln[12 * 6];
    for (int i = 0; i < 12; i++) {
        float a = 0.5236f * i + 0.1f, *d = ln + 6 * i;
        d[0] = (i & 1) ? 0.0f : 0.45f * cosf(a), d[1] = (i & 1) ? -0.4f : -0.4f + 0.45f * sinf(a);
        d[2] = 0.3f, d[3] = 1, d[4] = (float)i / 11.0f, d[5] = 0;
    }
    g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, ln);
    g->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, ln + 2);
    g->DrawArrays(GL_LINES, 0, 12);
    g->DrawArrays(GL_LINE_LOOP, 0, 6);
    g->DisableVertexAttribArray(0);
    g->DisableVertexAttribArray(1);
    g->Disable(GL_VERTEX_PROGRAM_POINT_SIZE);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "points_lines");
}

static bool scene_polygon_state(glc_api *g, int w, int h)
{
    clear(g, 0, 0, 0, 1);
    GLuint p = prog_bound(g, VS_DEPTH, FS_COLOR);
    if (!p)
        return false;
    g->UseProgram(p);
    const float red[16] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
    const float grn[16] = {0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0};
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
    (void)w, (void)h;
    g->UseProgram(0);
    g->DeleteProgram(p);
    return no_error(g, "polygon_state");
}

static bool scene_instanced(glc_api *g, int w, int h)
{
    clear(g, 0, 0, 0, 1);
    const char *vs = "attribute vec2 pos; attribute vec4 attr;\n"
                     "varying vec4 v;\n"
                     "void main() { v = vec4(attr.rgb, 1.0);\n"
                     "  gl_Position = vec4(pos * 0.2 + attr.xy * 1.6 - 0.8, 0.0, 1.0); }\n";
    GLuint p = prog_bound(g, vs, FS_COLOR);
    if (!p)
        return false;
    g->UseProgram(p);
    const float tri[6] = {-1, -1, 1, -1, 0, 1};
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
    g->DisableVertexAttribArray(0);
    g->DisableVertexAttribArray(1);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "instanced");
}

static bool scene_glsl130(glc_api *g, int w, int h)
{
    clear(g, 0, 0, 0, 1);
    const char *vs = "#version 130\n"
                     "in vec2 pos; in vec4 attr; out vec2 uv; flat out int cell;\n"
                     "void main() { uv = attr.xy; cell = gl_VertexID / 3;\n"
                     "  gl_Position = vec4(pos, 0.0, 1.0); }\n";
    const char *fs = "#version 130\n"
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
    GLuint p = prog_bound(g, vs, fs);
    if (!p)
        return false;
    g->UseProgram(p);
    GLuint t = texture_2d(g, 16, 16, 4, GL_NEAREST, GL_NEAREST);
    g->Uniform1i(g->GetUniformLocation(p, "tex"), 0);
    const float pos[12] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
    const float uv[24] = {0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0};
    g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
    g->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, uv);
    g->EnableVertexAttribArray(0);
    g->EnableVertexAttribArray(1);
    g->DrawArrays(GL_TRIANGLES, 0, 6);
    g->DisableVertexAttribArray(0);
    g->DisableVertexAttribArray(1);
    g->DeleteTextures(1, &t);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "glsl130");
}

static bool scene_shadow(glc_api *g, int w, int h)
{
    clear(g, 0, 0, 0, 1);
    const char *fs = "uniform sampler2DShadow sh; varying vec4 v;\n"
                     "void main() { float s = shadow2D(sh, vec3(v.xy, v.x * 0.8 + 0.1)).r;\n"
                     "  gl_FragColor = vec4(s, 0.5 * s, 1.0 - s, 1.0); }\n";
    GLuint p = prog_bound(g, VS_ATTR, fs);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Uniform1i(g->GetUniformLocation(p, "sh"), 0);
    GLuint t;
    g->GenTextures(1, &t);
    g->BindTexture(GL_TEXTURE_2D, t);
    float d[16 * 16];
    for (int i = 0; i < 256; i++)
        d[i] = (float)((i % 16) + (i / 16)) / 30.0f;
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 16, 16, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    quad_tex(g, -1, -1, 1, 1, 0, 0, 1, 1);
    g->DeleteTextures(1, &t);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "shadow");
}

static bool scene_fragcoord_facing(glc_api *g, int w, int h)
{
    /* gl_FragCoord (origin lower left, centres at .5) and gl_FrontFacing:
     * the left quad is counter-clockwise (front), the right one clockwise. */
    clear(g, 0, 0, 0, 1);
    const char *fs = "uniform vec2 size;\n"
                     "void main() {\n"
                     "  vec2 f = gl_FragCoord.xy;\n"
                     "  float edge = (f.y < 8.0 || f.x < 8.0) ? 1.0 : 0.0;\n"
                     "  gl_FragColor = vec4(f.x / size.x, f.y / size.y,\n"
                     "                      gl_FrontFacing ? 1.0 : 0.25 + 0.5 * edge,\n"
                     "                      1.0) * vec4(1.0, 1.0, 1.0, fract(f.y) == 0.5 ? 1.0 : 0.0);\n"
                     "}\n";
    GLuint p = prog_bound(g, VS_ATTR, fs);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Uniform2f(g->GetUniformLocation(p, "size"), (float)w, (float)h);
    g->Enable(GL_BLEND);
    g->BlendFunc(GL_ONE, GL_ZERO);
    quad_attr(g, -1, -1, 0, 1, NULL);
    quad_attr(g, 1, -1, 0, 1, NULL); /* clockwise */
    g->Disable(GL_BLEND);
    g->UseProgram(0);
    g->DeleteProgram(p);
    return no_error(g, "fragcoord_facing");
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
        d[0] = (uint8_t)c0, d[1] = (uint8_t)(c0 >> 8), d[2] = (uint8_t)c1, d[3] = (uint8_t)(c1 >> 8);
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

static bool scene_tex_compressed(glc_api *g, int w, int h)
{
    clear(g, 0.2f, 0.2f, 0.2f, 1);
    GLuint p = prog_bound(g, VS_ATTR, FS_TEX2D);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Uniform1i(g->GetUniformLocation(p, "tex"), 0);
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
    GLuint t;
    g->GenTextures(1, &t);
    g->BindTexture(GL_TEXTURE_2D, t);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    g->Enable(GL_BLEND);
    g->BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    for (int i = 0; i < 4; i++) {
        g->CompressedTexImage2D(GL_TEXTURE_2D, 0, c[i].fmt, TW, TH, 0, c[i].size, c[i].data);
        float x0 = -1 + (float)(i % 2), y0 = -1 + (float)(i / 2);
        /* Texture coordinates slightly off the texel grid: no pixel centre
         * falls exactly on a texel edge, where nearest filtering may pick
         * either texel (both libraries are right there). */
        quad_tex(g, x0 + 0.04f, y0 + 0.04f, x0 + 0.92f, y0 + 0.92f, 0.0021f, 0.0013f, 1.0021f,
                 1.0013f);
    }
    g->Disable(GL_BLEND);
    g->DeleteTextures(1, &t);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "tex_compressed");
}

static bool scene_tex_array_copy(glc_api *g, int w, int h)
{
    /* A 2D array texture (GLSL 1.30) on the left; on the right, a texture
     * filled with glCopyTexSubImage2D from what was drawn first. */
    clear(g, 0, 0, 0, 1);
    const char *vs = "#version 130\nin vec2 pos; in vec4 attr; out vec4 v;\n"
                     "void main() { v = attr; gl_Position = vec4(pos, 0.0, 1.0); }\n";
    const char *fs = "#version 130\nuniform sampler2DArray arr; in vec4 v; out vec4 color;\n"
                     "void main() { color = texture(arr, vec3(v.xy, floor(v.y * 3.0))); }\n";
    GLuint p = prog_bound(g, vs, fs);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Uniform1i(g->GetUniformLocation(p, "arr"), 0);
    GLuint t[2];
    g->GenTextures(2, t);
    g->BindTexture(GL_TEXTURE_2D_ARRAY, t[0]);
    uint8_t layers[3 * 8 * 8 * 4];
    for (int i = 0; i < 3 * 64; i++) {
        int l = i / 64, x = i % 8, y = i / 8 % 8;
        layers[4 * i] = (uint8_t)(l == 0 ? 255 : x * 32), layers[4 * i + 1] = (uint8_t)(l == 1 ? 255 : y * 32);
        layers[4 * i + 2] = (uint8_t)(l == 2 ? 255 : ((x ^ y) & 1) * 200), layers[4 * i + 3] = 255;
    }
    g->TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 8, 8, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers);
    g->TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    g->TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    quad_tex(g, -1, -1, 0, 1, 0, 0, 1, 1);
    g->Finish();
    /* Copy the left half into a texture and show it on the right, flipped. */
    g->BindTexture(GL_TEXTURE_2D, t[1]);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    g->CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w / 8, h / 8, 64, 64);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GLuint p2 = prog_bound(g, VS_ATTR, FS_TEX2D);
    if (!p2)
        return false;
    g->UseProgram(p2);
    g->Uniform1i(g->GetUniformLocation(p2, "tex"), 0);
    quad_tex(g, 0, -1, 1, 1, 0, 1, 1, 0);
    g->DeleteTextures(2, t);
    g->UseProgram(0);
    g->DeleteProgram(p);
    g->DeleteProgram(p2);
    return no_error(g, "tex_array_copy");
}

static bool scene_clip_distance(glc_api *g, int w, int h)
{
    /* User clip distances (GLSL 1.30 gl_ClipDistance) cut a fan of
     * triangles along two planes. */
    clear(g, 0, 0, 0.2f, 1);
    const char *vs = "#version 130\nin vec2 pos; in vec4 attr; out vec4 v;\n"
                     "void main() { v = attr; gl_Position = vec4(pos, 0.0, 1.0);\n"
                     "  gl_ClipDistance[0] = dot(vec3(pos, 1.0), vec3(1.0, 0.5, 0.3));\n"
                     "  gl_ClipDistance[1] = dot(vec3(pos, 1.0), vec3(-0.4, 1.0, 0.6)); }\n";
    const char *fs = "#version 130\nin vec4 v; out vec4 color; void main() { color = v; }\n";
    GLuint p = prog_bound(g, vs, fs);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Enable(GL_CLIP_DISTANCE0);
    g->Enable(GL_CLIP_DISTANCE0 + 1);
    const float a[16] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1};
    quad_attr(g, -0.9f, -0.9f, 0.9f, 0.9f, a);
    g->Disable(GL_CLIP_DISTANCE0);
    g->Disable(GL_CLIP_DISTANCE0 + 1);
    g->UseProgram(0);
    g->DeleteProgram(p);
    (void)w, (void)h;
    return no_error(g, "clip_distance");
}

static bool scene_readpixels(glc_api *g, int w, int h)
{
    /* Render, read back through several format/type pairs and pack
     * settings, and draw what was read as textures: the image shows
     * whether the conversions agree. */
    clear(g, 0, 0, 0, 1);
    GLuint p = prog_bound(g, VS_ATTR, FS_COLOR);
    if (!p)
        return false;
    g->UseProgram(p);
    const float a[16] = {1, 0, 0, 1, 0, 1, 0, 0.5f, 0, 0, 1, 1, 1, 1, 1, 0.25f};
    quad_attr(g, -1, -1, 0, 0, a);
    g->UseProgram(0);
    enum { RW = 30, RH = 20 };
    static uint8_t ub[RW * RH * 4 + 64];
    static float fl[RW * RH * 4];
    static uint16_t s565[RW * RH + 8];
    static uint8_t lum[(RW + 3) * RH];
    g->PixelStorei(GL_PACK_ALIGNMENT, 1);
    g->ReadPixels(w / 8, h / 8, RW, RH, GL_RGBA, GL_UNSIGNED_BYTE, ub);
    g->ReadPixels(w / 8, h / 8, RW, RH, GL_RGBA, GL_FLOAT, fl);
    g->ReadPixels(w / 8, h / 8, RW, RH, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, s565);
    g->PixelStorei(GL_PACK_ALIGNMENT, 4);
    g->ReadPixels(w / 8, h / 8, RW, RH, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    GLuint t;
    g->GenTextures(1, &t);
    g->BindTexture(GL_TEXTURE_2D, t);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GLuint pt = prog_bound(g, VS_ATTR, FS_TEX2D);
    if (!pt)
        return false;
    g->UseProgram(pt);
    g->Uniform1i(g->GetUniformLocation(pt, "tex"), 0);
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
    g->DeleteTextures(1, &t);
    g->UseProgram(0);
    g->DeleteProgram(p);
    g->DeleteProgram(pt);
    return no_error(g, "readpixels");
}

const glc_scene glc_scenes[] = {
    {"clear_scissor", scene_clear_scissor, 60},
    {"triangles", scene_triangles, 40},
    {"indexed", scene_indexed, 35},
    {"depth", scene_depth, 35},
    {"stencil", scene_stencil, 40},
    {"blend", scene_blend, 40},
    {"tex_filters", scene_tex_filters, 35},
    {"tex_mipmap", scene_tex_mipmap, 30},
    {"tex_formats", scene_tex_formats, 35},
    {"tex_cube_3d", scene_tex_cube_3d, 35},
    {"fbo", scene_fbo, 35},
    {"glsl_math", scene_glsl_math, 35},
    {"glsl_control", scene_glsl_control, 35},
    {"lit_mesh", scene_lit_mesh, 35},
    {"points_lines", scene_points_lines, 25},
    {"polygon_state", scene_polygon_state, 30},
    {"instanced", scene_instanced, 40},
    {"glsl130", scene_glsl130, 35},
    {"shadow", scene_shadow, 35},
    {"fragcoord_facing", scene_fragcoord_facing, 40},
    {"tex_compressed", scene_tex_compressed, 40},
    {"tex_array_copy", scene_tex_array_copy, 35},
    {"clip_distance", scene_clip_distance, 35},
    {"readpixels", scene_readpixels, 40},
};
const unsigned glc_num_scenes = sizeof glc_scenes / sizeof glc_scenes[0];
