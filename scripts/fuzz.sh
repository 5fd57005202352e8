#!/usr/bin/env bash
# Runs each libFuzzer target for a short time (FUZZ_SECONDS, default 20),
# starting from the seeds in fuzz/corpus/<target>/ (the built-in target
# descriptions seed fuzz_target). A crash, a sanitizer report or a broken
# property fails the run and leaves the input in $BUILD_DIR/fuzz-artifacts/.
# Needs the targets built by scripts/sanitize.sh (-DALINT_FUZZ=ON).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${ASAN_BUILD_DIR:-build-asan}
SECONDS_EACH=${FUZZ_SECONDS:-20}
if [ ! -x "$BUILD_DIR/fuzz_config" ]; then
  cmake --build "$BUILD_DIR" -j"$(nproc)" --target fuzz_config fuzz_target fuzz_solver
fi
export ASAN_OPTIONS=detect_leaks=0
work="$BUILD_DIR/fuzz-work"
artifacts="$BUILD_DIR/fuzz-artifacts"
rm -rf "$work"
mkdir -p "$artifacts"
for t in config target solver; do
  mkdir -p "$work/$t"
  [ -d "fuzz/corpus/$t" ] && cp fuzz/corpus/$t/* "$work/$t/" 2>/dev/null || true
done
cp checker/model/targets/*.json "$work/target/"
run() { # name, extra options
  local name=$1
  shift
  echo "fuzz_$name: ${SECONDS_EACH} s"
  if ! "$BUILD_DIR/fuzz_$name" -max_total_time="$SECONDS_EACH" -seed=1 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$name-" "$@" "$work/$name" >"$work/$name.log" 2>&1; then
    tail -40 "$work/$name.log"
    echo "fuzz_$name failed; input in $artifacts/" >&2
    return 1
  fi
  grep -E "stat::number_of_executed_units|Done" "$work/$name.log" | tail -1
}
run config -max_len=512
run target -max_len=4096
run solver -max_len=256 -timeout=60
# fuzz_frontend (opt-in, -DALINT_FUZZ_FRONTEND=ON): run it by hand with
#   build-asan/fuzz_frontend -max_len=16384 -timeout=60 -rss_limit_mb=4096 <corpus of kernels>
