/*
 * swr_glbench: the OpenGL benchmark. Runs scenes that stand for swr's users
 * (GL 2.1 + GLSL through the OSMesa API) on two OSMesa libraries loaded with
 * dlopen in one process, alternating between them, and prints per scene the
 * time per frame, triangles and pixels per second, the speed ratio and the
 * PSNR between the two final images.
 *
 *   swr_glbench [--swr LIB] [--ref LIB] [--size WxH] [--frames N]
 *               [--rounds R] [--scale S] [--busy N] [--dump DIR] [scene ...]
 *
 * Each library's line gives wall time and CPU time (the whole process's,
 * every thread) per frame of its best round. --busy N starts N processes
 * that spin on a core each for the whole run, as an MPI rank or an I/O
 * thread sharing the node would: a renderer that spins or waits badly on a
 * shared core shows it here (compare with KNOB_SINGLE_THREADED=1, which
 * never waits for another thread).
 *
 * --swr defaults to $SWR_OSMESA, else to the first libOSMesa.so.8 found
 * from this program's own location (/proc/self/exe, so from any working
 * directory): beside it, in the build tree (<build>/tools ->
 * <build>/frontend-gallium/targets/osmesa), in the installed private folder
 * (<bindir> -> <libdir>/swr), then in the configured install prefix.
 * --ref defaults to Mesa's llvmpipe ($SWR_REF_OSMESA or the Debian
 * path). --help prints the usage on stdout (exit 0), --version the swr
 * version, bad arguments the usage on stderr (exit 2). --scale multiplies the geometry of the geometry scenes (1 = the
 * full 1M-triangle mesh). Scenes: mesh, draws, layers, longfs, tiny,
 * immediate, texfill, conv3x3.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <dlfcn.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include "swr_version.h"
#include "tools/glc_api.h"

typedef struct bench_opts {
    int w, h, frames, rounds;
    double scale;
} bench_opts;

typedef struct scene_state {
    GLuint prog, buf[2], tex, tex2;
    GLsizei count;   /* vertices or indices per draw */
    double tris;     /* triangles per frame */
    double pixels;   /* shaded (or blended) pixels per frame, approximate */
    int w, h;
    double scale;
    float *data; /* a scene's client-side geometry (freed at the end) */
    int rows, cols;
    /* immediate: the GL 1.x entry points, looked up in each library */
    PFNGLBEGINPROC Begin;
    PFNGLENDPROC End;
    PFNGLNORMAL3FVPROC Normal3fv;
    PFNGLVERTEX3FVPROC Vertex3fv;
    PFNGLCOLOR3FPROC Color3f;
} scene_state;

typedef struct bench_scene {
    const char *name;
    const char *what;
    bool (*setup)(glc_api *g, scene_state *s);
    void (*frame)(glc_api *g, scene_state *s);
} bench_scene;

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now_s(void) { return clock_s(CLOCK_MONOTONIC); }

/* ---- --busy: processes keeping cores busy ------------------------------- */

#define MAX_BUSY 64

/* Starts n spinning children; each dies with this process (PDEATHSIG) or
 * when stop_busy kills it. Returns how many started. */
static int start_busy(int n, pid_t *pids)
{
    int started = 0;
    for (int i = 0; i < n; i++) {
        pid_t p = fork();
        if (p < 0)
            break;
        if (p == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            volatile unsigned long spin = 0;
            for (;;)
                spin++;
        }
        pids[started++] = p;
    }
    return started;
}

static void stop_busy(int n, const pid_t *pids)
{
    for (int i = 0; i < n; i++) {
        kill(pids[i], SIGKILL);
        waitpid(pids[i], NULL, 0);
    }
}

/* ---- mesh: a lit height field of >= 1M triangles in one VBO ------------- */

static const char *MESH_VS =
    "attribute vec3 position; attribute vec3 normal;\n"
    "uniform mat4 mvp; uniform mat3 nmat; varying vec3 n;\n"
    "void main() { n = nmat * normal; gl_Position = mvp * vec4(position, 1.0); }\n";
static const char *MESH_FS =
    "varying vec3 n; uniform vec3 light;\n"
    "void main() { vec3 N = normalize(n);\n"
    "  float d = max(dot(N, light), 0.0);\n"
    "  gl_FragColor = vec4(vec3(0.08) + d * vec3(0.7, 0.75, 0.9), 1.0); }\n";

static void mesh_matrices(glc_api *g, scene_state *s, float angle)
{
    float c = cosf(angle), sn = sinf(angle), f = 1.0f / tanf(0.45f);
    float asp = (float)s->w / (float)s->h, n = 0.5f, fa = 6.0f;
    /* model: rotate about y then tilt about x by 0.7 rad, translate z -2.6 */
    float ct = cosf(0.7f), st = sinf(0.7f);
    float m[16] = {c, st * sn, -ct * sn, 0, 0, ct, st, 0, sn, -st * c, ct * c, 0, 0, 0, -2.6f, 1};
    const float proj[16] = {f / asp, 0, 0, 0, 0, f, 0, 0, 0, 0, (fa + n) / (n - fa), -1,
                            0, 0, 2 * fa * n / (n - fa), 0};
    float mvp[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            float acc = 0;
            for (int k = 0; k < 4; k++)
                acc += proj[k * 4 + j] * m[i * 4 + k];
            mvp[i * 4 + j] = acc;
        }
    const float nmat[9] = {m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]};
    g->UniformMatrix4fv(g->GetUniformLocation(s->prog, "mvp"), 1, GL_FALSE, mvp);
    g->UniformMatrix3fv(g->GetUniformLocation(s->prog, "nmat"), 1, GL_FALSE, nmat);
}

