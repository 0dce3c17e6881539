/*
 * gl_program.c: GLSL shader and program objects (glCreateShader ...
 * glLinkProgram, glUseProgram), their queries and info logs, attribute
 * locations, and the draw-time validation that binds the current program's
 * shader CSOs and constant buffer.
 *
 * Shaders and programs share one name space (ctx->program->objects); every
 * value there starts with a glp_object telling which it is. Compilation and
 * linking go through frontend-gallium/glsl (swr_glsl.h); a successful link
 * makes a glp_exec (gl_program_priv.h) holding the pipe CSOs, created once
 * per link, and the uniform storage that gl_uniform.c writes. The link
 * passes glTransformFeedbackVaryings' names (swr_glsl_link_xfb); the CSO of
 * the last vertex-processing stage (the geometry shader's if there is one,
 * else the vertex shader's) carries the capture layout it returns
 * (stream_output_of), which the
 * draw part's glBeginTransformFeedback (draw/gl_xfb.c) feeds with targets.
 * While transform feedback is active (the vertex part's tf_active)
 * glUseProgram and relinking the program in use are INVALID_OPERATION.
 *
 * ARB_shader_objects handles are these names: the ARB commands with a core
 * twin are gl.xml aliases, the four without one are near the end.
 *
 * Deletion is deferred the way GL specifies: a shader flagged for deletion
 * lives while attached to a program, a program flagged for deletion while
 * it is current (in any context of the share group: use_count); the
 * executable in use is reference counted so that a failed re-link of the
 * current program leaves rendering unchanged.
 *
 * Sharing (gl_objects.h): the objects are the share group's. Commands that
 * create, attach, detach, link, use or delete them run under the group's
 * lock; each context makes its own shader CSOs for an executable the first
 * time it draws with it (csos[], holding a reference to the executable),
 * and a program re-linked in another context is picked up at the next draw.
 *
 * Thread: the thread the context is current on.
 */
#include "frontend-gallium/gl/program/gl_program_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/raster/gl_raster.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"

/* GL_MAX_VARYING_FLOATS: the engine has 32 vec4 slots per vertex; position,
 * two colours, two back colours, fog, point size, clip distances and the 8
 * texture coordinates take 17, user varyings get the 15 left, reported as a
 * round 16 vec4 (64 floats) as GL 2.1's minimum is 32. */
#define GLP_MAX_VARYING_FLOATS 64
#define GLP_MAX_TEXTURE_COORDS 8
#define GLP_MAX_DRAW_BUFFERS 8
#define GLP_MAX_DUAL_SOURCE_DRAW_BUFFERS 1 /* ARB_blend_func_extended */

typedef struct glp_object {
    bool is_program;
    GLuint name;
} glp_object;

typedef struct glp_shader {
    glp_object obj;
    GLenum type;
    char *source;     /* NULL until glShaderSource */
    size_t source_len;
    swr_glsl_shader *glsl; /* result of the last glCompileShader, NULL before */
    bool compile_status;
    char *log;        /* NULL: empty */
    unsigned attach_count;
    bool delete_pending;
} glp_shader;

typedef struct glp_binding {
    char *name;
    GLuint index;
    GLuint source; /* fragment outputs: glBindFragDataLocationIndexed's index (0 or 1); else 0 */
} glp_binding;

typedef struct glp_bindings {
    glp_binding *v;
    unsigned n, cap;
} glp_bindings;

typedef struct glp_program {
    glp_object obj;
    unsigned use_count; /* contexts it is current in (under the group's lock) */
    glp_shader **attached;
    unsigned num_attached, cap_attached;
    bool delete_pending, link_status, validate_status;
    char *log;
    glp_bindings attribs;     /* glBindAttribLocation, used at the next link */
    glp_bindings frag_data;   /* glBindFragDataLocation, used at the next link */
    /* glTransformFeedbackVaryings, used at the next link (GL 3.0 section
     * 2.15.3): the names and the buffer mode (0 until set: INTERLEAVED) */
    char **tf_names;
    unsigned tf_count;
    GLenum tf_mode;
    glp_exec *exec;           /* the last successful link, NULL if it failed */
} glp_program;

/* One context's shader CSOs of an executable. */
typedef struct glp_cso_entry {
    glp_exec *exec; /* a reference; NULL: empty */
    void *vs, *fs;
    void *gs; /* the geometry shader's CSO; NULL without one (or a pipe without the hooks) */
} glp_cso_entry;

#define GLP_CSO_CACHE 64 /* executables a context draws with before one must go */

/* The part's state (ctx->program). */
typedef struct gl_program_state {
    gl_object_table *objects; /* the share group's: shaders and programs share one name space */
    bool glsl_ok;          /* swr_glsl_init succeeded */
    glp_cso_entry csos[GLP_CSO_CACHE];
    unsigned cso_evict;    /* next slot to evict when all are in use */
    uint64_t const_serial; /* bound_exec's storage_serial when uploaded */
    glp_program *current;  /* glUseProgram's object (may be delete-pending) */
    glp_exec *cur_exec;    /* the executable in use (a reference) */
    glp_exec *bound_exec;  /* whose CSOs the pipe has bound (a reference) */
    bool const_uploaded;   /* bound_exec's storage is the pipe's CONST[0] */
    bool samplers_checked, samplers_ok;
    const gl_ff_gl_state *fixed_values; /* gl_program_set_fixed_values */
    uint64_t fixed_serial;
} gl_program_state;

static gl_program_state *st_of(struct gl_context *ctx) { return ctx->program; }

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static bool has_gl_prefix(const char *name) { return strncmp(name, "gl_", 3) == 0; }

/* ---- executables ------------------------------------------------------------------------ */

static glp_exec *exec_ref(glp_exec *e)
{
    if (e)
        gl_ref_inc(&e->refs);
    return e;
}

static void exec_unref(struct gl_context *ctx, glp_exec *e)
{
    (void)ctx;
    if (!e || !gl_ref_dec(&e->refs))
        return;
    glp_uniforms_free(e);
    swr_glsl_program_destroy(e->glsl);
    free(e);
}

static void set_cur_exec(struct gl_context *ctx, glp_exec *e)
{
    gl_program_state *st = st_of(ctx);
    if (st->cur_exec == e)
        return;
    exec_ref(e);
    exec_unref(ctx, st->cur_exec);
    st->cur_exec = e;
    st->samplers_checked = false;
}

/* ---- per-context shader CSOs ------------------------------------------------------------------ */

static void cso_entry_free(struct gl_context *ctx, glp_cso_entry *c)
{
    if (c->vs)
        ctx->pipe->delete_vs_state(ctx->pipe, c->vs);
    if (c->fs)
        ctx->pipe->delete_fs_state(ctx->pipe, c->fs);
    if (c->gs && ctx->pipe->delete_gs_state)
        ctx->pipe->delete_gs_state(ctx->pipe, c->gs);
    exec_unref(ctx, c->exec);
    memset(c, 0, sizeof *c);
}

/* The transform feedback layout of the link (swr_glsl_link_xfb) as the
 * pipe takes it; it goes with the last vertex-processing stage's CSO (the
 * GS when e has one, GL 3.2 section 2.15). */
static void stream_output_of(const glp_exec *e, struct pipe_stream_output_info *so)
{
    int n_so = swr_glsl_num_xfb_outputs(e->glsl);
    for (int i = 0; i < n_so && i < PIPE_MAX_SO_OUTPUTS; i++) {
        const swr_glsl_xfb_output *o = swr_glsl_get_xfb_output(e->glsl, i);
        so->output[i] = (struct pipe_stream_output){
            .register_index = (uint8_t)o->reg, .start_component = (uint8_t)o->first_component,
            .num_components = (uint8_t)o->num_components, .output_buffer = (uint8_t)o->buffer,
            .dst_offset = (uint16_t)o->dst_offset};
        so->num_outputs = (uint32_t)i + 1;
    }
    for (unsigned b = 0; b < PIPE_MAX_SO_BUFFERS; b++)
        so->stride[b] = (uint16_t)swr_glsl_xfb_stride(e->glsl, b);
}

