/*
 * ref_fetch.c: scalar reference for vertex fetch (see ref_fetch.h). Slow on
 * purpose: every component is located, read byte by byte and converted with
 * plain C arithmetic, and the range test uses 128-bit integers so that no
 * overflow reasoning is shared with the SIMD code.
 */
#include "ref_fetch.h"

#include <string.h>

enum ref_kind { K_FLOAT, K_HALF, K_UNORM, K_SNORM, K_UINT, K_SINT, K_USCALED, K_SSCALED, K_FIXED };

typedef struct ref_type {
    int comp_bytes;   /* 1, 2, 4; 0 for the packed 10_10_10_2 layouts */
    int kind;         /* enum ref_kind */
    int order;        /* 0 plain, 1 BGRA8 bytes, 2 B10G10R10A2 */
} ref_type;

static ref_type ref_type_of(uint8_t t)
{
    switch (t) {
    case SWR_VTYPE_FLOAT32: return (ref_type){4, K_FLOAT, 0};
    case SWR_VTYPE_FLOAT16: return (ref_type){2, K_HALF, 0};
    case SWR_VTYPE_UNORM8: return (ref_type){1, K_UNORM, 0};
    case SWR_VTYPE_SNORM8: return (ref_type){1, K_SNORM, 0};
    case SWR_VTYPE_UINT8: return (ref_type){1, K_UINT, 0};
    case SWR_VTYPE_SINT8: return (ref_type){1, K_SINT, 0};
    case SWR_VTYPE_USCALED8: return (ref_type){1, K_USCALED, 0};
    case SWR_VTYPE_SSCALED8: return (ref_type){1, K_SSCALED, 0};
    case SWR_VTYPE_UNORM16: return (ref_type){2, K_UNORM, 0};
    case SWR_VTYPE_SNORM16: return (ref_type){2, K_SNORM, 0};
    case SWR_VTYPE_UINT16: return (ref_type){2, K_UINT, 0};
    case SWR_VTYPE_SINT16: return (ref_type){2, K_SINT, 0};
    case SWR_VTYPE_USCALED16: return (ref_type){2, K_USCALED, 0};
    case SWR_VTYPE_SSCALED16: return (ref_type){2, K_SSCALED, 0};
    case SWR_VTYPE_UNORM32: return (ref_type){4, K_UNORM, 0};
    case SWR_VTYPE_SNORM32: return (ref_type){4, K_SNORM, 0};
    case SWR_VTYPE_UINT32: return (ref_type){4, K_UINT, 0};
    case SWR_VTYPE_SINT32: return (ref_type){4, K_SINT, 0};
    case SWR_VTYPE_USCALED32: return (ref_type){4, K_USCALED, 0};
    case SWR_VTYPE_SSCALED32: return (ref_type){4, K_SSCALED, 0};
    case SWR_VTYPE_FIXED32: return (ref_type){4, K_FIXED, 0};
    case SWR_VTYPE_UNORM10_10_10_2: return (ref_type){0, K_UNORM, 0};
    case SWR_VTYPE_SNORM10_10_10_2: return (ref_type){0, K_SNORM, 0};
    case SWR_VTYPE_UINT10_10_10_2: return (ref_type){0, K_UINT, 0};
    case SWR_VTYPE_SINT10_10_10_2: return (ref_type){0, K_SINT, 0};
    case SWR_VTYPE_USCALED10_10_10_2: return (ref_type){0, K_USCALED, 0};
    case SWR_VTYPE_SSCALED10_10_10_2: return (ref_type){0, K_SSCALED, 0};
    case SWR_VTYPE_BGRA8_UNORM: return (ref_type){1, K_UNORM, 1};
    case SWR_VTYPE_BGR10A2_UNORM: return (ref_type){0, K_UNORM, 2};
    case SWR_VTYPE_BGR10A2_SNORM: return (ref_type){0, K_SNORM, 2};
    case SWR_VTYPE_BGR10A2_USCALED: return (ref_type){0, K_USCALED, 2};
    case SWR_VTYPE_BGR10A2_SSCALED: return (ref_type){0, K_SSCALED, 2};
    }
    return (ref_type){-1, -1, -1};
}

uint32_t ref_element_size(uint8_t type, uint8_t components)
{
    ref_type rt = ref_type_of(type);
    return rt.comp_bytes == 0 ? 4 : (uint32_t)(rt.comp_bytes * components);
}

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

