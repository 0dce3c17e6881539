/*
 * test_glsl_opt.c: the GLSL path's optimizations (loop unrolling in
 * glsl_codegen.cpp, constant folding / copy propagation / dead code removal
 * in tgsi/tgsi_opt.c).
 *
 * Oracles:
 *  - the same program compiled with SWR_GLSL_OPT=0 (no TGSI optimizer) and
 *    run by the same executor: the optimized program must give the same bits
 *    in every lane (the optimizer follows the exec contract exactly);
 *    unrolling is checked the same way against a copy of the loop that the
 *    unroller must leave alone (a counter bumped through an inout argument);
 *  - folded constants against the executor computing the same operation on
 *    a uniform holding the same value (bit for bit);
 *  - C reimplementations for a few loop shapes (trip counts, exit values);
 *  - instruction counts: the optimized TGSI must be shorter, unrolled loops
 *    must have no BGNLOOP left.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "tgsi/tgsi_opt.h"
#include "glsl_harness.h"

static harness HA, HB;

static float in_a(int l, int c) { return (float)(l + 1) * 0.37f - 1.3f + 0.23f * (float)c; }

static void set_inputs(harness *h)
{
    for (int l = 0; l < 8; l++) {
        float v[4];
        for (int c = 0; c < 4; c++)
            v[c] = in_a(l, c);
        h_set_attrib(h, "a", 0, l, v, 4);
    }
    const float u[4] = {2.0f, -0.75f, 3.5f, 0.125f};
    h_set(h, "u", 0, 0, u, 4);
}

static int count_insts(const char *tgsi)
{
    int n = 0;
    for (const char *p = tgsi; p && *p;) {
        const char *e = strchr(p, '\n');
        const char *q = p;
        while (*q == ' ')
            q++;
        if (*q >= '0' && *q <= '9') {
            while (*q >= '0' && *q <= '9')
                q++;
            if (*q == ':')
                n++;
        }
        p = e ? e + 1 : NULL;
    }
    return n;
}

static int count_op(const char *tgsi, const char *op)
{
    int n = 0;
    size_t len = strlen(op);
    for (const char *p = strstr(tgsi, op); p; p = strstr(p + 1, op))
        if (p[-1] == ' ' && p[len] == ' ')
            n++;
    return n;
}

static bool init_opt(harness *h, bool opt, const char *vs, const char *fs)
{
    if (opt)
        unsetenv("SWR_GLSL_OPT");
    else
        setenv("SWR_GLSL_OPT", "0", 1);
    bool ok = h_init(h, vs, fs);
    unsetenv("SWR_GLSL_OPT");
    return ok;
}

static int result_slot(harness *h)
{
    const jit_shader_info *vi = jit_shader_get_info(h->vs);
    for (unsigned r = 0; r < vi->num_outputs; r++)
        if (vi->output_semantic[r] == TGSI_SEMANTIC_GENERIC && vi->output_semantic_index[r] >= 8)
            return (int)r;
    return -1;
}

static bool same_bits(float x, float y)
{
    uint32_t a, b;
    memcpy(&a, &x, 4);
    memcpy(&b, &y, 4);
    return a == b || (isnan(x) && isnan(y));
}

static const char *FS_R = "#version 130\nin vec4 r; out vec4 c; void main() { c = r; }\n";

typedef struct vs_result {
    float v[8][4];
    int insts_opt, insts_noopt;
    bool loops_opt; /* BGNLOOP in the optimized VS */
    int nloops_opt, nloops_noopt;
    int nifs_opt; /* IF and UIF in the optimized VS */
    bool indirect_opt; /* an operand indexed through ADDR in the optimized VS */
} vs_result;

/* Compiles `decls` + main body `body` (assigning vec4 res from vec4 a and
 * uniform vec4 u) with and without the optimizer, runs both VS and checks
 * that every lane of the result has the same bits. */
static void run_both(const char *decls, const char *body, vs_result *out)
{
    char vs[8192];
    snprintf(vs, sizeof vs,
             "#version 130\nin vec4 a;\nuniform vec4 u;\nout vec4 r;\n%s\nvoid main() {\n vec4 res = vec4(0.0);\n%s\n"
             " r = res;\n gl_Position = a;\n}\n",
             decls, body);
    assert_true(init_opt(&HA, true, vs, FS_R));
    assert_true(init_opt(&HB, false, vs, FS_R));
    set_inputs(&HA);
    set_inputs(&HB);
    h_run_vs(&HA);
    h_run_vs(&HB);
    int oa = result_slot(&HA), ob = result_slot(&HB);
    assert_true(oa >= 0 && ob >= 0);
    for (int l = 0; l < 8; l++)
        for (int c = 0; c < 4; c++) {
            float x = HA.out[oa].v[c][l], y = HB.out[ob].v[c][l];
            if (!same_bits(x, y))
                fail_msg("%s\nlane %d comp %d: optimized %.9g, unoptimized %.9g", body, l, c, x, y);
            out->v[l][c] = x;
        }
    const char *ta = swr_glsl_program_tgsi(HA.prog, SWR_GLSL_VERTEX);
    const char *tb = swr_glsl_program_tgsi(HB.prog, SWR_GLSL_VERTEX);
    out->insts_opt = count_insts(ta);
    out->insts_noopt = count_insts(tb);
    out->loops_opt = strstr(ta, "BGNLOOP") != NULL;
    out->nloops_opt = count_op(ta, "BGNLOOP");
    out->nloops_noopt = count_op(tb, "BGNLOOP");
    out->nifs_opt = count_op(ta, "IF") + count_op(ta, "UIF");
    out->indirect_opt = strstr(ta, "[ADDR") != NULL;
    if (getenv("SWR_GLSL_DUMP"))
        fprintf(stderr, "---- optimized\n%s\n---- unoptimized\n%s\n", ta, tb);
    h_fini(&HA);
    h_fini(&HB);
}

/* ---- unrolling ----------------------------------------------------------- */

