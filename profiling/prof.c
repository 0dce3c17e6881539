/*
 * prof.c: per-thread bucket trees, the capture window and the two reports.
 *
 * Data: every thread that records (first slow-path call while capturing)
 * gets one `prof_thread`, allocated once and kept for the life of the process
 * in the fixed `prof_threads` array, found again through a thread-local
 * pointer. Only the owning thread writes its record; the report writer reads
 * it from another thread. Shared fields are therefore written with relaxed
 * atomic stores (plain moves on x86: no lock prefix, no fence) and published
 * with release stores where a reader follows an index or a count:
 * - a new node is filled, then linked with a release store of its parent's
 *   first_child, then node_count is released;
 * - a ThreadViz record is written, then tv_count is released.
 *
 * Captures are numbered (`prof_generation`). A record belongs to the capture
 * whose number it carries; the owner resets it lazily on its first slow-path
 * call of a new capture, and the report skips records of older captures. This
 * way starting a capture never touches other threads' memory.
 *
 * Node tree: node 0 is the thread's root; each node's children form a singly
 * linked list (newest first) searched linearly. Siblings are few (at most one
 * per bucket, typically < 10), so the search is a handful of loads.
 */
#include "profiling/prof.h"

#include <assert.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include "knobs/knobs.h"

/* Limits; see prof.h. 2048 nodes of 32 bytes = 64 KiB per recording thread;
 * depth 32 is far beyond the 5 levels the pipeline nests. */
#define PROF_MAX_THREADS   256
#define PROF_MAX_NODES     2048
#define PROF_MAX_DEPTH     32
#define PROF_TV_MAX_EVENTS (1u << 20)
#define PROF_NONE          UINT32_MAX
/* Calibration interval for the tsc frequency: 10 ms gives < 0.1% error from
 * clock_gettime's ~100 ns resolution and jitter. */
#define PROF_CALIBRATE_NS 10000000ull

#define LD(x)     __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define ST(x, v)  __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
#define LDA(x)    __atomic_load_n(&(x), __ATOMIC_ACQUIRE)
#define STR(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELEASE)

typedef struct prof_node {
    uint64_t cycles;       /* summed tsc ticks of completed scopes */
    uint64_t count;        /* completed scopes + prof_event counts */
    uint32_t first_child;  /* PROF_NONE or node index; release-published */
    uint32_t next_sibling; /* PROF_NONE or node index */
    uint32_t bucket;
} prof_node;

typedef struct prof_open {
    uint32_t node; /* PROF_NONE when the node table was full */
    uint32_t bucket;
    uint64_t begin_tsc;
} prof_open;

/* One ThreadViz scope; 16 bytes so that 1M of them take 16 MiB. */
typedef struct prof_tv_event {
    uint64_t begin_tsc;
    uint32_t dur_tsc; /* clamped to UINT32_MAX */
    uint16_t bucket;
    uint16_t depth;
} prof_tv_event;

typedef struct prof_thread {
    /* Identity: written by the owner (register), read by the reporter. */
    uint32_t slot;
    int registered;
    int is_api;
    uint32_t index;
    /* Capture this record belongs to; release-stored after a reset. */
    uint32_t gen;
    /* Owner-only state. */
    uint32_t depth;
    uint32_t skipped; /* open scopes beyond PROF_MAX_DEPTH */
    prof_open stack[PROF_MAX_DEPTH];
    /* Overflow and misuse counters, reported on stderr. */
    uint64_t dropped_nodes;
    uint64_t unbalanced;
    uint64_t tv_dropped;
    /* ThreadViz buffer (allocated on first use) and its fill. */
    prof_tv_event *tv;
    uint32_t tv_count;
    uint32_t node_count;
    prof_node nodes[PROF_MAX_NODES];
} prof_thread;

int prof_active;

static prof_thread *prof_threads[PROF_MAX_THREADS];
static uint32_t prof_thread_count; /* slots handed out; may exceed the max */
static uint32_t prof_generation;   /* current capture; 0 = none yet */
static int prof_tv_on;             /* ThreadViz for the current capture */
static uint64_t prof_origin_tsc;   /* tsc at capture start: ThreadViz time 0 */
static double prof_tsc_us;         /* tsc ticks per microsecond */
static pthread_once_t prof_calibrate_once = PTHREAD_ONCE_INIT;
static int prof_full_warned;

/* Frame window driven by the API thread. */
static uint32_t prof_frame;
static enum { WINDOW_BEFORE, WINDOW_CAPTURING, WINDOW_DONE } prof_window;

