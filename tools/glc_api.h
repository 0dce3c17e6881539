/*
 * glc_api.h: an OpenGL client of an OSMesa library loaded with dlopen.
 *
 * The GL image tests and the GL benchmark run the same GL program on two
 * libraries in one process: swr's libOSMesa.so.8 and Mesa's llvmpipe
 * libOSMesa.so.8 (Debian libosmesa6; an oracle, never linked into swr).
 * Each library is opened RTLD_LOCAL and its entry points are looked up into
 * one glc_api table, so the two never see each other's symbols. Programs
 * call GL through the table: `g->Clear(GL_COLOR_BUFFER_BIT)`.
 *
 * glc_target is one context with its own RGBA8 colour buffer (the OSMesa
 * user buffer, row 0 = bottom) and a 24-bit depth / 8-bit stencil buffer.
 * Thread: one thread per table at a time (contexts are per thread in GL).
 */
#ifndef GLC_API_H
#define GLC_API_H

#include <stdbool.h>
#include <stdio.h> /* GLC_TABLE names missing entry points on stderr */
#include <stdint.h>

#include "gl_api.h"

/* The GL entry points the tests and the benchmark use. */
#define GLC_FUNCS(X)                                                                       \
    X(ActiveTexture, ACTIVETEXTURE) X(AttachShader, ATTACHSHADER)                          \
    X(BindAttribLocation, BINDATTRIBLOCATION) X(BindBuffer, BINDBUFFER)                    \
    X(BindFramebuffer, BINDFRAMEBUFFER) X(BindRenderbuffer, BINDRENDERBUFFER)              \
    X(BindTexture, BINDTEXTURE) X(BindVertexArray, BINDVERTEXARRAY)                        \
    X(BlendColor, BLENDCOLOR) X(BlendEquation, BLENDEQUATION)                              \
    X(BlendEquationSeparate, BLENDEQUATIONSEPARATE) X(BlendFunc, BLENDFUNC)                \
    X(BlendFuncSeparate, BLENDFUNCSEPARATE) X(BlitFramebuffer, BLITFRAMEBUFFER)            \
    X(BufferData, BUFFERDATA) X(BufferSubData, BUFFERSUBDATA)                              \
    X(CheckFramebufferStatus, CHECKFRAMEBUFFERSTATUS) X(Clear, CLEAR)                      \
    X(ClearColor, CLEARCOLOR) X(ClearDepth, CLEARDEPTH) X(ClearStencil, CLEARSTENCIL)      \
    X(ColorMask, COLORMASK) X(CompileShader, COMPILESHADER)                                \
    X(CompressedTexImage2D, COMPRESSEDTEXIMAGE2D) X(CopyTexImage2D, COPYTEXIMAGE2D)        \
    X(CopyTexSubImage2D, COPYTEXSUBIMAGE2D) X(CreateProgram, CREATEPROGRAM)                \
    X(CreateShader, CREATESHADER) X(CullFace, CULLFACE) X(DeleteBuffers, DELETEBUFFERS)    \
    X(DeleteFramebuffers, DELETEFRAMEBUFFERS) X(DeleteProgram, DELETEPROGRAM)              \
    X(DeleteRenderbuffers, DELETERENDERBUFFERS) X(DeleteShader, DELETESHADER)              \
    X(DeleteTextures, DELETETEXTURES) X(DeleteVertexArrays, DELETEVERTEXARRAYS)            \
    X(DepthFunc, DEPTHFUNC) X(DepthMask, DEPTHMASK) X(DepthRange, DEPTHRANGE)              \
    X(Disable, DISABLE) X(DisableVertexAttribArray, DISABLEVERTEXATTRIBARRAY)              \
    X(DrawArrays, DRAWARRAYS) X(DrawArraysInstancedARB, DRAWARRAYSINSTANCEDARB)               \
    X(DrawBuffers, DRAWBUFFERS) X(DrawElements, DRAWELEMENTS)                              \
    X(DrawRangeElements, DRAWRANGEELEMENTS) X(Enable, ENABLE)                              \
    X(EnableVertexAttribArray, ENABLEVERTEXATTRIBARRAY) X(Finish, FINISH) X(Flush, FLUSH)  \
    X(FramebufferRenderbuffer, FRAMEBUFFERRENDERBUFFER)                                    \
    X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) X(FrontFace, FRONTFACE)                  \
    X(GenBuffers, GENBUFFERS) X(GenFramebuffers, GENFRAMEBUFFERS)                          \
    X(GenRenderbuffers, GENRENDERBUFFERS) X(GenTextures, GENTEXTURES)                      \
    X(GenVertexArrays, GENVERTEXARRAYS) X(GenerateMipmap, GENERATEMIPMAP)                  \
    X(GetAttribLocation, GETATTRIBLOCATION) X(GetError, GETERROR)                          \
    X(GetIntegerv, GETINTEGERV) X(GetProgramInfoLog, GETPROGRAMINFOLOG)                    \
    X(GetProgramiv, GETPROGRAMIV) X(GetShaderInfoLog, GETSHADERINFOLOG)                    \
    X(GetShaderiv, GETSHADERIV) X(GetString, GETSTRING)                                    \
    X(GetUniformLocation, GETUNIFORMLOCATION) X(LineWidth, LINEWIDTH)                      \
    X(LinkProgram, LINKPROGRAM) X(LogicOp, LOGICOP) X(PixelStorei, PIXELSTOREI)            \
    X(PointSize, POINTSIZE) X(PolygonMode, POLYGONMODE) X(PolygonOffset, POLYGONOFFSET)    \
    X(ReadPixels, READPIXELS) X(RenderbufferStorage, RENDERBUFFERSTORAGE)                  \
    X(Scissor, SCISSOR) X(ShaderSource, SHADERSOURCE) X(StencilFunc, STENCILFUNC)          \
    X(StencilFuncSeparate, STENCILFUNCSEPARATE) X(StencilMask, STENCILMASK)                \
    X(StencilOp, STENCILOP) X(StencilOpSeparate, STENCILOPSEPARATE)                        \
    X(TexImage1D, TEXIMAGE1D) X(TexImage2D, TEXIMAGE2D) X(TexImage3D, TEXIMAGE3D)          \
    X(TexParameterf, TEXPARAMETERF) X(TexParameterfv, TEXPARAMETERFV)                      \
    X(TexParameteri, TEXPARAMETERI) X(TexSubImage2D, TEXSUBIMAGE2D) X(Uniform1f, UNIFORM1F) \
    X(Uniform1fv, UNIFORM1FV) X(Uniform1i, UNIFORM1I) X(Uniform2f, UNIFORM2F)              \
    X(Uniform3f, UNIFORM3F) X(Uniform4f, UNIFORM4F) X(Uniform4fv, UNIFORM4FV)              \
    X(UniformMatrix2fv, UNIFORMMATRIX2FV) X(UniformMatrix3fv, UNIFORMMATRIX3FV) X(UniformMatrix4fv, UNIFORMMATRIX4FV)            \
    X(UseProgram, USEPROGRAM) X(VertexAttrib4f, VERTEXATTRIB4F)                            \
    X(VertexAttribDivisorARB, VERTEXATTRIBDIVISORARB)                                         \
    X(VertexAttribPointer, VERTEXATTRIBPOINTER) X(Viewport, VIEWPORT)

