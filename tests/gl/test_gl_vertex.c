/*
 * test_gl_vertex.c: the GL vertex and draw parts (vertex/gl_buffer.c,
 * vertex/gl_vertex.c, draw/gl_draw.c) through the GL API: buffer objects, maps (GL_MAP_* bits,
 * ranges, invalidation), VAOs, attribute arrays and current values, their
 * queries and errors as the GL 2.1 / ARB_map_buffer_range /
 * ARB_vertex_array_object specs prescribe, and rendering checked against
 * analytic colours: VBOs, client arrays, each index type, instancing with
 * a divisor, every attribute type and normalization, current values, and
 * buffer re-specification between queued draws. The rendering tests skip
 * when the tree cannot build a program yet (other parts in progress).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gl_test_util.h"

#define ERR(e) assert_string_equal(glt_error_name(glGetError()), glt_error_name(e))

static GLint geti(GLenum pname)
{
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
}

static GLint bufparam(GLenum target, GLenum pname)
{
    GLint v = -12345;
    glGetBufferParameteriv(target, pname, &v);
    return v;
}

static GLint attribi(GLuint index, GLenum pname)
{
    GLint v = -12345;
    glGetVertexAttribiv(index, pname, &v);
    return v;
}

/* ---- buffers ------------------------------------------------------------------ */

static void test_buffer_names(void **state)
{
    (void)state;
    GLuint b[3];
    glGenBuffers(3, b);
    ERR(GL_NO_ERROR);
    assert_true(b[0] && b[1] && b[2] && b[0] != b[1] && b[1] != b[2]);
    assert_false(glIsBuffer(b[0])); /* generated, never bound: no object yet */
    glBindBuffer(GL_ARRAY_BUFFER, b[0]);
    assert_true(glIsBuffer(b[0]));
    assert_int_equal(geti(GL_ARRAY_BUFFER_BINDING), (GLint)b[0]);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, b[1]);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, b[2]);
    assert_int_equal(geti(GL_PIXEL_PACK_BUFFER_BINDING), (GLint)b[1]);
    assert_int_equal(geti(GL_PIXEL_UNPACK_BUFFER_BINDING), (GLint)b[2]);
    glBindBuffer(0x1234, b[0]);
    ERR(GL_INVALID_ENUM);
    glGenBuffers(-1, b);
    ERR(GL_INVALID_VALUE);
    /* GL 2.1 lets a name that was never generated be bound. */
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 777);
    assert_true(glIsBuffer(777));
    assert_int_equal(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), 777);
    GLuint n777 = 777;
    glDeleteBuffers(1, &n777);
    assert_int_equal(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0);
    /* Deleting unbinds from every binding of the context. */
    glDeleteBuffers(3, b);
    ERR(GL_NO_ERROR);
    assert_false(glIsBuffer(b[0]));
    assert_int_equal(geti(GL_ARRAY_BUFFER_BINDING), 0);
    assert_int_equal(geti(GL_PIXEL_PACK_BUFFER_BINDING), 0);
    assert_int_equal(geti(GL_PIXEL_UNPACK_BUFFER_BINDING), 0);
    glDeleteBuffers(-1, b);
    ERR(GL_INVALID_VALUE);
    assert_false(glIsBuffer(0));
}

static void test_buffer_data(void **state)
{
    (void)state;
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
    ERR(GL_INVALID_OPERATION); /* nothing bound */
    glBindBuffer(GL_ARRAY_BUFFER, b);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_SIZE), 0);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_USAGE), GL_STATIC_DRAW);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS), GL_READ_WRITE);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED), GL_FALSE);
    glBufferData(GL_ARRAY_BUFFER, -1, NULL, GL_STATIC_DRAW);
    ERR(GL_INVALID_VALUE);
    glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_RGBA);
    ERR(GL_INVALID_ENUM);
    glBufferData(0x1234, 16, NULL, GL_STATIC_DRAW);
    ERR(GL_INVALID_ENUM);
    /* Far beyond what the pipe can hold: out of memory, state unchanged. */
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)1 << 40, NULL, GL_STATIC_DRAW);
    ERR(GL_OUT_OF_MEMORY);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_SIZE), 0);

    const GLenum usages[] = {GL_STREAM_DRAW, GL_STREAM_READ, GL_STREAM_COPY,
                             GL_STATIC_DRAW, GL_STATIC_READ, GL_STATIC_COPY,
                             GL_DYNAMIC_DRAW, GL_DYNAMIC_READ, GL_DYNAMIC_COPY};
    uint8_t data[100], back[100];
    for (size_t u = 0; u < sizeof usages / sizeof usages[0]; u++) {
        for (int i = 0; i < 100; i++)
            data[i] = (uint8_t)(i * 7 + u);
        glBufferData(GL_ARRAY_BUFFER, 100, data, usages[u]);
        ERR(GL_NO_ERROR);
        assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_SIZE), 100);
        assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_USAGE), (GLint)usages[u]);
        memset(back, 0, sizeof back);
        glGetBufferSubData(GL_ARRAY_BUFFER, 0, 100, back);
        assert_memory_equal(back, data, 100);
    }
    /* Sub-ranges. */
    uint8_t patch[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    glBufferSubData(GL_ARRAY_BUFFER, 90, 10, patch);
    ERR(GL_NO_ERROR);
    memcpy(data + 90, patch, 10);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 100, back);
    assert_memory_equal(back, data, 100);
    glGetBufferSubData(GL_ARRAY_BUFFER, 95, 5, back);
    assert_memory_equal(back, data + 95, 5);
    glBufferSubData(GL_ARRAY_BUFFER, 91, 10, patch);
    ERR(GL_INVALID_VALUE);
    glBufferSubData(GL_ARRAY_BUFFER, -1, 1, patch);
    ERR(GL_INVALID_VALUE);
    glBufferSubData(GL_ARRAY_BUFFER, 0, -1, patch);
    ERR(GL_INVALID_VALUE);
    glGetBufferSubData(GL_ARRAY_BUFFER, 50, 51, back);
    ERR(GL_INVALID_VALUE);
    GLint dummy = 0;
    glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_RGBA, &dummy);
    ERR(GL_INVALID_ENUM);
    /* Size 0 is a valid (empty) store. */
    glBufferData(GL_ARRAY_BUFFER, 0, NULL, GL_STATIC_DRAW);
    ERR(GL_NO_ERROR);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_SIZE), 0);
    glDeleteBuffers(1, &b);
}

static void test_map_buffer(void **state)
{
    (void)state;
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    uint32_t init[64];
    for (int i = 0; i < 64; i++)
        init[i] = 0x01010101u * (uint32_t)i;
    glBufferData(GL_ARRAY_BUFFER, sizeof init, init, GL_DYNAMIC_DRAW);

    uint32_t *p = glMapBuffer(GL_ARRAY_BUFFER, GL_READ_WRITE);
    assert_non_null(p);
    assert_memory_equal(p, init, sizeof init);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED), GL_TRUE);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS), GL_READ_WRITE);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_MAP_LENGTH), (GLint)sizeof init);
    void *q = NULL;
    glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &q);
    assert_ptr_equal(q, p);
    /* While mapped: no second map, no sub-data. */
    assert_null(glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY));
    ERR(GL_INVALID_OPERATION);
    glBufferSubData(GL_ARRAY_BUFFER, 0, 4, init);
    ERR(GL_INVALID_OPERATION);
    uint32_t tmp;
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 4, &tmp);
    ERR(GL_INVALID_OPERATION);
    p[5] = 0xdeadbeefu;
    assert_true(glUnmapBuffer(GL_ARRAY_BUFFER));
    ERR(GL_NO_ERROR);
    assert_false(glUnmapBuffer(GL_ARRAY_BUFFER));
    ERR(GL_INVALID_OPERATION);
    glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &q);
    assert_null(q);
    init[5] = 0xdeadbeefu;
    uint32_t back[64];
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof back, back);
    assert_memory_equal(back, init, sizeof init);

    assert_null(glMapBuffer(GL_ARRAY_BUFFER, GL_RGBA));
    ERR(GL_INVALID_ENUM);
    p = glMapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY);
    assert_non_null(p);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS), GL_WRITE_ONLY);
    p[0] = 42;
    /* BufferData on a mapped buffer unmaps it. */
    glBufferData(GL_ARRAY_BUFFER, 8, NULL, GL_STREAM_DRAW);
    ERR(GL_NO_ERROR);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED), GL_FALSE);
    /* Deleting a mapped buffer is fine too. */
    assert_non_null(glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY));
    glDeleteBuffers(1, &b);
    ERR(GL_NO_ERROR);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    assert_null(glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY));
    ERR(GL_INVALID_OPERATION);
}

