/*
 * tgsi_corpus.h: loads the TGSI corpus (../shared/corpus/tgsi, the real
 * programs Mesa generated) for the tests and benchmarks that run it: every
 * `*.tgsi` file of a directory, read whole and NUL-terminated, sorted by
 * name so that runs and their reports are reproducible.
 *
 * A directory that cannot be opened gives false (the caller decides
 * whether that fails the test); files that cannot be read are counted in
 * `unreadable` and left out.
 */
#ifndef TGSI_CORPUS_H
#define TGSI_CORPUS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct tgsi_corpus_file {
    char *name; /* file name without the directory */
    char *text; /* NUL-terminated contents */
    size_t len; /* bytes, without the NUL */
} tgsi_corpus_file;

typedef struct tgsi_corpus {
    tgsi_corpus_file *files;
    size_t count;
    size_t unreadable;
} tgsi_corpus;

bool tgsi_corpus_load(const char *dir, tgsi_corpus *c);
void tgsi_corpus_free(tgsi_corpus *c);

#endif /* TGSI_CORPUS_H */
