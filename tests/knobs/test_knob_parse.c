/*
 * test_knob_parse: the knob table against the OpenSWR documentation, and the
 * parsing rules of knobs.h.
 *
 * Oracle: `doc_knobs` below is copied by hand from gallium-docs.md section
 * "10.2.4 Knobs" (name, type, default) plus the swr additions listed in the
 * knobs brief; parse expectations are written from the rules in knobs.h, not
 * from what the parser returned.
 *
 * The first test runs knob_init() against a prepared environment (knob_init
 * parses once per process); all later tests go through knob_reload/knob_set.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "knobs/knobs.h"

/* ---- the documented table ------------------------------------------------- */

typedef struct doc_knob {
    const char *name;
    const char *type;
    const char *def; /* as the documentation writes it */
} doc_knob;

static const doc_knob doc_knobs[] = {
    /* gallium-docs.md 10.2.4 */
    {"ENABLE_ASSERT_DIALOGS", "bool", "true"},
    {"SINGLE_THREADED", "bool", "false"},
    {"DUMP_SHADER_IR", "bool", "false"},
    {"USE_GENERIC_STORETILE", "bool", "false"},
    {"FAST_CLEAR", "bool", "true"},
    {"MAX_NUMA_NODES", "uint32_t", "0"},
    {"MAX_CORES_PER_NUMA_NODE", "uint32_t", "0"},
    {"MAX_THREADS_PER_CORE", "uint32_t", "1"},
    {"MAX_WORKER_THREADS", "uint32_t", "0"},
    {"BUCKETS_START_FRAME", "uint32_t", "1200"},
    {"BUCKETS_END_FRAME", "uint32_t", "1400"},
    {"WORKER_SPIN_LOOP_COUNT", "uint32_t", "5000"},
    {"MAX_DRAWS_IN_FLIGHT", "uint32_t", "160"},
    {"MAX_PRIMS_PER_DRAW", "uint32_t", "2040"},
    {"MAX_TESS_PRIMS_PER_DRAW", "uint32_t", "16"},
    {"MAX_FRAC_ODD_TESS_FACTOR", "float", "63.0"},
    {"MAX_FRAC_EVEN_TESS_FACTOR", "float", "64.0"},
    {"MAX_INTEGER_TESS_FACTOR", "uint32_t", "64"},
    {"BUCKETS_ENABLE_THREADVIZ", "bool", "false"},
    {"TOSS_DRAW", "bool", "false"},
    {"TOSS_QUEUE_FE", "bool", "false"},
    {"TOSS_FETCH", "bool", "false"},
    {"TOSS_IA", "bool", "false"},
    {"TOSS_VS", "bool", "false"},
    {"TOSS_SETUP_TRIS", "bool", "false"},
    {"TOSS_BIN_TRIS", "bool", "false"},
    {"TOSS_RS", "bool", "false"},
    /* swr additions */
    {"ENABLE_RDTSC", "bool", "false"},
    {"BASE_NUMA_NODE", "uint32_t", "0"},
    {"BASE_CORE", "uint32_t", "0"},
    {"BASE_THREAD", "uint32_t", "0"},
    {"RESERVE_API_THREAD", "bool", "true"},
    {"ADAPT_TO_LOAD", "bool", "true"},
    {"DISABLE_SPLIT_DRAW", "bool", "false"},
    {"PRINT_KNOBS", "bool", "false"},
    {"JIT", "string", "llvm"},
    {"JIT_OPTIMIZATION_LEVEL", "int32_t", "-1"},
    {"JIT_ENABLE_CACHE", "bool", "false"},
    {"JIT_CACHE_DIR", "string", "${HOME}/.swr/jitcache"},
    {"DEBUG_OUTPUT_DIR", "string", "/tmp/Rast/DebugOutput"},
    {"GL_REPORT_UNIMPLEMENTED", "bool", "true"},
    {"QUIET", "bool", "false"},
};
#define DOC_COUNT (sizeof(doc_knobs) / sizeof(doc_knobs[0]))

static const char *const kind_names[] = {"bool", "uint32_t", "int32_t", "float", "string"};

static int id_of(const char *name)
{
    for (int i = 0; i < KNOB_COUNT; i++) {
        if (!strcmp(knob_name((knob_id)i), name))
            return i;
    }
    return -1;
}