static void test_map_buffer_range(void **state)
{
    (void)state;
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    uint8_t init[256], back[256];
    for (int i = 0; i < 256; i++)
        init[i] = (uint8_t)i;
    glBufferData(GL_ARRAY_BUFFER, 256, init, GL_DYNAMIC_DRAW);

    /* Errors (ARB_map_buffer_range). */
    const struct {
        GLintptr off;
        GLsizeiptr len;
        GLbitfield access;
        GLenum err;
    } bad[] = {
        {-1, 4, GL_MAP_READ_BIT, GL_INVALID_VALUE},
        {0, -4, GL_MAP_READ_BIT, GL_INVALID_VALUE},
        {0, 0, GL_MAP_READ_BIT, GL_INVALID_OPERATION}, /* as Mesa (and GLES 3.0) */
        {250, 7, GL_MAP_READ_BIT, GL_INVALID_VALUE},
        {0, 4, GL_MAP_READ_BIT | 0x100, GL_INVALID_VALUE},
        {0, 4, 0, GL_INVALID_OPERATION},
        {0, 4, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT, GL_INVALID_OPERATION},
        {0, 4, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_BUFFER_BIT, GL_INVALID_OPERATION},
        {0, 4, GL_MAP_READ_BIT | GL_MAP_UNSYNCHRONIZED_BIT, GL_INVALID_OPERATION},
        {0, 4, GL_MAP_READ_BIT | GL_MAP_FLUSH_EXPLICIT_BIT, GL_INVALID_OPERATION},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_null(glMapBufferRange(GL_ARRAY_BUFFER, bad[i].off, bad[i].len, bad[i].access));
        ERR(bad[i].err);
        assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED), GL_FALSE);
    }
    assert_null(glMapBufferRange(0x1234, 0, 4, GL_MAP_READ_BIT));
    ERR(GL_INVALID_ENUM);

    /* A read range sees the data at its offset. */
    uint8_t *p = glMapBufferRange(GL_ARRAY_BUFFER, 16, 32, GL_MAP_READ_BIT);
    assert_non_null(p);
    assert_memory_equal(p, init + 16, 32);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_MAP_OFFSET), 16);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_MAP_LENGTH), 32);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS_FLAGS), GL_MAP_READ_BIT);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS), GL_READ_ONLY);
    glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
    ERR(GL_INVALID_OPERATION); /* not FLUSH_EXPLICIT */
    assert_true(glUnmapBuffer(GL_ARRAY_BUFFER));
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS_FLAGS), 0);

    /* Write + invalidate range + flush explicit: only the range changes. */
    GLbitfield wbits = GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT;
    p = glMapBufferRange(GL_ARRAY_BUFFER, 100, 20, wbits);
    assert_non_null(p);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS_FLAGS), (GLint)wbits);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS), GL_WRITE_ONLY);
    memset(p, 0xab, 20);
    glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 20);
    ERR(GL_NO_ERROR);
    glFlushMappedBufferRange(GL_ARRAY_BUFFER, 10, 11);
    ERR(GL_INVALID_VALUE);
    glFlushMappedBufferRange(GL_ARRAY_BUFFER, -1, 1);
    ERR(GL_INVALID_VALUE);
    assert_true(glUnmapBuffer(GL_ARRAY_BUFFER));
    memset(init + 100, 0xab, 20);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 256, back);
    assert_memory_equal(back, init, 256);

    /* Unsynchronized write, read-write. */
    p = glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT);
    assert_non_null(p);
    memcpy(p, "unsynced", 8);
    glUnmapBuffer(GL_ARRAY_BUFFER);
    memcpy(init, "unsynced", 8);
    p = glMapBufferRange(GL_ARRAY_BUFFER, 200, 56, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
    assert_non_null(p);
    assert_memory_equal(p, init + 200, 56);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS), GL_READ_WRITE);
    p[55] = 7;
    glUnmapBuffer(GL_ARRAY_BUFFER);
    init[255] = 7;
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 256, back);
    assert_memory_equal(back, init, 256);

    /* Invalidate the whole buffer: the mapped range is writable and what
     * is written lands; the size stays. */
    p = glMapBufferRange(GL_ARRAY_BUFFER, 0, 256, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
    assert_non_null(p);
    for (int i = 0; i < 256; i++)
        p[i] = (uint8_t)(255 - i);
    glUnmapBuffer(GL_ARRAY_BUFFER);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 256, back);
    for (int i = 0; i < 256; i++)
        assert_int_equal(back[i], 255 - i);
    assert_int_equal(bufparam(GL_ARRAY_BUFFER, GL_BUFFER_SIZE), 256);
    ERR(GL_NO_ERROR);
    glDeleteBuffers(1, &b);
}

/* ---- VAOs and attributes ----------------------------------------------------------- */

