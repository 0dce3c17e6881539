/*
 * thr_pool.c: worker threads, client slots and the wake protocol.
 *
 * Workers loop over the client slots (each worker starts its pass one slot
 * further than the last, so no client is always served first), calling each
 * active client's fn; a pass in which some fn returned true is repeated at
 * once. After a pass without work a worker spins spin_loop_count pauses
 * watching the wake epoch, then sleeps on a futex on that epoch.
 *
 * The wake protocol (why no wakeup is lost). Worker W, producer P:
 *   W1 e = epoch (acquire)          P1 publish the work
 *   W2 scan every client            P2 epoch += 1 (seq_cst)
 *   W3 sleepers += 1 (seq_cst)      P3 s = sleepers (seq_cst)
 *   W4 if epoch == e: futex_wait    P4 if s > 0: futex_wake(min(n, s))
 *   W5 sleepers -= 1
 * If W1 reads P2's value, W2 sees the work. Otherwise W3/W4 and P2/P3 are a
 * Dekker pair under the single seq_cst order: either W4 sees the new epoch
 * and does not sleep, or P3 sees W's count and P4 calls futex_wake, and the
 * kernel's own compare in FUTEX_WAIT (epoch still e?) closes the window
 * between W4's check and W falling asleep. futex_wake wakes only threads that
 * are really waiting, so a stale count (a worker between W4 and W5) costs at
 * most a syscall that wakes fewer threads than n.
 *
 * Client slots. state FREE -> SETUP (add, by CAS) -> ACTIVE -> REMOVING
 * (remove) -> FREE. A worker increments the slot's `inside` count, then
 * re-reads state, and calls fn only if it is ACTIVE; remove stores REMOVING,
 * then waits for `inside` to reach 0. Same Dekker argument (all seq_cst): a
 * worker either sees REMOVING and skips, or remove sees it inside and waits.
 * fn and data are plain fields: written in SETUP, read only after an acquire
 * of ACTIVE.
 *
 * Parking (thr_load.c decides how many workers run when cores are shared).
 * Worker W with index >= active_limit parks: it reads park_gen, re-reads
 * the limit (seq_cst) and futex-waits on park_gen. Raising the limit stores
 * it, bumps park_gen and wakes every parker; by the same Dekker argument as
 * above a parker either sees the new limit or is woken. Parked workers are
 * not counted in `sleepers`, so thr_pool_wake never spends a wake on them.
 *
 * Threads: create/destroy/add/remove/wake/poll_load from any non-worker
 * thread; wake also from workers. Memory: the pool owns its worker array.
 */
#define _GNU_SOURCE /* CPU_ALLOC, pthread_setname_np, sched_getcpu */
#include "threading/thr_priv.h"

#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "common/simd.h"
#include "profiling/prof.h"

/* Pauses before remove_client starts yielding its core while it waits for a
   worker to leave fn: ~64 pauses are well under a microsecond, about the time
   a worker needs to notice REMOVING when it was only peeking at the slot. */
#define REMOVE_SPINS_BEFORE_YIELD 64

/* OpenSWR's KNOB_WORKER_SPIN_LOOP_COUNT default. */
#define DEFAULT_SPIN_LOOP_COUNT 5000

/* Cache line size, to keep hot shared words apart. */
#define CACHE_LINE 64

enum slot_state { SLOT_FREE, SLOT_SETUP, SLOT_ACTIVE, SLOT_REMOVING };

struct thr_client {
    _Alignas(CACHE_LINE) _Atomic uint32_t state; /* enum slot_state */
    _Atomic uint32_t inside;                     /* workers between their increment and decrement */
    thr_work_fn fn;                              /* written in SETUP, read by workers once ACTIVE */
    void *data;
};

typedef struct thr_worker {
    thr_pool *pool;
    pthread_t thread;
    uint32_t index;
    int cpu; /* bound PU, -1 unbound; written by the creator only */
    /* The worker's schedstat file (opened by the worker before it signals
       started; -1 if none) and its last reading (the sampler's). */
    _Atomic int stat_fd;
    uint64_t last_run, last_wait;
} thr_worker;