static bool mesh_setup(glc_api *g, scene_state *s)
{
    s->prog = glc_program(g, MESH_VS, MESH_FS);
    if (!s->prog)
        return false;
    int nx = (int)(1024 * sqrt(s->scale)), ny = (int)(512 * sqrt(s->scale));
    if (nx < 8)
        nx = 8;
    if (ny < 4)
        ny = 4;
    size_t nv = (size_t)(nx + 1) * (ny + 1), ni = (size_t)nx * ny * 6;
    float *v = malloc(nv * 6 * sizeof(float));
    unsigned *idx = malloc(ni * sizeof(unsigned));
    if (!v || !idx)
        return false;
    for (int j = 0; j <= ny; j++)
        for (int i = 0; i <= nx; i++) {
            float x = -1.0f + 2.0f * i / nx, z = -1.0f + 2.0f * j / ny;
            float hgt = 0.08f * sinf(9 * x) * cosf(7 * z) + 0.03f * sinf(31 * x + 17 * z);
            float dx = 0.72f * cosf(9 * x) * cosf(7 * z) + 0.93f * cosf(31 * x + 17 * z);
            float dz = -0.56f * sinf(9 * x) * sinf(7 * z) + 0.51f * cosf(31 * x + 17 * z);
            float inv = 1.0f / sqrtf(dx * dx + 1 + dz * dz);
            float *d = v + ((size_t)j * (nx + 1) + i) * 6;
            d[0] = x, d[1] = hgt, d[2] = z, d[3] = -dx * inv, d[4] = inv, d[5] = -dz * inv;
        }
    size_t k = 0;
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            unsigned a = (unsigned)(j * (nx + 1) + i), b = a + (unsigned)nx + 1;
            idx[k++] = a, idx[k++] = b, idx[k++] = a + 1;
            idx[k++] = a + 1, idx[k++] = b, idx[k++] = b + 1;
        }
    g->GenBuffers(2, s->buf);
    g->BindBuffer(GL_ARRAY_BUFFER, s->buf[0]);
    g->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(nv * 6 * sizeof(float)), v, GL_STATIC_DRAW);
    g->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, s->buf[1]);
    g->BufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(ni * sizeof(unsigned)), idx, GL_STATIC_DRAW);
    free(v);
    free(idx);
    g->UseProgram(s->prog);
    GLint lp = g->GetAttribLocation(s->prog, "position"), ln = g->GetAttribLocation(s->prog, "normal");
    g->VertexAttribPointer((GLuint)lp, 3, GL_FLOAT, GL_FALSE, 24, (void *)0);
    g->VertexAttribPointer((GLuint)ln, 3, GL_FLOAT, GL_FALSE, 24, (void *)12);
    g->EnableVertexAttribArray((GLuint)lp);
    g->EnableVertexAttribArray((GLuint)ln);
    g->Uniform3f(g->GetUniformLocation(s->prog, "light"), 0.36f, 0.8f, 0.48f);
    mesh_matrices(g, s, 0.4f);
    g->Enable(GL_DEPTH_TEST);
    s->count = (GLsizei)ni;
    s->tris = (double)ni / 3;
    s->pixels = (double)s->w * s->h;
    return true;
}

static void mesh_frame(glc_api *g, scene_state *s)
{
    g->ClearColor(0.1f, 0.1f, 0.12f, 1);
    g->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    g->DrawElements(GL_TRIANGLES, s->count, GL_UNSIGNED_INT, (void *)0);
}

/* ---- draws: many small draws with state changes -------------------------- */

static const char *DRAWS_VS =
    "attribute vec3 position; uniform vec4 place; uniform float depth;\n"
    "void main() { gl_Position = vec4(position.xy * place.z + place.xy, depth, 1.0); }\n";
static const char *DRAWS_FS =
    "uniform vec4 color; void main() { gl_FragColor = color; }\n";

#define DRAWS_N 2000

static bool draws_setup(glc_api *g, scene_state *s)
{
    s->prog = glc_program(g, DRAWS_VS, DRAWS_FS);
    if (!s->prog)
        return false;
    /* a small disc of 32 triangles */
    float v[34 * 3];
    v[0] = v[1] = v[2] = 0;
    for (int i = 0; i <= 32; i++) {
        float a = 6.2831853f * i / 32;
        v[3 * (i + 1)] = cosf(a), v[3 * (i + 1) + 1] = sinf(a), v[3 * (i + 1) + 2] = 0;
    }
    g->GenBuffers(1, s->buf);
    g->BindBuffer(GL_ARRAY_BUFFER, s->buf[0]);
    g->BufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
    g->UseProgram(s->prog);
    GLint lp = g->GetAttribLocation(s->prog, "position");
    g->VertexAttribPointer((GLuint)lp, 3, GL_FLOAT, GL_FALSE, 0, (void *)0);
    g->EnableVertexAttribArray((GLuint)lp);
    s->count = 34;
    s->tris = 32.0 * DRAWS_N;
    double r = 0.02 * s->h / 2;
    s->pixels = 3.14159 * r * r * DRAWS_N;
    return true;
}

