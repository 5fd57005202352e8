// simplifyUnder (checker/ir/SymExpr.h): host values folded under the path
// that computed them; and the solver's linear relaxation of non-linear
// questions (smt/Solver.cpp), which may prove but never refute.
#include "checker/ir/AddressTerms.h"
#include "checker/ir/SymExpr.h"
#include "smt/Solver.h"

#include <catch2/catch.hpp>

using namespace alint;

namespace {
std::optional<int64_t> at(const Sym &s, const std::map<std::string, int64_t> &env) {
  return evaluate(s, [&](const VarInfo &v) -> std::optional<int64_t> {
    auto it = env.find(v.name);
    return it == env.end() ? std::nullopt : std::optional<int64_t>(it->second);
  });
}
} // namespace

TEST_CASE("simplify: a select on a known literal picks its branch", "[simplify]") {
  Sym n = mkVar("n", IntType::i64());
  Sym c = mkCmp(SymOp::Le, n, mkConst(0, IntType::i64()));
  Sym v = mkSelect(c, mkConst(0, IntType::i64()), mkBin(SymOp::Add, n, mkConst(5, IntType::i64()), IntType::i64()));
  Sym s = simplifyUnder(v, {mkNot(c)});
  CHECK(s->op == SymOp::Add);
  // The complementary comparison counts as the literal's negation.
  CHECK(simplifyUnder(v, {mkCmp(SymOp::Gt, n, mkConst(0, IntType::i64()))})->op == SymOp::Add);
  // Nothing known: unchanged.
  CHECK(simplifyUnder(v, {})->op == SymOp::Select);
}

TEST_CASE("simplify: a variable's range decides a comparison with a constant", "[simplify]") {
  Sym core = mkVar("core", IntType::i64());
  std::vector<Sym> ranges = {mkCmp(SymOp::Ge, core, mkConst(1, IntType::i64())),
                             mkCmp(SymOp::Le, core, mkConst(65535, IntType::i64()))};
  Sym ub = mkSelect(mkNot(mkCmp(SymOp::Le, core, mkConst(0, IntType::i64()))), mkConst(196608, IntType::i64()),
                    mkConst(0, IntType::i64()));
  Sym s = simplifyUnder(ub, ranges);
  REQUIRE(asConst(s));
  CHECK(*asConst(s) == 196608);
}

TEST_CASE("simplify: a helper's status, checked by its caller, is what the path passed", "[simplify]") {
  Sym core = mkVar("core", IntType::i64());
  Sym bad = mkCmp(SymOp::Le, core, mkConst(0, IntType::i64()));
  // status = core <= 0 ? FAILED : SUCCESS; the caller goes on where status == 0.
  Sym status = mkSelect(bad, mkConst(4294967295, IntType::u32()), mkConst(0, IntType::u32()));
  Sym passed = mkNot(mkCmp(SymOp::Ne, status, mkConst(0, IntType::u32())));
  Sym v = mkSelect(bad, mkConst(0, IntType::i64()), core);
  Sym s = simplifyUnder(v, {passed});
  CHECK(s->op == SymOp::Var);
  // A merged path condition `c ? (p && !c) : q` is `!c && q`.
  Sym e = mkVar("e", IntType::i64());
  Sym empty = mkCmp(SymOp::Le, e, mkConst(0, IntType::i64()));
  Sym cond = mkSelect(empty, mkAnd(passed, mkNot(empty)), passed);
  Sym w = mkSelect(empty, mkConst(1, IntType::i64()), mkConst(2, IntType::i64()));
  CHECK(asConst(simplifyUnder(w, {cond})) == 2);
  CHECK(simplifyUnder(v, {cond})->op == SymOp::Var);
}

TEST_CASE("simplify: the result equals the input wherever the facts hold", "[simplify]") {
  Sym a = mkVar("a", IntType::i32()), b = mkVar("b", IntType::i32());
  Sym c1 = mkCmp(SymOp::Lt, a, b);
  Sym v = mkSelect(c1, mkBin(SymOp::Sub, b, a, IntType::i32()),
                   mkSelect(mkCmp(SymOp::Eq, a, b), mkConst(0, IntType::i32()), mkConst(-1, IntType::i32())));
  Sym fact = mkCmp(SymOp::Ge, a, b);
  Sym s = simplifyUnder(v, {fact});
  for (int64_t x = -3; x <= 3; ++x)
    for (int64_t y = -3; y <= 3; ++y)
      if (x >= y) {
        INFO(x << " " << y);
        CHECK(at(s, {{"a", x}, {"b", y}}) == at(v, {{"a", x}, {"b", y}}));
      }
}

