#include "cli/Driver.h"

#include "checker/frontend/Frontend.h"
#include "checker/frontend/Paths.h"
#include "checker/model/PipeSim.h"
#include "checker/model/Simulator.h"
#include "cli/CompileArgs.h"
#include "cli/Config.h"
#include "cli/ExprParser.h"
#include "cli/Suppressions.h"
#include "rules/Checks.h"

#include <llvm/Support/FileSystem.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <set>

namespace alint {

namespace {

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

std::optional<Sym> bindAssumption(const Sym &a, const KernelModel &k) {
  // Variable nodes of the kernel, by id.
  std::map<uint32_t, Sym> nodes;
  std::function<void(const Sym &)> walk = [&](const Sym &s) {
    if (!s)
      return;
    if (s->op == SymOp::Var)
      nodes.emplace(s->var->id, s);
    for (auto &c : s->args)
      walk(c);
  };
  for (auto &b : k.buffers) {
    walk(b.num);
    walk(b.lenBytes);
    walk(b.cond);
  }
  for (auto &g : k.globals)
    walk(g.sizeElems);
  for (auto &op : k.ops) {
    walk(op.cond);
    for (auto &p : op.params)
      walk(p.second);
    for (auto &rg : op.regions) {
      walk(rg.offsetBytes);
      walk(rg.lengthBytes);
    }
  }
  for (auto &l : k.loops) {
    walk(l.lo);
    walk(l.hi);
  }
  for (auto &f : k.facts)
    walk(f);
  bool allBound = true;
  Sym bound = substitute(a, [&](const VarInfo &v) -> Sym {
    if (v.reason != "placeholder")
      return nullptr;
    Sym exact;
    std::vector<Sym> suffix;
    for (auto &[id, s] : nodes) {
      const VarInfo &x = *s->var;
      if (x.role == VarRole::Opaque)
        continue;
      if (x.name == v.name)
        exact = s;
      else if (x.name.size() > v.name.size() &&
               x.name.compare(x.name.size() - v.name.size(), v.name.size(), v.name) == 0 &&
               x.name[x.name.size() - v.name.size() - 1] == '.')
        suffix.push_back(s);
    }
    Sym pick = exact ? exact : (suffix.size() == 1 ? suffix[0] : nullptr);
    if (!pick) {
      allBound = false;
      return nullptr;
    }
    return toMath(pick);
  });
  if (!allBound)
    return std::nullopt;
  return bound;
}

static void lintKernel(const KernelModel &k, const model::TargetSpec &t, const Options &o, const FileSettings &fs,
                       Solver &solver, FileResult &fr) {
  const auto &assumptions = fs.assumptions;
  KernelModel km = k; // assumptions from the command line join the source's
  if (!km.kernelCore && fs.core)
    km.kernelCore = fs.core;
  for (auto &[text, a] : assumptions) {
    auto b = bindAssumption(a, km);
    if (!b) {
      fr.warnings.push_back("assumption '" + text + "' names a value kernel '" + k.name +
                            "' does not use (or names it ambiguously); it is ignored there");
      continue;
    }
    {
      Assumption as;
      as.expr = *b;
      as.cond = mkBool(true);
      as.text = text;
      km.assumptions.push_back(as);
    }
  }
  KernelVerdict kv;
  kv.file = fr.file;
  kv.kernel = k.name;
  kv.target = t.name;
  AnalysisCache cache;
  cache.syncOptions.autoSync = fs.autoSync;
  for (const CheckInfo &ci : checkRegistry()) {
    if (!checkEnabled(fs.checks, ci.id))
      continue;
    auto check = ci.make();
    CheckContext ctx(km, t, &cache);
    check->run(ctx);
    for (Diagnostic &d : ctx.direct) {
      d.kernel = k.name;
      d.target = t.name;
      if (d.severity == Severity::Warning && !fs.warningsAsErrors.empty() && checkEnabled(fs.warningsAsErrors, ci.id))
        d.severity = Severity::Error;
      fr.diags.push_back(d);
    }
    for (ProofItem &item : ctx.items) {
      if (!k.incomplete.empty())
        item.ob.unknownReason = k.incomplete;
      Verdict v = solver.check(item.ob);
      ++kv.obligations;
      switch (v.status) {
      case Status::Proved:
        ++kv.proved;
        continue;
      case Status::Violated:
        ++kv.violated;
        break;
      case Status::Counterexample:
        ++kv.counterexample;
        break;
      case Status::Unknown:
        ++kv.unknown;
        break;
      }
      Diagnostic d;
      d.check = ci.id;
      d.status = v.status;
      d.severity = v.status == Status::Violated         ? Severity::Error
                   : v.status == Status::Counterexample ? Severity::Warning
                                                        : Severity::Note;
      if (d.severity == Severity::Warning && !fs.warningsAsErrors.empty() && checkEnabled(fs.warningsAsErrors, ci.id))
        d.severity = Severity::Error;
      if (d.severity == Severity::Note && !o.showUnknown)
        continue;
      d.message = item.message(v);
      d.loc = item.loc;
      d.target = t.name;
      d.kernel = k.name;
      d.counterexample = v.counterexample;
      d.related = item.related;
      d.hint = item.hint;
      fr.diags.push_back(std::move(d));
    }
  }
  // --tiling: the executable model runs the kernel with those values and
  // evaluates the same properties concretely (the second oracle). What it
  // finds that the proofs did not report is added; agreement is the norm.
  if (!o.tiling.empty() && k.incomplete.empty()) {
    model::SimConfig cfg;
    cfg.inputs = o.tiling;
    cfg.inputs.emplace("blockNum", 1);
    model::SimResult sim = model::simulate(km, t, cfg);
    if (!sim.ok && sim.findings.empty()) {
      fr.warnings.push_back("simulation of '" + k.name + "' on " + t.name + ": " + sim.error);
    } else {
      for (auto &[check, list] : sim.findings) {
        if (!checkEnabled(fs.checks, check))
          continue;
        for (const model::SimFinding &f : list) {
          bool known = false;
          for (const Diagnostic &d : fr.diags)
            known |= d.check == check && d.target == t.name && d.kernel == k.name && d.loc.line == f.loc.line &&
                     d.loc.file == f.loc.file && d.severity != Severity::Note;
          if (known)
            continue;
          Diagnostic d;
          d.check = check;
          d.severity = Severity::Error;
          d.status = Status::Violated;
          d.message = f.message + " (executable model, with the --tiling values)";
          d.loc = f.loc;
          d.target = t.name;
          d.kernel = k.name;
          d.counterexample = f.values;
          fr.diags.push_back(std::move(d));
        }
      }
    }
  }
  // A kernel that could not be modelled at all (a template never
  // instantiated, an internal error) still counts: one unknown obligation.
  if (!k.incomplete.empty() && kv.obligations == 0) {
    kv.obligations = 1;
    kv.unknown = 1;
  }
  if (o.showUnknown) // what the frontend could not model, once per kernel and target
    for (const UnknownNote &u : k.unknowns) {
      Diagnostic d;
      d.check = "frontend";
      d.severity = Severity::Note;
      d.status = Status::Unknown;
      d.message = "not modelled: " + u.reason;
      d.loc = u.loc;
      d.target = t.name;
      d.kernel = k.name;
      fr.diags.push_back(std::move(d));
    }
  fr.verdicts.push_back(kv);
}

// --timeline: run the pipe simulation of the executable model on the first
// kernel with the --tiling values and write its schedule.
static void writeTimeline(const KernelModel &k, const model::TargetSpec &t, const Options &o, const FileSettings &fs,
                          FileResult &fr, RunResult &rr) {
  model::SimConfig cfg;
  cfg.inputs = o.tiling;
  cfg.inputs.emplace("blockNum", 1); // the schedule of one core unless told otherwise
  model::PipeSimResult ps = model::simulatePipes(k, t, cfg, fs.autoSync);
  rr.timelineWritten = true;
  if (!ps.ok) {
    fr.warnings.push_back("timeline of '" + k.name + "' not written: " + ps.error);
    return;
  }
  std::ofstream out(o.timelineFile);
  if (!out) {
    fr.warnings.push_back(o.timelineFile + ": cannot write the timeline");
    return;
  }
  out << model::chromeTrace(ps, k.name);
  std::string msg = "timeline of '" + k.name + "' on " + t.name + " written to " + o.timelineFile + ": " +
                    std::to_string(ps.makespan) + " cycles (estimated);";
  for (auto &[pipe, busy] : ps.busy)
    msg += " " + std::string(pipeName(pipe)).substr(5) + " busy " + std::to_string(busy);
  for (const auto &is : ps.issues)
    msg += "; simulation: " + is.kind + " at line " + std::to_string(is.loc.line) + ": " + is.message;
  fr.notes.push_back(msg);
}

// Settings for one file: the command line over the file's configuration.
static bool settingsFor(const std::string &file, const Options &o, const TargetResolver &resolve,
                        const std::vector<std::pair<std::string, Sym>> &cmdAssumptions, const CompileInfo &ci,
                        FileSettings &fs, std::string &error) {
  fs.compileArgs = ci.args;
  fs.core = ci.core;
  Config cfg;
  if (!o.configFile.empty()) {
    auto c = loadConfigFile(o.configFile, error);
    if (!c)
      return false;
    cfg = *c;
  } else if (auto c = findConfig(file, error)) {
    cfg = *c;
  } else {
    return false;
  }
  fs.configPath = cfg.path;
  fs.checks = cfg.checks ? (o.checksGiven ? *cfg.checks + "," + o.checks : *cfg.checks) : o.checks;
  fs.warningsAsErrors =
      cfg.warningsAsErrors
          ? (o.warningsAsErrors.empty() ? *cfg.warningsAsErrors : *cfg.warningsAsErrors + "," + o.warningsAsErrors)
          : o.warningsAsErrors;
  fs.autoSync = o.autoSyncGiven ? o.autoSync : cfg.autoSync.value_or(true);
  std::vector<std::string> names = !o.targets.empty() ? o.targets : cfg.targets.value_or(std::vector<std::string>{});
  for (const std::string &n : names) {
    const model::TargetSpec *t = resolve(n);
    if (!t) {
      error = (o.targets.empty() ? cfg.path + ": " : std::string()) + "unknown target '" + n + "' (see --list-targets)";
      return false;
    }
    fs.targets.push_back(t);
  }
  if (fs.targets.empty() && ci.target) // the compiler flags name the chip
    if (const model::TargetSpec *t = resolve(*ci.target))
      fs.targets.push_back(t);
  if (fs.targets.empty())
    fs.targets = resolve.defaults();
  for (const std::string &a : cfg.assumptions) {
    auto s = parseAssumption(a, error);
    if (!s) {
      error = cfg.path + ": " + error;
      return false;
    }
    fs.assumptions.push_back({a, *s});
  }
  fs.assumptions.insert(fs.assumptions.end(), cmdAssumptions.begin(), cmdAssumptions.end());
  // --tiling values are equalities the proofs may use.
  for (auto &[name, val] : o.tiling)
    fs.assumptions.push_back(
        {name + " == " + std::to_string(val),
         mkCmp(SymOp::Eq, mkVar(name, IntType::math(), VarRole::Input, "placeholder"), mkConst(val))});
  return true;
}

RunResult runLint(const Options &o, const TargetResolver &resolve,
                  const std::vector<std::pair<std::string, Sym>> &assumptions) {
  RunResult rr;
  Solver solver(o.smtTimeoutMs);
  FrontendOptions fo;
  fo.apiDir = findApiDir();
  fo.resourceDir = findResourceDir();
  bool anyConfigError = false;
  // -p: compile commands by file; with no files named, every file in them.
  std::map<std::string, CompileInfo> commands;
  std::vector<std::string> files = o.files;
  if (!o.buildDir.empty()) {
    std::string err;
    auto entries = loadCompileCommands(o.buildDir, err);
    if (!err.empty()) {
      FileResult fr;
      fr.file = o.buildDir;
      fr.ok = false;
      fr.error = err;
      rr.files.push_back(fr);
      rr.exitCode = 2;
      return rr;
    }
    for (auto &e : entries) {
      commands[e.file] = e.info;
      if (o.files.empty())
        files.push_back(e.file);
    }
  }
  CompileInfo extra = sanitizeCompileArgs(o.extraArgs, "");
  bool anyFailed = false, anyError = false;
  for (const std::string &file : files) {
    FileResult fr;
    fr.file = file;
    if (!llvm::sys::fs::exists(file)) {
      fr.ok = false;
      fr.error = file + ": no such file";
    } else if (llvm::sys::fs::is_directory(file)) {
      fr.ok = false;
      fr.error = file + ": is a directory";
    }
    FileSettings fs;
    std::string cfgError;
    CompileInfo ci = extra;
    {
      llvm::SmallString<256> abs(file);
      llvm::sys::fs::make_absolute(abs);
      auto it = commands.find(std::string(abs));
      if (it != commands.end()) {
        ci = it->second;
        ci.args.insert(ci.args.end(), extra.args.begin(), extra.args.end());
        if (extra.target)
          ci.target = extra.target;
        if (extra.core)
          ci.core = extra.core;
      }
    }
    if (fr.ok && !settingsFor(file, o, resolve, assumptions, ci, fs, cfgError)) {
      fr.ok = false;
      fr.error = cfgError;
      anyConfigError = true;
    }
    const std::vector<const model::TargetSpec *> &targets = fs.targets;
    if (fr.ok) {
      fo.extraArgs = fs.compileArgs;
      if (o.fileTimeoutSec)
        solver.setDeadline(std::chrono::steady_clock::now() + std::chrono::seconds(o.fileTimeoutSec));
      // One parse per distinct (__NPU_ARCH__, __CCE_AICORE__).
      std::map<std::pair<int, int>, std::vector<const model::TargetSpec *>> groups;
      std::vector<std::pair<int, int>> order;
      for (auto *t : targets) {
        auto key = std::make_pair(t->npuArch, t->cceAicore);
        if (!groups.count(key))
          order.push_back(key);
        groups[key].push_back(t);
      }
      for (auto &key : order) {
        fo.npuArch = key.first;
        fo.cceAicore = key.second;
        auto t0 = std::chrono::steady_clock::now();
        FrontendResult res = analyzeFile(file, fo);
        rr.stats.parseSeconds += since(t0);
        if (!res.ok) {
          fr.ok = false;
          fr.error = res.error;
          break;
        }
        auto t1 = std::chrono::steady_clock::now();
        for (const KernelModel &k : res.model.kernels) {
          for (auto *t : groups[key])
            lintKernel(k, *t, o, fs, solver, fr);
          if (!o.timelineFile.empty() && !rr.timelineWritten)
            writeTimeline(k, *groups[key].front(), o, fs, fr, rr);
        }
        rr.stats.checkSeconds += since(t1);
      }
    }
    applySuppressions(fr.diags, file);
    // Deterministic order: location, then target order, then check.
    std::map<std::string, int> targetOrder;
    for (size_t i = 0; i < targets.size(); ++i)
      targetOrder[targets[i]->name] = int(i);
    std::stable_sort(fr.diags.begin(), fr.diags.end(), [&](const Diagnostic &a, const Diagnostic &b) {
      return std::make_tuple(a.loc.file, a.loc.line, a.loc.column, targetOrder[a.target], a.check) <
             std::make_tuple(b.loc.file, b.loc.line, b.loc.column, targetOrder[b.target], b.check);
    });
    // The same finding twice (e.g. two regions of one op) is shown once.
    fr.diags.erase(std::unique(fr.diags.begin(), fr.diags.end(),
                               [](const Diagnostic &a, const Diagnostic &b) {
                                 return a.loc.line == b.loc.line && a.loc.column == b.loc.column &&
                                        a.loc.file == b.loc.file && a.check == b.check && a.target == b.target &&
                                        a.message == b.message;
                               }),
                   fr.diags.end());
    for (auto &d : fr.diags)
      if (d.severity == Severity::Error)
        anyError = true;
    if (!fr.ok)
      anyFailed = true;
    rr.files.push_back(std::move(fr));
  }
  rr.stats.solver = solver.stats();
  rr.stats.solveSeconds = solver.stats().seconds;
  rr.exitCode = anyConfigError ? 2 : anyFailed ? 3 : (anyError ? 1 : 0);
  return rr;
}

} // namespace alint
