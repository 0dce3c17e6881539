/*
 * be_draw.c: the backend of one draw context on one macrotile.
 *
 * In:  the bins of a draw context whose frontend is done, the macrotile's
 *      hot tiles. Out: the hot tiles after every binned primitive was
 *      rasterized, shaded, tested and blended, in primitive order.
 * Thread: the worker holding the macrotile (core guarantees one worker per
 *      macrotile at a time, and draw order per macrotile).
 *
 * Per primitive: coverage (be_raster.c / be_line.c) arrives as 8x8 raster
 * tiles; each 4x2 block with coverage is one pixel-shader call:
 *   barycentrics and depth from planes -> early depth/stencil (when the
 *   shader cannot kill or write depth) -> perspective correction and input
 *   interpolation -> PS -> alpha test -> late depth/stencil -> blend per
 *   render target. Uncovered lanes of a block run as helpers (quad_mask) so
 *   derivatives work; they never write.
 *
 * Speed: the per-block path is inlined into the raster-tile loop
 * (shade_block, always_inline, instantiated per case): the depth-only test
 * and the 8888 opaque/alpha blends run inline (be_output.h) instead of
 * through be_ds_fn/be_blend_fn; prof_active is read once per raster tile and
 * the instance without a capture has no bucket checks; fully covered raster
 * tiles skip the coverage tests; hot-tile block indices and pixel counters
 * are per raster tile, and the fully covered tiles of large triangles and
 * point rectangles come in runs (emit_full_run: one dispatch and one counter
 * update per run). The scalar plane offsets of the 8 blocks of a raster
 * tile are evaluated with one vector per plane (be_tile_offsets); the
 * swr_ps_args fields constant over a primitive (inputs, attrib_planes,
 * front_facing, prim_id, res) are written once per primitive, which relies
 * on the ABI rule that a shader writes only the outputs and exec_mask of its
 * args; position and barycentrics are skipped when the PS state flags them
 * unused, and so is the perspective divide when neither they nor any
 * PERSPECTIVE input need it. Two common states get their own instance
 * with the depth test and blend folded to constants (run_ds: LESS on float
 * depth + opaque BGRA8; no depth + alpha BGRA8). Everything stays
 * bit-identical to the generic path (the same float operations in the same
 * order). Small triangles are covered by the inline rasterizer
 * (be_raster_small.h) with the raster-tile function inlined into it; the
 * primitive loop prefetches be_prims and hot-tile lines a few primitives
 * ahead (prefetch_ahead).
 */
#include "rasterizer/rast_priv.h"

#include <string.h>

#include "knobs/knobs.h"
#include "profiling/prof.h"
#include "rasterizer/be_hot.h"
#include "rasterizer/be_output.h"
#include "rasterizer/be_raster_small.h"

/* rast_be_setup.common: the state matches a common-state instance of
 * shade_tile (run_ds): opaque BGRA8 with the early inline LESS test on
 * float depth with writes, or RGBA8 with it on 24-bit unorm depth (3D
 * scenes; GL through OSMesa renders RGBA8 + Z24S8) and the same with
 * LEQUAL (the depth function VTK/ParaView render with, and multi-pass
 * GL), or alpha-blended BGRA8 or RGBA8 without depth/stencil (UI, particles,
 * layers; BGRA8 also with source alpha factor ONE for alpha). No alpha
 * test, no late tests. Each instance costs compile time and code (two
 * variants, and be_draw.c inlines the raster-tile function twice): add
 * one only for a state that real programs use. */
enum be_common_state {
    BE_COMMON_NONE,
    BE_COMMON_LESS_OPAQUE,
    BE_COMMON_LESS24_OPAQUE_RGBA,
    BE_COMMON_LEQUAL24_OPAQUE_RGBA,
    BE_COMMON_NODEPTH_ALPHA,
    BE_COMMON_NODEPTH_ALPHA_RGBA,
    BE_COMMON_NODEPTH_ALPHA_A1, /* source alpha factor ONE for alpha */
};

typedef struct be_tile_ctx {
    const rast_draw_state *st;
    const be_prim *p;
    rast_scratch *s;
    rast_counters *cnt;
    int32_t mt_x, mt_y;
    uint8_t *color[SWR_MAX_RENDER_TARGETS];
    uint8_t *z;
    uint8_t *stencil;
    float so; /* sample offset in pixels (0 or 0.5) */
    /* The draw state's decisions (rast_draw_state.be, made by
     * be_draw_derive), copied here once per macrotile and read per block. */
    rast_be_setup be;
    vf8 lane_x, lane_y; /* sample position of each lane relative to the block origin */
    /* Per primitive (prepare_prim): a plane p at block (bx, by) is
     * p[0]*(bx - x_ref) + p[1]*(by - y_ref) + lane_part, where lane_part =
     * p[0]*lane_x + p[1]*lane_y + p[2] is the same for every block. */
    vf8 b1_lanes, b2_lanes, z_lanes;
    vf8 z_lo, z_hi;       /* fragment depth clamp (rast_draw_state.vp) */
    bool zclamp_per_prim; /* ... read per primitive from st->vp (depth clamp on) */
    vf8 iw0, diw1, diw2, iw1, iw2;
    bool perspective; /* 1/w differs between vertices */
    /* persp_div: the perspective-corrected barycentrics (be.want_div) differ
     * from the linear ones for the current primitive (prepare_prim). */
    bool persp_div;
    /* None of position, barycentrics or a perspective divide is needed for
     * the current primitive (prepare_prim): the common-state instances have
     * a `plain` variant without those per-block branches and stores. */
    bool plain;
    /* The current primitive interpolates its inputs from screen-space
     * planes (prepare_prim): it needs no perspective divide and is large
     * enough for the per-primitive set-up to pay. */
    bool planes;
    /* The current primitive's smooth shape (BE_PRIM_SMOOTH), else NULL:
     * its tiles take the general path (emit_smooth_tile) and colour 0's
     * alpha is multiplied by each pixel's coverage (apply_smooth). */
    const be_smooth *smooth;
    /* The batched pixel-shader call (swr_ps_state.tile_func), or NULL:
     * its input tables are filled once per macrotile (batch_init). */
    swr_ps_tile_args *ta;
} be_tile_ctx;

static inline vf8 lanes_of(const float *pl, vf8 lane_x, vf8 lane_y)
{
    return vf8_add(vf8_add(vf8_mul(vf8_set1(pl[0]), lane_x), vf8_mul(vf8_set1(pl[1]), lane_y)),
                   vf8_set1(pl[2]));
}

/* Hoists everything that is constant over a primitive out of the block loop. */
/* Primitives whose bounding box has at least this many pixels use input
 * planes (be_tile_ctx.planes). Set-up costs about 15 instructions per input
 * component per primitive and macrotile and saves about 5 per component
 * per shaded block; a tiny triangle shades one or two blocks. */
#define BE_PLANE_MIN_AREA 64

/* Input planes of primitive p (rast_scratch.plane_*): for the triplet (v0,
 * d1, d2) of a component, value = v0 + d1 * b1 + d2 * b2 with b1, b2 planes
 * is itself a plane in (x - x_ref, y - y_ref). */
static void prepare_planes(be_tile_ctx *t, const be_prim *p)
{
    rast_scratch *s = t->s;
    for (uint32_t j = 0; j < t->be.num_var; j++) {
        const float *tr = p->attribs + (size_t)t->be.var_attr[j] * 12;
        for (uint32_t c = 0; c < 4; c++, tr += 3) {
            uint32_t k = j * 4 + c;
            float pa = tr[1] * p->b1[0] + tr[2] * p->b2[0];
            float pb = tr[1] * p->b1[1] + tr[2] * p->b2[1];
            float pc = tr[0] + (tr[1] * p->b1[2] + tr[2] * p->b2[2]);
            s->plane_a[k] = pa;
            s->plane_b[k] = pb;
            vf8 l =
                vf8_fma(vf8_set1(pa), t->lane_x, vf8_fma(vf8_set1(pb), t->lane_y, vf8_set1(pc)));
            vf8_store_aligned(s->plane_lanes[k], l);
        }
    }
}

