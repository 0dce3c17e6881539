/*
 * test_thr_placement.c: the topology restricted to the affinity mask, and
 * where workers go.
 *
 * Oracles: the allowed CPUs and their cores from sched_getaffinity + sysfs
 * (thr_test_util.h), never hwloc; for the placement policy, a filter over
 * every (node, core, PU) triple of synthetic machines written straight from
 * the knob definitions; and sched_getcpu() inside the workers.
 */
#define _GNU_SOURCE
#include "thr_test_util.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include "threading/thr_priv.h"

/* Generous: a worker only has to be scheduled once. */
#define WAIT_SECONDS 10.0

/* ---- topology vs. sysfs ------------------------------------------------- */

/* NUMA nodes having at least one allowed CPU, from /sys/devices/system/node. */
static int oracle_node_count(const oracle_cpu *cpus, int n)
{
    int nodes = 0;
    bool any_dir = false;
    for (int node = 0; node < 4096; node++) {
        char path[96];
        snprintf(path, sizeof path, "/sys/devices/system/node/node%d/cpulist", node);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        any_dir = true;
        bool used = false;
        int lo, hi;
        char sep;
        /* cpulist is "a-b,c,d-e\n" */
        while (fscanf(f, "%d", &lo) == 1) {
            hi = lo;
            if (fscanf(f, "%c", &sep) == 1 && sep == '-') {
                if (fscanf(f, "%d", &hi) != 1)
                    break;
                if (fscanf(f, "%c", &sep) != 1)
                    sep = 0;
            }
            for (int c = lo; c <= hi; c++)
                if (oracle_find(cpus, n, c))
                    used = true;
            if (sep != ',')
                break;
        }
        fclose(f);
        nodes += used;
    }
    return any_dir ? nodes : 1;
}

static void test_topology_matches_sysfs(void **state)
{
    (void)state;
    oracle_cpu allowed[ORACLE_MAX_CPUS];
    int n_allowed = oracle_allowed_cpus(allowed);
    assert_true(n_allowed > 0);

    thr_topology topo;
    assert_true(thr_topology_load(&topo));
    assert_false(topo.from_fallback);

    /* The PUs are exactly the allowed CPUs. */
    assert_int_equal(topo.pu_count, n_allowed);
    for (uint32_t i = 0; i < topo.pu_count; i++) {
        assert_non_null(oracle_find(allowed, n_allowed, topo.pus[i]));
        for (uint32_t j = 0; j < i; j++)
            assert_int_not_equal(topo.pus[i], topo.pus[j]);
    }
    /* Cores: PUs of one core are siblings, PUs of different cores are not. */
    assert_int_equal(topo.core_count, oracle_core_count(allowed, n_allowed));
    for (uint32_t c = 0; c < topo.core_count; c++) {
        const thr_core *core = &topo.cores[c];
        const oracle_cpu *first = oracle_find(allowed, n_allowed, topo.pus[core->first_pu]);
        for (uint32_t t = 0; t < core->pu_count; t++)
            assert_true(oracle_same_core(
                first, oracle_find(allowed, n_allowed, topo.pus[core->first_pu + t])));
        for (uint32_t d = 0; d < c; d++)
            assert_false(oracle_same_core(
                first, oracle_find(allowed, n_allowed, topo.pus[topo.cores[d].first_pu])));
    }
    /* Nodes partition the cores. */
    uint32_t cores_in_nodes = 0;
    for (uint32_t i = 0; i < topo.node_count; i++) {
        assert_int_equal(topo.nodes[i].first_core, cores_in_nodes);
        assert_true(topo.nodes[i].core_count > 0);
        cores_in_nodes += topo.nodes[i].core_count;
    }
    assert_int_equal(cores_in_nodes, topo.core_count);
    assert_int_equal(topo.node_count, oracle_node_count(allowed, n_allowed));
    assert_int_equal(topo.package_count, oracle_package_count(allowed, n_allowed));
    thr_topology_free(&topo);

    /* describe: the shared topology, same process mask. */
    int packages = oracle_package_count(allowed, n_allowed);
    int nodes = oracle_node_count(allowed, n_allowed);
    int cores = oracle_core_count(allowed, n_allowed);
    char expect[160], got[160];
    snprintf(expect, sizeof expect, "%d package%s, %d NUMA node%s, %d core%s, %d PU%s", packages,
             packages == 1 ? "" : "s", nodes, nodes == 1 ? "" : "s", cores, cores == 1 ? "" : "s",
             n_allowed, n_allowed == 1 ? "" : "s");
    int len = thr_topology_describe(got, sizeof got);
    assert_string_equal(got, expect);
    assert_int_equal(len, (int)strlen(expect));
    /* Truncation behaves like snprintf. */
    char tiny[5];
    assert_int_equal(thr_topology_describe(tiny, sizeof tiny), (int)strlen(expect));
    assert_int_equal(strlen(tiny), 4);
}

