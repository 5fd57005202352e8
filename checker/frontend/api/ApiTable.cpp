// Dispatch of calls into the bundled API: build the ApiCall, ask the table,
// and — the one place where it happens — turn whatever no family claims into
// an Unmodelled operation.
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

#include <cstring>

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

  const ApiEntry *e = ApiTable::instance().find(c, classifyApiClass(parent));
  if (!e)
    return apiUnmodelled(c, "AscendC API '" + c.name + "' is not modelled");
  if (hasChoice(c))
    return callOverChoices(c, *e);
  return e->handler(*this, c);
}

bool Interp::hasChoice(const ApiCall &c) const {
  if (c.obj.kind == Value::Choice)
    return true;
  for (const Value &v : c.vals)
    if (v.kind == Value::Choice)
      return true;
  return false;
}

// Families whose handlers only add operations and compute a result from
// their operands: running one once per alternative under its condition is
// the if/else the choice stands for. Queues, sync and the like keep state in
// the interpreter (a queue's FIFO) that two guarded runs would corrupt: they
// get an unknown value instead, as before.
static bool splitsOverChoices(const char *family) {
  static const char *const kFamilies[] = {"tensor", "vector",     "data-copy", "cube",    "mad",
                                          "reg",    "cce-vector", "cce-copy",  "cce-cube"};
  for (const char *f : kFamilies)
    if (std::strcmp(f, family) == 0)
      return true;
  return false;
}

