/*
 * test_thr_wakeup.c: no lost wakeups.
 *
 * Workers never spin (spin_loop_count = 0), so between two rounds they go
 * back to sleep and race with the next post. Each round the main thread posts
 * one item, calls thr_pool_wake(pool, 1) and waits until a worker took it.
 * A lost wakeup leaves the item untaken with every worker asleep; the round's
 * deadline then fails the test instead of hanging it.
 * Oracle: the posted/taken counters (every round's item taken exactly once).
 */
#define _GNU_SOURCE
#include "thr_test_util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>

#include <cmocka.h>

#include "common/simd.h"
#include "threading/thr_priv.h"

/* Rounds per test; the single-worker case is the less racy one, so it gets
   fewer to keep the sanitizer runs short. */
#define ROUNDS            100000
#define ROUNDS_ONE_WORKER 30000
/* Per round; a healthy round takes microseconds. */
#define ROUND_DEADLINE_SECONDS 5.0
/* Delay before a post: 0..MAX_DELAY_PAUSES-1 pauses (a few microseconds). */
#define MAX_DELAY_PAUSES   64
#define SPINS_BEFORE_YIELD 256

typedef struct queue {
    _Atomic uint32_t posted;
    _Atomic uint32_t taken;
} queue;

static bool take_one(void *data, uint32_t worker)
{
    (void)worker;
    queue *q = data;
    uint32_t taken = atomic_load(&q->taken);
    while (taken < atomic_load(&q->posted))
        if (atomic_compare_exchange_weak(&q->taken, &taken, taken + 1))
            return true;
    return false;
}

static void run_rounds(uint32_t workers, uint32_t rounds)
{
    thr_pool_config cfg;
    thr_pool_config_default(&cfg);
    cfg.max_workers = workers;
    cfg.spin_loop_count = 0;
    thr_pool *pool = thr_pool_create(&cfg);
    assert_non_null(pool);
    assert_int_equal(thr_pool_worker_count(pool), workers);

    queue q;
    atomic_init(&q.posted, 0);
    atomic_init(&q.taken, 0);
    thr_client *client = thr_pool_add_client(pool, take_one, &q);
    assert_non_null(client);

    uint32_t rng = 1;
    for (uint32_t r = 1; r <= rounds; r++) {
        /* A varying delay slides the post across the worker's way from
           "took the item" to "asleep", so that the post also lands in the few
           nanoseconds between its last epoch check and the futex call. */
        rng = rng * 1664525u + 1013904223u;
        for (uint32_t i = (rng >> 16) % MAX_DELAY_PAUSES; i > 0; i--)
            simd_pause();
        atomic_store(&q.posted, r);
        thr_pool_wake(pool, 1);
        double deadline = 0;
        for (uint32_t spins = 0; atomic_load(&q.taken) != r; spins++) {
            if (spins % 1024 == 1023) {
                double now = now_seconds();
                if (deadline == 0)
                    deadline = now + ROUND_DEADLINE_SECONDS;
                else if (now > deadline)
                    fail_msg("round %u: item not taken, wakeup lost (%u workers)", r, workers);
            }
            /* Spin first so the next post follows the take closely. */
            if (spins < SPINS_BEFORE_YIELD)
                simd_pause();
            else
                sched_yield();
        }
    }
    thr_pool_remove_client(pool, client);
    thr_pool_destroy(pool);
    assert_int_equal(atomic_load(&q.taken), rounds);
}

static void test_no_lost_wakeup_one_worker(void **state)
{
    (void)state;
    run_rounds(1, ROUNDS_ONE_WORKER);
}

static void test_no_lost_wakeup_four_workers(void **state)
{
    (void)state;
    run_rounds(4, ROUNDS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_lost_wakeup_one_worker),
        cmocka_unit_test(test_no_lost_wakeup_four_workers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
