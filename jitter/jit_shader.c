/*
 * jit_shader.c: jit.h's compiled shaders: compile (scan the program into a
 * jit_shader_info, reject what no executor runs, build the executor's
 * form), reference counting and the entry points handed to the engine.
 *
 * Called by the pipe driver or the cache on any thread; a compiled shader is
 * immutable, so its vs/ps function may then run on many threads at once.
 * The interpreter form is always built; with key.executor ==
 * JIT_EXECUTOR_LLVM the LLVM JIT (jit_llvm.c) compiles the shader too and
 * its native entry points are handed out, or, when it cannot compile the
 * program, the interpreter's (reason in sh->llvm_why, printed with
 * SWR_JIT_DEBUG set in the environment). With key.preamble the program is
 * first split (jit_preamble.c): the shader runs the main part and owns the
 * preamble, compiled as a shader of its own.
 */
#include "jitter/jit.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jitter/jit_priv.h"

static bool reject(tgsi_error *err, uint32_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool reject(tgsi_error *err, uint32_t line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err->line = line;
    err->column = 0;
    vsnprintf(err->message, sizeof(err->message), fmt, ap);
    va_end(ap);
    return false;
}

static bool file_unsupported(unsigned file)
{
    return file == TGSI_FILE_IMAGE || file == TGSI_FILE_BUFFER || file == TGSI_FILE_MEMORY ||
           file == TGSI_FILE_HW_ATOMIC || file >= TGSI_FILE_COUNT;
}

static void note_read(jit_shader_info *info, const tgsi_src *s)
{
    if (s->file == TGSI_FILE_CONSTANT) {
        int32_t b = s->num_dims == 2 ? s->dim.index : 0;
        if (s->num_dims == 2 && s->dim.indirect)
            info->const_buffers_used = 0xffffu;
        else if (b >= 0 && b < 32)
            info->const_buffers_used |= 1u << b;
    }
    if ((s->file == TGSI_FILE_SAMPLER || s->file == TGSI_FILE_SAMPLER_VIEW) &&
        s->reg.index >= 0 && s->reg.index < 32)
        info->samplers_used |= 1u << s->reg.index;
}

/* Fills info from the declarations, properties and instructions; false with
 * err for what no executor runs. */
static bool scan(const tgsi_program *p, jit_shader_info *info, tgsi_error *err)
{
    memset(info, 0, sizeof(*info));
    memset(info->input_semantic, 0xff, sizeof(info->input_semantic));
    memset(info->output_semantic, 0xff, sizeof(info->output_semantic));
    info->processor = (uint8_t)p->processor;
    bool is_gs = p->processor == TGSI_PROCESSOR_GEOMETRY;
    if (p->processor != TGSI_PROCESSOR_VERTEX && p->processor != TGSI_PROCESSOR_FRAGMENT &&
        !is_gs)
        return reject(err, 0, "%s shaders are not supported (only VERT, GEOM and FRAG)",
                      tgsi_processor_name(p->processor));
    bool is_ps = p->processor == TGSI_PROCESSOR_FRAGMENT;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (file_unsupported(d->file))
            return reject(err, d->line, "%s declarations are not supported",
                          tgsi_file_name(d->file));
        if (d->file != TGSI_FILE_INPUT && d->file != TGSI_FILE_OUTPUT &&
            d->file != TGSI_FILE_SYSTEM_VALUE)
            continue;
        if (d->first < 0 || d->last < d->first)
            return reject(err, d->line, "bad declaration range");
        if (d->file == TGSI_FILE_SYSTEM_VALUE) {
            if (d->has_semantic && d->semantic_name < 64)
                info->system_values_read |= 1ull << d->semantic_name;
            continue;
        }
        if (d->last >= SWR_MAX_ATTRIBS)
            return reject(err, d->line, "more than %d %s registers", SWR_MAX_ATTRIBS,
                          d->file == TGSI_FILE_INPUT ? "input" : "output");
        for (int32_t r = d->first; r <= d->last; r++) {
            uint8_t sem = d->has_semantic ? d->semantic_name : 0xff;
            uint8_t idx = (uint8_t)(d->semantic_index + (uint32_t)(r - d->first));
            if (d->file == TGSI_FILE_INPUT) {
                info->num_inputs = (uint32_t)r + 1 > info->num_inputs ? (uint32_t)r + 1
                                                                      : info->num_inputs;
                info->input_semantic[r] = sem;
                info->input_semantic_index[r] = idx;
                info->input_interp[r] = d->interp;
                info->input_location[r] = d->location;
                info->input_usage_mask[r] = d->usage_mask;
                if (is_ps && sem == TGSI_SEMANTIC_POSITION)
                    info->reads_position = true;
                if (is_ps && sem == TGSI_SEMANTIC_FACE)
                    info->reads_face = true;
                if (is_ps && sem == TGSI_SEMANTIC_PRIMID)
                    info->reads_primid = true;
            } else {
                info->num_outputs = (uint32_t)r + 1 > info->num_outputs ? (uint32_t)r + 1
                                                                        : info->num_outputs;
                info->output_semantic[r] = sem;
                info->output_semantic_index[r] = idx;
                info->output_usage_mask[r] = d->usage_mask;
                if (is_ps && sem == TGSI_SEMANTIC_POSITION)
                    info->writes_depth = true;
                if (is_ps && sem == TGSI_SEMANTIC_STENCIL)
                    info->writes_stencil = true;
                if (is_ps && sem == TGSI_SEMANTIC_SAMPLEMASK)
                    info->writes_samplemask = true;
            }
        }
    }
    if (info->system_values_read & (1ull << TGSI_SEMANTIC_POSITION))
        info->reads_position = true;
    if (info->system_values_read & (1ull << TGSI_SEMANTIC_FACE))
        info->reads_face = true;
    if (info->system_values_read & (1ull << TGSI_SEMANTIC_PRIMID))
        info->reads_primid = true;
    for (uint32_t i = 0; i < p->num_props; i++) {
        uint32_t v = p->props[i].value;
        switch (p->props[i].name) {
        case TGSI_PROPERTY_FS_COLOR0_WRITES_ALL_CBUFS: info->color0_writes_all_cbufs = v != 0; break;
        case TGSI_PROPERTY_FS_EARLY_DEPTH_STENCIL: info->early_depth_stencil = v != 0; break;
        case TGSI_PROPERTY_VS_WINDOW_SPACE_POSITION: info->window_space_position = v != 0; break;
        case TGSI_PROPERTY_FS_COORD_ORIGIN: info->coord_origin_lower_left = v == 1; break;
        case TGSI_PROPERTY_FS_COORD_PIXEL_CENTER: info->pixel_center_integer = v == 1; break;
        case TGSI_PROPERTY_NUM_CLIPDIST_ENABLED: info->num_clipdist_enabled = (uint8_t)v; break;
        default: break;
        }
    }
    info->num_instructions = p->num_insts;
    for (uint32_t i = 0; i < p->num_insts; i++) {
        const tgsi_inst *in = &p->insts[i];
        const tgsi_opcode_info *oi = tgsi_opcode_get_info(in->opcode);
        if (!oi)
            return reject(err, in->line, "unknown opcode %u", in->opcode);
        bool gs_op = is_gs && (in->opcode == TGSI_OPCODE_EMIT || in->opcode == TGSI_OPCODE_ENDPRIM);
        if ((oi->flags & TGSI_OPF_NOEXEC) && !gs_op)
            return reject(err, in->line, "opcode %s (line %u) is not executable yet", oi->name,
                          in->line);
        if (in->num_src > TGSI_MAX_SRC || in->num_dst > TGSI_MAX_DST ||
            in->num_tex_offsets > TGSI_MAX_TEX_OFFSETS)
            return reject(err, in->line, "%s: too many operands", oi->name);
        for (unsigned s = 0; s < in->num_src; s++) {
            if (file_unsupported(in->src[s].file))
                return reject(err, in->line, "%s: %s operands are not supported", oi->name,
                              tgsi_file_name(in->src[s].file));
            note_read(info, &in->src[s]);
        }
        for (unsigned d = 0; d < in->num_dst; d++)
            if (file_unsupported(in->dst[d].file))
                return reject(err, in->line, "%s: %s operands are not supported", oi->name,
                              tgsi_file_name(in->dst[d].file));
        switch (in->opcode) {
        case TGSI_OPCODE_KILL:
        case TGSI_OPCODE_KILL_IF:
        case TGSI_OPCODE_DEMOTE: info->uses_kill = true; break;
        case TGSI_OPCODE_DDX:
        case TGSI_OPCODE_DDY:
        case TGSI_OPCODE_DDX_FINE:
        case TGSI_OPCODE_DDY_FINE:
        case TGSI_OPCODE_TEX:
        case TGSI_OPCODE_TEX2:
        case TGSI_OPCODE_TXB:
        case TGSI_OPCODE_TXB2:
        case TGSI_OPCODE_TXP:
        case TGSI_OPCODE_LODQ:
        case TGSI_OPCODE_SAMPLE:
        case TGSI_OPCODE_SAMPLE_B:
        case TGSI_OPCODE_SAMPLE_C:
        case TGSI_OPCODE_LOD:
        case TGSI_OPCODE_INTERP_OFFSET: info->uses_derivatives = true; break;
        default: break;
        }
    }
    return true;
}

