/*
 * test_ps_tile.c: the batched pixel-shader entry (swr_ps_tile_func,
 * common/shader_abi.h; the LLVM JIT's build_tile_entry) against the
 * 8-pixel entry of the same shader, which is the oracle, bit for bit:
 *  - every FRAG shader of the corpus (argv[1]) that does not read
 *    gl_FragCoord (the engine calls the batched entry only then), compiled
 *    by the LLVM JIT, x SEEDS seeds: random plane inputs (in_lanes, in_off
 *    from the random word mix of tgsi_test_inputs, specials included),
 *    some inputs constant (in_off -0.0f), random whole-quad quad masks and
 *    exec masks per block (some blocks empty), a random tile origin. For
 *    every shaded block, exec_mask after kill and the outputs on the live
 *    lanes must equal the 8-pixel entry's on args holding
 *    in_off[b] + in_lanes and the same block fields; empty blocks must
 *    leave their out[b] and exec_mask alone;
 *  - the engine: random triangles (flat ones that take the batched path and
 *    perspective ones that do not) drawn with hand-written TGSI shaders
 *    (pass-through; derivatives, a flat input and kill; an immediate colour
 *    without inputs) in three states
 *    (early LESS depth + opaque BGRA8; no depth + alpha-blended RGBA8;
 *    alpha test + late LEQUAL depth + float colour) with the PS state's
 *    tile_func set and NULL, single-threaded and with workers: colour and
 *    depth images identical to the bit.
 * Thread: main thread; the engine's workers call the shaders.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jitter/jit.h"
#include "jitter/jit_priv.h"
#include "test_util.h"
#include "tgsi_corpus.h"
#include "tools/tgsi_test_inputs.h"
#include "tools/tgsi_test_sampler.h"

static const char *corpus_dir;

enum { SEEDS = 3 };

static jit_shader *compile_llvm(const tgsi_program *prog, tgsi_error *err)
{
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    key.executor = JIT_EXECUTOR_LLVM;
    return jit_shader_compile(prog, &key, err);
}

/* Everything one corpus check points at (32-byte aligned, on the heap). */
typedef struct tile_run {
    swr_ps_tile_out out[8];
    swr_ps_tile_out pattern; /* out[b] before the call */
    swr_simd_vec4 inputs[SWR_MAX_ATTRIBS]; /* the oracle's inputs of one block */
    float lanes[SWR_MAX_ATTRIBS * 4][8] __attribute__((aligned(32)));
    float off[SWR_MAX_ATTRIBS * 4][8] __attribute__((aligned(32)));
    swr_ps_args a, ref, got;
    swr_ps_tile_args ta;
} tile_run;

static const float neg_zero8[8] __attribute__((aligned(32))) = {-0.0f, -0.0f, -0.0f, -0.0f,
                                                                 -0.0f, -0.0f, -0.0f, -0.0f};

static float word_f(uint64_t *rng, float special)
{
    uint32_t w = tgsi_test_random_word(rng, special);
    float f;
    memcpy(&f, &w, 4);
    return f;
}

