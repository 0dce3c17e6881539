/*
 * glsl_api.cpp: the C API of the GLSL path (swr_glsl.h).
 *
 * The objects behind the handles (glsl_priv.h) are plain C++ values:
 * sources, logs, TGSI text, reflection arrays whose name pointers point
 * into the program's own strings. This file checks arguments, keeps the
 * sources, stands in a fixed-function stage for a missing one (GL 2.1
 * section 2.15: a program with only a vertex or only a fragment shader
 * links), catches every exception of the link (Unsupported becomes
 * "ERROR: 0:LINE: unsupported: ...", anything else "internal") so that none
 * reaches C, and answers the reflection queries. The work is glsl_link.cpp's;
 * no glslang type is named here.
 */
#include "frontend-gallium/glsl/glsl_priv.h"

#include <exception>
#include <functional>
#include <new>

#include <pthread.h>

extern "C" {
#include "tgsi/tgsi.h"
}

namespace {

/* glslang's tree walks and the code generator recurse once per nesting
 * level of an expression: 100,000 chained terms need ~75,000 frames, more
 * than the 8 MiB of a usual thread. Compile and link run on a thread of
 * their own with a 256 MiB stack (reserved, touched only as deep as a
 * shader needs) and a guard page; one thread per call, joined before the
 * call returns, so concurrent callers need no queue. */
#if defined(__SANITIZE_ADDRESS__)
/* ASan's frames (redzones, no inlining) are several times larger */
constexpr size_t BIG_STACK_BYTES = size_t(2048) << 20;
#else
constexpr size_t BIG_STACK_BYTES = size_t(256) << 20;
#endif

void *run_fn(void *p)
{
    (*static_cast<const std::function<void()> *>(p))();
    return nullptr;
}

/* Runs fn (which must not throw) on a big stack; on the calling thread if no
 * thread can be made. */
void on_big_stack(const std::function<void()> &fn)
{
    pthread_attr_t a;
    pthread_t t;
    bool made = pthread_attr_init(&a) == 0;
    if (made) {
        made = pthread_attr_setstacksize(&a, BIG_STACK_BYTES) == 0 &&
               pthread_attr_setguardsize(&a, 65536) == 0 &&
               pthread_create(&t, &a, run_fn, const_cast<std::function<void()> *>(&fn)) == 0;
        pthread_attr_destroy(&a);
    }
    if (made)
        pthread_join(t, nullptr);
    else
        fn();
}

/* swr_glsl_link_xfb hands its names to the swr_glsl_link_ex it calls
 * through this (the thread's own, so links on other threads never see it). */
thread_local const std::vector<std::string> *t_xfb_names = nullptr;
thread_local bool t_xfb_separate = false;

void xfb_take_request(swr_glsl_program *p)
{
    if (!t_xfb_names)
        return;
    p->xfb_request = *t_xfb_names;
    p->xfb_separate = t_xfb_separate;
    t_xfb_names = nullptr;
}

} // namespace

