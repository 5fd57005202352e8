#include "cli/Workflow.h"

#include "cli/Baseline.h"
#include "cli/FixIts.h"
#include "cli/HeaderFilter.h"
#include "cli/TidyCompat.h"

#include <fstream>

namespace alint {

bool checkWorkflowOptions(const Options &o, std::string &error) {
  if (o.headerFilterGiven && !validHeaderFilter(o.headerFilter, error))
    return false;
  if (!checkTidyOptions(o, error))
    return false;
  if (!o.baseline.empty()) { // checked before the analysis: a broken baseline wastes no run
    std::map<std::pair<std::string, std::string>, int> findings;
    if (!loadBaseline(o.baseline, findings, error))
      return false;
  }
  return true;
}

bool finishRun(RunResult &rr, const Options &o, SourceText &src, std::vector<std::string> &messages,
               std::string &error) {
  auto shown = [&] {
    unsigned n = 0;
    for (const FileResult &fr : rr.files)
      for (const Diagnostic &d : fr.diags)
        n += d.severity != Severity::Note;
    return n;
  };
  unsigned before = shown();
  if (!applyHeaderFilter(rr, o, error))
    return false;
  rr.suppressed.nonUser += before - shown();
  applyTidyFilters(rr, o); // --exclude-header-filter, --line-filter
  resolveFixIts(rr, src);
  if (!o.writeBaseline.empty()) {
    if (!writeBaseline(rr, src, o.writeBaseline, error))
      return false;
    size_t n = 0;
    for (const FileResult &fr : rr.files)
      for (const Diagnostic &d : fr.diags)
        n += d.severity != Severity::Note;
    messages.push_back("baseline of " + std::to_string(n) + " finding" + (n == 1 ? "" : "s") + " written to " +
                       o.writeBaseline);
  }
  if (!o.baseline.empty()) {
    int hidden = applyBaseline(rr, src, o.baseline, error);
    if (hidden < 0)
      return false;
    if (hidden > 0 && !o.quiet)
      messages.push_back(std::to_string(hidden) + " finding" + (hidden == 1 ? "" : "s") + " in the baseline " +
                         o.baseline + " not shown");
  }
  if (!o.exportFixes.empty()) {
    std::ofstream out(o.exportFixes);
    if (!out) {
      error = o.exportFixes + ": cannot write the fixes";
      return false;
    }
    writeFixesYaml(rr, src, out);
  }
  if (o.fix) {
    FixStats st = applyFixIts(rr, src);
    if (!st.errors.empty()) {
      error = st.errors.front();
      return false;
    }
    if (st.total)
      messages.push_back("ascendc-lint applied " + std::to_string(st.applied) + " of " + std::to_string(st.total) +
                         " suggested fixes.");
  }
  // The filters can only remove findings: an error status may drop to 0.
  if (rr.exitCode == 1) {
    bool anyError = false;
    for (const FileResult &fr : rr.files)
      for (const Diagnostic &d : fr.diags)
        anyError |= d.severity == Severity::Error;
    if (!anyError)
      rr.exitCode = 0;
  }
  return true;
}

} // namespace alint
