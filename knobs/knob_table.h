/*
 * knob_table.h: every run-time knob of swr, one row each. This table is the
 * single source of truth: knobs.h expands it into the knob struct, knobs.c
 * into the defaults, the environment parser (variable KNOB_<NAME>) and the
 * printed listing (tools/swr_knobs, KNOB_PRINT_KNOBS).
 *
 * Row: X(NAME, type, default, "description")
 *   NAME     the knob, without the KNOB_ prefix; also the struct field name.
 *   type     one of the tokens bool, uint32_t, int32_t, float, string
 *            (string = const char *, ${VAR} expanded from the environment).
 *            Callbacks must paste it (KNOB_CTYPE_##type) rather than use it
 *            plainly: `bool` is a macro (stdbool.h) and `string` is no type.
 *   default  a C constant of that type.
 *
 * The knobs of the OpenSWR documentation (gallium-docs.md, "10.2.4 Knobs")
 * come first, with their documented names, types, defaults and meanings; the
 * notes about rebuilding with core/knobs.h are replaced by the truth for swr,
 * where toss points and RDTSC buckets are run-time switches. The rows after
 * them are swr's own (most taken from OpenSWR's later knob_defs.py).
 *
 * Adding a knob: add a row here AND a `#define KNOB_<NAME> KNOB(<NAME>)` line
 * in knobs.h (knobs.c fails to compile when one is missing).
 */
#ifndef SWR_KNOB_TABLE_H
#define SWR_KNOB_TABLE_H

