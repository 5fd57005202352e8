// vector-overlap: a vector instruction whose source and destination share
// memory must overlap them completely. asc-devkit docs/zh/api/SIMD-API/
// 通用说明和约束.md, 通用地址重叠约束: within one iteration source and
// destination must overlap 100%, partial overlap is not supported; across
// iterations a destination must not be a later iteration's source. A source
// and a destination starting at different addresses of one buffer that
// overlap are both (the instruction walks them in step). The Cast page
// (基础API/Memory矢量计算/类型转换/Cast.md, 约束说明) adds that converting a
// smaller type into a larger one over overlapping addresses may give wrong
// results: an in-place widening Cast writes each iteration's destination
// over sources later iterations still read.
#include "rules/Checks.h"

#include <cstring>

namespace alint {

void VectorOverlapCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  for (const Op &op : k.ops) {
    if (op.kind != OpKind::Vector)
      continue;
    // Instructions whose operands are not element-wise streams in step.
    if (op.api == "Compare" || op.api == "Duplicate" || op.api.rfind("Reduce", 0) == 0)
      continue;
    const Region *dst = nullptr;
    for (const Region &r : op.regions)
      if (r.write && r.role == "dst")
        dst = &r;
    if (!dst || dst->global || dst->bufferId < 0)
      continue;
    for (const Region &src : op.regions) {
      if (src.write || src.global || src.role.rfind("src", 0) != 0 || src.bufferId != dst->bufferId)
        continue;
      if (src.slot && dst->slot && !structurallyEqual(src.slot, dst->slot))
        continue; // tensors of two allocations: different slots in practice
      ProofItem item;
      item.ob.check = id();
      item.loc = op.loc;
      std::string what = op.api + " " + src.role + " and dst";
      if (!src.lengthBytes || !dst->lengthBytes || op.params.count("overApprox")) {
        item.ob.unknownReason =
            op.unknownReason.empty() ? "extents of " + what + " are not modelled" : op.unknownReason;
        item.ob.property = mkBool(true);
        item.message = [what](const Verdict &v) { return what + ": overlap could not be checked: " + v.reason; };
        ctx.prove(std::move(item));
        continue;
      }
      Sym ds = dst->offsetBytes, de = add(dst->offsetBytes, dst->lengthBytes);
      Sym ss = src.offsetBytes, se = add(src.offsetBytes, src.lengthBytes);
      Sym overlap =
          mkAnd(mkAnd(mkCmp(SymOp::Lt, ds, se), mkCmp(SymOp::Lt, ss, de)),
                mkAnd(mkCmp(SymOp::Gt, dst->lengthBytes, mkConst(0)), mkCmp(SymOp::Gt, src.lengthBytes, mkConst(0))));
      bool widening = src.elemBytes && dst->elemBytes && src.elemBytes < dst->elemBytes;
      Sym forbidden = widening ? overlap : mkAnd(overlap, mkCmp(SymOp::Ne, ds, ss));
      item.ob.property = mkNot(forbidden);
      item.ob.context = ctx.contextAt(op.cond, op.loops);
      item.ob.report = {{"dst", ds}, {"src", ss}};
      std::string name = k.buffers.size() > size_t(dst->bufferId) ? k.buffers[dst->bufferId].name : "?";
      uint32_t se8 = src.elemBytes, de8 = dst->elemBytes;
      item.message = [what, name, widening, se8, de8](const Verdict &v) {
        if (v.status == Status::Unknown)
          return what + ": overlap could not be checked: " + v.reason;
        std::string may = v.status == Status::Violated ? "" : "may ";
        if (widening)
          return what + " " + may + "overlap in '" + name + "' while converting " + std::to_string(se8) +
                 "-byte elements into " + std::to_string(de8) +
                 "-byte ones: each iteration overwrites sources later iterations read";
        auto d = v.reportValues.find("dst"), s = v.reportValues.find("src");
        std::string at =
            d != v.reportValues.end() && s != v.reportValues.end()
                ? " (dst at byte " + std::to_string(d->second) + ", src at byte " + std::to_string(s->second) + ")"
                : "";
        return what + " " + may + "overlap partially in '" + name + "'" + at +
               ": source and destination must be the same addresses or disjoint";
      };
      item.hint = widening ? "convert into a separate buffer (an in-place Cast is only safe to a smaller type)"
                           : "use the same tensor for source and destination, or disjoint ranges";
      ctx.prove(std::move(item));
    }
  }
}

} // namespace alint
