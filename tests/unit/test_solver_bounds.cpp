// Z3 calls end within their budget (issue 19): a "for every input" question
// over a deep loop nest once made Z3's SMT core spin with no resource units
// counted and the interrupt ignored (> 60 s; the worker was killed).
#include "checker/ir/Budget.h"
#include "smt/Solver.h"

#include <catch2/catch.hpp>

#include <chrono>

using namespace alint;

namespace {
// A solver with 2 s of units a question and a minute's clock as a backstop.
struct BudgetedSolver {
  Budget budget;
  Solver solver{2000};
  BudgetedSolver() {
    budget.deadline = Budget::Clock::now() + std::chrono::seconds(60);
    budget.z3Units = 2000 * kZ3UnitsPerMs;
    solver.setBudget(&budget);
  }
};
} // namespace

TEST_CASE("solver: the quantified question of a 10-deep loop nest ends within its budget", "[solver]") {
  // Reachable with 0 <= i_k < n for ten loop counters (internal) and an input
  // n: a property that is false there asks "does it fail for every n?",
  // which quantifies over the counters.
  Sym n = mkVar("n", IntType::u32());
  Obligation ob;
  ob.check = "test";
  ob.property = mkBool(false);
  for (int k = 0; k < 10; ++k) {
    Sym i = mkVar("i" + std::to_string(k), IntType::u32(), VarRole::Internal);
    ob.context.push_back(mkCmp(SymOp::Lt, i, n));
  }
  Budget budget;
  budget.deadline = Budget::Clock::now() + std::chrono::seconds(30);
  budget.z3Units = 2000 * kZ3UnitsPerMs;
  Solver solver(2000);
  solver.setBudget(&budget);
  auto t0 = std::chrono::steady_clock::now();
  Verdict v = solver.check(ob);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO(statusName(v.status) << ": " << v.reason);
  // Every input that reaches the operation (n > 0) fails it.
  CHECK(v.status == Status::Violated);
  CHECK(secs < 5);
  CHECK(solver.stats().backstops == 0); // decided by units, not by the clock
}

TEST_CASE("solver: an injectivity question over ten indices and opaque strides is not quantified", "[solver]") {
  // The NDDMA destination question with strides the frontend could not follow
  // (ops-math as_strided): `i0*s0 + ... + i4*s4 != j0*s0 + ... + j4*s4`
  // unless the index tuples are equal. Its "for every input" question
  // quantifies non-linear arithmetic over the ten indices, where Z3 4.8.12's
  // default solver searched for over 300 s, ignoring units and interrupts.
  // With opaque values a failure is unknown anyway: it is not asked.
  Obligation ob;
  ob.check = "test";
  Sym same = mkBool(true), lhs = mkConst(0, IntType::u64()), rhs = mkConst(0, IntType::u64());
  for (int k = 0; k < 5; ++k) {
    Sym stride = mkOpaque("stride " + std::to_string(k) + " not followed", IntType::u32());
    Sym size = mkOpaque("size " + std::to_string(k) + " not followed", IntType::u32());
    Sym i = mkVar("i" + std::to_string(k), IntType::u32(), VarRole::Internal);
    Sym j = mkVar("j" + std::to_string(k), IntType::u32(), VarRole::Internal);
    for (const Sym &x : {i, j}) {
      ob.context.push_back(mkCmp(SymOp::Ge, x, mkConst(0, IntType::u32())));
      ob.context.push_back(mkCmp(SymOp::Lt, x, size));
    }
    same = mkAnd(same, mkCmp(SymOp::Eq, i, j));
    lhs = mkBin(SymOp::Add, lhs, mkBin(SymOp::Mul, toMath(i), toMath(stride), IntType::math()), IntType::math());
    rhs = mkBin(SymOp::Add, rhs, mkBin(SymOp::Mul, toMath(j), toMath(stride), IntType::math()), IntType::math());
  }
  ob.property = mkOr(same, mkCmp(SymOp::Ne, lhs, rhs));
  BudgetedSolver bs;
  Solver &solver = bs.solver;
  Verdict v = solver.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  CHECK(v.status == Status::Unknown);
  CHECK(v.reason.find("not followed") != std::string::npos);
  CHECK(solver.stats().backstops == 0);
}

