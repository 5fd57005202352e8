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
