// The CCE vector intrinsics (vadd, vmuls, vexp, vector_dup, vconv_*, ...) on
// UB addresses, with the mask register (set_vector_mask / set_mask_norm /
// set_mask_count) they run under, as a data table read by one handler.
//
// Footprint (normal mask mode): each repeat processes 256 bytes of the
// widest operand type, 8 blocks of 32 bytes; an operand of e-byte elements
// touches ceil(active * e / 32) blocks per repeat, blockStride blocks apart,
// repeats repeatStride blocks apart, where `active` is the number of
// elements the mask enables (the highest set bit of mask {hi, lo} plus one).
// Source: asc-devkit impl/basic_api/dav_c220/kernel_operator_vec_binary_impl.h
// (the Level-0 API passes its BinaryRepeatParams straight to vadd), docs/zh/api
// "通用说明和约束" of the vector instructions (block = 32 B, repeat = 8 blocks,
// strides in blocks). In counter mode the extents are unknown; with a mask
// that is not known (normal mode certain) every element of a repeat is
// counted, a hull (RepeatShape::maskKnown false).
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclTemplate.h>

#include <algorithm>

namespace alint {
namespace fe {

Region cceRegion(Interp &in, const Value &v, Mem m, Sym lengthBytes, bool write, const std::string &role);

using namespace clang;

namespace {

enum class CShape {
  Binary,     // dst, src0, src1, repeat, dstBlk, src0Blk, src1Blk, dstRep, src0Rep, src1Rep
  Scalar,     // dst, src, scalar, repeat, dstBlk, srcBlk, dstRep, srcRep
  Unary,      // dst, src, repeat, dstBlk, srcBlk, dstRep, srcRep
  Dup,        // dst, scalar, repeat, dstBlk, srcBlk, dstRep, srcRep
  Select,     // vsel: dst, src0, src1, repeat, 3 block, 3 repeat strides[, mode]
  Compare,    // vcmpv_*: as Binary, dst one bit per element
  CompareReg, // vcmp_*: src0, src1, repeat, 3 block, 3 repeat strides (result in CMPMASK)
  Opaque,     // gathers, transposes: regions without extents
};

struct CceVec {
  const char *name;
  CShape shape;
  bool dstIsSrc = false; // vmla / vmadd / vaxpy also read dst
};

const CceVec kCceVector[] = {
    {"vadd", CShape::Binary},          {"vsub", CShape::Binary},
    {"vmul", CShape::Binary},          {"vdiv", CShape::Binary},
    {"vmax", CShape::Binary},          {"vmin", CShape::Binary},
    {"vand", CShape::Binary},          {"vor", CShape::Binary},
    {"vaddrelu", CShape::Binary},      {"vsubrelu", CShape::Binary},
    {"vmla", CShape::Binary, true},    {"vmadd", CShape::Binary, true},
    {"vadds", CShape::Scalar},         {"vmuls", CShape::Scalar},
    {"vmaxs", CShape::Scalar},         {"vmins", CShape::Scalar},
    {"vshl", CShape::Scalar},          {"vshr", CShape::Scalar},
    {"vlrelu", CShape::Scalar},        {"vaxpy", CShape::Scalar, true},
    {"vexp", CShape::Unary},           {"vln", CShape::Unary},
    {"vabs", CShape::Unary},           {"vrec", CShape::Unary},
    {"vrelu", CShape::Unary},          {"vsqrt", CShape::Unary},
    {"vrsqrt", CShape::Unary},         {"vnot", CShape::Unary},
    {"vector_dup", CShape::Dup},       {"vconv_f322f16", CShape::Unary},
    {"vconv_f162f32", CShape::Unary},  {"vconv_f322bf16r", CShape::Unary},
    {"vconv_bf162f32", CShape::Unary}, {"vconv_f162s32r", CShape::Unary},
    {"vconv_f162s32f", CShape::Unary}, {"vconv_f162s32c", CShape::Unary},
    {"vconv_f162s8", CShape::Unary},   {"vconv_f162u8", CShape::Unary},
    {"vconv_s82f16", CShape::Unary},   {"vconv_u82f16", CShape::Unary},
    {"vconv_s322f32", CShape::Unary},  {"vconv_f322s32r", CShape::Unary},
    {"vconv_f322s32f", CShape::Unary}, {"vconv_f322s32c", CShape::Unary},
    {"vconv_deq", CShape::Opaque},     {"vsel", CShape::Select},
    {"vcmp_eq", CShape::CompareReg},   {"vcmp_ne", CShape::CompareReg},
    {"vcmp_lt", CShape::CompareReg},   {"vcmp_gt", CShape::CompareReg},
    {"vcmp_le", CShape::CompareReg},   {"vcmp_ge", CShape::CompareReg},
    {"vcmpv_eq", CShape::Compare},     {"vcmpv_ne", CShape::Compare},
    {"vcmpv_lt", CShape::Compare},     {"vcmpv_gt", CShape::Compare},
    {"vcmpv_le", CShape::Compare},     {"vcmpv_ge", CShape::Compare},
    {"vbrcb", CShape::Opaque},         {"vtranspose", CShape::Opaque},
    {"vgather", CShape::Opaque},       {"vgatherb", CShape::Opaque},
    {"vreducev2", CShape::Opaque},     {"vmuls_f16", CShape::Opaque},
};

const CceVec *findVec(const std::string &n) {
  for (const CceVec &v : kCceVector)
    if (n == v.name)
      return &v;
  return nullptr;
}

bool sameCond(const Sym &a, const Sym &b) {
  if (a == b)
    return true;
  if (!a || !b)
    return false;
  return structurallyEqual(a, b);
}

// Number of elements the mask enables in one repeat (at most `perRepeat`).
std::optional<int64_t> activeElements(const CceMaskState &m, int64_t perRepeat) {
  if (!m.known || m.counter)
    return std::nullopt;
  int64_t top = -1;
  for (int b = 63; b >= 0 && top < 0; --b)
    if (m.hi >> b & 1)
      top = 64 + b;
  for (int b = 63; b >= 0 && top < 0; --b)
    if (m.lo >> b & 1)
      top = b;
  return std::min<int64_t>(top + 1, perRepeat);
}

uint32_t pointeeBytes(Interp &in, const clang::Expr *e) {
  QualType t = e->IgnoreImpCasts()->getType();
  if (t->isPointerType())
    return in.sizeOfType(t->getPointeeType());
  return 0;
}

Value cceVector(Interp &in, ApiCall &c) {
  const CceVec *v = findVec(c.name);
  SourceLocation l = c.call->getBeginLoc();
  Op &op = in.addOp(OpKind::Vector, c.name, c.call);
  op.pipe = Pipe::V;
  op.srcPos = op.dstPos = TPos::VECCALC;
  // Operands: argument index, stride slot (the k-th of the block strides and
  // of the repeat strides after `repeat`), written, extent modelled.
  struct Operand {
    size_t arg, slot;
    bool write, extent;
  };
  std::vector<Operand> ops;
  // (push_back: assigning an initializer list to the empty vector trips GCC 12's -Wnonnull)
  auto setOps = [&ops](std::initializer_list<Operand> l) {
    for (const Operand &o : l)
      ops.push_back(o);
  };
  size_t rep = 0, want = 0, nSlots = 0;
  std::string partial; // why one operand's extent is not modelled
  switch (v->shape) {
  case CShape::Binary:
    setOps({{0, 0, true, true}, {1, 1, false, true}, {2, 2, false, true}}), rep = 3, want = 10, nSlots = 3;
    break;
  case CShape::Scalar:
    setOps({{0, 0, true, true}, {1, 1, false, true}}), rep = 3, want = 8, nSlots = 2;
    break;
  case CShape::Unary:
    setOps({{0, 0, true, true}, {1, 1, false, true}}), rep = 2, want = 7, nSlots = 2;
    break;
  case CShape::Dup: // dst, scalar, repeat, dstBlk, srcBlk, dstRep, srcRep
    setOps({{0, 0, true, true}}), rep = 2, want = 7, nSlots = 2;
    break;
  case CShape::Select: {
    // vsel(dst, src0, src1, repeat, 3 block, 3 repeat strides[, mode]):
    // VselIntrinsicsImpl (asc-devkit impl/basic_api/dav_c220/
    // kernel_operator_vec_cmpsel_impl.h): modes 0 (CMPMASK_SPR) and 2
    // (TENSOR_TENSOR) read two T operands, the selector being in the CMPMASK
    // register; mode 1 (TENSOR_SCALAR) passes the bit selector as src1.
    setOps({{0, 0, true, true}, {1, 1, false, true}, {2, 2, false, true}}), rep = 3, nSlots = 3;
    want = c.vals.size() == 11 ? 11 : 10;
    if (want == 11) {
      auto mode = asConst(in.asSym(c.vals[10], c.args[10]->getType(), l));
      if (!mode || (*mode != 0 && *mode != 2)) {
        ops[2].extent = false;
        partial = "the selector operand of 'vsel' (mode " + (mode ? std::to_string(*mode) : std::string("unknown")) +
                  ") is not modelled";
      }
    }
    break;
  }
  case CShape::Compare:
    // vcmpv_*(dst, src0, src1, repeat, 3 block, 3 repeat strides): the
    // sources as a binary instruction's (VcmpvIntrinsicsImpl, asc-devkit
    // impl/basic_api/dav_c220/kernel_operator_vec_cmp_impl.h); dst holds one
    // bit per element (Compare.md), its layout over repeats is not modelled.
    setOps({{0, 0, true, false}, {1, 1, false, true}, {2, 2, false, true}}), rep = 3, want = 10, nSlots = 3;
    partial = "the bit-mask destination of '" + c.name + "' is not modelled";
    break;
  case CShape::CompareReg:
    // vcmp_*(src0, src1, repeat, 3 block, 3 repeat strides): the result goes
    // to the CMPMASK register (VcmpIntrinsicsImpl, same header): sources only.
    setOps({{0, 1, false, true}, {1, 2, false, true}}), rep = 2, want = 9, nSlots = 3;
    break;
  case CShape::Opaque:
    break;
  }
  std::string why;
  if (v->shape == CShape::Opaque)
    why = "the footprint of '" + c.name + "' is not modelled";
  else if (c.vals.size() != want)
    why = "'" + c.name + "' with " + std::to_string(c.vals.size()) + " arguments is not modelled";
  uint32_t widest = 0;
  std::vector<uint32_t> elem(c.args.size(), 0);
  for (const Operand &o : ops)
    if (o.arg < c.args.size() && o.extent)
      widest = std::max(widest, elem[o.arg] = pointeeBytes(in, c.args[o.arg]));
  std::optional<int64_t> active;
  bool maskKnown = true;
  if (why.empty()) {
    if (!widest || widest > 32)
      why = "element type of '" + c.name + "' is not known";
    else if (in.cceMask.counter || in.cceMask.counterSeen)
      why = "'" + c.name + "' in counter mask mode is not modelled";
    else if (!(active = activeElements(in.cceMask, 256 / widest)) ||
             (!isTrue(in.cceMask.cond) && !sameCond(in.cceMask.cond, in.currentCond()))) {
      // Normal mode on every path: at most every element of a repeat.
      active = 256 / widest;
      maskKnown = false;
      partial = "the vector mask of '" + c.name + "' is not known here (set_vector_mask): every element counted";
    }
  }
  op.unknownReason = why.empty() ? partial : why;
  Sym repeat = why.empty() ? toMath(in.asSym(c.vals[rep], c.args[rep]->getType(), l)) : nullptr;
  if (repeat)
    op.params["repeat"] = repeat;
  for (const Operand &o : ops) {
    if (o.arg >= c.vals.size())
      continue;
    std::string role = o.write ? "dst" : "src" + std::to_string(o.slot - 1);
    Region r = cceRegion(in, c.vals[o.arg], Mem::UB, nullptr, o.write, role);
    if (why.empty() && o.extent) {
      Sym blk = toMath(in.asSym(c.vals[rep + 1 + o.slot], c.args[rep + 1 + o.slot]->getType(), l));
      Sym rs = toMath(in.asSym(c.vals[rep + 1 + nSlots + o.slot], c.args[rep + 1 + nSlots + o.slot]->getType(), l));
      setRepeatFootprint(r, repeat, blk, rs, *active * elem[o.arg], maskKnown);
    }
    op.regions.push_back(r);
    if (o.write && v->dstIsSrc) {
      r.write = false;
      r.role = "dst (read)";
      op.regions.push_back(r);
    }
  }
  if (v->shape == CShape::Opaque)
    for (size_t i = 0; i < c.vals.size(); ++i)
      if (c.vals[i].kind == Value::GmPtr)
        op.regions.push_back(cceRegion(in, c.vals[i], Mem::UB, nullptr, i == 0, "arg" + std::to_string(i)));
  return Value();
}

// Reductions (docs/zh/api/SIMD-API/基础API/Memory矢量计算/归约计算/, whose
// Level-0 forms pass their arguments straight to these intrinsics:
// asc-devkit impl/basic_api/dav_c220/kernel_operator_vec_reduce_impl.h):
//   vcadd / vcmax / vcmin (dst, src, repeat, dstRepStride, srcBlkStride,
//     srcRepStride, order): one result per repeat; dstRepStride in results
//     (ReduceRepeat.md table 3: value and index 2 x sizeof, value only
//     sizeof, index only 4 bytes); vcadd's last argument 0 writes dst (1
//     accumulates into a register, ReduceSumImpl: not modelled);
//   vcgadd / vcgmax / vcgmin (dst, src, repeat, dstRepStride, srcBlkStride,
//     srcRepStride): one result per 32-byte block, dstRepStride in 8 results
//     (ReduceDataBlock.md: 16 bytes for half, 32 for float);
//   vcpadd (same arguments): one result per pair, dstRepStride in 128 bytes
//     (ReducePairElem.md).
// The source reads as a unary operand's (blocks the mask enables, block and
// repeat strides in 32-byte blocks). repeat = 0 is a NOP.
Value cceReduce(Interp &in, ApiCall &c) {
  SourceLocation l = c.call->getBeginLoc();
  Op &op = in.addOp(OpKind::Vector, c.name, c.call);
  op.pipe = Pipe::V;
  op.srcPos = op.dstPos = TPos::VECCALC;
  const bool perRepeat = c.name == "vcadd" || c.name == "vcmax" || c.name == "vcmin";
  const size_t want = perRepeat ? 7 : 6;
  uint32_t eD = c.args.size() > 0 ? pointeeBytes(in, c.args[0]) : 0;
  uint32_t eS = c.args.size() > 1 ? pointeeBytes(in, c.args[1]) : 0;
  std::string why;
  int64_t unit = 0; // bytes of dst per unit of dstRepStride
  std::optional<int64_t> active;
  if (c.vals.size() != want) {
    why = "'" + c.name + "' with " + std::to_string(c.vals.size()) + " arguments is not modelled";
  } else if (eD == 0 || eS == 0 || eS > 32) {
    why = "element type of '" + c.name + "' is not known";
  } else if (!(active = activeElements(in.cceMask, 256 / eS)) ||
             (!isTrue(in.cceMask.cond) && !sameCond(in.cceMask.cond, in.currentCond()))) {
    why = in.cceMask.counter ? "'" + c.name + "' in counter mask mode is not modelled"
                             : "the vector mask of '" + c.name + "' is not known here (set_vector_mask)";
  } else if (c.name == "vcadd") {
    if (asConst(in.asSym(c.vals[6], c.args[6]->getType(), l)).value_or(-1) != 0)
      why = "'vcadd' accumulating into a register (last argument not 0) is not modelled";
    unit = eD;
  } else if (perRepeat) {
    std::string order;
    if (const auto *dre = dyn_cast<DeclRefExpr>(c.args[6]->IgnoreParenImpCasts()))
      order = dre->getDecl()->getNameAsString();
    if (order == "VALUE_INDEX" || order == "INDEX_VALUE")
      unit = 2 * int64_t(eD);
    else if (order == "ONLY_VALUE")
      unit = eD;
    else if (order == "ONLY_INDEX")
      unit = 4;
    else
      why = "the order of '" + c.name + "' is not an Order_t constant";
  } else {
    unit = c.name == "vcpadd" ? 128 : 8 * int64_t(eD);
  }
  op.unknownReason = why;
  Sym srcLen, dstLen;
  if (why.empty()) {
    // The results need only their own alignment (ReduceRepeat.md table 3,
    // ReduceDataBlock.md: 16 bytes for half and 32 for float; ReducePairElem.md: 32).
    op.params["align:dst"] = mkConst(perRepeat ? unit : c.name == "vcpadd" ? 32 : 8 * int64_t(eD));
    auto arg = [&](size_t i) { return toMath(in.asSym(c.vals[i], c.args[i]->getType(), l)); };
    Sym repeat = arg(2), dstRep = arg(3), srcBlk = arg(4), srcRep = arg(5);
    op.params["repeat"] = repeat;
    Sym pos = mkCmp(SymOp::Gt, repeat, mkConst(0));
    int64_t bytes = *active * eS;
    int64_t blocks = (bytes + 31) / 32;
    int64_t last = bytes - (blocks - 1) * 32;
    if (*active > 0) {
      srcLen = mkSelect(pos, add(mulC(add(mul(addC(repeat, -1), srcRep), mulC(srcBlk, blocks - 1)), 32), mkConst(last)),
                        mkConst(0));
      // What the last repeat writes: one result (perRepeat), one per block, one per pair.
      int64_t lastDst = perRepeat ? unit : c.name == "vcpadd" ? (*active + 1) / 2 * eD : blocks * eD;
      dstLen = mkSelect(pos, add(mulC(mul(addC(repeat, -1), dstRep), unit), mkConst(lastDst)), mkConst(0));
    } else {
      srcLen = dstLen = mkConst(0);
    }
  }
  if (c.vals.size() >= 2) {
    op.regions.push_back(cceRegion(in, c.vals[1], Mem::UB, srcLen, false, "src0"));
    op.regions.push_back(cceRegion(in, c.vals[0], Mem::UB, dstLen, true, "dst"));
  }
  return Value();
}

// set_vector_mask(hi, lo) / set_mask_norm() / set_mask_count(): the state the
// vector intrinsics read. A mask that is not a constant is not known.
Value cceMaskCall(Interp &in, ApiCall &c) {
  SourceLocation l = c.call->getBeginLoc();
  CceMaskState &m = in.cceMask;
  if (c.name == "set_mask_norm") {
    m.counter = false;
  } else if (c.name == "set_mask_count") {
    m.counter = true;
    m.counterSeen = true;
  } else if (c.vals.size() == 2) {
    auto hi = asConst(in.asSym(c.vals[0], c.args[0]->getType(), l));
    auto lo = asConst(in.asSym(c.vals[1], c.args[1]->getType(), l));
    m.known = hi && lo;
    m.hi = hi ? uint64_t(*hi) : 0;
    m.lo = lo ? uint64_t(*lo) : 0;
  } else {
    m.known = false;
  }
  m.cond = in.currentCond();
  return Value();
}

} // namespace

void registerCceVectorApi(ApiTable &t) {
  for (const CceVec &v : kCceVector)
    t.addNames({v.name}, "cce-vector", cceVector);
  t.addNames({"set_vector_mask", "set_mask_norm", "set_mask_count"}, "cce-vector", cceMaskCall);
  for (const char *n : {"vcadd", "vcmax", "vcmin", "vcgadd", "vcgmax", "vcgmin", "vcpadd"})
    t.addNames({n}, "cce-vector", cceReduce);
  // Atomic modes change how MTE3 writes combine with GM, not what is touched
  // or ordered (asc-devkit kernel_operator_set_atomic_impl.h).
  t.addPure({"set_atomic_none", "set_atomic_add", "set_atomic_f32", "set_atomic_f16", "set_atomic_bf16",
             "set_atomic_s32", "set_atomic_s16", "set_atomic_s8", "set_atomic_max", "set_atomic_min"});
}

} // namespace fe
} // namespace alint