typedef void *OSMesaContext_;

typedef struct glc_api {
    void *lib;
    const char *path;
    OSMesaContext_ (*OSMesaCreateContextExt)(GLenum format, GLint depth, GLint stencil,
                                             GLint accum, OSMesaContext_ share);
    GLboolean (*OSMesaMakeCurrent)(OSMesaContext_ c, void *buffer, GLenum type, GLsizei w,
                                   GLsizei h);
    void (*OSMesaDestroyContext)(OSMesaContext_ c);
    void *(*OSMesaGetProcAddress)(const char *name);
    OSMesaContext_ (*OSMesaCreateContextAttribs)(const int *attribs, OSMesaContext_ share);
    /* > 0: glc_target_create asks OSMesaCreateContextAttribs for a
     * compatibility context of this GL version (major * 10 + minor), e.g.
     * 33; 0: OSMesaCreateContextExt's default context. */
    int context_version;
#define GLC_MEMBER(name, upper) PFNGL##upper##PROC name;
    GLC_FUNCS(GLC_MEMBER)
#undef GLC_MEMBER
} glc_api;

/* An entry point of g's library: dlsym, then its OSMesaGetProcAddress. */
void *glc_lookup(glc_api *g, const char *name);

/* A test's own table of the entry points glc_api does not list: FUNCS is an
 * X-macro list like GLC_FUNCS (X(Name, UPPER) ...). Defines `type` with one
 * PFNGL<UPPER>PROC member per entry and `static bool open_fn(type *, glc_api *)`,
 * which fills it with glc_lookup and names on stderr every entry point the
 * library lacks (false if any). */
