// Property test: the Z3 proofs (rules/ + smt/) against the executable model
// (checker/model/Simulator). Small random KernelModels with random input
// values; for every obligation of the seven checks the simulator evaluates:
//   - inputs fixed (equality assumptions): `proved` => the simulator finds no
//     failure at that site; `violated`/`counterexample` => it finds one;
//   - inputs free: a counterexample's values, replayed in the simulator,
//     reproduce the failure.
// Unknown verdicts and instances the simulator cannot decide are skipped and
// counted. See docs/simulator.md.
#include "checker/model/Simulator.h"
#include "rules/Check.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <random>
#include <set>
#include <sstream>

// GCC 12 at -O2 reports the std::string inside an Assumption's empty
// SourceLoc as maybe-uninitialized once makeBlock's recursion is inlined: a
// false positive of that compiler (the member is value-initialised).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

using namespace alint;
using namespace alint::model;

namespace {

const std::set<std::string> kSimulated = {"capacity-overflow", "align-copy-length", "align-address", "bounds-local",
                                          "bounds-global",     "path-illegal",      "uninit-read"};

constexpr unsigned kOpLine = 100;      // op j is at line 100 + j
constexpr unsigned kBufferLine = 1000; // buffer b at line 1000 + b

const IntType kU8{8, false, false};
const IntType kU16{16, false, false};
const IntType kI16{16, true, false};

// ---------------------------------------------------------------- C++ types

IntType promote(IntType t) { return t.bits < 32 ? IntType::i32() : t; }

IntType common(IntType a, IntType b) {
  a = promote(a);
  b = promote(b);
  if (a == b)
    return a;
  if (a.isSigned == b.isSigned)
    return a.bits >= b.bits ? a : b;
  IntType u = a.isSigned ? b : a, s = a.isSigned ? a : b;
  return u.bits >= s.bits ? u : s;
}

Sym bin(SymOp op, const Sym &a, const Sym &b) {
  IntType t = common(a->type, b->type);
  return mkBin(op, mkCast(a, t), mkCast(b, t), t);
}

Sym k32(int64_t v) { return mkConst(v, IntType::i32()); }

// ---------------------------------------------------------------- generator

struct Rng {
  std::mt19937_64 g;
  explicit Rng(uint64_t seed) : g(seed) {}
  int64_t uni(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(g); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(g) < p; }
  template <class T> const T &pick(const std::vector<T> &v) { return v[size_t(uni(0, int64_t(v.size()) - 1))]; }
};

struct Case {
  KernelModel k;
  std::vector<Sym> inputs; // the Input variables
  std::map<std::string, int64_t> values;
};

struct Generator {
  Rng r;
  Case c;
  std::vector<Sym> loopVars; // enclosing loops' variables (innermost last)
  std::vector<int> loopIds;
  Sym loopCond = mkBool(true);
  Sym blockIdx;
  std::map<std::pair<int, size_t>, Sym> slotOf; // (buffer, block) -> slot variable
  size_t block = 0, blocks = 0;                 // current block (top level or a loop body), blocks made
  bool bufferConds = false;
  // false: linear arithmetic in narrow types only. Queries over free inputs
  // with wrap-around and products of inputs are the ones Z3 times out on, and
  // Z3 4.8.12 can deadlock when many timeouts fire (docs/simulator.md).
  bool hard = true;

  explicit Generator(uint64_t seed) : r(seed) {}

  Sym input() { return r.pick(c.inputs); }

  int64_t valueFor(IntType t) {
    int64_t lo = t.minValue(), hi = int64_t(std::min<uint64_t>(t.maxValue(), uint64_t(INT64_MAX)));
    double p = r.uni(0, 99);
    int64_t v;
    if (p < 20)
      v = r.uni(-40, -1);
    else if (p < 60)
      v = r.uni(0, 40);
    else if (p < 85)
      v = r.uni(0, 5000);
    else
      v = r.pick(std::vector<int64_t>{hi, lo, hi - 1, int64_t(1) << 31, (int64_t(1) << 31) + 17, -1, 65535, 65536,
                                      (int64_t(1) << 32) - 8, int64_t(1) << 32});
    return std::clamp(v, lo, hi);
  }

  // A size-like expression over the inputs, in C++ types.
  Sym sizeExpr() {
    switch (r.uni(0, hard ? 9 : 6)) {
    case 8: // shifts and masks: x << k, x >> k, x & 0xffff, (x + 31) & ~31
      switch (r.uni(0, 3)) {
      case 0:
        return bin(SymOp::Shl, input(), k32(r.uni(1, 5)));
      case 1:
        return bin(SymOp::Shr, input(), k32(r.uni(1, 5)));
      case 2:
        return bin(SymOp::BitAnd, input(), k32(r.pick(std::vector<int64_t>{0xffff, 0xff, 31})));
      default:
        return bin(SymOp::BitAnd, bin(SymOp::Add, input(), k32(31)), k32(~int64_t(31)));
      }
    case 9: // a narrowing or sign-changing conversion
      return mkCast(input(), r.pick(std::vector<IntType>{kU8, kU16, kI16, IntType::i32(), IntType::u32()}));
    case 0:
      return k32(r.pick(std::vector<int64_t>{0, 1, 8, 16, 17, 32, 64, 100, 128, 256, 1000, 4096}));
    case 1:
    case 2:
      return input();
    case 3:
      return bin(SymOp::Mul, input(), k32(r.pick(std::vector<int64_t>{2, 4, 8, 16, 3})));
    case 4:
      return bin(SymOp::Add, input(), k32(r.uni(-4, 40)));
    case 5:
      return bin(SymOp::Div, input(), k32(r.pick(std::vector<int64_t>{2, 3, 4, 16})));
    case 6:
      return bin(SymOp::Rem, input(), k32(r.pick(std::vector<int64_t>{7, 16, 32})));
    default:
      return r.chance(0.5) ? bin(SymOp::Mul, input(), input()) : bin(SymOp::Sub, input(), k32(r.uni(0, 8)));
    }
  }

