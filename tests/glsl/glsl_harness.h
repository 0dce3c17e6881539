/*
 * glsl_harness.h: compiles GLSL programs with swr_glsl and runs the TGSI of
 * each stage through the jitter's interpreter on 8 lanes (test helper).
 */
#ifndef SWR_TEST_GLSL_HARNESS_H
#define SWR_TEST_GLSL_HARNESS_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/glsl/swr_glsl.h"
#include "jitter/jit.h"

typedef struct harness {
    swr_glsl_program *prog;
    jit_shader *vs, *fs;
    float consts[256][4];
    swr_simd_vec4 in[SWR_MAX_ATTRIBS];
    swr_simd_vec4 out[SWR_MAX_ATTRIBS];
    swr_ps_args ps;
    const swr_sampler_interface *sampler;
} harness;

static inline swr_glsl_program *h_link(const char *vs, const char *fs)
{
    swr_glsl_shader *s[2];
    s[0] = swr_glsl_compile(SWR_GLSL_VERTEX, 1, &vs, NULL);
    s[1] = swr_glsl_compile(SWR_GLSL_FRAGMENT, 1, &fs, NULL);
    swr_glsl_program *p = swr_glsl_link(s, 2, NULL, 0);
    if (!swr_glsl_shader_ok(s[0]))
        fprintf(stderr, "VS log: %s\n", swr_glsl_shader_log(s[0]));
    if (!swr_glsl_shader_ok(s[1]))
        fprintf(stderr, "FS log: %s\n", swr_glsl_shader_log(s[1]));
    if (!swr_glsl_program_ok(p))
        fprintf(stderr, "link log: %s\n", swr_glsl_program_log(p));
    swr_glsl_shader_destroy(s[0]);
    swr_glsl_shader_destroy(s[1]);
    return p;
}

static inline jit_shader *h_jit(const char *text)
{
    tgsi_program *tp = NULL;
    tgsi_error err;
    if (!tgsi_parse(text, strlen(text), &tp, &err)) {
        fprintf(stderr, "%s\nparse: %u:%u %s\n", text, err.line, err.column, err.message);
        return NULL;
    }
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    jit_shader *sh = jit_shader_compile(tp, &key, &err);
    tgsi_program_free(tp);
    if (!sh)
        fprintf(stderr, "%s\njit: %s\n", text, err.message);
    return sh;
}

/* Links and compiles; false on any failure. */
static inline bool h_init(harness *h, const char *vs, const char *fs)
{
    memset(h, 0, sizeof *h);
    h->prog = h_link(vs, fs);
    if (!swr_glsl_program_ok(h->prog))
        return false;
    h->vs = h_jit(swr_glsl_program_tgsi(h->prog, SWR_GLSL_VERTEX));
    h->fs = h_jit(swr_glsl_program_tgsi(h->prog, SWR_GLSL_FRAGMENT));
    if (getenv("SWR_GLSL_DUMP"))
        fprintf(stderr, "%s\n%s\n", swr_glsl_program_tgsi(h->prog, SWR_GLSL_VERTEX),
                swr_glsl_program_tgsi(h->prog, SWR_GLSL_FRAGMENT));
    return h->vs && h->fs;
}

static inline void h_fini(harness *h)
{
    if (h->vs)
        jit_shader_unref(h->vs);
    if (h->fs)
        jit_shader_unref(h->fs);
    swr_glsl_program_destroy(h->prog);
}

static inline const swr_glsl_uniform *h_uniform(harness *h, const char *name)
{
    for (int i = 0; i < swr_glsl_num_uniforms(h->prog); i++)
        if (!strcmp(swr_glsl_get_uniform(h->prog, i)->name, name))
            return swr_glsl_get_uniform(h->prog, i);
    return NULL;
}

/* Sets element `elem`, column `col` of a uniform (n floats or int bits). */
static inline bool h_set(harness *h, const char *name, int elem, int col, const float *v, int n)
{
    const swr_glsl_uniform *u = h_uniform(h, name);
    if (!u || u->const_reg < 0)
        return false;
    int r = u->const_reg + elem * (int)u->regs_per_element + col;
    memcpy(h->consts[r], v, (size_t)n * 4);
    return true;
}

static inline const swr_glsl_attrib *h_attrib(harness *h, const char *name)
{
    for (int i = 0; i < swr_glsl_num_attribs(h->prog); i++)
        if (!strcmp(swr_glsl_get_attrib(h->prog, i)->name, name))
            return swr_glsl_get_attrib(h->prog, i);
    return NULL;
}

/* Sets component values of attribute column `col` for lane l. */
static inline void h_set_attrib(harness *h, const char *name, int col, int lane, const float *v, int n)
{
    const swr_glsl_attrib *a = h_attrib(h, name);
    if (!a)
        return;
    for (int c = 0; c < n; c++)
        h->in[a->first_input + col].v[c][lane] = v[c];
}

static inline void h_res(harness *h, swr_shader_resources *res)
{
    memset(res, 0, sizeof *res);
    res->constants[0] = &h->consts[0][0];
    res->constant_count[0] = swr_glsl_num_const_regs(h->prog);
    res->sampler = h->sampler;
}

static inline void h_run_vs(harness *h)
{
    swr_shader_resources res;
    h_res(h, &res);
    swr_vs_args a;
    memset(&a, 0, sizeof a);
    a.inputs = h->in;
    a.outputs = h->out;
    a.active_mask = 0xff;
    a.res = &res;
    for (int l = 0; l < 8; l++)
        a.vertex_id.v[l] = l;
    jit_shader_vs_func(h->vs)(h->vs, &a);
}

/* VS output register with a semantic, -1 if none. */
static inline int h_vs_out(harness *h, unsigned sem, unsigned index)
{
    const jit_shader_info *i = jit_shader_get_info(h->vs);
    for (unsigned r = 0; r < i->num_outputs; r++)
        if (i->output_semantic[r] == sem && i->output_semantic_index[r] == index)
            return (int)r;
    return -1;
}

/* Runs the FS with its inputs taken from the VS outputs of the same
 * semantic (lane for lane, as if every pixel sat on a vertex). */
static inline void h_run_fs(harness *h, uint32_t exec_mask)
{
    swr_shader_resources res;
    h_res(h, &res);
    static swr_simd_vec4 fin[SWR_MAX_ATTRIBS];
    const jit_shader_info *fi = jit_shader_get_info(h->fs);
    for (unsigned r = 0; r < fi->num_inputs; r++) {
        int o = h_vs_out(h, fi->input_semantic[r], fi->input_semantic_index[r]);
        if (o >= 0)
            fin[r] = h->out[o];
        else
            memset(&fin[r], 0, sizeof fin[r]);
    }
    memset(&h->ps, 0, sizeof h->ps);
    h->ps.inputs = fin;
    h->ps.res = &res;
    h->ps.exec_mask = exec_mask;
    h->ps.quad_mask = 0xff;
    h->ps.front_facing = 1;
    h->ps.fb_height = 100;
    for (int l = 0; l < 8; l++) {
        h->ps.position.v[0][l] = (float)((l & 1) + ((l >> 2) << 1)) + 0.5f;
        h->ps.position.v[1][l] = (float)((l >> 1) & 1) + 0.5f;
        h->ps.position.v[2][l] = 0.25f;
        h->ps.position.v[3][l] = 1.0f;
    }
    jit_shader_ps_func(h->fs)(h->fs, &h->ps);
}

#endif
