#include "checker/ir/SymExpr.h"

#include <atomic>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace alint {

int64_t IntType::minValue() const {
  if (isBool)
    return 0;
  if (bits == 0 || bits >= 64)
    return isSigned ? INT64_MIN : 0;
  return isSigned ? -(int64_t(1) << (bits - 1)) : 0;
}

uint64_t IntType::maxValue() const {
  if (isBool)
    return 1;
  if (bits == 0)
    return INT64_MAX;
  if (bits >= 64)
    return isSigned ? uint64_t(INT64_MAX) : UINT64_MAX;
  return isSigned ? (uint64_t(1) << (bits - 1)) - 1 : (uint64_t(1) << bits) - 1;
}

std::string IntType::name() const {
  if (isBool)
    return "bool";
  if (bits == 0)
    return "integer";
  return std::string(isSigned ? "int" : "uint") + std::to_string(bits) + "_t";
}

int64_t wrapTo(__int128 v, IntType t) {
  if (t.isBool)
    return v != 0;
  if (t.bits == 0 || t.bits > 64)
    return int64_t(v);
  unsigned __int128 m = (unsigned __int128)1 << t.bits;
  unsigned __int128 u = (unsigned __int128)v % m;
  if (t.isSigned && t.bits < 128 && (u >> (t.bits - 1)) & 1)
    return int64_t(__int128(u) - __int128(m));
  return int64_t(uint64_t(u));
}

namespace {

size_t combine(size_t h, size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); }

Sym finish(SymNode n) {
  size_t h = std::hash<int>()(int(n.op));
  h = combine(h, n.type.bits * 4 + n.type.isSigned * 2 + n.type.isBool);
  h = combine(h, std::hash<int64_t>()(n.value));
  n.hasOpaque = false;
  if (n.var) {
    h = combine(h, n.var->id);
    n.hasOpaque = n.var->role == VarRole::Opaque;
  }
  for (auto &a : n.args) {
    h = combine(h, a->hash);
    n.hasOpaque |= a->hasOpaque;
  }
  n.hash = h;
  return std::make_shared<const SymNode>(std::move(n));
}

std::atomic<uint32_t> nextVarId{1};

// Exact value of a constant as a 128-bit integer (unsigned 64 kept positive).
__int128 wide(const Sym &s) {
  if (s->type.bits == 64 && !s->type.isSigned)
    return (__int128)(uint64_t)s->value;
  return s->value;
}

bool isArith(SymOp op) { return op >= SymOp::Add && op <= SymOp::Select; }

} // namespace

Sym mkConst(int64_t v, IntType t) {
  SymNode n;
  n.op = SymOp::Const;
  n.type = t;
  n.value = t.bits ? wrapTo(v, t) : v;
  return finish(std::move(n));
}

Sym mkBool(bool b) {
  SymNode n;
  n.op = SymOp::BoolConst;
  n.type = IntType::boolean();
  n.value = b;
  return finish(std::move(n));
}

// A variable node for `info` (given its fresh id and name).
static Sym varNode(std::shared_ptr<VarInfo> info, const std::string &name, IntType t) {
  info->id = nextVarId++;
  info->name = name;
  SymNode n;
  n.op = SymOp::Var;
  n.type = t;
  n.var = std::move(info);
  return finish(std::move(n));
}

Sym mkVar(const std::string &name, IntType t, VarRole role, const std::string &reason) {
  auto info = std::make_shared<VarInfo>();
  info->role = role;
  info->reason = reason;
  return varNode(std::move(info), name, t);
}

Sym mkVarLike(const std::string &name, IntType t, const VarInfo &like) {
  return varNode(std::make_shared<VarInfo>(like), name, t);
}

Sym mkOpaque(const std::string &reason, IntType t) { return mkVar("?", t, VarRole::Opaque, reason); }

uint32_t nextVariableId() { return nextVarId.load(); }

std::optional<int64_t> asConst(const Sym &s) {
  if (s && s->op == SymOp::Const)
    return s->value;
  return std::nullopt;
}
std::optional<bool> asBool(const Sym &s) {
  if (s && s->op == SymOp::BoolConst)
    return s->value != 0;
  return std::nullopt;
}
bool isTrue(const Sym &s) { return asBool(s) == std::optional<bool>(true); }
bool isFalse(const Sym &s) { return asBool(s) == std::optional<bool>(false); }

// A constant, or a choice between such (of at most 160 nodes, enough for
// CountLeadingZero's 65 values: folding it copies its conditions).
static bool constChoice(const Sym &s, int &budget) {
  if (--budget < 0)
    return false;
  if (asConst(s))
    return true;
  return s->op == SymOp::Select && constChoice(s->args[1], budget) && constChoice(s->args[2], budget);
}
static bool constChoice(const Sym &s) {
  int budget = 160;
  return constChoice(s, budget);
}

Sym mkCast(Sym a, IntType t) {
  if (a->type == t)
    return a;
  // A choice between constants converts branch by branch (it stays a choice
  // of constants, which comparisons fold into conditions).
  if (a->op == SymOp::Select && !t.isBool && constChoice(a))
    return mkSelect(a->args[0], mkCast(a->args[1], t), mkCast(a->args[2], t));
  if (t.isBool)
    return mkCmp(SymOp::Ne, a, mkConst(0, a->type));
  if (a->type.isBool) {
    if (auto b = asBool(a))
      return mkConst(*b, t);
    return mkSelect(a, mkConst(1, t), mkConst(0, t));
  }
  if (a->op == SymOp::Const)
    return mkConst(wrapTo(wide(a), t), t);
  // Widening a value that fits needs no node for the interval logic, but the
  // type matters to smt/, so keep the node.
  SymNode n;
  n.op = SymOp::Cast;
  n.type = t;
  n.args = {a};
  return finish(std::move(n));
}

Sym mkBin(SymOp op, Sym a, Sym b, IntType t) {
  auto ca = asConst(a), cb = asConst(b);
  if (ca && cb) {
    __int128 x = wide(a), y = wide(b), r = 0;
    switch (op) {
    case SymOp::Add:
      r = x + y;
      break;
    case SymOp::Sub:
      r = x - y;
      break;
    case SymOp::Mul:
      if (t.bits) // modulo 2^bits: unsigned 128-bit arithmetic is exact
        r = (__int128)((unsigned __int128)x * (unsigned __int128)y);
      else if (__builtin_mul_overflow(x, y, &r)) // beyond even __int128: leave the node
        goto node;
      break;
    case SymOp::Div:
      if (y == 0)
        goto node;
      r = x / y;
      break;
    case SymOp::Rem:
      if (y == 0)
        goto node;
      r = x % y;
      break;
    case SymOp::Shl:
      if (y < 0 || y >= 64)
        goto node;
      // (a shift of a negative value is undefined: multiply)
      if (t.bits)
        r = (__int128)((unsigned __int128)x * ((unsigned __int128)1 << int(y)));
      else if (__builtin_mul_overflow(x, (__int128)1 << int(y), &r))
        goto node;
      break;
    case SymOp::Shr:
      if (y < 0 || y >= 64)
        goto node;
      r = x >> int(y);
      break;
    case SymOp::BitAnd:
      r = x & y;
      break;
    case SymOp::BitOr:
      r = x | y;
      break;
    case SymOp::BitXor:
      r = x ^ y;
      break;
    case SymOp::Min:
      r = x < y ? x : y;
      break;
    case SymOp::Max:
      r = x > y ? x : y;
      break;
    default:
      goto node;
    }
    return mkConst(wrapTo(r, t), t);
  }
  // A constant with a choice between constants: branch by branch, so the
  // result stays a choice of constants (`1 << (63 - clz(n))` is a choice of
  // powers of two, not a shift by an unknown amount).
  if ((ca && b->op == SymOp::Select && constChoice(b)) || (cb && a->op == SymOp::Select && constChoice(a))) {
    if (ca)
      return mkSelect(b->args[0], mkBin(op, a, b->args[1], t), mkBin(op, a, b->args[2], t));
    return mkSelect(a->args[0], mkBin(op, a->args[1], b, t), mkBin(op, a->args[2], b, t));
  }
  // Light simplification; types must agree for identities to be exact.
  if (a->type == t && b->type == t) {
    if ((op == SymOp::Add || op == SymOp::Sub || op == SymOp::BitOr || op == SymOp::Shl || op == SymOp::Shr) && cb &&
        *cb == 0)
      return a;
    if (op == SymOp::Add && ca && *ca == 0)
      return b;
    if ((op == SymOp::Mul || op == SymOp::Div) && cb && *cb == 1)
      return a;
    if (op == SymOp::Mul && ca && *ca == 1)
      return b;
    if (op == SymOp::Mul && ((ca && *ca == 0) || (cb && *cb == 0)))
      return mkConst(0, t);
    if (op == SymOp::Sub && structurallyEqual(a, b))
      return mkConst(0, t);
    if ((op == SymOp::Min || op == SymOp::Max) && structurallyEqual(a, b))
      return a;
  }
node:
  SymNode n;
  n.op = op;
  n.type = t;
  n.args = {std::move(a), std::move(b)};
  return finish(std::move(n));
}

