#!/usr/bin/env bash
# run_vtk.sh: renders one VTK scene (scene.py) with Debian's python3-vtk9
# on a private Xvfb twice, with Mesa's llvmpipe libGL.so.1 (the oracle) and
# with swr's libGL.so.1 (LD_LIBRARY_PATH at its folder), and compares the
# two images (compare.py: PSNR and share of pixels far off).
#
# Usage: run_vtk.sh <scene> <swr libGL.so.1>   (scenes: scene.py --list)
# The server: `Xvfb -displayfd 3 ...` picks a free display and is stopped
# by its PID when the script exits. Exit status: 0 pass, 1 fail (swr's run
# failed, VTK printed an error, or the images differ), 77 skipped (Xvfb or
# python3-vtk9 missing, or llvmpipe itself cannot render the scene).
set -u
scene=$1 lib=$2
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
libdir=$(dirname "$lib")

command -v Xvfb >/dev/null || { echo "SKIP: Xvfb missing (scripts/install-deps.sh)"; exit 77; }
"$py" -c "import vtk" 2>/dev/null || { echo "SKIP: python3-vtk9 missing (scripts/install-deps.sh)"; exit 77; }

work=$(mktemp -d /tmp/vtk-test.XXXXXX)
: >"$work/display" # exists before Xvfb writes it, so the wait below can read it at once
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
cleanup() {
  kill "$xvfb_pid" 2>/dev/null
  wait "$xvfb_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
n=""
for _ in $(seq 200); do
  if [ "$(wc -l <"$work/display")" -ge 1 ]; then n=$(head -n1 "$work/display"); break; fi
  kill -0 "$xvfb_pid" 2>/dev/null || { echo "Xvfb failed:"; cat "$work/xvfb.log"; exit 1; }
  sleep 0.05
done
[ -n "$n" ] || { echo "Xvfb did not start"; exit 1; }
export DISPLAY=:$n

# The oracle: Debian's libGL (glvnd + Mesa), llvmpipe.
if ! LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe timeout 120 "$py" "$here/scene.py" "$scene" \
    "$work/ref.ppm" >"$work/ref.log" 2>&1; then
  echo "SKIP: llvmpipe cannot render the scene:"; cat "$work/ref.log"; exit 77
fi
grep '^OpenGL' "$work/ref.log" | sed 's/^/llvmpipe: /'

KNOB_QUIET=1 LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" timeout 120 \
  "$py" "$here/scene.py" "$scene" "$work/swr.ppm" >"$work/swr.log" 2>&1
rc=$?
cat "$work/swr.log"
[ $rc = 0 ] || { echo "FAIL: scene.py on swr exited with $rc"; exit 1; }
# The log must show that swr rendered, and VTK must not have reported errors.
grep -q '^OpenGL renderer string: *swr' "$work/swr.log" || { echo "FAIL: swr did not render"; exit 1; }
if grep -q 'ERR|' "$work/swr.log"; then echo "FAIL: VTK reported errors on swr"; exit 1; fi
# SWR_VTK_KEEP=<dir>: keep both images there (<scene>-swr.ppm, <scene>-llvmpipe.ppm) to look at.
if [ -n "${SWR_VTK_KEEP:-}" ]; then
  mkdir -p "$SWR_VTK_KEEP" && cp "$work/swr.ppm" "$SWR_VTK_KEEP/$scene-swr.ppm" && cp "$work/ref.ppm" "$SWR_VTK_KEEP/$scene-llvmpipe.ppm"
fi
grep -h '^picked cells\|^render seconds' "$work/ref.log" | sed 's/^/llvmpipe: /'
"$py" "$here/compare.py" "$work/swr.ppm" "$work/ref.ppm"
