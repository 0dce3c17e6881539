/*
 * thr_test_util.h: the oracle for the threading tests, written without hwloc.
 *
 * The allowed CPUs come from sched_getaffinity; a CPU's physical core is the
 * triple (physical_package_id, die_id, core_id) read from
 * /sys/devices/system/cpu/cpuN/topology (die_id may be absent: then 0). Two
 * CPUs with the same triple are SMT siblings of one core. Also: waiting with
 * a deadline, and the scheduler state of a thread read from /proc.
 */
#ifndef THR_TEST_UTIL_H
#define THR_TEST_UTIL_H

/* Include first, or define _GNU_SOURCE before any include. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* Enough for the CI machines and this VM; the tests skip CPUs beyond. */
#define ORACLE_MAX_CPUS 1024

typedef struct oracle_cpu {
    int cpu;
    long package, die, core;
} oracle_cpu;

static inline long oracle_read_long(int cpu, const char *file, long fallback)
{
    char path[128];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, file);
    FILE *f = fopen(path, "r");
    long v = fallback;
    if (f) {
        if (fscanf(f, "%ld", &v) != 1)
            v = fallback;
        fclose(f);
    }
    return v;
}

/* Fills cpus[] with the allowed CPUs of the calling thread; returns how many. */
static inline int oracle_allowed_cpus(oracle_cpu *cpus)
{
    cpu_set_t set;
    int n = 0;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 0;
    for (int c = 0; c < CPU_SETSIZE && c < ORACLE_MAX_CPUS; c++) {
        if (!CPU_ISSET(c, &set))
            continue;
        cpus[n].cpu = c;
        cpus[n].package = oracle_read_long(c, "physical_package_id", 0);
        cpus[n].die = oracle_read_long(c, "die_id", 0);
        cpus[n].core = oracle_read_long(c, "core_id", c);
        n++;
    }
    return n;
}

static inline bool oracle_same_core(const oracle_cpu *a, const oracle_cpu *b)
{
    return a->package == b->package && a->die == b->die && a->core == b->core;
}

/* Number of distinct physical cores among cpus[0..n). */
static inline int oracle_core_count(const oracle_cpu *cpus, int n)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        bool first = true;
        for (int j = 0; j < i; j++)
            if (oracle_same_core(&cpus[i], &cpus[j]))
                first = false;
        count += first;
    }
    return count;
}

static inline int oracle_package_count(const oracle_cpu *cpus, int n)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        bool first = true;
        for (int j = 0; j < i; j++)
            if (cpus[i].package == cpus[j].package)
                first = false;
        count += first;
    }
    return count;
}

static inline const oracle_cpu *oracle_find(const oracle_cpu *cpus, int n, int cpu)
{
    for (int i = 0; i < n; i++)
        if (cpus[i].cpu == cpu)
            return &cpus[i];
    return NULL;
}

static inline double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Scheduler state letter of thread tid ('R', 'S', ...), or 0. */
static inline char thread_state(int tid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = 0;
    /* The name field is in parentheses and may contain spaces. */
    char *p = strrchr(buf, ')');
    return p && p[1] == ' ' ? p[2] : 0;
}

#endif
