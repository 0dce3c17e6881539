/*
 * test_gallium_headers.c: swr's Gallium interface headers (p_defines.h,
 * p_format.h, p_state.h, p_screen.h, p_context.h, swr_public.h), all
 * included in one C11 translation unit built with -Werror; a C++17 twin
 * (test_gallium_headers_cxx.cc) proves they also compile as C++.
 *
 * Oracles:
 * - the engine's own enums (common/swr_state.h) and TGSI's (tgsi/tgsi.h):
 *   values the driver passes through untranslated must be equal, checked
 *   with static_assert so a drift breaks the build;
 * - the docs' definitions: the logic-op formulas of the CSO chapter, the
 *   order of the pipeline-statistics counters, the reference-count rules,
 *   and every PIPE_* name the docs define (read from
 *   ../shared/spec/gallium-docs.md at run time; skipped if absent).
 */
#include <assert.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/gallium/p_defines.h"
#include "frontend-gallium/gallium/p_format.h"
#include "frontend-gallium/gallium/p_screen.h"
#include "frontend-gallium/gallium/p_state.h"
#include "frontend-gallium/pipe/swr_public.h"

#include "common/swr_state.h"
#include "frontend-gallium/pipe/swrp_sampler.h"
#include "tgsi/tgsi.h"

#ifndef SWR_GALLIUM_DOCS
#define SWR_GALLIUM_DOCS "../shared/spec/gallium-docs.md"
#endif

/* Defined in test_gallium_headers_cxx.cc: the C++ view of a few sizes and
 * values, compared with the C view below. */
size_t gallium_cxx_sizeof(int which);
long long gallium_cxx_value(int which);

/* ---- values the engine shares (common/swr_state.h says "Gallium values") -- */

#define SAME(a, b) static_assert((long long)(a) == (long long)(b), #a " != " #b)

/* primitive types = swr_topology */
SAME(PIPE_PRIM_POINTS, SWR_TOPO_POINTS);
SAME(PIPE_PRIM_LINES, SWR_TOPO_LINES);
SAME(PIPE_PRIM_LINE_LOOP, SWR_TOPO_LINE_LOOP);
SAME(PIPE_PRIM_LINE_STRIP, SWR_TOPO_LINE_STRIP);
SAME(PIPE_PRIM_TRIANGLES, SWR_TOPO_TRIANGLES);
SAME(PIPE_PRIM_TRIANGLE_STRIP, SWR_TOPO_TRIANGLE_STRIP);
SAME(PIPE_PRIM_TRIANGLE_FAN, SWR_TOPO_TRIANGLE_FAN);
SAME(PIPE_PRIM_QUADS, SWR_TOPO_QUADS);
SAME(PIPE_PRIM_QUAD_STRIP, SWR_TOPO_QUAD_STRIP);
SAME(PIPE_PRIM_POLYGON, SWR_TOPO_POLYGON);
SAME(PIPE_PRIM_LINES_ADJACENCY, SWR_TOPO_LINES_ADJACENCY);
SAME(PIPE_PRIM_LINE_STRIP_ADJACENCY, SWR_TOPO_LINE_STRIP_ADJACENCY);
SAME(PIPE_PRIM_TRIANGLES_ADJACENCY, SWR_TOPO_TRIANGLES_ADJACENCY);
SAME(PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, SWR_TOPO_TRIANGLE_STRIP_ADJACENCY);
/* PATCHES is the one Gallium type the engine lacks; it comes right after. */
SAME(PIPE_PRIM_PATCHES, SWR_TOPO_COUNT);
SAME(PIPE_PRIM_POINTS, 0);

/* compare functions = swr_func */
SAME(PIPE_FUNC_NEVER, SWR_FUNC_NEVER);
SAME(PIPE_FUNC_LESS, SWR_FUNC_LESS);
SAME(PIPE_FUNC_EQUAL, SWR_FUNC_EQUAL);
SAME(PIPE_FUNC_LEQUAL, SWR_FUNC_LEQUAL);
SAME(PIPE_FUNC_GREATER, SWR_FUNC_GREATER);
SAME(PIPE_FUNC_NOTEQUAL, SWR_FUNC_NOTEQUAL);
SAME(PIPE_FUNC_GEQUAL, SWR_FUNC_GEQUAL);
SAME(PIPE_FUNC_ALWAYS, SWR_FUNC_ALWAYS);

/* stencil ops = swr_stencil_op */
SAME(PIPE_STENCIL_OP_KEEP, SWR_STENCIL_OP_KEEP);
SAME(PIPE_STENCIL_OP_ZERO, SWR_STENCIL_OP_ZERO);
SAME(PIPE_STENCIL_OP_REPLACE, SWR_STENCIL_OP_REPLACE);
SAME(PIPE_STENCIL_OP_INCR, SWR_STENCIL_OP_INCR);
SAME(PIPE_STENCIL_OP_DECR, SWR_STENCIL_OP_DECR);
SAME(PIPE_STENCIL_OP_INCR_WRAP, SWR_STENCIL_OP_INCR_WRAP);
SAME(PIPE_STENCIL_OP_DECR_WRAP, SWR_STENCIL_OP_DECR_WRAP);
SAME(PIPE_STENCIL_OP_INVERT, SWR_STENCIL_OP_INVERT);

