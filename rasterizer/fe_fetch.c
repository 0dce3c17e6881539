/*
 * fe_fetch.c: vertex fetch, vertex buffers -> SoA VS inputs (frontend).
 *
 * In:  a plan compiled from the vertex layout, the bound vertex buffers and
 *      8 lanes of vertex indices / instance ids. Out: one swr_simd_vec4 per
 *      element. Runs on the worker that owns a draw chunk; reads nothing but
 *      its arguments, so any number of workers fetch at once.
 *
 * Per element and batch, fe_fetch8 computes each lane's element start in
 * 64 bits (index * stride + offset can exceed 32 bits either way), keeps the
 * lanes whose whole element lies inside the buffer (and in lane_mask) and
 * hands 32-bit byte offsets to the element's decoder, one function per
 * (type, components) generated from fetch_generic(). Decoders read with
 * masked AVX2 gathers: masked-off lanes touch no memory, and a read whose
 * last dword would run past the element (3-byte UNORM8x3, 6-byte
 * FLOAT16x3...) is moved back to end at the buffer end and shifted, so no
 * byte outside [data, data + size_bytes) is ever read. Raw 32-bit elements
 * with 3 or 4 components (float3 positions, float4 colours) take 8 16-byte
 * loads and a 4x8 transpose instead when every active lane has 16 bytes left
 * in its buffer.
 *
 * Offsets are biased by 2^31 for buffers larger than INT32_MAX bytes because
 * gather offsets are signed 32-bit.
 *
 * fe_fetch_prepare_range / fe_fetch8_range take the all-lanes fast case's
 * range tests out of the per-batch path: they are done once for a range of
 * vertex ids (a draw chunk's), and a batch whose ids lie in it goes straight
 * to the decoders -- their fast-case twins (fetch_fast_*), which take the
 * buffer, stride, offset and ids as plain arguments and fold the lane
 * bookkeeping away.
 */
#include "rasterizer/fe_fetch.h"

#include <assert.h>
#include <string.h>

/* How a component's integer value becomes the 32 bits in the float slot. */
enum fe_conv { CV_FLOAT, CV_HALF, CV_UNORM, CV_SNORM, CV_UINT, CV_SINT, CV_USCALED, CV_SSCALED, CV_FIXED };

/* X(name, component bits (0: packed 10_10_10_2), conversion, x and z swapped) */
#define FE_VTYPES(X)                                                                             \
    X(FLOAT32, 32, CV_FLOAT, 0)                                                                  \
    X(FLOAT16, 16, CV_HALF, 0)                                                                   \
    X(UNORM8, 8, CV_UNORM, 0)                                                                    \
    X(SNORM8, 8, CV_SNORM, 0)                                                                    \
    X(UINT8, 8, CV_UINT, 0)                                                                      \
    X(SINT8, 8, CV_SINT, 0)                                                                      \
    X(USCALED8, 8, CV_USCALED, 0)                                                                \
    X(SSCALED8, 8, CV_SSCALED, 0)                                                                \
    X(UNORM16, 16, CV_UNORM, 0)                                                                  \
    X(SNORM16, 16, CV_SNORM, 0)                                                                  \
    X(UINT16, 16, CV_UINT, 0)                                                                    \
    X(SINT16, 16, CV_SINT, 0)                                                                    \
    X(USCALED16, 16, CV_USCALED, 0)                                                              \
    X(SSCALED16, 16, CV_SSCALED, 0)                                                              \
    X(UNORM32, 32, CV_UNORM, 0)                                                                  \
    X(SNORM32, 32, CV_SNORM, 0)                                                                  \
    X(UINT32, 32, CV_UINT, 0)                                                                    \
    X(SINT32, 32, CV_SINT, 0)                                                                    \
    X(USCALED32, 32, CV_USCALED, 0)                                                              \
    X(SSCALED32, 32, CV_SSCALED, 0)                                                              \
    X(FIXED32, 32, CV_FIXED, 0)                                                                  \
    X(UNORM10_10_10_2, 0, CV_UNORM, 0)                                                           \
    X(SNORM10_10_10_2, 0, CV_SNORM, 0)                                                           \
    X(UINT10_10_10_2, 0, CV_UINT, 0)                                                             \
    X(SINT10_10_10_2, 0, CV_SINT, 0)                                                             \
    X(USCALED10_10_10_2, 0, CV_USCALED, 0)                                                       \
    X(SSCALED10_10_10_2, 0, CV_SSCALED, 0)                                                       \
    X(BGRA8_UNORM, 8, CV_UNORM, 1)                                                               \
    X(BGR10A2_UNORM, 0, CV_UNORM, 1)                                                             \
    X(BGR10A2_SNORM, 0, CV_SNORM, 1)                                                             \
    X(BGR10A2_USCALED, 0, CV_USCALED, 1)                                                         \
    X(BGR10A2_SSCALED, 0, CV_SSCALED, 1)

