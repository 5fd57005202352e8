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
enum class VShape { Binary, ScalarBinary, Unary, Cast, Duplicate, Compare, Reduce, TernaryDst, Select, Sort, Welford };
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
    // Subs/Divs/Ands/Ors(dst, src, scalar, count): dst = src op scalar
    // (基础API/Memory矢量计算/基础算术/Subs（灵活标量位置）.md, Divs（灵活标量位置）.md,
    // 逻辑计算/Ands.md, Ors.md).
    {"Subs", VShape::ScalarBinary},
    {"Divs", VShape::ScalarBinary},
    {"Ands", VShape::ScalarBinary},
    {"Ors", VShape::ScalarBinary},
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
    // PhiloxRandom(dstLocal, key, counter, count) writes count elements of
    // dstLocal (高阶API/随机函数/PhiloxRandom.md); its stride form, below.
    {"PhiloxRandom", VShape::Duplicate},
    {"ArithProgression", VShape::Duplicate},
    // Select(dst, selMask, src0, src1 tensor or scalar, selMode, count)
    // (docs/zh/api/SIMD-API/基础API/Memory矢量计算/比较与选择/Select.md).
    {"Select", VShape::Select},
    {"Compare", VShape::Compare},
    // Compares(dst, src0, scalar, cmpMode, count): one dst bit per element,
    // as Compare (比较与选择/Compares.md); CompareScalar is its earlier name.
    {"Compares", VShape::Compare},
    {"CompareScalar", VShape::Compare},
    // The high-level (adv) element-wise math and activation functions in
    // their count forms: dst = f(src[, src1]) over calCount elements on the
    // vector pipe; a sharedTmpBuffer argument is scratch the function may use
    // whole (asc-devkit docs/zh/api/SIMD-API/高阶API/数学计算/Asin接口/Asin.md:
    // "用于Asin内部复杂计算时存储中间变量", sized by GetAsinMaxMinTmpSize; the
    // other pages of 数学计算 and 激活函数 alike). Declared in
    // api/include/ascendc_lint/adv_math.h.
    // The high-level Welford steps (归一化操作/WelfordUpdate.md,
    // WelfordFinalize.md): extents from their para struct, welfordOperands.
    {"WelfordUpdate", VShape::Welford},
    {"WelfordFinalize", VShape::Welford},
    {"Sin", VShape::Unary},
    {"Cos", VShape::Unary},
    {"Tan", VShape::Unary},
    {"Asin", VShape::Unary},
    {"Acos", VShape::Unary},
    {"Atan", VShape::Unary},
    {"Sinh", VShape::Unary},
    {"Cosh", VShape::Unary},
    {"Tanh", VShape::Unary},
    {"Asinh", VShape::Unary},
    {"Acosh", VShape::Unary},
    {"Atanh", VShape::Unary},
    {"Log", VShape::Unary},
    {"Erf", VShape::Unary},
    {"Erfc", VShape::Unary},
    {"Floor", VShape::Unary},
    {"Ceil", VShape::Unary},
    {"Round", VShape::Unary},
    {"Rint", VShape::Unary},
    {"Trunc", VShape::Unary},
    {"Frac", VShape::Unary},
    {"Sign", VShape::Unary},
    {"Digamma", VShape::Unary},
    {"Lgamma", VShape::Unary},
    {"Sigmoid", VShape::Unary},
    {"Gelu", VShape::Unary},
    {"FasterGelu", VShape::Unary},
    {"FasterGeluV2", VShape::Unary},
    {"Silu", VShape::Unary},
    {"Xor", VShape::Binary},
    {"Fmod", VShape::Binary},
    // The high-level Sort with a SortConfig (Ascend 950), its count forms:
    // operands by parameter name (api/include/ascendc_lint/adv_sort.h).
    // The Sort<T, isFullSort> of region proposals ends with a repeat count:
    // not a count form, its extents stay unknown.
    {"Sort", VShape::Sort},
    {"ReduceSum", VShape::Reduce},
    {"ReduceMax", VShape::Reduce},
    {"ReduceMin", VShape::Reduce},
};

