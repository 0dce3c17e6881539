// cbench.cc: the C shim over Google Benchmark declared in cbench.h. The only
// C++ in the benchmark harness; every function is a one-line forward.
#include "cbench.h"

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

static benchmark::State *S(cb_state *st) { return reinterpret_cast<benchmark::State *>(st); }
static benchmark::internal::Benchmark *B(cb_bench *b)
{
    return reinterpret_cast<benchmark::internal::Benchmark *>(b);
}
static cb_bench *C(benchmark::internal::Benchmark *b) { return reinterpret_cast<cb_bench *>(b); }

extern "C" {

cb_bench *cb_register(const char *name, cb_fn fn, void *user)
{
    return C(benchmark::RegisterBenchmark(
        name, [fn, user](benchmark::State &st) { fn(reinterpret_cast<cb_state *>(&st), user); }));
}
cb_bench *cb_arg(cb_bench *b, int64_t x) { return C(B(b)->Arg(x)); }
cb_bench *cb_args(cb_bench *b, const int64_t *xs, int n)
{
    return C(B(b)->Args(std::vector<int64_t>(xs, xs + n)));
}
cb_bench *cb_range(cb_bench *b, int64_t lo, int64_t hi) { return C(B(b)->Range(lo, hi)); }
cb_bench *cb_range_multiplier(cb_bench *b, int m) { return C(B(b)->RangeMultiplier(m)); }
cb_bench *cb_dense_range(cb_bench *b, int64_t lo, int64_t hi, int step)
{
    return C(B(b)->DenseRange(lo, hi, step));
}
cb_bench *cb_arg_name(cb_bench *b, const char *name) { return C(B(b)->ArgName(name)); }
cb_bench *cb_threads(cb_bench *b, int n) { return C(B(b)->Threads(n)); }
cb_bench *cb_unit_set(cb_bench *b, cb_unit unit)
{
    static const benchmark::TimeUnit units[] = {benchmark::kNanosecond, benchmark::kMicrosecond,
                                                benchmark::kMillisecond, benchmark::kSecond};
    return C(B(b)->Unit(units[unit]));
}
cb_bench *cb_min_time(cb_bench *b, double seconds) { return C(B(b)->MinTime(seconds)); }
cb_bench *cb_iterations_set(cb_bench *b, int64_t n) { return C(B(b)->Iterations(n)); }
cb_bench *cb_use_real_time(cb_bench *b) { return C(B(b)->UseRealTime()); }
cb_bench *cb_repetitions(cb_bench *b, int n) { return C(B(b)->Repetitions(n)); }

int cb_keep_running(cb_state *st) { return S(st)->KeepRunning(); }
int cb_keep_running_batch(cb_state *st, int64_t n) { return S(st)->KeepRunningBatch(n); }
int64_t cb_range_arg(cb_state *st, int i) { return S(st)->range(static_cast<size_t>(i)); }
int64_t cb_iterations(cb_state *st) { return static_cast<int64_t>(S(st)->iterations()); }
int cb_thread_index(cb_state *st) { return S(st)->thread_index(); }
int cb_thread_count(cb_state *st) { return S(st)->threads(); }
void cb_pause_timing(cb_state *st) { S(st)->PauseTiming(); }
void cb_resume_timing(cb_state *st) { S(st)->ResumeTiming(); }
void cb_set_items_processed(cb_state *st, int64_t items) { S(st)->SetItemsProcessed(items); }
void cb_set_bytes_processed(cb_state *st, int64_t bytes) { S(st)->SetBytesProcessed(bytes); }
void cb_set_label(cb_state *st, const char *label) { S(st)->SetLabel(label); }
void cb_skip_with_error(cb_state *st, const char *msg) { S(st)->SkipWithError(msg); }
void cb_counter(cb_state *st, const char *name, double value, cb_counter_flags flags)
{
    S(st)->counters[name] =
        benchmark::Counter(value, static_cast<benchmark::Counter::Flags>(flags));
}

int cb_main(int argc, char **argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

} // extern "C"
