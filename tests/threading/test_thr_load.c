/*
 * test_thr_load.c: the load governor parks workers while their cores are
 * shared and brings them back when the cores are free (thr_load.c).
 *
 * Two halves. The policy (thr_load_decide) is driven with made-up run/wait
 * numbers and checked against the rule its essay states: with a waited
 * fraction f over a window, keep floor((1 - f) * (active + 1)) - 1 workers;
 * probe after 100 ms, doubling to 3.2 s while the load stays; too little
 * demand decides nothing. Then a real pool: every allowed CPU gets a worker
 * spinning on client work and, for a while, a busy process too; the kernel's
 * own accounting must make the governor park workers, and after the busy
 * processes are gone, bring every worker back. That half runs alone
 * (RUN_SERIAL): other tests on the machine are load too; the check that a
 * quiet machine parks nobody is skipped when /proc/loadavg shows other
 * runnable threads.
 */
#define _GNU_SOURCE
#include "thr_test_util.h"

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "threading/thr_priv.h"

#define MS 1000000ull

/* Feeds one window of 4 samples totalling run/wait ms; returns the limit. */
static uint32_t window(thr_load_policy *p, uint64_t *now, double run_ms, double wait_ms)
{
    uint32_t limit = 0;
    for (int i = 0; i < 4; i++) {
        *now += 10 * MS;
        limit = thr_load_decide(p, *now, (uint64_t)(run_ms / 4 * MS), (uint64_t)(wait_ms / 4 * MS));
    }
    return limit;
}

static void policy_quiet_keeps_all(void **state)
{
    (void)state;
    thr_load_policy p;
    thr_load_init(&p, 3);
    uint64_t now = 0;
    for (int i = 0; i < 20; i++)
        assert_int_equal(window(&p, &now, 100, 20), 3); /* 17% waited: not contended */
    assert_int_equal(p.parks, 0);
}

static void policy_contended_parks_by_rule(void **state)
{
    (void)state;
    thr_load_policy p;
    thr_load_init(&p, 7);
    uint64_t now = 0;
    /* 30% waited by 8 running threads: 5.6 CPUs -> 5 threads -> 4 workers. */
    assert_int_equal(window(&p, &now, 70, 30), 4);
    thr_load_init(&p, 1);
    /* One worker and the API thread on one free CPU: each waits half. */
    assert_int_equal(window(&p, &now, 50, 50), 0);
    /* 26% by 5: 3.7 CPUs -> 3 threads -> 2 workers. */
    thr_load_init(&p, 4);
    assert_int_equal(window(&p, &now, 74, 26), 2);
}

static void policy_needs_demand(void **state)
{
    (void)state;
    thr_load_policy p;
    thr_load_init(&p, 2);
    uint64_t now = 0;
    /* 3 ms of demand in the window: below the 4 ms needed to judge. */
    assert_int_equal(window(&p, &now, 1, 2), 2);
    assert_int_equal(p.parks, 0);
}

static void policy_probes_with_backoff(void **state)
{
    (void)state;
    thr_load_policy p;
    thr_load_init(&p, 1);
    uint64_t now = 0;
    assert_int_equal(window(&p, &now, 50, 50), 0);
    uint64_t parked_at = now;
    /* Parked for 100 ms: windows before that keep it parked. */
    while (now + 40 * MS < parked_at + 100 * MS)
        assert_int_equal(window(&p, &now, 0, 0), 0);
    /* The window that ends after the back-off probes. */
    assert_int_equal(window(&p, &now, 0, 0), 1);
    /* Still contended: parked again, for twice as long. */
    assert_int_equal(window(&p, &now, 40, 60), 0);
    assert_int_equal(p.park_until_ns - now, 200 * MS);
    /* Back-offs double up to 3.2 s and stay there. */
    for (int k = 0; k < 8; k++) {
        while (window(&p, &now, 0, 0) == 0)
            ;
        window(&p, &now, 40, 60);
    }
    assert_int_equal(p.park_until_ns - now, 3200 * MS);
    /* A quiet probe keeps the worker and resets the back-off. */
    while (window(&p, &now, 0, 0) == 0)
        ;
    assert_int_equal(window(&p, &now, 90, 5), 1);
    assert_int_equal(window(&p, &now, 40, 60), 0);
    assert_int_equal(p.park_until_ns - now, 100 * MS);
}

/* ---- a real pool under real load ------------------------------------------ */

typedef struct spin_client {
    _Atomic bool stop;
} spin_client;

/* About 50 us of work per call while not stopped. */
static bool spin_work(void *data, uint32_t worker)
{
    (void)worker;
    spin_client *c = data;
    if (atomic_load(&c->stop))
        return false;
    double end = now_seconds() + 50e-6;
    while (now_seconds() < end)
        ;
    return true;
}

