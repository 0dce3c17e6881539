/*
 * test_sampler_inline.c: the LLVM JIT's inline texture sampling
 * (jitter/jit_llvm_tex.c) against the pipe driver's sampler
 * (frontend-gallium/pipe/swrp_sampler.c), the oracle, word for word.
 *
 * A vertex shader samples unit 0 with TEX / TXP / TXB / TXL and writes the
 * result; the same coordinates (TXP: divided the way the shader divides)
 * go to the sampler's sample() directly. Textures: RGBA8, BGRA8 and RGBX8
 * UNORM at 1x1, 3x5, 513x7 and 64x64 with padded row pitches, a base level
 * above 0, exact-size allocations (run under ASan); states: nearest and
 * linear, REPEAT and CLAMP_TO_EDGE in s and t independently; coordinates
 * random in [-3, 4], at texel edges and centres, huge, NaN, +-inf;
 * random lane masks; the view swizzles a unit folds in (red and blue
 * swapped, alpha 1). The sampler's sample() is wrapped to count calls:
 * every lookup above must run inline (no call), and lookups the inline
 * path does not take (MIRRORED_REPEAT, a mip chain with a mip filter, a
 * swizzle, a unit without a view, TXF) must call it and still agree.
 *
 * SWR_INLINE_BENCH=N: instead times N runs of a 5-lookup vertex shader,
 * inline and through the call (best of 5, thread CPU time), and prints ns
 * per lookup of 8 lanes.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "frontend-gallium/pipe/swrp_sampler.h"
#include "jitter/jit.h"
#include "jitter/jit_priv.h"

static uint32_t rng_state = 0x9e3779b9u;
static uint32_t rnd(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}
static float unitf(void) { return (float)(rnd() >> 8) * (1.0f / 16777216.0f); }

/* ---- the sampler under test, with its calls counted ------------------------ */

typedef struct counted {
    swrp_sampler smp;
    void (*real)(const swr_sampler_interface *, const swr_tex_request *, swr_simd_vec4 *);
    unsigned calls;
} counted;

static counted *the_counted;

static void counting_sample(const swr_sampler_interface *self, const swr_tex_request *req,
                            swr_simd_vec4 *out)
{
    the_counted->calls++;
    the_counted->real(self, req, out);
}

typedef struct tex {
    swrp_sampler_view v;
    uint8_t *mem;
} tex;

/* A 2D texture of `levels` levels (w x h at level 0), random texels, each
 * level's rows `pad` bytes longer than the texels, exactly allocated. */
static void tex_make(tex *t, enum pipe_format format, uint32_t w, uint32_t h, uint32_t levels,
                     uint32_t pad)
{
    memset(t, 0, sizeof *t);
    t->v.fmt = fmt_get(format);
    assert_non_null(t->v.fmt);
    t->v.target = PIPE_TEXTURE_2D;
    t->v.last_level = levels - 1;
    size_t total = 0;
    for (uint32_t l = 0; l < levels; l++) {
        swrp_tex_level *lv = &t->v.level[l];
        lv->width = w >> l ? w >> l : 1;
        lv->height = h >> l ? h >> l : 1;
        lv->depth = 1;
        lv->row_pitch = lv->width * 4 + pad;
        lv->layer_pitch = lv->row_pitch * lv->height;
        lv->offset = total;
        /* the last row ends with its last texel: nothing after it */
        total += (size_t)lv->row_pitch * (lv->height - 1) + lv->width * 4;
        if (l + 1 < levels)
            total += pad; /* keep the next level's start inside the block */
    }
    t->mem = malloc(total);
    assert_non_null(t->mem);
    for (size_t i = 0; i < total; i++)
        t->mem[i] = (uint8_t)rnd();
    t->v.data = t->mem;
    for (int k = 0; k < 4; k++)
        t->v.swizzle[k] = (uint8_t)(PIPE_SWIZZLE_X + k);
    swrp_sampler_view_prepare(&t->v);
}

