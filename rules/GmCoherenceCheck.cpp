// gm-coherence: the scalar unit reaches GM through the core's data cache,
// the DMA engines (DataCopy) do not (asc-devkit docs/zh/api/SIMD-API/基础API/
// 缓存控制/DataCacheCleanAndInvalid.md: "Scalar单元访问GM，首先会访问每个核内的
// Data Cache，因此存在Data Cache与GM的Cache一致性问题"; DMA has none). So:
//   - GM a scalar SetValue wrote and a later DataCopy reads from GM must be
//     written back by DataCacheCleanAndInvalid in between: until then the
//     data may sit dirty in the cache and the copy reads the old GM;
//   - GM a DataCopy wrote and a later scalar GetValue reads, when the scalar
//     unit touched that tensor before the copy (its line may be cached),
//     needs DataCacheCleanAndInvalid before the read: else it may read the
//     stale cached line (at most a warning: whether the line is still cached
//     is not known).
// A DataCacheCleanAndInvalid (or dcci) between the two in program order, on
// the same GM argument or on one the frontend could not follow, clears it.
#include "checker/ir/WrapFree.h"
#include "rules/Checks.h"

namespace alint {

namespace {

bool isDcci(const Op &op) { return op.api == "DataCacheCleanAndInvalid" || op.api == "dcci"; }

} // namespace

void GmCoherenceCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  auto rootOf = [&](const Region &r) -> std::string {
    if (!r.global || r.bufferId < 0 || r.bufferId >= int(k.globals.size()))
      return "?";
    return k.globals[r.bufferId].root;
  };
  // A cache clean of root `root` between ops a and b (a < b, program order).
  // An enclosing loop both are in makes ops after b or before a run between
  // them too (in the next iteration): any clean in that loop counts then.
  auto cleanBetween = [&](size_t a, size_t b, const std::string &root) {
    for (size_t j = 0; j < k.ops.size(); ++j) {
      const Op &o = k.ops[j];
      if (!isDcci(o))
        continue;
      bool between = j > a && j < b;
      bool inSharedLoop = !o.loops.empty() && !k.ops[a].loops.empty() && o.loops[0] == k.ops[a].loops[0];
      if (!between && !inSharedLoop)
        continue;
      bool any = o.regions.empty();
      for (const Region &r : o.regions)
        any |= rootOf(r) == "?" || rootOf(r) == root;
      if (any)
        return true;
    }
    return false;
  };
  // Offsets without the wraps param-range rules out (checker/ir/WrapFree.h).
  WrapFreeOffsets exact(k);
  auto gmStart = [&](const Region &r) {
    return add(toMath(k.globals[r.bufferId].baseOffsetBytes), exact.orSelf(r.offsetBytes));
  };
  for (size_t w = 0; w < k.ops.size(); ++w) {
    const Op &wo = k.ops[w];
    bool scalarWrite = wo.kind == OpKind::ScalarWrite;
    bool dmaWrite = wo.kind == OpKind::DataCopy;
    if (!scalarWrite && !dmaWrite)
      continue;
    for (const Region &W : wo.regions) {
      if (!W.write || !W.global || !W.lengthBytes || rootOf(W) == "?")
        continue;
      std::string root = rootOf(W);
      // dmaWrite: did the scalar unit touch this argument before the copy?
      bool cachedBefore = false;
      if (dmaWrite)
        for (size_t s = 0; s < w && !cachedBefore; ++s)
          if (k.ops[s].kind == OpKind::ScalarRead || k.ops[s].kind == OpKind::ScalarWrite)
            for (const Region &r : k.ops[s].regions)
              cachedBefore |= r.global && rootOf(r) == root;
      if (dmaWrite && !cachedBefore)
        continue;
      for (size_t r = w + 1; r < k.ops.size(); ++r) {
        const Op &ro = k.ops[r];
        if (scalarWrite ? ro.kind != OpKind::DataCopy : ro.kind != OpKind::ScalarRead)
          continue;
        for (const Region &R : ro.regions) {
          if (R.write || !R.global || rootOf(R) != root || !R.lengthBytes)
            continue;
          if (cleanBetween(w, r, root))
            continue;
          ProofItem item;
          item.ob.check = id();
          item.loc = ro.loc;
          Sym a = gmStart(W), b = gmStart(R);
          Sym overlap = mkAnd(mkCmp(SymOp::Lt, a, add(b, R.lengthBytes)), mkCmp(SymOp::Lt, b, add(a, W.lengthBytes)));
          item.ob.property = mkNot(overlap);
          item.ob.context = ctx.contextAt(wo.cond, wo.loops);
          for (const Sym &s : ctx.contextAt(ro.cond, ro.loops))
            item.ob.context.push_back(s);
          if (dmaWrite) {
            item.worst = Status::Counterexample;
          }
          std::string what =
              scalarWrite
                  ? ro.api + " reads GM argument '" + root + "' that " + wo.api + " wrote through the data cache"
                  : ro.api + " reads GM argument '" + root + "' through the data cache after " + wo.api + " wrote it";
          bool sw = scalarWrite;
          item.message = [what, sw](const Verdict &v) {
            if (v.status == Status::Unknown)
              return what + "; overlap could not be decided: " + v.reason;
            return what + (sw ? " with no DataCacheCleanAndInvalid in between: the copy may read the old GM"
                              : " with no DataCacheCleanAndInvalid in between: it may read a stale cached line");
          };
          item.related.push_back({wo.loc, "written here by " + wo.api});
          item.hint = "call DataCacheCleanAndInvalid<T, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(gm) "
                      "between them";
          item.group = std::to_string(r) + ":" + root;
          ctx.prove(std::move(item));
        }
      }
    }
  }
}

} // namespace alint