static void draws_frame(glc_api *g, scene_state *s)
{
    GLint lplace = g->GetUniformLocation(s->prog, "place");
    GLint lcolor = g->GetUniformLocation(s->prog, "color");
    GLint ldepth = g->GetUniformLocation(s->prog, "depth");
    g->ClearColor(0, 0, 0, 1);
    g->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    uint32_t seed = 12345;
    for (int i = 0; i < DRAWS_N; i++) {
        seed = seed * 1664525u + 1013904223u;
        float x = (float)(seed >> 8 & 0xffff) / 32768.0f - 1.0f;
        seed = seed * 1664525u + 1013904223u;
        float y = (float)(seed >> 8 & 0xffff) / 32768.0f - 1.0f;
        if (i % 10 == 0) { /* state changes every 10 draws */
            if ((i / 10) & 1) {
                g->Enable(GL_BLEND);
                g->BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
                g->Disable(GL_DEPTH_TEST);
            } else {
                g->Disable(GL_BLEND);
                g->Enable(GL_DEPTH_TEST);
                g->DepthFunc((i / 20) & 1 ? GL_LESS : GL_LEQUAL);
            }
        }
        g->Uniform4f(lplace, x, y, 0.02f, 0);
        g->Uniform4f(lcolor, (float)(i % 7) / 6.0f, (float)(i % 5) / 4.0f, (float)(i % 3) / 2.0f, 0.6f);
        g->Uniform1f(ldepth, (float)(i % 13) / 13.0f - 0.5f);
        g->DrawArrays(GL_TRIANGLE_FAN, 0, s->count);
    }
    g->Disable(GL_BLEND);
    g->Disable(GL_DEPTH_TEST);
}

/* ---- layers: blended full-screen textured layers ------------------------- */

static const char *LAYER_VS =
    "attribute vec2 position; uniform vec2 shift; varying vec2 uv;\n"
    "void main() { uv = position * 0.5 + 0.5 + shift; gl_Position = vec4(position, 0.0, 1.0); }\n";
static const char *LAYER_FS =
    "uniform sampler2D tex; uniform vec4 tint; varying vec2 uv;\n"
    "void main() { gl_FragColor = texture2D(tex, uv) * tint; }\n";

#define LAYERS_N 8

