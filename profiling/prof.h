/*
 * prof.h: rdtsc profiling buckets (OpenSWR's RDTSC_BEGIN/END) and the
 * rdtsc.txt / threadviz.json reports.
 *
 * Use: bracket a piece of work with prof_begin(PROF_X) ... prof_end(PROF_X) on
 * any thread; scopes nest. While no capture runs, each call costs one relaxed
 * load of `prof_active` and a not-taken branch (statically predicted: the
 * slow path is out of line and marked cold). While capturing, each thread
 * records into its own tree of nodes keyed by (parent node, bucket) — the same
 * bucket under two parents is two nodes — with no locks and no shared writes.
 *
 * Capture window (the API thread drives it):
 * - prof_end_frame() counts presented frames. With KNOB_ENABLE_RDTSC set,
 *   capture runs from the end of frame KNOB_BUCKETS_START_FRAME - 1 (frame
 *   counter == START) until the counter reaches KNOB_BUCKETS_END_FRAME, so
 *   frames START .. END-1 are recorded; then `rdtsc.txt` (and, with
 *   KNOB_BUCKETS_ENABLE_THREADVIZ, `threadviz.json`) is written in the current
 *   directory, once per process. START == 0 starts capture when the API thread
 *   registers (context creation).
 * - prof_start_capture / prof_stop_capture / prof_flush_report do the same by
 *   hand (tests, benchmarks, context destroy while capturing).
 *
 * Report (format of OpenSWR, gallium-docs.md 10.2.3): per thread
 * "Thread N (API|WORKER)", then the header line, then one line per node,
 * depth first, siblings in prof_buckets.h order, nodes with no events left
 * out:
 *   %6.2f %6.2f %-10llu %-10llu %-10llu %-10u %-10u <indent><name>
 *   %Tot   share of the thread's total = sum of its top-level buckets' cycles
 *   %Par   share of the parent's cycles (top level: same as %Tot)
 *   Cycles summed rdtsc ticks; CPE = Cycles / NumEvent (integer division);
 *   NumEvent completed scopes (or prof_event counts); CPE2, NumEvent2 are 0.
 *   <indent> is "" at the top level, "|-> " at depth 1, and four more spaces
 *   per further level ("    |-> ", "        |-> ", ...).
 *   N is the index given to prof_thread_register, or for a thread that never
 *   registered, its slot (order of first use), reported as WORKER. Threads
 *   are listed API first, then by N.
 *
 * Limits (overflow is counted, reported on stderr, never fatal): 256 threads
 * per process, 2048 nodes per thread, nesting depth 32, 1M ThreadViz events
 * per thread per capture (16 MiB, allocated on first use). The timeline
 * records only coarse buckets (API calls, frontend jobs, worker steps,
 * per-macrotile work; prof.c tv_bucket), so the limit holds many frames.
 * A scope longer than 2^32 cycles is clamped in ThreadViz (not in
 * rdtsc.txt).
 *
 * Threads: prof_begin/prof_end/prof_event and prof_thread_register on any
 * thread. prof_end_frame, prof_start_capture, prof_stop_capture and
 * prof_flush_report on one thread at a time (the API thread); a new capture
 * must not start while a report is being written. Counters are relaxed
 * atomics (plain moves on x86), so reading them from the report writer
 * while workers still run is race-free, if not exact for in-flight scopes.
 */
#ifndef SWR_PROF_H
#define SWR_PROF_H

#include <stdbool.h>
#include <stdint.h>

#include "profiling/prof_buckets.h"

/* Nonzero while capturing. Written only by prof_start/stop_capture. */
extern int prof_active;

void prof_begin_slow(prof_bucket b) __attribute__((cold, noinline));
void prof_end_slow(prof_bucket b) __attribute__((cold, noinline));
void prof_event_slow(prof_bucket b, uint64_t count) __attribute__((cold, noinline));

/* Opens scope `b` as a child of the calling thread's current scope. */
static inline void prof_begin(prof_bucket b)
{
    if (__builtin_expect(__atomic_load_n(&prof_active, __ATOMIC_RELAXED), 0))
        prof_begin_slow(b);
}

/* Closes scope `b`, which must be the innermost open one (a mismatched end,
 * e.g. of a scope opened before capture started, is ignored and counted). */
static inline void prof_end(prof_bucket b)
{
    if (__builtin_expect(__atomic_load_n(&prof_active, __ATOMIC_RELAXED), 0))
        prof_end_slow(b);
}

/* Adds `count` events, with no cycles, to bucket `b` as a child of the current
 * scope (e.g. FECullZeroAreaAndBackface: triangles culled). */
static inline void prof_event(prof_bucket b, uint64_t count)
{
    if (__builtin_expect(__atomic_load_n(&prof_active, __ATOMIC_RELAXED), 0))
        prof_event_slow(b, count);
}

/* Names the calling thread in reports: "Thread <index> (API)" or
 * "(WORKER)". May be called at any time, before or after the thread's first
 * bucket. The API thread registering at frame KNOB_BUCKETS_START_FRAME (i.e.
 * START == 0 at the first context creation) starts the capture window. */
void prof_thread_register(bool is_api, uint32_t index);

/* Counts one presented frame; starts and stops the KNOB_ENABLE_RDTSC window
 * and writes rdtsc.txt as described above. Called by the API thread. */
void prof_end_frame(void);

/* Starts a new capture: forgets the data of the previous one, calibrates the
 * tsc frequency (once per process, ~10 ms) and sets prof_active. ThreadViz
 * records are kept if KNOB_BUCKETS_ENABLE_THREADVIZ is set now. */
void prof_start_capture(void);

/* Clears prof_active; the data stays for prof_flush_report. */
void prof_stop_capture(void);

/* Writes the report of the current (or last) capture to `path` now, without
 * stopping it, and with ThreadViz on also `threadviz.json` in the same
 * directory. Returns false (message on stderr) if a file cannot be written. */
bool prof_flush_report(const char *path);

/* The bucket's name as printed ("FEProcessDraw"). */
const char *prof_bucket_name(prof_bucket b);

/* Measured tsc ticks per microsecond (0 before the first capture). */
double prof_tsc_per_us(void);

#endif