static void t_unroll_shapes(void **st)
{
    vs_result r;
    /* up, down, step 3, <=, >=, != ; uint and float counters; the counter's
     * value after the loop */
    run_both("",
             "float s = 0.0; for (int i = 0; i < 7; i++) s += float(i) * a.x;\n"
             "float d = 0.0; for (int i = 10; i >= 2; i -= 3) d = d * 2.0 + float(i) + a.y;\n"
             "uint w = 0u; for (uint k = 1u; k <= 5u; ++k) w = w * 3u + k;\n"
             "float f = 0.0; float x; for (x = 0.5; x != 3.0; x += 0.5) f += x * a.z;\n"
             "int j; for (j = 0; j < 5; j++) { }\n"
             "res = vec4(s, d, float(w) + x, f + float(j));",
             &r);
    assert_false(r.loops_opt);
    assert_true(r.insts_opt < r.insts_noopt);
    for (int l = 0; l < 8; l++) {
        float ax = in_a(l, 0), ay = in_a(l, 1), az = in_a(l, 2);
        float s = 0, d = 0, f = 0, x;
        for (int i = 0; i < 7; i++)
            s += (float)i * ax;
        for (int i = 10; i >= 2; i -= 3)
            d = d * 2.0f + (float)i + ay;
        unsigned w = 0;
        for (unsigned k = 1; k <= 5; ++k)
            w = w * 3u + k;
        for (x = 0.5f; x != 3.0f; x += 0.5f)
            f += x * az;
        float want[4] = {s, d, (float)w + x, f + 5.0f};
        for (int c = 0; c < 4; c++)
            assert_true(fabsf(r.v[l][c] - want[c]) <= 1e-5f * fmaxf(1.0f, fabsf(want[c])));
    }
}

/* Loops the unroller must leave alone still work (and keep their BGNLOOP). */
static void t_unroll_refused(void **st)
{
    vs_result r;
    run_both("void bump(inout int i) { i++; }\n",
             "float s = 0.0; for (int i = 0; i < 6; i++) { if (float(i) > a.x + 2.0) break; s += 1.0; }\n"
             "float c = 0.0; for (int i = 0; i < 6; i++) { if (i == 2) continue; c += float(i); }\n"
             "float b = 0.0; for (int i = 0; i < 6; bump(i)) b += float(i);\n"
             "float m = 0.0; for (int i = 0; i < 6; i++) { m += float(i); i++; }\n"
             "float big = 0.0; for (int i = 0; i < 100; i++) big += a.y;\n"
             "float h = 0.0; for (int i = 0; i < 30; i++) {\n"
             "  h = h * 0.5 + a.x * float(i); h = h * 0.5 + a.y * float(i); h = h * 0.5 + a.z * float(i);\n"
             "  h = h * 0.5 + a.w * float(i); h = h * 0.5 + a.x * float(i); h = h * 0.5 + a.y * float(i);\n"
             "  h = h * 0.5 + a.z * float(i); h = h * 0.5 + a.w * float(i); h = h * 0.5 + a.x * float(i);\n"
             "  h = h * 0.5 + a.y * float(i); h = h * 0.5 + a.z * float(i); h = h * 0.5 + a.w * float(i); }\n"
             "res = vec4(s, c, b + m, big + h * 0.0);",
             &r);
    /* break, continue, a call as the step, a write in the body, too many
     * trips, too large a body: all six loops stay loops (plus the inner
     * loop that lets `continue` skip the step) */
    assert_int_equal(r.nloops_noopt, 7);
    assert_int_equal(r.nloops_opt, 7);
    for (int l = 0; l < 8; l++) {
        float s = 0, big = 0;
        for (int i = 0; i < 6; i++) {
            if ((float)i > in_a(l, 0) + 2.0f)
                break;
            s += 1.0f;
        }
        for (int i = 0; i < 100; i++)
            big += in_a(l, 1);
        assert_true(r.v[l][0] == s);
        assert_true(r.v[l][1] == 13.0f);
        assert_true(r.v[l][2] == 15.0f + 6.0f);
        assert_true(fabsf(r.v[l][3] - big) <= 1e-4f);
    }
}

/* Bodies with what unrolling must keep right: nested loops, break inside an
 * inner loop, arrays indexed by the counter, a variable declared before the
 * loop and first written inside it, a function taking the counter, an if. */
static void t_unroll_bodies(void **st)
{
    vs_result r;
    run_both("float tw(int k, float v) { return float(k) * v; }\n",
             "float arr[6]; for (int i = 0; i < 6; i++) arr[i] = a.x * float(i + 1);\n"
             "float s = 0.0; for (int i = 5; i >= 0; i--) s = s * 0.5 + arr[i];\n"
             "float acc;\n"
             "for (int i = 0; i < 4; i++) { if (i == 0) acc = a.y; else acc += tw(i, a.z); }\n"
             "float n = 0.0;\n"
             "for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) { if (j > i) break; n += float(i * 4 + j); }\n"
             "vec4 v = vec4(0.0); for (int i = 0; i < 4; i++) v[i] = sin(float(i) + a.w);\n"
             "res = vec4(s, acc, n, dot(v, vec4(1.0)));",
             &r);
    /* 6 loops; left: the inner loop with a break, once per copy of the outer */
    assert_int_equal(r.nloops_noopt, 6);
    assert_int_equal(r.nloops_opt, 4);
    for (int l = 0; l < 8; l++) {
        float arr[6], s = 0, acc = 0, n = 0;
        for (int i = 0; i < 6; i++)
            arr[i] = in_a(l, 0) * (float)(i + 1);
        for (int i = 5; i >= 0; i--)
            s = s * 0.5f + arr[i];
        for (int i = 0; i < 4; i++)
            acc = i == 0 ? in_a(l, 1) : acc + (float)i * in_a(l, 2);
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++) {
                if (j > i)
                    break;
                n += (float)(i * 4 + j);
            }
        assert_true(fabsf(r.v[l][0] - s) <= 1e-5f);
        assert_true(fabsf(r.v[l][1] - acc) <= 1e-5f);
        assert_true(r.v[l][2] == n);
        float dv = 0;
        for (int i = 0; i < 4; i++)
            dv += sinf((float)i + in_a(l, 3));
        assert_true(fabsf(r.v[l][3] - dv) <= 1e-5f);
    }
}

/* Nested constant loops, as convolution shaders write them: <= and >=
 * forms, negative starts, step 2 and -2, a kernel weight chosen by && / ||
 * on both counters, a const array indexed by the counters. Everything must
 * unroll and every branch on the counters fold away (no IF/UIF left). */
