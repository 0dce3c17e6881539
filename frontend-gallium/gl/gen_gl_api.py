#!/usr/bin/env python3
"""Generates swr's OpenGL API from the Khronos registry (gl.xml).

Outputs (into the directory given by --out):
  gl_api.h    GL types, every GL enum, prototypes of the exported gl* entry
              points.  swr's GL frontend and its GL client programs (tests,
              benchmarks) include it instead of a system <GL/gl.h>.
  gl_impl.h   one prototype per implementation function:
              RET swrgl_<Name without gl>(struct gl_context *ctx, <params>),
              e.g. swrgl_BindBuffer.
              Extension aliases (glBindBufferARB) share the core function.
  gl_entry.c  the exported entry points (look up the thread's current
              context, call swrgl_Name), a weak swrgl_Name for every command
              that reports "not implemented" (GL_INVALID_OPERATION) until a
              real one exists, and the sorted name table behind
              GetProcAddress; each entry point's display-list and immediate-mode
              check (below, "display lists and immediate mode").
  gl_list_replay.c  swrgl_list_replay: a recorded command replayed through
              its entry point (built into the dlist part).
  gl_exports.txt  the exported gl* names, sorted, one a line: the list the
              library's dynamic symbol table must match (test_osmesa_exports).

Which commands: every command of GL_VERSION_1_0 .. GL_VERSION_3_3 plus the
extensions in EXTENSIONS.  Enums: every enum of the "gl" API.
"""
import argparse
import os
import re
import xml.etree.ElementTree as ET

LAST_VERSION = (3, 3)
EXTENSIONS = [
    "GL_ARB_framebuffer_object",
    "GL_ARB_vertex_array_object",
    "GL_ARB_map_buffer_range",
    "GL_ARB_draw_instanced",
    "GL_ARB_instanced_arrays",
    "GL_ARB_vertex_buffer_object",
    "GL_ARB_multitexture",
    "GL_ARB_occlusion_query",
    "GL_ARB_texture_compression",
    "GL_ARB_timer_query",
    "GL_EXT_framebuffer_object",
    "GL_EXT_framebuffer_blit",
    "GL_EXT_blend_equation_separate",
    "GL_EXT_blend_func_separate",
    "GL_EXT_blend_color",
    "GL_EXT_blend_minmax",
    "GL_EXT_texture3D",
    "GL_EXT_draw_instanced",
    "GL_EXT_gpu_shader4",
    "GL_EXT_texture_integer",
    "GL_EXT_texture_array",
    "GL_EXT_timer_query",
    "GL_EXT_draw_buffers2",
    "GL_ARB_shader_objects",
    "GL_ARB_vertex_shader",
    "GL_EXT_stencil_two_side",
    # suffixed names of GL 1.3-2.0 core commands (gl.xml aliases them to
    # the core ones, so they share the core implementations)
    "GL_ARB_window_pos",
    "GL_ARB_point_parameters",
    "GL_ARB_transpose_matrix",
    "GL_ARB_draw_buffers",
    "GL_EXT_secondary_color",
    "GL_EXT_fog_coord",
]

# EXT entry points that gl.xml does not alias to their core form (the EXT
# versions also accept names that were never generated, which the core
# implementations allow anyway in a compatibility context).
EXTRA_ALIASES = {
    "glBindFramebufferEXT": "glBindFramebuffer",
    "glBindRenderbufferEXT": "glBindRenderbuffer",
    # GLhandleARB is GLuint here, so the ARB query is the core one.
    "glGetAttachedObjectsARB": "glGetAttachedShaders",
}

TYPES = """\
#include <stddef.h>
#include <stdint.h>

typedef unsigned int GLenum;
typedef unsigned char GLboolean;
typedef unsigned int GLbitfield;
typedef void GLvoid;
typedef int8_t GLbyte;
typedef uint8_t GLubyte;
typedef int16_t GLshort;
typedef uint16_t GLushort;
typedef int GLint;
typedef unsigned int GLuint;
typedef int32_t GLclampx;
typedef int GLsizei;
typedef float GLfloat;
typedef float GLclampf;
typedef double GLdouble;
typedef double GLclampd;
typedef char GLchar;
typedef char GLcharARB;
typedef unsigned int GLhandleARB;
typedef uint16_t GLhalf;
typedef uint16_t GLhalfARB;
typedef int32_t GLfixed;
typedef intptr_t GLintptr;
typedef intptr_t GLintptrARB;
typedef ptrdiff_t GLsizeiptr;
typedef ptrdiff_t GLsizeiptrARB;
typedef int64_t GLint64;
typedef int64_t GLint64EXT;
typedef uint64_t GLuint64;
typedef uint64_t GLuint64EXT;
typedef struct __GLsync *GLsync;
typedef void (*GLDEBUGPROC)(GLenum source, GLenum type, GLuint id, GLenum severity,
                            GLsizei length, const GLchar *message, const void *userParam);
"""


