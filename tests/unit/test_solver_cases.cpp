// Non-linear questions whose factor takes a few constant values are asked
// once per value (smt/Solver.cpp checkByCases), and the interval facts that
// keep those questions free of wrap-arounds (checker/ir/SymExpr.cpp).
#include "checker/ir/SymExpr.h"
#include "rules/ProofMemo.h"
#include "smt/Solver.h"

#include <catch2/catch.hpp>

using namespace alint;

namespace {

// The tiling of most ops-math element-wise kernels: the host's tile is 1 for
// an empty input and a UB-derived constant otherwise; the kernel's loop runs
// ceil(len / tile) times and its last tile is `len - tile * i`.
struct TailLoop {
  Sym size = mkVar("x.size", IntType::i64());
  Sym tile = mkVar("tilingData.tileLength", IntType::u32());
  Sym len = mkVar("blockLength", IntType::i64());
  Sym i = mkVar("i", IntType::i64(), VarRole::Internal);
  Sym tile64 = mkCast(tile, IntType::i64());
  Sym current;
  std::vector<Sym> context;

  TailLoop() {
    Sym one = mkConst(1, IntType::i64());
    Sym loops =
        mkBin(SymOp::Div, mkBin(SymOp::Sub, mkBin(SymOp::Add, len, tile64, IntType::i64()), one, IntType::i64()),
              tile64, IntType::i64());
    current = mkSelect(mkCmp(SymOp::Eq, i, mkBin(SymOp::Sub, loops, one, IntType::i64())),
                       mkBin(SymOp::Sub, len, mkBin(SymOp::Mul, tile64, i, IntType::i64()), IntType::i64()), tile64);
    context = {mkCmp(SymOp::Ge, size, mkConst(0)),
               mkCmp(SymOp::Le, size, mkConst(int64_t(1) << 48)),
               mkCmp(SymOp::Eq, tile, mkSelect(mkCmp(SymOp::Le, size, mkConst(0)), mkConst(1), mkConst(6144))),
               mkCmp(SymOp::Gt, len, mkConst(0)),
               mkCmp(SymOp::Le, len, size),
               mkAnd(mkCmp(SymOp::Le, mkConst(0), i), mkCmp(SymOp::Lt, i, loops))};
  }
};

} // namespace

TEST_CASE("solver: a tail tile is within the tile for both of the host's tile values", "[solver]") {
  TailLoop t;
  Obligation ob;
  ob.check = "test";
  ob.context = t.context;
  ob.property = mkCmp(SymOp::Le, t.current, t.tile64);
  Solver s(2000);
  Verdict v = s.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  CHECK(v.status == Status::Proved);
  // The copy's length in bytes fits DataCopyParams.blockLen (uint16_t):
  // `len - tile * i` is small only where the tile is a constant.
  Sym bytes = mkBin(SymOp::Mul, t.current, mkConst(4, IntType::i64()), IntType::i64());
  ob.property = mkCmp(SymOp::Eq, mkCast(bytes, IntType{16, false, false}), bytes);
  v = s.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  CHECK(v.status == Status::Proved);
  // Asked once per tile value, or not at all: `tile * i < len` for i below
  // the loop's ceil(len / tile) bounds the tail (the block-split lemma).
  CHECK(s.stats().caseSplits <= 1);
}

TEST_CASE("solver: a case that fails is a counterexample naming the factor's value", "[solver]") {
  TailLoop t;
  Obligation ob;
  ob.check = "test";
  ob.context = t.context;
  // 4-byte elements in a 16 KiB buffer: a full tile of 6144 does not fit.
  ob.property = mkCmp(SymOp::Le, mkBin(SymOp::Mul, t.current, mkConst(4, IntType::i64()), IntType::i64()),
                      mkConst(16384, IntType::i64()));
  Solver s(2000);
  Verdict v = s.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  // Not for every input (an empty input's tile of 1 fits): a warning.
  REQUIRE(v.status == Status::Counterexample);
  bool named = false;
  for (auto &[name, value] : v.counterexample)
    named |= name == "tilingData.tileLength" && value == 6144;
  CHECK(named);
}

