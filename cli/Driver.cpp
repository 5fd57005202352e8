#include "cli/Driver.h"

#include "checker/frontend/Frontend.h"
#include "checker/frontend/Paths.h"
#include "checker/model/PipeSim.h"
#include "checker/model/Simulator.h"
#include "checker/project/BuildChips.h"
#include "checker/project/OpProject.h"
#include "cli/CompileArgs.h"
#include "cli/Config.h"
#include "cli/ExprParser.h"
#include "cli/HostBinding.h"
#include "cli/ModelDump.h"
#include "cli/Progress.h"
#include "cli/ResultCache.h"
#include "cli/ResultIO.h"
#include "cli/Suppressions.h"
#include "cli/TidyCompat.h"
#include "cli/Workers.h"
#include "rules/Checks.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <unordered_set>
#include <sys/stat.h>

namespace alint {

namespace {

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The per-file time limit (CPU time, Budget.h) split between the build
// configurations (variants) of the file: unit i of n may run until
// from + (until - from) * ((i + 1) / n + 1 / 4). A variant that finishes early
// leaves its time to the later ones; one that runs over its equal share
// still leaves each later one its own share (a slow first variant does not
// starve the rest). The quarter of slack makes the share a backstop: what a
// variant decides is limited by its equal part of the file's Z3 units
// (deterministic), not by where its CPU share ends (ops-math cast: 48
// variants of 1.25 s each, one share firing in Z3 at a load-dependent
// point although the file used 17 of its 60 s; issue 19). Used twice:
// between the parses of a file, then between the kernel models (tiling
// keys, template-selection combinations) of one parse.
Budget::Clock::time_point shareOf(Budget::Clock::time_point from, Budget::Clock::time_point until, size_t i, size_t n) {
  if (n == 0 || until <= from)
    return until;
  auto end = from + (until - from) * int64_t(i + 1) / int64_t(n) + (until - from) / 4;
  return end < until ? end : until;
}

// Share i of n of `parent` from `from` on: its CPU-time share, and an equal
// part of the Z3 units it has left (deterministic: what was spent before is).
Budget shareBudget(const Budget &parent, Budget::Clock::time_point from, size_t i, size_t n) {
  Budget b;
  if (parent.deadline != Budget::Clock::time_point{})
    b.deadline = shareOf(from, parent.deadline, i, n);
  if (parent.z3Units)
    b.z3Units = std::max<uint64_t>(1, parent.z3Left() / std::max<uint64_t>(1, n - i));
  b.maxRacePairs = parent.maxRacePairs;
  b.maxRacePartners = parent.maxRacePartners;
  return b;
}

} // namespace

std::optional<Sym> bindAssumption(const Sym &a, const KernelModel &k, bool tilingField) {
  // Variable nodes of the kernel, by id.
  std::map<uint32_t, Sym> nodes;
  std::unordered_set<const SymNode *> seen; // terms share nodes (a DAG): each once
  std::function<void(const Sym &)> walk = [&](const Sym &s) {
    if (!s || !seen.insert(s.get()).second)
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
      // A host tiling field named like the launch's own variables (a
      // `blockNum` field: ops-math stateless_random_normal_v2) is the tiling
      // struct's member (`tilingData.blockNum`), never the block count.
      const bool builtin = x.name == "blockNum" || x.name == "blockIdx" || x.name == "subBlockIdx";
      if (x.name == v.name && !(tilingField && builtin))
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

// A `--show-unknown` note of the frontend about kernel `k` on target `t`.
static void frontendNote(FileResult &fr, const KernelModel &k, const model::TargetSpec &t, std::string message,
                         const SourceLoc &loc) {
  Diagnostic d;
  d.check = "frontend";
  d.severity = Severity::Note;
  d.status = Status::Unknown;
  d.message = std::move(message);
  d.loc = loc;
  d.target = t.name;
  d.kernel = k.name;
  d.variant = k.variant;
  fr.diags.push_back(std::move(d));
}

static void lintKernel(const KernelModel &k, const model::TargetSpec &t, const Options &o, const FileSettings &fs,
                       Solver &solver, Budget &budget, FileResult &fr) {
  const auto &assumptions = fs.assumptions;
  KernelModel km = k; // assumptions from the command line join the source's
  if (!km.kernelCore && fs.core)
    km.kernelCore = fs.core;
  km.simtDCacheBytes = fs.simtDCache;
  // The host tiling code, when found, constrains the tiling values (before the
  // assumptions, which may name its shape variables).
  HostBindResult hb;
  if (!k.hostNeverLaunched.empty())
    hb.unlaunched = k.hostNeverLaunched; // decided before the frontend interpreted it
  else if (o.hostContract)
    hb = bindHostContract(km, fr.file, t, o, fs, &budget);
  // Unconstrained tiling values are sound (the proofs hold for every value),
  // so this is said under --show-unknown but is not a construct left unmodelled.
  if (!hb.note.empty() && o.showUnknown)
    frontendNote(fr, k, t, hb.note, k.loc);
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
  std::map<std::string, unsigned> reasons; // why obligations are unknown / what was not modelled
  KernelVerdict kv;
  kv.file = fr.file;
  kv.kernel = k.name;
  kv.target = t.name;
  kv.variant = k.variant;
  for (const Op &op : k.ops) {
    ++kv.calls;
    kv.modelledCalls += op.kind != OpKind::Unmodelled && op.unknownReason.empty();
  }
  kv.notCompiled = unsigned(k.compileErrors.size());
  if (!k.compileErrors.empty())
    kv.notCompiledFirst = k.compileErrors.front().loc.file + ":" + std::to_string(k.compileErrors.front().loc.line) +
                          ": " + k.compileErrors.front().reason;
  AnalysisCache cache;
  cache.syncOptions.autoSync = fs.autoSync;
  cache.budget = &budget;
  const bool unlaunched = !hb.unlaunched.empty(); // the host never launches this variant
  // Each check states its obligations first; then they are solved, the Z3
  // units split among the checks by their number of obligations (what one
  // leaves over goes to the next), correctness before performance: one
  // check's hard questions do not starve the others (ops-math
  // sim_thread_exponential: perf-bank-conflict's unknowns spent what
  // uninit-read's 1,652 obligations then lacked).
  struct Stated {
    const CheckInfo *ci;
    std::unique_ptr<Check> check;
    std::unique_ptr<CheckContext> ctx;
    std::vector<Verdict> all;
    std::vector<SolvedItem> failed;
  };
  std::vector<Stated> stated;
  for (const CheckInfo &ci : checkRegistry()) {
    if (unlaunched || !checkEnabled(fs.checks, ci.id))
      continue;
    if (budget.expired("the checks")) { // past the clock: the check is one unknown obligation
      ++kv.obligations;
      ++kv.unknown;
      ++reasons["the file's CPU-time limit (--timeout) was reached before " + ci.id + " ran"];
      continue;
    }
    Stated st{&ci, ci.make(), std::make_unique<CheckContext>(km, t, &cache), {}, {}};
    st.check->run(*st.ctx);
    for (ProofItem &item : st.ctx->items)
      addHostFacts(item.ob, hb);
    stated.push_back(std::move(st));
  }
  std::vector<size_t> solveOrder(stated.size());
  for (size_t i = 0; i < stated.size(); ++i)
    solveOrder[i] = i;
  auto performance = [&](size_t i) { return llvm::StringRef(stated[i].ci->id).starts_with("perf-"); };
  std::stable_sort(solveOrder.begin(), solveOrder.end(),
                   [&](size_t a, size_t b) { return !performance(a) && performance(b); });
  size_t itemsLeft = 0, checksLeft = 0;
  for (const Stated &st : stated) {
    itemsLeft += st.ctx->items.size();
    checksLeft += !st.ctx->items.empty();
  }
  for (size_t i : solveOrder) {
    Stated &st = stated[i];
    const size_t n = st.ctx->items.size();
    Budget share;
    share.deadline = budget.deadline;
    // By obligations, but at least an equal part: a check with a few hard
    // questions (ops-math cast's align-copy-length) keeps the units it had.
    if (budget.z3Units && n) {
      const unsigned __int128 left = budget.z3Left(); // may be UINT64_MAX: no overflow below
      share.z3Units = std::max<uint64_t>(1, uint64_t(std::max(left * n / itemsLeft, left / checksLeft)));
    }
    solver.setBudget(&share);
    st.failed = solveItems(st.ctx->items, solver, k.incomplete, &st.all);
    solver.setBudget(&budget);
    budget.absorb(share);
    itemsLeft -= n;
    checksLeft -= n > 0;
  }
  for (Stated &st : stated) {
    const CheckInfo &ci = *st.ci;
    CheckContext &ctx = *st.ctx;
    for (Diagnostic &d : ctx.direct) {
      d.kernel = k.name;
      d.variant = k.variant;
      d.target = t.name;
      if (d.severity == Severity::Warning && !fs.warningsAsErrors.empty() && checkEnabled(fs.warningsAsErrors, ci.id))
        d.severity = Severity::Error;
      fr.diags.push_back(d);
    }
    for (const Verdict &v : st.all) {
      if (v.status == Status::Unknown)
        ++reasons[v.reason.empty() ? "unknown" : v.reason];
      ++kv.obligations;
      kv.proved += v.status == Status::Proved;
      kv.violated += v.status == Status::Violated;
      kv.counterexample += v.status == Status::Counterexample;
      kv.unknown += v.status == Status::Unknown;
    }
    for (SolvedItem &si : st.failed) {
      const ProofItem &item = ctx.items[si.item];
      const Verdict &v = si.verdict;
      Diagnostic d;
      d.check = ci.id;
      d.status = v.status;
      d.severity = v.status == Status::Violated         ? Severity::Error
                   : v.status == Status::Counterexample ? Severity::Warning
                                                        : Severity::Note;
      if (item.performance)
        d.severity = v.status == Status::Violated ? Severity::Warning : Severity::Note;
      if (d.severity == Severity::Warning && !fs.warningsAsErrors.empty() && checkEnabled(fs.warningsAsErrors, ci.id))
        d.severity = Severity::Error;
      if (d.severity == Severity::Note && !o.showUnknown)
        continue;
      d.message = item.message(v);
      d.loc = item.loc;
      d.target = t.name;
      d.kernel = k.name;
      d.variant = k.variant;
      d.counterexample = v.counterexample;
      d.related = item.related;
      d.hint = item.hint;
      d.fixits = item.fixits;
      fr.diags.push_back(std::move(d));
    }
  }
  // --tiling: the executable model runs the kernel with those values and
  // evaluates the same properties concretely (the second oracle). What it
  // finds that the proofs did not report is added; agreement is the norm.
  if ((!o.tiling.empty() || (!o.shapes.empty() && hb.bound)) && k.incomplete.empty()) {
    model::SimConfig cfg;
    cfg.inputs = o.tiling;
    for (auto &[name, v] : hb.concrete) // --shape: the values the host computes
      cfg.inputs.emplace(name, v);
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
          d.variant = k.variant;
          d.counterexample = f.values;
          fr.diags.push_back(std::move(d));
        }
      }
    }
  }
  // A variant the host never launches (Z3 proved no input it accepts
  // selects it): one obligation, proved; what its code would do is moot.
  if (unlaunched) {
    kv.obligations = kv.proved = 1;
    kv.notCompiled = 0;
    kv.notCompiledFirst.clear();
    kv.neverLaunched = hb.unlaunched;
    fr.verdicts.push_back(kv);
    return;
  }
  // A kernel that could not be modelled at all (a template never
  // instantiated, an internal error) still counts: one unknown obligation.
  if (!k.incomplete.empty() && kv.obligations == 0) {
    kv.obligations = 1;
    kv.unknown = 1;
    ++reasons[k.incomplete];
    if (o.showUnknown)
      frontendNote(fr, k, t, "not verified: " + k.incomplete, k.loc);
  }
  for (const Op &op : k.ops)
    if (op.kind == OpKind::Unmodelled) {
      ++kv.unmodelled;
      ++reasons[op.unknownReason.empty() ? "call to '" + op.api + "' is not modelled" : op.unknownReason];
    }
  kv.notModelled = unsigned(km.unknowns.size());
  unsigned pastTime = 0; // past a limit: said in every format, not only in notes
  const std::string variantTag = k.variant.empty() ? "" : " [" + k.variant + "]";
  for (auto &[r, n] : reasons) {
    if (r.find("(--timeout)") != std::string::npos)
      pastTime += n;
    else if (r.find("Z3 budget") != std::string::npos || r.find("CPU-time backstop") != std::string::npos)
      fr.warnings.push_back("kernel '" + k.name + "'" + variantTag + " on " + t.name + ": " + std::to_string(n) +
                            " obligations are unknown: " + r);
  }
  if (pastTime)
    fr.warnings.push_back("kernel '" + k.name + "'" + variantTag + " on " + t.name +
                          ": its share of the CPU-time limit (--timeout) was reached; " + std::to_string(pastTime) +
                          " obligations were not checked and are unknown");
  for (const UnknownNote &u : km.unknowns)
    ++reasons[u.reason];
  for (auto &[r, n] : reasons)
    kv.topReasons.push_back({r, n});
  std::stable_sort(kv.topReasons.begin(), kv.topReasons.end(),
                   [](const auto &a, const auto &b) { return a.second > b.second; });
  if (kv.topReasons.size() > 3)
    kv.topReasons.resize(3);
  if (o.showUnknown) // what the frontend could not model, once per kernel and target
    for (const Op &op : k.ops)
      if (op.kind == OpKind::Unmodelled)
        frontendNote(fr, k, t,
                     "not modelled: " + (op.unknownReason.empty() ? "call to '" + op.api + "'" : op.unknownReason),
                     op.loc);
  if (fs.failOnUnknown && kv.partial()) { // strict gates: not fully verified is an error
    Diagnostic d;
    d.check = "fail-on-unknown";
    d.severity = Severity::Error;
    d.status = Status::Unknown;
    d.message = "kernel '" + k.name + "' is only partially verified (" + std::to_string(kv.unknown) +
                " unknown obligations, " + std::to_string(kv.unmodelled) + " unmodelled calls" +
                (kv.topReasons.empty() ? std::string() : "; " + kv.topReasons[0].first) + ")";
    d.hint = "see --show-unknown for what was not followed";
    d.loc = k.loc;
    d.target = t.name;
    d.kernel = k.name;
    d.variant = k.variant;
    fr.diags.push_back(std::move(d));
  }
  if (o.showUnknown)
    for (const UnknownNote &u : km.unknowns)
      frontendNote(fr, k, t, "not modelled: " + u.reason, u.loc);
  fr.verdicts.push_back(kv);
}

