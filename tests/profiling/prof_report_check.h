/*
 * prof_report_check.h: readers for the two profiling reports, written from
 * their format descriptions (prof.h, gallium-docs.md 10.2.3), for the tests.
 *
 * - rpt_parse(): reads rdtsc.txt into threads and rows (level, parent row,
 *   numbers, name) and fails the test on any line that does not fit the
 *   format.
 * - json_valid(): a strict recursive-descent JSON syntax check (objects,
 *   arrays, strings with escapes, numbers, true/false/null).
 * - tv_parse(): the "X" and "M" events of threadviz.json, relying on the
 *   writer's one-event-per-line layout (checked: every line is one event).
 */
#ifndef PROF_REPORT_CHECK_H
#define PROF_REPORT_CHECK_H

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RPT_MAX_ROWS    4096
#define RPT_MAX_THREADS 32

typedef struct rpt_row {
    int thread; /* index into rpt.threads */
    int level;
    int parent; /* row index, -1 at the top level */
    double pct_tot, pct_par;
    unsigned long long cycles, cpe, count;
    unsigned cpe2, count2;
    char name[64];
} rpt_row;

typedef struct rpt_thread {
    unsigned number;
    char kind[16];
    int first_row, row_count;
} rpt_thread;

typedef struct rpt {
    rpt_thread threads[RPT_MAX_THREADS];
    int thread_count;
    rpt_row rows[RPT_MAX_ROWS];
    int row_count;
} rpt;

static const char rpt_header[] =
    " %Tot   %Par  Cycles     CPE        NumEvent   CPE2       NumEvent2  Bucket";

/* Returns NULL on success, else a static message naming the bad line. */
static inline const char *rpt_parse(const char *path, rpt *r)
{
    static char msg[512];
    FILE *f = fopen(path, "r");
    if (!f)
        return "cannot open report";
    memset(r, 0, sizeof(*r));
    char line[1024];
    int line_no = 0, stack[64];
    bool expect_header = false;
    const char *err = NULL;
    while (fgets(line, sizeof(line), f)) {
        line_no++;
        size_t len = strlen(line);
        if (len && line[len - 1] == '\n')
            line[--len] = '\0';
        unsigned number;
        char kind[16];
        int consumed = 0;
        if (len == 0) {
            if (r->thread_count == 0 || expect_header) {
                err = "unexpected blank line";
                break;
            }
            continue;
        }
        if (sscanf(line, "Thread %u (%15[A-Z])%n", &number, kind, &consumed) == 2 &&
            consumed == (int)len) {
            if (r->thread_count == RPT_MAX_THREADS) {
                err = "too many threads";
                break;
            }
            rpt_thread *t = &r->threads[r->thread_count++];
            t->number = number;
            strcpy(t->kind, kind);
            t->first_row = r->row_count;
            expect_header = true;
            continue;
        }
        if (expect_header) {
            if (strcmp(line, rpt_header)) {
                err = "bad header";
                break;
            }
            expect_header = false;
            continue;
        }
        if (r->thread_count == 0 || r->row_count == RPT_MAX_ROWS) {
            err = "row outside a thread";
            break;
        }
        rpt_row *row = &r->rows[r->row_count];
        int start7 = 0, end7 = 0;
        if (sscanf(line, "%lf %lf %llu %llu %llu %u %n%u%n", &row->pct_tot, &row->pct_par,
                   &row->cycles, &row->cpe, &row->count, &row->cpe2, &start7, &row->count2,
                   &end7) != 7) {
            err = "row does not have 7 numbers";
            break;
        }
        /* "%-10u " : the 7th field is padded to 10 columns, then one space. */
        int width = end7 - start7 < 10 ? 10 : end7 - start7;
        const char *rest = line + start7 + width;
        if (*rest != ' ') {
            err = "no separator before the bucket column";
            break;
        }
        rest++;
        int spaces = 0;
        while (rest[spaces] == ' ')
            spaces++;
        if (!strncmp(rest + spaces, "|-> ", 4)) {
            if (spaces % 4) {
                err = "indent not a multiple of 4";
                break;
            }
            row->level = spaces / 4 + 1;
            rest += spaces + 4;
        } else if (spaces == 0) {
            row->level = 0;
        } else {
            err = "indent without |->";
            break;
        }
        if (strlen(rest) == 0 || strlen(rest) >= sizeof(row->name) || strchr(rest, ' ')) {
            err = "bad bucket name";
            break;
        }
        strcpy(row->name, rest);
        rpt_thread *t = &r->threads[r->thread_count - 1];
        int prev_rows = t->row_count;
        int prev_level = prev_rows ? r->rows[r->row_count - 1].level : -1;
        if (row->level > prev_level + 1 || row->level >= 64) {
            err = "level jumps by more than one";
            break;
        }
        row->thread = r->thread_count - 1;
        row->parent = row->level ? stack[row->level - 1] : -1;
        stack[row->level] = r->row_count;
        r->row_count++;
        t->row_count++;
    }
    fclose(f);
    if (!err && expect_header)
        err = "missing header";
    if (err) {
        snprintf(msg, sizeof(msg), "%s: line %d: %s", path, line_no, err);
        return msg;
    }
    return NULL;
}

