#include "rules/Check.h"
#include "rules/Checks.h"
#include "rules/ProofMemo.h"

#include <map>
#include <optional>
#include <set>

namespace alint {

const char *severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "note";
}

const SyncGraph &CheckContext::syncGraph() {
  if (!cache) {
    ownCache = std::make_unique<AnalysisCache>();
    cache = ownCache.get();
  }
  if (!cache->graph)
    cache->graph = std::make_unique<SyncGraph>(buildSyncGraph(kernel, target, cache->syncOptions));
  return *cache->graph;
}

bool CheckContext::outOfTime(const std::string &check, const SourceLoc &loc) {
  if (!cache || !cache->budget || !cache->budget->expired(check.c_str()))
    return false;
  if (!timeNoted_) {
    timeNoted_ = true;
    ProofItem item;
    item.ob.check = check;
    item.ob.unknownReason =
        "the file's CPU-time limit (--timeout) was reached while " + check + " ran; the rest of it was not checked";
    item.loc = loc;
    item.message = [check](const Verdict &v) { return check + ": not finished: " + v.reason; };
    prove(std::move(item));
  }
  return true;
}

std::vector<Sym> CheckContext::contextAt(const Sym &cond, const std::vector<int> &loops) const {
  std::vector<Sym> ctx = kernel.facts;
  if (cond)
    ctx.push_back(cond);
  for (const Assumption &a : kernel.assumptions) {
    // An assumption inside a loop speaks about that loop's iterations only.
    bool inScope = a.loops.size() <= loops.size();
    for (size_t i = 0; inScope && i < a.loops.size(); ++i)
      inScope = a.loops[i] == loops[i];
    if (!inScope)
      continue;
    ctx.push_back(a.cond ? mkOr(mkNot(a.cond), a.expr) : a.expr);
  }
  return ctx;
}

bool sameFlagId(const Sym &a, const Sym &b) {
  if (!a || !b)
    return false;
  auto ca = asConst(a), cb = asConst(b);
  if (ca && cb)
    return *ca == *cb;
  return structurallyEqual(a, b);
}

static int severityRank(Status s) {
  switch (s) {
  case Status::Violated:
    return 3;
  case Status::Counterexample:
    return 2;
  case Status::Unknown:
    return 1;
  default:
    return 0;
  }
}

// The caps on a question's Z3 units in the passes before the last
// (Solver::setQueryCap), growing tenfold: each pass asks again only what the
// one before left undecided for want of units, so a question that needs the
// full budget wastes at most about a tenth of it on the earlier passes.
// Measured on ops-math's sim_thread_exponential and pad_v3_grad_replication
// (2,194 questions Z3 decided): median 456 units, 90th percentile 4,300, 99th
// 16,000. The undecided ones cost far more: in pad_v3_grad_replication 66
// questions left unknown spent 93 % of the units, and 1,100 obligations per
// build configuration were then never asked.
constexpr uint64_t kPassCaps[] = {20000, 200000};

