// ascendc-lint: static linter and verifier for AscendC kernels.
#include "checker/frontend/Paths.h"

#include "checker/model/Target.h"
#include "cli/Config.h"
#include "cli/Driver.h"
#include "cli/ExprParser.h"
#include "cli/Failure.h"
#include "cli/Lsp.h"
#include "cli/Options.h"
#include "cli/Output.h"
#include "cli/TidyCompat.h"
#include "cli/Workflow.h"
#include "rules/Check.h"
#include <llvm/Support/CrashRecoveryContext.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <malloc.h>
#include <set>
#include <sstream>

namespace alint::embedded {
const std::vector<std::pair<const char *, const char *>> &checkDocs();
}

using namespace alint;

int main(int argc, char **argv) {
  // Freed memory stays in the heap for the next allocation: every obligation
  // gets a fresh Z3 context (smt/Solver.cpp FreshContext), whose tables glibc
  // would otherwise map and unmap each time, paying the page faults again
  // (ops-math sim_thread_exponential: a third of the file's CPU time in the
  // kernel, and the CPU-time backstop fired before the Z3 units were spent).
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  setExecutablePath(argv[0]);
  llvm::CrashRecoveryContext::Enable(); // a fault in one kernel is that kernel's failure
  Options o;
  std::string err;
  if (!parseOptions(argc, argv, o, err)) {
    std::cerr << "ascendc-lint: error: " << err << "\n";
    return 2;
  }
  if (o.help) {
    std::cout << usage();
    return 0;
  }
  if (o.version) {
    std::cout << "ascendc-lint " << ALINT_VERSION << "\n";
    return 0;
  }
  if (o.printApiDir) {
    std::string d = findApiDir();
    if (d.empty()) {
      std::cerr << "ascendc-lint: error: bundled AscendC headers not found\n";
      return 2;
    }
    std::cout << d << "\n";
    return 0;
  }
  // Targets: built-ins plus any user descriptions.
  std::vector<model::TargetSpec> userTargets;
  for (const std::string &f : o.targetFiles) {
    std::ifstream in(f);
    if (!in) {
      std::cerr << "ascendc-lint: error: " << f << ": cannot open target file\n";
      return 2;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    auto t = model::parseTarget(ss.str(), f, err);
    if (!t) {
      std::cerr << "ascendc-lint: error: " << err << "\n";
      return 2;
    }
    userTargets.push_back(*t);
  }
  auto findTarget = [&](const std::string &name) -> const model::TargetSpec * {
    for (auto &t : userTargets)
      if (t.name == name)
        return &t;
    return model::findBuiltinTarget(name);
  };
  if (o.listTargets) {
    for (const auto &t : model::builtinTargets())
      std::cout << t.name << "  (__NPU_ARCH__ " << t.npuArch << ", " << (t.splitCores ? "split" : "coupled")
                << " cores)\n";
    for (const auto &t : userTargets)
      std::cout << t.name << "  (from --target-file)\n";
    return 0;
  }
  if (!o.dumpTarget.empty()) {
    const model::TargetSpec *t = findTarget(o.dumpTarget);
    if (!t) {
      std::cerr << "ascendc-lint: error: unknown target '" << o.dumpTarget << "' (see --list-targets)\n";
      return 2;
    }
    std::cout << model::targetToJson(*t) << "\n";
    return 0;
  }
  if (!o.explain.empty()) {
    for (const auto &[file, text] : alint::embedded::checkDocs())
      if (std::string(file) == o.explain + ".md") {
        std::cout << text;
        return 0;
      }
    std::cerr << "ascendc-lint: error: no check named '" << o.explain << "' (see --list-checks)\n";
    return 2;
  }
  if (o.listChecks) {
    for (const CheckInfo &c : checkRegistry())
      if (checkEnabled(o.checks, c.id))
        std::cout << c.id << "  " << c.summary << "\n";
    return 0;
  }
  TargetResolver resolve;
  resolve.find = findTarget;
  resolve.defaults = [&]() {
    std::vector<const model::TargetSpec *> d;
    for (auto &t : userTargets) // a user's own chip file alone means "lint for it"
      d.push_back(&t);
    if (d.empty())
      d.push_back(model::findBuiltinTarget("ascend910b"));
    return d;
  };
  for (const std::string &name : o.targets)
    if (!findTarget(name)) {
      std::cerr << "ascendc-lint: error: unknown target '" << name << "' (see --list-targets)\n";
      return 2;
    }
  if (!o.configFile.empty()) {
    if (!loadConfigFile(o.configFile, err)) {
      std::cerr << "ascendc-lint: error: " << err << "\n";
      return 2;
    }
  }
  if (!checkTidyOptions(o, err)) {
    std::cerr << "ascendc-lint: error: " << err << "\n";
    return 2;
  }
  if (o.lsp)
    return runLanguageServer(o, resolve, std::cin, std::cout);
  if (o.verifyConfig)
    return verifyConfig(o, std::cout, std::cerr);
  if (o.dumpConfig) {
    std::string where = o.files.empty() ? std::string("./.here") : o.files.front();
    auto c = configFor(where, o, err);
    if (!c) {
      std::cerr << "ascendc-lint: error: " << err << "\n";
      return 2;
    }
    Config eff = *c;
    if (o.checksGiven)
      eff.checks = eff.checks ? *eff.checks + "," + o.checks : o.checks;
    if (!o.targets.empty())
      eff.targets = o.targets;
    if (o.autoSyncGiven)
      eff.autoSync = o.autoSync;
    if (!o.warningsAsErrors.empty())
      eff.warningsAsErrors = o.warningsAsErrors;
    if (o.headerFilterGiven)
      eff.headerFilterRegex = o.headerFilter;
    for (auto &a : o.assumptions)
      eff.assumptions.push_back(a);
    std::cout << dumpConfig(eff);
    return 0;
  }
  std::vector<std::pair<std::string, Sym>> assumptions;
  for (const std::string &a : o.assumptions) {
    auto s = parseAssumption(a, err);
    if (!s) {
      std::cerr << "ascendc-lint: error: " << err << "\n";
      return 2;
    }
    assumptions.push_back({a, *s});
  }
  if (o.files.empty() && o.buildDir.empty()) {
    std::cerr << "ascendc-lint: error: no input files (see --help)\n";
    return 2;
  }
  // A typo in --checks would silently weaken the run (`*,-sync-rcae` keeps
  // sync-race on): every glob must match a check.
  if (o.checksGiven) {
    for (std::string g : splitGlobs(o.checks)) {
      if (!g.empty() && g[0] == '-')
        g = g.substr(1);
      bool matched = g.empty();
      for (const CheckInfo &c : checkRegistry())
        matched |= checkEnabled(g, c.id);
      if (!matched) {
        std::cerr << "ascendc-lint: error: --checks: "
                  << (g.find_first_of("*?") == std::string::npos ? "unknown check '" : "check glob '") << g
                  << (g.find_first_of("*?") == std::string::npos ? "'" : "' matches no check")
                  << " (see --list-checks)\n";
        return 2;
      }
    }
  }
  // clang-tidy: selecting no check is an error, not a silent pass.
  if (!o.allowNoChecks) {
    bool any = false;
    std::vector<std::string> where = o.files;
    if (where.empty())
      where.push_back("./.here");
    for (const std::string &f : where) {
      std::string e;
      std::string checks = effectiveChecks(f, o, e);
      for (const CheckInfo &c : checkRegistry())
        any |= checkEnabled(checks, c.id);
      any |= !e.empty(); // a bad configuration is reported with its file below
    }
    if (!any) {
      std::cerr << "ascendc-lint: error: no checks enabled (see --list-checks; --allow-no-checks to allow it)\n";
      return 2;
    }
  }
  if (!checkWorkflowOptions(o, err)) {
    std::cerr << "ascendc-lint: error: " << err << "\n";
    return 2;
  }
  RunResult rr = runLint(o, resolve, assumptions);
  SourceText src;
  std::vector<std::string> messages;
  if (!finishRun(rr, o, src, messages, err)) {
    std::cerr << "ascendc-lint: error: " << err << "\n";
    return 2;
  }
  if (o.dumpModel) { // like clang -ast-dump: the models only
    nlohmann::json all = nlohmann::json::array();
    for (auto &f : rr.files) {
      if (!f.ok)
        std::cerr << "error: " << f.error << "\n";
      if (o.format == OutputFormat::Json) {
        if (!f.modelDump.empty())
          for (auto &m : nlohmann::json::parse(f.modelDump))
            all.push_back(m);
      } else {
        std::cout << f.modelDump;
      }
    }
    if (o.format == OutputFormat::Json)
      std::cout << nlohmann::json({{"models", all}}).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                << "\n";
    return rr.exitCode == 3 ? 3 : 0;
  }
  switch (o.format) {
  case OutputFormat::Text: {
    size_t targetCount = 1; // name the target in messages when a file is linted for several
    for (auto &f : rr.files) {
      std::set<std::string> ts;
      for (auto &v : f.verdicts)
        ts.insert(v.target);
      targetCount = std::max(targetCount, ts.size());
    }
    // Diagnostics on stdout with their source line and caret; verdicts and
    // summaries on stderr, as clang-tidy prints its own.
    std::ostringstream diags;
    printText(rr, o, targetCount, diags, std::cerr);
    std::cout << decorateText(diags.str(), src, useColor(o));
    break;
  }
  case OutputFormat::Json:
  case OutputFormat::Sarif:
  case OutputFormat::Lsp:
    if (o.format == OutputFormat::Json)
      printJson(rr, std::cout);
    else if (o.format == OutputFormat::Sarif)
      printSarif(rr, src, std::cout);
    else
      printLsp(rr, src, std::cout);
    // stdout holds one document; messages about the run go to stderr
    for (auto &f : rr.files) {
      if (!f.ok)
        std::cerr << failureText(f) << "\n";
      for (auto &w : f.warnings)
        std::cerr << "warning: " << w << "\n";
      for (auto &n : f.notes)
        std::cerr << "note: " << n << "\n";
    }
    break;
  }
  for (const std::string &m : messages)
    std::cerr << "note: " << m << "\n";
  if (!o.quiet)
    std::cerr << suppressedSummary(rr);
  if (o.stats) {
    const auto &s = rr.stats;
    std::cerr << "stats: parse+extract " << s.parseSeconds << " s, checks " << s.checkSeconds << " s (z3 "
              << s.solveSeconds << " s), obligations " << s.solver.queries << ", z3 calls " << s.solver.z3Calls
              << ", cache hits " << s.solver.cacheHits << ", timeouts " << s.solver.timeouts;
    if (!o.cacheDir.empty())
      std::cerr << ", result cache: " << s.fileCacheHits << " hits, " << s.fileCacheMisses << " misses";
    std::cerr << "\n";
    // Coverage per kernel variant: AscendC calls reached and modelled.
    for (const FileResult &f : rr.files)
      for (const KernelVerdict &kv : f.verdicts)
        std::cerr << "stats: " << kv.kernel << (kv.variant.empty() ? "" : " [" + kv.variant + "]") << " (" << kv.target
                  << "): " << kv.calls << " AscendC calls reached, " << kv.modelledCalls << " modelled, "
                  << kv.notCompiled << " did not compile\n";
  }
  return rr.exitCode;
}
