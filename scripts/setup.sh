#!/usr/bin/env bash
# Installs everything ascendc-lint needs on Debian 12 (run as root), then
# builds it. Packages come from Debian only.
set -euo pipefail
cd "$(dirname "$0")/.."
PACKAGES=(build-essential cmake make git ca-certificates
          clang-19 llvm-19-dev libclang-19-dev libclang-cpp19-dev
          libz3-dev nlohmann-json3-dev catch2
          libclang-rt-19-dev) # sanitizer and libFuzzer runtimes (scripts/sanitize.sh, scripts/fuzz.sh)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
./scripts/build.sh