// --timeline: run the pipe simulation of the executable model on the first
// kernel with the --tiling values and write its schedule.
static void writeTimeline(const KernelModel &k, const model::TargetSpec &t, const Options &o, const FileSettings &fs,
                          FileResult &fr) {
  model::SimConfig cfg;
  cfg.inputs = o.tiling;
  cfg.inputs.emplace("blockNum", 1); // the schedule of one core unless told otherwise
  model::PipeSimResult ps = model::simulatePipes(k, t, cfg, fs.autoSync);
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
  fs.opRoot = o.opRoot;
  if (!ci.error.empty()) {
    error = ci.error;
    return false;
  }
  Config cfg;
  if (auto c = configFor(file, o, error))
    cfg = *c;
  else
    return false;
  fs.configPath = cfg.path;
  fs.checks = cfg.checks ? (o.checksGiven ? *cfg.checks + "," + o.checks : *cfg.checks) : o.checks;
  fs.warningsAsErrors =
      cfg.warningsAsErrors
          ? (o.warningsAsErrors.empty() ? *cfg.warningsAsErrors : *cfg.warningsAsErrors + "," + o.warningsAsErrors)
          : o.warningsAsErrors;
  // --auto-sync, else how the file is compiled (--cce-auto-sync), else the configuration.
  fs.autoSync = o.autoSyncGiven ? o.autoSync : ci.autoSync ? *ci.autoSync : cfg.autoSync.value_or(true);
  fs.failOnUnknown = o.failOnUnknownGiven ? o.failOnUnknown : cfg.failOnUnknown.value_or(false);
  fs.simtDCache = o.simtDCache ? o.simtDCache : cfg.simtDCache;
  if (fs.opRoot.empty() && cfg.opRoot)
    fs.opRoot = *cfg.opRoot;
  if (o.realApiDir.empty() && cfg.apiDir) {
    // ApiDir: as --api-dir, which overrides it (checked the same way).
    llvm::SmallString<256> d(*cfg.apiDir), probe;
    llvm::sys::path::remove_dots(d, true);
    probe = d;
    llvm::sys::path::append(probe, "include", "kernel_operator.h");
    if (!llvm::sys::fs::exists(probe)) {
      error = cfg.path + ": ApiDir: '" + *cfg.apiDir + "' is not the AscendC library (no include/kernel_operator.h)";
      return false;
    }
    fs.realApiDir = std::string(d);
  }
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

namespace {

// One file to lint and the compile command that applies to it.
struct FileJob {
  std::string file;
  CompileInfo ci;
};

// The result cache's key for a file with these settings: everything but
// the headers, which the entry lists (ResultCache.h).
std::string cacheKeyFor(const std::string &file, const Options &o, const FileSettings &fs, const FrontendOptions &fo) {
  static std::map<const model::TargetSpec *, std::string> targetHashes; // a description is printed once per run
  CacheKey k;
  k.add(toolIdentity());
  llvm::SmallString<256> cwd;
  llvm::sys::fs::current_path(cwd);
  k.add(std::string(cwd)).add(file).add(hashFile(file));
  k.add(fs.configPath).add(fs.configPath.empty() ? std::string() : hashFile(fs.configPath));
  k.add(fs.checks)
      .add(fs.warningsAsErrors)
      .add(fs.autoSync)
      .add(fs.failOnUnknown)
      .add(o.dumpModel)
      .add(fs.core ? int(*fs.core) + 1 : 0);
  k.add(fs.simtDCache ? std::to_string(*fs.simtDCache) : std::string("-"));
  k.add(fs.opRoot).add(int(o.maxVariants));
  for (const model::TargetSpec *t : fs.targets) {
    auto it = targetHashes.find(t);
    if (it == targetHashes.end())
      it = targetHashes.emplace(t, CacheKey().add(model::targetToJson(*t)).hex()).first;
    k.add(t->name).add(it->second);
  }
  k.add("assumptions");
  for (auto &a : fs.assumptions)
    k.add(a.first);
  k.add("args");
  for (auto &a : fs.compileArgs)
    k.add(a);
  k.add("tiling");
  for (auto &[name, v] : o.tiling)
    k.add(name).add(v);
  k.add(o.showUnknown).add(o.smtTimeoutMs).add(o.fileTimeoutSec).add(fo.apiDir).add(fo.realApiDir).add(fo.resourceDir);
  k.add(fo.includeRoots).add(o.hostContract);
  return k.hex();
}

// Where a header that was missing would be found if it appeared: the
// file's folder and the include directories of its arguments.
std::vector<std::string> includeSearchDirs(const std::string &file, const FileSettings &fs, const FrontendOptions &fo) {
  llvm::SmallString<256> here(file);
  llvm::sys::path::remove_filename(here);
  std::vector<std::string> dirs{here.empty() ? std::string(".") : std::string(here), fo.apiDir};
  const std::vector<std::string> &args = fs.compileArgs;
  for (size_t i = 0; i < args.size(); ++i)
    for (const char *flag : {"-I", "-isystem", "-iquote", "-idirafter"}) {
      std::string f = flag;
      if (args[i] == f && i + 1 < args.size())
        dirs.push_back(args[i + 1]);
      else if (args[i].size() > f.size() && args[i].compare(0, f.size(), f) == 0)
        dirs.push_back(args[i].substr(f.size()));
    }
  return dirs;
}

// The DTYPE_* / ORIG_DTYPE_* and __DAV_*__ macros the file and the
// project's kernel sources name (the variants differ only in those).
std::vector<std::string> buildMacrosNamed(const std::string &file, const project::OpProject *p) {
  static const std::regex re(R"(\b(?:ORIG_)?DTYPE_[A-Z0-9_]+\b|\b__DAV_[A-Z0-9_]+__)");
  std::set<std::string> out;
  std::vector<std::string> files{file};
  if (p) {
    std::error_code ec;
    llvm::SmallString<256> dir(p->root);
    llvm::sys::path::append(dir, "op_kernel");
    for (llvm::sys::fs::recursive_directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec))
      if (it->type() == llvm::sys::fs::file_type::regular_file)
        files.push_back(it->path());
  }
  for (const std::string &f : files) {
    std::ifstream in(f);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it)
      out.insert(it->str());
  }
  return std::vector<std::string>(out.begin(), out.end());
}

