/*
 * thr_priv.h: contracts between the pieces of the threading part.
 *
 * thr_topology.c turns hwloc's view of the machine, restricted to the process
 * affinity mask, into a flat thr_topology (NUMA nodes -> cores -> PUs, PUs as
 * OS CPU indices) and applies the placement policy to it; thr_pool.c starts
 * one worker per placed slot; thr_global.c owns the process-wide pool.
 * Everything here is plain data so that tests can build synthetic machines
 * (2 nodes x 4 cores x 2 PUs) and check the placement policy on them.
 */
#ifndef SWR_THR_PRIV_H
#define SWR_THR_PRIV_H

#include "threading/thr_pool.h"

typedef struct thr_core {
    uint32_t first_pu; /* index into thr_topology.pus */
    uint32_t pu_count; /* >= 1: cores without an allowed PU are dropped */
} thr_core;

typedef struct thr_numa_node {
    uint32_t os_index;   /* hwloc's OS index of the node (for messages) */
    uint32_t first_core; /* index into thr_topology.cores */
    uint32_t core_count; /* >= 1: nodes without an allowed core are dropped */
} thr_numa_node;

/* Only what the affinity mask of the loading thread allows. Nodes, cores of a
   node and PUs of a core are in hwloc's logical order, so "the first N cores"
   means the same as in lstopo. */
typedef struct thr_topology {
    uint32_t package_count;
    uint32_t node_count, core_count, pu_count;
    thr_numa_node *nodes;
    thr_core *cores;
    int *pus;           /* OS CPU indices */
    bool from_fallback; /* hwloc failed: one core per allowed CPU, one node */
} thr_topology;

/* Loads the machine topology restricted to the calling thread's affinity.
   Never fails for want of hwloc (falls back to sched_getaffinity); returns
   false only when out of memory. Free with thr_topology_free(). */
bool thr_topology_load(thr_topology *topo);
void thr_topology_free(thr_topology *topo);
/* The process-wide topology, loaded on first call (3.6-15 ms) and kept until
   exit. NULL only when out of memory. */
const thr_topology *thr_topology_shared(void);

/* The placement policy: fills cpus[0..min(count, capacity)) with the OS CPU
   each worker is bound to (-1 = unbound) and returns the worker count, which
   may be 0 (e.g. base_core skips every core); cpus may be NULL to count.
   With reserve_api_thread the first PU the knobs select gets no worker when
   they select more than one. The result is capped at THR_MAX_WORKERS. */
uint32_t thr_place_workers(const thr_topology *topo, const thr_pool_config *cfg, int *cpus,
                           uint32_t capacity);

/* Creates a pool placed on topo (NULL: every worker unbound, one per allowed
   CPU). thr_pool_create() and thr_pool_acquire() both end up here. */
thr_pool *thr_pool_create_on(const thr_topology *topo, const thr_pool_config *cfg);

/* SWR_DEBUG_THREADING set and not "0": print placement and binding failures
   to stderr. Otherwise threading prints nothing. */
bool thr_debug_enabled(void);

/* ---- the load governor (thr_load.c) ---- */

/* How many of `workers` workers run, decided from the run/wait time the
   kernel counted for them. Plain data, owned by whoever holds the pool's
   sampling flag. */
typedef struct thr_load_policy {
    uint32_t workers;       /* the pool's worker count */
    uint32_t limit;         /* workers with index < limit run; the others are parked */
    uint32_t samples;       /* samples in the current window */
    uint64_t run_ns, wait_ns;   /* sums over the current window */
    uint64_t park_until_ns; /* when parked: time of the next probe */
    uint64_t backoff_ns;    /* the next park's length */
    bool probing;           /* the current window follows a probe */
    uint32_t parks;         /* times the limit was lowered (tests, debug output) */
} thr_load_policy;

/* Time between two samples of the workers' schedstat. */
#define THR_LOAD_SAMPLE_NS (10ull * 1000 * 1000)

void thr_load_init(thr_load_policy *p, uint32_t workers);
/* One sample: the workers ran run_ns and waited wait_ns for a CPU since the
   last sample. Returns the new limit. */
uint32_t thr_load_decide(thr_load_policy *p, uint64_t now_ns, uint64_t run_ns, uint64_t wait_ns);
/* /proc/thread-self/schedstat of the calling thread, -1 if unavailable. */
int thr_schedstat_open_self(void);
/* Reads the run and run-queue wait ns from a schedstat file; false if not. */
bool thr_schedstat_read(int fd, uint64_t *run_ns, uint64_t *wait_ns);

#endif /* SWR_THR_PRIV_H */
