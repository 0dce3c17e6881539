/*
 * test_cpu_check_osmesa.c: a GL program that loads swr's libOSMesa.so.8
 * with dlopen, as VTK and ParaView do, for test_cpu_check_qemu
 * (scripts/test_cpu_check_qemu.cmake), which runs it under QEMU user mode:
 *
 *   test_cpu_check_osmesa <libOSMesa.so.8>
 *
 * On a CPU without AVX2/FMA/F16C the library's load-time gate
 * (core/cpu_check.c) must end the process inside dlopen with status 1 and
 * its one-line message; this program then prints nothing. On a CPU with
 * them it creates a context, clears an 8x8 RGBA window to blue, draws a
 * green triangle over its lower-left half with a GLSL program (the whole
 * engine: shaders, vertex fetch, setup, raster, blend), and checks two
 * pixels against
 * the analytic answer (the centre of pixel (0,0), NDC (-0.875,-0.875), is
 * inside the triangle (-1,-1) (1,-1) (-1,1); that of (7,7) is outside).
 * Prints "test_cpu_check_osmesa: rendered" and exits 0 on success, 2 on any
 * failure.
 *
 * Compiled without AVX (tests/core/test_cpu_check.cmake: no swr_flags), so
 * that under a CPU without AVX nothing but the gate can stop it.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gl_api.h"
#include "GL/osmesa.h"
#include "osm_loader.h"

enum { SIZE = 8 };

/* clang-format off */
#define OSM_FUNCS(X) \
    X(OSMesaCreateContextExt) X(OSMesaDestroyContext) X(OSMesaMakeCurrent) \
    X(OSMesaGetProcAddress)
#define GL_FUNCS(X) \
    X(glClearColor) X(glClear) X(glFinish) \
    X(glCreateShader) X(glShaderSource) X(glCompileShader) X(glCreateProgram) \
    X(glAttachShader) X(glBindAttribLocation) X(glLinkProgram) X(glGetProgramiv) \
    X(glUseProgram) X(glVertexAttribPointer) X(glEnableVertexAttribArray) X(glDrawArrays)

static struct {
#define MEMBER(n) __typeof__(&n) n;
    OSM_FUNCS(MEMBER) GL_FUNCS(MEMBER)
#undef MEMBER
} f;
/* clang-format on */

static void *get_proc(const char *name) { return (void *)f.OSMesaGetProcAddress(name); }

static int fail(const char *what)
{
    fprintf(stderr, "test_cpu_check_osmesa: %s\n", what);
    return 2;
}

static int pixel_is(const uint8_t *rgba, int x, int y, uint8_t r, uint8_t g, uint8_t b)
{
    const uint8_t *p = rgba + 4 * (y * SIZE + x);
    if (p[0] == r && p[1] == g && p[2] == b && p[3] == 255)
        return 1;
    fprintf(stderr, "test_cpu_check_osmesa: pixel (%d,%d) is %u %u %u %u, expected %u %u %u 255\n",
            x, y, p[0], p[1], p[2], p[3], r, g, b);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return fail("usage: test_cpu_check_osmesa <libOSMesa.so.8>");
    void *lib = osm_open(argv[1]); /* the gate runs here */
    if (!lib)
        return 2;
#define SYM(n) OSM_SYM(f, n)
    const osm_sym osm_syms[] = {OSM_FUNCS(SYM)};
    const osm_sym gl_syms[] = {GL_FUNCS(SYM)};
#undef SYM
    if (!osm_resolve(lib, NULL, osm_syms, OSM_COUNT(osm_syms), argv[1]))
        return 2;

    static uint8_t window[SIZE * SIZE * 4];
    OSMesaContext ctx = f.OSMesaCreateContextExt(OSMESA_RGBA, 0, 0, 0, NULL);
    if (!ctx)
        return fail("OSMesaCreateContextExt failed");
    int ok = 0;
    if (!f.OSMesaMakeCurrent(ctx, window, GL_UNSIGNED_BYTE, SIZE, SIZE)) {
        fail("OSMesaMakeCurrent failed");
        goto done;
    }
    if (!osm_resolve(NULL, get_proc, gl_syms, OSM_COUNT(gl_syms), "OSMesaGetProcAddress"))
        goto done;
    static const char *source[2] = {
        "attribute vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
        "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n"};
    static const GLenum stage[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
    GLuint program = f.glCreateProgram();
    for (int k = 0; k < 2; k++) {
        GLuint shader = f.glCreateShader(stage[k]);
        f.glShaderSource(shader, 1, &source[k], NULL);
        f.glCompileShader(shader);
        f.glAttachShader(program, shader);
    }
    f.glBindAttribLocation(program, 0, "pos");
    f.glLinkProgram(program);
    GLint linked = GL_FALSE;
    f.glGetProgramiv(program, GL_LINK_STATUS, &linked);
    if (linked != GL_TRUE) {
        fail("the GLSL program did not link");
        goto done;
    }
    f.glUseProgram(program);
    static const float triangle[6] = {-1, -1, 1, -1, -1, 1};
    f.glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, triangle);
    f.glEnableVertexAttribArray(0);
    f.glClearColor(0, 0, 1, 1);
    f.glClear(GL_COLOR_BUFFER_BIT);
    f.glDrawArrays(GL_TRIANGLES, 0, 3);
    f.glFinish();
    /* Row 0 of the window is the bottom row. */
    ok = pixel_is(window, 0, 0, 0, 255, 0) && pixel_is(window, SIZE - 1, SIZE - 1, 0, 0, 255);
done:
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(ctx);
    if (!ok)
        return 2;
    printf("test_cpu_check_osmesa: rendered\n");
    return 0;
}
