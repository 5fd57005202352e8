#include "smt/Solver.h"

#include <z3++.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <mutex>
#include <optional>
#include <pthread.h>
#include <set>
#include <thread>
#include <unistd.h>
#include <unordered_set>

namespace alint {

const char *statusName(Status s) {
  switch (s) {
  case Status::Proved:
    return "proved";
  case Status::Violated:
    return "violated";
  case Status::Counterexample:
    return "counterexample";
  case Status::Unknown:
    return "unknown";
  }
  return "unknown";
}

namespace {

// z3++ 4.8's move assignment of an expr does not release the term it
// overwrites: every `e = <temporary>` leaked a term, and Z3_del_context,
// which frees leaked terms in rounds over its whole term table, was 39 % of
// the instructions of linting a typical sample. Assign through a const
// reference (the copy assignment counts references right).
void assign(z3::expr &dst, const z3::expr &src) { dst = src; }

constexpr uint64_t kRlimitPerMs = kZ3UnitsPerMs;
// What a second question (Solver::check's `ask`) is charged, whatever it
// spent: about what one takes on ops-math's operator kernels (6,000-13,000
// units).
constexpr uint64_t kSecondQuestionUnits = 10000;
// theory_arith's units per ms of search over the LP core's (measured on
// samples/host-tiling/percore_bad and ops-math pad_v3_grad_replication:
// 5,000-10,000 units per ms against 500-1,000).
constexpr uint64_t kTheoryArithUnitScale = 8;

std::string i128str(__int128 v) {
  if (v == 0)
    return "0";
  bool neg = v < 0;
  unsigned __int128 u = neg ? (unsigned __int128)(-(v + 1)) + 1 : (unsigned __int128)v;
  std::string s;
  while (u) {
    s.insert(s.begin(), char('0' + int(u % 10)));
    u /= 10;
  }
  return neg ? "-" + s : s;
}

// Translation of one obligation's terms into one Z3 context.
struct Translator {
  z3::context &c;
  std::map<uint32_t, z3::expr> vars;
  std::vector<std::shared_ptr<const VarInfo>> varInfo;
  std::vector<z3::expr> side; // ranges of variables, definitions of opaque terms
  std::vector<std::string> opaqueReasons;
  std::unordered_map<const SymNode *, z3::expr> memo;
  unsigned fresh = 0;
  // A product or quotient of two non-constant terms: Z3's SMT core can spin
  // on such a question without counting resource units (Solver::check).
  bool nonlinear = false;
  // The linear relaxation (Solver::check's first try on a non-linear
  // question): each product or quotient of two non-constant terms is a fresh
  // value bounded by linear consequences of its definition only (the
  // McCormick envelope of the operands' ranges, 0 <= a / b <= a, ...). Every
  // model of the exact question is one of the relaxed one, so `unsat` here
  // proves the property; `sat` says nothing.
  bool relax = false;

  const VarBounds *bounds = nullptr;                                        // from the context: drop impossible wraps
  const std::unordered_map<const SymNode *, __int128> *productHi = nullptr; // ProductLemmas::hi
  std::unordered_map<uint32_t, size_t> *localIds = nullptr;                 // variable id -> number in Z3 names

  explicit Translator(z3::context &ctx) : c(ctx) {}
  IntervalMemo ranges; // for `bounds`, set before the first translation
  // The bounds and the block-split products' ranges, before the first translation.
  void setBounds(const VarBounds *b, const std::unordered_map<const SymNode *, __int128> *hi) {
    bounds = b;
    productHi = hi;
    for (auto &[n, h] : *hi)
      ranges[n] = Interval{0, h};
  }
  Interval range(const Sym &x) { return intervalOf(x, bounds, &ranges); }

  z3::expr num(__int128 v) { return c.int_val(i128str(v).c_str()); }

  z3::expr opaque(IntType t, const std::string &reason) {
    opaqueReasons.push_back(reason);
    z3::expr v = c.int_const(("opaque!" + std::to_string(fresh++)).c_str());
    if (t.bits) {
      side.push_back(v >= num(t.minValue()));
      side.push_back(v <= num((__int128)t.maxValue()));
    }
    return v;
  }

  // Value of raw (an exact mathematical result) in type t.
  z3::expr wrap(const z3::expr &raw, IntType t, __int128 lo, __int128 hi) {
    if (t.bits == 0 || t.isBool)
      return raw;
    __int128 tmin = t.minValue(), tmax = (__int128)t.maxValue();
    if (lo >= tmin && hi <= tmax)
      return raw;
    __int128 m = (__int128)1 << t.bits;
    // A value wrapped to a wider type (mod 2^64, then cast to 32 bits) wraps
    // as the unwrapped one: 2^32 divides 2^64. Z3 4.8.12 spins for seconds on
    // a nested pair of such mods (a 6-line query: > 20 s; without the inner
    // one: 7 ms), so the inner wrap is dropped.
    z3::expr r = unwrapWider(raw, m);
    if (!t.isSigned)
      return z3::mod(r, num(m));
    __int128 h = m / 2;
    return z3::mod(r + num(h), num(m)) - num(h);
  }

  // raw without the wraps around it whose modulus is a multiple of m.
  static z3::expr unwrapWider(z3::expr raw, __int128 m) {
    auto numeral = [](const z3::expr &e, __int128 &v) {
      if (!e.is_numeral())
        return false;
      std::string d = e.get_decimal_string(0);
      if (d.empty() || d.size() > 38 || d[0] == '-')
        return false;
      v = 0;
      for (char ch : d) {
        if (ch < '0' || ch > '9')
          return false;
        v = v * 10 + (ch - '0');
      }
      return true;
    };
    auto kind = [](const z3::expr &e) { return e.is_app() ? e.decl().decl_kind() : Z3_OP_UNINTERPRETED; };
    for (;;) {
      __int128 mm = 0, hh = 0;
      // unsigned: (mod x M)
      if (kind(raw) == Z3_OP_MOD && raw.num_args() == 2 && numeral(raw.arg(1), mm) && mm >= m && mm % m == 0) {
        raw = raw.arg(0);
        continue;
      }
      // signed: (- (mod (+ x H) M) H), H = M / 2
      if (kind(raw) == Z3_OP_SUB && raw.num_args() == 2 && numeral(raw.arg(1), hh)) {
        z3::expr md = raw.arg(0);
        if (kind(md) == Z3_OP_MOD && md.num_args() == 2 && numeral(md.arg(1), mm) && mm == 2 * hh && mm >= m &&
            mm % m == 0) {
          z3::expr in = md.arg(0);
          __int128 h2 = 0;
          if (kind(in) == Z3_OP_ADD && in.num_args() == 2 && numeral(in.arg(1), h2) && h2 == hh) {
            raw = in.arg(0);
            continue;
          }
        }
      }
      return raw;
    }
  }

  bool nonNeg(const Sym &s) { return range(s).lo >= 0; }

  // A fresh value for a * b, with the McCormick envelope of the operands'
  // ranges (valid for any signs when both ranges are finite).
  z3::expr relaxedProduct(const z3::expr &a, const z3::expr &b, Interval ia, Interval ib, bool small, __int128 lo,
                          __int128 hi) {
    z3::expr p = c.int_const(("relax!" + std::to_string(fresh++)).c_str());
    if (!small)
      return p;
    side.push_back(p >= num(lo) && p <= num(hi));
    side.push_back(p >= num(ia.lo) * b + num(ib.lo) * a - num(ia.lo * ib.lo));
    side.push_back(p >= num(ia.hi) * b + num(ib.hi) * a - num(ia.hi * ib.hi));
    side.push_back(p <= num(ia.hi) * b + num(ib.lo) * a - num(ia.hi * ib.lo));
    side.push_back(p <= num(ia.lo) * b + num(ib.hi) * a - num(ia.lo * ib.hi));
    return p;
  }

  z3::expr truncDiv(const z3::expr &a, const z3::expr &b, const Sym &sa, const Sym &sb) {
    if (nonNeg(sa) && range(sb).lo > 0)
      return a / b;
    z3::expr aa = z3::ite(a >= 0, a, -a), bb = z3::ite(b >= 0, b, -b);
    z3::expr q = aa / bb;
    return z3::ite((a >= 0) == (b >= 0), q, -q);
  }

  z3::expr tr(const Sym &s) {
    auto it = memo.find(s.get());
    if (it != memo.end())
      return it->second;
    // Equal terms built apart (a host field's quotient copied into four
    // fields) are one term: four names for one quotient make a question
    // harder, and its relaxation weaker (ops-math cosh).
    auto range = byShape.equal_range(s->hash);
    for (auto sh = range.first; sh != range.second; ++sh)
      if (structurallyEqual(sh->second.first, s)) {
        memo.emplace(s.get(), sh->second.second);
        return sh->second.second;
      }
    z3::expr r = trNode(s);
    memo.emplace(s.get(), r);
    if (!s->args.empty())
      byShape.emplace(s->hash, std::make_pair(s, r));
    return r;
  }
  std::unordered_multimap<size_t, std::pair<Sym, z3::expr>> byShape;

  z3::expr asInt(const Sym &s) {
    z3::expr e = tr(s);
    if (e.is_bool())
      return z3::ite(e, c.int_val(1), c.int_val(0));
    return e;
  }
  z3::expr asBool(const Sym &s) {
    z3::expr e = tr(s);
    if (e.is_bool())
      return e;
    return e != 0;
  }

