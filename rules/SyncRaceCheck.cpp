// sync-race: two accesses to overlapping memory, at least one a write, on
// pipes that do not order them, must be ordered by happens-before: program
// order on a self-ordered pipe, barriers, SetFlag/WaitFlag chains and the
// implicit queue events (the pipe dependency graph, checker/graph). Ordering
// is decided by graph reachability; Z3 is asked only whether the two
// footprints can overlap, with loop-carried pairs (iteration i against i + 1)
// included, so double-buffered slots are proved apart.
#include "rules/Checks.h"

#include <map>
#include <set>

namespace alint {

static bool isAccess(OpKind k) {
  switch (k) {
  case OpKind::DataCopy:
  case OpKind::Vector:
  case OpKind::Cube:
  case OpKind::LoadData:
  case OpKind::Fixpipe:
  case OpKind::ScalarRead:
  case OpKind::ScalarWrite:
    return true;
  default:
    return false;
  }
}

void SyncRaceCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  const SyncGraph &g = ctx.syncGraph();
  // One finding per pair of operations, and per access only the nearest
  // earlier conflicting access: the one a fix must order first.
  std::set<std::pair<int, int>> seenOps;
  // The core of each op, once (coreOf looks at the whole kernel).
  std::vector<std::optional<CoreType>> core(k.ops.size());
  if (t.splitCores)
    for (size_t i = 0; i < k.ops.size(); ++i)
      core[i] = coreOf(k, k.ops[i], t);
  for (int y = 0; y < int(g.seq.size()); ++y) {
    const SeqOp &sy = g.seq[y];
    const Op &oy = k.ops[sy.op];
    if (!isAccess(oy.kind) || sy.pipe == Pipe::None)
      continue;
    std::set<size_t> reportedRegion; // regions of y already given a partner
    for (int x = y - 1; x >= 0; --x) {
      const SeqOp &sx = g.seq[x];
      const Op &ox = k.ops[sx.op];
      if (!isAccess(ox.kind) || sx.pipe == Pipe::None)
        continue;
      if (t.splitCores) {
        const auto &cx = core[sx.op], &cy = core[sy.op];
        if (cx && cy && *cx != *cy)
          continue; // different cores share only GM, ordered by cross-core flags
      }
      if (g.happensBefore(x, y))
        continue;
      bool pairDone = false;
      for (size_t ix = 0; ix < sx.regions.size() && !pairDone; ++ix)
        for (size_t iy = 0; iy < sy.regions.size() && !pairDone; ++iy) {
          if (reportedRegion.count(iy))
            continue;
          const Region &rx = sx.regions[ix], &ry = sy.regions[iy];
          if (!rx.write && !ry.write)
            continue;
          if (rx.global != ry.global || rx.bufferId < 0 || ry.bufferId < 0)
            continue;
          std::string where;
          Sym ax = rx.offsetBytes, ay = ry.offsetBytes;
          if (!rx.global) {
            if (rx.bufferId != ry.bufferId)
              continue;
            const Buffer &b = k.buffers[rx.bufferId];
            Sym slotLen = slotBytes(b);
            if (rx.slot)
              ax = add(ax, mul(toMath(rx.slot), slotLen));
            if (ry.slot)
              ay = add(ay, mul(toMath(ry.slot), slotLen));
            where = "'" + b.name + "' (" + std::string(memName(t.memoryOf(b.memPos).value_or(Mem::Unknown))) + ")";
          } else {
            const GlobalBuf &gx = k.globals[rx.bufferId], &gy = k.globals[ry.bufferId];
            if (gx.root != gy.root || gx.root == "?")
              continue;
            ax = add(toMath(gx.baseOffsetBytes), ax);
            ay = add(toMath(gy.baseOffsetBytes), ay);
            where = "GM argument '" + gx.root + "'";
          }
          bool carried = sy.inLastCopy && !sx.inLastCopy;
          pairDone = true;
          for (size_t r = 0; r < sy.regions.size(); ++r)
            if (sy.regions[r].bufferId == ry.bufferId && sy.regions[r].global == ry.global)
              reportedRegion.insert(r);
          if (!seenOps.insert({sx.op, sy.op}).second)
            continue;
          ProofItem item;
          item.ob.check = id();
          item.loc = oy.loc;
          if (!rx.lengthBytes || !ry.lengthBytes) {
            item.ob.unknownReason = "extent of " + (rx.lengthBytes ? oy.api : ox.api) + " is not modelled";
            item.ob.property = mkBool(true);
          } else {
            Sym overlap =
                mkAnd(mkCmp(SymOp::Lt, ax, add(ay, ry.lengthBytes)), mkCmp(SymOp::Lt, ay, add(ax, rx.lengthBytes)));
            item.ob.property = mkNot(overlap);
            std::vector<Sym> c = ctx.contextAt(sx.cond, ox.loops);
            for (const Sym &s : ctx.contextAt(sy.cond, oy.loops))
              c.push_back(s);
            for (const Sym &f : g.facts)
              c.push_back(f);
            // Out-of-bounds accesses are bounds-local/bounds-global findings;
            // here both accesses are taken to be in bounds, so a race is not
            // reported again for values where the footprints leave their
            // buffers (as GPUVerify assumes memory safety).
            for (const Region *r : {&rx, &ry}) {
              Sym cap;
              if (!r->global)
                cap = slotBytes(k.buffers[r->bufferId]);
              else if (k.globals[r->bufferId].sizeElems)
                cap = mul(k.globals[r->bufferId].sizeElems, mkConst(k.globals[r->bufferId].elemBytes));
              c.push_back(mkCmp(SymOp::Ge, r->offsetBytes, mkConst(0)));
              if (cap)
                c.push_back(mkCmp(SymOp::Le, add(r->offsetBytes, r->lengthBytes), cap));
            }
            item.ob.context = c;
          }
          std::string px(pipeName(sx.pipe)), py(pipeName(sy.pipe));
          std::string fix;
          if (sx.pipe == sy.pipe) {
            fix = "add PipeBarrier<" + px + ">() between them";
          } else {
            std::string ev = px.substr(5) + "_" + py.substr(5);
            fix = "add SetFlag<HardEvent::" + ev + ">/WaitFlag<HardEvent::" + ev + "> between them";
          }
          std::string kind = rx.write && ry.write ? "write-after-write"
                             : ry.write           ? "write-after-read"
                                                  : "read-after-write";
          std::string what = oy.api + " on " + py + (ry.write ? " writes " : " reads ") + where + " while " + ox.api +
                             " on " + px + (rx.write ? " writes" : " reads") + " it with nothing ordering them (" +
                             kind + (carried ? ", across loop iterations" : "") + ")";
          item.message = [what](const Verdict &v) {
            if (v.status == Status::Unknown)
              return "possible race: " + what + "; overlap could not be decided: " + v.reason;
            return (v.status == Status::Violated ? "data race: " : "possible data race: ") + what;
          };
          item.related.push_back(
              {ox.loc, "the other access: " + ox.api + " on " + px + (carried ? " (previous iteration)" : "")});
          item.hint = fix;
          ctx.prove(std::move(item));
        }
    }
  }
}

} // namespace alint