static _Thread_local prof_thread *tls_thread;
static _Thread_local bool tls_no_slot;
static _Thread_local bool tls_registered;
static _Thread_local bool tls_is_api;
static _Thread_local uint32_t tls_index;

#define PROF_BUCKET_NAME(name) #name,
static const char *const prof_bucket_names[] = {PROF_BUCKET_TABLE(PROF_BUCKET_NAME)};
#undef PROF_BUCKET_NAME
static_assert(sizeof(prof_bucket_names) / sizeof(prof_bucket_names[0]) == PROF_BUCKET_COUNT,
              "one name per bucket");

/* ---- recording (owner thread) ---------------------------------------------- */

static void thread_reset(prof_thread *t, uint32_t gen)
{
    /* The ThreadViz buffer is allocated here, outside any timed scope, so
     * that its page-faulting mmap is not charged to the first bucket. */
    if (LD(prof_tv_on) && !t->tv) {
        prof_tv_event *buf = malloc(PROF_TV_MAX_EVENTS * sizeof(*buf));
        if (buf)
            STR(t->tv, buf);
    }
    t->depth = 0;
    t->skipped = 0;
    ST(t->dropped_nodes, 0);
    ST(t->unbalanced, 0);
    ST(t->tv_dropped, 0);
    ST(t->tv_count, 0);
    ST(t->nodes[0].first_child, PROF_NONE);
    ST(t->node_count, 1);
    STR(t->gen, gen);
}

static prof_thread *thread_create(void)
{
    if (tls_no_slot)
        return NULL;
    uint32_t slot = __atomic_fetch_add(&prof_thread_count, 1, __ATOMIC_RELAXED);
    prof_thread *t = slot < PROF_MAX_THREADS ? calloc(1, sizeof(*t)) : NULL;
    if (!t) {
        tls_no_slot = true;
        if (!__atomic_exchange_n(&prof_full_warned, 1, __ATOMIC_RELAXED))
            fprintf(stderr, "swr: warning: profiling: no record for thread %u (limit %d "
                            "threads or out of memory); it is not profiled\n",
                    slot, PROF_MAX_THREADS);
        return NULL;
    }
    t->slot = slot;
    ST(t->registered, tls_registered);
    ST(t->is_api, tls_is_api);
    ST(t->index, tls_index);
    STR(prof_threads[slot], t);
    tls_thread = t;
    return t;
}

/* The calling thread's record, reset for the current capture. */
static prof_thread *thread_for_capture(void)
{
    prof_thread *t = tls_thread ? tls_thread : thread_create();
    if (!t)
        return NULL;
    uint32_t gen = LDA(prof_generation);
    if (t->gen != gen)
        thread_reset(t, gen);
    return t;
}

/* Child of `parent` for bucket `b`, created if missing; PROF_NONE when the
 * parent is PROF_NONE or the node table is full. */
static uint32_t child_of(prof_thread *t, uint32_t parent, prof_bucket b)
{
    if (parent == PROF_NONE)
        return PROF_NONE;
    prof_node *p = &t->nodes[parent];
    for (uint32_t c = p->first_child; c != PROF_NONE; c = t->nodes[c].next_sibling) {
        if (t->nodes[c].bucket == (uint32_t)b)
            return c;
    }
    uint32_t n = t->node_count;
    if (n >= PROF_MAX_NODES) {
        ST(t->dropped_nodes, t->dropped_nodes + 1);
        return PROF_NONE;
    }
    prof_node *c = &t->nodes[n];
    ST(c->cycles, 0);
    ST(c->count, 0);
    ST(c->bucket, (uint32_t)b);
    ST(c->first_child, PROF_NONE);
    ST(c->next_sibling, p->first_child);
    STR(p->first_child, n);
    STR(t->node_count, n + 1);
    return n;
}

static uint32_t current_node(const prof_thread *t)
{
    return t->depth ? t->stack[t->depth - 1].node : 0;
}

/* The buckets the timeline shows: API calls, frontend jobs, worker loop
 * steps and per-macrotile work (thousands a frame). Per-primitive, per-batch
 * and per-block scopes (BERasterizeTriangle, FEVertexShader, BEPixelShader,
 * ...) run millions of times a frame: they are counted in rdtsc.txt, and
 * in a timeline they would fill the per-thread event limit within a frame
 * and make the file too big for a viewer. */
