/*
 * test_prof_frame_window: the KNOB_ENABLE_RDTSC capture window driven by
 * prof_end_frame. Frame f is the work between the f-th and (f+1)-th
 * prof_end_frame call (frame 0 before the first); frame f does 2^f APIDraw
 * scopes, so the count in rdtsc.txt says exactly which frames were captured.
 *
 * The frame counter and the once-per-process window are global, so each
 * scenario runs in a child forked before anything touched them, in its own
 * temporary directory; the child reports failures on stderr and exits 1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "knobs/knobs.h"
#include "profiling/prof.h"
#include "prof_report_check.h"

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            _exit(1);                                                                              \
        }                                                                                          \
    } while (0)

typedef struct scenario {
    const char *enable, *start, *end;
} scenario;

static const char *knob_pairs(const char *name, void *user)
{
    const scenario *s = user;
    if (!strcmp(name, "ENABLE_RDTSC"))
        return s->enable;
    if (!strcmp(name, "BUCKETS_START_FRAME"))
        return s->start;
    if (!strcmp(name, "BUCKETS_END_FRAME"))
        return s->end;
    return NULL;
}

/* Child: runs 7 frames and checks the window [start, end). `expect_file`
 * false means no capture at all. */
static void child(const scenario *s, int start, int end, bool expect_file)
{
    char dir[64] = "/tmp/swr_prof_win_XXXXXX";
    CHECK(mkdtemp(dir));
    CHECK(chdir(dir) == 0);

    knob_reload(knob_pairs, (void *)s);
    prof_thread_register(true, 0);
    for (int frame = 0; frame < 7; frame++) {
        bool in_window = expect_file && frame >= start && frame < end;
        CHECK(prof_active == in_window);
        for (int i = 0; i < 1 << frame; i++) {
            prof_begin(PROF_APIDraw);
            prof_end(PROF_APIDraw);
        }
        /* rdtsc.txt appears at the prof_end_frame call that reaches `end`. */
        CHECK((access("rdtsc.txt", F_OK) == 0) == (expect_file && frame + 1 > end));
        prof_end_frame();
        CHECK((access("rdtsc.txt", F_OK) == 0) == (expect_file && frame + 1 >= end));
    }
    CHECK(access("threadviz.json", F_OK) == -1); /* ThreadViz off */

    if (expect_file) {
        static rpt r;
        const char *err = rpt_parse("rdtsc.txt", &r);
        if (err)
            fprintf(stderr, "%s\n", err);
        CHECK(!err);
        CHECK(r.thread_count == 1);
        CHECK(!strcmp(r.threads[0].kind, "API"));
        CHECK(r.threads[0].row_count == 1);
        int row = rpt_find(&r, &r.threads[0], "APIDraw");
        CHECK(row >= 0);
        unsigned long long want = 0;
        for (int f = start; f < end; f++)
            want += 1ull << f;
        if (r.rows[row].count != want)
            fprintf(stderr, "APIDraw count %llu, want %llu\n", r.rows[row].count, want);
        CHECK(r.rows[row].count == want);
        unlink("rdtsc.txt");
    }
    CHECK(chdir("/") == 0);
    CHECK(rmdir(dir) == 0);
    _exit(0);
}

static void run(const char *enable, const char *start, const char *end, bool expect_file)
{
    scenario s = {enable, start, end};
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        child(&s, atoi(start), atoi(end), expect_file);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

/* Frames 2 and 3: 4 + 8 = 12 scopes; later frames neither record nor
 * rewrite the report. */
static void test_window_2_4(void **state)
{
    run("1", "2", "4", true);
}

/* START 0: the API thread's registration starts the capture, so frame 0
 * counts: 1 + 2 = 3. */
static void test_window_from_0(void **state)
{
    run("1", "0", "2", true);
}

/* END <= START: an empty window, nothing captured, no file. */
static void test_window_empty(void **state)
{
    run("1", "3", "3", false);
}

/* KNOB_ENABLE_RDTSC off: frames are counted but nothing is captured. */
static void test_rdtsc_off(void **state)
{
    run("0", "2", "4", false);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_window_2_4),
        cmocka_unit_test(test_window_from_0),
        cmocka_unit_test(test_window_empty),
        cmocka_unit_test(test_rdtsc_off),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