#define FE_COUNT_TYPE(n, b, c, s) +1
_Static_assert(0 FE_VTYPES(FE_COUNT_TYPE) == SWR_VTYPE_COUNT, "FE_VTYPES must list every swr_vertex_type");
#undef FE_COUNT_TYPE

/* A far-away element start for lanes whose per-instance index times stride
 * exceeds any buffer: 2^61 stays out of range after adding a 32-bit offset
 * and never overflows int64. */
#define FE_FAR_START ((int64_t)1 << 61)

/* Where each lane's element starts; built by fe_fetch8 for one element. */
struct fe_fetch_lanes {
    vi8 off;               /* biased byte offset of the element start; 0 where not read */
    vi8 read;              /* all-ones in the lanes to read: active and in range */
    vi64x4 start_lo, start_hi; /* unbiased element starts, lanes 0..3 and 4..7 */
    const uint8_t *data;   /* the buffer's data */
    const uint8_t *base;   /* buffer data + bias (or a zero-padded copy of a tiny buffer) */
    int32_t last_dword;    /* biased offset of the last whole dword inside the buffer */
    uint32_t read_bits;    /* `read` as lane bits */
    uint32_t active_bits;  /* lane_mask */
    uint32_t fast_bits;    /* lanes whose [start, start + read_bytes) is inside the buffer */
};

/* ---- type properties (constant-folded inside fetch_generic) ---------------- */

static inline __attribute__((always_inline)) int type_bits(int t)
{
    switch (t) {
#define FE_BITS_CASE(n, b, c, s) case SWR_VTYPE_##n: return b;
        FE_VTYPES(FE_BITS_CASE)
#undef FE_BITS_CASE
    }
    return -1;
}

static inline __attribute__((always_inline)) int type_conv(int t)
{
    switch (t) {
#define FE_CONV_CASE(n, b, c, s) case SWR_VTYPE_##n: return c;
        FE_VTYPES(FE_CONV_CASE)
#undef FE_CONV_CASE
    }
    return -1;
}

static inline __attribute__((always_inline)) bool type_swap_xz(int t)
{
    switch (t) {
#define FE_SWAP_CASE(n, b, c, s) case SWR_VTYPE_##n: return s;
        FE_VTYPES(FE_SWAP_CASE)
#undef FE_SWAP_CASE
    }
    return false;
}

/* Bytes one element occupies in its buffer. */
static inline __attribute__((always_inline)) uint32_t type_size_bytes(int t, int comps)
{
    int bits = type_bits(t);
    return bits == 0 ? 4u : (uint32_t)(comps * bits / 8);
}

/* Raw 32-bit types copy their bits: the transposing load path applies. */
static inline __attribute__((always_inline)) bool type_raw32(int t)
{
    return type_bits(t) == 32 && (type_conv(t) == CV_FLOAT || type_conv(t) == CV_UINT || type_conv(t) == CV_SINT);
}

/* ---- decoding ------------------------------------------------------------------ */

/* Component c's field of the gathered dwords d[], zero- or sign-extended. */
static inline __attribute__((always_inline)) vi8 extract_field(const vi8 *d, int bits, int c, bool is_signed)
{
    int word, shift, width;
    if (bits == 32)
        return d[c];
    if (bits == 0) { /* 10_10_10_2 */
        word = 0;
        shift = c * 10;
        width = c == 3 ? 2 : 10;
    } else {
        word = c * bits / 32;
        shift = (c * bits) % 32;
        width = bits;
    }
    vi8 up = vi8_slli(d[word], 32 - shift - width); /* field's top bit to bit 31 */
    return is_signed ? vi8_srai(up, 32 - width) : vi8_srli(up, 32 - width);
}