namespace {
Verdict ask(const Sym &property, std::vector<Sym> context) {
  Obligation ob;
  ob.check = "test";
  ob.property = property;
  ob.context = std::move(context);
  Solver solver(2000);
  return solver.check(ob);
}
} // namespace

TEST_CASE("solver: a wrap within a few periods is exact at its edges", "[solver]") {
  // `n - 1` in uint64_t with n in [0, 10] wraps at n = 0 only; a signed sum
  // of two non-negative int32_t values wraps into [-2^31, -2] (smt/Solver.cpp
  // Translator::wrap). A guard for any change to the wrap encoding.
  Sym n = mkVar("n", IntType::u64());
  Sym one = mkConst(1, IntType::u64());
  Sym nm1 = mkBin(SymOp::Sub, n, one, IntType::u64());
  std::vector<Sym> ctx{mkCmp(SymOp::Le, n, mkConst(10, IntType::u64()))};
  // n = 0 wraps to 2^64 - 1: the bound fails there, and only there.
  Verdict v = ask(mkCmp(SymOp::Le, nm1, mkConst(9, IntType::u64())), ctx);
  INFO(statusName(v.status) << ": " << v.reason);
  REQUIRE(v.status == Status::Counterexample);
  bool atZero = false;
  for (auto &[name, value] : v.counterexample)
    atZero |= name == "n" && value == 0;
  CHECK(atZero);
  // The wrapped value itself: exactly 2^64 - 1 at n = 0.
  std::vector<Sym> at0 = ctx;
  at0.push_back(mkCmp(SymOp::Eq, n, mkConst(0, IntType::u64())));
  CHECK(ask(mkCmp(SymOp::Eq, nm1, mkConst(-1, IntType::u64())), at0).status == Status::Proved);
  // Away from 0 no wrap: proved.
  std::vector<Sym> pos = ctx;
  pos.push_back(mkCmp(SymOp::Ge, n, one));
  CHECK(ask(mkCmp(SymOp::Le, nm1, mkConst(9, IntType::u64())), pos).status == Status::Proved);
  // A signed 32-bit sum of two values in [0, 2^31 - 1] wraps negative past
  // INT32_MAX (two periods of the signed range).
  Sym a = mkVar("a", IntType::i32()), b = mkVar("b", IntType::i32());
  Sym sum = mkBin(SymOp::Add, a, b, IntType::i32());
  std::vector<Sym> nonneg{mkCmp(SymOp::Ge, a, mkConst(0, IntType::i32())),
                          mkCmp(SymOp::Ge, b, mkConst(0, IntType::i32()))};
  Verdict s = ask(mkCmp(SymOp::Ge, sum, mkConst(0, IntType::i32())), nonneg);
  CHECK(s.status == Status::Counterexample);
  std::vector<Sym> small = nonneg;
  small.push_back(mkCmp(SymOp::Lt, a, mkConst(1 << 30, IntType::i32())));
  small.push_back(mkCmp(SymOp::Lt, b, mkConst(1 << 30, IntType::i32())));
  CHECK(ask(mkCmp(SymOp::Ge, sum, mkConst(0, IntType::i32())), small).status == Status::Proved);
  // The largest wrapped value is 2 * (2^31 - 1) - 2^32 = -2: -1 never occurs,
  // -2 does.
  CHECK(ask(mkCmp(SymOp::Ne, sum, mkConst(-1, IntType::i32())), nonneg).status == Status::Proved);
  CHECK(ask(mkCmp(SymOp::Ne, sum, mkConst(-2, IntType::i32())), nonneg).status == Status::Counterexample);
}