// Whether the call is a template specialisation whose `isSetMask` argument is
// false: the instruction then runs under the mask register set before
// (SetVectorMask), not under its mask argument.
bool maskFromRegister(const FunctionDecl *fd) {
  const FunctionTemplateDecl *ft = fd->getPrimaryTemplate();
  const TemplateArgumentList *tal = fd->getTemplateSpecializationArgs();
  if (!ft || !tal)
    return false;
  const TemplateParameterList *tpl = ft->getTemplateParameters();
  for (unsigned i = 0; i < tpl->size() && i < tal->size(); ++i)
    if (tpl->getParam(i)->getName() == "isSetMask")
      return tal->get(i).getKind() == TemplateArgument::Integral && tal->get(i).getAsIntegral() == 0;
  return false;
}

// The mask/repeat forms (docs/zh/api/SIMD-API/基础API/Memory矢量计算/
// SIMD计算说明/高维切分.md and 掩码.md): each of `repeatTime` repeats reads
// and writes 8 blocks of 32 bytes of the widest operand type, blocks
// dataBlockStride blocks apart, repeats repeatStride blocks apart; the mask
// enables the first `mask` elements of a repeat (continuous mode, a uint64_t)
// or those whose bits are set (bit mode, uint64_t mask[2]). With a bit mask,
// a mask that is not a constant, or isSetMask = false the enabled elements
// are not known: every element of a repeat is counted (a hull). Counter mode
// (SetMaskCount) changes what mask and repeat mean: not modelled.
// Shapes: (dst, src0, src1, mask, repeat, BinaryRepeatParams),
// (dst, src[, scalar | round], mask, repeat, UnaryRepeatParams),
// Duplicate(dst, scalar, mask, repeat, dstBlkStride, dstRepStride).
// Returns false when the call is not one of these forms.
bool repeatForm(Interp &in, ApiCall &c, const VInfo &info, Op &op, const std::vector<size_t> &tensors) {
  SourceLocation l = c.call->getBeginLoc();
  if (info.shape == VShape::Compare || info.shape == VShape::Reduce || info.shape == VShape::Sort)
    return false;
  size_t n = c.vals.size(), maskIdx = 0, repIdx = 0;
  const Value *params = nullptr;
  bool binary = false;
  if (info.shape == VShape::Duplicate) {
    if (n != 6 || tensors.size() != 1)
      return false;
    maskIdx = 2, repIdx = 3;
  } else {
    if (n < 5)
      return false;
    const Value &pv = c.vals[n - 1];
    std::string pname = (pv.kind == Value::Obj || pv.kind == Value::ObjPtr) && pv.obj && pv.obj->rec
                            ? pv.obj->rec->getNameAsString()
                            : "";
    if (pname != "BinaryRepeatParams" && pname != "UnaryRepeatParams")
      return false;
    binary = pname == "BinaryRepeatParams";
    size_t want = binary ? 3 : 2;
    if (tensors.size() != want)
      return false;
    params = &pv;
    maskIdx = n - 3, repIdx = n - 2;
  }
  if (in.cceMask.counter || in.cceMask.counterSeen) {
    op.unknownReason = "'" + c.name + "' after SetMaskCount (counter mask mode) is not modelled";
    return false;
  }
  if (params) {
    for (const char *f : {"repeatStrideMode", "strideSizeMode", "halfBlock"}) {
      bool has = false;
      for (const FieldDecl *fd : params->obj->rec->fields())
        has |= fd->getName() == f;
      if (has && asConst(in.fieldOf(*params, f, l)) != std::optional<int64_t>(0)) {
        op.unknownReason = "'" + c.name + "' with " + f + " set is not modelled";
        return false;
      }
    }
  }
  uint32_t widest = 0;
  for (size_t t : tensors)
    widest = std::max(widest, c.vals[t].t.elemBytes);
  if (widest == 0 || widest > 32 || 256 % widest != 0)
    return false;
  int64_t perRepeat = 256 / widest;
  std::optional<int64_t> active;
  std::string maskWhy;
  QualType mt = c.args[maskIdx]->IgnoreImpCasts()->getType();
  if (maskFromRegister(c.fd))
    maskWhy = "isSetMask = false (the mask register)";
  else if (!mt->isIntegerType())
    maskWhy = "a bit mask";
  else if (auto m = asConst(toMath(in.asSym(c.vals[maskIdx], c.args[maskIdx]->getType(), l))))
    active = std::min<int64_t>(std::max<int64_t>(*m, 0), perRepeat);
  else
    maskWhy = "a mask that is not a constant";
  bool maskKnown = active.has_value();
  if (!maskKnown)
    active = perRepeat;
  Sym repeat = toMath(in.asSym(c.vals[repIdx], c.args[repIdx]->getType(), l));
  op.params["repeat"] = repeat;
  op.params["mask:known"] = mkConst(maskKnown ? 1 : 0);
  if (!maskKnown)
    op.unknownReason = "'" + c.name + "' with " + maskWhy + ": every element of a repeat is counted";
  // The strides of operand k (0: dst) in the params struct.
  auto strides = [&](size_t k) -> std::pair<Sym, Sym> {
    if (!params)
      return {toMath(in.asSym(c.vals[4], c.args[4]->getType(), l)),
              toMath(in.asSym(c.vals[5], c.args[5]->getType(), l))};
    std::string pre = k == 0 ? "dst" : binary ? "src" + std::to_string(k - 1) : "src";
    return {in.fieldOf(*params, (pre + "BlkStride").c_str(), l), in.fieldOf(*params, (pre + "RepStride").c_str(), l)};
  };
  auto addOperand = [&](size_t k, bool write, const std::string &role) {
    const TensorVal &t = c.vals[tensors[k]].t;
    Region r = in.regionOf(t, nullptr, write, role);
    auto [blk, rs] = strides(k);
    setRepeatFootprint(r, repeat, blk, rs, *active * t.elemBytes, maskKnown);
    op.regions.push_back(std::move(r));
  };
  for (size_t k = 1; k < tensors.size(); ++k)
    addOperand(k, false, k == 1 ? "src0" : "src1");
  if (info.shape == VShape::TernaryDst || c.name == "Axpy")
    addOperand(0, false, "dst");
  addOperand(0, true, "dst");
  return true;
}
} // namespace

