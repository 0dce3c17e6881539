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
              GetProcAddress.
  gl_exports.txt  the exported gl* names, sorted, one a line: the list the
              library's dynamic symbol table must match (test_osmesa_exports).

Which commands: every command of GL_VERSION_1_0 .. GL_VERSION_3_0 plus the
extensions in EXTENSIONS.  Enums: every enum of the "gl" API.
"""
import argparse
import os
import re
import xml.etree.ElementTree as ET

LAST_VERSION = (3, 0)
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
            params.append((text_of(p), p.find("name").text))
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
    return enums, commands, ordered


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
    lines += ["", "#endif", ""]
    with open(os.path.join(args.out, "gl_impl.h"), "w") as f:
        f.write("\n".join(lines))

    # gl_entry.c
    lines = ["/* Generated by frontend-gallium/gl/gen_gl_api.py from gl.xml. Do not edit. */",
             "#include <string.h>", "", '#include "gl_impl.h"', "",
             "#define SWR_GL_EXPORT __attribute__((visibility(\"default\")))", ""]
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
        if ret == "void":
            lines.append("    if (ctx)\n        %s;\n}\n" % call)
        else:
            lines.append("    return ctx ? %s : (%s)0;\n}\n" % (call, ret))
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

    # gl_exports.txt
    with open(os.path.join(args.out, "gl_exports.txt"), "w") as f:
        f.write("".join(name + "\n" for name in sorted(exported)))


if __name__ == "__main__":
    main()
