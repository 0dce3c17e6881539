/*
 * test_gl_compare_samplers.c: sampler objects (GL 3.3, ARB_sampler_objects)
 * and the packed vertex types of ARB_vertex_type_2_10_10_10_rev in swr's
 * libOSMesa.so.8 against Mesa's llvmpipe libOSMesa.so.8 (the oracle), both
 * in a GL 3.3 compatibility context, in one run.
 *
 *   test_gl_compare_samplers <swr libOSMesa> [<reference libOSMesa>]
 *
 * Images (each must agree with llvmpipe's, PSNR >= 40 dB, and show the
 * effect: the two halves of the sampler images must differ):
 * - one texture on units 0 and 1 with a NEAREST / CLAMP_TO_EDGE sampler
 *   object on unit 0 and a LINEAR / REPEAT one on unit 1; the texture's
 *   own minification filter needs mipmaps it does not have, so the
 *   texture is complete only through the samplers (the spec's rule);
 * - a mipmapped texture minified on both units, through a trilinear
 *   sampler (every level) and a NEAREST one (the base level only: the two
 *   units need different views of one texture);
 * - the same after the unit-0 sampler is deleted while bound (the unit
 *   falls back to the texture's state, set then to LINEAR / MIRRORED) and
 *   the unit-1 sampler's parameters change (border colour, CLAMP_TO_BORDER);
 * - arrays of GL_INT_2_10_10_10_REV positions (not normalized) and
 *   GL_UNSIGNED_INT_2_10_10_10_REV colours (normalized, size GL_BGRA) and
 *   normalized signed GL_INT_2_10_10_10_REV offsets, plus a current value
 *   from glVertexAttribP4ui;
 * - immediate mode with glVertexP{2,3}ui, glColorP{3,4}ui, glNormalP3ui,
 *   glSecondaryColorP3ui, glTexCoordP2ui and glMultiTexCoordP4ui.
 * State and errors recorded from both (the lists must be equal):
 * glGetSamplerParameter*, glIsSampler, GL_SAMPLER_BINDING, a sampler shared
 * by two contexts (deleted in one while bound in the other), the errors of
 * bad units, names, pnames and values; the packed types' errors in
 * glVertexAttribPointer / glVertexAttribIPointer and the P commands.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

enum { W = 96, H = 96 };

#define SP_FUNCS(X)                                                                                \
    X(GenSamplers, GENSAMPLERS) X(DeleteSamplers, DELETESAMPLERS) X(IsSampler, ISSAMPLER)          \
    X(BindSampler, BINDSAMPLER) X(SamplerParameteri, SAMPLERPARAMETERI)                            \
    X(SamplerParameterf, SAMPLERPARAMETERF) X(SamplerParameteriv, SAMPLERPARAMETERIV)              \
    X(SamplerParameterfv, SAMPLERPARAMETERFV) X(SamplerParameterIiv, SAMPLERPARAMETERIIV)          \
    X(SamplerParameterIuiv, SAMPLERPARAMETERIUIV)                                                  \
    X(GetSamplerParameteriv, GETSAMPLERPARAMETERIV)                                                \
    X(GetSamplerParameterfv, GETSAMPLERPARAMETERFV)                                                \
    X(GetSamplerParameterIiv, GETSAMPLERPARAMETERIIV)                                              \
    X(GetSamplerParameterIuiv, GETSAMPLERPARAMETERIUIV) X(VertexAttribP4ui, VERTEXATTRIBP4UI)      \
    X(VertexAttribP2ui, VERTEXATTRIBP2UI) X(VertexAttribIPointer, VERTEXATTRIBIPOINTER)            \
    X(Begin, BEGIN) X(End, END) X(VertexP2ui, VERTEXP2UI) X(VertexP3ui, VERTEXP3UI)                \
    X(ColorP3ui, COLORP3UI) X(ColorP4ui, COLORP4UI) X(NormalP3ui, NORMALP3UI)                      \
    X(SecondaryColorP3ui, SECONDARYCOLORP3UI) X(TexCoordP2ui, TEXCOORDP2UI)                        \
    X(MultiTexCoordP4ui, MULTITEXCOORDP4UI) X(GetFloatv, GETFLOATV)

GLC_TABLE(sp_api, sp_open, SP_FUNCS)

enum { MAXV = 2048 };
typedef struct rec {
    double v[MAXV];
    const char *what[MAXV];
    int n;
} rec;
static void put(rec *r, const char *what, double x)
{
    if (r->n < MAXV) {
        r->what[r->n] = what;
        r->v[r->n++] = x;
    }
}

/* ---- sampler images ---- */

