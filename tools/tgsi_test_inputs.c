/*
 * tgsi_test_inputs.c: random inputs and run comparison (tgsi_test_inputs.h).
 *
 * Random words come from xorshift64* seeded per call, so a (program, seed)
 * pair always gives the same args. The value mix is chosen so that both
 * float and integer instructions see meaningful operands: most words are
 * floats in [-4, 4] or [0, 1], integral floats, or small integers as bits;
 * a few percent are the IEEE and integer edge cases.
 */
#include "tools/tgsi_test_inputs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* One step of xorshift64* (the generator of the tests' tu_rand too). */
static uint32_t next_u32(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (uint32_t)((*s * 0x2545F4914F6CDD1Dull) >> 32);
}

static uint64_t seed_rng(uint64_t seed)
{
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 0x1234567u;
    return s ? s : 1;
}

static float unit(uint64_t *s)
{
    return (float)(next_u32(s) >> 8) * 0x1p-24f;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* The edge cases of the IEEE and integer domains. */
static const uint32_t specials[] = {
    0x00000000u, /* +0 */
    0x80000000u, /* -0, INT_MIN */
    0x7f800000u, /* +inf */
    0xff800000u, /* -inf */
    0x7fc00000u, /* quiet NaN */
    0xffc00000u, /* negative quiet NaN (x86's default NaN) */
    0x00000001u, /* smallest denormal, int 1 */
    0x807fffffu, /* largest negative denormal */
    0x7f7fffffu, /* FLT_MAX */
    0xff7fffffu, /* -FLT_MAX */
    0x00800000u, /* FLT_MIN */
    0x7fffffffu, /* INT_MAX, a NaN as float */
    0xffffffffu, /* UINT_MAX, -1 */
    0x3f800000u, /* 1.0 */
    0xbf800000u, /* -1.0 */
    0x3f000000u, /* 0.5 */
    0x4f000000u, /* 2^31 */
    0xcf000000u, /* -2^31 */
    0x4f800000u, /* 2^32 */
    0x00000020u, /* 32 (shift count) */
    0x0000001fu, /* 31 */
    0x00000021u, /* 33 */
};

uint32_t tgsi_test_random_word(uint64_t *rng, float special_rate)
{
    if (unit(rng) < special_rate)
        return specials[next_u32(rng) % (sizeof specials / sizeof specials[0])];
    switch (next_u32(rng) % 8) {
    case 0:
    case 1:
    case 2:
        return fbits(unit(rng) * 8.0f - 4.0f);
    case 3:
        return fbits(unit(rng));
    case 4: /* integral floats and halves: ties for ROUND, exact compares */
        return fbits((float)((int32_t)(next_u32(rng) % 17) - 8) * 0.5f);
    case 5: /* small integers as bits */
        return next_u32(rng) % 16;
    case 6:
        return (uint32_t)((int32_t)(next_u32(rng) % 9) - 4);
    default: /* wide floats */
        return fbits((unit(rng) * 2.0f - 1.0f) * 1000.0f);
    }
}

/* ---- env ----------------------------------------------------------------- */

bool tgsi_test_env_init(tgsi_test_env *env, const tgsi_program *p,
                        const swr_sampler_interface *sampler)
{
    memset(env, 0, sizeof *env);
    env->special_rate = 0.08f;
    env->res.sampler = sampler;
    uint32_t count[SWR_MAX_CONST_BUFFERS] = {0};
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file == TGSI_FILE_OUTPUT && d->last >= 0 && (uint32_t)d->last + 1 > env->num_outputs)
            env->num_outputs = (uint32_t)d->last + 1;
        if (d->file != TGSI_FILE_CONSTANT || d->last < 0)
            continue;
        int32_t b = d->has_dim ? d->dim : 0;
        if (b < 0 || b >= SWR_MAX_CONST_BUFFERS)
            continue;
        if ((uint32_t)d->last + 1 > count[b])
            count[b] = (uint32_t)d->last + 1;
    }
    if (env->num_outputs > SWR_MAX_ATTRIBS)
        env->num_outputs = SWR_MAX_ATTRIBS;
    for (int b = 0; b < SWR_MAX_CONST_BUFFERS; b++) {
        if (!count[b])
            continue;
        env->constants[b] = calloc((size_t)count[b] * 4, sizeof(float));
        if (!env->constants[b]) {
            tgsi_test_env_free(env);
            return false;
        }
        env->res.constants[b] = env->constants[b];
        env->res.constant_count[b] = count[b];
        env->const_int_use[b] = calloc((size_t)count[b] * 4, 1);
        if (!env->const_int_use[b]) {
            tgsi_test_env_free(env);
            return false;
        }
    }
    for (uint32_t i = 0; i < p->num_insts; i++) {
        const tgsi_inst *in = &p->insts[i];
        for (unsigned n = 0; n < in->num_src; n++) {
            const tgsi_src *s = &in->src[n];
            tgsi_type t = tgsi_opcode_src_type(in->opcode, n);
            if (s->file != TGSI_FILE_CONSTANT || s->reg.indirect || s->dim.indirect ||
                (t != TGSI_TYPE_I && t != TGSI_TYPE_U))
                continue;
            int32_t b = s->num_dims == 2 ? s->dim.index : 0;
            if (b < 0 || b >= SWR_MAX_CONST_BUFFERS || !env->const_int_use[b] ||
                s->reg.index < 0 || (uint32_t)s->reg.index >= count[b])
                continue;
            for (int c = 0; c < 4; c++)
                env->const_int_use[b][s->reg.index * 4 + (s->swizzle[c] & 3)] = 1;
        }
    }
    return true;
}

