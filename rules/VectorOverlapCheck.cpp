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
//
// The mask/repeat forms (Region::repeat) are checked on their exact blocks
// (SIMD计算说明/高维切分.md): within a repeat, a destination block that
// meets a source block must be that same repeat's source at the same
// addresses; across repeats, no destination block of repeat i may meet a
// source block of a repeat j > i, except (same page) for Add, Sub, Mul, Max,
// Min, AddRelu, SubRelu on half/int32/float with the destination over the
// second source and src1RepStride or dstRepStride 0.
#include "rules/Checks.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iterator>

namespace alint {

namespace {

// Block b of repeat i of an operand at `base`: its start and length.
Sym blockStart(const Sym &base, const RepeatShape &p, const Sym &i, const Sym &b) {
  return add(base, mulC(add(mul(i, p.repStride), mul(b, p.blkStride)), 32));
}
Sym blockLen(const RepeatShape &p, const Sym &b) {
  return p.lastBytes == 32 ? mkConst(32)
                           : mkSelect(mkCmp(SymOp::Eq, b, mkConst(p.blocks - 1)), mkConst(p.lastBytes), mkConst(32));
}
Sym inRange(const Sym &x, const Sym &hi) { return mkAnd(mkCmp(SymOp::Ge, x, mkConst(0)), mkCmp(SymOp::Lt, x, hi)); }

// Block (i, b) of dst meets block (j, c) of src.
Sym blocksMeet(const Region &dst, const Sym &i, const Sym &b, const Region &src, const Sym &j, const Sym &c) {
  const RepeatShape &D = *dst.repeat, &S = *src.repeat;
  Sym ds = blockStart(dst.offsetBytes, D, i, b), ss = blockStart(src.offsetBytes, S, j, c);
  return mkAndAll({inRange(i, D.repeat), inRange(b, mkConst(D.blocks)), inRange(j, S.repeat),
                   inRange(c, mkConst(S.blocks)), mkCmp(SymOp::Lt, ds, add(ss, blockLen(S, c))),
                   mkCmp(SymOp::Lt, ss, add(ds, blockLen(D, b)))});
}

// The repeat-form obligations of one (src, dst) pair: partial overlap within
// a repeat, and a later repeat reading an earlier repeat's destination.
void repeatItems(CheckContext &ctx, const std::string &check, const KernelModel &k, const Op &op, const Region &dst,
                 const Region &src) {
  const RepeatShape &D = *dst.repeat, &S = *src.repeat;
  std::string what = op.api + " " + src.role + " and dst";
  std::string name = k.buffers.size() > size_t(dst.bufferId) ? k.buffers[dst.bufferId].name : "?";
  bool widening = src.elemBytes && dst.elemBytes && src.elemBytes < dst.elemBytes;
  auto fresh = [](const char *n) { return mkVar(n, IntType::math(), VarRole::Internal); };
  auto finish = [&](ProofItem &item) {
    item.ob.check = check;
    item.loc = op.loc;
    item.ob.context = ctx.contextAt(op.cond, op.loops);
    if (!D.maskKnown || !S.maskKnown) {
      item.worst = Status::Unknown;
      item.capReason = op.unknownReason;
    }
    ctx.prove(std::move(item));
  };
  {
    // Within repeat i: the same addresses (same start and block stride) or none.
    Sym i = fresh("repeat"), b = fresh("dstBlock"), c = fresh("srcBlock");
    Sym same =
        mkCmp(SymOp::Eq, blockStart(dst.offsetBytes, D, i, mkConst(0)), blockStart(src.offsetBytes, S, i, mkConst(0)));
    if (D.blocks > 1)
      same = mkAnd(same, mkCmp(SymOp::Eq, D.blkStride, S.blkStride));
    if (widening || D.blocks != S.blocks || D.lastBytes != S.lastBytes)
      same = mkBool(false);
    ProofItem item;
    item.ob.property = mkNot(mkAnd(blocksMeet(dst, i, b, src, i, c), mkNot(same)));
    item.message = [what, name, widening](const Verdict &v) {
      if (v.status == Status::Unknown)
        return what + ": overlap could not be checked: " + v.reason;
      std::string may = v.status == Status::Violated ? "" : "may ";
      return what + " " + may + "overlap partially within a repeat in '" + name + "'" +
             (widening ? " while converting to a wider type" : "") +
             ": a repeat's source and destination must be the same addresses or disjoint";
    };
    item.hint = "give source and destination the same start and block stride, or disjoint ranges";
    finish(item);
  }
  {
    Sym i = fresh("earlierRepeat"), j = fresh("laterRepeat"), b = fresh("dstBlock"), c = fresh("srcBlock");
    Sym bad = mkAnd(mkCmp(SymOp::Lt, i, j), blocksMeet(dst, i, b, src, j, c));
    static const char *const kDstOverSrc1[] = {"Add", "Sub", "Mul", "Max", "Min", "AddRelu", "SubRelu"};
    bool excepted =
        src.role == "src1" && (dst.elemBytes == 2 || dst.elemBytes == 4) &&
        std::any_of(std::begin(kDstOverSrc1), std::end(kDstOverSrc1), [&](const char *n) { return op.api == n; });
    if (excepted)
      bad = mkAnd(bad, mkAnd(mkCmp(SymOp::Ne, S.repStride, mkConst(0)), mkCmp(SymOp::Ne, D.repStride, mkConst(0))));
    ProofItem item;
    item.ob.property = mkNot(bad);
    item.message = [what, name](const Verdict &v) {
      if (v.status == Status::Unknown)
        return what + ": overlap across repeats could not be checked: " + v.reason;
      std::string may = v.status == Status::Violated ? "" : "may ";
      return what + ": a later repeat " + may + "read in '" + name +
             "' what an earlier repeat wrote (the repeat strides make a destination a later source)";
    };
    item.hint = "use disjoint source and destination, or repeat strides that keep each repeat's destination off "
                "later sources";
    finish(item);
  }
}

// A counted widening conversion (Cast of 2-byte into 4-byte elements over
// one buffer) walks both operands in repeats of one 256-byte destination
// block and the source elements it converts (SIMD计算说明, 256 bytes per
// repeat). The hazard the Cast page names: a repeat's destination over the
// source of a later repeat, read after it was overwritten. A destination
// that starts below its source and never catches up with it (the common
// idiom: 2-byte data copied into the buffer's upper half, converted to
// 4-byte data from its start) has none; its last repeats may still overlap
// within one repeat, which the general rule does not support and the Cast
// page says may give wrong results: a warning, not an error.
void widenedItems(CheckContext &ctx, const std::string &check, const KernelModel &k, const Op &op, const Region &dst,
                  const Region &src) {
  std::string what = op.api + " " + src.role + " and dst";
  std::string name = k.buffers.size() > size_t(dst.bufferId) ? k.buffers[dst.bufferId].name : "?";
  const uint32_t se8 = src.elemBytes, de8 = dst.elemBytes;
  const int64_t dstChunk = 256, srcChunk = 256 / de8 * se8;
  auto fresh = [](const char *n) { return mkVar(n, IntType::math(), VarRole::Internal); };
  Sym ds = dst.offsetBytes, de = add(dst.offsetBytes, dst.lengthBytes);
  Sym ss = src.offsetBytes, se = add(src.offsetBytes, src.lengthBytes);
  // Repeat r's destination and repeat q's source, each within its operand
  // (a last repeat is partial: it ends with its operand, ops-math
  // asin_with_agent converts a half tile into the float buffer right after it).
  auto meet = [&](const Sym &r, const Sym &q) {
    Sym d0 = add(ds, mulC(r, dstChunk)), s0 = add(ss, mulC(q, srcChunk));
    return mkAndAll({mkCmp(SymOp::Ge, r, mkConst(0)), mkCmp(SymOp::Ge, q, mkConst(0)), mkCmp(SymOp::Lt, d0, de),
                     mkCmp(SymOp::Lt, s0, se), mkCmp(SymOp::Lt, d0, add(s0, mkConst(srcChunk))),
                     mkCmp(SymOp::Lt, d0, se), mkCmp(SymOp::Lt, s0, add(d0, mkConst(dstChunk))),
                     mkCmp(SymOp::Lt, s0, de)});
  };
  // One finding: the error across repeats, else the warning within one.
  char group[64];
  std::snprintf(group, sizeof group, "widen:%p:%p", static_cast<const void *>(&op), static_cast<const void *>(&src));
  auto finish = [&](ProofItem &item) {
    item.ob.check = check;
    item.loc = op.loc;
    item.group = group;
    item.ob.context = ctx.contextAt(op.cond, op.loops);
    ctx.prove(std::move(item));
  };
  auto sizes = "converting " + std::to_string(se8) + "-byte elements into " + std::to_string(de8) + "-byte ones";
  {
    Sym r = fresh("earlierRepeat"), q = fresh("laterRepeat");
    ProofItem item;
    item.ob.property = mkNot(mkAnd(mkCmp(SymOp::Lt, r, q), meet(r, q)));
    item.message = [what, name, sizes](const Verdict &v) {
      if (v.status == Status::Unknown)
        return what + ": overlap could not be checked: " + v.reason;
      std::string may = v.status == Status::Violated ? "" : "may ";
      return what + " " + may + "overlap in '" + name + "' while " + sizes +
             ": a repeat overwrites sources later repeats read";
    };
    item.hint = "convert into a separate buffer, or place the source at the buffer's end so the destination never "
                "reaches unread sources";
    finish(item);
  }
  {
    Sym r = fresh("repeat");
    ProofItem item;
    item.ob.property = mkNot(meet(r, r));
    item.worst = Status::Counterexample; // "may give wrong results" (Cast.md)
    item.message = [what, name, sizes](const Verdict &v) {
      if (v.status == Status::Unknown)
        return what + ": overlap could not be checked: " + v.reason;
      return what + " may overlap partially within a repeat in '" + name + "' while " + sizes +
             " (the Cast page: overlap when converting to a wider type may give wrong results)";
    };
    item.hint = "convert into a separate buffer";
    finish(item);
  }
}

} // namespace

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
      if (dst->repeat && src.repeat) {
        repeatItems(ctx, id(), k, op, *dst, src);
        continue;
      }
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
      if (widening) {
        widenedItems(ctx, id(), k, op, *dst, src);
        continue;
      }
      Sym forbidden = mkAnd(overlap, mkCmp(SymOp::Ne, ds, ss));
      item.ob.property = mkNot(forbidden);
      item.ob.context = ctx.contextAt(op.cond, op.loops);
      item.ob.report = {{"dst", ds}, {"src", ss}};
      std::string name = k.buffers.size() > size_t(dst->bufferId) ? k.buffers[dst->bufferId].name : "?";
      item.message = [what, name](const Verdict &v) {
        if (v.status == Status::Unknown)
          return what + ": overlap could not be checked: " + v.reason;
        std::string may = v.status == Status::Violated ? "" : "may ";
        auto d = v.reportValues.find("dst"), s = v.reportValues.find("src");
        std::string at =
            d != v.reportValues.end() && s != v.reportValues.end()
                ? " (dst at byte " + std::to_string(d->second) + ", src at byte " + std::to_string(s->second) + ")"
                : "";
        return what + " " + may + "overlap partially in '" + name + "'" + at +
               ": source and destination must be the same addresses or disjoint";
      };
      item.hint = "use the same tensor for source and destination, or disjoint ranges";
      ctx.prove(std::move(item));
    }
  }
}

} // namespace alint
