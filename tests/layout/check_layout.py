#!/usr/bin/env python3
"""test_layout: the layout table of docs/development.md is the tree and the build's graph.

The build already refuses an include against the declared direction (each
part's include root holds only its own folder, cmake/swr_part.cmake). This
test checks that what docs/development.md tells a reader is what the build declares:

- every folder of the tree that holds C or C++ sources or headers is a row
  of the layout table of docs/development.md (folders inside frontend-gallium/gl/ are the
  GL frontend's parts, one row for all of them: test_gl_parts checks those;
  tests/ is one row);
- each row's "uses" column names exactly the folders whose targets the
  folder's targets link directly (swr_layout.txt, written by CMake at
  configure time from every part target's link list);
- the graph of folders has no cycle.

Usage: check_layout.py --source <repo> --layout <build>/swr_layout.txt
Prints one line per problem and exits 1 when there is any.
"""
import argparse
import os
import re
import sys

GL = "frontend-gallium/gl"
SOURCE_EXT = (".c", ".h", ".cc", ".cpp")
SKIP_TOP = {"tests", ".git", ".ci", "cmake", "scripts", "docs"}


def folder_of(path):
    """The layout row a source folder belongs to."""
    if path == GL or path.startswith(GL + "/"):
        return GL
    return path


def read_layout(path):
    """{folder: set(folders it uses)} from CMake's record."""
    target_folder = {}
    links = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            head, _, deps = line.partition(":")
            folder, target = head.split()
            target_folder[target] = folder_of(folder)
            links.append((folder_of(folder), deps.split()))
    # The GL frontend's collective targets and generated API header.
    target_folder.setdefault("swr_gl", GL)
    target_folder.setdefault("swr_gl_api", GL)
    graph = {}
    unknown = []
    for folder, deps in links:
        uses = graph.setdefault(folder, set())
        for d in deps:
            if d not in target_folder:
                unknown.append((folder, d))
                continue
            if target_folder[d] != folder:
                uses.add(target_folder[d])
    return graph, unknown


def read_readme(path):
    """{folder: set(folders) or None (any)} from the layout table."""
    rows = {}
    in_table = False
    with open(path) as f:
        for line in f:
            if line.startswith("| folder | part | target | uses"):
                in_table = True
                continue
            if in_table and not line.startswith("|"):
                break
            if not in_table or line.startswith("|---"):
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            folder = cells[0].strip("`").rstrip("/")
            uses = cells[-1]
            if uses == "any part":
                rows[folder] = None
            elif uses in ("–", "-", ""):
                rows[folder] = set()
            else:
                rows[folder] = set(m.rstrip("/") for m in re.findall(r"`([^`]+)`", uses))
    return rows


def source_folders(root):
    out = set()
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        if rel == ".":
            dirnames[:] = [d for d in dirnames if d not in SKIP_TOP and not d.startswith("build")]
            continue
        if any(n.endswith(SOURCE_EXT) for n in filenames):
            out.add(folder_of(rel))
    return out


def find_cycle(graph):
    state = {}

    def visit(n, stack):
        state[n] = 1
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack + [n, m]
            if not state.get(m):
                c = visit(m, stack + [n])
                if c:
                    return c
        state[n] = 2
        return None

    for n in sorted(graph):
        if not state.get(n):
            c = visit(n, [])
            if c:
                return c
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--layout", required=True)
    a = ap.parse_args()
    problems = []
    graph, unknown = read_layout(a.layout)
    for folder, d in unknown:
        problems.append(f"{folder}: links {d}, which no layout folder owns")
    rows = read_readme(os.path.join(a.source, "docs", "development.md"))
    if not rows:
        problems.append("docs/development.md: no layout table ('| folder | part | target | uses ...')")
    for folder in sorted(source_folders(a.source)):
        # A folder of headers only inside a target (e.g. osmesa's GL/) is
        # the target's own.
        owner = next((r for r in rows if folder == r or folder.startswith(r + "/")), None)
        if owner is None:
            problems.append(f"{folder}/: holds sources but is not a row of the layout table of docs/development.md")
    for folder, uses in sorted(graph.items()):
        if folder not in rows:
            problems.append(f"{folder}/: a part target the layout table of docs/development.md does not list")
            continue
        if rows[folder] is None:
            continue
        if uses != rows[folder]:
            extra = sorted(uses - rows[folder])
            missing = sorted(rows[folder] - uses)
            msg = f"{folder}/: docs/development.md says it uses {sorted(rows[folder])}, the build links {sorted(uses)}"
            if extra:
                msg += f"; not in docs/development.md: {extra}"
            if missing:
                msg += f"; not linked: {missing}"
            problems.append(msg)
    cycle = find_cycle(graph)
    if cycle:
        problems.append("dependency cycle: " + " -> ".join(cycle))
    for p in problems:
        print("test_layout: " + p)
    if not problems:
        print(f"test_layout: {len(graph)} folders, docs/development.md and build agree, no cycle")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
