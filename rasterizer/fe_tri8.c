/*
 * fe_tri8.c: the 8-wide triangle path, clip/cull test, setup and binning of
 * the chunk's unclipped triangles 8 at a time.
 *
 * In:  the chunk's triangles when fe_ctx.per_vertex holds (viewport 0,
 *      outcodes and window positions precomputed by fe_transform_vertices,
 *      or computed here for sequential slots). Out: be_prim records in the
 *      bins, bit for bit those the scalar path (fe_clipcull.c, fe_setup.c)
 *      would write, in the same order; triangles that need clipping or are
 *      not filled go to that path, interleaved in primitive order.
 * Thread: the worker that claimed the chunk.
 *
 * The hot loop of small-triangle scenes: everything per triangle is inline
 * here (the edge setup kernel fe_setup_tri8.h, the fe_chunk.h helpers), so
 * a surviving triangle costs its record's stores and one bin append.
 */
#include "rasterizer/fe_chunk.h"

#include <assert.h>
#include <stddef.h>

#include "rasterizer/fe_setup_tri8.h"

/* The last 32 bytes of the be_prim of each of the 8 lanes (fe_tri8_run):
 * int32 b[1], b[2] of the edges, then int64 c[0..2] (be_tri, rast_priv.h),
 * stored at dst[l] + offset for lane l. Four
 * 64-bit rows (the b[1]|b[2] pairs, c0, c1, c2) go through two 4x4
 * transposes. */
static inline void fe_tri8_store_tail(const fe_tri8 *t, uint8_t *const dst[8], size_t offset)
{
    const vi8 b1 = vi8_load(t->b[1]), b2 = vi8_load(t->b[2]);
    for (int h = 0; h < 2; h++) {
        const int o = h * 4;
        vi64x4 r[4];
        r[0] = h ? vi8_zip_hi_vi64(b1, b2) : vi8_zip_lo_vi64(b1, b2); /* the (b1, b2) pairs */
        r[1] = vi64_load(t->c[0] + o), r[2] = vi64_load(t->c[1] + o);
        r[3] = vi64_load(t->c[2] + o);
        vi64_transpose4(r);
        for (int l = 0; l < 4; l++)
            vi64_store((int64_t *)(void *)(dst[o + l] + offset), r[l]);
    }
}

/* Plane setup of fe_setup_triangle for 8 triangles: lane l holds what the
 * scalar code computes for triangle l (vertices xf/yf in 24.8, window depths
 * z). Bit-identical: the same double operations in the same order, no
 * contraction (-ffp-contract=off), and the same rounding to float
 * (cvtpd2ps, cvtps2pd and cvtdq2pd are the C conversions). The one change:
 * xf / 256.0 is computed as xf * 2^-8, the same exact value (scaling by a
 * power of two is exact for these integers). Zero-area lanes yield inf/NaN,
 * never read. */
typedef struct fe_planes8 {
    vf8 x_ref, y_ref;
    vf8 b1x, b1y, b2x, b2y;
    vf8 dzdx, dzdy;
} fe_planes8;

/* One half of planes8 (lanes 0-3 or 4-7): out[] in fe_planes8 field order. */
static inline void planes4(vd4 X0, vd4 Y0, vd4 X1, vd4 Y1, vd4 X2, vd4 Y2, vd4 z0, vd4 z1, vd4 z2,
                           vf4 out[8])
{
    const vd4 inv256 = vd4_set1(1.0 / 256.0);
    vd4 x0 = vd4_mul(X0, inv256), y0 = vd4_mul(Y0, inv256);
    vd4 x1 = vd4_sub(vd4_mul(X1, inv256), x0), y1 = vd4_sub(vd4_mul(Y1, inv256), y0);
    vd4 x2 = vd4_sub(vd4_mul(X2, inv256), x0), y2 = vd4_sub(vd4_mul(Y2, inv256), y0);
    vd4 area = vd4_sub(vd4_mul(x1, y2), vd4_mul(x2, y1));
    vd4 inv_area = vd4_div(vd4_set1(1.0), area);
    vd4 dz1 = vd4_sub(z1, z0), dz2 = vd4_sub(z2, z0);
    out[0] = vd4_to_f4(x0);
    out[1] = vd4_to_f4(y0);
    out[2] = vd4_to_f4(vd4_mul(y2, inv_area));
    out[3] = vd4_to_f4(vd4_mul(vd4_neg(x2), inv_area));
    out[4] = vd4_to_f4(vd4_mul(vd4_neg(y1), inv_area));
    out[5] = vd4_to_f4(vd4_mul(x1, inv_area));
    out[6] = vd4_to_f4(vd4_mul(vd4_sub(vd4_mul(dz1, y2), vd4_mul(dz2, y1)), inv_area));
    out[7] = vd4_to_f4(vd4_mul(vd4_sub(vd4_mul(dz2, x1), vd4_mul(dz1, x2)), inv_area));
}