// Whether the file selects code with the preprocessor by tiling key (`#if
// TILING_KEY_VAR == k`): the build compiles it once per registered key with
// -DTILING_KEY_VAR=k; parsed without it, no branch is compiled at all.
bool selectsCodeByKeyMacro(const std::string &file) {
  static const std::regex re(R"re((^|\n)[ \t]*#[ \t]*(el)?if\b[^\n]*\bTILING_KEY_VAR\b)re");
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return std::regex_search(text, re);
}

// Per-key parses of a file that selects its code with `#if TILING_KEY_VAR ==
// k`: at most `left` in all (each is a full Clang parse), and none the file's
// CPU time would not cover (a parse cannot be interrupted: past the limit the
// whole file would be lost).
struct KeyParses {
  unsigned left = 0;
  int64_t longestMs = 0;
  void sawParse(Budget::Clock::time_point cpu0) {
    longestMs = std::max<int64_t>(
        longestMs, std::chrono::duration_cast<std::chrono::milliseconds>(Budget::Clock::now() - cpu0).count());
  }
};

// One unknown model standing for a kernel's variants that were not analysed.
static KernelModel notAnalysed(const std::string &name, const SourceLoc &loc, const std::string &variant,
                               const std::string &reason) {
  KernelModel m;
  m.name = name;
  m.loc = loc;
  m.variant = variant;
  m.incomplete = reason;
  m.unknowns.push_back({reason, loc});
  return m;
}