static void prepare_prim(be_tile_ctx *t, const be_prim *p)
{
    t->p = p;
    /* Barycentric lanes: read by shade_block for varying inputs without
     * planes, position and the perspective divide (want_b). */
    if (t->be.num_var || t->be.want_pos || t->be.want_div) {
        t->b1_lanes = lanes_of(p->b1, t->lane_x, t->lane_y);
        t->b2_lanes = lanes_of(p->b2, t->lane_x, t->lane_y);
    }
    t->z_lanes = lanes_of(p->z, t->lane_x, t->lane_y);
    if (t->zclamp_per_prim) {
        const rast_viewport_derived *vp = &t->st->vp[p->viewport];
        t->z_lo = vf8_set1(vp->depth_lo);
        t->z_hi = vf8_set1(vp->depth_hi);
    }
    t->perspective = p->inv_w[0] != p->inv_w[1] || p->inv_w[0] != p->inv_w[2];
    t->persp_div = t->perspective && t->be.want_div;
    /* 1/w planes: read by shade_block only for position.w or the divide. */
    if (t->be.want_pos || t->persp_div) {
        t->iw0 = vf8_set1(p->inv_w[0]);
        t->iw1 = vf8_set1(p->inv_w[1]);
        t->iw2 = vf8_set1(p->inv_w[2]);
        t->diw1 = vf8_set1(p->inv_w[1] - p->inv_w[0]);
        t->diw2 = vf8_set1(p->inv_w[2] - p->inv_w[0]);
    }
    t->plain = !t->be.want_pos && !t->be.want_bary && !t->persp_div;
    /* The shader only reads these (shader_abi.h): once per primitive (the
     * per-draw ones once per macrotile, rast_be_draw_tile). The scratch is
     * this thread's and only shade_block uses it. */
    swr_ps_args *a = &t->s->ps_args;
    a->attrib_planes = p->attribs;
    a->front_facing = p->front_facing;
    a->prim_id = p->prim_id;
    /* Constant inputs: the value at vertex 0, the same for every block. */
    for (uint32_t j = 0; j < t->be.num_const; j++) {
        uint32_t i = t->be.const_attr[j];
        const float *tr = p->attribs + (size_t)i * 12;
        for (uint32_t c = 0; c < 4; c++)
            vf8_store_aligned(t->s->ps_inputs[i].v[c], vf8_set1(tr[c * 3]));
    }
    int64_t area = (int64_t)(p->bbox.x1 - p->bbox.x0) * (p->bbox.y1 - p->bbox.y0);
    t->planes = !t->persp_div && t->be.num_var && area >= BE_PLANE_MIN_AREA;
    if (t->planes)
        prepare_planes(t, p);
}

/* The scalar part of the planes at the 8 blocks of one raster tile, lane b
 * for block b (at tile + ((b & 1) * 4, (b >> 1) * 2)): p[0] * dx + p[1] * dy
 * for b1, b2 and z, and the block origin as floats (b1, b2, x, y only with
 * per_block: the batched entry reads z and bx, by). Lane for lane the same
 * float operations as the scalar (float)bx - x_ref ... of one block. */
typedef struct be_tile_offsets {
    float b1[8] __attribute__((aligned(32)));
    float b2[8] __attribute__((aligned(32)));
    float z[8] __attribute__((aligned(32)));
    float x[8] __attribute__((aligned(32)));
    float y[8] __attribute__((aligned(32)));
    int32_t bx[8] __attribute__((aligned(32))); /* the block origin as integers (block_x) */
    int32_t by[8] __attribute__((aligned(32)));
} be_tile_offsets;

static inline vf8 offset_of(const float *pl, vf8 dx, vf8 dy)
{
    return vf8_add(vf8_mul(vf8_set1(pl[0]), dx), vf8_mul(vf8_set1(pl[1]), dy));
}

/* The scalar part of input plane rows 0 .. nk - 1 at the 8 block origins
 * (dx, dy). always_inline, so a constant nk unrolls. */
static inline __attribute__((always_inline)) void plane_offsets(rast_scratch *s, uint32_t nk,
                                                                vf8 dx, vf8 dy)
{
    for (uint32_t k = 0; k < nk; k++)
        vf8_store_aligned(s->plane_off[k], vf8_fma(vf8_set1(s->plane_a[k]), dx,
                                                   vf8_mul(vf8_set1(s->plane_b[k]), dy)));
}

static inline __attribute__((always_inline)) void tile_offsets(const be_tile_ctx *t, int32_t tile_x,
                                                               int32_t tile_y, be_tile_offsets *o,
                                                               bool per_block)
{
    const be_prim *p = t->p;
    vi8 ix = vi8_add(vi8_set1(tile_x), vi8_set(0, 4, 0, 4, 0, 4, 0, 4));
    vi8 iy = vi8_add(vi8_set1(tile_y), vi8_set(0, 0, 2, 2, 4, 4, 6, 6));
    vi8_store(o->bx, ix);
    vi8_store(o->by, iy);
    vf8 x = vi8_to_vf8(ix), y = vi8_to_vf8(iy);
    vf8 dx = vf8_sub(x, vf8_set1(p->x_ref)), dy = vf8_sub(y, vf8_set1(p->y_ref));
    vf8_store_aligned(o->z, offset_of(p->z, dx, dy));
    if (per_block) { /* what only shade_block reads */
        vf8_store_aligned(o->b1, offset_of(p->b1, dx, dy));
        vf8_store_aligned(o->b2, offset_of(p->b2, dx, dy));
        vf8_store_aligned(o->x, x);
        vf8_store_aligned(o->y, y);
    }
    if (t->planes) {
        /* The scalar part of every input plane, for the 8 blocks at once. */
        rast_scratch *s = t->s;
        const uint32_t nk = t->be.num_var * 4;
        if (nk == 4) /* one input (a colour): the constant count unrolls */
            plane_offsets(s, 4, dx, dy);
        else
            plane_offsets(s, nk, dx, dy);
    }
}

/* swr_simd_vec4 is laid out exactly like vf8x4 (shader_abi.h) and 32-byte
 * aligned, and vf8 may alias floats: the shader's outputs are handed to
 * the blend kernels in place instead of being copied per block. */
static inline const vf8x4 *as_vec4(const swr_simd_vec4 *v)
{
    return (const vf8x4 *)(const void *)v;
}

/* Quads (lanes 0-3 and 4-7) that contain a covered pixel, without
 * branches: after the two folds bit 0 is the OR of lanes 0-3 and bit 4 the
 * OR of lanes 4-7, and times 15 spreads each over its quad. */
static inline uint32_t quads_of(uint32_t mask)
{
    uint32_t x = mask | (mask >> 1);
    x |= x >> 2;
    return (x & 0x11u) * 0x0fu;
}

/* Bit b set for each block b (byte b of a raster tile's mask) with a
 * covered lane: each byte ORed into its bit 0, then the multiply gathers
 * the eight bits 8b into the top byte (all partial products land on
 * distinct bits, so nothing carries). */
static inline uint32_t blocks_of(uint64_t mask)
{
    uint64_t x = mask | (mask >> 4);
    x |= x >> 2;
    x |= x >> 1;
    x &= 0x0101010101010101ull;
    return (uint32_t)((x * 0x0102040810204080ull) >> 56);
}

/* Common-state instances (shade_tile's ds_c and blend_c, compile-time
 * constants): BE_DS_RUNTIME / BE_BLEND_RUNTIME read the state from the
 * tile context; BE_DS_NONE is no depth/stencil test at all; a depth func
 * value 0..7 is the inline depth-only test of that func on float depth with
 * writes, done early, and the same plus BE_DS_UNORM24 on 24-bit unorm
 * depth. A constant folds the per-block state branches and
 * jump tables away; emit_raster_tile picks an instance only when the state
 * matches it exactly, so results do not change. */
enum { BE_DS_RUNTIME = -1, BE_DS_NONE = -2, BE_DS_UNORM24 = 8 };

/* The unorm bits of a constant ds_c >= 0 (be_depth_unorm_bits). */
static inline uint32_t ds_c_bits(int ds_c) { return (ds_c & BE_DS_UNORM24) ? 24u : 0u; }
#define BE_BLEND_RUNTIME (-1)

static inline __attribute__((always_inline)) uint32_t run_ds(const be_tile_ctx *t, int ds_c,
                                                             bool front, uint8_t *zblock,
                                                             uint8_t *sblock, vi8 zq, uint32_t live)
{
    if (ds_c >= 0)
        return be_ds_depth_only((uint32_t)ds_c & 7, ds_c_bits(ds_c) == 0, true, zblock, zq, live);
    if (t->be.ds_inline)
        return be_ds_depth_only(t->be.ds_func, t->be.ds_float, t->be.ds_write, zblock, zq, live);
    const rast_output_block *out = t->st->output;
    return t->st->ds_fn(&out->dsa, out->stencil_ref, front, zblock, sblock, zq, live);
}

/* The late test: run_ds, or for a shader that writes the stencil reference
 * (ARB_shader_stencil_export; rast_state.c makes its tests late) with a
 * stencil buffer, the test with the shader's per-lane reference `sref`
 * (its stencil output). */