uint32_t ref_half_to_float_bits(uint16_t h)
{
    uint32_t sign = (uint32_t)(h >> 15) << 31;
    uint32_t exp = (h >> 10) & 31;
    uint32_t mant = h & 1023;
    if (exp == 31)
        return sign | 0x7f800000u | (mant ? 0x400000u | mant << 13 : 0);
    if (exp == 0) /* zero or denormal: mant * 2^-24, exact in float */
        return sign | f2u((float)mant * 0x1p-24f);
    return sign | (exp - 15 + 127) << 23 | mant << 13;
}

/* Little-endian unsigned value of n bytes at p. */
static uint32_t read_le(const uint8_t *p, int n)
{
    uint32_t v = 0;
    for (int i = 0; i < n; i++) {
        uint8_t b;
        memcpy(&b, p + i, 1);
        v |= (uint32_t)b << (8 * i);
    }
    return v;
}

/* Converts the field value `raw` (its low `bits` bits) per `kind`. */
static uint32_t convert(uint32_t raw, int bits, int kind)
{
    uint32_t mask = bits == 32 ? 0xffffffffu : (1u << bits) - 1;
    uint32_t u = raw & mask;
    int64_t s = (int64_t)u - ((u >> (bits - 1)) & 1 ? (int64_t)1 << bits : 0);
    switch (kind) {
    case K_FLOAT: return u;
    case K_HALF: return ref_half_to_float_bits((uint16_t)u);
    case K_UINT: return u;
    case K_SINT: return (uint32_t)(int32_t)s;
    case K_USCALED: return f2u((float)u);
    case K_SSCALED: return f2u((float)s);
    case K_FIXED: return f2u((float)((double)s / 65536.0));
    case K_UNORM:
        if (bits == 32)
            return f2u((float)((double)u / 4294967295.0));
        return f2u((float)u / (float)mask);
    case K_SNORM: {
        if (bits == 32) {
            double d = (double)s / 2147483647.0;
            return f2u((float)(d < -1.0 ? -1.0 : d));
        }
        float f = (float)s / (float)((1u << (bits - 1)) - 1);
        return f2u(f < -1.0f ? -1.0f : f);
    }
    }
    return 0xdeadbeefu;
}

void ref_fetch_element(const swr_vertex_element *e, const swr_vertex_buffer *buffers,
                       int32_t vertex_index, uint32_t instance_id, uint32_t start_instance,
                       uint32_t out_bits[4])
{
    const swr_vertex_buffer *b = &buffers[e->buffer_index];
    ref_type rt = ref_type_of(e->type);
    uint32_t size = ref_element_size(e->type, e->components);
    __int128 index = e->instance_divisor ? (__int128)(instance_id / e->instance_divisor) + start_instance
                                         : (__int128)vertex_index;
    __int128 start = index * b->stride_bytes + e->offset_bytes;
    bool is_int = rt.kind == K_UINT || rt.kind == K_SINT;

    if (!b->data || start < 0 || start + size > b->size_bytes) {
        for (int c = 0; c < 4; c++)
            out_bits[c] = 0;
        return;
    }
    const uint8_t *p = (const uint8_t *)b->data + (size_t)start;
    for (int c = 0; c < 4; c++) {
        if (c >= e->components) {
            out_bits[c] = c < 3 ? 0 : is_int ? 1u : f2u(1.0f);
            continue;
        }
        if (rt.comp_bytes == 0) {
            static const int shift_plain[4] = {0, 10, 20, 30};
            static const int shift_bgr[4] = {20, 10, 0, 30};
            uint32_t word = read_le(p, 4);
            int shift = rt.order == 2 ? shift_bgr[c] : shift_plain[c];
            out_bits[c] = convert(word >> shift, c == 3 ? 2 : 10, rt.kind);
        } else {
            static const int bgra_byte[4] = {2, 1, 0, 3};
            int at = rt.order == 1 ? bgra_byte[c] : c * rt.comp_bytes;
            out_bits[c] = convert(read_le(p + at, rt.comp_bytes), rt.comp_bytes * 8, rt.kind);
        }
    }
}

void ref_fetch8(const swr_vertex_layout *layout, const swr_vertex_buffer *buffers,
                const int32_t vertex_index[8], const uint32_t instance_id[8],
                uint32_t start_instance, uint32_t lane_mask, swr_simd_vec4 *out)
{
    for (uint32_t i = 0; i < layout->num_elements; i++) {
        for (int l = 0; l < 8; l++) {
            uint32_t bits[4];
            if (!(lane_mask & (1u << l)))
                continue;
            ref_fetch_element(&layout->elements[i], buffers, vertex_index[l], instance_id[l],
                              start_instance, bits);
            for (int c = 0; c < 4; c++)
                memcpy(&out[i].v[c][l], &bits[c], 4);
        }
    }
}
