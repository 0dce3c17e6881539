/*
 * gl_vertex.c: vertex array objects, generic attribute arrays
 * (glVertexAttribPointer & co.), current attribute values
 * (glVertexAttrib*), their queries, and the part's hooks (init, fini,
 * glGet). Buffers are in gl_buffer.c, the draws in the draw part
 * (draw/gl_draw.c).
 *
 * VAO 0 is the default object of the compatibility profile: it lives in
 * gl_vertex_state and always exists. Current values are 16 bytes per
 * attribute, stored as the last glVertexAttrib* call gave them (floats,
 * ints or uints; current_kind says which), because a draw hands them to
 * the pipe as a stride-0 vertex buffer.
 * Thread: the context's thread.
 */
#include "frontend-gallium/gl/vertex/gl_vertex_priv.h"

#include <stdlib.h>
#include <string.h>

/* Recommended maxima for glDrawRangeElements (only hints); Mesa's values. */
#define MAX_ELEMENTS_VERTICES 3000
#define MAX_ELEMENTS_INDICES 3000

static void vao_init(gl_vao *v, GLuint name)
{
    memset(v, 0, sizeof *v);
    v->name = name;
    for (unsigned i = 0; i < GLV_MAX_ATTRIBS; i++) {
        v->attribs[i].size = 4;
        v->attribs[i].type = GL_FLOAT;
        v->attribs[i].elem_bytes = 16;
    }
    glv_legacy_vao_init(v);
}

void gl_vertex_vao_init_private(gl_vao *v) { vao_init(v, 0); }

gl_vao *gl_vertex_swap_vao(struct gl_context *ctx, gl_vao *v)
{
    gl_vao *old = glv(ctx)->vao;
    glv(ctx)->vao = v;
    return old;
}

/* Drops the VAO's buffer references. */
static void vao_release(gl_vao *v)
{
    glv_buffer_ref(&v->element_buffer, NULL);
    for (unsigned i = 0; i < GLV_MAX_ATTRIBS; i++)
        glv_buffer_ref(&v->attribs[i].buffer, NULL);
    for (unsigned i = 0; i < GLV_LEGACY_ATTRIBS; i++)
        glv_buffer_ref(&v->legacy[i].buffer, NULL);
    glv_buffer_ref(&v->edge_flag.buffer, NULL);
    glv_buffer_ref(&v->color_index.buffer, NULL);
}

bool gl_vertex_init(struct gl_context *ctx)
{
    gl_vertex_state *p = calloc(1, sizeof *p);
    if (!p)
        return false;
    ctx->vertex = p;
    glv_buffers_init(ctx);
    gl_objects_init(&p->vaos);
    vao_init(&p->default_vao, 0);
    p->vao = &p->default_vao;
    for (unsigned i = 0; i < GLV_MAX_ATTRIBS; i++)
        gl_vertex_generic_default(p->current[i].f);
    for (unsigned a = 0; a < GLV_LEGACY_ATTRIBS; a++)
        gl_vertex_legacy_default(a, p->current[GLV_CURRENT_LEGACY + a].f);
    p->current_edge = GL_TRUE;
    return true;
}

static void free_vao(void *user, uint32_t name, void *obj)
{
    (void)user;
    (void)name;
    if (obj == GL_OBJECT_RESERVED)
        return;
    vao_release(obj);
    free(obj);
}