static void t_unroll_nested(void **st)
{
    vs_result r;
    run_both("const float wt[5] = float[5](0.1, 0.2, 0.4, 0.2, 0.1);\n",
             "vec4 c = vec4(0.0);\n"
             "for (int y = -1; y <= 1; y++)\n"
             "  for (int x = -1; x <= 1; x++) {\n"
             "    float k = (x == 0 && y == 0) ? 5.0 : (x == 0 || y == 0) ? -1.0 : 0.0625;\n"
             "    c += k * (a + vec4(float(x), float(y), float(x * y), 1.0) * u.x);\n"
             "  }\n"
             "float s2 = 0.0;\n"
             "for (int i = 6; i >= -4; i -= 2) for (int j = 0; j < 8; j += 2) s2 += float(i * 10 + j) * a.y;\n"
             "float w = 0.0;\n"
             "for (int i = 0; i < 5; i++) for (int j = 4; j >= 0; --j) w += wt[i] * wt[j] * a.z * float(i - j);\n"
             "res = vec4(c.x + c.y, c.z + c.w, s2, w);",
             &r);
    assert_int_equal(r.nloops_noopt, 6);
    assert_int_equal(r.nloops_opt, 0);
    assert_int_equal(r.nifs_opt, 0);
    assert_false(r.indirect_opt); /* wt[i] and wt[j] read as immediates */
    static const float wt[5] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};
    for (int l = 0; l < 8; l++) {
        float c[4] = {0, 0, 0, 0}, s2 = 0, w = 0;
        for (int y = -1; y <= 1; y++)
            for (int x = -1; x <= 1; x++) {
                float k = (x == 0 && y == 0) ? 5.0f : (x == 0 || y == 0) ? -1.0f : 0.0625f;
                float d[4] = {(float)x, (float)y, (float)(x * y), 1.0f};
                for (int q = 0; q < 4; q++)
                    c[q] += k * (in_a(l, q) + d[q] * 2.0f);
            }
        for (int i = 6; i >= -4; i -= 2)
            for (int j = 0; j < 8; j += 2)
                s2 += (float)(i * 10 + j) * in_a(l, 1);
        for (int i = 0; i < 5; i++)
            for (int j = 4; j >= 0; --j)
                w += wt[i] * wt[j] * in_a(l, 2) * (float)(i - j);
        float want[4] = {c[0] + c[1], c[2] + c[3], s2, w};
        for (int q = 0; q < 4; q++)
            assert_true(fabsf(r.v[l][q] - want[q]) <= 1e-4f * fmaxf(1.0f, fabsf(want[q])));
    }
}

/* Nested loops the unroller must not take apart wrongly: `continue` and
 * `break` in the inner loop (the inner loop stays, the outer may unroll
 * around it), the inner counter written in its body, the outer counter
 * written inside the inner loop (neither may unroll), a break in the outer
 * loop after an inner one. */
static void t_unroll_nested_refused(void **st)
{
    vs_result r;
    run_both("",
             "float b = 0.0;\n"
             "for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) { if (j == i) continue; b += float(i * 3 + j); }\n"
             "float m = 0.0;\n"
             "for (int i = 0; i < 2; i++) for (int j = 0; j < 5; j++) { m += float(j + i); j++; }\n"
             "float o = 0.0;\n"
             "for (int i = 0; i < 4; i++) for (int j = 0; j < 2; j++) { o += float(i); if (j == 1) i++; }\n"
             "float br = 0.0;\n"
             "for (int i = 0; i < 3; i++) {\n"
             "  for (int j = 0; j < 3; j++) { if (float(j) > a.x + 1.5) break; br += 1.0; }\n"
             "  if (float(i) > a.y + 1.0) break;\n"
             "}\n"
             "res = vec4(b, m, o, br);",
             &r);
    /* b: the inner loop (and its continue wrapper) stays in each of the 3
     * copies of the outer; m: the inner stays in the 2 copies of the outer;
     * o: the outer stays, the inner (its own counter untouched) unrolls in
     * it; br: both stay */
    assert_int_equal(r.nloops_opt, 3 * 2 + 2 + 1 + 2);
    float b = 0, m = 0, o = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            if (j == i)
                continue;
            b += (float)(i * 3 + j);
        }
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 5; j++) {
            m += (float)(j + i);
            j++;
        }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 2; j++) {
            o += (float)i;
            if (j == 1)
                i++;
        }
    for (int l = 0; l < 8; l++) {
        float br = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                if ((float)j > in_a(l, 0) + 1.5f)
                    break;
                br += 1.0f;
            }
            if ((float)i > in_a(l, 1) + 1.0f)
                break;
        }
        assert_true(r.v[l][0] == b);
        assert_true(r.v[l][1] == m);
        assert_true(r.v[l][2] == o);
        assert_true(r.v[l][3] == br);
    }
}

/* ---- folding ------------------------------------------------------------- */

/* Each line computes one operation on non-const locals (glslang does not
 * fold them; the TGSI optimizer does) and the same operation on the uniform
 * u, which holds the same values: the executor's result is the oracle. */
