#!/usr/bin/env bash
# Builds the .deb and .tar.gz packages (CPack) from build/, unpacks each into
# a scratch root, and lints a bad and a good sample with the unpacked binary:
# it must find its bundled headers and Clang's builtins without the source
# tree. Also checks that every package the .deb depends on exists here.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
[ -x "$BUILD_DIR/ascendc-lint" ] || ./scripts/build.sh
root=$(pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
(cd "$BUILD_DIR" && cpack -G "DEB;TGZ" -B "$scratch/pkg" >/dev/null)
deb=$(ls "$scratch"/pkg/*.deb)
tgz=$(ls "$scratch"/pkg/*.tar.gz)
echo "package-smoke: $(basename "$deb") $(du -h "$deb" | cut -f1), $(basename "$tgz") $(du -h "$tgz" | cut -f1)"
# The runtime dependencies the package declares are real Debian packages.
for dep in $(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/(.*)//; s/ //g'); do
  dpkg-query -W -f='${Status}' "$dep" 2>/dev/null | grep -q "install ok installed" ||
    { echo "package-smoke: dependency $dep is not installed here"; exit 1; }
done
check() { # $1: the unpacked binary
  local bin=$1 rc
  ASCENDC_LINT_API_DIR= "$bin" --version
  case "$("$bin" --print-api-dir)" in
    "$root"/*) echo "package-smoke: $bin uses the source tree's headers"; exit 1 ;;
  esac
  set +e
  (cd / && "$bin" --quiet --target=ascend910b "$root/samples/capacity-overflow/ub_216k_bad.cpp" >/dev/null 2>&1)
  rc=$?
  set -e
  [ "$rc" -eq 1 ] || { echo "package-smoke: $bin on a bad sample exited $rc, not 1"; exit 1; }
  (cd / && "$bin" --quiet --target=ascend910b "$root/samples/capacity-overflow/ub_184k_good.cpp")
  man -l "$(dirname "$bin")/../share/man/man1/ascendc-lint.1" >/dev/null 2>&1 ||
    test -f "$(dirname "$bin")/../share/man/man1/ascendc-lint.1"
}
mkdir -p "$scratch/deb" "$scratch/tgz"
dpkg-deb -x "$deb" "$scratch/deb"
check "$scratch/deb/usr/bin/ascendc-lint"
tar -xzf "$tgz" -C "$scratch/tgz"
check "$(ls -d "$scratch"/tgz/*/)bin/ascendc-lint"
echo "package-smoke: the .deb and the .tar.gz install and lint"
