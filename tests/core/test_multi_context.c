/*
 * test_multi_context: one worker pool serves every context of a process.
 * Four contexts, each driven by its own API thread at the same time, render
 * different blended scenes; each image must equal the same scene rendered by
 * a single-threaded context alone (the oracle: single-threaded rendering is
 * the reference the determinism test also uses). Runs under TSan in CI.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

enum { W = 150, H = 97, CONTEXTS = 4 };

typedef struct job {
    uint64_t seed;
    const swr_context_desc *desc;
    uint8_t *image; /* W * H * 4 */
    uint32_t draws;
} job;

/* Random blended triangles, a few per draw, with the blend colour changing
 * between draws so that draw order matters. */
static void render(job *j)
{
    tu_target t;
    assert_int_equal(tu_target_init(&t, j->desc, W, H, SWR_FORMAT_B8G8R8A8_UNORM, SWR_FORMAT_NONE),
                     SWR_OK);
    tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
    swr_blend_state blend = {0};
    blend.rt[0] = (swr_blend_rt){true,
                                 SWR_BLEND_ADD,
                                 SWR_BLENDFACTOR_CONST_ALPHA,
                                 SWR_BLENDFACTOR_INV_CONST_ALPHA,
                                 SWR_BLEND_ADD,
                                 SWR_BLENDFACTOR_ONE,
                                 SWR_BLENDFACTOR_ZERO,
                                 SWR_MASK_RGBA};
    swr_set_blend_state(t.ctx, &blend);
    static const float black[4] = {0, 0, 0, 1};
    tu_clear(&t, black, 1.0);
    uint64_t s = j->seed;
    tu_vertex *v = malloc(sizeof(tu_vertex) * 3 * 4 * j->draws);
    assert_non_null(v);
    for (uint32_t d = 0; d < j->draws; d++) {
        tu_vertex *dv = &v[d * 12];
        for (int k = 0; k < 12; k++) {
            dv[k].pos[0] = tu_randf(&s, -1.2f, 1.2f);
            dv[k].pos[1] = tu_randf(&s, -1.2f, 1.2f);
            dv[k].pos[2] = 0.0f;
            dv[k].pos[3] = 1.0f;
            for (int c = 0; c < 4; c++)
                dv[k].color[c] = tu_randf(&s, 0.0f, 1.0f);
        }
        float bc[4] = {0, 0, 0, tu_randf(&s, 0.1f, 0.9f)};
        swr_set_blend_color(t.ctx, bc);
        tu_bind_vertices(t.ctx, dv, 12);
        swr_draw_info di = {.topology = SWR_TOPO_TRIANGLES, .count = 12};
        assert_int_equal(swr_draw(t.ctx, &di), SWR_OK);
    }
    tu_finish(&t);
    for (uint32_t y = 0; y < H; y++)
        memcpy(j->image + (size_t)y * W * 4, t.color + (size_t)y * t.cpitch, W * 4);
    tu_target_free(&t);
    free(v);
}

static void *thread_main(void *arg)
{
    render(arg);
    return NULL;
}

static void test_concurrent_contexts(void **state)
{
    (void)state;
    static const swr_context_desc pooled = {.max_draws_in_flight = 16, .max_prims_per_draw = 3};
    static const swr_context_desc single = {.single_threaded = 1};
    uint32_t draws = tu_sanitized() ? 60 : 400;
    job par[CONTEXTS], ref[CONTEXTS];
    for (int i = 0; i < CONTEXTS; i++) {
        par[i] = (job){0x1234 + 77 * (uint64_t)i, &pooled, malloc(W * H * 4), draws};
        ref[i] = (job){par[i].seed, &single, malloc(W * H * 4), draws};
        assert_non_null(par[i].image);
        assert_non_null(ref[i].image);
        render(&ref[i]);
    }
    pthread_t th[CONTEXTS];
    for (int i = 0; i < CONTEXTS; i++)
        assert_int_equal(pthread_create(&th[i], NULL, thread_main, &par[i]), 0);
    for (int i = 0; i < CONTEXTS; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < CONTEXTS; i++) {
        assert_memory_equal(par[i].image, ref[i].image, W * H * 4);
        free(par[i].image);
        free(ref[i].image);
    }
}

/* The descriptor's `workers` sizes the pool when its context creates it;
 * a context created while the pool lives shares it as it is, and the image
 * of a pooled context of any size equals the single-threaded one. */
static void test_descriptor_workers(void **state)
{
    (void)state;
    swr_context *a = NULL, *b = NULL;
    swr_context_desc da = {.workers = 3}, db = {.workers = 1};
    assert_int_equal(swr_context_create(&da, &a), SWR_OK);
    assert_int_equal(swr_worker_count(a), 3);
    assert_int_equal(swr_context_create(&db, &b), SWR_OK);
    assert_int_equal(swr_worker_count(b), 3);
    swr_context_destroy(b);
    swr_context_destroy(a);
    assert_int_equal(swr_context_create(&db, &b), SWR_OK);
    assert_int_equal(swr_worker_count(b), 1);
    swr_context_destroy(b);

    static uint8_t ref[W * H * 4], img[W * H * 4];
    const swr_context_desc st = {.single_threaded = 1};
    job jr = {.seed = 77, .desc = &st, .image = ref, .draws = 40};
    render(&jr);
    for (uint32_t n = 1; n <= 4; n++) {
        const swr_context_desc d = {.workers = n};
        job jn = {.seed = 77, .desc = &d, .image = img, .draws = 40};
        render(&jn);
        assert_memory_equal(img, ref, sizeof ref);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_concurrent_contexts),
        cmocka_unit_test(test_descriptor_workers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
