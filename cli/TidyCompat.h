// clang-tidy habits beyond the basic options: --config, --line-filter,
// --exclude-header-filter, --verify-config, "no checks enabled", the source
// line and caret under each diagnostic, colour, and the suppressed-count
// summary on stderr.
#pragma once

#include "cli/Config.h"
#include "cli/Driver.h"
#include "cli/SourceText.h"

#include <iosfwd>
#include <optional>
#include <string>

namespace alint {

// The configuration that applies to a file: --config text, else
// --config-file, else the .ascendc-lint.yaml files found upward.
std::optional<Config> configFor(const std::string &file, const Options &o, std::string &error);

// Validates --line-filter and --exclude-header-filter (one-line error).
bool checkTidyOptions(const Options &o, std::string &error);
// Drops findings outside --line-filter and in headers --exclude-header-filter
// names; counts them in rr.suppressed.
void applyTidyFilters(RunResult &rr, const Options &o);

// --verify-config: reports unknown check names and globs that match no check
// in the configuration of each file (or of the working folder) and in
// --checks. Returns the exit status: 0 when clean, 1 otherwise.
int verifyConfig(const Options &o, std::ostream &out, std::ostream &err);

// The checks the configuration and --checks select for `file` (or here).
std::string effectiveChecks(const std::string &file, const Options &o, std::string &error);

// Diagnostic lines `file:line:col: level: msg` get the source line and a
// caret under the column, as Clang prints them; `color` adds Clang's colours.
std::string decorateText(const std::string &text, SourceText &src, bool color);
// Whether text output is coloured: --use-color / --no-color, else a terminal
// with NO_COLOR unset and TERM not "dumb".
bool useColor(const Options &o);

// "Suppressed N findings (a in non-user code, b due to line filter, c NOLINT)."
// plus clang-tidy's hint on the header filter; "" when nothing was hidden.
std::string suppressedSummary(const RunResult &rr);

} // namespace alint
