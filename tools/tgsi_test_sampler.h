/*
 * tgsi_test_sampler.h: a deterministic fake texture sampler for comparing
 * TGSI executors.
 *
 * It implements swr_sampler_interface (shader_abi.h) without any texture:
 * the result of each lane in the request's mask is a hash of every request
 * field that matters for the op (op, target, sview, sampler, the four
 * coordinates, ddx/ddy for implicit-LOD ops, lod / lod_int, compare,
 * offsets, gather_comp), mapped to floats in [0, 1). So any difference in
 * how two executors build a request changes the result bits, while the
 * values stay tame enough for shaders to keep computing with them. Lanes
 * outside the mask get 0. query_size / query_samples are fixed functions of
 * (seed, sview, level).
 *
 * Recording mode keeps the last N sample requests, for tests that check
 * request fields against the spec directly. The sampler then mutates its
 * own state on every call, so it is for single-threaded tests only.
 */
#ifndef SWR_TGSI_TEST_SAMPLER_H
#define SWR_TGSI_TEST_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "common/shader_abi.h"

typedef struct tgsi_test_sampler {
    swr_sampler_interface base; /* first: pass &s->base to the shader */
    uint32_t seed;
    /* Recording (tgsi_test_sampler_record): ring of the last max_records
     * requests; num_calls counts every sample() call. */
    swr_tex_request *records;
    uint32_t max_records;
    uint32_t num_calls;
    uint32_t num_size_queries, num_sample_queries;
    uint32_t last_query_sview;
    int32_t last_query_level[8];
    uint32_t last_query_mask;
} tgsi_test_sampler;

void tgsi_test_sampler_init(tgsi_test_sampler *s, uint32_t seed);
/* Starts keeping the last `n` requests (n > 0) and resets the counters.
 * Returns false when out of memory. */
bool tgsi_test_sampler_record(tgsi_test_sampler *s, uint32_t n);
/* The k-th most recent recorded request (0 = last), or NULL. */
const swr_tex_request *tgsi_test_sampler_recent(const tgsi_test_sampler *s, uint32_t k);
void tgsi_test_sampler_free(tgsi_test_sampler *s);

/* The value sample() returns for one lane of a request, channel c: for
 * tests that compute expected results by hand. */
float tgsi_test_sampler_value(const tgsi_test_sampler *s, const swr_tex_request *req, int lane,
                              int c);
/* What query_size returns for (sview, level), component c (int32 bits). */
int32_t tgsi_test_sampler_size(const tgsi_test_sampler *s, unsigned sview, int32_t level, int c);
/* What query_samples returns for sview. */
uint32_t tgsi_test_sampler_samples(const tgsi_test_sampler *s, unsigned sview);

#endif /* SWR_TGSI_TEST_SAMPLER_H */
