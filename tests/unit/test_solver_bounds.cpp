// Z3 calls end within their budget (issue 19): a "for every input" question
// over a deep loop nest once made Z3's SMT core spin with no resource units
// counted and the interrupt ignored (> 60 s; the worker was killed).
#include "checker/ir/Budget.h"
#include "smt/Solver.h"

#include <catch2/catch.hpp>

#include <chrono>

using namespace alint;

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
  Budget budget;
  budget.deadline = Budget::Clock::now() + std::chrono::seconds(60);
  budget.z3Units = 2000 * kZ3UnitsPerMs;
  Solver solver(2000);
  solver.setBudget(&budget);
  Verdict v = solver.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  CHECK(v.status == Status::Unknown);
  CHECK(v.reason.find("not followed") != std::string::npos);
  CHECK(solver.stats().backstops == 0);
}