static bool tv_bucket(uint32_t b)
{
    switch ((prof_bucket)b) {
    case PROF_APIClearRenderTarget:
    case PROF_APIDraw:
    case PROF_APIDrawIndexed:
    case PROF_APIStoreTiles:
    case PROF_APISync:
    case PROF_APIGetDrawContext:
    case PROF_APIDrawWakeAllThreads:
    case PROF_APIWaitForIdle:
    case PROF_FEProcessDraw:
    case PROF_FEProcessDrawIndexed:
    case PROF_FEProcessStoreTiles:
    case PROF_FEProcessClear:
    case PROF_WorkerWorkOnFifoBE:
    case PROF_WorkerWorkOnFifoFE:
    case PROF_WorkerFoundWork:
    case PROF_WorkerWaitForThreadEvent:
    case PROF_BELoadTiles:
    case PROF_BEClear:
    case PROF_BEEndTile:
    case PROF_BEStoreTiles: return true;
    default: return false;
    }
}

static void tv_record(prof_thread *t, const prof_open *o, uint64_t elapsed)
{
    uint32_t n = t->tv_count;
    if (!t->tv || n >= PROF_TV_MAX_EVENTS) {
        ST(t->tv_dropped, t->tv_dropped + 1);
        return;
    }
    t->tv[n] = (prof_tv_event){
        .begin_tsc = o->begin_tsc,
        .dur_tsc = elapsed > UINT32_MAX ? UINT32_MAX : (uint32_t)elapsed,
        .bucket = (uint16_t)o->bucket,
        .depth = (uint16_t)t->depth,
    };
    STR(t->tv_count, n + 1);
}

void prof_begin_slow(prof_bucket b)
{
    prof_thread *t = thread_for_capture();
    if (!t)
        return;
    if (t->depth >= PROF_MAX_DEPTH) {
        t->skipped++;
        return;
    }
    uint32_t node = child_of(t, current_node(t), b);
    prof_open *o = &t->stack[t->depth++];
    o->node = node;
    o->bucket = (uint32_t)b;
    /* Read last, so the bookkeeping above is not charged to the scope. */
    o->begin_tsc = __rdtsc();
}

void prof_end_slow(prof_bucket b)
{
    uint64_t now = __rdtsc();
    prof_thread *t = tls_thread;
    /* No record, or one of an older capture: the scope began before this
     * capture, nothing to close. */
    if (!t || t->gen != LDA(prof_generation))
        return;
    if (t->skipped) {
        t->skipped--;
        return;
    }
    if (t->depth == 0 || t->stack[t->depth - 1].bucket != (uint32_t)b) {
        ST(t->unbalanced, t->unbalanced + 1);
        return;
    }
    const prof_open *o = &t->stack[--t->depth];
    uint64_t elapsed = now - o->begin_tsc;
    if (o->node != PROF_NONE) {
        prof_node *n = &t->nodes[o->node];
        ST(n->cycles, n->cycles + elapsed);
        ST(n->count, n->count + 1);
    }
    if (LD(prof_tv_on) && tv_bucket(o->bucket))
        tv_record(t, o, elapsed);
}

void prof_event_slow(prof_bucket b, uint64_t count)
{
    prof_thread *t = thread_for_capture();
    if (!t)
        return;
    uint32_t node = child_of(t, current_node(t), b);
    if (node != PROF_NONE)
        ST(t->nodes[node].count, t->nodes[node].count + count);
}

/* ---- capture control (API thread) --------------------------------------------- */

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void calibrate(void)
{
    uint64_t t0 = now_ns(), c0 = __rdtsc(), t1;
    do {
        t1 = now_ns();
    } while (t1 - t0 < PROF_CALIBRATE_NS);
    uint64_t c1 = __rdtsc();
    double per_us = (double)(c1 - c0) / ((double)(t1 - t0) / 1000.0);
    __atomic_store(&prof_tsc_us, &per_us, __ATOMIC_RELAXED);
}

double prof_tsc_per_us(void)
{
    double v;
    __atomic_load(&prof_tsc_us, &v, __ATOMIC_RELAXED);
    return v;
}

void prof_start_capture(void)
{
    pthread_once(&prof_calibrate_once, calibrate);
    ST(prof_tv_on, KNOB_BUCKETS_ENABLE_THREADVIZ ? 1 : 0);
    ST(prof_origin_tsc, __rdtsc());
    __atomic_add_fetch(&prof_generation, 1, __ATOMIC_RELEASE);
    STR(prof_active, 1);
}

