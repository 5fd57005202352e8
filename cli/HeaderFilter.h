// --header-filter / HeaderFilterRegex: findings located in a file other than
// the one linted (a header it includes) are shown only when the header's path
// matches. Without a filter every finding is shown: AscendC kernels usually
// live in headers included from a small entry file, so clang-tidy's default
// (no header shown) would hide most of them. An empty regex shows none.
#pragma once

#include "cli/Driver.h"

#include <string>

namespace alint {

// A one-line error for a regex that does not compile (POSIX extended, as
// clang-tidy's).
bool validHeaderFilter(const std::string &regex, std::string &error);

// Applies the command line's filter, else each file's HeaderFilterRegex.
// False with a one-line error for a bad regex in a configuration file.
bool applyHeaderFilter(RunResult &rr, const Options &o, std::string &error);

} // namespace alint