  z3::expr trNode(const Sym &s) {
    const IntType t = s->type;
    auto childRange = [&](const Sym &x) { return range(x); };
    switch (s->op) {
    case SymOp::Const:
      if (t.bits == 64 && !t.isSigned)
        return num((__int128)(uint64_t)s->value);
      return num(s->value);
    case SymOp::BoolConst:
      return c.bool_val(s->value != 0);
    case SymOp::Var: {
      auto vit = vars.find(s->var->id);
      if (vit != vars.end())
        return vit->second;
      // Named by first use in this solver, not by the process-wide id: a
      // file's queries do not depend on the files analysed before it.
      std::string name =
          s->var->name + "!" + std::to_string(localIds->emplace(s->var->id, localIds->size()).first->second);
      if (t.isBool) {
        z3::expr v = c.bool_const(name.c_str());
        vars.emplace(s->var->id, v);
        varInfo.push_back(s->var);
        return v;
      }
      z3::expr v = c.int_const(name.c_str());
      vars.emplace(s->var->id, v);
      varInfo.push_back(s->var);
      if (t.bits) {
        side.push_back(v >= num(t.minValue()));
        side.push_back(v <= num((__int128)t.maxValue()));
      }
      // The range the context's top-level facts give it (boundsFrom), where
      // tighter: implied by the context, so no model is lost, and the
      // search need not find it (ops-math diag_v2: `tileLength == (numOut
      // > 0 ? min(2048, align(ceil(numOut / cores))) : 0)`, whose range
      // [0, 2048] decides the capacity question, was left to a non-linear
      // search that ran out of units). Not for a value nobody models: the
      // question whether a failure needs a particular value of it asks
      // over all of them.
      if (bounds && s->var->role != VarRole::Opaque && s->var->reason.rfind(kHostUnmodelledReason, 0) != 0)
        if (auto b = bounds->find(s->var->id); b != bounds->end()) {
          const __int128 lim = (__int128)1 << 100;
          if (b->second.lo > -lim && (!t.bits || b->second.lo > (__int128)t.minValue()))
            side.push_back(v >= num(b->second.lo));
          if (b->second.hi < lim && (!t.bits || b->second.hi < (__int128)t.maxValue()))
            side.push_back(v <= num(b->second.hi));
        }
      if (s->var->role == VarRole::Opaque)
        opaqueReasons.push_back(s->var->reason);
      return v;
    }
    case SymOp::Cast: {
      const Sym &a = s->args[0];
      if (t.isBool)
        return asBool(a);
      Interval iv = childRange(a);
      return wrap(asInt(a), t, iv.lo, iv.hi);
    }
    case SymOp::Select:
      return z3::ite(asBool(s->args[0]), asIntOrBool(s->args[1], t), asIntOrBool(s->args[2], t));
    case SymOp::LNot:
      return !asBool(s->args[0]);
    case SymOp::LAnd:
      return asBool(s->args[0]) && asBool(s->args[1]);
    case SymOp::LOr:
      return asBool(s->args[0]) || asBool(s->args[1]);
    case SymOp::Eq:
    case SymOp::Ne: {
      z3::expr a = tr(s->args[0]), b = tr(s->args[1]);
      if (a.is_bool() != b.is_bool()) {
        assign(a, asInt(s->args[0]));
        assign(b, asInt(s->args[1]));
      }
      return s->op == SymOp::Eq ? a == b : a != b;
    }
    case SymOp::Lt:
      return asInt(s->args[0]) < asInt(s->args[1]);
    case SymOp::Le:
      return asInt(s->args[0]) <= asInt(s->args[1]);
    case SymOp::Gt:
      return asInt(s->args[0]) > asInt(s->args[1]);
    case SymOp::Ge:
      return asInt(s->args[0]) >= asInt(s->args[1]);
    default:
      break;
    }
    // Arithmetic.
    const Sym &sa = s->args[0];
    z3::expr a = asInt(sa);
    Interval ia = childRange(sa);
    if (s->op == SymOp::Neg)
      return wrap(-a, t, -ia.hi, -ia.lo);
    if (s->op == SymOp::BitNot) {
      // ~x = -x - 1, taken modulo the node's type: the operand may be of a
      // wider type than the node (wrapped only when its range needs it).
      if (t.bits && !t.isSigned) {
        __int128 m = (((__int128)1) << t.bits) - 1;
        return wrap(num(m) - a, t, m - ia.hi, m - ia.lo);
      }
      if (t.bits && t.isSigned)
        return wrap(-a - 1, t, -ia.hi - 1, -ia.lo - 1);
      return opaque(t, "bitwise not of an unbounded value");
    }
    const Sym &sb = s->args[1];
    z3::expr b = asInt(sb);
    Interval ib = childRange(sb);
    const __int128 LIM = (__int128)1 << 62;
    bool small = ia.lo > -LIM && ia.hi < LIM && ib.lo > -LIM && ib.hi < LIM;
    switch (s->op) {
    case SymOp::Add:
      return wrap(a + b, t, ia.lo + ib.lo, ia.hi + ib.hi);
    case SymOp::Sub:
      return wrap(a - b, t, ia.lo - ib.hi, ia.hi - ib.lo);
    case SymOp::Mul: {
      const bool nl = !asConst(sa) && !asConst(sb);
      nonlinear |= nl;
      __int128 lo = -((__int128)1 << 126), hi = (__int128)1 << 126;
      if (small) {
        __int128 cs[4] = {ia.lo * ib.lo, ia.lo * ib.hi, ia.hi * ib.lo, ia.hi * ib.hi};
        lo = hi = cs[0];
        for (auto v : cs) {
          lo = std::min(lo, v);
          hi = std::max(hi, v);
        }
      }
      if (productHi)
        if (auto it = productHi->find(s.get()); it != productHi->end()) {
          lo = std::max<__int128>(lo, 0);
          hi = std::min(hi, it->second);
        }
      if (nl && relax)
        return wrap(relaxedProduct(a, b, ia, ib, small, lo, hi), t, lo, hi);
      return wrap(a * b, t, lo, hi);
    }
    case SymOp::Div:
    case SymOp::Rem:
      nonlinear |= !asConst(sb);
      if (!asConst(sb) && ia.lo >= 0 && ib.lo >= 0 && relax) {
        // Relaxed: 0 <= q <= a / lo(b), q >= (a - hi(b) + 1) / hi(b); the
        // remainder r = a - b*q: 0 <= r <= a, r < b.
        z3::expr q = c.int_const(("relax!" + std::to_string(fresh++)).c_str());
        side.push_back(q >= 0);
        side.push_back(z3::implies(b > 0, q <= a));
        if (ib.lo >= 1 && small)
          side.push_back(num(ib.lo) * q <= a);
        if (ib.lo >= 1 && small)
          side.push_back(num(ib.hi) * q >= a - num(ib.hi) + 1);
        if (s->op == SymOp::Div)
          return wrap(q, t, 0, ia.hi);
        z3::expr r = c.int_const(("relax!" + std::to_string(fresh++)).c_str());
        side.push_back(r >= 0);
        side.push_back(z3::implies(b > 0, r <= a && r < b));
        return r;
      }
      if (!asConst(sb) && ia.lo >= 0 && ib.lo >= 0) {
        // Non-linear division: name the quotient q and state b*q <= a < b*q + b
        // (exact for a >= 0, b > 0). Z3's polynomial solver copes with this
        // far better than with div by a variable.
        z3::expr q = c.int_const(("quot!" + std::to_string(fresh++)).c_str());
        side.push_back(q >= 0);
        side.push_back(z3::implies(b > 0, b * q <= a && a < b * q + b));
        if (s->op == SymOp::Div)
          return wrap(q, t, 0, ia.hi);
        return a - b * q;
      }
      if (s->op == SymOp::Rem) {
        if (nonNeg(sa) && ib.lo > 0)
          return z3::mod(a, b);
        return a - b * truncDiv(a, b, sa, sb);
      }
      {
        z3::expr q = truncDiv(a, b, sa, sb);
        // A non-negative value over a positive one stays within
        // [lo / max, hi / min]: no wrap when that fits the type. (The
        // coarser bound below kept a mod 2^32 on `i * 65536 / 2` with i in
        // [0, 1], and Z3 then spent its whole budget on
        // (32768 i mod 2^32) mod 512 == 0; docs/performance.md.)
        if (ia.lo >= 0 && ib.lo > 0)
          return wrap(q, t, ia.lo / ib.hi, ia.hi / ib.lo);
        // INT_MIN / -1 is the only overflow
        return wrap(q, t, small ? -std::max(-ia.lo, ia.hi) : -LIM * 4, small ? std::max(-ia.lo, ia.hi) : LIM * 4);
      }
    case SymOp::Min:
      return z3::ite(a <= b, a, b);
    case SymOp::Max:
      return z3::ite(a >= b, a, b);
    case SymOp::Shl:
      if (auto k = asConst(sb); k && *k >= 0 && *k < 64) {
        __int128 p = (__int128)1 << *k;
        return wrap(a * num(p), t, small ? ia.lo * p : -LIM * 4, small ? ia.hi * p : LIM * 4);
      }
      // A shift amount of a known small range (`1 << (63 - clz(n))`): one
      // constant shift per amount, chosen by the amount. An amount the range
      // leaves outside [0, 63] (undefined in C++) is an opaque value: a proof
      // stays a proof, a failure through it is unknown.
      if (ib.hi >= 0 && ib.lo < 64) {
        __int128 klo = std::max<__int128>(ib.lo, 0), khi = std::min<__int128>(ib.hi, 63);
        bool exact = ib.lo >= 0 && ib.hi < 64;
        auto shifted = [&](__int128 k) {
          __int128 p = (__int128)1 << (int)k;
          return wrap(a * num(p), t, small ? ia.lo * p : -LIM * 4, small ? ia.hi * p : LIM * 4);
        };
        z3::expr r = exact ? shifted(khi) : opaque(t, "shift by an amount outside the type's width");
        for (__int128 k = exact ? khi - 1 : khi; k >= klo; --k)
          r = z3::ite(b == num(k), shifted(k), r);
        return r;
      }
      if (auto k = asConst(sb))
        return opaque(t, "shift by " + std::to_string(*k) + ", outside the type's width");
      return opaque(t, "shift by a non-constant amount");
    case SymOp::Shr:
      if (auto k = asConst(sb); k && *k >= 0 && *k < 64) {
        __int128 p = (__int128)1 << *k;
        if (ia.lo >= 0)
          return a / num(p);
        // arithmetic shift = floor division, which is Z3's div for p > 0
        return a / num(p);
      }
      return opaque(t, "shift by a non-constant amount");
    case SymOp::BitAnd:
      // In two's complement, x & (2^n - 1) is x mod 2^n and x & ~(2^n - 1)
      // is x - x mod 2^n for either sign (Z3's mod is never negative): a
      // negative operand needs a mask that is positive (`(idx + 1) & 1` on an
      // int32_t index, ops-math pad_v3's ping-pong event choice).
      if (auto k = asConst(sb); k && (ia.lo >= 0 || *k > 0 || *k < -1)) {
        uint64_t m = uint64_t(*k);
        if (t.bits == 64 && !t.isSigned)
          m = uint64_t(s->args[1]->value);
        if (m != 0 && ((m + 1) & m) == 0 && (ia.lo >= 0 || *k > 0)) // 2^n - 1
          return z3::mod(a, num((__int128)m + 1));
        // ~(2^n - 1) in the operand's width: clear the low n bits
        uint64_t inv = ~m;
        if (t.bits && t.bits < 64)
          inv &= (uint64_t(1) << t.bits) - 1;
        if (inv != 0 && ((inv + 1) & inv) == 0)
          return a - z3::mod(a, num((__int128)inv + 1));
      }
      if (auto k = asConst(sa); k && (ib.lo >= 0 || *k > 0)) {
        uint64_t m = uint64_t(*k);
        if (m != 0 && ((m + 1) & m) == 0)
          return z3::mod(b, num((__int128)m + 1));
      }
      return opaque(t, "bitwise and with a non-mask operand");
    default:
      return opaque(t, "bitwise operation");
    }
  }