static void test_attrib_defaults_and_errors(void **state)
{
    (void)state;
    assert_int_equal(geti(GL_MAX_VERTEX_ATTRIBS), 16);
    assert_true(geti(GL_MAX_ELEMENTS_VERTICES) > 0);
    assert_true(geti(GL_MAX_ELEMENTS_INDICES) > 0);
    assert_int_equal(geti(GL_VERTEX_ARRAY_BINDING), 0);
    for (GLuint i = 0; i < 16; i++) {
        assert_int_equal(attribi(i, GL_VERTEX_ATTRIB_ARRAY_ENABLED), GL_FALSE);
        assert_int_equal(attribi(i, GL_VERTEX_ATTRIB_ARRAY_SIZE), 4);
        assert_int_equal(attribi(i, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 0);
        assert_int_equal(attribi(i, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_FLOAT);
        assert_int_equal(attribi(i, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED), GL_FALSE);
        assert_int_equal(attribi(i, GL_VERTEX_ATTRIB_ARRAY_INTEGER), GL_FALSE);
        assert_int_equal(attribi(i, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), 0);
        assert_int_equal(attribi(i, GL_VERTEX_ATTRIB_ARRAY_DIVISOR), 0);
        if (i) {
            GLfloat c[4] = {9, 9, 9, 9};
            glGetVertexAttribfv(i, GL_CURRENT_VERTEX_ATTRIB, c);
            assert_true(c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 1);
        }
    }
    ERR(GL_NO_ERROR);
    GLfloat c[4];
    glGetVertexAttribfv(0, GL_CURRENT_VERTEX_ATTRIB, c);
    ERR(GL_INVALID_OPERATION); /* compatibility: attribute 0 is the position */
    glGetVertexAttribiv(16, GL_VERTEX_ATTRIB_ARRAY_SIZE, (GLint *)c);
    ERR(GL_INVALID_VALUE);
    glGetVertexAttribiv(1, GL_RGBA, (GLint *)c);
    ERR(GL_INVALID_ENUM);
    float arr[8];
    glVertexAttribPointer(16, 4, GL_FLOAT, GL_FALSE, 0, arr);
    ERR(GL_INVALID_VALUE);
    glVertexAttribPointer(1, 5, GL_FLOAT, GL_FALSE, 0, arr);
    ERR(GL_INVALID_VALUE);
    glVertexAttribPointer(1, 0, GL_FLOAT, GL_FALSE, 0, arr);
    ERR(GL_INVALID_VALUE);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, -4, arr);
    ERR(GL_INVALID_VALUE);
    glVertexAttribPointer(1, 4, GL_RGBA, GL_FALSE, 0, arr);
    ERR(GL_INVALID_ENUM);
    glVertexAttribIPointer(1, 4, GL_FLOAT, 0, arr);
    ERR(GL_INVALID_ENUM);
    glVertexAttribPointer(1, GL_BGRA, GL_FLOAT, GL_TRUE, 0, arr);
    ERR(GL_INVALID_OPERATION);
    glVertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0, arr);
    ERR(GL_INVALID_OPERATION);
    glEnableVertexAttribArray(16);
    ERR(GL_INVALID_VALUE);
    glDisableVertexAttribArray(16);
    ERR(GL_INVALID_VALUE);
    glVertexAttribDivisorARB(16, 1);
    ERR(GL_INVALID_VALUE);
    glVertexAttrib4f(16, 1, 2, 3, 4);
    ERR(GL_INVALID_VALUE);
    void *ptr;
    glGetVertexAttribPointerv(1, GL_RGBA, &ptr);
    ERR(GL_INVALID_ENUM);
    /* All of those left the state alone. */
    assert_int_equal(attribi(1, GL_VERTEX_ATTRIB_ARRAY_SIZE), 4);
    assert_int_equal(attribi(1, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_FLOAT);
    glGetVertexAttribPointerv(1, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
    assert_null(ptr);
}

static void test_attrib_state(void **state)
{
    (void)state;
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glVertexAttribPointer(3, 3, GL_SHORT, GL_TRUE, 12, (const void *)(uintptr_t)8);
    glEnableVertexAttribArray(3);
    glVertexAttribDivisorARB(3, 2);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    static const GLubyte client[16];
    glVertexAttribPointer(4, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0, client);
    glVertexAttribIPointer(5, 2, GL_UNSIGNED_SHORT, 6, client + 2);
    ERR(GL_NO_ERROR);
    assert_int_equal(attribi(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED), GL_TRUE);
    assert_int_equal(attribi(3, GL_VERTEX_ATTRIB_ARRAY_SIZE), 3);
    assert_int_equal(attribi(3, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 12);
    assert_int_equal(attribi(3, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_SHORT);
    assert_int_equal(attribi(3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED), GL_TRUE);
    assert_int_equal(attribi(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), (GLint)b);
    assert_int_equal(attribi(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR), 2);
    void *ptr;
    glGetVertexAttribPointerv(3, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
    assert_ptr_equal(ptr, (void *)(uintptr_t)8);
    assert_int_equal(attribi(4, GL_VERTEX_ATTRIB_ARRAY_SIZE), GL_BGRA);
    assert_int_equal(attribi(4, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), 0);
    glGetVertexAttribPointerv(4, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
    assert_ptr_equal(ptr, client);
    assert_int_equal(attribi(5, GL_VERTEX_ATTRIB_ARRAY_INTEGER), GL_TRUE);
    assert_int_equal(attribi(5, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_UNSIGNED_SHORT);
    GLfloat f = 0;
    glGetVertexAttribfv(3, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &f);
    assert_true(f == 12.0f);
    GLdouble d = 0;
    glGetVertexAttribdv(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR, &d);
    assert_true(d == 2.0);

    /* Deleting the buffer unbinds it from the bound VAO's arrays. */
    glDeleteBuffers(1, &b);
    assert_int_equal(attribi(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), 0);
    glDisableVertexAttribArray(3);
    assert_int_equal(attribi(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED), GL_FALSE);
    glVertexAttribDivisorARB(3, 0);
    ERR(GL_NO_ERROR);
}

static void test_current_values(void **state)
{
    (void)state;
    GLfloat v[4];
    GLint iv[4];
    GLuint uv[4];
    glVertexAttrib1f(2, 5.0f);
    glGetVertexAttribfv(2, GL_CURRENT_VERTEX_ATTRIB, v);
    assert_true(v[0] == 5 && v[1] == 0 && v[2] == 0 && v[3] == 1);
    glVertexAttrib2s(2, -3, 4);
    glGetVertexAttribfv(2, GL_CURRENT_VERTEX_ATTRIB, v);
    assert_true(v[0] == -3 && v[1] == 4 && v[2] == 0 && v[3] == 1);
    const GLdouble dv[3] = {0.5, 0.25, 0.125};
    glVertexAttrib3dv(2, dv);
    glGetVertexAttribfv(2, GL_CURRENT_VERTEX_ATTRIB, v);
    assert_true(v[0] == 0.5f && v[1] == 0.25f && v[2] == 0.125f && v[3] == 1);
    glVertexAttrib4Nub(2, 0, 51, 255, 102);
    glGetVertexAttribfv(2, GL_CURRENT_VERTEX_ATTRIB, v);
    assert_true(v[0] == 0 && fabsf(v[1] - 0.2f) < 1e-6f && v[2] == 1 && fabsf(v[3] - 0.4f) < 1e-6f);
    /* GL 2.1 table 2.9: signed normalized is (2c + 1) / (2^b - 1). */
    const GLshort ns[4] = {32767, -32768, 0, 100};
    glVertexAttrib4Nsv(2, ns);
    glGetVertexAttribfv(2, GL_CURRENT_VERTEX_ATTRIB, v);
    assert_true(fabsf(v[0] - 1.0f) < 1e-6f && fabsf(v[1] + 1.0f) < 1e-6f);
    assert_true(fabsf(v[2] - 1.0f / 65535.0f) < 1e-9f && fabsf(v[3] - 201.0f / 65535.0f) < 1e-7f);
    const GLubyte ub[4] = {1, 2, 3, 4};
    glVertexAttrib4ubv(2, ub); /* not normalized */
    glGetVertexAttribfv(2, GL_CURRENT_VERTEX_ATTRIB, v);
    assert_true(v[0] == 1 && v[1] == 2 && v[2] == 3 && v[3] == 4);
    glGetVertexAttribiv(2, GL_CURRENT_VERTEX_ATTRIB, iv);
    assert_true(iv[0] == 1 && iv[1] == 2 && iv[2] == 3 && iv[3] == 4);
    GLdouble d4[4];
    glGetVertexAttribdv(2, GL_CURRENT_VERTEX_ATTRIB, d4);
    assert_true(d4[3] == 4.0);
    glVertexAttribI4i(7, -1, 2, -3, 4);
    glGetVertexAttribIiv(7, GL_CURRENT_VERTEX_ATTRIB, iv);
    assert_true(iv[0] == -1 && iv[1] == 2 && iv[2] == -3 && iv[3] == 4);
    glVertexAttribI2ui(7, 4000000000u, 9);
    glGetVertexAttribIuiv(7, GL_CURRENT_VERTEX_ATTRIB, uv);
    assert_true(uv[0] == 4000000000u && uv[1] == 9 && uv[2] == 0 && uv[3] == 1);
    ERR(GL_NO_ERROR);
    /* Current values are context state, not VAO state. */
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGetVertexAttribfv(2, GL_CURRENT_VERTEX_ATTRIB, v);
    assert_true(v[0] == 1 && v[3] == 4);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
    glVertexAttrib4f(2, 0, 0, 0, 1);
    glVertexAttrib4f(7, 0, 0, 0, 1);
}

/* Every glVertexAttrib* setter (GL 2.1 section 2.7, ARB_vertex_program /
 * EXT_gpu_shader4 integer forms): the components a call does not give are
 * (0, 0, 1) for y, z, w; plain forms convert integers to float unchanged;
 * 4N forms follow table 2.9: unsigned c / (2^b - 1), signed (2c + 1) /
 * (2^b - 1). Expected values come from those formulas, written out here. */
static void expect_f(GLuint i, double x, double y, double z, double w)
{
    GLfloat v[4] = {-9, -9, -9, -9};
    glGetVertexAttribfv(i, GL_CURRENT_VERTEX_ATTRIB, v);
    const double e[4] = {x, y, z, w};
    for (int k = 0; k < 4; k++)
        if (!(fabs((double)v[k] - e[k]) <= 1e-6 * fabs(e[k]))) /* 0 must be exact */
            fail_msg("attrib %u component %d: %.9g, expected %.9g", i, k, (double)v[k], e[k]);
}

static void expect_i(GLuint i, GLint x, GLint y, GLint z, GLint w)
{
    GLint v[4] = {-9, -9, -9, -9};
    glGetVertexAttribIiv(i, GL_CURRENT_VERTEX_ATTRIB, v);
    assert_true(v[0] == x && v[1] == y && v[2] == z && v[3] == w);
}

static void expect_u(GLuint i, GLuint x, GLuint y, GLuint z, GLuint w)
{
    GLuint v[4] = {9, 9, 9, 9};
    glGetVertexAttribIuiv(i, GL_CURRENT_VERTEX_ATTRIB, v);
    assert_true(v[0] == x && v[1] == y && v[2] == z && v[3] == w);
}

static void test_all_attrib_setters(void **state)
{
    (void)state;
    const GLuint a = 5;
    const GLdouble dv[4] = {1.5, -2.25, 3.125, -0.5};
    const GLfloat fv[4] = {-1.75f, 2.5f, -3.0f, 0.25f};
    const GLshort sv[4] = {-32768, 32767, -7, 11};
    glVertexAttrib1d(a, 1.5);
    expect_f(a, 1.5, 0, 0, 1);
    glVertexAttrib1dv(a, dv);
    expect_f(a, 1.5, 0, 0, 1);
    glVertexAttrib1f(a, -1.75f);
    expect_f(a, -1.75, 0, 0, 1);
    glVertexAttrib1fv(a, fv);
    expect_f(a, -1.75, 0, 0, 1);
    glVertexAttrib1s(a, -5);
    expect_f(a, -5, 0, 0, 1);
    glVertexAttrib1sv(a, sv);
    expect_f(a, -32768, 0, 0, 1);
    glVertexAttrib2d(a, 1.5, -2.25);
    expect_f(a, 1.5, -2.25, 0, 1);
    glVertexAttrib2dv(a, dv);
    expect_f(a, 1.5, -2.25, 0, 1);
    glVertexAttrib2f(a, -1.75f, 2.5f);
    expect_f(a, -1.75, 2.5, 0, 1);
    glVertexAttrib2fv(a, fv);
    expect_f(a, -1.75, 2.5, 0, 1);
    glVertexAttrib2s(a, 3, -4);
    expect_f(a, 3, -4, 0, 1);
    glVertexAttrib2sv(a, sv);
    expect_f(a, -32768, 32767, 0, 1);
    glVertexAttrib3d(a, 1.5, -2.25, 3.125);
    expect_f(a, 1.5, -2.25, 3.125, 1);
    glVertexAttrib3dv(a, dv);
    expect_f(a, 1.5, -2.25, 3.125, 1);
    glVertexAttrib3f(a, -1.75f, 2.5f, -3.0f);
    expect_f(a, -1.75, 2.5, -3, 1);
    glVertexAttrib3fv(a, fv);
    expect_f(a, -1.75, 2.5, -3, 1);
    glVertexAttrib3s(a, 3, -4, 5);
    expect_f(a, 3, -4, 5, 1);
    glVertexAttrib3sv(a, sv);
    expect_f(a, -32768, 32767, -7, 1);
    glVertexAttrib4d(a, 1.5, -2.25, 3.125, -0.5);
    expect_f(a, 1.5, -2.25, 3.125, -0.5);
    glVertexAttrib4dv(a, dv);
    expect_f(a, 1.5, -2.25, 3.125, -0.5);
    glVertexAttrib4f(a, -1.75f, 2.5f, -3.0f, 0.25f);
    expect_f(a, -1.75, 2.5, -3, 0.25);
    glVertexAttrib4fv(a, fv);
    expect_f(a, -1.75, 2.5, -3, 0.25);
    glVertexAttrib4s(a, 3, -4, 5, -6);
    expect_f(a, 3, -4, 5, -6);
    glVertexAttrib4sv(a, sv);
    expect_f(a, -32768, 32767, -7, 11);

    const GLbyte bv[4] = {-128, 127, 0, -1};
    const GLubyte ubv[4] = {255, 0, 51, 102};
    const GLushort usv[4] = {65535, 0, 13107, 1};
    const GLint iv[4] = {2147483647, -2147483647 - 1, 0, 1000};
    const GLuint uiv[4] = {4294967295u, 0, 858993459u, 1};
    glVertexAttrib4bv(a, bv);
    expect_f(a, -128, 127, 0, -1);
    glVertexAttrib4ubv(a, ubv);
    expect_f(a, 255, 0, 51, 102);
    glVertexAttrib4usv(a, usv);
    expect_f(a, 65535, 0, 13107, 1);
    glVertexAttrib4iv(a, iv);
    expect_f(a, 2147483647.0, -2147483648.0, 0, 1000);
    glVertexAttrib4uiv(a, uiv);
    expect_f(a, 4294967295.0, 0, 858993459.0, 1);
    const double b8 = 255.0, b16 = 65535.0, b32 = 4294967295.0;
    glVertexAttrib4Nbv(a, bv);
    expect_f(a, (2 * -128.0 + 1) / b8, (2 * 127.0 + 1) / b8, 1 / b8, -1 / b8);
    glVertexAttrib4Nsv(a, sv);
    expect_f(a, (2 * -32768.0 + 1) / b16, (2 * 32767.0 + 1) / b16, -13 / b16, 23 / b16);
    glVertexAttrib4Niv(a, iv);
    expect_f(a, (2 * 2147483647.0 + 1) / b32, (2 * -2147483648.0 + 1) / b32, 1 / b32, 2001 / b32);
    glVertexAttrib4Nubv(a, ubv);
    expect_f(a, 1, 0, 51 / b8, 102 / b8);
    glVertexAttrib4Nub(a, 0, 255, 102, 51);
    expect_f(a, 0, 1, 102 / b8, 51 / b8);
    glVertexAttrib4Nusv(a, usv);
    expect_f(a, 1, 0, 13107 / b16, 1 / b16);
    glVertexAttrib4Nuiv(a, uiv);
    expect_f(a, 1, 0, 858993459.0 / b32, 1 / b32);

    glVertexAttribI1i(a, -3);
    expect_i(a, -3, 0, 0, 1);
    glVertexAttribI2i(a, -3, 4);
    expect_i(a, -3, 4, 0, 1);
    glVertexAttribI3i(a, -3, 4, -5);
    expect_i(a, -3, 4, -5, 1);
    glVertexAttribI4i(a, -3, 4, -5, 6);
    expect_i(a, -3, 4, -5, 6);
    glVertexAttribI1iv(a, iv);
    expect_i(a, iv[0], 0, 0, 1);
    glVertexAttribI2iv(a, iv);
    expect_i(a, iv[0], iv[1], 0, 1);
    glVertexAttribI3iv(a, iv);
    expect_i(a, iv[0], iv[1], 0, 1);
    glVertexAttribI4iv(a, iv);
    expect_i(a, iv[0], iv[1], 0, 1000);
    glVertexAttribI1ui(a, 4000000000u);
    expect_u(a, 4000000000u, 0, 0, 1);
    glVertexAttribI2ui(a, 7, 8);
    expect_u(a, 7, 8, 0, 1);
    glVertexAttribI3ui(a, 7, 8, 9);
    expect_u(a, 7, 8, 9, 1);
    glVertexAttribI4ui(a, 7, 8, 9, 10);
    expect_u(a, 7, 8, 9, 10);
    glVertexAttribI1uiv(a, uiv);
    expect_u(a, uiv[0], 0, 0, 1);
    glVertexAttribI2uiv(a, uiv);
    expect_u(a, uiv[0], 0, 0, 1);
    glVertexAttribI3uiv(a, uiv);
    expect_u(a, uiv[0], 0, 858993459u, 1);
    glVertexAttribI4uiv(a, uiv);
    expect_u(a, uiv[0], 0, 858993459u, 1);
    glVertexAttribI4bv(a, bv);
    expect_i(a, -128, 127, 0, -1);
    glVertexAttribI4sv(a, sv);
    expect_i(a, -32768, 32767, -7, 11);
    glVertexAttribI4ubv(a, ubv);
    expect_u(a, 255, 0, 51, 102);
    glVertexAttribI4usv(a, usv);
    expect_u(a, 65535, 0, 13107, 1);
    assert_string_equal(glt_error_name(glGetError()), glt_error_name(GL_NO_ERROR));

    /* An index >= GL_MAX_VERTEX_ATTRIBS is INVALID_VALUE for every form. */
    GLint max = 0;
    glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max);
    const GLuint bad = (GLuint)max;
    glVertexAttrib2sv(bad, sv);
    ERR(GL_INVALID_VALUE);
    glVertexAttrib3d(bad, 1, 2, 3);
    ERR(GL_INVALID_VALUE);
    glVertexAttrib4Nusv(bad, usv);
    ERR(GL_INVALID_VALUE);
    glVertexAttribI3ui(bad, 1, 2, 3);
    ERR(GL_INVALID_VALUE);
    glVertexAttribI4sv(bad, sv);
    ERR(GL_INVALID_VALUE);
    glVertexAttrib4f(a, 0, 0, 0, 1);
}

static void test_vao_switching(void **state)
{
    (void)state;
    GLuint vao[2], b[3];
    glGenVertexArrays(2, vao);
    glGenBuffers(3, b);
    assert_false(glIsVertexArray(vao[0])); /* not bound yet */
    glBindVertexArray(vao[0]);
    assert_true(glIsVertexArray(vao[0]));
    assert_int_equal(geti(GL_VERTEX_ARRAY_BINDING), (GLint)vao[0]);
    glBindBuffer(GL_ARRAY_BUFFER, b[0]);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 8, NULL);
    glEnableVertexAttribArray(1);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[1]);

    glBindVertexArray(vao[1]);
    assert_int_equal(attribi(1, GL_VERTEX_ATTRIB_ARRAY_ENABLED), GL_FALSE);
    assert_int_equal(attribi(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), 0);
    assert_int_equal(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0);
    /* ARRAY_BUFFER is not VAO state. */
    assert_int_equal(geti(GL_ARRAY_BUFFER_BINDING), (GLint)b[0]);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[2]);
    glVertexAttribPointer(1, 3, GL_UNSIGNED_BYTE, GL_TRUE, 0, NULL);

    glBindVertexArray(vao[0]);
    assert_int_equal(attribi(1, GL_VERTEX_ATTRIB_ARRAY_ENABLED), GL_TRUE);
    assert_int_equal(attribi(1, GL_VERTEX_ATTRIB_ARRAY_SIZE), 2);
    assert_int_equal(attribi(1, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 8);
    assert_int_equal(attribi(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), (GLint)b[0]);
    assert_int_equal(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), (GLint)b[1]);
    glBindVertexArray(vao[1]);
    assert_int_equal(attribi(1, GL_VERTEX_ATTRIB_ARRAY_SIZE), 3);
    assert_int_equal(attribi(1, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_UNSIGNED_BYTE);
    assert_int_equal(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), (GLint)b[2]);
    glBindVertexArray(0);
    assert_int_equal(attribi(1, GL_VERTEX_ATTRIB_ARRAY_ENABLED), GL_FALSE);
    assert_int_equal(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0);

    /* Unknown names are errors; deleting the bound VAO binds 0. */
    glBindVertexArray(4242);
    ERR(GL_INVALID_OPERATION);
    glGenVertexArrays(-1, vao);
    ERR(GL_INVALID_VALUE);
    glBindVertexArray(vao[0]);
    /* Buffers referenced by a VAO that is not bound stay usable after
     * their names are deleted. */
    glDeleteBuffers(3, b);
    assert_int_equal(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0);
    glDeleteVertexArrays(1, &vao[0]);
    assert_int_equal(geti(GL_VERTEX_ARRAY_BINDING), 0);
    assert_false(glIsVertexArray(vao[0]));
    glBindVertexArray(vao[1]);
    ERR(GL_NO_ERROR);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao[1]);
    glDeleteVertexArrays(-1, vao);
    ERR(GL_INVALID_VALUE);
}

static void test_draw_errors(void **state)
{
    (void)state;
    static const GLushort idx[3] = {0, 1, 2};
    glDrawArrays(GL_POLYGON + 1, 0, 3);
    ERR(GL_INVALID_ENUM);
    glDrawArrays(GL_TRIANGLES, 0, -1);
    ERR(GL_INVALID_VALUE);
    glDrawArrays(GL_TRIANGLES, -1, 3);
    ERR(GL_INVALID_VALUE);
    glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, idx);
    ERR(GL_INVALID_ENUM);
    glDrawElements(0x1234, 3, GL_UNSIGNED_SHORT, idx);
    ERR(GL_INVALID_ENUM);
    glDrawElements(GL_TRIANGLES, -3, GL_UNSIGNED_SHORT, idx);
    ERR(GL_INVALID_VALUE);
    glDrawRangeElements(GL_TRIANGLES, 2, 1, 3, GL_UNSIGNED_SHORT, idx);
    ERR(GL_INVALID_VALUE);
    glDrawArraysInstancedARB(GL_TRIANGLES, 0, 3, -1);
    ERR(GL_INVALID_VALUE);
    glDrawElementsInstancedARB(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, idx, -1);
    ERR(GL_INVALID_VALUE);
    const GLint first[2] = {0, 0};
    const GLsizei cnt[2] = {3, -1};
    glMultiDrawArrays(GL_TRIANGLES, first, cnt, 2);
    ERR(GL_INVALID_VALUE);
    glMultiDrawArrays(GL_TRIANGLES, first, cnt, -1);
    ERR(GL_INVALID_VALUE);
    const void *const ptrs[2] = {idx, idx};
    glMultiDrawElements(GL_TRIANGLES, cnt, GL_UNSIGNED_SHORT, ptrs, 2);
    ERR(GL_INVALID_VALUE);
    /* Mapped buffers cannot be drawn from. */
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
    glEnableVertexAttribArray(0);
    assert_non_null(glMapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY));
    glDrawArrays(GL_TRIANGLES, 0, 3);
    ERR(GL_INVALID_OPERATION);
    glUnmapBuffer(GL_ARRAY_BUFFER);
    glDisableVertexAttribArray(0);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b);
    assert_non_null(glMapBuffer(GL_ELEMENT_ARRAY_BUFFER, GL_WRITE_ONLY));
    glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
    ERR(GL_INVALID_OPERATION);
    glDeleteBuffers(1, &b);
    ERR(GL_NO_ERROR);
    /* Zero counts draw nothing and are not errors. */
    glDrawArrays(GL_TRIANGLES, 0, 0);
    glDrawElements(GL_TRIANGLES, 0, GL_UNSIGNED_BYTE, NULL);
    ERR(GL_NO_ERROR);
}