// The build compiles such a file once per key its entry registers
// (`TILING_KEY_IS(k);`) with -DTILING_KEY_VAR=k; the parse without a key
// (`base`) compiled none of the branches. The entries that register keys are
// replaced by one model per key (keys the host never selects: a proved stub;
// past the caps: one unknown model, named); the others are kept. An entry of
// such a file that registers no key the frontend can read is unknown, never
// verified on its empty parse.
static std::vector<KernelModel> parsePerKey(const std::string &file, const FrontendOptions &fo,
                                            std::vector<KernelModel> base, Budget &budget, KeyParses &parses) {
  std::set<int64_t> keys;
  std::set<std::string> keyed;
  std::string kname;
  SourceLoc kloc;
  for (const KernelModel &k : base)
    if (!k.keyConstants.empty()) {
      keys.insert(k.keyConstants.begin(), k.keyConstants.end());
      keyed.insert(k.name);
      if (kname.empty()) {
        kname = k.name;
        kloc = k.loc;
      }
    }
  std::vector<KernelModel> out;
  if (keys.empty()) {
    for (KernelModel &k : base) {
      if (k.incomplete.empty()) {
        k.incomplete = "the file selects code with '#if TILING_KEY_VAR', but the kernel registers no tiling key "
                       "(TILING_KEY_IS(k)) the linter can read: parsed without a key, no branch was compiled";
        k.unknowns.push_back({k.incomplete, k.loc});
      }
      out.push_back(std::move(k));
    }
    return out;
  }
  for (KernelModel &k : base)
    if (!keyed.count(k.name))
      out.push_back(std::move(k));
  size_t analysed = 0;
  std::vector<int64_t> rest, late;
  // The keys the file's earlier configurations analysed least first
  // (FrontendOptions::keyCoverage): together they cover every key.
  const std::vector<int64_t> keyList(keys.begin(), keys.end());
  std::vector<std::string> ids;
  for (int64_t key : keyList)
    ids.push_back(kname + "|TILING_KEY=" + std::to_string(key));
  for (size_t at : leastAnalysedFirst(ids, fo.keyCoverage.get())) {
    const int64_t key = keyList[at];
    std::string keyLabel = "TILING_KEY=" + std::to_string(key);
    std::string never = fo.neverLaunched ? fo.neverLaunched(kname, keyLabel) : std::string();
    if (!never.empty()) {
      KernelModel stub;
      stub.name = kname;
      stub.loc = kloc;
      stub.variant = keyLabel;
      stub.hostNeverLaunched = never;
      out.push_back(std::move(stub));
      continue;
    }
    if (analysed >= fo.maxTilingKeys || parses.left == 0) {
      rest.push_back(key);
      continue;
    }
    if (budget.deadline != Budget::Clock::time_point{} && budget.cpuMsLeft() < 3 * parses.longestMs) {
      late.push_back(key);
      continue;
    }
    ++analysed;
    --parses.left;
    if (fo.keyCoverage)
      ++(*fo.keyCoverage)[ids[at]];
    FrontendOptions fk = fo;
    fk.extraArgs.push_back("-DTILING_KEY_VAR=" + std::to_string(key));
    const auto cpu0 = Budget::Clock::now();
    FrontendResult rk = analyzeFile(file, fk);
    parses.sawParse(cpu0);
    if (!rk.ok) {
      out.push_back(notAnalysed(kname, kloc, keyLabel,
                                "the parse with TILING_KEY_VAR=" + std::to_string(key) + " failed: " + rk.error));
      continue;
    }
    for (KernelModel &m : rk.model.kernels)
      if (keyed.count(m.name)) {
        m.variant = (m.variant.empty() ? "" : m.variant + ", ") + keyLabel;
        out.push_back(std::move(m));
      }
  }
  auto named = [](const std::vector<int64_t> &ks) {
    return "TILING_KEY=" + std::to_string(ks.front()) +
           (ks.size() > 1 ? " and " + std::to_string(ks.size() - 1) + " more" : "");
  };
  if (!rest.empty())
    out.push_back(notAnalysed(kname, kloc, named(rest),
                              std::to_string(rest.size()) + " tiling keys of '" + kname + "' beyond the limit of " +
                                  std::to_string(fo.maxTilingKeys) + " are not analysed"));
  if (!late.empty())
    out.push_back(notAnalysed(kname, kloc, named(late),
                              std::to_string(late.size()) + " tiling keys of '" + kname +
                                  "' are not analysed: the file's CPU time (--timeout) left would not cover their "
                                  "parses"));
  return out;
}