jit_shader *jit_shader_compile(const tgsi_program *prog, const jit_variant_key *key,
                               tgsi_error *err)
{
    tgsi_error dummy;
    if (!err)
        err = &dummy;
    memset(err, 0, sizeof(*err));
    if (!prog) {
        reject(err, 0, "no program");
        return NULL;
    }
    /* 64-byte aligned: the call fields and info.processor share a line */
    jit_shader *sh = aligned_alloc(64, (sizeof(*sh) + 63) & ~(size_t)63);
    if (!sh) {
        reject(err, 0, "out of memory");
        return NULL;
    }
    memset(sh, 0, sizeof(*sh));
    atomic_init(&sh->refs, 1);
    if (key)
        sh->key = *key;
    if (!scan(prog, &sh->info, err)) {
        free(sh);
        return NULL;
    }
    /* The preamble split (jit_preamble.c): the shader runs the main program
     * and the preamble is its own shader with the same executor. */
    jit_preamble_split split;
    memset(&split, 0, sizeof split);
    /* A GS runs in the interpreter only, without a preamble, for now. */
    bool is_gs = prog->processor == TGSI_PROCESSOR_GEOMETRY;
    if (sh->key.preamble && !is_gs &&
        jit_preamble_split_program(prog, JIT_PREAMBLE_MIN_WORK, &split)) {
        jit_shader_info main_info;
        tgsi_error serr;
        if (scan(split.main, &main_info, &serr))
            sh->preamble = jit_preamble_build(split.pre, split.num_slots, &sh->key);
        if (sh->preamble) {
            sh->info = main_info;
            prog = split.main;
        }
    }
    if (!jit_interp_build(sh, prog, err)) {
        jit_preamble_split_free(&split);
        jit_preamble_free(sh->preamble);
        free(sh);
        return NULL;
    }
    if (sh->key.executor == JIT_EXECUTOR_LLVM) {
        /* The LLVM JIT has no GEOM code path yet (issue 20): that is a
         * fallback like any other, with its reason. */
        tgsi_error lerr;
        memset(&lerr, 0, sizeof lerr);
        const char *why = is_gs                              ? "geometry shaders run in the interpreter"
                          : jit_llvm_build(sh, prog, &lerr) ? NULL
                                                            : lerr.message;
        if (why) {
            snprintf(sh->llvm_why, sizeof sh->llvm_why, "%.159s", why);
            if (getenv("SWR_JIT_DEBUG"))
                fprintf(stderr, "swr: shader runs in the interpreter: %s\n", sh->llvm_why);
        }
    }
    jit_preamble_split_free(&split);
    return sh;
}