/* blend factors = swr_blend_factor */
SAME(PIPE_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE);
SAME(PIPE_BLENDFACTOR_SRC_COLOR, SWR_BLENDFACTOR_SRC_COLOR);
SAME(PIPE_BLENDFACTOR_SRC_ALPHA, SWR_BLENDFACTOR_SRC_ALPHA);
SAME(PIPE_BLENDFACTOR_DST_ALPHA, SWR_BLENDFACTOR_DST_ALPHA);
SAME(PIPE_BLENDFACTOR_DST_COLOR, SWR_BLENDFACTOR_DST_COLOR);
SAME(PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE, SWR_BLENDFACTOR_SRC_ALPHA_SATURATE);
SAME(PIPE_BLENDFACTOR_CONST_COLOR, SWR_BLENDFACTOR_CONST_COLOR);
SAME(PIPE_BLENDFACTOR_CONST_ALPHA, SWR_BLENDFACTOR_CONST_ALPHA);
SAME(PIPE_BLENDFACTOR_SRC1_COLOR, SWR_BLENDFACTOR_SRC1_COLOR);
SAME(PIPE_BLENDFACTOR_SRC1_ALPHA, SWR_BLENDFACTOR_SRC1_ALPHA);
SAME(PIPE_BLENDFACTOR_ZERO, SWR_BLENDFACTOR_ZERO);
SAME(PIPE_BLENDFACTOR_INV_SRC_COLOR, SWR_BLENDFACTOR_INV_SRC_COLOR);
SAME(PIPE_BLENDFACTOR_INV_SRC_ALPHA, SWR_BLENDFACTOR_INV_SRC_ALPHA);
SAME(PIPE_BLENDFACTOR_INV_DST_ALPHA, SWR_BLENDFACTOR_INV_DST_ALPHA);
SAME(PIPE_BLENDFACTOR_INV_DST_COLOR, SWR_BLENDFACTOR_INV_DST_COLOR);
SAME(PIPE_BLENDFACTOR_INV_CONST_COLOR, SWR_BLENDFACTOR_INV_CONST_COLOR);
SAME(PIPE_BLENDFACTOR_INV_CONST_ALPHA, SWR_BLENDFACTOR_INV_CONST_ALPHA);
SAME(PIPE_BLENDFACTOR_INV_SRC1_COLOR, SWR_BLENDFACTOR_INV_SRC1_COLOR);
SAME(PIPE_BLENDFACTOR_INV_SRC1_ALPHA, SWR_BLENDFACTOR_INV_SRC1_ALPHA);

/* blend equations = swr_blend_func */
SAME(PIPE_BLEND_ADD, SWR_BLEND_ADD);
SAME(PIPE_BLEND_SUBTRACT, SWR_BLEND_SUBTRACT);
SAME(PIPE_BLEND_REVERSE_SUBTRACT, SWR_BLEND_REVERSE_SUBTRACT);
SAME(PIPE_BLEND_MIN, SWR_BLEND_MIN);
SAME(PIPE_BLEND_MAX, SWR_BLEND_MAX);

/* logic ops = swr_logicop */
SAME(PIPE_LOGICOP_CLEAR, SWR_LOGICOP_CLEAR);
SAME(PIPE_LOGICOP_NOR, SWR_LOGICOP_NOR);
SAME(PIPE_LOGICOP_AND_INVERTED, SWR_LOGICOP_AND_INVERTED);
SAME(PIPE_LOGICOP_COPY_INVERTED, SWR_LOGICOP_COPY_INVERTED);
SAME(PIPE_LOGICOP_AND_REVERSE, SWR_LOGICOP_AND_REVERSE);
SAME(PIPE_LOGICOP_INVERT, SWR_LOGICOP_INVERT);
SAME(PIPE_LOGICOP_XOR, SWR_LOGICOP_XOR);
SAME(PIPE_LOGICOP_NAND, SWR_LOGICOP_NAND);
SAME(PIPE_LOGICOP_AND, SWR_LOGICOP_AND);
SAME(PIPE_LOGICOP_EQUIV, SWR_LOGICOP_EQUIV);
SAME(PIPE_LOGICOP_NOOP, SWR_LOGICOP_NOOP);
SAME(PIPE_LOGICOP_OR_INVERTED, SWR_LOGICOP_OR_INVERTED);
SAME(PIPE_LOGICOP_COPY, SWR_LOGICOP_COPY);
SAME(PIPE_LOGICOP_OR_REVERSE, SWR_LOGICOP_OR_REVERSE);
SAME(PIPE_LOGICOP_OR, SWR_LOGICOP_OR);
SAME(PIPE_LOGICOP_SET, SWR_LOGICOP_SET);

/* channel masks, faces, fill modes */
SAME(PIPE_MASK_R, SWR_MASK_R);
SAME(PIPE_MASK_G, SWR_MASK_G);
SAME(PIPE_MASK_B, SWR_MASK_B);
SAME(PIPE_MASK_A, SWR_MASK_A);
SAME(PIPE_MASK_RGBA, SWR_MASK_RGBA);
SAME(PIPE_FACE_NONE, SWR_FACE_NONE);
SAME(PIPE_FACE_FRONT, SWR_FACE_FRONT);
SAME(PIPE_FACE_BACK, SWR_FACE_BACK);
SAME(PIPE_FACE_FRONT_AND_BACK, SWR_FACE_FRONT_AND_BACK);
SAME(PIPE_POLYGON_MODE_FILL, SWR_FILL_FILL);
SAME(PIPE_POLYGON_MODE_LINE, SWR_FILL_LINE);
SAME(PIPE_POLYGON_MODE_POINT, SWR_FILL_POINT);

/* shader stages = tgsi_processor */
SAME(PIPE_SHADER_VERTEX, TGSI_PROCESSOR_VERTEX);
SAME(PIPE_SHADER_FRAGMENT, TGSI_PROCESSOR_FRAGMENT);
SAME(PIPE_SHADER_GEOMETRY, TGSI_PROCESSOR_GEOMETRY);
SAME(PIPE_SHADER_TESS_CTRL, TGSI_PROCESSOR_TESS_CTRL);
SAME(PIPE_SHADER_TESS_EVAL, TGSI_PROCESSOR_TESS_EVAL);
SAME(PIPE_SHADER_COMPUTE, TGSI_PROCESSOR_COMPUTE);
SAME(PIPE_SHADER_TYPES, TGSI_PROCESSOR_COUNT);

/* ---- limits: each PIPE_MAX_* fits what the engine and sampler take ------ */