TEST_CASE("intervals: a quotient by a positive divisor of a dividend of either sign", "[simplify]") {
  Sym a = mkVar("a", IntType::i64()), b = mkVar("b", IntType::i64());
  VarBounds bounds;
  bounds[a->var->id] = {-10, 5};
  bounds[b->var->id] = {2, 3};
  Interval q = intervalOf(mkBin(SymOp::Div, a, b, IntType::i64()), &bounds);
  CHECK(q.lo == -5);
  CHECK(q.hi == 2);
  Interval r = intervalOf(mkBin(SymOp::Rem, a, b, IntType::i64()), &bounds);
  CHECK(r.lo == -2);
  CHECK(r.hi == 2);
  bounds[a->var->id] = {-10, -4};
  q = intervalOf(mkBin(SymOp::Div, a, b, IntType::i64()), &bounds);
  CHECK(q.lo == -5);
  CHECK(q.hi == -1);
}

TEST_CASE("intervals: a compound term a select's condition bounds is bounded in its branch", "[simplify]") {
  // The host's last dimension, a select over the rank; the field is that
  // dimension where it is small (with a dtype test beside it), else a
  // per-dtype threshold it was compared with, else a constant.
  Sym rank = mkVar("x.shape.rank", IntType::i64());
  Sym d0 = mkVar("x.shape[0]", IntType::i64()), d1 = mkVar("x.shape[1]", IntType::i64());
  Sym dtype = mkVar("x.dtype", IntType::i32());
  Sym last = mkSelect(mkCmp(SymOp::Eq, rank, mkConst(1, IntType::i64())), d0, d1);
  Sym fp32 = mkCmp(SymOp::Eq, dtype, mkConst(0, IntType::i32()));
  Sym threshold = mkSelect(fp32, mkConst(2048, IntType::i64()), mkConst(4096, IntType::i64()));
  Sym coreNum = mkVar("platform.coreNumAiv", IntType::i64());
  Sym small = mkSelect(mkCmp(SymOp::Eq, coreNum, mkConst(0, IntType::i64())), mkConst(16, IntType::i64()), last);
  Sym field = mkSelect(mkAnd(mkCmp(SymOp::Le, last, mkConst(512, IntType::i64())), fp32), small,
                       mkSelect(mkCmp(SymOp::Le, last, threshold), last, mkConst(256, IntType::i64())));
  VarBounds none;
  Interval r = intervalOf(field, &none);
  CHECK(r.lo == (__int128)INT64_MIN);
  CHECK(r.hi == 4096);
  // Not bounded below: `last` may be negative. (Converted to uint32_t, a
  // negative `last` would wrap: the cast's range is then its type's.)
  Sym wrapped = mkSelect(mkCmp(SymOp::Le, last, threshold), mkCast(last, IntType::u32()), mkConst(256, IntType::u32()));
  CHECK(intervalOf(wrapped, &none).hi == 4294967295);
  Sym f = mkVar("tiling.tile", IntType::i64());
  Obligation ob;
  ob.check = "param-range";
  ob.context = {mkCmp(SymOp::Eq, f, field)};
  ob.property = mkCmp(SymOp::Le, f, mkConst(2097151, IntType::i64()));
  Solver s(2000);
  CHECK(s.check(ob).status == Status::Proved);
  CHECK(s.stats().rangeProofs == 1); // by the ranges alone, no Z3 call
  CHECK(s.stats().z3Calls == 0);
  // A bound the ranges do not give goes to Z3 (and fails there).
  ob.property = mkCmp(SymOp::Le, f, mkConst(1000, IntType::i64()));
  CHECK(s.check(ob).status != Status::Proved);
  CHECK(s.stats().rangeProofs == 1);
}

TEST_CASE("casts through a mathematical integer keep a variable's value", "[simplify]") {
  Sym x = mkVar("x", IntType::u32());
  // (int64_t)(math)(uint32_t)x: every uint32 value survives.
  Sym viaMath = mkCast(mkCast(x, IntType::math()), IntType::i64());
  CHECK(varThroughWidening(viaMath) == x->var.get());
  // (int16_t)(math)x loses values.
  Sym narrowed = mkCast(mkCast(x, IntType::math()), IntType{16, true, false});
  CHECK(varThroughWidening(narrowed) == nullptr);
}

