// Output formats: clang-tidy text, JSON (design.md), SARIF 2.1.0.
#include "cli/Output.h"
#include "cli/Ranges.h"

#include "cli/Baseline.h"
#include "cli/Failure.h"
#include "cli/FixIts.h"
#include "cli/PortingReport.h"
#include "cli/Uri.h"
#include "rules/Check.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <nlohmann/json.hpp>

#include <cctype>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

namespace alint {

using nlohmann::json;

static std::string locationText(const SourceLoc &l) {
  if (l.file.empty())
    return "<unknown>:0:0";
  return l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column);
}

// "verified" only when every reached call was modelled and every obligation
// proved; "partially verified" when something is unknown or not modelled.
std::string verdictName(const KernelVerdict &kv) {
  if (kv.verified())
    return "verified";
  if (kv.partial())
    return "partially verified";
  return "not verified";
}

static std::string verdictText(const KernelVerdict &kv) {
  std::string s = ": " + verdictName(kv);
  if (!kv.neverLaunched.empty())
    return s + " (" + kv.neverLaunched + ")";
  if (!kv.partial())
    return s;
  std::vector<std::string> parts;
  if (kv.unknown)
    parts.push_back(std::to_string(kv.unknown) + " unknown");
  if (kv.unmodelled)
    parts.push_back(std::to_string(kv.unmodelled) + " unmodelled call" + (kv.unmodelled > 1 ? "s" : ""));
  if (kv.notModelled)
    parts.push_back(std::to_string(kv.notModelled) + " construct" + (kv.notModelled > 1 ? "s" : "") + " not modelled");
  s += " (";
  for (size_t i = 0; i < parts.size(); ++i)
    s += (i ? ", " : "") + parts[i];
  if (!kv.topReasons.empty()) {
    s += "; top reasons: ";
    for (size_t i = 0; i < kv.topReasons.size(); ++i)
      s += (i ? "; " : "") + kv.topReasons[i].first +
           (kv.topReasons[i].second > 1 ? " (x" + std::to_string(kv.topReasons[i].second) + ")" : "");
  }
  return s + ")";
}

static std::string cexText(const Diagnostic &d) {
  std::string s;
  for (auto &[n, v] : d.counterexample)
    s += (s.empty() ? "" : " ") + n + "=" + std::to_string(v);
  return s;
}

void printText(const RunResult &rr, const Options &o, size_t targetCount, std::ostream &out, std::ostream &err) {
  for (const FileResult &fr : rr.files) {
    if (!fr.ok)
      err << failureText(fr) << "\n";
    for (const std::string &w : fr.warnings)
      err << "warning: " << w << "\n";
    for (const std::string &n : fr.notes)
      err << "note: " << n << "\n";
    for (const Diagnostic &d : fr.diags) {
      std::string msg = d.message;
      if (!d.variant.empty())
        msg += " [" + d.variant + "]";
      if (targetCount > 1 && msg.find(d.target) == std::string::npos)
        msg += " (on " + d.target + ")";
      out << locationText(d.loc) << ": " << severityName(d.severity) << ": " << msg << " [" << d.check << "]\n";
      if (!d.counterexample.empty())
        out << locationText(d.loc) << ": note: counterexample: " << cexText(d) << "\n";
      for (const Related &r : d.related)
        out << locationText(r.loc) << ": note: " << r.message << "\n";
      if (!d.hint.empty() && d.severity != Severity::Note)
        out << locationText(d.loc) << ": note: hint: " << d.hint << "\n";
      for (const FixIt &f : d.fixits) // clang-tidy's wording once applied
        out << locationText(f.loc) << ": note: "
            << (o.fix ? std::string("FIX-IT applied suggested code changes") : "FIX-IT: " + describeFixIt(f)) << "\n";
      // Porting: say when a finding holds on some of the linted chips only.
      if (targetCount > 1 && d.severity != Severity::Note) {
        std::set<std::string> all, here;
        for (const KernelVerdict &kv : fr.verdicts)
          if (kv.kernel == d.kernel)
            all.insert(kv.target);
        for (const Diagnostic &e : fr.diags)
          if (e.check == d.check && e.loc.line == d.loc.line && e.loc.column == d.loc.column &&
              e.loc.file == d.loc.file && e.severity != Severity::Note)
            here.insert(e.target);
        std::string ok;
        for (const std::string &t : all)
          if (!here.count(t))
            ok += (ok.empty() ? "" : ", ") + t;
        if (!ok.empty() && d.target == *here.begin())
          out << locationText(d.loc) << ": note: not found on " << ok << ": this finding is specific to " << [&] {
            std::string s;
            for (const std::string &t : here)
              s += (s.empty() ? "" : ", ") + t;
            return s;
          }() << "\n";
      }
    }
    // Verdicts go to stderr: stdout holds diagnostics only, as clang-tidy's.
    if (!o.quiet)
      for (const KernelVerdict &kv : fr.verdicts) {
        err << kv.kernel << (kv.variant.empty() ? "" : " [" + kv.variant + "]") << " (" << kv.target
            << "): " << kv.obligations << " obligations, " << kv.proved << " proved";
        if (kv.violated)
          err << ", " << kv.violated << " violated";
        if (kv.counterexample)
          err << ", " << kv.counterexample << " counterexample" << (kv.counterexample > 1 ? "s" : "");
        if (kv.unknown)
          err << ", " << kv.unknown << " unknown";
        if (kv.notCompiled)
          err << "; " << kv.notCompiled << " expression" << (kv.notCompiled > 1 ? "s" : "") << " did not compile and "
              << (kv.notCompiled > 1 ? "were" : "was") << " not modelled (first: " << kv.notCompiledFirst << ")";
        err << verdictText(kv) << "\n";
      }
  }
  if (!o.quiet)
    printPortingText(buildPortingReport(rr), err);
}

