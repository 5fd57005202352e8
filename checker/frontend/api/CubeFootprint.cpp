// The cube footprint formulas (see CubeFootprint.h for their sources).
#include "checker/frontend/api/CubeFootprint.h"

namespace alint {
namespace fe {

namespace {
Sym ceilDiv(Sym x, int64_t d) { return mkBin(SymOp::Div, addC(x, d - 1), mkConst(d), IntType::math()); }
Sym positive(Sym x) { return mkCmp(SymOp::Gt, x, mkConst(0)); }
Sym nonZeroTruth(Sym x) { return x->type.isBool ? x : mkCmp(SymOp::Ne, x, mkConst(0)); }
} // namespace

Load2dFootprint load2dFootprint(Sym si, Sym rep, Sym ss, Sym dg, bool arch35) {
  Sym rm1 = addC(rep, -1);
  Sym ne = positive(rep);
  Load2dFootprint f;
  f.srcLen = mkSelect(ne, mulC(addC(mul(rm1, ss), 1), 512), mkConst(0));
  f.srcOffset = mulC(si, 512);
  Sym dstFr = arch35 ? rep : addC(mul(rm1, addC(dg, 1)), 1);
  f.dstLen = mkSelect(ne, mulC(dstFr, 512), mkConst(0));
  return f;
}

MmadFootprint mmadFootprint(Sym m, Sym kk, Sym nn, Sym kda, Sym gemv, uint32_t eA, uint32_t eB, uint32_t eC) {
  auto kFractals = [&](uint32_t e) -> Sym {
    if (e == 4)
      return mkSelect(nonZeroTruth(kda), mulC(ceilDiv(kk, 16), 2), ceilDiv(kk, 8));
    return ceilDiv(kk, 32 / e);
  };
  Sym ne = mkAnd(mkAnd(positive(m), positive(nn)), positive(kk));
  Sym mFr = ceilDiv(m, 16), nFr = ceilDiv(nn, 16);
  Sym aLen = mkSelect(gemv, mulC(kk, eA), mulC(mul(mFr, kFractals(eA)), 512));
  MmadFootprint f;
  f.a = mkSelect(ne, aLen, mkConst(0));
  f.b = mkSelect(ne, mulC(mul(kFractals(eB), nFr), 512), mkConst(0));
  f.c = mkSelect(ne, mulC(mul(mFr, nFr), 256 * int64_t(eC)), mkConst(0));
  f.nonEmpty = ne;
  return f;
}

FixpipeFootprint fixpipeFootprint(int64_t format, bool v220, Sym nS, Sym mS, Sym ss, Sym ds, Sym ndNum, Sym srcNdStride,
                                  Sym dstNdStride, int64_t dual, uint32_t eS, uint32_t eD) {
  Sym ne = mkAnd(mkAnd(positive(nS), positive(mS)), positive(ndNum));
  Sym nBlk = ceilDiv(nS, 16);
  Sym srcLen = mulC(add(add(mul(addC(ndNum, -1), srcNdStride), mul(addC(nBlk, -1), ss)), mS), 16 * int64_t(eS));
  // Dual destination: each UB receives half of M (1) or of N (2).
  Sym mD = dual == 1 ? mkBin(SymOp::Div, mS, mkConst(2), IntType::math()) : mS;
  Sym nD = dual == 2 ? mkBin(SymOp::Div, nS, mkConst(2), IntType::math()) : nS;
  Sym nBlkD = ceilDiv(nD, 16);
  Sym dstLen;
  if (format == 1)
    dstLen = mulC(add(add(mul(addC(ndNum, -1), dstNdStride), mul(addC(mD, -1), ds)), nD), eD);
  else if (format == 2)
    dstLen = mulC(add(add(mul(addC(ndNum, -1), dstNdStride), mul(addC(nD, -1), ds)), mD), eD);
  else
    dstLen =
        add(v220 ? mulC(mul(addC(nBlkD, -1), ds), 32) : mulC(mul(addC(nBlkD, -1), ds), eD), mulC(mD, 16 * int64_t(eD)));
  FixpipeFootprint f;
  f.src = mkSelect(ne, srcLen, mkConst(0));
  f.dst = mkSelect(ne, dstLen, mkConst(0));
  return f;
}

} // namespace fe
} // namespace alint
