/*
 * swrp_so.c: stream output targets of the pipe context and their hookup
 * to the engine's stream output (swr_set_stream_output, core/swr.h).
 *
 * In:  the targets bound by set_stream_output_targets (buffer ranges, each
 *      with its internal offset: the bytes already written) and the bound
 *      vertex shader's pipe_stream_output_info (which output components go
 *      to which buffer at which dword, the buffers' strides).
 * Out: at each draw_vbo with targets bound and a shader that declares
 *      stream output, one engine stream output state (swrp_so_before_draws):
 *      buffer i is target i's range in its resource's CURRENT storage,
 *      written from the internal offset; the declarations are the shader's
 *      outputs of vertex stream 0 (the only stream without a geometry
 *      shader), register index = engine VS output slot (swrp_shader_link
 *      maps output registers to slots one to one). After the draws
 *      (swrp_so_after_draws) the internal offsets are read back from the
 *      engine, which knows them when the draws are queued (the positions of
 *      every primitive are fixed when a draw is cut), so appending costs no
 *      wait; the buffers are marked written for the maps' synchronisation.
 * Thread: the context's thread.
 */
#include "frontend-gallium/pipe/swrp_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gallium/p_screen.h"
#include "frontend-gallium/pipe/swrp_resource.h"

typedef struct swrp_so_target {
    struct pipe_stream_output_target base; /* first */
    unsigned offset;                       /* internal offset, bytes from buffer_offset */
} swrp_so_target;

static void complain(const char *what) { fprintf(stderr, "swr: pipe: %s\n", what); }

static struct pipe_stream_output_target *create_so_target(struct pipe_context *ctx,
                                                          struct pipe_resource *buffer,
                                                          unsigned buffer_offset,
                                                          unsigned buffer_size)
{
    if (!buffer || buffer->target != PIPE_BUFFER)
        return NULL;
    swrp_so_target *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    pipe_reference_init(&t->base.reference, 1);
    pipe_resource_reference(&t->base.buffer, buffer);
    t->base.context = ctx;
    t->base.buffer_offset = buffer_offset;
    t->base.buffer_size = buffer_size;
    return &t->base;
}

static void so_target_destroy(struct pipe_context *ctx, struct pipe_stream_output_target *target)
{
    (void)ctx;
    if (!target)
        return;
    pipe_resource_reference(&target->buffer, NULL);
    free(target);
}

static void set_so_targets(struct pipe_context *ctx, unsigned num_targets,
                           struct pipe_stream_output_target **targets, const unsigned *offsets)
{
    swrp_bound *b = swrp_bound_of(ctx);
    if (num_targets > PIPE_MAX_SO_BUFFERS)
        num_targets = PIPE_MAX_SO_BUFFERS;
    for (unsigned i = 0; i < PIPE_MAX_SO_BUFFERS; i++) {
        struct pipe_stream_output_target *t = i < num_targets && targets ? targets[i] : NULL;
        pipe_so_target_reference(&b->so_targets[i], t);
        if (t && offsets && offsets[i] != (unsigned)-1)
            ((swrp_so_target *)t)->offset = offsets[i];
    }
    b->num_so_targets = targets ? num_targets : 0;
}

/* Called by draw_vbo after the shader state was sent, before its draws;
 * never blocks. False: stream output could not be set up (reported; the
 * caller skips the draw rather than draw without the output asked for). */
bool swrp_so_before_draws(swrp_context *c)
{
    swrp_bound *b = c->bound;
    /* A bound GS's stream output applies instead of the VS's. */
    const struct pipe_stream_output_info *info = b->gs ? &b->gs->so_info : &b->vs->so_info;
    bool on = b->num_so_targets > 0 && info->num_outputs > 0;
    if (!on) {
        if (b->so_sent)
            swr_set_stream_output(c->engine, NULL);
        b->so_sent = false;
        return true;
    }
    swr_so_state so;
    memset(&so, 0, sizeof so);
    so.enable = true;
    for (unsigned i = 0; i < PIPE_MAX_SO_BUFFERS; i++) {
        swrp_so_target *t = (swrp_so_target *)b->so_targets[i];
        if (!t || !info->stride[i])
            continue;
        swrp_resource *r = swrp_resource_of(t->base.buffer);
        uint64_t end = (uint64_t)t->base.buffer_offset + t->base.buffer_size;
        if (end > r->base.width0)
            end = r->base.width0;
        uint32_t size = end > t->base.buffer_offset ? (uint32_t)(end - t->base.buffer_offset) : 0;
        /* Field by field: the state is compared with memcmp, so its padding
         * stays the memset's. */
        so.buffers[i].data = r->data + t->base.buffer_offset;
        so.buffers[i].size_bytes = size;
        so.buffers[i].offset_bytes = t->offset & ~3u;
        so.buffers[i].stride_dwords = info->stride[i];
    }
    for (unsigned i = 0; i < info->num_outputs && i < PIPE_MAX_SO_OUTPUTS; i++) {
        const struct pipe_stream_output *o = &info->output[i];
        if (o->stream != 0 || o->output_buffer >= PIPE_MAX_SO_BUFFERS ||
            !so.buffers[o->output_buffer].data)
            continue; /* another vertex stream, or no target there: not written */
        so.decls[so.num_decls++] =
            (swr_so_decl){o->output_buffer, o->register_index, o->start_component,
                          o->num_components, o->dst_offset};
    }
    /* The same targets, layout and storage as the last draw, continuing
     * where it stopped: the engine's offsets already are the targets'
     * (swrp_so_after_draws), so nothing is sent and no state block made. */
    if (b->so_sent && memcmp(&so, &b->sent_so, sizeof so) == 0)
        return true;
    if (swr_set_stream_output(c->engine, &so) != SWR_OK) {
        complain("draw_vbo: stream output declarations or targets not accepted; draw skipped");
        swr_set_stream_output(c->engine, NULL);
        b->so_sent = false;
        return false;
    }
    b->so_sent = true;
    b->sent_so = so;
    return true;
}

/* Called by draw_vbo after its draws were queued; never blocks. */
void swrp_so_after_draws(swrp_context *c)
{
    swrp_bound *b = c->bound;
    if (!b->so_sent)
        return;
    swr_so_result res;
    if (swr_get_stream_output(c->engine, &res) != SWR_OK)
        return;
    for (unsigned i = 0; i < PIPE_MAX_SO_BUFFERS; i++) {
        swrp_so_target *t = (swrp_so_target *)b->so_targets[i];
        if (!t || !(b->gs ? &b->gs->so_info : &b->vs->so_info)->stride[i])
            continue;
        t->offset = res.offset_bytes[i];
        b->sent_so.buffers[i].offset_bytes = res.offset_bytes[i];
        swrp_resource_mark_used(&c->base, t->base.buffer, true);
    }
}

void swrp_so_init(struct pipe_context *ctx)
{
    ctx->create_stream_output_target = create_so_target;
    ctx->stream_output_target_destroy = so_target_destroy;
    ctx->set_stream_output_targets = set_so_targets;
}
