// What happens between the analysis and the output: the header filter,
// fix-it resolution, baselines (write, then hide), --export-fixes and --fix.
#pragma once

#include "cli/Driver.h"
#include "cli/SourceText.h"

#include <string>
#include <vector>

namespace alint {

// Checks the options of these features before the run; false with a
// one-line error (exit 2).
bool checkWorkflowOptions(const Options &o, std::string &error);

// False with a one-line error (exit 2). `messages` are for stderr. Updates
// rr.exitCode when the shown findings change.
bool finishRun(RunResult &rr, const Options &o, SourceText &src, std::vector<std::string> &messages,
               std::string &error);

} // namespace alint
