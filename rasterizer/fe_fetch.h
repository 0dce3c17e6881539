/*
 * fe_fetch.h: vertex fetch, vertex buffers -> SoA VS inputs, 8 vertices at
 * a time (frontend; see rast_priv.h).
 *
 * A vertex layout is compiled once per state change into an fe_fetch_plan
 * (a decoder picked per element for its (type, components), plus offsets and
 * divisors); fe_fetch8() then runs the plan for every batch of 8 vertices on
 * the worker that owns the draw chunk. A plan is read only after compile, so
 * any number of threads may fetch with it at once.
 *
 * Conversions (GL 4.6 section 10.3.4 "modern" rules, D3D10 alike):
 *   UNORM n bits   c / (2^n - 1)                 (float division, exact rounding)
 *   SNORM n bits   max(c / (2^(n-1) - 1), -1)
 *   UNORM/SNORM 32 the same in double, then rounded to float once
 *   USCALED/SSCALED (float)c, round to nearest even
 *   FIXED32        c / 65536 (16.16)
 *   FLOAT16        F16C: exact, denormals kept; a NaN half becomes a quiet
 *                  float NaN with its payload shifted left by 13 (the quiet
 *                  bit 22 is set, so a signalling half NaN is quieted)
 *   FLOAT32        the bits unchanged (NaN payloads kept)
 *   UINT/SINT      the integer value's bits in the float slot (zero / sign
 *                  extended to 32 bits)
 * Missing components read (0, 0, 0, 1): 1.0f, or integer 1 for UINT/SINT.
 * An element whose bytes for a vertex are not all inside [0, size_bytes) of
 * its buffer reads (0, 0, 0, 0), w included, and no byte outside the buffer
 * is ever read.
 */
#ifndef FE_FETCH_H
#define FE_FETCH_H

#include <stdbool.h>
#include <stdint.h>

#include "common/simd.h"
#include "common/swr_state.h"

struct fe_fetch_lanes; /* private to fe_fetch.c: where each lane's element starts */

/* Gathers and converts one element for the lanes described by `lanes`. */
typedef void (*fe_fetch_elem_fn)(const struct fe_fetch_lanes *lanes, swr_simd_vec4 *out);

/* The same decoder for the all-lanes fast case (every lane read, each
 * element inside its buffer below 2 GiB): lane l's element starts at byte
 * vertex_index[l] * stride + offset of data (int32, no overflow), and
 * last_dword is the buffer's size minus 4. Plain arguments instead of an
 * fe_fetch_lanes, so that a batch costs the decoder and one call. */
typedef void (*fe_fetch_fast_fn)(const uint8_t *data, int32_t stride, int32_t offset,
                                 int32_t last_dword, const int32_t vertex_index[8],
                                 swr_simd_vec4 *out);

typedef struct fe_fetch_elem {
    fe_fetch_elem_fn fetch;  /* specialised for (type, components) */
    fe_fetch_fast_fn fetch_fast; /* the same, for the all-lanes fast case */
    uint32_t offset_bytes;   /* from the vertex start */
    uint32_t size_bytes;     /* bytes the element occupies (all must be in the buffer) */
    uint32_t read_bytes;     /* bytes the fast load path reads (>= size_bytes) */
    uint32_t divisor;        /* 0: per vertex, else per instance */
    uint16_t buffer_index;
    uint8_t type;            /* swr_vertex_type */
    uint8_t components;
} fe_fetch_elem;

typedef struct fe_fetch_plan {
    uint32_t num_elements;
    fe_fetch_elem elems[SWR_MAX_VERTEX_ELEMENTS];
} fe_fetch_plan;

/* Compiles `layout` into `plan`. Called on the API thread at state
 * validation; never blocks. Returns false, with a one-line static message in
 * *error (if error is not NULL), for an invalid layout: more than
 * SWR_MAX_VERTEX_ELEMENTS elements, an unknown type, components outside
 * 1..4, a packed type (10_10_10_2, BGRA8, BGR10A2) with components != 4, or
 * buffer_index >= SWR_MAX_VERTEX_BUFFERS. `plan` is then unusable. */
bool fe_fetch_compile(const swr_vertex_layout *layout, fe_fetch_plan *plan, const char **error);

/* Fetches 8 vertices into out[0 .. plan->num_elements). Called on workers.
 * vertex_index[l]: index value + base vertex, used by per-vertex elements
 * (any int32; out-of-range reads give zeros). instance_id[l]: 0-based
 * instance; a per-instance element with divisor d reads element
 * floor(instance_id / d) + start_instance (computed without overflow).
 * Lanes not in lane_mask read no memory and their outputs are unspecified.
 * `buffers` is indexed by element buffer_index (SWR_MAX_VERTEX_BUFFERS). */
void fe_fetch8(const fe_fetch_plan *plan, const swr_vertex_buffer *buffers,
               const int32_t vertex_index[8], const uint32_t instance_id[8],
               uint32_t start_instance, uint32_t lane_mask, swr_simd_vec4 *out);

/* A plan resolved against its buffers for a range of vertex indices (a
 * draw chunk's distinct vertex ids): [lo, hi] are the indices for which
 * every element is per vertex and its bytes lie inside a buffer below
 * 2 GiB -- fe_fetch8's fast case, decided once instead of per batch. */
typedef struct fe_fetch_range {
    const fe_fetch_plan *plan;
    const swr_vertex_buffer *buffers;
    int32_t lo, hi;
    uint32_t num_elements;
    struct fe_fetch_range_elem {
        fe_fetch_fast_fn fetch;
        const uint8_t *data;
        int32_t stride, offset, last_dword;
    } elems[SWR_MAX_VERTEX_ELEMENTS];
} fe_fetch_range;

/* Fills *r for the indices [vmin, vmax]: r->lo = vmin and r->hi the largest
 * index <= vmax up to which the fast case holds. Returns false when it holds
 * for no index (or vmin > vmax); then use fe_fetch8. */
bool fe_fetch_prepare_range(const fe_fetch_plan *plan, const swr_vertex_buffer *buffers,
                            int32_t vmin, int32_t vmax, fe_fetch_range *r);

/* fe_fetch8 with r's plan and buffers, the same outputs bit for bit. When
 * all 8 vertex_index lie in [r->lo, r->hi], all 8 lanes are read (inside
 * the buffers, whatever lane_mask) without the per-element range tests.
 * Inline: it runs once per batch of 8 vertices, and as a call of its own
 * (prologue, register saves, epilogue) it cost about as many instructions as
 * one element's decoder. */
static inline void fe_fetch8_range(const fe_fetch_range *r, const int32_t vertex_index[8],
                                   const uint32_t instance_id[8], uint32_t start_instance,
                                   uint32_t lane_mask, swr_simd_vec4 *out)
{
    const vi8 idx = vi8_load(vertex_index);
    if (vi8_movemask(vi8_or(vi8_lt(idx, vi8_set1(r->lo)), vi8_gt(idx, vi8_set1(r->hi))))) {
        fe_fetch8(r->plan, r->buffers, vertex_index, instance_id, start_instance, lane_mask, out);
        return;
    }
    for (uint32_t i = 0; i < r->num_elements; i++) {
        const struct fe_fetch_range_elem *e = &r->elems[i];
        e->fetch(e->data, e->stride, e->offset, e->last_dword, vertex_index, &out[i]);
    }
}

#endif /* FE_FETCH_H */
