// The porting report: with several --target chips, which findings appear on
// some of the chips only, and why (the chips differ in capacity, paths,
// events, NDDMA, bank layout, ...). Printed after the diagnostics in text
// output and as the "porting" section of JSON output (docs/json-format.md).
#pragma once

#include "cli/Driver.h"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <string>
#include <vector>

namespace alint {

struct PortingFinding {
  std::string file, kernel, check;
  SourceLoc loc;
  Severity severity = Severity::Error; // the most severe among the chips it appears on
  std::string message;                 // as reported on the first chip it appears on
  std::vector<std::string> onlyOn;     // chips with the finding
  std::vector<std::string> notOn;      // linted chips without it
  std::string reason;                  // why the chips differ here
};

struct PortingReport {
  std::vector<std::string> targets; // every chip linted, in command-line order
  std::vector<PortingFinding> findings;
};

// Compares, per kernel linted on two or more chips, the findings (errors and
// warnings; notes are not compared) by check and location.
PortingReport buildPortingReport(const RunResult &rr);

// Text: nothing with fewer than two chips; otherwise a header and one line
// per finding that differs.
void printPortingText(const PortingReport &p, std::ostream &out);

// {"targets": [...], "findings": [{check, severity, file, line, column,
// kernel, message, only_on, not_on, reason}]}
nlohmann::json portingJson(const PortingReport &p);

} // namespace alint