static void t_fold_matches_executor(void **st)
{
    static const char *ops[] = {
        "sin(X)", "cos(X)", "exp2(X)", "log2(X)", "pow(X, Y)", "sqrt(X)", "inversesqrt(X)",
        "X / Y", "X * Y + X", "fract(X)", "floor(X)", "ceil(X)", "min(X, Y)", "max(X, Y)",
        "mix(X, Y, 0.3)", "dot(vec3(X, Y, X), vec3(Y, X, 2.0))", "exp(X)", "log(abs(X))", "tan(X)",
        "float(int(X * 3.0) / int(Y * 4.0 + 7.0))", "float(int(X * 9.0) % 4)", "sign(Y)", "abs(Y) - X",
        "step(X, Y)", "X < Y ? 1.0 : -1.0", "float(-int(X * 5.0))", "float(int(Y * 3.0))",
    };
    static const float xs[][2] = {{2.0f, -0.75f}, {0.3f, 3.5f}, {123.456f, 0.125f}, {-7.25f, 1.5f}};
    for (size_t v = 0; v < sizeof xs / sizeof xs[0]; v++) {
        for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
            char body[1024], e1[256], e2[256];
            /* X/Y -> x/y (locals) and u.x/u.y */
            const char *o = ops[i];
            size_t k1 = 0, k2 = 0;
            for (const char *p = o; *p; p++) {
                if (*p == 'X' || *p == 'Y') {
                    k1 += (size_t)snprintf(e1 + k1, sizeof e1 - k1, "%s", *p == 'X' ? "x" : "y");
                    k2 += (size_t)snprintf(e2 + k2, sizeof e2 - k2, "%s", *p == 'X' ? "u.x" : "u.y");
                } else {
                    e1[k1++] = *p;
                    e2[k2++] = *p;
                }
            }
            e1[k1] = e2[k2] = 0;
            snprintf(body, sizeof body,
                     "float x = %#.9g; float y = %#.9g;\n"
                     "res = vec4(%s, %s, 0.0, 0.0);",
                     xs[v][0], xs[v][1], e1, e2);
            char vs[2048];
            snprintf(vs, sizeof vs,
                     "#version 130\nin vec4 a;\nuniform vec4 u;\nout vec4 r;\nvoid main() {\n vec4 res;\n%s\n"
                     " r = res;\n gl_Position = a;\n}\n",
                     body);
            assert_true(init_opt(&HA, true, vs, FS_R));
            set_inputs(&HA);
            const float u[4] = {xs[v][0], xs[v][1], 0, 0};
            h_set(&HA, "u", 0, 0, u, 4);
            h_run_vs(&HA);
            int o2 = result_slot(&HA);
            assert_true(o2 >= 0);
            /* the folded side must really be folded: one SIN for sin(), ... */
            static const char *const names[][2] = {{"sin(", "SIN"}, {"cos(", "COS"}, {"exp2(", "EX2"},
                                                   {"log2(", "LG2"}, {"pow(", "POW"}, {"sqrt(", "SQRT"},
                                                   {"X / Y", "DIV"}, {"fract(", "FRC"}};
            for (size_t n = 0; n < sizeof names / sizeof names[0]; n++)
                if (!strncmp(ops[i], names[n][0], strlen(names[n][0])))
                    assert_int_equal(count_op(swr_glsl_program_tgsi(HA.prog, SWR_GLSL_VERTEX), names[n][1]), 1);
            for (int l = 0; l < 8; l++) {
                float f = HA.out[o2].v[0][l], e = HA.out[o2].v[1][l];
                if (!same_bits(f, e))
                    fail_msg("%s with x=%g y=%g: folded %.9g, executed %.9g", ops[i], xs[v][0], xs[v][1], f, e);
            }
            h_fini(&HA);
        }
    }
}

/* Integer and bit operations, division by zero and shifts included, against
 * the unoptimized program. */
static void t_fold_integers(void **st)
{
    vs_result r;
    run_both("",
             "int i = 7; int z = 0; int m = -9; uint ua = 0xF0000001u; uint uz = 0u;\n"
             "int q = i / z + m / 2 + m % 4 + (i << 3) + (m >> 1);\n"
             "uint uq = ua / uz + ua % 7u + (ua >> 4u) + (ua << 31u) + (ua ^ 0x0Fu) + (~ua & 5u);\n"
             "int mx = max(m, i) * min(m, i) + abs(m) + sign(m);\n"
             "bool b = (i > m) && !(ua < uz) || (i == 7);\n"
             "res = vec4(float(q), float(uq), float(mx), b ? 1.0 : 0.0) + a * 0.0;",
             &r);
    /* (no folding left to run time: the VS output is a constant plus a*0) */
    assert_true(r.insts_opt < r.insts_noopt);
}

/* ---- the benchmark's long fragment shader -------------------------------- */

static const char *LONG_VS =
    "attribute vec2 position; varying vec2 uv;\n"
    "void main() { uv = position * 0.5 + 0.5; gl_Position = vec4(position, 0.0, 1.0); }\n";
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

static void run_long(harness *h, bool opt)
{
    assert_true(init_opt(h, opt, LONG_VS, LONG_FS));
    for (int l = 0; l < 8; l++) {
        float pos[2] = {(float)l / 4.0f - 0.9f, 0.8f - (float)l * 0.2f};
        h_set_attrib(h, "position", 0, l, pos, 2);
    }
    const float t[1] = {0.8f};
    h_set(h, "t", 0, 0, t, 1);
    h_run_vs(h);
    h_run_fs(h, 0xff);
}

static void t_longfs(void **st)
{
    run_long(&HA, true);
    run_long(&HB, false);
    const char *ta = swr_glsl_program_tgsi(HA.prog, SWR_GLSL_FRAGMENT);
    const char *tb = swr_glsl_program_tgsi(HB.prog, SWR_GLSL_FRAGMENT);
    /* unrolled, sin(fi) folded: 24 SIN and 24 COS of t remain */
    assert_null(strstr(ta, "BGNLOOP"));
    assert_int_equal(count_op(ta, "SIN"), 24);
    assert_int_equal(count_op(ta, "COS"), 24);
    if (getenv("SWR_GLSL_DUMP"))
        fprintf(stderr, "longfs FS: %d instructions optimized, %d not (loop body once)\n", count_insts(ta),
                count_insts(tb));
    for (int l = 0; l < 8; l++) {
        /* the analytic answer, in double */
        float uvx = ((float)l / 4.0f - 0.9f) * 0.5f + 0.5f, uvy = (0.8f - (float)l * 0.2f) * 0.5f + 0.5f;
        double p0 = uvx * 4.0 - 2.0, p1 = uvy * 4.0 - 2.0, c[3] = {0, 0, 0};
        for (int i = 0; i < 24; i++) {
            double fi = i, q0 = p0 + sin(0.8 + fi * 0.37), q1 = p1 + cos(0.8 * 0.7 + fi * 0.53);
            double d = q0 * q0 + q1 * q1;
            c[0] += (0.02 + 0.01 * sin(fi)) / (d + 0.05);
            c[1] += 0.015 / (d + 0.05);
            c[2] += (0.03 - 0.001 * fi) / (d + 0.05);
            double n0 = (0.96 * p0 + 0.28 * p1) * 1.02, n1 = (-0.28 * p0 + 0.96 * p1) * 1.02;
            p0 = n0;
            p1 = n1;
        }
        for (int k = 0; k < 3; k++) {
            double want = pow(c[k] / (1.0 + c[k]), 0.8);
            float got = HA.ps.color[0].v[k][l], ref = HB.ps.color[0].v[k][l];
            if (!same_bits(got, ref))
                fail_msg("lane %d comp %d: optimized %.9g, unoptimized %.9g", l, k, got, ref);
            if (fabs(got - want) > 1e-4)
                fail_msg("lane %d comp %d: got %.9g want %.9g", l, k, got, want);
        }
        assert_true(HA.ps.color[0].v[3][l] == 1.0f);
    }
    h_fini(&HA);
    h_fini(&HB);
}

