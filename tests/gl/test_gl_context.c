/*
 * test_gl_context.c: the context core (gl_context.c): errors keep the first
 * one, strings, glGet* conversions per GL 2.1 section 6.1.2, unknown enums,
 * GetProcAddress of the generated table, and the glDelete* rules every
 * object family shares (n < 0, name 0, unknown and unbound names, bound
 * objects revert to 0; GL 2.1 sections 2.9, 3.8.12, 4.4 and 6.1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_util.h"
#include "frontend-gallium/gl/context/gl_context.h"

static void test_strings(void **state)
{
    (void)state;
    const char *r = (const char *)glGetString(GL_RENDERER);
    assert_non_null(r);
    assert_non_null(strstr(r, "swr"));
    assert_string_equal((const char *)glGetString(GL_VENDOR), "swr");
    assert_non_null(glGetString(GL_VERSION));
    assert_int_equal(glGetError(), GL_NO_ERROR);
    assert_null(glGetString(0x1234));
    assert_int_equal(glGetError(), GL_INVALID_ENUM);
    GLint n = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    assert_true(n > 10);
    assert_string_equal((const char *)glGetStringi(GL_EXTENSIONS, 0), "GL_ARB_framebuffer_object");
    assert_null(glGetStringi(GL_EXTENSIONS, (GLuint)n));
    assert_int_equal(glGetError(), GL_INVALID_VALUE);
}

static void test_first_error_kept(void **state)
{
    (void)state;
    glEnable(0x9999);  /* INVALID_ENUM */
    glGetStringi(GL_EXTENSIONS, 100000); /* INVALID_VALUE, not recorded */
    assert_int_equal(glGetError(), GL_INVALID_ENUM);
    assert_int_equal(glGetError(), GL_NO_ERROR);
    GLint v = 7;
    glGetIntegerv(0x9999, &v);
    assert_int_equal(glGetError(), GL_INVALID_ENUM);
    assert_int_equal(v, 7); /* untouched */
}

static void test_get_conversions(void **state)
{
    (void)state;
    GLint major = 0;
    GLfloat fmajor = 0;
    GLboolean bmajor = GL_FALSE;
    GLdouble d = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetFloatv(GL_MAJOR_VERSION, &fmajor);
    glGetBooleanv(GL_MAJOR_VERSION, &bmajor);
    glGetDoublev(GL_MAJOR_VERSION, &d);
    assert_int_equal(major, 2);
    assert_true(fmajor == 2.0f);
    assert_int_equal(bmajor, GL_TRUE);
    assert_true(d == 2.0);
    assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void test_proc_address(void **state)
{
    (void)state;
    assert_ptr_equal(swrgl_get_proc_address("glClear"), (void (*)(void))glClear);
    assert_ptr_equal(swrgl_get_proc_address("glBindBufferARB"), (void (*)(void))glBindBufferARB);
    assert_null(swrgl_get_proc_address("glNoSuchFunction"));
    assert_null(swrgl_get_proc_address(NULL));
}

/* ---- glDelete* of every object family ------------------------------------------ */

static void bind_buffer(GLuint n) { glBindBuffer(GL_ARRAY_BUFFER, n); }
static void bind_texture(GLuint n) { glBindTexture(GL_TEXTURE_2D, n); }
static void bind_framebuffer(GLuint n) { glBindFramebuffer(GL_FRAMEBUFFER, n); }
static void bind_renderbuffer(GLuint n) { glBindRenderbuffer(GL_RENDERBUFFER, n); }
static void bind_vertex_array(GLuint n) { glBindVertexArray(n); }
static void bind_query(GLuint n) { glBeginQuery(GL_SAMPLES_PASSED, n); }

static GLint bound_query(void)
{
    GLint v = -1;
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &v);
    return v;
}

typedef struct {
    const char *what;
    void (*gen)(GLsizei, GLuint *);
    void (*del)(GLsizei, const GLuint *);
    GLboolean (*is)(GLuint);
    void (*bind)(GLuint);
    GLenum binding; /* glGetIntegerv pname; 0: the current query */
} object_family;

