/*
 * test_glsl.c: GLSL programs compiled by swr_glsl and run by the TGSI
 * interpreter on 8 lanes; every result is compared with the same
 * computation written in C (libm for the built-in functions).
 */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "glsl_harness.h"

static harness H;

/* lane inputs: a = (l+1)*0.25-1 etc. */
static float in_a(int l, int c) { return (float)(l + 1) * 0.25f - 1.0f + 0.1f * (float)c; }

static void set_a(harness *h)
{
    for (int l = 0; l < 8; l++) {
        float v[4];
        for (int c = 0; c < 4; c++)
            v[c] = in_a(l, c);
        h_set_attrib(h, "a", 0, l, v, 4);
    }
}

/* Runs a VS whose result is written to varying `r` (vec4) read by a
 * pass-through FS; returns the VS output GENERIC slot of r. */
static int vs_result_slot(harness *h)
{
    const jit_shader_info *fi = jit_shader_get_info(h->fs);
    (void)fi;
    for (unsigned r = 0; r < jit_shader_get_info(h->vs)->num_outputs; r++)
        if (jit_shader_get_info(h->vs)->output_semantic[r] == TGSI_SEMANTIC_GENERIC &&
            jit_shader_get_info(h->vs)->output_semantic_index[r] >= 8)
            return (int)r;
    return -1;
}

static const char *fs_r = "varying vec4 r; void main() { gl_FragColor = r; }\n";

static void check_close(float got, float want, float tol, const char *what, int l, int c)
{
    float err = fabsf(got - want);
    float lim = tol * fmaxf(1.0f, fabsf(want));
    if (!(err <= lim) && !(isnan(got) && isnan(want)))
        fail_msg("%s lane %d comp %d: got %.7g want %.7g", what, l, c, got, want);
}

typedef void (*oracle_fn)(const float *a, float *r);

/* Evaluates `expr` (a vec4 expression of vec4 a) in a VS, compares with f. */
static void vs_expr(const char *decls, const char *body, oracle_fn f, float tol)
{
    char vs[4096], ver[32] = "";
    if (!strncmp(decls, "#version", 8)) {
        memcpy(ver, decls, 13);
        decls += 13;
    }
    snprintf(vs, sizeof vs,
             "%s\nattribute vec4 a;\nvarying vec4 r;\n%s\nvoid main() {\n vec4 res;\n%s\n r = res;\n"
             " gl_Position = a;\n}\n",
             ver, decls, body);
    harness *h = &H;
    assert_true(h_init(h, vs, fs_r));
    set_a(h);
    h_run_vs(h);
    int o = vs_result_slot(h);
    assert_true(o >= 0);
    for (int l = 0; l < 8; l++) {
        float a[4], want[4];
        for (int c = 0; c < 4; c++)
            a[c] = in_a(l, c);
        f(a, want);
        for (int c = 0; c < 4; c++)
            check_close(h->out[o].v[c][l], want[c], tol, body, l, c);
    }
    /* the FS reads the same slot */
    h_run_fs(h, 0xff);
    for (int l = 0; l < 8; l++)
        for (int c = 0; c < 4; c++)
            assert_true(h->ps.color[0].v[c][l] == h->out[o].v[c][l]);
    h_fini(h);
}

/* ---- arithmetic and matrices ---- */
static void o_arith(const float *a, float *r)
{
    r[0] = a[0] * 2.0f + a[1];
    r[1] = a[1] / 2.0f - a[2];
    r[2] = -a[2] * a[3];
    r[3] = (a[0] + 1.0f) * (a[0] + 1.0f);
}
static void t_arith(void **st)
{
    vs_expr("", "res = vec4(a.x * 2.0 + a.y, a.y / 2.0 - a.z, -a.z * a.w, 0.0);\n"
                "float t = a.x; t += 1.0; res.w = t; res.w *= t;",
            o_arith, 1e-6f);
}

static void o_mat(const float *a, float *r)
{
    /* m = mat4 with column c = (c+1, c+2, c+3, c+4) * 0.5; r = m * a + a * m (as GLSL) */
    float m[4][4];
    for (int c = 0; c < 4; c++)
        for (int k = 0; k < 4; k++)
            m[c][k] = (float)(c + k + 1) * 0.5f;
    for (int k = 0; k < 4; k++) {
        float mv = 0, vm = 0;
        for (int c = 0; c < 4; c++) {
            mv += m[c][k] * a[c];
            vm += a[c] * m[k][c];
        }
        r[k] = mv + vm;
    }
}
static void t_matrix(void **st)
{
    vs_expr("",
            "mat4 m; for (int c = 0; c < 4; c++) for (int k = 0; k < 4; k++) m[c][k] = float(c + k + 1) * 0.5;\n"
            "res = m * a + a * m;",
            o_mat, 1e-5f);
}

static void o_mat2(const float *a, float *r)
{
    /* mat2x3 A(cols (a.x,a.y,a.z),(a.w,1,2)); mat3x2 B = transpose(A); C = A*B (3x3); r = C[0].xyz, C[2].z */
    float A[2][3] = {{a[0], a[1], a[2]}, {a[3], 1, 2}};
    float C[3][3];
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++)
            C[j][i] = A[0][i] * A[0][j] + A[1][i] * A[1][j];
    r[0] = C[0][0];
    r[1] = C[0][1];
    r[2] = C[0][2];
    r[3] = C[2][2] + C[1][0];
}
static void t_matrix_nonsquare(void **st)
{
    vs_expr("#version 120\n",
            "mat2x3 A = mat2x3(a.xyz, a.w, 1.0, 2.0); mat3x2 B = transpose(A); mat3 C = A * B;\n"
            "res = vec4(C[0], C[2].z + C[1][0]);",
            o_mat2, 1e-5f);
}

static void o_ctor(const float *a, float *r)
{
    /* mat3(mat2(a)) identity extension; vec from mixed */
    r[0] = a[0];
    r[1] = 0.0f + a[1];
    r[2] = 1.0f;
    r[3] = a[0] + a[3];
}
static void t_constructors(void **st)
{
    vs_expr("#version 120\n", "mat2 m2 = mat2(a.x, 0.0, a.y, 1.0); mat3 m3 = mat3(m2);\n"
                "vec2 p = vec2(a);\n"
                "res = vec4(m3[0].x, m3[1].x, m3[2].z, p.x + vec4(a.w).x);",
            o_ctor, 1e-6f);
}