static bool layers_setup(glc_api *g, scene_state *s)
{
    s->prog = glc_program(g, LAYER_VS, LAYER_FS);
    if (!s->prog)
        return false;
    enum { T = 512 };
    uint8_t *px = malloc(T * T * 4);
    for (int y = 0; y < T; y++)
        for (int x = 0; x < T; x++) {
            uint8_t *q = px + (y * T + x) * 4;
            q[0] = (uint8_t)(x / 2), q[1] = (uint8_t)(y / 2), q[2] = (uint8_t)((x ^ y) & 255);
            q[3] = (uint8_t)(96 + ((x / 32 + y / 32) & 1) * 96);
        }
    g->GenTextures(1, &s->tex);
    g->BindTexture(GL_TEXTURE_2D, s->tex);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, T, T, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    free(px);
    g->GenerateMipmap(GL_TEXTURE_2D);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    const float quad[8] = {-1, -1, 1, -1, 1, 1, -1, 1};
    g->GenBuffers(1, s->buf);
    g->BindBuffer(GL_ARRAY_BUFFER, s->buf[0]);
    g->BufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    g->UseProgram(s->prog);
    GLint lp = g->GetAttribLocation(s->prog, "position");
    g->VertexAttribPointer((GLuint)lp, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
    g->EnableVertexAttribArray((GLuint)lp);
    g->Uniform1i(g->GetUniformLocation(s->prog, "tex"), 0);
    s->tris = 2.0 * LAYERS_N;
    s->pixels = (double)s->w * s->h * LAYERS_N;
    return true;
}

static void layers_frame(glc_api *g, scene_state *s)
{
    GLint lshift = g->GetUniformLocation(s->prog, "shift");
    GLint ltint = g->GetUniformLocation(s->prog, "tint");
    g->ClearColor(0.2f, 0.2f, 0.2f, 1);
    g->Clear(GL_COLOR_BUFFER_BIT);
    g->Enable(GL_BLEND);
    g->BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    for (int i = 0; i < LAYERS_N; i++) {
        g->Uniform2f(lshift, 0.13f * i, 0.07f * i);
        g->Uniform4f(ltint, 1.0f - 0.1f * i, 0.6f + 0.05f * i, 0.5f + 0.06f * i, 1.0f);
        g->DrawArrays(GL_TRIANGLE_FAN, 0, 4);
    }
    g->Disable(GL_BLEND);
}

/* ---- longfs: a full-screen quad with a long fragment shader -------------- */

static const char *LONG_FS =
    "varying vec2 uv; uniform float t;\n"
    "void main() {\n"
    "  vec2 p = uv * 4.0 - 2.0; vec3 c = vec3(0.0);\n"
    "  for (int i = 0; i < 24; i++) {\n"
    "    float fi = float(i);\n"
    "    vec2 q = p + vec2(sin(t + fi * 0.37), cos(t * 0.7 + fi * 0.53));\n"
    "    float d = dot(q, q);\n"
    "    c += vec3(0.02 + 0.01 * sin(fi), 0.015, 0.03 - 0.001 * fi) / (d + 0.05);\n"
    "    p = mat2(0.96, -0.28, 0.28, 0.96) * p * 1.02;\n"
    "  }\n"
    "  c = c / (1.0 + c);\n"
    "  gl_FragColor = vec4(pow(c, vec3(0.8)), 1.0);\n"
    "}\n";

static bool longfs_setup(glc_api *g, scene_state *s)
{
    s->prog = glc_program(g, LAYER_VS, LONG_FS);
    if (!s->prog)
        return false;
    const float quad[8] = {-1, -1, 1, -1, 1, 1, -1, 1};
    g->GenBuffers(1, s->buf);
    g->BindBuffer(GL_ARRAY_BUFFER, s->buf[0]);
    g->BufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    g->UseProgram(s->prog);
    GLint lp = g->GetAttribLocation(s->prog, "position");
    g->VertexAttribPointer((GLuint)lp, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
    g->EnableVertexAttribArray((GLuint)lp);
    g->Uniform1f(g->GetUniformLocation(s->prog, "t"), 0.8f);
    s->tris = 2;
    s->pixels = (double)s->w * s->h;
    return true;
}

static void longfs_frame(glc_api *g, scene_state *s)
{
    (void)s;
    g->DrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

/* ---- texfill, conv3x3: texture-bound fill ------------------------------------ */

/* A w x h RGBA8 pattern with detail at every scale (gradients, XOR bits,
 * checkers), so nearest and linear results differ everywhere. */
static uint8_t *pattern_rgba8(int w, int h)
{
    uint8_t *px = malloc((size_t)w * h * 4);
    if (!px)
        return NULL;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint8_t *q = px + ((size_t)y * w + x) * 4;
            q[0] = (uint8_t)(x * 255 / (w - 1)), q[1] = (uint8_t)(y * 255 / (h - 1));
            q[2] = (uint8_t)((x ^ y) * 7), q[3] = (uint8_t)(128 + ((x / 16 + y / 16) & 1) * 127);
        }
    return px;
}

static void fullscreen_quad(glc_api *g, scene_state *s)
{
    const float quad[8] = {-1, -1, 1, -1, 1, 1, -1, 1};
    g->GenBuffers(1, s->buf);
    g->BindBuffer(GL_ARRAY_BUFFER, s->buf[0]);
    g->BufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    g->UseProgram(s->prog);
    GLint lp = g->GetAttribLocation(s->prog, "position");
    g->VertexAttribPointer((GLuint)lp, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
    g->EnableVertexAttribArray((GLuint)lp);
}

/* texfill: TEXFILL_N blended full-screen layers of plain GL_LINEAR lookups
 * (min = mag = LINEAR, so one level is sampled) of a 512x512 RGBA8
 * texture, alternately one with a mip chain (GL_REPEAT) and one without
 * (GL_CLAMP_TO_EDGE), at about 1.3 texels per pixel. */
#define TEXFILL_N 6

static bool texfill_setup(glc_api *g, scene_state *s)
{
    s->prog = glc_program(g, LAYER_VS, LAYER_FS);
    if (!s->prog)
        return false;
    enum { T = 512 };
    uint8_t *px = pattern_rgba8(T, T);
    if (!px)
        return false;
    GLuint t[2];
    g->GenTextures(2, t);
    for (int k = 0; k < 2; k++) {
        g->BindTexture(GL_TEXTURE_2D, t[k]);
        g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, T, T, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
        if (k == 0)
            g->GenerateMipmap(GL_TEXTURE_2D);
        GLint wrap = k == 0 ? GL_REPEAT : GL_CLAMP_TO_EDGE;
        g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap);
        g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap);
    }
    free(px);
    s->tex = t[0], s->tex2 = t[1];
    fullscreen_quad(g, s);
    g->Uniform1i(g->GetUniformLocation(s->prog, "tex"), 0);
    s->tris = 2.0 * TEXFILL_N;
    s->pixels = (double)s->w * s->h * TEXFILL_N;
    return true;
}

static void texfill_frame(glc_api *g, scene_state *s)
{
    GLint lshift = g->GetUniformLocation(s->prog, "shift");
    GLint ltint = g->GetUniformLocation(s->prog, "tint");
    g->ClearColor(0.2f, 0.2f, 0.2f, 1);
    g->Clear(GL_COLOR_BUFFER_BIT);
    g->Enable(GL_BLEND);
    g->BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    for (int i = 0; i < TEXFILL_N; i++) {
        g->BindTexture(GL_TEXTURE_2D, i & 1 ? s->tex2 : s->tex);
        g->Uniform2f(lshift, 0.11f * i, 0.05f * i);
        g->Uniform4f(ltint, 1.0f - 0.1f * i, 0.7f + 0.05f * i, 0.5f + 0.08f * i, 0.8f);
        g->DrawArrays(GL_TRIANGLE_FAN, 0, 4);
    }
    g->Disable(GL_BLEND);
}

/* conv3x3: a 9-tap convolution (a sharpen kernel) of a 1024x1024 RGBA8
 * texture over the whole window, drawn twice per frame: GL_NEAREST, then
 * GL_LINEAR (the second image is the one compared). */
static const char *CONV_FS =
    "uniform sampler2D tex; uniform vec2 texel; varying vec2 uv;\n"
    "void main() {\n"
    "  vec4 c = vec4(0.0);\n"
    "  for (int y = -1; y <= 1; y++)\n"
    "    for (int x = -1; x <= 1; x++) {\n"
    "      float k = (x == 0 && y == 0) ? 5.0 : (x == 0 || y == 0) ? -1.0 : 0.0625;\n"
    "      c += k * texture2D(tex, uv + vec2(float(x), float(y)) * texel);\n"
    "    }\n"
    "  gl_FragColor = vec4(c.rgb * 0.8, 1.0);\n"
    "}\n";

static bool conv3x3_setup(glc_api *g, scene_state *s)
{
    s->prog = glc_program(g, LAYER_VS, CONV_FS);
    if (!s->prog)
        return false;
    enum { T = 1024 };
    uint8_t *px = pattern_rgba8(T, T);
    if (!px)
        return false;
    g->GenTextures(1, &s->tex);
    g->BindTexture(GL_TEXTURE_2D, s->tex);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, T, T, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    free(px);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    fullscreen_quad(g, s);
    g->Uniform1i(g->GetUniformLocation(s->prog, "tex"), 0);
    g->Uniform2f(g->GetUniformLocation(s->prog, "shift"), 0.0f, 0.0f);
    g->Uniform2f(g->GetUniformLocation(s->prog, "texel"), 1.0f / T, 1.0f / T);
    s->tris = 4;
    s->pixels = (double)s->w * s->h * 2;
    return true;
}

static void conv3x3_frame(glc_api *g, scene_state *s)
{
    static const GLint filters[2] = {GL_NEAREST, GL_LINEAR};
    for (int k = 0; k < 2; k++) {
        g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filters[k]);
        g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filters[k]);
        g->DrawArrays(GL_TRIANGLE_FAN, 0, 4);
    }
}