/* (float)((double)a / div) with a read as unsigned (is_unsigned) or signed
 * 32-bit, and the double quotient clamped below at lo first: one double
 * division, one rounding to float, as the scalar rule does it. */
static inline __attribute__((always_inline)) vf8 div_double(vi8 a, bool is_unsigned, double div,
                                                            double lo)
{
    vd4 dlo = is_unsigned ? vu8_lo_to_vd4(a) : vi8_lo_to_vd4(a);
    vd4 dhi = is_unsigned ? vu8_hi_to_vd4(a) : vi8_hi_to_vd4(a);
    dlo = vd4_max(vd4_div(dlo, vd4_set1(div)), vd4_set1(lo));
    dhi = vd4_max(vd4_div(dhi, vd4_set1(div)), vd4_set1(lo));
    return vf8_from_f4(vd4_to_f4(dlo), vd4_to_f4(dhi));
}

/* Converts a field of `width` bits to the 32 bits delivered for it. */
static inline __attribute__((always_inline)) vi8 convert_field(vi8 v, int conv, int width)
{
    switch (conv) {
    case CV_FLOAT:
    case CV_UINT:
    case CV_SINT:
        return v;
    case CV_HALF:
        return vf8_as_vi8(vf8_from_half_lo16(v));
    case CV_UNORM:
        if (width == 32)
            return vf8_as_vi8(div_double(v, true, 4294967295.0, 0.0));
        return vf8_as_vi8(vf8_div(vi8_to_vf8(v), vf8_set1((float)((1u << width) - 1))));
    case CV_SNORM:
        if (width == 32)
            return vf8_as_vi8(div_double(v, false, 2147483647.0, -1.0));
        return vf8_as_vi8(vf8_max(vf8_div(vi8_to_vf8(v), vf8_set1((float)((1u << (width - 1)) - 1))),
                                  vf8_set1(-1.0f)));
    case CV_USCALED:
        return vf8_as_vi8(width == 32 ? vu8_to_vf8(v) : vi8_to_vf8(v));
    case CV_SSCALED:
        return vf8_as_vi8(vi8_to_vf8(v));
    case CV_FIXED:
        return vf8_as_vi8(vf8_mul(vi8_to_vf8(v), vf8_set1(1.0f / 65536.0f))); /* exact: power of 2 */
    }
    return v;
}

/* Starts of inactive lanes replaced by the first active lane's, so that
 * plain loads may be issued for all 8. */
static inline void fill_inactive(int64_t start[8], uint32_t active_bits)
{
    int64_t first = start[__builtin_ctz(active_bits)];
    for (int l = 0; l < 8; l++)
        if (!(active_bits & (1u << l)))
            start[l] = first;
}