TEST_CASE("solver: a property no values satisfy fails for every input that reaches it", "[solver]") {
  // An InitBuffer of 4 MiB beside a tile-sized one, on 192 KiB of UB, in a
  // loop over the cores' share: neither the tile nor the loop matters.
  Sym total = mkVar("totalLength", IntType::u32()), cores = mkVar("coreNum", IntType::u32());
  Sym tile = mkVar("tileLength", IntType::u32());
  Sym i = mkVar("i", IntType::u32(), VarRole::Internal);
  Obligation ob;
  ob.check = "test";
  ob.context = {mkCmp(SymOp::Ge, cores, mkConst(1)),
                mkCmp(SymOp::Lt, i, mkBin(SymOp::Div, total, cores, IntType::u32()))};
  Sym tileBytes = mkBin(SymOp::Mul, mkCast(tile, IntType::u64()), mkConst(4, IntType::u64()), IntType::u64());
  ob.property =
      mkCmp(SymOp::Le, mkBin(SymOp::Add, mkConst(4194304), toMath(tileBytes), IntType::math()), mkConst(196608));
  Solver s(2000);
  Verdict v = s.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  CHECK(v.status == Status::Violated);
}

TEST_CASE("solver: a field the host binds through a same-width cast is bounded by the value", "[solver]") {
  // The host writes a uint64_t field that the kernel reads as int64_t:
  // `(int64_t)tail == (n % 6144 == 0 ? 6144 : n % 6144)` (ops-math lerp). The
  // cast is one-to-one, so tail lies in [1, 6144] and its 32-bit view too.
  Sym n = mkVar("x.size", IntType::i64());
  Sym tail = mkVar("tilingData.tail", IntType::u64());
  Sym rem = mkBin(SymOp::Rem, n, mkConst(6144, IntType::i64()), IntType::i64());
  Sym value = mkSelect(mkCmp(SymOp::Eq, rem, mkConst(0)), mkConst(6144, IntType::i64()), rem);
  Obligation ob;
  ob.check = "test";
  ob.context = {mkCmp(SymOp::Ge, n, mkConst(1)), mkCmp(SymOp::Le, n, mkConst(int64_t(1) << 48)),
                mkCmp(SymOp::Eq, mkCast(tail, IntType::i64()), value)};
  ob.property = mkCmp(SymOp::Le, mkCast(tail, IntType::i32()), mkConst(6144, IntType::i32()));
  Solver s(2000);
  Verdict v = s.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  CHECK(v.status == Status::Proved);
  // A narrowing view bounds nothing: (int32_t)wide == value holds for
  // wide = value + 2^32 as well.
  Sym wide = mkVar("tilingData.wide", IntType::u64());
  ob.context.back() = mkCmp(SymOp::Eq, mkCast(wide, IntType::i32()), mkCast(value, IntType::i32()));
  ob.property = mkCmp(SymOp::Le, wide, mkConst(6144, IntType::u64()));
  v = s.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  CHECK(v.status == Status::Counterexample);
}

namespace {

// The canonical block split of an element-wise kernel under its host contract:
// blockFactor = ceil(size / coreNum) (0 for an empty input), launched on
// ceil(size / blockFactor) blocks; the kernel's block starts at
// blockFactor * blockIdx. `plusOne` gives the launch one block too many.
struct BlockSplit {
  Sym size = mkVar("x.size", IntType::i64());
  Sym cores = mkVar("platform.coreNumAiv", IntType::i64());
  Sym blockNum = mkVar("blockNum", IntType::u32());
  Sym blockIdx = mkVar("blockIdx", IntType::i64());
  Sym factor = mkVar("tilingData.blockFactor", IntType::i64());
  Sym start = mkBin(SymOp::Mul, factor, blockIdx, IntType::i64());
  std::vector<Sym> context;