/* ---- workers run where they are bound ----------------------------------- */

typedef struct probe {
    uint32_t count;
    const int *bound; /* cpu each worker should run on, -1 any */
    _Atomic uint32_t calls[THR_MAX_WORKERS];
    _Atomic int wrong_cpu; /* first worker seen off its PU, +1; 0 none */
    _Atomic int bad_name;  /* same for the thread name */
    _Atomic int bad_index;
} probe;

static bool probe_fn(void *data, uint32_t worker)
{
    probe *p = data;
    if (worker >= p->count) {
        atomic_store(&p->bad_index, 1);
        return false;
    }
    int cpu = sched_getcpu();
    if (p->bound[worker] >= 0 && cpu != p->bound[worker])
        atomic_store(&p->wrong_cpu, (int)worker + 1);
    char name[16] = "", expect[16];
    pthread_getname_np(pthread_self(), name, sizeof name);
    snprintf(expect, sizeof expect, "swr-w%02u", worker);
    if (strcmp(name, expect) != 0)
        atomic_store(&p->bad_name, (int)worker + 1);
    atomic_fetch_add(&p->calls[worker], 1);
    return false;
}

/* Registers a probe client, wakes everybody and waits until every worker has
   called it `rounds` times (one wake per round, the workers sleeping between). */
static void run_probe(thr_pool *pool, const int *bound, uint32_t rounds)
{
    static probe p; /* large: THR_MAX_WORKERS counters */
    memset(&p, 0, sizeof p);
    p.count = thr_pool_worker_count(pool);
    p.bound = bound;
    thr_client *client = thr_pool_add_client(pool, probe_fn, &p);
    assert_non_null(client);
    for (uint32_t r = 1; r <= rounds; r++) {
        thr_pool_wake(pool, UINT32_MAX);
        double deadline = now_seconds() + WAIT_SECONDS;
        for (uint32_t w = 0; w < p.count; w++)
            while (atomic_load(&p.calls[w]) < r) {
                assert_true(now_seconds() < deadline);
                usleep(100);
            }
    }
    thr_pool_remove_client(pool, client);
    assert_int_equal(atomic_load(&p.wrong_cpu), 0);
    assert_int_equal(atomic_load(&p.bad_name), 0);
    assert_int_equal(atomic_load(&p.bad_index), 0);
}

/* Workers the defaults give for `selected` PUs: all but the API thread's
   first one, and never none. */
static uint32_t minus_api(uint32_t selected) { return selected > 1 ? selected - 1 : selected; }