struct thr_pool {
    /* Wake state: written by thr_pool_wake (any thread) and by workers going
       to sleep; read by every spinning worker. */
    _Alignas(CACHE_LINE) _Atomic uint32_t epoch;
    _Atomic uint32_t sleepers;
    _Atomic bool quit;

    /* One past the highest slot ever used; only grows. */
    _Alignas(CACHE_LINE) _Atomic uint32_t slot_limit;

    /* Load governor: workers with index >= active_limit park on park_gen.
       `sampling` is the try-lock of the sampler, which owns `policy` and the
       workers' last readings; next_sample_ns is when it samples next. */
    _Alignas(CACHE_LINE) _Atomic uint32_t active_limit;
    _Atomic uint32_t park_gen;
    _Atomic bool sampling;
    _Atomic uint64_t next_sample_ns;
    bool adapt;
    thr_load_policy policy;

    /* Written before the workers start, read-only afterwards. */
    uint32_t spin_loop_count;
    uint32_t worker_count;
    thr_worker *workers;

    thr_client slots[THR_MAX_CLIENTS];
};

static void futex_wait(_Atomic uint32_t *word, uint32_t expected)
{
    /* Returns at once (EAGAIN) if *word != expected, on a wake, or on a
       signal (EINTR); every case just rescans. */
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

static void futex_wake(_Atomic uint32_t *word, uint32_t count)
{
    int n = count > INT_MAX ? INT_MAX : (int)count;
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, n, NULL, NULL, 0);
}

/* One pass over the client slots from *start on; true if some fn did work. */
static bool scan_clients(thr_pool *pool, uint32_t worker_index, uint32_t *start)
{
    uint32_t limit = atomic_load_explicit(&pool->slot_limit, memory_order_acquire);
    bool found = false;
    if (limit == 0)
        return false;
    uint32_t first = *start % limit;
    for (uint32_t k = 0; k < limit; k++) {
        uint32_t i = first + k < limit ? first + k : first + k - limit;
        thr_client *c = &pool->slots[i];
        /* Cheap peek so idle slots cost no atomic RMW. */
        if (atomic_load_explicit(&c->state, memory_order_relaxed) != SLOT_ACTIVE)
            continue;
        atomic_fetch_add_explicit(&c->inside, 1, memory_order_seq_cst);
        if (atomic_load_explicit(&c->state, memory_order_seq_cst) == SLOT_ACTIVE)
            found |= c->fn(c->data, worker_index);
        atomic_fetch_sub_explicit(&c->inside, 1, memory_order_release);
    }
    *start = first + 1;
    return found;
}

/* True if the epoch moved during up to spin_loop_count pauses. */
static bool spin_for_epoch_change(thr_pool *pool, uint32_t epoch)
{
    for (uint32_t i = 0; i < pool->spin_loop_count; i++) {
        simd_pause();
        if (atomic_load_explicit(&pool->epoch, memory_order_relaxed) != epoch)
            return true;
    }
    return false;
}

/* Steps W3-W5 of the protocol in the essay. */
static void sleep_unless_woken(thr_pool *pool, uint32_t epoch)
{
    prof_begin(PROF_WorkerWaitForThreadEvent);
    atomic_fetch_add_explicit(&pool->sleepers, 1, memory_order_seq_cst);
    if (atomic_load_explicit(&pool->epoch, memory_order_seq_cst) == epoch)
        futex_wait(&pool->epoch, epoch);
    atomic_fetch_sub_explicit(&pool->sleepers, 1, memory_order_relaxed);
    prof_end(PROF_WorkerWaitForThreadEvent);
}

/* Parks worker w while its index is at or above the active limit (see the
   essay). Returns at once if the limit already lets it run. */
static void park_while_over_limit(thr_pool *pool, thr_worker *w)
{
    uint32_t gen = atomic_load_explicit(&pool->park_gen, memory_order_seq_cst);
    if (w->index >= atomic_load_explicit(&pool->active_limit, memory_order_seq_cst) &&
        !atomic_load_explicit(&pool->quit, memory_order_seq_cst))
        futex_wait(&pool->park_gen, gen);
}