TEST_CASE("simplify: a select's branches are simplified under its condition", "[simplify]") {
  // What a loop that fills a[i] leaves in the element: the value of the
  // path that wrote it, the opaque old value on paths that did not (an
  // early return before the loop, a `continue` after another write).
  Sym i = mkVar("i", IntType::i64()), n = mkVar("n", IntType::i64()), core = mkVar("core", IntType::i64());
  Sym early = mkCmp(SymOp::Gt, core, n);
  Sym zero = mkCmp(SymOp::Eq, i, mkConst(0, IntType::i64()));
  Sym old = mkOpaque("old value", IntType::i64());
  Sym f = mkBin(SymOp::Mul, i, mkConst(4, IntType::i64()), IntType::i64());
  // !early && !zero ? (!zero ? f : old) : (zero ? (!early ? 0 : old) : old)
  Sym v = mkSelect(mkAnd(mkNot(early), mkNot(zero)), mkSelect(mkNot(zero), f, old),
                   mkSelect(zero, mkSelect(mkNot(early), mkConst(0, IntType::i64()), old), old));
  Sym s = simplifyBranches(v, {mkNot(early)});
  CHECK_FALSE(containsOpaque(s));
  // Without the fact, a condition true in the then-branch is folded there.
  Sym w = mkSelect(mkAnd(mkNot(early), mkNot(zero)), mkSelect(mkNot(zero), f, old), old);
  CHECK(containsOpaque(simplifyUnder(w, {})->args[1]));
  CHECK_FALSE(containsOpaque(simplifyBranches(w, {})->args[1]));
  // Equal wherever the fact holds.
  for (int64_t x = 0; x <= 3; ++x)
    for (int64_t c = 0; c <= 2; ++c) {
      INFO(x << " " << c);
      CHECK(at(s, {{"i", x}, {"n", 2}, {"core", c}}) == (x == 0 ? 0 : 4 * x));
    }
  // Nothing known: the branches still fold under their own conditions
  // (the old value stays where the path did not write).
  Sym t = simplifyBranches(v, {});
  CHECK(containsOpaque(t));
  CHECK(at(t, {{"i", 2}, {"n", 2}, {"core", 1}}) == 8);
}

TEST_CASE("solver: an opaque value a conjunction of the facts rules out is not in the question", "[simplify][solver]") {
  // `j < n && loop < (j < n ? a : opaque)`: one fact whose own conjunct
  // rules out its opaque part (a loop bound read from a loop-filled array).
  Sym j = mkVar("j", IntType::i64()), n = mkVar("n", IntType::i64()), a = mkVar("a", IntType::i64());
  Sym loop = mkVar("loop", IntType::i64());
  Sym ran = mkCmp(SymOp::Lt, j, n);
  Sym bound = mkSelect(ran, a, mkOpaque("an element the loop did not write", IntType::i64()));
  Obligation ob;
  ob.check = "test";
  ob.property = mkCmp(SymOp::Lt, loop, mkConst(100, IntType::i64()));
  ob.context = {mkAnd(ran, mkCmp(SymOp::Lt, loop, bound))};
  Obligation out = withoutRuledOutOpaques(ob);
  bool any = containsOpaque(out.property);
  for (const Sym &c : out.context)
    any |= containsOpaque(c);
  CHECK_FALSE(any);
  // Two copies of one fact do not make each other `true`.
  Obligation twice = ob;
  twice.context = {mkCmp(SymOp::Lt, loop, bound), mkCmp(SymOp::Lt, loop, bound), ran};
  Obligation t = withoutRuledOutOpaques(twice);
  size_t kept = 0;
  for (const Sym &c : t.context)
    kept += !isTrue(c);
  CHECK(kept >= 2);
}

