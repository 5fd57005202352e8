// Vector instructions on the V pipe, described as data (kVector: operand
// shape per instruction).
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

// ------------------------------------------------------------ vector ops

namespace {
enum class VShape { Binary, ScalarBinary, Unary, Cast, Duplicate, Compare, Reduce, TernaryDst, Select };
struct VInfo {
  const char *name;
  VShape shape;
};
const VInfo kVector[] = {
    {"Add", VShape::Binary},
    {"Sub", VShape::Binary},
    {"Mul", VShape::Binary},
    {"Div", VShape::Binary},
    {"Max", VShape::Binary},
    {"Min", VShape::Binary},
    {"And", VShape::Binary},
    {"Or", VShape::Binary},
    {"AddRelu", VShape::Binary},
    {"SubRelu", VShape::Binary},
    {"Prelu", VShape::Binary},
    {"FusedMulAdd", VShape::TernaryDst},
    {"MulAddDst", VShape::TernaryDst},
    {"Adds", VShape::ScalarBinary},
    {"Muls", VShape::ScalarBinary},
    {"Maxs", VShape::ScalarBinary},
    {"Mins", VShape::ScalarBinary},
    {"LeakyRelu", VShape::ScalarBinary},
    {"ShiftLeft", VShape::ScalarBinary},
    {"ShiftRight", VShape::ScalarBinary},
    {"Axpy", VShape::ScalarBinary},
    {"Exp", VShape::Unary},
    {"Ln", VShape::Unary},
    {"Abs", VShape::Unary},
    {"Sqrt", VShape::Unary},
    {"Rsqrt", VShape::Unary},
    {"Reciprocal", VShape::Unary},
    {"Relu", VShape::Unary},
    {"Not", VShape::Unary},
    {"Cast", VShape::Cast},
    {"Duplicate", VShape::Duplicate},
    // Arange(dst, firstValue, diffValue, count) fills dst[0, count) with an
    // arithmetic sequence (asc-devkit docs/zh/api/SIMD-API/高阶API/索引计算/
    // Arange-94.md, include/adv_api/index/arithprogression.h); ArithProgression
    // is its earlier name, same parameters. It waits for its own S->V flag.
    {"Arange", VShape::Duplicate},
    {"ArithProgression", VShape::Duplicate},
    // Select(dst, selMask, src0, src1 tensor or scalar, selMode, count)
    // (docs/zh/api/SIMD-API/基础API/Memory矢量计算/比较与选择/Select.md).
    {"Select", VShape::Select},
    {"Compare", VShape::Compare},
    // Compares(dst, src0, scalar, cmpMode, count): one dst bit per element,
    // as Compare (比较与选择/Compares.md); CompareScalar is its earlier name.
    {"Compares", VShape::Compare},
    {"CompareScalar", VShape::Compare},
    {"ReduceSum", VShape::Reduce},
    {"ReduceMax", VShape::Reduce},
    {"ReduceMin", VShape::Reduce},
};
} // namespace

