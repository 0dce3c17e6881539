/*
 * test_interp_basic: the TGSI interpreter (jitter/jit_interp*.c) on small
 * programs whose answers are worked out by hand: arithmetic, every
 * control-flow construct with lanes taking different paths, indirect
 * addressing (in and out of range), KILL_IF, derivatives, system values,
 * gl_FragCoord conventions, the texture request handed to a fake sampler,
 * compile-time rejections and the shader cache.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <cmocka.h>

#include "jitter/jit.h"

static jit_shader *compile(const char *text)
{
    tgsi_program *p = NULL;
    tgsi_error err;
    if (!tgsi_parse(text, strlen(text), &p, &err))
        fail_msg("parse: line %u: %s", err.line, err.message);
    jit_variant_key key;
    memset(&key, 0, sizeof(key));
    jit_shader *sh = jit_shader_compile(p, &key, &err);
    if (!sh)
        fail_msg("compile: line %u: %s", err.line, err.message);
    tgsi_program_free(p);
    return sh;
}

/* VS run: IN[0].x = lane index (float), IN[0].y = lane & 1, IN[0].z = lane
 * - 4; outputs into out[]. */
static void run_vs(jit_shader *sh, swr_simd_vec4 *out, const swr_shader_resources *res)
{
    static swr_simd_vec4 in[4];
    for (int l = 0; l < 8; l++) {
        in[0].v[0][l] = (float)l;
        in[0].v[1][l] = (float)(l & 1);
        in[0].v[2][l] = (float)(l - 4);
        in[0].v[3][l] = 1.0f;
    }
    swr_vs_args a;
    memset(&a, 0, sizeof(a));
    a.inputs = in;
    a.outputs = out;
    a.active_mask = 0xff;
    a.res = res;
    for (int l = 0; l < 8; l++)
        a.vertex_id.v[l] = 100 + l;
    a.base_vertex = 100;
    jit_shader_vs_func(sh)(sh, &a);
}

static void test_arith(void **state)
{
    (void)state;
    jit_shader *sh = compile("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                             "IMM[0] FLT32 {2.0, 0.5, -1.0, 3.0}\n"
                             "  0: MAD TEMP[0], IN[0].xxxx, IMM[0].xyzw, IMM[0].wzyx\n"
                             "  1: MOV_SAT OUT[0].xy, TEMP[0]\n"
                             "  2: MOV OUT[0].zw, -|TEMP[0]|\n  3: END\n");
    swr_simd_vec4 out[1];
    run_vs(sh, out, NULL);
    for (int l = 0; l < 8; l++) {
        float x = (float)l;
        float t[4] = {x * 2.0f + 3.0f, x * 0.5f - 1.0f, x * -1.0f + 0.5f, x * 3.0f + 2.0f};
        float sat0 = t[0] > 1.0f ? 1.0f : t[0] < 0.0f ? 0.0f : t[0];
        float sat1 = t[1] > 1.0f ? 1.0f : t[1] < 0.0f ? 0.0f : t[1];
        assert_true(out[0].v[0][l] == sat0 && out[0].v[1][l] == sat1);
        assert_true(out[0].v[2][l] == -fabsf(t[2]) && out[0].v[3][l] == -fabsf(t[3]));
    }
    jit_shader_unref(sh);
}

/* IF/ELSE, a loop with a per-lane trip count, SWITCH with fall-through and
 * a subroutine with an early RET, all with lanes diverging. */
