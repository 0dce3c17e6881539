/*
 * tgsi_test_sampler.c: the fake sampler of tgsi_test_sampler.h.
 *
 * A lane's result is mix(uniform fields, lane fields, channel) where mix is
 * a 32-bit multiply-xor hash with a final avalanche (every input bit flips
 * about half of the output bits), and the top 24 bits become a float in
 * [0, 1) (exact: a 24-bit integer times 2^-24). Which per-lane fields are
 * mixed depends on the op, as swr_tex_request documents them: ddx/ddy only
 * where the LOD is implicit (SAMPLE, LODQ), lod[] where it is a bias or an
 * explicit LOD, lod_int[] for FETCH, compare[] / offsets[] when flagged.
 * Coordinates are always mixed, all four (the exec contract fixes the
 * unused ones to 0).
 */
#include "tools/tgsi_test_sampler.h"

#include <stdlib.h>
#include <string.h>

/* ---- hashing ------------------------------------------------------------- */

static uint32_t mix(uint32_t h, uint32_t w)
{
    h ^= w;
    h *= 0x9e3779b1u; /* 2^32 / golden ratio, odd */
    return h ^ (h >> 15);
}

/* The finaliser of MurmurHash3 (public domain constants): full avalanche. */
static uint32_t avalanche(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint32_t ibits(int32_t i)
{
    uint32_t u;
    memcpy(&u, &i, 4);
    return u;
}

float tgsi_test_sampler_value(const tgsi_test_sampler *s, const swr_tex_request *req, int lane,
                              int c)
{
    uint32_t h = mix(s->seed, 0x7e57u);
    h = mix(h, req->op);
    h = mix(h, req->target);
    h = mix(h, req->sview);
    h = mix(h, req->sampler);
    h = mix(h, req->has_lod);
    h = mix(h, req->has_compare);
    h = mix(h, req->has_offsets);
    if (req->op == SWR_TEX_GATHER)
        h = mix(h, req->gather_comp);
    for (int k = 0; k < 4; k++)
        h = mix(h, fbits(req->coords.v[k][lane]));
    if (req->op == SWR_TEX_SAMPLE || req->op == SWR_TEX_LODQ) {
        for (int k = 0; k < 3; k++) {
            h = mix(h, fbits(req->ddx[k][lane]));
            h = mix(h, fbits(req->ddy[k][lane]));
        }
    }
    if (req->op == SWR_TEX_SAMPLE_L || (req->op == SWR_TEX_SAMPLE && req->has_lod))
        h = mix(h, fbits(req->lod[lane]));
    if (req->op == SWR_TEX_FETCH)
        h = mix(h, ibits(req->lod_int[lane]));
    if (req->has_compare)
        h = mix(h, fbits(req->compare[lane]));
    if (req->has_offsets)
        for (int k = 0; k < 3; k++)
            h = mix(h, ibits(req->offsets[k][lane]));
    h = avalanche(mix(h, (uint32_t)c));
    return (float)(h >> 8) * 0x1p-24f;
}

/* A texture of width 2^(5 + (h & 3)), height 2^(3 + (h >> 2 & 3)), depth
 * 1 + (h >> 4 & 7) per sview, levels = 1 + log2(width) at most 6; level
 * out of range gives 0 for the sizes but the level count still (as
 * SVIEWINFO says). */
int32_t tgsi_test_sampler_size(const tgsi_test_sampler *s, unsigned sview, int32_t level, int c)
{
    uint32_t h = avalanche(mix(s->seed ^ 0x51e5u, sview));
    int32_t w = 1 << (5 + (h & 3));
    int32_t ht = 1 << (3 + ((h >> 2) & 3));
    int32_t d = 1 + (int32_t)((h >> 4) & 7);
    int32_t levels = 1 + (int32_t)((h >> 8) % 6);
    if (c == 3)
        return levels;
    if (level < 0 || level >= levels)
        return 0;
    int32_t v = c == 0 ? w : c == 1 ? ht : d;
    v >>= (c == 2 ? 0 : level);
    return v > 0 ? v : 1;
}

uint32_t tgsi_test_sampler_samples(const tgsi_test_sampler *s, unsigned sview)
{
    static const uint32_t counts[4] = {1, 2, 4, 8};
    return counts[avalanche(mix(s->seed ^ 0x5a3bu, sview)) & 3];
}

/* ---- the interface ------------------------------------------------------- */

static void sampler_sample(const swr_sampler_interface *self, const swr_tex_request *req,
                           swr_simd_vec4 *out)
{
    tgsi_test_sampler *s = (tgsi_test_sampler *)self;
    if (s->records) {
        s->records[s->num_calls % s->max_records] = *req;
    }
    s->num_calls++;
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < 8; l++)
            out->v[c][l] = (req->mask >> l) & 1u ? tgsi_test_sampler_value(s, req, l, c) : 0.0f;
}

static void sampler_query_size(const swr_sampler_interface *self, unsigned sview,
                               const int32_t level[8], uint32_t mask, swr_simd_vec4 *out)
{
    tgsi_test_sampler *s = (tgsi_test_sampler *)self;
    s->num_size_queries++;
    s->last_query_sview = sview;
    s->last_query_mask = mask;
    memcpy(s->last_query_level, level, sizeof s->last_query_level);
    for (int c = 0; c < 4; c++) {
        for (int l = 0; l < 8; l++) {
            int32_t v = (mask >> l) & 1u ? tgsi_test_sampler_size(s, sview, level[l], c) : 0;
            memcpy(&out->v[c][l], &v, 4);
        }
    }
}

static uint32_t sampler_query_samples(const swr_sampler_interface *self, unsigned sview)
{
    tgsi_test_sampler *s = (tgsi_test_sampler *)self;
    s->num_sample_queries++;
    return tgsi_test_sampler_samples(s, sview);
}

void tgsi_test_sampler_init(tgsi_test_sampler *s, uint32_t seed)
{
    memset(s, 0, sizeof *s);
    s->base.sample = sampler_sample;
    s->base.query_size = sampler_query_size;
    s->base.query_samples = sampler_query_samples;
    s->seed = seed;
}

bool tgsi_test_sampler_record(tgsi_test_sampler *s, uint32_t n)
{
    free(s->records);
    s->records = n ? calloc(n, sizeof *s->records) : NULL;
    s->max_records = s->records ? n : 0;
    s->num_calls = s->num_size_queries = s->num_sample_queries = 0;
    return n == 0 || s->records != NULL;
}

const swr_tex_request *tgsi_test_sampler_recent(const tgsi_test_sampler *s, uint32_t k)
{
    if (!s->records || k >= s->num_calls || k >= s->max_records)
        return NULL;
    return &s->records[(s->num_calls - 1 - k) % s->max_records];
}

void tgsi_test_sampler_free(tgsi_test_sampler *s)
{
    free(s->records);
    s->records = NULL;
    s->max_records = 0;
}