  z3::expr asIntOrBool(const Sym &s, IntType t) { return t.isBool ? asBool(s) : asInt(s); }
};

// Bounds of variables implied by the top-level conjuncts of the context
// (x <= c, x < e, e > x, ...), iterated so that bounds flow through loop
// limits. Only facts the query asserts are used, so dropping a wrap-around
// the bounds rule out is exact within the query.
// The conjuncts of facts, `a && b` split into a and b (last fact first).
std::vector<Sym> conjunctsOf(std::vector<Sym> work) {
  std::vector<Sym> out;
  while (!work.empty()) {
    Sym p = work.back();
    work.pop_back();
    if (p->op == SymOp::LAnd) {
      work.push_back(p->args[0]);
      work.push_back(p->args[1]);
    } else {
      out.push_back(p);
    }
  }
  return out;
}

// The variable under a chain of casts none of which is narrower than it,
// with the values every type on the chain holds (the range on which the chain
// is the identity).
std::optional<std::pair<const VarInfo *, std::pair<__int128, __int128>>> varThroughSameWidth(const Sym &x) {
  std::vector<IntType> through;
  const SymNode *n = x.get();
  while (n->op == SymOp::Cast && !n->args.empty()) {
    through.push_back(n->type);
    n = n->args[0].get();
  }
  if (n->op != SymOp::Var || n->type.bits == 0 || n->type.isBool)
    return std::nullopt;
  __int128 lo = n->type.minValue(), hi = (__int128)n->type.maxValue();
  for (IntType t : through) {
    if (t.bits == 0 && !t.isBool)
      continue;
    if (t.isBool || t.bits < n->type.bits)
      return std::nullopt;
    lo = std::max(lo, (__int128)t.minValue());
    hi = std::min(hi, (__int128)t.maxValue());
  }
  return std::make_pair(n->var.get(), std::make_pair(lo, hi));
}

VarBounds boundsFrom(const std::vector<Sym> &context) {
  std::vector<Sym> atoms;
  std::vector<Sym> work = conjunctsOf(context);
  while (!work.empty()) {
    Sym p = work.back();
    work.pop_back();
    // A negated comparison is the opposite one: the host contract's early
    // returns (`if (rows > 0xffffff) return GRAPH_FAILED;`) are facts
    // `!(rows > 16777215)`, and `!(a || b)` is both negations.
    if (p->op == SymOp::LNot) {
      const Sym &q = p->args[0];
      if (q->op == SymOp::LOr) {
        work.push_back(mkNot(q->args[0]));
        work.push_back(mkNot(q->args[1]));
        continue;
      }
      if (q->args.size() == 2 && q->op >= SymOp::Eq && q->op <= SymOp::Ge)
        p = mkCmp(negatedCmp(q->op), q->args[0], q->args[1]);
    }
    if (p->args.size() == 2 && p->op >= SymOp::Eq && p->op <= SymOp::Ge)
      atoms.push_back(p);
  }
  VarBounds b;
  auto tighten = [&](const VarInfo *v, __int128 lo, __int128 hi) {
    auto it = b.find(v->id);
    if (it == b.end()) {
      b[v->id] = {lo, hi};
      return;
    }
    it->second.lo = std::max(it->second.lo, lo);
    it->second.hi = std::min(it->second.hi, hi);
  };
  const __int128 BIG = (__int128)1 << 100;
  for (int round = 0; round < 3; ++round)
    for (const Sym &a : atoms) {
      SymOp op = a->op;
      for (int side = 0; side < 2; ++side) {
        const Sym &x = a->args[side], &e = a->args[1 - side];
        const VarInfo *v = varThroughWidening(x);
        if (!v) {
          // `(int64_t)field == e` with field a uint64_t and e within the
          // values both types hold: a same-width cast is one-to-one and moves
          // only values outside them, so field == e (a host contract binding
          // a uint64 field the kernel reads as int64; ops-math lerp).
          if (op == SymOp::Eq)
            if (auto cv = varThroughSameWidth(x)) {
              Interval ie = intervalOf(e, &b);
              if (ie.lo >= cv->second.first && ie.hi <= cv->second.second)
                tighten(cv->first, ie.lo, ie.hi);
            }
          continue;
        }
        // normalise to "v op e"
        SymOp o = side == 1 ? swappedCmp(op) : op;
        Interval ie = intervalOf(e, &b);
        switch (o) {
        case SymOp::Lt:
          tighten(v, -BIG, ie.hi - 1);
          break;
        case SymOp::Le:
          tighten(v, -BIG, ie.hi);
          break;
        case SymOp::Gt:
          tighten(v, ie.lo + 1, BIG);
          break;
        case SymOp::Ge:
          tighten(v, ie.lo, BIG);
          break;
        case SymOp::Eq:
          tighten(v, ie.lo, ie.hi);
          break;
        default:
          break;
        }
      }
    }
  return b;
}

} // namespace

// Products bounded by a block split. A kernel's `blockIdx * blockFactor`,
// launched on `blockNum` blocks where the host computed `blockNum =
// CeilDiv(total, blockFactor)`, is at most `total - 1`; intervals alone give
// it a range up to 2^64, so the int64 / uint64 wrap-around stays in every
// question that uses it and Z3 gives up (ops-math sinh_v2, fresnel_sin,
// most element-wise kernels with a host contract). From the context's
// top-level facts `a < c`, `c == E_c` and `b == E_b`:
//   E_b = b, or `cond ? 0 : F` (a value-preserving cast of F),
//   E_c = c or a chain of casts of a non-negative value (each at most its
//         operand), `cond ? k : Y` with the cond of E_b (there b is 0) or
//         `F == 0 ? X : Y` (there b is 0), ending in N / F with N >= 0;
// then for a, b >= 0: a * b <= max(N - F, 0) (in the branch that matters
// a <= N / F - 1 and (N / F) * F <= N; in the others the product is 0).
struct ProductLemmas {
  std::unordered_map<const SymNode *, __int128> hi; // the product's range is [0, hi]
  std::vector<Sym> facts;                           // product <= max(N - F, 0)
};

namespace {

// x without the casts that keep its value (its range fits every type on the way).
Sym peelValueCasts(Sym x, const VarBounds &b) {
  while (x->op == SymOp::Cast && !x->args.empty() && !x->type.isBool) {
    Interval iv = intervalOf(x->args[0], &b);
    if (x->type.bits && (iv.lo < (__int128)x->type.minValue() || iv.hi > (__int128)x->type.maxValue()))
      break;
    x = x->args[0];
  }
  return x;
}

// Whether a and b have the same value: the same operations on the same
// variables and constants, the types aside where no operation wraps (its
// range fits its type; a value computed in uint64_t on the host and in
// int64_t in the kernel). Casts that keep the value are skipped.
bool valueEqual(Sym a, Sym b, const VarBounds &bounds, int depth = 0) {
  a = peelValueCasts(a, bounds);
  b = peelValueCasts(b, bounds);
  if (a.get() == b.get())
    return true;
  if (depth > 24 || a->op != b->op || a->args.size() != b->args.size())
    return false;
  switch (a->op) {
  case SymOp::Const:
    return a->type.isBool == b->type.isBool && intervalOf(a).lo == intervalOf(b).lo;
  case SymOp::BoolConst:
    return a->value == b->value;
  case SymOp::Var:
    return a->var->id == b->var->id;
  case SymOp::Cast:
    return false; // a cast that may change the value, on either side
  default:
    break;
  }
  auto fits = [&](const Sym &x) {
    if (x->type.isBool || x->type.bits == 0)
      return true;
    Interval r = intervalOf(x, &bounds);
    return r.lo > (__int128)x->type.minValue() || r.hi < (__int128)x->type.maxValue();
  };
  bool arith = a->op == SymOp::Add || a->op == SymOp::Sub || a->op == SymOp::Mul || a->op == SymOp::Div ||
               a->op == SymOp::Rem || a->op == SymOp::Min || a->op == SymOp::Max || a->op == SymOp::Neg;
  if (!arith && a->op != SymOp::Select && !(a->op >= SymOp::Eq && a->op <= SymOp::LNot))
    return false;
  if (arith && (!fits(a) || !fits(b)))
    return false;
  if (a->op == SymOp::Div || a->op == SymOp::Rem)
    for (const Sym &x : {a->args[0], a->args[1], b->args[0], b->args[1]})
      if (intervalOf(x, &bounds).lo < 0)
        return false;
  for (size_t i = 0; i < a->args.size(); ++i)
    if (!valueEqual(a->args[i], b->args[i], bounds, depth + 1))
      return false;
  return true;
}

ProductLemmas productLemmas(const Obligation &ob, const VarBounds &bounds) {
  ProductLemmas out;
  std::vector<Sym> atoms = conjunctsOf(ob.context);
  std::unordered_map<uint32_t, Sym> defs;                // var id -> the value a fact gives it
  std::unordered_map<uint32_t, std::vector<Sym>> uppers; // var id -> c of `var < c`
  for (const Sym &p : atoms) {
    if (p->args.size() != 2)
      continue;
    for (int side = 0; side < 2; ++side) {
      const Sym &x = p->args[side], &e = p->args[1 - side];
      if (p->op == SymOp::Eq) {
        if (const VarInfo *v = varThroughWidening(x)) {
          defs.emplace(v->id, e);
        } else if (auto cv = varThroughSameWidth(x)) {
          Interval ie = intervalOf(e, &bounds);
          if (ie.lo >= cv->second.first && ie.hi <= cv->second.second)
            defs.emplace(cv->first->id, e);
        }
      }
      SymOp o = side == 1 ? swappedCmp(p->op) : p->op;
      if (o == SymOp::Lt)
        if (const VarInfo *v = varThroughWidening(x))
          uppers[v->id].push_back(e);
    }
  }
  if (uppers.empty())
    return out;
  // Terms the context says are not negative (`!(len <= 0)` from a kernel's
  // `if (len <= 0) return;`, `len >= 0`): a dividend built from them is.
  std::vector<Sym> nonNeg;
  for (const Sym &p : atoms) {
    Sym q = p;
    bool negated = false;
    if (q->op == SymOp::LNot && q->args.size() == 1) {
      q = q->args[0];
      negated = true;
    }
    if (q->args.size() != 2 || q->args[0]->type.isBool)
      continue;
    for (int side = 0; side < 2; ++side) {
      auto k = asConst(q->args[1 - side]);
      if (!k || *k < 0)
        continue;
      SymOp o = side == 1 ? swappedCmp(q->op) : q->op;           // term o k
      bool holds = negated ? (o == SymOp::Le || o == SymOp::Lt)  // !(t <= k), !(t < k): t >= k >= 0
                           : (o == SymOp::Ge || o == SymOp::Gt); // t >= k, t > k
      if (holds)
        nonNeg.push_back(q->args[side]);
    }
  }

  // Every product node of the question.
  std::vector<Sym> muls;
  std::unordered_set<const SymNode *> seen;
  std::vector<Sym> work = ob.context;
  work.push_back(ob.property);
  while (!work.empty()) {
    Sym n = work.back();
    work.pop_back();
    if (!n || !seen.insert(n.get()).second)
      continue;
    if (n->op == SymOp::Mul && n->args.size() == 2)
      muls.push_back(n);
    for (const Sym &a : n->args)
      work.push_back(a);
  }
  auto sameAs = [&](const Sym &x, const std::vector<Sym> &cands) {
    for (const Sym &c : cands)
      if (valueEqual(x, c, bounds))
        return true;
    return false;
  };
  // N >= 0 where F >= 1: by its range, or N = T + F - 1 (a ceiling division's
  // dividend) with T >= 0 and no wrap-around on the way.
  auto nonNegWhereDivisorPositive = [&](const Sym &n, const std::vector<Sym> &fcands) {
    if (intervalOf(n, &bounds).lo >= 0)
      return true;
    std::vector<std::pair<Sym, int>> terms; // additive terms with their signs
    std::vector<std::pair<Sym, int>> todo = {{peelValueCasts(n, bounds), 1}};
    while (!todo.empty() && terms.size() < 8) {
      auto [t, sign] = todo.back();
      todo.pop_back();
      bool fitsType = t->type.bits == 0 || (intervalOf(t, &bounds).lo > (__int128)t->type.minValue() ||
                                            intervalOf(t, &bounds).hi < (__int128)t->type.maxValue());
      if ((t->op == SymOp::Add || t->op == SymOp::Sub) && fitsType) {
        todo.push_back({peelValueCasts(t->args[0], bounds), sign});
        todo.push_back({peelValueCasts(t->args[1], bounds), t->op == SymOp::Sub ? -sign : sign});
      } else {
        terms.push_back({t, sign});
      }
    }
    if (!todo.empty())
      return false;
    bool haveF = false;
    __int128 constSum = 0;
    for (auto &[t, sign] : terms) {
      if (auto k = asConst(t)) {
        constSum += sign * (__int128)*k;
      } else if (!haveF && sign > 0 && sameAs(t, fcands)) {
        haveF = true;
      } else if (sign < 0 || (intervalOf(t, &bounds).lo < 0 && !sameAs(t, nonNeg))) {
        return false;
      }
    }
    return haveF && constSum >= -1;
  };
  for (const Sym &m : muls) {
    if (out.hi.count(m.get()))
      continue;
    for (int order = 0; order < 2; ++order) {
      const Sym &x = m->args[order], &y = m->args[1 - order];
      const VarInfo *va = varThroughWidening(x);
      const VarInfo *vb = varThroughWidening(y);
      if (!va || !vb || !uppers.count(va->id) || intervalOf(x, &bounds).lo < 0 || intervalOf(y, &bounds).lo < 0)
        continue;
      // What b equals where it is not 0.
      std::vector<Sym> fc = {peelValueCasts(y, bounds)};
      Sym zeroCond;
      if (auto d = defs.find(vb->id); d != defs.end()) {
        Sym e = peelValueCasts(d->second, bounds);
        if (e->op == SymOp::Select && asConst(e->args[1]) == 0) {
          zeroCond = e->args[0];
          e = e->args[2];
        }
        fc.push_back(peelValueCasts(e, bounds));
      }
      bool found = false;
      for (Sym c : uppers[va->id]) {
        const Sym upper = c; // `a < upper`, as the question has it
        if (const VarInfo *vc = varThroughWidening(c))
          if (auto d = defs.find(vc->id); d != defs.end())
            c = d->second;
        // Whether c keeps upper's value down to the division (no choice
        // dropped, no cast that may change it): then the last iterations'
        // products are bounded from below too.
        bool exact = true;
        for (int depth = 0; depth < 8 && c; ++depth) {
          const IntType from = c->op == SymOp::Cast ? c->args[0]->type : IntType();
          if (c->op == SymOp::Cast && !c->type.isBool && !from.isBool &&
              (!c->type.isSigned || c->type.bits == 0 || (from.bits && from.bits <= c->type.bits))) {
            Interval iv = intervalOf(c->args[0], &bounds);
            exact &=
                c->type.bits == 0 || (iv.lo >= (__int128)c->type.minValue() && iv.hi <= (__int128)c->type.maxValue());
            // A cast to an unsigned type, or a widening one, of a
            // non-negative value is non-negative and at most the value; the
            // value where it matters is N / F >= 0 (checked below), and casts
            // distribute over the choices on the way.
            c = c->args[0];
          } else if (c->op == SymOp::Select) {
            const Sym &cond = c->args[0];
            bool bZero = zeroCond && valueEqual(cond, zeroCond, bounds);
            if (!bZero && cond->op == SymOp::Eq)
              for (int k = 0; k < 2 && !bZero; ++k)
                bZero = asConst(cond->args[1 - k]) == 0 && sameAs(cond->args[k], fc);
            c = bZero ? c->args[2] : nullptr;
            exact = false;
          } else if (c->op == SymOp::Div && sameAs(c->args[1], fc) &&
                     // Where `a < N / F` is the question's own fact, with a
                     // >= 0 and F >= 1 it makes N / F >= 1, so N >= F: the
                     // dividend's sign needs no proof of its own.
                     (exact || nonNegWhereDivisorPositive(c->args[0], fc))) {
            Sym n = toMath(c->args[0]), f = toMath(c->args[1]);
            Sym slack = mkBin(SymOp::Sub, n, f, IntType::math());
            Sym bound = mkSelect(mkCmp(SymOp::Ge, slack, mkConst(0)), slack, mkConst(0));
            __int128 hi =
                std::max<__int128>(intervalOf(c->args[0], &bounds).hi - intervalOf(c->args[1], &bounds).lo, 0);
            if (m->type.bits == 0 || hi <= (__int128)m->type.maxValue()) {
              out.hi[m.get()] = hi;
              out.facts.push_back(mkCmp(SymOp::Le, toMath(m), bound));
              // The tail of a tile loop: where a >= N / F - 1, a * F >=
              // (N / F - 1) * F >= N - 2F + 1 (N / F rounds down by less
              // than 1). With N = len + F - 1 that is len - F: the last
              // tile `len - F * a` is at most F.
              if (exact) {
                Sym last = mkCmp(SymOp::Ge, toMath(x), sub(toMath(upper), mkConst(1)));
                Sym low = mkBin(SymOp::Add, sub(n, mkBin(SymOp::Mul, mkConst(2), f, IntType::math())), mkConst(1),
                                IntType::math());
                out.facts.push_back(
                    mkOr(mkOr(mkNot(last), mkCmp(SymOp::Lt, f, mkConst(1))), mkCmp(SymOp::Ge, toMath(m), low)));
                // Before the last, a <= N / F - 2: a * F + F <= (N / F - 1) * F <= N - F,
                // so a full tile after a * F ends within len (N = len + F - 1).
                Sym high = sub(n, mkBin(SymOp::Mul, mkConst(2), f, IntType::math()));
                out.facts.push_back(
                    mkOr(mkOr(last, mkCmp(SymOp::Lt, f, mkConst(1))), mkCmp(SymOp::Le, toMath(m), high)));
              }
              found = true;
            }
            break;
          } else {
            break;
          }
        }
        if (found)
          break;
      }
      if (found)
        break;
    }
  }
  return out;
}

// Products that share a factor (`r * hidden` and `rows * hidden`): for two
// non-linear products a*c and b*d of the question, the facts
//   c == d && c >= 0 && a <= b  ->  a*c <= b*d
//   c == d && c >= 0 && a < b   ->  a*c + c <= b*d
// over the mathematical products of their operands (whatever the types
// wrap), which are Z3's products inside the wrapped ones. Sound for all
// integers; they let the linear part of the solver see what monotonicity
// gives: a row loop's `r * hidden + hidden` is at most the extent's
// `rows * hidden`, which the host bounds (samples/host-tiling/hidden_good:
// both bounds-global questions `unknown` without them, "incomplete (theory
// arithmetic)"). Only for pairs whose shared factors are the same value or
// equal by a fact of the context, at most kMaxLemmas of them.
std::vector<Sym> sharedFactorLemmas(const Obligation &ob, const VarBounds &bounds) {
  constexpr size_t kMaxProducts = 12, kMaxLemmas = 24;
  std::vector<Sym> out;
  // Extents only (an access against its buffer or tensor): on race and
  // overlap questions they cost units and decided nothing (ops-math cdist on
  // ascend950: 40 fewer decided).
  if (ob.check != "bounds-global" && ob.check != "bounds-local")
    return out;
  std::vector<Sym> muls;
  std::unordered_set<const SymNode *> seen;
  std::vector<Sym> work = ob.context;
  work.push_back(ob.property);
  while (!work.empty() && muls.size() <= kMaxProducts) {
    Sym n = work.back();
    work.pop_back();
    if (!n || !seen.insert(n.get()).second)
      continue;
    if (n->op == SymOp::Mul && n->args.size() == 2 && !asConst(n->args[0]) && !asConst(n->args[1]) && !n->type.isBool)
      muls.push_back(n);
    for (const Sym &a : n->args)
      work.push_back(a);
  }
  if (muls.size() < 2 || muls.size() > kMaxProducts)
    return out;
  // Only where they can matter, as each lemma costs Z3 units on every
  // question it joins (on the ascend910b sample, lemmas for every pair cost
  // 51 decided obligations elsewhere): one of the two products is in the
  // property and the other too or bounded by a constant in the context, and
  // one of them may wrap in its type (without a wrap, Z3's non-linear core
  // orders products itself).
  std::unordered_set<const SymNode *> inProperty;
  for (std::vector<Sym> w = {ob.property}; !w.empty();) {
    Sym n = w.back();
    w.pop_back();
    if (n && inProperty.insert(n.get()).second)
      for (const Sym &a : n->args)
        w.push_back(a);
  }
  // Products the context bounds by a constant (`!(rows * hidden > 0xffffffff)`):
  // the only partners from outside the property; and the context's equalities
  // between two terms (`t.hidden == x.shape[1]`).
  std::unordered_set<const SymNode *> bounded;
  std::vector<std::pair<Sym, Sym>> equal;
  for (const Sym &p : conjunctsOf(ob.context)) {
    if (p->op == SymOp::Eq && p->args.size() == 2)
      equal.push_back({peelValueCasts(p->args[0], bounds), peelValueCasts(p->args[1], bounds)});
    const Sym &q = p->op == SymOp::LNot && p->args.size() == 1 ? p->args[0] : p;
    if (q->args.size() == 2 && (q->op == SymOp::Lt || q->op == SymOp::Le || q->op == SymOp::Gt || q->op == SymOp::Ge))
      for (int side = 0; side < 2; ++side)
        if (asConst(q->args[1 - side]))
          bounded.insert(peelValueCasts(q->args[side], bounds).get());
  }
  auto partners = [&](const Sym &x, const Sym &y) {
    return inProperty.count(x.get()) && (inProperty.count(y.get()) || bounded.count(y.get()));
  };
  auto mayWrap = [&](const Sym &m) {
    if (m->type.bits == 0)
      return false;
    const Interval a = intervalOf(m->args[0], &bounds), b = intervalOf(m->args[1], &bounds);
    const __int128 big = (__int128)1 << 62;
    for (__int128 v : {a.lo, a.hi, b.lo, b.hi})
      if (v > big || v < -big)
        return true;
    for (__int128 v : {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi})
      if (v < (__int128)m->type.minValue() || v > (__int128)m->type.maxValue())
        return true;
    return false;
  };
  auto same = [&](const Sym &x, const Sym &y) {
    Sym px = peelValueCasts(x, bounds), py = peelValueCasts(y, bounds);
    if (valueEqual(px, py, bounds))
      return true;
    for (auto &[l, r] : equal)
      if ((valueEqual(l, px, bounds) && valueEqual(r, py, bounds)) ||
          (valueEqual(l, py, bounds) && valueEqual(r, px, bounds)))
        return true;
    return false;
  };
  for (size_t i = 0; i < muls.size() && out.size() < kMaxLemmas; ++i)
    for (size_t j = 0; j < muls.size() && out.size() < kMaxLemmas; ++j) {
      if (i == j || !(partners(muls[i], muls[j]) || partners(muls[j], muls[i])) ||
          !(mayWrap(muls[i]) || mayWrap(muls[j])))
        continue;
      for (int fi = 0; fi < 2; ++fi)
        for (int fj = 0; fj < 2; ++fj) {
          const Sym &c = muls[i]->args[fi], &d = muls[j]->args[fj];
          if (!same(c, d))
            continue;
          Sym a = toMath(muls[i]->args[1 - fi]), b = toMath(muls[j]->args[1 - fj]);
          Sym mc = toMath(c), md = toMath(d);
          Sym pa = mkBin(SymOp::Mul, a, mc, IntType::math()), pb = mkBin(SymOp::Mul, b, md, IntType::math());
          Sym shared = mkAnd(mkCmp(SymOp::Eq, mc, md), mkCmp(SymOp::Ge, mc, mkConst(0)));
          out.push_back(mkOr(mkNot(mkAnd(shared, mkCmp(SymOp::Le, a, b))), mkCmp(SymOp::Le, pa, pb)));
          out.push_back(mkOr(mkNot(mkAnd(shared, mkCmp(SymOp::Lt, a, b))), mkCmp(SymOp::Le, add(pa, mc), pb)));
        }
    }
  return out;
}

} // namespace

namespace {

// The variable a fact defines: `v == e` (through casts on v) with v not in e.
const VarInfo *definedBy(const Sym &fact) {
  if (fact->op != SymOp::Eq || fact->args.size() != 2 || fact->args[0]->type.isBool)
    return nullptr;
  for (int side = 0; side < 2; ++side) {
    const SymNode *n = fact->args[side].get();
    while (n->op == SymOp::Cast && !n->args.empty())
      n = n->args[0].get();
    if (n->op != SymOp::Var || !n->var)
      continue;
    std::vector<std::shared_ptr<const VarInfo>> other;
    collectVars(fact->args[1 - side], other);
    bool self = false;
    for (auto &o : other)
      self |= o->id == n->var->id;
    if (!self)
      return n->var.get();
  }
  return nullptr;
}

} // namespace

const SliceCache::Fact &SliceCache::of(const Sym &fact) {
  auto it = facts.find(fact.get());
  if (it != facts.end())
    return it->second;
  Fact f;
  f.keep = fact;
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(fact, vs);
  for (auto &v : vs) {
    f.vars.push_back(v->id);
    if (v->role == VarRole::Opaque && f.opaque.empty())
      f.opaque = v->reason;
    if (v->role == VarRole::Input && v->reason.rfind(kHostUnmodelledReason, 0) == 0 && f.hostUnmodelled.empty())
      f.hostUnmodelled = v->name + " is " + v->reason;
  }
  if (const VarInfo *d = definedBy(fact))
    f.defines = d->id;
  return facts.emplace(fact.get(), std::move(f)).first->second;
}

bool sliceToProperty(const Obligation &ob, Obligation &out, SliceCache *cache, std::string *unmodelled) {
  if (unmodelled)
    unmodelled->clear();
  if (!ob.property || ob.context.empty())
    return false;
  SliceCache local;
  SliceCache &sc = cache ? *cache : local;
  std::vector<Sym> facts = conjunctsOf(ob.context);
  std::reverse(facts.begin(), facts.end()); // conjunctsOf lists the last fact first
  std::vector<const SliceCache::Fact *> info;
  info.reserve(facts.size());
  for (const Sym &f : facts)
    info.push_back(&sc.of(f));
  std::unordered_set<uint32_t> reached;
  {
    std::vector<std::shared_ptr<const VarInfo>> pv;
    collectVars(ob.property, pv);
    if (pv.empty())
      return false;
    std::string opaque, host;
    for (auto &v : pv) {
      reached.insert(v->id);
      if (v->role == VarRole::Opaque && opaque.empty())
        opaque = v->reason;
      if (v->role == VarRole::Input && v->reason.rfind(kHostUnmodelledReason, 0) == 0 && host.empty())
        host = v->name + " is " + v->reason;
    }
    for (const SliceCache::Fact *f : info) {
      if (opaque.empty())
        opaque = f->opaque;
      if (host.empty())
        host = f->hostUnmodelled;
    }
    if (unmodelled)
      *unmodelled = !opaque.empty() ? opaque : host;
  }
  // Facts by the variables that make them needed: a definition by the
  // variable it defines, any other fact by each of its variables.
  std::unordered_map<uint32_t, std::vector<size_t>> neededBy;
  std::vector<char> kept(facts.size(), 0);
  std::vector<size_t> work;
  auto keep = [&](size_t i) {
    if (kept[i])
      return;
    kept[i] = 1;
    work.push_back(i);
  };
  for (size_t i = 0; i < facts.size(); ++i) {
    const SliceCache::Fact &f = *info[i];
    if (f.vars.empty()) {
      keep(i); // a constant fact (`false`: the path cannot be taken)
      continue;
    }
    if (f.defines != SliceCache::kNone) {
      neededBy[f.defines].push_back(i);
      if (reached.count(f.defines))
        keep(i);
      continue;
    }
    bool touches = false;
    for (uint32_t v : f.vars) {
      neededBy[v].push_back(i);
      touches |= reached.count(v) > 0;
    }
    if (touches)
      keep(i);
  }
  while (!work.empty()) {
    size_t i = work.back();
    work.pop_back();
    for (uint32_t v : info[i]->vars) {
      if (!reached.insert(v).second)
        continue;
      if (auto it = neededBy.find(v); it != neededBy.end())
        for (size_t j : it->second)
          keep(j);
    }
  }
  std::vector<Sym> slice;
  for (size_t i = 0; i < facts.size(); ++i)
    if (kept[i])
      slice.push_back(facts[i]);
  if (slice.size() == facts.size())
    return false;
  out = Obligation();
  out.check = ob.check;
  out.property = ob.property;
  out.context = std::move(slice);
  out.unknownReason = ob.unknownReason;
  out.proofOnly = ob.proofOnly;
  return true;
}

// The time limit of a query, in the CPU time of the thread that runs it (a
// loaded machine delays the query's progress on the wall clock, not this).
// Z3's own `timeout` parameter runs a timer thread (scoped_timer) that
// deadlocks now and then in Z3 4.8.12 (Debian 12): found by
// fuzz/fuzz_solver.cpp, a two-variable query hung forever. Instead one
// watchdog thread per Solver reads the solving thread's CPU clock
// (pthread_getcpuclockid) and interrupts the context when the query has used
// its limit (Z3_interrupt is thread-safe, and does nothing when no check is
// running, so a late interrupt cannot cancel the next query). A thread's CPU
// time grows no faster than the wall clock, so the watchdog sleeps for the CPU
// time left and looks again: a few wake-ups per query.
class Watchdog {
public:
  explicit Watchdog(z3::context &c) : ctx(c), thread([this] { run(); }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> l(m);
      stop = true;
    }
    cv.notify_one();
    thread.join();
  }
  // `ms`: CPU milliseconds of the calling thread. `fired`: whether this
  // watchdog, not the solver, ended the check (Z3 4.8.12 says "canceled" for
  // that and for a spent `rlimit` alike).
  z3::check_result check(z3::solver &s, unsigned ms, bool *fired = nullptr) {
    clockid_t cid;
    const bool haveClock = pthread_getcpuclockid(pthread_self(), &cid) == 0;
    {
      std::lock_guard<std::mutex> l(m);
      armed = true;
      interrupted = false;
      clock = haveClock ? cid : CLOCK_MONOTONIC; // no thread clock: the wall clock, never no limit
      until = clockNs(clock) + int64_t(ms) * 1000000;
    }
    cv.notify_one();
    z3::check_result r = s.check();
    {
      std::lock_guard<std::mutex> l(m);
      armed = false;
      if (fired)
        *fired = interrupted;
    }
    cv.notify_one();
    return r;
  }

private:
  static int64_t clockNs(clockid_t c) {
    timespec ts{};
    clock_gettime(c, &ts);
    return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
  }
  void run() {
    std::unique_lock<std::mutex> l(m);
    while (!stop) {
      if (!armed) {
        cv.wait(l);
        continue;
      }
      const int64_t left = until - clockNs(clock);
      if (left <= 0) {
        ctx.interrupt();
        armed = false;
        interrupted = true;
        continue;
      }
      cv.wait_for(l, std::chrono::nanoseconds(std::max<int64_t>(left, 1000000)));
    }
  }
  z3::context &ctx;
  std::mutex m;
  std::condition_variable cv;
  bool stop = false, armed = false, interrupted = false;
  clockid_t clock = CLOCK_MONOTONIC; // the solving thread's CPU clock
  int64_t until = 0;                 // on `clock`, in ns
  std::thread thread;                // last: starts once the members above exist
};

