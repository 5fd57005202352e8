#!/bin/sh
# Parses every kernel in this directory against the bundled AscendC API
# (api/include) for the default, Ascend 910B (2201) and Ascend 950 (3510)
# configurations; any error or warning fails.
#   usage: tests/data/api/run_parse_tests.sh [clang++]
set -u
here=$(cd "$(dirname "$0")" && pwd)
api="$here/../../../api/include"
cxx=${1:-clang++-19}
status=0
for cfg in "" "-D__NPU_ARCH__=2201 -D__CCE_AICORE__=220" "-D__NPU_ARCH__=3510 -D__CCE_AICORE__=310"; do
    for f in "$here"/*.cpp; do
        # shellcheck disable=SC2086
        out=$("$cxx" -std=c++17 -fsyntax-only -Wall -Wextra -I "$api" $cfg "$f" 2>&1)
        if [ $? -ne 0 ] || [ -n "$out" ]; then
            echo "FAIL ${cfg:-default}: $f"
            echo "$out"
            status=1
        fi
    done
done
[ $status -eq 0 ] && echo "all API parse tests passed"
exit $status