def text_of(elem):
    """The C text of a <proto> or <param>, with tags removed."""
    return "".join(elem.itertext()).strip()


def parse(path):
    root = ET.parse(path).getroot()
    enums = {}
    for group in root.findall("enums"):
        for e in group.findall("enum"):
            api = e.get("api")
            if api not in (None, "gl"):
                continue
            name = e.get("name")
            if name not in enums:
                enums[name] = (e.get("value"), e.get("type", ""))
    commands = {}
    for c in root.find("commands").findall("command"):
        proto = c.find("proto")
        name = proto.find("name").text
        ret = text_of(proto)[: -len(name)].strip()
        params = []
        for p in c.findall("param"):
            if p.get("api") not in (None, "gl"):
                continue
            params.append((text_of(p), p.find("name").text, p.get("len")))
        alias = c.find("alias")
        alias_name = alias.get("name") if alias is not None else EXTRA_ALIASES.get(name)
        commands[name] = (ret, params, alias_name)
    wanted = []
    for f in root.findall("feature"):
        if f.get("api") != "gl":
            continue
        major, minor = (int(x) for x in f.get("number").split("."))
        if (major, minor) > LAST_VERSION:
            continue
        for req in f.findall("require"):
            for c in req.findall("command"):
                wanted.append(c.get("name"))
    for ext in root.find("extensions").findall("extension"):
        if ext.get("name") not in EXTENSIONS:
            continue
        for req in ext.findall("require"):
            if req.get("api") not in (None, "gl"):
                continue
            for c in req.findall("command"):
                wanted.append(c.get("name"))
    seen = set()
    ordered = []
    for n in wanted:
        if n not in seen:
            seen.add(n)
            ordered.append(n)
    # What the core profile removed (GL 3.2, <remove profile="core">): in a
    # core context those entry points record GL_INVALID_OPERATION.
    global CORE_REMOVED
    for f in root.findall("feature"):
        if f.get("api") != "gl":
            continue
        for rem in f.findall("remove"):
            if rem.get("profile") == "core":
                CORE_REMOVED.update(c.get("name") for c in rem.findall("command"))
    return enums, commands, ordered


CORE_REMOVED = set()


def impl_name(name, commands, exported):
    """The implementation an entry point calls: its alias if that is exported too."""
    alias = commands[name][2]
    if alias and alias in exported:
        return impl_name(alias, commands, exported)
    return name


def enum_value(value, kind):
    if kind == "ull":
        return value + "ull"
    if kind == "u":
        return value + "u"
    v = int(value, 0)
    if v < 0:
        return "(%s)" % value
    return value + ("u" if v > 0x7FFFFFFF else "")


# ---- display lists and immediate mode ------------------------------------
#
# Every entry point starts with one check of ctx->hook_bits (gl_common.h):
# while a display list is being compiled (SWRGL_HOOK_LIST) a listable
# command is recorded (swrgl_record_<Name>: its arguments and the data its
# pointers designate, copied at compile time as GL 2.1 section 5.4
# requires) and, in GL_COMPILE mode (SWRGL_HOOK_LIST_ONLY), not executed;
# while immediate mode is inside glBegin/glEnd or has vertices batched
# (SWRGL_HOOK_IMMEDIATE) every command except the per-vertex ones calls
# ctx->immediate_hook first, which flushes the batch or refuses the command
# (GL_INVALID_OPERATION inside glBegin/glEnd). gl_list_replay.c replays a
# recorded command through the exported entry point.