/* ---- built-in functions ---- */
static void o_trig(const float *a, float *r)
{
    r[0] = sinf(a[0]) + cosf(a[1]);
    r[1] = tanf(a[2] * 0.5f);
    r[2] = asinf(a[0] * 0.9f) + acosf(a[1] * 0.5f);
    r[3] = atanf(a[3]) + atan2f(a[0], a[1] - 0.3f);
}
static void t_trig(void **st)
{
    vs_expr("", "res = vec4(sin(a.x) + cos(a.y), tan(a.z * 0.5), asin(a.x * 0.9) + acos(a.y * 0.5),"
                " atan(a.w) + atan(a.x, a.y - 0.3));",
            o_trig, 2e-4f);
}
static void o_exp(const float *a, float *r)
{
    float x = fabsf(a[0]) + 0.5f;
    r[0] = powf(x, 1.5f) + expf(a[1]);
    r[1] = logf(x) + exp2f(a[2]) + log2f(x);
    r[2] = sqrtf(x) + 1.0f / sqrtf(x);
    r[3] = (float)(a[3] * 180.0 / M_PI) + (float)(a[0] * M_PI / 180.0);
}
static void t_exponential(void **st)
{
    vs_expr("", "float x = abs(a.x) + 0.5;\n"
                "res = vec4(pow(x, 1.5) + exp(a.y), log(x) + exp2(a.z) + log2(x), sqrt(x) + inversesqrt(x),"
                " degrees(a.w) + radians(a.x));",
            o_exp, 1e-4f);
}
static float clampf(float x, float lo, float hi) { return fminf(fmaxf(x, lo), hi); }
static void o_common(const float *a, float *r)
{
    float x = a[0] * 3.3f;
    r[0] = fabsf(x) + (x > 0 ? 1.0f : x < 0 ? -1.0f : 0.0f) + floorf(x) + ceilf(a[1] * 2.7f);
    r[1] = (x - floorf(x)) + fmodf(fabsf(x), 1.5f) + fminf(a[0], a[1]) + fmaxf(a[2], 0.1f);
    r[2] = clampf(x, -0.5f, 0.5f) + (a[0] * (1 - 0.25f) + a[1] * 0.25f) + (a[2] < 0.0f ? 0.0f : 1.0f);
    float t = clampf((a[3] - (-0.5f)) / (1.0f - (-0.5f)), 0, 1);
    r[3] = t * t * (3 - 2 * t);
}
static void t_common(void **st)
{
    vs_expr("", "float x = a.x * 3.3;\n"
                "res.x = abs(x) + sign(x) + floor(x) + ceil(a.y * 2.7);\n"
                "res.y = fract(x) + mod(abs(x), 1.5) + min(a.x, a.y) + max(a.z, 0.1);\n"
                "res.z = clamp(x, -0.5, 0.5) + mix(a.x, a.y, 0.25) + step(0.0, a.z);\n"
                "res.w = smoothstep(-0.5, 1.0, a.w);",
            o_common, 1e-5f);
}
static void o_geom(const float *a, float *r)
{
    float len = sqrtf(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    float b[3] = {a[1], a[2] + 0.5f, 1.0f};
    float cr[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    float d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    /* reflect(a.xyz, n) with n = normalize(b) */
    float bl = sqrtf(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);
    float n0 = b[0] / bl;
    float dn = (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / bl;
    r[0] = len + d;
    r[1] = cr[0] + cr[1] * cr[2];
    r[2] = a[0] - 2.0f * dn * n0;
    float dist = sqrtf((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
    float ff = (a[0] * b[0] + a[1] * b[1] < 0) ? a[3] : -a[3];
    r[3] = dist + ff;
}
static void t_geometric(void **st)
{
    vs_expr("", "vec3 b = vec3(a.y, a.z + 0.5, 1.0);\n vec3 c = cross(a.xyz, b);\n"
                "res = vec4(length(a.xyz) + dot(a.xyz, b), c.x + c.y * c.z, reflect(a.xyz, normalize(b)).x,"
                " distance(a.xyz, b) + faceforward(vec2(a.w), b.xy, a.xy).x);",
            o_geom, 1e-4f);
}
static void o_rel(const float *a, float *r)
{
    r[0] = (a[0] < a[1]) ? 1.0f : 0.0f;
    r[1] = (a[0] > 0.0f && a[1] > 0.0f) ? 1.0f : 0.0f; /* all(greaterThan) */
    r[2] = (a[0] > 0.0f || a[1] > 0.0f) ? 1.0f : 0.0f;
    r[3] = (a[0] == a[0] && !(a[2] != a[2])) ? 2.0f : 3.0f;
}
static void t_relational(void **st)
{
    vs_expr("", "bvec2 lt = lessThan(a.xy, a.yx);\n"
                "res.x = float(lt.x);\n"
                "res.y = all(greaterThan(a.xy, vec2(0.0))) ? 1.0 : 0.0;\n"
                "res.z = float(any(greaterThan(a.xy, vec2(0.0))));\n"
                "res.w = (a == a && !any(notEqual(a.zz, a.zz))) ? 2.0 : 3.0;",
            o_rel, 0);
}

/* ---- control flow ---- */
static void o_loops(const float *a, float *r)
{
    float s = 0;
    for (int i = 0; i < 10; i++) {
        if (i == 2)
            continue;
        if ((float)i > a[0] * 4.0f + 5.0f)
            break;
        s += (float)i;
    }
    r[0] = s;
    int n = 0;
    float x = a[1];
    while (x < 2.0f) {
        x += 0.5f;
        n++;
    }
    r[1] = (float)n;
    float y = 0;
    int k = 0;
    do {
        k++;
        if (k == 3)
            continue;
        y += a[2];
    } while (k < 5);
    r[2] = y;
    /* f: early return from a loop inside a function */
    float z = -1.0f;
    for (int i = 0; i < 8; i++)
        if ((float)i * 0.25f - 1.0f > a[3]) {
            z = (float)i;
            break;
        }
    r[3] = z;
}
static void t_loops(void **st)
{
    vs_expr("float first_above(float t) {\n"
            "  for (int i = 0; i < 8; i++) { if (float(i) * 0.25 - 1.0 > t) return float(i); }\n"
            "  return -1.0;\n}\n",
            "float s = 0.0;\n"
            "for (int i = 0; i < 10; i++) { if (i == 2) continue; if (float(i) > a.x * 4.0 + 5.0) break; s += float(i); }\n"
            "int n = 0; float x = a.y; while (x < 2.0) { x += 0.5; n++; }\n"
            "float y = 0.0; int k = 0; do { k++; if (k == 3) continue; y += a.z; } while (k < 5);\n"
            "res = vec4(s, float(n), y, first_above(a.w));",
            o_loops, 1e-6f);
}
static void o_func(const float *a, float *r)
{
    float lo = fminf(a[0], a[1]), hi = fmaxf(a[0], a[1]);
    r[0] = lo;
    r[1] = hi;
    r[2] = a[2] * 2.0f + 1.0f;
    r[3] = (a[3] > 0) ? a[3] : -a[3] * 3.0f;
}
static void t_functions(void **st)
{
    vs_expr("void order(in float x, in float y, out float lo, out float hi) { lo = min(x, y); hi = max(x, y); }\n"
            "void twice(inout float v) { v = v * 2.0; v += 1.0; }\n"
            "float f(float x) { if (x > 0.0) return x; x = -x; return x * 3.0; }\n",
            "float lo, hi; order(a.x, a.y, lo, hi); float z = a.z; twice(z);\n"
            "res = vec4(lo, hi, z, f(a.w));",
            o_func, 1e-6f);
}
static void o_struct(const float *a, float *r)
{
    float arr[5];
    for (int i = 0; i < 5; i++)
        arr[i] = (float)i * a[0];
    int idx = (int)((a[1] + 1.0f) * 2.0f); /* 0..4 */
    if (idx > 4)
        idx = 4;
    if (idx < 0)
        idx = 0;
    r[0] = arr[idx];
    r[1] = a[2] + (idx / 2 == 2 - idx / 2 ? 0.0f : 1.0f); /* the second write may hit the same element */
    float v[4] = {a[0], a[1], a[2], a[3]};
    v[idx & 3] = 7.0f;
    r[2] = v[0] + v[1] * 2 + v[2] * 4 + v[3] * 8;
    r[3] = (float)idx;
}
static void t_struct_array(void **st)
{
    vs_expr("#version 120\nstruct S { float f; vec2 p[3]; };\n",
            "float arr[5]; for (int i = 0; i < 5; i++) arr[i] = float(i) * a.x;\n"
            "int idx = int(clamp((a.y + 1.0) * 2.0, 0.0, 4.0));\n"
            "S s; s.f = a.z; s.p[idx / 2] = vec2(1.0, 2.0); s.p[2 - idx / 2].x = 0.0;\n"
            "S t = s; t.f += s.p[idx / 2].x;\n"
            "vec4 v = a; v[idx - (idx / 4) * 4] = 7.0;\n"
            "res = vec4(arr[idx], t.f, v.x + v.y * 2.0 + v.z * 4.0 + v.w * 8.0, float(idx));",
            o_struct, 1e-6f);
}
static void o_swz(const float *a, float *r)
{
    r[0] = a[1];
    r[1] = a[0];
    r[2] = a[3] + a[0];
    r[3] = a[2];
}
static void t_swizzle(void **st)
{
    vs_expr("", "res = a; res.yx = a.xy; res.wz = a.zw; res.z += a.x;", o_swz, 1e-6f);
}
static void o_int(const float *a, float *r)
{
    int i = (int)(a[0] * 10.0f), j = 3;
    unsigned u = (unsigned)(int)(a[1] * 10.0f + 20.0f);
    r[0] = (float)(i * j + i / 2 - (i % 2 == 0 ? 0 : 0));
    r[1] = (float)((u >> 1) | 1u) + (float)(u & 6u) + (float)(u ^ 5u);
    r[2] = (float)((int)((unsigned)i << 2) + (-i >> 1));
    r[3] = (float)(i < 0 ? -i : i) + (float)(u % 7u);
}
static void t_int130(void **st)
{
    vs_expr("#version 130\n",
            "int i = int(a.x * 10.0), j = 3; uint u = uint(int(a.y * 10.0 + 20.0));\n"
            "res.x = float(i * j + i / 2);\n"
            "res.y = float((u >> 1u) | 1u) + float(u & 6u) + float(u ^ 5u);\n"
            "res.z = float((i << 2) + (-i >> 1));\n"
            "res.w = float(abs(i)) + float(u % 7u);",
            o_int, 0);
}

/* the same for ternary/bool */
static void o_bool(const float *a, float *r)
{
    bool b = a[0] > 0.0f;
    bool c = a[1] > -0.5f;
    r[0] = (b != c) ? 1.0f : 0.0f;
    r[1] = (b && c) ? a[2] : a[3];
    r[2] = b ? 1.0f : 0.0f;
    r[3] = (float)((int)c);
}
static void t_bool(void **st)
{
    vs_expr("", "bool b = a.x > 0.0; bool c = a.y > -0.5;\n"
                "res = vec4(float(b ^^ c), (b && c) ? a.z : a.w, float(b), float(int(c)));",
            o_bool, 0);
}

static float search_c(float t)
{
    for (int k = 0; k < 16; k++)
        if ((float)k > t)
            return (float)k;
    return -1.0f;
}
static void o_func2(const float *a, float *r)
{
    r[0] = a[1] > 0.0f ? 3.0f * a[0] : 3.0f;
    float arr[3] = {0, 1, 2};
    int i = (int)clampf(a[2] * 2.0f + 1.0f, 0.0f, 2.0f);
    arr[i] = 5.0f;
    r[1] = arr[0] + arr[1] + arr[2];
    r[2] = search_c(a[3] * 8.0f) + search_c(a[0] * 8.0f);
    r[3] = 2.0f * (a[0] * a[0] + a[1]) + 2.0f * a[1] * a[1] + 4.0f * a[2] + 120.0f;
}
static void t_functions2(void **st)
{
    vs_expr("#version 120\nstruct P { vec3 a; float b[2]; };\n"
            "P mk(float x) { P p; p.a = vec3(x); p.b[0] = x; p.b[1] = 2.0 * x; return p; }\n"
            "float sum(float arr[3]) { return arr[0] + arr[1] + arr[2]; }\n"
            "void setel(out float v) { v = 5.0; }\n"
            "float search(float t) {\n"
            "  for (int i = 0; i < 4; i++) { for (int j = 0; j < 4; j++) {\n"
            "    if (float(i * 4 + j) > t) return float(i * 4 + j); } }\n"
            "  return -1.0;\n}\n",
            "P p = mk(a.x); P q = a.y > 0.0 ? p : mk(1.0);\n"
            "float arr[3]; arr[0] = 0.0; arr[1] = 1.0; arr[2] = 2.0;\n"
            "int i = int(clamp(a.z * 2.0 + 1.0, 0.0, 2.0)); setel(arr[i]);\n"
            "mat3 m = mat3(a.x, 1.0, 0.0, 0.0, a.y, 0.0, 0.0, 0.0, 2.0); mat3 m2 = mat3(2.0); m *= m2;\n"
            "vec3 v = a.xyz; v *= m;\n"
            "float w = 0.0; while (true) { if (w > 100.0) break; w += 30.0; }\n"
            "res = vec4(q.a.x + q.b[1], sum(arr), search(a.w * 8.0) + search(a.x * 8.0), v.x + v.y + v.z + w);",
            o_func2, 1e-5f);
}

/* Indirect writes into arrays of matrices/vectors, ++ on array elements,
 * switch fallthrough with continue/break/for(;;) inside a loop, nested inout. */
static void t_control2(void **st)
{
    const char *vs = "#version 130\n"
                     "in vec4 a; uniform int i, j; out vec4 r;\n"
                     "void inc(inout int x) { x++; }\n"
                     "void two(out int p, out int q) { p = 1; inc(p); q = p + 10; }\n"
                     "void main() {\n"
                     "  mat2 ms[3]; ms[i][j] = vec2(1.0); ms[i][j][i] = 2.0;\n"
                     "  vec4 arr[4]; arr[i] = vec4(0.0); arr[i][j] = 1.0; arr[i]++;\n"
                     "  int k = i; int m = k++ + ++k;\n"
                     "  int s = 0;\n"
                     "  for (int t = 0; t < 10; t++) {\n"
                     "    switch (t) {\n"
                     "      case 1: continue;\n"
                     "      default: s += 1;\n"
                     "      case 3: s += 10; break;\n"
                     "      case 4: for (;;) { if (s > 0) break; } s += 100;\n"
                     "    }\n"
                     "  }\n"
                     "  int p, q; two(p, q);\n"
                     "  r = vec4(ms[1][0].y, arr[1].x, float(m), float(s + p + q));\n"
                     "  gl_Position = a;\n"
                     "}\n";
    const char *fs = "#version 130\nin vec4 r; out vec4 c; void main() { c = r; }\n";
    harness *h = &H;
    assert_true(h_init(h, vs, fs));
    int32_t one = 1, zero = 0;
    assert_true(h_set(h, "i", 0, 0, (float *)&one, 1));
    assert_true(h_set(h, "j", 0, 0, (float *)&zero, 1));
    h_run_vs(h);
    h_run_fs(h, 0xff);
    const float want[4] = {2, 2, 4, 201};
    for (int l = 0; l < 8; l++)
        for (int c = 0; c < 4; c++)
            check_close(h->ps.color[0].v[c][l], want[c], 0, "control2", l, c);
    h_fini(h);
}

/* ---- uniforms, attributes, varyings, built-ins ---- */
static void t_uniforms(void **st)
{
    const char *vs = "#version 120\n"
                     "struct L { vec3 pos; float k[2]; };\n"
                     "uniform L lights[2];\n"
                     "uniform mat3 m3;\n"
                     "uniform float w[3];\n"
                     "uniform int sel;\n"
                     "uniform bool flag;\n"
                     "attribute vec4 pos;\n"
                     "attribute mat2 mm;\n"
                     "varying vec4 r;\n"
                     "void main() {\n"
                     "  vec3 p = m3 * pos.xyz;\n"
                     "  r = vec4(p.x + lights[1].pos.y + lights[0].k[1], w[sel] + mm[1].x, flag ? 1.0 : 2.0, 0.0);\n"
                     "  gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
                     "}\n";
    const char *fs = "uniform sampler2D tex; uniform float w[3]; varying vec4 r;\n"
                     "void main() { gl_FragColor = r * w[0] + texture2D(tex, r.xy); }\n";
    harness *h = &H;
    assert_true(h_init(h, vs, fs));
    const swr_glsl_uniform *u = h_uniform(h, "lights[1].pos");
    assert_non_null(u);
    assert_int_equal(u->gl_type, 0x8B51);
    u = h_uniform(h, "lights[0].k[0]");
    assert_non_null(u);
    assert_int_equal(u->array_size, 2);
    u = h_uniform(h, "m3");
    assert_non_null(u);
    assert_int_equal(u->gl_type, 0x8B5B);
    assert_int_equal(u->regs_per_element, 3);
    u = h_uniform(h, "w[0]");
    assert_non_null(u);
    assert_int_equal(u->array_size, 3);
    assert_int_equal(u->stage_mask, 3);
    u = h_uniform(h, "tex");
    assert_non_null(u);
    assert_int_equal(u->gl_type, 0x8B5E);
    assert_int_equal(u->const_reg, -1);
    assert_int_equal(u->sampler, 0);
    assert_int_equal(u->stage_mask, 2);
    assert_int_equal(swr_glsl_sampler_target(h->prog, 0), TGSI_TEXTURE_2D);
    assert_non_null(h_uniform(h, "gl_ModelViewProjectionMatrix"));
    assert_non_null(h_uniform(h, "sel"));
    assert_int_equal(h_uniform(h, "flag")->gl_type, 0x8B56);
    /* attributes */
    const swr_glsl_attrib *at = h_attrib(h, "gl_Vertex");
    assert_non_null(at);
    assert_int_equal(at->location, 0);
    at = h_attrib(h, "mm");
    assert_non_null(at);
    assert_int_equal(at->num_inputs, 2);
    assert_int_equal(at->gl_type, 0x8B5A);
    assert_true(h_attrib(h, "pos")->location != 0 && h_attrib(h, "mm")->location != 0);
    /* values */
    float m3[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    for (int c = 0; c < 3; c++)
        assert_true(h_set(h, "m3", 0, c, m3[c], 3));
    float lp[3] = {0, 0.5f, 0}, k1 = 0.25f, w[3] = {10, 20, 30};
    assert_true(h_set(h, "lights[1].pos", 0, 0, lp, 3));
    assert_true(h_set(h, "lights[0].k[0]", 1, 0, &k1, 1));
    for (int i = 0; i < 3; i++)
        assert_true(h_set(h, "w[0]", i, 0, &w[i], 1));
    int32_t sel = 2;
    uint32_t flag = 1; /* any nonzero bits are true */
    assert_true(h_set(h, "sel", 0, 0, (float *)&sel, 1));
    assert_true(h_set(h, "flag", 0, 0, (float *)&flag, 1));
    float mvp[4][4] = {{2, 0, 0, 0}, {0, 3, 0, 0}, {0, 0, 4, 0}, {1, 1, 1, 1}};
    for (int c = 0; c < 4; c++)
        assert_true(h_set(h, "gl_ModelViewProjectionMatrix", 0, c, mvp[c], 4));
    for (int l = 0; l < 8; l++) {
        float p[4] = {(float)l, 1, 2, 1}, mm1[2] = {(float)l * 2, 0};
        h_set_attrib(h, "pos", 0, l, p, 4);
        h_set_attrib(h, "gl_Vertex", 0, l, p, 4);
        h_set_attrib(h, "mm", 1, l, mm1, 2);
    }
    h_run_vs(h);
    int o = vs_result_slot(h), po = h_vs_out(h, TGSI_SEMANTIC_POSITION, 0);
    assert_true(o >= 0 && po >= 0);
    for (int l = 0; l < 8; l++) {
        float px = 1 * (float)l + 4 * 1 + 7 * 2;
        check_close(h->out[o].v[0][l], px + 0.5f + 0.25f, 1e-6f, "uniform x", l, 0);
        check_close(h->out[o].v[1][l], 30 + (float)l * 2, 1e-6f, "uniform y", l, 1);
        check_close(h->out[o].v[2][l], 1.0f, 0, "bool uniform", l, 2);
        check_close(h->out[po].v[0][l], 2 * (float)l + 1, 1e-6f, "mvp", l, 0);
        check_close(h->out[po].v[3][l], 1, 1e-6f, "mvp", l, 3);
    }
    h_fini(h);
}

/* A fake sampler recording its last request. */
static swr_tex_request last_req;
static int num_req;
static void fake_sample(const swr_sampler_interface *self, const swr_tex_request *req, swr_simd_vec4 *out)
{
    last_req = *req;
    num_req++;
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < 8; l++)
            out->v[c][l] = (float)(c + 1) * 0.125f;
}
static void fake_size(const swr_sampler_interface *self, unsigned sview, const int32_t level[8], uint32_t mask,
                      swr_simd_vec4 *out)
{
    for (int l = 0; l < 8; l++) {
        int32_t v[4] = {64 >> level[l], 32 >> level[l], 4, 7};
        for (int c = 0; c < 4; c++)
            memcpy(&out->v[c][l], &v[c], 4);
    }
}
static const swr_sampler_interface fake = {.sample = fake_sample, .query_size = fake_size};

static void tex_case(const char *ver, const char *decl, const char *call, unsigned target, int op, int has_lod,
                     int has_cmp, int has_off, float cx, float cy, float lod, float cmp)
{
    char fs[1024];
    snprintf(fs, sizeof fs, "%s\n%s\nvarying vec4 r;\nvoid main() { gl_FragColor = vec4(%s); }\n", ver, decl, call);
    char vs[512];
    snprintf(vs, sizeof vs, "%s\nattribute vec4 a;\nvarying vec4 r;\nvoid main() { r = a; gl_Position = a; }\n", ver);
    harness *h = &H;
    assert_true(h_init(h, vs, fs));
    h->sampler = &fake;
    for (int l = 0; l < 8; l++) {
        float v[4] = {0.5f, 0.25f, 2.0f, 4.0f};
        h_set_attrib(h, "a", 0, l, v, 4);
    }
    h_run_vs(h);
    num_req = 0;
    h_run_fs(h, 0xff);
    assert_int_equal(num_req, 1);
    if (last_req.target != target || last_req.op != op || last_req.has_lod != has_lod ||
        last_req.has_compare != has_cmp || last_req.has_offsets != has_off)
        fail_msg("%s: target %d op %d lod %d cmp %d off %d", call, last_req.target, last_req.op, last_req.has_lod,
                 last_req.has_compare, last_req.has_offsets);
    check_close(last_req.coords.v[0][0], cx, 1e-6f, call, 0, 0);
    check_close(last_req.coords.v[1][0], cy, 1e-6f, call, 0, 1);
    if (has_lod || op == SWR_TEX_SAMPLE_L)
        check_close(last_req.lod[0], lod, 1e-6f, call, 0, 3);
    if (has_cmp)
        check_close(last_req.compare[0], cmp, 1e-6f, call, 0, 2);
    if (has_off)
        assert_int_equal(last_req.offsets[0][0], 1);
    if (op != SWR_TEX_FETCH)
        check_close(h->ps.color[0].v[0][0], 0.125f, 0, call, 0, 0);
    h_fini(h);
}
static void t_texture(void **st)
{
    tex_case("", "uniform sampler2D s;", "texture2D(s, r.xy)", TGSI_TEXTURE_2D, SWR_TEX_SAMPLE, 0, 0, 0, 0.5f,
             0.25f, 0, 0);
    tex_case("", "uniform sampler2D s;", "texture2D(s, r.xy, 1.5)", TGSI_TEXTURE_2D, SWR_TEX_SAMPLE, 1, 0, 0, 0.5f,
             0.25f, 1.5f, 0);
    tex_case("", "uniform sampler2D s;", "texture2DProj(s, r.xyw)", TGSI_TEXTURE_2D, SWR_TEX_SAMPLE, 0, 0, 0,
             0.125f, 0.0625f, 0, 0);
    tex_case("", "uniform sampler3D s;", "texture3D(s, r.xyz)", TGSI_TEXTURE_3D, SWR_TEX_SAMPLE, 0, 0, 0, 0.5f,
             0.25f, 0, 0);
    tex_case("", "uniform samplerCube s;", "textureCube(s, r.xyz)", TGSI_TEXTURE_CUBE, SWR_TEX_SAMPLE, 0, 0, 0,
             0.5f, 0.25f, 0, 0);
    tex_case("", "uniform sampler2DShadow s;", "shadow2D(s, r.xyz)", TGSI_TEXTURE_SHADOW2D, SWR_TEX_SAMPLE, 0, 1, 0,
             0.5f, 0.25f, 0, 2.0f);
    tex_case("", "uniform sampler1D s;", "texture1D(s, r.x)", TGSI_TEXTURE_1D, SWR_TEX_SAMPLE, 0, 0, 0, 0.5f, 0, 0,
             0);
    tex_case("#version 130", "uniform sampler2D s;", "textureLod(s, r.xy, 2.0)", TGSI_TEXTURE_2D, SWR_TEX_SAMPLE_L,
             0, 0, 0, 0.5f, 0.25f, 2.0f, 0);
    tex_case("#version 130", "uniform sampler2D s;", "textureOffset(s, r.xy, ivec2(1, 2))", TGSI_TEXTURE_2D,
             SWR_TEX_SAMPLE, 0, 0, 1, 0.5f, 0.25f, 0, 0);
    tex_case("#version 130", "uniform sampler2DArray s;", "texture(s, r.xyz)", TGSI_TEXTURE_2D_ARRAY,
             SWR_TEX_SAMPLE, 0, 0, 0, 0.5f, 0.25f, 0, 0);
    tex_case("#version 130", "uniform sampler2DArrayShadow s;", "vec4(texture(s, r))", TGSI_TEXTURE_SHADOW2D_ARRAY,
             SWR_TEX_SAMPLE, 0, 1, 0, 0.5f, 0.25f, 0, 4.0f);
    tex_case("#version 130", "uniform sampler2D s;", "texelFetch(s, ivec2(3, 5), 1)", TGSI_TEXTURE_2D,
             SWR_TEX_FETCH, 0, 0, 0, 4.2e-45f, 7.0e-45f, 0, 0);
    tex_case("#version 130", "uniform sampler2D s;", "textureGrad(s, r.xy, vec2(1.0), vec2(2.0))", TGSI_TEXTURE_2D,
             SWR_TEX_SAMPLE, 0, 0, 0, 0.5f, 0.25f, 0, 0);
}
static void t_texture_size(void **st)
{
    const char *fs = "#version 130\nuniform sampler2D s; out vec4 c;\n"
                     "void main() { ivec2 sz = textureSize(s, 1); c = vec4(sz, 0, 1); }\n";
    const char *vs = "#version 130\nin vec4 a; void main() { gl_Position = a; }\n";
    harness *h = &H;
    assert_true(h_init(h, vs, fs));
    h->sampler = &fake;
    h_run_vs(h);
    h_run_fs(h, 0xff);
    check_close(h->ps.color[0].v[0][3], 32, 0, "textureSize", 3, 0);
    check_close(h->ps.color[0].v[1][3], 16, 0, "textureSize", 3, 1);
    h_fini(h);
}

static void t_discard(void **st)
{
    const char *vs = "attribute vec4 a; varying float v; void main() { v = a.x; gl_Position = a; }\n";
    const char *fs = "varying float v;\n"
                     "void main() { if (v < 0.0) discard; gl_FragColor = vec4(v, gl_FragCoord.x, gl_FrontFacing ? 1.0 : 0.0,"
                     " gl_FragCoord.y); }\n";
    harness *h = &H;
    assert_true(h_init(h, vs, fs));
    set_a(h);
    h_run_vs(h);
    h_run_fs(h, 0xff);
    uint32_t want = 0;
    for (int l = 0; l < 8; l++)
        if (!(in_a(l, 0) < 0.0f))
            want |= 1u << l;
    assert_int_equal(h->ps.exec_mask, want);
    for (int l = 0; l < 8; l++)
        if (want & (1u << l)) {
            check_close(h->ps.color[0].v[0][l], in_a(l, 0), 0, "discard v", l, 0);
            check_close(h->ps.color[0].v[1][l], h->ps.position.v[0][l], 0, "fragcoord", l, 1);
            check_close(h->ps.color[0].v[2][l], 1.0f, 0, "frontfacing", l, 2);
            check_close(h->ps.color[0].v[3][l], h->ps.position.v[1][l], 0, "fragcoord y (rows grow upwards in GL images)", l, 3);
        }
    h_fini(h);
}

static void t_builtin_varyings(void **st)
{
    const char *vs = "void main() { gl_FrontColor = gl_Color; gl_TexCoord[1] = gl_MultiTexCoord1 * 2.0;"
                     " gl_Position = ftransform(); }\n";
    const char *fs = "void main() { gl_FragData[0] = gl_Color + gl_TexCoord[1]; }\n";
    harness *h = &H;
    assert_true(h_init(h, vs, fs));
    assert_int_equal(h_attrib(h, "gl_Color")->location, 3);
    assert_int_equal(h_attrib(h, "gl_MultiTexCoord1")->location, 9);
    for (int l = 0; l < 8; l++) {
        float c[4] = {0.1f * l, 0.2f, 0.3f, 0.4f}, t[4] = {1, 2, 3, (float)l};
        h_set_attrib(h, "gl_Color", 0, l, c, 4);
        h_set_attrib(h, "gl_MultiTexCoord1", 0, l, t, 4);
    }
    h_run_vs(h);
    assert_true(h_vs_out(h, TGSI_SEMANTIC_COLOR, 0) >= 0);
    assert_true(h_vs_out(h, TGSI_SEMANTIC_GENERIC, 1) >= 0);
    h_run_fs(h, 0xff);
    for (int l = 0; l < 8; l++) {
        check_close(h->ps.color[0].v[0][l], 0.1f * l + 2.0f, 1e-6f, "fragdata", l, 0);
        check_close(h->ps.color[0].v[3][l], 0.4f + 2.0f * l, 1e-6f, "fragdata", l, 3);
    }
    h_fini(h);
}

/* ---- errors ---- */
static void expect_compile_error(swr_glsl_stage st, const char *src, const char *line)
{
    swr_glsl_shader *s = swr_glsl_compile(st, 1, &src, NULL);
    assert_non_null(s);
    assert_false(swr_glsl_shader_ok(s));
    const char *log = swr_glsl_shader_log(s);
    if (!strstr(log, "ERROR") || !strstr(log, line))
        fail_msg("log lacks ERROR / %s: %s", line, log);
    swr_glsl_shader_destroy(s);
}
static void t_errors(void **st)
{
    expect_compile_error(SWR_GLSL_VERTEX, "void main() {\n gl_Position = vec4(1.0)\n}\n", "0:3");
    expect_compile_error(SWR_GLSL_VERTEX, "void main() {\n\n float x = vec2(1.0);\n gl_Position = vec4(x); }\n",
                         "0:3");
    expect_compile_error(SWR_GLSL_FRAGMENT, "void main() {\n gl_FragColor = vec4(undeclared);\n}\n", "0:2");
    /* GLSL 1.10 7.2: gl_FragColor and gl_FragData are exclusive (even in dead code);
     * 1.30 4.3.4: so are they and user outputs */
    expect_compile_error(SWR_GLSL_FRAGMENT,
                         "void main() {\n gl_FragColor = vec4(1.0);\n if (false)\n  gl_FragData[0] = vec4(0.0);\n}\n",
                         "0:4");
    expect_compile_error(SWR_GLSL_FRAGMENT, "#version 130\nout vec4 c;\nvoid main() {\n c = vec4(1.0);\n gl_FragColor = c;\n}\n",
                         "0:5");
    /* GLSL 1.50 4.3.7: a block name may not name a function too (in either
     * order; glslang crashed on the function-first order) */
    expect_compile_error(SWR_GLSL_VERTEX,
                         "#version 150\nvec4 block()\n{\n return vec4(0);\n}\nout block {\n vec4 a;\n} inst;\n"
                         "void main() { gl_Position = block(); }\n",
                         "0:6: 'block' : block name is also the name of a function");
    expect_compile_error(SWR_GLSL_VERTEX,
                         "#version 150\nout blk {\n vec4 a;\n} inst;\nvec4 blk() { return vec4(0); }\n"
                         "void main() { gl_Position = blk(); }\n",
                         "block name is also the name of a function");
    /* GLSL 1.50 4.3.4: integer fragment inputs are flat, block members too */
    expect_compile_error(SWR_GLSL_FRAGMENT,
                         "#version 150\nin IB {\n vec4 f;\n int u[4];\n};\nout vec4 c;\nvoid main() { c = vec4(u[3]); }\n",
                         "0:7: an integer member of an input block must be qualified flat");
    expect_compile_error(SWR_GLSL_FRAGMENT,
                         "#version 150\nstruct S { float a; uvec2 b; };\nin IB {\n S s;\n} ib;\nout vec4 c;\n"
                         "void main() { c = vec4(ib.s.b, 0, 1); }\n",
                         "must be qualified flat");
    {
        const char *ok_fs[2] = {
            "#version 150\nin IB { flat int u[4]; };\nout vec4 c;\nvoid main() { c = vec4(u[3]); }\n",
            "#version 150\nstruct S { float a; };\nin IB { flat int u; vec4 f; S s; };\nout vec4 c;\n"
            "void main() { c = f * float(u) * s.a; }\n"};
        for (int i = 0; i < 2; i++) {
            swr_glsl_shader *s = swr_glsl_compile(SWR_GLSL_FRAGMENT, 1, &ok_fs[i], NULL);
            if (!swr_glsl_shader_ok(s))
                fail_msg("flat block %d: %s", i, swr_glsl_shader_log(s));
            swr_glsl_shader_destroy(s);
        }
    }
    /* link: a missing stage is fixed-function processing (GL 2.1 section 2.15):
     * the identity transform with colours passed through, and a fragment stage
     * writing the primary colour */
    const char *vs = "void main() { gl_Position = vec4(0.0); gl_FrontColor = vec4(1.0); }\n";
    swr_glsl_shader *v = swr_glsl_compile(SWR_GLSL_VERTEX, 1, &vs, NULL);
    swr_glsl_program *p = swr_glsl_link(&v, 1, NULL, 0);
    assert_true(swr_glsl_program_ok(p));
    const char *ffs = swr_glsl_program_tgsi(p, SWR_GLSL_FRAGMENT);
    assert_non_null(ffs);
    assert_non_null(strstr(ffs, "COLOR"));
    swr_glsl_program_destroy(p);
    swr_glsl_shader_destroy(v);
    const char *fs_only = "void main() { gl_FragColor = gl_Color; }\n";
    swr_glsl_shader *f = swr_glsl_compile(SWR_GLSL_FRAGMENT, 1, &fs_only, NULL);
    p = swr_glsl_link(&f, 1, NULL, 0);
    assert_true(swr_glsl_program_ok(p));
    assert_non_null(strstr(swr_glsl_program_tgsi(p, SWR_GLSL_VERTEX), ", POSITION"));
    swr_glsl_program_destroy(p);
    swr_glsl_shader_destroy(f);
    /* link: a vertex shader that never writes gl_Position (GLSL 1.10 section 7.1) */
    {
        swr_glsl_program *q = h_link("void main() { gl_FrontColor = vec4(0.3); }",
                                     "void main() { gl_FragColor = gl_Color; }");
        assert_false(swr_glsl_program_ok(q));
        assert_non_null(strstr(swr_glsl_program_log(q), "gl_Position"));
        swr_glsl_program_destroy(q);
        /* GLSL 1.40 section 7.1: from 1.40 on gl_Position is undefined then, not an error */
        q = h_link("#version 140\nout vec4 c;\nvoid main() { c = vec4(0.3); }",
                   "#version 140\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }");
        if (!swr_glsl_program_ok(q))
            fail_msg("1.40 without gl_Position: %s", swr_glsl_program_log(q));
        swr_glsl_program_destroy(q);
    }
    /* link: varying mismatch and unwritten varying */
    const char *pairs[4][2] = {
        {"varying vec3 x; void main() { x = vec3(1.0); gl_Position = vec4(0.0); }",
         "varying vec4 x; void main() { gl_FragColor = x; }"},
        {"void main() { gl_Position = vec4(0.0); }", "varying vec4 y; void main() { gl_FragColor = y; }"},
        /* declared by both stages, never written by the vertex shader */
        {"varying vec4 y; void main() { gl_Position = vec4(0.0); }",
         "varying vec4 y; void main() { gl_FragColor = y; }"},
        /* GLSL 1.30: interpolation qualifiers must match */
        {"#version 130\nflat out vec4 y; void main() { y = vec4(1.0); gl_Position = vec4(0.0); }",
         "#version 130\nnoperspective in vec4 y; void main() { gl_FragColor = y; }"},
    };
    for (int i = 0; i < 4; i++) {
        swr_glsl_program *q = h_link(pairs[i][0], pairs[i][1]);
        assert_false(swr_glsl_program_ok(q));
        assert_non_null(strstr(swr_glsl_program_log(q), i == 3 ? "ERROR: 0:2:" : "ERROR: 0:1:"));
        swr_glsl_program_destroy(q);
    }
    /* bad arguments */
    swr_glsl_program *np = swr_glsl_link(NULL, 3, NULL, -1);
    assert_false(swr_glsl_program_ok(np));
    assert_int_equal(swr_glsl_num_uniforms(np), 0);
    swr_glsl_program_destroy(np);
    swr_glsl_shader *e = swr_glsl_compile(SWR_GLSL_FRAGMENT, 0, NULL, NULL); /* empty: glslang accepts it */
    assert_non_null(e);
    swr_glsl_shader_destroy(e);
    /* lengths and several strings */
    const char *parts[2] = {"void main() { gl_Position = vec4(1.0); }XXXX", "// tail"};
    int lens[2] = {40, -1};
    swr_glsl_shader *s = swr_glsl_compile(SWR_GLSL_VERTEX, 2, parts, lens);
    assert_true(swr_glsl_shader_ok(s));
    swr_glsl_shader_destroy(s);
}

static void t_es100(void **st)
{
    const char *vs = "#version 100\nattribute vec4 a; varying mediump vec4 v; void main() { v = a * 2.0; gl_Position = a; }\n";
    const char *fs = "#version 100\nprecision mediump float; varying vec4 v; void main() { gl_FragColor = v; }\n";
    harness *h = &H;
    assert_true(h_init(h, vs, fs));
    set_a(h);
    h_run_vs(h);
    h_run_fs(h, 0xff);
    for (int l = 0; l < 8; l++)
        check_close(h->ps.color[0].v[2][l], in_a(l, 2) * 2.0f, 0, "es", l, 2);
    h_fini(h);
}

/* 1.30: switch, flat varyings, integer attributes, user outputs, gl_FragDepth, return in main */
static void t_glsl130(void **st)
{
    const char *vs = "#version 130\n"
                     "in vec4 a; in ivec2 ia; flat out int k; noperspective out float f;\n"
                     "void main() {\n"
                     "  gl_Position = a; f = a.x;\n"
                     "  switch (ia.x) {\n"
                     "  case 0: k = 10; break;\n"
                     "  case 1: case 2: k = 20;\n"
                     "  case 3: k += 1; break;\n"
                     "  default: k = -1;\n"
                     "  }\n"
                     "}\n";
    const char *fs = "#version 130\n"
                     "flat in int k; noperspective in float f; out vec4 color; out vec4 extra;\n"
                     "void main() {\n"
                     "  color = vec4(float(k), f, 0.0, 1.0); extra = vec4(2.0);\n"
                     "  gl_FragDepth = 0.5;\n"
                     "  if (k < 0) { color.z = 3.0; return; }\n"
                     "  color.z = 4.0;\n"
                     "}\n";
    harness *h = &H;
    assert_true(h_init(h, vs, fs));
    const swr_glsl_attrib *ia = h_attrib(h, "ia");
    assert_non_null(ia);
    assert_true(ia->is_integer);
    assert_int_equal(ia->gl_type, 0x8B53);
    set_a(h);
    for (int l = 0; l < 8; l++) {
        int32_t v[2] = {l % 5, 0};
        h_set_attrib(h, "ia", 0, l, (float *)v, 2);
    }
    h_run_vs(h);
    h_run_fs(h, 0xff);
    assert_non_null(strstr(swr_glsl_program_tgsi(h->prog, SWR_GLSL_FRAGMENT), "GENERIC[9], CONSTANT"));
    assert_non_null(strstr(swr_glsl_program_tgsi(h->prog, SWR_GLSL_FRAGMENT), "GENERIC[8], LINEAR"));
    for (int l = 0; l < 8; l++) {
        int sel = l % 5, k = sel == 0 ? 10 : sel == 1 || sel == 2 ? 21 : sel == 3 ? 1 : -1;
        check_close(h->ps.color[0].v[0][l], (float)k, 0, "switch", l, 0);
        check_close(h->ps.color[0].v[1][l], in_a(l, 0), 0, "varying", l, 1);
        check_close(h->ps.color[0].v[2][l], k < 0 ? 3.0f : 4.0f, 0, "return", l, 2);
        check_close(h->ps.color[1].v[0][l], 2.0f, 0, "out 1", l, 0);
        check_close(h->ps.depth[l], 0.5f, 0, "depth", l, 0);
    }
    h_fini(h);
}

/* Shaders glslang accepts but the generator cannot handle fail cleanly. */
static void t_unsupported(void **st)
{
    const char *vs = "#version 130\nin vec4 a; void main() { gl_Position = a; }\n";
    const char *fs = "#version 130\nuniform sampler2D s[2]; uniform int i; out vec4 c;\n"
                     "void main() { c = texture(s[i], vec2(0.5)); }\n";
    swr_glsl_program *p = h_link(vs, fs);
    if (!swr_glsl_program_ok(p))
        assert_non_null(strstr(swr_glsl_program_log(p), "ERROR"));
    swr_glsl_program_destroy(p);
}

/* A mix of constructs: each program must link to TGSI that the interpreter
 * accepts (the generator self-validates; this also runs both stages). */
static void t_smoke(void **st)
{
    static const char *progs[][2] = {
        {"#version 130\nconst float k[3] = float[3](1.0, 2.0, 3.0); uniform int i; uniform mat4 ms[3];\n"
         "float g = 2.0; attribute vec4 a;\n"
         "void main() { gl_Position = ms[i] * a * k[i] * g; gl_ClipDistance[0] = a.x; gl_ClipDistance[1] = a.y;"
         " gl_PointSize = 2.0; gl_FogFragCoord = 1.0; gl_BackColor = a; }",
         "#version 120\nvoid main() { gl_FragColor = gl_FragCoord * gl_FogFragCoord + vec4(gl_PointCoord, 0.0, 0.0); }"},
        {"void main() { vec4 p = gl_ModelViewMatrix * gl_Vertex; vec3 n = gl_NormalMatrix * gl_Normal;\n"
         " gl_FrontColor = gl_LightSource[0].diffuse * max(dot(n, gl_LightSource[0].position.xyz), 0.0);\n"
         " gl_TexCoord[0] = gl_TextureMatrix[0] * gl_MultiTexCoord0; gl_Position = gl_ProjectionMatrix * p; }",
         "uniform sampler2D t; void main() { gl_FragColor = gl_Color * texture2D(t, gl_TexCoord[0].st) + "
         "vec4(gl_DepthRange.near); }"},
        {"#version 130\nin vec4 a; out vec4 v; uniform uint u; void main() { uvec4 x = uvec4(a) + u; "
         "v = vec4(x >> 1u) + vec4(isnan(a)) + sinh(a) + vec4(round(a.x), trunc(a.y), modf(a.z, v.x), 0.0); "
         "gl_Position = a; }",
         "#version 130\nin vec4 v; uniform usampler2D us; uniform isampler3D is; out uvec4 c;"
         " void main() { c = texture(us, v.xy) + uvec4(texelFetch(is, ivec3(v.xyz), 0)); "
         "if (fwidth(v.x) > 1.0) discard; }"},
        {"#version 120\nstruct M { mat3 m; vec3 c; }; uniform M mm[2]; attribute vec4 a; varying mat2 vm; varying float fa[3];\n"
         "void main() { M l = mm[int(a.w)]; vm = mat2(l.m); fa[0] = l.c.x; fa[1] = l.c.y; fa[2] = 1.0;"
         " gl_Position = vec4(l.m * a.xyz, 1.0); }",
         "#version 120\nvarying mat2 vm; varying float fa[3]; uniform int j; void main() { gl_FragColor = vec4(vm[j], fa[j], "
         "matrixCompMult(vm, vm)[0].x); }"},
    };
    for (size_t i = 0; i < sizeof progs / sizeof progs[0]; i++) {
        harness *h = &H;
        bool ok = h_init(h, progs[i][0], progs[i][1]);
        if (!ok)
            fail_msg("program %zu: %s", i, swr_glsl_program_log(h->prog));
        h->sampler = &fake;
        h_run_vs(h);
        h_run_fs(h, 0xff);
        h_fini(h);
    }
}

/* Two vertex shader objects linked together (a function defined in one). */
static void t_multi_unit(void **st)
{
    const char *vs1 = "attribute vec4 a; varying vec4 v; vec4 scale(vec4 x);\n"
                      "void main() { v = scale(a); gl_Position = a; }\n";
    const char *vs2 = "vec4 scale(vec4 x) { return x * 3.0; }\n";
    const char *fs = "varying vec4 v; void main() { gl_FragColor = v; }\n";
    swr_glsl_shader *s[3];
    s[0] = swr_glsl_compile(SWR_GLSL_VERTEX, 1, &vs1, NULL);
    s[1] = swr_glsl_compile(SWR_GLSL_VERTEX, 1, &vs2, NULL);
    s[2] = swr_glsl_compile(SWR_GLSL_FRAGMENT, 1, &fs, NULL);
    for (int i = 0; i < 3; i++)
        assert_true(swr_glsl_shader_ok(s[i]));
    swr_glsl_attrib_binding b = {"a", 6, 0};
    harness *h = &H;
    memset(h, 0, sizeof *h);
    h->prog = swr_glsl_link(s, 3, &b, 1);
    for (int i = 0; i < 3; i++)
        swr_glsl_shader_destroy(s[i]);
    if (!swr_glsl_program_ok(h->prog))
        fail_msg("%s", swr_glsl_program_log(h->prog));
    assert_int_equal(h_attrib(h, "a")->location, 6);
    h->vs = h_jit(swr_glsl_program_tgsi(h->prog, SWR_GLSL_VERTEX));
    h->fs = h_jit(swr_glsl_program_tgsi(h->prog, SWR_GLSL_FRAGMENT));
    assert_non_null(h->vs);
    assert_non_null(h->fs);
    set_a(h);
    h_run_vs(h);
    h_run_fs(h, 0xff);
    for (int l = 0; l < 8; l++)
        check_close(h->ps.color[0].v[1][l], in_a(l, 1) * 3.0f, 1e-6f, "multi-unit", l, 1);
    h_fini(h);
}

static void *thread_main(void *arg)
{
    long bad = 0;
    for (int i = 0; i < 20; i++) {
        char vs[256];
        snprintf(vs, sizeof vs, "attribute vec4 a; varying vec4 v; void main() { v = a * %d.0; gl_Position = a; }", i);
        swr_glsl_program *p = h_link(vs, "varying vec4 v; void main() { gl_FragColor = v; }");
        if (!swr_glsl_program_ok(p))
            bad++;
        swr_glsl_program_destroy(p);
    }
    return (void *)bad;
}
static void t_threads(void **st)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, thread_main, NULL);
    for (int i = 0; i < 2; i++) {
        void *r;
        pthread_join(t[i], &r);
        assert_int_equal((long)r, 0);
    }
}

/* GLSL 1.20 section 4.3.5: a uniform starts with its initializer (0 without
 * one); swr_glsl_const_init gives CONST[0] in the register layout of the
 * reflection, in the value conventions of swr_glsl.h. */
static void t_uniform_initializers(void **st)
{
    (void)st;
    const char *vs = "#version 130\n"
                     "in vec4 pos;\n"
                     "uniform mat2x3 m = mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);\n"
                     "uniform float none;\n"
                     "void main() { gl_Position = pos + vec4(m[1], none); }\n";
    const char *fs = "#version 130\n"
                     "uniform ivec2 iv = ivec2(-3, 4);\n"
                     "uniform uint u = 4000000000u;\n"
                     "uniform bvec2 b = bvec2(false, true);\n"
                     "uniform float a[3] = float[3](0.5, 1.5, 2.5);\n"
                     "out vec4 c;\n"
                     "void main() { c = vec4(float(iv.x) + float(u) + a[2], b.y ? 1.0 : 0.0, 0.0, 1.0); }\n";
    harness *h = &H;
    assert_true(h_init(h, vs, fs));
    const uint32_t *w = swr_glsl_const_init(h->prog);
    assert_non_null(w);
    float fl;
    const swr_glsl_uniform *un = h_uniform(h, "m");
    assert_non_null(un);
    for (int c = 0; c < 2; c++)
        for (int r = 0; r < 3; r++) {
            memcpy(&fl, &w[(un->const_reg + c) * 4 + r], 4);
            assert_true(fl == (float)(c * 3 + r + 1));
        }
    un = h_uniform(h, "none");
    assert_int_equal(w[un->const_reg * 4], 0);
    un = h_uniform(h, "iv");
    assert_int_equal((int32_t)w[un->const_reg * 4], -3);
    assert_int_equal((int32_t)w[un->const_reg * 4 + 1], 4);
    un = h_uniform(h, "u");
    assert_true(w[un->const_reg * 4] == 4000000000u);
    un = h_uniform(h, "b");
    assert_true(w[un->const_reg * 4] == 0 && w[un->const_reg * 4 + 1] == 0xFFFFFFFFu);
    un = h_uniform(h, "a[0]");
    for (unsigned k = 0; k < 3; k++) {
        memcpy(&fl, &w[(un->const_reg + k * un->regs_per_element) * 4], 4);
        assert_true(fl == 0.5f + (float)k);
    }
    h_fini(h);

    /* GLSL 1.10 has no uniform initializers. */
    const char *fs110 = "uniform float k = 1.0;\nvoid main() { gl_FragColor = vec4(k); }\n";
    swr_glsl_shader *s = swr_glsl_compile(SWR_GLSL_FRAGMENT, 1, &fs110, NULL);
    assert_false(swr_glsl_shader_ok(s));
    swr_glsl_shader_destroy(s);
}

/* swr_glsl_link_ex: fragment output bindings (GL 3.0 BindFragDataLocation). */
static swr_glsl_program *link_outs(const char *fs, const swr_glsl_attrib_binding *b, int n)
{
    const char *vs = "#version 130\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
    swr_glsl_shader *s[2];
    s[0] = swr_glsl_compile(SWR_GLSL_VERTEX, 1, &vs, NULL);
    s[1] = swr_glsl_compile(SWR_GLSL_FRAGMENT, 1, &fs, NULL);
    assert_true(swr_glsl_shader_ok(s[0]) && swr_glsl_shader_ok(s[1]));
    swr_glsl_program *p = swr_glsl_link_ex(s, 2, NULL, 0, b, n);
    swr_glsl_shader_destroy(s[0]);
    swr_glsl_shader_destroy(s[1]);
    return p;
}

static int out_location(const swr_glsl_program *p, const char *name)
{
    for (int i = 0; i < swr_glsl_num_frag_outputs(p); i++)
        if (!strcmp(swr_glsl_get_frag_output(p, i)->name, name))
            return swr_glsl_get_frag_output(p, i)->location;
    return -100;
}

static void t_frag_outputs(void **st)
{
    (void)st;
    const char *fs = "#version 130\n"
                     "out vec4 a;\n"
                     "out vec4 arr[2];\n"
                     "out vec4 b;\n"
                     "void main() { a = vec4(1.0); arr[0] = vec4(2.0); arr[1] = vec4(3.0); b = vec4(4.0); }\n";
    /* Unbound: declaration order, first free run. */
    swr_glsl_program *p = link_outs(fs, NULL, 0);
    assert_true(swr_glsl_program_ok(p));
    assert_int_equal(swr_glsl_num_frag_outputs(p), 3);
    assert_int_equal(out_location(p, "a"), 0);
    assert_int_equal(out_location(p, "arr"), 1);
    assert_int_equal(out_location(p, "b"), 3);
    const char *t = swr_glsl_program_tgsi(p, SWR_GLSL_FRAGMENT);
    assert_non_null(strstr(t, "COLOR[3]"));
    swr_glsl_program_destroy(p);
    /* b bound to 0, arr to 5: a takes the first free location, 1. */
    const swr_glsl_attrib_binding b1[] = {{"b", 0, 0}, {"arr", 5, 0}, {"unknown", 2, 0}};
    p = link_outs(fs, b1, 3);
    assert_true(swr_glsl_program_ok(p));
    assert_int_equal(out_location(p, "b"), 0);
    assert_int_equal(out_location(p, "arr"), 5);
    assert_int_equal(out_location(p, "a"), 1);
    t = swr_glsl_program_tgsi(p, SWR_GLSL_FRAGMENT);
    assert_non_null(strstr(t, "COLOR[6]"));
    assert_null(strstr(t, "COLOR[3]"));
    swr_glsl_program_destroy(p);
    /* An array bound past the last draw buffer, and an overlap: link errors. */
    const swr_glsl_attrib_binding b2[] = {{"arr", 7, 0}};
    p = link_outs(fs, b2, 1);
    assert_false(swr_glsl_program_ok(p));
    assert_int_equal(swr_glsl_num_frag_outputs(p), 0);
    swr_glsl_program_destroy(p);
    const swr_glsl_attrib_binding b3[] = {{"arr", 2, 0}, {"b", 3, 0}};
    p = link_outs(fs, b3, 2);
    assert_false(swr_glsl_program_ok(p));
    swr_glsl_program_destroy(p);
}

static int setup(void **st)
{
    return swr_glsl_init() ? 0 : -1;
}
static int teardown(void **st)
{
    swr_glsl_fini();
    return 0;
}

/* swr_glsl_compile_ex's version limit (issue 20): the context's highest
 * accepted #version (spec: GL 3.0 accepts 1.10-1.30, GL 3.3 up to 3.30). */
static void expect_version(int max_version, const char *src, bool ok, const char *line)
{
    swr_glsl_shader *s = swr_glsl_compile_ex(SWR_GLSL_VERTEX, 1, &src, NULL, max_version);
    assert_non_null(s);
    if (swr_glsl_shader_ok(s) != ok)
        fail_msg("limit %d: expected %s: %s\n%s", max_version, ok ? "success" : "failure", src, swr_glsl_shader_log(s));
    if (!ok && (!strstr(swr_glsl_shader_log(s), line) || !strstr(swr_glsl_shader_log(s), "not supported")))
        fail_msg("log lacks %s / not supported: %s", line, swr_glsl_shader_log(s));
    swr_glsl_shader_destroy(s);
}
static void t_version_limit(void **st)
{
    (void)st;
    const char *v140 = "// comment\n#version 140\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
    const char *v130 = "#version 130\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
    const char *v330 = "#version 330\nlayout(location = 1) in vec4 p;\nvoid main() { gl_Position = p; }\n";
    const char *es = "#version 100\nattribute vec4 p;\nvoid main() { gl_Position = p; }\n";
    const char *none = "attribute vec4 p;\nvoid main() { gl_Position = p; }\n";
    expect_version(130, v140, false, "ERROR: 0:2:");
    expect_version(130, v330, false, "ERROR: 0:1:");
    expect_version(130, v130, true, NULL);
    expect_version(130, es, true, NULL);
    expect_version(120, none, true, NULL);
    expect_version(120, v130, false, "ERROR: 0:1:");
    expect_version(330, v140, true, NULL);
    expect_version(330, v330, true, NULL);
    expect_version(0, v330, true, NULL);   /* no limit: swr_glsl_compile's behaviour */
    expect_version(-1, v140, true, NULL);
    /* the line counts over several strings */
    const char *parts[2] = {"// a\n// b\n", "#version 150\nvoid main() { gl_Position = vec4(0.0); }\n"};
    swr_glsl_shader *s = swr_glsl_compile_ex(SWR_GLSL_VERTEX, 2, parts, NULL, 140);
    assert_false(swr_glsl_shader_ok(s));
    if (!strstr(swr_glsl_shader_log(s), "ERROR: 0:3: #version 150"))
        fail_msg("log: %s", swr_glsl_shader_log(s));
    swr_glsl_shader_destroy(s);
}

/* Uniform blocks (GL 3.1 section 2.11.4): the reflection against std140
 * offsets worked out by hand, the constant buffer of each block (element)
 * and the TGSI reading it; default-block uniforms answer 2.11.4's "not in a
 * block" values. */
static void t_uniform_blocks_declared(void **st)
{
    (void)st;
    /* B (anonymous): c at 0, f at 16 (a float right after a vec4), v3 at 32
     * (vec3 aligns to 16), w at 44 (in v3's last component), arr[2] at 48 with
     * stride 16, row-major mat2 m at 80 (2 rows of vec2 at stride 16), data
     * size 112. N[2] (instance n): one vec2 member at 0, size 16 each. */
    swr_glsl_program *p = h_link(
        "#version 150\nuniform B { vec4 c; float f; vec3 v3; float w; float arr[2];"
        " layout(row_major) mat2 m; };\n"
        "uniform N { vec2 q; } n[2];\nin vec4 pos;\n"
        "void main() { gl_Position = pos + c + vec4(f, v3.y, w, arr[1]) + vec4(m[1], n[1].q); }\n",
        "#version 150\nout vec4 o;\nuniform N { vec2 q; } n[2];\nvoid main() { o = vec4(n[0].q, 0.0, 1.0); }\n");
    if (!swr_glsl_program_ok(p))
        fail_msg("link: %s", swr_glsl_program_log(p));
    assert_int_equal(swr_glsl_num_uniform_blocks(p), 3);
    const swr_glsl_uniform_block *b = swr_glsl_get_uniform_block(p, 0);
    assert_non_null(b);
    assert_string_equal(b->name, "B");
    assert_int_equal(b->data_size, 112);
    assert_int_equal(b->const_buffer, 1);
    assert_int_equal(b->stage_const_buffer[SWR_GLSL_VERTEX], 1);
    assert_int_equal(b->stage_const_buffer[SWR_GLSL_FRAGMENT], 0);
    assert_int_equal(b->stage_mask, 1u << SWR_GLSL_VERTEX);
    assert_int_equal(b->num_active, 6);
    static const struct {
        const char *name;
        int offset, array_stride, matrix_stride;
        bool row_major;
    } want[] = {{"c", 0, 0, 0, false},  {"f", 16, 0, 0, false},     {"v3", 32, 0, 0, false},
                {"w", 44, 0, 0, false}, {"arr[0]", 48, 16, 0, false}, {"m", 80, 0, 16, true}};
    for (unsigned k = 0; k < 6; k++) {
        int i = b->active_uniforms[k];
        const swr_glsl_uniform *u = swr_glsl_get_uniform(p, i);
        swr_glsl_uniform_layout l;
        assert_true(swr_glsl_get_uniform_layout(p, i, &l));
        assert_string_equal(u->name, want[k].name);
        assert_int_equal(u->const_reg, -1);
        assert_int_equal(l.block_index, 0);
        assert_int_equal(l.offset, want[k].offset);
        assert_int_equal(l.array_stride, want[k].array_stride);
        assert_int_equal(l.matrix_stride, want[k].matrix_stride);
        assert_int_equal(l.row_major, want[k].row_major);
    }
    for (int e = 0; e < 2; e++) {
        const swr_glsl_uniform_block *nb = swr_glsl_get_uniform_block(p, 1 + e);
        assert_non_null(nb);
        assert_string_equal(nb->name, e ? "N[1]" : "N[0]");
        assert_int_equal(nb->data_size, 16);
        /* numbered per stage: after B in the VS, first in the FS */
        assert_int_equal(nb->const_buffer, 2 + e);
        assert_int_equal(nb->stage_const_buffer[SWR_GLSL_VERTEX], 2 + e);
        assert_int_equal(nb->stage_const_buffer[SWR_GLSL_FRAGMENT], 1 + e);
        assert_int_equal(nb->stage_mask, 3u);
        assert_int_equal(nb->num_active, 1);
        assert_string_equal(swr_glsl_get_uniform(p, nb->active_uniforms[0])->name, "N.q");
    }
    assert_null(swr_glsl_get_uniform_block(p, 3));
    /* the reads: w is CONST[1][2].w, m[1] (row-major) gathers CONST[1][5].y
     * and CONST[1][6].y, n[1].q is CONST[3][0].xy */
    const char *vs = swr_glsl_program_tgsi(p, SWR_GLSL_VERTEX);
    if (!strstr(vs, "DCL CONST[1][0..6]") || !strstr(vs, "DCL CONST[3][0]\n") ||
        !strstr(vs, "CONST[1][5].y") || !strstr(vs, "CONST[1][6].y") || !strstr(vs, "CONST[1][2].w"))
        fail_msg("VS TGSI:\n%s", vs);
    const char *fs0 = swr_glsl_program_tgsi(p, SWR_GLSL_FRAGMENT);
    if (!strstr(fs0, "DCL CONST[1][0]\n") || !strstr(fs0, "DCL CONST[2][0]\n") || strstr(fs0, "CONST[3]"))
        fail_msg("FS TGSI:\n%s", fs0);
    swr_glsl_program_destroy(p);
    /* GLSL 1.50 4.3.7: block arrays take constant indices only (4.00 lifts
     * it) and must be sized */
    expect_compile_error(SWR_GLSL_VERTEX,
                         "#version 150\nuniform T { mat4 m; } cam[2];\nuniform int i;\nin vec4 p;\n"
                         "void main() {\n gl_Position = cam[i].m * p;\n}\n",
                         "0:6: a uniform block array may only be indexed with a constant");
    expect_compile_error(SWR_GLSL_VERTEX,
                         "#version 150\nuniform T { float a; } arr[];\nvoid main() { gl_Position = vec4(0.0); }\n",
                         ": a uniform block array must declare its size");
    {
        const char *ok_src = "#version 400\nuniform T { mat4 m; } cam[2];\nuniform int i;\nin vec4 p;\n"
                             "void main() { gl_Position = cam[i].m * p; }\n";
        swr_glsl_shader *s4 = swr_glsl_compile(SWR_GLSL_VERTEX, 1, &ok_src, NULL);
        if (!swr_glsl_shader_ok(s4))
            fail_msg("GLSL 4.00 dynamic block index: %s", swr_glsl_shader_log(s4));
        swr_glsl_shader_destroy(s4);
    }
    /* a dynamic index into a block's array reads it in place: arr (stride
     * 16 from byte 16) is CONST[1][ADDR + 1], bools become ~0 / 0 once */
    p = h_link("#version 140\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n",
               "#version 140\nuniform B { vec4 pad; float arr[8]; bool on; };\nuniform int i;\nout vec4 o;\n"
               "void main() { o = vec4(arr[i], on ? 1.0 : 0.0, pad.xy); }\n");
    if (!swr_glsl_program_ok(p))
        fail_msg("link: %s", swr_glsl_program_log(p));
    const char *fs = swr_glsl_program_tgsi(p, SWR_GLSL_FRAGMENT);
    if (!strstr(fs, "CONST[1][ADDR[0].x+1].xxxx") || !strstr(fs, "USNE") || strstr(fs, "ARRAY("))
        fail_msg("FS TGSI:\n%s", fs);
    swr_glsl_program_destroy(p);
    p = h_link("uniform vec4 u[2];\nvoid main() { gl_Position = u[0] + u[1]; }\n",
               "uniform mat2 m;\nvoid main() { gl_FragColor = vec4(m[0], m[1]); }\n");
    assert_true(swr_glsl_program_ok(p));
    assert_int_equal(swr_glsl_num_uniform_blocks(p), 0);
    int n = swr_glsl_num_uniforms(p);
    assert_int_equal(n, 2);
    for (int i = 0; i < n; i++) {
        swr_glsl_uniform_layout l = {5, 5, 5, 5, true};
        assert_true(swr_glsl_get_uniform_layout(p, i, &l));
        assert_int_equal(l.block_index, -1);
        assert_int_equal(l.offset, -1);
        assert_int_equal(l.array_stride, -1);
        assert_int_equal(l.matrix_stride, -1);
        assert_false(l.row_major);
    }
    swr_glsl_uniform_layout l;
    assert_false(swr_glsl_get_uniform_layout(p, n, &l));
    assert_false(swr_glsl_get_uniform_layout(p, -1, &l));
    assert_false(swr_glsl_get_uniform_layout(NULL, 0, &l));
    swr_glsl_program_destroy(p);
}

/* swr_glsl_link_xfb: the capture layout of glTransformFeedbackVaryings, worked
 * out by hand from the rules in swr_glsl.h (FS-read varyings first from
 * GENERIC[8], then the captured ones in the order named), and the GL 3.0
 * section 2.15.3 link errors. */
static const char *xfb_vs = "#version 130\n"
                            "in vec4 p;\n"
                            "out vec4 a; out float b[2]; out vec3 c; flat out int d;\n"
                            "out vec4 big[12];\n"
                            "out float gl_ClipDistance[8];\n"
                            "void main() {\n"
                            "  gl_Position = p; gl_PointSize = 1.0; a = p; b[0] = p.x; b[1] = p.y;\n"
                            "  c = p.xyz; d = 1;\n"
                            "  for (int i = 0; i < 12; i++) big[i] = p * float(i);\n"
                            "  for (int i = 0; i < 8; i++) gl_ClipDistance[i] = p.x;\n"
                            "}\n";
static const char *xfb_fs = "#version 130\nin vec4 a; out vec4 o; void main() { o = a; }\n";

static swr_glsl_program *xfb_link(const char *const *names, int n, bool separate)
{
    swr_glsl_shader *s[2];
    s[0] = swr_glsl_compile(SWR_GLSL_VERTEX, 1, &xfb_vs, NULL);
    s[1] = swr_glsl_compile(SWR_GLSL_FRAGMENT, 1, &xfb_fs, NULL);
    assert_true(swr_glsl_shader_ok(s[0]) && swr_glsl_shader_ok(s[1]));
    swr_glsl_program *p = swr_glsl_link_xfb(s, 2, NULL, 0, NULL, 0, names, n, separate);
    swr_glsl_shader_destroy(s[0]);
    swr_glsl_shader_destroy(s[1]);
    return p;
}

/* OUT[reg] of p's vertex shader is declared with semantic `sem` ("GENERIC[9]"). */
static bool xfb_out_is(const swr_glsl_program *p, unsigned reg, const char *sem)
{
    const char *text = swr_glsl_program_tgsi(p, SWR_GLSL_VERTEX);
    char want[64];
    snprintf(want, sizeof want, "DCL OUT[%u], %s\n", reg, sem);
    return text && strstr(text, want);
}

static void t_xfb_layout(void **st)
{
    (void)st;
    static const char *const n1[] = {"gl_Position", "b", "c", "d", "b[1]"};
    swr_glsl_program *p = xfb_link(n1, 5, false);
    assert_true(swr_glsl_program_ok(p));
    /* reflection: name, type, size */
    static const struct { const char *name; unsigned type; int size; } vary[] = {
        {"gl_Position", 0x8B52, 1}, {"b", 0x1406, 2}, {"c", 0x8B51, 1}, {"d", 0x1404, 1}, {"b[1]", 0x1406, 1},
    };
    assert_int_equal(swr_glsl_num_xfb_varyings(p), 5);
    for (int i = 0; i < 5; i++) {
        const swr_glsl_xfb_varying *v = swr_glsl_get_xfb_varying(p, i);
        assert_non_null(v);
        assert_string_equal(v->name, vary[i].name);
        assert_int_equal(v->gl_type, vary[i].type);
        assert_int_equal(v->size, vary[i].size);
    }
    assert_null(swr_glsl_get_xfb_varying(p, 5));
    /* layout: a is read by the FS (GENERIC[8]); b, c, d follow in the order named */
    static const struct { const char *sem; unsigned first, n, dst; } out[] = {
        {"POSITION", 0, 4, 0}, {"GENERIC[9]", 0, 1, 4}, {"GENERIC[10]", 0, 1, 5},
        {"GENERIC[11]", 0, 3, 6}, {"GENERIC[12]", 0, 1, 9}, {"GENERIC[10]", 0, 1, 10},
    };
    assert_int_equal(swr_glsl_num_xfb_outputs(p), 6);
    for (int i = 0; i < 6; i++) {
        const swr_glsl_xfb_output *o = swr_glsl_get_xfb_output(p, i);
        assert_non_null(o);
        if (!xfb_out_is(p, o->reg, out[i].sem))
            fail_msg("output %d: OUT[%u] is not %s:\n%s", i, o->reg, out[i].sem,
                     swr_glsl_program_tgsi(p, SWR_GLSL_VERTEX));
        assert_int_equal(o->first_component, out[i].first);
        assert_int_equal(o->num_components, out[i].n);
        assert_int_equal(o->buffer, 0);
        assert_int_equal(o->dst_offset, out[i].dst);
    }
    assert_int_equal(swr_glsl_xfb_stride(p, 0), 11);
    assert_int_equal(swr_glsl_xfb_stride(p, 1), 0);
    swr_glsl_program_destroy(p);

    /* separate: one buffer per name; gl_ClipDistance[5] is CLIPDIST[1].y */
    static const char *const n2[] = {"c", "gl_ClipDistance[5]", "a"};
    p = xfb_link(n2, 3, true);
    assert_true(swr_glsl_program_ok(p));
    assert_int_equal(swr_glsl_num_xfb_outputs(p), 3);
    const swr_glsl_xfb_output *o = swr_glsl_get_xfb_output(p, 1);
    assert_true(xfb_out_is(p, o->reg, "CLIPDIST[1]"));
    assert_int_equal(o->first_component, 1);
    assert_int_equal(o->num_components, 1);
    assert_int_equal(o->buffer, 1);
    assert_int_equal(swr_glsl_get_xfb_output(p, 2)->buffer, 2);
    assert_true(xfb_out_is(p, swr_glsl_get_xfb_output(p, 2)->reg, "GENERIC[8]"));
    assert_int_equal(swr_glsl_xfb_stride(p, 0), 3);
    assert_int_equal(swr_glsl_xfb_stride(p, 1), 1);
    assert_int_equal(swr_glsl_xfb_stride(p, 2), 4);
    swr_glsl_program_destroy(p);

    /* 64 interleaved components link, 65 and more do not */
    static const char *const n3[] = {"big", "a", "gl_ClipDistance", "c", "gl_PointSize", "b"};
    p = xfb_link(n3, 5, false); /* 48 + 4 + 8 + 3 + 1 = 64 */
    assert_true(swr_glsl_program_ok(p));
    assert_int_equal(swr_glsl_xfb_stride(p, 0), 64);
    swr_glsl_program_destroy(p);
    p = xfb_link(n3, 6, false); /* 66 */
    assert_false(swr_glsl_program_ok(p));
    assert_non_null(strstr(swr_glsl_program_log(p), "GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS"));
    assert_int_equal(swr_glsl_num_xfb_outputs(p), 0);
    swr_glsl_program_destroy(p);
    /* more than 4 components of one separate varying */
    p = xfb_link(n3, 1, true);
    assert_false(swr_glsl_program_ok(p));
    assert_non_null(strstr(swr_glsl_program_log(p), "GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS"));
    swr_glsl_program_destroy(p);
    /* unknown, twice, past the end, not an array, not an output */
    static const char *const bad[][2] = {{"nosuch", NULL}, {"c", "c"}, {"b[2]", NULL}, {"c[0]", NULL},
                                         {"p", NULL}, {"b[x]", NULL}, {"gl_FragColor", NULL}};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        p = xfb_link(bad[i], bad[i][1] ? 2 : 1, false);
        if (swr_glsl_program_ok(p))
            fail_msg("'%s' linked", bad[i][0]);
        assert_non_null(strstr(swr_glsl_program_log(p), "transform feedback varying"));
        swr_glsl_program_destroy(p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_arith),          cmocka_unit_test(t_matrix),
        cmocka_unit_test(t_matrix_nonsquare), cmocka_unit_test(t_constructors),
        cmocka_unit_test(t_trig),           cmocka_unit_test(t_exponential),
        cmocka_unit_test(t_common),         cmocka_unit_test(t_geometric),
        cmocka_unit_test(t_relational),     cmocka_unit_test(t_loops),
        cmocka_unit_test(t_functions),     cmocka_unit_test(t_control2),     cmocka_unit_test(t_functions2),      cmocka_unit_test(t_struct_array),
        cmocka_unit_test(t_swizzle),        cmocka_unit_test(t_int130),
        cmocka_unit_test(t_bool),           cmocka_unit_test(t_uniforms),
        cmocka_unit_test(t_texture),        cmocka_unit_test(t_texture_size),
        cmocka_unit_test(t_discard),        cmocka_unit_test(t_builtin_varyings),
        cmocka_unit_test(t_errors),         cmocka_unit_test(t_es100),
        cmocka_unit_test(t_glsl130),        cmocka_unit_test(t_unsupported),
        cmocka_unit_test(t_smoke),          cmocka_unit_test(t_multi_unit),
        cmocka_unit_test(t_threads),
        cmocka_unit_test(t_uniform_initializers), cmocka_unit_test(t_frag_outputs),
        cmocka_unit_test(t_version_limit),  cmocka_unit_test(t_uniform_blocks_declared),
        cmocka_unit_test(t_xfb_layout),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
