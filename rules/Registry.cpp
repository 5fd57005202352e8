#include "rules/Check.h"
#include "rules/Checks.h"

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
    add(&make<CubeParamsCheck>);
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