static void test_control_flow(void **state)
{
    (void)state;
    jit_shader *sh = compile(
        "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..3]\n"
        "IMM[0] FLT32 {0.0, 1.0, 10.0, 100.0}\n"
        "IMM[1] INT32 {0, 1, 2, 3}\n"
        "  0: F2I TEMP[1].x, IN[0].xxxx\n"              /* lane index */
        "  1: IF IN[0].yyyy :3\n"                        /* odd lanes */
        "  2:   MOV TEMP[0].x, IMM[0].zzzz\n"
        "  3: ELSE :5\n"
        "  4:   MOV TEMP[0].x, IMM[0].wwww\n"
        "  5: ENDIF\n"
        "  6: MOV TEMP[2].x, IMM[1].xxxx\n"               /* loop: count to lane index */
        "  7: MOV TEMP[0].y, IMM[0].xxxx\n"
        "  8: BGNLOOP :0\n"
        "  9:   ISGE TEMP[3].x, TEMP[2].xxxx, TEMP[1].xxxx\n"
        " 10:   UIF TEMP[3].xxxx :12\n"
        " 11:     BRK\n"
        " 12:   ENDIF\n"
        " 13:   ADD TEMP[0].y, TEMP[0].yyyy, IMM[0].yyyy\n"
        " 14:   UADD TEMP[2].x, TEMP[2].xxxx, IMM[1].yyyy\n"
        " 15: ENDLOOP :0\n"
        " 16: MOV TEMP[0].z, IMM[0].xxxx\n"
        " 17: SWITCH TEMP[1].xxxx\n"
        " 18: CASE IMM[1].yyyy\n"                          /* 1: +1 then falls into 2 */
        " 19:   ADD TEMP[0].z, TEMP[0].zzzz, IMM[0].yyyy\n"
        " 20: CASE IMM[1].zzzz\n"                          /* 2: +10, break */
        " 21:   ADD TEMP[0].z, TEMP[0].zzzz, IMM[0].zzzz\n"
        " 22:   BRK\n"
        " 23: DEFAULT\n"                                   /* others: +100 */
        " 24:   ADD TEMP[0].z, TEMP[0].zzzz, IMM[0].wwww\n"
        " 25: ENDSWITCH\n"
        " 26: MOV TEMP[0].w, IMM[0].xxxx\n"
        " 27: CAL :30\n"
        " 28: MOV OUT[0], TEMP[0]\n"
        " 29: END\n"
        " 30: BGNSUB\n"                                    /* w = lane >= 4 ? 1 : 11 */
        " 31:   ADD TEMP[0].w, TEMP[0].wwww, IMM[0].yyyy\n"
        " 32:   ISGE TEMP[3].x, TEMP[1].xxxx, IMM[1].wwww\n"
        " 33:   UIF TEMP[3].xxxx :35\n"
        " 34:     RET\n"
        " 35:   ENDIF\n"
        " 36:   ADD TEMP[0].w, TEMP[0].wwww, IMM[0].zzzz\n"
        " 37: ENDSUB\n");
    swr_simd_vec4 out[1];
    run_vs(sh, out, NULL);
    for (int l = 0; l < 8; l++) {
        assert_true(out[0].v[0][l] == ((l & 1) ? 10.0f : 100.0f));
        assert_true(out[0].v[1][l] == (float)l);
        float sw = l == 1 ? 11.0f : l == 2 ? 10.0f : 100.0f;
        assert_true(out[0].v[2][l] == sw);
        assert_true(out[0].v[3][l] == (l >= 3 ? 1.0f : 11.0f));
    }
    jit_shader_unref(sh);
}

/* A loop that never ends stops after 65535 iterations (exec contract 15). */
static void test_loop_cap(void **state)
{
    (void)state;
    jit_shader *sh = compile("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                             "IMM[0] FLT32 {1.0, 0.0, 0.0, 0.0}\n"
                             "  0: BGNLOOP :0\n  1: ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
                             "  2: ENDLOOP :0\n  3: MOV OUT[0], TEMP[0]\n  4: END\n");
    swr_simd_vec4 out[1];
    run_vs(sh, out, NULL);
    for (int l = 0; l < 8; l++)
        assert_true(out[0].v[0][l] == 65535.0f && out[0].v[1][l] == 0.0f);
    jit_shader_unref(sh);
}