/* Makes e's CSOs in this context; false when the driver rejects them. */
static bool cso_create(struct gl_context *ctx, const glp_exec *e, void **vs, void **fs)
{
    struct pipe_shader_state ss;
    memset(&ss, 0, sizeof ss);
    ss.text = swr_glsl_program_tgsi(e->glsl, SWR_GLSL_VERTEX);
    if (!swr_glsl_program_tgsi(e->glsl, SWR_GLSL_GEOMETRY))
        stream_output_of(e, &ss.stream_output);
    *vs = ss.text ? ctx->pipe->create_vs_state(ctx->pipe, &ss) : NULL;
    ss.text = swr_glsl_program_tgsi(e->glsl, SWR_GLSL_FRAGMENT);
    *fs = ss.text ? ctx->pipe->create_fs_state(ctx->pipe, &ss) : NULL;
    if (*vs && *fs)
        return true;
    if (*vs)
        ctx->pipe->delete_vs_state(ctx->pipe, *vs);
    if (*fs)
        ctx->pipe->delete_fs_state(ctx->pipe, *fs);
    *vs = *fs = NULL;
    return false;
}

/* The GS CSO of e (GEOM TGSI through create_gs_state, p_context.h), NULL
 * when e has no geometry shader or the pipe does not offer the hooks (then
 * the draw runs without the GS). */
static void *gs_create(struct gl_context *ctx, const glp_exec *e)
{
    struct pipe_shader_state ss;
    memset(&ss, 0, sizeof ss);
    ss.text = swr_glsl_program_tgsi(e->glsl, SWR_GLSL_GEOMETRY);
    if (!ss.text || !ctx->pipe->create_gs_state)
        return NULL;
    stream_output_of(e, &ss.stream_output);
    return ctx->pipe->create_gs_state(ctx->pipe, &ss);
}

/* Stores CSOs of e (takes a reference to e). Entries whose executable only
 * the cache still holds are freed first; when all are in use one other than
 * the bound executable's goes. */
static glp_cso_entry *cso_add(struct gl_context *ctx, glp_exec *e, void *vs, void *fs, void *gs)
{
    gl_program_state *st = ctx->program;
    glp_cso_entry *free_slot = NULL;
    for (unsigned i = 0; i < GLP_CSO_CACHE; i++) {
        glp_cso_entry *c = &st->csos[i];
        if (c->exec && c->exec != st->bound_exec && gl_ref_load(&c->exec->refs) == 1)
            cso_entry_free(ctx, c);
        if (!c->exec && !free_slot)
            free_slot = c;
    }
    if (!free_slot) {
        for (unsigned n = 0; n < GLP_CSO_CACHE && !free_slot; n++) {
            glp_cso_entry *c = &st->csos[st->cso_evict++ % GLP_CSO_CACHE];
            if (c->exec != st->bound_exec) {
                cso_entry_free(ctx, c);
                free_slot = c;
            }
        }
    }
    if (!free_slot)
        return NULL;
    free_slot->exec = exec_ref(e);
    free_slot->vs = vs;
    free_slot->fs = fs;
    free_slot->gs = gs;
    return free_slot;
}

/* This context's CSOs of e, made on first use; NULL when that fails. */
static glp_cso_entry *cso_get(struct gl_context *ctx, glp_exec *e)
{
    gl_program_state *st = ctx->program;
    for (unsigned i = 0; i < GLP_CSO_CACHE; i++)
        if (st->csos[i].exec == e)
            return &st->csos[i];
    void *vs, *fs;
    if (!cso_create(ctx, e, &vs, &fs))
        return NULL;
    void *gs = gs_create(ctx, e);
    glp_cso_entry *c = cso_add(ctx, e, vs, fs, gs);
    if (!c) {
        ctx->pipe->delete_vs_state(ctx->pipe, vs);
        ctx->pipe->delete_fs_state(ctx->pipe, fs);
        if (gs)
            ctx->pipe->delete_gs_state(ctx->pipe, gs);
    }
    return c;
}

/* ---- object look-up ------------------------------------------------------------------------ */

/* GL 2.1 section 2.15: an unknown name is INVALID_VALUE, a name of the
 * other kind of object INVALID_OPERATION. */
static glp_shader *find_shader(struct gl_context *ctx, GLuint name)
{
    glp_object *o = gl_objects_get(ctx->program->objects, name);
    if (!o) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    if (o->is_program) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return (glp_shader *)o;
}

static glp_program *find_program(struct gl_context *ctx, GLuint name)
{
    glp_object *o = gl_objects_get(ctx->program->objects, name);
    if (!o) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    if (!o->is_program) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return (glp_program *)o;
}

glp_exec *glp_linked_exec(struct gl_context *ctx, GLuint program)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return NULL;
    if (!p->exec) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return p->exec;
}

glp_exec *glp_current_exec(struct gl_context *ctx) { return st_of(ctx)->cur_exec; }

glp_exec *glp_program_exec(struct gl_context *ctx, GLuint program, bool *found)
{
    glp_program *p = find_program(ctx, program);
    *found = p != NULL;
    return p ? p->exec : NULL;
}

/* ---- freeing -------------------------------------------------------------------------------- */

static void shader_free(struct gl_context *ctx, glp_shader *s)
{
    gl_objects_remove(ctx->program->objects, s->obj.name);
    swr_glsl_shader_destroy(s->glsl);
    free(s->source);
    free(s->log);
    free(s);
}

static void bindings_free(glp_bindings *b)
{
    for (unsigned i = 0; i < b->n; i++)
        free(b->v[i].name);
    free(b->v);
    b->v = NULL;
    b->n = b->cap = 0;
}

/* Sets name -> (index, source), replacing an earlier binding of the name. */
static bool bindings_set(glp_bindings *b, const char *name, GLuint index, GLuint source)
{
    for (unsigned i = 0; i < b->n; i++) {
        if (strcmp(b->v[i].name, name) == 0) {
            b->v[i].index = index;
            b->v[i].source = source;
            return true;
        }
    }
    if (b->n == b->cap) {
        unsigned cap = b->cap ? 2 * b->cap : 8;
        glp_binding *v = realloc(b->v, cap * sizeof *v);
        if (!v)
            return false;
        b->v = v;
        b->cap = cap;
    }
    char *d = dup_string(name);
    if (!d)
        return false;
    b->v[b->n].name = d;
    b->v[b->n].index = index;
    b->v[b->n].source = source;
    b->n++;
    return true;
}

static void detach_at(struct gl_context *ctx, glp_program *p, unsigned i)
{
    glp_shader *s = p->attached[i];
    memmove(p->attached + i, p->attached + i + 1, (p->num_attached - i - 1) * sizeof *p->attached);
    p->num_attached--;
    if (--s->attach_count == 0 && s->delete_pending)
        shader_free(ctx, s);
}

static void tf_names_free(glp_program *p)
{
    for (unsigned i = 0; i < p->tf_count; i++)
        free(p->tf_names[i]);
    free(p->tf_names);
    p->tf_names = NULL;
    p->tf_count = 0;
}

static void program_free(struct gl_context *ctx, glp_program *p)
{
    while (p->num_attached)
        detach_at(ctx, p, p->num_attached - 1);
    gl_objects_remove(ctx->program->objects, p->obj.name);
    exec_unref(ctx, p->exec);
    bindings_free(&p->attribs);
    bindings_free(&p->frag_data);
    tf_names_free(p);
    free(p->attached);
    free(p->log);
    free(p);
}

/* ---- part hooks ----------------------------------------------------------------------------- */

