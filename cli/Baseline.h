// Fingerprints and baselines. A fingerprint identifies a finding without
// line numbers, so that edits elsewhere in the file keep it: the check, the
// kernel, the target, the normalised text of the source lines involved (the
// finding's and its notes') and the message with its numbers masked. SARIF's
// partialFingerprints use it too.
//
// --write-baseline=FILE records the current findings; --baseline=FILE hides
// the findings it records (each entry hides one finding: a second copy of a
// recorded finding is new). Paths in the file are relative to its folder.
#pragma once

#include "cli/Driver.h"
#include "cli/SourceText.h"

#include <map>
#include <string>

namespace alint {

std::string fingerprint(const Diagnostic &d, SourceText &src);

// False with a one-line message when the file cannot be written.
bool writeBaseline(const RunResult &rr, SourceText &src, const std::string &path, std::string &error);

// Reads and checks a baseline: (file, fingerprint) -> copies. False with a
// one-line error "path[:line:col]: reason" for a file that is not one.
bool loadBaseline(const std::string &path, std::map<std::pair<std::string, std::string>, int> &findings,
                  std::string &error);
// Removes recorded findings; returns how many were hidden (or -1 with a
// one-line error when the file cannot be read).
int applyBaseline(RunResult &rr, SourceText &src, const std::string &path, std::string &error);

} // namespace alint