static inline __attribute__((always_inline)) void fetch_generic(const struct fe_fetch_lanes *L,
                                                                swr_simd_vec4 *out, int type, int comps)
{
    const int bits = type_bits(type);
    const int conv = type_conv(type);
    const bool is_int = conv == CV_UINT || conv == CV_SINT;
    const bool is_signed = conv == CV_SNORM || conv == CV_SINT || conv == CV_SSCALED || conv == CV_FIXED;
    const int size = (int)type_size_bytes(type, comps);
    const int ndwords = (size + 3) / 4;
    vi8 res[4];

    if (type_raw32(type) && comps >= 3 && (L->active_bits & ~L->fast_bits) == 0) {
        int64_t start[8] __attribute__((aligned(32)));
        const uint8_t *p[8];
        vf8 v[4];
        vi64_store(start, L->start_lo);
        vi64_store(start + 4, L->start_hi);
        if (L->active_bits != 0xffu)
            fill_inactive(start, L->active_bits);
        for (int l = 0; l < 8; l++)
            p[l] = L->data + start[l];
        vf8_load4x8_transpose(p, v);
        for (int c = 0; c < comps; c++)
            vf8_store(out->v[c], v[c]);
        if (comps == 3)
            vi8_store(out->v[3], is_int ? vi8_set1(1) : vf8_as_vi8(vf8_set1(1.0f)));
        return;
    }

    vi8 d[4];
    for (int k = 0; k < ndwords; k++) {
        vi8 p = vi8_add(L->off, vi8_set1(4 * k));
        if (k == ndwords - 1 && size % 4 != 0) {
            /* Partial last dword: read the dword ending at the buffer's end
             * instead when it would run past it, and shift the bytes down. */
            vi8 q = vi8_min(p, vi8_set1(L->last_dword));
            d[k] = vi8_srlv(vi8_gather_bytes_masked(L->base, q, L->read), vi8_slli(vi8_sub(p, q), 3));
        } else {
            d[k] = vi8_gather_bytes_masked(L->base, p, L->read);
        }
    }
    for (int c = 0; c < comps; c++) {
        int field = type_swap_xz(type) && c != 1 && c != 3 ? 2 - c : c;
        int width = bits == 0 ? (c == 3 ? 2 : 10) : bits;
        res[c] = convert_field(extract_field(d, bits, field, is_signed), conv, width);
    }
    /* Unread lanes gathered 0, which every conversion maps to +0 bits; only
     * the default w needs masking so out-of-range lanes read (0, 0, 0, 0). */
    for (int c = comps; c < 4; c++)
        res[c] = c < 3 ? vi8_zero() : vi8_and(L->read, is_int ? vi8_set1(1) : vf8_as_vi8(vf8_set1(1.0f)));
    for (int c = 0; c < 4; c++)
        vi8_store(out->v[c], res[c]);
}

#define FE_DEFINE_FETCH(n, b, c, s)                                                              \
    static void fetch_##n##_1(const struct fe_fetch_lanes *L, swr_simd_vec4 *o) { fetch_generic(L, o, SWR_VTYPE_##n, 1); } \
    static void fetch_##n##_2(const struct fe_fetch_lanes *L, swr_simd_vec4 *o) { fetch_generic(L, o, SWR_VTYPE_##n, 2); } \
    static void fetch_##n##_3(const struct fe_fetch_lanes *L, swr_simd_vec4 *o) { fetch_generic(L, o, SWR_VTYPE_##n, 3); } \
    static void fetch_##n##_4(const struct fe_fetch_lanes *L, swr_simd_vec4 *o) { fetch_generic(L, o, SWR_VTYPE_##n, 4); }
FE_VTYPES(FE_DEFINE_FETCH)
#undef FE_DEFINE_FETCH

/* The lanes of fe_fetch8's all-lanes fast path. */
static inline __attribute__((always_inline)) void
fast_lanes(struct fe_fetch_lanes *L, vi8 off, const uint8_t *data, int32_t last_dword)
{
    L->off = off;
    L->read = vi8_ones();
    L->start_lo = vi8_lo_to_vi64(off);
    L->start_hi = vi8_hi_to_vi64(off);
    L->data = L->base = data;
    L->last_dword = last_dword;
    L->read_bits = L->active_bits = L->fast_bits = 0xffu;
}

/* The fast-case decoders (fe_fetch_fast_fn): the lanes are known to be all
 * read and fast, so fetch_generic folds to the loads and the conversion. */
static inline __attribute__((always_inline)) void
fetch_fast_generic(const uint8_t *data, int32_t stride, int32_t offset, int32_t last_dword,
                   const int32_t *vertex_index, swr_simd_vec4 *out, int type, int comps)
{
    struct fe_fetch_lanes L;
    fast_lanes(&L, vi8_add(vi8_mullo(vi8_load(vertex_index), vi8_set1(stride)), vi8_set1(offset)),
               data, last_dword);
    fetch_generic(&L, out, type, comps);
}

#define FE_FAST_ARGS                                                                             \
    const uint8_t *d, int32_t st, int32_t of, int32_t ld, const int32_t *vi, swr_simd_vec4 *o