/* ---- rendering -------------------------------------------------------------------- */

static const char *vs_pass =
    "#version 120\n"
    "attribute vec4 pos;\n"
    "attribute vec4 val;\n"
    "varying vec4 v;\n"
    "void main() { gl_Position = pos; v = val; }\n";
static const char *fs_pass =
    "#version 120\n"
    "varying vec4 v;\n"
    "void main() { gl_FragColor = v; }\n";

typedef struct prog {
    GLuint id;
    GLint pos, val;
} prog;

static bool make_prog(prog *p, const char *vs, const char *fs)
{
    p->pos = p->val = -1;
    p->id = glt_program(vs, fs);
    if (!p->id) {
        while (glGetError() != GL_NO_ERROR)
            ;
        return false;
    }
    glUseProgram(p->id);
    p->pos = glGetAttribLocation(p->id, "pos");
    p->val = glGetAttribLocation(p->id, "val");
    return p->pos >= 0;
}

static void clear_black(void)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

static uint8_t g_img[GLT_W * GLT_H * 4];

static const uint8_t *px(int x, int y) { return &g_img[(y * GLT_W + x) * 4]; }

static void expect_px(int x, int y, int r, int g, int b, int a, int tol)
{
    const uint8_t *p = px(x, y);
    if (abs(p[0] - r) > tol || abs(p[1] - g) > tol || abs(p[2] - b) > tol || abs(p[3] - a) > tol)
        fail_msg("pixel (%d,%d) = %d %d %d %d, expected %d %d %d %d (tol %d)", x, y, p[0], p[1],
                 p[2], p[3], r, g, b, a, tol);
}

