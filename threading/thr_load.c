/*
 * thr_load.c: how many workers to run when the cores are shared.
 *
 * swr places one worker per core it may use (thr_pool.h). That is right
 * when the cores are ours. On an HPC node they often are not: an MPI rank, an
 * I/O thread or another job may keep a core busy. Then a worker shares its
 * core with a thread the scheduler treats as its equal, and every job the
 * worker claims (a frontend chunk, a macrotile) can stall for a whole time
 * slice while the API thread and the other workers wait for it. Measured
 * before this governor: a scene of 10,000 small draws went from 13 to 50 ms
 * per frame with one core of two kept busy, where the API thread alone
 * (KNOB_SINGLE_THREADED=1) would not have slowed down at all.
 *
 * The signal is the one that tells contention directly: the time a thread
 * spent runnable but waiting for a CPU. The kernel counts it per thread in
 * /proc/<pid>/task/<tid>/schedstat (second field: ns waited on a run queue;
 * first: ns run). It counts only the CPUs we actually run on, so it is right
 * in containers and cpusets, where system-wide run-queue lengths are not.
 *
 * Every THR_LOAD_SAMPLE_NS an API thread (whichever publishes work; a try-lock keeps
 * it to one) adds up the run and wait deltas of the workers (each worker
 * opens its own schedstat file when it starts; the sampler preads them). Every WINDOW of samples it decides (thr_load_decide, a pure
 * function the tests drive with made-up numbers):
 *   - with enough demand in the window to judge (MIN_DEMAND_NS of run+wait)
 *     and a waited fraction above CONTENDED, the threads that were running
 *     (active workers + the API thread) really had only (1 - fraction) of
 *     their CPUs: keep floor((1 - fraction) * (active + 1)) - 1 workers;
 *   - parked workers cannot be measured, so after a back-off (first
 *     BACKOFF_MIN_NS, doubling up to BACKOFF_MAX_NS while the load stays) all
 *     workers return for one window: a probe. If that window is quiet the
 *     back-off resets; the cost of a probe under load is one contended window
 *     every few seconds.
 * With no worker active the engine runs draws on the API thread as
 * KNOB_SINGLE_THREADED does, so a shared core never makes swr slower than
 * that. KNOB_ADAPT_TO_LOAD=0 turns the governor off.
 */
#define _GNU_SOURCE
#include "threading/thr_priv.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WINDOW_SAMPLES 4
#define MIN_DEMAND_NS (4ull * 1000 * 1000)
#define CONTENDED 0.25
#define BACKOFF_MIN_NS (100ull * 1000 * 1000)
#define BACKOFF_MAX_NS (3200ull * 1000 * 1000)

void thr_load_init(thr_load_policy *p, uint32_t workers)
{
    memset(p, 0, sizeof *p);
    p->workers = workers;
    p->limit = workers;
    p->backoff_ns = BACKOFF_MIN_NS;
}

uint32_t thr_load_decide(thr_load_policy *p, uint64_t now_ns, uint64_t run_ns, uint64_t wait_ns)
{
    p->run_ns += run_ns;
    p->wait_ns += wait_ns;
    if (++p->samples < WINDOW_SAMPLES)
        return p->limit;
    uint64_t run = p->run_ns, wait = p->wait_ns;
    p->samples = 0;
    p->run_ns = p->wait_ns = 0;

    if (p->limit < p->workers) {
        /* Parked: nothing to learn about the parked workers until they run. */
        if (now_ns >= p->park_until_ns) {
            p->limit = p->workers;
            p->probing = true;
        }
        return p->limit;
    }
    if (run + wait < MIN_DEMAND_NS) {
        /* Too little demand to judge; a probe with no work proves nothing. */
        return p->limit;
    }
    double fraction = (double)wait / (double)(run + wait);
    if (fraction <= CONTENDED) {
        if (p->probing)
            p->backoff_ns = BACKOFF_MIN_NS;
        p->probing = false;
        return p->limit;
    }
    double threads = (1.0 - fraction) * (double)(p->limit + 1);
    uint32_t keep = threads >= 1.0 ? (uint32_t)threads - 1 : 0;
    if (keep >= p->limit)
        keep = p->limit - 1;
    p->limit = keep;
    if (p->probing && p->backoff_ns < BACKOFF_MAX_NS)
        p->backoff_ns *= 2;
    p->probing = false;
    p->park_until_ns = now_ns + p->backoff_ns;
    p->parks++;
    return p->limit;
}

bool thr_schedstat_read(int fd, uint64_t *run_ns, uint64_t *wait_ns)
{
    char buf[96];
    ssize_t n = fd >= 0 ? pread(fd, buf, sizeof buf - 1, 0) : -1;
    if (n <= 0)
        return false;
    buf[n] = 0;
    return sscanf(buf, "%" SCNu64 " %" SCNu64, run_ns, wait_ns) == 2;
}

int thr_schedstat_open_self(void)
{
    return open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
}
