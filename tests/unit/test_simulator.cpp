// The executable hierarchy model on hand-built KernelModels: concrete loops,
// branches, queue slots, block indices, assumptions, and the properties the
// checks prove, evaluated per operation instance.
#include "checker/model/Simulator.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace alint;
using namespace alint::model;

namespace {

const TargetSpec &target910b() {
  const TargetSpec *t = findBuiltinTarget("ascend910b");
  REQUIRE(t != nullptr);
  return *t;
}

SourceLoc at(unsigned line) { return {"k.cpp", line, 3}; }

Sym c(int64_t v) { return mkConst(v); }
Sym ci(int64_t v) { return mkConst(v, IntType::i32()); }

// lo <= i < hi, as the frontend records a loop's entry condition.
Sym inRange(const Sym &i, const Sym &lo, const Sym &hi) {
  return mkAnd(mkCmp(SymOp::Le, toMath(lo), toMath(i)), mkCmp(SymOp::Lt, toMath(i), toMath(hi)));
}

struct Builder {
  KernelModel k;
  Builder() {
    k.name = "kernel";
    k.loc = at(1);
  }
  int buffer(const std::string &name, TPos pos, Sym num, Sym len, Buffer::Kind kind = Buffer::Kind::Queue,
             Sym cond = nullptr) {
    Buffer b;
    b.id = int(k.buffers.size());
    b.name = name;
    b.kind = kind;
    b.srcPos = b.dstPos = b.memPos = pos;
    b.num = std::move(num);
    b.lenBytes = std::move(len);
    b.cond = cond ? cond : mkBool(true);
    b.loc = at(10 + b.id);
    k.buffers.push_back(b);
    return b.id;
  }
  int global(const std::string &name, Sym sizeElems, uint32_t elem) {
    GlobalBuf g;
    g.id = int(k.globals.size());
    g.name = name;
    g.root = name;
    g.baseOffsetBytes = c(0);
    g.sizeElems = std::move(sizeElems);
    g.elemBytes = elem;
    k.globals.push_back(g);
    return g.id;
  }
  int loop(Sym var, Sym lo, Sym hi, int parent = -1, Sym cond = nullptr) {
    Loop l;
    l.id = int(k.loops.size());
    l.parent = parent;
    l.var = std::move(var);
    l.lo = std::move(lo);
    l.hi = std::move(hi);
    l.step = c(1);
    l.cond = cond ? cond : mkBool(true);
    l.loc = at(30 + l.id);
    k.loops.push_back(l);
    return l.id;
  }
  Op &op(OpKind kind, const std::string &api, std::vector<int> loops = {}, Sym cond = nullptr) {
    Op o;
    o.id = int(k.ops.size());
    o.kind = kind;
    o.api = api;
    o.loops = std::move(loops);
    o.cond = cond ? cond : mkBool(true);
    o.loc = at(100 + o.id);
    k.ops.push_back(o);
    return k.ops.back();
  }
  // DataCopy(dst, src, count) with `elem`-byte elements.
  Op &copy(Region dst, Region src, Sym count, uint32_t elem, std::vector<int> loops = {}, Sym cond = nullptr) {
    Op &o = op(OpKind::DataCopy, "DataCopy", std::move(loops), std::move(cond));
    o.srcPos = src.global ? TPos::GM : k.buffers[src.bufferId].memPos;
    o.dstPos = dst.global ? TPos::GM : k.buffers[dst.bufferId].memPos;
    o.params["elemBytes"] = c(elem);
    o.params["count"] = toMath(count);
    o.params["lengthBytes"] = mul(toMath(count), c(elem));
    src.lengthBytes = dst.lengthBytes = o.params["lengthBytes"];
    src.role = "src";
    dst.role = "dst";
    dst.write = true;
    o.regions = {src, dst};
    return o;
  }
};

Region local(int buf, Sym off, Sym slot = nullptr) {
  Region r;
  r.bufferId = buf;
  r.pos = TPos::VECIN;
  r.offsetBytes = std::move(off);
  r.slot = std::move(slot);
  return r;
}

Region gm(int g, Sym off) {
  Region r;
  r.global = true;
  r.bufferId = g;
  r.offsetBytes = std::move(off);
  return r;
}

const SimSite *site(const SimResult &r, const std::string &check, int op, int region = -1) {
  for (const SimSite &s : r.sites)
    if (s.check == check && s.op == op && (region < 0 || s.region == region))
      return &s;
  return nullptr;
}

int64_t valueOf(const SimFinding &f, const std::string &name) {
  for (auto &[n, v] : f.values)
    if (n == name)
      return v;
  FAIL("no value named " << name << " in the finding");
  return 0;
}

} // namespace