Value Interp::apiVector(ApiCall &c) {
  SourceLocation l = c.call->getBeginLoc();
  const VInfo *info = nullptr;
  for (const VInfo &v : kVector)
    if (c.name == v.name)
      info = &v;
  Op &op = addOp(OpKind::Vector, c.name, c.call);
  op.pipe = Pipe::V;
  std::vector<size_t> tensors;
  for (size_t i = 0; i < c.vals.size(); ++i)
    if (isTensor(c.vals[i]))
      tensors.push_back(i);
  // The count form ends with an integer element count.
  const FunctionDecl *fd = c.fd;
  bool countForm = false;
  Sym count;
  if (!c.args.empty() && fd->getNumParams() == c.args.size()) {
    const ParmVarDecl *last = fd->getParamDecl(fd->getNumParams() - 1);
    std::string pn = last->getNameAsString();
    QualType lt = last->getType().getNonReferenceType();
    if (lt->isIntegerType() && (pn == "count" || pn == "calCount" || pn == "dataSize" || pn.empty())) {
      countForm = true;
      count = toMath(asSym(c.vals.back(), c.args.back()->getType(), l));
    }
  }
  auto addTensor = [&](size_t argIdx, Sym len, bool write, const char *role) {
    op.regions.push_back(regionOf(c.vals[argIdx].t, len, write, role));
  };
  if (!info || !countForm || tensors.empty()) {
    // Shape not known: every tensor is touched, extents unknown. The first
    // tensor is the destination by AscendC convention.
    op.unknownReason = info ? "'" + c.name + "' in its mask/repeat form: extents are not modelled"
                            : "AscendC API '" + c.name + "' is not modelled";
    for (size_t k = 0; k < tensors.size(); ++k)
      addTensor(tensors[k], nullptr, k == 0, k == 0 ? "dst" : "src");
    return unknownValue("result of " + c.name, c.call->getType());
  }
  op.params["count"] = count;
  auto bytes = [&](size_t argIdx) { return mul(count, mkConst(c.vals[argIdx].t.elemBytes)); };
  // Tensors beyond the instruction's operands are temporary buffers of the
  // high-level forms (Exp(dst, src, tmp, count)): touched, extent unknown.
  size_t operands = info->shape == VShape::Binary || info->shape == VShape::TernaryDst || info->shape == VShape::Compare
                        ? 3
                        : (info->shape == VShape::Duplicate ? 1 : (info->shape == VShape::Select ? 4 : 2));
  for (size_t k = operands; k < tensors.size() && info->shape != VShape::Reduce; ++k)
    addTensor(tensors[k], nullptr, true, "tmp");
  if (tensors.size() > operands && info->shape != VShape::Reduce)
    tensors.resize(operands);
  switch (info->shape) {
  case VShape::Binary:
  case VShape::ScalarBinary:
  case VShape::Unary:
  case VShape::Cast:
  case VShape::TernaryDst:
    for (size_t k = 1; k < tensors.size(); ++k)
      addTensor(tensors[k], bytes(tensors[k]), false, k == 1 ? "src0" : "src1");
    if (info->shape == VShape::TernaryDst || c.name == "Axpy")
      addTensor(tensors[0], bytes(tensors[0]), false, "dst");
    addTensor(tensors[0], bytes(tensors[0]), true, "dst");
    break;
  case VShape::Duplicate:
    addTensor(tensors[0], bytes(tensors[0]), true, "dst");
    break;
  case VShape::Compare:
    for (size_t k = 1; k < tensors.size(); ++k)
      addTensor(tensors[k], bytes(tensors[k]), false, "src");
    // one bit per element
    addTensor(tensors[0], mkBin(SymOp::Div, addC(count, 7), mkConst(8), IntType::math()), true, "dst");
    break;
  case VShape::Select: {
    // Tensors in order: dst, selMask, src0 and, in the tensor-tensor forms,
    // src1. In modes 1 and 2 the mask is consumed one bit per element; in
    // mode 0 (VSEL_CMPMASK_SPR) its bits are reused per repeat, so its
    // extent is left unknown, as is the mode when it is not a constant.
    std::optional<int64_t> mode;
    for (size_t i = 0; i < c.args.size(); ++i)
      if (c.args[i]->getType()->isEnumeralType())
        mode = asConst(asSym(c.vals[i], c.args[i]->getType(), l));
    if (tensors.size() < 3) {
      for (size_t k = 0; k < tensors.size(); ++k)
        addTensor(tensors[k], nullptr, k == 0, k == 0 ? "dst" : "src");
      op.unknownReason = "'Select' without a mask tensor: extents are not modelled";
      break;
    }
    for (size_t k = 2; k < tensors.size(); ++k)
      addTensor(tensors[k], bytes(tensors[k]), false, k == 2 ? "src0" : "src1");
    bool bitPerElem = mode && (*mode == 1 || *mode == 2);
    addTensor(tensors[1], bitPerElem ? mkBin(SymOp::Div, addC(count, 7), mkConst(8), IntType::math()) : nullptr, false,
              "selMask");
    addTensor(tensors[0], bytes(tensors[0]), true, "dst");
    break;
  }
  case VShape::Reduce:
    if (tensors.size() >= 2)
      addTensor(tensors[1], bytes(tensors[1]), false, "src");
    addTensor(tensors[0], nullptr, true, "dst");
    for (size_t k = 2; k < tensors.size(); ++k)
      addTensor(tensors[k], nullptr, true, "work");
    break;
  }
  return unknownValue("result of " + c.name, c.call->getType());
}

void registerVectorApi(ApiTable &t) {
  ApiHandler h = [](Interp &in, ApiCall &c) { return in.apiVector(c); };
  // A call on a local tensor that no other family claims is a vector
  // instruction: kVector gives the operand shape of those it knows; for the
  // others apiVector touches every tensor in an unknown region.
  t.addFallback("vector", hasLocalTensorArg, h);
}

} // namespace fe
} // namespace alint