/* Straight-line code: copies and constants disappear. */
static void t_copy_propagation(void **st)
{
    vs_result r;
    run_both("",
             "vec4 b = a; vec4 c = b; float k = 2.0; float k2 = k * k;\n"
             "vec4 d = -c; vec4 e = abs(d); vec3 f = e.zyx;\n"
             "res = vec4(f * k2, c.w + k) + d;",
             &r);
    /* a handful of real operations remain */
    assert_true(r.insts_opt * 2 < r.insts_noopt);
    for (int l = 0; l < 8; l++) {
        float a[4];
        for (int c = 0; c < 4; c++)
            a[c] = in_a(l, c);
        float want[4] = {fabsf(a[2]) * 4.0f - a[0], fabsf(a[1]) * 4.0f - a[1], fabsf(a[0]) * 4.0f - a[2],
                         (a[3] + 2.0f) - a[3]};
        for (int c = 0; c < 4; c++)
            assert_true(r.v[l][c] == want[c]);
    }
}

/* Facts must not cross control flow they do not hold across. */
static void t_flow(void **st)
{
    vs_result r;
    run_both("",
             "float x = 1.0; float y = 2.0;\n"
             "if (a.x > 0.0) { x = 3.0; y = a.y; } else { y = 5.0; }\n"
             "float z = x + y;\n"
             "float w = 0.0; float k = 1.0; int n = int(a.z * 4.0 + 8.0);\n"
             "for (int i = 0; i < n; i++) { w += k; k = 2.0; }\n"
             "float v = k;\n"
             "res = vec4(x, z, w, v);",
             &r);
    for (int l = 0; l < 8; l++) {
        float ax = in_a(l, 0), ay = in_a(l, 1);
        int n = (int)(in_a(l, 2) * 4.0f + 8.0f);
        float x = ax > 0 ? 3.0f : 1.0f, y = ax > 0 ? ay : 5.0f, w = 0, k = 1;
        for (int i = 0; i < n; i++) {
            w += k;
            k = 2.0f;
        }
        assert_true(r.v[l][0] == x);
        assert_true(r.v[l][1] == x + y);
        assert_true(r.v[l][2] == w);
        assert_true(r.v[l][3] == k);
    }
}

/* A texture instruction whose coordinate operand became an immediate. */
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
static const swr_sampler_interface fake = {.sample = fake_sample};

static void t_texture_constant_coords(void **st)
{
    const char *vs = "#version 130\nin vec4 a; void main() { gl_Position = a; }\n";
    const char *fs = "#version 130\nuniform sampler2DArray s; out vec4 c;\n"
                     "void main() { float x = 0.25; float y = x * 2.0; float l = y - 0.5;\n"
                     "  c = textureLod(s, vec3(x, y, 3.0), l); }\n";
    assert_true(init_opt(&HA, true, vs, fs));
    /* the coordinates and LOD were folded into one immediate operand */
    const char *t = swr_glsl_program_tgsi(HA.prog, SWR_GLSL_FRAGMENT);
    assert_non_null(strstr(t, "TXL TEMP[0], IMM["));
    HA.sampler = &fake;
    h_run_vs(&HA);
    num_req = 0;
    h_run_fs(&HA, 0xff);
    assert_int_equal(num_req, 1);
    assert_true(last_req.coords.v[0][3] == 0.25f && last_req.coords.v[1][3] == 0.5f &&
                last_req.coords.v[2][3] == 3.0f && last_req.lod[3] == 0.0f);
    assert_true(HA.ps.color[0].v[2][5] == 0.375f);
    h_fini(&HA);
}

/* ---- convolution shaders ------------------------------------------------- */

/* A texture that is a smooth function of the coordinates, so every tap's
 * offset shows in the result. */
static void coord_sample(const swr_sampler_interface *self, const swr_tex_request *req, swr_simd_vec4 *out)
{
    for (int l = 0; l < 8; l++) {
        float x = req->coords.v[0][l], y = req->coords.v[1][l];
        out->v[0][l] = x * 3.0f + y;
        out->v[1][l] = x * y * 64.0f;
        out->v[2][l] = y * 2.0f - x;
        out->v[3][l] = 1.0f;
    }
}
static const swr_sampler_interface coord_tex = {.sample = coord_sample};

static const char *CONV_VS = "attribute vec2 position; varying vec2 uv; varying vec2 TextureCoord;\n"
                             "void main() { uv = position * 0.5 + 0.5; TextureCoord = uv;\n"
                             "  gl_Position = vec4(position, 0.0, 1.0); }\n";
/* tools/swr_glbench's conv3x3: the taps as nested loops over -1..1 */
static const char *CONV_LOOP_FS =
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
/* glmark2 effect2d's shape: the kernel written out as one statement per
 * tap with literal offsets and weights (same kernel and order as above) */
static const char *CONV_FLAT_FS =
    "uniform sampler2D Texture0; varying vec2 TextureCoord;\n"
    "void main() {\n"
    "  vec4 result;\n"
    "  result = texture2D(Texture0, TextureCoord + vec2(-0.0009765625, -0.0009765625)) * 0.0625;\n"
    "  result += texture2D(Texture0, TextureCoord + vec2(0.0, -0.0009765625)) * -1.0;\n"
    "  result += texture2D(Texture0, TextureCoord + vec2(0.0009765625, -0.0009765625)) * 0.0625;\n"
    "  result += texture2D(Texture0, TextureCoord + vec2(-0.0009765625, 0.0)) * -1.0;\n"
    "  result += texture2D(Texture0, TextureCoord + vec2(0.0, 0.0)) * 5.0;\n"
    "  result += texture2D(Texture0, TextureCoord + vec2(0.0009765625, 0.0)) * -1.0;\n"
    "  result += texture2D(Texture0, TextureCoord + vec2(-0.0009765625, 0.0009765625)) * 0.0625;\n"
    "  result += texture2D(Texture0, TextureCoord + vec2(0.0, 0.0009765625)) * -1.0;\n"
    "  result += texture2D(Texture0, TextureCoord + vec2(0.0009765625, 0.0009765625)) * 0.0625;\n"
    "  gl_FragColor = vec4(result.xyz * 0.8, 1.0);\n"
    "}\n";

static void run_conv(harness *h, bool opt, const char *fs)
{
    assert_true(init_opt(h, opt, CONV_VS, fs));
    for (int l = 0; l < 8; l++) {
        float pos[2] = {(float)l / 4.0f - 0.9f, 0.8f - (float)l * 0.2f};
        h_set_attrib(h, "position", 0, l, pos, 2);
    }
    const float texel[2] = {1.0f / 1024.0f, 1.0f / 1024.0f};
    h_set(h, "texel", 0, 0, texel, 2);
    h->sampler = &coord_tex;
    h_run_vs(h);
    h_run_fs(h, 0xff);
}