/* A full-window quad as two triangles (6 vertices) and as 4 indexed corners. */
static const float quad6[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
static const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};

static void reset_arrays(void)
{
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    for (GLuint i = 0; i < 16; i++) {
        glDisableVertexAttribArray(i);
        glVertexAttribDivisorARB(i, 0);
    }
}

static void test_render_vbo_client_indices(void **state)
{
    (void)state;
    prog p;
    if (!make_prog(&p, vs_pass, fs_pass) || p.val < 0)
        skip();
    reset_arrays();
    /* Client arrays, DrawArrays: green from the current value. */
    glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, quad6);
    glEnableVertexAttribArray((GLuint)p.pos);
    glVertexAttrib4f((GLuint)p.val, 0, 1, 0, 1);
    clear_black();
    glDrawArrays(GL_TRIANGLES, 0, 6);
    ERR(GL_NO_ERROR);
    glt_read_window(g_img);
    expect_px(1, 1, 0, 255, 0, 255, 0);
    expect_px(62, 62, 0, 255, 0, 255, 0);
    expect_px(32, 32, 0, 255, 0, 255, 0);

    /* The same from a VBO, colour from an interleaved array. */
    float inter[6][6];
    for (int i = 0; i < 6; i++) {
        inter[i][0] = quad6[i][0];
        inter[i][1] = quad6[i][1];
        inter[i][2] = 0.2f;
        inter[i][3] = 0.4f;
        inter[i][4] = 0.6f;
        inter[i][5] = 0.8f;
    }
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, sizeof inter, inter, GL_STATIC_DRAW);
    glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 24, NULL);
    glVertexAttribPointer((GLuint)p.val, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
    glEnableVertexAttribArray((GLuint)p.val);
    clear_black();
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glt_read_window(g_img);
    expect_px(3, 60, 51, 102, 153, 204, 1);
    expect_px(60, 3, 51, 102, 153, 204, 1);

    /* DrawElements with every index type, from client memory and from an
     * element buffer; the corners' colours tell the vertices apart. */
    float colors[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, corners);
    glVertexAttribPointer((GLuint)p.val, 4, GL_FLOAT, GL_FALSE, 0, colors);
    /* Two triangles: (0,1,2) and (0,2,3) with flat-ish colours checked at
     * the corners. */
    const GLubyte i8[6] = {0, 1, 2, 0, 2, 3};
    const GLushort i16[6] = {0, 1, 2, 0, 2, 3};
    const GLuint i32[6] = {0, 1, 2, 0, 2, 3};
    const void *srcs[3] = {i8, i16, i32};
    const GLenum types[3] = {GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, GL_UNSIGNED_INT};
    const size_t sizes[3] = {sizeof i8, sizeof i16, sizeof i32};
    GLuint eb;
    glGenBuffers(1, &eb);
    for (int from_buffer = 0; from_buffer < 2; from_buffer++) {
        for (int t = 0; t < 3; t++) {
            const void *ptr = srcs[t];
            if (from_buffer) {
                glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
                /* Put the indices after a 4-byte header: offset 4. */
                uint8_t data[64] = {0};
                memcpy(data + 4, srcs[t], sizes[t]);
                glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(4 + sizes[t]), data,
                             GL_STATIC_DRAW);
                ptr = (const void *)(uintptr_t)4;
            } else {
                glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
            }
            clear_black();
            if (t == 1)
                glDrawRangeElements(GL_TRIANGLES, 0, 3, 6, types[t], ptr);
            else
                glDrawElements(GL_TRIANGLES, 6, types[t], ptr);
            ERR(GL_NO_ERROR);
            glt_read_window(g_img);
            /* Near the corners the colour is nearly the corner's. */
            expect_px(0, 0, 255, 0, 0, 255, 12);
            expect_px(63, 0, 0, 255, 0, 255, 12);
            expect_px(63, 63, 0, 0, 255, 255, 12);
            expect_px(0, 63, 255, 255, 255, 255, 12);
        }
    }
    /* MultiDrawElements: one triangle each from two index lists. */
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    const GLsizei counts[2] = {3, 3};
    const void *const lists[2] = {i16, i16 + 3};
    clear_black();
    glMultiDrawElements(GL_TRIANGLES, counts, GL_UNSIGNED_SHORT, lists, 2);
    glt_read_window(g_img);
    expect_px(63, 0, 0, 255, 0, 255, 12);
    expect_px(0, 63, 255, 255, 255, 255, 12);
    /* MultiDrawArrays: the lower-right triangle only. */
    glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, quad6);
    glDisableVertexAttribArray((GLuint)p.val);
    glVertexAttrib4f((GLuint)p.val, 1, 0, 1, 1);
    const GLint firsts[2] = {0, 3};
    const GLsizei counts1[2] = {3, 0};
    clear_black();
    glMultiDrawArrays(GL_TRIANGLES, firsts, counts1, 2);
    glt_read_window(g_img);
    expect_px(62, 1, 255, 0, 255, 255, 0);
    expect_px(1, 62, 0, 0, 0, 0, 0);
    ERR(GL_NO_ERROR);
    glDeleteBuffers(1, &b);
    glDeleteBuffers(1, &eb);
    reset_arrays();
    glUseProgram(0);
    glDeleteProgram(p.id);
}

