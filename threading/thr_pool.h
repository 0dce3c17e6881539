/*
 * thr_pool.h: the process-wide worker pool and the machine topology it is
 * placed on.
 *
 * One pool serves every engine context of the process (OpenSWR had one pool
 * per GL context, so two contexts meant two sets of workers pinned on the
 * same cores). An engine context registers itself as a *client*: a function
 * that a worker calls to do "some" work of that client and that says whether
 * it found any. Workers go round the clients, spin a little when none has
 * work, then sleep on a futex until thr_pool_wake().
 *
 * Placement (same meaning as OpenSWR's knobs, see thr_pool_config): one worker
 * per physical core inside the process affinity mask (taskset, cgroups, MPI
 * binding), bound to one PU of that core, except the first core, which is
 * left to the application's API thread (OpenSWR reserved it too); or
 * max_workers unbound workers. The API thread is not bound; it submits draws
 * and runs draw work itself while it waits, so with a worker on every core
 * it would compete with them for the cores (measured: the 2000-draw GL scene
 * took twice as long on 2 cores with 2 workers as with 1).
 *
 * Threads: every function here may be called from any thread except a worker
 * (i.e. not from inside a thr_work_fn), unless its comment says otherwise.
 */
#ifndef SWR_THR_POOL_H
#define SWR_THR_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct thr_pool thr_pool;
typedef struct thr_client thr_client;

/* Called by a worker (and by nobody else) to do some work of a client.
   Returns true if it did any work (the worker then calls again without
   sleeping), false if it found none. worker_index < thr_pool_worker_count().
   Several workers call the same client's fn concurrently. fn must not call
   thr_pool_remove_client() for its own client (that would wait for itself). */
typedef bool (*thr_work_fn)(void *client_data, uint32_t worker_index);

/* Worker placement. Field meanings are those of the OpenSWR knobs of the same
   names (KNOB_MAX_WORKER_THREADS ...). Unlike most swr descriptors, zero does
   NOT mean "default" for every field: max_threads_per_core = 0 means "all PUs
   of each core" as the knob does; use thr_pool_config_default() for defaults. */
typedef struct thr_pool_config {
    uint32_t max_workers;             /* > 0: that many UNBOUND workers, the fields below
                                         except spin_loop_count are ignored. 0: placement. */
    uint32_t max_numa_nodes;          /* 0 = all */
    uint32_t max_cores_per_numa_node; /* 0 = all */
    uint32_t max_threads_per_core;    /* 0 = all PUs of each core (one worker per PU); default 1 */
    uint32_t base_numa_node;          /* skip the first N NUMA nodes */
    uint32_t base_core;               /* skip the first N cores of each node */
    uint32_t base_thread;             /* skip the first N PUs of each core */
    uint32_t spin_loop_count;         /* pause iterations before a worker sleeps; default 5000 */
    bool reserve_api_thread;          /* leave the first placed PU to the API thread when the
                                         placement has more than one; default true */
    bool adapt_to_load;               /* park workers while the cores are shared (thr_load.c,
                                         thr_pool_poll_load); default false, the knob's
                                         default (KNOB_ADAPT_TO_LOAD) true */
} thr_pool_config;

/* Hard cap on workers and on registered clients per pool. A pool never has
   more workers than THR_MAX_WORKERS whatever the config says. */
#define THR_MAX_WORKERS 1024u
#define THR_MAX_CLIENTS 64u

/* The knob defaults (one bound worker per core but the API thread's, spin
   5000), without reading the environment. */
void thr_pool_config_default(thr_pool_config *cfg);
/* The config from the KNOB_* values (calls knob_init()). */
void thr_pool_config_from_knobs(thr_pool_config *cfg);

/* Process-wide pool: created on the first acquire (config from knobs, topology
   loaded once per process), reference counted; workers exit when the count
   drops to 0 (all clients must have been removed by then). max_workers > 0
   overrides KNOB_MAX_WORKER_THREADS when this acquire creates the pool; an
   existing pool is returned as it is. Returns NULL only if not a single
   worker thread could be started. */
thr_pool *thr_pool_acquire(uint32_t max_workers);
void thr_pool_release(thr_pool *pool);

/* For tests: a private pool with an explicit config (NULL = defaults). It
   loads a fresh topology, so it honours the affinity the calling thread has
   now. Returns NULL if not a single worker could be started. Destroy only
   after every client was removed. */
thr_pool *thr_pool_create(const thr_pool_config *cfg);
void thr_pool_destroy(thr_pool *pool);

/* Number of workers; never 0 for a pool that exists. */
uint32_t thr_pool_worker_count(const thr_pool *pool);
/* For tests: cpus[i] = OS index of the PU worker i is bound to, -1 if it is
   unbound. cpus has thr_pool_worker_count() entries. */
void thr_pool_get_worker_cpus(const thr_pool *pool, int *cpus);

/* Register a client: from now on workers call fn(data, worker_index) when
   woken. Returns NULL when THR_MAX_CLIENTS clients are registered. Does not
   wake anybody: call thr_pool_wake() once there is work. Lock-free. */
thr_client *thr_pool_add_client(thr_pool *pool, thr_work_fn fn, void *data);
/* Unregister; returns only when no worker is (or will again be) inside fn for
   this client. May wait as long as one call of fn takes. */
void thr_pool_remove_client(thr_pool *pool, thr_client *client);

/* New work exists: wake up to n sleeping workers (n = UINT32_MAX: all).
   Cheap when nobody sleeps (one atomic add, no syscall). Never loses a wakeup:
   a worker that is about to sleep either sees the new work or is woken.
   The work must be published (stored) before the call. Any thread, including
   a worker. */
void thr_pool_wake(thr_pool *pool, uint32_t n);

/* The load governor (thr_load.c): samples, at most every 10 ms, how long
   the workers waited for a CPU, parks workers while the cores are shared
   and brings them back when they are free. Returns how many workers run now
   (0: the caller should run its work itself, as KNOB_SINGLE_THREADED does).
   Cheap between samples (a coarse clock read). Returns the worker count
   when the pool was created without adapt_to_load. Any non-worker thread. */
uint32_t thr_pool_poll_load(thr_pool *pool);
/* Workers that run now (index < the limit); for tests and messages. */
uint32_t thr_pool_active_workers(const thr_pool *pool);

/* The OS index of the CPU the calling thread runs on (sched_getcpu), or
   UINT32_MAX if unknown. */
uint32_t thr_current_cpu(void);

/* Writes e.g. "1 package, 1 NUMA node, 2 cores, 2 PUs" (the process-wide
   topology, restricted to the affinity mask; loads it if needed). Returns the
   length snprintf would have written, or -1 if hwloc failed and the text
   describes the fallback (every allowed CPU taken as one core). */
int thr_topology_describe(char *buf, size_t n);

#endif /* SWR_THR_POOL_H */
