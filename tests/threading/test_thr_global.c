/*
 * test_thr_global.c: the process-wide pool follows the knobs and is shared
 * and reference counted.
 *
 * KNOB_MAX_WORKER_THREADS=2 and KNOB_WORKER_SPIN_LOOP_COUNT=7 are put in the
 * environment before the first acquire (which runs knob_init()), so the
 * oracle is the environment text itself.
 */
#define _GNU_SOURCE
#include "thr_test_util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include "threading/thr_priv.h"

static bool count_call(void *data, uint32_t worker)
{
    (void)worker;
    atomic_fetch_add((_Atomic uint32_t *)data, 1);
    return false;
}

static void test_config_from_knobs(void **state)
{
    (void)state;
    thr_pool_config cfg;
    memset(&cfg, 0xff, sizeof cfg);
    thr_pool_config_from_knobs(&cfg);
    assert_int_equal(cfg.max_workers, 2);
    assert_int_equal(cfg.spin_loop_count, 7);
    assert_int_equal(cfg.max_threads_per_core, 3);
    assert_int_equal(cfg.max_numa_nodes, 0);
    assert_int_equal(cfg.max_cores_per_numa_node, 0);
    assert_int_equal(cfg.base_numa_node, 0);
    assert_int_equal(cfg.base_core, 0);
    assert_int_equal(cfg.base_thread, 0);
}

static void test_shared_pool_is_reference_counted(void **state)
{
    (void)state;
    thr_pool *a = thr_pool_acquire(0);
    thr_pool *b = thr_pool_acquire(0);
    assert_non_null(a);
    assert_ptr_equal(a, b);
    assert_int_equal(thr_pool_worker_count(a), 2);
    int cpus[2];
    thr_pool_get_worker_cpus(a, cpus);
    assert_int_equal(cpus[0], -1);
    assert_int_equal(cpus[1], -1);

    _Atomic uint32_t calls;
    atomic_init(&calls, 0);
    thr_client *client = thr_pool_add_client(a, count_call, &calls);
    thr_pool_wake(a, UINT32_MAX);
    double deadline = now_seconds() + 10.0;
    while (atomic_load(&calls) == 0) {
        assert_true(now_seconds() < deadline);
        usleep(100);
    }
    thr_pool_remove_client(a, client);
    thr_pool_release(a);
    /* Still alive for b: a client still runs. */
    atomic_store(&calls, 0);
    client = thr_pool_add_client(b, count_call, &calls);
    thr_pool_wake(b, UINT32_MAX);
    while (atomic_load(&calls) == 0) {
        assert_true(now_seconds() < deadline);
        usleep(100);
    }
    thr_pool_remove_client(b, client);
    thr_pool_release(b);

    /* After the last release a new acquire builds a working pool again. */
    thr_pool *c = thr_pool_acquire(0);
    assert_non_null(c);
    assert_int_equal(thr_pool_worker_count(c), 2);
    thr_pool_release(c);
}

/* A worker count given at acquire (the context descriptor's `workers`)
 * overrides KNOB_MAX_WORKER_THREADS when it creates the pool; while the
 * pool lives, later acquires share it as it is. */
static void test_acquire_worker_count(void **state)
{
    (void)state;
    thr_pool *a = thr_pool_acquire(3);
    assert_non_null(a);
    assert_int_equal(thr_pool_worker_count(a), 3);
    thr_pool *b = thr_pool_acquire(5);
    assert_ptr_equal(a, b);
    assert_int_equal(thr_pool_worker_count(b), 3);
    thr_pool_release(b);
    thr_pool_release(a);
    thr_pool *c = thr_pool_acquire(1);
    assert_int_equal(thr_pool_worker_count(c), 1);
    thr_pool_release(c);
    thr_pool *d = thr_pool_acquire(0); /* back to the knob's 2 */
    assert_int_equal(thr_pool_worker_count(d), 2);
    thr_pool_release(d);
}

int main(void)
{
    setenv("KNOB_MAX_WORKER_THREADS", "2", 1);
    setenv("KNOB_WORKER_SPIN_LOOP_COUNT", "7", 1);
    setenv("KNOB_MAX_THREADS_PER_CORE", "3", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_from_knobs),
        cmocka_unit_test(test_shared_pool_is_reference_counted),
        cmocka_unit_test(test_acquire_worker_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
