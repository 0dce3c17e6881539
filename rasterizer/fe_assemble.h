/*
 * fe_assemble.h: primitive assembly of one draw chunk (see fe_assemble.c).
 *
 * A draw is a stream of `count` positions (vertices, or indices when
 * indexed). The engine cuts it into chunks of fe_positions_per_chunk()
 * positions; each worker calls fe_assemble() on its chunk. Concatenating the
 * outputs of all chunks in chunk order gives exactly the primitive sequence
 * of the whole draw as GL 4.6 (compatibility profile, ARB_provoking_vertex)
 * defines it, restarts included.
 */
#ifndef FE_ASSEMBLE_H
#define FE_ASSEMBLE_H

#include <stdbool.h>
#include <stdint.h>

#include "common/swr_state.h"

typedef struct fe_index_source {
    uint32_t topology;      /* swr_topology */
    uint32_t count;         /* positions (vertices or indices) in the draw */
    const void *indices;    /* NULL: non-indexed, position p is vertex p */
    uint32_t index_size;    /* 1, 2 or 4 when indexed */
    bool restart;           /* primitive restart enabled (indexed only) */
    uint32_t restart_index; /* compared with the index value as read (of index_size width) */
    bool flatshade_first;   /* provoking vertex convention: first (true) or last */
} fe_index_source;

typedef struct fe_prim {
    uint32_t v[3];    /* positions in the index stream (0..count-1); points use v[0], lines v[0..1];
                         unused entries are 0 */
    uint32_t prim_id; /* index of the primitive in the whole draw (GL primitive ID: counts
                         primitives as the API defines them: a quad is ONE primitive even though it
                         yields two triangles; restarts do not reset it) */
    uint8_t provoking;  /* which of v[] is the provoking vertex */
    uint8_t edge_flags; /* triangles: bit k set = edge v[k]->v[(k+1)%3] is a boundary edge of the
                           API primitive (for polygon mode LINE); 7 for plain triangles; 0 for
                           points, lines */
} fe_prim;

/* Vertices per primitive of the assembled output: 1, 2 or 3 (0 for an
 * unknown topology). */
uint32_t fe_topology_out_verts(uint32_t topology);

/* Positions per chunk for a chunk budget of max_prims primitives (multiple
 * of the list stride, >= 1 primitive). max_prims counts fe_prim outputs: the
 * result P satisfies fe_max_prims_for_positions(topology, P) <= max_prims
 * whenever max_prims >= 2 (quads, quad strips and line loops can own two
 * outputs at one position; other topologies: >= 1); max_prims 0 is taken
 * as 1. 0 for an unknown topology. */
uint32_t fe_positions_per_chunk(uint32_t topology, uint32_t max_prims);

/* Upper bound of primitives fe_assemble can emit for a position range of
 * `positions` positions (for sizing buffers), for any begin, any index
 * values and any restart layout. Saturates at UINT32_MAX. */
uint32_t fe_max_prims_for_positions(uint32_t topology, uint32_t positions);

/* Assemble the primitives owned by the chunk [begin, end) of positions (end <= src->count):
   a primitive is owned by the chunk containing its LAST position in the stream (for line loops,
   the closing line of a loop is owned by the chunk holding the loop's last vertex). Primitives may
   reference positions before `begin` (strip history, fan centre, loop start).
   Writes up to max_out primitives to out and returns the number written (the caller sizes out with
   fe_max_prims_for_positions). Deterministic; thread-safe (no global state).
   Bad input yields 0 primitives, never a crash: unknown topology, index_size not in {1,2,4} with
   indices, begin >= end; end > count is clamped to count. Any partition of [0, count) into
   consecutive ranges works, not only the fe_positions_per_chunk grid.
   Cost: O(end - begin) plus, with restart only, O(begin) to count the primitives before `begin`. */
uint32_t fe_assemble(const fe_index_source *src, uint32_t begin, uint32_t end, fe_prim *out,
                     uint32_t max_out);
/* fe_assemble, also counting into *restarts the positions of [begin, end)
 * that hold the restart index (restart draws; 0 otherwise), from the same
 * walk over the indices. */
uint32_t fe_assemble_counted(const fe_index_source *src, uint32_t begin, uint32_t end,
                             fe_prim *out, uint32_t max_out, uint32_t *restarts);

/* prefix[c] (c = 0..chunks): the fe_prim records owned by the positions
 * before chunk c of a draw cut into chunks of per_chunk positions (chunk
 * chunks - 1 ends at src->count), i.e. the sum of fe_assemble's returns for
 * the chunks before c. O(chunks) without restart, one pass over the indices
 * with it. */
void fe_chunk_output_prefix(const fe_index_source *src, uint32_t per_chunk, uint32_t chunks,
                            uint64_t *prefix);

#endif /* FE_ASSEMBLE_H */