TEST_CASE("simulator: a constant capacity overflow is found", "[sim]") {
  Builder b;
  for (const char *n : {"inQueueX", "inQueueY", "outQueueZ"})
    b.buffer(n, TPos::VECIN, ci(2), mkConst(32 * 1024, IntType::u32())); // 192 KiB
  // A kernel that is not mixed cube+vector has the whole 192 KiB of UB ...
  SimResult solo = simulate(b.k, target910b(), {});
  REQUIRE(solo.ok);
  CHECK(solo.of("capacity-overflow").empty());
  // ... a mixed one 192 KiB - 256 (ASC_UB_SIZE): 256 bytes too many.
  b.k.kernelType = 5; // KERNEL_TYPE_MIX_AIC_1_2
  SimResult r = simulate(b.k, target910b(), {});
  REQUIRE(r.ok);
  REQUIRE(r.of("capacity-overflow").size() == 1);
  const SimFinding &f = r.of("capacity-overflow")[0];
  CHECK(f.mem == Mem::UB);
  CHECK(f.loc.line == 12); // the last InitBuffer of the memory
  CHECK(f.message.find("196608") != std::string::npos);
  CHECK(r.counts.at("capacity-overflow").instances == 1);

  // Two of them fit.
  b.k.buffers.pop_back();
  SimResult ok = simulate(b.k, target910b(), {});
  REQUIRE(ok.ok);
  CHECK(ok.of("capacity-overflow").empty());
  CHECK(ok.counts.at("capacity-overflow").instances == 1);
}

TEST_CASE("simulator: an off-by-one loop fails at its last iteration only", "[sim]") {
  // uint16_t n; SetGlobalBuffer(x, n * 256); for (uint16_t i = 0; i <= n; i++) DataCopy(t, xGm[i * 256], 256);
  Builder b;
  Sym n = mkVar("tiling.n", IntType{16, false, false});
  Sym i = mkVar("i", IntType{16, false, false}, VarRole::Internal);
  int x = b.global("xGm", mkBin(SymOp::Mul, mkCast(n, IntType::i32()), ci(256), IntType::i32()), 2);
  int t = b.buffer("buf", TPos::VECCALC, ci(1), mkConst(512, IntType::u32()), Buffer::Kind::TBuf);
  Sym hi = addC(toMath(n), 1);
  int L = b.loop(i, c(0), hi);
  Sym idx = mkBin(SymOp::Mul, mkCast(i, IntType::i32()), ci(256), IntType::i32());
  b.copy(local(t, c(0)), gm(x, mul(toMath(idx), c(2))), ci(256), 2, {L}, inRange(i, c(0), hi));

  SimConfig cfg;
  cfg.inputs["tiling.n"] = 4;
  SimResult r = simulate(b.k, target910b(), cfg);
  REQUIRE(r.ok);
  CHECK(r.traceLength == 5);
  REQUIRE(r.of("bounds-global").size() == 1);
  const SimFinding &f = r.of("bounds-global")[0];
  CHECK(f.op == 0);
  CHECK(f.loc.line == 100);
  CHECK(valueOf(f, "i") == 4);
  CHECK(f.message.find("[2048, 2560) of a 2048-byte GM tensor") != std::string::npos);
  const SimSite *s = site(r, "bounds-global", 0);
  REQUIRE(s);
  CHECK(s->instances == 5);
  CHECK(s->failed == 1);
  CHECK(r.of("bounds-local").empty());
  CHECK(r.of("align-copy-length").empty());

  // i < n: no finding.
  b.k.loops[0].hi = toMath(n);
  b.k.ops[0].cond = inRange(i, c(0), toMath(n));
  SimResult good = simulate(b.k, target910b(), cfg);
  REQUIRE(good.ok);
  CHECK(good.traceLength == 4);
  CHECK(good.of("bounds-global").empty());
}