// A call with a Choice operand (InterpCore.h): the call once per alternative,
// under its condition, the results merged. Operands chosen by the same
// conditions (`ping` for every buffer) take the same alternative; others
// multiply out, up to kMaxRuns runs.
Value Interp::callOverChoices(ApiCall &c, const ApiEntry &e) {
  constexpr size_t kMaxRuns = 8;
  auto methodWrites = [&] {
    const auto *md = dyn_cast<CXXMethodDecl>(c.fd);
    return c.obj.kind == Value::Choice && md && !md->isConst(); // it would write one alternative back
  };
  std::vector<Value *> choices;
  if (c.obj.kind == Value::Choice)
    choices.push_back(&c.obj);
  for (Value &v : c.vals)
    if (v.kind == Value::Choice)
      choices.push_back(&v);
  // Groups of operands with the same conditions, and the number of runs.
  auto sameConds = [](const TensorAlts &a, const TensorAlts &b) {
    if (a.size() != b.size())
      return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!structurallyEqual(a[i].first, b[i].first))
        return false;
    return true;
  };
  // A choice still default-constructed on some path: the use must not be
  // reached on it (checked by uninit-read).
  Value *unsetTmp = nullptr; // a temporary buffer still unassigned on some path
  for (Value *v : choices)
    if (v->unsetWhen) {
      bool tmp = false;
      for (size_t i = 0; i < c.vals.size() && c.fd; ++i)
        if (&c.vals[i] == v && i < c.fd->getNumParams()) {
          llvm::StringRef pn = c.fd->getParamDecl(i)->getName();
          tmp = pn == "sharedTmpBuffer" || pn == "tmpBuffer" || pn == "tmpTensor";
        }
      model.unsetTensorUses.push_back(
          {mkAnd(currentCond(), v->unsetWhen), loopStack, loc(c.call->getBeginLoc()), v->t.name, tmp});
      if (tmp && v != &c.obj)
        unsetTmp = v;
    }
  std::vector<std::vector<Value *>> groups;
  size_t runs = 1;
  for (Value *v : choices) {
    bool placed = false;
    for (auto &g : groups)
      if (sameConds(*g[0]->alts, *v->alts)) {
        g.push_back(v);
        placed = true;
        break;
      }
    if (!placed) {
      groups.push_back({v});
      runs *= v->alts->size();
    }
  }
  if (!splitsOverChoices(e.family) || methodWrites() || runs > kMaxRuns) {
    std::string why = !splitsOverChoices(e.family) ? std::string(e.family) + " calls"
                      : methodWrites()             ? "a method that changes the tensor"
                                                   : "more than " + std::to_string(kMaxRuns) + " combinations";
    for (Value *v : choices) {
      std::string name = v->t.name;
      *v = Value();
      v->kind = Value::Unknown;
      v->reason = "'" + name + "' is one of several buffers, chosen by a condition; " + why + " on it are not modelled";
    }
    return e.handler(*this, c);
  }
  // Odometer over the groups' alternatives.
  std::vector<size_t> pick(groups.size(), 0);
  std::vector<std::pair<Sym, Value>> results;
  const ApiCall orig = c;
  for (size_t run = 0; run < runs; ++run) {
    ApiCall one = orig;
    Sym cond = mkBool(true);
    for (size_t g = 0; g < groups.size(); ++g) {
      const auto &alt = (*groups[g][0]->alts)[pick[g]];
      cond = mkAnd(cond, alt.first);
      for (Value *v : groups[g]) {
        // the same operand in the copy
        Value *dst = v == &c.obj ? &one.obj : &one.vals[v - c.vals.data()];
        const TensorVal &t = (*v->alts)[pick[g]].second;
        *dst = Value();
        dst->kind = Value::Tensor;
        dst->t = t;
      }
    }
    pushCond(cond);
    results.push_back({cond, e.handler(*this, one)});
    popCond();
    for (size_t g = 0; g < groups.size() && ++pick[g] == groups[g][0]->alts->size(); ++g)
      pick[g] = 0;
  }
  // The path where the temporary buffer is unassigned runs the API too
  // (with no temporary buffer): its other operands are read and written
  // there as well (asc-devkit's advanced-math examples pass an empty buffer
  // when the API needs none).
  if (unsetTmp && runs == 1) {
    ApiCall one = orig;
    for (size_t g = 0; g < groups.size(); ++g)
      for (Value *v : groups[g]) {
        Value *dst = v == &c.obj ? &one.obj : &one.vals[v - c.vals.data()];
        if (v == unsetTmp) {
          *dst = Value();
          dst->kind = Value::Unknown;
          dst->reason = "'" + v->t.name + "' has no buffer on this path";
        } else {
          *dst = Value();
          dst->kind = Value::Tensor;
          dst->t = (*v->alts)[0].second;
        }
      }
    pushCond(unsetTmp->unsetWhen);
    results.push_back({unsetTmp->unsetWhen, e.handler(*this, one)});
    popCond();
  }
  Value r = results.back().second;
  for (size_t i = results.size() - 1; i-- > 0;)
    r = mergeValues(results[i].first, results[i].second, r, c.name);
  return r;
}

// The single place an API call that is not understood becomes `unknown`: an
// operation that touches each tensor argument in an unknown region (so
// bounds, alignment, capacity and races that involve it are `unknown`).
Value Interp::apiUnmodelled(ApiCall &c, const std::string &why) {
  Op &op = addOp(OpKind::Unmodelled, c.name, c.call);
  op.unknownReason = why;
  auto touch = [&](const Value &v, const std::string &role) {
    if (isTensor(v))
      op.regions.push_back(regionOf(v.t, nullptr, true, role));
    else if (v.kind == Value::Choice) // any of its buffers
      for (const auto &alt : *v.alts)
        op.regions.push_back(regionOf(alt.second, nullptr, true, role));
  };
  touch(c.obj, "this"); // a method on a tensor touches it
  for (size_t i = 0; i < c.vals.size(); ++i)
    touch(c.vals[i], "arg" + std::to_string(i));
  if (c.call->getType()->isIntegralOrEnumerationType())
    return unknownValue("result of " + why, c.call->getType());
  Value v;
  v.kind = Value::Unknown;
  v.reason = "result of " + why;
  return v;
}

} // namespace fe
} // namespace alint
