/*
 * GL/osmesa.h: the OSMesa off-screen rendering API, as implemented by swr's
 * libOSMesa.so.8 (frontend-gallium/targets/osmesa/osmesa.c).
 *
 * Binary compatible with the interface of Mesa's libOSMesa.so.8 (the
 * functions, their C types and the OSMESA_* values are the documented
 * ones), so that programs built against Mesa's header load this library
 * unchanged. Written from the API's documentation; it is not Mesa's file.
 *
 * Rendering goes to a client buffer given to OSMesaMakeCurrent. Row 0 of
 * the buffer is the bottom row of the image unless OSMesaPixelStore
 * (OSMESA_Y_UP, 0) says otherwise. The buffer holds the image after
 * glFlush or glFinish (and when another context, or none, is made current
 * on the thread).
 */
#ifndef OSMESA_H
#define OSMESA_H

/* GL types: from swr's generated gl_api.h when the program uses it, else
 * from the system's GL/gl.h. */
#if !defined(SWR_GL_API_H) && !defined(__gl_h_) && !defined(__GL_H__)
#include <GL/gl.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define OSMESA_MAJOR_VERSION 11
#define OSMESA_MINOR_VERSION 2
#define OSMESA_PATCH_VERSION 0

/* Buffer formats (OSMesaCreateContext*; OSMESA_FORMAT attribute). */
#define OSMESA_COLOR_INDEX 0x1900 /* GL_COLOR_INDEX: accepted, never renderable */
#define OSMESA_RGBA 0x1908        /* GL_RGBA */
#define OSMESA_BGRA 0x1
#define OSMESA_ARGB 0x2
#define OSMESA_RGB 0x1907 /* GL_RGB */
#define OSMESA_BGR 0x4
#define OSMESA_RGB_565 0x5 /* with type GL_UNSIGNED_SHORT_5_6_5 only */

/* OSMesaPixelStore and OSMesaGetIntegerv. */
#define OSMESA_ROW_LENGTH 0x10 /* pixels per buffer row; 0 = the width */
#define OSMESA_Y_UP 0x11       /* 1 (default): row 0 is the bottom row */

/* OSMesaGetIntegerv only. */
#define OSMESA_WIDTH 0x20
#define OSMESA_HEIGHT 0x21
#define OSMESA_FORMAT 0x22
#define OSMESA_TYPE 0x23
#define OSMESA_MAX_WIDTH 0x24
#define OSMESA_MAX_HEIGHT 0x25

/* OSMesaCreateContextAttribs: a list of (name, value) pairs ended by 0. */
#define OSMESA_DEPTH_BITS 0x30
#define OSMESA_STENCIL_BITS 0x31
#define OSMESA_ACCUM_BITS 0x32
#define OSMESA_PROFILE 0x33
#define OSMESA_CORE_PROFILE 0x34
#define OSMESA_COMPAT_PROFILE 0x35
#define OSMESA_CONTEXT_MAJOR_VERSION 0x36
#define OSMESA_CONTEXT_MINOR_VERSION 0x37

typedef struct osmesa_context *OSMesaContext;
typedef void (*OSMESAproc)(void);

/* A context for `format` with a 24-bit depth and 8-bit stencil buffer.
 * sharelist: not supported by swr (a warning; the context is not shared).
 * NULL on error. */
OSMesaContext OSMesaCreateContext(GLenum format, OSMesaContext sharelist);
/* The same with the ancillary buffers' sizes (0: none). */
OSMesaContext OSMesaCreateContextExt(GLenum format, GLint depthBits, GLint stencilBits,
                                     GLint accumBits, OSMesaContext sharelist);
/* The same from an attribute list; NULL for an unknown attribute, a bad
 * value or a version or profile swr does not provide. */
OSMesaContext OSMesaCreateContextAttribs(const int *attribList, OSMesaContext sharelist);
void OSMesaDestroyContext(OSMesaContext ctx);

/* Binds ctx to the calling thread and to `buffer` (width x height pixels of
 * the context's format in `type`: GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT,
 * GL_FLOAT, or GL_UNSIGNED_SHORT_5_6_5 for OSMESA_RGB_565). (NULL, NULL)
 * releases the thread's context. GL_FALSE on a bad argument. */
GLboolean OSMesaMakeCurrent(OSMesaContext ctx, void *buffer, GLenum type, GLsizei width,
                            GLsizei height);
OSMesaContext OSMesaGetCurrentContext(void);

/* OSMESA_ROW_LENGTH or OSMESA_Y_UP of the current context. */
void OSMesaPixelStore(GLint pname, GLint value);
/* One of the OSMESA_* integers of the current context. */
void OSMesaGetIntegerv(GLint pname, GLint *value);

/* A copy of the depth buffer, owned by the context (valid until the next
 * OSMesaMakeCurrent with another size or the context's destruction; updated
 * by glFlush/glFinish): rows bottom-up, bytesPerValue 2 (16-bit depth) or 4
 * (24-bit depth in the low bits, stencil in the high 8 bits). */
GLboolean OSMesaGetDepthBuffer(OSMesaContext c, GLint *width, GLint *height,
                               GLint *bytesPerValue, void **buffer);
/* The client buffer of the last OSMesaMakeCurrent. */
GLboolean OSMesaGetColorBuffer(OSMesaContext c, GLint *width, GLint *height, GLint *format,
                               void **buffer);

/* A GL or OSMesa entry point by name; NULL if unknown. */
OSMESAproc OSMesaGetProcAddress(const char *funcName);

/* Whether colours written to GL_FLOAT buffers are clamped to [0, 1]. */
void OSMesaColorClamp(GLboolean enable);

/* Mesa's post-processing filters: none in swr (accepted and ignored). */
void OSMesaPostprocess(OSMesaContext osmesa, const char *filter, unsigned enable_value);

#ifdef __cplusplus
}
#endif

#endif /* OSMESA_H */