void prof_stop_capture(void)
{
    STR(prof_active, 0);
}

/* Moves the KNOB_ENABLE_RDTSC window for frame counter value `frame`. */
static void window_step(uint32_t frame)
{
    if (prof_window == WINDOW_CAPTURING && frame >= KNOB_BUCKETS_END_FRAME) {
        prof_stop_capture();
        prof_window = WINDOW_DONE;
        prof_flush_report("rdtsc.txt");
    } else if (prof_window == WINDOW_BEFORE && frame >= KNOB_BUCKETS_START_FRAME) {
        if (frame < KNOB_BUCKETS_END_FRAME) {
            prof_start_capture();
            prof_window = WINDOW_CAPTURING;
        } else {
            prof_window = WINDOW_DONE; /* empty window: END <= START */
        }
    }
}

void prof_end_frame(void)
{
    uint32_t frame = __atomic_add_fetch(&prof_frame, 1, __ATOMIC_RELAXED);
    if (KNOB_ENABLE_RDTSC)
        window_step(frame);
}

void prof_thread_register(bool is_api, uint32_t index)
{
    tls_registered = true;
    tls_is_api = is_api;
    tls_index = index;
    prof_thread *t = tls_thread;
    if (t) {
        ST(t->is_api, is_api);
        ST(t->index, index);
        ST(t->registered, 1);
    }
    if (is_api && KNOB_ENABLE_RDTSC)
        window_step(LD(prof_frame));
}

const char *prof_bucket_name(prof_bucket b)
{
    return (unsigned)b < PROF_BUCKET_COUNT ? prof_bucket_names[b] : "?";
}

/* ---- reports (any one thread) ---------------------------------------------------- */

static uint32_t thread_number(const prof_thread *t)
{
    return LD(t->registered) ? LD(t->index) : t->slot;
}

static int thread_order(const void *a, const void *b)
{
    const prof_thread *x = *(const prof_thread *const *)a, *y = *(const prof_thread *const *)b;
    int api_x = LD(x->is_api) && LD(x->registered), api_y = LD(y->is_api) && LD(y->registered);
    if (api_x != api_y)
        return api_y - api_x;
    uint32_t nx = thread_number(x), ny = thread_number(y);
    if (nx != ny)
        return nx < ny ? -1 : 1;
    return x->slot < y->slot ? -1 : x->slot > y->slot;
}

