#!/usr/bin/env bash
# Runs the OpenGL benchmark's scenes on a quiet machine and with cores kept
# busy by other processes (swr_glbench --busy), for swr as configured, swr
# with the load governor off (KNOB_ADAPT_TO_LOAD=0) and swr on the API thread
# alone (KNOB_SINGLE_THREADED=1), and prints the swr and llvmpipe lines of
# each (wall and CPU ms per frame). The claim it checks: a busy core never
# makes swr slower than KNOB_SINGLE_THREADED=1 on the same scene.
#   scripts/bench-load.sh [BUILD_DIR [BUSY [swr_glbench options and scenes...]]]
# BUILD_DIR defaults to build, BUSY (processes spinning) to 1.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
busy="${2:-1}"
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
bench="$build/tools/swr_glbench"
[ -x "$bench" ] || { echo "bench-load: build $bench first" >&2; exit 1; }

# run LABEL BUSY [VAR=VALUE...]
run() {
  local label="$1" n="$2"
  shift 2
  echo "== $label"
  env "$@" "$bench" --frames 5 --rounds 3 --busy "$n" "${extra[@]}" |
    grep -E '^[a-z]+ +(swr|llvmpipe) ' | sed 's/^/  /'
}
extra=("$@")
run "quiet" 0
run "quiet, KNOB_SINGLE_THREADED=1" 0 KNOB_SINGLE_THREADED=1
run "$busy busy" "$busy"
run "$busy busy, KNOB_ADAPT_TO_LOAD=0" "$busy" KNOB_ADAPT_TO_LOAD=0
run "$busy busy, KNOB_SINGLE_THREADED=1" "$busy" KNOB_SINGLE_THREADED=1
