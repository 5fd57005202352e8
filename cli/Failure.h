// A file that could not be analysed, as a located diagnostic: text output
// prints it as `file:line:col: error: message` (what editors' and CI's
// matchers read), SARIF as a tool execution notification.
#pragma once

#include "cli/Driver.h"

#include <string>

namespace alint {

struct FailureLoc {
  std::string file;
  unsigned line = 0, column = 0; // 0: the error names no position
  std::string message;
};

// Splits FileResult::error ("path:line:col: msg" from Clang, or "path: msg")
// into a location and the message.
FailureLoc splitFailure(const FileResult &fr);
// `file:line:col: error: message`; a failure without a position is put at
// 1:1 so that it is still one diagnostic.
std::string failureText(const FileResult &fr);

} // namespace alint