void tgsi_test_env_free(tgsi_test_env *env)
{
    for (int b = 0; b < SWR_MAX_CONST_BUFFERS; b++) {
        free(env->constants[b]);
        free(env->const_int_use[b]);
        env->constants[b] = NULL;
        env->const_int_use[b] = NULL;
        env->res.constants[b] = NULL;
    }
}

/* Inputs and constants: the shared part of both fills. */
static void fill_common(tgsi_test_env *env, uint64_t *rng)
{
    for (int a = 0; a < SWR_MAX_ATTRIBS; a++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 8; l++)
                env->inputs[a].v[c][l] = bitsf(tgsi_test_random_word(rng, env->special_rate));
    for (int b = 0; b < SWR_MAX_CONST_BUFFERS; b++)
        for (uint32_t i = 0; env->constants[b] && i < env->res.constant_count[b] * 4; i++)
            env->constants[b][i] =
                bitsf(env->const_int_use[b][i] && unit(rng) < env->const_small_int_rate
                          ? next_u32(rng) % 16
                          : tgsi_test_random_word(rng, env->special_rate));
    for (size_t i = 0; i < sizeof env->attrib_planes / sizeof env->attrib_planes[0]; i++)
        env->attrib_planes[i] = unit(rng) * 4.0f - 2.0f;
}

/* A value that is easy to recognise in a dump of untouched outputs. */
static float pattern(int a, int c, int l)
{
    return -1000.0f - (float)(a * 32 + c * 8 + l);
}

void tgsi_test_fill_vs(tgsi_test_env *env, uint64_t seed, swr_vs_args *a,
                       swr_simd_vec4 *outputs)
{
    uint64_t rng = seed_rng(seed);
    fill_common(env, &rng);
    memset(a, 0, sizeof *a);
    for (int i = 0; i < SWR_MAX_ATTRIBS; i++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 8; l++)
                outputs[i].v[c][l] = pattern(i, c, l);
    a->inputs = env->inputs;
    a->outputs = outputs;
    a->base_vertex = (int32_t)(next_u32(&rng) % 2000) - 1000;
    a->start_instance = next_u32(&rng) % 100;
    for (int l = 0; l < 8; l++) {
        a->vertex_id.v[l] = a->base_vertex + (int32_t)(next_u32(&rng) % 5000);
        a->instance_id.v[l] = (int32_t)(next_u32(&rng) % 7);
    }
    a->active_mask = (next_u32(&rng) & 1) ? 0xffu : (next_u32(&rng) & 0xffu) | 1u;
    a->res = &env->res;
}

