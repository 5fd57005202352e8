// Fix-its (clang-tidy's): resolution against the source text, export as
// clang-apply-replacements YAML (--export-fixes), application (--fix).
#pragma once

#include "cli/Driver.h"
#include "cli/SourceText.h"

#include <iosfwd>
#include <string>

namespace alint {

// Turns the checks' requests into byte replacements; drops a fix-it the text
// does not support, and one that not every kernel and target of its file
// proposed (a statement shared by kernels that differ there is not certain).
void resolveFixIts(RunResult &rr, SourceText &src);

// clang-tidy --export-fixes format (clang/Tooling/DiagnosticsYaml.h).
void writeFixesYaml(const RunResult &rr, SourceText &src, std::ostream &out);

struct FixStats {
  unsigned applied = 0, total = 0;
  std::vector<std::string> errors; // files that could not be written
};
// Applies the distinct fix-its file by file, from the end backwards; a
// fix-it overlapping one already taken is skipped.
FixStats applyFixIts(const RunResult &rr, SourceText &src);

// "insert 'text'" / "replace N bytes with 'text'", for the text output.
std::string describeFixIt(const FixIt &f);

} // namespace alint
