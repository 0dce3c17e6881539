/*
 * bench_util.h: small helpers shared by the C benchmarks in tests/bench/:
 * a fixed-seed random generator (every run draws the same scene), the
 * median of the measured calls of a benchmark, the thread's CPU clock, and
 * where a benchmark's own summary table goes.
 */
#ifndef SWR_BENCH_UTIL_H
#define SWR_BENCH_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The calling thread's CPU time in ns (CLOCK_THREAD_CPUTIME_ID). */
static inline double bench_cpu_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* Where a summary printed after the runs goes: stdout for the console
 * format, stderr when --benchmark_format asks for JSON or CSV (so that
 * stdout stays parseable). */
static inline FILE *bench_summary_stream(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strncmp(argv[i], "--benchmark_format=", 19) && strcmp(argv[i] + 19, "console"))
            return stderr;
    return stdout;
}

/* xorshift32 */
static inline uint32_t bench_rng_next(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

/* Uniform in [0, 1) with 24 bits. */
static inline float bench_rng_unit(uint32_t *s)
{
    return (float)(bench_rng_next(s) >> 8) * (1.0f / 16777216.0f);
}

static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median of vals[i] over the calls with the largest iteration count: Google
 * Benchmark first calls a benchmark with few iterations to size the run;
 * only the calls with the final count are measurements. `none` when n == 0.
 * n must not exceed 64. */
static inline double bench_median_of_measured(const int64_t *iters, const double *vals, int n,
                                              double none)
{
    int64_t max_iters = 0;
    double v[64];
    int m = 0;
    for (int i = 0; i < n; i++)
        if (iters[i] > max_iters)
            max_iters = iters[i];
    for (int i = 0; i < n && m < 64; i++)
        if (iters[i] == max_iters)
            v[m++] = vals[i];
    if (m == 0)
        return none;
    qsort(v, (size_t)m, sizeof v[0], bench_cmp_double);
    return m & 1 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
}

#endif /* SWR_BENCH_UTIL_H */