# Commands that may appear between glBegin and glEnd and leave the batch
# alone (GL 2.1 section 2.6.3; GL 3.3 adds the packed P forms). Begin and
# End are immediate mode's own.
PER_VERTEX = re.compile(r"^(Vertex[234]|Color[34]|SecondaryColor3|Normal3|TexCoord[1-4]|"
                        r"MultiTexCoord[1-4]|FogCoord[df]|VertexAttribI?[1-4]|EdgeFlag$|EdgeFlagv$|"
                        r"Index(d|f|i|s|ub)v?$|ArrayElement$|EvalCoord|EvalPoint|Begin$|End$|"
                        r"(Vertex|Color|SecondaryColor|Normal|TexCoord|MultiTexCoord|VertexAttrib)"
                        r"P[1-4]uiv?$)")
# Allowed between glBegin and glEnd, but a change outside a primitive ends
# the batch: materials, and calling a list.
INSIDE_OK = re.compile(r"^(Material[fi]v?$|CallLists?$)")

# GL 2.1 section 5.4 (and the extensions' equivalents): executed
# immediately, never compiled into a list. Commands that return a value or
# write through a pointer are never compiled either.
NOT_LISTED = set("""
IsList GenLists DeleteLists NewList EndList FeedbackBuffer SelectBuffer RenderMode
ClientActiveTexture InterleavedArrays EnableClientState DisableClientState
EnableVertexAttribArray DisableVertexAttribArray PushClientAttrib PopClientAttrib
ReadPixels PixelStoref PixelStorei BindBuffer BufferData BufferSubData MapBuffer
UnmapBuffer MapBufferRange FlushMappedBufferRange AttachShader DetachShader
BindAttribLocation CompileShader ShaderSource LinkProgram ValidateProgram Finish Flush
BindVertexArray BindFragDataLocation TransformFeedbackVaryings BindBufferBase
BindBufferRange VertexAttribDivisor VertexAttribDivisorARB
""".split())
# Listable commands that record themselves (their part checks
# SWRGL_HOOK_LIST and records a SWRGL_OP_CALLBACK entry whose function
# replays it): images the part unpacks at compile time as GL 2.1 section
# 5.4 requires, which the generic recording cannot size or unpack
# (pixeldraw/: glBitmap, glDrawPixels).
SELF_LISTED = set("""
Bitmap DrawPixels
""".split())
NOT_LISTED_RE = re.compile(r"^(Gen|Delete|Is|Get|Are|Create|Check)[A-Z]|Pointer|Framebuffer|Renderbuffer")


def c_base_type(decl, name):
    """The pointed-to C type of a pointer parameter ("const GLfloat *v" -> GLfloat)."""
    t = decl[: decl.rfind(name)].replace("const", "").replace("*", "").strip()
    return t


def list_plan(cname, ret, params):
    """How a command is compiled into a display list: None when it is not
    listable; "unrecordable" when it is but its data cannot be sized here
    (images; executed immediately with a note); else a list of
    (param name, kind, C type, element-count expression) with kind
    "scalar" or "array"."""
    short = cname[2:]
    if short in SELF_LISTED:
        return "self"
    if short in NOT_LISTED or (NOT_LISTED_RE.search(short) and short != "BlitFramebuffer"):
        return None
    if ret != "void":
        return None
    plan = []
    for decl, pname, length in params:
        if "*" not in decl:
            plan.append((pname, "scalar", decl[: decl.rfind(pname)].strip(), None))
            continue
        if "const" not in decl or decl.count("*") > 1:
            return None if "const" not in decl else "unrecordable"
        base = c_base_type(decl, pname)
        names = [q[1] for q in params]
        if short in ("Map1f", "Map1d") and pname == "points":
            length = "swrgl_map_values(target, stride, order, 0, 1)"
        elif short in ("Map2f", "Map2d") and pname == "points":
            length = "swrgl_map_values(target, ustride, uorder, vstride, vorder)"
        if length is None:
            return "unrecordable"
        if length.startswith("swrgl_map_values("):
            count = length
        elif re.fullmatch(r"\d+", length):
            count = length
        elif length == "COMPSIZE(pname)" and "pname" in names:
            count = "swrgl_pname_values(pname)"
        elif short == "CallLists" and pname == "lists":
            count = "swrgl_list_names_bytes(n, type)"
            base = "GLubyte"
        else:
            m = re.fullmatch(r"(\w+)(\*(\d+))?", length)
            if not m or m.group(1) not in names:
                return "unrecordable"
            k = m.group(3) or "1"
            count = "(%s > 0 ? (size_t)%s * %s : 0)" % (m.group(1), m.group(1), k)
        if base == "void":
            base = "GLubyte"
        plan.append((pname, "array", base, count))
    return plan


