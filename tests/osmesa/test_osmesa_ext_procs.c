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
 * missing one. Every context version and profile is checked (the list
 * differs between them): a command listed in docs/stubs.md (exported but
 * not implemented) fails its extension; a compatibility 3.x context's
 * GL_EXTENSIONS must equal its glGetStringi list, and the core profile must
 * not list compatibility-only extensions. A reported name the registry does not know fails too, except
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

/* docs/stubs.md's commands (lines "- `glName`"): entry points that exist
 * but only record GL_INVALID_OPERATION; no listed extension may need one.
 * Read for swr only (Mesa has no such list). */
static char stubs[64][64];
static unsigned n_stubs;

static void read_stubs(void)
{
    FILE *fp = fopen(SWR_STUBS_MD, "r");
    assert_non_null(fp);
    char line[256];
    while (fgets(line, sizeof line, fp) && n_stubs < 64) {
        char name[64];
        if (sscanf(line, "- `%63[A-Za-z0-9_]`", name) == 1)
            snprintf(stubs[n_stubs++], sizeof stubs[0], "%s", name);
    }
    fclose(fp);
    assert_true(n_stubs > 0); /* the file's format changed: the check would pass vacuously */
}

static bool is_stub(const char *proc)
{
    for (unsigned i = 0; i < n_stubs; i++)
        if (!strcmp(stubs[i], proc))
            return true;
    return false;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Splits a space separated list into a sorted array of names (in *copy). */
static size_t sorted_names(const char *list, char **copy, char ***names)
{
    *copy = strdup(list);
    assert_non_null(*copy);
    size_t n = 0, cap = 16;
    *names = malloc(cap * sizeof **names);
    assert_non_null(*names);
    for (char *save = NULL, *e = strtok_r(*copy, " ", &save); e; e = strtok_r(NULL, " ", &save)) {
        if (n == cap) {
            cap *= 2;
            *names = realloc(*names, cap * sizeof **names);
            assert_non_null(*names);
        }
        (*names)[n++] = e;
    }
    qsort(*names, n, sizeof **names, cmp_str);
    return n;
}

static bool same_names(const char *a, const char *b)
{
    char *ca, *cb, **na, **nb;
    size_t n = sorted_names(a, &ca, &na), m = sorted_names(b, &cb, &nb);
    bool same = n == m;
    for (size_t i = 0; same && i < n; i++)
        same = !strcmp(na[i], nb[i]);
    free(ca), free(cb), free(na), free(nb);
    return same;
}

/* Checks one extension name; returns the number of problems. */
static unsigned check_extension(void *lib, OSMESAproc (*get_proc)(const char *), const char *e,
                                const char *ctx_name, unsigned *procs)
{
    unsigned missing = 0;
    const struct ext_procs *row =
        bsearch(e, ext_procs, sizeof ext_procs / sizeof ext_procs[0], sizeof ext_procs[0], cmp_ext);
    if (!row) {
        bool known = false;
        for (size_t i = 0; i < sizeof no_registry_entry / sizeof no_registry_entry[0]; i++)
            known |= !strcmp(e, no_registry_entry[i]);
        if (!known) {
            fprintf(stderr, "%s %s: not in gl.xml%s\n", ctx_name, e, check_exports ? "" : " (not counted for Mesa)");
            missing += check_exports;
        }
        return missing;
    }
    char *names = strdup(row->procs);
    assert_non_null(names);
    for (char *s2 = NULL, *p = strtok_r(names, " ", &s2); p; p = strtok_r(NULL, " ", &s2)) {
        (*procs)++;
        bool exported = !check_exports || dlsym(lib, p) != NULL;
        bool proc = get_proc(p) != NULL;
        bool stub = check_exports && is_stub(p);
        if (!exported || !proc || stub) {
            fprintf(stderr, "%s %s: %s %s%s%s\n", ctx_name, e, p, exported ? "" : "not exported ",
                    proc ? "" : "not returned by OSMesaGetProcAddress", stub ? "a stub (docs/stubs.md)" : "");
            missing++;
        }
    }
    free(names);
    return missing;
}

/* The contexts checked: the default one (OSMesaCreateContextExt, 2.1
 * compatibility on swr) and each 3.x compatibility context and the 3.3
 * core one (OSMesaCreateContextAttribs); the extension list differs
 * between them. */
static const struct {
    int major, minor;
    bool core;
} contexts[] = {
    {0, 0, false}, {3, 0, false}, {3, 1, false}, {3, 2, false}, {3, 3, false}, {3, 2, true}, {3, 3, true},
};

static void test_every_reported_extension_has_its_entry_points(void **state)
{
    (void)state;
    void *lib = osm_open(lib_path);
    assert_non_null(lib);
    OSMesaContext (*create)(GLenum, GLint, GLint, GLint, OSMesaContext);
    OSMesaContext (*create_attribs)(const int *, OSMesaContext);
    GLboolean (*make_current)(OSMesaContext, void *, GLenum, GLsizei, GLsizei);
    void (*destroy)(OSMesaContext);
    OSMESAproc (*get_proc)(const char *);
    *(void **)&create = dlsym(lib, "OSMesaCreateContextExt");
    *(void **)&create_attribs = dlsym(lib, "OSMesaCreateContextAttribs");
    *(void **)&make_current = dlsym(lib, "OSMesaMakeCurrent");
    *(void **)&destroy = dlsym(lib, "OSMesaDestroyContext");
    *(void **)&get_proc = dlsym(lib, "OSMesaGetProcAddress");
    assert_true(create && create_attribs && make_current && destroy && get_proc);
    if (check_exports)
        read_stubs();

    unsigned reported = 0, procs = 0, missing = 0;
    for (size_t c = 0; c < sizeof contexts / sizeof contexts[0]; c++) {
        char ctx_name[32];
        snprintf(ctx_name, sizeof ctx_name, "[%d.%d %s]", contexts[c].major, contexts[c].minor,
                 contexts[c].core ? "core" : "compat");
        static unsigned char buffer[16 * 16 * 4];
        OSMesaContext ctx;
        if (contexts[c].major == 0) {
            ctx = create(OSMESA_RGBA, 24, 8, 0, NULL);
        } else {
            const int attribs[] = {OSMESA_FORMAT, OSMESA_RGBA, OSMESA_DEPTH_BITS, 24,
                                   OSMESA_PROFILE, contexts[c].core ? OSMESA_CORE_PROFILE : OSMESA_COMPAT_PROFILE,
                                   OSMESA_CONTEXT_MAJOR_VERSION, contexts[c].major,
                                   OSMESA_CONTEXT_MINOR_VERSION, contexts[c].minor, 0};
            ctx = create_attribs(attribs, NULL);
        }
        if (!ctx && !check_exports) { /* Mesa offers other versions */
            printf("%s: no such context on this library, skipped\n", ctx_name);
            continue;
        }
        if (!ctx)
            fail_msg("%s: context refused", ctx_name);
        assert_true(make_current(ctx, buffer, GL_UNSIGNED_BYTE, 16, 16));
        const GLubyte *(*get_string)(GLenum) = (const GLubyte *(*)(GLenum))get_proc("glGetString");
        const GLubyte *(*get_stringi)(GLenum, GLuint) = (const GLubyte *(*)(GLenum, GLuint))get_proc("glGetStringi");
        void (*get_integerv)(GLenum, GLint *) = (void (*)(GLenum, GLint *))get_proc("glGetIntegerv");
        assert_true(get_string && get_stringi && get_integerv);

        /* the glGetStringi list (GL 3.0 and later) */
        GLint n = 0;
        const GLubyte *ver = get_string(GL_VERSION);
        assert_non_null(ver);
        const bool gl3 = ver[0] >= '3';
        char *listi = NULL;
        if (gl3) {
            get_integerv(GL_NUM_EXTENSIONS, &n);
            assert_true(n > 0);
            size_t len = 0;
            for (GLint i = 0; i < n; i++) {
                const char *e = (const char *)get_stringi(GL_EXTENSIONS, (GLuint)i);
                assert_non_null(e);
                listi = realloc(listi, len + strlen(e) + 2);
                assert_non_null(listi);
                len += (size_t)sprintf(listi + len, "%s%s", i ? " " : "", e);
            }
        }
        const char *exts = contexts[c].core ? listi : (const char *)get_string(GL_EXTENSIONS);
        assert_non_null(exts);
        /* a compatibility 3.x context's GL_EXTENSIONS holds the glGetStringi
         * names (as a set: the spec fixes no order, Mesa orders them differently) */
        if (gl3 && !contexts[c].core && !same_names(exts, listi)) {
            fprintf(stderr, "%s: GL_EXTENSIONS differs from the glGetStringi list\n", ctx_name);
            missing++;
        }
        /* the core profile lists no compatibility-only extension (checked on
         * names the GL 3.2 core spec removed the functionality of) */
        static const char *const compat_only[] = {"GL_ARB_window_pos", "GL_ARB_multitexture",
                                                  "GL_ARB_texture_env_combine", "GL_EXT_secondary_color",
                                                  "GL_EXT_fog_coord", "GL_ARB_transpose_matrix"};
        if (contexts[c].core && check_exports) {
            for (size_t i = 0; i < sizeof compat_only / sizeof compat_only[0]; i++) {
                char *copy = strdup(exts);
                for (char *save = NULL, *e = strtok_r(copy, " ", &save); e; e = strtok_r(NULL, " ", &save))
                    if (!strcmp(e, compat_only[i])) {
                        fprintf(stderr, "%s: lists compatibility-only %s\n", ctx_name, e);
                        missing++;
                    }
                free(copy);
            }
        }

        char *copy = strdup(exts);
        assert_non_null(copy);
        unsigned here = 0;
        for (char *save = NULL, *e = strtok_r(copy, " ", &save); e; e = strtok_r(NULL, " ", &save)) {
            here++;
            missing += check_extension(lib, get_proc, e, ctx_name, &procs);
        }
        printf("%s: %u extensions\n", ctx_name, here);
        reported += here;
        free(copy);
        free(listi);
        destroy(ctx);
    }
    printf("%u extensions, %u entry points checked, %u problems\n", reported, procs, missing);
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
