#include "checker/frontend/LoopInvariants.h"

#include "rules/ProofMemo.h"
#include "smt/Solver.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace alint {

namespace {

// The most distinct terms an iteration's questions may hold.
constexpr size_t kMaxQuestionNodes = 600;

struct Candidate {
  size_t index;
  SymOp op; // Le or Ge
  Sym bound;
  bool baseProved = false; // `before op bound` holds wherever the loop runs
};

bool mentions(const Sym &s, uint32_t id) {
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(s, vs);
  for (auto &v : vs)
    if (v->id == id)
      return true;
  return false;
}

bool loopInvariant(const Sym &s, uint32_t mark) {
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(s, vs);
  for (auto &v : vs)
    if (v->id >= mark)
      return false;
  return true;
}

// The other side of each comparison one side of which holds the entry value:
// the limits the code itself tests (`start < end`, `off + n <= cap`).
void comparedWith(const Sym &s, uint32_t entryId, uint32_t mark, std::vector<Sym> &out, std::set<size_t> &seen) {
  if (!s || seen.size() > 4000 || !seen.insert(size_t(s.get())).second || out.size() >= 6)
    return;
  if ((s->op == SymOp::Lt || s->op == SymOp::Le || s->op == SymOp::Gt || s->op == SymOp::Ge) && s->args.size() == 2)
    for (int side = 0; side < 2; ++side) {
      const Sym &a = s->args[side], &b = s->args[1 - side];
      if (mentions(a, entryId) && !mentions(b, entryId) && loopInvariant(b, mark) && !b->type.isBool &&
          std::none_of(out.begin(), out.end(), [&](const Sym &o) { return structurallyEqual(o, toMath(b)); }))
        out.push_back(toMath(b));
    }
  for (const Sym &a : s->args)
    comparedWith(a, entryId, mark, out, seen);
}

bool proves(const Sym &property, const std::vector<Sym> &context, unsigned &queriesLeft) {
  Obligation ob;
  ob.check = "loop-invariant";
  ob.property = property;
  ob.context = context;
  ob.proofOnly = true;
  // The same loop in every build configuration (dtype, tiling key) asks the
  // same questions up to the names of its variables: answered once per
  // process (one file's worker).
  static std::unordered_map<std::string, bool> memo;
  const std::string key = canonicalObligationKey(ob);
  if (!key.empty())
    if (auto it = memo.find(key); it != memo.end())
      return it->second;
  if (queriesLeft == 0)
    return false;
  --queriesLeft;
  // A budget of units for the whole question, probes included (Solver's
  // search for failures at chosen inputs is no use to a proof-only question).
  const unsigned ms = 20;
  Solver solver(ms);
  Budget units;
  units.z3Units = uint64_t(ms) * kZ3UnitsPerMs;
  solver.setBudget(&units);
  const bool proved = solver.check(ob).status == Status::Proved;
  static const bool dbg = getenv("ALINT_INV_DEBUG") != nullptr;
  if (dbg) {
    fprintf(stderr, "INVQ %s => %d\n", toString(property).substr(0, 200).c_str(), int(proved));
    for (auto &c : context)
      fprintf(stderr, "INVQ   ctx %s\n", toString(c).substr(0, 200).c_str());
  }
  if (memo.size() > 100000) // a long-lived process (the language server): bounded
    memo.clear();
  if (!key.empty())
    memo[key] = proved;
  return proved;
}

Sym holds(const Candidate &c, const Sym &value) { return mkCmp(c.op, toMath(value), c.bound); }

// Nodes of `s` written out as a tree (shared subterms counted each time),
// saturating at `cap`: `evaluate` walks the tree.
size_t treeSize(const Sym &s, std::unordered_map<const SymNode *, size_t> &memo, size_t cap) {
  if (auto it = memo.find(s.get()); it != memo.end())
    return it->second;
  size_t n = 1;
  for (const Sym &a : s->args)
    n = std::min(cap, n + treeSize(a, memo, cap));
  memo[s.get()] = n;
  return n;
}

// Guesses refuted by running the iteration on chosen values: most wrong
// guesses fail on the first few, and Z3 is asked about the survivors only.
// Inputs and other values take small and boundary-like values; each entry
// value is the value before the loop, a limit, or next to one. Deterministic
// (a fixed pseudo-random sequence). A trial where a hypothesis cannot be
// evaluated refutes nothing.
std::vector<Candidate> survivingTests(std::vector<Candidate> cands, const std::vector<LoopCarried> &vars,
                                      const std::vector<Sym> &base) {
  std::unordered_map<const SymNode *, size_t> sizes;
  size_t total = 0;
  for (const Sym &b : base)
    total += treeSize(b, sizes, 100000);
  for (const LoopCarried &v : vars)
    total += treeSize(v.exit, sizes, 100000) + treeSize(v.before, sizes, 100000);
  for (const Candidate &c : cands)
    total += treeSize(c.bound, sizes, 100000);
  if (total > 4000)
    return cands;
  std::map<uint32_t, int64_t> env;
  std::set<uint32_t> entryIds;
  for (const LoopCarried &v : vars)
    entryIds.insert(v.entry->var->id);
  uint64_t seed = 0x9e3779b97f4a7c15ull;
  auto next = [&]() {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return seed >> 33;
  };
  static const int64_t kPalette[] = {0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 64, 100, 255, 256, 1000, 1024, 4096, 65536, -1};
  auto value = [&](const VarInfo &vi) -> std::optional<int64_t> {
    if (auto it = env.find(vi.id); it != env.end())
      return it->second;
    uint64_t r = next();
    int64_t v = r % 4 == 0 ? int64_t(next() % 100000) : kPalette[r % (sizeof kPalette / sizeof *kPalette)];
    env[vi.id] = v;
    return v;
  };
  for (int trial = 0; trial < 64 && !cands.empty(); ++trial) {
    env.clear();
    // The entry values: near the value before the loop or a limit.
    for (size_t i = 0; i < vars.size(); ++i) {
      std::vector<int64_t> near;
      if (auto b = evaluate(vars[i].before, value))
        near.push_back(*b);
      for (const Candidate &c : cands)
        if (c.index == i)
          if (auto b = evaluate(c.bound, value))
            near.push_back(*b);
      int64_t e = near.empty() ? int64_t(next() % 1000) : near[next() % near.size()];
      e += int64_t(next() % 5) - 2;
      env[vars[i].entry->var->id] = e;
    }
    bool hypsHold = true;
    for (const Sym &b : base) {
      auto h = evaluate(b, value);
      hypsHold &= h && *h != 0;
    }
    for (const Candidate &c : cands) {
      auto h = evaluate(mkCmp(c.op, toMath(vars[c.index].entry), c.bound), value);
      hypsHold &= h && *h != 0;
      if (!c.baseProved) {
        auto b = evaluate(mkCmp(c.op, toMath(vars[c.index].before), c.bound), value);
        hypsHold &= b && *b != 0;
      }
    }
    if (!hypsHold)
      continue;
    std::vector<Candidate> kept;
    for (const Candidate &c : cands) {
      auto g = evaluate(mkCmp(c.op, toMath(vars[c.index].exit), c.bound), value);
      if (!g || *g != 0)
        kept.push_back(c);
    }
    cands = std::move(kept);
  }
  return cands;
}

// Whether chosen values (as in survivingTests) make `goal` false where
// `hyps` hold.
bool refutedByTests(const Sym &goal, const std::vector<Sym> &hyps) {
  std::unordered_map<const SymNode *, size_t> sizes;
  size_t total = treeSize(goal, sizes, 100000);
  for (const Sym &h : hyps)
    total += treeSize(h, sizes, 100000);
  if (total > 4000)
    return false;
  std::map<uint32_t, int64_t> env;
  uint64_t seed = 0x2545f4914f6cdd1dull;
  auto next = [&]() {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return seed >> 33;
  };
  static const int64_t kPalette[] = {0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 64, 100, 255, 256, 1000, 1024, 4096, 65536, -1};
  auto value = [&](const VarInfo &vi) -> std::optional<int64_t> {
    if (auto it = env.find(vi.id); it != env.end())
      return it->second;
    uint64_t r = next();
    int64_t v = r % 4 == 0 ? int64_t(next() % 100000) : kPalette[r % (sizeof kPalette / sizeof *kPalette)];
    env[vi.id] = v;
    return v;
  };
  for (int trial = 0; trial < 48; ++trial) {
    env.clear();
    bool hold = true;
    for (const Sym &h : hyps) {
      auto v = evaluate(h, value);
      hold &= v && *v != 0;
    }
    if (!hold)
      continue;
    if (auto g = evaluate(goal, value); g && *g == 0)
      return true;
  }
  return false;
}

// Houdini: the largest subset of `cands` that is inductive together (each
// bound, assumed of every entry value, holds of every exit value).
std::vector<Candidate> inductiveSubset(std::vector<Candidate> cands, const std::vector<LoopCarried> &vars,
                                       const std::vector<Sym> &base, unsigned &queriesLeft) {
  cands = survivingTests(std::move(cands), vars, base);
  for (bool dropped = true; dropped && !cands.empty();) {
    dropped = false;
    std::vector<Sym> hyps = base;
    for (const Candidate &c : cands) {
      hyps.push_back(holds(c, vars[c.index].entry));
      if (!c.baseProved) // assumed where it holds: the fact's premise
        hyps.push_back(holds(c, vars[c.index].before));
    }
    // All at once first: one question where everything holds.
    std::vector<Sym> goals;
    for (const Candidate &c : cands)
      goals.push_back(holds(c, vars[c.index].exit));
    if (proves(mkAndAll(goals), hyps, queriesLeft))
      break;
    if (queriesLeft == 0)
      return {};
    std::vector<Candidate> kept;
    for (size_t i = 0; i < cands.size(); ++i)
      if (proves(goals[i], hyps, queriesLeft))
        kept.push_back(cands[i]);
      else
        dropped = true;
    if (!dropped) // each alone but not all together: give up (it cannot happen for a sound solver)
      return {};
    cands = std::move(kept);
  }
  return cands;
}

} // namespace

