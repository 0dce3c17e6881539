/*
 * gl_attrib.c: the client attribute stack (see gl_attrib.h). Each entry
 * keeps the mask it was pushed with, copies of the pixel store state, and
 * the vertex part's saved state (which holds buffer references until it is
 * restored or the context ends).
 */
#include "frontend-gallium/gl/attrib/gl_attrib.h"
#include "frontend-gallium/gl/attrib/gl_attrib_priv.h"

#include <stdlib.h>

#include "frontend-gallium/gl/pixels/gl_pixels.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"

#define CLIENT_STACK_DEPTH 16

typedef struct client_entry {
    GLbitfield mask;
    gl_pixelstore pack, unpack;
    void *vertex; /* gl_vertex_client_save */
} client_entry;

typedef struct gl_attrib_state {
    client_entry client[CLIENT_STACK_DEPTH];
    unsigned client_depth;
    gl_attrib_server server;
    gl_attrib_calls calls;
} gl_attrib_state;

gl_attrib_server *gl_attrib_server_of(struct gl_context *ctx) { return &ctx->attrib->server; }

const gl_attrib_calls *gl_attrib_server_calls(struct gl_context *ctx)
{
    return &ctx->attrib->calls;
}

void gl_attrib_connect(struct gl_context *ctx, const gl_attrib_calls *calls)
{
    ctx->attrib->calls = *calls;
}

bool gl_attrib_init(struct gl_context *ctx)
{
    return (ctx->attrib = calloc(1, sizeof *ctx->attrib)) != NULL;
}

void gl_attrib_fini(struct gl_context *ctx)
{
    gl_attrib_state *s = ctx->attrib;
    if (!s)
        return;
    for (unsigned i = 0; i < s->client_depth; i++)
        gl_vertex_client_discard(s->client[i].vertex);
    gl_attrib_server_clear(&s->server);
    free(s);
    ctx->attrib = NULL;
}

void swrgl_PushClientAttrib(struct gl_context *ctx, GLbitfield mask)
{
    gl_attrib_state *s = ctx->attrib;
    if (s->client_depth >= CLIENT_STACK_DEPTH) {
        gl_error(ctx, GL_STACK_OVERFLOW);
        return;
    }
    client_entry *e = &s->client[s->client_depth];
    const bool pixel = (mask & GL_CLIENT_PIXEL_STORE_BIT) != 0;
    const bool arrays = (mask & GL_CLIENT_VERTEX_ARRAY_BIT) != 0;
    *e = (client_entry){.mask = mask};
    if (pixel) {
        e->pack = ctx->pixels->pack;
        e->unpack = ctx->pixels->unpack;
    }
    if (pixel || arrays) {
        e->vertex = gl_vertex_client_save(ctx, arrays, pixel);
        if (!e->vertex) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
    }
    s->client_depth++;
}

void swrgl_PopClientAttrib(struct gl_context *ctx)
{
    gl_attrib_state *s = ctx->attrib;
    if (!s->client_depth) {
        gl_error(ctx, GL_STACK_UNDERFLOW);
        return;
    }
    client_entry *e = &s->client[--s->client_depth];
    if (e->mask & GL_CLIENT_PIXEL_STORE_BIT) {
        ctx->pixels->pack = e->pack;
        ctx->pixels->unpack = e->unpack;
    }
    gl_vertex_client_restore(ctx, e->vertex);
    e->vertex = NULL;
}

bool gl_attrib_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    switch (pname) {
    case GL_CLIENT_ATTRIB_STACK_DEPTH: gl_value_int(v, (GLint)ctx->attrib->client_depth); return true;
    case GL_MAX_CLIENT_ATTRIB_STACK_DEPTH: gl_value_int(v, CLIENT_STACK_DEPTH); return true;
    case GL_ATTRIB_STACK_DEPTH: gl_value_int(v, (GLint)ctx->attrib->server.depth); return true;
    case GL_MAX_ATTRIB_STACK_DEPTH: gl_value_int(v, GL_ATTRIB_SERVER_DEPTH); return true;
    default: return false;
    }
}

int gl_attrib_enable(struct gl_context *ctx, GLenum cap, int op)
{
    (void)ctx;
    (void)cap;
    (void)op;
    return -1;
}
