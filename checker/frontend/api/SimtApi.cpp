// The Ascend 950 SIMT programming model: a __simt_vf__ function launched by
// asc_vf_call<f>(dim3(...), args...) / Simt::VF_CALL runs once per thread of
// one thread block on the vector core. The body is interpreted once with the
// thread index a symbol (threadIdx.x in [0, blockDim.x)), so every UB/GM
// access through a pointer (p[i], *p, atomics, asc_ldcg/asc_stcg) becomes an
// operation whose footprint depends on it; sync-simt compares two copies of
// each access with distinct thread indices (rules/SyncSimtCheck.cpp).
//
// Sources: asc-devkit docs/zh/api/SIMT-API/SIMD与SIMT混合编程简介/编程模型-140.md
// (thread block = the launch's dim3, at most 2048 threads; gridDim = the AIV
// cores launched, blockIdx = this core), 扩展语法/内置变量-145.md (threadIdx.x
// in [0, blockDim.x)), 扩展语法/核函数配置-147.md (asc_vf_call(dim3, args...)),
// 同步与内存栅栏/同步接口/asc_syncthreads.md (all threads of the block reach it;
// memory operations before it are visible to the block after it),
// 原子操作/asc_atomic_add.md (atomic read-modify-write).
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>

#include <set>

namespace alint {
namespace fe {

using namespace clang;

namespace {

const char *const kAxis[3] = {"x", "y", "z"};

// Records one access of `bytes` at pointer `p` + `off` bytes inside the
// current SIMT launch.
Op &recordAccess(Interp &in, const Expr *at, const Value &p, Sym off, uint32_t bytes, bool write,
                 const std::string &api) {
  Op &op = in.addOp(OpKind::Vector, api, nullptr);
  op.loc = in.loc(at->getBeginLoc());
  op.pipe = Pipe::V;
  op.vf = in.simt->id;
  op.params["simt"] = mkConst(in.simt->id);
  op.params["ubAlign"] = mkConst(bytes ? bytes : 1); // a scalar access: its own size (no 32-byte rule)
  Sym len = mkConst(bytes ? bytes : 1);
  Region r;
  r.write = write;
  r.role = write ? "dst" : "src";
  r.elemBytes = bytes;
  if (p.kind == Value::GmPtr && p.p.view) {
    TensorVal t = *p.p.view;
    t.offsetBytes = add(add(t.offsetBytes ? toMath(t.offsetBytes) : mkConst(0), toMath(p.p.offsetBytes)), toMath(off));
    r = in.regionOf(t, len, write, r.role);
    r.elemBytes = bytes;
  } else if (p.kind == Value::GmPtr && !p.p.local) {
    // A kernel argument used as a raw GM pointer: no size is known for it.
    r.global = true;
    r.pos = TPos::GM;
    r.offsetBytes = add(toMath(p.p.offsetBytes), toMath(off));
    r.lengthBytes = toMath(len);
    for (const GlobalBuf &g : in.model.globals)
      if (g.name == "*" + p.p.root)
        r.bufferId = g.id;
    if (r.bufferId < 0) {
      GlobalBuf g;
      g.id = int(in.model.globals.size());
      g.name = "*" + p.p.root; // the argument itself: no SetGlobalBuffer, no size
      g.root = p.p.root;
      g.baseOffsetBytes = mkConst(0);
      g.elemBytes = 1;
      in.model.globals.push_back(g);
      r.bufferId = g.id;
    }
  } else {
    op.unknownReason = "the address '" + in.exprText(at) + "' of a SIMT access is not followed" +
                       (p.kind == Value::Unknown && !p.reason.empty() ? " (" + p.reason + ")" : "");
  }
  op.regions.push_back(r);
  return op;
}

// The function a VF launch names: its first template argument.
const FunctionDecl *launchedFunction(const ApiCall &c) {
  if (const TemplateArgumentList *tal = c.fd->getTemplateSpecializationArgs(); tal && tal->size() > 0) {
    const TemplateArgument &a = tal->get(0);
    if (a.getKind() == TemplateArgument::Declaration)
      if (const auto *f = dyn_cast<FunctionDecl>(a.getAsDecl()))
        return f;
  }
  const Expr *callee = c.call->getCallee()->IgnoreParenImpCasts();
  if (const auto *dre = dyn_cast<DeclRefExpr>(callee))
    for (const TemplateArgumentLoc &al : dre->template_arguments())
      if (al.getArgument().getKind() == TemplateArgument::Expression)
        if (const auto *fr = dyn_cast<DeclRefExpr>(al.getArgument().getAsExpr()->IgnoreParenImpCasts()))
          if (const auto *f = dyn_cast<FunctionDecl>(fr->getDecl()))
            return f;
  return nullptr;
}

// Calls f(pointer) once for each alternative of p (a pointer chosen by a
// condition, ping-pong pointers a loop swaps: Value::ptrAlts), under that
// alternative's condition; once with p itself otherwise.
template <class F> void eachPointer(Interp &in, const Value &p, F f) {
  auto alts = Interp::pointerAlternatives(p);
  if (alts.empty()) {
    f(p);
    return;
  }
  for (const auto &[cond, one] : alts) {
    if (cond)
      in.pushCond(cond);
    f(one);
    if (cond)
      in.popCond();
  }
}

Value atomic(Interp &in, ApiCall &c) {
  if (!in.simt || c.vals.empty())
    return in.apiUnmodelled(c, c.name + " outside a SIMT function is not modelled");
  uint32_t bytes = in.sizeOfType(c.args[0]->getType()->getPointeeType());
  eachPointer(in, c.vals[0], [&](const Value &p) {
    Op &op = recordAccess(in, c.call, p, mkConst(0), bytes, true, c.name);
    op.params["atomic"] = mkConst(1);
    op.regions.push_back(op.regions[0]);
    op.regions.back().write = false;
    op.regions.back().role = "src";
  });
  return in.unknownValue("value returned by " + c.name, c.call->getType());
}

Value cachedAccess(Interp &in, ApiCall &c) {
  if (!in.simt || c.vals.empty())
    return in.apiUnmodelled(c, c.name + " outside a SIMT function is not modelled");
  bool write = c.name == "asc_stcg";
  eachPointer(in, c.vals[0], [&](const Value &p) {
    recordAccess(in, c.call, p, mkConst(0), in.sizeOfType(c.args[0]->getType()->getPointeeType()), write,
                 write ? "SIMT store" : "SIMT load");
  });
  if (write)
    return Value();
  return in.unknownValue("value loaded by " + c.name, c.call->getType());
}

Value barrier(Interp &in, ApiCall &c) {
  if (!in.simt)
    return in.apiUnmodelled(c, c.name + " outside a SIMT function is not modelled");
  Op &op = in.addOp(OpKind::Barrier, c.name, c.call);
  op.pipe = Pipe::V;
  op.vf = in.simt->id;
  op.params["simtBarrier"] = mkConst(in.simt->id);
  return Value();
}

// Memory fences order one thread's accesses for the others; they make no
// thread wait, so they order nothing between two threads (同步与内存栅栏简介.md).
Value fence(Interp &in, ApiCall &c) {
  if (!in.simt)
    return in.apiUnmodelled(c, c.name + " outside a SIMT function is not modelled");
  return Value();
}

Value threadQuery(Interp &in, ApiCall &c) {
  int axis = 0;
  if (auto a = in.templateIntArg(c.fd, 0))
    axis = int(*a);
  if (!in.simt || axis < 0 || axis > 2)
    return in.unknownValue(c.name + " outside a SIMT function", c.call->getType());
  Sym s = c.name == "GetThreadIdx" ? in.simt->tid[axis] : in.simt->dim[axis];
  return in.scalar(mkCast(s, intTypeOf(in.ctx, c.call->getType())));
}

// Warp shuffles and reductions exchange registers: no memory.
Value warpValue(Interp &in, ApiCall &c) { return in.unknownValue("value of " + c.name, c.call->getType()); }

} // namespace

Value simtLaunch(Interp &in, ApiCall &c, const FunctionDecl *f) {
  SourceLocation l = c.call->getBeginLoc();
  Interp::SimtLaunch L;
  L.id = ++in.vfCount;
  Sym range = mkBool(true);
  for (int k = 0; k < 3; ++k) {
    L.dim[k] = in.fieldOf(c.vals[0], kAxis[k], l);
    L.tid[k] = mkVar(std::string("threadIdx.") + kAxis[k], IntType::u32(), VarRole::Internal);
    Sym t = toMath(L.tid[k]);
    range = mkAnd(range, mkAnd(mkCmp(SymOp::Ge, t, mkConst(0)), mkCmp(SymOp::Lt, t, L.dim[k])));
  }
  Op &mark = in.addOp(OpKind::Vector, c.name + "<" + f->getNameAsString() + ">", c.call);
  mark.pipe = Pipe::V;
  mark.vf = L.id;
  mark.params["vfLaunch"] = mkConst(1);
  mark.params["simtLaunch"] = mkConst(L.id);
  mark.params["threads"] = mul(mul(L.dim[0], L.dim[1]), L.dim[2]);
  mark.params["tid.x"] = L.tid[0];
  mark.params["tid.y"] = L.tid[1];
  mark.params["tid.z"] = L.tid[2];
  // threadIdx / blockDim taken as an lvalue are kept among the globals
  // (Interpreter.cpp lref): each launch has its own, so a second launch of a
  // SIMT function must not read the first one's thread index (ops-math trace:
  // two launches, a false sync-simt race and a false bounds-local error with
  // threadIdx.x = 2048 for 512 threads).
  in.forgetThreadBuiltins();
  auto saved = in.simt;
  bool savedCall = in.vfCall;
  int savedId = in.vfId;
  in.simt = L;
  in.vfCall = true;
  in.vfId = L.id;
  in.pushCond(range);
  std::vector<Value> vals(c.vals.begin() + 1, c.vals.end());
  std::vector<const Expr *> exprs(c.args.begin() + 1, c.args.end());
  in.callWithValues(c.call, f, vals, exprs);
  in.popCond();
  in.forgetThreadBuiltins();
  in.simt = saved;
  in.vfCall = savedCall;
  in.vfId = savedId;
  return Value();
}

Value vfLaunchCall(Interp &in, ApiCall &c) {
  const auto *rd = c.args.empty() ? nullptr : c.args[0]->getType()->getAsCXXRecordDecl();
  bool isSimt = rd && rd->getName() == "dim3";
  const FunctionDecl *f = launchedFunction(c);
  const FunctionDecl *def = nullptr;
  if (!f || !f->hasBody(def) || in.simt || in.vfCall) {
    Value v = in.apiUnmodelled(c, std::string(isSimt ? "SIMT" : "vector") + " function launched by " + c.name +
                                      (in.simt || in.vfCall ? " from inside a VF" : "") +
                                      " is not followed (its UB/GM accesses are not checked)");
    in.model.ops.back().params["vfLaunch"] = mkConst(1); // 950 only: path-illegal elsewhere
    return v;
  }
  if (isSimt)
    return simtLaunch(in, c, f);
  // A __simd_vf__ function: its body is the vector function (VF调用/asc_vf_call.md),
  // every register access in it on the V pipe, one VF instance.
  int id = ++in.vfCount;
  Op &mark = in.addOp(OpKind::Vector, c.name + "<" + f->getNameAsString() + ">", c.call);
  mark.pipe = Pipe::V;
  mark.vf = id;
  mark.params["vfLaunch"] = mkConst(1);
  bool savedCall = in.vfCall;
  int savedId = in.vfId;
  in.vfCall = true;
  in.vfId = id;
  in.callWithValues(c.call, f, c.vals, c.args);
  in.vfCall = savedCall;
  in.vfId = savedId;
  return Value();
}

// threadIdx / blockIdx / blockDim / gridDim (declared as built-in globals in
// ascendc_lint/simt_c.h): an object with x, y, z.
void Interp::forgetThreadBuiltins() {
  for (auto it = globals.begin(); it != globals.end();)
    if (isApiDecl(it->first) && (it->first->getName() == "threadIdx" || it->first->getName() == "blockDim"))
      it = globals.erase(it);
    else
      ++it;
}

Value Interp::simtBuiltin(const std::string &name, QualType t) {
  const auto *rd = t->getAsCXXRecordDecl();
  Value v;
  v.kind = Value::Obj;
  v.obj = std::make_shared<ObjState>();
  v.obj->rec = rd;
  if (!rd)
    return unknownValue("'" + name + "'", t);
  int k = 0;
  for (const FieldDecl *fd : rd->fields()) {
    if (k > 2)
      break;
    Sym s;
    if (name == "blockIdx")
      s = k == 0 ? blockIdx() : mkConst(0); // blockIdx.y/z are 0 (内置变量-145.md)
    else if (name == "gridDim")
      s = k == 0 ? blockNum() : mkConst(1);
    else if (simt)
      s = name == "threadIdx" ? simt->tid[k] : simt->dim[k];
    if (s)
      v.obj->fields[fd] = scalar(mkCast(s, intTypeOf(ctx, fd->getType())));
    else
      v.obj->fields[fd] = unknownValue("'" + name + "' outside a SIMT function", fd->getType());
    ++k;
  }
  return v;
}

bool Interp::simtAccess(const Expr *e, const Value &ptr, Sym byteOffset, bool write) {
  if (!simt)
    return false;
  eachPointer(*this, ptr, [&](const Value &p) {
    Op &op = recordAccess(*this, e, p, byteOffset, sizeOfType(e->getType()), write, write ? "SIMT store" : "SIMT load");
    // Through a volatile lvalue (`*(__ubuf__ volatile uint32_t *)p`): the
    // lock-free idiom beside atomics (rules/SyncSimtCheck.cpp).
    if (e->getType().isVolatileQualified())
      op.params["volatile"] = mkConst(1);
  });
  return true;
}

// `p[i]` or `*p` in a SIMT function: the pointer and the byte offset.
bool Interp::simtPointerAccess(const Expr *e, bool write) {
  if (!simt)
    return false;
  e = e->IgnoreParens();
  const Expr *pe = nullptr, *ie = nullptr;
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
    pe = as->getBase();
    ie = as->getIdx();
    if (!pe->getType()->isPointerType())
      std::swap(pe, ie); // i[p]
  } else if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) {
    pe = u->getSubExpr();
  }
  if (!pe || !pe->getType()->isPointerType() || pe->getType()->getPointeeType()->isRecordType())
    return false;
  Value p = eval(pe);
  // The thread's own array (`int64_t scope[4][2]` in the SIMT function:
  // registers or stack, not memory the threads share): an ordinary array.
  if (p.kind != Value::GmPtr && pe->IgnoreParenImpCasts()->getType()->isArrayType())
    return false;
  // A pointer parameter bound to such an array of the caller (`U *outIndex`
  // given `U outIndex[N]`): the same thread-private array, element by element.
  if (p.kind == Value::Obj && p.obj && p.obj->isArray)
    return false;
  Sym off = mkConst(0, IntType::u64());
  if (ie) {
    uint32_t es = sizeOfType(pe->getType()->getPointeeType());
    off = mkBin(SymOp::Mul, mkCast(asSym(eval(ie), ie->getType(), e->getBeginLoc()), IntType::u64()),
                mkConst(es ? es : 1, IntType::u64()), IntType::u64());
  }
  return simtAccess(e, p, off, write);
}