bool gl_program_init(struct gl_context *ctx)
{
    gl_program_state *st = calloc(1, sizeof *st);
    if (!st)
        return false;
    st->objects = &ctx->shared->programs;
    /* Without a compiler the context still works: compiles fail with a log. */
    st->glsl_ok = swr_glsl_init();
    ctx->program = st;
    return true;
}

static void collect(void *user, uint32_t name, void *obj)
{
    (void)name;
    void ***cursor = user;
    *(*cursor)++ = obj;
}

void gl_program_fini(struct gl_context *ctx)
{
    gl_program_state *st = st_of(ctx);
    if (!st)
        return;
    if (st->bound_exec) {
        ctx->pipe->bind_vs_state(ctx->pipe, NULL);
        ctx->pipe->bind_fs_state(ctx->pipe, NULL);
        if (ctx->pipe->bind_gs_state)
            ctx->pipe->bind_gs_state(ctx->pipe, NULL);
        exec_unref(ctx, st->bound_exec);
        st->bound_exec = NULL;
    }
    set_cur_exec(ctx, NULL);
    for (unsigned i = 0; i < GLP_CSO_CACHE; i++)
        cso_entry_free(ctx, &st->csos[i]);
    gl_objects_lock(ctx->program->objects); /* held by gl_context_destroy already */
    if (st->current && --st->current->use_count == 0 && st->current->delete_pending &&
        !ctx->shared_last)
        program_free(ctx, st->current);
    st->current = NULL;
    /* The last context of the group frees the objects. Programs first:
     * freeing them detaches (and may free) shaders, so the shaders left are
     * collected afresh. */
    for (int pass = 0; pass < 2 && ctx->shared_last; pass++) {
        uint32_t n = ctx->program->objects->count;
        if (!n)
            break;
        void **objs = malloc(n * sizeof *objs);
        if (!objs)
            break;
        void **cursor = objs;
        gl_objects_each(ctx->program->objects, collect, &cursor);
        /* Sort out the kind of every object before any is freed. */
        uint32_t m = 0;
        for (uint32_t i = 0; i < n; i++)
            if (((glp_object *)objs[i])->is_program == (pass == 0))
                objs[m++] = objs[i];
        for (uint32_t i = 0; i < m; i++) {
            if (pass == 0)
                program_free(ctx, objs[i]);
            else
                shader_free(ctx, objs[i]);
        }
        free(objs);
    }
    if (ctx->shared_last)
        gl_objects_fini(ctx->program->objects);
    gl_objects_unlock(ctx->program->objects);
    if (st->glsl_ok)
        swr_glsl_fini();
    free(st);
    ctx->program = NULL;
}

bool gl_program_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    gl_program_state *st = st_of(ctx);
    if (glp_blocks_get(ctx, pname, v))
        return true;
    switch (pname) {
    case GL_CURRENT_PROGRAM:
        gl_value_int(v, st->current ? (GLint)st->current->obj.name : 0);
        return true;
    case GL_MAX_VERTEX_UNIFORM_COMPONENTS:
    case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS: {
        /* Bytes of a constant buffer / 4: one component per 32-bit word. */
        enum pipe_shader_type s =
            pname == GL_MAX_VERTEX_UNIFORM_COMPONENTS ? PIPE_SHADER_VERTEX : PIPE_SHADER_FRAGMENT;
        int bytes = ctx->screen->get_shader_param(ctx->screen, s, PIPE_SHADER_CAP_MAX_CONST_BUFFER_SIZE);
        gl_value_int(v, bytes > 0 ? bytes / 4 : 1024);
        return true;
    }
    case GL_MAX_VARYING_FLOATS:
        gl_value_int(v, GLP_MAX_VARYING_FLOATS);
        return true;
    /* GL 3.2 table 6.56 (geometry shader limits): what the engine runs
     * (common/shader_abi.h SWR_GS_MAX_OUT_VERTICES 1024,
     * SWR_GS_MAX_OUT_COMPONENTS 1024) and what swr_glsl lays out */
    case GL_MAX_GEOMETRY_UNIFORM_COMPONENTS:
    case GL_MAX_GEOMETRY_INPUT_COMPONENTS:
    case GL_MAX_GEOMETRY_OUTPUT_COMPONENTS:
    case GL_MAX_GEOMETRY_OUTPUT_VERTICES:
    case GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS:
    case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS: {
        if (ctx->desc.major * 10 + ctx->desc.minor < 32)
            return false;
        int r = 1024;
        if (pname == GL_MAX_GEOMETRY_UNIFORM_COMPONENTS) {
            int bytes = ctx->screen->get_shader_param(ctx->screen, PIPE_SHADER_VERTEX,
                                                      PIPE_SHADER_CAP_MAX_CONST_BUFFER_SIZE);
            r = bytes > 0 ? bytes / 4 : 1024;
        } else if (pname == GL_MAX_GEOMETRY_INPUT_COMPONENTS) {
            r = 64;
        } else if (pname == GL_MAX_GEOMETRY_OUTPUT_COMPONENTS) {
            r = 128;
        } else if (pname == GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS) {
            r = 16;
        }
        gl_value_int(v, r);
        return true;
    }
    case GL_MAX_TEXTURE_COORDS:
        gl_value_int(v, GLP_MAX_TEXTURE_COORDS);
        return true;
    /* GL 3.0 table 6.48's minimums */
    case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS:
        gl_value_int(v, GLP_MAX_TF_INTERLEAVED_COMPONENTS);
        return true;
    case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS:
        gl_value_int(v, GLP_MAX_TF_SEPARATE_ATTRIBS);
        return true;
    case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS:
        gl_value_int(v, GLP_MAX_TF_SEPARATE_COMPONENTS);
        return true;
    default:
        return false;
    }
}

int gl_program_enable(struct gl_context *ctx, GLenum cap, int op)
{
    (void)ctx;
    (void)cap;
    (void)op;
    return -1;
}

/* ---- shaders ---------------------------------------------------------------------------------- */

static GLuint create_shader_locked(struct gl_context *ctx, GLenum type)
{
    /* GL_GEOMETRY_SHADER: GL 3.2 (no ARB/EXT_geometry_shader4 is advertised) */
    bool gs_ok = type == GL_GEOMETRY_SHADER && ctx->desc.major * 10 + ctx->desc.minor >= 32;
    if (type != GL_VERTEX_SHADER && type != GL_FRAGMENT_SHADER && !gs_ok) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    glp_shader *s = calloc(1, sizeof *s);
    if (!s) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return 0;
    }
    s->obj.name = gl_objects_gen(ctx->program->objects);
    s->type = type;
    if (!gl_objects_put(ctx->program->objects, s->obj.name, s)) {
        free(s);
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return 0;
    }
    return s->obj.name;
}

GLuint swrgl_CreateShader(struct gl_context *ctx, GLenum type)
{
    gl_objects_lock(ctx->program->objects);
    GLuint r = create_shader_locked(ctx, type);
    gl_objects_unlock(ctx->program->objects);
    return r;
}