#define FE_DEFINE_FETCH_FAST(n, b, c, s)                                                         \
    static void fetch_fast_##n##_1(FE_FAST_ARGS) { fetch_fast_generic(d, st, of, ld, vi, o, SWR_VTYPE_##n, 1); } \
    static void fetch_fast_##n##_2(FE_FAST_ARGS) { fetch_fast_generic(d, st, of, ld, vi, o, SWR_VTYPE_##n, 2); } \
    static void fetch_fast_##n##_3(FE_FAST_ARGS) { fetch_fast_generic(d, st, of, ld, vi, o, SWR_VTYPE_##n, 3); } \
    static void fetch_fast_##n##_4(FE_FAST_ARGS) { fetch_fast_generic(d, st, of, ld, vi, o, SWR_VTYPE_##n, 4); }
FE_VTYPES(FE_DEFINE_FETCH_FAST)
#undef FE_DEFINE_FETCH_FAST
#undef FE_FAST_ARGS

/* ---- lane addressing -------------------------------------------------------------- */

/* Each lane's vertex start (index * stride) in 64 bits. */
static void vertex_starts(const fe_fetch_elem *e, const swr_vertex_buffer *buf,
                          const int32_t vertex_index[8], const uint32_t instance_id[8],
                          uint32_t start_instance, vi64x4 *lo, vi64x4 *hi)
{
    int64_t start[8];
    if (e->divisor == 0 && buf->stride_bytes <= INT32_MAX) {
        /* |index| <= 2^31 and stride < 2^31: the signed 32x32 product is exact. */
        vi8 idx = vi8_load(vertex_index);
        vi64x4 stride = vi64_set1(buf->stride_bytes);
        *lo = vi64_mul32(vi8_lo_to_vi64(idx), stride);
        *hi = vi64_mul32(vi8_hi_to_vi64(idx), stride);
        return;
    }
    for (int l = 0; l < 8; l++) {
        if (e->divisor == 0) {
            /* stride < 2^32: |product| < 2^63 */
            start[l] = (int64_t)vertex_index[l] * (int64_t)buf->stride_bytes;
        } else {
            /* index < 2^33; anything beyond size / stride is out of range
             * whatever the offset, so the product is only formed when it
             * stays <= size_bytes. */
            uint64_t n = instance_id[l] / e->divisor + (uint64_t)start_instance;
            if (buf->stride_bytes == 0)
                start[l] = 0;
            else if (n > buf->size_bytes / buf->stride_bytes)
                start[l] = FE_FAR_START;
            else
                start[l] = (int64_t)(n * buf->stride_bytes);
        }
    }
    *lo = vi64_load(start);
    *hi = vi64_load(start + 4);
}

/* Lanes (bits) whose [start, start + bytes) lies inside a buffer of `size`. */
static inline uint32_t lanes_inside(vi64x4 lo, vi64x4 hi, uint32_t size, uint32_t bytes)
{
    if (bytes > size)
        return 0;
    vi64x4 lim = vi64_set1((int64_t)size - bytes);
    vi64x4 zero = vi64_set1(0);
    uint32_t bad_lo = vi64_movemask(vi64_gt(lo, lim)) | vi64_movemask(vi64_gt(zero, lo));
    uint32_t bad_hi = vi64_movemask(vi64_gt(hi, lim)) | vi64_movemask(vi64_gt(zero, hi));
    return ~(bad_lo | bad_hi << 4) & 0xffu;
}

static void store_zero(swr_simd_vec4 *out)
{
    for (int c = 0; c < 4; c++)
        vf8_store(out->v[c], vf8_zero());
}

/* ---- entry points ----------------------------------------------------------------- */

