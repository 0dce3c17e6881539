/*
 * tgsi_corpus.c: the corpus loader of tgsi_corpus.h.
 */
#include "tgsi_corpus.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_whole(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (text = malloc((size_t)n + 1))) {
            if (fread(text, 1, (size_t)n, f) == (size_t)n) {
                text[n] = 0;
                *len = (size_t)n;
            } else {
                free(text);
                text = NULL;
            }
        }
    }
    fclose(f);
    return text;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const tgsi_corpus_file *)a)->name, ((const tgsi_corpus_file *)b)->name);
}

bool tgsi_corpus_load(const char *dir, tgsi_corpus *c)
{
    memset(c, 0, sizeof *c);
    DIR *d = dir ? opendir(dir) : NULL;
    if (!d)
        return false;
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".tgsi") != 0)
            continue;
        if (c->count == cap) {
            size_t ncap = cap ? cap * 2 : 1024;
            tgsi_corpus_file *grown = realloc(c->files, ncap * sizeof *grown);
            if (!grown)
                break;
            c->files = grown;
            cap = ncap;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        tgsi_corpus_file *f = &c->files[c->count];
        f->text = read_whole(path, &f->len);
        f->name = f->text ? strdup(e->d_name) : NULL;
        if (!f->name) {
            free(f->text);
            c->unreadable++;
            continue;
        }
        c->count++;
    }
    closedir(d);
    if (c->count)
        qsort(c->files, c->count, sizeof *c->files, by_name);
    return true;
}

void tgsi_corpus_free(tgsi_corpus *c)
{
    for (size_t i = 0; i < c->count; i++) {
        free(c->files[i].name);
        free(c->files[i].text);
    }
    free(c->files);
    memset(c, 0, sizeof *c);
}