static inline __attribute__((always_inline)) uint32_t
run_late_ds(const be_tile_ctx *t, int ds_c, bool front, uint8_t *zblock, uint8_t *sblock, vi8 zq,
            uint32_t live, const int32_t *sref)
{
    const rast_draw_state *st = t->st;
    if (t->be.ds_shader_stencil_ref && sblock) /* sblock: NULL if the hot tile had no memory */
        return be_ds_test_and_update_lanes(&st->output->dsa, (swr_format)st->fb->fb.zs.format, sref,
                                           front, zblock, sblock, zq, live);
    return run_ds(t, ds_c, front, zblock, sblock, zq, live);
}

/* The shader's colour 0: read in halves (vf8_load_2x128) when it was just
 * stored (the 8-pixel entry), whole when a batched call stored it a while
 * ago (halves: a constant at each call site). */
static inline __attribute__((always_inline)) vf8x4 load_color0(const swr_simd_vec4 *color,
                                                               bool halves)
{
    vf8x4 c;
    for (int i = 0; i < 4; i++)
        c.v[i] = halves ? vf8_load_2x128(color->v[i]) : vf8_load_aligned(color->v[i]);
    return c;
}

/* The shader's outputs as run_blend reads them: colours (color[0..7]) and
 * the second dual-source colour, in a swr_ps_args or a swr_ps_tile_out. */
typedef struct be_ps_colors {
    const swr_simd_vec4 *color, *color1;
    bool halves; /* just stored: see load_color0 */
} be_ps_colors;

/* Blends the shader's colours into every render target. */
static inline __attribute__((always_inline)) void
run_blend(const be_tile_ctx *t, int blend_c, be_ps_colors a, uint32_t blk, uint32_t live)
{
    const rast_draw_state *st = t->st;
    uint8_t *block0 = t->color[0] + (size_t)blk * 4;
    int kind = blend_c == BE_BLEND_RUNTIME ? (int)t->be.blend_kind : blend_c;
    vf8x4 c0;
    switch (kind) {
    case BE_BLEND_NOOP:
        return;
    case BE_BLEND_OPAQUE_BGRA8:
        c0 = load_color0(a.color, a.halves);
        be_opaque8888_v(block0, c0, live, 16, 0);
        return;
    case BE_BLEND_OPAQUE_RGBA8:
        c0 = load_color0(a.color, a.halves);
        be_opaque8888_v(block0, c0, live, 0, 16);
        return;
    case BE_BLEND_ALPHA_BGRA8:
        c0 = load_color0(a.color, a.halves);
        be_alpha8888_v(block0, c0, live, 16, 0, false);
        return;
    case BE_BLEND_ALPHA_RGBA8:
        c0 = load_color0(a.color, a.halves);
        be_alpha8888_v(block0, c0, live, 0, 16, false);
        return;
    case BE_BLEND_ALPHA_BGRA8_A1:
        c0 = load_color0(a.color, a.halves);
        be_alpha8888_v(block0, c0, live, 16, 0, true);
        return;
    case BE_BLEND_ALPHA_RGBA8_A1:
        c0 = load_color0(a.color, a.halves);
        be_alpha8888_v(block0, c0, live, 0, 16, true);
        return;
    default:
        break;
    }
    const rast_output_block *out = st->output;
    const rast_shader_block *sh = st->shaders;
    const vf8x4 *src1 = as_vec4(a.color1);
    for (uint32_t mask = st->rt_mask; mask; mask &= mask - 1) {
        uint32_t rt = (uint32_t)__builtin_ctz(mask);
        const vf8x4 *src = as_vec4(&a.color[sh->ps.color0_writes_all ? 0 : rt]);
        st->blend_fn[rt](&out->blend, rt, out->blend_color, (swr_format)st->fb->fb.color[rt].format,
                         t->color[rt] + (size_t)blk * t->be.color_bpp[rt], src, src1, live);
    }
}

/* Smooth lines and points (GL 2.1 §3.4.4 / §3.3.2, "coverage applied to
 * alpha"): multiplies colour 0's alpha of each live lane of block b by the
 * area of the lane's pixel square inside the shape (rast_priv.h).
 * After the pixel shader, before alpha test and blending. Scalar, per
 * pixel: smooth primitives are rare and the area costs far more than the
 * loop. */
static __attribute__((noinline)) void apply_smooth(const be_smooth *sm, int32_t bx, int32_t by,
                                                   uint32_t live, swr_ps_args *a)
{
    static const int8_t lx[8] = {0, 1, 0, 1, 2, 3, 2, 3}, ly[8] = {0, 0, 1, 1, 0, 0, 1, 1};
    float *alpha = a->color[0].v[3];
    for (uint32_t l = 0; l < 8; l++) {
        if (!((live >> l) & 1))
            continue;
        int32_t px = bx + lx[l], py = by + ly[l];
        float c = sm->disc ? rast_smooth_point_coverage(sm->x_fx8, sm->y_fx8, sm->size, px, py)
                           : rast_smooth_line_coverage(&sm->line, px, py);
        alpha[l] *= c;
    }
}

/* Pixel counts of one raster tile, added to rast_counters once per tile. */
typedef struct be_tile_count {
    uint32_t ps_invocations, samples_passed;
} be_tile_count;

/* Shades block b (0..7) of a raster tile: window origin and plane offsets
 * o (tile_offsets), hot-tile pixel index blk (of its lane 0), covered lanes
 * cov. `prof` is a compile-time constant at each call site: the instance
 * without profiling has no bucket checks at all (the caller reads
 * prof_active once per raster tile). `plain` (a constant) asserts t->plain. */