void setRepeatFootprint(Region &r, Sym repeat, Sym blkStride, Sym repStride, int64_t activeBytes, bool maskKnown) {
  if (activeBytes <= 0) {
    r.lengthBytes = mkConst(0);
    return;
  }
  int64_t blocks = (activeBytes + 31) / 32, last = activeBytes - (blocks - 1) * 32;
  // The hull ends with the last block of the last repeat, unless the block
  // stride is 0 (every block on the first: a full one when there are several).
  Sym inRepeat = add(mulC(blkStride, (blocks - 1) * 32), mkConst(last));
  if (blocks > 1)
    inRepeat = mkSelect(mkCmp(SymOp::Eq, blkStride, mkConst(0)), mkConst(32), inRepeat);
  Sym body = add(mulC(mul(addC(repeat, -1), repStride), 32), inRepeat);
  r.lengthBytes = mkSelect(mkCmp(SymOp::Gt, repeat, mkConst(0)), body, mkConst(0));
  RepeatShape s;
  s.repeat = repeat;
  s.blkStride = blkStride;
  s.repStride = repStride;
  s.blocks = blocks;
  s.lastBytes = last;
  s.maskKnown = maskKnown;
  r.repeat = s;
}

// The high-level Sort's count forms (asc-devkit docs/zh/api/SIMD-API/高阶API/
// 排序操作/Sort.md, 参数说明 for the SortConfig prototypes): dstTensor,
// dstIndexTensor, srcTensor and srcIndexTensor hold calCount elements each
// ("元素个数相同，且calCount参数值不能超过元素个数"), except that under
// MERGE_SORT "输出数据的每个元素需要按8Byte申请空间": the value destination
// takes 8 bytes per element. sharedTmpBuffer is scratch used whole.
// isReuseSource "allows API to modify source data" (sort.h): the value
// source is then written too. The config is the `config` template argument
// (a constexpr SortConfig); where it cannot be read, the value
// destination's extent is unknown.
void sortOperands(Interp &in, ApiCall &c, Op &op, const Sym &count) {
  std::optional<int64_t> sortType;
  bool reuse = true; // unless the argument says false
  if (const TemplateArgumentList *tal = c.fd->getTemplateSpecializationArgs()) {
    const FunctionTemplateDecl *ft = c.fd->getPrimaryTemplate();
    const TemplateParameterList *tpl = ft ? ft->getTemplateParameters() : nullptr;
    for (unsigned i = 0; tpl && i < tpl->size() && i < tal->size(); ++i) {
      const TemplateArgument &a = tal->get(i);
      std::string pn = tpl->getParam(i)->getNameAsString();
      if (pn == "isReuseSource" && a.getKind() == TemplateArgument::Integral)
        reuse = !a.getAsIntegral().isZero();
      if (pn != "config")
        continue;
      const APValue *v = nullptr;
      if (a.getKind() == TemplateArgument::Declaration)
        if (const auto *vd = dyn_cast<VarDecl>(a.getAsDecl()))
          v = vd->evaluateValue();
      if (a.getKind() == TemplateArgument::StructuralValue)
        v = &a.getAsStructuralValue();
      if (v && v->isStruct() && v->getStructNumFields() >= 1 && v->getStructField(0).isInt())
        sortType = v->getStructField(0).getInt().getExtValue();
    }
  }
  for (size_t i = 0; i < c.vals.size() && i < c.fd->getNumParams(); ++i) {
    if (c.vals[i].kind != Value::Tensor)
      continue;
    const TensorVal &t = c.vals[i].t;
    std::string pn = c.fd->getParamDecl(i)->getNameAsString();
    Sym bytes = mul(count, mkConst(t.elemBytes));
    if (pn == "dstTensor") {
      // SortType::MERGE_SORT is 1 (sort_utils_constants.h).
      Sym len = !sortType ? nullptr : (*sortType == 1 ? mul(count, mkConst(8)) : bytes);
      op.regions.push_back(in.regionOf(t, len, true, "dst"));
    } else if (pn == "dstIndexTensor") {
      op.regions.push_back(in.regionOf(t, bytes, true, "dstIndex"));
    } else if (pn == "srcTensor") {
      op.regions.push_back(in.regionOf(t, bytes, false, "src"));
      if (reuse)
        op.regions.push_back(in.regionOf(t, bytes, true, "src"));
    } else if (pn == "srcIndexTensor") {
      op.regions.push_back(in.regionOf(t, bytes, false, "srcIndex"));
      if (reuse) // "modify source data" may cover the indices too
        op.regions.push_back(in.regionOf(t, bytes, true, "srcIndex"));
    } else {
      op.regions.push_back(in.regionOf(t, pn == "sharedTmpBuffer" ? t.sizeBytes : nullptr, true, "tmp"));
    }
  }
  if (!sortType)
    op.unknownReason = "Sort: its SortConfig template argument is not a constant the frontend reads";
}

