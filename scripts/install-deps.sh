#!/usr/bin/env bash
# Installs (with apt) every Debian 12 package swr needs to build and test.
# Only what is missing is installed; nothing else is touched.
set -euo pipefail

pkgs=(
  build-essential cmake pkg-config      # toolchain
  libhwloc-dev                          # threading: topology and binding
  libpng-dev zlib1g-dev                 # PNG output
  libbenchmark-dev                      # benchmarks (Google Benchmark, C shim)
  libcmocka-dev                         # unit tests
  clang                                 # libFuzzer build of the TGSI parser fuzzer
  libclang-rt-14-dev                    # its runtimes (libFuzzer, ASan): clang only recommends them
  python3 khronos-api                   # GL entry points generated from gl.xml
  glslang-dev                           # GLSL front end (linked statically)
  libosmesa6                            # oracle only: Mesa's llvmpipe libOSMesa.so.8 for image tests
  piglit                                # oracle only: GLSL .shader_test files (tests/piglit)
  llvm-15-dev                           # the LLVM JIT shader executor (jitter/jit_llvm.c)
  qemu-user                             # oracle only: CPUs without AVX2/FMA/F16C for the start-up check test
  libgl-dev                             # GL/gl.h for programs built against the installed GL/osmesa.h (install tests)
  libglvnd-dev                          # glvnd/libglxabi.h: the vendor ABI of libGLX_swr.so.0 (frontend-gallium/targets/glvnd)
  dpkg-dev binutils                     # cpack -G DEB (dpkg-shlibdeps), nm/readelf (export and soname tests)
  libx11-dev libxext-dev                # GLX libGL.so.1 (Xlib, MIT-SHM)
  xvfb x11-utils                        # GLX tests: a private X server
  mesa-utils glmark2-x11                # GLX tests: glxinfo, glmark2
  libgl1-mesa-dri libglx-mesa0 libgl1   # oracle only: Mesa's llvmpipe libGL.so.1 for the GLX tests
  python3-vtk9                          # VTK 9.1 scenes through libGL.so.1 (tests/vtk), checked against llvmpipe
)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