  // An element index like i * tile + c.
  Sym indexExpr() {
    Sym e = k32(r.pick(std::vector<int64_t>{0, 0, 0, 1, 8, 16, 32, 64, 3, -16}));
    for (const Sym &v : loopVars)
      if (r.chance(0.7)) {
        Sym stride = hard && r.chance(0.5) ? input() : k32(r.pick(std::vector<int64_t>{16, 32, 64, 128, 256, 8, 24}));
        e = bin(SymOp::Add, bin(SymOp::Mul, v, stride), e);
      }
    if (blockIdx && r.chance(0.6)) {
      Sym stride = hard && r.chance(0.5) ? input() : k32(r.pick(std::vector<int64_t>{64, 128, 256, 512}));
      e = bin(SymOp::Add, bin(SymOp::Mul, blockIdx, mkCast(stride, IntType::i64())), e);
    }
    if (r.chance(0.25)) // the index kept in a variable of another type
      e = mkCast(e, r.pick(std::vector<IntType>{IntType::u32(), IntType::i32(), IntType::u64(), kU16}));
    return e;
  }

  // Byte offset of an element index (the frontend's toMath(index) * sizeof(T)
  // or a view offset computed in uint64_t).
  Sym bytesOf(const Sym &idx, uint32_t elem) {
    if (r.chance(0.5))
      return mul(toMath(idx), mkConst(elem));
    return toMath(mkBin(SymOp::Mul, mkCast(idx, IntType::u64()), mkConst(elem, IntType::u64()), IntType::u64()));
  }

  void makeInputs() {
    int n = int(r.uni(1, 3));
    std::vector<IntType> types = {kU16, IntType::i32(), IntType::u32(), IntType::i64(), IntType::u64()};
    if (!hard)
      types.resize(3);
    for (int i = 0; i < n; ++i) {
      IntType t = r.pick(types);
      Sym v = mkVar("tiling.x" + std::to_string(i), t, VarRole::Input);
      c.inputs.push_back(v);
      c.values[v->var->name] = valueFor(t);
    }
    if (r.chance(0.3)) {
      Sym bn = mkVar("blockNum", IntType::i64(), VarRole::Input);
      blockIdx = mkVar("blockIdx", IntType::i64(), VarRole::Internal);
      c.k.facts = {mkCmp(SymOp::Ge, toMath(bn), mkConst(1)), mkCmp(SymOp::Le, toMath(bn), mkConst(65535)),
                   mkCmp(SymOp::Ge, toMath(blockIdx), mkConst(0)), mkCmp(SymOp::Lt, toMath(blockIdx), toMath(bn))};
      c.values["blockNum"] = r.uni(0, 4);
      c.k.assumptions.push_back({mkCmp(SymOp::Le, toMath(bn), mkConst(4)), mkBool(true), {}, {}, "blockNum <= 4"});
      c.inputs.push_back(bn);
    }
  }

  void makeBuffers() {
    int n = int(r.uni(1, 3));
    for (int b = 0; b < n; ++b) {
      Buffer buf;
      buf.id = b;
      buf.name = "buf" + std::to_string(b);
      buf.memPos = r.pick(std::vector<TPos>{TPos::VECIN, TPos::VECOUT, TPos::VECCALC, TPos::VECIN, TPos::A1, TPos::B1});
      if (bufferConds && r.chance(0.5)) // L0A/L0B (512-byte alignment), as TBufs: no slot choice
        buf.memPos = r.chance(0.8) ? TPos::A2 : TPos::B2;
      buf.srcPos = buf.dstPos = buf.memPos;
      buf.kind =
          r.chance(0.6) && buf.memPos != TPos::A2 && buf.memPos != TPos::B2 ? Buffer::Kind::Queue : Buffer::Kind::TBuf;
      buf.num = k32(buf.kind == Buffer::Kind::Queue ? r.uni(1, 2) : 1);
      Sym len;
      if (buf.memPos == TPos::A2 || buf.memPos == TPos::B2)
        len = mkConst(r.pick(std::vector<int64_t>{256, 768, 1024, 4096}), IntType::u32());
      else if (r.chance(0.35))
        len = mkConst(r.pick(std::vector<int64_t>{1024, 2048, 4096, 8192, 65536, 100000, 96, 33}), IntType::u32());
      else // tileLength * sizeof(T), passed as uint32_t
        len = mkCast(bin(SymOp::Mul, sizeExpr(), mkConst(r.pick(std::vector<int64_t>{2, 4}), IntType::u64())),
                     IntType::u32());
      buf.lenBytes = len;
      buf.cond = bufferConds && r.chance(0.3) ? mkCmp(SymOp::Gt, toMath(input()), mkConst(r.uni(0, 50))) : mkBool(true);
      buf.loc = {"gen.cpp", kBufferLine + unsigned(b), 1};
      c.k.buffers.push_back(buf);
    }
    int g = int(r.uni(1, 2));
    for (int i = 0; i < g; ++i) {
      GlobalBuf gb;
      gb.id = i;
      gb.name = "gm" + std::to_string(i);
      gb.root = "x" + std::to_string(i);
      gb.baseOffsetBytes = mkConst(0);
      gb.elemBytes = uint32_t(r.pick(std::vector<int64_t>{2, 4}));
      gb.sizeElems = r.chance(0.3) ? mkConst(r.pick(std::vector<int64_t>{1024, 4096, 65536, 1 << 20}), IntType::u64())
                                   : mkCast(sizeExpr(), IntType::u64());
      c.k.globals.push_back(gb);
    }
  }

