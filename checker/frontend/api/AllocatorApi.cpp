// Tensors placed by address instead of by TPipe: LocalMemAllocator<Hardware>
// (Alloc forms, GetCurAddr) and the LocalTensor<T>(TPosition, addr, tileSize)
// constructor. Each becomes a Raw buffer: its own byte address in the memory
// and its exact length, so bounds-local, align-address, capacity-overflow and
// sync-race (tensors at overlapping addresses) read them like any buffer.
//
// Sources (asc-devkit):
//   include/basic_api/kernel_tensor.h:313 (class LocalMemAllocator: head_)
//   impl/basic_api/kernel_tensor_impl.h:1735-1795 (the constructor starts head_
//     at GetDynamicMemStartPos for UB, 0 elsewhere; every Alloc returns
//     LocalTensor(pos, head_, tileSize) and advances head_ by
//     sizeof(DataType) * tileSize bytes, without rounding)
//   impl/basic_api/kernel_tensor_impl.h:1047 (CreateTensor: dataLen =
//     tileSize * sizeof(U) bytes at bufferAddr = addr)
//   impl/basic_api/kernel_event.h:349 (GetDefaultPosition of a Hardware)
//   docs/zh/api/SIMD-API/基础API/资源管理/LocalMemAllocator/Alloc.md
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>

