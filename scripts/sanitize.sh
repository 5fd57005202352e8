#!/usr/bin/env bash
# The tool under AddressSanitizer + UndefinedBehaviorSanitizer, built with
# Clang 19 in a second build directory (build-asan), run over every sample by
# the normal build's test driver (ALINT_TOOL_UNDER_TEST). Also builds the
# libFuzzer targets there (scripts/fuzz.sh runs them), which exercise the
# configuration, target and solver code in-process. The test driver itself is
# not built sanitized: its in-process unit tests run in the normal build, and
# compiling it again with Clang cost about a quarter of this script's time on
# the 2-core CI machine (measured 2026-12-02), which has a 25-minute budget.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${ASAN_BUILD_DIR:-build-asan}
# -O1 without full debug info: a third of the compile time of RelWithDebInfo
# (build type None: an empty one got CMakeLists' RelWithDebInfo default, whose
# -O2 -g came after these flags and won),
# line tables are enough for the sanitizers' reports. (libstdc++ 12's
# std::stable_sort calls get_temporary_buffer, which Clang 19 reports as
# deprecated from inside the system header: not our code.)
# A unity build (sources compiled in batches): the Clang and LLVM headers are
# parsed once per batch, not once per file: 5 min 33 s against about 6 min
# 15 s on 2 cores (2026-12-07). Needs file-local helpers with distinct names.
cmake -S . -B "$BUILD_DIR" -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only -Wno-deprecated-declarations" -DALINT_SANITIZE=ON -DALINT_FUZZ=ON \
  -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build "$BUILD_DIR" -j"$(nproc)" --target ascendc-lint fuzz_config fuzz_target fuzz_solver
DRIVER_DIR=${BUILD_DIR_NORMAL:-build}
if [ ! -x "$DRIVER_DIR/tests/alint_tests" ]; then
  ./scripts/build.sh
fi
case "$BUILD_DIR" in /*) asan_dir=$BUILD_DIR ;; *) asan_dir=$PWD/$BUILD_DIR ;; esac
export ALINT_TOOL_UNDER_TEST="$asan_dir/ascendc-lint"
# LLVM and Z3 keep some allocations until exit on purpose: leaks are not
# failures here; every other report is (halt_on_error, -fno-sanitize-recover).
# No quarantine (freed memory held back from reuse, so that a late use after
# free is still caught): Z3's many small allocations through it made the
# sanitized samples twice as slow (add_tiling_good 22.7 s -> 13.0 s,
# 2026-12-07), and this phase was most of the CI's 25-minute budget. A use
# after free is still caught until the memory is reused; the fuzzers
# (scripts/fuzz.sh) keep the quarantine.
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1:quarantine_size_mb=0:thread_local_quarantine_size_kb=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The samples in shards side by side (each sample is a separate tool run:
# the sanitized binary is slow, one core would idle).
jobs=$(nproc)
[ "$jobs" -ge 2 ] || jobs=2
pids=()
for k in $(seq 1 "$jobs"); do
  ALINT_SAMPLES_SHARD="$k/$jobs" "$DRIVER_DIR/tests/alint_tests" "[samples]" >"$BUILD_DIR/samples-$k.log" 2>&1 &
  pids+=($!)
done
status=0
for k in $(seq 1 "$jobs"); do
  if ! wait "${pids[$((k - 1))]}"; then
    cat "$BUILD_DIR/samples-$k.log"
    status=1
  else
    tail -2 "$BUILD_DIR/samples-$k.log"
  fi
done
exit $status
