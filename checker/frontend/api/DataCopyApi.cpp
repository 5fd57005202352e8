// DataCopy / DataCopyPad (the raw copy_gm_to_ubuf ... are in CceCopyApi.cpp):
// movements between GM and the local memories with their footprints.
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>

#include <algorithm>
#include <cstring>
#include <set>

namespace alint {
namespace fe {

using namespace clang;

// ------------------------------------------------------------ data copy

static Sym ceilTo(Sym x, int64_t a) {
  return mul(mkBin(SymOp::Div, addC(x, a - 1), mkConst(a), IntType::math()), mkConst(a));
}

Value Interp::apiDataCopy(ApiCall &c) {
  SourceLocation l = c.call->getBeginLoc();
  const std::string &n = c.name;
  if (c.vals.size() < 2 || !isTensor(c.vals[0]) || !isTensor(c.vals[1]))
    return apiUnmodelled(c, n + " with arguments the frontend could not follow");
  const TensorVal &dst = c.vals[0].t;
  const TensorVal &src = c.vals[1].t;
  Op &op = addOp(OpKind::DataCopy, n, c.call);
  op.srcPos = src.global ? TPos::GM : src.pos;
  op.dstPos = dst.global ? TPos::GM : dst.pos;
  if (src.global && !dst.global)
    op.pipe = Pipe::MTE2;
  else if (!src.global && dst.global)
    op.pipe = src.pos == TPos::CO1 ? Pipe::FIX : Pipe::MTE3; // DataCopy(L0C->GM): PIPE_FIX
  else if (!src.global && !dst.global) {
    // Local to local, by the memories (asc-devkit docs/zh/api/附录/
    // API流水类型汇总.md): UB->UB on V, UB->L1 on MTE3, L1->BT (C1->C2) on
    // MTE1, L1->FB (C1->C2PIPE2GM) on FIX, L0C (CO1) to L1 on FIX. (L0C to
    // UB with BLOCK_MODE_MATRIX, the older chips' CO1->CO2, stays on V:
    // asc-devkit broadcast_ub2l0c orders it with V_MTE3.)
    auto ub = [](TPos p) { return p == TPos::VECIN || p == TPos::VECOUT || p == TPos::VECCALC; };
    auto l1 = [](TPos p) { return p == TPos::A1 || p == TPos::B1 || p == TPos::C1 || p == TPos::TSCM; };
    if (ub(src.pos) && l1(dst.pos))
      op.pipe = Pipe::MTE3;
    else if (l1(src.pos) && dst.pos == TPos::C2)
      op.pipe = Pipe::MTE1;
    else if ((l1(src.pos) && dst.pos == TPos::C2PIPE2GM) || (src.pos == TPos::CO1 && l1(dst.pos)))
      op.pipe = Pipe::FIX;
    else
      op.pipe = Pipe::V;
  }
  uint32_t elem = src.elemBytes ? src.elemBytes : dst.elemBytes;
  op.params["elemBytes"] = mkConst(elem);
  Sym srcLen, dstLen;
  if (c.vals.size() == 3 && c.args[2]->getType()->isIntegralOrEnumerationType()) {
    // DataCopy(dst, src, count): count elements, contiguous.
    Sym count = toMath(asSym(c.vals[2], c.args[2]->getType(), l));
    op.params["count"] = count;
    srcLen = dstLen = mul(count, mkConst(elem));
    op.params["lengthBytes"] = srcLen;
  } else if (c.vals.size() >= 3 && (c.vals[2].kind == Value::Obj || c.vals[2].kind == Value::ObjPtr)) {
    const Value &pv = c.vals[2];
    std::string pname = pv.obj && pv.obj->rec ? pv.obj->rec->getNameAsString() : "";
    op.params["struct:" + pname] = mkConst(1);
    if (pname == "DataCopyParams" || pname == "DataCopyExtParams") {
      Sym bc = fieldOf(pv, "blockCount", l), bl = fieldOf(pv, "blockLen", l);
      Sym ss = fieldOf(pv, "srcStride", l), ds = fieldOf(pv, "dstStride", l);
      op.params["blockCount"] = bc;
      op.params["blockLen"] = bl;
      op.params["srcStride"] = ss;
      op.params["dstStride"] = ds;
      bool pad = n == "DataCopyPad";
      op.params[pad ? "unit:bytes" : "unit:blocks"] = mkConst(1);
      Sym bcm1 = sub(bc, mkConst(1));
      if (!pad) {
        // DataCopy with DataCopyParams: blockLen and strides in 32-byte blocks.
        srcLen = mulC(add(mul(bcm1, add(bl, ss)), bl), 32);
        dstLen = mulC(add(mul(bcm1, add(bl, ds)), bl), 32);
      } else {
        // DataCopyPad: blockLen in bytes; GM strides in bytes, UB strides in
        // 32-byte blocks, each UB block padded to 32 bytes. GM -> UB, the
        // block holds leftPadding + blockLen + rightPadding bytes before that
        // rounding, every byte written: the paddings, then dummy data up to
        // 32 bytes (DataCopyPad（GMToUB非对齐数据搬运）.md, isPad and
        // leftPadding / rightPadding, in elements).
        // Paddings the interpreter cannot follow (a struct from a call it has
        // no body for) are unknown values, not none: fieldOf says why.
        Sym padBytes = mkConst(0);
        if (src.global && c.vals.size() >= 4) {
          Sym lp = fieldOf(c.vals[3], "leftPadding", l), rp = fieldOf(c.vals[3], "rightPadding", l);
          op.params["leftPadding"] = lp;
          op.params["rightPadding"] = rp;
          padBytes = mulC(add(lp, rp), elem);
        }
        Sym ubBlock = ceilTo(add(bl, padBytes), 32);
        // PaddingMode::Compact (950): the blocks lie back to back in UB,
        // padded once at the end to 32 bytes; the UB stride and the
        // paddings do not apply (DataCopyPad（GMToUB非对齐数据搬运）.md, mode
        // and dstStride; UBToGM likewise for the source).
        const bool compact = enumTemplateArg(c.fd, "PaddingMode") == "Compact";
        if (compact) {
          op.params["compact"] = mkConst(1);
          if (src.global) {
            srcLen = add(mul(bcm1, add(bl, ss)), bl);
            dstLen = ceilTo(mul(bc, bl), 32);
          } else {
            srcLen = mul(bc, bl);
            dstLen = add(mul(bcm1, add(bl, ds)), bl);
          }
        } else if (src.global) {
          srcLen = add(mul(bcm1, add(bl, ss)), bl);
          dstLen = add(mul(bcm1, add(ubBlock, mulC(ds, 32))), ubBlock);
        } else {
          srcLen = add(mul(bcm1, add(ubBlock, mulC(ss, 32))), bl);
          dstLen = add(mul(bcm1, add(bl, ds)), bl);
        }
      }
      Sym nonEmpty = mkAnd(mkCmp(SymOp::Gt, bc, mkConst(0)), mkCmp(SymOp::Gt, bl, mkConst(0)));
      srcLen = mkSelect(nonEmpty, srcLen, mkConst(0));
      dstLen = mkSelect(nonEmpty, dstLen, mkConst(0));
    } else if (pname == "Nd2NzParams" && src.global && elem > 0 && elem <= 32 && 32 % elem == 0) {
      // GM (ND) -> L1 (NZ) (asc-devkit docs/zh/api/.../矩阵计算的搬入/
      // DataCopy（GMToL1随路转换-ND2NZ搬运）.md): ndNum matrices of nValue rows
      // x dValue elements; source rows srcDValue elements apart, matrices
      // srcNdMatrixStride elements apart; the destination splits a row into
      // ceil(dValue / C0) blocks of 32 bytes (C0 = 32 / sizeof), rows
      // dstNzNStride x 32 bytes apart, blocks dstNzC0Stride x 32 bytes apart,
      // matrices dstNzMatrixStride elements apart. Any count 0 is a NOP.
      Sym nd = fieldOf(pv, "ndNum", l), nv = fieldOf(pv, "nValue", l), dv = fieldOf(pv, "dValue", l);
      Sym sms = fieldOf(pv, "srcNdMatrixStride", l), sdv = fieldOf(pv, "srcDValue", l);
      Sym c0s = fieldOf(pv, "dstNzC0Stride", l), ns = fieldOf(pv, "dstNzNStride", l);
      Sym dms = fieldOf(pv, "dstNzMatrixStride", l);
      op.params["ndNum"] = nd;
      op.params["nValue"] = nv;
      op.params["dValue"] = dv;
      Sym ne = mkAnd(mkAnd(mkCmp(SymOp::Gt, nd, mkConst(0)), mkCmp(SymOp::Gt, nv, mkConst(0))),
                     mkCmp(SymOp::Gt, dv, mkConst(0)));
      Sym ndm1 = addC(nd, -1), nvm1 = addC(nv, -1);
      srcLen = mulC(add(add(mul(ndm1, sms), mul(nvm1, sdv)), dv), elem);
      Sym blocks = mkBin(SymOp::Div, addC(dv, 32 / elem - 1), mkConst(32 / elem), IntType::math());
      dstLen =
          add(mulC(mul(ndm1, dms), elem), mulC(add(add(mul(addC(blocks, -1), c0s), mul(nvm1, ns)), mkConst(1)), 32));
      srcLen = mkSelect(ne, srcLen, mkConst(0));
      dstLen = mkSelect(ne, dstLen, mkConst(0));
    } else if (pname.find("NdDma") != std::string::npos || pname.find("MultiCopyParams") != std::string::npos) {
      // NDDMA (950): up to 5 nested loops, index 0 innermost; strides in
      // elements; padding widens each destination dimension (hardware.md
      // §3.6, AscendC NdDmaParams doc).
      op.params["nddma"] = mkConst(1);
      op.pipe = Pipe::MTE2;
      int64_t dim = 0;
      if (pv.obj && pv.obj->rec)
        dim = classTemplateIntArg(pv.obj->rec, 1).value_or(0);
      Value loopInfo;
      if (pv.obj && pv.obj->rec)
        for (const FieldDecl *fd : pv.obj->rec->fields())
          if (fd->getName() == "loopInfo") {
            LRef r;
            r.kind = LRef::Field;
            r.obj = pv.obj;
            r.field = fd;
            loopInfo = read(r, fd->getType());
          }
      auto elemOf = [&](const char *array, int64_t i) -> Sym {
        if (loopInfo.kind != Value::Obj || !loopInfo.obj || !loopInfo.obj->rec)
          return mkOpaque("NDDMA loop parameters could not be followed");
        for (const FieldDecl *fd : loopInfo.obj->rec->fields())
          if (fd->getName() == array) {
            LRef r;
            r.kind = LRef::Field;
            r.obj = loopInfo.obj;
            r.field = fd;
            Value arr = read(r, fd->getType());
            if (arr.kind != Value::Obj || !arr.obj || !arr.obj->isArray)
              break;
            LRef er;
            er.kind = LRef::Elem;
            er.obj = arr.obj;
            er.index = i;
            QualType et = arr.obj->elemType;
            return toMath(asSym(read(er, et), et, l));
          }
        return mkOpaque(std::string("NDDMA ") + array + " could not be followed");
      };
      if (dim < 1 || dim > 5) {
        op.unknownReason = "NDDMA dimension count could not be determined";
      } else {
        op.params["dim"] = mkConst(dim);
        Sym srcSpan = mkConst(1), dstSpan = mkConst(1), nonEmpty = mkBool(true);
        for (int64_t i = 0; i < dim; ++i) {
          std::string k = std::to_string(i);
          Sym size = elemOf("loopSize", i), ss = elemOf("loopSrcStride", i), ds = elemOf("loopDstStride", i);
          Sym lp = elemOf("loopLpSize", i), rp = elemOf("loopRpSize", i);
          op.params["size" + k] = size;
          op.params["srcStride" + k] = ss;
          op.params["dstStride" + k] = ds;
          op.params["lp" + k] = lp;
          op.params["rp" + k] = rp;
          srcSpan = add(srcSpan, mul(sub(size, mkConst(1)), ss));
          dstSpan = add(dstSpan, mul(sub(add(add(size, lp), rp), mkConst(1)), ds));
          nonEmpty = mkAnd(nonEmpty, mkCmp(SymOp::Gt, size, mkConst(0)));
        }
        srcLen = mkSelect(nonEmpty, mulC(srcSpan, elem), mkConst(0));
        dstLen = mkSelect(nonEmpty, mulC(dstSpan, elem), mkConst(0));
      }
    } else {
      op.unknownReason = n + " with " + (pname.empty() ? "these parameters" : pname) + " is not modelled yet";
    }
  } else {
    op.unknownReason = n + " overload is not modelled";
  }
  // Loop mode (SetLoopModePara.md): a GM -> UB (OUT_TO_UB) or UB -> GM
  // (UB_TO_OUT) DataCopy / DataCopyPad is repeated loop2Size x loop1Size
  // times, each repetition loop1/loop2 strides (bytes) further on both sides.
  int dir = src.global && !dst.global ? 1 : !src.global && dst.global ? 0 : -1;
  if (dir >= 0) {
    const LoopModeState &lm = loopMode[dir];
    bool here = !lm.cond || isTrue(lm.cond) || structurallyEqual(lm.cond, currentCond());
    if (!lm.known || (!here && (lm.on || !lm.offEverywhere))) {
      op.unknownReason = n + ": whether the DMA loop mode (SetLoopModePara) is on here is not known";
    } else if (lm.on && srcLen && dstLen) {
      auto reps = [](Sym size) { // size - 1 further repetitions (0 taken as 1)
        return mkSelect(mkCmp(SymOp::Gt, size, mkConst(0)), addC(size, -1), mkConst(0));
      };
      Sym r1 = reps(lm.loop1Size), r2 = reps(lm.loop2Size);
      Sym nonEmptyS = mkCmp(SymOp::Gt, srcLen, mkConst(0)), nonEmptyD = mkCmp(SymOp::Gt, dstLen, mkConst(0));
      srcLen = mkSelect(nonEmptyS, add(add(srcLen, mul(r1, lm.loop1SrcStride)), mul(r2, lm.loop2SrcStride)), srcLen);
      dstLen = mkSelect(nonEmptyD, add(add(dstLen, mul(r1, lm.loop1DstStride)), mul(r2, lm.loop2DstStride)), dstLen);
      op.params["loop1Size"] = lm.loop1Size;
      op.params["loop2Size"] = lm.loop2Size;
    }
  }
  op.regions.push_back(regionOf(src, srcLen, false, "src"));
  op.regions.push_back(regionOf(dst, dstLen, true, "dst"));
  return Value();
}

// SetLoopModePara(params, type) / ResetLoopModePara(type) (asc-devkit
// docs/zh/api/SIMD-API/基础API/Memory矢量计算/数据搬运辅助配置接口/): the loop
// mode of one DMA direction, read by the DataCopy / DataCopyPad after it.
static Value loopModeCall(Interp &in, ApiCall &c) {
  SourceLocation l = c.call->getBeginLoc();
  bool set = c.name == "SetLoopModePara";
  size_t ti = set ? 1 : 0;
  std::optional<int64_t> dir;
  if (ti < c.vals.size())
    dir = asConst(in.asSym(c.vals[ti], c.args[ti]->getType(), l));
  Sym cond = in.currentCond();
  if (!dir || *dir < 0 || *dir > 1) {
    for (LoopModeState &lm : in.loopMode)
      lm.known = false;
    return Value();
  }
  LoopModeState &lm = in.loopMode[*dir];
  if (set) {
    bool offEverywhere = lm.known && !lm.on && lm.offEverywhere && (!lm.cond || isTrue(lm.cond));
    const Value &pv = c.vals[0];
    lm = LoopModeState();
    lm.on = true;
    lm.offEverywhere = offEverywhere;
    lm.loop1Size = in.fieldOf(pv, "loop1Size", l);
    lm.loop2Size = in.fieldOf(pv, "loop2Size", l);
    lm.loop1SrcStride = in.fieldOf(pv, "loop1SrcStride", l);
    lm.loop1DstStride = in.fieldOf(pv, "loop1DstStride", l);
    lm.loop2SrcStride = in.fieldOf(pv, "loop2SrcStride", l);
    lm.loop2DstStride = in.fieldOf(pv, "loop2DstStride", l);
    lm.cond = cond;
    return Value();
  }
  // A reset under the condition of the Set it undoes restores "off on every
  // path" when that was the state before the Set.
  bool restore = lm.known && lm.on && lm.offEverywhere && lm.cond && structurallyEqual(lm.cond, cond);
  lm = LoopModeState();
  lm.cond = restore ? nullptr : cond;
  lm.offEverywhere = restore || isTrue(cond);
  return Value();
}

// InitGlobalMemory(gm, size, value) and the deprecated InitOutput(gm, size,
// value) (asc-devkit impl/adv_api/detail/utils/init_global_memory/
// init_global_memory_v220_impl.h; include/basic_api/
// kernel_operator_common_intf.h): on a vector core, a Duplicate into a
// buffer popped from the stack of UB, its own V->MTE3 flag, DataCopyPad of
// the `size` elements from gm[0] on MTE3 and PipeBarrier<PIPE_MTE3>
// (`__in_pipe__(V) __out_pipe__(MTE3)`); a cube core returns at once. To the
// kernel: a write of size elements of GM on MTE3, byte-granular (no
// alignment rule); the stack buffer is none of the kernel's buffers.
static Value initGlobalMemory(Interp &in, ApiCall &c) {
  if (c.vals.size() < 2 || !isTensor(c.vals[0]) || !c.vals[0].t.global)
    return in.apiUnmodelled(c, c.name + " with arguments the frontend could not follow");
  SourceLocation l = c.call->getBeginLoc();
  const TensorVal &dst = c.vals[0].t;
  if (!dst.elemBytes)
    return in.apiUnmodelled(c, c.name + " of a GM tensor whose element size is not known");
  Op &op = in.addOp(OpKind::DataCopy, c.name, c.call);
  op.pipe = Pipe::MTE3;
  op.srcPos = TPos::VECCALC;
  op.dstPos = TPos::GM;
  Sym count = toMath(in.asSym(c.vals[1], c.args[1]->getType(), l));
  Sym bytes = mul(count, mkConst(dst.elemBytes));
  op.params["elemBytes"] = mkConst(dst.elemBytes);
  op.params["lengthBytes"] = bytes;
  op.regions.push_back(in.regionOf(dst, bytes, true, "dst"));
  return Value();
}

void registerDataCopyApi(ApiTable &t) {
  t.addNames({"InitGlobalMemory", "InitOutput"}, "data-copy", initGlobalMemory);
  t.addNames({"DataCopy", "DataCopyPad"}, "data-copy", [](Interp &in, ApiCall &c) { return in.apiDataCopy(c); });
  t.addNames({"SetLoopModePara", "ResetLoopModePara"}, "data-copy", loopModeCall);
}

} // namespace fe
} // namespace alint