static void test_default_one_bound_worker_per_core(void **state)
{
    (void)state;
    oracle_cpu allowed[ORACLE_MAX_CPUS];
    int n_allowed = oracle_allowed_cpus(allowed);

    thr_pool_config cfg;
    thr_pool_config_default(&cfg);
    cfg.spin_loop_count = 100;
    thr_pool *pool = thr_pool_create(&cfg);
    assert_non_null(pool);
    uint32_t count = thr_pool_worker_count(pool);
    uint32_t cores = (uint32_t)oracle_core_count(allowed, n_allowed);
    assert_int_equal(count, minus_api(cores));

    /* The API thread's core is the topology's first one (the topology
       itself is checked against sysfs above). */
    thr_topology topo;
    assert_true(thr_topology_load(&topo));
    const oracle_cpu *api = oracle_find(allowed, n_allowed, topo.pus[topo.cores[0].first_pu]);
    assert_non_null(api);
    thr_topology_free(&topo);

    int cpus[THR_MAX_WORKERS];
    thr_pool_get_worker_cpus(pool, cpus);
    for (uint32_t i = 0; i < count; i++) {
        const oracle_cpu *c = oracle_find(allowed, n_allowed, cpus[i]);
        assert_non_null(c); /* bound, inside the mask */
        if (cores > 1)
            assert_false(oracle_same_core(c, api));
        for (uint32_t j = 0; j < i; j++)
            assert_false(oracle_same_core(c, oracle_find(allowed, n_allowed, cpus[j])));
    }
    run_probe(pool, cpus, 20);
    thr_pool_destroy(pool);

    /* Without the reservation: one worker on every core. */
    cfg.reserve_api_thread = false;
    pool = thr_pool_create(&cfg);
    assert_non_null(pool);
    assert_int_equal(thr_pool_worker_count(pool), cores);
    thr_pool_get_worker_cpus(pool, cpus);
    run_probe(pool, cpus, 5);
    thr_pool_destroy(pool);
}

static void test_all_threads_per_core(void **state)
{
    (void)state;
    oracle_cpu allowed[ORACLE_MAX_CPUS];
    int n_allowed = oracle_allowed_cpus(allowed);

    thr_pool_config cfg;
    thr_pool_config_default(&cfg);
    cfg.max_threads_per_core = 0; /* every PU */
    thr_pool *pool = thr_pool_create(&cfg);
    assert_non_null(pool);
    uint32_t count = thr_pool_worker_count(pool);
    assert_int_equal(count, minus_api((uint32_t)n_allowed));
    int cpus[THR_MAX_WORKERS];
    thr_pool_get_worker_cpus(pool, cpus);
    for (uint32_t i = 0; i < count; i++) {
        assert_non_null(oracle_find(allowed, n_allowed, cpus[i]));
        for (uint32_t j = 0; j < i; j++)
            assert_int_not_equal(cpus[i], cpus[j]);
    }
    run_probe(pool, cpus, 5);
    thr_pool_destroy(pool);
}

static void test_max_workers_unbound(void **state)
{
    (void)state;
    thr_pool_config cfg;
    thr_pool_config_default(&cfg);
    cfg.max_workers = 3;
    cfg.base_core = 1000; /* ignored with max_workers */
    thr_pool *pool = thr_pool_create(&cfg);
    assert_non_null(pool);
    assert_int_equal(thr_pool_worker_count(pool), 3);
    int cpus[3];
    thr_pool_get_worker_cpus(pool, cpus);
    for (int i = 0; i < 3; i++)
        assert_int_equal(cpus[i], -1);
    run_probe(pool, cpus, 5);
    thr_pool_destroy(pool);
}

static void test_empty_partition_gets_one_unbound_worker(void **state)
{
    (void)state;
    thr_pool_config cfg;
    thr_pool_config_default(&cfg);
    cfg.base_numa_node = 100000;
    thr_pool *pool = thr_pool_create(&cfg);
    assert_non_null(pool);
    assert_int_equal(thr_pool_worker_count(pool), 1);
    int cpu;
    thr_pool_get_worker_cpus(pool, &cpu);
    assert_int_equal(cpu, -1);
    run_probe(pool, &cpu, 2);
    thr_pool_destroy(pool);
}