void tgsi_test_fill_ps(tgsi_test_env *env, uint64_t seed, swr_ps_args *a)
{
    uint64_t rng = seed_rng(seed);
    fill_common(env, &rng);
    memset(a, 0, sizeof *a);
    a->inputs = env->inputs;
    a->attrib_planes = env->attrib_planes;
    a->block_x = (next_u32(&rng) % 512) & ~1u;
    a->block_y = (next_u32(&rng) % 512) & ~1u;
    a->fb_height = a->block_y + 2 + next_u32(&rng) % 64;
    for (int l = 0; l < 8; l++) {
        /* Lane layout of shader_abi.h: two 2x2 quads side by side. */
        a->position.v[0][l] = (float)(a->block_x + (l & 1) + ((l >> 2) << 1)) + 0.5f;
        a->position.v[1][l] = (float)(a->block_y + ((l >> 1) & 1)) + 0.5f;
        a->position.v[2][l] = unit(&rng);
        a->position.v[3][l] = 0.25f + unit(&rng) * 2.0f;
        float b1 = unit(&rng), b2 = unit(&rng) * (1.0f - b1);
        a->bary_linear[0][l] = b1;
        a->bary_linear[1][l] = b2;
        a->bary_persp[0][l] = unit(&rng) * 0.5f;
        a->bary_persp[1][l] = unit(&rng) * 0.5f;
    }
    a->front_facing = next_u32(&rng) & 1u;
    a->prim_id = next_u32(&rng) % 100000;
    /* Whole quads; in each, at least one live lane. */
    static const uint32_t quads[3] = {0x0fu, 0xf0u, 0xffu};
    a->quad_mask = quads[next_u32(&rng) % 3];
    uint32_t exec = 0;
    for (int q = 0; q < 2; q++) {
        uint32_t qm = 0xfu << (4 * q);
        if (!(a->quad_mask & qm))
            continue;
        uint32_t live = (next_u32(&rng) & 1) ? 0xfu : (next_u32(&rng) & 0xfu);
        if (!live)
            live = 1u << (next_u32(&rng) % 4);
        exec |= live << (4 * q);
    }
    a->exec_mask = exec;
    for (int rt = 0; rt < 8; rt++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 8; l++)
                a->color[rt].v[c][l] = pattern(rt, c, l);
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < 8; l++)
            a->color1.v[c][l] = pattern(8, c, l);
    for (int l = 0; l < 8; l++) {
        a->depth[l] = pattern(9, 0, l);
        a->stencil[l] = -77 - l;
    }
    a->res = &env->res;
}

/* ---- hand-written programs ------------------------------------------------ */

/* The opcode word [b, e) of a line, after any "N:" instruction number. */
static void first_word(const char *line, const char **b, const char **e)
{
    while (*line == ' ' || *line == '\t')
        line++;
    /* skip an "N:" instruction number */
    const char *q = line;
    while (*q >= '0' && *q <= '9')
        q++;
    if (q != line && *q == ':') {
        line = q + 1;
        while (*line == ' ' || *line == '\t')
            line++;
    }
    *b = line;
    while ((*line >= 'A' && *line <= 'Z') || (*line >= '0' && *line <= '9') || *line == '_')
        line++;
    *e = line;
}

static bool word_is(const char *b, const char *e, const char *w)
{
    return (size_t)(e - b) == strlen(w) && memcmp(b, w, (size_t)(e - b)) == 0;
}

static bool is_instruction(const char *b, const char *e)
{
    if (b == e)
        return false;
    static const char *const not_inst[] = {"VERT", "FRAG", "GEOM", "TESS_CTRL", "TESS_EVAL",
                                           "COMP", "DCL",  "IMM",  "PROPERTY"};
    for (size_t i = 0; i < sizeof not_inst / sizeof not_inst[0]; i++)
        if (word_is(b, e, not_inst[i]))
            return false;
    return true;
}

tgsi_program *tgsi_test_parse(const char *text, tgsi_error *err)
{
    /* Split into lines; find each instruction's index and the IF/ELSE
     * targets with a stack. */
    size_t len = strlen(text);
    size_t nlines = 1;
    for (size_t i = 0; i < len; i++)
        nlines += text[i] == '\n';
    const char **lines = calloc(nlines, sizeof *lines);
    size_t *lens = calloc(nlines, sizeof *lens);
    int32_t *inst_of = calloc(nlines, sizeof *inst_of);
    int32_t *label = calloc(nlines, sizeof *label);
    size_t *stack = calloc(nlines, sizeof *stack);
    char *out = malloc(len + nlines * 16 + 1);
    tgsi_program *prog = NULL;
    if (!lines || !lens || !inst_of || !label || !stack || !out) {
        snprintf(err->message, sizeof err->message, "out of memory");
        goto done;
    }
    size_t n = 0;
    for (const char *s = text; n < nlines; n++) {
        const char *nl = strchr(s, '\n');
        lines[n] = s;
        lens[n] = nl ? (size_t)(nl - s) : strlen(s);
        if (!nl) {
            n++;
            break;
        }
        s = nl + 1;
    }
    int32_t count = 0;
    size_t depth = 0;
    for (size_t i = 0; i < n; i++) {
        const char *b, *e;
        first_word(lines[i], &b, &e);
        label[i] = -1;
        inst_of[i] = -1;
        if (!is_instruction(b, e) || (size_t)(b - lines[i]) >= lens[i])
            continue;
        inst_of[i] = count++;
        bool has_label = memchr(b, ':', lens[i] - (size_t)(b - lines[i])) != NULL;
        if (word_is(b, e, "IF") || word_is(b, e, "UIF")) {
            stack[depth++] = has_label ? SIZE_MAX : i;
        } else if (word_is(b, e, "ELSE") && depth) {
            size_t open = stack[depth - 1];
            if (open != SIZE_MAX)
                label[open] = inst_of[i];
            stack[depth - 1] = has_label ? SIZE_MAX : i;
        } else if (word_is(b, e, "ENDIF") && depth) {
            size_t open = stack[--depth];
            if (open != SIZE_MAX)
                label[open] = inst_of[i];
        }
    }
    char *o = out;
    for (size_t i = 0; i < n; i++) {
        memcpy(o, lines[i], lens[i]);
        o += lens[i];
        if (label[i] >= 0)
            o += sprintf(o, " :%d", label[i]);
        *o++ = '\n';
    }
    *o = 0;
    if (!tgsi_parse(out, (size_t)(o - out), &prog, err))
        prog = NULL;
done:
    free(lines);
    free(lens);
    free(inst_of);
    free(label);
    free(stack);
    free(out);
    return prog;
}