namespace {

int64_t threadCpuNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// ALINT_SMT_PROFILE=DIR (a developer's aid, docs/performance.md): one line
// per Z3 call in DIR/queries.tsv (check, CPU ms, units, answer, reason), and
// the SMT-LIB text of each call over 200 ms of CPU time in DIR/q<pid>_<n>.smt2.
struct Profile {
  std::string dir;
  static inline unsigned n = 0; // process-wide: each file's Solver has a Profile
  void record(const std::string &check, const std::string &tag, z3::solver &s, z3::check_result r,
              const std::string &reason, int64_t ns, uint64_t units, const std::string &what = "") {
    std::string name;
    static const long long dumpNs =
        getenv("ALINT_SMT_PROFILE_MS") ? atoll(getenv("ALINT_SMT_PROFILE_MS")) * 1000000LL : 200000000LL;
    if (ns > dumpNs) {
      name = dir + "/q" + std::to_string(getpid()) + "_" + std::to_string(n++) + ".smt2";
      if (FILE *f = std::fopen(name.c_str(), "w")) {
        std::fputs(s.to_smt2().c_str(), f);
        std::fclose(f);
      }
    }
    if (FILE *f = std::fopen((dir + "/queries.tsv").c_str(), "a")) {
      std::fprintf(f, "%s\t%.1f\t%llu\t%s\t%s\t%s\t%s\t%s\n", check.c_str(), ns / 1e6, (unsigned long long)units,
                   tag.c_str(),
                   r == z3::sat     ? "sat"
                   : r == z3::unsat ? "unsat"
                                    : "unknown",
                   reason.c_str(), name.c_str(), what.c_str());
      std::fclose(f);
    }
  }
};

} // namespace