// The one core side a kernel file declares it runs on: every
// KERNEL_TASK_TYPE_DEFAULT(t) / KERNEL_TASK_TYPE(key, t) in it names the same
// vector-only or cube-only type (ascendc-api.md §2.1, KernelMetaType). Such a
// kernel is launched on that core type alone, so code compiled for the other
// side never runs: ops-math pad_v3 (KERNEL_TYPE_AIV_ONLY) was parsed and
// checked twice because a slice header names __DAV_ macros.
std::optional<CoreType> declaredKernelSide(const std::string &file) {
  std::ifstream in(file);
  if (!in)
    return std::nullopt;
  // (A commented-out declaration does not count.)
  const std::string text =
      project::stripComments(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()));
  static const std::regex decl(R"re(\bKERNEL_TASK_TYPE(_DEFAULT)?\s*\(([^()]*)\))re");
  std::optional<CoreType> side;
  for (std::sregex_iterator it(text.begin(), text.end(), decl), end; it != end; ++it) {
    std::string args = (*it)[2].str();
    std::string type = args.substr(args.rfind(',') == std::string::npos ? 0 : args.rfind(',') + 1);
    type.erase(0, type.find_first_not_of(" \t\n"));
    type.erase(type.find_last_not_of(" \t\n") + 1);
    std::optional<CoreType> s;
    if (type == "KERNEL_TYPE_AIV_ONLY" || type == "KERNEL_TYPE_MIX_AIV_1_0")
      s = CoreType::AIV;
    else if (type == "KERNEL_TYPE_AIC_ONLY" || type == "KERNEL_TYPE_MIX_AIC_1_0")
      s = CoreType::AIC;
    if (!s || (side && side != s))
      return std::nullopt; // a mixed type, a macro, or two sides: both are compiled
    side = s;
  }
  return side;
}