static void *worker_main(void *arg)
{
    thr_worker *w = arg;
    thr_pool *pool = w->pool;
    if (pool->adapt)
        atomic_store_explicit(&w->stat_fd, thr_schedstat_open_self(), memory_order_release);
    /* The kernel's limit is 16 bytes with the NUL; "swr-w" + at most 10
       digits fits. */
    char name[16];
    snprintf(name, sizeof name, "swr-w%02u", w->index);
    pthread_setname_np(pthread_self(), name);
    /* Reports number the API thread 0 and workers from 1 (thread names
     * swr-wNN keep the pool's 0-based index). */
    prof_thread_register(false, w->index + 1);

    /* Workers start their passes on different slots. */
    uint32_t start = w->index;
    for (;;) {
        uint32_t epoch = atomic_load_explicit(&pool->epoch, memory_order_acquire);
        /* thr_pool_destroy stores quit before bumping the epoch, so a worker
           that sleeps through the bump is woken and sees quit here. */
        if (atomic_load_explicit(&pool->quit, memory_order_acquire))
            break;
        if (w->index >= atomic_load_explicit(&pool->active_limit, memory_order_relaxed)) {
            park_while_over_limit(pool, w);
            continue;
        }
        if (scan_clients(pool, w->index, &start))
            continue;
        if (spin_for_epoch_change(pool, epoch))
            continue;
        sleep_unless_woken(pool, epoch);
    }
    return NULL;
}

/* Starts w bound to w->cpu; if binding is refused (cgroup, EPERM, a CPU that
   went offline) starts it unbound and sets w->cpu = -1. */
static bool start_worker(thr_worker *w)
{
    pthread_attr_t attr;
    int err = EINVAL;
    if (w->cpu >= 0 && pthread_attr_init(&attr) == 0) {
        size_t size = CPU_ALLOC_SIZE(w->cpu + 1);
        cpu_set_t *set = CPU_ALLOC(w->cpu + 1);
        if (set) {
            CPU_ZERO_S(size, set);
            CPU_SET_S((size_t)w->cpu, size, set);
            err = pthread_attr_setaffinity_np(&attr, size, set);
            if (err == 0)
                err = pthread_create(&w->thread, &attr, worker_main, w);
            CPU_FREE(set);
        }
        pthread_attr_destroy(&attr);
        if (err == 0)
            return true;
        if (thr_debug_enabled())
            fprintf(stderr, "swr: threading: worker %u not bound to cpu %d: %s\n", w->index, w->cpu,
                    strerror(err));
    }
    w->cpu = -1;
    err = pthread_create(&w->thread, NULL, worker_main, w);
    if (err != 0 && thr_debug_enabled())
        fprintf(stderr, "swr: threading: worker %u not started: %s\n", w->index, strerror(err));
    return err == 0;
}

void thr_pool_config_default(thr_pool_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->max_threads_per_core = 1;
    cfg->spin_loop_count = DEFAULT_SPIN_LOOP_COUNT;
    cfg->reserve_api_thread = true;
    cfg->adapt_to_load = false;
}