/* Called on the API thread when the vertex layout changes. */
bool fe_fetch_compile(const swr_vertex_layout *layout, fe_fetch_plan *plan, const char **error)
{
#define FE_TABLE_ROW(n, b, c, s) [SWR_VTYPE_##n] = {fetch_##n##_1, fetch_##n##_2, fetch_##n##_3, fetch_##n##_4},
    static const fe_fetch_elem_fn table[SWR_VTYPE_COUNT][4] = {FE_VTYPES(FE_TABLE_ROW)};
#undef FE_TABLE_ROW
#define FE_FAST_ROW(n, b, c, s) [SWR_VTYPE_##n] = {fetch_fast_##n##_1, fetch_fast_##n##_2, fetch_fast_##n##_3, fetch_fast_##n##_4},
    static const fe_fetch_fast_fn fast_table[SWR_VTYPE_COUNT][4] = {FE_VTYPES(FE_FAST_ROW)};
#undef FE_FAST_ROW
    const char *why = NULL;

    memset(plan, 0, sizeof(*plan));
    if (layout->num_elements > SWR_MAX_VERTEX_ELEMENTS) {
        why = "vertex layout: more than SWR_MAX_VERTEX_ELEMENTS elements";
        goto fail;
    }
    for (uint32_t i = 0; i < layout->num_elements; i++) {
        const swr_vertex_element *src = &layout->elements[i];
        fe_fetch_elem *e = &plan->elems[i];
        if (src->type >= SWR_VTYPE_COUNT) {
            why = "vertex layout: element has an unknown vertex type";
            goto fail;
        }
        if (src->components < 1 || src->components > 4) {
            why = "vertex layout: element components must be 1..4";
            goto fail;
        }
        if ((type_bits(src->type) == 0 || type_swap_xz(src->type)) && src->components != 4) {
            why = "vertex layout: packed type (10_10_10_2, BGRA8, BGR10A2) needs 4 components";
            goto fail;
        }
        if (src->buffer_index >= SWR_MAX_VERTEX_BUFFERS) {
            why = "vertex layout: element buffer_index >= SWR_MAX_VERTEX_BUFFERS";
            goto fail;
        }
        e->fetch = table[src->type][src->components - 1];
        e->fetch_fast = fast_table[src->type][src->components - 1];
        e->offset_bytes = src->offset_bytes;
        e->size_bytes = type_size_bytes(src->type, src->components);
        e->read_bytes = type_raw32(src->type) && src->components >= 3 ? 16 : e->size_bytes;
        e->divisor = src->instance_divisor;
        e->buffer_index = src->buffer_index;
        e->type = src->type;
        e->components = src->components;
    }
    plan->num_elements = layout->num_elements;
    return true;

fail:
    memset(plan, 0, sizeof(*plan));
    if (error)
        *error = why;
    return false;
}

/* fe_fetch8's test for its all-lanes fast path of element e, for indices
 * in [vmin, vmax] (vmin <= vmax). */
static inline bool elem_in_range(const fe_fetch_elem *e, const swr_vertex_buffer *buf,
                                 int32_t vmin, int32_t vmax)
{
    return e->divisor == 0 && buf->size_bytes >= 4 && buf->size_bytes <= INT32_MAX &&
           buf->stride_bytes <= INT32_MAX &&
           (int64_t)vmin * buf->stride_bytes + e->offset_bytes >= 0 &&
           (int64_t)vmax * buf->stride_bytes + e->offset_bytes + e->read_bytes <=
               (int64_t)buf->size_bytes;
}

bool fe_fetch_prepare_range(const fe_fetch_plan *plan, const swr_vertex_buffer *buffers,
                            int32_t vmin, int32_t vmax, fe_fetch_range *r)
{
    r->plan = plan;
    r->buffers = buffers;
    r->lo = vmin;
    r->hi = vmax;
    r->num_elements = plan->num_elements;
    if (vmin > vmax)
        return false;
    for (uint32_t i = 0; i < plan->num_elements; i++) {
        const fe_fetch_elem *e = &plan->elems[i];
        const swr_vertex_buffer *buf = &buffers[e->buffer_index];
        /* elem_in_range's tests; the last one, index * stride + offset +
         * read_bytes <= size, as index <= room / stride. (fe_fetch8's first
         * test -- no data, element larger than the buffer -- fails whenever
         * these hold, but for the data pointer.) */
        if (!buf->data || e->divisor != 0 || buf->size_bytes < 4 || buf->size_bytes > INT32_MAX ||
            buf->stride_bytes > INT32_MAX ||
            (int64_t)vmin * buf->stride_bytes + e->offset_bytes < 0)
            return false;
        const int64_t room = (int64_t)buf->size_bytes - e->offset_bytes - e->read_bytes;
        if (room < 0)
            return false;
        if (buf->stride_bytes && room / buf->stride_bytes < r->hi)
            r->hi = (int32_t)(room / buf->stride_bytes);
        r->elems[i].fetch = e->fetch_fast;
        r->elems[i].data = buf->data;
        r->elems[i].stride = (int32_t)buf->stride_bytes;
        r->elems[i].offset = (int32_t)e->offset_bytes;
        r->elems[i].last_dword = (int32_t)(buf->size_bytes - 4u);
    }
    return r->lo <= r->hi;
}