namespace alint {
namespace fe {

using namespace clang;

// Hardware (asc-devkit types: GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF) to
// the TPosition Alloc uses when none is given (GetDefaultPosition).
static std::optional<TPos> defaultPosition(int64_t hard) {
  switch (hard) {
  case 1:
    return TPos::VECCALC;
  case 2:
    return TPos::A1;
  case 3:
    return TPos::A2;
  case 4:
    return TPos::B2;
  case 5:
    return TPos::CO1;
  case 6:
    return TPos::C2;
  case 7:
    return TPos::C2PIPE2GM;
  default:
    return std::nullopt;
  }
}

int Interp::addRawBuffer(const std::string &name, TPos pos, Sym base, Sym lenBytes, SourceLocation l) {
  Buffer b;
  b.id = int(model.buffers.size());
  b.name = name;
  b.kind = Buffer::Kind::Raw;
  b.srcPos = b.dstPos = b.memPos = pos;
  b.num = mkConst(1);
  b.lenBytes = toMath(lenBytes);
  b.baseBytes = toMath(base);
  b.cond = currentCond();
  b.loops = loopStack;
  b.epoch = pipeEpoch;
  b.loc = loc(l);
  model.buffers.push_back(b);
  return b.id;
}

static Value rawTensor(int id, TPos pos, uint32_t elem, Sym lenBytes, const std::string &name) {
  Value v;
  v.kind = Value::Tensor;
  v.t.global = false;
  v.t.bufferId = id;
  v.t.pos = pos;
  v.t.elemBytes = elem;
  v.t.offsetBytes = mkConst(0, IntType::u64());
  v.t.sizeBytes = lenBytes;
  v.t.name = name;
  return v;
}

Value Interp::apiAllocator(ApiCall &c) {
  SourceLocation l = c.call->getBeginLoc();
  std::shared_ptr<ObjState> ao = c.obj.kind == Value::Obj ? c.obj.obj : nullptr;
  const FieldDecl *headField = nullptr;
  if (ao && ao->rec)
    for (const FieldDecl *fd : ao->rec->fields())
      if (fd->getName() == "head_")
        headField = fd;
  if (!ao || !headField)
    return apiUnmodelled(c, "LocalMemAllocator '" + exprText(c.objExpr) + "' could not be followed");
  LRef hr;
  hr.kind = LRef::Field;
  hr.obj = ao;
  hr.field = headField;
  // A head never written: the allocator starts at 0 (the dynamic UB start is
  // 0 when the kernel has no static UB; the rest of the UB is what TPipe
  // would not use either).
  Value hv = ao->fields.count(headField) ? read(hr, headField->getType()) : scalar(mkConst(0, IntType::u32()));
  Sym head = asSym(hv, headField->getType(), l);
  if (c.name == "GetCurAddr")
    return scalar(head);
  if (c.name != "Alloc")
    return apiUnmodelled(c, "LocalMemAllocator::" + c.name + " is not modelled");
  auto hard = classTemplateIntArg(ao->rec, 0);
  TPos pos = TPos::MAX; // MAX: not known
  if (auto d = hard ? defaultPosition(*hard) : std::nullopt)
    pos = *d;
  uint32_t elem = 0;
  Sym tile;
  const TemplateArgumentList *tal = c.fd->getTemplateSpecializationArgs();
  bool typeSeen = false;
  for (unsigned i = 0; tal && i < tal->size(); ++i) {
    const TemplateArgument &a = tal->get(i);
    if (a.getKind() == TemplateArgument::Type) {
      elem = sizeOfType(a.getAsType());
      typeSeen = true;
    } else if (a.getKind() == TemplateArgument::Integral) {
      if (!typeSeen)
        pos = TPos(uint8_t(a.getAsIntegral().getExtValue()));
      else
        tile = mkConst(a.getAsIntegral().getExtValue(), IntType::u32());
    }
  }
  if (!tile && !c.vals.empty() && c.args[0]->getType()->isIntegralOrEnumerationType())
    tile = asSym(c.vals[0], c.args[0]->getType(), l);
  if (!tile || !elem || pos >= TPos::MAX) // the TensorTrait forms take their size from the type
    return apiUnmodelled(c, "this form of LocalMemAllocator::Alloc is not modelled");
  Sym len = mul(toMath(tile), mkConst(elem));
  std::string name =
      (ao->name.empty() ? exprText(c.objExpr) : ao->name) + ".Alloc#" + std::to_string(model.buffers.size());
  int id = addRawBuffer(name, pos, head, len, l);
  write(hr, scalar(mkCast(add(toMath(head), len), IntType::u32())));
  return rawTensor(id, pos, elem, len, name);
}

Value Interp::apiConstructLocalTensor(const CXXConstructExpr *ce, const std::vector<Value> &args) {
  const CXXConstructorDecl *ctor = ce->getConstructor();
  const CXXRecordDecl *rd = ctor->getParent();
  if (!args.empty() && (args[0].kind == Value::Tensor || args[0].kind == Value::Choice))
    return args[0]; // copy
  uint32_t elem = tensorElemBytes(rd);
  if (ctor->getNumParams() == 3 && args.size() == 3 && ctor->getParamDecl(0)->getType()->isEnumeralType() && elem) {
    SourceLocation l = ce->getBeginLoc();
    Sym p = asSym(args[0], ce->getArg(0)->getType(), l);
    auto pc = asConst(p);
    Sym addr = asSym(args[1], ce->getArg(1)->getType(), l);
    Sym len = mul(toMath(asSym(args[2], ce->getArg(2)->getType(), l)), mkConst(elem));
    if (pc && *pc >= 0 && *pc < int64_t(TPos::MAX)) {
      std::string name = "LocalTensor@" + std::to_string(loc(l).line);
      int id = addRawBuffer(name, TPos(*pc), addr, len, l);
      return rawTensor(id, TPos(*pc), elem, len, name);
    }
  }
  Value v;
  v.kind = Value::Obj;
  Value t = wrapApiObject(v, rd);
  if (ctor->getNumParams() > 0) { // a tensor from an address or a layout: where it is is not known
    t.t.bufferId = -1;
    note("LocalTensor constructor '" + ctor->getNameAsString() +
             "' with these arguments is not modelled; its accesses are unknown",
         ce->getBeginLoc());
  }
  return t;
}

void registerAllocatorApi(ApiTable &t) {
  t.addClass(ApiClass::MemAllocator, "allocator", [](Interp &in, ApiCall &c) { return in.apiAllocator(c); });
}

} // namespace fe
} // namespace alint
