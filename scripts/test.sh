#!/usr/bin/env bash
# Builds ascendc-lint and runs every test (unit, samples, command line).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j"$(nproc)"
