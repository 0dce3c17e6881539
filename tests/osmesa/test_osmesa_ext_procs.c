/*
 * test_osmesa_ext_procs.c: every extension an OSMesa library reports has
 * every entry point the Khronos registry gives it, both as an exported
 * symbol (dlsym) and through OSMesaGetProcAddress.
 *
 *   test_osmesa_ext_procs <library> swr|mesa
 *
 * The oracle is the registry itself: ext_procs.h, generated at build time
 * by gen_ext_procs.py from the same gl.xml the GL frontend is generated
 * from, lists each extension's desktop-GL (compatibility profile) commands.
 * The test makes a context, splits glGetString(GL_EXTENSIONS) into names
 * and, for each, looks every command up both ways; it fails listing every
 * missing one. A reported name the registry does not know fails too, except
 * the few in no_registry_entry below (real extensions that add no entry
 * point and have no gl.xml entry; Mesa reports more such names, which its
 * run lists without counting). Run on Mesa's llvmpipe as
 * test_osmesa_ext_procs_mesa, which checks the test against a library that
 * is known to be complete (there through OSMesaGetProcAddress only: Mesa
 * exports just part of its entry points; swr promises both).
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
#include "ext_procs.h"
#include "osm_loader.h"

static const char *lib_path;
static bool check_exports; /* swr: every entry point is exported too; Mesa only promises GetProcAddress */

/* Extensions without a gl.xml entry, adding no entry points. */
static const char *const no_registry_entry[] = {
    "GL_EXT_texture_edge_clamp", /* the EXT name of SGIS_texture_edge_clamp (tokens only) */
};

static int cmp_ext(const void *key, const void *elem)
{
    return strcmp((const char *)key, ((const struct ext_procs *)elem)->ext);
}

static void test_every_reported_extension_has_its_entry_points(void **state)
{
    (void)state;
    void *lib = osm_open(lib_path);
    assert_non_null(lib);
    OSMesaContext (*create)(GLenum, GLint, GLint, GLint, OSMesaContext);
    GLboolean (*make_current)(OSMesaContext, void *, GLenum, GLsizei, GLsizei);
    void (*destroy)(OSMesaContext);
    OSMESAproc (*get_proc)(const char *);
    *(void **)&create = dlsym(lib, "OSMesaCreateContextExt");
    *(void **)&make_current = dlsym(lib, "OSMesaMakeCurrent");
    *(void **)&destroy = dlsym(lib, "OSMesaDestroyContext");
    *(void **)&get_proc = dlsym(lib, "OSMesaGetProcAddress");
    assert_true(create && make_current && destroy && get_proc);

    static unsigned char buffer[16 * 16 * 4];
    OSMesaContext ctx = create(OSMESA_RGBA, 24, 8, 0, NULL);
    assert_non_null(ctx);
    assert_true(make_current(ctx, buffer, GL_UNSIGNED_BYTE, 16, 16));
    const GLubyte *(*get_string)(GLenum) = (const GLubyte *(*)(GLenum))get_proc("glGetString");
    assert_non_null(get_string);
    const char *exts = (const char *)get_string(GL_EXTENSIONS);
    assert_non_null(exts);

    char *copy = strdup(exts);
    assert_non_null(copy);
    unsigned reported = 0, procs = 0, missing = 0;
    for (char *save = NULL, *e = strtok_r(copy, " ", &save); e; e = strtok_r(NULL, " ", &save)) {
        reported++;
        const struct ext_procs *row =
            bsearch(e, ext_procs, sizeof ext_procs / sizeof ext_procs[0], sizeof ext_procs[0], cmp_ext);
        if (!row) {
            bool known = false;
            for (size_t i = 0; i < sizeof no_registry_entry / sizeof no_registry_entry[0]; i++)
                known |= !strcmp(e, no_registry_entry[i]);
            if (!known) {
                fprintf(stderr, "%s: not in gl.xml%s\n", e, check_exports ? "" : " (not counted for Mesa)");
                missing += check_exports;
            }
            continue;
        }
        char *names = strdup(row->procs);
        assert_non_null(names);
        for (char *s2 = NULL, *p = strtok_r(names, " ", &s2); p; p = strtok_r(NULL, " ", &s2)) {
            procs++;
            bool exported = !check_exports || dlsym(lib, p) != NULL;
            bool proc = get_proc(p) != NULL;
            if (!exported || !proc) {
                fprintf(stderr, "%s: %s %s%s\n", e, p, exported ? "" : "not exported ",
                        proc ? "" : "not returned by OSMesaGetProcAddress");
                missing++;
            }
        }
        free(names);
    }
    printf("%u extensions, %u entry points checked, %u missing\n", reported, procs, missing);
    free(copy);
    destroy(ctx);
    /* no dlclose: the library keeps process-lifetime allocations (knob strings) */
    assert_true(reported > 0);
    assert_int_equal(missing, 0);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <libOSMesa.so.8> [swr|mesa]\n", argv[0]);
        return 2;
    }
    lib_path = argv[1];
    check_exports = argc < 3 || strcmp(argv[2], "mesa") != 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_reported_extension_has_its_entry_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
