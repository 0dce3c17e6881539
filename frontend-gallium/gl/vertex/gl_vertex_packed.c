/*
 * gl_vertex_packed.c: the immediate forms of ARB_vertex_type_2_10_10_10_rev
 * (GL 3.3 section 2.7): glVertexAttribP{1,2,3,4}ui[v], glVertexP{2,3,4}ui[v],
 * glTexCoordP{1,2,3,4}ui[v], glMultiTexCoordP{1,2,3,4}ui[v], glNormalP3ui[v],
 * glColorP{3,4}ui[v] and glSecondaryColorP3ui[v].
 *
 * Each unpacks one 32-bit word of type GL_INT_2_10_10_10_REV or
 * GL_UNSIGNED_INT_2_10_10_10_REV (x in bits 0-9, y 10-19, z 20-29, w 30-31)
 * into floats and hands them to the float command of the same attribute
 * (swrgl_VertexAttrib4f, swrgl_Vertex4f, ...), so immediate mode, the
 * vertex hook and the current values behave exactly as for those. Any
 * other type is GL_INVALID_ENUM. Positions and texture coordinates are not
 * normalized; normals and colours are; glVertexAttribP* normalizes when
 * asked. Normalized signed components use GL 3.3's conversion
 * (2c + 1) / (2^b - 1) (equation 2.2; GL 4.2 changed it to
 * max(c / (2^(b-1) - 1), -1), which the array path uses, like the pipe's
 * SNORM formats: the two differ by less than half a step).
 * Thread: the context's thread.
 */
#include "frontend-gallium/gl/vertex/gl_vertex_priv.h"

/* Unpacks `w`; false (GL_INVALID_ENUM recorded) for a bad type. */
static bool unpack(struct gl_context *ctx, GLenum type, bool normalized, GLuint w, GLfloat out[4])
{
    if (type != GL_INT_2_10_10_10_REV && type != GL_UNSIGNED_INT_2_10_10_10_REV) {
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
    static const unsigned shift[4] = {0, 10, 20, 30}, bits[4] = {10, 10, 10, 2};
    for (int c = 0; c < 4; c++) {
        uint32_t u = (w >> shift[c]) & ((1u << bits[c]) - 1u);
        double max = (double)((1u << bits[c]) - 1u);
        if (type == GL_UNSIGNED_INT_2_10_10_10_REV) {
            out[c] = normalized ? (GLfloat)(u / max) : (GLfloat)u;
        } else {
            int32_t v = (int32_t)(u << (32 - bits[c])) >> (32 - bits[c]);
            out[c] = normalized ? (GLfloat)((2.0 * v + 1.0) / max) : (GLfloat)v;
        }
    }
    return true;
}

/* glVertexAttribP*: components past `size` take the defaults (0, 0, 1). */
static void attrib_p(struct gl_context *ctx, GLuint index, int size, GLenum type,
                     GLboolean normalized, GLuint value)
{
    GLfloat f[4];
    if (!unpack(ctx, type, normalized != GL_FALSE, value, f))
        return;
    static const GLfloat def[4] = {0, 0, 0, 1};
    for (int c = size; c < 4; c++)
        f[c] = def[c];
    swrgl_VertexAttrib4f(ctx, index, f[0], f[1], f[2], f[3]);
}

#define ATTRIB_P(N)                                                                                \
    void swrgl_VertexAttribP##N##ui(struct gl_context *ctx, GLuint index, GLenum type,            \
                                    GLboolean normalized, GLuint value)                            \
    {                                                                                              \
        attrib_p(ctx, index, N, type, normalized, value);                                          \
    }                                                                                              \
    void swrgl_VertexAttribP##N##uiv(struct gl_context *ctx, GLuint index, GLenum type,           \
                                     GLboolean normalized, const GLuint *value)                    \
    {                                                                                              \
        if (value)                                                                                 \
            attrib_p(ctx, index, N, type, normalized, value[0]);                                   \
    }
ATTRIB_P(1)
ATTRIB_P(2)
ATTRIB_P(3)
ATTRIB_P(4)
#undef ATTRIB_P

/* The legacy attributes: kind 0 position, 1 texture coordinate of `unit`
 * (a GL_TEXTUREi enum), 2 normal, 3 colour, 4 secondary colour. */
static void legacy_p(struct gl_context *ctx, int kind, GLenum unit, int size, GLenum type,
                     GLuint value)
{
    GLfloat f[4];
    if (!unpack(ctx, type, kind >= 2, value, f))
        return;
    static const GLfloat def[4] = {0, 0, 0, 1};
    for (int c = size; c < 4; c++)
        f[c] = def[c];
    switch (kind) {
    case 0:
        swrgl_Vertex4f(ctx, f[0], f[1], f[2], f[3]);
        break;
    case 1:
        swrgl_MultiTexCoord4f(ctx, unit, f[0], f[1], f[2], f[3]);
        break;
    case 2:
        swrgl_Normal3f(ctx, f[0], f[1], f[2]);
        break;
    case 3:
        swrgl_Color4f(ctx, f[0], f[1], f[2], f[3]);
        break;
    default:
        swrgl_SecondaryColor3f(ctx, f[0], f[1], f[2]);
        break;
    }
}

#define LEGACY_P(NAME, KIND, N)                                                                    \
    void swrgl_##NAME##P##N##ui(struct gl_context *ctx, GLenum type, GLuint value)                 \
    {                                                                                              \
        legacy_p(ctx, KIND, GL_TEXTURE0, N, type, value);                                          \
    }                                                                                              \
    void swrgl_##NAME##P##N##uiv(struct gl_context *ctx, GLenum type, const GLuint *value)         \
    {                                                                                              \
        if (value)                                                                                 \
            legacy_p(ctx, KIND, GL_TEXTURE0, N, type, value[0]);                                   \
    }
LEGACY_P(Vertex, 0, 2)
LEGACY_P(Vertex, 0, 3)
LEGACY_P(Vertex, 0, 4)
LEGACY_P(TexCoord, 1, 1)
LEGACY_P(TexCoord, 1, 2)
LEGACY_P(TexCoord, 1, 3)
LEGACY_P(TexCoord, 1, 4)
LEGACY_P(Normal, 2, 3)
LEGACY_P(Color, 3, 3)
LEGACY_P(Color, 3, 4)
LEGACY_P(SecondaryColor, 4, 3)
#undef LEGACY_P

#define MULTI_P(N)                                                                                 \
    void swrgl_MultiTexCoordP##N##ui(struct gl_context *ctx, GLenum texture, GLenum type,         \
                                     GLuint value)                                                 \
    {                                                                                              \
        legacy_p(ctx, 1, texture, N, type, value);                                                 \
    }                                                                                              \
    void swrgl_MultiTexCoordP##N##uiv(struct gl_context *ctx, GLenum texture, GLenum type,        \
                                      const GLuint *value)                                         \
    {                                                                                              \
        if (value)                                                                                 \
            legacy_p(ctx, 1, texture, N, type, value[0]);                                          \
    }
MULTI_P(1)
MULTI_P(2)
MULTI_P(3)
MULTI_P(4)
#undef MULTI_P
