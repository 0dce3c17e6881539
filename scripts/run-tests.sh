#!/usr/bin/env bash
# Test job: install what is missing, then
#   1. Release build with -Werror, the whole suite (benchmarks run once as smoke tests);
#   2. ASan+UBSan build, the whole suite except benchmarks;
#   3. TSan build, the tests labelled "threading" or "engine";
#   4. clang libFuzzer build of the TGSI parser, fuzzed for SWR_FUZZ_SECONDS
#      (default 60) from the corpus.
# Set SWR_TEST_QUICK=1 to run only step 1.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs="$(nproc)"

step() { echo; echo "=== $* ==="; }

step "Release build (-Wall -Wextra -Werror)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSWR_WERROR=ON >/dev/null
cmake --build build -j"$jobs"
step "Release tests"
ctest --test-dir build --output-on-failure -j"$jobs"

if [ "${SWR_TEST_QUICK:-0}" = 1 ]; then
  exit 0
fi

step "ASan+UBSan build"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSWR_WERROR=ON -DSWR_SANITIZE=address >/dev/null
cmake --build build-asan -j"$jobs"
step "ASan+UBSan tests"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j"$jobs" -LE bench

step "TSan build"
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSWR_WERROR=ON -DSWR_SANITIZE=thread >/dev/null
cmake --build build-tsan -j"$jobs"
step "TSan tests (labels: threading, engine)"
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
  ctest --test-dir build-tsan --output-on-failure -j"$jobs" -L 'threading|engine'

step "TGSI parser fuzzing (clang libFuzzer, ${SWR_FUZZ_SECONDS:-60} s)"
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSWR_WERROR=ON >/dev/null
cmake --build build-fuzz -j"$jobs" --target fuzz_tgsi_parse
# New inputs go to a scratch directory; the corpus is only read.
mkdir -p build-fuzz/fuzz_units
build-fuzz/tests/fuzz_tgsi_parse -max_total_time="${SWR_FUZZ_SECONDS:-60}" -seed=1 -timeout=10 \
  -rss_limit_mb=2048 -print_final_stats=1 build-fuzz/fuzz_units ../shared/corpus/tgsi