static int u32_order(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Children of `node` sorted by bucket id (so by node bucket, as each bucket
 * appears once among siblings). Returns their number. */
static int sorted_children(const prof_thread *t, uint32_t node, uint32_t *out)
{
    int n = 0;
    uint32_t keys[PROF_BUCKET_COUNT];
    uint32_t limit = LDA(t->node_count);
    for (uint32_t c = LDA(t->nodes[node].first_child); c != PROF_NONE && c < limit &&
                                                       n < PROF_BUCKET_COUNT;
         c = LD(t->nodes[c].next_sibling)) {
        keys[n++] = (LD(t->nodes[c].bucket) << 16) | c;
    }
    qsort(keys, (size_t)n, sizeof(keys[0]), u32_order);
    for (int i = 0; i < n; i++)
        out[i] = keys[i] & 0xffffu;
    return n;
}

static double percent(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void print_node(FILE *f, const prof_thread *t, uint32_t node, int level, uint64_t total,
                       uint64_t parent_cycles)
{
    uint64_t cycles = LD(t->nodes[node].cycles), count = LD(t->nodes[node].count);
    uint32_t bucket = LD(t->nodes[node].bucket);
    fprintf(f, "%6.2f %6.2f %-10" PRIu64 " %-10" PRIu64 " %-10" PRIu64 " %-10u %-10u ",
            percent(cycles, total), percent(cycles, parent_cycles), cycles,
            count ? cycles / count : 0, count, 0u, 0u);
    for (int i = 1; i < level; i++)
        fputs("    ", f);
    fprintf(f, "%s%s\n", level ? "|-> " : "", prof_bucket_name((prof_bucket)bucket));

    uint32_t children[PROF_BUCKET_COUNT];
    int n = sorted_children(t, node, children);
    for (int i = 0; i < n; i++) {
        if (LD(t->nodes[children[i]].count))
            print_node(f, t, children[i], level + 1, total, cycles);
    }
}

static void print_thread(FILE *f, const prof_thread *t, bool first)
{
    fprintf(f, "%sThread %u (%s)\n", first ? "" : "\n", thread_number(t),
            LD(t->is_api) && LD(t->registered) ? "API" : "WORKER");
    fprintf(f, " %%Tot   %%Par  Cycles     CPE        NumEvent   CPE2       NumEvent2  Bucket\n");

    uint32_t top[PROF_BUCKET_COUNT];
    int n = sorted_children(t, 0, top);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += LD(t->nodes[top[i]].cycles);
    for (int i = 0; i < n; i++) {
        if (LD(t->nodes[top[i]].count))
            print_node(f, t, top[i], 0, total, total);
    }

    uint64_t dropped = LD(t->dropped_nodes), unbalanced = LD(t->unbalanced);
    if (dropped)
        fprintf(stderr, "swr: warning: profiling thread %u: %" PRIu64 " scopes not counted "
                        "(node table full)\n",
                thread_number(t), dropped);
    if (unbalanced)
        fprintf(stderr, "swr: warning: profiling thread %u: %" PRIu64 " prof_end calls matched "
                        "no open scope (ignored)\n",
                thread_number(t), unbalanced);
}

/* Records of the current capture in report order; returns their number. */
static int capture_threads(prof_thread **out)
{
    uint32_t gen = LDA(prof_generation);
    uint32_t count = LD(prof_thread_count);
    int n = 0;
    if (count > PROF_MAX_THREADS)
        count = PROF_MAX_THREADS;
    for (uint32_t i = 0; gen && i < count; i++) {
        prof_thread *t = LDA(prof_threads[i]);
        if (t && LDA(t->gen) == gen)
            out[n++] = t;
    }
    qsort(out, (size_t)n, sizeof(out[0]), thread_order);
    return n;
}

static bool write_threadviz(const char *path, prof_thread **threads, int n)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "swr: warning: profiling: cannot write %s\n", path);
        return false;
    }
    double per_us = prof_tsc_per_us();
    uint64_t origin = LD(prof_origin_tsc), dropped = 0;
    bool first = true;
    fputs("{\"traceEvents\":[\n", f);
    for (int i = 0; i < n; i++) {
        const prof_thread *t = threads[i];
        bool api = LD(t->is_api) && LD(t->registered);
        fprintf(f, "%s{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%u,"
                   "\"args\":{\"name\":\"%s %u\"}},\n"
                   "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":%u,"
                   "\"args\":{\"sort_index\":%d}}",
                first ? "" : ",\n", t->slot, api ? "API" : "WORKER", thread_number(t), t->slot,
                i);
        first = false;
        uint32_t count = LDA(t->tv_count);
        const prof_tv_event *ev = LD(t->tv);
        dropped += LD(t->tv_dropped);
        for (uint32_t e = 0; ev && e < count; e++) {
            int64_t rel = (int64_t)(ev[e].begin_tsc - origin);
            fprintf(f, ",\n{\"name\":\"%s\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,\"pid\":1,"
                       "\"tid\":%u}",
                    prof_bucket_name((prof_bucket)ev[e].bucket),
                    rel > 0 ? (double)rel / per_us : 0.0, (double)ev[e].dur_tsc / per_us,
                    t->slot);
        }
    }
    fprintf(f, "\n],\"displayTimeUnit\":\"ns\",\"otherData\":{\"tsc_per_us\":%.3f,"
               "\"dropped_events\":%" PRIu64 "}}\n",
            per_us, dropped);
    if (dropped)
        fprintf(stderr, "swr: warning: profiling: %" PRIu64 " ThreadViz events dropped "
                        "(limit %u per thread)\n",
                dropped, PROF_TV_MAX_EVENTS);
    bool ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
    return ok;
}

bool prof_flush_report(const char *path)
{
    prof_thread *threads[PROF_MAX_THREADS];
    int n = capture_threads(threads);

    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "swr: warning: profiling: cannot write %s\n", path);
        return false;
    }
    for (int i = 0; i < n; i++)
        print_thread(f, threads[i], i == 0);
    bool ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
    if (!ok)
        fprintf(stderr, "swr: warning: profiling: error writing %s\n", path);

    if (LD(prof_tv_on)) {
        const char *slash = strrchr(path, '/');
        int dir_len = slash ? (int)(slash - path + 1) : 0;
        char tv_path[4096];
        snprintf(tv_path, sizeof(tv_path), "%.*sthreadviz.json", dir_len, path);
        ok = write_threadviz(tv_path, threads, n) && ok;
    }
    return ok;
}