TEST_CASE("simulator: queue slots rotate like TQue", "[sim]") {
  Builder b;
  Sym i = mkVar("i", IntType::i32(), VarRole::Internal);
  Sym slot = mkVar("slot(inQueueX)", IntType::i32(), VarRole::Internal);
  int q = b.buffer("inQueueX", TPos::VECIN, ci(2), mkConst(1024, IntType::u32()));
  int x = b.global("xGm", c(1 << 20), 2);
  b.k.facts.push_back(mkCmp(SymOp::Ge, toMath(slot), c(0)));
  b.k.facts.push_back(mkCmp(SymOp::Lt, toMath(slot), b.k.buffers[q].num));
  int L = b.loop(i, ci(0), ci(5));
  Sym cond = inRange(i, ci(0), ci(5));
  b.op(OpKind::AllocTensor, "TQue::AllocTensor", {L}, cond).bufferId = q;
  b.copy(local(q, c(0), slot), gm(x, mul(toMath(i), c(2048))), ci(512), 2, {L}, cond);
  Op &enq = b.op(OpKind::EnQue, "TQue::EnQue", {L}, cond);
  enq.bufferId = q;
  enq.regions = {local(q, c(0), slot)};
  b.op(OpKind::DeQue, "TQue::DeQue", {L}, cond).bufferId = q;

  Trace tr = expandTrace(b.k, {});
  REQUIRE(tr.ok);
  REQUIRE(tr.executions.size() == 1);
  std::vector<int64_t> allocs, copies, deques;
  for (const TraceStep &s : tr.executions[0].steps) {
    if (s.op == 0)
      allocs.push_back(*s.slot);
    if (s.op == 1) {
      auto it = std::find_if(s.internals.begin(), s.internals.end(),
                             [](const VarValue &v) { return v.var->name == "slot(inQueueX)"; });
      REQUIRE(it != s.internals.end());
      copies.push_back(it->value);
    }
    if (s.op == 3)
      deques.push_back(*s.slot);
  }
  CHECK(allocs == std::vector<int64_t>{0, 1, 0, 1, 0});
  CHECK(copies == allocs);
  CHECK(deques == allocs);
  CHECK(tr.length == 20);

  SimResult r = simulate(b.k, target910b(), {});
  REQUIRE(r.ok);
  const SimSite *addr = site(r, "align-address", 1);
  REQUIRE(addr);
  CHECK(addr->instances == 5);
  CHECK(addr->failed == 0);
}

TEST_CASE("simulator: a DataCopy of 17 halves is an align-copy-length finding", "[sim]") {
  Builder b;
  int q = b.buffer("buf", TPos::VECCALC, ci(1), mkConst(64, IntType::u32()), Buffer::Kind::TBuf);
  int x = b.global("xGm", c(1024), 2);
  b.copy(local(q, c(0)), gm(x, c(0)), ci(17), 2);
  b.copy(local(q, c(0)), gm(x, c(0)), ci(16), 2);
  SimResult r = simulate(b.k, target910b(), {});
  REQUIRE(r.ok);
  REQUIRE(r.of("align-copy-length").size() == 1);
  CHECK(r.of("align-copy-length")[0].op == 0);
  CHECK(r.of("align-copy-length")[0].message.find("34 bytes") != std::string::npos);
  CHECK(r.counts.at("align-copy-length").instances == 2);
}

