// Obligations equal up to a renaming of their variables are decided once
// (rules/ProofMemo.cpp): every inlined copy of a helper, loop body or build
// configuration has variables of its own, and the same query again.
#include "checker/ir/Budget.h"
#include "rules/Check.h"
#include "rules/ProofMemo.h"

#include <chrono>

#include <catch2/catch.hpp>

using namespace alint;

namespace {

// "off * 4 is 32-byte aligned" inside a loop 0 <= i < n, off = i * 8 + k:
// one copy of an align-address obligation, with variables of its own.
Obligation copyOf(int64_t k, IntType it = IntType::u32(), VarRole iRole = VarRole::Internal,
                  const std::string &iName = "i") {
  Sym n = mkVar("n", IntType::u32());
  Sym i = mkVar(iName, it, iRole);
  Sym off = mkBin(SymOp::Add, mkBin(SymOp::Mul, i, mkConst(8, it), it), mkConst(k, it), it);
  Obligation ob;
  ob.check = "align-address";
  ob.property = mkCmp(SymOp::Eq, mkBin(SymOp::Rem, mulC(toMath(off), 4), mkConst(32), IntType::math()), mkConst(0));
  ob.context = {mkCmp(SymOp::Lt, toMath(i), toMath(n)), mkCmp(SymOp::Le, toMath(n), mkConst(64))};
  ob.report = {{"offset", mulC(toMath(off), 4)}};
  return ob;
}

// "i < 64" inside that loop: proved by the context, not by divisibility.
Obligation boundCopy() {
  Obligation ob = copyOf(0);
  Sym i = ob.context[0]->args[0];
  ob.property = mkCmp(SymOp::Lt, i, mkConst(64));
  ob.report.clear();
  return ob;
}

} // namespace

TEST_CASE("proof memo: copies with variables of their own share a key, other shapes do not", "[memo]") {
  std::string a = canonicalObligationKey(copyOf(0));
  REQUIRE(!a.empty());
  CHECK(a == canonicalObligationKey(copyOf(0)));                                 // fresh n and i: the same query
  CHECK(a != canonicalObligationKey(copyOf(1)));                                 // another constant
  CHECK(a != canonicalObligationKey(copyOf(0, IntType::i32())));                 // another type: other ranges
  CHECK(a != canonicalObligationKey(copyOf(0, IntType::u32(), VarRole::Input))); // input, not internal
  CHECK(a != canonicalObligationKey(copyOf(0, IntType::u32(), VarRole::Internal, "j"))); // printed name
  // x + y is not x + x: the renaming is one-to-one.
  Sym x = mkVar("x", IntType::u32()), y = mkVar("x", IntType::u32());
  Obligation two, one;
  two.property = mkCmp(SymOp::Le, toMath(x), toMath(y));
  one.property = mkCmp(SymOp::Le, toMath(x), toMath(x));
  CHECK(canonicalObligationKey(two) != canonicalObligationKey(one));
}

TEST_CASE("proof memo: a repeated copy is answered without Z3, with the same verdict", "[memo]") {
  Solver solver(2000);
  Verdict first = checkMemoised(solver, copyOf(0));
  CHECK(first.status == Status::Proved);
  Verdict bad = checkMemoised(solver, copyOf(1)); // off = i * 8 + 1: 4 bytes past a block
  REQUIRE(bad.status == Status::Violated);
  unsigned asked = solver.stats().queries;
  Verdict again = checkMemoised(solver, copyOf(0));
  Verdict badAgain = checkMemoised(solver, copyOf(1));
  CHECK(solver.stats().queries == asked); // neither reached the solver
  CHECK(again.status == Status::Proved);
  CHECK(badAgain.status == Status::Violated);
  CHECK(badAgain.counterexample == bad.counterexample);
  CHECK(badAgain.reportValues == bad.reportValues);
}

TEST_CASE("proof memo: an unknown the file's clock cut short is asked again", "[memo]") {
  Solver solver(2000);
  Budget spent;
  spent.deadline = Budget::Clock::now() - std::chrono::seconds(1);
  solver.setBudget(&spent);
  Verdict first = checkMemoised(solver, boundCopy());
  REQUIRE(first.status == Status::Unknown);
  Budget fresh;
  solver.setBudget(&fresh);
  CHECK(checkMemoised(solver, boundCopy()).status == Status::Proved);
}