static inline __attribute__((always_inline)) void
shade_block(be_tile_ctx *t, const be_tile_offsets *o, uint32_t b, uint32_t blk, uint32_t cov,
            bool prof, bool simple, bool plain, int ds_c, int blend_c, be_tile_count *n,
            bool ds_done, uint32_t done_live)
{
    bool alpha_test = !simple && t->be.alpha_test, late_ds = !simple && t->be.late_ds;
    bool early_ds = !ds_done && (ds_c == BE_DS_RUNTIME ? t->be.early_ds : ds_c >= 0);
    const rast_draw_state *st = t->st;
    const be_prim *p = t->p;
    const rast_shader_block *sh = st->shaders;
    const rast_output_block *out = st->output;

    if (prof)
        prof_begin(PROF_BEBarycentric);
    /* The barycentrics only where something reads them (not the inputs of
     * a primitive with input planes, nor a shader without varying inputs). */
    bool want_pos = !plain && t->be.want_pos, persp_div = !plain && t->persp_div;
    bool want_b =
        (!t->planes && t->be.num_var) || want_pos || persp_div || (!plain && t->be.want_bary);
    vf8 b1 = vf8_zero(), b2 = vf8_zero();
    if (want_b) {
        b1 = vf8_add(vf8_set1(o->b1[b]), t->b1_lanes);
        b2 = vf8_add(vf8_set1(o->b2[b]), t->b2_lanes);
    }
    vf8 z = vf8_clamp(vf8_add(vf8_set1(o->z[b]), t->z_lanes), t->z_lo, t->z_hi);
    if (prof)
        prof_end(PROF_BEBarycentric);

    uint32_t live = ds_done ? done_live : cov;
    uint8_t *zblock = t->z ? t->z + (size_t)blk * 4 : NULL;
    uint8_t *sblock = t->stencil ? t->stencil + blk : NULL;
    bool front = p->front_facing;
    rast_scratch *s = t->s;
    swr_ps_args *a = &s->ps_args;
    if (early_ds) {
        if (prof)
            prof_begin(PROF_BEEarlyDepthTest);
        vi8 zq = be_depth_quantize_bits(ds_c >= 0 ? ds_c_bits(ds_c) : t->be.zbits, z);
        live = run_ds(t, ds_c, front, zblock, sblock, zq, live);
        if (prof)
            prof_end(PROF_BEEarlyDepthTest);
        if (!live)
            return;
    }

    /* Perspective-correct barycentrics: b_k / w_k normalized. With equal
     * 1/w at the vertices (orthographic, points) they equal the linear ones.
     * 1/w itself is position.w. */
    vf8 iw = vf8_zero(), p1 = b1, p2 = b2;
    if (want_pos || persp_div)
        iw = vf8_add(t->iw0, vf8_add(vf8_mul(t->diw1, b1), vf8_mul(t->diw2, b2)));
    if (persp_div) {
        vf8 w = vf8_div(vf8_set1(1.0f), iw);
        p1 = vf8_mul(vf8_mul(b1, t->iw1), w);
        p2 = vf8_mul(vf8_mul(b2, t->iw2), w);
    }

    /* A local count: the stores below may alias st as far as the compiler
     * knows. Plain: p1, p2 are b1, b2, so only CONSTANT differs. */
    /* Attribute triplets are broadcast straight from the be_prim (a
     * broadcast from memory costs what a load does), not staged per
     * primitive: most primitives of a mesh shade one or two blocks. */
    /* Constant inputs were written by prepare_prim. */
    const uint32_t num_var = t->be.num_var;
    if (t->planes) {
        /* Planes: one add per component. */
        const float(*lanes)[8] = s->plane_lanes;
        const float(*off)[8] = s->plane_off;
        for (uint32_t j = 0; j < num_var; j++) {
            swr_simd_vec4 *dst = &s->ps_inputs[t->be.var_attr[j]];
            for (uint32_t c = 0; c < 4; c++) {
                uint32_t k = j * 4 + c;
                vf8_store_aligned(dst->v[c],
                                  vf8_add(vf8_set1(off[k][b]), vf8_load_aligned(lanes[k])));
            }
        }
    } else {
        for (uint32_t j = 0; j < num_var; j++) {
            uint32_t i = t->be.var_attr[j];
            const float *tr = p->attribs + (size_t)i * 12;
            bool linear = plain || st->interp[i] == SWR_INTERP_LINEAR;
            vf8 u = linear ? b1 : p1;
            vf8 v = linear ? b2 : p2;
            for (uint32_t c = 0; c < 4; c++, tr += 3) {
                vf8 r = vf8_add(vf8_set1(tr[0]),
                                vf8_add(vf8_mul(vf8_set1(tr[1]), u), vf8_mul(vf8_set1(tr[2]), v)));
                vf8_store_aligned(s->ps_inputs[i].v[c], r);
            }
        }
    }
    if (want_pos) {
        /* lane_x/lane_y already hold the sample offset. */
        vf8_store_aligned(a->position.v[0], vf8_add(vf8_set1(o->x[b]), t->lane_x));
        vf8_store_aligned(a->position.v[1], vf8_add(vf8_set1(o->y[b]), t->lane_y));
        vf8_store_aligned(a->position.v[2], z);
        vf8_store_aligned(a->position.v[3], iw);
    }
    if (!plain && t->be.want_bary) {
        vf8_store_aligned(a->bary_linear[0], b1);
        vf8_store_aligned(a->bary_linear[1], b2);
        vf8_store_aligned(a->bary_persp[0], p1);
        vf8_store_aligned(a->bary_persp[1], p2);
    }
    /* Read from o, not recomputed from the spilled tile origin after the
     * previous block's shader call. */
    a->block_x = (uint32_t)o->bx[b];
    a->block_y = (uint32_t)o->by[b];
    a->quad_mask = quads_of(cov);
    a->exec_mask = live;
    /* No pixel shader: a depth/stencil-only pass (rt_mask is 0). */
    if (sh->ps.func) {
        if (prof)
            prof_begin(PROF_BEPixelShader);
        sh->ps.func(sh->ps.shader, a);
        if (prof)
            prof_end(PROF_BEPixelShader);
    }
    n->ps_invocations += (uint32_t)__builtin_popcount(live);
    live &= a->exec_mask;
    if (!simple && t->smooth)
        apply_smooth(t->smooth, o->bx[b], o->by[b], live, a);

    if (alpha_test)
        live = be_alpha_test(out->dsa.alpha_func, out->dsa.alpha_ref, vf8_load(a->color[0].v[3]),
                             live);
    if (late_ds && live) {
        if (prof)
            prof_begin(PROF_BELateDepthTest);
        if (sh->ps.writes_depth)
            z = vf8_clamp(vf8_load(a->depth), t->z_lo, t->z_hi);
        vi8 zq = be_depth_quantize_bits(t->be.zbits, z);
        live = run_late_ds(t, ds_c, front, zblock, sblock, zq, live, a->stencil);
        if (prof)
            prof_end(PROF_BELateDepthTest);
    }
    if (!live)
        return;
    n->samples_passed += (uint32_t)__builtin_popcount(live);

    if (prof)
        prof_begin(PROF_BEOutputMerger);
    run_blend(t, blend_c, (be_ps_colors){a->color, &a->color1, true}, blk, live);
    if (prof)
        prof_end(PROF_BEOutputMerger);
}

/* The raster tile's blocks with profiling buckets (capture running). */
static __attribute__((noinline, cold)) void shade_tile_prof(be_tile_ctx *t, int32_t tile_x,
                                                            int32_t tile_y, uint32_t base,
                                                            uint64_t mask, be_tile_count *n)
{
    be_tile_offsets o;
    prof_begin(PROF_BEBarycentric);
    tile_offsets(t, tile_x, tile_y, &o, true);
    prof_end(PROF_BEBarycentric);
    for (uint32_t b = 0; b < 8; b++) {
        uint32_t cov = (uint32_t)(mask >> (b * 8)) & 0xff;
        if (cov)
            shade_block(t, &o, b, base + b * 8, cov, true, false, false, BE_DS_RUNTIME,
                        BE_BLEND_RUNTIME, n, false, 0);
    }
}

/* The constant early depth test (ds_c >= 0, depth only) of a fully covered
 * raster tile: every lane is live, so each block's update is one min, max
 * or select (be_depth_kept) and a plain store (be_ds_depth_only's effect:
 * passing lanes take the fragment depth). pass[b] = the lanes of block b
 * that passed; returns them as one mask (tile_lanes64 of pass). The usual
 * outcome, every lane passing, is found with one AND per block and one
 * movemask, and pass is then written with one vector store: no per-block
 * movemask and scalar store, and no 32-byte reload of eight 4-byte stores
 * (a store-forwarding stall) to build the 64-bit mask. */
static inline __attribute__((always_inline)) uint64_t early_depth_full_tile(const be_tile_ctx *t,
                                                                            const float *zb,
                                                                            uint32_t base, int ds_c,
                                                                            uint32_t pass[8])
{
    const vf8 zl = t->z_lanes, zlo = t->z_lo, zhi = t->z_hi;
    uint8_t *zt = t->z + (size_t)base * 4;
    vi8 c[8], all = vi8_ones();
    for (uint32_t b = 0; b < 8; b++) {
        vi8 z = be_depth_quantize_bits(ds_c_bits(ds_c),
                                       vf8_clamp(vf8_add(vf8_set1(zb[b]), zl), zlo, zhi));
        vi8 old = vi8_load(zt + b * 32);
        c[b] = be_depth_cmp((uint32_t)ds_c & 7, ds_c_bits(ds_c) == 0, z, old);
        vi8_store(zt + b * 32,
                  be_depth_kept((uint32_t)ds_c & 7, ds_c_bits(ds_c) == 0, z, old, c[b]));
        all = vi8_and(all, c[b]);
    }
    if (__builtin_expect(vi8_movemask(all) == 0xff, 1)) {
        vi8_store(pass, vi8_set1(0xff));
        return ~(uint64_t)0;
    }
    uint64_t r = 0;
    for (uint32_t b = 0; b < 8; b++) {
        pass[b] = (uint32_t)vi8_movemask(c[b]);
        r |= (uint64_t)pass[b] << (b * 8);
    }
    return r;
}

/* run_blend of all 8 blocks of a raster tile with every lane live, from
 * the batched entry's outputs: the 8888 kernels unmasked in one loop with
 * the hot-tile and output pointers in registers (the stores to the hot
 * tile would otherwise make each block reload them) and the kind
 * dispatched once per tile. */