/* One seed of one shader: 0 agree, 1 differ (printed). */
static int check_seed(const char *name, jit_shader *sh, tgsi_test_env *env, uint64_t seed,
                      tile_run *r)
{
    swr_ps_func f8 = jit_shader_ps_func(sh);
    swr_ps_tile_func ft = jit_shader_ps_tile_func(sh);
    uint32_t nin = jit_shader_get_info(sh)->num_inputs;
    tgsi_test_fill_ps(env, seed, &r->a);
    uint64_t rng = seed * 0x9e3779b97f4a7c15ull + 77;
    swr_ps_tile_args *ta = &r->ta;
    memset(ta, 0, sizeof *ta);
    for (uint32_t k = 0; k < SWR_MAX_ATTRIBS * 4; k++) {
        bool constant = k / 4 >= nin || (tu_rand(&rng) & 7) == 0;
        for (int l = 0; l < 8; l++) {
            r->lanes[k][l] = word_f(&rng, env->special_rate);
            r->off[k][l] = word_f(&rng, env->special_rate);
        }
        ta->in_lanes[k] = r->lanes[k];
        ta->in_off[k] = constant ? neg_zero8 : r->off[k];
    }
    ta->attrib_planes = r->a.attrib_planes;
    ta->res = r->a.res;
    ta->front_facing = r->a.front_facing;
    ta->prim_id = r->a.prim_id;
    ta->fb_height = r->a.fb_height;
    ta->tile_x = (tu_rand(&rng) % 128) * 8;
    ta->tile_y = (tu_rand(&rng) % 128) * 8;
    uint32_t exec_in[8];
    for (int b = 0; b < 8; b++) {
        static const uint32_t quads[4] = {0, 0x0f, 0xf0, 0xff};
        uint32_t q = quads[tu_rand(&rng) & 3], e = 0;
        for (int h = 0; h < 2; h++) {
            uint32_t qm = 0x0fu << (h * 4);
            if (!(q & qm))
                continue;
            uint32_t bits = 0;
            while (!bits)
                bits = tu_rand(&rng) & qm;
            e |= bits;
        }
        ta->quad_mask[b] = q;
        ta->exec_mask[b] = exec_in[b] = e;
    }
    /* The outputs' starting pattern: what fill_ps put in the args. */
    memcpy(r->pattern.color, r->a.color, sizeof r->a.color);
    r->pattern.color1 = r->a.color1;
    memcpy(r->pattern.depth, r->a.depth, sizeof r->a.depth);
    memcpy(r->pattern.stencil, r->a.stencil, sizeof r->a.stencil);
    for (int b = 0; b < 8; b++)
        r->out[b] = r->pattern;
    ta->out = r->out;
    ft(sh, ta);
    for (int b = 0; b < 8; b++) {
        if (!exec_in[b]) {
            if (ta->exec_mask[b] != 0 || memcmp(&r->out[b], &r->pattern, sizeof r->pattern)) {
                fprintf(stderr, "%s seed %u block %d: an empty block was written\n", name,
                        (unsigned)seed, b);
                return 1;
            }
            continue;
        }
        /* The oracle: the 8-pixel entry on the block's interpolated inputs. */
        for (uint32_t k = 0; k < SWR_MAX_ATTRIBS * 4; k++)
            for (int l = 0; l < 8; l++)
                r->inputs[k / 4].v[k % 4][l] = ta->in_off[k][b] + r->lanes[k][l];
        r->ref = r->a;
        r->ref.inputs = r->inputs;
        r->ref.block_x = ta->tile_x + (uint32_t)(b & 1) * 4;
        r->ref.block_y = ta->tile_y + (uint32_t)(b >> 1) * 2;
        r->ref.quad_mask = ta->quad_mask[b];
        r->ref.exec_mask = exec_in[b];
        r->got = r->ref;
        f8(sh, &r->ref);
        memcpy(r->got.color, r->out[b].color, sizeof r->got.color);
        r->got.color1 = r->out[b].color1;
        memcpy(r->got.depth, r->out[b].depth, sizeof r->got.depth);
        memcpy(r->got.stencil, r->out[b].stencil, sizeof r->got.stencil);
        r->got.exec_mask = ta->exec_mask[b];
        char msg[512] = "";
        if (!tgsi_test_compare_ps(&r->ref, &r->got, msg, sizeof msg)) {
            fprintf(stderr, "%s seed %u block %d: %s\n", name, (unsigned)seed, b, msg);
            return 1;
        }
    }
    return 0;
}

/* 0: agree; 1: differ or error (printed); 2: not checked (not FRAG, reads
 * gl_FragCoord, or no native code). */
