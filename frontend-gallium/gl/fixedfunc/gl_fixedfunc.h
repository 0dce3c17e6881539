/*
 * gl_fixedfunc.h: the fixed-function pipeline as generated TGSI (the part
 * fixedfunc/; May call: nothing. It needs the TGSI vocabulary and printer
 * only, and no GL context).
 *
 * In: a state key (gl_ff_key.h). Out: a gl_ff_shader: the TGSI text of the
 * vertex or fragment program (pipe_shader_state.text for create_vs_state /
 * create_fs_state), its constant layout (CONST[0][k] holds state value
 * consts[k], gl_ff_state.h: fill the buffer with gl_ff_fill_constants and
 * bind it as constant buffer 0 of that stage), and for a vertex program
 * which GL attribute each IN register reads (bind vertex element i to
 * attribute inputs[i]).
 *
 * Linkage with the pipe driver and GLSL (the same semantics
 * frontend-gallium/glsl emits, so a fixed-function VS links with a GLSL FS
 * and the reverse):
 *   VS OUT POSITION            clip coordinates (MVP * gl_Vertex)
 *   VS OUT COLOR[0], COLOR[1]  primary and secondary colour (front)
 *   VS OUT BCOLOR[0], [1]      back colours (two-sided lighting only)
 *   VS OUT GENERIC[u]          texture coordinates of unit u (gl_TexCoord[u])
 *   VS OUT FOG                 .x = fog coordinate (gl_FogFragCoord)
 *   VS OUT PSIZE               .x = point size (point attenuation only)
 *   VS OUT CLIPDIST[0], [1]    eye-space user clip distances, planes 0-3, 4-7
 *   FS IN COLOR[0], COLOR[1]   interpolation COLOR (flat shading decides)
 *   FS IN GENERIC[u]           PERSPECTIVE; FS IN FOG PERSPECTIVE
 *   FS SAMP[u] / SVIEW[u]      the texture of unit u (sampler = view = unit)
 *   FS OUT COLOR               with FS_COLOR0_WRITES_ALL_CBUFS
 * Texture lookups are projective (TXP: s/q, t/q, r/q) except on cube maps,
 * which read (s, t, r) as a direction (TEX), as GL 2.1 3.8.6 says.
 *
 * The generated code is branch-free and tight: every feature the key turns
 * off costs nothing, shared values (eye position, normal, per-light
 * vectors) are computed once for both faces, per-light material products
 * come precomputed from constants, LIT gives the diffuse and specular
 * factors (and the spot factor), DST the attenuation distances. Work that
 * depends only on constants (a constant normal, products of constants) is
 * left in the program: the jitter moves it to the per-draw preamble.
 *
 * How the GL part drives it, per draw with fixed-function state dirty:
 *  1. Fill a gl_ff_vs_key / gl_ff_fs_key from GL state (memset first).
 *     With a GLSL fragment shader, texcoord_out / secondary_out /
 *     fog_source follow what it reads (gl_TexCoord[u] = GENERIC[u],
 *     gl_SecondaryColor = COLOR[1], gl_FogFragCoord = FOG); with the
 *     fixed-function one, gl_ff_fs_key_reads() says. The fragment key's
 *     color_sum is GL_COLOR_SUM || (lighting && no vertex shader).
 *  2. gl_ff_cache_vs / _fs on the context's cache; on a new entry create
 *     the pipe CSO from entry->shader.text and keep it in entry->user (the
 *     cache's destroy callback deletes it on eviction).
 *  3. Bind vertex element i to attribute entry->shader.inputs[i]; fill
 *     constant buffer 0 of the stage with gl_ff_fill_constants (about
 *     0.1-0.4 us for typical layouts) when the state it reads changed.
 *  4. Pipe state that goes with it: rasterizer light_twoside = lighting &&
 *     two-sided; clamp_vertex_color off when the key clamps; point size
 *     per vertex with point_attenuation; sprite_coord_enable bit u for
 *     GL_COORD_REPLACE on unit u; clip_plane_enable from the enabled
 *     planes (the VS writes CLIPDIST itself, in eye space); sampler/view u
 *     = unit u, with GL_TEXTURE_LOD_BIAS in the sampler's lod_bias, the
 *     depth texture mode in the view swizzle, GL_COMPARE_R_TO_TEXTURE as
 *     the sampler's compare; the alpha test in the DSA state.
 *
 * Errors: generation only fails on out-of-memory (false). Thread: the
 * generators are pure functions; a gl_ff_cache belongs to one thread (one
 * per GL context, like its pipe context).
 */
#ifndef SWR_GL_FF_H
#define SWR_GL_FF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend-gallium/gl/fixedfunc/gl_ff_key.h"
#include "frontend-gallium/gl/fixedfunc/gl_ff_state.h"

/* A generated program. All memory is owned by the struct (free it with
 * gl_ff_shader_fini, or leave it to the cache). */
typedef struct gl_ff_shader {
    char *text; /* NUL-terminated TGSI text */
    size_t text_len;
    gl_ff_state_ref *consts; /* [num_consts]: CONST[0][k] = consts[k] */
    uint32_t num_consts;
    uint32_t num_instructions; /* TGSI instructions, END excluded */
    /* VS: IN[i] reads attribute inputs[i] (gl_ff_attrib), i < num_inputs. */
    uint8_t num_inputs;
    uint8_t inputs[GL_FF_ATTRIB_COUNT];
    /* FS: units sampled (bit u: SAMP[u] / SVIEW[u] declared). */
    uint8_t samplers;
} gl_ff_shader;

/* Generate the program for a key (the key need not be canonical). False on
 * out-of-memory, with *out zeroed. */
bool gl_ff_vs_generate(const gl_ff_vs_key *key, gl_ff_shader *out);
bool gl_ff_fs_generate(const gl_ff_fs_key *key, gl_ff_shader *out);
void gl_ff_shader_fini(gl_ff_shader *sh);

/*
 * A bounded cache: canonical key -> generated program, one per GL context.
 * A lookup canonicalises a copy of the key, hashes it and returns the
 * cached program, generating it on a miss; when full, the least recently
 * used entry is evicted (its `user` pointer goes to the destroy callback,
 * so the GL part can hang the pipe CSO it made from the text on the entry
 * and have it deleted with it). The returned entry stays valid until the
 * next lookup in the same cache that misses (a miss may evict it) or
 * gl_ff_cache_destroy.
 */
typedef struct gl_ff_cache gl_ff_cache;

typedef struct gl_ff_cache_entry {
    gl_ff_shader shader;
    void *user; /* the caller's, initially NULL */
} gl_ff_cache_entry;

typedef void (*gl_ff_user_destroy)(void *user, void *ctx);

/* max_entries per stage (>= 1); destroy may be NULL. NULL on out-of-memory. */
gl_ff_cache *gl_ff_cache_create(uint32_t max_entries, gl_ff_user_destroy destroy, void *ctx);
void gl_ff_cache_destroy(gl_ff_cache *cache);
/* NULL on out-of-memory. */
gl_ff_cache_entry *gl_ff_cache_vs(gl_ff_cache *cache, const gl_ff_vs_key *key);
gl_ff_cache_entry *gl_ff_cache_fs(gl_ff_cache *cache, const gl_ff_fs_key *key);

typedef struct gl_ff_cache_stats {
    uint64_t hits, misses, evictions;
} gl_ff_cache_stats;
gl_ff_cache_stats gl_ff_cache_get_stats(const gl_ff_cache *cache);

#endif /* SWR_GL_FF_H */
