/*
 * gl_vertex_legacy.c: the GL 1.x vertex data of the compatibility profile:
 * the legacy arrays (glVertexPointer, glNormalPointer, glColorPointer,
 * glSecondaryColorPointer, glFogCoordPointer, glTexCoordPointer with
 * glClientActiveTexture, glEdgeFlagPointer, glIndexPointer,
 * glInterleavedArrays, glEnableClientState/glDisableClientState), the
 * legacy current values (glColor*, glSecondaryColor*, glNormal*,
 * glTexCoord*, glMultiTexCoord*, glFogCoord*, glEdgeFlag*, glIndex*), the
 * position commands glVertex* and glArrayElement, and their glGet values.
 *
 * How it works: legacy attribute a (gl_ff_attrib) has an array in the VAO
 * (gl_vao.legacy[a], the same gl_attrib_array the generic arrays use, so
 * the draw part reads both the same way) and a current value in
 * gl_vertex_state.current[GLV_CURRENT_LEGACY + a], as floats. GL 2.1
 * section 2.7 makes generic attribute 0 the position: glVertex* stores
 * generic current value 0, exactly like glVertexAttrib*(0, ...), and both
 * then call the vertex hook (gl_vertex_state.vertex_hook), which immediate
 * mode (immediate/, above this part) sets to emit a vertex inside
 * glBegin/glEnd. glArrayElement sets the current values of the enabled
 * arrays from their element i and then the position, so it provokes a
 * vertex the same way.
 *
 * Integer colours and normals are converted with GL 2.1 table 2.9
 * (unsigned c / (2^b - 1), signed (2c + 1) / (2^b - 1)); texture and fog
 * coordinates are not normalized.
 *
 * Errors (GL 2.1 section 2.8): a size or stride out of range is
 * GL_INVALID_VALUE, a type the array does not take GL_INVALID_ENUM, a bad
 * glClientActiveTexture / glMultiTexCoord unit or client state
 * GL_INVALID_ENUM; glInterleavedArrays with an unknown format
 * GL_INVALID_ENUM. The commands that set current values have no errors.
 * Thread: the context's thread.
 */
#include "frontend-gallium/gl/vertex/gl_vertex_priv.h"

#include <string.h>

/* ---- defaults ------------------------------------------------------------------ */

void gl_vertex_legacy_default(unsigned ff_attrib, float out[4])
{
    out[0] = out[1] = out[2] = 0.0f;
    out[3] = 1.0f;
    if (ff_attrib == GL_FF_ATTRIB_COLOR0)
        out[0] = out[1] = out[2] = 1.0f;
    else if (ff_attrib == GL_FF_ATTRIB_NORMAL)
        out[2] = 1.0f;
}

void glv_legacy_vao_init(gl_vao *v)
{
    static const GLint sizes[GLV_LEGACY_ATTRIBS] = {4, 3, 4, 3, 1, 4, 4, 4, 4, 4, 4, 4, 4};
    for (unsigned a = 0; a < GLV_LEGACY_ATTRIBS; a++) {
        gl_attrib_array *x = &v->legacy[a];
        x->size = sizes[a];
        x->type = GL_FLOAT;
        x->elem_bytes = sizes[a] * 4;
        x->normalized = a == GL_FF_ATTRIB_NORMAL || a == GL_FF_ATTRIB_COLOR0 ||
                        a == GL_FF_ATTRIB_COLOR1;
    }
    v->edge_flag.size = 1;
    v->edge_flag.type = GL_UNSIGNED_BYTE;
    v->edge_flag.elem_bytes = 1;
    v->color_index.size = 1;
    v->color_index.type = GL_FLOAT;
    v->color_index.elem_bytes = 4;
}

/* ---- what other parts read ------------------------------------------------------ */

const float *gl_vertex_legacy_current(const struct gl_context *ctx, unsigned ff_attrib)
{
    const gl_vertex_state *p = ctx->vertex;
    if (ff_attrib == GL_FF_ATTRIB_POSITION || ff_attrib >= GLV_LEGACY_ATTRIBS)
        return p->current[0].f;
    return p->current[GLV_CURRENT_LEGACY + ff_attrib].f;
}

const gl_attrib_array *gl_vertex_legacy_array(const struct gl_context *ctx, unsigned ff_attrib)
{
    const gl_vao *v = ctx->vertex->vao;
    if (ff_attrib >= GLV_LEGACY_ATTRIBS)
        return NULL;
    if (ff_attrib == GL_FF_ATTRIB_POSITION && v->attribs[0].enabled)
        return &v->attribs[0];
    return v->legacy[ff_attrib].enabled ? &v->legacy[ff_attrib] : NULL;
}

/* ---- current values ------------------------------------------------------------ */

static void set_legacy(struct gl_context *ctx, unsigned a, GLfloat x, GLfloat y, GLfloat z,
                       GLfloat w)
{
    gl_vertex_state *p = glv(ctx);
    gl_attrib_value *c = &p->current[GLV_CURRENT_LEGACY + a];
    c->f[0] = x;
    c->f[1] = y;
    c->f[2] = z;
    c->f[3] = w;
    p->current_kind[GLV_CURRENT_LEGACY + a] = GLV_CUR_FLOAT;
    p->touched |= 1u << a;
}

