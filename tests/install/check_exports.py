#!/usr/bin/env python3
"""test_osmesa_exports, test_libgl_exports, test_glvnd_vendor_exports: the
dynamic symbols a library exports are exactly the ones it is meant to
export, and its soname is the promised one.

The expected set is built independently of the linker's version script
(osmesa.map, which only says "gl[A-Z]* and OSMesa*"): the gl* names the
GL frontend generates entry points for (gl_exports.txt, written by
gen_gl_api.py from gl.xml) and the OSMesa* functions declared in the
public header GL/osmesa.h. The actual set is what `nm -D --defined-only`
lists. Prints every missing and every extra symbol and exits 1 on any, or
when readelf's SONAME differs.

libGL.so.1 (--glx): the gl* list and every GLX 1.4 function (the list below,
from the GLX 1.4 specification, and glXGetProcAddressARB, which the Linux
OpenGL ABI requires) must be exported; further glX* exports are allowed
when the system's GL/glx.h or GL/glxext.h declares them (extensions).
The glvnd vendor (--only SYM...): exactly those symbols.

Usage: check_exports.py --lib LIB --soname NAME
         [--gl-exports FILE] [--header GL/osmesa.h] [--glx] [--only SYM ...]
"""
import argparse
import re
import subprocess
import sys

GLX_1_4 = """
glXChooseVisual glXCreateContext glXDestroyContext glXMakeCurrent glXCopyContext
glXSwapBuffers glXCreateGLXPixmap glXDestroyGLXPixmap glXQueryExtension glXQueryVersion
glXIsDirect glXGetConfig glXGetCurrentContext glXGetCurrentDrawable glXWaitGL glXWaitX
glXUseXFont glXQueryExtensionsString glXQueryServerString glXGetClientString
glXGetCurrentDisplay glXGetFBConfigs glXChooseFBConfig glXGetFBConfigAttrib
glXGetVisualFromFBConfig glXCreateWindow glXDestroyWindow glXCreatePixmap glXDestroyPixmap
glXCreatePbuffer glXDestroyPbuffer glXQueryDrawable glXCreateNewContext
glXMakeContextCurrent glXGetCurrentReadDrawable glXQueryContext glXSelectEvent
glXGetSelectedEvent glXGetProcAddress glXGetProcAddressARB
""".split()


def declared(path, prefix):
    try:
        text = open(path).read()
    except OSError:
        return set()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return set(re.findall(r"\b(" + prefix + r"[A-Za-z0-9]+)\s*\(", text))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--gl-exports")
    ap.add_argument("--header")
    ap.add_argument("--soname", required=True)
    ap.add_argument("--glx", action="store_true")
    ap.add_argument("--only", nargs="+")
    args = ap.parse_args()

    expected, allowed, osmesa = set(), set(), set()
    if args.gl_exports:
        expected = {line.strip() for line in open(args.gl_exports) if line.strip()}
    if args.header:
        osmesa = declared(args.header, "OSMesa")
        expected |= osmesa
    if args.glx:
        expected |= set(GLX_1_4)
        allowed = declared("/usr/include/GL/glx.h", "glX") | declared("/usr/include/GL/glxext.h", "glX")
    if args.only:
        expected = set(args.only)

    nm = subprocess.run(["nm", "-D", "--defined-only", args.lib], check=True,
                        capture_output=True, text=True).stdout
    actual = set()
    for line in nm.splitlines():
        parts = line.split()
        if len(parts) >= 3:
            actual.add(parts[2].split("@")[0])

    problems = 0
    for s in sorted(expected - actual):
        print("missing export:", s)
        problems += 1
    for s in sorted(actual - expected - allowed):
        print("unexpected export:", s)
        problems += 1

    dyn = subprocess.run(["readelf", "-d", args.lib], check=True, capture_output=True,
                         text=True).stdout
    m = re.search(r"\(SONAME\)\s+Library soname: \[(.*)\]", dyn)
    soname = m.group(1) if m else None
    if soname != args.soname:
        print("soname %r, expected %r" % (soname, args.soname))
        problems += 1
    print("%d exports expected (%d OSMesa*), %d exported, %d problems"
          % (len(expected), len(osmesa), len(actual), problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