  Sym branchCond() {
    switch (r.uni(0, hard ? 4 : 3)) {
    case 4: { // if (x >= 0 && (int16_t)x < c): a comparison through a conversion
      IntType nt = r.pick(std::vector<IntType>{kU8, kU16, kI16, IntType::i32(), IntType::u32()});
      Sym x = input();
      Sym cmp = mkCmp(r.chance(0.5) ? SymOp::Lt : SymOp::Ge, toMath(mkCast(x, nt)), mkConst(r.uni(0, 100)));
      return r.chance(0.5) ? mkAnd(mkCmp(SymOp::Ge, toMath(x), mkConst(0)), cmp) : cmp;
    }
    case 0:
      return mkCmp(SymOp::Gt, toMath(input()), mkConst(r.uni(0, 64)));
    case 1:
      return mkCmp(SymOp::Eq, toMath(bin(SymOp::Rem, input(), k32(2))), mkConst(0));
    case 2:
      if (!loopVars.empty())
        return mkCmp(SymOp::Lt, toMath(loopVars.back()), toMath(input()));
      [[fallthrough]];
    default:
      if (blockIdx)
        return mkCmp(SymOp::Eq, toMath(blockIdx), mkConst(0));
      return mkCmp(SymOp::Ne, toMath(input()), mkConst(3));
    }
  }

  Op &newOp(OpKind kind, const std::string &api, Sym extraCond) {
    Op op;
    op.id = int(c.k.ops.size());
    op.kind = kind;
    op.api = api;
    op.loops = loopIds;
    op.cond = extraCond ? mkAnd(loopCond, extraCond) : loopCond;
    op.loc = {"gen.cpp", kOpLine + unsigned(op.id), 5};
    c.k.ops.push_back(op);
    return c.k.ops.back();
  }

  // A local region on buffer b (allocating a queue slot in this block first).
  Region localRegion(int b, uint32_t elem, Sym len, bool write, const std::string &role, Sym cond) {
    const Buffer &buf = c.k.buffers[b];
    Region rg;
    rg.bufferId = b;
    rg.pos = buf.memPos;
    rg.offsetBytes = bytesOf(indexExpr(), elem);
    if (buf.memPos == TPos::A2 || buf.memPos == TPos::B2) { // fractal-sized views: 256-byte steps
      rg.offsetBytes = mkConst(r.pick(std::vector<int64_t>{0, 256, 512, 768}));
      if (!loopVars.empty() && r.chance(0.5))
        rg.offsetBytes = add(rg.offsetBytes, mul(toMath(loopVars.back()), mkConst(512)));
    }
    rg.lengthBytes = r.chance(0.03) ? nullptr : len;
    rg.elemBytes = elem;
    rg.write = write;
    rg.role = role;
    if (buf.kind == Buffer::Kind::Queue) {
      auto key = std::make_pair(b, block);
      if (!slotOf.count(key)) {
        Sym s = mkVar("slot(" + buf.name + ")", IntType::i32(), VarRole::Internal);
        c.k.facts.push_back(mkCmp(SymOp::Ge, toMath(s), mkConst(0)));
        c.k.facts.push_back(mkCmp(SymOp::Lt, toMath(s), buf.num));
        Op &alloc = newOp(OpKind::AllocTensor, "TQue::AllocTensor", cond);
        alloc.bufferId = b;
        slotOf[key] = s;
      }
      rg.slot = slotOf[key];
    }
    return rg;
  }

  Region gmRegion(int g, Sym len, bool write, const std::string &role) {
    Region rg;
    rg.global = true;
    rg.bufferId = g;
    rg.pos = TPos::GM;
    rg.offsetBytes = bytesOf(indexExpr(), c.k.globals[g].elemBytes);
    rg.lengthBytes = r.chance(0.03) ? nullptr : len;
    rg.elemBytes = c.k.globals[g].elemBytes;
    rg.write = write;
    rg.role = role;
    return rg;
  }

  bool isUb(int b) const {
    TPos p = c.k.buffers[b].memPos;
    return p == TPos::VECIN || p == TPos::VECOUT || p == TPos::VECCALC;
  }