def emit_list_code(impls, commands):
    """(gl_impl.h lines, gl_entry.c record functions, gl_list_replay.c text, plans)."""
    header = ["/* ---- display lists (see gen_gl_api.py) ---- */", "",
              "/* Elements of a COMPSIZE(pname) parameter (glLightfv ...): gl_common.c. */",
              "unsigned swrgl_pname_values(GLenum pname);",
              "/* Elements glMap1/glMap2 read from their points (0 when invalid): gl_common.c. */",
              "size_t swrgl_map_values(GLenum target, GLint ustride, GLint uorder, GLint vstride, GLint vorder);",
              "/* Bytes of glCallLists' names: gl_common.c. */",
              "size_t swrgl_list_names_bytes(GLsizei n, GLenum type);",
              "/* A listable command whose data is not recorded (images): executed",
              " * immediately, said once on stderr; gl_common.c. */",
              "void swrgl_list_not_compiled(struct gl_context *ctx, const char *name);",
              "/* Replays one recorded command (gl_list_replay.c, built into dlist/). */",
              "void swrgl_list_replay(unsigned op, const void *args);", "",
              "/* A command that records itself (SELF_LISTED): its part writes this",
              " * header with list_record(ctx, SWRGL_OP_CALLBACK, bytes) and its data",
              " * after it (at SWRGL_CALLBACK_DATA bytes); the replay calls fn with the",
              " * calling thread's context and the data. */",
              "struct swrgl_args_callback {",
              "    void (*fn)(struct gl_context *ctx, const void *data);",
              "};",
              "#define SWRGL_CALLBACK_DATA ((sizeof(struct swrgl_args_callback) + 7) & ~(size_t)7)", "",
              "enum swrgl_list_op {", "    SWRGL_OP_NONE,", "    SWRGL_OP_CALLBACK,"]
    plans = {}
    for name in impls:
        ret, params, _ = commands[name]
        plans[name] = list_plan(name, ret, params)
        if isinstance(plans[name], list):
            header.append("    SWRGL_OP_%s," % name[2:])
    header += ["    SWRGL_OP_COUNT", "};", ""]
    record = []
    replay = ["/* Generated by frontend-gallium/gl/gen_gl_api.py from gl.xml. Do not edit. */",
              "#include <stdint.h>", "", '#include "gl_impl.h"', "",
              "void swrgl_list_replay(unsigned op, const void *args)", "{",
              "    const uint8_t *base = args;", "    (void)base;", "    switch (op) {",
              "    case SWRGL_OP_CALLBACK: {",
              "        const struct swrgl_args_callback *a = args;",
              "        a->fn(swrgl_current_ctx, base + SWRGL_CALLBACK_DATA);",
              "        break;",
              "    }"]
    for name in impls:
        plan = plans[name]
        if not isinstance(plan, list):
            continue
        short = name[2:]
        fields = []
        for pname, kind, ctype, _ in plan:
            if kind == "scalar":
                fields.append("    %s %s;" % (ctype, pname))
            else:
                fields.append("    uint32_t %s_off; /* 0: NULL */" % pname)
        if not fields:
            fields.append("    char unused;")
        header.append("struct swrgl_args_%s {\n%s\n};" % (short, "\n".join(fields)))
        ret, params, _ = commands[name]
        decl = ", ".join(["struct gl_context *ctx"] + [q[0] for q in params])
        body = ["static int swrgl_record_%s(%s)" % (short, decl), "{",
                "    size_t swrgl_at_ = (sizeof(struct swrgl_args_%s) + 7) & ~(size_t)7;" % short]
        for pname, kind, ctype, count in plan:
            if kind == "array":
                body.append("    size_t %s_bytes = %s ? (size_t)(%s) * sizeof(%s) : 0;"
                            % (pname, pname, count, ctype))
                body.append("    size_t %s_at = swrgl_at_;" % pname)
                body.append("    swrgl_at_ += (%s_bytes + 7) & ~(size_t)7;" % pname)
        body.append("    uint8_t *swrgl_m_ = ctx->list_record(ctx, SWRGL_OP_%s, swrgl_at_);" % short)
        body.append("    if (!swrgl_m_)")
        body.append("        return (ctx->hook_bits & SWRGL_HOOK_LIST_ONLY) != 0;")
        body.append("    struct swrgl_args_%s *swrgl_a_ = (struct swrgl_args_%s *)swrgl_m_;" % (short, short))
        for pname, kind, ctype, count in plan:
            if kind == "scalar":
                body.append("    swrgl_a_->%s = %s;" % (pname, pname))
            else:
                body.append("    swrgl_a_->%s_off = %s ? (uint32_t)%s_at : 0;" % (pname, pname, pname))
                body.append("    if (%s_bytes)" % pname)
                body.append("        memcpy(swrgl_m_ + %s_at, %s, %s_bytes);" % (pname, pname, pname))
        body.append("    (void)swrgl_a_;")
        body.append("    return (ctx->hook_bits & SWRGL_HOOK_LIST_ONLY) != 0;")
        body.append("}")
        record.append("\n".join(body) + "\n")
        args = []
        for pname, kind, ctype, _ in plan:
            if kind == "scalar":
                args.append("a->%s" % pname)
            else:
                args.append("a->%s_off ? (const %s *)(base + a->%s_off) : NULL" % (pname, ctype, pname))
        replay.append("    case SWRGL_OP_%s: {" % short)
        replay.append("        const struct swrgl_args_%s *a = args;" % short)
        replay.append("        (void)a;")
        replay.append("        %s(%s);" % (name, ", ".join(args)))
        replay.append("        break;")
        replay.append("    }")
    replay += ["    default:", "        break;", "    }", "}", ""]
    return header, record, "\n".join(replay), plans


