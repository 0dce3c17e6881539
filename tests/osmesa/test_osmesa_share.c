/*
 * test_osmesa_share.c: GL object sharing between OSMesa contexts (the
 * sharelist argument of OSMesaCreateContext*), through the library loaded
 * with dlopen.
 *
 *   test_osmesa_share <library> swr   swr's libOSMesa.so.8
 *   test_osmesa_share <library> mesa  Mesa's llvmpipe libOSMesa.so.8: the
 *                                     same expectations, the oracle for
 *                                     what GL's sharing rules mean
 *
 * What GL 2.1 appendix D and the FBO/VAO extensions specify: buffers,
 * textures, renderbuffers, shaders and programs are shared (names and
 * objects); framebuffer and vertex array objects are not (Mesa shares
 * framebuffer objects, as EXT_framebuffer_object did: test_names expects
 * that of the oracle). An object deleted
 * in one context while bound (or current) in another stays usable there
 * until that binding goes. Changes made in one context are seen in another
 * after the first one's glFinish and a rebind.
 *
 * Image oracle: a quad covering the viewport samples a W x H texture with
 * GL_NEAREST at texture coordinates ((x + 0.5) / S, (y + 0.5) / S) for an
 * S x S window, so pixel (x, y) shows texel (x * W / S, y * H / S), whose
 * colour the test chose (no pixel centre falls on a texel edge).
 */
#include <dlfcn.h>
#include <pthread.h>
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

static void *lib;
static bool is_mesa;

#define OSM_FUNCS(X)                                                                       \
    X(OSMesaCreateContextExt) X(OSMesaDestroyContext) X(OSMesaMakeCurrent)                 \
    X(OSMesaGetCurrentContext) X(OSMesaGetProcAddress)
#define GL_FUNCS(X)                                                                        \
    X(glClear) X(glClearColor) X(glFinish) X(glFlush) X(glGetError) X(glViewport)          \
    X(glGenTextures) X(glBindTexture) X(glTexImage2D) X(glTexSubImage2D)                   \
    X(glTexParameteri) X(glDeleteTextures) X(glIsTexture) X(glGenBuffers) X(glBindBuffer)  \
    X(glBufferData) X(glDeleteBuffers) X(glIsBuffer) X(glCreateShader) X(glShaderSource)   \
    X(glCompileShader) X(glGetShaderiv) X(glCreateProgram) X(glAttachShader)               \
    X(glBindAttribLocation) X(glLinkProgram) X(glGetProgramiv) X(glUseProgram)             \
    X(glDeleteProgram) X(glDeleteShader) X(glIsProgram) X(glIsShader)                      \
    X(glGetUniformLocation) X(glUniform1i) X(glVertexAttribPointer)                        \
    X(glEnableVertexAttribArray) X(glDrawArrays) X(glReadPixels) X(glGenFramebuffers)      \
    X(glBindFramebuffer) X(glIsFramebuffer) X(glDeleteFramebuffers) X(glGenRenderbuffers)  \
    X(glBindRenderbuffer) X(glIsRenderbuffer) X(glRenderbufferStorage)                     \
    X(glDeleteRenderbuffers) X(glGenVertexArrays) X(glBindVertexArray) X(glIsVertexArray)  \
    X(glDeleteVertexArrays) X(glFramebufferRenderbuffer) X(glCheckFramebufferStatus)

static struct {
#define MEMBER(n) __typeof__(&n) n;
    OSM_FUNCS(MEMBER) GL_FUNCS(MEMBER)
#undef MEMBER
} f;

#define SYM(n) OSM_SYM(f, n)
static bool load(const char *path)
{
    const osm_sym syms[] = {OSM_FUNCS(SYM)};
    lib = osm_open(path);
    return lib && osm_resolve(lib, NULL, syms, OSM_COUNT(syms), path);
}

static void *get_proc(const char *name) { return (void *)f.OSMesaGetProcAddress(name); }

