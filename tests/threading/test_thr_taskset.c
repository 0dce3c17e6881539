/*
 * test_thr_taskset.c: a pool created under a narrowed affinity mask (what
 * `taskset -c N` does) has one worker, bound to CPU N, running there.
 *
 * hwloc must load after the mask changes, so this is its own executable and
 * uses thr_pool_create(), which loads a fresh topology. The mask is narrowed
 * to the last allowed CPU first (a pool that always binds CPU 0 fails), then
 * to the first one. Under TSan the sanitizer's helper thread keeps the full
 * mask, which also checks that the pool honours the creating thread's mask.
 * Oracle: sched_getaffinity before the change, sched_getcpu in the worker.
 */
#define _GNU_SOURCE
#include "thr_test_util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <unistd.h>

#include <cmocka.h>

#include "threading/thr_priv.h"

typedef struct seen {
    _Atomic int cpu; /* -2 until the worker ran */
    _Atomic int calls;
} seen;

static bool record_cpu(void *data, uint32_t worker)
{
    seen *s = data;
    if (worker != 0)
        atomic_store(&s->cpu, -3);
    else
        atomic_store(&s->cpu, sched_getcpu());
    atomic_fetch_add(&s->calls, 1);
    return false;
}

static void check_pool_on_single_cpu(int cpu)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    assert_int_equal(sched_setaffinity(0, sizeof one, &one), 0);

    thr_pool *pool = thr_pool_create(NULL);
    assert_non_null(pool);
    assert_int_equal(thr_pool_worker_count(pool), 1);
    int bound = -5;
    thr_pool_get_worker_cpus(pool, &bound);
    assert_int_equal(bound, cpu);

    seen s;
    atomic_init(&s.cpu, -2);
    atomic_init(&s.calls, 0);
    thr_client *client = thr_pool_add_client(pool, record_cpu, &s);
    assert_non_null(client);
    thr_pool_wake(pool, UINT32_MAX);
    double deadline = now_seconds() + 10.0;
    while (atomic_load(&s.calls) == 0) {
        assert_true(now_seconds() < deadline);
        usleep(100);
    }
    thr_pool_remove_client(pool, client);
    assert_int_equal(atomic_load(&s.cpu), cpu);
    thr_pool_destroy(pool);

    /* The topology as hwloc + the mask see it: one core, one PU. */
    thr_topology topo;
    assert_true(thr_topology_load(&topo));
    assert_int_equal(topo.core_count, 1);
    assert_int_equal(topo.pu_count, 1);
    assert_int_equal(topo.pus[0], cpu);
    thr_topology_free(&topo);
}

static void test_pool_honours_affinity_mask(void **state)
{
    (void)state;
    oracle_cpu allowed[ORACLE_MAX_CPUS];
    int n = oracle_allowed_cpus(allowed);
    assert_true(n > 0);
    cpu_set_t original;
    assert_int_equal(sched_getaffinity(0, sizeof original, &original), 0);

    check_pool_on_single_cpu(allowed[n - 1].cpu);
    check_pool_on_single_cpu(allowed[0].cpu);

    assert_int_equal(sched_setaffinity(0, sizeof original, &original), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pool_honours_affinity_mask),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
