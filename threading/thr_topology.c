/*
 * thr_topology.c: which NUMA nodes, cores and PUs this process may use, and
 * where its workers go.
 *
 * In:  hwloc's topology of this machine and the calling thread's affinity mask
 *      (taskset, cgroup cpuset, MPI binding).
 * Out: a thr_topology (nodes -> cores -> PUs as OS CPU indices) holding only
 *      allowed PUs, and the placement of workers on it (thr_place_workers).
 * Who: thr_pool_create() on the calling thread; thr_topology_shared() once per
 *      process under pthread_once.
 *
 * The affinity pitfall (shared/notes/dependencies.md section 3): hwloc by
 * default reports the whole machine, and a worker bound to a PU outside the
 * user's taskset mask escapes it. RESTRICT_TO_CPUBINDING only works together
 * with IS_THISSYSTEM; and hwloc's "process binding" is the union over all
 * threads of the process (a sanitizer's helper thread keeps the full mask), so
 * every PU is also checked against the calling thread's own mask, which is
 * the mask the workers inherit.
 *
 * hwloc is only read while loading; the result is plain arrays, so the hwloc
 * topology is destroyed right away and workers bind with
 * pthread_setaffinity_np. If hwloc fails, every allowed CPU is taken as one
 * core on one node (enough on small VMs; no SMT or NUMA structure).
 */
#define _GNU_SOURCE /* CPU_ALLOC, pthread_setname_np, sched_getcpu */
#include "threading/thr_priv.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hwloc.h>

/* sched_getaffinity fails with EINVAL when the set is smaller than the
   kernel's CPU count; start at glibc's cpu_set_t size and double up to a
   million CPUs. */
#define AFFINITY_MIN_CPUS 1024
#define AFFINITY_MAX_CPUS (1 << 20)

/* The calling thread's affinity mask; set == NULL means "unknown: allow all". */
typedef struct affinity {
    cpu_set_t *set;
    size_t size_bytes;
    int cpu_limit; /* CPUs representable in set */
} affinity;

static void affinity_get(affinity *aff)
{
    memset(aff, 0, sizeof *aff);
    for (int n = AFFINITY_MIN_CPUS; n <= AFFINITY_MAX_CPUS; n *= 2) {
        size_t size = CPU_ALLOC_SIZE(n);
        cpu_set_t *set = CPU_ALLOC(n);
        if (!set)
            return;
        if (sched_getaffinity(0, size, set) == 0) {
            aff->set = set;
            aff->size_bytes = size;
            aff->cpu_limit = n;
            return;
        }
        CPU_FREE(set);
        if (errno != EINVAL)
            return;
    }
}

static bool affinity_allows(const affinity *aff, unsigned cpu)
{
    if (!aff->set)
        return true;
    return cpu < (unsigned)aff->cpu_limit && CPU_ISSET_S(cpu, aff->size_bytes, aff->set);
}

/* Walks hwloc's nodes -> cores -> PUs and keeps what aff allows. A last pass
   over the whole machine's cpuset collects cores that no NUMA node covers
   (not seen on Linux, but hwloc does not promise it). */