extern "C" {

bool swr_glsl_init(void) { return glsl::process_init(); }
void swr_glsl_fini(void) { glsl::process_fini(); }

swr_glsl_shader *swr_glsl_compile(swr_glsl_stage stage, int count, const char *const *strings,
                                  const int *lengths)
{
    return swr_glsl_compile_ex(stage, count, strings, lengths, 0);
}

swr_glsl_shader *swr_glsl_compile_ex(swr_glsl_stage stage, int count, const char *const *strings,
                                     const int *lengths, int max_version)
{
    swr_glsl_shader *s = new (std::nothrow) swr_glsl_shader;
    if (!s)
        return nullptr;
    s->stage = stage == SWR_GLSL_FRAGMENT || stage == SWR_GLSL_GEOMETRY ? stage : SWR_GLSL_VERTEX;
    s->max_version = max_version;
    for (int i = 0; i < count && strings; i++) {
        const char *p = strings[i];
        if (!p)
            p = "";
        if (lengths && lengths[i] >= 0)
            s->sources.emplace_back(p, (size_t)lengths[i]);
        else
            s->sources.emplace_back(p);
    }
    if (stage != SWR_GLSL_VERTEX && stage != SWR_GLSL_FRAGMENT && stage != SWR_GLSL_GEOMETRY) {
        s->log = "ERROR: 0:0: unsupported shader stage\n";
        return s;
    }
    on_big_stack([s] {
        try {
            glsl::compile_shader(s);
        } catch (const std::exception &e) {
            s->log += std::string("ERROR: 0:0: internal: ") + e.what() + "\n";
            s->ok = false;
        }
    });
    if (!s->ok && s->log.find("ERROR") == std::string::npos)
        s->log += "ERROR: 0:0: compilation failed\n";
    return s;
}

bool swr_glsl_shader_ok(const swr_glsl_shader *s) { return s && s->ok; }
const char *swr_glsl_shader_log(const swr_glsl_shader *s) { return s ? s->log.c_str() : ""; }
void swr_glsl_shader_destroy(swr_glsl_shader *s) { delete s; }
swr_glsl_stage swr_glsl_shader_stage(const swr_glsl_shader *s) { return s->stage; }

swr_glsl_program *swr_glsl_link(swr_glsl_shader *const *shaders, int count,
                                const swr_glsl_attrib_binding *bindings, int nbindings)
{
    return swr_glsl_link_ex(shaders, count, bindings, nbindings, nullptr, 0);
}

swr_glsl_program *swr_glsl_link_ex(swr_glsl_shader *const *shaders, int count,
                                   const swr_glsl_attrib_binding *bindings, int nbindings,
                                   const swr_glsl_attrib_binding *frag_bindings, int nfrag)
{
    swr_glsl_program *p = new (std::nothrow) swr_glsl_program;
    if (!p)
        return nullptr;
    xfb_take_request(p);
    if (!shaders || count < 0)
        count = 0;
    if (!bindings || nbindings < 0)
        nbindings = 0;
    if (!frag_bindings || nfrag < 0)
        nfrag = 0;
    /* A program with one stage runs the other with fixed-function processing
     * (GL 2.1 section 2.15). This library has no matrix stack or texture
     * environment yet, so that is the identity transform with the colours and
     * texture coordinates passed through, and a fragment stage that writes the
     * interpolated primary colour. */
    static const char *const FIXED_VS =
        "#version 110\n"
        "void main() {\n"
        "  gl_Position = gl_Vertex;\n"
        "  gl_FrontColor = gl_Color; gl_BackColor = gl_Color;\n"
        "  gl_FrontSecondaryColor = gl_SecondaryColor; gl_BackSecondaryColor = gl_SecondaryColor;\n"
        "  gl_TexCoord[0] = gl_MultiTexCoord0; gl_TexCoord[1] = gl_MultiTexCoord1;\n"
        "  gl_TexCoord[2] = gl_MultiTexCoord2; gl_TexCoord[3] = gl_MultiTexCoord3;\n"
        "  gl_FogFragCoord = gl_FogCoord;\n"
        "}\n";
    static const char *const FIXED_FS = "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n";
    bool has[SWR_GLSL_NUM_STAGES] = {false, false, false};
    for (int i = 0; i < count; i++)
        if (shaders[i])
            has[shaders[i]->stage] = true;
    std::vector<swr_glsl_shader *> all(shaders, shaders + count);
    swr_glsl_shader *fixed = nullptr;
    /* (a geometry shader without a vertex shader is a link error, GL 3.2
     * section 2.12: no stand-in VS for it) */
    if (count > 0 && has[SWR_GLSL_VERTEX] != has[SWR_GLSL_FRAGMENT] &&
        !(has[SWR_GLSL_GEOMETRY] && !has[SWR_GLSL_VERTEX])) {
        swr_glsl_stage st = has[SWR_GLSL_VERTEX] ? SWR_GLSL_FRAGMENT : SWR_GLSL_VERTEX;
        const char *src = st == SWR_GLSL_VERTEX ? FIXED_VS : FIXED_FS;
        fixed = swr_glsl_compile(st, 1, &src, nullptr);
        if (fixed)
            all.push_back(fixed);
    }
    on_big_stack([&] {
        try {
            glsl::link_program(p, all.data(), (int)all.size(), bindings, nbindings, frag_bindings,
                               nfrag);
        } catch (const glsl::Unsupported &u) {
            p->log += "ERROR: 0:" + std::to_string(u.line) + ": unsupported: " + u.what + "\n";
            p->ok = false;
        } catch (const std::exception &e) {
            p->log += std::string("ERROR: 0:0: internal: ") + e.what() + "\n";
            p->ok = false;
        }
    });
    if (fixed)
        swr_glsl_shader_destroy(fixed);
    if (!p->ok) {
        for (std::string &t : p->tgsi)
            t.clear();
        p->has_gs = false;
        p->attribs.clear();
        p->attrib_names.clear();
        p->uniforms.clear();
        p->uniform_names.clear();
        p->const_init.clear();
        p->frag_outputs.clear();
        p->frag_names.clear();
    } else {
        for (size_t i = 0; i < p->frag_outputs.size(); i++)
            p->frag_outputs[i].name = p->frag_names[i].c_str();
        for (size_t i = 0; i < p->attribs.size(); i++)
            p->attribs[i].name = p->attrib_names[i].c_str();
        for (size_t i = 0; i < p->uniforms.size(); i++)
            p->uniforms[i].name = p->uniform_names[i].c_str();
    }
    return p;
}

bool swr_glsl_program_ok(const swr_glsl_program *p) { return p && p->ok; }

bool swr_glsl_program_gs_info(const swr_glsl_program *p, unsigned *input_type, unsigned *output_type,
                              unsigned *vertices_out)
{
    if (!p || !p->ok || !p->has_gs)
        return false;
    if (input_type)
        *input_type = p->gs_input;
    if (output_type)
        *output_type = p->gs_output;
    if (vertices_out)
        *vertices_out = p->gs_vertices;
    return true;
}
const char *swr_glsl_program_log(const swr_glsl_program *p) { return p ? p->log.c_str() : ""; }
void swr_glsl_program_destroy(swr_glsl_program *p) { delete p; }

const char *swr_glsl_program_tgsi(const swr_glsl_program *p, swr_glsl_stage stage)
{
    if (!p || !p->ok || (stage != SWR_GLSL_VERTEX && stage != SWR_GLSL_FRAGMENT && stage != SWR_GLSL_GEOMETRY) ||
        (stage == SWR_GLSL_GEOMETRY && !p->has_gs))
        return nullptr;
    return p->tgsi[stage].c_str();
}

int swr_glsl_num_attribs(const swr_glsl_program *p)
{
    return p && p->ok ? (int)p->attribs.size() : 0;
}
const swr_glsl_attrib *swr_glsl_get_attrib(const swr_glsl_program *p, int i)
{
    if (!p || i < 0 || i >= (int)p->attribs.size())
        return nullptr;
    return &p->attribs[i];
}
int swr_glsl_num_uniforms(const swr_glsl_program *p)
{
    return p && p->ok ? (int)p->uniforms.size() : 0;
}
const swr_glsl_uniform *swr_glsl_get_uniform(const swr_glsl_program *p, int i)
{
    if (!p || i < 0 || i >= (int)p->uniforms.size())
        return nullptr;
    return &p->uniforms[i];
}
/* Uniform blocks: filled by the link (glsl_link.cpp), one entry per block
 * array element; the names and active-uniform lists live beside them. */
int swr_glsl_num_uniform_blocks(const swr_glsl_program *p)
{
    return p && p->ok ? (int)p->blocks.size() : 0;
}
const swr_glsl_uniform_block *swr_glsl_get_uniform_block(const swr_glsl_program *p, int i)
{
    if (!p || !p->ok || i < 0 || i >= (int)p->blocks.size())
        return nullptr;
    swr_glsl_uniform_block *b = const_cast<swr_glsl_uniform_block *>(&p->blocks[i]);
    b->name = p->block_names[i].c_str();
    b->active_uniforms = p->block_active[i].data();
    return b;
}
bool swr_glsl_get_uniform_layout(const swr_glsl_program *p, int i, swr_glsl_uniform_layout *out)
{
    if (!p || !p->ok || !out || i < 0 || i >= (int)p->uniforms.size())
        return false;
    if (i < (int)p->layouts.size()) {
        *out = p->layouts[i];
        return true;
    }
    out->block_index = -1;
    out->offset = -1;
    out->array_stride = -1;
    out->matrix_stride = -1;
    out->row_major = false;
    return true;
}
unsigned swr_glsl_num_const_regs(const swr_glsl_program *p)
{
    return p && p->ok ? p->num_const_regs : 0;
}
const uint32_t *swr_glsl_const_init(const swr_glsl_program *p)
{
    return p && p->ok && !p->const_init.empty() ? p->const_init.data() : nullptr;
}
int swr_glsl_num_frag_outputs(const swr_glsl_program *p)
{
    return p && p->ok ? (int)p->frag_outputs.size() : 0;
}
const swr_glsl_frag_output *swr_glsl_get_frag_output(const swr_glsl_program *p, int i)
{
    if (!p || !p->ok || i < 0 || i >= (int)p->frag_outputs.size())
        return nullptr;
    return &p->frag_outputs[i];
}
unsigned swr_glsl_num_samplers(const swr_glsl_program *p)
{
    return p && p->ok ? (unsigned)p->sampler_targets.size() : 0;
}
unsigned swr_glsl_sampler_target(const swr_glsl_program *p, unsigned sampler)
{
    if (!p || sampler >= p->sampler_targets.size())
        return TGSI_TEXTURE_UNKNOWN;
    return p->sampler_targets[sampler];
}

swr_glsl_program *swr_glsl_link_xfb(swr_glsl_shader *const *shaders, int count,
                                    const swr_glsl_attrib_binding *bindings, int nbindings,
                                    const swr_glsl_attrib_binding *frag_bindings, int nfrag,
                                    const char *const *xfb_names, int nxfb, bool separate)
{
    std::vector<std::string> names;
    try {
        for (int i = 0; xfb_names && i < nxfb; i++)
            names.emplace_back(xfb_names[i] ? xfb_names[i] : "");
    } catch (const std::bad_alloc &) {
        return nullptr;
    }
    t_xfb_names = &names;
    t_xfb_separate = separate;
    swr_glsl_program *p = swr_glsl_link_ex(shaders, count, bindings, nbindings, frag_bindings, nfrag);
    t_xfb_names = nullptr;
    if (!p)
        return nullptr;
    if (!p->ok) {
        p->xfb_varyings.clear();
        p->xfb_outputs.clear();
    }
    for (size_t i = 0; i < p->xfb_varyings.size(); i++)
        p->xfb_varyings[i].name = p->xfb_request[i].c_str();
    return p;
}
int swr_glsl_num_xfb_varyings(const swr_glsl_program *p)
{
    return p && p->ok ? (int)p->xfb_varyings.size() : 0;
}
const swr_glsl_xfb_varying *swr_glsl_get_xfb_varying(const swr_glsl_program *p, int i)
{
    if (!p || !p->ok || i < 0 || i >= (int)p->xfb_varyings.size())
        return nullptr;
    return &p->xfb_varyings[i];
}
int swr_glsl_num_xfb_outputs(const swr_glsl_program *p)
{
    return p && p->ok ? (int)p->xfb_outputs.size() : 0;
}
const swr_glsl_xfb_output *swr_glsl_get_xfb_output(const swr_glsl_program *p, int i)
{
    if (!p || !p->ok || i < 0 || i >= (int)p->xfb_outputs.size())
        return nullptr;
    return &p->xfb_outputs[i];
}
unsigned swr_glsl_xfb_stride(const swr_glsl_program *p, unsigned buffer)
{
    return p && p->ok && buffer < 4 ? p->xfb_stride[buffer] : 0;
}

} /* extern "C" */