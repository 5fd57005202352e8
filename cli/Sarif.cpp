// SARIF 2.1.0 output, written to pass Microsoft's validator (Sarif.Multitool
// `validate`, SARIF and GitHub rule sets) and GitHub code scanning:
// absolute helpUri, file:// or %SRCROOT%-relative percent-encoded artifact
// URIs, UTF-16 columns, rule descriptions from docs/checks, files that could
// not be analysed as tool execution notifications, fix-its as `fixes`.
#include "cli/Baseline.h"
#include "cli/Failure.h"
#include "cli/FixIts.h"
#include "cli/Output.h"
#include "cli/Ranges.h"
#include "cli/Uri.h"
#include "rules/Check.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <nlohmann/json.hpp>

#include <cctype>
#include <map>
#include <ostream>

namespace alint::embedded {
const std::vector<std::pair<const char *, const char *>> &checkDocs();
}

namespace alint {

using nlohmann::json;

namespace {

// Messages are sentences (validator rule SARIF2001).
std::string sentence(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.pop_back();
  if (!s.empty() && s.back() != '.' && s.back() != '!' && s.back() != '?')
    s += '.';
  return s;
}

// "capacity-overflow" -> "CapacityOverflow" (a rule's friendly name).
std::string pascalCase(const std::string &id) {
  std::string n;
  bool up = true;
  for (char c : id) {
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      up = true;
      continue;
    }
    n += up ? char(std::toupper(static_cast<unsigned char>(c))) : c;
    up = false;
  }
  return n;
}

// The first paragraph of a check's page, one line.
std::string firstParagraph(const std::string &md) {
  std::string para, line;
  size_t pos = 0;
  bool started = false;
  while (pos <= md.size()) {
    size_t nl = md.find('\n', pos);
    line = md.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    pos = nl == std::string::npos ? md.size() + 1 : nl + 1;
    if (line.compare(0, 1, "#") == 0)
      continue;
    if (line.find_first_not_of(" \t\r") == std::string::npos) {
      if (started)
        break;
      continue;
    }
    started = true;
    para += (para.empty() ? "" : " ") + line;
  }
  return para;
}

const char *levelOf(Severity s) { return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "note"; }

class ArtifactUris {
public:
  ArtifactUris() {
    llvm::SmallString<256> cwd;
    if (!llvm::sys::fs::current_path(cwd))
      root_ = std::string(cwd) + "/";
  }
  // The %SRCROOT% base: the working folder, as GitHub code scanning wants
  // paths relative to the repository root.
  json baseIds() const {
    json j = json::object();
    if (!root_.empty())
      j["%SRCROOT%"] = {{"uri", fileUri(root_) + "/"}};
    return j;
  }
  json location(const std::string &file) const {
    llvm::SmallString<256> a(file);
    llvm::sys::fs::make_absolute(a);
    llvm::sys::path::remove_dots(a, true);
    std::string abs(a);
    if (!root_.empty() && abs.compare(0, root_.size(), root_) == 0)
      return {{"uri", percentEncode(abs.substr(root_.size()))}, {"uriBaseId", "%SRCROOT%"}};
    return {{"uri", fileUri(abs)}};
  }

private:
  std::string root_;
};

json regionOf(const SourceLoc &l, SourceText &src) {
  Utf16Range r = findingRange(l, src);
  json j = {{"startLine", std::max(1u, l.line)}, {"startColumn", r.character + 1}};
  if (r.endCharacter > r.character)
    j["endColumn"] = r.endCharacter + 1;
  return j;
}

json physical(const SourceLoc &l, SourceText &src, const ArtifactUris &uris) {
  return {{"artifactLocation", uris.location(l.file)}, {"region", regionOf(l, src)}};
}

std::string cexText(const Diagnostic &d) {
  std::string s;
  for (auto &[n, v] : d.counterexample)
    s += (s.empty() ? "" : ", ") + n + "=" + std::to_string(v);
  return s;
}

} // namespace

