/*
 * bench_prof.c: what a profiling bucket (profiling/prof.h) costs.
 *
 * One iteration runs INNER steps of a tiny dependent computation (a 32-bit
 * LCG step: a multiply and an add, ~4 cycles of latency), either bare or
 * with prof_begin / prof_end around every step:
 *   prof/bare        the work alone;
 *   prof/bucket_off  one bucket per step, no capture running: each call is a
 *                    relaxed load of prof_active and a not-taken branch, off
 *                    the LCG's dependency chain;
 *   prof/bucket_on   the same with prof_start_capture(): two rdtsc and a
 *                    node update per bucket.
 * Counter ns_per_step (CPU time). The summary printed after the benchmarks subtracts
 * the bare time: ns per bucket (begin + end) with capture off and on.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "cbench.h"
#include "profiling/prof.h"

#define INNER 1024

enum { V_BARE, V_OFF, V_ON, V_COUNT };
static const char *const variant_name[V_COUNT] = {"prof/bare", "prof/bucket_off",
                                                  "prof/bucket_on"};

/* Per variant, every call's iteration count and ns per step: the calls with
 * the largest count are the measured ones (Google Benchmark sizes the run
 * with shorter calls first; repetitions reuse the final count). */
#define MAX_CALLS 64
typedef struct call_log {
    int n;
    int64_t iters[MAX_CALLS];
    double ns[MAX_CALLS];
} call_log;
static call_log logs[V_COUNT];

static double log_median(const call_log *l)
{
    return bench_median_of_measured(l->iters, l->ns, l->n, -1.0);
}

/* Thread CPU time: the machine may be shared, and preemption is not the
 * bucket's cost. */
static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static inline uint32_t step(uint32_t x) { return x * 1664525u + 1013904223u; }

static void bm_prof(cb_state *st, void *user)
{
    int v = (int)(intptr_t)user;
    uint32_t x = 1;
    if (v == V_ON)
        prof_start_capture();
    double t0 = now_ns();
    while (cb_keep_running(st)) {
        if (v == V_BARE) {
            for (int i = 0; i < INNER; i++) {
                x = step(x);
                cb_clobber_memory();
            }
        } else {
            for (int i = 0; i < INNER; i++) {
                prof_begin(PROF_BEPixelShader);
                x = step(x);
                prof_end(PROF_BEPixelShader);
                cb_clobber_memory();
            }
        }
    }
    double ns = now_ns() - t0;
    if (v == V_ON)
        prof_stop_capture();
    /* A copy escapes, not x itself, so x can live in a register. */
    uint32_t out = x;
    cb_do_not_optimize(&out);
    int64_t steps = cb_iterations(st) * INNER;
    cb_set_items_processed(st, steps);
    cb_counter(st, "ns_per_step", (double)steps * 1e-9, CB_COUNTER_RATE | CB_COUNTER_INVERT);
    call_log *l = &logs[v];
    if (l->n < MAX_CALLS) {
        l->iters[l->n] = cb_iterations(st);
        l->ns[l->n] = ns / (double)steps;
        l->n++;
    }
}

__attribute__((constructor)) static void register_prof_benchmarks(void)
{
    for (intptr_t v = 0; v < V_COUNT; v++)
        cb_register(variant_name[v], bm_prof, (void *)v);
}

int main(int argc, char **argv)
{
    int rc = cb_main(argc, argv);
    double m[V_COUNT];
    for (int v = 0; v < V_COUNT; v++)
        m[v] = log_median(&logs[v]);
    if (rc == 0 && m[V_BARE] >= 0 && (m[V_OFF] >= 0 || m[V_ON] >= 0)) {
        FILE *f = bench_summary_stream(argc, argv);
        fflush(stdout);
        fprintf(f, "\nprofiling bucket cost (begin + end), median ns per step minus bare "
                   "(%.3f ns):\n",
                m[V_BARE]);
        if (m[V_OFF] >= 0)
            fprintf(f, "  capture off: %+.3f ns per bucket\n", m[V_OFF] - m[V_BARE]);
        if (m[V_ON] >= 0)
            fprintf(f, "  capture on:  %+.3f ns per bucket\n", m[V_ON] - m[V_BARE]);
    }
    return rc;
}