/* GL entry points come from OSMesaGetProcAddress once a context is current. */
static bool load_gl(void)
{
    const osm_sym syms[] = {GL_FUNCS(SYM)};
    return osm_resolve(NULL, get_proc, syms, OSM_COUNT(syms), "OSMesaGetProcAddress");
}

#define S 16 /* window size */

typedef struct window {
    OSMesaContext ctx;
    uint8_t buf[S * S * 4];
} window;

static void make_current(window *w)
{
    assert_int_equal(f.OSMesaMakeCurrent(w->ctx, w->buf, GL_UNSIGNED_BYTE, S, S), GL_TRUE);
}

static OSMesaContext new_context(OSMesaContext share)
{
    OSMesaContext c = f.OSMesaCreateContextExt(OSMESA_RGBA, 24, 8, 0, share);
    assert_non_null(c);
    return c;
}

/* ---- shared objects of the image tests ------------------------------------- */

typedef struct scene {
    GLuint tex, vbo, prog;
} scene;

static const char *vs_src = "attribute vec2 pos;\n"
                            "varying vec2 tc;\n"
                            "void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_src = "uniform sampler2D tex;\n"
                            "varying vec2 tc;\n"
                            "void main() { gl_FragColor = texture2D(tex, tc); }\n";

static GLuint compile(GLenum type, const char *src)
{
    GLuint s = f.glCreateShader(type);
    f.glShaderSource(s, 1, &src, NULL);
    f.glCompileShader(s);
    GLint ok = 0;
    f.glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    assert_int_equal(ok, GL_TRUE);
    return s;
}

/* A texel colour of pattern `k` for texel (i, j) of a w x h texture. */
static void texel(int k, int i, int j, int w, int h, uint8_t out[4])
{
    out[0] = (uint8_t)(40 + 200 * i / (w > 1 ? w - 1 : 1));
    out[1] = (uint8_t)(30 + 180 * j / (h > 1 ? h - 1 : 1));
    out[2] = (uint8_t)(k * 60 + 10);
    out[3] = 255;
}

static void upload(int k, int w, int h)
{
    uint8_t data[8 * 8 * 4];
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++)
            texel(k, i, j, w, h, data + (j * w + i) * 4);
    f.glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    f.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    f.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    f.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    f.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

/* Makes the texture (pattern 0, 2 x 2), the quad's buffer and the program
 * in the current context. */
static scene make_scene(void)
{
    scene sc;
    f.glGenTextures(1, &sc.tex);
    f.glBindTexture(GL_TEXTURE_2D, sc.tex);
    upload(0, 2, 2);
    static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    f.glGenBuffers(1, &sc.vbo);
    f.glBindBuffer(GL_ARRAY_BUFFER, sc.vbo);
    f.glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    GLuint vs = compile(GL_VERTEX_SHADER, vs_src), fs = compile(GL_FRAGMENT_SHADER, fs_src);
    sc.prog = f.glCreateProgram();
    f.glAttachShader(sc.prog, vs);
    f.glAttachShader(sc.prog, fs);
    f.glBindAttribLocation(sc.prog, 0, "pos");
    f.glLinkProgram(sc.prog);
    GLint ok = 0;
    f.glGetProgramiv(sc.prog, GL_LINK_STATUS, &ok);
    assert_int_equal(ok, GL_TRUE);
    f.glDeleteShader(vs); /* flagged: attached */
    f.glDeleteShader(fs);
    f.glUseProgram(sc.prog);
    f.glUniform1i(f.glGetUniformLocation(sc.prog, "tex"), 0);
    f.glUseProgram(0);
    f.glBindTexture(GL_TEXTURE_2D, 0);
    f.glBindBuffer(GL_ARRAY_BUFFER, 0);
    assert_int_equal(f.glGetError(), GL_NO_ERROR);
    return sc;
}

