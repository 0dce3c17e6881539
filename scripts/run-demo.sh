#!/usr/bin/env bash
# Main job: install what is missing, build (Release) and render the demo
# scene (a lit mesh of ~1M triangles at 1024x1024 with depth test). Extra
# arguments go to swr_demo (e.g. --scene fill, --frames 20, --out file.png).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target swr_demo
build/demo/swr_demo "$@"