struct Solver::Impl {
  std::unique_ptr<Profile> profile = [] {
    const char *d = std::getenv("ALINT_SMT_PROFILE");
    return d && *d ? std::make_unique<Profile>(Profile{d}) : nullptr;
  }();
  unsigned timeoutMs;
  std::unordered_map<uint32_t, size_t> localIds;
  std::unordered_set<size_t> probed; // questions whose inputs were probed (questionKey)
};

// Each obligation is asked in a Z3 context of its own. In one shared
// context the answers depended on the run: 4.8.12 recycles the ids of
// deleted terms, in an order that depends on where its tables put them in
// memory, and the ids decide the order the simplifier puts the arguments of
// a sum or product in, so the same question, after the same earlier ones,
// was searched differently (ops-math equal: `(* blockNum quot)` in one run,
// `(* quot blockNum)` in the next, and a race question proved in one and out
// of units in the other). A fresh context costs about 2 ms.
struct FreshContext {
  z3::context ctx;
  uint64_t rlimitSeen = 0; // the context's cumulative resource count after the last check
  Watchdog watchdog{ctx};
};

Solver::Solver(unsigned timeoutMs) : impl(new Impl) {
  static std::atomic<uint64_t> next{1};
  serial_ = next++;
  impl->timeoutMs = timeoutMs;
}
Solver::~Solver() { delete impl; }

// An opaque value the context rules out: `select(!early, v, opaque)` (a
// member set after an early return, checker/frontend/Interpreter.cpp) asked
// under `!early` is `v`. The question is rewritten where its context holds
// (simplifyUnder: literals of the context fold the selects on them), so a
// failure does not carry an opaque it never needed (which makes it unknown).
Obligation withoutRuledOutOpaques(const Obligation &ob) {
  bool any = containsOpaque(ob.property);
  for (size_t i = 0; i < ob.context.size() && !any; ++i)
    any = containsOpaque(ob.context[i]);
  if (!any)
    return ob;
  // The facts as conjuncts: those without an opaque value are known as they
  // are; those with one are simplified in turn, each under the others as
  // they are by then (two copies of one fact must not each make the other
  // `true`). A conjunction's own literals count for its other parts (`j <
  // n && loop < (j < n ? a[j] : opaque)`: a loop bound read from a
  // loop-filled array, ops-math mem_set_v2). A fact is replaced only where
  // that removes its opaque values: the others stay the same nodes, so the
  // questions that share them still share their proofs (rules/ProofMemo).
  std::vector<std::vector<Sym>> parts(ob.context.size());
  std::vector<Sym> plain;
  size_t withOpaque = 0;
  for (size_t i = 0; i < ob.context.size(); ++i) {
    const Sym &f = ob.context[i];
    if (!containsOpaque(f)) {
      plain.push_back(f);
      continue;
    }
    parts[i] = f->op == SymOp::LAnd ? conjunctsOf(std::vector<Sym>{f}) : std::vector<Sym>{f};
    for (const Sym &c : parts[i]) {
      if (containsOpaque(c))
        ++withOpaque;
      else
        plain.push_back(c);
    }
  }
  Obligation out = ob;
  FactSimplifier known(plain);
  if (withOpaque <= 32)
    for (size_t i = 0; i < ob.context.size(); ++i) {
      if (parts[i].empty())
        continue;
      std::vector<Sym> now;
      bool opaqueLeft = false;
      for (const Sym &c : parts[i]) {
        if (!containsOpaque(c)) {
          now.push_back(c);
          continue;
        }
        Sym d = known(c);
        // Both forms are known from here on: a later fact may hold either
        // (its own copy of this one's sub-terms, simplified or not).
        known.add(c);
        known.add(d);
        opaqueLeft |= containsOpaque(d);
        now.push_back(d);
      }
      if (opaqueLeft)
        continue;
      Sym g = mkBool(true);
      for (auto it = now.rbegin(); it != now.rend(); ++it)
        g = mkAnd(*it, g);
      out.context[i] = g;
    }
  out.property = known(ob.property);
  for (auto &r : out.report)
    r.second = known(r.second);
  return out;
}

Verdict Solver::check(const Obligation &obIn) {
  ++stats_.queries;
  // Past the file's clock or units checkDirect answers at once: the rewriting
  // and the case split below are not free, and they do not check the clock
  // (ops-math sort_with_index under load: the questions after its deadline
  // overran the worker's hard CPU limit, and the file was lost).
  if (budget_ && (budget_->expired("Z3") || budget_->z3Left() == 0))
    return checkDirect(obIn);
  const Obligation ob = withoutRuledOutOpaques(obIn);
  // ALINT_NO_SPLIT (a developer's aid, docs/smt.md): no case splits.
  static const bool noSplit = getenv("ALINT_NO_SPLIT") != nullptr;
  static const bool dbg = getenv("ALINT_OB_DEBUG") != nullptr;
  if (dbg) {
    fprintf(stderr, "OB %s: %s\n", ob.check.c_str(), toString(ob.property).c_str());
    for (auto &c : ob.context)
      fprintf(stderr, "   ctx %s\n", toString(c).c_str());
  }
  // Past the file's units: checkDirect says so at once (the case split's
  // scan of the question is not free).
  if (ob.unknownReason.empty() && !noSplit && z3UnitsLeft() != 0)
    if (std::optional<Verdict> v = checkByCases(ob)) {
      if (dbg)
        fprintf(stderr, "  => split %d\n", int(v->status));
      return *v;
    }
  Verdict v = checkDirect(ob);
  if (dbg)
    fprintf(stderr, "  => %d %s\n", int(v.status), v.reason.c_str());
  return v;
}

namespace {

// The leaves of an if-then-else tree of integer constants, each with the
// condition that selects it; false when the tree has other leaves or more
// than `cap` of them.
bool constantLeaves(const Sym &e, const Sym &cond, std::vector<std::pair<Sym, int64_t>> &out, size_t cap) {
  if (auto k = asConst(e)) {
    out.push_back({cond, *k});
    return out.size() <= cap;
  }
  if (e->op == SymOp::Select)
    return constantLeaves(e->args[1], mkAnd(cond, e->args[0]), out, cap) &&
           constantLeaves(e->args[2], mkAnd(cond, mkNot(e->args[0])), out, cap);
  if (e->op == SymOp::Cast && !e->type.isBool && !e->args[0]->type.isBool) {
    size_t first = out.size();
    if (!constantLeaves(e->args[0], cond, out, cap))
      return false;
    for (size_t i = first; i < out.size(); ++i)
      out[i].second = wrapTo(out[i].second, e->type);
    return true;
  }
  return false;
}

// What makes a question non-linear, where it could be split away: the
// variables that are a factor of a product of two non-constant terms or the
// divisor of a quotient by a non-constant (through casts), and the
// conditions of such factors that are if-then-else trees of constants.
struct NonlinearFactors {
  std::set<uint32_t> vars;
  std::vector<Sym> conditions;
  std::unordered_set<const SymNode *> seen;

  void factor(Sym x) {
    while (x->op == SymOp::Cast && !x->args[0]->type.isBool)
      x = x->args[0];
    if (x->op == SymOp::Var) {
      vars.insert(x->var->id);
      return;
    }
    std::vector<std::pair<Sym, int64_t>> leaves;
    if (x->op != SymOp::Select || !constantLeaves(x, mkBool(true), leaves, 8))
      return;
    std::vector<Sym> todo{x};
    while (!todo.empty()) {
      Sym t = todo.back();
      todo.pop_back();
      while (t->op == SymOp::Cast)
        t = t->args[0];
      if (t->op != SymOp::Select)
        continue;
      bool known = false;
      for (const Sym &c : conditions)
        known |= structurallyEqual(c, t->args[0]);
      if (!known)
        conditions.push_back(t->args[0]);
      todo.push_back(t->args[1]);
      todo.push_back(t->args[2]);
    }
  }
  void scan(const Sym &s) {
    if (s->args.empty() || !seen.insert(s.get()).second)
      return;
    if (s->op == SymOp::Mul && !asConst(s->args[0]) && !asConst(s->args[1]))
      for (const Sym &a : s->args)
        factor(a);
    if ((s->op == SymOp::Div || s->op == SymOp::Rem) && !asConst(s->args[1]))
      factor(s->args[1]);
    for (const Sym &a : s->args)
      scan(a);
  }
};

// A case's context pins more variables (`blockFactor == 0` where the tile is
// 1): each `v == constant` replaces v everywhere, which can make the rest
// linear too. Rounds until nothing changes (at most four).
void propagateConstants(Obligation &ob) {
  for (int round = 0; round < 4; ++round) {
    std::map<uint32_t, int64_t> pinned;
    for (const Sym &c : ob.context)
      for (const Sym &p : conjunctsOf({c}))
        if (p->op == SymOp::Eq)
          for (int side = 0; side < 2; ++side)
            if (const VarInfo *v = varThroughWidening(p->args[side]))
              if (auto k = asConst(p->args[1 - side]); k && v->role != VarRole::Opaque)
                pinned.emplace(v->id, *k);
    if (pinned.empty())
      return;
    bool changed = false;
    auto replace = [&](const VarInfo &vi) -> Sym {
      auto it = pinned.find(vi.id);
      return it == pinned.end() ? nullptr : mkConst(it->second);
    };
    auto rewrite = [&](Sym &x) {
      Sym y = substitute(x, replace);
      changed |= y.get() != x.get();
      x = y;
    };
    // The pinning facts stay (as `k == k`, true): the values are kept for
    // the counterexample by the variables' other uses.
    for (Sym &c : ob.context)
      rewrite(c);
    rewrite(ob.property);
    for (auto &r : ob.report)
      rewrite(r.second);
    if (!changed)
      return;
  }
}

// Whether s reads a value nobody models: an opaque one, or a host value the
// host reader did not model (free, but a failure that needs it is unknown).
bool dependsOnUnknown(const Sym &s) {
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(s, vs);
  for (auto &v : vs)
    if (v->role == VarRole::Opaque || v->reason.rfind(kHostUnmodelledReason, 0) == 0)
      return true;
  return false;
}

// Quantified non-linear arithmetic in question 2, where Z3 4.8.12's
// model-based instantiation can search without end, counting no units and
// ignoring the interrupt (ops-math as_strided: the NDDMA destination question
// `i0 * s0 + ... != j0 * s0 + ...` over ten indices with opaque strides ran
// for over 300 s and the worker was killed). Per product or quotient of two
// non-constant terms: whether it involves a value an execution chooses (a
// loop or block index: what question 2 quantifies over), and whether it also
// involves a value nobody models.
struct QuantifiedNonlinear {
  bool internal = false, opaque = false, quotient = false;
  std::unordered_set<const SymNode *> seen;
  void scan(const Sym &s) {
    if (s->args.empty() || !seen.insert(s.get()).second)
      return;
    const bool product = s->op == SymOp::Mul && !asConst(s->args[0]) && !asConst(s->args[1]);
    const bool quotient = (s->op == SymOp::Div || s->op == SymOp::Rem) && !asConst(s->args[1]);
    if (product || quotient) {
      std::vector<std::shared_ptr<const VarInfo>> vs;
      collectVars(s, vs);
      bool in = false, op = false;
      for (auto &v : vs) {
        in |= v->role == VarRole::Internal;
        op |= v->role == VarRole::Opaque;
      }
      internal |= in;
      opaque |= in && op;
      this->quotient |= in && quotient;
    }
    for (const Sym &a : s->args)
      scan(a);
  }
};

// Whether question 2 of `ob` would quantify non-linear arithmetic over an
// opaque value, a quotient by a non-constant over an index, or an index among
// more than 4 (`internals`): not asked. A quotient over an index is either a
// named one whose definition binds only the witness (question 2 can then only
// say "not violated", docs/smt.md) or Z3's own division (a signed operand),
// where the SMT core ignored the interrupt for seconds at a time (ops-math
// transpose's 5HD key: the file overran its CPU-time limit and was killed).
bool quantifiesNonlinear(const Obligation &ob, size_t internals) {
  QuantifiedNonlinear q;
  q.scan(ob.property);
  for (const Sym &c : ob.context)
    q.scan(c);
  return q.opaque || q.quotient || (q.internal && internals > 4);
}

} // namespace

