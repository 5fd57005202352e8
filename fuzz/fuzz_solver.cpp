// libFuzzer target: the KernelModel -> Z3 translation (smt/Solver.cpp) on
// random symbolic expressions (checker/ir/SymExpr.h) built from the input
// bytes. The solver must not crash, and its verdict must agree with concrete
// evaluation (SymExpr `evaluate`, the executable model's arithmetic):
//   proved          => the property holds at every sampled point satisfying the context;
//   violated        => it fails at every such point;
//   counterexample  => the reported values satisfy the context and fail the property.
// Points where evaluation is undefined (division by zero, ...) are skipped.
#include "checker/ir/SymExpr.h"
#include "smt/Solver.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

using namespace alint;

namespace {

const IntType kTypes[] = {{8, false, false}, {16, false, false}, {16, true, false}, IntType::i32(),
                          IntType::u32(),    IntType::i64(),     IntType::u64(),    IntType::math()};
constexpr unsigned kNumVars = 4;

struct Builder {
  FuzzedDataProvider &in;
  std::vector<Sym> vars;

  IntType type() { return kTypes[in.ConsumeIntegralInRange<size_t>(0, std::size(kTypes) - 1)]; }

  Sym constant(IntType t) {
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      return mkConst(in.ConsumeIntegralInRange<int64_t>(-4, 64), t.bits == 0 || t.isSigned ? t : IntType::math());
    case 1:
      return mkConst(in.ConsumeIntegral<int32_t>(), t.bits == 0 || t.isSigned ? t : IntType::math());
    default:
      return mkConst(in.ConsumeIntegralInRange<int64_t>(0, 4096), IntType::math());
    }
  }

  Sym integer(unsigned depth) {
    if (depth == 0 || in.remaining_bytes() == 0)
      return in.ConsumeBool() ? vars[in.ConsumeIntegralInRange<unsigned>(0, kNumVars - 1)] : constant(type());
    static const SymOp binOps[] = {SymOp::Add, SymOp::Sub,    SymOp::Mul,   SymOp::Div,    SymOp::Rem,
                                   SymOp::Shl, SymOp::Shr,    SymOp::Min,   SymOp::Max,    SymOp::BitAnd,
                                   SymOp::BitOr, SymOp::BitXor};
    switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0:
      return vars[in.ConsumeIntegralInRange<unsigned>(0, kNumVars - 1)];
    case 1:
      return mkCast(integer(depth - 1), type());
    case 2:
      return mkUn(in.ConsumeBool() ? SymOp::Neg : SymOp::BitNot, integer(depth - 1), type());
    case 3: {
      Sym c = boolean(depth - 1);
      IntType t = type();
      return mkSelect(c, mkCast(integer(depth - 1), t), mkCast(integer(depth - 1), t));
    }
    default: {
      SymOp op = binOps[in.ConsumeIntegralInRange<size_t>(0, std::size(binOps) - 1)];
      IntType t = type();
      Sym a = mkCast(integer(depth - 1), t);
      Sym b = mkCast(integer(depth - 1), t);
      return mkBin(op, a, b, t);
    }
    }
  }

  Sym boolean(unsigned depth) {
    static const SymOp cmpOps[] = {SymOp::Eq, SymOp::Ne, SymOp::Lt, SymOp::Le, SymOp::Gt, SymOp::Ge};
    if (depth == 0 || in.remaining_bytes() == 0)
      return mkBool(in.ConsumeBool());
    switch (in.ConsumeIntegralInRange<int>(0, 4)) {
    case 0:
      return mkAnd(boolean(depth - 1), boolean(depth - 1));
    case 1:
      return mkOr(boolean(depth - 1), boolean(depth - 1));
    case 2:
      return mkNot(boolean(depth - 1));
    default: {
      SymOp op = cmpOps[in.ConsumeIntegralInRange<size_t>(0, std::size(cmpOps) - 1)];
      return mkCmp(op, integer(depth - 1), integer(depth - 1));
    }
    }
  }
};

