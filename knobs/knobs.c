/*
 * knobs.c: defaults, parsing and listing of the knobs of knob_table.h.
 *
 * In: the process environment (knob_init), a caller's lookup function
 * (knob_reload) or one name/value pair (knob_set). Out: the fields of
 * `swr_knobs`, read everywhere through the KNOB_<NAME> macros.
 *
 * Every knob is described by one entry of `knob_descs` (generated from the
 * table): its name, kind and the offset of its field, which is the same in
 * `swr_knobs` and in `knob_defaults`. Parsing works on that description, so
 * the per-type code exists once.
 *
 * Threads: knob_init is guarded by pthread_once; everything else that writes
 * runs before worker threads exist (context creation) or in tests. Readers
 * never lock.
 *
 * Memory: string knobs that were set or expanded point to heap copies owned
 * here (`knob_owned`); a replaced copy is freed. Defaults and untouched
 * values point to the table's literals.
 */
#include "knobs/knobs.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

extern char **environ;

#define KNOB_INIT(name, type, def, desc) .name = def,
swr_knob_values swr_knobs = {SWR_KNOB_TABLE(KNOB_INIT)};
static const swr_knob_values knob_defaults = {SWR_KNOB_TABLE(KNOB_INIT)};
#undef KNOB_INIT

typedef struct knob_desc {
    const char *name;
    knob_kind kind;
    size_t offset;
    const char *description;
} knob_desc;

/* Heap strings currently owned by string knobs, by knob id (NULL when the
 * field points to a literal). */
static char *knob_owned[KNOB_COUNT];

static pthread_once_t knob_once = PTHREAD_ONCE_INIT;

/* The environment prefix; also stripped from names given to knob_set. */
static const char knob_prefix[] = "KNOB_";
#define KNOB_PREFIX_LEN (sizeof(knob_prefix) - 1)

/* ---- parsing ------------------------------------------------------------- */

static void *knob_field(const knob_desc *d, swr_knob_values *v)
{
    return (char *)v + d->offset;
}

/* Trims white space at both ends into buf. Returns false if nothing is left
 * or the text does not fit (no knob value is anywhere near 128 chars). */
static bool trim_copy(const char *text, char *buf, size_t size)
{
    while (isspace((unsigned char)*text))
        text++;
    size_t n = strlen(text);
    while (n > 0 && isspace((unsigned char)text[n - 1]))
        n--;
    if (n == 0 || n >= size)
        return false;
    memcpy(buf, text, n);
    buf[n] = '\0';
    return true;
}

static bool parse_bool(const char *s, bool *out)
{
    if (s[0] != '\0' && s[1] == '\0') {
        switch (s[0]) {
        case 'y': case 'Y': case 't': case 'T': case '1':
            *out = true;
            return true;
        case 'n': case 'N': case 'f': case 'F': case '0':
            *out = false;
            return true;
        default:
            break;
        }
    }
    if (!strcasecmp(s, "yes") || !strcasecmp(s, "true")) {
        *out = true;
        return true;
    }
    if (!strcasecmp(s, "no") || !strcasecmp(s, "false")) {
        *out = false;
        return true;
    }
    char *end;
    errno = 0;
    long n = strtol(s, &end, 0);
    if (end == s || *end != '\0' || errno == ERANGE)
        return false;
    *out = n != 0;
    return true;
}

static bool parse_u32(const char *s, uint32_t *out)
{
    /* strtoul would silently negate "-1" into ULONG_MAX. */
    if (s[0] == '-')
        return false;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(s, &end, 0);
    if (end == s || *end != '\0' || errno == ERANGE || n > UINT32_MAX)
        return false;
    *out = (uint32_t)n;
    return true;
}

static bool parse_i32(const char *s, int32_t *out)
{
    char *end;
    errno = 0;
    long long n = strtoll(s, &end, 0);
    if (end == s || *end != '\0' || errno == ERANGE || n < INT32_MIN || n > INT32_MAX)
        return false;
    *out = (int32_t)n;
    return true;
}