static void test_render_modes(void **state)
{
    (void)state;
    prog p;
    if (!make_prog(&p, vs_pass, fs_pass) || p.val < 0)
        skip();
    reset_arrays();
    glVertexAttrib4f((GLuint)p.val, 1, 1, 1, 1);
    glEnableVertexAttribArray((GLuint)p.pos);
    /* Every fill mode covering the window: the centre pixel is white. */
    const float strip[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
    const struct {
        GLenum mode;
        const float (*v)[2];
        int n;
    } fills[] = {
        {GL_TRIANGLES, quad6, 6},       {GL_TRIANGLE_STRIP, strip, 4},
        {GL_TRIANGLE_FAN, corners, 4},  {GL_QUADS, corners, 4},
        {GL_QUAD_STRIP, strip, 4},      {GL_POLYGON, corners, 4},
    };
    for (size_t i = 0; i < sizeof fills / sizeof fills[0]; i++) {
        glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, fills[i].v);
        clear_black();
        glDrawArrays(fills[i].mode, 0, fills[i].n);
        ERR(GL_NO_ERROR);
        glt_read_window(g_img);
        expect_px(32, 32, 255, 255, 255, 255, 0);
        expect_px(5, 58, 255, 255, 255, 255, 0);
        expect_px(58, 5, 255, 255, 255, 255, 0);
    }
    /* Points, lines, line strip and loop: a horizontal line through row
     * 32's centre (y = 0.5/32 in NDC), and a point. */
    const float yc = (32.5f / 32.0f) - 1.0f;
    const float line[3][2] = {{-0.5f, yc}, {0.5f, yc}, {0.5f, yc}};
    const GLenum lmodes[3] = {GL_LINES, GL_LINE_STRIP, GL_LINE_LOOP};
    for (int i = 0; i < 3; i++) {
        glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, line);
        clear_black();
        glDrawArrays(lmodes[i], 0, i == 0 ? 2 : 3);
        glt_read_window(g_img);
        expect_px(32, 32, 255, 255, 255, 255, 0);
        expect_px(32, 40, 0, 0, 0, 0, 0);
    }
    const float pt[1][2] = {{(10.5f / 32.0f) - 1.0f, (20.5f / 32.0f) - 1.0f}};
    glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, pt);
    clear_black();
    glDrawArrays(GL_POINTS, 0, 1);
    glt_read_window(g_img);
    expect_px(10, 20, 255, 255, 255, 255, 0);
    expect_px(12, 20, 0, 0, 0, 0, 0);
    reset_arrays();
    glUseProgram(0);
    glDeleteProgram(p.id);
}

static void test_render_instanced(void **state)
{
    (void)state;
    const char *vs =
        "#version 120\n"
        "attribute vec4 pos;\n"
        "attribute vec4 val;\n"
        "attribute vec2 offs;\n"
        "varying vec4 v;\n"
        "void main() { gl_Position = vec4(pos.xy + offs, 0.0, 1.0); v = val; }\n";
    prog p;
    if (!make_prog(&p, vs, fs_pass) || p.val < 0)
        skip();
    GLint offs = glGetAttribLocation(p.id, "offs");
    assert_true(offs >= 0);
    reset_arrays();
    /* A quad covering the lower-left quadrant, moved per instance to the
     * four quadrants; colours advance every 2 instances (divisor 2). */
    const float q[6][2] = {{-1, -1}, {0, -1}, {0, 0}, {-1, -1}, {0, 0}, {-1, 0}};
    const float off[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    const GLubyte col[2][4] = {{255, 0, 0, 255}, {0, 0, 255, 255}};
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, sizeof off, off, GL_STATIC_DRAW);
    glVertexAttribPointer((GLuint)offs, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glEnableVertexAttribArray((GLuint)offs);
    glVertexAttribDivisorARB((GLuint)offs, 1);
    glVertexAttribPointer((GLuint)p.val, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, col);
    glEnableVertexAttribArray((GLuint)p.val);
    glVertexAttribDivisorARB((GLuint)p.val, 2);
    glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, q);
    glEnableVertexAttribArray((GLuint)p.pos);
    for (int indexed = 0; indexed < 2; indexed++) {
        clear_black();
        if (indexed) {
            const GLubyte idx[6] = {0, 1, 2, 3, 4, 5};
            glDrawElementsInstancedARB(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx, 3);
        } else {
            glDrawArraysInstancedARB(GL_TRIANGLES, 0, 6, 3);
        }
        ERR(GL_NO_ERROR);
        glt_read_window(g_img);
        expect_px(16, 16, 255, 0, 0, 255, 0); /* instance 0 */
        expect_px(48, 16, 255, 0, 0, 255, 0); /* instance 1 */
        expect_px(16, 48, 0, 0, 255, 255, 0); /* instance 2 */
        expect_px(48, 48, 0, 0, 0, 0, 0);     /* no instance 3 */
    }
    glDeleteBuffers(1, &b);
    reset_arrays();
    glUseProgram(0);
    glDeleteProgram(p.id);
}

