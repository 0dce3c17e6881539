/*
 * bench_fixed_validate.c: what a fixed-function draw's validation costs,
 * through an OSMesa library loaded with dlopen (swr's by default; any
 * libOSMesa.so.8 works, e.g. Mesa's llvmpipe for comparison).
 *
 *   bench_fixed_validate <libOSMesa> [draws]
 *
 * Each case issues `draws` glDrawArrays of one lit triangle covering a
 * single pixel of a 16x16 target (so rasterization costs next to nothing)
 * and prints the mean wall-clock time per draw, glFinish included:
 *   same      no state change between draws (the fast path: keys compared,
 *             nothing rebound)
 *   values    glLightfv(GL_DIFFUSE) before every draw (same key: the
 *             constant buffers are refilled)
 *   toggle    GL_LIGHT1 toggled before every draw (two keys, both cached:
 *             lookups hit, the CSOs are rebound)
 *   new key   a key not seen before for every draw (light mask x fog mode x
 *             texgen: the programs are generated, created and compiled)
 * With KNOB_TOSS_DRAW=1 in the environment swr drops the draws at its API,
 * leaving the GL frontend's work alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tools/glc_api.h"

typedef void (*lightfv_fn)(GLenum, GLenum, const GLfloat *);
typedef void (*fogi_fn)(GLenum, GLint);
typedef void (*texgeni_fn)(GLenum, GLenum, GLint);

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <libOSMesa> [draws]\n", argv[0]);
        return 2;
    }
    int draws = argc > 2 ? atoi(argv[2]) : 20000;
    glc_api g;
    glc_target t;
    if (!glc_open(&g, argv[1]) || !glc_target_create(&t, &g, 16, 16))
        return 1;
    lightfv_fn lightfv = (lightfv_fn)(uintptr_t)g.OSMesaGetProcAddress("glLightfv");
    fogi_fn fogi = (fogi_fn)(uintptr_t)g.OSMesaGetProcAddress("glFogi");
    texgeni_fn texgeni = (texgeni_fn)(uintptr_t)g.OSMesaGetProcAddress("glTexGeni");
    if (!lightfv || !fogi || !texgeni)
        return 1;
    static const float tri[9] = {-1, -1, 0, -0.95f, -1, 0, -1, -0.95f, 0};
    g.Viewport(0, 0, 16, 16);
    g.VertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, tri);
    g.EnableVertexAttribArray(0);
    g.Enable(GL_LIGHTING);
    g.Enable(GL_LIGHT0);
    g.DrawArrays(GL_TRIANGLES, 0, 3);
    g.Finish();

    const char *names[4] = {"same", "values", "toggle", "new key"};
    for (int c = 0; c < 4; c++) {
        int n = c == 3 ? (draws < 1024 ? draws : 1024) : draws;
        double t0 = now_us();
        for (int i = 0; i < n; i++) {
            if (c == 1) {
                float d[4] = {(float)(i & 255) / 255.0f, 0.5f, 0.5f, 1};
                lightfv(GL_LIGHT0, GL_DIFFUSE, d);
            } else if (c == 2) {
                if (i & 1)
                    g.Enable(GL_LIGHT1);
                else
                    g.Disable(GL_LIGHT1);
            } else if (c == 3) {
                /* 256 light masks x 4 fog states: 1024 distinct keys */
                for (int l = 0; l < 8; l++) {
                    if (i >> l & 1)
                        g.Enable(GL_LIGHT0 + (GLenum)l);
                    else
                        g.Disable(GL_LIGHT0 + (GLenum)l);
                }
                int f = (i >> 8) & 3;
                if (f)
                    g.Enable(GL_FOG);
                else
                    g.Disable(GL_FOG);
                fogi(GL_FOG_MODE, f == 1 ? GL_LINEAR : f == 2 ? GL_EXP : GL_EXP2);
            }
            g.DrawArrays(GL_TRIANGLES, 0, 3);
        }
        g.Finish();
        double us = (now_us() - t0) / n;
        printf("%-8s %8d draws %10.3f us/draw\n", names[c], n, us);
    }
    GLenum e = g.GetError();
    glc_target_destroy(&t);
    glc_close(&g);
    if (e != GL_NO_ERROR) {
        fprintf(stderr, "GL error 0x%x\n", e);
        return 1;
    }
    return 0;
}