static inline __attribute__((always_inline)) void
blend_full_tile(const be_tile_ctx *t, int blend_c, const swr_ps_tile_out *out, uint32_t base)
{
    int kind = blend_c == BE_BLEND_RUNTIME ? (int)t->be.blend_kind : blend_c;
    uint8_t *dst = t->color[0] + (size_t)base * 4;
    switch (kind) {
#define BE_FULL_CASE(k, expr)                                                                      \
    case k:                                                                                        \
        for (uint32_t b = 0; b < 8; b++) {                                                         \
            vf8x4 c0 = load_color0(out[b].color, false);                                           \
            uint8_t *blk = dst + b * 32;                                                           \
            vi8_store(blk, expr);                                                                  \
        }                                                                                          \
        return;
        BE_FULL_CASE(BE_BLEND_OPAQUE_BGRA8, be_opaque8888_pixels(c0, 16, 0))
        BE_FULL_CASE(BE_BLEND_OPAQUE_RGBA8, be_opaque8888_pixels(c0, 0, 16))
        BE_FULL_CASE(BE_BLEND_ALPHA_BGRA8, be_alpha8888_pixels(vi8_load(blk), c0, 16, 0, false))
        BE_FULL_CASE(BE_BLEND_ALPHA_RGBA8, be_alpha8888_pixels(vi8_load(blk), c0, 0, 16, false))
        BE_FULL_CASE(BE_BLEND_ALPHA_BGRA8_A1, be_alpha8888_pixels(vi8_load(blk), c0, 16, 0, true))
        BE_FULL_CASE(BE_BLEND_ALPHA_RGBA8_A1, be_alpha8888_pixels(vi8_load(blk), c0, 0, 16, true))
#undef BE_FULL_CASE
    default:
        for (uint32_t b = 0; b < 8; b++)
            run_blend(t, blend_c, (be_ps_colors){out[b].color, &out[b].color1, false}, base + b * 8,
                      0xff);
        return;
    }
}

/* Eight per-block lane masks (each < 256) as one 64-bit mask, block b in
 * bits 8b..8b+7. always_inline: gcc otherwise calls an out-of-line copy
 * from the fill paths. */
static inline __attribute__((always_inline)) uint64_t tile_lanes64(const uint32_t m[8])
{
    uint64_t r;
    uint8_t bytes[8];
    vi8_store_u8x8(bytes, vi8_load(m));
    memcpy(&r, bytes, sizeof r);
    return r;
}

/* -0.0f in every lane: the in_off row of a constant input of the batched
 * entry (x + -0.0f is x bit for bit, -0.0f and NaN included). */
static const float be_neg_zero8[8]
    __attribute__((aligned(32))) = {-0.0f, -0.0f, -0.0f, -0.0f, -0.0f, -0.0f, -0.0f, -0.0f};

/* The batched entry's arguments and outputs, on rast_be_draw_tile's stack. */
typedef struct be_ps_batch {
    swr_ps_tile_out out[8];
    swr_ps_tile_args a;
} be_ps_batch;

/* Points the batched entry's input tables at the scratch planes (the
 * non-constant inputs, rast_scratch.plane_lanes / plane_off in var_attr
 * order) and at the constant inputs prepare_prim writes. Per macrotile:
 * the rows do not move, only their contents change per primitive / tile. */
static void batch_init(be_tile_ctx *t, be_ps_batch *bt)
{
    const rast_draw_state *st = t->st;
    rast_scratch *s = t->s;
    swr_ps_tile_args *a = &bt->a;
    /* Only the shader's input rows (the entry reads inputs 0 ..
     * num_inputs - 1, st->num_attribs), not all SWR_MAX_ATTRIBS: this runs
     * per macrotile and draw, and a draw of a few small triangles touches
     * a macrotile with a tile or two. */
    for (uint32_t r = 0; r < st->num_attribs; r++)
        for (uint32_t c = 0; c < 4; c++) {
            a->in_lanes[r * 4 + c] = s->ps_inputs[r].v[c];
            a->in_off[r * 4 + c] = be_neg_zero8;
        }
    for (uint32_t j = 0; j < t->be.num_var; j++)
        for (uint32_t c = 0; c < 4; c++) {
            a->in_lanes[t->be.var_attr[j] * 4 + c] = s->plane_lanes[j * 4 + c];
            a->in_off[t->be.var_attr[j] * 4 + c] = s->plane_off[j * 4 + c];
        }
    a->res = &st->shaders->res[SWR_STAGE_PS];
    a->fb_height = st->fb_height;
    a->out = bt->out;
    t->ta = a;
}

/* The raster tile through the batched entry (t->ta; the caller checked
 * that its inputs are planes or constants and that position and
 * barycentrics are not needed): early depth/stencil of every block, one
 * shader call for all blocks with a live lane, then per block alpha test,
 * late depth/stencil and blend, as shade_block does. The blocks are
 * disjoint pixels and each test and blend touches only its own block, so
 * the results are those of shading block after block. */
static inline __attribute__((always_inline)) void
shade_tile_batched(be_tile_ctx *t, const be_tile_offsets *o, uint32_t base, uint64_t mask,
                   bool simple, int ds_c, int blend_c, be_tile_count *n)
{
    bool alpha_test = !simple && t->be.alpha_test, late_ds = !simple && t->be.late_ds;
    bool early_ds = ds_c == BE_DS_RUNTIME ? t->be.early_ds : ds_c >= 0;
    const rast_draw_state *st = t->st;
    const be_prim *p = t->p;
    const rast_shader_block *sh = st->shaders;
    const rast_output_block *out = st->output;
    swr_ps_tile_args *ta = t->ta;
    bool front = p->front_facing;
    /* The blocks with a covered lane (all eight when fully covered): the
     * loops below visit only those (a tiny triangle covers one or two). */
    const bool full = mask == ~(uint64_t)0;
    const uint32_t blocks = full ? 0xffu : blocks_of(mask); /* not computed when full */
    uint32_t live_in[8], any = 0;
    uint64_t in64 = 0; /* full: the lanes given to the shader, 8 bits per block */
    if (full && ds_c >= 0 && t->z) {
        /* Fully covered with the constant early depth test: shade_tile's
         * loop (every lane live) straight into the entry's exec_mask,
         * whole quads. */
        in64 = early_depth_full_tile(t, o->z, base, ds_c, ta->exec_mask);
        for (uint32_t b = 0; b < 8; b++)
            ta->quad_mask[b] = 0xff;
        if (alpha_test || late_ds) /* the per-block loop after the shader reads it */
            memcpy(live_in, ta->exec_mask, sizeof live_in);
        any = in64 != 0;
        mask = 0; /* the loop below is done */
    } else if (full && !early_ds) {
        /* Fully covered without an early test: every lane lives. */
        for (uint32_t b = 0; b < 8; b++) {
            live_in[b] = 0xff;
            ta->exec_mask[b] = 0xff;
            ta->quad_mask[b] = 0xff;
        }
        in64 = ~(uint64_t)0;
        any = 0xff;
        mask = 0;
    }
    if (mask) /* the entry skips the blocks left at exec_mask 0 */
        memset(ta->exec_mask, 0, sizeof ta->exec_mask);
    for (uint32_t bb = mask ? blocks : 0; bb; bb &= bb - 1) {
        uint32_t b = (uint32_t)__builtin_ctz(bb);
        uint32_t cov = (uint32_t)(mask >> (b * 8)) & 0xff, live = cov;
        if (early_ds) {
            uint32_t blk = base + b * 8;
            vf8 z = vf8_clamp(vf8_add(vf8_set1(o->z[b]), t->z_lanes), t->z_lo, t->z_hi);
            vi8 zq = be_depth_quantize_bits(ds_c >= 0 ? ds_c_bits(ds_c) : t->be.zbits, z);
            live = run_ds(t, ds_c, front, t->z ? t->z + (size_t)blk * 4 : NULL,
                          t->stencil ? t->stencil + blk : NULL, zq, live);
        }
        live_in[b] = live;
        ta->exec_mask[b] = live;
        ta->quad_mask[b] = quads_of(cov);
        any |= live;
    }
    if (!any)
        return;
    ta->attrib_planes = p->attribs;
    ta->front_facing = p->front_facing;
    ta->prim_id = p->prim_id;
    ta->tile_x = (uint32_t)o->bx[0];
    ta->tile_y = (uint32_t)o->by[0];
    if (full && !alpha_test && !late_ds) {
        /* Fully covered and nothing per block between the shader and the
         * blend: the tile's lanes as one 64-bit mask, counted once, and
         * when every lane lives (the usual case) 8 unmasked blends. */
        if (!(ds_c >= 0 && t->z) && early_ds) /* the early test ran per block */
            in64 = tile_lanes64(live_in);
        sh->ps.tile_func(sh->ps.shader, ta);
        /* The shader killed nothing when every exec_mask is still 0xff
         * (one compare instead of gathering the eight bytes). */
        uint64_t out64 = in64;
        if (vi8_movemask(vi8_eq(vi8_load(ta->exec_mask), vi8_set1(0xff))) != 0xff)
            out64 &= tile_lanes64(ta->exec_mask);
        n->ps_invocations += (uint32_t)__builtin_popcountll(in64);
        n->samples_passed += (uint32_t)__builtin_popcountll(out64);
        if (out64 == ~(uint64_t)0) {
            blend_full_tile(t, blend_c, ta->out, base);
            return;
        }
        for (uint32_t b = 0; b < 8; b++) {
            uint32_t live = (uint32_t)(out64 >> (b * 8)) & 0xff;
            if (live)
                run_blend(t, blend_c, (be_ps_colors){ta->out[b].color, &ta->out[b].color1, false},
                          base + b * 8, live);
        }
        return;
    }
    sh->ps.tile_func(sh->ps.shader, ta);
    for (uint32_t bb = blocks; bb; bb &= bb - 1) {
        uint32_t b = (uint32_t)__builtin_ctz(bb);
        uint32_t live = live_in[b];
        if (!live)
            continue;
        const swr_ps_tile_out *po = &ta->out[b];
        uint32_t blk = base + b * 8;
        n->ps_invocations += (uint32_t)__builtin_popcount(live);
        live &= ta->exec_mask[b];
        if (alpha_test)
            live = be_alpha_test(out->dsa.alpha_func, out->dsa.alpha_ref,
                                 vf8_load(po->color[0].v[3]), live);
        if (late_ds && live) {
            vf8 z =
                sh->ps.writes_depth ? vf8_load(po->depth) : vf8_add(vf8_set1(o->z[b]), t->z_lanes);
            z = vf8_clamp(z, t->z_lo, t->z_hi);
            vi8 zq = be_depth_quantize_bits(t->be.zbits, z);
            live = run_late_ds(t, ds_c, front, t->z ? t->z + (size_t)blk * 4 : NULL,
                               t->stencil ? t->stencil + blk : NULL, zq, live, po->stencil);
        }
        if (!live)
            continue;
        n->samples_passed += (uint32_t)__builtin_popcount(live);
        run_blend(t, blend_c, (be_ps_colors){po->color, &po->color1, false}, blk, live);
    }
}

