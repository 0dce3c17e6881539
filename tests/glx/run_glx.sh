#!/usr/bin/env bash
# run_glx.sh: runs one GLX test against a private Xvfb server.
#
# Usage: run_glx.sh <mode> <swr libGL.so.1> [options]
#   mode api      test_glx_x11 (path given by --prog) on swr's library, with
#                 Mesa's libGL.so.1 (llvmpipe) as the oracle, on an Xvfb
#                 with MIT-SHM; add --no-shm to start Xvfb without MIT-SHM
#                 (swr then presents with XPutImage)
#   mode bench    the present cost at 1920x1080 (test_glx_x11 --bench) for
#                 swr and llvmpipe, on a 1920x1080 server (not a CTest)
#   mode glxinfo  glxinfo and glxinfo -B with LD_LIBRARY_PATH at swr's
#                 library folder: the renderer names swr and the threads
#                 that run the work (1 with KNOB_SINGLE_THREADED=1, 4 with
#                 KNOB_MAX_WORKER_THREADS=3), GLX 1.4, GL 2.1, the start-up
#                 line and the GALLIUM_DRIVER message
#   mode glmark2  a few glmark2 scenes on the Xvfb window with swr and with
#                 llvmpipe; prints both scores; fails only when swr fails a
#                 scene llvmpipe passes
#   mode glvnd    swr as glvnd vendor: <lib> is libGLX_swr.so.0; with
#                 Debian's glvnd libGL.so.1, __GLX_VENDOR_LIBRARY_NAME=swr
#                 and LD_LIBRARY_PATH at <lib>'s folder, glxinfo -B names
#                 swr, test_glx_x11 (--prog) renders its scene like
#                 llvmpipe, glxgears runs 3 s
# The server: `Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp`: it
# picks a free display number and writes it when it accepts connections;
# it is stopped by its PID when the script exits, whatever the outcome. Exit status: 0 pass,
# 1 fail, 77 skipped (a tool is missing).
set -u
mode=$1 lib=$2
shift 2
prog="" shm=1
while [ $# -gt 0 ]; do
  case $1 in
    --prog) prog=$2; shift 2 ;;
    --no-shm) shm=0; shift ;;
    *) echo "run_glx.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
mesa_gl=/usr/lib/x86_64-linux-gnu/libGL.so.1
libdir=$(dirname "$lib")

command -v Xvfb >/dev/null || { echo "SKIP: Xvfb missing (scripts/install-deps.sh)"; exit 77; }

# Xvfb picks a free display number itself and writes it to -displayfd
# once it accepts connections.
screen=1024x768x24
[ "$mode" = bench ] && screen=1920x1080x24
xvfb_args=(-displayfd 3 -screen 0 "$screen" -nolisten tcp)
[ $shm = 0 ] && xvfb_args+=(-extension MIT-SHM)
dfile=$(mktemp /tmp/glx-display.XXXXXX)
Xvfb "${xvfb_args[@]}" 3>"$dfile" >"$dfile.log" 2>&1 &
xvfb_pid=$!
cleanup() {
  kill "$xvfb_pid" 2>/dev/null
  wait "$xvfb_pid" 2>/dev/null
  rm -f "$dfile" "$dfile".*
}
trap cleanup EXIT
n=""
for _ in $(seq 200); do
  # complete once the line ends
  if [ "$(wc -l <"$dfile")" -ge 1 ]; then n=$(head -n1 "$dfile"); break; fi
  kill -0 "$xvfb_pid" 2>/dev/null || { echo "Xvfb failed:"; cat "$dfile.log"; exit 1; }
  sleep 0.05
done
[ -n "$n" ] || { echo "Xvfb did not start"; cat "$dfile.log"; exit 1; }
export DISPLAY=:$n

case $mode in
api)
  KNOB_QUIET=1 "$prog" "$lib" "$mesa_gl"
  rc=$?
  if [ $rc != 0 ]; then
    echo "Xvfb's log:"; cat "$dfile.log"
    kill -0 "$xvfb_pid" 2>/dev/null || echo "Xvfb is gone"
  fi
  exit $rc
  ;;
