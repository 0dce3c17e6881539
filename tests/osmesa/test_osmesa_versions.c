/*
 * test_osmesa_versions.c: the context matrix of OSMesaCreateContextAttribs
 * (every GL version 1.0-4.6 plus some that never existed, x compatibility
 * and core profile) against the rules, and what each context made says
 * about itself.
 *
 *   test_osmesa_versions <library> swr
 *
 * The oracle is the specs: GL versions are 1.0-1.5, 2.0-2.1, 3.0-3.3,
 * 4.0-4.6 (anything else is refused); swr offers up to 3.3 (README.md), so
 * 4.x is refused and every real version up to 3.3 is made. A context made
 * reports GL_MAJOR/MINOR_VERSION and a GL_VERSION string starting with the
 * version asked for (below 3.0 the compatibility 2.1 context: GL 2.1 is
 * backward compatible with 1.x and 2.0), "(Core Profile)" exactly for core
 * 3.2+ contexts, GL_CONTEXT_PROFILE_MASK accordingly, and the GLSL version
 * its GL version goes with (GL 3.1 -> 1.40, 3.2 -> 1.50, 3.3 -> 3.30,
 * else 1.30). In a core context (GL 3.2 core appendix E): glGetString
 * (GL_EXTENSIONS) is GL_INVALID_ENUM and glGetStringi lists the
 * extensions (GL_NUM_EXTENSIONS of them, then GL_INVALID_VALUE), glBegin
 * and glLoadIdentity (removed) are GL_INVALID_OPERATION, a draw without a
 * vertex array object is GL_INVALID_OPERATION; in a compatibility context
 * all of these work.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gl_api.h"
#include "GL/osmesa.h"
#include "osm_loader.h"

static const char *lib_path;

static struct {
    OSMesaContext (*OSMesaCreateContextAttribs)(const int *, OSMesaContext);
    GLboolean (*OSMesaMakeCurrent)(OSMesaContext, void *, GLenum, GLsizei, GLsizei);
    void (*OSMesaDestroyContext)(OSMesaContext);
    const GLubyte *(*glGetString)(GLenum);
    const GLubyte *(*glGetStringi)(GLenum, GLuint);
    void (*glGetIntegerv)(GLenum, GLint *);
    GLenum (*glGetError)(void);
    void (*glBegin)(GLenum);
    void (*glEnd)(void);
    void (*glLoadIdentity)(void);
    void (*glDrawArrays)(GLenum, GLint, GLsizei);
} f;

static const osm_sym syms[] = {
    OSM_SYM(f, OSMesaCreateContextAttribs) OSM_SYM(f, OSMesaMakeCurrent)
    OSM_SYM(f, OSMesaDestroyContext) OSM_SYM(f, glGetString) OSM_SYM(f, glGetStringi)
    OSM_SYM(f, glGetIntegerv) OSM_SYM(f, glGetError) OSM_SYM(f, glBegin) OSM_SYM(f, glEnd)
    OSM_SYM(f, glLoadIdentity) OSM_SYM(f, glDrawArrays)
};

static int setup(void **state)
{
    (void)state;
    void *lib = osm_open(lib_path);
    return lib && osm_resolve(lib, NULL, syms, OSM_COUNT(syms), lib_path) ? 0 : -1;
}

static bool version_exists(int major, int minor)
{
    static const int last_minor[] = {0, 5, 1, 3, 6};
    return major >= 1 && major <= 4 && minor >= 0 && minor <= last_minor[major];
}

static GLint get_int(GLenum pname)
{
    GLint v = -1;
    f.glGetIntegerv(pname, &v);
    return v;
}

static void check_context(int major, int minor, bool core)
{
    static unsigned char buf[16 * 16 * 4];
    const int attribs[] = {OSMESA_FORMAT, OSMESA_RGBA,
                           OSMESA_PROFILE, core ? OSMESA_CORE_PROFILE : OSMESA_COMPAT_PROFILE,
                           OSMESA_CONTEXT_MAJOR_VERSION, major,
                           OSMESA_CONTEXT_MINOR_VERSION, minor, 0};
    OSMesaContext c = f.OSMesaCreateContextAttribs(attribs, NULL);
    const bool want = version_exists(major, minor) && major < 4;
    if (!want) {
        if (c)
            fail_msg("GL %d.%d %s: made, expected refused", major, minor, core ? "core" : "compat");
        return;
    }
    if (!c)
        fail_msg("GL %d.%d %s: refused", major, minor, core ? "core" : "compat");
    assert_true(f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_BYTE, 16, 16));
    /* what it is: below 3.0 a 2.1 compatibility context (core below 3.2
     * has no profile: the highest core context, 3.3) */
    int emajor = major, eminor = minor;
    bool ecore = core && (major > 3 || (major == 3 && minor >= 2));
    if (major < 3) {
        if (core) {
            emajor = 3, eminor = 3, ecore = true;
        } else {
            emajor = 2, eminor = 1;
        }
    }
    char head[16];
    snprintf(head, sizeof head, "%d.%d", emajor, emajor == 2 ? 1 : eminor);
    const char *v = (const char *)f.glGetString(GL_VERSION);
    assert_non_null(v);
    if (strncmp(v, head, strlen(head)) != 0 || (strstr(v, "(Core Profile)") != NULL) != ecore)
        fail_msg("GL %d.%d %s: GL_VERSION \"%s\"", major, minor, core ? "core" : "compat", v);
    assert_int_equal(get_int(GL_MAJOR_VERSION), emajor);
    assert_int_equal(get_int(GL_MINOR_VERSION), eminor);
    assert_int_equal(get_int(GL_CONTEXT_PROFILE_MASK),
                     ecore ? GL_CONTEXT_CORE_PROFILE_BIT : GL_CONTEXT_COMPATIBILITY_PROFILE_BIT);
    const int ev = emajor * 10 + eminor;
    const char *eglsl = ev >= 33 ? "3.30" : ev == 32 ? "1.50" : ev == 31 ? "1.40" : "1.30";
    const char *glsl = (const char *)f.glGetString(GL_SHADING_LANGUAGE_VERSION);
    assert_non_null(glsl);
    assert_string_equal(glsl, eglsl);
    assert_int_equal(f.glGetError(), GL_NO_ERROR);

    /* extensions */
    const GLint n = get_int(GL_NUM_EXTENSIONS);
    assert_true(n > 0);
    for (GLint i = 0; i < n; i++)
        assert_non_null(f.glGetStringi(GL_EXTENSIONS, (GLuint)i));
    assert_null(f.glGetStringi(GL_EXTENSIONS, (GLuint)n));
    assert_int_equal(f.glGetError(), GL_INVALID_VALUE);
    const GLubyte *ext = f.glGetString(GL_EXTENSIONS);
    if (ecore) {
        assert_null(ext);
        assert_int_equal(f.glGetError(), GL_INVALID_ENUM);
    } else {
        assert_non_null(ext);
        assert_int_equal(f.glGetError(), GL_NO_ERROR);
    }

    /* removed commands and the default vertex array object */
    f.glLoadIdentity();
    assert_int_equal(f.glGetError(), ecore ? GL_INVALID_OPERATION : GL_NO_ERROR);
    f.glBegin(GL_TRIANGLES);
    f.glEnd();
    assert_int_equal(f.glGetError(), ecore ? GL_INVALID_OPERATION : GL_NO_ERROR);
    f.glDrawArrays(GL_TRIANGLES, 0, 3);
    assert_int_equal(f.glGetError(), ecore ? GL_INVALID_OPERATION : GL_NO_ERROR);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(c);
}