static json reasonsJson(const KernelVerdict &kv) {
  json r = json::array();
  for (auto &[why, n] : kv.topReasons)
    r.push_back({{"reason", why}, {"count", n}});
  return r;
}

json kernelVerdictJson(const KernelVerdict &kv) {
  return {{"file", kv.file},
          {"kernel", kv.kernel},
          {"target", kv.target},
          {"obligations", kv.obligations},
          {"proved", kv.proved},
          {"violated", kv.violated},
          {"counterexample", kv.counterexample},
          {"unknown", kv.unknown},
          {"verdict", verdictName(kv)},
          {"unmodelledCalls", kv.unmodelled},
          {"notModelled", kv.notModelled},
          {"topReasons", reasonsJson(kv)},
          {"variant", kv.variant},
          {"calls", kv.calls},
          {"modelledCalls", kv.modelledCalls},
          {"notCompiled", kv.notCompiled},
          {"neverLaunched", kv.neverLaunched}};
}

static json locJson(const SourceLoc &l) { return {{"file", l.file}, {"line", l.line}, {"column", l.column}}; }

void printJson(const RunResult &rr, std::ostream &out) {
  json diags = json::array();
  json kernels = json::array();
  json failures = json::array();
  unsigned obligations = 0, proved = 0, violated = 0, cex = 0, unknown = 0;
  for (const FileResult &fr : rr.files) {
    if (!fr.ok)
      failures.push_back({{"file", fr.file}, {"message", fr.error}});
    for (const Diagnostic &d : fr.diags) {
      json j = {{"check", d.check},
                {"severity", severityName(d.severity)},
                {"status", statusName(d.status)},
                {"message", d.message},
                {"variant", d.variant},
                {"file", d.loc.file},
                {"line", d.loc.line},
                {"column", d.loc.column},
                {"target", d.target},
                {"kernel", d.kernel}};
      json cx = json::object();
      for (auto &[n, v] : d.counterexample)
        cx[n] = v;
      j["counterexample"] = cx;
      json rel = json::array();
      for (const Related &r : d.related) {
        json rj = locJson(r.loc);
        rj["message"] = r.message;
        rel.push_back(rj);
      }
      j["related"] = rel;
      json fx = json::array();
      for (const FixIt &f : d.fixits) {
        json fj = locJson(f.loc);
        fj["replacement"] = f.replacement;
        fj["length"] = f.length;
        fj["offset"] = f.offset;
        fx.push_back(fj);
      }
      j["fixits"] = fx;
      if (!d.hint.empty())
        j["hint"] = d.hint;
      diags.push_back(j);
    }
    for (const KernelVerdict &kv : fr.verdicts) {
      kernels.push_back(kernelVerdictJson(kv));
      obligations += kv.obligations;
      proved += kv.proved;
      violated += kv.violated;
      cex += kv.counterexample;
      unknown += kv.unknown;
    }
  }
  json doc = {{"version", 1},
              {"tool", {{"name", "ascendc-lint"}, {"version", ALINT_VERSION}}},
              {"diagnostics", diags},
              {"kernels", kernels},
              {"failures", failures},
              {"summary",
               {{"files", rr.files.size()},
                {"obligations", obligations},
                {"proved", proved},
                {"violated", violated},
                {"counterexample", cex},
                {"unknown", unknown}}},
              {"porting", portingJson(buildPortingReport(rr))}};
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

// 0-based LSP range of a finding (cli/Ranges.h: UTF-16 code units).
static json lspRange(const SourceLoc &l, SourceText &src) {
  Utf16Range r = findingRange(l, src);
  return {{"start", {{"line", r.line}, {"character", r.character}}},
          {"end", {{"line", r.endLine}, {"character", r.endCharacter}}}};
}

void printLsp(const RunResult &rr, SourceText &src, std::ostream &out) {
  // Documents in first-seen order: each linted file (even without findings,
  // so an editor clears stale ones), then headers with findings.
  std::vector<std::string> order;
  std::map<std::string, json> docs;
  auto doc = [&](const std::string &file) -> json & {
    std::string uri = fileUri(file);
    if (!docs.count(uri)) {
      order.push_back(uri);
      docs[uri] = json::array();
    }
    return docs[uri];
  };
  for (const FileResult &fr : rr.files) {
    doc(fr.file);
    std::set<std::string> targets;
    for (const KernelVerdict &kv : fr.verdicts)
      targets.insert(kv.target);
    for (const Diagnostic &d : fr.diags) {
      if (d.loc.file.empty())
        continue;
      std::string msg = d.message;
      if (!d.variant.empty())
        msg += " [" + d.variant + "]";
      if (targets.size() > 1 && msg.find(d.target) == std::string::npos)
        msg += " (on " + d.target + ")";
      if (!d.counterexample.empty())
        msg += "\ncounterexample: " + cexText(d);
      if (!d.hint.empty() && d.severity != Severity::Note)
        msg += "\nhint: " + d.hint;
      json j = {{"range", lspRange(d.loc, src)},
                {"severity", d.severity == Severity::Error     ? 1
                             : d.severity == Severity::Warning ? 2
                                                               : 3},
                {"code", d.check},
                {"source", "ascendc-lint"},
                {"message", msg}};
      json rel = json::array();
      for (const Related &r : d.related)
        if (!r.loc.file.empty())
          rel.push_back(
              {{"location", {{"uri", fileUri(r.loc.file)}, {"range", lspRange(r.loc, src)}}}, {"message", r.message}});
      if (!rel.empty())
        j["relatedInformation"] = rel;
      // For textDocument/codeAction: the fix-its as TextEdits.
      json data = {{"target", d.target}, {"kernel", d.kernel}, {"status", statusName(d.status)}};
      json edits = json::array();
      for (const FixIt &f : d.fixits) {
        if (f.offset < 0) // not resolved against the source: no range to edit
          continue;
        Utf16Range r = fixItRange(f, src);
        edits.push_back({{"uri", fileUri(f.loc.file)},
                         {"range",
                          {{"start", {{"line", r.line}, {"character", r.character}}},
                           {"end", {{"line", r.endLine}, {"character", r.endCharacter}}}}},
                         {"newText", f.replacement}});
      }
      if (!edits.empty())
        data["fixits"] = edits;
      j["data"] = data;
      doc(d.loc.file).push_back(j);
    }
  }
  for (const std::string &uri : order)
    out << json{{"uri", uri}, {"diagnostics", docs[uri]}}.dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
}

} // namespace alint