/* Row of `thread` whose path from the top is `path` ("A/B/C"); -1 if none. */
static inline int rpt_find(const rpt *r, const rpt_thread *t, const char *path)
{
    for (int i = t->first_row; i < t->first_row + t->row_count; i++) {
        /* Rebuild row i's path and compare. */
        char full[512] = "";
        int chain[64], n = 0;
        for (int j = i; j >= 0; j = r->rows[j].parent)
            chain[n++] = j;
        for (int k = n - 1; k >= 0; k--) {
            strcat(full, r->rows[chain[k]].name);
            if (k)
                strcat(full, "/");
        }
        if (!strcmp(full, path))
            return i;
    }
    return -1;
}

/* ---- JSON syntax ---------------------------------------------------------- */

static inline const char *json_value(const char *p, int depth);

static inline const char *json_ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
    return p;
}

static inline const char *json_string(const char *p)
{
    if (*p++ != '"')
        return NULL;
    while (*p != '"') {
        if ((unsigned char)*p < 0x20)
            return NULL;
        if (*p == '\\') {
            p++;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++) {
                    if (!isxdigit((unsigned char)p[i]))
                        return NULL;
                }
                p += 4;
            } else if (!strchr("\"\\/bfnrt", *p) || !*p) {
                return NULL;
            }
        }
        p++;
    }
    return p + 1;
}

static inline const char *json_number(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (isdigit((unsigned char)*p))
        while (isdigit((unsigned char)*p))
            p++;
    else
        return NULL;
    if (*p == '.') {
        p++;
        if (!isdigit((unsigned char)*p))
            return NULL;
        while (isdigit((unsigned char)*p))
            p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!isdigit((unsigned char)*p))
            return NULL;
        while (isdigit((unsigned char)*p))
            p++;
    }
    return p;
}

static inline const char *json_value(const char *p, int depth)
{
    if (depth > 64)
        return NULL;
    p = json_ws(p);
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        bool object = *p == '{';
        p = json_ws(p + 1);
        if (*p == close)
            return p + 1;
        for (;;) {
            if (object) {
                p = json_string(json_ws(p));
                if (!p)
                    return NULL;
                p = json_ws(p);
                if (*p++ != ':')
                    return NULL;
            }
            p = json_value(p, depth + 1);
            if (!p)
                return NULL;
            p = json_ws(p);
            if (*p == close)
                return p + 1;
            if (*p++ != ',')
                return NULL;
        }
    }
    if (*p == '"')
        return json_string(p);
    if (!strncmp(p, "true", 4))
        return p + 4;
    if (!strncmp(p, "false", 5))
        return p + 5;
    if (!strncmp(p, "null", 4))
        return p + 4;
    return json_number(p);
}

static inline char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = '\0';
    fclose(f);
    return buf;
}

static inline bool json_valid(const char *text)
{
    const char *end = json_value(text, 0);
    return end && *json_ws(end) == '\0';
}

/* ---- ThreadViz events ------------------------------------------------------- */

typedef struct tv_event {
    char name[64];
    char ph;
    double ts, dur;
    unsigned tid;
} tv_event;

/* Parses every event line of a threadviz.json text; returns the count or -1
 * if an inner line is not exactly one event object. */
static inline int tv_parse(char *text, tv_event *out, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (!strncmp(line, "{\"traceEvents\":[", 16) || !strncmp(line, "],", 2))
            continue;
        size_t len = strlen(line);
        if (len && line[len - 1] == ',')
            line[--len] = '\0';
        if (n == max)
            return -1;
        tv_event *e = &out[n];
        int used = 0;
        if (sscanf(line, "{\"name\":\"%63[^\"]\",\"ph\":\"X\",\"ts\":%lf,\"dur\":%lf,\"pid\":1,"
                         "\"tid\":%u}%n",
                   e->name, &e->ts, &e->dur, &e->tid, &used) == 4 &&
            used == (int)len) {
            e->ph = 'X';
        } else if (sscanf(line, "{\"name\":\"%63[^\"]\",\"ph\":\"M\",\"pid\":1,\"tid\":%u,%n",
                          e->name, &e->tid, &used) == 2 &&
                   line[len - 1] == '}') {
            e->ph = 'M';
        } else {
            return -1;
        }
        n++;
    }
    return n;
}

#endif
