/*
 * ref_fetch.h: scalar reference vertex fetch, the oracle for fe_fetch.c.
 * Written straight from the rules in common/swr_state.h and fe_fetch.h, one
 * component at a time, reading bytes with memcpy; shares no code with the
 * code under test.
 */
#ifndef REF_FETCH_H
#define REF_FETCH_H

#include <stdint.h>

#include "common/swr_state.h"

/* The 4 output words of element `e` for one vertex. */
void ref_fetch_element(const swr_vertex_element *e, const swr_vertex_buffer *buffers,
                       int32_t vertex_index, uint32_t instance_id, uint32_t start_instance,
                       uint32_t out_bits[4]);

/* Bytes element type `type` with `components` occupies in a buffer. */
uint32_t ref_element_size(uint8_t type, uint8_t components);

/* IEEE half -> float bits (NaN: quiet, payload << 13). */
uint32_t ref_half_to_float_bits(uint16_t h);

/* fe_fetch8's contract, lane by lane; lanes not in lane_mask are untouched. */
void ref_fetch8(const swr_vertex_layout *layout, const swr_vertex_buffer *buffers,
                const int32_t vertex_index[8], const uint32_t instance_id[8],
                uint32_t start_instance, uint32_t lane_mask, swr_simd_vec4 *out);

#endif /* REF_FETCH_H */