static void state_make(swrp_sampler_state *ss, unsigned filter, unsigned wrap_s, unsigned wrap_t)
{
    memset(ss, 0, sizeof *ss);
    ss->wrap_s = (uint8_t)wrap_s;
    ss->wrap_t = (uint8_t)wrap_t;
    ss->wrap_r = PIPE_TEX_WRAP_REPEAT;
    ss->min_img_filter = ss->mag_img_filter = (uint8_t)filter;
    ss->min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
    ss->normalized_coords = true;
    ss->max_lod = 1000.0f;
}

/* ---- shaders ------------------------------------------------------------------ */

static jit_shader *compile_llvm(const char *text)
{
    tgsi_program *p = NULL;
    tgsi_error err;
    if (!tgsi_parse(text, strlen(text), &p, &err))
        fail_msg("parse: line %u: %s", err.line, err.message);
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    key.executor = JIT_EXECUTOR_LLVM;
    jit_shader *sh = jit_shader_compile(p, &key, &err);
    if (!sh)
        fail_msg("compile: line %u: %s", err.line, err.message);
    if (!sh->llvm)
        fail_msg("not compiled by LLVM: %s", sh->llvm_why);
    tgsi_program_free(p);
    return sh;
}

enum { OP_TEX, OP_TXP, OP_TXB, OP_TXL, OP_TXF, NUM_OPS };
static const char *const op_name[NUM_OPS] = {"TEX", "TXP", "TXB", "TXL", "TXF"};

static jit_shader *shader_for(int op)
{
    char text[512];
    snprintf(text, sizeof text,
             "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL SAMP[0]\nDCL SVIEW[0], 2D, FLOAT\n"
             "  0: %s OUT[0], IN[0], SAMP[0], 2D\n  1: END\n",
             op_name[op]);
    return compile_llvm(text);
}

static void run_vs(jit_shader *sh, const swr_simd_vec4 *in, uint32_t mask, swrp_sampler *smp,
                   swr_simd_vec4 *out)
{
    swr_shader_resources res;
    memset(&res, 0, sizeof res);
    res.sampler = &smp->iface;
    swr_vs_args a;
    memset(&a, 0, sizeof a);
    a.inputs = in;
    a.outputs = out;
    a.active_mask = mask;
    a.res = &res;
    jit_shader_vs_func(sh)(sh, &a);
}

/* The request the shader makes for `op` (TXP: s, t divided by q in the
 * shader's float division; TXF: integer coordinates and level). */
static void oracle(const counted *c, int op, const swr_simd_vec4 *in, uint32_t mask,
                   swr_simd_vec4 *out)
{
    swr_tex_request req;
    memset(&req, 0, sizeof req);
    req.op = op == OP_TXL ? SWR_TEX_SAMPLE_L : op == OP_TXF ? SWR_TEX_FETCH : SWR_TEX_SAMPLE;
    req.target = 2; /* TGSI_TEXTURE_2D */
    req.has_lod = op == OP_TXB;
    req.mask = mask;
    for (int l = 0; l < 8; l++) {
        float q = op == OP_TXP ? in->v[3][l] : 1.0f;
        for (int k = 0; k < 2; k++)
            req.coords.v[k][l] = op == OP_TXP ? in->v[k][l] / q : in->v[k][l];
        if (op == OP_TXB || op == OP_TXL)
            req.lod[l] = in->v[3][l];
        if (op == OP_TXF)
            memcpy(&req.lod_int[l], &in->v[3][l], 4);
    }
    c->real(&c->smp.iface, &req, out);
}

static float special_coord(uint32_t size)
{
    static const float odd[] = {0.0f,  1.0f,   -1.0f,  0.5f,        1e9f,        -1e9f,
                                3e38f, -3e38f, 1e-30f, 16777216.0f, -16777217.0f};
    switch (rnd() % 8) {
    case 0:
        return unitf() * 7.0f - 3.0f;
    case 1:
        return (float)((int)(rnd() % (4 * size + 1)) - (int)size) / (float)size; /* edges */
    case 2:
        return ((float)((int)(rnd() % (4 * size)) - (int)size) + 0.5f) / (float)size;
    case 3:
        return odd[rnd() % (sizeof odd / sizeof odd[0])];
    case 4:
        return NAN;
    case 5:
        return rnd() & 1 ? INFINITY : -INFINITY;
    case 6:
        return (unitf() - 0.5f) * 1e7f;
    default:
        return unitf();
    }
}