static int check_shader(const char *name, const char *text, size_t len, tile_run *r,
                        unsigned *no_tile)
{
    tgsi_error err;
    tgsi_program *prog = NULL;
    if (!tgsi_parse(text, len, &prog, &err)) {
        fprintf(stderr, "%s:%u:%u: %s\n", name, err.line, err.column, err.message);
        return 1;
    }
    if (prog->processor != TGSI_PROCESSOR_FRAGMENT) {
        tgsi_program_free(prog);
        return 2;
    }
    jit_shader *sh = compile_llvm(prog, &err);
    if (!sh) {
        fprintf(stderr, "%s: refused: %s\n", name, err.message);
        tgsi_program_free(prog);
        return 1;
    }
    int result = 2;
    /* (jit.h: no batched entry for POSITION readers and long shaders) */
    if (!jit_shader_get_info(sh)->reads_position && prog->num_insts <= JIT_PS_TILE_MAX_INSTS &&
        sh->llvm) {
        if (!jit_shader_ps_tile_func(sh)) {
            (*no_tile)++;
            fprintf(stderr, "%s: native code without a batched entry\n", name);
        } else {
            tgsi_test_sampler smp;
            tgsi_test_sampler_init(&smp, 0x5eed);
            tgsi_test_env env;
            assert_true(tgsi_test_env_init(&env, prog, &smp.base));
            env.special_rate = 0.02f;
            env.const_small_int_rate = 1.0f;
            result = 0;
            for (uint64_t seed = 1; seed <= SEEDS && !result; seed++)
                result = check_seed(name, sh, &env, seed, r);
            tgsi_test_env_free(&env);
            tgsi_test_sampler_free(&smp);
        }
    }
    jit_shader_unref(sh);
    tgsi_program_free(prog);
    return result;
}

static void test_corpus(void **state)
{
    (void)state;
    tgsi_corpus corpus;
    if (!tgsi_corpus_load(corpus_dir, &corpus))
        fail_msg("cannot open the corpus directory %s", corpus_dir);
    const char *lim = getenv("SWR_LLVM_CORPUS_LIMIT");
    size_t limit = lim ? (size_t)strtoul(lim, NULL, 10) : 0;
    size_t stride = limit && limit < corpus.count ? corpus.count / limit : 1;
    tile_run *r = aligned_alloc(32, (sizeof *r + 31) & ~(size_t)31);
    assert_non_null(r);
    unsigned ran = 0, bad = 0, no_tile = 0;
    for (size_t i = 0; i < corpus.count; i += stride) {
        const tgsi_corpus_file *f = &corpus.files[i];
        int res = check_shader(f->name, f->text, f->len, r, &no_tile);
        ran += res != 2;
        bad += res == 1;
    }
    tgsi_corpus_free(&corpus);
    free(r);
    fprintf(stderr, "corpus: %u FRAG shaders x %d seeds through both entries, %u differ\n", ran,
            SEEDS, bad);
    if (ran < 100)
        fail_msg("only %u FRAG shaders checked", ran);
    if (bad || no_tile)
        fail_msg("%u shaders differ between the entries, %u have no batched entry", bad,
                 no_tile);
}

/* ---- the engine over random triangles ------------------------------------ */

enum { W = 160, H = 120, NTRI = 300 };

static const char *const PS_PASS = "FRAG\n"
                                   "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                   "DCL OUT[0], COLOR\n"
                                   "  0: MOV OUT[0], IN[0]\n"
                                   "  1: END\n";

/* Derivatives of input 0, a flat input, and kill where input 0's y < 0.3. */
static const char *const PS_DERIV_KILL = "FRAG\n"
                                         "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                         "DCL IN[1], GENERIC[1], CONSTANT\n"
                                         "DCL OUT[0], COLOR\n"
                                         "DCL TEMP[0..1]\n"
                                         "IMM[0] FLT32 {0.3, 8.0, 0.0, 1.0}\n"
                                         "  0: DDX TEMP[0], IN[0]\n"
                                         "  1: DDY TEMP[1], IN[0]\n"
                                         "  2: MAD TEMP[0], TEMP[0], IMM[0].yyyy, IN[1]\n"
                                         "  3: MAD TEMP[0], TEMP[1], IMM[0].yyyy, TEMP[0]\n"
                                         "  4: ADD TEMP[1].x, IN[0].yyyy, -IMM[0].xxxx\n"
                                         "  5: KILL_IF TEMP[1].xxxx\n"
                                         "  6: MOV OUT[0], TEMP[0]\n"
                                         "  7: END\n";