  void makeOp() {
    int nb = int(c.k.buffers.size()), ng = int(c.k.globals.size());
    Sym cond = r.chance(0.25) ? branchCond() : nullptr;
    int kind = int(r.uni(0, 9));
    int b = int(r.uni(0, nb - 1)), g = int(r.uni(0, ng - 1));
    uint32_t elem = c.k.globals[g].elemBytes;
    if (kind <= 4) { // DataCopy GM <-> local, count form or DataCopyPad
      bool in = r.chance(0.6);
      bool pad = r.chance(0.2);
      Sym count = r.chance(0.5) ? k32(r.pick(std::vector<int64_t>{16, 32, 64, 128, 256, 17, 8, 1024})) : sizeExpr();
      Sym lenG, lenL;
      std::map<std::string, Sym> params;
      params["elemBytes"] = mkConst(elem);
      if (pad) {
        Sym bl = r.chance(0.5) ? mkConst(r.pick(std::vector<int64_t>{32, 64, 34, 3, 2097152, 512}), IntType::u32())
                               : mkCast(bin(SymOp::Mul, sizeExpr(), k32(elem)), IntType::u32());
        params["blockCount"] = mkConst(1, kU16);
        params["blockLen"] = bl;
        lenG = toMath(bl);
        lenL = mul(mkBin(SymOp::Div, addC(toMath(bl), 31), mkConst(32), IntType::math()), mkConst(32));
      } else {
        params["count"] = toMath(count);
        params["lengthBytes"] = mul(toMath(count), mkConst(elem));
        lenG = lenL = params["lengthBytes"];
      }
      Region loc = localRegion(b, elem, lenL, in, in ? "dst" : "src", cond);
      Region gm = gmRegion(g, lenG, !in, in ? "src" : "dst");
      Op &op = newOp(OpKind::DataCopy, pad ? "DataCopyPad" : "DataCopy", cond);
      op.params = params;
      op.srcPos = in ? TPos::GM : c.k.buffers[b].memPos;
      op.dstPos = in ? c.k.buffers[b].memPos : TPos::GM;
      op.pipe = in ? Pipe::MTE2 : Pipe::MTE3;
      op.regions = in ? std::vector<Region>{gm, loc} : std::vector<Region>{loc, gm};
    } else if (kind <= 6) { // Vector op on UB (falls back to a local copy)
      std::vector<int> ub;
      for (int i = 0; i < nb; ++i)
        if (isUb(i))
          ub.push_back(i);
      Sym count = r.chance(0.5) ? k32(r.pick(std::vector<int64_t>{64, 128, 256, 17, 1024})) : sizeExpr();
      Sym len = mul(toMath(count), mkConst(elem));
      if (!ub.empty()) {
        std::vector<Region> regs;
        const char *roles[] = {"dst", "src0", "src1"};
        int n = int(r.uni(2, 3));
        for (int i = 0; i < n; ++i)
          regs.push_back(localRegion(r.pick(ub), elem, len, i == 0, roles[i], cond));
        Op &op = newOp(OpKind::Vector, "Add", cond);
        op.pipe = Pipe::V;
        op.params["count"] = toMath(count);
        op.regions = regs;
      } else {
        int b2 = int(r.uni(0, nb - 1));
        Region src = localRegion(b, elem, len, false, "src", cond);
        Region dst = localRegion(b2, elem, len, true, "dst", cond);
        Op &op = newOp(OpKind::DataCopy, "DataCopy", cond);
        op.params["elemBytes"] = mkConst(elem);
        op.params["count"] = toMath(count);
        op.params["lengthBytes"] = len;
        op.srcPos = c.k.buffers[b].memPos;
        op.dstPos = c.k.buffers[b2].memPos;
        op.regions = {src, dst};
      }
    } else if (kind == 7) { // local -> local copy (UB->UB, L1->UB illegal, UB->L1 emulated)
      int b2 = int(r.uni(0, nb - 1));
      Sym count = k32(r.pick(std::vector<int64_t>{16, 64, 256}));
      Sym len = mul(toMath(count), mkConst(elem));
      Region src = localRegion(b, elem, len, false, "src", cond);
      Region dst = localRegion(b2, elem, len, true, "dst", cond);
      Op &op = newOp(OpKind::DataCopy, "DataCopy", cond);
      op.params["elemBytes"] = mkConst(elem);
      op.params["count"] = toMath(count);
      op.params["lengthBytes"] = len;
      op.srcPos = c.k.buffers[b].memPos;
      op.dstPos = c.k.buffers[b2].memPos;
      op.regions = {src, dst};
    } else { // GetValue on GM
      Region rg = gmRegion(g, mkConst(elem), false, "src");
      Op &op = newOp(OpKind::ScalarRead, "GlobalTensor::GetValue", cond);
      op.pipe = Pipe::S;
      op.regions = {rg};
    }
  }

