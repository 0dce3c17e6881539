/*
 * test_prof_report: known bucket structures on three threads (API, a
 * registered worker, an unregistered thread) run one after the other, then
 * rdtsc.txt and threadviz.json are parsed back and checked against the
 * structure the test built:
 * - exact event counts, nesting and the same bucket under two parents;
 * - every number consistent with the format's definitions (CPE, %Tot, %Par);
 * - each bucket's cycles between bounds the test measures itself around the
 *   same scopes (busy-waits inside: lower bound; rdtsc just outside
 *   prof_begin/prof_end: upper bound), which no preemption can break;
 * - scopes opened before the capture or recorded after it are not counted;
 * - threadviz.json is valid JSON with one X event per scope of the
 *   timeline's coarse buckets (API calls, frontend jobs, worker steps,
 *   per-macrotile work; not per-batch or per-block ones such as
 *   FEFetchShader and BEPixelShader), children inside their parents.
 * The threads run one after the other, so the bounds need no locking.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>
#include <x86intrin.h>

#include <cmocka.h>

#include "knobs/knobs.h"
#include "profiling/prof.h"
#include "prof_report_check.h"

/* Busy-wait length unit: 20000 ticks, ~7 us at 3 GHz; long against the
 * ~100-tick cost of a profiled scope, short enough for the test to run in
 * milliseconds. */
#define UNIT     20000ull
#define API_ITER 50
#define WRK_ITER 40
#define C_ITER   5

static char dir[64];

/* Bounds on a bucket's reported cycles, measured by the test itself around
 * the same scopes: `lo` sums the busy-waits inside the scope (the scope's own
 * rdtsc reads enclose them), `hi` sums rdtsc reads taken just outside
 * prof_begin/prof_end (they enclose the scope's reads). Both hold whatever
 * the scheduler does, unlike any expected ratio. */
typedef struct bound {
    uint64_t lo, hi;
} bound;

enum { B_DRAW, B_GDC, B_SYNC, B_FE, B_FETCH, B_BIN, B_PS_IN, B_PS_TOP, B_CLEAR, B_COUNT };
static bound bounds[B_COUNT];
static bool recording;

/* Busy-waits `ticks` and returns the ticks actually spent (more when the
 * thread was preempted). */
static uint64_t spin(uint64_t ticks)
{
    uint64_t t0 = __rdtsc(), t;
    do {
        t = __rdtsc();
    } while (t - t0 < ticks);
    return t - t0;
}

static void add(int which, uint64_t inner, uint64_t before, uint64_t after)
{
    if (recording) {
        bounds[which].lo += inner;
        bounds[which].hi += after - before;
    }
}

static const char *knob_pairs(const char *name, void *user)
{
    if (!strcmp(name, "BUCKETS_ENABLE_THREADVIZ"))
        return "1";
    return NULL;
}

static void api_work(void)
{
    for (int i = 0; i < API_ITER; i++) {
        uint64_t d0 = __rdtsc();
        prof_begin(PROF_APIDraw);
        uint64_t own = spin(2 * UNIT);
        uint64_t g0 = __rdtsc();
        prof_begin(PROF_APIGetDrawContext);
        uint64_t gs = spin(UNIT);
        prof_end(PROF_APIGetDrawContext);
        uint64_t g1 = __rdtsc();
        prof_event(PROF_FECullZeroAreaAndBackface, 3);
        prof_end(PROF_APIDraw);
        uint64_t d1 = __rdtsc();
        add(B_GDC, gs, g0, g1);
        add(B_DRAW, own + gs, d0, d1);

        uint64_t s0 = __rdtsc();
        prof_begin(PROF_APISync);
        uint64_t ss = spin(UNIT);
        prof_end(PROF_APISync);
        add(B_SYNC, ss, s0, __rdtsc());
    }
}

static void *worker_main(void *arg)
{
    prof_thread_register(false, 1);
    for (int i = 0; i < WRK_ITER; i++) {
        uint64_t f0 = __rdtsc(), fe_inner = 0;
        prof_begin(PROF_FEProcessDraw);
        for (int k = 0; k < 3; k++) {
            uint64_t t0 = __rdtsc();
            prof_begin(PROF_FEFetchShader);
            uint64_t fs = spin(UNIT);
            prof_end(PROF_FEFetchShader);
            add(B_FETCH, fs, t0, __rdtsc());
            fe_inner += fs;
        }
        uint64_t b0 = __rdtsc();
        prof_begin(PROF_FEBinTriangles);
        uint64_t p0 = __rdtsc();
        prof_begin(PROF_BEPixelShader);
        uint64_t ps = spin(UNIT / 4);
        prof_end(PROF_BEPixelShader);
        uint64_t p1 = __rdtsc();
        prof_end(PROF_FEBinTriangles);
        uint64_t b1 = __rdtsc();
        prof_end(PROF_FEProcessDraw);
        uint64_t f1 = __rdtsc();
        add(B_PS_IN, ps, p0, p1);
        add(B_BIN, ps, b0, b1);
        add(B_FE, fe_inner + ps, f0, f1);

        uint64_t t0 = __rdtsc();
        prof_begin(PROF_BEPixelShader);
        uint64_t top = spin(UNIT);
        prof_end(PROF_BEPixelShader);
        add(B_PS_TOP, top, t0, __rdtsc());
    }
    return NULL;
}