/* Raster tiles with fewer covered blocks than this take the 8-pixel entry
 * per block even when the batched one could run: for one or two blocks the
 * batched call's set-up costs more than it saves (glbench draws, a uniform
 * colour over ~6 px triangles: backend instructions 2 > 5 > 3, the value
 * with the fewest). Both entries give the same bits (test_ps_tile). */
#ifndef BE_BATCH_MIN_BLOCKS
#define BE_BATCH_MIN_BLOCKS 3
#endif

/* The raster tile's blocks without profiling. simple (a constant): no
 * alpha test and no late depth/stencil, so nothing but the colours has to
 * survive the shader call. ds_c, blend_c: see run_ds. */
static inline __attribute__((always_inline)) void
shade_tile(be_tile_ctx *t, int32_t tile_x, int32_t tile_y, uint32_t base, uint64_t mask,
           bool simple, bool plain, int ds_c, int blend_c, be_tile_count *n)
{
    be_tile_offsets o;
    /* The batched entry: inputs from planes (or all constant), nothing
     * per lane but depth (plain), no coverage to alpha (smooth). It reads
     * only the depth offsets and the block origins of o. */
    if (t->ta && (t->planes || (t->be.num_var == 0 && !t->persp_div)) && (plain || t->plain) &&
        (simple || !t->smooth) &&
        (mask == ~(uint64_t)0 || __builtin_popcount(blocks_of(mask)) >= BE_BATCH_MIN_BLOCKS)) {
        tile_offsets(t, tile_x, tile_y, &o, false);
        shade_tile_batched(t, &o, base, mask, simple, ds_c, blend_c, n);
        return;
    }
    tile_offsets(t, tile_x, tile_y, &o, true);
    if (mask == ~(uint64_t)0) {
        /* Fully covered: every block, every lane, no coverage tests. */
        if (ds_c >= 0 && t->z) {
            /* The constant early depth test (with writes) of all 8 blocks
             * first, in one loop with the depth planes in registers
             * and no shader call in between; then only the blocks with a
             * passing lane are shaded. The blocks are disjoint pixels and
             * each test reads and writes only its own block, so the results
             * are those of testing each block just before shading it. */
            uint32_t pass[8];
            early_depth_full_tile(t, o.z, base, ds_c, pass);
            for (uint32_t b = 0; b < 8; b++)
                if (pass[b])
                    shade_block(t, &o, b, base + b * 8, 0xff, false, simple, plain, ds_c, blend_c,
                                n, true, pass[b]);
            return;
        }
        for (uint32_t b = 0; b < 8; b++)
            shade_block(t, &o, b, base + b * 8, 0xff, false, simple, plain, ds_c, blend_c, n, false,
                        0);
        return;
    }
    /* The covered blocks in increasing order, visiting only those (a tiny
     * triangle covers one or two of the eight). */
    for (uint64_t m = mask; m;) {
        uint32_t b = (uint32_t)__builtin_ctzll(m) >> 3;
        uint32_t cov = (uint32_t)(m >> (b * 8)) & 0xff;
        m &= ~((uint64_t)0xff << (b * 8));
        shade_block(t, &o, b, base + b * 8, cov, false, simple, plain, ds_c, blend_c, n, false, 0);
    }
}

/* shade_tile for `count` raster tiles side by side from (tile_x, tile_y),
 * the first at hot-tile pixel base, each with coverage mask (a run of
 * fully covered tiles has mask ~0, a compile-time constant at its call
 * site). Tile (tile_x + 8 i, tile_y) starts at hot-tile pixel base + 64 i
 * (rast_priv.h: raster tiles of a row are consecutive 64-pixel records). */
static inline __attribute__((always_inline)) void
shade_tiles(be_tile_ctx *t, int32_t tile_x, int32_t tile_y, uint32_t base, uint64_t mask,
            uint32_t count, bool simple, bool plain, int ds_c, int blend_c, be_tile_count *n)
{
    for (uint32_t i = 0; i < count; i++)
        shade_tile(t, tile_x + 8 * (int32_t)i, tile_y, base + 64 * i, mask, simple, plain, ds_c,
                   blend_c, n);
}

/* Picks the shade_tile instance for the draw state and shades `count`
 * tiles with it (shade_tiles). Block b of a tile (4x2 pixels at (b & 1) *
 * 4, (b >> 1) * 2) is hot-tile pixels base + 8b .. base + 8b + 7
 * (rast_priv.h layout), so the index is not recomputed per block. The
 * instance is chosen, prof_active read and the counters added once per
 * call: for a run of fully covered tiles (emit_full_run), once per run. */
static inline __attribute__((always_inline)) void
dispatch_tiles(be_tile_ctx *t, int32_t tile_x, int32_t tile_y, uint64_t mask, uint32_t count)
{
    if (KNOB_TOSS_RS)
        return;
    uint32_t base = rast_hot_tile_index((uint32_t)(tile_x - t->mt_x), (uint32_t)(tile_y - t->mt_y));
    be_tile_count n = {0, 0};
    if (__builtin_expect(__atomic_load_n(&prof_active, __ATOMIC_RELAXED), 0)) {
        for (uint32_t i = 0; i < count; i++) {
            prof_begin(PROF_BEPixelBackend);
            shade_tile_prof(t, tile_x + 8 * (int32_t)i, tile_y, base + 64 * i, mask, &n);
            prof_end(PROF_BEPixelBackend);
        }
    } else if (t->be.common == BE_COMMON_LESS_OPAQUE) {
        /* Tested first: tiny triangles pay this dispatch per raster tile. */
        if (t->plain)
            shade_tiles(t, tile_x, tile_y, base, mask, count, true, true, SWR_FUNC_LESS,
                        BE_BLEND_OPAQUE_BGRA8, &n);
        else
            shade_tiles(t, tile_x, tile_y, base, mask, count, true, false, SWR_FUNC_LESS,
                        BE_BLEND_OPAQUE_BGRA8, &n);
    } else if (t->be.common != BE_COMMON_NONE) {
        /* The plain and the full variant of each other common instance. */
#define BE_COMMON_CASE(c, ds_c, blend_c)                                                           \
    case c:                                                                                        \
        if (t->plain)                                                                              \
            shade_tiles(t, tile_x, tile_y, base, mask, count, true, true, ds_c, blend_c, &n);      \
        else                                                                                       \
            shade_tiles(t, tile_x, tile_y, base, mask, count, true, false, ds_c, blend_c, &n);     \
        break;
        switch (t->be.common) {
            BE_COMMON_CASE(BE_COMMON_LESS24_OPAQUE_RGBA, SWR_FUNC_LESS | BE_DS_UNORM24,
                           BE_BLEND_OPAQUE_RGBA8)
            BE_COMMON_CASE(BE_COMMON_LEQUAL24_OPAQUE_RGBA, SWR_FUNC_LEQUAL | BE_DS_UNORM24,
                           BE_BLEND_OPAQUE_RGBA8)
            BE_COMMON_CASE(BE_COMMON_NODEPTH_ALPHA, BE_DS_NONE, BE_BLEND_ALPHA_BGRA8)
            BE_COMMON_CASE(BE_COMMON_NODEPTH_ALPHA_RGBA, BE_DS_NONE, BE_BLEND_ALPHA_RGBA8)
            BE_COMMON_CASE(BE_COMMON_NODEPTH_ALPHA_A1, BE_DS_NONE, BE_BLEND_ALPHA_BGRA8_A1)
        default:
            break;
        }
#undef BE_COMMON_CASE
    } else if (!t->be.late_ds && !t->be.alpha_test) {
        shade_tiles(t, tile_x, tile_y, base, mask, count, true, false, BE_DS_RUNTIME,
                    BE_BLEND_RUNTIME, &n);
    } else {
        shade_tiles(t, tile_x, tile_y, base, mask, count, false, false, BE_DS_RUNTIME,
                    BE_BLEND_RUNTIME, &n);
    }
    t->cnt->ps_invocations += n.ps_invocations;
    t->cnt->samples_passed += n.samples_passed;
}