TEST_CASE("proof memo: an unknown from an opaque value is kept", "[memo]") {
  Solver solver(2000);
  auto opaqueCopy = [] {
    Obligation ob;
    Sym v = mkOpaque("a value the frontend does not track", IntType::u32());
    ob.property = mkCmp(SymOp::Lt, toMath(v), mkConst(100));
    return ob;
  };
  Verdict first = checkMemoised(solver, opaqueCopy());
  REQUIRE(first.status == Status::Unknown);
  unsigned asked = solver.stats().queries;
  Verdict again = checkMemoised(solver, opaqueCopy());
  CHECK(solver.stats().queries == asked);
  CHECK(again.status == Status::Unknown);
  CHECK(again.reason == first.reason);
}

TEST_CASE("proof memo: divisibility by powers of two is proved without Z3, in each node's type", "[memo]") {
  IntType u32 = IntType::u32(), u8{8, false, false};
  Sym h = mkVar("h", u32);
  auto aligned = [](Sym e, int64_t c, IntType t) {
    return mkCmp(SymOp::Eq, mkBin(SymOp::Rem, e, mkConst(c, t), t), mkConst(0, t));
  };
  // (98304 + h * 256 * 4) % 32 == 0 in uint32_t: wraps modulo 2^32, still a multiple of 32.
  Sym off = mkBin(SymOp::Add, mkConst(98304, u32),
                  mkBin(SymOp::Mul, mkBin(SymOp::Mul, h, mkConst(256, u32), u32), mkConst(4, u32), u32), u32);
  CHECK(provedByDivisibility(aligned(off, 32, u32)));
  CHECK(
      provedByDivisibility(mkAnd(aligned(off, 32, u32), aligned(mkBin(SymOp::Shl, h, mkConst(5, u32), u32), 32, u32))));
  // Not shown this way: a term that is not a multiple, another modulus, a wrap below the modulus.
  CHECK_FALSE(provedByDivisibility(aligned(mkBin(SymOp::Add, off, mkConst(4, u32), u32), 32, u32)));
  CHECK_FALSE(provedByDivisibility(aligned(mkBin(SymOp::Mul, h, mkConst(12, u32), u32), 8, u32)));
  CHECK_FALSE(provedByDivisibility(aligned(off, 96, u32)));
  Sym h8 = mkVar("h8", u8);
  CHECK_FALSE(provedByDivisibility(aligned(mkBin(SymOp::Mul, h8, mkConst(64, u8), u8), 128, u8)));
  // A multiple of 256 wrapped into 8 bits is 0: a multiple of anything.
  CHECK(provedByDivisibility(aligned(mkBin(SymOp::Mul, h8, mkConst(0x100, IntType::u32()), u8), 128, u8)));
  CHECK_FALSE(provedByDivisibility(mkCmp(SymOp::Eq, h, mkConst(0, u32))));
  // Exact quotients by powers of two: (h * 64) / 2 and (h * 64) >> 1 are multiples of 32, (h * 32) / 2 is not.
  Sym h64 = mkBin(SymOp::Mul, h, mkConst(64, u32), u32);
  CHECK(provedByDivisibility(aligned(mkBin(SymOp::Div, h64, mkConst(2, u32), u32), 32, u32)));
  CHECK(provedByDivisibility(aligned(mkBin(SymOp::Shr, h64, mkConst(1, u32), u32), 32, u32)));
  CHECK_FALSE(provedByDivisibility(
      aligned(mkBin(SymOp::Div, mkBin(SymOp::Mul, h, mkConst(32, u32), u32), mkConst(2, u32), u32), 32, u32)));
  CHECK_FALSE(provedByDivisibility(aligned(mkBin(SymOp::Div, h64, mkConst(6, u32), u32), 32, u32)));
  // By an element size chosen per dtype (2 or 4 bytes): h * 64 / size is a multiple of 16, not of 32.
  Sym dt = mkVar("dtype", u32);
  Sym size = mkSelect(mkCmp(SymOp::Eq, dt, mkConst(1, u32)), mkConst(2, u32), mkConst(4, u32));
  CHECK(provedByDivisibility(aligned(mkBin(SymOp::Div, h64, size, u32), 16, u32)));
  CHECK_FALSE(provedByDivisibility(aligned(mkBin(SymOp::Div, h64, size, u32), 32, u32)));
  CHECK_FALSE(provedByDivisibility(aligned(
      mkBin(SymOp::Div, h64, mkSelect(mkCmp(SymOp::Eq, dt, mkConst(1, u32)), mkConst(2, u32), mkConst(3, u32)), u32),
      16, u32)));
  // A variable the context defines: tail == (blocks / cores) * 16 elements of 2 bytes (the host's formula).
  Sym tail = mkVar("tail", u32), blocks = mkVar("blocks", u32), cores = mkVar("cores", u32);
  Sym def = mkCmp(SymOp::Eq, tail, mkBin(SymOp::Mul, mkBin(SymOp::Div, blocks, cores, u32), mkConst(16, u32), u32));
  Sym bytes = aligned(mkBin(SymOp::Mul, tail, mkConst(2, u32), u32), 32, u32);
  CHECK(provedByDivisibility(bytes, {def}));
  CHECK_FALSE(provedByDivisibility(bytes));
  CHECK_FALSE(provedByDivisibility(bytes, {mkCmp(SymOp::Le, tail, mkConst(16, u32))}));
  // A definition through itself proves nothing.
  CHECK_FALSE(provedByDivisibility(bytes, {mkCmp(SymOp::Eq, tail, mkBin(SymOp::Add, tail, mkConst(16, u32), u32))}));
  // And the solver agrees on the proved one.
  Solver solver(2000);
  Obligation ob;
  ob.property = aligned(off, 32, u32);
  CHECK(checkMemoised(solver, ob).status == Status::Proved);
  CHECK(solver.stats().queries == 0);
}