TEST_CASE("solver: the linear relaxation proves a tail bound over a quotient by a variable", "[simplify][solver]") {
  // blocks / cores by a variable core count; the tail of a core's share
  // (share - tile * (share / tile)) is below the tile whatever the quotient.
  Sym rows = mkVar("rows", IntType::u32()), cols = mkVar("cols", IntType::u32());
  Sym cores = mkVar("cores", IntType::u32());
  Sym blocks = mkBin(SymOp::Mul, rows, cols, IntType::u32());
  Sym share = mkBin(SymOp::Div, mkBin(SymOp::Add, blocks, mkVar("extra", IntType::u32()), IntType::u32()), cores,
                    IntType::u32());
  Sym tile = mkConst(1024, IntType::u32());
  Sym tail =
      mkBin(SymOp::Sub, share, mkBin(SymOp::Mul, tile, mkBin(SymOp::Div, share, tile, IntType::u32()), IntType::u32()),
            IntType::u32());
  Obligation ob;
  ob.check = "test";
  ob.context = {mkCmp(SymOp::Ge, cores, mkConst(1, IntType::u32())),
                mkCmp(SymOp::Le, cores, mkConst(64, IntType::u32()))};
  ob.property = mkCmp(SymOp::Lt, tail, tile);
  Solver s(2000);
  CHECK(s.check(ob).status == Status::Proved);
  CHECK(s.stats().relaxProofs == 1); // decided by the relaxation, before the exact tries
  // A false property over the same quotient is not proved: the relaxation
  // only proves; its models are not taken as counterexamples.
  ob.property = mkCmp(SymOp::Lt, share, mkConst(1024, IntType::u32()));
  CHECK(s.check(ob).status != Status::Proved);
  CHECK(s.stats().relaxProofs == 1);
}

TEST_CASE("simplify: (x * k) / x is k where x is not 0 and the product cannot wrap", "[simplify]") {
  IntType u64 = IntType::u64();
  Sym size = mkVar("size", IntType::i64());
  Sym n = mkCast(size, u64);
  Sym k = mkVar("k", IntType::u32());
  Sym q = mkBin(SymOp::Div, mkBin(SymOp::Mul, n, mkCast(k, u64), u64), n, u64);
  std::vector<Sym> ranges = {mkCmp(SymOp::Ge, toMath(size), mkConst(0)),
                             mkCmp(SymOp::Le, toMath(size), mkConst(int64_t(1) << 48)),
                             mkCmp(SymOp::Le, toMath(k), mkConst(16))};
  Sym nonZero = mkNot(mkCmp(SymOp::Eq, n, mkConst(0, u64)));
  std::vector<Sym> known = ranges;
  known.push_back(nonZero);
  Sym s = simplifyUnder(q, known);
  INFO(toString(s));
  CHECK(at(s, {{"k", 4}}) == 4); // no `size` left in it
  // x may be 0: kept (a quotient by 0 is not k).
  CHECK(simplifyUnder(q, ranges)->op == SymOp::Div);
  // The product may wrap (no bound on k): kept.
  CHECK(simplifyUnder(q, {ranges[0], ranges[1], nonZero})->op == SymOp::Div);
}