// The scalar math library of SIMT functions (expf, isnan, min, half
// conversions: api/include/ascendc_lint/simt_math.h, or the library's
// simt_api/math_functions.h with --api-dir): register arithmetic of one
// thread, its result a value the model does not track. A function with a
// pointer parameter (frexpf, modff, sincosf, normf) reads or writes memory:
// not claimed here, so it stays unmodelled (unknown).
static bool isScalarMath(const ApiCall &c) {
  const SourceManager &sm = c.fd->getASTContext().getSourceManager();
  llvm::StringRef file = sm.getFilename(sm.getExpansionLoc(c.fd->getCanonicalDecl()->getLocation()));
  if (!file.ends_with("ascendc_lint/simt_math.h") && !file.ends_with("ascendc_lint/scalar_minmax.h") &&
      !file.ends_with("ascendc_lint/cce_scalar_minmax.h") && !file.ends_with("simt_api/math_functions.h"))
    return false;
  for (const ParmVarDecl *p : c.fd->parameters())
    if (p->getType()->isPointerType() || p->getType()->isReferenceType())
      return false;
  return true;
}
// Integer min / max / abs are exact: a tile length `min(perCore, total - start)`
// decides every address after it (ops-math arch35 tile_with_axis, diag_v2).
static Value scalarMath(Interp &in, ApiCall &c) {
  clang::QualType rt = c.call->getType();
  const std::string &n = c.name;
  static const std::set<std::string> mins = {"min", "umin", "llmin", "ullmin"};
  static const std::set<std::string> maxs = {"max", "umax", "llmax", "ullmax"};
  static const std::set<std::string> abss = {"abs", "labs", "llabs"};
  bool isMin = mins.count(n), isMax = maxs.count(n), isAbs = abss.count(n);
  if (rt->isIntegerType() && c.fd->getNumParams() == c.vals.size() &&
      (((isMin || isMax) && c.vals.size() == 2) || (isAbs && c.vals.size() == 1))) {
    IntType it = intTypeOf(c.fd->getASTContext(), rt);
    std::vector<Sym> a;
    for (size_t i = 0; i < c.vals.size(); ++i)
      a.push_back(mkCast(in.asSym(c.vals[i], c.fd->getParamDecl(i)->getType(), c.call->getBeginLoc()), it));
    if (isAbs) // abs(INT_MIN) is undefined; the cast keeps the type's wrap
      return in.scalar(
          mkSelect(mkCmp(SymOp::Lt, a[0], mkConst(0, it)), mkBin(SymOp::Sub, mkConst(0, it), a[0], it), a[0]));
    return in.scalar(mkBin(isMin ? SymOp::Min : SymOp::Max, a[0], a[1], it));
  }
  return in.unknownValue("result of " + c.name, rt);
}