/* GL 2.1 table 2.9. */
#define U8(c)  ((GLfloat)((c) / 255.0))
#define U16(c) ((GLfloat)((c) / 65535.0))
#define U32(c) ((GLfloat)((c) / 4294967295.0))
#define S8(c)  ((GLfloat)((2.0 * (c) + 1.0) / 255.0))
#define S16(c) ((GLfloat)((2.0 * (c) + 1.0) / 65535.0))
#define S32(c) ((GLfloat)((2.0 * (c) + 1.0) / 4294967295.0))
#define F(c)   ((GLfloat)(c))

/* glColor3/4, glSecondaryColor3 for one component type S (suffix), T (C
 * type) and N (conversion). */
#define COLOR_CALLS(S, T, N)                                                                       \
    void swrgl_Color3##S(struct gl_context *ctx, T r, T g, T b)                                    \
    {                                                                                              \
        set_legacy(ctx, GL_FF_ATTRIB_COLOR0, N(r), N(g), N(b), 1.0f);                              \
    }                                                                                              \
    void swrgl_Color3##S##v(struct gl_context *ctx, const T *v)                                    \
    {                                                                                              \
        set_legacy(ctx, GL_FF_ATTRIB_COLOR0, N(v[0]), N(v[1]), N(v[2]), 1.0f);                     \
    }                                                                                              \
    void swrgl_Color4##S(struct gl_context *ctx, T r, T g, T b, T a)                               \
    {                                                                                              \
        set_legacy(ctx, GL_FF_ATTRIB_COLOR0, N(r), N(g), N(b), N(a));                              \
    }                                                                                              \
    void swrgl_Color4##S##v(struct gl_context *ctx, const T *v)                                    \
    {                                                                                              \
        set_legacy(ctx, GL_FF_ATTRIB_COLOR0, N(v[0]), N(v[1]), N(v[2]), N(v[3]));                  \
    }                                                                                              \
    void swrgl_SecondaryColor3##S(struct gl_context *ctx, T r, T g, T b)                           \
    {                                                                                              \
        set_legacy(ctx, GL_FF_ATTRIB_COLOR1, N(r), N(g), N(b), 1.0f);                              \
    }                                                                                              \
    void swrgl_SecondaryColor3##S##v(struct gl_context *ctx, const T *v)                           \
    {                                                                                              \
        set_legacy(ctx, GL_FF_ATTRIB_COLOR1, N(v[0]), N(v[1]), N(v[2]), 1.0f);                     \
    }
COLOR_CALLS(b, GLbyte, S8)
COLOR_CALLS(ub, GLubyte, U8)
COLOR_CALLS(s, GLshort, S16)
COLOR_CALLS(us, GLushort, U16)
COLOR_CALLS(i, GLint, S32)
COLOR_CALLS(ui, GLuint, U32)
COLOR_CALLS(f, GLfloat, F)
COLOR_CALLS(d, GLdouble, F)
#undef COLOR_CALLS

#define NORMAL_CALLS(S, T, N)                                                                      \
    void swrgl_Normal3##S(struct gl_context *ctx, T x, T y, T z)                                   \
    {                                                                                              \
        set_legacy(ctx, GL_FF_ATTRIB_NORMAL, N(x), N(y), N(z), 1.0f);                              \
    }                                                                                              \
    void swrgl_Normal3##S##v(struct gl_context *ctx, const T *v)                                   \
    {                                                                                              \
        set_legacy(ctx, GL_FF_ATTRIB_NORMAL, N(v[0]), N(v[1]), N(v[2]), 1.0f);                     \
    }
NORMAL_CALLS(b, GLbyte, S8)
NORMAL_CALLS(s, GLshort, S16)
NORMAL_CALLS(i, GLint, S32)
NORMAL_CALLS(f, GLfloat, F)
NORMAL_CALLS(d, GLdouble, F)
#undef NORMAL_CALLS

/* The texture unit of a glMultiTexCoord target; -1 (GL_INVALID_ENUM
 * recorded) when out of range. */
static int coord_unit(struct gl_context *ctx, GLenum target)
{
    if (target < GL_TEXTURE0 || target >= GL_TEXTURE0 + GLV_TEXCOORD_UNITS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return -1;
    }
    return (int)(target - GL_TEXTURE0);
}

static void set_coord(struct gl_context *ctx, int unit, GLfloat s, GLfloat t, GLfloat r, GLfloat q)
{
    if (unit >= 0)
        set_legacy(ctx, GL_FF_ATTRIB_TEXCOORD0 + (unsigned)unit, s, t, r, q);
}