static void random_inputs(swr_simd_vec4 *in, uint32_t size, int op)
{
    for (int l = 0; l < 8; l++) {
        in->v[0][l] = special_coord(size);
        in->v[1][l] = special_coord(size);
        in->v[2][l] = unitf();
        in->v[3][l] = op == OP_TXP ? (rnd() % 4 ? unitf() * 4.0f - 1.0f : special_coord(size))
                                   : unitf() * 8.0f - 4.0f;
        if (op == OP_TXF) {
            int32_t ic[3] = {(int32_t)(rnd() % 20) - 4, (int32_t)(rnd() % 20) - 4,
                             (int32_t)(rnd() % 3) - 1};
            memcpy(&in->v[0][l], &ic[0], 4);
            memcpy(&in->v[1][l], &ic[1], 4);
            memcpy(&in->v[3][l], &ic[2], 4);
        }
    }
}

static uint32_t random_mask(void)
{
    switch (rnd() % 4) {
    case 0:
        return 0xff;
    case 1:
        return rnd() % 8 ? rnd() & 0xff : 0;
    default:
        return rnd() & 0xff;
    }
}

/* Runs `rounds` random 8-lane lookups of every opcode on unit 0 and
 * compares; returns the sampler calls the shaders made. */
static unsigned compare_rounds(counted *c, jit_shader *const sh[NUM_OPS], uint32_t size, int rounds,
                               bool with_txf, const char *what)
{
    unsigned calls0 = c->calls;
    for (int op = 0; op < NUM_OPS; op++) {
        if (op == OP_TXF && !with_txf)
            continue;
        for (int r = 0; r < rounds; r++) {
            swr_simd_vec4 in, got, want;
            random_inputs(&in, size, op);
            uint32_t mask = random_mask();
            memset(&got, 0x5a, sizeof got);
            unsigned before = c->calls;
            run_vs(sh[op], &in, mask, &c->smp, &got);
            unsigned shader_calls = c->calls - before;
            oracle(c, op, &in, mask, &want);
            c->calls = before + shader_calls; /* the oracle's call is not the shader's */
            for (int k = 0; k < 4; k++)
                for (int l = 0; l < 8; l++) {
                    uint32_t g, w;
                    memcpy(&g, &got.v[k][l], 4);
                    memcpy(&w, &want.v[k][l], 4);
                    if (g != w)
                        fail_msg("%s %s: lane %d channel %d mask %02x coords (%a, %a, %a): "
                                 "shader %08x, sampler %08x",
                                 what, op_name[op], l, k, mask, (double)in.v[0][l],
                                 (double)in.v[1][l], (double)in.v[3][l], g, w);
                }
        }
    }
    return c->calls - calls0;
}

static void counted_init(counted *c)
{
    swrp_sampler_init(&c->smp);
    c->real = c->smp.iface.sample;
    c->smp.iface.sample = counting_sample;
    c->calls = 0;
    the_counted = c;
}

static void shaders_make(jit_shader *sh[NUM_OPS])
{
    for (int op = 0; op < NUM_OPS; op++)
        sh[op] = shader_for(op);
}

static void shaders_free(jit_shader *sh[NUM_OPS])
{
    for (int op = 0; op < NUM_OPS; op++)
        jit_shader_unref(sh[op]);
}

/* ---- tests ---------------------------------------------------------------------- */

static const unsigned wraps[2] = {PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_EDGE};
static const unsigned filters[2] = {PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_LINEAR};

/* One unit configuration (filter, wraps, swizzle) of texture t: valid,
 * every lookup inline and equal to the sampler's. */