TEST_CASE("solver: a host's early return bounds a value as the comparison does", "[solver]") {
  // `if (rows > 0xffffff) return GRAPH_FAILED;` reaches the kernel's
  // questions as the fact !(rows > 16777215). It must bound rows as
  // rows <= 16777215 does: then the per-core quotient (rows + c - 1) / c
  // fits the uint32_t field it is stored in, and no wrap-around is left in
  // the question (it had one, and Z3 spent more units on it).
  IntType i64 = IntType::i64();
  Sym rows = mkVar("rows", i64), cores = mkVar("cores", i64);
  Sym perCore = mkCast(
      mkBin(SymOp::Div, mkBin(SymOp::Sub, mkBin(SymOp::Add, rows, cores, i64), mkConst(1, i64), i64), cores, i64),
      IntType::u32());
  const int64_t K = 0xffffff;
  std::vector<Sym> base{mkCmp(SymOp::Ge, rows, mkConst(1, i64)), mkCmp(SymOp::Ge, cores, mkConst(1, i64)),
                        mkCmp(SymOp::Le, cores, mkConst(48, i64))};
  auto unitsFor = [&](const Sym &fact, Status &st) {
    Obligation ob;
    ob.check = "test";
    ob.property = mkCmp(SymOp::Le, mkCast(perCore, IntType::math()), mkConst(K));
    ob.context = base;
    ob.context.push_back(fact);
    Budget budget;
    budget.z3Units = 2000 * kZ3UnitsPerMs;
    Solver solver(2000);
    solver.setBudget(&budget);
    Verdict v = solver.check(ob);
    st = v.status;
    return solver.stats().z3Units;
  };
  Status negated = Status::Unknown, plain = Status::Unknown;
  uint64_t uNegated = unitsFor(mkNot(mkCmp(SymOp::Gt, rows, mkConst(K, i64))), negated);
  uint64_t uPlain = unitsFor(mkCmp(SymOp::Le, rows, mkConst(K, i64)), plain);
  CHECK(plain == Status::Proved);
  CHECK(negated == Status::Proved);
  INFO(uNegated << " units against " << uPlain);
  CHECK(uNegated * 10 <= uPlain * 11); // the same question for Z3, up to the fact's own form
  // `!(a || b)` is both negations.
  Status both = Status::Unknown;
  uint64_t uBoth =
      unitsFor(mkNot(mkOr(mkCmp(SymOp::Gt, rows, mkConst(K, i64)), mkCmp(SymOp::Lt, cores, mkConst(0, i64)))), both);
  CHECK(both == Status::Proved);
  INFO(uBoth << " units against " << uPlain);
  CHECK(uBoth * 10 <= uPlain * 11);
}

TEST_CASE("solver: products that share a factor are ordered as their other factors are", "[solver]") {
  // samples/host-tiling/hidden_good's row copy: `y[r * hidden]` for hidden
  // elements, r < rows, in uint32, where the host refuses rows * hidden past
  // 2^32 - 1 (in int64, over the shapes the tiling fields copy). Each
  // product alone may wrap; r * hidden + hidden <= rows * hidden <= 2^32 - 1
  // rules that out, and needs monotonicity, which the linear part of the
  // solver does not know (it was "incomplete (theory arithmetic)").
  Sym r = mkVar("r", IntType::u32(), VarRole::Internal);
  Sym rows = mkVar("t.rows", IntType::u32());
  Sym hidden = mkVar("t.hidden", IntType::u32());
  Sym s0 = mkVar("x.shape[0]", IntType::i64()), s1 = mkVar("x.shape[1]", IntType::i64());
  Obligation ob;
  ob.check = "bounds-global"; // the lemmas join extent questions only
  ob.context = {
      mkCmp(SymOp::Lt, r, rows),
      mkCmp(SymOp::Eq, toMath(rows), toMath(s0)),
      mkCmp(SymOp::Eq, toMath(hidden), toMath(s1)),
      mkCmp(SymOp::Gt, s0, mkConst(0, IntType::i64())),
      mkCmp(SymOp::Le, s0, mkConst(16777215, IntType::i64())),
      mkCmp(SymOp::Gt, s1, mkConst(0, IntType::i64())),
      mkCmp(SymOp::Le, s1, mkConst(4096, IntType::i64())),
      mkNot(mkCmp(SymOp::Gt, mkBin(SymOp::Mul, s0, s1, IntType::i64()), mkConst(4294967295LL, IntType::i64())))};
  Sym at = toMath(mkBin(SymOp::Mul, r, hidden, IntType::u32()));
  Sym extent = toMath(mkBin(SymOp::Mul, rows, hidden, IntType::u32()));
  ob.property = mkCmp(SymOp::Le, add(mulC(at, 4), mulC(toMath(hidden), 4)), mulC(extent, 4));
  BudgetedSolver bs;
  Solver &solver = bs.solver;
  Verdict v = solver.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  CHECK(v.status == Status::Proved);
  // Without the host's refusal the products may wrap: not proved.
  ob.context.pop_back();
  Verdict w = solver.check(ob);
  INFO(statusName(w.status) << ": " << w.reason);
  CHECK(w.status != Status::Proved);
}