/* glTexCoord{1,2,3,4}S[v] (unit 0) and glMultiTexCoord{1,2,3,4}S[v]. */
#define COORD_CALLS(S, T)                                                                          \
    void swrgl_TexCoord1##S(struct gl_context *ctx, T s) { set_coord(ctx, 0, F(s), 0, 0, 1); }     \
    void swrgl_TexCoord1##S##v(struct gl_context *ctx, const T *v)                                 \
    {                                                                                              \
        set_coord(ctx, 0, F(v[0]), 0, 0, 1);                                                       \
    }                                                                                              \
    void swrgl_TexCoord2##S(struct gl_context *ctx, T s, T t)                                      \
    {                                                                                              \
        set_coord(ctx, 0, F(s), F(t), 0, 1);                                                       \
    }                                                                                              \
    void swrgl_TexCoord2##S##v(struct gl_context *ctx, const T *v)                                 \
    {                                                                                              \
        set_coord(ctx, 0, F(v[0]), F(v[1]), 0, 1);                                                 \
    }                                                                                              \
    void swrgl_TexCoord3##S(struct gl_context *ctx, T s, T t, T r)                                 \
    {                                                                                              \
        set_coord(ctx, 0, F(s), F(t), F(r), 1);                                                    \
    }                                                                                              \
    void swrgl_TexCoord3##S##v(struct gl_context *ctx, const T *v)                                 \
    {                                                                                              \
        set_coord(ctx, 0, F(v[0]), F(v[1]), F(v[2]), 1);                                           \
    }                                                                                              \
    void swrgl_TexCoord4##S(struct gl_context *ctx, T s, T t, T r, T q)                            \
    {                                                                                              \
        set_coord(ctx, 0, F(s), F(t), F(r), F(q));                                                 \
    }                                                                                              \
    void swrgl_TexCoord4##S##v(struct gl_context *ctx, const T *v)                                 \
    {                                                                                              \
        set_coord(ctx, 0, F(v[0]), F(v[1]), F(v[2]), F(v[3]));                                     \
    }                                                                                              \
    void swrgl_MultiTexCoord1##S(struct gl_context *ctx, GLenum u, T s)                            \
    {                                                                                              \
        set_coord(ctx, coord_unit(ctx, u), F(s), 0, 0, 1);                                         \
    }                                                                                              \
    void swrgl_MultiTexCoord1##S##v(struct gl_context *ctx, GLenum u, const T *v)                  \
    {                                                                                              \
        set_coord(ctx, coord_unit(ctx, u), F(v[0]), 0, 0, 1);                                      \
    }                                                                                              \
    void swrgl_MultiTexCoord2##S(struct gl_context *ctx, GLenum u, T s, T t)                       \
    {                                                                                              \
        set_coord(ctx, coord_unit(ctx, u), F(s), F(t), 0, 1);                                      \
    }                                                                                              \
    void swrgl_MultiTexCoord2##S##v(struct gl_context *ctx, GLenum u, const T *v)                  \
    {                                                                                              \
        set_coord(ctx, coord_unit(ctx, u), F(v[0]), F(v[1]), 0, 1);                                \
    }                                                                                              \
    void swrgl_MultiTexCoord3##S(struct gl_context *ctx, GLenum u, T s, T t, T r)                  \
    {                                                                                              \
        set_coord(ctx, coord_unit(ctx, u), F(s), F(t), F(r), 1);                                   \
    }                                                                                              \
    void swrgl_MultiTexCoord3##S##v(struct gl_context *ctx, GLenum u, const T *v)                  \
    {                                                                                              \
        set_coord(ctx, coord_unit(ctx, u), F(v[0]), F(v[1]), F(v[2]), 1);                          \
    }                                                                                              \
    void swrgl_MultiTexCoord4##S(struct gl_context *ctx, GLenum u, T s, T t, T r, T q)             \
    {                                                                                              \
        set_coord(ctx, coord_unit(ctx, u), F(s), F(t), F(r), F(q));                                \
    }                                                                                              \
    void swrgl_MultiTexCoord4##S##v(struct gl_context *ctx, GLenum u, const T *v)                  \
    {                                                                                              \
        set_coord(ctx, coord_unit(ctx, u), F(v[0]), F(v[1]), F(v[2]), F(v[3]));                    \
    }
COORD_CALLS(s, GLshort)
COORD_CALLS(i, GLint)
COORD_CALLS(f, GLfloat)
COORD_CALLS(d, GLdouble)
#undef COORD_CALLS

void swrgl_FogCoordf(struct gl_context *ctx, GLfloat c) { set_legacy(ctx, GL_FF_ATTRIB_FOGCOORD, c, 0, 0, 1); }
void swrgl_FogCoordfv(struct gl_context *ctx, const GLfloat *c)
{
    set_legacy(ctx, GL_FF_ATTRIB_FOGCOORD, c[0], 0, 0, 1);
}
void swrgl_FogCoordd(struct gl_context *ctx, GLdouble c)
{
    set_legacy(ctx, GL_FF_ATTRIB_FOGCOORD, F(c), 0, 0, 1);
}
void swrgl_FogCoorddv(struct gl_context *ctx, const GLdouble *c)
{
    set_legacy(ctx, GL_FF_ATTRIB_FOGCOORD, F(c[0]), 0, 0, 1);
}

void swrgl_EdgeFlag(struct gl_context *ctx, GLboolean flag) { glv(ctx)->current_edge = flag ? GL_TRUE : GL_FALSE; }
void swrgl_EdgeFlagv(struct gl_context *ctx, const GLboolean *flag) { swrgl_EdgeFlag(ctx, flag[0]); }

