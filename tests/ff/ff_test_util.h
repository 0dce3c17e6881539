/*
 * ff_test_util.h: what the fixed-function tests share: a seeded random
 * generator, random keys and random GL state consistent with a key,
 * compiling generated programs with a chosen executor, running them on 8
 * lanes with their constant layout filled, and the texture the fragment
 * tests sample (a smooth function of the coordinates, the same in the
 * fake sampler the shaders call and in the reference model's callback).
 */
#ifndef SWR_FF_TEST_UTIL_H
#define SWR_FF_TEST_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "common/shader_abi.h"
#include "frontend-gallium/gl/fixedfunc/gl_fixedfunc.h"
#include "jitter/jit.h"
#include "ref_ff.h"

typedef struct ff_rng {
    uint64_t s;
} ff_rng;

uint32_t ff_rand(ff_rng *r);
float ff_randf(ff_rng *r, float lo, float hi);
unsigned ff_randn(ff_rng *r, unsigned n); /* [0, n) */

/* Random keys. Vertex keys have valid texgen modes and consistent
 * masks; fragment keys use only GL-valid operands (alpha operands are
 * ALPHA ones). Not necessarily canonical. */
void ff_random_vs_key(ff_rng *r, gl_ff_vs_key *k);
void ff_random_fs_key(ff_rng *r, gl_ff_fs_key *k);

/* Typical keys (measured in bench_ff, pinned in test_ff_generate, run in
 * test_ff_llvm): glxgears (one directional light, GL_NORMALIZE, and when
 * specular_zero its zero specular material), a textured lit scene (a
 * directional and an attenuated positional light, ambient-and-diffuse
 * colour material, separate specular, one texture; its fragment stage
 * MODULATEs an RGB texture and adds the secondary colour), two-sided
 * lighting with 8 lights (4 directional with 2 spots, 4 positional
 * attenuated, separate specular), four COMBINE units with linear fog. */
gl_ff_vs_key ff_key_vs_gears(bool specular_zero);
gl_ff_vs_key ff_key_vs_textured(void);
gl_ff_vs_key ff_key_vs_twoside8(void);
gl_ff_fs_key ff_key_fs_textured(void);
gl_ff_fs_key ff_key_fs_combine4(void);

/* Random GL state in which the key's value-derived bits are true:
 * positional lights have w != 0, spots a cutoff <= 90, attenuated lights
 * attenuation != (1,0,0), the other lights (1,0,0); specular_zero faces a
 * zero specular; texture matrices not flagged in texmat the identity. */
void ff_random_state(ff_rng *r, const gl_ff_vs_key *k, gl_ff_gl_state *s);

/* Compile a generated program (parse + validate + jit_shader_compile);
 * fails the test with the message on any error. */
jit_shader *ff_compile(const gl_ff_shader *sh, jit_executor exec, bool preamble);

/* Vertex inputs of 8 lanes: attr[lane][a][c]. */
typedef struct ff_vs_lanes {
    float attr[8][GL_FF_ATTRIB_COUNT][4];
} ff_vs_lanes;

void ff_random_vertices(ff_rng *r, const gl_ff_gl_state *s, const gl_ff_vs_key *k, ff_vs_lanes *v);

/* Run a vertex program: constants from the layout and state, IN[i] from
 * attribute sh->inputs[i]; out[reg] per output register. */
void ff_run_vs(jit_shader *code, const gl_ff_shader *sh, const gl_ff_gl_state *s,
               const ff_vs_lanes *v, swr_simd_vec4 *out);

/* The VS output register of (semantic, index), or -1. */
int ff_output_reg(jit_shader *code, unsigned semantic, unsigned index);

/* ---- the fragment tests' texture --------------------------------------------- */

typedef struct ff_texture_setup {
    uint8_t target[GL_FF_MAX_TEXTURE_UNITS]; /* gl_ff_tex_target expected per unit */
    uint8_t format[GL_FF_MAX_TEXTURE_UNITS]; /* gl_ff_base_format */
} ff_texture_setup;

/* The raw texel (ref_ff.h) of unit u at coord (s, t, r or the shadow
 * reference): g_c = 0.5 + 0.45 sin(A s + B t + C r + phase), using only
 * the target's coordinates; shadow targets give one value in all four. */
void ff_texel_raw(unsigned unit, unsigned target, const double coord[3], double raw[4]);
/* ref_texel_fn for ref_fs (ctx unused): ff_texel_raw with bounds. */
void ff_texel_ref(void *ctx, unsigned unit, unsigned target, const ref_ev coord[3], ref_ev raw[4]);

/* Fragment inputs of 8 lanes. */
typedef struct ff_fs_lanes {
    ref_fs_in in[8];
} ff_fs_lanes;

void ff_random_fragments(ff_rng *r, const ff_texture_setup *tex, ff_fs_lanes *f);
/* One random trial of a fragment key: each unit's texture (a classic mode's
 * texture has the key's format; COMBINE reads any format), a random GL
 * state and 8 random fragments. */
void ff_random_fs_trial(ff_rng *r, const gl_ff_fs_key *k, ff_texture_setup *tex, gl_ff_gl_state *s,
                        ff_fs_lanes *f);
/* The TGSI text name of a gl_ff_tex_target ("2D", "SHADOWRECT", ...). */
const char *ff_target_name(unsigned target);
/* Run a fragment program; color[c][lane] out. Returns the number of
 * texture requests that named a wrong target or unit (must be 0). */
unsigned ff_run_fs(jit_shader *code, const gl_ff_shader *sh, const gl_ff_gl_state *s,
                   const ff_texture_setup *tex, const ff_fs_lanes *f, swr_simd_vec4 *color);

/* |got - ref| within the reference's bound (twice it, plus 2^-24 absolute
 * for values whose bound is 0); *worst tracks |diff| / bound. A value
 * whose bound exceeds 1e-3 (1 + |value|) is too ill-conditioned to check
 * (a sphere map next to its singularity, a power of a base near 0 with a
 * tiny exponent): the callers count those and require them rare. */
typedef enum ff_verdict { FF_MATCH, FF_MISMATCH, FF_ILL_CONDITIONED } ff_verdict;
ff_verdict ff_close(float got, ref_ev ref, double *worst);

#endif /* SWR_FF_TEST_UTIL_H */
