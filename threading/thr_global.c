/*
 * thr_global.c: the one worker pool of the process and its knob config.
 *
 * Every engine context acquires the pool when it is created and releases it
 * when destroyed; the first acquire creates it on the process-wide topology
 * (loaded once, with the affinity of the thread that first asks) with the
 * config from the KNOB_* environment; the last release joins the workers.
 * A mutex serializes acquire/release: they run at context creation and
 * destruction only, never per draw.
 */
#include "threading/thr_priv.h"

#include <assert.h>
#include <pthread.h>

#include "knobs/knobs.h"

static pthread_mutex_t global_lock = PTHREAD_MUTEX_INITIALIZER;
static thr_pool *global_pool; /* guarded by global_lock */
static uint32_t global_refs;  /* guarded by global_lock */

void thr_pool_config_from_knobs(thr_pool_config *cfg)
{
    knob_init();
    cfg->max_workers = KNOB_MAX_WORKER_THREADS;
    cfg->max_numa_nodes = KNOB_MAX_NUMA_NODES;
    cfg->max_cores_per_numa_node = KNOB_MAX_CORES_PER_NUMA_NODE;
    cfg->max_threads_per_core = KNOB_MAX_THREADS_PER_CORE;
    cfg->base_numa_node = KNOB_BASE_NUMA_NODE;
    cfg->base_core = KNOB_BASE_CORE;
    cfg->base_thread = KNOB_BASE_THREAD;
    cfg->spin_loop_count = KNOB_WORKER_SPIN_LOOP_COUNT;
    cfg->reserve_api_thread = KNOB_RESERVE_API_THREAD;
    cfg->adapt_to_load = KNOB_ADAPT_TO_LOAD;
}

thr_pool *thr_pool_acquire(uint32_t max_workers)
{
    pthread_mutex_lock(&global_lock);
    if (!global_pool) {
        thr_pool_config cfg;
        thr_pool_config_from_knobs(&cfg);
        if (max_workers)
            cfg.max_workers = max_workers;
        global_pool = thr_pool_create_on(thr_topology_shared(), &cfg);
    }
    if (global_pool)
        global_refs++;
    thr_pool *pool = global_pool;
    pthread_mutex_unlock(&global_lock);
    return pool;
}

void thr_pool_release(thr_pool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&global_lock);
    assert(pool == global_pool && global_refs > 0);
    if (--global_refs == 0) {
        thr_pool_destroy(global_pool);
        global_pool = NULL;
    }
    pthread_mutex_unlock(&global_lock);
}