static bool load_from_hwloc(thr_topology *topo, const affinity *aff)
{
    hwloc_topology_t hw;
    bool *core_seen = NULL, *package_seen = NULL;
    bool ok = false;

    if (hwloc_topology_init(&hw) != 0)
        return false;
    if (hwloc_topology_set_io_types_filter(hw, HWLOC_TYPE_FILTER_KEEP_NONE) != 0)
        goto done;
    if (hwloc_topology_set_flags(hw, HWLOC_TOPOLOGY_FLAG_RESTRICT_TO_CPUBINDING |
                                         HWLOC_TOPOLOGY_FLAG_IS_THISSYSTEM) != 0)
        goto done;
    if (hwloc_topology_load(hw) != 0)
        goto done;

    int pu_total = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_PU);
    int core_total = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_CORE);
    int node_total = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_NUMANODE);
    int package_total = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_PACKAGE);
    /* Some platforms report no cores: then every PU is its own core. */
    hwloc_obj_type_t core_type = core_total > 0 ? HWLOC_OBJ_CORE : HWLOC_OBJ_PU;
    if (core_total <= 0)
        core_total = pu_total;
    if (pu_total <= 0 || node_total < 0 || package_total < 0)
        goto done;

    topo->nodes = calloc((size_t)node_total + 1, sizeof *topo->nodes);
    topo->cores = calloc((size_t)core_total, sizeof *topo->cores);
    topo->pus = calloc((size_t)pu_total, sizeof *topo->pus);
    core_seen = calloc((size_t)core_total, sizeof *core_seen);
    package_seen = calloc((size_t)package_total + 1, sizeof *package_seen);
    if (!topo->nodes || !topo->cores || !topo->pus || !core_seen || !package_seen)
        goto done;

    for (int n = 0; n <= node_total; n++) {
        hwloc_obj_t node =
            n < node_total ? hwloc_get_obj_by_type(hw, HWLOC_OBJ_NUMANODE, (unsigned)n) : NULL;
        hwloc_const_cpuset_t node_set =
            node ? node->cpuset : hwloc_topology_get_topology_cpuset(hw);
        if (!node_set)
            continue;
        uint32_t first_core = topo->core_count;
        hwloc_obj_t core = NULL;
        while ((core = hwloc_get_next_obj_inside_cpuset_by_type(hw, node_set, core_type, core))) {
            if (core->logical_index >= (unsigned)core_total || core_seen[core->logical_index])
                continue;
            core_seen[core->logical_index] = true;
            uint32_t first_pu = topo->pu_count;
            hwloc_obj_t pu = NULL;
            while (
                (pu = hwloc_get_next_obj_inside_cpuset_by_type(hw, core->cpuset, HWLOC_OBJ_PU, pu)))
                if (affinity_allows(aff, pu->os_index) && topo->pu_count < (uint32_t)pu_total)
                    topo->pus[topo->pu_count++] = (int)pu->os_index;
            if (topo->pu_count == first_pu)
                continue;
            topo->cores[topo->core_count++] =
                (thr_core){.first_pu = first_pu, .pu_count = topo->pu_count - first_pu};
            hwloc_obj_t package = hwloc_get_ancestor_obj_by_type(hw, HWLOC_OBJ_PACKAGE, core);
            if (package && package->logical_index < (unsigned)package_total &&
                !package_seen[package->logical_index]) {
                package_seen[package->logical_index] = true;
                topo->package_count++;
            }
        }
        if (topo->core_count > first_core)
            topo->nodes[topo->node_count++] = (thr_numa_node){
                .os_index = node ? node->os_index : 0,
                .first_core = first_core,
                .core_count = topo->core_count - first_core,
            };
    }
    if (topo->package_count == 0)
        topo->package_count = 1; /* no package objects reported */
    ok = topo->core_count > 0;

done:
    free(core_seen);
    free(package_seen);
    hwloc_topology_destroy(hw);
    return ok;
}

/* One node, one core per allowed CPU. */
static bool load_fallback(thr_topology *topo, const affinity *aff)
{
    long online = sysconf(_SC_NPROCESSORS_CONF);
    int limit = aff->set ? aff->cpu_limit : (online > 0 ? (int)online : 1);
    uint32_t count = 0;
    for (int cpu = 0; cpu < limit; cpu++)
        count += affinity_allows(aff, (unsigned)cpu);
    /* No CPU at all cannot happen with a readable mask; pretend CPU 0. */
    bool pretend = count == 0;
    if (pretend)
        count = 1;
    topo->nodes = calloc(1, sizeof *topo->nodes);
    topo->cores = calloc(count, sizeof *topo->cores);
    topo->pus = calloc(count, sizeof *topo->pus);
    if (!topo->nodes || !topo->cores || !topo->pus)
        return false;
    for (int cpu = 0; cpu < limit && topo->pu_count < count; cpu++) {
        if (!pretend && !affinity_allows(aff, (unsigned)cpu))
            continue;
        topo->cores[topo->core_count++] = (thr_core){.first_pu = topo->pu_count, .pu_count = 1};
        topo->pus[topo->pu_count++] = cpu;
    }
    topo->nodes[0] =
        (thr_numa_node){.os_index = 0, .first_core = 0, .core_count = topo->core_count};
    topo->node_count = 1;
    topo->package_count = 1;
    topo->from_fallback = true;
    return true;
}

void thr_topology_free(thr_topology *topo)
{
    free(topo->nodes);
    free(topo->cores);
    free(topo->pus);
    memset(topo, 0, sizeof *topo);
}