/* No inputs at all, one immediate colour (a uniform-colour GLSL shader):
 * the engine shades it without barycentrics or input planes, through the
 * batched entry for tiles with several covered blocks and the 8-pixel
 * entry for the rest. */
static const char *const PS_CONST = "FRAG\n"
                                    "DCL OUT[0], COLOR\n"
                                    "IMM[0] FLT32 {0.25, 0.5, 0.75, 0.6}\n"
                                    "  0: MOV OUT[0], IMM[0]\n"
                                    "  1: END\n";

static jit_shader *compile_text(const char *text)
{
    tgsi_error err;
    tgsi_program *prog = NULL;
    if (!tgsi_parse(text, strlen(text), &prog, &err))
        fail_msg("parse: %u: %s", err.line, err.message);
    jit_shader *sh = compile_llvm(prog, &err);
    tgsi_program_free(prog);
    if (!sh)
        fail_msg("compile: %s", err.message);
    if (!jit_shader_ps_tile_func(sh))
        fail_msg("no batched entry: %s", sh->llvm_why);
    return sh;
}

/* Position (clip space), colour; 3 per triangle. Two thirds of the
 * triangles have w = 1 at every vertex (inputs are planes: the batched
 * path), the rest a w in [1, 3] per vertex (perspective: the 8-pixel
 * path). Sizes from a few pixels to most of the window. */
static tu_vertex tris[NTRI * 3];

static void build_tris(void)
{
    uint64_t rng = 0x7117e5u;
    for (int t = 0; t < NTRI; t++) {
        float cx = tu_randf(&rng, -1.0f, 1.0f), cy = tu_randf(&rng, -1.0f, 1.0f);
        float size = (t % 5 == 0) ? 1.5f : tu_randf(&rng, 0.02f, 0.5f);
        bool persp = t % 3 == 2;
        for (int k = 0; k < 3; k++) {
            tu_vertex *v = &tris[t * 3 + k];
            float w = persp ? tu_randf(&rng, 1.0f, 3.0f) : 1.0f;
            v->pos[0] = (cx + tu_randf(&rng, -size, size)) * w;
            v->pos[1] = (cy + tu_randf(&rng, -size, size)) * w;
            v->pos[2] = tu_randf(&rng, -0.9f, 0.9f) * w;
            v->pos[3] = w;
            for (int c = 0; c < 4; c++)
                v->color[c] = tu_randf(&rng, 0.0f, 1.0f);
        }
    }
}

enum { ST_LESS_OPAQUE, ST_ALPHA, ST_LATE_ALPHA_TEST, ST_COUNT };

static const float clear_rgba[4] = {0.2f, 0.3f, 0.4f, 0.5f};

static void render(tu_target *t, jit_shader *ps, bool batched, int state)
{
    swr_context *ctx = t->ctx;
    tu_pipeline(t, SWR_INTERP_PERSPECTIVE);
    tu_bind_vertices(ctx, tris, NTRI * 3);
    swr_ps_state pst = {.func = jit_shader_ps_func(ps), .shader = ps,
                        .tile_func = batched ? jit_shader_ps_tile_func(ps) : NULL,
                        .num_inputs = jit_shader_get_info(ps)->num_inputs, .num_outputs = 1,
                        .can_kill = jit_shader_get_info(ps)->uses_kill,
                        .position_unused = true, .barycentrics_unused = true};
    for (uint32_t i = 0; i < pst.num_inputs; i++)
        pst.inputs[i] = (swr_ps_input){1, SWR_SLOT_NONE,
                                       i == 0 ? SWR_INTERP_PERSPECTIVE : SWR_INTERP_CONSTANT};
    assert_int_equal(swr_set_ps(ctx, &pst), SWR_OK);
    swr_depth_stencil_state dsa = {0};
    swr_blend_state blend = {0};
    blend.rt[0].colormask = SWR_MASK_RGBA;
    if (state == ST_LESS_OPAQUE) {
        dsa = (swr_depth_stencil_state){.depth_enabled = true, .depth_writemask = true,
                                        .depth_func = SWR_FUNC_LESS};
    } else if (state == ST_ALPHA) {
        blend.rt[0] = (swr_blend_rt){true, SWR_BLEND_ADD, SWR_BLENDFACTOR_SRC_ALPHA,
                                     SWR_BLENDFACTOR_INV_SRC_ALPHA, SWR_BLEND_ADD,
                                     SWR_BLENDFACTOR_SRC_ALPHA, SWR_BLENDFACTOR_INV_SRC_ALPHA,
                                     SWR_MASK_RGBA};
    } else {
        dsa = (swr_depth_stencil_state){.depth_enabled = true, .depth_writemask = true,
                                        .depth_func = SWR_FUNC_LEQUAL, .alpha_enabled = true,
                                        .alpha_func = SWR_FUNC_GREATER, .alpha_ref = 0.4f};
    }
    swr_set_depth_stencil_state(ctx, &dsa);
    swr_set_blend_state(ctx, &blend);
    tu_clear(t, clear_rgba, 1.0);
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = NTRI * 3};
    assert_int_equal(swr_draw(ctx, &d), SWR_OK);
    tu_finish(t);
}