#define INDEX_CALLS(S, T)                                                                          \
    void swrgl_Index##S(struct gl_context *ctx, T c) { glv(ctx)->current_index = F(c); }           \
    void swrgl_Index##S##v(struct gl_context *ctx, const T *c) { glv(ctx)->current_index = F(c[0]); }
INDEX_CALLS(s, GLshort)
INDEX_CALLS(i, GLint)
INDEX_CALLS(f, GLfloat)
INDEX_CALLS(d, GLdouble)
INDEX_CALLS(ub, GLubyte)
#undef INDEX_CALLS

/* glVertex*: generic attribute 0 (GL 2.1 section 2.7), then the vertex hook. */
static void position(struct gl_context *ctx, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
    gl_vertex_state *p = glv(ctx);
    p->current[0] = (gl_attrib_value){.f = {x, y, z, w}};
    p->current_kind[0] = GLV_CUR_FLOAT;
    if (p->vertex_hook)
        p->vertex_hook(ctx);
}

#define VERTEX_CALLS(S, T)                                                                         \
    void swrgl_Vertex2##S(struct gl_context *ctx, T x, T y) { position(ctx, F(x), F(y), 0, 1); }   \
    void swrgl_Vertex2##S##v(struct gl_context *ctx, const T *v)                                   \
    {                                                                                              \
        position(ctx, F(v[0]), F(v[1]), 0, 1);                                                     \
    }                                                                                              \
    void swrgl_Vertex3##S(struct gl_context *ctx, T x, T y, T z)                                   \
    {                                                                                              \
        position(ctx, F(x), F(y), F(z), 1);                                                        \
    }                                                                                              \
    void swrgl_Vertex3##S##v(struct gl_context *ctx, const T *v)                                   \
    {                                                                                              \
        position(ctx, F(v[0]), F(v[1]), F(v[2]), 1);                                               \
    }                                                                                              \
    void swrgl_Vertex4##S(struct gl_context *ctx, T x, T y, T z, T w)                              \
    {                                                                                              \
        position(ctx, F(x), F(y), F(z), F(w));                                                     \
    }                                                                                              \
    void swrgl_Vertex4##S##v(struct gl_context *ctx, const T *v)                                   \
    {                                                                                              \
        position(ctx, F(v[0]), F(v[1]), F(v[2]), F(v[3]));                                         \
    }
VERTEX_CALLS(s, GLshort)
VERTEX_CALLS(i, GLint)
VERTEX_CALLS(f, GLfloat)
VERTEX_CALLS(d, GLdouble)
#undef VERTEX_CALLS

/* ---- arrays ---------------------------------------------------------------------- */

static GLsizei type_bytes(GLenum type)
{
    switch (type) {
    case GL_BYTE:
    case GL_UNSIGNED_BYTE:
        return 1;
    case GL_SHORT:
    case GL_UNSIGNED_SHORT:
        return 2;
    case GL_INT:
    case GL_UNSIGNED_INT:
    case GL_FLOAT:
        return 4;
    case GL_DOUBLE:
        return 8;
    default:
        return 0;
    }
}

/* Which types each array takes (GL 2.1 table 2.4), as a bit mask. */
enum {
    T_B = 1 << 0, T_UB = 1 << 1, T_S = 1 << 2, T_US = 1 << 3, T_I = 1 << 4, T_UI = 1 << 5,
    T_F = 1 << 6, T_D = 1 << 7,
};
static unsigned type_bit(GLenum type)
{
    switch (type) {
    case GL_BYTE: return T_B;
    case GL_UNSIGNED_BYTE: return T_UB;
    case GL_SHORT: return T_S;
    case GL_UNSIGNED_SHORT: return T_US;
    case GL_INT: return T_I;
    case GL_UNSIGNED_INT: return T_UI;
    case GL_FLOAT: return T_F;
    case GL_DOUBLE: return T_D;
    default: return 0;
    }
}

/* Sets array `a` after the checks: size_mask bit s allows size s, and
 * bgra_ok allows GL_BGRA (ARB_vertex_array_bgra, colours only). */
