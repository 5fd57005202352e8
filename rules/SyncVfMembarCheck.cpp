// sync-vf-membar: inside one Ascend 950 vector function (__VEC_SCOPE__), a
// register store to UB followed by a load or store of overlapping UB must be
// ordered by LocalMemBar<VEC_STORE, VEC_LOAD> (resp. <VEC_STORE, VEC_STORE>,
// or VEC_ALL): the vector load and store pipelines of a VF run independently
// and only the barrier, or the two instructions using the same register,
// keeps their program order (asc-devkit docs/zh/api/SIMD-API/基础API/
// Reg矢量计算/同步控制/LocalMemBar.md, 功能说明 and 表3). Scalar reads and
// writes of UB through pointers inside the VF are a pipeline of their own
// (表2: SCALAR_LOAD / SCALAR_STORE): a vector store then a scalar access needs
// <VEC_STORE, SCALAR_*>, a scalar store then a vector access <SCALAR_STORE, VEC_*>.
//
// Pairs are taken in one iteration of the VF's loops (program order of the
// recorded operations); Z3 decides whether the two footprints can overlap.
#include "rules/Checks.h"

namespace alint {

namespace {
// MemType values (reg.h, upstream kernel_reg_compute_utils.h).
constexpr int64_t kVecStore = 0, kVecLoad = 1, kScalarStore = 2, kScalarLoad = 3, kVecAll = 4, kScalarAll = 5;

const char *memTypeName(bool scalar, bool store) {
  return scalar ? (store ? "SCALAR_STORE" : "SCALAR_LOAD") : (store ? "VEC_STORE" : "VEC_LOAD");
}

// Whether the barrier makes a later access (scalar or vector, load or store)
// wait for an earlier store (scalar or vector): its src names the earlier
// store's pipeline, its dst the later access's (LocalMemBar.md 表2).
bool orders(const Op &bar, bool earlierScalar, bool laterScalar, bool laterIsStore) {
  auto s = bar.params.find("src"), d = bar.params.find("dst");
  if (s == bar.params.end() || d == bar.params.end())
    return true; // unknown kinds: take it as ordering (no false alarm)
  int64_t src = asConst(s->second).value_or(kVecAll), dst = asConst(d->second).value_or(kVecAll);
  bool fromStore = earlierScalar ? (src == kScalarStore || src == kScalarAll) : (src == kVecStore || src == kVecAll);
  bool toLater = laterScalar ? (dst == kScalarAll || dst == (laterIsStore ? kScalarStore : kScalarLoad))
                             : (dst == kVecAll || dst == (laterIsStore ? kVecStore : kVecLoad));
  return fromStore && toLater;
}
} // namespace

void SyncVfMembarCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const std::vector<Op> &ops = k.ops;
  for (size_t y = 0; y < ops.size(); ++y) {
    const Op &oy = ops[y];
    if (oy.vf < 0 || !oy.params.count("reg"))
      continue;
    bool yStore = asConst(oy.params.at("reg")).value_or(0) == 2;
    bool yScalar = oy.params.count("scalarMem") != 0;
    // Nearest earlier store first; a barrier in between orders it and all
    // before it of the kind (vector / scalar store) the barrier names.
    bool vecOrdered = false, scalarOrdered = false;
    for (size_t x = y; x-- > 0;) {
      const Op &ox = ops[x];
      if (ox.vf != oy.vf)
        break; // ops of one VF are recorded together
      if (ox.params.count("vfMembar")) {
        // A barrier for another pipeline pair may still order an earlier
        // store of the other kind: keep looking past it.
        vecOrdered = vecOrdered || orders(ox, false, yScalar, yStore);
        scalarOrdered = scalarOrdered || orders(ox, true, yScalar, yStore);
        if (vecOrdered && scalarOrdered)
          break;
        continue;
      }
      if (!ox.params.count("reg") || asConst(ox.params.at("reg")).value_or(0) != 2)
        continue;
      bool xScalar = ox.params.count("scalarMem") != 0;
      if (xScalar && yScalar)
        continue; // the scalar unit keeps its own program order
      if (xScalar ? scalarOrdered : vecOrdered)
        continue;
      // The same register on both sides keeps program order (LocalMemBar.md).
      auto rx = ox.params.find("regVar"), ry = oy.params.find("regVar");
      if (rx != ox.params.end() && ry != oy.params.end() && asConst(rx->second) == asConst(ry->second))
        continue;
      ProofItem item;
      item.ob.check = id();
      item.loc = oy.loc;
      item.group = std::to_string(y) + ":vf";
      std::string bar =
          std::string("LocalMemBar<") + memTypeName(xScalar, true) + ", " + memTypeName(yScalar, yStore) + ">";
      std::string what = oy.api + (yStore ? " writes" : " reads") + " UB that " + ox.api +
                         " wrote earlier in the same vector function with no " + bar + " between them";
      if (ox.kind == OpKind::Unmodelled || oy.kind == OpKind::Unmodelled || ox.regions.empty() || oy.regions.empty()) {
        item.ob.property = mkBool(true);
        item.ob.unknownReason = (ox.kind == OpKind::Unmodelled ? ox.unknownReason : oy.unknownReason);
        if (item.ob.unknownReason.empty())
          item.ob.unknownReason = "an address is not modelled";
      } else {
        const Region &a = ox.regions[0], &b = oy.regions[0];
        if (a.global || b.global || a.bufferId < 0 || a.bufferId != b.bufferId)
          continue; // different buffers never overlap
        if (!a.lengthBytes || !b.lengthBytes) {
          item.ob.property = mkBool(true);
          item.ob.unknownReason = !a.lengthBytes ? ox.unknownReason : oy.unknownReason;
          if (item.ob.unknownReason.empty())
            item.ob.unknownReason = "the extent of an access is not modelled";
        } else {
          const Buffer &buf = k.buffers[a.bufferId];
          Sym slotLen = slotBytes(buf);
          Sym ax = a.offsetBytes, ay = b.offsetBytes;
          if (a.slot)
            ax = add(ax, mul(toMath(a.slot), slotLen));
          if (b.slot)
            ay = add(ay, mul(toMath(b.slot), slotLen));
          Sym overlap =
              mkAnd(mkCmp(SymOp::Lt, ax, add(ay, b.lengthBytes)), mkCmp(SymOp::Lt, ay, add(ax, a.lengthBytes)));
          // A slot length the tiling decides: the same slot and overlapping
          // offsets in it, exact for accesses in bounds of their slot, which
          // bounds-local proves or reports (as sync-race, docs/checks/sync-race.md).
          if (a.slot && b.slot && !asConst(toMath(slotLen)))
            overlap = mkAndAll({mkCmp(SymOp::Eq, toMath(a.slot), toMath(b.slot)),
                                mkCmp(SymOp::Lt, a.offsetBytes, add(b.offsetBytes, b.lengthBytes)),
                                mkCmp(SymOp::Lt, b.offsetBytes, add(a.offsetBytes, a.lengthBytes))});
          item.ob.property = mkNot(overlap);
          if (ox.params.count("overApprox") || oy.params.count("overApprox")) { // an indexed access: the whole buffer
            item.worst = Status::Unknown;
            item.capReason = ox.params.count("overApprox") ? ox.unknownReason : oy.unknownReason;
          }
          std::vector<Sym> c = ctx.contextAt(ox.cond, ox.loops);
          for (const Sym &s : ctx.contextAt(oy.cond, oy.loops))
            c.push_back(s);
          item.ob.context = c;
          item.ob.report = {{"store", ax}, {"access", ay}};
          what += " in '" + buf.name + "'";
        }
      }
      item.message = [what](const Verdict &v) {
        if (v.status == Status::Unknown)
          return "possible VF ordering hazard: " + what + "; overlap could not be decided: " + v.reason;
        return (v.status == Status::Violated ? "VF ordering hazard: " : "possible VF ordering hazard: ") + what;
      };
      item.related.push_back({ox.loc, "the earlier store: " + ox.api});
      item.hint = std::string("add Reg::LocalMemBar<Reg::MemType::") + memTypeName(xScalar, true) +
                  ", Reg::MemType::" + memTypeName(yScalar, yStore) + ">() between them";
      ctx.prove(std::move(item));
    }
  }
}

} // namespace alint