/* TEMP array written and read through ADDR, out-of-range reads give 0 and
 * out-of-range writes are dropped; CONST read indirectly, past the end 0. */
static void test_indirect(void **state)
{
    (void)state;
    jit_shader *sh = compile(
        "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL CONST[0][0..3]\n"
        "DCL TEMP[0..3], ARRAY(1)\nDCL TEMP[4]\nDCL ADDR[0]\n"
        "IMM[0] FLT32 {7.0, 0.0, 0.0, 0.0}\n"
        "  0: MOV TEMP[0].x, IMM[0].xxxx\n"
        "  1: MOV TEMP[1].x, IMM[0].xxxx\n"
        "  2: MOV TEMP[2].x, IMM[0].xxxx\n"
        "  3: MOV TEMP[3].x, IMM[0].xxxx\n"
        "  4: ARL ADDR[0].x, IN[0].zzzz\n"              /* lane - 4 */
        "  5: MOV TEMP[ADDR[0].x+4](1).x, IN[0].xxxx\n" /* lane l of TEMP[l] = l, l < 4 */
        "  6: MOV TEMP[4].x, TEMP[ADDR[0].x+4](1).xxxx\n"
        "  7: MOV TEMP[4].y, CONST[0][ADDR[0].x+4].xxxx\n"
        "  8: MOV TEMP[4].z, TEMP[ADDR[0].x+2](1).xxxx\n"
        "  9: MOV OUT[0], TEMP[4]\n 10: END\n");
    float c[8 * 4];
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 4; k++)
            c[i * 4 + k] = 50.0f + (float)i;
    swr_shader_resources res;
    memset(&res, 0, sizeof(res));
    res.constants[0] = c;
    res.constant_count[0] = 3; /* only CONST[0][0..2] exist */
    swr_simd_vec4 out[1];
    run_vs(sh, out, &res);
    for (int l = 0; l < 8; l++) {
        assert_true(out[0].v[0][l] == (l < 4 ? (float)l : 0.0f));
        assert_true(out[0].v[1][l] == (l < 3 ? 50.0f + (float)l : 0.0f));
        /* index lane - 2: in the array for lanes 2..5, whose lane l there
         * still holds the 7 written directly (only lane l - 2 changed) */
        float z = (l >= 2 && l <= 5) ? 7.0f : 0.0f;
        assert_true(out[0].v[2][l] == z);
    }
    jit_shader_unref(sh);
}

static void ps_args_init(swr_ps_args *a, swr_simd_vec4 *in)
{
    memset(a, 0, sizeof(*a));
    a->inputs = in;
    a->block_x = 10;
    a->block_y = 20;
    for (int l = 0; l < 8; l++) {
        float x = 10.0f + (float)((l & 1) + ((l >> 2) << 1)) + 0.5f;
        float y = 20.0f + (float)((l >> 1) & 1) + 0.5f;
        a->position.v[0][l] = x;
        a->position.v[1][l] = y;
        a->position.v[2][l] = 0.25f;
        a->position.v[3][l] = 1.0f;
        in[1].v[0][l] = x * x; /* a quadratic: fine and coarse derivatives differ */
        in[1].v[1][l] = (float)l - 4.0f;
    }
    a->quad_mask = 0xff;
    a->exec_mask = 0xff;
    a->fb_height = 100;
    a->front_facing = 0;
}

/* gl_FragCoord with lower-left origin and integer centres, FACE, DDX/DDY,
 * KILL_IF (outputs of killed lanes untouched). */