static void *unregistered_main(void *arg)
{
    for (int i = 0; i < C_ITER; i++) {
        uint64_t t0 = __rdtsc();
        prof_begin(PROF_BEClear);
        uint64_t cs = spin(UNIT);
        prof_end(PROF_BEClear);
        add(B_CLEAR, cs, t0, __rdtsc());
    }
    return NULL;
}

static int bucket_id(const char *name)
{
    for (int b = 0; b < PROF_BUCKET_COUNT; b++) {
        if (!strcmp(prof_bucket_name((prof_bucket)b), name))
            return b;
    }
    return -1;
}

/* Checks the definitions of every column on every row of the report. */
static void check_arithmetic(const rpt *r)
{
    for (int t = 0; t < r->thread_count; t++) {
        const rpt_thread *th = &r->threads[t];
        unsigned long long total = 0;
        for (int i = th->first_row; i < th->first_row + th->row_count; i++) {
            if (r->rows[i].level == 0)
                total += r->rows[i].cycles;
        }
        for (int i = th->first_row; i < th->first_row + th->row_count; i++) {
            const rpt_row *row = &r->rows[i];
            assert_true(row->count > 0); /* rows without events are omitted */
            assert_int_equal(row->cpe, row->cycles / row->count);
            assert_int_equal(row->cpe2, 0);
            assert_int_equal(row->count2, 0);
            assert_true(bucket_id(row->name) >= 0);
            double tot = total ? 100.0 * (double)row->cycles / (double)total : 0.0;
            unsigned long long parent_cycles =
                row->parent < 0 ? total : r->rows[row->parent].cycles;
            double par = parent_cycles ? 100.0 * (double)row->cycles / (double)parent_cycles : 0.0;
            assert_float_equal(row->pct_tot, tot, 0.0051);
            assert_float_equal(row->pct_par, par, 0.0051);
            if (row->level == 0)
                assert_float_equal(row->pct_par, row->pct_tot, 0.0001);

            /* Children: %Par sums to at most 100, cycles to at most the
             * parent's, and siblings appear in bucket-table order. */
            double par_sum = 0;
            unsigned long long cyc_sum = 0;
            int last_bucket = -1;
            for (int j = i + 1; j < th->first_row + th->row_count; j++) {
                if (r->rows[j].parent != i)
                    continue;
                par_sum += r->rows[j].pct_par;
                cyc_sum += r->rows[j].cycles;
                int b = bucket_id(r->rows[j].name);
                assert_true(b > last_bucket);
                last_bucket = b;
            }
            assert_true(par_sum <= 100.0 + 0.01 * 8);
            assert_true(cyc_sum <= row->cycles);
        }
    }
}

static const rpt_row *row_at(const rpt *r, const rpt_thread *t, const char *path,
                             unsigned long long count)
{
    int i = rpt_find(r, t, path);
    if (i < 0)
        fail_msg("thread %u: no row %s", t->number, path);
    if (r->rows[i].count != count)
        fail_msg("thread %u: %s: NumEvent %llu, expected %llu", t->number, path,
                 r->rows[i].count, count);
    return &r->rows[i];
}