thr_pool *thr_pool_create_on(const thr_topology *topo, const thr_pool_config *cfg)
{
    thr_pool_config defaults;
    if (!cfg) {
        thr_pool_config_default(&defaults);
        cfg = &defaults;
    }

    uint32_t count;
    if (topo) {
        count = thr_place_workers(topo, cfg, NULL, 0);
    } else {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        count = cfg->max_workers ? cfg->max_workers : online > 0 ? (uint32_t)online : 1;
        count = count < THR_MAX_WORKERS ? count : THR_MAX_WORKERS;
    }
    /* An empty partition (e.g. base_core past the last core) still gets one
       worker, unbound: a pool without workers would never run anything. */
    bool empty_partition = count == 0;
    if (empty_partition)
        count = 1;

    size_t pool_bytes = (sizeof(thr_pool) + CACHE_LINE - 1) / CACHE_LINE * CACHE_LINE;
    thr_pool *pool = aligned_alloc(CACHE_LINE, pool_bytes);
    int *cpus = calloc(count, sizeof *cpus);
    if (!pool || !cpus) {
        free(pool);
        free(cpus);
        return NULL;
    }
    memset(pool, 0, sizeof *pool);
    pool->workers = calloc(count, sizeof *pool->workers);
    if (!pool->workers) {
        free(pool);
        free(cpus);
        return NULL;
    }
    for (uint32_t i = 0; i < count; i++)
        cpus[i] = -1;
    if (topo && !empty_partition)
        thr_place_workers(topo, cfg, cpus, count);

    atomic_init(&pool->epoch, 0);
    atomic_init(&pool->sleepers, 0);
    atomic_init(&pool->quit, false);
    atomic_init(&pool->slot_limit, 0);
    for (uint32_t i = 0; i < THR_MAX_CLIENTS; i++) {
        atomic_init(&pool->slots[i].state, SLOT_FREE);
        atomic_init(&pool->slots[i].inside, 0);
    }
    pool->spin_loop_count = cfg->spin_loop_count;
    pool->adapt = cfg->adapt_to_load;
    atomic_init(&pool->active_limit, count);
    atomic_init(&pool->park_gen, 0);
    atomic_init(&pool->sampling, false);
    atomic_init(&pool->next_sample_ns, 0);
    for (uint32_t i = 0; i < count; i++)
        atomic_init(&pool->workers[i].stat_fd, -1);

    bool debug = thr_debug_enabled();
    if (debug && empty_partition)
        fprintf(stderr, "swr: threading: placement selects no PU, one unbound worker\n");
    uint32_t started = 0;
    for (; started < count; started++) {
        thr_worker *w = &pool->workers[started];
        w->pool = pool;
        w->index = started;
        w->cpu = cpus[started];
        if (!start_worker(w))
            break;
        if (debug)
            fprintf(stderr, "swr: threading: worker %u on cpu %d\n", started, w->cpu);
    }
    free(cpus);
    pool->worker_count = started;
    atomic_store(&pool->active_limit, started);
    thr_load_init(&pool->policy, started);
    if (started == 0) {
        free(pool->workers);
        free(pool);
        return NULL;
    }
    return pool;
}

thr_pool *thr_pool_create(const thr_pool_config *cfg)
{
    thr_topology topo;
    bool have_topo = thr_topology_load(&topo);
    thr_pool *pool = thr_pool_create_on(have_topo ? &topo : NULL, cfg);
    if (have_topo)
        thr_topology_free(&topo);
    return pool;
}

void thr_pool_destroy(thr_pool *pool)
{
    if (!pool)
        return;
    for (uint32_t i = 0; i < THR_MAX_CLIENTS; i++)
        assert(atomic_load(&pool->slots[i].state) == SLOT_FREE && "client still registered");
    atomic_store_explicit(&pool->quit, true, memory_order_seq_cst);
    thr_pool_wake(pool, UINT32_MAX);
    atomic_fetch_add_explicit(&pool->park_gen, 1, memory_order_seq_cst);
    futex_wake(&pool->park_gen, UINT32_MAX);
    for (uint32_t i = 0; i < pool->worker_count; i++) {
        pthread_join(pool->workers[i].thread, NULL);
        int fd = atomic_load(&pool->workers[i].stat_fd);
        if (fd >= 0)
            close(fd);
    }
    free(pool->workers);
    free(pool);
}

uint32_t thr_pool_worker_count(const thr_pool *pool)
{
    return pool->worker_count;
}

void thr_pool_get_worker_cpus(const thr_pool *pool, int *cpus)
{
    for (uint32_t i = 0; i < pool->worker_count; i++)
        cpus[i] = pool->workers[i].cpu;
}