static void test_ps(void **state)
{
    (void)state;
    jit_shader *sh = compile(
        "FRAG\nPROPERTY FS_COORD_ORIGIN LOWER_LEFT\nPROPERTY FS_COORD_PIXEL_CENTER INTEGER\n"
        "DCL IN[0], POSITION, LINEAR\nDCL IN[1], GENERIC[0], PERSPECTIVE\n"
        "DCL IN[2], FACE, CONSTANT\n"
        "DCL OUT[0], COLOR\nDCL OUT[1], COLOR[1]\nDCL TEMP[0..1]\n"
        "  0: MOV OUT[0].xy, IN[0]\n"
        "  1: MOV OUT[0].z, IN[2].xxxx\n"
        "  2: DDX TEMP[0].x, IN[1].xxxx\n"
        "  3: DDX_FINE TEMP[0].y, IN[1].xxxx\n"
        "  4: DDY TEMP[0].z, IN[0].yyyy\n"
        "  5: MOV OUT[1], TEMP[0]\n"
        "  6: KILL_IF IN[1].yyyy\n"
        "  7: MOV OUT[0].w, IN[1].yyyy\n"
        "  8: END\n");
    static swr_simd_vec4 in[3];
    static swr_ps_args a;
    ps_args_init(&a, in);
    for (int l = 0; l < 8; l++)
        a.color[0].v[3][l] = -99.0f;
    jit_shader_ps_func(sh)(sh, &a);
    assert_int_equal(a.exec_mask, 0xf0); /* lanes 0..3 have y = l - 4 < 0 */
    for (int l = 0; l < 8; l++) {
        float x = 10.0f + (float)((l & 1) + ((l >> 2) << 1));
        float y = 100.0f - (20.0f + (float)((l >> 1) & 1) + 0.5f) - 0.5f;
        assert_true(a.color[0].v[0][l] == x && a.color[0].v[1][l] == y);
        assert_true(a.color[0].v[2][l] == -1.0f);
        assert_true(a.color[0].v[3][l] == (l >= 4 ? (float)l - 4.0f : -99.0f));
        int q = l & 4; /* quad base lane */
        float xl = in[1].v[0][q], xr = in[1].v[0][q + 1];
        int row = q + (l & 2);
        assert_true(a.color[1].v[0][l] == xr - xl);
        assert_true(a.color[1].v[1][l] == in[1].v[0][row + 1] - in[1].v[0][row]);
        assert_true(a.color[1].v[2][l] == -1.0f); /* y flipped: one row down is -1 */
    }
    jit_shader_unref(sh);
}

static void test_system_values(void **state)
{
    (void)state;
    jit_shader *sh = compile("VERT\nDCL SV[0], VERTEXID\nDCL SV[1], VERTEXID_NOBASE\n"
                             "DCL OUT[0], GENERIC[0]\n"
                             "  0: MOV OUT[0].x, SV[0].xxxx\n  1: MOV OUT[0].y, SV[1].xxxx\n"
                             "  2: END\n");
    swr_simd_vec4 out[1];
    run_vs(sh, out, NULL);
    for (int l = 0; l < 8; l++) {
        int32_t x, y;
        memcpy(&x, &out[0].v[0][l], 4);
        memcpy(&y, &out[0].v[1][l], 4);
        assert_int_equal(x, 100 + l);
        assert_int_equal(y, l);
    }
    jit_shader_unref(sh);
}

/* ---- texturing through a fake sampler ------------------------------------ */

typedef struct fake_sampler {
    swr_sampler_interface base;
    swr_tex_request last;
    int calls;
} fake_sampler;

static void fake_sample(const swr_sampler_interface *self, const swr_tex_request *req,
                        swr_simd_vec4 *out)
{
    fake_sampler *f = (fake_sampler *)(uintptr_t)self;
    f->last = *req;
    f->calls++;
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < 8; l++)
            out->v[c][l] = req->coords.v[0][l] + (float)c; /* s + channel */
}