void swrgl_ShaderSource(struct gl_context *ctx, GLuint shader, GLsizei count,
                        const GLchar *const *string, const GLint *length)
{
    glp_shader *s = find_shader(ctx, shader);
    if (!s)
        return;
    if (count < 0 || (count > 0 && !string)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    size_t total = 0;
    for (GLsizei i = 0; i < count; i++) {
        if (!string[i]) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        total += length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
    }
    char *src = malloc(total + 1);
    if (!src) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    size_t at = 0;
    for (GLsizei i = 0; i < count; i++) {
        size_t n = length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
        memcpy(src + at, string[i], n);
        at += n;
    }
    src[at] = '\0';
    free(s->source);
    s->source = src;
    /* An explicit length may include NULs; GL reports up to the first one. */
    s->source_len = strlen(src);
}

void swrgl_CompileShader(struct gl_context *ctx, GLuint shader)
{
    glp_shader *s = find_shader(ctx, shader);
    if (!s)
        return;
    swr_glsl_shader_destroy(s->glsl);
    s->glsl = NULL;
    s->compile_status = false;
    free(s->log);
    s->log = NULL;
    if (!st_of(ctx)->glsl_ok) {
        s->log = dup_string("error: the GLSL compiler is not available\n");
        return;
    }
    const char *src = s->source ? s->source : "";
    s->glsl = swr_glsl_compile_ex(s->type == GL_VERTEX_SHADER     ? SWR_GLSL_VERTEX
                                  : s->type == GL_GEOMETRY_SHADER ? SWR_GLSL_GEOMETRY
                                                                  : SWR_GLSL_FRAGMENT,
                                  1, &src, NULL, gl_glsl_version(ctx));
    if (!s->glsl) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    s->compile_status = swr_glsl_shader_ok(s->glsl);
    const char *log = swr_glsl_shader_log(s->glsl);
    if (log && *log)
        s->log = dup_string(log);
}

void swrgl_GetShaderiv(struct gl_context *ctx, GLuint shader, GLenum pname, GLint *params)
{
    glp_shader *s = find_shader(ctx, shader);
    if (!s)
        return;
    GLint r;
    switch (pname) {
    case GL_SHADER_TYPE:
        r = (GLint)s->type;
        break;
    case GL_DELETE_STATUS:
        r = s->delete_pending;
        break;
    case GL_COMPILE_STATUS:
        r = s->compile_status;
        break;
    case GL_INFO_LOG_LENGTH:
        r = s->log ? (GLint)strlen(s->log) + 1 : 0;
        break;
    case GL_SHADER_SOURCE_LENGTH:
        r = s->source ? (GLint)s->source_len + 1 : 0;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = r;
}

/* GetShaderInfoLog & co: copy at most bufSize - 1 characters and a NUL. */
void glp_copy_out(const char *text, GLsizei bufSize, GLsizei *length, GLchar *out)
{
    size_t n = text ? strlen(text) : 0;
    if (bufSize <= 0 || !out) {
        if (length)
            *length = 0;
        return;
    }
    if (n > (size_t)bufSize - 1)
        n = (size_t)bufSize - 1;
    if (n)
        memcpy(out, text, n);
    out[n] = '\0';
    if (length)
        *length = (GLsizei)n;
}

/* The string getters (info logs, shader source): GL_INVALID_VALUE for a
 * negative bufSize, else copy_out. */
static void get_string(struct gl_context *ctx, const char *text, GLsizei bufSize,
                       GLsizei *length, GLchar *out)
{
    if (bufSize < 0)
        gl_error(ctx, GL_INVALID_VALUE);
    else
        glp_copy_out(text, bufSize, length, out);
}

void swrgl_GetShaderInfoLog(struct gl_context *ctx, GLuint shader, GLsizei bufSize,
                            GLsizei *length, GLchar *infoLog)
{
    glp_shader *s = find_shader(ctx, shader);
    if (!s)
        return;
    get_string(ctx, s->log, bufSize, length, infoLog);
}

void swrgl_GetShaderSource(struct gl_context *ctx, GLuint shader, GLsizei bufSize,
                           GLsizei *length, GLchar *source)
{
    glp_shader *s = find_shader(ctx, shader);
    if (!s)
        return;
    get_string(ctx, s->source, bufSize, length, source);
}

static void delete_shader_locked(struct gl_context *ctx, GLuint shader)
{
    if (shader == 0)
        return;
    glp_shader *s = find_shader(ctx, shader);
    if (!s)
        return;
    if (s->attach_count)
        s->delete_pending = true;
    else
        shader_free(ctx, s);
}

void swrgl_DeleteShader(struct gl_context *ctx, GLuint shader)
{
    gl_objects_lock(ctx->program->objects);
    delete_shader_locked(ctx, shader);
    gl_objects_unlock(ctx->program->objects);
}

GLboolean swrgl_IsShader(struct gl_context *ctx, GLuint shader)
{
    glp_object *o = gl_objects_get(ctx->program->objects, shader);
    return o && !o->is_program ? GL_TRUE : GL_FALSE;
}

/* ---- programs --------------------------------------------------------------------------------- */

static GLuint create_program_locked(struct gl_context *ctx)
{
    glp_program *p = calloc(1, sizeof *p);
    if (!p) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return 0;
    }
    p->obj.is_program = true;
    p->obj.name = gl_objects_gen(ctx->program->objects);
    if (!gl_objects_put(ctx->program->objects, p->obj.name, p)) {
        free(p);
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return 0;
    }
    return p->obj.name;
}

GLuint swrgl_CreateProgram(struct gl_context *ctx)
{
    gl_objects_lock(ctx->program->objects);
    GLuint r = create_program_locked(ctx);
    gl_objects_unlock(ctx->program->objects);
    return r;
}

static void attach_shader_locked(struct gl_context *ctx, GLuint program, GLuint shader)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    glp_shader *s = find_shader(ctx, shader);
    if (!s)
        return;
    for (unsigned i = 0; i < p->num_attached; i++) {
        if (p->attached[i] == s) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
    }
    if (p->num_attached == p->cap_attached) {
        unsigned cap = p->cap_attached ? 2 * p->cap_attached : 4;
        glp_shader **a = realloc(p->attached, cap * sizeof *a);
        if (!a) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        p->attached = a;
        p->cap_attached = cap;
    }
    p->attached[p->num_attached++] = s;
    s->attach_count++;
}

void swrgl_AttachShader(struct gl_context *ctx, GLuint program, GLuint shader)
{
    gl_objects_lock(ctx->program->objects);
    attach_shader_locked(ctx, program, shader);
    gl_objects_unlock(ctx->program->objects);
}

static void detach_shader_locked(struct gl_context *ctx, GLuint program, GLuint shader)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    glp_shader *s = find_shader(ctx, shader);
    if (!s)
        return;
    for (unsigned i = 0; i < p->num_attached; i++) {
        if (p->attached[i] == s) {
            detach_at(ctx, p, i);
            return;
        }
    }
    gl_error(ctx, GL_INVALID_OPERATION);
}

void swrgl_DetachShader(struct gl_context *ctx, GLuint program, GLuint shader)
{
    gl_objects_lock(ctx->program->objects);
    detach_shader_locked(ctx, program, shader);
    gl_objects_unlock(ctx->program->objects);
}

void swrgl_GetAttachedShaders(struct gl_context *ctx, GLuint program, GLsizei maxCount,
                              GLsizei *count, GLuint *shaders)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    if (maxCount < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLsizei n = 0;
    for (unsigned i = 0; i < p->num_attached && n < maxCount && shaders; i++)
        shaders[n++] = p->attached[i]->obj.name;
    if (count)
        *count = n;
}

static void set_log(glp_program *p, const char *text)
{
    free(p->log);
    p->log = text && *text ? dup_string(text) : NULL;
}

/* Appends "\n"-terminated text to p->log. */
static void add_log(glp_program *p, const char *text)
{
    size_t a = p->log ? strlen(p->log) : 0, b = strlen(text);
    char *l = realloc(p->log, a + b + 1);
    if (!l)
        return;
    memcpy(l + a, text, b + 1);
    p->log = l;
}

/* The legacy attribute a built-in attribute reads (gl_vs_input.legacy:
 * gl_ff_attrib's numbering), -1 for a user attribute. */
static int legacy_of(const char *name)
{
    static const char *const names[] = {"gl_Vertex", "gl_Normal", "gl_Color",
                                        "gl_SecondaryColor", "gl_FogCoord"};
    for (int i = 0; i < 5; i++)
        if (!strcmp(name, names[i]))
            return i;
    if (!strncmp(name, "gl_MultiTexCoord", 16) && name[16] >= '0' && name[16] <= '7' && !name[17])
        return 5 + (name[16] - '0');
    return -1;
}

