#include "cli/ResultIO.h"

#include <nlohmann/json.hpp>

namespace alint {

using nlohmann::json;

namespace {

json locJson(const SourceLoc &l) { return json::array({l.file, l.line, l.column}); }

SourceLoc locFrom(const json &j) {
  SourceLoc l;
  l.file = j.at(0).get<std::string>();
  l.line = j.at(1).get<unsigned>();
  l.column = j.at(2).get<unsigned>();
  return l;
}

json statsJson(const RunStats &s) {
  return json{{"parse", s.parseSeconds},          {"check", s.checkSeconds},
              {"solve", s.solveSeconds},          {"queries", s.solver.queries},
              {"hits", s.solver.cacheHits},       {"z3", s.solver.z3Calls},
              {"timeouts", s.solver.timeouts},    {"z3s", s.solver.seconds},
              {"fileCacheHits", s.fileCacheHits}, {"fileCacheMisses", s.fileCacheMisses}};
}

RunStats statsFrom(const json &j) {
  RunStats s;
  s.parseSeconds = j.at("parse").get<double>();
  s.checkSeconds = j.at("check").get<double>();
  s.solveSeconds = j.at("solve").get<double>();
  s.solver.queries = j.at("queries").get<unsigned>();
  s.solver.cacheHits = j.at("hits").get<unsigned>();
  s.solver.z3Calls = j.at("z3").get<unsigned>();
  s.solver.timeouts = j.at("timeouts").get<unsigned>();
  s.solver.seconds = j.at("z3s").get<double>();
  s.fileCacheHits = j.at("fileCacheHits").get<unsigned>();
  s.fileCacheMisses = j.at("fileCacheMisses").get<unsigned>();
  return s;
}

} // namespace

std::string fileResultToText(const FileResult &fr) {
  json diags = json::array();
  for (const Diagnostic &d : fr.diags) {
    json cex = json::array(), related = json::array(), fixits = json::array();
    for (auto &[name, value] : d.counterexample)
      cex.push_back(json::array({name, value}));
    for (const Related &r : d.related)
      related.push_back(json::array({locJson(r.loc), r.message}));
    for (const FixIt &f : d.fixits)
      fixits.push_back(json::array(
          {locJson(f.loc), f.replacement, f.length, f.offset, f.cloneCallFrom, f.cloneCallAs, f.cloneBefore}));
    diags.push_back(json{{"check", d.check},
                         {"severity", int(d.severity)},
                         {"status", int(d.status)},
                         {"message", d.message},
                         {"loc", locJson(d.loc)},
                         {"target", d.target},
                         {"kernel", d.kernel},
                         {"variant", d.variant},
                         {"cex", cex},
                         {"related", related},
                         {"fixits", fixits},
                         {"hint", d.hint}});
  }
  json verdicts = json::array();
  for (const KernelVerdict &v : fr.verdicts) {
    json reasons = json::array();
    for (auto &[r, n] : v.topReasons)
      reasons.push_back(json::array({r, n}));
    verdicts.push_back(json::array({v.file, v.kernel, v.target, v.obligations, v.proved, v.violated, v.counterexample,
                                    v.unknown, v.unmodelled, v.notModelled, reasons, v.variant, v.calls,
                                    v.modelledCalls, v.notCompiled, v.notCompiledFirst, v.neverLaunched}));
  }
  json j{{"file", fr.file},
         {"ok", fr.ok},
         {"error", fr.error},
         {"warnings", fr.warnings},
         {"notes", fr.notes},
         {"diags", diags},
         {"verdicts", verdicts},
         {"modelDump", fr.modelDump},
         {"configError", fr.configError},
         {"nolintSuppressed", fr.nolintSuppressed},
         {"stats", statsJson(fr.stats)}};
  // CBOR: strings keep their bytes (a file name need not be UTF-8, which
  // JSON text could only replace).
  std::vector<std::uint8_t> bytes = json::to_cbor(j);
  return std::string(bytes.begin(), bytes.end());
}

std::optional<FileResult> fileResultFromText(const std::string &text) {
  json j = json::from_cbor(text, true, false);
  if (j.is_discarded() || !j.is_object())
    return std::nullopt;
  try {
    FileResult fr;
    fr.file = j.at("file").get<std::string>();
    fr.ok = j.at("ok").get<bool>();
    fr.error = j.at("error").get<std::string>();
    fr.warnings = j.at("warnings").get<std::vector<std::string>>();
    fr.notes = j.at("notes").get<std::vector<std::string>>();
    fr.nolintSuppressed = j.value("nolintSuppressed", 0u);
    for (const json &jd : j.at("diags")) {
      Diagnostic d;
      d.check = jd.at("check").get<std::string>();
      d.severity = Severity(jd.at("severity").get<int>());
      d.status = Status(jd.at("status").get<int>());
      d.message = jd.at("message").get<std::string>();
      d.loc = locFrom(jd.at("loc"));
      d.target = jd.at("target").get<std::string>();
      d.kernel = jd.at("kernel").get<std::string>();
      d.variant = jd.value("variant", std::string());
      for (const json &c : jd.at("cex"))
        d.counterexample.push_back({c.at(0).get<std::string>(), c.at(1).get<int64_t>()});
      for (const json &r : jd.at("related"))
        d.related.push_back({locFrom(r.at(0)), r.at(1).get<std::string>()});
      for (const json &f : jd.at("fixits")) {
        FixIt x;
        x.loc = locFrom(f.at(0));
        x.replacement = f.at(1).get<std::string>();
        x.length = f.at(2).get<unsigned>();
        x.offset = f.at(3).get<long>();
        x.cloneCallFrom = f.at(4).get<std::string>();
        x.cloneCallAs = f.at(5).get<std::string>();
        x.cloneBefore = f.at(6).get<bool>();
        d.fixits.push_back(std::move(x));
      }
      d.hint = jd.at("hint").get<std::string>();
      fr.diags.push_back(std::move(d));
    }
    fr.modelDump = j.value("modelDump", std::string());
    for (const json &jv : j.at("verdicts")) {
      KernelVerdict v;
      v.file = jv.at(0).get<std::string>();
      v.kernel = jv.at(1).get<std::string>();
      v.target = jv.at(2).get<std::string>();
      v.obligations = jv.at(3).get<unsigned>();
      v.proved = jv.at(4).get<unsigned>();
      v.violated = jv.at(5).get<unsigned>();
      v.counterexample = jv.at(6).get<unsigned>();
      v.unknown = jv.at(7).get<unsigned>();
      v.unmodelled = jv.at(8).get<unsigned>();
      v.notModelled = jv.at(9).get<unsigned>();
      for (const json &r : jv.at(10))
        v.topReasons.push_back({r.at(0).get<std::string>(), r.at(1).get<unsigned>()});
      if (jv.size() >= 16) {
        v.variant = jv.at(11).get<std::string>();
        v.calls = jv.at(12).get<unsigned>();
        v.modelledCalls = jv.at(13).get<unsigned>();
        v.notCompiled = jv.at(14).get<unsigned>();
        v.notCompiledFirst = jv.at(15).get<std::string>();
      }
      if (jv.size() >= 17)
        v.neverLaunched = jv.at(16).get<std::string>();
      fr.verdicts.push_back(std::move(v));
    }
    fr.configError = j.at("configError").get<bool>();
    fr.stats = statsFrom(j.at("stats"));
    return fr;
  } catch (const json::exception &) {
    return std::nullopt;
  }
}

} // namespace alint