static bool parse_float(const char *s, float *out)
{
    char *end;
    errno = 0;
    float f = strtof(s, &end);
    /* ERANGE on underflow still yields a usable (denormal or zero) value; only
     * overflow and non-finite text are errors. */
    if (end == s || *end != '\0' || !isfinite(f))
        return false;
    *out = f;
    return true;
}

/* Returns a heap copy of `s` with every ${VAR} replaced by getenv("VAR")
 * (empty when unset). NULL only when out of memory. */
static char *expand_env(const char *s)
{
    size_t cap = strlen(s) + 1, len = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    while (*s) {
        const char *piece = s;
        size_t piece_len = 1;
        if (s[0] == '$' && s[1] == '{') {
            const char *close = strchr(s + 2, '}');
            if (close) {
                char name[256];
                size_t name_len = (size_t)(close - (s + 2));
                const char *value = NULL;
                if (name_len < sizeof(name)) {
                    memcpy(name, s + 2, name_len);
                    name[name_len] = '\0';
                    value = getenv(name);
                }
                piece = value ? value : "";
                piece_len = strlen(piece);
                s = close + 1;
            } else {
                s++;
            }
        } else {
            s++;
        }
        if (len + piece_len + 1 > cap) {
            cap = (len + piece_len + 1) * 2;
            char *grown = realloc(out, cap);
            if (!grown) {
                free(out);
                return NULL;
            }
            out = grown;
        }
        memcpy(out + len, piece, piece_len);
        len += piece_len;
    }
    out[len] = '\0';
    return out;
}

static void set_string(knob_id id, const knob_desc *d, char *owned)
{
    free(knob_owned[id]);
    knob_owned[id] = owned;
    *(const char **)knob_field(d, &swr_knobs) = owned;
}

/* Parses `text` into knob `id`. On failure prints one line naming the knob
 * and leaves the value unchanged. `origin` says where the text came from. */
static bool knob_parse(knob_id id, const knob_desc *d, const char *text, const char *origin)
{
    void *field = knob_field(d, &swr_knobs);
    char buf[128];
    bool ok = false;

    if (d->kind == KNOB_KIND_string) {
        char *copy = expand_env(text);
        if (copy) {
            set_string(id, d, copy);
            return true;
        }
        fprintf(stderr, "swr: warning: %s%s: out of memory expanding \"%s\"; value unchanged\n",
                knob_prefix, d->name, text);
        return false;
    }
    if (trim_copy(text, buf, sizeof(buf))) {
        switch (d->kind) {
        case KNOB_KIND_bool:
            ok = parse_bool(buf, field);
            break;
        case KNOB_KIND_uint32_t:
            ok = parse_u32(buf, field);
            break;
        case KNOB_KIND_int32_t:
            ok = parse_i32(buf, field);
            break;
        case KNOB_KIND_float:
            ok = parse_float(buf, field);
            break;
        case KNOB_KIND_string:
            break;
        }
    }
    if (!ok) {
        static const char *const kind_names[] = {"bool", "uint32_t", "int32_t", "float",
                                                 "string"};
        fprintf(stderr, "swr: warning: %s%s%s: \"%s\" is not a valid %s; value unchanged\n",
                knob_prefix, d->name, origin, text, kind_names[d->kind]);
    }
    return ok;
}

/* ---- table ---------------------------------------------------------------- */