static_assert(PIPE_MAX_COLOR_BUFS == SWR_MAX_RENDER_TARGETS, "colour buffers");
static_assert(PIPE_MAX_VERTEX_BUFFERS <= SWR_MAX_VERTEX_BUFFERS, "vertex buffers");
static_assert(PIPE_MAX_ATTRIBS <= SWR_MAX_VERTEX_ELEMENTS, "vertex elements");
static_assert(PIPE_MAX_VIEWPORTS <= SWR_MAX_VIEWPORTS, "viewports");
static_assert(PIPE_MAX_CLIP_PLANES <= SWR_MAX_CLIP_DISTANCES, "clip planes");
static_assert(PIPE_MAX_CLIP_OR_CULL_DISTANCE_COUNT ==
                  4 * PIPE_MAX_CLIP_OR_CULL_DISTANCE_ELEMENT_COUNT,
              "clip distances fill whole vec4 outputs");
static_assert(PIPE_MAX_CONSTANT_BUFFERS <= SWR_MAX_CONST_BUFFERS, "constant buffers");
static_assert(PIPE_MAX_SHADER_INPUTS <= SWR_MAX_ATTRIBS, "shader inputs");
static_assert(PIPE_MAX_SHADER_OUTPUTS <= SWR_MAX_ATTRIBS, "shader outputs");
static_assert(PIPE_MAX_SAMPLERS == SWRP_MAX_SAMPLERS, "sampler CSOs");
static_assert(PIPE_MAX_SHADER_SAMPLER_VIEWS == SWRP_MAX_SAMPLER_VIEWS, "sampler views");
static_assert(PIPE_MAX_TEXTURE_LEVELS == SWRP_MAX_TEXTURE_LEVELS, "mip levels");
/* Scissor and framebuffer sizes are uint16_t; the largest surface fits. */
static_assert(SWR_MAX_SURFACE_DIM <= UINT16_MAX, "scissor coordinates");

/* ---- bit fields wide enough for what they select ------------------------ */

#define BITS_OF(type, field) (8 * sizeof(((type *)0)->field))
static_assert(BITS_OF(struct pipe_rasterizer_state, clip_plane_enable) >= PIPE_MAX_CLIP_PLANES,
              "clip_plane_enable");
static_assert(BITS_OF(struct pipe_rasterizer_state, sprite_coord_enable) >= PIPE_MAX_SHADER_INPUTS,
              "sprite_coord_enable: one bit per FS input");
static_assert(BITS_OF(struct pipe_rasterizer_state, line_stipple_pattern) == 16,
              "the docs' 16-bit stipple pattern");
static_assert(sizeof(((struct pipe_poly_stipple *)0)->stipple) == 32 * 4, "32x32 stipple");
static_assert(sizeof(((struct pipe_stencil_ref *)0)->ref_value) == 2, "front and back");
static_assert(sizeof(((struct pipe_depth_stencil_alpha_state *)0)->stencil) ==
                  2 * sizeof(struct pipe_stencil_state),
              "front and back stencil");
static_assert(sizeof(((struct pipe_blend_state *)0)->rt) ==
                  PIPE_MAX_COLOR_BUFS * sizeof(struct pipe_rt_blend_state),
              "one rt blend state per colour buffer");
static_assert(sizeof(((struct pipe_framebuffer_state *)0)->cbufs) ==
                  PIPE_MAX_COLOR_BUFS * sizeof(struct pipe_surface *),
              "one cbuf per colour buffer");
static_assert(sizeof(((struct pipe_clip_state *)0)->ucp) ==
                  PIPE_MAX_CLIP_PLANES * 4 * sizeof(float),
              "one plane per clip half-space");
static_assert(PIPE_MAX_TEXTURE_LEVELS - 1 <= UINT8_MAX, "pipe_resource::last_level is uint8_t");
static_assert(PIPE_MAX_COLOR_BUFS <= UINT8_MAX, "pipe_framebuffer_state::nr_cbufs");

/* ---- other documented shapes -------------------------------------------- */

/* The 64-bit pipeline statistics come in the docs' order, which is also the
 * order of the counter indices for PIPELINE_STATISTICS_SINGLE. */
