/*
 * test_gl_context.c: the context core (gl_context.c): errors keep the first
 * one, strings, glGet* conversions per GL 2.1 section 6.1.2, unknown enums,
 * GetProcAddress of the generated table.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_util.h"
#include "frontend-gallium/gl/gl_context.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_first_error_kept),
        cmocka_unit_test(test_get_conversions),
        cmocka_unit_test(test_proc_address),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