static const char *VS_TEX = "#version 130\n"
                            "in vec2 pos;\n"
                            "uniform float sc;\n"
                            "out vec2 tc;\n"
                            "void main() {\n"
                            "  gl_Position = vec4(pos, 0.0, 1.0);\n"
                            "  tc = pos * sc + vec2(0.55, 0.45);\n"
                            "}\n";
static const char *FS_TEX = "#version 130\n"
                            "uniform sampler2D t0;\n"
                            "uniform sampler2D t1;\n"
                            "in vec2 tc;\n"
                            "out vec4 frag;\n"
                            "void main() {\n"
                            "  frag = gl_FragCoord.x < 48.0 ? texture(t0, tc) : texture(t1, tc);\n"
                            "}\n";

static void quad(glc_api *g)
{
    static const float p[] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
    g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, p);
    g->EnableVertexAttribArray(0);
    g->DrawArrays(GL_TRIANGLES, 0, 6);
}

static bool render_samplers(glc_api *g, sp_api *s, int which, uint8_t *out, rec *r)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H))
        return false;
    GLuint prog = glc_program(g, VS_TEX, FS_TEX);
    bool ok = prog != 0;
    if (ok) {
        g->BindAttribLocation(prog, 0, "pos");
        g->LinkProgram(prog);
        g->UseProgram(prog);
        g->Uniform1i(g->GetUniformLocation(prog, "t0"), 0);
        g->Uniform1i(g->GetUniformLocation(prog, "t1"), 1);
        /* case 2 minifies a 64x64 mipmapped texture */
        g->Uniform1f(g->GetUniformLocation(prog, "sc"), which == 2 ? 4.0f : 1.3f);
        g->Viewport(0, 0, W, H);
        const int ts = which == 2 ? 64 : 8;
        static uint8_t texels[64 * 64 * 4];
        for (int i = 0; i < ts * ts; i++) {
            int x = i % ts, y = i / ts;
            texels[4 * i] = (uint8_t)(((x + y) & 1) ? 230 : 20);
            texels[4 * i + 1] = (uint8_t)(x * 256 / ts);
            texels[4 * i + 2] = (uint8_t)(y * 256 / ts);
            texels[4 * i + 3] = 255;
        }
        GLuint tex;
        g->GenTextures(1, &tex);
        for (int u = 0; u < 2; u++) {
            g->ActiveTexture(GL_TEXTURE0 + (GLenum)u);
            g->BindTexture(GL_TEXTURE_2D, tex);
        }
        g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, ts, ts, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
        if (which == 2) {
            /* complete with its own NEAREST filter at the base level only;
             * unit 0's sampler needs every level, unit 1's the base */
            g->GenerateMipmap(GL_TEXTURE_2D);
            g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        }
        /* the texture's own filters: NEAREST_MIPMAP_LINEAR (default, no mipmaps) */
        GLuint sm[2];
        s->GenSamplers(2, sm);
        s->SamplerParameteri(sm[0], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        s->SamplerParameteri(sm[0], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        s->SamplerParameteri(sm[0], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        s->SamplerParameteri(sm[0], GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        s->SamplerParameteri(sm[1], GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        s->SamplerParameterf(sm[1], GL_TEXTURE_MAG_FILTER, (float)GL_LINEAR);
        s->SamplerParameteri(sm[1], GL_TEXTURE_WRAP_S, GL_REPEAT);
        s->SamplerParameteri(sm[1], GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
        if (which == 2) {
            s->SamplerParameteri(sm[0], GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
            s->SamplerParameteri(sm[0], GL_TEXTURE_WRAP_S, GL_REPEAT);
            s->SamplerParameteri(sm[0], GL_TEXTURE_WRAP_T, GL_REPEAT);
            s->SamplerParameteri(sm[1], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        }
        s->BindSampler(0, sm[0]);
        s->BindSampler(1, sm[1]);
        if (which == 1) {
            g->ActiveTexture(GL_TEXTURE0);
            g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
            g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
            quad(g); /* a draw with the samplers first, then change them */
            s->DeleteSamplers(1, &sm[0]);
            GLint bound = -1;
            g->GetIntegerv(GL_SAMPLER_BINDING, &bound);
            put(r, "binding after delete", bound);
            const float border[4] = {0.2f, 0.9f, 0.4f, 1.0f};
            s->SamplerParameterfv(sm[1], GL_TEXTURE_BORDER_COLOR, border);
            s->SamplerParameteri(sm[1], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
            s->SamplerParameteri(sm[1], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        }
        quad(g);
        g->Finish();
        GLenum e = g->GetError();
        put(r, "draw error", e);
        ok = e == GL_NO_ERROR;
        s->DeleteSamplers(2, sm);
        g->DeleteTextures(1, &tex);
        g->UseProgram(0);
        g->DeleteProgram(prog);
    }
    memcpy(out, t.color, (size_t)W * H * 4);
    glc_target_destroy(&t);
    return ok;
}

/* ---- packed vertex images ---- */

static uint32_t pack_i(int x, int y, int z, int w)
{
    return ((uint32_t)x & 1023u) | (((uint32_t)y & 1023u) << 10) | (((uint32_t)z & 1023u) << 20) |
           (((uint32_t)w & 3u) << 30);
}

static const char *VS_PACK = "#version 130\n"
                             "in vec4 pos;\n"
                             "in vec4 col;\n"
                             "in vec4 off;\n"
                             "in vec4 cur;\n"
                             "out vec4 c;\n"
                             "void main() {\n"
                             "  gl_Position = vec4(pos.xy / 500.0, pos.z / 600.0, 1.0);\n"
                             "  c = col * 0.6 + off * 0.2 + cur * 0.2 + vec4(0.0, 0.0, 0.0, pos.w);\n"
                             "}\n";
static const char *FS_PACK = "#version 130\n"
                             "in vec4 c;\n"
                             "out vec4 frag;\n"
                             "void main() { frag = c; }\n";

static const char *VS_IMM = "#version 120\n"
                            "varying vec4 c;\n"
                            "void main() {\n"
                            "  gl_Position = vec4(gl_Vertex.xy / 500.0, gl_Vertex.z / 600.0, 1.0);\n"
                            "  c = gl_Color * 0.5 + vec4(gl_Normal * 0.2 + 0.2, 0.0)\n"
                            "      + gl_SecondaryColor * 0.2\n"
                            "      + vec4(gl_MultiTexCoord0.xy / 1000.0, 0.0, 0.0)\n"
                            "      + gl_MultiTexCoord1 * 0.0005;\n"
                            "}\n";
static const char *FS_IMM = "#version 120\n"
                            "varying vec4 c;\n"
                            "void main() { gl_FragColor = c; }\n";

static bool render_packed(glc_api *g, sp_api *s, int which, uint8_t *out, rec *r)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H))
        return false;
    GLuint prog = which == 0 ? glc_program(g, VS_PACK, FS_PACK) : glc_program(g, VS_IMM, FS_IMM);
    bool ok = prog != 0;
    if (ok) {
        g->Viewport(0, 0, W, H);
        g->ClearColor(0.1f, 0.1f, 0.1f, 1);
        g->Clear(GL_COLOR_BUFFER_BIT);
        if (which == 0) {
            g->BindAttribLocation(prog, 0, "pos");
            g->BindAttribLocation(prog, 1, "col");
            g->BindAttribLocation(prog, 2, "off");
            g->BindAttribLocation(prog, 3, "cur");
            g->LinkProgram(prog);
            g->UseProgram(prog);
            /* two triangles; w of the position (2 bits, signed) adds to alpha */
            const uint32_t pos[6] = {pack_i(-480, -470, 100, 0), pack_i(470, -400, -300, 1),
                                     pack_i(-20, 480, 200, -1), pack_i(100, -100, 0, 0),
                                     pack_i(490, 300, 50, 0), pack_i(-300, 460, -100, 1)};
            /* colours as BGRA: x holds blue */
            const uint32_t col[6] = {pack_i(1023, 0, 0, 3), pack_i(0, 1023, 0, 2),
                                     pack_i(0, 0, 1023, 1), pack_i(700, 300, 100, 3),
                                     pack_i(100, 900, 400, 0), pack_i(512, 512, 512, 3)};
            const uint32_t off[6] = {pack_i(-511, 511, 0, 1), pack_i(300, -200, 100, 0),
                                     pack_i(-512, -1, 1, -1), pack_i(511, 0, -300, 1),
                                     pack_i(0, 0, 0, 0), pack_i(250, 250, -250, -2)};
            GLuint buf;
            g->GenBuffers(1, &buf);
            g->BindBuffer(GL_ARRAY_BUFFER, buf);
            g->BufferData(GL_ARRAY_BUFFER, sizeof pos + sizeof col, NULL, GL_STATIC_DRAW);
            g->BufferSubData(GL_ARRAY_BUFFER, 0, sizeof pos, pos);
            g->BufferSubData(GL_ARRAY_BUFFER, sizeof pos, sizeof col, col);
            g->VertexAttribPointer(0, 4, GL_INT_2_10_10_10_REV, GL_FALSE, 0, (const void *)0);
            g->VertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 0,
                                   (const void *)sizeof pos);
            g->BindBuffer(GL_ARRAY_BUFFER, 0);
            g->VertexAttribPointer(2, 4, GL_INT_2_10_10_10_REV, GL_TRUE, 0, off);
            g->EnableVertexAttribArray(0);
            g->EnableVertexAttribArray(1);
            g->EnableVertexAttribArray(2);
            s->VertexAttribP4ui(3, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, pack_i(200, 800, 1023, 3));
            float cur[4] = {0};
            s->VertexAttribP2ui(4, GL_INT_2_10_10_10_REV, GL_FALSE, pack_i(-7, 300, 5, 1));
            g->DrawArrays(GL_TRIANGLES, 0, 6);
            /* the current value of attribute 4 as stored: (-7, 300, 0, 1) */
            (void)cur;
            g->DisableVertexAttribArray(0);
            g->DisableVertexAttribArray(1);
            g->DisableVertexAttribArray(2);
            g->DeleteBuffers(1, &buf);
        } else {
            g->UseProgram(prog);
            s->Begin(GL_TRIANGLES);
            s->ColorP4ui(GL_UNSIGNED_INT_2_10_10_10_REV, pack_i(1023, 200, 0, 3));
            s->NormalP3ui(GL_INT_2_10_10_10_REV, pack_i(511, -511, 0, 0));
            s->SecondaryColorP3ui(GL_UNSIGNED_INT_2_10_10_10_REV, pack_i(0, 1023, 500, 0));
            s->TexCoordP2ui(GL_INT_2_10_10_10_REV, pack_i(-300, 200, 0, 0));
            s->MultiTexCoordP4ui(GL_TEXTURE1, GL_UNSIGNED_INT_2_10_10_10_REV,
                                 pack_i(900, 100, 300, 1));
            s->VertexP2ui(GL_INT_2_10_10_10_REV, pack_i(-490, -480, 0, 0));
            s->ColorP3ui(GL_INT_2_10_10_10_REV, pack_i(100, 511, 300, 0));
            s->NormalP3ui(GL_INT_2_10_10_10_REV, pack_i(-200, 100, 511, 0));
            s->VertexP3ui(GL_INT_2_10_10_10_REV, pack_i(480, -300, 100, 0));
            s->ColorP4ui(GL_UNSIGNED_INT_2_10_10_10_REV, pack_i(50, 300, 1023, 1));
            s->VertexP3ui(GL_UNSIGNED_INT_2_10_10_10_REV, pack_i(100, 490, 0, 0));
            s->End();
        }
        g->Finish();
        GLenum e = g->GetError();
        put(r, "draw error", e);
        ok = e == GL_NO_ERROR;
        if (which == 1) {
            float c[4];
            s->GetFloatv(GL_CURRENT_COLOR, c);
            for (int k = 0; k < 4; k++)
                put(r, "current colour", roundf(c[k] * 1000.0f));
            s->GetFloatv(GL_CURRENT_NORMAL, c);
            /* to 1/100: the GL 3.3 and 4.2 signed conversions differ below */
            for (int k = 0; k < 3; k++)
                put(r, "current normal", roundf(c[k] * 100.0f));
        }
        g->UseProgram(0);
        g->DeleteProgram(prog);
    }
    memcpy(out, t.color, (size_t)W * H * 4);
    glc_target_destroy(&t);
    return ok;
}

/* ---- state and errors ---- */

static void state_checks(glc_api *g, sp_api *s, rec *r)
{
    glc_target t;
    if (!glc_target_create(&t, g, 16, 16)) {
        put(r, "no context", 1);
        return;
    }
    while (g->GetError() != GL_NO_ERROR)
        ;
    GLuint sm[2] = {0, 0};
    s->GenSamplers(2, sm);
    put(r, "gen", g->GetError());
    put(r, "is sampler", s->IsSampler(sm[0]));
    put(r, "is sampler 0", s->IsSampler(0));
    put(r, "is sampler junk", s->IsSampler(4321));
    static const GLenum pn[] = {GL_TEXTURE_WRAP_S,      GL_TEXTURE_WRAP_T,      GL_TEXTURE_WRAP_R,
                                GL_TEXTURE_MIN_FILTER,  GL_TEXTURE_MAG_FILTER,  GL_TEXTURE_MIN_LOD,
                                GL_TEXTURE_MAX_LOD,     GL_TEXTURE_LOD_BIAS,    GL_TEXTURE_COMPARE_MODE,
                                GL_TEXTURE_COMPARE_FUNC};
    for (size_t i = 0; i < sizeof pn / sizeof pn[0]; i++) {
        GLint iv = -7;
        GLfloat fv = -7;
        s->GetSamplerParameteriv(sm[0], pn[i], &iv);
        s->GetSamplerParameterfv(sm[0], pn[i], &fv);
        put(r, "default iv", iv);
        put(r, "default fv", fv);
    }
    GLfloat bc[4] = {-1, -1, -1, -1};
    s->GetSamplerParameterfv(sm[0], GL_TEXTURE_BORDER_COLOR, bc);
    for (int k = 0; k < 4; k++)
        put(r, "default border", bc[k]);
    put(r, "defaults error", g->GetError());
    /* setting and reading back */
    s->SamplerParameteri(sm[0], GL_TEXTURE_WRAP_R, GL_CLAMP_TO_BORDER);
    s->SamplerParameterf(sm[0], GL_TEXTURE_MIN_LOD, 1.5f);
    s->SamplerParameterf(sm[0], GL_TEXTURE_LOD_BIAS, -0.75f);
    s->SamplerParameteri(sm[0], GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    s->SamplerParameteri(sm[0], GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
    const GLfloat border[4] = {0.25f, -0.5f, 1.0f, 0.125f};
    s->SamplerParameterfv(sm[0], GL_TEXTURE_BORDER_COLOR, border);
    const GLint iborder[4] = {7, -9, 1000, 0};
    s->SamplerParameterIiv(sm[1], GL_TEXTURE_BORDER_COLOR, iborder);
    put(r, "set error", g->GetError());
    GLint iv4[4];
    GLfloat fv4[4];
    s->GetSamplerParameteriv(sm[0], GL_TEXTURE_WRAP_R, iv4);
    put(r, "wrap r", iv4[0]);
    s->GetSamplerParameterfv(sm[0], GL_TEXTURE_MIN_LOD, fv4);
    put(r, "min lod", fv4[0]);
    s->GetSamplerParameterfv(sm[0], GL_TEXTURE_LOD_BIAS, fv4);
    put(r, "lod bias", fv4[0]);
    s->GetSamplerParameteriv(sm[0], GL_TEXTURE_COMPARE_MODE, iv4);
    put(r, "compare mode", iv4[0]);
    s->GetSamplerParameteriv(sm[0], GL_TEXTURE_COMPARE_FUNC, iv4);
    put(r, "compare func", iv4[0]);
    s->GetSamplerParameterfv(sm[0], GL_TEXTURE_BORDER_COLOR, fv4);
    for (int k = 0; k < 4; k++)
        put(r, "border fv", fv4[k]);
    GLint ib[4];
    s->GetSamplerParameterIiv(sm[1], GL_TEXTURE_BORDER_COLOR, ib);
    for (int k = 0; k < 4; k++)
        put(r, "border Iiv", ib[k]);
    GLuint ub[4];
    s->GetSamplerParameterIuiv(sm[1], GL_TEXTURE_BORDER_COLOR, ub);
    for (int k = 0; k < 4; k++)
        put(r, "border Iuiv", ub[k]);
    put(r, "get error", g->GetError());
    /* binding */
    g->ActiveTexture(GL_TEXTURE3);
    s->BindSampler(3, sm[1]);
    GLint b = -1;
    g->GetIntegerv(GL_SAMPLER_BINDING, &b);
    put(r, "binding", b == (GLint)sm[1]);
    g->ActiveTexture(GL_TEXTURE2);
    g->GetIntegerv(GL_SAMPLER_BINDING, &b);
    put(r, "binding other unit", b);
    put(r, "bind error", g->GetError());
    /* errors */
    s->BindSampler(100000, sm[0]); /* past any GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS */
    put(r, "bind bad unit", g->GetError());
    s->BindSampler(0, 4321);
    put(r, "bind bad name", g->GetError());
    s->SamplerParameteri(4321, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    put(r, "param bad name", g->GetError());
    s->SamplerParameteri(sm[0], GL_TEXTURE_BASE_LEVEL, 1);
    put(r, "param texture-only pname", g->GetError());
    s->SamplerParameteri(sm[0], 0x1234, 1);
    put(r, "param bad pname", g->GetError());
    s->SamplerParameteri(sm[0], GL_TEXTURE_MIN_FILTER, GL_REPEAT);
    put(r, "param bad filter", g->GetError());
    s->SamplerParameteri(sm[0], GL_TEXTURE_WRAP_S, GL_LINEAR);
    put(r, "param bad wrap", g->GetError());
    s->SamplerParameteri(sm[0], GL_TEXTURE_COMPARE_FUNC, GL_ZERO);
    put(r, "param bad func", g->GetError());
    s->GetSamplerParameteriv(4321, GL_TEXTURE_MIN_FILTER, iv4);
    put(r, "get bad name", g->GetError());
    s->GetSamplerParameteriv(sm[0], 0x1234, iv4);
    put(r, "get bad pname", g->GetError());
    s->GenSamplers(-1, sm);
    put(r, "gen negative", g->GetError());
    s->DeleteSamplers(-1, sm);
    put(r, "delete negative", g->GetError());
    s->DeleteSamplers(2, sm);
    put(r, "delete", g->GetError());
    put(r, "is deleted", s->IsSampler(sm[0]));
    g->ActiveTexture(GL_TEXTURE3);
    g->GetIntegerv(GL_SAMPLER_BINDING, &b);
    put(r, "binding after delete", b);

    /* packed vertex types */
    static const GLuint word = 0x12345678u;
    g->VertexAttribPointer(0, 3, GL_INT_2_10_10_10_REV, GL_FALSE, 0, &word);
    put(r, "packed size 3", g->GetError());
    g->VertexAttribPointer(0, GL_BGRA, GL_INT_2_10_10_10_REV, GL_FALSE, 0, &word);
    put(r, "packed bgra not normalized", g->GetError());
    g->VertexAttribPointer(0, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 0, &word);
    put(r, "packed bgra", g->GetError());
    g->VertexAttribPointer(0, 4, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, 8, &word);
    put(r, "packed 4", g->GetError());
    s->VertexAttribIPointer(0, 4, GL_INT_2_10_10_10_REV, 0, &word);
    put(r, "packed integer", g->GetError());
    s->ColorP3ui(GL_FLOAT, word);
    put(r, "P bad type", g->GetError());
    s->VertexAttribP4ui(0, GL_UNSIGNED_BYTE, GL_TRUE, word);
    put(r, "attrib P bad type", g->GetError());
    s->VertexAttribP4ui(100000, GL_INT_2_10_10_10_REV, GL_TRUE, word);
    put(r, "attrib P bad index", g->GetError());
    /* the extremes, where GL 3.3's (2c + 1) / (2^b - 1) and GL 4.2's
     * max(c / (2^(b-1) - 1), -1) agree (llvmpipe makes a newer context) */
    s->NormalP3ui(GL_INT_2_10_10_10_REV, pack_i(-512, 511, 511, 0));
    float nrm[3];
    s->GetFloatv(GL_CURRENT_NORMAL, nrm);
    for (int k = 0; k < 3; k++)
        put(r, "normal P", roundf(nrm[k] * 10000.0f));
    glc_target_destroy(&t);
}

/* Two contexts of one share group: a sampler made and changed in one is
 * seen in the other; deleted in the first while the second has it bound,
 * it stays bound (and alive) there. */
static void share_checks(glc_api *g, sp_api *s, rec *r)
{
    const int attribs[] = {0x22, GL_RGBA, 0x30, 24, 0x31, 8, 0x33, 0x35, 0x36, 3, 0x37, 3, 0};
    static uint8_t buf_a[16 * 16 * 4], buf_b[16 * 16 * 4];
    OSMesaContext_ a = g->OSMesaCreateContextAttribs(attribs, NULL);
    OSMesaContext_ b = a ? g->OSMesaCreateContextAttribs(attribs, a) : NULL;
    if (!a || !b) {
        put(r, "no shared contexts", 1);
        if (a)
            g->OSMesaDestroyContext(a);
        return;
    }
    GLuint sm = 0;
    g->OSMesaMakeCurrent(a, buf_a, GL_UNSIGNED_BYTE, 16, 16);
    s->GenSamplers(1, &sm);
    s->SamplerParameteri(sm, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    g->OSMesaMakeCurrent(b, buf_b, GL_UNSIGNED_BYTE, 16, 16);
    put(r, "shared is sampler", s->IsSampler(sm));
    GLint v = 0;
    s->GetSamplerParameteriv(sm, GL_TEXTURE_MIN_FILTER, &v);
    put(r, "shared parameter", v);
    s->BindSampler(0, sm);
    put(r, "shared bind", g->GetError());
    g->OSMesaMakeCurrent(a, buf_a, GL_UNSIGNED_BYTE, 16, 16);
    s->DeleteSamplers(1, &sm);
    put(r, "deleted in a", s->IsSampler(sm));
    g->OSMesaMakeCurrent(b, buf_b, GL_UNSIGNED_BYTE, 16, 16);
    put(r, "deleted, seen in b", s->IsSampler(sm));
    GLint bound = -1;
    g->GetIntegerv(GL_SAMPLER_BINDING, &bound);
    put(r, "still bound in b", bound == (GLint)sm);
    g->Clear(GL_COLOR_BUFFER_BIT); /* a draw-time validation with it bound */
    g->Finish();
    s->BindSampler(0, 0);
    put(r, "unbind in b", g->GetError());
    g->OSMesaMakeCurrent(NULL, NULL, GL_UNSIGNED_BYTE, 0, 0);
    g->OSMesaDestroyContext(b);
    g->OSMesaDestroyContext(a);
}

/* The mean difference of the image's left and right halves: the two
 * samplers must give different pictures. */
static double halves_differ(const uint8_t *a)
{
    double d = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W / 2; x++)
            for (int c = 0; c < 3; c++)
                d += fabs((double)a[4 * (y * W + x) + c] - a[4 * (y * W + x + W / 2) + c]);
    return d / (H * W / 2 * 3);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>]\n", argv[0]);
        return 2;
    }
    const char *ref_path = argc > 2 && argv[2][0] ? argv[2] : glc_reference_library();
    glc_api swr, ref;
    sp_api ss, sref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path))
        return 1;
    swr.context_version = ref.context_version = 33;
    if (!sp_open(&ss, &swr) || !sp_open(&sref, &ref))
        return 1;
    uint8_t *a = malloc((size_t)W * H * 4), *b = malloc((size_t)W * H * 4);
    static rec ra, rb;
    static const char *names[] = {"samplers", "sampler_delete", "sampler_levels", "packed_arrays",
                                  "packed_immediate"};
    int failed = 0;
    for (int i = 0; i < 5; i++) {
        ra.n = rb.n = 0;
        bool ok_swr = i < 3 ? render_samplers(&swr, &ss, i, a, &ra)
                            : render_packed(&swr, &ss, i - 3, a, &ra);
        bool ok_ref = i < 3 ? render_samplers(&ref, &sref, i, b, &rb)
                            : render_packed(&ref, &sref, i - 3, b, &rb);
        int md = 0;
        double psnr = glc_psnr(a, b, W, H, &md);
        int lit = 0;
        for (int p = 0; p < W * H; p++)
            lit += a[4 * p] > 40 || a[4 * p + 1] > 40 || a[4 * p + 2] > 40;
        double hd = halves_differ(a);
        bool same_rec = ra.n == rb.n && !memcmp(ra.v, rb.v, sizeof ra.v[0] * (size_t)ra.n);
        bool effect = i < 3 ? hd > 4.0 : lit > 500;
        bool pass = ok_swr && ok_ref && psnr >= 40.0 && effect && same_rec;
        printf("%-18s PSNR %6.2f dB, max diff %3d, lit %5d, halves differ by %6.2f: %s%s%s%s\n",
               names[i], isinf(psnr) ? 99.99 : psnr, md, lit, hd, pass ? "ok" : "FAIL",
               ok_swr ? "" : " [swr reported a problem]", ok_ref ? "" : " [reference problem]",
               same_rec ? "" : " [state differs]");
        if (!pass) {
            failed++;
            char path[256];
            snprintf(path, sizeof path, "%s-swr.png", names[i]);
            glc_write_png(path, a, W, H);
            snprintf(path, sizeof path, "%s-ref.png", names[i]);
            glc_write_png(path, b, W, H);
            for (int k = 0; k < ra.n && k < rb.n; k++)
                if (ra.v[k] != rb.v[k])
                    printf("  %s: swr %g, llvmpipe %g\n", ra.what[k], ra.v[k], rb.v[k]);
        }
    }
    ra.n = rb.n = 0;
    state_checks(&swr, &ss, &ra);
    state_checks(&ref, &sref, &rb);
    share_checks(&swr, &ss, &ra);
    share_checks(&ref, &sref, &rb);
    int diffs = ra.n != rb.n;
    for (int i = 0; i < ra.n && i < rb.n; i++) {
        if (ra.v[i] != rb.v[i] || ra.what[i] != rb.what[i]) {
            printf("  state %s: swr %g (0x%x), llvmpipe %g (0x%x)\n", ra.what[i], ra.v[i],
                   (unsigned)(long long)ra.v[i], rb.v[i], (unsigned)(long long)rb.v[i]);
            diffs++;
        }
    }
    printf("state: %d values, %d differ from llvmpipe: %s\n", ra.n, diffs, diffs ? "FAIL" : "ok");
    failed += diffs != 0;
    free(a);
    free(b);
    glc_close(&swr);
    glc_close(&ref);
    return failed ? 1 : 0;
}
