#!/usr/bin/env bash
# Configures and builds ascendc-lint and its tests in build/.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
# Release by default: debug info doubles the compile time of the Clang-heavy
# sources (measured on frontend/Interpreter.cpp), and CI builds from scratch.
# BUILD_TYPE=RelWithDebInfo for a debugger.
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} ${CMAKE_ARGS:-} >/dev/null
cmake --build "$BUILD_DIR" -j"$(nproc)"
