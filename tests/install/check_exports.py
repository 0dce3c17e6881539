#!/usr/bin/env python3
"""test_osmesa_exports: the dynamic symbols a library exports are exactly
the ones it is meant to export, and its soname is the promised one.

The expected set is built independently of the linker's version script
(osmesa.map, which only says "gl[A-Z]* and OSMesa*"): the gl* names the
GL frontend generates entry points for (gl_exports.txt, written by
gen_gl_api.py from gl.xml) and the OSMesa* functions declared in the
public header GL/osmesa.h. The actual set is what `nm -D --defined-only`
lists. Prints every missing and every extra symbol and exits 1 on any, or
when readelf's SONAME differs.

Usage: check_exports.py --lib LIB --gl-exports FILE --header GL/osmesa.h --soname NAME
"""
import argparse
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--gl-exports", required=True)
    ap.add_argument("--header", required=True)
    ap.add_argument("--soname", required=True)
    args = ap.parse_args()

    expected = {line.strip() for line in open(args.gl_exports) if line.strip()}
    header = open(args.header).read()
    header = re.sub(r"/\*.*?\*/", "", header, flags=re.S)
    osmesa = set(re.findall(r"\b(OSMesa[A-Za-z]+)\s*\(", header))
    expected |= osmesa

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
    for s in sorted(actual - expected):
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