/* ---- tiny: about a million sub-pixel triangles, non-indexed --------------- */

static const char *TINY_VS =
    "attribute vec2 position; attribute vec3 color; varying vec3 c;\n"
    "void main() { c = color; gl_Position = vec4(position, 0.0, 1.0); }\n";
static const char *TINY_FS = "varying vec3 c; void main() { gl_FragColor = vec4(c, 1.0); }\n";

static bool tiny_setup(glc_api *g, scene_state *s)
{
    s->prog = glc_program(g, TINY_VS, TINY_FS);
    if (!s->prog)
        return false;
    size_t n = (size_t)(1000000 * s->scale);
    if (n < 1000)
        n = 1000;
    float *v = malloc(n * 3 * 5 * sizeof(float));
    if (!v)
        return false;
    uint32_t seed = 777;
    float px = 2.0f / (float)s->w;
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        float x = (float)(seed >> 8) / 8388608.0f - 1.0f;
        seed = seed * 1664525u + 1013904223u;
        float y = (float)(seed >> 8) / 8388608.0f - 1.0f;
        float *d = v + i * 15;
        const float off[3][2] = {{0, 0}, {1.2f, 0.1f}, {0.3f, 1.1f}};
        for (int k = 0; k < 3; k++) {
            d[5 * k] = x + off[k][0] * px, d[5 * k + 1] = y + off[k][1] * px;
            d[5 * k + 2] = (float)(i % 7) / 6.0f, d[5 * k + 3] = (float)k / 2.0f;
            d[5 * k + 4] = (float)(i % 3) / 2.0f;
        }
    }
    g->GenBuffers(1, s->buf);
    g->BindBuffer(GL_ARRAY_BUFFER, s->buf[0]);
    g->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n * 15 * sizeof(float)), v, GL_STATIC_DRAW);
    free(v);
    g->UseProgram(s->prog);
    GLint lp = g->GetAttribLocation(s->prog, "position"), lc = g->GetAttribLocation(s->prog, "color");
    g->VertexAttribPointer((GLuint)lp, 2, GL_FLOAT, GL_FALSE, 20, (void *)0);
    g->VertexAttribPointer((GLuint)lc, 3, GL_FLOAT, GL_FALSE, 20, (void *)8);
    g->EnableVertexAttribArray((GLuint)lp);
    g->EnableVertexAttribArray((GLuint)lc);
    s->count = (GLsizei)(n * 3);
    s->tris = (double)n;
    s->pixels = (double)n * 0.66;
    return true;
}