void gl_vertex_fini(struct gl_context *ctx)
{
    gl_vertex_state *p = glv(ctx);
    if (!p)
        return;
    gl_objects_each(&p->vaos, free_vao, NULL);
    gl_objects_fini(&p->vaos);
    vao_release(&p->default_vao);
    glv_buffer_ref(&p->array_buffer, NULL);
    glv_buffer_ref(&p->pixel_pack_buffer, NULL);
    glv_buffer_ref(&p->pixel_unpack_buffer, NULL);
    glv_buffer_ref(&p->texture_buffer, NULL);
    glv_buffer_ref(&p->copy_read_buffer, NULL);
    glv_buffer_ref(&p->copy_write_buffer, NULL);
    glv_buffer_ref(&p->uniform_buffer, NULL);
    glv_buffer_ref(&p->tf_buffer, NULL);
    for (unsigned i = 0; i < GLV_MAX_UNIFORM_BINDINGS; i++)
        glv_buffer_ref(&p->uniform_bindings[i].buffer, NULL);
    for (unsigned i = 0; i < GLV_MAX_TF_BINDINGS; i++)
        glv_buffer_ref(&p->tf_bindings[i].buffer, NULL);
    glv_buffers_fini(ctx);
    free(p);
    ctx->vertex = NULL;
}

static GLint name_of(const gl_buffer *b) { return b ? (GLint)b->name : 0; }

bool gl_vertex_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    gl_vertex_state *p = glv(ctx);
    if (glv_legacy_get(ctx, pname, v))
        return true;
    switch (pname) {
    case GL_ARRAY_BUFFER_BINDING:
        gl_value_int(v, name_of(p->array_buffer));
        return true;
    case GL_ELEMENT_ARRAY_BUFFER_BINDING:
        gl_value_int(v, name_of(p->vao->element_buffer));
        return true;
    case GL_PIXEL_PACK_BUFFER_BINDING:
        gl_value_int(v, name_of(p->pixel_pack_buffer));
        return true;
    case GL_PIXEL_UNPACK_BUFFER_BINDING:
        gl_value_int(v, name_of(p->pixel_unpack_buffer));
        return true;
    case GL_VERTEX_ARRAY_BINDING:
        gl_value_int(v, (GLint)p->vao->name);
        return true;
    case GL_UNIFORM_BUFFER_BINDING:
        gl_value_int(v, name_of(p->uniform_buffer));
        return true;
    case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
        gl_value_int(v, name_of(p->tf_buffer));
        return true;
    case GL_MAX_UNIFORM_BUFFER_BINDINGS:
        gl_value_int(v, GLV_MAX_UNIFORM_BINDINGS);
        return true;
    case GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT:
        gl_value_int(v, GLV_UNIFORM_OFFSET_ALIGNMENT);
        return true;
    case GL_MAX_VERTEX_ATTRIBS:
        gl_value_int(v, GLV_MAX_ATTRIBS);
        return true;
    case GL_MAX_ELEMENTS_VERTICES:
        gl_value_int(v, MAX_ELEMENTS_VERTICES);
        return true;
    case GL_MAX_ELEMENTS_INDICES:
        gl_value_int(v, MAX_ELEMENTS_INDICES);
        return true;
    default:
        return false;
    }
}

int gl_vertex_enable(struct gl_context *ctx, GLenum cap, int op)
{
    /* No glEnable caps (primitive restart is GL 3.1); the client states
     * (GL_VERTEX_ARRAY ...) answer glIsEnabled and glGet only: glEnable of
     * them is GL_INVALID_ENUM, as for any unknown cap. */
    if (op != GL_ENABLE_OP_QUERY)
        return -1;
    return glv_legacy_client_state(ctx, cap);
}

/* ---- VAOs ---------------------------------------------------------------------- */

void swrgl_GenVertexArrays(struct gl_context *ctx, GLsizei n, GLuint *arrays)
{
    gl_objects_gen_names(ctx, &glv(ctx)->vaos, n, arrays);
}