bool mayKeepBounds(const Sym &exit, const Sym &before) {
  if (!exit || !before || structurallyEqual(exit, before))
    return false;
  std::unordered_set<const SymNode *> seen;
  std::vector<const SymNode *> work{exit.get()};
  bool compares = false, adds = false;
  while (!work.empty()) {
    const SymNode *n = work.back();
    work.pop_back();
    if (!seen.insert(n).second)
      continue;
    if (seen.size() > kMaxQuestionNodes / 2)
      return false;
    if ((n->op == SymOp::Lt || n->op == SymOp::Le || n->op == SymOp::Gt || n->op == SymOp::Ge) && n->args.size() == 2)
      for (const Sym &a : n->args)
        compares |= structurallyEqual(a, before) || structurallyEqual(toMath(a), toMath(before));
    if ((n->op == SymOp::Add || n->op == SymOp::Sub) && n->args.size() == 2)
      adds |= structurallyEqual(toMath(n->args[0]), toMath(before));
    for (const Sym &a : n->args)
      work.push_back(a.get());
  }
  return compares || adds;
}

std::vector<InvariantFact> inferLoopInvariants(const std::vector<LoopCarried> &vars, const Sym &entryCond,
                                               const Sym &pathCond, uint32_t loopVarMark, unsigned &queriesLeft) {
  std::vector<InvariantFact> out;
  if (vars.empty() || queriesLeft == 0)
    return out;
  // A large iteration (a loop nest's outer body, a long path condition) is
  // not worth its questions: translating them for Z3 costs more than the
  // loop's model (ops-math view_copy: 27 s for a few hundred questions).
  {
    std::unordered_set<const SymNode *> seen;
    std::vector<const SymNode *> work;
    auto push = [&](const Sym &x) {
      if (x && seen.insert(x.get()).second)
        work.push_back(x.get());
    };
    push(entryCond);
    push(pathCond);
    for (const LoopCarried &v : vars) {
      push(v.exit);
      push(v.before);
    }
    while (!work.empty() && seen.size() <= kMaxQuestionNodes) {
      const SymNode *n = work.back();
      work.pop_back();
      for (const Sym &a : n->args)
        push(a);
    }
    if (seen.size() > kMaxQuestionNodes)
      return out;
  }
  std::vector<Sym> base;
  if (pathCond && !isTrue(pathCond))
    base.push_back(pathCond);
  if (entryCond && !isTrue(entryCond))
    base.push_back(entryCond);

  // Guesses: the value before the loop as a lower and an upper bound (it
  // only grows, or only falls), and each limit the code compares it with.
  std::vector<Candidate> cands;
  for (size_t i = 0; i < vars.size(); ++i) {
    const LoopCarried &v = vars[i];
    if (!v.entry || v.entry->op != SymOp::Var || !v.before || !v.exit || !loopInvariant(v.before, loopVarMark))
      continue;
    std::vector<Sym> limits{toMath(v.before), mkConst(0)};
    std::set<size_t> seen;
    comparedWith(v.exit, v.entry->var->id, loopVarMark, limits, seen);
    if (entryCond)
      comparedWith(entryCond, v.entry->var->id, loopVarMark, limits, seen);
    for (size_t l = 0; l < limits.size(); ++l)
      for (SymOp op : {SymOp::Ge, SymOp::Le}) {
        Candidate c{i, op, limits[l]};
        c.baseProved = l == 0; // before <= before
        cands.push_back(c);
      }
  }
  // ALINT_INV_DEBUG (a developer's aid): the guesses and what each round kept.
  static const bool dbg = getenv("ALINT_INV_DEBUG") != nullptr;
  if (dbg) {
    fprintf(stderr, "INV entryCond %s\n", entryCond ? toString(entryCond).c_str() : "-");
    for (auto &v : vars)
      fprintf(stderr, "INV var %s before %s exit %s\n", toString(v.entry).c_str(), toString(v.before).c_str(),
              toString(v.exit).substr(0, 300).c_str());
    for (auto &c : cands)
      fprintf(stderr, "INV cand %zu %s %s\n", c.index, c.op == SymOp::Le ? "<=" : ">=", toString(c.bound).c_str());
  }
  if (cands.empty() || cands.size() > 40)
    return out;
  // The signed inputs the iteration reads, not negative (a tile or count
  // from the host): a premise round 2 may need (below).
  std::vector<Sym> nonNegative;
  std::set<uint32_t> done;
  std::set<const SymNode *> visited;
  std::function<void(const Sym &)> walk = [&](const Sym &s) {
    if (!s || !visited.insert(s.get()).second)
      return;
    if (s->op == SymOp::Var && s->var && s->var->role == VarRole::Input && s->type.isSigned && !s->type.isBool &&
        done.insert(s->var->id).second)
      nonNegative.push_back(mkCmp(SymOp::Ge, toMath(s), mkConst(0)));
    for (const Sym &a : s->args)
      walk(a);
  };
  for (const LoopCarried &v : vars)
    walk(v.exit);
  std::vector<Sym> hyps = base;
  hyps.insert(hyps.end(), nonNegative.begin(), nonNegative.end());
  // Guesses the iteration refutes on chosen values are dropped before Z3
  // is asked anything (under the weaker premise of round 2: what survives
  // there is all either round can keep).
  cands = survivingTests(std::move(cands), vars, hyps);
  if (cands.empty())
    return out;

  // Bases: does the value before the loop satisfy the bound? Asked under
  // the loop's path condition only, not that an iteration runs: the facts
  // speak of the value after the loop too, which is this one if none ran.
  // Failing that, where the signed inputs are not negative (round 2).
  std::vector<Sym> where;
  if (pathCond && !isTrue(pathCond))
    where.push_back(pathCond);
  std::vector<Sym> whereNonNeg = where;
  whereNonNeg.insert(whereNonNeg.end(), nonNegative.begin(), nonNegative.end());
  std::vector<bool> baseUnderNonNeg(cands.size(), false);
  for (size_t i = 0; i < cands.size(); ++i) {
    Candidate &c = cands[i];
    if (c.baseProved || refutedByTests(holds(c, vars[c.index].before), whereNonNeg))
      continue;
    c.baseProved = !refutedByTests(holds(c, vars[c.index].before), where) &&
                   proves(holds(c, vars[c.index].before), where, queriesLeft);
    if (!c.baseProved && !nonNegative.empty())
      baseUnderNonNeg[i] = proves(holds(c, vars[c.index].before), whereNonNeg, queriesLeft);
  }
  auto same = [](const Candidate &x, const Candidate &y) {
    return x.index == y.index && x.op == y.op && structurallyEqual(x.bound, y.bound);
  };
  auto within = [&](const Candidate &c, const std::vector<Candidate> &set) {
    return std::any_of(set.begin(), set.end(), [&](const Candidate &d) { return same(c, d); });
  };

  // Round 1: bounds with a proved base, inductive together as they are.
  std::vector<Candidate> firm;
  for (const Candidate &c : cands)
    if (c.baseProved)
      firm.push_back(c);
  std::vector<Candidate> s1 = inductiveSubset(firm, vars, base, queriesLeft);
  if (dbg)
    fprintf(stderr, "INV firm %zu s1 %zu left %u\n", firm.size(), s1.size(), queriesLeft);
  for (const Candidate &c : s1)
    out.push_back({c.index, c.op, c.bound, nullptr});
  if (queriesLeft == 0 || s1.size() == cands.size())
    return out;

  // Round 2: the same where the signed inputs the iteration reads are not
  // negative (a tile or count from the host): a premise on the inputs, so
  // the facts are conditional, never assumed.
  Sym nonNeg = nonNegative.empty() ? nullptr : mkAndAll(nonNegative);
  std::vector<Candidate> s2 = s1;
  if (nonNeg) {
    std::vector<Candidate> firm2;
    for (size_t i = 0; i < cands.size(); ++i)
      if (cands[i].baseProved || baseUnderNonNeg[i]) {
        firm2.push_back(cands[i]);
        firm2.back().baseProved = true; // under the premise
      }
    s2 = inductiveSubset(firm2, vars, hyps, queriesLeft);
    for (const Candidate &c : s2)
      if (!within(c, s1))
        out.push_back({c.index, c.op, c.bound, nonNeg});
  }
  if (dbg)
    fprintf(stderr, "INV s2 %zu nonneg %zu left %u\n", s2.size(), nonNegative.size(), queriesLeft);

  // Round 3: each bound left on its own, where its base holds (`cur <= end`
  // from `start <= end`: a core with no work may start past its end). With
  // the bounds above assumed, never another guess: a premise per fact.
  std::vector<Sym> known = hyps;
  for (const Candidate &c : s2)
    known.push_back(holds(c, vars[c.index].entry));
  for (const Candidate &c : cands) {
    if (within(c, s2) || queriesLeft == 0)
      continue;
    std::vector<Sym> h = known;
    h.push_back(holds(c, vars[c.index].entry));
    Sym baseC = holds(c, vars[c.index].before);
    h.push_back(baseC);
    Sym goal = holds(c, vars[c.index].exit);
    if (refutedByTests(goal, h) || !proves(goal, h, queriesLeft))
      continue;
    out.push_back({c.index, c.op, c.bound, nonNeg ? mkAnd(nonNeg, baseC) : baseC});
  }
  return out;
}

} // namespace alint