/* ---- the policy on synthetic machines ------------------------------------ */

/* A machine described by per-node core counts and per-core PU counts; the PU
   of (node n, core c, thread t) gets OS index n*10000 + c*100 + t, so the
   oracle can tell which triple a placed cpu came from. */
typedef struct synth {
    thr_topology topo;
    thr_numa_node nodes[4];
    thr_core cores[32];
    int pus[128];
} synth;

static void synth_build(synth *s, uint32_t node_count, const uint32_t *cores_per_node,
                        const uint32_t *pus_per_core)
{
    memset(s, 0, sizeof *s);
    uint32_t core = 0, pu = 0;
    for (uint32_t n = 0; n < node_count; n++) {
        s->nodes[n] =
            (thr_numa_node){.os_index = n, .first_core = core, .core_count = cores_per_node[n]};
        for (uint32_t c = 0; c < cores_per_node[n]; c++, core++) {
            s->cores[core] = (thr_core){.first_pu = pu, .pu_count = pus_per_core[core]};
            for (uint32_t t = 0; t < pus_per_core[core]; t++)
                s->pus[pu++] = (int)(n * 10000 + c * 100 + t);
        }
    }
    s->topo = (thr_topology){.package_count = 1,
                             .node_count = node_count,
                             .core_count = core,
                             .pu_count = pu,
                             .nodes = s->nodes,
                             .cores = s->cores,
                             .pus = s->pus};
}

/* "Use at most max of the items from base on" as a predicate on index i. */
static bool in_window(uint32_t i, uint32_t base, uint32_t max)
{
    return i >= base && (max == 0 || i - base < max);
}

/* Straight from the knob definitions: all triples, in node/core/PU order,
   filtered. Returns the count, cpus[] the PUs. */
static uint32_t oracle_place(const synth *s, uint32_t node_count, const uint32_t *cores_per_node,
                             const uint32_t *pus_per_core, const thr_pool_config *cfg, int *cpus)
{
    uint32_t count = 0, core = 0;
    if (cfg->max_workers) {
        for (uint32_t i = 0; i < cfg->max_workers; i++)
            cpus[count++] = -1;
        return count;
    }
    for (uint32_t n = 0; n < node_count; n++)
        for (uint32_t c = 0; c < cores_per_node[n]; c++, core++)
            for (uint32_t t = 0; t < pus_per_core[core]; t++)
                if (in_window(n, cfg->base_numa_node, cfg->max_numa_nodes) &&
                    in_window(c, cfg->base_core, cfg->max_cores_per_numa_node) &&
                    in_window(t, cfg->base_thread, cfg->max_threads_per_core))
                    cpus[count++] = (int)(n * 10000 + c * 100 + t);
    (void)s;
    /* The API thread keeps the first selected PU if another one is left. */
    if (cfg->reserve_api_thread && count > 1) {
        memmove(cpus, cpus + 1, (count - 1) * sizeof *cpus);
        count--;
    }
    return count;
}

static void check_synthetic(uint32_t node_count, const uint32_t *cores_per_node,
                            const uint32_t *pus_per_core)
{
    synth s;
    synth_build(&s, node_count, cores_per_node, pus_per_core);
    uint32_t combos = 0;
    for (uint32_t bn = 0; bn < 4; bn++)
        for (uint32_t mn = 0; mn < 4; mn++)
            for (uint32_t bc = 0; bc < 4; bc++)
                for (uint32_t mc = 0; mc < 4; mc++)
                    for (uint32_t bt = 0; bt < 3; bt++)
                        for (uint32_t mt = 0; mt < 6; mt++) {
                            thr_pool_config cfg = {.reserve_api_thread = mt >= 3,
                                                   .max_numa_nodes = mn,
                                                   .max_cores_per_numa_node = mc,
                                                   .max_threads_per_core = mt % 3,
                                                   .base_numa_node = bn,
                                                   .base_core = bc,
                                                   .base_thread = bt};
                            int expect[128], got[128];
                            uint32_t n_expect = oracle_place(&s, node_count, cores_per_node,
                                                             pus_per_core, &cfg, expect);
                            assert_int_equal(thr_place_workers(&s.topo, &cfg, NULL, 0), n_expect);
                            uint32_t n_got = thr_place_workers(&s.topo, &cfg, got, 128);
                            assert_int_equal(n_got, n_expect);
                            for (uint32_t i = 0; i < n_got; i++)
                                assert_int_equal(got[i], expect[i]);
                            combos++;
                        }
    assert_int_equal(combos, 4 * 4 * 4 * 4 * 3 * 3 * 2);
}