static void check_inline(counted *c, jit_shader *const sh[NUM_OPS], tex *t, const uint32_t size[2],
                         int fi, int ws, int wt, int sz)
{
    /* the swizzles a unit folds in: identity, red and blue swapped, alpha
     * 1 (RGB textures), both */
    static const uint8_t swizzles[4][4] = {
        {PIPE_SWIZZLE_X, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_Z, PIPE_SWIZZLE_W},
        {PIPE_SWIZZLE_Z, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_X, PIPE_SWIZZLE_W},
        {PIPE_SWIZZLE_X, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_Z, PIPE_SWIZZLE_1},
        {PIPE_SWIZZLE_Z, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_X, PIPE_SWIZZLE_1}};
    memcpy(t->v.swizzle, swizzles[sz], 4);
    swrp_sampler_state ss;
    state_make(&ss, filters[fi], wraps[ws], wraps[wt]);
    c->smp.views[0] = &t->v;
    c->smp.samplers[0] = &ss;
    swrp_sampler_prepare_units(&c->smp);
    assert_true(c->smp.fast_units[0].flags & SWR_TEX_FAST_VALID);
    char what[96];
    snprintf(what, sizeof what, "%s %ux%u %s wrap %u/%u swizzle %d",
             t->v.fmt->name ? t->v.fmt->name : "?", size[0], size[1], fi ? "linear" : "nearest",
             wraps[ws], wraps[wt], sz);
    unsigned calls = compare_rounds(c, sh, size[0], 100, false, what);
    if (calls)
        fail_msg("%s: %u sampler calls, expected the inline path", what, calls);
}

/* Every format x size x filter x wrap pair x swizzle runs inline and agrees. */
static void test_inline_matches(void **unused)
{
    (void)unused;
    static const enum pipe_format formats[] = {
        PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_R8G8B8X8_UNORM};
    static const uint32_t sizes[][2] = {{1, 1}, {3, 5}, {513, 7}, {64, 64}};
    counted *c = malloc(sizeof *c);
    assert_non_null(c);
    counted_init(c);
    jit_shader *sh[NUM_OPS];
    shaders_make(sh);
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++)
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
            tex t;
            /* two levels, the view starting at level 1 for the 64x64 one */
            bool base1 = sizes[z][0] == 64;
            tex_make(&t, formats[f], sizes[z][0] << base1, sizes[z][1] << base1, base1 ? 3 : 1,
                     (uint32_t)(z * 12));
            if (base1)
                t.v.first_level = t.v.last_level = 1;
            swrp_sampler_view_prepare(&t.v);
            for (int fi = 0; fi < 2; fi++)
                for (int ws = 0; ws < 2; ws++)
                    for (int wt = 0; wt < 2; wt++)
                        for (int sz = 0; sz < 4; sz++)
                            check_inline(c, sh, &t, sizes[z], fi, ws, wt, sz);
            free(t.mem);
        }
    shaders_free(sh);
    free(c);
}