TEST_CASE("simulator: an operation under a false branch is skipped", "[sim]") {
  Builder b;
  Sym n = mkVar("tiling.n", IntType::u32());
  int q = b.buffer("buf", TPos::VECCALC, ci(1), mkConst(64, IntType::u32()), Buffer::Kind::TBuf);
  int x = b.global("xGm", c(1024), 2);
  // if (n > 10) DataCopy(buf, xGm, 512): 1024 bytes into a 64-byte buffer.
  b.copy(local(q, c(0)), gm(x, c(0)), ci(512), 2, {}, mkCmp(SymOp::Gt, n, mkConst(10, IntType::u32())));
  SimConfig cfg;
  cfg.inputs["tiling.n"] = 5;
  SimResult r = simulate(b.k, target910b(), cfg);
  REQUIRE(r.ok);
  CHECK(r.traceLength == 0);
  CHECK(r.of("bounds-local").empty());
  cfg.inputs["tiling.n"] = 20;
  SimResult taken = simulate(b.k, target910b(), cfg);
  REQUIRE(taken.ok);
  CHECK(taken.traceLength == 1);
  REQUIRE(taken.of("bounds-local").size() == 1);
  CHECK(taken.of("bounds-local")[0].message.find("[0, 1024) of a 64-byte buffer") != std::string::npos);
}

TEST_CASE("simulator: a missing input is an error naming it; an unused one is not needed", "[sim]") {
  Builder b;
  Sym n = mkVar("tiling.tileLength", IntType::u32());
  Sym unused = mkVar("tiling.unused", IntType::u32());
  b.buffer("buf", TPos::VECIN, ci(2),
           mkCast(mkBin(SymOp::Mul, n, mkConst(2, IntType::u32()), IntType::u32()), IntType::u32()));
  b.k.assumptions.push_back({mkCmp(SymOp::Le, unused, mkConst(8, IntType::u32())), mkBool(true), {}, at(5), ""});
  SimResult r = simulate(b.k, target910b(), {});
  CHECK_FALSE(r.ok);
  CHECK(r.error.find("'tiling.tileLength'") != std::string::npos);
  CHECK(r.error.find("unused") == std::string::npos);

  SimConfig cfg;
  cfg.inputs["tiling.tileLength"] = 1u << 16; // 2 x 128 KiB
  SimResult big = simulate(b.k, target910b(), cfg);
  REQUIRE(big.ok);
  CHECK(big.of("capacity-overflow").size() == 1);

  cfg.inputs["tiling.tileLength"] = -1; // not a uint32_t
  SimResult bad = simulate(b.k, target910b(), cfg);
  CHECK_FALSE(bad.ok);
  CHECK(bad.error.find("out of the range of uint32_t") != std::string::npos);
}

TEST_CASE("simulator: a value that depends on an opaque variable is unknown", "[sim]") {
  Builder b;
  int q = b.buffer("buf", TPos::VECCALC, ci(1), mkConst(1024, IntType::u32()), Buffer::Kind::TBuf);
  int x = b.global("xGm", c(4096), 2);
  Sym off = mkOpaque("result of 'Compute()'", IntType::u32());
  b.copy(local(q, toMath(off)), gm(x, c(0)), ci(16), 2);
  SimResult r = simulate(b.k, target910b(), {});
  REQUIRE(r.ok);
  const SimSite *s = site(r, "bounds-local", 0, 1);
  REQUIRE(s);
  CHECK(s->instances == 1);
  CHECK(s->unknown == 1);
  CHECK(s->unknownReason.find("Compute()") != std::string::npos);
  CHECK(r.of("bounds-local").empty());
  CHECK(r.counts.at("align-address").unknown == 1);
  CHECK(r.counts.at("bounds-global").failed == 0);
  CHECK(r.counts.at("bounds-global").unknown == 0);
}