static int start_busy(int n, pid_t *pids)
{
    int k = 0;
    for (; k < n; k++) {
        pid_t p = fork();
        if (p < 0)
            break;
        if (p == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            volatile unsigned long x = 0;
            for (;;)
                x++;
        }
        pids[k] = p;
    }
    return k;
}

static void stop_busy(int n, const pid_t *pids)
{
    for (int i = 0; i < n; i++) {
        kill(pids[i], SIGKILL);
        waitpid(pids[i], NULL, 0);
    }
}

/* Polls the governor (as API threads do when they publish) until active()
   satisfies want or `seconds` pass; returns the last active count. */
static uint32_t poll_until(thr_pool *pool, bool (*want)(uint32_t, uint32_t), uint32_t n,
                           double seconds)
{
    double end = now_seconds() + seconds;
    uint32_t active = thr_pool_poll_load(pool);
    while (!want(active, n) && now_seconds() < end) {
        usleep(1000);
        active = thr_pool_poll_load(pool);
    }
    return active;
}

/* Runnable threads on the machine besides our n workers and this thread,
   from the running count of /proc/loadavg (sampled a few times, lowest). */
static int others_running(uint32_t n)
{
    int lowest = 1 << 30;
    for (int k = 0; k < 5; k++) {
        FILE *f = fopen("/proc/loadavg", "r");
        int running = 0, total = 0;
        if (f) {
            if (fscanf(f, "%*f %*f %*f %d/%d", &running, &total) != 2)
                running = 0;
            fclose(f);
        }
        int others = running - (int)n - 1;
        if (others < lowest)
            lowest = others;
        usleep(2000);
    }
    return lowest > 0 ? lowest : 0;
}

static bool below(uint32_t active, uint32_t n) { return active < n; }
static bool all(uint32_t active, uint32_t n) { return active == n; }

static void pool_parks_under_load_and_recovers(void **state)
{
    (void)state;
    oracle_cpu cpus[ORACLE_MAX_CPUS];
    int ncpu = oracle_allowed_cpus(cpus);
    if (ncpu > 16)
        ncpu = 16;
    thr_pool_config cfg;
    thr_pool_config_default(&cfg);
    cfg.max_workers = (uint32_t)ncpu;
    cfg.adapt_to_load = true;
    thr_pool *pool = thr_pool_create(&cfg);
    assert_non_null(pool);
    uint32_t n = thr_pool_worker_count(pool);
    spin_client client = {false};
    thr_client *c = thr_pool_add_client(pool, spin_work, &client);
    assert_non_null(c);
    thr_pool_wake(pool, UINT32_MAX);

    /* Alone, the workers keep their CPUs (n workers on n CPUs; this thread
       mostly sleeps). */
    uint32_t quiet = poll_until(pool, below, n, 0.5);
    /* Only a quiet machine can show that: other runnable threads (beyond our
       n workers and this one) are load the governor must react to. */
    if (others_running(n) == 0)
        assert_int_equal(quiet, n);
    else
        fprintf(stderr, "note: the machine is not quiet; the no-parking check is skipped\n");

    pid_t pids[16];
    int busy = start_busy(ncpu, pids);
    assert_int_equal(busy, ncpu);
    uint32_t loaded = poll_until(pool, below, n, 5.0);
    stop_busy(busy, pids);
    assert_true(loaded < n);

    /* Back-offs are at most 3.2 s; a probe needs a window of 40 ms. */
    thr_pool_wake(pool, UINT32_MAX);
    uint32_t freed = poll_until(pool, all, n, 10.0);
    assert_int_equal(freed, n);

    atomic_store(&client.stop, true);
    thr_pool_remove_client(pool, c);
    thr_pool_destroy(pool);
}

/* Without adapt_to_load the governor never parks anybody. */
static void pool_without_adapt_reports_all(void **state)
{
    (void)state;
    thr_pool_config cfg;
    thr_pool_config_default(&cfg);
    cfg.max_workers = 2;
    thr_pool *pool = thr_pool_create(&cfg);
    assert_non_null(pool);
    for (int i = 0; i < 50; i++) {
        assert_int_equal(thr_pool_poll_load(pool), 2);
        usleep(1000);
    }
    thr_pool_destroy(pool);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(policy_quiet_keeps_all),
        cmocka_unit_test(policy_contended_parks_by_rule),
        cmocka_unit_test(policy_needs_demand),
        cmocka_unit_test(policy_probes_with_backoff),
        cmocka_unit_test(pool_without_adapt_reports_all),
        cmocka_unit_test(pool_parks_under_load_and_recovers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