bool thr_topology_load(thr_topology *topo)
{
    affinity aff;
    memset(topo, 0, sizeof *topo);
    affinity_get(&aff);
    bool ok = load_from_hwloc(topo, &aff);
    if (!ok) {
        if (thr_debug_enabled())
            fprintf(stderr, "swr: threading: hwloc topology failed, one core per allowed CPU\n");
        thr_topology_free(topo);
        ok = load_fallback(topo, &aff);
        if (!ok)
            thr_topology_free(topo);
    }
    if (aff.set)
        CPU_FREE(aff.set);
    return ok;
}

static pthread_once_t shared_once = PTHREAD_ONCE_INIT;
static thr_topology shared_topo;
static bool shared_ok;

static void shared_load(void)
{
    shared_ok = thr_topology_load(&shared_topo);
}

const thr_topology *thr_topology_shared(void)
{
    pthread_once(&shared_once, shared_load);
    return shared_ok ? &shared_topo : NULL;
}

int thr_topology_describe(char *buf, size_t n)
{
    const thr_topology *t = thr_topology_shared();
    if (!t) {
        snprintf(buf, n, "unknown topology (out of memory)");
        return -1;
    }
    int len = snprintf(buf, n, "%u package%s, %u NUMA node%s, %u core%s, %u PU%s", t->package_count,
                       t->package_count == 1 ? "" : "s", t->node_count,
                       t->node_count == 1 ? "" : "s", t->core_count, t->core_count == 1 ? "" : "s",
                       t->pu_count, t->pu_count == 1 ? "" : "s");
    return t->from_fallback ? -1 : len;
}

/* End of the range [base, base + max) clipped to n; max == 0 means "all". */
static uint32_t range_end(uint32_t base, uint32_t max, uint32_t n)
{
    uint64_t end = max ? (uint64_t)base + max : n;
    return end < n ? (uint32_t)end : n;
}

/* Every PU the placement knobs select, in node / core / PU order: skips the
   first `skip` of them, writes the next ones to cpus (up to capacity) and
   returns how many it counted after the skipped ones (capped). */
static uint32_t select_pus(const thr_topology *topo, const thr_pool_config *cfg, uint32_t skip,
                           int *cpus, uint32_t capacity)
{
    uint32_t count = 0;
    uint32_t node_end = range_end(cfg->base_numa_node, cfg->max_numa_nodes, topo->node_count);
    for (uint32_t n = cfg->base_numa_node; n < node_end; n++) {
        const thr_numa_node *node = &topo->nodes[n];
        uint32_t core_end =
            range_end(cfg->base_core, cfg->max_cores_per_numa_node, node->core_count);
        for (uint32_t c = cfg->base_core; c < core_end; c++) {
            const thr_core *core = &topo->cores[node->first_core + c];
            uint32_t pu_end =
                range_end(cfg->base_thread, cfg->max_threads_per_core, core->pu_count);
            for (uint32_t t = cfg->base_thread; t < pu_end; t++) {
                if (skip) {
                    skip--;
                    continue;
                }
                if (count == THR_MAX_WORKERS)
                    return count;
                if (cpus && count < capacity)
                    cpus[count] = topo->pus[core->first_pu + t];
                count++;
            }
        }
    }
    return count;
}

uint32_t thr_place_workers(const thr_topology *topo, const thr_pool_config *cfg, int *cpus,
                           uint32_t capacity)
{
    if (cfg->max_workers > 0) {
        uint32_t count = cfg->max_workers < THR_MAX_WORKERS ? cfg->max_workers : THR_MAX_WORKERS;
        for (uint32_t i = 0; cpus && i < count && i < capacity; i++)
            cpus[i] = -1;
        return count;
    }
    /* The API thread's PU: the first one selected, as long as another one
       is left for a worker (a one-core process keeps its worker). */
    uint32_t skip = cfg->reserve_api_thread && select_pus(topo, cfg, 0, NULL, 0) > 1 ? 1 : 0;
    return select_pus(topo, cfg, skip, cpus, capacity);
}

bool thr_debug_enabled(void)
{
    const char *v = getenv("SWR_DEBUG_THREADING");
    return v && *v && strcmp(v, "0") != 0;
}