  void makeBlock(int depth) {
    size_t saveBlock = block;
    block = ++blocks;
    int before = int(r.uni(depth ? 0 : 1, 1));
    for (int i = 0; i < before; ++i)
      makeOp();
    if (depth < maxDepth && r.chance(0.7)) {
      Loop L;
      L.id = int(c.k.loops.size());
      L.parent = loopIds.empty() ? -1 : loopIds.back();
      IntType vt = r.pick(std::vector<IntType>{IntType::i32(), IntType::u32(), IntType::u32(), kU16});
      Sym v = mkVar(depth == 0 ? "i" : "j", vt, VarRole::Internal);
      Sym lo = mkConst(r.chance(0.8) ? 0 : r.uni(1, 2), vt);
      Sym hi;
      switch (r.uni(0, 3)) {
      case 0:
        hi = k32(r.uni(0, 6));
        break;
      case 1: {
        Sym x = input();
        hi = x;
        if (r.chance(0.85))
          c.k.assumptions.push_back({mkCmp(SymOp::Le, toMath(x), mkConst(r.uni(4, 12))), mkBool(true), {}, {}, ""});
        break;
      }
      case 2: {
        Sym x = input();
        hi = bin(SymOp::Div, x, k32(r.pick(std::vector<int64_t>{2, 16, 64})));
        if (r.chance(0.85))
          c.k.assumptions.push_back({mkCmp(SymOp::Le, toMath(x), mkConst(r.uni(16, 200))), mkBool(true), {}, {}, ""});
        break;
      }
      default: {
        Sym x = input();
        hi = addC(toMath(r.chance(0.8) ? mkCast(x, vt) : x), 1); // i <= n
        c.k.assumptions.push_back({mkCmp(SymOp::Le, toMath(x), mkConst(r.uni(3, 10))), mkBool(true), {}, {}, ""});
        break;
      }
      }
      if (r.chance(0.8) && !hi->type.isBool && hi->type.bits) // the frontend converts the bound to i's type
        hi = mkCast(hi, vt);
      int64_t step = r.chance(0.8) ? 1 : 2;
      L.var = v;
      L.lo = lo;
      L.hi = hi;
      L.step = mkConst(step);
      L.cond = loopCond;
      c.k.loops.push_back(L);
      Sym enter = mkAnd(mkCmp(SymOp::Le, toMath(lo), toMath(v)), mkCmp(SymOp::Lt, toMath(v), toMath(hi)));
      if (step != 1)
        enter =
            mkAnd(enter, mkCmp(SymOp::Eq, mkBin(SymOp::Rem, sub(v, lo), mkConst(step), IntType::math()), mkConst(0)));
      Sym saveCond = loopCond;
      loopCond = mkAnd(loopCond, enter);
      loopVars.push_back(v);
      loopIds.push_back(L.id);
      if (r.chance(0.1)) // ASCENDC_ASSUME(i < c) in the body
        c.k.assumptions.push_back(
            {mkCmp(SymOp::Lt, toMath(v), mkConst(r.uni(1, 6))), mkBool(true), loopIds, {}, "i < c"});
      makeBlock(depth + 1);
      loopIds.pop_back();
      loopVars.pop_back();
      loopCond = saveCond;
    }
    int after = int(r.uni(0, 1));
    for (int i = 0; i < after; ++i)
      makeOp();
    block = saveBlock;
  }

  int maxDepth = 2;

