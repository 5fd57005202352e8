// Source ranges in UTF-16 code units (LSP positions, SARIF with
// columnKind utf16CodeUnits), shared by SARIF and the language server.
#pragma once

#include "cli/SourceText.h"
#include "rules/Check.h"

namespace alint {

// 0-based line and UTF-16 character, as LSP counts.
struct Utf16Range {
  unsigned line = 0, character = 0, endLine = 0, endCharacter = 0;
};

// A finding: from its column to the end of the code on its line (before a
// // comment).
Utf16Range findingRange(const SourceLoc &l, SourceText &src);
// The text a resolved fix-it replaces (it may span lines).
Utf16Range fixItRange(const FixIt &f, SourceText &src);

} // namespace alint
