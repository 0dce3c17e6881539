/*
 * test_prof_threads: four threads register concurrently (two before their
 * first bucket, two after) and record nested buckets while the main thread
 * writes reports at the same time, as a context destroyed during a capture
 * would. Run under TSan (label "threading"): every shared access must be
 * atomic. Afterwards the final report must hold each thread's exact counts,
 * and threadviz.json one event per scope.
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

#include <cmocka.h>

#include "knobs/knobs.h"
#include "profiling/prof.h"
#include "prof_report_check.h"

#define THREADS 4
#define ITER    2000

static pthread_barrier_t start_line;
static int finished;

static const char *knob_pairs(const char *name, void *user)
{
    return !strcmp(name, "BUCKETS_ENABLE_THREADVIZ") ? "yes" : NULL;
}

static void *worker_main(void *arg)
{
    uint32_t index = (uint32_t)(uintptr_t)arg;
    bool late = index % 2 == 0;
    pthread_barrier_wait(&start_line);
    if (!late)
        prof_thread_register(false, index);
    for (int i = 0; i < ITER; i++) {
        if (late && i == 10)
            prof_thread_register(false, index);
        prof_begin(PROF_FEProcessDraw);
        prof_begin(PROF_FEVertexShader);
        prof_end(PROF_FEVertexShader);
        prof_end(PROF_FEProcessDraw);
        prof_event(PROF_FEBinTriangles, 1);
    }
    __atomic_add_fetch(&finished, 1, __ATOMIC_RELEASE);
    return NULL;
}

static void test_concurrent_registration(void **state)
{
    char dir[64] = "/tmp/swr_prof_thr_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128], tv_path[128];
    snprintf(path, sizeof(path), "%s/rdtsc.txt", dir);
    snprintf(tv_path, sizeof(tv_path), "%s/threadviz.json", dir);

    knob_reload(knob_pairs, NULL);
    prof_start_capture();
    pthread_barrier_init(&start_line, NULL, THREADS + 1);
    pthread_t th[THREADS];
    for (uintptr_t i = 0; i < THREADS; i++)
        assert_int_equal(pthread_create(&th[i], NULL, worker_main, (void *)(i + 1)), 0);
    pthread_barrier_wait(&start_line);
    /* Reports while the workers record: must not race (TSan) nor crash. */
    int reports = 0;
    while (__atomic_load_n(&finished, __ATOMIC_ACQUIRE) < THREADS || reports < 2) {
        assert_true(prof_flush_report(path));
        reports++;
    }
    for (int i = 0; i < THREADS; i++)
        pthread_join(th[i], NULL);
    prof_stop_capture();
    assert_true(prof_flush_report(path));

    static rpt r;
    const char *err = rpt_parse(path, &r);
    if (err)
        fail_msg("%s", err);
    assert_int_equal(r.thread_count, THREADS);
    for (unsigned i = 0; i < THREADS; i++) {
        const rpt_thread *t = &r.threads[i];
        assert_int_equal(t->number, i + 1);
        assert_string_equal(t->kind, "WORKER");
        assert_int_equal(t->row_count, 3);
        int fe = rpt_find(&r, t, "FEProcessDraw");
        int vs = rpt_find(&r, t, "FEProcessDraw/FEVertexShader");
        int bin = rpt_find(&r, t, "FEBinTriangles");
        assert_true(fe >= 0 && vs >= 0 && bin >= 0);
        assert_int_equal(r.rows[fe].count, ITER);
        assert_int_equal(r.rows[vs].count, ITER);
        assert_int_equal(r.rows[bin].count, ITER);
        assert_int_equal(r.rows[bin].cycles, 0);
    }

    char *text = read_file(tv_path);
    assert_non_null(text);
    assert_true(json_valid(text));
    static tv_event ev[THREADS * ITER * 2 + 64];
    int n = tv_parse(text, ev, (int)(sizeof(ev) / sizeof(ev[0])));
    int x = 0, m = 0;
    for (int i = 0; i < n; i++)
        *(ev[i].ph == 'X' ? &x : &m) += 1;
    /* The timeline keeps FEProcessDraw, not the per-batch FEVertexShader
     * inside it (prof.c tv_bucket). */
    assert_int_equal(x, THREADS * ITER);
    assert_int_equal(m, THREADS * 2);
    free(text);
    unlink(path);
    unlink(tv_path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_concurrent_registration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