/* Called on workers for every batch of 8 vertices; never blocks. */
void fe_fetch8(const fe_fetch_plan *plan, const swr_vertex_buffer *buffers,
               const int32_t vertex_index[8], const uint32_t instance_id[8],
               uint32_t start_instance, uint32_t lane_mask, swr_simd_vec4 *out)
{
    vi64x4 start_lo = vi64_set1(0), start_hi = vi64_set1(0);
    int cached_buffer = -1;
    uint32_t cached_divisor = 0;
    uint8_t tiny[4]; /* zero-padded copy of a buffer shorter than one dword */

    lane_mask &= 0xffu;
    /* With all 8 lanes active, the range [vmin, vmax] of the vertex indices
     * decides for a whole per-vertex element at once: when the bytes the
     * fast path reads for vmin and for vmax lie inside a buffer below 2 GiB
     * (and so for every index between: the start is monotonic in the
     * index), every lane is read and fast, the offsets fit int32 and no
     * bias applies -- the lanes computed below, without the 64-bit tests. */
    const vi8 idx = vi8_load(vertex_index);
    int32_t vmin = 0, vmax = 0;
    if (lane_mask == 0xffu)
        vi8_minmax(idx, &vmin, &vmax);
    for (uint32_t i = 0; i < plan->num_elements; i++) {
        const fe_fetch_elem *e = &plan->elems[i];
        const swr_vertex_buffer *buf = &buffers[e->buffer_index];
        struct fe_fetch_lanes L;

        if (!buf->data || lane_mask == 0 || e->size_bytes > buf->size_bytes) {
            store_zero(&out[i]);
            continue;
        }
        if (lane_mask == 0xffu && elem_in_range(e, buf, vmin, vmax)) {
            e->fetch_fast(buf->data, (int32_t)buf->stride_bytes, (int32_t)e->offset_bytes,
                          (int32_t)(buf->size_bytes - 4u), vertex_index, &out[i]);
            continue;
        }
        if (e->buffer_index != cached_buffer || e->divisor != cached_divisor) {
            vertex_starts(e, buf, vertex_index, instance_id, start_instance, &start_lo, &start_hi);
            cached_buffer = e->buffer_index;
            cached_divisor = e->divisor;
        }
        vi64x4 off64 = vi64_set1(e->offset_bytes);
        vi64x4 lo = vi64_add(start_lo, off64), hi = vi64_add(start_hi, off64);
        L.read_bits = lanes_inside(lo, hi, buf->size_bytes, e->size_bytes) & lane_mask;
        if (L.read_bits == 0) {
            store_zero(&out[i]);
            continue;
        }
        L.active_bits = lane_mask;
        L.start_lo = lo;
        L.start_hi = hi;
        L.data = buf->data;
        L.fast_bits = e->read_bytes == e->size_bytes
                          ? L.read_bits
                          : lanes_inside(lo, hi, buf->size_bytes, e->read_bytes) & lane_mask;
        L.read = vi8_from_bits(L.read_bits);

        /* Starts of read lanes are in [0, size_bytes - 1]: bias them into
         * int32 for buffers of 2 GiB and more. */
        int32_t bias = buf->size_bytes > INT32_MAX ? INT32_MIN : 0;
        L.off = vi8_and(L.read, vi8_sub(vi64_pack_lo32(lo, hi), vi8_set1(bias)));
        if (buf->size_bytes >= 4) {
            L.base = (const uint8_t *)((uintptr_t)buf->data + (uintptr_t)(int64_t)-(int64_t)bias);
            L.last_dword = (int32_t)(buf->size_bytes - 4u - (uint32_t)bias);
        } else {
            memset(tiny, 0, sizeof(tiny));
            memcpy(tiny, buf->data, buf->size_bytes);
            L.base = tiny;
            L.last_dword = 0;
        }
        e->fetch(&L, &out[i]);
    }
}
