/*
 * test_osmesa_profile.c: the rdtsc profiling window through swr's
 * libOSMesa.so.8 (loaded with dlopen), where glFinish ends a frame.
 *
 *   test_osmesa_profile <library> swr
 *
 * With KNOB_ENABLE_RDTSC=1, KNOB_BUCKETS_START_FRAME=2 and
 * KNOB_BUCKETS_END_FRAME=4 (set here before the first context reads the
 * knobs), a program whose frame f (from 0) makes f + 1 glDrawArrays calls
 * and ends with glFinish must get rdtsc.txt written by the glFinish of
 * frame 3, not before, and counting on the API thread exactly the draws of
 * frames 2 and 3 (3 + 4 = 7 APIDraw events) and their 2 clears, and 7
 * runs of each frontend stage (job, assembly, fetch, VS, binning) on
 * whichever threads ran them: the window's definition in the knob
 * descriptions, counted by hand.
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

static void *lib;

#define OSM_FUNCS(X) X(OSMesaCreateContextExt) X(OSMesaDestroyContext) X(OSMesaMakeCurrent)
#define GL_FUNCS(X)                                                                        \
    X(glClear) X(glClearColor) X(glFinish) X(glGetError) X(glVertexAttribPointer)          \
    X(glEnableVertexAttribArray) X(glDrawArrays) X(glCreateShader) X(glShaderSource)       \
    X(glCompileShader) X(glCreateProgram) X(glAttachShader) X(glBindAttribLocation)        \
    X(glLinkProgram) X(glGetProgramiv) X(glUseProgram)

static struct {
#define MEMBER(n) __typeof__(&n) n;
    OSM_FUNCS(MEMBER) GL_FUNCS(MEMBER)
#undef MEMBER
    OSMESAproc (*OSMesaGetProcAddress)(const char *);
} f;

#define SYM(n) OSM_SYM(f, n)

static void *get_proc(const char *name) { return (void *)f.OSMesaGetProcAddress(name); }

/* NumEvent (5th column) summed over the rows of bucket `name` in the API
 * threads' sections of the report (every thread's with all_threads); -1
 * when the file cannot be read. */
static long events(const char *path, const char *name, bool all_threads)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return -1;
    char line[512];
    bool api = false;
    long total = 0;
    while (fgets(line, sizeof line, fp)) {
        if (strncmp(line, "Thread ", 7) == 0) {
            api = all_threads || strstr(line, "(API)") != NULL;
            continue;
        }
        char *end = line + strcspn(line, "\r\n");
        *end = '\0';
        size_t n = strlen(name);
        if (!api || (size_t)(end - line) < n || strcmp(end - n, name) != 0 ||
            (end - line > (long)n && end[-(long)n - 1] != ' '))
            continue;
        double tot, par;
        unsigned long long cycles, cpe;
        long events;
        if (sscanf(line, "%lf %lf %llu %llu %ld", &tot, &par, &cycles, &cpe, &events) == 5)
            total += events;
    }
    fclose(fp);
    return total;
}

static void test_frame_window(void **state)
{
    (void)state;
    enum { W = 32, H = 32 };
    static uint8_t buf[W * H * 4];
    OSMesaContext ctx = f.OSMesaCreateContextExt(OSMESA_RGBA, 0, 0, 0, NULL);
    assert_non_null(ctx);
    assert_true(f.OSMesaMakeCurrent(ctx, buf, GL_UNSIGNED_BYTE, W, H));
    const osm_sym syms[] = {GL_FUNCS(SYM)};
    assert_true(osm_resolve(NULL, get_proc, syms, OSM_COUNT(syms), "OSMesaGetProcAddress"));
    static const char *vs = "attribute vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
    static const char *fs = "void main() { gl_FragColor = vec4(1.0, 0.5, 0.25, 1.0); }\n";
    GLuint prog = f.glCreateProgram();
    const char *src[2] = {vs, fs};
    const GLenum type[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
    for (int k = 0; k < 2; k++) {
        GLuint sh = f.glCreateShader(type[k]);
        f.glShaderSource(sh, 1, &src[k], NULL);
        f.glCompileShader(sh);
        f.glAttachShader(prog, sh);
    }
    f.glBindAttribLocation(prog, 0, "pos");
    f.glLinkProgram(prog);
    GLint linked = 0;
    f.glGetProgramiv(prog, GL_LINK_STATUS, &linked);
    assert_int_equal(linked, GL_TRUE);
    f.glUseProgram(prog);
    static const float tri[6] = {-1, -1, 1, -1, 0, 1};
    f.glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
    f.glEnableVertexAttribArray(0);
    for (int frame = 0; frame < 6; frame++) {
        f.glClearColor(0, 0, 0, 1);
        f.glClear(GL_COLOR_BUFFER_BIT);
        for (int k = 0; k <= frame; k++)
            f.glDrawArrays(GL_TRIANGLES, 0, 3);
        /* The report appears with the glFinish that ends frame 3. */
        assert_int_equal(access("rdtsc.txt", F_OK) == 0, frame >= 4);
        f.glFinish();
        assert_int_equal(f.glGetError(), GL_NO_ERROR);
    }
    assert_int_equal(events("rdtsc.txt", "APIDraw", false), 3 + 4);
    assert_int_equal(events("rdtsc.txt", "APIClearRenderTarget", false), 2);
    /* Each draw's frontend ran once, on some thread, through its stages:
     * one job, one assembly (with vertex reuse), one vertex batch, one
     * binning of its 8-triangle group. */
    static const char *const fe_stages[] = {"FEProcessDraw", "FEPAAssemble", "FEFetchShader",
                                            "FEVertexShader", "FEBinTriangles"};
    for (size_t k = 0; k < sizeof fe_stages / sizeof fe_stages[0]; k++)
        if (events("rdtsc.txt", fe_stages[k], true) != 3 + 4)
            fail_msg("%s: %ld events, expected 7", fe_stages[k],
                     events("rdtsc.txt", fe_stages[k], true));
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(ctx);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <libOSMesa.so> [swr]\n", argv[0]);
        return 2;
    }
    /* A fresh directory for the report, and the knobs before the library
     * reads them (at its first context). */
    char dir[] = "/tmp/swr_profile_XXXXXX";
    if (!mkdtemp(dir) || chdir(dir) != 0) {
        perror("mkdtemp");
        return 1;
    }
    setenv("KNOB_ENABLE_RDTSC", "1", 1);
    setenv("KNOB_BUCKETS_START_FRAME", "2", 1);
    setenv("KNOB_BUCKETS_END_FRAME", "4", 1);
    const osm_sym syms[] = {OSM_FUNCS(SYM) SYM(OSMesaGetProcAddress)};
    lib = osm_open(argv[1]);
    if (!lib || !osm_resolve(lib, NULL, syms, OSM_COUNT(syms), argv[1]))
        return 1;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_frame_window)};
    int rc = cmocka_run_group_tests_name("profiling window (swr)", tests, NULL, NULL);
    unlink("rdtsc.txt");
    if (chdir("/") == 0)
        rmdir(dir);
    return rc;
}
