/*
 * test_osmesa_missing_note.c: the note swr prints for a GL command it does
 * not implement yet comes once per command per context, not once per call,
 * and KNOB_GL_REPORT_UNIMPLEMENTED=0 silences it; the call records
 * GL_INVALID_OPERATION every time either way.
 *
 *   test_osmesa_missing_note <library> swr
 *
 * The program captures its own stderr (fd 2 into a temporary file) around
 * the calls and counts the lines naming the command. The command is
 * glPassThrough (feedback mode, which swr does not implement); if it ever
 * gets an implementation the test says so and a different missing command
 * must be chosen. Expected, counted by hand from the rule: context A calls
 * it 3 times, context B 2 times, A again once: 2 notes, 6 errors; with the
 * knob false (a second process: knobs are read once per process), 0 notes
 * and still 6 errors. Every line swr prints starts with "swr: ".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "gl_api.h"
#include "GL/osmesa.h"
#include "osm_loader.h"

static const char *lib_path;
static bool quiet; /* run with KNOB_GL_REPORT_UNIMPLEMENTED=0 */

static void test_one_note_per_command_per_context(void **state)
{
    (void)state;
    void *lib = osm_open(lib_path);
    assert_non_null(lib);
    OSMesaContext (*create)(GLenum, GLint, GLint, GLint, OSMesaContext);
    GLboolean (*make_current)(OSMesaContext, void *, GLenum, GLsizei, GLsizei);
    void (*destroy)(OSMesaContext);
    void (*pass_through)(GLfloat);
    GLenum (*get_error)(void);
    *(void **)&create = dlsym(lib, "OSMesaCreateContextExt");
    *(void **)&make_current = dlsym(lib, "OSMesaMakeCurrent");
    *(void **)&destroy = dlsym(lib, "OSMesaDestroyContext");
    *(void **)&pass_through = dlsym(lib, "glPassThrough");
    *(void **)&get_error = dlsym(lib, "glGetError");
    assert_true(create && make_current && destroy && pass_through && get_error);

    static unsigned char buf_a[8 * 8 * 4], buf_b[8 * 8 * 4];
    OSMesaContext a = create(OSMESA_RGBA, 0, 0, 0, NULL);
    OSMesaContext b = create(OSMESA_RGBA, 0, 0, 0, NULL);
    assert_true(a && b);

    FILE *cap = tmpfile();
    assert_non_null(cap);
    fflush(stderr);
    int saved = dup(2);
    assert_true(saved >= 0 && dup2(fileno(cap), 2) == 2);

    const struct { OSMesaContext c; unsigned char *buf; int calls; } plan[] = {
        {a, buf_a, 3}, {b, buf_b, 2}, {a, buf_a, 1}};
    int errors = 0, calls = 0;
    for (size_t k = 0; k < sizeof plan / sizeof plan[0]; k++) {
        make_current(plan[k].c, plan[k].buf, GL_UNSIGNED_BYTE, 8, 8);
        for (int i = 0; i < plan[k].calls; i++, calls++) {
            pass_through(1.0f);
            errors += get_error() == GL_INVALID_OPERATION;
        }
    }
    make_current(NULL, NULL, 0, 0, 0);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);

    rewind(cap);
    char line[512];
    int notes = 0, lines = 0;
    while (fgets(line, sizeof line, cap)) {
        fprintf(stderr, "captured: %s", line);
        lines++;
        assert_int_equal(strncmp(line, "swr: ", 5), 0);
        notes += strstr(line, "glPassThrough") != NULL;
    }
    fclose(cap);
    destroy(a);
    destroy(b);
    /* no dlclose: the library keeps process-lifetime allocations (knob strings) */
    if (errors == 0)
        fail_msg("glPassThrough is implemented now: choose another missing command");
    assert_int_equal(errors, calls);
    assert_int_equal(notes, quiet ? 0 : 2);
    assert_int_equal(lines, notes);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <libOSMesa.so.8> [swr]\n", argv[0]);
        return 2;
    }
    lib_path = argv[1];
    const char *k = getenv("KNOB_GL_REPORT_UNIMPLEMENTED");
    quiet = k && (k[0] == '0' || k[0] == 'n' || k[0] == 'f');
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_note_per_command_per_context),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