/* Reads knob `name` as text, formatted independently of knob_print. */
static void value_text(const char *name, char *buf, size_t size)
{
    buf[0] = '\0';
#define FMT_bool(v)     snprintf(buf, size, "%s", (v) ? "true" : "false")
#define FMT__Bool(v)    FMT_bool(v)
#define FMT_uint32_t(v) snprintf(buf, size, "%u", (unsigned)(v))
#define FMT_int32_t(v)  snprintf(buf, size, "%d", (int)(v))
#define FMT_float(v)    snprintf(buf, size, "%.1f", (double)(v))
#define FMT_string(v)   snprintf(buf, size, "%s", (v))
#define ROW(n, t, d, desc)                                                                         \
    if (!strcmp(name, #n))                                                                         \
        FMT_##t(swr_knobs.n);
    SWR_KNOB_TABLE(ROW)
#undef ROW
}

static const char *no_knobs(const char *name, void *user)
{
    return NULL;
}

/* A lookup over a NULL-terminated list of name/value pairs. */
static const char *pairs_get(const char *name, void *user)
{
    const char *const *p = user;
    for (; p[0]; p += 2) {
        if (!strcmp(p[0], name))
            return p[1];
    }
    return NULL;
}

/* ---- stderr capture -------------------------------------------------------- */

static int saved_stderr = -1;
static FILE *capture_file;

static void capture_begin(void)
{
    fflush(stderr);
    capture_file = tmpfile();
    assert_non_null(capture_file);
    saved_stderr = dup(2);
    dup2(fileno(capture_file), 2);
}

/* Returns what was written to stderr since capture_begin (static buffer). */
static const char *capture_end(void)
{
    static char text[16384];
    fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    rewind(capture_file);
    size_t n = fread(text, 1, sizeof(text) - 1, capture_file);
    text[n] = '\0';
    fclose(capture_file);
    return text;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* ---- tests ------------------------------------------------------------------- */

static void test_init_from_environment(void **state)
{
    setenv("KNOB_MAX_WORKER_THREADS", "3", 1);
    setenv("KNOB_WORKER_SPIN_LOOP_COUNT", "0x10", 1);
    setenv("KNOB_SINGLE_THREADED", "nonsense", 1);
    setenv("KNOB_TOTALLY_BOGUS_KNOB", "1", 1);
    setenv("KNOB_PRINT_KNOBS", "y", 1);
    capture_begin();
    knob_init();
    knob_init(); /* idempotent: no second listing, no second warning */
    const char *err = capture_end();

    assert_int_equal(KNOB_MAX_WORKER_THREADS, 3);
    assert_int_equal(KNOB_WORKER_SPIN_LOOP_COUNT, 16);
    assert_false(KNOB_SINGLE_THREADED);
    assert_true(KNOB_PRINT_KNOBS);
    assert_non_null(strstr(err, "KNOB_TOTALLY_BOGUS_KNOB"));
    assert_non_null(strstr(err, "KNOB_SINGLE_THREADED"));
    /* Exactly one warning for the unknown name, one for the bad value. */
    const char *first = strstr(err, "unknown knob KNOB_TOTALLY_BOGUS_KNOB");
    assert_non_null(first);
    assert_null(strstr(first + 1, "unknown knob KNOB_TOTALLY_BOGUS_KNOB"));
    /* PRINT_KNOBS printed the listing once: header + one line per knob + the
     * two warnings. */
    assert_int_equal(count_lines(err), 1 + KNOB_COUNT + 2);
    assert_non_null(strstr(err, "KNOB_DEBUG_OUTPUT_DIR"));

    unsetenv("KNOB_MAX_WORKER_THREADS");
    unsetenv("KNOB_WORKER_SPIN_LOOP_COUNT");
    unsetenv("KNOB_SINGLE_THREADED");
    unsetenv("KNOB_TOTALLY_BOGUS_KNOB");
    unsetenv("KNOB_PRINT_KNOBS");
}

static void test_table_matches_docs(void **state)
{
    setenv("HOME", "/home/oracle", 1);
    knob_reload(no_knobs, NULL);
    assert_int_equal(KNOB_COUNT, DOC_COUNT);
    for (size_t i = 0; i < DOC_COUNT; i++) {
        const doc_knob *d = &doc_knobs[i];
        int id = id_of(d->name);
        if (id < 0)
            fail_msg("knob %s missing from the table", d->name);
        assert_string_equal(kind_names[knob_get_kind((knob_id)id)], d->type);

        char got[256], want[256];
        value_text(d->name, got, sizeof(got));
        if (!strcmp(d->name, "JIT_CACHE_DIR"))
            snprintf(want, sizeof(want), "/home/oracle/.swr/jitcache"); /* expanded */
        else
            snprintf(want, sizeof(want), "%s", d->def);
        if (strcmp(got, want))
            fail_msg("KNOB_%s default: got %s, documented %s", d->name, got, want);
    }
}

static void test_descriptions(void **state)
{
    const char *tess[] = {"MAX_TESS_PRIMS_PER_DRAW", "MAX_FRAC_ODD_TESS_FACTOR",
                          "MAX_FRAC_EVEN_TESS_FACTOR", "MAX_INTEGER_TESS_FACTOR"};
    for (size_t i = 0; i < 4; i++)
        assert_non_null(strstr(knob_description((knob_id)id_of(tess[i])),
                               "accepted; not used until tessellation exists"));
    const char *toss[] = {"TOSS_QUEUE_FE", "TOSS_FETCH",      "TOSS_IA", "TOSS_VS",
                          "TOSS_SETUP_TRIS", "TOSS_BIN_TRIS", "TOSS_RS"};
    for (size_t i = 0; i < 7; i++)
        assert_non_null(strstr(knob_description((knob_id)id_of(toss[i])), "no rebuild needed"));
    for (int i = 0; i < KNOB_COUNT; i++) {
        const char *desc = knob_description((knob_id)i);
        assert_true(strlen(desc) > 10);
        assert_null(strstr(desc, "core/knobs.h"));
    }
    assert_non_null(strstr(knob_description(KNOB_ID_BUCKETS_START_FRAME), "KNOB_ENABLE_RDTSC"));
    assert_non_null(strstr(knob_description(KNOB_ID_MAX_DRAWS_IN_FLIGHT),
                           "Maximum number of draws outstanding before API thread blocks."));
}

static void test_macros_name_their_field(void **state)
{
    int n = 0;
#define ROW(name, t, d, desc)                                                                      \
    assert_ptr_equal((const void *)&KNOB_##name, (const void *)&swr_knobs.name);                   \
    assert_string_equal(knob_name(KNOB_ID_##name), #name);                                         \
    n++;
    SWR_KNOB_TABLE(ROW)
#undef ROW
    assert_int_equal(n, KNOB_COUNT);
}

typedef struct parse_case {
    const char *text;
    int valid;
    const char *want; /* value_text when valid */
} parse_case;

/* Sets `knob` to each case's text starting from its default and checks the
 * result; invalid text must leave the default and name the knob on stderr. */
static void run_cases(const char *knob, const parse_case *c, size_t n)
{
    char def[256];
    knob_reload(no_knobs, NULL);
    value_text(knob, def, sizeof(def));
    for (size_t i = 0; i < n; i++) {
        knob_reload(no_knobs, NULL);
        capture_begin();
        bool ok = knob_set(knob, c[i].text);
        const char *err = capture_end();
        char got[256];
        value_text(knob, got, sizeof(got));
        if (ok != (bool)c[i].valid)
            fail_msg("%s=\"%s\": knob_set returned %d", knob, c[i].text, ok);
        if (c[i].valid) {
            if (strcmp(got, c[i].want))
                fail_msg("%s=\"%s\": got %s want %s", knob, c[i].text, got, c[i].want);
            assert_string_equal(err, "");
        } else {
            if (strcmp(got, def))
                fail_msg("%s=\"%s\": invalid text changed the value to %s", knob, c[i].text,
                         got);
            char name[128];
            snprintf(name, sizeof(name), "KNOB_%s", knob);
            assert_non_null(strstr(err, name));
            assert_int_equal(count_lines(err), 1);
        }
    }
}

static void test_parse_bool(void **state)
{
    static const parse_case cases[] = {
        {"y", 1, "true"},      {"Y", 1, "true"},     {"t", 1, "true"},    {"T", 1, "true"},
        {"1", 1, "true"},      {"n", 1, "false"},    {"N", 1, "false"},   {"f", 1, "false"},
        {"F", 1, "false"},     {"0", 1, "false"},    {"yes", 1, "true"},  {"YES", 1, "true"},
        {"True", 1, "true"},   {"no", 1, "false"},   {"FaLsE", 1, "false"}, {"2", 1, "true"},
        {"-1", 1, "true"},     {"0x0", 1, "false"},  {"0x10", 1, "true"}, {"00", 1, "false"},
        {" 1 ", 1, "true"},    {"x", 0, ""},         {"yess", 0, ""},     {"", 0, ""},
        {"1z", 0, ""},         {"on", 0, ""},
    };
    /* FAST_CLEAR defaults to true, TOSS_RS to false: a rejected value must
     * keep either. */
    run_cases("FAST_CLEAR", cases, sizeof(cases) / sizeof(cases[0]));
    run_cases("TOSS_RS", cases, sizeof(cases) / sizeof(cases[0]));
}

static void test_parse_uint32(void **state)
{
    static const parse_case cases[] = {
        {"123", 1, "123"},        {"0x7b", 1, "123"},     {"0X7B", 1, "123"},
        {"0173", 1, "123"},       {"0", 1, "0"},          {" 42\t", 1, "42"},
        {"4294967295", 1, "4294967295"},                  {"0xffffffff", 1, "4294967295"},
        {"4294967296", 0, ""},    {"99999999999999999999999", 0, ""},
        {"-1", 0, ""},            {"08", 0, ""},          {"12abc", 0, ""},
        {"", 0, ""},              {"   ", 0, ""},         {"abc", 0, ""},
        {"1.5", 0, ""},
    };
    run_cases("MAX_DRAWS_IN_FLIGHT", cases, sizeof(cases) / sizeof(cases[0]));
}

static void test_parse_int32(void **state)
{
    static const parse_case cases[] = {
        {"3", 1, "3"},    {"-1", 1, "-1"},  {"-0x10", 1, "-16"},
        {"017", 1, "15"}, {"+7", 1, "7"},   {"2147483647", 1, "2147483647"},
        {"-2147483648", 1, "-2147483648"},  {"2147483648", 0, ""},
        {"-2147483649", 0, ""},             {"3x", 0, ""},
        {"", 0, ""},
    };
    run_cases("JIT_OPTIMIZATION_LEVEL", cases, sizeof(cases) / sizeof(cases[0]));
}

static void test_parse_float(void **state)
{
    static const parse_case cases[] = {
        {"1.5", 1, "1.5"},  {"1e2", 1, "100.0"}, {"-3", 1, "-3.0"}, {"0x10", 1, "16.0"},
        {" 7.25 ", 1, "7.2"}, /* %.1f of 7.25 rounds to even */
        {"1e39", 0, ""},    {"inf", 0, ""},      {"nan", 0, ""},    {"2.0x", 0, ""},
        {"", 0, ""},        {"f", 0, ""},
    };
    run_cases("MAX_FRAC_ODD_TESS_FACTOR", cases, sizeof(cases) / sizeof(cases[0]));
}

static void test_parse_string(void **state)
{
    setenv("SWR_TEST_A", "alpha", 1);
    setenv("SWR_TEST_B", "b/c", 1);
    unsetenv("SWR_TEST_UNSET");
    static const parse_case cases[] = {
        {"llvm", 1, "llvm"},
        {"  spaced  ", 1, "  spaced  "},
        {"", 1, ""},
        {"${SWR_TEST_A}", 1, "alpha"},
        {"/x/${SWR_TEST_A}/${SWR_TEST_B}/y", 1, "/x/alpha/b/c/y"},
        {"${SWR_TEST_A}${SWR_TEST_A}", 1, "alphaalpha"},
        {"[${SWR_TEST_UNSET}]", 1, "[]"},
        {"${SWR_TEST_A", 1, "${SWR_TEST_A"},
        {"$SWR_TEST_A", 1, "$SWR_TEST_A"},
        {"%SWR_TEST_A%", 1, "%SWR_TEST_A%"},
        {"a$", 1, "a$"},
    };
    run_cases("DEBUG_OUTPUT_DIR", cases, sizeof(cases) / sizeof(cases[0]));
}

static void test_reload_keeps_defaults_on_bad_values(void **state)
{
    const char *pairs[] = {"MAX_WORKER_THREADS", "zz", "BUCKETS_END_FRAME", "0x20",
                           "FAST_CLEAR", "maybe", "MAX_FRAC_EVEN_TESS_FACTOR", "1e99",
                           "JIT", "interp", NULL};
    knob_set("MAX_WORKER_THREADS", "9"); /* reload must reset this first */
    capture_begin();
    knob_reload(pairs_get, (void *)pairs);
    const char *err = capture_end();
    assert_int_equal(KNOB_MAX_WORKER_THREADS, 0);
    assert_int_equal(KNOB_BUCKETS_END_FRAME, 32);
    assert_true(KNOB_FAST_CLEAR);
    assert_true(KNOB_MAX_FRAC_EVEN_TESS_FACTOR == 64.0f);
    assert_string_equal(KNOB_JIT, "interp");
    assert_int_equal(count_lines(err), 3);
    assert_non_null(strstr(err, "KNOB_MAX_WORKER_THREADS"));
    assert_non_null(strstr(err, "KNOB_FAST_CLEAR"));
    assert_non_null(strstr(err, "KNOB_MAX_FRAC_EVEN_TESS_FACTOR"));

    knob_reload(no_knobs, NULL);
    assert_string_equal(KNOB_JIT, "llvm");
    assert_int_equal(KNOB_BUCKETS_END_FRAME, 1400);
}

static void test_set_names(void **state)
{
    knob_reload(no_knobs, NULL);
    assert_true(knob_set("KNOB_MAX_WORKER_THREADS", "5"));
    assert_int_equal(KNOB_MAX_WORKER_THREADS, 5);
    assert_true(knob_set("MAX_WORKER_THREADS", "6"));
    assert_int_equal(KNOB_MAX_WORKER_THREADS, 6);
    capture_begin();
    bool ok = knob_set("MAX_WORKER_THREAD", "7");
    const char *err = capture_end();
    assert_false(ok);
    assert_non_null(strstr(err, "MAX_WORKER_THREAD"));
    assert_int_equal(count_lines(err), 1);
    assert_int_equal(KNOB_MAX_WORKER_THREADS, 6);
}

static void test_print_lists_every_knob(void **state)
{
    knob_reload(no_knobs, NULL);
    knob_set("MAX_WORKER_THREADS", "3");
    knob_set("JIT", "interp");
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    knob_print(f);
    fclose(f);

    assert_int_equal(count_lines(text), KNOB_COUNT + 1);
    /* Column of the type field, identical on every knob line. */
    int type_col = -1;
    int seen = 0;
    for (char *line = strchr(text, '\n') + 1; *line; line = strchr(line, '\n') + 1) {
        char name[128], type[32], value[256], def[256];
        assert_int_equal(sscanf(line, "%127s %31s %255s %255s", name, type, value, def), 4);
        assert_memory_equal(name, "KNOB_", 5);
        int id = id_of(name + 5);
        assert_true(id >= 0);
        seen++;
        assert_string_equal(type, kind_names[knob_get_kind((knob_id)id)]);
        int col = (int)(strstr(line, type) - line);
        if (type_col < 0)
            type_col = col;
        assert_int_equal(col, type_col);
        char *eol = strchr(line, '\n');
        *eol = '\0';
        assert_non_null(strstr(line, knob_description((knob_id)id)));
        if (id == KNOB_ID_MAX_WORKER_THREADS) {
            assert_string_equal(value, "3");
            assert_string_equal(def, "0");
        }
        if (id == KNOB_ID_MAX_PRIMS_PER_DRAW) {
            assert_string_equal(value, "2040");
            assert_string_equal(def, "2040");
        }
        if (id == KNOB_ID_JIT) {
            assert_string_equal(value, "\"interp\"");
            assert_string_equal(def, "\"llvm\"");
        }
        *eol = '\n';
    }
    assert_int_equal(seen, KNOB_COUNT);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_from_environment),
        cmocka_unit_test(test_table_matches_docs),
        cmocka_unit_test(test_descriptions),
        cmocka_unit_test(test_macros_name_their_field),
        cmocka_unit_test(test_parse_bool),
        cmocka_unit_test(test_parse_uint32),
        cmocka_unit_test(test_parse_int32),
        cmocka_unit_test(test_parse_float),
        cmocka_unit_test(test_parse_string),
        cmocka_unit_test(test_reload_keeps_defaults_on_bad_values),
        cmocka_unit_test(test_set_names),
        cmocka_unit_test(test_print_lists_every_knob),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