thr_client *thr_pool_add_client(thr_pool *pool, thr_work_fn fn, void *data)
{
    for (uint32_t i = 0; i < THR_MAX_CLIENTS; i++) {
        thr_client *c = &pool->slots[i];
        uint32_t expected = SLOT_FREE;
        if (!atomic_compare_exchange_strong_explicit(&c->state, &expected, SLOT_SETUP,
                                                     memory_order_acquire, memory_order_relaxed))
            continue;
        c->fn = fn;
        c->data = data;
        atomic_store_explicit(&c->state, SLOT_ACTIVE, memory_order_seq_cst);
        uint32_t limit = atomic_load_explicit(&pool->slot_limit, memory_order_relaxed);
        while (limit < i + 1 &&
               !atomic_compare_exchange_weak_explicit(&pool->slot_limit, &limit, i + 1,
                                                      memory_order_seq_cst, memory_order_relaxed))
            ;
        return c;
    }
    return NULL;
}

void thr_pool_remove_client(thr_pool *pool, thr_client *client)
{
    if (!client)
        return;
    assert(client >= pool->slots && client < pool->slots + THR_MAX_CLIENTS);
    atomic_store_explicit(&client->state, SLOT_REMOVING, memory_order_seq_cst);
    /* Every modification of `inside` is an RMW, so this acquire load
       synchronizes with the release decrement of every worker that left fn. */
    for (unsigned spins = 0; atomic_load_explicit(&client->inside, memory_order_seq_cst) != 0;
         spins++) {
        if (spins < REMOVE_SPINS_BEFORE_YIELD)
            simd_pause();
        else
            sched_yield();
    }
    client->fn = NULL;
    client->data = NULL;
    atomic_store_explicit(&client->state, SLOT_FREE, memory_order_release);
}

void thr_pool_wake(thr_pool *pool, uint32_t n)
{
    if (n == 0)
        return;
    atomic_fetch_add_explicit(&pool->epoch, 1, memory_order_seq_cst);
    uint32_t sleepers = atomic_load_explicit(&pool->sleepers, memory_order_seq_cst);
    if (sleepers > 0)
        futex_wake(&pool->epoch, n < sleepers ? n : sleepers);
}

static void set_active_limit(thr_pool *pool, uint32_t limit)
{
    uint32_t old = atomic_exchange_explicit(&pool->active_limit, limit, memory_order_seq_cst);
    if (limit > old) {
        atomic_fetch_add_explicit(&pool->park_gen, 1, memory_order_seq_cst);
        futex_wake(&pool->park_gen, UINT32_MAX);
    }
    if (limit != old && thr_debug_enabled())
        fprintf(stderr, "swr: threading: %u of %u workers run (cores %s)\n", limit,
                pool->worker_count, limit < old ? "shared" : "free again, or a probe");
}

uint32_t thr_pool_poll_load(thr_pool *pool)
{
    if (!pool->adapt)
        return pool->worker_count;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
    uint64_t now = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
    if (now < atomic_load_explicit(&pool->next_sample_ns, memory_order_relaxed) ||
        atomic_exchange_explicit(&pool->sampling, true, memory_order_acquire))
        return atomic_load_explicit(&pool->active_limit, memory_order_relaxed);
    atomic_store_explicit(&pool->next_sample_ns, now + THR_LOAD_SAMPLE_NS, memory_order_relaxed);
    uint64_t run = 0, wait = 0;
    for (uint32_t i = 0; i < pool->worker_count; i++) {
        thr_worker *w = &pool->workers[i];
        uint64_t r, q;
        if (!thr_schedstat_read(atomic_load_explicit(&w->stat_fd, memory_order_acquire), &r, &q))
            continue;
        if (w->last_run || w->last_wait) {
            run += r - w->last_run;
            wait += q - w->last_wait;
        }
        w->last_run = r;
        w->last_wait = q;
    }
    uint32_t limit = thr_load_decide(&pool->policy, now, run, wait);
    if (limit != atomic_load_explicit(&pool->active_limit, memory_order_relaxed))
        set_active_limit(pool, limit);
    atomic_store_explicit(&pool->sampling, false, memory_order_release);
    return limit;
}

uint32_t thr_pool_active_workers(const thr_pool *pool)
{
    return atomic_load_explicit(&((thr_pool *)pool)->active_limit, memory_order_relaxed);
}

uint32_t thr_current_cpu(void)
{
    int cpu = sched_getcpu();
    return cpu < 0 ? UINT32_MAX : (uint32_t)cpu;
}