std::optional<Verdict> Solver::checkByCases(const Obligation &ob) {
  NonlinearFactors nf;
  nf.scan(ob.property);
  for (const Sym &c : ob.context)
    nf.scan(c);
  if (nf.vars.empty() && nf.conditions.empty())
    return std::nullopt;
  // A split: the cases of one factor, each an assumption and, for a
  // variable the context defines as a tree of constants (`v == (c ? 1 :
  // 6144)`), the constant it then holds.
  struct Split {
    std::shared_ptr<const VarInfo> var; // null: a condition split
    IntType type;
    std::vector<std::pair<Sym, int64_t>> cases;
  };
  std::vector<Split> splits;
  size_t cases = 1;
  const size_t kMaxCases = 8;
  for (const Sym &p : conjunctsOf(ob.context)) {
    if (p->op != SymOp::Eq)
      continue;
    for (int side = 0; side < 2; ++side) {
      Sym v = p->args[side];
      const Sym &e = p->args[1 - side];
      // Through casts that keep the variable's every value.
      const bool keeps = varThroughWidening(v) != nullptr;
      while (v->op == SymOp::Cast)
        v = v->args[0];
      if (!keeps || v->type.isBool || !nf.vars.count(v->var->id))
        continue;
      bool dup = false;
      for (auto &sp : splits)
        dup |= sp.var && sp.var->id == v->var->id;
      Split sp{v->var, v->type, {}};
      if (dup || dependsOnUnknown(e) || !constantLeaves(e, mkBool(true), sp.cases, kMaxCases) ||
          cases * sp.cases.size() > kMaxCases)
        continue;
      cases *= sp.cases.size();
      splits.push_back(std::move(sp));
      break;
    }
  }
  for (const Sym &c : nf.conditions) {
    if (cases * 2 > kMaxCases)
      break;
    if (dependsOnUnknown(c))
      continue; // a host value the reader did not model: its cases decide little
    cases *= 2;
    splits.push_back(Split{nullptr, IntType(), {{c, 1}, {mkNot(c), 0}}});
  }
  if (splits.empty())
    return std::nullopt;
  // The question's own linear relaxation first: where it proves the property
  // (a quarter of the units), the cases are not needed (ops-math
  // sim_thread_exponential: splitting every such question cost the file's
  // budget 2,148 decided obligations).
  if (Verdict v = checkDirect(ob, true); v.status == Status::Proved)
    return v;
  ++stats_.caseSplits;
  // Every combination of cases; a question per combination.
  std::vector<size_t> pick(splits.size(), 0);
  bool anyFailed = false, allViolated = true, anyCapped = false;
  Verdict failed;
  for (;;) {
    std::map<uint32_t, Sym> value;
    std::vector<Sym> known;
    bool possible = true;
    for (size_t i = 0; i < splits.size(); ++i) {
      auto &[cond, k] = splits[i].cases[pick[i]];
      known.push_back(cond);
      if (!splits[i].var)
        continue;
      IntType t = splits[i].type;
      if (t.bits && ((__int128)k < t.minValue() || (__int128)k > (__int128)t.maxValue()))
        possible = false; // the variable cannot hold this value
      value[splits[i].var->id] = mkConst(k, t);
    }
    if (possible) {
      auto replace = [&](const VarInfo &vi) -> Sym {
        auto it = value.find(vi.id);
        return it == value.end() ? nullptr : it->second;
      };
      auto rewrite = [&](const Sym &x) { return simplifyUnder(value.empty() ? x : substitute(x, replace), known); };
      Obligation one = ob;
      one.context.clear();
      for (const Sym &c : known)
        one.context.push_back(value.empty() ? c : substitute(c, replace));
      for (const Sym &c : ob.context)
        one.context.push_back(rewrite(c));
      one.property = rewrite(ob.property);
      for (auto &r : one.report)
        r.second = rewrite(r.second);
      propagateConstants(one);
      bool impossible = false;
      for (const Sym &c : one.context)
        impossible |= isFalse(c);
      if (!impossible) {
        caseShare_ = unsigned(cases);
        Verdict v = checkDirect(one);
        caseShare_ = 1;
        if (v.status == Status::Unknown)
          return v; // the same question unsplit would not do better
        anyCapped |= v.capped;
        if (v.status != Status::Proved) {
          if (!anyFailed) {
            failed = v;
            for (size_t i = 0; i < splits.size(); ++i)
              if (splits[i].var && splits[i].var->role == VarRole::Input)
                failed.counterexample.push_back({splits[i].var->name, splits[i].cases[pick[i]].second});
            std::sort(failed.counterexample.begin(), failed.counterexample.end());
          }
          anyFailed = true;
        }
        allViolated &= v.status == Status::Violated;
      }
    }
    size_t i = 0;
    while (i < splits.size() && ++pick[i] == splits[i].cases.size())
      pick[i++] = 0;
    if (i == splits.size())
      break;
  }
  Verdict v;
  if (!anyFailed) {
    v.status = Status::Proved;
    return v;
  }
  // Violated only when every possible case fails for every input.
  failed.status = allViolated ? Status::Violated : Status::Counterexample;
  failed.capped = anyCapped && !allViolated;
  return failed;
}

namespace {

// Input probes (Solver::checkDirect, 1b). Units of one probe (whatever the
// question's own share: a case of a split question, or one asked late in the
// file, has a small share, and a probe cut short decides nothing; sub_v2's
// tail questions need 200,000-400,000 of Z3's units, 25 ms, at a probe), and
// how many.
constexpr uint64_t kProbeUnits = 50000;
constexpr size_t kMaxProbes = 8;

// One question, whatever pass asks it.
size_t questionKey(const Obligation &ob) {
  size_t h = ob.property->hash;
  for (const Sym &c : ob.context)
    h = h * 1000003u ^ c->hash;
  return h;
}

// The variables' types, and the constants each is compared with (`attrs[0]
// != 2`: 2, the one value the host accepts; `x.size <= 16384`: 16385, the
// first size past a threshold).
struct ProbeScan {
  std::map<uint32_t, IntType> types;
  std::map<uint32_t, std::vector<__int128>> equalTo, pastThreshold;
  std::unordered_set<const SymNode *> seen;
  void scan(const Sym &s) {
    if (!seen.insert(s.get()).second)
      return;
    if (s->op == SymOp::Var && s->var)
      types.emplace(s->var->id, s->type);
    const bool eq = s->op == SymOp::Eq || s->op == SymOp::Ne;
    const bool ineq = s->op == SymOp::Lt || s->op == SymOp::Le || s->op == SymOp::Gt || s->op == SymOp::Ge;
    if ((eq || ineq) && s->args.size() == 2)
      for (int side = 0; side < 2; ++side) {
        const SymNode *n = s->args[side].get();
        while (n->op == SymOp::Cast && !n->args.empty())
          n = n->args[0].get();
        std::optional<int64_t> k = asConst(s->args[1 - side]);
        if (n->op != SymOp::Var || !n->var || !k)
          continue;
        if (eq)
          equalTo[n->var->id].push_back(*k);
        else
          pastThreshold[n->var->id].push_back((__int128)*k + 1);
      }
    for (const Sym &a : s->args)
      scan(a);
  }
};

// The values to try for the question's free inputs: the inputs no context
// equality defines (a host shape, the platform's core count, a tiling field
// the host does not compute), each from a ladder of values that expose the
// usual shape bugs (the largest, one, an odd tail, sizes around 2^31 and
// 2^32 where 32-bit fields wrap) within its known range. The tuples go by
// layers of the ladder index (all inputs at their first value, then every
// tuple with indices up to 1, ...), at most kMaxProbes; none over more than
// four inputs.
std::vector<z3::expr> inputProbes(const Obligation &ob, const VarBounds &bounds, Translator &tr) {
  // A definition `field == e` defines its left side; only where that is not
  // a variable, its right side. Between two variables (`t.rows ==
  // x.shape[0]`, a field the host copies from a shape) one is still free:
  // marking both left no input to probe but the core count, and a question
  // with the host's `rows * hidden` refusal among its facts undecided.
  std::set<uint32_t> defined;
  for (const Sym &a : conjunctsOf(ob.context)) {
    if (a->op != SymOp::Eq)
      continue;
    for (int side = 0; side < 2; ++side) {
      const SymNode *n = a->args[side].get();
      while (n->op == SymOp::Cast && !n->args.empty())
        n = n->args[0].get();
      if (n->op == SymOp::Var && n->var) {
        defined.insert(n->var->id);
        break;
      }
    }
  }
  ProbeScan sc;
  sc.scan(ob.property);
  for (const Sym &c : ob.context)
    sc.scan(c);
  const auto &types = sc.types;
  std::vector<std::pair<z3::expr, std::vector<__int128>>> free;
  for (auto &vi : tr.varInfo) {
    if (vi->role != VarRole::Input || defined.count(vi->id))
      continue;
    auto ty = types.find(vi->id);
    auto v = tr.vars.find(vi->id);
    if (ty == types.end() || v == tr.vars.end() || ty->second.isBool || ty->second.bits == 0)
      continue;
    __int128 lo = ty->second.minValue(), hi = (__int128)ty->second.maxValue();
    if (auto b = bounds.find(vi->id); b != bounds.end()) {
      lo = std::max(lo, b->second.lo);
      hi = std::min(hi, b->second.hi);
    }
    if (lo > hi)
      return {};
    const __int128 p31 = (__int128)1 << 31, p32 = (__int128)1 << 32;
    std::vector<__int128> ladder;
    auto add = [&](__int128 x) {
      x = std::min(std::max(x, lo), hi);
      if (std::find(ladder.begin(), ladder.end(), x) == ladder.end())
        ladder.push_back(x);
    };
    for (__int128 x : sc.equalTo[vi->id])
      add(x);
    for (__int128 x : {hi, (__int128)1, (__int128)33, p32, (__int128)4097, p31, (__int128)65537, p32 + 33, lo})
      add(x);
    for (__int128 x : sc.pastThreshold[vi->id])
      add(x);
    free.emplace_back(v->second, ladder);
  }
  std::vector<z3::expr> out;
  if (free.empty() || free.size() > 4)
    return out;
  size_t maxLen = 0;
  for (auto &f : free)
    maxLen = std::max(maxLen, f.second.size());
  std::vector<size_t> idx(free.size());
  for (size_t layer = 0; layer < maxLen && out.size() < kMaxProbes; ++layer) {
    // Every tuple of indices <= layer with at least one == layer, in order.
    std::fill(idx.begin(), idx.end(), 0);
    for (;;) {
      bool onLayer = false, fits = true;
      for (size_t q = 0; q < idx.size(); ++q) {
        onLayer |= idx[q] == layer;
        fits &= idx[q] < free[q].second.size();
      }
      if (onLayer && fits && out.size() < kMaxProbes) {
        z3::expr pins = tr.c.bool_val(true);
        for (size_t q = 0; q < idx.size(); ++q)
          assign(pins, pins && free[q].first == tr.num(free[q].second[idx[q]]));
        out.push_back(pins);
      }
      size_t q = 0;
      while (q < idx.size() && ++idx[q] > layer)
        idx[q++] = 0;
      if (q == idx.size())
        break;
    }
  }
  return out;
}

} // namespace