  Case make() {
    c.k.name = "gen";
    c.k.loc = {"gen.cpp", 1, 1};
    makeInputs();
    makeBuffers();
    maxDepth = int(r.uni(0, 2));
    makeBlock(0);
    if (r.chance(0.1)) // ASCENDC_ASSUME(x % 16 == 0)
      c.k.assumptions.push_back(
          {mkCmp(SymOp::Eq, mkBin(SymOp::Rem, toMath(input()), mkConst(16), IntType::math()), mkConst(0)),
           mkBool(true),
           {},
           {},
           "x % 16 == 0"});
    return c;
  }
};

// ---------------------------------------------------------------- reporting

std::string dump(const Case &c) {
  std::ostringstream os;
  const KernelModel &k = c.k;
  os << "inputs:";
  for (auto &v : c.inputs)
    os << " " << v->var->name << ":" << v->type.name() << "=" << c.values.at(v->var->name);
  os << "\nfacts:";
  for (auto &f : k.facts)
    os << " [" << toString(f) << "]";
  os << "\nassumptions:";
  for (auto &a : k.assumptions)
    os << " [" << toString(a.expr) << "]";
  os << "\n";
  for (auto &b : k.buffers)
    os << "buffer " << b.id << " " << b.name << " pos=" << tposName(b.memPos) << " num=" << toString(b.num)
       << " len=" << toString(b.lenBytes) << " cond=" << toString(b.cond) << "\n";
  for (auto &g : k.globals)
    os << "global " << g.id << " size=" << toString(g.sizeElems) << " x " << g.elemBytes << "\n";
  for (auto &l : k.loops)
    os << "loop " << l.id << " parent=" << l.parent << " " << toString(l.var) << " in [" << toString(l.lo) << ", "
       << toString(l.hi) << ") step " << toString(l.step) << "\n";
  for (auto &op : k.ops) {
    os << "op " << op.id << " " << op.api << " loops=[";
    for (int l : op.loops)
      os << l << " ";
    os << "] cond=" << toString(op.cond);
    for (auto &[n, p] : op.params)
      os << " " << n << "=" << toString(p);
    os << "\n";
    for (auto &rg : op.regions)
      os << "    " << rg.role << (rg.global ? " gm" : " buf") << rg.bufferId << " off=" << toString(rg.offsetBytes)
         << " len=" << (rg.lengthBytes ? toString(rg.lengthBytes) : "?")
         << (rg.slot ? " slot=" + toString(rg.slot) : "") << "\n";
  }
  return os.str();
}

struct Stats {
  unsigned models = 0, obligations = 0, agreeProved = 0, agreeFailed = 0, z3Unknown = 0, simUnknown = 0, simError = 0,
           replayed = 0, replayReproduced = 0, replayIncomplete = 0, replaySkipped = 0, disagreements = 0;
};

// Key of an obligation / a site: the op index (from the line), or the memory
// for capacity-overflow.
std::string keyOf(const std::string &check, const SourceLoc &loc, const KernelModel &k, const TargetSpec &t) {
  if (check == "capacity-overflow") {
    int b = int(loc.line) - int(kBufferLine);
    if (b >= 0 && b < int(k.buffers.size()))
      if (auto m = t.memoryOf(k.buffers[b].memPos))
        return check + "/" + std::to_string(k.buffers[b].epoch) + "/" + std::string(memName(*m));
    return check + "/?";
  }
  return check + "/op" + std::to_string(int(loc.line) - int(kOpLine));
}

std::string siteKey(const SimSite &s) {
  if (s.check == "capacity-overflow")
    return s.check + "/" + std::to_string(s.epoch) + "/" + (s.mem ? std::string(memName(*s.mem)) : "?");
  return s.check + "/op" + std::to_string(s.op);
}

struct Obl {
  std::string key;
  Verdict v;
};

// Runs the simulated checks through Z3; obligations grouped by key, in order.
std::map<std::string, std::vector<Obl>> prove(const KernelModel &k, const TargetSpec &t, Solver &solver) {
  std::map<std::string, std::vector<Obl>> out;
  for (const CheckInfo &ci : checkRegistry()) {
    if (!kSimulated.count(ci.id))
      continue;
    auto check = ci.make();
    CheckContext ctx(k, t);
    check->run(ctx);
    for (ProofItem &item : ctx.items) {
      std::string key = keyOf(ci.id, item.loc, k, t);
      auto q0 = std::chrono::steady_clock::now();
      Verdict v = solver.check(item.ob);
      // A finding the check itself caps (uninit-read: a write it could not
      // place may cover the bytes) is reported as at most item.worst.
      if (item.worst == Status::Unknown && v.status != Status::Proved)
        v.status = Status::Unknown;
      double qs = std::chrono::duration<double>(std::chrono::steady_clock::now() - q0).count();
      if (std::getenv("ALINT_PROPERTY_SLOW") && qs > std::atof(std::getenv("ALINT_PROPERTY_SLOW")))
        std::cerr << "slow " << qs << " s "
                  << (k.assumptions.size() && k.assumptions.back().text == "fixed" ? "fixed " : "free ") << ci.id << " "
                  << statusName(v.status) << ": " << toString(item.ob.property) << "\n";
      out[key].push_back({key, v});
    }
  }
  return out;
}

std::map<std::string, std::vector<const SimSite *>> sitesByKey(const SimResult &r) {
  std::map<std::string, std::vector<const SimSite *>> out;
  for (const SimSite &s : r.sites)
    out[siteKey(s)].push_back(&s);
  return out;
}

std::string cexText(const Verdict &v) {
  std::string s;
  for (auto &[n, x] : v.counterexample)
    s += n + "=" + std::to_string(x) + " ";
  return s;
}

// 1. Inputs fixed.
void runFixed(uint64_t seed, const TargetSpec &t, Solver &solver, Stats &st, bool bufferConds) {
  Generator gen(seed);
  gen.bufferConds = bufferConds;
  Case c = gen.make();
  ++st.models;
  SimConfig cfg;
  cfg.inputs = c.values;
  cfg.maxSteps = 50000;
  SimResult sim = simulate(c.k, t, cfg);
  INFO("seed " << seed << "\n" << dump(c));
  if (!sim.ok) {
    // The only acceptable error for a generated model is a trace that is too long.
    CHECK(sim.truncated);
    ++st.simError;
  }

  // 1. Inputs fixed: proved <=> no failure. A truncated trace still
  // refutes a proof when its prefix fails.
  if (sim.ok || sim.truncated) {
    KernelModel fixed = c.k;
    for (const Sym &v : c.inputs)
      fixed.assumptions.push_back(
          {mkCmp(SymOp::Eq, toMath(v), mkConst(c.values.at(v->var->name))), mkBool(true), {}, {}, "fixed"});
    auto obls = prove(fixed, t, solver);
    auto sites = sitesByKey(sim);
    std::set<std::string> keys;
    for (auto &[key, v] : obls)
      keys.insert(key);
    for (auto &[key, v] : sites)
      keys.insert(key);
    for (const std::string &key : keys) {
      auto &os = obls[key];
      auto &ss = sites[key];
      INFO("site " << key);
      CHECK(os.size() == ss.size()); // the same properties at the same places
      for (size_t i = 0; i < std::min(os.size(), ss.size()); ++i) {
        const Verdict &v = os[i].v;
        const SimSite &s = *ss[i];
        ++st.obligations;
        INFO("obligation " << i << ": " << statusName(v.status) << " " << v.reason << " cex " << cexText(v)
                           << "; simulator: " << s.instances << " instances, " << s.failed << " failed, " << s.unknown
                           << " unknown (" << s.unknownReason << ")");
        if (v.status == Status::Unknown) {
          ++st.z3Unknown;
          continue;
        }
        if (v.status == Status::Proved) {
          if (s.failed)
            ++st.disagreements;
          CHECK(s.failed == 0);
          ++st.agreeProved;
          continue;
        }
        if (s.failed) {
          ++st.agreeFailed;
          continue;
        }
        if (s.unknown || sim.truncated) {
          ++st.simUnknown;
          continue;
        }
        ++st.disagreements;
        CHECK(s.failed > 0);
      }
    }
  }
}

// 2. Inputs free: a counterexample replays in the simulator. These models
// stay linear (Generator::hard = false).
void runFree(uint64_t seed, const TargetSpec &t, Solver &freeSolver, Stats &st) {
  Generator gen(seed);
  gen.hard = false;
  Case c = gen.make();
  INFO("seed " << seed << " (inputs free)\n" << dump(c));
  auto obls = prove(c.k, t, freeSolver);
  for (auto &[key, os] : obls)
    for (size_t i = 0; i < os.size(); ++i) {
      const Verdict &v = os[i].v;
      if (v.status != Status::Violated && v.status != Status::Counterexample)
        continue;
      ++st.replayed;
      // The counterexample names the inputs the property depends on; others
      // keep the case's values, or, if that does not reach the operation,
      // a few small values.
      std::map<std::string, int64_t> given;
      std::vector<std::string> free;
      for (const Sym &in : c.inputs) {
        const std::string &name = in->var->name;
        auto it =
            std::find_if(v.counterexample.begin(), v.counterexample.end(), [&](auto &p) { return p.first == name; });
        if (it != v.counterexample.end())
          given[name] = it->second;
        else
          free.push_back(name);
      }
      bool complete = free.empty();
      const std::vector<int64_t> fill = {0, 1, 2, 7, 16, 64};
      size_t combos = 1;
      for (size_t f = 0; f < free.size() && combos < 64; ++f)
        combos *= fill.size() + 1;
      SimResult rs;
      for (size_t n = 0; n < std::min<size_t>(combos, 64); ++n) {
        SimConfig rc;
        rc.maxSteps = 20000;
        rc.inputs = given;
        size_t m = n;
        for (const std::string &name : free) {
          size_t pick = m % (fill.size() + 1);
          m /= fill.size() + 1;
          rc.inputs[name] = pick == 0 ? c.values.at(name) : fill[pick - 1];
        }
        rs = simulate(c.k, t, rc);
        if (rs.truncated) {
          // Z3 likes extreme values: replay just the counterexample's
          // iteration (its loop indices, block and slots).
          for (auto &[name, value] : v.counterexample) {
            const std::string &n = name; // (a structured binding cannot be captured in C++17)
            if (n.find('#') == std::string::npos &&
                std::none_of(c.inputs.begin(), c.inputs.end(), [&](const Sym &in) { return in->var->name == n; }))
              rc.pinned[n] = value;
          }
          rs = simulate(c.k, t, rc);
        }
        if (!rs.ok)
          continue;
        auto ss = sitesByKey(rs)[key];
        if (i < ss.size() && ss[i]->failed)
          break;
      }
      auto sites = sitesByKey(rs);
      auto &ss = sites[key];
      INFO("replay " << key << " #" << i << ": " << statusName(v.status) << " cex " << cexText(v));
      REQUIRE(i < ss.size());
      const SimSite &s = *ss[i];
      if (s.failed) {
        ++st.replayReproduced;
      } else if (!rs.ok) {
        ++st.replaySkipped;
      } else if (s.unknown) {
        ++st.replaySkipped;
      } else if (!complete) {
        ++st.replayIncomplete; // Z3 left out an input that matters; not a contradiction
      } else {
        ++st.disagreements;
        INFO("simulator: " << s.instances << " instances, " << rs.inadmissibleExecutions << " inadmissible executions, "
                           << rs.inadmissibleSteps << " inadmissible steps");
        CHECK(s.failed > 0);
      }
    }
}

} // namespace

