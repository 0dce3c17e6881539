/*
 * test_thr_work.c: work reaches every item exactly once, clients come and go
 * under running workers, and thr_pool_wake(n) wakes n sleepers, not all.
 *
 * Oracles: a per-item hit counter (each of N items must be hit exactly once),
 * a per-client "removed" flag and "inside" counter (no call of fn may start
 * after thr_pool_remove_client returned), and the kernel's view of which
 * worker threads are asleep (/proc/self/task/<tid>/stat).
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

#include "common/simd.h"
#include "threading/thr_priv.h"

#define WAIT_SECONDS 10.0

static thr_pool *make_pool(uint32_t workers, uint32_t spins)
{
    thr_pool_config cfg;
    thr_pool_config_default(&cfg);
    cfg.max_workers = workers;
    cfg.spin_loop_count = spins;
    thr_pool *pool = thr_pool_create(&cfg);
    assert_non_null(pool);
    assert_int_equal(thr_pool_worker_count(pool), workers);
    return pool;
}

/* ---- every item exactly once ---------------------------------------------- */

#define ITEM_COUNT 100000
/* Items a call claims at most before returning, so workers interleave. */
#define ITEMS_PER_CALL 8

typedef struct items {
    uint32_t workers;
    _Atomic uint32_t next;
    _Atomic uint32_t done;
    _Atomic uint32_t bad_worker;
    _Atomic uint32_t per_worker[8];
    _Atomic uint8_t hits[ITEM_COUNT];
} items;

static bool do_items(void *data, uint32_t worker)
{
    items *it = data;
    if (worker >= it->workers) {
        atomic_store(&it->bad_worker, 1);
        return false;
    }
    uint32_t claimed = 0;
    while (claimed < ITEMS_PER_CALL) {
        uint32_t i = atomic_fetch_add(&it->next, 1);
        if (i >= ITEM_COUNT)
            break;
        atomic_fetch_add(&it->hits[i], 1);
        atomic_fetch_add(&it->per_worker[worker], 1);
        atomic_fetch_add(&it->done, 1);
        claimed++;
    }
    return claimed > 0;
}

static void test_every_item_exactly_once(void **state)
{
    (void)state;
    static items it;
    const uint32_t worker_counts[] = {1, 2, 3, 5, 8};
    const uint32_t spin_counts[] = {0, 5000};
    for (size_t s = 0; s < 2; s++)
        for (size_t k = 0; k < sizeof worker_counts / sizeof worker_counts[0]; k++) {
            uint32_t workers = worker_counts[k];
            memset(&it, 0, sizeof it);
            it.workers = workers;
            thr_pool *pool = make_pool(workers, spin_counts[s]);
            thr_client *client = thr_pool_add_client(pool, do_items, &it);
            assert_non_null(client);
            thr_pool_wake(pool, UINT32_MAX);
            double deadline = now_seconds() + WAIT_SECONDS;
            while (atomic_load(&it.done) < ITEM_COUNT) {
                assert_true(now_seconds() < deadline);
                usleep(200);
            }
            thr_pool_remove_client(pool, client);
            thr_pool_destroy(pool);

            assert_int_equal(atomic_load(&it.bad_worker), 0);
            assert_int_equal(atomic_load(&it.done), ITEM_COUNT);
            for (uint32_t i = 0; i < ITEM_COUNT; i++)
                if (atomic_load(&it.hits[i]) != 1)
                    fail_msg("item %u done %u times (%u workers)", i, atomic_load(&it.hits[i]),
                             workers);
            uint32_t sum = 0;
            for (uint32_t w = 0; w < workers; w++)
                sum += atomic_load(&it.per_worker[w]);
            assert_int_equal(sum, ITEM_COUNT);
        }
}

/* ---- clients added and removed under running workers -------------------- */

#define CHURN_ROUNDS 3000
#define CHURN_LIVE   8
/* Pauses inside fn, so that remove often finds a worker inside. */
#define CHURN_FN_PAUSES  50
#define CHURN_BUSY_CALLS 200

typedef struct churn_client {
    _Atomic int inside;
    _Atomic int removed;
    _Atomic int calls;
} churn_client;

static _Atomic int churn_violations;

static bool churn_fn(void *data, uint32_t worker)
{
    (void)worker;
    churn_client *c = data;
    if (atomic_load(&c->removed))
        atomic_fetch_add(&churn_violations, 1);
    atomic_fetch_add(&c->inside, 1);
    for (int i = 0; i < CHURN_FN_PAUSES; i++)
        simd_pause();
    atomic_fetch_sub(&c->inside, 1);
    /* Busy for its first calls (workers hop between live clients), then
       idle so that the main thread gets CPU time on a 2-core machine. */
    return atomic_fetch_add(&c->calls, 1) < CHURN_BUSY_CALLS;
}

/* Removals that began while a worker was inside fn: the case that matters. */
static uint32_t churn_busy_removes;

static void churn_remove(thr_pool *pool, thr_client *handle, churn_client *c)
{
    churn_busy_removes += atomic_load(&c->inside) > 0;
    thr_pool_remove_client(pool, handle);
    assert_int_equal(atomic_load(&c->inside), 0);
    atomic_store(&c->removed, 1);
}