/* The vertex inputs (TGSI IN[i] -> attribute location) of a linked program. */
static void build_inputs(glp_exec *e)
{
    int n = swr_glsl_num_attribs(e->glsl);
    e->num_inputs = 0;
    for (int i = 0; i < n; i++) {
        const swr_glsl_attrib *a = swr_glsl_get_attrib(e->glsl, i);
        if (!a || a->location < 0)
            continue;
        for (unsigned k = 0; k < a->num_inputs; k++) {
            unsigned in = a->first_input + k;
            if (in >= 32)
                continue;
            e->inputs[in].location = (GLuint)a->location + k;
            e->inputs[in].integer = a->is_integer;
            e->inputs[in].legacy = a->name ? legacy_of(a->name) : -1;
            if (in + 1 > e->num_inputs)
                e->num_inputs = in + 1;
        }
    }
}

/* The link proper: the new executable, or NULL with the reason in p->log. */
static glp_exec *link_exec(struct gl_context *ctx, glp_program *p)
{
    bool vs = false, fs = false;
    for (unsigned i = 0; i < p->num_attached; i++) {
        glp_shader *s = p->attached[i];
        if (!s->compile_status || !s->glsl) {
            char msg[96];
            snprintf(msg, sizeof msg, "error: shader %u is not compiled successfully\n", s->obj.name);
            add_log(p, msg);
            return NULL;
        }
        vs |= s->type == GL_VERTEX_SHADER;
        fs |= s->type == GL_FRAGMENT_SHADER;
    }
    if (!vs && !fs) {
        /* One stage alone is linked with fixed-function processing for the
         * other (swr_glsl_link supplies it); no shader at all is an error. */
        add_log(p, "error: a program needs a vertex or a fragment shader\n");
        return NULL;
    }
    void *vs_cso = NULL, *fs_cso = NULL, *gs_cso = NULL;
    swr_glsl_shader **shaders = malloc(p->num_attached * sizeof *shaders);
    swr_glsl_attrib_binding *bind = malloc((p->attribs.n + p->frag_data.n + 1) * sizeof *bind);
    glp_exec *e = calloc(1, sizeof *e);
    if (!shaders || !bind || !e) {
        add_log(p, "error: out of memory\n");
        goto fail;
    }
    e->refs = 1;
    for (unsigned i = 0; i < p->num_attached; i++)
        shaders[i] = p->attached[i]->glsl;
    for (unsigned i = 0; i < p->attribs.n; i++) {
        bind[i].name = p->attribs.v[i].name;
        bind[i].location = p->attribs.v[i].index;
        bind[i].index = 0;
    }
    for (unsigned i = 0; i < p->frag_data.n; i++) {
        bind[p->attribs.n + i].name = p->frag_data.v[i].name;
        bind[p->attribs.n + i].location = p->frag_data.v[i].index;
        bind[p->attribs.n + i].index = p->frag_data.v[i].source;
    }
    e->glsl = swr_glsl_link_xfb(shaders, (int)p->num_attached, bind, (int)p->attribs.n,
                                bind + p->attribs.n, (int)p->frag_data.n,
                                (const char *const *)p->tf_names, (int)p->tf_count,
                                p->tf_mode == GL_SEPARATE_ATTRIBS);
    if (!e->glsl) {
        add_log(p, "error: out of memory\n");
        goto fail;
    }
    const char *log = swr_glsl_program_log(e->glsl);
    if (log && *log) {
        add_log(p, log);
        if (log[strlen(log) - 1] != '\n')
            add_log(p, "\n");
    }
    if (!swr_glsl_program_ok(e->glsl)) {
        if (!p->log)
            add_log(p, "error: link failed\n");
        goto fail;
    }
    /* This context's CSOs, made now so that a rejection fails the link. */
    if (!cso_create(ctx, e, &vs_cso, &fs_cso)) {
        add_log(p, "error: internal: the driver rejected the generated TGSI\n");
        goto fail;
    }
    gs_cso = gs_create(ctx, e);
    if (!gs_cso && swr_glsl_program_tgsi(e->glsl, SWR_GLSL_GEOMETRY) && ctx->pipe->create_gs_state) {
        add_log(p, "error: internal: the driver rejected the generated geometry shader TGSI\n");
        goto fail;
    }
    e->num_samplers = swr_glsl_num_samplers(e->glsl);
    if (e->num_samplers > SWRGL_MAX_SAMPLERS) {
        add_log(p, "error: too many samplers\n");
        goto fail;
    }
    for (unsigned i = 0; i < e->num_samplers; i++)
        e->sampler_target[i] = swr_glsl_sampler_target(e->glsl, i);
    if (!glp_uniforms_build(e)) {
        add_log(p, "error: out of memory\n");
        goto fail;
    }
    build_inputs(e);
    /* The transform feedback varyings in effect from this link on (GL 3.0
     * section 2.15.3: later glTransformFeedbackVaryings calls change only
     * what the next link uses). */
    e->tf_mode = p->tf_mode ? p->tf_mode : GL_INTERLEAVED_ATTRIBS;
    e->tf_count = p->tf_count;
    for (unsigned i = 0; i < p->tf_count; i++) {
        GLint len = (GLint)strlen(p->tf_names[i]) + 1;
        if (len > e->tf_max_len)
            e->tf_max_len = len;
    }
    free(shaders);
    free(bind);
    if (!cso_add(ctx, e, vs_cso, fs_cso, gs_cso)) { /* made again at the first draw */
        ctx->pipe->delete_vs_state(ctx->pipe, vs_cso);
        ctx->pipe->delete_fs_state(ctx->pipe, fs_cso);
        if (gs_cso)
            ctx->pipe->delete_gs_state(ctx->pipe, gs_cso);
    }
    return e;
fail:
    free(shaders);
    free(bind);
    if (vs_cso) {
        ctx->pipe->delete_vs_state(ctx->pipe, vs_cso);
        ctx->pipe->delete_fs_state(ctx->pipe, fs_cso);
    }
    if (gs_cso)
        ctx->pipe->delete_gs_state(ctx->pipe, gs_cso);
    if (e) {
        e->refs = 1;
        exec_unref(ctx, e);
    }
    return NULL;
}

static void link_program_locked(struct gl_context *ctx, GLuint program)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    gl_program_state *st = st_of(ctx);
    set_log(p, NULL);
    exec_unref(ctx, p->exec);
    p->exec = NULL;
    p->link_status = false;
    p->validate_status = false;
    if (!st->glsl_ok) {
        add_log(p, "error: the GLSL compiler is not available\n");
        return;
    }
    p->exec = link_exec(ctx, p);
    p->link_status = p->exec != NULL;
    if (p->link_status) {
        /* GL 2.1 section 2.15.2: re-linking the program in use installs the
         * new executable; a failed re-link keeps the old one in use. */
        if (st->current == p)
            set_cur_exec(ctx, p->exec);
    }
}

void swrgl_LinkProgram(struct gl_context *ctx, GLuint program)
{
    /* GL 3.0 section 2.15: the program transform feedback is using may not
     * be relinked while it is active */
    if (ctx->vertex->tf_active && st_of(ctx)->current && st_of(ctx)->current->obj.name == program) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_objects_lock(ctx->program->objects);
    link_program_locked(ctx, program);
    gl_objects_unlock(ctx->program->objects);
}

static void use_program_locked(struct gl_context *ctx, GLuint program)
{
    gl_program_state *st = st_of(ctx);
    glp_program *p = NULL;
    if (program) {
        p = find_program(ctx, program);
        if (!p)
            return;
        if (!p->link_status) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
    }
    glp_program *old = st->current;
    if (old == p && (!p || p->exec == st->cur_exec))
        return;
    st->current = p;
    if (p)
        p->use_count++;
    set_cur_exec(ctx, p ? p->exec : NULL);
    if (old && --old->use_count == 0 && old->delete_pending)
        program_free(ctx, old);
}

