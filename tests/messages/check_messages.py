#!/usr/bin/env python3
"""test_messages_prefix: every message swr's libraries print on stderr
starts with "swr:" (issue 22), so a user can tell swr's lines in a mixed
log.

Scans the C/C++ sources of the library folders (not tools/, demo/ or
tests/, whose programs speak in their own name) for fprintf(stderr, ...)
and perror(...) and checks that the format starts with
"swr" followed by ":" (a literal, or a prefix macro named *LOG_PREFIX such
as osmesa.c's LOG_PREFIX "swr: libOSMesa: " or glx_priv.h's GLX_LOG_PREFIX;
the check reads every such definition in the scanned folders first). Exempt, listed
in ALLOWED with the reason: the opt-in debugging dumps of compiled code
(SWR_JIT_DUMP, SWR_PREAMBLE_DUMP), whose text is a program listing.
Prints one line per offending call and exits 1 when there is any.

Usage: check_messages.py --source <repo>
"""
import argparse
import os
import re
import sys

LIBRARY_DIRS = ["common", "core", "rasterizer", "tgsi", "jitter", "threading", "knobs",
                "profiling", "frontend-gallium"]
# (file, start of the format): the LLVM module and TGSI listings that
# SWR_JIT_DUMP / SWR_PREAMBLE_DUMP ask for.
ALLOWED = {
    ("jitter/jit_llvm.c", '"%s\\n", ir'),
    ("jitter/jit_preamble.c", '"---- preamble'),
}
CALL = re.compile(r"\b(?:fprintf\s*\(\s*stderr\s*,|perror\s*\()\s*")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    args = ap.parse_args()
    bad = 0
    calls = 0
    sources = []
    for d in LIBRARY_DIRS:
        for root, _, files in os.walk(os.path.join(args.source, d)):
            for fn in sorted(files):
                if fn.endswith((".c", ".cc", ".cpp", ".h")):
                    sources.append(open(os.path.join(root, fn), errors="replace").read())
    prefixes = {}
    for text in sources:
        for name, value in re.findall(r'#define\s+(\w*LOG_PREFIX)\s+"([^"]*)"', text):
            prefixes[name] = value
    for d in LIBRARY_DIRS:
        for root, _, files in os.walk(os.path.join(args.source, d)):
            for fn in sorted(files):
                if not fn.endswith((".c", ".cc", ".cpp", ".h")):
                    continue
                path = os.path.join(root, fn)
                rel = os.path.relpath(path, args.source)
                text = open(path, errors="replace").read()
                for m in CALL.finditer(text):
                    calls += 1
                    arg = text[m.end():m.end() + 80]
                    ok = arg.startswith('"swr:')
                    macro = re.match(r"(\w*LOG_PREFIX)\b", arg)
                    if macro and prefixes.get(macro.group(1), "").startswith("swr:"):
                        ok = True
                    if any(rel == f and arg.startswith(a) for f, a in ALLOWED):
                        ok = True
                    if not ok:
                        line = text.count("\n", 0, m.start()) + 1
                        print("%s:%d: message without the swr: prefix: %s"
                              % (rel, line, arg.split("\n")[0]))
                        bad += 1
    print("%d stderr calls checked, %d without the prefix" % (calls, bad))
    return 1 if bad or calls == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