/* ---- comparison ---------------------------------------------------------- */

static bool same_word(const void *x, const void *y)
{
    return memcmp(x, y, 4) == 0;
}

/* Float results: equal bits, or both NaN. IEEE 754 leaves open which
 * payload an operation with several NaN operands returns, and compilers
 * swap the operands of commutative operations (the same C source picks a
 * different NaN at -O0 and -O2), so the payload is not part of the
 * executors' contract (exec contract 1). */
static bool same_float(const void *x, const void *y)
{
    uint32_t a, b;
    memcpy(&a, x, 4);
    memcpy(&b, y, 4);
    return a == b || (bitsf(a) != bitsf(a) && bitsf(b) != bitsf(b));
}

static void describe(char *msg, size_t size, const char *what, int c, int l, const void *ref,
                     const void *got)
{
    uint32_t r, g;
    memcpy(&r, ref, 4);
    memcpy(&g, got, 4);
    bool nans = bitsf(r) != bitsf(r) && bitsf(g) != bitsf(g);
    snprintf(msg, size, "%s.%c lane %d: ref 0x%08x (%.9g, int %d) vs got 0x%08x (%.9g, int %d)%s",
             what, "xyzw"[c & 3], l, r, (double)bitsf(r), (int32_t)r, g, (double)bitsf(g),
             (int32_t)g, nans ? " [both NaN: which NaN payload propagates]" : "");
}

bool tgsi_test_compare_vs(const tgsi_test_env *env, const swr_vs_args *ref,
                          const swr_vs_args *got, char *msg, size_t msg_size)
{
    for (uint32_t i = 0; i < env->num_outputs; i++) {
        for (int c = 0; c < 4; c++) {
            for (int l = 0; l < 8; l++) {
                if (!((ref->active_mask >> l) & 1u))
                    continue;
                const float *r = &ref->outputs[i].v[c][l], *g = &got->outputs[i].v[c][l];
                if (!same_float(r, g)) {
                    char what[32];
                    snprintf(what, sizeof what, "OUT[%u]", i);
                    describe(msg, msg_size, what, c, l, r, g);
                    return false;
                }
            }
        }
    }
    return true;
}

bool tgsi_test_compare_ps(const swr_ps_args *ref, const swr_ps_args *got, char *msg,
                          size_t msg_size)
{
    if (ref->exec_mask != got->exec_mask) {
        snprintf(msg, msg_size, "exec_mask: ref 0x%02x vs got 0x%02x", ref->exec_mask,
                 got->exec_mask);
        return false;
    }
    for (int l = 0; l < 8; l++) {
        if (!((ref->exec_mask >> l) & 1u))
            continue;
        for (int rt = 0; rt <= 8; rt++) {
            const swr_simd_vec4 *r = rt < 8 ? &ref->color[rt] : &ref->color1;
            const swr_simd_vec4 *g = rt < 8 ? &got->color[rt] : &got->color1;
            for (int c = 0; c < 4; c++) {
                if (!same_float(&r->v[c][l], &g->v[c][l])) {
                    char what[32];
                    if (rt < 8)
                        snprintf(what, sizeof what, "color[%d]", rt);
                    else
                        snprintf(what, sizeof what, "color1");
                    describe(msg, msg_size, what, c, l, &r->v[c][l], &g->v[c][l]);
                    return false;
                }
            }
        }
        if (!same_float(&ref->depth[l], &got->depth[l])) {
            describe(msg, msg_size, "depth", 0, l, &ref->depth[l], &got->depth[l]);
            return false;
        }
        if (!same_word(&ref->stencil[l], &got->stencil[l])) {
            describe(msg, msg_size, "stencil", 0, l, &ref->stencil[l], &got->stencil[l]);
            return false;
        }
    }
    return true;
}
