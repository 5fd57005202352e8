// Output formats: clang-tidy text, JSON (design.md), SARIF 2.1.0.
#include "cli/Output.h"

#include "cli/PortingReport.h"
#include "rules/Check.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <map>
#include <set>
#include <sstream>

namespace alint {

using nlohmann::json;

static std::string where(const SourceLoc &l) {
  if (l.file.empty())
    return "<unknown>:0:0";
  return l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column);
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
      err << "error: " << fr.error << "\n";
    for (const std::string &w : fr.warnings)
      err << "warning: " << w << "\n";
    for (const std::string &n : fr.notes)
      err << "note: " << n << "\n";
    for (const Diagnostic &d : fr.diags) {
      std::string msg = d.message;
      if (targetCount > 1 && msg.find(d.target) == std::string::npos)
        msg += " (on " + d.target + ")";
      out << where(d.loc) << ": " << severityName(d.severity) << ": " << msg << " [" << d.check << "]\n";
      if (!d.counterexample.empty())
        out << where(d.loc) << ": note: counterexample: " << cexText(d) << "\n";
      for (const Related &r : d.related)
        out << where(r.loc) << ": note: " << r.message << "\n";
      if (!d.hint.empty() && d.severity != Severity::Note)
        out << where(d.loc) << ": note: hint: " << d.hint << "\n";
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
          out << where(d.loc) << ": note: not found on " << ok << ": this finding is specific to " << [&] {
            std::string s;
            for (const std::string &t : here)
              s += (s.empty() ? "" : ", ") + t;
            return s;
          }() << "\n";
      }
    }
    if (!o.quiet)
      for (const KernelVerdict &kv : fr.verdicts) {
        out << kv.kernel << " (" << kv.target << "): " << kv.obligations << " obligations, " << kv.proved << " proved";
        if (kv.violated)
          out << ", " << kv.violated << " violated";
        if (kv.counterexample)
          out << ", " << kv.counterexample << " counterexample" << (kv.counterexample > 1 ? "s" : "");
        if (kv.unknown)
          out << ", " << kv.unknown << " unknown";
        out << "\n";
      }
  }
  if (!o.quiet)
    printPortingText(buildPortingReport(rr), out);
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
        fx.push_back(fj);
      }
      j["fixits"] = fx;
      if (!d.hint.empty())
        j["hint"] = d.hint;
      diags.push_back(j);
    }
    for (const KernelVerdict &kv : fr.verdicts) {
      kernels.push_back({{"file", kv.file},
                         {"kernel", kv.kernel},
                         {"target", kv.target},
                         {"obligations", kv.obligations},
                         {"proved", kv.proved},
                         {"violated", kv.violated},
                         {"counterexample", kv.counterexample},
                         {"unknown", kv.unknown}});
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
  out << doc.dump(2) << "\n";
}

void printSarif(const RunResult &rr, std::ostream &out) {
  json rules = json::array();
  std::map<std::string, int> ruleIndex;
  for (const CheckInfo &ci : checkRegistry()) {
    ruleIndex[ci.id] = int(rules.size());
    rules.push_back({{"id", ci.id},
                     {"name", ci.id},
                     {"shortDescription", {{"text", ci.summary}}},
                     {"helpUri", "docs/checks/" + ci.id + ".md"}});
  }
  json results = json::array();
  for (const FileResult &fr : rr.files)
    for (const Diagnostic &d : fr.diags) {
      json r = {{"ruleId", d.check},
                {"level", d.severity == Severity::Error     ? "error"
                          : d.severity == Severity::Warning ? "warning"
                                                            : "note"},
                {"message", {{"text", d.message + (d.target.empty() ? "" : " [" + d.target + "]")}}},
                {"locations", json::array({{{"physicalLocation",
                                             {{"artifactLocation", {{"uri", d.loc.file}}},
                                              {"region",
                                               {{"startLine", std::max(1u, d.loc.line)},
                                                {"startColumn", std::max(1u, d.loc.column)}}}}}}})}};
      if (ruleIndex.count(d.check))
        r["ruleIndex"] = ruleIndex[d.check];
      json rel = json::array();
      int id = 0;
      for (const Related &x : d.related)
        rel.push_back(
            {{"id", id++},
             {"message", {{"text", x.message}}},
             {"physicalLocation",
              {{"artifactLocation", {{"uri", x.loc.file}}}, {"region", {{"startLine", std::max(1u, x.loc.line)}}}}}});
      if (!rel.empty())
        r["relatedLocations"] = rel;
      // FNV-1a: stable across builds and platforms; no line numbers, so a
      // finding keeps its fingerprint when unrelated edits move it.
      uint64_t h = 1469598103934665603ULL;
      for (unsigned char ch : d.check + "|" + d.loc.file + "|" + d.kernel + "|" + d.target + "|" + d.message) {
        h ^= ch;
        h *= 1099511628211ULL;
      }
      std::ostringstream fp;
      fp << std::hex << h;
      r["partialFingerprints"] = {{"ascendcLint/v1", fp.str()}};
      results.push_back(r);
    }
  json doc = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({{{"tool",
                                      {{"driver",
                                        {{"name", "ascendc-lint"},
                                         {"version", ALINT_VERSION},
                                         {"informationUri", "https://example.invalid/ascendc-lint"},
                                         {"rules", rules}}}}},
                                     {"results", results}}})}};
  out << doc.dump(2) << "\n";
}

} // namespace alint
