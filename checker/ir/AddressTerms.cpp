#include "checker/ir/AddressTerms.h"

#include <algorithm>

namespace alint {

namespace {

// coef * (product of factors); no factors: the constant coef.
struct Term {
  __int128 coef = 1;
  std::vector<Sym> factors;
};

constexpr size_t kMaxTerms = 32;
const __int128 kMaxCoef = (__int128)1 << 62;

bool exactArith(const Sym &s) { return !s->type.isBool && (s->type.bits == 0 || s->type.bits == 64); }

// s * coef as a sum of terms; false when it would take too many.
bool expand(const Sym &s, __int128 coef, std::vector<Term> &out) {
  if (out.size() > kMaxTerms || coef > kMaxCoef || coef < -kMaxCoef)
    return false;
  if (auto c = asConst(s); c && exactArith(s)) {
    __int128 k = coef * *c; // |coef| <= 2^62, |c| <= 2^64: no overflow
    if (k > kMaxCoef || k < -kMaxCoef)
      return false; // rebuilt as an int64_t constant: never truncated
    out.push_back({k, {}});
    return true;
  }
  if ((s->op == SymOp::Add || s->op == SymOp::Sub) && s->args.size() == 2 && exactArith(s))
    return expand(s->args[0], coef, out) && expand(s->args[1], s->op == SymOp::Add ? coef : -coef, out);
  if (s->op == SymOp::Cast && s->args.size() == 1 && exactArith(s) && exactArith(s->args[0]))
    return expand(s->args[0], coef, out);
  if (s->op == SymOp::Mul && s->args.size() == 2 && exactArith(s)) {
    std::vector<Term> l, r;
    if (!expand(s->args[0], 1, l) || !expand(s->args[1], 1, r) || l.size() * r.size() > kMaxTerms)
      return false;
    for (const Term &x : l)
      for (const Term &y : r) {
        __int128 k = coef * x.coef;
        if (k > kMaxCoef || k < -kMaxCoef)
          return false;
        k *= y.coef;
        if (k > kMaxCoef || k < -kMaxCoef)
          return false;
        Term t{k, x.factors};
        t.factors.insert(t.factors.end(), y.factors.begin(), y.factors.end());
        out.push_back(std::move(t));
      }
    return out.size() <= kMaxTerms;
  }
  out.push_back({coef, {s}});
  return true;
}

// The same product, factors in any order.
bool sameFactors(const Term &a, const Term &b) {
  if (a.factors.size() != b.factors.size())
    return false;
  std::vector<char> used(b.factors.size(), 0);
  for (const Sym &f : a.factors) {
    bool found = false;
    for (size_t j = 0; j < b.factors.size() && !found; ++j)
      if (!used[j] && structurallyEqual(f, b.factors[j]))
        used[j] = found = true;
    if (!found)
      return false;
  }
  return true;
}

Sym rebuild(const std::vector<Term> &ts, const std::vector<char> &dropped) {
  Sym r = mkConst(0);
  for (size_t i = 0; i < ts.size(); ++i) {
    if (dropped[i] || ts[i].coef == 0)
      continue;
    Sym p;
    for (const Sym &f : ts[i].factors)
      p = p ? mul(p, f) : toMath(f);
    const int64_t k = int64_t(ts[i].coef); // |coef| <= 2^62 (expand)
    if (!p)
      r = add(r, mkConst(k));
    else if (k == -1)
      r = sub(r, p);
    else
      r = add(r, k == 1 ? p : mulC(p, k));
  }
  return r;
}

} // namespace

void cancelCommonTerms(Sym &a, Sym &b) {
  std::vector<Term> ta, tb;
  if (!expand(a, 1, ta) || !expand(b, 1, tb))
    return;
  std::vector<char> da(ta.size(), 0), db(tb.size(), 0);
  bool any = false;
  for (size_t i = 0; i < ta.size(); ++i) {
    if (ta[i].factors.empty())
      continue; // constants stay: they are the distances
    for (size_t j = 0; j < tb.size(); ++j)
      if (!db[j] && ta[i].coef == tb[j].coef && sameFactors(ta[i], tb[j])) {
        da[i] = db[j] = 1;
        any = true;
        break;
      }
  }
  if (!any)
    return;
  a = rebuild(ta, da);
  b = rebuild(tb, db);
}

} // namespace alint