static void check_threadviz(const char *path, unsigned api_tid, unsigned wrk_tid, unsigned c_tid)
{
    char *text = read_file(path);
    assert_non_null(text);
    assert_true(json_valid(text));
    assert_non_null(strstr(text, "\"traceEvents\":["));

    static tv_event ev[4096];
    int n = tv_parse(text, ev, 4096);
    assert_true(n > 0);
    int x_per[3] = {0}, m_per[3] = {0};
    unsigned tids[3] = {api_tid, wrk_tid, c_tid};
    double per_us = prof_tsc_per_us();
    assert_true(per_us > 100.0 && per_us < 10000.0); /* 0.1 .. 10 GHz */
    for (int i = 0; i < n; i++) {
        int k = ev[i].tid == tids[0] ? 0 : ev[i].tid == tids[1] ? 1 : ev[i].tid == tids[2] ? 2 : -1;
        assert_true(k >= 0);
        if (ev[i].ph == 'M') {
            m_per[k]++;
            continue;
        }
        x_per[k]++;
        assert_true(bucket_id(ev[i].name) >= 0);
        assert_true(ev[i].ts >= 0.0);
        /* Every scope in this test spins at least UNIT/4 ticks. */
        assert_true(ev[i].dur >= (double)(UNIT / 4) / per_us * 0.99);
        /* A nested scope lies inside an enclosing one on its own thread. */
        assert_true(strcmp(ev[i].name, "FEFetchShader") && strcmp(ev[i].name, "BEPixelShader") &&
                    strcmp(ev[i].name, "FEBinTriangles"));
        const char *parent = !strcmp(ev[i].name, "APIGetDrawContext") ? "APIDraw" : NULL;
        if (parent) {
            bool inside = false;
            for (int j = 0; j < n && !inside; j++) {
                inside = ev[j].ph == 'X' && ev[j].tid == ev[i].tid &&
                         !strcmp(ev[j].name, parent) && ev[j].ts <= ev[i].ts + 0.002 &&
                         ev[i].ts + ev[i].dur <= ev[j].ts + ev[j].dur + 0.004;
            }
            if (!inside)
                fail_msg("%s at %.3f us is inside no %s", ev[i].name, ev[i].ts, parent);
        }
    }
    assert_int_equal(x_per[0], API_ITER * 3);
    assert_int_equal(x_per[1], WRK_ITER * 1); /* FEProcessDraw */
    assert_int_equal(x_per[2], C_ITER);
    for (int k = 0; k < 3; k++)
        assert_int_equal(m_per[k], 2);
    free(text);
}

static void check_bound(const rpt_row *row, int which)
{
    const bound *bd = &bounds[which];
    if (row->cycles < bd->lo || row->cycles > bd->hi)
        fail_msg("%s: %llu cycles outside the measured [%llu, %llu]", row->name, row->cycles,
                 (unsigned long long)bd->lo, (unsigned long long)bd->hi);
}

static void test_report_structure(void **state)
{
    knob_reload(knob_pairs, NULL);
    prof_thread_register(true, 0);

    /* Opened before the capture: its end must be ignored. */
    prof_begin(PROF_APIWaitForIdle);
    prof_start_capture();
    assert_true(prof_active);
    recording = true;
    api_work();
    prof_end(PROF_APIWaitForIdle);

    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, worker_main, NULL), 0);
    pthread_join(th, NULL);
    assert_int_equal(pthread_create(&th, NULL, unregistered_main, NULL), 0);
    pthread_join(th, NULL);
    prof_stop_capture();
    recording = false;
    assert_false(prof_active);
    /* Not captured. */
    api_work();

    char path[128];
    snprintf(path, sizeof(path), "%s/rdtsc.txt", dir);
    assert_true(prof_flush_report(path));

    static rpt r;
    const char *err = rpt_parse(path, &r);
    if (err)
        fail_msg("%s", err);
    check_arithmetic(&r);

    /* Threads: API first, then workers by number; the unregistered thread is
     * a WORKER numbered by its slot (the third thread to record: 2). */
    assert_int_equal(r.thread_count, 3);
    assert_int_equal(r.threads[0].number, 0);
    assert_string_equal(r.threads[0].kind, "API");
    assert_int_equal(r.threads[1].number, 1);
    assert_string_equal(r.threads[1].kind, "WORKER");
    assert_int_equal(r.threads[2].number, 2);
    assert_string_equal(r.threads[2].kind, "WORKER");

    const rpt_thread *api = &r.threads[0], *wrk = &r.threads[1], *c = &r.threads[2];
    assert_int_equal(api->row_count, 4);
    check_bound(row_at(&r, api, "APIDraw", API_ITER), B_DRAW);
    check_bound(row_at(&r, api, "APIDraw/APIGetDrawContext", API_ITER), B_GDC);
    const rpt_row *cull = row_at(&r, api, "APIDraw/FECullZeroAreaAndBackface", 3 * API_ITER);
    check_bound(row_at(&r, api, "APISync", API_ITER), B_SYNC);
    assert_int_equal(rpt_find(&r, api, "APIWaitForIdle"), -1);
    assert_int_equal(cull->cycles, 0);
    assert_int_equal(cull->cpe, 0);

    assert_int_equal(wrk->row_count, 5);
    check_bound(row_at(&r, wrk, "FEProcessDraw", WRK_ITER), B_FE);
    check_bound(row_at(&r, wrk, "FEProcessDraw/FEFetchShader", 3 * WRK_ITER), B_FETCH);
    check_bound(row_at(&r, wrk, "FEProcessDraw/FEBinTriangles", WRK_ITER), B_BIN);
    /* The same bucket under two parents is two rows. */
    const rpt_row *ps_in =
        row_at(&r, wrk, "FEProcessDraw/FEBinTriangles/BEPixelShader", WRK_ITER);
    assert_int_equal(ps_in->level, 2);
    check_bound(ps_in, B_PS_IN);
    check_bound(row_at(&r, wrk, "BEPixelShader", WRK_ITER), B_PS_TOP);

    assert_int_equal(c->row_count, 1);
    check_bound(row_at(&r, c, "BEClear", C_ITER), B_CLEAR);

    snprintf(path, sizeof(path), "%s/threadviz.json", dir);
    check_threadviz(path, 0, 1, 2);
}