  explicit BlockSplit(bool plusOne) {
    auto i64 = IntType::i64();
    Sym one = mkConst(1, i64), zero = mkConst(0, i64);
    Sym ceil = mkBin(SymOp::Div, mkBin(SymOp::Sub, mkBin(SymOp::Add, size, cores, i64), one, i64), cores, i64);
    Sym dividend =
        plusOne ? mkBin(SymOp::Add, size, ceil, i64) : mkBin(SymOp::Sub, mkBin(SymOp::Add, size, ceil, i64), one, i64);
    Sym blocks = mkSelect(mkCmp(SymOp::Eq, ceil, zero), size, mkBin(SymOp::Div, dividend, ceil, i64));
    Sym empty = mkCmp(SymOp::Eq, size, zero);
    context = {mkCmp(SymOp::Ge, size, zero),
               mkCmp(SymOp::Le, size, mkConst(int64_t(1) << 48)),
               mkCmp(SymOp::Ge, cores, one),
               mkCmp(SymOp::Le, cores, mkConst(65535)),
               mkCmp(SymOp::Eq, blockNum, mkCast(mkSelect(empty, one, blocks), IntType::u32())),
               mkCmp(SymOp::Eq, factor, mkSelect(empty, zero, ceil)),
               mkCmp(SymOp::Ge, blockIdx, zero),
               mkCmp(SymOp::Lt, blockIdx, mkCast(blockNum, i64))};
  }
};

} // namespace

TEST_CASE("solver: a block's start is below the total it splits (blockIdx * blockFactor)", "[solver]") {
  // Intervals give the start a range up to 2^64 (a wrap-around in every
  // question); blockIdx < ceil(size / blockFactor) bounds it by size - 1.
  BlockSplit ok(false);
  Obligation ob;
  ob.check = "test";
  ob.context = ok.context;
  ob.context.push_back(mkCmp(SymOp::Ge, ok.size, mkConst(1))); // the host refuses an empty input
  ob.property = mkCmp(SymOp::Lt, ok.start, ok.size);
  Solver s(2000);
  Verdict v = s.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  CHECK(v.status == Status::Proved);
  // One block too many: the last block starts at the end (size 4 on 4
  // cores: blockFactor 1, 5 blocks). Not proved.
  BlockSplit bad(true);
  ob.context = bad.context;
  ob.context.push_back(mkCmp(SymOp::Ge, bad.size, mkConst(1)));
  ob.property = mkCmp(SymOp::Lt, bad.start, bad.size);
  v = s.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  CHECK(v.status == Status::Counterexample);
}

TEST_CASE("slice: a property keeps the definitions it needs and drops the rest", "[solver]") {
  // A host contract defines every tiling field from the input shape; a
  // bound on one field needs that field's definition and the facts on the
  // shape, not the other fields' definitions.
  auto i64 = IntType::i64();
  Sym shape = mkVar("x.shape[0]", i64), cores = mkVar("platform.coreNumAiv", i64);
  Sym tile = mkVar("tiling.tile", i64), tail = mkVar("tiling.tail", i64), other = mkVar("tiling.other", i64);
  Sym unrelated = mkVar("y.shape[0]", i64);
  std::vector<Sym> context = {
      mkCmp(SymOp::Ge, shape, mkConst(1, i64)),
      mkCmp(SymOp::Le, shape, mkConst(4096, i64)),
      mkCmp(SymOp::Eq, tile, mkSelect(mkCmp(SymOp::Lt, shape, mkConst(512, i64)), shape, mkConst(512, i64))),
      mkCmp(SymOp::Eq, other, mkBin(SymOp::Div, mkBin(SymOp::Mul, shape, unrelated, i64), cores, i64)),
      mkCmp(SymOp::Eq, tail, mkBin(SymOp::Rem, shape, mkConst(512, i64), i64)),
      mkCmp(SymOp::Ge, cores, mkConst(1, i64)),
      mkCmp(SymOp::Ge, unrelated, mkConst(1, i64)),
  };
  Obligation ob;
  ob.check = "test";
  ob.context = context;
  ob.property = mkCmp(SymOp::Le, mkBin(SymOp::Mul, tile, mkConst(4, i64), i64), mkConst(2048, i64));
  ob.report = {{"tile", tile}};
  Obligation slice;
  REQUIRE(sliceToProperty(ob, slice));
  // tile's definition and the two facts on the shape; not tail's, other's,
  // the cores' or the unrelated shape's.
  REQUIRE(slice.context.size() == 3);
  CHECK(slice.context[0] == context[0]);
  CHECK(slice.context[1] == context[1]);
  CHECK(slice.context[2] == context[2]);
  CHECK(slice.proofOnly == ob.proofOnly);
  CHECK(slice.report.empty());
  Solver solver;
  CHECK(solver.check(slice).status == Status::Proved);

  // A fact on a needed variable pulls in the definitions of the variables it
  // names (tail < tile needs tail's definition).
  Obligation withTail = ob;
  withTail.context.push_back(mkCmp(SymOp::Lt, tail, tile));
  REQUIRE(sliceToProperty(withTail, slice));
  CHECK(slice.context.size() == 5);

  // Nothing to drop: no slice.
  Obligation small = ob;
  small.context = {context[0], context[1], context[2]};
  CHECK_FALSE(sliceToProperty(small, slice));
}