// `x & (2^n - 1)` and `x & ~(2^n - 1)` on a signed value that may be
// negative are exact (two's complement: x mod 2^n, x - x mod 2^n), not an
// unknown: ops-math pad_v3 picks its ping-pong event by `(idx + 1) & 1` on an
// int32_t index, and every pairing question was `unknown` for it.
TEST_CASE("solver: masks on a signed value of either sign", "[solver]") {
  Sym x = mkVar("x", IntType::i32());
  auto ask = [](Sym property) {
    Obligation ob;
    ob.check = "test";
    ob.property = property;
    Solver solver(2000);
    return solver.check(ob);
  };
  Sym low = mkBin(SymOp::BitAnd, x, mkConst(1, IntType::i32()), IntType::i32());
  Verdict v =
      ask(mkOr(mkCmp(SymOp::Eq, low, mkConst(0, IntType::i32())), mkCmp(SymOp::Eq, low, mkConst(1, IntType::i32()))));
  INFO(v.reason);
  CHECK(v.status == Status::Proved);
  // -3 & 1 == 1: the counterexample to "x & 1 == 0 for x < 0" exists.
  Verdict odd =
      ask(mkOr(mkCmp(SymOp::Ge, x, mkConst(0, IntType::i32())), mkCmp(SymOp::Eq, low, mkConst(0, IntType::i32()))));
  CHECK(odd.status != Status::Proved);
  CHECK(odd.status != Status::Unknown);
  // x & ~31 never exceeds x and lies within 31 below it, for either sign.
  Sym down = mkBin(SymOp::BitAnd, x, mkConst(~int64_t(31), IntType::i32()), IntType::i32());
  Verdict d = ask(mkAnd(mkCmp(SymOp::Le, toMath(down), toMath(x)),
                        mkCmp(SymOp::Le, toMath(x), mkBin(SymOp::Add, toMath(down), mkConst(31), IntType::math()))));
  INFO(d.reason);
  CHECK(d.status == Status::Proved);
  // x & -1 (every bit) is not a mask of low bits: still not modelled.
  Sym all = mkBin(SymOp::BitAnd, x, mkConst(-1, IntType::i32()), IntType::i32());
  CHECK(ask(mkCmp(SymOp::Eq, all, x)).status == Status::Unknown);
}

TEST_CASE("solver: a quotient by an input over a loop index is not quantified", "[solver]") {
  // `x / t != (n + 7) / t` with -100 <= x <= n + 7 (a signed index: the
  // quotient is Z3's own division, not a named one): the execution x = n + 7
  // fails it for every input, so question 2 ("does it fail for every
  // input?") would say violated. It would quantify over x a quotient by the
  // input t, where Z3 4.8.12's SMT core ignored the interrupt for seconds
  // at a time (ops-math transpose: the file was killed, nothing kept); it
  // is not asked, and the failure is a counterexample, not an error.
  Sym n = mkVar("n", IntType::u32());
  Sym t = mkVar("t", IntType::u32());
  Sym x = mkVar("x", IntType::i32(), VarRole::Internal);
  Sym last = mkBin(SymOp::Add, toMath(n), mkConst(7, IntType::math()), IntType::math());
  Obligation ob;
  ob.check = "test";
  ob.context.push_back(mkCmp(SymOp::Ge, t, mkConst(1, IntType::u32())));
  ob.context.push_back(mkCmp(SymOp::Ge, toMath(x), mkConst(-100, IntType::math())));
  ob.context.push_back(mkCmp(SymOp::Le, toMath(x), last));
  ob.property = mkCmp(SymOp::Ne, mkBin(SymOp::Div, toMath(x), toMath(t), IntType::math()),
                      mkBin(SymOp::Div, last, toMath(t), IntType::math()));
  BudgetedSolver bs;
  Verdict v = bs.solver.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  CHECK(v.status == Status::Counterexample);
  CHECK(bs.solver.stats().backstops == 0);
  // Not asked. (It could not have said more here: asked, it spent
  // 1,000,000 units on unknown.)
  CHECK(bs.solver.stats().quantified == 0);
}