Sym mkUn(SymOp op, Sym a, IntType t) {
  if (auto c = asConst(a)) {
    __int128 x = wide(a);
    if (op == SymOp::Neg)
      return mkConst(wrapTo(-x, t), t);
    if (op == SymOp::BitNot)
      return mkConst(wrapTo(~x, t), t);
  }
  SymNode n;
  n.op = op;
  n.type = t;
  n.args = {std::move(a)};
  return finish(std::move(n));
}

Sym mkSelect(Sym c, Sym a, Sym b) {
  if (auto cv = asBool(c))
    return *cv ? a : b;
  if (structurallyEqual(a, b))
    return a;
  // A branch choosing on the same condition (or its negation) again: that
  // choice is decided inside the branch.
  auto same = [](const Sym &x, const Sym &y) { return structurallyEqual(x, y); };
  auto negated = [](const Sym &x, const Sym &y) {
    return (x->op == SymOp::LNot && structurallyEqual(x->args[0], y)) ||
           (y->op == SymOp::LNot && structurallyEqual(y->args[0], x));
  };
  if (a->op == SymOp::Select && (same(a->args[0], c) || negated(a->args[0], c)))
    return mkSelect(c, same(a->args[0], c) ? a->args[1] : a->args[2], b);
  if (b->op == SymOp::Select && (same(b->args[0], c) || negated(b->args[0], c)))
    return mkSelect(c, a, same(b->args[0], c) ? b->args[2] : b->args[1]);
  IntType t = a->type;
  if (a->type != b->type && !a->type.isBool)
    t = IntType::math();
  SymNode n;
  n.op = SymOp::Select;
  n.type = t;
  n.args = {std::move(c), t == a->type ? std::move(a) : toMath(a), t == b->type ? std::move(b) : toMath(b)};
  return finish(std::move(n));
}

Sym mkCmp(SymOp op, Sym a, Sym b) {
  if (asConst(a) && asConst(b)) {
    // Compare exact values (callers converted operands to a common type).
    __int128 x = wide(a), y = wide(b);
    switch (op) {
    case SymOp::Eq:
      return mkBool(x == y);
    case SymOp::Ne:
      return mkBool(x != y);
    case SymOp::Lt:
      return mkBool(x < y);
    case SymOp::Le:
      return mkBool(x <= y);
    case SymOp::Gt:
      return mkBool(x > y);
    case SymOp::Ge:
      return mkBool(x >= y);
    default:
      break;
    }
  }
  if (asBool(a) && asBool(b) && (op == SymOp::Eq || op == SymOp::Ne))
    return mkBool((*asBool(a) == *asBool(b)) == (op == SymOp::Eq));
  // A choice between two constants compared with a constant is its condition
  // (or the negation, or a constant): `(c ? FAILED : 0) != 0` is `c`, the
  // shape a status takes when a check returns it.
  // Nested choices of constants (a status passed up through several checks,
  // `c1 ? FAILED : (c2 ? INVALID : 0)`) fold the same way, into conditions:
  // `... == 0` is `!c1 && !c2`.
  for (int side = 0; side < 2; ++side) {
    const Sym &s = side == 0 ? a : b, &k = side == 0 ? b : a;
    if (s->op != SymOp::Select || !asConst(k) || !constChoice(s->args[1]) || !constChoice(s->args[2]))
      continue;
    Sym onTrue = side == 0 ? mkCmp(op, s->args[1], k) : mkCmp(op, k, s->args[1]);
    Sym onFalse = side == 0 ? mkCmp(op, s->args[2], k) : mkCmp(op, k, s->args[2]);
    const Sym &c = s->args[0];
    if (asBool(onTrue) && asBool(onFalse)) {
      if (isTrue(onTrue) == isTrue(onFalse))
        return onTrue;
      return isTrue(onTrue) ? c : mkNot(c);
    }
    if (asBool(onTrue))
      return isTrue(onTrue) ? mkOr(c, onFalse) : mkAnd(mkNot(c), onFalse);
    if (asBool(onFalse))
      return isTrue(onFalse) ? mkOr(mkNot(c), onTrue) : mkAnd(c, onTrue);
    return mkOr(mkAnd(c, onTrue), mkAnd(mkNot(c), onFalse));
  }
  if (structurallyEqual(a, b)) {
    if (op == SymOp::Eq || op == SymOp::Le || op == SymOp::Ge)
      return mkBool(true);
    if (op == SymOp::Ne || op == SymOp::Lt || op == SymOp::Gt)
      return mkBool(false);
  }
  SymNode n;
  n.op = op;
  n.type = IntType::boolean();
  n.args = {std::move(a), std::move(b)};
  return finish(std::move(n));
}

// `x` and `!x`.
static bool complementary(const Sym &a, const Sym &b) {
  return (a->op == SymOp::LNot && structurallyEqual(a->args[0], b)) ||
         (b->op == SymOp::LNot && structurallyEqual(b->args[0], a));
}

Sym mkAnd(Sym a, Sym b) {
  if (isFalse(a) || isFalse(b))
    return mkBool(false);
  if (isTrue(a))
    return b;
  if (isTrue(b))
    return a;
  if (structurallyEqual(a, b))
    return a;
  if (complementary(a, b))
    return mkBool(false);
  SymNode n;
  n.op = SymOp::LAnd;
  n.type = IntType::boolean();
  n.args = {std::move(a), std::move(b)};
  return finish(std::move(n));
}

Sym mkOr(Sym a, Sym b) {
  if (isTrue(a) || isTrue(b))
    return mkBool(true);
  if (isFalse(a))
    return b;
  if (isFalse(b))
    return a;
  if (structurallyEqual(a, b))
    return a;
  if (complementary(a, b))
    return mkBool(true);
  SymNode n;
  n.op = SymOp::LOr;
  n.type = IntType::boolean();
  n.args = {std::move(a), std::move(b)};
  return finish(std::move(n));
}

Sym mkNot(Sym a) {
  if (auto b = asBool(a))
    return mkBool(!*b);
  if (a->op == SymOp::LNot)
    return a->args[0];
  SymNode n;
  n.op = SymOp::LNot;
  n.type = IntType::boolean();
  n.args = {std::move(a)};
  return finish(std::move(n));
}

Sym mkAndAll(const std::vector<Sym> &xs) {
  Sym r = mkBool(true);
  for (auto &x : xs)
    r = mkAnd(r, x);
  return r;
}

Sym toMath(Sym a) {
  if (a->type.isBool)
    return mkSelect(a, mkConst(1), mkConst(0));
  return mkCast(std::move(a), IntType::math());
}
Sym add(Sym a, Sym b) { return mkBin(SymOp::Add, toMath(a), toMath(b), IntType::math()); }
Sym sub(Sym a, Sym b) { return mkBin(SymOp::Sub, toMath(a), toMath(b), IntType::math()); }
Sym mul(Sym a, Sym b) { return mkBin(SymOp::Mul, toMath(a), toMath(b), IntType::math()); }
Sym mulC(Sym a, int64_t c) { return mul(std::move(a), mkConst(c)); }
Sym addC(Sym a, int64_t c) { return add(std::move(a), mkConst(c)); }

namespace {

struct PairHash {
  size_t operator()(const std::pair<const SymNode *, const SymNode *> &p) const {
    return std::hash<const void *>()(p.first) * 31 + std::hash<const void *>()(p.second);
  }
};
using EqualPairs = std::unordered_set<std::pair<const SymNode *, const SymNode *>, PairHash>;

// `budget` counts the node pairs compared without a memo; past it the walk
// starts again with `memo` (the pairs already found equal): two copies of a
// DAG whose subterms are shared (a host contract's nested selects) are a
// tree walk exponential in their depth.
bool equalNodes(const SymNode *a, const SymNode *b, int &budget, EqualPairs *memo) {
  if (a == b)
    return true;
  if (!a || !b || a->hash != b->hash || a->op != b->op || a->type != b->type || a->value != b->value)
    return false;
  if (a->op == SymOp::Var)
    return a->var->id == b->var->id;
  if (a->args.size() != b->args.size())
    return false;
  if (memo) {
    if (memo->count({a, b}))
      return true;
  } else if (--budget < 0) {
    return false; // the caller starts again with a memo
  }
  for (size_t i = 0; i < a->args.size(); ++i)
    if (!equalNodes(a->args[i].get(), b->args[i].get(), budget, memo))
      return false;
  if (memo)
    memo->insert({a, b});
  return true;
}

} // namespace

bool structurallyEqual(const Sym &a, const Sym &b) {
  if (a.get() == b.get())
    return true;
  int budget = 512;
  if (equalNodes(a.get(), b.get(), budget, nullptr))
    return true;
  if (budget >= 0)
    return false; // decided within the budget
  EqualPairs memo;
  return equalNodes(a.get(), b.get(), budget, &memo);
}

// Each shared subterm once: host contracts are DAGs whose paths, counted one
// by one, grow exponentially with the checks they passed (ops-math
// sim_thread_exponential: a tiling class whose every method returns its
// status). The variables come out in the order a tree walk meets them.
static void collectVarsOnce(const Sym &s, std::vector<std::shared_ptr<const VarInfo>> &out,
                            std::unordered_set<const SymNode *> &seen) {
  if (!s)
    return;
  if (s->op == SymOp::Var) {
    // Variable nodes are shared too: a node seen is a variable already out.
    if (!seen.insert(s.get()).second)
      return;
    for (auto &v : out)
      if (v->id == s->var->id)
        return;
    out.push_back(s->var);
    return;
  }
  if (s->args.empty() || !seen.insert(s.get()).second)
    return;
  for (auto &a : s->args)
    collectVarsOnce(a, out, seen);
}