static void test_clients_added_and_removed_while_running(void **state)
{
    (void)state;
    static churn_client records[CHURN_ROUNDS];
    memset(records, 0, sizeof records);
    atomic_store(&churn_violations, 0);
    churn_busy_removes = 0;

    thr_pool *pool = make_pool(3, 100);
    thr_client *handles[CHURN_LIVE] = {0};
    churn_client *live[CHURN_LIVE] = {0};
    uint32_t rng = 12345;
    uint32_t waited_for_calls = 0;
    for (uint32_t round = 0; round < CHURN_ROUNDS; round++) {
        rng = rng * 1664525u + 1013904223u;
        uint32_t k = (rng >> 16) % CHURN_LIVE;
        if (live[k]) {
            churn_remove(pool, handles[k], live[k]);
            live[k] = NULL;
            continue;
        }
        live[k] = &records[round];
        handles[k] = thr_pool_add_client(pool, churn_fn, live[k]);
        assert_non_null(handles[k]);
        thr_pool_wake(pool, UINT32_MAX);
        /* Wait for a first call most of the time, so removals race with fn. */
        if ((rng >> 8) % 4 != 0) {
            double deadline = now_seconds() + WAIT_SECONDS;
            while (atomic_load(&live[k]->calls) == 0) {
                assert_true(now_seconds() < deadline);
                usleep(10);
            }
            waited_for_calls++;
        }
    }
    for (uint32_t k = 0; k < CHURN_LIVE; k++)
        if (live[k])
            churn_remove(pool, handles[k], live[k]);
    /* Give stale calls a chance to show up before the verdict. */
    usleep(20000);
    thr_pool_destroy(pool);
    assert_int_equal(atomic_load(&churn_violations), 0);
    assert_true(waited_for_calls > CHURN_ROUNDS / 4);
    print_message("%u of the removals began with a worker inside fn\n", churn_busy_removes);
}

static bool never_work(void *data, uint32_t worker)
{
    (void)data;
    (void)worker;
    return false;
}

static void test_client_slots_run_out(void **state)
{
    (void)state;
    thr_pool *pool = make_pool(2, 0);
    thr_client *handles[THR_MAX_CLIENTS];
    for (uint32_t i = 0; i < THR_MAX_CLIENTS; i++) {
        handles[i] = thr_pool_add_client(pool, never_work, NULL);
        assert_non_null(handles[i]);
        for (uint32_t j = 0; j < i; j++)
            assert_ptr_not_equal(handles[i], handles[j]);
    }
    assert_null(thr_pool_add_client(pool, never_work, NULL));
    thr_pool_remove_client(pool, handles[17]);
    handles[17] = thr_pool_add_client(pool, never_work, NULL);
    assert_non_null(handles[17]);
    thr_pool_wake(pool, UINT32_MAX);
    for (uint32_t i = 0; i < THR_MAX_CLIENTS; i++)
        thr_pool_remove_client(pool, handles[i]);
    thr_pool_destroy(pool);
}

/* ---- wake(n) wakes n sleepers ---------------------------------------------- */

#define WAKE_WORKERS 4

typedef struct wake_probe {
    _Atomic int tid[WAKE_WORKERS];
    _Atomic uint32_t calls[WAKE_WORKERS];
} wake_probe;

static bool wake_probe_fn(void *data, uint32_t worker)
{
    wake_probe *p = data;
    atomic_store(&p->tid[worker], gettid());
    atomic_fetch_add(&p->calls[worker], 1);
    return false;
}

/* Waits until every worker has called fn at least `min_calls` times and is
   asleep in the kernel. */
static void wait_all_asleep(wake_probe *p, uint32_t *min_calls)
{
    double deadline = now_seconds() + WAIT_SECONDS;
    for (;;) {
        bool all = true;
        for (int w = 0; w < WAKE_WORKERS; w++) {
            int tid = atomic_load(&p->tid[w]);
            if (atomic_load(&p->calls[w]) < min_calls[w] || tid == 0 || thread_state(tid) != 'S')
                all = false;
        }
        if (all)
            return;
        assert_true(now_seconds() < deadline);
        usleep(1000);
    }
}

/* Wakes n, waits for n workers to call fn, then a while longer to see that
   no more do. */
static void check_wake(thr_pool *pool, wake_probe *p, uint32_t n, uint32_t expect_woken)
{
    uint32_t before[WAKE_WORKERS];
    for (int w = 0; w < WAKE_WORKERS; w++)
        before[w] = atomic_load(&p->calls[w]);
    wait_all_asleep(p, before);
    thr_pool_wake(pool, n);
    double deadline = now_seconds() + WAIT_SECONDS;
    uint32_t woken;
    do {
        assert_true(now_seconds() < deadline);
        usleep(1000);
        woken = 0;
        for (int w = 0; w < WAKE_WORKERS; w++)
            woken += atomic_load(&p->calls[w]) != before[w];
    } while (woken < expect_woken);
    usleep(50000);
    woken = 0;
    for (int w = 0; w < WAKE_WORKERS; w++)
        woken += atomic_load(&p->calls[w]) != before[w];
    assert_int_equal(woken, expect_woken);
}

static void test_wake_n_wakes_n_sleepers(void **state)
{
    (void)state;
    static wake_probe p;
    memset(&p, 0, sizeof p);
    thr_pool *pool = make_pool(WAKE_WORKERS, 0);
    thr_client *client = thr_pool_add_client(pool, wake_probe_fn, &p);
    thr_pool_wake(pool, UINT32_MAX);
    uint32_t one[WAKE_WORKERS] = {1, 1, 1, 1};
    wait_all_asleep(&p, one);

    check_wake(pool, &p, 1, 1);
    check_wake(pool, &p, 2, 2);
    check_wake(pool, &p, 3, 3);
    check_wake(pool, &p, UINT32_MAX, WAKE_WORKERS);
    check_wake(pool, &p, 0, 0);

    thr_pool_remove_client(pool, client);
    thr_pool_destroy(pool);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_item_exactly_once),
        cmocka_unit_test(test_clients_added_and_removed_while_running),
        cmocka_unit_test(test_client_slots_run_out),
        cmocka_unit_test(test_wake_n_wakes_n_sleepers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