glvnd)
  command -v glxinfo >/dev/null || { echo "SKIP: glxinfo missing"; exit 77; }
  [ -e "$mesa_gl" ] || { echo "SKIP: no system libGL.so.1"; exit 77; }
  export __GLX_VENDOR_LIBRARY_NAME=swr LD_LIBRARY_PATH="$libdir" KNOB_QUIET=1
  out=$(timeout 30 glxinfo -B 2>&1) || { echo "glxinfo failed: $out"; exit 1; }
  echo "$out"
  echo "$out" | grep -q "OpenGL renderer string: swr" || { echo "FAIL: renderer is not swr"; exit 1; }
  # test_glx_x11 through glvnd's libGL.so.1; its oracle child drops the
  # vendor choice and renders with llvmpipe
  "$prog" "$mesa_gl" "$mesa_gl" || { echo "FAIL: test_glx_x11 through glvnd"; exit 1; }
  if command -v glxgears >/dev/null; then
    timeout 3 glxgears >"$dfile.gears" 2>&1
    rc=$?
    cat "$dfile.gears"
    # 124: still running after 3 s (timeout stopped it) is the pass
    [ $rc = 124 ] || { echo "FAIL: glxgears exited with $rc within 3 s"; exit 1; }
  fi
  exit 0
  ;;
bench)
  for l in "$lib" "$mesa_gl"; do
    echo "$l:"
    KNOB_QUIET=1 LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=$([ "$l" = "$mesa_gl" ] && echo llvmpipe || echo swr) \
      "$prog" --bench "$l" || exit 1
  done
  exit 0
  ;;
glxinfo)
  command -v glxinfo >/dev/null || { echo "SKIP: glxinfo missing (mesa-utils)"; exit 77; }
  fail=0
  full=$(LD_LIBRARY_PATH=$libdir KNOB_QUIET=1 glxinfo 2>&1) || { echo "glxinfo failed:"; echo "$full"; exit 1; }
  brief=$(LD_LIBRARY_PATH=$libdir KNOB_QUIET=1 glxinfo -B 2>&1) || { echo "glxinfo -B failed:"; echo "$brief"; exit 1; }
  echo "$brief"
  check() { # <text> <pattern> <what>
    if ! grep -qE "$2" <<<"$1"; then echo "FAIL: $3 (no /$2/)"; fail=1; fi
  }
  check "$brief" '^OpenGL renderer string: swr \(AVX2, [0-9]+ threads?\)' "renderer names swr"
  check "$brief" '^OpenGL version string: 2\.1 ' "GL version 2.1"
  check "$brief" '^OpenGL shading language version string: 1\.[23]0' "GLSL 1.20 or 1.30"
  check "$brief" '^direct rendering: Yes' "direct rendering"
  check "$full" '^client glx version string: 1\.4' "GLX client 1.4"
  check "$full" '^server glx version string: 1\.4' "GLX server 1.4"
  check "$full" 'GLX_ARB_create_context' "GLX extensions listed"
  check "$full" 'GL_ARB_' "GL extensions listed"
  check "$full" '0x[0-9a-f]+ 24 tc  0  24  0 r  y \.' "a double-buffered TrueColor visual"
  # the real thread count: the workers plus the API thread
  one=$(LD_LIBRARY_PATH=$libdir KNOB_QUIET=1 KNOB_SINGLE_THREADED=1 glxinfo -B 2>&1)
  check "$one" '^OpenGL renderer string: swr \(AVX2, 1 thread\)$' "KNOB_SINGLE_THREADED=1: 1 thread"
  four=$(LD_LIBRARY_PATH=$libdir KNOB_QUIET=1 KNOB_MAX_WORKER_THREADS=3 glxinfo -B 2>&1)
  check "$four" '^OpenGL renderer string: swr \(AVX2, 4 threads\)$' "KNOB_MAX_WORKER_THREADS=3: 4 threads"
  # the library exports gl* and glX* only, and the whole GLX 1.4 API
  syms=$(nm -D --defined-only "$lib" | awk '{print $3}')
  extra=$(grep -v '^gl' <<<"$syms" | tr '\n' ' ')
  [ -z "$extra" ] || { echo "FAIL: exports beyond gl*/glX*: $extra"; fail=1; }
  for f in glXChooseVisual glXCreateContext glXDestroyContext glXMakeCurrent glXCopyContext \
           glXSwapBuffers glXCreateGLXPixmap glXDestroyGLXPixmap glXQueryExtension \
           glXQueryVersion glXIsDirect glXGetConfig glXGetCurrentContext \
           glXGetCurrentDrawable glXWaitGL glXWaitX glXUseXFont glXQueryExtensionsString \
           glXQueryServerString glXGetClientString glXGetCurrentDisplay glXChooseFBConfig \
           glXGetFBConfigAttrib glXGetFBConfigs glXGetVisualFromFBConfig glXCreateWindow \
           glXDestroyWindow glXCreatePixmap glXDestroyPixmap glXCreatePbuffer \
           glXDestroyPbuffer glXQueryDrawable glXCreateNewContext glXMakeContextCurrent \
           glXGetCurrentReadDrawable glXQueryContext glXSelectEvent glXGetSelectedEvent \
           glXGetProcAddress glXGetProcAddressARB glXCreateContextAttribsARB \
           glXSwapIntervalEXT glXSwapIntervalMESA glXSwapIntervalSGI glClear glUseProgram; do
    grep -qx "$f" <<<"$syms" || { echo "FAIL: $f not exported"; fail=1; }
  done
  # the start-up line, once, unless KNOB_QUIET
  banner=$(LD_LIBRARY_PATH=$libdir glxinfo -B 2>&1 >/dev/null | grep -cE '^swr: libGL: using swr \(AVX2, [0-9]+ threads?\)$')
  [ "$banner" = 1 ] || { echo "FAIL: start-up line printed $banner times"; fail=1; }
  warn=$(LD_LIBRARY_PATH=$libdir KNOB_QUIET=1 GALLIUM_DRIVER=llvmpipe glxinfo -B 2>&1 >/dev/null)
  grep -q 'only provides swr' <<<"$warn" || { echo "FAIL: GALLIUM_DRIVER=llvmpipe not reported"; fail=1; }
  exit $fail
  ;;
