#!/usr/bin/env bash
# Regenerates docs/usage.md (every knob and environment variable, with its
# default) from the knob table: builds swr_knobs in build/ (configured if
# needed) and writes its --markdown output. Run after changing
# knobs/knob_table.h or the variables listed in tools/swr_knobs.c;
# test_docs_usage fails until the checked-in file matches.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/CMakeCache.txt ] || cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target swr_knobs_tool >/dev/null
build/tools/swr_knobs --markdown >docs/usage.md
echo "wrote docs/usage.md"