static inline void planes8(const vi8 xf[3], const vi8 yf[3], const vf8 z[3], fe_planes8 *pl)
{
    vf4 lo[8], hi[8];
    planes4(vi8_lo_to_vd4(xf[0]), vi8_lo_to_vd4(yf[0]), vi8_lo_to_vd4(xf[1]), vi8_lo_to_vd4(yf[1]),
            vi8_lo_to_vd4(xf[2]), vi8_lo_to_vd4(yf[2]), vf8_lo_to_vd4(z[0]), vf8_lo_to_vd4(z[1]),
            vf8_lo_to_vd4(z[2]), lo);
    planes4(vi8_hi_to_vd4(xf[0]), vi8_hi_to_vd4(yf[0]), vi8_hi_to_vd4(xf[1]), vi8_hi_to_vd4(yf[1]),
            vi8_hi_to_vd4(xf[2]), vi8_hi_to_vd4(yf[2]), vf8_hi_to_vd4(z[0]), vf8_hi_to_vd4(z[1]),
            vf8_hi_to_vd4(z[2]), hi);
    pl->x_ref = vf8_from_f4(lo[0], hi[0]);
    pl->y_ref = vf8_from_f4(lo[1], hi[1]);
    pl->b1x = vf8_from_f4(lo[2], hi[2]);
    pl->b1y = vf8_from_f4(lo[3], hi[3]);
    pl->b2x = vf8_from_f4(lo[4], hi[4]);
    pl->b2y = vf8_from_f4(lo[5], hi[5]);
    pl->dzdx = vf8_from_f4(lo[6], hi[6]);
    pl->dzdy = vf8_from_f4(lo[7], hi[7]);
}

/* A filled triangle's be_prim header (without attributes), as 24 32-bit
 * words that fe_tri8_run builds for 8 lanes at once (three 8x8
 * transposes: the header up to tri.b[0]) and 32 bytes from
 * fe_tri8_store_tail (tri.b[1], tri.b[2], tri.c), stored straight into the
 * lanes' records with four 32-byte stores each. */
#define FE_PRIM_BLOCK 96
/* fe_prim as 32-bit words, for the gather of prim_id. */
#define FE_PRIM_WORDS   5
#define FE_PRIM_ID_WORD 3
static_assert(sizeof(fe_prim) == FE_PRIM_WORDS * 4 &&
                  offsetof(fe_prim, prim_id) == FE_PRIM_ID_WORD * 4,
              "fe_prim layout assumed by the prim_id gather of fe_tri8_run");
static_assert(offsetof(be_prim, prim_id) == 4 && offsetof(be_prim, bbox) == 8 &&
                  offsetof(be_prim, x_ref) == 24 && offsetof(be_prim, y_ref) == 28 &&
                  offsetof(be_prim, b1) == 32 && offsetof(be_prim, b2) == 44 &&
                  offsetof(be_prim, z) == 56 && offsetof(be_prim, inv_w) == 68 &&
                  offsetof(be_prim, tri.a) == 80 && offsetof(be_prim, tri.b) == 92 &&
                  offsetof(be_prim, tri.b[1]) == FE_PRIM_BLOCK &&
                  offsetof(be_prim, tri.c) == FE_PRIM_BLOCK + 8 &&
                  sizeof(be_prim) == FE_PRIM_BLOCK + 32,
              "be_prim layout assumed by the block copy of fe_tri8_run");

/*
 * fe_soa_attribs for the 8 triangles of a group at once, without flat inputs:
 * the attribs[] of lane l's record dst[l] (num_attribs * 12 floats), the same
 * values fe_soa_attribs writes: per component, the value at vertex 0 and the
 * differences to vertices 1 and 2 (one float subtraction each), 0 where
 * the source is invalid. Only when both facings read the same sources
 * (f->same_facing_src), so the facing of the lanes does not matter.
 * Sequential slots only: vertex k of lane l has VS slot seq_base + 3 * l + k
 * (seq_base a multiple of 8), so the 24 slots are three whole SoA batches,
 * read with plain loads. (Other slots take rec_attribs per survivor.)
 */