glmark2)
  command -v glmark2 >/dev/null || { echo "SKIP: glmark2 missing (glmark2-x11)"; exit 77; }
  # one second per scene keeps the test short; both libraries run the same list
  scenes=()
  for b in build:use-vbo=true texture:texture-filter=linear shading:shading=phong \
           bump:bump-render=normals effect2d:kernel=0,1,0\;1,-4,1\;0,1,0\; \
           pulsar:quads=5 conditionals:vertex-steps=0:fragment-steps=5 \
           desktop:effect=blur:blur-radius=5:passes=1:separable=true:windows=4; do
    scenes+=(-b "$b:duration=1.0")
  done
  run() { # <label> env...
    local label=$1; shift
    env "$@" glmark2 -s 400x300 "${scenes[@]}" 2>&1 |
      tee $dfile.$label | grep -E '^\[|Score' || true
  }
  run swr LD_LIBRARY_PATH=$libdir KNOB_QUIET=1
  run llvmpipe LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe
  fail=0
  swr_score=$(grep -oE 'glmark2 Score: [0-9]+' $dfile.swr | grep -oE '[0-9]+$')
  ref_score=$(grep -oE 'glmark2 Score: [0-9]+' $dfile.llvmpipe | grep -oE '[0-9]+$')
  echo "glmark2 score (400x300, $((${#scenes[@]} / 2)) scenes): swr ${swr_score:-none}, llvmpipe ${ref_score:-none}"
  # a scene line reads "[build] use-vbo=true:duration=1.0: FPS: 123 FrameTime: 8.1 ms"
  while read -r key; do
    if ! grep -qF -- "$key: FPS:" $dfile.swr; then
      echo "FAIL: swr did not complete scene $key (llvmpipe did)"; fail=1
    fi
  done < <(grep -E '^\[.*: FPS:' $dfile.llvmpipe | sed 's/: FPS:.*//')
  [ -n "$swr_score" ] || fail=1
  rm -f $dfile.swr $dfile.llvmpipe
  exit $fail
  ;;
*)
  echo "run_glx.sh: unknown mode $mode" >&2
  exit 2
  ;;
esac