/* Receives the coverage of one raster tile (rast_emit_fn). always_inline:
 * inlined into the small-triangle coverage loop (rast_tri_cover_inline);
 * large triangles' partial tiles, lines and points call the out-of-line
 * copy through the emit pointer. */
static inline __attribute__((always_inline)) void emit_raster_tile(void *user, int32_t tile_x,
                                                                   int32_t tile_y, uint64_t mask)
{
    dispatch_tiles(user, tile_x, tile_y, mask, 1);
}

/* Receives a run of fully covered raster tiles of a large triangle
 * (rast_emit_run_fn): one dispatch for the run, and every shade_tile
 * instance with the constant mask ~0, so its coverage branches fold. */
static void emit_full_run(void *user, int32_t tile_x, int32_t tile_y, uint32_t count)
{
    dispatch_tiles(user, tile_x, tile_y, ~(uint64_t)0, count);
}

/* The raster tiles of a smooth primitive (t->smooth set): always the
 * general, non-simple instance, which applies the coverage to alpha. */
static void emit_smooth_tile(void *user, int32_t tile_x, int32_t tile_y, uint64_t mask)
{
    be_tile_ctx *t = user;
    if (KNOB_TOSS_RS)
        return;
    uint32_t base = rast_hot_tile_index((uint32_t)(tile_x - t->mt_x), (uint32_t)(tile_y - t->mt_y));
    be_tile_count n = {0, 0};
    if (__builtin_expect(__atomic_load_n(&prof_active, __ATOMIC_RELAXED), 0)) {
        prof_begin(PROF_BEPixelBackend);
        shade_tile_prof(t, tile_x, tile_y, base, mask, &n);
        prof_end(PROF_BEPixelBackend);
    } else {
        shade_tile(t, tile_x, tile_y, base, mask, false, false, BE_DS_RUNTIME, BE_BLEND_RUNTIME,
                   &n);
    }
    t->cnt->ps_invocations += n.ps_invocations;
    t->cnt->samples_passed += n.samples_passed;
}

/* Software prefetch for the primitive loop of rast_be_draw_tile. A stream
 * of tiny triangles lands at random places of a macrotile, so each one
 * misses in the cache twice: its be_prim (written by a frontend, possibly
 * on another core, long evicted) and the hot-tile lines it shades (a
 * colour + depth hot tile pair is 32 KiB per macrotile, and a chunk visits
 * every macrotile of the screen). Four primitives ahead we prefetch the
 * be_prim; two ahead (its header is then in the cache) the colour and depth
 * lines of its bounding box's first and last pixels, which for a tiny
 * triangle are all it touches. Prefetches do not change results. */
#define BE_PREFETCH_MAX_LINES  6
#define BE_PREFETCH_PRIM_AHEAD 4
#define BE_PREFETCH_HOT_AHEAD  2

typedef struct be_prefetch {
    uint8_t *color; /* first render target's hot tile, or NULL */
    uint8_t *z;     /* depth hot tile, or NULL */
    uint32_t color_bpp;
    int32_t mt_x, mt_y;
    uint32_t prim_lines; /* cache lines of a be_prim with its attributes */
} be_prefetch;

/* Item i of the bin list starting at block b (i < b->count plus the next
 * block's count), for a prefetch: an index past the list gives its last
 * item (prefetched again, harmless). Without the item-by-item walk, whose
 * exit branch depends on how near the list's end i is (a macrotile's list
 * of one draw context is often a few items long), the only branch is
 * "past b and a next block exists": never taken in short lists, 4 times in
 * a full block of a long one. */
static inline const be_prim *bin_ahead(const rast_bin_block *b, uint32_t i)
{
    const rast_bin_block *nb = b->next;
    uint32_t n = b->count;
    /* One branch on the combined condition (written as a mask: with &&
     * or & gcc tests i >= n on its own, a branch that mispredicts). */
    uintptr_t next_sel = (uintptr_t)nb & ((uintptr_t)0 - (uintptr_t)(i >= n));
    if (__builtin_expect(next_sel != 0, 0)) {
        i -= n;
        return (const be_prim *)nb->items[i < nb->count ? i : nb->count - 1];
    }
    return (const be_prim *)b->items[i < n ? i : n - 1];
}

static inline void prefetch_pixel(const be_prefetch *pf, int32_t x, int32_t y)
{
    x = x < pf->mt_x ? pf->mt_x : x > pf->mt_x + RAST_MT_DIM - 1 ? pf->mt_x + RAST_MT_DIM - 1 : x;
    y = y < pf->mt_y ? pf->mt_y : y > pf->mt_y + RAST_MT_DIM - 1 ? pf->mt_y + RAST_MT_DIM - 1 : y;
    uint32_t idx = rast_hot_index((uint32_t)(x - pf->mt_x), (uint32_t)(y - pf->mt_y)) & ~7u;
    if (pf->color)
        __builtin_prefetch(pf->color + (size_t)idx * pf->color_bpp, 1, 3);
    if (pf->z)
        __builtin_prefetch(pf->z + (size_t)idx * 4, 1, 3);
}

static inline __attribute__((always_inline)) void
prefetch_ahead(const be_prefetch *pf, const rast_bin_block *b, uint32_t i)
{
    const be_prim *p2 = bin_ahead(b, i + BE_PREFETCH_PRIM_AHEAD);
    /* A triangle with one input is 3 lines (rast_priv.h): those
     * without a loop (a prefetch past the record never faults). */
    __builtin_prefetch((const uint8_t *)p2, 0, 3);
    __builtin_prefetch((const uint8_t *)p2 + 64, 0, 3);
    __builtin_prefetch((const uint8_t *)p2 + 128, 0, 3);
    for (uint32_t k = 3; k < pf->prim_lines; k++)
        __builtin_prefetch((const uint8_t *)p2 + k * 64, 0, 3);
    const be_prim *p1 = bin_ahead(b, i + BE_PREFETCH_HOT_AHEAD);
    prefetch_pixel(pf, p1->bbox.x0, p1->bbox.y0);
    prefetch_pixel(pf, p1->bbox.x1 - 1, p1->bbox.y1 - 1);
}

/* Called by rast_derive_state (API thread) once per state change, after
 * every other derived field is set; never blocks. Fills st->be with what
 * rast_be_draw_tile used to decode per (draw chunk, macrotile). */