/* States and views the inline path does not take call sample() and agree. */
static void test_call_path_kept(void **unused)
{
    (void)unused;
    counted *c = malloc(sizeof *c);
    assert_non_null(c);
    counted_init(c);
    jit_shader *sh[NUM_OPS];
    shaders_make(sh);
    tex t, chain;
    tex_make(&t, PIPE_FORMAT_R8G8B8A8_UNORM, 13, 9, 1, 4);
    tex_make(&chain, PIPE_FORMAT_B8G8R8A8_UNORM, 16, 16, 5, 0);
    for (int k = 0; k < 5; k++) {
        swrp_sampler_state ss;
        state_make(&ss, filters[k & 1], PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
        const swrp_sampler_view *v = &t.v;
        swrp_sampler_view swz;
        const char *what = "";
        switch (k) {
        case 0:
            ss.wrap_s = PIPE_TEX_WRAP_MIRROR_REPEAT;
            what = "mirrored repeat";
            break;
        case 1:
            ss.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
            v = &chain.v;
            what = "mip chain";
            break;
        case 2:
            swz = t.v;
            swz.swizzle[1] = PIPE_SWIZZLE_X; /* (x, x, z, w): not a unit's order */
            v = &swz;
            what = "swizzle";
            break;
        case 3:
            ss.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
            what = "min != mag";
            break;
        default:
            v = NULL;
            what = "no view";
            break;
        }
        c->smp.views[0] = v;
        c->smp.samplers[0] = &ss;
        swrp_sampler_prepare_units(&c->smp);
        assert_int_equal(c->smp.fast_units[0].flags, 0);
        unsigned calls = compare_rounds(c, sh, 13, 50, true, what);
        if (v && calls == 0)
            fail_msg("%s: no sampler call", what);
    }
    /* A valid unit still calls for TXF (never inline) */
    swrp_sampler_state ss;
    state_make(&ss, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_REPEAT);
    c->smp.views[0] = &t.v;
    c->smp.samplers[0] = &ss;
    swrp_sampler_prepare_units(&c->smp);
    assert_true(c->smp.fast_units[0].flags & SWR_TEX_FAST_VALID);
    unsigned before = c->calls;
    swr_simd_vec4 in, out;
    random_inputs(&in, 13, OP_TXF);
    run_vs(sh[OP_TXF], &in, 0xff, &c->smp, &out);
    assert_int_equal(c->calls - before, 1);
    /* no_fast_path: no unit is valid */
    c->smp.no_fast_path = true;
    swrp_sampler_prepare_units(&c->smp);
    assert_int_equal(c->smp.fast_units[0].flags, 0);
    free(t.mem);
    free(chain.mem);
    shaders_free(sh);
    free(c);
}

/* An interface without fast units (zero-initialised, as older samplers
 * are) runs the call. */
static void test_no_units(void **unused)
{
    (void)unused;
    counted *c = malloc(sizeof *c);
    assert_non_null(c);
    counted_init(c);
    jit_shader *sh[NUM_OPS];
    shaders_make(sh);
    tex t;
    tex_make(&t, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 0);
    swrp_sampler_state ss;
    state_make(&ss, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_REPEAT);
    c->smp.views[0] = &t.v;
    c->smp.samplers[0] = &ss;
    swrp_sampler_prepare_units(&c->smp);
    c->smp.iface.fast_units = NULL;
    assert_true(compare_rounds(c, sh, 8, 20, false, "no units") > 0);
    c->smp.iface.fast_units = c->smp.fast_units;
    c->smp.iface.fast_unit_count = 0;
    assert_true(compare_rounds(c, sh, 8, 20, false, "no units") > 0);
    free(t.mem);
    shaders_free(sh);
    free(c);
}

/* ---- SWR_INLINE_BENCH ---------------------------------------------------------- */

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void bench(int n)
{
    static const char *text =
        "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL SAMP[0]\nDCL SVIEW[0], 2D, FLOAT\n"
        "DCL TEMP[0..1]\nIMM[0] FLT32 { 0.001, -0.001, 0.0, 0.0 }\n"
        "  0: TEX TEMP[0], IN[0], SAMP[0], 2D\n"
        "  1: ADD TEMP[1], IN[0], IMM[0].xxxx\n  2: TEX TEMP[1], TEMP[1], SAMP[0], 2D\n"
        "  3: ADD TEMP[0], TEMP[0], TEMP[1]\n"
        "  4: ADD TEMP[1], IN[0], IMM[0].yyyy\n  5: TEX TEMP[1], TEMP[1], SAMP[0], 2D\n"
        "  6: ADD TEMP[0], TEMP[0], TEMP[1]\n"
        "  7: ADD TEMP[1], IN[0], IMM[0].xyxy\n  8: TEX TEMP[1], TEMP[1], SAMP[0], 2D\n"
        "  9: ADD TEMP[0], TEMP[0], TEMP[1]\n"
        " 10: ADD TEMP[1], IN[0], IMM[0].yxyx\n 11: TEX TEMP[1], TEMP[1], SAMP[0], 2D\n"
        " 12: ADD OUT[0], TEMP[0], TEMP[1]\n 13: END\n";
    counted *c = malloc(sizeof *c);
    counted_init(c);
    jit_shader *sh = compile_llvm(text);
    tex t;
    tex_make(&t, PIPE_FORMAT_R8G8B8A8_UNORM, 1024, 1024, 1, 0);
    for (int fi = 0; fi < 2; fi++) {
        swrp_sampler_state ss;
        state_make(&ss, filters[fi], PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
        c->smp.views[0] = &t.v;
        c->smp.samplers[0] = &ss;
        for (int inl = 0; inl < 2; inl++) {
            c->smp.no_fast_path = false;
            swrp_sampler_prepare_units(&c->smp);
            if (!inl)
                c->smp.iface.fast_units = NULL;
            swr_simd_vec4 in, out;
            double dt = INFINITY;
            for (int rep = 0; rep < 5; rep++) {
                double t0 = now_ns();
                for (int i = 0; i < n; i++) {
                    for (int l = 0; l < 8; l++) {
                        in.v[0][l] = (float)((i * 4 + (l & 3)) & 1023) / 1024.0f + 0.0003f;
                        in.v[1][l] = (float)((i / 256 * 2 + (l >> 2)) & 1023) / 1024.0f + 0.0002f;
                    }
                    run_vs(sh, &in, 0xff, &c->smp, &out);
                }
                double d = now_ns() - t0;
                dt = d < dt ? d : dt;
            }
            printf("bench %s %s: %.2f ns per 8-lane lookup\n", fi ? "linear" : "nearest",
                   inl ? "inline" : "call", dt / n / 5.0);
        }
    }
    free(t.mem);
    jit_shader_unref(sh);
    free(c);
}

/* SWR_INLINE_BENCH_PS=file: a fragment shader from a TGSI file (IN[0] =
 * texture coordinates over [0, 1]^2, CONST[0][1] = 1 / 1024) over the
 * 4x2 blocks of a 1024x768 window, inline and through the call. */
static void bench_ps(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    counted *c = malloc(sizeof *c);
    counted_init(c);
    jit_shader *sh = compile_llvm(text);
    tex t;
    tex_make(&t, PIPE_FORMAT_R8G8B8A8_UNORM, 1024, 1024, 1, 0);
    static float consts[8]
        __attribute__((aligned(32))) = {0, 0, 0, 0, 1.0f / 1024, 1.0f / 1024, 0, 0};
    for (int fi = 0; fi < 2; fi++) {
        swrp_sampler_state ss;
        state_make(&ss, filters[fi], PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
        c->smp.views[0] = &t.v;
        c->smp.samplers[0] = &ss;
        for (int inl = 0; inl < 2; inl++) {
            swrp_sampler_prepare_units(&c->smp);
            if (!inl)
                c->smp.iface.fast_units = NULL;
            swr_shader_resources res;
            memset(&res, 0, sizeof res);
            res.sampler = &c->smp.iface;
            res.constants[0] = consts;
            res.constant_count[0] = 2;
            static swr_simd_vec4 in[4];
            static swr_ps_args a;
            double best = INFINITY;
            for (int rep = 0; rep < 3; rep++) {
                double t0 = now_ns();
                for (int by = 0; by < 768; by += 2)
                    for (int bx = 0; bx < 1024; bx += 4) {
                        memset(&a, 0, offsetof(swr_ps_args, color));
                        for (int l = 0; l < 8; l++) {
                            float px = (float)(bx + (l & 1) + ((l >> 2) << 1)) + 0.5f;
                            float py = (float)(by + ((l >> 1) & 1)) + 0.5f;
                            in[0].v[0][l] = px / 1024.0f;
                            in[0].v[1][l] = py / 768.0f;
                        }
                        a.inputs = in;
                        a.exec_mask = a.quad_mask = 0xff;
                        a.block_x = (uint32_t)bx, a.block_y = (uint32_t)by;
                        a.res = &res;
                        jit_shader_ps_func(sh)(sh, &a);
                    }
                double d = now_ns() - t0;
                best = d < best ? d : best;
            }
            printf("bench_ps %s %s: %.2f ms per 1024x768\n", fi ? "linear" : "nearest",
                   inl ? "inline" : "call", best / 1e6);
        }
    }
    free(t.mem);
    jit_shader_unref(sh);
    free(c);
}

int main(void)
{
    if (getenv("SWR_INLINE_BENCH_PS")) {
        bench_ps(getenv("SWR_INLINE_BENCH_PS"));
        return 0;
    }
    const char *b = getenv("SWR_INLINE_BENCH");
    if (b && atoi(b) > 0) {
        bench(atoi(b));
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inline_matches),
        cmocka_unit_test(test_call_path_kept),
        cmocka_unit_test(test_no_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