static void tiny_frame(glc_api *g, scene_state *s)
{
    g->ClearColor(0, 0, 0, 1);
    g->Clear(GL_COLOR_BUFFER_BIT);
    g->DrawArrays(GL_TRIANGLES, 0, s->count);
}

/* ---- immediate: a lit surface as 256 strips in glBegin/glEnd ------------ */

/* GLSL 1.10 reading the built-in attributes (no fixed-function pipeline
 * needed): the vertices come from glNormal3fv / glVertex3fv calls. */
static const char *IMM_VS =
    "uniform mat4 mvp; uniform mat3 nmat; varying vec3 n;\n"
    "void main() { n = nmat * gl_Normal; gl_FrontColor = gl_Color;\n"
    "  gl_Position = mvp * gl_Vertex; }\n";
static const char *IMM_FS =
    "varying vec3 n; uniform vec3 light;\n"
    "void main() { float d = max(dot(normalize(n), light), 0.0);\n"
    "  gl_FragColor = vec4(gl_Color.rgb * (0.1 + d), 1.0); }\n";

#define IMM_STRIPS 256

static bool immediate_setup(glc_api *g, scene_state *s)
{
    *(void **)&s->Begin = dlsym(g->lib, "glBegin");
    *(void **)&s->End = dlsym(g->lib, "glEnd");
    *(void **)&s->Normal3fv = dlsym(g->lib, "glNormal3fv");
    *(void **)&s->Vertex3fv = dlsym(g->lib, "glVertex3fv");
    *(void **)&s->Color3f = dlsym(g->lib, "glColor3f");
    if (!s->Begin || !s->End || !s->Normal3fv || !s->Vertex3fv || !s->Color3f)
        return false;
    s->prog = glc_program(g, IMM_VS, IMM_FS);
    if (!s->prog)
        return false;
    /* IMM_STRIPS rows of cols quads: 2 * cols triangles per strip. */
    s->rows = IMM_STRIPS;
    s->cols = (int)(200 * s->scale);
    if (s->cols < 4)
        s->cols = 4;
    size_t nv = (size_t)(s->rows + 1) * (s->cols + 1);
    s->data = malloc(nv * 6 * sizeof(float));
    if (!s->data)
        return false;
    for (int j = 0; j <= s->rows; j++)
        for (int i = 0; i <= s->cols; i++) {
            float x = -1.0f + 2.0f * i / s->cols, z = -1.0f + 2.0f * j / s->rows;
            float hgt = 0.08f * sinf(9 * x) * cosf(7 * z) + 0.03f * sinf(31 * x + 17 * z);
            float dx = 0.72f * cosf(9 * x) * cosf(7 * z) + 0.93f * cosf(31 * x + 17 * z);
            float dz = -0.56f * sinf(9 * x) * sinf(7 * z) + 0.51f * cosf(31 * x + 17 * z);
            float inv = 1.0f / sqrtf(dx * dx + 1 + dz * dz);
            float *d = s->data + ((size_t)j * (s->cols + 1) + i) * 6;
            d[0] = -dx * inv, d[1] = inv, d[2] = -dz * inv, d[3] = x, d[4] = hgt, d[5] = z;
        }
    g->UseProgram(s->prog);
    g->Uniform3f(g->GetUniformLocation(s->prog, "light"), 0.36f, 0.8f, 0.48f);
    mesh_matrices(g, s, 0.4f);
    g->Enable(GL_DEPTH_TEST);
    s->tris = 2.0 * s->cols * s->rows;
    s->pixels = (double)s->w * s->h;
    return true;
}

static void immediate_frame(glc_api *g, scene_state *s)
{
    g->ClearColor(0.1f, 0.1f, 0.12f, 1);
    g->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    size_t row = (size_t)(s->cols + 1) * 6;
    for (int j = 0; j < s->rows; j++) {
        s->Color3f(0.6f + 0.4f * (float)(j & 1), 0.75f, 0.9f - 0.3f * (float)(j % 3) / 2.0f);
        s->Begin(GL_TRIANGLE_STRIP);
        const float *a = s->data + (size_t)j * row, *b = a + row;
        for (int i = 0; i <= s->cols; i++) {
            s->Normal3fv(b + 6 * i);
            s->Vertex3fv(b + 6 * i + 3);
            s->Normal3fv(a + 6 * i);
            s->Vertex3fv(a + 6 * i + 3);
        }
        s->End();
    }
}

static const bench_scene scenes[] = {
    {"mesh", "geometry: lit height field, >= 1M triangles, one VBO", mesh_setup, mesh_frame},
    {"draws", "geometry: 2000 small draws, uniforms + blend/depth changes", draws_setup, draws_frame},
    {"layers", "fill: 8 blended full-screen textured layers (trilinear)", layers_setup, layers_frame},
    {"longfs", "fill: full-screen quad, long fragment shader", longfs_setup, longfs_frame},
    {"tiny", "geometry: ~1M sub-pixel triangles, non-indexed", tiny_setup, tiny_frame},
    {"immediate", "geometry: lit surface, 102k triangles in 256 glBegin/glEnd strips",
     immediate_setup, immediate_frame},
    {"texfill", "fill: 6 blended full-screen GL_LINEAR layers, 512x512 RGBA8, mipmapped or not",
     texfill_setup, texfill_frame},
    {"conv3x3", "fill: 9-tap convolution of a 1024x1024 RGBA8 texture, NEAREST then LINEAR",
     conv3x3_setup, conv3x3_frame},
};
#define NUM_SCENES (sizeof scenes / sizeof scenes[0])