static GLint bound_name(const object_family *f)
{
    if (!f->binding)
        return bound_query();
    GLint v = -1;
    glGetIntegerv(f->binding, &v);
    return v;
}

static void test_delete_names(void **state)
{
    (void)state;
    const object_family fams[] = {
        {"buffer", glGenBuffers, glDeleteBuffers, glIsBuffer, bind_buffer, GL_ARRAY_BUFFER_BINDING},
        {"texture", glGenTextures, glDeleteTextures, glIsTexture, bind_texture,
         GL_TEXTURE_BINDING_2D},
        {"framebuffer", glGenFramebuffers, glDeleteFramebuffers, glIsFramebuffer, bind_framebuffer,
         GL_FRAMEBUFFER_BINDING},
        {"renderbuffer", glGenRenderbuffers, glDeleteRenderbuffers, glIsRenderbuffer,
         bind_renderbuffer, GL_RENDERBUFFER_BINDING},
        {"vertex array", glGenVertexArrays, glDeleteVertexArrays, glIsVertexArray,
         bind_vertex_array, GL_VERTEX_ARRAY_BINDING},
        {"query", glGenQueries, glDeleteQueries, glIsQuery, bind_query, 0},
    };
    for (size_t k = 0; k < sizeof fams / sizeof fams[0]; k++) {
        const object_family *f = &fams[k];
        print_message("glDelete*: %s\n", f->what);
        GLuint n[3] = {0, 0, 0};
        f->gen(3, n);
        assert_int_equal(glGetError(), GL_NO_ERROR);
        assert_true(n[0] && n[1] && n[2] && n[0] != n[1] && n[1] != n[2] && n[0] != n[2]);
        f->bind(n[0]);
        assert_int_equal(glGetError(), GL_NO_ERROR);
        assert_true(f->is(n[0]));
        assert_int_equal(bound_name(f), (GLint)n[0]);

        /* n < 0: INVALID_VALUE and nothing is deleted. */
        f->del(-1, n);
        assert_int_equal(glGetError(), GL_INVALID_VALUE);
        assert_true(f->is(n[0]));
        assert_int_equal(bound_name(f), (GLint)n[0]);
        f->del(0, NULL);
        assert_int_equal(glGetError(), GL_NO_ERROR);

        /* 0 and names that name nothing are ignored silently; a name twice is
         * deleted once; the bound object reverts to 0. */
        const GLuint list[] = {0, 0x7fff1234u, n[0], n[1], n[0]};
        f->del(5, list);
        assert_int_equal(glGetError(), GL_NO_ERROR);
        assert_int_equal(bound_name(f), 0);
        assert_false(f->is(n[0]));
        assert_false(f->is(n[1]));

        /* Names not in the list live on. */
        f->bind(n[2]);
        assert_int_equal(glGetError(), GL_NO_ERROR);
        assert_true(f->is(n[2]));
        f->del(1, &n[2]);
        assert_int_equal(glGetError(), GL_NO_ERROR);
        assert_int_equal(bound_name(f), 0);
        assert_false(f->is(n[2]));
    }
    /* ARB_vertex_array_object: a deleted name (bound or not before) is no
     * longer one glBindVertexArray accepts. */
    GLuint v[2];
    glGenVertexArrays(2, v);
    glBindVertexArray(v[0]);
    glBindVertexArray(0);
    glDeleteVertexArrays(2, v);
    glBindVertexArray(v[0]);
    assert_int_equal(glGetError(), GL_INVALID_OPERATION);
    glBindVertexArray(v[1]);
    assert_int_equal(glGetError(), GL_INVALID_OPERATION);
    GLint vb = -1;
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vb);
    assert_int_equal(vb, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_first_error_kept),
        cmocka_unit_test(test_get_conversions),
        cmocka_unit_test(test_proc_address),
        cmocka_unit_test(test_delete_names),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