std::vector<SolvedItem> solveItems(std::vector<ProofItem> &items, Solver &solver, const std::string &incomplete,
                                   std::vector<Verdict> *all) {
  // A verdict as the item reports it (its counterexample rule, its cap).
  auto finish = [&](const ProofItem &item, Verdict v) {
    if (v.status == Status::Counterexample && !item.counterexampleUnknown.empty()) {
      v.status = Status::Unknown;
      v.reason = item.counterexampleUnknown;
      v.counterexample.clear();
    }
    // Only where Z3 was asked and left the question open: one never asked
    // (the file's units or CPU time ran out before it) stays unknown, or the
    // finding would depend on the machine's load (ops-math arg_max_v2, at its
    // CPU-time limit: four same-start warnings on one run, none on the next).
    const bool neverAsked = v.reason.find("before this obligation") != std::string::npos;
    if (v.status == Status::Unknown && item.unknownIsCounterexample && incomplete.empty() && !neverAsked)
      v.status = Status::Counterexample; // the reason stays, for the message
    if (v.status != Status::Proved && severityRank(v.status) > severityRank(item.worst)) {
      v.status = item.worst;
      if (item.worst == Status::Unknown) {
        v.reason = item.capReason.empty() ? "the model of this property is partial" : item.capReason;
        v.counterexample.clear();
      }
    }
    return v;
  };
  // Passes: every question first with a small cap on its units, then the
  // ones a cap left undecided with a larger one, at last with what the budget
  // has left. A group (alternative explanations of one finding) stops at its
  // first violation.
  std::vector<std::optional<Verdict>> raw(items.size());
  std::set<std::string> settled; // groups with a violation: done
  const uint64_t outerCap = solver.queryCap();
  // Questions whose unknown is reported as a counterexample (a same-start
  // race pair: "whether both run") are asked first: left to the end of a
  // check's units, they became warnings for want of units (ops-math
  // mem_set_v2's Duplicate and the copy-out of the exclusive branch).
  std::vector<size_t> order;
  order.reserve(items.size());
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].unknownIsCounterexample)
      order.push_back(i);
  for (size_t i = 0; i < items.size(); ++i)
    if (!items[i].unknownIsCounterexample)
      order.push_back(i);
  auto pass = [&](bool retry) {
    for (size_t i : order) {
      ProofItem &item = items[i];
      if (retry && (!raw[i] || !raw[i]->capped))
        continue;
      if (!item.group.empty() && settled.count(item.group))
        continue;
      if (!incomplete.empty())
        item.ob.unknownReason = incomplete;
      raw[i] = checkMemoised(solver, item.ob);
      if (!item.group.empty() && finish(item, *raw[i]).status == Status::Violated)
        settled.insert(item.group);
    }
  };
  if (outerCap) {
    pass(false);
  } else {
    bool first = true;
    for (uint64_t cap : kPassCaps) {
      solver.setQueryCap(cap, first);
      pass(!first);
      first = false;
    }
    solver.setQueryCap(0);
    pass(true);
  }

  std::vector<SolvedItem> out;
  std::map<std::string, size_t> groupAt; // group -> its entry in out
  std::map<std::string, Verdict> groupWorst;
  std::vector<std::string> groupOrder;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!raw[i])
      continue;
    const std::string &grp = items[i].group;
    Verdict v = finish(items[i], *raw[i]);
    if (raw[i]->capped && v.status == Status::Unknown) // never asked again: no units were left for it
      v.reason = "the file's Z3 budget (resource units, from --timeout) was spent before this obligation";
    v.capped = false;
    if (all && grp.empty())
      all->push_back(v);
    if (!grp.empty()) { // a group is one obligation: its worst verdict
      auto [w, fresh] = groupWorst.try_emplace(grp, v);
      if (fresh)
        groupOrder.push_back(grp);
      else if (severityRank(v.status) > severityRank(w->second.status))
        w->second = v;
    }
    if (v.status == Status::Proved)
      continue;
    if (grp.empty()) {
      out.push_back({i, std::move(v)});
      continue;
    }
    auto it = groupAt.find(grp);
    if (it == groupAt.end()) {
      groupAt[grp] = out.size();
      out.push_back({i, std::move(v)});
    } else if (severityRank(v.status) > severityRank(out[it->second].verdict.status)) {
      out[it->second] = {i, std::move(v)};
    }
  }
  if (all)
    for (const std::string &g : groupOrder)
      all->push_back(groupWorst.at(g));
  return out;
}

template <class T> static std::unique_ptr<Check> make() { return std::make_unique<T>(); }

const std::vector<CheckInfo> &checkRegistry() {
  static const std::vector<CheckInfo> reg = [] {
    std::vector<CheckInfo> r;
    auto add = [&](std::unique_ptr<Check> (*f)()) {
      auto c = f();
      r.push_back({c->id(), c->summary(), f});
    };
    add(&make<CapacityOverflowCheck>);
    add(&make<AlignCopyLengthCheck>);
    add(&make<AlignAddressCheck>);
    add(&make<BoundsLocalCheck>);
    add(&make<BoundsGlobalCheck>);
    add(&make<PathIllegalCheck>);
    add(&make<SyncRaceCheck>);
    add(&make<SyncUnpairedCheck>);
    add(&make<SyncEventCheck>);
    add(&make<SyncCrossCoreCheck>);
    add(&make<NdDmaParamsCheck>);
    add(&make<NdDmaDstOverlapCheck>);
    add(&make<NdDmaDciCheck>);
    add(&make<ParamRangeCheck>);
    add(&make<CubeParamsCheck>);
    add(&make<PerfBankConflictCheck>);
    add(&make<SyncVfMembarCheck>);
    add(&make<MatmulTilingCheck>);
    add(&make<UninitReadCheck>);
    add(&make<VectorOverlapCheck>);
    add(&make<GmCoherenceCheck>);
    add(&make<SyncSimtCheck>);
    return r;
  }();
  return reg;
}

bool globMatch(const std::string &p, const std::string &t) {
  size_t pi = 0, ti = 0, star = std::string::npos, mark = 0;
  while (ti < t.size()) {
    if (pi < p.size() && (p[pi] == t[ti] || p[pi] == '?')) {
      ++pi;
      ++ti;
    } else if (pi < p.size() && p[pi] == '*') {
      star = pi++;
      mark = ti;
    } else if (star != std::string::npos) {
      pi = star + 1;
      ti = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*')
    ++pi;
  return pi == p.size();
}

std::vector<std::string> splitGlobs(const std::string &globs) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= globs.size()) {
    size_t comma = globs.find(',', start);
    std::string g = globs.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    while (!g.empty() && isspace((unsigned char)g.front()))
      g.erase(g.begin());
    while (!g.empty() && isspace((unsigned char)g.back()))
      g.pop_back();
    if (!g.empty())
      out.push_back(g);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return out;
}

bool checkEnabled(const std::string &globs, const std::string &id) {
  bool on = false;
  for (std::string g : splitGlobs(globs)) {
    bool neg = g[0] == '-';
    if (neg)
      g = g.substr(1);
    if (globMatch(g, id))
      on = !neg;
  }
  return on;
}

} // namespace alint
