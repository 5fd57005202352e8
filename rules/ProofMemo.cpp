#include "rules/ProofMemo.h"

#include <algorithm>
#include <unordered_map>

namespace alint {

namespace {

// Past this a key costs more to build and keep than most queries take.
constexpr size_t kMaxKeyBytes = 1 << 16;

struct KeyWriter {
  std::string out;
  std::unordered_map<const SymNode *, size_t> nodeAt; // node -> its number (shared subterms once)
  std::unordered_map<uint32_t, size_t> varAt;         // variable id -> first-occurrence number
  bool tooBig = false;

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
    tooBig |= out.size() > kMaxKeyBytes;
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

int twos(const Sym &s, std::unordered_map<const SymNode *, int> &seen) {
  if (auto it = seen.find(s.get()); it != seen.end())
    return it->second;
  auto arg = [&](size_t i) { return i < s->args.size() ? twos(s->args[i], seen) : 0; };
  int v = 0;
  switch (s->op) {
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
bool alwaysHolds(const Sym &p, std::unordered_map<const SymNode *, int> &seen) {
  switch (p->op) {
  case SymOp::LAnd:
    return alwaysHolds(p->args[0], seen) && alwaysHolds(p->args[1], seen);
  case SymOp::LOr:
    return alwaysHolds(p->args[0], seen) || alwaysHolds(p->args[1], seen);
  case SymOp::BoolConst:
    return p->value != 0;
  case SymOp::Eq:
    return !p->args[0]->type.isBool && twos(p->args[0], seen) == kZero && twos(p->args[1], seen) == kZero;
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

std::string canonicalObligationKey(const Obligation &ob) {
  KeyWriter w;
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
  return std::move(w.out);
}

bool provedByDivisibility(const Sym &property) {
  std::unordered_map<const SymNode *, int> seen;
  return property && alwaysHolds(property, seen);
}

Verdict checkMemoised(Solver &solver, const Obligation &ob) {
  if (!ob.unknownReason.empty())
    return solver.check(ob);
  if (provedByDivisibility(ob.property)) {
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
  const uint64_t left = solver.z3UnitsLeft();
  if (auto it = m.verdicts.find(key); it != m.verdicts.end()) {
    // An `unknown` is replayed only to a copy with no more units than it had:
    // with per-check shares (cli/Driver.cpp) one question may be asked by
    // checks with different budgets (ops-math cast lost 42 decisions).
    auto ul = m.unknownLeft.find(key);
    if (it->second.status != Status::Unknown || ul == m.unknownLeft.end() || left <= ul->second) {
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
    if (v.status == Status::Unknown)
      m.unknownLeft[key] = left;
    m.verdicts.emplace(std::move(key), v);
  }
  return v;
}

} // namespace alint