TEST_CASE("simulator: blockIdx runs as separate executions; a false assumption is inadmissible", "[sim]") {
  Builder b;
  Sym blockNum = mkVar("blockNum", IntType::i64());
  Sym blockIdx = mkVar("blockIdx", IntType::i64(), VarRole::Internal);
  b.k.facts = {mkCmp(SymOp::Ge, toMath(blockNum), c(1)), mkCmp(SymOp::Le, toMath(blockNum), c(65535)),
               mkCmp(SymOp::Ge, toMath(blockIdx), c(0)), mkCmp(SymOp::Lt, toMath(blockIdx), toMath(blockNum))};
  int q = b.buffer("buf", TPos::VECCALC, ci(1), mkConst(256, IntType::u32()), Buffer::Kind::TBuf);
  int x = b.global("xGm", c(256), 2); // 512 bytes: two blocks of 256
  b.copy(local(q, c(0)), gm(x, mul(toMath(blockIdx), c(256))), ci(128), 2);
  SimConfig cfg;
  cfg.inputs["blockNum"] = 3;
  SimResult r = simulate(b.k, target910b(), cfg);
  REQUIRE(r.ok);
  CHECK(r.executions == 3);
  REQUIRE(r.of("bounds-global").size() == 1);
  CHECK(valueOf(r.of("bounds-global")[0], "blockIdx") == 2);

  // ASCENDC_ASSUME(blockNum <= 2): blockNum = 3 is not an admissible launch.
  b.k.assumptions.push_back({mkCmp(SymOp::Le, toMath(blockNum), c(2)), mkBool(true), {}, at(6), "blockNum <= 2"});
  SimResult inadm = simulate(b.k, target910b(), cfg);
  REQUIRE(inadm.ok);
  CHECK(inadm.inadmissibleExecutions == 3);
  CHECK(inadm.of("bounds-global").empty());
  REQUIRE(!inadm.inadmissible.empty());
  CHECK(inadm.inadmissible[0].find("blockNum <= 2") != std::string::npos);
  cfg.inputs["blockNum"] = 2;
  SimResult fine = simulate(b.k, target910b(), cfg);
  REQUIRE(fine.ok);
  CHECK(fine.executions == 2);
  CHECK(fine.of("bounds-global").empty());
}

TEST_CASE("simulator: an illegal path is found each time it runs; the trace limit is an error", "[sim]") {
  Builder b;
  Sym i = mkVar("i", IntType::i32(), VarRole::Internal);
  Sym n = mkVar("tiling.n", IntType::i32());
  int l1 = b.buffer("a1", TPos::A1, ci(1), mkConst(1024, IntType::u32()));
  int ub = b.buffer("ub", TPos::VECCALC, ci(1), mkConst(1024, IntType::u32()), Buffer::Kind::TBuf);
  int L = b.loop(i, ci(0), n);
  b.copy(local(ub, c(0)), local(l1, c(0)), ci(16), 2, {L}, inRange(i, ci(0), n));
  SimConfig cfg;
  cfg.inputs["tiling.n"] = 3;
  SimResult r = simulate(b.k, target910b(), cfg);
  REQUIRE(r.ok);
  CHECK(r.of("path-illegal").size() == 3);
  CHECK(r.of("path-illegal")[0].message.find("L1->UB") != std::string::npos);
  cfg.inputs["tiling.n"] = 100;
  cfg.maxSteps = 50;
  SimResult big = simulate(b.k, target910b(), cfg);
  CHECK_FALSE(big.ok);
  CHECK(big.truncated);
  CHECK(big.error.find("50 operation instances") != std::string::npos);
  // The prefix that ran is evaluated; findings are kept up to the per-site limit.
  CHECK(big.counts.at("path-illegal").failed == 50);
  CHECK(big.of("path-illegal").size() == SimConfig().maxFindingsPerSite);

  // A long loop whose body never runs ends at the limit too.
  b.k.ops[0].cond = mkAnd(inRange(i, ci(0), n), mkCmp(SymOp::Lt, toMath(n), c(0)));
  cfg.inputs["tiling.n"] = 1 << 30;
  SimResult idle = simulate(b.k, target910b(), cfg);
  CHECK_FALSE(idle.ok);
  CHECK(idle.error.find("50 loop iterations that run no operation") != std::string::npos);
}

