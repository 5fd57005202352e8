#!/usr/bin/env bash
# Builds and packages the VS Code extension (editors/vscode) into a .vsix:
# npm install, TypeScript compile, vsce package. Skipped, with the reason, where
# npm is not installed.
set -euo pipefail
cd "$(dirname "$0")/../editors/vscode"
if ! command -v npm >/dev/null 2>&1; then
  echo "build-vscode: npm not found; the VS Code extension is not built (Debian package npm)"
  exit 0
fi
npm install --no-audit --no-fund --loglevel=error
npm run --silent compile
npm run --silent package
ls -l ./*.vsix