Verdict Solver::checkDirect(const Obligation &obIn, bool relaxedOnly) {
  Verdict v;
  if (!obIn.unknownReason.empty()) {
    v.status = Status::Unknown;
    v.reason = obIn.unknownReason;
    return v;
  }
  // Past the file's clock or units: unknown at once, before the work of
  // preparing the question (its bounds and lemmas walk the whole context:
  // ops-math cdist's 9,000 race questions past its units spent 5 s there).
  if (budget_ && budget_->expired("Z3")) {
    ++stats_.timeouts;
    v.status = Status::Unknown;
    v.reason = "the file's CPU-time limit (--timeout) was reached before this obligation";
    return v;
  }
  if (budget_ && budget_->z3Left() == 0) {
    ++stats_.timeouts;
    v.status = Status::Unknown;
    v.reason = "the file's Z3 budget (resource units, from --timeout) was spent before this obligation";
    return v;
  }
  VarBounds bounds = boundsFrom(obIn.context);
  // A property the context's variable ranges imply alone, by interval
  // arithmetic with each select's branches under their condition: proved
  // without a search. A host contract's field can be a select tree of
  // hundreds of nodes over the input's rank and dtype whose every leaf is
  // bounded (`lastDim <= 512 ? lastDim : 4096`), which Z3 has to search
  // through whole (docs/smt.md "Ranges first").
  if (truthByIntervals(obIn.property, &bounds) == std::optional<bool>(true)) {
    ++stats_.rangeProofs;
    v.status = Status::Proved;
    return v;
  }
  // The block-split products' bounds join the context as facts.
  ProductLemmas lemmas = productLemmas(obIn, bounds);
  for (Sym &f : sharedFactorLemmas(obIn, bounds))
    lemmas.facts.push_back(std::move(f));
  Obligation withLemmas;
  if (!lemmas.facts.empty()) {
    withLemmas = obIn;
    withLemmas.context.insert(withLemmas.context.end(), lemmas.facts.begin(), lemmas.facts.end());
  }
  const Obligation &ob = lemmas.facts.empty() ? obIn : withLemmas;
  static const bool dbgLemmas = getenv("ALINT_OB_DEBUG") != nullptr;
  if (dbgLemmas)
    for (const Sym &f : lemmas.facts)
      fprintf(stderr, "   lemma %s\n", toString(f).c_str());
  auto t0 = std::chrono::steady_clock::now();
  unsigned timeoutMs = impl->timeoutMs;
  unsigned deadlineMs = 0; // 0: none
  if (budget_)
    deadlineMs = unsigned(budget_->cpuMsLeft());
  FreshContext fresh;
  z3::context &c = fresh.ctx;
  Translator tr(c);
  tr.setBounds(&bounds, &lemmas.hi);
  tr.localIds = &impl->localIds;
  z3::expr prop = tr.asBool(ob.property);
  z3::expr ctx = c.bool_val(true);
  for (const Sym &s : ob.context)
    assign(ctx, ctx && tr.asBool(s));
  std::vector<std::pair<std::string, z3::expr>> reports;
  for (auto &r : ob.report)
    reports.push_back({r.first, tr.asInt(r.second)});
  z3::expr sides = c.bool_val(true);
  for (auto &s : tr.side)
    assign(sides, sides && s);
  z3::expr ctxAll = (sides && ctx).simplify();
  z3::expr propS = prop.simplify();

  bool hasOpaque = !tr.opaqueReasons.empty();
  // With a value the frontend could not model in the query, or a host value
  // the host reader did not model, a failed proof is `unknown` anyway (below,
  // short of a violation); do not spend the full time limit trying. On
  // ops-math pad_v3_grad_replication, 21 questions on a tile size the host
  // computes from such a value spent 13 million units, a fifth of the file's.
  bool hasHostUnmodelled = false;
  for (auto &vi : tr.varInfo)
    hasHostUnmodelled |= vi->role == VarRole::Input && vi->reason.rfind(kHostUnmodelledReason, 0) == 0;
  if (hasOpaque || hasHostUnmodelled || ob.smallBudget)
    timeoutMs = std::min(timeoutMs, 300u);
  // The budget is Z3's resource count, not the clock: verdicts do not depend
  // on how loaded the machine is (measured on this project's queries: about
  // 300-750 units per ms of search, docs/smt.md). The clock limit stays as a
  // backstop for a count that stalls, and for the file's deadline.
  uint64_t units = std::min<uint64_t>(uint64_t(timeoutMs) * kRlimitPerMs, 4000000000u);
  // The file's units: a deterministic total, unlike its clock. One question
  // may take a quarter of what is left (at least 100,000 units while they
  // last): a question that runs out of units spends all it was given, and on
  // ops-math's `equal` the first such question of each variant spent the
  // variant's whole share (4 of 144 obligations decided).
  if (budget_) {
    uint64_t left = budget_->z3Left();
    units = std::min(units, std::max(left / 4, std::min<uint64_t>(left, 100000)));
  }
  // The first pass's cap (setQueryCap): where it cuts the units, an answer
  // it leaves open is marked for the second pass.
  const bool capBinding = queryCap_ && units > queryCap_;
  if (capBinding)
    units = queryCap_;
  // One case of a split question: its share of the question's units, so
  // that a split costs no more than the question asked whole.
  units = std::max<uint64_t>(1, units / caseShare_);
  unsigned rlimitNow = unsigned(units);
  // The clock backstop interrupts the context from a watchdog thread:
  // Z3 4.8.12's own `timeout` timer can deadlock (found by fuzz_solver). It
  // is above what the units take at the calibrated speed (it fires on a
  // stalled count: some tactics do not count), and it is reported when it
  // fires: results are decided by the units.
  // From the query's full time limit even where its units were cut (a value
  // not modelled): under load a cut query still needs the clock of a full
  // one, or the backstop, not the units, decides (tests/stress).
  const unsigned perQueryMs = unsigned(std::min<uint64_t>(uint64_t(impl->timeoutMs) * 4 + 1000, 600000));
  const unsigned backstopMs = deadlineMs ? std::min(deadlineMs, perQueryMs) : perQueryMs;
  bool clockStopped = false;
  // Opaque values are unknown inputs: a violation must hold for all of them.
  bool hasInput = hasOpaque, hasInternal = false;
  for (auto &vi : tr.varInfo) {
    if (vi->role != VarRole::Internal)
      hasInput = true;
    if (vi->role == VarRole::Internal)
      hasInternal = true;
  }

  // One satisfiability question, asked in up to three tries (see `ask`).
  // Z3's SMT core is asked directly, not the default solver, which puts a
  // logic-specific tactic in front of it that costs about 10 ms per query
  // even for trivial ones (callgrind, docs/performance.md).
  struct Answer {
    z3::check_result r = z3::unknown;
    std::optional<z3::model> model;
    std::string reason;
  };
  // Question 2 ("does it fail for every input?") is charged a fixed number
  // of units, not what it spent: the default solver it often needs has
  // clock-driven tactics inside (4.8.12), so what it spends varies from run
  // to run (pad_v3_grad_replication: 8,701 / 8,713 units on the same
  // question), and the file's units decide where the later questions stop.
  enum class Try { Arith2, Core, Chain, Default, Relax, Nlsat };
  // Set only inside askRelaxed(true): the relaxation's second look gets all
  // of the question's units.
  bool relaxAllUnits = false;
  static const char *const tryNames[] = {"a2", "core", "chain", "default", "relax", "nlsat"};
  auto ask = [&](std::initializer_list<z3::expr> facts, bool wantModel, bool quantified = false, bool second = false,
                 FreshContext *relaxed = nullptr, bool probe = false) {
    Answer a;
    // The relaxation runs in a context of its own: its terms, created and
    // freed in the obligation's context, made Z3 4.8.12 recycle term ids
    // there in a memory-dependent order, and the exact tries after it
    // searched differently from run to run (ops-math logdet).
    FreshContext &fc = relaxed ? *relaxed : fresh;
    z3::context &c = fc.ctx;
    auto run = [&](Try kind) {
      z3::solver s = kind == Try::Default ? z3::solver(c) : z3::solver(c, z3::solver::simple());
      if (kind == Try::Chain) {
        z3::params ps(c);
        ps.set("arith.solver", 2u);
        s = (z3::tactic(c, "simplify") & z3::tactic(c, "propagate-values") & z3::tactic(c, "solve-eqs") &
             z3::tactic(c, "elim-uncnstr") & z3::tactic(c, "simplify") & z3::with(z3::tactic(c, "smt"), ps))
                .mk_solver();
      }
      if (kind == Try::Nlsat)
        s = z3::tactic(c, "qfnra-nlsat").mk_solver();
      // theory_arith counts about 8 times as many units per ms of search as
      // the LP core the units were calibrated on (docs/smt.md): its tries get
      // 8 times the units and are charged an eighth of what they spend.
      // nlsat counts about as fast as theory_arith (ops-math atan_grad: 357,000
      // units in 110 ms): the same scale.
      const bool theoryArith = kind == Try::Arith2 || kind == Try::Chain || kind == Try::Relax || kind == Try::Nlsat;
      const uint64_t scale = theoryArith ? kTheoryArithUnitScale : 1;
      // The relaxation is a cheap first look: a quarter of the question's
      // units; under the first pass's cap, all of them (ops-math
      // sim_thread_exponential: 209 bounds questions its relaxation proves
      // in 5,800 units on average, more than a quarter of the cap). All of
      // them in the last pass cost more than they proved (ops-math cosh: 4
      // more unknowns, the file's units spent sooner).
      const uint64_t own =
          kind == Try::Relax && !capBinding && !relaxAllUnits ? std::max<uint64_t>(1, rlimitNow / 4) : rlimitNow;
      const unsigned limit = unsigned(std::min<uint64_t>(own * scale, 4000000000u));
      z3::params pa(c);
      pa.set("rlimit", limit);
      if (kind == Try::Arith2 || kind == Try::Relax)
        pa.set("arith.solver", 2u);
      s.set(pa);
      for (const z3::expr &f : facts)
        s.add(f);
      ++stats_.z3Calls;
      // ALINT_SMT_LAST=FILE (a developer's aid, docs/performance.md): each
      // call's SMT-LIB text, written before it runs, so that after a call
      // that never returns the file holds that call (with its try).
      static const char *lastPath = getenv("ALINT_SMT_LAST");
      if (lastPath && *lastPath)
        if (FILE *f = std::fopen(lastPath, "w")) {
          std::fprintf(f, "; try %s, rlimit %u\n%s", tryNames[int(kind)], limit, s.to_smt2().c_str());
          std::fclose(f);
        }
      // Each try re-reads the file's deadline: an obligation asks up to six
      // questions, and with the CPU time left at its start as every try's
      // backstop a file near its limit overran it by several tries and was
      // killed with nothing kept (ops-math transpose, arch35 5HD key).
      unsigned tryMs = backstopMs;
      if (budget_ && deadlineMs) {
        if (budget_->expired("Z3")) {
          a.r = z3::unknown;
          a.reason = "canceled";
          clockStopped = true;
          return;
        }
        tryMs = unsigned(std::min<int64_t>(backstopMs, budget_->cpuMsLeft()));
      }
      bool fired = false;
      const int64_t cpu0 = impl->profile ? threadCpuNs() : 0;
      a.r = fc.watchdog.check(s, tryMs, &fired);
      // nlsat decides over the reals (integer division and remainder as
      // their defining constraints): no real solution proves there is no
      // integer one, but a real solution is no counterexample.
      const bool realSat = kind == Try::Nlsat && a.r == z3::sat;
      if (realSat)
        a.r = z3::unknown;
      const int64_t cpuNs = impl->profile ? threadCpuNs() - cpu0 : 0;
      if (a.r == z3::sat && wantModel)
        a.model = s.get_model();
      a.reason = realSat ? "a solution over the reals only" : a.r == z3::unknown ? s.reason_unknown() : std::string();
      // Z3 4.8.12 also says "canceled" when the resource limit stops it:
      // only the watchdog's own firing is the clock's.
      if (a.r == z3::unknown && fired)
        clockStopped = true;
      // The context's resource count is cumulative: charge this check's share.
      z3::stats st = s.statistics();
      for (unsigned k = 0; k < st.size(); ++k)
        if (st.key(k) == "rlimit count") {
          uint64_t now = uint64_t(st.is_uint(k) ? st.uint_value(k) : st.double_value(k));
          uint64_t spent = now > fc.rlimitSeen ? now - fc.rlimitSeen : 0;
          fc.rlimitSeen = std::max(fc.rlimitSeen, now);
          const uint64_t charged = second ? std::min<uint64_t>(rlimitNow, kSecondQuestionUnits) : spent / scale;
          stats_.z3Units += charged;
          if (budget_)
            budget_->spendZ3(charged);
          if (impl->profile) {
            impl->profile->record(ob.check,
                                  std::string(tryNames[int(kind)]) + (probe ? "-probe" : "") +
                                      (quantified ? "-q" : "") + (second ? "-Q2" : "-Q1"),
                                  s, a.r, a.reason, cpuNs, spent,
                                  toString(ob.property, 160) + " | ctx " + std::to_string(ob.context.size()));
          }
        }
    };
    // The order of tries (docs/smt.md "Solver strategy"). Every answer is
    // sound, so whichever try decides, the verdict is right; the order
    // decides how much is decided within the units, and that units, not a
    // clock, stop each try (the same findings under any load, issue 19).
    // 1. The SMT core with theory_arith (arith.solver=2): it counts its
    //    units where 4.8.12's default LP-based arithmetic solver spins
    //    without counting, on 64-bit wrap-around products and non-linear
    //    terms (ops-math pad_v3_grad_replication: 12 linear questions the LP
    //    core spun on for 57 s of CPU time, stopped only by the clock, are sat
    //    for theory_arith in 1 ms each; samples/host-tiling/narrow_bad: > 15 s,
    //    1.8 s with this try). Its answers are taken, sat with its model too.
    // 2. A linear question not decided: the LP core (it decides some in 1 %
    //    of theory_arith's units: samples/host-tiling/percore_bad's capacity
    //    question, 21,000 units against 2.3 million).
    // 3. A non-linear one, or one the core gives up on as incomplete: a fixed
    //    tactic chain (equalities solved, unconstrained terms eliminated: a
    //    product with an otherwise free factor becomes linear), then the core
    //    with theory_arith. It replaces a 300 ms CPU-time try in the LP core
    //    and then the default solver, whose logic tactics hold `try_for`
    //    clocks: both decided differently under load (ops-math equal: the
    //    first question to differ between two runs was the 300 ms try's).
    // A question quantified over many variables goes to the default solver
    // at once: the SMT core alone (4.8.12) can spin on one, counting no
    // resource units and ignoring the watchdog's interrupt (a 10-deep loop
    // nest's "for every input" question: > 60 s; the default solver: 50 ms,
    // tests/stress). Only question 2 is quantified.
    if (quantified) {
      run(Try::Default);
      return a;
    }
    if (relaxed) {
      run(Try::Relax);
      return a;
    }
    // A probe's inputs are fixed: the chain substitutes them (solve-eqs)
    // and folds the host's arithmetic to constants before any search; the
    // core alone kept them as non-linear terms and ran out of units on some.
    if (probe) {
      run(Try::Chain);
      return a;
    }
    run(Try::Arith2);
    if (a.r != z3::unknown || clockStopped)
      return a;
    if (!tr.nonlinear) {
      a = Answer();
      run(Try::Core);
      if (a.r != z3::unknown || clockStopped || a.reason.find("incomplete") == std::string::npos)
        return a; // decided, or out of units ("max. resource limit exceeded", "canceled")
    }
    // 3. A non-linear question: nlsat, for a proof only (its `sat` is over
    //    the reals). It proves the tail-tile questions of the canonical
    //    element-wise split in 60,000-500,000 units where theory_arith is
    //    stopped at 400,000 and the LP core needs millions (ops-math
    //    atan_grad, acos_v2).
    if (tr.nonlinear) {
      Answer first = a;
      a = Answer();
      try {
        run(Try::Nlsat);
      } catch (const z3::exception &) { // a goal outside nlsat's fragment
        a = Answer();
      }
      if (a.r == z3::unsat || clockStopped)
        return a;
      a = first;
    }
    a = Answer();
    run(Try::Chain);
    return a;
  };

  // 1. Can the property fail? A non-linear question is first asked in its
  // linear relaxation (Translator::relax): no model of it, no model of the
  // question. ops-math cosh: the per-core block count `blocks / coreNum` by
  // the platform's core count made every tail-length question non-linear,
  // and each spent its units; the tail's bounds need only q >= 0.
  Answer a1;
  auto askRelaxed = [&](bool allUnits) {
    FreshContext rfresh;
    z3::context &rc = rfresh.ctx;
    Translator rx(rc);
    rx.relax = true;
    rx.setBounds(&bounds, &lemmas.hi);
    rx.localIds = &impl->localIds;
    z3::expr rprop = rx.asBool(ob.property);
    z3::expr rctx = rc.bool_val(true);
    for (const Sym &s : ob.context)
      assign(rctx, rctx && rx.asBool(s));
    for (auto &s : rx.side)
      assign(rctx, rctx && s);
    relaxAllUnits = allUnits;
    Answer r = ask({rctx.simplify(), (!rprop).simplify()}, false, false, false, &rfresh);
    relaxAllUnits = false;
    if (r.r == z3::unsat)
      ++stats_.relaxProofs;
    else
      r = Answer();
    return r;
  };
  if (tr.nonlinear)
    a1 = askRelaxed(false);
  if (a1.r != z3::unsat && tr.nonlinear && firstLook_ && capBinding) {
    v.status = Status::Unknown;
    v.reason = "not proved by the linear relaxation";
    v.capped = true;
    stats_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return v;
  }
  if (a1.r != z3::unsat && relaxedOnly) {
    v.status = Status::Unknown;
    v.reason = "not proved by the linear relaxation";
    stats_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return v;
  }
  // 1b. Not proved by the relaxation, and non-linear in the inputs: look
  // for a failure at chosen input values first (shapes, the core count,
  // tiling fields no context equality defines). With them fixed, the host's
  // quotients and products are constants and what is left is linear in the
  // loop and block indices: 5-30 ms a probe, where the exact tries on the
  // whole question ran out of their 2.4 million units (ops-math cast: a tile
  // copy past the core's share for x.size = 2^32 on one core, where the
  // uint32 tiling fields wrap). A probe's model is a model of the question,
  // so `sat` is a counterexample; `unsat` at the chosen values proves
  // nothing, and the exact tries follow. Each question is probed once (the
  // passes of rules/Registry.cpp ask a capped question again).
  if (a1.r != z3::unsat && tr.nonlinear && hasInput && !hasOpaque && !hasHostUnmodelled && !relaxedOnly &&
      impl->probed.insert(questionKey(ob)).second) {
    const unsigned saved = rlimitNow;
    const std::vector<z3::expr> probes = inputProbes(ob, bounds, tr);
    rlimitNow = unsigned(std::max<uint64_t>(1, budget_ ? std::min(budget_->z3Left(), kProbeUnits) : kProbeUnits));
    static const bool dbgProbes = getenv("ALINT_OB_DEBUG") != nullptr;
    for (const z3::expr &pins : probes) {
      if (budget_ && budget_->z3Left() == 0)
        break;
      Answer p = ask({ctxAll, !propS, pins}, true, false, false, nullptr, true);
      if (dbgProbes)
        fprintf(stderr, "   probe %s: %s %s\n", pins.to_string().c_str(),
                p.r == z3::sat     ? "sat"
                : p.r == z3::unsat ? "unsat"
                                   : "unknown",
                p.reason.c_str());
      if (clockStopped)
        break;
      if (p.r == z3::sat) {
        a1 = p;
        ++stats_.probeFailures;
        break;
      }
    }
    rlimitNow = saved;
  }
  if (a1.r != z3::unsat && a1.r != z3::sat && !clockStopped)
    a1 = ask({ctxAll, !propS}, true);
  // The exact tries gave no answer: the relaxation again, with all of the
  // question's units (the first look had a quarter). ops-math fill's tail
  // length under its per-core quotient: the relaxation proves it in 819,000
  // of theory_arith's units (84 ms), the exact tries run out on the quotient.
  if (a1.r == z3::unknown && tr.nonlinear && !capBinding && !relaxedOnly && !clockStopped &&
      (!budget_ || budget_->z3Left() > 0)) {
    Answer r = askRelaxed(true);
    if (r.r == z3::unsat) {
      a1 = r;
      ++stats_.relaxLateProofs;
    }
  }
  z3::check_result r1 = a1.r;
  if (r1 == z3::unsat) {
    v.status = Status::Proved;
  } else if (r1 == z3::unknown) {
    stats_.timeouts += !capBinding; // a capped one is asked again (Solver::setQueryCap)
    v.status = Status::Unknown;
    v.capped = capBinding;
    v.reason = "Z3 gave no answer within its budget of " + std::to_string(timeoutMs) + " ms (" + a1.reason + ")";
  } else if (ob.proofOnly) {
    v.status = Status::Counterexample;
  } else {
    clockStopped = false; // only the second question can still be stopped
    z3::model m = *a1.model;
    // 2. Does it fail for every admissible input? Not asked where the answer
    // cannot count: a choice variable over-approximates (its failing value
    // may be one no execution takes: checker/frontend/Interpreter.cpp makes
    // them), so such a failure is a counterexample whatever
    // question 2 says. Question 2 only tells an error from a warning, so it
    // gets a quarter of the units (it is the costly one: quantified).
    bool hasChoice = false;
    for (auto &vi : tr.varInfo)
      hasChoice |= vi->role == VarRole::Internal && vi->choice != VarInfo::Choice::None;
    rlimitNow = unsigned(std::max<uint64_t>(1, units / 4));
    // A property that fails wherever the operation is reached (`false`: a
    // wait no set precedes) asks only whether it is reached. Where that rests
    // on program state the frontend lost (`if (!first_) WaitFlag(...)`, with
    // `first_` a member the loop changes, is an unknown in every iteration:
    // the first iteration's wait looked reachable, and a correct kernel got a
    // hang error; ops-math cumsum sklansky), a failure is a counterexample at
    // most. Unknown data (a value read from GM, a float) is not lost state:
    // a race under `if (x[i] > 0)` is reachable for some input.
    bool reachOpaque = false;
    if (isFalse(ob.property))
      for (const Sym &c : ob.context) {
        std::vector<std::shared_ptr<const VarInfo>> cv;
        collectVars(c, cv);
        for (auto &x : cv)
          reachOpaque |= x->role == VarRole::Opaque && x->reason.find(kChangedAcrossIterations) != std::string::npos;
      }
    bool violated = false;
    if (hasChoice || reachOpaque) {
      violated = false;
    } else if (!hasInput) {
      violated = true; // the inputs are fixed; an execution fails
    } else if (ask({sides.simplify(), propS}, false).r == z3::unsat) {
      // The property holds for no values at all (an InitBuffer of 4 MiB on
      // 192 KiB of UB, whatever the tile): every execution that reaches the
      // operation fails. A question without the context, cheap where the
      // quantified one below runs out of units (ops-math asin_with_agent).
      violated = true;
    } else if (!hasInternal) {
      z3::check_result r2 = ask({ctxAll, propS}, false, false, true).r;
      if (r2 == z3::unknown) {
        stats_.timeouts += !capBinding; // cannot tell "every input": reported as a counterexample
        v.capped = capBinding;
      }
      violated = r2 == z3::unsat;
    } else if (quantifiesNonlinear(ob, std::count_if(tr.varInfo.begin(), tr.varInfo.end(),
                                                     [](const auto &vi) { return vi->role == VarRole::Internal; }))) {
      // Quantified non-linear arithmetic over an opaque value or over many
      // indices (QuantifiedNonlinear): not asked, a counterexample at most
      // (an opaque value makes it unknown anyway). Not counted as a timeout.
      violated = false;
    } else {
      // exists inputs . forall internal . ctx -> prop ; unsat => violated
      z3::expr_vector internals(c);
      for (auto &vi : tr.varInfo)
        if (vi->role == VarRole::Internal)
          internals.push_back(tr.vars.at(vi->id));
      // Violated: no input reaches the operation with every execution
      // passing, i.e. unsat of (exists internal . ctx) and (forall internal .
      // ctx -> prop). The free internals of the first conjunct are the
      // witnesses; the quantifier binds its own copies.
      // Over a few internals the SMT core is fast (7x faster than the
      // default solver on the samples); over many it can spin (see ask).
      ++stats_.quantified;
      z3::check_result r2 =
          ask({ctxAll, z3::forall(internals, z3::implies(ctxAll, propS))}, false, internals.size() > 4, true).r;
      if (r2 == z3::unknown) {
        stats_.timeouts += !capBinding; // cannot tell "every input": reported as a counterexample
        v.capped = capBinding;
      }
      violated = r2 == z3::unsat;
    }
    // A free host value the host reader did not model (cli/HostBinding.cpp
    // frees them as inputs so that questions keep their full units): a
    // failure that needs some value of it may need one the host never
    // computes, so it is not a counterexample either (ops-math fill: ten
    // warnings whose counterexamples set it to -4,294,967,327).
    std::string hostUnmodelled;
    for (auto &vi : tr.varInfo)
      if (vi->role == VarRole::Input && vi->reason.rfind(kHostUnmodelledReason, 0) == 0) {
        hostUnmodelled = vi->name + " is " + vi->reason;
        break;
      }
    // 3. An opaque value in the question: does the failure need it? With
    // every other variable as in the counterexample, the execution reaches
    // the operation and fails for every value of the opaque ones: then it is
    // a counterexample whatever they are (a member an early return left
    // unset, on a path the counterexample does not take).
    bool opaqueFree = false;
    if (hasOpaque && !violated && hostUnmodelled.empty()) {
      z3::expr fixed = c.bool_val(true);
      for (auto &vi : tr.varInfo)
        if (vi->role != VarRole::Opaque)
          if (auto it = tr.vars.find(vi->id); it != tr.vars.end())
            fixed = fixed && it->second == m.eval(it->second, true);
      // (the side facts, ranges and the definitions of helper terms, hold
      // whatever the opaque values: only the context and property may not)
      opaqueFree = ask({fixed, sides, !ctx || prop}, false).r == z3::unsat;
    }
    if (((hasOpaque && !opaqueFree) || !hostUnmodelled.empty()) && !violated) {
      v.status = Status::Unknown;
      v.reason = hasOpaque ? tr.opaqueReasons.front() : hostUnmodelled;
    } else {
      v.status = violated ? Status::Violated : Status::Counterexample;
      // Show the variables of the property and those the context ties to
      // them (a loop bound for a loop index), not every variable in scope.
      std::set<uint32_t> relevant;
      {
        std::vector<std::shared_ptr<const VarInfo>> pv;
        collectVars(ob.property, pv);
        for (auto &x : pv)
          relevant.insert(x->id);
        for (int round = 0; round < 2; ++round)
          for (const Sym &cs : ob.context) {
            for (const Sym &a : conjunctsOf({cs})) {
              std::vector<std::shared_ptr<const VarInfo>> av;
              collectVars(a, av);
              bool touches = false;
              for (auto &x : av)
                touches |= relevant.count(x->id) > 0;
              if (touches && av.size() <= 4)
                for (auto &x : av)
                  relevant.insert(x->id);
            }
          }
      }
      std::set<std::string> used;
      for (auto &vi : tr.varInfo) {
        if (vi->role == VarRole::Opaque || !relevant.count(vi->id))
          continue;
        z3::expr val = m.eval(tr.vars.at(vi->id), true);
        int64_t iv = 0;
        if (val.is_bool())
          iv = val.is_true() ? 1 : 0;
        else if (!val.is_numeral_i64(iv))
          continue;
        std::string name = vi->name;
        for (int k = 2; used.count(name); ++k)
          name = vi->name + "#" + std::to_string(k);
        used.insert(name);
        v.counterexample.push_back({name, iv});
      }
      std::sort(v.counterexample.begin(), v.counterexample.end());
      for (auto &r : reports) {
        z3::expr val = m.eval(r.second, true);
        int64_t iv = 0;
        if (val.is_numeral_i64(iv))
          v.reportValues[r.first] = iv;
      }
    }
  }
  stats_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (clockStopped) {
    // The CPU-time backstop, not the resource budget, stopped Z3: the result
    // would depend on the machine's speed. Unknown (never a weaker finding),
    // said as such, and not cached.
    ++stats_.backstops;
    v = Verdict();
    v.status = Status::Unknown;
    bool deadline = budget_ && budget_->expired("Z3");
    v.reason = deadline ? "the file's CPU-time limit (--timeout) was reached while Z3 was deciding this obligation"
                        : "Z3 was stopped by its CPU-time backstop (" + std::to_string(backstopMs) +
                              " ms) before its resource budget ran out; a Z3 step that does not count resource units";
    return v;
  }
  return v;
}

} // namespace alint
