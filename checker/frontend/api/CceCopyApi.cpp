// The CCE intrinsics that move data (copy_gm_to_ubuf, copy_ubuf_to_gm,
// copy_gm_to_cbuf, ...), load matrices into L0A/L0B, multiply (mad) and
// write L0C out (copy_matrix_cc_to_*), as a data table read by one handler.
// Their pointer operands are addresses: a local-memory pointer becomes a
// region of that whole memory (Buffer::Kind::Memory) at its address, a GM
// pointer a region of its kernel argument.
#include "checker/frontend/api/ApiTable.h"
#include "checker/frontend/api/CubeFootprint.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>

namespace alint {
namespace fe {

using namespace clang;

// The memory a TPosition lies in (asc-devkit impl/basic_api/common_types.h
// TPosition comments: VECIN/VECOUT/VECCALC UB, A1/B1/C1 L1, A2 L0A, B2 L0B,
// CO1 L0C, C2 BT, C2PIPE2GM FB); CO2 and others differ by chip: Unknown.
static Mem memOfPos(TPos p) {
  switch (p) {
  case TPos::VECIN:
  case TPos::VECOUT:
  case TPos::VECCALC:
    return Mem::UB;
  case TPos::A1:
  case TPos::B1:
  case TPos::C1:
  case TPos::TSCM:
    return Mem::L1;
  case TPos::A2:
    return Mem::L0A;
  case TPos::B2:
    return Mem::L0B;
  case TPos::CO1:
    return Mem::L0C;
  case TPos::C2:
    return Mem::BT;
  case TPos::C2PIPE2GM:
    return Mem::FB;
  case TPos::GM:
    return Mem::GM;
  default:
    return Mem::Unknown;
  }
}

static TPos posOfMem(Mem m) {
  switch (m) {
  case Mem::UB:
    return TPos::VECCALC;
  case Mem::L1:
    return TPos::A1;
  case Mem::L0A:
    return TPos::A2;
  case Mem::L0B:
    return TPos::B2;
  case Mem::L0C:
    return TPos::CO1;
  case Mem::BT:
    return TPos::C2;
  case Mem::FB:
    return TPos::C2PIPE2GM;
  default:
    return TPos::GM;
  }
}

// The region a pointer operand of an intrinsic touches in memory `m`.
Region cceRegion(Interp &in, const Value &v, Mem m, Sym lengthBytes, bool write, const std::string &role) {
  Region r;
  r.write = write;
  r.role = role;
  r.pos = posOfMem(m);
  r.lengthBytes = lengthBytes ? toMath(lengthBytes) : nullptr;
  r.offsetBytes = mkConst(0);
  if (v.kind == Value::Tensor) // a LocalTensor / GlobalTensor passed on (not by the intrinsics' own signatures)
    return in.regionOf(v.t, lengthBytes, write, role);
  if (v.kind != Value::GmPtr) {
    r.global = m == Mem::GM;
    return r; // bufferId -1: the checks say the memory is not known
  }
  if (v.p.view) {
    // A tensor's GetPhyAddr() or a `__ubuf__` array, further on: the access
    // lands in that tensor's buffer when the operand's memory is the tensor's.
    TensorVal t = *v.p.view;
    t.offsetBytes = add(t.offsetBytes ? toMath(t.offsetBytes) : mkConst(0), toMath(v.p.offsetBytes));
    if (t.global ? m == Mem::GM : memOfPos(t.pos) == m)
      return in.regionOf(t, lengthBytes, write, role);
    r.global = m == Mem::GM;
    return r; // another memory than the tensor's: not followed
  }
  r.elemBytes = v.p.elemBytes;
  r.offsetBytes = toMath(v.p.offsetBytes);
  if (m == Mem::GM) {
    r.global = true;
    if (v.p.local)
      return r; // an integer address passed as a GM pointer: not followed
    for (const GlobalBuf &g : in.model.globals)
      if (g.name == "*" + v.p.root)
        r.bufferId = g.id;
    if (r.bufferId < 0) {
      GlobalBuf g;
      g.id = int(in.model.globals.size());
      g.name = "*" + v.p.root; // the argument itself: no SetGlobalBuffer, no size
      g.root = v.p.root;
      g.baseOffsetBytes = mkConst(0);
      g.elemBytes = 1;
      in.model.globals.push_back(g);
      r.bufferId = g.id;
    }
    return r;
  }
  if (!v.p.local)
    return r; // a GM pointer given as a local one: not followed
  if (containsOpaque(r.offsetBytes))
    return r; // an address the frontend does not know (e.g. GetPhyAddr()): not a place in the memory
  for (const Buffer &b : in.model.buffers)
    if (b.kind == Buffer::Kind::Memory && b.memPos == r.pos)
      r.bufferId = b.id;
  if (r.bufferId < 0) {
    Buffer b;
    b.id = int(in.model.buffers.size());
    b.name = std::string(memName(m)) + " (raw addresses)";
    b.kind = Buffer::Kind::Memory;
    b.srcPos = b.dstPos = b.memPos = r.pos;
    b.num = mkConst(1);
    b.lenBytes = mkConst(int64_t(1) << 31); // the memory's size is the target's: see bounds-local
    b.cond = mkBool(true);
    in.model.buffers.push_back(b);
    r.bufferId = b.id;
  }
  return r;
}

// The memory a cast's written type names: `(__ubuf__ half *)addr`. The
// qualifiers are empty macros here, so the spelling is what is left of them.
Mem Interp::spelledMemory(const Expr *e) const {
  const auto *ce = dyn_cast_or_null<ExplicitCastExpr>(e);
  if (!ce || !ce->getTypeInfoAsWritten())
    return Mem::Unknown;
  SourceRange r = ce->getTypeInfoAsWritten()->getTypeLoc().getSourceRange();
  SourceLocation b = sm.getSpellingLoc(r.getBegin()), en = sm.getSpellingLoc(r.getEnd());
  if (sm.getFileID(b) != sm.getFileID(en))
    return Mem::Unknown;
  StringRef text = Lexer::getSourceText(CharSourceRange::getTokenRange(b, en), sm, ctx.getLangOpts());
  static const std::pair<const char *, Mem> kQualifiers[] = {
      {"__ubuf__", Mem::UB}, {"__local_mem__", Mem::UB}, {"__cbuf__", Mem::L1}, {"__ca__", Mem::L0A},
      {"__cb__", Mem::L0B},  {"__cc__", Mem::L0C},       {"__gm__", Mem::GM},   {"__fbuf__", Mem::FB},
  };
  for (const auto &[q, m] : kQualifiers)
    if (text.contains(q))
      return m;
  return Mem::Unknown;
}

bool inVfBody(Interp &in, SourceLocation l); // api/RegApi.cpp

// `*p`, `p[i]`, `*p = v` on a pointer into memory: one element read or written
// by the scalar unit (pipe S). A GM pointer lands in its kernel argument, a
// GetPhyAddr() pointer in its tensor's buffer, a raw local address in the
// memory its cast names (unknown when it names none).
void Interp::pointerAccess(const Value &ptr, Sym extra, const Expr *e, bool write) {
  Op &op = addOp(write ? OpKind::ScalarWrite : OpKind::ScalarRead,
                 write ? "store through a pointer" : "load through a pointer", nullptr);
  op.loc = loc(e->getBeginLoc());
  op.pipe = Pipe::S;
  if (inVfBody(*this, e->getBeginLoc())) {
    // A scalar access inside a vector function is one of its instructions:
    // ordered against the outside like the VF (pipe V, explicit flags, as
    // for register accesses), inside it by LocalMemBar's SCALAR_LOAD /
    // SCALAR_STORE (Reg矢量计算/同步控制/LocalMemBar.md, 表2).
    op.pipe = Pipe::V;
    op.vf = vfId;
    op.params["reg"] = mkConst(write ? 2 : 1);
    op.params["scalarMem"] = mkConst(1);
  }
  Value at = ptr;
  if (extra)
    at.p.offsetBytes = mkBin(SymOp::Add, toMath(at.p.offsetBytes), extra, IntType::math());
  uint32_t bytes = sizeOfType(e->getType());
  Sym len = bytes ? mkConst(bytes) : nullptr;
  Mem m = at.p.view ? (at.p.view->global ? Mem::GM : memOfPos(at.p.view->pos)) : !at.p.local ? Mem::GM : at.p.mem;
  if (m == Mem::Unknown) {
    Region r;
    r.write = write;
    r.role = write ? "dst" : "src";
    r.lengthBytes = len;
    op.regions.push_back(r); // bufferId -1: the checks say the memory is not known
    op.unknownReason = "the memory of pointer '" + exprText(e) + "' is not known (no address-space qualifier)";
    return;
  }
  op.regions.push_back(cceRegion(*this, at, m, len, write, write ? "dst" : "src"));
  op.srcPos = op.dstPos = op.regions.back().pos;
}

namespace {

// How the arguments after the two pointers read.
enum class Form {
  Burst,   // sid, nBurst, lenBurst, srcStride, dstStride[, pad]: lengths and gaps in 32-byte blocks
  Load2d,  // startIndex, repeat, srcStride, dstGap, sid[, transpose], addrMode: 512-byte fractals
  CcToOut, // sid, nSize, mSize, dstStride, srcStride, unitFlag, quantPre, relu, channelSplit, nz2nd
  Opaque,  // footprint not modelled (regions without extents)
  CcToUb,  // copy_matrix_cc_to_ub on Ascend 950
};

struct CceMove {
  const char *name;
  OpKind kind;
  Pipe pipe;
  Mem dst, src;
  Form form;
  const char *source;
};

// Pipes: the movements' own (hardware.md §3; asc-devkit
// impl/basic_api/dav_c220/kernel_operator_data_copy_impl.h issues GM→UB and
// GM→L1 on MTE2, UB→GM and UB→L1 on MTE3; kernel_operator_mm_impl.h L1→L0A/B
// on MTE1 and mad on M; kernel_operator_fixpipe_v2_impl.h L0C→GM/L1 on FIX).
const CceMove kMoves[] = {
    {"copy_gm_to_ubuf", OpKind::DataCopy, Pipe::MTE2, Mem::UB, Mem::GM, Form::Burst,
     "kernel_operator_data_copy_impl.h"},
    {"copy_ubuf_to_gm", OpKind::DataCopy, Pipe::MTE3, Mem::GM, Mem::UB, Form::Burst,
     "kernel_operator_data_copy_impl.h"},
    {"copy_ubuf_to_ubuf", OpKind::DataCopy, Pipe::V, Mem::UB, Mem::UB, Form::Burst, "kernel_operator_data_copy_impl.h"},
    {"copy_gm_to_cbuf", OpKind::DataCopy, Pipe::MTE2, Mem::L1, Mem::GM, Form::Burst,
     "kernel_operator_data_copy_impl.h"},
    {"copy_ubuf_to_cbuf", OpKind::DataCopy, Pipe::MTE3, Mem::L1, Mem::UB, Form::Burst,
     "kernel_operator_data_copy_impl.h"},
    {"copy_gm_to_ubuf_align_b8", OpKind::DataCopy, Pipe::MTE2, Mem::UB, Mem::GM, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"copy_gm_to_ubuf_align_b16", OpKind::DataCopy, Pipe::MTE2, Mem::UB, Mem::GM, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"copy_gm_to_ubuf_align_b32", OpKind::DataCopy, Pipe::MTE2, Mem::UB, Mem::GM, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"copy_ubuf_to_gm_align_b8", OpKind::DataCopy, Pipe::MTE3, Mem::GM, Mem::UB, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"copy_ubuf_to_gm_align_b16", OpKind::DataCopy, Pipe::MTE3, Mem::GM, Mem::UB, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"copy_ubuf_to_gm_align_b32", OpKind::DataCopy, Pipe::MTE3, Mem::GM, Mem::UB, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"load_cbuf_to_ca", OpKind::LoadData, Pipe::MTE1, Mem::L0A, Mem::L1, Form::Load2d, "kernel_operator_mm_impl.h"},
    {"load_cbuf_to_cb", OpKind::LoadData, Pipe::MTE1, Mem::L0B, Mem::L1, Form::Load2d, "kernel_operator_mm_impl.h"},
    {"load_cbuf_to_ca_transpose", OpKind::LoadData, Pipe::MTE1, Mem::L0A, Mem::L1, Form::Opaque,
     "kernel_operator_mm_impl.h"},
    {"load_cbuf_to_cb_transpose", OpKind::LoadData, Pipe::MTE1, Mem::L0B, Mem::L1, Form::Opaque,
     "kernel_operator_mm_impl.h"},
    {"load_gm_to_ca", OpKind::LoadData, Pipe::MTE2, Mem::L0A, Mem::GM, Form::Load2d, "kernel_operator_mm_impl.h"},
    {"load_gm_to_cb", OpKind::LoadData, Pipe::MTE2, Mem::L0B, Mem::GM, Form::Load2d, "kernel_operator_mm_impl.h"},
    {"load_gm_to_cbuf", OpKind::LoadData, Pipe::MTE2, Mem::L1, Mem::GM, Form::Load2d, "kernel_operator_mm_impl.h"},
    {"copy_matrix_cc_to_gm", OpKind::Fixpipe, Pipe::FIX, Mem::GM, Mem::L0C, Form::CcToOut,
     "kernel_operator_fixpipe_v2_impl.h"},
    {"copy_matrix_cc_to_cbuf", OpKind::Fixpipe, Pipe::FIX, Mem::L1, Mem::L0C, Form::CcToOut,
     "kernel_operator_fixpipe_v2_impl.h"},
    {"copy_matrix_cc_to_ub", OpKind::Fixpipe, Pipe::FIX, Mem::UB, Mem::L0C, Form::CcToUb,
     "npu_arch_3510 asc_copy_l0c2ub_impl.h (Ascend 950)"},
};

const CceMove *findMove(const std::string &n) {
  for (const CceMove &m : kMoves)
    if (n == m.name)
      return &m;
  return nullptr;
}

uint32_t pointee(Interp &in, const Expr *e) {
  QualType t = e->IgnoreImpCasts()->getType();
  return t->isPointerType() ? in.sizeOfType(t->getPointeeType()) : 0;
}

// copy_matrix_cc_to_gm/cbuf(dst, src, sid, nSize, mSize, dstStride, srcStride,
// unitFlag, quantPre, reluEn, channelSplit, nz2ndEn) on dav_c220: the fields
// of FixpipeParamsV220 as Fixpipe passes them (kernel_operator_fixpipe_v2_impl.h
// FixpipeL0cToOut / FixpipeL0cToL1); NZ2ND takes ndNum and the ND strides
// from the ND_PARA register (set_nd_para: [15:0] ndNum, [31:16] srcNdStride,
// [47:32] dstNdStride, FixpipeL0C2GMImpl).
void ccToOut(Interp &in, ApiCall &c, Op &op, Sym &srcLen, Sym &dstLen) {
  SourceLocation l = c.call->getBeginLoc();
  auto arg = [&](size_t i) { return toMath(in.asSym(c.vals[i], c.args[i]->getType(), l)); };
  if (in.opts.npuArch != 2201 || c.vals.size() != 12) {
    op.unknownReason = "'" + c.name + "' with " + std::to_string(c.vals.size()) +
                       " arguments is not modelled (the dav_c220 form has 12)";
    return;
  }
  Sym nS = arg(3), mS = arg(4), ds = arg(5), ss = arg(6);
  op.params["nSize"] = nS;
  op.params["mSize"] = mS;
  op.params["dstStride"] = ds;
  op.params["srcStride"] = ss;
  auto split = asConst(arg(10)), nd = asConst(arg(11));
  uint32_t eD = pointee(in, c.args[0]), eS = pointee(in, c.args[1]);
  const CceMaskState &p = in.cceNdPara;
  if (!split || *split != 0) {
    op.unknownReason = "'" + c.name + "' with channel split is not modelled";
  } else if (!nd || *nd < 0 || *nd > 1) {
    op.unknownReason = "'" + c.name + "': the NZ2ND switch is not a constant";
  } else if (*nd == 1 && (!p.known || (!isTrue(p.cond) && !structurallyEqual(p.cond, in.currentCond())))) {
    op.unknownReason = "'" + c.name + "' in NZ2ND mode: the ND_PARA register is not known here (set_nd_para)";
  } else if (eS == 0 || eD == 0 || (*nd == 0 && eD == 1)) {
    op.unknownReason = "'" + c.name + "' with element types the model does not know";
  } else {
    Sym ndNum = mkConst(1), srcNd = mkConst(0), dstNd = mkConst(0);
    if (*nd == 1) {
      ndNum = mkConst(int64_t(p.lo & 0xffff));
      srcNd = mkConst(int64_t(p.lo >> 16 & 0xffff) * 16);
      dstNd = mkConst(int64_t(p.lo >> 32 & 0xffff));
    }
    FixpipeFootprint f = fixpipeFootprint(*nd, true, nS, mS, ss, ds, ndNum, srcNd, dstNd, 0, eS, eD);
    srcLen = f.src;
    dstLen = f.dst;
  }
}

// copy_matrix_cc_to_ub(dst, src, sid, nSize, mSize, dstStride, srcStride,
// dualDstCtl, subBlockId, clipReluPre, unitFlag, quantPre, reluPre, splitEn,
// nz2ndEn, quantPost, reluPost, clipReluPost, -, eltwiseOp, eltwiseAntqEn, -,
// c0PadEn, -, broadcastEn, nz2dnEn) on Ascend 950: the 26 arguments
// asc_copy_l0c2ub passes (asc-devkit impl/c_api/instr_impl/npu_arch_3510/
// cube_datamove_impl/asc_copy_l0c2ub_impl.h; docs/zh/api/SIMD-API/C-API/
// cube_datamove/asc_copy_l0c2ub.md). The NZ layout (no ND/DN conversion, no
// channel split, C0 padding or broadcast) has Fixpipe's L0C -> UB footprint,
// dstStride in elements, half of M or N per UB with a dual destination.
void ccToUb(Interp &in, ApiCall &c, Op &op, Sym &srcLen, Sym &dstLen) {
  SourceLocation l = c.call->getBeginLoc();
  auto arg = [&](size_t i) { return toMath(in.asSym(c.vals[i], c.args[i]->getType(), l)); };
  if (in.opts.npuArch != 3510 || c.vals.size() != 26) {
    op.unknownReason = "'" + c.name + "' with " + std::to_string(c.vals.size()) +
                       " arguments is not modelled (the Ascend 950 form has 26)";
    return;
  }
  auto off = [&](size_t i) { return asConst(arg(i)).value_or(-1) == 0; };
  auto dual = asConst(arg(7));
  uint32_t eD = pointee(in, c.args[0]), eS = pointee(in, c.args[1]);
  if (!off(13) || !off(14) || !off(22) || !off(24) || !off(25)) {
    op.unknownReason =
        "'" + c.name + "' with a layout conversion, channel split, C0 padding or broadcast is not modelled";
  } else if (!dual || *dual < 0 || *dual > 2) {
    op.unknownReason = "'" + c.name + "': the dual-destination mode is not a constant";
  } else if (eS == 0 || eD <= 1) {
    op.unknownReason = "'" + c.name + "' with element types the model does not know";
  } else {
    Sym nS = arg(3), mS = arg(4), ds = arg(5), ss = arg(6);
    op.params["nSize"] = nS;
    op.params["mSize"] = mS;
    op.params["dstStride"] = ds;
    op.params["srcStride"] = ss;
    op.params["dualDstCtl"] = mkConst(*dual);
    op.params["toUB"] = mkConst(1);
    FixpipeFootprint f = fixpipeFootprint(0, false, nS, mS, ss, ds, mkConst(1), mkConst(0), mkConst(0), *dual, eS, eD);
    srcLen = f.src;
    dstLen = f.dst;
  }
}

// set_nd_para(config): the ND_PARA word NZ2ND fixpipes read, known when a
// constant and used under the same path condition.
Value cceNdPara(Interp &in, ApiCall &c) {
  CceMaskState &p = in.cceNdPara;
  auto v =
      c.vals.size() == 1 ? asConst(in.asSym(c.vals[0], c.args[0]->getType(), c.call->getBeginLoc())) : std::nullopt;
  p.known = v.has_value();
  p.lo = v ? uint64_t(*v) : 0;
  p.cond = in.currentCond();
  return Value();
}

Value cceMove(Interp &in, ApiCall &c) {
  const CceMove *m = findMove(c.name);
  SourceLocation l = c.call->getBeginLoc();
  Op &op = in.addOp(m->kind, c.name, c.call);
  op.pipe = m->pipe;
  op.srcPos = posOfMem(m->src);
  op.dstPos = posOfMem(m->dst);
  Sym srcLen, dstLen, srcOffset;
  auto arg = [&](size_t i) { return toMath(in.asSym(c.vals[i], c.args[i]->getType(), l)); };
  if (m->form == Form::Burst && (c.vals.size() == 7 || c.vals.size() == 8)) {
    // copy_*(dst, src, sid, nBurst, lenBurst, srcStride, dstStride[, pad]):
    // nBurst bursts of lenBurst 32-byte blocks, gaps of srcStride/dstStride
    // blocks between them (asc-devkit DataCopy with DataCopyParams, the same
    // fields: docs/zh/api "DataCopyParams").
    Sym n = arg(3), len = arg(4), ss = arg(5), ds = arg(6);
    op.params["blockCount"] = n;
    op.params["blockLen"] = len;
    op.params["srcStride"] = ss;
    op.params["dstStride"] = ds;
    op.params["unit:blocks"] = mkConst(1);
    Sym nm1 = addC(n, -1);
    Sym nonEmpty = mkAnd(mkCmp(SymOp::Gt, n, mkConst(0)), mkCmp(SymOp::Gt, len, mkConst(0)));
    srcLen = mkSelect(nonEmpty, mulC(add(mul(nm1, add(len, ss)), len), 32), mkConst(0));
    dstLen = mkSelect(nonEmpty, mulC(add(mul(nm1, add(len, ds)), len), 32), mkConst(0));
  } else if (m->form == Form::Burst) {
    op.unknownReason = "'" + c.name + "' with a packed configuration word is not modelled";
  } else if (m->form == Form::Load2d) {
    // load_cbuf_to_ca/cb(dst, src, startIndex, repeat, srcStride, dstGap, sid,
    // transpose, addrMode) (dav_m300: no sid), load_gm_to_ca/cb/cbuf(...,
    // dstGap, sid, addrMode): the fields of LoadData2DParams as LoadData
    // passes them (dav_c220, dav_m200, dav_m300 kernel_operator_mm_impl.h); a
    // transposing load keeps its 512-byte fractals.
    size_t want = m->src == Mem::L1 && in.opts.npuArch != 3002 ? 9 : 8;
    if (in.opts.npuArch == 3510 || c.vals.size() != want) {
      op.unknownReason = "'" + c.name + "' with " + std::to_string(c.vals.size()) +
                         " arguments is not modelled (the form of this chip has " + std::to_string(want) + ")";
    } else if (asConst(arg(want - 1)).value_or(-1) != 0) {
      op.unknownReason = "'" + c.name + "' with a decreasing or unknown address mode is not modelled";
    } else {
      Sym si = arg(2), rep = arg(3), ss = arg(4), dg = arg(5);
      op.params["startIndex"] = si;
      op.params["repeatTimes"] = rep;
      op.params["srcStride"] = ss;
      op.params["dstGap"] = dg;
      Load2dFootprint f = load2dFootprint(si, rep, ss, dg, false);
      srcLen = f.srcLen;
      dstLen = f.dstLen;
      srcOffset = f.srcOffset;
    }
  } else if (m->form == Form::CcToOut) {
    ccToOut(in, c, op, srcLen, dstLen);
  } else if (m->form == Form::CcToUb) {
    ccToUb(in, c, op, srcLen, dstLen);
  } else {
    op.unknownReason = "the footprint of '" + c.name + "' is not modelled (" + m->source + ")";
  }
  if (c.vals.size() >= 2) {
    op.regions.push_back(cceRegion(in, c.vals[1], m->src, srcLen, false, "src"));
    if (srcOffset)
      op.regions.back().offsetBytes = add(op.regions.back().offsetBytes, srcOffset);
    op.regions.push_back(cceRegion(in, c.vals[0], m->dst, dstLen, true, "dst"));
  }
  return Value();
}

// mad(c, a, b[, bias], m, k, n, unitFlag, kDirectionAlign, cmatrixSource,
// cmatrixInitVal) on dav_c220 and dav_m300, mad(c, a, b, m, k, n,
// cmatrixInitVal) on dav_m200: L0A x L0B -> L0C on the M pipe, the fields of
// MmadParams as Mmad passes them (kernel_operator_mm_impl.h MmadCal);
// footprints as Mmad's.
Value cceMad(Interp &in, ApiCall &c) {
  SourceLocation l = c.call->getBeginLoc();
  Op &op = in.addOp(OpKind::Cube, c.name, c.call);
  op.pipe = Pipe::M;
  op.srcPos = TPos::A2;
  op.dstPos = TPos::CO1;
  size_t n = c.vals.size();
  bool c220 = (in.opts.npuArch == 2201 || in.opts.npuArch == 3002) && (n == 10 || n == 11);
  bool m200 = in.opts.npuArch == 2002 && n == 7;
  size_t first = n == 11 ? 4 : 3; // m, k, n follow the operands
  Sym lc, la, lb;
  const bool s4 = c.name == "mad_s4";
  if (s4 && (!c220 || n != 10)) {
    op.unknownReason = "'mad_s4' with " + std::to_string(n) + " arguments is not modelled here (dav_c220: 10)";
  } else if (!c220 && !m200) {
    op.unknownReason = "'mad' with " + std::to_string(n) +
                       " arguments is not modelled here (dav_c220 / dav_m300: 10 or 11, dav_m200: 7)";
  } else {
    uint32_t eC = pointee(in, c.args[0]), eA = pointee(in, c.args[1]), eB = pointee(in, c.args[2]);
    if (s4) // int4 A and B through void pointers: k half-bytes are ceil(k / 2) bytes (below)
      eA = eB = 1;
    auto ok = [](uint32_t e) { return e == 1 || e == 2 || e == 4; };
    if (!ok(eA) || !ok(eB) || eC == 0 || (s4 && eC != 4)) {
      op.unknownReason = "'mad' with element types the model does not know";
    } else {
      auto arg = [&](size_t i) { return toMath(in.asSym(c.vals[i], c.args[i]->getType(), l)); };
      Sym m = arg(first), k = arg(first + 1), nn = arg(first + 2);
      // mad_s4 (MmadCal for int4b_t, dav_c220 kernel_operator_mm_impl.h; k
      // even): a fractal row holds 64 int4 = 32 bytes, so A and B take the
      // int8 footprint of ceil(k / 2) bytes per row.
      Sym kBytes = s4 ? mkBin(SymOp::Div, addC(k, 1), mkConst(2), IntType::math()) : k;
      Sym kda = c220 ? arg(first + 4) : mkConst(0);
      op.params["m"] = m;
      op.params["k"] = k;
      op.params["n"] = nn;
      MmadFootprint f = mmadFootprint(m, kBytes, nn, kda, mkCmp(SymOp::Eq, m, mkConst(1)), eA, eB, eC);
      la = f.a, lb = f.b, lc = f.c;
    }
  }
  if (n >= 3) {
    op.regions.push_back(cceRegion(in, c.vals[1], Mem::L0A, la, false, "fm"));
    op.regions.push_back(cceRegion(in, c.vals[2], Mem::L0B, lb, false, "filter"));
    op.regions.push_back(cceRegion(in, c.vals[0], Mem::L0C, lc, true, "c"));
  }
  if (n == 11 && c220) {
    // The bias is a bias-table address (a uint64_t): where it lies is known, how much is read is not.
    Value b = c.vals[3];
    if (b.kind == Value::Scalar) {
      b.kind = Value::GmPtr;
      b.p.root = "@local";
      b.p.local = true;
      b.p.offsetBytes = b.sym;
    }
    op.regions.push_back(cceRegion(in, b, Mem::BT, nullptr, false, "bias"));
  }
  return Value();
}

} // namespace

void registerCceCopyApi(ApiTable &t) {
  for (const CceMove &m : kMoves)
    t.addNames({m.name}, "cce-copy", cceMove);
  t.addNames({"mad", "mad_s4"}, "cce-cube", cceMad);
  t.addNames({"set_nd_para"}, "cce-cube", cceNdPara);
}

} // namespace fe
} // namespace alint