typedef struct lib_run {
    glc_api *g;
    glc_target t;
    scene_state s;
    double best_ms;  /* best round average */
    double best_cpu; /* process CPU ms per frame in that round */
    bool ok;
} lib_run;

static bool lib_setup(lib_run *r, const bench_scene *sc, const bench_opts *o)
{
    memset(&r->s, 0, sizeof r->s);
    r->s.w = o->w, r->s.h = o->h, r->s.scale = o->scale;
    r->best_ms = INFINITY;
    if (!glc_target_create(&r->t, r->g, o->w, o->h))
        return false;
    r->g->Viewport(0, 0, o->w, o->h);
    r->ok = sc->setup(r->g, &r->s);
    if (r->ok) { /* warm-up frame: shader compiles, first-use allocations */
        sc->frame(r->g, &r->s);
        r->g->Finish();
        GLenum e = r->g->GetError();
        if (e != GL_NO_ERROR) {
            fprintf(stderr, "%s: %s: GL error 0x%04x\n", r->g->path, sc->name, e);
            r->ok = false;
        }
    }
    return r->ok;
}

static void lib_round(lib_run *r, const bench_scene *sc, int frames)
{
    glc_target_bind(&r->t);
    double t0 = now_s(), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
    for (int f = 0; f < frames; f++) {
        sc->frame(r->g, &r->s);
        r->g->Finish();
    }
    double ms = (now_s() - t0) * 1000.0 / frames;
    double cpu = (clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0) * 1000.0 / frames;
    if (ms < r->best_ms) {
        r->best_ms = ms;
        r->best_cpu = cpu;
    }
}

static int usage(FILE *to, int status)
{
    fprintf(to, "usage: swr_glbench [--swr LIB] [--ref LIB] [--size WxH] [--frames N] "
                "[--rounds R] [--scale S] [--busy N] [--dump DIR] [scene ...]\n"
                "       swr_glbench --help | --version\n"
                "  scenes: mesh, draws, layers, longfs, tiny, immediate (default: all)\n"
                "  --swr  swr's libOSMesa.so.8 (default: $SWR_OSMESA, else found from this program)\n"
                "  --ref  the reference library (default: $SWR_REF_OSMESA, else Mesa's llvmpipe)\n"
                "  --busy N processes spinning on a core each during the run (default 0)\n");
    return status;
}

static bool is_file(const char *path)
{
    return access(path, R_OK) == 0;
}

/* swr's libOSMesa.so.8 relative to this executable (see the top comment);
 * the result points into `buf`, NULL when none of the places has it. */
static const char *find_swr_library(char *buf, size_t size)
{
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = 0;
        char *slash = strrchr(self, '/');
        if (slash)
            *slash = 0;
        const char *rel[] = {".", SWR_BUILD_TOOLS_TO_OSMESA, SWR_BIN_TO_PRIVATE_LIBDIR};
        for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
            /* the folder made canonical, the file name kept (the soname) */
            char candidate[4200], *real;
            snprintf(candidate, sizeof candidate, "%s/%s", self, rel[i]);
            if ((real = realpath(candidate, NULL)) != NULL) {
                snprintf(buf, size, "%s/libOSMesa.so.8", real);
                free(real);
                if (is_file(buf))
                    return buf;
            }
        }
    }
    snprintf(buf, size, "%s/libOSMesa.so.8", SWR_INSTALL_PRIVATE_LIBDIR_FULL);
    return is_file(buf) ? buf : NULL;
}