void swrgl_UseProgram(struct gl_context *ctx, GLuint program)
{
    /* GL 3.0 section 2.15: no other program while transform feedback is active */
    if (ctx->vertex->tf_active) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_objects_lock(ctx->program->objects);
    use_program_locked(ctx, program);
    gl_objects_unlock(ctx->program->objects);
}

static void delete_program_locked(struct gl_context *ctx, GLuint program)
{
    if (program == 0)
        return;
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    if (p->use_count) /* current in this or another context of the group */
        p->delete_pending = true;
    else
        program_free(ctx, p);
}

void swrgl_DeleteProgram(struct gl_context *ctx, GLuint program)
{
    gl_objects_lock(ctx->program->objects);
    delete_program_locked(ctx, program);
    gl_objects_unlock(ctx->program->objects);
}

GLboolean swrgl_IsProgram(struct gl_context *ctx, GLuint program)
{
    glp_object *o = gl_objects_get(ctx->program->objects, program);
    return o && o->is_program ? GL_TRUE : GL_FALSE;
}

/* GL 2.1 section 2.15.4 "Validation": samplers of different types must not
 * use the same texture unit. Writes the reason to *why (may be NULL). */
static bool samplers_valid(const glp_exec *e, const char **why)
{
    for (unsigned i = 0; i < e->num_samplers; i++) {
        for (unsigned j = i + 1; j < e->num_samplers; j++) {
            if (e->sampler_unit[i] == e->sampler_unit[j] &&
                e->sampler_target[i] != e->sampler_target[j]) {
                if (why)
                    *why = "samplers of different types use the same texture unit\n";
                return false;
            }
        }
    }
    return true;
}

void swrgl_ValidateProgram(struct gl_context *ctx, GLuint program)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    const char *why = NULL;
    if (!p->exec)
        why = "the program is not linked successfully\n";
    p->validate_status = p->exec && samplers_valid(p->exec, &why);
    set_log(p, why ? why : "");
}

static GLint max_name_length(const glp_exec *e, bool uniforms)
{
    size_t m = 0;
    if (!e)
        return 0;
    if (uniforms) {
        for (unsigned i = 0; i < e->num_uniforms; i++)
            if (strlen(e->uniforms[i].name) + 1 > m)
                m = strlen(e->uniforms[i].name) + 1;
    } else {
        for (int i = 0; i < swr_glsl_num_attribs(e->glsl); i++) {
            const swr_glsl_attrib *a = swr_glsl_get_attrib(e->glsl, i);
            if (a && strlen(a->name) + 1 > m)
                m = strlen(a->name) + 1;
        }
    }
    return (GLint)m;
}

void swrgl_GetProgramiv(struct gl_context *ctx, GLuint program, GLenum pname, GLint *params)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    GLint r;
    switch (pname) {
    case GL_DELETE_STATUS:
        r = p->delete_pending;
        break;
    case GL_LINK_STATUS:
        r = p->link_status;
        break;
    case GL_GEOMETRY_VERTICES_OUT:
    case GL_GEOMETRY_INPUT_TYPE:
    case GL_GEOMETRY_OUTPUT_TYPE: {
        /* GL 3.2 6.1.16: INVALID_OPERATION unless the program linked with a
         * geometry shader (INVALID_ENUM before 3.2) */
        unsigned in_t, out_t, nv;
        if (ctx->desc.major * 10 + ctx->desc.minor < 32) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        if (!p->link_status || !p->exec || !swr_glsl_program_gs_info(p->exec->glsl, &in_t, &out_t, &nv)) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        r = (GLint)(pname == GL_GEOMETRY_VERTICES_OUT ? nv : pname == GL_GEOMETRY_INPUT_TYPE ? in_t : out_t);
        break;
    }
    case GL_VALIDATE_STATUS:
        r = p->validate_status;
        break;
    case GL_INFO_LOG_LENGTH:
        r = p->log ? (GLint)strlen(p->log) + 1 : 0;
        break;
    case GL_ATTACHED_SHADERS:
        r = (GLint)p->num_attached;
        break;
    case GL_ACTIVE_ATTRIBUTES:
        r = p->exec ? swr_glsl_num_attribs(p->exec->glsl) : 0;
        break;
    case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH:
        r = max_name_length(p->exec, false);
        break;
    case GL_ACTIVE_UNIFORMS:
        r = p->exec ? (GLint)p->exec->num_uniforms : 0;
        break;
    case GL_ACTIVE_UNIFORM_MAX_LENGTH:
        r = max_name_length(p->exec, true);
        break;
    case GL_ACTIVE_UNIFORM_BLOCKS:
        r = p->exec ? swr_glsl_num_uniform_blocks(p->exec->glsl) : 0;
        break;
    case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH:
        r = glp_blocks_max_name_length(p->exec);
        break;
    /* GL 3.0 section 6.1.15 says "for the program" without naming the
     * link; like the reference (llvmpipe), the mode and the count are those
     * of the last glTransformFeedbackVaryings and the maximum length is the
     * last successful link's. */
    case GL_TRANSFORM_FEEDBACK_BUFFER_MODE:
        r = p->tf_mode ? (GLint)p->tf_mode : GL_INTERLEAVED_ATTRIBS;
        break;
    case GL_TRANSFORM_FEEDBACK_VARYINGS:
        r = (GLint)p->tf_count;
        break;
    case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH:
        r = p->exec ? p->exec->tf_max_len : 0;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = r;
}

/* GL 3.0 section 2.15.3. The names are kept for the next link; a count
 * beyond the separate attribute limit in GL_SEPARATE_ATTRIBS mode is
 * INVALID_VALUE, as is a negative count. */
