/*
 * bench_fetch.c: vertex fetch throughput (rasterizer/fe_fetch.c). One
 * iteration fetches one batch of 8 vertices, so the reported time is ns per
 * 8 vertices and items_per_second is vertices per second.
 *
 * Layouts: "pos" = one FLOAT32x3 position (stride 12); "typical" = float3
 * position + float3 normal + UNORM8x4 colour + float2 uv interleaved
 * (stride 36). Indices: sequential (a strip of 8 consecutive vertices) or
 * random over 64 Ki vertices (2.3 MiB for "typical", so partly out of L2).
 */
#include <stdlib.h>
#include <string.h>

#include "cbench.h"
#include "rasterizer/fe_fetch.h"

#define NVERTS 65536

typedef struct bench_case {
    int typical;    /* 0: pos only, 1: typical layout */
    int random;     /* 0: sequential, 1: random indices */
} bench_case;

static void bm_fetch(cb_state *st, void *user)
{
    const bench_case *bc = user;
    uint32_t stride = bc->typical ? 36 : 12;
    uint8_t *data = malloc((size_t)NVERTS * stride);
    int32_t *indices = malloc(sizeof(int32_t) * NVERTS);
    swr_vertex_buffer buffers[SWR_MAX_VERTEX_BUFFERS];
    swr_vertex_layout layout;
    fe_fetch_plan plan;
    swr_simd_vec4 out[4];
    uint32_t inst[8] = {0};
    uint32_t seed = 12345;

    for (size_t i = 0; i < (size_t)NVERTS * stride; i++)
        data[i] = (uint8_t)(i * 2654435761u >> 24);
    for (int i = 0; i < NVERTS; i++) {
        seed = seed * 1664525u + 1013904223u;
        indices[i] = bc->random ? (int32_t)(seed >> 16) % NVERTS : i;
    }
    memset(buffers, 0, sizeof(buffers));
    buffers[0] = (swr_vertex_buffer){data, NVERTS * stride, stride};
    memset(&layout, 0, sizeof(layout));
    layout.elements[0] = (swr_vertex_element){.offset_bytes = 0, .type = SWR_VTYPE_FLOAT32, .components = 3};
    layout.num_elements = 1;
    if (bc->typical) {
        layout.elements[1] = (swr_vertex_element){.offset_bytes = 12, .type = SWR_VTYPE_FLOAT32, .components = 3};
        layout.elements[2] = (swr_vertex_element){.offset_bytes = 24, .type = SWR_VTYPE_UNORM8, .components = 4};
        layout.elements[3] = (swr_vertex_element){.offset_bytes = 28, .type = SWR_VTYPE_FLOAT32, .components = 2};
        layout.num_elements = 4;
    }
    if (!fe_fetch_compile(&layout, &plan, NULL)) {
        cb_skip_with_error(st, "fe_fetch_compile failed");
    } else {
        uint32_t pos = 0;
        while (cb_keep_running(st)) {
            fe_fetch8(&plan, buffers, indices + pos, inst, 0, 0xff, out);
            cb_clobber_memory();
            pos = (pos + 8) & (NVERTS - 1);
        }
        cb_set_items_processed(st, cb_iterations(st) * 8);
        cb_counter(st, "Mvert", (double)cb_iterations(st) * 8 / 1e6, CB_COUNTER_RATE);
    }
    free(indices);
    free(data);
}

static bench_case cases[4] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};

__attribute__((constructor)) static void register_fetch_benchmarks(void)
{
    cb_register("fetch/pos_float3/sequential", bm_fetch, &cases[0]);
    cb_register("fetch/pos_float3/random", bm_fetch, &cases[1]);
    cb_register("fetch/typical/sequential", bm_fetch, &cases[2]);
    cb_register("fetch/typical/random", bm_fetch, &cases[3]);
}

int main(int argc, char **argv) { return cb_main(argc, argv); }
