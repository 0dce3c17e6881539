#!/usr/bin/env python3
"""test_gl_parts: the GL frontend's parts call only the parts they declare.

The build already refuses an include of a part the including part does not
link (each part's include root holds only its own folder). This test checks
what the compiler cannot see:

- every folder of frontend-gallium/gl/ that holds sources is a declared part
  (swr_gl_part in frontend-gallium/gl/CMakeLists.txt);
- each part's header (<part>/gl_<part>.h) has a "May call:" line naming
  exactly the parts the build declares for it, and so does the part list in
  context/gl_context.h;
- no file includes another part's <x>_priv.h (the folder is visible to
  every part that may call the part, the private header is not for them);
- a GL command (swrgl_<Name>) is called only from its own part or from a
  part that declares the defining one: the prototypes of every command are
  in the generated gl_impl.h, which every part includes.

Usage: check_gl_parts.py --gl-dir frontend-gallium/gl --parts gl_parts.txt
(gl_parts.txt, written by CMake: one "part: callee callee;callee" line per
part). Prints one line per problem and exits 1 when there is any.
"""
import argparse
import os
import re
import sys


def read_declared(path):
    parts = {}
    order = []
    with open(path) as f:
        for line in f:
            if ":" not in line:
                continue
            name, rest = line.split(":", 1)
            name = name.strip()
            parts[name] = set(x for x in re.split(r"[\s;]+", rest) if x)
            order.append(name)
    return parts, order


def parse_may_call(text):
    """The set a "May call: a, b." line names; None when there is none."""
    m = re.search(r"May call:\s*([^.]*)\.", text)
    if not m:
        return None
    names = [x.strip() for x in m.group(1).replace("\n", " ").replace("*", " ").split(",")]
    names = [x for x in names if x]
    if names == ["nothing"]:
        return set()
    return set(names)


def parse_part_list(text):
    """The part list of gl_context.h's essay: {part: may-call set}."""
    out = {}
    entry = None
    for line in text.splitlines():
        m = re.match(r"\s*\*\s{3}(\w+)/\s", line)
        if m:
            entry = m.group(1)
            continue
        if entry and line.strip() == "*":
            break  # the list ends at the first empty comment line after it
        if entry and entry not in out and "May call:" in line:
            # the line may wrap: take it and the comment lines up to the '.'
            out[entry] = line
            continue
        if entry in out and not out[entry].rstrip().endswith("."):
            out[entry] += " " + line
    return {k: parse_may_call(v) for k, v in out.items()}


def strip_comments(src):
    src = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), src, flags=re.S)
    return re.sub(r"//[^\n]*", "", src)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gl-dir", required=True)
    ap.add_argument("--parts", required=True)
    args = ap.parse_args()
    problems = []
    declared, order = read_declared(args.parts)
    if not declared:
        print("no parts declared in %s" % args.parts)
        return 1

    # Folders with sources are parts.
    files = {}  # part -> [(path, text)]
    for entry in sorted(os.listdir(args.gl_dir)):
        d = os.path.join(args.gl_dir, entry)
        if not os.path.isdir(d):
            continue
        srcs = sorted(f for f in os.listdir(d) if f.endswith((".c", ".h")))
        if not srcs:
            continue
        if entry not in declared:
            problems.append("%s/: a folder of sources that is not a declared part "
                            "(swr_gl_part in frontend-gallium/gl/CMakeLists.txt)" % entry)
            continue
        files[entry] = [(os.path.join(d, f), open(os.path.join(d, f)).read()) for f in srcs]
    for p in declared:
        for callee in declared[p]:
            if callee not in declared:
                problems.append("%s: declares an unknown part %s" % (p, callee))

    # "May call:" in each part's header and in the part list.
    for p in declared:
        header = os.path.join(args.gl_dir, p, "gl_%s.h" % p)
        if not os.path.exists(header):
            problems.append("%s: no header %s/gl_%s.h" % (p, p, p))
            continue
        text = open(header).read()
        if p == "context":
            listed = parse_part_list(text)
            for q in declared:
                if q not in listed:
                    problems.append("gl_context.h: part %s/ missing from the part list" % q)
                elif listed[q] != declared[q]:
                    problems.append("gl_context.h: part %s/ may call %s, the build declares %s"
                                    % (q, sorted(listed[q]), sorted(declared[q])))
            for q in listed:
                if q not in declared:
                    problems.append("gl_context.h: lists %s/, which the build does not declare" % q)
            continue
        said = parse_may_call(text)
        if said is None:
            problems.append("%s/gl_%s.h: no \"May call:\" line" % (p, p))
        elif said != declared[p]:
            problems.append("%s/gl_%s.h: may call %s, the build declares %s"
                            % (p, p, sorted(said), sorted(declared[p])))

    # Private headers stay in their part.
    inc = re.compile(r'#\s*include\s+"frontend-gallium/gl/(\w+)/(\w+_priv\.h)"')
    for p, fl in files.items():
        for path, text in fl:
            for m in inc.finditer(text):
                if m.group(1) != p:
                    problems.append("%s: includes %s/%s, private to the %s part"
                                    % (os.path.relpath(path, args.gl_dir), m.group(1),
                                       m.group(2), m.group(1)))

    # GL commands across parts.
    definition = re.compile(r"^[A-Za-z][^;{}()]*\bswrgl_(\w+)\(struct gl_context \*ctx", re.M)
    owner = {}
    for p, fl in files.items():
        for path, text in fl:
            if path.endswith(".c"):
                for m in definition.finditer(strip_comments(text)):
                    owner[m.group(1)] = p
    call = re.compile(r"\bswrgl_(\w+)\s*\(")
    for p, fl in files.items():
        for path, text in fl:
            if not path.endswith(".c"):
                continue
            src = strip_comments(text)
            defs = set(m.start(1) for m in definition.finditer(src))
            for m in call.finditer(src):
                if m.start(1) in defs:
                    continue
                q = owner.get(m.group(1))
                if q and q != p and q not in declared.get(p, ()):
                    line = src.count("\n", 0, m.start()) + 1
                    problems.append("%s:%d: calls swrgl_%s of the %s part, which %s may not call"
                                    % (os.path.relpath(path, args.gl_dir), line, m.group(1), q, p))

    for msg in problems:
        print(msg)
    print("test_gl_parts: %d parts, %d commands defined, %d problems"
          % (len(declared), len(owner), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
