// LocalTensor and GlobalTensor methods: views, sizes, scalar access and
// SetGlobalBuffer.
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

// --------------------------------------------------------------- tensors

// A LocalTensor of 4-, 2- or 1-bit elements: GetPhyAddr(offset) moves by
// offset / 2 (4 / 8) bytes there (kernel_tensor_impl.h:740), not by sizeof.
static bool subByteTensor(const FunctionDecl *fd) {
  const auto *md = dyn_cast_or_null<CXXMethodDecl>(fd);
  const auto *spec = md ? dyn_cast<ClassTemplateSpecializationDecl>(md->getParent()) : nullptr;
  if (!spec || spec->getTemplateArgs().size() == 0 || spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return true;
  std::string n = spec->getTemplateArgs()[0].getAsType().getCanonicalType().getAsString();
  for (const char *s : {"int4", "int2b", "uint1b", "fp4", "integer_sub_type"})
    if (n.find(s) != std::string::npos)
      return true;
  return false;
}

Value Interp::apiTensor(ApiCall &c) {
  const std::string &n = c.name;
  SourceLocation l = c.call->getBeginLoc();
  Value self = c.obj;
  if (c.objExpr && self.kind != Value::Tensor) {
    // A tensor that was never assigned.
    self.kind = Value::Tensor;
    self.t.global = c.cls == "GlobalTensor";
    self.t.bufferId = -1;
    self.t.offsetBytes = mkConst(0, IntType::u64());
    self.t.elemBytes =
        tensorElemBytes(c.objExpr->getType().getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl());
  }
  TensorVal &t = self.t;
  if (t.name.empty() && c.objExpr)
    t.name = exprText(c.objExpr);
  if (n == "SetGlobalBuffer") {
    GlobalBuf g;
    g.id = int(model.globals.size());
    g.name = exprText(c.objExpr);
    g.elemBytes = t.elemBytes;
    g.loc = loc(l);
    const Value *pv = c.vals.empty() ? nullptr : &c.vals[0];
    const TensorVal *view = pv && pv->kind == Value::GmPtr && pv->p.view ? pv->p.view.get() : nullptr;
    if (view && view->global && view->bufferId >= 0 && view->bufferId < int(model.globals.size())) {
      // Another GM tensor's address: the same argument, further on.
      const GlobalBuf &o = model.globals[view->bufferId];
      g.root = o.root;
      g.baseOffsetBytes = mkBin(SymOp::Add, o.baseOffsetBytes ? o.baseOffsetBytes : mkConst(0, IntType::u64()),
                                mkBin(SymOp::Add, view->offsetBytes ? view->offsetBytes : mkConst(0, IntType::u64()),
                                      pv->p.offsetBytes, IntType::u64()),
                                IntType::u64());
    } else if (pv && pv->kind == Value::GmPtr && !pv->p.view) {
      g.root = c.vals[0].p.root;
      g.baseOffsetBytes = c.vals[0].p.offsetBytes;
    } else {
      g.root = "?";
      g.baseOffsetBytes = mkOpaque("GM address of '" + g.name + "' could not be followed", IntType::u64());
    }
    if (c.vals.size() >= 2) {
      g.sizeElems = toMath(asSym(c.vals[1], c.args[1]->getType(), l));
      g.extentFrom = GlobalBuf::Extent::SetGlobalBuffer;
    }
    model.globals.push_back(g);
    Value nv;
    nv.kind = Value::Tensor;
    nv.t.global = true;
    nv.t.bufferId = g.id;
    nv.t.elemBytes = t.elemBytes;
    nv.t.pos = TPos::GM;
    nv.t.offsetBytes = mkConst(0, IntType::u64());
    nv.t.name = g.name;
    if (g.sizeElems)
      nv.t.sizeBytes = mul(g.sizeElems, mkConst(g.elemBytes));
    LRef r = evalLValue(c.objExpr);
    if (r.kind != LRef::None)
      write(r, nv);
    return Value();
  }
  if (n == "operator[]") {
    Value v = self;
    Sym idx = mkCast(asSym(c.vals.empty() ? Value() : c.vals[0], c.args.empty() ? QualType() : c.args[0]->getType(), l),
                     IntType::u64());
    Sym d = mkBin(SymOp::Mul, idx, mkConst(t.elemBytes, IntType::u64()), IntType::u64());
    v.t.offsetBytes = mkBin(SymOp::Add, t.offsetBytes ? t.offsetBytes : mkConst(0, IntType::u64()), d, IntType::u64());
    if (t.sizeBytes)
      v.t.sizeBytes = sub(t.sizeBytes, toMath(d));
    v.t.name = t.name;
    return v;
  }
  if (n == "ReinterpretCast") {
    Value v = self;
    if (uint32_t e = templateTypeSize(*this, c.fd, 0))
      v.t.elemBytes = e;
    return v;
  }
  if (n == "GetSize") {
    if (t.sizeBytes && t.elemBytes)
      return scalar(mkCast(mkBin(SymOp::Div, toMath(t.sizeBytes), mkConst(t.elemBytes), IntType::math()),
                           intTypeOf(ctx, c.call->getType())));
    return unknownValue("size of tensor '" + t.name + "'", c.call->getType());
  }
  if (n == "SetSize") {
    if (!c.vals.empty()) {
      Value v = self;
      v.t.sizeBytes = mul(asSym(c.vals[0], c.args[0]->getType(), l), mkConst(t.elemBytes));
      LRef r = evalLValue(c.objExpr);
      if (r.kind != LRef::None)
        write(r, v);
    }
    return Value();
  }
  if (n == "GetValue" || n == "SetValue" || n == "operator()") {
    bool isSet = n == "SetValue";
    Op &op = addOp(isSet ? OpKind::ScalarWrite : OpKind::ScalarRead, c.cls + "::" + n, c.call);
    op.pipe = Pipe::S;
    if (!c.vals.empty()) {
      TensorVal at = t;
      Sym idx = mkCast(asSym(c.vals[0], c.args[0]->getType(), l), IntType::u64());
      at.offsetBytes =
          mkBin(SymOp::Add, t.offsetBytes ? t.offsetBytes : mkConst(0, IntType::u64()),
                mkBin(SymOp::Mul, idx, mkConst(t.elemBytes, IntType::u64()), IntType::u64()), IntType::u64());
      op.regions.push_back(regionOf(at, mkConst(t.elemBytes), isSet, isSet ? "dst" : "src"));
    }
    if (isSet)
      return Value();
    // Values read from memory stay symbolic, named after the tensor.
    QualType rt = c.call->getType();
    if (rt->isIntegralOrEnumerationType()) {
      if (loopStack.empty())
        return scalar(mkVar(t.name + ".GetValue()", intTypeOf(ctx, rt), VarRole::Input));
      // In a loop, one value per iteration, which each copy of the body
      // renames (as an unread tiling array element: Interp::
      // unreadInputElement); a loop summary gives each element its own.
      VarInfo like;
      like.role = VarRole::Internal;
      like.choice = VarInfo::Choice::InLoop;
      like.choiceLoop = loopStack.back();
      return scalar(mkVarLike(t.name + ".GetValue()", intTypeOf(ctx, rt), like));
    }
    Value v;
    v.kind = Value::Unknown;
    v.reason = "value read from '" + t.name + "'";
    return v;
  }
  if (n == "GetPhyAddr") {
    Value v;
    v.kind = Value::Unknown;
    v.reason = "physical address of '" + t.name + "'";
    // GetPhyAddr(n) of a sub-byte type: n elements are not a whole number of bytes.
    if (t.bufferId >= 0 && !(subByteTensor(c.fd) && !c.vals.empty())) {
      // The address of the tensor's place in its memory (asc-devkit
      // kernel_tensor_impl.h: the UB/L1/L0 address as uint64_t, GM as a
      // pointer): one pointer model for every reader (VF/SIMT/C API/CCE
      // handlers, `*p`): offsets from the tensor's start. The integer form
      // counts bytes until it is cast to a typed pointer.
      v.kind = Value::GmPtr;
      v.p.root = "@view";
      v.p.local = !t.global;
      v.p.view = std::make_shared<TensorVal>(t);
      v.p.elemBytes = c.call->getType()->isPointerType() && t.elemBytes ? t.elemBytes : 1;
      v.p.offsetBytes = mkConst(0, IntType::u64());
      if (!c.vals.empty()) // GetPhyAddr(offset): `offset` elements of T further
        v.p.offsetBytes = mkBin(SymOp::Mul, mkCast(asSym(c.vals[0], c.args[0]->getType(), l), IntType::u64()),
                                mkConst(std::max<uint32_t>(1, t.elemBytes), IntType::u64()), IntType::u64());
      return v;
    }
    if (c.call->getType()->isIntegralOrEnumerationType())
      return unknownValue(v.reason, c.call->getType());
    return v;
  }
  if (n == "SetAddrWithOffset" && c.vals.size() >= 2 && c.vals[0].kind == Value::Tensor) {
    // this = src viewed `offset` elements of src's type further (asc-devkit
    // impl/basic_api/kernel_tensor_impl.h:947); the element type stays T.
    Value v = c.vals[0];
    const TensorVal &src = c.vals[0].t;
    Sym d = mkBin(SymOp::Mul, mkCast(asSym(c.vals[1], c.args[1]->getType(), l), IntType::u64()),
                  mkConst(src.elemBytes, IntType::u64()), IntType::u64());
    v.t.offsetBytes =
        mkBin(SymOp::Add, src.offsetBytes ? src.offsetBytes : mkConst(0, IntType::u64()), d, IntType::u64());
    if (src.sizeBytes)
      v.t.sizeBytes = sub(src.sizeBytes, toMath(d));
    v.t.elemBytes = t.elemBytes;
    v.t.name = t.name;
    LRef r = evalLValue(c.objExpr);
    if (r.kind != LRef::None)
      write(r, v);
    return Value();
  }
  if (n == "SetBufferLen") {
    // The length the tensor reports changes; where it is does not. Its
    // unit differs between chips (kernel_tensor_impl.h:1017), so GetSize
    // after it is unknown; accesses stay bounded by the buffer.
    Value v = self;
    v.t.sizeBytes = nullptr;
    LRef r = evalLValue(c.objExpr);
    if (r.kind != LRef::None)
      write(r, v);
    return Value();
  }
  // Metadata that neither moves the tensor nor touches memory.
  static const std::set<std::string> noMemory = {"SetUserTag",   "GetUserTag",  "SetL2CacheHint", "SetShapeInfo",
                                                 "GetShapeInfo", "GetPosition", "GetBufferHandle"};
  if (noMemory.count(n)) {
    if (c.call->getType()->isIntegralOrEnumerationType())
      return unknownValue("result of " + c.cls + "::" + n, c.call->getType());
    return Value();
  }
  if (n == "GetLength" && t.sizeBytes)
    return scalar(mkCast(toMath(t.sizeBytes), intTypeOf(ctx, c.call->getType())));
  // Anything else (SetAddr, InitBuffer, ...) may move the tensor: the call
  // becomes unmodelled and the tensor's place unknown from here on.
  Value res = apiUnmodelled(c, c.cls + "::" + n + " is not modelled");
  if (!c.fd->getReturnType()->isVoidType() || !c.objExpr)
    return res;
  // (the operator forms, `dst = a + b`, write dst's contents, not its place)
  if (const auto *md = dyn_cast<CXXMethodDecl>(c.fd); md && !md->isConst() && n.rfind("operator", 0) != 0) {
    Value v = self;
    v.t.bufferId = -1;
    v.reasonIfEmpty = c.cls + "::" + n + " is not modelled";
    LRef r = evalLValue(c.objExpr);
    if (r.kind != LRef::None)
      write(r, v);
  }
  return res;
}

void registerTensorApi(ApiTable &t) {
  ApiHandler h = [](Interp &in, ApiCall &c) { return in.apiTensor(c); };
  t.addClass(ApiClass::LocalTensor, "tensor", h);
  t.addClass(ApiClass::GlobalTensor, "tensor", h);
}

} // namespace fe
} // namespace alint