TEST_CASE("simplify: a scaled quotient and a remainder written out are folded where nothing wraps", "[simplify]") {
  IntType u64 = IntType::u64();
  Sym blocks = mkVar("blocks", u64);
  Sym cores = mkVar("cores", u64);
  // Q = blocks / (cores == 0 ? 1 : cores): never a quotient by 0.
  Sym q = mkBin(SymOp::Div, blocks, mkSelect(mkCmp(SymOp::Eq, cores, mkConst(0, u64)), mkConst(1, u64), cores), u64);
  auto k = [&](int64_t v) { return mkConst(v, u64); };
  std::vector<Sym> ranges = {mkCmp(SymOp::Le, toMath(blocks), mkConst(int64_t(1) << 35)),
                             mkCmp(SymOp::Le, toMath(cores), mkConst(65535))};
  // (Q * 32) / 4 is Q * 8.
  Sym elems = mkBin(SymOp::Div, mkBin(SymOp::Mul, q, k(32), u64), k(4), u64);
  Sym e = simplifyUnder(elems, ranges);
  INFO(toString(e));
  CHECK(e->op == SymOp::Mul);
  // Q * 8 - 8192 * (Q / 1024), the tail of a tiling in 1024-block tiles, is
  // 8 * (Q % 1024): within [0, 8184], which the interval analysis now knows.
  Sym tail = mkBin(SymOp::Sub, mkBin(SymOp::Mul, q, k(8), u64),
                   mkBin(SymOp::Mul, k(8192), mkBin(SymOp::Div, q, k(1024), u64), u64), u64);
  Sym t = simplifyUnder(tail, ranges);
  INFO(toString(t));
  Interval it = intervalOf(t);
  CHECK(it.lo == 0);
  CHECK(it.hi == 8184);
  for (int64_t b : {0, 1, 1023, 1024, 5000, 123456789})
    for (int64_t c : {0, 1, 3, 48})
      CHECK(at(t, {{"blocks", b}, {"cores", c}}) == at(tail, {{"blocks", b}, {"cores", c}}));
  // Unbounded, Q * 8 may wrap in 64 bits, and the identity still holds:
  // both sides are one value modulo 2^64 (unsigned arithmetic is a ring).
  Sym wide = simplifyUnder(tail, {ranges[1]});
  INFO(toString(wide));
  CHECK(wide->op == SymOp::Mul);
  for (int64_t b : {int64_t(-1), int64_t(-1024), INT64_MAX, INT64_MIN + 5, int64_t(1) << 61})
    for (int64_t c : {0, 1, 3})
      CHECK(at(wide, {{"blocks", b}, {"cores", c}}) == at(tail, {{"blocks", b}, {"cores", c}}));
  // Signed, a wrap is not the program's arithmetic: kept as written.
  IntType i64 = IntType::i64();
  Sym sq = mkVar("sq", i64);
  auto ks = [&](int64_t v) { return mkConst(v, i64); };
  Sym stail = mkBin(SymOp::Sub, mkBin(SymOp::Mul, sq, ks(8), i64),
                    mkBin(SymOp::Mul, ks(8192), mkBin(SymOp::Div, sq, ks(1024), i64), i64), i64);
  CHECK(simplifyUnder(stail, {})->op == SymOp::Sub);
}

TEST_CASE("a select that is a min or max of a term and a constant has the constant's bound") {
  // `n - i * 128 < 128 ? n - i * 128 : 128`: what UpdateMask leaves for the
  // last iteration of a VF loop, at most 128 lanes, whatever n and i are.
  Sym n = mkVar("n", IntType::math()), i = mkVar("i", IntType::math());
  Sym rest = sub(n, mulC(i, 128));
  Sym lanes = mkSelect(mkCmp(SymOp::Lt, rest, mkConst(128)), rest, mkConst(128));
  CHECK(intervalOf(lanes).hi == 128);
  // Written the other way round (`128 > rest`), and as a max (`rest > 8 ? rest : 8`).
  Sym swapped = mkSelect(mkCmp(SymOp::Gt, mkConst(128), rest), rest, mkConst(128));
  CHECK(intervalOf(swapped).hi == 128);
  Sym atLeast = mkSelect(mkCmp(SymOp::Gt, rest, mkConst(8)), rest, mkConst(8));
  CHECK(intervalOf(atLeast).lo == 8);
  // A branch that is not the compared term keeps its own range.
  Sym other = mkSelect(mkCmp(SymOp::Lt, rest, mkConst(128)), n, mkConst(128));
  CHECK(intervalOf(other).hi > 128);
}