/* Every attribute type and normalization, read through the fragment
 * colour: val is drawn as val * scale + bias so that the value lands in
 * [0, 1], and compared with the analytic value. */
static void test_render_attrib_types(void **state)
{
    (void)state;
    const char *vs =
        "#version 120\n"
        "attribute vec4 pos;\n"
        "attribute vec4 val;\n"
        "uniform vec4 scale;\n"
        "uniform vec4 bias;\n"
        "varying vec4 v;\n"
        "void main() { gl_Position = pos; v = val * scale + bias; }\n";
    prog p;
    if (!make_prog(&p, vs, fs_pass) || p.val < 0)
        skip();
    GLint uscale = glGetUniformLocation(p.id, "scale"), ubias = glGetUniformLocation(p.id, "bias");
    reset_arrays();
    glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, quad6);
    glEnableVertexAttribArray((GLuint)p.pos);
    glEnableVertexAttribArray((GLuint)p.val);
    /* Raw component values per type (all vertices equal), as doubles. */
    static const struct {
        GLenum type;
        int bytes;
        double raw[4];
    } types[] = {
        {GL_BYTE, 1, {-100, 0, 50, 127}},
        {GL_UNSIGNED_BYTE, 1, {0, 51, 200, 255}},
        {GL_SHORT, 2, {-30000, 0, 1000, 32767}},
        {GL_UNSIGNED_SHORT, 2, {0, 13107, 50000, 65535}},
        {GL_INT, 4, {-2000000000, 0, 5, 2147483647}},
        {GL_UNSIGNED_INT, 4, {0, 7, 3000000000.0, 4294967295.0}},
        {GL_FLOAT, 4, {-2.5, 0.25, 0.5, 1}},
        {GL_DOUBLE, 8, {-2.5, 0.25, 0.5, 1}},
        {GL_HALF_FLOAT, 2, {-2.5, 0.25, 0.5, 1}},
    };
    uint8_t verts[6][32];
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        for (int norm = 0; norm < 2; norm++) {
            if (norm && (types[t].type == GL_FLOAT || types[t].type == GL_DOUBLE ||
                         types[t].type == GL_HALF_FLOAT))
                continue;
            for (int size = 1; size <= 4; size++) {
                double expect[4] = {0, 0, 0, 1};
                for (int c = 0; c < size; c++) {
                    double r = types[t].raw[c];
                    double e = r;
                    if (norm) {
                        switch (types[t].type) {
                        case GL_BYTE: e = r / 127.0; break;
                        case GL_UNSIGNED_BYTE: e = r / 255.0; break;
                        case GL_SHORT: e = r / 32767.0; break;
                        case GL_UNSIGNED_SHORT: e = r / 65535.0; break;
                        case GL_INT: e = r / 2147483647.0; break;
                        case GL_UNSIGNED_INT: e = r / 4294967295.0; break;
                        default: break;
                        }
                        if (e < -1)
                            e = -1;
                    }
                    expect[c] = e;
                }
                for (int vtx = 0; vtx < 6; vtx++) {
                    for (int c = 0; c < size; c++) {
                        uint8_t *d = &verts[vtx][c * types[t].bytes];
                        double r = types[t].raw[c];
                        switch (types[t].type) {
                        case GL_BYTE: { int8_t x = (int8_t)r; memcpy(d, &x, 1); break; }
                        case GL_UNSIGNED_BYTE: { uint8_t x = (uint8_t)r; memcpy(d, &x, 1); break; }
                        case GL_SHORT: { int16_t x = (int16_t)r; memcpy(d, &x, 2); break; }
                        case GL_UNSIGNED_SHORT: { uint16_t x = (uint16_t)r; memcpy(d, &x, 2); break; }
                        case GL_INT: { int32_t x = (int32_t)r; memcpy(d, &x, 4); break; }
                        case GL_UNSIGNED_INT: { uint32_t x = (uint32_t)r; memcpy(d, &x, 4); break; }
                        case GL_FLOAT: { float x = (float)r; memcpy(d, &x, 4); break; }
                        case GL_DOUBLE: memcpy(d, &r, 8); break;
                        case GL_HALF_FLOAT: {
                            /* -2.5, 0.25, 0.5, 1 as IEEE half */
                            uint16_t h = r == -2.5 ? 0xc100 : r == 0.25 ? 0x3400 : r == 0.5 ? 0x3800 : 0x3c00;
                            memcpy(d, &h, 2);
                            break;
                        }
                        default: break;
                        }
                    }
                }
                /* Map expect into [0.1, 0.9] per component. */
                float sc[4], bi[4];
                for (int c = 0; c < 4; c++) {
                    double lo = -1, hi = 1;
                    if (!norm) {
                        double m = 1;
                        for (int k = 0; k < 4; k++)
                            m = fabs(types[t].raw[k]) > m ? fabs(types[t].raw[k]) : m;
                        lo = -m;
                        hi = m;
                    }
                    sc[c] = (float)(0.8 / (hi - lo));
                    bi[c] = (float)(0.1 - lo * 0.8 / (hi - lo));
                }
                glUniform4fv(uscale, 1, sc);
                glUniform4fv(ubias, 1, bi);
                glVertexAttribPointer((GLuint)p.val, size, types[t].type, (GLboolean)norm, 32,
                                      verts);
                clear_black();
                glDrawArrays(GL_TRIANGLES, 0, 6);
                ERR(GL_NO_ERROR);
                glt_read_window(g_img);
                const uint8_t *got = px(32, 32);
                for (int c = 0; c < 4; c++) {
                    double want = (expect[c] * sc[c] + bi[c]) * 255.0;
                    if (fabs(got[c] - want) > 1.5)
                        fail_msg("type 0x%x size %d norm %d comp %d: got %d want %.2f",
                                 types[t].type, size, norm, c, got[c], want);
                }
            }
        }
    }
    /* Converted formats (the pipe has no SCALED formats) with an indexed
     * draw from an element buffer: the highest vertex comes from a scan of
     * the buffer's indices. Corner 3 is white, the others black. */
    {
        const GLshort spos[5][2] = {{99, 99}, {-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        const GLubyte scol[5][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 1}, {1, 1, 1, 1},
                                    {0, 0, 0, 1}};
        const GLushort sidx[6] = {1, 2, 3, 1, 3, 4};
        GLuint bufs[3];
        glGenBuffers(3, bufs);
        glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
        glBufferData(GL_ARRAY_BUFFER, sizeof spos, spos, GL_STATIC_DRAW);
        glVertexAttribPointer((GLuint)p.pos, 2, GL_SHORT, GL_FALSE, 0, NULL);
        glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
        glBufferData(GL_ARRAY_BUFFER, sizeof scol, scol, GL_STATIC_DRAW);
        glVertexAttribPointer((GLuint)p.val, 4, GL_UNSIGNED_BYTE, GL_FALSE, 0, NULL);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[2]);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof sidx, sidx, GL_STATIC_DRAW);
        const float one1[4] = {1, 1, 1, 1}, zero1[4] = {0, 0, 0, 0};
        glUniform4fv(uscale, 1, one1);
        glUniform4fv(ubias, 1, zero1);
        clear_black();
        glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL);
        ERR(GL_NO_ERROR);
        glt_read_window(g_img);
        expect_px(63, 63, 255, 255, 255, 255, 12);
        expect_px(0, 0, 0, 0, 0, 255, 12);
        expect_px(63, 0, 0, 0, 0, 255, 12);
        expect_px(32, 32, 128, 128, 128, 255, 12);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
        glDeleteBuffers(3, bufs);
        glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, quad6);
    }
    /* GL_BGRA swaps red and blue. */
    const GLubyte bgra[6][4] = {{10, 20, 30, 40}, {10, 20, 30, 40}, {10, 20, 30, 40},
                                {10, 20, 30, 40}, {10, 20, 30, 40}, {10, 20, 30, 40}};
    const float one[4] = {1, 1, 1, 1}, zero[4] = {0, 0, 0, 0};
    glUniform4fv(uscale, 1, one);
    glUniform4fv(ubias, 1, zero);
    glVertexAttribPointer((GLuint)p.val, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0, bgra);
    clear_black();
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glt_read_window(g_img);
    expect_px(32, 32, 30, 20, 10, 40, 0);
    reset_arrays();
    glUseProgram(0);
    glDeleteProgram(p.id);
}

/* Re-specifying or rewriting a buffer between draws that are still queued
 * must not change what the earlier draws read. */