static void test_texture_request(void **state)
{
    (void)state;
    jit_shader *sh = compile("FRAG\nDCL IN[1], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
                             "DCL SAMP[3]\nDCL SVIEW[3], 2D_ARRAY, FLOAT\nDCL TEMP[0]\n"
                             "  0: MOV TEMP[0], IN[1].xyxy\n"
                             "  1: TXB TEMP[0], TEMP[0], SAMP[3], 2D_ARRAY\n"
                             "  2: MOV OUT[0], TEMP[0]\n  3: END\n");
    static swr_simd_vec4 in[3];
    static swr_ps_args a;
    ps_args_init(&a, in);
    a.exec_mask = 0x3f;
    a.quad_mask = 0xff;
    fake_sampler f;
    memset(&f, 0, sizeof(f));
    f.base.sample = fake_sample;
    swr_shader_resources res;
    memset(&res, 0, sizeof(res));
    res.sampler = &f.base;
    a.res = &res;
    jit_shader_ps_func(sh)(sh, &a);
    assert_int_equal(f.calls, 1);
    const swr_tex_request *r = &f.last;
    assert_int_equal(r->op, SWR_TEX_SAMPLE);
    assert_int_equal(r->target, TGSI_TEXTURE_2D_ARRAY);
    assert_int_equal(r->sview, 3);
    assert_int_equal(r->sampler, 3);
    assert_int_equal(r->has_lod, 1);
    assert_int_equal(r->mask, 0xff); /* helper lanes sample too (derivatives) */
    for (int l = 0; l < 8; l++) {
        assert_true(r->coords.v[0][l] == in[1].v[0][l]);
        assert_true(r->coords.v[1][l] == in[1].v[1][l]);
        assert_true(r->coords.v[2][l] == in[1].v[0][l]); /* layer = src.z */
        assert_true(r->coords.v[3][l] == 0.0f);
        assert_true(r->lod[l] == in[1].v[1][l]); /* bias = src.w */
        int q = l & 4;
        assert_true(r->ddx[0][l] == in[1].v[0][q + 1] - in[1].v[0][q]);
        assert_true(r->ddy[1][l] == in[1].v[1][q + 2] - in[1].v[1][q]);
        assert_true(r->ddx[2][l] == 0.0f); /* the layer has no derivative */
        assert_true(a.color[0].v[2][l] == in[1].v[0][l] + 2.0f || !(0x3f & (1u << l)));
    }
    jit_shader_unref(sh);
}

static void test_rejects(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "GEOM\nDCL OUT[0], POSITION\n  0: END\n",
        "VERT\nDCL OUT[0], POSITION\nDCL TEMP[0]\n  0: DADD TEMP[0].xy, TEMP[0], TEMP[0]\n"
        "  1: END\n",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        tgsi_program *p = NULL;
        tgsi_error err;
        if (!tgsi_parse(bad[i], strlen(bad[i]), &p, &err))
            continue; /* rejected earlier still counts as rejected */
        jit_variant_key key;
        memset(&key, 0, sizeof(key));
        jit_shader *sh = jit_shader_compile(p, &key, &err);
        assert_null(sh);
        assert_true(err.message[0] != 0);
        tgsi_program_free(p);
    }
}

static void test_cache(void **state)
{
    (void)state;
    const char *t = "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0]\n  1: END\n";
    jit_variant_key key;
    memset(&key, 0, sizeof(key));
    tgsi_error err;
    jit_shader *a = jit_cache_get(t, strlen(t), &key, &err);
    jit_shader *b = jit_cache_get(t, strlen(t), &key, &err);
    key.dual_source = 1;
    jit_shader *c = jit_cache_get(t, strlen(t), &key, &err);
    assert_non_null(a);
    assert_ptr_equal(a, b);
    assert_true(c != a);
    jit_cache_clear();
    jit_shader_unref(a);
    jit_shader_unref(b);
    jit_shader_unref(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arith),         cmocka_unit_test(test_control_flow),
        cmocka_unit_test(test_loop_cap),      cmocka_unit_test(test_indirect),
        cmocka_unit_test(test_ps),            cmocka_unit_test(test_system_values),
        cmocka_unit_test(test_texture_request), cmocka_unit_test(test_rejects),
        cmocka_unit_test(test_cache),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
