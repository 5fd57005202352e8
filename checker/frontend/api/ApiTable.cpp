// Dispatch of calls into the bundled API: build the ApiCall, ask the table,
// and — the one place where it happens — turn whatever no family claims into
// an Unmodelled operation.
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

namespace alint {
namespace fe {

using namespace clang;

void ApiTable::addClass(ApiClass cls, const char *family, ApiHandler h) { byClass[int(cls)] = {family, h}; }

void ApiTable::addNamespace(const char *ns, const char *family, ApiHandler h) { byNamespace[ns] = {family, h}; }

void ApiTable::addNames(std::initializer_list<const char *> names, const char *family, ApiHandler h) {
  for (const char *n : names)
    byName[n] = {family, h};
}

static Value pureCall(Interp &in, ApiCall &c) { return in.unknownValue("result of " + c.name, c.call->getType()); }

void ApiTable::addPure(std::initializer_list<const char *> names) {
  for (const char *n : names)
    pure[n] = {"pure", pureCall};
}

void ApiTable::addFallback(const char *family, ApiMatcher matches, ApiHandler h) {
  fallbacks.push_back({matches, {family, h}});
}

const ApiEntry *ApiTable::find(const ApiCall &c, ApiClass cls) const {
  if (auto it = byNamespace.find(c.ns); it != byNamespace.end())
    return &it->second;
  if (auto it = byClass.find(int(cls)); it != byClass.end())
    return &it->second;
  if (auto it = byName.find(c.name); it != byName.end())
    return &it->second;
  if (auto it = pure.find(c.name); it != pure.end())
    return &it->second;
  for (const auto &[matches, entry] : fallbacks)
    if (matches(c))
      return &entry;
  return nullptr;
}

static ApiTable buildTable() {
  ApiTable t;
  registerSystemApi(t);
  registerQueueApi(t);
  registerTensorApi(t);
  registerDataCopyApi(t);
  registerSyncApi(t);
  registerCubeApi(t);
  registerMatmulApi(t);
  registerAllocatorApi(t);
  registerCceCopyApi(t); // after DataCopy: the raw copies are its
  registerCceVectorApi(t);
  registerRegApi(t);
  registerSimtApi(t);
  registerCApi(t);
  registerVectorApi(t); // last: its fallback claims any call on a local tensor
  return t;
}

const ApiTable &ApiTable::instance() {
  static const ApiTable table = buildTable();
  return table;
}

Value Interp::evalApiCall(const CallExpr *call, const FunctionDecl *fd) {
  ApiCall c;
  c.call = call;
  c.fd = fd;
  c.name = fd->getNameAsString();
  for (const DeclContext *dc = fd->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc)) {
      c.ns = ns->getNameAsString();
      break;
    }
  const CXXRecordDecl *parent = nullptr;
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd)) {
    parent = md->getParent();
    c.cls = parent->getNameAsString();
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) {
      c.objExpr = mc->getImplicitObjectArgument();
      for (const Expr *a : mc->arguments())
        c.args.push_back(a);
    } else if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(call)) {
      c.objExpr = oc->getArg(0);
      for (unsigned i = 1; i < oc->getNumArgs(); ++i)
        c.args.push_back(oc->getArg(i));
    }
    if (c.objExpr && !md->isStatic())
      c.obj = eval(c.objExpr);
    if (c.obj.kind == Value::ObjPtr)
      c.obj.kind = Value::Obj;
  } else {
    for (const Expr *a : call->arguments())
      c.args.push_back(a);
  }
  for (const Expr *a : c.args)
    c.vals.push_back(eval(a));
  // Narrow integer parameters (a vector instruction's uint8_t repeatTimes):
  // an argument computed wider must fit (param-range).
  for (size_t i = 0; i < c.args.size() && i < fd->getNumParams(); ++i) {
    QualType pt = fd->getParamDecl(i)->getType().getNonReferenceType();
    if (pt->isIntegerType() && !pt->isBooleanType() && ctx.getIntWidth(pt) <= 16)
      noteParamStore(c.args[i], c.vals[i].kind == Value::Scalar ? c.vals[i].sym : nullptr, pt, c.name,
                     fd->getParamDecl(i)->getNameAsString(), c.args[i]->getBeginLoc());
  }

  if (const ApiEntry *e = ApiTable::instance().find(c, classifyApiClass(parent)))
    return e->handler(*this, c);
  return apiUnmodelled(c, "AscendC API '" + c.name + "' is not modelled");
}

// The single place an API call that is not understood becomes `unknown`: an
// operation that touches each tensor argument in an unknown region (so
// bounds, alignment, capacity and races that involve it are `unknown`).
Value Interp::apiUnmodelled(ApiCall &c, const std::string &why) {
  Op &op = addOp(OpKind::Unmodelled, c.name, c.call);
  op.unknownReason = why;
  if (isTensor(c.obj)) // a method on a tensor touches it
    op.regions.push_back(regionOf(c.obj.t, nullptr, true, "this"));
  for (size_t i = 0; i < c.vals.size(); ++i)
    if (isTensor(c.vals[i]))
      op.regions.push_back(regionOf(c.vals[i].t, nullptr, true, "arg" + std::to_string(i)));
  if (c.call->getType()->isIntegralOrEnumerationType())
    return unknownValue("result of " + why, c.call->getType());
  Value v;
  v.kind = Value::Unknown;
  v.reason = "result of " + why;
  return v;
}

} // namespace fe
} // namespace alint