TEST_CASE("passes: a question the first pass's cap leaves open is marked, not cached for the uncapped pass", "[memo]") {
  IntType u32 = IntType::u32();
  Sym x = mkVar("x", u32), y = mkVar("y", u32);
  // x * y <= 1000 * x for x, y <= 1000: non-linear, proved by its
  // relaxation (McCormick), not by the terms' intervals (both [0, 10^6]).
  Obligation ob;
  ob.check = "bounds-local";
  ob.property = mkCmp(SymOp::Le, mkBin(SymOp::Mul, x, y, IntType::u64()),
                      mkBin(SymOp::Mul, mkConst(1000, IntType::u64()), mkCast(x, IntType::u64()), IntType::u64()));
  ob.context = {mkCmp(SymOp::Le, x, mkConst(1000, u32)), mkCmp(SymOp::Le, y, mkConst(1000, u32))};
  Solver solver(2000);
  solver.setQueryCap(1, true); // far too few units for any try
  Verdict capped = checkMemoised(solver, ob);
  CHECK(capped.status == Status::Unknown);
  CHECK(capped.capped);
  CHECK(solver.stats().timeouts == 0); // asked again later: not a timeout
  // The same question again under the cap: replayed from the memo.
  unsigned asked = solver.stats().queries;
  CHECK(checkMemoised(solver, ob).capped);
  CHECK(solver.stats().queries == asked);
  // Without the cap it is asked again, and decided.
  solver.setQueryCap(0);
  Verdict full = checkMemoised(solver, ob);
  CHECK(full.status == Status::Proved);
  CHECK_FALSE(full.capped);
  CHECK(solver.stats().queries == asked + 1);
}

TEST_CASE("solveItems: an unknown is a counterexample only where Z3 was asked", "[memo]") {
  // A same-start race pair is a warning unless Z3 proves the two accesses
  // exclusive (ProofItem::unknownIsCounterexample); a question never asked,
  // the file's units spent before it, stays unknown: otherwise the finding
  // depends on how far the file got (on a loaded machine, its CPU time).
  Sym n = mkVar("n", IntType::u32());
  auto item = [&] {
    ProofItem it;
    it.ob.check = "sync-race";
    // Whether both accesses run: a question Z3 must search (not a constant).
    it.ob.property = mkCmp(SymOp::Gt, mkBin(SymOp::Rem, mulC(toMath(n), 7), mkConst(5), IntType::math()), mkConst(9));
    it.ob.context = {mkCmp(SymOp::Lt, toMath(n), mkConst(1000))};
    it.unknownIsCounterexample = true;
    it.worst = Status::Counterexample;
    it.message = [](const Verdict &) { return std::string("possible data race"); };
    return it;
  };
  Budget spent;
  spent.z3Units = 1;
  spent.spendZ3(1); // nothing left: the question is never asked
  Solver solver(300);
  solver.setBudget(&spent);
  std::vector<ProofItem> items = {item()};
  std::vector<SolvedItem> out = solveItems(items, solver, "");
  REQUIRE(out.size() == 1);
  CHECK(out[0].verdict.status == Status::Unknown);
  CHECK(out[0].verdict.reason.find("before this obligation") != std::string::npos);
}