TEST_CASE("simulator: arithmetic is exact C++ arithmetic (wrap-around in the type)", "[sim]") {
  // InitBuffer(q, 2, tileLength * sizeof(half)) with uint32_t arithmetic:
  // tileLength = 2147508208 wraps to 49120 bytes (docs/smt.md).
  Builder b;
  Sym n = mkVar("tiling.tileLength", IntType::u32());
  b.buffer("q", TPos::VECIN, ci(2), mkBin(SymOp::Mul, n, mkConst(2, IntType::u32()), IntType::u32()));
  SimConfig cfg;
  cfg.inputs["tiling.tileLength"] = 2147508208;
  SimResult r = simulate(b.k, target910b(), cfg);
  REQUIRE(r.ok);
  CHECK(r.of("capacity-overflow").empty()); // 2 x 49120 fits
  std::string why;
  Execution none;
  CHECK(evalAt(b.k.buffers[0].lenBytes, cfg, none, nullptr, &why) == 49120);
}

TEST_CASE("simulator: buffer layout follows the InitBuffer calls that ran, per TPipe epoch", "[sim]") {
  // if (x > 5) InitBuffer(a, 1, 256) in L0A; InitBuffer(b, 1, 1024) in L0A;
  // LoadData into b[256 bytes]: b starts at 256 when a exists, at 0 when not.
  Builder b;
  Sym x = mkVar("tiling.x", IntType::i32());
  b.buffer("a", TPos::A2, ci(1), mkConst(256, IntType::u32()), Buffer::Kind::TBuf, mkCmp(SymOp::Gt, x, ci(5)));
  int bb = b.buffer("b", TPos::A2, ci(1), mkConst(1024, IntType::u32()), Buffer::Kind::TBuf);
  Op &ld = b.op(OpKind::LoadData, "LoadData");
  Region r = local(bb, c(256));
  r.lengthBytes = c(512);
  r.write = true;
  r.role = "dst";
  ld.regions = {r};
  SimConfig cfg;
  cfg.inputs["tiling.x"] = 9; // a is allocated: b at 256, the view at 512
  SimResult with = simulate(b.k, target910b(), cfg);
  REQUIRE(with.ok);
  CHECK(with.of("align-address").empty());
  cfg.inputs["tiling.x"] = 0; // a is not: b at 0, the view at 256 (L0A needs 512)
  SimResult without = simulate(b.k, target910b(), cfg);
  REQUIRE(without.ok);
  REQUIRE(without.of("align-address").size() == 1);
  CHECK(without.of("align-address")[0].message.find("L0A offset 256") != std::string::npos);
  // capacity counts only a buffer whose InitBuffer ran
  CHECK(without.counts.at("capacity-overflow").instances == 1);

  // TPipe::Destroy: the next epoch starts again at 0 and is counted apart.
  Builder e;
  int u0 = e.buffer("u0", TPos::VECCALC, ci(1), mkConst(150 * 1024, IntType::u32()), Buffer::Kind::TBuf);
  int u1 = e.buffer("u1", TPos::VECCALC, ci(1), mkConst(150 * 1024, IntType::u32()), Buffer::Kind::TBuf);
  e.k.buffers[u1].epoch = 1;
  Op &v = e.op(OpKind::Vector, "Adds");
  Region d = local(u1, c(0)), s = local(u0, c(0));
  d.lengthBytes = s.lengthBytes = c(256);
  v.regions = {d, s};
  SimResult ep = simulate(e.k, target910b(), {});
  REQUIRE(ep.ok);
  CHECK(ep.of("capacity-overflow").empty()); // 150 KiB in each epoch
  int capSites = 0;
  for (const SimSite &st : ep.sites)
    capSites += st.check == "capacity-overflow";
  CHECK(capSites == 2);
  CHECK(ep.counts.at("align-address").failed == 0);
  e.k.buffers[u1].epoch = 0; // both at once: 300 KiB
  CHECK(simulate(e.k, target910b(), {}).of("capacity-overflow").size() == 1);
}
