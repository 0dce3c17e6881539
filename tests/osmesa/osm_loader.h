/*
 * osm_loader.h: how the OSMesa tests reach a library they load with dlopen.
 *
 * Each test names the entry points it calls in X-macro lists and keeps one
 * table of function pointers; OSM_SYM(table, name) makes a {name, slot}
 * pair of such a list. The OSMesa functions are looked up with dlsym, the
 * GL functions through OSMesaGetProcAddress once a context is current (the
 * way applications reach GL entry points beyond their link-time ones).
 */
#ifndef OSM_LOADER_H
#define OSM_LOADER_H

#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct osm_sym {
    const char *name;
    void **slot;
} osm_sym;

#define OSM_SYM(table, n) {#n, (void **)&(table).n},
#define OSM_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* dlopen(path) local to this test; NULL, with the reason on stderr. */
static inline void *osm_open(const char *path)
{
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        fprintf(stderr, "cannot load %s: %s\n", path, dlerror());
    return lib;
}

/* Fills every slot from `lib` (dlsym) or, when lib is NULL, from
 * get_proc; false, naming the first missing entry point, otherwise. */
static inline bool osm_resolve(void *lib, void *(*get_proc)(const char *), const osm_sym *syms,
                               size_t n, const char *from)
{
    for (size_t i = 0; i < n; i++) {
        *syms[i].slot = lib ? dlsym(lib, syms[i].name) : get_proc(syms[i].name);
        if (!*syms[i].slot) {
            fprintf(stderr, "%s has no %s\n", from, syms[i].name);
            return false;
        }
    }
    return true;
}

#endif /* OSM_LOADER_H */