// WelfordUpdate(outputMean, outputVariance, inputMean, inputVariance, inputX
// [, sharedTmpBuffer], para): every tensor has the shape [rnLength,
// abLength]; the inputs are read whole, the outputs written over the
// abComputeLength elements of each row (the rest only with
// WelfordUpdateConfig::isInplace, which is not read: not claimed).
// WelfordFinalize(outputMean, outputVariance, inputMean, inputVariance
// [, counts][, sharedTmpBuffer], para): inputMean, inputVariance and counts
// hold abLength elements ("shape为[abLength]"), each output one float
// ("输出的均值为1个数"). A sharedTmpBuffer is scratch used whole. (asc-devkit
// docs/zh/api/SIMD-API/高阶API/归一化操作/WelfordUpdate.md, WelfordFinalize.md,
// 参数说明.)
static void welfordOperands(Interp &in, ApiCall &c, Op &op) {
  SourceLocation l = c.call->getBeginLoc();
  const Value *para = nullptr;
  for (size_t i = 0; i < c.vals.size() && i < c.fd->getNumParams(); ++i)
    if (c.fd->getParamDecl(i)->getNameAsString() == "para")
      para = &c.vals[i];
  const bool update = c.name == "WelfordUpdate";
  auto field = [&](const char *f) { return para ? toMath(in.fieldOf(*para, f, l)) : Sym(); };
  Sym ab = field("abLength");
  Sym rows = update ? field("rnLength") : mkConst(1);
  Sym computed = update ? field("abComputeLength") : Sym();
  auto times = [](Sym a, Sym b) { return a && b ? mkBin(SymOp::Mul, a, b, IntType::math()) : Sym(); };
  for (size_t i = 0; i < c.vals.size() && i < c.fd->getNumParams(); ++i) {
    if (c.vals[i].kind != Value::Tensor)
      continue;
    const TensorVal &t = c.vals[i].t;
    std::string pn = c.fd->getParamDecl(i)->getNameAsString();
    Sym elem = mkConst(t.elemBytes);
    if (pn == "sharedTmpBuffer") {
      op.regions.push_back(in.regionOf(t, t.sizeBytes, true, "tmp"));
    } else if (pn == "outputMean" || pn == "outputVariance") {
      // (rnLength is documented as fixed at 1; rows of another length would
      // write abComputeLength elements of each: not one extent.)
      Sym n = !update ? mkConst(1) : asConst(rows) == std::optional<int64_t>(1) ? computed : Sym();
      op.regions.push_back(in.regionOf(t, times(n, elem), true, pn.c_str()));
    } else {
      op.regions.push_back(in.regionOf(t, times(times(rows, ab), elem), false, pn.c_str()));
    }
  }
  if (!para)
    op.unknownReason = c.name + ": its para argument is not found";
  else
    op.params["abLength"] = ab;
  op.params["library"] = mkConst(1);  // a sequence of instructions (rules/PerfBankConflictCheck.cpp)
  op.params["regExact"] = mkConst(1); // contiguous extents from the start (rules/UninitReadCheck.cpp)
}

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
  // The high-level forms without a count, `Cos(dstTensor, srcTensor[,
  // sharedTmpBuffer])`: "源操作数Tensor全部参与计算", the whole source
  // tensor (asc-devkit docs/zh/api/SIMD-API/高阶API/数学计算/Cos接口/Cos.md,
  // 函数原型; the other pages of 数学计算 and 激活函数 alike). Its element
  // count is the source view's extent; unknown where that is.
  if (info && !countForm && info->shape == VShape::Unary && fd->getNumParams() == c.args.size() &&
      (c.args.size() == 2 || c.args.size() == 3) && fd->getParamDecl(0)->getName() == "dstTensor" &&
      fd->getParamDecl(1)->getName() == "srcTensor" &&
      (c.args.size() == 2 || fd->getParamDecl(2)->getName() == "sharedTmpBuffer") && isTensor(c.vals[1]) &&
      c.vals[1].t.elemBytes) {
    countForm = true;
    const TensorVal &src = c.vals[1].t;
    count = src.sizeBytes ? mkBin(SymOp::Div, toMath(src.sizeBytes), mkConst(src.elemBytes), IntType::math())
                          : mkOpaque("the extent of " + c.name + "'s source tensor", IntType::math());
  }
  // PhiloxRandom's stride form (PhiloxRandomParams params): `row` rows of
  // `column` elements, `stride` apart ("row * column大于0, 不大于LocalTensor的
  // 大小", PhiloxRandom.md): (row - 1) * stride + column elements.
  if (!countForm && c.name == "PhiloxRandom" && fd->getNumParams() == c.args.size() && c.args.size() == 4 &&
      fd->getParamDecl(3)->getName() == "params") {
    auto field = [&](const char *f) { return toMath(fieldOf(c.vals[3], f, l)); };
    Sym row = field("row");
    countForm = true;
    count = mkSelect(
        mkCmp(SymOp::Gt, row, mkConst(0)),
        mkBin(SymOp::Add,
              mkBin(SymOp::Mul, mkBin(SymOp::Sub, row, mkConst(1), IntType::math()), field("stride"), IntType::math()),
              field("column"), IntType::math()),
        mkConst(0));
  }
  auto addTensor = [&](size_t argIdx, Sym len, bool write, const char *role) {
    op.regions.push_back(regionOf(c.vals[argIdx].t, len, write, role));
  };
  if (info && info->shape == VShape::Welford) {
    welfordOperands(*this, c, op);
    return unknownValue("result of " + c.name, c.call->getType());
  }
  if (info && !countForm && !tensors.empty() && repeatForm(*this, c, *info, op, tensors))
    return unknownValue("result of " + c.name, c.call->getType());
  if (!info || !countForm || tensors.empty()) {
    // Shape not known: every tensor is touched, extents unknown. The first
    // tensor is the destination by AscendC convention.
    if (op.unknownReason.empty())
      op.unknownReason = info ? "'" + c.name + "' in its mask/repeat form: extents are not modelled"
                              : "AscendC API '" + c.name + "' is not modelled";
    for (size_t k = 0; k < tensors.size(); ++k)
      addTensor(tensors[k], nullptr, k == 0, k == 0 ? "dst" : "src");
    return unknownValue("result of " + c.name, c.call->getType());
  }
  op.params["count"] = count;
  auto bytes = [&](size_t argIdx) { return mul(count, mkConst(c.vals[argIdx].t.elemBytes)); };
  if (info->shape == VShape::Sort) {
    sortOperands(*this, c, op, count);
    return unknownValue("result of " + c.name, c.call->getType());
  }
  // Tensors beyond the instruction's operands are temporary buffers of the
  // high-level forms (Exp(dst, src, tmp, count)): scratch the function may
  // use whole, read and written over the tensor's extent (unknown where the
  // extent is).
  // The Ascend 950 generic scalar forms (Adds(dst, src0, src1, count),
  // Compares(dst, src0, src1, mode, count)) take the scalar as a single-point
  // tensor on either side (BinaryConfig::scalarTensorIndex): which source is
  // read whole is not followed, so both extents are unknown.
  bool singlePoint = (info->shape == VShape::ScalarBinary || (info->shape == VShape::Compare && c.name != "Compare")) &&
                     tensors.size() >= 3 && tensors[1] == 1 && tensors[2] == 2;
  size_t operands = info->shape == VShape::Binary || info->shape == VShape::TernaryDst ||
                            info->shape == VShape::Compare || singlePoint
                        ? 3
                        : (info->shape == VShape::Duplicate ? 1 : (info->shape == VShape::Select ? 4 : 2));
  for (size_t k = operands; k < tensors.size() && info->shape != VShape::Reduce; ++k)
    addTensor(tensors[k], c.vals[tensors[k]].t.sizeBytes, true, "tmp");
  if (tensors.size() > operands && info->shape != VShape::Reduce)
    tensors.resize(operands);
  switch (info->shape) {
  case VShape::Welford: // (handled above)
    break;
  case VShape::ScalarBinary:
  case VShape::Compare:
    if (singlePoint) {
      for (size_t k = 1; k < tensors.size(); ++k)
        addTensor(tensors[k], nullptr, false, k == 1 ? "src0" : "src1");
      addTensor(tensors[0],
                info->shape == VShape::Compare ? mkBin(SymOp::Div, addC(count, 7), mkConst(8), IntType::math())
                                               : bytes(tensors[0]),
                true, "dst");
      break;
    }
    if (info->shape == VShape::Compare) {
      for (size_t k = 1; k < tensors.size(); ++k)
        addTensor(tensors[k], bytes(tensors[k]), false, "src");
      // one bit per element
      addTensor(tensors[0], mkBin(SymOp::Div, addC(count, 7), mkConst(8), IntType::math()), true, "dst");
      break;
    }
    [[fallthrough]];
  case VShape::Binary:
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
    // Mode 1 with two source tensors (950, "灵活标量位置": Select.md): one
    // of them holds the scalar, one element, src1 unless the BinaryConfig
    // template argument puts the scalar first (scalarPos 0).
    int scalarAt = -1;
    if (mode && *mode == 1 && tensors.size() == 4) {
      scalarAt = 3;
      if (const TemplateArgumentList *tal = c.fd ? c.fd->getTemplateSpecializationArgs() : nullptr)
        for (const TemplateArgument &a : tal->asArray())
          if (a.getKind() == TemplateArgument::StructuralValue) {
            const APValue &v = a.getAsStructuralValue();
            if (v.isStruct() && v.getStructNumFields() >= 1 && v.getStructField(0).isInt())
              scalarAt = v.getStructField(0).getInt().isZero() ? 2 : 3;
          }
    }
    for (size_t k = 2; k < tensors.size(); ++k)
      addTensor(tensors[k], int(k) == scalarAt ? mkConst(c.vals[tensors[k]].t.elemBytes) : bytes(tensors[k]), false,
                k == 2 ? "src0" : "src1");
    bool bitPerElem = mode && (*mode == 1 || *mode == 2);
    addTensor(tensors[1], bitPerElem ? mkBin(SymOp::Div, addC(count, 7), mkConst(8), IntType::math()) : nullptr, false,
              "selMask");
    addTensor(tensors[0], bytes(tensors[0]), true, "dst");
    break;
  }
  case VShape::Reduce:
    if (tensors.size() >= 2)
      addTensor(tensors[1], bytes(tensors[1]), false, "src");
    // ReduceSum(dst, src, sharedTmpBuffer, count) on Atlas A2/A3 (C220,
    // __NPU_ARCH__ 2201): "tensor前n个数据计算接口采用方式一", and in 方式一
    // "sharedTmpBuffer不会被使用" (asc-devkit docs/zh/api/SIMD-API/基础API/
    // Memory矢量计算/归约计算/ReduceSum.md, 关键特性说明): the sum is written
    // to dst[0] and the buffer is not touched. Other chips and forms: the
    // extents stay unknown (方式二's buffer size rests on a repeat count the
    // page leaves open for counts that are not a whole number of repeats).
    if (c.name == "ReduceSum" && opts.npuArch == 2201 && tensors.size() == 3) {
      addTensor(tensors[0], mkConst(c.vals[tensors[0]].t.elemBytes), true, "dst");
      break;
    }
    addTensor(tensors[0], nullptr, true, "dst");
    for (size_t k = 2; k < tensors.size(); ++k)
      addTensor(tensors[k], nullptr, true, "work");
    break;
  case VShape::Sort: // above
    break;
  }
  return unknownValue("result of " + c.name, c.call->getType());
}

// SetMaskCount / SetMaskNorm switch the mask register's mode, which the
// mask/repeat forms read (掩码.md, table 2).
static Value maskMode(Interp &in, ApiCall &c) {
  in.cceMask.counter = c.name == "SetMaskCount";
  in.cceMask.counterSeen |= in.cceMask.counter;
  return Value();
}

void registerVectorApi(ApiTable &t) {
  t.addNames({"SetMaskCount", "SetMaskNorm"}, "vector", maskMode);
  ApiHandler h = [](Interp &in, ApiCall &c) { return in.apiVector(c); };
  // A call on a local tensor that no other family claims is a vector
  // instruction: kVector gives the operand shape of those it knows; for the
  // others apiVector touches every tensor in an unknown region.
  t.addFallback("vector", hasLocalTensorArg, h);
}

} // namespace fe
} // namespace alint