void swrgl_BindVertexArray(struct gl_context *ctx, GLuint array)
{
    gl_vertex_state *p = glv(ctx);
    if (!array) {
        p->vao = &p->default_vao;
        return;
    }
    void *o = gl_objects_get(&p->vaos, array);
    if (!o) {
        /* ARB_vertex_array_object: only names from glGenVertexArrays. */
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (o == GL_OBJECT_RESERVED) {
        gl_vao *v = malloc(sizeof *v);
        if (!v) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        vao_init(v, array);
        gl_objects_put(&p->vaos, array, v); /* replaces an existing key: cannot fail */
        o = v;
    }
    p->vao = o;
}

static void vao_delete(struct gl_context *ctx, uint32_t name, void *obj)
{
    (void)name;
    gl_vertex_state *p = glv(ctx);
    if (p->vao == obj)
        p->vao = &p->default_vao;
    vao_release(obj);
    free(obj);
}

void swrgl_DeleteVertexArrays(struct gl_context *ctx, GLsizei n, const GLuint *arrays)
{
    gl_objects_delete_names(ctx, &glv(ctx)->vaos, n, arrays, vao_delete);
}

GLboolean swrgl_IsVertexArray(struct gl_context *ctx, GLuint array)
{
    void *o = gl_objects_get(&glv(ctx)->vaos, array);
    return o && o != GL_OBJECT_RESERVED ? GL_TRUE : GL_FALSE;
}

/* ---- arrays ---------------------------------------------------------------------- */

static GLsizei type_bytes(GLenum type)
{
    switch (type) {
    case GL_BYTE:
    case GL_UNSIGNED_BYTE:
        return 1;
    case GL_SHORT:
    case GL_UNSIGNED_SHORT:
    case GL_HALF_FLOAT:
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

static bool index_ok(struct gl_context *ctx, GLuint index)
{
    if (index >= GLV_MAX_ATTRIBS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    return true;
}

static void attrib_pointer(struct gl_context *ctx, GLuint index, GLint size, GLenum type,
                           GLboolean normalized, bool integer, GLsizei stride,
                           const void *pointer)
{
    if (!index_ok(ctx, index))
        return;
    bool bgra = size == GL_BGRA && !integer;
    if (!bgra && (size < 1 || size > 4)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (stride < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    /* GL 3.3 (ARB_vertex_type_2_10_10_10_rev): the packed types hold 4
     * components in 32 bits, not for glVertexAttribIPointer, and need size
     * 4 or GL_BGRA. */
    const bool packed = type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV;
    GLsizei tb = packed ? 1 : type_bytes(type);
    if (!tb || (integer && (packed || type == GL_FLOAT || type == GL_DOUBLE ||
                            type == GL_HALF_FLOAT))) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (packed && size != 4 && !bgra) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    /* ARB_vertex_array_bgra: GL_BGRA needs normalized unsigned bytes (or
     * a normalized packed type). */
    if (bgra && ((type != GL_UNSIGNED_BYTE && !packed) || !normalized)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_vertex_state *p = glv(ctx);
    gl_attrib_array *a = &p->vao->attribs[index];
    a->size = bgra ? 4 : size;
    a->bgra = bgra;
    a->type = type;
    a->normalized = !integer && normalized;
    a->integer = integer;
    a->stride = stride;
    a->elem_bytes = packed ? 4 : a->size * tb;
    a->pointer = pointer;
    glv_buffer_ref(&a->buffer, p->array_buffer);
}

void swrgl_VertexAttribPointer(struct gl_context *ctx, GLuint index, GLint size, GLenum type,
                               GLboolean normalized, GLsizei stride, const void *pointer)
{
    attrib_pointer(ctx, index, size, type, normalized, false, stride, pointer);
}

void swrgl_VertexAttribIPointer(struct gl_context *ctx, GLuint index, GLint size, GLenum type,
                                GLsizei stride, const void *pointer)
{
    attrib_pointer(ctx, index, size, type, GL_FALSE, true, stride, pointer);
}

void swrgl_EnableVertexAttribArray(struct gl_context *ctx, GLuint index)
{
    if (index_ok(ctx, index))
        glv(ctx)->vao->attribs[index].enabled = true;
}

void swrgl_DisableVertexAttribArray(struct gl_context *ctx, GLuint index)
{
    if (index_ok(ctx, index))
        glv(ctx)->vao->attribs[index].enabled = false;
}

void swrgl_VertexAttribDivisor(struct gl_context *ctx, GLuint index, GLuint divisor)
{
    if (index_ok(ctx, index))
        glv(ctx)->vao->attribs[index].divisor = divisor;
}

/* ---- current values ------------------------------------------------------------ */

/* Stores a current value and the kind the call gave it. */
static void set_current(struct gl_context *ctx, GLuint index, gl_attrib_value v, uint8_t kind)
{
    if (!index_ok(ctx, index))
        return;
    gl_vertex_state *p = glv(ctx);
    p->current[index] = v;
    p->current_kind[index] = kind;
    p->touched |= GLV_TOUCHED_GENERIC(index);
    if (index == 0 && p->vertex_hook) /* GL 2.1 2.7: attribute 0 is glVertex */
        p->vertex_hook(ctx);
}

static void set_f(struct gl_context *ctx, GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
    set_current(ctx, index, (gl_attrib_value){.f = {x, y, z, w}}, GLV_CUR_FLOAT);
}

static void set_i(struct gl_context *ctx, GLuint index, GLint x, GLint y, GLint z, GLint w)
{
    set_current(ctx, index, (gl_attrib_value){.i = {x, y, z, w}}, GLV_CUR_INT);
}

static void set_u(struct gl_context *ctx, GLuint index, GLuint x, GLuint y, GLuint z, GLuint w)
{
    set_current(ctx, index, (gl_attrib_value){.u = {x, y, z, w}}, GLV_CUR_UINT);
}

/* GL 2.1 table 2.9: the normalized fixed-point conversions of
 * glVertexAttrib4N*: unsigned c / (2^b - 1), signed (2c + 1) / (2^b - 1). */
static GLfloat norm_u(double c, double max) { return (GLfloat)(c / max); }
static GLfloat norm_s(double c, double max) { return (GLfloat)((2.0 * c + 1.0) / max); }

/* glVertexAttrib{1,2,3,4}{S}[v] and glVertexAttribI{1,2,3,4}{S}[v]: the
 * components a call does not give default to (0, 0, 1) for y, z, w. SET is
 * set_f, set_i or set_u and C the cast to its component type. */
#define ATTRIB_CALLS(PRE, S, T, SET, C)                                                            \
    void swrgl_##PRE##1##S(struct gl_context *ctx, GLuint index, T x)                              \
    {                                                                                              \
        SET(ctx, index, C x, 0, 0, 1);                                                             \
    }                                                                                              \
    void swrgl_##PRE##1##S##v(struct gl_context *ctx, GLuint index, const T *v)                    \
    {                                                                                              \
        SET(ctx, index, C v[0], 0, 0, 1);                                                          \
    }                                                                                              \
    void swrgl_##PRE##2##S(struct gl_context *ctx, GLuint index, T x, T y)                         \
    {                                                                                              \
        SET(ctx, index, C x, C y, 0, 1);                                                           \
    }                                                                                              \
    void swrgl_##PRE##2##S##v(struct gl_context *ctx, GLuint index, const T *v)                    \
    {                                                                                              \
        SET(ctx, index, C v[0], C v[1], 0, 1);                                                     \
    }                                                                                              \
    void swrgl_##PRE##3##S(struct gl_context *ctx, GLuint index, T x, T y, T z)                    \
    {                                                                                              \
        SET(ctx, index, C x, C y, C z, 1);                                                         \
    }                                                                                              \
    void swrgl_##PRE##3##S##v(struct gl_context *ctx, GLuint index, const T *v)                    \
    {                                                                                              \
        SET(ctx, index, C v[0], C v[1], C v[2], 1);                                                \
    }                                                                                              \
    void swrgl_##PRE##4##S(struct gl_context *ctx, GLuint index, T x, T y, T z, T w)               \
    {                                                                                              \
        SET(ctx, index, C x, C y, C z, C w);                                                       \
    }                                                                                              \
    void swrgl_##PRE##4##S##v(struct gl_context *ctx, GLuint index, const T *v)                    \
    {                                                                                              \
        SET(ctx, index, C v[0], C v[1], C v[2], C v[3]);                                           \
    }
ATTRIB_CALLS(VertexAttrib, d, GLdouble, set_f, (GLfloat))
ATTRIB_CALLS(VertexAttrib, f, GLfloat, set_f, (GLfloat))
ATTRIB_CALLS(VertexAttrib, s, GLshort, set_f, (GLfloat))
ATTRIB_CALLS(VertexAttribI, i, GLint, set_i, (GLint))
ATTRIB_CALLS(VertexAttribI, ui, GLuint, set_u, (GLuint))
#undef ATTRIB_CALLS

/* The vector-only four-component calls: FN(c) is the component as stored
 * (a cast, or a GL 2.1 table 2.9 normalization). */
#define ATTRIB4V_CALL(NAME, T, SET, FN)                                                            \
    void swrgl_##NAME(struct gl_context *ctx, GLuint index, const T *v)                            \
    {                                                                                              \
        SET(ctx, index, FN(v[0]), FN(v[1]), FN(v[2]), FN(v[3]));                                   \
    }
#define AS_F(c)    ((GLfloat)(c))
#define AS_I(c)    ((GLint)(c))
#define AS_U(c)    ((GLuint)(c))
#define NORM_UB(c) norm_u(c, 255.0)
#define NORM_US(c) norm_u(c, 65535.0)
#define NORM_UI(c) norm_u(c, 4294967295.0)
#define NORM_B(c)  norm_s(c, 255.0)
#define NORM_S(c)  norm_s(c, 65535.0)
#define NORM_I(c)  norm_s(c, 4294967295.0)
ATTRIB4V_CALL(VertexAttrib4bv, GLbyte, set_f, AS_F)
ATTRIB4V_CALL(VertexAttrib4iv, GLint, set_f, AS_F)
ATTRIB4V_CALL(VertexAttrib4ubv, GLubyte, set_f, AS_F)
ATTRIB4V_CALL(VertexAttrib4uiv, GLuint, set_f, AS_F)
ATTRIB4V_CALL(VertexAttrib4usv, GLushort, set_f, AS_F)
ATTRIB4V_CALL(VertexAttrib4Nbv, GLbyte, set_f, NORM_B)
ATTRIB4V_CALL(VertexAttrib4Nsv, GLshort, set_f, NORM_S)
ATTRIB4V_CALL(VertexAttrib4Niv, GLint, set_f, NORM_I)
ATTRIB4V_CALL(VertexAttrib4Nubv, GLubyte, set_f, NORM_UB)
ATTRIB4V_CALL(VertexAttrib4Nusv, GLushort, set_f, NORM_US)
ATTRIB4V_CALL(VertexAttrib4Nuiv, GLuint, set_f, NORM_UI)
ATTRIB4V_CALL(VertexAttribI4bv, GLbyte, set_i, AS_I)
ATTRIB4V_CALL(VertexAttribI4sv, GLshort, set_i, AS_I)
ATTRIB4V_CALL(VertexAttribI4ubv, GLubyte, set_u, AS_U)
ATTRIB4V_CALL(VertexAttribI4usv, GLushort, set_u, AS_U)
#undef ATTRIB4V_CALL

void swrgl_VertexAttrib4Nub(struct gl_context *ctx, GLuint index, GLubyte x, GLubyte y, GLubyte z,
                            GLubyte w)
{
    set_f(ctx, index, NORM_UB(x), NORM_UB(y), NORM_UB(z), NORM_UB(w));
}
#undef AS_F
#undef AS_I
#undef AS_U
#undef NORM_UB
#undef NORM_US
#undef NORM_UI
#undef NORM_B
#undef NORM_S
#undef NORM_I

/* ---- queries -------------------------------------------------------------------- */

/* The answer of glGetVertexAttrib*: up to 4 values as doubles (exact for
 * every int and float), plus the raw current value for the I variants.
 * False (error recorded) on a bad index or pname. */
typedef struct attrib_answer {
    unsigned n;
    double d[4];
    bool current; /* CURRENT_VERTEX_ATTRIB: raw below */
    gl_attrib_value raw;
} attrib_answer;

static bool query_attrib(struct gl_context *ctx, GLuint index, GLenum pname, attrib_answer *out)
{
    if (!index_ok(ctx, index))
        return false;
    gl_vertex_state *p = glv(ctx);
    const gl_attrib_array *a = &p->vao->attribs[index];
    memset(out, 0, sizeof *out);
    out->n = 1;
    switch (pname) {
    case GL_VERTEX_ATTRIB_ARRAY_ENABLED:
        out->d[0] = a->enabled;
        return true;
    case GL_VERTEX_ATTRIB_ARRAY_SIZE:
        out->d[0] = a->bgra ? GL_BGRA : a->size;
        return true;
    case GL_VERTEX_ATTRIB_ARRAY_STRIDE:
        out->d[0] = a->stride;
        return true;
    case GL_VERTEX_ATTRIB_ARRAY_TYPE:
        out->d[0] = a->type;
        return true;
    case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED:
        out->d[0] = a->normalized;
        return true;
    case GL_VERTEX_ATTRIB_ARRAY_INTEGER:
        out->d[0] = a->integer;
        return true;
    case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING:
        out->d[0] = name_of(a->buffer);
        return true;
    case GL_VERTEX_ATTRIB_ARRAY_DIVISOR:
        out->d[0] = a->divisor;
        return true;
    case GL_CURRENT_VERTEX_ATTRIB: {
        /* Compatibility profile: attribute 0 is the vertex position, which
         * has no current value (GL 2.1 section 6.1.12). */
        if (index == 0) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return false;
        }
        const gl_attrib_value *v = &p->current[index];
        out->n = 4;
        out->current = true;
        out->raw = *v;
        for (unsigned k = 0; k < 4; k++)
            out->d[k] = p->current_kind[index] == GLV_CUR_INT    ? (double)v->i[k]
                        : p->current_kind[index] == GLV_CUR_UINT ? (double)v->u[k]
                                                                 : (double)v->f[k];
        return true;
    }
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
}

void swrgl_GetVertexAttribdv(struct gl_context *ctx, GLuint index, GLenum pname, GLdouble *params)
{
    attrib_answer a;
    if (!query_attrib(ctx, index, pname, &a) || !params)
        return;
    for (unsigned k = 0; k < a.n; k++)
        params[k] = a.d[k];
}

void swrgl_GetVertexAttribfv(struct gl_context *ctx, GLuint index, GLenum pname, GLfloat *params)
{
    attrib_answer a;
    if (!query_attrib(ctx, index, pname, &a) || !params)
        return;
    for (unsigned k = 0; k < a.n; k++)
        params[k] = (GLfloat)a.d[k];
}

void swrgl_GetVertexAttribiv(struct gl_context *ctx, GLuint index, GLenum pname, GLint *params)
{
    attrib_answer a;
    if (!query_attrib(ctx, index, pname, &a) || !params)
        return;
    for (unsigned k = 0; k < a.n; k++) {
        double d = a.d[k];
        params[k] = d >= 2147483647.0 ? INT32_MAX : d <= -2147483648.0 ? INT32_MIN : (GLint)d;
    }
}

void swrgl_GetVertexAttribIiv(struct gl_context *ctx, GLuint index, GLenum pname, GLint *params)
{
    attrib_answer a;
    if (!query_attrib(ctx, index, pname, &a) || !params)
        return;
    for (unsigned k = 0; k < a.n; k++)
        params[k] = a.current ? a.raw.i[k] : (GLint)a.d[k];
}

void swrgl_GetVertexAttribIuiv(struct gl_context *ctx, GLuint index, GLenum pname, GLuint *params)
{
    attrib_answer a;
    if (!query_attrib(ctx, index, pname, &a) || !params)
        return;
    for (unsigned k = 0; k < a.n; k++)
        params[k] = a.current ? a.raw.u[k] : (GLuint)a.d[k];
}

void swrgl_GetVertexAttribPointerv(struct gl_context *ctx, GLuint index, GLenum pname,
                                   void **pointer)
{
    if (!index_ok(ctx, index))
        return;
    if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (pointer)
        *pointer = (void *)glv(ctx)->vao->attribs[index].pointer;
}

/* ---- glPushClientAttrib / glPopClientAttrib ------------------------------------ */

typedef struct glv_client_save {
    bool arrays, pixel_buffers;
    GLuint vao_name;
    gl_vao vao; /* the bound VAO's arrays, references held */
    gl_buffer *array_buffer, *pack, *unpack;
    unsigned client_active_texture;
} glv_client_save;

/* Copies src's arrays into *dst (dst holds no references before). */
static void vao_copy_ref(gl_vao *dst, const gl_vao *src)
{
    *dst = *src;
    dst->element_buffer = NULL;
    glv_buffer_ref(&dst->element_buffer, src->element_buffer);
    for (unsigned i = 0; i < GLV_MAX_ATTRIBS; i++) {
        dst->attribs[i].buffer = NULL;
        glv_buffer_ref(&dst->attribs[i].buffer, src->attribs[i].buffer);
    }
    for (unsigned i = 0; i < GLV_LEGACY_ATTRIBS; i++) {
        dst->legacy[i].buffer = NULL;
        glv_buffer_ref(&dst->legacy[i].buffer, src->legacy[i].buffer);
    }
    dst->edge_flag.buffer = NULL;
    glv_buffer_ref(&dst->edge_flag.buffer, src->edge_flag.buffer);
    dst->color_index.buffer = NULL;
    glv_buffer_ref(&dst->color_index.buffer, src->color_index.buffer);
}

void *gl_vertex_client_save(struct gl_context *ctx, bool arrays, bool pixel_buffers)
{
    gl_vertex_state *p = glv(ctx);
    glv_client_save *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->arrays = arrays;
    s->pixel_buffers = pixel_buffers;
    if (arrays) {
        s->vao_name = p->vao->name;
        vao_copy_ref(&s->vao, p->vao);
        glv_buffer_ref(&s->array_buffer, p->array_buffer);
        s->client_active_texture = p->client_active_texture;
    }
    if (pixel_buffers) {
        glv_buffer_ref(&s->pack, p->pixel_pack_buffer);
        glv_buffer_ref(&s->unpack, p->pixel_unpack_buffer);
    }
    return s;
}

void gl_vertex_client_discard(void *save)
{
    glv_client_save *s = save;
    if (!s)
        return;
    if (s->arrays) {
        vao_release(&s->vao);
        glv_buffer_ref(&s->array_buffer, NULL);
    }
    glv_buffer_ref(&s->pack, NULL);
    glv_buffer_ref(&s->unpack, NULL);
    free(s);
}

void gl_vertex_client_restore(struct gl_context *ctx, void *save)
{
    gl_vertex_state *p = glv(ctx);
    glv_client_save *s = save;
    if (!s)
        return;
    if (s->arrays) {
        gl_vao *v = &p->default_vao;
        if (s->vao_name) {
            void *o = gl_objects_get(&p->vaos, s->vao_name);
            if (o && o != GL_OBJECT_RESERVED)
                v = o;
        }
        p->vao = v;
        GLuint name = v->name;
        vao_release(v);
        *v = s->vao; /* moves the references */
        v->name = name;
        s->vao = (gl_vao){0};
        glv_buffer_ref(&p->array_buffer, s->array_buffer);
        p->client_active_texture = s->client_active_texture;
    }
    if (s->pixel_buffers) {
        glv_buffer_ref(&p->pixel_pack_buffer, s->pack);
        glv_buffer_ref(&p->pixel_unpack_buffer, s->unpack);
    }
    gl_vertex_client_discard(s);
}