void collectVars(const Sym &s, std::vector<std::shared_ptr<const VarInfo>> &out) {
  std::unordered_set<const SymNode *> seen;
  collectVarsOnce(s, out, seen);
}

bool containsOpaque(const Sym &s) { return s && s->hasOpaque; }

static Sym rebuild(const Sym &s, const std::function<Sym(const VarInfo &)> &replace,
                   std::unordered_map<const SymNode *, Sym> &memo);

// One rewrite per shared subterm (see collectVarsOnce): the result keeps the
// sharing of the input.
static Sym substituteOnce(const Sym &s, const std::function<Sym(const VarInfo &)> &replace,
                          std::unordered_map<const SymNode *, Sym> &memo) {
  if (s->op == SymOp::Var) {
    if (Sym r = replace(*s->var))
      return r->type == s->type ? r : mkCast(r, s->type);
    return s;
  }
  if (s->args.empty())
    return s;
  if (auto it = memo.find(s.get()); it != memo.end())
    return it->second;
  Sym out = rebuild(s, replace, memo);
  memo.emplace(s.get(), out);
  return out;
}

static Sym rebuild(const Sym &s, const std::function<Sym(const VarInfo &)> &replace,
                   std::unordered_map<const SymNode *, Sym> &memo) {
  std::vector<Sym> args;
  bool changed = false;
  for (auto &a : s->args) {
    args.push_back(substituteOnce(a, replace, memo));
    changed |= args.back().get() != a.get();
  }
  return changed ? withArgs(s, args) : s;
}

Sym withArgs(const Sym &s, const std::vector<Sym> &args) {
  switch (s->op) {
  case SymOp::Cast:
    return mkCast(args[0], s->type);
  case SymOp::Select:
    return mkSelect(args[0], args[1], args[2]);
  case SymOp::Neg:
  case SymOp::BitNot:
    return mkUn(s->op, args[0], s->type);
  case SymOp::LNot:
    return mkNot(args[0]);
  case SymOp::LAnd:
    return mkAnd(args[0], args[1]);
  case SymOp::LOr:
    return mkOr(args[0], args[1]);
  case SymOp::Eq:
  case SymOp::Ne:
  case SymOp::Lt:
  case SymOp::Le:
  case SymOp::Gt:
  case SymOp::Ge:
    return mkCmp(s->op, args[0], args[1]);
  default:
    return mkBin(s->op, args[0], args[1], s->type);
  }
}

Sym substitute(const Sym &s, const std::function<Sym(const VarInfo &)> &replace) {
  std::unordered_map<const SymNode *, Sym> memo;
  return substituteOnce(s, replace, memo);
}

Sym substitute(const Sym &s, const std::function<Sym(const VarInfo &)> &replace,
               std::unordered_map<const SymNode *, Sym> &memo) {
  return substituteOnce(s, replace, memo);
}

namespace {
int prec(SymOp op) {
  switch (op) {
  case SymOp::Mul:
  case SymOp::Div:
  case SymOp::Rem:
    return 10;
  case SymOp::Add:
  case SymOp::Sub:
    return 9;
  case SymOp::Shl:
  case SymOp::Shr:
    return 8;
  case SymOp::Lt:
  case SymOp::Le:
  case SymOp::Gt:
  case SymOp::Ge:
    return 7;
  case SymOp::Eq:
  case SymOp::Ne:
    return 6;
  case SymOp::BitAnd:
    return 5;
  case SymOp::BitXor:
    return 4;
  case SymOp::BitOr:
    return 3;
  case SymOp::LAnd:
    return 2;
  case SymOp::LOr:
    return 1;
  case SymOp::Select:
    return 0;
  default:
    return 12;
  }
}
const char *opText(SymOp op) {
  switch (op) {
  case SymOp::Add:
    return " + ";
  case SymOp::Sub:
    return " - ";
  case SymOp::Mul:
    return " * ";
  case SymOp::Div:
    return " / ";
  case SymOp::Rem:
    return " % ";
  case SymOp::Shl:
    return " << ";
  case SymOp::Shr:
    return " >> ";
  case SymOp::BitAnd:
    return " & ";
  case SymOp::BitOr:
    return " | ";
  case SymOp::BitXor:
    return " ^ ";
  case SymOp::Eq:
    return " == ";
  case SymOp::Ne:
    return " != ";
  case SymOp::Lt:
    return " < ";
  case SymOp::Le:
    return " <= ";
  case SymOp::Gt:
    return " > ";
  case SymOp::Ge:
    return " >= ";
  case SymOp::LAnd:
    return " && ";
  case SymOp::LOr:
    return " || ";
  default:
    return " ? ";
  }
}
void render(const Sym &s, std::ostringstream &os, int outer, size_t maxChars) {
  if (size_t(os.tellp()) > maxChars)
    return;
  int p = prec(s->op);
  bool paren = p < outer;
  switch (s->op) {
  case SymOp::Const:
    if (s->type.bits == 64 && !s->type.isSigned)
      os << (uint64_t)s->value;
    else
      os << s->value;
    return;
  case SymOp::BoolConst:
    os << (s->value ? "true" : "false");
    return;
  case SymOp::Var:
    os << (s->var->role == VarRole::Opaque ? "<unknown>" : s->var->name);
    return;
  case SymOp::Cast:
    render(s->args[0], os, outer, maxChars);
    return;
  case SymOp::Neg:
    os << "-";
    render(s->args[0], os, 12, maxChars);
    return;
  case SymOp::BitNot:
    os << "~";
    render(s->args[0], os, 12, maxChars);
    return;
  case SymOp::LNot:
    os << "!";
    render(s->args[0], os, 12, maxChars);
    return;
  case SymOp::Min:
  case SymOp::Max:
    os << (s->op == SymOp::Min ? "min(" : "max(");
    render(s->args[0], os, 0, maxChars);
    os << ", ";
    render(s->args[1], os, 0, maxChars);
    os << ")";
    return;
  case SymOp::Select:
    if (paren)
      os << "(";
    render(s->args[0], os, 1, maxChars);
    os << " ? ";
    render(s->args[1], os, 1, maxChars);
    os << " : ";
    render(s->args[2], os, 1, maxChars);
    if (paren)
      os << ")";
    return;
  default:
    if (paren)
      os << "(";
    render(s->args[0], os, p, maxChars);
    os << opText(s->op);
    render(s->args[1], os, p + 1, maxChars);
    if (paren)
      os << ")";
  }
}
} // namespace

std::string toString(const Sym &s, size_t maxChars) {
  std::ostringstream os;
  render(s, os, 0, maxChars);
  std::string out = os.str();
  if (out.size() > maxChars)
    out = out.substr(0, maxChars) + "...";
  return out;
}