#define STAT_AT(field, index)                                                                      \
    static_assert(offsetof(struct pipe_query_data_pipeline_statistics, field) ==                   \
                      (index) * sizeof(uint64_t),                                                  \
                  #field)
STAT_AT(ia_vertices, PIPE_STAT_QUERY_IA_VERTICES);
STAT_AT(ia_primitives, PIPE_STAT_QUERY_IA_PRIMITIVES);
STAT_AT(vs_invocations, PIPE_STAT_QUERY_VS_INVOCATIONS);
STAT_AT(gs_invocations, PIPE_STAT_QUERY_GS_INVOCATIONS);
STAT_AT(gs_primitives, PIPE_STAT_QUERY_GS_PRIMITIVES);
STAT_AT(c_invocations, PIPE_STAT_QUERY_C_INVOCATIONS);
STAT_AT(c_primitives, PIPE_STAT_QUERY_C_PRIMITIVES);
STAT_AT(ps_invocations, PIPE_STAT_QUERY_PS_INVOCATIONS);
STAT_AT(hs_invocations, PIPE_STAT_QUERY_HS_INVOCATIONS);
STAT_AT(ds_invocations, PIPE_STAT_QUERY_DS_INVOCATIONS);
STAT_AT(cs_invocations, PIPE_STAT_QUERY_CS_INVOCATIONS);
static_assert(sizeof(struct pipe_query_data_pipeline_statistics) ==
                  PIPE_STAT_QUERY_COUNT * sizeof(uint64_t),
              "no counter missing");

/* PIPE_TRANSFER_* (the docs' spelling) are PIPE_MAP_*. */
SAME(PIPE_TRANSFER_READ, PIPE_MAP_READ);
SAME(PIPE_TRANSFER_WRITE, PIPE_MAP_WRITE);
SAME(PIPE_TRANSFER_DISCARD_RANGE, PIPE_MAP_DISCARD_RANGE);
SAME(PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE, PIPE_MAP_DISCARD_WHOLE_RESOURCE);
SAME(PIPE_TRANSFER_UNSYNCHRONIZED, PIPE_MAP_UNSYNCHRONIZED);
SAME(PIPE_TRANSFER_FLUSH_EXPLICIT, PIPE_MAP_FLUSH_EXPLICIT);
SAME(PIPE_MAP_READ_WRITE, PIPE_MAP_READ | PIPE_MAP_WRITE);

/* Clear bits: colour buffer i is COLOR0 << i, COLOR covers exactly them. */
SAME(PIPE_CLEAR_COLOR7, PIPE_CLEAR_COLOR0 << 7);
SAME(PIPE_CLEAR_COLOR, ((PIPE_CLEAR_COLOR0 << PIPE_MAX_COLOR_BUFS) - PIPE_CLEAR_COLOR0));
SAME(PIPE_CLEAR_COLOR &PIPE_CLEAR_DEPTHSTENCIL, 0);
SAME(PIPE_MASK_RGBAZS, 0x3f);
SAME(PIPE_MASK_ZS, PIPE_MASK_Z | PIPE_MASK_S);

/* The docs' lists, one enumerator each (209 + 3 integer caps, 9 float caps,
 * 35 shader caps). */
SAME(PIPE_CAP_COUNT, 212);
SAME(PIPE_CAPF_COUNT, 9);
SAME(PIPE_SHADER_CAP_COUNT, 35);
SAME(PIPE_TIMEOUT_INFINITE, UINT64_MAX);

/* ---- tests --------------------------------------------------------------- */

/* The CSO chapter's logic-op formulas, evaluated on whole words. */
static uint32_t logicop_by_docs(enum pipe_logicop op, uint32_t s, uint32_t d)
{
    switch (op) {
    case PIPE_LOGICOP_CLEAR:
        return 0;
    case PIPE_LOGICOP_NOR:
        return ~(s | d);
    case PIPE_LOGICOP_AND_INVERTED:
        return ~s & d;
    case PIPE_LOGICOP_COPY_INVERTED:
        return ~s;
    case PIPE_LOGICOP_AND_REVERSE:
        return s & ~d;
    case PIPE_LOGICOP_INVERT:
        return ~d;
    case PIPE_LOGICOP_XOR:
        return s ^ d;
    case PIPE_LOGICOP_NAND:
        return ~(s & d);
    case PIPE_LOGICOP_AND:
        return s & d;
    case PIPE_LOGICOP_EQUIV:
        return ~(s ^ d);
    case PIPE_LOGICOP_NOOP:
        return d;
    case PIPE_LOGICOP_OR_INVERTED:
        return ~s | d;
    case PIPE_LOGICOP_COPY:
        return s;
    case PIPE_LOGICOP_OR_REVERSE:
        return s | ~d;
    case PIPE_LOGICOP_OR:
        return s | d;
    case PIPE_LOGICOP_SET:
        return ~0u;
    }
    return 0x5a5a5a5a; /* not a logic op: fails the comparison */
}

/* The value as a truth table: bit (s << 1 | d) is the result for s, d. */
static uint32_t logicop_by_value(unsigned op, uint32_t s, uint32_t d)
{
    uint32_t r = 0;
    for (unsigned sb = 0; sb < 2; sb++)
        for (unsigned db = 0; db < 2; db++)
            if (op >> (sb << 1 | db) & 1)
                r |= (sb ? s : ~s) & (db ? d : ~d);
    return r;
}

static void test_logicop_values_are_truth_tables(void **state)
{
    static const uint32_t words[] = {0, ~0u, 0xf0f0f0f0u, 0x12345678u, 0xcafebabeu};
    for (unsigned op = PIPE_LOGICOP_CLEAR; op <= PIPE_LOGICOP_SET; op++)
        for (unsigned i = 0; i < 5; i++)
            for (unsigned j = 0; j < 5; j++) {
                uint32_t want = logicop_by_docs((enum pipe_logicop)op, words[i], words[j]);
                if (logicop_by_value(op, words[i], words[j]) != want)
                    fail_msg("logic op %u: value is not its truth table", op);
            }
}

static void test_blendfactor_inverse_pairs(void **state)
{
    /* Each factor with an inverse, and its inverse: INV == base | 0x10. */
    static const unsigned pairs[][2] = {
        {PIPE_BLENDFACTOR_ONE, PIPE_BLENDFACTOR_ZERO},
        {PIPE_BLENDFACTOR_SRC_COLOR, PIPE_BLENDFACTOR_INV_SRC_COLOR},
        {PIPE_BLENDFACTOR_SRC_ALPHA, PIPE_BLENDFACTOR_INV_SRC_ALPHA},
        {PIPE_BLENDFACTOR_DST_ALPHA, PIPE_BLENDFACTOR_INV_DST_ALPHA},
        {PIPE_BLENDFACTOR_DST_COLOR, PIPE_BLENDFACTOR_INV_DST_COLOR},
        {PIPE_BLENDFACTOR_CONST_COLOR, PIPE_BLENDFACTOR_INV_CONST_COLOR},
        {PIPE_BLENDFACTOR_CONST_ALPHA, PIPE_BLENDFACTOR_INV_CONST_ALPHA},
        {PIPE_BLENDFACTOR_SRC1_COLOR, PIPE_BLENDFACTOR_INV_SRC1_COLOR},
        {PIPE_BLENDFACTOR_SRC1_ALPHA, PIPE_BLENDFACTOR_INV_SRC1_ALPHA},
    };
    for (unsigned i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
        assert_int_equal(pairs[i][1], pairs[i][0] | 0x10);
        assert_true(pairs[i][0] < 0x10);
    }
    /* SRC_ALPHA_SATURATE has no inverse: nothing sits at 0x16. */
    assert_int_equal(PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE, 0x06);
}

/* A family of flags must be single bits, pairwise disjoint. */
static void check_flag_family(const char *family, const unsigned *flags, unsigned n)
{
    unsigned seen = 0;
    for (unsigned i = 0; i < n; i++) {
        if (flags[i] == 0 || (flags[i] & (flags[i] - 1)) != 0)
            fail_msg("%s[%u] = %#x is not a single bit", family, i, flags[i]);
        if (seen & flags[i])
            fail_msg("%s[%u] = %#x repeats a bit", family, i, flags[i]);
        seen |= flags[i];
    }
}

#define FLAGS(family, ...)                                                                         \
    do {                                                                                           \
        static const unsigned f[] = {__VA_ARGS__};                                                 \
        check_flag_family(family, f, sizeof(f) / sizeof(f[0]));                                    \
    } while (0)

static void test_flag_families_are_distinct_bits(void **state)
{
    FLAGS("PIPE_BIND", PIPE_BIND_DEPTH_STENCIL, PIPE_BIND_RENDER_TARGET, PIPE_BIND_BLENDABLE,
          PIPE_BIND_SAMPLER_VIEW, PIPE_BIND_VERTEX_BUFFER, PIPE_BIND_INDEX_BUFFER,
          PIPE_BIND_CONSTANT_BUFFER, PIPE_BIND_DISPLAY_TARGET, PIPE_BIND_STREAM_OUTPUT,
          PIPE_BIND_CURSOR, PIPE_BIND_CUSTOM, PIPE_BIND_GLOBAL, PIPE_BIND_SHADER_BUFFER,
          PIPE_BIND_SHADER_IMAGE, PIPE_BIND_COMPUTE_RESOURCE, PIPE_BIND_COMMAND_ARGS_BUFFER,
          PIPE_BIND_QUERY_BUFFER, PIPE_BIND_SCANOUT, PIPE_BIND_SHARED, PIPE_BIND_LINEAR);
    FLAGS("PIPE_MAP", PIPE_MAP_READ, PIPE_MAP_WRITE, PIPE_MAP_DIRECTLY, PIPE_MAP_DISCARD_RANGE,
          PIPE_MAP_DONTBLOCK, PIPE_MAP_UNSYNCHRONIZED, PIPE_MAP_FLUSH_EXPLICIT,
          PIPE_MAP_DISCARD_WHOLE_RESOURCE, PIPE_MAP_PERSISTENT, PIPE_MAP_COHERENT);
    FLAGS("PIPE_RESOURCE_FLAG", PIPE_RESOURCE_FLAG_MAP_PERSISTENT, PIPE_RESOURCE_FLAG_MAP_COHERENT,
          PIPE_RESOURCE_FLAG_TEXTURING_MORE_LIKELY, PIPE_RESOURCE_FLAG_SPARSE,
          PIPE_RESOURCE_FLAG_DRV_PRIV, PIPE_RESOURCE_FLAG_ST_PRIV);
    FLAGS("PIPE_CLEAR", PIPE_CLEAR_DEPTH, PIPE_CLEAR_STENCIL, PIPE_CLEAR_COLOR0, PIPE_CLEAR_COLOR1,
          PIPE_CLEAR_COLOR2, PIPE_CLEAR_COLOR3, PIPE_CLEAR_COLOR4, PIPE_CLEAR_COLOR5,
          PIPE_CLEAR_COLOR6, PIPE_CLEAR_COLOR7);
    FLAGS("PIPE_FLUSH", PIPE_FLUSH_END_OF_FRAME, PIPE_FLUSH_DEFERRED, PIPE_FLUSH_FENCE_FD,
          PIPE_FLUSH_ASYNC, PIPE_FLUSH_HINT_FINISH, PIPE_FLUSH_TOP_OF_PIPE,
          PIPE_FLUSH_BOTTOM_OF_PIPE);
    FLAGS("PIPE_BARRIER", PIPE_BARRIER_MAPPED_BUFFER, PIPE_BARRIER_SHADER_BUFFER,
          PIPE_BARRIER_QUERY_BUFFER, PIPE_BARRIER_VERTEX_BUFFER, PIPE_BARRIER_INDEX_BUFFER,
          PIPE_BARRIER_CONSTANT_BUFFER, PIPE_BARRIER_INDIRECT_BUFFER, PIPE_BARRIER_TEXTURE,
          PIPE_BARRIER_IMAGE, PIPE_BARRIER_FRAMEBUFFER, PIPE_BARRIER_STREAMOUT_BUFFER,
          PIPE_BARRIER_GLOBAL_BUFFER);
    FLAGS("PIPE_CONTEXT", PIPE_CONTEXT_DEBUG, PIPE_CONTEXT_ROBUST_BUFFER_ACCESS,
          PIPE_CONTEXT_COMPUTE_ONLY, PIPE_CONTEXT_PRIORITY_LOW, PIPE_CONTEXT_PRIORITY_MEDIUM,
          PIPE_CONTEXT_PRIORITY_HIGH);
    FLAGS("PIPE_TEXTURE_BARRIER", PIPE_TEXTURE_BARRIER_SAMPLER, PIPE_TEXTURE_BARRIER_FRAMEBUFFER);
    FLAGS("PIPE_QUIRK", PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_NV50,
          PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_R600);
    /* PIPE_BARRIER_ALL is every barrier bit and nothing else. */
    assert_int_equal(PIPE_BARRIER_ALL, (PIPE_BARRIER_GLOBAL_BUFFER << 1) - 1);
}

/* ---- reference counting ------------------------------------------------- */

static void test_pipe_reference_rules(void **state)
{
    struct pipe_reference a, b;
    pipe_reference_init(&a, 1);
    pipe_reference_init(&b, 1);

    assert_false(pipe_reference(NULL, &a)); /* a second pointer to a */
    assert_int_equal(a.count, 2);
    assert_false(pipe_reference(&a, &a)); /* self-assignment: no change */
    assert_int_equal(a.count, 2);
    assert_false(pipe_reference(&a, &b)); /* a pointer moves from a to b */
    assert_int_equal(a.count, 1);
    assert_int_equal(b.count, 2);
    assert_false(pipe_reference(NULL, NULL));
    assert_true(pipe_reference(&a, NULL)); /* last reference of a: destroy */
    assert_int_equal(a.count, 0);
    assert_false(pipe_reference(&b, NULL));
    assert_true(pipe_reference(&b, NULL));
}

/* A fake screen and context whose destroy hooks count their calls. */
static int destroyed_resources, destroyed_surfaces, destroyed_views;

static void fake_resource_destroy(struct pipe_screen *screen, struct pipe_resource *res)
{
    destroyed_resources++;
}

static void fake_surface_destroy(struct pipe_context *ctx, struct pipe_surface *surf)
{
    destroyed_surfaces++;
    pipe_resource_reference(&surf->texture, NULL); /* a surface holds its texture */
}

static void fake_view_destroy(struct pipe_context *ctx, struct pipe_sampler_view *view)
{
    destroyed_views++;
    pipe_resource_reference(&view->texture, NULL);
}

static void test_typed_reference_helpers(void **state)
{
    struct pipe_screen screen;
    struct pipe_context ctx;
    memset(&screen, 0, sizeof(screen));
    memset(&ctx, 0, sizeof(ctx));
    screen.resource_destroy = fake_resource_destroy;
    ctx.screen = &screen;
    ctx.surface_destroy = fake_surface_destroy;
    ctx.sampler_view_destroy = fake_view_destroy;
    destroyed_resources = destroyed_surfaces = destroyed_views = 0;

    struct pipe_resource tex;
    memset(&tex, 0, sizeof(tex));
    pipe_reference_init(&tex.reference, 1);
    tex.screen = &screen;

    /* A surface and a view each take a reference to the texture. */
    struct pipe_surface surf;
    memset(&surf, 0, sizeof(surf));
    pipe_reference_init(&surf.reference, 1);
    surf.context = &ctx;
    pipe_resource_reference(&surf.texture, &tex);
    struct pipe_sampler_view view;
    memset(&view, 0, sizeof(view));
    pipe_reference_init(&view.reference, 1);
    view.context = &ctx;
    pipe_resource_reference(&view.texture, &tex);
    assert_int_equal(tex.reference.count, 3);

    /* Binding the surface in a framebuffer and the view in a slot. */
    struct pipe_framebuffer_state fb;
    memset(&fb, 0, sizeof(fb));
    pipe_surface_reference(&fb.cbufs[0], &surf);
    struct pipe_sampler_view *slot = NULL;
    pipe_sampler_view_reference(&slot, &view);
    assert_int_equal(surf.reference.count, 2);
    assert_int_equal(view.reference.count, 2);

    /* The creator lets go; the bindings keep everything alive. */
    struct pipe_resource *tex_ptr = &tex;
    struct pipe_surface *surf_ptr = &surf;
    struct pipe_sampler_view *view_ptr = &view;
    pipe_resource_reference(&tex_ptr, NULL);
    pipe_surface_reference(&surf_ptr, NULL);
    pipe_sampler_view_reference(&view_ptr, NULL);
    assert_null(tex_ptr);
    assert_int_equal(destroyed_resources + destroyed_surfaces + destroyed_views, 0);

    /* Unbinding destroys each object once, the texture with the last. */
    pipe_surface_reference(&fb.cbufs[0], NULL);
    assert_int_equal(destroyed_surfaces, 1);
    assert_int_equal(destroyed_resources, 0);
    pipe_sampler_view_reference(&slot, NULL);
    assert_int_equal(destroyed_views, 1);
    assert_int_equal(destroyed_resources, 1);
    assert_null(slot);
    assert_null(fb.cbufs[0]);
}

/* Many threads taking and dropping references: the count ends where it
 * started and "destroy" is reported exactly once, at the very end. */
enum { REF_THREADS = 4, REF_ROUNDS = 20000 };

struct ref_job {
    struct pipe_reference *ref;
    int destroy_reports;
};

static void *ref_worker(void *arg)
{
    struct ref_job *job = (struct ref_job *)arg;
    for (int i = 0; i < REF_ROUNDS; i++) {
        pipe_reference(NULL, job->ref);
        if (pipe_reference(job->ref, NULL))
            job->destroy_reports++;
    }
    /* Each thread was handed one reference; drop it. */
    if (pipe_reference(job->ref, NULL))
        job->destroy_reports++;
    return NULL;
}

static void test_pipe_reference_threads(void **state)
{
    struct pipe_reference ref;
    pipe_reference_init(&ref, REF_THREADS);
    pthread_t threads[REF_THREADS];
    struct ref_job jobs[REF_THREADS];
    for (int t = 0; t < REF_THREADS; t++) {
        jobs[t].ref = &ref;
        jobs[t].destroy_reports = 0;
        assert_int_equal(pthread_create(&threads[t], NULL, ref_worker, &jobs[t]), 0);
    }
    int reports = 0;
    for (int t = 0; t < REF_THREADS; t++) {
        pthread_join(threads[t], NULL);
        reports += jobs[t].destroy_reports;
    }
    assert_int_equal(ref.count, 0);
    assert_int_equal(reports, 1);
}

/* ---- the headers as C and as C++ agree ---------------------------------- */

static void test_cxx_sees_the_same_layout(void **state)
{
    const size_t sizes[] = {
        sizeof(struct pipe_resource),
        sizeof(struct pipe_rasterizer_state),
        sizeof(struct pipe_draw_info),
        sizeof(struct pipe_blit_info),
        sizeof(union pipe_query_result),
        sizeof(struct pipe_context),
        sizeof(struct pipe_screen),
        sizeof(struct pipe_sampler_view),
        sizeof(struct pipe_framebuffer_state),
        sizeof(struct pipe_shader_state),
    };
    for (int i = 0; i < (int)(sizeof(sizes) / sizeof(sizes[0])); i++)
        if (gallium_cxx_sizeof(i) != sizes[i])
            fail_msg("sizeof #%d: C %zu, C++ %zu", i, sizes[i], gallium_cxx_sizeof(i));
    assert_int_equal(gallium_cxx_value(0), PIPE_CAP_COUNT);
    assert_int_equal(gallium_cxx_value(1), PIPE_MAP_COHERENT);
    assert_int_equal(gallium_cxx_value(2), PIPE_PRIM_PATCHES);
    assert_int_equal(gallium_cxx_value(3), PIPE_FORMAT_COUNT);
    assert_int_equal(gallium_cxx_value(4), 1);
}

/* ---- every PIPE_* name the docs define exists --------------------------- */

struct known_name {
    const char *name;
};

/* Naming an identifier here makes the build fail if a header lacks it. */
#define N(id)                                                                                      \
    {                                                                                              \
#id + (0 * (long long)(id))                                                                \
    }
#define CAP_NAME(name)        {"PIPE_CAP_" #name},
#define SHADER_CAP_NAME(name) {"PIPE_SHADER_CAP_" #name},

static const struct known_name known_names[] = {
    PIPE_CAPS(CAP_NAME) PIPE_SHADER_CAPS(SHADER_CAP_NAME) N(PIPE_CAPF_MAX_LINE_WIDTH),
    N(PIPE_CAPF_MAX_LINE_WIDTH_AA),
    N(PIPE_CAPF_MAX_POINT_WIDTH),
    N(PIPE_CAPF_MAX_POINT_WIDTH_AA),
    N(PIPE_CAPF_MAX_TEXTURE_ANISOTROPY),
    N(PIPE_CAPF_MAX_TEXTURE_LOD_BIAS),
    N(PIPE_CAPF_MIN_CONSERVATIVE_RASTER_DILATE),
    N(PIPE_CAPF_MAX_CONSERVATIVE_RASTER_DILATE),
    N(PIPE_CAPF_CONSERVATIVE_RASTER_DILATE_GRANULARITY),
    N(PIPE_BARRIER_MAPPED_BUFFER),
    N(PIPE_BIND_BLENDABLE),
    N(PIPE_BIND_COMMAND_ARGS_BUFFER),
    N(PIPE_BIND_COMPUTE_RESOURCE),
    N(PIPE_BIND_CONSTANT_BUFFER),
    N(PIPE_BIND_CUSTOM),
    N(PIPE_BIND_DEPTH_STENCIL),
    N(PIPE_BIND_DISPLAY_TARGET),
    N(PIPE_BIND_GLOBAL),
    N(PIPE_BIND_INDEX_BUFFER),
    N(PIPE_BIND_RENDER_TARGET),
    N(PIPE_BIND_SAMPLER_VIEW),
    N(PIPE_BIND_SCANOUT),
    N(PIPE_BIND_SHADER_BUFFER),
    N(PIPE_BIND_SHADER_IMAGE),
    N(PIPE_BIND_SHARED),
    N(PIPE_BIND_STREAM_OUTPUT),
    N(PIPE_BIND_VERTEX_BUFFER),
    N(PIPE_BUFFER),
    N(PIPE_CONSERVATIVE_RASTER_OFF),
    N(PIPE_CONSERVATIVE_RASTER_POST_SNAP),
    N(PIPE_CONSERVATIVE_RASTER_PRE_SNAP),
    N(PIPE_CONTEXT_COMPUTE_ONLY),
    N(PIPE_CONTEXT_ROBUST_BUFFER_ACCESS),
    N(PIPE_ENDIAN_BIG),
    N(PIPE_ENDIAN_LITTLE),
    N(PIPE_FACE_BACK),
    N(PIPE_FACE_FRONT),
    N(PIPE_FACE_FRONT_AND_BACK),
    N(PIPE_FACE_NONE),
    N(PIPE_FLUSH_ASYNC),
    N(PIPE_FLUSH_BOTTOM_OF_PIPE),
    N(PIPE_FLUSH_DEFERRED),
    N(PIPE_FLUSH_END_OF_FRAME),
    N(PIPE_FLUSH_HINT_FINISH),
    N(PIPE_FLUSH_TOP_OF_PIPE),
    N(PIPE_FORMAT_NONE),
    N(PIPE_MAX_CLIP_OR_CULL_DISTANCE_COUNT),
    N(PIPE_MAX_CLIP_OR_CULL_DISTANCE_ELEMENT_COUNT),
    N(PIPE_MAX_CLIP_PLANES),
    N(PIPE_MAX_VIEWPORTS),
    N(PIPE_NO_RESET),
    N(PIPE_POLYGON_MODE_FILL),
    N(PIPE_POLYGON_MODE_FILL_RECTANGLE),
    N(PIPE_POLYGON_MODE_LINE),
    N(PIPE_POLYGON_MODE_POINT),
    N(PIPE_PRIM_LINES),
    N(PIPE_PRIM_QUADS),
    N(PIPE_PRIM_TRIANGLES),
    N(PIPE_QUERY_GPU_FINISHED),
    N(PIPE_QUERY_OCCLUSION_COUNTER),
    N(PIPE_QUERY_OCCLUSION_PREDICATE),
    N(PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE),
    N(PIPE_QUERY_PIPELINE_STATISTICS),
    N(PIPE_QUERY_PIPELINE_STATISTICS_SINGLE),
    N(PIPE_QUERY_PRIMITIVES_EMITTED),
    N(PIPE_QUERY_PRIMITIVES_GENERATED),
    N(PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE),
    N(PIPE_QUERY_SO_OVERFLOW_PREDICATE),
    N(PIPE_QUERY_SO_STATISTICS),
    N(PIPE_QUERY_TIMESTAMP),
    N(PIPE_QUERY_TIMESTAMP_DISJOINT),
    N(PIPE_QUERY_TIME_ELAPSED),
    N(PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_NV50),
    N(PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_R600),
    N(PIPE_RENDER_COND_BY_REGION_NO_WAIT),
    N(PIPE_RENDER_COND_BY_REGION_WAIT),
    N(PIPE_RENDER_COND_NO_WAIT),
    N(PIPE_RENDER_COND_WAIT),
    N(PIPE_RESOURCE_FLAG_MAP_COHERENT),
    N(PIPE_RESOURCE_FLAG_MAP_PERSISTENT),
    N(PIPE_RESOURCE_FLAG_SPARSE),
    N(PIPE_SHADER_IR_NATIVE),
    N(PIPE_SPRITE_COORD_LOWER_LEFT),
    N(PIPE_SPRITE_COORD_UPPER_LEFT),
    N(PIPE_TEXTURE_1D),
    N(PIPE_TEXTURE_1D_ARRAY),
    N(PIPE_TEXTURE_2D),
    N(PIPE_TEXTURE_2D_ARRAY),
    N(PIPE_TEXTURE_3D),
    N(PIPE_TEXTURE_CUBE),
    N(PIPE_TEXTURE_CUBE_ARRAY),
    N(PIPE_TEXTURE_RECT),
    N(PIPE_TEX_COMPARE_NONE),
    N(PIPE_TEX_COMPARE_R_TO_TEXTURE),
    N(PIPE_TEX_FILTER_LINEAR),
    N(PIPE_TEX_FILTER_NEAREST),
    N(PIPE_TEX_MIPFILTER_LINEAR),
    N(PIPE_TEX_MIPFILTER_NEAREST),
    N(PIPE_TEX_MIPFILTER_NONE),
    N(PIPE_TEX_WRAP_CLAMP),
    N(PIPE_TEX_WRAP_CLAMP_TO_BORDER),
    N(PIPE_TEX_WRAP_CLAMP_TO_EDGE),
    N(PIPE_TEX_WRAP_MIRROR_CLAMP),
    N(PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER),
    N(PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE),
    N(PIPE_TEX_WRAP_MIRROR_REPEAT),
    N(PIPE_TEX_WRAP_REPEAT),
    N(PIPE_TRANSFER_COHERENT),
    N(PIPE_TRANSFER_DISCARD_RANGE),
    N(PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE),
    N(PIPE_TRANSFER_DONTBLOCK),
    N(PIPE_TRANSFER_FLUSH_EXPLICIT),
    N(PIPE_TRANSFER_MAP_DIRECTLY),
    N(PIPE_TRANSFER_PERSISTENT),
    N(PIPE_TRANSFER_READ),
    N(PIPE_TRANSFER_UNSYNCHRONIZED),
    N(PIPE_TRANSFER_WRITE),
    N(PIPE_USAGE_DEFAULT),
    N(PIPE_USAGE_DYNAMIC),
    N(PIPE_USAGE_IMMUTABLE),
    N(PIPE_USAGE_STAGING),
    N(PIPE_USAGE_STREAM),
};

/* Names in the docs that are deliberately not identifiers here. */
static const char *const not_identifiers[] = {
    /* family names in prose ("One of PIPE_BLENDFACTOR") */
    "PIPE_BLEND",
    "PIPE_BLENDFACTOR",
    "PIPE_FORMAT",
    "PIPE_FUNC",
    "PIPE_LOGICOP",
    "PIPE_MASK",
    "PIPE_RESOURCE_FLAG",
    "PIPE_STAT_QUERY",
    "PIPE_STENCIL_OP",
    "PIPE_TRANSFER",
    "PIPE_USAGE",
    "PIPE_TEXTURE_X",
    /* the flatshade_first section's old spelling of PIPE_PRIM_POLYGON, _QUADS,
     * _QUAD_STRIP, _TRIANGLE_FAN */
    "PIPE_PRIMITIVE_POLYGON",
    "PIPE_PRIMITIVE_QUAD",
    "PIPE_PRIMITIVE_QUAD_STRIP",
    "PIPE_PRIMITIVE_TRIANGLE_FAN",
    /* typos: "PIPE_CAP_TEXTURE_BORDER_COLOR QUIRK" and, in the TG4 section,
     * PIPE_CAP_TEXTURE_SM5 for PIPE_CAP_TEXTURE_GATHER_SM5 */
    "PIPE_CAP_TEXTURE_BORDER_COLOR",
    "PIPE_CAP_TEXTURE_SM5",
};

static bool name_is_known(const char *name)
{
    for (size_t i = 0; i < sizeof(known_names) / sizeof(known_names[0]); i++)
        if (strcmp(known_names[i].name, name) == 0)
            return true;
    for (size_t i = 0; i < sizeof(not_identifiers) / sizeof(not_identifiers[0]); i++)
        if (strcmp(not_identifiers[i], name) == 0)
            return true;
    return false;
}

static bool is_name_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static void test_docs_names_exist(void **state)
{
    FILE *f = fopen(SWR_GALLIUM_DOCS, "rb");
    if (!f) {
        print_message("no docs at %s: skipping\n", SWR_GALLIUM_DOCS);
        skip();
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = (char *)malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    fclose(f);

    /* Markdown escapes underscores (PIPE\_CAP\_NPOT); drop the escapes. */
    size_t n = 0;
    for (long i = 0; i < size; i++)
        if (!(text[i] == '\\' && i + 1 < size && text[i + 1] == '_'))
            text[n++] = text[i];
    text[n] = 0;

    unsigned checked = 0, missing = 0;
    for (char *p = strstr(text, "PIPE_"); p; p = strstr(p, "PIPE_")) {
        char name[128];
        size_t len = 0;
        bool starts_word = p == text || !is_name_char(p[-1]);
        while (is_name_char(p[len]) && len < sizeof(name) - 1) {
            name[len] = p[len];
            len++;
        }
        name[len] = 0;
        p += len;
        /* Skip prefixes ("PIPE_CAP_*"), parts of longer words and the
         * compute caps (swr has no compute: no get_compute_param). */
        if (!starts_word || name[len - 1] == '_' || strncmp(name, "PIPE_COMPUTE_CAP_", 17) == 0)
            continue;
        checked++;
        if (!name_is_known(name)) {
            print_error("docs name %s is missing from the headers\n", name);
            missing++;
        }
    }
    free(text);
    print_message("%u PIPE_* names of the docs checked\n", checked);
    assert_true(checked > 300); /* the Screen chapter alone names 250 */
    assert_int_equal(missing, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_logicop_values_are_truth_tables),
        cmocka_unit_test(test_blendfactor_inverse_pairs),
        cmocka_unit_test(test_flag_families_are_distinct_bits),
        cmocka_unit_test(test_pipe_reference_rules),
        cmocka_unit_test(test_typed_reference_helpers),
        cmocka_unit_test(test_pipe_reference_threads),
        cmocka_unit_test(test_cxx_sees_the_same_layout),
        cmocka_unit_test(test_docs_names_exist),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