/* Both convolution forms: optimized = unoptimized bit for bit, the loop
 * form becomes 9 straight taps with no control flow left (as the written
 * out form is), both match the kernel computed here. */
static void t_convolution(void **st)
{
    float loop_res[8][4];
    for (int form = 0; form < 2; form++) {
        const char *fs = form ? CONV_FLAT_FS : CONV_LOOP_FS;
        run_conv(&HA, true, fs);
        run_conv(&HB, false, fs);
        const char *ta = swr_glsl_program_tgsi(HA.prog, SWR_GLSL_FRAGMENT);
        assert_int_equal(count_op(ta, "TEX"), 9);
        assert_int_equal(count_op(ta, "BGNLOOP") + count_op(ta, "UIF") + count_op(ta, "IF"), 0);
        if (getenv("SWR_GLSL_DUMP"))
            fprintf(stderr, "conv form %d FS: %d instructions optimized, %d not\n", form, count_insts(ta),
                    count_insts(swr_glsl_program_tgsi(HB.prog, SWR_GLSL_FRAGMENT)));
        for (int l = 0; l < 8; l++) {
            float u = ((float)l / 4.0f - 0.9f) * 0.5f + 0.5f, v = (0.8f - (float)l * 0.2f) * 0.5f + 0.5f;
            double want[3] = {0, 0, 0};
            for (int y = -1; y <= 1; y++)
                for (int x = -1; x <= 1; x++) {
                    double k = (x == 0 && y == 0) ? 5.0 : (x == 0 || y == 0) ? -1.0 : 0.0625;
                    double tx = u + x / 1024.0, ty = v + y / 1024.0;
                    want[0] += k * (tx * 3.0 + ty);
                    want[1] += k * (tx * ty * 64.0);
                    want[2] += k * (ty * 2.0 - tx);
                }
            for (int c = 0; c < 4; c++) {
                float got = HA.ps.color[0].v[c][l], ref = HB.ps.color[0].v[c][l];
                if (!same_bits(got, ref))
                    fail_msg("form %d lane %d comp %d: optimized %.9g, unoptimized %.9g", form, l, c, got, ref);
                double w = c < 3 ? want[c] * 0.8 : 1.0;
                if (fabs(got - w) > 1e-4 * fmax(1.0, fabs(w)))
                    fail_msg("form %d lane %d comp %d: got %.9g want %.9g", form, l, c, got, w);
                if (form == 0)
                    loop_res[l][c] = got;
                else
                    assert_true(fabsf(got - loop_res[l][c]) <= 1e-5f * fmaxf(1.0f, fabsf(got)));
            }
        }
        h_fini(&HA);
        h_fini(&HB);
    }
}

/* ---- the TGSI pass alone, on hand-written programs ---------------------- */

/* Runs a VS text on 8 lanes (IN[0] = in_a, CONST[0][0] = u); OUT[0] out. */
static void run_tgsi_vs(const char *text, float out[8][4])
{
    jit_shader *sh = h_jit(text);
    assert_non_null(sh);
    static swr_simd_vec4 in[SWR_MAX_ATTRIBS], outs[SWR_MAX_ATTRIBS];
    memset(in, 0, sizeof in);
    memset(outs, 0, sizeof outs);
    for (int l = 0; l < 8; l++)
        for (int c = 0; c < 4; c++)
            in[0].v[c][l] = in_a(l, c);
    float consts[4][4] = {{2.0f, -0.75f, 3.5f, 0.125f}};
    swr_shader_resources res;
    memset(&res, 0, sizeof res);
    res.constants[0] = &consts[0][0];
    res.constant_count[0] = 4;
    swr_vs_args a;
    memset(&a, 0, sizeof a);
    a.inputs = in;
    a.outputs = outs;
    a.active_mask = 0xff;
    a.res = &res;
    jit_shader_vs_func(sh)(sh, &a);
    for (int l = 0; l < 8; l++)
        for (int c = 0; c < 4; c++)
            out[l][c] = outs[0].v[c][l];
    jit_shader_unref(sh);
}

/* `text` with the labels the parser wants on IF/UIF (the matching ELSE or
 * ENDIF) and ELSE (its ENDIF) filled in; instructions are the lines after
 * the VERT/DCL/IMM/PROPERTY header. Returns a static buffer. */
static const char *with_labels(const char *text)
{
    static char out[8192];
    char lines[128][160];
    int nl = 0;
    for (const char *p = text; *p && nl < 128;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        assert_true(len < sizeof lines[0]);
        memcpy(lines[nl], p, len);
        lines[nl++][len] = 0;
        p = e ? e + 1 : p + len;
    }
    int inst_of[128], label[128], stack[64], depth = 0, ni = 0;
    for (int i = 0; i < nl; i++) {
        const char *q = lines[i];
        while (*q == ' ')
            q++;
        label[i] = -1;
        inst_of[i] = -1;
        if (!*q || !strncmp(q, "VERT", 4) || !strncmp(q, "DCL", 3) || !strncmp(q, "IMM", 3) || !strncmp(q, "PROP", 4))
            continue;
        inst_of[i] = ni++;
        if (!strncmp(q, "IF ", 3) || !strncmp(q, "UIF ", 4)) {
            stack[depth++] = i;
        } else if (!strncmp(q, "ELSE", 4)) {
            label[stack[depth - 1]] = inst_of[i];
            stack[depth - 1] = i;
        } else if (!strncmp(q, "ENDIF", 5)) {
            label[stack[--depth]] = inst_of[i];
        }
    }
    size_t k = 0;
    for (int i = 0; i < nl; i++) {
        k += (size_t)snprintf(out + k, sizeof out - k, "%s", lines[i]);
        if (label[i] >= 0)
            k += (size_t)snprintf(out + k, sizeof out - k, " :%d", label[i]);
        k += (size_t)snprintf(out + k, sizeof out - k, "\n");
    }
    return out;
}

/* Optimizes `text`, checks the result validates, runs both, compares bits;
 * returns the optimized instruction count. */