/* A second capture forgets the first one's data. */
static void test_second_capture_starts_empty(void **state)
{
    prof_start_capture();
    prof_begin(PROF_APIStoreTiles);
    prof_end(PROF_APIClearRenderTarget); /* matches no open scope: ignored */
    prof_begin(PROF_APISync);
    prof_end(PROF_APISync);
    prof_end(PROF_APIStoreTiles);
    /* Still open at the report: no events, so no row under its printed
     * parent APIStoreTiles. Its end after the capture has no effect. */
    prof_begin(PROF_APIStoreTiles);
    prof_begin(PROF_APIDrawWakeAllThreads);
    prof_stop_capture();
    prof_end(PROF_APIDrawWakeAllThreads);
    prof_end(PROF_APIStoreTiles);
    char path[128];
    snprintf(path, sizeof(path), "%s/rdtsc2.txt", dir);
    assert_true(prof_flush_report(path));
    static rpt r;
    const char *err = rpt_parse(path, &r);
    if (err)
        fail_msg("%s", err);
    assert_int_equal(r.thread_count, 1);
    assert_int_equal(r.threads[0].row_count, 2);
    row_at(&r, &r.threads[0], "APIStoreTiles", 1);
    row_at(&r, &r.threads[0], "APIStoreTiles/APISync", 1);
}

/* Overflow of the nesting depth (32) and of the node table (2048 per thread)
 * is counted and reported, never fatal, and does not unbalance the scopes
 * recorded around it. */
static void test_limits(void **state)
{
    prof_start_capture();
    /* 40 nested scopes: levels 0..31 recorded, 32..39 skipped. */
    for (int i = 0; i < 40; i++)
        prof_begin((prof_bucket)(i % PROF_BUCKET_COUNT));
    for (int i = 39; i >= 0; i--)
        prof_end((prof_bucket)(i % PROF_BUCKET_COUNT));
    /* 46 + 46 * 46 = 2162 distinct (parent, bucket) pairs under a top-level
     * BEStoreTiles: more than the node table holds. */
    prof_begin(PROF_BEStoreTiles);
    for (int a = 0; a < PROF_BUCKET_COUNT; a++) {
        prof_begin((prof_bucket)a);
        for (int b = 0; b < PROF_BUCKET_COUNT; b++) {
            prof_begin((prof_bucket)b);
            prof_end((prof_bucket)b);
        }
        prof_end((prof_bucket)a);
    }
    prof_end(PROF_BEStoreTiles);
    /* Still balanced afterwards: a second top-level BEStoreTiles (a node that
     * exists; the table is full) lands on the same row. */
    prof_begin(PROF_BEStoreTiles);
    prof_end(PROF_BEStoreTiles);
    prof_stop_capture();

    char path[128];
    snprintf(path, sizeof(path), "%s/rdtsc2.txt", dir);
    assert_true(prof_flush_report(path));
    static rpt r;
    const char *err = rpt_parse(path, &r);
    if (err)
        fail_msg("%s", err);
    check_arithmetic(&r);
    const rpt_thread *t = &r.threads[0];
    int max_level = 0;
    for (int i = t->first_row; i < t->first_row + t->row_count; i++)
        max_level = r.rows[i].level > max_level ? r.rows[i].level : max_level;
    assert_int_equal(max_level, 31);
    row_at(&r, t, "BEStoreTiles", 2);
    row_at(&r, t, "BEStoreTiles/APIClearRenderTarget/APIClearRenderTarget", 1);
    assert_int_equal(t->row_count, 2047); /* every node but the root */
}

static int group_setup(void **state)
{
    snprintf(dir, sizeof(dir), "/tmp/swr_prof_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int group_teardown(void **state)
{
    const char *files[] = {"rdtsc.txt", "rdtsc2.txt", "threadviz.json"};
    for (size_t i = 0; i < 3; i++) {
        char path[128];
        snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_report_structure),
        cmocka_unit_test(test_second_capture_starts_empty),
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