static Interval intervalOfNode(const Sym &s, const VarBounds *bounds, IntervalMemo &memo);
namespace {

// The comparisons of one variable with a constant that hold wherever `c` is
// `holds` (the conjuncts of c, or of its negation), each as (var, op, k).
struct BoundLiteral {
  Sym var;  // a variable node
  SymOp op; // var op k
  __int128 k;
};
// The same for a compound term: `t op k` (`lastDim <= 512 ? lastDim : tile`,
// where lastDim is the host's select over the input's rank). The branch is
// narrowed where it is t, looked for through selects and casts
// (rangeUnderTerms).
struct TermLiteral {
  Sym term;
  SymOp op;
  __int128 k;
};
void boundLiterals(const Sym &c, bool holds, const VarBounds *bounds, IntervalMemo &memo,
                   std::vector<BoundLiteral> &out, std::vector<TermLiteral> *terms = nullptr) {
  if (c->op == SymOp::LNot)
    return boundLiterals(c->args[0], !holds, bounds, memo, out, terms);
  if ((c->op == SymOp::LAnd && holds) || (c->op == SymOp::LOr && !holds)) {
    boundLiterals(c->args[0], holds, bounds, memo, out, terms);
    boundLiterals(c->args[1], holds, bounds, memo, out, terms);
    return;
  }
  if (c->op < SymOp::Eq || c->op > SymOp::Ge || c->args.size() != 2)
    return;
  // The variable through casts that keep its value (its range fits each).
  auto variableOf = [&](Sym v) -> Sym {
    while (v->op == SymOp::Cast && !v->type.isBool) {
      Interval in = intervalOf(v->args[0], bounds, &memo);
      if (v->type.bits && (in.lo < (__int128)v->type.minValue() || in.hi > (__int128)v->type.maxValue()))
        break;
      v = v->args[0];
    }
    return v->op == SymOp::Var && !v->type.isBool ? v : nullptr;
  };
  for (int i = 0; i < 2; ++i) {
    if (!asConst(c->args[1 - i]))
      continue;
    SymOp op = i == 0 ? c->op : swappedCmp(c->op);
    Sym v = variableOf(c->args[i]);
    if (!v) {
      if (terms && !c->args[i]->args.empty() && !c->args[i]->type.isBool)
        terms->push_back({c->args[i], holds ? op : negatedCmp(op), wide(c->args[1 - i])});
      return;
    }
    out.push_back({v, holds ? op : negatedCmp(op), wide(c->args[1 - i])});
    return;
  }
  // A variable compared with a term of known range (`n <= (fp32 ? 6144 :
  // 12288)`, a host's per-dtype threshold): the comparison with the
  // range's end that the term's every value implies.
  for (int i = 0; i < 2; ++i) {
    Sym v = variableOf(c->args[i]);
    if (!v)
      continue;
    Interval e = intervalOf(c->args[1 - i], bounds, &memo);
    SymOp op = i == 0 ? c->op : swappedCmp(c->op);
    op = holds ? op : negatedCmp(op);
    if (op == SymOp::Lt || op == SymOp::Le)
      out.push_back({v, op, e.hi});
    else if (op == SymOp::Gt || op == SymOp::Ge)
      out.push_back({v, op, e.lo});
    else if (op == SymOp::Eq) {
      out.push_back({v, SymOp::Ge, e.lo});
      out.push_back({v, SymOp::Le, e.hi});
    }
    return;
  }
  // Two compound terms (`lastDim <= (fp32 ? 2048 : 4096)`): each against the
  // end of the other's range.
  if (!terms)
    return;
  for (int i = 0; i < 2; ++i) {
    const Sym &t = c->args[i];
    if (t->args.empty() || t->type.isBool)
      continue;
    Interval e = intervalOf(c->args[1 - i], bounds, &memo);
    SymOp op = i == 0 ? c->op : swappedCmp(c->op);
    op = holds ? op : negatedCmp(op);
    if (op == SymOp::Lt || op == SymOp::Le)
      terms->push_back({t, op, e.hi});
    else if (op == SymOp::Gt || op == SymOp::Ge)
      terms->push_back({t, op, e.lo});
    else if (op == SymOp::Eq) {
      terms->push_back({t, SymOp::Ge, e.lo});
      terms->push_back({t, SymOp::Le, e.hi});
    }
  }
}

// v narrowed to the values x with `x op k` (empty, lo > hi, when none).
Interval narrowedBy(Interval v, SymOp op, __int128 k) {
  if (op == SymOp::Lt)
    v.hi = std::min(v.hi, k - 1);
  else if (op == SymOp::Le)
    v.hi = std::min(v.hi, k);
  else if (op == SymOp::Gt)
    v.lo = std::max(v.lo, k + 1);
  else if (op == SymOp::Ge)
    v.lo = std::max(v.lo, k);
  else if (op == SymOp::Eq)
    v = {std::max(v.lo, k), std::min(v.hi, k)};
  else if (op == SymOp::Ne && v.lo == k)
    v.lo = k + 1;
  else if (op == SymOp::Ne && v.hi == k)
    v.hi = k - 1;
  return v;
}

// x's range where the term literals hold: each node equal to a literal's
// term narrowed, found through selects (either branch) and casts only, at
// most `budget` nodes (past it, a node's plain range). Empty (lo > hi): no
// value of x satisfies them, the branch holding x is never taken.
Interval rangeUnderTerms(const Sym &x, const std::vector<TermLiteral> &lits, const VarBounds *bounds,
                         IntervalMemo &memo, int &budget) {
  Interval plain = intervalOf(x, bounds, &memo);
  if (--budget < 0 || plain.lo > plain.hi)
    return plain;
  bool matched = false;
  for (const TermLiteral &l : lits)
    if (l.term->hash == x->hash && structurallyEqual(l.term, x)) {
      plain = narrowedBy(plain, l.op, l.k);
      matched = true;
    }
  if (matched)
    return plain;
  auto meet = [&](Interval r) -> Interval {
    if (r.lo > r.hi)
      return r;
    Interval both = {std::max(plain.lo, r.lo), std::min(plain.hi, r.hi)};
    return both.lo <= both.hi ? both : plain;
  };
  if (x->op == SymOp::Select) {
    Interval a = rangeUnderTerms(x->args[1], lits, bounds, memo, budget);
    Interval b = rangeUnderTerms(x->args[2], lits, bounds, memo, budget);
    if (a.lo > a.hi)
      return b;
    if (b.lo > b.hi)
      return a;
    return meet({std::min(a.lo, b.lo), std::max(a.hi, b.hi)});
  }
  if (x->op == SymOp::Cast && !x->type.isBool && !x->args[0]->type.isBool) {
    Interval in = rangeUnderTerms(x->args[0], lits, bounds, memo, budget);
    if (in.lo > in.hi)
      return in;
    if (x->type.bits && (in.lo < (__int128)x->type.minValue() || in.hi > (__int128)x->type.maxValue()))
      return plain; // the cast may change these values
    return meet(in);
  }
  return plain;
}

// Nodes the branch refinement below may still visit (intervalOfNode counts
// them): a select's branches are re-walked under their condition, a nested
// select's again, so a large term is bounded by this, not by its shape.
thread_local long refineNodesLeft = 0;
thread_local int refineDepth = 0;

} // namespace

// Each shared subterm once (collectVarsOnce): a caller asking for the
// ranges of every node of a term (the Z3 translator) passes its memo.
Interval intervalOf(const Sym &s, const VarBounds *bounds, IntervalMemo *memo) {
  IntervalMemo local;
  IntervalMemo &m = memo ? *memo : local;
  if (s->args.empty()) // a leaf: nothing to share
    return intervalOfNode(s, bounds, m);
  if (auto it = m.find(s.get()); it != m.end())
    return it->second;
  Interval r = intervalOfNode(s, bounds, m);
  m.emplace(s.get(), r);
  return r;
}