void be_draw_derive(rast_draw_state *st)
{
    rast_be_setup *be = &st->be;
    const swr_framebuffer *fb = &st->fb->fb;
    const swr_depth_stencil_state *dsa = &st->output->dsa;
    const swr_ps_state *ps = &st->shaders->ps;
    memset(be, 0, sizeof *be);
    for (uint32_t mask = st->rt_mask; mask; mask &= mask - 1) {
        uint32_t rt = (uint32_t)__builtin_ctz(mask);
        be->color_bpp[rt] = be_hot_bpp((swr_format)fb->color[rt].format);
    }
    if (st->ds_enabled)
        be->zbits = be_depth_unorm_bits((swr_format)fb->zs.format);
    be->early_ds = st->early_ds && st->ds_enabled;
    be->late_ds = !st->early_ds && st->ds_enabled;
    be->alpha_test = dsa->alpha_enabled;
    be->ds_inline = st->ds_enabled && dsa->depth_enabled && !dsa->stencil[0].enabled &&
                    !dsa->stencil[1].enabled;
    be->ds_float = be->zbits == 0;
    be->ds_write = dsa->depth_writemask != 0;
    be->ds_func = dsa->depth_func & 7;
    be->ds_shader_stencil_ref =
        ps->writes_stencil && st->ds_enabled && be_format_has_stencil((swr_format)fb->zs.format);
    be->want_pos = !ps->position_unused;
    be->want_bary = !ps->barycentrics_unused;
    be->want_div = be->want_bary;
    for (uint32_t i = 0; i < st->num_attribs; i++) {
        be->want_div |= st->interp[i] == SWR_INTERP_PERSPECTIVE;
        if (st->interp[i] == SWR_INTERP_CONSTANT)
            be->const_attr[be->num_const++] = (uint8_t)i;
        else
            be->var_attr[be->num_var++] = (uint8_t)i;
    }
    be->blend_kind = st->rt_mask == 1
                         ? be_blend_classify(&st->output->blend, 0, (swr_format)fb->color[0].format)
                         : BE_BLEND_CALL;
    be->common = BE_COMMON_NONE;
    if (!be->late_ds && !be->alpha_test) {
        bool early_w = be->early_ds && be->ds_inline && be->ds_write;
        bool less = early_w && be->ds_func == (SWR_FUNC_LESS & 7);
        bool lequal = early_w && be->ds_func == (SWR_FUNC_LEQUAL & 7);
        if (less && be->ds_float && be->blend_kind == BE_BLEND_OPAQUE_BGRA8)
            be->common = BE_COMMON_LESS_OPAQUE;
        else if (less && be->zbits == 24 && be->blend_kind == BE_BLEND_OPAQUE_RGBA8)
            be->common = BE_COMMON_LESS24_OPAQUE_RGBA;
        else if (lequal && be->zbits == 24 && be->blend_kind == BE_BLEND_OPAQUE_RGBA8)
            be->common = BE_COMMON_LEQUAL24_OPAQUE_RGBA;
        else if (!st->ds_enabled && be->blend_kind == BE_BLEND_ALPHA_BGRA8)
            be->common = BE_COMMON_NODEPTH_ALPHA;
        else if (!st->ds_enabled && be->blend_kind == BE_BLEND_ALPHA_RGBA8)
            be->common = BE_COMMON_NODEPTH_ALPHA_RGBA;
        else if (!st->ds_enabled && be->blend_kind == BE_BLEND_ALPHA_BGRA8_A1)
            be->common = BE_COMMON_NODEPTH_ALPHA_A1;
    }
}

void rast_be_draw_tile(const rast_draw_state *st, const rast_bins *bins, uint32_t tile,
                       rast_hot_tiles *hot, rast_scratch *scratch, rast_counters *counters)
{
    rast_bin_block *b = bins->head[tile];
    if (!b)
        return;
    uint32_t tx = tile % bins->grid_w, ty = tile / bins->grid_w;
    be_tile_ctx t; /* initialize fields, not the whole */
    memset(t.color, 0, sizeof t.color);
    t.z = t.stencil = NULL;
    t.be = st->be;
    t.p = NULL;
    t.smooth = NULL;
    t.st = st;
    t.s = scratch;
    t.cnt = counters;
    t.mt_x = (int32_t)(tx * RAST_MT_DIM);
    t.mt_y = (int32_t)(ty * RAST_MT_DIM);
    t.lane_x = vf8_set(0, 1, 0, 1, 2, 3, 2, 3);
    t.lane_y = vf8_set(0, 0, 1, 1, 0, 0, 1, 1);
    float so = (float)st->sample_offset_fx8 / 256.0f;
    t.so = so;
    t.lane_x = vf8_add(t.lane_x, vf8_set1(so));
    t.lane_y = vf8_add(t.lane_y, vf8_set1(so));
    /* The depth clamp range: [0, 1] without depth clamp, else the
     * primitive's viewport's (rast_viewport_derived depth_lo, depth_hi). */
    t.zclamp_per_prim = st->depth_clamp;
    t.z_lo = vf8_set1(0.0f);
    t.z_hi = vf8_set1(1.0f);
    t.iw0 = t.iw1 = t.iw2 = t.diw1 = t.diw2 = vf8_zero(); /* prepare_prim sets them when read */
    t.b1_lanes = t.b2_lanes = vf8_zero();                 /* ... and these */

    swr_ps_args *args = &scratch->ps_args; /* the per-draw fields (prepare_prim) */
    args->inputs = scratch->ps_inputs;
    args->res = &st->shaders->res[SWR_STAGE_PS];
    args->fb_height = st->fb_height;

    prof_begin(PROF_BELoadTiles);
    const swr_framebuffer *fb = &st->fb->fb;
    for (uint32_t mask = st->rt_mask; mask; mask &= mask - 1) {
        uint32_t rt = (uint32_t)__builtin_ctz(mask);
        t.color[rt] = be_hot_acquire(hot, rt, tile, &fb->color[rt], true);
    }
    if (st->ds_enabled)
        be_hot_acquire_zs(hot, tile, &fb->zs, st->depth_writes, st->stencil_writes, &t.z,
                          &t.stencil);
    prof_end(PROF_BELoadTiles);

    t.planes = false;
    t.persp_div = false;
    t.plain = false;
    be_ps_batch batch __attribute__((aligned(32)));
    t.ta = NULL;
    if (st->shaders->ps.func && st->shaders->ps.tile_func)
        batch_init(&t, &batch);

    int32_t so_fx8 = st->sample_offset_fx8;
    swr_rect tile_rect = {t.mt_x, t.mt_y, t.mt_x + RAST_MT_DIM, t.mt_y + RAST_MT_DIM};
    be_prefetch pf = {
        .color = NULL,
        .z = t.z,
        .mt_x = t.mt_x,
        .mt_y = t.mt_y,
        .prim_lines = (uint32_t)((be_prim_bytes(st->num_attribs, BE_PRIM_TRI) + 63) / 64),
    };
    if (st->rt_mask) {
        uint32_t rt = (uint32_t)__builtin_ctz(st->rt_mask);
        pf.color = t.color[rt];
        pf.color_bpp = t.be.color_bpp[rt];
    }
    if (pf.prim_lines > BE_PREFETCH_MAX_LINES)
        pf.prim_lines = BE_PREFETCH_MAX_LINES;
    for (; b; b = b->next) {
        for (uint32_t i = 0; i < b->count; i++) {
            const be_prim *p = b->items[i];
            prefetch_ahead(&pf, b, i);
            swr_rect clip = p->bbox;
            if (clip.x0 < tile_rect.x0)
                clip.x0 = tile_rect.x0;
            if (clip.y0 < tile_rect.y0)
                clip.y0 = tile_rect.y0;
            if (clip.x1 > tile_rect.x1)
                clip.x1 = tile_rect.x1;
            if (clip.y1 > tile_rect.y1)
                clip.y1 = tile_rect.y1;
            if (clip.x0 >= clip.x1 || clip.y0 >= clip.y1)
                continue;
            prepare_prim(&t, p);
            switch (__builtin_expect(p->kind, BE_PRIM_TRI)) { /* triangles tested first */
            case BE_PRIM_TRI:
                /* clip lies inside p->bbox, itself inside the triangle's box. */
                prof_begin(PROF_BERasterizeTriangle);
                rast_tri_cover_packed_runs(p->tri.a, p->tri.b, p->tri.c,
                                           p->tri_flags & BE_TRI_SMALL,
                                           p->tri_flags & BE_TRI_SMALL_EDGES, so_fx8, clip,
                                           emit_raster_tile, emit_full_run, &t);
                prof_end(PROF_BERasterizeTriangle);
                break;
            case BE_PRIM_LINE:
                prof_begin(PROF_BERasterizeLine);
                rast_line_cover(be_line_of(p, st->num_attribs), so_fx8, clip, emit_raster_tile, &t);
                prof_end(PROF_BERasterizeLine);
                break;
            case BE_PRIM_SMOOTH: {
                const be_smooth *sm = be_smooth_of(p, st->num_attribs);
                t.smooth = sm;
                prof_begin(sm->disc ? PROF_BERasterizePoint : PROF_BERasterizeLine);
                if (sm->disc)
                    rast_smooth_point_cover(sm->x_fx8, sm->y_fx8, sm->size, clip, emit_smooth_tile,
                                            &t);
                else
                    rast_smooth_line_cover(&sm->line, clip, emit_smooth_tile, &t);
                prof_end(sm->disc ? PROF_BERasterizePoint : PROF_BERasterizeLine);
                t.smooth = NULL;
                break;
            }
            default:
                prof_begin(PROF_BERasterizePoint);
                rast_rect_cover(p->bbox, clip, emit_raster_tile, emit_full_run, &t);
                prof_end(PROF_BERasterizePoint);
                break;
            }
        }
    }
}
