#!/usr/bin/env bash
# Lints every bundled sample kernel with the options written in its first
# lines ("// lint: ..."), printing the findings. Bad samples are meant to draw
# findings, so exit statuses 0 and 1 both count as success here.
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/ascendc-lint}
[ -x "$BIN" ] || ./scripts/build.sh
status=0
while IFS= read -r f; do
  args=$(head -5 "$f" | sed -n 's|^// lint:||p' | head -1)
  [ -n "$args" ] || args="--target=ascend910b --target=ascend950"
  echo "== $f"
  # shellcheck disable=SC2086
  "$BIN" $args "$f"
  rc=$?
  if [ $rc -gt 1 ]; then echo "ascendc-lint failed on $f (exit $rc)"; status=1; fi
done < <(find samples -path '*/op_host' -prune -o \( -name '*.cpp' -o -name '*.asc' \) -print | sort)
exit $status