void jit_shader_ref(jit_shader *sh)
{
    if (sh)
        atomic_fetch_add_explicit(&sh->refs, 1, memory_order_relaxed);
}

void jit_shader_unref(jit_shader *sh)
{
    if (!sh || atomic_fetch_sub_explicit(&sh->refs, 1, memory_order_acq_rel) != 1)
        return;
    jit_llvm_free(sh->llvm);
    jit_interp_free(sh->interp);
    jit_preamble_free(sh->preamble);
    free(sh);
}

const jit_shader_info *jit_shader_get_info(const jit_shader *sh) { return &sh->info; }

swr_vs_func jit_shader_vs_func(const jit_shader *sh)
{
    if (!sh || sh->info.processor != TGSI_PROCESSOR_VERTEX)
        return NULL;
    void *native = jit_llvm_entry(sh->llvm);
    return native ? (swr_vs_func)native : jit_interp_vs;
}

swr_gs_func jit_shader_gs_func(const jit_shader *sh)
{
    if (!sh || sh->info.processor != TGSI_PROCESSOR_GEOMETRY)
        return NULL;
    return jit_interp_gs;
}

swr_ps_func jit_shader_ps_func(const jit_shader *sh)
{
    if (!sh || sh->info.processor != TGSI_PROCESSOR_FRAGMENT)
        return NULL;
    void *native = jit_llvm_entry(sh->llvm);
    return native ? (swr_ps_func)native : jit_interp_ps;
}

swr_ps_tile_func jit_shader_ps_tile_func(const jit_shader *sh)
{
    if (!sh || sh->info.processor != TGSI_PROCESSOR_FRAGMENT)
        return NULL;
    return (swr_ps_tile_func)jit_llvm_tile_entry(sh->llvm);
}