static int opt_same(const char *text)
{
    tgsi_program *p = NULL;
    tgsi_error err;
    if (!tgsi_parse(text, strlen(text), &p, &err))
        fail_msg("%s\nparse: %u:%u %s", text, err.line, err.column, err.message);
    assert_true(tgsi_opt_program(p));
    assert_true(tgsi_validate(p, &err));
    char *t2 = tgsi_print(p);
    assert_non_null(t2);
    int n = (int)p->num_insts;
    tgsi_program_free(p);
    float a[8][4], b[8][4];
    run_tgsi_vs(text, a);
    run_tgsi_vs(t2, b);
    for (int l = 0; l < 8; l++)
        for (int c = 0; c < 4; c++)
            if (!same_bits(a[l][c], b[l][c]))
                fail_msg("%s\n->\n%s\nlane %d comp %d: %.9g optimized, %.9g not", text, t2, l, c, b[l][c], a[l][c]);
    if (getenv("SWR_GLSL_DUMP"))
        fprintf(stderr, "%s\n->\n%s\n", text, t2);
    free(t2);
    return n;
}

static void t_tgsi_pass(void **st)
{
    /* CSE: a source rewritten in place, a destination overwritten */
    opt_same("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..5], LOCAL\n"
             "IMM[0] FLT32 {2.0, 1.0, 0.5, 3.0}\n"
             "MUL TEMP[0], IN[0], IMM[0].xxxx\n"
             "ADD TEMP[1], TEMP[0], IN[0]\n"
             "ADD TEMP[0], TEMP[0], IMM[0].yyyy\n"
             "ADD TEMP[2], TEMP[0], IN[0]\n"
             "ADD TEMP[3], IN[0], IMM[0].zzzz\n"
             "MUL TEMP[3], TEMP[3], IN[0].yxwz\n"
             "ADD TEMP[4], IN[0], IMM[0].zzzz\n"
             "ADD TEMP[5], TEMP[1], TEMP[2]\n"
             "MAD TEMP[5], TEMP[3], TEMP[4], TEMP[5]\n"
             "MOV OUT[0], TEMP[5]\nEND\n");
    /* copies with modifiers into float, untyped and integer operands */
    opt_same("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..4], LOCAL\n"
             "IMM[0] UINT32 {7, 1, 0, 0}\n"
             "MOV TEMP[0], -|IN[0].wzyx|\n"
             "MOV TEMP[1], -TEMP[0]\n"
             "F2I TEMP[2], TEMP[1]\n"
             "MOV TEMP[3], -TEMP[2]\n"
             "UADD TEMP[3], TEMP[3], -TEMP[3].yxwz\n"
             "I2F TEMP[3], TEMP[3]\n"
             "UCMP TEMP[4], IMM[0].xyzw, |TEMP[1]|, TEMP[0]\n"
             "ADD TEMP[4], TEMP[4], TEMP[3]\n"
             "MOV OUT[0], TEMP[4]\nEND\n");
    /* facts and control flow: IF/ELSE and a loop that rewrites TEMP[0] */
    opt_same("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..3], LOCAL\n"
             "IMM[0] FLT32 {1.0, 2.0, 0.0, 10.0}\n"
             "MOV TEMP[0], IMM[0].xxxx\n"
             "MOV TEMP[1], IMM[0].yyyy\n"
             "FSLT TEMP[2].x, IN[0].xxxx, IMM[0].zzzz\n"
             "UIF TEMP[2].xxxx :5\n"
             "  MOV TEMP[0], IN[0]\n"
             "ELSE :7\n"
             "  ADD TEMP[1], TEMP[1], TEMP[0]\n"
             "ENDIF\n"
             "MOV TEMP[3], TEMP[0]\n"
             "BGNLOOP\n"
             "  FSGE TEMP[2].x, TEMP[3].xxxx, IMM[0].wwww\n"
             "  UIF TEMP[2].xxxx :13\n"
             "    BRK\n"
             "  ENDIF\n"
             "  ADD TEMP[3], TEMP[3], TEMP[1]\n"
             "  MOV TEMP[1], IMM[0].xxxx\n"
             "ENDLOOP\n"
             "ADD TEMP[3], TEMP[3], TEMP[1]\n"
             "MOV OUT[0], TEMP[3]\nEND\n");
    /* folding: everything constant; the result is one MOV of an immediate */
    int n = opt_same("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..3], LOCAL\n"
                     "IMM[0] FLT32 {1.5, -2.25, 100.0, 0.3}\n"
                     "SIN TEMP[0].x, IMM[0].wwww\n"
                     "EX2 TEMP[0].y, IMM[0].yyyy\n"
                     "LG2 TEMP[0].z, IMM[0].zzzz\n"
                     "POW TEMP[0].w, IMM[0].xxxx, IMM[0].wwww\n"
                     "DP3 TEMP[1].x, TEMP[0], IMM[0]\n"
                     "MAD TEMP[1].yzw, TEMP[0].xxyz, IMM[0].yzwx, -TEMP[0].wzyx\n"
                     "MIN TEMP[2], TEMP[1], -TEMP[1].wzyx\n"
                     "F2I TEMP[3], TEMP[2]\n"
                     "ISHR TEMP[3], TEMP[3], IMM[0].xxxx\n"
                     "I2F TEMP[3], TEMP[3]\n"
                     "LRP TEMP[3], IMM[0].wwww, TEMP[3], TEMP[2]\n"
                     "MOV OUT[0], TEMP[3]\nEND\n");
    assert_int_equal(n, 2);
}

/* IF/UIF on immediates (exec contract item 14: IF is a float compare, so
 * -0.0 is false and NaN true; UIF tests bits): the dead sides, the IFs and
 * their ELSE/ENDIF go, nested ones too, a BRK in a kept side keeps ending
 * its loop; an IF on a uniform stays. */