static void test_matrix(void **state)
{
    (void)state;
    for (int major = 0; major <= 5; major++)
        for (int minor = 0; minor <= 7; minor++) {
            if (major == 0 && minor == 0)
                continue; /* no version given is OSMesa's default, below */
            check_context(major, minor, false);
            check_context(major, minor, true);
        }
}

/* No version given: compatibility 2.1, core 3.3 (the highest). */
static void test_defaults(void **state)
{
    (void)state;
    static unsigned char buf[16 * 16 * 4];
    const int compat[] = {OSMESA_PROFILE, OSMESA_COMPAT_PROFILE, 0};
    const int core[] = {OSMESA_PROFILE, OSMESA_CORE_PROFILE, 0};
    OSMesaContext a = f.OSMesaCreateContextAttribs(compat, NULL);
    OSMesaContext b = f.OSMesaCreateContextAttribs(core, NULL);
    assert_true(a && b);
    assert_true(f.OSMesaMakeCurrent(a, buf, GL_UNSIGNED_BYTE, 16, 16));
    assert_int_equal(get_int(GL_MAJOR_VERSION) * 10 + get_int(GL_MINOR_VERSION), 21);
    assert_true(f.OSMesaMakeCurrent(b, buf, GL_UNSIGNED_BYTE, 16, 16));
    assert_int_equal(get_int(GL_MAJOR_VERSION) * 10 + get_int(GL_MINOR_VERSION), 33);
    assert_int_equal(get_int(GL_CONTEXT_PROFILE_MASK), GL_CONTEXT_CORE_PROFILE_BIT);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(a);
    f.OSMesaDestroyContext(b);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <libOSMesa.so.8> swr\n", argv[0]);
        return 2;
    }
    lib_path = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matrix),
        cmocka_unit_test(test_defaults),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
