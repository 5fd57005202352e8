// sync-race: two accesses to overlapping memory, at least one a write, on
// pipes that do not order them, must be ordered by happens-before: program
// order on a self-ordered pipe, barriers, SetFlag/WaitFlag chains and the
// implicit queue events (the pipe dependency graph, checker/graph). Ordering
// is decided by graph reachability; Z3 is asked only whether the two
// footprints can overlap, with loop-carried pairs (iteration i against i + 1)
// included, so double-buffered slots are proved apart.
#include "checker/ir/AddressTerms.h"
#include "rules/Checks.h"

#include <map>
#include <optional>
#include <set>

namespace alint {

// The two branches of one condition (`if (c) A else B`, a tensor chosen by
// `c ? x : y`) in the same iteration never both run: one guard holds a
// conjunct whose negation the other holds.
static void conjuncts(const Sym &c, std::vector<Sym> &out) {
  if (!c)
    return;
  if (c->op == SymOp::LAnd) {
    for (const Sym &a : c->args)
      conjuncts(a, out);
    return;
  }
  out.push_back(c);
}

static bool exclusiveGuards(const Sym &a, const Sym &b) {
  std::vector<Sym> ca, cb;
  conjuncts(a, ca);
  conjuncts(b, cb);
  for (const Sym &x : ca)
    for (const Sym &y : cb)
      if (structurallyEqual(mkNot(x), y))
        return true;
  return false;
}

// An access whose region could not be followed (an unmodelled call on a
// tensor, a tensor of unknown buffer) may overlap anything in its memory:
// every race it could take part in is `unknown`, never absent. One obligation
// per such access, naming the first access it is not ordered with.
static void unknownRaces(CheckContext &ctx, const std::string &check,
                         const std::vector<std::optional<CoreType>> &cores) {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  const SyncGraph &g = ctx.syncGraph();
  auto uncertain = [&](const SeqOp &s) {
    const Op &o = k.ops[s.op];
    if (o.kind == OpKind::Unmodelled)
      return !s.regions.empty();
    if (!accessesMemory(o.kind))
      return false;
    for (const Region &r : s.regions)
      if (r.bufferId < 0)
        return true;
    return false;
  };
  auto touches = [&](const SeqOp &s) {
    return k.ops[s.op].kind == OpKind::Unmodelled || accessesMemory(k.ops[s.op].kind);
  };
  auto mayAlias = [&](const Region &a, const Region &b) {
    if (a.global != b.global || (!a.write && !b.write))
      return false;
    if (a.bufferId < 0 || b.bufferId < 0)
      return true;
    if (a.global) {
      const GlobalBuf &ga = k.globals[a.bufferId], &gb = k.globals[b.bufferId];
      return ga.root == gb.root || ga.root == "?" || gb.root == "?";
    }
    return a.bufferId == b.bufferId ||
           t.memoryOf(k.buffers[a.bufferId].memPos) == t.memoryOf(k.buffers[b.bufferId].memPos);
  };
  std::set<int> done; // ops already given their unknown race
  // Only pairs with an uncertain side: O(ops x uncertain ops), not ops^2.
  std::vector<char> unc(g.seq.size());
  std::vector<int> uncIdx;
  for (int i = 0; i < int(g.seq.size()); ++i)
    if ((unc[i] = uncertain(g.seq[i])))
      uncIdx.push_back(i);
  if (uncIdx.empty())
    return;
  std::vector<int> all(g.seq.size());
  for (int i = 0; i < int(all.size()); ++i)
    all[i] = i;
  for (int y = 0; y < int(g.seq.size()); ++y)
    for (int x : unc[y] ? all : uncIdx) {
      if (x >= y)
        break;
      const SeqOp &sx = g.seq[x], &sy = g.seq[y];
      bool ux = unc[x], uy = unc[y];
      if ((!ux && !uy) || !touches(sx) || !touches(sy) || sx.op == sy.op)
        continue;
      int u = uy ? sy.op : sx.op;
      if (done.count(u))
        continue;
      if (t.splitCores) {
        const auto &cx = cores[sx.op], &cy = cores[sy.op];
        if (cx && cy && *cx != *cy)
          continue;
      }
      if (sx.pipe != Pipe::None && sy.pipe != Pipe::None && g.happensBefore(x, y))
        continue;
      bool alias = false;
      for (const Region &rx : sx.regions)
        for (const Region &ry : sy.regions)
          alias |= mayAlias(rx, ry);
      if (!alias)
        continue;
      done.insert(u);
      const Op &ou = k.ops[u], &other = k.ops[u == sy.op ? sx.op : sy.op];
      ProofItem item;
      item.ob.check = check;
      item.loc = ou.loc;
      item.ob.property = mkBool(true);
      item.ob.unknownReason =
          !ou.unknownReason.empty() ? ou.unknownReason : "the memory " + ou.api + " accesses could not be followed";
      std::string what = ou.api + " and " + other.api + " (line " + std::to_string(other.loc.line) + ")";
      item.message = [what](const Verdict &v) {
        return "possible race between " + what + " could not be decided: " + v.reason;
      };
      item.related.push_back({other.loc, "the other access: " + other.api});
      ctx.prove(std::move(item));
    }
}

// The exact footprint of one side of a strided copy: `count` blocks of `bytes`
// bytes, `stride` bytes apart start to start. DataCopy with DataCopyParams
// counts blockLen and the gaps in 32-byte blocks on both sides; DataCopyPad
// counts blockLen in bytes, GM-side gaps in bytes and UB-side gaps in 32-byte
// blocks, each UB block padded to 32 bytes (asc-devkit docs/zh/api/SIMD-API/
// 基础API/Memory矢量计算/数据搬运/DataCopy（GM与UB高维切分数据搬运）.md, table 3,
// and DataCopyPad（UBToGM非对齐数据搬运）.md / DataCopyPad（GMToUB非对齐数据搬运）.md).
// None when the side is contiguous (its span is exact) or when a parameter
// could differ between the two accesses compared (anything but constants and
// host inputs: the loop-carried copies substitute only the regions).
struct Blocks {
  Sym count, bytes, stride;
};
static std::optional<Blocks> blocksOf(const Op &op, const Region &r) {
  if (op.kind != OpKind::DataCopy || !op.params.count("blockCount") ||
      (!op.params.count("struct:DataCopyParams") && !op.params.count("struct:DataCopyExtParams")))
    return std::nullopt;
  bool pad = op.params.count("unit:bytes") > 0;
  bool src = r.role == "src";
  if (!src && r.role != "dst")
    return std::nullopt;
  Sym bc = op.params.at("blockCount"), bl = op.params.at("blockLen");
  Sym gap = op.params.at(src ? "srcStride" : "dstStride");
  for (const Sym &x : {bc, bl, gap}) {
    if (!x || containsOpaque(x))
      return std::nullopt;
    std::vector<std::shared_ptr<const VarInfo>> vars;
    collectVars(x, vars);
    for (const auto &v : vars)
      if (v->role != VarRole::Input)
        return std::nullopt;
  }
  if (asConst(bc) == 1 || asConst(gap) == 0)
    return std::nullopt; // one block, or blocks back to back: the span is exact
  Blocks b;
  b.count = bc;
  if (!pad) {
    b.bytes = mulC(bl, 32);
    b.stride = mulC(add(bl, gap), 32);
  } else if (r.global) {
    b.bytes = bl;
    b.stride = add(bl, gap);
  } else {
    if (op.srcPos != TPos::GM && op.dstPos != TPos::GM)
      return std::nullopt;
    Sym ub = mulC(mkBin(SymOp::Div, addC(bl, 31), mkConst(32), IntType::math()), 32);
    b.bytes = ub;
    b.stride = add(ub, mulC(gap, 32));
  }
  return b;
}

// Whether the parameters of a vector repeat form's footprint are the same
// in every copy of the op (constants and host inputs: the loop-carried copies
// substitute only the regions), so its exact blocks can be used.
static const RepeatShape *repeatOf(const Region &r) {
  if (!r.repeat)
    return nullptr;
  for (const Sym &x : {r.repeat->repeat, r.repeat->blkStride, r.repeat->repStride}) {
    if (!x || containsOpaque(x))
      return nullptr;
    std::vector<std::shared_ptr<const VarInfo>> vars;
    collectVars(x, vars);
    for (const auto &v : vars)
      if (v->role != VarRole::Input)
        return nullptr;
  }
  return &*r.repeat;
}

// Whether [ax, ax + al) and [ay, ay + al) share a byte, block by block when a
// side is strided (a strided copy, or a vector repeat form: repeat and block
// indices): the indices are fresh unknowns, so a proof covers every pair of
// blocks and a `violated` verdict needs, for every input, some pair to collide.
static Sym overlapOf(const Op &ox, const Region &rx, Sym ax, const Op &oy, const Region &ry, Sym ay) {
  std::optional<Blocks> bx = blocksOf(ox, rx), by = blocksOf(oy, ry);
  const RepeatShape *px = repeatOf(rx), *py = repeatOf(ry);
  Sym lx = rx.lengthBytes, ly = ry.lengthBytes;
  // Two contiguous accesses from the same start (one AllocTensor, offset 0)
  // share a byte exactly when neither is empty: decided here, so Z3 is not
  // asked about the opaque offsets both carry.
  if (!bx && !by && !px && !py && structurallyEqual(ax, ay))
    return mkAnd(mkCmp(SymOp::Gt, lx, mkConst(0)), mkCmp(SymOp::Gt, ly, mkConst(0)));
  Sym range = mkBool(true);
  auto block = [&](const std::optional<Blocks> &b, Sym &start, Sym &len, const std::string &name) {
    if (!b)
      return;
    Sym k = mkVar(name, IntType::math(), VarRole::Internal);
    range = mkAnd(range, mkAnd(mkCmp(SymOp::Ge, k, mkConst(0)), mkCmp(SymOp::Lt, k, b->count)));
    start = add(start, mul(k, b->stride));
    len = b->bytes;
  };
  auto repeated = [&](const RepeatShape *p, Sym &start, Sym &len, const std::string &name) {
    if (!p)
      return;
    Sym i = mkVar(name + "Repeat", IntType::math(), VarRole::Internal);
    Sym b = mkVar(name + "Block", IntType::math(), VarRole::Internal);
    range = mkAnd(range, mkAndAll({mkCmp(SymOp::Ge, i, mkConst(0)), mkCmp(SymOp::Lt, i, p->repeat),
                                   mkCmp(SymOp::Ge, b, mkConst(0)), mkCmp(SymOp::Lt, b, mkConst(p->blocks))}));
    start = add(start, mulC(add(mul(i, p->repStride), mul(b, p->blkStride)), 32));
    len = p->lastBytes == 32
              ? mkConst(32)
              : mkSelect(mkCmp(SymOp::Eq, b, mkConst(p->blocks - 1)), mkConst(p->lastBytes), mkConst(32));
  };
  block(bx, ax, lx, rx.role + "Block");
  block(by, ay, ly, ry.role + "Block'");
  repeated(px, ax, lx, rx.role);
  repeated(py, ay, ly, ry.role + "'");
  return mkAnd(range, mkAnd(mkCmp(SymOp::Lt, ax, add(ay, ly)), mkCmp(SymOp::Lt, ay, add(ax, lx))));
}

// "Y on PIPE_b writes <where> while X on PIPE_a reads it with nothing
// ordering them (<how>)": a race finding's subject.
static std::string unorderedPair(const Op &oy, const std::string &py, const Region &ry, const std::string &where,
                                 const Op &ox, const std::string &px, const Region &rx, const std::string &how) {
  return oy.api + " on " + py + (ry.write ? " writes " : " reads ") + where + " while " + ox.api + " on " + px +
         (rx.write ? " writes" : " reads") + " it with nothing ordering them (" + how + ")";
}

// The reason of a value a loop changes (kChangedAcrossIterations) that `s`
// holds, or "".
static std::string changedAcrossIterations(const Sym &s) {
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(s, vs);
  for (auto &v : vs)
    if (v->role == VarRole::Opaque && v->reason.find(kChangedAcrossIterations) != std::string::npos)
      return v->reason;
  return "";
}

void SyncRaceCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  const SyncGraph &g = ctx.syncGraph();
  const std::vector<std::optional<CoreType>> cores = opCores(k, t);
  std::set<std::string> warned;
  unknownRaces(ctx, id(), cores);
  // Bounded candidate sets (deterministic): the nearest maxRacePartners
  // unordered partners of each access, maxRacePairs in all; an access whose
  // candidates are cut gets one `unknown` obligation saying so.
  Budget unlimited;
  Budget &bud = ctx.cache && ctx.cache->budget ? *ctx.cache->budget : unlimited;
  size_t pairs = 0;
  auto cutItem = [&](const Op &oy, const std::string &why) {
    ProofItem item;
    item.ob.check = id();
    item.loc = oy.loc;
    item.ob.property = mkBool(true);
    item.ob.unknownReason = why;
    std::string api = oy.api;
    item.message = [api](const Verdict &v) {
      return "possible races of " + api + " were not all checked: " + v.reason;
    };
    ctx.prove(std::move(item));
  };
  // Calls not modelled whose names say they synchronise (`asc_sync_...`,
  // `...Barrier`, `...Flag`, `...Wait`) may order what comes before them
  // with what comes after: a race across one is at most `unknown` (an
  // unmodelled asc_sync drew false "data race" errors on asc-devkit's C API
  // examples). Prefix counts over the sequence find one between x and y.
  std::vector<int> syncLikeBefore(g.seq.size() + 1, 0);
  std::vector<int> syncLikeOp(g.seq.size() + 1, -1);
  for (size_t i = 0; i < g.seq.size(); ++i) {
    const Op &o = k.ops[g.seq[i].op];
    const bool syncLike =
        o.kind == OpKind::Unmodelled && o.regions.empty() && namesSynchronisation(o.api, /*withFlag=*/true);
    syncLikeBefore[i + 1] = syncLikeBefore[i] + syncLike;
    syncLikeOp[i + 1] = syncLike ? int(g.seq[i].op) : syncLikeOp[i];
  }
  // Local buffers some operation reads (a dummy load into a buffer nothing
  // reads races with nothing that matters: its final contents are unused).
  // An access the frontend could not place may read any of them.
  std::set<int> readBuffers;
  bool unplacedRead = false;
  for (const Op &op : k.ops)
    for (const Region &r : op.regions) {
      if (r.global)
        continue;
      if (op.kind == OpKind::Unmodelled || r.bufferId < 0)
        unplacedRead = true;
      else if (!r.write || !r.lengthBytes)
        readBuffers.insert(r.bufferId);
    }
  // BiSheng's auto-sync makes a scalar access wait for an earlier V/MTE2/MTE3
  // access it depends on (overlapping memory, one of them a write), and a wait
  // on S holds back every instruction the scalar unit issues after it: x is
  // then ordered before every later y (anchors.md §6, cce-auto-sync). So x and
  // y are ordered when such a scalar access z between them certainly runs and
  // certainly overlaps x. Only z in the same loop copy as x and y, so its
  // condition and offsets speak of the same values; a disjunct per candidate.
  auto orderedViaScalar = [&](int x, int y, const Region &rx) -> Sym {
    const SeqOp &sx = g.seq[x], &sy = g.seq[y];
    const Op &ox = k.ops[sx.op], &oy = k.ops[sy.op];
    if (rx.global || sx.rawPointer || sx.pipe == Pipe::S || !g.autoOrdered(sx.pipe, Pipe::S) ||
        sx.copies != sy.copies || ox.loops != oy.loops)
      return nullptr;
    // x's and z's offsets in the same buffer (and queue slot)
    auto at = [&](const Region &r) {
      return r.slot ? add(r.offsetBytes, mul(toMath(r.slot), slotBytes(k.buffers[r.bufferId]))) : r.offsetBytes;
    };
    Sym ax = at(rx), any;
    int found = 0;
    for (int z = x + 1; z < y && found < 4; ++z) {
      const SeqOp &sz = g.seq[z];
      const Op &oz = k.ops[sz.op];
      if ((oz.kind != OpKind::ScalarRead && oz.kind != OpKind::ScalarWrite) || sz.pipe != Pipe::S || sz.rawPointer ||
          sz.copies != sx.copies || oz.loops != ox.loops || oz.vf >= 0)
        continue;
      if (t.splitCores && cores[sz.op] != cores[sx.op])
        continue;
      for (const Region &rz : sz.regions) {
        if (rz.global || rz.bufferId != rx.bufferId || (!rz.write && !rx.write) || !rz.lengthBytes || !rx.lengthBytes ||
            (rx.slot && !rz.slot) || (rz.slot && !rx.slot))
          continue;
        Sym az = at(rz);
        Sym ov = mkAnd(mkCmp(SymOp::Lt, ax, add(az, rz.lengthBytes)), mkCmp(SymOp::Lt, az, add(ax, rx.lengthBytes)));
        Sym term = sz.cond ? mkAnd(sz.cond, ov) : ov;
        any = any ? mkOr(any, term) : term;
        ++found;
        break;
      }
    }
    return any;
  };
  // A GM offset without the wraps of its narrow computations (`i * tile` in
  // uint32_t): param-range requires each not to wrap, so where that holds
  // the two are equal, and a race is not reported again for a wrap (as for
  // bounds, below); Z3 is spared the modulo.
  auto offsetOf = [](const Region &r) -> const Sym & {
    return r.global && r.exactOffsetBytes ? r.exactOffsetBytes : r.offsetBytes;
  };
  // Both accesses reached (their conditions, the graph's facts) and in
  // bounds: out-of-bounds accesses are bounds-local/bounds-global findings,
  // so a race is not reported again for values where the footprints leave
  // their buffers (as GPUVerify assumes memory safety).
  auto raceContext = [&](const SeqOp &sx, const Op &ox, const Region &rx, const SeqOp &sy, const Op &oy,
                         const Region &ry) {
    std::vector<Sym> c = ctx.contextAt(sx.cond, ox.loops);
    for (const Sym &s : ctx.contextAt(sy.cond, oy.loops))
      c.push_back(s);
    for (const Sym &f : g.facts)
      c.push_back(f);
    for (const Region *r : {&rx, &ry}) {
      Sym cap;
      if (!r->global)
        cap = slotBytes(k.buffers[r->bufferId]);
      else if (k.globals[r->bufferId].sizeElems)
        cap = mul(k.globals[r->bufferId].sizeElems, mkConst(k.globals[r->bufferId].elemBytes));
      c.push_back(mkCmp(SymOp::Ge, offsetOf(*r), mkConst(0)));
      if (cap && r->lengthBytes)
        c.push_back(mkCmp(SymOp::Le, add(offsetOf(*r), r->lengthBytes), cap));
    }
    return c;
  };
  // Every unordered earlier access to the same memory is a candidate partner
  // (a nearer one may be proved disjoint while a farther one overlaps); the
  // candidates of one access form a group, nearest first, and one finding is
  // reported per access and memory: the one a fix must order first.
  // The accesses of the sequence (most of a long one is flags and barriers):
  // the pair search below is quadratic in them (ops-math cdist on ascend950:
  // 20,000 entries).
  std::vector<int> accesses;
  for (int i = 0; i < int(g.seq.size()); ++i)
    if (accessesMemory(k.ops[g.seq[i].op].kind) && g.seq[i].pipe != Pipe::None)
      accesses.push_back(i);
  for (size_t accY = 0; accY < accesses.size(); ++accY) {
    const int y = accesses[accY];
    const SeqOp &sy = g.seq[y];
    const Op &oy = k.ops[sy.op];
    if (bud.expired("sync-race")) {
      cutItem(oy, "the file's CPU-time limit (--timeout) was reached before its candidates were compared");
      continue;
    }
    unsigned partners = 0;
    bool cut = false;
    for (size_t accX = accY; accX-- > 0 && !cut;) {
      const int x = accesses[accX];
      const SeqOp &sx = g.seq[x];
      const Op &ox = k.ops[sx.op];
      if (t.splitCores) {
        const auto &cx = cores[sx.op], &cy = cores[sy.op];
        if (cx && cy && *cx != *cy)
          continue; // different cores share only GM, ordered by cross-core flags
      }
      if (g.happensBefore(x, y))
        continue;
      if (ox.vf >= 0 && ox.vf == oy.vf)
        continue; // inside one vector function: LocalMemBar's rule, sync-vf-membar
      for (size_t ix = 0; ix < sx.regions.size() && !cut; ++ix)
        for (size_t iy = 0; iy < sy.regions.size() && !cut; ++iy) {
          const Region &rx = sx.regions[ix], &ry = sy.regions[iy];
          if (!rx.write && !ry.write)
            continue;
          if (rx.global != ry.global || rx.bufferId < 0 || ry.bufferId < 0)
            continue; // unknown regions: see unknownRaces below
          bool unreadWaw =
              rx.write && ry.write && !rx.global && !readBuffers.count(rx.bufferId) && !readBuffers.count(ry.bufferId);
          if (unreadWaw && !unplacedRead)
            continue; // nothing reads what either write leaves
          if (partners >= bud.maxRacePartners || pairs >= bud.maxRacePairs) {
            cut = true;
            cutItem(oy, partners >= bud.maxRacePartners
                            ? "it has more than " + std::to_string(bud.maxRacePartners) +
                                  " unordered candidate partners; the farther ones were not compared"
                            : "the kernel's race candidates exceed the pair budget (" +
                                  std::to_string(bud.maxRacePairs) + "); this access was not compared");
            break;
          }
          ++partners;
          ++pairs;
          std::string where;
          // Different iterations of a loop both are in (an op in a nested
          // loop's copy and one after that loop are the same iteration of
          // the loops around both: mem_set_v2's full-tile loop and its tail).
          bool carried = false;
          for (size_t l = 0; l < std::min(sx.loops.size(), sy.loops.size()) && sx.loops[l] == sy.loops[l]; ++l)
            carried |= l < sx.copies.size() && l < sy.copies.size() && sx.copies[l] != sy.copies[l];
          Sym ax = offsetOf(rx), ay = offsetOf(ry);
          // Two queue tensors whose slot length is not a constant: see below.
          Sym slotX, slotY;
          bool sameStart = false; // the general question below, on two accesses from one start
          if (!rx.global) {
            const Buffer &b = k.buffers[rx.bufferId], &by = k.buffers[ry.bufferId];
            if (rx.bufferId != ry.bufferId) {
              // Tensors placed by address may overlap each other: compare
              // their addresses in the memory.
              if (b.kind != Buffer::Kind::Raw || by.kind != Buffer::Kind::Raw || !b.baseBytes || !by.baseBytes ||
                  t.memoryOf(b.memPos) != t.memoryOf(by.memPos))
                continue;
              ax = add(toMath(b.baseBytes), ax);
              ay = add(toMath(by.baseBytes), ay);
            } else {
              Sym slotLen = slotBytes(b);
              if (rx.slot && ry.slot && !asConst(toMath(slotLen))) {
                slotX = toMath(rx.slot);
                slotY = toMath(ry.slot);
              }
              if (rx.slot)
                ax = add(ax, mul(toMath(rx.slot), slotLen));
              if (ry.slot)
                ay = add(ay, mul(toMath(ry.slot), slotLen));
            }
            where = "'" + b.name + "' (" + std::string(memName(t.memoryOf(b.memPos).value_or(Mem::Unknown))) + ")";
          } else {
            const GlobalBuf &gx = k.globals[rx.bufferId], &gy = k.globals[ry.bufferId];
            if (gx.root != gy.root || gx.root == "?")
              continue;
            // The start of each in its own loop copy (a GlobalTensor set up
            // per iteration starts elsewhere in the next one).
            Sym bx = rx.gmBaseBytes ? rx.gmBaseBytes : gx.baseOffsetBytes,
                by = ry.gmBaseBytes ? ry.gmBaseBytes : gy.baseOffsetBytes;
            // The same start on both sides (one GlobalTensor, set up once):
            // overlap does not depend on it, and a per-core start
            // (`bigCoreDataNum * GetBlockIdx()`) only makes the question
            // non-linear (ops-math cast). Not an opaque start: across
            // iterations one symbol may be two addresses.
            if (!(bx && by && structurallyEqual(bx, by) && !containsOpaque(bx))) {
              ax = add(toMath(bx), ax);
              ay = add(toMath(by), ay);
            }
            where = "GM argument '" + gx.root + "'";
          }
          ProofItem item;
          item.ob.check = id();
          item.loc = oy.loc;
          item.group = std::to_string(sy.op) + (ry.global ? ":g" : ":b") + std::to_string(ry.bufferId);
          if (syncLikeBefore[y] - syncLikeBefore[x + 1] > 0) {
            const Op &so = k.ops[syncLikeOp[y]];
            item.worst = Status::Unknown;
            item.capReason = "'" + so.api + "' (line " + std::to_string(so.loc.line) +
                             "), a call that is not modelled, may order them";
          }
          if (ox.params.count("overApprox") || oy.params.count("overApprox")) {
            // The whole buffer stands for an indexed access: an overlap found
            // may not be real (the op's "overApprox" param, api/RegApi.cpp).
            item.worst = Status::Unknown;
            item.capReason = ox.params.count("overApprox") ? ox.unknownReason : oy.unknownReason;
          }
          if ((!rx.lengthBytes || !ry.lengthBytes) && (carried || rx.bufferId != ry.bufferId || rx.slot || ry.slot)) {
            item.ob.unknownReason = "extent of " + (rx.lengthBytes ? oy.api : ox.api) + " is not modelled";
            item.ob.property = mkBool(true);
          } else if (!rx.lengthBytes || !ry.lengthBytes) {
            // Nothing orders them, they are in the same buffer (and slot) and
            // only the overlap is unknown: a warning with the reason.
            std::string why = "extent of " + (rx.lengthBytes ? oy.api : ox.api) + " is not modelled";
            const Op &unk = rx.lengthBytes ? oy : ox;
            if (!unk.unknownReason.empty())
              why = unk.unknownReason;
            if (!warned.insert(item.group).second)
              continue;
            Diagnostic d;
            d.check = id();
            d.severity = Severity::Warning;
            d.status = Status::Counterexample;
            d.loc = oy.loc;
            std::string px(pipeName(sx.pipe)), py(pipeName(sy.pipe));
            d.message = "possible data race: " + oy.api + " on " + py + " and " + ox.api + " on " + px +
                        " access the same buffer with nothing ordering them; the overlap could not be decided: " + why;
            d.related.push_back({ox.loc, "the other access: " + ox.api + " on " + px});
            d.hint =
                sx.pipe == sy.pipe ? "add PipeBarrier<" + px + ">() between them" : "add SetFlag/WaitFlag between them";
            ctx.report(std::move(d));
            continue;
          } else if (!blocksOf(ox, rx) && !blocksOf(oy, ry) && structurallyEqual(ax, ay) &&
                     (carried || !exclusiveGuards(sx.cond, sy.cond)) &&
                     (containsOpaque(rx.lengthBytes) || containsOpaque(ry.lengthBytes))) {
            // Same buffer, same start, nothing ordering them: they overlap
            // unless one is empty, which the lengths' opaque values leave
            // open. The question is only whether both are reached (property
            // `false` under both conditions): a warning where they are, as
            // for an unknown extent; proved where they exclude each other.
            if (warned.count(item.group))
              continue;
            // Across iterations, a start that is a value the loop changes
            // (an opaque per iteration, checker/frontend/Interpreter.cpp) is
            // the same symbol in both copies, not the same address: two
            // iterations of `while (cur < end) { copy(y[cur], len); cur +=
            // len; }` write different stretches. Not decided, not a warning.
            if (carried)
              if (std::string why = changedAcrossIterations(ax); !why.empty()) {
                item.ob.unknownReason = why;
                item.ob.property = mkBool(true);
                std::string px(pipeName(sx.pipe)), py(pipeName(sy.pipe));
                std::string what = unorderedPair(oy, py, ry, where, ox, px, rx, "across loop iterations");
                item.message = [what](const Verdict &v) {
                  return "possible race: " + what + "; overlap could not be decided: " + v.reason;
                };
                item.related.push_back({ox.loc, "the other access: " + ox.api + " on " + px + " (previous iteration)"});
                ctx.prove(std::move(item));
                continue;
              }
            item.ob.property = mkBool(false);
            item.ob.context = raceContext(sx, ox, rx, sy, oy, ry);
            if (item.worst != Status::Unknown)
              item.worst = Status::Counterexample;
            std::string px(pipeName(sx.pipe)), py(pipeName(sy.pipe));
            std::string what = oy.api + " on " + py + (ry.write ? " writes " : " reads ") + where +
                               " from the same start as " + ox.api + " on " + px + (rx.write ? " writes" : " reads") +
                               " it, with nothing ordering them" + (carried ? " (across loop iterations)" : "");
            // Whether both run is the only question, and the warning the
            // default: only a proof that they exclude each other silences it.
            item.unknownIsCounterexample = true;
            item.message = [what](const Verdict &v) {
              std::string m = "possible data race: " + what + ": they overlap unless one of them is empty";
              if (v.status == Status::Unknown || !v.reason.empty())
                m += "; whether both run could not be decided: " + v.reason;
              return m;
            };
            item.related.push_back({ox.loc, "the other access: " + ox.api + " on " + px});
            item.hint =
                sx.pipe == sy.pipe ? "add PipeBarrier<" + px + ">() between them" : "add SetFlag/WaitFlag between them";
            ctx.prove(std::move(item));
            continue;
          } else {
            // Slots of a length the tiling decides (`InitBuffer(que, 2,
            // CeilAlign(a * r, 16) * 2)`) put a product in every question
            // (ops-math arg_max_v2: 40 % of its Z3 units, most of them
            // unknown). Each access lies inside its slot, which bounds-local
            // proves or reports (docs/checks/sync-race.md), so two accesses
            // overlap exactly when their slots are the same and their
            // offsets in it overlap: asked so, without the product.
            // Without the terms both starts share (`i * tile * 4` against
            // `(i + 1) * tile * 4` across iterations is 0 against `tile *
            // 4`): overlap does not change, the products leave the question.
            Sym cx = slotX ? rx.offsetBytes : ax, cy = slotX ? ry.offsetBytes : ay;
            cancelCommonTerms(cx, cy);
            // From the same start (in the same slot), contiguous: they overlap
            // unless one is empty, as above; an undecided question is the
            // same warning (ops-math drop_out_do_mask_v3: once its tile sizes
            // were followed, its copy-in/copy-out race was a question on
            // ceiling divisions Z3 did not answer, and the warning it had
            // with opaque sizes went away).
            sameStart = !blocksOf(ox, rx) && !blocksOf(oy, ry) && !repeatOf(rx) && !repeatOf(ry) &&
                        structurallyEqual(cx, cy) && (carried || !exclusiveGuards(sx.cond, sy.cond));
            Sym overlap = slotX ? mkAnd(mkCmp(SymOp::Eq, slotX, slotY), overlapOf(ox, rx, cx, oy, ry, cy))
                                : overlapOf(ox, rx, cx, oy, ry, cy);
            item.ob.property = mkNot(overlap);
            if (Sym via = orderedViaScalar(x, y, rx))
              item.ob.property = mkOr(item.ob.property, via);
            item.ob.context = raceContext(sx, ox, rx, sy, oy, ry);
          }
          std::string px(pipeName(sx.pipe)), py(pipeName(sy.pipe));
          std::string fix;
          if (sx.pipe == sy.pipe) {
            fix = "add PipeBarrier<" + px + ">() between them";
          } else {
            std::string ev = px.substr(5) + "_" + py.substr(5);
            fix = "add SetFlag<HardEvent::" + ev + ">/WaitFlag<HardEvent::" + ev + "> between them";
            // A hand-written flag between them of the wrong event (MTE2_S where
            // MTE2_V is needed) orders the source pipe with another pipe only.
            for (int z = x + 1; z < y; ++z) {
              const SeqOp &sz = g.seq[z];
              if (sz.sync != SeqOp::Sync::Set || sz.implicit || !sz.event ||
                  (sz.flagSrc != sx.pipe && sz.flagDst != sy.pipe) || (sz.flagSrc == sx.pipe && sz.flagDst == sy.pipe))
                continue;
              std::string have(hardEventName(*sz.event));
              fix += "; the " + have + " flag at line " + std::to_string(k.ops[sz.op].loc.line) + " orders " +
                     std::string(pipeName(sz.flagSrc)).substr(5) + " before " +
                     std::string(pipeName(sz.flagDst)).substr(5) + ", not " + px.substr(5) + " before " + py.substr(5) +
                     ": its event should be " + ev;
              break;
            }
          }
          std::string kind = rx.write && ry.write ? "write-after-write"
                             : ry.write           ? "write-after-read"
                                                  : "read-after-write";
          std::string what =
              unorderedPair(oy, py, ry, where, ox, px, rx, kind + (carried ? ", across loop iterations" : ""));
          if (sameStart)
            item.unknownIsCounterexample = true;
          item.message = [what, sameStart](const Verdict &v) {
            if (v.status == Status::Unknown)
              return "possible race: " + what + "; overlap could not be decided: " + v.reason;
            if (sameStart && v.status == Status::Counterexample && !v.reason.empty() && v.counterexample.empty())
              return "possible data race: " + what +
                     ": from the same start they overlap unless one of them is empty; " +
                     "whether they are could not be decided: " + v.reason;
            return (v.status == Status::Violated ? "data race: " : "possible data race: ") + what;
          };
          std::string when;
          if (carried) {
            // iterations apart in the innermost loop the two copies differ in
            int d = 1;
            for (size_t l = 0; l < std::min(sx.copies.size(), sy.copies.size()); ++l)
              if (sx.copies[l] != sy.copies[l])
                d = sy.copies[l] - sx.copies[l];
            when = d == 1 ? " (previous iteration)" : " (" + std::to_string(d) + " iterations earlier)";
          }
          item.related.push_back({ox.loc, "the other access: " + ox.api + " on " + px + when});
          item.hint = fix;
          if (unreadWaw) { // only an access the frontend could not place may read the result
            item.worst = Status::Counterexample;
            item.capReason = "no modelled operation reads the buffer";
          }
          for (const Region *r : {&rx, &ry})
            if (r->repeat && !r->repeat->maskKnown) { // the footprint is a hull: a failure proves nothing
              item.worst = Status::Unknown;
              item.capReason = "the vector mask of " + (r == &rx ? ox.api : oy.api) +
                               " is not known, its footprint counts every element";
            }
          ctx.prove(std::move(item));
        }
    }
  }
}

} // namespace alint