static void test_placement_policy_synthetic(void **state)
{
    (void)state;
    /* 2 nodes x 4 cores x 2 PUs. */
    const uint32_t regular_cores[] = {4, 4};
    const uint32_t regular_pus[] = {2, 2, 2, 2, 2, 2, 2, 2};
    check_synthetic(2, regular_cores, regular_pus);
    /* What an affinity mask leaves: uneven nodes, cores with 1..3 PUs. */
    const uint32_t odd_cores[] = {3, 1, 5};
    const uint32_t odd_pus[] = {1, 2, 3, 2, 1, 1, 3, 2, 1};
    check_synthetic(3, odd_cores, odd_pus);

    /* Defaults on the regular machine: one worker per core, its first PU,
       but none on node 0's core 0 (the API thread's). */
    synth s;
    synth_build(&s, 2, regular_cores, regular_pus);
    thr_pool_config cfg;
    thr_pool_config_default(&cfg);
    int cpus[THR_MAX_WORKERS];
    assert_int_equal(thr_place_workers(&s.topo, &cfg, cpus, THR_MAX_WORKERS), 7);
    for (int i = 0; i < 7; i++)
        assert_int_equal(cpus[i], ((i + 1) / 4) * 10000 + ((i + 1) % 4) * 100);
    /* A one-core selection keeps its worker. */
    cfg.max_numa_nodes = 1;
    cfg.max_cores_per_numa_node = 1;
    assert_int_equal(thr_place_workers(&s.topo, &cfg, cpus, THR_MAX_WORKERS), 1);
    assert_int_equal(cpus[0], 0);
    cfg.max_numa_nodes = 0;
    cfg.max_cores_per_numa_node = 0;

    /* max_workers wins over everything, and is capped. */
    cfg.max_workers = 5;
    cfg.base_numa_node = 7;
    assert_int_equal(thr_place_workers(&s.topo, &cfg, cpus, THR_MAX_WORKERS), 5);
    for (int i = 0; i < 5; i++)
        assert_int_equal(cpus[i], -1);
    cfg.max_workers = 1000000;
    assert_int_equal(thr_place_workers(&s.topo, &cfg, NULL, 0), THR_MAX_WORKERS);
    /* A too-small array is filled up to its capacity only. */
    cfg.max_workers = 0;
    cfg.base_numa_node = 0;
    cpus[3] = 12345;
    assert_int_equal(thr_place_workers(&s.topo, &cfg, cpus, 3), 7);
    assert_int_equal(cpus[3], 12345);
    /* Huge base + max must not wrap around. */
    cfg.base_core = 1;
    cfg.max_cores_per_numa_node = UINT32_MAX;
    assert_int_equal(thr_place_workers(&s.topo, &cfg, NULL, 0), 5); /* 6 selected, 1 reserved */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_topology_matches_sysfs),
        cmocka_unit_test(test_default_one_bound_worker_per_core),
        cmocka_unit_test(test_all_threads_per_core),
        cmocka_unit_test(test_max_workers_unbound),
        cmocka_unit_test(test_empty_partition_gets_one_unbound_worker),
        cmocka_unit_test(test_placement_policy_synthetic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