TEST_CASE("a select's branch is bounded by what its condition says of a variable") {
  // Host code giving a small input one core: cores = n <= 32768 ? 1 :
  // min(48, n / 32). In the else branch n > 32768, so n / 32 >= 1024 and the
  // divisor is at least 1: the per-core quotient is at most n.
  IntType u64 = IntType::u64();
  Sym n = mkVar("n", u64);
  auto k = [&](int64_t v) { return mkConst(v, u64); };
  Sym blocks = mkBin(SymOp::Div, n, k(32), u64);
  Sym minCores = mkSelect(mkCmp(SymOp::Lt, k(48), blocks), k(48), blocks);
  Sym cores = mkSelect(mkCmp(SymOp::Le, mkCast(n, IntType::math()), mkConst(32768)), k(1), minCores);
  Interval c = intervalOf(cores);
  CHECK(c.lo == 1);
  CHECK(c.hi == 48);
  VarBounds vb{{n->var->id, Interval{0, int64_t(1) << 36}}};
  Interval q = intervalOf(mkBin(SymOp::Div, n, cores, u64), &vb);
  CHECK(q.lo == 0);
  CHECK(q.hi == (int64_t(1) << 36));
  // Without the condition the divisor may be 0 (n / 32 of a small n): a
  // division by zero is undefined (the host or the core traps), so the
  // defined executions divide by at least 1, and so does the remainder.
  Interval loose = intervalOf(mkBin(SymOp::Div, n, minCores, u64), &vb);
  CHECK(loose.hi == (int64_t(1) << 36));
  Interval rem = intervalOf(mkBin(SymOp::Rem, n, minCores, u64), &vb);
  CHECK(rem.lo == 0);
  CHECK(rem.hi == 47);
  // A variable compared with a term of known range: `n <= (c ? 6144 :
  // 12288)` leaves n at most 12288 in the then branch, above 6144 in the else.
  Sym fp32 = mkVar("fp32", IntType::boolean());
  Sym limit = mkSelect(fp32, k(6144), k(12288));
  Sym pick = mkSelect(mkCmp(SymOp::Le, n, limit), n, k(0));
  CHECK(intervalOf(pick, &vb).hi == 12288);
  Sym per = mkSelect(mkCmp(SymOp::Le, n, limit), k(1), mkBin(SymOp::Div, n, k(6145), u64));
  CHECK(intervalOf(per, &vb).lo == 1);
  // Conditions the branch cannot meet: `n < 0` of an unsigned n never holds.
  Sym never = mkSelect(mkCmp(SymOp::Gt, mkCast(n, IntType::math()), mkConst(int64_t(1) << 40)), k(7), k(3));
  Interval nv = intervalOf(never, &vb);
  CHECK(nv.lo == 3);
  CHECK(nv.hi == 3);
  // A condition the variable's type rules out (`n < 0` of an unsigned n)
  // leaves its branch no value: never a range with lo > hi, which divided
  // by (`x / (n + 1)` there) was a division by zero in the analysis itself
  // (ops-math stft crashed with SIGFPE).
  Sym x = mkVar("x", u64);
  Sym impossible = mkSelect(mkCmp(SymOp::Lt, mkCast(n, IntType::math()), mkConst(0)),
                            mkBin(SymOp::Div, x, mkBin(SymOp::Add, n, k(1), u64), u64), k(7));
  Interval iv = intervalOf(impossible);
  CHECK(iv.lo == 7);
  CHECK(iv.hi == 7);
  // A condition joined with || says nothing of the then branch alone.
  Sym either = mkSelect(mkOr(mkCmp(SymOp::Le, n, k(4)), mkCmp(SymOp::Eq, mkVar("m", u64), k(0))), n, k(0));
  CHECK(intervalOf(either).hi == (__int128)UINT64_MAX);
}

TEST_CASE("two addresses are compared without the terms they share") {
  // i * S * 4 against (i + 1) * S * 4 (a tile loop's copies, one iteration
  // apart): 0 against S * 4, the products gone.
  IntType i64 = IntType::i64();
  Sym i = mkVar("i", i64), S = mkVar("S", i64), base = mkVar("base", i64);
  Sym a = mkBin(SymOp::Mul, mkBin(SymOp::Mul, i, S, i64), mkConst(4, i64), i64);
  Sym b =
      mkBin(SymOp::Mul, mkBin(SymOp::Mul, mkBin(SymOp::Add, i, mkConst(1, i64), i64), S, i64), mkConst(4, i64), i64);
  cancelCommonTerms(a, b);
  CHECK(toString(a) == "0");
  CHECK(toString(b) == "S * 4");
  // A shared base, factors in another order, on both sides.
  Sym c = add(base, mul(S, i)), d = add(mul(i, S), add(base, mkConst(32)));
  cancelCommonTerms(c, d);
  CHECK(toString(c) == "0");
  CHECK(toString(d) == "32");
  // Different coefficients are not shared; nothing changes.
  Sym e = mulC(i, 2), f = mulC(i, 3);
  Sym e0 = e, f0 = f;
  cancelCommonTerms(e, f);
  CHECK(e.get() == e0.get());
  CHECK(f.get() == f0.get());
  // A narrow (32-bit) product stays whole: it may wrap.
  IntType u32 = IntType::u32();
  Sym j = mkVar("j", u32), T = mkVar("T", u32);
  Sym g = mkBin(SymOp::Mul, mkBin(SymOp::Add, j, mkConst(1, u32), u32), T, u32), h = mkBin(SymOp::Mul, j, T, u32);
  Sym g0 = g, h0 = h;
  cancelCommonTerms(g, h);
  CHECK(g.get() == g0.get());
  CHECK(h.get() == h0.get());
  // A constant too large to rebuild exactly leaves both unchanged.
  Sym big = add(i, mkConst(INT64_MAX)), small = add(i, mkConst(5));
  Sym big0 = big, small0 = small;
  cancelCommonTerms(big, small);
  CHECK(big.get() == big0.get());
  CHECK(small.get() == small0.get());
  // Overlap is kept: for every value the difference of the two is unchanged.
  Sym p = add(base, mul(i, S)), q = add(base, mul(add(i, mkConst(2)), S));
  Sym p1 = p, q1 = q;
  cancelCommonTerms(p1, q1);
  for (int64_t iv : {0, 3, 7})
    for (int64_t sv : {1, 5, 64}) {
      auto env = [&](const VarInfo &v) -> std::optional<int64_t> {
        return v.name == "i" ? iv : v.name == "S" ? sv : std::optional<int64_t>(1000);
      };
      CHECK(*evaluate(q, env) - *evaluate(p, env) == *evaluate(q1, env) - *evaluate(p1, env));
    }
}