static void group_attribs(const fe_ctx *f, uint32_t seq_base, uint8_t *const dst[8])
{
    const uint32_t batch = f->num_outputs * (uint32_t)(sizeof(swr_simd_vec4) / sizeof(float));
    const float *vb = (const float *)f->s->vs_out + (size_t)(seq_base / 8) * batch;
    const int32_t *off = f->attr_off[0];
    const uint32_t na = f->num_attribs;
    for (uint32_t i = 0; i < na; i++) {
        vf8 r[12];
        for (uint32_t c = 0; c < 4; c++) {
            int32_t o = off[i * 4 + c];
            if (o < 0) {
                r[c * 3 + 0] = r[c * 3 + 1] = r[c * 3 + 2] = vf8_zero();
                continue;
            }
            vf8 a[3];
            const float *q = vb + (uint32_t)o;
            vf8_deinterleave3(vf8_load(q), vf8_load(q + batch), vf8_load(q + 2 * batch), a);
            r[c * 3 + 0] = a[0];
            r[c * 3 + 1] = vf8_sub(a[1], a[0]);
            r[c * 3 + 2] = vf8_sub(a[2], a[0]);
        }
        vf8 lo[8] = {r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]};
        vf8 hi[8] = {r[8], r[9], r[10], r[11], vf8_zero(), vf8_zero(), vf8_zero(), vf8_zero()};
        vf8_transpose8(lo);
        vf8_transpose8(hi);
        const size_t at = offsetof(be_prim, attribs) + (size_t)i * 12 * sizeof(float);
        for (int l = 0; l < 8; l++)
            vf8_store((float *)(void *)(dst[l] + at), lo[l]);
        if (i + 1 == na) /* the record ends 4 floats in */
            for (int l = 0; l < 8; l++)
                vf8_store_lo4((float *)(void *)(dst[l] + at) + 8, hi[l]);
        else /* 4 floats the next input overwrites */
            for (int l = 0; l < 8; l++)
                vf8_store((float *)(void *)(dst[l] + at) + 8, hi[l]);
    }
}

/*
 * fe_soa_attribs of one triangle from the vertex records (f->vrec_attr: the
 * same conditions as group_attribs): the values of vertex 0 and the
 * differences to vertices 1 and 2 (the same float subtractions; invalid
 * sources are 0 in the records, and 0 - 0 = +0 as fe_soa_attribs writes),
 * interleaved per component. Two inputs (8 floats) per step.
 */
/* rec: the vertex records (s->vrec), rw: f->vrec_words, na: f->num_attribs
 * -- passed in so that the caller keeps them in registers. */
static inline __attribute__((always_inline)) void
rec_attribs(const float *rec, uint32_t rw, uint32_t na, be_prim *p, const uint32_t slots[3])
{
    const float *r0 = rec + (size_t)slots[0] * rw + FE_VREC_POS_WORDS;
    const float *r1 = rec + (size_t)slots[1] * rw + FE_VREC_POS_WORDS;
    const float *r2 = rec + (size_t)slots[2] * rw + FE_VREC_POS_WORDS;
    if (na - 1u < 2u) { /* 1 or 2 inputs, the common case: one step, no loop */
        vf8 a0 = vf8_load_aligned(r0);
        vf8 o[3];
        vf8_interleave3(a0, vf8_sub(vf8_load_aligned(r1), a0), vf8_sub(vf8_load_aligned(r2), a0),
                        o);
        vf8_store(p->attribs, o[0]);
        if (na == 2) {
            vf8_store(p->attribs + 8, o[1]);
            vf8_store(p->attribs + 16, o[2]);
        } else {
            vf8_store_lo4(p->attribs + 8, o[1]);
        }
        return;
    }
    for (uint32_t i = 0; i < na; i += 2) {
        vf8 a0 = vf8_load_aligned(r0 + i * 4);
        vf8 o[3];
        vf8_interleave3(a0, vf8_sub(vf8_load_aligned(r1 + i * 4), a0),
                        vf8_sub(vf8_load_aligned(r2 + i * 4), a0), o);
        float *d = p->attribs + i * 12;
        vf8_store(d, o[0]);
        if (i + 1 < na) {
            vf8_store(d + 8, o[1]);
            vf8_store(d + 16, o[2]);
        } else {
            vf8_store_lo4(d + 8, o[1]);
        }
    }
}