// Whether the file or a header it includes with quotes (found beside the
// including file, else in `dirs`: the -I folders and repository include
// roots; up to four levels deep) names a __DAV_*__ core macro: only then
// does a second core side change what is compiled.
bool namesCoreMacros(const std::string &file, const std::vector<std::string> &dirs) {
  static const std::regex inc(R"re(#\s*include\s*"([^"]+)")re");
  std::set<std::string> seen;
  std::function<bool(const std::string &, int)> scan = [&](const std::string &f, int depth) {
    if (depth > 4 || !seen.insert(f).second)
      return false;
    std::ifstream in(f);
    if (!in)
      return false;
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find("__DAV_") != std::string::npos)
      return true;
    llvm::SmallString<256> dir(f);
    llvm::sys::path::remove_filename(dir);
    for (std::sregex_iterator it(text.begin(), text.end(), inc), end; it != end; ++it) {
      llvm::SmallString<256> p(dir);
      llvm::sys::path::append(p, (*it)[1].str());
      for (size_t d = 0; !llvm::sys::fs::exists(p) && d < dirs.size(); ++d) {
        p = dirs[d];
        llvm::sys::path::append(p, (*it)[1].str());
      }
      if (scan(std::string(p), depth + 1))
        return true;
    }
    return false;
  };
  return scan(file, 0);
}

// The address-space limit of each file's worker: --max-memory, else half
// the machine shared by the files analysed at once (at least 2 GiB).
uint64_t memoryLimitFor(const Options &o, unsigned parallel) {
  if (o.maxMemory)
    return o.maxMemory;
  uint64_t phys = physicalMemory();
  if (!phys)
    return 0;
  return std::max<uint64_t>(phys / 2 / std::max(parallel, 1u), uint64_t(2) << 30);
}

// The budget of one file: --timeout seconds of the worker's CPU time as a
// backstop, and Z3 units for half of it at the calibrated speed (the rest:
// parsing, interpretation, the checks' own work, question 2), so that the
// units (the same on every run) run out before the CPU time does. Measured at
// the full --timeout in units (twice this): the files that spend them all
// took 40-51 s of CPU time for 180 s of units (ops-math grouped_bias_add_grad,
// sim_thread_exponential, pad_v3_grad_replication), so half leaves the clock
// a wide margin; a third (before) left 16 variants of ops-math cast unknown.
Budget fileBudget(const Options &o) {
  Budget b;
  if (o.fileTimeoutSec) {
    b.deadline = Budget::Clock::now() + std::chrono::seconds(o.fileTimeoutSec);
    b.z3Units = uint64_t(o.fileTimeoutSec) * 1000 * kZ3UnitsPerMs / 2;
  }
  return b;
}

// The findings as the user sees them: NOLINT applied, in a deterministic
// order, the same finding in several build configurations merged.
static void finishFindings(FileResult &fr, const std::string &file,
                           const std::vector<const model::TargetSpec *> &targets) {
  fr.nolintSuppressed = applySuppressions(fr.diags, file);
  // Deterministic order: location, then target order, then check.
  std::map<std::string, int> targetOrder;
  for (size_t i = 0; i < targets.size(); ++i)
    targetOrder[targets[i]->name] = int(i);
  std::stable_sort(fr.diags.begin(), fr.diags.end(), [&](const Diagnostic &a, const Diagnostic &b) {
    return std::make_tuple(a.loc.file, a.loc.line, a.loc.column, targetOrder[a.target], a.check) <
           std::make_tuple(b.loc.file, b.loc.line, b.loc.column, targetOrder[b.target], b.check);
  });
  // The same finding in several build configurations is shown once, with
  // the configurations listed (in the order they were analysed).
  {
    std::vector<Diagnostic> merged;
    std::map<std::tuple<std::string, unsigned, unsigned, std::string, std::string, std::string, std::string>, size_t>
        at;
    for (Diagnostic &d : fr.diags) {
      auto key = std::make_tuple(d.loc.file, d.loc.line, d.loc.column, d.check, d.target, d.message, d.kernel);
      auto it = at.find(key);
      if (it == at.end() || d.variant.empty()) {
        at.emplace(key, merged.size());
        merged.push_back(std::move(d));
        continue;
      }
      Diagnostic &m = merged[it->second];
      if (!m.variant.empty() && ("; " + m.variant + ";").find("; " + d.variant + ";") == std::string::npos)
        m.variant += "; " + d.variant;
      if (d.severity < m.severity) // the most severe of them
        m.severity = d.severity, m.status = d.status;
    }
    fr.diags = std::move(merged);
  }
  // The same finding twice (e.g. two regions of one op) is shown once.
  fr.diags.erase(std::unique(fr.diags.begin(), fr.diags.end(),
                             [](const Diagnostic &a, const Diagnostic &b) {
                               return a.loc.line == b.loc.line && a.loc.column == b.loc.column &&
                                      a.loc.file == b.loc.file && a.check == b.check && a.target == b.target &&
                                      a.message == b.message;
                             }),
                 fr.diags.end());
}

// Everything about one file, independent of the others: settings, parses,
// checks, suppressions, order. The unit of work of -j and of the cache.
FileResult lintFile(const FileJob &job, const Options &o, const TargetResolver &resolve,
                    const std::vector<std::pair<std::string, Sym>> &assumptions, const FrontendOptions &base,
                    bool &timelineWritten) {
  const std::string &file = job.file;
  FileResult fr;
  fr.file = file;
  if (struct stat st; ::stat(file.c_str(), &st) != 0) {
    fr.ok = false;
    fr.error = file + ": " +
               (errno == ELOOP          ? std::string("a loop of symbolic links")
                : errno == ENOENT       ? std::string("no such file")
                : errno == ENAMETOOLONG ? std::string("the name is too long")
                                        : std::string("cannot read it (") + std::strerror(errno) + ")");
  } else if (llvm::sys::fs::is_directory(file)) {
    fr.ok = false;
    fr.error = file + ": is a directory";
  }
  FileSettings fs;
  std::string cfgError;
  if (fr.ok && !settingsFor(file, o, resolve, assumptions, job.ci, fs, cfgError)) {
    fr.ok = false;
    fr.error = cfgError;
    fr.configError = true;
  }
  const std::vector<const model::TargetSpec *> &targets = fs.targets;
  // --cache-dir: a stored result whose inputs are unchanged is the result.
  std::optional<ResultCache> cache;
  std::string key;
  if (fr.ok && !o.cacheDir.empty() && o.timelineFile.empty()) {
    cache.emplace(o.cacheDir);
    key = cacheKeyFor(file, o, fs, base);
    if (auto hit = cache->lookup(key, includeSearchDirs(file, fs, base))) {
      hit->stats = RunStats();
      hit->stats.fileCacheHits = 1;
      return *hit;
    }
  }
  std::vector<std::string> dependencies, missing;
  // A solver (and Z3 context) of its own: what Z3 answers for this file
  // does not depend on the files before it, with or without -j.
  Solver solver(o.smtTimeoutMs);
  // One budget for the whole file, honoured by every phase (Budget.h).
  Budget budget = fileBudget(o);
  solver.setBudget(&budget);
  if (fr.ok) {
    FrontendOptions fo = base;
    fo.extraArgs = fs.compileArgs;
    if (!fs.realApiDir.empty())
      fo.realApiDir = fs.realApiDir;
    const auto fileStart = Budget::Clock::now();
    // The operator project: tiling structs for GET_TILING_DATA, the OpDef's
    // dtype combinations (one variant each), the repository's include folders.
    std::vector<project::MacroSet> variants{project::MacroSet{}};
    if (auto p = project::findOpProject(file, fs.opRoot)) {
      fo.project = std::make_shared<const project::OpProject>(*p);
      std::string used;
      for (const std::string &f : p->filesUsed())
        used += " " + f;
      fr.notes.push_back(file + ": operator project " + p->root + (used.empty() ? "" : ", using" + used));
      for (const std::string &d : p->includeDirs)
        fo.extraArgs.push_back("-idirafter" + d);
      std::vector<std::string> macros = buildMacrosNamed(file, &*p);
      bool pinned = false; // -DDTYPE_X=... on the command line pins one
      for (const std::string &a : fs.compileArgs)
        pinned |= a.rfind("-DDTYPE_", 0) == 0 || a.rfind("-DORIG_DTYPE_", 0) == 0;
      std::vector<project::MacroSet> dv =
          pinned ? std::vector<project::MacroSet>{} : project::dtypeVariants(*p, macros);
      if (!dv.empty())
        variants = dv;
      // The pins name the one variant, as the enumerated ones are named: the
      // host reader takes the pinned dtypes from the label (HostBinding
      // pinVariantDtypes), and the findings say which build they are for.
      // The -D arguments themselves define the macros.
      for (const std::string &a : fs.compileArgs)
        if (pinned && a.rfind("-DDTYPE_", 0) == 0 && a.find('=') != std::string::npos)
          variants.front().label += (variants.front().label.empty() ? "" : ", ") + a.substr(2);
      // The OpDef says which chips compile this file (AddConfig with
      // opFile.value naming it): another chip never builds it.
      std::vector<std::string> built = project::chipsBuildingFile(*p, file);
      if (!built.empty()) {
        std::string skipped, list;
        for (const std::string &c : built)
          list += (list.empty() ? "" : ", ") + c;
        std::vector<const model::TargetSpec *> kept;
        for (auto *t : fs.targets)
          if (std::find(built.begin(), built.end(), t->name) != built.end())
            kept.push_back(t);
          else
            skipped += (skipped.empty() ? "" : ", ") + t->name;
        if (!skipped.empty())
          fr.warnings.push_back(file + ": not analysed for " + skipped +
                                ": the operator's OpDef builds this file for " + list + " only (AddConfig naming '" +
                                std::string(llvm::sys::path::stem(file)) +
                                "' as opFile.value, or without one for the op's default kernel file)");
        fs.targets = kept;
      }
    } else if (!fs.opRoot.empty()) {
      fr.ok = false;
      fr.configError = true;
      fr.error = fs.opRoot + ": not an operator project (no op_host/ or op_kernel/ folder)";
    }
    // One parse per distinct (__NPU_ARCH__, __CCE_AICORE__).
    std::map<std::pair<int, int>, std::vector<const model::TargetSpec *>> groups;
    std::vector<std::pair<int, int>> order;
    for (auto *t : targets) {
      auto key = std::make_pair(t->npuArch, t->cceAicore);
      if (!groups.count(key))
        order.push_back(key);
      groups[key].push_back(t);
    }
    if (variants.size() > o.maxVariants) {
      std::string rest;
      for (size_t i = o.maxVariants; i < variants.size(); ++i)
        rest += (rest.empty() ? "" : "; ") + variants[i].label;
      fr.warnings.push_back(file + ": " + std::to_string(variants.size() - o.maxVariants) +
                            " build configurations not analysed (--max-variants=" + std::to_string(o.maxVariants) +
                            "): " + rest);
      variants.resize(o.maxVariants);
    }
    // Code under __DAV_C220_VEC__ / __DAV_CUBE__ / ...: bisheng compiles a
    // mixed kernel once per core side with that side's macros; so do we.
    // The real library (--api-dir) selects code by __DAV_CUBE__ / __DAV_VEC__
    // itself (impl/utils/sys_macros.h: g_coreType per side).
    std::vector<std::string> searchDirs = includeSearchDirs(file, fs, base);
    if (base.includeRoots)
      if (auto buf = llvm::MemoryBuffer::getFile(file))
        for (const std::string &r : findIncludeRoots(file, (*buf)->getBuffer().str(), fs.compileArgs))
          searchDirs.push_back(r);
    bool coreMacros = namesCoreMacros(file, searchDirs) || !fo.realApiDir.empty();
    std::vector<std::pair<std::string, bool>> sides{{"", false}};
    if (coreMacros) {
      sides.clear();
      std::optional<CoreType> only = fs.core ? fs.core : declaredKernelSide(file);
      if (!only || *only == CoreType::AIC)
        sides.push_back({"AIC", true});
      if (!only || *only == CoreType::AIV)
        sides.push_back({"AIV", false});
    }
    fo.maxTilingKeys = std::max(1u, o.maxVariants / unsigned(variants.size() * sides.size()));
    bool keyPinned = false; // -DTILING_KEY_VAR=k on the command line pins one
    for (const std::string &a : fs.compileArgs)
      keyPinned |= a.rfind("-DTILING_KEY_VAR", 0) == 0;
    const bool keyMacro = !keyPinned && selectsCodeByKeyMacro(file);
    KeyParses keyParses; // at most half the variant cap in all
    keyParses.left = std::max(1u, o.maxVariants / 2);
    std::vector<std::string> baseArgs = fo.extraArgs;
    const size_t parses = order.size() * sides.size() * variants.size();
    size_t parseIndex = 0;
    for (auto &key : order) {
      if (!fr.ok)
        break;
      fo.npuArch = key.first;
      fo.cceAicore = key.second;
      // The system workspace GetUserWorkspace skips: the targets' of this
      // arch, where they agree (they are one arch's constant).
      fo.reservedWorkspaceBytes = groups[key].front()->reservedWorkspaceBytes;
      for (const model::TargetSpec *t : groups[key])
        if (t->reservedWorkspaceBytes != groups[key].front()->reservedWorkspaceBytes)
          fo.reservedWorkspaceBytes = -1;
      // Keys analysed so far, per core side: both sides of a mixed kernel
      // take the same keys for a dtype combination.
      std::map<std::string, std::shared_ptr<std::map<std::string, unsigned>>> coverageBySide;
      for (const auto &[sideName, cube] : sides)
        for (const project::MacroSet &ms : variants) {
          if (!fr.ok)
            break;
          auto &coverage = coverageBySide[sideName];
          if (!coverage)
            coverage = std::make_shared<std::map<std::string, unsigned>>();
          fo.keyCoverage = coverage;
          fo.extraArgs = baseArgs;
          if (!sideName.empty())
            for (const std::string &d : coreSideMacros(key.first, cube))
              fo.extraArgs.push_back(d);
          for (auto &[name, value] : ms.defines)
            fo.extraArgs.push_back("-D" + name + "=" + value);
          std::string label = ms.label;
          if (!sideName.empty())
            label += (label.empty() ? "" : ", ") + sideName;
          auto t0 = std::chrono::steady_clock::now();
          // This parse's share of the file's budget (clock and Z3 units).
          const auto parseCpu0 = Budget::Clock::now();
          Budget parseBudget = shareBudget(budget, fileStart, parseIndex++, parses);
          fo.budget = &parseBudget;
          // Tiling keys the host never selects for this configuration (on
          // every target of the parse) are not interpreted.
          fo.neverLaunched = nullptr;
          if (o.hostContract)
            fo.neverLaunched = [&, label, key](const std::string &kernel, const std::string &v) -> std::string {
              std::string why;
              for (const model::TargetSpec *t : groups[key]) {
                KernelModel probe;
                probe.name = kernel;
                probe.variant = label.empty() ? v : label + ", " + v;
                HostBindResult h = bindHostContract(probe, file, *t, o, fs, &parseBudget, true);
                if (h.unlaunched.empty())
                  return "";
                why = h.unlaunched;
              }
              return why;
            };
          FrontendResult res = analyzeFile(file, fo);
          if (!fo.realApiDir.empty() && (!res.ok || !res.syntaxErrors.empty())) {
            // --api-dir: what does not compile against the library itself is
            // analysed against the bundled declarations, and says so.
            std::string why = res.error.empty() ? "it could not be parsed" : res.error;
            fr.warnings.push_back(file + ": not analysed against the AscendC library in " + fo.realApiDir + " (" + why +
                                  "); analysed with the bundled declarations instead");
            fo.realApiDir.clear();
            res = analyzeFile(file, fo);
          }
          fr.stats.parseSeconds += since(t0);
          dependencies.insert(dependencies.end(), res.dependencies.begin(), res.dependencies.end());
          if (fo.project) // the project files it read are inputs too
            for (const std::string &f : fo.project->filesUsed())
              dependencies.push_back(f);
          missing.insert(missing.end(), res.missingIncludes.begin(), res.missingIncludes.end());
          for (const std::string &s : res.synthesized)
            if (std::find(fr.notes.begin(), fr.notes.end(), file + ": " + s) == fr.notes.end())
              fr.notes.push_back(file + ": " + s);
          // A missing header is never skipped in silence.
          for (const std::string &h : res.missingIncludes) {
            std::string n = file + ": header '" + h +
                            "' not found and skipped: what needs it does not compile and is not modelled "
                            "(counted in the verdict)";
            if (std::find(fr.notes.begin(), fr.notes.end(), n) == fr.notes.end())
              fr.notes.push_back(n);
          }
          if (!res.syntaxErrors.empty()) {
            // The user's own code does not parse: Clang's errors, not analysed.
            for (const CompileError &ce : res.syntaxErrors) {
              Diagnostic d;
              d.check = "clang-diagnostic-error";
              d.severity = Severity::Error;
              d.status = Status::Violated;
              d.message = ce.message;
              d.loc = ce.loc;
              fr.diags.push_back(std::move(d));
            }
            fr.ok = false;
            fr.error = res.error + " (the file does not compile; it is not analysed)";
            break;
          }
          if (!res.ok) {
            fr.ok = false;
            fr.error = res.error;
            break;
          }
          keyParses.sawParse(parseCpu0);
          // `#if TILING_KEY_VAR == k`: one parse per key the kernel registers.
          if (keyMacro)
            res.model.kernels = parsePerKey(file, fo, std::move(res.model.kernels), budget, keyParses);
          auto t1 = std::chrono::steady_clock::now();
          const auto modelsStart = Budget::Clock::now();
          size_t modelIndex = 0;
          for (KernelModel &k : res.model.kernels) {
            // This model's share of the parse's share.
            Budget modelBudget = shareBudget(parseBudget, modelsStart, modelIndex++, res.model.kernels.size());
            solver.setBudget(&modelBudget);
            if (!label.empty())
              k.variant = label + (k.variant.empty() ? "" : ", " + k.variant);
            if (o.dumpModel) { // what the frontend understood, on the group's first target
              if (o.format == OutputFormat::Json) {
                nlohmann::json all =
                    fr.modelDump.empty() ? nlohmann::json::array() : nlohmann::json::parse(fr.modelDump);
                all.push_back(dumpModelJson(k, *groups[key].front(), fs.autoSync));
                fr.modelDump = all.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
              } else {
                fr.modelDump += dumpModelText(k, *groups[key].front(), fs.autoSync);
              }
              continue;
            }
            for (auto *t : groups[key])
              lintKernel(k, *t, o, fs, solver, modelBudget, fr);
            parseBudget.absorb(modelBudget);
            // What is decided so far, for the parent to keep if a later
            // step overruns the limits in a way nothing can interrupt (a Z3
            // call that ignores its units and interrupts): the file then
            // fails with these results kept (cli/Workers.h).
            if (inWorker()) {
              FileResult snapshot = fr;
              finishFindings(snapshot, file, targets);
              workerCheckpoint(fileResultToText(snapshot));
            }
            if (!o.timelineFile.empty() && !timelineWritten) {
              writeTimeline(k, *groups[key].front(), o, fs, fr);
              timelineWritten = true;
            }
          }
          solver.setBudget(&budget); // the model budgets are gone
          budget.absorb(parseBudget);
          fr.stats.checkSeconds += since(t1);
        }
    }
  }
  fr.stats.solver = solver.stats();
  fr.stats.solveSeconds = fr.stats.solver.seconds;
  if (budget.fired()) // the clock is a backstop: its firing is always said
    fr.warnings.push_back(file + ": the CPU-time limit (--timeout=" + std::to_string(o.fileTimeoutSec) +
                          " s) was reached during " + budget.firedIn() +
                          "; what was decided before is kept, the rest is unknown");
  finishFindings(fr, file, targets);
  // Only what another run would find again: no failed file, no time limit hit.
  if (cache) {
    ++fr.stats.fileCacheMisses;
    if (fr.ok && fr.stats.solver.timeouts == 0) {
      std::sort(dependencies.begin(), dependencies.end());
      dependencies.erase(std::unique(dependencies.begin(), dependencies.end()), dependencies.end());
      if (!cache->store(key, fr, dependencies, missing))
        fr.warnings.push_back(o.cacheDir + ": cannot write the result cache");
    }
  }
  return fr;
}

} // namespace