#define GLC_TABLE_MEMBER_(name, upper) PFNGL##upper##PROC name;
#define GLC_TABLE_LOAD_(name, upper)                                                               \
    if (!(*(void **)&l->name = glc_lookup(g, "gl" #name))) {                                       \
        fprintf(stderr, "%s lacks gl%s\n", g->path, #name);                                        \
        ok = false;                                                                                \
    }
#define GLC_TABLE(type, open_fn, FUNCS)                                                            \
    typedef struct type {                                                                          \
        FUNCS(GLC_TABLE_MEMBER_)                                                                   \
    } type;                                                                                        \
    static bool open_fn(type *l, glc_api *g)                                                       \
    {                                                                                              \
        bool ok = true;                                                                            \
        FUNCS(GLC_TABLE_LOAD_)                                                                     \
        return ok;                                                                                 \
    }

/* Opens the library at `path` and fills the table. False (with a message on
 * stderr) when the library or an entry point is missing. */
bool glc_open(glc_api *g, const char *path);
void glc_close(glc_api *g);

typedef struct glc_target {
    glc_api *g;
    OSMesaContext_ ctx;
    int w, h;
    uint8_t *color; /* w * h * 4, RGBA, row 0 = bottom */
} glc_target;

/* A context of `g` with a w x h RGBA/UNSIGNED_BYTE buffer, depth 24,
 * stencil 8, made current. */
bool glc_target_create(glc_target *t, glc_api *g, int w, int h);
/* The same with an accumulation buffer (OSMesaCreateContextExt's accumBits;
 * 0: none). */
bool glc_target_create_accum(glc_target *t, glc_api *g, int w, int h, int accum_bits);
/* The same in an OSMesaCreateContextAttribs context of GL major.minor,
 * core or compatibility profile (false when the library lacks the call or
 * refuses the version). */
bool glc_target_create_version(glc_target *t, glc_api *g, int w, int h, int major, int minor,
                               bool core);
/* Makes t's context current again (after another library's was). */
bool glc_target_bind(glc_target *t);
void glc_target_destroy(glc_target *t);

/* A linked program from GLSL sources (NULL on failure, logs on stderr). */
GLuint glc_program(glc_api *g, const char *vs, const char *fs);
/* A shader object of `type` compiled from src, whether or not it compiled
 * (the caller asks GL_COMPILE_STATUS and deletes it). */
GLuint glc_shader(glc_api *g, GLenum type, const char *src);
/* A program of the given stages (NULL: left out; a stage that does not
 * compile is reported on stderr and attached anyway), attribute 0 bound to
 * "pos", linked whether or not the link succeeds: for tests that check
 * link results and errors. */
GLuint glc_program_stages(glc_api *g, const char *vs, const char *gs, const char *fs);

/* Image comparison: PSNR over RGB(A) bytes in dB (INFINITY when equal) and
 * the largest per-channel difference. */
double glc_psnr(const uint8_t *a, const uint8_t *b, int w, int h, int *max_diff);

/* Writes an RGBA image (row 0 = bottom) as PNG; false on error. */
bool glc_write_png(const char *path, const uint8_t *rgba, int w, int h);

/* Mesa's llvmpipe OSMesa: $SWR_REF_OSMESA, else the Debian path. */
const char *glc_reference_library(void);

#endif /* GLC_API_H */