TEST_CASE("terms: whether a term holds an opaque value follows its parts through every rewrite", "[simplify]") {
  // The flag is set where a node is made (SymExpr.cpp finish): the solver asks
  // it of every fact of every question instead of walking the term.
  Sym n = mkVar("n", IntType::u32());
  Sym lost = mkOpaque("a value the frontend lost", IntType::u32());
  Sym plain = mkBin(SymOp::Add, n, mkConst(1, IntType::u32()), IntType::u32());
  Sym withLost = mkCmp(SymOp::Lt, mkBin(SymOp::Mul, plain, lost, IntType::u32()), mkConst(4096, IntType::u32()));
  CHECK_FALSE(containsOpaque(plain));
  CHECK(containsOpaque(withLost));
  CHECK(containsOpaque(mkAnd(mkCmp(SymOp::Gt, n, mkConst(0, IntType::u32())), withLost)));
  CHECK_FALSE(containsOpaque(nullptr));
  // Replaced by a known value, the opaque is gone from the rebuilt term.
  uint32_t lostId = lost->var->id;
  Sym known = substitute(
      withLost, [&](const VarInfo &v) -> Sym { return v.id == lostId ? mkConst(2, IntType::u32()) : nullptr; });
  CHECK_FALSE(containsOpaque(known));
  // An opaque put in an input's place makes the term opaque.
  Sym swapped = substitute(plain, [&](const VarInfo &v) -> Sym { return v.name == "n" ? lost : nullptr; });
  CHECK(containsOpaque(swapped));
}

TEST_CASE("terms: rendering a shared term is bounded; text is no identity", "[simplify]") {
  // A host contract is a DAG: each level below uses the one above twice, so
  // its tree, written out, doubles per level (ops-math arg_max_v2's fields:
  // 1.5 GB). The text stops at its limit.
  Sym x = mkVar("x", IntType::i64());
  Sym t = x;
  for (int i = 0; i < 64; ++i)
    t = mkSelect(mkCmp(SymOp::Gt, t, mkConst(i)), t, mkBin(SymOp::Add, t, mkConst(1), IntType::i64()));
  std::string s = toString(t, 200);
  CHECK(s.size() <= 203);
  CHECK(s.substr(s.size() - 3) == "...");
  CHECK(toString(mkBin(SymOp::Add, x, mkConst(1), IntType::i64())) == "x + 1");
  // Two opaque values read alike but are different values: equality of
  // terms is structural (the frontend's "same condition" tests once
  // compared text, and took one lost condition for another).
  Sym a = mkOpaque("one lost value", IntType::i64()), b = mkOpaque("another", IntType::i64());
  CHECK(toString(a) == toString(b));
  CHECK_FALSE(structurallyEqual(a, b));
  CHECK(structurallyEqual(t, t));
}