void RunStats::add(const RunStats &s) {
  parseSeconds += s.parseSeconds;
  checkSeconds += s.checkSeconds;
  solveSeconds += s.solveSeconds;
  solver.queries += s.solver.queries;
  solver.cacheHits += s.solver.cacheHits;
  solver.z3Calls += s.solver.z3Calls;
  solver.timeouts += s.solver.timeouts;
  solver.seconds += s.solver.seconds;
  fileCacheHits += s.fileCacheHits;
  fileCacheMisses += s.fileCacheMisses;
}

RunResult runLint(const Options &o, const TargetResolver &resolve,
                  const std::vector<std::pair<std::string, Sym>> &assumptions) {
  RunResult rr;
  FrontendOptions fo;
  fo.apiDir = findApiDir();
  fo.resourceDir = findResourceDir();
  fo.includeRoots = o.includeRoots;
  if (!o.realApiDir.empty()) {
    // --api-dir: the AscendC library itself (include/kernel_operator.h, impl/).
    llvm::SmallString<256> d(o.realApiDir);
    llvm::sys::fs::make_absolute(d);
    llvm::sys::path::remove_dots(d, true);
    llvm::SmallString<256> probe(d);
    llvm::sys::path::append(probe, "include", "kernel_operator.h");
    if (!llvm::sys::fs::exists(probe)) {
      FileResult fr;
      fr.file = o.realApiDir;
      fr.ok = false;
      fr.configError = true;
      fr.error = "--api-dir: '" + o.realApiDir +
                 "' is not the AscendC library (no include/kernel_operator.h; an asc-devkit checkout or CANN's "
                 "asc/ folder is)";
      rr.files.push_back(fr);
      rr.exitCode = 2;
      return rr;
    }
    fo.realApiDir = std::string(d);
  }
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
  CompileInfo before = sanitizeCompileArgs(o.extraArgsBefore, ""); // --extra-arg-before
  std::vector<FileJob> jobs;
  for (const std::string &file : files) {
    FileJob job{file, extra};
    llvm::SmallString<256> abs(file);
    llvm::sys::fs::make_absolute(abs);
    auto it = commands.find(std::string(abs));
    if (it != commands.end()) {
      job.ci = it->second;
      job.ci.args.insert(job.ci.args.end(), extra.args.begin(), extra.args.end());
      if (extra.target)
        job.ci.target = extra.target;
      if (extra.core)
        job.ci.core = extra.core;
      if (extra.autoSync)
        job.ci.autoSync = extra.autoSync;
      if (!extra.error.empty())
        job.ci.error = extra.error;
    }
    job.ci.args.insert(job.ci.args.begin(), before.args.begin(), before.args.end());
    jobs.push_back(std::move(job));
  }
  unsigned parallel = o.jobs == 0 ? availableCores() : o.jobs;
  Progress progress(jobs.size(), !o.quiet);
  if (o.timelineFile.empty()) {
    // Every file in a process of its own, even at -j1: a crash, an exhausted
    // memory limit or an overrun time limit is that file's failure (exit 3),
    // the other files are still analysed. Results come back in input order.
    WorkerLimits limits;
    limits.maxMemoryBytes = memoryLimitFor(o, parallel);
    // MaxMemory in a file's configuration, unless --max-memory is given. The
    // limit is set before the worker starts: the configuration is read here
    // (a broken one is reported by the worker, with the default limit).
    if (!o.maxMemory)
      for (size_t i = 0; i < jobs.size(); ++i) {
        std::string ignored;
        if (auto c = configFor(jobs[i].file, o, ignored); c && c->maxMemory) {
          limits.itemMemoryBytes.resize(jobs.size());
          limits.itemMemoryBytes[i] = *c->maxMemory;
        }
      }
    limits.timeoutSec = o.fileTimeoutSec;
    bool timelineWritten = false;
    std::vector<WorkerOutcome> outcomes = runInWorkers(
        jobs.size(), parallel, limits,
        [&](size_t i) { return fileResultToText(lintFile(jobs[i], o, resolve, assumptions, fo, timelineWritten)); },
        [&](size_t i) { progress.step(jobs[i].file); });
    for (size_t i = 0; i < jobs.size(); ++i) {
      std::optional<FileResult> fr;
      if (outcomes[i].result)
        fr = fileResultFromText(*outcomes[i].result);
      if (!fr) {
        // A worker that failed after a checkpoint: its findings and
        // verdicts so far are kept, and the file still fails.
        std::optional<FileResult> partial;
        if (outcomes[i].partial)
          partial = fileResultFromText(*outcomes[i].partial);
        fr.emplace(partial ? std::move(*partial) : FileResult());
        fr->file = jobs[i].file;
        fr->ok = false;
        fr->error = jobs[i].file + ": not verified: " +
                    (outcomes[i].failure.empty() ? std::string("its result was lost") : outcomes[i].failure) +
                    (partial ? "; the results of the kernels analysed before it are kept" : "");
      }
      rr.files.push_back(std::move(*fr));
    }
  } else { // --timeline: one schedule for the whole run, written here
    for (const FileJob &job : jobs) {
      progress.step(job.file);
      rr.files.push_back(lintFile(job, o, resolve, assumptions, fo, rr.timelineWritten));
    }
  }
  progress.finish();
  bool anyConfigError = false, anyFailed = false, anyError = false;
  for (const FileResult &fr : rr.files) {
    rr.stats.add(fr.stats);
    for (auto &d : fr.diags)
      if (d.severity == Severity::Error)
        anyError = true;
    anyConfigError |= fr.configError;
    anyFailed |= !fr.ok;
  }
  rr.exitCode = anyConfigError ? 2 : anyFailed ? 3 : (anyError ? 1 : 0);
  return rr;
}

} // namespace alint