/* A whole number in [lo, hi], or false. */
static bool parse_int(const char *s, int lo, int hi, int *out)
{
    char *end = NULL;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

int main(int argc, char **argv)
{
    bench_opts o = {1024, 768, 5, 3, 1.0};
    int busy = 0;
    const char *swr_path = getenv("SWR_OSMESA"), *ref_path = NULL, *dump = NULL;
    const char *only[NUM_SCENES];
    int nonly = 0;
    char found[4200];
    for (int i = 1; i < argc; i++) {
        bool has_value = i + 1 < argc;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return usage(stdout, 0);
        else if (!strcmp(argv[i], "--version")) {
            printf("swr_glbench (swr) %s\n", SWR_VERSION_STRING);
            return 0;
        } else if (!strcmp(argv[i], "--swr") && has_value)
            swr_path = argv[++i];
        else if (!strcmp(argv[i], "--ref") && has_value)
            ref_path = argv[++i];
        else if (!strcmp(argv[i], "--size") && has_value) {
            char tail;
            if (sscanf(argv[++i], "%dx%d%c", &o.w, &o.h, &tail) != 2)
                return usage(stderr, 2);
        } else if (!strcmp(argv[i], "--frames") && has_value) {
            if (!parse_int(argv[++i], 1, 1000000, &o.frames))
                return usage(stderr, 2);
        } else if (!strcmp(argv[i], "--rounds") && has_value) {
            if (!parse_int(argv[++i], 1, 1000000, &o.rounds))
                return usage(stderr, 2);
        } else if (!strcmp(argv[i], "--scale") && has_value) {
            char *end = NULL;
            o.scale = strtod(argv[++i], &end);
            if (!end || *end)
                return usage(stderr, 2);
        } else if (!strcmp(argv[i], "--busy") && has_value) {
            if (!parse_int(argv[++i], 0, MAX_BUSY, &busy))
                return usage(stderr, 2);
        } else if (!strcmp(argv[i], "--dump") && has_value)
            dump = argv[++i];
        else if (argv[i][0] != '-' && nonly < (int)NUM_SCENES) {
            bool known = false;
            for (size_t si = 0; si < NUM_SCENES; si++)
                known |= !strcmp(argv[i], scenes[si].name);
            if (!known) {
                fprintf(stderr, "swr_glbench: unknown scene '%s'\n", argv[i]);
                return usage(stderr, 2);
            }
            only[nonly++] = argv[i];
        } else
            return usage(stderr, 2);
    }
    if (!swr_path || !*swr_path) {
        swr_path = find_swr_library(found, sizeof found);
        if (!swr_path) {
            fprintf(stderr, "swr_glbench: libOSMesa.so.8 not found beside this program, in its "
                            "build tree or under %s; give --swr LIB\n",
                    SWR_INSTALL_PRIVATE_LIBDIR_FULL);
            return 1;
        }
    }
    if (!ref_path)
        ref_path = glc_reference_library();
    if (o.w < 16 || o.h < 16 || o.w > 16384 || o.h > 16384 || !(o.scale > 0) || o.scale > 100) {
        fprintf(stderr, "swr_glbench: bad size or scale\n");
        return usage(stderr, 2);
    }
    glc_api swr, ref;
    if (!glc_open(&swr, swr_path) || !glc_open(&ref, ref_path))
        return 1;
    pid_t busy_pids[MAX_BUSY];
    int nbusy = start_busy(busy, busy_pids);
    printf("swr_glbench: %dx%d, %d frames x %d rounds (best round), alternating", o.w, o.h,
           o.frames, o.rounds);
    if (busy)
        printf(", %d busy process%s", nbusy, nbusy == 1 ? "" : "es");
    printf("\n");
    printf("  swr:      %s\n", swr_path);
    printf("  llvmpipe: %s\n\n", ref_path);
    printf("%-7s %-9s %9s %9s %10s %10s %9s %9s\n", "scene", "library", "ms/frame", "cpu ms",
           "Mtri/s", "Mpix/s", "speedup", "PSNR dB");
    int failures = 0;
    for (size_t si = 0; si < NUM_SCENES; si++) {
        const bench_scene *sc = &scenes[si];
        bool want = nonly == 0;
        for (int k = 0; k < nonly; k++)
            want |= !strcmp(only[k], sc->name);
        if (!want)
            continue;
        lib_run runs[2] = {{.g = &swr}, {.g = &ref}};
        bool ok = lib_setup(&runs[0], sc, &o) & lib_setup(&runs[1], sc, &o);
        if (ok)
            for (int r = 0; r < o.rounds; r++)
                for (int l = 0; l < 2; l++)
                    lib_round(&runs[l], sc, o.frames);
        double psnr = NAN;
        if (ok) {
            glc_target_bind(&runs[0].t);
            runs[0].g->Finish();
            glc_target_bind(&runs[1].t);
            runs[1].g->Finish();
            psnr = glc_psnr(runs[0].t.color, runs[1].t.color, o.w, o.h, NULL);
            if (dump) {
                char p[512];
                snprintf(p, sizeof p, "%s/%s-swr.png", dump, sc->name);
                glc_write_png(p, runs[0].t.color, o.w, o.h);
                snprintf(p, sizeof p, "%s/%s-llvmpipe.png", dump, sc->name);
                glc_write_png(p, runs[1].t.color, o.w, o.h);
            }
        }
        for (int l = 0; l < 2; l++) {
            lib_run *r = &runs[l];
            if (!r->ok) {
                printf("%-7s %-9s %9s\n", sc->name, l ? "llvmpipe" : "swr", "failed");
                failures++;
                continue;
            }
            double sec = r->best_ms / 1000.0;
            printf("%-7s %-9s %9.2f %9.2f %10.2f %10.1f", sc->name, l ? "llvmpipe" : "swr",
                   r->best_ms, r->best_cpu, r->s.tris / sec / 1e6, r->s.pixels / sec / 1e6);
            if (l == 0 && runs[1].ok)
                printf(" %8.2fx %9.2f", runs[1].best_ms / runs[0].best_ms, isinf(psnr) ? 99.99 : psnr);
            printf("\n");
        }
        for (int l = 0; l < 2; l++) {
            if (runs[l].t.ctx)
                glc_target_destroy(&runs[l].t);
            free(runs[l].s.data);
        }
        printf("%-7s   (%s)\n", "", sc->what);
    }
    stop_busy(nbusy, busy_pids);
    glc_close(&swr);
    glc_close(&ref);
    return failures ? 1 : 0;
}