TEST_CASE("simplify: a host's accepted-input select becomes conjuncts", "[simplify]") {
  Sym n = mkVar("x.shape[1]", IntType::i64()), r = mkVar("x.shape.rank", IntType::i64());
  Sym fail = mkOr(mkCmp(SymOp::Le, n, mkConst(0, IntType::i64())), mkCmp(SymOp::Gt, n, mkConst(4096, IntType::i64())));
  Sym same = mkCmp(SymOp::Eq, r, mkConst(2, IntType::i64()));
  // As the host's path merge writes it: fail ? (same && !fail) : same.
  Sym merged = mkSelect(fail, mkAnd(same, mkNot(fail)), same);
  Sym logic = boolSelectsAsLogic(merged);
  REQUIRE(logic->op == SymOp::LAnd);
  // The same truth value wherever it is evaluated.
  for (int64_t nv : {-1, 0, 1, 4096, 4097})
    for (int64_t rv : {1, 2}) {
      auto env = [&](const VarInfo &v) -> std::optional<int64_t> { return v.id == n->var->id ? nv : rv; };
      CHECK(evaluate(merged, env) == evaluate(logic, env));
    }
  // Its conjuncts bound the dimension, as a select did not.
  Obligation ob;
  ob.check = "capacity-overflow";
  ob.context = {logic};
  ob.property = mkCmp(SymOp::Le, mkBin(SymOp::Mul, n, mkConst(4, IntType::i64()), IntType::i64()),
                      mkConst(16384, IntType::i64()));
  Solver s(2000);
  CHECK(s.check(ob).status == Status::Proved);
  CHECK(s.stats().rangeProofs == 1);
  // Other selects between truth values stay.
  Sym plain = mkSelect(same, fail, mkNot(fail));
  CHECK(boolSelectsAsLogic(plain)->op == SymOp::Select);
}

TEST_CASE("solver: the linear relaxation looks again with all the question's units after the exact tries",
          "[simplify][solver]") {
  // ops-math fill's tail: share = blocks / cores (a quotient by a variable),
  // loops = share / 2048 + (share % 65536 != 0), tail = 32 * share - 65536 *
  // (loops - 1), all in uint32_t, 65536 where it is 0. The tail never
  // exceeds 65536; the relaxation proves it in about 800,000 of
  // theory_arith's units, more than its first look's quarter of the question.
  IntType u32 = IntType::u32();
  auto k = [&](int64_t v) { return mkConst(v, u32); };
  Sym cores = mkVar("cores", u32);
  Sym share = mkBin(SymOp::Div, mkVar("blocks", u32), cores, u32);
  Sym loops = mkBin(SymOp::Add, mkBin(SymOp::Div, share, k(2048), u32),
                    mkSelect(mkCmp(SymOp::Eq, mkBin(SymOp::Rem, share, k(65536), u32), k(0)), k(0), k(1)), u32);
  Sym raw = mkBin(SymOp::Sub, mkBin(SymOp::Mul, k(32), share, u32),
                  mkBin(SymOp::Mul, k(65536), mkBin(SymOp::Sub, loops, k(1), u32), u32), u32);
  Sym tail = mkSelect(mkCmp(SymOp::Eq, raw, k(0)), k(65536), raw);
  Obligation ob;
  ob.check = "test";
  ob.context = {mkCmp(SymOp::Ge, cores, k(1)), mkCmp(SymOp::Le, cores, k(64))};
  ob.property = mkCmp(SymOp::Le, tail, k(65536));
  // 10 ms of units (5,000): the first look and the exact tries run out
  // (Z3 4.8.12, the version CI installs); the second look proves it.
  Solver s(10);
  CHECK(s.check(ob).status == Status::Proved);
  CHECK(s.stats().relaxProofs == 1);
  CHECK(s.stats().relaxLateProofs == 1);
  // Half of that: nothing proves it.
  Solver few(5);
  CHECK(few.check(ob).status == Status::Unknown);
  CHECK(few.stats().relaxProofs == 0);
  // A property that fails (the tail is 65536 where 2048 divides the share)
  // is not proved by the second look either.
  ob.property = mkCmp(SymOp::Lt, tail, k(65536));
  Solver f(10);
  CHECK(f.check(ob).status != Status::Proved);
  CHECK(f.stats().relaxProofs == 0);
}