static void test_render_respecify(void **state)
{
    (void)state;
    prog p;
    if (!make_prog(&p, vs_pass, fs_pass) || p.val < 0)
        skip();
    reset_arrays();
    /* Left half then right half, each a 6-vertex quad. */
    float left[6][2], right[6][2];
    for (int i = 0; i < 6; i++) {
        left[i][0] = quad6[i][0] * 0.5f - 0.5f;
        left[i][1] = quad6[i][1];
        right[i][0] = quad6[i][0] * 0.5f + 0.5f;
        right[i][1] = quad6[i][1];
    }
    GLuint vb, cb;
    glGenBuffers(1, &vb);
    glGenBuffers(1, &cb);
    glBindBuffer(GL_ARRAY_BUFFER, cb);
    const float red[6][4] = {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1},
                             {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}};
    const float green[6][4] = {{0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1},
                               {0, 1, 0, 1}, {0, 1, 0, 1}, {0, 1, 0, 1}};
    glBufferData(GL_ARRAY_BUFFER, sizeof red, red, GL_STREAM_DRAW);
    glVertexAttribPointer((GLuint)p.val, 4, GL_FLOAT, GL_FALSE, 0, NULL);
    glEnableVertexAttribArray((GLuint)p.val);
    glBindBuffer(GL_ARRAY_BUFFER, vb);
    glBufferData(GL_ARRAY_BUFFER, sizeof left, left, GL_STREAM_DRAW);
    glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    glEnableVertexAttribArray((GLuint)p.pos);
    for (int way = 0; way < 3; way++) {
        clear_black();
        glBindBuffer(GL_ARRAY_BUFFER, vb);
        glBufferData(GL_ARRAY_BUFFER, sizeof left, left, GL_STREAM_DRAW);
        glBindBuffer(GL_ARRAY_BUFFER, cb);
        glBufferData(GL_ARRAY_BUFFER, sizeof red, red, GL_STREAM_DRAW);
        glDrawArrays(GL_TRIANGLES, 0, 6);
        /* Now rewrite both while the first draw may be queued. */
        glBindBuffer(GL_ARRAY_BUFFER, vb);
        if (way == 0) {
            glBufferData(GL_ARRAY_BUFFER, sizeof right, right, GL_STREAM_DRAW);
        } else if (way == 1) {
            glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof right, right);
        } else {
            void *m = glMapBufferRange(GL_ARRAY_BUFFER, 0, sizeof right,
                                       GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
            assert_non_null(m);
            memcpy(m, right, sizeof right);
            glUnmapBuffer(GL_ARRAY_BUFFER);
        }
        glBindBuffer(GL_ARRAY_BUFFER, cb);
        /* A different size: a new store. */
        float green2[7][4];
        memcpy(green2, green, sizeof green);
        glBufferData(GL_ARRAY_BUFFER, sizeof green2, green2, GL_STREAM_DRAW);
        glDrawArrays(GL_TRIANGLES, 0, 6);
        ERR(GL_NO_ERROR);
        glt_read_window(g_img);
        expect_px(16, 32, 255, 0, 0, 255, 0);
        expect_px(48, 32, 0, 255, 0, 255, 0);
    }
    glDeleteBuffers(1, &vb);
    glDeleteBuffers(1, &cb);
    reset_arrays();
    glUseProgram(0);
    glDeleteProgram(p.id);
}

/* Many small draws with state changes between them (VAO switches,
 * current values, program-independent layout changes) all land. */
/* glDrawRangeElements' [start, end] reaches the driver
 * (pipe_draw_info.index_bounds_valid): client arrays are read only inside
 * the range, no layer scans the indices for it. The position array ends
 * where an inaccessible page begins. In range, the quad's 4 vertices end
 * exactly there. Then one index (40) lies outside the declared [0, 3]:
 * undefined in GL, and it must not crash or read out of bounds -- a
 * driver that scanned the indices would copy vertex 40 from that page and
 * fault; with the range it copies vertices 0-3, and the engine's fetch
 * reads the vertex outside its buffer as zeros. The triangle in range
 * renders either way. */
static void test_render_draw_range_bounds(void **state)
{
    (void)state;
    prog p;
    if (!make_prog(&p, vs_pass, fs_pass) || p.val < 0)
        skip();
    reset_arrays();
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    uint8_t *mem = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(mem != MAP_FAILED);
    assert_int_equal(mprotect(mem + page, page, PROT_NONE), 0);
    float *pos = (float *)(void *)(mem + page - sizeof corners);
    memcpy(pos, corners, sizeof corners);
    glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, pos);
    glEnableVertexAttribArray((GLuint)p.pos);
    glVertexAttrib4f((GLuint)p.val, 0, 1, 0, 1);

    const GLushort quad[6] = {0, 1, 2, 0, 2, 3};
    clear_black();
    glDrawRangeElements(GL_TRIANGLES, 0, 3, 6, GL_UNSIGNED_SHORT, quad);
    ERR(GL_NO_ERROR);
    glt_read_window(g_img);
    expect_px(60, 3, 0, 255, 0, 255, 0);
    expect_px(3, 60, 0, 255, 0, 255, 0);

    const GLushort outside[6] = {0, 1, 2, 0, 2, 40};
    clear_black();
    glDrawRangeElements(GL_TRIANGLES, 0, 3, 6, GL_UNSIGNED_SHORT, outside);
    ERR(GL_NO_ERROR);
    glt_read_window(g_img);
    expect_px(60, 3, 0, 255, 0, 255, 0); /* triangle (0, 1, 2) */

    glDisableVertexAttribArray((GLuint)p.pos);
    glUseProgram(0);
    glDeleteProgram(p.id);
    munmap(mem, 2 * page);
}

static void test_render_many_draws(void **state)
{
    (void)state;
    prog p;
    if (!make_prog(&p, vs_pass, fs_pass) || p.val < 0)
        skip();
    GLuint vao[2];
    glGenVertexArrays(2, vao);
    float cells[64][6][2];
    for (int c = 0; c < 64; c++) {
        float x0 = (float)(c % 8) / 4.0f - 1.0f, y0 = (float)(c / 8) / 4.0f - 1.0f;
        for (int i = 0; i < 6; i++) {
            cells[c][i][0] = x0 + (quad6[i][0] + 1.0f) / 8.0f;
            cells[c][i][1] = y0 + (quad6[i][1] + 1.0f) / 8.0f;
        }
    }
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, sizeof cells, cells, GL_STATIC_DRAW);
    glBindVertexArray(vao[0]);
    glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    glEnableVertexAttribArray((GLuint)p.pos);
    glBindVertexArray(vao[1]);
    glVertexAttribPointer((GLuint)p.pos, 2, GL_FLOAT, GL_FALSE, 8, NULL);
    glEnableVertexAttribArray((GLuint)p.pos);
    clear_black();
    for (int c = 0; c < 64; c++) {
        glBindVertexArray(vao[c & 1]);
        glVertexAttrib4f((GLuint)p.val, (float)(c % 8) / 7.0f, (float)(c / 8) / 7.0f, 0.5f, 1);
        glDrawArrays(GL_TRIANGLES, c * 6, 6);
    }
    ERR(GL_NO_ERROR);
    glt_read_window(g_img);
    for (int c = 0; c < 64; c++) {
        int x = (c % 8) * 8 + 4, y = (c / 8) * 8 + 4;
        expect_px(x, y, (int)lround((c % 8) / 7.0 * 255), (int)lround((c / 8) / 7.0 * 255), 128,
                  255, 1);
    }
    glBindVertexArray(0);
    glDeleteVertexArrays(2, vao);
    glDeleteBuffers(1, &b);
    glUseProgram(0);
    glDeleteProgram(p.id);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_buffer_names),
        cmocka_unit_test(test_buffer_data),
        cmocka_unit_test(test_map_buffer),
        cmocka_unit_test(test_map_buffer_range),
        cmocka_unit_test(test_attrib_defaults_and_errors),
        cmocka_unit_test(test_attrib_state),
        cmocka_unit_test(test_current_values),
        cmocka_unit_test(test_all_attrib_setters),
        cmocka_unit_test(test_vao_switching),
        cmocka_unit_test(test_draw_errors),
        cmocka_unit_test(test_render_vbo_client_indices),
        cmocka_unit_test(test_render_modes),
        cmocka_unit_test(test_render_instanced),
        cmocka_unit_test(test_render_attrib_types),
        cmocka_unit_test(test_render_respecify),
        cmocka_unit_test(test_render_many_draws),
        cmocka_unit_test(test_render_draw_range_bounds),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