/*
 * Triangles [0, n) of the chunk when per_vertex holds (viewport 0, outcodes
 * and window positions precomputed): 8 at a time, the vertex outcodes are
 * combined, the vertices snapped and the pixel bounding boxes clipped to the
 * viewport rectangle in SIMD, so that the triangles that end up culled --
 * most of a stream of tiny triangles falls between sample points -- never
 * reach the per-triangle code. The decisions and their order are those of
 * fe_clipcull_triangle and fe_setup_triangle (reject, clip, zero area / face
 * cull, empty box); snapping is lrintf(v * 256) in both (cvtps2dq rounds to
 * nearest even, as lrintf does in the default rounding mode; in-guard-band
 * values fit int32).
 *
 * The setup of filled survivors is batched too: fe_tri_setup8 (the vector
 * twin of rast_tri_setup) and planes8 (the double plane math of
 * fe_setup_triangle) run once per group, and so do the records: the
 * survivors' be_prims are one arena block, and the transposes store every
 * lane's header (and, without flat inputs, group_attribs the attribute
 * triplets) straight into it, so a survivor is only binned (after
 * rec_attribs / fe_soa_attribs and polygon offset where those apply). A
 * survivor's record takes what fe_alloc_prim would (rec_bytes); which arena
 * address a primitive gets never shows in the output. For non-indexed lists (seq_slots) a
 * full group's 24 VS slots are consecutive, so plain loads and a
 * deinterleave replace the gathers -- in primitive
 * order, interleaved with the clipped and non-filled triangles, which take
 * the scalar paths unchanged.
 */