static Interval intervalOfNode(const Sym &s, const VarBounds *bounds, IntervalMemo &memo) {
  const __int128 BIG = (__int128)1 << 100;
  if (refineDepth > 0)
    --refineNodesLeft;
  auto typeRange = [](IntType t) -> Interval {
    if (t.isBool)
      return {0, 1};
    if (t.bits == 0)
      return {-((__int128)1 << 100), (__int128)1 << 100};
    return {(__int128)t.minValue(), (__int128)t.maxValue()};
  };
  auto clampToType = [&](Interval v, IntType t) -> Interval {
    Interval r = typeRange(t);
    if (v.lo >= r.lo && v.hi <= r.hi)
      return v;
    return r; // may wrap: anything in the type
  };
  switch (s->op) {
  case SymOp::Const: {
    __int128 v = wide(s);
    return {v, v};
  }
  case SymOp::BoolConst:
  case SymOp::Eq:
  case SymOp::Ne:
  case SymOp::Lt:
  case SymOp::Le:
  case SymOp::Gt:
  case SymOp::Ge:
  case SymOp::LAnd:
  case SymOp::LOr:
  case SymOp::LNot:
    return {0, 1};
  case SymOp::Var: {
    Interval r = typeRange(s->type);
    if (bounds) {
      auto it = bounds->find(s->var->id);
      if (it != bounds->end()) {
        r.lo = std::max(r.lo, it->second.lo);
        r.hi = std::min(r.hi, it->second.hi);
      }
    }
    return r;
  }
  case SymOp::Cast:
    return clampToType(intervalOf(s->args[0], bounds, &memo), s->type);
  case SymOp::Select: {
    Interval a = intervalOf(s->args[1], bounds, &memo), b = intervalOf(s->args[2], bounds, &memo);
    // A branch's value only where its condition holds: `n <= k ? 1 : f(n)`
    // (host code giving a small input one core) bounds n within f. The
    // branch is walked again under the bounds its condition adds to the
    // variables it compares with constants, and kept where tighter; a branch
    // those bounds rule out adds no value. (ops-math cast: the per-core
    // quotient `blocks / (n <= tile ? 1 : min(cores, blocks))` was unbounded,
    // its divisor's range starting at 0, so every tail field kept a wrap-around
    // and the tail-within-tile questions a non-linear search.)
    if (refineDepth == 0)
      refineNodesLeft = 20000;
    if (refineDepth < 3 && refineNodesLeft > 0)
      for (int br = 0; br < 2; ++br) {
        std::vector<BoundLiteral> lits;
        std::vector<TermLiteral> termLits;
        boundLiterals(s->args[0], br == 0, bounds, memo, lits, &termLits);
        if (lits.empty() && termLits.empty())
          continue;
        VarBounds refined = bounds ? *bounds : VarBounds{};
        bool changed = false, never = false;
        for (const BoundLiteral &l : lits) {
          // The variable's range so far: its type's and the bounds' (and
          // the literals' before this one).
          Interval cur = intervalOf(l.var, &refined);
          Interval nv = narrowedBy(cur, l.op, l.k);
          if (nv.lo == cur.lo && nv.hi == cur.hi)
            continue;
          changed = true;
          never |= nv.lo > nv.hi;
          refined[l.var->var->id] = nv;
        }
        Interval &v = br == 0 ? a : b;
        Interval &other = br == 0 ? b : a;
        if (never) { // the branch is never taken: the select is the other one
          v = other;
          continue;
        }
        // A branch that is a compound term the condition compares with a
        // constant (through a cast that keeps its value): only the values
        // the comparison lets through (`lastDim <= 512 && fp ? lastDim :
        // tile`, lastDim the host's select over the input's rank). Not a
        // walk of the branch: a term literal has no variable to re-bound.
        if (!termLits.empty()) {
          int budget = 64;
          Interval t = rangeUnderTerms(s->args[1 + br], termLits, bounds, memo, budget);
          if (t.lo > t.hi) { // never taken
            v = other;
            continue;
          }
          Interval both = {std::max(v.lo, t.lo), std::min(v.hi, t.hi)};
          if (both.lo <= both.hi)
            v = both;
        }
        if (!changed)
          continue;
        IntervalMemo fresh;
        ++refineDepth;
        Interval r = intervalOf(s->args[1 + br], &refined, &fresh);
        --refineDepth;
        if (refineNodesLeft < 0) // past the budget: the walk was cut short
          continue;
        if (r.lo > r.hi) { // no value under the condition: never taken
          v = other;
          continue;
        }
        Interval both = {std::max(v.lo, r.lo), std::min(v.hi, r.hi)};
        if (both.lo <= both.hi)
          v = both;
      }
    // `e == k ? v : e` (the `n == 0 ? 1 : n` of host code dividing by n):
    // the else branch is e without k, one end of its range shorter.
    const Sym &c = s->args[0];
    if (c->op == SymOp::Eq && c->args.size() == 2)
      for (int i = 0; i < 2; ++i)
        if (auto k = asConst(c->args[1 - i]); k && structurallyEqual(c->args[i], s->args[2])) {
          __int128 kv = wide(c->args[1 - i]);
          if (b.lo == kv && b.hi > kv)
            b.lo = kv + 1;
          else if (b.hi == kv && b.lo < kv)
            b.hi = kv - 1;
          break;
        }
    // `t < k ? t : k` (a min or max written as a select): the branch that
    // is the compared term holds only the values its condition lets through.
    if (c->args.size() == 2 && (c->op == SymOp::Lt || c->op == SymOp::Le || c->op == SymOp::Gt || c->op == SymOp::Ge))
      for (int i = 0; i < 2; ++i) {
        auto k = asConst(c->args[1 - i]);
        if (!k)
          continue;
        const __int128 kv = wide(c->args[1 - i]);
        const SymOp op = i == 0 ? c->op : swappedCmp(c->op); // t op k
        auto clip = [&](Interval &v, SymOp o) {              // v holds only values t with t o k
          v = narrowedBy(v, o, kv);
          if (v.lo > v.hi) // the branch is never taken: it adds no value
            v = Interval{kv, kv};
        };
        if (structurallyEqual(c->args[i], s->args[1]))
          clip(a, op);
        if (structurallyEqual(c->args[i], s->args[2]))
          clip(b, negatedCmp(op));
        break;
      }
    return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
  }
  default:
    break;
  }
  if (!isArith(s->op) || s->args.empty())
    return typeRange(s->type);
  Interval a = intervalOf(s->args[0], bounds, &memo);
  Interval b = s->args.size() > 1 ? intervalOf(s->args[1], bounds, &memo) : Interval{0, 0};
  auto sat = [&](__int128 v) { return v > BIG ? BIG : (v < -BIG ? -BIG : v); };
  Interval r = typeRange(s->type);
  switch (s->op) {
  case SymOp::Add:
    r = {sat(a.lo + b.lo), sat(a.hi + b.hi)};
    break;
  case SymOp::Sub:
    r = {sat(a.lo - b.hi), sat(a.hi - b.lo)};
    break;
  case SymOp::Mul: {
    if (a.lo < -BIG / 2 || a.hi > BIG / 2 || b.lo < -BIG / 2 || b.hi > BIG / 2) {
      // keep the type range
      return typeRange(s->type);
    }
    // operands bounded by 2^100/2 can overflow __int128 when multiplied;
    // restrict to 2^62 each, else give up.
    const __int128 LIM = (__int128)1 << 62;
    if (a.lo < -LIM || a.hi > LIM || b.lo < -LIM || b.hi > LIM)
      return typeRange(s->type);
    __int128 c[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    r = {c[0], c[0]};
    for (auto v : c) {
      r.lo = std::min(r.lo, v);
      r.hi = std::max(r.hi, v);
    }
    break;
  }
  case SymOp::Div:
  case SymOp::Rem:
    // A divisor that may be 0 and is otherwise positive: division by zero is
    // undefined (the host or the core traps), so every defined execution
    // divides by at least 1. (The host's per-core quotient `blocks /
    // min(cores, blocks)` kept its uint64 wrap-arounds for want of this.)
    if (b.lo == 0 && b.hi >= 1 && a.lo >= 0)
      b.lo = 1;
    if (s->op == SymOp::Div) {
      // Truncating division by a positive divisor grows with the dividend;
      // a negative dividend is largest in magnitude over the smallest divisor.
      // (An empty range, lo > hi, from contradictory bounds: the type's.)
      if (b.lo > 0 && b.hi >= b.lo)
        r = {a.lo >= 0 ? a.lo / b.hi : a.lo / b.lo, a.hi >= 0 ? a.hi / b.lo : a.hi / b.hi};
      else
        return typeRange(s->type);
    } else {
      // The remainder takes the dividend's sign, below the divisor in magnitude.
      if (b.lo > 0 && b.hi >= b.lo)
        r = {a.lo >= 0 ? 0 : std::max(a.lo, -(b.hi - 1)), a.hi <= 0 ? 0 : std::min(a.hi, b.hi - 1)};
      else
        return typeRange(s->type);
    }
    break;
  case SymOp::Shr:
    if (a.lo >= 0 && b.lo >= 0 && b.hi < 64)
      r = {a.lo >> int(b.hi), a.hi >> int(b.lo)};
    else
      return typeRange(s->type);
    break;
  case SymOp::Shl:
    if (a.lo >= 0 && b.lo >= 0 && b.hi < 40 && a.hi < ((__int128)1 << 62))
      r = {a.lo << int(b.lo), a.hi << int(b.hi)};
    else
      return typeRange(s->type);
    break;
  case SymOp::BitAnd:
    if (a.lo >= 0 && b.lo >= 0)
      r = {0, std::min(a.hi, b.hi)};
    else
      return typeRange(s->type);
    break;
  case SymOp::Min:
    r = {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
    break;
  case SymOp::Max:
    r = {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
    break;
  case SymOp::Neg:
    r = {-a.hi, -a.lo};
    break;
  default:
    return typeRange(s->type);
  }
  return clampToType(r, s->type);
}

namespace {
bool isNegationOf(const Sym &x, const Sym &c) {
  return (x->op == SymOp::LNot && structurallyEqual(x->args[0], c)) ||
         (c->op == SymOp::LNot && structurallyEqual(c->args[0], x));
}
// Whether a conjunct of the `&&` chain x is `lit`, or the negation of it.
bool hasConjunct(const Sym &x, const Sym &lit, bool negated, int depth = 0) {
  if (depth > 64)
    return false;
  if (x->op == SymOp::LAnd)
    return hasConjunct(x->args[0], lit, negated, depth + 1) || hasConjunct(x->args[1], lit, negated, depth + 1);
  return negated ? isNegationOf(x, lit) : structurallyEqual(x, lit);
}
Sym boolSelectsAsLogic(const Sym &s, std::unordered_map<const SymNode *, Sym> &memo) {
  if (!s->type.isBool ||
      (s->op != SymOp::LAnd && s->op != SymOp::LOr && s->op != SymOp::LNot && s->op != SymOp::Select))
    return s;
  if (auto it = memo.find(s.get()); it != memo.end())
    return it->second;
  Sym r;
  if (s->op == SymOp::LNot) {
    r = mkNot(boolSelectsAsLogic(s->args[0], memo));
  } else if (s->op == SymOp::LAnd || s->op == SymOp::LOr) {
    Sym a = boolSelectsAsLogic(s->args[0], memo), b = boolSelectsAsLogic(s->args[1], memo);
    r = s->op == SymOp::LAnd ? mkAnd(a, b) : mkOr(a, b);
  } else {
    const Sym &c = s->args[0];
    Sym a = boolSelectsAsLogic(s->args[1], memo), b = boolSelectsAsLogic(s->args[2], memo);
    if (hasConjunct(a, c, true)) // false wherever it is taken
      a = mkBool(false);
    if (hasConjunct(b, c, false))
      b = mkBool(false);
    if (isFalse(a))
      r = mkAnd(mkNot(c), b);
    else if (isFalse(b))
      r = mkAnd(c, a);
    else if (isTrue(a))
      r = mkOr(c, b);
    else if (isTrue(b))
      r = mkOr(mkNot(c), a);
    else
      r = mkSelect(c, a, b);
  }
  memo.emplace(s.get(), r);
  return r;
}
} // namespace

Sym boolSelectsAsLogic(const Sym &s) {
  std::unordered_map<const SymNode *, Sym> memo;
  return s ? boolSelectsAsLogic(s, memo) : s;
}

std::optional<bool> truthByIntervals(const Sym &b, const VarBounds *bounds, IntervalMemo *memo) {
  IntervalMemo local;
  IntervalMemo &m = memo ? *memo : local;
  switch (b->op) {
  case SymOp::BoolConst:
    return b->value != 0;
  case SymOp::LNot:
    if (auto t = truthByIntervals(b->args[0], bounds, &m))
      return !*t;
    return std::nullopt;
  case SymOp::LAnd:
  case SymOp::LOr: {
    const bool isAnd = b->op == SymOp::LAnd;
    auto x = truthByIntervals(b->args[0], bounds, &m);
    if (x && *x != isAnd) // false && _, true || _
      return *x;
    auto y = truthByIntervals(b->args[1], bounds, &m);
    if (y && *y != isAnd)
      return *y;
    if (x && y)
      return isAnd;
    return std::nullopt;
  }
  case SymOp::Eq:
  case SymOp::Ne:
  case SymOp::Lt:
  case SymOp::Le:
  case SymOp::Gt:
  case SymOp::Ge: {
    if (b->args.size() != 2 || b->args[0]->type.isBool || b->args[1]->type.isBool)
      return std::nullopt;
    Interval x = intervalOf(b->args[0], bounds, &m), y = intervalOf(b->args[1], bounds, &m);
    if (x.lo > x.hi || y.lo > y.hi) // contradictory bounds: nothing shown
      return std::nullopt;
    SymOp op = b->op;
    if (op == SymOp::Gt || op == SymOp::Ge) { // as y < x, y <= x
      std::swap(x, y);
      op = op == SymOp::Gt ? SymOp::Lt : SymOp::Le;
    }
    switch (op) {
    case SymOp::Lt:
      if (x.hi < y.lo)
        return true;
      if (x.lo >= y.hi)
        return false;
      return std::nullopt;
    case SymOp::Le:
      if (x.hi <= y.lo)
        return true;
      if (x.lo > y.hi)
        return false;
      return std::nullopt;
    default: { // Eq, Ne
      const bool equal = x.lo == x.hi && y.lo == y.hi && x.lo == y.lo;
      const bool disjoint = x.hi < y.lo || y.hi < x.lo;
      if (equal || disjoint)
        return (op == SymOp::Eq) == equal;
      return std::nullopt;
    }
    }
  }
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> evaluate(const Sym &s, const std::function<std::optional<int64_t>(const VarInfo &)> &env) {
  auto ev = [&](const Sym &x) { return evaluate(x, env); };
  // The node's value in its type; a mathematical integer that int64_t cannot
  // hold is not known (never a silently truncated value).
  auto fit = [&](__int128 v) -> std::optional<int64_t> {
    if (s->type.bits == 0 && !s->type.isBool && (v < INT64_MIN || v > INT64_MAX))
      return std::nullopt;
    return wrapTo(v, s->type);
  };
  auto W = [&](const Sym &x, int64_t v) -> __int128 {
    if (x->type.bits == 64 && !x->type.isSigned)
      return (__int128)(uint64_t)v;
    return v;
  };
  switch (s->op) {
  case SymOp::Const:
  case SymOp::BoolConst:
    return s->value;
  case SymOp::Var: {
    auto v = env(*s->var);
    if (!v)
      return std::nullopt;
    return fit(W(s, *v));
  }
  case SymOp::Cast: {
    auto a = ev(s->args[0]);
    if (!a)
      return std::nullopt;
    return fit(W(s->args[0], *a));
  }
  case SymOp::Select: {
    auto c = ev(s->args[0]);
    if (!c)
      return std::nullopt;
    return *c ? ev(s->args[1]) : ev(s->args[2]);
  }
  case SymOp::LNot: {
    auto a = ev(s->args[0]);
    if (!a)
      return std::nullopt;
    return !*a;
  }
  case SymOp::Neg:
  case SymOp::BitNot: {
    auto a = ev(s->args[0]);
    if (!a)
      return std::nullopt;
    __int128 x = W(s->args[0], *a);
    return fit(s->op == SymOp::Neg ? -x : ~x);
  }
  case SymOp::LAnd: {
    auto a = ev(s->args[0]);
    if (a && !*a)
      return 0;
    auto b = ev(s->args[1]);
    if (!a || !b)
      return std::nullopt;
    return *b != 0;
  }
  case SymOp::LOr: {
    auto a = ev(s->args[0]);
    if (a && *a)
      return 1;
    auto b = ev(s->args[1]);
    if (!a || !b)
      return std::nullopt;
    return *b != 0;
  }
  default:
    break;
  }
  auto a = ev(s->args[0]);
  auto b = ev(s->args[1]);
  if (!a || !b)
    return std::nullopt;
  __int128 x = W(s->args[0], *a), y = W(s->args[1], *b);
  switch (s->op) {
  case SymOp::Eq:
    return x == y;
  case SymOp::Ne:
    return x != y;
  case SymOp::Lt:
    return x < y;
  case SymOp::Le:
    return x <= y;
  case SymOp::Gt:
    return x > y;
  case SymOp::Ge:
    return x >= y;
  case SymOp::Add:
    return fit(x + y);
  case SymOp::Sub:
    return fit(x - y);
  case SymOp::Mul: {
    // In a C++ type the product is taken modulo 2^bits, which unsigned
    // 128-bit arithmetic gives exactly; a mathematical one must not overflow.
    __int128 p;
    if (s->type.bits)
      return fit((__int128)((unsigned __int128)x * (unsigned __int128)y));
    return __builtin_mul_overflow(x, y, &p) ? std::nullopt : fit(p);
  }
  case SymOp::Div:
    return y == 0 ? std::nullopt : fit(x / y);
  case SymOp::Rem:
    return y == 0 ? std::nullopt : fit(x % y);
  case SymOp::Shl: { // (a shift of a negative value is undefined: multiply)
    if (y < 0 || y >= 64)
      return std::nullopt;
    unsigned __int128 m = (unsigned __int128)1 << int(y);
    __int128 p;
    if (s->type.bits)
      return fit((__int128)((unsigned __int128)x * m));
    return __builtin_mul_overflow(x, (__int128)m, &p) ? std::nullopt : fit(p);
  }
  case SymOp::Shr:
    return (y < 0 || y >= 64) ? std::nullopt : fit(x >> int(y));
  case SymOp::BitAnd:
    return fit(x & y);
  case SymOp::BitOr:
    return fit(x | y);
  case SymOp::BitXor:
    return fit(x ^ y);
  case SymOp::Min:
    return fit(x < y ? x : y);
  case SymOp::Max:
    return fit(x > y ? x : y);
  default:
    return std::nullopt;
  }
}

const VarInfo *varThroughWidening(const Sym &v) {
  // Every cast on the way must hold every value of the variable's type:
  // `(int64_t)(math)(uint32_t)x` keeps x, although math -> int64 narrows.
  std::vector<IntType> through;
  const SymNode *n = v.get();
  while (n->op == SymOp::Cast && !n->args.empty()) {
    through.push_back(n->type);
    n = n->args[0].get();
  }
  if (n->op != SymOp::Var)
    return nullptr;
  IntType from = n->type;
  for (IntType to : through) {
    if (to.bits == 0 && !to.isBool)
      continue; // a mathematical integer holds every value
    if (to.isBool || from.isBool || from.bits == 0 || to.minValue() > from.minValue() ||
        (__int128)to.maxValue() < (__int128)from.maxValue())
      return nullptr;
  }
  return n->var.get();
}

SymOp swappedCmp(SymOp op) {
  switch (op) {
  case SymOp::Lt:
    return SymOp::Gt;
  case SymOp::Gt:
    return SymOp::Lt;
  case SymOp::Le:
    return SymOp::Ge;
  case SymOp::Ge:
    return SymOp::Le;
  default:
    return op;
  }
}

SymOp negatedCmp(SymOp op) {
  switch (op) {
  case SymOp::Lt:
    return SymOp::Ge;
  case SymOp::Ge:
    return SymOp::Lt;
  case SymOp::Le:
    return SymOp::Gt;
  case SymOp::Gt:
    return SymOp::Le;
  case SymOp::Eq:
    return SymOp::Ne;
  case SymOp::Ne:
    return SymOp::Eq;
  default:
    return op;
  }
}

namespace {

// The literals known to hold, looked up by structure.
class KnownLiterals {
public:
  // Adds the conjuncts of `f`; returns the parts that are not literals
  // (disjunctions), to be simplified again once more literals are known.
  void add(const Sym &f, std::vector<Sym> &rest) {
    if (!f || !f->type.isBool || isTrue(f))
      return;
    if (f->op == SymOp::LAnd) {
      add(f->args[0], rest);
      add(f->args[1], rest);
      return;
    }
    if (f->op == SymOp::LNot) {
      const Sym &g = f->args[0];
      if (g->op == SymOp::LOr) {
        add(mkNot(g->args[0]), rest);
        add(mkNot(g->args[1]), rest);
        return;
      }
      if (g->op == SymOp::LAnd) {
        rest.push_back(f);
        return;
      }
      put(g, false, rest);
      return;
    }
    if (f->op == SymOp::LOr) {
      rest.push_back(f);
      return;
    }
    // A path condition merged at the end of an `if` whose one branch
    // returned: `c ? (... && !c) : b` is `!c && b`.
    if (f->op == SymOp::Select) {
      const Sym &c = f->args[0];
      if (hasConjunct(f->args[1], mkNot(c))) {
        add(mkNot(c), rest);
        add(f->args[2], rest);
      } else if (hasConjunct(f->args[2], c)) {
        add(c, rest);
        add(f->args[1], rest);
      } else {
        rest.push_back(f);
      }
      return;
    }
    put(f, true, rest);
  }
  static bool hasConjunct(const Sym &x, const Sym &lit) {
    if (isFalse(x))
      return true;
    if (x->op == SymOp::LAnd)
      return hasConjunct(x->args[0], lit) || hasConjunct(x->args[1], lit);
    return structurallyEqual(x, lit);
  }
  std::optional<bool> lookup(const Sym &s) const {
    auto range = byHash.equal_range(s->hash);
    for (auto it = range.first; it != range.second; ++it)
      if (structurallyEqual(it->second.first, s))
        return it->second.second;
    return std::nullopt;
  }
  std::optional<bool> decide(const Sym &cmp) const {
    const VarInfo *v;
    int64_t k;
    SymOp op;
    if (ranges.empty() || !varVsConst(cmp, v, k, op))
      return std::nullopt;
    auto it = ranges.find(v->id);
    if (it == ranges.end())
      return std::nullopt;
    __int128 lo = it->second.first, hi = it->second.second, c = k;
    switch (op) {
    case SymOp::Lt:
      return hi < c ? std::optional<bool>(true) : lo >= c ? std::optional<bool>(false) : std::nullopt;
    case SymOp::Le:
      return hi <= c ? std::optional<bool>(true) : lo > c ? std::optional<bool>(false) : std::nullopt;
    case SymOp::Gt:
      return lo > c ? std::optional<bool>(true) : hi <= c ? std::optional<bool>(false) : std::nullopt;
    case SymOp::Ge:
      return lo >= c ? std::optional<bool>(true) : hi < c ? std::optional<bool>(false) : std::nullopt;
    case SymOp::Eq:
      return (c < lo || c > hi)      ? std::optional<bool>(false)
             : (lo == hi && lo == c) ? std::optional<bool>(true)
                                     : std::nullopt;
    case SymOp::Ne:
      return (c < lo || c > hi)      ? std::optional<bool>(true)
             : (lo == hi && lo == c) ? std::optional<bool>(false)
                                     : std::nullopt;
    default:
      return std::nullopt;
    }
  }
  size_t size() const { return byHash.size() + ranges.size(); }

private:
  // A comparison of a variable (through value-preserving casts) with a
  // constant, as `v op k`; false for anything else, and for a u64 constant
  // above 2^63 (its int64 bits are not its value).
  static bool varVsConst(const Sym &cmp, const VarInfo *&v, int64_t &k, SymOp &op) {
    if (cmp->args.size() != 2 || cmp->op < SymOp::Eq || cmp->op > SymOp::Ge)
      return false;
    op = cmp->op;
    v = varThroughWidening(cmp->args[0]);
    std::optional<int64_t> c = asConst(cmp->args[1]);
    if (!v || !c) {
      v = varThroughWidening(cmp->args[1]);
      c = asConst(cmp->args[0]);
      op = swappedCmp(op);
    }
    if (!v || !c || (*c < 0 && cmp->args[0]->type.bits == 64 && !cmp->args[0]->type.isSigned))
      return false;
    k = *c;
    return true;
  }
  // A bound on a variable: `v >= c` true, `v <= c` false, ...
  void bound(const Sym &atom, bool value) {
    const VarInfo *v;
    int64_t k;
    SymOp op;
    if (!varVsConst(atom, v, k, op))
      return;
    if (!value)
      op = negatedCmp(op);
    auto &r = ranges.emplace(v->id, std::make_pair(__int128(INT64_MIN) * 2, __int128(UINT64_MAX) * 2)).first->second;
    __int128 c = k;
    switch (op) {
    case SymOp::Lt:
      r.second = std::min(r.second, c - 1);
      break;
    case SymOp::Le:
      r.second = std::min(r.second, c);
      break;
    case SymOp::Gt:
      r.first = std::max(r.first, c + 1);
      break;
    case SymOp::Ge:
      r.first = std::max(r.first, c);
      break;
    case SymOp::Eq:
      r.first = std::max(r.first, c);
      r.second = std::min(r.second, c);
      break;
    default:
      break;
    }
  }
  void put(const Sym &atom, bool value, std::vector<Sym> &rest) {
    if (lookup(atom))
      return;
    byHash.emplace(atom->hash, std::make_pair(atom, value));
    bound(atom, value);
    // `sel(c, K1, e) == K2` with K1 != K2: c is false (and so on down the
    // chain) -- how a helper's status return reaches its caller's check.
    if ((atom->op == SymOp::Eq || atom->op == SymOp::Ne) && asConst(atom->args[1])) {
      Sym sel = atom->args[0];
      std::vector<IntType> casts; // between the comparison and `sel`, outermost first
      auto strip = [&] {
        while (sel->op == SymOp::Cast) {
          casts.push_back(sel->type);
          sel = sel->args[0];
        }
      };
      strip();
      int64_t k = *asConst(atom->args[1]);
      bool eq = (atom->op == SymOp::Eq) == value; // the value equals k
      auto leafFails = [&](const Sym &leaf) {
        Sym x = leaf;
        for (auto it = casts.rbegin(); it != casts.rend(); ++it)
          x = mkCast(x, *it);
        auto v = asConst(x);
        return v && ((*v == k) != eq);
      };
      for (int depth = 0; sel->op == SymOp::Select && depth < 64; ++depth) {
        if (leafFails(sel->args[1])) {
          add(mkNot(sel->args[0]), rest);
          sel = sel->args[2];
        } else if (leafFails(sel->args[2])) {
          add(sel->args[0], rest);
          sel = sel->args[1];
        } else {
          break;
        }
        strip();
      }
    }
    // The complementary comparison has the opposite value.
    SymOp flip = negatedCmp(atom->op);
    if (flip == atom->op)
      return;
    Sym c = mkCmp(flip, atom->args[0], atom->args[1]);
    if (c->op == flip && !lookup(c))
      byHash.emplace(c->hash, std::make_pair(c, !value));
  }

public:
  // The ranges as interval bounds (built once, on first use).
  const VarBounds &bounds() const {
    if (boundsBuilt != ranges.size()) {
      varBounds.clear();
      for (auto &[id, r] : ranges)
        varBounds[id] = Interval{r.first, r.second};
      boundsBuilt = ranges.size();
      intervals.clear();
    }
    return varBounds;
  }
  std::unordered_multimap<size_t, std::pair<Sym, bool>> byHash;
  std::map<uint32_t, std::pair<__int128, __int128>> ranges; // by variable id
  mutable VarBounds varBounds;
  mutable IntervalMemo intervals; // for varBounds
  mutable size_t boundsBuilt = size_t(-1);
};

// `(x * k) / x` is `k` where x is not 0 and the product does not wrap: host
// code computes a dtype's size that way (`inputLength = inputNum *
// typeLength; inputBytes = inputLength / inputNum`, in the tiling template of
// 15 ops-math operators), and every later division by it was a quotient of two
// unknowns for Z3 (ops-math addcmul: its UB tile, a constant once the dtype is
// known, stayed a product of unknowns in every bounds question). Both known
// from the path: its ranges (the tensor size at most 2^48, so `inputNum *
// typeLength` fits in 64 bits) and its literals (`inputNum == 0` returned).
Sym cancelledFactor(const Sym &num, const Sym &den, IntType t, const KnownLiterals &k) {
  if (asConst(den) || num->type != t || den->type != t || t.isBool)
    return nullptr;
  Sym other;
  if (structurallyEqual(num, den)) // `x / x` (a factor of 1 folded away before)
    other = mkConst(1, t);
  else if (num->op != SymOp::Mul)
    return nullptr;
  else if (structurallyEqual(num->args[0], den))
    other = num->args[1];
  else if (structurallyEqual(num->args[1], den))
    other = num->args[0];
  else
    return nullptr;
  const VarBounds &vb = k.bounds();
  Interval ix = intervalOf(den, &vb, &k.intervals), ik = intervalOf(other, &vb, &k.intervals);
  if (ix.lo < 0 || ik.lo < 0)
    return nullptr;
  // The exact product stays within t (no wrap), and x is not 0.
  __int128 max = t.bits ? (__int128)t.maxValue() : ((__int128)1 << 100);
  if (ix.hi > 0 && ik.hi > max / ix.hi)
    return nullptr;
  bool nonZero = ix.lo > 0;
  for (const Sym &z : {mkCmp(SymOp::Eq, den, mkConst(0, den->type)), mkCmp(SymOp::Eq, toMath(den), mkConst(0))}) {
    if (nonZero || z->op == SymOp::BoolConst)
      break;
    std::optional<bool> v = k.lookup(z);
    if (!v)
      v = k.decide(z);
    nonZero = v && !*v;
  }
  if (!nonZero)
    return nullptr;
  return other->type == t ? other : mkCast(other, t);
}

// Identities of host tiling arithmetic that hold where nothing wraps (the
// ranges known on the path say so): `(x * 32) / 4` is `x * 8`, and
// `8 * x - 8192 * (x / 1024)` is `8 * (x % 1024)` for x >= 0. The element-wise
// tilings of ops-math compute their tail tile that way (cosh, cast: `coreData
// - tile * (blocks / tileBlocks)`); as a remainder its range [0, tile) is
// known to the interval analysis, and the uint32 field it is stored in no
// longer needs a wrap-around, which left every tail-within-tile question to
// Z3's non-linear search (and its units).
Sym arithIdentity(const Sym &s, const KnownLiterals &k) {
  const IntType t = s->type;
  if (t.isBool || s->args.size() != 2)
    return nullptr;
  const VarBounds &vb = k.bounds();
  const __int128 tmax = t.bits ? (__int128)t.maxValue() : ((__int128)1 << 100);
  // x * c (either order), c > 0 constant, all of type t.
  auto scaled = [&](const Sym &e, Sym &x, int64_t &c) {
    if (e->type != t)
      return false;
    if (e->op == SymOp::Mul)
      for (int i = 0; i < 2; ++i)
        if (auto kc = asConst(e->args[i]); kc && *kc > 0 && e->args[1 - i]->type == t) {
          x = e->args[1 - i];
          c = *kc;
          return true;
        }
    x = e;
    c = 1;
    return true;
  };
  auto fits = [&](const Sym &x, int64_t c) {
    Interval ix = intervalOf(x, &vb, &k.intervals);
    return ix.lo >= 0 && ix.hi <= tmax / c;
  };
  if (s->op == SymOp::Div) {
    auto c2 = asConst(s->args[1]);
    Sym x;
    int64_t c1 = 0;
    if (!c2 || *c2 <= 0 || s->args[0]->op != SymOp::Mul || !scaled(s->args[0], x, c1) || c1 == 1 || !fits(x, c1))
      return nullptr;
    if (c1 % *c2 == 0)
      return mkBin(SymOp::Mul, x, mkConst(c1 / *c2, t), t);
    if (*c2 % c1 == 0)
      return mkBin(SymOp::Div, x, mkConst(*c2 / c1, t), t);
    return nullptr;
  }
  if (s->op == SymOp::Sub) {
    Sym x, q;
    int64_t c = 0, e = 0;
    if (!scaled(s->args[0], x, c) || s->args[1]->op != SymOp::Mul || !scaled(s->args[1], q, e) || e == 1 ||
        q->op != SymOp::Div || q->type != t || !structurallyEqual(q->args[0], x))
      return nullptr;
    auto d = asConst(q->args[1]);
    // Unsigned, it holds whatever the ranges: c*x - (c*d)*(x/d) and
    // c*(x - d*(x/d)) are one value modulo 2^bits, and x - d*(x/d) is x % d.
    if (!d || *d <= 0 || (__int128)e != (__int128)c * *d || (t.isSigned && !fits(x, c)))
      return nullptr;
    Sym r = mkBin(SymOp::Rem, x, mkConst(*d, t), t);
    return c == 1 ? r : mkBin(SymOp::Mul, r, mkConst(c, t), t);
  }
  return nullptr;
}

// Branch-aware rewriting (simplifyBranches): the selects' branches are
// rewritten under their condition too. Each branch has its literals and memo
// of its own, so shared sub-terms are rewritten once per branch: `work`
// bounds the nodes visited, past it the rest is left as it is (the rewrite
// is equivalent at every step, so stopping anywhere is sound).
struct BranchWork {
  size_t nodes = 0;
  static constexpr size_t kMaxNodes = 200000;
  static constexpr int kMaxDepth = 32;
  int depth = 0;
};

Sym rewriteUnder(const Sym &s, const KnownLiterals &k, std::unordered_map<const SymNode *, Sym> &memo,
                 BranchWork *bw = nullptr);

// `c ? t : e` with t rewritten where c holds and e where it does not.
Sym rewriteSelectBranches(const Sym &s, const KnownLiterals &k, std::unordered_map<const SymNode *, Sym> &memo,
                          BranchWork &bw) {
  Sym c = rewriteUnder(s->args[0], k, memo, &bw);
  if (isTrue(c))
    return rewriteUnder(s->args[1], k, memo, &bw);
  if (isFalse(c))
    return rewriteUnder(s->args[2], k, memo, &bw);
  Sym branch[2];
  ++bw.depth;
  for (int side = 0; side < 2; ++side) {
    KnownLiterals kb = k;
    std::vector<Sym> rest;
    kb.add(side == 0 ? c : mkNot(c), rest);
    // One round of unit propagation: `!(a && b)` with a known is `!b`.
    std::unordered_map<const SymNode *, Sym> pm;
    for (const Sym &r : rest) {
      std::vector<Sym> more;
      kb.add(rewriteUnder(r, kb, pm), more);
    }
    std::unordered_map<const SymNode *, Sym> bm;
    branch[side] = rewriteUnder(s->args[1 + side], kb, bm, &bw);
  }
  --bw.depth;
  return mkSelect(c, branch[0], branch[1]);
}

Sym rewriteUnder(const Sym &s, const KnownLiterals &k, std::unordered_map<const SymNode *, Sym> &memo, BranchWork *bw) {
  if (s->op == SymOp::Const || s->op == SymOp::BoolConst)
    return s;
  if (bw && ++bw->nodes > BranchWork::kMaxNodes)
    return s;
  if (s->op == SymOp::Var) {
    // A boolean variable (an unknown condition the path passed) is a literal.
    std::optional<bool> v = s->type.isBool ? k.lookup(s) : std::nullopt;
    return v ? mkBool(*v) : s;
  }
  if (auto it = memo.find(s.get()); it != memo.end())
    return it->second;
  Sym out = s;
  std::optional<bool> v = s->type.isBool ? k.lookup(s) : std::nullopt;
  if (!v && s->type.isBool)
    v = k.decide(s);
  if (v) {
    out = mkBool(*v);
  } else if (bw && s->op == SymOp::Select && s->args.size() == 3 && bw->depth < BranchWork::kMaxDepth) {
    out = rewriteSelectBranches(s, k, memo, *bw);
  } else {
    std::vector<Sym> a;
    bool changed = false;
    for (const Sym &x : s->args) {
      a.push_back(rewriteUnder(x, k, memo, bw));
      changed |= a.back().get() != x.get();
    }
    Sym cancelled = s->op == SymOp::Div ? cancelledFactor(a[0], a[1], s->type, k) : nullptr;
    if (cancelled) {
      out = cancelled;
    } else if (changed && s->type.isBool && s->args.size() == 2 && s->op >= SymOp::Eq && s->op <= SymOp::Ge) {
      // The rewritten comparison may be a known literal itself (the facts
      // were rewritten the same way: `n > (c ? m : 0)` with c known is the
      // fact `n > m`).
      Sym c = mkCmp(s->op, a[0], a[1]);
      std::optional<bool> d = c->type.isBool && c->op != SymOp::BoolConst ? k.lookup(c) : std::nullopt;
      if (!d && c->args.size() == 2)
        d = k.decide(c);
      out = d ? mkBool(*d) : c;
    } else if (changed) {
      switch (s->op) {
      case SymOp::Select:
        out = mkSelect(a[0], a[1], a[2]);
        break;
      case SymOp::Cast:
        out = mkCast(a[0], s->type);
        break;
      case SymOp::BitNot:
      case SymOp::Neg:
        out = mkUn(s->op, a[0], s->type);
        break;
      case SymOp::LAnd:
        out = mkAnd(a[0], a[1]);
        break;
      case SymOp::LOr:
        out = mkOr(a[0], a[1]);
        break;
      case SymOp::LNot:
        out = mkNot(a[0]);
        break;
      default:
        out = a.size() == 2 ? mkBin(s->op, a[0], a[1], s->type) : s;
        break;
      }
    }
  }
  if (Sym id = arithIdentity(out, k))
    out = id;
  memo.emplace(s.get(), out);
  return out;
}

// The literals a set of facts gives, with unit propagation: a disjunction
// simplified under the literals so far may become a literal itself. The
// facts that stay compound are left in `rest`.
void gatherLiterals(const std::vector<Sym> &known, KnownLiterals &lits, std::vector<Sym> &rest) {
  for (const Sym &f : known)
    lits.add(f, rest);
  for (int round = 0; round < 4 && !rest.empty() && lits.size(); ++round) {
    size_t before = lits.size();
    std::vector<Sym> todo;
    todo.swap(rest);
    std::unordered_map<const SymNode *, Sym> memo;
    for (const Sym &f : todo)
      lits.add(rewriteUnder(f, lits, memo), rest);
    if (lits.size() == before)
      break;
  }
}

} // namespace

struct FactSimplifier::Impl {
  KnownLiterals lits;
  std::vector<Sym> rest;
};

FactSimplifier::FactSimplifier(const std::vector<Sym> &known) : impl(std::make_unique<Impl>()) {
  gatherLiterals(known, impl->lits, impl->rest);
}

FactSimplifier::~FactSimplifier() = default;

Sym FactSimplifier::operator()(const Sym &s) const {
  if (!s || !impl->lits.size())
    return s;
  std::unordered_map<const SymNode *, Sym> memo;
  return rewriteUnder(s, impl->lits, memo);
}

Sym FactSimplifier::withBranches(const Sym &s) const {
  if (!s)
    return s;
  std::unordered_map<const SymNode *, Sym> memo;
  BranchWork bw;
  return rewriteUnder(s, impl->lits, memo, &bw);
}

void FactSimplifier::add(const Sym &fact) { impl->lits.add(fact, impl->rest); }

Sym simplifyUnder(const Sym &s, const std::vector<Sym> &known) {
  if (!s || known.empty())
    return s;
  return FactSimplifier(known)(s);
}

Sym simplifyBranches(const Sym &s, const std::vector<Sym> &known) {
  if (!s)
    return s;
  return FactSimplifier(known).withBranches(s);
}

} // namespace alint