def hook_class(short):
    """0: per-vertex (no immediate hook); 1: allowed inside glBegin/glEnd;
    2: not allowed inside glBegin/glEnd."""
    if PER_VERTEX.match(short):
        return 0
    if INSIDE_OK.match(short):
        return 1
    return 2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xml", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    enums, commands, exported = parse(args.xml)
    exported_set = set(exported)
    os.makedirs(args.out, exist_ok=True)

    def params_decl(params):
        return ", ".join(p[0] for p in params) if params else "void"

    def params_call(params):
        return ", ".join(p[1] for p in params)

    # gl_api.h
    lines = ["/* Generated by frontend-gallium/gl/gen_gl_api.py from gl.xml. Do not edit. */",
             "#ifndef SWR_GL_API_H", "#define SWR_GL_API_H", "", TYPES,
             "#ifdef __cplusplus", 'extern "C" {', "#endif", ""]
    for name, (value, kind) in enums.items():
        lines.append("#define %s %s" % (name, enum_value(value, kind)))
    lines.append("")
    for name in exported:
        ret, params, _ = commands[name]
        lines.append("%s %s(%s);" % (ret, name, params_decl(params)))
        lines.append("typedef %s (*PFN%sPROC)(%s);" % (ret, name.upper(), params_decl(params)))
    lines += ["", "#ifdef __cplusplus", "}", "#endif", "#endif", ""]
    with open(os.path.join(args.out, "gl_api.h"), "w") as f:
        f.write("\n".join(lines))

    # gl_impl.h
    impls = []
    for name in exported:
        if impl_name(name, commands, exported_set) == name:
            impls.append(name)
    lines = ["/* Generated by frontend-gallium/gl/gen_gl_api.py from gl.xml. Do not edit. */",
             "#ifndef SWR_GL_IMPL_H", "#define SWR_GL_IMPL_H", "",
             '#include "gl_api.h"', "",
             "struct gl_context;", "",
             "/* The calling thread's current context (NULL when none). */",
             "extern _Thread_local struct gl_context *swrgl_current_ctx;", "",
             "/* Called by the weak default of every command that has no implementation yet:",
             " * records GL_INVALID_OPERATION and says so on stderr once per context and",
             " * command; `index` (< SWRGL_IMPL_COUNT) numbers the command. */",
             "void swrgl_unimplemented(struct gl_context *ctx, unsigned index, const char *name);", "",
             "/* The number of implementation functions (swrgl_*) below. */",
             "#define SWRGL_IMPL_COUNT %d" % len(impls), "",
             "/* GetProcAddress: the entry point called `name`, or NULL. */",
             "void (*swrgl_get_proc_address(const char *name))(void);", ""]
    for name in impls:
        ret, params, _ = commands[name]
        p = ", ".join(["struct gl_context *ctx"] + [q[0] for q in params])
        lines.append("%s swrgl_%s(%s);" % (ret, name[2:], p))
    list_header, list_record, list_replay, plans = emit_list_code(impls, commands)
    lines += [""] + list_header
    lines += ["", "#endif", ""]
    with open(os.path.join(args.out, "gl_impl.h"), "w") as f:
        f.write("\n".join(lines))

    # gl_entry.c
    lines = ["/* Generated by frontend-gallium/gl/gen_gl_api.py from gl.xml. Do not edit. */",
             "#include <string.h>", "", '#include "frontend-gallium/gl/common/gl_common.h"', "",
             "#define SWR_GL_EXPORT __attribute__((visibility(\"default\")))", ""]
    lines += list_record
    for index, name in enumerate(impls):
        ret, params, _ = commands[name]
        p = ", ".join(["struct gl_context *ctx"] + [q[0] for q in params])
        body = "swrgl_unimplemented(ctx, %du, \"%s\");" % (index, name)
        if ret != "void":
            body += " return (%s)0;" % ret
        lines.append("__attribute__((weak)) %s swrgl_%s(%s)\n{\n    %s\n}\n" % (ret, name[2:], p, body))
    for name in exported:
        ret, params, _ = commands[name]
        target = impl_name(name, commands, exported_set)
        call = "swrgl_%s(%s)" % (target[2:], ", ".join(["ctx"] + [q[1] for q in params]))
        lines.append("SWR_GL_EXPORT %s %s(%s)\n{\n    struct gl_context *ctx = swrgl_current_ctx;"
                     % (ret, name, params_decl(params)))
        zero = "" if ret == "void" else " (%s)0" % ret
        lines.append("    if (!ctx)\n        return%s;" % zero)
        plan = plans.get(target)
        cls = hook_class(target[2:])
        checks = []
        if name in CORE_REMOVED or target in CORE_REMOVED:
            checks.append("        if (ctx->hook_bits & SWRGL_HOOK_CORE) {\n"
                          "            gl_error(ctx, GL_INVALID_OPERATION);\n"
                          "            return%s;\n        }" % zero)
        if isinstance(plan, list):
            rec = "swrgl_record_%s(%s)" % (target[2:], ", ".join(["ctx"] + [q[1] for q in params]))
            checks.append("        if ((ctx->hook_bits & SWRGL_HOOK_LIST) && %s)\n            return%s;"
                          % (rec, zero))
        elif plan == "unrecordable":
            checks.append("        if (ctx->hook_bits & SWRGL_HOOK_LIST)\n"
                          "            swrgl_list_not_compiled(ctx, \"%s\");" % name)
        if cls:
            checks.append("        if ((ctx->hook_bits & SWRGL_HOOK_IMMEDIATE) && !ctx->immediate_hook(ctx, %s))\n"
                          "            return%s;" % ("true" if cls == 1 else "false", zero))
        if checks:
            lines.append("    if (__builtin_expect(ctx->hook_bits != 0, 0)) {")
            lines += checks
            lines.append("    }")
        lines.append("    %s%s;\n}\n" % ("" if ret == "void" else "return ", call))
    lines.append("static const struct { const char *name; void (*fn)(void); } procs[] = {")
    for name in sorted(exported):
        lines.append('    {"%s", (void (*)(void))%s},' % (name, name))
    lines.append("};\n")
    lines.append("""void (*swrgl_get_proc_address(const char *name))(void)
{
    size_t lo = 0, hi = sizeof procs / sizeof procs[0];
    if (!name)
        return NULL;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(name, procs[mid].name);
        if (c == 0)
            return procs[mid].fn;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}
""")
    with open(os.path.join(args.out, "gl_entry.c"), "w") as f:
        f.write("\n".join(lines))
    with open(os.path.join(args.out, "gl_list_replay.c"), "w") as f:
        f.write(list_replay)

    # gl_exports.txt
    with open(os.path.join(args.out, "gl_exports.txt"), "w") as f:
        f.write("".join(name + "\n" for name in sorted(exported)))


if __name__ == "__main__":
    main()
