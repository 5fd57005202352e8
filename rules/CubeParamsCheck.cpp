// cube-params: parameters of the cube instructions stay within what the
// AscendC documentation allows (asc-devkit docs/zh/api/SIMD-API/基础API/
// 矩阵计算（ISASI）/):
//  - Mmad: m, n and k each in [0, 4095] (Mmad计算/Mmad.md, table 4). M, N and
//    K need not be multiples of 16: the hardware pads each to whole
//    fractals (16 x 32 bytes for A and B, 16 x 16 for C), which the footprints
//    bounds-local checks already include.
//  - LoadData 2D with ifTranspose: only b16 data, and only from L1
//    (矩阵计算的搬入/LoadData_2D.md, 约束说明).
//  - Fixpipe L0C -> UB on Ascend 950, dual destination (dualDstCtl): 1 splits
//    M in two and needs M even, 2 splits N and needs N a multiple of 32, 3 is
//    reserved (矩阵搬出关键特性说明/L0C-Buffer到UB双目标模式.md;
//    hardware.md §2.3, AscendNPU-IR HIVMAttrs.td:994-997).
#include "rules/Checks.h"

namespace alint {

namespace {
Sym param(const Op &op, const char *name) {
  auto it = op.params.find(name);
  return it == op.params.end() ? nullptr : it->second;
}
} // namespace

void CubeParamsCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  auto prove = [&](const Op &op, Sym property, std::vector<std::pair<std::string, Sym>> report, std::string what,
                   std::string rule, std::string hint) {
    ProofItem item;
    item.ob.check = id();
    item.ob.property = property;
    item.ob.context = ctx.contextAt(op.cond, op.loops);
    item.ob.report = std::move(report);
    item.loc = op.loc;
    item.message = [what, rule](const Verdict &v) {
      std::string vals;
      for (auto &[n, x] : v.reportValues)
        vals += (vals.empty() ? "" : ", ") + n + "=" + std::to_string(x);
      if (v.status == Status::Unknown)
        return what + ": " + rule + " could not be checked: " + v.reason;
      return what + (v.status == Status::Violated ? " breaks" : " may break") + " the rule: " + rule +
             (vals.empty() ? "" : " (" + vals + ")");
    };
    item.hint = std::move(hint);
    ctx.prove(std::move(item));
  };
  for (const Op &op : k.ops) {
    if (op.kind == OpKind::Cube) {
      Sym m = param(op, "m"), n = param(op, "n"), kk = param(op, "k");
      if (!m || !n || !kk)
        continue;
      auto le = [](Sym x) { return mkCmp(SymOp::Le, x, mkConst(4095)); };
      prove(op, mkAnd(mkAnd(le(m), le(n)), le(kk)), {{"m", m}, {"n", n}, {"k", kk}}, op.api,
            "m, n and k must each be at most 4095", "split the product into tiles of at most 4095 along each axis");
    } else if (op.kind == OpKind::LoadData) {
      Sym tr = param(op, "ifTranspose");
      if (!tr || op.regions.empty())
        continue;
      Sym on = mkCmp(SymOp::Ne, tr, mkConst(0));
      uint32_t e = op.regions[0].elemBytes;
      if (e != 0 && e != 2)
        prove(op, mkNot(on), {{"ifTranspose", tr}}, op.api + " on " + std::to_string(e * 8) + "-bit data",
              "ifTranspose works on b16 data only", "use LoadDataWithTranspose for 8- and 32-bit data");
      if (op.srcPos == TPos::GM)
        prove(op, mkNot(on), {{"ifTranspose", tr}}, op.api + " from GM", "ifTranspose works only from L1",
              "load into L1 first, or transpose on the L1 -> L0 load");
    } else if (op.kind == OpKind::Fixpipe) {
      Sym split = param(op, "dualDstCtl");
      Sym mS = param(op, "mSize"), nS = param(op, "nSize");
      if (!split || !mS || !nS || op.dstPos == TPos::GM)
        continue;
      auto mem = ctx.target.memoryOf(op.dstPos);
      if (!mem || *mem != Mem::UB)
        continue; // the field has no effect on other paths
      Sym rowOk = mkOr(mkCmp(SymOp::Ne, split, mkConst(1)),
                       mkCmp(SymOp::Eq, mkBin(SymOp::Rem, mS, mkConst(2), IntType::math()), mkConst(0)));
      Sym colOk = mkOr(mkCmp(SymOp::Ne, split, mkConst(2)),
                       mkCmp(SymOp::Eq, mkBin(SymOp::Rem, nS, mkConst(32), IntType::math()), mkConst(0)));
      prove(op, mkCmp(SymOp::Le, split, mkConst(2)), {{"dualDstCtl", split}}, op.api + " to UB",
            "dualDstCtl must be 0, 1 or 2 (3 is reserved)", "0: one UB, 1: split M, 2: split N");
      prove(op, rowOk, {{"mSize", mS}}, op.api + " to UB split by rows (dualDstCtl 1)", "mSize must be even",
            "each vector core receives mSize / 2 rows");
      prove(op, colOk, {{"nSize", nS}}, op.api + " to UB split by columns (dualDstCtl 2)",
            "nSize must be a multiple of 32", "each vector core receives nSize / 2 columns, a multiple of 16");
    }
  }
}

} // namespace alint
