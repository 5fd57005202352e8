// Output formats: clang-tidy style text, JSON (docs/json-format.md), SARIF.
#pragma once

#include "cli/Driver.h"

#include <iosfwd>

namespace alint {

void printText(const RunResult &rr, const Options &o, size_t targetCount, std::ostream &out, std::ostream &err);
void printJson(const RunResult &rr, std::ostream &out);
void printSarif(const RunResult &rr, std::ostream &out);

} // namespace alint