static void tf_varyings_locked(struct gl_context *ctx, GLuint program, GLsizei count,
                               const GLchar *const *varyings, GLenum bufferMode)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    if (bufferMode != GL_INTERLEAVED_ATTRIBS && bufferMode != GL_SEPARATE_ATTRIBS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (count < 0 || (bufferMode == GL_SEPARATE_ATTRIBS && count > GLP_MAX_TF_SEPARATE_ATTRIBS) ||
        (count > 0 && !varyings)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    char **names = count ? calloc((size_t)count, sizeof *names) : NULL;
    if (count && !names) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    for (GLsizei i = 0; i < count; i++) {
        names[i] = dup_string(varyings[i] ? varyings[i] : "");
        if (!names[i]) {
            for (GLsizei j = 0; j < i; j++)
                free(names[j]);
            free(names);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
    }
    tf_names_free(p);
    p->tf_names = names;
    p->tf_count = (unsigned)count;
    p->tf_mode = bufferMode;
}

void swrgl_TransformFeedbackVaryings(struct gl_context *ctx, GLuint program, GLsizei count,
                                     const GLchar *const *varyings, GLenum bufferMode)
{
    gl_objects_lock(ctx->program->objects);
    tf_varyings_locked(ctx, program, count, varyings, bufferMode);
    gl_objects_unlock(ctx->program->objects);
}

void swrgl_GetProgramInfoLog(struct gl_context *ctx, GLuint program, GLsizei bufSize,
                             GLsizei *length, GLchar *infoLog)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    get_string(ctx, p->log, bufSize, length, infoLog);
}

/* ---- attribute and fragment output locations ---------------------------------------------------- */

/* glBindAttribLocation and glBindFragDataLocation(Indexed): record name ->
 * index (and the fragment output's source, 0 or 1) in the program's
 * attribute or fragment-output table for the next link. A second source
 * (ARB_blend_func_extended) binds only below
 * GL_MAX_DUAL_SOURCE_DRAW_BUFFERS (1): INVALID_VALUE otherwise, as for a
 * source above 1. */
static void bind_location(struct gl_context *ctx, GLuint program, bool frag_data, GLuint index,
                          GLuint source, const GLchar *name)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    if (index >= (frag_data ? (source ? GLP_MAX_DUAL_SOURCE_DRAW_BUFFERS : GLP_MAX_DRAW_BUFFERS)
                            : SWRGL_MAX_VERTEX_ATTRIBS) ||
        source > 1 || !name) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (has_gl_prefix(name)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (!bindings_set(frag_data ? &p->frag_data : &p->attribs, name, index, source))
        gl_error(ctx, GL_OUT_OF_MEMORY);
}

void swrgl_BindAttribLocation(struct gl_context *ctx, GLuint program, GLuint index,
                              const GLchar *name)
{
    bind_location(ctx, program, false, index, 0, name);
}

GLint swrgl_GetAttribLocation(struct gl_context *ctx, GLuint program, const GLchar *name)
{
    glp_exec *e = glp_linked_exec(ctx, program);
    if (!e || !name || has_gl_prefix(name))
        return -1;
    int n = swr_glsl_num_attribs(e->glsl);
    for (int i = 0; i < n; i++) {
        const swr_glsl_attrib *a = swr_glsl_get_attrib(e->glsl, i);
        if (a && strcmp(a->name, name) == 0)
            return a->location;
    }
    return -1;
}

void swrgl_GetActiveAttrib(struct gl_context *ctx, GLuint program, GLuint index, GLsizei bufSize,
                           GLsizei *length, GLint *size, GLenum *type, GLchar *name)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    int n = p->exec ? swr_glsl_num_attribs(p->exec->glsl) : 0;
    if (index >= (GLuint)n || bufSize < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    const swr_glsl_attrib *a = swr_glsl_get_attrib(p->exec->glsl, (int)index);
    if (!a) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    glp_copy_out(a->name, bufSize, length, name);
    if (size)
        *size = (GLint)(a->array_size ? a->array_size : 1);
    if (type)
        *type = a->gl_type;
}

void swrgl_GetActiveUniform(struct gl_context *ctx, GLuint program, GLuint index, GLsizei bufSize,
                            GLsizei *length, GLint *size, GLenum *type, GLchar *name)
{
    glp_program *p = find_program(ctx, program);
    if (!p)
        return;
    if (!p->exec || index >= p->exec->num_uniforms || bufSize < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    const glp_uniform *u = &p->exec->uniforms[index];
    glp_copy_out(u->name, bufSize, length, name);
    if (size)
        *size = (GLint)u->array_size;
    if (type)
        *type = u->type;
}

void swrgl_BindFragDataLocation(struct gl_context *ctx, GLuint program, GLuint color,
                                const GLchar *name)
{
    bind_location(ctx, program, true, color, 0, name);
}

void swrgl_BindFragDataLocationIndexed(struct gl_context *ctx, GLuint program, GLuint colorNumber,
                                       GLuint index, const GLchar *name)
{
    bind_location(ctx, program, true, colorNumber, index, name);
}

/* The fragment output of the last successful link that `name` designates
 * ("out", or "out[k]" for an array, whose element k is at location + k):
 * *element receives k; NULL for a name that is no user output. */
static const swr_glsl_frag_output *find_frag_output(glp_exec *e, const GLchar *name, unsigned *element)
{
    size_t len = strlen(name);
    *element = 0;
    const char *open = strchr(name, '[');
    if (open) {
        /* a decimal subscript without sign or leading zeros, then the end */
        const char *d = open + 1;
        size_t digits = strspn(d, "0123456789");
        if (digits == 0 || digits > 9 || (digits > 1 && d[0] == '0') || d[digits] != ']' ||
            d[digits + 1] != '\0')
            return NULL;
        *element = (unsigned)strtoul(d, NULL, 10);
        len = (size_t)(open - name);
    }
    int n = swr_glsl_num_frag_outputs(e->glsl);
    for (int i = 0; i < n; i++) {
        const swr_glsl_frag_output *o = swr_glsl_get_frag_output(e->glsl, i);
        if (!o || strlen(o->name) != len || strncmp(o->name, name, len) != 0)
            continue;
        if (open && (o->array_size <= 1 ? *element != 0 : *element >= o->array_size))
            return NULL;
        return o;
    }
    return NULL;
}

/* ARB_blend_func_extended: the source index (0, or 1 for the second colour
 * of dual-source blending) of a fragment output of the last successful
 * link; -1 for a name that is no user output. */
GLint swrgl_GetFragDataIndex(struct gl_context *ctx, GLuint program, const GLchar *name)
{
    glp_exec *e = glp_linked_exec(ctx, program);
    if (!e || !name || has_gl_prefix(name))
        return -1;
    unsigned element;
    const swr_glsl_frag_output *o = find_frag_output(e, name, &element);
    return o ? o->index : -1;
}

/* The draw buffer of a fragment output of the last successful link (bound
 * by glBindFragDataLocation before it, or assigned by the linker): "out" or,
 * for an array, "out" / "out[k]" (element k is at location + k); -1 for a
 * name that is no user output. */
GLint swrgl_GetFragDataLocation(struct gl_context *ctx, GLuint program, const GLchar *name)
{
    glp_exec *e = glp_linked_exec(ctx, program);
    if (!e || !name || has_gl_prefix(name))
        return -1;
    unsigned element;
    const swr_glsl_frag_output *o = find_frag_output(e, name, &element);
    return o ? o->location + (GLint)element : -1;
}

/* ---- ARB_shader_objects names without a core equivalent -------------------------------------------- */

/* Handles are the core names (GLhandleARB is GLuint), so the aliased ARB
 * commands are the core ones (gl.xml aliases); these four remain. */

void swrgl_DeleteObjectARB(struct gl_context *ctx, GLhandleARB obj)
{
    if (obj == 0)
        return; /* as glDeleteShader/glDeleteProgram: 0 is silently ignored */
    glp_object *o = gl_objects_get(ctx->program->objects, obj);
    if (!o) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (o->is_program)
        swrgl_DeleteProgram(ctx, obj);
    else
        swrgl_DeleteShader(ctx, obj);
}

/* PROGRAM_OBJECT_ARB is the only state item; another pname returns 0 (the
 * extension) with GL's INVALID_ENUM for an enum the command does not take. */
GLhandleARB swrgl_GetHandleARB(struct gl_context *ctx, GLenum pname)
{
    if (pname != GL_PROGRAM_OBJECT_ARB) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    gl_program_state *st = st_of(ctx);
    return st->current ? st->current->obj.name : 0;
}

/* The OBJECT_*_ARB pnames have the values of the core GL_DELETE_STATUS ...
 * GL_SHADER_SOURCE_LENGTH (OBJECT_SUBTYPE_ARB is GL_SHADER_TYPE), so after
 * the checks of ARB_shader_objects' Errors section (a pname of the other
 * kind of object is INVALID_OPERATION there; Mesa says INVALID_ENUM)
 * glGetShaderiv / glGetProgramiv answer. Unknown pnames: INVALID_ENUM. */
void swrgl_GetObjectParameterivARB(struct gl_context *ctx, GLhandleARB obj, GLenum pname,
                                   GLint *params)
{
    glp_object *o = gl_objects_get(ctx->program->objects, obj);
    if (!o) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    int kind; /* 0: both kinds, 1: shaders only, 2: programs only */
    switch (pname) {
    case GL_OBJECT_TYPE_ARB:
    case GL_OBJECT_DELETE_STATUS_ARB:
    case GL_OBJECT_INFO_LOG_LENGTH_ARB:
        kind = 0;
        break;
    case GL_OBJECT_SUBTYPE_ARB:
    case GL_OBJECT_COMPILE_STATUS_ARB:
    case GL_OBJECT_SHADER_SOURCE_LENGTH_ARB:
        kind = 1;
        break;
    case GL_OBJECT_LINK_STATUS_ARB:
    case GL_OBJECT_VALIDATE_STATUS_ARB:
    case GL_OBJECT_ATTACHED_OBJECTS_ARB:
    case GL_OBJECT_ACTIVE_UNIFORMS_ARB:
    case GL_OBJECT_ACTIVE_UNIFORM_MAX_LENGTH_ARB:
    case GL_OBJECT_ACTIVE_ATTRIBUTES_ARB: /* ARB_vertex_shader */
    case GL_OBJECT_ACTIVE_ATTRIBUTE_MAX_LENGTH_ARB:
        kind = 2;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if ((kind == 1 && o->is_program) || (kind == 2 && !o->is_program)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (pname == GL_OBJECT_TYPE_ARB) {
        if (params)
            *params = o->is_program ? GL_PROGRAM_OBJECT_ARB : GL_SHADER_OBJECT_ARB;
        return;
    }
    if (o->is_program)
        swrgl_GetProgramiv(ctx, obj, pname, params);
    else
        swrgl_GetShaderiv(ctx, obj, pname, params);
}

void swrgl_GetObjectParameterfvARB(struct gl_context *ctx, GLhandleARB obj, GLenum pname,
                                   GLfloat *params)
{
    GLint v = 0;
    GLenum before = ctx->error;
    ctx->error = GL_NO_ERROR;
    swrgl_GetObjectParameterivARB(ctx, obj, pname, &v);
    GLenum err = ctx->error;
    ctx->error = before != GL_NO_ERROR ? before : err;
    if (err == GL_NO_ERROR && params)
        *params = (GLfloat)v;
}

/* An unknown handle is INVALID_VALUE (ARB_shader_objects, Errors; Mesa says
 * INVALID_OPERATION). */
void swrgl_GetInfoLogARB(struct gl_context *ctx, GLhandleARB obj, GLsizei maxLength, GLsizei *length,
                         GLcharARB *infoLog)
{
    glp_object *o = gl_objects_get(ctx->program->objects, obj);
    if (!o) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (o->is_program)
        swrgl_GetProgramInfoLog(ctx, obj, maxLength, length, infoLog);
    else
        swrgl_GetShaderInfoLog(ctx, obj, maxLength, length, infoLog);
}

/* ---- draw time ------------------------------------------------------------------------------------ */

bool gl_program_validate(struct gl_context *ctx)
{
    gl_program_state *st = st_of(ctx);
    /* A successful re-link in another context of the share group installs
     * the new executable here too (as in the linking context). */
    if (st->current && st->current->exec && st->current->exec != st->cur_exec)
        set_cur_exec(ctx, st->current->exec);
    glp_exec *e = st->cur_exec;
    if (!e)
        return false; /* the draws check gl_program_in_use first */
    if (!st->samplers_checked) {
        st->samplers_ok = samplers_valid(e, NULL);
        st->samplers_checked = true;
    }
    if (!st->samplers_ok) {
        /* GL 2.1 section 2.15.4: such a draw is INVALID_OPERATION. */
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    glp_uniforms_set_depth_range(e, ctx->raster->depth_range[0], ctx->raster->depth_range[1]);
    if (st->fixed_values)
        glp_uniforms_set_builtins(e, ctx, st->fixed_values, st->fixed_serial);
    if (st->bound_exec != e) {
        glp_cso_entry *c = cso_get(ctx, e);
        if (!c) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return false;
        }
        ctx->pipe->bind_vs_state(ctx->pipe, c->vs);
        ctx->pipe->bind_fs_state(ctx->pipe, c->fs);
        if (ctx->pipe->bind_gs_state)
            ctx->pipe->bind_gs_state(ctx->pipe, c->gs); /* NULL: no GS */
        exec_ref(e);
        exec_unref(ctx, st->bound_exec);
        st->bound_exec = e;
        st->const_uploaded = false;
    }
    /* glUniform* (gl_uniform.c) marks the storage dirty; every context of
     * the share group drawing with e uploads it again. Atomics: contexts on
     * other threads may validate e at the same time (the serial is bumped
     * before the flag is cleared, so none of them misses the change). */
    if (__atomic_load_n(&e->storage_dirty, __ATOMIC_ACQUIRE)) {
        gl_serial_bump(&e->storage_serial);
        __atomic_store_n(&e->storage_dirty, false, __ATOMIC_RELEASE);
    }
    uint64_t serial = gl_serial_load(&e->storage_serial);
    if (!st->const_uploaded || st->const_serial != serial) {
        /* set_constant_buffer copies user buffers, so later glUniform calls
         * do not reach draws already queued. */
        struct pipe_constant_buffer cb;
        memset(&cb, 0, sizeof cb);
        cb.user_buffer = e->num_regs ? e->storage : NULL;
        cb.buffer_size = e->num_regs * 16;
        ctx->pipe->set_constant_buffer(ctx->pipe, PIPE_SHADER_VERTEX, 0, e->num_regs ? &cb : NULL);
        ctx->pipe->set_constant_buffer(ctx->pipe, PIPE_SHADER_FRAGMENT, 0,
                                       e->num_regs ? &cb : NULL);
        /* the geometry shader reads the same CONST[0] layout (swr_glsl.h) */
        if (swr_glsl_program_tgsi(e->glsl, SWR_GLSL_GEOMETRY) && ctx->pipe->create_gs_state)
            ctx->pipe->set_constant_buffer(ctx->pipe, PIPE_SHADER_GEOMETRY, 0, e->num_regs ? &cb : NULL);
        st->const_serial = serial;
        st->const_uploaded = true;
    }
    glp_blocks_bind(ctx, e);
    return true;
}

void gl_program_set_fixed_values(struct gl_context *ctx, const struct gl_ff_gl_state *v,
                                 uint64_t serial)
{
    st_of(ctx)->fixed_values = v;
    st_of(ctx)->fixed_serial = serial;
}

bool gl_program_in_use(struct gl_context *ctx)
{
    gl_program_state *st = st_of(ctx);
    if (st->current && st->current->exec && st->current->exec != st->cur_exec)
        return true;
    return st->cur_exec != NULL;
}

void glp_samplers_changed(struct gl_context *ctx) { st_of(ctx)->samplers_checked = false; }

void gl_program_invalidate_pipe(struct gl_context *ctx)
{
    gl_program_state *st = st_of(ctx);
    /* (fixed function next: no geometry shader stays bound) */
    if (st->bound_exec && ctx->pipe->bind_gs_state)
        ctx->pipe->bind_gs_state(ctx->pipe, NULL);
    exec_unref(ctx, st->bound_exec);
    st->bound_exec = NULL;
    st->const_uploaded = false;
}

int gl_program_gs_input_type(struct gl_context *ctx)
{
    gl_program_state *st = st_of(ctx);
    glp_exec *e = st->current && st->current->exec ? st->current->exec : st->cur_exec;
    unsigned in_t;
    if (!e || !swr_glsl_program_gs_info(e->glsl, &in_t, NULL, NULL))
        return -1;
    return (int)in_t;
}

int gl_program_gs_output_type(struct gl_context *ctx)
{
    gl_program_state *st = st_of(ctx);
    glp_exec *e = st->current && st->current->exec ? st->current->exec : st->cur_exec;
    unsigned out_t;
    if (!e || !swr_glsl_program_gs_info(e->glsl, NULL, &out_t, NULL))
        return -1;
    return (int)out_t;
}

unsigned gl_program_vs_inputs(struct gl_context *ctx, gl_vs_input *inputs)
{
    glp_exec *e = st_of(ctx)->cur_exec;
    if (!e)
        return 0;
    memcpy(inputs, e->inputs, e->num_inputs * sizeof *inputs);
    return e->num_inputs;
}

unsigned gl_program_sampler_uses(struct gl_context *ctx, gl_sampler_use *uses)
{
    glp_exec *e = st_of(ctx)->cur_exec;
    if (!e)
        return 0;
    for (unsigned i = 0; i < e->num_samplers; i++) {
        uses[i].unit = (unsigned)e->sampler_unit[i];
        uses[i].tgsi_target = e->sampler_target[i];
        uses[i].stage_mask = e->sampler_stages[i];
    }
    return e->num_samplers;
}