/* Binds the scene's objects by name in the current context and draws. */
static void draw_scene(const scene *sc)
{
    f.glViewport(0, 0, S, S);
    f.glClearColor(0, 0, 0, 0);
    f.glClear(GL_COLOR_BUFFER_BIT);
    f.glUseProgram(sc->prog);
    f.glBindTexture(GL_TEXTURE_2D, sc->tex);
    f.glBindBuffer(GL_ARRAY_BUFFER, sc->vbo);
    f.glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (const void *)0);
    f.glEnableVertexAttribArray(0);
    f.glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    f.glFinish();
}

/* Number of pixels of buf that differ from pattern k of a w x h texture. */
static int image_errors(const uint8_t *buf, int k, int w, int h)
{
    int bad = 0;
    for (int y = 0; y < S; y++) {
        for (int x = 0; x < S; x++) {
            uint8_t want[4];
            texel(k, x * w / S, y * h / S, w, h, want);
            const uint8_t *p = buf + (y * S + x) * 4;
            for (int c = 0; c < 4; c++)
                if (p[c] != want[c]) {
                    if (!bad)
                        fprintf(stderr, "pixel %d,%d: %u %u %u %u, want %u %u %u %u\n", x, y,
                                p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
                    bad++;
                    break;
                }
        }
    }
    return bad;
}

/* ---- tests ------------------------------------------------------------------- */

/* Which names the other context sees: shared kinds yes, containers no. */
static void test_names(void **state)
{
    (void)state;
    window *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b), *c = calloc(1, sizeof *c);
    a->ctx = new_context(NULL);
    b->ctx = new_context(a->ctx);
    c->ctx = new_context(NULL); /* not in the group */
    make_current(a);
    assert_true(load_gl());
    GLuint tex, buf, rb, fbo, vao;
    f.glGenTextures(1, &tex);
    f.glBindTexture(GL_TEXTURE_2D, tex);
    f.glGenBuffers(1, &buf);
    f.glBindBuffer(GL_ARRAY_BUFFER, buf);
    f.glGenRenderbuffers(1, &rb);
    f.glBindRenderbuffer(GL_RENDERBUFFER, rb);
    f.glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
    f.glGenFramebuffers(1, &fbo);
    f.glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    f.glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    assert_int_equal(f.glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    f.glBindFramebuffer(GL_FRAMEBUFFER, 0);
    f.glGenVertexArrays(1, &vao);
    f.glBindVertexArray(vao);
    f.glBindVertexArray(0);
    GLuint prog = f.glCreateProgram(), sh = f.glCreateShader(GL_FRAGMENT_SHADER);
    assert_int_equal(f.glGetError(), GL_NO_ERROR);
    assert_true(f.glIsFramebuffer(fbo));
    assert_true(f.glIsVertexArray(vao));

    make_current(b);
    assert_true(f.glIsTexture(tex));
    assert_true(f.glIsBuffer(buf));
    assert_true(f.glIsRenderbuffer(rb));
    assert_true(f.glIsProgram(prog));
    assert_true(f.glIsShader(sh));
    /* Framebuffer objects are per context in GL 3.0 / ARB_framebuffer_object;
     * Mesa keeps EXT_framebuffer_object's sharing of them for every context
     * (the one place this oracle departs from the specification swr follows). */
    assert_int_equal(f.glIsFramebuffer(fbo), is_mesa ? GL_TRUE : GL_FALSE);
    assert_false(f.glIsVertexArray(vao));
    /* New names in b do not collide with a's objects. */
    GLuint tex2;
    f.glGenTextures(1, &tex2);
    assert_int_not_equal(tex2, tex);
    f.glBindTexture(GL_TEXTURE_2D, tex2); /* makes the object */
    GLuint prog2 = f.glCreateProgram();
    assert_int_not_equal(prog2, prog);
    assert_int_not_equal(prog2, sh);
    /* Deleting in b deletes for a too. */
    f.glDeleteBuffers(1, &buf);
    f.glDeleteProgram(prog2);
    assert_int_equal(f.glGetError(), GL_NO_ERROR);

    make_current(c);
    assert_false(f.glIsTexture(tex));
    assert_false(f.glIsBuffer(buf));
    assert_false(f.glIsRenderbuffer(rb));
    assert_false(f.glIsProgram(prog));

    make_current(a);
    assert_false(f.glIsBuffer(buf));
    assert_false(f.glIsProgram(prog2));
    assert_true(f.glIsTexture(tex));
    f.glDeleteTextures(1, &tex);
    f.glDeleteRenderbuffers(1, &rb);
    f.glDeleteFramebuffers(1, &fbo);
    f.glDeleteVertexArrays(1, &vao);
    f.glDeleteProgram(prog);
    f.glDeleteShader(sh);
    assert_int_equal(f.glGetError(), GL_NO_ERROR);
    make_current(b);
    assert_false(f.glIsTexture(tex));
    assert_false(f.glIsRenderbuffer(rb));
    assert_false(f.glIsProgram(prog));
    assert_false(f.glIsShader(sh));

    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    /* The context that made the objects goes first: b keeps them. */
    f.OSMesaDestroyContext(a->ctx);
    f.OSMesaDestroyContext(c->ctx);
    make_current(b);
    assert_true(f.glIsTexture(tex2));
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(b->ctx);
    free(a);
    free(b);
    free(c);
}

/* Objects made in a render in b; a re-specified texture is seen in b. */
static void test_render_and_respecify(void **state)
{
    (void)state;
    window *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    a->ctx = new_context(NULL);
    b->ctx = new_context(a->ctx);
    make_current(a);
    assert_true(load_gl());
    scene sc = make_scene();
    make_current(b);
    draw_scene(&sc);
    assert_int_equal(f.glGetError(), GL_NO_ERROR);
    assert_int_equal(image_errors(b->buf, 0, 2, 2), 0);

    /* a draws too (its own CSOs and views of the same objects) */
    make_current(a);
    draw_scene(&sc);
    assert_int_equal(image_errors(a->buf, 0, 2, 2), 0);

    /* a re-specifies the texture with another size and pattern */
    f.glBindTexture(GL_TEXTURE_2D, sc.tex);
    upload(1, 4, 4);
    f.glFinish();
    make_current(b);
    draw_scene(&sc);
    assert_int_equal(image_errors(b->buf, 1, 4, 4), 0);

    /* a changes one texel in place */
    make_current(a);
    f.glBindTexture(GL_TEXTURE_2D, sc.tex);
    uint8_t red[4] = {255, 0, 0, 255};
    f.glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, red);
    f.glFinish();
    make_current(b);
    draw_scene(&sc);
    for (int y = 0; y < S; y++)
        for (int x = 0; x < S; x++) {
            const uint8_t *p = b->buf + (y * S + x) * 4;
            uint8_t want[4];
            if (x < S / 4 && y < S / 4)
                memcpy(want, red, 4);
            else
                texel(1, x * 4 / S, y * 4 / S, 4, 4, want);
            assert_memory_equal(p, want, 4);
        }
    assert_int_equal(f.glGetError(), GL_NO_ERROR);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(b->ctx);
    f.OSMesaDestroyContext(a->ctx);
    free(a);
    free(b);
}

