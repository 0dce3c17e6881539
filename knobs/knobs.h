/*
 * knobs.h: swr's run-time knobs (environment variables KNOB_<NAME>), read
 * through KNOB_<NAME> macros, e.g. `if (KNOB_SINGLE_THREADED) ...`.
 *
 * Lifetime and threads:
 * - `swr_knobs` is statically initialised to the defaults of knob_table.h
 *   (string knobs to their unexpanded literals), so reading a knob before
 *   knob_init() is safe and yields the default.
 * - knob_init() parses the environment exactly once per process (pthread_once;
 *   any thread, any number of times). Context creation calls it first. After
 *   it returns the values never change again except through knob_set() /
 *   knob_reload(), which are for tests and tools and must not run while other
 *   threads read knobs.
 * - String knobs point to memory owned by this module; a pointer stays valid
 *   until the next knob_set()/knob_reload() of that knob.
 *
 * Parsing (environment, knob_set, knob_reload; invalid text leaves the value
 * unchanged and prints one line on stderr naming the knob):
 * - bool: one character y/Y/t/T/1 (true) or n/N/f/F/0 (false); the words
 *   yes/true/no/false (any case); otherwise an integer (strtol base 0), != 0
 *   being true.
 * - uint32_t / int32_t: strtoul / strtol base 0 (123, 0x7b, 0173); trailing
 *   garbage, a minus sign on an unsigned knob and out-of-range values are
 *   rejected.
 * - float: strtof; trailing garbage, overflow, inf and nan are rejected.
 * - string: verbatim, then every ${VAR} is replaced by the environment value
 *   of VAR (empty if unset; an unterminated "${" is kept as is). Defaults are
 *   expanded too (JIT_CACHE_DIR).
 * Leading and trailing white space around numbers and bools is ignored; an
 * empty value is invalid for every type but string.
 */
#ifndef SWR_KNOBS_H
#define SWR_KNOBS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "knobs/knob_table.h"

/* The C type of each knob type token of knob_table.h. `_Bool` rows exist
 * because a callback that forwards its type argument without pasting sees
 * stdbool.h's expansion of `bool`. */
#define KNOB_CTYPE_bool     bool
#define KNOB_CTYPE__Bool    bool
#define KNOB_CTYPE_uint32_t uint32_t
#define KNOB_CTYPE_int32_t  int32_t
#define KNOB_CTYPE_float    float
#define KNOB_CTYPE_string   const char *

typedef enum knob_kind {
    KNOB_KIND_bool,
    KNOB_KIND_uint32_t,
    KNOB_KIND_int32_t,
    KNOB_KIND_float,
    KNOB_KIND_string,
    KNOB_KIND__Bool = KNOB_KIND_bool,
} knob_kind;

#define KNOB_FIELD(name, type, def, desc) KNOB_CTYPE_##type name;
typedef struct swr_knob_values {
    SWR_KNOB_TABLE(KNOB_FIELD)
} swr_knob_values;
#undef KNOB_FIELD

/* Index of each knob in table order, and their number. */
#define KNOB_ENUM(name, type, def, desc) KNOB_ID_##name,
typedef enum knob_id { SWR_KNOB_TABLE(KNOB_ENUM) KNOB_COUNT } knob_id;
#undef KNOB_ENUM

extern swr_knob_values swr_knobs;

#define KNOB(name) (swr_knobs.name)

/* One macro per table row, written by hand because a macro cannot define
 * macros. knobs.c takes the address of KNOB_##NAME for every row, so a row
 * without its line here does not compile; test_knob_parse checks that each
 * macro names its own field. */