void printSarif(const RunResult &rr, SourceText &src, std::ostream &out) {
  std::map<std::string, std::string> docs;
  for (const auto &[file, text] : embedded::checkDocs()) {
    std::string f = file;
    docs[f.substr(0, f.size() - 3)] = text; // without ".md"
  }
  const std::string docBase = std::string(ALINT_HOMEPAGE) + "/blob/main/docs/checks/";
  json rules = json::array();
  std::map<std::string, int> ruleIndex;
  for (const CheckInfo &ci : checkRegistry()) {
    ruleIndex[ci.id] = int(rules.size());
    std::string page = docs.count(ci.id) ? docs[ci.id] : "";
    std::string full = page.empty() ? ci.summary : firstParagraph(page);
    json rule = {{"id", ci.id},
                 {"name", pascalCase(ci.id)},
                 {"shortDescription", {{"text", sentence(ci.summary)}}},
                 {"fullDescription", {{"text", sentence(full)}}},
                 {"helpUri", docBase + ci.id + ".md"}};
    rule["help"] = {{"text", sentence(full) + " See " + docBase + ci.id + ".md"},
                    {"markdown", page.empty() ? sentence(full) : page}};
    rules.push_back(rule);
  }
  ArtifactUris uris;
  json results = json::array();
  json notifications = json::array();
  bool allOk = true;
  for (const FileResult &fr : rr.files) {
    if (!fr.ok) {
      allOk = false;
      FailureLoc f = splitFailure(fr);
      json n = {{"level", "error"}, {"message", {{"text", sentence(f.message)}}}};
      if (!f.file.empty()) {
        json pl = {{"artifactLocation", uris.location(f.file)}};
        if (f.line) {
          pl["region"] = {{"startLine", f.line}};
          if (f.column)
            pl["region"]["startColumn"] = utf16Length(src.line(f.file, f.line), f.column - 1) + 1;
        }
        n["locations"] = json::array({{{"physicalLocation", pl}}});
      }
      notifications.push_back(n);
    }
    for (const std::string &w : fr.warnings)
      notifications.push_back({{"level", "warning"}, {"message", {{"text", sentence(w)}}}});
    for (const Diagnostic &d : fr.diags) {
      std::string text = d.message;
      if (!d.target.empty() && text.find(d.target) == std::string::npos)
        text += " (on " + d.target + ")";
      if (!d.variant.empty())
        text += " [" + d.variant + "]";
      text = sentence(text);
      if (!d.counterexample.empty())
        text += " Counterexample: " + cexText(d) + ".";
      json r = {{"ruleId", d.check},
                {"level", levelOf(d.severity)},
                {"message", {{"text", text}}},
                {"locations", json::array({{{"physicalLocation", physical(d.loc, src, uris)}}})}};
      if (ruleIndex.count(d.check))
        r["ruleIndex"] = ruleIndex[d.check];
      json rel = json::array();
      int id = 0;
      for (const Related &x : d.related) {
        if (x.loc.file.empty())
          continue;
        rel.push_back({{"id", id++},
                       {"message", {{"text", sentence(x.message)}}},
                       {"physicalLocation", physical(x.loc, src, uris)}});
      }
      if (!rel.empty())
        r["relatedLocations"] = rel;
      json fixes = json::array();
      for (const FixIt &f : d.fixits) {
        if (f.offset < 0)
          continue;
        Utf16Range fr16 = fixItRange(f, src);
        json change = {{"artifactLocation", uris.location(f.loc.file)},
                       {"replacements", json::array({{{"deletedRegion",
                                                       {{"startLine", fr16.line + 1},
                                                        {"startColumn", fr16.character + 1},
                                                        {"endLine", fr16.endLine + 1},
                                                        {"endColumn", fr16.endCharacter + 1}}},
                                                      {"insertedContent", {{"text", f.replacement}}}}})}};
        fixes.push_back(
            {{"description", {{"text", sentence(describeFixIt(f))}}}, {"artifactChanges", json::array({change})}});
      }
      if (!fixes.empty())
        r["fixes"] = fixes;
      // No line numbers: a finding keeps its fingerprint when unrelated edits
      // move it (cli/Baseline.h; the same as --baseline uses).
      r["partialFingerprints"] = {{"ascendcLint/v2", fingerprint(d, src)}};
      json props = {{"target", d.target}, {"kernel", d.kernel}, {"status", statusName(d.status)}};
      if (!d.variant.empty())
        props["variant"] = d.variant;
      if (!d.counterexample.empty()) {
        json cx = json::object();
        for (auto &[n, v] : d.counterexample)
          cx[n] = v;
        props["counterexample"] = cx;
      }
      if (!d.hint.empty())
        props["hint"] = d.hint;
      r["properties"] = props;
      results.push_back(r);
    }
  }
  json invocation = {{"executionSuccessful", allOk}, {"exitCode", rr.exitCode}};
  if (!notifications.empty())
    invocation["toolExecutionNotifications"] = notifications;
  json run = {{"tool",
               {{"driver",
                 {{"name", "ascendc-lint"},
                  {"version", ALINT_VERSION},
                  {"semanticVersion", ALINT_VERSION},
                  {"informationUri", ALINT_HOMEPAGE},
                  {"rules", rules}}}}},
              {"invocations", json::array({invocation})},
              {"columnKind", "utf16CodeUnits"},
              {"results", results}};
  // The per-kernel verdicts ride in the run's property bag.
  json kernels = json::array();
  for (const FileResult &fr : rr.files)
    for (const KernelVerdict &kv : fr.verdicts)
      kernels.push_back(kernelVerdictJson(kv)); // the same object as --format=json's
  if (!kernels.empty())
    run["properties"] = {{"kernels", kernels}};
  json base = uris.baseIds();
  if (!base.empty())
    run["originalUriBaseIds"] = base;
  json doc = {
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"}, {"runs", json::array({run})}};
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

} // namespace alint
