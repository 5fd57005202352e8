#!/usr/bin/env bash
# Installs everything ascendc-lint needs on Debian 12 (run as root), then
# builds it. Packages come from Debian only.
set -euo pipefail
cd "$(dirname "$0")/.."
PACKAGES=(build-essential cmake make git ca-certificates
          clang-19 llvm-19-dev libclang-19-dev libclang-cpp19-dev
          libz3-dev nlohmann-json3-dev catch2
          libclang-rt-19-dev  # sanitizer and libFuzzer runtimes (scripts/sanitize.sh, scripts/fuzz.sh)
          neovim pre-commit)  # real clients for the editor and hook tests (tests/unit/test_editors.cpp, test_lsp.cpp)
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
# Test dependencies from npm, when npm is there: Microsoft's SARIF validator
# and Ajv (tests/unit/test_sarif.cpp runs them on the SARIF and JSON output).
# Without npm those tests are skipped, with the reason printed by the test.
TOOLS_DIR=${ALINT_TOOLS_DIR:-$PWD/.tools}
if command -v npm >/dev/null 2>&1; then
  if [ ! -x "$TOOLS_DIR/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool" ] ||
     [ ! -d "$TOOLS_DIR/node_modules/ajv" ]; then
    mkdir -p "$TOOLS_DIR"
    npm install --prefix "$TOOLS_DIR" --no-audit --no-fund --loglevel=error @microsoft/sarif-multitool-linux@5 ajv@8 ||
      echo "setup.sh: npm could not install the validators; the SARIF and JSON schema tests will be skipped"
    chmod +x "$TOOLS_DIR/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool" 2>/dev/null || true
  fi
else
  echo "setup.sh: npm not found; the SARIF validator test will be skipped (Debian package npm)"
fi
./scripts/build.sh