static void t_constant_branches(void **st)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL CONST[0][0]\nDCL TEMP[0..2], LOCAL\n"
                       "IMM[0] FLT32 {-0.0, 1.0, 2.0, 0.0}\n"
                       "IMM[1] UINT32 {2143289344, 0, 4, 2147483648}\n"
                       "MOV TEMP[0], IN[0]\n"
                       "IF IMM[0].xxxx\n"
                       "  MOV TEMP[0], IMM[0].yyyy\n"
                       "ELSE\n"
                       "  ADD TEMP[0], TEMP[0], IMM[0].zzzz\n"
                       "ENDIF\n"
                       "IF IMM[1].xxxx\n"
                       "  MUL TEMP[0], TEMP[0], IMM[0].zzzz\n"
                       "ENDIF\n"
                       "UIF IMM[1].yyyy\n"
                       "  MOV TEMP[0], IMM[0].wwww\n"
                       "ENDIF\n"
                       "UIF IMM[1].wwww\n"
                       "  ADD TEMP[0], TEMP[0], IMM[0].yyyy\n"
                       "ENDIF\n"
                       "IF -IMM[0].yyyy\n"
                       "  UIF IMM[1].zzzz\n"
                       "    ADD TEMP[0], TEMP[0], IMM[0].yyyy\n"
                       "  ELSE\n"
                       "    MOV TEMP[0], IMM[0].wwww\n"
                       "  ENDIF\n"
                       "ELSE\n"
                       "  IF IMM[0].yyyy\n"
                       "    MOV TEMP[0], IMM[0].wwww\n"
                       "  ENDIF\n"
                       "ENDIF\n"
                       "MOV TEMP[1], IMM[0].wwww\n"
                       "BGNLOOP\n"
                       "  ADD TEMP[1], TEMP[1], IMM[0].yyyy\n"
                       "  UIF IMM[1].zzzz\n"
                       "    BRK\n"
                       "  ENDIF\n"
                       "ENDLOOP\n"
                       "FSLT TEMP[2].x, CONST[0][0].xxxx, IMM[0].wwww\n"
                       "UIF TEMP[2].xxxx\n"
                       "  ADD TEMP[0], TEMP[0], TEMP[1]\n"
                       "ENDIF\n"
                       "ADD TEMP[0], TEMP[0], TEMP[1]\n"
                       "MOV OUT[0], TEMP[0]\nEND\n";
    /* CSE across IF/ELSE: the THEN side's ADD must not stand in for the
     * ELSE side's (lanes 0-2 take THEN, the others ELSE) */
    opt_same(with_labels("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..4], LOCAL\n"
             "IMM[0] FLT32 {0.0, 1.0, 2.0, 3.0}\n"
             "MOV TEMP[1], IMM[0].yyyy\nMOV TEMP[2], IMM[0].zzzz\nMOV TEMP[4], IMM[0].wwww\n"
             "FSLT TEMP[3].x, IN[0].xxxx, IMM[0].xxxx\n"
             "UIF TEMP[3].xxxx\n"
             "  ADD TEMP[1], IN[0], IN[0].yxwz\n"
             "ELSE\n"
             "  MUL TEMP[4], IN[0], IN[0].yyyy\n"
             "  MUL TEMP[4], TEMP[4], IN[0].zzzz\n"
             "  ADD TEMP[2], IN[0], IN[0].yxwz\n"
             "ENDIF\n"
             "ADD TEMP[0], TEMP[1], TEMP[2]\n"
             "ADD TEMP[0], TEMP[0], TEMP[4]\n"
             "MOV OUT[0], TEMP[0]\nEND\n"));
    /* immediates read through a known ADDR: UARL, ARL (floor: -0.5 -> -1),
     * an index past the immediates (reads 0, stays), ADDR set inside an IF
     * (unknown after it), ADDR from an input (stays indirect) */
    const char *ind = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL ADDR[0]\nDCL TEMP[0..3], LOCAL\n"
                      "IMM[0] FLT32 {1.5, -0.5, 2.0, 3.0}\n"
                      "IMM[1] FLT32 {10.0, 20.0, 30.0, 40.0}\n"
                      "IMM[2] UINT32 {1, 0, 7, 0}\n"
                      "UARL ADDR[0].x, IMM[2].xxxx\n"
                      "MOV TEMP[0], IMM[ADDR[0].x].wzyx\n"
                      "ARL ADDR[0].x, IMM[0].yyyy\n"
                      "ADD TEMP[0], TEMP[0], IMM[ADDR[0].x+2].xyzw\n"
                      "UARL ADDR[0].x, IMM[2].zzzz\n"
                      "ADD TEMP[0], TEMP[0], IMM[ADDR[0].x].xxxx\n"
                      "FSLT TEMP[1].x, IN[0].xxxx, IMM[0].xxxx\n"
                      "UIF TEMP[1].xxxx\n"
                      "  UARL ADDR[0].x, IMM[2].yyyy\n"
                      "ENDIF\n"
                      "ADD TEMP[0], TEMP[0], IMM[ADDR[0].x].yyyy\n"
                      "F2I TEMP[2].x, IN[0].xxxx\n"
                      "UARL ADDR[0].x, TEMP[2].xxxx\n"
                      "ADD TEMP[0], TEMP[0], IMM[ADDR[0].x+1].xxxx\n"
                      "MOV OUT[0], TEMP[0]\nEND\n";
    opt_same(with_labels(ind));
    {
        tgsi_program *p = NULL;
        tgsi_error err;
        assert_true(tgsi_parse(with_labels(ind), strlen(with_labels(ind)), &p, &err));
        assert_true(tgsi_opt_program(p));
        char *t = tgsi_print(p);
        /* left indirect: the index past the immediates, the one after the
         * IF, the one from the input */
        int nind = 0;
        for (const char *q = strstr(t, "[ADDR"); q; q = strstr(q + 1, "[ADDR"))
            nind++;
        if (nind != 3)
            fail_msg("%s\n%d indirect reads left, want 3", t, nind);
        free(t);
        tgsi_program_free(p);
    }
    text = with_labels(text);
    int n = opt_same(text);
    /* ADD, MUL, ADD, ADD, MOV, BGNLOOP, ADD, BRK, ENDLOOP, FSLT, UIF, ADD,
     * ENDIF, ADD, MOV, END at most */
    assert_true(n <= 16);
    float out[8][4];
    run_tgsi_vs(text, out);
    for (int l = 0; l < 8; l++)
        for (int c = 0; c < 4; c++) {
            /* u.x = 2 is not < 0: the uniform's branch is not taken */
            float want = ((in_a(l, c) + 2.0f) * 2.0f + 1.0f + 1.0f) + 1.0f;
            assert_true(fabsf(out[l][c] - want) <= 1e-6f * fmaxf(1.0f, fabsf(want)));
        }
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_unroll_shapes),   cmocka_unit_test(t_unroll_refused),
        cmocka_unit_test(t_unroll_bodies),   cmocka_unit_test(t_unroll_nested),
        cmocka_unit_test(t_unroll_nested_refused), cmocka_unit_test(t_constant_branches),
        cmocka_unit_test(t_fold_matches_executor),
        cmocka_unit_test(t_fold_integers),   cmocka_unit_test(t_longfs),
        cmocka_unit_test(t_copy_propagation), cmocka_unit_test(t_flow),
        cmocka_unit_test(t_tgsi_pass),       cmocka_unit_test(t_texture_constant_coords),
        cmocka_unit_test(t_convolution),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