void registerSimtApi(ApiTable &t) {
  t.addNames({"asc_vf_call", "VF_CALL"}, "simt", vfLaunchCall);
  t.addNames({"asc_syncthreads", "ThreadBarrier"}, "simt", barrier);
  t.addNames({"asc_threadfence", "asc_threadfence_block"}, "simt", fence);
  t.addNames({"GetThreadIdx", "GetThreadNum"}, "simt", threadQuery);
  t.addNames({"asc_atomic_add", "asc_atomic_sub", "asc_atomic_exch", "asc_atomic_max", "asc_atomic_min",
              "asc_atomic_inc", "asc_atomic_dec", "asc_atomic_and",  "asc_atomic_or",  "asc_atomic_xor",
              "asc_atomic_cas", "AtomicAdd",      "AtomicSub",       "AtomicExch",     "AtomicMax",
              "AtomicMin",      "AtomicInc",      "AtomicDec",       "AtomicAnd",      "AtomicOr",
              "AtomicXor"},
             "simt", atomic);
  t.addNames({"asc_ldcg", "asc_ldca", "asc_stcg"}, "simt", cachedAccess);
  t.addPure({"__umulhi", "__mulhi", "__umul64hi", "__mul64hi", "UintDiv"}); // register arithmetic
  t.addFallback("simt-math", isScalarMath, scalarMath);
  t.addNames({"asc_shfl", "asc_shfl_up", "asc_shfl_down", "asc_shfl_xor", "asc_reduce_add", "asc_reduce_max",
              "asc_reduce_min"},
             "simt", warpValue);
}

} // namespace fe
} // namespace alint
