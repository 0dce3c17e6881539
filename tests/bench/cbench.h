/*
 * cbench.h: a C face for Google Benchmark (libbenchmark-dev), so that swr's
 * benchmarks are plain C files like the rest of the tree.
 *
 * A benchmark is a function `void fn(cb_state *st, void *user)` that loops
 * `while (cb_keep_running(st)) { ... }` around the measured work. It is
 * registered either at run time with cb_register() or statically with
 * CB_BENCHMARK(fn), and the program's main() is `return cb_main(argc, argv);`
 * (which accepts every --benchmark_* flag of Google Benchmark).
 *
 *   static void bm_saxpy(cb_state *st, void *user) {
 *       int64_t n = cb_range_arg(st, 0);
 *       while (cb_keep_running(st)) { saxpy(n, ...); cb_clobber_memory(); }
 *       cb_set_items_processed(st, cb_iterations(st) * n);
 *   }
 *   CB_BENCHMARK(bm_saxpy) { cb_range(b, 1024, 1 << 19); }
 *
 * cb_state is really a benchmark::State and cb_bench a
 * benchmark::internal::Benchmark; the C side only ever holds pointers.
 * Registration must happen before cb_main() (constructors do); the modifiers
 * return their argument so calls can be chained.
 */
#ifndef SWR_CBENCH_H
#define SWR_CBENCH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_state cb_state;
typedef struct cb_bench cb_bench;
typedef void (*cb_fn)(cb_state *st, void *user);

typedef enum cb_unit { CB_NS, CB_US, CB_MS, CB_S } cb_unit;

/* Same bits and meaning as benchmark::Counter::Flags. */
typedef enum cb_counter_flags {
    CB_COUNTER_DEFAULT = 0,
    CB_COUNTER_RATE = 1 << 0,           /* divided by the run's duration */
    CB_COUNTER_AVG_THREADS = 1 << 1,    /* divided by the thread count */
    CB_COUNTER_AVG_THREADS_RATE = (1 << 0) | (1 << 1),
    CB_COUNTER_ITER_INVARIANT = 1 << 2, /* per-iteration value: multiplied by iterations */
    CB_COUNTER_ITER_INVARIANT_RATE = (1 << 0) | (1 << 2),
    CB_COUNTER_AVG_ITERATIONS = 1 << 3, /* divided by the iteration count */
    CB_COUNTER_AVG_ITERATIONS_RATE = (1 << 0) | (1 << 3),
    CB_COUNTER_INVERT = (int)(1u << 31) /* 1/x, applied last */
} cb_counter_flags;

/* ---- registration (before cb_main) ---------------------------------------- */
/* `name` is copied. `user` is passed to every run of fn. */
cb_bench *cb_register(const char *name, cb_fn fn, void *user);
cb_bench *cb_arg(cb_bench *b, int64_t x);
cb_bench *cb_args(cb_bench *b, const int64_t *xs, int n); /* one multi-argument run */
cb_bench *cb_range(cb_bench *b, int64_t lo, int64_t hi);  /* lo, lo*m, ..., hi (m = 8 by default) */
cb_bench *cb_range_multiplier(cb_bench *b, int m);
cb_bench *cb_dense_range(cb_bench *b, int64_t lo, int64_t hi, int step);
cb_bench *cb_arg_name(cb_bench *b, const char *name);
cb_bench *cb_threads(cb_bench *b, int n);
cb_bench *cb_unit_set(cb_bench *b, cb_unit unit);
cb_bench *cb_min_time(cb_bench *b, double seconds);
cb_bench *cb_iterations_set(cb_bench *b, int64_t n);
cb_bench *cb_use_real_time(cb_bench *b);
cb_bench *cb_repetitions(cb_bench *b, int n);

/* Static registration: the block that follows receives `cb_bench *b`, the
 * freshly registered benchmark, for its modifiers (it may be empty). */
#define CB_BENCHMARK(fn)                                                                         \
    static void fn##_cb_setup(cb_bench *b);                                                      \
    __attribute__((constructor)) static void fn##_cb_register(void)                              \
    {                                                                                            \
        fn##_cb_setup(cb_register(#fn, fn, 0));                                                  \
    }                                                                                            \
    static void fn##_cb_setup(cb_bench *b __attribute__((unused)))

/* ---- inside a benchmark ------------------------------------------------------ */
/* Nonzero while more iterations are wanted. */
int cb_keep_running(cb_state *st);
/* Nonzero while more batches of n iterations are wanted (may overshoot by n). */
int cb_keep_running_batch(cb_state *st, int64_t n);
int64_t cb_range_arg(cb_state *st, int i);
int64_t cb_iterations(cb_state *st);
int cb_thread_index(cb_state *st);
int cb_thread_count(cb_state *st);
void cb_pause_timing(cb_state *st);
void cb_resume_timing(cb_state *st);
void cb_set_items_processed(cb_state *st, int64_t items);
void cb_set_bytes_processed(cb_state *st, int64_t bytes);
void cb_set_label(cb_state *st, const char *label);
/* Marks the run failed; the loop then stops (cb_keep_running returns 0). */
void cb_skip_with_error(cb_state *st, const char *msg);
void cb_counter(cb_state *st, const char *name, double value, cb_counter_flags flags);

/* Compiler barriers, as benchmark::DoNotOptimize / ClobberMemory: the first
 * makes the compiler believe *p is read (and the pointer escapes), the second
 * that all memory may have been read and written. Neither emits code. */
static inline void cb_do_not_optimize(const void *p) { __asm__ volatile("" : : "g"(p) : "memory"); }
static inline void cb_clobber_memory(void) { __asm__ volatile("" : : : "memory"); }

/* Parses --benchmark_* flags, rejects unknown ones (returns 1), runs the
 * selected benchmarks, returns 0. */
int cb_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif /* SWR_CBENCH_H */