#define KNOB_ENABLE_ASSERT_DIALOGS     KNOB(ENABLE_ASSERT_DIALOGS)
#define KNOB_SINGLE_THREADED           KNOB(SINGLE_THREADED)
#define KNOB_DUMP_SHADER_IR            KNOB(DUMP_SHADER_IR)
#define KNOB_USE_GENERIC_STORETILE     KNOB(USE_GENERIC_STORETILE)
#define KNOB_FAST_CLEAR                KNOB(FAST_CLEAR)
#define KNOB_MAX_NUMA_NODES            KNOB(MAX_NUMA_NODES)
#define KNOB_MAX_CORES_PER_NUMA_NODE   KNOB(MAX_CORES_PER_NUMA_NODE)
#define KNOB_MAX_THREADS_PER_CORE      KNOB(MAX_THREADS_PER_CORE)
#define KNOB_MAX_WORKER_THREADS        KNOB(MAX_WORKER_THREADS)
#define KNOB_BUCKETS_START_FRAME       KNOB(BUCKETS_START_FRAME)
#define KNOB_BUCKETS_END_FRAME         KNOB(BUCKETS_END_FRAME)
#define KNOB_WORKER_SPIN_LOOP_COUNT    KNOB(WORKER_SPIN_LOOP_COUNT)
#define KNOB_MAX_DRAWS_IN_FLIGHT       KNOB(MAX_DRAWS_IN_FLIGHT)
#define KNOB_MAX_PRIMS_PER_DRAW        KNOB(MAX_PRIMS_PER_DRAW)
#define KNOB_MAX_TESS_PRIMS_PER_DRAW   KNOB(MAX_TESS_PRIMS_PER_DRAW)
#define KNOB_MAX_FRAC_ODD_TESS_FACTOR  KNOB(MAX_FRAC_ODD_TESS_FACTOR)
#define KNOB_MAX_FRAC_EVEN_TESS_FACTOR KNOB(MAX_FRAC_EVEN_TESS_FACTOR)
#define KNOB_MAX_INTEGER_TESS_FACTOR   KNOB(MAX_INTEGER_TESS_FACTOR)
#define KNOB_BUCKETS_ENABLE_THREADVIZ  KNOB(BUCKETS_ENABLE_THREADVIZ)
#define KNOB_TOSS_DRAW                 KNOB(TOSS_DRAW)
#define KNOB_TOSS_QUEUE_FE             KNOB(TOSS_QUEUE_FE)
#define KNOB_TOSS_FETCH                KNOB(TOSS_FETCH)
#define KNOB_TOSS_IA                   KNOB(TOSS_IA)
#define KNOB_TOSS_VS                   KNOB(TOSS_VS)
#define KNOB_TOSS_SETUP_TRIS           KNOB(TOSS_SETUP_TRIS)
#define KNOB_TOSS_BIN_TRIS             KNOB(TOSS_BIN_TRIS)
#define KNOB_TOSS_RS                   KNOB(TOSS_RS)
#define KNOB_ENABLE_RDTSC              KNOB(ENABLE_RDTSC)
#define KNOB_BASE_NUMA_NODE            KNOB(BASE_NUMA_NODE)
#define KNOB_BASE_CORE                 KNOB(BASE_CORE)
#define KNOB_BASE_THREAD               KNOB(BASE_THREAD)
#define KNOB_RESERVE_API_THREAD        KNOB(RESERVE_API_THREAD)
#define KNOB_ADAPT_TO_LOAD             KNOB(ADAPT_TO_LOAD)
#define KNOB_DISABLE_SPLIT_DRAW        KNOB(DISABLE_SPLIT_DRAW)
#define KNOB_PRINT_KNOBS               KNOB(PRINT_KNOBS)
#define KNOB_JIT                       KNOB(JIT)
#define KNOB_JIT_OPTIMIZATION_LEVEL    KNOB(JIT_OPTIMIZATION_LEVEL)
#define KNOB_JIT_ENABLE_CACHE          KNOB(JIT_ENABLE_CACHE)
#define KNOB_JIT_CACHE_DIR             KNOB(JIT_CACHE_DIR)
#define KNOB_DEBUG_OUTPUT_DIR          KNOB(DEBUG_OUTPUT_DIR)
#define KNOB_GL_REPORT_UNIMPLEMENTED   KNOB(GL_REPORT_UNIMPLEMENTED)
#define KNOB_QUIET                     KNOB(QUIET)

/* Parses the environment once per process: every KNOB_<NAME> variable of the
 * table, plus a one-line warning per KNOB_* variable that names no knob. If
 * KNOB_PRINT_KNOBS ends up true, prints the listing to stderr. Thread-safe,
 * idempotent, never fails (bad values keep their defaults). */
void knob_init(void);

/* Resets every knob to its default, then sets each knob for which
 * get(name, user) returns non-NULL (name without the KNOB_ prefix), with the
 * parsing rules above. Runs knob_init() first if it has not run, so a later
 * knob_init() does not overwrite the result. For tests; not thread-safe. */
void knob_reload(const char *(*get)(const char *name, void *user), void *user);

/* Writes every knob, one per line and aligned in columns: KNOB_<NAME>, type,
 * current value, default, description. */
void knob_print(FILE *f);

/* Writes the table itself as a Markdown table, one row per knob in table
 * order: `KNOB_<NAME>`, type, default (as the table spells it, strings
 * unexpanded), description. Independent of the environment: the source of
 * docs/usage.md (swr_knobs --markdown). */
void knob_print_markdown(FILE *f);

/* Sets one knob from text. `name` may carry the KNOB_ prefix or not. Returns
 * false (and prints one line on stderr) if the name is unknown or the value
 * does not parse; the knob then keeps its value. Not thread-safe. */
bool knob_set(const char *name, const char *value);

/* Table metadata, for tools and tests: name (without prefix), kind, and
 * description of knob `id` (< KNOB_COUNT). */
const char *knob_name(knob_id id);
knob_kind knob_get_kind(knob_id id);
const char *knob_description(knob_id id);

#endif
