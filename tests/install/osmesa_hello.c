/*
 * osmesa_hello.c: the smallest OSMesa program a user would write, built
 * against an *installed* swr (tests/install: once with `pkg-config --cflags
 * --libs osmesa`, once through find_package(swr) in consumer/), the way a
 * user's program is built: <GL/osmesa.h> from the installed header, the
 * system's <GL/gl.h>, -lOSMesa from the private folder, run without
 * LD_LIBRARY_PATH (the rpath the .pc file or CMake adds must find it).
 *
 * It renders into a 64x64 RGBA buffer: a clear to blue, a GLSL-shaded quad
 * over the left half (x in [-1, 0] in clip space: exactly pixel columns
 * 0..31, whose centres lie inside) in red, then a scissored clear of the top
 * right quadrant to green. The oracle is analytic: every pixel's expected
 * colour follows from its column and row. It prints GL_RENDERER and fails
 * unless it starts with "swr" (so a system libOSMesa picked up by mistake
 * fails the test), or when any pixel or glGetError differs.
 * Exit status 0 on success, 1 on any failure (with one line saying why).
 */
#define GL_GLEXT_PROTOTYPES 1
#include <GL/osmesa.h>

#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 64
#define H 64

static GLuint shader(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    return ok ? s : 0;
}

int main(void)
{
    static unsigned char pixels[W * H * 4];
    OSMesaContext ctx = OSMesaCreateContextExt(OSMESA_RGBA, 24, 8, 0, NULL);
    if (!ctx || !OSMesaMakeCurrent(ctx, pixels, GL_UNSIGNED_BYTE, W, H)) {
        fprintf(stderr, "osmesa_hello: no context\n");
        return 1;
    }
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    printf("renderer: %s\n", renderer ? renderer : "(null)");
    if (!renderer || strncmp(renderer, "swr", 3) != 0) {
        fprintf(stderr, "osmesa_hello: not swr's library\n");
        return 1;
    }

    glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

    GLuint vs = shader(GL_VERTEX_SHADER,
                       "attribute vec2 position;\n"
                       "void main() { gl_Position = vec4(position, 0.0, 1.0); }\n");
    GLuint fs = shader(GL_FRAGMENT_SHADER,
                       "void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }\n");
    if (!vs || !fs) {
        fprintf(stderr, "osmesa_hello: shader compile failed\n");
        return 1;
    }
    GLuint prog = glCreateProgram();
    glAttachShader(prog, vs);
    glAttachShader(prog, fs);
    glBindAttribLocation(prog, 0, "position");
    glLinkProgram(prog);
    glUseProgram(prog);
    static const GLfloat quad[] = {-1, -1, 0, -1, 0, 1, -1, -1, 0, 1, -1, 1};
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_TRIANGLES, 0, 6);

    glEnable(GL_SCISSOR_TEST);
    glScissor(W / 2, H / 2, W / 2, H / 2);
    glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glFinish();
    GLenum err = glGetError();
    if (err != GL_NO_ERROR) {
        fprintf(stderr, "osmesa_hello: GL error 0x%04x\n", err);
        return 1;
    }

    int bad = 0;
    for (int y = 0; y < H; y++) /* row 0 = bottom (OSMESA_Y_UP default) */
        for (int x = 0; x < W; x++) {
            unsigned char want[4] = {0, 0, 255, 255};
            if (x >= W / 2 && y >= H / 2)
                want[1] = 255, want[2] = 0;
            else if (x < W / 2)
                want[0] = 255, want[2] = 0;
            if (memcmp(&pixels[(y * W + x) * 4], want, 4) != 0 && bad++ == 0) {
                const unsigned char *p = &pixels[(y * W + x) * 4];
                fprintf(stderr, "osmesa_hello: pixel (%d,%d) is %u,%u,%u,%u, expected %u,%u,%u,%u\n",
                        x, y, p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
            }
        }
    OSMesaDestroyContext(ctx);
    if (bad) {
        fprintf(stderr, "osmesa_hello: %d of %d pixels differ\n", bad, W * H);
        return 1;
    }
    printf("osmesa_hello: %dx%d image as expected\n", W, H);
    return 0;
}
