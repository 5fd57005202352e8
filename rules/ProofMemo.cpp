#include "rules/ProofMemo.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <unordered_set>

namespace alint {

namespace {

// Past this a key costs more to build and keep than most queries take.
constexpr size_t kMaxKeyBytes = 1 << 16;

struct KeyWriter {
  std::string out;
  std::unordered_map<const SymNode *, size_t> nodeAt; // node -> its number (shared subterms once)
  std::unordered_map<uint32_t, size_t> varAt;         // variable id -> first-occurrence number
  bool tooBig = false;
  size_t maxBytes = kMaxKeyBytes;

  size_t node(const Sym &s) {
    if (auto it = nodeAt.find(s.get()); it != nodeAt.end())
      return it->second;
    std::vector<size_t> args;
    for (const Sym &a : s->args)
      args.push_back(node(a));
    std::string n = "(" + std::to_string(int(s->op)) + ":" + std::to_string(int(s->type.bits)) +
                    (s->type.isSigned ? "s" : "u") + (s->type.isBool ? "b" : "");
    if (s->op == SymOp::Const || s->op == SymOp::BoolConst)
      n += "=" + std::to_string(s->value);
    if (s->op == SymOp::Var && s->var) {
      const VarInfo &v = *s->var;
      auto [it, fresh] = varAt.emplace(v.id, varAt.size());
      n += " v" + std::to_string(it->second);
      if (fresh) // what the solver reads of a variable, said once
        n += " " + std::to_string(v.name.size()) + ":" + v.name + " " + std::to_string(int(v.role)) + " " +
             std::to_string(int(v.choice)) + " " + std::to_string(v.reason.size()) + ":" + v.reason;
    }
    for (size_t a : args)
      n += " #" + std::to_string(a);
    n += ")";
    out += n;
    tooBig |= out.size() > maxBytes;
    size_t id = nodeAt.size();
    nodeAt.emplace(s.get(), id);
    return id;
  }
  void root(const char *tag, const Sym &s) {
    if (!s) {
      out += tag;
      out += "null;";
      return;
    }
    size_t id = node(s);
    out += tag + std::to_string(id) + ";";
  }
};

// How many factors of 2 surely divide the value of s, in its own type (127:
// the value is always 0). Each node wraps into its type: a value that is a
// multiple of 2^k in exact arithmetic stays one after wrapping into b >= k
// bits, and is 0 when k >= b. Alignment obligations are mostly "offset % 32
// == 0" over products of tiling values and constants, which Z3 (wrap-around
// modulo 2^32 of a product) sometimes cannot decide within 9 s
// (sim_thread_exponential: `(98304 + handleNumTail * 256 * 4) % 32 == 0`).
constexpr int kZero = 127;

// Values the context defines (`tilingData.tailLen == <the host's formula>`):
// a variable is a multiple of whatever its definition is a multiple of. The
// variables being expanded (a definition that reaches its own variable
// again counts as nothing).
struct Definitions {
  // Variable -> its definition, and the narrowest cast between them: the
  // variable agrees with the definition modulo 2^bits of each cast (a field
  // read as `int64_t` of a `uint64_t`), so that bounds what it shows.
  std::unordered_map<uint32_t, std::pair<Sym, int>> of;
  std::unordered_set<uint32_t> expanding;
};

// k where every value the divisor can take is a power of two 2^j with j <= k
// (a constant, or a choice of constants: `x / (dtype == 1 ? 2 : 4)`); -1
// otherwise.
int log2Divisor(const Sym &d) {
  if (auto c = asConst(d)) {
    if (*c <= 0 || (uint64_t(*c) & (uint64_t(*c) - 1)))
      return -1;
    return __builtin_ctzll(uint64_t(*c));
  }
  if (d->op == SymOp::Select) {
    int a = log2Divisor(d->args[1]), b = a < 0 ? -1 : log2Divisor(d->args[2]);
    return b < 0 ? -1 : std::max(a, b);
  }
  if (d->op == SymOp::Cast && !d->type.isBool && !d->args[0]->type.isBool) {
    // Kept through the cast only where the cast keeps each constant.
    int k = log2Divisor(d->args[0]);
    return k >= 0 && (d->type.bits == 0 || k < int(d->type.bits) - (d->type.isSigned ? 1 : 0)) ? k : -1;
  }
  return -1;
}

int twos(const Sym &s, std::unordered_map<const SymNode *, int> &seen, Definitions *defs = nullptr) {
  if (auto it = seen.find(s.get()); it != seen.end())
    return it->second;
  auto arg = [&](size_t i) { return i < s->args.size() ? twos(s->args[i], seen, defs) : 0; };
  int v = 0;
  switch (s->op) {
  case SymOp::Var:
    if (defs && s->var)
      if (auto it = defs->of.find(s->var->id); it != defs->of.end() && defs->expanding.insert(s->var->id).second) {
        v = std::min(twos(it->second.first, seen, defs), it->second.second);
        defs->expanding.erase(s->var->id);
      }
    break;
  case SymOp::Shr: // exact where the dividend is a multiple of the power of two
    if (auto c = asConst(s->args[1]); c && *c >= 0 && *c < 64) {
      int a = arg(0);
      if (a >= *c)
        v = a == kZero ? kZero : a - int(*c);
    }
    break;
  case SymOp::Div: // by a power of two, or by one of several (an element size per dtype)
    if (int k = log2Divisor(s->args[1]); k >= 0) {
      int a = arg(0);
      if (a >= k)
        v = a == kZero ? kZero : a - k;
    }
    break;
  case SymOp::Const: {
    uint64_t u = uint64_t(s->value);
    if (s->type.bits && s->type.bits < 64)
      u &= (uint64_t(1) << s->type.bits) - 1;
    v = u == 0 ? kZero : __builtin_ctzll(u);
    break;
  }
  case SymOp::Add:
  case SymOp::Sub:
  case SymOp::Min:
  case SymOp::Max:
    v = std::min(arg(0), arg(1));
    break;
  case SymOp::Select:
    v = std::min(arg(1), arg(2));
    break;
  case SymOp::Mul:
    v = std::min(kZero, arg(0) + arg(1));
    break;
  case SymOp::Neg:
  case SymOp::Cast:
    v = arg(0);
    break;
  case SymOp::Shl:
    if (auto c = asConst(s->args[1]); c && *c >= 0 && *c < 64)
      v = std::min<int>(kZero, arg(0) + int(*c));
    break;
  case SymOp::Rem: // a % c == a - c * (a / c)
    if (auto c = asConst(s->args[1]); c && *c > 0) {
      int a = arg(0), k = __builtin_ctzll(uint64_t(*c));
      v = (uint64_t(*c) == (uint64_t(1) << k) && a >= k) ? kZero : std::min(a, k);
    }
    break;
  default:
    break;
  }
  if (s->type.isBool)
    v = s->op == SymOp::Const || s->op == SymOp::BoolConst ? v : 0;
  else if (s->type.bits && v != kZero && v >= s->type.bits)
    v = kZero;
  seen.emplace(s.get(), v);
  return v;
}

// The property holds whatever the variables are: both sides of an `==` are
// always 0 (a remainder by a power of two of a multiple of it), under `&&`
// and `||`. Only this shape, no search: anything else goes to Z3.
bool alwaysHolds(const Sym &p, std::unordered_map<const SymNode *, int> &seen, Definitions *defs) {
  switch (p->op) {
  case SymOp::LAnd:
    return alwaysHolds(p->args[0], seen, defs) && alwaysHolds(p->args[1], seen, defs);
  case SymOp::LOr:
    return alwaysHolds(p->args[0], seen, defs) || alwaysHolds(p->args[1], seen, defs);
  case SymOp::BoolConst:
    return p->value != 0;
  case SymOp::Eq:
    return !p->args[0]->type.isBool && twos(p->args[0], seen, defs) == kZero && twos(p->args[1], seen, defs) == kZero;
  default:
    return false;
  }
}

struct Memo {
  uint64_t owner = 0; // the Solver::serial() it belongs to
  std::unordered_map<std::string, Verdict> verdicts;
  // For an `unknown` from Z3's units: the units the budget had left when it
  // was asked (a copy asked with more left may be decided).
  std::unordered_map<std::string, uint64_t> unknownLeft;
  // Key bytes written after the file's units were spent (lookups that can
  // only hit): bounded, see checkMemoised.
  uint64_t spentKeyBytes = 0;
  SliceCache slices; // the file's facts, for sliceToProperty
};

// What lookups past the file's Z3 units may write in keys. A hit there is a
// decision for free (sim_thread_exponential's Philox helper, inlined per call
// site: 232 obligations), but each miss is a key for nothing: a sync-race
// check of 40,000 pair obligations spent 45 s CPU writing keys (ops-math
// circular_pad_grad, all tiling keys: the time limit overran and the file was
// lost). Bytes, not time: the same input stops at the same obligation.
constexpr uint64_t kSpentKeyBytes = 64ull << 20;

Memo &memo() {
  static Memo m;
  return m;
}

} // namespace

std::string canonicalObligationKey(const Obligation &ob, size_t maxBytes) {
  KeyWriter w;
  w.maxBytes = maxBytes;
  w.root("P", ob.property);
  for (const Sym &c : ob.context) {
    w.root("C", c);
    if (w.tooBig)
      return {};
  }
  for (const auto &[name, term] : ob.report)
    w.root(("R" + std::to_string(name.size()) + ":" + name + "=").c_str(), term);
  if (w.tooBig)
    return {};
  if (ob.proofOnly) // its failures carry no values, and question 2 is not asked
    w.out += "!proof-only";
  if (ob.smallBudget) // its `unknown` may be decided with the full budget
    w.out += "!small-budget";
  return std::move(w.out);
}

bool provedByDivisibility(const Sym &property, const std::vector<Sym> &context) {
  if (!property)
    return false;
  Definitions defs;
  std::vector<Sym> work(context.begin(), context.end());
  while (!work.empty()) {
    Sym c = work.back();
    work.pop_back();
    if (c->op == SymOp::LAnd) {
      work.push_back(c->args[0]);
      work.push_back(c->args[1]);
      continue;
    }
    if (c->op != SymOp::Eq || c->args[0]->type.isBool)
      continue;
    for (int side = 0; side < 2; ++side) {
      const SymNode *n = c->args[side].get();
      int bits = kZero;
      while (n->op == SymOp::Cast && !n->args.empty() && !n->type.isBool) {
        if (n->type.bits)
          bits = std::min<int>(bits, n->type.bits);
        n = n->args[0].get();
      }
      if (n->op == SymOp::Var && n->var && !n->type.isBool && n->var->role != VarRole::Opaque)
        defs.of.emplace(n->var->id, std::make_pair(c->args[1 - side], bits));
    }
  }
  std::unordered_map<const SymNode *, int> seen;
  return alwaysHolds(property, seen, defs.of.empty() ? nullptr : &defs);
}

namespace {

Verdict checkWhole(Solver &solver, const Obligation &ob);

} // namespace

Verdict checkMemoised(Solver &solver, const Obligation &ob) {
  // The property's cone of influence first (sliceToProperty): a proof there
  // is a proof, and an undecided slice leaves the whole question, a superset
  // of its facts, no easier. A failure there is only a candidate (the facts
  // left out may be impossible together): the whole question says what it is.
  Obligation slice;
  Memo &m = memo();
  if (m.owner != solver.serial()) { // a new file: its own memo
    m.owner = solver.serial();
    m.verdicts.clear();
    m.unknownLeft.clear();
    m.spentKeyBytes = 0;
    m.slices.facts.clear();
  }
  // ALINT_NO_SLICE (a developer's aid, docs/smt.md): whole questions only.
  static const bool noSlice = getenv("ALINT_NO_SLICE") != nullptr;
  std::string unmodelled;
  if (!noSlice && ob.unknownReason.empty() && !solver.pastDeadline() &&
      sliceToProperty(ob, slice, &m.slices, &unmodelled)) {
    // Whether a failing slice fails for every input matters only where the
    // whole question is not asked after it (below).
    slice.proofOnly = ob.proofOnly || unmodelled.empty();
    Verdict v = checkWhole(solver, slice);
    if (v.status == Status::Proved || v.status == Status::Unknown)
      return v;
    // A failure of a question with a value the frontend lost or the host
    // reader did not model is `unknown` short of a violation (Solver.cpp);
    // the whole question, non-linear where the slice was not, would spend
    // its units to say so (ops-math pad_v3_grad_replication: 0.6 ms sat for
    // the slice, 160,000 units unknown for the whole). A slice that fails
    // for every input is asked whole: the whole question may say the same
    // (an error: samples/host-tiling/launch/malloc_bad.asc).
    if (!unmodelled.empty() && v.status == Status::Counterexample) {
      // Unless the question's own facts rule the lost values out (a
      // loop-filled array's unwritten elements, read where the loop's range
      // holds: ops-math mem_set_v2): then the question without them is
      // asked. Only here: the rewritten facts are new terms, which the
      // caches of the questions that share the originals do not know
      // (ops-math cdist: 25 % more CPU time when every question was
      // rewritten first).
      // It keeps the budget it had with them: on ops-math mem_set_v2 the
      // folded questions, non-linear in the host's quotients, took the
      // file past its CPU-time limit with a full one.
      Obligation folded = withoutRuledOutOpaques(ob);
      folded.smallBudget = true;
      Obligation foldedSlice;
      std::string still;
      const bool sliced = sliceToProperty(folded, foldedSlice, nullptr, &still);
      if (still.empty() && !folded.context.empty()) {
        if (sliced) {
          foldedSlice.proofOnly = true; // a failure: the whole folded question decides
          foldedSlice.smallBudget = true;
          Verdict w = checkWhole(solver, foldedSlice);
          if (w.status != Status::Counterexample)
            return w;
        }
        return checkWhole(solver, folded);
      }
      Verdict u;
      u.status = Status::Unknown;
      u.reason = unmodelled;
      return u;
    }
  }
  return checkWhole(solver, ob);
}

namespace {

Verdict checkWhole(Solver &solver, const Obligation &ob) {
  // Past the clock, before any work on the question: a key for each of the
  // 9,156 race questions of ops-math cdist (float) cost 10 ms after the
  // limit, and the file overran it by more than RLIMIT_CPU allows.
  if (!ob.unknownReason.empty() || solver.pastDeadline())
    return solver.check(ob);
  if (provedByDivisibility(ob.property, ob.context)) {
    Verdict v;
    v.status = Status::Proved;
    return v;
  }
  Memo &m = memo();
  if (m.owner != solver.serial()) { // a new file: its own memo
    m.owner = solver.serial();
    m.verdicts.clear();
    m.unknownLeft.clear();
    m.spentKeyBytes = 0;
  }
  const bool spent = solver.z3UnitsLeft() == 0;
  if (spent && m.spentKeyBytes >= kSpentKeyBytes)
    return solver.check(ob); // unknown: the file's units are spent
  std::string key = canonicalObligationKey(ob);
  if (spent)
    m.spentKeyBytes += key.size();
  if (key.empty())
    return solver.check(ob);
  // The units a question may get: what is left, under the first pass's cap.
  const uint64_t left = solver.queryCap() ? std::min(solver.z3UnitsLeft(), solver.queryCap()) : solver.z3UnitsLeft();
  if (auto it = m.verdicts.find(key); it != m.verdicts.end()) {
    // An undecided verdict is replayed only to a copy with no more units than
    // it had: with per-check shares (cli/Driver.cpp) one question may be
    // asked by checks with different budgets (ops-math cast lost 42
    // decisions), and the second pass asks without the first pass's cap.
    auto ul = m.unknownLeft.find(key);
    const bool undecided = it->second.status == Status::Unknown || it->second.capped;
    if (!undecided || ul == m.unknownLeft.end() || left <= ul->second) {
      Verdict v = it->second;
      v.cached = true;
      solver.countMemoHit();
      return v;
    }
    m.verdicts.erase(it);
    m.unknownLeft.erase(ul);
  }
  unsigned backstops = solver.stats().backstops;
  Verdict v = solver.check(ob);
  // An unknown from Z3's own units is the same on every copy (the same query
  // gets the same units); one a clock or the file's spent budget cut short
  // says nothing about the next copy.
  bool cutShort = solver.stats().backstops != backstops ||
                  (v.status == Status::Unknown && (v.reason.find("time limit (--timeout)") != std::string::npos ||
                                                   v.reason.find("Z3 budget") != std::string::npos ||
                                                   v.reason.find("wall-clock") != std::string::npos));
  if (!cutShort) {
    if (v.status == Status::Unknown || v.capped)
      m.unknownLeft[key] = left;
    m.verdicts.emplace(std::move(key), v);
  }
  return v;
}

} // namespace

} // namespace alint