static void legacy_pointer(struct gl_context *ctx, gl_attrib_array *a, GLint size,
                           unsigned size_mask, bool bgra_ok, GLenum type, unsigned type_mask,
                           GLsizei stride, const void *pointer)
{
    bool bgra = bgra_ok && size == GL_BGRA;
    if (!bgra && (size < 1 || size > 4 || !(size_mask & (1u << size)))) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (stride < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!(type_bit(type) & type_mask)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (bgra && type != GL_UNSIGNED_BYTE) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    a->size = bgra ? 4 : size;
    a->bgra = bgra;
    a->type = type;
    a->integer = false;
    a->stride = stride;
    a->elem_bytes = a->size * type_bytes(type);
    a->pointer = pointer;
    glv_buffer_ref(&a->buffer, glv(ctx)->array_buffer);
}

#define SIZES_234  ((1u << 2) | (1u << 3) | (1u << 4))
#define SIZES_1234 ((1u << 1) | SIZES_234)
#define TYPES_ALL  (T_B | T_UB | T_S | T_US | T_I | T_UI | T_F | T_D)

static gl_attrib_array *legacy(struct gl_context *ctx, unsigned a)
{
    return &glv(ctx)->vao->legacy[a];
}

void swrgl_VertexPointer(struct gl_context *ctx, GLint size, GLenum type, GLsizei stride,
                         const void *pointer)
{
    legacy_pointer(ctx, legacy(ctx, GL_FF_ATTRIB_POSITION), size, SIZES_234, false, type,
                   T_S | T_I | T_F | T_D, stride, pointer);
}

void swrgl_NormalPointer(struct gl_context *ctx, GLenum type, GLsizei stride, const void *pointer)
{
    legacy_pointer(ctx, legacy(ctx, GL_FF_ATTRIB_NORMAL), 3, 1u << 3, false, type,
                   T_B | T_S | T_I | T_F | T_D, stride, pointer);
}

void swrgl_ColorPointer(struct gl_context *ctx, GLint size, GLenum type, GLsizei stride,
                        const void *pointer)
{
    legacy_pointer(ctx, legacy(ctx, GL_FF_ATTRIB_COLOR0), size, (1u << 3) | (1u << 4), true, type,
                   TYPES_ALL, stride, pointer);
}

void swrgl_SecondaryColorPointer(struct gl_context *ctx, GLint size, GLenum type, GLsizei stride,
                                 const void *pointer)
{
    legacy_pointer(ctx, legacy(ctx, GL_FF_ATTRIB_COLOR1), size, 1u << 3, true, type, TYPES_ALL,
                   stride, pointer);
}

void swrgl_FogCoordPointer(struct gl_context *ctx, GLenum type, GLsizei stride, const void *pointer)
{
    legacy_pointer(ctx, legacy(ctx, GL_FF_ATTRIB_FOGCOORD), 1, 1u << 1, false, type, T_F | T_D,
                   stride, pointer);
}

void swrgl_TexCoordPointer(struct gl_context *ctx, GLint size, GLenum type, GLsizei stride,
                           const void *pointer)
{
    unsigned a = GL_FF_ATTRIB_TEXCOORD0 + glv(ctx)->client_active_texture;
    legacy_pointer(ctx, legacy(ctx, a), size, SIZES_1234, false, type, T_S | T_I | T_F | T_D,
                   stride, pointer);
}

void swrgl_EdgeFlagPointer(struct gl_context *ctx, GLsizei stride, const void *pointer)
{
    legacy_pointer(ctx, &glv(ctx)->vao->edge_flag, 1, 1u << 1, false, GL_UNSIGNED_BYTE, T_UB,
                   stride, pointer);
}

void swrgl_IndexPointer(struct gl_context *ctx, GLenum type, GLsizei stride, const void *pointer)
{
    legacy_pointer(ctx, &glv(ctx)->vao->color_index, 1, 1u << 1, false, type,
                   T_UB | T_S | T_I | T_F | T_D, stride, pointer);
}

void swrgl_ClientActiveTexture(struct gl_context *ctx, GLenum texture)
{
    if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + GLV_TEXCOORD_UNITS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    glv(ctx)->client_active_texture = texture - GL_TEXTURE0;
}

/* The array of a client-state cap, NULL when `cap` is not one. */
static gl_attrib_array *client_array(struct gl_context *ctx, GLenum cap)
{
    gl_vao *v = glv(ctx)->vao;
    switch (cap) {
    case GL_VERTEX_ARRAY: return &v->legacy[GL_FF_ATTRIB_POSITION];
    case GL_NORMAL_ARRAY: return &v->legacy[GL_FF_ATTRIB_NORMAL];
    case GL_COLOR_ARRAY: return &v->legacy[GL_FF_ATTRIB_COLOR0];
    case GL_SECONDARY_COLOR_ARRAY: return &v->legacy[GL_FF_ATTRIB_COLOR1];
    case GL_FOG_COORD_ARRAY: return &v->legacy[GL_FF_ATTRIB_FOGCOORD];
    case GL_TEXTURE_COORD_ARRAY:
        return &v->legacy[GL_FF_ATTRIB_TEXCOORD0 + glv(ctx)->client_active_texture];
    case GL_EDGE_FLAG_ARRAY: return &v->edge_flag;
    case GL_INDEX_ARRAY: return &v->color_index;
    default: return NULL;
    }
}

int glv_legacy_client_state(struct gl_context *ctx, GLenum cap)
{
    gl_attrib_array *a = client_array(ctx, cap);
    return a ? a->enabled : -1;
}

static void client_state(struct gl_context *ctx, GLenum cap, bool on)
{
    gl_attrib_array *a = client_array(ctx, cap);
    if (!a) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    a->enabled = on;
}

void swrgl_EnableClientState(struct gl_context *ctx, GLenum array) { client_state(ctx, array, true); }
void swrgl_DisableClientState(struct gl_context *ctx, GLenum array) { client_state(ctx, array, false); }

/* GL 2.1 table 2.6: one row per glInterleavedArrays format. Sizes are
 * component counts (0: array disabled), offsets in bytes. */
typedef struct interleaved_format {
    GLenum format;
    uint8_t tex_size, color_size, vertex_size;
    bool normal;
    GLenum color_type;
    uint8_t color_off, normal_off, vertex_off, stride;
} interleaved_format;

#define FL 4 /* sizeof(GLfloat) */
#define CU 4 /* four unsigned bytes rounded up to a float */
static const interleaved_format interleaved[] = {
    {GL_V2F, 0, 0, 2, false, 0, 0, 0, 0, 2 * FL},
    {GL_V3F, 0, 0, 3, false, 0, 0, 0, 0, 3 * FL},
    {GL_C4UB_V2F, 0, 4, 2, false, GL_UNSIGNED_BYTE, 0, 0, CU, CU + 2 * FL},
    {GL_C4UB_V3F, 0, 4, 3, false, GL_UNSIGNED_BYTE, 0, 0, CU, CU + 3 * FL},
    {GL_C3F_V3F, 0, 3, 3, false, GL_FLOAT, 0, 0, 3 * FL, 6 * FL},
    {GL_N3F_V3F, 0, 0, 3, true, 0, 0, 0, 3 * FL, 6 * FL},
    {GL_C4F_N3F_V3F, 0, 4, 3, true, GL_FLOAT, 0, 4 * FL, 7 * FL, 10 * FL},
    {GL_T2F_V3F, 2, 0, 3, false, 0, 0, 0, 2 * FL, 5 * FL},
    {GL_T4F_V4F, 4, 0, 4, false, 0, 0, 0, 4 * FL, 8 * FL},
    {GL_T2F_C4UB_V3F, 2, 4, 3, false, GL_UNSIGNED_BYTE, 2 * FL, 0, CU + 2 * FL, CU + 5 * FL},
    {GL_T2F_C3F_V3F, 2, 3, 3, false, GL_FLOAT, 2 * FL, 0, 5 * FL, 8 * FL},
    {GL_T2F_N3F_V3F, 2, 0, 3, true, 0, 0, 2 * FL, 5 * FL, 8 * FL},
    {GL_T2F_C4F_N3F_V3F, 2, 4, 3, true, GL_FLOAT, 2 * FL, 6 * FL, 9 * FL, 12 * FL},
    {GL_T4F_C4F_N3F_V4F, 4, 4, 4, true, GL_FLOAT, 4 * FL, 8 * FL, 11 * FL, 15 * FL},
};
#undef FL
#undef CU

void swrgl_InterleavedArrays(struct gl_context *ctx, GLenum format, GLsizei stride,
                             const void *pointer)
{
    const interleaved_format *f = NULL;
    for (size_t i = 0; i < sizeof interleaved / sizeof interleaved[0]; i++)
        if (interleaved[i].format == format)
            f = &interleaved[i];
    if (!f) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (stride < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLsizei s = stride ? stride : f->stride;
    const uint8_t *base = pointer;
    gl_vao *v = glv(ctx)->vao;
    v->edge_flag.enabled = false;
    v->color_index.enabled = false;
    gl_attrib_array *tex = client_array(ctx, GL_TEXTURE_COORD_ARRAY);
    tex->enabled = f->tex_size != 0;
    if (f->tex_size)
        swrgl_TexCoordPointer(ctx, f->tex_size, GL_FLOAT, s, base);
    v->legacy[GL_FF_ATTRIB_COLOR0].enabled = f->color_size != 0;
    if (f->color_size)
        swrgl_ColorPointer(ctx, f->color_size, f->color_type, s, base + f->color_off);
    v->legacy[GL_FF_ATTRIB_NORMAL].enabled = f->normal;
    if (f->normal)
        swrgl_NormalPointer(ctx, GL_FLOAT, s, base + f->normal_off);
    v->legacy[GL_FF_ATTRIB_POSITION].enabled = true;
    swrgl_VertexPointer(ctx, f->vertex_size, GL_FLOAT, s, base + f->vertex_off);
}

/* ---- glArrayElement --------------------------------------------------------------- */

/* Reads element i of array a as up to 4 floats (GL 2.1 table 2.9 for the
 * normalized ones); false when it cannot be read (no storage, out of the
 * buffer). Missing components keep out[]'s values. */
static bool fetch_element(struct gl_context *ctx, const gl_attrib_array *a, GLint i, float out[4])
{
    struct pipe_transfer *xfer = NULL;
    const uint8_t *base = a->pointer;
    uint64_t stride = a->stride ? (uint64_t)a->stride : (uint64_t)a->elem_bytes;
    uint64_t at = (uint64_t)i * stride;
    if (a->buffer) {
        const uint8_t *map = gl_buffer_read_begin(ctx, a->buffer, &xfer);
        uint64_t off = (uintptr_t)a->pointer;
        if (!map || off + at + (uint64_t)a->elem_bytes > (uint64_t)a->buffer->size) {
            gl_buffer_read_end(ctx, xfer);
            return false;
        }
        base = map + off;
    } else if (!base) {
        return false;
    }
    const uint8_t *e = base + at;
    GLsizei tb = a->elem_bytes / a->size;
    for (GLint c = 0; c < a->size; c++) {
        const uint8_t *s = e + c * tb;
        double d = 0, scale = 0;
        bool sgn = false;
        switch (a->type) {
        case GL_BYTE: { int8_t x; memcpy(&x, s, 1); d = x; scale = 255.0; sgn = true; break; }
        case GL_UNSIGNED_BYTE: d = s[0]; scale = 255.0; break;
        case GL_SHORT: { int16_t x; memcpy(&x, s, 2); d = x; scale = 65535.0; sgn = true; break; }
        case GL_UNSIGNED_SHORT: { uint16_t x; memcpy(&x, s, 2); d = x; scale = 65535.0; break; }
        case GL_INT: { int32_t x; memcpy(&x, s, 4); d = x; scale = 4294967295.0; sgn = true; break; }
        case GL_UNSIGNED_INT: { uint32_t x; memcpy(&x, s, 4); d = x; scale = 4294967295.0; break; }
        case GL_FLOAT: { float x; memcpy(&x, s, 4); d = x; break; }
        case GL_DOUBLE: { double x; memcpy(&x, s, 8); d = x; break; }
        default: break;
        }
        if (a->normalized && scale > 0)
            d = sgn ? (2.0 * d + 1.0) / scale : d / scale;
        out[c] = (float)d;
    }
    if (a->bgra) {
        float t = out[0];
        out[0] = out[2];
        out[2] = t;
    }
    gl_buffer_read_end(ctx, xfer);
    return true;
}

void swrgl_ArrayElement(struct gl_context *ctx, GLint i)
{
    gl_vertex_state *p = glv(ctx);
    if (i < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    const gl_vao *v = p->vao;
    for (unsigned a = 1; a < GLV_LEGACY_ATTRIBS; a++) {
        if (!v->legacy[a].enabled)
            continue;
        float f[4];
        gl_vertex_legacy_default(a, f);
        if (fetch_element(ctx, &v->legacy[a], i, f))
            set_legacy(ctx, a, f[0], f[1], f[2], f[3]);
    }
    if (v->edge_flag.enabled) {
        float f[4] = {1, 0, 0, 1};
        if (fetch_element(ctx, &v->edge_flag, i, f))
            p->current_edge = f[0] != 0.0f;
    }
    for (unsigned g = 1; g < GLV_MAX_ATTRIBS; g++) {
        const gl_attrib_array *a = &v->attribs[g];
        if (!a->enabled || a->integer)
            continue;
        float f[4] = {0, 0, 0, 1};
        if (fetch_element(ctx, a, i, f)) {
            p->current[g] = (gl_attrib_value){.f = {f[0], f[1], f[2], f[3]}};
            p->current_kind[g] = GLV_CUR_FLOAT;
            p->touched |= GLV_TOUCHED_GENERIC(g);
        }
    }
    const gl_attrib_array *pos = gl_vertex_legacy_array(ctx, GL_FF_ATTRIB_POSITION);
    float f[4] = {0, 0, 0, 1};
    if (pos && fetch_element(ctx, pos, i, f))
        position(ctx, f[0], f[1], f[2], f[3]);
}

/* ---- queries ---------------------------------------------------------------------- */

static void value_floats(gl_value *v, const float *f, unsigned n, bool normalized)
{
    v->type = GL_VALUE_FLOAT;
    v->count = n;
    v->normalized = normalized;
    for (unsigned k = 0; k < n; k++)
        v->f[k] = f[k];
}

/* GL_<array>_SIZE / _TYPE / _STRIDE / _BUFFER_BINDING of a client array. */
static bool array_get(const gl_attrib_array *a, int what, gl_value *v)
{
    switch (what) {
    case 0: gl_value_int(v, a->bgra ? GL_BGRA : a->size); return true;
    case 1: gl_value_int(v, (GLint)a->type); return true;
    case 2: gl_value_int(v, a->stride); return true;
    default: gl_value_int(v, a->buffer ? (GLint)a->buffer->name : 0); return true;
    }
}

bool glv_legacy_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    gl_vertex_state *p = glv(ctx);
    const gl_vao *o = p->vao;
    unsigned tex = GL_FF_ATTRIB_TEXCOORD0 + p->client_active_texture;
    switch (pname) {
    case GL_CURRENT_COLOR:
        value_floats(v, gl_vertex_legacy_current(ctx, GL_FF_ATTRIB_COLOR0), 4, true);
        return true;
    case GL_CURRENT_SECONDARY_COLOR:
        value_floats(v, gl_vertex_legacy_current(ctx, GL_FF_ATTRIB_COLOR1), 4, true);
        return true;
    case GL_CURRENT_NORMAL:
        value_floats(v, gl_vertex_legacy_current(ctx, GL_FF_ATTRIB_NORMAL), 3, false);
        return true;
    case GL_CURRENT_TEXTURE_COORDS:
        /* Of the client active unit (the active texture unit is the
         * texture part's; the two agree in every program that sets both). */
        value_floats(v, gl_vertex_legacy_current(ctx, tex), 4, false);
        return true;
    case GL_CURRENT_FOG_COORD:
        value_floats(v, gl_vertex_legacy_current(ctx, GL_FF_ATTRIB_FOGCOORD), 1, false);
        return true;
    case GL_CURRENT_INDEX:
        value_floats(v, &p->current_index, 1, false);
        return true;
    case GL_EDGE_FLAG:
        gl_value_bool(v, p->current_edge);
        return true;
    case GL_CLIENT_ACTIVE_TEXTURE:
        gl_value_int(v, (GLint)(GL_TEXTURE0 + p->client_active_texture));
        return true;
    case GL_VERTEX_ARRAY_SIZE: return array_get(&o->legacy[GL_FF_ATTRIB_POSITION], 0, v);
    case GL_VERTEX_ARRAY_TYPE: return array_get(&o->legacy[GL_FF_ATTRIB_POSITION], 1, v);
    case GL_VERTEX_ARRAY_STRIDE: return array_get(&o->legacy[GL_FF_ATTRIB_POSITION], 2, v);
    case GL_VERTEX_ARRAY_BUFFER_BINDING: return array_get(&o->legacy[GL_FF_ATTRIB_POSITION], 3, v);
    case GL_NORMAL_ARRAY_TYPE: return array_get(&o->legacy[GL_FF_ATTRIB_NORMAL], 1, v);
    case GL_NORMAL_ARRAY_STRIDE: return array_get(&o->legacy[GL_FF_ATTRIB_NORMAL], 2, v);
    case GL_NORMAL_ARRAY_BUFFER_BINDING: return array_get(&o->legacy[GL_FF_ATTRIB_NORMAL], 3, v);
    case GL_COLOR_ARRAY_SIZE: return array_get(&o->legacy[GL_FF_ATTRIB_COLOR0], 0, v);
    case GL_COLOR_ARRAY_TYPE: return array_get(&o->legacy[GL_FF_ATTRIB_COLOR0], 1, v);
    case GL_COLOR_ARRAY_STRIDE: return array_get(&o->legacy[GL_FF_ATTRIB_COLOR0], 2, v);
    case GL_COLOR_ARRAY_BUFFER_BINDING: return array_get(&o->legacy[GL_FF_ATTRIB_COLOR0], 3, v);
    case GL_SECONDARY_COLOR_ARRAY_SIZE: return array_get(&o->legacy[GL_FF_ATTRIB_COLOR1], 0, v);
    case GL_SECONDARY_COLOR_ARRAY_TYPE: return array_get(&o->legacy[GL_FF_ATTRIB_COLOR1], 1, v);
    case GL_SECONDARY_COLOR_ARRAY_STRIDE: return array_get(&o->legacy[GL_FF_ATTRIB_COLOR1], 2, v);
    case GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING:
        return array_get(&o->legacy[GL_FF_ATTRIB_COLOR1], 3, v);
    case GL_FOG_COORD_ARRAY_TYPE: return array_get(&o->legacy[GL_FF_ATTRIB_FOGCOORD], 1, v);
    case GL_FOG_COORD_ARRAY_STRIDE: return array_get(&o->legacy[GL_FF_ATTRIB_FOGCOORD], 2, v);
    case GL_FOG_COORD_ARRAY_BUFFER_BINDING:
        return array_get(&o->legacy[GL_FF_ATTRIB_FOGCOORD], 3, v);
    case GL_TEXTURE_COORD_ARRAY_SIZE: return array_get(&o->legacy[tex], 0, v);
    case GL_TEXTURE_COORD_ARRAY_TYPE: return array_get(&o->legacy[tex], 1, v);
    case GL_TEXTURE_COORD_ARRAY_STRIDE: return array_get(&o->legacy[tex], 2, v);
    case GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING: return array_get(&o->legacy[tex], 3, v);
    case GL_EDGE_FLAG_ARRAY_STRIDE: return array_get(&o->edge_flag, 2, v);
    case GL_EDGE_FLAG_ARRAY_BUFFER_BINDING: return array_get(&o->edge_flag, 3, v);
    case GL_INDEX_ARRAY_TYPE: return array_get(&o->color_index, 1, v);
    case GL_INDEX_ARRAY_STRIDE: return array_get(&o->color_index, 2, v);
    case GL_INDEX_ARRAY_BUFFER_BINDING: return array_get(&o->color_index, 3, v);
    default:
        return false;
    }
}

void swrgl_GetPointerv(struct gl_context *ctx, GLenum pname, void **params)
{
    const gl_attrib_array *a = NULL;
    switch (pname) {
    case GL_VERTEX_ARRAY_POINTER: a = client_array(ctx, GL_VERTEX_ARRAY); break;
    case GL_NORMAL_ARRAY_POINTER: a = client_array(ctx, GL_NORMAL_ARRAY); break;
    case GL_COLOR_ARRAY_POINTER: a = client_array(ctx, GL_COLOR_ARRAY); break;
    case GL_SECONDARY_COLOR_ARRAY_POINTER: a = client_array(ctx, GL_SECONDARY_COLOR_ARRAY); break;
    case GL_FOG_COORD_ARRAY_POINTER: a = client_array(ctx, GL_FOG_COORD_ARRAY); break;
    case GL_TEXTURE_COORD_ARRAY_POINTER: a = client_array(ctx, GL_TEXTURE_COORD_ARRAY); break;
    case GL_EDGE_FLAG_ARRAY_POINTER: a = client_array(ctx, GL_EDGE_FLAG_ARRAY); break;
    case GL_INDEX_ARRAY_POINTER: a = client_array(ctx, GL_INDEX_ARRAY); break;
    default:
        /* The feedback and selection buffer pointers belong to the render
         * mode, which does not exist yet. */
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = (void *)a->pointer;
}