void fe_tri8_run(fe_ctx *f, uint32_t n)
{
    rast_scratch *s = f->s;
    const swr_rasterizer_state *rs = f->rs;
    const float *vw = s->vwin;
    const size_t stride = s->vtx_cap;
    const swr_rect r = f->st->vp[0].rect;
    const int32_t off = f->st->sample_offset_fx8;
    const bool points = rs->fill_front == SWR_FILL_POINT || rs->fill_back == SWR_FILL_POINT;
    const vf8 k256 = vf8_set1(256.0f);
    fe_tri8 t8;
    fe_planes8 pl;
    /* Attribute triplets for the whole group (group_attribs) unless some
     * input is flat (the provoking slot varies per lane) or there are too
     * many for the stage, or the facings read different sources. */
    const bool simd_attr =
        !f->st->has_flat && f->same_facing_src && f->num_attribs <= FE_GROUP_ATTRIBS;
    /* Records of the lanes that produce none (fe_tri8_run's dst). */
    uint8_t spare[8][sizeof(be_prim) + FE_GROUP_ATTRIBS * 12 * sizeof(float)]
        __attribute__((aligned(64)));
    /* Vertex records exist unless the slots are sequential. */
    const float *rec = s->vrec;
    const uint32_t rw = f->seq_slots ? 0 : f->vrec_words;
    const uint32_t na = f->num_attribs;
    const uint32_t *const prim_slots = s->prim_slots;
    arena *const arena = f->bins->arena;
    /* arena_alloc's size of one record (fe_alloc_prim), so that a block of k
     * records takes what k fe_alloc_prim calls would. */
    const size_t rec_bytes = (be_prim_bytes(f->num_attribs, BE_PRIM_TRI) + 63) & ~(size_t)63;
    /* Word offsets of fe_prim.prim_id of lanes 0-7 of a group. */
    const vi8 pid_idx =
        vi8_add(vi8_mullo(vi8_lane_index(), vi8_set1(FE_PRIM_WORDS)), vi8_set1(FE_PRIM_ID_WORD));
    /* f->seq_fused: whole groups transform their vertices here. */
    const bool fused = f->seq_fused;
    const size_t num_out = f->num_outputs, pos_slot = f->vs->position_slot;
    /* Locals, not re-read through f after every store into a record. */
    const bool prof = f->prof, toss_bin = KNOB_TOSS_BIN_TRIS;
    rast_bins *const bins = f->bins;
    fe_xform xform;
    fe_xform_init(f, &xform);
    for (uint32_t i0 = 0; i0 < n; i0 += 8) {
        uint32_t m = n - i0 < 8 ? n - i0 : 8;
        vi8 code[3], xf[3], yf[3];
        vf8 z8[3], vx[3], vy[3], iw8[3];
        const bool seq = f->seq_slots && m == 8;
        /* Where the attribute triplets of survivors come from. */
        const bool stage_attr = simd_attr && seq, rec_attr = simd_attr && rw;
        if (!seq && !rw) {
            /* The tail group of sequential slots: lane by lane (tail lanes
             * repeat the last triangle), then the snap as below. */
            int32_t c8[3][8];
            float x8[3][8], y8[3][8], zz8[3][8], w8[3][8];
            for (uint32_t l = 0; l < 8; l++) {
                const uint32_t *sl = &s->prim_slots[(i0 + (l < m ? l : m - 1)) * 3];
                for (int k = 0; k < 3; k++) {
                    c8[k][l] = (int32_t)s->vcodes[sl[k]];
                    x8[k][l] = vw[sl[k]];
                    y8[k][l] = vw[stride + sl[k]];
                    zz8[k][l] = vw[2 * stride + sl[k]];
                    w8[k][l] = vw[3 * stride + sl[k]];
                }
            }
            for (int k = 0; k < 3; k++) {
                code[k] = vi8_load(c8[k]);
                xf[k] = vf8_to_vi8_round(vf8_mul(vf8_load(x8[k]), k256));
                yf[k] = vf8_to_vi8_round(vf8_mul(vf8_load(y8[k]), k256));
                z8[k] = vf8_load(zz8[k]);
                iw8[k] = vf8_load(w8[k]);
            }
        } else if (seq && fused) {
            /* Slots 3 * i0 .. 3 * i0 + 23 are the VS batches 3 * i0 / 8 ..
             * + 2: their positions, deinterleaved, go through fe_vertex8
             * (fe_transform_vertices' operations, so the same values). */
            const swr_simd_vec4 *q = &s->vs_out[(size_t)(i0 * 3 / 8) * num_out + pos_slot];
            vf8 cx[3], cy[3], cz[3], cw[3];
            vf8_deinterleave3(vf8_load(q[0].v[0]), vf8_load(q[num_out].v[0]),
                              vf8_load(q[2 * num_out].v[0]), cx);
            vf8_deinterleave3(vf8_load(q[0].v[1]), vf8_load(q[num_out].v[1]),
                              vf8_load(q[2 * num_out].v[1]), cy);
            vf8_deinterleave3(vf8_load(q[0].v[2]), vf8_load(q[num_out].v[2]),
                              vf8_load(q[2 * num_out].v[2]), cz);
            vf8_deinterleave3(vf8_load(q[0].v[3]), vf8_load(q[num_out].v[3]),
                              vf8_load(q[2 * num_out].v[3]), cw);
#pragma GCC unroll 3
            for (int k = 0; k < 3; k++) {
                vf8 wx, wy;
                code[k] = fe_vertex8(&xform, cx[k], cy[k], cz[k], cw[k], vi8_zero(), &wx, &wy,
                                     &z8[k], &iw8[k]);
                xf[k] = vf8_to_vi8_round(vf8_mul(wx, k256));
                yf[k] = vf8_to_vi8_round(vf8_mul(wy, k256));
            }
        } else if (seq) {
            /* Slots 3 * i0 .. 3 * i0 + 23, all < num_unique: plain loads. */
            uint32_t b = i0 * 3;
            vi8_load_deinterleave3(s->vcodes + b, code);
            vf8_load_deinterleave3(vw + b, vx);
            vf8_load_deinterleave3(vw + stride + b, vy);
            vf8_load_deinterleave3(vw + 2 * stride + b, z8);
            vf8_load_deinterleave3(vw + 3 * stride + b, iw8);
#pragma GCC unroll 3
            for (int k = 0; k < 3; k++) {
                xf[k] = vf8_to_vi8_round(vf8_mul(vx[k], k256));
                yf[k] = vf8_to_vi8_round(vf8_mul(vy[k], k256));
            }
        } else {
            /* Vertex k of the 8 lanes: 8 record rows, one transpose (no
             * gathers; the snap was done per vertex). */
            const uint32_t *slots = s->prim_slots + (size_t)i0 * 3;
            uint32_t tail_slots[24]; /* a short group: lanes from m on repeat lane m - 1 */
            if (m < 8) {
                for (uint32_t j = 0; j < 24; j++)
                    tail_slots[j] = j < 3 * m ? slots[j] : slots[3 * (m - 1) + j % 3];
                slots = tail_slots;
            }
#pragma GCC unroll 3
            for (int k = 0; k < 3; k++) {
                vf8 r[8];
                for (uint32_t l = 0; l < 8; l++)
                    r[l] = vf8_load_aligned(rec + (size_t)slots[l * 3 + k] * rw);
                vf8_transpose8(r);
                code[k] = vf8_as_vi8(r[0]);
                xf[k] = vf8_as_vi8(r[1]);
                yf[k] = vf8_as_vi8(r[2]);
                z8[k] = r[3];
                iw8[k] = r[4];
            }
        }
        vi8 any = vi8_or(vi8_or(code[0], code[1]), code[2]);
        vi8 all = vi8_and(vi8_and(code[0], code[1]), code[2]);
        vi8 rej = vi8_or(vi8_and(any, vi8_set1(OUT_NAN)), vi8_and(all, vi8_set1(OUT_REJECT_MASK)));
        uint32_t reject = ~vi8_movemask(vi8_eq(rej, vi8_zero())) & 0xff;
        uint32_t clip =
            ~vi8_movemask(vi8_eq(vi8_and(any, vi8_set1(OUT_CLIP_MASK)), vi8_zero())) & 0xff;
        /* Lanes neither rejected nor clipped leave the clipper unchanged
         * (c_primitives; fe_clipcull_triangle counts the clipped ones). */
        f->cnt->c_primitives += (uint32_t)__builtin_popcount(~(reject | clip) & ((1u << m) - 1));
        if (!(~(reject | clip) & ((1u << m) - 1))) {
            /* Nothing for the fast path: only the clipped ones need work. */
            for (uint32_t l = 0; l < m; l++) {
                if (f->bins->out_of_memory)
                    return;
                if ((clip & ~reject) & (1u << l))
                    fe_clipcull_triangle(f, &s->prims[i0 + l], &s->prim_slots[(i0 + l) * 3]);
            }
            continue;
        }
        if (prof)
            prof_begin(PROF_FETriangleSetup);
        fe_tri_setup8(xf, yf, off, rs->bottom_edge_rule, &t8);
        if (prof)
            prof_end(PROF_FETriangleSetup);
        /* The pixel box of rast_tri_setup, clipped to the viewport rectangle. */
        vi8 bx0 = vi8_max(vi8_load(t8.x0), vi8_set1(r.x0));
        vi8 by0 = vi8_max(vi8_load(t8.y0), vi8_set1(r.y0));
        vi8 bx1 = vi8_min(vi8_load(t8.x1), vi8_set1(r.x1));
        vi8 by1 = vi8_min(vi8_load(t8.y1), vi8_set1(r.y1));
        uint32_t empty = ~vi8_movemask(vi8_and(vi8_gt(bx1, bx0), vi8_gt(by1, by0))) & 0xff;
        /* The first FE_PRIM_BLOCK bytes of every lane's be_prim (prim_id and,
         * with polygon offset, z[2] are patched per survivor). z[2] is
         * z0 + 0.0f as in fe_setup_triangle (turns -0.0 into +0.0). */
        vi64x4 a_lo = vi64_load(t8.area2), a_hi = vi64_load(t8.area2 + 4);
        uint32_t ccw = vi64_movemask(a_lo) | (vi64_movemask(a_hi) << 4); /* area < 0 */
        uint32_t front8 = rs->front_ccw ? ccw : ~ccw & 0xff;
        /* The per-lane decisions of fe_clipcull_triangle / fe_setup_triangle as
         * lane masks, in their order: reject; clip; zero area or culled
         * face; a facing not filled (lines / points); empty box; else the
         * batched path ("fast"). */
        const uint32_t live = ~reject & ((1u << m) - 1);
        const uint32_t culled = vi64_zero_mask(a_lo) | (vi64_zero_mask(a_hi) << 4) |
                                (rs->cull_face & SWR_FACE_FRONT ? front8 : 0) |
                                (rs->cull_face & SWR_FACE_BACK ? ~front8 : 0);
        const uint32_t nonfill = (rs->fill_front != SWR_FILL_FILL ? front8 : 0) |
                                 (rs->fill_back != SWR_FILL_FILL ? ~front8 : 0);
        const uint32_t rest = live & ~clip & ~culled;
        const uint32_t fast = rest & ~nonfill & ~empty;
        if (prof) {
            prof_event(PROF_FECullZeroAreaAndBackface,
                       (uint64_t)__builtin_popcount(live & ~clip & culled));
            prof_event(PROF_FECullBetweenCenters,
                       (uint64_t)__builtin_popcount(rest & ~nonfill & empty));
        }
        /* Where lane l's be_prim is written: the fast lanes' records are one
         * arena block (in lane order, rec_bytes apart), filled in place by
         * the transposes below; the other lanes write into `spare` (never
         * read), so that every store is unconditional. */
        uint8_t *dst[8];
        /* fe_bin_prim's macrotile range of the fast lanes' boxes (the same
         * unsigned shifts and clamps): one_tile = the lanes inside a single
         * macrotile, appended to bin tile8[l] without fe_bin_prim. */
        uint32_t one_tile = 0;
        int32_t tile8[8] __attribute__((aligned(32)));
        if (fast) {
            uint8_t *blk = arena_alloc(arena, (size_t)__builtin_popcount(fast) * rec_bytes);
            if (!blk) { /* fe_alloc_prim */
                f->bins->out_of_memory = true;
                return;
            }
            for (int l = 0; l < 8; l++)
                dst[l] = spare[l];
            for (uint32_t w = fast; w; w &= w - 1, blk += rec_bytes)
                dst[__builtin_ctz(w)] = blk;
            const vi8 one = vi8_set1(1);
            vi8 tx0 = vi8_srli(bx0, RAST_MT_LOG2), ty0 = vi8_srli(by0, RAST_MT_LOG2);
            vi8 tx1 = vi8_minu(vi8_srli(vi8_sub(bx1, one), RAST_MT_LOG2),
                               vi8_set1((int32_t)f->bins->grid_w - 1));
            vi8 ty1 = vi8_minu(vi8_srli(vi8_sub(by1, one), RAST_MT_LOG2),
                               vi8_set1((int32_t)f->bins->grid_h - 1));
            one_tile = (uint32_t)vi8_movemask(vi8_and(vi8_eq(tx0, tx1), vi8_eq(ty0, ty1))) & fast;
            vi8_store(tile8, vi8_add(vi8_mullo(ty0, vi8_set1((int32_t)f->bins->grid_w)), tx0));
            if (prof)
                prof_begin(PROF_FETriangleSetup);
            planes8(xf, yf, z8, &pl);
            if (prof)
                prof_end(PROF_FETriangleSetup);
            /* kind, front_facing, tri_flags (tri_flags_of), viewport 0. */
            const vi8 small_lim = vi8_set1(SMALL_TRI_PX + 1);
            vi8 small = vi8_and(vi8_gt(small_lim, vi8_sub(vi8_load(t8.x1), vi8_load(t8.x0))),
                                vi8_gt(small_lim, vi8_sub(vi8_load(t8.y1), vi8_load(t8.y0))));
            vi8 head = vi8_or(
                vi8_or(vi8_set1(BE_PRIM_TRI), vi8_and(vi8_from_bits(front8), vi8_set1(1 << 8))),
                vi8_or(vi8_and(small, vi8_set1(BE_TRI_SMALL << 16)),
                       vi8_and(vi8_from_bits(t8.small_edges), vi8_set1(BE_TRI_SMALL_EDGES << 16))));
            /* fe_prim.prim_id of the lanes (lanes from m on repeat lane m - 1). */
            vi8 pid = vi8_gather(
                (const int32_t *)(const void *)&s->prims[i0],
                m == 8 ? pid_idx
                       : vi8_add(vi8_mullo(vi8_min(vi8_lane_index(), vi8_set1((int32_t)m - 1)),
                                           vi8_set1(FE_PRIM_WORDS)),
                                 vi8_set1(FE_PRIM_ID_WORD)));
            vf8 r[8] = {vi8_as_vf8(head), vi8_as_vf8(pid), vi8_as_vf8(bx0), vi8_as_vf8(by0),
                        vi8_as_vf8(bx1),  vi8_as_vf8(by1), pl.x_ref,        pl.y_ref};
            vf8_transpose8(r);
            for (int l = 0; l < 8; l++)
                vf8_store_aligned((float *)(void *)dst[l], r[l]);
            vf8 q[8] = {pl.b1x, pl.b1y, vf8_zero(), pl.b2x, pl.b2y, vf8_zero(), pl.dzdx, pl.dzdy};
            vf8_transpose8(q);
            for (int l = 0; l < 8; l++)
                vf8_store_aligned((float *)(void *)(dst[l] + 32), q[l]);
            vf8 u[8] = {vf8_add(z8[0], vf8_zero()),
                        iw8[0],
                        iw8[1],
                        iw8[2],
                        vi8_as_vf8(vi8_load(t8.a[0])),
                        vi8_as_vf8(vi8_load(t8.a[1])),
                        vi8_as_vf8(vi8_load(t8.a[2])),
                        vi8_as_vf8(vi8_load(t8.b[0]))};
            vf8_transpose8(u);
            for (int l = 0; l < 8; l++)
                vf8_store_aligned((float *)(void *)(dst[l] + 64), u[l]);
            fe_tri8_store_tail(&t8, dst, FE_PRIM_BLOCK);
            if (stage_attr)
                group_attribs(f, i0 * 3, dst);
        }
        /* The lanes with work, in primitive order. */
        const uint32_t slow = (live & clip) | (rest & nonfill);
        if (!slow && (stage_attr || rec_attr) && !rs->offset_tri) {
            /* Only filled survivors with their records complete but for
             * rec_attribs: bin them. */
            uint32_t binned = 0;
            for (uint32_t work = fast; work; work &= work - 1) {
                const uint32_t l = (uint32_t)__builtin_ctz(work);
                be_prim *p = (be_prim *)(void *)dst[l];
                if (rec_attr)
                    rec_attribs(rec, rw, na, p, &prim_slots[(i0 + l) * 3]);
                if (!((one_tile >> l) & 1))
                    fe_bin_prim(f, p, PROF_FEBinTriangles);
                else if (!toss_bin)
                    binned += fe_bin_tri_one_tile(bins, prof, (uint32_t)tile8[l], p);
            }
            f->cnt->prims_binned += binned;
            if (bins->out_of_memory)
                return;
            continue;
        }
        for (uint32_t work = slow | fast; work; work &= work - 1) {
            if (f->bins->out_of_memory)
                return;
            const uint32_t l = (uint32_t)__builtin_ctz(work), bit = 1u << l;
            const fe_prim *pr = &s->prims[i0 + l];
            const uint32_t *sl = &s->prim_slots[(i0 + l) * 3];
            if (clip & bit) {
                fe_clipcull_triangle(f, pr, sl);
                continue;
            }
            const bool front = (front8 & bit) != 0;
            uint32_t prov = sl[pr->provoking];
            if (nonfill & bit) {
                fe_win_vertex wv[3];
                int32_t txf[3], tyf[3];
                for (int k = 0; k < 3; k++) {
                    uint32_t v = sl[k];
                    wv[k] = (fe_win_vertex){vw[v], vw[stride + v], vw[2 * stride + v],
                                            vw[3 * stride + v]};
                    txf[k] = vi8_lane(xf[k], (int)l);
                    tyf[k] = vi8_lane(yf[k], (int)l);
                }
                fe_attr_src src = {sl, prov, {NULL, NULL, NULL}, NULL};
                fe_setup_triangle(f, wv, txf, tyf, &src, pr->edge_flags, pr->prim_id, 0,
                                  points ? fe_prim_point_size(f, prov) : 0.0f);
                continue;
            }
            /* fe_setup_triangle's filled path, from the lanes of t8 and pl:
             * the record is written but for polygon offset and attributes
             * that group_attribs did not provide. */
            be_prim *p = (be_prim *)(void *)dst[l];
            if (rs->offset_tri)
                p->z[2] = vw[2 * stride + sl[0]] + fe_polygon_offset(f, p->z[0], p->z[1]);
            if (rec_attr)
                rec_attribs(rec, rw, na, p, sl);
            else if (!stage_attr) /* else written by group_attribs */
                fe_soa_attribs(f, p, sl, prov, front);
            if (!(one_tile & bit))
                fe_bin_prim(f, p, PROF_FEBinTriangles);
            else if (!toss_bin)
                f->cnt->prims_binned += fe_bin_tri_one_tile(bins, prof, (uint32_t)tile8[l], p);
        }
    }
}
