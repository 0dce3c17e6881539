/*
 * ref_assemble.h: a slow reference primitive assembler for the tests of
 * fe_assemble. It takes the WHOLE draw at once (no chunks), written straight
 * from the GL 4.6 compatibility rules and tables: split the stream into
 * restart segments, then enumerate each segment's primitives from the
 * 1-based formulas of the spec's tables.
 */
#ifndef REF_ASSEMBLE_H
#define REF_ASSEMBLE_H

#include <stddef.h>

#include "rasterizer/fe_assemble.h"

/* Assemble the whole draw. Returns the number of primitives and stores a
 * malloc'ed array of them in *out (NULL when none); the caller frees it. */
size_t ref_assemble(const fe_index_source *src, fe_prim **out);

#endif