/* Deleted in one context while bound or current in the other. */
static void test_delete_while_bound(void **state)
{
    (void)state;
    window *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    a->ctx = new_context(NULL);
    b->ctx = new_context(a->ctx);
    make_current(a);
    assert_true(load_gl());
    scene sc = make_scene();
    draw_scene(&sc); /* leaves the program current, texture and buffer bound in a */
    assert_int_equal(image_errors(a->buf, 0, 2, 2), 0);

    make_current(b);
    f.glDeleteTextures(1, &sc.tex);
    f.glDeleteBuffers(1, &sc.vbo);
    f.glDeleteProgram(sc.prog);
    assert_int_equal(f.glGetError(), GL_NO_ERROR);
    assert_false(f.glIsTexture(sc.tex));
    assert_false(f.glIsBuffer(sc.vbo));
    /* a program current in a context is only flagged */
    assert_true(f.glIsProgram(sc.prog));
    GLint del = 0;
    f.glGetProgramiv(sc.prog, GL_DELETE_STATUS, &del);
    assert_int_equal(del, GL_TRUE);

    /* a still draws with the objects it has bound (no rebind by name) */
    make_current(a);
    assert_false(f.glIsTexture(sc.tex));
    f.glClear(GL_COLOR_BUFFER_BIT);
    f.glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    f.glFinish();
    assert_int_equal(f.glGetError(), GL_NO_ERROR);
    assert_int_equal(image_errors(a->buf, 0, 2, 2), 0);
    /* once a lets go, the program is gone everywhere */
    f.glUseProgram(0);
    f.glBindTexture(GL_TEXTURE_2D, 0);
    f.glBindBuffer(GL_ARRAY_BUFFER, 0);
    assert_false(f.glIsProgram(sc.prog));
    make_current(b);
    assert_false(f.glIsProgram(sc.prog));
    assert_int_equal(f.glGetError(), GL_NO_ERROR);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(a->ctx);
    f.OSMesaDestroyContext(b->ctx);
    free(a);
    free(b);
}