std::optional<bool> holds(const Sym &s, const std::map<std::string, int64_t> &values) {
  auto v = evaluate(s, [&](const VarInfo &vi) -> std::optional<int64_t> {
    auto it = values.find(vi.name);
    if (it == values.end())
      return std::nullopt;
    return it->second;
  });
  if (!v)
    return std::nullopt;
  return *v != 0;
}

// nullopt: undefined somewhere; true: every context term holds.
std::optional<bool> contextHolds(const std::vector<Sym> &ctx, const std::map<std::string, int64_t> &values) {
  for (const Sym &c : ctx) {
    auto h = holds(c, values);
    if (!h || !*h)
      return h;
  }
  return true;
}

[[noreturn]] void fail(const char *what, const Obligation &ob, const std::map<std::string, int64_t> &values) {
  std::fprintf(stderr, "solver disagrees with evaluation: %s\nproperty: %s\n", what, toString(ob.property).c_str());
  for (const Sym &c : ob.context)
    std::fprintf(stderr, "context: %s\n", toString(c).c_str());
  for (auto &[n, v] : values)
    std::fprintf(stderr, "  %s = %lld\n", n.c_str(), static_cast<long long>(v));
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider in(data, size);
  Builder b{in, {}};
  for (unsigned i = 0; i < kNumVars; ++i)
    b.vars.push_back(mkVar("v" + std::to_string(i), b.type()));
  Obligation ob;
  ob.check = "fuzz";
  unsigned depth = in.ConsumeIntegralInRange<unsigned>(1, 4);
  ob.property = b.boolean(depth);
  unsigned nctx = in.ConsumeIntegralInRange<unsigned>(0, 2);
  for (unsigned i = 0; i < nctx; ++i)
    ob.context.push_back(b.boolean(in.ConsumeIntegralInRange<unsigned>(1, 3)));
  // Sample points, each value within its variable's type.
  std::vector<std::map<std::string, int64_t>> points;
  for (unsigned p = 0; p < 4 && in.remaining_bytes() > 0; ++p) {
    std::map<std::string, int64_t> pt;
    for (const Sym &v : b.vars) {
      IntType t = v->type;
      int64_t lo = t.minValue();
      int64_t hi = t.bits == 64 && !t.isSigned ? INT64_MAX : static_cast<int64_t>(t.maxValue());
      pt[v->var->name] = in.ConsumeBool() ? in.ConsumeIntegralInRange<int64_t>(std::max<int64_t>(lo, -8), std::min<int64_t>(hi, 300))
                                          : in.ConsumeIntegralInRange<int64_t>(lo, hi);
    }
    points.push_back(std::move(pt));
  }

  if (std::getenv("FUZZ_PRINT")) { // reproducing an input: show the query
    std::fprintf(stderr, "property: %s\n", toString(ob.property).c_str());
    for (const Sym &v : b.vars)
      std::fprintf(stderr, "  %s: %s\n", v->var->name.c_str(), v->type.name().c_str());
    for (const Sym &c : ob.context)
      std::fprintf(stderr, "context: %s\n", toString(c).c_str());
  }
  static Solver solver(50); // ms: a slow query is `unknown`, which checks nothing
  Verdict v = solver.check(ob);
  switch (v.status) {
  case Status::Proved:
  case Status::Violated:
    for (const auto &pt : points) {
      auto c = contextHolds(ob.context, pt);
      auto h = holds(ob.property, pt);
      if (!c || !*c || !h)
        continue;
      if (v.status == Status::Proved && !*h)
        fail("proved, but the property fails here", ob, pt);
      if (v.status == Status::Violated && *h)
        fail("violated, but the property holds here", ob, pt);
    }
    break;
  case Status::Counterexample: {
    std::map<std::string, int64_t> pt;
    for (auto &[n, val] : v.counterexample)
      pt[n] = val;
    auto c = contextHolds(ob.context, pt);
    auto h = holds(ob.property, pt);
    if (c && *c && h && *h)
      fail("counterexample, but the property holds at its values", ob, pt);
    break;
  }
  case Status::Unknown:
    break;
  }
  return 0;
}