/* clang-format off */
#define SWR_KNOB_TABLE(X)                                                                          \
    X(ENABLE_ASSERT_DIALOGS, bool, true,                                                           \
      "Use dialogs when asserts fire. Asserts are only enabled in debug builds "                   \
      "(accepted; not used: swr has no dialogs, failed checks print to stderr)")                   \
    X(SINGLE_THREADED, bool, false,                                                                \
      "If enabled will perform all rendering on the API thread. This is useful mainly for "        \
      "debugging purposes.")                                                                       \
    X(DUMP_SHADER_IR, bool, false,                                                                 \
      "Dumps shader LLVM IR at various stages of jit compilation: each shader's TGSI and its "     \
      "module as built and as optimized, in KNOB_DEBUG_OUTPUT_DIR")                                \
    X(USE_GENERIC_STORETILE, bool, false,                                                          \
      "Always use generic function for performing StoreTile. Will be slightly slower than using "  \
      "optimized (jitted) path. In swr: stores of whole macrotiles take the per-pixel path")     \
    X(FAST_CLEAR, bool, true,                                                                      \
      "Replace 3D primitive execute with a SWRClearRT operation and defer clear execution to "     \
      "first backend op on hottile, or hottile store")                                             \
    X(MAX_NUMA_NODES, uint32_t, 0,                                                                 \
      "Maximum # of NUMA-nodes per system used for worker threads 0 == ALL NUMA-nodes in the "     \
      "system N == Use at most N NUMA-nodes for rendering")                                        \
    X(MAX_CORES_PER_NUMA_NODE, uint32_t, 0,                                                        \
      "Maximum # of cores per NUMA-node used for worker threads. 0 == ALL non-API thread cores "   \
      "per NUMA-node N == Use at most N cores per NUMA-node")                                      \
    X(MAX_THREADS_PER_CORE, uint32_t, 1,                                                           \
      "Maximum # of (hyper)threads per physical core used for worker threads. 0 == ALL "           \
      "hyper-threads per core N == Use at most N hyper-threads per physical core")                 \
    X(MAX_WORKER_THREADS, uint32_t, 0,                                                             \
      "Maximum worker threads to spawn. IMPORTANT: If this is non-zero, no worker threads will "   \
      "be bound to specific HW threads. They will all be \"floating\" SW threads. In this case, "  \
      "the above 3 KNOBS will be ignored.")                                                        \
    X(BUCKETS_START_FRAME, uint32_t, 1200,                                                         \
      "Frame from when to start saving buckets data. NOTE: has an effect only when "               \
      "KNOB_ENABLE_RDTSC is set (a run-time knob in swr; no rebuild needed).")                     \
    X(BUCKETS_END_FRAME, uint32_t, 1400,                                                           \
      "Frame at which to stop saving buckets data. NOTE: has an effect only when "                 \
      "KNOB_ENABLE_RDTSC is set (a run-time knob in swr; no rebuild needed).")                     \
    X(WORKER_SPIN_LOOP_COUNT, uint32_t, 5000,                                                      \
      "Number of spin-loop iterations worker threads will perform before going to sleep when "     \
      "waiting for work")                                                                          \
    X(MAX_DRAWS_IN_FLIGHT, uint32_t, 160,                                                          \
      "Maximum number of draws outstanding before API thread blocks.")                             \
    X(MAX_PRIMS_PER_DRAW, uint32_t, 2040,                                                          \
      "Maximum primitives in a single Draw(). Larger primitives are split into smaller Draw "      \
      "calls. Should be a multiple of (3 * vectorWidth).")                                         \
    X(MAX_TESS_PRIMS_PER_DRAW, uint32_t, 16,                                                       \
      "Maximum primitives in a single Draw() with tessellation enabled. Larger primitives are "    \
      "split into smaller Draw calls. Should be a multiple of (vectorWidth). "                     \
      "(accepted; not used until tessellation exists)")                                            \
    X(MAX_FRAC_ODD_TESS_FACTOR, float, 63.0f,                                                      \
      "(DEBUG) Maximum tessellation factor for fractional-odd partitioning. "                      \
      "(accepted; not used until tessellation exists)")                                            \
    X(MAX_FRAC_EVEN_TESS_FACTOR, float, 64.0f,                                                     \
      "(DEBUG) Maximum tessellation factor for fractional-even partitioning. "                     \
      "(accepted; not used until tessellation exists)")                                            \
    X(MAX_INTEGER_TESS_FACTOR, uint32_t, 64,                                                       \
      "(DEBUG) Maximum tessellation factor for integer partitioning. "                             \
      "(accepted; not used until tessellation exists)")                                            \
    X(BUCKETS_ENABLE_THREADVIZ, bool, false,                                                       \
      "Enable threadviz output: with KNOB_ENABLE_RDTSC, also write threadviz.json (Chrome "        \
      "trace-event timeline for Perfetto / chrome://tracing) beside rdtsc.txt.")                   \
    X(TOSS_DRAW, bool, false,                                                                      \
      "Disable per-draw/dispatch execution")                                                       \
    X(TOSS_QUEUE_FE, bool, false,                                                                  \
      "Stop per-draw execution at worker FE (toss points are run-time in swr; no rebuild needed)") \
    X(TOSS_FETCH, bool, false,                                                                     \
      "Stop per-draw execution at vertex fetch (toss points are run-time in swr; no rebuild "      \
      "needed)")                                                                                   \
    X(TOSS_IA, bool, false,                                                                        \
      "Stop per-draw execution at input assembler (toss points are run-time in swr; no rebuild "   \
      "needed)")                                                                                   \
    X(TOSS_VS, bool, false,                                                                        \
      "Stop per-draw execution at vertex shader (toss points are run-time in swr; no rebuild "     \
      "needed)")                                                                                   \
    X(TOSS_SETUP_TRIS, bool, false,                                                                \
      "Stop per-draw execution at primitive setup (toss points are run-time in swr; no rebuild "   \
      "needed)")                                                                                   \
    X(TOSS_BIN_TRIS, bool, false,                                                                  \
      "Stop per-draw execution at primitive binning (toss points are run-time in swr; no "         \
      "rebuild needed)")                                                                           \
    X(TOSS_RS, bool, false,                                                                        \
      "Stop per-draw execution at rasterizer (toss points are run-time in swr; no rebuild "        \
      "needed)")                                                                                   \
    /* ---- swr's own knobs (not in the OpenSWR documentation) ---- */                            \
    X(ENABLE_RDTSC, bool, false,                                                                   \
      "Capture rdtsc profiling buckets and write rdtsc.txt in the current directory for frames "   \
      "KNOB_BUCKETS_START_FRAME .. KNOB_BUCKETS_END_FRAME (run time; no rebuild needed)")          \
    X(BASE_NUMA_NODE, uint32_t, 0,                                                                 \
      "First NUMA node used for worker threads (partitions a machine between processes)")         \
    X(BASE_CORE, uint32_t, 0,                                                                      \
      "First core (per NUMA node) used for worker threads")                                        \
    X(BASE_THREAD, uint32_t, 0,                                                                    \
      "First hardware thread (per core) used for worker threads")                                  \
    X(RESERVE_API_THREAD, bool, true,                                                              \
      "Leave the first hardware thread the placement knobs select (node 0, core 0 by default) "    \
      "to the application's API thread, which runs draw work while it waits: no worker there "     \
      "when more than one is selected. Ignored with KNOB_MAX_WORKER_THREADS")                      \
    X(ADAPT_TO_LOAD, bool, true,                                                                   \
      "Park worker threads while the cores they run on are shared with other busy threads "      \
      "(measured from the time they wait for a CPU) and run draws on the API thread meanwhile, "  \
      "so a busy core never makes swr slower than KNOB_SINGLE_THREADED; probe for free cores "    \
      "again after 0.1-3.2 s")                                                                     \
    X(DISABLE_SPLIT_DRAW, bool, false,                                                             \
      "Do not split draws into KNOB_MAX_PRIMS_PER_DRAW chunks (debugging)")                        \
    X(PRINT_KNOBS, bool, false,                                                                    \
      "Print every knob and its value to stderr when the first swr context is created")           \
    X(JIT, string, "llvm",                                                                         \
      "Shader executor: llvm (LLVM JIT) or interp (TGSI interpreter)")                             \
    X(JIT_OPTIMIZATION_LEVEL, int32_t, -1,                                                         \
      "LLVM code generation optimization level 0..3; -1 == aggressive (3)")                       \
    X(JIT_ENABLE_CACHE, bool, false,                                                               \
      "Cache jitted shader objects on disk in KNOB_JIT_CACHE_DIR (accepted; not used: compiled " \
      "shaders are kept in memory for the life of the process)")                                 \
    X(JIT_CACHE_DIR, string, "${HOME}/.swr/jitcache",                                              \
      "Directory of the on-disk shader object cache (accepted; not used, see JIT_ENABLE_CACHE)")                                              \
    X(DEBUG_OUTPUT_DIR, string, "/tmp/Rast/DebugOutput",                                           \
      "Directory for debug dumps (KNOB_DUMP_SHADER_IR), created when missing")                     \
    X(GL_REPORT_UNIMPLEMENTED, bool, true,                                                         \
      "Print one line on stderr the first time a GL context calls a GL command swr does not "      \
      "implement yet (the call records GL_INVALID_OPERATION either way); false silences it")       \
    X(QUIET, bool, false,                                                                          \
      "Do not print the line naming swr and its instruction set when libGL.so.1 makes its "       \
      "first context")
/* clang-format on */

#endif