/* Two contexts of one group current on two threads at once, both drawing
 * with the shared texture, program and buffer, while each also makes and
 * deletes textures of its own in the shared name space. */
typedef struct thread_job {
    window *w;
    const scene *sc;
    pthread_barrier_t *barrier;
    int failures;
} thread_job;

static void *thread_main(void *arg)
{
    thread_job *job = arg;
    if (!f.OSMesaMakeCurrent(job->w->ctx, job->w->buf, GL_UNSIGNED_BYTE, S, S))
        job->failures++;
    pthread_barrier_wait(job->barrier);
    for (int it = 0; it < 30 && !job->failures; it++) {
        GLuint t;
        f.glGenTextures(1, &t);
        f.glBindTexture(GL_TEXTURE_2D, t);
        upload(2, 2, 2);
        draw_scene(job->sc); /* binds the shared texture again */
        f.glDeleteTextures(1, &t);
        if (image_errors(job->w->buf, 0, 2, 2) || f.glGetError() != GL_NO_ERROR)
            job->failures++;
    }
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    return NULL;
}

static void test_two_threads(void **state)
{
    (void)state;
    window *w[3];
    for (int i = 0; i < 3; i++)
        w[i] = calloc(1, sizeof *w[i]);
    w[0]->ctx = new_context(NULL);
    make_current(w[0]);
    assert_true(load_gl());
    scene sc = make_scene();
    f.glFinish();
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    w[1]->ctx = new_context(w[0]->ctx);
    w[2]->ctx = new_context(w[0]->ctx);
    pthread_barrier_t barrier;
    pthread_barrier_init(&barrier, NULL, 2);
    thread_job jobs[2] = {{w[1], &sc, &barrier, 0}, {w[2], &sc, &barrier, 0}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&th[i], NULL, thread_main, &jobs[i]), 0);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&barrier);
    assert_int_equal(jobs[0].failures, 0);
    assert_int_equal(jobs[1].failures, 0);
    for (int i = 0; i < 3; i++) {
        f.OSMesaDestroyContext(w[i]->ctx);
        free(w[i]);
    }
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s <libOSMesa.so> swr|mesa\n", argv[0]);
        return 2;
    }
    if (!load(argv[1]))
        return 1;
    is_mesa = strcmp(argv[2], "mesa") == 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_render_and_respecify),
        cmocka_unit_test(test_delete_while_bound),
        cmocka_unit_test(test_two_threads),
    };
    return cmocka_run_group_tests_name(is_mesa ? "osmesa share (Mesa oracle)" : "osmesa share (swr)",
                                       tests, NULL, NULL);
}
