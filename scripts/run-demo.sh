#!/usr/bin/env bash
# Main job: install what is missing, build (Release), render the engine's
# demo scene (a lit mesh of ~1M triangles at 1024x1024 with depth test),
# then run the OpenGL benchmark (tools/swr_glbench.c): the same GL 2.1 +
# GLSL scenes through swr's libOSMesa.so.8 and Mesa's llvmpipe
# libOSMesa.so.8, alternating in one process, with ms/frame, Mtri/s, Mpix/s,
# the swr/llvmpipe speed ratio and the PSNR between the two images.
# Extra arguments go to swr_demo (e.g. --scene fill, --frames 20,
# --out file.png); SWR_GLBENCH_ARGS holds extra swr_glbench arguments.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
# Every user-facing program: the demo, libOSMesa.so.8, the GLX libGL.so.1
# (target GL), the benchmark and the tools the README names (swr_knobs,
# swr_tgsi; their targets carry _tool because the libraries hold the plain
# names).
cmake --build build -j"$(nproc)" --target swr_demo OSMesa GL swr_glbench swr_knobs_tool swr_tgsi_tool
build/demo/swr_demo "$@"
echo
# shellcheck disable=SC2086
build/tools/swr_glbench ${SWR_GLBENCH_ARGS:-}