static void check_engine(const char *text)
{
    jit_shader *ps = compile_text(text);
    static const swr_context_desc descs[2] = {{.single_threaded = true}, {0}};
    static const swr_format cfmt[ST_COUNT] = {SWR_FORMAT_B8G8R8A8_UNORM,
                                              SWR_FORMAT_R8G8B8A8_UNORM,
                                              SWR_FORMAT_R32G32B32A32_FLOAT};
    static const swr_format zfmt[ST_COUNT] = {SWR_FORMAT_Z32_FLOAT, SWR_FORMAT_NONE,
                                              SWR_FORMAT_Z32_FLOAT};
    for (int s = 0; s < ST_COUNT; s++)
        for (int d = 0; d < 2; d++) {
            tu_target a, b, c;
            assert_int_equal(tu_target_init(&a, &descs[d], W, H, cfmt[s], zfmt[s]), SWR_OK);
            assert_int_equal(tu_target_init(&b, &descs[d], W, H, cfmt[s], zfmt[s]), SWR_OK);
            assert_int_equal(tu_target_init(&c, &descs[d], W, H, cfmt[s], zfmt[s]), SWR_OK);
            tu_clear(&c, clear_rgba, 1.0); /* the image without the triangles */
            tu_finish(&c);
            render(&a, ps, false, s);
            render(&b, ps, true, s);
            char what[64];
            snprintf(what, sizeof what, "state %d %s colour", s, d ? "workers" : "single");
            size_t bad = tu_image_diff(what, a.color, a.cpitch, b.color, b.cpitch, W, H, a.cbpp,
                                       0, false, 0.0f);
            if (a.depth) {
                snprintf(what, sizeof what, "state %d %s depth", s, d ? "workers" : "single");
                bad += tu_image_diff(what, a.depth, a.zpitch, b.depth, b.zpitch, W, H, a.zbpp, 0,
                                     false, 0.0f);
            }
            /* Not trivially equal: the triangles changed the image. */
            size_t changed = 0;
            for (uint32_t y = 0; y < H; y++)
                for (uint32_t x = 0; x < W; x++)
                    changed += memcmp(a.color + y * a.cpitch + x * a.cbpp,
                                      c.color + y * c.cpitch + x * c.cbpp, a.cbpp) != 0;
            tu_target_free(&a);
            tu_target_free(&b);
            tu_target_free(&c);
            assert_int_equal(bad, 0);
            if (changed < W * H / 4)
                fail_msg("state %d: only %zu pixels differ from the clear colour", s, changed);
        }
    jit_shader_unref(ps);
}

static void test_engine_pass(void **state)
{
    (void)state;
    check_engine(PS_PASS);
}

static void test_engine_const(void **state)
{
    (void)state;
    check_engine(PS_CONST);
}

static void test_engine_deriv_kill(void **state)
{
    (void)state;
    check_engine(PS_DERIV_KILL);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <corpus dir>\n", argv[0]);
        return 2;
    }
    corpus_dir = argv[1];
    build_tris();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_pass),
        cmocka_unit_test(test_engine_deriv_kill),
        cmocka_unit_test(test_engine_const),
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