TEST_CASE("slice: a failure under the slice is decided by the whole question", "[solver]") {
  auto i64 = IntType::i64();
  Sym x = mkVar("x", i64), y = mkVar("y", i64);
  Obligation ob;
  ob.check = "test";
  // y is defined from x, and y's fact (y == 0) constrains x through it:
  // the slice keeps only facts on x's needed variables, so the property
  // x != 5 fails under it, and the whole question proves it.
  ob.context = {mkCmp(SymOp::Eq, y, mkBin(SymOp::Sub, x, mkConst(7, i64), i64)), mkCmp(SymOp::Eq, y, mkConst(0, i64))};
  ob.property = mkCmp(SymOp::Ne, x, mkConst(5, i64));
  Obligation slice;
  REQUIRE(sliceToProperty(ob, slice));
  CHECK(slice.context.empty());
  Solver solver;
  CHECK(solver.check(slice).status == Status::Counterexample);
  CHECK(checkMemoised(solver, ob).status == Status::Proved);
}

// The split of ops-math's cast: the host divides the input over the cores
// and stores the share in a uint32 field, the kernel copies whole tiles up to
// the last. For inputs over 2^32 elements per core the field wraps and the
// tiles run past the share. The question as a whole is non-linear in the
// input and the core count; at chosen values of both it is linear, and the
// solver's input probes find the failure (smt/Solver.cpp, 1b).
TEST_CASE("solver: a failure only large inputs reach is found at a probed input", "[solver]") {
  const IntType u32 = IntType::u32(), i64 = IntType::i64();
  Sym size = mkVar("x.size", i64);
  Sym cores = mkVar("platform.coreNum", i64);
  Sym share = mkVar("tiling.coreDataNum", u32);
  Sym tiles = mkVar("tiling.tileNum", u32);
  Sym i = mkVar("i", i64, VarRole::Internal);
  auto div = [&](Sym a, Sym b) { return mkBin(SymOp::Div, a, b, i64); };
  auto add = [&](Sym a, int64_t k) { return mkBin(SymOp::Add, a, mkConst(k, i64), i64); };
  auto mul = [&](Sym a, int64_t k) { return mkBin(SymOp::Mul, a, mkConst(k, i64), i64); };
  Sym perCore = div(add(size, 0), cores);
  Obligation ob;
  ob.check = "test";
  ob.context = {mkCmp(SymOp::Ge, size, mkConst(1)),
                mkCmp(SymOp::Le, size, mkConst(int64_t(1) << 38)),
                mkCmp(SymOp::Ge, cores, mkConst(1)),
                mkCmp(SymOp::Le, cores, mkConst(65535)),
                mkCmp(SymOp::Eq, share, mkCast(perCore, u32)),
                mkCmp(SymOp::Eq, tiles, mkCast(div(add(perCore, 1023), mkConst(1024, i64)), u32)),
                mkCmp(SymOp::Le, mkConst(0), i),
                mkCmp(SymOp::Lt, i, add(mkCast(tiles, i64), -1))};
  ob.property = mkCmp(SymOp::Le, mul(add(i, 1), 1024), mkCast(share, i64));
  Solver s(2000);
  Verdict v = s.check(ob);
  INFO(statusName(v.status) << ": " << v.reason);
  REQUIRE(v.status == Status::Counterexample);
  int64_t shown = -1;
  for (auto &[name, value] : v.counterexample)
    if (name == "x.size")
      shown = value;
  CHECK(shown >= (int64_t(1) << 32)); // only a share over 2^32 elements wraps
  CHECK(s.stats().probeFailures == 1);
}