TEST_CASE("property: Z3 verdicts agree with the executable model on random kernels", "[property]") {
  const TargetSpec *t = findBuiltinTarget("ascend910b");
  REQUIRE(t);
  Solver solver(300), freeSolver(100);
  Stats st;
  auto t0 = std::chrono::steady_clock::now();
  unsigned models = 120, first = 0;
  if (const char *e = std::getenv("ALINT_PROPERTY_MODELS"))
    models = unsigned(std::atoi(e));
  if (const char *e = std::getenv("ALINT_PROPERTY_FIRST"))
    first = unsigned(std::atoi(e));
  for (unsigned i = first; i < first + models; ++i) {
    auto c0 = std::chrono::steady_clock::now();
    runFixed(0x5eed0000ull + i, *t, solver, st, std::getenv("ALINT_PROPERTY_BUFFER_CONDS") != nullptr);
    if (i % 2 == 0)
      runFree(0xf4ee0000ull + i, *t, freeSolver, st);
    double cs = std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count();
    if (std::getenv("ALINT_PROPERTY_VERBOSE") && cs > 0.5)
      std::cerr << "model " << i << ": " << cs << " s\n";
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::ostringstream sum;
  sum << "property: " << st.models << " models, " << st.obligations << " obligations (inputs fixed): " << st.agreeProved
      << " proved+clean, " << st.agreeFailed << " failed+found, " << st.z3Unknown << " z3 unknown, " << st.simUnknown
      << " sim unknown; " << st.simError << " sim errors; replays " << st.replayed << ": " << st.replayReproduced
      << " reproduced, " << st.replayIncomplete << " incomplete counterexamples, " << st.replaySkipped << " skipped; "
      << st.disagreements << " disagreements; z3 fixed " << solver.stats().z3Calls << " calls, "
      << solver.stats().timeouts << " timeouts, " << solver.stats().seconds << " s; free " << freeSolver.stats().z3Calls
      << " calls, " << freeSolver.stats().timeouts << " timeouts, " << freeSolver.stats().seconds << " s; " << secs
      << " s";
  if (std::getenv("ALINT_PROPERTY_VERBOSE"))
    std::cerr << sum.str() << "\n";
  INFO(sum.str());
  CHECK(st.disagreements == 0);
  CHECK(st.obligations > 900);
  CHECK(st.agreeFailed > 100); // the generator does produce failures
  CHECK(st.z3Unknown + st.simUnknown < st.obligations / 5);
  CHECK(st.replayReproduced > 100);
  CHECK(st.replayIncomplete + st.replaySkipped < st.replayed / 4);
}

// The invariant of issue 14 on random kernels: operands the frontend could
// not follow, injected into a generated model — a tensor from an opaque
// helper (unknown buffer), an unknown length, an unknown API on a tensor (an
// Unmodelled op) — never end `proved` for an obligation that reads them, and
// each keeps its obligations (no op is lost).
TEST_CASE("property: injected unmodelled operands never end proved", "[property]") {
  const TargetSpec *t = findBuiltinTarget("ascend910b");
  REQUIRE(t);
  Solver solver(300);
  unsigned injected = 0, checked = 0;
  for (unsigned i = 0; i < 40; ++i) {
    Generator gen(0x1a7e0000ull + i);
    gen.hard = false;
    Case c = gen.make();
    KernelModel &k = c.k;
    std::vector<int> mem;
    for (const Op &op : k.ops)
      if (accessesMemory(op.kind) && !op.regions.empty())
        mem.push_back(op.id);
    if (mem.empty() || k.buffers.empty())
      continue;
    Rng r(0xabcull + i);
    int j = r.pick(mem);
    // the op keeps only the region that gets the unknown operand, so every
    // obligation at its line reads it
    Region keep = k.ops[j].regions[size_t(r.uni(0, int64_t(k.ops[j].regions.size()) - 1))];
    k.ops[j].regions = {keep};
    Region &rg = k.ops[j].regions[0];
    int kind = int(i % 3);
    if (kind == 0) {
      rg.bufferId = -1; // opaque helper returning a tensor
    } else if (kind == 1) {
      rg.lengthBytes = nullptr; // unknown length
      k.ops[j].unknownReason = "length could not be followed";
    } else {
      // an unknown API on a tensor of a random buffer, right after op j
      Op u;
      u.id = int(k.ops.size());
      u.kind = OpKind::Unmodelled;
      u.api = "Opaque";
      u.unknownReason = "AscendC API 'Opaque' is not modelled";
      u.cond = mkBool(true);
      u.loops = k.ops[j].loops;
      u.loc = {"gen.cpp", 5000, 1};
      Region ur;
      ur.bufferId = int(r.uni(0, int64_t(k.buffers.size()) - 1));
      ur.pos = k.buffers[ur.bufferId].memPos;
      ur.offsetBytes = mkConst(0);
      ur.write = true;
      ur.role = "arg0";
      u.regions.push_back(ur);
      k.ops.insert(k.ops.begin() + j + 1, u);
      for (size_t x = 0; x < k.ops.size(); ++x)
        k.ops[x].id = int(x);
    }
    ++injected;
    unsigned line = kind == 2 ? 5000 : k.ops[j].loc.line;
    bool global = kind != 2 && rg.global;
    std::vector<std::string> readers = {global ? "bounds-global" : "bounds-local", "sync-race"};
    if (!global && kind == 0)
      readers.push_back("align-address");
    unsigned seen = 0;
    for (const CheckInfo &ci : checkRegistry()) {
      if (std::find(readers.begin(), readers.end(), ci.id) == readers.end())
        continue;
      auto check = ci.make();
      CheckContext ctx(k, *t);
      check->run(ctx);
      for (ProofItem &item : ctx.items) {
        if (item.loc.line != line)
          continue;
        // an obligation that reads the injected operand (sync-race pairs at
        // this line may be about another region of the op: only the ones
        // that name an unknown extent or buffer are about it)
        Verdict v = solver.check(item.ob);
        if (ci.id == std::string("sync-race") && item.ob.unknownReason.empty())
          continue;
        ++seen;
        ++checked;
        INFO("model " << i << " kind " << kind << " check " << ci.id << " line " << line);
        CHECK(v.status != Status::Proved);
      }
    }
    INFO("model " << i << " kind " << kind);
    CHECK(seen >= 1); // the op kept its obligations: it was not lost
  }
  CHECK(injected >= 30);
  CHECK(checked >= injected);
}