#define KNOB_DESC(name, type, def, desc)                                                           \
    {#name, KNOB_KIND_##type, offsetof(swr_knob_values, name), desc},
static const knob_desc knob_descs[KNOB_COUNT] = {SWR_KNOB_TABLE(KNOB_DESC)};
#undef KNOB_DESC

/* Every row must have its hand-written KNOB_<NAME> macro in knobs.h: taking
 * its address here fails to compile ("undeclared KNOB_FOO") when it lacks. */
#define KNOB_MACRO_ADDR(name, type, def, desc) (const void *)&KNOB_##name,
static const void *const knob_macro_addrs[KNOB_COUNT] = {SWR_KNOB_TABLE(KNOB_MACRO_ADDR)};
#undef KNOB_MACRO_ADDR

static_assert(sizeof(knob_descs) / sizeof(knob_descs[0]) == KNOB_COUNT, "one desc per knob");
static_assert(sizeof(knob_macro_addrs) / sizeof(knob_macro_addrs[0]) == KNOB_COUNT,
              "one KNOB_ macro per knob");

/* ---- reset, init, reload --------------------------------------------------- */

static void reset_to_defaults(void)
{
    for (int i = 0; i < KNOB_COUNT; i++) {
        const knob_desc *d = &knob_descs[i];
        if (d->kind == KNOB_KIND_string) {
            /* Defaults hold ${VAR} too (JIT_CACHE_DIR): expand them as well,
             * keeping the literal if memory is short. */
            const char *literal = *(const char *const *)knob_field(d, (swr_knob_values *)&knob_defaults);
            char *copy = strstr(literal, "${") ? expand_env(literal) : NULL;
            free(knob_owned[i]);
            knob_owned[i] = copy;
            *(const char **)knob_field(d, &swr_knobs) = copy ? copy : literal;
        } else {
            size_t size = d->kind == KNOB_KIND_bool ? sizeof(bool) : 4;
            memcpy(knob_field(d, &swr_knobs), knob_field(d, (swr_knob_values *)&knob_defaults),
                   size);
        }
    }
}

static int find_knob(const char *name, size_t len)
{
    for (int i = 0; i < KNOB_COUNT; i++) {
        if (strlen(knob_descs[i].name) == len && !memcmp(knob_descs[i].name, name, len))
            return i;
    }
    return -1;
}

static void load(const char *(*get)(const char *name, void *user), void *user, const char *origin)
{
    reset_to_defaults();
    for (int i = 0; i < KNOB_COUNT; i++) {
        const char *text = get(knob_descs[i].name, user);
        if (text)
            knob_parse((knob_id)i, &knob_descs[i], text, origin);
    }
}

static const char *env_get(const char *name, void *user)
{
    char var[128];
    snprintf(var, sizeof(var), "%s%s", knob_prefix, name);
    return getenv(var);
}

static void warn_unknown_env(void)
{
    for (char **e = environ; e && *e; e++) {
        if (strncmp(*e, knob_prefix, KNOB_PREFIX_LEN) != 0)
            continue;
        const char *name = *e + KNOB_PREFIX_LEN;
        const char *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        if (find_knob(name, len) < 0)
            fprintf(stderr, "swr: warning: unknown knob %.*s in the environment (typo?)\n",
                    (int)(len + KNOB_PREFIX_LEN), *e);
    }
}

static void init_once(void)
{
    load(env_get, NULL, " (environment)");
    warn_unknown_env();
    if (KNOB_PRINT_KNOBS)
        knob_print(stderr);
}

void knob_init(void)
{
    pthread_once(&knob_once, init_once);
}

void knob_reload(const char *(*get)(const char *name, void *user), void *user)
{
    knob_init();
    load(get, user, "");
}

bool knob_set(const char *name, const char *value)
{
    if (!strncmp(name, knob_prefix, KNOB_PREFIX_LEN))
        name += KNOB_PREFIX_LEN;
    int i = find_knob(name, strlen(name));
    if (i < 0) {
        fprintf(stderr, "swr: warning: unknown knob %s%s\n", knob_prefix, name);
        return false;
    }
    return knob_parse((knob_id)i, &knob_descs[i], value, "");
}

/* ---- listing ---------------------------------------------------------------- */

static const char *kind_name(knob_kind k)
{
    switch (k) {
    case KNOB_KIND_bool:
        return "bool";
    case KNOB_KIND_uint32_t:
        return "uint32_t";
    case KNOB_KIND_int32_t:
        return "int32_t";
    case KNOB_KIND_float:
        return "float";
    case KNOB_KIND_string:
        return "string";
    }
    return "?";
}

/* Formats knob `d` of `v` into buf; strings are quoted so that an empty
 * value stays visible. */
static void format_value(const knob_desc *d, const swr_knob_values *v, char *buf, size_t size)
{
    const void *p = (const char *)v + d->offset;
    switch (d->kind) {
    case KNOB_KIND_bool:
        snprintf(buf, size, "%s", *(const bool *)p ? "true" : "false");
        break;
    case KNOB_KIND_uint32_t:
        snprintf(buf, size, "%u", *(const uint32_t *)p);
        break;
    case KNOB_KIND_int32_t:
        snprintf(buf, size, "%d", *(const int32_t *)p);
        break;
    case KNOB_KIND_float:
        /* %g drops ".0"; keep it so that a float reads as one (63.0). */
        snprintf(buf, size, "%g", (double)*(const float *)p);
        if (!strpbrk(buf, ".en") && strlen(buf) + 3 <= size)
            strcat(buf, ".0");
        break;
    case KNOB_KIND_string:
        snprintf(buf, size, "\"%s\"", *(const char *const *)p);
        break;
    }
}

void knob_print(FILE *f)
{
    char value[KNOB_COUNT][160], def[KNOB_COUNT][160];
    int name_w = 4, value_w = 5, def_w = 7;
    for (int i = 0; i < KNOB_COUNT; i++) {
        const knob_desc *d = &knob_descs[i];
        format_value(d, &swr_knobs, value[i], sizeof(value[i]));
        format_value(d, &knob_defaults, def[i], sizeof(def[i]));
        int n = (int)(strlen(d->name) + KNOB_PREFIX_LEN);
        name_w = n > name_w ? n : name_w;
        n = (int)strlen(value[i]);
        value_w = n > value_w ? n : value_w;
        n = (int)strlen(def[i]);
        def_w = n > def_w ? n : def_w;
    }
    fprintf(f, "%-*s  %-8s  %-*s  %-*s  %s\n", name_w, "Knob", "Type", value_w, "Value", def_w,
            "Default", "Description");
    for (int i = 0; i < KNOB_COUNT; i++) {
        const knob_desc *d = &knob_descs[i];
        fprintf(f, "%s%-*s  %-8s  %-*s  %-*s  %s\n", knob_prefix, name_w - (int)KNOB_PREFIX_LEN,
                d->name, kind_name(d->kind), value_w, value[i], def_w, def[i], d->description);
    }
}

/* `text` with the characters Markdown tables treat specially escaped. */
static void put_markdown_cell(FILE *f, const char *text)
{
    for (const char *c = text; *c; c++) {
        if (*c == '|' || *c == '\\' || *c == '*' || *c == '<')
            fputc('\\', f);
        fputc(*c, f);
    }
}

void knob_print_markdown(FILE *f)
{
    fprintf(f, "| knob | type | default | meaning |\n|---|---|---|---|\n");
    for (int i = 0; i < KNOB_COUNT; i++) {
        const knob_desc *d = &knob_descs[i];
        char def[160];
        format_value(d, &knob_defaults, def, sizeof def);
        fprintf(f, "| `%s%s` | %s | `%s` | ", knob_prefix, d->name, kind_name(d->kind), def);
        put_markdown_cell(f, d->description);
        fprintf(f, " |\n");
    }
}

const char *knob_name(knob_id id)
{
    return knob_descs[id].name;
}

knob_kind knob_get_kind(knob_id id)
{
    return knob_descs[id].kind;
}

const char *knob_description(knob_id id)
{
    return knob_descs[id].description;
}
